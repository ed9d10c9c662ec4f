//! The index of a class's positions: the side to move, then the placement of each group
//! of like pieces (one side's pieces of one kind), ranked as a combination of the cells
//! they may stand on.
//!
//! A group may stand on its *domain*: the cells where [`Position::from_setup`] accepts a
//! piece of its kind (not a man on its own promotion row, where it would have promoted)
//! and where its kind may stand at all. Groups are ranked in order of their domains' size,
//! the smallest first; a group's placement is ranked among its domain's cells less those
//! of the earlier groups whose domains lie inside its own (kings after men: exactly the
//! cells left free). Earlier pieces outside that rule may share a cell with the group's:
//! such an index is no position, and the tables mark it so. With two kinds, only a white
//! man and a black man on the same cell waste an index.

use super::material::{MAX_KINDS, Material};
use crate::compile::Rules;
use crate::engine::{Position, Setup, SetupProblem};
use crate::spec::Side;

/// No place in a domain.
const NONE: u16 = u16::MAX;

/// The most pieces of one group a class may have.
pub(crate) const MAX_GROUP: usize = 16;

/// Binomial coefficients `C(n, k)` for `n` up to 256 and `k` up to [`MAX_GROUP`],
/// saturating.
pub(crate) struct Binomials(Vec<[u64; MAX_GROUP + 1]>);

impl Binomials {
    /// The table.
    pub fn new() -> Binomials {
        let mut rows = vec![[0u64; MAX_GROUP + 1]; 257];
        for n in 0..=256 {
            rows[n][0] = 1;
            for k in 1..=MAX_GROUP.min(n) {
                rows[n][k] = rows[n - 1][k - 1].saturating_add(rows[n - 1][k]);
            }
        }
        Binomials(rows)
    }

    /// `C(n, k)` (0 when `k > n`).
    #[inline]
    pub fn get(&self, n: usize, k: usize) -> u64 {
        self.0[n.min(256)][k.min(MAX_GROUP)]
    }
}

/// Per side and kind, the cells a piece of that kind may stand on, ascending.
pub(crate) struct Domains(pub [Vec<Vec<u16>>; 2]);

impl Domains {
    /// The domains of every kind of `rules`.
    pub fn of(rules: &Rules) -> Domains {
        let kinds = rules.spec().kinds.len();
        let cells = rules.cells as u16;
        Domains([Side::White, Side::Black].map(|side| {
            (0..kinds as u8)
                .map(|kind| {
                    let table = &rules.tables[side][kind as usize];
                    (0..cells)
                        .filter(|&c| table.cells.as_ref().is_none_or(|set| set.contains(c)))
                        .filter(|&c| {
                            let mut setup = Setup::new(side);
                            setup.put(c, side, kind);
                            match Position::from_setup(rules, &setup) {
                                Ok(_) => true,
                                Err(e) => !e.problems().iter().any(|p| matches!(p, SetupProblem::OnPromotionCells { .. })),
                            }
                        })
                        .collect()
                })
                .collect()
        }))
    }
}

/// One group of like pieces in a class's index.
#[derive(Clone, Debug)]
struct Group {
    side: Side,
    kind: u8,
    count: usize,
    /// The cells it may stand on, ascending.
    domain: Vec<u16>,
    /// Per cell, its place in `domain` ([`NONE`]: not in it).
    place: Vec<u16>,
    /// The earlier groups whose domains lie in this one's: their cells are left out.
    excluded: Vec<usize>,
    /// The cells its pieces are ranked among: its domain less the excluded groups' pieces.
    avail: usize,
    /// The placements of the group: `C(avail, count)`.
    combos: u64,
    /// What one step of its rank adds to the index.
    stride: u64,
}

/// The index of one class: placements of its groups, then the side to move.
#[derive(Clone, Debug)]
pub(crate) struct Indexer {
    groups: Vec<Group>,
    /// The placements (an index of each side to move).
    placements: u64,
}

