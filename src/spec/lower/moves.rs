//! Quiet moves (`step`, `slide`, `run`) and captures (`jump`, `fly`, `leap`) of a piece
//! kind.

use super::{Board, bare_name, side_dirs, split_args};
use crate::spec::checked::{CaptureKind, CaptureRule, Land, MoveKind, MoveRule, When};
use crate::spec::diag::{Diagnostic, DiagnosticKind, did_you_mean, near_miss};
use crate::spec::dsl::{self, Arg, Expr, Op};
use std::ops::Range;

const MOVE_CALLS: [&str; 3] = ["step", "slide", "run"];
const CAPTURE_CALLS: [&str; 5] = ["jump", "fly", "leap", "approach", "withdrawal"];

/// The parts of a call: name, name span, arguments, whole span.
type Call<'e> = (&'e str, &'e Range<usize>, &'e [Arg], &'e Range<usize>);

fn call<'e>(e: &'e Expr, what: &str, example: &str, calls: &str) -> Result<Call<'e>, Diagnostic> {
    match e {
        Expr::Call { name, name_span, args, span } => Ok((name, name_span, args, span)),
        other => Err(Diagnostic::new(
            DiagnosticKind::WrongExpression,
            format!("a {what} is a call such as `{example}`"),
            other.span(),
            format!("not a {what}"),
        )
        .help(calls.to_string())),
    }
}

/// The help for an unknown call among `calls` that may belong under the other key.
fn unknown_call(name: &str, calls: &[&str], known: &str, others: &[&str], other_key: &str) -> String {
    if near_miss(name, calls.iter().copied()).is_none() && others.contains(&name) {
        format!("`{name}` is a {other_key}")
    } else {
        did_you_mean(name, calls.iter().copied(), known)
    }
}

/// One string of a kind's `moves`.
pub(in crate::spec) fn lower_move(e: &dsl::Expression, board: &Board, kind_names: &[String]) -> Result<MoveRule, Diagnostic> {
    let (name, name_span, args, span) =
        call(&e.body, "move", "step(diagonal & forward)", "moves are `step(DIRS)`, `slide(DIRS)` and `run(DIRS)`")?;
    let kind = match name {
        "step" => MoveKind::Step,
        "slide" => MoveKind::Slide,
        "run" => MoveKind::Run,
        other => {
            return Err(Diagnostic::unknown_name("move", other, name_span.clone(), "not a move").help(unknown_call(
                other,
                &MOVE_CALLS,
                "moves are `step`, `slide` and `run`",
                &CAPTURE_CALLS,
                "capture: put it under `captures`",
            )));
        }
    };
    let allowed: &[&str] = if kind == MoveKind::Step { &["stride", "over", "becomes", "along"] } else { &["becomes"] };
    let a = split_args(name, args, span, 1, allowed)?;
    let dirs = side_dirs(a.positional[0], board)?;
    let condition = e.condition.as_ref().map(|c| super::conditions::lower_condition(c, board, false)).transpose()?;
    let (mut stride, mut over_own, mut becomes, mut along_links) = (1, None, None, false);
    for (arg, v) in a.named {
        match arg {
            "over" => over_own = Some((bare_name(v, "cells passed", &["empty", "own"])? == "own", v.span())),
            "becomes" => becomes = Some(kind_index(v, kind_names)?),
            "along" => along_links = bare_name(v, "way", &["lines", "links"])? == "links",
            _ => stride = number(v, "stride", 1..=8, "a step of `stride` cells in one direction, over empty cells to an empty one")? as u8,
        }
    }
    if let Some((true, at)) = &over_own
        && stride == 1
    {
        return Err(Diagnostic::new(
            DiagnosticKind::ConflictingKeys,
            "`over = own` is for a step of two cells or more",
            at.clone(),
            "passes no cell",
        )
        .help("a step of `stride = 2` or more passes cells: `over = own` lets them hold the mover's own pieces"));
    }
    Ok(MoveRule { kind, dirs, condition, stride, over_own: over_own.is_some_and(|(own, _)| own), becomes, along_links })
}

