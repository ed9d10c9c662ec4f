//! `where` conditions: tests (`sees_enemy`, `inward`, `touches(own, orthogonal)`,
//! `touched(enemy, orthogonal)`, `from(CELLS)`, `to(CELLS)`, `over(CELLS)`, `played(0)`,
//! `taken(1)`,
//! `jump_open(orthogonal)`) combined with `&`, `|`, `except` and `not(...)`.

use super::moves::kind_mask;
use super::{Board, cells::lower_cells, side_dirs, split_args};
use crate::geometry::CellSet;
use crate::spec::checked::Side;
use crate::spec::condition::{Condition, Place, Test};
use crate::spec::diag::{Diagnostic, DiagnosticKind, did_you_mean};
use crate::spec::dsl::{Arg, Expr, Op};
use crate::spec::ending::{EndCondition, EndTest};
use std::ops::Range;

const TESTS: [&str; 13] =
    ["sees_enemy", "inward", "touches", "touched", "from", "to", "over", "played", "taken", "jump_open", "pieces", "nearer", "not"];
const HELP: &str = "conditions are `sees_enemy`, `inward`, `touches(own | enemy, DIRS)`, `touched(own | enemy, DIRS)`, `from(CELLS)`, `to(CELLS)`, `over(CELLS)` (on a capture), `played(N)` or `played(A..B)`, `taken(N)` or `taken(A..B)`, `jump_open(DIRS)`, `pieces(own | enemy, N)` or `pieces(own | enemy, A..B)` (with `kinds = ...`), `nearer(enemy)`, combined with `&`, `|`, `except` and `not(...)`";

/// A `where` condition, of a capture rule if `capture` (else of a quiet move or a drop):
/// its tests and its truth table.
pub(in crate::spec) fn lower_condition(e: &Expr, board: &Board, capture: bool) -> Result<Condition, Diagnostic> {
    let (tests, table) = truth_table(e, &|t| test(t, board, capture))?;
    Ok(Condition::new(&tests, table))
}

/// An end rule's condition (`[[end.rule]] when`): its tests and its truth table.
pub(in crate::spec) fn lower_end_condition(e: &Expr, board: &Board) -> Result<EndCondition, Diagnostic> {
    let (tests, table) = truth_table(e, &|t| end_test(t, board))?;
    Ok(EndCondition { tests, table })
}

/// The tests of a condition, each once in the order they are first named, and the
/// condition's truth table over their results, the tests read by `test`.
fn truth_table<T: PartialEq>(e: &Expr, test: &impl Fn(&Expr) -> Result<T, Diagnostic>) -> Result<(Vec<T>, u64), Diagnostic> {
    let mut tests = Vec::new();
    collect(e, test, &mut tests)?;
    if tests.len() > Condition::MAX_TESTS {
        return Err(Diagnostic::new(DiagnosticKind::Malformed, "a condition names more than six tests", e.span(), "too many tests")
            .help("a condition combines at most six different tests"));
    }
    let mut table = 0u64;
    for results in 0..1u32 << tests.len() {
        if value(e, test, &tests, results)? {
            table |= 1 << results;
        }
    }
    Ok((tests, table))
}

/// The tests of a condition, each once, in the order they are first named.
fn collect<T: PartialEq>(e: &Expr, test: &impl Fn(&Expr) -> Result<T, Diagnostic>, tests: &mut Vec<T>) -> Result<(), Diagnostic> {
    match e {
        Expr::Chain { span, .. } => {
            unmixed(e, span)?;
            e.parts().try_for_each(|(_, part)| collect(part, test, tests))
        }
        Expr::Call { name, args, span, .. } if name == "not" => {
            let a = split_args(name, args, span, 1, &[])?;
            collect(a.positional[0], test, tests)
        }
        other => {
            let t = test(other)?;
            if !tests.contains(&t) {
                tests.push(t);
            }
            Ok(())
        }
    }
}

