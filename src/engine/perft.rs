//! Perft: counting the leaves of the legal-move tree, one thread or many.

use super::budget::BudgetExceeded;
use super::moves::{MoveList, Routes};
use super::position::Position;
use crate::compile::Rules;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The deepest count perft takes: a count is a recursion with a move list a ply, and no
/// tree of a draughts game can be counted this deep (International's perft 20 is already
/// past any machine), so a larger depth is a mistake, refused before anything is allocated.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// The most threads a count runs on: more than any machine has cores; each is a thread
/// of its own (with its stack), so a larger number costs time and gains nothing.
pub const MAX_PERFT_THREADS: usize = 256;

/// Why a count has no number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// A position's capture search passed the rules' budget (see
    /// [`Rules::set_capture_budget`]).
    #[error(transparent)]
    Budget(#[from] BudgetExceeded),
    /// The depth asked for is deeper than [`MAX_PERFT_DEPTH`].
    #[error("a perft of depth {depth} is refused: the deepest count is {MAX_PERFT_DEPTH} plies")]
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// More threads were asked for than [`MAX_PERFT_THREADS`].
    #[error("a perft on {threads} threads is refused: at most {MAX_PERFT_THREADS} threads")]
    TooManyThreads {
        /// The threads asked for.
        threads: usize,
    },
    /// The count was stopped (its stop flag was set) before it was done.
    #[error("the count was stopped before it was done")]
    Stopped,
}

/// The depth and threads of a count, or why they are refused.
fn check_limits(depth: u32, threads: usize) -> Result<(), PerftError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PerftError::TooDeep { depth });
    }
    if threads > MAX_PERFT_THREADS {
        return Err(PerftError::TooManyThreads { threads });
    }
    Ok(())
}

/// Whether `stop` is set.
fn stopped(stop: Option<&AtomicBool>) -> bool {
    stop.is_some_and(|s| s.load(Ordering::Relaxed))
}

/// Move lists for every ply of a search, allocated once.
pub struct Stack(Vec<MoveList>);

impl Stack {
    /// Lists for `depth` plies.
    pub fn new(depth: usize) -> Stack {
        Stack((0..depth.max(1)).map(|_| MoveList::new()).collect())
    }
}

/// Leaves of the tree under `pos`: on the fast path when the rules have its shape, else
/// by [`perft_rec`]; `Stopped` soon after `stop` is set.
fn perft_from(
    pos: &mut Position,
    rules: &Rules,
    depth: u32,
    routes: Routes,
    lists: &mut [MoveList],
    stop: Option<&AtomicBool>,
) -> Result<u64, PerftError> {
    if pos.over && depth >= 1 {
        return Ok(0);
    }
    if rules.spec.capture.moves_again {
        return perft_turns(pos, rules, depth, routes, stop);
    }
    match rules.fast_rules() {
        Some(f) if depth >= 1 => f.perft(rules, pos, depth, routes, stop),
        _ => perft_rec(pos, rules, depth, routes, lists, stop),
    }
}

fn perft_rec(
    pos: &mut Position,
    rules: &Rules,
    depth: u32,
    routes: Routes,
    lists: &mut [MoveList],
    stop: Option<&AtomicBool>,
) -> Result<u64, PerftError> {
    let Some((list, rest)) = lists.split_first_mut() else { return Err(PerftError::TooDeep { depth }) };
    if depth == 1 {
        let n = pos.count_moves(rules, list, routes) as u64;
        return if list.exceeded { Err(BudgetExceeded::at(rules, pos).into()) } else { Ok(n) };
    }
    pos.try_generate(rules, list, routes)?;
    let mut nodes = 0;
    if depth == 2 {
        // Count each child's moves without playing the move where bit sets suffice.
        let Some(child) = rest.first_mut() else { return Err(PerftError::TooDeep { depth }) };
        for i in 0..list.len() {
            nodes += pos.count_after(rules, list.get(i), child, routes) as u64;
            if child.exceeded {
                let mut p = pos.clone();
                p.make(rules, list.get(i));
                return Err(BudgetExceeded::at(rules, &p).into());
            }
        }
        return Ok(nodes);
    }
    // Three plies or more above the leaves: a node rare enough to look at the flag.
    if stopped(stop) {
        return Err(PerftError::Stopped);
    }
    for m in &*list {
        let undo = pos.make(rules, m);
        let n = perft_rec(pos, rules, depth - 1, routes, rest, stop);
        pos.unmake(rules, m, undo);
        nodes += n?;
    }
    Ok(nodes)
}

