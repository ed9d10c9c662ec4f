//! The fast path's capture search: depth first on the bit sets, as the general engine
//! searches (pieces in cell order, each kind's rules in order, directions in order,
//! landings from the nearest), so that it finds the same captures in the same order. A
//! taken piece is marked in a set: it blocks until the move ends, or with immediate
//! removal its cell is free at once.

use super::tables::{at as idx, CapRule, Hot, KindRules, Prefilter, Shape, Width, MAX_KINDS, STRIDE};
use super::{Board, FastList, FastMove, FastRules, Trace};
use crate::engine::moves::Routes;
use crate::spec::{MidPromotion, When};

/// No direction (before the first capture).
const NONE: usize = 15;

/// The shapes of rules the search is compiled for (see [`Search`]).
const LEAN: u8 = 0;
const PLAIN: u8 = 1;
const GENERAL: u8 = 2;

/// One position's capture search; `TRACE`: each capture's pieces and landings are kept
/// (to list the moves, or to tell routes apart by their landings); `SHAPE`: what the
/// search leaves out, [`LEAN`] (plain rules without a halt rule, precedence by the order
/// kings are met or kinds a rule may not take), [`PLAIN`] (see [`FastRules::plain`]), or
/// nothing ([`GENERAL`]).
struct Search<'a, B, const TRACE: bool, const SHAPE: u8> {
    f: &'a FastRules<B>,
    /// The side to move's rules per kind (and what is read most of them, and the
    /// neighbours in each kind's first capture directions), and the board's kind planes.
    kinds: &'a [KindRules<B>],
    jump_around: &'a [B],
    hot: &'a [Hot<B>; MAX_KINDS],
    planes: [B; 2],
    /// What a capture cannot pass or land on: every piece but the capturing one (and with
    /// immediate removal, but those taken).
    occ: B,
    /// The enemy pieces not taken yet.
    enemy: B,
    /// The pieces taken, how many, and the halt rule's kinds among the last of them (bit 0
    /// the last).
    taken: B,
    n: u32,
    halt_kinds: u64,
    /// The capturing piece's cell and kind.
    from: B,
    start_kind: usize,
    list: &'a mut FastList<B>,
    /// Captures counted, not stored (`count_only`).
    counted: usize,
    count_only: bool,
    /// The capture's rank so far (see [`FastRules::take_key`]), whether captures are ranked
    /// now, and the best rank found.
    key: u128,
    ranking: bool,
    best: Option<u128>,
    /// Captures with the same origin, destination and taken pieces are one move.
    distinct: bool,
    /// Routes are told apart by where they turn (a flying king going on straight is one).
    paths: bool,
    /// Steps taken, and whether the search passed the budget.
    steps: u64,
    over: bool,
}

impl<B: Width> FastRules<B> {
    /// The captures of the side to move: stored in `list` (emptied first), or with
    /// `count_only` counted where no two can be the same move. Returns how many there
    /// are, or `None` if the search passed the capture budget.
    #[inline]
    pub(super) fn captures(&self, b: &Board<B>, routes: Routes, list: &mut FastList<B>, count_only: bool) -> Option<usize> {
        list.moves.clear();
        let origins = self.origins(b);
        if origins == B::ZERO {
            return Some(0);
        }
        list.clear();
        let trace = self.route_dedup && routes != Routes::Distinct;
        match (trace, self.shape) {
            (false, LEAN) => self.search::<false, LEAN>(b, routes, list, count_only, origins),
            (false, PLAIN) => self.search::<false, PLAIN>(b, routes, list, count_only, origins),
            (false, _) => self.search::<false, GENERAL>(b, routes, list, count_only, origins),
            (true, _) => self.search::<true, GENERAL>(b, routes, list, count_only, origins),
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
            LEAN => self.search::<true, LEAN>(b, routes, list, false, origins),
            PLAIN => self.search::<true, PLAIN>(b, routes, list, false, origins),
            _ => self.search::<true, GENERAL>(b, routes, list, false, origins),
        }
    }

    /// The shape of the rules, for [`Search`].
    pub(super) fn shape_of(&self) -> u8 {
        if !self.plain {
            GENERAL
        } else if self.halt.is_some()
            || self.earliest.is_some()
            || self.hot.iter().flatten().any(|h| h.stages.iter().any(|st| st.dirs != 0 && st.prey != self.every_kind))
        {
            PLAIN
        } else {
            LEAN
        }
    }

