//! Legal move generation, make and unmake.
//!
//! Captures are found by a depth-first search that marks captured pieces in place (dead
//! pieces block; or, with immediate removal, the cell is emptied) and unmarks them on the
//! way back. Capture precedence is applied while the search runs: a sequence worse than
//! the best so far is never stored. Nothing here allocates once the caller's
//! [`MoveList`] has grown to the size it needs.

use super::bits::Bits;
use super::position::{Board, Position};
use super::sets::Sets;
use crate::compile::{code, kind_of, side_of, Rules, DEAD, EMPTY, NO_PROMOTION};
use crate::geometry::{CellSet, Layout};
use crate::spec::{CaptureKind, Condition, Criterion, Halt, Land, Landing, MidPromotion, MoveKind, Removal, When};

const NO_DIR: u8 = 0xFF;

/// A move: origin, destination, the kinds before and after, and where its captured
/// pieces and landing cells are stored in the [`MoveList`] it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    pub kind_before: u8,
    pub kind_after: u8,
    cap_start: u32,
    ncap: u16,
    path_start: u32,
    npath: u16,
    key: u64,
}

impl Move {
    /// Number of pieces this move captures.
    pub fn captures(&self) -> usize {
        self.ncap as usize
    }
}

/// A reusable buffer of moves with their captured pieces and paths.
#[derive(Clone, Debug, Default)]
pub struct MoveList {
    moves: Vec<Move>,
    caps: Vec<(u16, u8)>,
    path: Vec<u16>,
    // Search scratch.
    stack: Vec<(u16, u8)>,
    trail: Vec<u16>,
    best: [u32; 5],
    has_best: bool,
    /// Captures counted without being stored (bulk counting at the leaves of perft).
    counted: usize,
}

/// A move with everything spelled out, independent of any list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveInfo {
    pub from: u16,
    pub to: u16,
    /// Landing cells after the origin, in order (the last is `to`).
    pub path: Vec<u16>,
    /// Captured cells in capture order.
    pub captured: Vec<u16>,
    pub kind_before: u8,
    pub kind_after: u8,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The captured pieces of a move: (cell, piece code) in capture order.
    pub fn captured(&self, m: &Move) -> &[(u16, u8)] {
        &self.caps[m.cap_start as usize..m.cap_start as usize + m.ncap as usize]
    }

    /// The landing cells of a move after its origin.
    pub fn path<'a>(&'a self, m: &'a Move) -> &'a [u16] {
        if m.ncap == 0 {
            // A quiet move's only landing is its destination; it is not stored.
            return std::slice::from_ref(&m.to);
        }
        &self.path[m.path_start as usize..m.path_start as usize + m.npath as usize]
    }

    /// Move `i` spelled out.
    pub fn info(&self, i: usize) -> MoveInfo {
        let m = &self.moves[i];
        MoveInfo {
            from: m.from,
            to: m.to,
            path: self.path(m).to_vec(),
            captured: self.captured(m).iter().map(|c| c.0).collect(),
            kind_before: m.kind_before,
            kind_after: m.kind_after,
        }
    }

    fn clear(&mut self) {
        self.moves.clear();
        self.caps.clear();
        self.path.clear();
        self.stack.clear();
        self.trail.clear();
        self.has_best = false;
        self.counted = 0;
    }
}

/// Which moves count as different.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Routes {
    /// Captures with the same origin, destination, captured pieces and resulting piece
    /// are one move (what a player chooses between).
    Distinct,
    /// Every capture route is a move, a route being the cells where the piece turns and
    /// where it ends: a flying king that goes on straight after a capture makes one route
    /// whatever cell it passes (the convention of dctl's perft tables, Ludii and Dagaz).
    Turns,
    /// Every sequence of landing cells is a move, including each cell where a flying king
    /// could stop before going on straight (how records may write a capture).
    Landings,
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    quiet: super::position::QuietTrack,
}

