//! Variant options: `[options.NAME]` tables whose choices override parts of the file,
//! chosen at load (`--option halt=killer`).
//!
//! The file as written describes the default choice of every option. Choosing another
//! merges that choice's tables into the file's TOML tree (a key given in the choice
//! replaces the file's key; tables merge key by key) and checks the result again. The
//! tree keeps the span of every key and value, those of the choice included, so a problem
//! found with a choice merged in points at the user's own file, line and column.

use super::check::{check_tree, parse};
use super::checked::Spec;
use super::diag::{did_you_mean_aside, near_miss, Diagnostics};
use std::fmt;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// Why a requested option could not be applied.
#[derive(Debug, thiserror::Error)]
pub enum OptionError {
    /// The file has errors, as written or with the choices merged in.
    #[error("{0}")]
    Invalid(Box<Diagnostics>),
    /// The variant has no option of that name.
    #[error(transparent)]
    UnknownOption(UnknownOption),
    /// The option has no choice of that name.
    #[error(transparent)]
    UnknownChoice(UnknownChoice),
}

/// An option the variant does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownOption {
    /// The variant's id.
    pub variant: String,
    /// The option asked for.
    pub option: String,
    /// The variant's options.
    pub options: Vec<String>,
    /// The option whose name is nearest, if one is near.
    pub suggestion: Option<String>,
}

/// A choice an option does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownChoice {
    /// The option.
    pub option: String,
    /// The choice asked for.
    pub choice: String,
    /// The option's choices.
    pub choices: Vec<String>,
    /// The choice whose name is nearest, if one is near.
    pub suggestion: Option<String>,
}

impl fmt::Display for UnknownOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UnknownOption { variant, option, options, suggestion } = self;
        if options.is_empty() {
            write!(f, "variant {variant} has no options, so `{option}` cannot be set")
        } else {
            write!(
                f,
                "variant {variant} has no option `{option}`{}; its options are: {}",
                did_you_mean_aside(suggestion),
                options.join(", ")
            )
        }
    }
}

impl fmt::Display for UnknownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let UnknownChoice { option, choice, choices, suggestion } = self;
        write!(f, "option `{option}` has no choice `{choice}`{}; choices: {}", did_you_mean_aside(suggestion), choices.join(", "))
    }
}

impl std::error::Error for UnknownOption {}
impl std::error::Error for UnknownChoice {}

/// Merges `over` into `base`: a key of `over` replaces the same key of `base`, except
/// that two tables merge key by key. Keys and values keep their own spans.
fn merge<'i>(base: &mut DeTable<'i>, over: &DeTable<'i>) {
    for (k, v) in over.iter() {
        match (base.get_mut(k.get_ref().as_ref()).map(Spanned::get_mut), v.get_ref()) {
            (Some(DeValue::Table(b)), DeValue::Table(o)) => merge(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

/// The table `options.NAME.choices.CHOICE` of a file's tree.
fn choice_table<'t, 'i>(tree: &'t DeTable<'i>, name: &str, choice: &str) -> Option<&'t DeTable<'i>> {
    let table = |t: &'t DeTable<'i>, key: &str| t.get(key).and_then(|v| v.get_ref().as_table());
    table(table(table(table(tree, "options")?, name)?, "choices")?, choice)
}

/// Loads a variant file with options chosen: `chosen` pairs (option, choice). `file` is
/// the name shown in diagnostics.
pub fn load_with(source: &str, file: &str, chosen: &[(String, String)]) -> Result<Spec, OptionError> {
    let invalid = |choices: &[(String, String)], items| {
        let mut d = Diagnostics::new(file, source, items);
        d.choices = choices.to_vec();
        OptionError::Invalid(Box::new(d))
    };
    let tree = parse(source).map_err(|d| invalid(&[], vec![d]))?;
    let mut spec = check_tree(tree.clone(), source).map_err(|items| invalid(&[], items))?;
    let mut merged = tree.clone();
    let mut changed = Vec::new();
    for (name, choice) in chosen {
        let names = || spec.options.iter().map(|o| o.name.as_str());
        let Some(opt) = spec.options.iter().position(|o| &o.name == name) else {
            return Err(OptionError::UnknownOption(UnknownOption {
                variant: spec.id.clone(),
                option: name.clone(),
                options: names().map(str::to_string).collect(),
                suggestion: near_miss(name, names()).map(str::to_string),
            }));
        };
        let opt = &mut spec.options[opt];
        if !opt.choices.contains(choice) {
            return Err(OptionError::UnknownChoice(UnknownChoice {
                option: name.clone(),
                choice: choice.clone(),
                choices: opt.choices.clone(),
                suggestion: near_miss(choice, opt.choices.iter().map(String::as_str)).map(str::to_string),
            }));
        }
        opt.chosen = choice.clone();
        if choice != &opt.default {
            if let Some(table) = choice_table(tree.get_ref(), name, choice) {
                merge(merged.get_mut(), table);
            }
            changed.push((name.clone(), choice.clone()));
        }
    }
    if changed.is_empty() {
        return Ok(spec);
    }
    let mut with = check_tree(merged, source).map_err(|items| invalid(&changed, items))?;
    with.options = spec.options;
    Ok(with)
}
