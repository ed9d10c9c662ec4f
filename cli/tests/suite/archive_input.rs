//! Archives as people have them: standard input, gzip, bzip2 and zstd files told by their
//! first bytes, the tags that trace a game to its source in the JSON, games not judged
//! past a token that could be a move, and the "no GameType" error said once per file.

use crate::common::{TempFile, polydame, polydame_with_input, stdout};
use std::io::Write;

const GAMES: &str = "[Event \"club\"]\n[Site \"Delft\"]\n[Date \"2024.05.01\"]\n[Round \"3\"]\n[GameType \"20\"]\n\
    1. 32-28 19-23 2. 28x19 14x23 *\n\n[Event \"club\"]\n[GameType \"20\"]\n1. 32-28 19_23 2. 28x19 *\n";

/// The summary line of a text run.
fn summary(o: &std::process::Output) -> String {
    stdout(o).lines().last().unwrap_or_default().to_string()
}

#[test]
fn standard_input_and_packed_files_read_alike() {
    let plain = polydame_with_input(&["validate", "-"], GAMES.as_bytes());
    assert_eq!(plain.status.code(), Some(1), "{plain:?}");
    assert!(
        summary(&plain).starts_with("2 games: 1 legal, 0 with an illegal or unreadable move, 1 with a move that could not be read"),
        "{}",
        stdout(&plain)
    );
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(GAMES.as_bytes()).expect("in memory");
    let gz = gz.finish().expect("in memory");
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(GAMES.as_bytes()).expect("in memory");
    let zst = zstd::encode_all(GAMES.as_bytes(), 3).expect("in memory");
    // Told by their bytes, not their names: a gzip file named .pdn reads too.
    for (name, bytes) in
        [("games.pdn.gz", gz.clone()), ("games.pdn", gz), ("games.bz2", bz.finish().expect("in memory")), ("games.zst", zst)]
    {
        let f = TempFile::with_bytes(name, &bytes);
        let o = polydame(&["validate", f.path()]);
        assert_eq!(summary(&o)[..60], summary(&plain)[..60], "{name}: {}", stdout(&o));
        let o = polydame_with_input(&["validate", "-"], &bytes);
        assert_eq!(summary(&o)[..60], summary(&plain)[..60], "{name} on standard input: {}", stdout(&o));
    }
}

#[test]
fn json_traces_each_game_to_its_source() {
    let o = polydame_with_input(&["validate", "-", "--json"], GAMES.as_bytes());
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!((lines[0]["event"].as_str(), lines[0]["site"].as_str()), (Some("club"), Some("Delft")));
    assert_eq!((lines[0]["date"].as_str(), lines[0]["round"].as_str()), (Some("2024.05.01"), Some("3")));
    assert!(lines[1].get("site").is_none(), "no Site tag, no key: {}", lines[1]);
    assert_eq!(lines[1]["error"]["code"], "unreadable-move");
    assert_eq!((lines[1]["error"]["line"].as_u64(), lines[1]["error"]["column"].as_u64()), (Some(10), Some(10)));
    assert_eq!(lines[2]["summary"]["unread"], 1);
}

#[test]
fn no_gametype_is_said_once_per_file() {
    let f = TempFile::new("untagged.pdn", "1. 32-28 19-23 *\n\n1. 33-29 19-23 *\n\n1. 31-27 19-23 *\n");
    let o = polydame(&["validate", f.path()]);
    let said = stdout(&o).lines().filter(|l| l.contains("no GameType tag")).count();
    assert_eq!(said, 1, "{}", stdout(&o));
    assert!(stdout(&o).contains("said once for this file"), "{}", stdout(&o));
    assert!(summary(&o).starts_with("3 games: 0 legal, 3 with an illegal or unreadable move"), "{}", stdout(&o));
}

