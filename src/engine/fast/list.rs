//! The fast path's moves as the general engine's [`MoveList`] (the same moves in the same
//! order, with their captured pieces and landing cells), and perft on the fast path's
//! boards.

use super::Width;
use super::quiet::Sink;
use super::{Board, FastList, FastMove, FastRules};
use crate::compile::Rules;
use crate::compile::fast::STRIDE;
use crate::engine::decide;
use crate::engine::moves::{Move, MoveList, Routes};
use crate::engine::position::Position;
use crate::geometry::bits::Bits;
use std::sync::atomic::{AtomicBool, Ordering};

impl<B: Bits> Board<B> {
    /// The position after `m`, a move of this position; `limits`: each kind's quiet-move
    /// limit, or empty where no kind has one (then nothing is tracked).
    #[inline(always)]
    pub fn after(&self, m: &FastMove<B>, limits: &[Option<u8>]) -> Board<B> {
        let own = self.own ^ m.from ^ m.to;
        let opp = self.opp & !m.taken;
        let gone = !(m.taken | m.from);
        let after = m.kind_after();
        let planes = [
            self.planes[0] & gone | if after & 1 == 1 { m.to } else { B::ZERO },
            self.planes[1] & gone | if after & 2 == 2 { m.to } else { B::ZERO },
        ];
        let mut track = self.track;
        if !limits.is_empty() && !m.is_pass() {
            let us = self.side;
            // A quiet move of a limited kind that stays that kind goes on its piece's count
            // (or starts one); anything else ends it.
            track[us] = match limits.get(after) {
                Some(&Some(max)) if m.taken == B::ZERO && m.kind_before() == after => {
                    let (tracked, n) = self.tracked(us);
                    let to = m.to.lowest() as u8 + 1;
                    if n > 0 && tracked == m.from { (to, n.saturating_add(1).min(max)) } else { (to, 1) }
                }
                _ => (0, 0),
            };
            if track[1 - us].0 != 0 && m.taken & self.tracked(1 - us).0 != B::ZERO {
                track[1 - us] = (0, 0);
            }
        }
        Board { own: opp, opp: own, planes, side: self.side ^ 1, track }
    }
}

impl<B: Width> FastRules<B> {
    /// The kinds' quiet-move limits, or none at all where no kind has one.
    #[inline(always)]
    fn limits(&self) -> &[Option<u8>] {
        if self.limited == 0 { &[] } else { &self.limits }
    }

    /// Whether the moves of `b` need no quiet-move limit tracked though a kind has one:
    /// no piece of such a kind stands and none is tracked (a man crowned by its move
    /// starts no count: its kind changed).
    #[inline(always)]
    fn untracked(&self, b: &Board<B>) -> bool {
        b.track == [(0, 0); 2] && (b.own | b.opp) & self.prey_planes(b.planes, self.limited) == B::ZERO
    }

    /// Leaves of the move tree `depth` plies deep (at least 1), or the first position
    /// whose capture search passed the budget (`None`: the count was stopped, its `stop`
    /// flag set).
    pub fn perft(&self, b: &Board<B>, depth: u32, routes: Routes, stop: Option<&AtomicBool>) -> Result<u64, Option<Board<B>>> {
        let mut lists: Vec<FastList<B>> = (0..depth).map(|_| FastList::default()).collect();
        let mut failed = None;
        match self.perft_rec(b, depth, routes, &mut lists, &mut failed, stop) {
            Some(n) => Ok(n),
            None => Err(failed),
        }
    }

