//! Text pictures of a board.

use super::{Geometry, Playable, Shape};

impl Geometry {
    /// Draws the board with one character per cell, White's side at the bottom.
    /// Square boards get column letters and row numbers; unplayable squares are blank.
    /// Hex boards put each zigzag half-row on a line, so that a cell's straight-up
    /// neighbour is two lines higher in the same text column. A board of points draws
    /// its lines between the points: `-`, `|`, `/`, `\\` and `X` where two diagonals cross.
    pub fn diagram(&self, cell_char: impl Fn(u16) -> char) -> String {
        let mut out = String::new();
        match self.shape() {
            Shape::Square { width, height, playable: Playable::Lines } => out = self.lines_diagram(width, height, cell_char),
            Shape::Square { width, height, .. } => {
                for y in (0..height as i8).rev() {
                    out.push_str(&format!("{:>2} ", y + 1));
                    for x in 0..width as i8 {
                        let ch = self.cell_at((x, y)).map_or(' ', &cell_char);
                        out.push(' ');
                        out.push(ch);
                    }
                    let trimmed = out.trim_end_matches(' ').len();
                    out.truncate(trimmed);
                    out.push('\n');
                }
                out.push_str("   ");
                for x in 0..width {
                    out.push(' ');
                    out.push_str(&super::column_name(x as i8));
                }
                out.push('\n');
            }
            Shape::Hex { side } => {
                out = self.hex_labelled(side, |c| cell_char(c).to_string());
                let last = super::square_name((2 * side as i8 - 2, 2 * side as i8 - 2));
                out.push_str(&format!("(a1 is the bottom corner, {last} the top; files lettered along the lower right, ranks numbered along the lower left; columns are vertical)\n"));
            }
        }
        out
    }

    /// The diagram of a board of points: a point every fourth column and every other
    /// line of text, the lines between them.
    fn lines_diagram(&self, width: u8, height: u8, cell_char: impl Fn(u16) -> char) -> String {
        let (cols, rows) = (4 * width as usize - 3, 2 * height as usize - 1);
        let mut text = vec![vec![' '; cols]; rows];
        let at = |(x, y): (i8, i8)| (4 * x as i32, 2 * (height as i32 - 1 - y as i32));
        for c in 0..self.len() as u16 {
            for d in 0..self.dirs().len() {
                // Each line between two points once, so that crossing diagonals make an X.
                let Some(n) = self.step(c, d).filter(|&n| n > c) else { continue };
                let ((x0, y0), (x1, y1)) = (at(self.coord(c)), at(self.coord(n)));
                let (sx, sy) = ((x1 - x0).signum(), (y1 - y0).signum());
                let mut put = |x: i32, y: i32, mark: char| {
                    // Inside the picture: a line ends at its points, which are.
                    let Some(ch) = usize::try_from(y)
                        .ok()
                        .and_then(|y| text.get_mut(y))
                        .and_then(|l| usize::try_from(x).ok().and_then(|x| l.get_mut(x)))
                    else {
                        return;
                    };
                    *ch = if matches!((*ch, mark), ('/', '\\') | ('\\', '/')) { 'X' } else { mark };
                };
                let mark = if sx == sy { '\\' } else { '/' };
                match (sx, sy) {
                    (_, 0) => (x0.min(x1) + 1..x0.max(x1)).for_each(|x| put(x, y0, '-')),
                    (0, _) => (y0.min(y1) + 1..y0.max(y1)).for_each(|y| put(x0, y, '|')),
                    // A diagonal unit step crosses one line of text, at its middle column.
                    _ if (x1 - x0).abs() == 2 * (y1 - y0).abs() => {
                        for i in 0..(x1 - x0).abs() / 4 {
                            put(x0 + sx * (4 * i + 2), y0 + sy * (2 * i + 1), mark);
                        }
                    }
                    // Another slope (a board with `x` and `y`): a mark on each line of text
                    // it crosses, where it crosses it.
                    _ => {
                        for y in y0.min(y1) + 1..y0.max(y1) {
                            let x = x0 + ((x1 - x0) * (y - y0) + (y1 - y0) / 2) / (y1 - y0);
                            put(x, y, mark);
                        }
                    }
                }
            }
        }
        for c in 0..self.len() as u16 {
            let (x, y) = at(self.coord(c));
            text[y as usize][x as usize] = cell_char(c);
        }
        let mut out = String::new();
        for (i, line) in text.iter().enumerate() {
            let label = if i % 2 == 0 { format!("{:>2} ", height as usize - i / 2) } else { "   ".to_string() };
            let line: String = line.iter().collect();
            out.push_str(format!("{label} {line}").trim_end());
            out.push('\n');
        }
        out.push_str("   ");
        // Each column's name under its points, ending where the point stands.
        for x in 0..width {
            let name = super::column_name(x as i8);
            out.push_str(&format!("{name:>w$}", w = if x == 0 { 2 } else { 4 }));
        }
        out.push('\n');
        out
    }

