//! Positions and moves on squares numbered 1 to N, as the engine protocols write them
//! (Scan's Hub, the DamExchange Protocol): a board is a letter for the side to move and
//! one letter a square, a move its origin, its destination and the squares it captures.
//! One door for every protocol: which variants it can say ([`SquaresRefusal`]), the order
//! of a board's squares, the letters, and the legal move some squares name.
//!
//! The protocols were made for International draughts, where the squares are numbered from
//! the top left and White, at the bottom, moves first. For other boards this follows the
//! GUIs that speak them for other variants (pydraughts, which lidraughts' bots use): a
//! board's letters go by the squares numbered from the top left as White sees the board,
//! and the white letters are the side that moves first, at the bottom; so in a variant
//! where Black moves first (English checkers) the board is read turned a half turn, its
//! colours swapped. Moves are written in the variant's own numbers, or where it names
//! squares by letters (Russian, Brazilian, Czech) in the numbers its players use, a1 = 1
//! along each row from White's side.

use crate::compile::Rules;
use crate::engine::{MoveInfo, MoveList, Position, Setup, SetupError};
use crate::geometry::{Corner, Notation, NotationKind, Shape};
use crate::spec::{Huff, Side};
use std::fmt;

/// Why positions of a variant cannot be said square by square, a piece a square, men and
/// kings alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquaresRefusal {
    /// Its squares have no numbers (a board of hexagons named by letters).
    NotNumbered,
    /// Its cells hold columns of pieces.
    Columns,
    /// It huffs: a move takes off pieces it does not capture.
    Huffing,
    /// It places pieces from a hand.
    Drops,
    /// Its pieces are not men and kings alone.
    NotMenAndKings,
    /// A square is missing from the numbers 1 to N.
    NoSquare {
        /// The number missing.
        number: usize,
        /// N, the number of squares.
        of: usize,
    },
}

impl fmt::Display for SquaresRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquaresRefusal::NotNumbered => f.write_str("does not number its squares: positions and moves need numbers"),
            SquaresRefusal::Columns => f.write_str("stacks pieces in columns: a position has one piece a square"),
            SquaresRefusal::Huffing => {
                f.write_str("huffs: a move names the pieces it captures, not those it takes off for a capture not made")
            }
            SquaresRefusal::Drops => f.write_str("places pieces from a hand: a move goes from a square to a square"),
            SquaresRefusal::NotMenAndKings => f.write_str("does not have men and kings alone: a position has no other pieces"),
            SquaresRefusal::NoSquare { number, of } => write!(f, "has no square {number}: the squares are numbered 1 to {of}"),
        }
    }
}

impl std::error::Error for SquaresRefusal {}

/// The letters of a protocol's boards: the white men's and the black men's (kings and the
/// side to move are the same letters in capitals), `e` an empty square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letters {
    /// A white man (a white king, White to move: its capital).
    pub white: char,
    /// A black man (a black king, Black to move: its capital).
    pub black: char,
}

impl Letters {
    /// Scan's Hub: `w`, `b` (`W`, `B`).
    pub const HUB: Letters = Letters { white: 'w', black: 'b' };
    /// The DamExchange Protocol: `w`, `z` (`W`, `Z`).
    pub const DXP: Letters = Letters { white: 'w', black: 'z' };
}

