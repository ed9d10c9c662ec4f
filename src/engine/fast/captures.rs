//! The fast path's capture search: depth first on the bit sets, a taken piece marked in
//! a set (it blocks until the move ends, or leaves at once with immediate removal).

use super::{Board64, FastMove, FastRules};
use crate::engine::moves::Routes;
use crate::spec::MidPromotion;

/// No direction (before the first capture).
const NONE: usize = 15;

/// One position's capture search.
struct Search<'a> {
    f: &'a FastRules,
    side: usize,
    /// What a capture cannot pass or land on: every piece but the capturing one (and with
    /// immediate removal, but those taken).
    occ: u64,
    /// The enemy pieces not taken yet.
    enemy: u64,
    /// Every king on the board.
    kings_all: u64,
    taken: u64,
    /// Pieces taken so far.
    n: u32,
    /// The capturing piece's cell.
    from: u64,
    list: &'a mut Vec<FastMove>,
    /// Captures counted, not stored (`count_only`).
    counted: usize,
    count_only: bool,
    /// The capture's rank by the precedence criteria so far, kept as pieces are taken
    /// (see [`FastRules::deltas`]).
    key: u64,
    /// With precedence, the best key of the captures found so far.
    best: u64,
    /// Captures with the same origin, destination and taken pieces are one move.
    distinct: bool,
    /// Routes are told apart by where they turn (a flying king going on straight is one).
    paths: bool,
    /// Steps left before the search passes the rules' capture budget, and whether it
    /// has passed it.
    steps_left: u64,
    over: bool,
}

impl FastRules {
    /// The captures of the side to move: stored in `list` (emptied first by the caller),
    /// or with `count_only` counted. Returns how many there are, or `None` if the search
    /// passed the capture budget.
    pub(super) fn captures(&self, b: &Board64, routes: Routes, list: &mut Vec<FastMove>, count_only: bool) -> Option<usize> {
        let men = b.own & !b.kings & self.men_that_jump(b);
        let kings = b.own & b.kings;
        if men == 0 && kings == 0 {
            return Some(0);
        }
        let mut s = Search {
            f: self,
            side: b.side,
            occ: 0,
            enemy: b.opp,
            kings_all: b.kings,
            taken: 0,
            n: 0,
            from: 0,
            list,
            counted: 0,
            count_only,
            key: 0,
            best: 0,
            distinct: routes == Routes::Distinct,
            paths: routes == Routes::Paths,
            // The first call from each piece is not a step (a search past the budget has
            // found a capture): one more step for each piece that may start one.
            steps_left: self.budget.saturating_add(64),
            over: false,
        };
        let all = b.own | b.opp;
        let mut pieces = men | kings;
        while pieces != 0 {
            let p = pieces & pieces.wrapping_neg();
            pieces ^= p;
            if p & kings != 0 && self.lines[p.trailing_zeros() as usize & 63] & b.opp == 0 {
                continue;
            }
            s.from = p;
            s.occ = all ^ p;
            s.key = if p & kings != 0 { self.king_key } else { 0 };
            if p & kings == 0 {
                s.jumps::<false>(p, NONE);
            } else if self.king_flies {
                s.king_flies(p, NONE, NONE);
            } else {
                s.jumps::<true>(p, NONE);
            }
        }
        if s.over {
            return None;
        }
        Some(if count_only { s.counted + s.list.len() } else { s.list.len() })
    }

    /// The men of the side to move that have a first jump: an enemy piece next to them
    /// and an empty cell beyond, found for all men at once by shifts.
    #[inline]
    fn men_that_jump(&self, b: &Board64) -> u64 {
        let empty = self.cells & !(b.own | b.opp);
        let mut origins = 0;
        // Per direction of a jump, step the empty cells back twice and the enemy once:
        // where both arrive, a man could jump.
        let mut backs = self.man_backs[b.side];
        while backs != 0 {
            let back = backs.trailing_zeros() as usize;
            backs &= backs - 1;
            origins |= self.step2(empty, back) & self.step(b.opp, back);
        }
        origins
    }
}