struct Search<'a> {
    rules: &'a Rules,
    board: &'a mut Board,
    list: &'a mut MoveList,
    us: usize,
    them: u8,
    from: u16,
    start_kind: u8,
    paths: bool,
    turns: bool,
    removal: Removal,
    turn_back: bool,
    mid: MidPromotion,
    landing: Landing,
    halt: Option<Halt>,
    criteria: &'a [Criterion],
    /// Count complete captures instead of storing them: every route is a different move
    /// and no two rules of a kind can find the same one.
    count_only: bool,
}

impl Search<'_> {
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
        let Some(h) = self.halt else { return false };
        let stack = &self.list.stack;
        stack.len() >= h.min_captures as usize
            && stack.len() >= h.last as usize
            && stack[stack.len() - h.last as usize..].iter().all(|&(_, pc)| h.kinds >> kind_of(pc) & 1 == 1)
    }

    #[inline]
    fn take(&mut self, cell: u16) {
        let c = self.board[cell];
        self.list.stack.push((cell, c));
        self.board[cell] = match self.removal {
            Removal::End => c | DEAD,
            Removal::Immediate => EMPTY,
        };
    }

    #[inline]
    fn untake(&mut self) {
        let (cell, c) = self.list.stack.pop().expect("a capture to undo");
        self.board[cell] = c;
    }

    /// Whether kind `k` on `c`, already capturing, could capture in direction `d`.
    fn capture_in_dir(&self, c: u16, k: u8, d: usize) -> bool {
        let r = self.rules;
        for rule in &r.tables[self.us][k as usize].captures {
            if rule.dirs >> d & 1 == 0 || rule.when == When::First {
                continue;
            }
            let mut n = r.next(c, d);
            match rule.kind {
                CaptureKind::Jump => {}
                CaptureKind::Fly => {
                    while self.board[n] == EMPTY {
                        n = r.next(n, d);
                    }
                }
                // A leap along the same line is searched from every landing.
                CaptureKind::Leap => continue,
            }
            if self.capturable(rule.kinds, self.board[n]) && self.board[r.next(n, d)] == EMPTY {
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
        // Directions not to search: `skip`, and turning back unless the rules allow it.
        let mut excluded = 0u8;
        if skip != NO_DIR {
            excluded |= 1 << skip;
        }
        if !self.turn_back && last != NO_DIR {
            excluded |= 1 << r.opposite[last as usize];
        }
        for ri in 0..table.captures.len() {
            let rule = &r.tables[self.us][k as usize].captures[ri];
            match rule.when {
                When::Always => {}
                When::First if started => continue,
                When::Continuing if !started => continue,
                _ => {}
            }
            let kinds = rule.kinds;
            let mut dirs = rule.dirs & !excluded;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let mut n = r.next(c, d);
                match rule.kind {
                    CaptureKind::Jump => {
                        let pc = self.board[n];
                        if !self.capturable(kinds, pc) {
                            continue;
                        }
                        let l = r.next(n, d);
                        if self.board[l] != EMPTY {
                            continue;
                        }
                        any = true;
                        self.take(n);
                        self.land_one(l, k, d as u8);
                        self.untake();
                    }
                    CaptureKind::Fly => {
                        while self.board[n] == EMPTY {
                            n = r.next(n, d);
                        }
                        let pc = self.board[n];
                        if !self.capturable(kinds, pc) {
                            continue;
                        }
                        let first = r.next(n, d);
                        if self.board[first] != EMPTY {
                            continue;
                        }
                        any = true;
                        self.take(n);
                        if rule.land == Land::Next {
                            self.land_one(first, k, d as u8);
                        } else {
                            let halt = self.halts();
                            self.land_many(first, k, d as u8, halt);
                        }
                        self.untake();
                    }
                    CaptureKind::Leap => {
                        if rule.approach {
                            while self.board[n] == EMPTY {
                                n = r.next(n, d);
                            }
                        }
                        let mut m = n;
                        let mut count = 0;
                        while self.capturable(kinds, self.board[m]) {
                            count += 1;
                            m = r.next(m, d);
                        }
                        if count < rule.min as usize || self.board[m] != EMPTY {
                            continue;
                        }
                        any = true;
                        let mut x = n;
                        while x != m {
                            self.take(x);
                            x = r.next(x, d);
                        }
                        // A leap ends the move.
                        self.list.trail.push(m);
                        let fin = self.final_kind(m, k);
                        self.record(m, fin);
                        self.list.trail.pop();
                        for _ in 0..count {
                            self.untake();
                        }
                    }
                }
            }
        }
        any
    }

    /// The kind a piece of kind `k` has after arriving at `cell` mid-capture, and whether
    /// the move must end there.
    #[inline]
    fn arrive(&self, cell: u16, k: u8) -> (u8, bool) {
        match self.rules.tables[self.us][k as usize].promoted[cell as usize & 255] {
            NO_PROMOTION => (k, false),
            t => match self.mid {
                MidPromotion::AtEnd => (k, false),
                MidPromotion::PromoteAndContinue => (t, false),
                MidPromotion::EndsMove => (k, true),
            },
        }
    }

    /// The kind after the move ends on `cell`.
    #[inline]
    fn final_kind(&self, cell: u16, k: u8) -> u8 {
        self.rules.kind_after(self.us, k, cell)
    }

    /// Lands on the single cell `l` after a capture in direction `d`.
    fn land_one(&mut self, l: u16, k: u8, d: u8) {
        self.list.trail.push(l);
        let (k2, ends) = self.arrive(l, k);
        if ends || !self.dfs(l, k2, d, NO_DIR) {
            let fin = self.final_kind(l, k2);
            self.record(l, fin);
        }
        self.list.trail.pop();
    }

    /// Lands on any empty cell from `first` on in direction `d`. With `halt`, only the
    /// first of them may end the move.
    fn land_many(&mut self, first: u16, k: u8, d: u8, halt: bool) {
        let r = self.rules;
        // Counting turns, going on straight is searched from the first landing only: it is
        // the same from every landing.
        let straight = self.turns && {
            let (k_first, _) = self.arrive(first, k);
            self.capture_in_dir(first, k_first, d as usize)
        };
        let mut l = first;
        let mut any_cont = straight;
        // Cells that ended the capture, to be recorded once all landings are known.
        let mut ended: u64 = 0;
        let mut i = 0u32;
        while self.board[l] == EMPTY {
            self.list.trail.push(l);
            let (k2, ends) = self.arrive(l, k);
            let skip = if straight && i > 0 { d } else { NO_DIR };
            let cont = !ends && self.dfs(l, k2, d, skip);
            if cont {
                any_cont = true;
            } else if (i == 0 || !(halt || straight)) && i < 64 {
                ended |= 1 << i;
            }
            self.list.trail.pop();
            l = r.next(l, d as usize);
            i += 1;
        }
        if ended == 0 || (self.landing == Landing::MustContinue && any_cont) {
            return;
        }
        let mut l = first;
        let mut i = 0;
        while self.board[l] == EMPTY && i < 64 {
            if ended >> i & 1 == 1 {
                self.list.trail.push(l);
                let (k2, _) = self.arrive(l, k);
                let fin = self.final_kind(l, k2);
                self.record(l, fin);
                self.list.trail.pop();
            }
            l = r.next(l, d as usize);
            i += 1;
        }
    }

    fn key(&self) -> [u32; 5] {
        let r = self.rules;
        let them = self.them as usize;
        let mut key = [0u32; 5];
        for (i, c) in self.criteria.iter().enumerate() {
            key[i] = match c {
                Criterion::MostPieces => self.list.stack.len() as u32,
                Criterion::MostValue => self.list.stack.iter().map(|&(_, pc)| r.tables[them][kind_of(pc) as usize].value).sum(),
                Criterion::KingCaptures => r.tables[self.us][self.start_kind as usize].is_king as u32,
                Criterion::MostKings => {
                    self.list.stack.iter().filter(|&&(_, pc)| r.tables[them][kind_of(pc) as usize].is_king).count() as u32
                }
                // Kings met earlier weigh more, place by place (FID art. 6.9): bit 31 for a
                // king taken first, bit 30 for one taken second, ...
                Criterion::EarliestKing => self
                    .list
                    .stack
                    .iter()
                    .take(32)
                    .enumerate()
                    .filter(|&(_, &(_, pc))| r.tables[them][kind_of(pc) as usize].is_king)
                    .fold(0u32, |acc, (i, _)| acc | 1 << (31 - i)),
            };
        }
        key
    }

    fn record(&mut self, to: u16, kind_after: u8) {
        if !self.criteria.is_empty() {
            let key = self.key();
            let list = &mut *self.list;
            if list.has_best {
                match key.cmp(&list.best) {
                    std::cmp::Ordering::Less => return,
                    std::cmp::Ordering::Greater => {
                        list.moves.clear();
                        list.caps.clear();
                        list.path.clear();
                        list.counted = 0;
                        list.best = key;
                    }
                    std::cmp::Ordering::Equal => {}
                }
            } else {
                list.has_best = true;
                list.best = key;
            }
        }
        if self.count_only {
            self.list.counted += 1;
            return;
        }
        let r = self.rules;
        let list = &mut *self.list;
        let mut h = 0u64;
        for &(c, _) in &list.stack {
            h ^= r.cell_keys[c as usize];
        }
        let ncap = list.stack.len();
        for m in &list.moves {
            if m.from == self.from && m.to == to && m.key == h && m.ncap as usize == ncap && m.kind_after == kind_after {
                if self.paths {
                    // Two capture rules may find the same route: it is one route.
                    let theirs = &list.path[m.path_start as usize..m.path_start as usize + m.npath as usize];
                    if theirs == list.trail.as_slice() {
                        return;
                    }
                } else {
                    let theirs = &list.caps[m.cap_start as usize..m.cap_start as usize + ncap];
                    if theirs.iter().all(|c| list.stack.iter().any(|s| s.0 == c.0)) {
                        return;
                    }
                }
            }
        }
        let m = Move {
            from: self.from,
            to,
            kind_before: self.start_kind,
            kind_after,
            cap_start: list.caps.len() as u32,
            ncap: ncap as u16,
            path_start: list.path.len() as u32,
            npath: list.trail.len() as u16,
            key: h,
        };
        list.caps.extend(list.stack.iter().map(|&(c, pc)| (c, pc & !DEAD)));
        list.path.extend_from_slice(&list.trail);
        list.moves.push(m);
    }
}

