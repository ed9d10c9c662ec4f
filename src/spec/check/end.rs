//! `[end]`: how the game ends.

use super::{one_of, Checker};
use crate::spec::checked::{EndRules, NoMoves};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::RawEnd;

impl Checker<'_> {
    /// `[end]` over the defaults of [`EndRules`]; a bad key keeps its default.
    pub(super) fn end(&mut self, e: &RawEnd) -> EndRules {
        let mut end = EndRules::default();
        if let Some(n) = &e.no_moves {
            let r = one_of(n, &[("loss", NoMoves::Loss), ("win", NoMoves::Win), ("pass", NoMoves::Pass)], "outcome");
            if let Some(v) = self.ok(r) {
                end.no_moves = v;
            }
        }
        end.no_pieces_wins = end.no_moves == NoMoves::Win;
        if let Some(n) = &e.no_pieces {
            if let Some(v) = self.ok(one_of(n, &[("loss", false), ("win", true)], "outcome")) {
                end.no_pieces_wins = v;
            }
        }
        if let Some(p) = &e.promotion_wins {
            end.promotion_wins = *p.get_ref();
        }
        end.repetition = self.int(&e.repetition, "`repetition`", 2..256).map(|v| v as u8);
        match (&e.passes_draw, end.no_moves) {
            (_, NoMoves::Pass) => end.passes_draw = Some(self.int(&e.passes_draw, "`passes_draw`", 1..256).unwrap_or(2) as u8),
            (Some(p), _) => self.err(
                Diagnostic::new(DiagnosticKind::ConflictingKeys, "`passes_draw` without passes", p.span(), "no side ever passes")
                    .help("a side passes only with `no_moves = \"pass\"`"),
            ),
            (None, _) => {}
        }
        end
    }
}
