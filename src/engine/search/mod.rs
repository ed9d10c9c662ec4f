//! Capture search: a depth-first search that marks captured pieces in place (dead pieces
//! block; or, with immediate removal, the cell is emptied) and unmarks them on the way
//! back. Capture precedence is applied while the search runs: a sequence worse than the
//! best so far is never stored. Nothing here allocates once the caller's [`MoveList`]
//! has grown to the size it needs. The rule decisions (landing, crowning, going on, the
//! halt rule) are `engine::decide`'s, shared with the fast path: this search executes
//! them on the board array.

use super::budget::Stop;
use super::columns::Column;
use super::decide::{Crowning, NO_DIR, Walk};
use super::moves::{MoveList, Routes};
use super::position::{Board, Position};
use crate::compile::{CaptureSettings, DEAD, EMPTY, NO_PROMOTION, Rules, Shape, kind_of, side_of};
use crate::geometry::DirSet;
use crate::spec::{ColumnTake, Condition, Halt, JumpAgain, Land, MidPromotion, Removal};

mod shapes;
mod store;

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
    /// The side moving and the game's state, as `where` conditions read them (`taken` and
    /// `over` set at each jump).
    mover: crate::engine::conditions::Mover,
    them: u8,
    from: u16,
    start_kind: u8,
    /// Every route is a move of its own (not [`Routes::Distinct`]).
    every_route: bool,
    /// Routes are told apart by where they turn and end only ([`Routes::Paths`]).
    turning_points: bool,
    cap: CaptureSettings,
    ranked: bool,
    /// Count complete captures instead of storing them: every route is a different move
    /// and no two rules of a kind can find the same one.
    count_only: bool,
    /// The steps the search may take before it looks at its list's stop, or at the rules'
    /// budget (see [`Rules::set_capture_budget`]).
    budget: u64,
    /// A crowned piece's routes measured first (`[capture] longest_after_crowning`).
    crowning: Crowning,
}

