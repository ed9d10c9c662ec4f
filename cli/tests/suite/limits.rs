//! Hostile input meets limits, not a hang: the capture search's budget (in the library and
//! on the command line), and the PDN reader's limits on lines, games and moves, with
//! `validate` going on to the next game and counting every game read.

use crate::common::{TempFile, polydame, stderr, stdout};
use polydame::engine::PerftError;
use polydame::fen::{parse_fen, write_fen};
use polydame::pdn::{MAX_GAME_BYTES, MAX_GAME_MOVES, MAX_LINE_BYTES, PlyReason, parse_game, pdn_games, replay};
use polydame::{MoveError, MoveList, Position, Routes, internals, load_variant, perft};

const FLYING_16: &str = "tests/limits/flying-16.toml";
const FLYING_8: &str = "tests/limits/flying-8.toml";

/// The position of the issue that asked for the budget: a king flying in eight directions
/// facing 40 scattered men on 16x16, pieces removed as they are taken, free choice. Its
/// capture sequences are past counting (a count-only search ran 15 minutes unfinished).
const EXPLOSION: &str = "W:WKh9:Bd8,p14,n6,d4,f2,l2,n10,l12,p6,p10,l14,n14,f6,f4,h2,h4,h6,p4,f10,d14,f14,f8,h12,d10,l6,j4,l8,h10,b10,n12,l10,b12,j6,f12,n4,d6,p12,b2,j12";

/// A position past the default budget on 16x16 that a larger one answers: 69494 distinct
/// captures (4284896 routes by landing cells).
const LARGE_16: &str = "W:WKh9:Bc11,j10,g5,l2,f10,h6,a3,a11,p10,e9,m5,c9,e3";

/// A smaller explosion: 22432 distinct captures (1452961 routes by landing cells), which a
/// replay (storing every route) judges within the default budget, not within a million
/// steps.
const MID_16: &str = "W:WKh9:Bh14,p8,h8,m5,m3,n14,m9,i13,n6,j8,p4";

/// The same on 8x8, where perft takes the fast path: 8226 distinct captures.
const LARGE_8: &str = "W:WKd4:Bc5,h7,d3,b4,d2,h4,e4,e7,c3,g2,d7,d5,b5,f7";

fn flying(path: &str) -> polydame::Rules {
    load_variant(path).expect("the test variant compiles")
}

#[test]
fn an_explosion_is_an_error_that_names_the_position_and_the_budget() {
    let o = polydame(&["moves", FLYING_16, "--fen", EXPLOSION]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("the capture search of W:WKh9:B"), "{err}");
    assert!(err.contains(&format!("passed its budget of {} steps", polydame::engine::DEFAULT_CAPTURE_BUDGET)), "{err}");
    assert!(err.contains("--capture-budget"), "{err}");
    assert_eq!(stdout(&o), "");
}

