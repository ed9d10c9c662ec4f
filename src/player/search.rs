//! The search: negamax alpha-beta, deepened one ply at a time, with the transposition
//! table, move ordering and quiescence over captures.

use super::line::Lines;
use super::order::MoveOrder;
use super::table::{Bound, Entry, Table};
use super::{Best, Limits, MAX_DEPTH, Player, WIN_SCORE};
use crate::egtb::Wdl;
use crate::engine::{BudgetExceeded, History, MoveInfo, MoveList, Outcome, Position, Routes, Stop};
use crate::spec::NoPieces;
use crate::spec::Side;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How far the quiescence search goes past the depth.
const CAPTURE_PLIES: u32 = 12;
/// Past this many plies of quiescence, a position with more captures than
/// [`WIDE_CAPTURES`] is scored as it stands: where nearly every move captures (an
/// approach-and-withdrawal game), following every capture to the horizon would search
/// millions of positions for one leaf.
const WIDE_AFTER: u32 = 2;
const WIDE_CAPTURES: usize = 4;
/// The work between two readings of the clock: 64 positions (a reading costs about as much
/// as a tenth of a position), fewer where their capture searches are long. A capture
/// search itself looks at the clock every `STOP_EVERY` steps.
const CLOCK_EVERY: u64 = 64;
/// Late move reductions: at a node this many plies deep or more, the quiet moves tried
/// after the first [`REDUCE_AFTER`] are searched a ply shallower, and past
/// [`REDUCE_MORE_AFTER`] two plies shallower where the node is [`REDUCE_MORE_DEPTH`] deep;
/// a move that then scores above the window is searched again to the full depth.
const REDUCE_DEPTH: u32 = 3;
const REDUCE_AFTER: usize = 3;
const REDUCE_MORE_AFTER: usize = 8;
const REDUCE_MORE_DEPTH: u32 = 5;
/// Scores beyond this are forced wins or losses.
const FORCED: i32 = WIN_SCORE - 1000;
const INFINITY: i32 = WIN_SCORE + 1;

/// The search's state: limits, the clock, the count of positions, scratch lists.
pub(super) struct TreeSearch<'p, 'r> {
    player: &'p Player<'r>,
    table: &'p mut Table,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    /// The clock and the stop flag as the capture searches of the lists heed them (none
    /// without a time or a flag), so that one long capture search stops too.
    lists_stop: Option<Stop>,
    out_of_time: bool,
    /// The score of the root's best move so far in the depth being searched (its line is
    /// the root's line), and the root's first move in that depth.
    root_score: i32,
    root_first: Option<MoveInfo>,
    /// Work done since the clock was last read: a node each, and a node's capture-search
    /// steps by the hundred where the general engine counts them (see [`CLOCK_EVERY`]).
    work: u64,
    /// The ply past which captures are not followed any more.
    horizon: u32,
    /// The hashes of the game's earlier positions (sorted), and of those along the line
    /// searched: coming back to one is scored a draw, so a player ahead does not go round
    /// in circles.
    earlier: Vec<u64>,
    path: Vec<u64>,
    /// The game's past and the line searched, for the variant's other draws by history
    /// (move-count rules, passes).
    history: History,
    nodes: u64,
    /// Per ply, its move list and the order its moves are tried in.
    /// (Boxed, so taking a ply's lists out while it is searched moves a pointer.)
    lists: Vec<Option<Box<Lists>>>,
    /// The other side's moves, counted for mobility.
    scratch: MoveList,
    /// The line each ply expects.
    lines: Lines,
    /// Killers and history, for the order of quiet moves.
    order: MoveOrder,
}

impl<'p, 'r> TreeSearch<'p, 'r> {
    pub fn new(player: &'p Player<'r>, table: &'p mut Table, limits: &Limits, history: &History) -> TreeSearch<'p, 'r> {
        let deadline = limits.time.and_then(|t| Instant::now().checked_add(t));
        TreeSearch {
            player,
            table,
            deadline,
            stop: limits.stop.clone(),
            lists_stop: (deadline.is_some() || limits.stop.is_some()).then(|| Stop::new(limits.stop.clone(), deadline)),
            out_of_time: false,
            root_score: 0,
            root_first: None,
            work: 0,
            horizon: 0,
            earlier: sorted(history.hashes()),
            path: Vec::new(),
            history: history.clone(),
            nodes: 0,
            lists: Vec::new(),
            scratch: MoveList::new(),
            lines: Lines::default(),
            order: MoveOrder::new(player.rules.spec().geometry.len(), player.seed),
        }
    }

