//! `[setup]`: the start position.

use super::{Checker, kind_index};
use crate::spec::checked::{BySide, Side};
use crate::spec::diag::{Diagnostic, DiagnosticKind, line_col};
use crate::spec::lower::{Board, lower_cells};
use crate::spec::raw::{RawSetup, SStr};

impl Checker<'_> {
    /// The cells and kind of each side's pieces: `white`/`black` (of the first kind, or of
    /// `white_kind`/`black_kind`), then `[setup.kinds.NAME]`; no cell may be given twice.
    pub(super) fn setup(&mut self, raw: &RawSetup, board: &Board, kind_names: &[String]) -> BySide<Vec<(u16, u8)>> {
        let kind_of = |c: &mut Self, k: &Option<SStr>| k.as_ref().and_then(|k| c.ok(kind_index(k, kind_names))).unwrap_or(0);
        let mut entries: Vec<(Side, u8, &SStr)> =
            vec![(Side::White, kind_of(self, &raw.white_kind), &raw.white), (Side::Black, kind_of(self, &raw.black_kind), &raw.black)];
        for (name, table) in raw.kinds.iter().flat_map(|k| &k.0) {
            let Some(k) = self.ok(kind_index(&SStr::new(table.span(), name.clone()), kind_names)) else { continue };
            let t = table.get_ref();
            entries.extend(t.white.iter().map(|e| (Side::White, k, e)));
            entries.extend(t.black.iter().map(|e| (Side::Black, k, e)));
        }
        let mut setup: BySide<Vec<(u16, u8)>> = [Vec::new(), Vec::new()];
        // Every cell given so far, with the side and the text that gave it.
        let mut given: Vec<(u16, Side, &SStr)> = Vec::new();
        for (side, k, expr) in entries {
            let Some(e) = self.parse(expr) else { continue };
            self.no_condition(&e, "cell sets take no `where` condition", "not here");
            let Some(cells) = self.ok(lower_cells(&e.body, &board.side(side, false))) else { continue };
            let twice: Vec<(u16, Side, &SStr)> = given.iter().filter(|(c, _, _)| cells.contains(*c)).copied().collect();
            if let Some(&(c, other, first)) = twice.first() {
                self.overlap(side, expr, other, first, twice.len(), board.n.name(c));
            }
            given.extend(cells.iter().map(|c| (c, side, expr)));
            setup[side].extend(cells.iter().map(|c| (c, k)));
        }
        setup
    }

    /// Cells of `expr` already given by `first` (of side `other`).
    fn overlap(&mut self, side: Side, expr: &SStr, other: Side, first: &SStr, n: usize, cell: &str) {
        let (line, col) = line_col(self.source, first.span().start);
        let (message, fix) = if other == side {
            (format!("the setup puts two of {}'s pieces on {n} cell(s), first {cell}", side.name()), "give each cell one piece")
        } else {
            (format!("the setup puts both sides on {n} cell(s), first {cell}"), "give each cell to one side")
        };
        self.err(
            Diagnostic::new(DiagnosticKind::OverlappingSetup, message, expr.span(), format!("overlaps {}'s cells", other.name()))
                .help(format!("{}'s cells are set at line {line}, column {col}; {fix}", other.name())),
        );
    }
}
