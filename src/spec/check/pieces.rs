//! `[pieces.NAME]`: the kinds of piece, how each moves, captures and promotes.

use super::{Checker, kind_index};
use crate::geometry::CellSet;
use crate::spec::checked::{BySide, CaptureKind, CaptureRule, CaptureRules, Kind, MoveRule};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::lower::{Board, lower_capture, lower_condition, lower_move};
use crate::spec::raw::{Ordered, RawPiece, SStr};
use std::ops::Range;
use toml::Spanned;

/// The most kinds a variant may have (a kind set is a `u8` mask).
pub(super) const MAX_KINDS: usize = 8;

/// The most move rules, and the most capture rules, one kind may have.
pub(crate) const MAX_RULES: usize = 16;

impl Checker<'_> {
    /// Every `[pieces.NAME]` table, in file order; `None` when there are none or too many.
    /// `board_span` marks the file when `[pieces]` is empty.
    pub(super) fn pieces(&mut self, raw: &Ordered<Spanned<RawPiece>>, board_span: Range<usize>, board: &Board) -> Option<Vec<Kind>> {
        let pieces = &raw.0;
        if pieces.is_empty() {
            self.err(
                Diagnostic::new(DiagnosticKind::EmptySet, "no piece kinds", board_span, "`[pieces]` has no kind")
                    .help("add at least `[pieces.man]`"),
            );
            return None;
        }
        if let Some((_, extra)) = pieces.get(MAX_KINDS) {
            self.err(Diagnostic::new(DiagnosticKind::OutOfRange, "at most 8 piece kinds", extra.span(), "one kind too many"));
            return None;
        }
        // Names first (read before the kinds), so that rules may refer to any kind.
        let names = board.kinds;
        let mut fens: Vec<String> = Vec::new();
        let mut kinds = Vec::new();
        for (i, (name, piece)) in pieces.iter().enumerate() {
            let mut kind = Kind::new(i, name);
            self.fen(&mut kind, piece, &mut fens);
            self.piece(&mut kind, i, piece.get_ref(), board, names);
            kinds.push(kind);
        }
        let all_kinds = ((1u16 << kinds.len()) - 1) as u8;
        for k in &mut kinds {
            k.can_capture &= all_kinds;
        }
        Some(kinds)
    }

    /// The FEN prefix of a kind: one capital letter or empty, and not another kind's.
    fn fen(&mut self, kind: &mut Kind, piece: &Spanned<RawPiece>, fens: &mut Vec<String>) {
        let p = piece.get_ref();
        if let Some(f) = &p.fen {
            kind.fen = f.get_ref().clone();
        }
        let fen = &kind.fen;
        let span = p.fen.as_ref().map_or(piece.span(), SStr::span);
        if !fen.chars().all(|c| c.is_ascii_uppercase()) || fen.len() > 1 {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::Malformed,
                    format!("the FEN prefix `{fen}` is not a capital letter"),
                    span,
                    "a FEN prefix is one capital letter, or empty",
                )
                .help("men usually have `fen = \"\"`, kings `fen = \"K\"`"),
            );
        } else if fens.contains(fen) {
            self.err(
                Diagnostic::new(DiagnosticKind::Duplicate, format!("two piece kinds have the FEN prefix `{fen}`"), span, "already used")
                    .help("give each kind its own prefix"),
            );
        }
        fens.push(fen.clone());
    }

    /// The rest of a kind's table; `i` is the kind's index, `names` every kind's name.
    /// `turn_at_edge` is for a kind whose capture goes on only straight (its own
    /// `straight`, or `[capture]`'s).
    pub(super) fn turn_at_edge_needs_straight(&mut self, raw: &Ordered<Spanned<RawPiece>>, kinds: &[Kind], capture: &CaptureRules) {
        for ((_, p), kind) in raw.0.iter().zip(kinds) {
            if let Some(t) = &p.get_ref().turn_at_edge
                && kind.turn_at_edge
                && !kind.straight.unwrap_or(capture.straight)
            {
                self.err(
                    Diagnostic::new(DiagnosticKind::ConflictingKeys, "`turn_at_edge` without `straight`", t.span(), "this capture may turn anywhere")
                        .help("`turn_at_edge` lets a capture that goes on only straight turn at the board's edge: add `straight = true` to the kind"),
                );
            }
        }
    }

    fn piece(&mut self, kind: &mut Kind, i: usize, p: &RawPiece, board: &Board, names: &[String]) {
        if let Some(s) = &p.symbol {
            match s.get_ref().chars().collect::<Vec<_>>()[..] {
                [c] if c.is_ascii_alphabetic() => kind.symbol = c.to_ascii_lowercase(),
                _ => self.err(Diagnostic::new(DiagnosticKind::Malformed, "a symbol is one letter", s.span(), "not one letter")),
            }
        }
        if let Some(v) = self.int(&p.value, "`value`", 0..1_000_001) {
            kind.value = v as u32;
        }
        kind.may_stop = p.may_stop.as_ref().is_some_and(|b| *b.get_ref());
        kind.max_quiet_moves = self.int(&p.max_quiet_moves, "`max_quiet_moves`", 1..256).map(|v| v as u8);
        for (rules, what) in [(&p.moves, "move"), (&p.captures, "capture")] {
            if let Some(extra) = rules.get(MAX_RULES) {
                let message = format!("at most {MAX_RULES} {what} rules for a kind");
                self.err(Diagnostic::new(DiagnosticKind::OutOfRange, message, extra.span(), "one rule too many"));
            }
        }
        kind.moves = p.moves.iter().take(MAX_RULES).filter_map(|m| self.quiet_move(m, board, names)).collect();
        kind.captures = p.captures.iter().take(MAX_RULES).filter_map(|c| self.capture_rule(c, board, names)).collect();
        if let Some(list) = &p.can_capture {
            kind.can_capture = 0;
            for k in list {
                if let Some(i) = self.ok(kind_index(k, names)) {
                    kind.can_capture |= 1 << i;
                }
            }
        }
        kind.promotion = self.promotion(p, i, board, names);
        kind.avoid = p.avoid.as_ref().and_then(|z| self.relative_cells(z, board));
        kind.mandatory = p.mandatory.as_ref().map(|b| *b.get_ref());
        kind.turn_back = p.turn_back.as_ref().map(|b| *b.get_ref());
        kind.straight = p.straight.as_ref().map(|b| *b.get_ref());
        if let (Some(true), Some(b)) = (kind.straight, &p.turn_back) {
            self.err(
                Diagnostic::new(DiagnosticKind::ConflictingKeys, "`turn_back` with `straight`", b.span(), "says nothing more")
                    .help("a capture that goes on only straight ahead never turns back: remove `turn_back`"),
            );
        }
        kind.turn_at_edge = p.turn_at_edge.as_ref().is_some_and(|t| *t.get_ref());
        kind.cells = p.cells.as_ref().and_then(|z| self.relative_cells(z, board));
        if let (Some(z), Some([white, _])) = (&p.cells, &kind.cells)
            && white.is_empty()
        {
            self.err(
                Diagnostic::new(DiagnosticKind::EmptySet, "a kind with no cell to stand on", z.span(), "no cell")
                    .help("name the cells the kind keeps to, e.g. `cells = \"dark\"`"),
            );
        }
    }

    fn quiet_move(&mut self, m: &SStr, board: &Board, names: &[String]) -> Option<MoveRule> {
        let e = self.parse(m)?;
        let r = lower_move(&e, board, names);
        self.ok(r)
    }

    fn capture_rule(&mut self, c: &SStr, board: &Board, names: &[String]) -> Option<CaptureRule> {
        let e = self.parse(c)?;
        let mut rule = self.ok(lower_capture(&e.body, board, names))?;
        if let Some(cond) = &e.condition {
            if !matches!(rule.kind, CaptureKind::Jump | CaptureKind::Fly) {
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::MisplacedCondition,
                        "only a `jump` or a `fly` takes a `where` condition",
                        cond.span(),
                        "a condition on landings",
                    )
                    .help("a condition says where a jump or a flying capture may land, judged at each landing: write it on a `jump` or a `fly`, or remove it"),
                );
                return None;
            }
            rule.condition = Some(self.ok(lower_condition(cond, board, true))?);
        }
        Some(rule)
    }

    /// `promotion` and `promotes_to`: both or neither.
    fn promotion(&mut self, p: &RawPiece, i: usize, board: &Board, names: &[String]) -> Option<(u8, BySide<CellSet>)> {
        let (z, t) = match (&p.promotion, &p.promotes_to) {
            (None, None) => return None,
            (Some(z), None) => {
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::MissingKey,
                        "`promotion` without `promotes_to`",
                        z.span(),
                        "promotes where, but to what?",
                    )
                    .help("add `promotes_to = \"king\"` (the name of another piece kind)"),
                );
                return None;
            }
            (None, Some(t)) => {
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::MissingKey,
                        "`promotes_to` without `promotion`",
                        t.span(),
                        "promotes to what, but where?",
                    )
                    .help("add the promotion cells, e.g. `promotion = \"rank(10)\"`"),
                );
                return None;
            }
            (Some(z), Some(t)) => (z, t),
        };
        let target = self.ok(kind_index(t, names));
        if target == Some(i as u8) {
            self.err(Diagnostic::new(DiagnosticKind::SelfPromotion, "a kind cannot promote to itself", t.span(), "same kind"));
        }
        let zone = self.relative_cells(z, board);
        if zone.is_some_and(|zones| zones[0].is_empty()) {
            self.err(
                Diagnostic::new(DiagnosticKind::EmptySet, "the promotion zone is empty", z.span(), "no cell")
                    .help("name cells on the board, e.g. `rank(10)`"),
            );
        }
        Some((target?, zone?))
    }
}
