//! `[columns]` checked: how a jump takes from a column and when it may jump one again.

/// Columns: a jump takes the top piece of the jumped column and puts it at the bottom of
/// the capturing column; a column belongs to the side of its top piece and moves, captures
/// and promotes as that piece does; a piece under others comes back into play when those
/// above it are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Columns {
    /// How much of a jumped column a jump takes.
    pub take: ColumnTake,
    /// Whether a column may be jumped again by the very next jump of the same capture
    /// (with `removal = "immediate"`; with `"end"` a jumped column blocks until the move
    /// ends and is never jumped twice).
    pub jump_again: JumpAgain,
}

/// How much of a jumped column a jump takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ColumnTake {
    /// Its top piece; the rest of the column stays (Lasca, Bashni).
    Top,
    /// The whole column, which goes under the capturer in its order; the cell is left
    /// empty.
    Column,
}

/// When a capture may jump a column it has jumped already (its new top an enemy piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JumpAgain {
    /// At any jump, the very next one included (Lasca as Ludii encodes it).
    Any,
    /// Not by the very next jump; after another capture it may (Bashni).
    NotNext,
}

impl Columns {
    /// The most pieces a column holds: the engine keeps the pieces under a top piece in
    /// one 128-bit word, four bits each.
    pub const MAX_HEIGHT: usize = 33;
}
