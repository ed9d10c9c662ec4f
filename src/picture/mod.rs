//! Pictures of positions as SVG: the board with its cells coloured as the variant's board
//! has them (or its points and lines), the coordinates on its edges, the square numbers of a numbered board, the
//! pieces (a column with the pieces under its top) and the last move as an arrow.
//!
//! A module of its own, above the records it reads a FEN from: a picture is no record,
//! and the geometry stage knows nothing of rules or positions.

mod frame;

use crate::compile::Rules;
use crate::engine::{MoveInfo, Position};
use crate::spec::Side;
use frame::Frame;
use std::fmt::Write;

/// The side of a square in the picture's units (pixels at the picture's own size).
const SQUARE: f64 = 40.0;
/// The radius of a hexagonal cell, centre to corner.
const HEX: f64 = 24.0;
/// The two colours of a board of squares.
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
/// The three shades of a hexagonal board: no two neighbours share one.
const HEX_SHADES: [&str; 3] = ["#f0d9b5", "#d7ae7f", "#b58863"];
/// The last move: its arrow, its squares, its captures.
const ARROW: &str = "#1f5fbf";
const LAST_SQUARE: &str = "#f5e663";
const CAPTURED: &str = "#d62728";
/// The mark of a promoted piece.
const GOLD: &str = "#e3b230";

