//! Moving bit sets of cells along the board's directions: the shifts of the fast path's
//! layout, and the tables built from them.

use super::tables::{FastRules, at};
use crate::geometry::bits::Bits;

impl<B: Bits> FastRules<B> {
    /// Every cell of `set` stepped to its neighbour in direction `d`, where it has one.
    #[inline(always)]
    pub(crate) fn step(&self, set: B, d: usize) -> B {
        let d = d & 7;
        (set & self.from[d]).step_by(self.rot[d], self.shl[d], self.shr[d])
    }

    /// Every cell of `set` stepped on in direction `d`, with no test that it has a
    /// neighbour there: for cells known to have one.
    #[inline(always)]
    pub(crate) fn shift(&self, set: B, d: usize) -> B {
        let d = d & 7;
        set.step_by(self.rot[d], self.shl[d], self.shr[d])
    }

    /// The neighbour of the cell `one` (a single bit) in direction `d`.
    #[inline(always)]
    pub(crate) fn next(&self, one: B, d: usize) -> B {
        self.next[at(d, one.lowest() as usize)]
    }

    /// The cells beyond the cell `one` (a single bit) in direction `d`.
    #[inline(always)]
    pub(crate) fn ray(&self, one: B, d: usize) -> B {
        self.rays[at(d, one.lowest() as usize)]
    }

    /// The nearest cell of `set` (cells of one ray) in direction `d`.
    #[inline(always)]
    pub(crate) fn nearest(&self, set: B, d: usize) -> B {
        if self.up >> d & 1 == 1 { set.low() } else { B::bit(set.highest()) }
    }

    /// The empty cells beyond `v` in direction `d`, up to the first of `occ`.
    #[inline(always)]
    pub(crate) fn open(&self, v: B, d: usize, occ: B) -> B {
        let ray = self.ray(v, d);
        let blockers = ray & occ;
        if blockers == B::ZERO {
            return ray;
        }
        let stop = self.nearest(blockers, d);
        ray & !(stop | self.ray(stop, d))
    }
}
