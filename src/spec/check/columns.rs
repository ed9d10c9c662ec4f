//! `[columns]`: captured pieces kept in columns under the capturer.

use super::{Checker, one_of};
use crate::spec::checked::{BySide, CaptureRules, Removal};
use crate::spec::columns::{ColumnTake, Columns, JumpAgain};
use crate::spec::diag::{Diagnostic, DiagnosticKind, line_col};
use crate::spec::raw::{RawCapture, RawColumns};
use toml::Spanned;

impl Checker<'_> {
    /// `[columns]`, against the capture rules and the setup it must fit.
    pub(super) fn columns(
        &mut self,
        c: &Spanned<RawColumns>,
        raw_capture: Option<&Spanned<RawCapture>>,
        capture: &CaptureRules,
        setup: &BySide<Vec<(u16, u8)>>,
    ) -> Columns {
        let mut columns = Columns { take: ColumnTake::Top, jump_again: JumpAgain::Any };
        let raw = c.get_ref();
        if let Some(t) = &raw.take
            && let Some(v) = self.ok(one_of(t, &[("top", ColumnTake::Top), ("column", ColumnTake::Column)], "column take rule"))
        {
            columns.take = v;
        }
        if let Some(j) = &raw.jump_again {
            if let Some(v) = self.ok(one_of(j, &[("any", JumpAgain::Any), ("not-next", JumpAgain::NotNext)], "jump-again rule")) {
                columns.jump_again = v;
            }
            if columns.take == ColumnTake::Column {
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::ConflictingKeys,
                        "`jump_again` with `take = \"column\"`",
                        j.span(),
                        "a jumped column leaves its cell whole",
                    )
                    .help("a column taken whole cannot be jumped again: remove `jump_again`, or take only the top (`take = \"top\"`)"),
                );
            } else if capture.removal == Removal::End {
                let mut d = Diagnostic::new(
                    DiagnosticKind::ConflictingKeys,
                    "`jump_again` with `removal = \"end\"`",
                    j.span(),
                    "a jumped column blocks until the move ends",
                )
                .help("with `removal = \"end\"` a column is jumped at most once per move; set `removal = \"immediate\"` in `[capture]` to let a column be jumped again");
                if let Some(r) = raw_capture.and_then(|rc| rc.get_ref().removal.as_ref()) {
                    let (line, _) = line_col(self.source, r.span().start);
                    d.label = format!("a jumped column blocks until the move ends (`removal` at line {line})");
                }
                self.err(d);
            }
        }
        let pieces = setup[0].len() + setup[1].len();
        if pieces > Columns::MAX_HEIGHT {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::OutOfRange,
                    format!("a game with columns may have at most {} pieces, and this setup has {pieces}", Columns::MAX_HEIGHT),
                    c.span(),
                    "columns here",
                )
                .help("every piece may end up in one column, and a column holds at most 33 pieces"),
            );
        }
        columns
    }
}
