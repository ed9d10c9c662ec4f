//! Storing a capture the search found: ranking it by the precedence criteria, and
//! keeping one move per distinct result (or per route).

use super::CaptureSearch;
use crate::compile::{DEAD, kind_of};
use crate::engine::moves::{Move, MoveList};

impl<const COLUMNS: bool> CaptureSearch<'_, COLUMNS> {
    fn key(&self) -> u128 {
        self.rules.rank.of(self.start_kind as usize, self.list.stack.iter().map(|&(_, pc)| kind_of(pc) as usize))
    }

    /// Whether the capture found now ranks among the best so far (clearing the list when
    /// it is better than them all).
    fn ranks_among_best(&mut self) -> bool {
        if !self.ranked {
            return true;
        }
        let key = self.key();
        let list = &mut *self.list;
        if !list.has_best {
            list.has_best = true;
            list.best = key;
            return true;
        }
        match key.cmp(&list.best) {
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Greater => {
                list.forget_index();
                let [moves, caps, path, counted] = list.floor;
                list.moves.truncate(moves);
                list.caps.truncate(caps);
                list.path.truncate(path);
                list.counted = counted;
                list.best = key;
                true
            }
            std::cmp::Ordering::Equal => true,
        }
    }

    /// A complete capture ending on `to`, its piece then of kind `kind_after`: ranked by
    /// the precedence, and stored unless it is stored already.
    pub(super) fn store_capture(&mut self, to: u16, kind_after: u8) {
        if !self.ranks_among_best() {
            return;
        }
        if self.count_only {
            self.list.counted += 1;
            return;
        }
        let r = self.rules;
        let h = self.list.stack.iter().fold(0u64, |h, &(c, _)| h ^ r.cell_keys[c as usize]);
        // Few moves are compared one by one; many through a hash index of them, so that a
        // position with thousands of captures is not searched in quadratic time.
        let indexed = self.list.moves.len() >= INDEX_FROM;
        if indexed {
            self.list.update_index(self.every_route);
        }
        if self.already_stored(to, kind_after, h, indexed) {
            return;
        }
        let list = &mut *self.list;
        let m = Move {
            from: self.from,
            to,
            kind_before: self.start_kind,
            kind_after,
            cap_start: list.caps.len() as u32,
            ncap: list.stack.len() as u16,
            path_start: list.path.len() as u32,
            npath: list.trail.len() as u16,
            key: h,
            nrem: 0,
            nmark: 0,
            placed: 0,
            again: false,
        };
        list.caps.extend(list.stack.iter().map(|&(c, pc)| (c, pc & !DEAD)));
        list.path.extend_from_slice(&list.trail);
        list.moves.push(m);
        if let Some(zone) = self.cap.cleared {
            record_cleared(list, self.us, zone, to, kind_after);
        }
        if indexed {
            list.update_index(self.every_route);
        }
    }

    /// Whether the capture found now (ending on `to` as `kind_after`, its captured cells'
    /// key `h`) is stored already: the same route, or with [`Routes::Distinct`](crate::Routes)
    /// the same result. The comparisons count against the budget.
    fn already_stored(&mut self, to: u16, kind_after: u8, h: u64, indexed: bool) -> bool {
        let list = &*self.list;
        let ncap = list.stack.len();
        let same = |m: &Move| m.from == self.from && m.to == to && m.key == h && m.ncap as usize == ncap && m.kind_after == kind_after;
        let duplicate = |m: &Move| {
            same(m)
                && if self.every_route {
                    // Two capture rules may find the same route: it is one route. A route is
                    // its landings and, at each, the pieces taken (an approach and a
                    // withdrawal may land alike and take differently).
                    list.path[m.path_start as usize..m.path_start as usize + m.npath as usize] == *list.trail.as_slice()
                        && list.caps[m.cap_start as usize..m.cap_start as usize + ncap]
                            .iter()
                            .map(|c| c.0)
                            .eq(list.stack.iter().map(|s| s.0))
                } else {
                    // The same cells taken: without columns, equal counts and one set
                    // within the other are enough; with columns a cell may be jumped more
                    // than once, and each cell must be jumped as often.
                    let theirs = &list.caps[m.cap_start as usize..m.cap_start as usize + ncap];
                    if COLUMNS {
                        let times = |cells: &mut dyn Iterator<Item = u16>, c: u16| cells.filter(|&x| x == c).count();
                        list.stack
                            .iter()
                            .all(|s| times(&mut list.stack.iter().map(|t| t.0), s.0) == times(&mut theirs.iter().map(|t| t.0), s.0))
                    } else {
                        theirs.iter().all(|c| list.stack.iter().any(|s| s.0 == c.0))
                    }
                }
        };
        let (found, probes) = if indexed {
            let path = if self.every_route { path_hash(&list.trail) } else { 0 };
            list.probe(slot_hash(self.from, to, h ^ path, kind_after), duplicate)
        } else {
            (list.moves.iter().any(duplicate), list.moves.len())
        };
        self.list.steps += probes as u64 / 8;
        found
    }
}

