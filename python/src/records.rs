//! Game records: `read_pdn` (the games of a file or a text, as written) and `validate`
//! (each game replayed, with the reason for its first illegal move), the variant of each
//! game found from its tags as `polydame validate` finds it.

use crate::guard;
use polydame::Rules;
use polydame::notation::Notations;
use polydame::pdn::{Judgement, Packing, TooLarge, unpack};
use polydame::pdn::{Registry, parse_game, pdn_games, replay_with};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::PyDict;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// A game as written: its tags, its main line's moves, its variations and its result.
#[pyclass(frozen, module = "polydame")]
pub struct PdnGame {
    /// The tag pairs in order (read as a dict by ``tags``).
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
    /// The game's text as read (empty when it is refused).
    #[pyo3(get)]
    text: String,
    /// Why the game was refused unread (a line or the game too long, too many moves,
    /// variations nested too deep): then it has no moves; ``None`` when it was read.
    #[pyo3(get)]
    refused: Option<String>,
}

/// Tag pairs as a dict, in their order: ``{"White": "...", ...}``; of a name written twice,
/// the first value (as ``tag`` reads it).
fn tags_dict<'py>(py: Python<'py>, tags: &[(String, String)]) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in tags {
        if !d.contains(k)? {
            d.set_item(k, v)?;
        }
    }
    Ok(d)
}

#[pymethods]
impl PdnGame {
    /// The game's tags: ``{"White": "...", "Result": "1-0", ...}``, in the file's order.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        tags_dict(py, &self.tags)
    }

    /// The value of a tag (the first with that name, case-insensitive), or ``None``.
    fn tag(&self, name: &str) -> Option<String> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone())
    }

    fn __repr__(&self) -> String {
        match &self.refused {
            Some(why) => format!("PdnGame(line={}, refused={why:?})", self.line),
            None => format!("PdnGame(line={}, moves={}, result={:?})", self.line, self.moves.len(), self.result),
        }
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
    /// Whether the game is valid: every move of its main line legal (a bad move in a
    /// variation is in ``variation_errors``, a warning, as the command line says it).
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
    /// The game's tag pairs in order (read as a dict by ``tags``).
    tags: Vec<(String, String)>,
    /// How the game is judged, as every front end judges it: ``"valid"``, ``"invalid"``,
    /// ``"unreadable"`` (a move that cannot be read), ``"not-judged"`` (too large, or past
    /// the capture budget).
    #[pyo3(get)]
    judgement: String,
}

/// A verdict's fields in order, as `Verdict(...)` takes them (pickling).
type VerdictParts =
    (usize, usize, Option<String>, bool, usize, Option<Py<PyDict>>, Vec<Py<PyDict>>, Vec<(String, String)>, Vec<(String, String)>, String);

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
        judgement: String,
    ) -> Verdict {
        Verdict { game, line, variant, valid, plies, error, variation_errors, warnings, tags, judgement }
    }

    /// The game's tags: ``{"White": "...", "Result": "1-0", ...}``, in the file's order.
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        tags_dict(py, &self.tags)
    }

    fn __getnewargs__(&self, py: Python<'_>) -> VerdictParts {
        let errors = self.variation_errors.iter().map(|e| e.clone_ref(py)).collect();
        let error = self.error.as_ref().map(|e| e.clone_ref(py));
        let judgement = self.judgement.clone();
        (
            self.game,
            self.line,
            self.variant.clone(),
            self.valid,
            self.plies,
            error,
            errors,
            self.warnings.clone(),
            self.tags.clone(),
            judgement,
        )
    }

    fn __repr__(&self) -> String {
        let variant = self.variant.as_ref().map_or("None".to_string(), |v| format!("'{v}'"));
        let valid = if self.valid { "True" } else { "False" };
        format!("Verdict(game={}, variant={variant}, valid={valid}, plies={})", self.game, self.plies)
    }
}

/// Where a record's text comes from: a file, or text or bytes the caller holds (read in
/// place, not copied).
enum Source {
    File(PathBuf),
    Text(PyBackedStr),
    Bytes(PyBackedBytes),
}

