//! FEN in the PDN style: `W:W31-50:B1-20`, `B:WK4,c3:Bd6`, ranges, kings, either order.

use crate::compile::Rules;
use crate::engine::Position;
use crate::geometry::Notation;
use crate::spec::Side;
use std::fmt;

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FenError {
    /// What is wrong.
    pub message: String,
    /// Character column in the FEN text, from 1.
    pub column: usize,
    /// The FEN as given.
    pub fen: String,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN at column {}: {}\n  {}\n  {}^", self.column, self.message, self.fen, " ".repeat(self.column.saturating_sub(1)))
    }
}

/// Reads a FEN for the variant of `rules`, squares in the variant's notation.
pub fn parse_fen(rules: &Rules, text: &str) -> Result<Position, FenError> {
    parse_fen_in(rules, &rules.spec().notation, text)
}

/// Reads a FEN whose squares are written in `notation`.
pub fn parse_fen_in(rules: &Rules, notation: &Notation, text: &str) -> Result<Position, FenError> {
    let fen = text.to_string();
    let err = |column: usize, message: String| FenError { message, column: column + 1, fen: fen.clone() };
    let trimmed_start = text.len() - text.trim_start().len();
    let mut body = text.trim();
    if let Some(b) = body.strip_prefix('"').and_then(|b| b.strip_suffix('"')) {
        body = b;
    }
    let body = body.trim_end_matches('.');
    let base = trimmed_start + if text.trim_start().starts_with('"') { 1 } else { 0 };
    let mut fields = Vec::new();
    let mut start = 0;
    for (i, ch) in body.char_indices() {
        if ch == ':' {
            fields.push((base + start, &body[start..i]));
            start = i + 1;
        }
    }
    fields.push((base + start, &body[start..]));
    let (turn_at, turn) = fields[0];
    let side = match turn.trim() {
        "W" | "w" => Side::White,
        "B" | "b" => Side::Black,
        "?" | "" => rules.spec().first,
        other => return Err(err(turn_at, format!("the side to move is `W` or `B`, not `{other}`"))),
    };
    let mut pos = Position::empty(rules, side);
    let mut seen = [false; 2];
    if fields.len() < 2 {
        return Err(err(body.len() + base, "a FEN has the side to move, then `:W...` and `:B...` piece lists".into()));
    }
    for &(at, field) in &fields[1..] {
        let f = field.trim_start();
        let at = at + (field.len() - f.len());
        let (colour, list) = match f.chars().next() {
            Some('W') | Some('w') => (Side::White, &f[1..]),
            Some('B') | Some('b') => (Side::Black, &f[1..]),
            Some(c) => return Err(err(at, format!("a piece list starts with `W` or `B`, not `{c}`"))),
            None => return Err(err(at, "empty piece list: write `W` or `B` even when a side has no pieces".into())),
        };
        if seen[colour as usize] {
            return Err(err(at, format!("{} has two piece lists", colour.name())));
        }
        seen[colour as usize] = true;
        let mut off = at + 1;
        for item in list.split(',') {
            let item_at = off + (item.len() - item.trim_start().len());
            off += item.len() + 1;
            let item = item.trim();
            if item.is_empty() {
                if list.trim().is_empty() {
                    continue;
                }
                return Err(err(item_at, "empty square in the list (two commas?)".into()));
            }
            // A kind prefix: a capital letter that is some kind's FEN prefix.
            let (kind, sq) = {
                let first = item.chars().next().expect("not empty");
                match rules.spec().kinds.iter().position(|k| !k.fen.is_empty() && k.fen.starts_with(first)) {
                    Some(k) if first.is_ascii_uppercase() => (k as u8, &item[first.len_utf8()..]),
                    _ => (rules.spec().kinds.iter().position(|k| k.fen.is_empty()).unwrap_or(0) as u8, item),
                }
            };
            let cells = squares(rules, notation, sq).map_err(|m| err(item_at, m))?;
            for cell in cells {
                if pos.piece(cell).is_some() {
                    return Err(err(item_at, format!("square {} is given twice", notation.name(cell))));
                }
                pos.put(rules, cell, colour, kind);
            }
        }
    }
    Ok(pos)
}

fn squares(rules: &Rules, n: &Notation, sq: &str) -> Result<Vec<u16>, String> {
    let one = |s: &str| -> Result<u16, String> {
        n.parse(s.trim()).ok_or_else(|| {
            if n.is_numeric() {
                format!("`{s}` is not a square of this board (squares are 1-{})", rules.cells)
            } else {
                format!("`{s}` is not a cell of this board")
            }
        })
    };
    if let Some((a, b)) = sq.split_once('-') {
        if n.is_numeric() {
            let (x, y) = (one(a)?, one(b)?);
            let (x, y) = (n.name(x).parse::<u32>().unwrap_or(0), n.name(y).parse::<u32>().unwrap_or(0));
            if x > y {
                return Err(format!("the range {a}-{b} runs backwards"));
            }
            return (x..=y).map(|v| one(&v.to_string())).collect();
        }
        return Err(format!("ranges like `{sq}` are for numbered squares"));
    }
    Ok(vec![one(sq)?])
}

/// Writes a position as FEN, squares in the variant's notation.
pub fn write_fen(rules: &Rules, pos: &Position) -> String {
    let mut out = String::new();
    out.push(pos.side_to_move().letter());
    for side in Side::BOTH {
        out.push(':');
        out.push(side.letter());
        let mut cells: Vec<u16> = pos.pieces(side).iter().collect();
        if rules.spec().notation.is_numeric() {
            cells.sort_by_key(|&c| rules.cell_name(c).parse::<u32>().unwrap_or(0));
        }
        let items: Vec<String> = cells
            .iter()
            .map(|&c| {
                let (_, k) = pos.piece(c).expect("a piece of the set");
                format!("{}{}", rules.spec().kinds[k as usize].fen, rules.cell_name(c))
            })
            .collect();
        out.push_str(&items.join(","));
    }
    out
}