/// What tells whole turns apart with [`Routes::Distinct`] where a side moves again
/// (`moves_again`): the turn's first origin, its last destination, the pieces it took
/// (their cells' keys xored) and the position it leaves.
type TurnKey = (u16, u16, u64, u64);

/// Perft where a side may move again (`[capture] moves_again`): a ply is a whole turn, its
/// moves played until the other side is to move. With [`Routes::Distinct`] turns that
/// start on one cell, end on one cell, take the same pieces and leave the same position
/// count once; with the other routes every sequence of moves counts.
fn perft_turns(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, stop: Option<&AtomicBool>) -> Result<u64, PerftError> {
    if depth == 0 {
        return Ok(1);
    }
    if pos.over {
        return Ok(0);
    }
    if stopped(stop) {
        return Err(PerftError::Stopped);
    }
    let mut seen = std::collections::HashSet::new();
    turn_leaves(pos, rules, depth, routes, None, &mut seen, stop)
}

/// The leaves under the turns that go on from `pos` (`turn`: the first origin and the
/// pieces taken so far in the turn, `None` at its start), each whole turn counted once
/// in `seen` with [`Routes::Distinct`].
fn turn_leaves(
    pos: &mut Position,
    rules: &Rules,
    depth: u32,
    routes: Routes,
    turn: Option<(u16, u64)>,
    seen: &mut std::collections::HashSet<TurnKey>,
    stop: Option<&AtomicBool>,
) -> Result<u64, PerftError> {
    let mut list = MoveList::new();
    pos.try_generate(rules, &mut list, routes)?;
    let mut nodes = 0;
    for m in &list {
        let (first, taken) = turn.unwrap_or((m.from(), 0));
        let taken = taken ^ m.stored().key;
        let undo = pos.make(rules, m);
        let n = if m.moves_again() {
            turn_leaves(pos, rules, depth, routes, Some((first, taken)), seen, stop)
        } else if routes == Routes::Distinct && !seen.insert((first, m.to(), taken, pos.hash)) {
            Ok(0)
        } else {
            perft_turns(pos, rules, depth - 1, routes, stop)
        };
        pos.unmake(rules, m, undo);
        nodes += n?;
    }
    Ok(nodes)
}

/// Leaves of the move tree `depth` plies deep, on one thread; `routes` says which
/// captures count as different moves (published tables differ on it: see [`Routes`]).
/// An error names the first position whose capture search passed the rules' budget
/// (see [`Rules::set_capture_budget`]), or refuses a depth past [`MAX_PERFT_DEPTH`].
///
/// ```
/// use polydame::{load_variant, perft, Position, Routes};
/// use polydame::engine::PerftError;
///
/// let rules = load_variant("international").unwrap();
/// let mut pos = Position::start(&rules);
/// assert_eq!(perft(&mut pos, &rules, 3, Routes::Distinct), Ok(658));
/// assert_eq!(perft(&mut pos, &rules, 100_000_000, Routes::Distinct), Err(PerftError::TooDeep { depth: 100_000_000 }));
/// ```
pub fn perft(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes) -> Result<u64, PerftError> {
    check_limits(depth, 1)?;
    if depth == 0 {
        return Ok(1);
    }
    let mut stack = Stack::new(depth as usize);
    perft_from(pos, rules, depth, routes, &mut stack.0, None)
}

/// Leaves under each root move: the root's moves, and for each (in the list's order)
/// the leaves `depth` plies deep under it, counted on `threads` threads.
pub fn divide(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, threads: usize) -> Result<(MoveList, Vec<u64>), PerftError> {
    check_limits(depth, threads)?;
    let mut root = MoveList::new();
    pos.try_generate(rules, &mut root, routes)?;
    if rules.spec.capture.moves_again && depth >= 1 {
        return divide_turns(pos, rules, depth, routes, root);
    }
    if depth <= 1 {
        let n = root.len();
        return Ok((root, vec![1; n]));
    }
    let work = |i: usize| {
        let mut p = pos.clone();
        p.make(rules, root.get(i));
        let mut stack = Stack::new(depth as usize - 1);
        perft_from(&mut p, rules, depth - 1, routes, &mut stack.0, None)
    };
    let counts: Result<Vec<u64>, PerftError> = if threads <= 1 {
        (0..root.len()).map(work).collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        match pool {
            Ok(pool) => pool.install(|| (0..root.len()).into_par_iter().map(work).collect()),
            Err(_) => (0..root.len()).map(work).collect(),
        }
    };
    Ok((root, counts?))
}

