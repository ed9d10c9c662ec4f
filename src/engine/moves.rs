//! The moves a generator produces: the [`MoveList`] that holds them with their captured
//! pieces and landing cells, [`MoveRef`] (a move borrowed from its list, the only way to
//! play one), [`MoveInfo`] (a move spelled out, owned), and [`Routes`] (which captures
//! count as different moves).

use super::budget::Stop;
use std::fmt;

/// A move as the generator stores it: origin, destination, the kinds before and after,
/// and where its captured pieces and landing cells are in the [`MoveList`] it belongs
/// to. It means nothing apart from that list; outside the engine it is seen only
/// through a [`MoveRef`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) from: u16,
    pub(crate) to: u16,
    pub(crate) kind_before: u8,
    pub(crate) kind_after: u8,
    pub(crate) cap_start: u32,
    pub(crate) ncap: u16,
    pub(crate) path_start: u32,
    pub(crate) npath: u16,
    /// The captured cells' keys xored, to tell capture sets apart quickly.
    pub(crate) key: u64,
    /// Huffing: after the `ncap` captured pieces, `nrem` pieces the move takes off without
    /// capturing them, then `nmark` of the mover's pieces the opponent may take off next
    /// (see [`crate::spec::Huff`]).
    pub(crate) nrem: u8,
    pub(crate) nmark: u8,
    /// A drop (`[drops]`): how many pieces it places from the hand, their cells stored
    /// as its path (`from` the first, `to` the last); 0 for a move of a piece.
    pub(crate) placed: u8,
    /// With `moves_again`: the side that makes this move moves again after it.
    pub(crate) again: bool,
}

