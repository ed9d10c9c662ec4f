//! What can be wrong with a FEN, and where: [`FenError`].

use crate::engine::{Position, SetupError};
use crate::spec::Side;
use std::fmt;

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The side to move is neither `W` nor `B`.
    BadSide {
        /// What stands there.
        found: String,
    },
    /// No piece lists after the side to move.
    NoPieceLists,
    /// A piece list that does not start with `W` or `B`.
    BadColour {
        /// The first character of the list.
        found: char,
    },
    /// A list with not even its colour letter.
    EmptyList,
    /// Two lists for one side.
    TwoLists {
        /// The side.
        side: Side,
    },
    /// Two commas in a row.
    EmptySquare,
    /// A square the notation does not have.
    NoSuchSquare {
        /// The square as written.
        square: String,
        /// The number of squares, for numeric notation.
        numbered: Option<usize>,
    },
    /// A square of the board that is not played on (a light square).
    Unplayable {
        /// The square as written.
        square: String,
    },
    /// A range such as `20-11`.
    BackwardRange {
        /// The range as written.
        range: String,
    },
    /// A range of squares in a notation that names them by letter and number.
    RangeNotNumbered {
        /// The range as written.
        range: String,
    },
    /// A column (`c3[bwK]`) in a variant without columns.
    NoColumns,
    /// A column whose pieces are not written `w`/`b` and a kind letter, or lacks its `]`.
    BadColumn {
        /// What stands where a piece was expected.
        found: String,
    },
    /// The pieces do not make a position of the variant.
    Setup(SetupError),
    /// A field after the side to move that is neither a piece list nor one of the fields
    /// lidraughts appends as it writes them: `H<n>`, `F<n>`, `+N+M`.
    BadExtra {
        /// The field as written.
        found: String,
    },
    /// The pieces in hand (`[drops]`) not written `P` and each side's letter and count.
    BadHand {
        /// The field as written.
        found: String,
    },
    /// The moves played (in variants whose conditions count them) not written `M` and a
    /// number.
    BadPlayed {
        /// The field as written.
        found: String,
    },
    /// One of the fields `H<n>`, `F<n>` or `+N+M` given twice.
    ExtraTwice {
        /// The second one, as written.
        found: String,
    },
    /// A king-move counter (`+N+M`) names the square of its king, but no piece of that
    /// side whose quiet moves are counted (a king in Frisian) stands there.
    NoKingThere {
        /// The side the counter is of.
        side: Side,
        /// The square as written.
        square: String,
    },
    /// The text is longer than a FEN may be ([`MAX_FEN_BYTES`](crate::fen::MAX_FEN_BYTES)).
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
}

