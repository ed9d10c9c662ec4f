//! The report as sections, whatever it is written as: each a title, a sentence on how to
//! read it, a table with one column per variant, and a chart with one series per variant.

use crate::stats::{Ending, FirstPromotion, PromotedBy, Stats, most_frequent_first};
use crate::svg::{self, Frame, Key, Line, color};
use crate::{Report, VariantReport};

/// One part of the report.
pub struct Section {
    /// Names its chart's file: `report-length.svg`.
    pub slug: &'static str,
    pub title: &'static str,
    /// How to read it.
    pub about: &'static str,
    /// Lines before the table (the settings).
    pub lead: Vec<String>,
    /// The headings of the variants' columns (empty for the first column).
    pub head: Vec<String>,
    pub rows: Vec<Row>,
    pub chart: Option<String>,
}

/// A row of a table: what it counts, and its value per variant.
pub struct Row {
    pub label: String,
    pub cells: Vec<String>,
}

/// A share as a percentage with one decimal.
fn pct(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// `n (p%)` of `n` out of `of`.
fn count(n: usize, of: usize) -> String {
    if of == 0 {
        return n.to_string();
    }
    format!("{n} ({})", pct(n as f64 / of as f64))
}

/// A value that may not exist: a dash then.
fn or_dash<T>(v: Option<T>, f: impl Fn(T) -> String) -> String {
    v.map_or_else(|| "–".to_string(), f)
}

/// A number with at most two decimals, no trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A count with its thousands apart: 5,336,686.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A row of one value per variant.
fn row(label: &str, report: &Report, f: impl Fn(&Stats) -> String) -> Row {
    Row { label: label.to_string(), cells: report.variants.iter().map(|v| f(&v.stats)).collect() }
}

/// A legend of the variants (none for one).
fn variant_keys(report: &Report) -> Vec<Key> {
    if report.variants.len() < 2 {
        return Vec::new();
    }
    report.variants.iter().enumerate().map(|(i, v)| Key { name: v.label.clone(), color: color(i), line: None }).collect()
}

/// The sections of the report, in order.
pub fn sections(report: &Report) -> Vec<Section> {
    let head: Vec<String> = report.variants.iter().map(|v| v.label.clone()).collect();
    let parts: [fn(&Report) -> Section; 8] = [settings, results, first_move, length, branching, captures, promotion, endings];
    let mut all: Vec<Section> = parts.iter().map(|f| Section { head: head.clone(), ..f(report) }).collect();
    if report.variants.iter().any(|v| v.endgames.is_some()) {
        all.push(Section { head, ..endgame_tables(report) });
    }
    all
}

/// A section without lead or chart.
fn section(slug: &'static str, title: &'static str, about: &'static str, rows: Vec<Row>) -> Section {
    Section { slug, title, about, lead: Vec::new(), head: Vec::new(), rows, chart: None }
}

fn settings(report: &Report) -> Section {
    let s = &report.settings;
    let openings = match &s.ballots {
        Some(file) => format!("the openings of {file}, in turn"),
        None => format!("{} random legal plies (from the game's seed)", s.opening_plies),
    };
    let mut lead = vec![
        format!("games per variant: {}", s.games),
        format!("the player: depth {} (plies, and on while captures are compulsory), against itself", s.depth),
        format!("openings: {openings}"),
        format!("seeds: {} to {}", s.seed, s.seed.wrapping_add(u64::from(s.games) - 1)),
        format!("a game still going on after {} plies stops, unfinished", s.max_plies),
    ];
    if !s.options.is_empty() {
        lead.push(format!("options: {}", s.options.join(", ")));
    }
    lead.push(format!("polydame {}", report.polydame));
    let name = |v: &VariantReport| v.name.clone();
    let rows = vec![
        Row { label: "variant".into(), cells: report.variants.iter().map(name).collect() },
        row("positions searched", report, |s| thousands(s.nodes)),
    ];
    Section { lead, ..section("settings", "Settings", "How the games were played.", rows) }
}

fn results(report: &Report) -> Section {
    let rows = vec![
        row("White wins", report, |s| count(s.results.white_wins, s.games)),
        row("Black wins", report, |s| count(s.results.black_wins, s.games)),
        row("draws", report, |s| count(s.results.draws, s.games)),
        row("unfinished", report, |s| count(s.results.unfinished, s.games)),
        row("games", report, |s| s.games.to_string()),
    ];
    let keys: Vec<Key> = [("White wins", "#e69f00"), ("draws", "#bbbbbb"), ("Black wins", "#0072b2"), ("unfinished", "#cc79a7")]
        .iter()
        .map(|&(name, color)| Key { name: name.into(), color, line: None })
        .collect();
    let bars: Vec<(String, Vec<f64>)> = report
        .variants
        .iter()
        .map(|v| {
            let (r, n) = (&v.stats.results, v.stats.games.max(1) as f64);
            (v.label.clone(), [r.white_wins, r.draws, r.black_wins, r.unfinished].iter().map(|&c| c as f64 * 100.0 / n).collect())
        })
        .collect();
    let frame = Frame { title: "Results", x_label: "share of games", y_label: "" };
    let about = "Games by result. Unfinished games reached the ply limit with the game still going on.";
    Section { chart: Some(svg::stacked(&frame, &keys, &bars)), ..section("results", "Results", about, rows) }
}

fn first_move(report: &Report) -> Section {
    let verdict = |s: &Stats| match (s.first_move.favours, s.first_move.low) {
        (Some("first"), _) => "first player ahead (above 50%)".to_string(),
        (Some(_), _) => "second player ahead (below 50%)".to_string(),
        (None, Some(_)) => "none shown (contains 50%)".to_string(),
        (None, None) => "too few games to tell".to_string(),
    };
    let rows = vec![
        row("moves first", report, |s| s.first_move.side.to_string()),
        row("finished games scored", report, |s| s.first_move.scored.to_string()),
        row("first player's score", report, |s| or_dash(s.first_move.score, pct)),
        row("95% interval", report, |s| match (s.first_move.low, s.first_move.high) {
            (Some(l), Some(h)) => format!("{} to {}", pct(l), pct(h)),
            _ => "–".to_string(),
        }),
        row("advantage", report, verdict),
    ];
    let dots: Vec<(String, Option<svg::Interval>)> = report
        .variants
        .iter()
        .map(|v| {
            let f = &v.stats.first_move;
            let interval = f.score.map(|m| (f.low.unwrap_or(m) * 100.0, m * 100.0, f.high.unwrap_or(m) * 100.0));
            (v.label.clone(), interval)
        })
        .collect();
    let frame =
        Frame { title: "The first player's score, with its 95% interval", x_label: "score of the side that moves first", y_label: "" };
    let about = "The score of the side that moves first in the start position, over the finished games (a win 1, a draw 1/2). \
                 Its 95% interval is the normal approximation: the mean plus and minus 1.96 standard errors. \
                 An interval that excludes 50% shows an advantage that chance alone would rarely produce.";
    Section { chart: Some(svg::intervals(&frame, &dots)), ..section("first-move", "First-move advantage", about, rows) }
}

fn length(report: &Report) -> Section {
    let rows = vec![
        row("mean", report, |s| num(s.length.mean)),
        row("median", report, |s| num(s.length.median)),
        row("shortest", report, |s| s.length.min.to_string()),
        row("longest", report, |s| s.length.max.to_string()),
    ];
    let longest = report.variants.iter().map(|v| v.stats.length.histogram.len()).max().unwrap_or(0);
    let Some(widest) = report.variants.iter().find(|v| v.stats.length.histogram.len() == longest) else {
        return section("length", "Game length", "", rows);
    };
    let categories: Vec<String> = widest.stats.length.histogram.iter().map(|b| format!("{}–{}", b.from, b.to)).collect();
    let values: Vec<Vec<f64>> = report.variants.iter().map(|v| v.stats.length.histogram.iter().map(|b| b.games as f64).collect()).collect();
    let frame = Frame { title: "Game length", x_label: "plies", y_label: "games" };
    let chart = svg::bars(&frame, &variant_keys(report), &categories, &values);
    let about = "Plies (half-moves) per game, the opening included; an unfinished game counts at the ply limit.";
    Section { chart: Some(chart), ..section("length", "Game length", about, rows) }
}

fn branching(report: &Report) -> Section {
    let rows = vec![
        row("mean legal moves", report, |s| or_dash(s.branching.mean, num)),
        row("in plies 1–10", report, |s| or_dash(s.branching.by_ply.first().map(|b| b.mean), num)),
        row("most in 10 plies", report, |s| or_dash(s.branching.by_ply.iter().map(|b| b.mean).reduce(f64::max), num)),
    ];
    let lines: Vec<Line> = report
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| {
            // Late stretches that few games reach say little: those of 1 game in 10 or more.
            let enough = v.stats.games.div_ceil(10).max(1);
            let points = v.stats.branching.by_ply.iter().filter(|b| b.games >= enough).map(|b| ((b.from + b.to) as f64 / 2.0, b.mean));
            Line { points: points.collect(), color: color(i), dashed: false }
        })
        .collect();
    let frame = Frame { title: "Legal moves along the game", x_label: "ply", y_label: "mean legal moves" };
    let about = "The branching factor: legal moves in the positions played, over every ply of every game, and by stretches \
                 of 10 plies (the chart leaves out the stretches fewer than 1 game in 10 reach).";
    Section { chart: Some(svg::lines(&frame, &variant_keys(report), &lines)), ..section("branching", "Branching factor", about, rows) }
}

