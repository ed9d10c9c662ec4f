//! A bit layout of a board in which every direction is one shift.
//!
//! Cells are laid out by their place in a plane picture of the board, row by row from
//! White's side: on a board of squares the picture is the board itself; on a hex board
//! it is the picture of flat-topped columns, where the straight-up neighbour is two
//! half-rows higher. When every cell has the same colour in the picture (dark squares,
//! hexagons), two picture rows share one row of bits, as in the "ghost square" layouts of
//! dedicated draughts engines, so a 10x10 board of dark squares takes 55 bits and an
//! 8x8 board of all squares 64. A step in a direction is then the same shift from every
//! cell that has a neighbour there; a mask of those cells keeps steps from wrapping
//! round the board's edge. Bit order follows cell order, so iterating a bit set visits
//! cells in increasing order.

use super::{Geometry, MAX_DIRS, Shape};

/// The most bits a layout may use (the engine's widest bit set).
pub const LAYOUT_BITS: usize = 128;

/// The bit layout of a board; see the module docs.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Bit of each cell.
    pub bit: Vec<u8>,
    /// Cell of each bit, for bits that are cells.
    pub cell: Vec<u16>,
    /// Per direction, the left shift and the right shift (one of them zero) that step a
    /// set of cells in that direction.
    pub shl: [u32; MAX_DIRS],
    pub shr: [u32; MAX_DIRS],
    /// Per direction, the cells that have a neighbour in that direction.
    pub from: [u128; MAX_DIRS],
    /// Per direction, the cells two steps from the edge in that direction: a shift by
    /// twice the step takes them to the cell beyond their neighbour.
    pub from2: [u128; MAX_DIRS],
    /// Every cell.
    pub cells: u128,
    /// Number of bits from the lowest cell to the highest.
    pub width: u32,
}

/// Why a board has no bit layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutRefusal {
    /// Its cells do not fit the widest bit set, 128 bits.
    Wide,
    /// It has more than eight directions (lines at other slopes than the grid's).
    Slopes,
    /// It has rings: a step around a ring is no shift.
    Rings,
    /// A direction's step is not one shift from every cell.
    Uneven,
}

impl LayoutRefusal {
    /// Every reason, in the order the manual lists them.
    pub const ALL: [LayoutRefusal; 4] = [LayoutRefusal::Wide, LayoutRefusal::Slopes, LayoutRefusal::Rings, LayoutRefusal::Uneven];

    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            LayoutRefusal::Wide => "the board takes more than 128 bits",
            LayoutRefusal::Slopes => "its lines run at slopes other than the grid's, in more than eight directions",
            LayoutRefusal::Rings => "it has rings (`cw`, `ccw`): a step around a ring is not one shift",
            LayoutRefusal::Uneven => {
                "a direction's step is not the same shift from every cell: some lines skip grid positions, others do not"
            }
        }
    }
}

impl std::fmt::Display for LayoutRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

/// Place of a cell in the plane picture: (column, row).
fn picture(shape: Shape, (x, y): (i8, i8)) -> (i32, i32) {
    match shape {
        Shape::Square { .. } => (x as i32, y as i32),
        Shape::Hex { .. } => (x as i32 - y as i32, x as i32 + y as i32),
    }
}

impl Layout {
    /// The layout of a board, or `None` when it has none (see [`Layout::refusal`]).
    pub fn new(g: &Geometry) -> Option<Layout> {
        Layout::build(g).ok()
    }

    /// Why a board has no layout; `None` when it has one.
    pub fn refusal(g: &Geometry) -> Option<LayoutRefusal> {
        Layout::build(g).err()
    }

