//! `[variant]`: who the variant is.

use super::Checker;
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::{RawMeta, SStr};

/// What `[variant]` says.
pub(super) struct Meta {
    pub id: String,
    pub name: String,
    pub description: String,
    pub aliases: Vec<String>,
    pub gametypes: Vec<String>,
    pub sources: Vec<String>,
}

impl Checker<'_> {
    /// `[variant]`: the id must be a plain lowercase name, usable on the command line.
    pub(super) fn meta(&mut self, meta: &RawMeta) -> Meta {
        let id = meta.id.get_ref().clone();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::Malformed,
                    format!("the id `{id}` is not a plain lowercase name"),
                    meta.id.span(),
                    "letters, digits and `-` only",
                )
                .help("ids are used on the command line, e.g. `international`"),
            );
        }
        let strings = |v: &[SStr]| v.iter().map(|s| s.get_ref().clone()).collect::<Vec<_>>();
        Meta {
            id,
            name: meta.name.get_ref().clone(),
            description: meta.description.as_ref().map(|d| d.get_ref().trim().to_string()).unwrap_or_default(),
            aliases: strings(&meta.aliases),
            gametypes: strings(&meta.gametype),
            sources: strings(&meta.sources),
        }
    }
}
