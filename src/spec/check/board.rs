//! `[board]`: the shape and the names of the cells.

use super::{Checker, one_of};
use crate::geometry::{Corner, Geometry, Notation, NotationKind, Playable, Shape};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::{RawBoard, RawCells, SStr};
use toml::Spanned;

/// The coordinates of the square `name` (algebraic: `a1` is White's bottom left) of a
/// board of that shape without holes.
fn square_of(name: &str, full: &Geometry, span: std::ops::Range<usize>) -> Result<(i8, i8), Diagnostic> {
    let mut chars = name.chars();
    let col = chars.next().filter(char::is_ascii_lowercase).map(|c| (c as u8 - b'a') as i8);
    let row = chars.as_str().parse::<i8>().ok();
    match (col, row) {
        (Some(x), Some(y)) if full.cell_at((x, y - 1)).is_some() => Ok((x, y - 1)),
        _ => Err(Diagnostic::new(DiagnosticKind::OffBoard, format!("`{name}` is not a square of this board"), span, "not a square")
            .help("name squares algebraically, `a1` at White's bottom left, within the board's width and height and of its colour")),
    }
}

/// A key that does not belong on this board.
fn conflicting(message: impl Into<String>, s: std::ops::Range<usize>, label: &str, help: &str) -> Diagnostic {
    Diagnostic::new(DiagnosticKind::ConflictingKeys, message, s, label).help(help)
}

