//! Columns (variants with `[columns]`): the pieces under a cell's top piece, and playing
//! a move that takes the tops of the columns it jumps and puts them under its own.

use super::moves::MoveRef;
use super::position::Position;
use crate::compile::{EMPTY, Rules, code, kind_of, side_of};
use crate::spec::{ColumnTake, Side};

/// The pieces under a cell's top piece, top first, four bits each (a piece's board code
/// less one): no allocation, and a copy is a copy. The checker keeps every game with
/// columns to at most [`Columns::MAX_HEIGHT`](crate::spec::Columns::MAX_HEIGHT) pieces,
/// so a column never holds more than the 32 pieces its word has room for under a top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Column {
    pub(crate) bits: u128,
    pub(crate) len: u8,
}

impl Column {
    /// No piece under the top.
    pub(crate) const EMPTY: Column = Column { bits: 0, len: 0 };
    /// The most pieces under a top piece.
    pub(crate) const MAX_UNDER: usize = 32;

    /// Takes the piece just under the top: its board code.
    #[inline]
    pub(crate) fn pop_top(&mut self) -> u8 {
        debug_assert!(self.len > 0, "a piece under the top");
        let c = (self.bits & 0xF) as u8 + 1;
        self.bits >>= 4;
        self.len -= 1;
        c
    }

    /// Puts a piece (board code) just under the top.
    #[inline]
    pub(crate) fn push_top(&mut self, code: u8) {
        debug_assert!((self.len as usize) < Column::MAX_UNDER, "a column of at most 33 pieces");
        self.bits = self.bits << 4 | (code - 1) as u128;
        self.len += 1;
    }

    /// Puts a piece (board code) at the bottom.
    #[inline]
    pub(crate) fn push_bottom(&mut self, code: u8) {
        debug_assert!((self.len as usize) < Column::MAX_UNDER, "a column of at most 33 pieces");
        self.bits |= ((code - 1) as u128) << (4 * self.len as u32);
        self.len += 1;
    }

    /// Takes the bottom piece: its board code.
    #[inline]
    pub(crate) fn pop_bottom(&mut self) -> u8 {
        debug_assert!(self.len > 0, "a piece under the top");
        self.len -= 1;
        let shift = 4 * self.len as u32;
        let c = (self.bits >> shift & 0xF) as u8 + 1;
        self.bits &= !(0xF << shift);
        c
    }

    /// The board codes of its pieces, top first.
    pub(crate) fn codes(self) -> impl Iterator<Item = u8> {
        (0..self.len as u32).map(move |i| (self.bits >> (4 * i) & 0xF) as u8 + 1)
    }
}

impl Position {
    /// The pieces of the column on `cell`, top first: (side, kind) of each; empty for an
    /// empty cell, one piece where no column has formed (and in every variant without
    /// columns).
    ///
    /// ```
    /// use polydame::{load_variant, Side};
    /// use polydame::fen::parse_fen;
    ///
    /// let rules = load_variant("lasca").unwrap();
    /// // On c3 a white soldier stands on a black soldier, which stands on a white officer.
    /// let pos = parse_fen(&rules, "W:Wc3[bwO]:Be5").unwrap();
    /// let officer = rules.kind("officer").unwrap();
    /// assert_eq!(pos.column(rules.cell("c3").unwrap()), [(Side::White, 0), (Side::Black, 0), (Side::White, officer)]);
    /// ```
    pub fn column(&self, cell: u16) -> Vec<(Side, u8)> {
        let Some((side, kind)) = self.piece(cell) else { return Vec::new() };
        let mut out = vec![(side, kind)];
        if let Some(col) = self.under.get(cell as usize) {
            out.extend(col.codes().map(|c| (if side_of(c) == 0 { Side::White } else { Side::Black }, kind_of(c))));
        }
        out
    }

    /// The column under the top piece of `cell` (empty without columns).
    #[inline]
    pub(crate) fn under(&self, cell: u16) -> Column {
        self.under.get(cell as usize).copied().unwrap_or(Column::EMPTY)
    }

    /// Sets the column under the top piece of `cell`, and the hash with it.
    #[inline]
    pub(crate) fn set_under(&mut self, rules: &Rules, cell: u16, col: Column) {
        let old = self.under[cell as usize];
        self.hash ^= rules.column_key(cell, old.bits, old.len) ^ rules.column_key(cell, col.bits, col.len);
        self.under[cell as usize] = col;
    }

    /// Puts a piece (board code) on the empty cell `cell` as its top.
    #[inline]
    fn place(&mut self, rules: &Rules, cell: u16, c: u8) {
        let side = if side_of(c) == 0 { Side::White } else { Side::Black };
        self.put(rules, cell, side, kind_of(c));
    }

