//! Hub's positions and moves, on a variant's squares numbered 1 to N.
//!
//! A position is the side to move (`W` or `B`) and one character per square: `w` `b` a
//! man, `W` `B` a king, `e` empty. A move is `from-to`, or for a capture `fromxto` and then
//! `x` and each captured square, in any order: `28x19x23` (Scan's protocol.txt,
//! "position"; Scan writes the captured squares in increasing order).
//!
//! Hub was made for International draughts, where the squares are numbered from the top
//! left and White, at the bottom, moves first. For other boards this follows the GUIs that
//! speak Hub for them (pydraughts, which lidraughts' bots use): a position's characters go
//! by the squares numbered from the top left as White sees the board, and `W` is the side
//! that moves first, at the bottom; so in a variant where Black moves first (English
//! checkers) the string is read turned a half turn, its colours swapped. Moves are written
//! in the variant's own numbers, or where it names squares by letters (Russian, Brazilian,
//! Czech) in the numbers its players use, a1 = 1 along each row from White's side.

use super::line::excerpt;
use polydame::geometry::{Corner, Notation, NotationKind, Shape};
use polydame::{MoveInfo, MoveList, Position, Routes, Rules, Setup, Side};

/// The variant's squares for Hub, and its two kinds.
pub struct Squares {
    /// The cells in the order of a position's characters.
    order: Vec<u16>,
    /// The position's `W` is Black, its `w` and `b` swapped (Black moves first).
    swapped: bool,
    /// The squares' numbers in moves.
    numbers: Notation,
    man: u8,
    king: u8,
}

impl Squares {
    /// The squares of `rules`; an error if Hub positions cannot describe its positions.
    pub fn new(rules: &Rules) -> Result<Squares, String> {
        let spec = rules.spec();
        let id = rules.id();
        let square = matches!(spec.geometry.shape(), Shape::Square { .. });
        if !spec.notation.is_numeric() && !square {
            return Err(format!("variant {id} does not number its squares: Hub positions and moves need numbers"));
        }
        if spec.columns.is_some() {
            return Err(format!("variant {id} stacks pieces in columns: a Hub position has one piece a square"));
        }
        if spec.capture.huff != polydame::spec::Huff::None {
            return Err(format!(
                "variant {id} huffs: a Hub move names the pieces it captures, not those it takes off for a capture not made"
            ));
        }
        if spec.drops.is_some() {
            return Err(format!("variant {id} places pieces from a hand: a Hub move goes from a square to a square"));
        }
        let (Some(man), Some(king), 2) = (rules.kind("man"), rules.kind("king"), spec.kinds.len()) else {
            return Err(format!("variant {id} does not have men and kings alone: a Hub position has no other pieces"));
        };
        let numbers = if spec.notation.is_numeric() {
            spec.notation.clone()
        } else {
            Notation::new(&spec.geometry, NotationKind::Numeric(Corner::BottomLeft))
        };
        // A position's characters go by the squares numbered from the top left (the
        // variant's own numbers where it numbers them so).
        let from_top_left =
            if square { Notation::new(&spec.geometry, NotationKind::Numeric(Corner::TopLeft)) } else { spec.notation.clone() };
        let n = spec.geometry.len();
        let mut order = Vec::with_capacity(n);
        for number in 1..=n {
            let cell = from_top_left.parse(&number.to_string()).filter(|&c| from_top_left.name(c) == number.to_string());
            order.push(cell.ok_or_else(|| format!("variant {id} has no square {number}: Hub squares are numbered 1 to {n}"))?);
        }
        let swapped = spec.first == Side::Black;
        if swapped {
            order.reverse();
        }
        Ok(Squares { order, swapped, numbers, man, king })
    }

    /// The side a position's `W` (or a `w`/`W` piece) stands for.
    fn side(&self, white: bool) -> Side {
        if white != self.swapped { Side::White } else { Side::Black }
    }

