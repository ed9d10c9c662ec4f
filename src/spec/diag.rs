//! Diagnostics with spans: every error in a variant file names its line and column,
//! shows the line, marks the span and, where it can, says how to fix it. Each carries a
//! [`DiagnosticKind`] with a stable code a program can match on.

use std::fmt;
use std::ops::Range;

/// Declares the kinds with their codes, so that the list of every kind and the codes
/// cannot drift apart from the enum.
macro_rules! kinds {
    ($($(#[$doc:meta])* $name:ident => $code:literal,)*) => {
        /// What kind of problem a [`Diagnostic`] reports. The [`code`](DiagnosticKind::code)
        /// of a kind is stable: programs may match on it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum DiagnosticKind {
            $($(#[$doc])* $name,)*
        }

        impl DiagnosticKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [DiagnosticKind] = &[$(DiagnosticKind::$name),*];

            /// The stable kebab-case code of the kind, e.g. `unknown-name`.
            pub fn code(self) -> &'static str {
                match self {
                    $(DiagnosticKind::$name => $code,)*
                }
            }
        }
    };
}

kinds! {
    /// The file is not well-formed TOML (an unclosed table header, a key given twice).
    TomlSyntax => "toml-syntax",
    /// A value has the wrong TOML type, such as `width = "10"`.
    WrongType => "wrong-type",
    /// A key that its table does not have, such as `promotes_too`.
    UnknownKey => "unknown-key",
    /// A key that its table needs is absent: `[setup]` without `black`, a square board
    /// without `height`, `promotion` without `promotes_to`.
    MissingKey => "missing-key",
    /// A key that another key's value rules out: `side` on a square board, `numbering` with
    /// algebraic notation.
    ConflictingKeys => "conflicting-keys",
    /// A name that means nothing where it stands: a direction, a piece kind, a call, a
    /// choice of a fixed list.
    UnknownName => "unknown-name",
    /// A number outside its allowed range.
    OutOfRange => "out-of-range",
    /// A string whose form is wrong: an id, a FEN prefix, a symbol.
    Malformed => "malformed",
    /// Something given twice that must be given once: a FEN prefix, a precedence criterion.
    Duplicate => "duplicate",
    /// The setup gives a cell to both sides.
    OverlappingSetup => "overlapping-setup",
    /// A piece kind promotes to itself.
    SelfPromotion => "self-promotion",
    /// A set that may not be empty is: a direction set, a promotion zone, a backwards
    /// range, the piece kinds.
    EmptySet => "empty-set",
    /// An expression string does not parse.
    ExpressionSyntax => "expression-syntax",
    /// An expression nested deeper than `MAX_NESTING` parentheses or joining more than
    /// `MAX_PARTS` parts.
    ExpressionTooLarge => "expression-too-large",
    /// An expression of the wrong sort for its place, such as a number where a direction
    /// set is expected, or a quiet move that is not a call.
    WrongExpression => "wrong-expression",
    /// A `where` condition where none is allowed (on a capture or a cell set).
    MisplacedCondition => "misplaced-condition",
    /// A call given a named argument it does not take.
    UnknownArgument => "unknown-argument",
    /// A call given the wrong number of positional arguments.
    ArgumentCount => "argument-count",
    /// A cell, square, row or column that is not on the board.
    OffBoard => "off-board",
    /// A square of the colour that is not played on.
    UnplayableCell => "unplayable-cell",
    /// A square number on a board whose cells are named algebraically.
    WrongNotation => "wrong-notation",
}

impl DiagnosticKind {
    /// The kind with this code, if any.
    pub fn from_code(code: &str) -> Option<DiagnosticKind> {
        DiagnosticKind::ALL.iter().copied().find(|k| k.code() == code)
    }
}

impl fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One problem in a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind of problem it is.
    pub kind: DiagnosticKind,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Byte range in the file.
    pub span: Range<usize>,
    /// Short text under the marked span.
    pub label: String,
    /// How to fix it, if known.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic without help text.
    pub fn new(kind: DiagnosticKind, message: impl Into<String>, span: Range<usize>, label: impl Into<String>) -> Self {
        Diagnostic { kind, message: message.into(), span, label: label.into(), help: None }
    }

    /// "unknown WHAT `NAME`": a name that means nothing here.
    pub fn unknown_name(what: &str, name: &str, span: Range<usize>, label: impl Into<String>) -> Self {
        Diagnostic::new(DiagnosticKind::UnknownName, format!("unknown {what} `{name}`"), span, label)
    }

    /// Adds help text.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// Every problem found in one variant file, with the file's text to show them in.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    /// The file's name as the user gave it.
    pub file: String,
    /// The file's text.
    pub source: String,
    /// The option choices merged into the file when the problems were found, as (option,
    /// choice) pairs; empty for the file as written.
    pub choices: Vec<(String, String)>,
    /// The problems, in file order: the first [`MAX_DIAGNOSTICS`] of them.
    pub items: Vec<Diagnostic>,
    /// How many more problems were found than `items` keeps.
    pub omitted: usize,
}

/// The most problems of one file kept and shown: the first ones in file order, and a
/// count of the rest (a file of thousands of errors is one mistake repeated).
pub const MAX_DIAGNOSTICS: usize = 100;

/// The longest line a diagnostic shows whole, in characters; a longer one (a machine's
/// output, or an attack) is cut to a window of [`WINDOW`] characters around the span, its
/// cut ends marked `…`.
const SHOWN_LINE: usize = 400;
const WINDOW: usize = 160;

