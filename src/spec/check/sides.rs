//! `[sides]`: who moves first and which way is forward.

use super::{Checker, one_of};
use crate::geometry::Geometry;
use crate::spec::checked::Side;
use crate::spec::raw::RawSides;
use toml::Spanned;

/// What `[sides]` says, with the defaults filled in.
pub(super) struct Sides {
    pub first: Side,
    /// Forward direction index per side.
    pub forward: [usize; 2],
}

impl Sides {
    /// White moves first; White's forward is `n`, Black's `s`.
    fn default_for(g: &Geometry) -> Sides {
        let (n, s) = (g.dir_index("n").expect("every shape has n"), g.dir_index("s").expect("every shape has s"));
        Sides { first: Side::White, forward: [n, s] }
    }
}

impl Checker<'_> {
    /// `[sides]`, or the defaults when the table is absent; a bad key keeps its default.
    pub(super) fn sides(&mut self, raw: Option<&Spanned<RawSides>>, g: &Geometry) -> Sides {
        let mut sides = Sides::default_for(g);
        let Some(s) = raw.map(Spanned::get_ref) else { return sides };
        if let Some(f) = &s.first {
            let r = one_of(f, &[("white", Side::White), ("black", Side::Black)], "side");
            if let Some(v) = self.ok(r) {
                sides.first = v;
            }
        }
        let names: Vec<(&str, usize)> = g.dirs().iter().enumerate().map(|(i, d)| (d.name, i)).collect();
        if let Some(f) = &s.white_forward {
            let r = one_of(f, &names, "direction");
            if let Some(d) = self.ok(r) {
                sides.forward = [d, g.opposite(d)];
            }
        }
        if let Some(f) = &s.black_forward {
            let r = one_of(f, &names, "direction");
            if let Some(d) = self.ok(r) {
                sides.forward[1] = d;
            }
        }
        sides
    }
}
