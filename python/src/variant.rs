//! `Variant`: a variant's compiled rules, from a shipped id, a file or text, with its
//! options chosen by keyword.

use crate::{VariantError, error_with, guard};
use polydame::json::DiagnosticJson;
use polydame::spec::{Diagnostics, MAX_VARIANT_BYTES};
use polydame::{LoadError, Rules};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::io::Read;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

/// The longest name of a variant (a shipped id or alias, or a path), of an option and of
/// a choice, in bytes (4096, Linux's longest path): a longer one is refused before it is
/// looked for, or compared with the known names for a near miss.
pub const MAX_NAME_BYTES: usize = 4096;

/// The rules of a variant, compiled once and shared by every board of it.
///
/// ``Variant("international")`` loads a shipped variant by id or alias,
/// ``Variant.from_file(path)`` and ``Variant.from_text(toml)`` a variant file; options are
/// keyword arguments (``Variant("frisian", kings="...")``, as ``--option NAME=CHOICE``).
/// A variant that cannot be loaded raises ``VariantError`` with every diagnostic.
#[pyclass(frozen, module = "polydame")]
pub struct Variant {
    pub rules: Arc<Rules>,
    /// Where it came from, to make it again in another process (pickling, Ray tasks):
    /// a shipped id or a path (`None` for text), the text of a file read, the name the
    /// text was given, and the options chosen.
    origin: Origin,
}

/// What a variant is made again from: its name, its text, its options.
type VariantParts = (String, Option<String>, Vec<(String, String)>);

/// What a variant was made from.
#[derive(Clone)]
struct Origin {
    name: String,
    text: Option<String>,
    options: Vec<(String, String)>,
}

/// The (option, choice) pairs of keyword arguments.
fn choices(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let Some(given) = options else { return Ok(Vec::new()) };
    let options: Vec<(String, String)> =
        given.iter().map(|(k, v)| Ok((k.extract::<String>()?, v.str()?.to_string()))).collect::<PyResult<_>>()?;
    check_options(given.py(), &options)?;
    Ok(options)
}

/// A `VariantError` without diagnostics, saying `why`.
fn refused(py: Python<'_>, why: String) -> PyErr {
    error_with::<VariantError>(py, why, &[("diagnostics", PyList::empty(py).into_any().unbind())])
}

/// Refuses `name` when it is longer than [`MAX_NAME_BYTES`]; `what` says what it names.
fn check_name(py: Python<'_>, what: &str, name: &str) -> PyResult<()> {
    if name.len() > MAX_NAME_BYTES {
        return Err(refused(py, format!("{what} is at most {MAX_NAME_BYTES} bytes long, and this one has {}", name.len())));
    }
    Ok(())
}

/// Refuses options whose names or choices are longer than [`MAX_NAME_BYTES`].
fn check_options(py: Python<'_>, options: &[(String, String)]) -> PyResult<()> {
    for (option, choice) in options {
        check_name(py, "an option's name", option)?;
        check_name(py, "an option's choice", choice)?;
    }
    Ok(())
}

/// The rules of a variant file's text named `name` in diagnostics, compiled on a thread of
/// the module's own (see `guard::run`); a text longer than `MAX_VARIANT_BYTES` is refused
/// unread.
fn compile(py: Python<'_>, text: &str, name: &str, options: &[(String, String)]) -> PyResult<Result<Rules, LoadError>> {
    check_name(py, "a variant's name", name)?;
    check_options(py, options)?;
    if text.len() > MAX_VARIANT_BYTES {
        return Ok(Err(LoadError::TooLarge { path: name.to_string() }));
    }
    guard::run(py, &AtomicBool::new(false), || polydame::compile_text_with(text, name, options))
}

/// A load error as `VariantError`, with its diagnostics: a list of dicts (`line`,
/// `column`, `end_line`, `end_column`, `kind`, `message`, `label`, `help`).
fn variant_error(py: Python<'_>, e: LoadError) -> PyErr {
    let diagnostics = PyList::empty(py);
    if let LoadError::Invalid(d) = &e {
        for item in diagnostics_of(py, d) {
            let _ = diagnostics.append(item);
        }
    }
    error_with::<VariantError>(py, e.to_string(), &[("diagnostics", diagnostics.into_any().unbind())])
}

fn diagnostics_of<'py>(py: Python<'py>, d: &Diagnostics) -> Vec<Bound<'py, PyDict>> {
    DiagnosticJson::all(d)
        .into_iter()
        .map(|j| {
            let dict = PyDict::new(py);
            let _ = dict.set_item("file", j.file);
            let _ = dict.set_item("line", j.line);
            let _ = dict.set_item("column", j.column);
            let _ = dict.set_item("end_line", j.end_line);
            let _ = dict.set_item("end_column", j.end_column);
            let _ = dict.set_item("kind", j.kind);
            let _ = dict.set_item("message", j.message);
            let _ = dict.set_item("label", j.label);
            let _ = dict.set_item("help", j.help);
            dict
        })
        .collect()
}

impl Variant {
    fn of(py: Python<'_>, loaded: Result<Rules, LoadError>, origin: Origin) -> PyResult<Variant> {
        loaded.map(|rules| Variant { rules: Arc::new(rules), origin }).map_err(|e| variant_error(py, e))
    }

    /// The options chosen when it was loaded, as (option, choice).
    pub(crate) fn chosen(&self) -> &[(String, String)] {
        &self.origin.options
    }

    /// Loads a shipped variant or a file by name, with options.
    pub(crate) fn load(py: Python<'_>, name: &str, options: Vec<(String, String)>) -> PyResult<Variant> {
        check_name(py, "a variant's id or path", name)?;
        check_options(py, &options)?;
        let loaded = guard::run(py, &AtomicBool::new(false), || polydame::load_variant_with(name, &options))?;
        Variant::of(py, loaded, Origin { name: name.to_string(), text: None, options })
    }
}

