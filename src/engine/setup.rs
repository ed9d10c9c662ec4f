//! A position as given, not yet checked: [`Setup`]. The one door from a setup to a
//! [`Position`] is [`Position::from_setup`], which refuses what the rules cannot hold and
//! what no game of the variant can reach.

use super::columns::Column;
use super::position::{Position, QuietTrack};
use crate::compile::{Rules, code};
use crate::geometry::CellSet;
use crate::spec::{BySide, Side};
use std::fmt;

/// A piece of a [`Setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its cell (see [`Rules::cell`] for a cell by name).
    pub cell: u16,
    /// Whose piece it is.
    pub side: Side,
    /// Its kind: the index of a `[pieces.NAME]` table in the variant file, in file order.
    pub kind: u8,
}

/// A position as given by a FEN, a record's `[FEN]` tag or a program: the side to move and
/// the pieces, not yet checked against a variant's rules. In a variant with columns,
/// pieces given on the same cell make a column, the first given on top.
///
/// ```
/// use polydame::{load_variant, Position, Setup, Side};
///
/// let rules = load_variant("international").unwrap();
/// let mut setup = Setup::new(Side::White);
/// setup.put(rules.cell("32").unwrap(), Side::White, 0).put(rules.cell("19").unwrap(), Side::Black, 0);
/// let pos = Position::from_setup(&rules, &setup).unwrap();
/// assert_eq!(pos.pieces(Side::White).len(), 1);
///
/// // A white man on square 3 rests on its own promotion row: no game reaches that.
/// setup.put(rules.cell("3").unwrap(), Side::White, 0);
/// let err = Position::from_setup(&rules, &setup).unwrap_err();
/// assert_eq!(err.to_string(), "White's man on 3 stands on its own promotion cells: no game reaches this position (it would have promoted)");
/// // A program that wants such a position anyway says so.
/// assert!(err.ignore_unreachable().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move.
    pub side_to_move: Side,
    /// The pieces, in the order given.
    pub pieces: Vec<Piece>,
    /// Under a limit on a kind's quiet moves in a row (Frisian's kings): per side, the
    /// cell of the piece that has made such moves and how many (a count of 0: none). A
    /// record or a FEN extension carries it; [`Setup::new`] starts with none.
    pub quiet: QuietTrack,
    /// Under huffing by the opponent (`huff = "opponent-removes-one"`): the cells of the
    /// pieces of the side not to move that the side to move may take off before its move
    /// (see [`Position::huffable`]). A FEN carries them (`:X`); [`Setup::new`] has none.
    pub huffable: Vec<u16>,
    /// Under `huff_spares_last_landing`: per side, where its last capture first landed
    /// (see [`Position::last_landing`]). A FEN carries them (`:L`); [`Setup::new`] has
    /// none.
    pub last_landing: BySide<Option<u16>>,
    /// Under `[drops]`: per side, the pieces it holds in hand (see [`Position::hand`]). A
    /// FEN carries them (`:P`); [`Setup::new`] has none.
    pub hand: BySide<u8>,
    /// Where the rules count the moves played (see [`Position::played`]): how many were,
    /// if given. A FEN carries them (`:M`); [`Setup::new`] has none, as at the start of a
    /// game.
    pub played: Option<u16>,
}

impl Setup {
    /// No pieces, `side_to_move` to move.
    pub fn new(side_to_move: Side) -> Setup {
        Setup {
            side_to_move,
            pieces: Vec::new(),
            quiet: [(0, 0); 2],
            huffable: Vec::new(),
            last_landing: [None; 2],
            hand: [0; 2],
            played: None,
        }
    }

    /// Adds a piece.
    pub fn put(&mut self, cell: u16, side: Side, kind: u8) -> &mut Setup {
        self.pieces.push(Piece { cell, side, kind });
        self
    }
}

