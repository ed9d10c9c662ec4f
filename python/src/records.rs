//! Game records: `read_pdn` (the games of a file or a text, as written) and `validate`
//! (each game replayed, with the reason for its first illegal move), the variant of each
//! game found from its tags as `polydame validate` finds it.

use crate::VariantError;
use polydame::Rules;
use polydame::notation::Notations;
use polydame::pdn::{Registry, parse_game, pdn_games, replay_with};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::OnceLock;

/// A game as written: its tags, its main line's moves, its variations and its result.
#[pyclass(frozen, module = "polydame")]
pub struct PdnGame {
    /// The tag pairs in order: ``[(name, value), ...]``.
    #[pyo3(get)]
    tags: Vec<(String, String)>,
    /// The main line's moves as written.
    #[pyo3(get)]
    moves: Vec<String>,
    /// Each variation: ``(parent, at, moves)``: the variation it branches from (``None``:
    /// the main line), the index of the move of that line it replaces, its moves.
    #[pyo3(get)]
    variations: Vec<(Option<usize>, usize, Vec<String>)>,
    /// The result token that closes the moves, if any.
    #[pyo3(get)]
    result: Option<String>,
    /// The game's first line in its file.
    #[pyo3(get)]
    line: usize,
    /// The game's text as read.
    #[pyo3(get)]
    text: String,
}

#[pymethods]
impl PdnGame {
    /// The value of a tag (the first with that name, case-insensitive), or ``None``.
    fn tag(&self, name: &str) -> Option<String> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone())
    }

    fn __repr__(&self) -> String {
        format!("PdnGame(line={}, moves={}, result={:?})", self.line, self.moves.len(), self.result)
    }
}

/// The verdict on one game: legal or not, and where and why not.
#[pyclass(frozen, module = "polydame")]
pub struct Verdict {
    /// The game's number in its source, from 1.
    #[pyo3(get)]
    game: usize,
    /// The game's first line.
    #[pyo3(get)]
    line: usize,
    /// The variant it was replayed as (``None`` when none was found).
    #[pyo3(get)]
    variant: Option<String>,
    /// Whether every move (and every variation's) is legal and was read.
    #[pyo3(get)]
    valid: bool,
    /// Half-moves played before the first bad one (all of them when valid).
    #[pyo3(get)]
    plies: usize,
    /// The first error: a dict of ``ply``, ``line``, ``column``, ``text``, ``code``,
    /// ``reason``; ``None`` when the main line is legal.
    #[pyo3(get)]
    error: Option<Py<PyDict>>,
    /// The first error of each bad variation, as ``error``.
    #[pyo3(get)]
    variation_errors: Vec<Py<PyDict>>,
    /// Warnings: ``(code, message)``.
    #[pyo3(get)]
    warnings: Vec<(String, String)>,
    /// The game's tags: ``[(name, value), ...]``.
    #[pyo3(get)]
    tags: Vec<(String, String)>,
}

/// A verdict's fields in order, as `Verdict(...)` takes them (pickling).
type VerdictParts =
    (usize, usize, Option<String>, bool, usize, Option<Py<PyDict>>, Vec<Py<PyDict>>, Vec<(String, String)>, Vec<(String, String)>);

#[pymethods]
impl Verdict {
    /// A verdict from its fields (as pickling makes it again).
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: usize,
        line: usize,
        variant: Option<String>,
        valid: bool,
        plies: usize,
        error: Option<Py<PyDict>>,
        variation_errors: Vec<Py<PyDict>>,
        warnings: Vec<(String, String)>,
        tags: Vec<(String, String)>,
    ) -> Verdict {
        Verdict { game, line, variant, valid, plies, error, variation_errors, warnings, tags }
    }

    fn __getnewargs__(&self, py: Python<'_>) -> VerdictParts {
        let errors = self.variation_errors.iter().map(|e| e.clone_ref(py)).collect();
        let error = self.error.as_ref().map(|e| e.clone_ref(py));
        (self.game, self.line, self.variant.clone(), self.valid, self.plies, error, errors, self.warnings.clone(), self.tags.clone())
    }

    fn __repr__(&self) -> String {
        let variant = self.variant.as_ref().map_or("None".to_string(), |v| format!("'{v}'"));
        let valid = if self.valid { "True" } else { "False" };
        format!("Verdict(game={}, variant={variant}, valid={valid}, plies={})", self.game, self.plies)
    }
}

