//! Captures that are single jumps, found all at once: in perft most positions with a
//! capture have only jumps over one piece that cannot go on, and these are counted (at
//! the leaves) or listed (above them) from shifts, a few per direction, without the
//! capture search; and where men alone capture, their captures of two and three jumps,
//! each first landing followed on alone. Where a capture might go on further, or the
//! rules could tell two of them apart, the search finds them instead.

use super::Width;
use super::crowned_on;
use super::{Board, FastList, FastMove, FastRules};
use crate::compile::fast::{Hot, STRIDE, Shift};
use crate::engine::decide;

impl<B: Width> FastRules<B> {
    /// The number of captures of `b`'s side to move, where each is a single jump that
    /// cannot go on (or, men alone capturing, at most three jumps: see
    /// [`FastRules::double_jumps`]), and with `LIST` those captures pushed onto `list`
    /// (not in the search's order: for perft); `None` where that is not sure (then the
    /// capture search finds them, and `list` may hold some of them: the search empties
    /// it first).
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
    /// read in loops of known length, and `starts` holds per direction the cells a man
    /// could jump from, as [`FastRules::origins_n`] found them.
    #[inline(always)]
    pub(super) fn single_jumps<const LIST: bool, const MEN: usize>(
        &self,
        b: &Board<B>,
        origins: B,
        starts: &[B; MEN],
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
            // Each direction's landings, and whether two jumps land on one cell.
            let (mut each, mut shared) = ([B::ZERO; 8], false);
            let mut jump = |i: usize, back: &Shift<B>, jumpers: B| {
                if jumpers != B::ZERO {
                    let over = back.unshift(jumpers);
                    let to = back.unshift(over);
                    shared |= landings & to != B::ZERO;
                    each[i & 7] = to;
                    landings |= to;
                    n += jumpers.count() as usize;
                    jumped |= over;
                    if LIST {
                        Self::push_jumps(list, jumpers, back, k, hot);
                    }
                }
            };
            // Loops, not `for_each`: where the jumps are listed, `for_each` was left a
            // call of its own (under callgrind, 1.3 to 2.2 instructions a leaf more on
            // 10x10 and 8x8 boards).
            if MEN > 0 && k == 0 {
                for (i, (back, &from)) in pf.backs[0].first::<MEN>().iter().zip(starts).enumerate() {
                    jump(i, back, from & pieces);
                }
            } else {
                for (i, back) in pf.backs[k].iter().enumerate() {
                    jump(i, back, Self::jump_starts(empty, victims, back) & pieces);
                }
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
            let conts = &sj.cont_backs[k];
            let on = if MEN > 0 && k == 0 && conts.len() == MEN {
                Self::goes_on(conts.first::<MEN>(), free, later_victims, landings)
            } else {
                Self::goes_on(conts.iter().as_slice(), free, later_victims, landings)
            };
            if on {
                // Men alone capture: their captures of two or three jumps may be counted
                // at once.
                return if k == 0 && sj.doubles && origins & ones == B::ZERO && !shared {
                    self.double_jumps::<LIST, MEN>(b, &each, jumped, list)
                } else {
                    None
                };
            }
        }
        let one_kind_jumped = jumped & ones == B::ZERO || jumped & !ones == B::ZERO;
        if self.ranked && (kinds.count_ones() > 1 || !one_kind_jumped) {
            return None;
        }
        Some(n)
    }

    /// Whether a jump away from one of `backs` goes on from one of `landings`, over one of
    /// `victims` onto one of `free`; it stops at the first. On 128 bits a loop of its
    /// own, inlined: `Iterator::any` was left a call there (a 12x12 board's perft, 4%
    /// fewer instructions a leaf); on 64 bits `Iterator::any`, which the loop would cost
    /// 1.5% more on 10x10 and 8x8 boards (measured under callgrind).
    #[inline(always)]
    fn goes_on(backs: &[Shift<B>], free: B, victims: B, landings: B) -> bool {
        if B::BITS <= 64 {
            return backs.iter().any(|back| Self::jump_starts(free, victims, back) & landings != B::ZERO);
        }
        for back in backs {
            if Self::jump_starts(free, victims, back) & landings != B::ZERO {
                return true;
            }
        }
        false
    }

