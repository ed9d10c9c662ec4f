//! A position: the board, the side to move, and the counters some rules need.

use super::columns::Column;
use crate::compile::{EMPTY, OFF, Rules, code, kind_of, side_of};
use crate::geometry::CellSet;
use crate::spec::{BySide, Side};

/// Per side: the cell of the piece that has made consecutive quiet moves under a
/// quiet-move limit, and how many (0 = none tracked).
pub type QuietTrack = BySide<(u16, u8)>;

/// Cells of a board, indexed by cell number; every index past the last cell reads as
/// off the board. The fixed size lets indexing compile without bounds checks.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Board(pub(crate) [u8; 512]);

impl std::ops::Index<u16> for Board {
    type Output = u8;
    #[inline(always)]
    fn index(&self, i: u16) -> &u8 {
        &self.0[i as usize & 511]
    }
}

impl std::ops::IndexMut<u16> for Board {
    #[inline(always)]
    fn index_mut(&mut self, i: u16) -> &mut u8 {
        &mut self.0[i as usize & 511]
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used: Vec<u8> = self.0.iter().copied().take_while(|&c| c != OFF).collect();
        write!(f, "Board({used:?})")
    }
}

/// A legal position of some variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) side: Side,
    pub(crate) pieces: BySide<CellSet>,
    /// The pieces of each side as bits of the rules' layout (zero without one).
    pub(crate) bits: BySide<u128>,
    /// The pieces of each kind, both sides, as bits of the layout.
    pub(crate) kinds: [u128; 8],
    pub(crate) hash: u64,
    pub(crate) quiet: QuietTrack,
    /// With columns, per cell the pieces under its top piece; empty without columns.
    pub(crate) under: Vec<Column>,
    /// The game is over: the side not to move passed where a pass ends the game
    /// ([`NoMoves::PassThenLoss`](crate::spec::NoMoves)). No move follows.
    pub(crate) over: bool,
    /// With `over`: the game was won by the side not to move, with a piece placed alone
    /// that left the next of its turn no place (`[drops] incomplete = "wins"`), not lost
    /// by its pass.
    pub(crate) placed_alone: bool,
    /// Huffing by the opponent ([`Huff::OpponentRemovesOne`](crate::spec::Huff)): the
    /// pieces of the side not to move that the side to move may take off before its move.
    pub(crate) huff: CellSet,
    /// Per side, the cell where its last capture first landed (`NO_CELL`: none), kept
    /// where huffing spares a move that ends there.
    pub(crate) last_landing: BySide<u16>,
    /// Per side, the pieces it holds in hand (`[drops]`).
    pub(crate) hand: BySide<u8>,
    /// The moves played since the setup, counted up to the rules' `played_bound` (see
    /// [`Position::played`]).
    pub(crate) played: u16,
}

/// No cell: a [`Position::last_landing`] not set.
pub(crate) const NO_CELL: u16 = u16::MAX;

impl Position {
    /// An empty board with `side` to move.
    pub fn empty(rules: &Rules, side: Side) -> Position {
        let mut board = Board([OFF; 512]);
        board.0[..rules.cells].fill(EMPTY);
        let hash = if side == Side::Black { rules.zobrist_black } else { 0 };
        let under = if rules.columns.is_some() { vec![Column::EMPTY; rules.cells] } else { Vec::new() };
        Position {
            board,
            side,
            pieces: [CellSet::EMPTY; 2],
            bits: [0; 2],
            kinds: [0; 8],
            hash,
            quiet: [(0, 0); 2],
            under,
            over: false,
            placed_alone: false,
            huff: CellSet::EMPTY,
            last_landing: [NO_CELL; 2],
            hand: [0; 2],
            played: 0,
        }
    }

    /// The variant's start position.
    pub fn start(rules: &Rules) -> Position {
        Position::start_with(rules, rules.spec().first)
    }

    /// The variant's start position with `first` to move (records of programs that let the
    /// other side start).
    pub(crate) fn start_with(rules: &Rules, first: Side) -> Position {
        let spec = rules.spec();
        let mut p = Position::empty(rules, first);
        for side in Side::BOTH {
            for &(cell, kind) in &spec.setup[side] {
                p.put(rules, cell, side, kind);
            }
            if let Some(d) = &spec.drops {
                p.set_hand(rules, side, d.hand[side]);
            }
        }
        p
    }

    /// Whether `side` has a piece on the board or in hand.
    pub(crate) fn has_pieces(&self, side: Side) -> bool {
        !self.pieces[side].is_empty() || self.hand[side] > 0
    }

