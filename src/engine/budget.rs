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

/// What may stop a capture search before its budget is spent: a flag set from another
/// thread (a GUI's "stop", a client gone), or a moment past which the search stops (a
/// player's time). A [`MoveList`](crate::MoveList) given one
/// ([`MoveList::stop_on`](crate::MoveList::stop_on)) is filled by searches that look at
/// it every [`STOP_EVERY`] steps; a search it stops leaves the list incomplete, as the
/// budget does, and says so ([`MoveList::stopped`](crate::MoveList::stopped)).
#[derive(Clone, Debug, Default)]
pub struct Stop {
    flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    deadline: Option<std::time::Instant>,
}

/// The steps a capture search takes between two looks at its [`Stop`]: a few tens of
/// microseconds of search, so that a stop is heard within a millisecond.
pub const STOP_EVERY: u64 = 4096;

impl Stop {
    /// A stop on `flag` (when set), at `deadline` (when passed), or both.
    pub fn new(flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>, deadline: Option<std::time::Instant>) -> Stop {
        Stop { flag, deadline }
    }

    /// Whether the search must stop now.
    pub fn now(&self) -> bool {
        self.flag.as_ref().is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
            || self.deadline.is_some_and(|d| std::time::Instant::now() >= d)
    }

    /// The steps a search may take before its next look at `stop` (none: the budget),
    /// and never more than `budget`.
    pub(crate) fn first_look(stop: Option<&Stop>, budget: u64) -> u64 {
        if stop.is_some() { budget.min(STOP_EVERY) } else { budget }
    }

    /// At a search's look after `steps` steps under `budget`: `None` if the search must end
    /// (the budget is spent, or `stop` says so), else the steps of its next look.
    #[cold]
    pub(crate) fn next_look(stop: Option<&Stop>, steps: u64, budget: u64) -> Option<u64> {
        if steps > budget || stop.is_some_and(Stop::now) {
            return None;
        }
        Some(budget.min(steps + STOP_EVERY))
    }
}

impl PartialEq for Stop {
    /// The same flag (the same allocation) and the same deadline.
    fn eq(&self, other: &Stop) -> bool {
        let same_flag = match (&self.flag, &other.flag) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_flag && self.deadline == other.deadline
    }
}

impl Eq for Stop {}
