//! Where a picture's parts go: the frame of each shape of board (squares, hexagons, points
//! and lines), with its cells' centres and outlines and the coordinates on its edges.

use super::{DARK, HEX, HEX_SHADES, LIGHT, SQUARE, escape_xml, num};
use crate::geometry::{Geometry, Notation, NotationKind, Playable, Shape};
use std::fmt::Write;

/// The extent of what is drawn.
pub(super) struct Bounds {
    pub(super) min: (f64, f64),
    pub(super) max: (f64, f64),
}

impl Bounds {
    fn new() -> Bounds {
        Bounds { min: (f64::MAX, f64::MAX), max: (f64::MIN, f64::MIN) }
    }

    /// Takes in a point and the `pad` around it.
    fn include(&mut self, (x, y): (f64, f64), pad: f64) {
        self.min = (self.min.0.min(x - pad), self.min.1.min(y - pad));
        self.max = (self.max.0.max(x + pad), self.max.1.max(y + pad));
    }
}

/// Where everything goes: the picture's units, y down.
pub(super) struct Frame {
    /// The centre of each cell.
    pub(super) centre: Vec<(f64, f64)>,
    /// The outline of each cell, as polygon points.
    pub(super) outline: Vec<String>,
    /// The radius of a piece.
    pub(super) radius: f64,
    /// Where a cell's number starts, from its centre, and the size of its text.
    pub(super) number: (f64, f64, f64),
    /// The board: cells, squares that are not cells, border, coordinates.
    pub(super) board: String,
    pub(super) bounds: Bounds,
}

impl Frame {
    pub(super) fn new(g: &Geometry, notation: &Notation) -> Frame {
        // Edges are labelled algebraically, from Black's side where the variant names
        // squares that way.
        let kind = if notation.kind() == NotationKind::AlgebraicFromBlack { notation.kind() } else { NotationKind::Algebraic };
        let names = Notation::new(g, kind);
        match g.shape() {
            Shape::Square { width, height, .. } => square_frame(g, &names, width as i8, height as i8),
            Shape::Hex { .. } => hex_frame(g, &names),
        }
    }
}

/// The file letters and the rank number of an algebraic name: `c` and `10` of `c10`.
fn split_name(name: &str) -> (&str, &str) {
    name.split_at(name.find(|c: char| c.is_ascii_digit()).unwrap_or(name.len()))
}

