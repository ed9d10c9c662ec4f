//! The fast path's quiet moves, listed piece by piece in the general engine's order, or
//! counted for all the pieces of a kind at once by shifts; and a position's legal moves
//! (captures, then quiet moves where the captures allow them, cells to avoid, a pass).

use super::Width;
use super::{Board, FastList, FastMove, FastRules, crowned_on};
use crate::compile::MoveRule;
use crate::compile::fast::{Hot, KindRules, Shift, at};
use crate::engine::decide;
use crate::engine::moves::Routes;
use crate::geometry::bits::Bits;
use crate::spec::MoveKind;

/// Where quiet moves go as they are found: a [`FastList`], a move list being written, or
/// perft one ply above its leaves (see `list.rs`).
pub(super) trait Sink<B> {
    /// The quiet move from `from` to `to` of a piece of kind `kind`, of kind `after` then.
    fn quiet(&mut self, from: B, to: B, kind: usize, after: usize);

    /// A man's step, where steps are all the men's quiet moves ([`FastRules::men_steps`]):
    /// by default a quiet move as any other.
    #[inline(always)]
    fn man_step(&mut self, from: B, to: B, after: usize) {
        self.quiet(from, to, 0, after);
    }
}

impl<B: Bits> Sink<B> for FastList<B> {
    #[inline(always)]
    fn quiet(&mut self, from: B, to: B, kind: usize, after: usize) {
        self.moves.push(FastMove { from, to, taken: B::ZERO, kinds: (kind | after << 4) as u8, trace: 0 });
    }
}

impl<B: Width> FastRules<B> {
    /// The legal moves of `b` in `list`: its captures, the quiet moves unless a capture
    /// is compulsory, without the moves that end on cells to avoid (unless every move
    /// does), or a pass. `None` if the capture search passed the budget.
    pub(super) fn generate(&self, b: &Board<B>, routes: Routes, list: &mut FastList<B>) -> Option<()> {
        by_men!(self, b.side, MEN => self.captures::<MEN>(b, routes, list, false))?;
        self.complete(b, list);
        Some(())
    }

    /// Adds to `list`, which holds the captures of `b`, the rest of its legal moves (see
    /// [`FastRules::generate`]).
    #[inline(always)]
    pub(super) fn complete(&self, b: &Board<B>, list: &mut FastList<B>) {
        if self.quiet_allowed(list) {
            self.quiet_bulk(b, list);
        }
        if self.has_avoid {
            self.drop_avoided(b, list);
        }
        if self.may_pass && decide::passes(self.passes, self.no_pieces_passes, b.own != B::ZERO, list.moves.is_empty()) {
            list.moves.push(FastMove { from: B::ZERO, to: B::ZERO, taken: B::ZERO, kinds: 0, trace: 0 });
        }
    }

    /// Whether the legal moves of `b`, whose captures are in `list`, are its quiet moves,
    /// its men's all steps, and nothing is dropped from them or added after (then perft
    /// may count each step's child as it finds the step, see `FastRules::step_children`).
    #[inline(always)]
    pub(super) fn all_quiet_men_step(&self, b: &Board<B>, list: &FastList<B>) -> bool {
        self.men_steps[b.side & 1] == 2 && list.moves.is_empty() && !self.has_avoid && !self.may_pass
    }

    /// How many legal moves `b` has; `list` is scratch. `None` if the capture search
    /// passed the budget. Inlined: at the ply above perft's leaves it runs once a move,
    /// and a call's cost is a good part of its own. `MEN`: the side's
    /// [`FastRules::men_backs`], or 0 (see [`FastRules::origins_n`]).
    #[inline(always)]
    pub(super) fn count<const MEN: usize>(&self, b: &Board<B>, routes: Routes, list: &mut FastList<B>) -> Option<u64> {
        if self.count_by_generating {
            self.generate(b, routes, list)?;
            return Some(list.moves.len() as u64);
        }
        let n = self.captures::<MEN>(b, routes, list, true)? as u64;
        // Captures are compulsory for every kind or for none (else moves are generated).
        if n > 0 && self.optional == 0 {
            return Some(n);
        }
        Some(n + self.count_quiet(b))
    }

