//! FEN in the PDN style: `W:W31-50:B1-20`, `B:WK4,c3:Bd6`, ranges, kings, either order;
//! with columns, the pieces under a top in brackets, top first: `W:Wc3[bwK]:Be5`.
//! A FEN is read into a [`Setup`], which becomes a [`Position`] through
//! [`Position::from_setup`].

use crate::compile::Rules;
use crate::engine::{Position, Setup, SetupError};
use crate::geometry::Notation;
use crate::spec::Side;
use std::fmt;

/// What is wrong with a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// The side to move is neither `W` nor `B`.
    BadSide {
        /// What stands there.
        found: String,
    },
    /// No piece lists after the side to move.
    NoPieceLists,
    /// A piece list that does not start with `W` or `B`.
    BadColour {
        /// The first character of the list.
        found: char,
    },
    /// A list with not even its colour letter.
    EmptyList,
    /// Two lists for one side.
    TwoLists {
        /// The side.
        side: Side,
    },
    /// Two commas in a row.
    EmptySquare,
    /// A square the notation does not have.
    NoSuchSquare {
        /// The square as written.
        square: String,
        /// The number of squares, for numeric notation.
        numbered: Option<usize>,
    },
    /// A square of the board that is not played on (a light square).
    Unplayable {
        /// The square as written.
        square: String,
    },
    /// A range such as `20-11`.
    BackwardRange {
        /// The range as written.
        range: String,
    },
    /// A range of squares in a notation that names them by letter and number.
    RangeNotNumbered {
        /// The range as written.
        range: String,
    },
    /// A column (`c3[bwK]`) in a variant without columns.
    NoColumns,
    /// A column whose pieces are not written `w`/`b` and a kind letter, or lacks its `]`.
    BadColumn {
        /// What stands where a piece was expected.
        found: String,
    },
    /// The pieces do not make a position of the variant.
    Setup(SetupError),
}

impl FenErrorKind {
    /// A stable name for the error, for programs.
    pub fn code(&self) -> &'static str {
        match self {
            FenErrorKind::BadSide { .. } => "bad-side",
            FenErrorKind::NoPieceLists => "no-piece-lists",
            FenErrorKind::BadColour { .. } => "bad-colour",
            FenErrorKind::EmptyList => "empty-list",
            FenErrorKind::TwoLists { .. } => "two-lists",
            FenErrorKind::EmptySquare => "empty-square",
            FenErrorKind::NoSuchSquare { .. } => "no-such-square",
            FenErrorKind::Unplayable { .. } => "unplayable",
            FenErrorKind::BackwardRange { .. } => "backward-range",
            FenErrorKind::RangeNotNumbered { .. } => "range-not-numbered",
            FenErrorKind::NoColumns => "no-columns",
            FenErrorKind::BadColumn { .. } => "bad-column",
            FenErrorKind::Setup(e) => e.problems().first().map_or("setup", |p| p.code()),
        }
    }
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenErrorKind::BadSide { found } => write!(f, "the side to move is `W` or `B`, not `{found}`"),
            FenErrorKind::NoPieceLists => f.write_str("a FEN has the side to move, then `:W...` and `:B...` piece lists"),
            FenErrorKind::BadColour { found } => write!(f, "a piece list starts with `W` or `B`, not `{found}`"),
            FenErrorKind::EmptyList => f.write_str("empty piece list: write `W` or `B` even when a side has no pieces"),
            FenErrorKind::TwoLists { side } => write!(f, "{} has two piece lists", side.name()),
            FenErrorKind::EmptySquare => f.write_str("empty square in the list (two commas?)"),
            FenErrorKind::NoSuchSquare { square, numbered: Some(n) } => {
                write!(f, "`{square}` is not a square of this board (squares are 1-{n})")
            }
            FenErrorKind::NoSuchSquare { square, numbered: None } => write!(f, "`{square}` is not a cell of this board"),
            FenErrorKind::Unplayable { square } => {
                write!(f, "`{square}` is a square of the other colour: only the dark squares are played on this board")
            }
            FenErrorKind::BackwardRange { range } => write!(f, "the range {range} runs backwards"),
            FenErrorKind::RangeNotNumbered { range } => write!(f, "ranges like `{range}` are for numbered squares"),
            FenErrorKind::NoColumns => {
                f.write_str("this variant has no columns: a square holds one piece, so `[...]` after a square means nothing")
            }
            FenErrorKind::BadColumn { found } => {
                write!(f, "in a column `[...]` each piece under the top is `w` or `b` and its kind's FEN letter (`[bwK]`), not `{found}`")
            }
            FenErrorKind::Setup(e) => e.fmt(f),
        }
    }
}