/// The text of a source: a path (``os.PathLike``, or a ``str`` naming a file or ending
/// in ``.pdn``: ``OSError`` when it cannot be read), PDN text, or bytes.
fn source_bytes(source: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let as_path = |p: std::path::PathBuf| std::fs::read(&p).map_err(|e| PyOSError::new_err(format!("{}: {e}", p.display())));
    if let Ok(text) = source.extract::<String>() {
        let path = std::path::Path::new(&text);
        let named = !text.contains('\n') && text.len() < 4096;
        if named && (path.is_file() || text.trim_end().to_ascii_lowercase().ends_with(".pdn")) {
            return as_path(path.to_path_buf());
        }
        return Ok(text.into_bytes());
    }
    if let Ok(bytes) = source.extract::<Vec<u8>>() {
        return Ok(bytes);
    }
    as_path(source.extract()?)
}

/// The games of a PDN file or text, as written (any encoding; a path or the text itself).
#[pyfunction]
pub fn read_pdn(source: &Bound<'_, PyAny>) -> PyResult<Vec<PdnGame>> {
    let bytes = source_bytes(source)?;
    let mut games = Vec::new();
    for text in pdn_games(&bytes[..]) {
        let text = text.map_err(|e| PyOSError::new_err(e.to_string()))?;
        let g = parse_game(&text);
        let moves = |m: &[polydame::pdn::MoveText]| m.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
        games.push(PdnGame {
            variations: g.variations.iter().map(|v| (v.parent, v.at, moves(&v.moves))).collect(),
            moves: moves(&g.moves),
            result: g.result.clone(),
            line: g.line,
            tags: g.tags,
            text: text.text,
        });
    }
    Ok(games)
}

/// The shipped variants, compiled once.
fn shipped() -> PyResult<&'static [Rules]> {
    static SHIPPED: OnceLock<Result<Vec<Rules>, String>> = OnceLock::new();
    let all = SHIPPED
        .get_or_init(|| polydame::shipped().iter().map(|(id, text)| polydame::compile_text(text, id).map_err(|e| e.to_string())).collect());
    all.as_deref().map_err(|e| VariantError::new_err(e.clone()))
}

/// A play error as a dict.
fn error_dict(py: Python<'_>, e: &polydame::pdn::PlyError) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    d.set_item("ply", e.ply)?;
    d.set_item("line", e.line)?;
    d.set_item("column", e.column)?;
    d.set_item("text", &e.text)?;
    d.set_item("code", e.reason.code())?;
    d.set_item("reason", e.reason.to_string())?;
    Ok(d.unbind())
}

/// Replays every game of a PDN file or text (a path or the text itself) and gives each
/// one's verdict. The variant is ``variant`` (a ``Variant`` or an id) for every game, or
/// else the one each game's tags name (``Variant``, ``GameType``).
#[pyfunction]
#[pyo3(signature = (source, variant = None))]
pub fn validate(py: Python<'_>, source: &Bound<'_, PyAny>, variant: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Verdict>> {
    let fixed = match variant {
        None => None,
        Some(v) => Some(crate::variant::variant_of(py, v)?.get().rules.clone()),
    };
    let fixed = fixed.as_deref().map(Notations::new);
    let shipped = shipped()?;
    let registry = Registry::new(shipped);
    let bytes = source_bytes(source)?;
    let mut verdicts = Vec::new();
    for (i, text) in pdn_games(&bytes[..]).enumerate() {
        let text = text.map_err(|e| PyOSError::new_err(e.to_string()))?;
        let game = parse_game(&text);
        let mut verdict = Verdict {
            game: i + 1,
            line: game.line,
            variant: None,
            valid: false,
            plies: 0,
            error: None,
            variation_errors: Vec::new(),
            warnings: Vec::new(),
            tags: game.tags.clone(),
        };
        match registry.of(&game, fixed.as_ref()) {
            Ok(n) => {
                let v = py.detach(|| replay_with(n, &game));
                verdict.variant = Some(n.rules().id().to_string());
                verdict.valid = v.error.is_none() && v.variations.is_empty();
                verdict.plies = v.plies;
                verdict.error = v.error.as_ref().map(|e| error_dict(py, e)).transpose()?;
                verdict.variation_errors = v.variations.iter().map(|e| error_dict(py, e)).collect::<PyResult<_>>()?;
                verdict.warnings = v.warnings.iter().map(|w| (w.code.to_string(), w.message.clone())).collect();
            }
            Err((code, why)) => {
                let d = PyDict::new(py);
                d.set_item("ply", 0)?;
                d.set_item("line", game.line)?;
                d.set_item("column", 1)?;
                d.set_item("text", "")?;
                d.set_item("code", code)?;
                d.set_item("reason", why)?;
                verdict.error = Some(d.unbind());
            }
        }
        verdicts.push(verdict);
    }
    Ok(verdicts)
}
