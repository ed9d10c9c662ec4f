//! Two terms of the evaluation beyond the pieces' worth, from the compiled rules alone:
//! runaways (a piece on its way to promotion that no enemy piece can stop) and balance
//! (how evenly a side's pieces stand across the board's left and right halves). Their
//! tables are built once per player, on the rules' bit layout; a board without one has
//! neither term.
//!
//! **Runaway.** A piece of a kind that promotes, on cell `c`, `d ≥ 1` of its quiet moves
//! from its nearest promotion cell (moves counted on the empty board, by the kind's
//! directions for its side: a step its stride, a run one cell, a slide any distance;
//! conditions on where a move ends are not looked at). Its *ways* are the cells of every
//! shortest way from `c` to a promotion cell (the promotion cell too, not `c`). It is a
//! runaway when every cell of its ways is empty, and no enemy piece could stand on a cell
//! `x` of its ways (or `c` itself), or on a cell from which one of its captures takes a
//! piece on `x` (see [`takers`]), after as many of its own quiet moves as the runner
//! needs to reach `x`: a guard on the back rank, a piece that can cross its path or reach
//! where it takes it on its way, stops it. Both conditions are a few bit tests a
//! piece, on tables built once: per side, promoting kind and cell, the ways, and per
//! enemy kind the cells from which such a piece stops it. A runaway `d` moves away
//! counts `(D − d + 1) / D` (`D`: the most moves any cell of the board needs for the
//! kind), in 64ths, so one a move from promotion counts whole.
//!
//! **Balance.** Per side, its pieces on the left half of the board (by the cells'
//! columns, from White's side; the middle column of an odd width in neither half) less
//! those on the right, without sign.

use crate::compile::Rules;
use crate::engine::Position;
use crate::geometry::{Geometry, Layout, Shape};
use crate::spec::{CaptureKind, MoveKind, Side};

/// Cells unreachable from each other.
const FAR: u8 = u8::MAX;

/// The tables of one kind that promotes, for one side.
struct Runner {
    side: Side,
    kind: usize,
    /// Per bit of the layout: the cells of its ways to promotion (0 where it has none).
    ways: Vec<u128>,
    /// Per bit: what a runaway there counts, in 64ths (0: none can be there).
    count: Vec<u8>,
    /// Per bit and enemy kind, `[bit * kinds + kind]`: the cells from which an enemy piece
    /// of that kind stops it.
    stoppers: Vec<u128>,
}

/// The runaways' and the balance's tables for one variant.
pub(super) struct Features {
    kinds: usize,
    runners: Vec<Runner>,
    /// The cells of the board's left and right halves.
    left: u128,
    right: u128,
}

/// The two terms in a position, for White (White's less Black's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Terms {
    /// White's runaways less Black's, each counted in 64ths (see the module's docs).
    pub runaways: i32,
    /// Black's imbalance less White's (so that a positive weight penalises one's own).
    pub balance: i32,
}

impl Features {
    /// The tables of `rules`; `None` where the board has no bit layout.
    pub fn new(rules: &Rules) -> Option<Features> {
        let layout = rules.layout.as_ref()?;
        let spec = rules.spec();
        let g = &spec.geometry;
        let kinds = spec.kinds.len();
        let dist: Vec<[Vec<u8>; 2]> = (0..kinds).map(|k| Side::BOTH.map(|s| distances(rules, s, k))).collect();
        let mut runners = Vec::new();
        for side in Side::BOTH {
            for (k, kind) in spec.kinds.iter().enumerate() {
                if let Some((_, zones)) = &kind.promotion {
                    let goal: Vec<u16> = zones[side].iter().collect();
                    runners.push(runner(rules, layout, side, k, &goal, &dist));
                }
            }
        }
        let (left, right) = halves(g, layout);
        Some(Features { kinds, runners, left, right })
    }

    /// The runaways and the balance of `pos`, for White.
    pub fn terms(&self, pos: &Position) -> Terms {
        Terms { runaways: self.runaways(pos), balance: self.imbalance(pos, Side::Black) - self.imbalance(pos, Side::White) }
    }

    /// White's runaways less Black's, in 64ths.
    pub fn runaways(&self, pos: &Position) -> i32 {
        let all = pos.bits[Side::White] | pos.bits[Side::Black];
        let mut total = 0;
        for r in &self.runners {
            let enemy = pos.bits[r.side.other()];
            let mut set = pos.bits[r.side] & pos.kinds[r.kind];
            let mut sum = 0;
            while set != 0 {
                let b = set.trailing_zeros() as usize;
                set &= set - 1;
                if r.count[b] == 0 || r.ways[b] & all != 0 {
                    continue;
                }
                let stoppers = &r.stoppers[b * self.kinds..][..self.kinds];
                if stoppers.iter().enumerate().all(|(e, &s)| s & enemy & pos.kinds[e] == 0) {
                    sum += i32::from(r.count[b]);
                }
            }
            total += if r.side == Side::White { sum } else { -sum };
        }
        total
    }

