//! Where the fast path's shortcuts apply, decided once per variant from its tables:
//! captures that are single jumps (or the men's double jumps) counted at once
//! ([`SingleJumps`]), and the men's directions read in loops of known length
//! ([`FastRules::men_backs`], [`FastRules::men_steps`]).

use super::steps::Shifts;
use super::tables::{FastRules, MAX_KINDS, PLAIN, at_stage};
use crate::compile::{CapRule, Shape};
use crate::geometry::DirSet;
use crate::geometry::bits::Bits;

/// One side's count of captures that are single jumps, all at once (see
/// `FastRules::single_jumps`): bit k of `kinds`, kind k's first capture is its one rule, a
/// jump with no condition (in eight directions at most, as many as a [`Shifts`] holds),
/// which the prefilter's shifts find exactly; and per kind the directions back from its
/// later jumps, none where its later captures are not jumps (then `kinds` leaves it out).
///
/// Where the men's captures are at most two or three jumps, those are counted at once too (see
/// `FastRules::double_jumps`): `doubles`, the men's later capture is one jump rule with no
/// condition, found without knowing its direction (`FastRules::blind_jumps`: taken pieces
/// leave when the move ends, no direction is barred after a jump but the way back), and
/// no two captures of two jumps from one cell make one move (see
/// [`FastRules::doubles_hold`]); `triples`, their captures of three jumps are counted at
/// once too (no two of those that do not come back to the start make one move); and how
/// a precedence ranks them (`ranked`, `outranks`, `outranks3`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SingleJumps<B> {
    pub kinds: u8,
    pub cont_backs: [Shifts<B>; MAX_KINDS],
    pub doubles: bool,
    pub triples: bool,
    /// Whether a precedence ranks the men's captures, and (bit k) whether one of two
    /// pieces of kind k outranks one of one.
    pub ranked: bool,
    pub outranks: u8,
    /// Bit k: whether one of three pieces of kind k outranks one of two.
    pub outranks3: u8,
}

impl<B: Bits> FastRules<B> {
    /// A side's [`FastRules::men_steps`].
    pub(super) fn men_steps_of(&self, side: usize) -> u8 {
        let plan = &self.bulk[side][0];
        let steps_only = plan.bulk && plan.slides.is_empty() && plan.runs.is_empty() && plan.steps.len() == 2;
        if self.two_kinds && steps_only && self.limited & 1 == 0 { 2 } else { 0 }
    }

    /// A side's [`FastRules::men_backs`].
    pub(super) fn men_backs_of(&self, side: usize) -> u8 {
        let pf = &self.prefilter[side];
        let n = pf.backs[0].len();
        if self.two_kinds && pf.others & 1 == 0 && pf.leap_backs[0].is_empty() && matches!(n, 2 | 4 | 8) { n as u8 } else { 0 }
    }

    /// A side's [`SingleJumps`]: none unless the rules are plain and without cells to
    /// avoid (which could make a jump's landing illegal). A halt rule says where a flying
    /// capture lands, which a jump does not. On 128 bits, where each shift is several
    /// instructions, only for a kind that jumps in four directions at most: measured, a
    /// 12x12 board's perft whose men jump in four directions runs 4.8% fewer instructions
    /// with the shortcut, a hexagonal board's whose men jump in six 4.8% more (with the
    /// cheaper 128-bit steps of `Bits::amount`, one hexagonal board's still 1.8% more,
    /// another's 3.9% fewer).
    pub(super) fn single_jumps_of(&self, side: usize) -> SingleJumps<B> {
        let mut sj = SingleJumps::default();
        if self.shape > PLAIN || self.has_avoid || self.count_by_generating {
            return sj;
        }
        for (k, kind) in self.kinds[side].iter().enumerate().take(MAX_KINDS) {
            let first: Vec<&CapRule> = at_stage(&kind.caps, 0).collect();
            let later: Vec<&CapRule> = at_stage(&kind.caps, 1).collect();
            let jump = |c: &&CapRule| c.shape == Shape::Jump;
            if let [c] = first[..]
                && jump(&c)
                && c.condition.is_none()
                && !kind.first_other
                && kind.first_leaps.is_empty()
                && c.dirs.len() <= if B::BITS > 64 { 4 } else { 8 }
                && later.iter().all(jump)
            {
                sj.kinds |= 1 << k;
                let backs = later.iter().flat_map(|c| c.dirs.iter()).map(|d| self.opposite[d] as usize).collect();
                sj.cont_backs[k] = self.shifts(backs, true);
                if k == 0
                    && let [l] = later[..]
                    && l.condition.is_none()
                    && l.dirs.len() <= 8
                {
                    let (firsts, laters) = (self.jump_dirs(c.dirs), self.jump_dirs(l.dirs));
                    sj.doubles = self.blind_jumps && self.doubles_hold(&firsts, &laters, &mut sj);
                    sj.ranked = self.ranked && self.ranked_kinds & 1 == 1;
                    let of = |taken: &[usize]| self.rank.of(0, taken.iter().copied());
                    sj.outranks = (0..2).filter(|&j| of(&[j, j]) > of(&[j])).fold(0, |m, j| m | 1 << j);
                    sj.outranks3 = (0..2).filter(|&j| of(&[j, j, j]) > of(&[j, j])).fold(0, |m, j| m | 1 << j);
                }
            }
        }
        sj
    }

