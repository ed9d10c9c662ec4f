//! Board shapes, cells, directions and cell names.
//!
//! A [`Geometry`] is built once per variant from a [`Shape`]. Cells are numbered densely
//! from 0; the neighbour table `neighbour[cell * dirs + dir]` holds the next cell in a
//! direction, or [`Geometry::off`] when the step leaves the board. Everything is derived
//! from one stepping function per shape ([`Geometry::step_slow`]), so the tables can be
//! checked against it cell by cell.

pub(crate) mod bits;
mod cellset;
mod diagram;
mod dirset;
mod layout;
mod links;
mod notation;
mod rings;

pub use cellset::{CellIter, CellSet};
pub use dirset::{DirIter, DirSet};
pub(crate) use layout::Layout;
pub use layout::LayoutRefusal;

pub use notation::{Corner, Notation, NotationKind, column_name, column_of, parse_square, square_name};

use std::collections::HashMap;

/// Which cells of a rectangular board are played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playable {
    /// Every cell (Turkish draughts, Coronet).
    All,
    /// Only the dark cells; `a1_dark` says whether the bottom-left corner is one of them.
    Dark {
        /// Whether a1, the bottom-left corner seen from White, is dark.
        a1_dark: bool,
    },
    /// A board of points and the lines through them (draughts' ancestors): the cells are
    /// points of the grid, and a step goes from a point to the next point along a line
    /// ([`Geometry::with_lines`]).
    Lines,
}

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Shape {
    /// A `width` x `height` board of squares (rows counted from White's side).
    Square {
        /// Columns.
        width: u8,
        /// Rows.
        height: u8,
        /// Which cells are played on.
        playable: Playable,
    },
    /// A hexagon of hexagons with `side` cells per side, flat-topped cells in vertical
    /// columns (HexDame's own scheme): a cell is (file, rank) with |file - rank| < side.
    Hex {
        /// Cells along each edge.
        side: u8,
    },
}

/// One direction of movement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direction {
    /// Compass name: `n`, `ne`, `e`, ...
    pub name: &'static str,
    /// Step in the shape's own coordinates.
    pub step: (i8, i8),
    /// Step in a plane picture of the board (x right, y up), used to decide which
    /// directions are "forward" for a side.
    pub plane: (i8, i8),
}

/// A line of a board of points, from one end to the other (coordinates as
/// [`Geometry::coord`] gives them).
pub type Line = ((i8, i8), (i8, i8));

/// The largest number of cells a board may have (cell numbers fit in a `u16` with the
/// off-board marker after them; bit sets are four 64-bit words).
pub const MAX_CELLS: usize = 256;
/// The largest number of directions of a shape (a power of two): the sixteen points of
/// the compass of a board of points whose lines run at any slope.
pub const MAX_DIRS: usize = 16;

/// A board's cells, directions, neighbour table and coordinates.
#[derive(Clone, Debug)]
pub struct Geometry {
    shape: Shape,
    coords: Vec<(i8, i8)>,
    by_coord: HashMap<(i8, i8), u16>,
    dirs: Vec<Direction>,
    neighbour: Vec<u16>,
    other_view: Vec<u16>,
    holes: Vec<(i8, i8)>,
    /// On a board of points, its lines, each from one end to the other.
    lines: Vec<Line>,
    /// The rings of a board of points, each its points in order ([`Geometry::with_rings`]).
    rings: Vec<Vec<(i8, i8)>>,
    /// Links of a board of points ([`Geometry::with_links`]) and their neighbour table
    /// (empty without links).
    links: (Vec<Line>, Vec<u16>),
    /// On a board of points whose columns and rows stand at given places (lines at any
    /// slope), where each point is in the picture (x right, y up); empty elsewhere.
    places: Vec<(f64, f64)>,
    /// And where its columns and rows stand (`x` and `y` of the variant file).
    axes: Option<(Vec<f64>, Vec<f64>)>,
}

/// The sixteen points of the compass, counterclockwise from east, for boards of points
/// whose lines run at any slope: each step of a line goes in the direction nearest its
/// bearing. `step` and `plane` are the direction's unit vector times 100, rounded.
fn compass_dirs() -> Vec<Direction> {
    const NAMES: [&str; 16] = ["e", "ene", "ne", "nne", "n", "nnw", "nw", "wnw", "w", "wsw", "sw", "ssw", "s", "sse", "se", "ese"];
    NAMES
        .iter()
        .enumerate()
        .map(|(i, &name)| {
            let a = i as f64 * std::f64::consts::PI / 8.0;
            let v = ((100.0 * a.cos()).round() as i8, (100.0 * a.sin()).round() as i8);
            Direction { name, step: v, plane: v }
        })
        .collect()
}

