//! The moves a generator produces: [`Move`] and the [`MoveList`] that holds them with
//! their captured pieces and landing cells, [`MoveInfo`] (a move spelled out), and
//! [`Routes`] (which captures count as different moves).

/// A move: origin, destination, the kinds before and after, and where its captured
/// pieces and landing cells are stored in the [`MoveList`] it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    pub kind_before: u8,
    pub kind_after: u8,
    pub(super) cap_start: u32,
    pub(super) ncap: u16,
    pub(super) path_start: u32,
    pub(super) npath: u16,
    pub(super) key: u64,
}

impl Move {
    /// Number of pieces this move captures.
    pub fn captures(&self) -> usize {
        self.ncap as usize
    }
}

/// A reusable buffer of moves with their captured pieces and paths.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    pub(super) moves: Vec<Move>,
    pub(super) caps: Vec<(u16, u8)>,
    pub(super) path: Vec<u16>,
    // Search scratch.
    pub(super) stack: Vec<(u16, u8)>,
    pub(super) trail: Vec<u16>,
    pub(super) best: [u32; 5],
    pub(super) has_best: bool,
    /// Captures counted without being stored (bulk counting at the leaves of perft).
    pub(super) counted: usize,
}

/// A move with everything spelled out, independent of any list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveInfo {
    pub from: u16,
    pub to: u16,
    /// Landing cells after the origin, in order (the last is `to`).
    pub path: Vec<u16>,
    /// Captured cells in capture order.
    pub captured: Vec<u16>,
    pub kind_before: u8,
    pub kind_after: u8,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The captured pieces of a move: (cell, piece code) in capture order.
    pub fn captured(&self, m: &Move) -> &[(u16, u8)] {
        &self.caps[m.cap_start as usize..m.cap_start as usize + m.ncap as usize]
    }

    /// The landing cells of a move after its origin.
    pub fn path<'a>(&'a self, m: &'a Move) -> &'a [u16] {
        if m.ncap == 0 {
            // A quiet move's only landing is its destination; it is not stored.
            return std::slice::from_ref(&m.to);
        }
        &self.path[m.path_start as usize..m.path_start as usize + m.npath as usize]
    }

    /// Move `i` spelled out.
    pub fn info(&self, i: usize) -> MoveInfo {
        let m = &self.moves[i];
        MoveInfo {
            from: m.from,
            to: m.to,
            path: self.path(m).to_vec(),
            captured: self.captured(m).iter().map(|c| c.0).collect(),
            kind_before: m.kind_before,
            kind_after: m.kind_after,
        }
    }

    pub(super) fn clear(&mut self) {
        self.moves.clear();
        self.caps.clear();
        self.path.clear();
        self.stack.clear();
        self.trail.clear();
        self.has_best = false;
        self.counted = 0;
    }
}

/// Which captures count as different moves, in move generation and in perft alike.
///
/// A flying king that takes a piece and goes on straight to take another passes cells
/// where it could stop: [`Routes::Landings`] counts one route per such cell,
/// [`Routes::Paths`] one for them all, [`Routes::Distinct`] one per result.
///
/// ```
/// use polydame::{load_variant, parse_fen, MoveList, Routes};
///
/// let rules = load_variant("international").unwrap();
/// // A white king on 46 takes 37 and 19, both on its long diagonal, and ends on 14, 10
/// // or 5; between the two captures it may land on 32, 28 or 23 and go on straight.
/// let mut pos = parse_fen(&rules, "W:WK46:B37,19").unwrap();
/// let mut list = MoveList::new();
/// let mut count = |routes| {
///     pos.generate(&rules, &mut list, routes);
///     list.len()
/// };
/// assert_eq!(count(Routes::Distinct), 3);
/// assert_eq!(count(Routes::Paths), 3);
/// assert_eq!(count(Routes::Landings), 9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Routes {
    /// Captures with the same origin, destination, captured pieces and resulting piece
    /// are one move (what a player chooses between).
    Distinct,
    /// Every capture route is a move, a route being the cells where the piece turns and
    /// where it ends: a flying king that goes on straight after a capture makes one route
    /// whatever cell it passes (the convention of dctl's perft tables and Dagaz).
    Paths,
    /// Every sequence of landing cells is a move, including each cell where a flying king
    /// could stop before going on straight (how records may write a capture; how Ludii,
    /// kish and pydraughts count).
    Landings,
}
