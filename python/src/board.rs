//! `Board`: a game of a variant (a position with its history), `Move`, `Outcome`, and the
//! player's `best_move`.

use crate::variant::{Variant, side_name};
use crate::{IllegalMove, InvalidFen, PolydameError, budget_error, error_with, guard};
use polydame::actions::{ActionSpace, Decisions};
use polydame::engine::{MAX_PERFT_DEPTH, MAX_PERFT_THREADS, PerftError, perft_with_progress};
use polydame::notation::move_text;
use polydame::notation::sorted_order;
use polydame::pdn::write_pdn;
use polydame::{Game, MoveError, MoveInfo, MoveList, Routes, Rules};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyDict;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, OnceLock};

/// The longest text of a move read, in bytes (64 KiB): the longest capture of the largest
/// board, its path and its captured squares written out, is under 2 KiB.
pub const MAX_MOVE_BYTES: usize = 1 << 16;

/// A legal move: ``str(move)`` is how the variant writes it (``"32-28"``, ``"28x19"``, the
/// full path where two captures share their ends).
#[pyclass(frozen, module = "polydame")]
#[derive(Clone)]
pub struct Move(Arc<MoveData>);

/// What a [`Move`] holds, shared by its copies (a board hands out the same move for each
/// ask in one position).
pub struct MoveData {
    pub info: MoveInfo,
    /// Its text and its squares' names: made the first time they are asked for (a tree
    /// walk that only plays moves never makes them), or given (a move made again from a
    /// pickle).
    words: OnceLock<Words>,
    /// What its words are made from: the variant and the legal moves of its position.
    source: Option<(Arc<Rules>, Arc<[MoveInfo]>)>,
}

/// A move's text and the names of its squares.
struct Words {
    text: String,
    names: Vec<String>,
    captured: Vec<String>,
    removed: Vec<String>,
}

impl Words {
    fn new(rules: &Rules, info: &MoveInfo, legal: &[MoveInfo]) -> Words {
        let name = |c: u16| if c == MoveInfo::PASS { "--".to_string() } else { rules.cell_name(c).to_string() };
        let names = if info.drop {
            info.path.iter().map(|&c| name(c)).collect()
        } else {
            std::iter::once(info.from).chain(info.path.iter().copied()).map(name).collect()
        };
        let captured = info.captured.iter().map(|&c| name(c)).collect();
        let removed = info.removed.iter().map(|&c| name(c)).collect();
        Words { text: move_text(rules, info, legal), names, captured, removed }
    }
}

impl std::ops::Deref for Move {
    type Target = MoveData;

    fn deref(&self) -> &MoveData {
        &self.0
    }
}

impl Move {
    /// How the variant writes the move.
    pub fn text(&self) -> &str {
        &self.words().text
    }

    /// `info`, a legal move among `legal` (its position's legal moves) in `rules`.
    pub fn new(rules: &Arc<Rules>, info: MoveInfo, legal: Arc<[MoveInfo]>) -> Move {
        Move(Arc::new(MoveData { info, words: OnceLock::new(), source: Some((rules.clone(), legal)) }))
    }

    fn words(&self) -> &Words {
        self.words.get_or_init(|| match &self.source {
            Some((rules, legal)) => Words::new(rules, &self.info, legal),
            // A move made again from a pickle has its words from the start.
            None => Words { text: String::new(), names: Vec::new(), captured: Vec::new(), removed: Vec::new() },
        })
    }

    /// Whether the move's parts agree with one another (a move made again from a pickle):
    /// a pass has no path and no squares; any other move's path ends at its destination
    /// (and a drop's starts at its origin), and there is a name for each square of it.
    fn check(&self) -> Result<(), String> {
        let (i, w) = (&self.info, self.words());
        if w.text.len() > MAX_MOVE_BYTES {
            return Err(format!("its text is {} bytes long, more than the {MAX_MOVE_BYTES} a move's may have", w.text.len()));
        }
        if i.is_pass() {
            let bare = i.to == MoveInfo::PASS && i.path.is_empty() && i.captured.is_empty() && i.removed.is_empty() && !i.drop;
            if !bare || w.names.len() != 1 || !w.captured.is_empty() || !w.removed.is_empty() {
                return Err("a pass has no path, no squares and no captures".to_string());
            }
            return Ok(());
        }
        let mut cells = std::iter::once(&i.to).chain(&i.path).chain(&i.captured).chain(&i.removed);
        if cells.any(|&c| c == MoveInfo::PASS) {
            return Err("a move that is not a pass has no pass's cell".to_string());
        }
        if i.path.last() != Some(&i.to) || (i.drop && i.path.first() != Some(&i.from)) {
            return Err("the path does not go from the origin to the destination".to_string());
        }
        let squares = i.path.len() + usize::from(!i.drop);
        if w.names.len() != squares || w.captured.len() != i.captured.len() || w.removed.len() != i.removed.len() {
            return Err("the squares' names are not one for each cell".to_string());
        }
        Ok(())
    }