/// [`divide`] where a side may move again: the leaves under each root move, on one thread,
/// a whole turn counted under the first root move that makes it.
fn divide_turns(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, root: MoveList) -> Result<(MoveList, Vec<u64>), PerftError> {
    let mut seen = std::collections::HashSet::new();
    let mut counts = Vec::with_capacity(root.len());
    for m in &root {
        let mut p = pos.clone();
        p.make(rules, m);
        let turn = (m.from(), m.stored().key);
        let n = if m.moves_again() {
            turn_leaves(&mut p, rules, depth, routes, Some(turn), &mut seen, None)?
        } else if routes == Routes::Distinct && !seen.insert((turn.0, m.to(), turn.1, p.hash)) {
            0
        } else {
            perft_turns(&mut p, rules, depth - 1, routes, None)?
        };
        counts.push(n);
    }
    Ok((root, counts))
}

/// Leaves of the move tree on `threads` threads (split two plies deep, so there is enough
/// work to share).
pub fn perft_parallel(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, threads: usize) -> Result<u64, PerftError> {
    check_limits(depth, threads)?;
    if threads <= 1 || depth < 3 {
        return perft(pos, rules, depth, routes);
    }
    perft_with_progress(pos, rules, depth, routes, threads, &|_, _| {}, None)
}

/// [`perft_parallel`], calling `progress(done, total)` each time one of the `total`
/// subtrees the count is split into is counted (from whichever thread counted it), so a
/// long count can show how far it is; with one thread too. The count ends with
/// [`PerftError::Stopped`] soon after `stop` is set (from another thread: a user's
/// Ctrl-C, say).
///
/// ```
/// use polydame::{load_variant, Position, Routes};
/// use polydame::engine::{perft_with_progress, PerftError};
/// use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
///
/// let rules = load_variant("international").unwrap();
/// let calls = AtomicUsize::new(0);
/// let n = perft_with_progress(&mut Position::start(&rules), &rules, 4, Routes::Distinct, 2, &|done, total| {
///     assert!(done <= total && total == 81);
///     calls.fetch_add(1, Ordering::Relaxed);
/// }, None);
/// assert_eq!((n, calls.into_inner()), (Ok(4265), 81));
/// // A count stopped before it starts has no number.
/// let stop = AtomicBool::new(true);
/// let n = perft_with_progress(&mut Position::start(&rules), &rules, 9, Routes::Distinct, 2, &|_, _| {}, Some(&stop));
/// assert_eq!(n, Err(PerftError::Stopped));
/// ```
pub fn perft_with_progress(
    pos: &mut Position,
    rules: &Rules,
    depth: u32,
    routes: Routes,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    stop: Option<&AtomicBool>,
) -> Result<u64, PerftError> {
    check_limits(depth, threads)?;
    if stopped(stop) {
        return Err(PerftError::Stopped);
    }
    if rules.spec.capture.moves_again {
        // A side that moves again makes plies of several moves: counted whole, on one
        // thread.
        let n = perft_turns(pos, rules, depth, routes, stop);
        progress(1, 1);
        return n;
    }
    if depth < 3 {
        let n = perft(pos, rules, depth, routes);
        progress(1, 1);
        return n;
    }
    let mut root = MoveList::new();
    pos.try_generate(rules, &mut root, routes)?;
    let mut jobs: Vec<Position> = Vec::new();
    for m in &root {
        let mut p = pos.clone();
        p.make(rules, m);
        let mut l = MoveList::new();
        p.try_generate(rules, &mut l, routes)?;
        for m2 in &l {
            let mut q = p.clone();
            q.make(rules, m2);
            jobs.push(q);
        }
    }
    let total = jobs.len();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let work = |mut p: Position| {
        if stopped(stop) {
            return Err(PerftError::Stopped);
        }
        let mut stack = Stack::new(depth as usize - 2);
        let n = perft_from(&mut p, rules, depth - 2, routes, &mut stack.0, stop);
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, total);
        n
    };
    if threads <= 1 {
        return jobs.into_iter().map(work).sum();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| jobs.into_par_iter().map(work).sum()),
        Err(_) => jobs.into_iter().map(work).sum(),
    }
}
