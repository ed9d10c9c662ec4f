//! `polydame._core`: the native module of the Python package. It holds no rules of its
//! own: every class and function is a thin layer over the polydame library, its errors
//! turned into Python exceptions (no panic crosses into Python), its long loops (perft,
//! the player's search) run with the interpreter's lock released and stop on Ctrl-C, and
//! every reader has a limit on what it reads (the module's `MAX_*` constants, listed in
//! docs/python.md).

mod best;
mod board;
mod games;
mod guard;
mod learn;
mod records;
mod variant;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    polydame,
    PolydameError,
    PyValueError,
    "What polydame refuses of what it is given (a variant, a move, a FEN, a position past the capture budget): a `ValueError`."
);
create_exception!(
    polydame,
    VariantError,
    PolydameError,
    "A variant that cannot be loaded: unknown, unreadable, or a file with errors (its `diagnostics`: line, column, message, help)."
);
create_exception!(
    polydame,
    IllegalMove,
    PolydameError,
    "A move that is not legal in the position, or not a move: its `code` and `reason`."
);
create_exception!(polydame, InvalidFen, PolydameError, "A FEN that cannot be read in the variant: its `code` and `reason`.");
create_exception!(
    polydame,
    BudgetExceeded,
    PolydameError,
    "The capture search of a position passed the variant's budget (a position with more capture sequences than it allows)."
);

/// An exception of type `T` with `message`, its attributes set (`code`, `reason`, ...).
pub(crate) fn error_with<T: pyo3::PyTypeInfo>(py: Python<'_>, message: String, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    for (name, value) in attrs {
        // Setting an attribute on a fresh exception instance does not fail.
        let _ = err.value(py).setattr(*name, value.bind(py));
    }
    err
}

/// The budget's error as a Python exception.
pub(crate) fn budget_error(e: polydame::BudgetExceeded, fen: &str) -> PyErr {
    BudgetExceeded::new_err(e.describe(fen))
}

/// The ids of the shipped variants, in the order `polydame variants` lists them.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    polydame::shipped().iter().map(|(id, _)| *id).collect()
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PolydameError", py.get_type::<PolydameError>())?;
    m.add("VariantError", py.get_type::<VariantError>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("InvalidFen", py.get_type::<InvalidFen>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    // The limits of what the module reads and does, for callers to see.
    m.add("MAX_VARIANT_BYTES", polydame::spec::MAX_VARIANT_BYTES)?;
    m.add("MAX_NAME_BYTES", variant::MAX_NAME_BYTES)?;
    m.add("MAX_NESTING", polydame::spec::MAX_NESTING)?;
    m.add("MAX_PARTS", polydame::spec::MAX_PARTS)?;
    m.add("MAX_FEN_BYTES", polydame::fen::MAX_FEN_BYTES)?;
    m.add("MAX_MOVE_BYTES", board::MAX_MOVE_BYTES)?;
    m.add("MAX_PDN_BYTES", records::MAX_PDN_BYTES)?;
    m.add("MAX_GAME_BYTES", polydame::pdn::MAX_GAME_BYTES)?;
    m.add("MAX_LINE_BYTES", polydame::pdn::MAX_LINE_BYTES)?;
    m.add("MAX_GAME_MOVES", polydame::pdn::MAX_GAME_MOVES)?;
    m.add("MAX_VARIATION_DEPTH", polydame::pdn::MAX_VARIATION_DEPTH)?;
    m.add("MAX_PERFT_DEPTH", polydame::engine::MAX_PERFT_DEPTH)?;
    m.add("MAX_PERFT_THREADS", polydame::engine::MAX_PERFT_THREADS)?;
    m.add("MAX_SEARCH_DEPTH", polydame::player::MAX_DEPTH)?;
    m.add("WORK_STACK_BYTES", guard::WORK_STACK_BYTES)?;
    m.add_class::<variant::Variant>()?;
    m.add_class::<board::Board>()?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<best::BestMove>()?;
    m.add_class::<best::Engine>()?;
    m.add_class::<records::PdnGame>()?;
    m.add_class::<records::Verdict>()?;
    m.add_function(wrap_pyfunction!(records::read_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(records::validate, m)?)?;
    m.add_function(wrap_pyfunction!(best::best_move, m)?)?;
    m.add_class::<games::SelfPlayed>()?;
    m.add_function(wrap_pyfunction!(games::self_play, m)?)?;
    m.add_function(wrap_pyfunction!(games::report, m)?)?;
    Ok(())
}
