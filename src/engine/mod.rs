//! The generic engine: positions, legal moves, make/unmake, hashing, perft, outcome.

mod bits;
mod count;
mod generate;
mod make;
mod moves;
mod outcome;
mod perft;
mod position;
mod quiet;
mod search;
mod sets;

pub use make::Undo;
pub use moves::{MoveInfo, MoveIter, MoveList, MoveRef, Routes};
pub use outcome::Outcome;
pub use perft::{divide, perft, perft_parallel};
pub use position::{Position, QuietTrack};
