//! Snapshots of every shipped variant's compiled rules, and of the diagnostics of the
//! broken variant files in `tests/err/`. A snapshot whose file is gone fails the run too.

use polydame::{compile_text, dump};
use std::fs;
use std::path::PathBuf;

fn files(dir: &str, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .expect("directory exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(prefix)))
        .collect();
    v.sort();
    v
}

fn stem(p: &std::path::Path) -> String {
    p.file_stem().expect("a file").to_string_lossy().into_owned()
}

#[test]
fn compiled_rules_of_every_variant() {
    for path in files("variants", "") {
        let text = fs::read_to_string(&path).expect("readable");
        let name = format!("variants/{}.toml", stem(&path));
        let rules = compile_text(&text, &name).unwrap_or_else(|d| panic!("{d}"));
        insta::assert_snapshot!(format!("variant_{}", stem(&path)), dump(&rules));
    }
}

#[test]
fn diagnostics_of_broken_variant_files() {
    for path in files("tests/err", "err_") {
        let text = fs::read_to_string(&path).expect("readable");
        let name = format!("tests/err/{}.toml", stem(&path));
        match compile_text(&text, &name) {
            Ok(_) => panic!("{name} compiled, but it is an example of an error"),
            Err(d) => insta::assert_snapshot!(stem(&path), d.to_string()),
        }
    }
}

#[test]
fn no_orphaned_snapshots() {
    let mut wanted: Vec<String> = files("variants", "").iter().map(|p| format!("snapshots__variant_{}.snap", stem(p))).collect();
    wanted.extend(files("tests/err", "err_").iter().map(|p| format!("snapshots__{}.snap", stem(p))));
    for e in fs::read_dir("tests/snapshots").expect("snapshots exist") {
        let name = e.expect("readable").file_name().to_string_lossy().into_owned();
        if name.starts_with("snapshots__") && name.ends_with(".snap") {
            assert!(wanted.contains(&name), "tests/snapshots/{name} belongs to no variant or err_ file: delete it");
        }
    }
}