    fn search<const TRACE: bool, const SHAPE: u8>(
        &self,
        b: &Board<B>,
        routes: Routes,
        list: &mut FastList<B>,
        count_only: bool,
        origins: B,
    ) -> Option<usize> {
        list.stack.clear();
        list.trail.clear();
        let mut s = Search::<B, TRACE, SHAPE> {
            f: self,
            kinds: &self.kinds[b.side],
            hot: &self.hot[b.side & 1],
            jump_around: &self.jump_around[(b.side & 1) * MAX_KINDS * 2 * STRIDE..][..MAX_KINDS * 2 * STRIDE],
            planes: b.planes,
            occ: B::ZERO,
            enemy: b.opp,
            taken: B::ZERO,
            n: 0,
            halt_kinds: 0,
            from: B::ZERO,
            start_kind: 0,
            list,
            counted: 0,
            count_only,
            key: 0,
            ranking: self.ranked,
            best: None,
            distinct: routes == Routes::Distinct,
            paths: routes == Routes::Paths,
            steps: 0,
            over: false,
        };
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

    /// The pieces of the side to move that may capture: those with a first jump (found
    /// for all at once by shifts), and those of kinds with other first captures that see
    /// an enemy piece along a line.
    #[inline(always)]
    fn origins(&self, b: &Board<B>) -> B {
        let empty = self.cells & !(b.own | b.opp);
        let pf = &self.prefilter[b.side & 1];
        if pf.kinds <= 2 {
            // Kind 1 is the only one with a bit in the planes.
            let ones = b.own & b.planes[0];
            return self.origins_of(b, empty, pf, b.own ^ ones, 0) | self.origins_of(b, empty, pf, ones, 1);
        }
        (0..(pf.kinds as usize).min(MAX_KINDS)).fold(B::ZERO, |o, k| o | self.origins_of(b, empty, pf, b.own & b.kind_set(k), k))
    }

    /// Those of `pieces` (of kind `k`) that may capture.
    #[inline(always)]
    fn origins_of(&self, b: &Board<B>, empty: B, pf: &Prefilter, pieces: B, k: usize) -> B {
        if pieces == B::ZERO {
            return B::ZERO;
        }
        let mut origins = B::ZERO;
        if pf.others >> k & 1 == 1 {
            let mut rest = pieces;
            while rest != B::ZERO {
                let p = rest.low();
                rest ^= p;
                if self.lines[p.lowest() as usize & (STRIDE - 1)] & b.opp != B::ZERO {
                    origins |= p;
                }
            }
            return origins;
        }
        let victims = b.opp & self.prey_planes(b.planes, pf.prey[k & 3]);
        // Step the victims back once and the empty cells twice: where both arrive, a piece
        // could jump. On 128 bits, where a step costs more, the victims first: most
        // positions have no piece next to one.
        let mut near = [B::ZERO; 8];
        let mut any = B::ZERO;
        let mut backs = pf.backs[k & 3];
        while backs != 0 {
            let back = backs.trailing_zeros() as usize & 7;
            backs &= backs - 1;
            if B::BITS > 64 {
                near[back] = self.step(victims, back);
                any |= near[back];
            } else {
                origins |= self.step2(empty, back) & self.step(victims, back);
            }
        }
        if B::BITS > 64 && pieces & any != B::ZERO {
            let mut backs = pf.backs[k & 3];
            while backs != 0 {
                let back = backs.trailing_zeros() as usize & 7;
                backs &= backs - 1;
                origins |= self.step2(empty, back) & near[back];
            }
        }
        let mut backs = pf.leap_backs[k & 3];
        while backs != 0 {
            let back = backs.trailing_zeros() as usize & 7;
            backs &= backs - 1;
            origins |= self.step(victims, back);
        }
        pieces & origins
    }

    /// The pieces of the kinds in `prey`, both sides, on a board of kind planes `planes`.
    #[inline(always)]
    pub(super) fn prey_planes(&self, planes: [B; 2], prey: u8) -> B {
        if prey == self.every_kind {
            return !B::ZERO;
        }
        let b = Board { own: B::ZERO, opp: B::ZERO, planes, side: 0, track: [(0, 0); 2] };
        (0..4).filter(|k| prey >> k & 1 == 1).fold(B::ZERO, |m, k| m | b.kind_set(k))
    }
}

impl<B: Width, const TRACE: bool, const SHAPE: u8> Search<'_, B, TRACE, SHAPE> {
    /// Searches the captures of each of `pieces`.
    fn each(&mut self, mut pieces: B, all: B) {
        while pieces != B::ZERO {
            let p = pieces.low();
            pieces ^= p;
            let k = self.kind_at(p);
            self.from = p;
            self.start_kind = k;
            self.occ = all ^ p;
            self.key = self.f.start_key[k & 3];
            self.dfs(p, k, NONE, NONE);
        }
    }