    /// Whether quiet moves are legal beside the captures in `list` (see
    /// [`decide::quiet_allowed`]).
    #[inline]
    pub(super) fn quiet_allowed(&self, list: &FastList<B>) -> bool {
        decide::quiet_allowed(self.optional, self.every_kind, list.moves.iter().map(|m| m.kind_before()))
    }

    /// Removes the moves that end on a cell their kind must avoid, unless every move does
    /// (see [`decide::drop_avoided`]). Traces stay where they are: each kept move still
    /// points at its own.
    fn drop_avoided(&self, b: &Board<B>, list: &mut FastList<B>) {
        let kinds = &self.kinds[b.side];
        decide::drop_avoided(&mut list.moves, |m: &FastMove<B>| !m.is_pass() && m.to & kinds[m.kind_before()].avoid != B::ZERO);
    }

    /// Whether the piece `p` of kind `k` may not make a quiet move: it has made as many
    /// in a row as its kind's limit while its side has pieces of other kinds.
    #[inline(always)]
    fn held(&self, b: &Board<B>, p: B, k: usize) -> bool {
        match self.kinds[b.side][k].limit {
            Some(max) => {
                let (tracked, n) = b.tracked(b.side);
                tracked == p && n >= max && b.own & !b.kind_set(k) != B::ZERO
            }
            None => false,
        }
    }

    /// The quiet moves of `pieces` (of the side to move), appended to `list`: piece by
    /// piece in cell order, each kind's rules in order, directions in order, the nearest
    /// cell first.
    pub(super) fn quiet(&self, b: &Board<B>, pieces: B, list: &mut impl Sink<B>) {
        let mut pieces = self.movers(b, pieces);
        let occ = b.own | b.opp;
        while pieces != B::ZERO {
            let p = pieces.low();
            pieces ^= p;
            let k = b.kind_at(p);
            if self.limited >> k & 1 == 1 && self.held(b, p, k) {
                continue;
            }
            let kind = &self.kinds[b.side & 1][k];
            if kind.steps_only {
                // The common case: one step rule, no condition, every cell.
                let i = p.lowest() as usize;
                for d in kind.step_dirs.iter() {
                    let t = self.next[at(d, i)] & !occ;
                    if t != B::ZERO {
                        let after = crowned_on(t, kind.zone, kind.promotes_to).unwrap_or(k);
                        list.quiet(p, t, k, after);
                    }
                }
                continue;
            }
            let several = kind.moves.len() > 1;
            let mut done = B::ZERO;
            for rule in &kind.moves {
                for d in rule.dirs.iter() {
                    let mut to = self.reach(b, p, rule, d) & kind.cells;
                    while to != B::ZERO {
                        let t = self.nearest(to, d);
                        to ^= t;
                        if rule.condition.is_some() && !self.sees_enemy(b, p, t) || several && t & done != B::ZERO {
                            continue;
                        }
                        done |= t;
                        let after = crowned_on(t, kind.zone, kind.promotes_to).unwrap_or(k);
                        list.quiet(p, t, k, after);
                    }
                }
            }
        }
    }

    /// Those of `pieces` that may have a quiet move: next to an empty cell in one of their
    /// move directions (running, next to an empty cell or one of their side's pieces).
    #[inline]
    fn movers(&self, b: &Board<B>, pieces: B) -> B {
        let empty = self.cells & !(b.own | b.opp);
        let mut movers = B::ZERO;
        for (k, kind) in self.kinds[b.side & 1].iter().enumerate() {
            let mine = pieces & b.kind_set(k);
            if mine == B::ZERO {
                continue;
            }
            for rule in &kind.moves {
                let open = if rule.kind == MoveKind::Run { empty | b.own } else { empty };
                for d in rule.dirs.iter() {
                    movers |= mine & self.step(open, self.opposite[d] as usize);
                }
            }
        }
        movers
    }

