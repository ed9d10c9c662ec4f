//! The capture search's budget: how many steps the search of one position may take
//! before it gives up. A few positions of a few variants have more capture sequences than
//! any machine can list (a flying king facing forty scattered men, on a large board, with
//! pieces removed as they are taken); without a bound, one such position in a game record
//! would stall a whole archive.

use super::position::Position;
use crate::compile::Rules;

/// The capture search of a position took more steps than the rules' budget (see
/// [`Rules::set_capture_budget`]): its moves are not known. It carries the position; a
/// caller that can write it as text names it with [`BudgetExceeded::describe`] (the
/// engine writes no FEN).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe("a position"))]
pub struct BudgetExceeded {
    /// The budget that was exceeded.
    pub budget: u64,
    /// The position whose captures were being searched.
    pub position: Box<Position>,
}

impl BudgetExceeded {
    /// The error for `pos`, searched under `rules`.
    pub(crate) fn at(rules: &Rules, pos: &Position) -> BudgetExceeded {
        BudgetExceeded { budget: rules.capture_budget(), position: Box::new(pos.clone()) }
    }

    /// The error in words, the position named by `position` (its FEN, say).
    ///
    /// ```
    /// use polydame::fen::{parse_fen, write_fen};
    /// use polydame::{MoveList, Routes, load_variant};
    ///
    /// let mut rules = load_variant("international").unwrap();
    /// rules.set_capture_budget(1);
    /// let mut pos = parse_fen(&rules, "W:WK46:B37,28,19").unwrap();
    /// let e = pos.try_generate(&rules, &mut MoveList::new(), Routes::Distinct).unwrap_err();
    /// assert!(e.describe(&write_fen(&rules, &e.position)).starts_with("the capture search of W:WK46:B19,28,37 passed its budget of 1 steps"));
    /// ```
    pub fn describe(&self, position: &str) -> String {
        format!(
            "the capture search of {position} passed its budget of {} steps: the position has more capture sequences than the budget allows",
            self.budget
        )
    }
}
