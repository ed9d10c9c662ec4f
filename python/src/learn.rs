//! What learning needs of a position: its planes, and a fixed action index for the moves.

use polydame::{MoveInfo, Position, Rules, Side};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

fn squares(rules: &Rules) -> usize {
    rules.spec().geometry.len()
}

/// The position's planes as a NumPy ``uint8`` array of shape ``(2, kinds, squares)``.
pub fn planes<'py>(py: Python<'py>, rules: &Rules, pos: &Position) -> PyResult<Bound<'py, PyAny>> {
    let (n, kinds) = (squares(rules), rules.spec().kinds.len());
    let mut data = vec![0u8; 2 * kinds * n];
    for (s, side) in [Side::White, Side::Black].into_iter().enumerate() {
        for cell in pos.pieces(side).iter() {
            if let Some((_, kind)) = pos.piece(cell) {
                data[(s * kinds + kind as usize) * n + cell as usize] = 1;
            }
        }
    }
    array(py, &data, (2, kinds, n))
}

/// The action index of a move: origin × squares + destination (a pass: squares²).
pub fn index(rules: &Rules, m: &MoveInfo) -> usize {
    let n = squares(rules);
    if m.is_pass() { n * n } else { m.from as usize * n + m.to as usize }
}

/// How many action indices the variant has: squares², and one for a pass.
pub fn actions(rules: &Rules) -> usize {
    let n = squares(rules);
    n * n + 1
}

/// A ``uint8`` mask over the action indices, 1 where a legal move has that index.
pub fn mask<'py>(py: Python<'py>, rules: &Rules, legal: &[MoveInfo]) -> PyResult<Bound<'py, PyAny>> {
    let mut data = vec![0u8; actions(rules)];
    for m in legal {
        data[index(rules, m)] = 1;
    }
    let len = data.len();
    array(py, &data, (len,))
}

/// A NumPy ``uint8`` array of `data` in `shape` (a copy, owned by NumPy).
fn array<'py>(py: Python<'py>, data: &[u8], shape: impl IntoPyObject<'py>) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let flat = numpy.call_method1("frombuffer", (PyBytes::new(py, data), "uint8"))?;
    flat.call_method1("reshape", (shape,))?.call_method0("copy")
}
