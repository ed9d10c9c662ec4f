//! The fast path: perft on a position of three 64-bit sets, for the variants whose
//! compiled rules have the common shape of draughts (see [`FastRules::new`]).
//!
//! A position is the pieces of the side to move, the other side's, and the kings, on
//! the board's bit [`Layout`] (ghost squares included), and the side to move: 32 bytes,
//! copied rather than made and unmade, with no hash. Quiet moves of men are shifts of
//! whole sets; a flying king's line is a table per cell and direction, its first piece
//! found by a bit scan; captures are searched on the sets. The general engine stays the
//! reference: `tests` plays random games of every shipped variant the fast path takes
//! and compares every move list.

mod captures;
mod quiet;
#[cfg(test)]
mod tests;

use super::moves::Routes;
use super::position::Position;
use crate::compile::Rules;
use crate::geometry::Layout;
use crate::spec::{CaptureKind, Criterion, Land, Landing, MidPromotion, MoveKind, Removal, Side, When};

/// `Ok` if `cond` holds, else the reason the fast path does not take the rules.
fn need(cond: bool, why: &'static str) -> Result<(), &'static str> {
    if cond {
        Ok(())
    } else {
        Err(why)
    }
}

/// A position for the fast path, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board64 {
    /// The pieces of the side to move.
    pub own: u64,
    /// The other side's pieces.
    pub opp: u64,
    /// The kings, both sides.
    pub kings: u64,
    /// The side to move (0 White, 1 Black).
    pub side: usize,
    /// With a limit on kings' quiet moves, per side: the king that has made quiet moves
    /// in a row (its bit; 0 for none) and how many.
    pub track: [(u64, u8); 2],
}

/// A move of the fast path: origin and destination bits (equal for a capture that comes
/// back to its start), the pieces it takes, and whether the piece is a king after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FastMove {
    pub from: u64,
    pub to: u64,
    pub taken: u64,
    pub king: bool,
}

impl Board64 {
    /// The position after `m`, a move of this position; `limit`: the rules limit kings'
    /// quiet moves (then the moving side's king is tracked).
    #[inline(always)]
    pub fn after(&self, m: &FastMove, limit: bool) -> Board64 {
        let own = self.own ^ m.from ^ m.to;
        let opp = self.opp & !m.taken;
        let mut kings = self.kings & !m.taken & !m.from;
        if m.king {
            kings |= m.to;
        }
        let mut track = self.track;
        if limit {
            let us = self.side;
            // A king's quiet move goes on its count (or starts one); anything else ends it.
            track[us] = if m.taken != 0 || self.kings & m.from == 0 {
                (0, 0)
            } else if track[us].1 > 0 && track[us].0 == m.from {
                (m.to, track[us].1.saturating_add(1))
            } else {
                (m.to, 1)
            };
            if m.taken & track[1 - us].0 != 0 {
                track[1 - us] = (0, 0);
            }
        }
        Board64 { own: opp, opp: own, kings, side: self.side ^ 1, track }
    }
}