impl FenErrorKind {
    /// A stable name for the error, for programs.
    pub fn code(&self) -> &'static str {
        match self {
            FenErrorKind::BadSide { .. } => "bad-side",
            FenErrorKind::NoPieceLists => "no-piece-lists",
            FenErrorKind::BadColour { .. } => "bad-colour",
            FenErrorKind::EmptyList => "empty-list",
            FenErrorKind::TwoLists { .. } => "two-lists",
            FenErrorKind::EmptySquare => "empty-square",
            FenErrorKind::NoSuchSquare { .. } => "no-such-square",
            FenErrorKind::Unplayable { .. } => "unplayable",
            FenErrorKind::BackwardRange { .. } => "backward-range",
            FenErrorKind::RangeNotNumbered { .. } => "range-not-numbered",
            FenErrorKind::NoColumns => "no-columns",
            FenErrorKind::BadColumn { .. } => "bad-column",
            FenErrorKind::Setup(e) => e.problems().first().map_or("setup", |p| p.code()),
            FenErrorKind::BadExtra { .. } => "bad-extra",
            FenErrorKind::BadHand { .. } => "bad-hand",
            FenErrorKind::BadPlayed { .. } => "bad-played",
            FenErrorKind::ExtraTwice { .. } => "extra-twice",
            FenErrorKind::NoKingThere { .. } => "no-king-there",
            FenErrorKind::TooLong { .. } => "too-long",
        }
    }

    /// Whether the FEN names a square the notation it is read in does not have (a square
    /// number in an algebraic variant, a name in a numbered one, a light square): then
    /// another notation of the variant may read it.
    pub(crate) fn is_about_names(&self) -> bool {
        matches!(self, FenErrorKind::NoSuchSquare { .. } | FenErrorKind::Unplayable { .. } | FenErrorKind::RangeNotNumbered { .. })
    }
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenErrorKind::BadSide { found } => write!(f, "the side to move is `W` or `B`, not `{found}`"),
            FenErrorKind::NoPieceLists => f.write_str("a FEN has the side to move, then `:W...` and `:B...` piece lists"),
            FenErrorKind::BadColour { found } => write!(f, "a piece list starts with `W` or `B`, not `{found}`"),
            FenErrorKind::EmptyList => f.write_str("empty piece list: write `W` or `B` even when a side has no pieces"),
            FenErrorKind::TwoLists { side } => write!(f, "{} has two piece lists", side.name()),
            FenErrorKind::EmptySquare => f.write_str("empty square in the list (two commas?)"),
            FenErrorKind::NoSuchSquare { square, numbered: Some(n) } => {
                write!(f, "`{square}` is not a square of this board (squares are 1-{n})")
            }
            FenErrorKind::NoSuchSquare { square, numbered: None } => write!(f, "`{square}` is not a cell of this board"),
            FenErrorKind::Unplayable { square } => write!(f, "{square} is a light square on this board"),
            FenErrorKind::BackwardRange { range } => write!(f, "the range {range} runs backwards"),
            FenErrorKind::RangeNotNumbered { range } => write!(f, "ranges like `{range}` are for numbered squares"),
            FenErrorKind::NoColumns => {
                f.write_str("this variant has no columns: a square holds one piece, so `[...]` after a square means nothing")
            }
            FenErrorKind::BadColumn { found } => {
                write!(f, "in a column `[...]` each piece under the top is `w` or `b` and its kind's FEN letter (`[bwK]`), not `{found}`")
            }
            FenErrorKind::Setup(e) => e.fmt(f),
            FenErrorKind::BadExtra { found } => write!(
                f,
                "`{found}` is not a piece list (`W...`, `B...`) nor a field lidraughts appends: `H` and the half-move clock, `F` and the move number, or king-move counters `+N+M`"
            ),
            FenErrorKind::BadHand { found } => write!(
                f,
                "`{found}` is not the pieces in hand: `P` and each side's letter and count, as in `PW66` or `PW3,B5` (at most 255)"
            ),
            FenErrorKind::BadPlayed { found } => {
                write!(f, "`{found}` is not the moves played: `M` and their number, as in `M1` (at most 65535)")
            }
            FenErrorKind::ExtraTwice { found } => write!(f, "`{found}` is given a second time"),
            FenErrorKind::NoKingThere { side, square } => {
                write!(f, "the king-move counter of {} names {square}, but no {} king stands there", side.name(), side.name())
            }
            FenErrorKind::TooLong { bytes } => {
                write!(f, "the FEN is {bytes} bytes long, more than the {} a FEN may have", super::fen::MAX_FEN_BYTES)
            }
        }
    }
}

/// Why a FEN could not be read: what, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// Character column in the FEN text, from 1.
    pub column: usize,
    /// The FEN as given.
    pub fen: String,
}

impl FenError {
    /// Whether the FEN is well formed and the only problems are of a position no game
    /// reaches (see [`SetupError::is_unreachable`]).
    pub fn is_unreachable(&self) -> bool {
        matches!(&self.kind, FenErrorKind::Setup(e) if e.is_unreachable())
    }

    /// The position as given when the only problems are of a position no game reaches
    /// (see [`SetupError::ignore_unreachable`]); the error itself otherwise.
    pub fn ignore_unreachable(self) -> Result<Position, FenError> {
        match self.kind {
            FenErrorKind::Setup(e) => e.ignore_unreachable().map_err(|e| FenError { kind: FenErrorKind::Setup(e), ..self }),
            _ => Err(self),
        }
    }
}

impl fmt::Display for FenError {
    /// The error, the FEN (a long one cut to a window around the column) and a caret
    /// under the column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (shown, column, _) = crate::spec::diag::shown_line(&self.fen, self.column.max(1), 1);
        write!(f, "bad FEN at column {}: {}\n  {shown}\n  {}^", self.column, self.kind, " ".repeat(column - 1))
    }
}