/// The legal moves of a position, as [`Position::generate`](crate::Position::generate)
/// leaves them: a buffer to reuse from one position to the next, so generating moves
/// allocates nothing once it has grown to the size it needs.
///
/// A list remembers the position it was generated in: its moves are played with
/// [`Position::make`](crate::Position::make) on that position only.
///
/// ```
/// use polydame::{load_variant, MoveList, Position, Routes};
///
/// let rules = load_variant("international").unwrap();
/// let mut pos = Position::start(&rules);
/// let mut list = MoveList::new();
/// pos.generate(&rules, &mut list, Routes::Distinct);
/// assert_eq!(list.len(), 9);
/// // Every opening move is a man's step from the 31-35 row.
/// for m in &list {
///     let from: u32 = rules.cell_name(m.from()).parse().unwrap();
///     assert!((31..=35).contains(&from) && m.captures() == 0);
/// }
/// ```
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    pub(crate) moves: Vec<Move>,
    pub(crate) caps: Vec<(u16, u8)>,
    pub(crate) path: Vec<u16>,
    /// The hash of the position the moves were generated in.
    pub(super) hash: u64,
    // Search scratch.
    pub(super) stack: Vec<(u16, u8)>,
    /// The pieces taken off cleared cells so far (`[capture] cleared`).
    pub(super) zone: Vec<(u16, u8)>,
    pub(super) trail: Vec<u16>,
    pub(super) best: u128,
    pub(super) has_best: bool,
    /// What the ranking keeps when a better capture clears the worse: the moves, captured
    /// pieces, landings and counted captures stored before it (the other pieces' captures,
    /// when each piece's captures are ranked apart).
    pub(super) floor: [usize; 4],
    /// Captures counted without being stored (bulk counting at the leaves of perft).
    pub(super) counted: usize,
    /// Capture-search steps taken in this position (see [`Rules::set_capture_budget`](crate::Rules::set_capture_budget)).
    pub(super) steps: u64,
    /// The search took more steps than the budget and stopped: the list is incomplete.
    pub(crate) exceeded: bool,
    /// What may stop the searches that fill the list before their budget (see
    /// [`MoveList::stop_on`]), and whether it stopped the last (the list is then
    /// incomplete and `exceeded` too).
    pub(crate) stop: Option<Stop>,
    pub(crate) stopped: bool,
    /// Once a search has stored many moves, a hash index of them (see
    /// `MoveList::probe`): slots of (move index + 1, generation); a slot of an older
    /// generation is empty. `indexed` moves of the list are in it.
    pub(super) index: Vec<(u32, u32)>,
    pub(super) generation: u32,
    pub(super) indexed: usize,
    /// The fast path's scratch, made the first time the list is filled there (boxed, so
    /// the list stays small to move).
    pub(crate) fast: Option<Box<super::fast::Scratch>>,
    /// Huffing: the pieces the side to move could take off in the position the list was
    /// generated in (its moves' [`Position::unmake`](crate::Position::unmake) restores
    /// them).
    pub(super) huff_before: crate::geometry::CellSet,
    /// A list to generate moves in while the moves of this one are judged: after each
    /// removal (huffing), after each capture (`moves_again`).
    pub(super) scratch: Option<Box<MoveList>>,
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

    /// Move `i` (in `0..len()`), borrowed from the list.
    ///
    /// # Panics
    ///
    /// If `i` is not less than [`MoveList::len`].
    #[inline]
    pub fn get(&self, i: usize) -> MoveRef<'_> {
        MoveRef { list: self, m: &self.moves[i], index: i as u32 }
    }

    /// The moves in order, each borrowed from the list (also `for m in &list`).
    pub fn iter(&self) -> MoveIter<'_> {
        MoveIter { list: self, moves: self.moves.iter().enumerate() }
    }

    /// Move `i` spelled out: the same as `list.get(i).info()`.
    pub fn info(&self, i: usize) -> MoveInfo {
        self.get(i).info()
    }

    /// Adds the pass (see [`MoveRef::is_pass`]).
    pub(crate) fn push_pass(&mut self) {
        let cap_start = self.caps.len() as u32;
        self.moves.push(Move {
            from: MoveInfo::PASS,
            to: MoveInfo::PASS,
            kind_before: 0,
            kind_after: 0,
            cap_start,
            ncap: 0,
            path_start: 0,
            npath: 0,
            key: 0,
            nrem: 0,
            nmark: 0,
            placed: 0,
            again: false,
        });
    }

    /// Empties the list for the moves of the position with hash `hash`.
    pub(crate) fn reset(&mut self, hash: u64) {
        self.moves.clear();
        self.caps.clear();
        self.path.clear();
        self.hash = hash;
        self.stack.clear();
        self.zone.clear();
        self.trail.clear();
        self.huff_before = crate::geometry::CellSet::EMPTY;
        self.has_best = false;
        self.floor = [0; 4];
        self.counted = 0;
        self.steps = 0;
        self.exceeded = false;
        self.stopped = false;
        self.forget_index();
    }

    /// Empties the index of stored moves (the moves were cleared).
    pub(super) fn forget_index(&mut self) {
        if self.indexed > 0 {
            self.indexed = 0;
            self.generation = self.generation.wrapping_add(1);
            if self.generation == 0 {
                self.index.fill((0, 0));
                self.generation = 1;
            }
        }
    }

    /// Whether the capture search that filled the list passed the rules' budget (see
    /// [`Rules::set_capture_budget`](crate::Rules::set_capture_budget)) and stopped: then
    /// the list holds only some of the moves, and is not to be played from.
    /// [`Position::try_generate`](crate::Position::try_generate) says so as an error.
    pub fn exceeded(&self) -> bool {
        self.exceeded
    }

    /// Has the capture searches that fill this list stop when `stop` says (a flag set
    /// from another thread, a deadline passed), looking at it every
    /// [`STOP_EVERY`](crate::engine::STOP_EVERY) steps; `None` takes it away. A list so
    /// stopped is incomplete: [`MoveList::exceeded`] and [`MoveList::stopped`] say so.
    ///
    /// ```
    /// use polydame::{load_variant, MoveList, Position, Routes};
    /// use polydame::engine::Stop;
    /// use std::sync::{Arc, atomic::AtomicBool};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let mut pos = polydame::fen::parse_fen(&rules, "W:WK46:B37,28,19").unwrap();
    /// let mut list = MoveList::new();
    /// list.stop_on(Some(Stop::new(Some(Arc::new(AtomicBool::new(false))), None)));
    /// pos.generate(&rules, &mut list, Routes::Distinct);
    /// assert!(!list.stopped() && list.len() > 0);
    /// ```
    pub fn stop_on(&mut self, stop: Option<Stop>) {
        self.stop = stop;
    }

    /// The capture-search steps taken to fill the list.
    pub(crate) fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether the last search that filled the list was stopped by its [`Stop`] (see
    /// [`MoveList::stop_on`]) before it was done.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = MoveRef<'a>;
    type IntoIter = MoveIter<'a>;
    fn into_iter(self) -> MoveIter<'a> {
        self.iter()
    }
}

/// The moves of a [`MoveList`] in order, each a [`MoveRef`] ([`MoveList::iter`]).
#[derive(Clone, Debug)]
pub struct MoveIter<'a> {
    list: &'a MoveList,
    moves: std::iter::Enumerate<std::slice::Iter<'a, Move>>,
}

impl<'a> Iterator for MoveIter<'a> {
    type Item = MoveRef<'a>;
    #[inline]
    fn next(&mut self) -> Option<MoveRef<'a>> {
        self.moves.next().map(|(i, m)| MoveRef { list: self.list, m, index: i as u32 })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl DoubleEndedIterator for MoveIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.moves.next_back().map(|(i, m)| MoveRef { list: self.list, m, index: i as u32 })
    }
}