/// Refuses a chain that joins tests with `|` and also with `&` or `except`: the operators
/// apply left to right, as in cell sets, where a reader of a condition expects `&` to
/// bind first, so parentheses must say which is meant.
fn unmixed(e: &Expr, span: &Range<usize>) -> Result<(), Diagnostic> {
    let ops = || e.parts().filter_map(|(op, _)| op);
    if ops().any(|op| op == Op::Union) && ops().any(|op| op != Op::Union) {
        return Err(Diagnostic::new(
            DiagnosticKind::Malformed,
            "`|` and `&` (or `except`) in one condition without parentheses",
            span.clone(),
            "which comes first?",
        )
        .help("group with parentheses: `(a & b) | c` or `a & (b | c)`; the operators of a condition apply left to right, so `a & b | c & d` would mean `((a & b) | c) & d`"));
    }
    Ok(())
}

/// The condition's value when the results of `tests` are the bits of `results`.
fn value<T: PartialEq>(e: &Expr, test: &impl Fn(&Expr) -> Result<T, Diagnostic>, tests: &[T], results: u32) -> Result<bool, Diagnostic> {
    Ok(match e {
        Expr::Chain { .. } => e.fold(
            |part| value(part, test, tests, results),
            |op, a, b| match op {
                Op::Union => a || b,
                Op::Intersection => a && b,
                Op::Difference => a && !b,
            },
        )?,
        Expr::Call { name, args, span, .. } if name == "not" => {
            !value(split_args(name, args, span, 1, &[])?.positional[0], test, tests, results)?
        }
        other => {
            let t = test(other)?;
            let i = tests.iter().position(|x| *x == t).expect("collected");
            results >> i & 1 == 1
        }
    })
}

