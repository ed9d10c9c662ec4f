//! Cell sets: `31-50`, `a1, c1`, `ranks(1..4)`, `edge(n) | edge(ne)`, `all except d4`.

use super::directions::lower_dirs;
use super::{Ctx, split_args};
use crate::geometry::{CellSet, Geometry, Notation, NotationKind, Playable, Shape, column_name, square_name};
use crate::spec::checked::Side;
use crate::spec::diag::{Diagnostic, DiagnosticKind, did_you_mean};
use crate::spec::dsl::{Arg, Expr, Op};
use std::ops::Range;

const CELL_CALLS: [&str; 6] = ["row", "rows", "rank", "ranks", "edge", "column"];

/// A cell set for one side. In a side-relative context (promotion, `avoid`) the
/// expression is read as White's and turned a half turn for Black; otherwise cells are
/// absolute and only `rank`/`ranks` count from the side's own edge.
pub(in crate::spec) fn lower_cells(e: &Expr, cx: &Ctx) -> Result<CellSet, Diagnostic> {
    if cx.relative && cx.side == Side::Black && !cx.g.turns_rows() {
        // No view of the board from Black's side keeps the squares' colours: only ranks,
        // counted from Black's own edge, can be turned.
        return match by_rank_only(e, cx) {
            true => absolute(e, &cx.absolute()),
            false => Err(Diagnostic::new(
                DiagnosticKind::WrongExpression,
                "these cells cannot be turned for Black on this board",
                e.span(),
                "written for White",
            )
            .help("on a board of dark squares with an odd width and an even height no half turn keeps the colours of the squares; write the cells with `rank(N)` or `ranks(A..B)`, which count from each side's own edge")),
        };
    }
    if cx.relative && cx.side == Side::Black {
        let white = Ctx { side: Side::White, ..cx.absolute() };
        let set = absolute(e, &white)?;
        return Ok(set.iter().map(|c| cx.g.rotate(c)).collect());
    }
    absolute(e, &cx.absolute())
}

/// A named cell set of `[cells]`, lowered once where it is written: the cells its
/// expression names for each side, read as written (`rank` counting from that side's
/// edge), and whether it is written with ranks only. A use of the name reads these, so
/// that no expression is lowered again through the names it uses: a chain of names costs
/// one lookup each, however they nest.
#[derive(Clone, Debug)]
pub(in crate::spec) struct NamedCells {
    /// Its name.
    pub name: String,
    /// Its cells, per side, as written.
    pub cells: [CellSet; 2],
    /// Whether it is written with ranks only (it reads the same from either side's edge).
    pub rank_only: bool,
}

impl NamedCells {
    /// The set `e`, named `name`, on the board of `cx` (with the sets named before it).
    pub(in crate::spec) fn lower(name: &str, e: &Expr, cx: &Ctx) -> Result<NamedCells, Diagnostic> {
        let cells = [Side::White, Side::Black].map(|side| absolute(e, &Ctx { side, ..cx.absolute() }));
        let [white, black] = cells;
        Ok(NamedCells { name: name.to_string(), cells: [white?, black?], rank_only: by_rank_only(e, cx) })
    }
}

/// Whether a cell set is written with ranks only (`rank(8)`, `ranks(1..2) | rank(4)`,
/// `all`, `none`), so that it reads the same from either side's own edge.
fn by_rank_only(e: &Expr, cx: &Ctx) -> bool {
    match e {
        Expr::Name { name, .. } => match cx.named.iter().find(|n| n.name == *name) {
            Some(set) => set.rank_only,
            None => matches!(name.as_str(), "all" | "none"),
        },
        Expr::Chain { .. } => e.parts().all(|(_, part)| by_rank_only(part, cx)),
        Expr::Call { name, .. } => matches!(name.as_str(), "rank" | "ranks"),
        _ => false,
    }
}

