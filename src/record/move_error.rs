//! Why a written move is not one legal move of its position: [`Illegal`] (the move is
//! not legal, and why) inside [`MoveError`] (also syntax, squares, ambiguity).

use crate::compile::Rules;
use crate::engine::{BudgetExceeded, Outcome};
use crate::spec::Side;
use std::fmt;
/// Why a written move is not a legal move of its position. `Display` gives the sentence
/// a player reads; [`Illegal::code`] a stable name a program can match on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Illegal {
    /// The origin is empty.
    NoPiece {
        /// The origin as named in the record.
        square: String,
    },
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece {
        /// The origin.
        square: String,
        /// Whose piece it is.
        owner: Side,
        /// The side to move.
        to_move: Side,
    },
    /// The side to move has no legal move at all.
    NoLegalMove {
        /// The side to move.
        side: Side,
    },
    /// The capture takes fewer pieces than the most any capture takes.
    NotMaximum {
        /// Pieces the written capture takes.
        taken: usize,
        /// Pieces the best captures take.
        most: usize,
        /// The legal captures.
        captures: Vec<String>,
    },
    /// The capture is complete but another one comes first by the variant's precedence.
    Precedence {
        /// The variant's precedence criteria, in order.
        criteria: Vec<&'static str>,
        /// The legal captures.
        captures: Vec<String>,
    },
    /// A quiet move (or a capture by a piece that has none) while capturing is compulsory.
    CaptureCompulsory {
        /// The legal captures.
        captures: Vec<String>,
    },
    /// The piece can capture, but not along the written route.
    NoSuchCapture {
        /// The origin.
        square: String,
        /// Its legal captures.
        captures: Vec<String>,
    },
    /// Written as a capture where there is none to make.
    NoCaptureHere {
        /// The origin.
        square: String,
        /// The legal moves of the piece (empty: it cannot move).
        moves: Vec<String>,
    },
    /// The destination of a quiet move holds a piece.
    Occupied {
        /// The destination.
        square: String,
    },
    /// The piece has no legal move.
    PieceCannotMove {
        /// The origin.
        square: String,
    },
    /// A pass where the side to move may not pass.
    NoPass {
        /// The side to move.
        side: Side,
    },
    /// The piece has legal moves, but not to the written destination.
    CannotGoThere {
        /// The origin.
        from: String,
        /// The destination.
        to: String,
        /// The legal moves of the piece.
        moves: Vec<String>,
    },
    /// Pieces placed from the hand (`@e5@e7`) where no legal drop places them.
    NoSuchDrop {
        /// The placement as written.
        text: String,
        /// Why not, in words.
        why: String,
    },
}

impl Illegal {
    /// A stable name for the reason, for programs (`validate --json` prints it as `code`).
    pub fn code(&self) -> &'static str {
        match self {
            Illegal::NoPiece { .. } => "no-piece",
            Illegal::NotYourPiece { .. } => "not-your-piece",
            Illegal::NoLegalMove { .. } => "no-legal-move",
            Illegal::NotMaximum { .. } => "not-maximum",
            Illegal::Precedence { .. } => "precedence",
            Illegal::CaptureCompulsory { .. } => "capture-compulsory",
            Illegal::NoSuchCapture { .. } => "no-such-capture",
            Illegal::NoCaptureHere { .. } => "no-capture-here",
            Illegal::Occupied { .. } => "occupied",
            Illegal::PieceCannotMove { .. } => "piece-cannot-move",
            Illegal::CannotGoThere { .. } => "cannot-go-there",
            Illegal::NoSuchDrop { .. } => "no-such-drop",
            Illegal::NoPass { .. } => "no-pass",
        }
    }
}

/// Moves written as a short list: sorted, each once, at most six and "and N more".
struct Listed<'a>(&'a [String]);

