//! `[cells]`: named cell sets, each a cell expression that the file's other cell
//! expressions (promotion cells, setups, conditions, ...) may use by its name.

use super::Checker;
use crate::geometry::{Notation, NotationKind};
use crate::spec::Side;
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::lower::{Board, NamedCells};
use crate::spec::raw::{Ordered, SStr};

/// The most named cell sets (`[cells]`) a variant may have.
pub const MAX_NAMED_CELLS: usize = 256;

/// The words a named set may not take: what cell expressions already name.
const TAKEN: [&str; 10] = ["all", "none", "dark", "light", "row", "rows", "rank", "ranks", "column", "edge"];

impl Checker<'_> {
    /// The named cell sets, in file order (at most [`MAX_NAMED_CELLS`]), each lowered once
    /// on the board with the sets named before it (so that no set names itself, even
    /// through others); a use of a name reads what was lowered here.
    pub(super) fn named_cells(&mut self, raw: Option<&Ordered<SStr>>, board: &Board) -> Vec<NamedCells> {
        let mut named: Vec<NamedCells> = Vec::new();
        let Some(raw) = raw else { return named };
        if let Some((_, extra)) = raw.0.get(MAX_NAMED_CELLS) {
            let message = format!("more than {MAX_NAMED_CELLS} named cell sets");
            self.err(Diagnostic::new(DiagnosticKind::OutOfRange, message, extra.span(), "one set too many"));
        }
        for (i, (name, s)) in raw.0.iter().enumerate().take(MAX_NAMED_CELLS) {
            if let Err(d) = self.set_name(name, s, board) {
                self.err(d);
                continue;
            }
            let Some(e) = self.parse(s) else { continue };
            self.no_condition(&e, "a named cell set takes no `where` condition", "not here");
            let earlier = Board { named: &named, ..*board };
            let lowered = NamedCells::lower(name, &e.body, &earlier.side(Side::White, false));
            let later = |d: &Diagnostic| raw.0[i..].iter().any(|(n, _)| self.source.get(d.span.clone()) == Some(n.as_str()));
            match lowered {
                Ok(set) => named.push(set),
                Err(d) if d.kind == DiagnosticKind::UnknownName && later(&d) => {
                    let help =
                        format!("the sets of `[cells]` are read in file order, and this one is named at or after `{name}`: name it first");
                    self.err(Diagnostic { help: Some(help), ..d });
                }
                Err(d) => self.err(d),
            }
        }
        named
    }

    /// Whether `name` may name a set: a name of the expression language that no cell and
    /// no word of cell expressions has.
    fn set_name(&self, name: &str, s: &SStr, board: &Board) -> Result<(), Diagnostic> {
        let span = s.span();
        let word = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !word {
            return Err(Diagnostic::new(DiagnosticKind::Malformed, format!("`{name}` cannot name a cell set"), span, "this set's name")
                .help("a set's name is letters, digits, `_` and `-`, starting with a letter or `_`: `TRIANGLES`, `own_half`"));
        }
        let cell = Notation::new(board.g, NotationKind::Algebraic).parse(name).is_some()
            || name.len() > 1 && name[..1].chars().all(|c| c.is_ascii_alphabetic()) && name[1..].chars().all(|c| c.is_ascii_digit());
        if cell || TAKEN.contains(&name) {
            return Err(Diagnostic::new(
                DiagnosticKind::Duplicate,
                format!("`{name}` already names {}", if cell { "a cell" } else { "cells" }),
                span,
                "this set's name",
            )
            .help("name the set otherwise: `TRIANGLES`, `own_half`"));
        }
        Ok(())
    }
}
