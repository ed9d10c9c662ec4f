//! Material signatures: how many pieces of each kind each side has. A signature names a
//! class of positions (one table); the classes a build needs, and the order they are built
//! in, come from the rules' kinds and the ways a piece changes kind.

use super::EgtbError;
use crate::compile::Rules;
use crate::engine::Position;
use crate::spec::Side;
use std::collections::{BTreeSet, HashSet};
use std::fmt;

/// The most kinds a variant has (the engine's limit).
pub(crate) const MAX_KINDS: usize = 8;

/// The material of a position: per side (White first), the number of pieces of each kind
/// (by the kind's index in the variant file). Two positions with the same material are in
/// the same table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    counts: [[u8; MAX_KINDS]; 2],
}

impl Material {
    /// The material with these counts per side, each a count per kind (by index; missing
    /// kinds count 0). `None` with more than 8 kinds (the engine's most).
    pub fn new(white: &[u8], black: &[u8]) -> Option<Material> {
        if white.len() > MAX_KINDS || black.len() > MAX_KINDS {
            return None;
        }
        let mut counts = [[0u8; MAX_KINDS]; 2];
        counts[0][..white.len()].copy_from_slice(white);
        counts[1][..black.len()].copy_from_slice(black);
        Some(Material { counts })
    }

    /// The material of a position (pieces on the board).
    pub fn of(pos: &Position) -> Material {
        let mut counts = [[0u8; MAX_KINDS]; 2];
        for side in Side::BOTH {
            for cell in pos.pieces(side).iter() {
                if let Some((_, kind)) = pos.piece(cell) {
                    let n = &mut counts[side.index()][kind as usize & (MAX_KINDS - 1)];
                    *n = n.saturating_add(1);
                }
            }
        }
        Material { counts }
    }

    /// The material of pieces' cells by side and kind (as [`cells_by_kind`] gives them).
    pub(crate) fn of_cells(cells: &[[Vec<u16>; MAX_KINDS]; 2]) -> Material {
        let counts = [0, 1].map(|s| std::array::from_fn(|k| cells[s][k].len().min(255) as u8));
        Material { counts }
    }

    /// The pieces of `side` of `kind`.
    pub fn count(&self, side: Side, kind: u8) -> u8 {
        self.counts[side.index()][kind as usize & (MAX_KINDS - 1)]
    }

    /// The pieces of `side`.
    pub fn side_total(&self, side: Side) -> usize {
        self.counts[side.index()].iter().map(|&n| usize::from(n)).sum()
    }

    /// The pieces of both sides.
    pub fn total(&self) -> usize {
        self.side_total(Side::White) + self.side_total(Side::Black)
    }