    /// The number of captures of `b`'s side to move where its men are the only pieces
    /// that may capture and take at most three pieces, and with `LIST` those captures
    /// pushed onto `list` (as [`FastRules::single_jumps`] pushes them); `None` where a
    /// capture might take more, come back to its start (two routes of one move), a man
    /// crowned on a landing would go on as a king, or a precedence could rank two of these
    /// captures apart but for their number of pieces (then the search finds them; `list`
    /// may hold some). `firsts`: the men's first landings, per direction of the
    /// prefilter's men's jumps (no two on one cell), the pieces they jump over `jumped`.
    ///
    /// Each first landing is followed on alone, as the search would follow it but only
    /// so far: its later jumps are found from its cell by the table of its neighbours (see
    /// [`FastRules::blind_jumps_from`]), over pieces not taken yet onto empty cells (a
    /// third or a fourth also onto the start, which the man has left). A first landing no
    /// second jump follows is a capture of one piece, a second no third follows one of
    /// two. No two of the captures found make one move: no two of two jumps from one cell
    /// take the same pieces to the same cell (`SingleJumps::doubles`, checked once per
    /// variant), nor two of three (`SingleJumps::triples`, else those go to the search).
    ///
    /// Inlined where the men's directions are read in a loop of known length. Measured
    /// under callgrind on dctl's twelve variants: as a call of its own, 0.6 to 4.2
    /// instructions a leaf more on eleven (4.2 where the men jump in eight directions),
    /// 0.9 fewer on the twelfth; inlined for every loop, 0.4 to 1.3 more on all.
    #[inline(always)]
    fn double_jumps<const LIST: bool, const MEN: usize>(
        &self,
        b: &Board<B>,
        firsts: &[B; 8],
        jumped: B,
        list: &mut FastList<B>,
    ) -> Option<usize> {
        let backs = &self.prefilter[b.side & 1].backs[0];
        if MEN > 0 {
            debug_assert_eq!(backs.len(), MEN);
            self.doubles_by::<LIST>(b, firsts, jumped, backs.first::<MEN>(), list)
        } else {
            self.doubles_any::<LIST>(b, firsts, jumped, list)
        }
    }

    /// [`FastRules::double_jumps`] where the men's directions are not read in a loop of
    /// known length.
    #[inline(never)]
    fn doubles_any<const LIST: bool>(&self, b: &Board<B>, firsts: &[B; 8], jumped: B, list: &mut FastList<B>) -> Option<usize> {
        let backs = &self.prefilter[b.side & 1].backs[0];
        self.doubles_by::<LIST>(b, firsts, jumped, backs.iter().as_slice(), list)
    }

    /// [`FastRules::double_jumps`], the men's first jumps away from `backs`.
    #[inline(always)]
    fn doubles_by<const LIST: bool>(
        &self,
        b: &Board<B>,
        firsts: &[B; 8],
        mut jumped: B,
        backs: &[Shift<B>],
        list: &mut FastList<B>,
    ) -> Option<usize> {
        if LIST {
            // The men's single jumps pushed already: those that stay single are pushed again.
            list.moves.clear();
        }
        let side = b.side & 1;
        let (sj, hot) = (&self.single_jumps[side], &self.hot[side][0]);
        let empty = self.cells & !(b.own | b.opp);
        let ones = b.planes[0];
        let victims = b.opp & plain_prey(ones, hot.stages[1].prey);
        // Landing on promotion cells ends the move there, or it goes on as a man; a
        // crowned man who could go on as a king is left to the search (as
        // `single_jumps` leaves it), and one who could not ends there.
        let (k2, ends) = decide::arrival(self.mid, 0, Some(hot.promotes_to), || true);
        let crowns = !ends && k2 != 0;
        // Where no later jump of the man's goes on (no first landing crowns a man here:
        // `single_jumps` left those to the search).
        let stop = if ends || crowns { hot.zone } else { B::ZERO };
        let (mut left, mut doubles, mut triples) = (B::ZERO, 0, 0);
        // The directions walked, in order: where the men jump in eight, only those with a
        // first landing (told apart all at once), since walking each cost 8 instructions
        // and most have none (under callgrind, 0.8 fewer instructions a leaf); else all,
        // counted in turn (each bit's place taken in both cases compiled to 1.2 to 1.3
        // more a leaf, eight directions or four).
        let masked = backs.len() == 8;
        let mut rest = if masked {
            firsts.iter().enumerate().fold(0u8, |m, (i, &l)| m | u8::from(l != B::ZERO) << i)
        } else {
            (1u16 << backs.len()).wrapping_sub(1) as u8
        };
        let mut i = 0;
        while rest != 0 {
            if masked {
                i = rest.trailing_zeros() as usize;
            }
            rest &= rest - 1;
            let (back, mut here) = (&backs[i], firsts[i & 7]);
            i += 1;
            while here != B::ZERO {
                let l1 = here.low();
                here ^= l1;
                let over1 = back.shift(l1);
                let start = back.shift(over1);
                if l1 & stop != B::ZERO {
                    left |= l1;
                    continue;
                }
                let mut on = false;
                for (over2, l2) in self.later_jumps(side, l1, victims & !over1, empty) {
                    on = true;
                    jumped |= over2;
                    let taken = over1 | over2;
                    let mut thirds = 0;
                    if l2 & stop != B::ZERO {
                        if crowns && self.crowned_goes_on(b, start, taken, l2) {
                            return None;
                        }
                    } else {
                        for (over3, l3) in self.later_jumps(side, l2, victims & !taken, empty | start) {
                            if !sj.triples || l3 == start || crowns && l3 & hot.zone != B::ZERO {
                                return None;
                            }
                            let more = victims & !(taken | over3);
                            if l3 & stop == B::ZERO && self.later_jumps(side, l3, more, empty | start).next().is_some() {
                                return None;
                            }
                            thirds += 1;
                            jumped |= over3;
                            if LIST {
                                Self::push_capture(list, hot, start, l3, taken | over3);
                            }
                        }
                    }
                    if thirds == 0 {
                        doubles += 1;
                        if LIST {
                            Self::push_capture(list, hot, start, l2, taken);
                        }
                    }
                    triples += thirds;
                }
                if !on {
                    left |= l1;
                }
            }
        }
        if sj.ranked {
            // One kind taken: a capture's rank is told by its number of pieces.
            if jumped & ones != B::ZERO && jumped & !ones != B::ZERO {
                return None;
            }
            let one = usize::from(jumped & ones != B::ZERO);
            if triples > 0 {
                if sj.outranks3 >> one & 1 == 0 {
                    return None;
                }
                if LIST {
                    list.moves.retain(|m| m.taken.count() == 3);
                }
                return Some(triples);
            }
            if doubles > 0 && sj.outranks >> one & 1 == 1 {
                return Some(doubles);
            }
        }
        if LIST {
            for (i, back) in backs.iter().enumerate() {
                Self::push_jumps(list, back.shift(back.shift(firsts[i & 7] & left)), back, 0, hot);
            }
        }
        Some(left.count() as usize + doubles + triples)
    }

