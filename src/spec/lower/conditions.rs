//! `where` conditions: tests (`sees_enemy`, `inward`, `touches(own, orthogonal)`,
//! `touched(enemy, orthogonal)`, `from(CELLS)`, `to(CELLS)`) combined with `&`, `|`,
//! `except` and `not(...)`.

use super::{Board, cells::lower_cells, side_dirs, split_args};
use crate::geometry::CellSet;
use crate::spec::checked::Side;
use crate::spec::condition::{Condition, Place, Test};
use crate::spec::diag::{Diagnostic, DiagnosticKind, did_you_mean};
use crate::spec::dsl::{Expr, Op};

const TESTS: [&str; 7] = ["sees_enemy", "inward", "touches", "touched", "from", "to", "not"];
const HELP: &str = "conditions are `sees_enemy`, `inward`, `touches(own | enemy, DIRS)`, `touched(own | enemy, DIRS)`, `from(CELLS)`, `to(CELLS)`, combined with `&`, `|`, `except` and `not(...)`";

/// A `where` condition: its tests and its truth table.
pub(in crate::spec) fn lower_condition(e: &Expr, board: &Board) -> Result<Condition, Diagnostic> {
    let mut tests = Vec::new();
    collect(e, board, &mut tests)?;
    if tests.len() > Condition::MAX_TESTS {
        return Err(Diagnostic::new(DiagnosticKind::Malformed, "a condition names more than six tests", e.span(), "too many tests")
            .help("a condition combines at most six different tests"));
    }
    let mut table = 0u64;
    for results in 0..1u32 << tests.len() {
        if value(e, board, &tests, results)? {
            table |= 1 << results;
        }
    }
    Ok(Condition::new(&tests, table))
}

/// The tests of a condition, each once, in the order they are first named.
fn collect(e: &Expr, board: &Board, tests: &mut Vec<Test>) -> Result<(), Diagnostic> {
    match e {
        Expr::Chain { .. } => e.parts().try_for_each(|(_, part)| collect(part, board, tests)),
        Expr::Call { name, args, span, .. } if name == "not" => {
            let a = split_args(name, args, span, 1, &[])?;
            collect(a.positional[0], board, tests)
        }
        other => {
            let t = test(other, board)?;
            if !tests.contains(&t) {
                tests.push(t);
            }
            Ok(())
        }
    }
}

/// The condition's value when the results of `tests` are the bits of `results`.
fn value(e: &Expr, board: &Board, tests: &[Test], results: u32) -> Result<bool, Diagnostic> {
    Ok(match e {
        Expr::Chain { .. } => e.fold(
            |part| value(part, board, tests, results),
            |op, a, b| match op {
                Op::Union => a || b,
                Op::Intersection => a && b,
                Op::Difference => a && !b,
            },
        )?,
        Expr::Call { name, args, span, .. } if name == "not" => {
            !value(split_args(name, args, span, 1, &[])?.positional[0], board, tests, results)?
        }
        other => {
            let t = test(other, board)?;
            let i = tests.iter().position(|x| *x == t).expect("collected");
            results >> i & 1 == 1
        }
    })
}

/// One test: a name (`sees_enemy`, `inward`) or a call (`touches(own, orthogonal)`).
fn test(e: &Expr, board: &Board) -> Result<Test, Diagnostic> {
    match e {
        Expr::Name { name, .. } if name == "sees_enemy" => Ok(Test::SeesEnemy),
        Expr::Name { name, .. } if name == "inward" => Ok(Test::Inward),
        Expr::Call { name, args, span, .. } if name == "touches" || name == "touched" => {
            let a = split_args(name, args, span, 2, &[])?;
            let own = match a.positional[0] {
                Expr::Name { name, .. } if name == "own" => true,
                Expr::Name { name, .. } if name == "enemy" => false,
                other => {
                    return Err(Diagnostic::new(
                        DiagnosticKind::WrongExpression,
                        "expected `own` or `enemy`",
                        other.span(),
                        "whose pieces?",
                    )
                    .help(format!("`{name}(own, orthogonal)`: the mover's pieces; `{name}(enemy, orthogonal)`: the opponent's")));
                }
            };
            let dirs = side_dirs(a.positional[1], board)?;
            Ok(if name == "touches" { Test::Touches { own, dirs } } else { Test::Touched { own, dirs } })
        }
        Expr::Call { name, args, span, .. } if name == "from" || name == "to" => {
            let a = split_args(name, args, span, 1, &[])?;
            let at = if name == "from" { Place::From } else { Place::To };
            Ok(Test::In { at, set: cell_set(a.positional[0], board)? })
        }
        Expr::Name { name, span } | Expr::Call { name, name_span: span, .. } => {
            Err(Diagnostic::unknown_name("condition", name, span.clone(), "not a condition").help(did_you_mean(
                name,
                TESTS.iter().copied(),
                HELP,
            )))
        }
        other => Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected a condition", other.span(), "not a condition").help(HELP)),
    }
}

/// The number of a condition's cell set, written from White's point of view (Black's is
/// its half turn, as promotion cells are): the same cells get the same number.
fn cell_set(e: &Expr, board: &Board) -> Result<u8, Diagnostic> {
    let mut cells = [CellSet::EMPTY; 2];
    for side in Side::BOTH {
        cells[side] = lower_cells(e, &board.side(side, true))?;
    }
    let mut sets = board.condition_cells.borrow_mut();
    if let Some(i) = sets.iter().position(|s| *s == cells) {
        return Ok(i as u8);
    }
    if sets.len() > u8::MAX as usize {
        return Err(Diagnostic::new(
            DiagnosticKind::Malformed,
            "more than 256 different cell sets in conditions",
            e.span(),
            "one too many",
        )
        .help("the conditions of a file test at most 256 different cell sets"));
    }
    sets.push(cells);
    Ok((sets.len() - 1) as u8)
}
