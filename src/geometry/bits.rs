//! Bit sets in a board's [`Layout`](crate::geometry::Layout), as `u64` where the layout
//! fits in 64 bits and `u128` otherwise: the fast path is written once over [`Bits`] and
//! compiled for both.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells as bits of a layout.
pub(crate) trait Bits:
    Copy
    + Eq
    + Default
    + std::fmt::Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    /// How many bits the type holds.
    const BITS: u32;
    /// The low bits of a `u128` set (a layout that fits loses nothing).
    fn from_wide(x: u128) -> Self;
    /// The set of bit `i` alone.
    fn bit(i: u32) -> Self;
    /// A set stepped one way along a layout, its bits not wrapping round: rotated left by
    /// `rot`, the same as `(self << l) >> r` (one of them zero, each under 64). Each
    /// width takes the cheaper: one rotation of 64 bits, two double-word shifts of 128.
    fn step_by(self, rot: u32, l: u32, r: u32) -> Self;
    fn count(self) -> u32;
    /// The lowest bit's index.
    fn lowest(self) -> u32;
    /// The highest bit's index (of a set that is not empty).
    fn highest(self) -> u32;
    /// The set of the lowest bit alone.
    fn low(self) -> Self;
}

macro_rules! bits {
    ($t:ty, $step:item) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn from_wide(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn bit(i: u32) -> Self {
                1 << i
            }
            $step
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn low(self) -> Self {
                self & self.wrapping_neg()
            }
        }
    };
}

bits!(
    u64,
    #[inline(always)]
    fn step_by(self, rot: u32, _: u32, _: u32) -> Self {
        self.rotate_left(rot)
    }
);
bits!(
    u128,
    #[inline(always)]
    fn step_by(self, _: u32, l: u32, r: u32) -> Self {
        (self << (l & 63)) >> (r & 63)
    }
);
