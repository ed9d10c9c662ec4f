//! Links of a board of points: steps between neighbouring points that no line draws, which
//! only the moves that say so use (`step(..., along = links)`).

use super::{Geometry, Line};

impl Geometry {
    /// The board with links added ([`Geometry::with_lines`] boards only, after any rings):
    /// each joins two points one step apart in a compass direction in which neither has a
    /// line's step (the variant checker makes sure of it). A link is no line: a step along
    /// it is [`Geometry::link_step`], which only the moves that ask for links take.
    pub fn with_links(mut self, links: &[Line]) -> Geometry {
        if links.is_empty() {
            return self;
        }
        let (off, nd) = (self.off(), self.dirs.len());
        let mut table = vec![off; (self.coords.len() + 1) * nd];
        for &(a, b) in links {
            let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
            let (Some(ca), Some(cb)) = (self.cell_at(a), self.cell_at(b)) else { continue };
            let Some(d) = (0..self.dirs.len()).find(|&d| self.dirs[d].step == step && !self.is_around(d)) else { continue };
            let back = self.opposite(d);
            table[ca as usize * nd + d] = cb;
            table[cb as usize * nd + back] = ca;
        }
        self.links = (links.to_vec(), table);
        self
    }

    /// The links of a board of points, each as its two ends.
    pub fn links(&self) -> &[Line] {
        &self.links.0
    }

    /// The point that a link joins to `cell` in direction `dir`, if one does.
    pub fn link_step(&self, cell: u16, dir: usize) -> Option<u16> {
        let n = *self.links.1.get(cell as usize * self.dirs.len() + dir)?;
        (n != self.off()).then_some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Playable, Shape};

    #[test]
    fn a_link_is_a_step_only_link_steps_take() {
        let shape = Shape::Square { width: 3, height: 3, playable: Playable::Lines };
        let lines = [((0, 0), (2, 0)), ((0, 0), (0, 2)), ((1, 0), (1, 2))];
        let g = Geometry::with_lines(shape, &[], &lines).with_links(&[((1, 0), (0, 1))]);
        let (b1, a2) = (g.cell_at((1, 0)).unwrap(), g.cell_at((0, 1)).unwrap());
        let nw = g.dir_index("nw").unwrap();
        assert_eq!(g.step(b1, nw), None);
        assert_eq!(g.link_step(b1, nw), Some(a2));
        assert_eq!(g.link_step(a2, g.opposite(nw)), Some(b1));
        assert_eq!(g.links(), [((1, 0), (0, 1))]);
    }
}
