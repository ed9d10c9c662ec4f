//! Per side and kind of piece, the tables the engine runs on: its move and capture rules
//! compiled for that side, its promotion cells, and how its quiet moves are counted.

use super::{CapRule, Shape};
use crate::geometry::{CellSet, DirSet, Geometry, MAX_DIRS};
use crate::spec::{CaptureKind, Condition, Kind, MoveKind, When};

/// In [`KindTable::promoted`]: no promotion on this cell.
pub const NO_PROMOTION: u8 = 0xFF;

/// A quiet-move rule compiled for one side.
#[derive(Clone, Debug)]
pub struct MoveRule {
    /// Step, slide or run.
    pub kind: MoveKind,
    /// The directions it moves in (this side's directions).
    pub dirs: DirSet,
    /// A condition on where the move may end.
    pub condition: Option<Condition>,
    /// A step's length in cells (1 for other moves).
    pub stride: u8,
    /// A step longer than one cell: the cells before the last may hold the mover's own
    /// pieces (`over = own`).
    pub over_own: bool,
    /// The kind the piece becomes by this move (`becomes = KIND`).
    pub becomes: Option<u8>,
    /// A step along the board's links too (`along = links`).
    pub along_links: bool,
}

/// How the fast path counts a kind's quiet moves where it counts them without listing
/// them (at the leaves of perft): in bulk (a shift per direction for all the side's pieces
/// of the kind at once), or one by one, and why. Decided once, in `summary.rs`; the fast
/// path's tables and `polydame show` read it from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuietCount {
    /// In bulk: at most one move rule, no condition on where it ends, every cell allowed,
    /// steps of one cell (a limit on quiet moves leaves out the held piece).
    Bulk,
    /// One by one: two move rules may reach the same cell, and that is one move.
    SeveralRules,
    /// One by one: a move may end only where a condition holds.
    Condition,
    /// One by one: the kind may stand on some cells only.
    Cells,
    /// One by one: a step longer than one cell.
    Stride,
}

impl QuietCount {
    /// How a kind's quiet moves are counted (the first reason that applies).
    pub fn of(kind: &Kind) -> QuietCount {
        super::summary::kind_counts(kind).0
    }

    /// Whether the quiet moves count in bulk.
    #[inline]
    pub fn in_bulk(self) -> bool {
        self == QuietCount::Bulk
    }

    /// Why they are counted one by one, in words (`None` in bulk).
    pub fn reason(self) -> Option<&'static str> {
        match self {
            QuietCount::Bulk => None,
            QuietCount::SeveralRules => Some("several move rules"),
            QuietCount::Condition => Some("a condition on where a move ends"),
            QuietCount::Cells => Some("cells it may not stand on"),
            QuietCount::Stride => Some("a step longer than one cell"),
        }
    }
}

/// The index of "no direction" (no capture before) in a table per direction of the previous
/// capture ([`KindTable::barred_after`]): past every direction, and what `u8::MAX` masked
/// with `2 * MAX_DIRS - 1` gives.
pub const NO_DIR_INDEX: usize = 2 * MAX_DIRS - 1;

/// Everything the engine needs about one kind of piece of one side.
#[derive(Clone, Debug)]
pub struct KindTable {
    /// The quiet-move rules.
    pub moves: Vec<MoveRule>,
    /// The capture rules.
    pub captures: Vec<CapRule>,
    /// Promotion: target kind and zone.
    pub promotion: Option<(u8, CellSet)>,
    /// Per cell, the kind this kind promotes to there, or [`NO_PROMOTION`]. Fixed size,
    /// so lookups need no bounds check.
    pub promoted: Box<[u8; 256]>,
    /// Bit k: may capture pieces of kind k.
    pub can_capture: u8,
    /// Its value, for the most-value precedence criterion.
    pub value: u32,
    /// Whether some kind promotes to this one.
    pub is_king: bool,
    /// Most consecutive quiet moves by one piece of this kind while its side has other
    /// pieces.
    pub max_quiet_moves: Option<u8>,
    /// Whether a capture by this kind may stop after any capture.
    pub may_stop: bool,
    /// Cells where a move of this kind may end only if nothing else is legal.
    pub avoid: Option<CellSet>,
    /// The only cells a piece of this kind may stand on (`None`: all).
    pub cells: Option<CellSet>,
    /// Whether this kind's captures are compulsory.
    pub must_capture: bool,
    /// Per direction of the previous capture (index [`NO_DIR_INDEX`]: none), the directions this
    /// kind's capture may not go on in: straight back unless it may turn back, every other
    /// one when it goes on only straight.
    pub barred_after: [DirSet; 2 * MAX_DIRS],
    /// With `turn_at_edge`, the cells at the board's edge (one of the kind's capture
    /// directions leaves the board there), where its capture may turn any way but back.
    pub edge: Option<CellSet>,
    /// Per direction of the previous capture, the one direction barred on an `edge` cell:
    /// straight back.
    pub barred_at_edge: [DirSet; 2 * MAX_DIRS],
    /// Directions of the first-capture jumps, for a quick test before a full search.
    pub first_jumps: DirSet,
    /// Directions of the first-capture flying captures.
    pub first_flies: DirSet,
    /// Whether a first capture can be a leap or a jump over more than one cell (no quick
    /// test: always search).
    pub first_leaps: bool,
    /// Per cell, the cells one step away in the first-jump directions: a piece with no
    /// enemy there and no other first capture cannot capture.
    pub jump_reach: Vec<CellSet>,
    /// How the fast path counts this kind's quiet moves.
    pub quiet_count: QuietCount,
}

