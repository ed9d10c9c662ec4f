//! The capture shapes of the general engine's search: jumps, long jumps, flying captures,
//! leaps over a line, and steps that take a line (approach and withdrawal).

use super::{CaptureSearch, Landings};
use crate::compile::{CapRule, EMPTY, Shape, side_of};
use crate::engine::decide::Walk;
use crate::geometry::DirSet;
use crate::spec::{Condition, Land};

impl<'a, const COLUMNS: bool> CaptureSearch<'a, COLUMNS> {
    /// Jumps from `c` in the directions `dirs` by a piece of kind `k`, over an adjacent
    /// piece of `kinds`, landing just beyond where `cond` (the rule's `where`) allows.
    /// Returns whether there is one.
    #[inline(always)]
    pub(super) fn jumps(&mut self, c: u16, dirs: DirSet, k: usize, kinds: u8, cond: Option<&Condition>) -> bool {
        let r = self.rules;
        let mut any = false;
        for d in dirs.iter() {
            let n = r.next(c, d);
            if !self.capturable(kinds, self.board[n]) {
                continue;
            }
            let l = r.next(n, d);
            if self.board[l] != EMPTY || !self.jump_lands(c, n, l, k, cond) {
                continue;
            }
            any = true;
            self.take(n);
            self.land(l, k, d);
            self.untake();
        }
        any
    }

    /// Jumps over a piece `stride` cells away, landing as far beyond it, every cell
    /// between empty.
    pub(super) fn long_jumps(&mut self, c: u16, dirs: DirSet, k: usize, rule: &CapRule, stride: u8) -> bool {
        let mut any = false;
        for d in dirs.iter() {
            let Some((n, l)) = self.long_jump(c, d, rule.prey, stride) else { continue };
            if !self.jump_lands(c, n, l, k, rule.condition.as_ref()) {
                continue;
            }
            any = true;
            self.take(n);
            self.land(l, k, d);
            self.untake();
        }
        any
    }

    /// The piece taken and the landing of a jump from `c` in direction `d` over a piece of
    /// `prey` `stride` cells away.
    pub(super) fn long_jump(&self, c: u16, d: usize, prey: u8, stride: u8) -> Option<(u16, u16)> {
        let r = self.rules;
        let mut n = r.next(c, d);
        for _ in 1..stride {
            if self.board[n] != EMPTY {
                return None;
            }
            n = r.next(n, d);
        }
        if !self.capturable(prey, self.board[n]) {
            return None;
        }
        let mut l = n;
        for _ in 0..stride {
            l = r.next(l, d);
            if self.board[l] != EMPTY {
                return None;
            }
        }
        Some((n, l))
    }

    /// Whether a jump from `c` over the piece on `n` by a piece of kind `k` may land on
    /// `l`: a cell its kind may stand on, where its rule's `where` condition (`cond`) holds.
    #[inline(always)]
    pub(super) fn jump_lands(&self, c: u16, n: u16, l: u16, k: usize, cond: Option<&Condition>) -> bool {
        self.stands(l, k) && cond.is_none_or(|w| self.lands_where(w, c, n, l))
    }

    /// Whether a jump from `c` over the piece on `n` may land on `l` under its rule's
    /// `where` condition.
    #[inline(never)]
    pub(super) fn lands_where(&self, cond: &Condition, c: u16, n: u16, l: u16) -> bool {
        let mover = crate::engine::conditions::Mover { taken: self.list.stack.len() as u16, over: Some(n), ..self.mover };
        crate::engine::conditions::meets(self.rules, self.board, mover, cond, c, l)
    }

    /// Captures by displacement from `c` in the directions `dirs` by a piece of kind `k`:
    /// over an adjacent piece of its own onto an enemy piece of `rule.prey` just beyond,
    /// which it takes and replaces, where its `where` allows. The move ends there.
    pub(super) fn displaces(&mut self, c: u16, dirs: DirSet, k: usize, rule: &CapRule) -> bool {
        let mut any = false;
        for d in dirs.iter() {
            let Some(l) = self.displacement(c, d, rule.prey) else { continue };
            if !self.jump_lands(c, self.rules.next(c, d), l, k, rule.condition.as_ref()) {
                continue;
            }
            any = true;
            self.take(l);
            self.push_trail(l);
            let fin = self.final_kind(l, k);
            self.record(l, fin);
            self.pop_trail();
            self.untake();
        }
        any
    }

    /// The cell of the enemy piece (of `kinds`) that a capture by displacement from `c` in
    /// direction `d` takes: just beyond an adjacent piece of the mover's own.
    #[inline]
    pub(super) fn displacement(&self, c: u16, d: usize, kinds: u8) -> Option<u16> {
        let n = self.rules.next(c, d);
        let own = self.board[n] != EMPTY && side_of(self.board[n]) == self.us as u8;
        let l = self.rules.next(n, d);
        (own && self.capturable(kinds, self.board[l])).then_some(l)
    }