impl Position {
    /// Generates the legal moves into `list`; `routes` says which captures count as
    /// different moves.
    pub fn generate(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        self.gen_captures(rules, list, routes);
        if list.moves.is_empty() || !rules.spec().capture.mandatory {
            let pieces = self.pieces[self.side as usize];
            self.gen_quiet::<false>(rules, list, pieces);
        }
        if rules.has_avoid {
            self.drop_avoided(rules, list);
        }
    }

    /// Removes moves that end on a cell their kind must avoid, unless nothing else is
    /// legal.
    fn drop_avoided(&self, rules: &Rules, list: &mut MoveList) {
        let us = self.side as usize;
        let avoided = |m: &Move| rules.tables[us][m.kind_before as usize].avoid.is_some_and(|z| z.contains(m.to));
        if list.moves.iter().all(avoided) {
            return;
        }
        list.moves.retain(|m| !avoided(m));
    }

    /// Clears `list` and fills it with the legal captures (precedence applied).
    fn gen_captures(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        self.gen_captures_by(rules, list, routes, &rules.spec().capture.precedence, false);
    }

    /// Every complete capture, as if the variant had no precedence rule (free choice).
    /// Used to explain why a capture is illegal ("must take the maximum").
    pub fn generate_unranked_captures(&mut self, rules: &Rules, list: &mut MoveList) {
        self.gen_captures_by(rules, list, Routes::Landings, &[], false);
    }

