//! `polydame report`: the designer's report (the polydame-report crate) of the games this
//! command plays, per variant, with a progress bar: as text on standard output, as JSON,
//! or written to an HTML or Markdown file.

use super::selfplay::{GameArgs, play_games};
use super::{Done, Failure, OptionArgs, Out, invalid};
use clap::Args;
use polydame_report::{Endgames, Report, Settings, VariantGames, labels};
use std::path::Path;

/// The arguments of `polydame report`.
#[derive(Args, Clone, Debug)]
pub struct ReportArgs {
    /// Shipped variant ids or paths to .toml files; with several, the report puts them
    /// side by side (one column in every table, one line or bar in every chart), all
    /// played with the same options and games.
    #[arg(required = true, value_name = "VARIANT")]
    pub variants: Vec<String>,
    #[command(flatten)]
    pub options: OptionArgs,
    #[command(flatten)]
    pub games: GameArgs,
    /// Write the report to FILE: `.html` makes one self-contained page with its charts
    /// inline (no scripts, nothing to fetch); `.md` makes Markdown with each chart in an
    /// SVG file beside it (FILE's stem + `-results.svg`, `-first-move.svg`, `-length.svg`,
    /// `-branching.svg`, `-captures.svg`, `-promotion.svg`). Without it, a summary in text
    /// on standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
    /// Build the endgame tables of every class of at most N pieces (docs/egtb.md) of each
    /// variant, and add the section *Endgame tables*: per class, with White to move, the
    /// positions won, drawn and lost with best play. 3 is quick on any board; 4 (the
    /// 3-against-1 endings) takes seconds on 8x8 and a minute or more on 10x10.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=6))]
    pub egtb: Option<u8>,
    /// Print the numbers as one JSON object on standard output instead of the text. Its
    /// fields: `polydame` (the version); `settings` {games, depth, opening_plies, ballots,
    /// seed, max_plies, options}; `variants`, one object per VARIANT: `variant` (as given),
    /// `name`, `games`, `nodes` (positions searched); `results` {white_wins, black_wins,
    /// draws, unfinished}; `first_move` {side (White or Black: who moves first), scored
    /// (finished games), score (the first player's mean score, win 1 draw 1/2), low, high
    /// (its 95% interval), favours (`first`, `second`, or null when the interval contains
    /// 1/2)}; `length` {mean, median, min, max, histogram [{from, to, games}]} in plies;
    /// `branching` {mean (legal moves per ply), by_ply [{from, to, mean, games}]};
    /// `captures` {plies, forced_share (plies where every legal move captures),
    /// capture_share (plies whose move captured), captures, pieces_mean, pieces_max,
    /// pieces [{pieces, moves}]}; `promotion` {games (with a promotion), share, white and
    /// black {games, median, min} (the ply of the side's first promotion), by_ply [{ply,
    /// white, black}] (the share of games in which the side has promoted by then)};
    /// `endings` [{reason, code (the reason's stable name: `no-moves`, `repetition`,
    /// `count`, ...; null when unfinished), result (win, draw, unfinished), games}]; with
    /// --egtb, `endgames` {pieces, refused (why tables cannot be built, or null),
    /// positions, seconds, classes [{class, white_pieces, black_pieces, positions,
    /// white_to_move and black_to_move {win, draw, loss}, longest [White to move, Black to
    /// move]}]}. Shares
    /// are fractions from 0 to 1; plies are counted from 1; a value that does not exist is
    /// null.
    #[arg(long)]
    pub json: bool,
}

/// The files `--out` writes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Html,
    Markdown,
}

/// The format of an `--out` path by its extension, once it is known the file can be
/// written (before hours of games are played).
fn format_of(path: &str) -> Result<Format, Failure> {
    let ext = Path::new(path).extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let format = match ext.as_deref() {
        Some("html" | "htm") => Format::Html,
        Some("md" | "markdown") => Format::Markdown,
        _ => return Err(invalid(format!("--out {path}: the file must end in .html (a web page) or .md (Markdown)"))),
    };
    let existed = Path::new(path).exists();
    std::fs::OpenOptions::new().append(true).create(true).open(path).map_err(|e| invalid(format!("cannot write {path}: {e}")))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(format)
}

/// Plays the games of every variant and reports them.
pub fn run(args: &ReportArgs, out: &mut Out) -> Done {
    let format = args.out.as_deref().map(format_of).transpose()?;
    let mut loaded = Vec::new();
    for v in &args.variants {
        loaded.push((v, args.options.load(v)?));
    }
    let mut variants = Vec::new();
    for ((v, rules), label) in loaded.iter().zip(labels(&args.variants)) {
        // Each variant's games are reduced as soon as they are played, so that only one
        // variant's games are held at a time.
        let games = play_games(rules, &args.games, &format!("report {v}"))?;
        let played = VariantGames::new(v.as_str(), label, rules, &games);
        variants.push(match args.egtb {
            Some(pieces) => played.with_endgames(Endgames::build(rules, usize::from(pieces))),
            None => played,
        });
    }
    let report = Report::new(settings(args), variants);
    if let (Some(path), Some(format)) = (&args.out, format) {
        write(&report, path, format)?;
    }
    if args.json {
        out.json(&report);
    } else if args.out.is_none() {
        out.say(report.text().trim_end());
    }
    Ok(())
}

/// How the games are played, as the report shows it.
fn settings(args: &ReportArgs) -> Settings {
    let g = &args.games;
    Settings {
        games: g.games,
        depth: g.depth,
        opening_plies: if g.ballots.is_some() { 0 } else { g.opening_plies },
        ballots: g.ballots.clone(),
        seed: g.seed,
        max_plies: g.max_plies,
        options: args.options.options.iter().map(|(k, v)| format!("{k}={v}")).collect(),
    }
}

/// Writes the report as `format` to `path` (and the charts of Markdown beside it).
fn write(report: &Report, path: &str, format: Format) -> Done {
    let put = |p: &Path, text: &str| std::fs::write(p, text).map_err(|e| invalid(format!("cannot write {}: {e}", p.display())));
    let file = Path::new(path);
    match format {
        Format::Html => put(file, &report.html())?,
        Format::Markdown => {
            let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("report");
            let chart_name = |slug: &str| format!("{stem}-{slug}.svg");
            for chart in report.charts() {
                put(&file.with_file_name(chart_name(chart.slug)), &chart.svg)?;
            }
            put(file, &report.markdown(&chart_name))?;
        }
    }
    eprintln!("wrote {path}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_files_must_be_html_or_markdown() {
        assert!(format_of("report.txt").is_err());
        assert!(format_of("/no/such/folder/report.html").is_err());
        let dir = std::env::temp_dir().join(format!("polydame-report-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("r.MD");
        assert!(matches!(format_of(file.to_str().unwrap()), Ok(Format::Markdown)));
        assert!(!file.exists(), "the check leaves no file behind");
        std::fs::remove_dir_all(&dir).ok();
    }
}