    /// A hex board's cells as text, each cell's `text` three columns after the one to its
    /// lower left: each zigzag half-row on a line, so that a cell's straight-up neighbour
    /// is two lines higher in the same text column.
    fn hex_text(&self, side: u8, text: impl Fn(u16) -> String) -> String {
        let s = side as i32;
        let mut out = String::new();
        for h in (0..4 * s - 3).rev() {
            let mut line: Vec<char> = Vec::new();
            for c in (0..self.len() as u16).filter(|&c| (self.coord(c).0 + self.coord(c).1) as i32 == h) {
                let (f, r) = self.coord(c);
                let at = ((f - r) as i32 + s - 1) as usize * 3 + 1;
                let t: Vec<char> = text(c).chars().collect();
                if line.len() < at + t.len() {
                    line.resize(at + t.len(), ' ');
                }
                line[at..at + t.len()].copy_from_slice(&t);
            }
            if !line.is_empty() {
                out.push_str(line.iter().collect::<String>().trim_end());
                out.push('\n');
            }
        }
        out
    }

    /// [`Geometry::hex_text`] with coordinates: each file's letter below and to the right
    /// of its lowest cell, each rank's number below and to the left of its lowest cell
    /// (along the board's two lower edges, and up its sides), where no cell is.
    fn hex_labelled(&self, side: u8, text: impl Fn(u16) -> String) -> String {
        let s = side as i32;
        let cells = self.hex_text(side, text);
        // The lines of the picture, the top first, and one more below for the labels.
        // Three columns on the left for the ranks' numbers up the left side.
        let mut lines: Vec<Vec<char>> = cells.lines().map(|l| "   ".chars().chain(l.chars()).collect()).collect();
        lines.push(Vec::new());
        let rows = 4 * s - 3;
        let mut put = |h: i32, at: i32, label: &str| {
            let (Ok(line), Ok(at)) = (usize::try_from(rows - 1 - h), usize::try_from(at)) else { return };
            let Some(l) = lines.get_mut(line) else { return };
            let t: Vec<char> = label.chars().collect();
            if l.len() < at + t.len() {
                l.resize(at + t.len(), ' ');
            }
            if l[at..at + t.len()].iter().all(|&c| c == ' ') {
                l[at..at + t.len()].copy_from_slice(&t);
            }
        };
        let column = |f: i32, r: i32| (f - r + s - 1) * 3 + 4;
        for i in 0..2 * s - 1 {
            // File i's lowest cell, and rank i's.
            let (f, r) = (i, (i - (s - 1)).max(0));
            put(f + r - 1, column(f, r) + 2, &super::column_name(i as i8));
            let (f, r) = ((i - (s - 1)).max(0), i);
            let number = (i + 1).to_string();
            put(f + r - 1, column(f, r) - 1 - number.len() as i32, &number);
        }
        let mut out = String::new();
        for l in lines {
            let line: String = l.into_iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The names of a board's cells where its diagram has its pieces: on a square board
    /// each right-aligned in a field as wide as the longest, unplayable squares blank,
    /// White's side at the bottom (the key to a diagram of a numbered board); on a hex
    /// board each where the diagram has its cell. `None` for boards of points, whose
    /// diagram names its columns and rows.
    pub fn name_grid(&self, name: impl Fn(u16) -> String) -> Option<String> {
        let (width, height) = match self.shape() {
            Shape::Hex { side } => return Some(self.hex_text(side, name)),
            Shape::Square { playable: Playable::Lines, .. } => return None,
            Shape::Square { width, height, .. } => (width, height),
        };
        let w = (0..self.len() as u16).map(|c| name(c).len()).max().unwrap_or(1);
        let mut out = String::new();
        for y in (0..height as i8).rev() {
            let mut line = String::new();
            for x in 0..width as i8 {
                let text = self.cell_at((x, y)).map_or_else(String::new, &name);
                line.push_str(&format!(" {text:>w$}"));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        Some(out)
    }
}
