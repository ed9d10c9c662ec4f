//! polydame plays the rules of any checkers/draughts variant from a description file.
//!
//! A variant is a TOML file (see `docs/variant-format.md`); it is checked into a
//! [`Spec`](crate::spec::Spec), compiled into immutable [`Rules`] tables, and one generic engine plays it.
//!
//! A game is played by the moves' text, as players write them:
//!
//! ```
//! use polydame::{load_variant, parse_move, Game, Illegal, MoveError, Outcome};
//!
//! let rules = load_variant("international").unwrap();
//! let mut game = Game::new(&rules);
//! game.play("32-28").unwrap();
//! game.play("19-23").unwrap();
//! // An illegal move is refused with its reason, as an enum and as a sentence.
//! match game.play("31-26") {
//!     Err(MoveError::Illegal(Illegal::CaptureCompulsory { captures })) => assert_eq!(captures, ["28x19"]),
//!     other => panic!("{other:?}"),
//! }
//! let m = game.play("28x19").unwrap();
//! assert_eq!(m.captured.len(), 1);
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! // Move text resolved against any position, without a game.
//! let reply = parse_move(&rules, game.position(), "14x23").unwrap();
//! assert_eq!(rules.cell_name(reply.to), "23");
//! ```
//!
//! Engine authors generate, make and unmake moves on a [`Position`] with a reusable
//! [`MoveList`]; a move is borrowed from the list it was generated in ([`MoveRef`]):
//!
//! ```
//! use polydame::{compile_text, MoveList, Position, Routes};
//! use polydame::fen::parse_fen;
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
//!
//! A generic [`Player`] plays any variant, its evaluation built from the rules alone;
//! [`play_out`](crate::player::play_out) has it play games against itself, with the facts of every ply:
//!
//! ```
//! use polydame::{load_variant, Limits, Player, Position};
//! use polydame::player::{play_out, random_opening};
//!
//! let rules = load_variant("english").unwrap();
//! let player = Player::new(&rules);
//! let found = player.best(&Position::start(&rules), Limits::depth(6)).unwrap();
//! assert!(found.best.is_some() && found.depth == 6);
//! let game = play_out(&player, random_opening(&rules, 1, 4).unwrap(), &Limits::depth(2), 60).unwrap();
//! assert_eq!(game.plies().len(), game.record.moves.len());
//! ```

#![warn(missing_docs)]

pub mod actions;
mod compile;
pub mod egtb;
pub mod engine;
pub mod geometry;
pub mod json;
pub mod picture;
pub mod player;
mod record;
mod rng;
pub mod spec;
mod variants;

// The root: what an embedder or an engine author reaches for first. Everything else is in
// the modules: the format's data model (`spec`), the rest of the engine (`engine`), boards
// (`geometry`), records (`fen`, `pdn`, `notation`), the player's games (`player`) and
// pictures (`picture`).
pub use compile::{Engine, Rules};
pub use engine::{
    BudgetExceeded, EndReason, History, MoveInfo, MoveList, MoveRef, Outcome, Piece, Position, Routes, Setup, Undo, divide, perft,
    perft_parallel,
};
pub use player::{Best, Limits, Player};
pub use record::{Game, Illegal, MoveError, parse_move};
pub use spec::Side;
pub use variants::{LoadError, compile_text, compile_text_with, load_variant, load_variant_with, shipped, shipped_rules, shipped_variant};

/// Positions as FEN text: read in a variant's notation (or any it may be written in), and
/// written back.
pub mod fen {
    pub use crate::record::{
        FenError, FenErrorKind, FenExtras, FenRead, MAX_FEN_BYTES, parse_fen, parse_fen_in, read_fen, write_fen, write_fen_with,
    };
}

/// Game records in PDN: read from archives in any encoding, replayed with the reason for
/// every illegal move, and written.
pub mod pdn {
    pub use crate::record::{
        Annotations, GameRecord, GameText, Judgement, MAX_GAME_BYTES, MAX_GAME_MOVES, MAX_LINE_BYTES, MAX_VARIATION_DEPTH, MoveNotes,
        MoveText, Oddity, PdnGame, PdnGames, PlayedLine, PlyError, PlyReason, RecordVariation, Registry, RewriteError, UnknownEncoding,
        Variation, Verdict, Warning, WriteError, packed_readings, parse_game, parse_game_with, pdn_games, random_game, replay,
        replay_recorded, replay_with, result_as_written, rewrite, write_pdn,
    };
    #[cfg(feature = "archives")]
    pub use crate::record::{Packing, TooLarge, unpack};
}

/// Moves and squares as text: a move in a variant's notation, its full path, the order
/// moves are listed in, the notations a record may be written in, and positions and moves
/// square by square as engine protocols write them ([`Squares`](notation::Squares)).
pub mod notation {
    pub use crate::record::{
        BoardError, Found, Letters, Notations, Squares, SquaresRefusal, candidate_notations, full_path, full_text, move_text, read_move,
        sort_moves, sorted_order, square_order, taken_suffix, turning_path,
    };
}

/// What the crate's own tests and benchmarks need of its insides. Not part of the
/// stable API: it may change with any release.
#[doc(hidden)]
pub mod internals {
    use crate::Rules;

    /// The same rules without a bit layout, so that every piece is searched and counted
    /// cell by cell: the slow, obviously-correct path the bit-set paths are tested
    /// against.
    pub fn without_layout(rules: &Rules) -> Rules {
        let mut slow = rules.clone();
        slow.layout = None;
        slow.fast = Err(crate::engine::FastRefusal::Layout(crate::geometry::LayoutRefusal::Wide));
        slow
    }

    /// Whether the rules have a bit layout.
    pub fn has_layout(rules: &Rules) -> bool {
        rules.layout.is_some()
    }
}