    /// Whether the move's cells and kinds are those of `rules`' board: a `Move` made in
    /// another variant, or made again from a pickle, may not be.
    fn fits(&self, rules: &Rules) -> bool {
        let i = &self.info;
        let (squares, kinds) = (rules.spec().geometry.len(), rules.spec().kinds.len());
        let on_board = |c: &u16| usize::from(*c) < squares;
        let mut cells = [&i.from, &i.to].into_iter().chain(&i.path).chain(&i.captured).chain(&i.removed);
        (i.is_pass() || cells.all(on_board)) && usize::from(i.kind_before) < kinds && usize::from(i.kind_after) < kinds
    }
}

#[pymethods]
impl Move {
    /// The square the piece moves from.
    #[getter(from_square)]
    fn origin(&self) -> &str {
        &self.words().names[0]
    }

    /// The square it ends on.
    #[getter]
    fn to_square(&self) -> &str {
        self.words().names.last().map_or("", String::as_str)
    }

    /// Every square it stands on, the origin first and the destination last (a drop: the
    /// squares it places pieces on, in order).
    #[getter]
    fn path(&self) -> Vec<String> {
        self.words().names.clone()
    }

    /// Whether it places pieces from the hand (in variants with ``[drops]``) instead of
    /// moving one.
    #[getter]
    fn is_drop(&self) -> bool {
        self.info.drop
    }

    /// The squares of the pieces it takes, in the order it takes them.
    #[getter]
    fn captured(&self) -> Vec<String> {
        self.words().captured.clone()
    }

    /// The squares of the pieces it takes off without capturing them (huffing, in variants
    /// with ``[capture] huff``), in the order of their squares' cells.
    #[getter]
    fn removed(&self) -> Vec<String> {
        self.words().removed.clone()
    }

    /// Whether it takes pieces.
    #[getter]
    fn is_capture(&self) -> bool {
        !self.info.captured.is_empty()
    }

    /// Whether the moving piece changes kind (a man crowned).
    #[getter]
    fn promotes(&self) -> bool {
        self.info.kind_before != self.info.kind_after
    }

    fn __str__(&self) -> &str {
        self.text()
    }

    /// A move from its parts (as pickling makes it again); ``ValueError`` when the parts
    /// do not make a move (a pickle tampered with). Whether its squares are squares of a
    /// board is judged by the board it is played on.
    #[staticmethod]
    fn _rebuild(cells: MoveCells, text: String, names: Vec<String>, squares: (Vec<String>, Vec<String>)) -> PyResult<Move> {
        let (from, to, path, taken, off, kind_before, kind_after, drop) = cells;
        let (captured, removed) = squares;
        let info = MoveInfo { from, to, path, captured: taken, removed: off, kind_before, kind_after, drop };
        let words = OnceLock::from(Words { text, names, captured, removed });
        let m = Move(Arc::new(MoveData { info, words, source: None }));
        m.check().map_err(|why| PyValueError::new_err(format!("these parts do not make a move: {why}")))?;
        Ok(m)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, MoveParts)> {
        let m = slf.get();
        let i = &m.info;
        let cells = (i.from, i.to, i.path.clone(), i.captured.clone(), i.removed.clone(), i.kind_before, i.kind_after, i.drop);
        let w = m.words();
        Ok((slf.getattr("_rebuild")?, (cells, w.text.clone(), w.names.clone(), (w.captured.clone(), w.removed.clone()))))
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Move>().is_ok_and(|o| o.get().info == self.info)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.info.from, self.info.to, &self.info.path, &self.info.captured, &self.info.removed, self.info.drop).hash(&mut h);
        h.finish()
    }
}

