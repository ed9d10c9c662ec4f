//! Captures that are single jumps, found all at once: in perft most positions with a
//! capture have only jumps over one piece that cannot go on, and these are counted (at
//! the leaves) or listed (above them) from shifts, a few per direction, without the
//! capture search; and where men alone capture, their captures of two or three jumps
//! that cannot go on are found the same way. Where a jump might go on further, or the
//! rules could tell two of them apart, the search finds them instead.

use super::Width;
use super::crowned_on;
use super::{Board, FastList, FastMove, FastRules};
use crate::compile::fast::{Hot, Shift};
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
            // Each direction's landings, and whether two jumps land on one cell.
            let (mut each, mut shared) = ([B::ZERO; 8], false);
            let mut jump = |(i, back): (usize, &Shift<B>)| {
                let jumpers = Self::jump_starts(empty, victims, back) & pieces;
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
            if MEN > 0 && k == 0 {
                pf.backs[0].first::<MEN>().iter().enumerate().for_each(&mut jump);
            } else {
                pf.backs[k].iter().enumerate().for_each(&mut jump);
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
                // Men alone capture: their captures of two or three jumps may be counted
                // at once.
                return if k == 0 && sj.doubles && origins & ones == B::ZERO && !shared {
                    self.double_jumps::<LIST, MEN>(b, pieces, &each, jumped, list)
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

    /// The number of captures of `b`'s side to move where its men are the only pieces
    /// that may capture and take at most two pieces (three where the lines allow), and
    /// with `LIST` those captures pushed onto `list` (as [`FastRules::single_jumps`]
    /// pushes them); `None` where a capture might take more, a man crowned on a landing
    /// would go on as a
    /// king, or a precedence could rank two of these captures apart but for their number
    /// of pieces (then the search finds them; `list` may hold some). `men`: the men that
    /// may capture; `firsts`: their first landings, per direction of the prefilter's
    /// men's jumps (no two on one cell), the pieces they jump over `jumped`.
    ///
    /// A second jump is found from all the first landings at once per later direction,
    /// by the same shifts: the board's lines make this exact (the way back, over the
    /// piece just taken, would land on the man's start, which the board shows taken),
    /// and a third jump from the second landings is never missed (`doubles_hold`,
    /// checked once per variant; where a third may land on the man's start, the cells of
    /// `men` are seen as empty for it). Where the lines make third jumps exact too
    /// (`SingleJumps::triples`), those are counted the same way ([`FastRules::triples_by`]),
    /// and only a fourth sends the position to the search. A first jump no second follows
    /// is a capture of one piece, a second no third follows one of two.
    #[inline(never)]
    fn double_jumps<const LIST: bool, const MEN: usize>(
        &self,
        b: &Board<B>,
        men: B,
        firsts: &[B; 8],
        jumped: B,
        list: &mut FastList<B>,
    ) -> Option<usize> {
        let laters = &self.single_jumps[b.side & 1].cont_backs[0];
        // A loop of known length where the men jump alike first and later.
        if MEN > 0 && laters.len() == MEN {
            self.doubles_by::<LIST>(b, men, firsts, jumped, laters.first::<MEN>(), list)
        } else {
            self.doubles_by::<LIST>(b, men, firsts, jumped, laters.iter().as_slice(), list)
        }
    }

    /// [`FastRules::double_jumps`], the men's later jumps away from `laters`.
    #[inline(always)]
    fn doubles_by<const LIST: bool>(
        &self,
        b: &Board<B>,
        men: B,
        firsts: &[B; 8],
        mut jumped: B,
        laters: &[Shift<B>],
        list: &mut FastList<B>,
    ) -> Option<usize> {
        if LIST {
            // The men's single jumps pushed already.
            list.moves.clear();
        }
        let side = b.side & 1;
        let (sj, hot) = (&self.single_jumps[side], &self.hot[side][0]);
        let empty = self.cells & !(b.own | b.opp);
        let ones = b.planes[0];
        let later_victims = b.opp & plain_prey(ones, hot.stages[1].prey);
        // Landing on promotion cells ends the move there, or it goes on as a man; a
        // crowned man going on is left to the search (as `single_jumps` leaves it).
        let (k2, ends) = decide::arrival(self.mid, 0, Some(hot.promotes_to), || true);
        let stop = if ends { hot.zone } else { B::ZERO };
        let (mut starts, mut thirds) = ([B::ZERO; 8], [B::ZERO; 8]);
        for (j, again) in laters.iter().enumerate() {
            starts[j & 7] = Self::jump_starts(empty, later_victims, again);
            thirds[j & 7] = if sj.returns { Self::jump_starts(empty | men, later_victims, again) } else { starts[j & 7] };
        }
        let landed = firsts.iter().fold(B::ZERO, |m, &l| m | l);
        let on = landed & !stop;
        let crowns = !ends && k2 != 0;
        let (mut doubles, mut triples, mut goes_on) = (0, 0, B::ZERO);
        for (j, again) in laters.iter().enumerate() {
            let seconds = starts[j & 7] & on;
            if seconds == B::ZERO {
                continue;
            }
            goes_on |= seconds;
            let over = again.unshift(seconds);
            let to = again.unshift(over);
            jumped |= over;
            if crowns && to & hot.zone != B::ZERO {
                return None;
            }
            // The second landings a third jump goes on from: the search counts, unless
            // the shifts count the captures of three exactly.
            let cont = union_of(&thirds, laters.len(), sj.third[j & 7]) & to & !stop;
            if cont != B::ZERO {
                if !sj.triples {
                    return None;
                }
                let (n, over3) = self.triples_by::<LIST>(b, firsts, j, cont, laters, list)?;
                triples += n;
                jumped |= over3;
            }
            doubles += (to & !cont).count() as usize;
            if LIST {
                self.push_doubles(list, b.side, firsts, again.shift(again.shift(to & !cont)), again);
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
        let left = landed & !goes_on;
        if LIST {
            let backs = &self.prefilter[side].backs[0];
            for (i, back) in backs.iter().enumerate() {
                Self::push_jumps(list, back.shift(back.shift(firsts[i & 7] & left)), back, 0, hot);
            }
        }
        Some(left.count() as usize + doubles + triples)
    }

    /// The men's captures of three jumps whose second went on away from the j-th of
    /// `laters` and landed on `cont`: their number and the pieces their third jumps take,
    /// with `LIST` each pushed onto `list`; `None` where a fourth jump could follow or a
    /// man crowned on a third landing would go on as a king. `firsts` as for
    /// [`FastRules::double_jumps`]. The cells jumps go from are found again here, on this
    /// rarer path; marked cold, the loop that calls it keeps more of its state in
    /// registers (measured: 0.1 to 0.2 fewer instructions per leaf).
    #[cold]
    #[inline(never)]
    fn triples_by<const LIST: bool>(
        &self,
        b: &Board<B>,
        firsts: &[B; 8],
        j: usize,
        cont: B,
        laters: &[Shift<B>],
        list: &mut FastList<B>,
    ) -> Option<(usize, B)> {
        let side = b.side & 1;
        let (sj, hot) = (&self.single_jumps[side], &self.hot[side][0]);
        let (k2, ends) = decide::arrival(self.mid, 0, Some(hot.promotes_to), || true);
        let stop = if ends { hot.zone } else { B::ZERO };
        // Per later direction, the cells a jump goes from: exact for a third jump (where
        // `SingleJumps::triples` holds); for a fourth, where it could land on the man's
        // start, the side's men's cells seen as empty (a fourth jump seen landing on
        // another's is one more case left to the search).
        let empty = self.cells & !(b.own | b.opp);
        let men = b.own & !b.planes[0];
        let later_victims = b.opp & plain_prey(b.planes[0], hot.stages[1].prey);
        let (mut starts, mut fourths) = ([B::ZERO; 8], [B::ZERO; 8]);
        for (j3, again) in laters.iter().enumerate() {
            starts[j3 & 7] = Self::jump_starts(empty, later_victims, again);
            fourths[j3 & 7] = if sj.returns4 { Self::jump_starts(empty | men, later_victims, again) } else { starts[j3 & 7] };
        }
        let (mut n, mut taken) = (0, B::ZERO);
        for (j3, third) in laters.iter().enumerate() {
            let thirds = starts[j3 & 7] & cont;
            if sj.third[j & 7] >> j3 & 1 == 0 || thirds == B::ZERO {
                continue;
            }
            let over = third.unshift(thirds);
            let to = third.unshift(over);
            if !ends && k2 != 0 && to & hot.zone != B::ZERO || union_of(&fourths, laters.len(), sj.third[j3 & 7]) & to & !stop != B::ZERO {
                return None;
            }
            n += thirds.count() as usize;
            taken |= over;
            if LIST {
                self.push_triples(list, side, firsts, thirds, &laters[j], third);
            }
        }
        Some((n, taken))
    }

    /// Pushes the captures of two jumps whose first lands on `seconds` (one of `firsts`,
    /// per direction of the men's first jumps) and second goes on away from `again` onto
    /// `list`, each crowned where it ends on its promotion cells.
    fn push_doubles(&self, list: &mut FastList<B>, side: usize, firsts: &[B; 8], seconds: B, again: &Shift<B>) {
        let hot = &self.hot[side & 1][0];
        for (i, back) in self.prefilter[side & 1].backs[0].iter().enumerate() {
            let mut here = seconds & firsts[i & 7];
            while here != B::ZERO {
                let l = here.low();
                here ^= l;
                let (over, over2) = (back.shift(l), again.unshift(l));
                let (from, to) = (back.shift(over), again.unshift(over2));
                let after = crowned_on(to, hot.zone, hot.promotes_to).unwrap_or(0);
                list.moves.push(FastMove { from, to, taken: over | over2, kinds: (after << 4) as u8, trace: 0 });
            }
        }
    }

    /// Pushes the captures of three jumps whose second lands on `seconds`, having gone on
    /// away from `again` from one of `firsts` (as for [`FastRules::push_doubles`]), and
    /// whose third goes on away from `third` onto `list`, each crowned where it ends on
    /// its promotion cells.
    fn push_triples(&self, list: &mut FastList<B>, side: usize, firsts: &[B; 8], seconds: B, again: &Shift<B>, third: &Shift<B>) {
        let hot = &self.hot[side & 1][0];
        for (i, back) in self.prefilter[side & 1].backs[0].iter().enumerate() {
            let mut here = seconds & again.unshift(again.unshift(firsts[i & 7]));
            while here != B::ZERO {
                let l2 = here.low();
                here ^= l2;
                let (over2, over3) = (again.shift(l2), third.unshift(l2));
                let over1 = back.shift(again.shift(over2));
                let to = third.unshift(over3);
                let after = crowned_on(to, hot.zone, hot.promotes_to).unwrap_or(0);
                list.moves.push(FastMove {
                    from: back.shift(over1),
                    to,
                    taken: over1 | over2 | over3,
                    kinds: (after << 4) as u8,
                    trace: 0,
                });
            }
        }
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

/// The union of those of `sets` (per later direction, the first `n`) whose bit is set in
/// `dirs`.
#[inline(always)]
fn union_of<B: Width>(sets: &[B; 8], n: usize, dirs: u8) -> B {
    sets.iter().take(n).enumerate().filter(|&(j, _)| dirs >> j & 1 == 1).fold(B::ZERO, |m, (_, &s)| m | s)
}

/// The cells of the kinds in `prey` under plain rules (two kinds at most), `ones` the
/// cells of kind 1.
#[inline(always)]
pub(super) fn plain_prey<B: Width>(ones: B, prey: u8) -> B {
    let men = if prey & 1 == 1 { !ones } else { B::ZERO };
    let kings = if prey & 2 == 2 { ones } else { B::ZERO };
    men | kings
}
