//! Records: FEN, move text (and, later, PDN reading, writing and validation).

mod fen;
mod notation;
pub mod pdn;
mod replay;
mod write;

pub use fen::{parse_fen, parse_fen_in, write_fen, FenError};
pub use notation::{full_path, move_text};
pub use replay::{candidate_notations, replay, replay_with, Notations, PlyError, Verdict};
pub use write::{random_game, write_pdn, GameRecord};
