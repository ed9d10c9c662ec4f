//! The fast path's capture search: depth first on the bit sets, as the general engine
//! searches (pieces in cell order, each kind's rules in order, directions in order,
//! landings from the nearest), so that it finds the same captures in the same order. A
//! taken piece is marked in a set: it blocks until the move ends, or with immediate
//! removal its cell is free at once.

use super::Width;
use super::{Board, FastList, FastRules};
use crate::compile::fast::{CONT, UNIFORM};
use crate::compile::fast::{GENERAL, Hot, KindRules, LEAN, MAX_KINDS, PLAIN, STRIDE};
use crate::compile::{CapRule, Shape};
use crate::engine::budget::Stop;
use crate::engine::decide::{Crowning, NO_DIR, Walk};
use crate::engine::moves::Routes;
use crate::geometry::DirSet;
use crate::spec::{Halt, MidPromotion};

/// One position's capture search; `TRACE`: each capture's pieces and landings are kept
/// (to list the moves, or to tell routes apart by their landings); `SHAPE`: what the
/// search leaves out, [`LEAN`] (plain rules without a halt rule, precedence by the order
/// kings are met or kinds a rule may not take), [`PLAIN`] (see [`FastRules::plain`]), or
/// nothing ([`GENERAL`]); `OPTS`, what else it is compiled for (see [`FastRules::opts`]):
/// [`CONT`], a landing is searched from only where a jump could go on (see
/// [`FastRules::cont_test`]); [`UNIFORM`], each piece taken adds the same to a capture's
/// rank (counted at the end, not kept as pieces are taken).
pub(super) struct FastSearch<'a, B, const TRACE: bool, const SHAPE: u8, const OPTS: u8> {
    pub(super) f: &'a FastRules<B>,
    /// The side to move's rules per kind (and what is read most of them, and the
    /// neighbours in each kind's first capture directions), and the board's kind planes.
    pub(super) kinds: &'a [KindRules<B>],
    pub(super) jump_around: &'a [B; MAX_KINDS * 2 * STRIDE],
    pub(super) hot: &'a [Hot<B>; MAX_KINDS],
    pub(super) planes: [B; 2],
    /// What a capture cannot pass or land on: every piece but the capturing one (and with
    /// immediate removal, but those taken).
    pub(super) occ: B,
    /// The enemy pieces not taken yet.
    pub(super) enemy: B,
    /// The pieces taken, how many, and the halt rule's kinds among the last of them (bit 0
    /// the last).
    pub(super) taken: B,
    pub(super) n: u32,
    pub(super) halt_kinds: u64,
    /// The capturing piece's cell and kind.
    pub(super) from: B,
    /// The cells the capturing piece has stood on in this move (its start and landings),
    /// kept where the rules forbid landing on them again (`[capture] revisit = false`).
    pub(super) visited: B,
    pub(super) start_kind: usize,
    pub(super) list: &'a mut FastList<B>,
    /// Captures counted, not stored (see `count_below`).
    pub(super) counted: usize,
    /// The capture's rank so far (see [`FastRules::rank`]; with [`UNIFORM`], its start),
    /// whether captures are ranked now,
    /// and the best rank found.
    pub(super) key: u128,
    pub(super) ranking: bool,
    pub(super) best: Option<u128>,
    /// Captures with the same origin, destination and taken pieces are one move.
    pub(super) distinct: bool,
    /// A capture taking at least `compare_from` pieces is compared with those stored
    /// before it is stored; one taking fewer than `count_below` is counted, not stored
    /// (zero where captures are stored).
    pub(super) compare_from: u32,
    pub(super) count_below: u32,
    /// Routes are told apart by where they turn (a flying king going on straight is one).
    pub(super) paths: bool,
    /// Steps taken, counted so that the next look at the list's stop comes when they pass
    /// the budget: `ahead` of the steps really taken (0 without a stop); and whether the
    /// search passed the budget or was stopped. (The hot test stays the budget's alone.)
    pub(super) steps: u64,
    pub(super) ahead: u64,
    pub(super) over: bool,
    /// A crowned piece's routes measured first (`[capture] longest_after_crowning`).
    pub(super) crowning: Crowning,
    /// With [`CONT`], per kind (of two), the cells its capture may go on from: for the kinds
    /// [`FastRules::cont_test`] tests, those a jump could go on from and the capturing
    /// pieces' cells; every cell otherwise.
    pub(super) cont: [B; 2],
}