/// Why a FEN could not be read: what, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// Character column in the FEN text, from 1.
    pub column: usize,
    /// The FEN as given.
    pub fen: String,
}

impl FenError {
    /// Whether the FEN is well formed and the only problems are of a position no game
    /// reaches (see [`SetupError::is_unreachable`]).
    pub fn is_unreachable(&self) -> bool {
        matches!(&self.kind, FenErrorKind::Setup(e) if e.is_unreachable())
    }

    /// The position as given when the only problems are of a position no game reaches
    /// (see [`SetupError::ignore_unreachable`]); the error itself otherwise.
    pub fn ignore_unreachable(self) -> Result<Position, FenError> {
        match self.kind {
            FenErrorKind::Setup(e) => e.ignore_unreachable().map_err(|e| FenError { kind: FenErrorKind::Setup(e), ..self }),
            _ => Err(self),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad FEN at column {}: {}\n  {}\n  {}^", self.column, self.kind, self.fen, " ".repeat(self.column.saturating_sub(1)))
    }
}

/// Reads a FEN for the variant of `rules`, squares in the variant's notation.
///
/// ```
/// use polydame::{load_variant, parse_fen, FenErrorKind};
///
/// let rules = load_variant("international").unwrap();
/// let pos = parse_fen(&rules, "W:W31-50:B1-20").unwrap();
/// assert_eq!(pos.pieces(polydame::Side::Black).len(), 20);
/// let err = parse_fen(&rules, "W:W31-51:B1-20").unwrap_err();
/// assert!(matches!(err.kind, FenErrorKind::NoSuchSquare { .. }));
/// assert_eq!(err.column, 4);
/// ```
pub fn parse_fen(rules: &Rules, text: &str) -> Result<Position, FenError> {
    parse_fen_in(rules, &rules.spec().notation, text)
}

/// Reads a FEN whose squares are written in `notation`.
pub fn parse_fen_in(rules: &Rules, notation: &Notation, text: &str) -> Result<Position, FenError> {
    let (setup, columns) = read_setup(rules, notation, text)?;
    Position::from_setup(rules, &setup).map_err(|e| {
        // The column of the first piece a problem is about, else of the first list.
        let column = e.problems().iter().find_map(|p| p.piece()).map_or_else(|| columns.first().copied().unwrap_or(1), |i| columns[i]);
        FenError { kind: FenErrorKind::Setup(e), column, fen: text.to_string() }
    })
}

/// The side to move and the piece lists of a FEN, each with its byte offset.
fn fields(text: &str) -> (usize, Vec<(usize, &str)>) {
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
    (base + body.len(), fields)
}

/// A FEN's setup, and the column (from 1) of each of its pieces.
fn read_setup(rules: &Rules, notation: &Notation, text: &str) -> Result<(Setup, Vec<usize>), FenError> {
    let err = |at: usize, kind: FenErrorKind| FenError { kind, column: at + 1, fen: text.to_string() };
    let (end, fields) = fields(text);
    let (turn_at, turn) = fields[0];
    let side = match turn.trim() {
        "W" | "w" => Side::White,
        "B" | "b" => Side::Black,
        "?" | "" => rules.spec().first,
        other => return Err(err(turn_at, FenErrorKind::BadSide { found: other.to_string() })),
    };
    if fields.len() < 2 {
        return Err(err(end, FenErrorKind::NoPieceLists));
    }
    let mut setup = Setup::new(side);
    let mut columns = Vec::new();
    let mut seen = [false; 2];
    for &(at, field) in &fields[1..] {
        let f = field.trim_start();
        let at = at + (field.len() - f.len());
        let (colour, list) = match f.chars().next() {
            Some('W') | Some('w') => (Side::White, &f[1..]),
            Some('B') | Some('b') => (Side::Black, &f[1..]),
            Some(c) => return Err(err(at, FenErrorKind::BadColour { found: c })),
            None => return Err(err(at, FenErrorKind::EmptyList)),
        };
        if std::mem::replace(&mut seen[colour as usize], true) {
            return Err(err(at, FenErrorKind::TwoLists { side: colour }));
        }
        let mut off = at + 1;
        for item in list.split(',') {
            let item_at = off + (item.len() - item.trim_start().len());
            off += item.len() + 1;
            let item = item.trim();
            if item.is_empty() {
                if list.trim().is_empty() {
                    continue;
                }
                return Err(err(item_at, FenErrorKind::EmptySquare));
            }
            let (item, under) = split_column(rules, item).map_err(|(at, k)| err(item_at + at, k))?;
            let (kind, sq) = kind_prefix(rules, item);
            for cell in squares(rules, notation, sq).map_err(|k| err(item_at, k))? {
                setup.put(cell, colour, kind);
                columns.push(item_at + 1);
                for &(side, kind) in &under {
                    setup.put(cell, side, kind);
                    columns.push(item_at + 1);
                }
            }
        }
    }
    Ok((setup, columns))
}

/// The pieces under a column's top, top first: (side, kind) of each.
type Under = Vec<(Side, u8)>;

/// An item without its column, and the pieces under its top (top first): `Kc3[bwK]` is
/// `Kc3` over a black man over a white king. Errors carry their byte offset in the item.
fn split_column<'a>(rules: &Rules, item: &'a str) -> Result<(&'a str, Under), (usize, FenErrorKind)> {
    let Some(open) = item.find('[') else { return Ok((item, Vec::new())) };
    if rules.spec().columns.is_none() {
        return Err((open, FenErrorKind::NoColumns));
    }
    let inner = &item[open + 1..];
    let Some(inner) = inner.strip_suffix(']') else {
        return Err((item.len(), FenErrorKind::BadColumn { found: "the end of the square, without `]`".to_string() }));
    };
    let kinds = &rules.spec().kinds;
    let man = kinds.iter().position(|k| k.fen.is_empty()).unwrap_or(0) as u8;
    let mut under = Vec::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let side = match ch {
            'w' => Side::White,
            'b' => Side::Black,
            other => return Err((open + 1 + i, FenErrorKind::BadColumn { found: other.to_string() })),
        };
        let kind = match chars.peek() {
            Some(&(_, k)) if k.is_ascii_uppercase() => {
                chars.next();
                match kinds.iter().position(|x| x.fen.starts_with(k)) {
                    Some(x) => x as u8,
                    None => return Err((open + 2 + i, FenErrorKind::BadColumn { found: k.to_string() })),
                }
            }
            _ => man,
        };
        under.push((side, kind));
    }
    Ok((&item[..open], under))
}