    /// The quiet moves of the side to move, given to `list` in no particular order: for a
    /// kind counted in bulk (see [`FastRules::count_quiet`]) a shift per direction for
    /// all its pieces at once, for the others piece by piece. Inlined: perft one ply
    /// above its leaves counts the men's steps' children in it (a call of its own,
    /// 3 to 4 instructions a leaf more on 10x10 and 8x8 boards).
    #[inline(always)]
    pub(super) fn quiet_bulk(&self, b: &Board<B>, list: &mut impl Sink<B>) {
        let empty = self.cells & !(b.own | b.opp);
        if self.two_kinds {
            // Kind 1 is the only one with a bit in the planes.
            let ones = b.own & b.planes[0];
            if self.men_steps[b.side & 1] == 2 {
                let hot = &self.hot[b.side & 1][0];
                Self::push_steps::<true>(self.bulk[b.side & 1][0].steps.first::<2>(), b.own ^ ones, empty, 0, hot, list);
            } else {
                self.quiet_kind(b, empty, b.own ^ ones, 0, list);
            }
            self.quiet_kind(b, empty, ones, 1, list);
        } else {
            for k in 0..self.kinds[b.side & 1].len() {
                self.quiet_kind(b, empty, b.own & b.kind_set(k), k, list);
            }
        }
    }

    /// [`FastRules::quiet_bulk`] for the pieces of kind `k`.
    #[inline(always)]
    fn quiet_kind(&self, b: &Board<B>, empty: B, mut pieces: B, k: usize, list: &mut impl Sink<B>) {
        if pieces == B::ZERO {
            return;
        }
        let plan = &self.bulk[b.side & 1][k & 3];
        if !plan.bulk {
            return self.quiet(b, pieces, list);
        }
        if self.limited >> k & 1 == 1 && self.held(b, b.tracked(b.side).0, k) {
            pieces &= !b.tracked(b.side).0;
        }
        let hot = &self.hot[b.side & 1][k & 3];
        Self::push_steps::<false>(plan.steps.iter().as_slice(), pieces, empty, k, hot, list);
        // Slides and runs: the cells `dist` steps on, each from the piece `dist` steps back.
        for (dirs, run) in [(&plan.slides, false), (&plan.runs, true)] {
            for s in dirs.iter() {
                let mut x = s.step(pieces);
                let mut dist = 1;
                while x != B::ZERO {
                    let mut to = x & empty;
                    while to != B::ZERO {
                        let t = to.low();
                        to ^= t;
                        let mut from = t;
                        for _ in 0..dist {
                            from = s.unshift(from);
                        }
                        Self::push_quiet(list, hot, k, from, t);
                    }
                    x = s.step(x & if run { b.own } else { empty });
                    dist += 1;
                }
            }
        }
    }

    /// The steps of `pieces` (of kind `k`, what the search reads of it `hot`) in the
    /// directions `steps` onto `empty` cells, given to `list` (`MAN`: as
    /// [`Sink::man_step`], they are the men's).
    #[inline(always)]
    fn push_steps<const MAN: bool>(steps: &[Shift<B>], pieces: B, empty: B, k: usize, hot: &Hot<B>, list: &mut impl Sink<B>) {
        for s in steps {
            let mut to = s.step(pieces) & empty;
            while to != B::ZERO {
                let t = to.low();
                to ^= t;
                let after = crowned_on(t, hot.zone, hot.promotes_to).unwrap_or(k);
                if MAN {
                    list.man_step(s.unshift(t), t, after);
                } else {
                    list.quiet(s.unshift(t), t, k, after);
                }
            }
        }
    }

    /// The quiet move of a piece of kind `k` (what the search reads of it `hot`) from
    /// `from` to `to`, crowned where it ends on its promotion cells, given to `list`.
    #[inline(always)]
    fn push_quiet(list: &mut impl Sink<B>, hot: &Hot<B>, k: usize, from: B, to: B) {
        list.quiet(from, to, k, crowned_on(to, hot.zone, hot.promotes_to).unwrap_or(k));
    }

    /// The cells a piece on `p` reaches by `rule` in direction `d`: the next cell if
    /// empty; sliding, the empty cells up to the first piece; running, the first cell past
    /// its own pieces, if empty.
    #[inline(always)]
    fn reach(&self, b: &Board<B>, p: B, rule: &MoveRule, d: usize) -> B {
        let occ = b.own | b.opp;
        match rule.kind {
            MoveKind::Step => self.next(p, d) & !occ,
            MoveKind::Slide => self.open(p, d, occ),
            MoveKind::Run => {
                let mut y = self.next(p, d);
                while y & b.own != B::ZERO {
                    y = self.next(y, d);
                }
                y & !occ
            }
        }
    }

