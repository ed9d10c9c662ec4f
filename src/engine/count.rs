//! Counting legal moves without storing them (bulk counting at the leaves of perft).

use super::moves::{MoveList, MoveRef, Routes};
use super::position::Position;
use crate::compile::Rules;

impl Position {
    /// The number of legal moves, as [`Position::generate`] would list them, without
    /// storing quiet moves (bulk counting at the leaves of perft); `list` is scratch.
    ///
    /// ```
    /// use polydame::{load_variant, MoveList, Position, Routes};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let mut pos = Position::start(&rules);
    /// assert_eq!(pos.count_moves(&rules, &mut MoveList::new(), Routes::Distinct), 9);
    /// ```
    pub fn count_moves(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) -> usize {
        if self.over {
            return 0;
        }
        if let Some(f) = rules.fast_rules() {
            list.reset(self.hash);
            return f.count(self, list, routes).unwrap_or_else(|| {
                list.exceeded = true;
                0
            });
        }
        if rules.count_by_generating {
            self.generate(rules, list, routes);
            return list.len();
        }
        self.gen_captures_by(rules, list, routes, rules.capture.ranks(), Self::count_only(rules, routes));
        let captures = list.moves.len() + list.counted;
        // Captures are compulsory for every kind or for none (else moves are generated).
        if captures > 0 && rules.optional_captures == 0 {
            return captures;
        }
        captures + self.gen_quiet::<true>(rules, list, self.pieces[self.side])
    }

    /// Whether captures can be counted without storing them: every route is a move when
    /// routes are counted, and no two rules of a kind can find the same one.
    fn count_only(rules: &Rules, routes: Routes) -> bool {
        routes != Routes::Distinct && rules.one_capture_rule
    }

    /// Whether the side to move might have a capture: false only where the fast path's
    /// quick test finds that no piece can capture (always true without the fast path).
    pub(crate) fn might_capture(&self, rules: &Rules) -> bool {
        rules.fast_rules().is_none_or(|f| f.might_capture(self))
    }

    /// The number of legal moves after `m` (a move of a list generated in this position),
    /// as [`Position::count_moves`] gives it, with `child` as scratch: bulk counting one
    /// ply above the leaves of perft (the move played, the replies counted, the move
    /// taken back).
    ///
    /// ```
    /// use polydame::{load_variant, MoveList, Position, Routes};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let mut pos = Position::start(&rules);
    /// let (mut list, mut child) = (MoveList::new(), MoveList::new());
    /// pos.generate(&rules, &mut list, Routes::Distinct);
    /// let replies: usize = list.iter().map(|m| pos.count_after(&rules, m, &mut child, Routes::Distinct)).sum();
    /// assert_eq!(replies, 81); // perft 2
    /// ```
    ///
    /// # Panics
    ///
    /// If `m`'s list was generated in another position.
    pub fn count_after(&mut self, rules: &Rules, m: MoveRef, child: &mut MoveList, routes: Routes) -> usize {
        if m.is_pass() && self.pass_ends(rules) {
            return 0;
        }
        let undo = self.make(rules, m);
        let n = self.count_moves(rules, child, routes);
        self.unmake(rules, m, undo);
        n
    }
}
