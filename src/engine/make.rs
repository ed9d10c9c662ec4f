//! Playing a move and taking it back.

use super::moves::MoveRef;
use super::position::{Position, QuietTrack};
use crate::compile::{EMPTY, Rules, code, kind_of};

/// What [`Position::make`] returns and [`Position::unmake`] needs to take the move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    quiet: QuietTrack,
    /// With columns taken whole, where each begins in the moving column.
    starts: u32,
}

impl Position {
    /// Plays a move of the list generated in this position.
    ///
    /// ```
    /// use polydame::{load_variant, MoveList, Position, Routes};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let mut pos = Position::start(&rules);
    /// let start = pos.clone();
    /// let mut list = MoveList::new();
    /// pos.generate(&rules, &mut list, Routes::Distinct);
    /// let undo = pos.make(&rules, list.get(0));
    /// assert_ne!(pos, start);
    /// pos.unmake(&rules, list.get(0), undo);
    /// assert_eq!(pos, start);
    /// ```
    ///
    /// # Panics
    ///
    /// If the move's list was generated in another position (told by the hash).
    pub fn make(&mut self, rules: &Rules, m: MoveRef) -> Undo {
        self.assert_generated_here(m);
        let mut undo = Undo { quiet: self.quiet, starts: 0 };
        if !rules.plain_moves && (m.is_pass() || rules.columns.is_some()) {
            undo.starts = self.make_special(rules, m);
            return undo;
        }
        let s = m.stored();
        let us = self.side;
        let them = us.other();
        let c0 = code(us, s.kind_before);
        self.board[s.from] = EMPTY;
        self.hash ^= rules.zobrist_key(s.from, c0);
        self.pieces[us].remove(s.from);
        for &(cell, pc) in m.captured_pieces() {
            self.board[cell] = EMPTY;
            self.hash ^= rules.zobrist_key(cell, pc);
            self.pieces[them].remove(cell);
        }
        let c1 = code(us, s.kind_after);
        self.board[s.to] = c1;
        self.hash ^= rules.zobrist_key(s.to, c1);
        self.pieces[us].insert(s.to);
        self.toggle_bits(rules, m);
        if rules.has_quiet_limit {
            self.track_quiet(rules, m);
        }
        self.side = them;
        self.hash ^= rules.zobrist_black;
        undo
    }

    /// [`Position::make`] of a pass, or of a move in a variant with columns.
    #[inline(never)]
    fn make_special(&mut self, rules: &Rules, m: MoveRef) -> u32 {
        let mut starts = 0;
        if !m.is_pass() {
            starts = self.make_columns(rules, m);
            if rules.has_quiet_limit {
                self.track_quiet(rules, m);
            }
        }
        self.side = self.side.other();
        self.hash ^= rules.zobrist_black;
        self.over = m.is_pass() && rules.pass_ends();
        starts
    }

    /// Panics unless `m`'s list was generated in this position.
    #[inline]
    pub(super) fn assert_generated_here(&self, m: MoveRef) {
        assert!(
            m.position_hash() == self.hash,
            "a move applied to a position its list was not generated in (generate the list in this position)"
        );
    }

    /// Counts consecutive quiet moves by one piece of a limited kind of the side to move
    /// (before it changes), and forgets the opponent's tracked piece if `m` takes it.
    fn track_quiet(&mut self, rules: &Rules, m: MoveRef) {
        let s = m.stored();
        let us = self.side.index();
        let limit = rules.tables[us][s.kind_after as usize].max_quiet_moves;
        self.quiet[us] = if m.captures() > 0 || limit.is_none() || s.kind_before != s.kind_after {
            (0, 0)
        } else if self.quiet[us].1 > 0 && self.quiet[us].0 == s.from {
            // Past the limit the count says nothing more (a side of kings only goes on
            // moving one): it stays at the limit, as FEN writes it in one digit.
            (s.to, self.quiet[us].1.saturating_add(1).min(limit.unwrap_or(u8::MAX)))
        } else {
            (s.to, 1)
        };
        if m.captures() > 0 {
            // A capture takes away pieces: the opponent's tracked piece may be gone.
            let (cell, _) = self.quiet[1 - us];
            if m.captured_cells().any(|c| c == cell) {
                self.quiet[1 - us] = (0, 0);
            }
        }
    }

    /// The bit-set side of a move of the side to move: its piece from `m.from()` to
    /// `m.to()` (and from kind to kind), its captures taken off. The same xors do and
    /// undo it (and leave the mover's bits alone when a capture returns to its origin).
    #[inline]
    fn toggle_bits(&mut self, rules: &Rules, m: MoveRef) {
        let s = m.stored();
        let us = self.side.index();
        let (f, t) = (rules.cell_bit(s.from), rules.cell_bit(s.to));
        self.bits[us] ^= f ^ t;
        self.kinds[s.kind_before as usize] ^= f;
        self.kinds[s.kind_after as usize] ^= t;
        for &(cell, pc) in m.captured_pieces() {
            let b = rules.cell_bit(cell);
            self.bits[1 - us] ^= b;
            self.kinds[kind_of(pc) as usize] ^= b;
        }
    }

    /// Takes back `m`, played with [`Position::make`] (which gave `undo`); see there for an
    /// example.
    pub fn unmake(&mut self, rules: &Rules, m: MoveRef, undo: Undo) {
        if !rules.plain_moves && (m.is_pass() || rules.columns.is_some()) {
            self.side = self.side.other();
            self.hash ^= rules.zobrist_black;
            self.over = false;
            if !m.is_pass() {
                self.unmake_columns(rules, m, undo.starts);
                self.quiet = undo.quiet;
            }
            return;
        }
        let s = m.stored();
        let them = self.side;
        let us = them.other();
        self.side = us;
        self.hash ^= rules.zobrist_black;
        let c1 = code(us, s.kind_after);
        self.board[s.to] = EMPTY;
        self.hash ^= rules.zobrist_key(s.to, c1);
        self.pieces[us].remove(s.to);
        self.toggle_bits(rules, m);
        for &(cell, pc) in m.captured_pieces() {
            self.board[cell] = pc;
            self.hash ^= rules.zobrist_key(cell, pc);
            self.pieces[them].insert(cell);
        }
        let c0 = code(us, s.kind_before);
        self.board[s.from] = c0;
        self.hash ^= rules.zobrist_key(s.from, c0);
        self.pieces[us].insert(s.from);
        self.quiet = undo.quiet;
        debug_assert_eq!(self.hash, m.position_hash(), "unmake: a move taken back from a position it did not lead to");
    }
}

#[cfg(test)]
mod tests {
    use crate::{MoveList, Position, Routes, load_variant};

    #[test]
    #[should_panic(expected = "its list was not generated in")]
    fn a_move_is_refused_in_another_position() {
        let rules = load_variant("international").expect("a shipped variant");
        let mut pos = Position::start(&rules);
        let mut list = MoveList::new();
        pos.generate(&rules, &mut list, Routes::Distinct);
        pos.make(&rules, list.get(0));
        // The list belongs to the start position, no longer this one.
        pos.make(&rules, list.get(1));
    }
}
