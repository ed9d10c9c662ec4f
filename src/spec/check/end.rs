//! `[end]`: how the game ends.

use super::{one_of, Checker};
use crate::spec::checked::EndRules;
use crate::spec::raw::RawEnd;

impl Checker<'_> {
    /// `[end]` over the defaults of [`EndRules`]; a bad key keeps its default.
    pub(super) fn end(&mut self, e: &RawEnd) -> EndRules {
        let mut end = EndRules::default();
        if let Some(n) = &e.no_moves {
            let r = one_of(n, &[("loss", false), ("win", true)], "outcome");
            if let Some(v) = self.ok(r) {
                end.no_moves_wins = v;
            }
        }
        if let Some(p) = &e.promotion_wins {
            end.promotion_wins = *p.get_ref();
        }
        end.repetition = self.int(&e.repetition, "`repetition`", 2..256).map(|v| v as u8);
        end
    }
}
