//! `[capture]`: how a capture move is built and which captures must be preferred.

use super::{Checker, kind_index, one_of};
use crate::spec::checked::{CaptureRules, Criterion, Halt, Huff, Landing, MidPromotion, Removal};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::RawCapture;

impl Checker<'_> {
    /// `moves_again` refused beside the rules a move of several pieces' moves would have to
    /// carry from one move to the next: huffing, cleared cells and columns.
    pub(super) fn moves_again_alone(&mut self, c: &RawCapture, capture: &CaptureRules, columns: bool) {
        let Some(a) = c.moves_again.as_ref().filter(|_| capture.moves_again) else { return };
        let other = if capture.huff != Huff::None {
            "`huff`"
        } else if capture.cleared.is_some() {
            "`cleared`"
        } else if columns {
            "`[columns]`"
        } else {
            return;
        };
        self.err(
            Diagnostic::new(DiagnosticKind::ConflictingKeys, format!("`moves_again` with {other}"), a.span(), "not with that rule")
                .help("a side that moves again makes a whole new move; huffing, cleared cells and columns are not carried from one of its moves to the next: remove one of the two"),
        );
    }

    /// `[capture]` over the defaults of [`CaptureRules`]; a bad key keeps its default.
    pub(super) fn capture(&mut self, c: &RawCapture, kind_names: &[String]) -> CaptureRules {
        let mut capture = CaptureRules::default();
        if let Some(m) = &c.mandatory {
            capture.mandatory = *m.get_ref();
        }
        if let Some(t) = &c.turn_back {
            capture.turn_back = *t.get_ref();
        }
        if let Some(t) = &c.straight {
            capture.straight = *t.get_ref();
            if let (true, Some(b)) = (capture.straight, &c.turn_back) {
                self.err(
                    Diagnostic::new(DiagnosticKind::ConflictingKeys, "`turn_back` with `straight`", b.span(), "says nothing more")
                        .help("a capture that goes on only straight ahead never turns back: remove `turn_back`"),
                );
            }
        }
        if let Some(t) = &c.revisit {
            capture.revisit = *t.get_ref();
        }
        if let Some(t) = &c.stop_promotes {
            capture.stop_promotes = *t.get_ref();
        }
        if let Some(r) = &c.removal {
            let r = one_of(r, &[("end", Removal::End), ("immediate", Removal::Immediate)], "removal");
            if let Some(v) = self.ok(r) {
                capture.removal = v;
            }
        }
        if let Some(p) = &c.promotion {
            let names = [
                ("at-end", MidPromotion::AtEnd),
                ("promote-and-continue", MidPromotion::PromoteAndContinue),
                ("promote-and-continue-if-able", MidPromotion::PromoteAndContinueIfAble),
                ("ends-move", MidPromotion::EndsMove),
            ];
            if let Some(v) = self.ok(one_of(p, &names, "promotion rule")) {
                capture.promotion = v;
            }
        }
        if let Some(l) = &c.landing {
            let r = one_of(l, &[("free", Landing::Free), ("must-continue", Landing::MustContinue)], "landing rule");
            if let Some(v) = self.ok(r) {
                capture.landing = v;
            }
        }
        for p in &c.precedence {
            let Some(v) = self.ok(one_of(p, &Criterion::NAMES, "precedence criterion")) else { continue };
            if capture.precedence.contains(&v) {
                self.err(
                    Diagnostic::new(DiagnosticKind::Duplicate, format!("`{}` is listed twice", v.name()), p.span(), "already a criterion")
                        .help("each criterion counts once; remove this one"),
                );
            } else {
                capture.precedence.push(v);
            }
        }
        if let Some(a) = &c.moves_again
            && let Some(v) = self.ok(one_of(a, &[("never", false), ("capture-open", true)], "moves_again rule"))
        {
            capture.moves_again = v;
        }
        capture.precedence_kinds = self.precedence_kinds(c, &capture, kind_names);
        capture.halt = self.halt(c, kind_names);
        capture.longest_after_crowning = self.longest_after_crowning(c, &capture);
        capture.precedence_per_piece = self.precedence_scope(c, &capture);
        capture.huff = self.huff(c, &capture);
        if let Some(v) = &c.huff_spares_last_landing {
            capture.huff_spares_last_landing = *v.get_ref();
            if capture.huff_spares_last_landing && capture.huff != Huff::RemovedAtOnce {
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::MissingKey,
                        "`huff_spares_last_landing` without `huff = \"removed-at-once\"`",
                        v.span(),
                        "no removal to spare",
                    )
                    .help("it spares a removal at the end of a move: add `huff = \"removed-at-once\"`, or remove this key"),
                );
            }
        }
        capture
    }

    /// `precedence_scope`: "side" (default) or "piece", with a `precedence` to scope.
    fn precedence_scope(&mut self, c: &RawCapture, capture: &CaptureRules) -> bool {
        let Some(v) = &c.precedence_scope else { return false };
        let per_piece = self.ok(one_of(v, &[("side", false), ("piece", true)], "precedence scope")).unwrap_or(false);
        if per_piece && capture.precedence.is_empty() {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "`precedence_scope` without `precedence`", v.span(), "nothing to rank by")
                    .help("add e.g. `precedence = [\"most-pieces\"]`, or remove `precedence_scope`"),
            );
        }
        per_piece
    }

    /// `huff`: a capture not made costs the pieces that could have made it; only where
    /// capturing is optional.
    fn huff(&mut self, c: &RawCapture, capture: &CaptureRules) -> Huff {
        let Some(v) = &c.huff else { return Huff::None };
        let names = [("none", Huff::None), ("opponent-removes-one", Huff::OpponentRemovesOne), ("removed-at-once", Huff::RemovedAtOnce)];
        let huff = self.ok(one_of(v, &names, "huff rule")).unwrap_or(Huff::None);
        if huff != Huff::None && capture.mandatory {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::ConflictingKeys,
                    "`huff` with compulsory captures",
                    v.span(),
                    "no capture is ever left unmade",
                )
                .help("huffing punishes a capture not made: add `mandatory = false`, or remove `huff`"),
            );
            return Huff::None;
        }
        huff
    }

    /// `longest_after_crowning`: with `precedence = ["most-pieces"]` ranking some kinds
    /// only, and a piece going on capturing once crowned.
    fn longest_after_crowning(&mut self, c: &RawCapture, capture: &CaptureRules) -> bool {
        let Some(v) = &c.longest_after_crowning else { return false };
        if !*v.get_ref() {
            return false;
        }
        let (span, label) = (v.span(), "nothing to apply it to");
        let problem = if capture.precedence != [Criterion::MostPieces] {
            Some(("`longest_after_crowning` needs `precedence = [\"most-pieces\"]`", "it counts the pieces taken from the crowning on"))
        } else if capture.precedence_kinds == u8::MAX {
            Some((
                "`longest_after_crowning` needs `precedence_kinds`",
                "name the kinds ranked, e.g. `[\"king\"]`: a piece crowned into one of them from another kind is then held to the most pieces",
            ))
        } else if !matches!(capture.promotion, MidPromotion::PromoteAndContinue | MidPromotion::PromoteAndContinueIfAble) {
            Some((
                "`longest_after_crowning` with a crowning that ends the capture",
                "add `promotion = \"promote-and-continue\"`: the piece must go on capturing once crowned",
            ))
        } else {
            None
        };
        match problem {
            Some((message, help)) => {
                self.err(Diagnostic::new(DiagnosticKind::ConflictingKeys, message, span, label).help(help));
                false
            }
            None => true,
        }
    }

    /// `precedence_kinds`: the kinds whose captures the precedence ranks (default all).
    fn precedence_kinds(&mut self, c: &RawCapture, capture: &CaptureRules, kind_names: &[String]) -> u8 {
        let Some(list) = &c.precedence_kinds else { return u8::MAX };
        if capture.precedence.is_empty() {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "`precedence_kinds` without `precedence`", list.span(), "nothing to rank by")
                    .help("add e.g. `precedence = [\"most-pieces\"]`, or remove `precedence_kinds`"),
            );
        }
        let mut kinds = 0u8;
        for k in list.get_ref() {
            if let Some(i) = self.ok(kind_index(k, kind_names)) {
                kinds |= 1 << i;
            }
        }
        if kinds == 0 && list.get_ref().is_empty() {
            self.err(
                Diagnostic::new(DiagnosticKind::EmptySet, "`precedence_kinds` is empty", list.span(), "no kind")
                    .help("list the kinds whose captures the precedence ranks, e.g. `[\"king\"]`"),
            );
        }
        kinds
    }

    /// The halt rule: `halt_behind`, `halt_last` (default 1) and `halt_min_captures`
    /// (default 1).
    fn halt(&mut self, c: &RawCapture, kind_names: &[String]) -> Option<Halt> {
        let mut kinds = 0u8;
        for k in &c.halt_behind {
            if let Some(i) = self.ok(kind_index(k, kind_names)) {
                kinds |= 1 << i;
            }
        }
        let last = self.int(&c.halt_last, "`halt_last`", 1..33).unwrap_or(1) as u8;
        let min_captures = self.int(&c.halt_min_captures, "`halt_min_captures`", 1..65).unwrap_or(1) as u8;
        if kinds != 0 {
            return Some(Halt { kinds, last, min_captures });
        }
        if let Some(v) = c.halt_last.as_ref().or(c.halt_min_captures.as_ref()) {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "a halt rule needs `halt_behind`", v.span(), "halt after which kinds?")
                    .help("add e.g. `halt_behind = [\"king\"]`; list every kind to halt after any piece"),
            );
        }
        None
    }
}
