//! Solving one class: every position examined once with the real engine (its outcome, its
//! legal moves, each successor's value where a move leaves the class), the moves inside the
//! class kept as a graph, then the values spread backwards along it level by level.
//!
//! A position's value is from the side to move's view: a win in `d` plies when some move
//! leads to a position lost for the opponent (won for itself, where the same side moves
//! again) in `d - 1`, the least such `d`; a loss in `d` when every move leads to a win for
//! the opponent, `d` one more than the longest of them; a draw otherwise, and in the
//! positions the rules declare drawn. Levels are processed in order of plies, so each
//! value is found at its distance: wins as short, losses as long as play makes them.

use super::index::{Binomials, Indexer};
use super::material::{MAX_KINDS, Material, cells_by_kind};
use super::value::{self, MAX_PLIES};
use super::{EgtbError, Tables};
use crate::compile::Rules;
use crate::engine::{MoveList, Outcome, Position};
use crate::spec::Side;
use rayon::prelude::*;

/// Positions examined by one task of the parallel pass.
const CHUNK: u64 = 1 << 13;

/// A loss not possible: a move leads to a draw or a win.
const CANNOT_LOSE: u16 = u16::MAX;

/// What examining a position found before any value inside the class is known.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// The index is no position.
    Invalid,
    /// The rules decide it here: its value.
    Decided(u16),
    /// Its moves: the soonest win a move out of the class gives (0: none; else the plies),
    /// and the plies of the longest loss the moves out of the class give, or
    /// [`CANNOT_LOSE`].
    Open { win: u16, lose_after: u16 },
}

/// One task's positions: how each starts, and its moves inside the class (their
/// successors' indices, position after position, `edges[i]` of them for position `i`).
struct Chunk {
    starts: Vec<Start>,
    edges: Vec<u16>,
    successors: Vec<u32>,
}

/// The values of every index of the class of `material` (see [`value`]).
pub(super) fn solve(rules: &Rules, tables: &Tables, material: &Material, indexer: &Indexer) -> Result<Vec<u16>, EgtbError> {
    let n = indexer.placements() * 2;
    let chunks: Vec<Result<Chunk, EgtbError>> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| examine_chunk(rules, tables, material, indexer, c * CHUNK..((c + 1) * CHUNK).min(n)))
        .collect();
    let chunks: Vec<Chunk> = chunks.into_iter().collect::<Result<_, _>>()?;
    let moves: u64 = chunks.iter().map(|c| c.successors.len() as u64).sum();
    if moves > u64::from(u32::MAX) {
        return Err(EgtbError::TooManyMoves { material: material.describe(rules), moves });
    }
    let graph = Graph::new(&chunks, n as usize);
    propagate(chunks, graph, indexer.placements()).map_err(|()| EgtbError::TooDeep { material: material.describe(rules) })
}

/// Examines the positions of `range`.
fn examine_chunk(
    rules: &Rules,
    tables: &Tables,
    material: &Material,
    indexer: &Indexer,
    range: std::ops::Range<u64>,
) -> Result<Chunk, EgtbError> {
    let mut out = Chunk { starts: Vec::with_capacity((range.end - range.start) as usize), edges: Vec::new(), successors: Vec::new() };
    let mut scratch = Vec::new();
    let mut work = Work { list: MoveList::new(), cells: Default::default(), binom: &tables.binom };
    for index in range {
        let Some(mut pos) = indexer.unrank(rules, index, &tables.binom, &mut scratch) else {
            out.starts.push(Start::Invalid);
            out.edges.push(0);
            continue;
        };
        let before = out.successors.len();
        let start = examine(rules, tables, material, indexer, &mut pos, &mut work, &mut out.successors)?;
        out.starts.push(start);
        let edges = out.successors.len() - before;
        let moves = edges as u64;
        out.edges.push(u16::try_from(edges).map_err(|_| EgtbError::TooManyMoves { material: material.describe(rules), moves })?);
    }
    Ok(out)
}

/// What one worker reuses from position to position.
struct Work<'b> {
    list: MoveList,
    cells: [[Vec<u16>; MAX_KINDS]; 2],
    binom: &'b Binomials,
}

