//! Hub's positions and moves, on a variant's squares numbered 1 to N (the library's
//! [`polydame::notation::Squares`], which DXP speaks too).
//!
//! A position is the side to move (`W` or `B`) and one character per square: `w` `b` a
//! man, `W` `B` a king, `e` empty. A move is `from-to`, or for a capture `fromxto` and then
//! `x` and each captured square, in any order: `28x19x23` (Scan's protocol.txt,
//! "position"; Scan writes the captured squares in increasing order).
//!
//! On boards other than International draughts' the squares are ordered and numbered as
//! the library's notation says (as pydraughts and lidraughts' bots have them): `W` is the
//! side that moves first.

use super::line::excerpt;
use polydame::notation::{Found, Letters};
use polydame::{MoveInfo, MoveList, Position, Routes, Rules};

/// The variant's squares for Hub: the library's square-by-square notation (the order of a
/// position's letters, the squares' numbers in moves, which variants it can say), in
/// Hub's letters.
pub struct Squares(polydame::notation::Squares);

impl Squares {
    /// The squares of `rules`; an error if Hub positions cannot describe its positions.
    pub fn new(rules: &Rules) -> Result<Squares, String> {
        polydame::notation::Squares::new(rules).map(Squares).map_err(|why| format!("variant {} {why}", rules.id()))
    }

    /// The position of a Hub position string (one no game reaches is taken as it is, as
    /// Scan takes it).
    pub fn read(&self, rules: &Rules, text: &str) -> Result<Position, String> {
        self.0.read(rules, text, Letters::HUB).map_err(|e| format!("pos={}: {e}", excerpt(text)))
    }

    /// How Hub writes a position (as [`Squares::read`] reads it): the side to move, then
    /// one character a square.
    pub fn write(&self, pos: &Position) -> String {
        self.0.write(pos, Letters::HUB)
    }

    /// How Hub writes a move: `32-28`, or `28x19x23` (origin, destination, then the
    /// captured squares in increasing order).
    pub fn write_move(&self, m: &MoveInfo) -> String {
        if m.is_pass() {
            return "pass".to_string();
        }
        let captured = self.0.captured(m);
        let sep = if captured.is_empty() { '-' } else { 'x' };
        let mut text = format!("{}{sep}{}", self.0.number(m.from), self.0.number(m.to));
        for c in captured {
            text.push('x');
            text.push_str(c);
        }
        text
    }

    /// Plays the move written `text` in `pos`: the legal move with its origin and
    /// destination and, when the text names captured squares, with those captured (so of
    /// two captures between the same squares, the one meant); returns the move played.
    pub fn play(&self, rules: &Rules, pos: &mut Position, text: &str) -> Result<MoveInfo, String> {
        let (from, to, captured) = self.read_move(text)?;
        let mut list = MoveList::new();
        pos.clone().try_generate(rules, &mut list, Routes::Distinct).map_err(|e| e.to_string())?;
        match polydame::notation::Squares::find(&list, from, to, captured.as_deref()) {
            Found::One(i) => {
                pos.make(rules, list.get(i));
                Ok(list.info(i))
            }
            Found::None => {
                let legal = listed((0..list.len()).map(|i| self.write_move(&list.info(i))), list.len(), " ");
                Err(format!("{} is not legal here (legal: {})", excerpt(text), if list.is_empty() { "none" } else { &legal }))
            }
            Found::Several(found) => {
                let which = listed(found.iter().map(|&i| self.write_move(&list.info(i))), found.len(), " or ");
                Err(format!("{} is ambiguous: name the captured squares ({which})", excerpt(text)))
            }
        }
    }

    /// A move's origin, destination and, when it names them, captured squares.
    fn read_move(&self, text: &str) -> Result<(u16, u16, Option<Vec<u16>>), String> {
        let square = |name: &str| self.0.cell(name).ok_or_else(|| format!("{}: there is no square `{}`", excerpt(text), excerpt(name)));
        let not_a_move = || format!("{} is not a move: from-to or fromxto(xcaptured)...", excerpt(text));
        let (from, rest, capture) = match text.find(['-', 'x']) {
            Some(i) => (&text[..i], &text[i + 1..], text[i..].starts_with('x')),
            None => return Err(not_a_move()),
        };
        let mut parts = rest.split('x');
        let to = parts.next().unwrap_or_default();
        let captured: Vec<u16> = parts.map(square).collect::<Result<_, _>>()?;
        if !capture && !captured.is_empty() || to.contains('-') {
            return Err(not_a_move());
        }
        Ok((square(from)?, square(to)?, (!captured.is_empty()).then_some(captured)))
    }
}

/// The most moves an error lists: 30 (a position of a capture-heavy variant may have
/// thousands).
const MAX_LISTED: usize = 30;

/// The first [`MAX_LISTED`] of `total` moves, joined by `sep`, and how many more there are.
fn listed(moves: impl Iterator<Item = String>, total: usize, sep: &str) -> String {
    let shown: Vec<String> = moves.take(MAX_LISTED).collect();
    match total.saturating_sub(shown.len()) {
        0 => shown.join(sep),
        more => format!("{}, and {more} more", shown.join(sep)),
    }
}

/// The legal moves of `pos`, one per origin, destination and captured set.
pub fn legal_moves(rules: &Rules, pos: &Position) -> Result<Vec<MoveInfo>, String> {
    let mut list = MoveList::new();
    pos.clone().try_generate(rules, &mut list, Routes::Distinct).map_err(|e| e.to_string())?;
    Ok((0..list.len()).map(|i| list.info(i)).collect())
}
