//! `[options.NAME]`: the options of a variant, whose choices are merged in at load (see
//! [`load_with`](crate::spec::load_with)).

use super::Checker;
use crate::spec::checked::VariantOption;
use crate::spec::diag::{Diagnostic, DiagnosticKind, did_you_mean, near_miss};
use crate::spec::raw::{Ordered, RawOption};

/// The most options a variant may have, and the most choices one option may have.
pub(crate) const MAX_OPTIONS: usize = 16;
pub(crate) const MAX_CHOICES: usize = 16;

impl Checker<'_> {
    /// Every option, its default chosen; every default must be one of its choices.
    pub(super) fn options(&mut self, raw: Option<&Ordered<RawOption>>) -> Vec<VariantOption> {
        let Some(opts) = raw else { return Vec::new() };
        let mut out = Vec::new();
        if let Some((_, extra)) = opts.0.get(MAX_OPTIONS) {
            let message = format!("at most {MAX_OPTIONS} options");
            self.err(Diagnostic::new(DiagnosticKind::OutOfRange, message, extra.default.span(), "one option too many"));
        }
        for (name, o) in opts.0.iter().take(MAX_OPTIONS) {
            let choices: Vec<&str> = o.choices.0.iter().map(|(c, _)| c.as_str()).collect();
            if choices.len() > MAX_CHOICES {
                let message = format!("at most {MAX_CHOICES} choices for an option, and `{name}` has {}", choices.len());
                self.err(Diagnostic::new(DiagnosticKind::OutOfRange, message, o.default.span(), "too many choices"));
                continue;
            }
            let default = o.default.get_ref();
            if !choices.contains(&default.as_str()) {
                let help = if near_miss(default, choices.iter().copied()).is_some() {
                    did_you_mean(default, choices.iter().copied(), format!("the choices are: {}", choices.join(", ")))
                } else {
                    format!("pick one of: {}, or add `[options.{name}.choices.{default}]` (it may be empty)", choices.join(", "))
                };
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::UnknownName,
                        format!("the default `{default}` of option `{name}` is not one of its choices"),
                        o.default.span(),
                        "not a choice",
                    )
                    .help(help),
                );
            }
            out.push(VariantOption {
                name: name.clone(),
                help: o.help.as_ref().map(|h| h.get_ref().clone()).unwrap_or_default(),
                choices: choices.iter().map(|c| c.to_string()).collect(),
                default: default.clone(),
                chosen: default.clone(),
            });
        }
        out
    }
}
