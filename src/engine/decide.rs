//! The rule decisions of a capture search, written once for both engines: how a piece
//! arrives on a landing mid-capture (crowned, or its move ends there), whether it could go
//! on from there, the kind it ends as where it stops, which landings of a capture that may
//! land on several cells end a move (the halt rule, `landing = "must-continue"`, kinds
//! that may stop), whether the halt rule holds, and a piece crowned mid-capture going on
//! by its longest routes only.
//!
//! The general engine (`search`, on the board array) and the fast path (`fast`, on bit
//! sets) each implement [`Walk`]'s primitives in their own representation of a cell, of
//! the landings beyond a piece and of the pieces taken; the decisions are [`Walk`]'s
//! provided methods, which both call. So a rule of this kind is one function here, and
//! the engines only execute it.
//!
//! The decisions about a position's whole list of moves are here too, for the same
//! reason: whether quiet moves are legal beside the captures found
//! ([`quiet_allowed`]), dropping the moves onto cells to avoid ([`drop_avoided`]),
//! whether the side to move passes ([`passes`]) and whether its pass ends the game
//! ([`pass_ends`]).

use crate::geometry::DirSet;
use crate::spec::{Halt, MidPromotion};

/// No direction (before a move's first capture), in a search's directions.
pub(super) const NO_DIR: usize = crate::compile::NO_DIR_INDEX;

/// `[capture] longest_after_crowning`: a piece crowned mid-capture into a ranked kind is
/// first searched in measuring mode, which stores nothing and keeps the most pieces a
/// route takes; then only the routes taking that many are stored.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Crowning {
    measuring: bool,
    measured: u32,
    need: u32,
}

impl Crowning {
    /// Whether a complete capture that took `n` pieces is stored: not while measuring
    /// (its count is kept), and after, only with the count measured.
    #[inline(always)]
    fn admits(&mut self, n: u32) -> bool {
        if self.measuring {
            self.measured = self.measured.max(n);
            return false;
        }
        self.need == 0 || n == self.need
    }
}

/// A capture search as the decisions see it: a piece of kind `k` capturing from cell to
/// cell, in directions `0..dirs()`, with the pieces it has taken so far.
pub(super) trait Walk {
    /// A cell: its index for the general engine, its single bit for the fast path.
    type Cell: Copy + PartialEq;
    /// The empty cells beyond a piece taken where a capture may land, nearest first
    /// (read with [`Walk::next_landing`]; a copy reads them again).
    type Landings: Copy;

    /// The next of `set`'s landings along direction `d`, taken out of it.
    fn next_landing(&self, set: &mut Self::Landings, d: usize) -> Option<Self::Cell>;
    /// Every continuation from `at` of a piece of kind `k` whose last capture went in
    /// direction `last`, not searching direction `skip`; whether there is one.
    fn dfs(&mut self, at: Self::Cell, k: usize, last: usize, skip: usize) -> bool;
    /// Whether kind `k` on `at`, already capturing, could capture in direction `d`.
    fn captures_in(&self, at: Self::Cell, k: usize, d: usize) -> bool;
    /// The directions a capture of kind `k` on `at` may not go on in after one in
    /// direction `last`.
    fn barred(&self, at: Self::Cell, k: usize, last: usize) -> DirSet;
    /// The number of directions.
    fn dirs(&self) -> usize;
    /// The kind a piece of kind `k` is crowned to on `at`, if `at` is a promotion cell.
    fn promotion(&self, at: Self::Cell, k: usize) -> Option<usize>;
    /// The kind after a move of a piece of kind `k` ends on `at`.
    fn final_kind(&self, at: Self::Cell, k: usize) -> usize;
    /// Whether kind `k` may stand on `at`.
    fn stands(&self, at: Self::Cell, k: usize) -> bool;
    /// Whether a capture by a piece now of kind `k` may stop though it could go on.
    fn may_stop(&self, k: usize) -> bool;
    /// What a man that reaches its promotion cells during a capture does.
    fn mid_promotion(&self) -> MidPromotion;
    /// Whether a capture stopped on promotion cells, though it could go on, promotes.
    fn stop_promotes(&self) -> bool;
    /// A flying capture must land where it can go on, if it can anywhere.
    fn must_continue(&self) -> bool;
    /// The halt rule, if the search keeps it.
    fn halt(&self) -> Option<Halt>;
    /// Whether the last `last` pieces taken are all of the kinds in `kinds`.
    fn last_taken_are(&self, kinds: u8, last: u8) -> bool;
    /// The number of pieces taken so far.
    fn taken(&self) -> u32;
    /// Routes are told apart by where they turn (a flying king going on straight is one).
    fn by_turns(&self) -> bool;
    /// Whether the search passed its budget or was stopped (nothing more is searched).
    fn over(&self) -> bool;
    /// Whether a crowned piece's routes are measured first (`longest_after_crowning`), and
    /// the kinds the precedence ranks (bit k for kind k).
    fn measures_crowning(&self) -> bool;
    fn ranked_kinds(&self) -> u8;
    fn crowning(&mut self) -> &mut Crowning;
    /// The landing `at` joins (or leaves) the route being searched.
    fn push_trail(&mut self, at: Self::Cell);
    fn pop_trail(&mut self);
    /// Stores a complete capture ending on `to`, its piece then of kind `kind_after`
    /// (ranked by the precedence, told apart from those stored).
    fn store(&mut self, to: Self::Cell, kind_after: usize);

