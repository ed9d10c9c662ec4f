//! `[board]`: the shape and the names of the cells.

use super::{one_of, Checker};
use crate::geometry::{Corner, Geometry, Notation, NotationKind, Playable, Shape};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::{RawBoard, SStr};
use toml::Spanned;

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
        let geometry = Geometry::new(shape);
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
        let all = match &board.cells {
            None => false,
            Some(c) => {
                let r = one_of(c, &[("dark", false), ("all", true)], "cell choice");
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
        for (k, v) in [("cells", &board.cells), ("a1", &board.a1)] {
            if let Some(v) = v {
                self.err(conflicting(
                    format!("`{k}` is for square boards"),
                    v.span(),
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
