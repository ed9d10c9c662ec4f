//! The generic player from Python: `best_move` and what it finds.

use crate::board::{Board, Move};
use crate::{budget_error, guard};
use polydame::player::Weights;
use polydame::{Limits, Player};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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
    // A depth too large for a number of plies is the deepest search, as any past it is.
    let depth = match depth {
        None => None,
        Some(d) => Some(guard::whole::<u32>(d, "depth")?.unwrap_or(polydame::player::MAX_DEPTH)),
    };
    let limits = match (depth, time) {
        (d, Some(t)) => {
            let t = std::time::Duration::try_from_secs_f64(t)
                .map_err(|_| PyValueError::new_err(format!("time={t} is not a number of seconds")))?;
            Limits { depth: d.unwrap_or(polydame::player::MAX_DEPTH).clamp(1, polydame::player::MAX_DEPTH), ..Limits::time(t) }
        }
        (d, None) => Limits::depth(d.unwrap_or(6).clamp(1, polydame::player::MAX_DEPTH)),
    };
    let rules = board.rules();
    let weights = weights.map(|path| read_weights(rules, &path)).transpose()?;
    let game = board.game();
    let stop = Arc::new(AtomicBool::new(false));
    let limits = limits.stop_on(stop.clone());
    let player = || match &weights {
        Some(w) => Player::new(rules).with_seed(seed).with_weights(w),
        None => Player::new(rules).with_seed(seed),
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

/// The weights of a file `polydame tune` wrote, for `rules`: ``OSError`` when it cannot
/// be read, ``ValueError`` when it is no weights file of these rules.
fn read_weights(rules: &polydame::Rules, path: &std::path::Path) -> PyResult<Weights> {
    Weights::read(rules, path)
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", path.display())))?
        .map_err(PyValueError::new_err)
}