    /// Whether some empty cell from `first` (the cell just beyond the piece taken, on `n`)
    /// on in direction `d`, within the `land` range and with only empty cells before it,
    /// is one a piece of kind `k` may stand on, where the rule's condition `cond` holds
    /// for a capture from `c`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn can_land(&self, c: u16, n: u16, first: u16, d: usize, k: usize, land: Land, cond: Option<&Condition>) -> bool {
        let cells = if self.rules.has_kind_cells { self.rules.tables[self.us][k].cells.as_ref() } else { None };
        if cells.is_none() && land.min == 1 && cond.is_none() {
            return self.board[first] == EMPTY;
        }
        let mut l = first;
        for i in 1..=land.max {
            if self.board[l] != EMPTY {
                break;
            }
            if i >= land.min && cells.is_none_or(|z| z.contains(l)) && cond.is_none_or(|w| self.lands_where(w, c, n, l)) {
                return true;
            }
            l = self.rules.next(l, d);
        }
        false
    }

    /// Flying captures from `c` in the directions `dirs`: over the first piece along each
    /// line (with `GAP`, only across as many empty cells as the rule allows), landing just
    /// beyond or on any empty cell beyond, as the rule says.
    #[inline(always)]
    pub(super) fn flies<const GAP: bool>(&mut self, c: u16, dirs: DirSet, k: usize, rule: &'a CapRule) -> bool {
        let r = self.rules;
        let (kinds, land) = (rule.prey, rule.shape.land());
        let gap = if let Shape::Fly { gap, .. } = rule.shape { gap } else { (0, u8::MAX) };
        let mut any = false;
        for d in dirs.iter() {
            let mut n = r.next(c, d);
            let mut gaps = 0u32;
            while self.board[n] == EMPTY {
                n = r.next(n, d);
                if GAP {
                    gaps += 1;
                }
            }
            if !self.capturable(kinds, self.board[n]) || GAP && (gaps < gap.0 as u32 || gaps > gap.1 as u32) {
                continue;
            }
            let first = r.next(n, d);
            let cond = rule.condition.as_ref();
            if !self.can_land(c, n, first, d, k, land, cond) {
                continue;
            }
            any = true;
            self.take(n);
            if land == Land::NEXT {
                self.land(first, k, d);
            } else {
                let halt = self.halts();
                let mut nearest = first;
                for _ in 1..land.min {
                    nearest = r.next(nearest, d);
                }
                self.land_many(Landings::from(nearest, u32::from(land.max - land.min) + 1).meeting(c, n, cond), k, d, halt);
            }
            self.untake();
        }
        any
    }

    /// Approaches (or with `WITHDRAW` withdrawals) from `c` in the directions `dirs`: a
    /// step to the adjacent empty cell that takes the contiguous line of capturable pieces
    /// starting just beyond it (or just behind `c`, away from the step).
    #[inline(always)]
    pub(super) fn steps_taking<const WITHDRAW: bool>(&mut self, c: u16, dirs: DirSet, k: usize, rule: &CapRule) -> bool {
        let r = self.rules;
        let mut any = false;
        for d in dirs.iter() {
            let Some((l, mut x, away)) = self.step_line(c, d, k, rule.prey, WITHDRAW) else { continue };
            any = true;
            let mut count = 0;
            while self.capturable(rule.prey, self.board[x]) {
                self.take(x);
                count += 1;
                x = r.next(x, away);
            }
            self.land(l, k, d);
            for _ in 0..count {
                self.untake();
            }
        }
        any
    }

    /// An approach (or a withdrawal) from `c` in direction `d`, if there is one: its
    /// landing (the empty cell next to `c`), the first piece of the line it takes (just
    /// beyond the landing, or just behind `c`) and the direction the line runs.
    #[inline(always)]
    pub(super) fn step_line(&self, c: u16, d: usize, k: usize, kinds: u8, withdraw: bool) -> Option<(u16, u16, usize)> {
        let r = self.rules;
        let l = r.next(c, d);
        if self.board[l] != EMPTY || !self.stands(l, k) || !self.may_revisit(l) {
            return None;
        }
        let away = if withdraw { r.opposite[d] as usize } else { d };
        let first = if withdraw { r.next(c, away) } else { r.next(l, away) };
        self.capturable(kinds, self.board[first]).then_some((l, first, away))
    }

    /// Whether a capture may land on `cell`: always, unless the rules forbid landing where
    /// the piece has stood during this move (`[capture] revisit = false`).
    #[inline(always)]
    pub(super) fn may_revisit(&self, cell: u16) -> bool {
        self.cap.revisit || (cell != self.from && !self.list.trail.contains(&cell))
    }

    /// Leaps from `c` in the directions `dirs`: over a contiguous line of at least
    /// `min` pieces (adjacent, or with `approach` at any distance), landing just
    /// beyond (or on any empty cell beyond); the move ends there, or goes on as after any
    /// capture.
    #[inline(always)]
    pub(super) fn leaps(&mut self, c: u16, dirs: DirSet, k: usize, rule: &CapRule) -> bool {
        let Shape::Leap { min, approach, next, ends } = rule.shape else { return false };
        let land = rule.shape.land();
        let r = self.rules;
        let mut any = false;
        for d in dirs.iter() {
            let mut n = r.next(c, d);
            if approach {
                while self.board[n] == EMPTY {
                    n = r.next(n, d);
                }
            }
            let mut m = n;
            let mut count = 0;
            while self.capturable(rule.prey, self.board[m]) {
                count += 1;
                m = r.next(m, d);
            }
            if count < min as usize || !self.can_land(c, n, m, d, k, land, None) {
                continue;
            }
            any = true;
            let mut x = n;
            while x != m {
                self.take(x);
                x = r.next(x, d);
            }
            if !ends {
                if next {
                    self.land(m, k, d);
                } else {
                    let halt = self.halts();
                    self.land_many(Landings::from(m, 256), k, d, halt);
                }
            } else {
                self.land_and_end(Landings::from(m, if next { 1 } else { 256 }), k, d);
            }
            for _ in 0..count {
                self.untake();
            }
        }
        any
    }
}