impl Checker<'_> {
    /// The geometry and notation of `[board]`; `None` when either cannot be built.
    pub(super) fn board(&mut self, raw: &Spanned<RawBoard>) -> Option<(Geometry, Notation)> {
        let board = raw.get_ref();
        let shape = match board.shape.get_ref().as_str() {
            "square" => self.square(raw)?,
            "hex" => self.hex(raw)?,
            other => {
                self.err(
                    Diagnostic::unknown_name("board shape", other, board.shape.span(), "not a shape")
                        .help("the shapes are `square` and `hex`"),
                );
                return None;
            }
        };
        let holes = match shape {
            Shape::Square { .. } => self.holes(raw, shape)?,
            Shape::Hex { .. } => Vec::new(),
        };
        let geometry = Geometry::with_holes(shape, &holes);
        if geometry.is_empty() {
            self.err(Diagnostic::new(DiagnosticKind::EmptySet, "the board has no cell", raw.span(), "every cell is a hole"));
            return None;
        }
        let kind = self.notation(board, shape)?;
        let notation = Notation::new(&geometry, kind);
        Some((geometry, notation))
    }

    fn square(&mut self, raw: &Spanned<RawBoard>) -> Option<Shape> {
        let board = raw.get_ref();
        if let Some(v) = &board.side {
            self.err(conflicting(
                "`side` is for hexagonal boards",
                v.span(),
                "not for a square board",
                "a square board has `width` and `height`",
            ));
        }
        let w = self.int(&board.width, "`width`", 4..17);
        let h = self.int(&board.height, "`height`", 4..17);
        if board.width.is_none() || board.height.is_none() {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "a square board needs `width` and `height`", raw.span(), "in this table")
                    .help("add for example `width = 10` and `height = 10`"),
            );
        }
        let all = match board.cells.as_ref().map(|c| (c.get_ref(), c.span())) {
            None => false,
            Some((RawCells::List(_), _)) => true,
            Some((RawCells::Choice(c), span)) => {
                let r = one_of(&Spanned::new(span, c.clone()), &[("dark", false), ("all", true)], "cell choice");
                self.ok(r)?
            }
        };
        if let (Some(a), true) = (&board.a1, all) {
            self.err(conflicting(
                "`a1` is for boards of dark squares",
                a.span(),
                "every square is played on this board",
                "remove `a1`, or write `cells = \"dark\"`",
            ));
        }
        let a1_dark = match &board.a1 {
            None => true,
            Some(c) => {
                let r = one_of(c, &[("dark", true), ("light", false)], "colour");
                self.ok(r)?
            }
        };
        let playable = if all { Playable::All } else { Playable::Dark { a1_dark } };
        Some(Shape::Square { width: w? as u8, height: h? as u8, playable })
    }

    fn hex(&mut self, raw: &Spanned<RawBoard>) -> Option<Shape> {
        let board = raw.get_ref();
        for (k, v) in [("width", &board.width), ("height", &board.height)] {
            if let Some(v) = v {
                self.err(conflicting(
                    format!("`{k}` is for square boards"),
                    v.span(),
                    "not for a hexagonal board",
                    "a hexagonal board has `side`, the number of cells along each edge",
                ));
            }
        }
        let spans = [
            ("cells", board.cells.as_ref().map(Spanned::span)),
            ("a1", board.a1.as_ref().map(SStr::span)),
            ("holes", board.holes.as_ref().map(SStr::span)),
        ];
        for (k, v) in spans {
            if let Some(span) = v {
                self.err(conflicting(
                    format!("`{k}` is for square boards"),
                    span,
                    "not for a hexagonal board",
                    "every cell of a hexagonal board is played on",
                ));
            }
        }
        if board.side.is_none() {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "a hexagonal board needs `side`", raw.span(), "in this table")
                    .help("add for example `side = 5` (61 cells)"),
            );
        }
        let s = self.int(&board.side, "`side`", 2..10)?;
        Some(Shape::Hex { side: s as u8 })
    }

    /// The squares of the rectangle that are not cells: `holes`, and on a board given as a
    /// list of cells, every square not listed. Names are algebraic (`a1` bottom left).
    fn holes(&mut self, raw: &Spanned<RawBoard>, shape: Shape) -> Option<Vec<(i8, i8)>> {
        let board = raw.get_ref();
        let Shape::Square { width, height, .. } = shape else { return Some(Vec::new()) };
        let full = Geometry::new(shape);
        let mut holes = Vec::new();
        if let Some(h) = &board.holes {
            for name in h.get_ref().split(|c: char| c == ',' || c.is_whitespace()).filter(|n| !n.is_empty()) {
                holes.push(self.ok(square_of(name, &full, h.span()))?);
            }
        }
        if let Some(cells) = &board.cells
            && let RawCells::List(list) = cells.get_ref()
        {
            if let Some(h) = &board.holes {
                self.err(conflicting(
                    "`holes` with a list of cells",
                    h.span(),
                    "the list already says which squares are cells",
                    "remove `holes`, or leave the holes out of the list",
                ));
            }
            let mut listed = Vec::new();
            for name in list {
                listed.push(self.ok(square_of(name, &full, cells.span()))?);
            }
            holes = (0..height as i8).flat_map(|y| (0..width as i8).map(move |x| (x, y))).filter(|c| !listed.contains(c)).collect();
        }
        Some(holes)
    }

    /// How cells are named: `notation` and `numbering`.
    fn notation(&mut self, board: &RawBoard, shape: Shape) -> Option<NotationKind> {
        let hex = matches!(shape, Shape::Hex { .. });
        let numeric = match &board.notation {
            None => !hex,
            Some(n) => {
                let r = one_of(n, &[("numeric", true), ("algebraic", false)], "notation");
                self.ok(r)?
            }
        };
        if !numeric {
            if let Some(c) = &board.numbering {
                let help = if hex {
                    "hexagonal boards name cells algebraically: remove `numbering`"
                } else {
                    "remove it, or set `notation = \"numeric\"`"
                };
                self.err(conflicting("`numbering` is for numeric notation", c.span(), "not used with algebraic names", help));
            }
            return Some(NotationKind::Algebraic);
        }
        if hex {
            self.err(conflicting(
                "hexagonal boards name cells algebraically",
                board.notation.as_ref().map_or(board.shape.span(), SStr::span),
                "numeric notation is for square boards",
                "remove `notation` or write `notation = \"algebraic\"`",
            ));
            return None;
        }
        let corner = match &board.numbering {
            None => Corner::TopLeft,
            Some(c) => {
                let opts: Vec<(&str, Corner)> = Corner::NAMES.iter().filter_map(|n| Some((*n, Corner::parse(n)?))).collect();
                let r = one_of(c, &opts, "corner");
                self.ok(r)?
            }
        };
        Some(NotationKind::Numeric(corner))
    }
}