    /// Takes the top piece off `cell`, leaving it empty: its board code.
    #[inline]
    fn lift(&mut self, rules: &Rules, cell: u16) -> u8 {
        let c = self.board[cell];
        let b = rules.cell_bit(cell);
        self.board[cell] = EMPTY;
        self.hash ^= rules.zobrist_key(cell, c);
        self.pieces[side_of(c) as usize].remove(cell);
        self.bits[side_of(c) as usize] ^= b;
        self.kinds[kind_of(c) as usize] ^= b;
        c
    }

    /// Takes the top piece off `cell`; the piece under it, if any, becomes the top.
    #[inline]
    fn lift_top(&mut self, rules: &Rules, cell: u16) -> u8 {
        let c = self.lift(rules, cell);
        let mut col = self.under[cell as usize];
        if col.len > 0 {
            let next = col.pop_top();
            self.set_under(rules, cell, col);
            self.place(rules, cell, next);
        }
        c
    }

    /// Puts `c` on top of `cell`, over what stands there.
    #[inline]
    fn place_top(&mut self, rules: &Rules, cell: u16, c: u8) {
        if self.board[cell] != EMPTY {
            let below = self.lift(rules, cell);
            let mut col = self.under[cell as usize];
            col.push_top(below);
            self.set_under(rules, cell, col);
        }
        self.place(rules, cell, c);
    }

    /// The board side of a move in a variant with columns: the moving column leaves its
    /// origin, what each jump takes (the top of the jumped column, or all of it) goes under
    /// it in capture order, and it stands on its destination with its top piece of the
    /// kind after the move. Returns, for [`Position::unmake_columns`], where each whole
    /// column taken begins under the moving top (bit i: at the i-th piece under it).
    #[inline(never)]
    pub(super) fn make_columns(&mut self, rules: &Rules, m: MoveRef) -> u32 {
        let s = m.stored();
        let whole = rules.columns.is_some_and(|c| c.take == ColumnTake::Column);
        let mut moving = self.under(s.from);
        self.set_under(rules, s.from, Column::EMPTY);
        self.lift(rules, s.from);
        let mut starts = 0u32;
        for &(cell, pc) in m.captured_pieces() {
            if whole {
                starts |= 1 << moving.len;
                let taken = self.lift(rules, cell);
                debug_assert_eq!(taken, pc, "a move's captured piece is the top of its column");
                moving.push_bottom(pc);
                for c in self.under(cell).codes() {
                    moving.push_bottom(c);
                }
                self.set_under(rules, cell, Column::EMPTY);
            } else {
                let taken = self.lift_top(rules, cell);
                debug_assert_eq!(taken, pc, "a move's captured piece is the top of its column");
                moving.push_bottom(pc);
            }
        }
        self.place(rules, s.to, code(self.side, s.kind_after));
        self.set_under(rules, s.to, moving);
        starts
    }

    /// Takes back [`Position::make_columns`], which gave `starts`; the side to move is the
    /// mover's again.
    #[inline(never)]
    pub(super) fn unmake_columns(&mut self, rules: &Rules, m: MoveRef, mut starts: u32) {
        let s = m.stored();
        let whole = rules.columns.is_some_and(|c| c.take == ColumnTake::Column);
        let mut moving = self.under(s.to);
        self.set_under(rules, s.to, Column::EMPTY);
        self.lift(rules, s.to);
        for &(cell, pc) in m.captured_pieces().iter().rev() {
            if whole {
                // The last column taken is the bottom of the moving one, from its start.
                let start = 31 - starts.leading_zeros();
                starts &= !(1 << start);
                let mut col = Column::EMPTY;
                while moving.len as u32 > start + 1 {
                    col.push_top(moving.pop_bottom());
                }
                let top = moving.pop_bottom();
                debug_assert_eq!(top, pc, "a whole column taken begins with its top");
                self.place(rules, cell, pc);
                self.set_under(rules, cell, col);
            } else {
                let back = moving.pop_bottom();
                debug_assert_eq!(back, pc, "the bottom of the moving column is its last capture");
                self.place_top(rules, cell, pc);
            }
        }
        self.place(rules, s.from, code(self.side, s.kind_before));
        self.set_under(rules, s.from, moving);
    }
}

#[cfg(test)]
mod tests {
    use super::Column;

    #[test]
    fn a_column_pushes_and_pops_at_both_ends() {
        let mut c = Column::EMPTY;
        c.push_bottom(3);
        c.push_bottom(16);
        c.push_top(9);
        assert_eq!(c.codes().collect::<Vec<_>>(), [9, 3, 16]);
        assert_eq!(c.pop_bottom(), 16);
        assert_eq!(c.pop_top(), 9);
        assert_eq!(c.codes().collect::<Vec<_>>(), [3]);
        for _ in 0..31 {
            c.push_bottom(16);
        }
        assert_eq!(c.len as usize, Column::MAX_UNDER);
        assert_eq!(c.pop_bottom(), 16);
        assert_eq!(c.pop_top(), 3);
    }
}
