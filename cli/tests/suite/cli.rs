//! The command line's `validate` summary and `--parse-only`, run as a user runs them.

use crate::common::{TempFile, polydame, stderr};
use std::process::Output;

const GAME: &str = "../tests/records/sijbrands_bronstring_1970.pdn";

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
    let first = String::from_utf8_lossy(&o.stdout).lines().next().unwrap_or("").to_string();
    let v: serde_json::Value = serde_json::from_str(&first).expect("one JSON object per game, then the summary");
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

/// Runs the binary and returns its standard output, every JSON line with its timing
/// zeroed (the one thing that changes from run to run).
fn json_lines(args: &[&str]) -> String {
    let o = polydame(args);
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}"));
            if let Some(s) = v.get_mut("seconds") {
                *s = serde_json::json!(0.0);
            }
            if let Some(s) = v.get_mut("summary").and_then(|s| s.get_mut("seconds")) {
                *s = serde_json::json!(0.0);
            }
            serde_json::to_string_pretty(&v).expect("JSON")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn json_of_variants() {
    let o = polydame(&["variants", "--json"]);
    let all: Vec<serde_json::Value> = serde_json::from_slice(&o.stdout).expect("one JSON array");
    let keys = |v: &serde_json::Value| v.as_object().expect("an object").keys().cloned().collect::<Vec<_>>();
    assert!(all.iter().all(|v| keys(v) == keys(&all[0])), "every variant has the same keys");
    let one = all.iter().find(|v| v["id"] == "accelerated").expect("accelerated is shipped");
    insta::assert_snapshot!(serde_json::to_string_pretty(one).expect("JSON"));
}

#[test]
fn json_of_moves() {
    let fens = TempFile::new("fens.txt", "W:WK46:B37,19\n# a comment\nW:W46,47:B51\n");
    insta::assert_snapshot!(json_lines(&["moves", "international", "--fen-file", fens.path(), "--json"]));
}

#[test]
fn json_of_perft() {
    insta::assert_snapshot!(json_lines(&["perft", "international", "2", "--fen", "W:WK46:B37,19,1", "--divide", "--paths", "--json"]));
}

