//! From a checked [`Spec`] to [`Rules`]: the immutable tables the engine runs on, built
//! once per variant, and a deterministic text dump of them.

mod dump;

use crate::geometry::{CellSet, Layout};
use crate::spec::{CaptureKind, Condition, Land, MoveKind, Side, Spec, When};

pub use dump::dump;

/// The off-board marker in a board array.
pub const OFF: u8 = 0xFF;
/// The empty cell.
pub const EMPTY: u8 = 0;
/// Set on a captured piece that stays on the board until its move ends.
pub const DEAD: u8 = 0x80;

/// The board code of a piece: `1 + side * 8 + kind`.
#[inline]
pub fn code(side: Side, kind: u8) -> u8 {
    1 + (side as u8) * 8 + kind
}

/// Side index of a live piece code; 31 for empty, off-board and dead cells.
#[inline]
pub fn side_of(code: u8) -> u8 {
    code.wrapping_sub(1) >> 3
}

/// Kind of a piece code.
#[inline]
pub fn kind_of(code: u8) -> u8 {
    (code.wrapping_sub(1)) & 7
}

/// In [`KindTable::promoted`]: no promotion on this cell.
pub const NO_PROMOTION: u8 = 0xFF;

/// A capture rule compiled for one side.
#[derive(Clone, Debug)]
pub struct CapRule {
    pub kind: CaptureKind,
    pub dirs: u8,
    pub land: Land,
    pub approach: bool,
    pub min: u8,
    pub when: When,
    /// Bit k: may capture kind k (the kind's `can_capture` and the rule's `kinds`).
    pub kinds: u8,
}

/// A quiet-move rule compiled for one side.
#[derive(Clone, Debug)]
pub struct MoveRule {
    pub kind: MoveKind,
    pub dirs: u8,
    pub condition: Option<Condition>,
}

/// Everything the engine needs about one kind of piece of one side.
#[derive(Clone, Debug)]
pub struct KindTable {
    pub moves: Vec<MoveRule>,
    pub captures: Vec<CapRule>,
    /// Promotion: target kind and zone.
    pub promotion: Option<(u8, CellSet)>,
    /// Per cell, the kind this kind promotes to there, or [`NO_PROMOTION`]. Fixed size,
    /// so lookups need no bounds check.
    pub promoted: Box<[u8; 256]>,
    pub can_capture: u8,
    pub value: u32,
    pub is_king: bool,
    pub max_quiet_moves: Option<u8>,
    /// Cells where a move of this kind may end only if nothing else is legal.
    pub avoid: Option<CellSet>,
    /// Directions of the first-capture jumps, for a quick test before a full search.
    pub first_jumps: u8,
    /// Directions of the first-capture flying captures.
    pub first_flies: u8,
    /// Whether a first capture can be a leap (no quick test: always search).
    pub first_leaps: bool,
    /// Per cell, the cells one step away in the first-jump directions: a piece with no
    /// enemy there and no other first capture cannot capture.
    pub jump_reach: Vec<CellSet>,
    /// Whether this kind's quiet moves can be counted on bit sets: at most one move
    /// rule, no condition on where it ends, no limit on consecutive quiet moves.
    pub bulk_quiet: bool,
}

