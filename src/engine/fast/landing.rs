//! A complete capture of the fast path's search stored: ranked by the precedence and told
//! apart from those found already. (Where a capture lands, and whether it goes on, is
//! decided in `engine::decide`, for both engines.)

use super::Width;
use super::captures::FastSearch;
use super::{FastMove, Trace};
use crate::compile::fast::UNIFORM;

impl<B: Width, const TRACE: bool, const SHAPE: u8, const OPTS: u8> FastSearch<'_, B, TRACE, SHAPE, OPTS> {
    /// A complete capture ending on `to`, the piece of kind `kind_after` then, ranked by
    /// the precedence and told apart from those stored.
    #[inline(always)]
    pub(super) fn store_capture(&mut self, to: B, kind_after: usize) {
        if self.ranking {
            // Each piece taken adds the same: counted here.
            let key = if OPTS & UNIFORM != 0 { self.key + self.f.rank_step * u128::from(self.n) } else { self.key };
            match self.best {
                Some(best) if key < best => return,
                Some(best) if key == best => {}
                _ => {
                    self.best = Some(key);
                    if TRACE {
                        self.list.clear();
                    } else {
                        self.list.moves.clear();
                    }
                    self.counted = 0;
                }
            }
        }
        if self.n < self.count_below {
            self.counted += 1;
            return;
        }
        let m = FastMove { from: self.from, to, taken: self.taken, kinds: (self.start_kind | kind_after << 4) as u8, trace: 0 };
        if self.n >= self.compare_from && self.stored(&m) {
            return;
        }
        self.push(m);
    }

    /// Whether `m` is stored already: the same result, or (routes told apart) the same
    /// landings.
    pub(super) fn stored(&mut self, m: &FastMove<B>) -> bool {
        let list = &*self.list;
        // Comparing is work too: it counts against the budget, 64 comparisons a step.
        self.steps += list.moves.len() as u64 / 64;
        if self.distinct {
            return list.moves.iter().any(|o| o.from == m.from && o.to == m.to && o.taken == m.taken && o.kinds >> 4 == m.kinds >> 4);
        }
        list.moves.iter().zip(&list.traces).any(|(o, t)| {
            o.from == m.from
                && o.to == m.to
                && o.taken == m.taken
                && o.kinds == m.kinds
                && list.path[t.path as usize..t.path as usize + t.npath as usize] == *list.trail.as_slice()
                // The pieces taken in the same order: an approach and a withdrawal may
                // land alike and take differently.
                && list.caps[t.caps as usize..t.caps as usize + t.ncap as usize] == *list.stack.as_slice()
        })
    }

    pub(super) fn push(&mut self, mut m: FastMove<B>) {
        let list = &mut *self.list;
        if TRACE {
            m.trace = list.traces.len() as u32;
            list.traces.push(Trace {
                caps: list.caps.len() as u32,
                ncap: list.stack.len() as u16,
                path: list.path.len() as u32,
                npath: list.trail.len() as u16,
            });
            list.caps.extend_from_slice(&list.stack);
            list.path.extend_from_slice(&list.trail);
        }
        list.moves.push(m);
    }
}