impl fmt::Display for Listed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut v: Vec<&str> = self.0.iter().map(String::as_str).collect();
        v.sort_unstable_by(|a, b| super::square_order(a, b));
        v.dedup();
        let more = v.len().saturating_sub(6);
        v.truncate(6);
        f.write_str(&v.join(", "))?;
        if more > 0 {
            write!(f, " and {more} more")?;
        }
        Ok(())
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NoPiece { square } => write!(f, "there is no piece on {square}"),
            Illegal::NotYourPiece { square, owner, to_move } => {
                write!(f, "the piece on {square} is {}'s, but {} is to move", owner.name(), to_move.name())
            }
            Illegal::NoLegalMove { side } => write!(f, "{} has no legal move", side.name()),
            Illegal::NotMaximum { taken, most, captures } => write!(
                f,
                "the capture takes {taken} piece{} but the maximum is {most}: {}",
                if *taken == 1 { "" } else { "s" },
                Listed(captures)
            ),
            Illegal::Precedence { criteria, captures } => {
                write!(f, "another capture takes precedence ({}): {}", criteria.join(", then "), Listed(captures))
            }
            Illegal::CaptureCompulsory { captures } => write!(f, "a capture is compulsory: {}", Listed(captures)),
            Illegal::NoSuchCapture { square, captures } => {
                write!(f, "the piece on {square} has no such capture; its captures: {}", Listed(captures))
            }
            Illegal::NoCaptureHere { square, moves } if moves.is_empty() => {
                write!(f, "there is no capture here, and the piece on {square} has no legal move")
            }
            Illegal::NoCaptureHere { square, moves } => {
                write!(f, "there is no capture here; the moves of {square} are: {}", Listed(moves))
            }
            Illegal::Occupied { square } => write!(f, "{square} is occupied"),
            Illegal::PieceCannotMove { square } => write!(f, "the piece on {square} has no legal move"),
            Illegal::NoPass { side } => write!(
                f,
                "{} may not pass: a side passes only when it has pieces and no other move, in a variant where it then passes",
                side.name()
            ),
            Illegal::CannotGoThere { from, to, moves } => {
                write!(f, "the piece on {from} cannot go to {to}; its moves: {}", Listed(moves))
            }
            Illegal::NoSuchDrop { text, why } => write!(f, "{text} is not a legal placement: {why}"),
        }
    }
}

impl std::error::Error for Illegal {}

/// Why a written move could not be resolved to one legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is not a move (`32-28`, `28x19x10`, `c3xe5`, `c3-d4`).
    Syntax {
        /// The text as given.
        text: String,
    },
    /// A square that the notation does not have.
    NoSuchSquare {
        /// The square as written.
        square: String,
    },
    /// The move is not legal; the reason says why.
    Illegal(Illegal),
    /// The text fits several different legal moves.
    Ambiguous {
        /// Every move it fits, with its full path.
        candidates: Vec<String>,
        /// When a replay tried each reading against the rest of the game: after how many of
        /// them the game goes on legally (more than one, or it would not be an error).
        go_on: Option<usize>,
    },
    /// Text in the moves that could be a move but is not read as one (`19-23x`, `1923`
    /// where the squares allow two readings): the game is not judged past it.
    Unreadable {
        /// The text as written.
        text: String,
    },
    /// The game is over: no move may be played (see [`Game`](super::Game)).
    GameOver {
        /// How it ended.
        outcome: Outcome,
        /// The outcome in words ([`Outcome::describe`]), which needs the rules: the
        /// error's message says it.
        description: String,
    },
    /// The legal moves of the position are not known: its capture search passed the
    /// rules' budget (see [`Rules::set_capture_budget`]). The move is neither legal nor
    /// illegal as far as this search could tell.
    Budget {
        /// The error, with the position.
        error: BudgetExceeded,
        /// The position as FEN, which the error's message names.
        fen: String,
    },
}

impl MoveError {
    /// The budget error of a position searched under `rules`, its position written as FEN
    /// (for a caller that turns a [`BudgetExceeded`] into the error of a move).
    pub fn budget(rules: &Rules, error: BudgetExceeded) -> MoveError {
        let fen = super::write_fen(rules, &error.position);
        MoveError::Budget { error, fen }
    }

    /// A stable name for the error, for programs: `syntax`, `no-such-square`,
    /// `ambiguous`, `game-over`, `capture-budget`, or the [`Illegal::code`] of an illegal
    /// move.
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::Syntax { .. } => "syntax",
            MoveError::NoSuchSquare { .. } => "no-such-square",
            MoveError::Illegal(i) => i.code(),
            MoveError::Ambiguous { .. } => "ambiguous",
            MoveError::Unreadable { .. } => "unreadable-move",
            MoveError::GameOver { .. } => "game-over",
            MoveError::Budget { .. } => "capture-budget",
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text } => {
                write!(f, "`{text}` is not a move: write squares joined by `-` (a move) or `x` (a capture), e.g. 32-28 or 28x19x10")
            }
            MoveError::NoSuchSquare { square } => write!(f, "there is no square {square} on this board in this notation"),
            MoveError::Illegal(i) => i.fmt(f),
            MoveError::Ambiguous { candidates, go_on } => {
                write!(f, "ambiguous: it matches {} different captures ({}); write the one meant", candidates.len(), Listed(candidates))?;
                if let Some(n) = go_on {
                    write!(f, "; the game goes on legally after {n} of them")?;
                }
                Ok(())
            }
            MoveError::Unreadable { text } => {
                write!(f, "`{text}` could be a move but cannot be read as one of this variant: the game is not judged from here")
            }
            MoveError::GameOver { description, .. } => write!(f, "the game is over: {description}"),
            MoveError::Budget { error, fen } => f.write_str(&error.describe(fen)),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<Illegal> for MoveError {
    fn from(i: Illegal) -> Self {
        MoveError::Illegal(i)
    }
}
