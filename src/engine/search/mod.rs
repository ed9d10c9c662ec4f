//! Capture search: a depth-first search that marks captured pieces in place (dead pieces
//! block; or, with immediate removal, the cell is emptied) and unmarks them on the way
//! back. Capture precedence is applied while the search runs: a sequence worse than the
//! best so far is never stored. Nothing here allocates once the caller's [`MoveList`]
//! has grown to the size it needs.

use super::budget::Stop;
use super::columns::Column;
use super::moves::{MoveList, Routes};
use super::position::{Board, Position};
use crate::compile::{CaptureSettings, DEAD, EMPTY, NO_PROMOTION, Rules, Searcher, kind_of, side_of};
use crate::geometry::DirSet;
use crate::spec::{CaptureKind, ColumnTake, Criterion, JumpAgain, Land, Landing, MidPromotion, Removal, When};

mod shapes;
mod store;
pub(super) use store::rank_key;

const NO_DIR: u8 = 0xFF;

/// The capture search of one position; `COLUMNS`: the variant keeps captured pieces in
/// columns (a jump uncovers the piece under the top), so a variant without them pays
/// nothing for them.
struct CaptureSearch<'a, const COLUMNS: bool> {
    rules: &'a Rules,
    board: &'a mut Board,
    /// With columns, the pieces under each top (empty without columns).
    under: &'a mut [Column],
    /// With columns, `take = "top"` and immediate removal: a jump uncovers the piece under
    /// the top at once.
    uncover: bool,
    /// With columns, `jump_again = "not-next"`: a column just jumped blocks the next jump.
    not_next: bool,
    list: &'a mut MoveList,
    us: usize,
    them: u8,
    from: u16,
    start_kind: u8,
    /// Every route is a move of its own (not [`Routes::Distinct`]).
    every_route: bool,
    /// Routes are told apart by where they turn and end only ([`Routes::Paths`]).
    turning_points: bool,
    cap: CaptureSettings,
    criteria: &'a [Criterion],
    /// Count complete captures instead of storing them: every route is a different move
    /// and no two rules of a kind can find the same one.
    count_only: bool,
    /// The steps the search may take before it looks at its list's stop, or at the rules'
    /// budget (see [`Rules::set_capture_budget`]).
    budget: u64,
    /// `[capture] longest_after_crowning`: a piece crowned mid-capture into a ranked kind
    /// is first searched in `measuring` mode, which stores nothing and keeps in `measured`
    /// the most pieces a route takes; then only routes taking `need` pieces are stored.
    measuring: bool,
    measured: usize,
    need: usize,
}

