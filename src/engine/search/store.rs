//! Storing a capture the search found: ranking it by the precedence criteria, and
//! keeping one move per distinct result (or per route).

use super::Search;
use crate::compile::{kind_of, DEAD};
use crate::engine::moves::Move;
use crate::spec::Criterion;

impl<const COLUMNS: bool> Search<'_, COLUMNS> {
    fn key(&self) -> [u32; 5] {
        let r = self.rules;
        let them = self.them as usize;
        let mut key = [0u32; 5];
        for (i, c) in self.criteria.iter().enumerate() {
            key[i] = match c {
                Criterion::MostPieces => self.list.stack.len() as u32,
                Criterion::MostValue => self.list.stack.iter().map(|&(_, pc)| r.tables[them][kind_of(pc) as usize].value).sum(),
                Criterion::KingCaptures => r.tables[self.us][self.start_kind as usize].is_king as u32,
                Criterion::MostKings => {
                    self.list.stack.iter().filter(|&&(_, pc)| r.tables[them][kind_of(pc) as usize].is_king).count() as u32
                }
                // Kings met earlier weigh more, place by place (FID art. 6.9): bit 31 for a
                // king taken first, bit 30 for one taken second, ...
                Criterion::EarliestKing => self
                    .list
                    .stack
                    .iter()
                    .take(32)
                    .enumerate()
                    .filter(|&(_, &(_, pc))| r.tables[them][kind_of(pc) as usize].is_king)
                    .fold(0u32, |acc, (i, _)| acc | 1 << (31 - i)),
            };
        }
        key
    }

    pub(super) fn record(&mut self, to: u16, kind_after: u8) {
        if !self.criteria.is_empty() {
            let key = self.key();
            let list = &mut *self.list;
            if list.has_best {
                match key.cmp(&list.best) {
                    std::cmp::Ordering::Less => return,
                    std::cmp::Ordering::Greater => {
                        list.moves.clear();
                        list.caps.clear();
                        list.path.clear();
                        list.counted = 0;
                        list.best = key;
                    }
                    std::cmp::Ordering::Equal => {}
                }
            } else {
                list.has_best = true;
                list.best = key;
            }
        }
        if self.count_only {
            self.list.counted += 1;
            return;
        }
        let r = self.rules;
        let list = &mut *self.list;
        let mut h = 0u64;
        for &(c, _) in &list.stack {
            h ^= r.cell_keys[c as usize];
        }
        let ncap = list.stack.len();
        for m in &list.moves {
            if m.from == self.from && m.to == to && m.key == h && m.ncap as usize == ncap && m.kind_after == kind_after {
                if self.every_route {
                    // Two capture rules may find the same route: it is one route.
                    let theirs = &list.path[m.path_start as usize..m.path_start as usize + m.npath as usize];
                    if theirs == list.trail.as_slice() {
                        return;
                    }
                } else {
                    // The same set of cells (with columns a cell may be jumped twice; without,
                    // equal counts and one set within the other are enough).
                    let theirs = &list.caps[m.cap_start as usize..m.cap_start as usize + ncap];
                    if theirs.iter().all(|c| list.stack.iter().any(|s| s.0 == c.0))
                        && (!COLUMNS || list.stack.iter().all(|s| theirs.iter().any(|c| c.0 == s.0)))
                    {
                        return;
                    }
                }
            }
        }
        let m = Move {
            from: self.from,
            to,
            kind_before: self.start_kind,
            kind_after,
            cap_start: list.caps.len() as u32,
            ncap: ncap as u16,
            path_start: list.path.len() as u32,
            npath: list.trail.len() as u16,
            key: h,
        };
        list.caps.extend(list.stack.iter().map(|&(c, pc)| (c, pc & !DEAD)));
        list.path.extend_from_slice(&list.trail);
        list.moves.push(m);
    }
}