impl ExactSizeIterator for MoveIter<'_> {}

/// A move of a [`MoveList`], borrowed from it: what [`Position::make`](crate::Position::make),
/// [`Position::unmake`](crate::Position::unmake) and
/// [`Position::count_after`](crate::Position::count_after) take, so a move cannot be
/// played with another list's captures. Copy it freely; [`MoveRef::info`] gives an owned
/// [`MoveInfo`] that outlives the list.
///
/// ```
/// use polydame::{load_variant, MoveList, Routes};
/// use polydame::fen::parse_fen;
///
/// let rules = load_variant("international").unwrap();
/// let mut pos = parse_fen(&rules, "W:W32:B28,18").unwrap();
/// let mut list = MoveList::new();
/// pos.generate(&rules, &mut list, Routes::Distinct);
/// let m = list.get(0);
/// let name = |c| rules.cell_name(c);
/// assert_eq!((name(m.from()), name(m.to())), ("32", "12"));
/// assert_eq!(m.captured_cells().map(name).collect::<Vec<_>>(), ["28", "18"]);
/// assert_eq!(m.path().iter().map(|&c| name(c)).collect::<Vec<_>>(), ["23", "12"]);
/// assert_eq!(m.kind_before(), m.kind_after());
/// ```
#[derive(Clone, Copy)]
pub struct MoveRef<'a> {
    list: &'a MoveList,
    m: &'a Move,
    index: u32,
}

impl<'a> MoveRef<'a> {
    /// The origin cell.
    #[inline]
    pub fn from(self) -> u16 {
        self.m.from
    }

    /// The destination cell.
    #[inline]
    pub fn to(self) -> u16 {
        self.m.to
    }

    /// The kind of the moving piece before the move.
    #[inline]
    pub fn kind_before(self) -> u8 {
        self.m.kind_before
    }

    /// The kind of the moving piece after the move (promoted or not).
    #[inline]
    pub fn kind_after(self) -> u8 {
        self.m.kind_after
    }

    /// Whether the side that makes this move moves again after it (`[capture]
    /// moves_again`: a capture that ends where its piece could begin another): the turn
    /// goes on with a whole new move.
    #[inline]
    pub fn moves_again(self) -> bool {
        self.m.again
    }

    /// How many pieces the move captures.
    #[inline]
    pub fn captures(self) -> usize {
        self.m.ncap as usize
    }