/// One test: a name (`sees_enemy`, `inward`) or a call (`touches(own, orthogonal)`), of a
/// capture rule's condition if `capture`.
fn test(e: &Expr, board: &Board, capture: bool) -> Result<Test, Diagnostic> {
    match e {
        Expr::Name { name, .. } if name == "sees_enemy" => Ok(Test::SeesEnemy),
        Expr::Name { name, .. } if name == "inward" => Ok(Test::Inward),
        Expr::Call { name, args, span, .. } if name == "touches" || name == "touched" => {
            let a = split_args(name, args, span, 2, &[])?;
            let own = whose(a.positional[0], name, "orthogonal")?;
            let dirs = side_dirs(a.positional[1], board)?;
            Ok(if name == "touches" { Test::Touches { own, dirs } } else { Test::Touched { own, dirs } })
        }
        Expr::Call { name, span, .. } if name == "over" && !capture => Err(Diagnostic::new(
            DiagnosticKind::MisplacedCondition,
            "`over(CELLS)` on a move that takes nothing",
            span.clone(),
            "no piece is jumped here",
        )
        .help("`over(CELLS)` tests the piece a jump or a fly jumps: write it in the `where` of a capture")),
        Expr::Call { name, args, span, .. } if name == "from" || name == "to" || name == "over" => {
            let a = split_args(name, args, span, 1, &[])?;
            let at = match name.as_str() {
                "from" => Place::From,
                "to" => Place::To,
                _ => Place::Over,
            };
            Ok(Test::In { at, set: cell_set(a.positional[0], board)? })
        }
        Expr::Call { name, args, span, .. } if name == "played" => {
            let a = split_args(name, args, span, 1, &[])?;
            let (min, max) =
                count(a.positional[0], "a number of moves", "`played(0)`: the game's first move; `played(0..9)`: one of its first ten")?;
            Ok(Test::Played { min, max })
        }
        Expr::Call { name, args, span, .. } if name == "taken" => {
            let a = split_args(name, args, span, 1, &[])?;
            let (min, max) = count(
                a.positional[0],
                "a number of pieces",
                "`taken(0)`: the move's first capture; `taken(1..3)`: after one to three pieces taken",
            )?;
            Ok(Test::Taken { min, max })
        }
        Expr::Call { name, args, span, .. } if name == "jump_open" => {
            let a = split_args(name, args, span, 1, &[])?;
            Ok(Test::JumpOpen { dirs: side_dirs(a.positional[0], board)? })
        }
        Expr::Call { name, args, span, .. } if name == "pieces" => {
            let (own, kinds, min, max) = pieces(name, args, span, board)?;
            Ok(Test::Pieces { own, kinds, min, max })
        }
        Expr::Call { name, args, span, .. } if name == "nearer" => {
            let a = split_args(name, args, span, 1, &[])?;
            match a.positional[0] {
                Expr::Name { name, .. } if name == "enemy" => Ok(Test::Nearer),
                other => Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected `enemy`", other.span(), "nearer to what?")
                    .help("`nearer(enemy)`: the move ends nearer the nearest enemy piece, in steps along the lines, than it starts")),
            }
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

/// A number `N` or a range `A..B` (`A <= B`) of what a test counts (`what`, "a number of
/// pieces"), as the fewest and the most, each at most 65535.
fn count(e: &Expr, what: &str, help: &str) -> Result<(u16, u16), Diagnostic> {
    let (min, max) = match e {
        Expr::Number { value, .. } => (*value, *value),
        Expr::Interval { from, to, .. } if from <= to => (*from, *to),
        other => {
            return Err(Diagnostic::new(DiagnosticKind::WrongExpression, format!("expected {what}"), other.span(), "how many?").help(help));
        }
    };
    let at_most = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
    Ok((at_most(min), at_most(max)))
}

/// The arguments of `pieces(own | enemy, N)` or `pieces(own | enemy, A..B)`, with
/// `kinds = ...` or without: whose, which kinds (`None`: every kind and the hand), the
/// fewest and the most. One reader for both condition languages.
fn pieces(name: &str, args: &[Arg], span: &Range<usize>, board: &Board) -> Result<(bool, Option<u8>, u16, u16), Diagnostic> {
    let a = split_args(name, args, span, 2, &["kinds"])?;
    let own = whose(a.positional[0], name, "0..1")?;
    let (min, max) = count(
        a.positional[1],
        "a number of pieces",
        "`pieces(own, 1)`: exactly one; `pieces(own, 0..1)`: none or one; `pieces(enemy, 0, kinds = king)`: no enemy king",
    )?;
    let kinds = a.named.first().map(|(_, v)| kind_mask(v, board.kinds)).transpose()?;
    Ok((own, kinds, min, max))
}

/// `own` or `enemy`, the first argument of `name`; `example` is a second argument.
fn whose(e: &Expr, name: &str, example: &str) -> Result<bool, Diagnostic> {
    match e {
        Expr::Name { name, .. } if name == "own" => Ok(true),
        Expr::Name { name, .. } if name == "enemy" => Ok(false),
        other => Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected `own` or `enemy`", other.span(), "whose pieces?")
            .help(format!("`{name}(own, {example})`: the side's own pieces; `{name}(enemy, {example})`: the opponent's"))),
    }
}

const END_TESTS: [&str; 4] = ["no_moves", "pieces", "on", "not"];
const END_HELP: &str = "end conditions are `no_moves`, `pieces(own | enemy, N)` or `pieces(own | enemy, A..B)` (with `kinds = ...`), `on(own | enemy, CELLS)`, combined with `&`, `|`, `except` and `not(...)`; `own` is the side to move";

/// One test of an end rule: `no_moves`, `pieces(own, 0..1)`, `on(enemy, d4)`.
fn end_test(e: &Expr, board: &Board) -> Result<EndTest, Diagnostic> {
    match e {
        Expr::Name { name, .. } if name == "no_moves" => Ok(EndTest::NoMoves),
        Expr::Call { name, args, span, .. } if name == "pieces" => {
            let (own, kinds, min, max) = pieces(name, args, span, board)?;
            Ok(EndTest::Pieces { own, kinds, min, max })
        }
        Expr::Call { name, args, span, .. } if name == "on" => {
            let a = split_args(name, args, span, 2, &[])?;
            let own = whose(a.positional[0], name, "d4")?;
            let mut cells = [CellSet::EMPTY; 2];
            for side in Side::BOTH {
                cells[side] = lower_cells(a.positional[1], &board.side(side, true))?;
            }
            Ok(EndTest::On { own, cells })
        }
        Expr::Name { name, span } | Expr::Call { name, name_span: span, .. } => {
            Err(Diagnostic::unknown_name("end condition", name, span.clone(), "not an end condition").help(did_you_mean(
                name,
                END_TESTS.iter().copied(),
                END_HELP,
            )))
        }
        other => {
            Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected an end condition", other.span(), "not a condition")
                .help(END_HELP))
        }
    }
}
