//! Captures that are single jumps, found all at once: in perft most positions with a
//! capture have only jumps over one piece that cannot go on, and these are counted (at
//! the leaves) or listed (above them) from shifts, a few per direction, without the
//! capture search. Where a jump might go on, or the rules could tell two of them apart,
//! the search finds them instead.

use super::Width;
use super::crowned_on;
use super::{Board, FastList, FastMove, FastRules};
use crate::compile::fast::{Hot, Shift};
use crate::engine::decide;

impl<B: Width> FastRules<B> {
    /// The number of captures of `b`'s side to move, where each is a single jump that
    /// cannot go on, and with `LIST` those captures pushed onto `list` (not in the
    /// search's order: for perft); `None` where that is not sure (then the capture search
    /// finds them, and `list` may hold some of them: the search empties it first).
    /// `origins`: the pieces that may capture ([`FastRules::origins`]).
    ///
    /// It is sure where every piece of `origins` is of a kind whose first capture is one
    /// jump rule with no condition (`SingleJumps`), so that the prefilter's shifts find
    /// its jumps exactly, one move each; where no landing could go on (a later jump from
    /// it over an enemy piece, whatever the rules bar after a capture, onto a cell empty
    /// or freed by the jumps: a test that may say "could" wrongly, never "could not");
    /// where a piece crowned on landing does not go on as its new kind; and where a
    /// precedence ranks these jumps alike (one kind jumps, one kind is jumped).
    ///
    /// `MEN`: the side's [`FastRules::men_backs`], or 0: the men's directions are then
    /// read in loops of known length (see [`FastRules::origins_n`]).
    #[inline(always)]
    pub(super) fn single_jumps<const LIST: bool, const MEN: usize>(
        &self,
        b: &Board<B>,
        origins: B,
        list: &mut FastList<B>,
    ) -> Option<usize> {
        let side = b.side & 1;
        let sj = &self.single_jumps[side];
        let pf = &self.prefilter[side];
        let empty = self.cells & !(b.own | b.opp);
        // Plain rules: two kinds at most, kind 1 the only one with a bit in the planes.
        let ones = b.planes[0];
        let (mut n, mut kinds, mut jumped) = (0, 0u8, B::ZERO);
        for k in 0..2 {
            let pieces = origins & if k == 1 { ones } else { !ones };
            if pieces == B::ZERO {
                continue;
            }
            if sj.kinds >> k & 1 == 0 {
                return None;
            }
            kinds |= 1 << k;
            let hot = &self.hot[side][k];
            let victims = b.opp & plain_prey(ones, pf.prey[k]);
            let mut landings = B::ZERO;
            let mut jump = |back: &Shift<B>| {
                let jumpers = Self::jump_starts(empty, victims, back) & pieces;
                if jumpers != B::ZERO {
                    let over = back.unshift(jumpers);
                    landings |= back.unshift(over);
                    n += jumpers.count() as usize;
                    jumped |= over;
                    if LIST {
                        Self::push_jumps(list, jumpers, back, k, hot);
                    }
                }
            };
            if MEN > 0 && k == 0 {
                pf.backs[0].first::<MEN>().iter().for_each(&mut jump);
            } else {
                pf.backs[k].iter().for_each(&mut jump);
            }
            if landings & hot.zone != B::ZERO {
                // Landing on promotion cells, as the search decides it: the move ends
                // there, or goes on as the kind it was (tested below); crowned (whether
                // it could go on is not known here), the search decides.
                let (k2, ends) = decide::arrival(self.mid, k, Some(hot.promotes_to), || true);
                if ends {
                    landings &= !hot.zone;
                } else if k2 != k {
                    return None;
                }
            }
            // The cells a later jump could land on: the empty ones, and with immediate
            // removal those of the pieces taken. Not the jumping piece's own start: a
            // jump lands two steps on, and the only jump from a landing two steps onto
            // where its piece started is the way back, over the piece just taken (cells
            // are bits, and each direction one shift of them).
            let free = empty | if self.removal_end { B::ZERO } else { jumped };
            let later_victims = b.opp & plain_prey(ones, hot.stages[1].prey);
            let goes_on = |back: &Shift<B>| Self::jump_starts(free, later_victims, back) & landings != B::ZERO;
            let conts = &sj.cont_backs[k];
            let on =
                if MEN > 0 && k == 0 && conts.len() == MEN { conts.first::<MEN>().iter().any(goes_on) } else { conts.iter().any(goes_on) };
            if on {
                return None;
            }
        }
        let one_kind_jumped = jumped & ones == B::ZERO || jumped & !ones == B::ZERO;
        if self.ranked && (kinds.count_ones() > 1 || !one_kind_jumped) {
            return None;
        }
        Some(n)
    }

    /// Pushes the jumps of `jumpers` (pieces of kind `k`, what the search reads of it
    /// `hot`) away from `back` onto `list`, each a whole capture: crowned where it lands
    /// on its kind's promotion cells (it cannot go on from there, see
    /// [`FastRules::single_jumps`]), as [`Walk::final_kind`](crate::engine::decide::Walk)
    /// gives the kind a capture ends as.
    #[inline(always)]
    fn push_jumps(list: &mut FastList<B>, mut jumpers: B, back: &Shift<B>, k: usize, hot: &Hot<B>) {
        while jumpers != B::ZERO {
            let from = jumpers.low();
            jumpers ^= from;
            let taken = back.unshift(from);
            let to = back.unshift(taken);
            let after = crowned_on(to, hot.zone, hot.promotes_to).unwrap_or(k);
            list.moves.push(FastMove { from, to, taken, kinds: (k | after << 4) as u8, trace: 0 });
        }
    }
}

/// The cells of the kinds in `prey` under plain rules (two kinds at most), `ones` the
/// cells of kind 1.
#[inline(always)]
pub(super) fn plain_prey<B: Width>(ones: B, prey: u8) -> B {
    let men = if prey & 1 == 1 { !ones } else { B::ZERO };
    let kings = if prey & 2 == 2 { ones } else { B::ZERO };
    men | kings
}
