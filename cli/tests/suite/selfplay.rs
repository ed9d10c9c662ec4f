//! Self-play: the player's games against itself are legal (the replayer reads back every
//! game written as PDN), reproducible from their seed, and their facts add up; `polydame
//! match` writes them as PDN with its score.

use polydame::pdn::{parse_game, pdn_games, replay, write_pdn};
use polydame::player::{SelfPlayGame, play_out, random_opening};
use polydame::{Limits, Outcome, Player, Rules, load_variant};
use std::process::Command;

/// A game from a random opening of 4 plies, the player at `depth`.
fn game(rules: &Rules, seed: u64, depth: u32) -> SelfPlayGame {
    let opening = random_opening(rules, seed, 4).unwrap();
    let player = Player::new(rules).with_seed(seed);
    play_out(&player, opening, &Limits::depth(depth), 300).unwrap()
}

/// Writes the game as PDN, reads it back and replays it: every move must be legal and the
/// outcome the replayer judges must be the one the game ended with.
fn replays(rules: &Rules, g: &SelfPlayGame) {
    let pdn = write_pdn(rules, &g.record);
    let texts: Vec<_> = pdn_games(pdn.as_bytes()).map(|t| parse_game(&t.unwrap())).collect();
    assert_eq!(texts.len(), 1);
    let verdict = replay(rules, &texts[0]);
    assert!(verdict.error.is_none(), "{:?}\n{pdn}", verdict.error);
    assert_eq!(verdict.plies, g.record.moves.len());
    assert_eq!(verdict.outcome, Some(g.outcome), "{pdn}");
}

#[test]
fn self_play_games_are_legal_and_end_as_the_replayer_judges() {
    for variant in ["international", "english", "hexdame", "frisian", "lasca", "coronet", "pommel"] {
        let rules = load_variant(variant).unwrap();
        for seed in 1..=2 {
            let g = game(&rules, seed, 2);
            replays(&rules, &g);
            assert_eq!(g.opening, 4, "{variant}");
        }
    }
}

#[test]
fn the_player_plays_every_shipped_variant_legally() {
    for (id, _) in polydame::shipped() {
        let rules = load_variant(id).unwrap();
        let opening = random_opening(&rules, 11, 6).unwrap();
        let player = Player::new(&rules).with_seed(11);
        let g = play_out(&player, opening, &Limits::depth(2), 80).unwrap_or_else(|e| panic!("{id}: {e}"));
        replays(&rules, &g);
        // Its expected line from the last position is legal too.
        let mut game = polydame::Game::from_position(&rules, g.record.start.clone());
        for (m, _) in &g.record.moves {
            game.play_move(m).unwrap();
        }
        let found = player.best_in(game.position(), Limits::depth(3), game.history()).unwrap();
        for m in &found.pv {
            game.play_move(m).unwrap_or_else(|e| panic!("{id}: the line's move {m:?}: {e}"));
        }
    }
}

#[test]
fn a_game_is_reproducible_from_its_seed_and_seeds_differ() {
    let rules = load_variant("english").unwrap();
    let a = game(&rules, 7, 3);
    let b = game(&rules, 7, 3);
    assert_eq!(a.record.moves, b.record.moves);
    assert_eq!(a.outcome, b.outcome);
    let others: Vec<_> = (8..12).map(|s| game(&rules, s, 3).record.moves).collect();
    assert!(others.iter().any(|m| *m != a.record.moves), "five seeds, one game");
}

#[test]
fn ply_facts_follow_the_record() {
    let rules = load_variant("international").unwrap();
    let g = game(&rules, 3, 2);
    let facts: Vec<_> = g.plies().collect();
    assert_eq!(facts.len(), g.record.moves.len());
    for (i, (f, (m, legal))) in facts.iter().zip(&g.record.moves).enumerate() {
        assert_eq!(f.opening, i < 4);
        assert_eq!(f.legal, legal.len());
        assert_eq!(f.captured, m.captured.len());
        assert!(legal.contains(m), "ply {i}: the move played is one of the legal moves");
        // Where every move captures, the move played captures.
        assert!(!f.forced || f.captured > 0);
    }
    assert_eq!(facts[0].side, polydame::Side::White);
    assert_eq!(facts[1].side, polydame::Side::Black);
    // A game that is over when it stops has no legal move left or another end rule.
    if g.outcome == Outcome::Ongoing {
        assert_eq!(g.record.moves.len(), 300);
    }
}

