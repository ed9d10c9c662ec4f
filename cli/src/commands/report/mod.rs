//! `polydame report`: the designer's report. Many games of the player against itself at
//! a fixed depth, per variant, reduced to the numbers that tell whether a variant plays
//! well (who wins, how long games last, how much choice there is, how captures and
//! promotions go, how games end), side by side for several variants: as HTML with inline
//! SVG charts, as Markdown with the charts in SVG files beside it, as text, or as JSON.

mod render;
mod sections;
pub mod stats;
mod svg;

use super::selfplay::{GameArgs, play_games};
use super::{Done, Failure, OptionArgs, Out, invalid};
use clap::Args;
use serde::Serialize;
use stats::{GameFacts, Stats, length_bin};
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
    /// `count`, ...; null when unfinished), result (win, draw, unfinished), games}]. Shares
    /// are fractions from 0 to 1; plies are counted from 1; a value that does not exist is
    /// null.
    #[arg(long)]
    pub json: bool,
}

/// The whole report: what `--json` prints.
#[derive(Serialize)]
pub struct Report {
    pub polydame: &'static str,
    pub settings: Settings,
    pub variants: Vec<VariantReport>,
}

/// How the games were played.
#[derive(Serialize)]
pub struct Settings {
    pub games: u32,
    pub depth: u32,
    pub opening_plies: usize,
    pub ballots: Option<String>,
    pub seed: u64,
    pub max_plies: u32,
    /// `NAME=CHOICE`.
    pub options: Vec<String>,
}

/// One variant's numbers.
#[derive(Serialize)]
pub struct VariantReport {
    pub variant: String,
    pub name: String,
    /// Its column's heading.
    #[serde(skip)]
    pub label: String,
    #[serde(flatten)]
    pub stats: Stats,
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
    let mut facts = Vec::new();
    for (v, rules) in &loaded {
        let games = play_games(rules, &args.games, &format!("report {v}"))?;
        facts.push(games.iter().map(GameFacts::of).collect::<Vec<_>>());
    }
    let bin = length_bin(facts.iter().flatten().map(|g| g.plies.len()).max().unwrap_or(0));
    let labels = labels(&args.variants);
    let variants = loaded
        .iter()
        .zip(&facts)
        .zip(labels)
        .map(|(((v, rules), f), label)| VariantReport {
            variant: v.to_string(),
            name: rules.spec().name.clone(),
            label,
            stats: stats::stats(rules, f, bin),
        })
        .collect();
    let report = Report { polydame: env!("CARGO_PKG_VERSION"), settings: settings(args), variants };
    if let (Some(path), Some(format)) = (&args.out, format) {
        write(&report, path, format)?;
    }
    if args.json {
        out.json(&report);
    } else if args.out.is_none() {
        out.say(render::text(&sections::sections(&report)).trim_end());
    }
    Ok(())
}

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

/// The columns' headings: each variant as given, a path by its file name, unless two
/// would then be the same.
fn labels(variants: &[String]) -> Vec<String> {
    let short = |v: &String| Path::new(v).file_name().and_then(|f| f.to_str()).unwrap_or(v).to_string();
    let shorts: Vec<String> = variants.iter().map(short).collect();
    let mut labels: Vec<String> = variants
        .iter()
        .zip(&shorts)
        .map(|(v, s)| if shorts.iter().filter(|t| *t == s).count() > 1 { v.clone() } else { s.clone() })
        .collect();
    for i in 1..labels.len() {
        let same = labels[..i].iter().filter(|l| **l == labels[i] || l.starts_with(&format!("{} (", labels[i]))).count();
        if same > 0 {
            labels[i] = format!("{} ({})", labels[i], same + 1);
        }
    }
    labels
}

/// Writes the report as `format` to `path` (and the charts of Markdown beside it).
fn write(report: &Report, path: &str, format: Format) -> Done {
    let sections = sections::sections(report);
    let put = |p: &Path, text: &str| std::fs::write(p, text).map_err(|e| invalid(format!("cannot write {}: {e}", p.display())));
    let file = Path::new(path);
    match format {
        Format::Html => put(file, &render::html(&sections))?,
        Format::Markdown => {
            let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("report");
            let chart_name = |slug: &str| format!("{stem}-{slug}.svg");
            for s in &sections {
                if let Some(chart) = &s.chart {
                    put(&file.with_file_name(chart_name(s.slug)), chart)?;
                }
            }
            put(file, &render::markdown(&sections, &chart_name))?;
        }
    }
    eprintln!("wrote {path}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_named_by_the_shortest_distinct_name() {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(labels(&v(&["english", "dir/mine.toml"])), ["english", "mine.toml"]);
        assert_eq!(labels(&v(&["a/mine.toml", "b/mine.toml"])), ["a/mine.toml", "b/mine.toml"]);
        assert_eq!(labels(&v(&["english", "english", "english"])), ["english", "english (2)", "english (3)"]);
    }

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