    /// Whether a piece moved from `from` to `to` sees an enemy piece along an open line.
    fn sees_enemy(&self, b: &Board<B>, from: B, to: B) -> bool {
        let occ = (b.own | b.opp) ^ from;
        (0..self.dirs).any(|d| {
            let blockers = self.ray(to, d) & occ;
            blockers != B::ZERO && self.nearest(blockers, d) & b.opp != B::ZERO
        })
    }

    /// How many quiet moves the side to move has: a kind's steps, slides and runs counted
    /// a shift per direction (per cell of the longest line) for all its pieces at once,
    /// two pieces never being at the same distance along one line from the same cell; a
    /// kind with several rules, a condition or cells it may not stand on, piece by piece.
    #[inline(always)]
    pub(super) fn count_quiet(&self, b: &Board<B>) -> u64 {
        let empty = self.cells & !(b.own | b.opp);
        let n = if self.two_kinds {
            // Kind 1 is the only one with a bit in the planes.
            let ones = b.own & b.planes[0];
            let men = if self.men_steps[b.side & 1] == 2 {
                Self::count_steps(self.bulk[b.side & 1][0].steps.first::<2>(), b.own ^ ones, empty)
            } else {
                self.count_kind(b, empty, b.own ^ ones, 0)
            };
            men + self.count_kind(b, empty, ones, 1)
        } else {
            (0..self.kinds[b.side & 1].len()).map(|k| self.count_kind(b, empty, b.own & b.kind_set(k), k)).sum()
        };
        u64::from(n)
    }

    /// [`FastRules::count_quiet`] for the pieces of kind `k`.
    #[inline(always)]
    fn count_kind(&self, b: &Board<B>, empty: B, mut pieces: B, k: usize) -> u32 {
        if pieces == B::ZERO {
            return 0;
        }
        if self.limited >> k & 1 == 1 && self.held(b, b.tracked(b.side).0, k) {
            pieces &= !b.tracked(b.side).0;
        }
        let plan = &self.bulk[b.side & 1][k & 3];
        if !plan.bulk {
            return self.count_one_by_one(b, &self.kinds[b.side & 1][k], pieces);
        }
        let mut n = Self::count_steps(plan.steps.iter().as_slice(), pieces, empty);
        for s in plan.slides.iter() {
            let mut x = s.step(pieces) & empty;
            while x != B::ZERO {
                n += x.count();
                x = s.step(x) & empty;
            }
        }
        for s in plan.runs.iter() {
            let mut x = s.step(pieces);
            while x != B::ZERO {
                n += (x & empty).count();
                x = s.step(x & b.own);
            }
        }
        n
    }

    /// The steps of `pieces` in the directions `steps` onto `empty` cells, counted. (A
    /// loop: written as an iterator's sum it compiled to 3% more instructions in Canadian
    /// perft, on 128 bits, under callgrind.)
    #[inline(always)]
    fn count_steps(steps: &[Shift<B>], pieces: B, empty: B) -> u32 {
        let mut n = 0;
        for s in steps {
            n += (s.step(pieces) & empty).count();
        }
        n
    }

    /// The quiet moves of `pieces` (of one kind), counted piece by piece.
    fn count_one_by_one(&self, b: &Board<B>, kind: &KindRules<B>, mut pieces: B) -> u32 {
        let mut n = 0;
        while pieces != B::ZERO {
            let p = pieces.low();
            pieces ^= p;
            let mut to = B::ZERO;
            for rule in &kind.moves {
                for d in rule.dirs.iter() {
                    let mut reach = self.reach(b, p, rule, d) & kind.cells;
                    if rule.condition.is_some() {
                        let mut keep = B::ZERO;
                        while reach != B::ZERO {
                            let t = reach.low();
                            reach ^= t;
                            if self.sees_enemy(b, p, t) {
                                keep |= t;
                            }
                        }
                        reach = keep;
                    }
                    to |= reach;
                }
            }
            n += to.count();
        }
        n
    }
}
