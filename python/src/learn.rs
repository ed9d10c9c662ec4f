//! What learning needs of a position: its planes, its game's past as numbers, and the
//! exact action space of `polydame::actions` (a move as one action, or a few where
//! several legal moves share their first).

use crate::board::{Board, Move};
use crate::variant::Variant;
use crate::{IllegalMove, error_with, guard};
use polydame::actions::{ActionError, ActionSpace, Next};
use polydame::{MoveInfo, Position, Rules, Side};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

fn squares(rules: &Rules) -> usize {
    rules.spec().geometry.len()
}

/// The cell `cell` is seen as from the other side (the board's half turn).
fn turn(rules: &Rules, cell: u16) -> u16 {
    rules.spec().geometry.rotate(cell)
}

/// The position's planes: `[side][kind][cell]`, cells seen from Black when `turned`.
fn planes<'py>(py: Python<'py>, rules: &Rules, pos: &Position, turned: bool) -> PyResult<Bound<'py, PyAny>> {
    let (n, kinds) = (squares(rules), rules.spec().kinds.len());
    let mut data = vec![0u8; 2 * kinds * n];
    for (s, side) in [Side::White, Side::Black].into_iter().enumerate() {
        for cell in pos.pieces(side).iter() {
            if let Some((_, kind)) = pos.piece(cell) {
                let at = if turned { turn(rules, cell) } else { cell };
                data[(s * kinds + kind as usize) * n + at as usize] = 1;
            }
        }
    }
    array(py, &data, (2, kinds, n))
}

/// A NumPy ``uint8`` array of `data` in `shape` (a copy, owned by NumPy).
fn array<'py>(py: Python<'py>, data: &[u8], shape: impl IntoPyObject<'py>) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let flat = numpy.call_method1("frombuffer", (PyBytes::new(py, data), "uint8"))?;
    flat.call_method1("reshape", (shape,))?.call_method0("copy")
}

/// `IllegalMove` with a code, for actions that name no legal move.
fn action_error(py: Python<'_>, code: &str, why: String) -> PyErr {
    let attrs = [
        ("code", code.into_pyobject(py).map(|c| c.into_any().unbind())),
        ("reason", why.clone().into_pyobject(py).map(|r| r.into_any().unbind())),
    ];
    let attrs: Vec<(&str, Py<PyAny>)> = attrs.into_iter().filter_map(|(k, v)| v.ok().map(|v| (k, v))).collect();
    error_with::<IllegalMove>(py, why, &attrs)
}

