//! The generic engine: positions, legal moves, make/unmake, hashing, perft, outcome.

mod bits;
mod movegen;
mod outcome;
mod perft;
mod position;
mod sets;
mod setup;

pub use movegen::{Move, MoveInfo, MoveList, Routes, Undo};
pub use outcome::Outcome;
pub use perft::{divide, perft, perft_parallel, Counting};
pub use position::{Position, QuietTrack};
pub use setup::{Piece, Setup, SetupError, SetupProblem};
