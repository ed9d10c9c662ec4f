//! A generic player: alpha-beta search over the legal moves with an evaluation built from
//! the compiled rules alone (material by each kind's `value`, tempo towards the promotion
//! cells, mobility, runaways and balance). No variant is named here: whatever a variant
//! file says, the player plays it.
//!
//! The search deepens one ply at a time until the depth or the time asked for is reached.
//! A transposition table on the position's hash keeps what each iteration found, so the
//! next one tries the best move first; then captures (the largest first) and quiet moves.
//! At its depth the search goes on over captures (quiescence): all of them while a capture
//! is compulsory, so it never stops in the middle of an exchange, and where taking is
//! optional, the captures against the score of standing still.
//!
//! A line that comes back to a position of the game or of the line is a draw, and so is
//! one that runs out a move-count rule of the variant: the search follows the game's
//! [`History`] along each line.
//!
//! A search by depth is deterministic: the same position, history, limits and seed give
//! the same move. The seed shuffles the order in which the first ply's moves are tried, so that of
//! moves the search finds equal, different seeds may choose differently.

mod eval;
mod features;
mod line;
mod order;
mod search;
mod selfplay;
mod table;
mod tune;

use crate::compile::Rules;
use crate::egtb::Tables;
use crate::engine::{BudgetExceeded, History, MoveInfo, Position};
use search::TreeSearch;
pub use selfplay::{PlyFacts, SelfPlayGame, play_out, play_out_sides, random_opening, self_play_game};
use std::cell::RefCell;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;
pub use tune::{MAX_WEIGHTS_BYTES, Tuning, Weights, tune};

/// A won position's score (less the plies it takes to win it).
pub const WIN_SCORE: i32 = 1_000_000;

/// The deepest search: [`Limits::depth`] is held to it, and [`Limits::time`] searches to it
/// unless time runs out first.
pub const MAX_DEPTH: u32 = 64;

/// What the search may spend: plies, and optionally time and a flag to stop on. It then
/// answers with the deepest search it finished; stopped before it finished the first (a
/// limit of a millisecond in a position where each capture search is long), with the
/// best first move that search had weighed, or else the first in its order, at depth 0.
/// The clock and the flag are heard inside each capture search too (every
/// [`STOP_EVERY`](crate::engine::STOP_EVERY) steps), but for the first position's own
/// moves, which are always listed whole (that search is bounded by the capture budget).
#[derive(Clone, Debug)]
pub struct Limits {
    /// The deepest search, in plies (at least 1, at most [`MAX_DEPTH`]).
    pub depth: u32,
    /// Wall-clock time, checked as the search goes.
    pub time: Option<Duration>,
    /// Set from another thread to stop the search early (a GUI's "stop").
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// A search `depth` plies deep.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, time: None, stop: None }
    }

    /// A search as deep as `time` allows.
    pub fn time(time: Duration) -> Limits {
        Limits { depth: MAX_DEPTH, time: Some(time), stop: None }
    }

    /// A search timed from a game clock: `left` on the side's clock, `inc` added before
    /// each of its moves (this one included), `moves` to the next time control if the clock
    /// has one. It takes a fair share of the time it has, at most half (all but a tenth
    /// with one move to go), less a tenth of a second for the pipes (as Scan does).
    ///
    /// ```
    /// use polydame::Limits;
    /// use std::time::Duration;
    ///
    /// let l = Limits::clock(Duration::from_secs(60), Duration::from_secs(1), None);
    /// assert_eq!(l.time, Some(Duration::from_secs_f64(2.9))); // (60 + 30 × 1) / 30 − 0.1
    /// ```
    pub fn clock(left: Duration, inc: Duration, moves: Option<u32>) -> Limits {
        // The moves a game is assumed to last yet when the clock does not say (as Scan
        // assumes in the middle game), and the time kept back for the pipes.
        const MOVES_LEFT: f64 = 30.0;
        const LAG: f64 = 0.1;
        let (time, inc) = (left.as_secs_f64(), inc.as_secs_f64());
        let moves = moves.filter(|&m| m > 0).map_or(MOVES_LEFT, |m| f64::from(m).min(MOVES_LEFT));
        let now = time + inc;
        let cap = if moves <= 1.0 { now * 0.9 } else { now * 0.5 };
        let share = ((time + inc * moves) / moves).min(cap) - LAG;
        Limits::time(Duration::try_from_secs_f64(share.max(0.01)).unwrap_or(Duration::MAX))
    }

    /// These limits, and a stop when `flag` is set.
    pub fn stop_on(self, flag: Arc<AtomicBool>) -> Limits {
        Limits { stop: Some(flag), ..self }
    }
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

