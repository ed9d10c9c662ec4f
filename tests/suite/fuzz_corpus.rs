//! Replays the fuzz targets' inputs in the normal test run: every file of
//! `fuzz/corpus/TARGET/` (the committed seeds) and of `fuzz/regressions/TARGET/` (inputs
//! that once crashed, kept once fixed) goes through the target's check, the same code the
//! fuzzer runs (`fuzz/checks.rs`). A file whose name ends in `.pending` is a crash not yet
//! fixed: it is skipped. Run the fuzzers themselves with `scripts/fuzz`.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// The input files of a target, in name order.
fn inputs(target: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut files = Vec::new();
    for dir in [root.join("corpus").join(target), root.join("regressions").join(target)] {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries {
            let path = e.unwrap_or_else(|e| panic!("{}: {e}", dir.display())).path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if path.is_file() && name != "README.md" && !name.ends_with(".pending") && !name.starts_with('.') {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs `check` on every input of `target`; fails naming each file that panicked, and why.
fn replay(target: &str, check: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "no seed inputs for fuzz target {target} in fuzz/corpus/{target}/");
    let mut failed = Vec::new();
    for path in &files {
        let data = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(no message)".to_string());
            failed.push(format!("{}: {why}", path.display()));
        }
    }
    assert!(failed.is_empty(), "fuzz target {target}: {} of {} inputs fail:\n{}", failed.len(), files.len(), failed.join("\n"));
}

#[test]
fn variant_inputs() {
    replay("variant", checks::variant);
}

#[test]
fn fen_inputs() {
    replay("fen", checks::fen);
}

#[test]
fn pdn_inputs() {
    replay("pdn", checks::pdn);
}

#[test]
fn play_inputs() {
    replay("play", checks::play);
}

#[test]
fn files_inputs() {
    replay("files", checks::files);
}

/// A regression input of a target whose first byte picks the variant is named for that
/// variant (`fanorona-...`), and still picks it: a variant added before it in the list of
/// shipped variants would move it onto another (see `fuzz/regressions/README.md`).
#[test]
fn regressions_pick_the_variant_they_are_named_for() {
    let ids: Vec<&str> = polydame::shipped().iter().map(|(id, _)| *id).collect();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join("regressions");
    let mut wrong = Vec::new();
    for target in ["fen", "pdn", "play"] {
        let Ok(entries) = std::fs::read_dir(root.join(target)) else { continue };
        for e in entries {
            let path = e.expect("a readable folder").path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            // The longest id the name starts with: `dama-kenya-...` is not `dama`'s.
            let Some(named) = ids.iter().filter(|id| name.starts_with(&format!("{id}-"))).max_by_key(|id| id.len()) else { continue };
            let data = std::fs::read(&path).expect("a readable file");
            let picked = data.first().map(|&b| ids[b as usize % ids.len()]);
            if picked != Some(*named) {
                wrong.push(format!(
                    "{}: picks {picked:?}, not {named} (set its first byte to {})",
                    path.display(),
                    ids.iter().position(|i| i == named).unwrap_or(0)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "regression inputs that moved to another variant:\n{}", wrong.join("\n"));
}

#[test]
fn the_deep_seeds_write_what_they_are_named_for() {
    let seed = |name: &str| std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(name)).expect("a seed");
    let deep = checks::expand(&seed("variant/deep-promotion-100000")).into_owned();
    let text = String::from_utf8(deep).expect("UTF-8");
    assert!(text.contains(&format!("promotion = \"{}rank(8){}\"", "(".repeat(100_000), ")".repeat(100_000))));
    let d = polydame::compile_text(&text, "deep.toml").expect_err("refused");
    assert_eq!(d.items[0].kind, polydame::spec::DiagnosticKind::ExpressionTooLarge);
    let chain = String::from_utf8(checks::expand(&seed("variant/chain-promotion-100000")).into_owned()).expect("UTF-8");
    assert_eq!(chain.matches("rank(8) | ").count(), 100_000);
    let pdn = checks::expand(&seed("pdn/deep-variations-100000")).into_owned();
    assert_eq!(pdn.iter().filter(|&&b| b == b'(').count(), 100_000);
    let game = polydame::pdn::parse_game(&polydame::pdn::pdn_games(&pdn[1..]).next().expect("a game").expect("read"));
    assert!(game.refused.as_deref().is_some_and(|r| r.contains("nests variations")), "{:?}", game.refused);
    // Other inputs are themselves.
    assert_eq!(&*checks::expand(b"[variant]"), b"[variant]");
    assert_eq!(checks::expand(&checks::pattern(2, b"(", b")", b"a\xffx\xffb")).into_owned(), b"a((((x))))b".to_vec());
}