    /// The kind of the piece on `v` (a single bit).
    #[inline(always)]
    fn kind_at(&self, v: B) -> usize {
        if SHAPE <= PLAIN {
            return (self.planes[0] & v != B::ZERO) as usize;
        }
        (self.planes[0] & v != B::ZERO) as usize | ((self.planes[1] & v != B::ZERO) as usize) << 1
    }

    /// What the search reads most of kind `k` of the side to move.
    #[inline(always)]
    fn hot(&self, k: usize) -> &Hot<B> {
        &self.hot[k & 3]
    }

    /// The enemy pieces not taken yet of the kinds in `prey`.
    #[inline(always)]
    fn victims(&self, prey: u8) -> B {
        if SHAPE == LEAN || prey == self.f.every_kind {
            return self.enemy;
        }
        if SHAPE == PLAIN {
            // Two kinds at most: kind 1 is the only one with a bit in the planes.
            let men = if prey & 1 == 1 { !self.planes[0] } else { B::ZERO };
            let kings = if prey & 2 == 2 { self.planes[0] } else { B::ZERO };
            return self.enemy & (men | kings);
        }
        self.enemy & self.f.prey_planes(self.planes, prey)
    }

    /// Takes one step of the search (a landing searched from); whether the budget is
    /// spent (then nothing more is searched).
    #[inline(always)]
    fn spent(&mut self) -> bool {
        self.steps += 1;
        if self.steps > self.f.budget {
            self.over = true;
            return true;
        }
        false
    }

    /// What taking a piece of kind `k` as the `i`-th of the move adds to the rank.
    #[inline(always)]
    fn rank_of(&self, k: usize, i: u32) -> u128 {
        let f = self.f;
        let mut r = f.take_key[k & 3];
        if SHAPE == LEAN {
            return r;
        }
        if let Some(e) = f.earliest {
            if f.is_king >> k & 1 == 1 && i < 32 {
                r += 1 << (e + 31 - i);
            }
        }
        r
    }

