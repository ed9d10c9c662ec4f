//! A game record written again canonically: the variant's own GameType and notation,
//! captures in full only where two share their ends, results in the variant's usual form,
//! with the record's tags, comments, glyphs and variations (`polydame convert`).

use super::notations::Notations;
use super::pdn::{MoveText, PdnGame};
use super::replay::{PlayedLine, PlyError, Verdict, replay_recorded};
use super::warnings::named_winner;
use super::write::{Annotations, GameRecord, MoveNotes, WriteError};
use crate::compile::Rules;
use crate::engine::{MoveInfo, MoveList, Position, Routes};
use crate::spec::Side;
use std::fmt;

/// Why a game is not written again.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RewriteError {
    /// Its replay stops: an illegal, ambiguous or unreadable move, or a bad FEN tag.
    Replay(Box<PlyError>),
    /// It restarts from a setup token (`/FEN "..."/`) among its moves, which one start
    /// position and one line of moves cannot say.
    Setup {
        /// Where the token is: line and column, from 1.
        line: usize,
        /// See `line`.
        column: usize,
    },
    /// A variation has a bad move: the game is kept as written rather than lose it.
    Variation(Box<PlyError>),
    /// Its notes cannot be written (a comment holding `}`).
    Write(WriteError),
}

impl fmt::Display for RewriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RewriteError::Replay(e) => e.fmt(f),
            RewriteError::Setup { line, column } => {
                write!(f, "a setup token at line {line}, column {column} restarts the game; it is not written again")
            }
            RewriteError::Variation(e) => write!(f, "in a variation, {e}"),
            RewriteError::Write(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RewriteError {}

/// A game read with White moving first from the variant's start, where Black starts
/// (py-draughts' American checkers), turned the right way: every line's cells a half turn
/// round ([`crate::geometry::Geometry::rotate`]) and its pieces' colours swapped, so that
/// it starts from the variant's own start with Black to move. Done, and true, only when every move of the
/// turned lines is legal (the variant's start is the same from either side).
fn turn_round(rules: &Rules, v: &mut Verdict) -> bool {
    let g = &rules.spec().geometry;
    let cell = |c: u16| if c == MoveInfo::PASS { c } else { g.rotate(c) };
    let turned = |line: &PlayedLine| {
        let moves = line.moves.iter().map(|(m, w)| {
            let path = m.path.iter().map(|&c| cell(c)).collect();
            let captured = m.captured.iter().map(|&c| cell(c)).collect();
            let removed = m.removed.iter().map(|&c| cell(c)).collect();
            (MoveInfo { from: cell(m.from), to: cell(m.to), path, captured, removed, ..m.clone() }, *w)
        });
        let start = line.start.as_ref().map(|p| {
            let mut q = Position::empty(rules, p.side_to_move().other());
            for c in 0..rules.cells as u16 {
                if let Some((side, kind)) = p.piece(c) {
                    q.put(rules, cell(c), side.other(), kind);
                }
            }
            q
        });
        PlayedLine { start, moves: moves.collect() }
    };
    let main = turned(&v.main);
    let lines: Vec<Option<PlayedLine>> = v.lines.iter().map(|l| l.as_ref().map(turned)).collect();
    let legal = |l: &PlayedLine| with_legal(rules, l).len() == l.moves.len();
    if !legal(&main) || lines.iter().flatten().any(|l| !legal(l)) {
        return false;
    }
    (v.main, v.lines) = (main, lines);
    true
}

/// The moves of `line` with the legal moves of each position (to write captures briefly).
/// Each is made as the replay made it (also past the end a record may go on after).
fn with_legal(rules: &Rules, line: &PlayedLine) -> Vec<(MoveInfo, Vec<MoveInfo>)> {
    let mut pos = line.start.clone().unwrap_or_else(|| Position::start(rules));
    let mut list = MoveList::new();
    let mut out = Vec::with_capacity(line.moves.len());
    for (m, _) in &line.moves {
        pos.generate(rules, &mut list, Routes::Distinct);
        let legal: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        let Some(i) = legal.iter().position(|l| l == m).or_else(|| {
            pos.generate(rules, &mut list, Routes::Landings);
            (0..list.len()).find(|&i| list.info(i) == *m)
        }) else {
            break;
        };
        pos.make(rules, list.get(i));
        out.push((m.clone(), legal));
    }
    out
}

/// What is written after each move of a line: the notes of the last written move it was
/// read from.
fn notes_of(line: &PlayedLine, written: &[MoveText]) -> Vec<MoveNotes> {
    line.moves.iter().map(|&(_, w)| written.get(w).map(|m| m.notes.clone()).unwrap_or_default()).collect()
}

/// The ply of a line where a variation written after its move `at` branches: the first
/// move played from written moves at or after `at`.
fn ply_of(line: &PlayedLine, at: usize) -> usize {
    line.moves.iter().position(|&(_, w)| w >= at).unwrap_or(line.moves.len())
}

/// `game` written again, in the notations `notations` has for its variant (see the module
/// docs), or why not.
///
/// ```
/// use polydame::load_variant;
/// use polydame::notation::Notations;
/// use polydame::pdn::{parse_game, pdn_games, rewrite};
///
/// let rules = load_variant("international").unwrap();
/// let text = "[GameType \"20\"]\n[Result \"1-0\"]\n1. 3228 19-23 {a comment} (1... 17-22 $1) 2. 28x19 14x23 1-0\n";
/// let game = parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
/// let pdn = rewrite(&Notations::new(&rules), &game).unwrap();
/// assert!(pdn.contains("[Result \"2-0\"]"));
/// assert!(pdn.contains("1. 32-28 19-23 {a comment} (1... 17-22 $1) 2. 28x19 14x23 2-0"), "{pdn}");
/// ```
pub fn rewrite(notations: &Notations, game: &PdnGame) -> Result<String, RewriteError> {
    if let Some(s) = game.setups.first() {
        return Err(RewriteError::Setup { line: s.line, column: s.column });
    }
    let rules = notations.rules();
    let mut v = replay_recorded(notations, game);
    if let Some(e) = v.error {
        return Err(RewriteError::Replay(Box::new(e)));
    }
    if let Some(e) = v.variations.first() {
        return Err(RewriteError::Variation(Box::new(e.clone())));
    }
    let turn = v.white_first && turn_round(rules, &mut v);
    let dropped = ["GameType", "Variant", "FEN", "SetUp", "Result"];
    let mut tags: Vec<(String, String)> =
        game.tags.iter().filter(|(k, _)| !dropped.iter().any(|d| d.eq_ignore_ascii_case(k))).cloned().collect();
    if turn {
        for (k, _) in tags.iter_mut().filter(|(k, _)| k == "White" || k == "Black") {
            *k = if k == "White" { "Black" } else { "White" }.to_string();
        }
    }
    // A result naming no winner (`*`, or text) is kept as written.
    let written = game.tag("Result").map(str::to_string).or_else(|| game.result.clone()).unwrap_or_else(|| "*".to_string());
    let result = named_winner(rules, game).map_or(written.trim().to_string(), |(_, w)| {
        super::write::result_for(rules, if turn { w.map(Side::other) } else { w }).to_string()
    });
    // PlayStrategy's P1 moves first (its result is read so by `named_winner`): its players
    // are written as White and Black.
    if let (Some(p1), Some(p2), None) = (game.tag("P1"), game.tag("P2"), game.tag("White")) {
        let (white, black) = if rules.spec().first == Side::Black { (p2, p1) } else { (p1, p2) };
        tags.push(("White".to_string(), white.to_string()));
        tags.push(("Black".to_string(), black.to_string()));
    }
    let start = v.main.start.clone().unwrap_or_else(|| Position::start(rules));
    let record = GameRecord { tags, start, moves: with_legal(rules, &v.main), result };
    let mut notes = Annotations { comment: game.comment.clone(), moves: notes_of(&v.main, &game.moves), ..Annotations::default() };
    // Variations that replay, each where it branches; those inside a dropped one go too.
    let mut kept: Vec<Option<usize>> = Vec::with_capacity(game.variations.len());
    for (var, line) in game.variations.iter().zip(&v.lines) {
        let parent = match var.parent {
            None => Some((None, &v.main)),
            Some(p) => kept[p].map(|k| (Some(k), v.lines[p].as_ref().expect("a kept variation was played"))),
        };
        let index = match (parent, line) {
            (Some((parent, parent_line)), Some(line)) if !line.moves.is_empty() => {
                let at = ply_of(parent_line, var.at);
                let k = notes.add_variation(parent, at, with_legal(rules, line));
                notes.variations[k].notes = notes_of(line, &var.moves);
                Some(k)
            }
            _ => None,
        };
        kept.push(index);
    }
    record.write_annotated(rules, &notes).map_err(RewriteError::Write)
}
