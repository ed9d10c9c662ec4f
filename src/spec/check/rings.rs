//! `[board] rings`: closed chains of points around which moves go on (`cw`, `ccw`); and
//! `[board] links`: steps no line draws, which only the moves that say so take.

use super::Checker;
use super::board::square_of;
use crate::geometry::{Geometry, Line, Playable, Shape, square_name};
use crate::spec::diag::{Diagnostic, DiagnosticKind};
use crate::spec::raw::RawBoard;
use toml::Spanned;

/// The rings of a board of points, each its points in order, and where each was written.
pub(super) type Rings = (Vec<Vec<(i8, i8)>>, Vec<std::ops::Range<usize>>);

fn malformed(message: impl Into<String>, span: std::ops::Range<usize>, label: &str, help: &str) -> Diagnostic {
    Diagnostic::new(DiagnosticKind::Malformed, message, span, label).help(help)
}

impl Checker<'_> {
    /// The rings of `[board]`: each a chain of three points or more, closed (the first
    /// may be written again at the end), no point on two rings. Only boards of points
    /// along the grid have them.
    pub(super) fn rings(&mut self, raw: &Spanned<RawBoard>, shape: Shape) -> Option<Rings> {
        let board = raw.get_ref();
        let Some(list) = &board.rings else { return Some((Vec::new(), Vec::new())) };
        let Shape::Square { width, height, playable: Playable::Lines } = shape else { return Some((Vec::new(), Vec::new())) };
        if let Some(x) = &board.x {
            self.err(malformed(
                "rings are for boards of points along the grid",
                x.span(),
                "a board of points with `x` and `y`",
                "a ring needs its own two directions beside the sixteen of the compass, which leave none: draw the board on the grid, or its rings as lines",
            ));
            return None;
        }
        let full = Geometry::new(Shape::Square { width, height, playable: Playable::All });
        let (mut rings, mut spans) = (Vec::new(), Vec::new());
        for ring in list.get_ref() {
            let points: Result<Vec<(i8, i8)>, Diagnostic> =
                ring.get_ref().split('-').map(|n| square_of(n.trim(), &full, ring.span())).collect();
            let mut points = self.ok(points)?;
            if points.len() > 1 && points.first() == points.last() {
                points.pop();
            }
            let help = "name a ring's points in order around it, `c3-d3-e3-e4-e5-d5-c5-c4`: the last is joined to the first";
            if points.len() < 3 {
                self.err(malformed("a ring needs three points or more", ring.span(), "too few points", help));
                return None;
            }
            if let Some(p) = points.iter().enumerate().find_map(|(i, p)| points[..i].contains(p).then_some(*p)) {
                self.err(malformed(format!("{} is named twice in this ring", square_name(p)), ring.span(), "a point twice", help));
                return None;
            }
            let earlier: Vec<&(i8, i8)> = rings.iter().flatten().collect();
            if let Some(p) = points.iter().find(|p| earlier.contains(p)) {
                self.err(malformed(
                    format!("{} is on two rings", square_name(*p)),
                    ring.span(),
                    "a point of another ring",
                    "a point lies on one ring at most: around it, `cw` and `ccw` must each lead to one point",
                ));
                return None;
            }
            rings.push(points);
            spans.push(ring.span());
        }
        Some((rings, spans))
    }

    /// Refuses a ring whose point is no point of the board, and a step of a ring that a
    /// line also draws (the two would make the same step twice, around and along).
    pub(super) fn rings_drawn_once(&mut self, g: &Geometry, (rings, spans): &Rings) -> Option<()> {
        for (ring, span) in rings.iter().zip(spans) {
            if let Some(&p) = ring.iter().find(|&&p| g.cell_at(p).is_none()) {
                self.err(malformed(
                    format!("{} is not a point of the board", square_name(p)),
                    span.clone(),
                    "not a point",
                    "list it in `cells`, or take it out of the ring",
                ));
                return None;
            }
            for i in 0..ring.len() {
                let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                let (ca, cb) = (g.cell_at(a)?, g.cell_at(b)?);
                if (0..g.dirs().len()).any(|d| !g.is_around(d) && g.step(ca, d) == Some(cb)) {
                    self.err(malformed(
                        format!("the step {}-{} is both a ring's and a line's", square_name(a), square_name(b)),
                        span.clone(),
                        "drawn twice",
                        "draw it once: in the ring, where moves go on around it, or as a line, where they go on straight",
                    ));
                    return None;
                }
            }
        }
        Some(())
    }

    /// The links of `[board]`, on the board `g` of its points, lines and rings: each two
    /// points one step apart along a row, a column or a diagonal of the grid, with no point
    /// between them, in a direction in which neither has a line's step or another link.
    pub(super) fn links(&mut self, raw: &Spanned<RawBoard>, g: &Geometry) -> Option<Vec<Line>> {
        let Some(list) = &raw.get_ref().links else { return Some(Vec::new()) };
        let Shape::Square { width, height, playable: Playable::Lines } = g.shape() else { return Some(Vec::new()) };
        let full = Geometry::new(Shape::Square { width, height, playable: Playable::All });
        let (mut links, mut leaving): (Vec<Line>, Vec<(u16, usize)>) = (Vec::new(), Vec::new());
        for link in list.get_ref() {
            let ends: Result<Vec<(i8, i8)>, Diagnostic> =
                link.get_ref().split('-').map(|n| square_of(n.trim(), &full, link.span())).collect();
            let ends = self.ok(ends)?;
            let help = "a link joins two neighbouring points, `c1-b2`: along a row, a column or a diagonal of the grid, with no point between, where no line goes that way";
            let [a, b] = ends[..] else {
                self.err(malformed("a link joins two points", link.span(), "not two points", help));
                return None;
            };
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            if (dx, dy) == (0, 0) || dx != 0 && dy != 0 && dx.abs() != dy.abs() {
                self.err(malformed("a link runs along a row, a column or a diagonal of the grid", link.span(), "not straight", help));
                return None;
            }
            let Some((ca, cb)) = g.cell_at(a).zip(g.cell_at(b)) else {
                let p = if g.cell_at(a).is_none() { a } else { b };
                self.err(malformed(format!("{} is not a point of the board", square_name(p)), link.span(), "not a point", help));
                return None;
            };
            let unit = (dx.signum(), dy.signum());
            let between = (1..dx.abs().max(dy.abs())).map(|i| (a.0 + unit.0 * i, a.1 + unit.1 * i));
            if let Some(p) = between.into_iter().find(|&p| g.cell_at(p).is_some()) {
                self.err(malformed(format!("the link passes over the point {}", square_name(p)), link.span(), "a point between", help));
                return None;
            }
            let d = (0..g.dirs().len()).find(|&d| g.dirs()[d].step == unit && !g.is_around(d))?;
            let ways = [(ca, d), (cb, g.opposite(d))];
            if ways.iter().any(|&(c, d)| g.step(c, d).is_some() || leaving.contains(&(c, d))) {
                self.err(malformed(
                    format!("a line or a link already leaves {} or {} that way", square_name(a), square_name(b)),
                    link.span(),
                    "drawn twice",
                    help,
                ));
                return None;
            }
            links.push((a, b));
            leaving.extend(ways);
        }
        Some(links)
    }
}