    /// Clears `list` and fills it with the complete captures ranked by `criteria`; with
    /// `count_only` they are only counted (see [`Search::count_only`]).
    fn gen_captures_by(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes, criteria: &[Criterion], count_only: bool) {
        match &rules.layout {
            Some(l) if l.width <= 64 => {
                let origins = Sets::<u64>::of(self, l).jump_origins(rules);
                self.gen_captures_from(rules, l, list, routes, criteria, count_only, origins);
            }
            Some(l) => {
                let origins = Sets::<u128>::of(self, l).jump_origins(rules);
                self.gen_captures_from(rules, l, list, routes, criteria, count_only, origins);
            }
            None => {
                list.clear();
                let us = self.side as usize;
                let origins: CellSet = self.pieces[us].iter().filter(|&c| self.may_capture(rules, c, kind_of(self.board[c]))).collect();
                self.search_each(rules, list, routes, criteria, count_only, origins.iter());
            }
        }
    }

    /// Searches every capture from each of `origins`.
    fn search_each(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        routes: Routes,
        criteria: &[Criterion],
        count_only: bool,
        mut origins: impl Iterator<Item = u16>,
    ) {
        let Some(first) = origins.next() else { return };
        let us = self.side;
        let spec_capture = &rules.spec().capture;
        let mut s = Search {
            rules,
            board: &mut self.board,
            list,
            us: us as usize,
            them: us.other() as u8,
            from: 0,
            start_kind: 0,
            paths: routes != Routes::Distinct,
            turns: routes == Routes::Turns,
            removal: spec_capture.removal,
            turn_back: spec_capture.turn_back,
            mid: spec_capture.promotion,
            landing: spec_capture.landing,
            halt: spec_capture.halt,
            criteria,
            count_only,
        };
        s.search_from(first);
        for from in origins {
            s.search_from(from);
        }
    }

