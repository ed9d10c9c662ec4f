//! `polydame perft`: the leaves of the legal-move tree.

use super::{Done, Failure, FenArgs, Out, RouteArgs, VariantArgs, over_budget};
use indicatif::{ProgressBar, ProgressStyle};
use polydame::engine::{PerftError, perft_with_progress};
use polydame::json::{DivideJson, PerftJson};
use polydame::notation::move_text;
use polydame::{MoveInfo, Rules, divide, perft_parallel};
use std::io::IsTerminal;
use std::time::Instant;

/// What to count and how.
pub struct Count {
    pub depth: u32,
    /// Counts per root move.
    pub divide: bool,
    pub threads: Option<usize>,
    pub routes: RouteArgs,
    pub json: bool,
}

/// Counts the leaves of the move tree `depth` plies deep, with the time taken; on a
/// terminal a bar shows how many of the subtrees the count is split into are done.
pub fn run(variant: &VariantArgs, fen: &FenArgs, c: Count, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let mut pos = fen.position(&rules)?;
    let threads = c.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let routes = c.routes.routes();
    let start = Instant::now();
    let nodes = if c.divide {
        let (list, counts) = divide(&mut pos, &rules, c.depth.max(1), routes, threads).map_err(|e| failed(&rules, e))?;
        let infos: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        say_divide(out, &rules, &infos, &counts, c.json);
        if c.depth == 0 { 1 } else { counts.iter().sum() }
    } else if std::io::stderr().is_terminal() && !c.json {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("perft {msg}: {bar:30} {pos}/{len} subtrees ({elapsed}, about {eta} left)")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(c.depth.to_string());
        let n = perft_with_progress(
            &mut pos,
            &rules,
            c.depth,
            routes,
            threads,
            &|done, total| {
                bar.set_length(total as u64);
                bar.set_position(done as u64);
            },
            None,
        );
        bar.finish_and_clear();
        n.map_err(|e| failed(&rules, e))?
    } else {
        perft_parallel(&mut pos, &rules, c.depth, routes, threads).map_err(|e| failed(&rules, e))?
    };
    let secs = start.elapsed().as_secs_f64();
    if c.json {
        out.json(&PerftJson { variant: rules.id().to_string(), depth: c.depth, nodes, seconds: (secs * 1e6).round() / 1e6 });
    } else {
        let mnps = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { 0.0 };
        let s = if threads == 1 { "" } else { "s" };
        out.say(format!("perft {}: {nodes} nodes in {secs:.3} s ({mnps:.1} M nodes/s, {threads} thread{s})", c.depth));
    }
    Ok(())
}

/// Why a count has no number: a position past the capture budget (the input's fault,
/// status 1), or a depth or thread count past the limits (a usage error, status 2).
fn failed(rules: &Rules, e: PerftError) -> Failure {
    match e {
        PerftError::Budget(e) => over_budget(rules, &e),
        other => Failure { message: format!("error: {other}"), code: 2 },
    }
}

/// One line per root move, in the order players read them (by square number).
fn say_divide(out: &mut Out, rules: &Rules, infos: &[MoveInfo], counts: &[u64], json: bool) {
    let mut rows: Vec<(String, u64)> = infos.iter().zip(counts).map(|(m, &n)| (move_text(rules, m, infos), n)).collect();
    rows.sort_by(|a, b| polydame::notation::square_order(&a.0, &b.0));
    for (m, n) in rows {
        if json {
            out.json(&DivideJson { mv: m, nodes: n });
        } else {
            out.say(format!("{m}: {n}"));
        }
    }
}
