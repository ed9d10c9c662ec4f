//! The lines the search expects (principal variations), one per ply, kept in place so
//! that the search allocates nothing once they have grown: the line of a ply is its best
//! move so far followed by the line of the ply below.

use crate::engine::{MoveInfo, MoveRef};

/// Per ply, its line and the line's length.
#[derive(Default)]
pub(super) struct Lines {
    moves: Vec<Vec<MoveInfo>>,
    lens: Vec<usize>,
}

impl Lines {
    /// Makes room for `ply` and empties its line (a node starts with no line).
    pub fn clear(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.lens.push(0);
        }
        self.lens[ply] = 0;
    }

    /// The line of `ply` becomes `m` and then the line of the ply below.
    pub fn set(&mut self, ply: usize, m: MoveRef) {
        let below = self.lens[ply + 1];
        let (upper, lower) = self.moves.split_at_mut(ply + 1);
        let (line, rest) = (&mut upper[ply], &lower[0][..below]);
        while line.len() < below + 1 {
            line.push(MoveInfo {
                from: 0,
                to: 0,
                path: Vec::new(),
                captured: Vec::new(),
                removed: Vec::new(),
                kind_before: 0,
                kind_after: 0,
                drop: false,
            });
        }
        m.info_into(&mut line[0]);
        for (to, from) in line[1..].iter_mut().zip(rest) {
            copy(from, to);
        }
        self.lens[ply] = below + 1;
    }

    /// The line of `ply`.
    pub fn get(&self, ply: usize) -> &[MoveInfo] {
        &self.moves[ply][..self.lens[ply]]
    }
}

/// `from` copied into `to`, reusing `to`'s vectors.
fn copy(from: &MoveInfo, to: &mut MoveInfo) {
    to.from = from.from;
    to.to = from.to;
    to.path.clear();
    to.path.extend_from_slice(&from.path);
    to.captured.clear();
    to.captured.extend_from_slice(&from.captured);
    to.removed.clear();
    to.removed.extend_from_slice(&from.removed);
    to.kind_before = from.kind_before;
    to.kind_after = from.kind_after;
    to.drop = from.drop;
}
