//! The expression language of variant files: parsing into a spanned AST.
//!
//! The grammar is `grammar/rules.pest`. Lowering from pest pairs is one function per
//! grammar rule; what names and calls mean is decided later, in `lower`.

use super::diag::{Diagnostic, DiagnosticKind};
use pest::Parser;
use std::ops::Range;

/// The generated parser, in a private module so that pest's `Rule` enum stays inside the
/// crate.
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/rules.pest"]
    pub(super) struct DslParser;
}

use grammar::{DslParser, Rule};

/// A set operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `|` or `,`
    Union,
    /// `&`
    Intersection,
    /// `except`
    Difference,
}

/// One expression node, with its byte span in the variant file.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A bare name: `forward`, `a1`, `any`.
    Name {
        /// The name.
        name: String,
        /// Its span.
        span: Range<usize>,
    },
    /// A number: `31`.
    Number {
        /// The number.
        value: u32,
        /// Its span.
        span: Range<usize>,
    },
    /// A square range: `31-50`.
    Range {
        /// The first square.
        from: u32,
        /// The last square.
        to: u32,
        /// The range's span.
        span: Range<usize>,
    },
    /// A number interval: `1..4`.
    Interval {
        /// The first number.
        from: u32,
        /// The last number.
        to: u32,
        /// The interval's span.
        span: Range<usize>,
    },
    /// A call: `step(diagonal)`, `fly(diagonal, land = any)`.
    Call {
        /// The called name: `step`.
        name: String,
        /// The span of the name.
        name_span: Range<usize>,
        /// The arguments, in order.
        args: Vec<Arg>,
        /// The span of the whole call.
        span: Range<usize>,
    },
    /// `a op b`.
    Binary {
        /// The operator.
        op: Op,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
        /// The span of the whole expression.
        span: Range<usize>,
    },
}

/// A call argument, positional or named.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// `land` in `land = any`.
    pub name: Option<(String, Range<usize>)>,
    /// The value.
    pub value: Expr,
}

/// A whole DSL string: a body and an optional `where` condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Expression {
    /// What the string describes: cells, directions, a move or a capture.
    pub body: Expr,
    /// The `where` condition, if any.
    pub condition: Option<Expr>,
}

impl Expr {
    /// The expression's byte span in the variant file.
    pub fn span(&self) -> Range<usize> {
        match self {
            Expr::Name { span, .. }
            | Expr::Number { span, .. }
            | Expr::Range { span, .. }
            | Expr::Interval { span, .. }
            | Expr::Call { span, .. }
            | Expr::Binary { span, .. } => span.clone(),
        }
    }
}

type Pair<'a> = pest::iterators::Pair<'a, Rule>;

/// Parses one DSL string whose first character is at byte `base` of the file.
pub fn parse(text: &str, base: usize) -> Result<Expression, Diagnostic> {
    let mut pairs = DslParser::parse(Rule::expression, text).map_err(|e| syntax_error(e, text, base))?;
    let top = pairs.next().expect("the expression rule matched");
    lower_expression(top, base)
}

fn span_of(p: &Pair, base: usize) -> Range<usize> {
    let s = p.as_span();
    base + s.start()..base + s.end()
}

fn lower_expression(p: Pair, base: usize) -> Result<Expression, Diagnostic> {
    let mut body = None;
    let mut condition = None;
    for inner in p.into_inner() {
        match inner.as_rule() {
            Rule::list => body = Some(lower_list(inner, base)?),
            Rule::condition => {
                let list = inner.into_inner().next().expect("condition holds a list");
                condition = Some(lower_list(list, base)?);
            }
            Rule::EOI => {}
            other => unreachable!("expression holds {other:?}"),
        }
    }
    Ok(Expression { body: body.expect("expression holds a list"), condition })
}

fn lower_list(p: Pair, base: usize) -> Result<Expr, Diagnostic> {
    let mut acc: Option<Expr> = None;
    for inner in p.into_inner() {
        let e = lower_expr(inner, base)?;
        acc = Some(match acc {
            None => e,
            Some(lhs) => join(Op::Union, lhs, e),
        });
    }
    Ok(acc.expect("a list has an item"))
}

fn join(op: Op, lhs: Expr, rhs: Expr) -> Expr {
    let span = lhs.span().start..rhs.span().end;
    Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), span }
}

fn lower_expr(p: Pair, base: usize) -> Result<Expr, Diagnostic> {
    let mut acc: Option<Expr> = None;
    let mut pending: Option<Op> = None;
    for inner in p.into_inner() {
        if inner.as_rule() == Rule::operator {
            pending = Some(lower_operator(inner));
            continue;
        }
        let e = lower_term(inner, base)?;
        acc = Some(match (acc, pending.take()) {
            (None, _) => e,
            (Some(lhs), Some(op)) => join(op, lhs, e),
            (Some(_), None) => unreachable!("terms are separated by operators"),
        });
    }
    Ok(acc.expect("an expr has a term"))
}

fn lower_operator(p: Pair) -> Op {
    let inner = p.into_inner().next().expect("operator holds one rule");
    match inner.as_rule() {
        Rule::union => Op::Union,
        Rule::intersection => Op::Intersection,
        Rule::difference => Op::Difference,
        other => unreachable!("operator holds {other:?}"),
    }
}

