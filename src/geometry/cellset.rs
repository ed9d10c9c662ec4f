//! A set of cells as a fixed bit set (up to [`MAX_CELLS`](super::MAX_CELLS) cells).

/// A set of cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet(pub [u64; super::MAX_CELLS / 64]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: u16) -> bool {
        let c = cell as usize;
        c < 256 && self.0[c >> 6] >> (c & 63) & 1 == 1
    }

    /// Adds a cell.
    #[inline]
    pub fn insert(&mut self, cell: u16) {
        self.0[(cell as usize >> 6) & 3] |= 1 << (cell & 63);
    }

    /// Removes a cell.
    #[inline]
    pub fn remove(&mut self, cell: u16) {
        self.0[(cell as usize >> 6) & 3] &= !(1 << (cell & 63));
    }

    /// Adds or removes a cell (xor).
    #[inline]
    pub fn toggle(&mut self, cell: u16) {
        self.0[(cell as usize >> 6) & 3] ^= 1 << (cell & 63);
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Union.
    pub fn union(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    /// Intersection.
    pub fn intersection(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// Difference.
    pub fn difference(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> CellIter {
        CellIter { words: self.0, word: 0 }
    }
}

impl FromIterator<u16> for CellSet {
    fn from_iter<I: IntoIterator<Item = u16>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Iterator over the cells of a [`CellSet`].
pub struct CellIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellIter {
    type Item = u16;
    #[inline]
    fn next(&mut self) -> Option<u16> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word * 64 + w.trailing_zeros() as usize) as u16);
            }
            self.word += 1;
        }
        None
    }
}
