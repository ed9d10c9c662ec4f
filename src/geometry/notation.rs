//! Cell names: PDN square numbers, algebraic names, hex names.

use super::{Geometry, Shape};
use std::collections::HashMap;

/// The name of column `x` (from 0): `a` to `z`, then `aa`, `ab`, ... `az`, `ba`, ... as
/// spreadsheets name theirs.
pub fn column_name(x: i8) -> String {
    let x = x as usize;
    let letter = |i: usize| (b'a' + i as u8) as char;
    if x < 26 { letter(x).to_string() } else { format!("{}{}", letter(x / 26 - 1), letter(x % 26)) }
}

/// The algebraic name of the cell at `(x, y)` (column and row from 0): `a1`, `ab12`.
pub fn square_name((x, y): (i8, i8)) -> String {
    format!("{}{}", column_name(x), y + 1)
}

/// The column (from 0) named by `letters`, one or two lower-case letters.
pub fn column_of(letters: &str) -> Option<i8> {
    let b = letters.as_bytes();
    let v = |c: u8| c.is_ascii_lowercase().then(|| (c - b'a') as usize);
    let x = match *b {
        [a] => v(a)?,
        [a, c] => (v(a)? + 1) * 26 + v(c)?,
        _ => return None,
    };
    i8::try_from(x).ok()
}

/// The column and row (from 0) of an algebraic name such as `c4` or `ab12`: letters,
/// then a row number from 1 without leading zeros. Nothing says whether a board has it.
pub fn parse_square(name: &str) -> Option<(i8, i8)> {
    let split = name.find(|c: char| !c.is_ascii_lowercase())?;
    let (letters, digits) = name.split_at(split);
    if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: i8 = digits.parse().ok()?;
    Some((column_of(letters)?, row.checked_sub(1)?))
}

/// Where square 1 lies, seen from White, for numeric notation. Numbers run along the
/// row away from that corner, then row by row towards the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// Square 1 at White's top left (International, English, Russian numbering).
    TopLeft,
    /// Square 1 at White's top right.
    TopRight,
    /// Square 1 at White's bottom left.
    BottomLeft,
    /// Square 1 at White's bottom right.
    BottomRight,
}

impl Corner {
    /// The names used in variant files.
    pub const NAMES: [&'static str; 4] = ["top-left", "top-right", "bottom-left", "bottom-right"];

    /// Parses a corner name as written in a variant file.
    pub fn parse(s: &str) -> Option<Corner> {
        Some(match s {
            "top-left" => Corner::TopLeft,
            "top-right" => Corner::TopRight,
            "bottom-left" => Corner::BottomLeft,
            "bottom-right" => Corner::BottomRight,
            _ => return None,
        })
    }

    /// The name used in variant files.
    pub fn name(self) -> &'static str {
        Corner::NAMES[self as usize]
    }
}

/// How a variant's players name cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotationKind {
    /// PDN square numbers over the playable cells.
    Numeric(Corner),
    /// Column letter and row number, a1 at White's bottom left (square boards), or file
    /// letter and rank number (hex boards).
    Algebraic,
    /// Algebraic names as seen from Black's side (a1 at Black's bottom left), as some
    /// English records write them.
    AlgebraicFromBlack,
}

/// The names of a board's cells in one notation, both ways.
#[derive(Clone, Debug)]
pub struct Notation {
    kind: NotationKind,
    names: Vec<String>,
    lookup: HashMap<String, u16>,
}

