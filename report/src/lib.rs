//! The designer's report: many games of polydame's player against itself at a fixed
//! depth, per variant, reduced to the numbers that tell whether a variant plays well (who
//! wins, how long games last, how much choice there is, how captures and promotions go,
//! how games end), side by side for several variants: as HTML with inline SVG charts, as
//! Markdown with its charts in SVG files beside it, as text, or as JSON (serde).
//!
//! The report plays no games and writes no files: its caller plays the games (with
//! [`polydame::player::play_out`], on as many threads as it likes), hands them over per
//! variant, and writes what the report renders wherever it wants.
//!
//! ```
//! use polydame::player::{play_out, random_opening};
//! use polydame::{Limits, Player, load_variant};
//! use polydame_report::{Report, Settings, VariantGames, labels};
//!
//! let rules = load_variant("english").unwrap();
//! let player = Player::new(&rules);
//! let games: Vec<_> = (0..2)
//!     .map(|seed| play_out(&player, random_opening(&rules, seed, 4).unwrap(), &Limits::depth(1), 40).unwrap())
//!     .collect();
//! let settings = Settings {
//!     games: 2,
//!     depth: 1,
//!     opening_plies: 4,
//!     ballots: None,
//!     seed: 0,
//!     max_plies: 40,
//!     options: Vec::new(),
//! };
//! let label = labels(&["english".to_string()]).remove(0);
//! let report = Report::new(settings, vec![VariantGames::new("english", label, &rules, &games)]);
//! assert_eq!(report.variants[0].stats.games, 2);
//! assert!(report.text().starts_with("Designer's report: English draughts"));
//! assert!(report.html().starts_with("<!DOCTYPE html>"));
//! assert_eq!(report.charts().len(), 6);
//! ```

#![warn(missing_docs)]

mod endgames;
mod render;
mod sections;
pub use endgames::{EndgameClass, Endgames, Wdl};
pub use sections::thousands;
pub mod stats;
mod svg;

use polydame::Rules;
use polydame::player::SelfPlayGame;
use serde::Serialize;
use stats::{GameFacts, Stats, length_bin};
use std::path::Path;

/// The whole report: the numbers of every variant's games, and how they were played. Its
/// JSON is what `polydame report --json` prints.
#[derive(Serialize)]
pub struct Report {
    /// The version of polydame that played the games.
    pub polydame: &'static str,
    /// How the games were played.
    pub settings: Settings,
    /// One entry per variant, in the order given.
    pub variants: Vec<VariantReport>,
}

/// How the games were played: the same for every variant. The report only shows these;
/// the caller played the games with them.
#[derive(Serialize)]
pub struct Settings {
    /// Games per variant.
    pub games: u32,
    /// The player's depth in plies (and on while captures are compulsory).
    pub depth: u32,
    /// The random legal plies each game opened with (0 with ballots).
    pub opening_plies: usize,
    /// The file of openings the games took in turn, if any.
    pub ballots: Option<String>,
    /// The first game's seed; each next game took the next one.
    pub seed: u64,
    /// A game still going on after this many plies stopped, unfinished.
    pub max_plies: u32,
    /// The variant options chosen, each `NAME=CHOICE`.
    pub options: Vec<String>,
}

/// One variant's numbers.
#[derive(Serialize)]
pub struct VariantReport {
    /// The variant as given: a shipped id or a path.
    pub variant: String,
    /// Its name, as its rules say it.
    pub name: String,
    /// Its column's heading (not in the JSON).
    #[serde(skip)]
    pub label: String,
    /// The numbers of its games.
    #[serde(flatten)]
    pub stats: Stats,
    /// What its endgame tables say, where they were built ([`VariantGames::with_endgames`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub endgames: Option<Endgames>,
}

/// One variant's games as the report takes them: reduced at once to what it keeps of
/// each (not their moves), so that the games of one variant can be dropped before the
/// next variant's are played.
pub struct VariantGames<'r> {
    variant: String,
    label: String,
    rules: &'r Rules,
    facts: Vec<GameFacts>,
    endgames: Option<Endgames>,
}

impl<'r> VariantGames<'r> {
    /// The `games` of `rules` (played with the report's [`Settings`]), the variant as it was
    /// given, and the heading of its column ([`labels`] makes the usual ones).
    pub fn new(variant: impl Into<String>, label: impl Into<String>, rules: &'r Rules, games: &[SelfPlayGame]) -> VariantGames<'r> {
        VariantGames {
            variant: variant.into(),
            label: label.into(),
            rules,
            facts: games.iter().map(GameFacts::of).collect(),
            endgames: None,
        }
    }

    /// The same with what the variant's endgame tables say ([`Endgames::build`]): the
    /// report then has a section *Endgame tables*.
    pub fn with_endgames(self, endgames: Endgames) -> VariantGames<'r> {
        VariantGames { endgames: Some(endgames), ..self }
    }
}

/// A chart of the report, as one SVG picture.
pub struct Chart {
    /// The chart's short name: `results`, `first-move`, `length`, `branching`, `captures`
    /// or `promotion`. Markdown links to the chart by the file name made of it.
    pub slug: &'static str,
    /// The picture, a whole SVG document.
    pub svg: String,
}

impl Report {
    /// The report of the games of every variant, side by side in the order given. Game
    /// lengths are counted in the same bins for all of them.
    pub fn new(settings: Settings, variants: Vec<VariantGames<'_>>) -> Report {
        let longest = variants.iter().flat_map(|v| v.facts.iter()).map(|g| g.plies.len()).max();
        let bin = length_bin(longest.unwrap_or(0));
        let variants = variants
            .into_iter()
            .map(|v| VariantReport {
                name: v.rules.spec().name.clone(),
                stats: stats::stats(v.rules, &v.facts, bin),
                variant: v.variant,
                label: v.label,
                endgames: v.endgames,
            })
            .collect();
        Report { polydame: env!("CARGO_PKG_VERSION"), settings, variants }
    }

    /// The report as one HTML page: its charts are inline SVG, and it has no script and
    /// nothing to fetch.
    pub fn html(&self) -> String {
        render::html(&sections::sections(self))
    }

    /// The report as Markdown: the chart of each section is an image linked by the file
    /// name `chart_name` gives its slug (the caller writes [`Report::charts`] there).
    pub fn markdown(&self, chart_name: &dyn Fn(&str) -> String) -> String {
        render::markdown(&sections::sections(self), chart_name)
    }

    /// The tables as text, their columns aligned; no charts.
    pub fn text(&self) -> String {
        render::text(&sections::sections(self))
    }

    /// The charts, in the order of the report's sections (a section with nothing to draw
    /// has none).
    pub fn charts(&self) -> Vec<Chart> {
        sections::sections(self).into_iter().filter_map(|s| Some(Chart { slug: s.slug, svg: s.chart? })).collect()
    }
}

/// The headings of the variants' columns: each variant as given, a path by its file name,
/// unless two would then be the same (then as given, and `(2)`, `(3)` ... after the same
/// heading again).
pub fn labels(variants: &[String]) -> Vec<String> {
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
}
