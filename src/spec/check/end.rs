//! `[end]`: how the game ends.

use super::{Checker, one_of};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::ending::{CountRule, EndRule, EndRules, MaterialEnd, MaterialResult, NoMoves, NoPieces};
use crate::spec::lower::{Board, lower_end_condition};
use crate::spec::raw::{RawCount, RawEnd, RawEndRule, RawMaterial, SStr};
use toml::Spanned;

/// The most move-count rules (`[[end.count]]`) a variant may have.
pub(crate) const MAX_COUNT_RULES: usize = 16;

/// The most end rules on conditions (`[[end.rule]]`) a variant may have.
pub(crate) const MAX_END_RULES: usize = 16;

impl Checker<'_> {
    /// `[end]` over the defaults of [`EndRules`]; a bad key keeps its default.
    pub(super) fn end(&mut self, e: &RawEnd, kind_names: &[String], board: &Board) -> EndRules {
        let mut end = EndRules::default();
        if let Some(n) = &e.no_moves {
            let r = one_of(
                n,
                &[("loss", NoMoves::Loss), ("win", NoMoves::Win), ("pass", NoMoves::Pass), ("pass-then-loss", NoMoves::PassThenLoss)],
                "outcome",
            );
            if let Some(v) = self.ok(r) {
                end.no_moves = v;
            }
        }
        end.no_pieces = if end.no_moves == NoMoves::Win { NoPieces::Win } else { NoPieces::Loss };
        if let Some(n) = &e.no_pieces
            && let Some(v) = self.ok(one_of(
                n,
                &[
                    ("loss", NoPieces::Loss),
                    ("win", NoPieces::Win),
                    ("mover-wins", NoPieces::MoverWins),
                    ("pass-then-loss", NoPieces::PassThenLoss),
                ],
                "outcome",
            ))
        {
            end.no_pieces = v;
        }
        if let Some(p) = &e.promotion_wins {
            end.promotion_wins = *p.get_ref();
        }
        end.repetition = self.int(&e.repetition, "`repetition`", 2..256).map(|v| v as u8);
        match (&e.passes_draw, end.no_moves) {
            (_, NoMoves::Pass) => end.passes_draw = Some(self.int(&e.passes_draw, "`passes_draw`", 1..256).unwrap_or(2) as u8),
            (Some(p), NoMoves::PassThenLoss) => self.err(
                Diagnostic::new(
                    DiagnosticKind::ConflictingKeys,
                    "`passes_draw` with `pass-then-loss`",
                    p.span(),
                    "the first pass ends the game",
                )
                .help("after a pass the passer has lost: remove `passes_draw`, or write `no_moves = \"pass\"` for passes that go on"),
            ),
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
        for r in self.at_most(&e.rule, MAX_END_RULES, "`[[end.rule]]`") {
            if let Some(r) = self.end_rule(r.get_ref(), board) {
                end.rules.push(r);
            }
        }
        for c in self.at_most(&e.count, MAX_COUNT_RULES, "`[[end.count]]`") {
            if let Some(c) = self.count(c.get_ref(), kind_names) {
                end.counts.push(c);
            }
        }
        end
    }

    /// The first `max` of `tables`, with an error at the first one past them.
    fn at_most<'t, T>(&mut self, tables: &'t [Spanned<T>], max: usize, what: &str) -> &'t [Spanned<T>] {
        if let Some(extra) = tables.get(max) {
            let message = format!("at most {max} {what} rules");
            self.err(Diagnostic::new(DiagnosticKind::OutOfRange, message, extra.span(), "one rule too many"));
        }
        &tables[..tables.len().min(max)]
    }

    /// One `[[end.count]]` table.
    fn count(&mut self, c: &RawCount, kind_names: &[String]) -> Option<CountRule> {
        let moves = self.int(&Some(c.moves.clone()), "`moves`", 1..1001).map(|n| n as u16);
        let events = [("capture", CountRule::CAPTURE), ("man-move", CountRule::MAN_MOVE), ("promotion", CountRule::PROMOTION)];
        let mut reset = match &c.reset {
            None => CountRule::CAPTURE | CountRule::MAN_MOVE,
            Some(_) => 0,
        };
        for r in c.reset.iter().flatten() {
            reset |= self.ok(one_of(r, &events, "event")).unwrap_or(0);
        }
        let mut material = Vec::new();
        for m in c.material.iter().flatten() {
            let start = self.inner(m);
            material.extend(self.ok(material_pair(m, start, kind_names)));
        }
        let pieces = c.pieces.as_ref().and_then(|p| self.ok(piece_range(p)));
        let both_kings = match &c.kings {
            None => false,
            Some(k) => self.ok(one_of(k, &[("both", true)], "king condition")).unwrap_or(false),
        };
        let claim = c.claim.as_ref().is_some_and(|b| *b.get_ref());
        let name = c.name.get_ref().trim().to_string();
        let mut rule = CountRule { name, moves: moves?, reset, material, pieces, both_kings, claim, reason: String::new() };
        rule.reason = count_reason(&rule, c);
        Some(rule)
    }

    /// One `[[end.rule]]` table: its condition and result, and the sentence of its reason.
    fn end_rule(&mut self, r: &RawEndRule, board: &Board) -> Option<EndRule> {
        let e = self.parse(&r.when)?;
        self.no_condition(&e, "an end rule's condition is its `when`: it takes no `where`", "not here");
        let when = self.ok(lower_end_condition(&e.body, board));
        let result = self.ok(one_of(
            &r.result,
            &[("loss", MaterialResult::Loss), ("draw", MaterialResult::Draw), ("win", MaterialResult::Win)],
            "result",
        ));
        let text = r.when.get_ref().trim();
        let reason = match result? {
            MaterialResult::Loss => format!("the end rule `{text}` holds for the opponent, to move, which loses"),
            MaterialResult::Draw => format!("the end rule `{text}` holds for the side to move, which draws"),
            MaterialResult::Win => format!("the end rule `{text}` holds for it, to move, which wins"),
        };
        Some(EndRule { when: when?, result: result?, reason })
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

/// `"3 king against king"`: the material of one side and of the other.
/// `start` is where the text starts in the file.
fn material_pair(m: &SStr, start: usize, kind_names: &[String]) -> Result<(Vec<u8>, Vec<u8>), Diagnostic> {
    let text = m.get_ref();
    let Some(at) = text.find(" against ") else {
        return Err(Diagnostic::new(
            DiagnosticKind::Malformed,
            format!("`{text}` names one side's material only"),
            m.span(),
            "no `against`",
        )
        .help("write both sides' material: `\"3 king against king\"`"));
    };
    let ours = Spanned::new(start..start + at, text[..at].to_string());
    let theirs = Spanned::new(start + at + 9..start + text.len(), text[at + 9..].to_string());
    Ok((material_counts(&ours, kind_names)?, material_counts(&theirs, kind_names)?))
}

/// `"4-5"` or `"7"`: how many pieces, both sides together.
fn piece_range(p: &SStr) -> Result<(u16, u16), Diagnostic> {
    let text = p.get_ref().trim();
    let (lo, hi) = text.split_once('-').unwrap_or((text, text));
    match (lo.trim().parse::<u16>(), hi.trim().parse::<u16>()) {
        (Ok(lo), Ok(hi)) if lo <= hi => Ok((lo, hi)),
        _ => Err(Diagnostic::new(DiagnosticKind::Malformed, format!("`{text}` is not a number of pieces"), p.span(), "not a count")
            .help("write a number, `\"7\"`, or a range, `\"4-5\"` (the smaller first)")),
    }
}

/// The rule in words: `25 moves each without a capture or a man moving (25-move rule,
/// FMJD art. 6.4)`.
fn count_reason(rule: &CountRule, raw: &RawCount) -> String {
    let mut text = format!("{} moves each", rule.moves);
    if let Some(m) = &raw.material {
        let names: Vec<&str> = m.iter().map(|s| s.get_ref().trim()).collect();
        text += &format!(" in the ending {}", join_or(&names));
    }
    if let Some((lo, hi)) = rule.pieces {
        text += &if lo == hi { format!(" with {lo} pieces on the board") } else { format!(" with {lo} to {hi} pieces on the board") };
    }
    if rule.both_kings {
        text += if rule.pieces.is_some() { " and a king on each side" } else { " with a king on each side" };
    }
    let events: Vec<&str> =
        [(CountRule::CAPTURE, "a capture"), (CountRule::MAN_MOVE, "a man moving"), (CountRule::PROMOTION, "a promotion")]
            .iter()
            .filter(|(bit, _)| rule.reset & bit != 0)
            .map(|(_, w)| *w)
            .collect();
    if !events.is_empty() {
        text += &format!(" without {}", join_or(&events));
    }
    format!("{text} ({})", rule.name)
}

/// `a`, `a or b`, `a, b or c`.
fn join_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
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