fn absolute(e: &Expr, cx: &Ctx) -> Result<CellSet, Diagnostic> {
    match e {
        Expr::Number { value, span } => Ok([number_cell(*value, span, cx)?].into_iter().collect()),
        Expr::Range { from, to, span } => {
            if from > to {
                return Err(Diagnostic::new(
                    DiagnosticKind::EmptySet,
                    format!("the range {from}-{to} runs backwards"),
                    span.clone(),
                    "empty range",
                )
                .help(format!("write `{to}-{from}`")));
            }
            let mut s = CellSet::EMPTY;
            for v in *from..=*to {
                s.insert(number_cell(v, span, cx)?);
            }
            Ok(s)
        }
        Expr::Name { name, .. } if let Some(set) = cx.named.iter().find(|n| n.name == *name) => Ok(set.cells[cx.side]),
        Expr::Name { name, span } => named_cells(name, span, cx.g, cx.named),
        Expr::Chain { .. } => e.fold(
            |part| absolute(part, cx),
            |op, a, b| match op {
                Op::Union => a.union(&b),
                Op::Intersection => a.intersection(&b),
                Op::Difference => a.difference(&b),
            },
        ),
        Expr::Call { name, name_span, args, span } => call(name, name_span, args, span, cx),
        Expr::Interval { span, .. } => {
            Err(Diagnostic::new(DiagnosticKind::WrongExpression, "an interval is not a cell set", span.clone(), "not cells")
                .help("write `ranks(1..4)` or a square range such as `31-50`"))
        }
    }
}

/// The cell of square number `v` (numeric notation).
fn number_cell(v: u32, span: &Range<usize>, cx: &Ctx) -> Result<u16, Diagnostic> {
    if !cx.n.is_numeric() {
        return Err(Diagnostic::new(
            DiagnosticKind::WrongNotation,
            format!("square {v} needs numeric notation"),
            span.clone(),
            "this board names cells algebraically",
        )
        .help("name cells like `a1`, or use `rank(1)`, `row(1)`"));
    }
    cx.n.number(v).ok_or_else(|| {
        Diagnostic::new(DiagnosticKind::OffBoard, format!("there is no square {v} on this board"), span.clone(), "off the board")
            .help(format!("squares are numbered 1 to {}", cx.g.len()))
    })
}

/// `all`, `none`, `dark`, `light` or a cell named algebraically (`a1`).
fn named_cells(name: &str, span: &Range<usize>, g: &Geometry, named: &[NamedCells]) -> Result<CellSet, Diagnostic> {
    match name {
        "all" => return Ok((0..g.len() as u16).collect()),
        "none" => return Ok(CellSet::EMPTY),
        "dark" | "light" => {
            let want = name == "dark";
            return match g.shape() {
                Shape::Square { playable: Playable::Lines, .. } => Err(Diagnostic::new(
                    DiagnosticKind::WrongExpression,
                    format!("a board of points has no {name} cells"),
                    span.clone(),
                    "for boards of squares",
                )
                .help("`dark` and `light` are the two colours of a board of squares; name the points, or use rows: `row(1)`")),
                Shape::Square { .. } => Ok((0..g.len() as u16).filter(|&c| g.is_dark(c) == want).collect()),
                Shape::Hex { .. } => Err(Diagnostic::new(
                    DiagnosticKind::WrongExpression,
                    format!("a hexagonal board has no {name} cells"),
                    span.clone(),
                    "for square boards",
                )
                .help("`dark` and `light` are the two colours of a square board; every cell of a hexagonal board is played")),
            };
        }
        _ => {}
    }
    if let Some(c) = Notation::new(g, NotationKind::Algebraic).parse(name) {
        return Ok([c].into_iter().collect());
    }
    let looks_like_cell =
        name.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && name[1..].chars().all(|c| c.is_ascii_digit()) && name.len() > 1;
    let unplayable = g.is_unplayable_square(name);
    const SETS: &str = "cells are named like `a1` or numbered; sets are `all`, `dark`, `light`, `rank(N)`, `ranks(A..B)`, `row(N)`, `rows(A..B)`, `column(X)`, `edge(DIRS)`";
    Err(if unplayable {
        Diagnostic::new(
            DiagnosticKind::UnplayableCell,
            format!("{name} is not a playable square"),
            span.clone(),
            "a square of the other colour",
        )
        .help("only the dark squares are played on this board; see `a1` in `[board]`")
    } else if looks_like_cell {
        Diagnostic::new(DiagnosticKind::OffBoard, format!("there is no cell {name} on this board"), span.clone(), "off the board")
            .help(describe_cells(g))
    } else {
        Diagnostic::unknown_name("cell set", name, span.clone(), "not a cell or cell set").help(did_you_mean(
            name,
            CELL_CALLS.iter().copied().chain(["all", "none", "dark", "light"]).chain(named.iter().map(|n| n.name.as_str())),
            SETS,
        ))
    })
}