/// One string of a kind's `captures` (its `where` condition already refused).
pub(in crate::spec) fn lower_capture(e: &Expr, board: &Board, kind_names: &[String]) -> Result<CaptureRule, Diagnostic> {
    let (name, name_span, args, span) = call(
        e,
        "capture",
        "jump(diagonal)",
        "captures are `jump(DIRS)`, `fly(DIRS)`, `leap(DIRS)`, `approach(DIRS)` and `withdrawal(DIRS)`",
    )?;
    let kind = match name {
        "jump" => CaptureKind::Jump,
        "fly" => CaptureKind::Fly,
        "leap" => CaptureKind::Leap,
        "approach" => CaptureKind::Approach,
        "withdrawal" => CaptureKind::Withdrawal,
        other => {
            return Err(Diagnostic::unknown_name("capture", other, name_span.clone(), "not a capture").help(unknown_call(
                other,
                &CAPTURE_CALLS,
                "captures are `jump`, `fly`, `leap`, `approach` and `withdrawal`",
                &MOVE_CALLS,
                "quiet move: put it under `moves`",
            )));
        }
    };
    let allowed: &[&str] = match kind {
        CaptureKind::Jump => &["stride", "when", "kinds", "over", "onto"],
        CaptureKind::Fly => &["gap", "land", "when", "kinds"],
        CaptureKind::Leap => &["approach", "min", "land", "then", "when", "kinds"],
        CaptureKind::Approach | CaptureKind::Withdrawal => &["when", "kinds"],
    };
    let a = split_args(name, args, span, 1, allowed)?;
    let mut rule = CaptureRule::new(kind, side_dirs(a.positional[0], board)?);
    let mut when_given = false;
    let mut over_onto = [("enemy".to_string(), span.clone()), ("empty".to_string(), span.clone())];
    for (arg, v) in a.named {
        match arg {
            "land" => rule.land = land(v, kind)?,
            "approach" => rule.approach = bare_name(v, "approach", &["any", "adjacent"])? == "any",
            "then" => rule.ends_move = bare_name(v, "continuation", &["end", "continue"])? == "end",
            "when" => {
                when_given = true;
                rule.when = match bare_name(v, "moment", &["always", "first", "continuing"])?.as_str() {
                    "always" => When::Always,
                    "first" => When::First,
                    _ => When::Continuing,
                }
            }
            "kinds" => rule.kinds = kind_mask(v, kind_names)?,
            "min" => rule.min = leap_min(v)?,
            "stride" => {
                rule.stride =
                    number(v, "stride", 1..=8, "a jump over a piece `stride` cells away, the cells between empty, lands as far beyond it")?
                        as u8
            }
            "gap" => rule.gap = gap(v)?,
            "over" => over_onto[0] = (bare_name(v, "piece jumped", &["enemy", "own"])?, v.span()),
            "onto" => over_onto[1] = (bare_name(v, "landing", &["empty", "enemy"])?, v.span()),
            other => unreachable!("split_args lets only the arguments of `{name}` through, not `{other}`"),
        }
    }
    rule.displace = displacing(&over_onto, rule.stride)?;
    // A leap that lets the move go on may be any capture of it, as a jump or a fly.
    if kind == CaptureKind::Leap && !rule.ends_move && !when_given {
        rule.when = When::Always;
    }
    Ok(rule)
}

/// Whether a jump's `over` and `onto` (each as written, and where) make it a capture by
/// displacement (`over = own, onto = enemy`); the usual jump is `over = enemy, onto =
/// empty`, and no other pair takes exactly one piece.
fn displacing([(over, over_at), (onto, onto_at)]: &[(String, std::ops::Range<usize>); 2], stride: u8) -> Result<bool, Diagnostic> {
    const HELP: &str = "a jump goes over an enemy piece onto an empty cell (the default), or over its own piece onto an enemy piece, which it takes and replaces (`over = own, onto = enemy`)";
    match (over.as_str(), onto.as_str()) {
        ("enemy", "empty") => Ok(false),
        ("own", "enemy") if stride == 1 => Ok(true),
        ("own", "enemy") => Err(Diagnostic::new(
            DiagnosticKind::ConflictingKeys,
            "a jump onto an enemy piece is over an adjacent piece",
            over_at.clone(),
            "with a stride",
        )
        .help("leave out `stride`: a capture by displacement jumps the adjacent piece")),
        ("own", _) => Err(Diagnostic::new(
            DiagnosticKind::ConflictingKeys,
            "a jump over its own piece must land on an enemy piece",
            over_at.clone(),
            "takes nothing",
        )
        .help(HELP)),
        _ => Err(Diagnostic::new(
            DiagnosticKind::ConflictingKeys,
            "a jump over an enemy piece lands on an empty cell",
            onto_at.clone(),
            "would take two pieces",
        )
        .help(HELP)),
    }
}

/// `min = N` of a leap.
fn leap_min(v: &Expr) -> Result<u8, Diagnostic> {
    number(v, "min", 1..=32, "a leap takes a line of `min` pieces or more, at least one").map(|n| n as u8)
}