    /// Searches deeper and deeper until the limits; `each` hears of every depth finished.
    pub fn run(mut self, pos: &Position, limits: &Limits, each: &mut dyn FnMut(&Best)) -> Result<Best, BudgetExceeded> {
        let mut pos = pos.clone();
        let mut found = Best { best: None, score: 0, pv: Vec::new(), depth: 0, nodes: 0 };
        if pos.history_draw(self.player.rules, &self.history, true).is_some() {
            // The game is over by its past (passes, a repetition, a move-count rule): no move.
            return Ok(found);
        }
        self.scratch.stop_on(self.lists_stop.clone());
        for depth in 1..=limits.depth.clamp(1, MAX_DEPTH) {
            if depth > 1 && self.must_stop_now() {
                break;
            }
            self.horizon = depth + CAPTURE_PLIES;
            let score = self.negamax(&mut pos, depth, 0, -INFINITY, INFINITY)?;
            if self.out_of_time {
                if found.best.is_none() {
                    // Stopped in the first search: the best root move it finished, or the
                    // first in its order; there is always a move to answer.
                    found = self.unfinished();
                } else if let Some(m) = self.lines.get(0).first().filter(|m| Some(*m) != found.best.as_ref())
                    && self.root_first == found.best
                {
                    // A root move searched to this depth whole came out better than the
                    // last depth's best, searched to this depth too (it is tried first):
                    // it is the better move, the depth's line unfinished.
                    found = Best { best: Some(m.clone()), score: self.root_score, pv: self.lines.get(0).to_vec(), ..found };
                }
                break;
            }
            let mut pv = self.lines.get(0).to_vec();
            self.extend_line(&mut pos, &mut pv, depth as usize);
            self.extend_by_tables(&pos, &mut pv);
            found = Best { best: pv.first().cloned(), score, pv, depth, nodes: self.nodes };
            each(&found);
            if found.forced().is_some() {
                break;
            }
        }
        found.nodes = self.nodes;
        Ok(found)
    }

    /// Whether the search must stop: the time is up or the stop flag is set, the clock
    /// read once enough work is done since it was last read.
    fn must_stop(&mut self) -> bool {
        if !self.out_of_time && self.work >= CLOCK_EVERY {
            self.must_stop_now();
        }
        self.out_of_time
    }

    /// [`TreeSearch::must_stop`], the clock read now.
    fn must_stop_now(&mut self) -> bool {
        self.work = 0;
        if !self.out_of_time {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
            self.out_of_time = late || stopped;
        }
        self.out_of_time
    }

    /// Counts the work of a list just filled; whether its search was stopped (then the
    /// search is out of time: the list is incomplete).
    fn filled(&mut self, list: &MoveList) -> bool {
        self.worked(list.steps(), list.stopped())
    }

    /// [`TreeSearch::filled`] of a list's steps and whether it was stopped.
    fn worked(&mut self, steps: u64, stopped: bool) -> bool {
        self.work += 1 + steps / 128;
        if stopped {
            self.out_of_time = true;
        }
        stopped
    }

    /// What a first search stopped before its end answers: the best root move it
    /// finished (its line), or else the first root move in its order, unscored. (The
    /// root's list is never stopped: it holds every move.)
    fn unfinished(&mut self) -> Best {
        let mut pv = self.lines.get(0).to_vec();
        if pv.is_empty()
            && let Some(Some(root)) = self.lists.first()
            && let Some(&(_, i)) = root.1.first()
        {
            pv.push(root.0.info(i as usize));
        }
        Best { best: pv.first().cloned(), score: 0, pv, depth: 0, nodes: self.nodes }
    }

