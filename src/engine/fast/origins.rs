//! Which pieces of the side to move may capture, found for all at once by shifts before
//! the capture search, and (for [`FastRules::cont_test`]) the cells a jump could go on
//! from.

use super::Width;
use super::jumps::plain_prey;
use super::{Board, FastRules};
use crate::compile::fast::{MAX_KINDS, Prefilter, STRIDE, Shift};

impl<B: Width> FastRules<B> {
    /// Whether some piece of `b`'s side to move might capture ([`FastRules::origins`]).
    pub(super) fn might_capture(&self, b: &Board<B>) -> bool {
        self.origins(b) != B::ZERO
    }

    /// The pieces of the side to move that may capture: those with a first jump (found
    /// for all at once by shifts), and those of kinds with other first captures that see
    /// an enemy piece along a line.
    #[inline(always)]
    pub(super) fn origins(&self, b: &Board<B>) -> B {
        self.origins_n::<0>(b, &mut [])
    }

    /// [`FastRules::origins`], where `MEN` (if not 0) is the side's
    /// [`FastRules::men_backs`]: its men's jumps are then found in a loop of known length,
    /// with nothing else asked of their rules (measured under callgrind: 4.3% fewer
    /// instructions a leaf in International perft), and kept in `starts`, per direction
    /// the cells a man could jump from (for [`FastRules::single_jumps`], which would
    /// otherwise find them again).
    #[inline(always)]
    pub(super) fn origins_n<const MEN: usize>(&self, b: &Board<B>, starts: &mut [B; MEN]) -> B {
        let empty = self.cells & !(b.own | b.opp);
        let pf = &self.prefilter[b.side & 1];
        if self.two_kinds {
            // Kind 1 is the only one with a bit in the planes.
            let ones = b.own & b.planes[0];
            let men = self.origins_of::<true, MEN>(b, empty, pf, b.own ^ ones, 0, starts);
            return men | self.origins_of::<true, 0>(b, empty, pf, ones, 1, &mut []);
        }
        (0..(pf.kinds as usize).min(MAX_KINDS))
            .fold(B::ZERO, |o, k| o | self.origins_of::<false, 0>(b, empty, pf, b.own & b.kind_set(k), k, &mut []))
    }

    /// Those of `pieces` (of kind `k`) that may capture; `TWO`: the side has two kinds at
    /// most (kind 1 the only one with a bit in the planes); `MEN`: 0, or (for the men,
    /// `k` 0) the side's [`FastRules::men_backs`], their jump directions then read in a
    /// loop of that length, their other captures (there are none) not asked about, and
    /// each direction's cells that could jump kept in `starts`.
    #[inline(always)]
    fn origins_of<const TWO: bool, const MEN: usize>(
        &self,
        b: &Board<B>,
        empty: B,
        pf: &Prefilter<B>,
        pieces: B,
        k: usize,
        starts: &mut [B; MEN],
    ) -> B {
        // With `MEN`, `starts` is written whether or not there are pieces, so that its
        // caller need not clear it first.
        if MEN == 0 && pieces == B::ZERO {
            return B::ZERO;
        }
        let mut origins = B::ZERO;
        if MEN == 0 && pf.others >> k & 1 == 1 {
            let mut rest = pieces;
            while rest != B::ZERO {
                let p = rest.low();
                rest ^= p;
                if self.lines[p.lowest() as usize & (STRIDE - 1)] & b.opp != B::ZERO {
                    origins |= p;
                }
            }
            return origins;
        }
        let prey = pf.prey[k & 3];
        let victims = b.opp
            & if prey == self.every_kind {
                !B::ZERO
            } else if TWO {
                plain_prey(b.planes[0], prey)
            } else {
                self.prey_planes(b.planes, prey)
            };
        // Step the empty cells back onto the victims, and those again: where they arrive,
        // a piece could jump (`jump_starts`). (Stepping
        // the victims first, to stop where no piece is next to one, measured slower on
        // 128 bits but for HexDame, by 3%: Canadian 8 8% slower, Pskov-61 7 8%.)
        if MEN > 0 {
            for (start, back) in starts.iter_mut().zip(pf.backs[k & 3].first::<MEN>()) {
                *start = Self::jump_starts(empty, victims, back);
                origins |= *start;
            }
            return pieces & origins;
        }
        for back in pf.backs[k & 3].iter() {
            origins |= Self::jump_starts(empty, victims, back);
        }
        for back in pf.leap_backs[k & 3].iter() {
            origins |= self.step(victims, back);
        }
        pieces & origins
    }

    /// The cells from which a jump back from `pf.cont_backs` could be made: next to an enemy
    /// piece with an empty cell (or one of `origins`, which the capturing piece leaves)
    /// beyond it.
    #[inline(always)]
    pub(super) fn goes_on_from(&self, b: &Board<B>, pf: &Prefilter<B>, origins: B) -> B {
        let empty = self.cells & !(b.own | b.opp) | origins;
        let mut from = B::ZERO;
        for back in pf.cont_backs.iter() {
            from |= Self::jump_starts(empty, b.opp, back);
        }
        from
    }

    /// The cells from which a jump over one of `victims` lands on one of `free`, in the
    /// direction opposite to `back`: the cells of `free` with two steps back, stepped back
    /// onto the victims, and again. (A cell stepped back once onto a victim has a second
    /// step back: no mask is needed for it.)
    #[inline(always)]
    pub(super) fn jump_starts(free: B, victims: B, back: &Shift<B>) -> B {
        back.shift(back.step(free) & victims)
    }

    /// The pieces of the kinds in `prey`, both sides, on a board of kind planes `planes`
    /// (its callers take every kind's prey as every piece before they ask).
    #[inline(always)]
    pub(super) fn prey_planes(&self, planes: [B; 2], prey: u8) -> B {
        let b = Board { own: B::ZERO, opp: B::ZERO, planes, side: 0, track: [(0, 0); 2] };
        (0..4).filter(|k| prey >> k & 1 == 1).fold(B::ZERO, |m, k| m | b.kind_set(k))
    }
}