    /// [`FastRules::perft`]; `None` when a capture search passed the budget, its position
    /// then in `failed` (kept out of the return value, which stays two registers wide), or
    /// when `stop` was set (`failed` then stays empty).
    fn perft_rec(
        &self,
        b: &Board<B>,
        depth: u32,
        routes: Routes,
        lists: &mut [FastList<B>],
        failed: &mut Option<Board<B>>,
        stop: Option<&AtomicBool>,
    ) -> Option<u64> {
        let (list, rest) = lists.split_first_mut()?;
        if depth == 1 {
            let n = by_men!(self, b.side, MEN => self.count::<MEN>(b, routes, list));
            if n.is_none() {
                *failed = Some(*b);
            }
            return n;
        }
        if by_men!(self, b.side, MEN => self.captures::<MEN>(b, routes, list, false)).is_none() {
            *failed = Some(*b);
            return None;
        }
        if depth == 2 && self.all_quiet_men_step(b, list) {
            let leaf = rest.first_mut()?;
            return if self.limited == 0 {
                by_men!(self, b.side ^ 1, MEN => self.step_children::<MEN, false>(b, routes, list, leaf, failed))
            } else {
                self.step_children_limited(b, routes, list, leaf, failed)
            };
        }
        self.complete(b, list);
        // A pass is a list's only move; where it ends the game, nothing follows it.
        if self.pass_may_end
            && list.moves.first().is_some_and(|m| m.from == B::ZERO)
            && decide::pass_ends(self.pass_ends, self.no_pieces_passes, b.own != B::ZERO)
        {
            return Some(0);
        }
        let mut n = 0;
        let limits = self.limits();
        if depth == 2 {
            // One ply above the leaves: each child's moves counted here, without a call.
            let leaf = rest.first_mut()?;
            return if self.limited == 0 {
                by_men!(self, b.side ^ 1, MEN => self.count_children::<MEN, false>(b, &list.moves, routes, leaf, failed))
            } else {
                self.count_children_limited(b, &list.moves, routes, leaf, failed)
            };
        }
        // Three plies or more above the leaves: a node rare enough to look at the flag.
        if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            return None;
        }
        for m in list.moves.iter() {
            n += self.perft_rec(&b.after(m, limits), depth - 1, routes, rest, failed, stop)?;
        }
        Some(n)
    }

    /// The leaves below each of `moves` (of `b`), one ply on: the children's moves counted
    /// (`MEN`: the children's side's [`FastRules::men_backs`], or 0; `LIMITS`: whether a
    /// kind has a quiet-move limit, else the children are made without tracking it), or
    /// `None` with the child whose capture search passed the budget in `failed`.
    #[inline(always)]
    fn count_children<const MEN: usize, const LIMITS: bool>(
        &self,
        b: &Board<B>,
        moves: &[FastMove<B>],
        routes: Routes,
        leaf: &mut FastList<B>,
        failed: &mut Option<Board<B>>,
    ) -> Option<u64> {
        let mut n = 0;
        for m in moves {
            match self.count_child::<MEN, LIMITS>(b, m, routes, leaf) {
                Ok(c) => n += c,
                Err(child) => {
                    *failed = Some(child);
                    return None;
                }
            }
        }
        Some(n)
    }

    /// The moves of the child of `b` after `m` counted, or the child whose capture search
    /// passed the budget (`MEN`, `LIMITS` as for [`FastRules::count_children`]).
    #[inline(always)]
    fn count_child<const MEN: usize, const LIMITS: bool>(
        &self,
        b: &Board<B>,
        m: &FastMove<B>,
        routes: Routes,
        leaf: &mut FastList<B>,
    ) -> Result<u64, Board<B>> {
        let child = b.after(m, if LIMITS { self.limits() } else { &[] });
        self.count::<MEN>(&child, routes, leaf).ok_or(child)
    }

    /// The leaves below `b`, one ply above them, where its moves are quiet and its men's
    /// are steps ([`FastRules::all_quiet_men_step`]): each step's child counted as the
    /// step is found, not listed and read back (under callgrind, 4 to 8 instructions a
    /// leaf fewer on 10x10 and 8x8 boards); the other pieces' moves listed in `list`, and
    /// their children counted then. `MEN`, `LIMITS` and the rest as for
    /// [`FastRules::count_children`].
    #[inline(always)]
    fn step_children<const MEN: usize, const LIMITS: bool>(
        &self,
        b: &Board<B>,
        routes: Routes,
        list: &mut FastList<B>,
        leaf: &mut FastList<B>,
        failed: &mut Option<Board<B>>,
    ) -> Option<u64> {
        let mut steps = StepChildren::<B, MEN, LIMITS> { f: self, b, routes, list, leaf, n: 0, failed: None };
        self.quiet_bulk(b, &mut steps);
        if steps.failed.is_some() {
            *failed = steps.failed;
            return None;
        }
        let n = steps.n;
        Some(n + self.count_children::<MEN, LIMITS>(b, &list.moves, routes, leaf, failed)?)
    }

    /// [`FastRules::step_children`] where a kind has a quiet-move limit, as
    /// [`FastRules::count_children_limited`] counts children.
    #[inline(never)]
    fn step_children_limited(
        &self,
        b: &Board<B>,
        routes: Routes,
        list: &mut FastList<B>,
        leaf: &mut FastList<B>,
        failed: &mut Option<Board<B>>,
    ) -> Option<u64> {
        if self.untracked(b) {
            by_men!(self, b.side ^ 1, MEN => self.step_children::<MEN, false>(b, routes, list, leaf, failed))
        } else {
            by_men!(self, b.side ^ 1, MEN => self.step_children::<MEN, true>(b, routes, list, leaf, failed))
        }
    }

    /// [`FastRules::count_children`] where a kind has a quiet-move limit: tracked only
    /// where a piece of such a kind stands or is tracked (see [`FastRules::untracked`]).
    /// A call of its own, out of the way of the rules without limits.
    #[inline(never)]
    fn count_children_limited(
        &self,
        b: &Board<B>,
        moves: &[FastMove<B>],
        routes: Routes,
        leaf: &mut FastList<B>,
        failed: &mut Option<Board<B>>,
    ) -> Option<u64> {
        if self.untracked(b) {
            by_men!(self, b.side ^ 1, MEN => self.count_children::<MEN, false>(b, moves, routes, leaf, failed))
        } else {
            by_men!(self, b.side ^ 1, MEN => self.count_children::<MEN, true>(b, moves, routes, leaf, failed))
        }
    }

    /// The legal moves of `pos` into `list` (emptied first), as the general engine lists
    /// them; past the capture budget the list is incomplete and says so. The captures are
    /// found on the board and written into the list; quiet moves go straight in.
    pub fn generate_list(&self, rules: &Rules, pos: &Position, list: &mut MoveList, routes: Routes) {
        list.reset(pos.hash);
        let b = self.board(pos);
        // The list's own scratch, taken out while the list is written.
        let mut scratch = list.fast.take().unwrap_or_default();
        let fl = B::scratch(&mut scratch);
        fl.watch(&list.stop);
        fl.stopped = false;
        if self.captures_traced(&b, routes, fl).is_none() {
            list.exceeded = true;
            list.stopped = fl.stopped;
        }
        self.fill(rules, pos, fl, list);
        if self.quiet_allowed(fl) {
            let caps = list.caps.len() as u32;
            self.quiet(&b, b.own, &mut Quiet { cell: &self.cell, moves: &mut list.moves, caps });
        }
        list.fast = Some(scratch);
        if self.has_avoid {
            pos.drop_avoided(rules, list);
        }
        if self.may_pass && decide::passes(self.passes, self.no_pieces_passes, b.own != B::ZERO, list.moves.is_empty()) {
            list.push_pass();
        }
    }

    /// Writes the captures of `fl` (generated in `pos`, traced) into `list`.
    fn fill(&self, rules: &Rules, pos: &Position, fl: &FastList<B>, list: &mut MoveList) {
        let cell = |bit: u8| self.cell[bit as usize & (STRIDE - 1)];
        for m in &fl.moves {
            let t = &fl.traces[m.trace as usize];
            let mut mv = Move {
                from: cell(m.from.lowest() as u8),
                to: cell(m.to.lowest() as u8),
                kind_before: m.kind_before() as u8,
                kind_after: m.kind_after() as u8,
                cap_start: list.caps.len() as u32,
                ncap: t.ncap,
                path_start: list.path.len() as u32,
                npath: t.npath,
                key: 0,
                nrem: 0,
                nmark: 0,
                placed: 0,
                again: false,
            };
            for &bit in &fl.caps[t.caps as usize..t.caps as usize + t.ncap as usize] {
                let c = cell(bit);
                list.caps.push((c, pos.board[c]));
                mv.key ^= rules.cell_keys[c as usize];
            }
            list.path.extend(fl.path[t.path as usize..t.path as usize + t.npath as usize].iter().map(|&bit| cell(bit)));
            list.moves.push(mv);
        }
    }
}