impl<'a, const COLUMNS: bool> CaptureSearch<'a, COLUMNS> {
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
        self.dfs(from, kind as usize, NO_DIR, NO_DIR);
        self.board[from] = saved;
    }

    /// Whether `c` is a live enemy piece of a kind in `kinds`.
    #[inline]
    fn capturable(&self, kinds: u8, c: u8) -> bool {
        side_of(c) == self.them && kinds >> kind_of(c) & 1 == 1
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
    fn capture_along(&self, c: u16, k: usize, d: usize) -> bool {
        let r = self.rules;
        for rule in &r.tables[self.us][k].captures {
            if !rule.dirs.contains(d) || !rule.applies(true) {
                continue;
            }
            let mut n = r.next(c, d);
            let mut min = 1;
            match rule.shape {
                Shape::StepTaking { withdrawal } => {
                    if self.step_line(c, d, k, rule.prey, withdrawal).is_some() {
                        return true;
                    }
                    continue;
                }
                Shape::LongJump(stride) => match self.long_jump(c, d, rule.prey, stride) {
                    Some((n, l)) if self.jump_lands(c, n, l, k, rule.condition.as_ref()) => return true,
                    _ => continue,
                },
                Shape::Displace => match self.displacement(c, d, rule.prey) {
                    Some(l) if self.jump_lands(c, r.next(c, d), l, k, rule.condition.as_ref()) => return true,
                    _ => continue,
                },
                Shape::Jump => {}
                Shape::Fly { gap: (fewest, most), .. } => {
                    let mut gap = 0u32;
                    while self.board[n] == EMPTY {
                        n = r.next(n, d);
                        gap += 1;
                    }
                    if gap < fewest as u32 || gap > most as u32 {
                        continue;
                    }
                }
                // A leap that ends the move along the same line is searched from every
                // landing.
                Shape::Leap { ends: true, .. } => continue,
                Shape::Leap { min: fewest, approach, .. } => {
                    while approach && self.board[n] == EMPTY {
                        n = r.next(n, d);
                    }
                    min = fewest;
                }
            }
            let mut count = 0;
            let victim = n;
            let leap = matches!(rule.shape, Shape::Leap { .. });
            while self.capturable(rule.prey, self.board[n]) {
                count += 1;
                n = r.next(n, d);
                if !leap {
                    break;
                }
            }
            let land = if let Shape::Fly { .. } = rule.shape { rule.shape.land() } else { Land::NEXT };
            // The `where` of a jump or a fly judges each landing (from `n`, just beyond the
            // piece).
            if count >= min && self.can_land(c, victim, n, d, k, land, rule.condition.as_ref()) {
                return true;
            }
        }
        false
    }

    /// Searches every continuation from `c` for a piece of kind `k`; returns whether one
    /// exists. `last` is the direction of the previous capture; `skip` a direction not to
    /// search (covered from another landing).
    fn search_at(&mut self, c: u16, k: usize, last: usize, skip: usize) -> bool {
        let r = self.rules;
        let table = &r.tables[self.us][k];
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
            excluded.insert(skip);
        }
        for rule in &table.captures {
            if !rule.applies(started) {
                continue;
            }
            let dirs = rule.dirs & !excluded;
            any |= match rule.shape {
                Shape::Jump => self.jumps(c, dirs, k, rule.prey, rule.condition.as_ref()),
                Shape::LongJump(stride) => self.long_jumps(c, dirs, k, rule, stride),
                Shape::Fly { gap: (0, u8::MAX), .. } => self.flies::<false>(c, dirs, k, rule),
                Shape::Fly { .. } => self.flies::<true>(c, dirs, k, rule),
                Shape::Leap { .. } => self.leaps(c, dirs, k, rule),
                Shape::StepTaking { withdrawal: false } => self.steps_taking::<false>(c, dirs, k, rule),
                Shape::StepTaking { withdrawal: true } => self.steps_taking::<true>(c, dirs, k, rule),
                Shape::Displace => self.displaces(c, dirs, k, rule),
            };
        }
        any
    }

    /// Lands on the single cell `l` after a capture in direction `d` (see
    /// [`Walk::land_one`]).
    #[inline(always)]
    fn land(&mut self, l: u16, k: usize, d: usize) {
        match self.cap.cleared {
            None => self.land_one(l, k, d),
            Some(zone) => self.land_cleared(l, k, d, zone),
        }
    }

    /// [`CaptureSearch::land`] with `[capture] cleared`: whether the capture goes on is
    /// decided before the zone is cleared (as Ludii's Cage decides it), and searched
    /// after; a capturing piece that landed in the zone is taken off and ends its capture.
    #[inline(never)]
    fn land_cleared(&mut self, l: u16, k: usize, d: usize, zone: crate::geometry::CellSet) {
        self.list.trail.push(l);
        let on_zone = zone.contains(l);
        let could = !on_zone && self.could_go_on(l, k, d);
        let start = self.clear(zone);
        if on_zone {
            self.record(l, k);
        } else {
            let (k2, ends) = self.arrive(l, k, d);
            let cont = !ends && could && self.go_on(l, k, k2, d, NO_DIR);
            if !cont || self.may_stop(k2) {
                let fin = self.stop_kind(l, k2, cont);
                self.record(l, fin);
            }
        }
        self.unclear(start);
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
}

/// The landings of the general engine's capture search: the empty cells from `next` on
/// along a direction, at most `left` of them, and of those only the ones where the rule's
/// `where` condition holds for a capture from `filter`'s first cell over its second.
#[derive(Clone, Copy, Debug)]
pub(super) struct Landings<'a> {
    next: u16,
    left: u32,
    filter: Option<(u16, u16, &'a Condition)>,
}

impl<'a> Landings<'a> {
    /// The empty cells from `first` on, at most `most` of them.
    pub(super) fn from(first: u16, most: u32) -> Landings<'a> {
        Landings { next: first, left: most, filter: None }
    }

    /// Only those where `cond` holds for a capture from `from` over the piece on `over`,
    /// if there is a condition.
    pub(super) fn meeting(self, from: u16, over: u16, cond: Option<&'a Condition>) -> Landings<'a> {
        Landings { filter: cond.map(|c| (from, over, c)), ..self }
    }
}

/// The general engine's side of the decisions both engines share (`engine::decide`):
/// cells are indices of the board array, the pieces taken a stack.
impl<'a, const COLUMNS: bool> Walk for CaptureSearch<'a, COLUMNS> {
    type Cell = u16;
    type Landings = Landings<'a>;

    #[inline(always)]
    fn next_landing(&self, set: &mut Landings<'a>, d: usize) -> Option<u16> {
        loop {
            if set.left == 0 || self.board[set.next] != EMPTY {
                return None;
            }
            let l = set.next;
            set.next = self.rules.next(l, d);
            set.left -= 1;
            if set.filter.is_none_or(|(from, over, cond)| self.lands_where(cond, from, over, l)) {
                return Some(l);
            }
        }
    }

    fn dfs(&mut self, at: u16, k: usize, last: usize, skip: usize) -> bool {
        self.search_at(at, k, last, skip)
    }