    /// The captured cells, in capture order.
    pub fn captured_cells(self) -> impl ExactSizeIterator<Item = u16> + DoubleEndedIterator + 'a {
        self.captured_pieces().iter().map(|&(cell, _)| cell)
    }

    /// Every piece the move takes off: the captured ones, then those removed by huffing.
    pub fn taken_cells(self) -> impl Iterator<Item = u16> + 'a {
        self.captured_cells().chain(self.removed_cells())
    }

    /// The cells of the pieces the move takes off without capturing them (huffing, see
    /// [`Huff`](crate::spec::Huff)): an enemy piece the opponent removes before its move,
    /// or the mover's own pieces that could have made a best capture.
    pub fn removed_cells(self) -> impl ExactSizeIterator<Item = u16> + DoubleEndedIterator + 'a {
        self.removed_pieces().iter().map(|&(cell, _)| cell)
    }

    /// Whether this is a pass: the side to move has pieces but no other legal move, and
    /// the variant lets it pass (`no_moves = "pass"`). A pass has no cells: its origin
    /// and destination are [`MoveInfo::PASS`], its path is empty.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.m.from == MoveInfo::PASS
    }

    /// Whether the move places pieces from the hand (`[drops]`): then
    /// [`MoveRef::placed_cells`] are the cells, in the order placed.
    #[inline]
    pub fn is_drop(self) -> bool {
        self.m.placed > 0
    }

    /// The cells a drop places pieces on, in order (empty for a move of a piece).
    pub fn placed_cells(self) -> &'a [u16] {
        if self.m.placed == 0 {
            return &[];
        }
        self.path()
    }

    /// The landing cells after the origin, in order; the last is [`MoveRef::to`]. A drop
    /// has no origin: its path is every cell it places a piece on.
    pub fn path(self) -> &'a [u16] {
        let m = self.m;
        if m.from == MoveInfo::PASS {
            return &[];
        }
        if m.ncap == 0 && m.placed == 0 {
            // A quiet move's only landing is its destination; it is not stored.
            return std::slice::from_ref(&m.to);
        }
        &self.list.path[m.path_start as usize..m.path_start as usize + m.npath as usize]
    }

    /// The move spelled out, owned.
    pub fn info(self) -> MoveInfo {
        MoveInfo {
            from: self.from(),
            to: self.to(),
            path: self.path().to_vec(),
            captured: self.captured_cells().collect(),
            removed: self.removed_cells().collect(),
            kind_before: self.kind_before(),
            kind_after: self.kind_after(),
            drop: self.is_drop(),
        }
    }

    /// The move spelled out into `out`, reusing its vectors: [`MoveRef::info`] without
    /// allocating once `out` has grown (a search's principal variation).
    pub fn info_into(self, out: &mut MoveInfo) {
        out.from = self.from();
        out.to = self.to();
        out.path.clear();
        out.path.extend_from_slice(self.path());
        out.captured.clear();
        out.captured.extend(self.captured_cells());
        out.removed.clear();
        out.removed.extend(self.removed_cells());
        out.kind_before = self.kind_before();
        out.kind_after = self.kind_after();
        out.drop = self.is_drop();
    }

    /// Its place in the list: `list.get(m.index())` is `m`.
    #[inline]
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// The captured pieces: (cell, piece code) in capture order.
    #[inline]
    pub(crate) fn captured_pieces(self) -> &'a [(u16, u8)] {
        let m = self.m;
        &self.list.caps[m.cap_start as usize..m.cap_start as usize + m.ncap as usize]
    }

    /// The pieces taken off without being captured: (cell, piece code).
    #[inline]
    pub(crate) fn removed_pieces(self) -> &'a [(u16, u8)] {
        let start = self.m.cap_start as usize + self.m.ncap as usize;
        &self.list.caps[start..start + self.m.nrem as usize]
    }

    /// The mover's pieces the opponent may take off on its next turn, where they stand
    /// after the move.
    #[inline]
    pub(crate) fn marked_cells(self) -> impl Iterator<Item = u16> + 'a {
        let start = self.m.cap_start as usize + self.m.ncap as usize + self.m.nrem as usize;
        self.list.caps[start..start + self.m.nmark as usize].iter().map(|&(cell, _)| cell)
    }

    /// The pieces the side to move could take off in the list's position (huffing).
    #[inline]
    pub(crate) fn huff_before(self) -> crate::geometry::CellSet {
        self.list.huff_before
    }

    /// The stored move.
    #[inline]
    pub(crate) fn stored(self) -> &'a Move {
        self.m
    }

    /// The hash of the position the move was generated in.
    #[inline]
    pub(crate) fn position_hash(self) -> u64 {
        self.list.hash
    }
}

impl fmt::Debug for MoveRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveRef").field("index", &self.index).field("move", &self.info()).finish()
    }
}

/// A move with everything spelled out, owned and independent of any list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveInfo {
    /// The origin cell.
    pub from: u16,
    /// The destination cell.
    pub to: u16,
    /// Landing cells after the origin, in order (the last is `to`).
    pub path: Vec<u16>,
    /// Captured cells in capture order.
    pub captured: Vec<u16>,
    /// Cells of the pieces taken off without being captured (huffing; see
    /// [`MoveRef::removed_cells`]), in the order of their cells.
    pub removed: Vec<u16>,
    /// The kind of the moving piece before the move.
    pub kind_before: u8,
    /// The kind of the moving piece after the move.
    pub kind_after: u8,
    /// The move places pieces from the hand (`[drops]`) on the cells of `path`, in
    /// order; `from` is the first and `to` the last.
    pub drop: bool,
}

impl MoveInfo {
    /// The origin and destination of a pass, which is no cell.
    pub const PASS: u16 = u16::MAX;

    /// The cells a drop places pieces on, in order (empty for a move of a piece).
    pub fn placed(&self) -> &[u16] {
        if self.drop { &self.path } else { &[] }
    }

    /// Whether this is a pass (see [`MoveRef::is_pass`]).
    pub fn is_pass(&self) -> bool {
        self.from == MoveInfo::PASS
    }

    /// Every piece the move takes off, sorted: the captured ones and those removed by
    /// huffing.
    pub fn taken(&self) -> Vec<u16> {
        let mut taken: Vec<u16> = self.captured.iter().chain(&self.removed).copied().collect();
        taken.sort_unstable();
        taken
    }
}

/// Which captures count as different moves, in move generation and in perft alike.
///
/// A flying king that takes a piece and goes on straight to take another passes cells
/// where it could stop: [`Routes::Landings`] counts one route per such cell,
/// [`Routes::Paths`] one for them all, [`Routes::Distinct`] one per result.
///
/// ```
/// use polydame::{load_variant, MoveList, Routes};
/// use polydame::fen::parse_fen;
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