#[pymethods]
impl Variant {
    /// A shipped variant by id or alias (``polydame.variants()`` lists them), or a
    /// variant file by path; options as keyword arguments.
    #[new]
    #[pyo3(signature = (name, **options))]
    pub(crate) fn new(py: Python<'_>, name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Variant> {
        Variant::load(py, name, choices(options)?)
    }

    /// A variant file; options as keyword arguments.
    #[staticmethod]
    #[pyo3(signature = (path, **options))]
    fn from_file(py: Python<'_>, path: std::path::PathBuf, options: Option<&Bound<'_, PyDict>>) -> PyResult<Variant> {
        let options = choices(options)?;
        let name = path.to_string_lossy().into_owned();
        check_name(py, "a variant file's path", &name)?;
        if !path.is_file() {
            let e = LoadError::Io { path: name, source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file") };
            return Err(variant_error(py, e));
        }
        // Read here, so that a copy in another process needs no file; never more than one
        // byte past the limit.
        let mut text = String::new();
        let read = std::fs::File::open(&path).and_then(|f| f.take(MAX_VARIANT_BYTES as u64 + 1).read_to_string(&mut text));
        read.map_err(|source| variant_error(py, LoadError::Io { path: name.clone(), source }))?;
        let compiled = compile(py, &text, &name, &options)?;
        Variant::of(py, compiled, Origin { name, text: Some(text), options })
    }

    /// A variant from the text of a variant file (``name`` names it in diagnostics);
    /// options as keyword arguments. A text longer than ``MAX_VARIANT_BYTES`` is refused.
    #[staticmethod]
    #[pyo3(signature = (text, name = "<text>", **options))]
    fn from_text(py: Python<'_>, text: &str, name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Variant> {
        let options = choices(options)?;
        let compiled = compile(py, text, name, &options)?;
        let origin = Origin { name: name.to_string(), text: Some(text.to_string()), options };
        Variant::of(py, compiled, origin)
    }

    /// The variant made again from what it was made from (unpickling).
    #[staticmethod]
    fn _rebuild(py: Python<'_>, name: &str, text: Option<&str>, options: Vec<(String, String)>) -> PyResult<Variant> {
        match text {
            None => Variant::load(py, name, options),
            Some(text) => {
                let compiled = compile(py, text, name, &options)?;
                let origin = Origin { name: name.to_string(), text: Some(text.to_string()), options };
                Variant::of(py, compiled, origin)
            }
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, VariantParts)> {
        let o = &slf.get().origin;
        Ok((slf.getattr("_rebuild")?, (o.name.clone(), o.text.clone(), o.options.clone())))
    }

    /// The variant's id (``"international"``).
    #[getter]
    fn id(&self) -> String {
        self.rules.id().to_string()
    }

    /// The variant's name, for people.
    #[getter]
    fn name(&self) -> String {
        self.rules.spec().name.clone()
    }

    /// The squares' names, in cell order (the order of ``Board.planes()``'s last axis and of
    /// the move index).
    #[getter]
    fn squares(&self) -> Vec<String> {
        (0..self.rules.spec().geometry.len() as u16).map(|c| self.rules.cell_name(c).to_string()).collect()
    }

    /// The piece kinds' names, in kind order (``["man", "king"]``).
    #[getter]
    fn kinds(&self) -> Vec<String> {
        self.rules.spec().kinds.iter().map(|k| k.name.clone()).collect()
    }

    /// The side that moves first: ``"white"`` or ``"black"``.
    #[getter]
    fn first(&self) -> &'static str {
        side_name(self.rules.spec().first)
    }

    /// The variant's options: name → (choices, the choice made).
    #[getter]
    fn options(&self) -> Vec<(String, Vec<String>, String)> {
        self.rules.spec().options.iter().map(|o| (o.name.clone(), o.choices.clone(), o.chosen.clone())).collect()
    }

    /// The rules in words (``polydame show``'s text).
    fn describe(&self) -> String {
        self.rules.describe()
    }

    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.rules.id())
    }

    fn __eq__(&self, other: &Variant) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules) || self.rules.describe() == other.rules.describe()
    }
}

/// A `Variant`, or one loaded by the id or path given instead.
pub fn variant_of(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<Py<Variant>> {
    match v.cast::<Variant>() {
        Ok(v) => Ok(v.clone().unbind()),
        Err(_) => {
            let name: String = v.extract().map_err(|_| pyo3::exceptions::PyTypeError::new_err("a variant is a Variant or a shipped id"))?;
            shipped_once(py, &name)
        }
    }
}

/// The `Variant` of a name, made once a process for each shipped variant (a board made
/// from an id does not compile its rules again); a path is read each time.
fn shipped_once(py: Python<'_>, name: &str) -> PyResult<Py<Variant>> {
    static MADE: Mutex<Vec<(&'static str, Py<Variant>)>> = Mutex::new(Vec::new());
    let Some((id, _)) = polydame::shipped_variant(name) else { return Py::new(py, Variant::load(py, name, Vec::new())?) };
    if let Ok(made) = MADE.lock()
        && let Some((_, v)) = made.iter().find(|(i, _)| *i == id)
    {
        return Ok(v.clone_ref(py));
    }
    let v = Py::new(py, Variant::load(py, name, Vec::new())?)?;
    if let Ok(mut made) = MADE.lock() {
        made.push((id, v.clone_ref(py)));
    }
    Ok(v)
}

/// A side as Python sees it.
pub fn side_name(side: polydame::Side) -> &'static str {
    match side {
        polydame::Side::White => "white",
        polydame::Side::Black => "black",
    }
}
