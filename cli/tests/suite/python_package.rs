//! The Python package's own tests (python/tests, pytest), so that the README's one test
//! command runs them too: against the command line built here (the same moves, the same
//! games, the same report), pydraughts, PettingZoo's `api_test` and a local Ray cluster.
//! The package is built and installed by `pip install ./python` (.ci/run does it into a
//! virtual environment and names its Python in POLYDAME_PYTHON, which makes the test
//! required). Without POLYDAME_PYTHON, `python3` runs them if it has the package, and
//! otherwise the test says how to install it and passes.

use std::process::Command;

#[test]
fn the_python_package_passes_its_tests() {
    let named = std::env::var("POLYDAME_PYTHON").ok().filter(|p| !p.is_empty());
    let python = named.clone().unwrap_or_else(|| "python3".to_string());
    let has = |module: &str| Command::new(&python).args(["-c", &format!("import {module}")]).output().is_ok_and(|o| o.status.success());
    if !has("polydame._core") || !has("pytest") {
        assert!(named.is_none(), "POLYDAME_PYTHON={python} has no polydame package or no pytest: pip install './python[test]'");
        eprintln!("the Python package is not installed (pip install './python[test]'): its tests are not run");
        return;
    }
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let o = Command::new(&python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider", "python/tests"])
        .current_dir(root)
        .env("POLYDAME_BIN", env!("CARGO_BIN_EXE_polydame"))
        .output()
        .expect("python runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}\n{}", String::from_utf8_lossy(&o.stderr));
    eprintln!("{}", out.lines().last().unwrap_or_default());
}
