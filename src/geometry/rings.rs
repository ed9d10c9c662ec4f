//! Rings of a board of points: closed chains around which moves go on (`cw`, `ccw`).

use super::{Direction, Geometry};

impl Geometry {
    /// Whether `dir` goes around rings (`cw`, `ccw`): it has no bearing in the picture,
    /// and the half turn keeps it.
    pub fn is_around(&self, dir: usize) -> bool {
        self.dirs[dir].plane == (0, 0)
    }

    /// The board with rings added ([`Geometry::with_lines`] boards only): each a closed
    /// chain of points, the last joined to the first, along which a move goes on around
    /// the ring however it turns. Two directions are added, `cw` and `ccw`: clockwise and
    /// counterclockwise in the picture, whatever order a ring is written in. A point lies
    /// on one ring at most (the variant checker makes sure of it, and that each ring has
    /// three points or more, all of them points of the board).
    pub fn with_rings(mut self, rings: &[Vec<(i8, i8)>]) -> Geometry {
        if rings.is_empty() {
            return self;
        }
        let old = self.dirs.len();
        self.dirs.push(Direction { name: "cw", step: (0, 0), plane: (0, 0) });
        self.dirs.push(Direction { name: "ccw", step: (0, 0), plane: (0, 0) });
        let (off, nd) = (self.off(), self.dirs.len());
        let mut table = vec![off; (self.coords.len() + 1) * nd];
        for c in 0..self.coords.len() {
            table[c * nd..c * nd + old].copy_from_slice(&self.neighbour[c * old..c * old + old]);
        }
        for ring in rings {
            // Twice the signed area: positive when the ring is written counterclockwise.
            let area: i32 = (0..ring.len())
                .map(|i| {
                    let (a, b) = (ring[i], ring[(i + 1) % ring.len()]);
                    a.0 as i32 * b.1 as i32 - b.0 as i32 * a.1 as i32
                })
                .sum();
            let (forth, back) = if area > 0 { (old + 1, old) } else { (old, old + 1) };
            for i in 0..ring.len() {
                let (Some(a), Some(b)) = (self.cell_at(ring[i]), self.cell_at(ring[(i + 1) % ring.len()])) else { continue };
                table[a as usize * nd + forth] = b;
                table[b as usize * nd + back] = a;
            }
        }
        self.neighbour = table;
        self.rings = rings.to_vec();
        self
    }

    /// The rings of a board of points, each its points in the order written.
    pub fn rings(&self) -> &[Vec<(i8, i8)>] {
        &self.rings
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Playable, Shape};

    #[test]
    fn rings_go_around_clockwise_whatever_order_they_are_written_in() {
        let shape = Shape::Square { width: 3, height: 3, playable: Playable::Lines };
        let lines = [((1, 0), (1, 2))];
        // Counterclockwise from the west, and the same ring clockwise from the north.
        let ccw = vec![(0, 1), (1, 0), (2, 1), (1, 2)];
        let cw = vec![(1, 2), (2, 1), (1, 0), (0, 1)];
        for ring in [ccw, cw] {
            let g = Geometry::with_lines(shape, &[], &lines).with_rings(std::slice::from_ref(&ring));
            let (west, north) = (g.cell_at((0, 1)).unwrap(), g.cell_at((1, 2)).unwrap());
            let (c, a) = (g.dir_index("cw").unwrap(), g.dir_index("ccw").unwrap());
            assert_eq!(g.step(west, c), Some(north));
            assert_eq!(g.step(north, a), Some(west));
            assert_eq!((g.opposite(c), g.opposite(a)), (a, c));
            assert!(g.is_around(c) && !g.is_around(g.dir_index("n").unwrap()));
            // The ring's points are points though no line passes through the west one.
            assert_eq!(g.rings(), [ring]);
        }
    }
}