impl Source {
    /// The source a Python value names: a path (``os.PathLike``, or a ``str`` that names a
    /// file or ends as a record's file does: ``.pdn``, ``.gz``, ``.bz2``, ``.zst``), PDN
    /// text, or bytes.
    fn of(source: &Bound<'_, PyAny>) -> PyResult<Source> {
        if let Ok(text) = source.extract::<PyBackedStr>() {
            let named = !text.contains('\n') && text.len() <= MAX_PATH_BYTES;
            let lower = text.trim_end().to_ascii_lowercase();
            let ends_as_file = [".pdn", ".gz", ".bz2", ".zst"].iter().any(|e| lower.ends_with(e));
            if named && (ends_as_file || Path::new(&*text).is_file()) {
                return Ok(Source::File(PathBuf::from(&*text)));
            }
            return Ok(Source::Text(text));
        }
        if let Ok(bytes) = source.extract::<PyBackedBytes>() {
            return Ok(Source::Bytes(bytes));
        }
        source.extract::<PathBuf>().map(Source::File).map_err(|_| {
            let kind = source.get_type().name().map_or_else(|_| "something else".to_string(), |n| n.to_string());
            PyTypeError::new_err(format!("a record is a path, PDN text or bytes, not a {kind}"))
        })
    }

    /// The source's text, unpacked when it is packed, capped at [`MAX_PDN_BYTES`]: a
    /// source larger than that is refused before it is read, and a packed one is unpacked
    /// once without keeping anything before its games are read, so that a small file that
    /// unpacks to more than the cap (a bomb) is refused without filling the memory.
    fn open(&self) -> io::Result<Box<dyn BufRead + Send + '_>> {
        let (size, what) = match self {
            Source::File(path) => (std::fs::metadata(path)?.len(), "file"),
            Source::Text(text) => (text.len() as u64, "record"),
            Source::Bytes(bytes) => (bytes.len() as u64, "record"),
        };
        if size > MAX_PDN_BYTES {
            return Err(io::Error::other(TooLarge { what, limit: MAX_PDN_BYTES }));
        }
        let (packing, mut text) = unpack(self.raw()?, Some(MAX_PDN_BYTES))?;
        if packing == Packing::Plain {
            return Ok(text);
        }
        io::copy(&mut text, &mut io::sink())?;
        Ok(unpack(self.raw()?, Some(MAX_PDN_BYTES))?.1)
    }

    /// The source's bytes as they are.
    fn raw(&self) -> io::Result<Box<dyn Read + Send + '_>> {
        Ok(match self {
            Source::File(path) => Box::new(std::fs::File::open(path)?),
            Source::Text(text) => Box::new(text.as_bytes()),
            Source::Bytes(bytes) => Box::new(&bytes[..]),
        })
    }

    /// A read's error as Python's: `ValueError` for a source larger than the cap,
    /// `OSError` for a file that cannot be read or a packed stream that is damaged.
    fn error(&self, e: &io::Error) -> PyErr {
        let whose = match self {
            Source::File(path) => format!("{}: ", path.display()),
            Source::Text(_) | Source::Bytes(_) => String::new(),
        };
        match TooLarge::of(e) {
            Some(t) => PyValueError::new_err(format!(
                "{whose}{t}; read it in parts, or check it with the command line's `polydame validate`, which streams"
            )),
            None => PyOSError::new_err(format!("{whose}{e}")),
        }
    }
}

/// The most bytes of PDN text one call of `read_pdn` or `validate` reads (64 MiB), after
/// unpacking, and the most bytes of a file it reads: a file, text or bytes beyond this is
/// refused with a `ValueError` (a decompression bomb too) instead of filling the memory
/// with its games. The games of 64 MiB of text take up to 2 GB as Python objects (30
/// times the text, for games of one move; 10 times for real games).
pub const MAX_PDN_BYTES: u64 = 1 << 26;

/// The longest ``str`` taken for a path rather than PDN text, in bytes (4096, Linux's
/// longest path).
const MAX_PATH_BYTES: usize = 4096;

/// The games of a PDN file or text, as written (any encoding; a path or the text itself;
/// gzip, bzip2 and zstd unpacked, told by their first bytes). A game refused unread (too
/// long, too many moves, variations nested too deep) is kept, with its reason in
/// ``refused`` and no moves.
#[pyfunction]
pub fn read_pdn(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<PdnGame>> {
    let source = Source::of(source)?;
    let stop = AtomicBool::new(false);
    let read = guard::run(py, &stop, || -> io::Result<Vec<PdnGame>> {
        let mut games = Vec::new();
        for text in pdn_games(source.open()?) {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let text = text?;
            let g = parse_game(&text);
            let moves = |m: &[polydame::pdn::MoveText]| m.iter().map(|m| m.text.clone()).collect::<Vec<_>>();
            games.push(PdnGame {
                variations: g.variations.iter().map(|v| (v.parent, v.at, moves(&v.moves))).collect(),
                moves: moves(&g.moves),
                result: g.result.clone(),
                line: g.line,
                refused: g.refused,
                tags: g.tags,
                text: text.text,
            });
        }
        Ok(games)
    })?;
    read.map_err(|e| source.error(&e))
}

/// The shipped variants, compiled once.
fn shipped() -> PyResult<&'static [Rules]> {
    Ok(polydame::shipped_rules())
}

