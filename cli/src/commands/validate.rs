//! `polydame validate`: every game of PDN files replayed, in parallel, streaming.

use super::{Done, Failure, OptionArgs, Out};
use encoding_rs::Encoding;
use indicatif::{ProgressBar, ProgressStyle};
use polydame::json::{
    FileErrorJson, FileReasonJson, OutcomeJson, PlyErrorJson, ReadJson, SourceTags, SummaryCountsJson, SummaryJson, VerdictJson,
    WarningJson,
};
use polydame::notation::Notations;
use polydame::pdn::Registry;
use polydame::pdn::{GameText, Judgement, PdnGame, PdnGames, PlyError, Verdict, parse_game_with, pdn_games, replay_with};
use rayon::prelude::*;
use std::io::IsTerminal;

/// What to validate and how.
pub struct Job<'a> {
    pub files: &'a [String],
    /// The variant of every game (otherwise each game's tags decide).
    pub variant: Option<&'a str>,
    pub options: &'a OptionArgs,
    pub json: bool,
    pub parse_only: bool,
    /// The encoding of every file (otherwise UTF-8, or the one a file looks like when it
    /// is not UTF-8).
    pub encoding: Option<&'static Encoding>,
    /// A bad move in a variation makes its game invalid (otherwise it is a warning).
    pub strict: bool,
    /// Only the games of each file with these numbers (from 1, both ends included).
    pub range: Option<(usize, usize)>,
    /// Only the summary is printed.
    pub summary_only: bool,
}

