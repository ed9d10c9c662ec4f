//! Move text: `32-28`, `28x19x10`, `c3-d4`, `c3xe5xg3`, and `--` for a pass.

use crate::compile::Rules;
use crate::engine::MoveInfo;
use crate::geometry::Notation;

/// Writes a move. A capture is written `fromxto` unless another of `legal` has the
/// same origin and destination; then every landing cell is written.
pub fn move_text(rules: &Rules, m: &MoveInfo, legal: &[MoveInfo]) -> String {
    let name = |c: u16| rules.cell_name(c).to_string();
    if m.is_pass() {
        return PASS_TEXT.to_string();
    }
    if m.captured.is_empty() {
        return format!("{}-{}", name(m.from), name(m.to));
    }
    let ambiguous = legal.iter().filter(|o| o.from == m.from && o.to == m.to).count() > 1;
    if ambiguous {
        full_path(rules, m)
    } else {
        format!("{}x{}", name(m.from), name(m.to))
    }
}

/// How a pass is written: PDN's null move.
pub(crate) const PASS_TEXT: &str = "--";

/// A move with every landing cell: `28x19x10`.
pub fn full_path(rules: &Rules, m: &MoveInfo) -> String {
    full_path_in(&rules.spec().notation, m)
}

/// [`full_path`] in a notation.
pub(crate) fn full_path_in(n: &Notation, m: &MoveInfo) -> String {
    if m.is_pass() {
        return PASS_TEXT.to_string();
    }
    let mut s = n.name(m.from).to_string();
    for &c in &m.path {
        s.push(if m.captured.is_empty() { '-' } else { 'x' });
        s.push_str(n.name(c));
    }
    s
}