/// The compiled rules of a variant.
#[derive(Clone, Debug)]
pub struct Rules {
    spec: Spec,
    /// Number of cells.
    pub cells: usize,
    /// Number of directions.
    pub dirs: usize,
    /// `neighbour[cell * 8 + dir]`, with a row for the off-board marker (and every
    /// index past it) leading off the board. Fixed size, so lookups need no bounds check.
    pub neighbour: Box<[u16; 4096]>,
    /// Opposite direction of each direction.
    pub opposite: [u8; 8],
    /// `tables[side][kind]`.
    pub tables: [Vec<KindTable>; 2],
    /// Zobrist keys: `zobrist[cell * 32 + code]` (see [`Rules::zobrist_key`]). Fixed
    /// size, so lookups need no bounds check.
    pub zobrist: Box<[u64; 256 * 32]>,
    /// Key xored in when Black is to move.
    pub zobrist_black: u64,
    /// Per cell, a random key for telling capture sets apart.
    pub cell_keys: Vec<u64>,
    /// Whether any kind has a quiet-move limit.
    pub has_quiet_limit: bool,
    /// Whether any kind has cells to avoid.
    pub has_avoid: bool,
    /// Whether bit sets alone can count the moves of a position without captures: a
    /// layout, every kind's quiet moves countable on bit sets, no cells to avoid.
    pub bit_leaves: bool,
    /// A bit for every kind of piece.
    pub every_kind: u8,
    /// Whether every kind has at most one capture rule (then two captures found by the
    /// search are always different routes).
    pub one_capture_rule: bool,
    /// The board's bit layout, if it fits the engine's bit sets.
    pub layout: Option<Layout>,
    /// Per cell, its bit in the layout (zero without a layout). Fixed size, so lookups
    /// need no bounds check.
    pub cell_bits: Box<[u128; 256]>,
}

/// A small, fixed pseudo-random generator (SplitMix64) so hash keys are the same on
/// every run and machine.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn first_dirs(kind: &crate::spec::Kind, side: usize, what: CaptureKind) -> u8 {
    kind.captures.iter().filter(|c| c.kind == what && c.when != When::Continuing).fold(0, |m, c| m | c.dirs[side])
}

impl Rules {
    /// Builds the tables of a checked variant.
    pub fn new(spec: Spec) -> Rules {
        let g = &spec.geometry;
        let cells = g.len();
        let dirs = g.dirs().len();
        let mut opposite = [0u8; 8];
        for (d, o) in opposite.iter_mut().enumerate().take(dirs) {
            *o = g.opposite(d) as u8;
        }
        let kings: Vec<bool> =
            (0..spec.kinds.len()).map(|k| spec.kinds.iter().any(|o| o.promotion.as_ref().is_some_and(|(t, _)| *t as usize == k))).collect();
        let tables = Side::BOTH.map(|side| {
            let s = side as usize;
            spec.kinds
                .iter()
                .enumerate()
                .map(|(k, kind)| KindTable {
                    moves: kind.moves.iter().map(|m| MoveRule { kind: m.kind, dirs: m.dirs[s], condition: m.condition }).collect(),
                    captures: kind
                        .captures
                        .iter()
                        .map(|c| CapRule {
                            kind: c.kind,
                            dirs: c.dirs[s],
                            land: c.land,
                            approach: c.approach,
                            min: c.min,
                            when: c.when,
                            kinds: c.kinds & kind.can_capture,
                        })
                        .collect(),
                    promotion: kind.promotion.as_ref().map(|(t, z)| (*t, z[s])),
                    promoted: Box::new(std::array::from_fn(|c| match &kind.promotion {
                        Some((t, z)) if z[s].contains(c as u16) => *t,
                        _ => NO_PROMOTION,
                    })),
                    can_capture: kind.can_capture,
                    value: kind.value,
                    is_king: kings[k],
                    max_quiet_moves: kind.max_quiet_moves,
                    avoid: kind.avoid.as_ref().map(|z| z[s]),
                    first_jumps: first_dirs(kind, s, CaptureKind::Jump),
                    first_flies: first_dirs(kind, s, CaptureKind::Fly),
                    first_leaps: first_dirs(kind, s, CaptureKind::Leap) != 0,
                    jump_reach: (0..cells as u16)
                        .map(|c| {
                            let dirs = first_dirs(kind, s, CaptureKind::Jump);
                            (0..g.dirs().len()).filter(|&d| dirs >> d & 1 == 1).filter_map(|d| g.step(c, d)).collect()
                        })
                        .collect(),
                    bulk_quiet: kind.moves.len() <= 1 && kind.moves.iter().all(|m| m.condition.is_none()) && kind.max_quiet_moves.is_none(),
                })
                .collect()
        });
        let mut state = 0x005E_ED0F_D4A6_u64;
        // Keys for the cells and the off-board row, as many as ever; the table keeps those
        // that fit (the off-board row never holds a piece).
        let mut zobrist = Box::new([0u64; 256 * 32]);
        for i in 0..(cells + 1) * 32 {
            let key = splitmix(&mut state);
            if let Some(z) = zobrist.get_mut(i) {
                *z = key;
            }
        }
        let zobrist_black = splitmix(&mut state);
        let cell_keys = (0..cells + 1).map(|_| splitmix(&mut state)).collect();
        let has_quiet_limit = spec.kinds.iter().any(|k| k.max_quiet_moves.is_some());
        let has_avoid = spec.kinds.iter().any(|k| k.avoid.is_some());
        let one_capture_rule = spec.kinds.iter().all(|k| k.captures.len() <= 1);
        let every_kind = ((1u16 << spec.kinds.len()) - 1) as u8;
        let mut neighbour = Box::new([cells as u16; 4096]);
        for c in 0..cells {
            for d in 0..dirs {
                neighbour[c * 8 + d] = g.neighbours()[c * dirs + d];
            }
        }
        let layout = Layout::new(g);
        let bit_leaves = layout.is_some() && !has_avoid && tables.iter().flatten().all(|t: &KindTable| t.bulk_quiet);
        let mut cell_bits = Box::new([0u128; 256]);
        if let Some(l) = &layout {
            for (c, b) in cell_bits.iter_mut().enumerate().take(cells) {
                *b = l.cell_bit(c as u16);
            }
        }
        Rules {
            neighbour,
            spec,
            cells,
            dirs,
            opposite,
            tables,
            zobrist,
            zobrist_black,
            cell_keys,
            has_quiet_limit,
            has_avoid,
            one_capture_rule,
            every_kind,
            bit_leaves,
            layout,
            cell_bits,
        }
    }