    /// [`Position::gen_captures_by`] on bit sets, given the position's
    /// [`Sets::jump_origins`].
    #[allow(clippy::too_many_arguments)]
    fn gen_captures_from<B: Bits>(
        &mut self,
        rules: &Rules,
        l: &Layout,
        list: &mut MoveList,
        routes: Routes,
        criteria: &[Criterion],
        count_only: bool,
        origins: (B, B),
    ) {
        list.clear();
        let origins = self.confirm_others(rules, l, origins);
        self.search_each(rules, list, routes, criteria, count_only, origins.cells(l));
    }

    /// The pieces with a first jump, and those of the others (of kinds that capture
    /// flying or by a leap) that [`Position::may_capture`] does not rule out.
    fn confirm_others<B: Bits>(&self, rules: &Rules, l: &Layout, (mut origins, mut others): (B, B)) -> B {
        while others != B::ZERO {
            let bit = others.lowest();
            others = others.pop_lowest();
            let from = l.cell[bit as usize];
            if self.may_capture(rules, from, kind_of(self.board[from])) {
                origins |= B::ZERO.with(bit);
            }
        }
        origins
    }

    /// The number of legal moves, as [`Position::generate`] would list them, without
    /// storing quiet moves (bulk counting at the leaves of perft).
    pub fn count_moves(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) -> usize {
        if rules.has_avoid {
            self.generate(rules, list, routes);
            return list.len();
        }
        match &rules.layout {
            Some(l) if l.width <= 64 => {
                let origins = Sets::<u64>::of(self, l).jump_origins(rules);
                self.count_moves_from(rules, l, list, routes, origins)
            }
            Some(l) => {
                let origins = Sets::<u128>::of(self, l).jump_origins(rules);
                self.count_moves_from(rules, l, list, routes, origins)
            }
            None => {
                self.gen_captures_by(rules, list, routes, &rules.spec().capture.precedence, Self::count_only(rules, routes));
                self.and_quiet(rules, list, |p, list| p.gen_quiet::<true>(rules, list, p.pieces[p.side as usize]))
            }
        }
    }

    /// Whether captures can be counted without storing them: every route is a move when
    /// routes are counted, and no two rules of a kind can find the same one.
    fn count_only(rules: &Rules, routes: Routes) -> bool {
        routes != Routes::Distinct && rules.one_capture_rule
    }

