//! Move text: `32-28`, `28x19x10`, `c3-d4`, `c3xe5xg3`, `@e5@e7` for pieces placed from
//! the hand, and `--` for a pass.

use crate::compile::Rules;
use crate::engine::MoveInfo;
use crate::geometry::Notation;

/// Writes a move. A capture is written `fromxto` unless another of `legal` has the
/// same origin and destination; then every landing cell is written, and where another
/// has the same landings too (an approach and a withdrawal by one step), the pieces it
/// takes: `d3xe3<f3>`.
pub fn move_text(rules: &Rules, m: &MoveInfo, legal: &[MoveInfo]) -> String {
    let name = |c: u16| rules.cell_name(c).to_string();
    if m.is_pass() {
        return PASS_TEXT.to_string();
    }
    if m.drop {
        // Where the pieces go says what they enclose.
        return full_path(rules, m);
    }
    if m.captured.is_empty() {
        return format!("{}-{}", name(m.from), name(m.to)) + &taken_suffix(&rules.spec().notation, m, legal);
    }
    let ambiguous = legal.iter().filter(|o| o.from == m.from && o.to == m.to).count() > 1;
    if !ambiguous {
        return format!("{}x{}", name(m.from), name(m.to)) + &taken_suffix(&rules.spec().notation, m, legal);
    }
    full_path(rules, m) + &taken_suffix(&rules.spec().notation, m, legal)
}

/// `m` with every landing and every piece it takes (`d3xe3<f3>`, `c3-b4<b4,e3>`; a move
/// that takes nothing as [`full_path`] writes it): a text that names the move whatever
/// else is legal in its position.
pub fn full_text(rules: &Rules, m: &MoveInfo) -> String {
    let taken = m.taken();
    if taken.is_empty() {
        return full_path(rules, m);
    }
    format!("{}<{}>", full_path(rules, m), sorted_names(&rules.spec().notation, &taken))
}

/// `<f3>`: the pieces `m` takes, where another of `legal` has its origin, landings and
/// destination and takes others (an approach and a withdrawal by one step: `d3xe3<f3>`,
/// `d3xe3<c3>`), or where it removes pieces by huffing (`c3-b4<b4,e3>`); else nothing.
pub fn taken_suffix(notation: &Notation, m: &MoveInfo, legal: &[MoveInfo]) -> String {
    let taken = m.taken();
    // A move that takes nothing is the one written bare (a quiet move beside the same move
    // with a piece huffed); one that removes pieces by huffing always names what it takes.
    let alike = || legal.iter().any(|o| o.from == m.from && o.to == m.to && o.path == m.path && o.taken() != taken);
    if taken.is_empty() || (m.removed.is_empty() && !alike()) {
        return String::new();
    }
    format!("<{}>", sorted_names(notation, &taken))
}

/// Cells' names in the order players read them, joined by commas.
fn sorted_names(notation: &Notation, cells: &[u16]) -> String {
    let mut names: Vec<&str> = cells.iter().map(|&c| notation.name(c)).collect();
    names.sort_by(|a, b| square_order(a, b));
    names.join(",")
}

/// Orders move texts (or square names) as players read them: numbers by their value, so
/// `9-13` comes before `12-16` and `4-9` before `4-36`, the rest character by character
/// (`c3-d4` before `c10-d11`).
///
/// ```
/// let mut moves = vec!["12-16", "9-13", "4-36", "4-9", "c10-d11", "c3-d4"];
/// moves.sort_by(|a, b| polydame::notation::square_order(a, b));
/// assert_eq!(moves, ["4-9", "4-36", "9-13", "12-16", "c3-d4", "c10-d11"]);
/// ```
pub fn square_order(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) if p.is_ascii_digit() && q.is_ascii_digit() => {
                let run = |s: &[u8]| s.iter().take_while(|c| c.is_ascii_digit()).count();
                let (n, m) = (run(x), run(y));
                // Compare the numbers' values: without leading zeros, the longer is greater.
                fn trim(s: &[u8]) -> &[u8] {
                    &s[s.iter().take_while(|&&c| c == b'0').count()..]
                }
                let (u, v) = (trim(&x[..n]), trim(&y[..m]));
                let by_value = u.len().cmp(&v.len()).then_with(|| u.cmp(v));
                if by_value != Ordering::Equal {
                    return by_value;
                }
                x = &x[n..];
                y = &y[m..];
            }
            (Some(p), Some(q)) => {
                if p != q {
                    return p.cmp(q);
                }
                x = &x[1..];
                y = &y[1..];
            }
        }
    }
}