/// How a game ended: the winner (``None`` for a draw), and why.
#[pyclass(frozen, module = "polydame")]
pub struct Outcome {
    /// ``"white"``, ``"black"``, or ``None`` for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// The reason's stable code (``"no-moves"``, ``"repetition"``, ...).
    #[pyo3(get)]
    reason: String,
    /// The outcome in words.
    #[pyo3(get)]
    description: String,
    /// The result as PDN writes it: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"``.
    #[pyo3(get)]
    result: &'static str,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or("None".to_string(), |w| format!("'{w}'"));
        format!("Outcome(winner={winner}, reason='{}')", self.reason)
    }
}

/// A game of a variant: the position reached, with its history (repetitions and move-count
/// rules are judged with it), its moves taken back with ``pop()``.
///
/// ``Board("international")`` or ``Board(variant, fen="W:W31-50:B1-20")``.
#[pyclass(module = "polydame")]
pub struct Board {
    /// The game, sharing its rules with `rules` (and the variant).
    game: Game<'static>,
    rules: Arc<Rules>,
    variant: Py<Variant>,
    /// The legal moves of the positions of the game's line, by ply, as far as they have
    /// been asked for: `push` and `pop` play and name moves without generating them again.
    /// An entry counts only while its position's hash is the game's at that ply.
    legal_cache: Mutex<Vec<Option<Arc<Legal>>>>,
}

/// The legal moves of one position: the engine's list, to play from, and the moves as
/// `legal_moves` gives them, each with its index in that list.
pub(crate) struct Legal {
    hash: u64,
    list: MoveList,
    pub(crate) infos: Arc<[MoveInfo]>,
    at: Vec<usize>,
    /// The decisions among the moves (the action space), made the first time they are
    /// asked for.
    decisions: std::sync::OnceLock<Decisions>,
    /// The moves as Python sees them, made the first time they are asked for (the same
    /// objects for each ask).
    moves: std::sync::OnceLock<Vec<Py<Move>>>,
}

impl Legal {
    /// The decisions among the moves, in the variant's action space.
    pub(crate) fn decisions(&self, space: ActionSpace) -> &Decisions {
        self.decisions.get_or_init(|| Decisions::new(&space, &self.infos))
    }

    /// The moves as `legal_moves` gives them.
    pub(crate) fn moves(&self, py: Python<'_>, rules: &Arc<Rules>) -> PyResult<&[Py<Move>]> {
        if let Some(m) = self.moves.get() {
            return Ok(m);
        }
        let made = self.infos.iter().map(|m| Py::new(py, Move::new(rules, m.clone(), self.infos.clone()))).collect::<PyResult<Vec<_>>>()?;
        Ok(self.moves.get_or_init(|| made))
    }

    /// The place in the list of `m`, when it is one of the `Move` objects this position
    /// handed out (the same object, not an equal one).
    fn handed_out(&self, m: &Bound<'_, PyAny>) -> Option<usize> {
        self.moves.get()?.iter().position(|h| h.as_ptr() == m.as_ptr())
    }

    /// The move `info` as this position's list names it (made anew if it is another route
    /// than the one listed).
    fn named(&self, py: Python<'_>, rules: &Arc<Rules>, info: MoveInfo) -> PyResult<Py<Move>> {
        let j = self.infos.iter().position(|m| *m == info);
        self.named_at(py, rules, j, info)
    }

    /// [`Legal::named`] where the move's place in the list (`j`) is known already.
    fn named_at(&self, py: Python<'_>, rules: &Arc<Rules>, j: Option<usize>, info: MoveInfo) -> PyResult<Py<Move>> {
        match j {
            Some(j) => Ok(self.moves(py, rules)?[j].clone_ref(py)),
            None => Py::new(py, Move::new(rules, info, self.infos.clone())),
        }
    }
}

/// A move error as `IllegalMove`, with its `code` and `reason`.
pub fn illegal(py: Python<'_>, e: MoveError) -> PyErr {
    let reason = e.to_string();
    let attrs = [
        ("code", e.code().into_pyobject(py).map(|c| c.into_any().unbind())),
        ("reason", reason.clone().into_pyobject(py).map(|r| r.into_any().unbind())),
    ];
    let attrs: Vec<(&str, Py<PyAny>)> = attrs.into_iter().filter_map(|(k, v)| v.ok().map(|v| (k, v))).collect();
    error_with::<IllegalMove>(py, reason, &attrs)
}

