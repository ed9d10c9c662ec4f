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
    /// A set stepped one way along a layout, its bits not wrapping round: by `amount`,
    /// what [`Bits::amount`] makes of the step's shifts. Each width takes its cheaper
    /// way (see [`Bits::amount`]).
    fn step_by(self, amount: u32) -> Self;
    /// The amount [`Bits::step_by`] takes for the step `(set << l) >> r` (one of `l`, `r`
    /// zero, under 64) on a layout that [`Bits::fits`]: for 64 bits the rotation left,
    /// one instruction; for 128 bits `WIDE_MARGIN + l - r`, a left shift by a variable
    /// amount under 64 followed by a right shift by the constant [`WIDE_MARGIN`] (two
    /// double-word shifts by a variable amount each cost several instructions more;
    /// measured under callgrind, a 12x12 board's perft ran 10% fewer instructions a leaf).
    fn amount(l: u32, r: u32) -> u32;
    /// Whether a layout `width` bits wide whose steps shift by `shifts` (left and right
    /// shifts) is stepped right by [`Bits::step_by`]: on 64 bits where it fits them and
    /// no step shifts by 64 or more, on 128 where the left shift loses no cell (the width
    /// and [`WIDE_MARGIN`] fit 128 bits) and no step shifts by more than the margin.
    fn fits(width: u32, shifts: impl IntoIterator<Item = u32>) -> bool;
    fn count(self) -> u32;
    /// The lowest bit's index.
    fn lowest(self) -> u32;
    /// The highest bit's index (of a set that is not empty).
    fn highest(self) -> u32;
    /// The set of the lowest bit alone.
    fn low(self) -> Self;
}

/// On 128 bits, how far a step shifts left before its constant right shift (see
/// [`Bits::amount`]): the most a step of a 128-bit layout may shift right, and the bits
/// left above the layout.
pub const WIDE_MARGIN: u32 = 16;

macro_rules! bits {
    ($t:ty, $($step:item)*) => {
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
            $($step)*
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

bits! {
    u64,
    #[inline(always)]
    fn step_by(self, amount: u32) -> Self {
        self.rotate_left(amount)
    }
    fn amount(l: u32, r: u32) -> u32 {
        (l + 64 - r) % 64
    }
    fn fits(width: u32, shifts: impl IntoIterator<Item = u32>) -> bool {
        width <= 64 && shifts.into_iter().all(|s| s < 64)
    }
}
bits! {
    u128,
    #[inline(always)]
    fn step_by(self, amount: u32) -> Self {
        (self << (amount & 63)) >> WIDE_MARGIN
    }
    fn amount(l: u32, r: u32) -> u32 {
        WIDE_MARGIN + l - r
    }
    fn fits(width: u32, shifts: impl IntoIterator<Item = u32>) -> bool {
        width + WIDE_MARGIN <= 128 && shifts.into_iter().all(|s| s <= WIDE_MARGIN)
    }
}

#[cfg(test)]
mod tests {
    use super::{Bits, WIDE_MARGIN};

    /// A few sets of cells spread over the low `width` bits.
    fn sets(width: u32) -> Vec<u128> {
        let mask = if width == 128 { u128::MAX } else { (1u128 << width) - 1 };
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        (0..64)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x & mask
            })
            .collect()
    }

    /// On a layout that fits, a step by its amount is the step `(set << l) >> r` of the
    /// cells it keeps on the layout, on either width; and the step back undoes it.
    #[test]
    fn a_step_by_its_amount_is_the_shift() {
        for s in 0..=WIDE_MARGIN {
            for (l, r) in [(s, 0), (0, s)] {
                let width = 128 - WIDE_MARGIN;
                assert!(u128::fits(width, [l, r]));
                for x in sets(width) {
                    // The cells whose step stays on the layout.
                    let x = x & (u128::MAX >> (128 - width + l)) & !((1u128 << r) - 1);
                    let stepped = (x << l) >> r;
                    assert_eq!(x.step_by(u128::amount(l, r)), stepped, "128 bits, l {l} r {r}");
                    assert_eq!(stepped.step_by(u128::amount(r, l)), x, "128 bits back, l {l} r {r}");
                    let y = x as u64 & ((u64::MAX >> l) & !((1u64 << r) - 1));
                    assert_eq!(y.step_by(u64::amount(l, r)), (y << l) >> r, "64 bits, l {l} r {r}");
                }
            }
        }
    }

    /// Which 128-bit layouts fit: the margin above the layout, no step longer than it.
    #[test]
    fn what_fits_128_bits() {
        assert!(u128::fits(128 - WIDE_MARGIN, [WIDE_MARGIN, 1]));
        assert!(!u128::fits(129 - WIDE_MARGIN, [1]));
        assert!(!u128::fits(78, [WIDE_MARGIN + 1]));
        assert!(u64::fits(64, [63]));
        assert!(!u64::fits(64, [64]));
    }
}