/// A piece's kind from its prefix (a capital letter that is some kind's FEN prefix), and
/// the rest of the item.
fn kind_prefix<'a>(rules: &Rules, item: &'a str) -> (u8, &'a str) {
    let kinds = &rules.spec().kinds;
    let first = item.chars().next().expect("not empty");
    match kinds.iter().position(|k| !k.fen.is_empty() && k.fen.starts_with(first)) {
        Some(k) if first.is_ascii_uppercase() => (k as u8, &item[first.len_utf8()..]),
        _ => (kinds.iter().position(|k| k.fen.is_empty()).unwrap_or(0) as u8, item),
    }
}

fn squares(rules: &Rules, n: &Notation, sq: &str) -> Result<Vec<u16>, FenErrorKind> {
    let one = |s: &str| -> Result<u16, FenErrorKind> {
        let s = s.trim();
        n.parse(s).ok_or_else(|| {
            if n.is_numeric() {
                FenErrorKind::NoSuchSquare { square: s.to_string(), numbered: Some(rules.cells) }
            } else if rules.spec().geometry.is_unplayable_square(s) {
                FenErrorKind::Unplayable { square: s.to_string() }
            } else {
                FenErrorKind::NoSuchSquare { square: s.to_string(), numbered: None }
            }
        })
    };
    let Some((a, b)) = sq.split_once('-') else { return Ok(vec![one(sq)?]) };
    if !n.is_numeric() {
        return Err(FenErrorKind::RangeNotNumbered { range: sq.to_string() });
    }
    let (x, y) = (one(a)?, one(b)?);
    let (x, y) = (n.name(x).parse::<u32>().unwrap_or(0), n.name(y).parse::<u32>().unwrap_or(0));
    if x > y {
        return Err(FenErrorKind::BackwardRange { range: format!("{a}-{b}") });
    }
    (x..=y).map(|v| one(&v.to_string())).collect()
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
                let column = pos.column(c);
                let (_, k) = column[0];
                let mut item = format!("{}{}", rules.spec().kinds[k as usize].fen, rules.cell_name(c));
                if column.len() > 1 {
                    item.push('[');
                    for &(side, kind) in &column[1..] {
                        item.push(side.letter().to_ascii_lowercase());
                        item.push_str(&rules.spec().kinds[kind as usize].fen);
                    }
                    item.push(']');
                }
                item
            })
            .collect();
        out.push_str(&items.join(","));
    }
    out
}
