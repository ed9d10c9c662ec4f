//! `polydame best`: the generic player's move for a position.

use super::{Done, FenArgs, Out, VariantArgs, invalid, over_budget};
use polydame::egtb::Tables;
use polydame::{Game, Limits, Player};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `best --json`: one object.
#[derive(Serialize)]
struct BestJson {
    fen: String,
    #[serde(rename = "move")]
    mv: Option<String>,
    score: i32,
    depth: u32,
    pv: Vec<String>,
    nodes: u64,
    seconds: f64,
}

/// How to search: plies, milliseconds, endgame tables to probe.
pub struct Search {
    pub depth: Option<u32>,
    pub time: Option<u64>,
    /// A tables file (`egtb --save`).
    pub egtb: Option<String>,
}

/// Searches the position (the start, or --fen) to `depth` plies (6 by default, or as deep as
/// the time allows) or for `time` ms, probing endgame tables if given, and prints the best
/// move, its score, the line expected and the work done.
pub fn run(variant: &VariantArgs, fen: &FenArgs, search: Search, json: bool, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let pos = fen.position(&rules)?;
    let mut player = Player::new(&rules);
    if let Some(path) = &search.egtb {
        let file = std::fs::File::open(path).map_err(|e| invalid(format!("error: cannot read {path}: {e}")))?;
        let tables = Tables::load(&mut std::io::BufReader::new(file), &rules).map_err(|e| invalid(format!("error: {path}: {e}")))?;
        player = player.with_tables(Arc::new(tables));
    }
    let start = Instant::now();
    let depth = search.depth.unwrap_or(if search.time.is_some() { polydame::player::MAX_DEPTH } else { 6 });
    let limits = Limits { depth, time: search.time.map(Duration::from_millis), stop: None };
    let found = player.best(&pos, limits).map_err(|e| over_budget(&rules, &e))?;
    let secs = start.elapsed().as_secs_f64();
    // The line in the variant's notation, each move written as in its own position.
    let game = Game::from_position(&rules, pos);
    let pv = game.line_text(&found.pv);
    if pv.len() < found.pv.len() {
        return Err(invalid(format!("the player's line cannot be played past {}", pv.join(" "))));
    }
    let fen_text = polydame::fen::write_fen(&rules, game.start());
    if json {
        let nodes = found.nodes;
        out.json(&BestJson { fen: fen_text, mv: pv.first().cloned(), score: found.score, depth: found.depth, pv, nodes, seconds: secs });
        return Ok(());
    }
    match pv.first() {
        Some(m) => out.say(format!("best move: {m} (score {:+}, depth {})", found.score, found.depth)),
        None => out.say("no legal move: the game is over"),
    }
    out.say(format!("line: {}", pv.join(" ")));
    let knps = if secs > 0.0 { found.nodes as f64 / secs / 1e3 } else { 0.0 };
    out.say(format!("{} positions in {secs:.3} s ({knps:.0} k/s)", found.nodes));
    Ok(())
}
