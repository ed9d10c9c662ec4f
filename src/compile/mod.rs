//! From a checked [`Spec`](crate::spec::Spec) to [`Rules`]: the immutable tables the engine
//! runs on, built once per variant, and a deterministic text dump of them.

mod capture;
mod condition_words;
mod dump;
pub(crate) use condition_words::condition_words;
pub(crate) use dump::dir_list;
pub(crate) mod fast;
mod kinds;
mod rank;
mod rules;
mod summary;

use crate::spec::Side;

pub use capture::{CapRule, CaptureSettings, Shape};
pub use fast::FastRefusal;
pub use kinds::{KindTable, MoveRule, NO_DIR_INDEX, NO_PROMOTION};
pub(crate) use rank::RankKey;
pub use rules::{Engine, Rules};

/// The budget a variant's rules start with: capture-search steps per position. Every
/// game of the real archives the project is checked against replays within 300 steps a
/// position; a search of this size takes under a second.
pub const DEFAULT_CAPTURE_BUDGET: u64 = 5_000_000;

/// The off-board marker in a board array.
pub const OFF: u8 = 0xFF;
/// The empty cell.
pub const EMPTY: u8 = 0;
/// Set on a captured piece that stays on the board until its move ends.
pub const DEAD: u8 = 0x80;

/// The board code of a piece: `1 + side * 8 + kind`.
#[inline]
pub fn code(side: Side, kind: u8) -> u8 {
    1 + (side as u8) * 8 + kind
}

/// Side index of a live piece code; 31 for empty, off-board and dead cells.
#[inline]
pub fn side_of(code: u8) -> u8 {
    code.wrapping_sub(1) >> 3
}

/// Kind of a piece code.
#[inline]
pub fn kind_of(code: u8) -> u8 {
    (code.wrapping_sub(1)) & 7
}
