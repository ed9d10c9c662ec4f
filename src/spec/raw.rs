//! The variant file as written: serde structures over TOML, spans kept.
//!
//! Every table denies unknown keys so a misspelt key is an error with its position, never
//! silently ignored.

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use toml::Spanned;

/// A string in the file with its span (quotes included).
pub type SStr = Spanned<String>;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawVariant {
    /// The `[variant]` table.
    pub variant: RawMeta,
    /// The `[board]` table.
    pub board: Spanned<RawBoard>,
    /// The `[sides]` table.
    #[serde(default)]
    pub sides: Option<Spanned<RawSides>>,
    /// The `[cells]` table: named cell sets (`TRIANGLES = "..."`), in file order.
    #[serde(default)]
    pub cells: Option<Ordered<SStr>>,
    /// The `[pieces.NAME]` tables, in file order.
    pub pieces: Ordered<Spanned<RawPiece>>,
    /// The `[capture]` table.
    #[serde(default)]
    pub capture: Option<Spanned<RawCapture>>,
    /// The `[columns]` table: captured pieces are kept, in columns.
    #[serde(default)]
    pub columns: Option<Spanned<RawColumns>>,
    /// The `[drops]` table: pieces placed from a hand.
    #[serde(default)]
    pub drops: Option<Spanned<RawDrops>>,
    /// The `[setup]` table.
    pub setup: Spanned<RawSetup>,
    /// The `[end]` table.
    #[serde(default)]
    pub end: Option<Spanned<RawEnd>>,
    /// Options chosen at load: `[options.NAME]` with `default`, `help` and
    /// `choices.CHOICE` tables that override parts of the file.
    #[serde(default)]
    pub options: Option<Ordered<RawOption>>,
}

/// `[options.NAME]`: one option of the variant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOption {
    /// The choice the rest of the file describes.
    pub default: SStr,
    /// One line for people.
    #[serde(default)]
    pub help: Option<SStr>,
    /// `choices.CHOICE`: the tables and keys this choice changes (empty for the default).
    pub choices: Ordered<toml::Table>,
}

/// `[variant]`: who the variant is.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMeta {
    /// The id, used on the command line.
    pub id: SStr,
    /// The name, for people.
    pub name: SStr,
    /// A description.
    #[serde(default)]
    pub description: Option<SStr>,
    /// Other names that find the variant.
    #[serde(default)]
    pub aliases: Vec<SStr>,
    /// PDN GameType value(s) that mean this variant, e.g. "20" or "25,W,8,8,A0,0".
    #[serde(default)]
    pub gametype: Vec<SStr>,
    /// Where the rules come from.
    #[serde(default)]
    pub sources: Vec<SStr>,
}

/// `[board]`: the geometry and the cell names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBoard {
    /// "square", "hex" or "lines".
    pub shape: SStr,
    /// Square boards: the number of columns.
    #[serde(default)]
    pub width: Option<Spanned<i64>>,
    /// Square boards: the number of rows.
    #[serde(default)]
    pub height: Option<Spanned<i64>>,
    /// Hexagonal boards: the number of cells along each edge.
    #[serde(default)]
    pub side: Option<Spanned<i64>>,
    /// "dark" or "all", or the list of the cells played on (square boards).
    #[serde(default)]
    pub cells: Option<Spanned<RawCells>>,
    /// Cells of the board's shape that are not part of it (square boards).
    #[serde(default)]
    pub holes: Option<SStr>,
    /// Boards of points: the lines, each from one end to the other (`a1-e5`), or a chain
    /// of them (`a3-c5-e3`).
    #[serde(default)]
    pub lines: Option<Spanned<Vec<SStr>>>,
    /// Boards of points: links, each a step between two neighbouring points that no line
    /// draws (`c1-b2`), taken only by the moves that say `along = links`.
    #[serde(default)]
    pub links: Option<Spanned<Vec<SStr>>>,
    /// Boards of points: rings, each a closed chain of points (`c3-d3-e3-...`), along
    /// which moves go on around however the ring turns (directions `cw`, `ccw`).
    #[serde(default)]
    pub rings: Option<Spanned<Vec<SStr>>>,
    /// Boards of points whose lines run at any slope: where each column stands in the
    /// picture, left to right.
    #[serde(default)]
    pub x: Option<Spanned<Vec<f64>>>,
    /// And where each row stands, from White's side up.
    #[serde(default)]
    pub y: Option<Spanned<Vec<f64>>>,
    /// Colour of the bottom-left corner a1: "dark" (default) or "light".
    #[serde(default)]
    pub a1: Option<SStr>,
    /// "numeric" or "algebraic".
    #[serde(default)]
    pub notation: Option<SStr>,
    /// Numeric notation: the corner, seen from White, of square 1.
    #[serde(default)]
    pub numbering: Option<SStr>,
}