/// One reason a [`Setup`] is not a position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupProblem {
    /// A cell number past the board's last cell.
    NoSuchCell {
        /// Index of the piece in [`Setup::pieces`].
        piece: usize,
        /// The cell number given.
        cell: u16,
        /// Number of cells of the board.
        cells: usize,
    },
    /// A kind the variant does not have.
    NoSuchKind {
        /// Index of the piece in [`Setup::pieces`].
        piece: usize,
        /// The kind given.
        kind: u8,
    },
    /// Two pieces on one cell.
    CellTwice {
        /// Index of the second piece in [`Setup::pieces`].
        piece: usize,
        /// The cell, named in the variant's notation.
        cell: String,
    },
    /// A piece on cells where its kind promotes, for its side: it would have promoted when
    /// its move ended there.
    OnPromotionCells {
        /// Index of the piece in [`Setup::pieces`].
        piece: usize,
        /// Whose piece.
        side: Side,
        /// The name of its kind.
        kind: String,
        /// The cell, named in the variant's notation.
        cell: String,
    },
    /// A column taller than a column may be ([`Columns::MAX_HEIGHT`](crate::spec::Columns::MAX_HEIGHT)).
    ColumnTooTall {
        /// Index of the piece in [`Setup::pieces`] that does not fit.
        piece: usize,
        /// The cell, named in the variant's notation.
        cell: String,
    },
    /// A quiet-move count for a side whose piece is not on the cell given.
    NoTrackedPiece {
        /// The side.
        side: Side,
        /// The cell given, named in the variant's notation (or its number, past the board).
        cell: String,
    },
    /// A piece to take off by huffing that is not a piece of the side not to move, or in a
    /// variant whose opponent takes none off.
    NotHuffable {
        /// The cell given, named in the variant's notation (or its number, past the board).
        cell: String,
        /// Whether the variant has huffing by the opponent.
        huffing: bool,
    },
    /// A capture's first landing given for a variant that does not keep it, or off the
    /// board.
    NoLastLanding {
        /// The cell given, named in the variant's notation (or its number, past the board).
        cell: String,
    },
    /// Pieces in hand in a variant without `[drops]`.
    NoHands {
        /// The side.
        side: Side,
    },
    /// A side with more pieces than it starts the game with (on the board and in hand).
    TooManyPieces {
        /// The side.
        side: Side,
        /// Its pieces in the setup.
        count: usize,
        /// Its pieces at the start of a game.
        most: usize,
    },
}

impl SetupProblem {
    /// Whether the rules could hold the position but no game reaches it (a man on its
    /// promotion cells, too many pieces); [`SetupError::ignore_unreachable`] accepts those.
    pub fn is_unreachable(&self) -> bool {
        matches!(self, SetupProblem::OnPromotionCells { .. } | SetupProblem::TooManyPieces { .. })
    }

    /// The piece the problem is about (index in [`Setup::pieces`]), if it is about one.
    pub fn piece(&self) -> Option<usize> {
        match self {
            SetupProblem::NoSuchCell { piece, .. }
            | SetupProblem::NoSuchKind { piece, .. }
            | SetupProblem::CellTwice { piece, .. }
            | SetupProblem::ColumnTooTall { piece, .. }
            | SetupProblem::OnPromotionCells { piece, .. } => Some(*piece),
            SetupProblem::TooManyPieces { .. }
            | SetupProblem::NoTrackedPiece { .. }
            | SetupProblem::NotHuffable { .. }
            | SetupProblem::NoLastLanding { .. }
            | SetupProblem::NoHands { .. } => None,
        }
    }

    /// A stable name for the problem, for programs.
    pub fn code(&self) -> &'static str {
        match self {
            SetupProblem::NoSuchCell { .. } => "no-such-cell",
            SetupProblem::NoSuchKind { .. } => "no-such-kind",
            SetupProblem::CellTwice { .. } => "cell-twice",
            SetupProblem::ColumnTooTall { .. } => "column-too-tall",
            SetupProblem::OnPromotionCells { .. } => "on-promotion-cells",
            SetupProblem::TooManyPieces { .. } => "too-many-pieces",
            SetupProblem::NoTrackedPiece { .. } => "no-tracked-piece",
            SetupProblem::NotHuffable { .. } => "not-huffable",
            SetupProblem::NoLastLanding { .. } => "no-last-landing",
            SetupProblem::NoHands { .. } => "no-hands",
        }
    }
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::NoSuchCell { cell, cells, .. } => write!(f, "there is no cell {cell}: the board's cells are 0 to {}", cells - 1),
            SetupProblem::NoSuchKind { kind, .. } => write!(f, "the variant has no piece kind {kind}"),
            SetupProblem::CellTwice { cell, .. } => write!(f, "square {cell} is given twice"),
            SetupProblem::ColumnTooTall { cell, .. } => {
                write!(f, "the column on {cell} is taller than a column may be ({} pieces)", crate::spec::Columns::MAX_HEIGHT)
            }
            SetupProblem::OnPromotionCells { side, kind, cell, .. } => write!(
                f,
                "{}'s {kind} on {cell} stands on its own promotion cells: no game reaches this position (it would have promoted)",
                side.name()
            ),
            SetupProblem::NoTrackedPiece { side, cell } => {
                write!(f, "the quiet moves counted for {} are a piece's on {cell}, but {cell} holds no piece of {0}", side.name())
            }
            SetupProblem::NotHuffable { cell, huffing: true } => {
                write!(f, "{cell} is given as a piece to take off (huffing), but holds no piece of the side not to move")
            }
            SetupProblem::NotHuffable { cell, huffing: false } => {
                write!(f, "{cell} is given as a piece to take off (huffing), but in this variant the opponent takes none off")
            }
            SetupProblem::NoLastLanding { cell } => {
                write!(f, "{cell} is given as where a side's last capture first landed, which this variant does not keep")
            }
            SetupProblem::NoHands { side } => {
                write!(f, "{} is given pieces in hand, but in this variant no piece is placed from a hand", side.name())
            }
            SetupProblem::TooManyPieces { side, count, most } => {
                write!(f, "{} has {count} pieces, more than the {most} it starts with: no game reaches this position", side.name())
            }
        }
    }
}