/// The compass direction (index of [`compass_dirs`]) nearest the bearing from `a` to `b`.
pub(crate) fn compass_bearing(a: (f64, f64), b: (f64, f64)) -> usize {
    let angle = (b.1 - a.1).atan2(b.0 - a.0);
    ((angle / (std::f64::consts::PI / 8.0)).round() as i64).rem_euclid(16) as usize
}

fn square_dirs(dark_only: bool) -> Vec<Direction> {
    // On a board of dark squares, an orthogonal step goes to the next dark square in
    // that line, two squares away (Frisian captures orthogonally this way).
    let o = if dark_only { 2 } else { 1 };
    let d = |name, x: i8, y: i8, px: i8, py: i8| Direction { name, step: (x, y), plane: (px, py) };
    vec![
        d("ne", 1, 1, 1, 1),
        d("nw", -1, 1, -1, 1),
        d("se", 1, -1, 1, -1),
        d("sw", -1, -1, -1, -1),
        d("n", 0, o, 0, 1),
        d("s", 0, -o, 0, -1),
        d("e", o, 0, 1, 0),
        d("w", -o, 0, -1, 0),
    ]
}

fn hex_dirs() -> Vec<Direction> {
    // (file, rank) steps of the HexDame scheme; plane vectors of flat-topped columns.
    let d = |name, x: i8, y: i8, px: i8, py: i8| Direction { name, step: (x, y), plane: (px, py) };
    vec![
        d("n", 1, 1, 0, 2),
        d("ne", 1, 0, 1, 1),
        d("nw", 0, 1, -1, 1),
        d("s", -1, -1, 0, -2),
        d("sw", -1, 0, -1, -1),
        d("se", 0, -1, 1, -1),
    ]
}

impl Geometry {
    /// Builds the geometry of a shape. Sizes are checked by the caller (the variant
    /// checker bounds a board's `width`, `height` and `side`).
    pub fn new(shape: Shape) -> Geometry {
        Geometry::with_holes(shape, &[])
    }

    /// Builds the geometry of a shape without the cells at `holes` (coordinates as
    /// [`Geometry::coord`] gives them): an irregular board. A hole is like the edge of
    /// the board: no line runs across it.
    pub fn with_holes(shape: Shape, holes: &[(i8, i8)]) -> Geometry {
        Geometry::build(shape, holes, Vec::new())
    }

    /// Builds a board of points and lines ([`Playable::Lines`]) on a grid of `shape`'s
    /// size: the points are the grid's positions not in `holes`, and a step in a direction
    /// goes to the next point along a line that runs that way through both. Each line is
    /// given by its two ends, which lie on one row, column or diagonal of the grid (the
    /// variant checker makes sure of it).
    pub fn with_lines(shape: Shape, holes: &[(i8, i8)], lines: &[Line]) -> Geometry {
        Geometry::build(shape, holes, lines.to_vec())
    }

    /// Builds a board of points whose columns stand at `xs` and rows at `ys` in the
    /// picture, and whose lines run at any slope: `lines` are the steps between
    /// neighbouring points of a line, each going in the compass direction nearest its
    /// bearing (sixteen directions; the variant checker makes sure that no two steps leave
    /// a point the same way). The points are the grid's positions not in `holes`.
    pub fn with_places(shape: Shape, holes: &[(i8, i8)], lines: &[Line], xs: &[f64], ys: &[f64]) -> Geometry {
        let mut g = Geometry::build(shape, holes, Vec::new());
        g.dirs = compass_dirs();
        g.lines = lines.to_vec();
        g.places = g.coords.iter().map(|&(x, y)| (xs[x as usize], ys[y as usize])).collect();
        g.axes = Some((xs.to_vec(), ys.to_vec()));
        let (off, nd) = (g.off(), g.dirs.len());
        let mut table = vec![off; (g.coords.len() + 1) * nd];
        for &(a, b) in lines {
            let (Some(ca), Some(cb)) = (g.cell_at(a), g.cell_at(b)) else { continue };
            let d = compass_bearing(g.places[ca as usize], g.places[cb as usize]);
            table[ca as usize * nd + d] = cb;
            table[cb as usize * nd + (d + 8) % 16] = ca;
        }
        g.neighbour = table;
        g
    }

