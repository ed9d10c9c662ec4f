//! What keeps a caller's input from harming the interpreter: the work that reads, compiles
//! or searches runs on a thread of its own, with a stack of a known size (the caller's
//! thread may have a small one: threads made by `threading` can), while the calling
//! thread listens for Ctrl-C; a panic, should one happen all the same, comes back as a
//! `PolydameError` instead of pyo3's `PanicException`; and whole numbers too large for
//! Rust's types are told apart from the `OverflowError` pyo3 would raise.

use crate::PolydameError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The stack of the thread the work runs on, in bytes (8 MiB, a main thread's usual
/// stack). The deepest input the library's limits let through (an expression nested
/// `MAX_NESTING` deep or joining `MAX_PARTS` parts, variations nested
/// `MAX_VARIATION_DEPTH` deep) reads on a stack of 256 KiB in a release build, pest's 64
/// KiB of headroom included; the pages are reserved, not used, until the work reaches
/// them.
pub const WORK_STACK_BYTES: usize = 8 << 20;

/// How often the calling thread checks for a signal while the work runs (50 ms).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own with a stack of [`WORK_STACK_BYTES`], without the
/// interpreter's lock, and gives its answer. Meanwhile the calling thread checks for a
/// signal every 50 ms: on one (Ctrl-C's `KeyboardInterrupt`), it sets `stop`, waits for the
/// work to end (work that watches `stop` ends soon; other work is bounded by the limits of
/// what it reads) and raises the signal's exception. A panic of the work is a
/// `PolydameError`.
pub(crate) fn run<T: Send>(py: Python<'_>, stop: &AtomicBool, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    let done = AtomicBool::new(false);
    let caller = std::thread::current();
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("polydame".to_string())
            .stack_size(WORK_STACK_BYTES)
            .spawn_scoped(scope, || {
                let out = catch_unwind(AssertUnwindSafe(work));
                done.store(true, Ordering::Release);
                caller.unpark();
                out
            })
            .map_err(|e| PolydameError::new_err(format!("no thread could be started for the work: {e}")))?;
        let mut signal = None;
        while !done.load(Ordering::Acquire) {
            // A wake-up may come early (`park_timeout` allows it) or be the worker's: the
            // loop looks at `done` again either way.
            py.detach(|| std::thread::park_timeout(SIGNAL_POLL));
            if signal.is_none()
                && !done.load(Ordering::Acquire)
                && let Err(e) = py.check_signals()
            {
                stop.store(true, Ordering::Relaxed);
                signal = Some(e);
            }
        }
        let out = py.detach(|| worker.join());
        if let Some(e) = signal {
            return Err(e);
        }
        match out {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(panic)) | Err(panic) => Err(panicked(panic)),
        }
    })
}

/// Runs `work` on the calling thread, a panic of it turned into a `PolydameError`: the last
/// line of defence of the methods that hand a caller's values to the library.
pub(crate) fn shield<T>(work: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|panic| Err(panicked(panic)))
}

/// A panic's message as a `PolydameError`.
fn panicked(panic: Box<dyn Any + Send>) -> PyErr {
    let why = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    PolydameError::new_err(format!("an internal error of polydame (please report it, with the input that caused it): {why}"))
}

/// A whole number the caller gave for `name` (an `int` or anything with `__index__`):
/// `Some` when it fits a `T`, `None` when it is too large for one (the caller says what
/// that means: a limit passed, or the most); `ValueError` when it is negative, `TypeError`
/// when it is not a whole number.
pub(crate) fn whole<'py, T>(value: &Bound<'py, PyAny>, name: &str) -> PyResult<Option<T>>
where
    T: for<'a> FromPyObject<'a, 'py>,
{
    // What Python takes as a whole number: an `int`, or anything with `__index__` (NumPy's
    // integers).
    let index = value.py().import("operator")?.call_method1("index", (value,));
    let Ok(int) = index.and_then(|i| Ok(i.cast_into::<PyInt>()?)) else {
        let kind = value.get_type().name().map_or_else(|_| "something else".to_string(), |n| n.to_string());
        return Err(PyTypeError::new_err(format!("{name} is a whole number, not a {kind}")));
    };
    if let Ok(n) = int.extract::<T>() {
        return Ok(Some(n));
    }
    if int.lt(0)? {
        return Err(PyValueError::new_err(format!("{name} is 0 or more, not {int}")));
    }
    Ok(None)
}