fn captures(report: &Report) -> Section {
    let rows = vec![
        row("plies with a forced capture", report, |s| or_dash(s.captures.forced_share, pct)),
        row("moves that captured", report, |s| or_dash(s.captures.capture_share, pct)),
        row("pieces per capture, mean", report, |s| or_dash(s.captures.pieces_mean, num)),
        row("pieces per capture, most", report, |s| s.captures.pieces_max.to_string()),
    ];
    let most = report.variants.iter().map(|v| v.stats.captures.pieces_max).max().unwrap_or(0);
    let categories: Vec<String> = (1..=most).map(|k| k.to_string()).collect();
    let values: Vec<Vec<f64>> = report
        .variants
        .iter()
        .map(|v| {
            let n = v.stats.captures.captures.max(1) as f64;
            (1..=most).map(|k| v.stats.captures.pieces.get(k - 1).map_or(0.0, |t| t.moves as f64 * 100.0 / n)).collect()
        })
        .collect();
    let frame = Frame { title: "Pieces taken per capture", x_label: "pieces taken", y_label: "% of captures" };
    let about = "A capture is forced at a ply when every legal move there captures. Moves that captured are a share of all \
                 plies; pieces per capture count the pieces one capturing move took.";
    let chart = (most > 0).then(|| svg::bars(&frame, &variant_keys(report), &categories, &values));
    Section { chart, ..section("captures", "Captures", about, rows) }
}

