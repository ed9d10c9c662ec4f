//! Snapshots of every shipped variant's compiled rules (`variants/*.toml`) and of the
//! manual's recipes (`docs/recipes/*.toml`), and of the
//! diagnostics of the broken variant files in `tests/err/` (`err_*.toml`), one snapshot
//! per file through `insta::glob!`, so one run reports every mismatch. A broken file that
//! compiles as written is checked with each non-default choice of each of its options, as
//! `polydame check` does. Every kind of diagnostic must be shown by some `err_` file, and
//! a snapshot whose file is gone fails the run too.

use polydame::compile_text;
use polydame::spec::{DiagnosticKind, Diagnostics, OptionError, load, load_with};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn file_name(p: &Path) -> String {
    p.file_name().expect("a file").to_string_lossy().into_owned()
}

fn files(dir: &str, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .expect("directory exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && file_name(p).starts_with(prefix))
        .collect();
    v.sort();
    v
}

#[test]
fn variant() {
    insta::glob!("../../variants", "*.toml", |path| {
        let text = fs::read_to_string(path).expect("readable");
        let name = format!("variants/{}", file_name(path));
        let rules = compile_text(&text, &name).unwrap_or_else(|d| panic!("{d}"));
        insta::assert_snapshot!(rules.describe());
    });
}

/// The recipes of the manual (`docs/recipes/*.toml`): the smallest file for each rule
/// atom, and what `polydame show` says of it.
#[test]
fn recipe() {
    insta::glob!("../../docs/recipes", "*.toml", |path| {
        let text = fs::read_to_string(path).expect("readable");
        let name = format!("docs/recipes/{}", file_name(path));
        let rules = compile_text(&text, &name).unwrap_or_else(|d| panic!("{d}"));
        insta::assert_snapshot!(rules.describe());
    });
}

/// The problems of a broken variant file: those of the file as written, or, if it has
/// none, those of each non-default option choice that has some.
fn problems(path: &Path) -> Vec<Diagnostics> {
    let text = fs::read_to_string(path).expect("readable");
    let name = format!("tests/err/{}", file_name(path));
    let spec = match load(&text, &name) {
        Ok(spec) => spec,
        Err(d) => return vec![d],
    };
    let mut out = Vec::new();
    for o in &spec.options {
        for c in o.choices.iter().filter(|c| **c != o.default) {
            match load_with(&text, &name, &[(o.name.clone(), c.clone())]) {
                Ok(_) => {}
                Err(OptionError::Invalid(d)) => out.push(*d),
                Err(e) => panic!("{name}: {e}"),
            }
        }
    }
    assert!(!out.is_empty(), "{name} compiles with every choice of every option, but it is an example of an error");
    out
}

#[test]
fn diagnostics() {
    insta::glob!("../err", "err_*.toml", |path| {
        let rendered: Vec<String> = problems(path).iter().map(Diagnostics::to_string).collect();
        insta::assert_snapshot!(rendered.join("\n\n"));
    });
}

#[test]
fn every_kind_of_diagnostic_has_an_err_file() {
    let shown: BTreeSet<DiagnosticKind> =
        files("tests/err", "err_").iter().flat_map(|p| problems(p)).flat_map(|d| d.items).map(|d| d.kind).collect();
    let missing: Vec<&str> = DiagnosticKind::ALL.iter().filter(|k| !shown.contains(k)).map(|k| k.code()).collect();
    assert!(missing.is_empty(), "no file in tests/err/ shows these kinds of diagnostic: {}; add an err_ file for each", missing.join(", "));
}

#[test]
fn no_orphaned_snapshots() {
    let mut wanted: Vec<String> =
        files("variants", "").iter().map(|p| format!("suite__snapshots__variant@{}.snap", file_name(p))).collect();
    wanted.extend(files("docs/recipes", "").iter().map(|p| format!("suite__snapshots__recipe@{}.snap", file_name(p))));
    wanted.extend(files("tests/err", "err_").iter().map(|p| format!("suite__snapshots__diagnostics@{}.snap", file_name(p))));
    for e in fs::read_dir("tests/suite/snapshots").expect("snapshots exist") {
        let name = e.expect("readable").file_name().to_string_lossy().into_owned();
        if name.starts_with("suite__snapshots__") && name.ends_with(".snap") {
            assert!(wanted.contains(&name), "tests/suite/snapshots/{name} belongs to no variant or err_ file: delete it");
        }
    }
}
