//! The checked variant: every name resolved, every set computed. Only
//! [`check`](super::check) makes one, so holding a [`Spec`] means the file was valid.

use super::columns::Columns;
use super::condition::Condition;
use super::ending::EndRules;
use crate::geometry::{CellSet, DirSet, Geometry, Notation};

/// A side. White is index 0, Black index 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// White: the variant file is written from White's point of view.
    White = 0,
    /// Black: its promotion zones are White's turned a half turn.
    Black = 1,
}

impl Side {
    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
    /// `W` or `B`, as in FEN.
    pub fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];
    /// Where the side's value is in a pair of them, one per side (a [`BySide`]): 0 for White,
    /// 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A value per side, White's first, indexed by the side: `pieces[side]`.
pub type BySide<T> = [T; 2];

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, side: Side) -> &T {
        &self[side as usize]
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    #[inline(always)]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self[side as usize]
    }
}

/// How a quiet move travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveKind {
    /// One cell.
    Step,
    /// Any number of empty cells.
    Slide,
    /// Over zero or more of its own pieces to the first empty cell.
    Run,
}

/// One quiet-move rule of a piece kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveRule {
    /// How the piece travels.
    pub kind: MoveKind,
    /// The directions, per side.
    pub dirs: BySide<DirSet>,
    /// Where the move may end, if restricted.
    pub condition: Option<Condition>,
    /// A step's length: `stride` cells in the direction, those before the last empty
    /// (1 for every other move).
    pub stride: u8,
    /// A step of `stride` 2 or more: the cells before the last may also hold the mover's
    /// own pieces (`over = own`), as a hop over them.
    pub over_own: bool,
    /// The kind the piece becomes by this move (`becomes = KIND`), before any promotion
    /// where it lands; `None`: it stays what it is.
    pub becomes: Option<u8>,
    /// A step: along the board's links too (`along = links`), not its lines only.
    pub along_links: bool,
}

/// How a capture reaches and takes its piece(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CaptureKind {
    /// The enemy piece is adjacent; land on the cell just beyond.
    Jump,
    /// Approach over any number of empty cells, take one piece, land beyond it.
    Fly,
    /// Take a contiguous line of `min` or more enemy pieces and land just beyond; the
    /// move ends there.
    Leap,
    /// Step to the adjacent empty cell and take the line of enemy pieces that starts
    /// just beyond it, in the direction of the step (a capture by approach).
    Approach,
    /// Step to the adjacent empty cell and take the line of enemy pieces that starts
    /// just behind the cell left, away from the step (a capture by withdrawal).
    Withdrawal,
}

/// Where a flying capture may land: on an empty cell from the `min`-th to the `max`-th
/// beyond the piece it takes (1 is the cell just beyond), every cell before it empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Land {
    /// The nearest landing, counted from the piece taken (1: just beyond).
    pub min: u8,
    /// The farthest ([`u8::MAX`]: as far as the cells beyond are empty).
    pub max: u8,
}

impl Land {
    /// Only on the cell directly behind the captured piece.
    pub const NEXT: Land = Land { min: 1, max: 1 };
    /// On any empty cell behind it.
    pub const ANY: Land = Land { min: 1, max: u8::MAX };

    /// Landing from the `min`-th to the `max`-th cell beyond (`1 <= min <= max`).
    pub fn within(min: u8, max: u8) -> Land {
        Land { min, max }
    }
}

/// One capture rule of a piece kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CaptureRule {
    /// How the capture reaches and takes its piece(s).
    pub kind: CaptureKind,
    /// The directions, per side.
    pub dirs: BySide<DirSet>,
    /// Where a flying capture may land.
    pub land: Land,
    /// Leap: may approach over empty cells first.
    pub approach: bool,
    /// Leap: the fewest pieces in the line.
    pub min: u8,
    /// Leap: whether the move ends where the leap lands (else it may go on capturing,
    /// as after any other capture).
    pub ends_move: bool,
    /// At which captures of a move this rule may be used.
    pub when: When,
    /// Bit k: this rule may capture pieces of kind k.
    pub kinds: u8,
    /// Jump: the cells from one piece to the next, 1 for adjacent cells; the cells
    /// between are empty.
    pub stride: u8,
    /// Fly: the fewest and most empty cells between the piece and the one it takes.
    pub gap: (u8, u8),
    /// Jump or fly: where it may land (`where`), judged at each landing.
    pub condition: Option<Condition>,
    /// Jump: over one of its own pieces onto an enemy piece just beyond, which it takes
    /// and replaces, ending the move (`over = own, onto = enemy`: a capture by
    /// displacement).
    pub displace: bool,
}