/// `cells` of `[board]`: a choice of colour, or an explicit list of cells.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawCells {
    /// "dark" or "all".
    Choice(String),
    /// The algebraic names of every cell of the board.
    List(Vec<String>),
}

/// `[sides]`: who moves first and which way is forward.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSides {
    /// "white" (default) or "black".
    #[serde(default)]
    pub first: Option<SStr>,
    /// White's forward direction (default `n`); Black's is its opposite unless given.
    #[serde(default)]
    pub white_forward: Option<SStr>,
    /// Black's forward direction.
    #[serde(default)]
    pub black_forward: Option<SStr>,
}

/// `[pieces.NAME]`: one kind of piece.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPiece {
    /// Prefix of the piece in FEN ("" for men, "K" for kings).
    #[serde(default)]
    pub fen: Option<SStr>,
    /// One-letter symbol for diagrams (white's; black's is the other case).
    #[serde(default)]
    pub symbol: Option<SStr>,
    /// Quiet moves: `step(...)`, `slide(...)`, `run(...)`.
    #[serde(default)]
    pub moves: Vec<SStr>,
    /// Captures: `jump(...)`, `fly(...)`, `leap(...)`.
    #[serde(default)]
    pub captures: Vec<SStr>,
    /// Kinds of enemy piece this kind may capture (default: all).
    #[serde(default)]
    pub can_capture: Option<Vec<SStr>>,
    /// Cells where this kind promotes, written from White's point of view; Black's
    /// zone is its half-turn.
    #[serde(default)]
    pub promotion: Option<SStr>,
    /// The kind a piece of this kind promotes to.
    #[serde(default)]
    pub promotes_to: Option<SStr>,
    /// Value for capture precedence by value.
    #[serde(default)]
    pub value: Option<Spanned<i64>>,
    /// Cells where a move of this kind may end only if its side has no other legal move
    /// (written from White's point of view).
    #[serde(default)]
    pub avoid: Option<SStr>,
    /// Most consecutive quiet moves one piece of this kind may make while its side has
    /// pieces of other kinds.
    #[serde(default)]
    pub max_quiet_moves: Option<Spanned<i64>>,
    /// A capture by this kind may stop after any capture, though it could go on.
    #[serde(default)]
    pub may_stop: Option<Spanned<bool>>,
    /// Whether this kind's captures are compulsory (default: `[capture] mandatory`).
    #[serde(default)]
    pub mandatory: Option<Spanned<bool>>,
    /// Whether this kind's capture may go on in the direction it came from (default:
    /// `[capture] turn_back`).
    #[serde(default)]
    pub turn_back: Option<Spanned<bool>>,
    /// Whether this kind's capture goes on only in the direction of the capture before
    /// (default: `[capture] straight`).
    #[serde(default)]
    pub straight: Option<Spanned<bool>>,
    /// With `straight`: on a cell at the board's edge the capture may turn (any way but
    /// back).
    #[serde(default)]
    pub turn_at_edge: Option<Spanned<bool>>,
    /// The only cells where a piece of this kind may stand (written from White's point
    /// of view).
    #[serde(default)]
    pub cells: Option<SStr>,
}