    /// The captures found (stored or counted in `list`), and unless one is compulsory,
    /// the quiet moves `quiet` counts.
    #[inline]
    fn and_quiet(&mut self, rules: &Rules, list: &mut MoveList, quiet: impl FnOnce(&mut Self, &mut MoveList) -> usize) -> usize {
        let captures = list.moves.len() + list.counted;
        if captures > 0 && rules.spec().capture.mandatory {
            return captures;
        }
        captures + quiet(self, list)
    }

    /// [`Position::count_moves`] on bit sets, given the position's
    /// [`Sets::jump_origins`].
    fn count_moves_from<B: Bits>(&mut self, rules: &Rules, l: &Layout, list: &mut MoveList, routes: Routes, origins: (B, B)) -> usize {
        let count_only = Self::count_only(rules, routes);
        self.gen_captures_from(rules, l, list, routes, &rules.spec().capture.precedence, count_only, origins);
        self.and_quiet(rules, list, |p, list| p.count_quiet_mixed::<B>(rules, l, list))
    }

    /// Quiet moves counted on bit sets, and one by one for the kinds that cannot be.
    fn count_quiet_mixed<B: Bits>(&mut self, rules: &Rules, l: &Layout, list: &mut MoveList) -> usize {
        let (n, slow) = Sets::<B>::of(self, l).count_quiet(rules);
        if slow == 0 {
            return n;
        }
        let pieces = self.pieces[self.side as usize].iter().filter(|&c| slow >> kind_of(self.board[c]) & 1 == 1).collect();
        n + self.gen_quiet::<true>(rules, list, pieces)
    }

