//! Diagnostics with spans: every error in a variant file names its line and column,
//! shows the line, marks the span and, where it can, says how to fix it.

use std::fmt;
use std::ops::Range;

/// One problem in a variant file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
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
    pub fn new(message: impl Into<String>, span: Range<usize>, label: impl Into<String>) -> Self {
        Diagnostic { message: message.into(), span, label: label.into(), help: None }
    }

    /// Adds help text.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// Every problem found in one variant file, with the file's text to show them in.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    /// The file's name as the user gave it.
    pub file: String,
    /// The file's text.
    pub source: String,
    /// The problems, in file order.
    pub items: Vec<Diagnostic>,
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

/// The edit-distance near miss of `word` among `candidates`, for "did you mean" help.
pub fn near_miss<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    let word = &word.to_lowercase();
    for c in candidates {
        let d = edit_distance(word, &c.to_lowercase());
        if d <= (word.len().max(c.len()) / 3).max(1) && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
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
            writeln!(f, "{line} | {text}")?;
            let (end_line, end_col) = line_col(&self.source, d.span.end);
            let len =
                if end_line == line { end_col.saturating_sub(col).max(1) } else { text.chars().count().saturating_sub(col - 1).max(1) };
            writeln!(f, "{:width$} | {}{} {}", "", " ".repeat(col - 1), "^".repeat(len), d.label)?;
            if let Some(h) = &d.help {
                writeln!(f, "{:width$} = help: {}", "", h)?;
            }
        }
        let n = self.items.len();
        write!(f, "{} error{} in {}", n, if n == 1 { "" } else { "s" }, self.file)
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
    }

    #[test]
    fn positions() {
        assert_eq!(line_col("ab\ncd", 3), (2, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }
}