/// A number argument `name` within `range`; `help` says what it means.
fn number(v: &Expr, name: &str, range: std::ops::RangeInclusive<u32>, help: &str) -> Result<u32, Diagnostic> {
    match v {
        Expr::Number { value, .. } if range.contains(value) => Ok(*value),
        Expr::Number { span, .. } => Err(Diagnostic::new(
            DiagnosticKind::OutOfRange,
            format!("`{name}` is from {} to {}", range.start(), range.end()),
            span.clone(),
            "out of range",
        )
        .help(help.to_string())),
        other => Err(Diagnostic::new(DiagnosticKind::WrongExpression, format!("`{name}` is a number"), other.span(), "not a number")),
    }
}

/// `gap = N` or `gap = N..M` of a fly: the empty cells before the piece it takes.
fn gap(v: &Expr) -> Result<(u8, u8), Diagnostic> {
    const HELP: &str = "a fly with `gap = 2` takes a piece with exactly two empty cells before it; `gap = 1..3` with one to three";
    match v {
        Expr::Interval { from, to, span } if from > to || *to > 32 => Err(Diagnostic::new(
            DiagnosticKind::OutOfRange,
            "a gap runs from a smaller number to a larger one, at most 32",
            span.clone(),
            "not an interval of gaps",
        )
        .help(HELP)),
        Expr::Interval { from, to, .. } => Ok((*from as u8, *to as u8)),
        _ => number(v, "gap", 0..=32, HELP).map(|n| (n as u8, n as u8)),
    }
}

/// `land = next`, `land = any`, and for a fly a distance beyond the piece taken:
/// `land = 2`, `land = 1..3`.
fn land(v: &Expr, kind: CaptureKind) -> Result<Land, Diagnostic> {
    const HELP: &str = "`land = 2` lands on the second cell beyond the piece taken, `land = 1..3` on the first to the third, every cell before the landing empty";
    let distance = match v {
        Expr::Interval { from, to, span } if *from < 1 || from > to || *to > 32 => {
            return Err(Diagnostic::new(
                DiagnosticKind::OutOfRange,
                "a landing distance runs from 1 (just beyond) to a larger number, at most 32",
                span.clone(),
                "not an interval of distances",
            )
            .help(HELP));
        }
        Expr::Interval { from, to, .. } => Some((*from as u8, *to as u8)),
        Expr::Number { .. } => Some(number(v, "land", 1..=32, HELP).map(|n| (n as u8, n as u8))?),
        _ => None,
    };
    match (distance, kind) {
        (Some((min, max)), CaptureKind::Fly) => Ok(Land::within(min, max)),
        (Some(_), _) => {
            Err(Diagnostic::new(DiagnosticKind::WrongExpression, "a landing distance is for `fly`", v.span(), "not for this capture")
                .help("a leap lands just beyond its line (`land = next`) or on any empty cell beyond (`land = any`)"))
        }
        (None, _) => Ok(if bare_name(v, "landing", &["any", "next"])? == "any" { Land::ANY } else { Land::NEXT }),
    }
}

/// One piece kind, by name (`becomes = man`).
fn kind_index(e: &Expr, kinds: &[String]) -> Result<u8, Diagnostic> {
    match kind_mask(e, kinds)? {
        mask if mask.count_ones() == 1 => Ok(mask.trailing_zeros() as u8),
        _ => Err(Diagnostic::new(DiagnosticKind::WrongExpression, "expected one piece kind", e.span(), "not one kind")
            .help("`becomes = man`: the kind the piece is after the move")),
    }
}

/// A set of piece kinds, `man` or `man | king`, as a bit per kind.
pub(super) fn kind_mask(e: &Expr, kinds: &[String]) -> Result<u8, Diagnostic> {
    match e {
        Expr::Name { name, span } => match kinds.iter().position(|k| k == name) {
            Some(i) => Ok(1 << i),
            None => Err(Diagnostic::unknown_name("piece kind", name, span.clone(), "not a piece kind").help(did_you_mean(
                name,
                kinds.iter().map(String::as_str),
                format!("the kinds are: {}", kinds.join(", ")),
            ))),
        },
        Expr::Chain { rest, .. } if rest.iter().all(|(op, _)| *op == Op::Union) => e.fold(|k| kind_mask(k, kinds), |_, a, b| a | b),
        other => Err(Diagnostic::new(
            DiagnosticKind::WrongExpression,
            "expected piece kinds such as `man | king`",
            other.span(),
            "not a set of kinds",
        )),
    }
}