    /// Whether a pass by the side to move here ends the game (see
    /// [`decide::pass_ends`](super::decide::pass_ends)).
    pub(crate) fn pass_ends(&self, rules: &Rules) -> bool {
        super::decide::pass_ends(rules.pass_ends(), rules.no_pieces_passes, self.has_pieces(self.side))
    }

    /// How many pieces `side` holds in hand (`[drops]`).
    pub fn hand(&self, side: Side) -> u8 {
        self.hand[side]
    }

    /// Sets the moves played, counted up to the rules' bound.
    pub(crate) fn set_played(&mut self, rules: &Rules, n: u16) {
        let n = n.min(rules.played_bound);
        self.hash ^= rules.played_key(self.played) ^ rules.played_key(n);
        self.played = n;
    }

    /// The side to move as a condition on its quiet moves and drops reads it.
    pub(crate) fn mover(&self) -> super::conditions::Mover {
        super::conditions::Mover { side: self.side, played: self.played, hand: self.hand, taken: 0, over: None }
    }

    /// The moves played in the game before this position (both sides; a pass counts),
    /// where the rules ask about it with a `played(...)` condition: counted up to one more
    /// than the largest number they name, past which it tells them nothing more. Always 0
    /// in other rules.
    pub fn played(&self) -> u16 {
        self.played
    }

    /// Sets how many pieces `side` holds in hand.
    pub(crate) fn set_hand(&mut self, rules: &Rules, side: Side, n: u8) {
        self.hash ^= rules.hand_key(side, self.hand[side]) ^ rules.hand_key(side, n);
        self.hand[side] = n;
    }

    /// Puts a piece on an empty cell.
    pub(crate) fn put(&mut self, rules: &Rules, cell: u16, side: Side, kind: u8) {
        let c = code(side, kind);
        self.board[cell] = c;
        self.pieces[side].insert(cell);
        self.bits[side] |= rules.cell_bit(cell);
        self.kinds[kind as usize] |= rules.cell_bit(cell);
        self.hash ^= rules.zobrist_key(cell, c);
    }

