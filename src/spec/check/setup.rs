//! `[setup]`: the start position.

use super::{kind_index, Checker};
use crate::geometry::CellSet;
use crate::spec::checked::Side;
use crate::spec::diag::{line_col, Diagnostic, DiagnosticKind};
use crate::spec::lower::{lower_cells, Board};
use crate::spec::raw::RawSetup;

impl Checker<'_> {
    /// The cells and kind of each side's pieces; no cell may be given to both sides.
    pub(super) fn setup(&mut self, raw: &RawSetup, board: &Board, kind_names: &[String]) -> [Vec<(u16, u8)>; 2] {
        let mut setup: [Vec<(u16, u8)>; 2] = [Vec::new(), Vec::new()];
        let mut white_cells = CellSet::EMPTY;
        for side in Side::BOTH {
            let (expr, kind) = match side {
                Side::White => (&raw.white, &raw.white_kind),
                Side::Black => (&raw.black, &raw.black_kind),
            };
            let k = kind.as_ref().and_then(|k| self.ok(kind_index(k, kind_names))).unwrap_or(0);
            let Some(e) = self.parse(expr) else { continue };
            self.no_condition(&e, "cell sets take no `where` condition", "not here");
            let Some(cells) = self.ok(lower_cells(&e.body, &board.side(side, false))) else { continue };
            let overlap = cells.intersection(&white_cells);
            if let Some(c) = overlap.iter().next() {
                let (line, col) = line_col(self.source, raw.white.span().start);
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::OverlappingSetup,
                        format!("the setup puts both sides on {} cell(s), first {}", overlap.len(), board.n.name(c)),
                        expr.span(),
                        "overlaps White's cells",
                    )
                    .help(format!("White's cells are set at line {line}, column {col}; give each cell to one side")),
                );
            }
            setup[side as usize].extend(cells.iter().map(|c| (c, k)));
            if side == Side::White {
                white_cells = cells;
            }
        }
        setup
    }
}