/// `polydame match ARGS --json`, which must succeed: its PDN and its score.
fn match_json(args: &[&str]) -> (String, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_polydame")).arg("match").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let (pdn, json) = text.trim_end().rsplit_once('\n').unwrap();
    (pdn.to_string(), serde_json::from_str(json).unwrap())
}

#[test]
fn match_writes_legal_games_and_its_score() {
    let (pdn, score) = match_json(&["english", "--games", "3", "--depth", "2", "--max-plies", "120", "--seed", "5"]);
    assert_eq!(score["games"], 3);
    let sum: u64 = ["white_wins", "black_wins", "draws", "unfinished"].iter().map(|k| score[k].as_u64().unwrap()).sum();
    assert_eq!(sum, 3);
    let rules = load_variant("english").unwrap();
    let games: Vec<_> = pdn_games(pdn.as_bytes()).map(|t| parse_game(&t.unwrap())).collect();
    assert_eq!(games.len(), 3);
    for g in &games {
        assert!(replay(&rules, g).error.is_none());
        assert!(g.tags.iter().any(|(k, v)| k == "White" && v == "polydame depth 2"));
    }
}

#[test]
fn match_takes_ballots_and_says_which_line_is_wrong() {
    let dir = std::env::temp_dir().join(format!("polydame-ballots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, "# two openings\n11-15 23-19\n\n9-13 22-18\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["match", "english", "--games", "2", "--depth", "1", "--max-plies", "40", "--ballots"])
        .arg(&good)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pdn = String::from_utf8(out.stdout).unwrap();
    assert!(pdn.contains("1. 11-15 23-19"), "{pdn}");
    assert!(pdn.contains("1. 9-13 22-18"), "{pdn}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "11-15 23-19\n11-15 15-19\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["match", "english", "--games", "2", "--depth", "1", "--ballots"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":2: ply 2 `15-19`"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_refuses_a_file_it_cannot_write_before_playing() {
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["match", "international", "--games", "100000", "--depth", "8", "--out", "no-such-folder/games.pdn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write no-such-folder/games.pdn"));
}

#[test]
fn best_sees_a_move_count_rule_end_the_game() {
    // King against king in International: the 5-move rule draws after 5 moves each; the
    // search scores it a draw and its line stops there.
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["best", "international", "--fen", "W:WK47:BK4", "--depth", "30", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["pv"].as_array().unwrap().len(), 10, "{v}");
    assert_eq!(v["score"], 0);
}

#[test]
fn a_match_is_the_same_on_one_thread_or_two() {
    let run = |threads: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
            .args(["match", "international", "--games", "4", "--depth", "2", "--max-plies", "100", "--threads", threads])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    assert_eq!(run("1"), run("2"));
}

/// `best`'s JSON for `args`.
fn best_json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_polydame")).arg("best").args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn best_knows_the_game_s_past_from_moves_or_a_record() {
    // The same king against king, 4 moves of the 5-move rule's 10 already played: the
    // draw comes 4 plies sooner, and the search's line says so.
    let moves = ["47-42", "4-9", "42-47", "9-4"];
    let mut args = vec!["international", "--fen", "W:WK47:BK4", "--depth", "30", "--json"];
    args.extend(moves);
    let v = best_json(&args);
    assert_eq!(v["fen"], "W:WK47:BK4");
    assert_eq!(v["pv"].as_array().unwrap().len(), 6, "{v}");
    // The same game as a PDN record, packed with gzip.
    let dir = std::env::temp_dir().join(format!("polydame-best-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.pdn.gz");
    let pdn = "[GameType \"20\"]\n[FEN \"W:WK47:BK4\"]\n1. 47-42 4-9 2. 42-47 9-4 *\n";
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, pdn.as_bytes()).unwrap();
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let w = best_json(&["international", "--pdn", path.to_str().unwrap(), "--depth", "30", "--json"]);
    assert_eq!(w["pv"], v["pv"]);
    // A record's illegal move: where it is, and why.
    std::fs::write(dir.join("bad.pdn"), "[GameType \"21\"]\n1. 11-15 23-19 2. 8-12 19-25 *\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["best", "english", "--pdn", dir.join("bad.pdn").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.pdn:2:19: game 1, ply 3 `8-12`: 12 is occupied"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tune_writes_weights_that_best_reads() {
    let dir = std::env::temp_dir().join(format!("polydame-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("english.weights.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["tune", "english", "--games", "20", "--depth", "2", "--epochs", "50", "--check", "4", "--out", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("quiet positions; scale k = ") && said.contains("check: the learned player against the rules' own, 4 games"),
        "{said}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("# polydame tune english: 20 games at depth 2"), "{text}");
    let v = best_json(&["english", "--weights", file.to_str().unwrap(), "--depth", "4", "--json"]);
    assert!(v["move"].is_string(), "{v}");
    // Another variant's weights are refused, saying whose they are.
    let out = Command::new(env!("CARGO_BIN_EXE_polydame")).args(["best", "russian", "--weights", file.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the weights are of english"), "{}", String::from_utf8_lossy(&out.stderr));
    // A second round, from those weights and with patterns, checked against them.
    let second = dir.join("second.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["tune", "english", "--games", "20", "--depth", "2", "--epochs", "50", "--check", "4", "--patterns"])
        .args(["--weights", file.to_str().unwrap(), "--out", second.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("50 epochs, with patterns, from english.weights.toml"), "{said}");
    assert!(said.contains(&format!("against the one of {}, 4 games", file.display())), "{said}");
    let text = std::fs::read_to_string(&second).unwrap();
    assert!(text.contains("\npatterns = ["), "{text}");
    let v = best_json(&["english", "--weights", second.to_str().unwrap(), "--depth", "4", "--json"]);
    assert!(v["move"].is_string(), "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_against_plays_two_players_colours_alternating_and_scores_the_first() {
    let (pdn, score) = match_json(&["english", "--games", "4", "--depth", "2", "--max-plies", "100", "--against", "own"]);
    let count = |k: &str| score[k].as_u64().unwrap();
    assert_eq!(count("wins") + count("draws") + count("losses"), 4);
    let points = count("wins") as f64 + count("draws") as f64 / 2.0;
    assert!((score["score"].as_f64().unwrap() - points / 4.0).abs() < 1e-9, "{score}");
    let games: Vec<_> = pdn_games(pdn.as_bytes()).map(|t| parse_game(&t.unwrap())).collect();
    let tag = |g: &polydame::pdn::PdnGame, k: &str| g.tags.iter().find(|(key, _)| key == k).unwrap().1.clone();
    // The first player (the shipped weights) is White in games 1 and 3, Black in 2 and 4;
    // each pair opens alike.
    assert_eq!(tag(&games[0], "White"), "polydame depth 2, default");
    assert_eq!(tag(&games[1], "White"), "polydame depth 2, own");
    assert_eq!(tag(&games[1], "Black"), "polydame depth 2, default");
    let opening = |g: &polydame::pdn::PdnGame| g.moves.iter().take(4).map(|m| m.text.clone()).collect::<Vec<_>>();
    assert_eq!(opening(&games[0]), opening(&games[1]));
    assert_ne!(opening(&games[0]), opening(&games[2]));
    // A weights file of another variant is refused, naming it.
    let out = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["match", "english", "--games", "2", "--against", concat!(env!("CARGO_MANIFEST_DIR"), "/../weights/russian.toml")])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("russian.toml"), "{}", String::from_utf8_lossy(&out.stderr));
}
