//! Playing a move and taking it back.

use super::moves::{Move, MoveList};
use super::position::{Position, QuietTrack};
use crate::compile::{code, kind_of, Rules, EMPTY};

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    quiet: QuietTrack,
}

impl Position {
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
    pub(super) fn toggle_bits(&mut self, rules: &Rules, list: &MoveList, m: &Move) {
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
}
