//! `[end]`: how the game ends.

use super::{one_of, Checker};
use crate::spec::checked::{EndRules, MaterialEnd, MaterialResult, NoMoves};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::{RawEnd, RawMaterial, SStr};

impl Checker<'_> {
    /// `[end]` over the defaults of [`EndRules`]; a bad key keeps its default.
    pub(super) fn end(&mut self, e: &RawEnd, kind_names: &[String]) -> EndRules {
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
        for m in &e.material {
            if let Some(m) = self.material(m.get_ref(), kind_names) {
                end.material.push(m);
            }
        }
        end
    }

    /// One `[[end.material]]` table.
    fn material(&mut self, m: &RawMaterial, kind_names: &[String]) -> Option<MaterialEnd> {
        let results = [("loss", MaterialResult::Loss), ("draw", MaterialResult::Draw), ("win", MaterialResult::Win)];
        let result = self.ok(one_of(&m.result, &results, "result"));
        let counts = self.ok(material_counts(&m.pieces, kind_names));
        let against = match &m.against {
            None => Some(None),
            Some(a) => self.ok(material_counts(a, kind_names)).map(Some),
        };
        Some(MaterialEnd { counts: counts?, against: against?, result: result? })
    }
}

/// `"king"`, `"2 king"`, `"king + man"`: how many pieces of each kind, by kind index.
fn material_counts(s: &SStr, kind_names: &[String]) -> Result<Vec<u8>, Diagnostic> {
    let bad = |message: String| {
        Diagnostic::new(DiagnosticKind::Malformed, message, s.span(), "not a material")
            .help("write the pieces as kinds with counts joined by `+`, e.g. `\"king\"`, `\"2 king\"` or `\"king + man\"`")
    };
    let mut counts = vec![0u8; kind_names.len()];
    for part in s.get_ref().split('+') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let (n, name) = match words[..] {
            [name] => (1, name),
            [n, name] => (n.parse::<u8>().map_err(|_| bad(format!("`{n}` is not a number of pieces")))?, name),
            _ => return Err(bad(format!("`{}` is not a count and a kind", part.trim()))),
        };
        let Some(k) = kind_names.iter().position(|k| k == name) else {
            return Err(Diagnostic::unknown_name("piece kind", name, s.span(), "not a piece kind").help(crate::spec::diag::did_you_mean(
                name,
                kind_names.iter().map(String::as_str),
                format!("the kinds are: {}", kind_names.join(", ")),
            )));
        };
        counts[k] = counts[k].saturating_add(n);
    }
    if counts.iter().all(|&n| n == 0) {
        return Err(bad("a material ending names at least one piece".to_string()));
    }
    Ok(counts)
}
