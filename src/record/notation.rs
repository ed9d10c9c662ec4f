//! Move text: `32-28`, `28x19x10`, `c3-d4`, `c3xe5xg3`.

use crate::compile::Rules;
use crate::engine::MoveInfo;

/// Writes a move. A capture is written `fromxto` unless another of `legal` has the
/// same origin and destination; then every landing cell is written.
pub fn move_text(rules: &Rules, m: &MoveInfo, legal: &[MoveInfo]) -> String {
    let name = |c: u16| rules.cell_name(c).to_string();
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

/// A capture with every landing cell: `28x19x10`.
pub fn full_path(rules: &Rules, m: &MoveInfo) -> String {
    let mut s = rules.cell_name(m.from).to_string();
    for &c in &m.path {
        s.push(if m.captured.is_empty() { '-' } else { 'x' });
        s.push_str(rules.cell_name(c));
    }
    s
}