impl<B: Width> FastRules<B> {
    /// The captures of the side to move: stored in `list` (emptied first), or with
    /// `count_only` counted where no two can be the same move. Returns how many there
    /// are, or `None` if the search passed the capture budget. `MEN`: the side's
    /// [`FastRules::men_backs`], or 0 (see [`FastRules::origins_n`]).
    #[inline(always)]
    pub(super) fn captures<const MEN: usize>(
        &self,
        b: &Board<B>,
        routes: Routes,
        list: &mut FastList<B>,
        count_only: bool,
    ) -> Option<usize> {
        list.moves.clear();
        // Most positions have no capture: the prefilter is inlined in its caller, the
        // search is a call of its own.
        let mut starts = [B::ZERO; MEN];
        let origins = self.origins_n::<MEN>(b, &mut starts);
        if origins == B::ZERO {
            return Some(0);
        }
        if self.single_jumps[b.side & 1].kinds != 0 {
            let found = if count_only {
                self.single_jumps::<false, MEN>(b, origins, &starts, list)
            } else {
                self.single_jumps::<true, MEN>(b, origins, &starts, list)
            };
            if found.is_some() {
                return found;
            }
            list.moves.clear();
        }
        self.search_from(b, routes, list, count_only, origins)
    }

    /// [`FastRules::captures`] of the pieces `origins`.
    #[inline(never)]
    fn search_from(&self, b: &Board<B>, routes: Routes, list: &mut FastList<B>, count_only: bool, origins: B) -> Option<usize> {
        let trace = self.route_dedup && routes != Routes::Distinct;
        match (trace, self.shape) {
            (false, LEAN) => self.search_opts::<LEAN>(b, routes, list, count_only, origins),
            (false, PLAIN) => self.search_opts::<PLAIN>(b, routes, list, count_only, origins),
            (false, _) => self.search::<false, GENERAL, 0>(b, routes, list, count_only, origins),
            (true, _) => self.search::<true, GENERAL, 0>(b, routes, list, count_only, origins),
        }
    }

    /// [`FastRules::search_from`] of plain rules, by their [`FastRules::opts`].
    #[inline(always)]
    fn search_opts<const SHAPE: u8>(
        &self,
        b: &Board<B>,
        routes: Routes,
        list: &mut FastList<B>,
        count_only: bool,
        origins: B,
    ) -> Option<usize> {
        match self.opts {
            0 => self.search::<false, SHAPE, 0>(b, routes, list, count_only, origins),
            CONT => self.search::<false, SHAPE, CONT>(b, routes, list, count_only, origins),
            UNIFORM => self.search::<false, SHAPE, UNIFORM>(b, routes, list, count_only, origins),
            _ => self.search::<false, SHAPE, { CONT | UNIFORM }>(b, routes, list, count_only, origins),
        }
    }

    /// [`FastRules::captures`] with every capture's pieces and landings kept.
    pub(super) fn captures_traced(&self, b: &Board<B>, routes: Routes, list: &mut FastList<B>) -> Option<usize> {
        list.clear();
        let origins = self.origins(b);
        if origins == B::ZERO {
            return Some(0);
        }
        match self.shape {
            LEAN => self.search::<true, LEAN, 0>(b, routes, list, false, origins),
            PLAIN => self.search::<true, PLAIN, 0>(b, routes, list, false, origins),
            _ => self.search::<true, GENERAL, 0>(b, routes, list, false, origins),
        }
    }

