//! Counting legal moves without storing them (bulk counting at the leaves of perft).

use super::moves::{MoveList, MoveRef, Routes};
use super::position::Position;
use super::sets::Sets;
use crate::compile::{Rules, kind_of};
use crate::geometry::Layout;
use crate::geometry::bits::{Bits, on_layout};

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
        on_layout!(match rules {
            bits(l: B) => {
                let origins = Sets::<B>::of(self, l).jump_origins(rules);
                self.count_moves_from(rules, l, list, routes, origins)
            },
            cells => {
                self.gen_captures_by(rules, list, routes, rules.capture.precedence(), Self::count_only(rules, routes));
                self.and_quiet(rules, list, |p, list| p.gen_quiet::<true>(rules, list, p.pieces[p.side]))
            },
        })
    }

    /// Whether captures can be counted without storing them: every route is a move when
    /// routes are counted, and no two rules of a kind can find the same one.
    fn count_only(rules: &Rules, routes: Routes) -> bool {
        routes != Routes::Distinct && rules.one_capture_rule
    }

    /// The captures found (stored or counted in `list`), and unless one is compulsory,
    /// the quiet moves `quiet` counts.
    #[inline]
    fn and_quiet(&mut self, rules: &Rules, list: &mut MoveList, quiet: impl FnOnce(&mut Self, &mut MoveList) -> usize) -> usize {
        let captures = list.moves.len() + list.counted;
        // Captures are compulsory for every kind or for none (else moves are generated).
        if captures > 0 && rules.optional_captures == 0 {
            return captures;
        }
        captures + quiet(self, list)
    }

    /// [`Position::count_moves`] on bit sets, given the position's
    /// [`Sets::jump_origins`].
    fn count_moves_from<B: Bits>(&mut self, rules: &Rules, l: &Layout, list: &mut MoveList, routes: Routes, origins: (B, B)) -> usize {
        let count_only = Self::count_only(rules, routes);
        self.gen_captures_from(rules, l, list, routes, rules.capture.precedence(), count_only, origins);
        self.and_quiet(rules, list, |p, list| p.count_quiet_mixed::<B>(rules, l, list))
    }

    /// Quiet moves counted on bit sets, and one by one for the kinds that cannot be.
    fn count_quiet_mixed<B: Bits>(&mut self, rules: &Rules, l: &Layout, list: &mut MoveList) -> usize {
        let (n, slow) = Sets::<B>::of(self, l).count_quiet(rules);
        if slow == 0 {
            return n;
        }
        let pieces = self.pieces[self.side].iter().filter(|&c| slow >> kind_of(self.board[c]) & 1 == 1).collect();
        n + self.gen_quiet::<true>(rules, list, pieces)
    }

    /// Whether the side to move might have a capture: false only where the fast path's
    /// quick test finds that no piece can capture (always true without the fast path).
    pub(crate) fn might_capture(&self, rules: &Rules) -> bool {
        rules.fast_rules().is_none_or(|f| f.might_capture(self))
    }

    /// The number of legal moves after `m` (a move of a list generated in this position),
    /// as [`Position::count_moves`] gives it, with `child` as scratch: bulk counting one
    /// ply above the leaves of perft. Where bit sets suffice (a board with a bit layout
    /// whose kinds all count their quiet moves on it; `polydame show` says which) and show
    /// that the position after `m` has no capture, its quiet moves are counted on the bit
    /// sets alone, without playing `m` on the board.
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
        if m.is_pass() && rules.pass_ends() {
            return 0;
        }
        if !rules.bit_leaves || rules.fast_rules().is_some() {
            return self.count_after_make(rules, m, child, routes);
        }
        on_layout!(match rules {
            bits(l: B) => self.count_after_bits::<B>(rules, l, m, child, routes),
            cells => self.count_after_make(rules, m, child, routes),
        })
    }

    /// [`Position::count_after`] by playing the move.
    fn count_after_make(&mut self, rules: &Rules, m: MoveRef, child: &mut MoveList, routes: Routes) -> usize {
        let undo = self.make(rules, m);
        let n = self.count_moves(rules, child, routes);
        self.unmake(rules, m, undo);
        n
    }

    /// [`Position::count_after`] where bit sets suffice.
    fn count_after_bits<B: Bits>(&mut self, rules: &Rules, l: &Layout, m: MoveRef, child: &mut MoveList, routes: Routes) -> usize {
        self.assert_generated_here(m);
        let after = Sets::<B>::after(self, rules, l, m);
        let origins = after.jump_origins(rules);
        if !after.may_have_capture(rules, origins) {
            let (n, slow) = after.count_quiet(rules);
            debug_assert_eq!(slow, 0, "bit_leaves: every kind's quiet moves count on bit sets");
            return n;
        }
        let undo = self.make(rules, m);
        let n = self.count_moves_from(rules, l, child, routes, origins);
        self.unmake(rules, m, undo);
        n
    }
}