impl Indexer {
    /// The index of the positions of `material`; `None` when it has more than
    /// [`MAX_GROUP`] pieces of a group or more positions than a `u64` counts.
    pub fn new(material: &Material, domains: &Domains, cells: usize, binom: &Binomials) -> Option<Indexer> {
        let mut groups = Vec::new();
        for side in Side::BOTH {
            for (kind, domain) in domains.0[side.index()].iter().enumerate() {
                let count = usize::from(material.count(side, kind as u8));
                if count == 0 {
                    continue;
                }
                if count > MAX_GROUP {
                    return None;
                }
                let mut place = vec![NONE; cells];
                for (i, &c) in domain.iter().enumerate() {
                    place[c as usize] = i as u16;
                }
                let g = Group {
                    side,
                    kind: kind as u8,
                    count,
                    domain: domain.clone(),
                    place,
                    excluded: Vec::new(),
                    avail: 0,
                    combos: 0,
                    stride: 0,
                };
                groups.push(g);
            }
        }
        groups.sort_by_key(|g| (g.domain.len(), g.side, g.kind));
        for i in 0..groups.len() {
            let inside = |h: &Group| h.domain.iter().all(|&c| groups[i].place[c as usize] != NONE);
            let excluded: Vec<usize> = (0..i).filter(|&h| inside(&groups[h])).collect();
            let taken: usize = excluded.iter().map(|&h| groups[h].count).sum();
            let g = &mut groups[i];
            g.excluded = excluded;
            g.avail = g.domain.len().saturating_sub(taken);
            g.combos = binom.get(g.avail, g.count);
        }
        let mut placements: u64 = 1;
        for g in groups.iter_mut().rev() {
            g.stride = placements;
            placements = placements.checked_mul(g.combos)?;
        }
        Some(Indexer { groups, placements })
    }

    /// The placements of the class (its positions are twice as many: either side to move).
    pub fn placements(&self) -> u64 {
        self.placements
    }

    /// The index of a position of the class, from its pieces' cells by side and kind
    /// ([`cells_by_kind`](super::material::cells_by_kind)); `None` when a piece stands
    /// outside its domain (or the cells are not of this class).
    pub fn rank(&self, side_to_move: Side, cells: &[[Vec<u16>; MAX_KINDS]; 2], binom: &Binomials) -> Option<u64> {
        let mut index = side_to_move.index() as u64 * self.placements;
        for g in &self.groups {
            let mine = &cells[g.side.index()][g.kind as usize];
            if mine.len() != g.count {
                return None;
            }
            let mut rank = 0u64;
            for (i, &c) in mine.iter().enumerate() {
                let d = *g.place.get(c as usize)?;
                if d == NONE {
                    return None;
                }
                let below: usize = g
                    .excluded
                    .iter()
                    .flat_map(|&h| &cells[self.groups[h].side.index()][self.groups[h].kind as usize])
                    .filter(|&&x| g.place[x as usize] < d)
                    .count();
                rank += binom.get(d as usize - below, i + 1);
            }
            index += rank * g.stride;
        }
        Some(index)
    }

    /// The position of an index, with no piece but the class's (`scratch` is reused for
    /// the pieces placed); `None` when the index is no position (two groups on one cell).
    pub fn unrank(&self, rules: &Rules, index: u64, binom: &Binomials, scratch: &mut Vec<(u16, usize)>) -> Option<Position> {
        let side = if index >= self.placements { Side::Black } else { Side::White };
        let placement = index % self.placements.max(1);
        scratch.clear();
        for (gi, g) in self.groups.iter().enumerate() {
            let mut rank = (placement / g.stride) % g.combos.max(1);
            // The group's places among its available cells, the largest first (colex).
            let start = scratch.len();
            let mut e = g.avail;
            for i in (1..=g.count).rev() {
                e -= 1;
                while binom.get(e, i) > rank {
                    e -= 1;
                }
                rank -= binom.get(e, i);
                scratch.push((e as u16, gi));
            }
            // From the available cells to the domain: step over the excluded groups' cells.
            let mut skipped: Vec<u16> =
                scratch[..start].iter().filter(|&&(_, h)| g.excluded.contains(&h)).map(|&(c, _)| g.place[c as usize]).collect();
            skipped.sort_unstable();
            for entry in &mut scratch[start..] {
                let mut d = entry.0;
                for &x in &skipped {
                    if x <= d {
                        d += 1;
                    }
                }
                entry.0 = g.domain[d as usize];
            }
            if scratch[start..].iter().any(|&(c, _)| scratch[..start].iter().any(|&(o, _)| o == c)) {
                return None;
            }
        }
        let mut pos = Position::empty(rules, side);
        for &(cell, gi) in scratch.iter() {
            pos.put(rules, cell, self.groups[gi].side, self.groups[gi].kind);
        }
        Some(pos)
    }
}