/// `row(N)`, `rows(A..B)`, `rank(N)`, `ranks(A..B)`, `column(X)`, `edge(DIRS)`.
fn call(name: &str, name_span: &Range<usize>, args: &[Arg], span: &Range<usize>, cx: &Ctx) -> Result<CellSet, Diagnostic> {
    let g = cx.g;
    match name {
        "row" | "rows" | "rank" | "ranks" => {
            let a = split_args(name, args, span, 1, &[])?;
            let rows = g.rows() as u32;
            let (lo, hi) = interval(a.positional[0], rows)?;
            let own = name.starts_with("rank") && cx.side == Side::Black;
            Ok((0..g.len() as u16)
                .filter(|&c| {
                    let r = g.row(c) as u32;
                    let r = if own { rows + 1 - r } else { r };
                    (lo..=hi).contains(&r)
                })
                .collect())
        }
        "column" => {
            let a = split_args(name, args, span, 1, &[])?;
            let col = column(a.positional[0], g)?;
            Ok((0..g.len() as u16).filter(|&c| g.coord(c).0 == col).collect())
        }
        "edge" => {
            let a = split_args(name, args, span, 1, &[])?;
            let dirs = lower_dirs(a.positional[0], cx)?;
            Ok((0..g.len() as u16).filter(|&c| dirs.iter().any(|d| g.step(c, d).is_none())).collect())
        }
        other => Err(Diagnostic::unknown_name("cell set", &format!("{other}(...)"), name_span.clone(), "not a cell set")
            .help(did_you_mean(other, CELL_CALLS, format!("cell sets are: {}", CELL_CALLS.join(", "))))),
    }
}

/// The rows `N` or `A..B` of `row`, `rank` and their plurals.
fn interval(e: &Expr, rows: u32) -> Result<(u32, u32), Diagnostic> {
    let (a, b, s) = match e {
        Expr::Number { value, span } => (*value, *value, span.clone()),
        Expr::Interval { from, to, span } => (*from, *to, span.clone()),
        other => {
            return Err(Diagnostic::new(
                DiagnosticKind::WrongExpression,
                "expected a number or an interval like `1..4`",
                other.span(),
                "not a number",
            ));
        }
    };
    if a < 1 || b > rows || a > b {
        return Err(Diagnostic::new(DiagnosticKind::OffBoard, format!("rows are numbered 1 to {rows} on this board"), s, "no such row")
            .help("`rank(1)` is a side's own first row, `row(1)` the bottom row seen from White"));
    }
    Ok((a, b))
}

/// The column letter of `column(X)`.
fn column(e: &Expr, g: &Geometry) -> Result<i8, Diagnostic> {
    let named = match e {
        Expr::Name { name, span } => crate::geometry::column_of(name).map(|col| (col, name, span)),
        _ => None,
    };
    let Some((col, name, span)) = named else {
        return Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected a column letter such as `a`", e.span(), "not a column"));
    };
    if !(0..g.len() as u16).any(|c| g.coord(c).0 == col) {
        return Err(Diagnostic::new(
            DiagnosticKind::OffBoard,
            format!("there is no column {name} on this board"),
            span.clone(),
            "off the board",
        )
        .help(describe_cells(g)));
    }
    Ok(col)
}

fn describe_cells(g: &Geometry) -> String {
    match g.shape() {
        Shape::Square { width, height, .. } => {
            format!("this board has columns a to {} and rows 1 to {height}", column_name(width as i8 - 1))
        }
        Shape::Hex { side } => {
            format!("cells are a1 to {}, with |file - rank| < {side}", square_name((2 * side as i8 - 2, 2 * side as i8 - 2)))
        }
    }
}
