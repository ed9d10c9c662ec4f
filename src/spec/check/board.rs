//! `[board]`: the shape and the names of the cells.

use super::{Checker, one_of};
use crate::geometry::{Corner, Geometry, Line, Notation, NotationKind, Playable, Shape, parse_square, square_name};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::{RawBoard, RawCells, SStr};
use toml::Spanned;

/// The coordinates of the square `name` (algebraic: `a1` is White's bottom left) of a
/// board of that shape without holes.
pub(super) fn square_of(name: &str, full: &Geometry, span: std::ops::Range<usize>) -> Result<(i8, i8), Diagnostic> {
    match parse_square(name) {
        Some(at) if full.cell_at(at).is_some() => Ok(at),
        _ => Err(Diagnostic::new(DiagnosticKind::OffBoard, format!("`{name}` is not a square of this board"), span, "not a square")
            .help("name squares algebraically, `a1` at White's bottom left, within the board's width and height and of its colour")),
    }
}

/// A board of points' holes (grid positions that are no point), lines (two ends each) and
/// where in the file each line was written.
type LinesAndHoles = (Vec<(i8, i8)>, Vec<Line>, Vec<std::ops::Range<usize>>);

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
            "lines" => self.lines_shape(raw)?,
            other => {
                self.err(
                    Diagnostic::unknown_name("board shape", other, board.shape.span(), "not a shape")
                        .help("the shapes are `square`, `hex` and `lines`"),
                );
                return None;
            }
        };
        for (key, l) in [("lines", &board.lines), ("rings", &board.rings), ("links", &board.links)] {
            if let (Some(l), false) = (l, matches!(shape, Shape::Square { playable: Playable::Lines, .. })) {
                self.err(conflicting(
                    format!("`{key}` is for boards of points"),
                    l.span(),
                    "not for this shape",
                    "write `shape = \"lines\"` for a board of points joined by lines",
                ));
            }
        }
        for v in [&board.x, &board.y].into_iter().flatten() {
            if !matches!(shape, Shape::Square { playable: Playable::Lines, .. }) {
                self.err(conflicting(
                    "`x` and `y` are for boards of points",
                    v.span(),
                    "not for this shape",
                    "write `shape = \"lines\"` for a board of points whose lines run at any slope",
                ));
            }
        }
        let geometry = match shape {
            Shape::Square { playable: Playable::Lines, .. } => {
                let places = self.places(raw, shape)?;
                let rings = self.rings(raw, shape)?;
                let (mut holes, lines, spans) = self.points_and_lines(raw, shape, places.is_some())?;
                match places {
                    Some((xs, ys)) => {
                        let g = Geometry::with_places(shape, &holes, &lines, &xs, &ys);
                        self.steps_apart(&g, &lines, &spans)?;
                        g
                    }
                    None => {
                        // A ring's points are points, unless `cells` lists the points.
                        if !matches!(board.cells.as_ref().map(Spanned::get_ref), Some(RawCells::List(_))) {
                            holes.retain(|h| !rings.0.iter().flatten().any(|p| p == h));
                        }
                        let g = Geometry::with_lines(shape, &holes, &lines);
                        self.rings_drawn_once(&g, &rings)?;
                        let g = g.with_rings(&rings.0);
                        let links = self.links(raw, &g)?;
                        g.with_links(&links)
                    }
                }
            }
            Shape::Square { .. } => Geometry::with_holes(shape, &self.holes(raw, shape)?),
            Shape::Hex { .. } => Geometry::new(shape),
        };
        if geometry.is_empty() {
            self.err(Diagnostic::new(DiagnosticKind::EmptySet, "the board has no cell", raw.span(), "every cell is a hole"));
            return None;
        }
        if geometry.len() > crate::geometry::MAX_CELLS {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::OutOfRange,
                    format!("a board has at most {} cells, and this one has {}", crate::geometry::MAX_CELLS, geometry.len()),
                    raw.span(),
                    "too many points",
                )
                .help("leave out points with `cells = [...]`, or let fewer lines cross"),
            );
            return None;
        }
        let kind = self.notation(board, shape)?;
        if matches!(shape, Shape::Square { playable: Playable::Lines, .. }) {
            self.unlinked(raw, &geometry);
        }
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
        self.refuse_keys(&spans, "is for square boards", "not for a hexagonal board", "every cell of a hexagonal board is played on");
        if board.side.is_none() {
            self.err(
                Diagnostic::new(DiagnosticKind::MissingKey, "a hexagonal board needs `side`", raw.span(), "in this table")
                    .help("add for example `side = 5` (61 cells)"),
            );
        }
        let s = self.int(&board.side, "`side`", 2..10)?;
        Some(Shape::Hex { side: s as u8 })
    }

    /// Refuses each key of `spans` that is given (`Some` span): "`KEY` WHY".
    fn refuse_keys(&mut self, spans: &[(&str, Option<std::ops::Range<usize>>)], why: &str, label: &str, help: &str) {
        for (k, v) in spans {
            if let Some(span) = v {
                self.err(conflicting(format!("`{k}` {why}"), span.clone(), label, help));
            }
        }
    }

    /// A board of points and lines: `width` and `height` of the grid the points lie on,
    /// and no keys of boards of squares.
    fn lines_shape(&mut self, raw: &Spanned<RawBoard>) -> Option<Shape> {
        let board = raw.get_ref();
        let spans = [
            ("side", board.side.as_ref().map(Spanned::span)),
            ("a1", board.a1.as_ref().map(SStr::span)),
            ("holes", board.holes.as_ref().map(SStr::span)),
        ];
        self.refuse_keys(
            &spans,
            "is not for a board of points",
            "not for a board of lines",
            "a board of points has `width` and `height`, its `lines` and, if not every point on them, its `cells`",
        );
        if let Some(c) = &board.cells
            && let RawCells::Choice(_) = c.get_ref()
        {
            self.err(conflicting(
                "a board of points has no colours",
                c.span(),
                "not a list of points",
                "leave `cells` out (every point on a line is a cell), or list the points: `cells = [\"a1\", \"c1\", ...]`",
            ));
        }
        if board.width.is_none() || board.height.is_none() || board.lines.is_none() {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::MissingKey,
                    "a board of points needs `width`, `height` and `lines`",
                    raw.span(),
                    "in this table",
                )
                .help("add for example `width = 5`, `height = 5` and `lines = [\"a1-e1\", \"a1-a5\", \"a1-e5\"]`"),
            );
        }
        let w = self.int(&board.width, "`width`", 3..33);
        let h = self.int(&board.height, "`height`", 3..33);
        Some(Shape::Square { width: w? as u8, height: h? as u8, playable: Playable::Lines })
    }

    /// `x` and `y` of a board of points: where its columns and rows stand in the picture,
    /// one number each, increasing; `None` without them (lines along the grid).
    fn places(&mut self, raw: &Spanned<RawBoard>, shape: Shape) -> Option<Option<(Vec<f64>, Vec<f64>)>> {
        let board = raw.get_ref();
        let Shape::Square { width, height, .. } = shape else { return Some(None) };
        let (x, y) = match (&board.x, &board.y) {
            (None, None) => return Some(None),
            (Some(x), Some(y)) => (x, y),
            (Some(v), None) | (None, Some(v)) => {
                self.err(
                    Diagnostic::new(DiagnosticKind::MissingKey, "a board of points needs both `x` and `y`, or neither", v.span(), "alone")
                        .help("`x` places the columns and `y` the rows in the picture; without them the lines run along the grid"),
                );
                return None;
            }
        };
        for (v, n, key) in [(x, width, "x"), (y, height, "y")] {
            let list = v.get_ref();
            if list.len() != n as usize || list.windows(2).any(|w| w[0] >= w[1]) || list.iter().any(|p| !p.is_finite()) {
                let count = if key == "x" { "a number for each column" } else { "a number for each row" };
                self.err(
                    Diagnostic::new(DiagnosticKind::Malformed, format!("`{key}` needs {count} ({n}), increasing"), v.span(), "not so")
                        .help(format!(
                            "`{key}` gives where each {} stands in the picture, in order",
                            if key == "x" { "column, left to right," } else { "row, from White's side up," }
                        )),
                );
                return None;
            }
        }
        Some(Some((x.get_ref().clone(), y.get_ref().clone())))
    }

    /// On a board of points with places (`x`, `y`): refuses a step of a line that passes
    /// over another point, and two steps that leave a point in the same direction.
    fn steps_apart(&mut self, g: &Geometry, lines: &[Line], spans: &[std::ops::Range<usize>]) -> Option<()> {
        let name = |c: u16| square_name(g.coord(c));
        for (&(a, b), span) in lines.iter().zip(spans) {
            let (ca, cb) = (g.cell_at(a)?, g.cell_at(b)?);
            let (pa, pb) = (g.place(ca)?, g.place(cb)?);
            let over = (0..g.len() as u16).find(|&c| c != ca && c != cb && g.place(c).is_some_and(|p| between(pa, pb, p)));
            if let Some(c) = over {
                self.err(
                    Diagnostic::new(
                        DiagnosticKind::Malformed,
                        format!("the line from {} to {} passes over the point {}", name(ca), name(cb), name(c)),
                        span.clone(),
                        "a point skipped",
                    )
                    .help(format!("name every point of a line in its chain: `{}-{}-{}`", name(ca), name(c), name(cb))),
                );
                return None;
            }
            let d = crate::geometry::compass_bearing(pa, pb);
            for (from, dir, to) in [(ca, d, cb), (cb, (d + 8) % 16, ca)] {
                let twin = lines.iter().filter_map(|&(p, q)| Some((g.cell_at(p)?, g.cell_at(q)?))).find(|&(p, q)| {
                    (p == from
                        && q != to
                        && crate::geometry::compass_bearing(g.place(p).unwrap_or_default(), g.place(q).unwrap_or_default()) == dir)
                        || (q == from
                            && p != to
                            && crate::geometry::compass_bearing(g.place(q).unwrap_or_default(), g.place(p).unwrap_or_default()) == dir)
                });
                if let Some((p, q)) = twin {
                    let other = if p == from { q } else { p };
                    self.err(
                        Diagnostic::new(
                            DiagnosticKind::Malformed,
                            format!("two lines leave {} the same way ({}): to {} and to {}", name(from), g.dirs()[dir].name, name(to), name(other)),
                            span.clone(),
                            "one direction, two steps",
                        )
                        .help("a step goes from a point to the next one in a direction of the sixteen-point compass: move the places (`x`, `y`) or the lines apart"),
                    );
                    return None;
                }
            }
        }
        Some(())
    }

    /// The points and lines of a board of points: each line as its two ends (a chain
    /// `a3-c5-e3` gives two), and the positions of the grid that are not points: those
    /// not in `cells`, or by default those where no line ends and no two lines cross.
    /// With `places` (`x` and `y` given) a line may run at any slope, and the points are
    /// those named in the lines (or listed in `cells`).
    fn points_and_lines(&mut self, raw: &Spanned<RawBoard>, shape: Shape, places: bool) -> Option<LinesAndHoles> {
        let board = raw.get_ref();
        let Shape::Square { width, height, .. } = shape else { return None };
        let full = Geometry::new(Shape::Square { width, height, playable: Playable::All });
        let (mut lines, mut spans) = (Vec::new(), Vec::new());
        for line in board.lines.as_ref()?.get_ref() {
            let ends: Result<Vec<(i8, i8)>, Diagnostic> =
                line.get_ref().split('-').map(|n| square_of(n.trim(), &full, line.span())).collect();
            let ends = self.ok(ends)?;
            if ends.len() < 2 {
                self.err(
                    Diagnostic::new(DiagnosticKind::Malformed, "a line needs two ends", line.span(), "one point")
                        .help("write a line from one end to the other, `a1-e1`, or a chain of lines, `a3-c5-e3`"),
                );
                return None;
            }
            for pair in ends.windows(2) {
                let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                if places && (dx, dy) == (0, 0) {
                    self.err(
                        Diagnostic::new(DiagnosticKind::Malformed, "a line joins a point to itself", line.span(), "the same point twice")
                            .help("name each point of a chain once, in order"),
                    );
                    return None;
                }
                if !places && ((dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs())) {
                    self.err(
                        Diagnostic::new(DiagnosticKind::Malformed, "a line runs along a row, a column or a diagonal of the grid", line.span(), "not straight along the grid")
                            .help("give the ends of a line on one row (`a1-e1`), one column (`a1-a5`) or one diagonal (`a1-e5`); a bent line is a chain, `a3-c5-e3`"),
                    );
                    return None;
                }
                lines.push((pair[0], pair[1]));
                spans.push(line.span());
            }
        }
        let grid = (0..height as i8).flat_map(|y| (0..width as i8).map(move |x| (x, y)));
        // By default the points are where lines end and where two lines cross.
        let slope = |(a, b): ((i8, i8), (i8, i8))| ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        let through = |p: (i8, i8)| lines.iter().filter(move |&&(a, b)| crate::geometry::on_segment(a, b, p));
        let is_point = |p: (i8, i8)| {
            through(p).any(|&(a, b)| a == p || b == p)
                || through(p).any(|&l| through(p).any(|&m| slope(m) != slope(l) && slope(m) != (-slope(l).0, -slope(l).1)))
        };
        let holes = match board.cells.as_ref().map(|c| (c.get_ref(), c.span())) {
            Some((RawCells::List(list), span)) => {
                let mut points = Vec::new();
                for name in list {
                    points.push(self.ok(square_of(name, &full, span.clone()))?);
                }
                grid.filter(|p| !points.contains(p)).collect()
            }
            _ if places => grid.filter(|&p| !lines.iter().any(|&(a, b)| a == p || b == p)).collect(),
            _ => grid.filter(|&p| !is_point(p)).collect(),
        };
        Some((holes, lines, spans))
    }

    /// Refuses a point that no line reaches: a piece there could never move, so the list
    /// of points or of lines is wrong.
    fn unlinked(&mut self, raw: &Spanned<RawBoard>, g: &Geometry) {
        let span = raw.get_ref().cells.as_ref().map_or(raw.span(), Spanned::span);
        let alone: Vec<u16> = (0..g.len() as u16).filter(|&c| (0..g.dirs().len()).all(|d| g.step(c, d).is_none())).collect();
        if let Some(&c) = alone.first() {
            self.err(
                Diagnostic::new(
                    DiagnosticKind::EmptySet,
                    format!("the point {} is on no line", square_name(g.coord(c))),
                    span,
                    "a point no line joins",
                )
                .help("every point of a board of points lies on a line to another point: add the line, or leave the point out of `cells`"),
            );
        }
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
        let points = matches!(shape, Shape::Square { playable: Playable::Lines, .. });
        let numeric = match &board.notation {
            None => !hex && !points,
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

/// Whether `p` lies on the segment from `a` to `b`, strictly between its ends (a point of
/// a picture: up to a small tolerance).
fn between(a: (f64, f64), b: (f64, f64), p: (f64, f64)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2;
    let cross = (p.0 - a.0) * dy - (p.1 - a.1) * dx;
    t > 1e-9 && t < 1.0 - 1e-9 && cross.abs() <= 1e-6 * len2.sqrt().max(1.0)
}