#[test]
fn strict_makes_a_wrong_separator_an_error() {
    let game = "[GameType \"20\"]\n1. 32x28 19-23 *\n";
    let o = polydame_with_input(&["validate", "-"], game.as_bytes());
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(stdout(&o).contains("warning: move 1 `32x28`"), "{}", stdout(&o));
    let o = polydame_with_input(&["validate", "-", "--strict"], game.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let o = polydame_with_input(&["validate", "-", "--json"], game.as_bytes());
    let first: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["warnings"][0]["code"], "move-written-as-capture");
}

#[test]
fn other_programs_variant_names() {
    // PlayStrategy's `American/English` with algebraic moves and P1/P2 players;
    // py-draughts' `American checkers` under GameType 23 (American pool's number).
    let ps = "[Variant \"American/English\"]\n[P1 \"first\"]\n[P2 \"second\"]\n[Result \"0-1\"]\n1. c3-d4 b6-c5 2. d4xb6 a7xc5 0-1\n";
    let o = polydame_with_input(&["validate", "-", "--json"], ps.as_bytes());
    let first: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().expect("a line")).expect("JSON");
    assert_eq!((first["variant"].as_str(), first["valid"].as_bool()), (Some("english"), Some(true)), "{first}");
    assert_eq!((first["white"].as_str(), first["black"].as_str()), (Some("first"), Some("second")));
    let py = "[GameType \"23\"]\n[Variant \"American checkers\"]\n[Result \"-\"]\n1. 22-18 11-15 2. 18x11 8x15 -";
    let o = polydame_with_input(&["validate", "-"], py.as_bytes());
    assert!(o.status.success(), "{}", stdout(&o));
    assert!(summary(&o).starts_with("1 game: 1 legal, 0 with an illegal or unreadable move, 0 with warnings"), "{}", stdout(&o));
}

#[test]
fn shards_by_range_and_the_summary_alone() {
    let text: String = (1..=5).map(|i| format!("[Round \"{i}\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n")).collect();
    let f = TempFile::new("five.pdn", &text);
    let o = polydame(&["validate", f.path(), "--range", "2..3", "--json"]);
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    // Each game keeps its number in the file, so shards merge by it.
    assert_eq!(lines.iter().filter_map(|l| l["game"].as_u64()).collect::<Vec<_>>(), [2, 3]);
    assert_eq!(lines.iter().filter_map(|l| l["round"].as_str()).collect::<Vec<_>>(), ["2", "3"]);
    let o = polydame(&["validate", f.path(), "--range", "4..", "--summary"]);
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
    assert!(summary(&o).starts_with("2 games: 2 legal"), "{}", stdout(&o));
    for bad in ["0..2", "3..2", "2", "a..b"] {
        let o = polydame(&["validate", f.path(), "--range", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {o:?}");
        assert!(crate::common::stderr(&o).contains("range"), "{bad}: {}", crate::common::stderr(&o));
    }
}

#[test]
fn convert_writes_again_and_keeps_what_it_cannot() {
    let text = "[GameType \"20\"]\n[Result \"1-0\"]\n1. 3228 19-23 {clock} 2. 28x19 14x23 1-0\n\n\
        [GameType \"20\"]\n1. 32-28 19-23 2. 31-26 *\n";
    let f = TempFile::new("two.pdn", text);
    let out = std::path::Path::new(f.path()).with_file_name("out.pdn").to_string_lossy().into_owned();
    let o = polydame(&["convert", f.path(), "--out", &out]);
    assert_eq!(o.status.code(), Some(1), "one game is kept as written: {o:?}");
    let err = crate::common::stderr(&o);
    assert!(err.contains("game 2: kept as written: ply 3 `31-26`") && err.contains("2 games: 1 written again, 1 kept as written"), "{err}");
    let written = std::fs::read_to_string(&out).expect("the output file");
    assert!(written.contains("[Result \"2-0\"]") && written.contains("1. 32-28 19-23 {clock} 2. 28x19 14x23 2-0"), "{written}");
    // The game that could not be written again is there as it was.
    assert!(written.contains("1. 32-28 19-23 2. 31-26 *"), "{written}");
    let o = polydame(&["validate", &out]);
    assert!(summary(&o).starts_with("2 games: 1 legal, 1 with an illegal"), "{}", stdout(&o));
}