/// Why [`Position::from_setup`] refused a setup: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    problems: Vec<SetupProblem>,
    /// The position as given, when the rules can hold it (every problem is unreachable).
    position: Option<Box<Position>>,
}

impl SetupError {
    /// The problems, in the order of the pieces.
    pub fn problems(&self) -> &[SetupProblem] {
        &self.problems
    }

    /// Whether every problem is one of a position the rules can hold but no game reaches
    /// (then [`SetupError::ignore_unreachable`] gives the position).
    pub fn is_unreachable(&self) -> bool {
        self.position.is_some() && self.problems.iter().all(SetupProblem::is_unreachable)
    }

    /// The position as given when every problem is one of a position the rules can hold
    /// but no game reaches (test positions often have such bystanders); the error itself
    /// otherwise.
    pub fn ignore_unreachable(self) -> Result<Position, SetupError> {
        match self.position {
            Some(p) if self.problems.iter().all(SetupProblem::is_unreachable) => Ok(*p),
            position => Err(SetupError { position, ..self }),
        }
    }
}

/// The most problems of a setup said in words: the first ones, and how many more.
const SHOWN_PROBLEMS: usize = 8;

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().take(SHOWN_PROBLEMS).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            p.fmt(f)?;
        }
        if let Some(more) = self.problems.len().checked_sub(SHOWN_PROBLEMS).filter(|&n| n > 0) {
            write!(f, "; and {more} more problem{}", if more == 1 { "" } else { "s" })?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// The one door from a [`Setup`] to a position: refuses cells past the board, unknown
    /// kinds and two pieces on a cell; and, as positions no game reaches, a piece on its
    /// own promotion cells and a side with more pieces than it starts with (see
    /// [`SetupError::ignore_unreachable`] to take those anyway).
    pub fn from_setup(rules: &Rules, setup: &Setup) -> Result<Position, SetupError> {
        let spec = rules.spec();
        let mut problems = Vec::new();
        let mut pos = Position::empty(rules, setup.side_to_move);
        let mut counts = [0usize; 2];
        for (i, p) in setup.pieces.iter().enumerate() {
            if p.cell as usize >= rules.cells {
                problems.push(SetupProblem::NoSuchCell { piece: i, cell: p.cell, cells: rules.cells });
                continue;
            }
            let Some(kind) = spec.kinds.get(p.kind as usize) else {
                problems.push(SetupProblem::NoSuchKind { piece: i, kind: p.kind });
                continue;
            };
            if pos.piece(p.cell).is_some() {
                let cell = rules.cell_name(p.cell).to_string();
                if rules.columns.is_none() {
                    problems.push(SetupProblem::CellTwice { piece: i, cell });
                    continue;
                }
                // A column: the first piece given is its top, each next one goes under.
                let mut col = pos.under(p.cell);
                if col.len as usize >= Column::MAX_UNDER {
                    problems.push(SetupProblem::ColumnTooTall { piece: i, cell });
                    continue;
                }
                col.push_bottom(code(p.side, p.kind));
                pos.set_under(rules, p.cell, col);
                counts[p.side] += 1;
                continue;
            }
            // A piece that may stop a capture in its zone without promoting can rest there.
            let rests = kind.may_stop && !spec.capture.stop_promotes && spec.capture.promotion == crate::spec::MidPromotion::AtEnd;
            // So can a kind another kind promotes to there (a man crowned a queen rests
            // on the far row though queens promote there too: one step a move).
            let crowned_here =
                spec.kinds.iter().any(|j| j.promotion.as_ref().is_some_and(|(t, zones)| *t == p.kind && zones[p.side].contains(p.cell)));
            // With columns, a man freed from under a column where it stands stays a man.
            let rests = rests || crowned_here || rules.columns.is_some();
            if !rests && kind.promotion.as_ref().is_some_and(|(_, zones)| zones[p.side].contains(p.cell)) {
                let (side, cell) = (p.side, rules.cell_name(p.cell).to_string());
                problems.push(SetupProblem::OnPromotionCells { piece: i, side, kind: kind.name.clone(), cell });
            }
            counts[p.side] += 1;
            pos.put(rules, p.cell, p.side, p.kind);
        }
        for side in Side::BOTH {
            let start_hand = spec.drops.as_ref().map_or(0, |d| d.hand[side] as usize);
            if setup.hand[side] > 0 && spec.drops.is_none() {
                problems.push(SetupProblem::NoHands { side });
            } else {
                pos.set_hand(rules, side, setup.hand[side]);
            }
            let (count, most) = (counts[side] + setup.hand[side] as usize, spec.setup[side].len() + start_hand);
            if count > most {
                problems.push(SetupProblem::TooManyPieces { side, count, most });
            }
            let (cell, n) = setup.quiet[side];
            if n > 0 && ((cell as usize) >= rules.cells || pos.piece(cell).is_none_or(|(s, _)| s != side)) {
                let cell = if (cell as usize) < rules.cells { rules.cell_name(cell).to_string() } else { cell.to_string() };
                problems.push(SetupProblem::NoTrackedPiece { side, cell });
            }
        }
        pos.set_quiet_track(setup.quiet.map(|(c, n)| if n == 0 { (0, 0) } else { (c, n) }));
        pos.set_played(rules, setup.played.unwrap_or(0));
        pos.set_huff_state(rules, setup, &mut problems);
        if problems.is_empty() {
            return Ok(pos);
        }
        let holds = problems.iter().all(SetupProblem::is_unreachable);
        Err(SetupError { problems, position: holds.then(|| Box::new(pos)) })
    }

    /// The setup of this position: the side to move and every piece, cell by cell.
    pub fn setup(&self) -> Setup {
        let mut s = Setup::new(self.side_to_move());
        for side in Side::BOTH {
            for cell in self.pieces(side).iter() {
                for (side, kind) in self.column(cell) {
                    s.put(cell, side, kind);
                }
            }
        }
        // Stable: a column's pieces stay top first.
        s.pieces.sort_by_key(|p| p.cell);
        s.quiet = self.quiet_track();
        s.played = (self.played > 0).then_some(self.played);
        s.huffable = self.huff.iter().collect();
        s.last_landing = [self.last_landing(Side::White), self.last_landing(Side::Black)];
        s.hand = self.hand;
        s
    }

    /// The huffing state of a setup: the pieces to take off, and where each side's last
    /// capture first landed; a problem for each cell the variant cannot take.
    fn set_huff_state(&mut self, rules: &Rules, setup: &Setup, problems: &mut Vec<SetupProblem>) {
        let name = |c: u16| if (c as usize) < rules.cells { rules.cell_name(c).to_string() } else { c.to_string() };
        let huffing = rules.capture.huff == crate::spec::Huff::OpponentRemovesOne;
        let mut cells = CellSet::EMPTY;
        for &c in &setup.huffable {
            let theirs = (c as usize) < rules.cells && self.piece(c).is_some_and(|(s, _)| s != self.side);
            if huffing && theirs {
                cells.insert(c);
            } else {
                problems.push(SetupProblem::NotHuffable { cell: name(c), huffing });
            }
        }
        self.set_huffable(rules, cells);
        for side in Side::BOTH {
            let Some(c) = setup.last_landing[side] else { continue };
            if rules.capture.huff_spares_last_landing && (c as usize) < rules.cells {
                self.set_last_landing(rules, side, c);
            } else {
                problems.push(SetupProblem::NoLastLanding { cell: name(c) });
            }
        }
    }
}