/// `[capture]`: how captures work.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCapture {
    /// A capture must be made when one is possible (default true).
    #[serde(default)]
    pub mandatory: Option<Spanned<bool>>,
    /// "end" or "immediate".
    #[serde(default)]
    pub removal: Option<SStr>,
    /// May a capture continue in the direction it came from.
    #[serde(default)]
    pub turn_back: Option<Spanned<bool>>,
    /// A capture goes on only in the direction of the capture before.
    #[serde(default)]
    pub straight: Option<Spanned<bool>>,
    /// "at-end", "promote-and-continue", "promote-and-continue-if-able" or "ends-move".
    #[serde(default)]
    pub promotion: Option<SStr>,
    /// "free" or "must-continue".
    #[serde(default)]
    pub landing: Option<SStr>,
    /// Precedence criteria, in order.
    #[serde(default)]
    pub precedence: Vec<SStr>,
    /// The kinds whose captures the precedence ranks (default: every kind); the others'
    /// captures are offered beside the best of them.
    #[serde(default)]
    pub precedence_kinds: Option<Spanned<Vec<SStr>>>,
    /// Halt rule: kinds after which, when captured last, a flying capture must land
    /// directly behind the last piece.
    #[serde(default)]
    pub halt_behind: Vec<SStr>,
    /// Halt rule: how many of the last captured pieces must be of those kinds (default 1).
    #[serde(default)]
    pub halt_last: Option<Spanned<i64>>,
    /// Halt rule: the fewest pieces the move must capture for it to apply (default 1).
    #[serde(default)]
    pub halt_min_captures: Option<Spanned<i64>>,
    /// Whether a man that stops a capture on its promotion cells, though it could go on
    /// (a kind with `may_stop`), promotes (default true).
    #[serde(default)]
    pub stop_promotes: Option<Spanned<bool>>,
    /// Whether a capture may land on a cell where its piece has stood during the move
    /// (default true).
    #[serde(default)]
    pub revisit: Option<Spanned<bool>>,
    /// Whether a piece crowned mid-capture into a ranked kind must take the most pieces
    /// from there (default false).
    #[serde(default)]
    pub longest_after_crowning: Option<Spanned<bool>>,
    /// "side" (default): the precedence compares the captures of all the side's pieces;
    /// "piece": each piece's captures among themselves.
    #[serde(default)]
    pub precedence_scope: Option<SStr>,
    /// What becomes of pieces that could have made one of the best captures when their
    /// side moves without capturing: "none" (default), "opponent-removes-one",
    /// "removed-at-once".
    #[serde(default)]
    pub huff: Option<SStr>,
    /// Whether a move that ends where its side's last capture first landed removes
    /// nothing by huffing (default false).
    #[serde(default)]
    pub huff_spares_last_landing: Option<Spanned<bool>>,
    /// Cells emptied after every jump of a capture: every piece on them, of either side,
    /// the capturing piece too, is taken off.
    #[serde(default)]
    pub cleared: Option<SStr>,
    /// When the side that moved moves again: "never" (default) or "capture-open" (after a
    /// capture that ends where the capturing piece could begin another).
    #[serde(default)]
    pub moves_again: Option<SStr>,
}

/// `[columns]`: a jump takes the top piece of the jumped column and puts it under the
/// capturer; a column moves as its top piece and belongs to its side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawColumns {
    /// "top" (default): a jump takes the top piece of the jumped column; "column": the
    /// whole column.
    #[serde(default)]
    pub take: Option<SStr>,
    /// "any" (default) or "not-next": whether a column may be jumped again by the very
    /// next jump of the same capture.
    #[serde(default)]
    pub jump_again: Option<SStr>,
}

/// `[setup]`: the start position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSetup {
    /// White's cells.
    pub white: SStr,
    /// Black's cells.
    pub black: SStr,
    /// The kind of White's pieces (default: the first kind).
    #[serde(default)]
    pub white_kind: Option<SStr>,
    /// The kind of Black's pieces (default: the first kind).
    #[serde(default)]
    pub black_kind: Option<SStr>,
    /// `[setup.kinds.NAME]`: pieces of other kinds at the start, per side.
    #[serde(default)]
    pub kinds: Option<Ordered<Spanned<RawKindSetup>>>,
    /// How many pieces White holds in hand at the start (`[drops]`).
    #[serde(default)]
    pub white_hand: Option<Spanned<i64>>,
    /// How many pieces Black holds in hand at the start.
    #[serde(default)]
    pub black_hand: Option<Spanned<i64>>,
}

