//! The fast path's quiet moves: men's steps as shifts of the whole set, kings' moves
//! along their lines.

use super::{Board64, FastMove, FastRules};

impl FastRules {
    /// The cells a king on `k` moves to in direction `d`: the next cell if empty, or
    /// sliding, every empty cell up to the first piece.
    #[inline(always)]
    fn king_reach(&self, k: u64, d: usize, occ: u64) -> u64 {
        if !self.king_slides {
            return self.step(k, d) & self.cells & !occ;
        }
        let ray = self.ray(k, d);
        let blockers = ray & occ;
        if blockers == 0 {
            return ray;
        }
        let stop = self.nearest(blockers, d);
        ray & !(stop | self.ray(stop, d))
    }

    /// The kings of the side to move that may make a quiet move: all but one that has
    /// made as many in a row as the rules allow while its side has men.
    #[inline(always)]
    fn free_kings(&self, b: &Board64) -> u64 {
        let kings = b.own & b.kings;
        match self.limit {
            Some(max) if b.own & !b.kings != 0 && b.track[b.side].1 >= max => kings & !b.track[b.side].0,
            _ => kings,
        }
    }

    /// The quiet moves of the side to move, appended to `list`.
    pub(super) fn quiet(&self, b: &Board64, list: &mut Vec<FastMove>) {
        let occ = b.own | b.opp;
        let empty = self.cells & !occ;
        let men = b.own & !b.kings;
        let promotion = self.promotion[b.side];
        let mut dirs = self.man_moves[b.side];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let back = self.opposite[d] as usize;
            let mut to = self.step(men, d) & empty;
            while to != 0 {
                let t = to & to.wrapping_neg();
                to ^= t;
                list.push(FastMove { from: self.step(t, back), to: t, taken: 0, king: t & promotion != 0 });
            }
        }
        let mut kings = self.free_kings(b);
        while kings != 0 {
            let k = kings & kings.wrapping_neg();
            kings ^= k;
            let mut dirs = self.king_moves[b.side];
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let mut to = self.king_reach(k, d, occ);
                while to != 0 {
                    let t = to & to.wrapping_neg();
                    to ^= t;
                    list.push(FastMove { from: k, to: t, taken: 0, king: true });
                }
            }
        }
    }

    /// How many quiet moves the side to move has.
    pub(super) fn count_quiet(&self, b: &Board64) -> u64 {
        let occ = b.own | b.opp;
        let empty = self.cells & !occ;
        let men = b.own & !b.kings;
        let mut n = 0;
        let mut dirs = self.man_moves[b.side];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            n += (self.step(men, d) & empty).count_ones();
        }
        let kings = self.free_kings(b);
        if kings != 0 {
            let mut dirs = self.king_moves[b.side];
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                if !self.king_slides {
                    n += (self.step(kings, d) & empty).count_ones();
                    continue;
                }
                let mut x = self.step(kings, d) & empty;
                while x != 0 {
                    n += x.count_ones();
                    x = self.step(x, d) & empty;
                }
            }
        }
        n as u64
    }
}
