//! The transposition table: what the search found of a position, by its hash, so that a
//! position met again (by another move order, or in the next, deeper iteration) is not
//! searched again and its best move is tried first.

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// One stored position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The position's full hash (0: an empty slot).
    pub key: u64,
    pub score: i32,
    /// The depth searched below the position.
    pub depth: u8,
    pub bound: Bound,
    /// The index of its best move in the position's move list (`u16::MAX`: none).
    pub best: u16,
}

const EMPTY: Entry = Entry { key: 0, score: 0, depth: 0, bound: Bound::Exact, best: u16::MAX };

/// A fixed-size table, one entry per slot, replaced when the new search is as deep.
pub(super) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table { slots: vec![EMPTY; 1 << bits], mask: (1 << bits) - 1 }
    }

    /// Forgets everything (each search starts from nothing, so that its answer depends on
    /// the position and the limits alone).
    pub fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    /// Makes what is stored count for two plies less (each entry keeps its move and its
    /// score, as a search that far below is bound by them): a table kept for the next move
    /// of a game, whose tree starts two plies on, keeps what still helps, and the new
    /// search's entries replace the old deep ones.
    pub fn age(&mut self) {
        for e in self.slots.iter_mut().filter(|e| e.key != 0) {
            e.depth = e.depth.saturating_sub(2);
        }
    }

    /// What is stored for the position of hash `key`.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[key as usize & self.mask];
        (e.key == key && key != 0).then_some(e)
    }

    /// Stores a search's result, unless the slot holds a deeper search of another position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        if slot.key == entry.key || entry.depth >= slot.depth || slot.key == 0 {
            *slot = entry;
        }
    }
}
