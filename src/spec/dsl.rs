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
    /// `a op b op c ...`: parts joined left to right (`a | b & c` is `(a | b) & c`). One
    /// node for the whole chain, so that a walk over a long list recurses no deeper than
    /// its parentheses.
    Chain {
        /// The first part.
        first: Box<Expr>,
        /// Each later part with the operator before it.
        rest: Vec<(Op, Expr)>,
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
    /// The parts of a chain with the operator before each (none before the first), or the
    /// expression alone.
    pub fn parts(&self) -> impl Iterator<Item = (Option<Op>, &Expr)> {
        let (first, rest): (&Expr, &[(Op, Expr)]) = match self {
            Expr::Chain { first, rest, .. } => (first, rest),
            other => (other, &[]),
        };
        std::iter::once((None, first)).chain(rest.iter().map(|(op, e)| (Some(*op), e)))
    }

    /// Folds the parts of a chain left to right: `part` lowers each, `apply` joins the
    /// value so far with the next by its operator.
    pub fn fold<T, E>(&self, mut part: impl FnMut(&Expr) -> Result<T, E>, apply: impl Fn(Op, T, T) -> T) -> Result<T, E> {
        let mut parts = self.parts();
        let mut acc = match parts.next() {
            Some((_, e)) => part(e)?,
            None => unreachable!("an expression has a first part"),
        };
        for (op, e) in parts {
            acc = apply(op.unwrap_or(Op::Union), acc, part(e)?);
        }
        Ok(acc)
    }

    /// The expression's byte span in the variant file.
    pub fn span(&self) -> Range<usize> {
        match self {
            Expr::Name { span, .. }
            | Expr::Number { span, .. }
            | Expr::Range { span, .. }
            | Expr::Interval { span, .. }
            | Expr::Call { span, .. }
            | Expr::Chain { span, .. } => span.clone(),
        }
    }
}

type Pair<'a> = pest::iterators::Pair<'a, Rule>;

/// The deepest an expression may nest parentheses (calls and groups): `step((diagonal))`
/// is two deep; the shipped variants need three. Parsing and lowering recurse once a
/// level, so the bound keeps a hostile file from exhausting the stack.
pub const MAX_NESTING: usize = 32;

/// The most parts one expression may join with operators and commas (`a1, c1 | e1` has
/// three). The tree of an expression leans left, one level a part, so this bounds the
/// depth of every walk over it too; a list of every cell of the largest board (256) fits
/// four times.
pub const MAX_PARTS: usize = 1024;

/// Parses one DSL string whose first character is at byte `base` of the file.
pub fn parse(text: &str, base: usize) -> Result<Expression, Diagnostic> {
    check_size(text, base)?;
    let mut pairs = DslParser::parse(Rule::expression, text).map_err(|e| syntax_error(e, text, base))?;
    let top = pairs.next().expect("the expression rule matched");
    lower_expression(top, base)
}

/// Refuses, before parsing, an expression nested deeper than [`MAX_NESTING`] or joining
/// more than [`MAX_PARTS`] parts, pointing at the parenthesis or separator past the bound.
fn check_size(text: &str, base: usize) -> Result<(), Diagnostic> {
    let mut depth = 0usize;
    let mut parts = 1usize;
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let separator = match b {
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Diagnostic::new(
                        DiagnosticKind::ExpressionTooLarge,
                        format!("the expression nests parentheses more than {MAX_NESTING} deep"),
                        base + i..base + i + 1,
                        format!("level {}", MAX_NESTING + 1),
                    )
                    .help("write the expression flatter: `a | b | c` needs no parentheses"));
                }
                false
            }
            b')' => {
                depth = depth.saturating_sub(1);
                false
            }
            b',' | b'|' | b'&' => true,
            b'e' => {
                let word = bytes[i..].starts_with(b"except");
                let alone = |j: Option<&u8>| j.is_none_or(|c| !(c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-'));
                word && alone(i.checked_sub(1).and_then(|j| bytes.get(j))) && alone(bytes.get(i + 6))
            }
            _ => false,
        };
        if separator {
            parts += 1;
            if parts > MAX_PARTS {
                return Err(Diagnostic::new(
                    DiagnosticKind::ExpressionTooLarge,
                    format!("the expression joins more than {MAX_PARTS} parts with operators and commas"),
                    base + i..base + i + 1,
                    format!("part {}", MAX_PARTS + 1),
                )
                .help("a range (`1-32`, `ranks(1..3)`) or a named set says a long list of cells at once"));
            }
        }
    }
    Ok(())
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
    let mut parts = Vec::new();
    for inner in p.into_inner() {
        parts.push((Op::Union, lower_expr(inner, base)?));
    }
    Ok(chain(parts))
}

/// The expression of `parts` joined left to right (the first's operator is not read): the
/// part itself when it is alone, a chain otherwise. A chain inside a chain (a group, or an
/// item of a list) is kept whole, as its parentheses say.
fn chain(parts: Vec<(Op, Expr)>) -> Expr {
    let mut parts = parts.into_iter();
    let Some((_, first)) = parts.next() else { unreachable!("an expression has a part") };
    let rest: Vec<(Op, Expr)> = parts.collect();
    match rest.last() {
        None => first,
        Some((_, last)) => {
            let span = first.span().start..last.span().end;
            Expr::Chain { first: Box::new(first), rest, span }
        }
    }
}

fn lower_expr(p: Pair, base: usize) -> Result<Expr, Diagnostic> {
    let mut parts = Vec::new();
    let mut pending = Op::Union;
    for inner in p.into_inner() {
        if inner.as_rule() == Rule::operator {
            pending = lower_operator(inner);
            continue;
        }
        parts.push((pending, lower_term(inner, base)?));
    }
    Ok(chain(parts))
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
    if let ErrorVariant::CustomError { message } = &e.variant {
        // pest's own limits (its guard on the stack left): no expectation to name.
        let at = base + pos;
        return Diagnostic::new(DiagnosticKind::ExpressionTooLarge, format!("the expression cannot be read: {message}"), at..at, "here");
    }
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
        assert!(matches!(&e.body, Expr::Chain { rest, .. } if rest.len() == 1 && rest[0].0 == Op::Union));
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
