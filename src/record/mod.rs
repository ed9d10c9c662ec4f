//! Records: FEN, move text, PDN reading and writing, replay and validation, and games.

#[cfg(feature = "archives")]
mod archive;
mod body;
mod convert;
mod decode;
mod drops;
mod fen;
mod fen_error;
mod fen_fields;
mod game;
mod judgement;
mod move_error;
mod move_text;
mod notations;
mod pdn;
mod registry;
mod replay;
mod resolve;
mod split;
mod squares;
mod warnings;
mod write;

#[cfg(feature = "archives")]
pub use archive::{Packing, TooLarge, unpack};
pub use body::packed_readings;
pub use convert::{RewriteError, rewrite};
pub use fen::{FenError, FenErrorKind, FenExtras, FenRead, MAX_FEN_BYTES, parse_fen, parse_fen_in, read_fen, write_fen, write_fen_with};
pub use game::Game;
pub use judgement::Judgement;
pub use move_error::{Illegal, MoveError};
pub use move_text::{full_path, full_text, move_text, sort_moves, sorted_order, square_order, taken_suffix, turning_path};
pub use notations::{Notations, candidate_notations};
pub use pdn::{
    GameText, MAX_GAME_BYTES, MAX_GAME_MOVES, MAX_LINE_BYTES, MAX_VARIATION_DEPTH, MoveText, Oddity, PdnGame, PdnGames, UnknownEncoding,
    Variation, parse_game, parse_game_with, pdn_games,
};
pub use registry::Registry;
pub use replay::{PlayedLine, PlyError, PlyReason, Verdict, replay, replay_recorded, replay_with};
pub use resolve::{parse_move, read_move};
pub use squares::{BoardError, Found, Letters, Squares, SquaresRefusal};
pub use warnings::Warning;
pub use write::{Annotations, GameRecord, MoveNotes, RecordVariation, WriteError, random_game, result_as_written, write_pdn};