/// What the fast path needs of a variant's rules, built once when the rules are compiled.
#[derive(Clone, Debug)]
pub(crate) struct FastRules {
    /// Per direction: the rotation that steps a set (a shift that never wraps for the
    /// cells that have a neighbour there), those cells, and those with two.
    rot: [u32; 8],
    rot2: [u32; 8],
    from: [u64; 8],
    from2: [u64; 8],
    /// `next[d * 64 + bit]`: the neighbour of `bit` in direction `d` (0: none); `next2`:
    /// the cell beyond it.
    next: Box<[u64; 512]>,
    next2: Box<[u64; 512]>,
    /// `around[(side * 2 + king) * 64 + bit]`: the neighbours of `bit` in the directions
    /// a man (king 0) or king (1) of `side` jumps in; `lines[bit]`: every cell on a line
    /// from it.
    around: Box<[u64; 256]>,
    lines: Box<[u64; 64]>,
    /// `dir_to[bit * 64 + other]`: the direction from `bit` to its neighbour `other`
    /// (0xFF: not a neighbour).
    dir_to: Box<[u8; 4096]>,
    /// Every cell.
    cells: u64,
    /// `rays[d * 64 + bit]`: the cells beyond `bit` in direction `d`, to the edge.
    rays: Box<[u64; 512]>,
    /// Per direction, whether a step raises the bit index (the nearest cell of a ray is
    /// its lowest bit).
    up: u8,
    /// Per side, the directions of the men's steps and jumps, of the kings' moves and
    /// captures, and the men's promotion cells.
    man_moves: [u8; 2],
    man_jumps: [u8; 2],
    /// The opposites of the men's jump directions.
    man_backs: [u8; 2],
    king_moves: [u8; 2],
    king_caps: [u8; 2],
    promotion: [u64; 2],
    /// Kings slide (else step one cell).
    king_slides: bool,
    /// Kings capture flying (else by a short jump).
    king_flies: bool,
    /// A flying capture lands on the cell just beyond the piece only.
    land_next: bool,
    /// Captured pieces stay on the board, blocking, until the move ends.
    removal_end: bool,
    mid: MidPromotion,
    /// A flying capture must land where it can go on, if it can somewhere.
    must_continue: bool,
    /// Whether a precedence ranks the captures (else any complete capture is legal).
    ranked: bool,
    /// The rank of a capture by the precedence criteria is one number, 16 bits a
    /// criterion, the first highest, kept as pieces are taken: `deltas[0]` is what taking
    /// a man adds to it, `deltas[1]` a king; `king_key` is its start for a capture by a
    /// king (the king-captures criterion).
    deltas: [u64; 2],
    king_key: u64,
    /// The most quiet moves in a row by one king while its side has men.
    limit: Option<u8>,
    /// Per direction of the last capture (15: none), the directions barred after it.
    barred: [u8; 16],
    /// Kind indexes of the man and the king.
    man: u8,
    king: u8,
    /// The opposite of each direction.
    opposite: [u8; 8],
    /// Per cell, its bit.
    bit: Box<[u8; 256]>,
    /// The fewest pieces two different captures with the same origin, destination and
    /// taken pieces can take: 3 on a board of two lines through each cell (a capture of
    /// two pieces is fixed by its ends there), 2 otherwise.
    dedup_from: u32,
    /// Capture-search steps one position may take (the rules' capture budget).
    pub(crate) budget: u64,
}