    /// Whether a man's jump in direction `d` may follow one in direction `last`: the
    /// rules do not bar it, and it is not the way back, over the piece just taken (which
    /// no capture takes twice).
    fn allowed_after(&self, last: usize, d: usize) -> bool {
        !self.barred[0][last].contains(d) && self.opposite[last] as usize != d
    }

    /// The jump directions `dirs` in the order of their shifts (see
    /// [`FastRules::shifts`]): by the directions back from them.
    fn jump_dirs(&self, dirs: DirSet) -> Vec<usize> {
        let backs: DirSet = dirs.iter().map(|d| self.opposite[d] as usize).collect();
        backs.iter().filter(|&b| b < 8).map(|b| self.opposite[b] as usize).collect()
    }

    /// Whether the men's captures of two jumps may be counted at once (`firsts` the first
    /// directions, `laters` the later ones, those of [`FastRules::jump_dirs`]): from every
    /// cell and in every order of directions the rules allow, a second jump never passes
    /// over the piece the first took and never lands on its own start (where
    /// `FastRules::double_jumps` does not look for one); and no two captures of two jumps
    /// from one cell take the same pieces to the same cell (each is one move).
    ///
    /// Where they may, and only then, `sj.triples` says whether no two captures of three
    /// jumps from one cell take the same pieces to the same cell, leaving out those that
    /// come back to the start (those the search counts: they are two routes of one move).
    /// Checked cell by cell, once per variant.
    pub(super) fn doubles_hold(&self, firsts: &[usize], laters: &[usize], sj: &mut SingleJumps<B>) -> bool {
        let step = |c: B, d: usize| if c == B::ZERO { B::ZERO } else { self.next(c, d) };
        let jump = |c: B, d: usize| (step(c, d), step(step(c, d), d));
        let allowed = |last: usize, d: usize| self.allowed_after(last, d);
        let mut triples = true;
        let mut cells = self.cells;
        while cells != B::ZERO {
            let s = cells.low();
            cells ^= s;
            // The (landing, pieces taken) of the captures of two and of three jumps.
            let (mut seen, mut seen3) = (Vec::<(B, B)>::new(), Vec::<(B, B)>::new());
            for &d1 in firsts {
                let (v1, l1) = jump(s, d1);
                if l1 == B::ZERO {
                    continue;
                }
                for &d2 in laters.iter().filter(|&&d2| allowed(d1, d2)) {
                    let (v2, l2) = jump(l1, d2);
                    if l2 == B::ZERO {
                        continue;
                    }
                    if v2 == v1 || l2 == s || seen.contains(&(l2, v1 | v2)) {
                        return false;
                    }
                    seen.push((l2, v1 | v2));
                    for &d3 in laters.iter().filter(|&&d3| allowed(d2, d3)) {
                        let (v3, l3) = jump(l2, d3);
                        // Over a piece taken is no capture (none takes a piece twice);
                        // back onto the start is left to the search.
                        if l3 == B::ZERO || l3 == s || v3 == v1 || v3 == v2 {
                            continue;
                        }
                        triples &= !seen3.contains(&(l3, v1 | v2 | v3));
                        seen3.push((l3, v1 | v2 | v3));
                    }
                }
            }
        }
        sj.triples = triples;
        true
    }
}
