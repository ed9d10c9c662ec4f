//! A position seen as bit sets of its board's [`Layout`]: which pieces may capture, and
//! how many quiet moves there are, found for a whole side at once by shifts.

use super::moves::MoveRef;
use super::position::Position;
use crate::compile::{KindTable, Rules, kind_of};
use crate::geometry::Layout;
use crate::geometry::bits::Bits;
use crate::spec::MoveKind;

/// The pieces of a position as bit sets, from the side of the player to move.
pub(crate) struct Sets<'a, B> {
    layout: &'a Layout,
    /// The side to move.
    us: usize,
    own: B,
    enemy: B,
    empty: B,
    /// The pieces of each kind, both sides.
    kinds: [B; 8],
}

impl<'a, B: Bits> Sets<'a, B> {
    /// The position as it is.
    #[inline]
    pub fn of(pos: &Position, layout: &'a Layout) -> Sets<'a, B> {
        let us = pos.side.index();
        Sets::new(layout, us, B::from_wide(pos.bits[us]), B::from_wide(pos.bits[1 - us]), pos.kinds.map(B::from_wide))
    }

    /// The position after `m` (a move generated in `pos`), without playing it.
    #[inline]
    pub fn after(pos: &Position, rules: &Rules, layout: &'a Layout, m: MoveRef) -> Sets<'a, B> {
        let s = m.stored();
        let mover = pos.side.index();
        let bit = |cell: u16| B::from_wide(rules.cell_bit(cell));
        let (f, t) = (bit(s.from), bit(s.to));
        let mut kinds = pos.kinds.map(B::from_wide);
        kinds[s.kind_before as usize & 7] ^= f;
        kinds[s.kind_after as usize & 7] ^= t;
        let mut taken = B::ZERO;
        for &(cell, pc) in m.captured_pieces() {
            taken ^= bit(cell);
            kinds[kind_of(pc) as usize] ^= bit(cell);
        }
        let mover_bits = B::from_wide(pos.bits[mover]) ^ f ^ t;
        let other_bits = B::from_wide(pos.bits[1 - mover]) ^ taken;
        Sets::new(layout, 1 - mover, other_bits, mover_bits, kinds)
    }

    #[inline]
    fn new(layout: &'a Layout, us: usize, own: B, enemy: B, kinds: [B; 8]) -> Sets<'a, B> {
        let empty = B::from_wide(layout.cells) & !(own | enemy);
        Sets { layout, us, own, enemy, empty, kinds }
    }

    /// Every cell of `set` stepped to its neighbour in direction `d`, where it has one.
    #[inline(always)]
    fn step(&self, set: B, d: usize) -> B {
        let l = self.layout;
        (set & B::from_wide(l.from[d])).shift(l.shl[d], l.shr[d])
    }

    /// The pieces of the side to move that have a first jump; and apart, every piece of
    /// a kind that can also capture flying or by a leap.
    #[inline]
    pub fn jump_origins(&self, rules: &Rules) -> (B, B) {
        let mut origins = B::ZERO;
        let mut others = B::ZERO;
        for (k, t) in rules.tables[self.us].iter().enumerate() {
            let pieces = self.own & self.kinds[k];
            if pieces == B::ZERO {
                continue;
            }
            if !t.first_flies.is_empty() || t.first_leaps {
                others |= pieces;
                continue;
            }
            origins |= self.jumpers(rules, t, pieces);
        }
        (origins, others)
    }

    /// The enemy pieces a kind can capture.
    #[inline]
    fn victims(&self, rules: &Rules, t: &KindTable) -> B {
        if t.can_capture == rules.every_kind {
            return self.enemy;
        }
        let mut victims = B::ZERO;
        let mut can = t.can_capture;
        while can != 0 {
            victims |= self.kinds[can.trailing_zeros() as usize];
            can &= can - 1;
        }
        victims & self.enemy
    }

    /// Those of `pieces` (of the kind of `t`) that have a first jump.
    #[inline]
    fn jumpers(&self, rules: &Rules, t: &KindTable, pieces: B) -> B {
        let l = self.layout;
        let victims = self.victims(rules, t);
        let mut origins = B::ZERO;
        for d in t.first_jumps.iter() {
            // The pieces with a victim next to them in direction d and an empty cell
            // beyond: both sets stepped back from where they are, independently.
            let b = rules.opposite[d] as usize;
            let (l1, r1) = (l.shl[b], l.shr[b]);
            let next_is_victim = (victims & B::from_wide(l.from[b])).shift(l1, r1);
            let beyond_is_empty = (self.empty & B::from_wide(l.from2[b])).shift(2 * l1, 2 * r1);
            origins |= pieces & next_is_victim & beyond_is_empty;
        }
        origins
    }

    /// Whether the side to move may have a capture (never false when it has one), given
    /// its [`Sets::jump_origins`]: jumps and flying captures are tested on bit sets, a
    /// flying capture as a victim at the end of an open line with an empty cell behind
    /// it; a piece that can leap may.
    pub fn may_have_capture(&self, rules: &Rules, (jumps, others): (B, B)) -> bool {
        if jumps != B::ZERO {
            return true;
        }
        if others == B::ZERO {
            return false;
        }
        for (k, t) in rules.tables[self.us].iter().enumerate() {
            let pieces = others & self.kinds[k];
            if pieces == B::ZERO {
                continue;
            }
            if t.first_leaps || self.jumpers(rules, t, pieces) != B::ZERO {
                return true;
            }
            let victims = self.victims(rules, t);
            for d in t.first_flies.iter() {
                let mut line = self.step(pieces, d);
                while line != B::ZERO {
                    if self.step(line & victims, d) & self.empty != B::ZERO {
                        return true;
                    }
                    line = self.step(line & self.empty, d);
                }
            }
        }
        false
    }

    /// Counts quiet moves a kind at a time: a step is one shift per direction, a slide or
    /// a run a shift per cell of the longest line. Each piece's moves stay apart because
    /// two pieces are never at the same distance along the same line from the same cell.
    /// Also returns the kinds present whose quiet moves cannot be counted this way (see
    /// [`KindTable::quiet_count`](crate::compile::KindTable::quiet_count); not counted here).
    pub fn count_quiet(&self, rules: &Rules) -> (usize, u8) {
        let mut n = 0;
        let mut slow = 0u8;
        for (k, t) in rules.tables[self.us].iter().enumerate() {
            let pieces = self.own & self.kinds[k];
            if pieces == B::ZERO {
                continue;
            }
            if !t.quiet_count.on_bits() {
                slow |= 1 << k;
                continue;
            }
            let Some(rule) = t.moves.first() else { continue };
            for d in rule.dirs.iter() {
                match rule.kind {
                    MoveKind::Step => n += (self.step(pieces, d) & self.empty).count(),
                    MoveKind::Slide => {
                        let mut x = self.step(pieces, d) & self.empty;
                        while x != B::ZERO {
                            n += x.count();
                            x = self.step(x, d) & self.empty;
                        }
                    }
                    MoveKind::Run => {
                        let mut x = self.step(pieces, d);
                        while x != B::ZERO {
                            n += (x & self.empty).count();
                            x = self.step(x & self.own, d);
                        }
                    }
                }
            }
        }
        (n as usize, slow)
    }
}