    /// The same material with the sides' pieces swapped.
    pub fn swapped(&self) -> Material {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    /// The material in words, White's first: `2 king against king`, `king + man against
    /// none`, with the variant's kind names.
    pub fn describe(&self, rules: &Rules) -> String {
        let names: Vec<&str> = rules.spec().kinds.iter().map(|k| k.name.as_str()).collect();
        let side = |s: Side| {
            let parts: Vec<String> = (0..names.len())
                .filter(|&k| self.counts[s.index()][k] > 0)
                .map(|k| match self.counts[s.index()][k] {
                    1 => names[k].to_string(),
                    n => format!("{n} {}", names[k]),
                })
                .collect();
            if parts.is_empty() { "none".to_string() } else { parts.join(" + ") }
        };
        format!("{} against {}", side(Side::White), side(Side::Black))
    }

    /// Reads a material as [`Material::describe`] writes it, White's first: `3 king
    /// against king`, `2 king + man against none` (`v` may stand for `against`).
    pub fn parse(rules: &Rules, text: &str) -> Result<Material, EgtbError> {
        let bad = |why: String| EgtbError::Material { text: text.to_string(), why };
        let (white, black) = text
            .split_once(" against ")
            .or_else(|| text.split_once(" v "))
            .ok_or_else(|| bad("write both sides' pieces, White's first: `3 king against king`".into()))?;
        let kinds: Vec<&str> = rules.spec().kinds.iter().map(|k| k.name.as_str()).collect();
        let mut counts = [[0u8; MAX_KINDS]; 2];
        for (s, part) in [white, black].into_iter().enumerate() {
            if part.trim() == "none" {
                continue;
            }
            for piece in part.split('+') {
                let words: Vec<&str> = piece.split_whitespace().collect();
                let (n, name) = match words[..] {
                    [name] => (1u8, name),
                    [n, name] => (n.parse::<u8>().map_err(|_| bad(format!("`{n}` is not a number of pieces")))?, name),
                    _ => return Err(bad(format!("`{}` is not a count and a kind", piece.trim()))),
                };
                let k = kinds
                    .iter()
                    .position(|&k| k == name)
                    .ok_or_else(|| bad(format!("no kind `{name}`; the kinds are: {}", kinds.join(", "))))?;
                counts[s][k] = counts[s][k].saturating_add(n);
            }
        }
        Ok(Material { counts })
    }

    /// The materials one step below this one: a piece fewer (any side, any kind), or one
    /// piece changed to a kind it may become.
    fn below(&self, changes: &[Vec<u8>]) -> Vec<Material> {
        let mut out = Vec::new();
        for s in 0..2 {
            for k in 0..MAX_KINDS {
                if self.counts[s][k] == 0 {
                    continue;
                }
                let mut fewer = *self;
                fewer.counts[s][k] -= 1;
                out.push(fewer);
                for &t in changes.get(k).into_iter().flatten() {
                    let mut changed = fewer;
                    changed.counts[s][t as usize] += 1;
                    out.push(changed);
                }
            }
        }
        out
    }

    /// A stable text key, for files: White's counts, `/`, Black's (`0,3/0,1`).
    pub(crate) fn key(&self, kinds: usize) -> String {
        let side = |s: usize| self.counts[s][..kinds].iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        format!("{}/{}", side(0), side(1))
    }

    /// Reads [`Material::key`].
    pub(crate) fn from_key(key: &str, kinds: usize) -> Option<Material> {
        let (w, b) = key.split_once('/')?;
        let side = |t: &str| -> Option<Vec<u8>> {
            let v: Vec<u8> = t.split(',').map(|n| n.parse().ok()).collect::<Option<_>>()?;
            (v.len() == kinds).then_some(v)
        };
        Material::new(&side(w)?, &side(b)?)
    }
}

/// What a build needs of the rules' kinds: which kinds each side can have, the kinds each
/// kind may become, and how many changes of kind a piece of each kind has left (its
/// "potential"), by which classes are ordered.
pub(crate) struct Kinds {
    /// Per kind, the kinds a piece of it may become (promotion, `becomes`).
    pub changes: Vec<Vec<u8>>,
    /// Per kind, the longest chain of changes a piece of it may still make.
    pub potential: Vec<u32>,
    /// Per side, the kinds it can have: those of its setup, and what they may become.
    pub playable: [Vec<bool>; 2],
}

impl Kinds {
    /// The kinds of `rules`; an error where a piece may change kind in a cycle (then no
    /// order of the tables has every successor built first).
    pub fn of(rules: &Rules) -> Result<Kinds, EgtbError> {
        let spec = rules.spec();
        let n = spec.kinds.len();
        let mut changes = vec![BTreeSet::new(); n];
        for (k, kind) in spec.kinds.iter().enumerate() {
            if let Some((t, _)) = &kind.promotion {
                changes[k].insert(*t);
            }
            for m in &kind.moves {
                changes[k].extend(m.becomes);
            }
            changes[k].remove(&(k as u8));
        }
        let changes: Vec<Vec<u8>> = changes.into_iter().map(|s| s.into_iter().collect()).collect();
        let mut potential = vec![None; n];
        for k in 0..n {
            chain(k, &changes, &mut potential, &mut Vec::new()).map_err(|cycle| {
                let names: Vec<&str> = cycle.iter().map(|&k| spec.kinds[k].name.as_str()).collect();
                EgtbError::Unsupported(vec![format!("a piece may change kind in a cycle ({})", names.join(" -> "))])
            })?;
        }
        let playable = [0, 1].map(|s| {
            let mut can = vec![false; n];
            let mut stack: Vec<usize> = spec.setup[s].iter().map(|&(_, k)| k as usize).collect();
            while let Some(k) = stack.pop() {
                if !std::mem::replace(&mut can[k], true) {
                    stack.extend(changes[k].iter().map(|&t| t as usize));
                }
            }
            can
        });
        Ok(Kinds { changes, potential: potential.into_iter().map(|p| p.unwrap_or(0)).collect(), playable })
    }

    /// The potential of a material: the changes of kind its pieces may still make.
    pub fn potential(&self, m: &Material) -> u32 {
        (0..2).map(|s| (0..self.potential.len()).map(|k| u32::from(m.counts[s][k]) * self.potential[k]).sum::<u32>()).sum()
    }