    /// Runs `f` on this position with the other side to move, as if the side to move had
    /// passed, and gives the turn back.
    pub(crate) fn with_turn_passed<T>(&mut self, rules: &Rules, f: impl FnOnce(&mut Position) -> T) -> T {
        self.side = self.side.other();
        self.hash ^= rules.zobrist_black;
        let t = f(self);
        self.side = self.side.other();
        self.hash ^= rules.zobrist_black;
        t
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The piece on a cell: (side, kind), if any.
    pub fn piece(&self, cell: u16) -> Option<(Side, u8)> {
        if cell as usize >= self.board.0.len() {
            return None;
        }
        let c = self.board[cell];
        match side_of(c) {
            0 => Some((Side::White, kind_of(c))),
            1 => Some((Side::Black, kind_of(c))),
            _ => None,
        }
    }

    /// The cells of a side's pieces.
    pub fn pieces(&self, side: Side) -> CellSet {
        self.pieces[side]
    }

    /// The Zobrist hash of the position (board, side to move).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch, for checking the incremental one.
    pub fn hash_slow(&self, rules: &Rules) -> u64 {
        let mut h = if self.side == Side::Black { rules.zobrist_black } else { 0 };
        for cell in 0..rules.cells {
            let c = self.board.0[cell];
            if c != EMPTY {
                h ^= rules.zobrist_key(cell as u16, c);
            }
        }
        for (cell, col) in self.under.iter().enumerate() {
            h ^= rules.column_key(cell as u16, col.bits, col.len);
        }
        for cell in self.huff.iter() {
            h ^= rules.huff_key(cell);
        }
        for side in Side::BOTH {
            h ^= rules.landing_key(side, self.last_landing[side]);
            h ^= rules.hand_key(side, self.hand[side]);
        }
        h ^ rules.played_key(self.played)
    }

    /// Checks the position's invariants (piece sets agree with the board, the hash with a
    /// fresh computation). Used by tests after every make and unmake.
    pub fn check(&self, rules: &Rules) -> Result<(), String> {
        if self.board.0[rules.cells..].iter().any(|&c| c != OFF) {
            return Err("board size or off-board marker wrong".into());
        }
        for cell in 0..rules.cells as u16 {
            let c = self.board[cell];
            for side in Side::BOTH {
                let has = self.pieces[side].contains(cell);
                let is = c != EMPTY && side_of(c) == side as u8;
                if has != is {
                    return Err(format!("cell {} disagrees with {}'s piece set", rules.cell_name(cell), side.name()));
                }
            }
            if c != EMPTY && side_of(c) > 1 {
                return Err(format!("cell {} holds a bad code {c}", rules.cell_name(cell)));
            }
        }
        let mut bits = [0u128; 2];
        let mut kinds = [0u128; 8];
        for side in Side::BOTH {
            for cell in self.pieces[side].iter() {
                bits[side] |= rules.cell_bit(cell);
                kinds[kind_of(self.board[cell]) as usize] |= rules.cell_bit(cell);
            }
        }
        if self.under.len() != if rules.columns.is_some() { rules.cells } else { 0 } {
            return Err("columns kept for a variant without them, or not for one with them".into());
        }
        for (cell, col) in self.under.iter().enumerate() {
            if col.len > 0 && self.board.0[cell] == EMPTY {
                return Err(format!("cell {} is empty but has pieces under its top", rules.cell_name(cell as u16)));
            }
            let unused = if (col.len as usize) < Column::MAX_UNDER { col.bits >> (4 * col.len as u32) } else { 0 };
            if col.len as usize > Column::MAX_UNDER || unused != 0 {
                return Err(format!("cell {} has a malformed column", rules.cell_name(cell as u16)));
            }
        }
        if bits != self.bits || kinds != self.kinds {
            return Err("bit sets disagree with the board".into());
        }
        if !self.huff.difference(&self.pieces[self.side.other()]).is_empty() {
            return Err("a piece to take off (huffing) that the side not to move does not have".into());
        }
        if self.played > rules.played_bound {
            return Err(format!("{} moves played counted, past the rules' bound {}", self.played, rules.played_bound));
        }
        if self.hash != self.hash_slow(rules) {
            return Err("incremental hash differs from a fresh one".into());
        }
        Ok(())
    }

    /// Quiet-move tracking state (for rules that limit consecutive quiet moves).
    pub fn quiet_track(&self) -> QuietTrack {
        self.quiet
    }

    /// Sets the quiet-move tracking state (from a FEN extension; others give it in
    /// [`Setup::quiet`](super::Setup::quiet)).
    pub(crate) fn set_quiet_track(&mut self, q: QuietTrack) {
        self.quiet = q;
    }

    /// Huffing by the opponent: the cells of the pieces of the side not to move that the
    /// side to move may take off before its move (they could have captured, and their
    /// side moved without capturing). Empty in variants without that rule.
    pub fn huffable(&self) -> CellSet {
        self.huff
    }

    /// Sets [`Position::huffable`] (from a FEN); `cells` must hold pieces of the side not
    /// to move.
    pub(crate) fn set_huffable(&mut self, rules: &Rules, cells: CellSet) {
        for c in self.huff.iter().chain(cells.iter()) {
            self.hash ^= rules.huff_key(c);
        }
        self.huff = cells;
    }

    /// Sets where `side`'s last capture first landed (see [`Position::last_landing`]).
    pub(crate) fn set_last_landing(&mut self, rules: &Rules, side: Side, cell: u16) {
        self.hash ^= rules.landing_key(side, self.last_landing[side]) ^ rules.landing_key(side, cell);
        self.last_landing[side] = cell;
    }

    /// Where each side's last capture first landed, in a variant whose huffing spares a
    /// move that ends there (`huff_spares_last_landing`); `None` elsewhere, and before a
    /// side's first capture.
    pub fn last_landing(&self, side: Side) -> Option<u16> {
        Some(self.last_landing[side]).filter(|&c| c != NO_CELL)
    }

    /// Takes the piece on `cell` off the board (the inverse of [`Position::put`]); its
    /// code.
    pub(crate) fn take_off(&mut self, rules: &Rules, cell: u16) -> u8 {
        let c = self.board[cell];
        let (side, kind) = (side_of(c) as usize, kind_of(c));
        self.board[cell] = EMPTY;
        self.pieces[side].remove(cell);
        self.bits[side] &= !rules.cell_bit(cell);
        self.kinds[kind as usize] &= !rules.cell_bit(cell);
        self.hash ^= rules.zobrist_key(cell, c);
        c
    }

    /// Number of pieces of a side of a kind.
    pub fn count(&self, side: Side, kind: u8) -> usize {
        self.pieces[side].iter().filter(|&c| kind_of(self.board[c]) == kind).count()
    }
}