    /// The position of a Hub position string (one no game reaches is taken as it is, as
    /// Scan takes it).
    pub fn read(&self, rules: &Rules, text: &str) -> Result<Position, String> {
        let n = self.order.len();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != n + 1 {
            return Err(format!(
                "pos={}: a position has {} characters (W or B to move, then w, b, W, B or e for each square 1-{n}), not {}",
                excerpt(text),
                n + 1,
                chars.len()
            ));
        }
        let side = match chars[0] {
            'W' => self.side(true),
            'B' => self.side(false),
            c => return Err(format!("pos= starts with the side to move, W or B, not `{c}`")),
        };
        let mut setup = Setup::new(side);
        for (i, (&cell, &c)) in self.order.iter().zip(&chars[1..]).enumerate() {
            match c {
                'w' => setup.put(cell, self.side(true), self.man),
                'b' => setup.put(cell, self.side(false), self.man),
                'W' => setup.put(cell, self.side(true), self.king),
                'B' => setup.put(cell, self.side(false), self.king),
                'e' => &mut setup,
                _ => return Err(format!("pos=: square {} is `{c}`, not one of w b W B e", i + 1)),
            };
        }
        Position::from_setup(rules, &setup).or_else(|e| e.ignore_unreachable()).map_err(|e| format!("pos=: {e}"))
    }

    /// How Hub writes a position (as [`Squares::read`] reads it): the side to move, then
    /// one character a square.
    pub fn write(&self, pos: &Position) -> String {
        let letter = |side: Side, king: bool| {
            let white = (side == Side::White) != self.swapped;
            match (white, king) {
                (true, false) => 'w',
                (false, false) => 'b',
                (true, true) => 'W',
                (false, true) => 'B',
            }
        };
        let mut text = String::with_capacity(self.order.len() + 1);
        text.push(if (pos.side_to_move() == Side::White) != self.swapped { 'W' } else { 'B' });
        for &cell in &self.order {
            text.push(match pos.piece(cell) {
                Some((side, kind)) => letter(side, kind == self.king),
                None => 'e',
            });
        }
        text
    }

    /// How Hub writes a move: `32-28`, or `28x19x23` (origin, destination, then the
    /// captured squares in increasing order).
    pub fn write_move(&self, m: &MoveInfo) -> String {
        if m.is_pass() {
            return "pass".to_string();
        }
        let name = |c: u16| self.numbers.name(c);
        let mut captured: Vec<&str> = m.captured.iter().map(|&c| name(c)).collect();
        captured.sort_by_key(|name| name.parse::<u32>().unwrap_or(u32::MAX));
        let sep = if captured.is_empty() { '-' } else { 'x' };
        let mut text = format!("{}{sep}{}", name(m.from), name(m.to));
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
        let sorted = |cells: &[u16]| {
            let mut v = cells.to_vec();
            v.sort_unstable();
            v
        };
        let found: Vec<usize> = (0..list.len())
            .filter(|&i| {
                let m = list.get(i);
                m.from() == from && m.to() == to && captured.as_ref().is_none_or(|c| sorted(&list.info(i).captured) == *c)
            })
            .collect();
        match found[..] {
            [i] => {
                pos.make(rules, list.get(i));
                Ok(list.info(i))
            }
            [] => {
                let legal = listed((0..list.len()).map(|i| self.write_move(&list.info(i))), list.len(), " ");
                Err(format!("{} is not legal here (legal: {})", excerpt(text), if list.is_empty() { "none" } else { &legal }))
            }
            _ => {
                let which = listed(found.iter().map(|&i| self.write_move(&list.info(i))), found.len(), " or ");
                Err(format!("{} is ambiguous: name the captured squares ({which})", excerpt(text)))
            }
        }
    }

    /// A move's origin, destination and, when it names them, captured squares (sorted).
    fn read_move(&self, text: &str) -> Result<(u16, u16, Option<Vec<u16>>), String> {
        let square =
            |name: &str| self.numbers.parse(name).ok_or_else(|| format!("{}: there is no square `{}`", excerpt(text), excerpt(name)));
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
        let mut captured = captured;
        captured.sort_unstable();
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