impl Board {
    /// A board of `variant` at `fen` (or its start).
    pub fn create(py: Python<'_>, variant: Py<Variant>, fen: Option<&str>) -> PyResult<Board> {
        let rules = variant.get().rules.clone();
        // The game shares the rules (it borrows nothing, so it lives as long as the board).
        let start = match fen {
            None => polydame::Position::start(&rules),
            Some(f) => guard::shield(|| Ok(polydame::fen::parse_fen(&rules, f)))?.map_err(|e| {
                let attrs = [
                    ("code", e.kind.code().into_pyobject(py).map(|c| c.into_any().unbind())),
                    ("column", e.column.into_pyobject(py).map(|c| c.into_any().unbind())),
                ];
                let attrs: Vec<(&str, Py<PyAny>)> = attrs.into_iter().filter_map(|(k, v)| v.ok().map(|v| (k, v))).collect();
                error_with::<InvalidFen>(py, e.to_string(), &attrs)
            })?,
        };
        let game = Game::shared(rules.clone(), start);
        Ok(Board { game, rules, variant, legal_cache: Mutex::new(Vec::new()) })
    }

    pub fn game(&self) -> &Game<'static> {
        &self.game
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub(crate) fn legal(&self) -> PyResult<Vec<MoveInfo>> {
        Ok(self.legal_here()?.infos.to_vec())
    }

    /// The legal moves of the position reached: kept from when they were last asked for
    /// at this ply of this line, else generated (and kept).
    pub(crate) fn legal_here(&self) -> PyResult<Arc<Legal>> {
        let ply = self.game.moves().len();
        let hash = self.game.position().hash();
        if let Ok(cache) = self.legal_cache.lock()
            && let Some(Some(l)) = cache.get(ply)
            && l.hash == hash
        {
            return Ok(l.clone());
        }
        let list = self.game.legal_list().map_err(|e| budget_error(e, &self.game.fen()))?;
        let raw: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        let at = sorted_order(&self.rules, &raw);
        let infos: Arc<[MoveInfo]> = at.iter().map(|&i| raw[i].clone()).collect();
        let legal = Arc::new(Legal { hash, list, infos, at, decisions: std::sync::OnceLock::new(), moves: std::sync::OnceLock::new() });
        if let Ok(mut cache) = self.legal_cache.lock() {
            if cache.len() <= ply {
                cache.resize(ply + 1, None);
            }
            cache[ply] = Some(legal.clone());
        }
        Ok(legal)
    }

    /// Forgets the legal moves kept past the ply reached (after a move, the line below it
    /// is another).
    fn forget_past_ply(&self) {
        if let Ok(mut cache) = self.legal_cache.lock() {
            cache.truncate(self.game.moves().len());
        }
    }

