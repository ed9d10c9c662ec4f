//! Lowering of the expressions of a variant file, once parsed (see [`dsl`](super::dsl)),
//! into what they mean on one board: quiet moves and captures, direction sets and cell
//! sets. Each function returns the first problem it meets; the checker collects them.

mod cells;
mod conditions;
mod directions;
mod moves;

pub(super) use cells::{NamedCells, lower_cells};
pub(super) use conditions::{lower_condition, lower_end_condition};
pub(super) use directions::side_dirs;
pub(super) use moves::{lower_capture, lower_move};

use super::checked::BySide;
use super::checked::Side;
use super::diag::{Diagnostic, DiagnosticKind, did_you_mean};
use super::dsl::{Arg, Expr};
use crate::geometry::{CellSet, Geometry, Notation};
use std::ops::Range;

/// The board an expression is lowered on: its geometry, its cell names and each side's
/// forward direction.
#[derive(Clone, Copy)]
pub(super) struct Board<'g> {
    pub g: &'g Geometry,
    pub n: &'g Notation,
    /// Forward direction index per side.
    pub forward: [usize; 2],
    /// The cell sets the file's conditions test so far, numbered in order (each once).
    pub condition_cells: &'g std::cell::RefCell<Vec<BySide<CellSet>>>,
    /// The named cell sets of `[cells]` a cell expression may use, each lowered once.
    pub named: &'g [NamedCells],
    /// The names of the piece kinds, in order (for conditions that name kinds).
    pub kinds: &'g [String],
}

impl<'g> Board<'g> {
    /// The context for lowering for `side`; `relative` reads explicit cells and compass
    /// directions as White's and turns them for Black.
    pub fn side(&self, side: Side, relative: bool) -> Ctx<'g> {
        Ctx { g: self.g, n: self.n, side, forward: self.forward[side], relative, named: self.named }
    }
}

/// Context for lowering a cell or direction expression for one side.
#[derive(Clone, Copy)]
pub(super) struct Ctx<'g> {
    g: &'g Geometry,
    n: &'g Notation,
    side: Side,
    forward: usize,
    /// Whether explicit cells are seen from White and turned for Black.
    relative: bool,
    /// The named cell sets of `[cells]`.
    named: &'g [NamedCells],
}

impl Ctx<'_> {
    /// The same context, read as written (not turned for Black).
    fn absolute(self) -> Self {
        Ctx { relative: false, ..self }
    }
}

fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Positional and named arguments of a call, checked against what it takes.
struct Args<'e> {
    positional: Vec<&'e Expr>,
    named: Vec<(&'e str, &'e Expr)>,
}

fn split_args<'e>(name: &str, args: &'e [Arg], span: &Range<usize>, positional: usize, named: &[&str]) -> Result<Args<'e>, Diagnostic> {
    let mut out = Args { positional: Vec::new(), named: Vec::new() };
    for a in args {
        match &a.name {
            None => out.positional.push(&a.value),
            Some((n, s)) => {
                if !named.contains(&n.as_str()) {
                    let help = if named.is_empty() {
                        format!("`{name}` takes no named arguments")
                    } else {
                        did_you_mean(n, named.iter().copied(), format!("`{name}` takes: {}", named.join(", ")))
                    };
                    return Err(Diagnostic::new(
                        DiagnosticKind::UnknownArgument,
                        format!("`{name}` takes no argument `{n}`"),
                        s.clone(),
                        "unknown argument",
                    )
                    .help(help));
                }
                out.named.push((n.as_str(), &a.value));
            }
        }
    }
    if out.positional.len() != positional {
        return Err(Diagnostic::new(
            DiagnosticKind::ArgumentCount,
            format!("`{name}` takes {}, not {}", plural(positional, "argument"), out.positional.len()),
            span.clone(),
            "wrong number of arguments",
        ));
    }
    Ok(out)
}

/// A bare name out of a fixed list: `any` in `land = any`.
fn bare_name(e: &Expr, what: &str, options: &[&str]) -> Result<String, Diagnostic> {
    match e {
        Expr::Name { name, span } if options.contains(&name.as_str()) => Ok(name.clone()),
        Expr::Name { name, span } => Err(Diagnostic::unknown_name(what, name, span.clone(), format!("not a {what}")).help(did_you_mean(
            name,
            options.iter().copied(),
            format!("expected one of: {}", options.join(", ")),
        ))),
        other => Err(Diagnostic::new(DiagnosticKind::WrongExpression, format!("expected a {what}"), other.span(), format!("not a {what}"))
            .help(format!("expected one of: {}", options.join(", ")))),
    }
}