/// Action indices as Python gave them (whole numbers; `ValueError` when negative).
fn indices(actions: &[Bound<'_, PyAny>]) -> PyResult<Vec<u32>> {
    actions.iter().map(|a| Ok(guard::whole::<u32>(a, "an action index")?.unwrap_or(u32::MAX))).collect()
}

impl Board {
    /// The place in `legal` of the move a Python value names: the listed move itself, or
    /// the listed move another route of it stands for (the same ends, pieces taken and kind).
    fn listed(&self, py: Python<'_>, m: &Bound<'_, PyAny>, legal: &[MoveInfo]) -> PyResult<usize> {
        let info = self.resolve(py, m)?;
        let same = |l: &MoveInfo| {
            l.from == info.from && l.to == info.to && l.drop == info.drop && l.kind_after == info.kind_after && l.taken() == info.taken()
        };
        legal.iter().position(|l| *l == info).or_else(|| legal.iter().position(same)).ok_or_else(|| {
            action_error(py, "not-listed", format!("{} is legal but none of Board.legal_moves stands for it", self.game().move_text(&info)))
        })
    }

    /// What comes after `actions`; `IllegalMove` when they continue no legal move.
    fn next_after(&self, py: Python<'_>, actions: &[u32]) -> PyResult<(Next, std::sync::Arc<crate::board::Legal>)> {
        let legal = self.legal_here()?;
        let next = legal.decisions(ActionSpace::new(self.rules())).after(actions).map_err(|e| {
            let code = match e {
                ActionError::NotLegal { .. } => "no-such-action",
                ActionError::TooMany { .. } => "too-many-actions",
            };
            action_error(py, code, e.to_string())
        })?;
        Ok((next, legal))
    }
}

#[pymethods]
impl Board {
    /// The position as planes for learning: a NumPy array of 0 and 1 (``uint8``), shape
    /// ``(2, kinds, squares)``: ``[side][kind][square]``, side 0 White, kinds and squares
    /// in the order of ``Variant.kinds`` and ``Variant.squares``. With ``turned=True`` the
    /// squares are seen from Black's side: square ``i`` holds what stands on
    /// ``Variant.turned_squares[i]`` (the board's half turn).
    #[pyo3(signature = (turned = false))]
    fn planes<'py>(&self, py: Python<'py>, turned: bool) -> PyResult<Bound<'py, PyAny>> {
        planes(py, self.rules(), self.game().position(), turned)
    }

    /// The first action of a move: ``from × squares + to`` for a move of a piece (squares
    /// in the order of ``Variant.squares``), the same for every position of the variant.
    /// A move is exactly this one action unless ``move_actions`` gives it more.
    fn move_index(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.move_actions(py, r#move)?[0])
    }

    /// The actions that spell a legal move here, the first ``move_index``: one for nearly
    /// every move, more where several legal moves share their first action (each further
    /// action tells them apart: a leg of the path, a piece taken, a piece huffed).
    fn move_actions(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let legal = self.legal_here()?;
        let i = self.listed(py, r#move, &legal.infos)?;
        Ok(legal.decisions(ActionSpace::new(self.rules())).actions(i))
    }

    /// The legal move ``actions`` spell, or ``None`` while more are needed
    /// (``legal_action_mask(actions)`` gives the next); ``IllegalMove`` (code
    /// ``no-such-action`` or ``too-many-actions``) when they spell no legal move.
    fn move_from_actions(&self, py: Python<'_>, actions: Vec<Bound<'_, PyAny>>) -> PyResult<Option<Py<Move>>> {
        let (next, legal) = self.next_after(py, &indices(&actions)?)?;
        match next {
            Next::Move(i) => Ok(Some(legal.moves(py, self.rules())?[i].clone_ref(py))),
            Next::Choose(_) => Ok(None),
        }
    }

    /// The legal move with this one action; ``IllegalMove`` when no legal move has it
    /// (code ``no-such-action``), or when it starts several (code ``more-actions``: spell
    /// them with ``move_from_actions``).
    fn move_from_index(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<Move>> {
        let wanted = indices(std::slice::from_ref(index))?;
        match self.move_from_actions(py, vec![index.clone()])? {
            Some(m) => Ok(m),
            None => Err(action_error(
                py,
                "more-actions",
                format!("the action {} starts several legal moves: give the next with move_from_actions", wanted[0]),
            )),
        }
    }

    /// The number of actions of the variant: ``squares² + 3 × squares + kinds + 2``
    /// (moves and legs, a pass, pieces taken, pieces huffed, drops, kinds, the end of a
    /// move).
    #[getter]
    fn action_count(&self) -> usize {
        ActionSpace::new(self.rules()).len()
    }

    /// A ``uint8`` mask over the actions: 1 for each action that may come after
    /// ``actions`` (none: a move's first action).
    #[pyo3(signature = (actions = Vec::new()))]
    fn legal_action_mask<'py>(&self, py: Python<'py>, actions: Vec<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyAny>> {
        let space = ActionSpace::new(self.rules());
        let mut data = vec![0u8; space.len()];
        if let (Next::Choose(next), _) = self.next_after(py, &indices(&actions)?)? {
            for a in next {
                data[a as usize] = 1;
            }
        }
        array(py, &data, (space.len(),))
    }

    /// How many times the position reached has stood earlier in the game (since the
    /// board's start), with the same side to move.
    #[getter]
    fn repetitions(&self) -> usize {
        let hashes = self.game().history().hashes();
        let now = hashes.last().copied();
        hashes[..hashes.len() - 1].iter().filter(|&&h| Some(h) == now).count()
    }

    /// The half-moves each of the variant's move-count rules (``[[end.count]]``, in file
    /// order) has counted in the position reached; ``None`` while its condition does not
    /// hold.
    #[getter]
    fn move_counts(&self) -> Vec<Option<u16>> {
        let history = self.game().history();
        (0..self.rules().spec().end.counts.len()).map(|r| history.count_of(r)).collect()
    }
}

#[pymethods]
impl Variant {
    /// Each square's (column, row) in ``Variant.squares`` order, from White's bottom left
    /// (on a hexagonal board, (file, rank) from 0): where to put it on a 2-D grid.
    #[getter]
    fn coordinates(&self) -> Vec<(i8, i8)> {
        let g = &self.rules.spec().geometry;
        (0..g.len() as u16).map(|c| g.coord(c)).collect()
    }

    /// Each square as seen from the other side (the board's half turn, or its reflection
    /// where a half turn would leave the playing squares): square ``i`` of Black's view is
    /// square ``turned_squares[i]``. Seen twice, a square is itself.
    #[getter]
    fn turned_squares(&self) -> Vec<u16> {
        (0..squares(&self.rules) as u16).map(|c| turn(&self.rules, c)).collect()
    }

    /// Each action as seen from the other side (its squares through ``turned_squares``): a
    /// permutation of ``range(action_count)`` that is its own inverse.
    #[getter]
    fn turned_actions(&self) -> Vec<u32> {
        let space = ActionSpace::new(&self.rules);
        (0..space.len() as u32).map(|a| space.turned(a, |c| turn(&self.rules, c))).collect()
    }
}
