//! The variant file format: serde structures, the expression language, checks and
//! diagnostics. [`load`] turns a file's text into a checked [`Spec`].

mod check;
mod checked;
mod columns;
mod condition;
pub(crate) mod diag;
mod dsl;
mod ending;
mod lower;
mod options;
mod raw;

pub use check::cells::MAX_NAMED_CELLS;
pub use check::load;
pub use checked::*;
pub use columns::{ColumnTake, Columns, JumpAgain};
pub use condition::{Condition, Place, Test};
pub use diag::{Diagnostic, DiagnosticKind, Diagnostics, MAX_DIAGNOSTICS, line_col};
pub use dsl::{MAX_NESTING, MAX_PARTS};
pub use ending::*;
pub use options::{OptionError, UnknownChoice, UnknownOption, load_with};

/// The largest variant file read, in bytes (1 MiB); the shipped ones are under 10 KiB.
pub const MAX_VARIANT_BYTES: usize = 1 << 20;
