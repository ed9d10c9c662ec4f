//! `polydame best`: the generic player's move for a position.

use super::{Done, Failure, FenArgs, Out, VariantArgs, invalid, over_budget};
use polydame::pdn::{parse_game, pdn_games, replay_recorded, unpack};
use polydame::player::Weights;
use polydame::{Game, Limits, Player, Rules};
use serde::Serialize;
use std::path::Path;
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

/// The game before the position searched: moves from the start (or the FEN), or a PDN
/// record's game.
pub struct Past<'a> {
    pub moves: &'a [String],
    pub pdn: Option<&'a Path>,
    /// With `pdn`: the game of the file, from 1.
    pub game: u64,
}

/// How to search: to `depth` plies, or for `time` ms; the answer as JSON; the pieces
/// valued by a weights file; endgame tables to probe.
pub struct Search<'a> {
    pub depth: Option<u32>,
    pub time: Option<u64>,
    pub json: bool,
    pub weights: Option<&'a str>,
    /// A tables file (`egtb --save`).
    pub egtb: Option<&'a str>,
}

/// The largest PDN record `best --pdn` reads (unpacked), in bytes: 64 MiB.
pub const MAX_PDN_BYTES: u64 = 64 << 20;

/// Searches the position reached (the start, or --fen, after the moves; or the end of a
/// PDN game) to `depth` plies (6 by default, or as deep as the time allows) or for `time`
/// ms, knowing the game's past and probing endgame tables if given, and prints the best
/// move, its score, the line expected and the work done.
pub fn run(variant: &VariantArgs, fen: &FenArgs, past: &Past, search: Search<'_>, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let mut game = match past.pdn {
        Some(path) => record_game(&rules, path, past.game)?,
        None => Game::from_position(&rules, fen.position(&rules)?),
    };
    for (i, text) in past.moves.iter().enumerate() {
        game.play(text).map_err(|e| invalid(format!("ply {} `{text}`: {e}", i + 1)))?;
    }
    let start = Instant::now();
    let depth = search.depth.unwrap_or(if search.time.is_some() { polydame::player::MAX_DEPTH } else { 6 });
    let limits = Limits { depth, time: search.time.map(Duration::from_millis), stop: None };
    let mut player = Player::new(&rules);
    if let Some(path) = search.weights {
        player = player.with_weights(&read_weights(&rules, path)?);
    }
    if let Some(path) = search.egtb {
        player = player.with_tables(Arc::new(super::egtb::read_tables(&rules, path)?));
    }
    let found = player.best_in(game.position(), limits, game.history()).map_err(|e| over_budget(&rules, &e))?;
    let secs = start.elapsed().as_secs_f64();
    // The line in the variant's notation, each move written as in its own position.
    let pv = game.line_text(&found.pv);
    if pv.len() < found.pv.len() {
        return Err(invalid(format!("the player's line cannot be played past {}", pv.join(" "))));
    }
    let fen_text = game.fen();
    if search.json {
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

/// Game `n` (from 1) of the PDN file at `path`, replayed to its last move: its start and
/// its main line, so that the search knows its past. An illegal move is an error that
/// says where it is and why.
fn record_game<'r>(rules: &'r Rules, path: &Path, n: u64) -> Result<Game<'r>, Failure> {
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| invalid(format!("{name}: {e}")))?;
    let (_, reader) = unpack(file, Some(MAX_PDN_BYTES)).map_err(|e| invalid(format!("{name}: {e}")))?;
    let text = pdn_games(reader)
        .nth((n - 1) as usize)
        .ok_or_else(|| invalid(format!("{name} has fewer than {n} games")))?
        .map_err(|e| invalid(format!("{name}: {e}")))?;
    let record = parse_game(&text);
    if let Some(why) = &record.refused {
        return Err(invalid(format!("{name}, game {n}: {why}")));
    }
    let verdict = replay_recorded(&polydame::notation::Notations::new(rules), &record);
    if let Some(e) = &verdict.error {
        return Err(invalid(format!("{name}:{}:{}: game {n}, ply {} `{}`: {}", e.line, e.column, e.ply, e.text, e.reason)));
    }
    let start = verdict.main.start.clone().unwrap_or_else(|| polydame::Position::start(rules));
    let mut game = Game::from_position(rules, start);
    for (m, _) in &verdict.main.moves {
        game.play_move(m).map_err(|e| invalid(format!("{name}, game {n}: {e}")))?;
    }
    Ok(game)
}

/// The weights of a file `polydame tune` wrote, for `rules`.
pub fn read_weights(rules: &Rules, path: &str) -> Result<Weights, Failure> {
    Weights::read(rules, Path::new(path)).map_err(|e| invalid(format!("cannot read {path}: {e}")))?.map_err(invalid)
}