impl Best {
    /// Whether the score is a forced win or loss, and in how many plies.
    pub fn forced(&self) -> Option<u32> {
        (self.score.abs() > WIN_SCORE - 1000).then(|| (WIN_SCORE - self.score.abs()) as u32)
    }
}

/// A player of one variant. It keeps a transposition table between searches (cleared at
/// the start of each), so one player serves one thread; make one per thread. With a
/// [`Memory`] its searches share that table instead, kept from one to the next.
pub struct Player<'r> {
    rules: &'r Rules,
    worth: eval::Worth,
    seed: u64,
    table: RefCell<Option<table::Table>>,
    memory: Option<Memory>,
    /// Endgame tables probed at the search's nodes, if given ([`Player::with_tables`]).
    tables: Option<Arc<Tables>>,
}

/// A transposition table kept from one search to the next: one game's, for the player that
/// thinks move after move in it (the Hub and DXP engines, `play --engine`, `match
/// --engine`). What the search of one move found of the positions it met is there for the
/// next, two plies on: each entry counts for two plies less at each new search (what a
/// deeper search found bounds a shallower one), and the new search's entries replace the
/// old. A search with a memory depends on the searches before it in the game, so a game
/// played with one is still the same every time it is played from the same start with the
/// same limits (depth-limited searches), but a position searched alone may get another
/// answer. Clones share the table; make one a game. Its size: 2^18 entries of 16 bytes.
#[derive(Clone, Default)]
pub struct Memory(Arc<Mutex<Option<table::Table>>>);

impl Memory {
    /// A memory with nothing in it (its table is made at the first search).
    pub fn new() -> Memory {
        Memory::default()
    }
}

/// The transposition table's size: 2^18 entries of 16 bytes.
const TABLE_BITS: u32 = 18;

impl<'r> Player<'r> {
    /// A player for `rules`: the worth of every piece on every cell, and of the patterns,
    /// learned for the variant where weights ship for it ([`Weights::shipped`]), else
    /// from the rules alone (kind worths and advance; [`Weights::of`]).
    pub fn new(rules: &'r Rules) -> Player<'r> {
        let worth = match Weights::shipped(rules) {
            Some(w) => eval::Worth::of_weights(rules, w),
            None => eval::Worth::new(rules),
        };
        Player { rules, worth, seed: 0, table: RefCell::new(None), tables: None, memory: None }
    }

    /// The same player probing endgame `tables` of its variant: a position of a class
    /// they hold, past the first ply, is scored by them (a win or a loss in the plies they
    /// give, a draw 0) and not searched on; a line that reaches a won or lost position of
    /// theirs goes on by their best play to the end. Without tables (the default) nothing
    /// changes.
    /// The tables ignore draws by repetition and move-count rules (see
    /// [`egtb`](crate::egtb)), and so does the player where it probes them.
    ///
    /// ```
    /// use polydame::egtb::{Material, Tables};
    /// use polydame::{load_variant, Limits, Player};
    /// use polydame::fen::parse_fen;
    /// use std::sync::Arc;
    ///
    /// let rules = load_variant("english").unwrap();
    /// let two_kings = Material::parse(&rules, "2 king against king").unwrap();
    /// let tables = Arc::new(Tables::build_classes(&rules, &[two_kings], &mut |_| {}).unwrap());
    /// let pos = parse_fen(&rules, "W:WK1,K2:BK32").unwrap();
    /// // A 2-ply search sees the win to its end: 33 plies, the line the whole win.
    /// let best = Player::new(&rules).with_tables(tables).best(&pos, Limits::depth(2)).unwrap();
    /// assert_eq!(best.forced(), Some(33));
    /// assert_eq!(best.pv.len(), 33);
    /// ```
    pub fn with_tables(self, tables: Arc<Tables>) -> Player<'r> {
        Player { tables: Some(tables), ..self }
    }

