//! `[drops]` and the hands of `[setup]`: pieces placed from a hand.

use super::{Checker, kind_index, one_of};
use crate::geometry::DirSet;
use crate::spec::checked::{BySide, CaptureRules, Drops};
use crate::spec::condition::Test;
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::lower::{Board, lower_condition, side_dirs};
use crate::spec::raw::{RawDrops, RawSetup, SStr};
use toml::Spanned;

impl Checker<'_> {
    /// `[drops]` with the hands of `[setup]`: each needs the other.
    pub(super) fn drops(
        &mut self,
        raw: Option<&Spanned<RawDrops>>,
        setup: &Spanned<RawSetup>,
        board: &Board,
        kind_names: &[String],
        capture: &CaptureRules,
        columns: bool,
    ) -> Option<Drops> {
        let s = setup.get_ref();
        let hands = [self.hand(&s.white_hand, "`white_hand`"), self.hand(&s.black_hand, "`black_hand`")];
        let Some(raw) = raw else {
            if let Some(h) = s.white_hand.as_ref().or(s.black_hand.as_ref()) {
                self.err(
                    Diagnostic::new(DiagnosticKind::MissingKey, "pieces in hand, but no `[drops]`", h.span(), "a hand here")
                        .help("add a `[drops]` table that says which kind is placed, and where"),
                );
            }
            return None;
        };
        if hands == [Some(0), Some(0)] {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "`[drops]`, but no side holds pieces in hand", raw.span(), "drops here")
                    .help("give `white_hand = N` or `black_hand = N` in `[setup]`"),
            );
        }
        self.drops_beside(raw, capture, columns);
        let r = raw.get_ref();
        let kind = self.ok(kind_index(&r.kind, kind_names));
        let cells = self.relative_cells(&r.cells, board);
        let per_turn = match &r.per_turn {
            Some(_) => self.int(&r.per_turn, "`per_turn`", 1..3).map(|n| n as u8),
            None => Some(1),
        };
        let condition = r.condition.as_ref().and_then(|c| self.drop_condition(c, board));
        let next = per_turn.and_then(|n| self.next_placement(r, n, board));
        let enclose = match &r.enclose {
            Some(e) => self.dirs(e, board)?,
            None => [DirSet::EMPTY; 2],
        };
        let first_anywhere = r.first_anywhere.as_ref().is_some_and(|b| *b.get_ref());
        let incomplete_wins = self.incomplete(r, per_turn?)?;
        let hand = [hands[0]?, hands[1]?];
        Some(Drops {
            kind: kind?,
            cells: cells?,
            per_turn: per_turn?,
            condition,
            next: next?,
            first_anywhere,
            enclose,
            hand,
            incomplete_wins,
            before_moves: r.before_moves.as_ref().is_some_and(|b| *b.get_ref()),
        })
    }

    /// A hand's count, 0 to 255 (0 if not given; `None` if out of range).
    fn hand(&mut self, v: &Option<Spanned<i64>>, what: &str) -> Option<u8> {
        match v {
            Some(_) => self.int(v, what, 0..256).map(|n| n as u8),
            None => Some(0),
        }
    }

    /// A direction set given as a key's value.
    fn dirs(&mut self, s: &SStr, board: &Board) -> Option<BySide<DirSet>> {
        let e = self.parse(s)?;
        self.no_condition(&e, "a direction set takes no `where` condition", "not here");
        self.ok(side_dirs(&e.body, board))
    }

    /// `next`: given with two placements a turn, and only then.
    fn next_placement(&mut self, r: &RawDrops, per_turn: u8, board: &Board) -> Option<BySide<DirSet>> {
        match (&r.next, per_turn) {
            (Some(n), 2) => self.dirs(n, board),
            (None, 1) => Some([DirSet::EMPTY; 2]),
            (Some(n), _) => {
                self.err(
                    Diagnostic::new(DiagnosticKind::ConflictingKeys, "`next` with one placement a turn", n.span(), "no second placement")
                        .help("`next` says where a turn's second piece goes: add `per_turn = 2`, or remove `next`"),
                );
                None
            }
            (None, _) => {
                let span = r.per_turn.as_ref().map_or(0..0, |p| p.span());
                self.err(
                    Diagnostic::new(DiagnosticKind::MissingKey, "two placements a turn, but no `next`", span, "two a turn")
                        .help("say where the second piece goes from the first, e.g. `next = \"orthogonal\"`"),
                );
                None
            }
        }
    }

    /// `incomplete`: whether a first piece with no place for the second wins; only with
    /// two placements a turn.
    fn incomplete(&mut self, r: &RawDrops, per_turn: u8) -> Option<bool> {
        let Some(i) = &r.incomplete else { return Some(false) };
        let wins = self.ok(one_of(i, &[("not-placed", false), ("wins", true)], "incomplete-turn rule"))?;
        if per_turn != 2 {
            self.err(
                Diagnostic::new(DiagnosticKind::ConflictingKeys, "`incomplete` with one placement a turn", i.span(), "no second placement")
                    .help(
                        "`incomplete` says what a turn's first piece does when the second has no place: add `per_turn = 2`, or remove it",
                    ),
            );
            return None;
        }
        Some(wins)
    }

    /// The `where` of the first placement: tests about where the piece goes only.
    fn drop_condition(&mut self, c: &SStr, board: &Board) -> Option<crate::spec::Condition> {
        let e = self.parse(c)?;
        self.no_condition(&e, "write the condition alone, without `where`", "not here");
        let cond = self.ok(lower_condition(&e.body, board, false))?;
        if cond.tests().iter().any(|t| matches!(t, Test::Touched { .. } | Test::Inward)) {
            self.err(
                Diagnostic::new(DiagnosticKind::WrongExpression, "a placement comes from no cell", c.span(), "in this condition")
                    .help("a placement's condition may test only where the piece goes: `touches(own|enemy, DIRS)` and `sees_enemy`"),
            );
            return None;
        }
        Some(cond)
    }

    /// Rules that `[drops]` does not go with: columns, huffing.
    fn drops_beside(&mut self, raw: &Spanned<RawDrops>, capture: &CaptureRules, columns: bool) {
        let other = if columns {
            Some("`[columns]`")
        } else if capture.huff != crate::spec::Huff::None {
            Some("huffing (`[capture] huff`)")
        } else {
            None
        };
        if let Some(other) = other {
            self.err(
                Diagnostic::new(DiagnosticKind::ConflictingKeys, format!("`[drops]` with {other}"), raw.span(), "drops here")
                    .help("placing pieces from a hand is not combined with columns or huffing: remove one of them"),
            );
        }
    }
}