    /// Where a point stands in the picture of a board of points with given places (see
    /// [`Geometry::with_places`]); `None` on other boards.
    pub fn place(&self, cell: u16) -> Option<(f64, f64)> {
        self.places.get(cell as usize).copied()
    }

    /// Where the columns and the rows of a board of points with given places stand in the
    /// picture (see [`Geometry::with_places`]); `None` on other boards.
    pub fn axes(&self) -> Option<(&[f64], &[f64])> {
        self.axes.as_ref().map(|(x, y)| (x.as_slice(), y.as_slice()))
    }

    fn build(shape: Shape, holes: &[(i8, i8)], lines: Vec<Line>) -> Geometry {
        let mut coords = Vec::new();
        let dirs = match shape {
            Shape::Square { width, height, playable } => {
                // Numbered row by row from White's bottom-left corner.
                for y in 0..height as i8 {
                    for x in 0..width as i8 {
                        let ok = match playable {
                            Playable::All | Playable::Lines => true,
                            Playable::Dark { a1_dark } => ((x + y) % 2 == 0) == a1_dark,
                        };
                        if ok {
                            coords.push((x, y));
                        }
                    }
                }
                square_dirs(matches!(playable, Playable::Dark { .. }))
            }
            Shape::Hex { side } => {
                let n = 2 * side as i8 - 1;
                for r in 0..n {
                    for f in 0..n {
                        if (f - r).abs() < side as i8 {
                            coords.push((f, r));
                        }
                    }
                }
                // Order cells bottom to top by their height in the picture (f + r), then
                // left to right, so that cell 0 is the bottom corner.
                coords.sort_by_key(|&(f, r)| (f + r, f - r));
                hex_dirs()
            }
        };
        coords.retain(|c| !holes.contains(c));
        let mut holes = holes.to_vec();
        holes.sort_by_key(|&(x, y)| (y, x));
        holes.dedup();
        let by_coord: HashMap<(i8, i8), u16> = coords.iter().enumerate().map(|(i, &c)| (c, i as u16)).collect();
        let mut g = Geometry {
            shape,
            coords,
            by_coord,
            dirs,
            neighbour: Vec::new(),
            other_view: Vec::new(),
            holes,
            lines,
            rings: Vec::new(),
            links: (Vec::new(), Vec::new()),
            places: Vec::new(),
            axes: None,
        };
        g.other_view = g.other_view();
        let off = g.off();
        let nd = g.dirs.len();
        let mut table = vec![off; (g.coords.len() + 1) * nd];
        for cell in 0..g.coords.len() {
            for d in 0..nd {
                if let Some(n) = g.step_slow(cell as u16, d) {
                    table[cell * nd + d] = n;
                }
            }
        }
        g.neighbour = table;
        g
    }

    /// The slow, obviously correct stepping function the neighbour table is built from.
    pub fn step_slow(&self, cell: u16, dir: usize) -> Option<u16> {
        let (x, y) = self.coords[cell as usize];
        let (dx, dy) = self.dirs[dir].step;
        if !matches!(self.shape, Shape::Square { playable: Playable::Lines, .. }) {
            return self.by_coord.get(&(x + dx, y + dy)).copied();
        }
        // The first point on from here, if a line runs through both.
        let mut at = (x, y);
        let next = loop {
            at = (at.0 + dx, at.1 + dy);
            if !(0..32).contains(&at.0) || !(0..32).contains(&at.1) {
                return None;
            }
            if let Some(&c) = self.by_coord.get(&at) {
                break (at, c);
            }
        };
        let on = |&(a, b): &Line, p: (i8, i8)| on_segment(a, b, p);
        self.lines.iter().any(|l| on(l, (x, y)) && on(l, next.0)).then_some(next.1)
    }