    /// The same player with another seed (0 is the default): of the moves its search
    /// finds equal, it may choose another.
    pub fn with_seed(self, seed: u64) -> Player<'r> {
        Player { seed, ..self }
    }

    /// The same player valuing pieces by learned `weights` (see [`tune`]; they are the
    /// variant's, as [`Weights::from_toml`] checks) instead of the rules' own.
    pub fn with_weights(self, weights: &Weights) -> Player<'r> {
        let worth = eval::Worth::of_weights(self.rules, weights.clone());
        Player { worth, ..self }
    }

    /// The same player searching with `memory`'s table, kept from one search to the
    /// next (see [`Memory`]).
    pub fn with_memory(self, memory: Memory) -> Player<'r> {
        Player { memory: Some(memory), ..self }
    }

    /// The position's worth for the side to move: its pieces (by kind worth and advance)
    /// less the other side's, its mobility against theirs, and the patterns, runaways and
    /// balance its weights give.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut pos = pos.clone();
        let mut ours = crate::engine::MoveList::new();
        pos.generate(self.rules, &mut ours, crate::engine::Routes::Distinct);
        let mut theirs = crate::engine::MoveList::new();
        self.worth.evaluate(self.rules, &mut pos, ours.len(), &mut theirs)
    }

    /// The best move of `pos` within `limits`, searched deeper and deeper; an error if the
    /// capture search of `pos` itself passed the rules' budget (a position past it deeper
    /// in the tree is scored by its material and not searched on).
    ///
    /// ```
    /// use polydame::{load_variant, Limits, Player};
    /// use polydame::fen::parse_fen;
    ///
    /// let rules = load_variant("international").unwrap();
    /// // White's man on 32 takes all three black men, and wins.
    /// let pos = parse_fen(&rules, "W:W32,33:B28,19,9").unwrap();
    /// let best = Player::new(&rules).best(&pos, Limits::depth(4)).unwrap();
    /// assert_eq!(best.best.as_ref().unwrap().captured.len(), 3);
    /// assert!(best.forced().is_some());
    /// ```
    pub fn best(&self, pos: &Position, limits: Limits) -> Result<Best, BudgetExceeded> {
        self.best_in(pos, limits, &History::new(self.rules, pos))
    }

    /// [`Player::best`] in a game whose past is `history` (see
    /// [`Game::history`](crate::Game::history); its last position is `pos`): a line that
    /// comes back to a position of the game, or of the line, is scored a draw, and so is
    /// one that runs out a move-count rule of the variant (its 25-move rule, say).
    pub fn best_in(&self, pos: &Position, limits: Limits, history: &History) -> Result<Best, BudgetExceeded> {
        self.best_reporting(pos, limits, history, &mut |_| {})
    }

    /// [`Player::best_in`], calling `each` with what each finished depth found (a GUI
    /// shows it as the search goes).
    pub fn best_reporting(
        &self,
        pos: &Position,
        limits: Limits,
        history: &History,
        each: &mut dyn FnMut(&Best),
    ) -> Result<Best, BudgetExceeded> {
        if let Some(memory) = &self.memory {
            // A poisoned lock only means another search panicked: its table is still a table.
            let mut slot = memory.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let table = slot.get_or_insert_with(|| table::Table::new(TABLE_BITS));
            table.age();
            return TreeSearch::new(self, table, &limits, history).run(pos, &limits, each);
        }
        let mut slot = self.table.borrow_mut();
        let table = slot.get_or_insert_with(|| table::Table::new(TABLE_BITS));
        table.clear();
        TreeSearch::new(self, table, &limits, history).run(pos, &limits, each)
    }
}
