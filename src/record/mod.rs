//! Records: FEN, move text (and, later, PDN reading, writing and validation).

mod fen;
mod notation;
pub mod pdn;
mod replay;

pub use fen::{parse_fen, parse_fen_in, write_fen, FenError};
pub use replay::{candidate_notations, replay, PlyError, Verdict};
pub use notation::{full_path, move_text};
