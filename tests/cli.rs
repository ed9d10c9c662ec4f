//! The command line's `validate` summary and `--parse-only`, run as a user runs them.

use std::process::{Command, Output};

const GAME: &str = "tests/records/sijbrands_bronstring_1970.pdn";

fn polydame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_polydame")).args(args).output().expect("the polydame binary runs")
}

fn last_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).lines().last().unwrap_or("").to_string()
}

#[test]
fn validate_ends_with_counts_time_and_rate() {
    let o = polydame(&["validate", GAME, "--variant", "international"]);
    assert!(o.status.success(), "{o:?}");
    let last = last_line(&o);
    assert!(last.starts_with("1 game: 1 legal, 0 with an illegal or unreadable move, 0 with warnings ("), "{last}");
    assert!(last.ends_with(" games/s)"), "{last}");
}

#[test]
fn parse_only_reads_without_replaying() {
    let o = polydame(&["validate", GAME, "--parse-only"]);
    assert!(o.status.success(), "{o:?}");
    assert!(last_line(&o).starts_with("1 game read, 0 not PDN ("), "{}", last_line(&o));
    let o = polydame(&["validate", GAME, "--parse-only", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&last_line(&o)).expect("one JSON object per game");
    assert_eq!(v["readable"], true);
    assert_eq!(v["moves"], 113);
    assert_eq!(v["white"], "T. Sijbrands");
}

#[test]
fn parse_only_still_reports_text_that_is_not_pdn() {
    let dir = std::env::temp_dir().join(format!("polydame-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("junk.pdn");
    std::fs::write(&file, "hello there\n").expect("a temporary file");
    let o = polydame(&["validate", file.to_str().expect("a UTF-8 path"), "--parse-only"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("this is not a PDN game"), "{out}");
    assert!(last_line(&o).starts_with("1 game read, 1 not PDN ("), "{out}");
}