/// How many stored moves a search compares one by one before it indexes them.
const INDEX_FROM: usize = 32;

/// The hash of a capture's origin, destination, captured-cell key and kind after, that
/// places it in the index.
fn slot_hash(from: u16, to: u16, key: u64, kind_after: u8) -> u64 {
    (key ^ (from as u64) << 48 ^ (to as u64) << 32 ^ kind_after as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A hash of a capture's landing cells, for telling routes apart.
fn path_hash(path: &[u16]) -> u64 {
    path.iter().fold(0u64, |h, &c| (h ^ c as u64).wrapping_mul(0x100_0000_01B3))
}

impl MoveList {
    /// The index hash of a stored move; `routes`: routes are told apart (by their path).
    fn hash_of(&self, m: &Move, routes: bool) -> u64 {
        let path = if routes { path_hash(&self.path[m.path_start as usize..m.path_start as usize + m.npath as usize]) } else { 0 };
        slot_hash(m.from, m.to, m.key ^ path, m.kind_after)
    }

    /// Brings the index of stored moves up to date (growing it when it is half full);
    /// `routes`: routes are told apart (by their path).
    fn update_index(&mut self, routes: bool) {
        if self.index.len() < 2 * (self.moves.len() + 1) {
            let size = (4 * (self.moves.len() + 1)).next_power_of_two().max(4 * INDEX_FROM);
            self.index.clear();
            self.index.resize(size, (0, 0));
            self.generation = 1;
            self.indexed = 0;
        }
        let mask = self.index.len() - 1;
        while self.indexed < self.moves.len() {
            let mut slot = self.hash_of(&self.moves[self.indexed], routes) as usize & mask;
            while self.index[slot].1 == self.generation && self.index[slot].0 != 0 {
                slot = (slot + 1) & mask;
            }
            self.index[slot] = (self.indexed as u32 + 1, self.generation);
            self.indexed += 1;
        }
    }

    /// Whether a stored move with this hash is `equal` to the one being stored, looked up
    /// in the index; and how many slots were probed.
    fn probe(&self, hash: u64, equal: impl Fn(&Move) -> bool) -> (bool, usize) {
        let mask = self.index.len() - 1;
        let mut slot = hash as usize & mask;
        let mut probes = 1;
        loop {
            let (i, g) = self.index[slot];
            if g != self.generation || i == 0 {
                return (false, probes);
            }
            if equal(&self.moves[i as usize - 1]) {
                return (true, probes);
            }
            slot = (slot + 1) & mask;
            probes += 1;
        }
    }
}

/// The pieces the move just stored in `list` takes off cleared cells (`[capture]
/// cleared`), after its captured pieces: those of the cells, and the capturing piece (of
/// side `us`) if it ends on one; in the order of their cells.
#[inline(never)]
fn record_cleared(list: &mut MoveList, us: usize, zone: crate::geometry::CellSet, to: u16, kind_after: u8) {
    let start = list.caps.len();
    list.caps.extend_from_slice(&list.zone);
    if zone.contains(to) {
        let side = if us == 0 { crate::spec::Side::White } else { crate::spec::Side::Black };
        list.caps.push((to, crate::compile::code(side, kind_after)));
    }
    // Stable: a piece cleared from the cell the capture ends on comes before the capturing
    // piece cleared there after it.
    list.caps[start..].sort_by_key(|&(c, _)| c);
    let n = list.caps.len() - start;
    if let Some(m) = list.moves.last_mut() {
        m.nrem = n.min(u8::MAX as usize) as u8;
    }
}