    #[inline(always)]
    fn take(&mut self, v: B) {
        let k = self.kind_at(v);
        let f = self.f;
        self.key += self.rank_of(k, self.n);
        if SHAPE != LEAN {
            if let Some((kinds, _, _)) = f.halt {
                self.halt_kinds = self.halt_kinds << 1 | u64::from(kinds >> k & 1);
            }
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
    fn untake(&mut self, v: B) {
        let k = self.kind_at(v);
        let f = self.f;
        self.n -= 1;
        self.key -= self.rank_of(k, self.n);
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

    /// Whether a flying capture that ends now must land directly behind its last piece.
    #[inline(always)]
    fn halts(&self) -> bool {
        if SHAPE == LEAN {
            return false;
        }
        let Some((_, last, min)) = self.f.halt else { return false };
        let mask = if last >= 64 { u64::MAX } else { (1u64 << last) - 1 };
        self.n >= u32::from(min) && self.n >= u32::from(last) && self.halt_kinds & mask == mask
    }

    #[inline(always)]
    fn push_trail(&mut self, l: B) {
        if TRACE {
            self.list.trail.push(l.lowest() as u8);
        }
    }

    #[inline(always)]
    fn pop_trail(&mut self) {
        if TRACE {
            self.list.trail.pop();
        }
    }

    /// Whether kind `k` may stand on `l`.
    #[inline(always)]
    fn stands(&self, l: B, k: usize) -> bool {
        SHAPE <= PLAIN || !self.f.kind_cells || l & self.hot(k).cells != B::ZERO
    }

    /// The kind a piece of kind `k` has on arriving at `l` mid-capture, and whether the
    /// move must end there.
    #[inline(always)]
    fn arrive(&self, l: B, k: usize) -> (usize, bool) {
        let kind = self.hot(k);
        if l & kind.zone == B::ZERO {
            return (k, false);
        }
        match self.f.mid {
            MidPromotion::AtEnd => (k, false),
            MidPromotion::PromoteAndContinue => (kind.promotes_to, false),
            MidPromotion::EndsMove => (k, true),
        }
    }

    /// The kind after the move ends on `l` with a piece of kind `k`.
    #[inline(always)]
    fn final_kind(&self, l: B, k: usize) -> usize {
        let kind = self.hot(k);
        if l & kind.zone == B::ZERO {
            k
        } else {
            kind.promotes_to
        }
    }

    /// The kind after a capture ends on `l`; `could_go_on`: it stopped though it could
    /// have gone on, and then it promotes only if the rules say a stopped capture does.
    #[inline(always)]
    fn stop_kind(&self, l: B, k: usize, could_go_on: bool) -> usize {
        if could_go_on && !self.f.stop_promotes {
            k
        } else {
            self.final_kind(l, k)
        }
    }

    /// Every continuation from `at` of a piece of kind `k` whose last capture went in
    /// direction `last`, not searching direction `skip`; returns whether there is one.
    fn dfs(&mut self, at: B, k: usize, last: usize, skip: usize) -> bool {
        if self.n > 0 && self.spent() {
            return false;
        }
        let f = self.f;
        let mut excluded = f.barred[last & 15];
        if skip != NONE {
            excluded |= 1 << skip;
        }
        let kinds = self.kinds;
        if SHAPE <= PLAIN {
            // One rule a kind, used at every capture: a jump or a flying capture over any gap.
            let st = self.hot(k).stages[(self.n > 0) as usize];
            let dirs = st.dirs & !excluded;
            return if st.flies { self.flies(at, dirs, k, st.prey, st.land_next, (0, u8::MAX)) } else { self.jumps(at, dirs, k, st.prey) };
        }
        let mut any = false;
        for rule in &kinds[k].caps {
            match rule.when {
                When::Always => {}
                When::First if self.n > 0 => continue,
                When::Continuing if self.n == 0 => continue,
                _ => {}
            }
            let dirs = rule.dirs & !excluded;
            if dirs == 0 {
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
    fn by_rule(&mut self, at: B, k: usize, rule: &CapRule, dirs: u8) -> bool {
        match rule.shape {
            Shape::Jump => self.jumps(at, dirs, k, rule.prey),
            Shape::LongJump(stride) => self.long_jumps(at, dirs, k, rule.prey, stride),
            Shape::Fly { next, gap } => self.flies(at, dirs, k, rule.prey, next, gap),
            Shape::Leap { .. } => self.leaps(at, dirs, k, rule),
        }
    }

    /// Jumps over an adjacent piece of `prey` in the directions `dirs`, landing just
    /// beyond.
    #[inline(always)]
    fn jumps(&mut self, at: B, mut dirs: u8, k: usize, prey: u8) -> bool {
        let f = self.f;
        let i = at.lowest() as usize & (STRIDE - 1);
        // Plain rules: the neighbours in the kind's one rule's directions.
        let around = if SHAPE <= PLAIN { self.jump_around[((k & 3) * 2 + (self.n > 0) as usize) * STRIDE + i] } else { f.around[i] };
        let mut near = around & self.victims(prey);
        if near == B::ZERO {
            return false;
        }
        let mut any = false;
        loop {
            // Listing, the directions in order (the general engine's order); counting, only
            // the enemy pieces next to the piece, one direction each.
            let d = if TRACE {
                if dirs == 0 {
                    break;
                }
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
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
                let d = f.dir_to[(i * STRIDE + v.lowest() as usize) & (STRIDE * STRIDE - 1)] as usize & 7;
                if dirs >> d & 1 == 0 {
                    continue;
                }
                d
            };
            let v = f.next[idx(d, i)];
            let l = f.next2[idx(d, i)] & !self.occ;
            if l == B::ZERO || !self.stands(l, k) {
                continue;
            }
            any = true;
            self.take(v);
            self.land_one(l, k, d);
            self.untake(v);
        }
        any
    }

    /// The piece taken and the landing of a jump over a piece `stride` cells away in
    /// direction `d`, every cell between empty.
    fn long_jump(&self, at: B, d: usize, prey: u8, stride: u8) -> Option<(B, B)> {
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

    fn long_jumps(&mut self, at: B, mut dirs: u8, k: usize, prey: u8, stride: u8) -> bool {
        let mut any = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let Some((v, l)) = self.long_jump(at, d, prey, stride) else { continue };
            if !self.stands(l, k) {
                continue;
            }
            any = true;
            self.take(v);
            self.land_one(l, k, d);
            self.untake(v);
        }
        any
    }

    /// The piece a flying capture from `at` in direction `d` would take (the first along
    /// the line, across a gap of `gap.0` to `gap.1` empty cells, of `prey`) and the empty
    /// cells beyond it (only the first with `next`), if a piece of kind `k` may land on one.
    #[inline(always)]
    fn flight(&self, at: B, d: usize, k: usize, prey: u8, next: bool, gap: (u8, u8)) -> Option<(B, B)> {
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
        if next {
            land &= f.next(v, d);
        }
        (land & self.hot(k).cells != B::ZERO).then_some((v, land))
    }

    fn flies(&mut self, at: B, mut dirs: u8, k: usize, prey: u8, next: bool, gap: (u8, u8)) -> bool {
        let mut any = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let Some((v, land)) = self.flight(at, d, k, prey, next, gap) else { continue };
            any = true;
            self.take(v);
            if next {
                self.land_one(land, k, d);
            } else {
                let halt = self.halts();
                self.land_many(land, k, d, halt);
            }
            self.untake(v);
        }
        any
    }

    /// The line a leap from `at` in direction `d` would take (its first piece, the cell
    /// beyond its last, how many) and its landings, if it takes at least `min`.
    fn leap_line(&self, at: B, d: usize, k: usize, rule: &CapRule) -> Option<(B, B, u32, B)> {
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

    fn leaps(&mut self, at: B, mut dirs: u8, k: usize, rule: &CapRule) -> bool {
        let Shape::Leap { next, ends, .. } = rule.shape else { return false };
        let f = self.f;
        let mut any = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
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
                let mut rest = land & self.hot(k).cells;
                while rest != B::ZERO {
                    let l = f.nearest(rest, d);
                    rest ^= l;
                    self.push_trail(l);
                    let fin = self.final_kind(l, k);
                    self.record(l, fin);
                    self.pop_trail();
                }
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

    /// Lands on the single cell `l` after a capture in direction `d`.
    fn land_one(&mut self, l: B, k: usize, d: usize) {
        self.push_trail(l);
        let (k2, ends) = self.arrive(l, k);
        let cont = !ends && self.dfs(l, k2, d, NONE);
        if !cont || SHAPE == GENERAL && self.f.may_stop && self.hot(k2).may_stop {
            let fin = self.stop_kind(l, k2, cont);
            self.record(l, fin);
        }
        self.pop_trail();
    }

    /// Lands on any of `land` (the empty cells of one line beyond a piece taken in
    /// direction `d`), from the nearest on. With `halt`, only the first of them may end
    /// the move. Counting turns, going on straight is searched from the first landing
    /// only: it is the same from every one.
    fn land_many(&mut self, land: B, k: usize, d: usize, halt: bool) {
        let f = self.f;
        let first = f.nearest(land, d);
        let straight = self.paths && self.stands(first, k) && {
            let (k1, _) = self.arrive(first, k);
            self.captures_in(first, k1, d)
        };
        let mut any_cont = straight;
        let mut ended = B::ZERO;
        let mut stopped = B::ZERO;
        let mut rest = land;
        while rest != B::ZERO {
            let l = f.nearest(rest, d);
            rest ^= l;
            if !self.stands(l, k) {
                continue;
            }
            self.push_trail(l);
            let (k2, ends) = self.arrive(l, k);
            let skip = if straight && l != first { d } else { NONE };
            let cont = !ends && self.dfs(l, k2, d, skip);
            any_cont |= cont;
            // A kind that may stop ends the capture on any landing (the halt rule allowing).
            let stop = self.hot(k2).may_stop && (l == first || !halt);
            if stop || !cont && (l == first || !(halt || straight)) {
                ended |= l;
                if cont {
                    stopped |= l;
                }
            }
            self.pop_trail();
            if self.over {
                return;
            }
        }
        // A kind that may stop is not held to landings that continue.
        if ended == B::ZERO || (f.must_continue && any_cont && !self.hot(k).may_stop) {
            return;
        }
        while ended != B::ZERO {
            let l = f.nearest(ended, d);
            ended ^= l;
            self.push_trail(l);
            let (k2, _) = self.arrive(l, k);
            let fin = self.stop_kind(l, k2, stopped & l != B::ZERO);
            self.record(l, fin);
            self.pop_trail();
        }
    }

    /// Whether kind `k` on `at`, already capturing, could capture in direction `d`.
    fn captures_in(&self, at: B, k: usize, d: usize) -> bool {
        let f = self.f;
        let kinds = self.kinds;
        for rule in &kinds[k].caps {
            if rule.dirs >> d & 1 == 0 || rule.when == When::First {
                continue;
            }
            let can = match rule.shape {
                Shape::Jump => {
                    let v = f.next(at, d);
                    let l = if v == B::ZERO { B::ZERO } else { f.next(v, d) };
                    v & self.victims(rule.prey) != B::ZERO && l != B::ZERO && l & self.occ == B::ZERO && self.stands(l, k)
                }
                Shape::LongJump(stride) => self.long_jump(at, d, rule.prey, stride).is_some_and(|(_, l)| self.stands(l, k)),
                Shape::Fly { next, gap } => self.flight(at, d, k, rule.prey, next, gap).is_some(),
                // A leap that ends the move along the same line is searched from every
                // landing.
                Shape::Leap { ends: true, .. } => false,
                Shape::Leap { .. } => self.leap_line(at, d, k, rule).is_some(),
            };
            if can {
                return true;
            }
        }
        false
    }

    /// A complete capture ending on `to`, the piece of kind `kind_after` then.
    fn record(&mut self, to: B, kind_after: usize) {
        if self.ranking {
            match self.best {
                Some(best) if self.key < best => return,
                Some(best) if self.key == best => {}
                _ => {
                    self.best = Some(self.key);
                    self.list.clear();
                    self.counted = 0;
                }
            }
        }
        let compare = if self.distinct { self.n >= self.f.dedup_from } else { self.f.route_dedup };
        if self.count_only && !compare {
            self.counted += 1;
            return;
        }
        let m = FastMove { from: self.from, to, taken: self.taken, kinds: (self.start_kind | kind_after << 4) as u8, trace: 0 };
        if compare && self.stored(&m) {
            return;
        }
        self.push(m);
    }

    /// Whether `m` is stored already: the same result, or (routes told apart) the same
    /// landings.
    fn stored(&mut self, m: &FastMove<B>) -> bool {
        let list = &*self.list;
        // Comparing is work too: it counts against the budget, 64 comparisons a step.
        self.steps += list.moves.len() as u64 / 64;
        if self.distinct {
            return list.moves.iter().any(|o| o.from == m.from && o.to == m.to && o.taken == m.taken && o.kinds >> 4 == m.kinds >> 4);
        }
        list.moves.iter().zip(&list.traces).any(|(o, t)| {
            o.from == m.from
                && o.to == m.to
                && o.taken == m.taken
                && o.kinds == m.kinds
                && list.path[t.path as usize..t.path as usize + t.npath as usize] == *list.trail.as_slice()
        })
    }

    fn push(&mut self, mut m: FastMove<B>) {
        let list = &mut *self.list;
        if TRACE {
            m.trace = list.traces.len() as u32;
            list.traces.push(Trace {
                caps: list.caps.len() as u32,
                ncap: list.stack.len() as u16,
                path: list.path.len() as u32,
                npath: list.trail.len() as u16,
            });
            list.caps.extend_from_slice(&list.stack);
            list.path.extend_from_slice(&list.trail);
        }
        list.moves.push(m);
    }
}