    /// The score of `pos` for the side to move, searched `depth` plies and then over
    /// captures, within the window `alpha..beta`; the line of `ply` gets its best line.
    fn negamax(&mut self, pos: &mut Position, depth: u32, ply: u32, alpha: i32, beta: i32) -> Result<i32, BudgetExceeded> {
        self.nodes += 1;
        self.work += 1;
        self.lines.clear(ply as usize);
        self.must_stop();
        if ply > 0 && (self.earlier.binary_search(&pos.hash()).is_ok() || self.path.contains(&pos.hash())) {
            return Ok(0);
        }
        if ply > 0
            && let Some(score) = self.endgame_score(pos, ply)
        {
            return Ok(score);
        }
        // The table holds searches of depth 1 and more; a node past the depth meets one
        // only by a rare transposition, and probing is a cache miss a node.
        let stored = if depth > 0 { self.table.probe(pos.hash()) } else { None };
        if let Some(e) = stored.filter(|e| ply > 0 && depth > 0 && u32::from(e.depth) >= depth) {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return Ok(score);
            }
        }
        if self.lists.len() <= ply as usize {
            let mut lists: Box<Lists> = Box::default();
            // The root's moves are listed whole, so that there is always a move to answer;
            // every later list stops with the search.
            if ply > 0 {
                lists.0.stop_on(self.lists_stop.clone());
            }
            self.lists.push(Some(lists));
        }
        let mut lists = self.lists[ply as usize].take().unwrap_or_default();
        let (list, order) = &mut *lists;
        let hint = stored.map_or(u16::MAX, |e| e.best);
        let result = self.node(pos, Node { depth, ply, alpha, beta, hint }, list, order);
        self.lists[ply as usize] = Some(lists);
        result
    }

    /// The score the endgame tables give `pos`, `ply` plies into the line, where the
    /// player has tables and they hold its class: a win or a loss in their plies, a draw 0.
    fn endgame_score(&self, pos: &Position, ply: u32) -> Option<i32> {
        let tables = self.player.tables.as_ref()?;
        let pieces = pos.pieces(Side::White).len() + pos.pieces(Side::Black).len();
        if pieces as usize > tables.max_pieces() {
            return None;
        }
        let probe = tables.probe(pos)?;
        // Past the forced scores' range, a result is still a win or a loss, unforced.
        let to_end = (ply + u32::from(probe.plies)).min((WIN_SCORE - FORCED - 1) as u32) as i32;
        Some(match probe.wdl {
            Wdl::Win => WIN_SCORE - to_end,
            Wdl::Loss => -(WIN_SCORE - to_end),
            Wdl::Draw => 0,
        })
    }

    /// A leaf where no piece can capture, scored with its moves counted, not listed: what
    /// [`TreeSearch::node`] finds there the long way (the game goes on, so its moves are
    /// counted; no capture, so the position is evaluated), on the variants whose only end
    /// a position without moves can reach is having none. `None`: take the long way.
    fn quiet_leaf(&mut self, pos: &mut Position, n: Node, list: &mut MoveList) -> Option<i32> {
        let rules = self.player.rules;
        let end = &rules.spec().end;
        let no_pieces_ends = match end.no_pieces {
            NoPieces::Loss | NoPieces::Win => true,
            NoPieces::MoverWins | NoPieces::PassThenLoss => false,
        };
        if end.promotion_wins || !no_pieces_ends || !end.material.is_empty() || !end.rules.is_empty() || pos.might_capture(rules) {
            return None;
        }
        let count = pos.count_moves(rules, list, Routes::Distinct);
        if self.filled(list) {
            return Some(0);
        }
        if list.exceeded() && n.ply > 0 {
            return Some(self.player.worth.material(pos));
        }
        if count == 0 || list.exceeded() || pos.pieces(pos.side_to_move()).is_empty() {
            return None;
        }
        if n.ply > 0 && pos.history_draw(rules, &self.history, false).is_some() {
            return Some(0);
        }
        Some(self.evaluate(pos, count))
    }

    /// The evaluation of `pos` with `ours` legal moves (its mobility counted in the
    /// scratch list, whose search may be stopped).
    fn evaluate(&mut self, pos: &mut Position, ours: usize) -> i32 {
        let score = self.player.worth.evaluate(self.player.rules, pos, ours, &mut self.scratch);
        self.worked(self.scratch.steps(), self.scratch.stopped());
        score
    }

    /// The score, for the side that made it, of the move just made from a node `n` whose
    /// window is now `alpha..n.beta`. The first move is searched with the whole window;
    /// a later one first with the narrowest window above `alpha` (and `reduce` plies
    /// shallower), which proves most of them no better cheaply, then again with the whole
    /// window and depth only if it came out better. A move after which the same side moves
    /// again is searched as the side's own position.
    fn child(&mut self, pos: &mut Position, n: Node, alpha: i32, c: Child) -> Result<i32, BudgetExceeded> {
        let (depth, ply) = (n.depth.saturating_sub(1), n.ply + 1);
        if c.again {
            return self.negamax(pos, depth, ply, alpha, n.beta);
        }
        if c.first || n.depth == 0 {
            return Ok(-self.negamax(pos, depth, ply, -n.beta, -alpha)?);
        }
        let mut score = -self.negamax(pos, depth - c.reduce, ply, -alpha - 1, -alpha)?;
        if score > alpha && c.reduce > 0 && !self.out_of_time {
            score = -self.negamax(pos, depth, ply, -alpha - 1, -alpha)?;
        }
        if score > alpha && score < n.beta && !self.out_of_time {
            score = -self.negamax(pos, depth, ply, -n.beta, -alpha)?;
        }
        Ok(score)
    }

    /// A position whose capture search passed the rules' budget: at the root an error (its
    /// moves, one of which is the answer, are not known); deeper, it is scored by its
    /// material alone and not searched on, so that one such position in the tree does not
    /// cost the whole search its answer.
    fn past_budget(&self, pos: &Position, n: Node) -> Result<i32, BudgetExceeded> {
        if n.ply == 0 {
            return Err(BudgetExceeded::at(self.player.rules, pos));
        }
        Ok(self.player.worth.material(pos))
    }

    /// [`TreeSearch::negamax`] with the position's lists taken out of the scratch.
    fn node(&mut self, pos: &mut Position, n: Node, list: &mut MoveList, order: &mut Vec<(u32, u16)>) -> Result<i32, BudgetExceeded> {
        let rules = self.player.rules;
        if n.depth == 0
            && let Some(score) = self.quiet_leaf(pos, n, list)
        {
            return Ok(score);
        }
        let outcome = pos.outcome(rules, list);
        if self.filled(list) {
            return Ok(0);
        }
        match outcome {
            Outcome::Ongoing => {}
            Outcome::Win(side, _) if side == pos.side_to_move() => return Ok(WIN_SCORE - n.ply as i32),
            Outcome::Win(..) => return Ok(-(WIN_SCORE - n.ply as i32)),
            Outcome::Draw(_) => return Ok(0),
        }
        // The game goes on: `outcome` has left the legal moves in `list`.
        if list.exceeded() {
            return self.past_budget(pos, n);
        }
        if n.ply > 0 && pos.history_draw(rules, &self.history, false).is_some() {
            return Ok(0);
        }
        let mut alpha = n.alpha;
        let mut best = -INFINITY;
        let mut only_captures = false;
        if n.depth == 0 || self.out_of_time {
            let forced = list.iter().all(|m| m.captures() > 0);
            let any = list.iter().any(|m| m.captures() > 0);
            let past = (n.ply + CAPTURE_PLIES).saturating_sub(self.horizon);
            let wide = past >= WIDE_AFTER && list.len() > WIDE_CAPTURES;
            if self.out_of_time || n.ply >= self.horizon || !any || wide {
                return Ok(self.evaluate(pos, list.len()));
            }
            if !forced {
                // Taking is optional here: the score of not taking stands against it.
                best = self.evaluate(pos, list.len());
                if best >= n.beta {
                    return Ok(best);
                }
                alpha = alpha.max(best);
                only_captures = true;
            }
        }
        let side = pos.side_to_move();
        self.order.order(list, order, n.hint, n.ply, only_captures, side);
        // Late quiet moves are searched shallower where no capture is in the list.
        let reducible = n.depth >= REDUCE_DEPTH && n.ply > 0 && list.iter().all(|m| m.captures() == 0);
        let mut best_index = u16::MAX;
        for (tried, &(_, i)) in order.iter().enumerate() {
            let m = list.get(i as usize);
            if n.ply == 0 && tried == 0 {
                self.root_first = Some(list.info(i as usize));
            }
            let reduce = match tried {
                _ if !reducible || !MoveOrder::quiet(m) => 0,
                t if t >= REDUCE_MORE_AFTER && n.depth >= REDUCE_MORE_DEPTH => 2,
                t if t >= REDUCE_AFTER => 1,
                _ => 0,
            };
            self.path.push(pos.hash());
            let undo = pos.make(rules, m);
            self.history.push_ref(rules, m, pos);
            let score = self.child(pos, n, alpha, Child { again: m.moves_again(), first: tried == 0, reduce });
            self.history.pop();
            pos.unmake(rules, m, undo);
            self.path.pop();
            let score = score?;
            if self.out_of_time {
                // The move's search was cut: its score says nothing.
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_index = i;
                    self.lines.set(n.ply as usize, m);
                    if n.ply == 0 {
                        self.root_score = score;
                    }
                }
            }
            if alpha >= n.beta {
                if n.depth > 0 {
                    self.order.refuted(m, n.ply, n.depth, side);
                }
                break;
            }
        }
        if n.depth > 0 && !self.out_of_time {
            self.store(pos, n, best, best_index);
        }
        Ok(best)
    }

    /// Keeps a node's search in the table: its score `best` (a bound where it fell outside
    /// the window) and its best move's index (`u16::MAX`: none raised alpha).
    fn store(&mut self, pos: &Position, n: Node, best: i32, best_index: u16) {
        let bound = if best >= n.beta {
            Bound::Lower
        } else if best_index == u16::MAX {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let depth = n.depth.min(255) as u8;
        self.table.store(Entry { key: pos.hash(), score: to_table(best, n.ply), depth, bound, best: best_index });
    }

    /// Makes `pv` at least `depth` moves long where the table knows the best moves after it.
    fn extend_line(&mut self, pos: &mut Position, pv: &mut Vec<MoveInfo>, depth: usize) {
        let rules = self.player.rules;
        let mut game = crate::record::Game::from_position(rules, pos.clone());
        // The game's past goes on along the line: a line does not run past a draw by it
        // (passes, a move-count rule), which a game started here would not see.
        let mut history = self.history.clone();
        for m in pv.iter() {
            if game.play_move(m).is_err() {
                return;
            }
            history.push(rules, m, game.position());
        }
        let mut seen = HashSet::new();
        while pv.len() < depth {
            let p = game.position();
            if p.history_draw(rules, &history, true).is_some() {
                break;
            }
            let Some(e) = self.table.probe(p.hash()) else { break };
            let Ok(moves) = game.legal_moves() else { break };
            let Some(m) = moves.get(e.best as usize) else { break };
            if !seen.insert(p.hash()) || game.play_move(m).is_err() {
                break;
            }
            history.push(rules, m, game.position());
            pv.push(m.clone());
        }
    }
}