/// Examines one position: decided by the rules, or its moves (the indices of those that
/// stay in the class pushed on `successors`).
fn examine(
    rules: &Rules,
    tables: &Tables,
    material: &Material,
    indexer: &Indexer,
    pos: &mut Position,
    work: &mut Work,
    successors: &mut Vec<u32>,
) -> Result<Start, EgtbError> {
    let outcome = pos.outcome(rules, &mut work.list);
    if work.list.exceeded() {
        return Err(EgtbError::Budget(crate::fen::write_fen(rules, pos)));
    }
    if let Some(v) = decided(outcome, pos.side_to_move()) {
        return Ok(Start::Decided(v));
    }
    let (mut win, mut lose_after) = (0u16, 0u16);
    let list = std::mem::take(&mut work.list);
    let mover = pos.side_to_move();
    for m in list.iter() {
        let undo = pos.make(rules, m);
        let same_side = pos.side_to_move() == mover;
        cells_by_kind(pos, &mut work.cells);
        let child = if Material::of_cells(&work.cells) == *material && !pos.over {
            let i = indexer.rank(pos.side_to_move(), &work.cells, work.binom).ok_or_else(|| outside(rules, pos))?;
            successors.push(i as u32);
            None
        } else {
            Some(outside_value(rules, tables, pos, &mut work.cells)?)
        };
        pos.unmake(rules, m, undo);
        let Some(v) = child else { continue };
        match (value::wdl_of(v), same_side) {
            (value::WIN, false) | (value::LOSS, true) => lose_after = lose_after.max(value::plies(v)),
            (value::LOSS, false) | (value::WIN, true) => {
                let plies = value::plies(v) + 1;
                win = if win == 0 { plies } else { win.min(plies) };
                lose_after = CANNOT_LOSE;
            }
            _ => lose_after = CANNOT_LOSE,
        }
    }
    work.list = list;
    Ok(Start::Open { win, lose_after })
}

/// The value of a position the rules decide, for its side to move (`None`: it goes on).
fn decided(outcome: Outcome, side: Side) -> Option<u16> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Win(s, _) if s == side => Some(value::make(value::WIN, 0)),
        Outcome::Win(..) => Some(value::make(value::LOSS, 0)),
        Outcome::Draw(_) => Some(value::make(value::DRAW, 0)),
    }
}

/// The value of a position out of the class being built: decided by the rules where the
/// game is over after a pass, else from the tables built; `cells` holds its pieces by side
/// and kind.
fn outside_value(rules: &Rules, tables: &Tables, pos: &mut Position, cells: &mut [[Vec<u16>; MAX_KINDS]; 2]) -> Result<u16, EgtbError> {
    if pos.over {
        let outcome = pos.outcome(rules, &mut MoveList::new());
        return decided(outcome, pos.side_to_move()).ok_or_else(|| outside(rules, pos));
    }
    // `cells` holds the position's pieces by side and kind.
    let material = Material::of_cells(cells);
    let Some(class) = tables.class_of(&material) else {
        return Err(EgtbError::Missing { material: material.describe(rules), fen: crate::fen::write_fen(rules, pos) });
    };
    let i = class.indexer.rank(pos.side_to_move(), cells, &tables.binom).ok_or_else(|| outside(rules, pos))?;
    match class.values[i as usize] {
        value::NOT_A_POSITION => Err(outside(rules, pos)),
        v => Ok(v),
    }
}

/// The error of a position the index cannot hold.
fn outside(rules: &Rules, pos: &Position) -> EgtbError {
    EgtbError::Unindexed(crate::fen::write_fen(rules, pos))
}

/// The moves inside the class, backwards: for each position, the positions with a move to
/// it (once per move).
struct Graph {
    /// `predecessors[offsets[i]..offsets[i + 1]]`: the positions that move to `i`.
    offsets: Vec<u32>,
    predecessors: Vec<u32>,
}

