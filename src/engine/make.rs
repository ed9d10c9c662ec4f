//! Playing a move and taking it back.

use super::moves::MoveRef;
use super::position::{Position, QuietTrack};
use crate::compile::{EMPTY, Rules, code, kind_of, side_of};
use crate::geometry::CellSet;
use crate::spec::Side;

/// What [`Position::make`] returns and [`Position::unmake`] needs to take the move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    quiet: QuietTrack,
    /// Where the mover's last capture first landed, before the move.
    landing: u16,
    /// With columns taken whole, where each begins in the moving column.
    starts: u32,
    /// The moves played, before the move.
    played: u16,
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
        let mut undo = Undo { quiet: self.quiet, landing: self.last_landing[self.side], starts: 0, played: self.played };
        if rules.played_bound > 0 {
            self.set_played(rules, self.played.saturating_add(1));
        }
        if !rules.plain_moves && (m.is_pass() || m.is_drop() || rules.columns.is_some() || rules.removals) {
            undo.starts = self.make_special(rules, m);
            return undo;
        }
        self.move_pieces(rules, m);
        if !m.moves_again() {
            self.side = self.side.other();
            self.hash ^= rules.zobrist_black;
        }
        undo
    }

    /// The pieces' side of a plain move: the mover from its origin to its destination, its
    /// captures taken off, the quiet track kept.
    #[inline(always)]
    pub(super) fn move_pieces(&mut self, rules: &Rules, m: MoveRef) {
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
    }

    /// [`Position::make`] of a pass, or of a move in a variant with columns or moves that
    /// remove pieces (huffing, cleared cells).
    #[inline(never)]
    fn make_special(&mut self, rules: &Rules, m: MoveRef) -> u32 {
        let mut starts = 0;
        let removals = rules.removals;
        if removals {
            self.take_off_removed(rules, m, true);
        }
        if m.is_drop() {
            self.make_drop(rules, m);
        } else if !m.is_pass() {
            if rules.columns.is_some() {
                starts = self.make_columns(rules, m);
                if rules.has_quiet_limit {
                    self.track_quiet(rules, m);
                }
            } else {
                self.move_pieces(rules, m);
            }
        }
        if removals {
            if rules.capture.huff_spares_last_landing && m.captures() > 0 {
                self.set_last_landing(rules, self.side, m.path()[0]);
            }
            self.take_off_removed(rules, m, false);
            let mut marked = CellSet::EMPTY;
            if m.captures() == 0 {
                m.marked_cells().for_each(|c| marked.insert(c));
            }
            self.set_huffable(rules, marked);
        }
        self.side = self.side.other();
        self.hash ^= rules.zobrist_black;
        // No move is made once the game is over: `over` is false before it.
        if m.is_pass() && super::decide::pass_ends(rules.pass_ends(), rules.no_pieces_passes, self.has_pieces(self.side.other())) {
            self.over = true;
        }
        starts
    }

    /// Which of the pieces `m` removes is the moving piece itself, taken off where it
    /// ends (huffed there, or on a cleared cell): the last one on its destination with its
    /// code. Every other one stands on the board before the move and is taken off first
    /// (the move may land where one stood).
    fn removed_mover(m: MoveRef, us: Side) -> Option<usize> {
        let s = m.stored();
        m.removed_pieces().iter().rposition(|&(c, pc)| c == s.to && pc == code(us, s.kind_after))
    }

    /// Takes off the pieces `m` removes: those standing before the move (`before`), or
    /// the moving piece where it ended (not `before`).
    fn take_off_removed(&mut self, rules: &Rules, m: MoveRef, before: bool) {
        let mover = Self::removed_mover(m, self.side);
        for (i, &(cell, _)) in m.removed_pieces().iter().enumerate() {
            if (Some(i) == mover) != before {
                self.take_off(rules, cell);
            }
        }
    }

    /// [`Position::take_off_removed`] undone, the mover to move again.
    fn put_back_removed(&mut self, rules: &Rules, m: MoveRef, before: bool) {
        let mover = Self::removed_mover(m, self.side);
        for (i, &(cell, pc)) in m.removed_pieces().iter().enumerate().rev() {
            if (Some(i) == mover) != before {
                self.put(rules, cell, if side_of(pc) == 0 { Side::White } else { Side::Black }, kind_of(pc));
            }
        }
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
        if rules.played_bound > 0 {
            self.set_played(rules, undo.played);
        }
        if !rules.plain_moves && (m.is_pass() || m.is_drop() || rules.columns.is_some() || rules.removals) {
            self.side = self.side.other();
            self.hash ^= rules.zobrist_black;
            self.over = false;
            self.placed_alone = false;
            let removals = rules.removals;
            if removals {
                self.set_last_landing(rules, self.side, undo.landing);
                self.set_huffable(rules, m.huff_before());
                self.put_back_removed(rules, m, false);
            }
            if m.is_drop() {
                self.unmake_drop(rules, m);
            } else if !m.is_pass() {
                if rules.columns.is_some() {
                    self.unmake_columns(rules, m, undo.starts);
                } else {
                    self.unmove_pieces(rules, m);
                }
                self.quiet = undo.quiet;
            }
            if removals {
                self.put_back_removed(rules, m, true);
            }
            return;
        }
        if !m.moves_again() {
            self.side = self.side.other();
            self.hash ^= rules.zobrist_black;
        }
        self.unmove_pieces(rules, m);
        self.quiet = undo.quiet;
        debug_assert_eq!(self.hash, m.position_hash(), "unmake: a move taken back from a position it did not lead to");
    }

    /// [`Position::move_pieces`] undone, the mover to move again.
    #[inline(always)]
    fn unmove_pieces(&mut self, rules: &Rules, m: MoveRef) {
        let s = m.stored();
        let us = self.side;
        let them = us.other();
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
