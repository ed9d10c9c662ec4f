//! Where the fast path's capture search lands: on the one cell beyond a piece taken, or
//! on any of the empty cells beyond it (going on from each where it can, with the halt
//! rule and the must-continue landing); and a complete capture recorded, ranked by the
//! precedence and told apart from those found already.

use super::Width;
use super::captures::{FastSearch, NONE};
use super::{FastMove, Trace};
use crate::compile::fast::GENERAL;

impl<B: Width, const TRACE: bool, const SHAPE: u8> FastSearch<'_, B, TRACE, SHAPE> {
    /// Lands on the single cell `l` after a capture in direction `d`.
    #[inline(always)]
    pub(super) fn land_one(&mut self, l: B, k: usize, d: usize) {
        self.push_trail(l);
        let (k2, ends) = self.arrive(l, k, d);
        let cont = !ends && self.go_on(l, k, k2, d, NONE);
        if !cont || SHAPE == GENERAL && self.f.may_stop && self.hot(k2).may_stop {
            let fin = self.stop_kind(l, k2, cont);
            self.record(l, fin);
        }
        self.pop_trail();
    }

    /// Lands on any of `land` (the empty cells of one line beyond a piece taken in
    /// direction `d`), from the nearest on. With `halt`, only the first of them may end
    /// the move. Counting turns, going on straight is searched from the first landing
    /// only: it is the same from every one.
    #[inline(never)]
    pub(super) fn land_many(&mut self, land: B, k: usize, d: usize, halt: bool) {
        let f = self.f;
        let first = f.nearest(land, d);
        let straight = self.paths && self.stands(first, k) && {
            let (k1, _) = self.arrive(first, k, d);
            self.captures_in(first, k1, d)
        };
        let mut any_cont = straight;
        let mut ended = B::ZERO;
        let mut stopped = B::ZERO;
        let mut rest = land;
        while rest != B::ZERO {
            let l = f.nearest(rest, d);
            rest ^= l;
            if !self.stands(l, k) {
                continue;
            }
            self.push_trail(l);
            let (k2, ends) = self.arrive(l, k, d);
            let skip = if straight && l != first { d } else { NONE };
            let cont = !ends && self.go_on(l, k, k2, d, skip);
            any_cont |= cont;
            // A kind that may stop ends the capture on any landing (the halt rule allowing).
            let stop = self.hot(k2).may_stop && (l == first || !halt);
            if stop || !cont && (l == first || !(halt || straight)) {
                ended |= l;
                if cont {
                    stopped |= l;
                }
            }
            self.pop_trail();
            if self.over {
                return;
            }
        }
        // A kind that may stop is not held to landings that continue.
        if ended == B::ZERO || (f.must_continue && any_cont && !self.hot(k).may_stop) {
            return;
        }
        while ended != B::ZERO {
            let l = f.nearest(ended, d);
            ended ^= l;
            self.push_trail(l);
            let (k2, _) = self.arrive(l, k, d);
            let fin = self.stop_kind(l, k2, stopped & l != B::ZERO);
            self.record(l, fin);
            self.pop_trail();
        }
    }

    /// A complete capture ending on `to`, the piece of kind `kind_after` then.
    #[inline(always)]
    pub(super) fn record(&mut self, to: B, kind_after: usize) {
        if SHAPE == GENERAL && self.f.longest_after_crowning {
            if self.measuring {
                self.measured = self.measured.max(self.n);
                return;
            }
            if self.need != 0 && self.n != self.need {
                return;
            }
        }
        if self.ranking {
            match self.best {
                Some(best) if self.key < best => return,
                Some(best) if self.key == best => {}
                _ => {
                    self.best = Some(self.key);
                    if TRACE {
                        self.list.clear();
                    } else {
                        self.list.moves.clear();
                    }
                    self.counted = 0;
                }
            }
        }
        let compare = if self.distinct { self.n >= self.f.dedup_from } else { self.f.route_dedup };
        if self.count_only && !compare {
            self.counted += 1;
            return;
        }
        let m = FastMove { from: self.from, to, taken: self.taken, kinds: (self.start_kind | kind_after << 4) as u8, trace: 0 };
        if compare && self.stored(&m) {
            return;
        }
        self.push(m);
    }

    /// The capture going on from `l` (reached in direction `d`) by a piece of kind `k`, now
    /// of kind `k2`; whether it can. With `[capture] longest_after_crowning`, a piece just
    /// crowned into a ranked kind from an unranked one goes on only by the routes that take
    /// the most pieces from there: measured first, then searched.
    #[inline(always)]
    fn go_on(&mut self, l: B, k: usize, k2: usize, d: usize, skip: usize) -> bool {
        let ranked = |kind: usize| self.f.ranked_kinds >> kind & 1 == 1;
        if SHAPE != GENERAL || k2 == k || !self.f.longest_after_crowning || self.measuring || !ranked(k2) || ranked(k) {
            return self.dfs(l, k2, d, skip);
        }
        self.measuring = true;
        self.measured = self.n;
        let any = self.dfs(l, k2, d, NONE);
        self.measuring = false;
        if any {
            let outer = std::mem::replace(&mut self.need, self.measured);
            self.dfs(l, k2, d, skip);
            self.need = outer;
        }
        any
    }

    /// Whether `m` is stored already: the same result, or (routes told apart) the same
    /// landings.
    pub(super) fn stored(&mut self, m: &FastMove<B>) -> bool {
        let list = &*self.list;
        // Comparing is work too: it counts against the budget, 64 comparisons a step.
        self.steps += list.moves.len() as u64 / 64;
        if self.distinct {
            return list.moves.iter().any(|o| o.from == m.from && o.to == m.to && o.taken == m.taken && o.kinds >> 4 == m.kinds >> 4);
        }
        list.moves.iter().zip(&list.traces).any(|(o, t)| {
            o.from == m.from
                && o.to == m.to
                && o.taken == m.taken
                && o.kinds == m.kinds
                && list.path[t.path as usize..t.path as usize + t.npath as usize] == *list.trail.as_slice()
                // The pieces taken in the same order: an approach and a withdrawal may
                // land alike and take differently.
                && list.caps[t.caps as usize..t.caps as usize + t.ncap as usize] == *list.stack.as_slice()
        })
    }

    pub(super) fn push(&mut self, mut m: FastMove<B>) {
        let list = &mut *self.list;
        if TRACE {
            m.trace = list.traces.len() as u32;
            list.traces.push(Trace {
                caps: list.caps.len() as u32,
                ncap: list.stack.len() as u16,
                path: list.path.len() as u32,
                npath: list.trail.len() as u16,
            });
            list.caps.extend_from_slice(&list.stack);
            list.path.extend_from_slice(&list.trail);
        }
        list.moves.push(m);
    }
}