    /// The move a Python value names: a `Move` (of this board's variant: `IllegalMove`
    /// otherwise), or its text.
    pub(crate) fn resolve(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<MoveInfo> {
        if let Ok(mv) = m.cast::<Move>() {
            return self.own(py, mv.get());
        }
        let text = text_of(py, m)?;
        guard::shield(|| self.game.clone().play(&text).map_err(|e| illegal(py, e)))
    }

    /// The cells of a `Move`, when they are cells of this board; `IllegalMove` otherwise
    /// (a move of another variant, or a pickle tampered with).
    fn own(&self, py: Python<'_>, mv: &Move) -> PyResult<MoveInfo> {
        if !mv.fits(&self.rules) {
            let why = format!("{} is not a move of this board: its squares or kinds are not the variant's", mv.text());
            let attrs = [
                ("code", "no-such-square".into_pyobject(py)?.into_any().unbind()),
                ("reason", why.clone().into_pyobject(py)?.into_any().unbind()),
            ];
            return Err(error_with::<IllegalMove>(py, why, &attrs));
        }
        Ok(mv.info.clone())
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant, fen = None))]
    fn new(py: Python<'_>, variant: &Bound<'_, PyAny>, fen: Option<&str>) -> PyResult<Board> {
        Board::create(py, crate::variant::variant_of(py, variant)?, fen)
    }

    /// The variant played.
    #[getter]
    fn variant(&self, py: Python<'_>) -> Py<Variant> {
        self.variant.clone_ref(py)
    }

    /// The legal moves, in the order of their full paths; none once the game is over.
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<Move>>> {
        Ok(self.legal_here()?.moves(py, &self.rules)?.iter().map(|m| m.clone_ref(py)).collect())
    }

    /// Plays a move (a ``Move`` or its text, as the variant or a record writes it) and
    /// returns it; ``IllegalMove`` if it is not legal here.
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Py<Move>> {
        let legal = self.legal_here()?;
        // One of the moves this position handed out (the usual tree walk): played from the
        // list, as it is.
        if let Some(j) = legal.handed_out(r#move) {
            guard::shield(|| {
                self.game.play_listed(&legal.list, legal.at[j]);
                Ok(())
            })?;
            self.forget_past_ply();
            return Ok(r#move.cast::<Move>()?.clone().unbind());
        }
        let (info, listed) = match r#move.cast::<Move>() {
            Ok(mv) => {
                let info = self.own(py, mv.get())?;
                let listed = legal.infos.iter().position(|m| *m == info);
                match listed {
                    // One of the moves listed: played from the list, not generated again.
                    Some(j) => guard::shield(|| {
                        self.game.play_listed(&legal.list, legal.at[j]);
                        Ok(())
                    })?,
                    // Another route of a legal capture, or no legal move (its reason).
                    None => guard::shield(|| self.game.play_move(&info).map_err(|e| illegal(py, e)))?,
                }
                (info, listed)
            }
            Err(_) => {
                let text = text_of(py, r#move)?;
                let info = guard::shield(|| self.game.play(&text).map_err(|e| illegal(py, e)))?;
                let listed = legal.infos.iter().position(|m| *m == info);
                (info, listed)
            }
        };
        self.forget_past_ply();
        legal.named_at(py, &self.rules, listed, info)
    }

    /// Takes back the last move and returns it; ``IndexError`` at the game's start.
    fn pop(&mut self, py: Python<'_>) -> PyResult<Py<Move>> {
        let m = self.game.undo().ok_or_else(|| PyIndexError::new_err("pop from a board with no moves"))?;
        self.legal_here()?.named(py, &self.rules, m)
    }

    /// The moves played, in order.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.game.record().moves.into_iter().map(|(m, legal)| Move::new(&self.rules, m, legal.into())).collect()
    }

    /// Whether a move (a ``Move`` or its text) is legal here.
    fn is_legal(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match r#move.cast::<Move>() {
            // Any legal route, of the moves listed or not; a move of another board is not.
            Ok(mv) if !mv.get().fits(&self.rules) => Ok(false),
            Ok(mv) => guard::shield(|| Ok(self.game.clone().play_move(&mv.get().info).is_ok())),
            Err(_) => {
                let text = text_of(py, r#move)?;
                guard::shield(|| Ok(self.game.clone().play(&text).is_ok()))
            }
        }
    }

    /// The position as FEN, in the variant's notation.
    #[getter]
    fn fen(&self) -> String {
        self.game.fen()
    }

    /// The side to move: ``"white"`` or ``"black"``.
    #[getter]
    fn turn(&self) -> &'static str {
        side_name(self.game.position().side_to_move())
    }

    /// Half-moves played.
    #[getter]
    fn ply(&self) -> usize {
        self.game.moves().len()
    }

    /// The piece on a square: ``(side, kind)``, or ``None``; ``ValueError`` for a square
    /// the board does not have.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<(&'static str, String)>> {
        // A square number (`28`) or a name (`"28"`, `"e4"`).
        let name = match square.extract::<u64>() {
            Ok(n) => n.to_string(),
            Err(_) => square
                .extract::<PyBackedStr>()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "a square is a name or a number, such as \"e4\" or 28, not {}",
                        square.get_type().name().map_or_else(|_| "this".to_string(), |n| n.to_string())
                    ))
                })?
                .to_string(),
        };
        let cell = self.rules.cell(&name).ok_or_else(|| PyValueError::new_err(format!("the board has no square {name:?}")))?;
        Ok(self.game.position().piece(cell).map(|(side, kind)| (side_name(side), self.rules.spec().kinds[kind as usize].name.clone())))
    }

    /// How the game ended, or ``None`` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        let o = self.game.outcome();
        let (winner, why) = match o {
            polydame::Outcome::Ongoing => return None,
            polydame::Outcome::Win(side, why) => (Some(side_name(side)), why),
            polydame::Outcome::Draw(why) => (None, why),
        };
        Some(Outcome { winner, reason: why.code().to_string(), description: o.describe(&self.rules), result: o.score() })
    }

    /// Whether the game is over.
    fn is_game_over(&self) -> bool {
        // A position with legal moves is not over (they are kept for `legal_moves`, which
        // usually comes next); without them, the outcome says.
        if self.legal_here().is_ok_and(|l| !l.infos.is_empty()) {
            return false;
        }
        self.game.outcome() != polydame::Outcome::Ongoing
    }

    /// A board of the same game, to change apart from this one.
    fn copy(&self, py: Python<'_>) -> PyResult<Board> {
        let mut b = Board::create(py, self.variant.clone_ref(py), None)?;
        b.game = self.game.clone();
        Ok(b)
    }

    /// The board made again from its variant, its start and its moves (unpickling).
    #[staticmethod]
    fn _rebuild(py: Python<'_>, variant: Py<Variant>, start: &str, moves: Vec<String>) -> PyResult<Board> {
        let mut b = Board::create(py, variant, Some(start))?;
        for m in &moves {
            check_move_text(py, m)?;
            guard::shield(|| b.game.play(m).map_err(|e| illegal(py, e)))?;
        }
        Ok(b)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, BoardParts)> {
        let b = slf.borrow();
        let rules: &Rules = &b.rules;
        let start = polydame::fen::write_fen(rules, b.game.start());
        let moves = b.game.moves().map(|m| polydame::notation::full_text(rules, m)).collect();
        Ok((slf.getattr("_rebuild")?, (b.variant.clone_ref(slf.py()), start, moves)))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<Board> {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<Board> {
        self.copy(py)
    }

    /// The leaves of the move tree ``depth`` plies deep from this position (``routes``:
    /// ``"distinct"``, ``"paths"`` or ``"landings"``, as ``polydame perft``), counted in
    /// Rust without the interpreter's lock, on ``threads`` threads (default: every core,
    /// as the command line counts). ``depth`` is at most ``MAX_PERFT_DEPTH`` (64) and
    /// ``threads`` at most ``MAX_PERFT_THREADS`` (256): ``ValueError`` beyond. Ctrl-C stops
    /// the count (``KeyboardInterrupt``).
    #[pyo3(signature = (depth, routes = "distinct", threads = None))]
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>, routes: &str, threads: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        let routes = routes_named(routes)?;
        let Some(depth) = guard::whole::<u32>(depth, "depth")? else {
            return Err(PyValueError::new_err(format!(
                "a perft of depth {depth} is refused: the deepest count is {MAX_PERFT_DEPTH} plies"
            )));
        };
        let threads = match threads {
            None => std::thread::available_parallelism().map_or(1, usize::from),
            Some(t) => guard::whole::<usize>(t, "threads")?
                .ok_or_else(|| PyValueError::new_err(format!("a perft on {t} threads is refused: at most {MAX_PERFT_THREADS} threads")))?,
        };
        let mut pos = self.game.position().clone();
        let rules: &Rules = &self.rules;
        let stop = AtomicBool::new(false);
        let counted =
            guard::run(py, &stop, || perft_with_progress(&mut pos, rules, depth, routes, threads.max(1), &|_, _| {}, Some(&stop)))?;
        counted.map_err(|e| match e {
            PerftError::Budget(e) => budget_error(e, &self.game.fen()),
            e @ (PerftError::TooDeep { .. } | PerftError::TooManyThreads { .. }) => PyValueError::new_err(e.to_string()),
            e => PolydameError::new_err(e.to_string()),
        })
    }

    /// The board as SVG: the last move marked (its squares tinted, an arrow along its
    /// path, the pieces it took ringed) unless ``last_move=False``; ``size`` pixels wide
    /// (the height in proportion; ``None``: the picture's own size, 40 pixels a square).
    #[pyo3(signature = (last_move = true, size = None))]
    fn svg(&self, last_move: bool, size: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let last = if last_move { self.game.moves().last() } else { None };
        let svg = polydame::picture::board_svg(&self.rules, self.game.position(), last);
        let Some(size) = size else { return Ok(svg) };
        let width = guard::whole::<u32>(size, "size")?.filter(|&w| (1..=MAX_SVG_SIZE).contains(&w));
        let width = width.ok_or_else(|| PyValueError::new_err(format!("size is from 1 to {MAX_SVG_SIZE} pixels")))?;
        Ok(sized(&svg, width))
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(true, None)
    }

    /// The game as PDN, with these tags (a dict) before its moves.
    #[pyo3(signature = (tags = None))]
    fn pdn(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut record = self.game.record();
        if let Some(tags) = tags {
            record.tags = tags.iter().map(|(k, v)| Ok((k.extract::<String>()?, v.str()?.to_string()))).collect::<PyResult<_>>()?;
        }
        guard::shield(|| Ok(write_pdn(&self.rules, &record)))
    }

    fn __str__(&self) -> String {
        polydame::picture::board_text(&self.rules, self.game.position())
    }

    fn __repr__(&self) -> String {
        format!("Board({:?}, fen={:?})", self.rules.id(), self.game.fen())
    }
}