/// Why a board text is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// It has not one letter a square.
    Length {
        /// The letters a board has: the side to move and one a square.
        expected: usize,
        /// The letters it has.
        found: usize,
        /// The letters of its protocol.
        letters: Letters,
    },
    /// Its first letter is not a side.
    Side {
        /// What stands there.
        found: char,
        /// The letters of its protocol.
        letters: Letters,
    },
    /// A square's letter is not a piece nor `e`.
    Square {
        /// The square's number.
        number: usize,
        /// What stands there.
        found: char,
        /// The letters of its protocol.
        letters: Letters,
    },
    /// The pieces are not a position of the variant.
    Setup(SetupError),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = |l: &Letters| {
            let (w, b) = (l.white, l.black);
            format!("{w}, {b}, {}, {} or e", w.to_ascii_uppercase(), b.to_ascii_uppercase())
        };
        let sides = |l: &Letters| format!("{} or {}", l.white.to_ascii_uppercase(), l.black.to_ascii_uppercase());
        match self {
            BoardError::Length { expected, found, letters } => write!(
                f,
                "a position has {expected} characters ({} to move, then {} for each square 1-{}), not {found}",
                sides(letters),
                pieces(letters),
                expected - 1
            ),
            BoardError::Side { found, letters } => write!(f, "starts with the side to move, {}, not `{found}`", sides(letters)),
            BoardError::Square { number, found, letters } => {
                write!(f, "square {number} is `{found}`, not one of {}", pieces(letters).replace(", ", " ").replace(" or ", " "))
            }
            BoardError::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BoardError {}

/// What the squares a move is written with find among the legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// One move: its index in the list.
    One(usize),
    /// None.
    None,
    /// Several (two captures between the same squares, the captured squares not named):
    /// their indices.
    Several(Vec<usize>),
}

/// A variant's squares as the protocols number them, and its two kinds.
#[derive(Clone, Debug)]
pub struct Squares {
    /// The cells in the order of a board's letters.
    order: Vec<u16>,
    /// The white letters are Black (Black moves first).
    swapped: bool,
    /// The squares' numbers in moves.
    numbers: Notation,
    man: u8,
    king: u8,
}

impl Squares {
    /// The squares of `rules`, or why its positions cannot be said so.
    ///
    /// ```
    /// use polydame::load_variant;
    /// use polydame::notation::{Letters, Squares, SquaresRefusal};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let squares = Squares::new(&rules).unwrap();
    /// let start = polydame::Position::start(&rules);
    /// let board = squares.write(&start, Letters::DXP);
    /// assert_eq!(&board[..6], "Wzzzzz");
    /// assert_eq!(squares.read(&rules, &board, Letters::DXP).unwrap(), start);
    /// let lasca = load_variant("lasca").unwrap();
    /// assert_eq!(Squares::new(&lasca).unwrap_err(), SquaresRefusal::Columns);
    /// ```
    pub fn new(rules: &Rules) -> Result<Squares, SquaresRefusal> {
        let spec = rules.spec();
        let square = matches!(spec.geometry.shape(), Shape::Square { .. });
        if !spec.notation.is_numeric() && !square {
            return Err(SquaresRefusal::NotNumbered);
        }
        if spec.columns.is_some() {
            return Err(SquaresRefusal::Columns);
        }
        if spec.capture.huff != Huff::None {
            return Err(SquaresRefusal::Huffing);
        }
        if spec.drops.is_some() {
            return Err(SquaresRefusal::Drops);
        }
        let (Some(man), Some(king), 2) = (rules.kind("man"), rules.kind("king"), spec.kinds.len()) else {
            return Err(SquaresRefusal::NotMenAndKings);
        };
        let numbers = if spec.notation.is_numeric() {
            spec.notation.clone()
        } else {
            Notation::new(&spec.geometry, NotationKind::Numeric(Corner::BottomLeft))
        };
        // A board's letters go by the squares numbered from the top left (the variant's
        // own numbers where it numbers them so).
        let from_top_left =
            if square { Notation::new(&spec.geometry, NotationKind::Numeric(Corner::TopLeft)) } else { spec.notation.clone() };
        let n = spec.geometry.len();
        let mut order = Vec::with_capacity(n);
        for number in 1..=n {
            let cell = from_top_left.parse(&number.to_string()).filter(|&c| from_top_left.name(c) == number.to_string());
            order.push(cell.ok_or(SquaresRefusal::NoSquare { number, of: n })?);
        }
        let swapped = spec.first == Side::Black;
        if swapped {
            order.reverse();
        }
        Ok(Squares { order, swapped, numbers, man, king })
    }

