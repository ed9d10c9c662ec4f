//! Replays the `studio` fuzz target's committed inputs (`fuzz/corpus/studio/`, and
//! `fuzz/regressions/studio/` once one is found) through its check in the normal test run:
//! the same code the fuzzer runs (`fuzz/studio_checks.rs`).

#[path = "../../../fuzz/studio_checks.rs"]
mod checks;

#[test]
fn the_fuzz_inputs_of_the_api_pass_their_check() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut files = Vec::new();
    for dir in [root.join("corpus/studio"), root.join("regressions/studio")] {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        files.extend(entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()));
    }
    files.retain(|p| p.file_name().is_some_and(|n| !n.to_string_lossy().ends_with(".pending") && n != "README.md"));
    assert!(files.len() >= 5, "the seeds of fuzz/corpus/studio/");
    for path in files {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        checks::api(&data);
    }
}