impl Notation {
    /// Names every cell of a geometry.
    pub fn new(geometry: &Geometry, kind: NotationKind) -> Notation {
        let n = geometry.len();
        let mut names = vec![String::new(); n];
        match kind {
            NotationKind::Algebraic => {
                for (c, name) in names.iter_mut().enumerate() {
                    *name = square_name(geometry.coord(c as u16));
                }
            }
            NotationKind::AlgebraicFromBlack => {
                for (c, name) in names.iter_mut().enumerate() {
                    *name = square_name(geometry.coord(geometry.rotate(c as u16)));
                }
            }
            NotationKind::Numeric(corner) => {
                let mut order: Vec<u16> = (0..n as u16).collect();
                let (w, h) = match geometry.shape() {
                    Shape::Square { width, height, .. } => (width as i32, height as i32),
                    Shape::Hex { side } => (2 * side as i32 - 1, 2 * side as i32 - 1),
                };
                order.sort_by_key(|&c| {
                    let (x, y) = geometry.coord(c);
                    let (x, y) = (x as i32, y as i32);
                    match corner {
                        Corner::TopLeft => ((h - 1 - y), x),
                        Corner::TopRight => ((h - 1 - y), w - 1 - x),
                        Corner::BottomLeft => (y, x),
                        Corner::BottomRight => (y, w - 1 - x),
                    }
                });
                for (i, &c) in order.iter().enumerate() {
                    names[c as usize] = (i + 1).to_string();
                }
            }
        }
        let lookup = names.iter().enumerate().map(|(i, s)| (s.clone(), i as u16)).collect();
        Notation { kind, names, lookup }
    }

    /// Which notation this is.
    pub fn kind(&self) -> NotationKind {
        self.kind
    }

    /// Whether cells are named by numbers.
    pub fn is_numeric(&self) -> bool {
        matches!(self.kind, NotationKind::Numeric(_))
    }

    /// The name of a cell.
    pub fn name(&self, cell: u16) -> &str {
        &self.names[cell as usize]
    }

    /// The cell with this name. Numbers may carry leading zeros; letters any case.
    pub fn parse(&self, s: &str) -> Option<u16> {
        if let Some(&c) = self.lookup.get(s) {
            return Some(c);
        }
        if self.is_numeric() {
            let n: u32 = s.parse().ok()?;
            return self.lookup.get(&n.to_string()).copied();
        }
        self.lookup.get(&s.to_ascii_lowercase()).copied()
    }

    /// The cell numbered `n` (numeric notation only).
    pub fn number(&self, n: u32) -> Option<u16> {
        if self.is_numeric() { self.lookup.get(&n.to_string()).copied() } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Playable, Shape};

    #[test]
    fn international_numbering() {
        let g = Geometry::new(Shape::Square { width: 10, height: 10, playable: Playable::Dark { a1_dark: true } });
        let n = Notation::new(&g, NotationKind::Numeric(Corner::TopLeft));
        let a = Notation::new(&g, NotationKind::Algebraic);
        assert_eq!(a.name(n.parse("1").unwrap()), "b10");
        assert_eq!(a.name(n.parse("46").unwrap()), "a1");
        assert_eq!(a.name(n.parse("50").unwrap()), "i1");
        assert_eq!(n.parse("05"), n.parse("5"));
    }

    #[test]
    fn columns_beyond_z() {
        assert_eq!(column_name(0), "a");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(31), "af");
        assert_eq!(column_name(52), "ba");
        for x in 0..127 {
            assert_eq!(column_of(&column_name(x)), Some(x));
        }
        assert_eq!(parse_square("af3"), Some((31, 2)));
        assert_eq!(parse_square("a01"), None);
        assert_eq!(parse_square("a0"), None);
        assert_eq!(parse_square("abc1"), None);
        assert_eq!(parse_square("A1"), None);
        assert_eq!(square_name((27, 0)), "ab1");
    }

    #[test]
    fn hex_names() {
        let g = Geometry::new(Shape::Hex { side: 5 });
        let a = Notation::new(&g, NotationKind::Algebraic);
        assert_eq!(a.name(0), "a1");
        assert_eq!(a.name(60), "i9");
        let e5 = a.parse("e5").unwrap();
        let ne = g.dir_index("ne").unwrap();
        assert_eq!(a.name(g.step(e5, ne).unwrap()), "f5");
    }
}