impl CaptureRule {
    /// A capture rule of `kind` over `dirs` with that kind's defaults: any enemy kind may be
    /// taken; a `jump` lands just beyond and may be used at every capture; a `fly` lands
    /// on any empty cell beyond; a `leap` takes a line of at least 2 pieces from an
    /// adjacent start, lands just beyond, ends the move, and only as the first capture of a
    /// move.
    pub fn new(kind: CaptureKind, dirs: BySide<DirSet>) -> CaptureRule {
        let (land, when) = match kind {
            CaptureKind::Jump => (Land::NEXT, When::Always),
            CaptureKind::Fly => (Land::ANY, When::Always),
            CaptureKind::Leap => (Land::NEXT, When::First),
            CaptureKind::Approach | CaptureKind::Withdrawal => (Land::NEXT, When::Always),
        };
        CaptureRule {
            kind,
            dirs,
            land,
            approach: false,
            min: 2,
            ends_move: kind == CaptureKind::Leap,
            when,
            kinds: u8::MAX,
            stride: 1,
            gap: (0, u8::MAX),
            condition: None,
            displace: false,
        }
    }
}

/// At which captures of a move a capture rule may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum When {
    /// As the first capture and as a continuation.
    Always,
    /// Only as the first capture of a move.
    First,
    /// Only once the move has already captured.
    Continuing,
}

/// A kind of piece.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Kind {
    /// The name of the kind, as in `[pieces.NAME]`.
    pub name: String,
    /// FEN prefix ("" for men, "K" for kings).
    pub fen: String,
    /// Diagram letter for White (Black's is the other case).
    pub symbol: char,
    /// Value for capture precedence by value.
    pub value: u32,
    /// The quiet moves of the kind.
    pub moves: Vec<MoveRule>,
    /// The captures of the kind.
    pub captures: Vec<CaptureRule>,
    /// Bit k set: may capture pieces of kind k.
    pub can_capture: u8,
    /// Kind it becomes and the cells where, per side.
    pub promotion: Option<(u8, BySide<CellSet>)>,
    /// Most consecutive quiet moves by one piece of this kind while its side also has
    /// pieces of other kinds.
    pub max_quiet_moves: Option<u8>,
    /// Per side, cells where a move of this kind may end only if nothing else is legal.
    pub avoid: Option<BySide<CellSet>>,
    /// Whether a capture by a piece of this kind may stop after any capture, though it
    /// could go on.
    pub may_stop: bool,
    /// Whether this kind's captures are compulsory; `None`: as [`CaptureRules::mandatory`].
    pub mandatory: Option<bool>,
    /// Whether this kind's capture may go on back the way it came; `None`: as
    /// [`CaptureRules::turn_back`].
    pub turn_back: Option<bool>,
    /// Whether this kind's capture goes on only straight ahead; `None`: as
    /// [`CaptureRules::straight`].
    pub straight: Option<bool>,
    /// With `straight`: on a cell at the board's edge (where one of the kind's capture
    /// directions leaves the board) its capture may go on any way but back.
    pub turn_at_edge: bool,
    /// Per side, the only cells where a piece of this kind may stand (`None`: every cell).
    pub cells: Option<BySide<CellSet>>,
}

impl Kind {
    /// Kind number `index` of the file, named `name`, with every default: the first kind
    /// has the FEN prefix "" and the symbol `m`, any other the capital and small initial
    /// of its name; value 1; no moves or captures; may capture every kind; no promotion.
    pub fn new(index: usize, name: &str) -> Kind {
        let initial = name.chars().next();
        let (fen, symbol) = if index == 0 {
            (String::new(), 'm')
        } else {
            (initial.map(|c| c.to_uppercase().to_string()).unwrap_or_default(), initial.unwrap_or('k').to_ascii_lowercase())
        };
        Kind {
            name: name.to_string(),
            fen,
            symbol,
            value: 1,
            moves: Vec::new(),
            captures: Vec::new(),
            can_capture: u8::MAX,
            promotion: None,
            max_quiet_moves: None,
            avoid: None,
            may_stop: false,
            mandatory: None,
            turn_back: None,
            straight: None,
            turn_at_edge: false,
            cells: None,
        }
    }
}

/// When captured pieces leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Removal {
    /// When the move ends: a captured piece blocks and cannot be taken twice.
    End,
    /// As soon as it is jumped: its cell is free at once.
    Immediate,
}