impl Graph {
    /// The graph of the chunks' moves, over `n` positions.
    fn new(chunks: &[Chunk], n: usize) -> Graph {
        let mut offsets = vec![0u32; n + 1];
        for c in chunks {
            for &s in &c.successors {
                offsets[s as usize + 1] += 1;
            }
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut predecessors = vec![0u32; offsets[n] as usize];
        let mut from = 0u32;
        for c in chunks {
            let mut at = 0usize;
            for &e in &c.edges {
                for &s in &c.successors[at..at + e as usize] {
                    predecessors[fill[s as usize] as usize] = from;
                    fill[s as usize] += 1;
                }
                at += e as usize;
                from += 1;
            }
        }
        Graph { offsets, predecessors }
    }

    fn predecessors(&self, i: u32) -> &[u32] {
        &self.predecessors[self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize]
    }
}

/// Spreads the values backwards level by level (see the module's text); `Err` when a
/// distance passes [`MAX_PLIES`].
fn propagate(chunks: Vec<Chunk>, graph: Graph, placements: u64) -> Result<Vec<u16>, ()> {
    let mut s = Spread::seed(chunks, graph.offsets.len() - 1);
    let mut level = 0usize;
    while level < s.level_of.len() || level < s.pending.len() {
        if level > MAX_PLIES as usize {
            return Err(());
        }
        s.level(&graph, placements, level);
        level += 1;
    }
    Ok(s.finish())
}

/// The state of the spreading of values.
struct Spread {
    /// Per position, its value (0: not known yet).
    values: Vec<u16>,
    /// Per position, its moves inside the class not yet known to lose for it.
    remaining: Vec<u16>,
    /// Per position, the plies after which its moves out of the class are all lost, or
    /// [`CANNOT_LOSE`].
    lose_after: Vec<u16>,
    /// Per index, whether it is a position.
    valid: Vec<bool>,
    /// Per level, the positions whose value was set at it.
    level_of: Vec<Vec<u32>>,
    /// Per level, the positions whose moves out of the class give them a value at it (set
    /// then unless found sooner).
    pending: Vec<Vec<(u32, u16)>>,
}

impl Spread {
    /// The state before any level: the decided positions at level 0, the values the moves
    /// out of the class give pending at theirs.
    fn seed(chunks: Vec<Chunk>, n: usize) -> Spread {
        let mut s = Spread {
            values: vec![0; n],
            remaining: Vec::with_capacity(n),
            lose_after: vec![CANNOT_LOSE; n],
            valid: vec![false; n],
            level_of: vec![Vec::new()],
            pending: Vec::new(),
        };
        let mut i = 0usize;
        for c in chunks {
            for (start, &e) in c.starts.iter().zip(&c.edges) {
                s.remaining.push(e);
                match *start {
                    Start::Invalid => {}
                    Start::Decided(v) => {
                        s.valid[i] = true;
                        s.values[i] = v;
                        if value::wdl_of(v) != value::DRAW {
                            s.level_of[0].push(i as u32);
                        }
                    }
                    Start::Open { win, lose_after } => {
                        s.valid[i] = true;
                        s.lose_after[i] = lose_after;
                        if win > 0 {
                            push_pending(&mut s.pending, win, i as u32, value::make(value::WIN, win));
                        } else if e == 0 && lose_after != CANNOT_LOSE {
                            push_pending(&mut s.pending, lose_after + 1, i as u32, value::make(value::LOSS, lose_after + 1));
                        }
                    }
                }
                i += 1;
            }
        }
        s
    }

    /// Sets the pending values of `level`, and spreads every value of the level to the
    /// positions with a move to it.
    fn level(&mut self, graph: &Graph, placements: u64, level: usize) {
        let side = |x: u32| u64::from(x) >= placements;
        let mut now = self.level_of.get_mut(level).map(std::mem::take).unwrap_or_default();
        for (x, v) in self.pending.get_mut(level).map(std::mem::take).unwrap_or_default() {
            if self.values[x as usize] == 0 {
                self.values[x as usize] = v;
                now.push(x);
            }
        }
        let d = level as u16;
        let mut next = Vec::new();
        for &x in &now {
            let won = value::wdl_of(self.values[x as usize]) == value::WIN;
            for &p in graph.predecessors(x) {
                let at_p = p as usize;
                if self.values[at_p] != 0 {
                    continue;
                }
                // Good for p: a loss for the opponent, or a win where p's side moves again.
                if won == (side(p) == side(x)) {
                    self.values[at_p] = value::make(value::WIN, d + 1);
                    next.push(p);
                    continue;
                }
                self.remaining[at_p] -= 1;
                let after = self.lose_after[at_p];
                if self.remaining[at_p] == 0 && after != CANNOT_LOSE {
                    let at = after.max(d) + 1;
                    if at == d + 1 {
                        self.values[at_p] = value::make(value::LOSS, at);
                        next.push(p);
                    } else {
                        push_pending(&mut self.pending, at, p, value::make(value::LOSS, at));
                    }
                }
            }
        }
        if !next.is_empty() {
            self.level_of.resize(self.level_of.len().max(level + 2), Vec::new());
            self.level_of[level + 1] = next;
        }
    }

    /// The values: no position where the index is none, a draw where no level reached.
    fn finish(self) -> Vec<u16> {
        let mut values = self.values;
        for (v, ok) in values.iter_mut().zip(&self.valid) {
            *v = match (*v, ok) {
                (_, false) => value::NOT_A_POSITION,
                (0, true) => value::make(value::DRAW, 0),
                (v, true) => v,
            };
        }
        values
    }
}

/// Files `(x, v)` to be set at `level` unless found sooner.
fn push_pending(pending: &mut Vec<Vec<(u32, u16)>>, level: u16, x: u32, v: u16) {
    let l = level as usize;
    if pending.len() <= l {
        pending.resize(l + 1, Vec::new());
    }
    pending[l].push((x, v));
}