/// Draws a position as a self-contained SVG picture, White's side at the bottom.
///
/// Square boards show their light and dark squares, hexagonal boards three shades of
/// cells; files and ranks are written on the edges as algebraic names give them, and on a
/// board with numbered notation each cell carries its number. Each piece (on a board
/// with columns, each column) is one `<g>` element of class `piece`, its side (`white`,
/// `black`) and its kind's name (`man`, `king`, `soldier`, ...), with `king` added for
/// any other kind a piece promotes to; a column shows the pieces under its top as
/// stripes below it, top first, and lists them in `data-under` (as FEN writes them:
/// `bwO`). With `last`, the move that led to the position: its squares are tinted, an
/// arrow (class `arrow`) follows its landing cells, and each captured cell gets a dashed
/// ring (class `captured`), crossed out where the cell is empty now (a column that lost
/// its top shows the rest of it inside the ring). A pass draws no arrow.
///
/// ```
/// use polydame::{load_variant, Game};
/// use polydame::picture::board_svg;
///
/// let rules = load_variant("international").unwrap();
/// let mut game = Game::new(&rules);
/// let last = game.play("32-28").unwrap();
/// let svg = board_svg(&rules, game.position(), Some(&last));
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("class=\"piece ").count(), 40);
/// assert!(svg.contains("class=\"arrow\""));
/// assert!(svg.contains(r#"<polygon class="cell" data-square="28" data-piece="white-man""#));
/// assert_eq!(svg.matches("data-square=").count(), 50);
/// ```
pub fn board_svg(rules: &Rules, pos: &Position, last: Option<&MoveInfo>) -> String {
    let spec = rules.spec();
    let frame = Frame::new(&spec.geometry, &spec.notation);
    let last = last.filter(|m| !m.is_pass());
    let mut body = frame.board.clone();
    if let Some(m) = last {
        for (cell, class) in [(m.from, "last-from"), (m.to, "last-to")] {
            let points = &frame.outline[cell as usize];
            let _ = writeln!(body, r#"<polygon class="{class}" points="{points}" fill="{LAST_SQUARE}" fill-opacity="0.5"/>"#);
        }
    }
    for cell in 0..spec.geometry.len() as u16 {
        body.push_str(&piece(rules, pos, cell, frame.centre[cell as usize], frame.radius));
    }
    if let Some(m) = last {
        body.push_str(&captured(rules, pos, &frame, m));
        body.push_str(&arrow(&frame, m));
    }
    // Numbers last: an arrow or a mark may cross a cell's corner, never hide its number.
    if spec.notation.is_numeric() {
        body.push_str(&numbers(rules, &frame));
    }
    body.push_str(&cells(rules, pos, &frame));
    let b = &frame.bounds;
    let (w, h) = (b.max.0 - b.min.0, b.max.1 - b.min.1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="{} {} {} {}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        num(w),
        num(h),
        num(b.min.0),
        num(b.min.1),
        num(w),
        num(h)
    );
    let fen = crate::record::write_fen(rules, pos);
    let _ = writeln!(out, "<title>{}: {}</title>", escape_xml(&spec.name), escape_xml(&fen));
    let _ = writeln!(
        out,
        r##"<rect class="background" x="{}" y="{}" width="{}" height="{}" fill="#ffffff"/>"##,
        num(b.min.0),
        num(b.min.1),
        num(w),
        num(h)
    );
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// Over everything, each cell's outline, transparent, named for programs (a page that
/// lets people click the board): `data-square` its name, and on an occupied cell
/// `data-piece` its top piece (`white-man`, `black-king`).
fn cells(rules: &Rules, pos: &Position, frame: &Frame) -> String {
    let mut out = String::new();
    for (cell, points) in frame.outline.iter().enumerate() {
        let name = escape_xml(rules.cell_name(cell as u16));
        let _ = write!(out, r#"<polygon class="cell" data-square="{name}""#);
        if let Some((side, kind)) = pos.piece(cell as u16) {
            let kind = class_name(&rules.spec().kinds[kind as usize].name);
            let _ = write!(out, r#" data-piece="{}-{kind}""#, side.name().to_lowercase());
        }
        let _ = writeln!(out, r#" points="{points}" fill="transparent"/>"#);
    }
    out
}

/// The number of each cell, small in its top left corner.
fn numbers(rules: &Rules, frame: &Frame) -> String {
    let (dx, dy, font) = frame.number;
    let mut out = String::new();
    for (c, &(x, y)) in frame.centre.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text class="number" x="{}" y="{}" font-size="{}" fill="#fbf1dc" stroke="#5b4636" stroke-width="{}" stroke-opacity="0.6" paint-order="stroke">{}</text>"##,
            num(x + dx),
            num(y + dy),
            num(font),
            num(0.15 * font),
            escape_xml(rules.cell_name(c as u16))
        );
    }
    out
}

/// The CSS class of a kind's name: letters and digits, anything else a hyphen.
fn class_name(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect()
}

/// Whether some kind promotes to `kind`.
fn promoted(rules: &Rules, kind: u8) -> bool {
    rules.spec().kinds.iter().any(|k| matches!(k.promotion, Some((to, _)) if to == kind))
}

/// The piece (or column) on a cell: one `<g class="piece SIDE KIND">`; nothing on an
/// empty cell.
fn piece(rules: &Rules, pos: &Position, cell: u16, (x, y): (f64, f64), r: f64) -> String {
    let column = pos.column(cell);
    let Some((&(side, kind), under)) = column.split_first() else { return String::new() };
    let kinds = &rules.spec().kinds;
    let name = |(s, k): (Side, u8)| format!("{} {}", s.name().to_lowercase(), kinds[k as usize].name);
    let mut class = format!("piece {} {}", side.name().to_lowercase(), class_name(&kinds[kind as usize].name));
    if promoted(rules, kind) && kinds[kind as usize].name != "king" {
        class.push_str(" king");
    }
    let cell_name = rules.cell_name(cell);
    let mut out = format!(r#"<g class="{class}" data-cell="{}""#, escape_xml(cell_name));
    let mut title = format!("{cell_name}: {}", name((side, kind)));
    if !under.is_empty() {
        let codes: String = under.iter().map(|&(s, k)| format!("{}{}", s.letter().to_ascii_lowercase(), kinds[k as usize].fen)).collect();
        let _ = write!(out, r#" data-under="{}""#, escape_xml(&codes));
        let names: Vec<String> = under.iter().map(|&p| name(p)).collect();
        let _ = write!(title, " on {}", names.join(", "));
    }
    let _ = writeln!(out, ">\n<title>{}</title>", escape_xml(&title));
    if rules.spec().columns.is_some() {
        stack(&mut out, rules, &column, (x, y), r);
    } else {
        disc(&mut out, side, (x, y), r);
        mark(&mut out, rules, side, kind, (x, y), r);
    }
    out.push_str("</g>\n");
    out
}

/// The colours of a side's pieces: face, rim (the side of a piece in a stack), outline
/// and the ring on the face.
fn colours(side: Side) -> (&'static str, &'static str, &'static str, &'static str) {
    match side {
        Side::White => ("#f7f3e8", "#ddd5c0", "#3d3d3d", "#c9bfa8"),
        Side::Black => ("#2b2b2b", "#151515", "#000000", "#5a5a5a"),
    }
}

/// The outline of a piece's rim in a stack: light enough on black to tell stripes apart.
fn rim_edge(side: Side) -> &'static str {
    match side {
        Side::White => "#3d3d3d",
        Side::Black => "#6e6e6e",
    }
}

/// One round piece seen from above.
fn disc(out: &mut String, side: Side, (x, y): (f64, f64), r: f64) {
    let (face, _, stroke, ring) = colours(side);
    let (x, y) = (num(x), num(y));
    let _ = writeln!(out, r#"<circle cx="{x}" cy="{y}" r="{}" fill="{face}" stroke="{stroke}" stroke-width="{}"/>"#, num(r), num(0.08 * r));
    let _ =
        writeln!(out, r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ring}" stroke-width="{}"/>"#, num(0.68 * r), num(0.08 * r));
}

/// A column seen from the side, pieces as flat cylinders, the bottom one lowest: each
/// piece under the top shows as a stripe of its side's colour, a king's with a gold line
/// along it; the top shows its face, marked as [`disc`]'s is.
fn stack(out: &mut String, rules: &Rules, column: &[(Side, u8)], (x, y): (f64, f64), r: f64) {
    let ry = 0.5 * r;
    let n = column.len() as f64;
    let t = (0.35 * r).min(1.6 * r / n);
    let bottom = y + (2.0 * ry + n * t) / 2.0 - ry;
    let w = num(0.07 * r);
    for (i, &(side, kind)) in column.iter().rev().enumerate() {
        let (face, rim, stroke, ring) = colours(side);
        let edge = rim_edge(side);
        let (yb, yt) = (bottom - i as f64 * t, bottom - (i + 1) as f64 * t);
        let (left, right) = (num(x - r), num(x + r));
        let (rx, ryn, yb, yt) = (num(r), num(ry), num(yb), num(yt));
        let _ = writeln!(
            out,
            r#"<path d="M{left},{yt} L{left},{yb} A{rx},{ryn} 0 0 0 {right},{yb} L{right},{yt} A{rx},{ryn} 0 0 0 {left},{yt} Z" fill="{rim}" stroke="{edge}" stroke-width="{w}"/>"#
        );
        if i + 1 < column.len() {
            if promoted(rules, kind) {
                let ym = num(bottom - (i as f64 + 0.5) * t);
                let _ = writeln!(
                    out,
                    r#"<path d="M{left},{ym} A{rx},{ryn} 0 0 0 {right},{ym}" fill="none" stroke="{GOLD}" stroke-width="{}"/>"#,
                    num(0.4 * t)
                );
            }
            continue;
        }
        let _ = writeln!(
            out,
            r#"<ellipse cx="{}" cy="{yt}" rx="{rx}" ry="{ryn}" fill="{face}" stroke="{stroke}" stroke-width="{w}"/>"#,
            num(x)
        );
        let _ = writeln!(
            out,
            r#"<ellipse cx="{}" cy="{yt}" rx="{}" ry="{}" fill="none" stroke="{ring}" stroke-width="{w}"/>"#,
            num(x),
            num(0.68 * r),
            num(0.68 * ry)
        );
        mark(out, rules, side, kind, (x, bottom - n * t), 1.3 * ry);
    }
    if column.len() >= 5 {
        // Thin stripes are hard to count: the height is written beside the stack.
        let _ = writeln!(
            out,
            r##"<text class="height" x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="end" fill="#1a1a1a" stroke="#ffffff" stroke-width="{}" paint-order="stroke">{}</text>"##,
            num(x + 1.38 * r),
            num(y + 1.36 * r),
            num(0.5 * r),
            num(0.14 * r),
            column.len()
        );
    }
}

/// What tells a piece's kind apart on its top: a crown on a promoted kind; with more than
/// two kinds, the kind's letter on every kind but the first.
fn mark(out: &mut String, rules: &Rules, side: Side, kind: u8, (x, y): (f64, f64), r: f64) {
    let kinds = &rules.spec().kinds;
    let ink = if side == Side::White { "#3d3d3d" } else { "#f7f3e8" };
    if kinds.len() > 2 && kind != 0 {
        let fill = if promoted(rules, kind) { GOLD } else { ink };
        let letter = kinds[kind as usize].symbol.to_ascii_uppercase();
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{fill}">{}</text>"#,
            num(x),
            num(y + 0.33 * r),
            num(0.95 * r),
            escape_xml(&letter.to_string())
        );
    } else if promoted(rules, kind) {
        // A crown: a band with three points, in units of the piece's radius.
        let shape = [(-0.5, 0.3), (-0.55, -0.3), (-0.25, 0.0), (0.0, -0.42), (0.25, 0.0), (0.55, -0.3), (0.5, 0.3)];
        let points: Vec<String> = shape.iter().map(|&(dx, dy)| format!("{},{}", num(x + dx * r), num(y + dy * r))).collect();
        let _ = writeln!(
            out,
            r#"<polygon class="crown" points="{}" fill="{GOLD}" stroke="{ink}" stroke-width="{}" stroke-linejoin="round"/>"#,
            points.join(" "),
            num(0.07 * r)
        );
    }
}

/// The captured cells of a move, each marked once: a dashed ring, crossed out where the
/// cell is empty now (where a column lost its top, the rest of it shows in the ring).
fn captured(rules: &Rules, pos: &Position, frame: &Frame, m: &MoveInfo) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    let a = 0.45 * frame.radius;
    for &c in &m.captured {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        let (x, y) = frame.centre[c as usize];
        let _ = writeln!(
            out,
            r#"<g class="captured" data-cell="{}" stroke="{CAPTURED}" stroke-width="{}" stroke-linecap="round" fill="none">"#,
            escape_xml(rules.cell_name(c)),
            num(0.14 * frame.radius)
        );
        let left = pos.piece(c).is_some();
        let ring = if left { 1.25 * frame.radius } else { frame.radius };
        let _ =
            writeln!(out, r#"<circle cx="{}" cy="{}" r="{}" stroke-dasharray="{}"/>"#, num(x), num(y), num(ring), num(0.3 * frame.radius));
        if !left {
            let _ = writeln!(
                out,
                r#"<path d="M{},{} L{},{} M{},{} L{},{}"/>"#,
                num(x - a),
                num(y - a),
                num(x + a),
                num(y + a),
                num(x - a),
                num(y + a),
                num(x + a),
                num(y - a)
            );
        }
        out.push_str("</g>\n");
    }
    out
}

/// An arrow from the origin through every landing cell, its head on the destination.
fn arrow(frame: &Frame, m: &MoveInfo) -> String {
    let mut points: Vec<(f64, f64)> = vec![frame.centre[m.from as usize]];
    points.extend(m.path.iter().map(|&c| frame.centre[c as usize]));
    points.dedup();
    let width = 0.32 * frame.radius;
    let (Some(&tip), Some(&before)) = (points.last(), points.len().checked_sub(2).and_then(|i| points.get(i))) else {
        return String::new();
    };
    let (dx, dy) = (tip.0 - before.0, tip.1 - before.1);
    let len = dx.hypot(dy);
    let head = (3.2 * width).min(0.6 * len);
    let (ux, uy) = (dx / len, dy / len);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    if let Some(end) = points.last_mut() {
        // The shaft stops inside the head, so its round cap does not poke past the tip.
        *end = (base.0 + ux * 0.3 * head, base.1 + uy * 0.3 * head);
    }
    let line: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
    let half = 1.1 * width;
    let wings = [(base.0 - uy * half, base.1 + ux * half), tip, (base.0 + uy * half, base.1 - ux * half)];
    let wings: Vec<String> = wings.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect();
    let mut out = String::new();
    let _ = writeln!(out, r#"<g class="arrow" opacity="0.8">"#);
    let _ = writeln!(
        out,
        r#"<polyline points="{}" fill="none" stroke="{ARROW}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
        line.join(" "),
        num(width)
    );
    let _ = writeln!(out, r#"<polygon points="{}" fill="{ARROW}"/>"#, wings.join(" "));
    out.push_str("</g>\n");
    out
}

/// A length for SVG: at most two decimals, no trailing zeros, never `-0`.
fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 { "0".to_string() } else { format!("{r}") }
}

/// The position as text: the board's diagram (each piece's letter, `.` for an empty
/// cell), and below it the columns of more than one piece, top first.
///
/// ```
/// let rules = polydame::load_variant("english").unwrap();
/// let text = polydame::picture::board_text(&rules, &polydame::Position::start(&rules));
/// assert_eq!(text.matches('w').count(), 12);
/// ```
pub fn board_text(rules: &Rules, pos: &Position) -> String {
    let mut out = rules.spec().geometry.diagram(|c| match pos.piece(c) {
        Some((side, kind)) => rules.piece_char(side, kind),
        None => '.',
    });
    let mut columns: Vec<(u16, Vec<(Side, u8)>)> =
        Side::BOTH.iter().flat_map(|&s| pos.pieces(s).iter()).map(|c| (c, pos.column(c))).filter(|(_, col)| col.len() > 1).collect();
    if !columns.is_empty() {
        columns.sort_by_key(|&(c, _)| (rules.cell_name(c).parse::<u32>().unwrap_or(0), rules.cell_name(c).to_string()));
        out.push_str("columns, top first:");
        for (c, col) in columns {
            let pieces: String = col.iter().map(|&(side, kind)| rules.piece_char(side, kind)).collect();
            out.push_str(&format!(" {} {pieces};", rules.cell_name(c)));
        }
        out.pop();
        out.push('\n');
    }
    out
}

/// Text made safe for XML, and so for SVG and HTML, in an element or in an attribute
/// quoted either way: `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`,
/// `&quot;` and `&#39;`. The pictures here and the charts of the designer's report
/// (polydame-report) write their text through it.
///
/// ```
/// use polydame::picture::escape_xml;
///
/// assert_eq!(escape_xml("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
/// assert_eq!(escape_xml("32x23"), "32x23");
/// ```
pub fn escape_xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
