//! A set of directions as a bit set (up to [`MAX_DIRS`](super::MAX_DIRS) directions).

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of directions: bit `d` for the direction of index `d` in
/// [`Geometry::dirs`](super::Geometry::dirs). The directions a rule moves or captures in,
/// the directions barred after a capture.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct DirSet(u16);

impl DirSet {
    /// The empty set.
    pub const EMPTY: DirSet = DirSet(0);

    /// The set whose bit `d` is set for each direction `d` in it.
    #[inline]
    pub const fn from_bits(bits: u16) -> DirSet {
        DirSet(bits)
    }

    /// The set as bits: bit `d` for direction `d`.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set of one direction, `d` (below [`MAX_DIRS`](super::MAX_DIRS)).
    #[inline]
    pub const fn one(d: usize) -> DirSet {
        DirSet(1 << d)
    }

    /// Whether direction `d` is in the set.
    #[inline]
    pub const fn contains(self, d: usize) -> bool {
        d < super::MAX_DIRS && self.0 >> d & 1 == 1
    }

    /// Adds direction `d` (below [`MAX_DIRS`](super::MAX_DIRS)).
    #[inline]
    pub fn insert(&mut self, d: usize) {
        self.0 |= 1 << d;
    }

    /// Number of directions.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The directions in increasing order.
    #[inline]
    pub fn iter(self) -> DirIter {
        DirIter(self.0)
    }
}

impl IntoIterator for DirSet {
    type Item = usize;
    type IntoIter = DirIter;
    #[inline]
    fn into_iter(self) -> DirIter {
        self.iter()
    }
}

impl FromIterator<usize> for DirSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = DirSet::EMPTY;
        for d in iter {
            s.insert(d);
        }
        s
    }
}

impl BitOr for DirSet {
    type Output = DirSet;
    #[inline]
    fn bitor(self, o: DirSet) -> DirSet {
        DirSet(self.0 | o.0)
    }
}

impl BitOrAssign for DirSet {
    #[inline]
    fn bitor_assign(&mut self, o: DirSet) {
        self.0 |= o.0;
    }
}

impl BitAnd for DirSet {
    type Output = DirSet;
    #[inline]
    fn bitand(self, o: DirSet) -> DirSet {
        DirSet(self.0 & o.0)
    }
}

impl BitAndAssign for DirSet {
    #[inline]
    fn bitand_assign(&mut self, o: DirSet) {
        self.0 &= o.0;
    }
}

/// Every direction not in the set, of all [`MAX_DIRS`](super::MAX_DIRS): meant to be
/// intersected with a set of a board's directions (`dirs & !barred`).
impl Not for DirSet {
    type Output = DirSet;
    #[inline]
    fn not(self) -> DirSet {
        DirSet(!self.0)
    }
}

/// Listed as the direction indices: `{0, 3}`.
impl fmt::Debug for DirSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over the directions of a [`DirSet`], in increasing order.
#[derive(Clone, Debug)]
pub struct DirIter(u16);

impl Iterator for DirIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        // The mask changes nothing (a direction is below `MAX_DIRS`) but tells the
        // compiler so: an array of `MAX_DIRS`, one entry per direction, is indexed with no
        // bounds check.
        let d = self.0.trailing_zeros() as usize & (super::MAX_DIRS - 1);
        self.0 &= self.0 - 1;
        Some(d)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DirIter {}

impl FusedIterator for DirIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_in_increasing_order() {
        let s = DirSet::from_bits(0b1010_0101);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 2, 5, 7]);
        assert_eq!(s.iter().len(), 4);
        assert_eq!(s.len(), 4);
        assert_eq!(s.iter().collect::<DirSet>(), s);
        assert_eq!(DirSet::EMPTY.iter().next(), None);
    }

    #[test]
    fn set_operations() {
        let a = DirSet::one(1) | DirSet::one(4);
        assert!(a.contains(1) && a.contains(4) && !a.contains(0) && !a.contains(8) && !a.contains(16) && !a.contains(100));
        assert_eq!(a & DirSet::one(4), DirSet::one(4));
        assert_eq!((a & !DirSet::one(4)).bits(), 0b10);
        assert!((a & DirSet::one(0)).is_empty());
        assert_eq!(format!("{a:?}"), "{1, 4}");
    }
}