impl Search<'_> {
    /// Takes one step of the search (one a call from a landing or a piece's first);
    /// whether the budget is spent (then nothing more is searched).
    #[inline(always)]
    fn spent(&mut self) -> bool {
        if self.steps_left == 0 {
            self.over = true;
            return true;
        }
        self.steps_left -= 1;
        false
    }

    /// What taking the piece `v` adds to the key.
    #[inline(always)]
    fn delta(&self, v: u64) -> u64 {
        self.f.deltas[(self.kings_all & v != 0) as usize]
    }

    #[inline(always)]
    fn take(&mut self, v: u64) {
        self.key += self.delta(v);
        self.taken |= v;
        self.enemy &= !v;
        self.n += 1;
        if !self.f.removal_end {
            self.occ &= !v;
        }
    }

    #[inline(always)]
    fn untake(&mut self, v: u64) {
        self.key -= self.delta(v);
        self.taken &= !v;
        self.enemy |= v;
        self.n -= 1;
        if !self.f.removal_end {
            self.occ |= v;
        }
    }

    /// A complete capture ending on `to`, the piece a king after it or not.
    fn record(&mut self, to: u64, king: bool) {
        if self.f.ranked {
            let key = self.key;
            match key.cmp(&self.best) {
                std::cmp::Ordering::Less => return,
                std::cmp::Ordering::Greater => {
                    self.best = key;
                    self.list.clear();
                    self.counted = 0;
                }
                std::cmp::Ordering::Equal => {}
            }
        }
        // Counting, a capture is stored only to be told apart from its duplicates (with
        // distinct moves, from enough pieces taken on).
        if self.count_only && (!self.distinct || self.n < self.f.dedup_from) {
            self.counted += 1;
            return;
        }
        let m = FastMove { from: self.from, to, taken: self.taken, king };
        if self.distinct && self.n >= self.f.dedup_from {
            // Comparing with every stored move is work too: it counts against the budget, 64
            // comparisons a step (about the time of one step of the search).
            self.steps_left = self.steps_left.saturating_sub(self.list.len() as u64 / 64);
            if self.list.contains(&m) {
                return;
            }
        }
        self.list.push(m);
    }

    /// The continuations by short jumps of a man (`KING` false) or a king on `at` whose
    /// last capture went in direction `last`; returns whether there is one.
    fn jumps<const KING: bool>(&mut self, at: u64, last: usize) -> bool {
        if self.spent() {
            return false;
        }
        let f = self.f;
        let dirs = if KING { f.king_caps[self.side] } else { f.man_jumps[self.side] };
        let i = at.trailing_zeros() as usize & 63;
        let dirs = dirs & !f.barred[last];
        let mut any = false;
        // Only the enemy pieces next to the piece can be jumped: one direction each.
        let mut near = f.around[(self.side * 2 + KING as usize) * 64 + i] & self.enemy;
        while near != 0 {
            let v = near & near.wrapping_neg();
            near ^= v;
            let d = f.dir_to[i * 64 + v.trailing_zeros() as usize] as usize & 7;
            if dirs >> d & 1 == 0 {
                continue;
            }
            let l = f.next2[(d * 64 + i) & 511] & !self.occ;
            if l == 0 {
                continue;
            }
            any = true;
            self.take(v);
            if KING {
                if !self.jumps::<true>(l, d) {
                    self.record(l, true);
                }
            } else {
                self.man_lands(l, d);
            }
            self.untake(v);
        }
        any
    }

    /// A man lands on `l` after a jump in direction `d`: it goes on as a man, or on its
    /// promotion cells as the rules say (as a man, as a new king, or not at all).
    fn man_lands(&mut self, l: u64, d: usize) {
        let f = self.f;
        if l & f.promotion[self.side] == 0 || f.mid == MidPromotion::AtEnd {
            if !self.jumps::<false>(l, d) {
                self.record(l, l & f.promotion[self.side] != 0);
            }
        } else if f.mid == MidPromotion::EndsMove || !self.king_goes_on(l, d) {
            self.record(l, true);
        }
    }

    /// A man just crowned on `at` mid-capture goes on as a king; whether it can.
    fn king_goes_on(&mut self, at: u64, last: usize) -> bool {
        if self.f.king_flies {
            self.king_flies(at, last, NONE)
        } else {
            self.jumps::<true>(at, last)
        }
    }

    /// The piece a flying king on `at` would take in direction `d`, and its landings:
    /// the first piece along the line, if it is an enemy not taken yet, and the empty
    /// cells beyond it up to the next piece (only the first of them with `land_next`).
    #[inline(always)]
    fn flight(&self, at: u64, d: usize) -> Option<(u64, u64)> {
        let f = self.f;
        let blockers = f.ray(at, d) & self.occ;
        if blockers == 0 {
            return None;
        }
        let victim = f.nearest(blockers, d);
        if victim & self.enemy == 0 {
            return None;
        }
        let beyond = f.ray(victim, d);
        let mut land = beyond;
        let next = beyond & self.occ;
        if next != 0 {
            let stop = f.nearest(next, d);
            land &= !(stop | f.ray(stop, d));
        }
        if f.land_next {
            land &= f.step(victim, d);
        }
        (land != 0).then_some((victim, land))
    }

    /// The continuations of a flying king on `at` whose last capture went in direction
    /// `last`, not searching direction `skip`.
    fn king_flies(&mut self, at: u64, last: usize, skip: usize) -> bool {
        if self.spent() {
            return false;
        }
        let f = self.f;
        let mut dirs = f.king_caps[self.side] & !f.barred[last];
        if skip != NONE {
            dirs &= !(1 << skip);
        }
        let mut any = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let Some((victim, land)) = self.flight(at, d) else { continue };
            any = true;
            self.take(victim);
            self.land(land, d);
            self.untake(victim);
        }
        any
    }

    /// A flying king lands on one of `land` (cells of one line, after a capture in
    /// direction `d`): it goes on from each where it can, and ends where it cannot (with
    /// `must_continue`, only if it can go on from none). Counting turns, going on
    /// straight is searched from the first landing only: it is the same from every one.
    fn land(&mut self, land: u64, d: usize) {
        let f = self.f;
        let first = f.nearest(land, d);
        let straight = self.paths && self.king_caps_in(first, d);
        let mut any_cont = straight;
        let mut ended = 0;
        let mut rest = land;
        let mut l = first;
        loop {
            let skip = if straight && l != first { d } else { NONE };
            let cont = self.king_flies(l, d, skip);
            any_cont |= cont;
            if !cont && (l == first || !straight) {
                ended |= l;
            }
            rest ^= l;
            if rest == 0 {
                break;
            }
            l = f.nearest(rest, d);
        }
        if ended == 0 || (f.must_continue && any_cont) {
            return;
        }
        while ended != 0 {
            let l = ended & ended.wrapping_neg();
            ended ^= l;
            self.record(l, true);
        }
    }

    /// Whether a flying king on `at`, capturing, could take a piece in direction `d`.
    #[inline]
    fn king_caps_in(&self, at: u64, d: usize) -> bool {
        self.f.king_caps[self.side] >> d & 1 == 1 && self.flight(at, d).is_some()
    }
}