    /// On a board of points, its lines, each from one end to the other; empty on other
    /// boards.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The shape this geometry was built from.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The squares of the shape that are not cells of this board, by row then column.
    pub fn holes(&self) -> &[(i8, i8)] {
        &self.holes
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no cells (never true for a checked shape).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// The off-board marker: one past the last cell.
    pub fn off(&self) -> u16 {
        self.coords.len() as u16
    }

    /// The directions of this shape, in table order.
    pub fn dirs(&self) -> &[Direction] {
        &self.dirs
    }

    /// Index of a direction by compass name.
    pub fn dir_index(&self, name: &str) -> Option<usize> {
        self.dirs.iter().position(|d| d.name == name)
    }

    /// Index of the opposite direction (`cw` and `ccw` around rings are opposite).
    pub fn opposite(&self, dir: usize) -> usize {
        match self.dirs[dir].name {
            "cw" => self.dir_index("ccw").expect("rings have both"),
            "ccw" => self.dir_index("cw").expect("rings have both"),
            _ => {
                let (x, y) = self.dirs[dir].step;
                self.dirs.iter().position(|d| d.step == (-x, -y) && d.plane != (0, 0)).expect("directions come in opposite pairs")
            }
        }
    }

    /// The flat neighbour table, `[cell * dirs + dir]`, with one extra row for the
    /// off-board marker (which leads off the board in every direction).
    pub fn neighbours(&self) -> &[u16] {
        &self.neighbour
    }

    /// The next cell from `cell` in direction `dir`.
    pub fn step(&self, cell: u16, dir: usize) -> Option<u16> {
        let n = self.neighbour[cell as usize * self.dirs.len() + dir];
        (n != self.off()).then_some(n)
    }

    /// Coordinates of a cell: (column, row) from White's bottom-left on square boards,
    /// (file, rank) from 0 on hex boards.
    pub fn coord(&self, cell: u16) -> (i8, i8) {
        self.coords[cell as usize]
    }

    /// The cell at some coordinates, if there is one.
    pub fn cell_at(&self, coord: (i8, i8)) -> Option<u16> {
        self.by_coord.get(&coord).copied()
    }

    /// The cell that `cell` is seen as from the other side: the board's half turn. On a
    /// board of dark squares whose width + height is odd the half turn would land on light
    /// squares; there the other side's view is the reflection in the middle row (which
    /// keeps colours when the height is odd), or else in the middle column. Setups and
    /// promotion zones written for one side use it.
    pub fn rotate(&self, cell: u16) -> u16 {
        self.other_view[cell as usize]
    }

    /// Whether the other side's view ([`Geometry::rotate`]) turns the rows round: false
    /// only on a board of dark squares with an odd width and an even height, where no
    /// half turn or reflection across the rows keeps the colours of the squares.
    pub fn turns_rows(&self) -> bool {
        let Shape::Square { height, .. } = self.shape else { return true };
        self.coords.iter().enumerate().all(|(c, &(_, y))| self.coords[self.rotate(c as u16) as usize].1 == height as i8 - 1 - y)
    }

    /// The other side's view of every cell (see [`Geometry::rotate`]).
    fn other_view(&self) -> Vec<u16> {
        let (mx, my) = match self.shape {
            Shape::Square { width, height, .. } => (width as i8 - 1, height as i8 - 1),
            Shape::Hex { side } => (2 * side as i8 - 2, 2 * side as i8 - 2),
        };
        // Half turn, reflection in the middle row, reflection in the middle column.
        for (fx, fy) in [(true, true), (false, true), (true, false)] {
            let f = |(x, y): (i8, i8)| (if fx { mx - x } else { x }, if fy { my - y } else { y });
            let v: Option<Vec<u16>> = self.coords.iter().map(|&c| self.cell_at(f(c))).collect();
            if let Some(v) = v {
                return v;
            }
        }
        (0..self.coords.len() as u16).collect()
    }

    /// Whether a cell of a square board is dark: on a board of dark squares every cell; on
    /// a board using every square, the squares of a1's colour (a1 is dark). Hexagonal
    /// cells and the points of a board of lines have no colour (false).
    pub fn is_dark(&self, cell: u16) -> bool {
        match self.shape {
            Shape::Square { playable: Playable::Lines, .. } => false,
            Shape::Square { playable: Playable::All, .. } => {
                let (x, y) = self.coords[cell as usize];
                (x + y) % 2 == 0
            }
            Shape::Square { .. } => true,
            Shape::Hex { .. } => false,
        }
    }

    /// Whether `name` is an algebraic name (`c4`) of a square of this rectangular board
    /// that is not played on (a square of the other colour on a board of dark squares; a
    /// hole is not a square of the board at all).
    pub fn is_unplayable_square(&self, name: &str) -> bool {
        let Shape::Square { width, height, .. } = self.shape else { return false };
        let Some(at) = parse_square(name) else { return false };
        if at.0 >= width as i8 || at.1 >= height as i8 {
            return false;
        }
        self.cell_at(at).is_none() && !self.holes.contains(&at)
    }

    /// Row of a cell counted from White's side, from 1 (square boards); on hex boards the
    /// height of the cell in the picture from the bottom corner, from 1.
    pub fn row(&self, cell: u16) -> i32 {
        let (x, y) = self.coords[cell as usize];
        match self.shape {
            Shape::Square { .. } => y as i32 + 1,
            Shape::Hex { .. } => (x + y) as i32 + 1,
        }
    }

    /// Number of rows (square boards) or half-rows (hex boards).
    pub fn rows(&self) -> i32 {
        match self.shape {
            Shape::Square { height, .. } => height as i32,
            Shape::Hex { side } => 4 * side as i32 - 3,
        }
    }
}

/// Whether `p` lies on the straight segment from `a` to `b` (ends included).
pub(crate) fn on_segment(a: (i8, i8), b: (i8, i8), p: (i8, i8)) -> bool {
    let (a, b, p) = ((a.0 as i32, a.1 as i32), (b.0 as i32, b.1 as i32), (p.0 as i32, p.1 as i32));
    let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    cross == 0 && (a.0.min(b.0)..=a.0.max(b.0)).contains(&p.0) && (a.1.min(b.1)..=a.1.max(b.1)).contains(&p.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_table_matches_slow_stepping() {
        for shape in [
            Shape::Square { width: 10, height: 10, playable: Playable::Dark { a1_dark: true } },
            Shape::Square { width: 8, height: 8, playable: Playable::All },
            Shape::Square { width: 10, height: 8, playable: Playable::Dark { a1_dark: false } },
            Shape::Hex { side: 5 },
        ] {
            let g = Geometry::new(shape);
            for c in 0..g.len() as u16 {
                for d in 0..g.dirs().len() {
                    assert_eq!(g.step(c, d), g.step_slow(c, d), "{shape:?} cell {c} dir {d}");
                    if let Some(n) = g.step(c, d) {
                        assert_eq!(g.step(n, g.opposite(d)), Some(c));
                    }
                }
            }
        }
    }

    #[test]
    fn a_board_of_points_steps_along_its_lines() {
        // Rows, columns and diagonals through every other point; and a triangle below a
        // 5x5 square whose base skips b1 and d1.
        let shape = Shape::Square { width: 5, height: 5, playable: Playable::Lines };
        let mut lines: Vec<Line> = (0..5).flat_map(|i| [((0, i), (4, i)), ((i, 0), (i, 4))]).collect();
        lines.extend([((0, 0), (4, 4)), ((0, 4), (4, 0)), ((0, 2), (2, 4)), ((2, 4), (4, 2)), ((4, 2), (2, 0)), ((2, 0), (0, 2))]);
        let g = Geometry::with_lines(shape, &[], &lines);
        let (ne, e) = (g.dir_index("ne").unwrap(), g.dir_index("e").unwrap());
        let at = |x, y| g.cell_at((x, y)).unwrap();
        assert_eq!(g.step(at(1, 1), ne), Some(at(2, 2)));
        assert_eq!(g.step(at(1, 0), ne), None, "b1 has no diagonal");
        let triangle = [((2, 2), (0, 0)), ((2, 2), (4, 0)), ((2, 2), (2, 0)), ((1, 1), (3, 1)), ((0, 0), (4, 0))];
        let holes = [(1, 0), (3, 0), (0, 1), (4, 1), (0, 2), (1, 2), (3, 2), (4, 2)];
        let t = Geometry::with_lines(Shape::Square { width: 5, height: 3, playable: Playable::Lines }, &holes, &triangle);
        assert_eq!(t.step(t.cell_at((0, 0)).unwrap(), e), t.cell_at((2, 0)), "the base skips b1");
        for g in [&g, &t] {
            for c in 0..g.len() as u16 {
                for d in 0..g.dirs().len() {
                    assert_eq!(g.step(c, d), g.step_slow(c, d));
                    if let Some(n) = g.step(c, d) {
                        assert_eq!(g.step(n, g.opposite(d)), Some(c));
                    }
                }
            }
        }
    }

    #[test]
    fn sizes() {
        let g = Geometry::new(Shape::Square { width: 10, height: 10, playable: Playable::Dark { a1_dark: true } });
        assert_eq!(g.len(), 50);
        assert_eq!(Geometry::new(Shape::Hex { side: 5 }).len(), 61);
        assert_eq!(Geometry::new(Shape::Hex { side: 4 }).len(), 37);
        assert_eq!(Geometry::new(Shape::Square { width: 16, height: 16, playable: Playable::All }).len(), 256);
    }
}
