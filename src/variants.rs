//! Finding a variant: a shipped id (or alias), or a path to a `.toml` file.

use crate::compile::Rules;
use crate::spec::{self, Diagnostics};
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Why a variant could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Neither a shipped id nor a file.
    #[error("no variant `{name}`: it is not a shipped variant id and no such file exists{}", hint(.suggestion))]
    NotFound { name: String, suggestion: Option<String> },
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: std::io::Error },
    /// The file has errors.
    #[error("{0}")]
    Invalid(Box<Diagnostics>),
    /// A requested option or choice does not exist.
    #[error("{0}")]
    Option(String),
}

fn with_options(text: &str, file: &str, options: &[(String, String)]) -> Result<Rules, LoadError> {
    match spec::load_with(text, file, options) {
        Ok(s) => Ok(Rules::new(s)),
        Err(spec::OptionError::Invalid(d)) => Err(LoadError::Invalid(d)),
        Err(spec::OptionError::Unknown(m)) => Err(LoadError::Option(m)),
    }
}

fn hint(s: &Option<String>) -> String {
    match s {
        Some(s) => format!(" (did you mean `{s}`?); `polydame variants` lists them"),
        None => "; `polydame variants` lists the shipped ones".to_string(),
    }
}

/// The shipped variant files: (id as file stem, text).
pub fn shipped() -> &'static [(&'static str, &'static str)] {
    SHIPPED
}

/// Compiles variant text; `file` names it in diagnostics.
pub fn compile_text(text: &str, file: &str) -> Result<Rules, Box<Diagnostics>> {
    spec::load(text, file).map(Rules::new).map_err(Box::new)
}

/// Loads a shipped variant by id or alias (case-insensitive), or a variant file by path.
pub fn load_variant(name: &str) -> Result<Rules, LoadError> {
    load_variant_with(name, &[])
}

/// Loads a variant with options chosen: (option, choice) pairs, as `--option NAME=CHOICE`.
pub fn load_variant_with(name: &str, options: &[(String, String)]) -> Result<Rules, LoadError> {
    let lower = name.to_ascii_lowercase();
    if let Some((stem, text)) = SHIPPED.iter().find(|(stem, _)| *stem == lower) {
        return with_options(text, &format!("variants/{stem}.toml"), options);
    }
    // Aliases: compile each shipped file only when the id did not match.
    for (stem, text) in SHIPPED {
        if let Ok(rules) = compile_text(text, stem) {
            if rules.spec().aliases.iter().any(|a| a.eq_ignore_ascii_case(name)) {
                return with_options(text, &format!("variants/{stem}.toml"), options);
            }
        }
    }
    let path = Path::new(name);
    if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io { path: name.to_string(), source })?;
        return with_options(&text, name, options);
    }
    let suggestion = spec::diag::near_miss(&lower, SHIPPED.iter().map(|(s, _)| *s)).map(str::to_string);
    Err(LoadError::NotFound { name: name.to_string(), suggestion })
}