/// Perft one ply above its leaves (see [`FastRules::step_children`]): the men's steps'
/// children counted (`n`; the first whose capture search passed the budget kept in
/// `failed`), the other quiet moves pushed onto `list`.
struct StepChildren<'a, B, const MEN: usize, const LIMITS: bool> {
    f: &'a FastRules<B>,
    b: &'a Board<B>,
    routes: Routes,
    list: &'a mut FastList<B>,
    leaf: &'a mut FastList<B>,
    n: u64,
    failed: Option<Board<B>>,
}

impl<B: Width, const MEN: usize, const LIMITS: bool> Sink<B> for StepChildren<'_, B, MEN, LIMITS> {
    #[inline(always)]
    fn quiet(&mut self, from: B, to: B, kind: usize, after: usize) {
        self.list.quiet(from, to, kind, after);
    }

    #[inline(always)]
    fn man_step(&mut self, from: B, to: B, after: usize) {
        let m = FastMove { from, to, taken: B::ZERO, kinds: (after << 4) as u8, trace: 0 };
        match self.f.count_child::<MEN, LIMITS>(self.b, &m, self.routes, self.leaf) {
            Ok(c) => self.n += c,
            Err(child) => {
                self.failed.get_or_insert(child);
            }
        }
    }
}

/// Quiet moves written straight into a move list.
struct Quiet<'a> {
    cell: &'a [u16; STRIDE],
    moves: &'a mut Vec<Move>,
    /// Where a capture's pieces would start (a quiet move has none there).
    caps: u32,
}

impl<B: Bits> Sink<B> for Quiet<'_> {
    #[inline(always)]
    fn quiet(&mut self, from: B, to: B, kind: usize, after: usize) {
        let cell = |b: B| self.cell[b.lowest() as usize & (STRIDE - 1)];
        self.moves.push(Move {
            from: cell(from),
            to: cell(to),
            kind_before: kind as u8,
            kind_after: after as u8,
            cap_start: self.caps,
            ncap: 0,
            path_start: 0,
            npath: 1,
            key: 0,
            nrem: 0,
            nmark: 0,
            placed: 0,
            again: false,
        });
    }
}
