//! Variant options: `[options.NAME]` tables whose choices override parts of the file,
//! chosen at load (`--option halt=killer`).
//!
//! The file as written describes the default choice of every option. Choosing another
//! merges that choice's tables into the file (a key given in the choice replaces the
//! file's key; tables merge key by key) and checks the result again.

use super::checked::{Spec, VariantOption};
use super::diag::{did_you_mean, near_miss, Diagnostic, DiagnosticKind, Diagnostics};
use super::raw::RawVariant;

/// Why a requested option could not be applied.
#[derive(Debug, thiserror::Error)]
pub enum OptionError {
    /// The file has errors.
    #[error("{0}")]
    Invalid(Box<Diagnostics>),
    /// The option or choice does not exist.
    #[error("{0}")]
    Unknown(String),
}

fn merge(base: &mut toml::Table, over: &toml::Table) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

fn options_of(raw: &RawVariant) -> Vec<VariantOption> {
    let Some(opts) = &raw.options else { return Vec::new() };
    opts.0
        .iter()
        .map(|(name, o)| VariantOption {
            name: name.clone(),
            help: o.help.as_ref().map(|h| h.get_ref().clone()).unwrap_or_default(),
            choices: o.choices.0.iter().map(|(c, _)| c.clone()).collect(),
            default: o.default.get_ref().clone(),
            chosen: o.default.get_ref().clone(),
        })
        .collect()
}

/// Checks the option tables themselves: every default is one of its choices.
pub(super) fn check_options(raw: &RawVariant) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if let Some(opts) = &raw.options {
        for (name, o) in &opts.0 {
            let choices: Vec<&str> = o.choices.0.iter().map(|(c, _)| c.as_str()).collect();
            if !choices.contains(&o.default.get_ref().as_str()) {
                let default = o.default.get_ref();
                let help = if near_miss(default, choices.iter().copied()).is_some() {
                    did_you_mean(default, choices.iter().copied(), format!("the choices are: {}", choices.join(", ")))
                } else {
                    format!("pick one of: {}, or add `[options.{name}.choices.{default}]` (it may be empty)", choices.join(", "))
                };
                out.push(
                    Diagnostic::new(
                        DiagnosticKind::UnknownName,
                        format!("the default `{default}` of option `{name}` is not one of its choices"),
                        o.default.span(),
                        "not a choice",
                    )
                    .help(help),
                );
            }
        }
    }
    out
}

/// Loads a variant file with options chosen: `chosen` pairs (option, choice).
pub fn load_with(source: &str, file: &str, chosen: &[(String, String)]) -> Result<Spec, OptionError> {
    let base = super::load(source, file).map_err(|d| OptionError::Invalid(Box::new(d)))?;
    if chosen.is_empty() {
        return Ok(base);
    }
    let raw: RawVariant = toml::from_str(source).map_err(|e| OptionError::Unknown(e.to_string()))?;
    let mut options = options_of(&raw);
    let mut doc: toml::Table = toml::from_str(source).map_err(|e| OptionError::Unknown(e.to_string()))?;
    let mut changed = Vec::new();
    for (name, choice) in chosen {
        let Some(opt) = options.iter_mut().find(|o| &o.name == name) else {
            let list = raw.options.as_ref().map(|o| o.0.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>().join(", ")).unwrap_or_default();
            let hint = match near_miss(name, raw.options.iter().flat_map(|o| o.0.iter().map(|(n, _)| n.as_str()))) {
                Some(m) => format!(" (did you mean `{m}`?)"),
                None => String::new(),
            };
            return Err(OptionError::Unknown(if list.is_empty() {
                format!("variant {} has no options, so `{name}` cannot be set", base.id)
            } else {
                format!("variant {} has no option `{name}`{hint}; its options are: {list}", base.id)
            }));
        };
        if !opt.choices.contains(choice) {
            let hint = match near_miss(choice, opt.choices.iter().map(String::as_str)) {
                Some(m) => format!(" (did you mean `{m}`?)"),
                None => String::new(),
            };
            return Err(OptionError::Unknown(format!(
                "option `{name}` has no choice `{choice}`{hint}; choices: {}",
                opt.choices.join(", ")
            )));
        }
        opt.chosen = choice.clone();
        if choice != &opt.default {
            let (_, o) = raw.options.as_ref().and_then(|o| o.0.iter().find(|(n, _)| n == name)).expect("the option exists");
            let (_, table) = o.choices.0.iter().find(|(c, _)| c == choice).expect("the choice exists");
            merge(&mut doc, table);
            changed.push(format!("{name}={choice}"));
        }
    }
    if changed.is_empty() {
        let mut s = base;
        s.options = options;
        return Ok(s);
    }
    let text = toml::to_string(&doc).map_err(|e| OptionError::Unknown(e.to_string()))?;
    let label = format!("{file} [with {}]", changed.join(", "));
    let mut spec = super::load(&text, &label).map_err(|d| OptionError::Invalid(Box::new(d)))?;
    spec.options = options;
    Ok(spec)
}

pub(super) fn fill_options(spec: &mut Spec, raw: &RawVariant) {
    spec.options = options_of(raw);
}