/// `[drops]`: a side places pieces from its hand onto empty cells.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDrops {
    /// The kind placed.
    pub kind: SStr,
    /// Where pieces may be placed (a cell set, written for White).
    pub cells: SStr,
    /// Placements a turn: 1 (default) or 2.
    #[serde(default)]
    pub per_turn: Option<Spanned<i64>>,
    /// A condition on a turn's first placement (`touches(...)`).
    #[serde(default, rename = "where")]
    pub condition: Option<SStr>,
    /// With two placements a turn: the directions in which the second lies from the first.
    #[serde(default)]
    pub next: Option<SStr>,
    /// A side places its whole hand before moving any piece.
    #[serde(default)]
    pub before_moves: Option<Spanned<bool>>,
    /// The side's first placement of the game (its hand still full) ignores `where`.
    #[serde(default)]
    pub first_anywhere: Option<Spanned<bool>>,
    /// After placing: an enemy piece whose neighbours in these directions are all the
    /// mover's pieces is taken.
    #[serde(default)]
    pub enclose: Option<SStr>,
    /// With two a turn, a first piece that leaves the second no place: "not-placed"
    /// (default) or "wins".
    #[serde(default)]
    pub incomplete: Option<SStr>,
}

/// `[setup.kinds.NAME]`: where the pieces of one kind stand at the start.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawKindSetup {
    /// White's cells of this kind.
    #[serde(default)]
    pub white: Option<SStr>,
    /// Black's cells of this kind.
    #[serde(default)]
    pub black: Option<SStr>,
}

/// `[end]`: how the game ends.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEnd {
    /// "loss" (default), "win" or "pass" for the side that cannot move.
    #[serde(default)]
    pub no_moves: Option<SStr>,
    /// "loss" or "win" for the side that has no pieces (default: as `no_moves`, and a
    /// loss when a side without moves passes).
    #[serde(default)]
    pub no_pieces: Option<SStr>,
    /// With `no_moves = "pass"`: the game is drawn after this many passes in a row
    /// (default 2: both sides pass in turn).
    #[serde(default)]
    pub passes_draw: Option<Spanned<i64>>,
    /// The side that first promotes a piece wins.
    #[serde(default)]
    pub promotion_wins: Option<Spanned<bool>>,
    /// Draw when the same position occurs this many times.
    #[serde(default)]
    pub repetition: Option<Spanned<i64>>,
    /// `[[end.material]]`: a side reduced to a given material loses, draws or wins.
    #[serde(default)]
    pub material: Vec<Spanned<RawMaterial>>,
    /// `[[end.count]]`: a draw after so many moves under a condition (move-count rules).
    #[serde(default)]
    pub count: Vec<Spanned<RawCount>>,
    /// `[[end.rule]]`: a result where a condition holds.
    #[serde(default)]
    pub rule: Vec<Spanned<RawEndRule>>,
}

/// `[[end.rule]]`: one end rule on a condition.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEndRule {
    /// The condition: `"no_moves & pieces(own, 0..1)"`.
    pub when: SStr,
    /// "loss", "draw" or "win" for the side to move.
    pub result: SStr,
}

/// `[[end.count]]`: one move-count rule.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCount {
    /// The rule's name, with its source: `"25-move rule, FMJD art. 6.4"`.
    pub name: SStr,
    /// Moves by each side (the count runs `2 × moves` half-moves).
    pub moves: Spanned<i64>,
    /// What starts the count again: `"capture"`, `"man-move"`, `"promotion"` (default
    /// `["capture", "man-move"]`).
    #[serde(default)]
    pub reset: Option<Vec<SStr>>,
    /// The count runs only while one side has exactly one material and the other exactly
    /// another: `"3 king against king"`.
    #[serde(default)]
    pub material: Option<Vec<SStr>>,
    /// The count runs only while the pieces on the board (both sides) are this many:
    /// `"4-5"` or `"7"`.
    #[serde(default)]
    pub pieces: Option<SStr>,
    /// `"both"`: the count runs only while both sides have a king.
    #[serde(default)]
    pub kings: Option<SStr>,
    /// The draw may be claimed by a player (the game goes on unless one does).
    #[serde(default)]
    pub claim: Option<Spanned<bool>>,
}

/// `[[end.material]]`: one material ending.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawMaterial {
    /// The material, exactly: `"king"`, `"2 king"`, `"king + man"`.
    pub pieces: SStr,
    /// "loss", "draw" or "win" for the side that has it.
    pub result: SStr,
    /// The other side's material, exactly, if the ending needs it: `"king"`.
    #[serde(default)]
    pub against: Option<SStr>,
}

/// A TOML table read as (key, value) pairs in file order.
#[derive(Debug)]
pub struct Ordered<V>(pub Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V2<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for V2<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, V>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V2(std::marker::PhantomData))
    }
}
