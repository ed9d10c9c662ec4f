//! From the file as written to a checked [`Spec`]: names resolved, sets computed, every
//! error collected with its span. One function per table of the file, each in its own
//! file; the expressions inside the strings are lowered in [`lower`](super::lower).

mod board;
mod capture;
pub(super) mod cells;
mod columns;
mod drops;
mod end;
mod meta;
mod options;
mod pieces;
mod rings;
mod setup;
mod sides;

use super::checked::*;
use super::diag::{Diagnostic, DiagnosticKind, Diagnostics, did_you_mean};
use super::dsl;
use super::ending::EndRules;
use super::lower::{Board, lower_cells};
use super::raw::{RawVariant, SStr};
use crate::geometry::CellSet;
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;
use toml::de::DeTable;

/// Parses and checks a variant file. `file` is the name shown in diagnostics.
pub fn load(source: &str, file: &str) -> Result<Spec, Diagnostics> {
    let tree = parse(source).map_err(|d| Diagnostics::new(file, source, vec![d]))?;
    check_tree(tree, source).map_err(|items| Diagnostics::new(file, source, items))
}

/// The TOML tree of a variant file, every key and value with its span in `source`.
/// A text longer than [`MAX_VARIANT_BYTES`](super::MAX_VARIANT_BYTES) is refused unread,
/// pointing at the byte past the bound.
pub(super) fn parse(source: &str) -> Result<Spanned<DeTable<'_>>, Diagnostic> {
    let limit = super::MAX_VARIANT_BYTES;
    if source.len() > limit {
        let at = (limit..=source.len()).find(|&i| source.is_char_boundary(i)).unwrap_or(source.len());
        let message = format!("the file is {} bytes long, more than the {limit} a variant file may have", source.len());
        return Err(Diagnostic::new(DiagnosticKind::OutOfRange, message, at..at, "the limit is passed here")
            .help("a variant file is a few kilobytes: the shipped ones are under 10 KiB"));
    }
    DeTable::parse(source).map_err(|e| toml_error(&e, source))
}

/// Checks a variant given as a TOML tree whose spans point into `source`: the spec, or
/// every problem in file order.
pub(super) fn check_tree(tree: Spanned<DeTable<'_>>, source: &str) -> Result<Spec, Vec<Diagnostic>> {
    let raw = RawVariant::deserialize(toml::de::Deserializer::from(tree)).map_err(|e| vec![toml_error(&e, source)])?;
    let mut cx = Checker { source, errors: Vec::new() };
    match cx.variant(&raw) {
        Some(s) if cx.errors.is_empty() => Ok(s),
        _ => {
            let mut items = cx.errors;
            items.sort_by_key(|d| d.span.start);
            Err(items)
        }
    }
}

/// A TOML or serde error as a diagnostic.
pub(super) fn toml_error(e: &toml::de::Error, source: &str) -> Diagnostic {
    let span = e.span().unwrap_or(0..0);
    let msg = e.message().trim().to_string();
    // serde says: unknown field `foo`, expected one of `a`, `b`
    if let Some(rest) = msg.strip_prefix("unknown field `")
        && let Some((name, tail)) = rest.split_once('`')
    {
        let expected: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
        return Diagnostic::new(DiagnosticKind::UnknownKey, format!("unknown key `{name}`"), span, "not a key of this table")
            .help(did_you_mean(name, expected.iter().copied(), format!("the keys here are: {}", expected.join(", "))));
    }
    if let Some(rest) = msg.strip_prefix("missing field `") {
        let name = rest.split('`').next().unwrap_or("");
        return Diagnostic::new(DiagnosticKind::MissingKey, format!("missing key `{name}`"), span, format!("this table needs `{name}`"))
            .help("see docs/variant-format.md for the keys of each table");
    }
    // toml says only "duplicate key"; name it.
    let msg = match source.get(span.clone()) {
        Some(key) if msg == "duplicate key" && !key.is_empty() && !key.contains('\n') => format!("duplicate key `{key}`"),
        _ => msg,
    };
    // An empty span is widened to the character it points at (whole: a span never cuts a
    // character in two).
    let span = match source.get(span.start..).and_then(|rest| rest.chars().next()) {
        Some(c) if span.is_empty() => span.start..span.start + c.len_utf8(),
        _ => span,
    };
    // serde's words for a value of the wrong type or form; anything else is TOML syntax.
    let kind = if ["invalid type:", "invalid value:", "invalid length"].iter().any(|p| msg.starts_with(p)) {
        DiagnosticKind::WrongType
    } else {
        DiagnosticKind::TomlSyntax
    };
    Diagnostic::new(kind, msg.replace('\n', " "), span, "here").help("a variant file is TOML; see docs/variant-format.md")
}