    fn captures_in(&self, at: u16, k: usize, d: usize) -> bool {
        self.capture_along(at, k, d)
    }

    /// Its lines, or on a cell at the edge where it may turn, only the way back.
    #[inline(always)]
    fn barred(&self, at: u16, k: usize, last: usize) -> DirSet {
        let table = &self.rules.tables[self.us][k];
        match &table.edge {
            Some(edge) if edge.contains(at) => table.barred_at_edge[last & crate::compile::NO_DIR_INDEX],
            _ => table.barred_after[last & crate::compile::NO_DIR_INDEX],
        }
    }

    fn dirs(&self) -> usize {
        self.rules.dirs
    }

    #[inline]
    fn promotion(&self, at: u16, k: usize) -> Option<usize> {
        match self.rules.tables[self.us][k].promoted[at as usize & 255] {
            NO_PROMOTION => None,
            t => Some(t as usize),
        }
    }

    #[inline]
    fn final_kind(&self, at: u16, k: usize) -> usize {
        self.rules.kind_after(self.us, k as u8, at) as usize
    }

    #[inline]
    fn stands(&self, at: u16, k: usize) -> bool {
        !self.rules.has_kind_cells || self.rules.tables[self.us][k].cells.as_ref().is_none_or(|z| z.contains(at))
    }

    #[inline]
    fn may_stop(&self, k: usize) -> bool {
        self.rules.tables[self.us][k].may_stop
    }

    fn mid_promotion(&self) -> MidPromotion {
        self.cap.mid_promotion
    }

    fn stop_promotes(&self) -> bool {
        self.cap.stop_promotes
    }

    fn must_continue(&self) -> bool {
        self.cap.must_continue()
    }

    fn halt(&self) -> Option<Halt> {
        self.cap.halt
    }

    fn last_taken_are(&self, kinds: u8, last: u8) -> bool {
        let stack = &self.list.stack;
        stack[stack.len() - last as usize..].iter().all(|&(_, pc)| kinds >> kind_of(pc) & 1 == 1)
    }

    #[inline]
    fn taken(&self) -> u32 {
        self.list.stack.len() as u32
    }

    fn by_turns(&self) -> bool {
        self.turning_points
    }

    fn over(&self) -> bool {
        self.list.exceeded
    }

    #[inline]
    fn measures_crowning(&self) -> bool {
        self.cap.longest_after_crowning
    }

    fn ranked_kinds(&self) -> u8 {
        self.cap.precedence_kinds
    }

    fn crowning(&mut self) -> &mut Crowning {
        &mut self.crowning
    }

    #[inline]
    fn push_trail(&mut self, at: u16) {
        self.list.trail.push(at);
    }

    #[inline]
    fn pop_trail(&mut self) {
        self.list.trail.pop();
    }

    fn store(&mut self, to: u16, kind_after: usize) {
        self.store_capture(to, kind_after as u8);
    }
}

impl Position {
    /// Searches every capture from each of `origins`.
    pub(super) fn search_each(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        routes: Routes,
        ranked: bool,
        count_only: bool,
        mut origins: impl Iterator<Item = u16>,
    ) {
        let Some(first) = origins.next() else { return };
        match rules.columns {
            None => self.search_with::<false>(rules, list, routes, ranked, count_only, first, origins),
            Some(_) => self.search_with::<true>(rules, list, routes, ranked, count_only, first, origins),
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
        ranked: bool,
        count_only: bool,
        first: u16,
        origins: impl Iterator<Item = u16>,
    ) {
        let us = self.side;
        let first_look = Stop::first_look(list.stop.as_ref(), rules.capture_budget);
        let mover = self.mover();
        let mut s = CaptureSearch::<COLUMNS> {
            rules,
            board: &mut self.board,
            under: if COLUMNS { &mut self.under } else { &mut [] },
            uncover: COLUMNS && rules.capture.removal == Removal::Immediate && rules.columns.is_some_and(|c| c.take == ColumnTake::Top),
            not_next: COLUMNS && rules.columns.is_some_and(|c| c.jump_again == JumpAgain::NotNext),
            list,
            us: us.index(),
            mover,
            them: us.other() as u8,
            from: 0,
            start_kind: 0,
            every_route: routes != Routes::Distinct,
            turning_points: routes == Routes::Paths,
            cap: rules.capture,
            ranked,
            count_only,
            budget: first_look,
            crowning: Crowning::default(),
        };
        if rules.capture.per_piece && ranked {
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