    /// A complete capture ending on `to`: stored unless a crowned piece's routes are
    /// being measured, or it takes fewer pieces than measured.
    #[inline(always)]
    fn record(&mut self, to: Self::Cell, kind_after: usize) {
        if self.measures_crowning() {
            let n = self.taken();
            if !self.crowning().admits(n) {
                return;
            }
        }
        self.store(to, kind_after);
    }

    /// The kind a piece of kind `k` has on arriving at `at` mid-capture (by a capture in
    /// direction `d`), and whether the move must end there.
    #[inline(always)]
    fn arrive(&self, at: Self::Cell, k: usize, d: usize) -> (usize, bool) {
        arrival(self.mid_promotion(), k, self.promotion(at, k), || self.could_go_on(at, k, d))
    }

    /// Whether a piece of kind `k` that arrived on `at` by a capture in direction `d`
    /// could capture on from there, in the directions its rules leave it.
    fn could_go_on(&self, at: Self::Cell, k: usize, d: usize) -> bool {
        let barred = self.barred(at, k, d);
        (0..self.dirs()).filter(|&e| !barred.contains(e)).any(|e| self.captures_in(at, k, e))
    }

    /// The kind after a capture ends on `at` with a piece of kind `k`; `could_go_on`: it
    /// stopped though it could have gone on, and then it promotes only if the rules say a
    /// stopped capture does.
    #[inline(always)]
    fn stop_kind(&self, at: Self::Cell, k: usize, could_go_on: bool) -> usize {
        if could_go_on && !self.stop_promotes() { k } else { self.final_kind(at, k) }
    }

    /// Whether a capture that may land on several cells and ends now must land on the
    /// first of them: the halt rule, after its fewest pieces, when the last pieces taken
    /// are of its kinds.
    #[inline(always)]
    fn halts(&self) -> bool {
        let Some(h) = self.halt() else { return false };
        let n = self.taken();
        n >= u32::from(h.min_captures) && n >= u32::from(h.last) && self.last_taken_are(h.kinds, h.last)
    }

    /// The capture going on from `at` (reached in direction `d`) by a piece of kind `k`,
    /// now of kind `k2`; whether it can. With `longest_after_crowning`, a piece just
    /// crowned into a kind the precedence ranks, from one it does not, goes on only by the
    /// routes that take the most pieces from there: measured first, then searched.
    #[inline(always)]
    fn go_on(&mut self, at: Self::Cell, k: usize, k2: usize, d: usize, skip: usize) -> bool {
        let ranked = |kinds: u8, kind: usize| kinds >> kind & 1 == 1;
        if !self.measures_crowning() || k2 == k || self.crowning().measuring {
            return self.dfs(at, k2, d, skip);
        }
        let kinds = self.ranked_kinds();
        if !ranked(kinds, k2) || ranked(kinds, k) {
            return self.dfs(at, k2, d, skip);
        }
        let n = self.taken();
        *self.crowning() = Crowning { measuring: true, measured: n, ..*self.crowning() };
        let any = self.dfs(at, k2, d, NO_DIR);
        self.crowning().measuring = false;
        if any {
            let measured = self.crowning().measured;
            let outer = std::mem::replace(&mut self.crowning().need, measured);
            self.dfs(at, k2, d, skip);
            self.crowning().need = outer;
        }
        any
    }

    /// Lands on the single cell `at` after a capture in direction `d`: the capture goes
    /// on from there if it can, and ends there if it cannot (or if its kind may stop).
    #[inline(always)]
    fn land_one(&mut self, at: Self::Cell, k: usize, d: usize) {
        self.push_trail(at);
        let (k2, ends) = self.arrive(at, k, d);
        let cont = !ends && self.go_on(at, k, k2, d, NO_DIR);
        if !cont || self.may_stop(k2) {
            let fin = self.stop_kind(at, k2, cont);
            self.record(at, fin);
        }
        self.pop_trail();
    }

