//! The shapes of capture the fast path's search takes pieces by: a jump over an adjacent
//! piece, a jump over a piece further away, a flying capture, a leap over a line of
//! pieces; each in the directions its rule allows, in order.

use super::Width;
use super::captures::FastSearch;
use crate::compile::fast::{GENERAL, PLAIN};
use crate::compile::fast::{STRIDE, at as idx};
use crate::compile::{CapRule, Shape};
use crate::engine::decide::{NO_DIR, Walk};
use crate::geometry::DirSet;

impl<B: Width, const TRACE: bool, const SHAPE: u8, const OPTS: u8> FastSearch<'_, B, TRACE, SHAPE, OPTS> {
    /// Jumps over an adjacent piece of `prey` in the directions `dirs`, landing just
    /// beyond.
    #[inline(always)]
    pub(super) fn jumps(&mut self, at: B, dirs: DirSet, k: usize, prey: u8) -> bool {
        let f = self.f;
        let i = at.lowest() as usize & (STRIDE - 1);
        // Plain rules: the neighbours in the kind's one rule's directions.
        let around = if SHAPE <= PLAIN { self.jump_around[((k & 3) * 2 + (self.n > 0) as usize) * STRIDE + i] } else { f.around[i] };
        let mut near = around & self.victims(prey);
        if near == B::ZERO {
            return false;
        }
        let mut any = false;
        let mut listed = dirs.iter();
        loop {
            // Listing, the directions in order (the general engine's order); counting, only
            // the enemy pieces next to the piece, one direction each.
            let d = if TRACE {
                let Some(d) = listed.next() else { break };
                if f.next[idx(d, i)] & near == B::ZERO {
                    continue;
                }
                d
            } else {
                if near == B::ZERO {
                    break;
                }
                let v = near.low();
                near ^= v;
                let d = f.dir_of[(v.lowest() as usize).wrapping_sub(i) & 255] as usize & 7;
                if !dirs.contains(d) {
                    continue;
                }
                d
            };
            let l = f.next2[idx(d, i)] & !self.occ;
            if l != B::ZERO && self.stands(l, k) {
                any = true;
                self.jump_to(f.next[idx(d, i)], l, k, d);
            }
        }
        any
    }

    /// [`FastSearch::jumps`] counting (not listing), in the stage's directions, where the
    /// rules bar no direction but the way back and taken pieces block until the move ends
    /// (see `FastRules::blind_jumps`): the way back meets the piece just taken, which is
    /// no victim, so no direction need be known. Each landing is found from the victim's
    /// bit alone (`2v - at`, one shift per direction), and the capture goes on from it as
    /// from a first capture's landing. The same captures, in the same order, as `jumps`.
    #[inline(always)]
    pub(super) fn jumps_blind(&mut self, at: B, k: usize, prey: u8) -> bool {
        let f = self.f;
        let i = at.lowest() as usize & (STRIDE - 1);
        let near = self.jump_around[((k & 3) * 2 + (self.n > 0) as usize) * STRIDE + i] & self.victims(prey);
        if near == B::ZERO {
            return false;
        }
        let mut any = false;
        for (v, l) in f.blind_jumps_from(i, near, !self.occ) {
            any = true;
            self.take(v);
            self.land_one(l, k, NO_DIR);
            self.untake(v);
        }
        any
    }

    /// Takes `v` and lands on `l` beyond it (a jump in direction `d`), and takes `v` back.
    #[inline(always)]
    fn jump_to(&mut self, v: B, l: B, k: usize, d: usize) {
        self.take(v);
        self.land_one(l, k, d);
        self.untake(v);
    }

    /// The piece taken and the landing of a jump over a piece `stride` cells away in
    /// direction `d`, every cell between empty.
    pub(super) fn long_jump(&self, at: B, d: usize, prey: u8, stride: u8) -> Option<(B, B)> {
        let f = self.f;
        let mut v = f.next(at, d);
        for _ in 1..stride {
            if v == B::ZERO || v & self.occ != B::ZERO {
                return None;
            }
            v = f.next(v, d);
        }
        if v == B::ZERO || v & self.victims(prey) == B::ZERO {
            return None;
        }
        let mut l = v;
        for _ in 0..stride {
            l = f.next(l, d);
            if l == B::ZERO || l & self.occ != B::ZERO {
                return None;
            }
        }
        Some((v, l))
    }

    #[inline(never)]
    pub(super) fn long_jumps(&mut self, at: B, dirs: DirSet, k: usize, prey: u8, stride: u8) -> bool {
        let mut any = false;
        for d in dirs.iter() {
            if let Some((v, l)) = self.long_jump(at, d, prey, stride).filter(|&(_, l)| self.stands(l, k)) {
                any = true;
                self.jump_to(v, l, k, d);
            }
        }
        any
    }

    /// The piece a flying capture from `at` in direction `d` would take (the first along
    /// the line, across a gap of `gap.0` to `gap.1` empty cells, of `prey`) and the empty
    /// cells beyond it (only the first with `next`), if a piece of kind `k` may land on one.
    #[inline(always)]
    pub(super) fn flight(&self, at: B, d: usize, k: usize, prey: u8, reach: (u8, u8), gap: (u8, u8)) -> Option<(B, B)> {
        let f = self.f;
        let ray = f.ray(at, d);
        let blockers = ray & self.occ;
        if blockers == B::ZERO {
            return None;
        }
        let v = f.nearest(blockers, d);
        if v & self.victims(prey) == B::ZERO {
            return None;
        }
        if SHAPE == GENERAL && gap != (0, u8::MAX) {
            let between = (ray & !(v | f.ray(v, d))).count();
            if between < u32::from(gap.0) || between > u32::from(gap.1) {
                return None;
            }
        }
        let mut land = f.open(v, d, self.occ);
        match reach {
            (1, 1) => land &= f.next(v, d),
            (1, u8::MAX) => {}
            (near, far) => {
                // The cells from the `near`-th to the `far`-th beyond the piece.
                let (mut at, mut window) = (v, B::ZERO);
                for i in 1..=far {
                    at = f.next(at, d);
                    if at == B::ZERO {
                        break;
                    }
                    if i >= near {
                        window |= at;
                    }
                }
                land &= window;
            }
        }
        (land & self.hot(k).cells != B::ZERO).then_some((v, land))
    }

    #[inline(never)]
    pub(super) fn flies(&mut self, at: B, dirs: DirSet, k: usize, prey: u8, reach: (u8, u8), gap: (u8, u8)) -> bool {
        let mut any = false;
        for d in dirs.iter() {
            let Some((v, land)) = self.flight(at, d, k, prey, reach, gap) else { continue };
            any = true;
            self.take(v);
            if reach == (1, 1) {
                self.land_one(land, k, d);
            } else {
                let halt = self.halts();
                self.land_many(land, k, d, halt);
            }
            self.untake(v);
        }
        any
    }

    /// The landing and the line of pieces an approach (or a withdrawal) from `at` in
    /// direction `d` would take: the empty cell next to `at`, not stood on before where
    /// the rules forbid it, and the contiguous victims from the cell beyond it (or behind
    /// `at`) on, with how many.
    pub(super) fn step_line(&self, at: B, d: usize, k: usize, prey: u8, withdrawal: bool) -> Option<(B, B, u32)> {
        let f = self.f;
        let l = f.next(at, d);
        if l == B::ZERO || l & self.occ != B::ZERO || !self.stands(l, k) || !f.revisit && l & self.visited != B::ZERO {
            return None;
        }
        let away = if withdrawal { f.opposite[d] as usize } else { d };
        let first = if withdrawal { f.next(at, away) } else { f.next(l, away) };
        let victims = self.victims(prey);
        let (mut x, mut count) = (first, 0);
        while x != B::ZERO && x & victims != B::ZERO {
            count += 1;
            x = f.next(x, away);
        }
        (count > 0).then_some((l, first, count))
    }

    /// Approaches (or withdrawals) from `at` in the directions `dirs`.
    #[inline(never)]
    pub(super) fn steps_taking(&mut self, at: B, dirs: DirSet, k: usize, prey: u8, withdrawal: bool) -> bool {
        let f = self.f;
        let mut any = false;
        for d in dirs.iter() {
            let Some((l, first, count)) = self.step_line(at, d, k, prey, withdrawal) else { continue };
            any = true;
            let away = if withdrawal { f.opposite[d] as usize } else { d };
            let (mut x, mut last) = (first, first);
            for _ in 0..count {
                self.take(x);
                last = x;
                x = f.next(x, away);
            }
            let visited = self.visited;
            self.visited |= l;
            self.land_one(l, k, d);
            self.visited = visited;
            // Taken back from the last (the line may end at the board's edge).
            let back = f.opposite[away] as usize;
            for _ in 0..count {
                self.untake(last);
                last = f.next(last, back);
            }
        }
        any
    }

    /// The line a leap from `at` in direction `d` would take (its first piece, the cell
    /// beyond its last, how many) and its landings, if it takes at least `min`.
    pub(super) fn leap_line(&self, at: B, d: usize, k: usize, rule: &CapRule) -> Option<(B, B, u32, B)> {
        let Shape::Leap { min, approach, next, .. } = rule.shape else { return None };
        let f = self.f;
        let first = if approach {
            let blockers = f.ray(at, d) & self.occ;
            if blockers == B::ZERO {
                return None;
            }
            f.nearest(blockers, d)
        } else {
            f.next(at, d)
        };
        let victims = self.victims(rule.prey);
        let mut m = first;
        let mut count = 0;
        while m != B::ZERO && m & victims != B::ZERO {
            count += 1;
            m = f.next(m, d);
        }
        if count == 0 || count < u32::from(min) || m == B::ZERO || m & self.occ != B::ZERO {
            return None;
        }
        let land = if next { m } else { m | f.open(m, d, self.occ) };
        (land & self.hot(k).cells != B::ZERO).then_some((first, m, count, land))
    }

    #[inline(never)]
    pub(super) fn leaps(&mut self, at: B, dirs: DirSet, k: usize, rule: &CapRule) -> bool {
        let Shape::Leap { next, ends, .. } = rule.shape else { return false };
        let f = self.f;
        let mut any = false;
        for d in dirs.iter() {
            let Some((first, m, count, land)) = self.leap_line(at, d, k, rule) else { continue };
            any = true;
            let mut x = first;
            while x != m {
                self.take(x);
                x = f.next(x, d);
            }
            if !ends {
                if next {
                    self.land_one(m, k, d);
                } else {
                    let halt = self.halts();
                    self.land_many(land, k, d, halt);
                }
            } else {
                self.land_and_end(land, k, d);
            }
            // Taken back from the last.
            let back = f.opposite[d] as usize;
            let mut x = m;
            for _ in 0..count {
                x = f.next(x, back);
                self.untake(x);
            }
        }
        any
    }

    /// Whether kind `k` on `at`, already capturing, could capture in direction `d`.
    #[inline(never)]
    pub(super) fn captures_along(&self, at: B, k: usize, d: usize) -> bool {
        let f = self.f;
        let kinds = self.kinds;
        for rule in &kinds[k].caps {
            if !rule.dirs.contains(d) || !rule.applies(true) {
                continue;
            }
            let can = match rule.shape {
                Shape::Jump => {
                    let v = f.next(at, d);
                    let l = if v == B::ZERO { B::ZERO } else { f.next(v, d) };
                    v & self.victims(rule.prey) != B::ZERO && l != B::ZERO && l & self.occ == B::ZERO && self.stands(l, k)
                }
                Shape::LongJump(stride) => self.long_jump(at, d, rule.prey, stride).is_some_and(|(_, l)| self.stands(l, k)),
                Shape::Fly { reach, gap } => self.flight(at, d, k, rule.prey, reach, gap).is_some(),
                // A leap that ends the move along the same line is searched from every
                // landing.
                Shape::Leap { ends: true, .. } => false,
                Shape::StepTaking { withdrawal } => self.step_line(at, d, k, rule.prey, withdrawal).is_some(),
                Shape::Leap { .. } => self.leap_line(at, d, k, rule).is_some(),
                // Refused by `support` (FastRefusal::Displace): never on the fast path.
                Shape::Displace => false,
            };
            if can {
                return true;
            }
        }
        false
    }
}
