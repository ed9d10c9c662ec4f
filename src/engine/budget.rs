//! The capture search's budget: how many steps the search of one position may take
//! before it gives up. A few positions of a few variants have more capture sequences than
//! any machine can list (a flying king facing forty scattered men, on a large board, with
//! pieces removed as they are taken); without a bound, one such position in a game record
//! would stall a whole archive.

use super::position::Position;
use crate::compile::Rules;

/// The budget a variant's rules start with: capture-search steps per position. Every
/// game of the real archives the project is checked against replays within 300 steps a
/// position; a search of this size takes under a second.
pub const DEFAULT_CAPTURE_BUDGET: u64 = 5_000_000;

/// The capture search of a position took more steps than the rules' budget (see
/// [`Rules::set_capture_budget`]): its moves are not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the capture search of {fen} passed its budget of {budget} steps: the position has more capture sequences than the budget allows")]
pub struct BudgetExceeded {
    /// The budget that was exceeded.
    pub budget: u64,
    /// The position whose captures were being searched, as FEN.
    pub fen: String,
}

impl BudgetExceeded {
    /// The error for `pos`, searched under `rules`.
    pub(crate) fn at(rules: &Rules, pos: &Position) -> BudgetExceeded {
        BudgetExceeded { budget: rules.capture_budget(), fen: crate::record::write_fen(rules, pos) }
    }
}