fn square_frame(g: &Geometry, names: &Notation, width: i8, height: i8) -> Frame {
    let s = SQUARE;
    // A board of points with given places puts its columns and rows where they stand,
    // scaled to the grid's frame (each axis on its own, so lines stay straight).
    let scale = |at: &[f64], i: i8, n: i8| {
        let (lo, hi) = (at[0], at[at.len() - 1]);
        (at[i as usize] - lo) / (hi - lo) * (n - 1) as f64
    };
    let corner = |x: i8, y: i8| match g.axes() {
        Some((xs, ys)) => (scale(xs, x, width) * s, (height - 1) as f64 * s - scale(ys, y, height) * s),
        None => (x as f64 * s, (height - 1 - y) as f64 * s),
    };
    let points_of = |(px, py): (f64, f64)| {
        format!("{},{} {},{} {},{} {},{}", num(px), num(py), num(px + s), num(py), num(px + s), num(py + s), num(px), num(py + s))
    };
    let mut centre = vec![(0.0, 0.0); g.len()];
    let mut outline = vec![String::new(); g.len()];
    let mut board = String::new();
    let points = matches!(g.shape(), Shape::Square { playable: Playable::Lines, .. });
    if points {
        board.push_str(&lines(g, &|c| {
            let (x, y) = corner(g.coord(c).0, g.coord(c).1);
            (x + s / 2.0, y + s / 2.0)
        }));
    }
    for y in 0..height {
        for x in 0..width {
            let at = corner(x, y);
            if points {
                if let Some(c) = g.cell_at((x, y)) {
                    centre[c as usize] = (at.0 + s / 2.0, at.1 + s / 2.0);
                    outline[c as usize] = points_of(at);
                }
                continue;
            }
            let fill = match g.cell_at((x, y)) {
                Some(c) => {
                    centre[c as usize] = (at.0 + s / 2.0, at.1 + s / 2.0);
                    outline[c as usize] = points_of(at);
                    if g.is_dark(c) { DARK } else { LIGHT }
                }
                None if g.holes().contains(&(x, y)) => continue,
                None => LIGHT,
            };
            let _ = writeln!(board, r#"<rect x="{}" y="{}" width="{s}" height="{s}" fill="{fill}"/>"#, num(at.0), num(at.1));
        }
    }
    let (w, h) = (width as f64 * s, height as f64 * s);
    let _ = writeln!(
        board,
        r##"<rect class="border" x="0" y="0" width="{}" height="{}" fill="none" stroke="#5b4636" stroke-width="1.5"/>"##,
        num(w),
        num(h)
    );
    let font = 0.3 * s;
    let mut bounds = Bounds::new();
    bounds.include((0.0, 0.0), 0.15 * s);
    bounds.include((w, h), 0.15 * s);
    let name_in = |cells: &mut dyn Iterator<Item = u16>| cells.next().map(|c| names.name(c).to_string());
    for x in 0..width {
        let file = name_in(&mut (0..height).filter_map(|y| g.cell_at((x, y)))).map(|n| split_name(&n).0.to_string());
        let at = (corner(x, 0).0 + s / 2.0, h + 0.45 * s);
        label(&mut board, &mut bounds, at, font, &file.unwrap_or_else(|| crate::geometry::column_name(x)));
    }
    for y in 0..height {
        let rank = name_in(&mut (0..width).filter_map(|x| g.cell_at((x, y)))).map(|n| split_name(&n).1.to_string());
        let at = (-0.4 * s, corner(0, y).1 + s / 2.0);
        label(&mut board, &mut bounds, at, font, &rank.unwrap_or_else(|| (y + 1).to_string()));
    }
    // The number sits in the corner the piece leaves free, as large as it can be and stay
    // legible there: 0.28 of the square (11.2 px at the picture's own size), its digits'
    // tops a little inside the square's edge; a number of two digits may touch the
    // piece's rim, over which its outline keeps it readable.
    Frame { centre, outline, radius: 0.35 * s, number: (-0.47 * s, -0.255 * s, 0.28 * s), board, bounds }
}

fn hex_frame(g: &Geometry, names: &Notation) -> Frame {
    let r = HEX;
    let h = r * 3f64.sqrt() / 2.0;
    let place = |(f, k): (i8, i8)| (1.5 * r * (f - k) as f64, -h * (f + k) as f64);
    let mut bounds = Bounds::new();
    let mut board = String::new();
    let mut outline = Vec::new();
    for c in 0..g.len() as u16 {
        let (cx, cy) = place(g.coord(c));
        let corners = [(r, 0.0), (r / 2.0, h), (-r / 2.0, h), (-r, 0.0), (-r / 2.0, -h), (r / 2.0, -h)];
        let points: Vec<String> = corners.iter().map(|&(dx, dy)| format!("{},{}", num(cx + dx), num(cy + dy))).collect();
        let points = points.join(" ");
        let (f, k) = g.coord(c);
        let fill = HEX_SHADES[(f + k) as usize % 3];
        let _ = writeln!(board, r##"<polygon points="{points}" fill="{fill}" stroke="#5b4636" stroke-width="1"/>"##);
        bounds.include((cx, cy), r);
        outline.push(points);
    }
    // A file runs north-west from its lowest cell and a rank north-east: each is named
    // one step before its first cell.
    let font = 0.5 * r;
    let n = g.len() as u16;
    let first = |on_line: &dyn Fn((i8, i8)) -> bool| (0..n).filter(|&c| on_line(g.coord(c))).min_by_key(|&c| g.row(c));
    let last = (0..n).map(|c| g.coord(c).0.max(g.coord(c).1)).max().unwrap_or(0);
    for line in 0..=last {
        if let Some(c) = first(&|(f, _)| f == line) {
            let (x, y) = place(g.coord(c));
            label(&mut board, &mut bounds, (x + 1.2 * r, y + 0.8 * h), font, split_name(names.name(c)).0);
        }
        if let Some(c) = first(&|(_, k)| k == line) {
            let (x, y) = place(g.coord(c));
            label(&mut board, &mut bounds, (x - 1.2 * r, y + 0.8 * h), font, split_name(names.name(c)).1);
        }
    }
    let centre = (0..n).map(|c| place(g.coord(c))).collect();
    Frame { centre, outline, radius: 0.72 * h, number: (-0.5 * r, -0.35 * h, 0.4 * r), board, bounds }
}

/// A board of points: its background, the lines between the points and a dot on each
/// point (`place` gives a point's centre).
fn lines(g: &Geometry, place: &dyn Fn(u16) -> (f64, f64)) -> String {
    let mut out = String::new();
    let (mut low, mut high) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for c in 0..g.len() as u16 {
        let (x, y) = place(c);
        (low, high) = ((low.0.min(x), low.1.min(y)), (high.0.max(x), high.1.max(y)));
    }
    let pad = SQUARE / 2.0;
    let _ = writeln!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{LIGHT}"/>"#,
        num(low.0 - pad),
        num(low.1 - pad),
        num(high.0 - low.0 + 2.0 * pad),
        num(high.1 - low.1 + 2.0 * pad)
    );
    for c in 0..g.len() as u16 {
        for d in 0..g.dirs().len() {
            let Some(n) = g.step(c, d).filter(|&n| n > c) else { continue };
            let ((x0, y0), (x1, y1)) = (place(c), place(n));
            let _ = writeln!(
                out,
                r##"<line class="line" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#5b4636" stroke-width="2"/>"##,
                num(x0),
                num(y0),
                num(x1),
                num(y1)
            );
        }
    }
    for c in 0..g.len() as u16 {
        let (x, y) = place(c);
        let _ = writeln!(out, r##"<circle class="point" cx="{}" cy="{}" r="{}" fill="#5b4636"/>"##, num(x), num(y), num(0.1 * SQUARE));
    }
    out
}

/// A coordinate on the board's edge, centred on `at`.
fn label(board: &mut String, bounds: &mut Bounds, (x, y): (f64, f64), font: f64, text: &str) {
    let baseline = y + 0.35 * font;
    let _ = writeln!(
        board,
        r##"<text class="coord" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="#5b4636">{}</text>"##,
        num(x),
        num(baseline),
        num(font),
        escape_xml(text)
    );
    bounds.include((x, y), font);
}
