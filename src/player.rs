//! A generic player: alpha-beta search over the legal moves with an evaluation built from
//! the compiled rules alone (material by each kind's `value`, and for kinds that promote,
//! how near they stand to their promotion cells). No variant is named here: whatever a
//! variant file says, the player plays it.
//!
//! The search deepens one ply at a time until the depth or the time asked for is reached,
//! orders captures (the largest first) before quiet moves, and goes on past its depth while
//! a capture is compulsory, so it never stops in the middle of an exchange. It has no
//! randomness: the same position and limits give the same move.

use crate::compile::Rules;
use crate::engine::{BudgetExceeded, MoveInfo, MoveList, Outcome, Position};
use crate::spec::Side;
use std::time::{Duration, Instant};

/// A won position's score (less the plies it takes to win it).
pub const WIN_SCORE: i32 = 1_000_000;

/// How far the search goes past its depth while captures are compulsory.
const CAPTURE_PLIES: u32 = 12;

/// What the search may spend: plies, and optionally time (it then answers with the
/// deepest search it finished).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The deepest search, in plies (at least 1).
    pub depth: u32,
    /// Wall-clock time, checked as the search goes.
    pub time: Option<Duration>,
}

/// What the player found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The move to play (`None` when the position has none).
    pub best: Option<MoveInfo>,
    /// Its score for the side to move, in hundredths of a man (a man's `value` is 100);
    /// beyond [`WIN_SCORE`] minus a few hundred, a forced win (negative: a forced loss).
    pub score: i32,
    /// The line the search expects: the best move and the replies after it.
    pub pv: Vec<MoveInfo>,
    /// The depth of the last search finished.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
}

/// The rules' evaluation tables: per side, kind and cell, what a piece there is worth.
pub struct Player<'r> {
    rules: &'r Rules,
    /// `worth[(side * kinds + kind) * cells + cell]`.
    worth: Vec<i32>,
    kinds: usize,
    cells: usize,
}

/// The search's state: limits, the clock, the count of positions, scratch lists.
struct Search<'p, 'r> {
    player: &'p Player<'r>,
    deadline: Option<Instant>,
    out_of_time: bool,
    /// The ply past which compulsory captures are not followed any more.
    horizon: u32,
    /// The hashes of the game's earlier positions, and of those along the line searched:
    /// coming back to one is scored a draw, so a player ahead does not go round in circles.
    earlier: std::collections::HashSet<u64>,
    path: Vec<u64>,
    nodes: u64,
    lists: Vec<MoveList>,
}

impl<'r> Player<'r> {
    /// A player for `rules`: the worth of every piece on every cell, from the rules.
    pub fn new(rules: &'r Rules) -> Player<'r> {
        let spec = rules.spec();
        let g = &spec.geometry;
        let (kinds, cells) = (spec.kinds.len(), g.len());
        let mut worth = vec![0; 2 * kinds * cells];
        for side in Side::BOTH {
            for (k, kind) in spec.kinds.iter().enumerate() {
                let base = 100 * kind.value as i32;
                for cell in 0..cells as u16 {
                    // A piece that promotes is worth more the fewer rows it has to go.
                    let bonus = kind.promotion.as_ref().map_or(0, |(_, zones)| {
                        let far = zones[side as usize].iter().map(|p| (g.row(p) - g.row(cell)).abs()).min().unwrap_or(0);
                        (g.rows() - far).max(0) * 4
                    });
                    worth[(side as usize * kinds + k) * cells + cell as usize] = base + bonus;
                }
            }
        }
        Player { rules, worth, kinds, cells }
    }

    /// The position's worth for the side to move: its pieces less the other side's.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let mut score = 0;
        for side in Side::BOTH {
            let sign = if side == us { 1 } else { -1 };
            for cell in pos.pieces(side).iter() {
                if let Some((_, kind)) = pos.piece(cell) {
                    score += sign * self.worth[(side as usize * self.kinds + kind as usize) * self.cells + cell as usize];
                }
            }
        }
        score
    }

    /// The best move of `pos` within `limits`, searched deeper and deeper; an error if a
    /// capture search passed the rules' budget.
    ///
    /// ```
    /// use polydame::{load_variant, parse_fen, Limits, Player};
    ///
    /// let rules = load_variant("international").unwrap();
    /// // White's man on 32 takes all three black men, and wins.
    /// let pos = parse_fen(&rules, "W:W32,33:B28,19,9").unwrap();
    /// let best = Player::new(&rules).best(&pos, Limits { depth: 4, time: None }).unwrap();
    /// assert_eq!(best.best.unwrap().captured.len(), 3);
    /// assert!(best.score > polydame::WIN_SCORE - 10);
    /// ```
    pub fn best(&self, pos: &Position, limits: Limits) -> Result<Best, BudgetExceeded> {
        self.best_after(pos, limits, &[])
    }

