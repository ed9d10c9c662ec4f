//! `polydame validate`: every game of PDN files replayed, in parallel, streaming.

use super::json::{PlyErrorJson, ReadJson, VerdictJson};
use super::variants::compile_shipped;
use super::{invalid, Done, Failure, OptionArgs, Out};
use indicatif::{ProgressBar, ProgressStyle};
use polydame::{parse_game, pdn_games, replay_with, Notations, PdnGame, Rules, Verdict};
use rayon::prelude::*;
use std::io::{BufReader, IsTerminal};

/// What to validate and how.
pub struct Job<'a> {
    pub files: &'a [String],
    /// The variant of every game (otherwise each game's tags decide).
    pub variant: Option<&'a str>,
    pub options: &'a OptionArgs,
    pub json: bool,
    pub parse_only: bool,
}

/// Counts over all files.
#[derive(Default)]
struct Summary {
    games: usize,
    valid: usize,
    invalid: usize,
    warned: usize,
}

/// The shipped variants, each with its notations kept across games.
struct Registry<'a> {
    variants: Vec<Notations<'a>>,
}

impl<'a> Registry<'a> {
    fn new(rules: &'a [Rules]) -> Registry<'a> {
        Registry { variants: rules.iter().map(Notations::new).collect() }
    }

    /// A shipped variant by id or alias (polydame's own `Variant` tag).
    fn by_id(&self, name: &str) -> Option<&Notations<'a>> {
        let n = name.trim();
        self.variants
            .iter()
            .find(|v| v.rules().id().eq_ignore_ascii_case(n) || v.rules().spec().aliases.iter().any(|a| a.eq_ignore_ascii_case(n)))
    }

    /// The variant a GameType value names: the full value if a variant lists it, else its
    /// leading number.
    fn by_gametype(&self, gametype: &str) -> Option<&Notations<'a>> {
        let g = gametype.trim();
        if let Some(v) = self.variants.iter().find(|v| v.rules().spec().gametypes.iter().any(|t| t == g)) {
            return Some(v);
        }
        let num = g.split(',').next().unwrap_or("").trim();
        self.variants.iter().find(|v| v.rules().spec().gametypes.iter().any(|t| t.split(',').next().unwrap_or("").trim() == num))
    }

    /// The variant of a game: given, or from its tags.
    fn of<'r>(&'r self, game: &PdnGame, fixed: Option<&'r Notations<'r>>) -> Result<&'r Notations<'r>, (&'static str, String)> {
        if let Some(n) = fixed {
            return Ok(n);
        }
        if let Some(n) = game.tag("Variant").and_then(|v| self.by_id(v)) {
            return Ok(n);
        }
        match game.tag("GameType") {
            Some(t) => {
                self.by_gametype(t).ok_or_else(|| ("unknown-gametype", format!("no shipped variant has GameType {t}; give --variant")))
            }
            None => Err(("no-gametype", "the game has no GameType tag; give --variant".to_string())),
        }
    }
}

/// What became of one game.
enum Finding {
    /// It could not be checked: a code and why.
    Unchecked(&'static str, String),
    /// Only read (`--parse-only`).
    Read,
    /// Replayed against a variant.
    Replayed(Box<Verdict>, String),
}

struct Checked {
    game: PdnGame,
    index: usize,
    finding: Finding,
}

fn check(game: PdnGame, index: usize, fixed: Option<&Notations>, registry: &Registry, parse_only: bool) -> Checked {
    if game.tags.is_empty() && game.moves.is_empty() {
        if let Some(o) = game.oddities.first() {
            let why = format!(
                "this is not a PDN game: no tags, no moves, unreadable text `{}` at line {}, column {}",
                o.text.trim(),
                o.line,
                o.column
            );
            return Checked { game, index, finding: Finding::Unchecked("not-pdn", why) };
        }
    }
    if parse_only {
        return Checked { game, index, finding: Finding::Read };
    }
    let finding = match registry.of(&game, fixed) {
        Ok(n) => Finding::Replayed(Box::new(replay_with(n, &game)), n.rules().id().to_string()),
        Err((code, why)) => Finding::Unchecked(code, why),
    };
    Checked { game, index, finding }
}

/// Validates every game of the files (or with `parse_only` only reads them); prints one
/// line per bad game (or one JSON object per game) and a summary with the time taken.
/// Exit status 1 when any game is bad.
pub fn run(job: Job, out: &mut Out) -> Done {
    let fixed = job.variant.map(|v| job.options.load(v)).transpose()?;
    let shipped = compile_shipped()?;
    let registry = Registry::new(&shipped);
    let fixed = fixed.as_ref().map(Notations::new);
    let start = std::time::Instant::now();
    let mut summary = Summary::default();
    for file in job.files {
        validate_file(file, &job, fixed.as_ref(), &registry, &mut summary, out)?;
    }
    if !job.json {
        out.say(summary_line(&summary, job.parse_only, start.elapsed().as_secs_f64()));
    }
    if summary.invalid > 0 {
        return Err(Failure { message: String::new(), code: 1 });
    }
    Ok(())
}

fn summary_line(s: &Summary, parse_only: bool, secs: f64) -> String {
    let games = format!("{} game{}", s.games, if s.games == 1 { "" } else { "s" });
    let counts = if parse_only {
        format!("{games} read, {} not PDN", s.invalid)
    } else {
        format!("{games}: {} legal, {} with an illegal or unreadable move, {} with warnings", s.valid, s.invalid, s.warned)
    };
    format!("{counts} ({secs:.2} s, {:.0} games/s)", s.games as f64 / secs.max(1e-9))
}

/// A progress bar on a terminal (none when the output is read by a program).
fn progress(file: &str, size: u64, json: bool) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() || json {
        return None;
    }
    let b = ProgressBar::new(size);
    b.set_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} {elapsed}").unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b.set_message(file.to_string());
    Some(b)
}