    fn search<const TRACE: bool, const SHAPE: u8, const OPTS: u8>(
        &self,
        b: &Board<B>,
        routes: Routes,
        list: &mut FastList<B>,
        count_only: bool,
        origins: B,
    ) -> Option<usize> {
        if TRACE {
            list.clear();
            list.stack.clear();
            list.trail.clear();
        }
        let ahead = self.budget - Stop::first_look(list.stop.as_ref(), self.budget);
        let compare_from = if routes == Routes::Distinct {
            self.dedup_from
        } else if self.route_dedup {
            0
        } else {
            u32::MAX
        };
        let mut s = FastSearch::<B, TRACE, SHAPE, OPTS> {
            f: self,
            kinds: &self.kinds[b.side],
            hot: &self.hot[b.side & 1],
            jump_around: &self.jump_around[b.side & 1],
            planes: b.planes,
            occ: B::ZERO,
            enemy: b.opp,
            taken: B::ZERO,
            n: 0,
            halt_kinds: 0,
            from: B::ZERO,
            visited: B::ZERO,
            start_kind: 0,
            list,
            counted: 0,
            key: 0,
            ranking: self.ranked,
            best: None,
            distinct: routes == Routes::Distinct,
            compare_from,
            count_below: if count_only { compare_from } else { 0 },
            paths: routes == Routes::Paths,
            steps: ahead,
            ahead,
            over: false,
            crowning: Crowning::default(),
            cont: [!B::ZERO; 2],
        };
        if OPTS & CONT != 0 {
            let pf = &self.prefilter[b.side & 1];
            let from = self.goes_on_from(b, pf, origins) | origins;
            s.cont = [0, 1].map(|k| if pf.cont_kinds >> k & 1 == 1 { from } else { !B::ZERO });
        }
        let all = b.own | b.opp;
        if self.ranked && self.ranked_kinds != self.every_kind {
            // The ranked kinds' captures first, ranked; the others' beside the best.
            let ranked = (0..4).filter(|k| self.ranked_kinds >> k & 1 == 1).fold(B::ZERO, |m, k| m | b.kind_set(k));
            s.each(origins & ranked, all);
            s.ranking = false;
            s.each(origins & !ranked, all);
        } else {
            s.each(origins, all);
        }
        if s.over {
            return None;
        }
        Some(s.counted + s.list.moves.len())
    }
}