    /// `side`'s pieces on the left half less those on the right, without sign.
    pub fn imbalance(&self, pos: &Position, side: Side) -> i32 {
        let set = pos.bits[side];
        ((set & self.left).count_ones() as i32 - (set & self.right).count_ones() as i32).abs()
    }
}

/// `[from * cells + to]`: the fewest quiet moves a piece of kind `k` of `side` needs from
/// one cell to another on the empty board ([`FAR`]: it cannot get there).
fn distances(rules: &Rules, side: Side, k: usize) -> Vec<u8> {
    let g = &rules.spec().geometry;
    let n = g.len();
    let kind = &rules.spec().kinds[k];
    // Each cell's one-move successors.
    let next: Vec<Vec<u16>> = (0..n as u16)
        .map(|c| {
            let mut out = Vec::new();
            for m in &kind.moves {
                let (slide, stride) = (m.kind == MoveKind::Slide, usize::from(m.stride.max(1)));
                for d in m.dirs[side].iter() {
                    // A slide reaches every cell of its line, a step its `stride`-th.
                    let (mut at, mut i) = (c, 0);
                    while let Some(to) = g.step(at, d) {
                        (at, i) = (to, i + 1);
                        if slide {
                            out.push(to);
                        } else if i == stride {
                            out.push(to);
                            break;
                        }
                    }
                }
            }
            out
        })
        .collect();
    let mut dist = vec![FAR; n * n];
    let mut queue = std::collections::VecDeque::new();
    for from in 0..n {
        let row = &mut dist[from * n..][..n];
        row[from] = 0;
        queue.push_back(from as u16);
        while let Some(c) = queue.pop_front() {
            let d = row[c as usize];
            for &to in &next[c as usize] {
                if row[to as usize] == FAR && d < FAR - 1 {
                    row[to as usize] = d + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    dist
}

/// The runaway tables of kind `k` of `side`, whose promotion cells are `goal`; `dist`
/// per kind and side as [`distances`] gives them.
fn runner(rules: &Rules, layout: &Layout, side: Side, k: usize, goal: &[u16], dist: &[[Vec<u8>; 2]]) -> Runner {
    let g = &rules.spec().geometry;
    let n = g.len();
    let kinds = dist.len();
    let own = &dist[k][side.index()];
    // Moves to the nearest promotion cell, per cell.
    let to_goal: Vec<u8> = (0..n).map(|c| goal.iter().map(|&z| own[c * n + z as usize]).min().unwrap_or(FAR)).collect();
    let most = to_goal.iter().copied().filter(|&d| d != FAR).max().unwrap_or(0).max(1);
    // Per enemy kind, `[from * n + x]`: its fewest moves from `from` onto `x` or onto a cell
    // from which it takes a piece on `x`.
    let near: Vec<Vec<u8>> = (0..kinds)
        .map(|e| {
            let theirs = &dist[e][side.other().index()];
            let mut near = vec![FAR; n * n];
            for x in 0..n as u16 {
                let takers: Vec<u16> = takers(rules, side.other(), e, x).into_iter().chain([x]).collect();
                for from in 0..n {
                    near[from * n + x as usize] = takers.iter().map(|&y| theirs[from * n + y as usize]).min().unwrap_or(FAR);
                }
            }
            near
        })
        .collect();
    let bits = 128;
    let (mut ways, mut count, mut stoppers) = (vec![0u128; bits], vec![0u8; bits], vec![0u128; bits * kinds]);
    for c in 0..n {
        let d = to_goal[c];
        if d == 0 || d == FAR {
            continue;
        }
        let b = layout.bit[c] as usize;
        let on_way: Vec<usize> =
            (0..n).filter(|&x| x != c && own[c * n + x] != FAR && to_goal[x] != FAR && own[c * n + x] + to_goal[x] == d).collect();
        ways[b] = on_way.iter().fold(0, |s, &x| s | layout.cell_bit(x as u16));
        count[b] = (64 * (u32::from(most) - u32::from(d) + 1) / u32::from(most)) as u8;
        for (e, near) in near.iter().enumerate() {
            let stops = |from: usize| on_way.iter().chain([&c]).any(|&x| near[from * n + x] <= own[c * n + x]);
            stoppers[b * kinds + e] = (0..n).filter(|&f| stops(f)).fold(0, |s, f| s | layout.cell_bit(f as u16));
        }
    }
    Runner { side, kind: k, ways, count, stoppers }
}

/// The cells from which a piece of kind `k` of `side` takes a piece on `x` by one of its
/// capture rules, on the empty board: the cell just behind `x` against each of the rule's
/// directions (the `stride`-th and those before it for a longer jump), and every cell of
/// that line for a flying capture; none where no cell is beyond `x` to land on.
fn takers(rules: &Rules, side: Side, k: usize, x: u16) -> Vec<u16> {
    let g = &rules.spec().geometry;
    let mut out = Vec::new();
    for c in &rules.spec().kinds[k].captures {
        let reach = if c.kind == CaptureKind::Fly { usize::MAX } else { usize::from(c.stride.max(1)) };
        for d in c.dirs[side].iter().filter(|&d| g.step(x, d).is_some()) {
            let back = g.opposite(d);
            let (mut at, mut i) = (x, 0);
            while let Some(y) = g.step(at, back).filter(|_| i < reach) {
                (at, i) = (y, i + 1);
                out.push(y);
            }
        }
    }
    out
}

/// The cells of the board's left and right halves: by column from White's side on a
/// board of squares, by the horizontal place of the cell in the picture on a hexagonal
/// board or a board of points; the cells of the middle column in neither.
fn halves(g: &Geometry, layout: &Layout) -> (u128, u128) {
    let across = |c: u16| -> f64 {
        match (g.place(c), g.shape()) {
            (Some((x, _)), _) => x,
            (None, Shape::Hex { .. }) => f64::from(g.coord(c).0 - g.coord(c).1),
            (None, Shape::Square { .. }) => f64::from(g.coord(c).0),
        }
    };
    let xs: Vec<f64> = (0..g.len() as u16).map(across).collect();
    let (lo, hi) = xs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| (lo.min(x), hi.max(x)));
    let mid = (lo + hi) / 2.0;
    let mut halves = (0, 0);
    for (c, &x) in xs.iter().enumerate() {
        let bit = layout.cell_bit(c as u16);
        if x < mid - 1e-9 {
            halves.0 |= bit;
        } else if x > mid + 1e-9 {
            halves.1 |= bit;
        }
    }
    halves
}

#[cfg(test)]
mod tests {
    use super::{Features, Terms};
    use crate::engine::{Position, Setup};
    use crate::load_variant;
    use crate::spec::Side;

    /// English draughts with men (kind 0) and kings (kind 1) of each side on the
    /// squares given by (column, row) from White's bottom left, White to move.
    fn english(men: &[(Side, u8, (i8, i8))]) -> (Features, Position) {
        let rules = load_variant("english").unwrap();
        let mut setup = Setup::new(Side::White);
        for &(side, kind, at) in men {
            setup.put(rules.spec().geometry.cell_at(at).unwrap(), side, kind);
        }
        (Features::new(&rules).unwrap(), Position::from_setup(&rules, &setup).unwrap())
    }

    #[test]
    fn a_runaway_is_seen_and_stopped() {
        use Side::{Black, White};
        // White's man on b6 is two moves from promotion (the farthest are seven away):
        // 64 × 6 / 7 = 54; Black's on h2 one move: 64. Nothing stands near either's way.
        let (f, pos) = english(&[(White, 0, (1, 5)), (Black, 0, (7, 1))]);
        assert_eq!(f.terms(&pos).runaways, 54 - 64);
        // A guard on the back rank (b8, on its way) stops White's.
        let (f, pos) = english(&[(White, 0, (1, 5)), (Black, 0, (7, 1)), (Black, 0, (1, 7))]);
        assert_eq!(f.runaways(&pos), -64);
        // So do a piece on its way (c7), a king that takes it on its way (d6 takes it on
        // c7, which it reaches in one move), and one that gets on its way in time (f6 to d8
        // in two moves, as many as White needs).
        for stop in [(Black, 0, (2, 6)), (Black, 1, (3, 5)), (Black, 1, (5, 5))] {
            let (f, pos) = english(&[(White, 0, (1, 5)), (Black, 0, (7, 1)), stop]);
            assert_eq!(f.runaways(&pos), -64, "{stop:?}");
        }
        // A king far away does not (h4 needs three moves to d8), nor a black man behind
        // (b4, itself a runaway three moves away: 64 × 5 / 7 = 45) or beside its way (e7,
        // whose own way h2 blocks), for they move and take away from it; a king is no
        // runaway.
        for (far, black) in [((Black, 1, (7, 3)), 64), ((Black, 0, (1, 3)), 64 + 45), ((Black, 0, (4, 6)), 64), ((White, 1, (3, 3)), 64)] {
            let (f, pos) = english(&[(White, 0, (1, 5)), (Black, 0, (7, 1)), far]);
            assert_eq!(f.runaways(&pos), 54 - black, "{far:?}");
        }
    }

    #[test]
    fn balance_counts_each_sides_halves() {
        use Side::{Black, White};
        // White: a1, c1, b2 on the left (columns a-d), none on the right: 3. Black: h8,
        // f8 on the right: 2. White's imbalance is the larger, so the term is against it.
        let (f, pos) = english(&[(White, 0, (0, 0)), (White, 0, (2, 0)), (White, 1, (1, 1)), (Black, 0, (7, 7)), (Black, 0, (5, 7))]);
        assert_eq!((f.imbalance(&pos, White), f.imbalance(&pos, Black)), (3, 2));
        assert_eq!(f.terms(&pos), Terms { runaways: 0, balance: -1 });
        // The start is balanced: four men of each row of three on each half.
        let rules = load_variant("english").unwrap();
        let start = Position::start(&rules);
        assert_eq!(f.terms(&start), Terms::default());
    }
}
