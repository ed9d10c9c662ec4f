//! Records: FEN, move text (and, later, PDN reading, writing and validation).

mod fen;
mod notation;
pub mod pdn;

pub use fen::{parse_fen, write_fen, FenError};
pub use notation::{full_path, move_text};