impl TreeSearch<'_, '_> {
    /// Where the line ends in a position the endgame tables hold, won or lost: the tables'
    /// best play from there on, to the end of the game.
    fn extend_by_tables(&self, pos: &Position, pv: &mut Vec<MoveInfo>) {
        let Some(tables) = &self.player.tables else { return };
        let rules = self.player.rules;
        let mut game = crate::record::Game::from_position(rules, pos.clone());
        if pv.iter().any(|m| game.play_move(m).is_err()) {
            return;
        }
        while let Some(probe) = tables.probe(game.position()) {
            if probe.wdl == Wdl::Draw || probe.plies == 0 {
                break;
            }
            let Some(m) = tables.best_move(rules, game.position()) else { break };
            if game.play_move(&m).is_err() {
                break;
            }
            pv.push(m);
        }
    }
}

/// A ply's move list and the order its moves are tried in.
type Lists = (MoveList, Vec<(u32, u16)>);

/// A node's depth, ply, window and the table's best move for it.
#[derive(Clone, Copy)]
struct Node {
    depth: u32,
    ply: u32,
    alpha: i32,
    beta: i32,
    hint: u16,
}

/// How a move's position is searched (see [`TreeSearch::child`]).
#[derive(Clone, Copy)]
struct Child {
    again: bool,
    first: bool,
    reduce: u32,
}

/// A forced score stored as plies from the node, not from the root.
fn to_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s > FORCED => s + ply as i32,
        s if s < -FORCED => s - ply as i32,
        s => s,
    }
}

/// A stored score as plies from the root.
fn from_table(score: i32, ply: u32) -> i32 {
    match score {
        s if s > FORCED => s - ply as i32,
        s if s < -FORCED => s + ply as i32,
        s => s,
    }
}

/// The hashes sorted, to be searched by halves.
fn sorted(hashes: &[u64]) -> Vec<u64> {
    let mut v = hashes.to_vec();
    v.sort_unstable();
    v
}