#[test]
fn a_random_game_stops_at_a_position_past_the_budget() {
    // With a budget of one step, the first position with a capture passes it: the game is
    // an error, not a game played on from a partial list of moves.
    let mut rules = load_variant("international").expect("shipped");
    rules.set_capture_budget(1);
    let err = polydame::pdn::random_game(&rules, 1, 60).expect_err("a capture comes within 60 plies");
    assert_eq!(err.budget, 1);
    let o = polydame(&["random-game", "international", "--plies", "60", "--capture-budget", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("passed its budget of 1 steps"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
}

#[test]
fn a_raised_budget_gets_the_real_answer() {
    let o = polydame(&["moves", FLYING_16, "--fen", LARGE_16]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("passed its budget"));
    for (routes, nodes) in [(None, 69494), (Some("--paths"), 3183147), (Some("--landings"), 4284896)] {
        for budget in ["50000000", "100000000"] {
            let mut args = vec!["perft", FLYING_16, "1", "--fen", LARGE_16, "--capture-budget", budget, "--json"];
            args.extend(routes);
            let o = polydame(&args);
            assert!(stdout(&o).contains(&format!("\"nodes\":{nodes},")), "{routes:?} {budget}: {}{}", stdout(&o), stderr(&o));
        }
    }
    let o = polydame(&["moves", FLYING_16, "--fen", MID_16, "--capture-budget", "20000000"]);
    assert!(stdout(&o).starts_with(&format!("{MID_16} (22432 moves)")), "{}", stderr(&o));
    let o = polydame(&["moves", FLYING_16, "--fen", MID_16, "--capture-budget", "1000000"]);
    assert!(stderr(&o).contains("passed its budget of 1000000 steps"), "{}", stderr(&o));
}

#[test]
fn moves_goes_on_after_a_position_past_the_budget() {
    let fens = TempFile::new("fens.txt", &format!("{EXPLOSION}\nW:WKh9:Bh11\n"));
    // The second position: the king takes h11 and lands on any of h12-h16.
    let o = polydame(&["moves", FLYING_16, "--fen-file", fens.path(), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["code"], "capture-budget");
    assert_eq!(lines[0]["budget"], polydame::engine::DEFAULT_CAPTURE_BUDGET);
    assert_eq!(lines[1]["moves"].as_array().map(Vec::len), Some(5));
    assert!(stderr(&o).contains(":1: error: the capture search"), "{}", stderr(&o));
}

#[test]
fn the_budget_flag_takes_positive_numbers_only() {
    for bad in ["0", "many", "-5"] {
        let o = polydame(&["moves", FLYING_16, "--capture-budget", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("error:"), "{bad}: {}", stderr(&o));
    }
    assert!(stderr(&polydame(&["moves", FLYING_16, "--capture-budget", "0"])).contains("--capture-budget"));
}

#[test]
fn the_library_reports_the_budget_on_both_engines_and_agrees_past_it() {
    // The two engines count their steps differently: a small budget stops both.
    let mut fast = flying(FLYING_8);
    fast.set_capture_budget(100_000);
    let mut slow = internals::without_layout(&fast);
    let pos = parse_fen(&fast, LARGE_8).unwrap();
    for rules in [&fast, &slow] {
        let mut p = pos.clone();
        let Err(PerftError::Budget(err)) = perft(&mut p, rules, 1, Routes::Distinct) else { panic!("past the budget") };
        assert_eq!(err.budget, 100_000);
        assert_eq!(err.position.hash(), pos.hash());
        assert_eq!(p, pos, "a failed perft leaves the position as it was");
        let mut list = MoveList::new();
        assert!(p.try_generate(rules, &mut list, Routes::Distinct).is_err());
        assert!(list.exceeded());
    }
    fast.set_capture_budget(50_000_000);
    slow.set_capture_budget(50_000_000);
    for rules in [&fast, &slow] {
        assert_eq!(perft(&mut pos.clone(), rules, 1, Routes::Distinct), Ok(8226));
        let mut list = MoveList::new();
        pos.clone().try_generate(rules, &mut list, Routes::Distinct).unwrap();
        assert_eq!(list.len(), 8226);
    }
}

#[test]
fn a_failed_deep_perft_names_the_position_deep_in_the_tree() {
    // The start is harmless (no piece on the king's lines); the explosion is two plies
    // down, after the king has moved and a man has answered.
    let mut rules = flying(FLYING_8);
    rules.set_capture_budget(200);
    let mut pos = parse_fen(&rules, "W:WKa1:Bc5,h7,d3,b4,d2,h4,e4,e7,g2,d7,d5,b5,f7").unwrap();
    let Err(PerftError::Budget(err)) = perft(&mut pos, &rules, 3, Routes::Distinct) else { panic!("past the budget") };
    let at: &Position = &err.position;
    assert_ne!(at.hash(), pos.hash(), "{}", write_fen(&rules, at));
}

#[test]
fn a_game_is_refused_a_move_past_the_budget_and_says_why() {
    let rules = flying(FLYING_16);
    let mut game = polydame::Game::from_fen(&rules, EXPLOSION).unwrap();
    let e = game.play("h9xh11").unwrap_err();
    assert!(matches!(e, MoveError::Budget { .. }), "{e}");
    assert_eq!(e.code(), "capture-budget");
    assert!(game.legal_moves().is_err());
    assert_eq!(game.outcome(), polydame::Outcome::Ongoing, "a capture exists: the game is not lost");
}

/// `validate` with the lines of a file, as JSON: the games, then the summary.
fn validate_json(name: &str, text: &str, extra: &[&str]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let f = TempFile::new(name, text);
    let mut args = vec!["validate", f.path(), "--json"];
    args.extend_from_slice(extra);
    let o = polydame(&args);
    let mut lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let summary = lines.pop().expect("a summary");
    (lines, summary["summary"].clone())
}

/// The counts of a summary: games, valid, invalid, not judged.
fn counts(s: &serde_json::Value) -> [u64; 4] {
    ["games", "valid", "invalid", "not_judged"].map(|k| s[k].as_u64().unwrap())
}

#[test]
fn validate_judges_the_next_game_after_one_past_the_budget() {
    let pdn =
        format!("[Event \"explosion\"]\n[FEN \"{EXPLOSION}\"]\n1. h9xh11 *\n\n[Event \"fine\"]\n[FEN \"W:WKh9:Bh11\"]\n1. h9xh12 *\n");
    let (games, summary) = validate_json("budget.pdn", &pdn, &["--variant", FLYING_16]);
    assert_eq!(counts(&summary), [2, 1, 0, 1]);
    assert_eq!(games[0]["error"]["code"], "capture-budget");
    assert_eq!(games[1]["valid"], true);
    // Judged within the default budget, not within a smaller one.
    let mid = format!("[FEN \"{MID_16}\"]\n1. h9xn9xn3xi3xi14xg14xp14xh6xh11 *\n");
    let (games, summary) = validate_json("mid.pdn", &mid, &["--variant", FLYING_16]);
    assert_eq!(counts(&summary), [1, 1, 0, 0], "{}", games[0]);
    let (games, summary) = validate_json("mid.pdn", &mid, &["--variant", FLYING_16, "--capture-budget", "1000000"]);
    assert_eq!(counts(&summary), [1, 0, 0, 1], "{}", games[0]);
}

#[test]
fn a_line_too_long_refuses_its_game_and_the_next_game_is_read() {
    let long = format!("[Event \"long\"]\n1. 32-28 {{{}}} 19-23 *\n", "x".repeat(MAX_LINE_BYTES + 10));
    let pdn = format!("[Event \"a\"]\n1. 32-28 19-23 *\n\n{long}[Event \"b\"]\n1. 32-28 19-23 *\n");
    let (games, summary) = validate_json("long.pdn", &pdn, &["--variant", "international"]);
    assert_eq!(counts(&summary), [3, 2, 0, 1]);
    assert_eq!(games[1]["error"]["code"], "too-large");
    assert_eq!(games[1]["error"]["line"], 4);
    assert!(games[1]["error"]["reason"].as_str().unwrap().contains("line 5 is"), "{}", games[1]);
    assert_eq!(games[2]["valid"], true);
}

#[test]
fn a_game_too_long_or_with_too_many_moves_is_refused() {
    let comment = format!("{{{}}}\n", "y".repeat(1000));
    let huge = format!("[Event \"huge\"]\n1. 32-28 19-23\n{}*\n", comment.repeat(MAX_GAME_BYTES / 1000 + 2));
    let many = format!("[Event \"many\"]\n{} *\n", "33-28 18-23 28-33 23-18 ".repeat(MAX_GAME_MOVES / 4 + 1));
    let fine = "[Event \"fine\"]\n1. 32-28 19-23 *\n";
    let pdn = format!("{huge}{fine}{many}{fine}");
    let (games, summary) = validate_json("big.pdn", &pdn, &["--variant", "international"]);
    assert_eq!(counts(&summary), [4, 2, 0, 2]);
    assert!(games[0]["error"]["reason"].as_str().unwrap().contains("bytes long"), "{}", games[0]);
    assert!(games[2]["error"]["reason"].as_str().unwrap().contains(&format!("more than the {MAX_GAME_MOVES}")), "{}", games[2]);
    // The reader drops a refused game's text rather than keeping it.
    let texts: Vec<_> = pdn_games(pdn.as_bytes()).map(Result::unwrap).collect();
    assert_eq!(texts.len(), 4);
    assert!(texts[0].text.is_empty() && texts[0].refused.is_some());
    let game = parse_game(&texts[0]);
    let v = replay(&load_variant("international").unwrap(), &game);
    assert!(matches!(v.error.map(|e| e.reason), Some(PlyReason::Refused(_))));
}

#[test]
fn a_file_cut_short_reports_the_partial_game_and_where_it_was_cut() {
    let inside = |what: &str, place: &str| format!("the file ends inside a {what} opened at {place}: the game is read up to there");
    for (tail, warning) in [
        ("2. 28x19 {a comment that never", inside("comment", "line 2, column 25")),
        ("(1... 18-23 2. 33-29 ", inside("variation", "line 2, column 16")),
        ("*\n[Event \"b\"]\n[White \"Some", inside("tag pair", "line 4, column 1")),
        ("2. 28x19", "the file ends before the game's result: the game is read up to there".to_string()),
    ] {
        let pdn = format!("[Event \"a\"]\n1. 32-28 19-23 {tail}");
        let (games, summary) = validate_json("cut.pdn", &pdn, &["--variant", "international"]);
        let last = games.last().unwrap();
        assert_eq!(summary["games"].as_u64(), Some(games.len() as u64));
        assert_eq!(last["warnings"], serde_json::json!([{"code": "file-ends", "message": warning}]), "{tail}: {last}");
        assert_eq!(last["valid"], true, "{tail}");
    }
}

#[test]
fn a_game_refused_for_its_size_is_not_judged_with_or_without_a_variant() {
    let deep = format!("[GameType \"20\"]\n1. 32-28 {}{} 19-23 *\n", "(1. 33-29 ".repeat(100), ")".repeat(100));
    let pdn = format!("{deep}[GameType \"20\"]\n1. 32-28 19-23 *\n");
    for extra in [&["--variant", "international"][..], &[]] {
        let (games, summary) = validate_json("deep.pdn", &pdn, extra);
        assert_eq!(counts(&summary), [2, 1, 0, 1], "{extra:?}: {}", games[0]);
        assert_eq!(games[0]["error"]["code"], "too-large", "{extra:?}");
        let why = games[0]["error"]["reason"].as_str().unwrap();
        assert!(why.contains("nests variations more than 64 deep (line 2, column"), "{why}");
    }
}

#[test]
fn perft_refuses_a_depth_or_thread_count_past_its_limits() {
    for (args, says) in [
        (&["perft", "international", "100000000"][..], "not in 0..=64"),
        (&["perft", "international", "4294967295"], "not in 0..=64"),
        (&["perft", "international", "3", "--threads", "5000"], "not in 1..=256"),
    ] {
        let o = polydame(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    // The library refuses them too, before anything is allocated.
    let rules = load_variant("international").unwrap();
    let mut pos = Position::start(&rules);
    assert_eq!(perft(&mut pos, &rules, 100_000_000, Routes::Distinct), Err(PerftError::TooDeep { depth: 100_000_000 }));
    let many = polydame::perft_parallel(&mut pos, &rules, 3, Routes::Distinct, 5000);
    assert_eq!(many, Err(PerftError::TooManyThreads { threads: 5000 }));
    // The deepest count taken is counted (White's only man is blocked: no move, no leaf).
    let mut blocked = parse_fen(&rules, "W:W46:B41,36").unwrap();
    assert_eq!(perft(&mut blocked, &rules, polydame::engine::MAX_PERFT_DEPTH, Routes::Distinct), Ok(0));
}

#[test]
fn a_fen_file_line_too_long_is_reported_and_the_next_is_read() {
    let long = format!("W:W{}:B19", vec!["32"; 40_000].join(","));
    let fens = TempFile::new("long-fens.txt", &format!("W:W32:B19\n{long}\nW:W33:B19\n"));
    let o = polydame(&["moves", "international", "--fen-file", fens.path()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(":2: the line is 120006 bytes long, more than the 65536 a FEN may have"), "{}", stderr(&o));
    assert!(stdout(&o).contains("W:W32:B19 (2 moves)") && stdout(&o).contains("W:W33:B19 (2 moves)"), "{}", stdout(&o));
    // A FEN given whole, too long: refused unread, its start shown.
    let o = polydame(&["moves", "international", "--fen", &long]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the FEN is 120006 bytes long, more than the 65536 a FEN may have"), "{}", stderr(&o));
    assert!(stderr(&o).len() < 1000, "{}", stderr(&o));
    // A FEN of many problems names the first few and counts the rest.
    let twice = format!("W:W{}:B19", vec!["32"; 10_000].join(","));
    let o = polydame(&["moves", "international", "--fen", &twice]);
    assert!(stderr(&o).contains("square 32 is given twice; and 9991 more problems"), "{}", stderr(&o));
    assert!(stderr(&o).len() < 2000, "{} bytes", stderr(&o).len());
}

#[test]
fn a_device_is_no_variant_file() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    let o = polydame(&["show", "/dev/zero"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot read /dev/zero: not a regular file"), "{}", stderr(&o));
}