#[test]
fn json_of_validate() {
    let pdn = TempFile::new(
        "games.pdn",
        "[Event \"good\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
         [Event \"bad\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 31-26 *\n\n\
         [Event \"another game\"]\n[GameType \"99\"]\n1. 32-28 *\n\n\
         [Event \"a warning\"]\n[GameType \"20\"]\n[FEN \"W:W32:B28,18\"]\n1. 32x12 zz *\n",
    );
    let lines = json_lines(&["validate", pdn.path(), "--json"]).replace(pdn.path(), "games.pdn");
    insta::assert_snapshot!(lines);
}

#[test]
fn json_of_validate_parse_only() {
    insta::assert_snapshot!(json_lines(&["validate", GAME, "--parse-only", "--json"]));
}

#[test]
fn json_of_play() {
    insta::assert_snapshot!(json_lines(&["play", "english", "11-15", "23-19", "--json"]));
}

#[test]
fn play_stops_at_an_illegal_move() {
    let o = polydame(&["play", "international", "32-28", "19-23", "31-26", "--json"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert_eq!(String::from_utf8_lossy(&o.stderr).trim(), "ply 3 `31-26`: a capture is compulsory: 28x19");
    insta::assert_snapshot!(json_lines(&["play", "international", "32-28", "19-23", "31-26", "--json"]));
}

#[test]
fn play_shows_the_position_reached() {
    let o = polydame(&["play", "international", "32-28", "19-23"]);
    assert!(o.status.success(), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("White to move; the game goes on"), "{out}");
    assert!(out.trim_end().ends_with("legal moves (1):\n  28x19"), "{out}");
}

#[test]
fn a_position_no_game_reaches_needs_a_flag() {
    let o = polydame(&["moves", "hexdame", "--fen", "W:We5:Ba5"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("Black's man on a5 stands on its own promotion cells") && err.contains("--allow-unreachable"), "{err}");
    let o = polydame(&["moves", "hexdame", "--fen", "W:We5:Ba5", "--allow-unreachable"]);
    assert!(o.status.success(), "{o:?}");
}

#[test]
fn moves_and_perft_count_routes_alike() {
    // A king that takes 37 and 19 (FMJD): 3 distinct moves and 3 routes by turning points,
    // 9 routes by landing cells.
    for (flag, n) in [(None, "3"), (Some("--paths"), "3"), (Some("--landings"), "9")] {
        let mut args = vec!["moves", "international", "--fen", "W:WK46:B37,19"];
        args.extend(flag);
        let listed = String::from_utf8_lossy(&polydame(&args).stdout).lines().count() - 1;
        let mut args = vec!["perft", "international", "1", "--fen", "W:WK46:B37,19", "--json"];
        args.extend(flag);
        let counted = json_lines(&args);
        assert!(counted.contains(&format!("\"nodes\": {n}")), "{flag:?}: {counted}");
        assert_eq!(listed.to_string(), n, "{flag:?}");
    }
}

#[test]
fn paths_are_written_by_where_they_turn() {
    // A Turkish king takes b7 south, then d6 and g6 going east, then h7 north: it turns at
    // b6 and h6. With --paths the route is those cells; --landings and the default write
    // where it touched down between d6 and g6 too.
    let fen = "W:WKb8:Bb7,d6,g6,h7";
    let said = |flag: &str| String::from_utf8_lossy(&polydame(&["moves", "turkish", "--fen", fen, flag]).stdout).to_string();
    assert!(said("--paths").contains("b8xh8  (b8xb6xh6xh8)"), "{}", said("--paths"));
    assert!(said("--landings").contains("b8xb6xe6xh6xh8") && said("--landings").contains("b8xb6xf6xh6xh8"), "{}", said("--landings"));
    let o = polydame(&["moves", "turkish", "--fen", fen]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("b8xh8  (b8xb6xe6xh6xh8)"));
}

#[test]
fn moves_are_listed_by_square_number_and_counted_in_words() {
    // 9-13 before 12-16 and 4-9 before 4-36: numbers by value, not as strings.
    let o = polydame(&["moves", "english", "--fen", "B:W21:B9,12,4"]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let moves: Vec<&str> = text.lines().skip(1).map(str::trim).collect();
    assert_eq!(moves, ["4-8", "9-13", "9-14", "12-16"], "{text}");
    let o = polydame(&["moves", "english", "--fen", "B:W32:B4"]);
    assert!(String::from_utf8_lossy(&o.stdout).lines().next().unwrap_or("").ends_with("(1 move)"), "{o:?}");
    let o = polydame(&["perft", "english", "2", "--divide", "--threads", "1"]);
    let rows: Vec<String> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .filter(|l| !l.starts_with("perft"))
        .filter_map(|l| l.split_once(':').map(|(m, _)| m.to_string()))
        .collect();
    assert_eq!(rows.first().map(String::as_str), Some("9-13"), "{rows:?}");
    assert_eq!(rows.last().map(String::as_str), Some("12-16"), "{rows:?}");
}

#[test]
fn zero_threads_is_a_usage_error() {
    let o = polydame(&["perft", "international", "3", "--threads", "0"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--threads"), "{o:?}");
}

#[test]
fn random_game_writes_as_many_games_as_asked() {
    let o = polydame(&["random-game", "standard", "--count", "3", "--seed", "7", "--plies", "20"]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(text.matches("[Event ").count(), 3, "{text}");
    // Each game is the one its seed gives alone.
    let second = polydame(&["random-game", "international", "--seed", "8", "--plies", "20"]);
    assert!(text.contains(String::from_utf8_lossy(&second.stdout).trim()), "{text}");
    let o = polydame(&["random-game", "international", "--count", "0"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}

#[test]
fn a_game_without_gametype_is_not_assumed_international() {
    let file = TempFile::new("no-gametype.pdn", "[Event \"club\"]\n\n1. 32-28 19-23 *\n");
    let path = file.path();
    let o = polydame(&["validate", path]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains("no GameType tag") && text.contains("--variant VARIANT names it") && text.contains("`polydame variants`"),
        "{text}"
    );
    let o = polydame(&["validate", path, "--variant", "standard"]);
    assert!(o.status.success(), "{o:?}");
}

#[test]
fn play_writes_the_game_as_pdn_with_lidraughts_tags() {
    let o = polydame(&["play", "lasca", "--fen", "W:Wc3[bwO]:Bd4,Od6[ww]", "c3xc7", "--pdn"]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let tags: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix('[')?.split(' ').next()).collect();
    assert_eq!(tags, ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "SetUp", "FEN"], "{text}");
    assert!(text.contains("[FEN \"W:Wc3[bwO]:Bd4,Od6[ww]\"]") && text.trim_end().ends_with("1. c3xc7 1-0"), "{text}");
    // What play writes, validate reads back.
    let file = TempFile::new("played.pdn", &text);
    let v = polydame(&["validate", file.path()]);
    assert!(v.status.success(), "{v:?}");
}

#[test]
fn board_shows_the_square_numbers_beside_the_pieces() {
    let o = polydame(&["board", "english", "--fen", "W:W21,K18:B9,12"]);
    assert!(o.status.success(), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    // The row of squares 17-20 holds White's king on 18, and its numbers stand beside it.
    let row = text.lines().find(|l| l.starts_with(" 4 ")).expect("row 4");
    assert!(row.contains('W') && row.split_whitespace().rev().take(4).collect::<Vec<_>>() == ["20", "19", "18", "17"], "{text}");
    assert!(text.trim_end().ends_with("White to move; W:WK18,21:B9,12"), "{text}");
    // Boards named by coordinates keep them on the edges, and columns are listed.
    let o = polydame(&["board", "bashni", "--fen", "W:Wc3[bwK]:Be5"]);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(text.contains("    a b c d e f g h") && text.contains("columns, top first: c3 wbW"), "{text}");
}

#[test]
fn help_names_each_subcommand_with_what_it_does() {
    let o = polydame(&["--help"]);
    assert!(o.status.success(), "{o:?}");
    let help = String::from_utf8_lossy(&o.stdout).to_string();
    // Each subcommand's line, and a word of what it does.
    let says = [
        ("variants", "shipped variants"),
        ("show", "rules"),
        ("board", "diagram"),
        ("best", "best move"),
        ("match", "against itself"),
        ("check", "variant file"),
        ("moves", "legal moves"),
        ("play", "Play moves"),
        ("perft", "legal-move tree"),
        ("egtb", "Endgame tables"),
        ("convert", "PDN"),
        ("validate", "every move"),
        ("random-game", "random legal games"),
        ("hub", "Hub protocol"),
        ("serve", "studio"),
        ("dxp", "DXP follower"),
        ("report", "designer's report"),
    ];
    for (command, what) in says {
        let line = help.lines().find(|l| l.split_whitespace().next() == Some(command));
        let line = line.unwrap_or_else(|| panic!("no line for `{command}`:\n{help}"));
        assert!(line.contains(what), "`{command}` is not said to be about {what}: {line}");
    }
}

/// An engine that never answers the Hub greeting (`cat` echoes it back) is given up after
/// the greeting's time, with why, instead of being waited for for ever.
#[test]
fn match_gives_up_an_engine_that_does_not_speak_hub() {
    let o = polydame(&["match", "international", "--engine", "cat", "--games", "1"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("cat: no `wait` within 10 s (is it a Hub engine, started in Hub mode?)"), "{}", stderr(&o));
}

/// An engine that greets but never gives a move, thinking to a depth, is given up after
/// `--move-limit` (600 s unless said), with why, instead of being waited for for ever.
#[test]
fn match_gives_up_an_engine_that_never_moves() {
    let mute = r#"while read l; do case "$l" in hub) echo wait;; init) echo ready;; quit) exit 0;; esac; done"#;
    let o = polydame(&["match", "international", "--engine", mute, "--games", "1", "--depth", "1", "--move-limit", "1"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("no move (`done`) within 1 s"), "{}", stderr(&o));
}

/// A hex board's text diagram has the cells' names beside it, each where the diagram has
/// its cell: the top corner i9 beside the top line, a1 beside the bottom one; and its
/// coordinates: each file's letter below the right of its lowest cell, each rank's number
/// below the left of its lowest.
#[test]
fn the_hex_board_names_its_cells_beside_it() {
    let o = polydame(&["board", "hexdame"]);
    assert!(o.status.success(), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].trim_start().starts_with('b') && lines[0].ends_with("i9"), "{out}");
    assert!(lines[16].split_whitespace().eq(["2", "w", "b", "a1"]), "{out}");
    assert!(lines[17].split_whitespace().eq(["1", "a"]), "{out}");
    assert!(lines[5].split_whitespace().take(1).eq(["9"]) && lines[5].contains(" i "), "{out}");
    assert!(lines[12].ends_with("a5    b4    c3    d2    e1"), "{out}");
}