impl FastRules {
    /// The fast path's tables, when the rules fit it, or why they do not: a board of at
    /// most 64 bits in its layout; two kinds, a man that steps and captures by a short
    /// jump over any piece and promotes to a king that steps or slides and captures by a
    /// short jump or flying over any piece (at most a limit on the king's quiet moves);
    /// compulsory, complete captures (no stopping, no halt rule, no leaps, no cells to
    /// avoid or to stay on, no passes, no columns); precedence by pieces, value, kings or
    /// the capturing piece, not by the order kings are met.
    pub fn new(rules: &Rules) -> Result<FastRules, &'static str> {
        let l = rules.layout.as_ref().filter(|l| l.width <= 64).ok_or("the board takes more than 64 bits")?;
        need(rules.plain_moves, "passes or columns")?;
        need(!rules.has_avoid && !rules.has_kind_cells, "cells to avoid or to stand on")?;
        need(rules.optional_captures == 0, "optional captures")?;
        let cap = &rules.capture;
        need(cap.halt.is_none(), "a halt rule")?;
        need(!cap.precedence().contains(&Criterion::EarliestKing), "precedence by the order kings are taken")?;
        need(cap.precedence().len() <= 4, "more than four precedence criteria")?;
        need(cap.precedence().is_empty() || cap.precedence_kinds & rules.every_kind == rules.every_kind, "precedence for some kinds only")?;
        let (man, king) = Self::kinds(rules)?;
        let mut f = FastRules {
            rot: [0; 8],
            rot2: [0; 8],
            from: [0; 8],
            from2: [0; 8],
            next: Box::new([0; 512]),
            next2: Box::new([0; 512]),
            around: Box::new([0; 256]),
            lines: Box::new([0; 64]),
            dir_to: Box::new([0xFF; 4096]),
            cells: l.cells as u64,
            rays: Box::new([0; 512]),
            up: 0,
            man_moves: [0; 2],
            man_jumps: [0; 2],
            man_backs: [0; 2],
            king_moves: [0; 2],
            king_caps: [0; 2],
            promotion: [0; 2],
            king_slides: false,
            king_flies: false,
            land_next: false,
            removal_end: cap.removal == Removal::End,
            mid: cap.mid_promotion,
            must_continue: cap.landing == Landing::MustContinue,
            ranked: !cap.precedence().is_empty(),
            deltas: [0; 2],
            king_key: 0,
            limit: rules.tables[0][king as usize].max_quiet_moves,
            barred: rules.barred_after,
            man,
            king,
            opposite: rules.opposite,
            bit: Box::new(std::array::from_fn(|c| l.bit.get(c).copied().unwrap_or(0))),
            dedup_from: if rules.dirs <= 4 { 3 } else { 2 },
            budget: rules.capture_budget,
        };
        f.rank(rules, man, king)?;
        f.directions(rules, l);
        for side in 0..2 {
            f.side(rules, l, side)?;
            for (king, dirs) in [(0, f.man_jumps[side]), (1, f.king_caps[side])] {
                for bit in 0..64 {
                    f.around[(side * 2 + king) * 64 + bit] =
                        (0..8).filter(|&d| dirs >> d & 1 == 1).fold(0, |s, d| s | f.next[d * 64 + bit]);
                }
            }
        }
        Ok(f)
    }

    /// The precedence key's parts: 16 bits a criterion, the first highest.
    fn rank(&mut self, rules: &Rules, man: u8, king: u8) -> Result<(), &'static str> {
        let values = [rules.tables[0][man as usize].value, rules.tables[0][king as usize].value];
        // 64 pieces of the greatest value must fit in a criterion's 16 bits.
        need(values.iter().all(|&v| v < 1024), "piece values of 1024 or more")?;
        for (i, c) in rules.capture.precedence().iter().enumerate() {
            let shift = 48 - 16 * i as u32;
            match c {
                Criterion::MostPieces => self.deltas = self.deltas.map(|d| d + (1 << shift)),
                Criterion::MostValue => {
                    self.deltas[0] += u64::from(values[0]) << shift;
                    self.deltas[1] += u64::from(values[1]) << shift;
                }
                Criterion::MostKings => self.deltas[1] += 1 << shift,
                Criterion::KingCaptures => self.king_key += 1 << shift,
                Criterion::EarliestKing => return Err("precedence by the order kings are taken"),
            }
        }
        Ok(())
    }

    /// The man's and the king's kind indexes: two kinds, the first promoting to the
    /// second everywhere the rules say, neither with more than one move and one capture rule.
    fn kinds(rules: &Rules) -> Result<(u8, u8), &'static str> {
        let t = &rules.tables[0];
        need(t.len() == 2, "not two kinds of piece")?;
        let man = t.iter().position(|k| !k.is_king).ok_or("no kind that promotes")? as u8;
        let king = 1 - man;
        need(
            t[king as usize].is_king && t[man as usize].promotion.as_ref().is_some_and(|(to, _)| *to == king),
            "no man promoting to a king",
        )?;
        for side in &rules.tables {
            for k in side {
                need(k.moves.len() == 1 && k.captures.len() == 1, "a kind with several move or capture rules")?;
                need(!k.may_stop, "captures that may stop")?;
                let (m, c) = (&k.moves[0], &k.captures[0]);
                need(k.can_capture == rules.every_kind && c.kinds == rules.every_kind, "a kind that cannot take every kind")?;
                need(m.condition.is_none() && c.when == When::Always, "a condition on moves or captures")?;
            }
            need(side[king as usize].promotion.is_none(), "a king that promotes")?;
            need(side[man as usize].max_quiet_moves.is_none(), "a limit on men's quiet moves")?;
        }
        Ok((man, king))
    }

    /// The shifts, masks and rays of every direction.
    fn directions(&mut self, rules: &Rules, l: &Layout) {
        for d in 0..rules.dirs {
            self.rot[d] = (l.shl[d] + 64 - l.shr[d]) % 64;
            self.rot2[d] = 2 * self.rot[d] % 64;
            self.from[d] = l.from[d] as u64;
            self.from2[d] = l.from2[d] as u64;
            if l.shl[d] > 0 {
                self.up |= 1 << d;
            }
            for bit in 0..64 {
                let mut ray = 0;
                let mut x = if self.cells >> bit & 1 == 1 { self.step(1 << bit, d) } else { 0 };
                while x != 0 {
                    ray |= x;
                    x = self.step(x, d);
                }
                self.rays[d * 64 + bit] = ray;
                self.next[d * 64 + bit] = if self.cells >> bit & 1 == 1 { self.step(1 << bit, d) } else { 0 };
                self.next2[d * 64 + bit] = self.step(self.next[d * 64 + bit], d);
                if self.next[d * 64 + bit] != 0 {
                    self.dir_to[bit * 64 + self.next[d * 64 + bit].trailing_zeros() as usize] = d as u8;
                }
                self.lines[bit] |= ray;
            }
        }
    }

    /// The move and capture directions and promotion cells of one side; `None` when a
    /// rule is not of the fast path's shapes.
    fn side(&mut self, rules: &Rules, l: &Layout, side: usize) -> Result<(), &'static str> {
        let t = &rules.tables[side];
        let (man, king) = (&t[self.man as usize], &t[self.king as usize]);
        need(man.moves[0].kind == MoveKind::Step, "men that do not step")?;
        need(man.captures[0].kind == CaptureKind::Jump && man.captures[0].stride == 1, "men that do not capture by a short jump")?;
        self.man_moves[side] = man.moves[0].dirs;
        self.man_jumps[side] = man.captures[0].dirs;
        self.man_backs[side] = (0..8).filter(|&d| self.man_jumps[side] >> d & 1 == 1).fold(0, |m, d| m | 1 << self.opposite[d]);
        let (km, kc) = (&king.moves[0], &king.captures[0]);
        let slides = match km.kind {
            MoveKind::Step => false,
            MoveKind::Slide => true,
            MoveKind::Run => return Err("kings that run"),
        };
        let flies = match kc.kind {
            CaptureKind::Jump if kc.stride == 1 => false,
            CaptureKind::Fly if kc.gap == (0, u8::MAX) => true,
            _ => return Err("kings that capture neither by a short jump nor flying"),
        };
        let same = slides == self.king_slides && flies == self.king_flies && (!flies || (kc.land == Land::Next) == self.land_next);
        need(side == 0 || same, "kings that move differently for each side")?;
        self.king_slides = slides;
        self.king_flies = flies;
        self.land_next = flies && kc.land == Land::Next;
        self.king_moves[side] = km.dirs;
        self.king_caps[side] = kc.dirs;
        let (_, zone) = man.promotion.as_ref().ok_or("no man promoting to a king")?;
        self.promotion[side] = zone.iter().fold(0u64, |s, c| s | 1 << l.bit[c as usize]);
        Ok(())
    }

    /// Every cell of `set` stepped to its neighbour in direction `d`, where it has one.
    #[inline(always)]
    fn step(&self, set: u64, d: usize) -> u64 {
        (set & self.from[d]).rotate_left(self.rot[d])
    }

    /// Every cell of `set` stepped two cells on in direction `d`, where there are two.
    #[inline(always)]
    fn step2(&self, set: u64, d: usize) -> u64 {
        (set & self.from2[d]).rotate_left(self.rot2[d])
    }

    /// The cells beyond the cell `one` (a single bit) in direction `d`.
    #[inline(always)]
    fn ray(&self, one: u64, d: usize) -> u64 {
        self.rays[(d * 64 + one.trailing_zeros() as usize) & 511]
    }

    /// The nearest cell of `set` (cells of one ray) in direction `d`.
    #[inline(always)]
    fn nearest(&self, set: u64, d: usize) -> u64 {
        if self.up >> d & 1 == 1 {
            set & set.wrapping_neg()
        } else {
            1u64 << (63 - set.leading_zeros())
        }
    }

    /// The position as the fast path sees it.
    pub fn board(&self, pos: &Position) -> Board64 {
        let side = pos.side as usize;
        let track = pos.quiet.map(|(cell, n)| if n == 0 { (0, 0) } else { (1u64 << self.bit[cell as usize & 255], n) });
        Board64 { own: pos.bits[side] as u64, opp: pos.bits[1 - side] as u64, kings: pos.kinds[self.king as usize] as u64, side, track }
    }

    /// Leaves of the move tree `depth` plies deep (at least 1), or the first position
    /// whose capture search passed the budget.
    pub fn perft(&self, b: &Board64, depth: u32, routes: Routes) -> Result<u64, Board64> {
        let mut lists: Vec<Vec<FastMove>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
        let mut failed = None;
        match self.perft_rec(b, depth, routes, &mut lists, &mut failed) {
            Some(n) => Ok(n),
            None => Err(failed.unwrap_or(*b)),
        }
    }

    /// [`FastRules::perft`]; `None` when a capture search passed the budget, its position
    /// then in `failed` (kept out of the return value, which stays two registers wide).
    fn perft_rec(&self, b: &Board64, depth: u32, routes: Routes, lists: &mut [Vec<FastMove>], failed: &mut Option<Board64>) -> Option<u64> {
        let (list, rest) = lists.split_first_mut().expect("a list per ply");
        if depth == 1 {
            let n = self.count(b, routes, list);
            if n.is_none() {
                *failed = Some(*b);
            }
            return n;
        }
        if self.generate(b, routes, list).is_none() {
            *failed = Some(*b);
            return None;
        }
        let mut n = 0;
        let limit = self.limit.is_some();
        for m in list.iter() {
            n += self.perft_rec(&b.after(m, limit), depth - 1, routes, rest, failed)?;
        }
        Some(n)
    }

    /// The position `b` stands for, under `rules` (those the tables were built from).
    pub fn position(&self, rules: &Rules, b: &Board64) -> Position {
        let side = if b.side == 0 { Side::White } else { Side::Black };
        let mut pos = Position::empty(rules, side);
        let Some(l) = &rules.layout else { return pos };
        for (s, set) in [(side, b.own), (side.other(), b.opp)] {
            let mut rest = set;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let kind = if b.kings >> bit & 1 == 1 { self.king } else { self.man };
                pos.put(rules, l.cell[bit], s, kind);
            }
        }
        pos
    }

    /// The legal moves of `b` in `list` (cleared first): its captures, or else its quiet
    /// moves.
    /// `None` if the capture search passed the budget.
    pub fn generate(&self, b: &Board64, routes: Routes, list: &mut Vec<FastMove>) -> Option<()> {
        list.clear();
        self.captures(b, routes, list, false)?;
        if list.is_empty() {
            self.quiet(b, list);
        }
        Some(())
    }

    /// How many legal moves `b` has; `list` is scratch.
    /// `None` if the capture search passed the budget.
    fn count(&self, b: &Board64, routes: Routes, list: &mut Vec<FastMove>) -> Option<u64> {
        list.clear();
        let n = self.captures(b, routes, list, true)?;
        if n > 0 {
            return Some(n as u64);
        }
        Some(self.count_quiet(b))
    }
}
