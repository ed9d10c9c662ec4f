//! Records: FEN, move text, PDN reading and writing, replay and validation, and games.

mod decode;
mod fen;
mod fen_error;
mod game;
mod move_text;
mod notations;
mod pdn;
mod replay;
mod resolve;
mod split;
mod write;

pub use fen::{parse_fen, parse_fen_in, read_fen, write_fen, write_fen_with, FenError, FenErrorKind, FenExtras, FenRead};
pub use game::Game;
pub use move_text::{full_path, move_text, sort_moves, square_order};
pub use notations::{candidate_notations, Notations};
pub use pdn::{
    parse_game, pdn_games, GameText, MoveText, Oddity, PdnGame, PdnGames, UnknownEncoding, Variation, MAX_GAME_BYTES, MAX_GAME_MOVES,
    MAX_LINE_BYTES,
};
pub use replay::{replay, replay_with, PlyError, PlyReason, Verdict};
pub use resolve::{parse_move, read_move, Illegal, MoveError};
pub use write::{random_game, write_pdn, Annotations, GameRecord, MoveNotes, RecordVariation, WriteError};