/// What a man that reaches its promotion zone during a capture does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MidPromotion {
    /// Nothing: it promotes only if the move ends there.
    AtEnd,
    /// It promotes at once and goes on capturing as the new kind.
    PromoteAndContinue,
    /// It promotes at once; the capture goes on, as the new kind, only where it could have
    /// gone on as the kind it was (its old kind's capture decides whether the move goes
    /// on, its new kind's capture how).
    PromoteAndContinueIfAble,
    /// The move ends there and it promotes.
    EndsMove,
}

/// Which landing a flying capture may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Landing {
    /// Any landing.
    Free,
    /// A landing from which the capture can continue, if there is one.
    MustContinue,
}

/// A criterion of capture precedence; the legal captures are those best by the first
/// criterion, then among them by the second, and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Criterion {
    /// Most pieces captured.
    MostPieces,
    /// Highest total value of pieces captured.
    MostValue,
    /// A capture by a king (a promoted kind) before one by a man.
    KingCaptures,
    /// Most kings captured.
    MostKings,
    /// The capture that meets a king earliest.
    EarliestKing,
}

impl Criterion {
    /// Names as written in variant files.
    pub const NAMES: [(&'static str, Criterion); 5] = [
        ("most-pieces", Criterion::MostPieces),
        ("most-value", Criterion::MostValue),
        ("king-captures", Criterion::KingCaptures),
        ("most-kings", Criterion::MostKings),
        ("earliest-king", Criterion::EarliestKing),
    ];
    /// The name used in variant files.
    pub fn name(self) -> &'static str {
        Criterion::NAMES.iter().find(|(_, c)| *c == self).map(|(n, _)| *n).expect("every criterion is named")
    }
}

/// How captures work.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CaptureRules {
    /// A capture must be made when one is possible.
    pub mandatory: bool,
    /// When captured pieces leave the board.
    pub removal: Removal,
    /// A capture may continue in the direction it came from.
    pub turn_back: bool,
    /// A capture may go on only in the direction of the capture before it.
    pub straight: bool,
    /// What a man that reaches its promotion zone during a capture does.
    pub promotion: MidPromotion,
    /// Which landing a flying capture may choose.
    pub landing: Landing,
    /// The precedence criteria, in order.
    pub precedence: Vec<Criterion>,
    /// Bit k: the precedence ranks captures by pieces of kind k; the others' captures
    /// are offered beside the best of them (`u8::MAX`: every kind).
    pub precedence_kinds: u8,
    /// The halt rule, if any.
    pub halt: Option<Halt>,
    /// Whether a piece that stops a capture (see [`Kind::may_stop`]) on its promotion
    /// cells, though it could go on, promotes.
    pub stop_promotes: bool,
    /// Whether a capture may land on a cell where its piece has stood during the move, its
    /// start included.
    pub revisit: bool,
    /// Whether a piece crowned during a capture into a kind `precedence` ranks, from a
    /// kind it does not, must go on by the routes that take the most pieces from there
    /// (the longest-capture rule applying from the crowning on).
    pub longest_after_crowning: bool,
    /// Whether the precedence compares each piece's captures among themselves only, not
    /// all the side's captures together.
    pub precedence_per_piece: bool,
    /// Huffing: what becomes of the pieces that could have made a best capture when their
    /// side moves without capturing.
    pub huff: Huff,
    /// Huffing spares a move that ends on the cell where its side's last capture first
    /// landed.
    pub huff_spares_last_landing: bool,
    /// Cells emptied after every jump of a capture (with immediate removal): every piece
    /// on them, of either side, the capturing piece too, is taken off.
    pub cleared: Option<CellSet>,
    /// After a capture that ends where the capturing piece could begin another, the same
    /// side moves again: a whole new move, of any piece (`moves_again = "capture-open"`).
    pub moves_again: bool,
}

/// Huffing: a side that moves without capturing, though it could, loses the pieces that
/// could have made one of its best captures (best by `precedence` over all its pieces;
/// any capture without a precedence). The piece that moved, if it was one of them, is
/// taken where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Huff {
    /// No huffing.
    None,
    /// The opponent may, on its next turn, take one of them off before its move (the
    /// removal and the move are one move).
    OpponentRemovesOne,
    /// They are taken off at the end of the move that did not capture.
    RemovedAtOnce,
}