impl<B: Width, const TRACE: bool, const SHAPE: u8, const OPTS: u8> FastSearch<'_, B, TRACE, SHAPE, OPTS> {
    /// Searches the captures of each of `pieces`.
    #[inline(always)]
    pub(super) fn each(&mut self, mut pieces: B, all: B) {
        while pieces != B::ZERO {
            let p = pieces.low();
            pieces ^= p;
            let k = self.kind_at(p);
            self.from = p;
            self.visited = p;
            self.start_kind = k;
            self.occ = all ^ p;
            self.key = self.f.rank.start(k);
            self.dfs(p, k, NO_DIR, NO_DIR);
        }
    }

    /// The kind of the piece on `v` (a single bit).
    #[inline(always)]
    pub(super) fn kind_at(&self, v: B) -> usize {
        if SHAPE <= PLAIN {
            return (self.planes[0] & v != B::ZERO) as usize;
        }
        (self.planes[0] & v != B::ZERO) as usize | ((self.planes[1] & v != B::ZERO) as usize) << 1
    }

    /// What the search reads most of kind `k` of the side to move.
    #[inline(always)]
    pub(super) fn hot(&self, k: usize) -> &Hot<B> {
        &self.hot[k & 3]
    }

    /// The enemy pieces not taken yet of the kinds in `prey`.
    #[inline(always)]
    pub(super) fn victims(&self, prey: u8) -> B {
        if SHAPE == LEAN || prey == self.f.every_kind {
            return self.enemy;
        }
        if SHAPE == PLAIN {
            return self.enemy & super::jumps::plain_prey(self.planes[0], prey);
        }
        self.enemy & self.f.prey_planes(self.planes, prey)
    }

    /// Takes one step of the search (a landing searched from); whether the budget is
    /// spent (then nothing more is searched).
    #[inline(always)]
    pub(super) fn spent(&mut self) -> bool {
        self.steps += 1;
        self.steps > self.f.budget && !self.look()
    }

    /// At a look (the steps passed the budget, `ahead` of those taken): whether the search
    /// goes on, the steps set back to come to the next look; else it is over: past the
    /// budget, or stopped (said in the list's `stopped`, which its reader clears before
    /// the search).
    #[cold]
    fn look(&mut self) -> bool {
        if self.over {
            return false;
        }
        let taken = self.steps - self.ahead;
        match Stop::next_look(self.list.stop.as_ref(), taken, self.f.budget) {
            Some(next) => {
                self.ahead = self.f.budget - next;
                self.steps = taken + self.ahead;
                true
            }
            None => {
                self.over = true;
                self.list.stopped = taken <= self.f.budget;
                false
            }
        }
    }

    /// What taking a piece of kind `k` as the `i`-th of the move adds to the rank.
    #[inline(always)]
    pub(super) fn rank_of(&self, k: usize, i: u32) -> u128 {
        if SHAPE == LEAN {
            // Lean rules have no earliest-king criterion.
            return self.f.rank.take(k);
        }
        self.f.rank.take_at(k, i)
    }

    #[inline(always)]
    pub(super) fn take(&mut self, v: B) {
        let k = self.kind_at(v);
        let f = self.f;
        // The rank is kept only while captures are ranked (it is not read otherwise), and
        // where pieces taken are not all alike in it.
        if OPTS & UNIFORM == 0 && self.ranking {
            self.key += self.rank_of(k, self.n);
        }
        if SHAPE != LEAN
            && let Some(h) = f.halt
        {
            self.halt_kinds = self.halt_kinds << 1 | u64::from(h.kinds >> k & 1);
        }
        self.taken |= v;
        self.enemy &= !v;
        self.n += 1;
        if !f.removal_end {
            self.occ &= !v;
        }
        if TRACE {
            self.list.stack.push(v.lowest() as u8);
        }
    }

    #[inline(always)]
    pub(super) fn untake(&mut self, v: B) {
        let k = self.kind_at(v);
        let f = self.f;
        self.n -= 1;
        if OPTS & UNIFORM == 0 && self.ranking {
            self.key -= self.rank_of(k, self.n);
        }
        if SHAPE != LEAN {
            self.halt_kinds >>= 1;
        }
        self.taken &= !v;
        self.enemy |= v;
        if !f.removal_end {
            self.occ |= v;
        }
        if TRACE {
            self.list.stack.pop();
        }
    }

    /// Directions a capture of kind `k` may not take after one in direction `last` (and
    /// `skip`).
    #[inline(always)]
    fn excluded(&self, k: usize, last: usize, skip: usize) -> DirSet {
        let mut excluded = self.f.barred[k & 3][last & 15];
        if skip != NO_DIR {
            excluded.insert(skip);
        }
        excluded
    }

    /// [`FastSearch::dfs`] of a piece of kind `K` where the rules are plain: one rule a kind
    /// at each stage of a move, a jump or a flying capture over any gap.
    #[inline(never)]
    fn plain<const K: usize>(&mut self, at: B, last: usize, skip: usize) -> bool {
        if self.n > 0 && self.spent() {
            return false;
        }
        let st = self.hot(K).stages[(self.n > 0) as usize];
        if !st.flies && !TRACE && skip == NO_DIR && self.f.blind_jumps {
            return self.jumps_blind(at, K, st.prey);
        }
        let dirs = st.dirs & !self.excluded(K, last, skip);
        if st.flies {
            self.flies(at, dirs, K, st.prey, if st.land_next { (1, 1) } else { (1, u8::MAX) }, (0, u8::MAX))
        } else {
            self.jumps(at, dirs, K, st.prey)
        }
    }

    /// [`FastSearch::dfs`] for any rules: each rule of the kind usable at this stage of the
    /// move, in order.
    #[inline(never)]
    fn general(&mut self, at: B, k: usize, last: usize, skip: usize) -> bool {
        if self.n > 0 && self.spent() {
            return false;
        }
        let mut excluded = self.barred(at, k, last);
        if skip != NO_DIR {
            excluded.insert(skip);
        }
        let kinds = self.kinds;
        let mut any = false;
        for rule in &kinds[k].caps {
            if !rule.applies(self.n > 0) {
                continue;
            }
            let dirs = rule.dirs & !excluded;
            if dirs.is_empty() {
                continue;
            }
            any |= self.by_rule(at, k, rule, dirs);
            if self.over {
                return false;
            }
        }
        any
    }

    /// The captures by `rule` from `at` of a piece of kind `k` in the directions `dirs`.
    #[inline(always)]
    pub(super) fn by_rule(&mut self, at: B, k: usize, rule: &CapRule, dirs: DirSet) -> bool {
        match rule.shape {
            Shape::Jump => self.jumps(at, dirs, k, rule.prey),
            Shape::LongJump(stride) => self.long_jumps(at, dirs, k, rule.prey, stride),
            Shape::Fly { reach, gap } => self.flies(at, dirs, k, rule.prey, reach, gap),
            Shape::Leap { .. } => self.leaps(at, dirs, k, rule),
            Shape::StepTaking { withdrawal } => self.steps_taking(at, dirs, k, rule.prey, withdrawal),
            // Refused by `support` (FastRefusal::Displace): never on the fast path.
            Shape::Displace => false,
        }
    }
}