    /// The checked variant these rules were built from.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The variant's id.
    pub fn id(&self) -> &str {
        &self.spec.id
    }

    /// The name of a cell in the variant's notation.
    pub fn cell_name(&self, cell: u16) -> &str {
        self.spec.notation.name(cell)
    }

    /// The cell with this name in the variant's notation (`"32"`, `"c3"`).
    pub fn cell(&self, name: &str) -> Option<u16> {
        self.spec.notation.parse(name)
    }

    /// The diagram letter of a piece: `w`/`b` for men, `W`/`B` for promoted kinds; with
    /// more than two kinds, the kind's own symbol (lower case White, upper case Black).
    pub fn piece_char(&self, side: Side, kind: u8) -> char {
        let spec = &self.spec;
        if spec.kinds.len() <= 2 {
            let c = if side == Side::White { 'w' } else { 'b' };
            if self.tables[0][kind as usize].is_king {
                c.to_ascii_uppercase()
            } else {
                c
            }
        } else {
            let s = spec.kinds[kind as usize].symbol;
            if side == Side::White {
                s.to_ascii_lowercase()
            } else {
                s.to_ascii_uppercase()
            }
        }
    }

    /// The bit of a cell in the layout (zero without a layout).
    #[inline(always)]
    pub fn cell_bit(&self, cell: u16) -> u128 {
        self.cell_bits[cell as usize & 255]
    }

    /// The kind a piece of `kind` of `side` becomes when a move ends on `cell`.
    #[inline(always)]
    pub fn kind_after(&self, side: usize, kind: u8, cell: u16) -> u8 {
        match self.tables[side][kind as usize].promoted[cell as usize & 255] {
            NO_PROMOTION => kind,
            t => t,
        }
    }

    /// The Zobrist key of a piece code on a cell.
    #[inline(always)]
    pub fn zobrist_key(&self, cell: u16, code: u8) -> u64 {
        self.zobrist[(cell as usize * 32 + code as usize) & (256 * 32 - 1)]
    }

    /// The next cell in a direction (or the off-board marker).
    #[inline(always)]
    pub fn next(&self, cell: u16, dir: usize) -> u16 {
        // SAFETY-free fast path: the table has a row for every cell and the marker.
        self.neighbour[(cell as usize * 8 + dir) & 4095]
    }
}
