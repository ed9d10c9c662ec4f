//! The evaluation, from the compiled rules alone: each piece is worth its kind's `value`
//! (a man is 100), a piece that promotes a little more the nearer it stands to its
//! promotion cells (its tempo), and the side with more moves to choose from a little more
//! again (mobility).

use crate::compile::Rules;
use crate::engine::{MoveList, Position};
use crate::spec::Side;

/// What one more row towards promotion is worth.
const ROW: i32 = 4;
/// What one more legal move than the opponent is worth, up to [`MOBILITY_CAP`] moves.
pub(super) const MOBILITY: i32 = 2;
pub(super) const MOBILITY_CAP: usize = 24;

/// Per side, kind and cell, what a piece there is worth.
pub(super) struct Worth {
    /// `table[(side * kinds + kind) * cells + cell]`.
    table: Vec<i32>,
    /// The same by the cell's bit in the rules' layout, where there is one:
    /// `by_bit[(side * kinds + kind) * 128 + bit]`.
    by_bit: Vec<i32>,
    kinds: usize,
    cells: usize,
    /// A piece in hand (`[drops]`): its kind's value, no cell's bonus.
    in_hand: i32,
}

impl Worth {
    /// The worth of every piece on every cell, from the rules.
    pub fn new(rules: &Rules) -> Worth {
        let spec = rules.spec();
        let g = &spec.geometry;
        let (kinds, cells) = (spec.kinds.len(), g.len());
        let mut table = vec![0; 2 * kinds * cells];
        for side in Side::BOTH {
            for (k, kind) in spec.kinds.iter().enumerate() {
                let base = 100 * kind.value as i32;
                for cell in 0..cells as u16 {
                    let bonus = kind.promotion.as_ref().map_or(0, |(_, zones)| {
                        let far = zones[side].iter().map(|p| (g.row(p) - g.row(cell)).abs()).min().unwrap_or(0);
                        (g.rows() - far).max(0) * ROW
                    });
                    table[(side.index() * kinds + k) * cells + cell as usize] = base + bonus;
                }
            }
        }
        Worth::of_table(rules, table)
    }

    /// The worth `table` gives (laid out as [`Worth::table`]; its length checked by the
    /// caller): learned weights (see [`super::tune`]).
    pub fn of_table(rules: &Rules, table: Vec<i32>) -> Worth {
        let spec = rules.spec();
        let (kinds, cells) = (spec.kinds.len(), spec.geometry.len());
        let mut by_bit = Vec::new();
        if let Some(l) = &rules.layout {
            by_bit = vec![0; 2 * kinds * 128];
            for sk in 0..2 * kinds {
                for cell in 0..cells {
                    by_bit[sk * 128 + l.bit[cell] as usize] = table[sk * cells + cell];
                }
            }
        }
        let in_hand = spec.drops.as_ref().map_or(0, |d| 100 * spec.kinds[d.kind as usize].value as i32);
        Worth { table, by_bit, kinds, cells, in_hand }
    }

    /// Every entry, `[(side * kinds + kind) * cells + cell]`.
    pub fn table(&self) -> &[i32] {
        &self.table
    }

    /// The pieces of the side to move less the other side's (those in hand too).
    pub fn material(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let mut score = self.in_hand * (pos.hand(us) as i32 - pos.hand(us.other()) as i32);
        if !self.by_bit.is_empty() {
            // On the layout's bit sets, a kind at a time.
            for side in Side::BOTH {
                let sign = if side == us { 1 } else { -1 };
                for k in 0..self.kinds {
                    let row = &self.by_bit[(side.index() * self.kinds + k) * 128..][..128];
                    let set = pos.bits[side] & pos.kinds[k];
                    // Two words: most layouts fill only the low one.
                    for (word, base) in [(set as u64, 0), ((set >> 64) as u64, 64)] {
                        let mut w = word;
                        while w != 0 {
                            score += sign * row[(w.trailing_zeros() as usize + base) & 127];
                            w &= w - 1;
                        }
                    }
                }
            }
            return score;
        }
        for side in Side::BOTH {
            let sign = if side == us { 1 } else { -1 };
            for cell in pos.pieces(side).iter() {
                if let Some((_, kind)) = pos.piece(cell) {
                    score += sign * self.table[(side.index() * self.kinds + kind as usize) * self.cells + cell as usize];
                }
            }
        }
        score
    }

    /// [`Worth::material`] and mobility: `ours` is the side to move's count of legal
    /// moves; the other side's is counted on `scratch` with the turn passed to it.
    pub fn evaluate(&self, rules: &Rules, pos: &mut Position, ours: usize, scratch: &mut MoveList) -> i32 {
        let theirs = pos.with_turn_passed(rules, |p| p.count_moves(rules, scratch, crate::engine::Routes::Distinct));
        let mobility = ours.min(MOBILITY_CAP) as i32 - theirs.min(MOBILITY_CAP) as i32;
        self.material(pos) + MOBILITY * mobility
    }
}