impl Diagnostics {
    /// The problems of the file as written (no option choice merged).
    pub fn new(file: &str, source: &str, mut items: Vec<Diagnostic>) -> Self {
        let omitted = items.len().saturating_sub(MAX_DIAGNOSTICS);
        items.truncate(MAX_DIAGNOSTICS);
        Diagnostics { file: file.to_string(), source: source.to_string(), choices: Vec::new(), items, omitted }
    }

    /// How many problems were found, those not kept included.
    pub fn count(&self) -> usize {
        self.items.len() + self.omitted
    }
}

/// The part of `text` a diagnostic shows for a span at column `col` (from 1) of `len`
/// characters: the line itself where it is short, else a window of [`SHOWN_LINE`]
/// characters around the span ([`WINDOW`] wide). Gives the text, and the span's column and length in it.
pub(crate) fn shown_line(text: &str, col: usize, len: usize) -> (String, usize, usize) {
    let chars = text.chars().count();
    if chars <= SHOWN_LINE {
        return (text.to_string(), col, len);
    }
    let at = (col - 1).min(chars);
    let start = at.saturating_sub(WINDOW / 3).min(chars - WINDOW);
    let end = start + WINDOW;
    let mut shown: String = text.chars().skip(start).take(WINDOW).collect();
    // The span's part inside the window.
    let len = (at + len).min(end).saturating_sub(at).max(1);
    let mut col = at - start + 1;
    if start > 0 {
        shown.insert(0, '…');
        col += 1;
    }
    if end < chars {
        shown.push('…');
    }
    (shown, col, len)
}

impl std::error::Error for Diagnostics {}

/// Line and column (both from 1, column in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..floor_char_boundary(source, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The longest word [`near_miss`] compares: every name of the format is far shorter.
const NEAR_MISS_LENGTH: usize = 64;

/// The edit-distance near miss of `word` among `candidates`, for "did you mean" help.
pub fn near_miss<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // The distance costs the product of the lengths: a name longer than any the format
    // has is no near miss of one.
    if word.len() > NEAR_MISS_LENGTH {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    let word = &word.to_lowercase();
    for c in candidates.into_iter().filter(|c| c.len() <= NEAR_MISS_LENGTH) {
        let d = edit_distance(word, &c.to_lowercase());
        if d <= (word.len().max(c.len()) / 3).max(1) && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Help for an unknown `word`: "did you mean `X`? " before `known` when `word` is a near
/// miss of one of `candidates`, `known` alone otherwise.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>, known: impl Into<String>) -> String {
    let known = known.into();
    match near_miss(word, candidates) {
        Some(m) => format!("did you mean `{m}`? {known}"),
        None => known,
    }
}

/// " (did you mean `X`?)" for a stored suggestion, empty without one: the aside in
/// one-line errors such as an unknown option.
pub fn did_you_mean_aside(suggestion: &Option<String>) -> String {
    suggestion.as_ref().map(|m| format!(" (did you mean `{m}`?)")).unwrap_or_default()
}

/// Edit distance counting a swap of two neighbouring letters as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.items.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let (line, col) = line_col(&self.source, d.span.start);
            writeln!(f, "error: {}", d.message)?;
            let width = line.to_string().len();
            writeln!(f, "{:width$}--> {}:{}:{}", "", self.file, line, col)?;
            let text = self.source.lines().nth(line - 1).unwrap_or("");
            writeln!(f, "{:width$} |", "")?;
            let (end_line, end_col) = line_col(&self.source, d.span.end);
            let len =
                if end_line == line { end_col.saturating_sub(col).max(1) } else { text.chars().count().saturating_sub(col - 1).max(1) };
            let (text, col, len) = shown_line(text, col, len);
            writeln!(f, "{line} | {text}")?;
            writeln!(f, "{:width$} | {}{} {}", "", " ".repeat(col - 1), "^".repeat(len), d.label)?;
            if let Some(h) = &d.help {
                writeln!(f, "{:width$} = help: {}", "", h)?;
            }
        }
        if self.omitted > 0 {
            writeln!(f)?;
            writeln!(f, "… and {} more not shown", self.omitted)?;
        }
        let n = self.count();
        write!(f, "{} error{} in {}", n, if n == 1 { "" } else { "s" }, self.file)?;
        if !self.choices.is_empty() {
            let choices: Vec<String> = self.choices.iter().map(|(o, c)| format!("{o}={c}")).collect();
            write!(f, " with option{} {}", if choices.len() == 1 { "" } else { "s" }, choices.join(", "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses() {
        assert_eq!(near_miss("forwrd", ["forward", "backward"]), Some("forward"));
        assert_eq!(near_miss("zzz", ["forward", "backward"]), None);
        assert_eq!(near_miss("jmup", ["jump", "fly", "leap"]), Some("jump"));
        assert_eq!(did_you_mean("jmup", ["jump", "fly"], "calls: jump, fly"), "did you mean `jump`? calls: jump, fly");
        assert_eq!(did_you_mean("zzz", ["jump", "fly"], "calls: jump, fly"), "calls: jump, fly");
    }

    #[test]
    fn positions() {
        assert_eq!(line_col("ab\ncd", 3), (2, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }

    #[test]
    fn codes_are_distinct_kebab_case_and_round_trip() {
        for &k in DiagnosticKind::ALL {
            let code = k.code();
            assert!(code.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{code}");
            assert_eq!(DiagnosticKind::from_code(code), Some(k));
        }
        let mut codes: Vec<&str> = DiagnosticKind::ALL.iter().map(|k| k.code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), DiagnosticKind::ALL.len());
    }
}