    /// A quick test that rules out pieces with no first capture, before a full search.
    #[inline]
    fn may_capture(&self, rules: &Rules, from: u16, kind: u8) -> bool {
        let us = self.side as usize;
        let t = &rules.tables[us][kind as usize];
        if t.first_leaps {
            return true;
        }
        let them = self.side.other() as u8;
        if t.first_flies == 0 && t.jump_reach[from as usize].intersection(&self.pieces[them as usize]).is_empty() {
            return false;
        }
        let can = t.can_capture;
        let hit = |c: u8| side_of(c) == them && can >> kind_of(c) & 1 == 1;
        let mut dirs = t.first_jumps;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let n = rules.next(from, d);
            if hit(self.board[n]) && self.board[rules.next(n, d)] == EMPTY {
                return true;
            }
        }
        let mut dirs = t.first_flies;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let mut n = rules.next(from, d);
            while self.board[n] == EMPTY {
                n = rules.next(n, d);
            }
            if hit(self.board[n]) && self.board[rules.next(n, d)] == EMPTY {
                return true;
            }
        }
        false
    }

    /// Quiet moves: stored in `list`, or with `COUNT` only counted (moves of kinds with
    /// several move rules are still stored, to merge duplicates). Returns the count.
    fn gen_quiet<const COUNT: bool>(&mut self, rules: &Rules, list: &mut MoveList, pieces: crate::geometry::CellSet) -> usize {
        let us = self.side as usize;
        let mut kinds_present = 0u8;
        if rules.has_quiet_limit {
            for c in self.pieces[us].iter() {
                kinds_present |= 1 << kind_of(self.board[c]);
            }
        }
        let stored_before = list.moves.len();
        let mut counted = 0;
        for from in pieces.iter() {
            let kind = kind_of(self.board[from]);
            let table = &rules.tables[us][kind as usize];
            if let Some(max) = table.max_quiet_moves {
                let (cell, n) = self.quiet[us];
                if kinds_present & !(1 << kind) != 0 && cell == from && n >= max {
                    continue;
                }
            }
            // Two rules of one kind may reach the same cell: then keep one move.
            let dedup = table.moves.len() > 1;
            let store = !COUNT || dedup;
            for rule in &table.moves {
                let mut dirs = rule.dirs;
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    let mut n = rules.next(from, d);
                    match rule.kind {
                        MoveKind::Step => {
                            if self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule.condition, dedup, store);
                            }
                        }
                        MoveKind::Slide => {
                            while self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule.condition, dedup, store);
                                n = rules.next(n, d);
                            }
                        }
                        MoveKind::Run => {
                            while side_of(self.board[n]) == us as u8 {
                                n = rules.next(n, d);
                            }
                            if self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule.condition, dedup, store);
                            }
                        }
                    }
                }
            }
        }
        counted + (list.moves.len() - stored_before)
    }

    /// One quiet move: stored (returns 0) or counted (returns 1 if it is legal).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn quiet_to(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        from: u16,
        to: u16,
        kind: u8,
        cond: Option<Condition>,
        dedup: bool,
        store: bool,
    ) -> usize {
        if store {
            self.push_quiet(rules, list, from, to, kind, cond, dedup);
            return 0;
        }
        if let Some(Condition::SeesEnemy) = cond {
            if !self.sees_enemy(rules, from, to) {
                return 0;
            }
        }
        1
    }

    #[allow(clippy::too_many_arguments)]
    fn push_quiet(&mut self, rules: &Rules, list: &mut MoveList, from: u16, to: u16, kind: u8, cond: Option<Condition>, dedup: bool) {
        if let Some(Condition::SeesEnemy) = cond {
            if !self.sees_enemy(rules, from, to) {
                return;
            }
        }
        let us = self.side as usize;
        let kind_after = rules.kind_after(us, kind, to);
        if dedup && list.moves.iter().any(|m| m.from == from && m.to == to) {
            return;
        }
        list.moves.push(Move {
            from,
            to,
            kind_before: kind,
            kind_after,
            cap_start: list.caps.len() as u32,
            ncap: 0,
            path_start: 0,
            npath: 1,
            key: 0,
        });
    }

    /// Whether a piece moved from `from` to `to` would see an enemy piece along an open
    /// line from `to`.
    fn sees_enemy(&mut self, rules: &Rules, from: u16, to: u16) -> bool {
        let saved = self.board[from];
        self.board[from] = EMPTY;
        let them = self.side.other() as u8;
        let mut seen = false;
        for d in 0..rules.dirs {
            let mut n = rules.next(to, d);
            while self.board[n] == EMPTY {
                n = rules.next(n, d);
            }
            if side_of(self.board[n]) == them {
                seen = true;
                break;
            }
        }
        self.board[from] = saved;
        seen
    }

    /// Plays a move from `list` (generated in this position).
    pub fn make(&mut self, rules: &Rules, list: &MoveList, m: &Move) -> Undo {
        let undo = Undo { quiet: self.quiet };
        let us = self.side;
        let them = us.other();
        let c0 = code(us, m.kind_before);
        self.board[m.from] = EMPTY;
        self.hash ^= rules.zobrist_key(m.from, c0);
        self.pieces[us as usize].remove(m.from);
        for &(cell, pc) in list.captured(m) {
            self.board[cell] = EMPTY;
            self.hash ^= rules.zobrist_key(cell, pc);
            self.pieces[them as usize].remove(cell);
        }
        let c1 = code(us, m.kind_after);
        self.board[m.to] = c1;
        self.hash ^= rules.zobrist_key(m.to, c1);
        self.pieces[us as usize].insert(m.to);
        self.toggle_bits(rules, list, m);
        if rules.has_quiet_limit {
            let limited = rules.tables[us as usize][m.kind_after as usize].max_quiet_moves.is_some();
            self.quiet[us as usize] = if m.ncap > 0 || !limited || m.kind_before != m.kind_after {
                (0, 0)
            } else if self.quiet[us as usize].1 > 0 && self.quiet[us as usize].0 == m.from {
                (m.to, self.quiet[us as usize].1.saturating_add(1))
            } else {
                (m.to, 1)
            };
            if m.ncap > 0 {
                // A capture takes away pieces: the opponent's tracked piece may be gone.
                let (cell, _) = self.quiet[them as usize];
                if list.captured(m).iter().any(|c| c.0 == cell) {
                    self.quiet[them as usize] = (0, 0);
                }
            }
        }
        self.side = them;
        self.hash ^= rules.zobrist_black;
        undo
    }

    /// The bit-set side of a move of the side to move: its piece from `m.from` to `m.to`
    /// (and from kind to kind), its captures taken off. The same xors do and undo it (and
    /// leave the mover's bits alone when a capture returns to its origin).
    #[inline]
    fn toggle_bits(&mut self, rules: &Rules, list: &MoveList, m: &Move) {
        let us = self.side as usize;
        let (f, t) = (rules.cell_bit(m.from), rules.cell_bit(m.to));
        self.bits[us] ^= f ^ t;
        self.kinds[m.kind_before as usize] ^= f;
        self.kinds[m.kind_after as usize] ^= t;
        for &(cell, pc) in list.captured(m) {
            let b = rules.cell_bit(cell);
            self.bits[1 - us] ^= b;
            self.kinds[kind_of(pc) as usize] ^= b;
        }
    }

    /// The number of legal moves after `m`, as [`Position::count_moves`] gives it (bulk
    /// counting one ply above the leaves of perft). Where bit sets suffice (see
    /// [`Rules::bit_leaves`]) and show that the position after `m` has no capture, its
    /// quiet moves are counted on the bit sets alone, without playing `m` on the board.
    pub fn count_after(&mut self, rules: &Rules, list: &MoveList, m: &Move, child: &mut MoveList, routes: Routes) -> usize {
        match &rules.layout {
            Some(l) if rules.bit_leaves && l.width <= 64 => self.count_after_bits::<u64>(rules, l, list, m, child, routes),
            Some(l) if rules.bit_leaves => self.count_after_bits::<u128>(rules, l, list, m, child, routes),
            _ => {
                let undo = self.make(rules, list, m);
                let n = self.count_moves(rules, child, routes);
                self.unmake(rules, list, m, undo);
                n
            }
        }
    }

    /// [`Position::count_after`] where bit sets suffice.
    fn count_after_bits<B: Bits>(
        &mut self,
        rules: &Rules,
        l: &Layout,
        list: &MoveList,
        m: &Move,
        child: &mut MoveList,
        routes: Routes,
    ) -> usize {
        let after = Sets::<B>::after(self, rules, l, list, m);
        let origins = after.jump_origins(rules);
        if !after.may_have_capture(rules, origins) {
            let (n, slow) = after.count_quiet(rules);
            debug_assert_eq!(slow, 0, "bit_leaves: every kind's quiet moves count on bit sets");
            return n;
        }
        let undo = self.make(rules, list, m);
        let n = self.count_moves_from(rules, l, child, routes, origins);
        self.unmake(rules, list, m, undo);
        n
    }

    /// Takes back a move played with [`Position::make`].
    pub fn unmake(&mut self, rules: &Rules, list: &MoveList, m: &Move, undo: Undo) {
        let them = self.side;
        let us = them.other();
        self.side = us;
        self.hash ^= rules.zobrist_black;
        let c1 = code(us, m.kind_after);
        self.board[m.to] = EMPTY;
        self.hash ^= rules.zobrist_key(m.to, c1);
        self.pieces[us as usize].remove(m.to);
        self.toggle_bits(rules, list, m);
        for &(cell, pc) in list.captured(m) {
            self.board[cell] = pc;
            self.hash ^= rules.zobrist_key(cell, pc);
            self.pieces[them as usize].insert(cell);
        }
        let c0 = code(us, m.kind_before);
        self.board[m.from] = c0;
        self.hash ^= rules.zobrist_key(m.from, c0);
        self.pieces[us as usize].insert(m.from);
        self.quiet = undo.quiet;
    }

    /// The side to move has no legal move.
    pub fn is_stuck(&mut self, rules: &Rules, list: &mut MoveList) -> bool {
        self.generate(rules, list, Routes::Distinct);
        list.is_empty()
    }
}
