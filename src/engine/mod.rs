//! The generic engine: positions, legal moves, make/unmake, hashing, perft, outcome.
//!
//! Where things are: `moves` (the move list and its borrowed moves, [`Routes`]),
//! `generate` (legal moves: captures, then quiet moves unless a capture is compulsory),
//! `search` (the capture search), `decide` (the rule decisions of a capture search,
//! written once and called by both engines' searches), `quiet` (quiet moves), `count` (counting moves without
//! storing them, at the leaves of perft), `make` (make and unmake),
//! `position`, `perft` and `outcome` (with `end_reason`, why a game ended); `budget` (the
//! bound on one position's capture search); `history` (what the end rules need of a
//! game's past); `fast` (the fast path's move generation and perft on bit sets, over the tables
//! `compile::fast` builds; the rest of the engine is its reference).

mod budget;
mod columns;
mod conditions;
mod count;
mod decide;
mod drops;
mod end_reason;
mod fast;
mod generate;
mod history;
mod huff;
mod make;
mod moves;
mod outcome;
mod perft;
mod position;
mod quiet;
mod search;
mod setup;

pub use crate::compile::{DEFAULT_CAPTURE_BUDGET, FastRefusal};
pub use budget::{BudgetExceeded, STOP_EVERY, Stop};
pub use end_reason::EndReason;
pub use history::History;
pub use make::Undo;
pub use moves::{MoveInfo, MoveIter, MoveList, MoveRef, Routes};
pub use outcome::Outcome;
pub use perft::{MAX_PERFT_DEPTH, MAX_PERFT_THREADS, PerftError, divide, perft, perft_parallel, perft_with_progress};
pub use position::{Position, QuietTrack};
pub use setup::{Piece, Setup, SetupError, SetupProblem};