    /// The build order: fewer pieces first, then fewer changes of kind left, so that every
    /// class a move leads to (a capture, a promotion) comes before the class it leaves.
    pub fn order(&self, classes: &mut [Material]) {
        classes.sort_by_key(|m| (m.total(), self.potential(m), *m));
    }

    /// Every material of at most `pieces` pieces that the rules can reach: kinds a side
    /// can have, no side with more pieces than it starts with. In build order.
    pub fn all_up_to(&self, rules: &Rules, pieces: usize) -> Vec<Material> {
        let mut found = Vec::new();
        let sides: [Vec<[u8; MAX_KINDS]>; 2] = [0, 1].map(|s| {
            let most = rules.spec().setup[s].len().min(pieces);
            let mut out = Vec::new();
            side_materials(&self.playable[s], 0, most, [0; MAX_KINDS], &mut out);
            out
        });
        for w in &sides[0] {
            for b in &sides[1] {
                let m = Material { counts: [*w, *b] };
                if m.total() <= pieces {
                    found.push(m);
                }
            }
        }
        self.order(&mut found);
        found
    }

    /// The materials `targets` lead to by captures and changes of kind, the targets
    /// included, in build order.
    pub fn closure(&self, targets: &[Material]) -> Vec<Material> {
        let mut seen: HashSet<Material> = targets.iter().copied().collect();
        let mut stack: Vec<Material> = targets.to_vec();
        while let Some(m) = stack.pop() {
            for b in m.below(&self.changes) {
                if seen.insert(b) {
                    stack.push(b);
                }
            }
        }
        let mut all: Vec<Material> = seen.into_iter().collect();
        self.order(&mut all);
        all
    }

    /// Why a material cannot be built: a kind its side never has, or more pieces than the
    /// side starts with.
    pub fn check(&self, rules: &Rules, m: &Material) -> Result<(), String> {
        for s in Side::BOTH {
            for k in 0..MAX_KINDS {
                if m.count(s, k as u8) > 0 && !self.playable[s.index()].get(k).copied().unwrap_or(false) {
                    let name = rules.spec().kinds.get(k).map_or("?", |kind| kind.name.as_str());
                    return Err(format!("{} never has a {name} in this variant", s.name()));
                }
            }
            let most = rules.spec().setup[s].len();
            if m.side_total(s) > most {
                return Err(format!("{} has {} pieces, more than the {most} it starts with", s.name(), m.side_total(s)));
            }
        }
        Ok(())
    }
}

/// The longest chain of kind changes from `k` (memoised in `memo`); the kinds of a cycle
/// when there is one (`path`: the kinds being followed).
fn chain(k: usize, changes: &[Vec<u8>], memo: &mut [Option<u32>], path: &mut Vec<usize>) -> Result<u32, Vec<usize>> {
    if let Some(p) = memo[k] {
        return Ok(p);
    }
    if let Some(at) = path.iter().position(|&j| j == k) {
        let mut cycle = path[at..].to_vec();
        cycle.push(k);
        return Err(cycle);
    }
    path.push(k);
    let mut best = 0;
    for &t in &changes[k] {
        best = best.max(1 + chain(t as usize, changes, memo, path)?);
    }
    path.pop();
    memo[k] = Some(best);
    Ok(best)
}

/// Every count per kind of the `playable` kinds from kind `k` on, at most `left` pieces
/// in all, added to `out`.
fn side_materials(playable: &[bool], k: usize, left: usize, cur: [u8; MAX_KINDS], out: &mut Vec<[u8; MAX_KINDS]>) {
    if k == playable.len() {
        out.push(cur);
        return;
    }
    let most = if playable[k] { left } else { 0 };
    for n in 0..=most {
        let mut next = cur;
        next[k] = n as u8;
        side_materials(playable, k + 1, left - n, next, out);
    }
}

impl fmt::Display for Material {
    /// The counts per kind, White's then Black's (`0,3/0,1`); [`Material::describe`] names
    /// the kinds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let used = self.counts.iter().map(|c| c.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1)).max().unwrap_or(0).max(1);
        f.write_str(&self.key(used))
    }
}

/// The cells of each side's pieces of each kind in a position, for ranking it.
pub(crate) fn cells_by_kind(pos: &Position, out: &mut [[Vec<u16>; MAX_KINDS]; 2]) {
    for side in out.iter_mut() {
        for cells in side.iter_mut() {
            cells.clear();
        }
    }
    for side in Side::BOTH {
        for cell in pos.pieces(side).iter() {
            if let Some((_, kind)) = pos.piece(cell) {
                out[side.index()][kind as usize & (MAX_KINDS - 1)].push(cell);
            }
        }
    }
}
