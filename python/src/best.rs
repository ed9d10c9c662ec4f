//! The generic player from Python: `best_move` and what it finds.

use crate::board::{Board, Move};
use crate::{budget_error, guard};
use polydame::player::{Memory, Weights};
use polydame::{Limits, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// What the player found: the move, its score (for the side to move, in hundredths of a
/// man), the line it expects, the depth reached and the positions searched.
#[pyclass(frozen, module = "polydame")]
pub struct BestMove {
    #[pyo3(get)]
    r#move: Option<Move>,
    #[pyo3(get)]
    score: i32,
    #[pyo3(get)]
    line: Vec<String>,
    #[pyo3(get)]
    depth: u32,
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl BestMove {
    fn __repr__(&self) -> String {
        let m = self.r#move.as_ref().map_or("None".to_string(), |m| format!("'{}'", m.text()));
        format!("BestMove(move={m}, score={}, depth={})", self.score, self.depth)
    }
}

/// The generic player's move in the board's position: searched ``depth`` plies deep, or for
/// ``time`` seconds (both: whichever ends first; neither: depth 6), without the
/// interpreter's lock. ``move`` is ``None`` when the game is over. A depth past
/// ``MAX_SEARCH_DEPTH`` searches that deep; Ctrl-C stops the search (``KeyboardInterrupt``).
/// ``weights``: a weights file of ``polydame tune`` for the board's variant, the pieces
/// valued by it (``ValueError`` for another variant's, or no weights file).
#[pyfunction]
#[pyo3(signature = (board, depth = None, time = None, seed = 0, weights = None))]
pub fn best_move(
    py: Python<'_>,
    board: &Board,
    depth: Option<&Bound<'_, PyAny>>,
    time: Option<f64>,
    seed: u64,
    weights: Option<std::path::PathBuf>,
) -> PyResult<BestMove> {
    let weights = weights.map(|path| read_weights(board.rules(), &path)).transpose()?;
    search(py, board, limits(depth, time)?, seed, weights.as_ref(), None)
}

/// The limits of a search by ``depth`` and ``time``, as [`best_move`] takes them.
fn limits(depth: Option<&Bound<'_, PyAny>>, time: Option<f64>) -> PyResult<Limits> {
    // A depth too large for a number of plies is the deepest search, as any past it is.
    let depth = match depth {
        None => None,
        Some(d) => Some(guard::whole::<u32>(d, "depth")?.unwrap_or(polydame::player::MAX_DEPTH)),
    };
    Ok(match (depth, time) {
        (d, Some(t)) => {
            let t = std::time::Duration::try_from_secs_f64(t)
                .map_err(|_| PyValueError::new_err(format!("time={t} is not a number of seconds")))?;
            Limits { depth: d.unwrap_or(polydame::player::MAX_DEPTH).clamp(1, polydame::player::MAX_DEPTH), ..Limits::time(t) }
        }
        (d, None) => Limits::depth(d.unwrap_or(6).clamp(1, polydame::player::MAX_DEPTH)),
    })
}

/// The player's search in the board's position, knowing the game's past, without the
/// interpreter's lock: with `weights` (else the default worth), and with `memory` kept from
/// the searches before it (else a table of its own).
fn search(
    py: Python<'_>,
    board: &Board,
    limits: Limits,
    seed: u64,
    weights: Option<&Weights>,
    memory: Option<Memory>,
) -> PyResult<BestMove> {
    let rules = board.rules();
    let game = board.game();
    let stop = Arc::new(AtomicBool::new(false));
    let limits = limits.stop_on(stop.clone());
    let player = || {
        let p = Player::new(rules).with_seed(seed);
        let p = if let Some(w) = weights { p.with_weights(w) } else { p };
        if let Some(m) = &memory { p.with_memory(m.clone()) } else { p }
    };
    let best =
        guard::run(py, &stop, || player().best_in(game.position(), limits, game.history()))?.map_err(|e| budget_error(e, &game.fen()))?;
    let legal = board.legal()?;
    let line = game.line_text(&best.pv);
    Ok(BestMove {
        r#move: best.best.map(|m| Move::new(rules, m, legal.into())),
        score: best.score,
        line,
        depth: best.depth,
        nodes: best.nodes,
    })
}

/// A player that keeps what it learned from one move to the next of a game: its
/// transposition table, as the Hub and DXP engines keep theirs. ``weights``: a weights
/// file of ``polydame tune``, read at the first search of a board of its variant; ``seed``:
/// the order among moves it finds equal.
///
/// ``best_move(board, depth=None, time=None)`` searches as the function ``best_move`` does,
/// its table kept from the searches before; a board of another variant (or options) starts
/// a new table, as ``new_game()`` does. One engine a game; an engine may be used from
/// several threads, one search at a time.
#[pyclass(frozen, module = "polydame")]
pub struct Engine {
    seed: u64,
    weights: Option<std::path::PathBuf>,
    /// The rules' fingerprint the table and the weights are of, the table, and the weights
    /// read for them.
    state: Mutex<Option<(u64, Memory, Option<Weights>)>>,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (weights = None, seed = 0))]
    fn new(weights: Option<std::path::PathBuf>, seed: u64) -> Engine {
        Engine { seed, weights, state: Mutex::new(None) }
    }

    /// The best move in the board's position (see the class).
    #[pyo3(signature = (board, depth = None, time = None))]
    fn best_move(&self, py: Python<'_>, board: &Board, depth: Option<&Bound<'_, PyAny>>, time: Option<f64>) -> PyResult<BestMove> {
        let limits = limits(depth, time)?;
        let key = polydame::egtb::rules_hash(board.rules());
        let (memory, weights) = {
            let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if state.as_ref().is_none_or(|(k, _, _)| *k != key) {
                let weights = self.weights.as_ref().map(|path| read_weights(board.rules(), path)).transpose()?;
                *state = Some((key, Memory::new(), weights));
            }
            let (_, memory, weights) = state.as_ref().expect("just set");
            (memory.clone(), weights.clone())
        };
        search(py, board, limits, self.seed, weights.as_ref(), Some(memory))
    }

    /// Forgets the table: the next search starts afresh (a new game).
    fn new_game(&self) {
        *self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }

    fn __repr__(&self) -> String {
        let weights = self.weights.as_ref().map_or("None".to_string(), |p| format!("'{}'", p.display()));
        format!("Engine(weights={weights}, seed={})", self.seed)
    }
}

/// The weights of a file `polydame tune` wrote, for `rules`: ``OSError`` when it cannot
/// be read, ``ValueError`` when it is no weights file of these rules.
fn read_weights(rules: &polydame::Rules, path: &std::path::Path) -> PyResult<Weights> {
    Weights::read(rules, path)
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))?
        .map_err(PyValueError::new_err)
}