/// Sorts moves in the order players read them: [`square_order`] of their full paths.
pub fn sort_moves(rules: &Rules, moves: &mut [MoveInfo]) {
    let sorted: Vec<MoveInfo> = sorted_order(rules, moves).into_iter().map(|i| moves[i].clone()).collect();
    moves.clone_from_slice(&sorted);
}

/// The order [`sort_moves`] puts `moves` in: the index of each move, in that order.
pub fn sorted_order(rules: &Rules, moves: &[MoveInfo]) -> Vec<usize> {
    let keys: Vec<String> = moves.iter().map(|m| full_path(rules, m)).collect();
    let mut order: Vec<usize> = (0..moves.len()).collect();
    order.sort_by(|&a, &b| square_order(&keys[a], &keys[b]));
    order
}

/// How a pass is written: PDN's null move.
pub(crate) const PASS_TEXT: &str = "--";

/// A move with every landing cell: `28x19x10`.
pub fn full_path(rules: &Rules, m: &MoveInfo) -> String {
    full_path_in(&rules.spec().notation, m)
}

/// A capture's route as `--paths` tells routes apart: its origin, each cell where it
/// turns, and where it ends. A flying king that goes on straight after a capture passes
/// the cells between the two pieces; where it touched down there is not written
/// (`b8xb6xh6xh8`, where [`full_path`] writes the landing `b8xb6xe6xh6xh8`). A quiet move
/// or a pass is written as [`full_path`] writes it.
///
/// ```
/// use polydame::{Game, load_variant};
/// use polydame::notation::{full_path, turning_path};
///
/// let rules = load_variant("turkish").unwrap();
/// let game = Game::from_fen(&rules, "W:WKb8:Bb7,d6,g6,h7").unwrap();
/// let m = &game.legal_moves().unwrap()[0];
/// assert_eq!(full_path(&rules, m), "b8xb6xe6xh6xh8");
/// assert_eq!(turning_path(&rules, m), "b8xb6xh6xh8");
/// ```
pub fn turning_path(rules: &Rules, m: &MoveInfo) -> String {
    if m.is_pass() || m.drop || m.captured.is_empty() {
        return full_path(rules, m);
    }
    let g = &rules.spec().geometry;
    let way = |a: u16, b: u16| {
        let ((ax, ay), (bx, by)) = (g.coord(a), g.coord(b));
        ((bx - ax).signum(), (by - ay).signum())
    };
    let cells: Vec<u16> = std::iter::once(m.from).chain(m.path.iter().copied()).collect();
    let mut s = rules.cell_name(m.from).to_string();
    for (i, &c) in cells.iter().enumerate().skip(1) {
        let turns = cells.get(i + 1).is_none_or(|&next| way(cells[i - 1], c) != way(c, next));
        if turns {
            s.push('x');
            s.push_str(rules.cell_name(c));
        }
    }
    s
}

/// [`full_path`] in a notation.
pub(crate) fn full_path_in(n: &Notation, m: &MoveInfo) -> String {
    if m.is_pass() {
        return PASS_TEXT.to_string();
    }
    if m.drop {
        return m.path.iter().map(|&c| format!("@{}", n.name(c))).collect();
    }
    let mut s = n.name(m.from).to_string();
    for &c in &m.path {
        s.push(if m.captured.is_empty() { '-' } else { 'x' });
        s.push_str(n.name(c));
    }
    s
}