fn validate_file(file: &str, job: &Job, fixed: Option<&Notations>, registry: &Registry, summary: &mut Summary, out: &mut Out) -> Done {
    let f = std::fs::File::open(file).map_err(|e| invalid(format!("cannot read {file}: {e}")))?;
    let size = f.metadata().map(|m| m.len()).unwrap_or(0);
    let bar = progress(file, size, job.json);
    let mut stream = pdn_games(BufReader::new(f));
    let mut index = 0;
    loop {
        // Batches keep memory bounded while the games of a batch run in parallel.
        let mut batch = Vec::with_capacity(256);
        for g in stream.by_ref() {
            let g = g.map_err(|e| invalid(format!("cannot read {file}: {e}")))?;
            index += 1;
            batch.push((index, g));
            if batch.len() == 256 {
                break;
            }
        }
        if batch.is_empty() {
            break;
        }
        let done: Vec<Checked> =
            batch.into_par_iter().map(|(i, text)| check(parse_game(&text), i, fixed, registry, job.parse_only)).collect();
        for c in done {
            report(file, &c, job.json, summary, out);
        }
        if let Some(b) = &bar {
            b.set_position(stream.bytes_read().min(size));
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(())
}

/// The players of a game.
fn players(g: &PdnGame) -> (String, String) {
    let white = g.tag("White").or_else(|| g.tag("Bianco")).unwrap_or("?").to_string();
    let black = g.tag("Black").or_else(|| g.tag("Nero")).unwrap_or("?").to_string();
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

/// Counts a game and prints what there is to say about it.
fn report(file: &str, c: &Checked, json: bool, summary: &mut Summary, out: &mut Out) {
    summary.games += 1;
    match &c.finding {
        Finding::Read => summary.valid += 1,
        Finding::Unchecked(..) => summary.invalid += 1,
        Finding::Replayed(v, _) if v.error.is_some() => summary.invalid += 1,
        Finding::Replayed(..) => summary.valid += 1,
    }
    if matches!(&c.finding, Finding::Replayed(v, _) if !v.warnings.is_empty()) {
        summary.warned += 1;
    }
    if json {
        report_json(file, c, out);
    } else {
        report_text(file, c, out);
    }
}

fn report_text(file: &str, c: &Checked, out: &mut Out) {
    let (line, index) = (c.game.line, c.index);
    match &c.finding {
        Finding::Read => {}
        Finding::Unchecked(_, why) => out.say(format!("{file}:{line}:1: game {index} ({}): {why}", about(&c.game))),
        Finding::Replayed(v, _) => match &v.error {
            Some(e) => out.say(format!(
                "{file}:{}:{}: game {index} ({}): move {} (ply {}) `{}`: {}",
                e.line,
                e.column,
                about(&c.game),
                e.ply.div_ceil(2),
                e.ply,
                e.text,
                e.reason
            )),
            None => {
                for w in &v.warnings {
                    out.say(format!("{file}:{line}:1: game {index} ({}): warning: {w}", about(&c.game)));
                }
            }
        },
    }
}

fn report_json(file: &str, c: &Checked, out: &mut Out) {
    let (white, black) = players(&c.game);
    let (file, game) = (file.to_string(), c.index);
    match &c.finding {
        Finding::Read => out.json(&ReadJson { file, game, white, black, moves: c.game.moves.len(), readable: true }),
        Finding::Unchecked(code, why) => {
            let error = PlyErrorJson { ply: 0, mv: String::new(), line: c.game.line, column: 1, reason: why.clone(), code };
            let v = VerdictJson {
                file,
                game,
                white,
                black,
                plies: 0,
                valid: false,
                variant: None,
                notation: None,
                error: Some(error),
                warnings: vec![],
            };
            out.json(&v);
        }
        Finding::Replayed(v, variant) => {
            let error = v.error.as_ref().map(|e| PlyErrorJson {
                ply: e.ply,
                mv: e.text.clone(),
                line: e.line,
                column: e.column,
                reason: e.reason.to_string(),
                code: e.reason.code(),
            });
            out.json(&VerdictJson {
                file,
                game,
                white,
                black,
                plies: v.plies,
                valid: v.error.is_none(),
                variant: Some(variant.clone()),
                notation: Some(v.notation.clone()),
                error,
                warnings: v.warnings.clone(),
            });
        }
    }
}