    /// The men's later jumps (the side's `side`) from the cell `at` over one of `victims`
    /// onto one of `free`: (the piece taken, the landing).
    #[inline(always)]
    fn later_jumps(&self, side: usize, at: B, victims: B, free: B) -> impl Iterator<Item = (B, B)> {
        let i = at.lowest() as usize & (STRIDE - 1);
        self.blind_jumps_from(i, self.jump_around[side & 1][STRIDE + i] & victims, free)
    }

    /// The jumps from the cell of bit `i` over the pieces `near` (its neighbours in the
    /// jumps' directions) onto one of `free`: (the piece taken, the landing). A step is
    /// one shift, so the landing over the neighbour at bit `v` is bit `2v - i` (it is a
    /// landing if it is in `jump_land`): no direction need be known, where the rules bar
    /// none but the way back and pieces taken block until the move ends
    /// ([`FastRules::blind_jumps`]).
    #[inline(always)]
    pub(super) fn blind_jumps_from(&self, i: usize, mut near: B, free: B) -> impl Iterator<Item = (B, B)> {
        let landings = self.jump_land[i] & free;
        std::iter::from_fn(move || {
            while near != B::ZERO {
                let v = near.low();
                near ^= v;
                let li = (2 * v.lowest()).wrapping_sub(i as u32);
                if li < B::BITS {
                    let l = B::bit(li) & landings;
                    if l != B::ZERO {
                        return Some((v, l));
                    }
                }
            }
            None
        })
    }

    /// Whether a man crowned on the cell `l2`, having taken `taken` from `start`, could
    /// go on capturing as his new kind: along one of its later directions the first piece
    /// met (the man's start seen empty, as it is) is of its prey, not taken yet, with an
    /// empty cell beyond. A test that may say "could" wrongly (where a rule bars the
    /// direction, or the piece is out of reach), never "could not": where he could not,
    /// the capture ends there, crowned.
    #[cold]
    #[inline(never)]
    fn crowned_goes_on(&self, b: &Board<B>, start: B, taken: B, l2: B) -> bool {
        let hot = &self.hot[b.side & 1];
        let stage = hot[hot[0].promotes_to].stages[1];
        let prey = b.opp & plain_prey(b.planes[0], stage.prey);
        let occupied = (b.own | b.opp) & !start;
        stage.dirs.iter().filter(|&d| d < 8).any(|d| {
            let on = self.ray(l2, d) & occupied;
            if on == B::ZERO {
                return false;
            }
            let first = self.nearest(on, d);
            first & prey & !taken != B::ZERO && self.next(first, d) & self.cells & !occupied != B::ZERO
        })
    }

    /// Pushes the capture of a man from `from` to `to` taking `taken` onto `list`, crowned
    /// where it ends on his promotion cells (`hot`).
    #[inline(always)]
    fn push_capture(list: &mut FastList<B>, hot: &Hot<B>, from: B, to: B, taken: B) {
        let after = crowned_on(to, hot.zone, hot.promotes_to).unwrap_or(0);
        list.moves.push(FastMove { from, to, taken, kinds: (after << 4) as u8, trace: 0 });
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