/// One of a fixed list of names, as a string value: `removal = "immediate"`.
fn one_of<T: Copy>(s: &SStr, options: &[(&str, T)], what: &str) -> Result<T, Diagnostic> {
    if let Some((_, v)) = options.iter().find(|(n, _)| *n == s.get_ref()) {
        return Ok(*v);
    }
    let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
    Err(Diagnostic::unknown_name(what, s.get_ref(), s.span(), format!("not a known {what}")).help(did_you_mean(
        s.get_ref(),
        names.iter().copied(),
        format!("expected one of: {}", names.join(", ")),
    )))
}

/// The kind named by `s` among the kinds of the file.
fn kind_index(s: &SStr, kind_names: &[String]) -> Result<u8, Diagnostic> {
    let opts: Vec<(&str, u8)> = kind_names.iter().enumerate().map(|(i, n)| (n.as_str(), i as u8)).collect();
    one_of(s, &opts, "piece kind")
}

/// Collects the problems of one file while its tables are checked.
struct Checker<'a> {
    source: &'a str,
    errors: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn err(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    fn ok<T>(&mut self, r: Result<T, Diagnostic>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(d) => {
                self.err(d);
                None
            }
        }
    }

    /// Byte offset of the first character inside a string value's quotes.
    fn inner(&self, s: &SStr) -> usize {
        let start = s.span().start;
        let rest = &self.source[start.min(self.source.len())..];
        if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
            start + 3
        } else if rest.starts_with('"') || rest.starts_with('\'') {
            start + 1
        } else {
            start
        }
    }

    /// Parses an expression string.
    fn parse(&mut self, s: &SStr) -> Option<dsl::Expression> {
        let base = self.inner(s);
        let r = dsl::parse(s.get_ref(), base);
        self.ok(r)
    }

    /// Refuses a `where` condition on an expression that takes none.
    fn no_condition(&mut self, e: &dsl::Expression, message: &str, label: &str) {
        if let Some(c) = &e.condition {
            self.err(Diagnostic::new(DiagnosticKind::MisplacedCondition, message, c.span(), label));
        }
    }

    /// A cell set written from White's point of view, for both sides (Black's is its half
    /// turn): promotion zones and cells to avoid.
    fn relative_cells(&mut self, s: &SStr, board: &Board) -> Option<BySide<CellSet>> {
        let e = self.parse(s)?;
        self.no_condition(&e, "cell sets take no `where` condition", "not here");
        let mut zones = [CellSet::EMPTY; 2];
        for side in Side::BOTH {
            let r = lower_cells(&e.body, &board.side(side, true));
            zones[side] = self.ok(r)?;
        }
        Some(zones)
    }

    /// `[capture] cleared`: cells named as they stand (the same for both sides), with
    /// captured pieces removed at once.
    fn cleared(&mut self, z: &SStr, board: &Board, capture: &CaptureRules, kinds: &[crate::spec::Kind]) -> Option<CellSet> {
        let e = self.parse(z)?;
        self.no_condition(&e, "cell sets take no `where` condition", "not here");
        let cells = self.ok(lower_cells(&e.body, &board.side(Side::White, false)))?;
        if capture.removal != crate::spec::Removal::Immediate {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::ConflictingKeys,
                    "`cleared` with pieces removed when the move ends",
                    z.span(),
                    "cleared after every jump",
                )
                .help("cells are cleared after every jump, as the pieces jumped are: add `removal = \"immediate\"`"),
            );
            return None;
        }
        if kinds.iter().flat_map(|k| &k.captures).any(|c| c.kind != crate::spec::CaptureKind::Jump) {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::ConflictingKeys,
                    "`cleared` with captures other than `jump`",
                    z.span(),
                    "cleared after every jump",
                )
                .help("cells are cleared after every jump: give every kind `jump` captures only, or remove `cleared`"),
            );
            return None;
        }
        Some(cells)
    }

    /// An optional integer key, refused outside `range`.
    fn int(&mut self, v: &Option<Spanned<i64>>, what: &str, range: Range<i64>) -> Option<i64> {
        let v = v.as_ref()?;
        if range.contains(v.get_ref()) {
            Some(*v.get_ref())
        } else {
            self.err(Diagnostic::new(
                DiagnosticKind::OutOfRange,
                format!("{what} must be from {} to {}, not {}", range.start, range.end - 1, v.get_ref()),
                v.span(),
                "out of range",
            ));
            None
        }
    }

    /// Every piece of the setup stands on a cell its kind may stand on, and off its own
    /// promotion cells.
    fn setup_on_kind_cells(&mut self, setup: &BySide<Vec<(u16, u8)>>, kinds: &[Kind], board: &Board, span: Range<usize>) {
        for side in Side::BOTH {
            for &(cell, k) in &setup[side] {
                let kind = &kinds[k as usize];
                if kind.cells.as_ref().is_some_and(|z| !z[side].contains(cell)) {
                    self.err(
                        Diagnostic::new(
                            DiagnosticKind::ConflictingKeys,
                            format!(
                                "a {} {} starts on {}, where a {} may not stand",
                                side.name(),
                                kind.name,
                                board.n.name(cell),
                                kind.name
                            ),
                            span,
                            "in this setup",
                        )
                        .help(format!("move it, or add the cell to the `cells` of `[pieces.{}]`", kind.name)),
                    );
                    return;
                }
                if kind.promotion.as_ref().is_some_and(|(_, z)| z[side].contains(cell)) {
                    self.err(
                        Diagnostic::new(
                            DiagnosticKind::ConflictingKeys,
                            format!(
                                "a {} {} starts on {}, one of its own promotion cells: no game could start there",
                                side.name(),
                                kind.name,
                                board.n.name(cell)
                            ),
                            span,
                            "in this setup",
                        )
                        .help(format!("move it, or change the `promotion` of `[pieces.{}]`", kind.name)),
                    );
                    return;
                }
            }
        }
    }

    /// The whole file, table by table.
    fn variant(&mut self, raw: &RawVariant) -> Option<Spec> {
        let options = self.options(raw.options.as_ref());
        let (geometry, notation) = self.board(&raw.board)?;
        let sides = self.sides(raw.sides.as_ref(), &geometry);
        let condition_cells = std::cell::RefCell::new(Vec::new());
        // The kinds' names first, so that conditions may name any kind.
        let names: Vec<String> = raw.pieces.0.iter().take(pieces::MAX_KINDS).map(|(k, _)| k.clone()).collect();
        let plain =
            Board { g: &geometry, n: &notation, forward: sides.forward, condition_cells: &condition_cells, named: &[], kinds: &names };
        let named = self.named_cells(raw.cells.as_ref(), &plain);
        let board = Board { named: &named, ..plain };
        let kinds = self.pieces(&raw.pieces, raw.board.span(), &board)?;
        let kind_names: Vec<String> = kinds.iter().map(|k| k.name.clone()).collect();
        let mut capture = raw.capture.as_ref().map_or_else(CaptureRules::default, |c| self.capture(c.get_ref(), &kind_names));
        if let Some(z) = raw.capture.as_ref().and_then(|c| c.get_ref().cleared.as_ref()) {
            capture.cleared = self.cleared(z, &board, &capture, &kinds);
        }
        self.turn_at_edge_needs_straight(&raw.pieces, &kinds, &capture);
        let setup = self.setup(raw.setup.get_ref(), &board, &kind_names);
        self.setup_on_kind_cells(&setup, &kinds, &board, raw.setup.span());
        let columns = raw.columns.as_ref().map(|c| self.columns(c, raw.capture.as_ref(), &capture, &setup));
        if let Some(c) = &raw.capture {
            self.moves_again_alone(c.get_ref(), &capture, columns.is_some());
        }
        let drops = self.drops(raw.drops.as_ref(), &raw.setup, &board, &kind_names, &capture, columns.is_some());
        let end = raw.end.as_ref().map_or_else(EndRules::default, |e| self.end(e.get_ref(), &kind_names, &board));
        let meta = self.meta(&raw.variant);
        Some(Spec {
            id: meta.id,
            name: meta.name,
            description: meta.description,
            aliases: meta.aliases,
            gametypes: meta.gametypes,
            sources: meta.sources,
            geometry,
            notation,
            first: sides.first,
            forward: sides.forward,
            kinds,
            capture,
            columns,
            setup,
            drops,
            end,
            options,
            condition_cells: condition_cells.into_inner(),
        })
    }
}