    /// How many squares there are.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there are none (there is always one).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The side a white letter (or a black one) stands for.
    fn side(&self, white: bool) -> Side {
        if white != self.swapped { Side::White } else { Side::Black }
    }

    /// The position of a board text in `letters`: the side to move, then a letter a
    /// square (a position no game reaches is taken as it is, as engines take it).
    pub fn read(&self, rules: &Rules, text: &str, letters: Letters) -> Result<Position, BoardError> {
        let n = self.order.len();
        let chars: Vec<char> = text.chars().take(n + 2).collect();
        if chars.len() != n + 1 {
            let found = if chars.len() > n + 1 { text.chars().count() } else { chars.len() };
            return Err(BoardError::Length { expected: n + 1, found, letters });
        }
        let upper = |c: char| c.to_ascii_uppercase();
        let side = match chars[0] {
            c if c == upper(letters.white) => self.side(true),
            c if c == upper(letters.black) => self.side(false),
            found => return Err(BoardError::Side { found, letters }),
        };
        let mut setup = Setup::new(side);
        for (i, (&cell, &c)) in self.order.iter().zip(&chars[1..]).enumerate() {
            match c {
                'e' => {}
                c if c == letters.white => _ = setup.put(cell, self.side(true), self.man),
                c if c == letters.black => _ = setup.put(cell, self.side(false), self.man),
                c if c == upper(letters.white) => _ = setup.put(cell, self.side(true), self.king),
                c if c == upper(letters.black) => _ = setup.put(cell, self.side(false), self.king),
                found => return Err(BoardError::Square { number: i + 1, found, letters }),
            }
        }
        Position::from_setup(rules, &setup).or_else(|e| e.ignore_unreachable()).map_err(BoardError::Setup)
    }

    /// The board text of `pos` in `letters` (as [`Squares::read`] reads it).
    pub fn write(&self, pos: &Position, letters: Letters) -> String {
        let letter = |side: Side, king: bool| {
            let c = if (side == Side::White) != self.swapped { letters.white } else { letters.black };
            if king { c.to_ascii_uppercase() } else { c }
        };
        let mut text = String::with_capacity(self.order.len() + 1);
        text.push(letter(pos.side_to_move(), true));
        for &cell in &self.order {
            text.push(match pos.piece(cell) {
                Some((side, kind)) => letter(side, kind == self.king),
                None => 'e',
            });
        }
        text
    }

    /// The number of the square `cell` in moves.
    pub fn number(&self, cell: u16) -> &str {
        self.numbers.name(cell)
    }

    /// The cell of the square numbered `number` in moves.
    pub fn cell(&self, number: &str) -> Option<u16> {
        self.numbers.parse(number)
    }

    /// The legal moves of `list` going from `from` to `to` and, when `captured` is given,
    /// capturing those squares (in any order): of two captures between the same squares,
    /// the one meant.
    pub fn find(list: &MoveList, from: u16, to: u16, captured: Option<&[u16]>) -> Found {
        let sorted = |cells: &[u16]| {
            let mut v = cells.to_vec();
            v.sort_unstable();
            v
        };
        let captured = captured.map(sorted);
        let found: Vec<usize> = (0..list.len())
            .filter(|&i| {
                let m = list.get(i);
                m.from() == from && m.to() == to && captured.as_ref().is_none_or(|c| sorted(&list.info(i).captured) == *c)
            })
            .collect();
        match found[..] {
            [i] => Found::One(i),
            [] => Found::None,
            _ => Found::Several(found),
        }
    }

    /// The captured squares of `m` by their numbers, in increasing order.
    pub fn captured(&self, m: &MoveInfo) -> Vec<&str> {
        let mut captured: Vec<&str> = m.captured.iter().map(|&c| self.number(c)).collect();
        captured.sort_by_key(|name| name.parse::<u32>().unwrap_or(u32::MAX));
        captured
    }
}