/// The directions of a kind's capture rules of one shape that may start a capture (jumps:
/// over an adjacent piece).
fn first_dirs(kind: &Kind, side: usize, what: CaptureKind) -> DirSet {
    kind.captures
        .iter()
        .filter(|c| c.kind == what && c.when != When::Continuing && (what != CaptureKind::Jump || c.stride == 1 && !c.displace))
        .fold(DirSet::EMPTY, |m, c| m | c.dirs[side])
}

/// Whether a kind may start a capture with a jump over more than one cell.
fn first_long_jumps(kind: &Kind) -> bool {
    kind.captures.iter().any(|c| c.kind == CaptureKind::Jump && c.when != When::Continuing && c.stride > 1)
}

impl KindTable {
    /// The table of kind `kind` for side `s`; `is_king` says whether some kind promotes
    /// to it.
    pub(super) fn new(
        g: &Geometry,
        kind: &Kind,
        s: usize,
        is_king: bool,
        mandatory: bool,
        barred_after: [DirSet; 2 * MAX_DIRS],
    ) -> KindTable {
        let first_jumps = first_dirs(kind, s, CaptureKind::Jump);
        KindTable {
            moves: kind
                .moves
                .iter()
                .map(|m| MoveRule {
                    kind: m.kind,
                    dirs: m.dirs[s],
                    condition: m.condition,
                    stride: m.stride,
                    over_own: m.over_own,
                    becomes: m.becomes,
                    along_links: m.along_links,
                })
                .collect(),
            captures: kind
                .captures
                .iter()
                .map(|c| CapRule {
                    shape: Shape::of(c),
                    dirs: c.dirs[s],
                    when: c.when,
                    prey: c.kinds & kind.can_capture,
                    condition: c.condition,
                })
                .collect(),
            promotion: kind.promotion.as_ref().map(|(t, z)| (*t, z[s])),
            promoted: Box::new(std::array::from_fn(|c| match &kind.promotion {
                Some((t, z)) if z[s].contains(c as u16) => *t,
                _ => NO_PROMOTION,
            })),
            can_capture: kind.can_capture,
            value: kind.value,
            is_king,
            max_quiet_moves: kind.max_quiet_moves,
            may_stop: kind.may_stop,
            avoid: kind.avoid.as_ref().map(|z| z[s]),
            cells: kind.cells.as_ref().map(|z| z[s]),
            must_capture: kind.mandatory.unwrap_or(mandatory),
            barred_after,
            edge: kind.turn_at_edge.then(|| {
                let dirs = kind.captures.iter().fold(DirSet::EMPTY, |m, c| m | c.dirs[s]);
                (0..g.len() as u16).filter(|&c| dirs.iter().any(|d| g.step(c, d).is_none())).collect()
            }),
            barred_at_edge: std::array::from_fn(|d| if d < g.dirs().len() { DirSet::one(g.opposite(d)) } else { DirSet::EMPTY }),
            first_jumps,
            first_flies: first_dirs(kind, s, CaptureKind::Fly),
            first_leaps: !first_dirs(kind, s, CaptureKind::Leap).is_empty()
                || first_long_jumps(kind)
                || kind.captures.iter().any(|c| matches!(c.kind, CaptureKind::Approach | CaptureKind::Withdrawal) || c.displace),
            jump_reach: (0..g.len() as u16).map(|c| first_jumps.iter().filter_map(|d| g.step(c, d)).collect()).collect(),
            quiet_count: QuietCount::of(kind),
        }
    }
}
