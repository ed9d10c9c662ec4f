//! Bit sets in a board's [`Layout`](crate::geometry::Layout), as `u64` where the layout
//! fits in 64 bits and `u128` otherwise: the counting code is written once over [`Bits`]
//! and compiled for both.

use crate::geometry::Layout;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells as bits of a layout.
pub(crate) trait Bits:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    /// The low bits of a `u128` set (a layout that fits loses nothing).
    fn from_wide(x: u128) -> Self;
    /// `(self << l) >> r`.
    fn shift(self, l: u32, r: u32) -> Self;
    fn count(self) -> u32;
    /// The lowest bit's index.
    fn lowest(self) -> u32;
    /// Without its lowest bit.
    fn pop_lowest(self) -> Self;
    /// With bit `i`.
    fn with(self, i: u32) -> Self;

    /// The cells of the set in a layout, in increasing order.
    fn cells(self, layout: &Layout) -> Cells<'_, Self> {
        Cells { bits: self, layout }
    }
}

/// Iterator over the cells of a bit set.
pub(crate) struct Cells<'a, B> {
    bits: B,
    layout: &'a Layout,
}

impl<B: Bits> Iterator for Cells<'_, B> {
    type Item = u16;
    #[inline(always)]
    fn next(&mut self) -> Option<u16> {
        if self.bits == B::ZERO {
            return None;
        }
        let i = self.bits.lowest();
        self.bits = self.bits.pop_lowest();
        Some(self.layout.cell[i as usize])
    }
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn from_wide(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn shift(self, l: u32, r: u32) -> Self {
                (self << l) >> r
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn with(self, i: u32) -> Self {
                self | 1 << i
            }
            #[inline(always)]
            fn pop_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

bits!(u64);
bits!(u128);