/// A verdict's error as read on the work thread, before it is a dict.
struct Fault {
    ply: usize,
    line: usize,
    column: usize,
    text: String,
    code: &'static str,
    reason: String,
}

impl Fault {
    fn of(e: &polydame::pdn::PlyError) -> Fault {
        Fault { ply: e.ply, line: e.line, column: e.column, text: e.text.clone(), code: e.reason.code(), reason: e.reason.to_string() }
    }

    /// The error as a dict: ``ply``, ``line``, ``column``, ``text``, ``code``, ``reason``.
    fn dict(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        let d = PyDict::new(py);
        d.set_item("ply", self.ply)?;
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("text", &self.text)?;
        d.set_item("code", self.code)?;
        d.set_item("reason", &self.reason)?;
        Ok(d.unbind())
    }
}

/// What a verdict keeps of a game's replay, taken on the work thread: the replay's
/// positions and lines are dropped there, game by game, so that a file of many games does
/// not hold them all.
struct Judged {
    judgement: Judgement,
    tags: Vec<(String, String)>,
    line: usize,
    variant: Option<String>,
    plies: usize,
    error: Option<Fault>,
    variation_errors: Vec<Fault>,
    warnings: Vec<(String, String)>,
}

/// Replays every game of a PDN file or text (a path or the text itself; packed files as
/// ``read_pdn`` reads them) and gives each one's verdict. The variant is ``variant`` (a
/// ``Variant`` or an id) for every game, or else the one each game's tags name
/// (``Variant``, ``GameType``).
#[pyfunction]
#[pyo3(signature = (source, variant = None))]
pub fn validate(py: Python<'_>, source: &Bound<'_, PyAny>, variant: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Verdict>> {
    let fixed = match variant {
        None => None,
        Some(v) => Some(crate::variant::variant_of(py, v)?.get().rules.clone()),
    };
    let shipped = shipped()?;
    let source = Source::of(source)?;
    let stop = AtomicBool::new(false);
    let judged = guard::run(py, &stop, || -> io::Result<Vec<Judged>> {
        let fixed = fixed.as_deref().map(Notations::new);
        let registry = Registry::new(shipped);
        let mut judged = Vec::new();
        for text in pdn_games(source.open()?) {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let game = parse_game(&text?);
            let mut j = Judged {
                judgement: Judgement::Invalid,
                tags: Vec::new(),
                line: game.line,
                variant: None,
                plies: 0,
                error: None,
                variation_errors: Vec::new(),
                warnings: Vec::new(),
            };
            // A game refused unread has no tags to find its variant by: it is refused
            // whatever the variant.
            // Text that is no PDN game at all (a binary file, an archive of a packing not
            // unpacked) is refused, where it starts, as the command line and the studio do.
            let (mut line, mut column) = (game.line, 1);
            let found = match (&game.refused, game.not_pdn()) {
                (_, Some(why)) => {
                    (line, column) = game.oddities.first().map_or((line, column), |o| (o.line, o.column));
                    Err(("not-pdn", why))
                }
                (Some(why), None) => Err(("too-large", format!("the game is not read: {why}"))),
                (None, None) => registry.of(&game, fixed.as_ref()),
            };
            match found {
                Ok(n) => {
                    let v = replay_with(n, &game);
                    j.judgement = v.judgement(false);
                    j.variant = Some(n.rules().id().to_string());
                    j.plies = v.plies;
                    j.error = v.error.as_ref().map(Fault::of);
                    j.variation_errors = v.variations.iter().map(Fault::of).collect();
                    j.warnings = v.warnings.iter().map(|w| (w.code.to_string(), w.message.clone())).collect();
                }
                Err((code, why)) => {
                    j.judgement = Judgement::without_variant(code);
                    j.error = Some(Fault { ply: 0, line, column, text: String::new(), code, reason: why });
                }
            }
            j.tags = game.tags;
            judged.push(j);
        }
        Ok(judged)
    })?;
    let judged = judged.map_err(|e| source.error(&e))?;
    let mut verdicts = Vec::with_capacity(judged.len());
    for (i, j) in judged.into_iter().enumerate() {
        verdicts.push(Verdict {
            game: i + 1,
            line: j.line,
            valid: j.judgement == Judgement::Valid,
            judgement: j.judgement.code().to_string(),
            variant: j.variant,
            plies: j.plies,
            error: j.error.map(|e| e.dict(py)).transpose()?,
            variation_errors: j.variation_errors.iter().map(|e| e.dict(py)).collect::<PyResult<_>>()?,
            warnings: j.warnings,
            tags: j.tags,
        });
    }
    Ok(verdicts)
}
