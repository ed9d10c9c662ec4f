//! Where the fast path's shortcuts apply, decided once per variant from its tables:
//! captures that are single jumps counted at once ([`SingleJumps`]), and the men's
//! directions read in loops of known length ([`FastRules::men_backs`],
//! [`FastRules::men_steps`]).

use super::tables::{FastRules, MAX_KINDS, PLAIN, SingleJumps, at_stage};
use crate::compile::{CapRule, Shape};
use crate::geometry::bits::Bits;

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
    /// capture lands, which a jump does not.
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
                && c.dirs.len() <= 8
                && later.iter().all(jump)
            {
                sj.kinds |= 1 << k;
                let backs = later.iter().flat_map(|c| c.dirs.iter()).map(|d| self.opposite[d] as usize).collect();
                sj.cont_backs[k] = self.shifts(backs, true);
            }
        }
        sj
    }
}