impl Default for CaptureRules {
    /// Captures are mandatory, pieces leave the board when the move ends, a capture may
    /// turn back, a man promotes only where its move ends, landings are free, no
    /// precedence, no halt rule, and a stopped capture promotes where it stops.
    fn default() -> Self {
        CaptureRules {
            mandatory: true,
            removal: Removal::End,
            turn_back: true,
            straight: false,
            promotion: MidPromotion::AtEnd,
            landing: Landing::Free,
            precedence: Vec::new(),
            precedence_kinds: u8::MAX,
            halt: None,
            stop_promotes: true,
            revisit: true,
            longest_after_crowning: false,
            precedence_per_piece: false,
            huff: Huff::None,
            huff_spares_last_landing: false,
            cleared: None,
            moves_again: false,
        }
    }
}

/// A halt rule: a flying capture must land directly behind the last piece it takes
/// when the move takes at least `min_captures` pieces and the last `last` of them are of
/// the kinds in `kinds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Halt {
    /// Bit k: the rule applies after pieces of kind k.
    pub kinds: u8,
    /// How many of the last pieces taken must be of those kinds.
    pub last: u8,
    /// The fewest pieces the move must take for the rule to apply.
    pub min_captures: u8,
}

/// `[drops]`: a side places pieces of one kind from its hand onto empty cells, one or
/// two a turn, and may take enemy pieces by enclosing them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Drops {
    /// The kind placed.
    pub kind: u8,
    /// Where pieces may be placed, per side.
    pub cells: BySide<CellSet>,
    /// Placements a turn (1 or 2).
    pub per_turn: u8,
    /// A condition on a turn's first placement (tests `touches` and `sees_enemy`).
    pub condition: Option<Condition>,
    /// With two placements a turn: the directions in which the second lies from the
    /// first, per side.
    pub next: BySide<DirSet>,
    /// The side's first placement of the game (its hand as full as at the start) ignores
    /// `condition`.
    pub first_anywhere: bool,
    /// After placing, an enemy piece that has a neighbour in each of these directions,
    /// every one the mover's piece, is taken (per side); none if empty.
    pub enclose: BySide<DirSet>,
    /// The pieces each side holds in hand at the start.
    pub hand: BySide<u8>,
    /// A side places every piece of its hand before any of its pieces moves
    /// (`before_moves = true`): while its hand is not empty, placing is its only move.
    pub before_moves: bool,
    /// With two placements a turn: a first piece that leaves the second no place (or
    /// the hand empty) is placed alone and wins the game (`incomplete = "wins"`, as
    /// Ludii judges its end rule between the placements); else it is not placed.
    pub incomplete_wins: bool,
}

/// A checked variant.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Spec {
    /// The variant's id, used on the command line.
    pub id: String,
    /// The variant's name, for people.
    pub name: String,
    /// A description, trimmed; empty if none.
    pub description: String,
    /// Other names that find the variant on the command line.
    pub aliases: Vec<String>,
    /// PDN GameType values that mean this variant.
    pub gametypes: Vec<String>,
    /// Where the rules come from.
    pub sources: Vec<String>,
    /// The board.
    pub geometry: Geometry,
    /// How cells are named.
    pub notation: Notation,
    /// The side that moves first.
    pub first: Side,
    /// Forward direction index per side.
    pub forward: BySide<usize>,
    /// The piece kinds; a kind's index is its number in moves and positions.
    pub kinds: Vec<Kind>,
    /// How captures work.
    pub capture: CaptureRules,
    /// Captured pieces kept in columns (Lasca, Bashni), if the variant says so.
    pub columns: Option<Columns>,
    /// Start position: (cell, kind) per side.
    pub setup: BySide<Vec<(u16, u8)>>,
    /// Pieces placed from a hand (`[drops]`), if the variant has them.
    pub drops: Option<Drops>,
    /// How the game ends.
    pub end: EndRules,
    /// The variant's options and the choice made for each.
    pub options: Vec<VariantOption>,
    /// The cell sets that `where` conditions test (`from(CELLS)`, `to(CELLS)`), per side,
    /// numbered as [`Test::In`](super::Test::In) names them.
    pub condition_cells: Vec<BySide<CellSet>>,
}

/// An option of a variant, chosen at load.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct VariantOption {
    /// The option's name, as in `[options.NAME]`.
    pub name: String,
    /// One line for people.
    pub help: String,
    /// The choices, in file order.
    pub choices: Vec<String>,
    /// The choice the file as written describes.
    pub default: String,
    /// The choice made at load.
    pub chosen: String,
}