    /// [`Player::best`] in a game whose earlier positions have the hashes `earlier` (see
    /// [`History::hashes`](crate::History::hashes)): a line that comes back to one of
    /// them, or to a position earlier in the line, is scored a draw.
    pub fn best_after(&self, pos: &Position, limits: Limits, earlier: &[u64]) -> Result<Best, BudgetExceeded> {
        let deadline = limits.time.map(|t| Instant::now() + t);
        // The first ply is always searched in full, so that there is a move to answer.
        let mut search = Search {
            player: self,
            deadline: None,
            out_of_time: false,
            horizon: 0,
            earlier: earlier.iter().copied().collect(),
            path: Vec::new(),
            nodes: 0,
            lists: Vec::new(),
        };
        let mut pos = pos.clone();
        let mut found = Best { best: None, score: 0, pv: Vec::new(), depth: 0, nodes: 0 };
        for depth in 1..=limits.depth.max(1) {
            search.horizon = depth + CAPTURE_PLIES;
            search.deadline = if depth > 1 { deadline } else { None };
            let mut pv = Vec::new();
            let score = search.negamax(&mut pos, depth, 0, -WIN_SCORE - 1, WIN_SCORE + 1, &mut pv)?;
            if search.out_of_time && found.depth > 0 {
                break;
            }
            found = Best { best: pv.first().cloned(), score, pv, depth, nodes: search.nodes };
            if search.out_of_time || score.abs() > WIN_SCORE - 1000 {
                break;
            }
        }
        found.nodes = search.nodes;
        Ok(found)
    }
}

impl Search<'_, '_> {
    /// The score of `pos` for the side to move, searched `depth` plies (and on while
    /// captures are compulsory), within the window `alpha..beta`; `pv` gets its line.
    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        pv: &mut Vec<MoveInfo>,
    ) -> Result<i32, BudgetExceeded> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.out_of_time = true;
        }
        let rules = self.player.rules;
        if self.lists.len() <= ply as usize {
            self.lists.push(MoveList::new());
        }
        let mut list = std::mem::take(&mut self.lists[ply as usize]);
        let result = self.node(pos, depth, ply, &mut alpha, beta, pv, &mut list, rules);
        self.lists[ply as usize] = list;
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &mut Position,
        depth: u32,
        ply: u32,
        alpha: &mut i32,
        beta: i32,
        pv: &mut Vec<MoveInfo>,
        list: &mut MoveList,
        rules: &Rules,
    ) -> Result<i32, BudgetExceeded> {
        if ply > 0 && (self.earlier.contains(&pos.hash()) || self.path.contains(&pos.hash())) {
            return Ok(0);
        }
        match pos.outcome(rules, list) {
            Outcome::Ongoing => {}
            Outcome::Win(side, _) if side == pos.side_to_move() => return Ok(WIN_SCORE - ply as i32),
            Outcome::Win(..) => return Ok(-(WIN_SCORE - ply as i32)),
            Outcome::Draw(_) => return Ok(0),
        }
        // The game goes on: `outcome` has left the legal moves in `list`.
        if list.exceeded() {
            return Err(BudgetExceeded::at(rules, pos));
        }
        let forced = list.iter().all(|m| m.captures() > 0);
        if self.out_of_time || depth == 0 && (!forced || ply >= self.horizon) {
            return Ok(self.player.evaluate(pos));
        }
        let mut order: Vec<usize> = (0..list.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(list.get(i).captures()));
        let mut best = -WIN_SCORE - 1;
        let mut line = Vec::new();
        for i in order {
            let m = list.get(i);
            self.path.push(pos.hash());
            let undo = pos.make(rules, m);
            line.clear();
            let score = self.negamax(pos, depth.saturating_sub(1), ply + 1, -beta, -*alpha, &mut line);
            pos.unmake(rules, m, undo);
            self.path.pop();
            let score = -score?;
            if score > best {
                best = score;
                if score > *alpha {
                    *alpha = score;
                    pv.clear();
                    pv.push(m.info());
                    pv.extend(line.iter().cloned());
                }
            }
            if *alpha >= beta || self.out_of_time {
                break;
            }
        }
        Ok(best)
    }
}
