//! polydame plays the rules of any checkers/draughts variant from a description file.
//!
//! A variant is a TOML file (see `docs/variant-format.md`); it is checked into a
//! [`Spec`], compiled into immutable [`Rules`] tables, and one generic engine plays it.
//!
//! ```
//! use polydame::{compile_text, parse_fen, MoveList, Position, Routes};
//!
//! // A variant is data: international rules on a 6x6 board, written inline.
//! let text = r#"
//! [variant]
//! id = "mini"
//! name = "International rules on 6x6"
//! [board]
//! shape = "square"
//! width = 6
//! height = 6
//! [pieces.man]
//! moves = ["step(diagonal & forward)"]
//! captures = ["jump(diagonal)"]
//! promotion = "rank(6)"
//! promotes_to = "king"
//! [pieces.king]
//! fen = "K"
//! moves = ["slide(diagonal)"]
//! captures = ["fly(diagonal, land = any)"]
//! [capture]
//! precedence = ["most-pieces"]
//! [setup]
//! white = "ranks(1..2)"
//! black = "ranks(1..2)"
//! "#;
//! let rules = compile_text(text, "mini.toml").unwrap();
//! let mut pos = Position::start(&rules);
//! let mut moves = MoveList::new();
//! pos.generate(&rules, &mut moves, Routes::Distinct);
//! assert_eq!(moves.len(), 5);
//! // Play the first move and count the replies.
//! pos.make(&rules, moves.get(0));
//! let mut replies = MoveList::new();
//! pos.generate(&rules, &mut replies, Routes::Distinct);
//! assert_eq!(replies.len(), 5);
//! // Positions can also come from FEN; shipped variants load by id with `load_variant`.
//! let p = parse_fen(&rules, "W:W13-18:B1-6").unwrap();
//! assert_eq!(p.hash(), Position::start(&rules).hash());
//! ```

pub mod compile;
pub mod engine;
pub mod geometry;
pub mod record;
pub mod spec;
mod variants;

pub use compile::{dump, Rules};
pub use engine::{
    divide, perft, perft_parallel, MoveInfo, MoveIter, MoveList, MoveRef, Outcome, Piece, Position, Routes, Setup, SetupError, SetupProblem,
};
pub use geometry::{CellSet, Geometry, Notation};
pub use record::{
    full_path, move_text, parse_fen, parse_move, random_game, replay, replay_with, write_fen, write_pdn, FenError, FenErrorKind, Game,
    GameRecord, Illegal, MoveError, Notations, PlyError, PlyReason, Verdict,
};
pub use spec::{load, Diagnostic, Diagnostics, Side, Spec};
pub use variants::{compile_text, load_variant, load_variant_with, shipped, LoadError};