    /// The layout, or why there is none: the board takes more than [`LAYOUT_BITS`] bits,
    /// or a direction's step is not the same shift from every cell (a board of points
    /// whose lines skip positions of the grid in some places and not in others).
    fn build(g: &Geometry) -> Result<Layout, LayoutRefusal> {
        const WIDE: LayoutRefusal = LayoutRefusal::Wide;
        if (0..g.dirs().len()).any(|d| g.is_around(d)) {
            return Err(LayoutRefusal::Rings);
        }
        if g.dirs().len() > 8 {
            return Err(LayoutRefusal::Slopes);
        }
        let pics: Vec<(i32, i32)> = (0..g.len() as u16).map(|c| picture(g.shape(), g.coord(c))).collect();
        let x0 = pics.iter().map(|p| p.0).min().ok_or(WIDE)?;
        let y0 = pics.iter().map(|p| p.1).min().ok_or(WIDE)?;
        let span = pics.iter().map(|p| p.0).max().ok_or(WIDE)? - x0 + 1;
        let one_colour = pics.iter().all(|&(x, y)| (x + y - pics[0].0 - pics[0].1) % 2 == 0);
        let index: Vec<i32> = if one_colour {
            // An odd row length keeps every cell's position even (or every one odd), so
            // halving it is one to one.
            let row = span | 1;
            let odd = ((pics[0].1 - y0) * row + pics[0].0 - x0) & 1;
            pics.iter().map(|&(x, y)| ((y - y0) * row + x - x0 + odd) / 2).collect()
        } else {
            pics.iter().map(|&(x, y)| (y - y0) * span + x - x0).collect()
        };
        let low = *index.iter().min().ok_or(WIDE)?;
        let index: Vec<i32> = index.iter().map(|i| i - low).collect();
        let width = *index.iter().max().ok_or(WIDE)? as u32 + 1;
        if width as usize > LAYOUT_BITS || index.windows(2).any(|w| w[0] >= w[1]) {
            return Err(WIDE);
        }
        let mut cell = vec![g.off(); width as usize];
        for (c, &i) in index.iter().enumerate() {
            cell[i as usize] = c as u16;
        }
        let mut layout = Layout {
            bit: index.iter().map(|&i| i as u8).collect(),
            cell,
            shl: [0; MAX_DIRS],
            shr: [0; MAX_DIRS],
            from: [0; MAX_DIRS],
            from2: [0; MAX_DIRS],
            cells: index.iter().fold(0, |s, &i| s | 1 << i),
            width,
        };
        for d in 0..g.dirs().len() {
            let mut shift = None;
            for c in 0..g.len() as u16 {
                let Some(n) = g.step(c, d) else { continue };
                let s = index[n as usize] - index[c as usize];
                if *shift.get_or_insert(s) != s {
                    return Err(LayoutRefusal::Uneven);
                }
                layout.from[d] |= 1 << index[c as usize];
                if g.step(n, d).is_some() {
                    layout.from2[d] |= 1 << index[c as usize];
                }
            }
            let s = shift.unwrap_or(0);
            (layout.shl[d], layout.shr[d]) = if s >= 0 { (s as u32, 0) } else { (0, -s as u32) };
        }
        Ok(layout)
    }

    /// The set of a cell's bit.
    pub fn cell_bit(&self, cell: u16) -> u128 {
        1 << self.bit[cell as usize]
    }

    /// Steps every cell of `set` that has a neighbour in direction `d` to that neighbour:
    /// the shift the fast path's bit sets make (`FastRules::step`), checked here against the
    /// neighbour table.
    #[cfg(test)]
    pub fn step(&self, set: u128, d: usize) -> u128 {
        ((set & self.from[d]) << self.shl[d]) >> self.shr[d]
    }

    /// Steps every cell of `set` two cells on in direction `d`, where there are two (the
    /// fast path's jump test, with `from2`).
    #[cfg(test)]
    pub fn step2(&self, set: u128, d: usize) -> u128 {
        ((set & self.from2[d]) << (2 * self.shl[d])) >> (2 * self.shr[d])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Playable;

    fn shapes() -> Vec<Shape> {
        let mut v = vec![];
        for (w, h) in [(8, 8), (10, 10), (12, 12), (14, 14), (6, 6), (10, 8), (8, 10), (10, 11), (12, 10), (7, 9), (9, 7)] {
            for a1_dark in [true, false] {
                v.push(Shape::Square { width: w, height: h, playable: Playable::Dark { a1_dark } });
            }
            if w * h <= 128 {
                v.push(Shape::Square { width: w, height: h, playable: Playable::All });
            }
        }
        v.extend((2..=5).map(|side| Shape::Hex { side }));
        v
    }

    #[test]
    fn every_step_is_one_shift() {
        for shape in shapes() {
            let g = Geometry::new(shape);
            let l = Layout::new(&g).unwrap_or_else(|| panic!("{shape:?} has a layout"));
            for c in 0..g.len() as u16 {
                assert_eq!(l.cell[l.bit[c as usize] as usize], c);
                for d in 0..g.dirs().len() {
                    let stepped = l.step(l.cell_bit(c), d);
                    let expected = g.step(c, d).map_or(0, |n| l.cell_bit(n));
                    assert_eq!(stepped, expected, "{shape:?} cell {c} dir {}", g.dirs()[d].name);
                    let twice = g.step(c, d).and_then(|n| g.step(n, d)).map_or(0, |n| l.cell_bit(n));
                    assert_eq!(l.step2(l.cell_bit(c), d), twice, "{shape:?} cell {c} two steps {}", g.dirs()[d].name);
                }
            }
        }
    }

    #[test]
    fn widths() {
        let width = |shape| Layout::new(&Geometry::new(shape)).map(|l| l.width);
        let dark = Playable::Dark { a1_dark: true };
        assert_eq!(width(Shape::Square { width: 10, height: 10, playable: dark }), Some(55));
        assert_eq!(width(Shape::Square { width: 8, height: 8, playable: dark }), Some(36));
        assert_eq!(width(Shape::Square { width: 8, height: 8, playable: Playable::All }), Some(64));
        assert_eq!(width(Shape::Hex { side: 5 }), Some(73));
        assert_eq!(width(Shape::Hex { side: 4 }), Some(43));
        assert_eq!(width(Shape::Square { width: 16, height: 16, playable: dark }), None);
        assert_eq!(width(Shape::Square { width: 12, height: 12, playable: Playable::All }), None);
    }
}