fn number(text: &str, span: Range<usize>) -> Result<u32, Diagnostic> {
    text.parse().map_err(|_| Diagnostic::new(DiagnosticKind::OutOfRange, format!("the number `{text}` is too large"), span, "too large"))
}

fn lower_term(p: Pair, base: usize) -> Result<Expr, Diagnostic> {
    let span = span_of(&p, base);
    match p.as_rule() {
        Rule::group => lower_list(p.into_inner().next().expect("group holds a list"), base),
        Rule::call => lower_call(p, base),
        Rule::range => {
            let (a, b) = p.as_str().split_once('-').expect("a range has a dash");
            Ok(Expr::Range { from: number(a, span.clone())?, to: number(b, span.clone())?, span })
        }
        Rule::interval => {
            let (a, b) = p.as_str().split_once("..").expect("an interval has two dots");
            Ok(Expr::Interval { from: number(a, span.clone())?, to: number(b, span.clone())?, span })
        }
        Rule::number => Ok(Expr::Number { value: number(p.as_str(), span.clone())?, span }),
        Rule::name => Ok(Expr::Name { name: p.as_str().to_string(), span }),
        other => unreachable!("term holds {other:?}"),
    }
}

fn lower_call(p: Pair, base: usize) -> Result<Expr, Diagnostic> {
    let span = span_of(&p, base);
    let mut inner = p.into_inner();
    let name = inner.next().expect("a call has a name");
    let name_span = span_of(&name, base);
    let mut args = Vec::new();
    for a in inner {
        args.push(lower_argument(a, base)?);
    }
    Ok(Expr::Call { name: name.as_str().to_string(), name_span, args, span })
}

fn lower_argument(p: Pair, base: usize) -> Result<Arg, Diagnostic> {
    let inner = p.into_inner().next().expect("an argument holds one rule");
    match inner.as_rule() {
        Rule::named => {
            let mut parts = inner.into_inner();
            let n = parts.next().expect("named argument has a name");
            let v = parts.next().expect("named argument has a value");
            Ok(Arg { name: Some((n.as_str().to_string(), span_of(&n, base))), value: lower_expr(v, base)? })
        }
        Rule::expr => Ok(Arg { name: None, value: lower_expr(inner, base)? }),
        other => unreachable!("argument holds {other:?}"),
    }
}

/// What the user types for each grammar rule, for "expected ..." messages.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::expression | Rule::list | Rule::expr | Rule::term => "an expression",
        Rule::condition => "`where`",
        Rule::operator | Rule::union | Rule::intersection | Rule::difference => "an operator (`|`, `&`, `except`)",
        Rule::group => "`(`",
        Rule::call => "a call such as `step(...)`",
        Rule::argument | Rule::named => "an argument",
        Rule::range => "a square range such as `31-50`",
        Rule::interval => "an interval such as `1..4`",
        Rule::number => "a number",
        Rule::name => "a name",
        Rule::EOI => "the end of the expression",
        Rule::WHITESPACE | Rule::name_char | Rule::keyword => "a name",
    }
}

fn syntax_error(e: pest::error::Error<Rule>, text: &str, base: usize) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<&str> = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.iter().map(describe).collect(),
        ErrorVariant::CustomError { .. } => vec![],
    };
    expected.sort();
    expected.dedup();
    let found = match text[pos..].chars().next() {
        Some(c) => format!("`{c}`"),
        None => "the end of the expression".to_string(),
    };
    let wanted = match expected.len() {
        0 => "something else".to_string(),
        1 => expected[0].to_string(),
        _ => {
            let (last, rest) = expected.split_last().expect("two or more");
            format!("{} or {}", rest.join(", "), last)
        }
    };
    let end = base + pos + text[pos..].chars().next().map_or(0, |c| c.len_utf8());
    let open = text.matches('(').count() as i64 - text.matches(')').count() as i64;
    let help = if open > 0 {
        "a `(` is not closed: add `)`".to_string()
    } else if open < 0 {
        "a `)` has no `(` to close".to_string()
    } else {
        "expressions combine names, numbers, calls like `step(diagonal & forward)` and the operators `|`, `&`, `except`; see docs/variant-format.md".to_string()
    };
    Diagnostic::new(
        DiagnosticKind::ExpressionSyntax,
        format!("syntax error in expression: expected {wanted}, found {found}"),
        base + pos..end,
        format!("expected {wanted}"),
    )
    .help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_calls_and_operators() {
        let e = parse("fly(diagonal & forward, land = any)", 0).unwrap();
        match e.body {
            Expr::Call { name, args, .. } => {
                assert_eq!(name, "fly");
                assert_eq!(args.len(), 2);
                assert_eq!(args[1].name.as_ref().unwrap().0, "land");
            }
            other => panic!("{other:?}"),
        }
        let e = parse("31-50, 1..4 except a1", 10).unwrap();
        assert!(matches!(e.body, Expr::Binary { op: Op::Union, .. }));
        assert_eq!(e.body.span(), 10..31);
        let e = parse("slide(all) where sees_enemy", 0).unwrap();
        assert!(e.condition.is_some());
    }

    #[test]
    fn syntax_errors_have_positions() {
        let d = parse("step(diagonal &)", 5).unwrap_err();
        assert_eq!(d.span.start, 5 + 15);
        assert!(d.message.contains("expected"), "{}", d.message);
    }
}
