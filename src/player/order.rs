//! The order in which the search tries a position's moves: the table's best move, then
//! captures (the largest first), then the quiet moves that refuted a move at the same ply
//! (the two "killers" of that ply), then the other quiet moves by how often, and how
//! deep, they refuted a move anywhere in the tree (the "history" of each origin and
//! destination, per side). A good order makes the alpha-beta window close early; it never
//! changes what a search to a given depth finds, only how fast.

use crate::engine::{MoveList, MoveRef};
use crate::rng::Rng;
use crate::spec::Side;

/// A quiet move by its origin and destination.
type Key = (u16, u16);
const NONE: Key = (u16::MAX, u16::MAX);

/// Past this, every history count is halved, so that what refuted moves lately counts
/// more than what did long ago and a count stays within its bits of the order's key.
const HISTORY_CAP: u32 = 1 << 16;

/// The killers of every ply and the history of every quiet move, kept through one search
/// (its iterations share them).
pub(super) struct MoveOrder {
    killers: Vec<[Key; 2]>,
    /// `history[(side * cells + from) * cells + to]`.
    history: Vec<u32>,
    cells: usize,
    /// The player's seed: at the first ply, moves otherwise equal are in the order it
    /// shuffles them into (0: the list's order).
    seed: u64,
}

impl MoveOrder {
    /// Nothing learned yet, for a board of `cells` cells and a player of `seed`.
    pub fn new(cells: usize, seed: u64) -> MoveOrder {
        MoveOrder { killers: Vec::new(), history: vec![0; 2 * cells * cells], cells, seed }
    }

    /// Whether the move is quiet, as killers and history know moves: no piece taken,
    /// placed or promoted, the turn passing after it.
    pub fn quiet(m: MoveRef) -> bool {
        m.captures() == 0
            && m.removed_cells().len() == 0
            && !m.is_drop()
            && !m.is_pass()
            && !m.moves_again()
            && m.kind_before() == m.kind_after()
    }

    fn history_index(&self, side: Side, m: MoveRef) -> Option<usize> {
        let (from, to) = (m.from() as usize, m.to() as usize);
        (from < self.cells && to < self.cells).then(|| (side.index() * self.cells + from) * self.cells + to)
    }

    /// Fills `order` with the moves of `list` (their indexes) in the order to try them:
    /// `hint`, the table's best move, first; with `only_captures`, the quiet moves left
    /// out. `side` is the side to move.
    pub fn order(&self, list: &MoveList, order: &mut Vec<(u32, u16)>, hint: u16, ply: u32, only_captures: bool, side: Side) {
        let seed = self.seed;
        order.clear();
        let killers = self.killers.get(ply as usize).copied().unwrap_or([NONE; 2]);
        for (i, m) in list.iter().enumerate() {
            let taken = m.captures() as u32;
            if only_captures && taken == 0 {
                continue;
            }
            let tie = if ply == 0 && seed != 0 { Rng::new(seed ^ i as u64).next_u64() as u32 & 0x3ff } else { 0x3ff - i.min(0x3ff) as u32 };
            let rank = if i as u16 == hint {
                1 << 31
            } else if taken > 0 {
                1 << 30 | taken.min(0x3ff) << 20
            } else if MoveOrder::quiet(m) && killers[0] == (m.from(), m.to()) {
                3 << 27
            } else if MoveOrder::quiet(m) && killers[1] == (m.from(), m.to()) {
                2 << 27
            } else {
                self.history_index(side, m).map_or(0, |h| self.history[h].min(HISTORY_CAP) << 10)
            };
            order.push((rank | tie, i as u16));
        }
        order.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
    }

    /// Learns that the quiet move `m` of `side` refuted the move before it at `ply`, in a
    /// search `depth` plies deep.
    pub fn refuted(&mut self, m: MoveRef, ply: u32, depth: u32, side: Side) {
        if !MoveOrder::quiet(m) {
            return;
        }
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [NONE; 2]);
        }
        let key = (m.from(), m.to());
        let k = &mut self.killers[ply];
        if k[0] != key {
            k[1] = k[0];
            k[0] = key;
        }
        if let Some(h) = self.history_index(side, m) {
            self.history[h] += depth * depth;
            if self.history[h] > HISTORY_CAP {
                self.history.iter_mut().for_each(|v| *v /= 2);
            }
        }
    }
}