fn promotion(report: &Report) -> Section {
    let first = |p: &FirstPromotion| match p.median {
        Some(m) => format!("ply {} ({} games)", num(m), p.games),
        None => "never".to_string(),
    };
    let rows = vec![
        row("games with a promotion", report, |s| count(s.promotion.games, s.games)),
        row("White's first, median", report, |s| first(&s.promotion.white)),
        row("Black's first, median", report, |s| first(&s.promotion.black)),
    ];
    let mut keys = variant_keys(report);
    keys.push(Key { name: "White".into(), color: "#555555", line: Some(false) });
    keys.push(Key { name: "Black".into(), color: "#555555", line: Some(true) });
    let mut lines = Vec::new();
    for (i, v) in report.variants.iter().enumerate() {
        for dashed in [false, true] {
            let share = |p: &PromotedBy| if dashed { p.black } else { p.white };
            let points = std::iter::once((0.0, 0.0)).chain(v.stats.promotion.by_ply.iter().map(|p| (p.ply as f64, share(p) * 100.0)));
            lines.push(Line { points: points.collect(), color: color(i), dashed });
        }
    }
    let frame = Frame { title: "Games in which the side has promoted, by ply", x_label: "ply", y_label: "% of games" };
    let about = "A promotion is a move whose piece changes kind (a man crowned). The median ply of a side's first promotion \
                 is over the games in which it promoted; the chart counts, by every 10th ply, the games in which each side \
                 has promoted by then.";
    Section { chart: Some(svg::lines(&frame, &keys, &lines)), ..section("promotion", "Promotion", about, rows) }
}