/// `--range N..M`: games N to M of each file, counting from 1 (`N..`: from N on).
pub fn game_range(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{text}` is not a range of games: write N..M (games N to M, counting from 1) or N.. (from N on)");
    let (a, b) = text.trim().split_once("..").ok_or_else(bad)?;
    let first: usize = a.trim().parse().map_err(|_| bad())?;
    let last: usize = if b.trim().is_empty() { usize::MAX } else { b.trim().parse().map_err(|_| bad())? };
    if first == 0 || last < first {
        return Err(format!("`{text}` is an empty range: games count from 1, and N..M needs M at least N"));
    }
    Ok((first, last))
}

/// `--encoding LABEL`: any WHATWG label of an encoding.
pub fn encoding_label(label: &str) -> Result<&'static Encoding, String> {
    Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| {
        format!("`{label}` is not the label of an encoding (utf-8, windows-1251, windows-1252, iso-8859-2, koi8-r, ... are)")
    })
}

/// Counts over all files.
#[derive(Default)]
struct Summary {
    games: usize,
    valid: usize,
    invalid: usize,
    /// Games refused for their size or past the capture budget: neither valid nor invalid.
    not_judged: usize,
    /// Games with a token that could be a move and was not read: not judged past it.
    unread: usize,
    warned: usize,
    /// Files that could not be opened or read to their end.
    unreadable: usize,
}

/// What became of one game.
enum Finding {
    /// It could not be checked: a code and why.
    Unchecked(&'static str, String),
    /// Only read (`--parse-only`).
    Read,
    /// Replayed against a variant: the verdict, the variant's id, and the outcome as
    /// `--json` prints it (said here, where the variant's rules are at hand: a
    /// move-count rule's reason is theirs).
    Replayed(Box<Verdict>, String, Option<OutcomeJson>),
}

struct Checked {
    game: PdnGame,
    /// The encoding of the game's text when it was not UTF-8.
    encoding: Option<&'static str>,
    index: usize,
    finding: Finding,
}

fn check(
    game: PdnGame,
    encoding: Option<&'static str>,
    index: usize,
    fixed: Option<&Notations>,
    registry: &Registry,
    parse_only: bool,
) -> Checked {
    if let Some(why) = game.not_pdn() {
        return Checked { game, encoding, index, finding: Finding::Unchecked("not-pdn", why) };
    }
    if let (Some(why), true) = (&game.refused, parse_only) {
        let why = format!("the game is not read: {why}");
        return Checked { game, encoding, index, finding: Finding::Unchecked("too-large", why) };
    }
    if parse_only {
        return Checked { game, encoding, index, finding: Finding::Read };
    }
    let finding = match registry.of(&game, fixed) {
        Ok(n) => {
            let v = replay_with(n, &game);
            let outcome = v.outcome.map(|o| OutcomeJson::new(n.rules(), o));
            Finding::Replayed(Box::new(v), n.rules().id().to_string(), outcome)
        }
        Err((code, why)) => Finding::Unchecked(code, variant_hint(code, why)),
    };
    Checked { game, encoding, index, finding }
}

/// Validates every game of the files (or with `parse_only` only reads them); prints one
/// line per bad game or unreadable file (or one JSON object per game) and a summary with
/// the time taken. A file that cannot be read is reported and the others are read on.
/// Exit status 1 when any game is bad or any file cannot be read.
pub fn run(job: Job, out: &mut Out) -> Done {
    let fixed = job.variant.map(|v| job.options.load(v)).transpose()?;
    // The shipped variants with the command's capture budget.
    let mut shipped = polydame::shipped_rules().to_vec();
    for rules in &mut shipped {
        rules.set_capture_budget(job.options.capture_budget);
    }
    let registry = Registry::new(&shipped);
    let fixed = fixed.as_ref().map(Notations::new);
    let start = std::time::Instant::now();
    let mut summary = Summary::default();
    let mut print = Printer { out, bar: progress(job.json), no_gametype_in: None };
    for (i, file) in job.files.iter().enumerate() {
        if let Some(b) = &print.bar {
            b.set_message(format!("file {}/{}: {file}", i + 1, job.files.len()));
        }
        if let Err(e) = validate_file(file, &job, fixed.as_ref(), &registry, &mut summary, &mut print) {
            summary.unreadable += 1;
            report_unreadable(file, &e, job.json, &mut print);
        }
    }
    if let Some(b) = print.bar.take() {
        b.finish_and_clear();
    }
    let secs = start.elapsed().as_secs_f64();
    if job.json {
        out.json(&summary_json(&summary, secs));
    } else {
        out.say(summary_line(&summary, job.parse_only, secs));
    }
    if summary.invalid > 0 || summary.not_judged > 0 || summary.unread > 0 || summary.unreadable > 0 {
        return Err(Failure { message: String::new(), code: 1 });
    }
    Ok(())
}

/// The summary line of `--json`.
fn summary_json(s: &Summary, seconds: f64) -> SummaryJson {
    SummaryJson {
        summary: SummaryCountsJson {
            games: s.games,
            valid: s.valid,
            invalid: s.invalid,
            not_judged: s.not_judged,
            unread: s.unread,
            warnings: s.warned,
            files_unreadable: s.unreadable,
            seconds: (seconds * 1e6).round() / 1e6,
        },
    }
}

fn summary_line(s: &Summary, parse_only: bool, secs: f64) -> String {
    let games = format!("{} game{}", s.games, if s.games == 1 { "" } else { "s" });
    let mut counts = if parse_only {
        let refused = match s.not_judged {
            0 => String::new(),
            n => format!(", {n} refused for their size"),
        };
        format!("{games} read, {} not PDN{refused}", s.invalid)
    } else {
        let not_judged = match s.not_judged {
            0 => String::new(),
            n => format!(", {n} not judged (too large, or past the capture budget)"),
        };
        let unread = match s.unread {
            0 => String::new(),
            n => format!(", {n} with a move that could not be read (not judged past it)"),
        };
        format!(
            "{games}: {} legal, {} with an illegal or unreadable move{unread}{not_judged}, {} with warnings",
            s.valid, s.invalid, s.warned
        )
    };
    if s.unreadable > 0 {
        counts.push_str(&format!(", {} file{} not read", s.unreadable, if s.unreadable == 1 { "" } else { "s" }));
    }
    format!("{counts} ({secs:.2} s, {:.0} games/s)", s.games as f64 / secs.max(1e-9))
}

/// Standard output, printed above the progress bar when there is one.
struct Printer<'o> {
    out: &'o mut Out,
    bar: Option<ProgressBar>,
    /// The file whose games without a GameType tag have been reported: the first one is,
    /// the others of that file are only counted.
    no_gametype_in: Option<String>,
}

impl Printer<'_> {
    fn say(&mut self, line: String) {
        match &self.bar {
            // The bar is taken off while the line is printed, and drawn again under it.
            Some(b) => b.suspend(|| self.out.say(line)),
            None => self.out.say(line),
        }
    }

    fn json(&mut self, v: &impl serde::Serialize) {
        match &self.bar {
            Some(b) => b.suspend(|| self.out.json(v)),
            None => self.out.json(v),
        }
    }

    /// Shows the counts so far.
    fn count(&self, s: &Summary) {
        if let Some(b) = &self.bar {
            b.set_prefix(format!("{} games, {} with errors", s.games, s.invalid));
        }
    }
}

/// A progress bar on standard error when it is a terminal (none when the output is read
/// by a program): the games and the errors so far, and the file being read.
fn progress(json: bool) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() || json {
        return None;
    }
    let b = ProgressBar::new_spinner();
    b.set_style(
        ProgressStyle::with_template("{spinner} {prefix} ({elapsed}) {wide_msg}").unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    b.set_prefix("0 games, 0 with errors");
    b.enable_steady_tick(std::time::Duration::from_millis(120));
    Some(b)
}

/// Why a file could not be read (or read on).
struct Unreadable(String);

/// Reads and checks the games of one file; an error when it cannot be opened or read on
/// (the games before it are counted and reported).
fn validate_file(
    file: &str,
    job: &Job,
    fixed: Option<&Notations>,
    registry: &Registry,
    summary: &mut Summary,
    print: &mut Printer,
) -> Result<(), Unreadable> {
    let reader = super::archive::open(file).map_err(|e| Unreadable(e.to_string()))?;
    let stream = match job.encoding {
        Some(e) => PdnGames::with_encoding(reader, e.name()).map_err(|e| Unreadable(e.to_string()))?,
        None => pdn_games(reader),
    };
    let mut noted = job.encoding.is_some();
    // One thread reads and splits the file into batches of games while the others check
    // the batch before (the channel holds two: memory stays bounded).
    let (send, batches) = std::sync::mpsc::sync_channel(2);
    std::thread::scope(|scope| {
        scope.spawn(|| read_batches(stream, job.range, send));
        for batch in batches {
            let (batch, failed) = match batch {
                Ok(b) => (b, None),
                Err((b, e)) => (b, Some(e)),
            };
            let done: Vec<Checked> = batch
                .into_par_iter()
                .map(|(i, text)| check(parse_game_with(&text, false), text.encoding, i, fixed, registry, job.parse_only))
                .collect();
            for c in done {
                if let (Some(e), false, false) = (c.encoding, noted, job.json || job.summary_only) {
                    noted = true;
                    print.say(encoding_note(file, e));
                }
                report(file, &c, job, summary, print);
            }
            print.count(summary);
            if let Some(e) = failed {
                return Err(e);
            }
        }
        Ok(())
    })
}

/// Games checked together: enough that the threads share the work evenly.
const BATCH: usize = 1024;

/// A batch of games (each with its number in the file), or the last batch and why the
/// file could not be read on.
type Batch = Result<Vec<(usize, GameText)>, (Vec<(usize, GameText)>, Unreadable)>;

/// Reads the games of `stream` in batches of [`BATCH`] into `send`, only those of `range`
/// (numbers from 1, both ends included), until the stream ends, fails, or passes the range.
fn read_batches<R: std::io::BufRead>(mut stream: PdnGames<R>, range: Option<(usize, usize)>, send: std::sync::mpsc::SyncSender<Batch>) {
    let (first, last) = range.unwrap_or((1, usize::MAX));
    let mut index = 0;
    loop {
        let mut batch = Vec::with_capacity(BATCH);
        let mut failed = None;
        while batch.len() < BATCH && index < last {
            match stream.next() {
                Some(Ok(g)) => {
                    index += 1;
                    if index >= first {
                        batch.push((index, g));
                    }
                }
                Some(Err(e)) => {
                    failed = Some(Unreadable(e.to_string()));
                    break;
                }
                None => break,
            }
        }
        let end = batch.len() < BATCH;
        let sent = match failed {
            Some(e) => send.send(Err((batch, e))).map(|_| true),
            None if batch.is_empty() => Ok(true),
            None => send.send(Ok(batch)).map(|_| end),
        };
        // Done: the stream ended or failed, or the checker stopped listening.
        if sent.unwrap_or(true) {
            return;
        }
    }
}

/// The note on a file whose text was not UTF-8.
fn encoding_note(file: &str, e: &str) -> String {
    if e.starts_with("UTF-16") {
        format!("{file}: note: the text is {e}, as its byte-order mark says")
    } else if e == "UTF-8" {
        format!("{file}: note: the text is UTF-8 but for a few bytes, which are read as U+FFFD")
    } else {
        format!("{file}: note: the text is not UTF-8; it is read as {e}, the encoding it looks like (--encoding gives another)")
    }
}

/// Reports a file that could not be read.
fn report_unreadable(file: &str, e: &Unreadable, json: bool, print: &mut Printer) {
    let reason = format!("cannot be read: {}", e.0);
    if json {
        print.json(&FileErrorJson { file: file.to_string(), error: FileReasonJson { reason, code: "unreadable-file" } });
    } else {
        print.say(format!("{file}: {reason}"));
    }
}

/// The players of a game.
fn players(g: &PdnGame) -> (String, String) {
    // PlayStrategy names the players P1 (the side that moves first) and P2.
    let white = g.tag("White").or_else(|| g.tag("Bianco")).or_else(|| g.tag("P1")).unwrap_or("?").to_string();
    let black = g.tag("Black").or_else(|| g.tag("Nero")).or_else(|| g.tag("P2")).unwrap_or("?").to_string();
    (white, black)
}

/// The game named for people: players, event, round.
fn about(g: &PdnGame) -> String {
    let (white, black) = players(g);
    let mut parts = vec![format!("{white} - {black}")];
    for t in ["Event", "Round"] {
        if let Some(v) = g.tag(t).filter(|v| !v.is_empty() && *v != "?") {
            parts.push(v.to_string());
        }
    }
    parts.join(", ")
}

/// The registry's reason for a game without a variant, with how the command line names
/// one.
fn variant_hint(code: &str, why: String) -> String {
    match code {
        "no-gametype" | "unknown-gametype" => {
            format!("{why} (--variant VARIANT names it; `polydame variants` lists each variant's GameType)")
        }
        _ => why,
    }
}

/// How a checked game is judged (the library's one verdict; a game only read is valid).
fn judgement(c: &Checked, strict: bool) -> Judgement {
    match &c.finding {
        Finding::Read => Judgement::Valid,
        Finding::Unchecked(code, _) => Judgement::without_variant(code),
        Finding::Replayed(v, ..) => v.judgement(strict),
    }
}

/// Counts a game and prints what there is to say about it.
fn report(file: &str, c: &Checked, job: &Job, summary: &mut Summary, print: &mut Printer) {
    summary.games += 1;
    match judgement(c, job.strict) {
        Judgement::Valid => summary.valid += 1,
        Judgement::Invalid => summary.invalid += 1,
        Judgement::Unreadable => summary.unread += 1,
        Judgement::NotJudged => summary.not_judged += 1,
    }
    if matches!(&c.finding, Finding::Replayed(v, ..) if !v.warnings.is_empty() || (!job.strict && !v.variations.is_empty())) {
        summary.warned += 1;
    }
    if job.summary_only {
        return;
    }
    if job.json {
        report_json(file, c, job.strict, print);
    } else {
        report_text(file, c, job.strict, print);
    }
}

/// `move 5 (ply 9) `50-1`: reason`.
fn ply_error(e: &PlyError) -> String {
    if e.ply == 0 && e.text.is_empty() {
        return e.reason.to_string();
    }
    format!("move {} (ply {}) `{}`: {}", e.ply.div_ceil(2), e.ply, e.text, e.reason)
}

fn report_text(file: &str, c: &Checked, strict: bool, print: &mut Printer) {
    let (line, index) = (c.game.line, c.index);
    match &c.finding {
        Finding::Read => {}
        Finding::Unchecked("no-gametype", why) => {
            if print.no_gametype_in.as_deref() != Some(file) {
                print.no_gametype_in = Some(file.to_string());
                let rest = "said once for this file: its other games without one are not checked either";
                print.say(format!("{file}:{line}:1: game {index} ({}): {why}; {rest}", about(&c.game)));
            }
        }
        Finding::Unchecked(_, why) => print.say(format!("{file}:{line}:1: game {index} ({}): {why}", about(&c.game))),
        Finding::Replayed(v, ..) => match &v.error {
            Some(e) => print.say(format!("{file}:{}:{}: game {index} ({}): {}", e.line, e.column, about(&c.game), ply_error(e))),
            None => {
                for w in &v.warnings {
                    print.say(format!("{file}:{line}:1: game {index} ({}): warning: {w}", about(&c.game)));
                }
            }
        },
    }
    if let Finding::Replayed(v, ..) = &c.finding {
        let kind = if strict { "" } else { "warning: " };
        for e in &v.variations {
            print.say(format!("{file}:{}:{}: game {index} ({}): {kind}in a variation, {}", e.line, e.column, about(&c.game), ply_error(e)));
        }
    }
}

fn report_json(file: &str, c: &Checked, strict: bool, print: &mut Printer) {
    let (white, black) = players(&c.game);
    let (file, game) = (file.to_string(), c.index);
    let encoding = c.encoding.map(str::to_string);
    match &c.finding {
        Finding::Read => print.json(&ReadJson { file, game, white, black, moves: c.game.moves.len(), readable: true, encoding }),
        Finding::Unchecked(code, why) => {
            let error = PlyErrorJson { ply: 0, mv: String::new(), line: c.game.line, column: 1, reason: why.clone(), code };
            let v = VerdictJson {
                file,
                game,
                white,
                black,
                plies: 0,
                valid: false,
                judgement: Judgement::without_variant(code).code(),
                variant: None,
                notation: None,
                error: Some(error),
                warnings: vec![],
                outcome: None,
                variations: vec![],
                encoding,
                tags: SourceTags::of(&c.game),
            };
            print.json(&v);
        }
        Finding::Replayed(v, variant, outcome) => {
            let error = v.error.as_ref().map(PlyErrorJson::from);
            print.json(&VerdictJson {
                file,
                game,
                white,
                black,
                plies: v.plies,
                valid: v.judgement(strict) == Judgement::Valid,
                judgement: v.judgement(strict).code(),
                variant: Some(variant.clone()),
                notation: Some(v.notation.clone()),
                error,
                warnings: v.warnings.iter().map(WarningJson::from).collect(),
                outcome: outcome.clone(),
                variations: v.variations.iter().map(PlyErrorJson::from).collect(),
                encoding,
                tags: SourceTags::of(&c.game),
            });
        }
    }
}
