//! Perft: counting the leaves of the legal-move tree, one thread or many.

use super::budget::BudgetExceeded;
use super::moves::{MoveList, Routes};
use super::position::Position;
use crate::compile::Rules;
use rayon::prelude::*;

/// Move lists for every ply of a search, allocated once.
pub struct Stack(Vec<MoveList>);

impl Stack {
    /// Lists for `depth` plies.
    pub fn new(depth: usize) -> Stack {
        Stack((0..depth.max(1)).map(|_| MoveList::new()).collect())
    }
}

/// Leaves of the tree under `pos`: on the fast path when the rules have its shape, else
/// by [`perft_rec`].
fn perft_from(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, lists: &mut [MoveList]) -> Result<u64, BudgetExceeded> {
    if pos.over && depth >= 1 {
        return Ok(0);
    }
    match rules.fast_rules() {
        Some(f) if depth >= 1 => f.perft(rules, pos, depth, routes),
        _ => perft_rec(pos, rules, depth, routes, lists),
    }
}

fn perft_rec(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, lists: &mut [MoveList]) -> Result<u64, BudgetExceeded> {
    let (list, rest) = lists.split_first_mut().expect("a list per ply");
    if depth == 1 {
        let n = pos.count_moves(rules, list, routes) as u64;
        return if list.exceeded { Err(BudgetExceeded::at(rules, pos)) } else { Ok(n) };
    }
    pos.try_generate(rules, list, routes)?;
    let mut nodes = 0;
    if depth == 2 {
        // Count each child's moves without playing the move where bit sets suffice.
        let child = &mut rest[0];
        for i in 0..list.len() {
            nodes += pos.count_after(rules, list.get(i), child, routes) as u64;
            if child.exceeded {
                let mut p = pos.clone();
                p.make(rules, list.get(i));
                return Err(BudgetExceeded::at(rules, &p));
            }
        }
        return Ok(nodes);
    }
    for m in &*list {
        let undo = pos.make(rules, m);
        let n = perft_rec(pos, rules, depth - 1, routes, rest);
        pos.unmake(rules, m, undo);
        nodes += n?;
    }
    Ok(nodes)
}

/// Leaves of the move tree `depth` plies deep, on one thread; `routes` says which
/// captures count as different moves (published tables differ on it: see [`Routes`]).
/// An error names the first position whose capture search passed the rules' budget
/// (see [`Rules::set_capture_budget`]).
///
/// ```
/// use polydame::{load_variant, perft, Position, Routes};
///
/// let rules = load_variant("international").unwrap();
/// let mut pos = Position::start(&rules);
/// assert_eq!(perft(&mut pos, &rules, 3, Routes::Distinct), Ok(658));
/// ```
pub fn perft(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes) -> Result<u64, BudgetExceeded> {
    if depth == 0 {
        return Ok(1);
    }
    let mut stack = Stack::new(depth as usize);
    perft_from(pos, rules, depth, routes, &mut stack.0)
}

/// Leaves under each root move: the root's moves, and for each (in the list's order)
/// the leaves `depth` plies deep under it, counted on `threads` threads.
pub fn divide(
    pos: &mut Position,
    rules: &Rules,
    depth: u32,
    routes: Routes,
    threads: usize,
) -> Result<(MoveList, Vec<u64>), BudgetExceeded> {
    let mut root = MoveList::new();
    pos.try_generate(rules, &mut root, routes)?;
    if depth <= 1 {
        let n = root.len();
        return Ok((root, vec![1; n]));
    }
    let work = |i: usize| {
        let mut p = pos.clone();
        p.make(rules, root.get(i));
        let mut stack = Stack::new(depth as usize - 1);
        perft_from(&mut p, rules, depth - 1, routes, &mut stack.0)
    };
    let counts: Result<Vec<u64>, BudgetExceeded> = if threads <= 1 {
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

/// Leaves of the move tree on `threads` threads (split two plies deep, so there is enough
/// work to share).
pub fn perft_parallel(pos: &mut Position, rules: &Rules, depth: u32, routes: Routes, threads: usize) -> Result<u64, BudgetExceeded> {
    if threads <= 1 || depth < 3 {
        return perft(pos, rules, depth, routes);
    }
    perft_with_progress(pos, rules, depth, routes, threads, &|_, _| {})
}

/// [`perft_parallel`], calling `progress(done, total)` each time one of the `total`
/// subtrees the count is split into is counted (from whichever thread counted it), so a
/// long count can show how far it is; with one thread too.
///
/// ```
/// use polydame::{load_variant, Position, Routes};
/// use polydame::engine::perft_with_progress;
/// use std::sync::atomic::{AtomicUsize, Ordering};
///
/// let rules = load_variant("international").unwrap();
/// let calls = AtomicUsize::new(0);
/// let n = perft_with_progress(&mut Position::start(&rules), &rules, 4, Routes::Distinct, 2, &|done, total| {
///     assert!(done <= total && total == 81);
///     calls.fetch_add(1, Ordering::Relaxed);
/// });
/// assert_eq!((n, calls.into_inner()), (Ok(4265), 81));
/// ```
pub fn perft_with_progress(
    pos: &mut Position,
    rules: &Rules,
    depth: u32,
    routes: Routes,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<u64, BudgetExceeded> {
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
        let mut stack = Stack::new(depth as usize - 2);
        let n = perft_from(&mut p, rules, depth - 2, routes, &mut stack.0);
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
