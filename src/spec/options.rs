//! Variant options: `[options.NAME]` tables whose choices override parts of the file,
//! chosen at load (`--option NAME=CHOICE`).
//!
//! The file as written describes the default choice of every option. Choosing another
//! merges that choice's tables into the file's TOML tree (a key given in the choice
//! replaces the file's key; tables merge key by key) and checks the result again. The
//! tree keeps the span of every key and value, those of the choice included, so a problem
//! found with a choice merged in points at the user's own file, line and column.

use super::check::{check_tree, parse};
use super::checked::Spec;
use super::diag::{Diagnostics, did_you_mean_aside, near_miss};
use std::fmt;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::diag::line_col;

    const FILE: &str = r#"[variant]
id = "opts"
name = "Options"
[board]
shape = "square"
width = 8
height = 8
[pieces.man]
moves = ["step(diagonal & forward)"]
captures = ["jump(diagonal)"]
promotion = "rank(8)"
promotes_to = "king"
[pieces.king]
fen = "K"
moves = ["slide(diagonal)"]
captures = ["fly(diagonal)"]
[capture]
precedence = ["most-pieces"]
[setup]
white = "ranks(1..3)"
black = "ranks(1..3)"
[options.halt]
default = "none"
choices.none = {}
choices.after-kings = { capture = { halt_behind = ["king"] } }
choices.typo = { capture = { halt_behind = ["kng"] } }
[options.rules]
default = "plain"
choices.plain = {}
choices.short = { pieces = { king = { captures = ["jump(diagonal)"] } }, end = { repetition = 3 } }
"#;

    fn with(pairs: &[(&str, &str)]) -> Result<Spec, OptionError> {
        let pairs: Vec<(String, String)> = pairs.iter().map(|(o, c)| (o.to_string(), c.to_string())).collect();
        load_with(FILE, "opts.toml", &pairs)
    }

    #[test]
    fn a_choice_merges_tables_key_by_key_and_replaces_other_values() {
        let spec = with(&[("halt", "after-kings"), ("rules", "short")]).unwrap();
        // `capture` merged: the file's precedence stays, the choice's halt rule comes in.
        assert_eq!(spec.capture.precedence.len(), 1);
        assert_eq!(spec.capture.halt.map(|h| h.kinds), Some(0b10));
        // An array is replaced; a table the file lacks is added.
        assert_eq!(spec.kinds[1].captures.len(), 1);
        assert_eq!(spec.kinds[1].captures[0].kind, crate::spec::CaptureKind::Jump);
        assert_eq!(spec.end.repetition, Some(3));
        let chosen: Vec<&str> = spec.options.iter().map(|o| o.chosen.as_str()).collect();
        assert_eq!(chosen, ["after-kings", "short"]);
        // The default choice changes nothing.
        let spec = with(&[("halt", "none")]).unwrap();
        assert!(spec.capture.halt.is_none() && spec.end.repetition.is_none());
    }

    #[test]
    fn an_error_inside_a_choice_points_at_the_file() {
        let Err(OptionError::Invalid(d)) = with(&[("halt", "typo")]) else { panic!("the choice has an error") };
        assert_eq!(d.choices, [("halt".to_string(), "typo".to_string())]);
        let item = &d.items[0];
        assert_eq!(&FILE[item.span.clone()], "\"kng\"");
        assert_eq!(line_col(FILE, item.span.start), (26, 45));
        assert!(d.to_string().ends_with("1 error in opts.toml with option halt=typo"), "{d}");
    }

    #[test]
    fn unknown_options_and_choices_say_what_exists() {
        let Err(OptionError::UnknownOption(e)) = with(&[("hlat", "after-kings")]) else { panic!("no such option") };
        assert_eq!(e.suggestion.as_deref(), Some("halt"));
        assert_eq!(e.to_string(), "variant opts has no option `hlat` (did you mean `halt`?); its options are: halt, rules");
        let Err(OptionError::UnknownChoice(e)) = with(&[("halt", "after-kngs")]) else { panic!("no such choice") };
        assert_eq!(
            e.to_string(),
            "option `halt` has no choice `after-kngs` (did you mean `after-kings`?); choices: none, after-kings, typo"
        );
    }
}
