//! Finding a variant: a shipped id (or alias), or a path to a `.toml` file.

use crate::compile::Rules;
use crate::spec::{self, Diagnostics, MAX_VARIANT_BYTES, OptionError, UnknownChoice, UnknownOption};
use std::io::Read;
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Why a variant could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// Neither a shipped id nor a file.
    #[error("no variant `{name}`: it is not a shipped variant id and no such file exists{}", hint(.suggestion))]
    NotFound {
        /// The name asked for.
        name: String,
        /// The shipped id nearest to it, if one is near.
        suggestion: Option<String>,
    },
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path asked for.
        path: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The file is larger than a variant file may be ([`MAX_VARIANT_BYTES`]).
    #[error("{path} is more than {limit} bytes long: a variant file is a few kilobytes", limit = MAX_VARIANT_BYTES)]
    TooLarge {
        /// The path asked for.
        path: String,
    },
    /// The file has errors, as written or with the chosen options merged in (a TOML
    /// failure too: every problem in a file is a diagnostic with its span).
    #[error("{0}")]
    Invalid(Box<Diagnostics>),
    /// A requested option does not exist.
    #[error(transparent)]
    UnknownOption(UnknownOption),
    /// A requested choice of an option does not exist.
    #[error(transparent)]
    UnknownChoice(UnknownChoice),
}

impl From<OptionError> for LoadError {
    fn from(e: OptionError) -> Self {
        match e {
            OptionError::Invalid(d) => LoadError::Invalid(d),
            OptionError::UnknownOption(e) => LoadError::UnknownOption(e),
            OptionError::UnknownChoice(e) => LoadError::UnknownChoice(e),
        }
    }
}

/// Compiles variant text with options chosen (`NAME`, `CHOICE`), as `--option NAME=CHOICE`
/// does; `file` names it in diagnostics.
pub fn compile_text_with(text: &str, file: &str, options: &[(String, String)]) -> Result<Rules, LoadError> {
    Ok(Rules::new(spec::load_with(text, file, options)?))
}

fn hint(s: &Option<String>) -> String {
    match s {
        Some(_) => format!("{}; `polydame variants` lists them", spec::diag::did_you_mean_aside(s)),
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

/// Every shipped variant compiled, in the order of [`shipped`], once in a process: the
/// record registry's variants, the lists of front ends. (A shipped file that does not
/// compile would fail the project's own tests; it is left out rather than panicking.)
pub fn shipped_rules() -> &'static [Rules] {
    static RULES: std::sync::OnceLock<Vec<Rules>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| SHIPPED.iter().filter_map(|(stem, text)| compile_text(text, &format!("variants/{stem}.toml")).ok()).collect())
}

/// The shipped variant `name` stands for, by its id or one of its aliases
/// (case-insensitive): its id and its file's text. No path is looked at: this is the door
/// for names a stranger sends (a studio request, a GUI's).
///
/// ```
/// let (id, text) = polydame::shipped_variant("Checkers").unwrap();
/// assert_eq!(id, "english");
/// assert!(text.contains("[variant]"));
/// assert!(polydame::shipped_variant("variants/english.toml").is_none());
/// ```
pub fn shipped_variant(name: &str) -> Option<(&'static str, &'static str)> {
    let lower = name.to_ascii_lowercase();
    if let Some(&(stem, text)) = SHIPPED.iter().find(|(stem, _)| *stem == lower) {
        return Some((stem, text));
    }
    let rules = shipped_rules().iter().find(|r| r.spec().aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))?;
    SHIPPED.iter().find(|(stem, _)| *stem == rules.id()).copied()
}

/// Loads a variant with options chosen: (option, choice) pairs, as `--option NAME=CHOICE`.
pub fn load_variant_with(name: &str, options: &[(String, String)]) -> Result<Rules, LoadError> {
    let lower = name.to_ascii_lowercase();
    if let Some((stem, text)) = shipped_variant(name) {
        return compile_text_with(text, &format!("variants/{stem}.toml"), options);
    }
    let path = Path::new(name);
    if path.exists() {
        let io = |source| LoadError::Io { path: name.to_string(), source };
        // A pipe or a device (`/dev/stdin`, `/dev/zero`) is no variant file: reading one
        // may never end.
        if !path.is_file() {
            let why = std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file");
            return Err(io(why));
        }
        let mut text = String::new();
        std::fs::File::open(path).and_then(|f| f.take(MAX_VARIANT_BYTES as u64 + 1).read_to_string(&mut text)).map_err(io)?;
        if text.len() > MAX_VARIANT_BYTES {
            return Err(LoadError::TooLarge { path: name.to_string() });
        }
        return compile_text_with(&text, name, options);
    }
    let suggestion = spec::diag::near_miss(&lower, SHIPPED.iter().map(|(s, _)| *s)).map(str::to_string);
    Err(LoadError::NotFound { name: name.to_string(), suggestion })
}
