//! Captures that are single jumps, found all at once: in perft most positions with a
//! capture have only jumps over one piece that cannot go on, and these are counted (at
//! the leaves) or listed (above them) from shifts, a few per direction, without the
//! capture search; and where men alone capture, their captures of two jumps that cannot
//! go on are found the same way, and of three from each landing a third may go on from.
//! Where a jump might go on further, or the rules could tell two of them apart, the
//! search finds them instead.

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
            // Loops, not `for_each`: where the jumps are listed, `for_each` was left a
            // call of its own (under callgrind, 1.3 to 2.2 instructions a leaf more on
            // 10x10 and 8x8 boards).
            if MEN > 0 && k == 0 {
                for back in pf.backs[0].first::<MEN>().iter().enumerate() {
                    jump(back);
                }
            } else {
                for back in pf.backs[k].iter().enumerate() {
                    jump(back);
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
    /// `men` are seen as empty for it). Where no two captures of three jumps make the same
    /// move (`SingleJumps::triples`), a second landing a third may go on from is followed
    /// on alone ([`FastRules::triples_by`]), and only a fourth jump, or a third back onto
    /// the start, sends the position to the search. A first jump no second follows is a
    /// capture of one piece, a second no third follows one of two.
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
        // crowned man who could go on as a king is left to the search (as
        // `single_jumps` leaves it), and one who could not ends there.
        let (k2, ends) = decide::arrival(self.mid, 0, Some(hot.promotes_to), || true);
        let crowns = !ends && k2 != 0;
        // Where no later jump of the man's goes on (no first landing crowns a man here:
        // `single_jumps` left those to the search).
        let stop = if ends || crowns { hot.zone } else { B::ZERO };
        let (mut starts, mut thirds) = ([B::ZERO; 8], [B::ZERO; 8]);
        for (j, again) in laters.iter().enumerate() {
            starts[j & 7] = Self::jump_starts(empty, later_victims, again);
            thirds[j & 7] = if sj.returns { Self::jump_starts(empty | men, later_victims, again) } else { starts[j & 7] };
        }
        let landed = firsts.iter().fold(B::ZERO, |m, &l| m | l);
        let on = landed & !stop;
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
            if crowns && to & hot.zone != B::ZERO && self.crowned_goes_on(b, firsts, again, to & hot.zone) {
                return None;
            }
            // The second landings a third jump may go on from (not where the move ends,
            // nor where a man is crowned: he could not go on, tested above).
            let cont = union_of(&thirds, laters.len(), sj.third[j & 7]) & to & !stop;
            if cont != B::ZERO {
                if !sj.triples {
                    return None;
                }
                let (n, over3, two) = self.triples_by::<LIST>(b, firsts, j, cont, laters, list)?;
                (triples, doubles) = (triples + n, doubles + two);
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
    /// `laters` and landed on one of `cont` (those a third jump may go on from, as the
    /// board shows it): their number, the pieces their third jumps take and the number
    /// of those landings no third goes on from (captures of two), with `LIST` each
    /// pushed onto `list`; `None` where a third jump comes back to the start (two routes
    /// of one move), a fourth could follow or a man crowned on a third landing would go
    /// on as a king. `firsts` as for [`FastRules::double_jumps`].
    ///
    /// Such landings are few: each is followed back to its start and the pieces it took,
    /// and its third and fourth jumps are looked for from it alone, over pieces not taken
    /// yet onto empty cells or the start. So a third jump the board's lines would take
    /// back over the first piece taken is none. Marked cold, the loop that calls it keeps
    /// more of its state in registers.
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
    ) -> Option<(usize, B, usize)> {
        let side = b.side & 1;
        let (sj, hot) = (&self.single_jumps[side], &self.hot[side][0]);
        let (k2, ends) = decide::arrival(self.mid, 0, Some(hot.promotes_to), || true);
        let (stop, crowns) = (if ends { hot.zone } else { B::ZERO }, !ends && k2 != 0);
        let empty = self.cells & !(b.own | b.opp);
        let victims = b.opp & plain_prey(b.planes[0], hot.stages[1].prey);
        // The jumps from the cell `at` after one in the j-th later direction, over pieces
        // not in `taken`, onto empty cells or `start`: (the j3-th direction, over, to).
        let jumps = |at: B, j: usize, taken: B, start: B| {
            let dirs = sj.third[j & 7];
            (0..laters.len()).filter(move |&j3| dirs >> j3 & 1 == 1).filter_map(move |j3| {
                let d = usize::from(sj.later_dirs[j3 & 7]);
                let over = self.next(at, d) & victims & !taken;
                let to = if over == B::ZERO { B::ZERO } else { self.next(over, d) & (empty | start) };
                (to != B::ZERO).then_some((j3, over, to))
            })
        };
        let (mut n, mut taken3, mut two) = (0, B::ZERO, 0);
        let again = &laters[j];
        let mut here = cont;
        while here != B::ZERO {
            let l2 = here.low();
            here ^= l2;
            let (start, l1, taken) = self.way_back(side, firsts, again, l2)?;
            let mut threes = 0;
            for (j3, over3, l3) in jumps(l2, j, taken, start) {
                if l3 == start || crowns && l3 & hot.zone != B::ZERO {
                    return None;
                }
                if l3 & stop == B::ZERO && jumps(l3, j3, taken | over3, start).next().is_some() {
                    return None;
                }
                threes += 1;
                taken3 |= over3;
                if LIST {
                    let after = crowned_on(l3, hot.zone, hot.promotes_to).unwrap_or(0);
                    list.moves.push(FastMove { from: start, to: l3, taken: taken | over3, kinds: (after << 4) as u8, trace: 0 });
                }
            }
            n += threes;
            if threes == 0 {
                two += 1;
                if LIST {
                    self.push_doubles(list, side, firsts, l1, again);
                }
            }
        }
        Some((n, taken3, two))
    }

    /// Whether a man crowned on one of `crowned`, second landings of jumps away from
    /// `again` from one of `firsts`, could go on capturing as his new kind: along one of
    /// its later directions the first piece met (the man's start seen empty, as it is)
    /// is of its prey, not taken yet, with an empty cell beyond. A test that may say
    /// "could" wrongly (where a rule bars the direction, or the piece is out of reach),
    /// never "could not": where he could not, the capture ends there, crowned.
    #[cold]
    #[inline(never)]
    fn crowned_goes_on(&self, b: &Board<B>, firsts: &[B; 8], again: &Shift<B>, crowned: B) -> bool {
        let side = b.side & 1;
        let hot = &self.hot[side];
        let stage = hot[hot[0].promotes_to].stages[1];
        let prey = b.opp & plain_prey(b.planes[0], stage.prey);
        let mut here = crowned;
        while here != B::ZERO {
            let l2 = here.low();
            here ^= l2;
            let Some((start, _, taken)) = self.way_back(side, firsts, again, l2) else {
                return true;
            };
            let occupied = (b.own | b.opp) & !start;
            for d in stage.dirs.iter().filter(|&d| d < 8) {
                let on = self.ray(l2, d) & occupied;
                if on == B::ZERO {
                    continue;
                }
                let first = self.nearest(on, d);
                if first & prey & !taken != B::ZERO && self.next(first, d) & self.cells & !occupied != B::ZERO {
                    return true;
                }
            }
        }
        false
    }

    /// The capture of two jumps whose second went on away from `again` and landed on the
    /// cell `l2`, one of the men's first jumps landing on `firsts` (per direction, no two
    /// on one cell) before it: (its start, its first landing, the pieces it took).
    #[inline(always)]
    fn way_back(&self, side: usize, firsts: &[B; 8], again: &Shift<B>, l2: B) -> Option<(B, B, B)> {
        let over2 = again.shift(l2);
        let l1 = again.shift(over2);
        let backs = self.prefilter[side & 1].backs[0].iter();
        let back = backs.zip(firsts).find(|&(_, &f)| f & l1 != B::ZERO).map(|(back, _)| back)?;
        let over1 = back.shift(l1);
        Some((back.shift(over1), l1, over1 | over2))
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