/// What a move is made again from: its cells and kinds, its text, its squares' names.
type MoveParts = (MoveCells, String, Vec<String>, (Vec<String>, Vec<String>));

/// A move's cells and kinds as pickled: origin, destination, path, captured, removed,
/// kind before, kind after, whether it is a drop.
type MoveCells = (u16, u16, Vec<u16>, Vec<u16>, Vec<u16>, u8, u8, bool);

/// What a board is made again from: its variant, its start's FEN, its moves.
type BoardParts = (Py<Variant>, String, Vec<String>);

/// The text of a move given as text (at most [`MAX_MOVE_BYTES`]: `IllegalMove` beyond);
/// a `TypeError` for anything else.
fn text_of(py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<String> {
    let text: String = m.extract().map_err(|_| PyTypeError::new_err("a move is a Move or its text (\"32-28\")"))?;
    check_move_text(py, &text)?;
    Ok(text)
}

/// `IllegalMove` (code ``too-long``) for a move's text longer than [`MAX_MOVE_BYTES`].
fn check_move_text(py: Python<'_>, text: &str) -> PyResult<()> {
    if text.len() <= MAX_MOVE_BYTES {
        return Ok(());
    }
    let why = format!("the move's text is {} bytes long, more than the {MAX_MOVE_BYTES} a move's may have", text.len());
    let attrs =
        [("code", "too-long".into_pyobject(py)?.into_any().unbind()), ("reason", why.clone().into_pyobject(py)?.into_any().unbind())];
    Err(error_with::<IllegalMove>(py, why, &attrs))
}

/// The widest picture `Board.svg` draws, in pixels.
const MAX_SVG_SIZE: u32 = 10_000;

/// `svg` (as the library draws it: `width` and `height` in its first tag) `width` pixels
/// wide, its height in proportion; its view box is unchanged.
fn sized(svg: &str, width: u32) -> String {
    let Some(end) = svg.find('>') else { return svg.to_string() };
    let tag = &svg[..end];
    let (w, h) = (attr_text(tag, "width"), attr_text(tag, "height"));
    let (Ok(wide), Ok(high)) = (w.parse::<f64>(), h.parse::<f64>()) else { return svg.to_string() };
    let height = (high * f64::from(width) / wide).round();
    let tag = tag.replacen(&format!(" width=\"{w}\""), &format!(" width=\"{width}\""), 1);
    let tag = tag.replacen(&format!(" height=\"{h}\""), &format!(" height=\"{height}\""), 1);
    tag + &svg[end..]
}

/// The text of attribute `name` in a tag ("" when it has none).
fn attr_text<'a>(tag: &'a str, name: &str) -> &'a str {
    let Some(at) = tag.find(&format!(" {name}=\"")) else { return "" };
    tag[at + name.len() + 3..].split('"').next().unwrap_or("")
}

/// The routes a name asks for.
pub fn routes_named(name: &str) -> PyResult<Routes> {
    match name {
        "distinct" => Ok(Routes::Distinct),
        "paths" => Ok(Routes::Paths),
        "landings" => Ok(Routes::Landings),
        other => Err(PyValueError::new_err(format!("routes is \"distinct\", \"paths\" or \"landings\", not {other:?}"))),
    }
}