impl<const COLUMNS: bool> CaptureSearch<'_, COLUMNS> {
    /// At a look (the steps passed `budget`): whether the search goes on, with the steps
    /// of its next look; else the list is incomplete: past the rules' budget, or stopped.
    #[cold]
    fn look(&mut self) -> bool {
        if self.list.exceeded {
            return false;
        }
        match Stop::next_look(self.list.stop.as_ref(), self.list.steps, self.rules.capture_budget) {
            Some(next) => {
                self.budget = next;
                true
            }
            None => {
                self.list.exceeded = true;
                self.list.stopped = self.list.steps <= self.rules.capture_budget;
                false
            }
        }
    }

    /// Every capture of the piece on `from`.
    fn search_from(&mut self, from: u16) {
        let saved = self.board[from];
        let kind = kind_of(saved);
        self.from = from;
        self.start_kind = kind;
        self.board[from] = EMPTY;
        self.dfs(from, kind, NO_DIR, NO_DIR);
        self.board[from] = saved;
    }

    /// Whether `c` is a live enemy piece of a kind in `kinds`.
    #[inline]
    fn capturable(&self, kinds: u8, c: u8) -> bool {
        side_of(c) == self.them && kinds >> kind_of(c) & 1 == 1
    }

    /// Whether a flying capture that ends now must land directly behind its last piece.
    fn halts(&self) -> bool {
        let Some(h) = self.cap.halt else { return false };
        let stack = &self.list.stack;
        stack.len() >= h.min_captures as usize
            && stack.len() >= h.last as usize
            && stack[stack.len() - h.last as usize..].iter().all(|&(_, pc)| h.kinds >> kind_of(pc) & 1 == 1)
    }

    #[inline(always)]
    fn take(&mut self, cell: u16) {
        let c = self.board[cell];
        if COLUMNS && self.uncover {
            return self.take_top(cell, c);
        }
        self.list.stack.push((cell, c));
        self.board[cell] = match self.cap.removal {
            Removal::End => c | DEAD,
            Removal::Immediate => EMPTY,
        };
    }

    #[inline(always)]
    fn untake(&mut self) {
        let (cell, c) = self.list.stack.pop().expect("a capture to undo");
        if COLUMNS && self.uncover {
            self.untake_top(cell);
        }
        self.board[cell] = c;
    }

    /// [`CaptureSearch::take`] with columns, `take = "top"` and immediate removal: the piece under the top of
    /// `cell` (holding `c`)
    /// becomes its top, or the cell is empty; with `not-next` that new top blocks until
    /// the next jump, and the column jumped before it is free again.
    #[inline(never)]
    fn take_top(&mut self, cell: u16, c: u8) {
        let not_next = self.not_next;
        if not_next && let Some(&(prev, _)) = self.list.stack.last() {
            self.board[prev] &= !DEAD;
        }
        self.list.stack.push((cell, c));
        let col = &mut self.under[cell as usize];
        self.board[cell] = match col.len {
            0 => EMPTY,
            _ if not_next => col.pop_top() | DEAD,
            _ => col.pop_top(),
        };
    }

    /// Takes back [`CaptureSearch::take_top`] but for the top piece itself, which the caller
    /// puts back on `cell`.
    #[inline(never)]
    fn untake_top(&mut self, cell: u16) {
        let now = self.board[cell] & !DEAD;
        if now != EMPTY {
            self.under[cell as usize].push_top(now);
        }
        if self.not_next
            && let Some(&(prev, _)) = self.list.stack.last()
            && self.board[prev] != EMPTY
        {
            self.board[prev] |= DEAD;
        }
    }

    /// Whether kind `k` on `c`, already capturing, could capture in direction `d`.
    fn capture_in_dir(&self, c: u16, k: u8, d: usize) -> bool {
        let r = self.rules;
        for rule in &r.tables[self.us][k as usize].captures {
            if !rule.dirs.contains(d) || rule.when == When::First {
                continue;
            }
            let mut n = r.next(c, d);
            let mut min = 1;
            match rule.kind {
                CaptureKind::Approach | CaptureKind::Withdrawal => {
                    if self.step_line(c, d, k, rule.kinds, rule.kind == CaptureKind::Withdrawal).is_some() {
                        return true;
                    }
                    continue;
                }
                CaptureKind::Jump if rule.stride > 1 => match self.long_jump(c, d, rule) {
                    Some((_, l)) if self.jump_lands(c, l, k, rule.condition.as_ref()) => return true,
                    _ => continue,
                },
                CaptureKind::Jump => {}
                CaptureKind::Fly => {
                    let mut gap = 0u32;
                    while self.board[n] == EMPTY {
                        n = r.next(n, d);
                        gap += 1;
                    }
                    if gap < rule.gap.0 as u32 || gap > rule.gap.1 as u32 {
                        continue;
                    }
                }
                // A leap that ends the move along the same line is searched from every
                // landing.
                CaptureKind::Leap if rule.ends_move => continue,
                CaptureKind::Leap => {
                    while rule.approach && self.board[n] == EMPTY {
                        n = r.next(n, d);
                    }
                    min = rule.min;
                }
            }
            let mut count = 0;
            while self.capturable(rule.kinds, self.board[n]) {
                count += 1;
                n = r.next(n, d);
                if rule.kind != CaptureKind::Leap {
                    break;
                }
            }
            let land = if rule.kind == CaptureKind::Fly { rule.land } else { Land::NEXT };
            // A jump's `where` judges its landing (`n`, just beyond the piece).
            if count >= min && self.can_land(n, d, k, land) && rule.condition.as_ref().is_none_or(|w| self.lands_where(w, c, n)) {
                return true;
            }
        }
        false
    }

    /// Searches every continuation from `c` for a piece of kind `k`; returns whether one
    /// exists. `last` is the direction of the previous capture; `skip` a direction not to
    /// search (covered from another landing).
    fn dfs(&mut self, c: u16, k: u8, last: u8, skip: u8) -> bool {
        let r = self.rules;
        let table = &r.tables[self.us][k as usize];
        let mut any = false;
        let started = !self.list.stack.is_empty();
        // One step per landing searched from (so a search past the budget has found a
        // capture); past the budget, nothing more is searched.
        if started {
            self.list.steps += 1;
            if self.list.steps > self.budget && !self.look() {
                return false;
            }
        }
        // Directions not to search: `skip`, and those the rules bar after `last` (turning
        // back, or any turn).
        let mut excluded = self.barred(c, k, last);
        if skip != NO_DIR {
            excluded.insert(skip as usize);
        }
        for rule in &table.captures {
            match rule.when {
                When::Always => {}
                When::First if started => continue,
                When::Continuing if !started => continue,
                _ => {}
            }
            let dirs = rule.dirs & !excluded;
            any |= match rule.searcher {
                Searcher::Jump => self.jumps(c, dirs, k, rule.kinds, rule.condition.as_ref()),
                Searcher::LongJump => self.long_jumps(c, dirs, k, rule),
                Searcher::Fly => self.flies::<false>(c, dirs, k, rule),
                Searcher::GapFly => self.flies::<true>(c, dirs, k, rule),
                Searcher::Leap => self.leaps(c, dirs, k, rule),
                Searcher::Approach => self.steps_taking::<false>(c, dirs, k, rule),
                Searcher::Withdrawal => self.steps_taking::<true>(c, dirs, k, rule),
            };
        }
        any
    }

    /// The kind a piece of kind `k` has after arriving at `cell` mid-capture, and whether
    /// the move must end there.
    #[inline]
    fn arrive(&self, cell: u16, k: u8, d: u8) -> (u8, bool) {
        match self.rules.tables[self.us][k as usize].promoted[cell as usize & 255] {
            NO_PROMOTION => (k, false),
            t => match self.cap.mid_promotion {
                MidPromotion::AtEnd => (k, false),
                MidPromotion::PromoteAndContinue => (t, false),
                MidPromotion::PromoteAndContinueIfAble => (t, !self.could_go_on(cell, k, d)),
                MidPromotion::EndsMove => (k, true),
            },
        }
    }

    /// The capture going on from `l` (reached in direction `d`) by a piece of kind `k`, now
    /// of kind `k2`; whether it can. With `[capture] longest_after_crowning`, a piece just
    /// crowned into a kind the precedence ranks, from one it does not, goes on only by the
    /// routes that take the most pieces from there: measured first, then searched.
    fn go_on(&mut self, l: u16, k: u8, k2: u8, d: u8, skip: u8) -> bool {
        let ranked = |kind: u8| self.cap.precedence_kinds >> kind & 1 == 1;
        if k2 == k || !self.cap.longest_after_crowning || self.measuring || !ranked(k2) || ranked(k) {
            return self.dfs(l, k2, d, skip);
        }
        self.measuring = true;
        self.measured = self.list.stack.len();
        let any = self.dfs(l, k2, d, NO_DIR);
        self.measuring = false;
        if any {
            let outer = std::mem::replace(&mut self.need, self.measured);
            self.dfs(l, k2, d, skip);
            self.need = outer;
        }
        any
    }

    /// Whether a piece of kind `k` that arrived on `cell` by a capture in direction `d`
    /// could capture on from there, in the directions its rules leave it.
    fn could_go_on(&self, cell: u16, k: u8, d: u8) -> bool {
        let barred = self.barred(cell, k, d);
        (0..self.rules.dirs).filter(|&e| !barred.contains(e)).any(|e| self.capture_in_dir(cell, k, e))
    }

    /// The directions the capture of a piece of kind `k` on `cell` may not go on in after
    /// a capture in direction `last` (`NO_DIR`: none yet): its lines, or on a cell at the edge
    /// where it may turn, only the way back.
    #[inline(always)]
    fn barred(&self, cell: u16, k: u8, last: u8) -> DirSet {
        let table = &self.rules.tables[self.us][k as usize];
        match &table.edge {
            Some(edge) if edge.contains(cell) => table.barred_at_edge[last as usize & crate::compile::NO_DIR_INDEX],
            _ => table.barred_after[last as usize & crate::compile::NO_DIR_INDEX],
        }
    }

    /// Whether a capture by a piece now of kind `k` may stop though it could go on.
    #[inline]
    fn may_stop(&self, k: u8) -> bool {
        self.rules.tables[self.us][k as usize].may_stop
    }

    /// The kind after a capture ends on `cell` with the piece of kind `k`; `could_go_on`:
    /// it stopped though it could have gone on, and then it promotes only if the rules say
    /// a stopped capture does.
    #[inline]
    fn stop_kind(&self, cell: u16, k: u8, could_go_on: bool) -> u8 {
        if could_go_on && !self.cap.stop_promotes { k } else { self.final_kind(cell, k) }
    }

    /// The kind after the move ends on `cell`.
    #[inline]
    fn final_kind(&self, cell: u16, k: u8) -> u8 {
        self.rules.kind_after(self.us, k, cell)
    }

    /// Lands on the single cell `l` after a capture in direction `d`.
    fn land_one(&mut self, l: u16, k: u8, d: u8) {
        self.list.trail.push(l);
        // With cleared cells, whether the capture goes on is decided before they are
        // cleared (as Ludii's Cage decides it), and searched after.
        let could = self.cap.cleared.is_none_or(|zone| !zone.contains(l) && self.could_go_on(l, k, d));
        let cleared = self.cap.cleared.map(|zone| (zone.contains(l), self.clear(zone)));
        if let Some((true, _)) = cleared {
            // The capturing piece is on a cleared cell: taken off, it ends its capture.
            self.record(l, k);
        } else {
            let (k2, ends) = self.arrive(l, k, d);
            let cont = !ends && could && self.go_on(l, k, k2, d, NO_DIR);
            if !cont || self.may_stop(k2) {
                let fin = self.stop_kind(l, k2, cont);
                self.record(l, fin);
            }
        }
        if let Some((_, start)) = cleared {
            self.unclear(start);
        }
        self.list.trail.pop();
    }

    /// `[capture] cleared`: takes every piece on `zone` off (kept in the list's `zone`
    /// stack, from the index returned).
    #[inline(never)]
    fn clear(&mut self, zone: crate::geometry::CellSet) -> usize {
        let start = self.list.zone.len();
        for c in zone.iter() {
            let pc = self.board[c];
            if pc != EMPTY {
                self.list.zone.push((c, pc));
                self.board[c] = EMPTY;
            }
        }
        start
    }

    /// Puts back what [`CaptureSearch::clear`] took off from `start` on.
    #[inline(never)]
    fn unclear(&mut self, start: usize) {
        while self.list.zone.len() > start {
            let (c, pc) = self.list.zone.pop().expect("a cleared piece");
            self.board[c] = pc;
        }
    }

    /// Lands on any empty cell from `first` on in direction `d`, `first` and at most
    /// `more` cells after it. With `halt`, only the first of them may end the move.
    fn land_many(&mut self, first: u16, k: u8, d: u8, halt: bool, more: u8) {
        let r = self.rules;
        // Counting turns, going on straight is searched from the first landing only: it is
        // the same from every landing.
        let straight = self.turning_points && self.stands(first, k) && {
            let (k_first, _) = self.arrive(first, k, d);
            self.capture_in_dir(first, k_first, d as usize)
        };
        let mut l = first;
        let mut any_cont = straight;
        // Cells that ended the capture, to be recorded once all landings are known, and
        // those of them where it could have gone on.
        let mut ended: u64 = 0;
        let mut stopped: u64 = 0;
        let mut i = 0u32;
        while self.board[l] == EMPTY && i <= u32::from(more) {
            if !self.stands(l, k) {
                l = r.next(l, d as usize);
                i += 1;
                continue;
            }
            self.list.trail.push(l);
            let (k2, ends) = self.arrive(l, k, d);
            let skip = if straight && i > 0 { d } else { NO_DIR };
            let cont = !ends && self.go_on(l, k, k2, d, skip);
            any_cont |= cont;
            // A kind that may stop ends the capture on any landing (the halt rule allowing).
            let stop = self.may_stop(k2) && (i == 0 || !halt);
            if (stop || !cont && (i == 0 || !(halt || straight))) && i < 64 {
                ended |= 1 << i;
                stopped |= (cont as u64) << i;
            }
            self.list.trail.pop();
            l = r.next(l, d as usize);
            i += 1;
        }
        // A kind that may stop is not held to landings that continue.
        if ended == 0 || (self.cap.landing == Landing::MustContinue && any_cont && !self.may_stop(k)) {
            return;
        }
        let mut l = first;
        let mut i = 0;
        while self.board[l] == EMPTY && i < 64 {
            if ended >> i & 1 == 1 {
                self.list.trail.push(l);
                let (k2, _) = self.arrive(l, k, d);
                let fin = self.stop_kind(l, k2, stopped >> i & 1 == 1);
                self.record(l, fin);
                self.list.trail.pop();
            }
            l = r.next(l, d as usize);
            i += 1;
        }
    }
}

