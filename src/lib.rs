//! polydame plays the rules of any checkers/draughts variant from a description file.
//!
//! A variant is a TOML file (see `docs/variant-format.md`); it is checked into a
//! [`Spec`], compiled into immutable [`Rules`] tables, and one generic engine plays it.
//!
//! ```
//! use polydame::{load_variant, parse_fen, MoveList, Position, Routes};
//!
//! let rules = load_variant("international").unwrap();
//! let mut pos = Position::start(&rules);
//! let mut moves = MoveList::new();
//! pos.generate(&rules, &mut moves, Routes::Distinct);
//! assert_eq!(moves.len(), 9);
//! // Play the first move and look at the reply count.
//! let m = moves.moves()[0];
//! pos.make(&rules, &moves, &m);
//! let mut replies = MoveList::new();
//! pos.generate(&rules, &mut replies, Routes::Distinct);
//! assert_eq!(replies.len(), 9);
//! // Positions can also come from FEN.
//! let p = parse_fen(&rules, "W:W31-50:B1-20").unwrap();
//! assert_eq!(p.hash(), Position::start(&rules).hash());
//! ```

pub mod compile;
pub mod engine;
pub mod geometry;
pub mod record;
pub mod spec;
mod variants;

pub use compile::{dump, Rules};
pub use engine::{divide, perft, perft_parallel, Counting, Move, MoveInfo, MoveList, Outcome, Position, Routes};
pub use geometry::{CellSet, Geometry, Notation};
pub use record::{full_path, move_text, parse_fen, random_game, replay, write_fen, write_pdn, FenError, GameRecord, PlyError, Verdict};
pub use spec::{load, Diagnostic, Diagnostics, Side, Spec};
pub use variants::{compile_text, load_variant, load_variant_with, shipped, LoadError};
