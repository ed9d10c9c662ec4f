//! Direction sets: `diagonal & forward`, `n | ne | nw`, `all except backward`.

use super::{Board, Ctx};
use crate::geometry::{DirSet, Direction, Geometry, Shape};
use crate::spec::checked::{BySide, Side};
use crate::spec::diag::{Diagnostic, DiagnosticKind, did_you_mean};
use crate::spec::dsl::{Expr, Op};
use std::ops::Range;

/// A direction set for both sides (compass names turned for Black), refused if empty.
pub(in crate::spec) fn side_dirs(e: &Expr, board: &Board) -> Result<BySide<DirSet>, Diagnostic> {
    let mut out = [DirSet::EMPTY; 2];
    for side in Side::BOTH {
        out[side] = lower_dirs(e, &board.side(side, true))?;
    }
    if out[0].is_empty() {
        return Err(Diagnostic::new(DiagnosticKind::EmptySet, "this direction set is empty", e.span(), "no direction")
            .help("check the operators: `diagonal & forward` keeps the forward diagonals"));
    }
    Ok(out)
}

/// The named direction sets and the directions of a shape, for help texts.
fn dir_names(g: &Geometry) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = g.dirs().iter().map(|d| d.name).collect();
    v.extend(["all", "none", "forward", "backward", "sideways"]);
    if matches!(g.shape(), Shape::Square { .. }) {
        v.extend(["diagonal", "orthogonal"]);
    }
    v
}

/// A direction set for one side.
pub(super) fn lower_dirs(e: &Expr, cx: &Ctx) -> Result<DirSet, Diagnostic> {
    match e {
        Expr::Name { name, span } => named_dirs(name, span, cx),
        Expr::Chain { .. } => e.fold(
            |part| lower_dirs(part, cx),
            |op, a, b| match op {
                Op::Union => a | b,
                Op::Intersection => a & b,
                Op::Difference => a & !b,
            },
        ),
        other => Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected a direction set", other.span(), "not a direction set")
            .help(format!("directions here are: {}", dir_names(cx.g).join(", ")))),
    }
}

/// A named direction set (`forward`, `diagonal`) or a compass direction (`ne`).
fn named_dirs(name: &str, span: &Range<usize>, cx: &Ctx) -> Result<DirSet, Diagnostic> {
    let g = cx.g;
    let fwd = g.dirs()[cx.forward].plane;
    let by_dot = |sign: i32| -> DirSet {
        let dot = |d: &Direction| d.plane.0 as i32 * fwd.0 as i32 + d.plane.1 as i32 * fwd.1 as i32;
        g.dirs().iter().enumerate().filter(|(i, d)| !g.is_around(*i) && dot(d).signum() == sign).map(|(i, _)| i).collect()
    };
    let square = matches!(g.shape(), Shape::Square { .. });
    Ok(match name {
        "all" => (0..g.dirs().len()).collect(),
        "none" => DirSet::EMPTY,
        "forward" => by_dot(1),
        "backward" => by_dot(-1),
        "sideways" => by_dot(0),
        // Slanting and straight directions, by their picture: on a square board `ne nw se
        // sw` and `n s e w`; with a compass of sixteen, the straight four and the rest.
        // Around a ring (`cw`, `ccw`) is neither.
        "diagonal" if square => g.dirs().iter().enumerate().filter(|(_, d)| d.plane.0 != 0 && d.plane.1 != 0).map(|(i, _)| i).collect(),
        "orthogonal" if square => {
            g.dirs().iter().enumerate().filter(|(i, d)| !g.is_around(*i) && (d.plane.0 == 0 || d.plane.1 == 0)).map(|(i, _)| i).collect()
        }
        other => match g.dir_index(other) {
            // Compass names turn with the side: Black's `n` is White's `s`. Clockwise
            // stays clockwise in the half turn.
            Some(i) if cx.relative && cx.side == Side::Black && !g.is_around(i) => DirSet::one(g.opposite(i)),
            Some(i) => DirSet::one(i),
            None => return Err(unknown_direction(other, span, g)),
        },
    })
}

fn unknown_direction(name: &str, span: &Range<usize>, g: &Geometry) -> Diagnostic {
    let names = dir_names(g);
    let hex = matches!(g.shape(), Shape::Hex { .. });
    let help = if hex && ["e", "w", "diagonal", "orthogonal"].contains(&name) {
        format!("hexagonal boards have vertical columns and six directions, no `{name}`; directions here are: {}", names.join(", "))
    } else {
        did_you_mean(name, names.iter().copied(), format!("directions here are: {}", names.join(", ")))
    };
    Diagnostic::unknown_name("direction", name, span.clone(), "not a direction").help(help)
}