fn endings(report: &Report) -> Section {
    // Every reason any variant's games ended for, the most frequent overall first. Across
    // variants a reason is its sentence: the same move-count rule may come at another
    // index in another variant, and two variants' first rules may differ.
    let same = |a: &Ending, b: &Ending| a.reason == b.reason;
    let mut reasons: Vec<Ending> = Vec::new();
    for e in report.variants.iter().flat_map(|v| v.stats.endings.iter()) {
        match reasons.iter_mut().find(|r| same(r, e)) {
            Some(r) => r.games += e.games,
            None => reasons.push(e.clone()),
        }
    }
    most_frequent_first(&mut reasons);
    let rows = reasons
        .iter()
        .map(|ending| {
            let label = match ending.result {
                "win" => format!("won: {}", ending.reason),
                "draw" => format!("drawn: {}", ending.reason),
                _ => ending.reason.clone(),
            };
            let games = |s: &Stats| s.endings.iter().find(|e| same(e, ending)).map_or(0, |e| e.games);
            row(&label, report, |s| count(games(s), s.games))
        })
        .collect();
    section("endings", "How games end", "Games by the rule that ended them.", rows)
}

/// The endgame tables' results: a row per class where White has at least as many pieces as
/// Black (the classes of every variant, in the order first met).
fn endgame_tables(report: &Report) -> Section {
    let built = |v: &VariantReport| match &v.endgames {
        None => "–".to_string(),
        Some(e) => match &e.refused {
            Some(why) => why.clone(),
            None => format!(
                "to {} pieces: {} positions in {:.1} s, {} classes with both sides",
                e.pieces,
                thousands(e.positions),
                e.seconds,
                e.classes.len()
            ),
        },
    };
    let mut rows = vec![Row { label: "tables".into(), cells: report.variants.iter().map(built).collect() }];
    let mut names: Vec<&str> = Vec::new();
    for v in &report.variants {
        for c in v.endgames.iter().flat_map(|e| &e.classes) {
            if c.white_pieces >= c.black_pieces && !names.contains(&c.class.as_str()) {
                names.push(&c.class);
            }
        }
    }
    for name in names {
        let cell = |v: &VariantReport| {
            let found = v.endgames.iter().flat_map(|e| &e.classes).find(|c| c.class == name);
            or_dash(found.and_then(|c| Some((c.white_to_move.shares()?, c.longest[0]))), |([w, d, l], longest)| {
                format!("{} / {} / {} ({longest})", pct(w), pct(d), pct(l))
            })
        };
        rows.push(Row { label: name.to_string(), cells: report.variants.iter().map(cell).collect() });
    }
    section(
        "endgames",
        "Endgame tables",
        "Every position of few pieces solved by the rules (docs/egtb.md). Per class (White's pieces, then Black's), with White \
         to move: the positions White wins / draws / loses with best play, and in brackets its longest win in plies. A class \
         the stronger side wins nearly always is a won ending; one it mostly draws needs more material to win.",
        rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_people() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(5_336_686), "5,336,686");
        assert_eq!(num(126.875), "126.88");
        assert_eq!(num(119.0), "119");
        assert_eq!(count(3, 40), "3 (7.5%)");
    }
}
