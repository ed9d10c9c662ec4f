//! Bit sets in a board's [`Layout`], as `u64` where the layout
//! fits in 64 bits and `u128` otherwise: the counting code and the fast path are written
//! once over [`Bits`] and compiled for both.

use crate::geometry::Layout;
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
    /// `(self << l) >> r`.
    fn shift(self, l: u32, r: u32) -> Self;
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
            #[inline(always)]
            fn shift(self, l: u32, r: u32) -> Self {
                (self << l) >> r
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

/// The one place that picks the bit-set type for a board: the `bits` arm with `B` the
/// type that holds the rules' layout (`u64` up to 64 bits, else `u128`) and `l` the
/// layout, or the `cells` arm when the board has no layout and moves are found cell by
/// cell. Both types are compiled; the choice is one compare per call.
///
/// ```text
/// on_layout!(match rules {
///     bits(l: B) => Sets::<B>::of(pos, l).count_quiet(rules).0,
///     cells => count_one_by_one(pos),
/// })
/// ```
macro_rules! on_layout {
    (match $rules:ident { bits($l:ident: $B:ident) => $bits:expr, cells => $cells:expr $(,)? }) => {
        match &$rules.layout {
            Some($l) if $l.width <= 64 => {
                type $B = u64;
                $bits
            }
            Some($l) => {
                type $B = u128;
                $bits
            }
            None => $cells,
        }
    };
}
pub(crate) use on_layout;
