//! Writing games as PDN, and random legal games (for tests and demonstrations).

use super::fen::write_fen;
use super::notation::move_text;
use crate::compile::Rules;
use crate::engine::{History, MoveInfo, MoveList, Outcome, Position, Routes};

/// A game to write: its tags, start position and moves.
pub struct GameRecord {
    /// Tag pairs to write first: (name, value).
    pub tags: Vec<(String, String)>,
    /// The position the game starts from.
    pub start: Position,
    /// Each move with the legal moves of its position (to know when a capture must be
    /// written in full).
    pub moves: Vec<(MoveInfo, Vec<MoveInfo>)>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tags lidraughts writes, in its order, with the value written when a game has none.
const STANDARD_TAGS: [(&str, &str); 7] =
    [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"), ("Black", "?"), ("Result", "")];

/// Writes a game as PDN. The tags lidraughts exports come first, in its order (Event,
/// Site, Date, Round, White, Black, Result, GameType, FEN), `?` where the game has no
/// value; then `GameType` (or polydame's `Variant` tag for variants PDN has no number
/// for), `FEN` (and `SetUp`) when the game does not start from the start position, and
/// the game's other tags. Moves are written as briefly as they are unambiguous (the full
/// path only where two captures share their ends); lines are wrapped before 80 columns.
pub fn write_pdn(rules: &Rules, game: &GameRecord) -> String {
    let mut out = String::new();
    let given = |k: &str| game.tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut tags: Vec<(String, String)> = STANDARD_TAGS
        .iter()
        .map(|&(k, default)| {
            let fallback = if k == "Result" { game.result.clone() } else { default.to_string() };
            (k.to_string(), given(k).unwrap_or(fallback))
        })
        .collect();
    match (given("GameType"), given("Variant")) {
        (None, None) => match rules.spec().gametypes.first() {
            Some(g) => tags.push(("GameType".into(), g.clone())),
            None => tags.push(("Variant".into(), rules.id().to_string())),
        },
        (g, v) => {
            tags.extend(g.map(|g| ("GameType".to_string(), g)));
            tags.extend(v.map(|v| ("Variant".to_string(), v)));
        }
    }
    match given("FEN") {
        Some(f) => tags.push(("FEN".into(), f)),
        None if game.start != Position::start(rules) => {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), write_fen(rules, &game.start)));
        }
        None => {}
    }
    for (k, v) in &game.tags {
        if !tags.iter().any(|(n, _)| n == k) {
            tags.push((k.clone(), v.clone()));
        }
    }
    for (k, v) in &tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    out.push('\n');
    let mut line = String::new();
    let mut side = game.start.side_to_move();
    let mut number = 1;
    let mut first = true;
    let push = |line: &mut String, out: &mut String, word: &str| {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    };
    let starter = game.start.side_to_move();
    for (m, legal) in &game.moves {
        let text = move_text(rules, m, legal);
        if side == starter {
            push(&mut line, &mut out, &format!("{number}."));
        } else if first {
            push(&mut line, &mut out, &format!("{number}..."));
        }
        push(&mut line, &mut out, &text);
        if side != starter {
            number += 1;
        }
        first = false;
        side = side.other();
    }
    push(&mut line, &mut out, &game.result);
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// A random legal game from the start position, at most `max_plies` half-moves, with a
/// small deterministic generator seeded by `seed`.
pub fn random_game(rules: &Rules, seed: u64, max_plies: usize) -> GameRecord {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let start = Position::start(rules);
    let mut pos = start.clone();
    let mut list = MoveList::new();
    let mut moves = Vec::new();
    let mut history = History::new(rules, &pos);
    let mut result = "*";
    for _ in 0..max_plies {
        let outcome = pos.outcome_in(rules, &mut list, &history);
        if outcome != Outcome::Ongoing {
            result = outcome.score();
            break;
        }
        pos.generate(rules, &mut list, Routes::Distinct);
        let legal: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        let i = (next() % list.len() as u64) as usize;
        moves.push((legal[i].clone(), legal));
        pos.make(rules, list.get(i));
        history.push(rules, &moves[moves.len() - 1].0, &pos);
    }
    let tags = vec![
        ("Event".into(), "polydame random game".into()),
        ("White".into(), "random".into()),
        ("Black".into(), "random".into()),
        ("Round".into(), seed.to_string()),
    ];
    GameRecord { tags, start, moves, result: result.to_string() }
}