impl Position {
    /// Searches every capture from each of `origins`.
    pub(super) fn search_each(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        routes: Routes,
        criteria: &[Criterion],
        count_only: bool,
        mut origins: impl Iterator<Item = u16>,
    ) {
        let Some(first) = origins.next() else { return };
        match rules.columns {
            None => self.search_with::<false>(rules, list, routes, criteria, count_only, first, origins),
            Some(_) => self.search_with::<true>(rules, list, routes, criteria, count_only, first, origins),
        }
    }

    /// [`Position::search_each`] for variants with columns or without.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_with<const COLUMNS: bool>(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        routes: Routes,
        criteria: &[Criterion],
        count_only: bool,
        first: u16,
        origins: impl Iterator<Item = u16>,
    ) {
        let us = self.side;
        let first_look = Stop::first_look(list.stop.as_ref(), rules.capture_budget);
        let mut s = CaptureSearch::<COLUMNS> {
            rules,
            board: &mut self.board,
            under: if COLUMNS { &mut self.under } else { &mut [] },
            uncover: COLUMNS && rules.capture.removal == Removal::Immediate && rules.columns.is_some_and(|c| c.take == ColumnTake::Top),
            not_next: COLUMNS && rules.columns.is_some_and(|c| c.jump_again == JumpAgain::NotNext),
            list,
            us: us.index(),
            them: us.other() as u8,
            from: 0,
            start_kind: 0,
            every_route: routes != Routes::Distinct,
            turning_points: routes == Routes::Paths,
            cap: rules.capture,
            criteria,
            count_only,
            budget: first_look,
            measuring: false,
            measured: 0,
            need: 0,
        };
        if rules.capture.per_piece && !criteria.is_empty() {
            // Each piece's captures ranked among themselves: the ranking starts afresh at
            // each piece, above what the pieces before it stored.
            for from in std::iter::once(first).chain(origins) {
                let list = &mut *s.list;
                list.has_best = false;
                list.floor = [list.moves.len(), list.caps.len(), list.path.len(), list.counted];
                s.search_from(from);
            }
            return;
        }
        s.search_from(first);
        for from in origins {
            s.search_from(from);
        }
    }
}