    /// Lands on any of `land` after a capture in direction `d`, the nearest first. With
    /// `halt`, only the first of them may end the move; with `landing =
    /// "must-continue"`, none may end it where another goes on (but for a kind that may
    /// stop). Counting turns, going on straight is searched from the first landing only:
    /// it is the same from every one.
    #[inline(never)]
    fn land_many(&mut self, land: Self::Landings, k: usize, d: usize, halt: bool) {
        let mut rest = land;
        let Some(first) = self.next_landing(&mut rest, d) else { return };
        let straight = self.by_turns() && self.stands(first, k) && {
            let (k1, _) = self.arrive(first, k, d);
            self.captures_in(first, k1, d)
        };
        let mut any_cont = straight;
        // The landings (by their place along the line) that end the capture, to be
        // recorded once all are known, and those of them where it could have gone on.
        let (mut ended, mut stopped) = (0u64, 0u64);
        let (mut rest, mut i) = (land, 0u32);
        while let Some(at) = self.next_landing(&mut rest, d) {
            if self.stands(at, k) {
                self.push_trail(at);
                let (k2, ends) = self.arrive(at, k, d);
                let skip = if straight && i > 0 { d } else { NO_DIR };
                let cont = !ends && self.go_on(at, k, k2, d, skip);
                any_cont |= cont;
                // A kind that may stop ends the capture on any landing (the halt rule
                // allowing).
                let stop = self.may_stop(k2) && (i == 0 || !halt);
                if (stop || !cont && (i == 0 || !(halt || straight))) && i < 64 {
                    ended |= 1 << i;
                    stopped |= u64::from(cont) << i;
                }
                self.pop_trail();
                if self.over() {
                    return;
                }
            }
            i += 1;
        }
        // A kind that may stop is not held to landings that continue.
        if ended == 0 || (self.must_continue() && any_cont && !self.may_stop(k)) {
            return;
        }
        let (mut rest, mut i) = (land, 0u32);
        while i < 64 && ended >> i != 0 {
            let Some(at) = self.next_landing(&mut rest, d) else { break };
            if ended >> i & 1 == 1 {
                self.push_trail(at);
                let (k2, _) = self.arrive(at, k, d);
                let fin = self.stop_kind(at, k2, stopped >> i & 1 == 1);
                self.record(at, fin);
                self.pop_trail();
            }
            i += 1;
        }
    }

    /// Lands on each of `land` a piece of kind `k` may stand on, and the move ends there
    /// (a leap that ends the move).
    fn land_and_end(&mut self, land: Self::Landings, k: usize, d: usize) {
        let mut rest = land;
        while let Some(at) = self.next_landing(&mut rest, d) {
            if self.stands(at, k) {
                self.push_trail(at);
                let fin = self.final_kind(at, k);
                self.record(at, fin);
                self.pop_trail();
            }
        }
    }
}

/// The kind a piece of kind `k` has on arriving at a cell mid-capture, and whether the
/// move must end there, by what `mid` says of a man that reaches its promotion cells:
/// `crowned`, the kind it is crowned to on that cell (`None`: not one of its promotion
/// cells); `could_go_on`, whether it could capture on from there as kind `k` (asked only
/// where `mid` makes that the test). [`Walk::arrive`] decides each landing so; the fast
/// path's count of single jumps (`fast::jumps`) decides its landings on promotion cells
/// so, all at once.
#[inline(always)]
pub(crate) fn arrival(mid: MidPromotion, k: usize, crowned: Option<usize>, could_go_on: impl FnOnce() -> bool) -> (usize, bool) {
    let Some(crowned) = crowned else { return (k, false) };
    match mid {
        MidPromotion::AtEnd => (k, false),
        MidPromotion::PromoteAndContinue => (crowned, false),
        MidPromotion::PromoteAndContinueIfAble => (crowned, !could_go_on()),
        MidPromotion::EndsMove => (k, true),
    }
}

/// Whether quiet moves are legal beside the captures found, by pieces of the kinds
/// `capturers` (one per capture): none found, or each by a kind whose captures are not
/// compulsory (bit k of `optional`, of the kinds in `every_kind`).
#[inline]
pub(crate) fn quiet_allowed(optional: u8, every_kind: u8, mut capturers: impl ExactSizeIterator<Item = usize>) -> bool {
    capturers.len() == 0 || optional == every_kind || optional != 0 && capturers.all(|k| optional >> k & 1 == 1)
}

/// Drops the moves that end on a cell their kind must avoid (`[pieces.NAME] avoid`),
/// unless every move does: then they all stay.
pub(crate) fn drop_avoided<M>(moves: &mut Vec<M>, avoided: impl Fn(&M) -> bool) {
    if moves.iter().all(&avoided) {
        return;
    }
    moves.retain(|m| !avoided(m));
}

/// Whether the side to move passes (its one move is a pass): it has no other move, and
/// either it has pieces and the variant makes a side with pieces but no move pass
/// (`no_moves = "pass"` or `"pass-then-loss"`: `with_pieces`), or it has none and the
/// variant makes a side without pieces pass once (`no_pieces = "pass-then-loss"`:
/// `without_pieces`).
#[inline]
pub(crate) fn passes(with_pieces: bool, without_pieces: bool, has_pieces: bool, no_other_move: bool) -> bool {
    no_other_move && if has_pieces { with_pieces } else { without_pieces }
}

/// Whether a pass by a side that has pieces (`has_pieces`) or none ends the game, the
/// passer having lost: every pass with `no_moves = "pass-then-loss"` (`after_no_moves`),
/// a pass without pieces with `no_pieces = "pass-then-loss"` (`after_no_pieces`).
#[inline]
pub(crate) fn pass_ends(after_no_moves: bool, after_no_pieces: bool, has_pieces: bool) -> bool {
    if has_pieces { after_no_moves } else { after_no_pieces || after_no_moves }
}