/// The fast path's side of the decisions both engines share (`engine::decide`): cells
/// are single bits, the landings beyond a piece a set of them.
impl<B: Width, const TRACE: bool, const SHAPE: u8, const OPTS: u8> Walk for FastSearch<'_, B, TRACE, SHAPE, OPTS> {
    type Cell = B;
    type Landings = B;

    #[inline(always)]
    fn next_landing(&self, set: &mut B, d: usize) -> Option<B> {
        if *set == B::ZERO {
            return None;
        }
        let l = self.f.nearest(*set, d);
        *set ^= l;
        Some(l)
    }

    #[inline(always)]
    fn dfs(&mut self, at: B, k: usize, last: usize, skip: usize) -> bool {
        if SHAPE <= PLAIN {
            // A jump cannot go on from here (the step is taken all the same).
            if OPTS & CONT != 0 && at & self.cont[k & 1] == B::ZERO {
                self.spent();
                return false;
            }
            // Plain rules have two kinds: each has a search of its own, its rules known.
            return if k == 0 { self.plain::<0>(at, last, skip) } else { self.plain::<1>(at, last, skip) };
        }
        self.general(at, k, last, skip)
    }

    #[inline(always)]
    fn captures_in(&self, at: B, k: usize, d: usize) -> bool {
        self.captures_along(at, k, d)
    }

    /// Its lines, or on a cell of its `edge`, only the way back.
    #[inline(always)]
    fn barred(&self, at: B, k: usize, last: usize) -> DirSet {
        if SHAPE == GENERAL && self.kinds[k].edge & at != B::ZERO {
            self.f.barred_edge[k & 3][last & 15]
        } else {
            self.f.barred[k & 3][last & 15]
        }
    }

    #[inline(always)]
    fn dirs(&self) -> usize {
        self.f.dirs
    }

    #[inline(always)]
    fn promotion(&self, at: B, k: usize) -> Option<usize> {
        let kind = self.hot(k);
        super::crowned_on(at, kind.zone, kind.promotes_to)
    }

    #[inline(always)]
    fn final_kind(&self, at: B, k: usize) -> usize {
        self.promotion(at, k).unwrap_or(k)
    }

    #[inline(always)]
    fn stands(&self, at: B, k: usize) -> bool {
        SHAPE <= PLAIN || !self.f.kind_cells || at & self.hot(k).cells != B::ZERO
    }

    #[inline(always)]
    fn may_stop(&self, k: usize) -> bool {
        SHAPE == GENERAL && self.f.may_stop && self.hot(k).may_stop
    }

    #[inline(always)]
    fn mid_promotion(&self) -> MidPromotion {
        self.f.mid
    }

    #[inline(always)]
    fn stop_promotes(&self) -> bool {
        self.f.stop_promotes
    }

    #[inline(always)]
    fn must_continue(&self) -> bool {
        self.f.must_continue
    }

    #[inline(always)]
    fn halt(&self) -> Option<Halt> {
        if SHAPE == LEAN { None } else { self.f.halt }
    }

    /// The kinds of the pieces taken are kept as they are taken, a bit each (set when of
    /// the halt rule's kinds), the last taken in bit 0.
    #[inline(always)]
    fn last_taken_are(&self, _kinds: u8, last: u8) -> bool {
        let mask = if last >= 64 { u64::MAX } else { (1u64 << last) - 1 };
        self.halt_kinds & mask == mask
    }

    #[inline(always)]
    fn taken(&self) -> u32 {
        self.n
    }

    #[inline(always)]
    fn by_turns(&self) -> bool {
        self.paths
    }

    #[inline(always)]
    fn over(&self) -> bool {
        self.over
    }

    #[inline(always)]
    fn measures_crowning(&self) -> bool {
        SHAPE == GENERAL && self.f.longest_after_crowning
    }

    #[inline(always)]
    fn ranked_kinds(&self) -> u8 {
        self.f.ranked_kinds
    }

    #[inline(always)]
    fn crowning(&mut self) -> &mut Crowning {
        &mut self.crowning
    }

    #[inline(always)]
    fn push_trail(&mut self, at: B) {
        if TRACE {
            self.list.trail.push(at.lowest() as u8);
        }
    }

    #[inline(always)]
    fn pop_trail(&mut self) {
        if TRACE {
            self.list.trail.pop();
        }
    }

    #[inline(always)]
    fn store(&mut self, to: B, kind_after: usize) {
        self.store_capture(to, kind_after);
    }
}
