//! A position's value in a table: one `u16`, its top two bits the result for the side to
//! move, the other fourteen the plies to the end of the game under best play.

/// The index is no position (two pieces on one cell).
pub(crate) const NOT_A_POSITION: u16 = 0;
/// The result bits of a draw.
pub(crate) const DRAW: u16 = 1;
/// The result bits of a win for the side to move.
pub(crate) const WIN: u16 = 2;
/// The result bits of a loss for the side to move.
pub(crate) const LOSS: u16 = 3;
/// The longest distance a table holds, in plies (fourteen bits, less one so that a level
/// past it is seen before it is stored).
pub(crate) const MAX_PLIES: u16 = (1 << 14) - 2;

/// A value of these result bits and plies.
#[inline]
pub(crate) fn make(wdl: u16, plies: u16) -> u16 {
    wdl << 14 | plies
}

/// The result bits of a value.
#[inline]
pub(crate) fn wdl_of(v: u16) -> u16 {
    v >> 14
}

/// The plies of a value.
#[inline]
pub(crate) fn plies(v: u16) -> u16 {
    v & ((1 << 14) - 1)
}
