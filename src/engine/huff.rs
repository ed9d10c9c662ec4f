//! Huffing (`[capture] huff`): a side that moves without capturing, though it could,
//! loses the pieces that could have made one of its best captures: at the end of that
//! move, or when the opponent takes one of them off before its next move.

use super::moves::{Move, MoveList, Routes};
use super::position::{NO_CELL, Position};
use crate::compile::{Rules, code, kind_of, side_of};
use crate::geometry::CellSet;
use crate::spec::Huff;

impl Position {
    /// Adds huffing to the legal moves in `list` (generated in this position): each move
    /// that does not capture, though the side could, takes off the pieces that could have
    /// made a best capture, or marks them for the opponent; and with the opponent's
    /// removal, each legal move after taking off one of [`Position::huffable`] is a move
    /// too.
    pub(super) fn add_huffing(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        list.huff_before = self.huff;
        let best = self.best_capturers(rules, list);
        let at_once = rules.capture.huff == Huff::RemovedAtOnce;
        let spared = if rules.capture.huff_spares_last_landing { self.last_landing[self.side] } else { NO_CELL };
        for i in 0..list.moves.len() {
            let m = list.moves[i];
            if m.ncap == 0 && m.from != super::MoveInfo::PASS && !best.is_empty() && m.to != spared {
                let cap_start = list.caps.len() as u32;
                let n = self.push_moved(list, &m, best);
                let m = &mut list.moves[i];
                m.cap_start = cap_start;
                if at_once { m.nrem = n } else { m.nmark = n }
            }
        }
        if rules.capture.huff == Huff::OpponentRemovesOne && !self.huff.is_empty() {
            self.add_removals(rules, list, routes);
        }
    }

    /// The cells of the pieces whose captures in `list` rank best among them all by the
    /// variant's precedence (any capture without one).
    fn best_capturers(&self, rules: &Rules, list: &MoveList) -> CellSet {
        let mut best: Option<u128> = None;
        let mut cells = CellSet::EMPTY;
        for m in list.iter() {
            if m.captures() == 0 {
                continue;
            }
            let key = rules.rank.of(m.kind_before() as usize, m.captured_pieces().iter().map(|&(_, pc)| kind_of(pc) as usize));
            if best.is_none_or(|b| key > b) {
                best = Some(key);
                cells = CellSet::EMPTY;
            }
            if best == Some(key) {
                cells.insert(m.from());
            }
        }
        cells
    }

    /// Stores `cells` (the mover's pieces) in `list.caps` as they stand after `m`, the
    /// moved piece on its destination, in the order of their cells. How many.
    fn push_moved(&self, list: &mut MoveList, m: &Move, cells: CellSet) -> u8 {
        let start = list.caps.len();
        for c in cells.iter() {
            let entry = if c == m.from { (m.to, code(self.side, m.kind_after)) } else { (c, self.board[c]) };
            list.caps.push(entry);
        }
        list.caps[start..].sort_unstable_by_key(|&(c, _)| c);
        (list.caps.len() - start).min(u8::MAX as usize) as u8
    }

    /// The opponent's removal: for each piece of [`Position::huffable`], the legal moves
    /// once it is taken off, each taking it.
    fn add_removals(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        let mut scratch = list.scratch.take().unwrap_or_default();
        let had_pass = list.moves.len() == 1 && list.get(0).is_pass();
        let first_removal = list.moves.len();
        let them = self.side.other();
        for h in self.huff.iter() {
            if self.board[h] == crate::compile::EMPTY || side_of(self.board[h]) != them as u8 {
                continue;
            }
            let pc = self.take_off(rules, h);
            self.generate_plain(rules, &mut scratch, routes);
            let best = self.best_capturers(rules, &scratch);
            for m in scratch.iter().filter(|m| !m.is_pass()) {
                let s = *m.stored();
                if routes == Routes::Distinct && Self::removed_alike(list, first_removal, &s, m.captured_pieces(), h) {
                    continue;
                }
                let cap_start = list.caps.len() as u32;
                list.caps.extend_from_slice(m.captured_pieces());
                list.caps.push((h, pc));
                let nmark = if s.ncap == 0 { self.push_moved(list, &s, best) } else { 0 };
                let path_start = list.path.len() as u32;
                if s.ncap > 0 {
                    list.path.extend_from_slice(m.path());
                }
                list.moves.push(Move { cap_start, path_start, nrem: 1, nmark, ..s });
            }
            self.put(rules, h, them, kind_of(pc));
        }
        if had_pass && list.moves.len() > 1 {
            list.moves.remove(0);
        }
        list.scratch = Some(scratch);
    }

    /// Whether a move with the removal of another piece, stored in `list` from
    /// `first_removal` on, has the result of `s` (capturing `captured`) with `h` taken
    /// off: the same origin, destination and kind after, and the same pieces taken off.
    /// Taking `h` off and capturing `c`, or taking `c` off and capturing `h`, leave the
    /// same position; [`Routes::Distinct`] makes them one move. (A move that does not
    /// capture takes off its removed piece alone: no other removal is alike.)
    fn removed_alike(list: &MoveList, first_removal: usize, s: &Move, captured: &[(u16, u8)], h: u16) -> bool {
        if s.ncap == 0 {
            return false;
        }
        let taken = |cells: &mut dyn Iterator<Item = u16>| {
            let mut set = CellSet::EMPTY;
            cells.for_each(|c| set.insert(c));
            set
        };
        let ours = taken(&mut captured.iter().map(|c| c.0).chain(std::iter::once(h)));
        list.moves[first_removal..].iter().any(|t| {
            t.from == s.from
                && t.to == s.to
                && t.kind_after == s.kind_after
                && t.ncap == s.ncap
                && taken(&mut list.caps[t.cap_start as usize..t.cap_start as usize + t.ncap as usize + 1].iter().map(|c| c.0)) == ours
        })
    }
}
