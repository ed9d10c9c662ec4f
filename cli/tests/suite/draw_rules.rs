//! Move-count draws (`[[end.count]]`) and variations, as a game archive meets them: FMJD's
//! 25-, 16- and 5-move rules, the Russian 3-kings rule, the English 40-move claim; the
//! verdicts and warnings of `validate`; a variation's bad move as a warning, or an error
//! under `--strict`. The PDN files are in `tests/archive/` (see its README).

use crate::common::{TempFile, polydame, stdout};
use polydame::pdn::{parse_game, pdn_games, replay};
use polydame::{EndReason, Game, Outcome, compile_text, load_variant};

fn archive(name: &str) -> String {
    std::fs::read_to_string(format!("tests/archive/{name}")).expect("the test file")
}

/// The one game of a PDN text, replayed by the library.
fn verdict(text: &str) -> polydame::pdn::Verdict {
    let rules = load_variant("international").unwrap();
    let game = parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
    replay(&rules, &game)
}

/// A game from a FEN with moves given by their text.
fn played<'r>(rules: &'r polydame::Rules, fen: &str, moves: &str) -> Game<'r> {
    let mut g = Game::from_fen(rules, fen).unwrap();
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

#[test]
fn a_lidraughts_25_move_draw_is_recognised() {
    let v = verdict(&archive("lidraughts_25_move_draw.pdn"));
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 50);
    assert!(v.warnings.is_empty(), "{:?}", v.warnings);
    let rules = load_variant("international").unwrap();
    match v.outcome {
        Some(Outcome::Draw(why)) => {
            assert_eq!(why, EndReason::Count(0), "the first count rule");
            assert!(why.sentence(&rules).contains("25-move rule"), "{why:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lidraughts_16_move_draw_is_recognised() {
    let v = verdict(&archive("lidraughts_16_move_draw.pdn"));
    assert!(v.error.is_none() && v.warnings.is_empty(), "{v:?}");
    let rules = load_variant("international").unwrap();
    match v.outcome {
        Some(Outcome::Draw(why)) => {
            assert_eq!(why, EndReason::Count(1), "the second count rule");
            let said = why.sentence(&rules);
            assert!(said.contains("16-move rule") && said.contains("3 king against king"), "{said}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn one_move_short_of_the_count_the_game_goes_on() {
    let text = archive("lidraughts_16_move_draw.pdn");
    // Without the last move (Black's 16th), the count has run 31 half-moves of 32.
    let cut = text.replace("6-1 { [%clock W0:01:21 b0:01:24] } 1-1", "1-1");
    assert_ne!(cut, text, "the last move is where the test expects it");
    let v = verdict(&cut);
    assert_eq!((v.plies, v.outcome), (31, Some(Outcome::Ongoing)));
}

#[test]
fn a_win_claimed_in_a_drawn_game_is_a_warning() {
    let text = archive("lidraughts_25_move_draw.pdn").replace("[Result \"1-1\"]", "[Result \"2-0\"]").replace(" 1-1\n", " 2-0\n");
    let v = verdict(&text);
    assert!(v.error.is_none());
    assert_eq!(v.warnings.len(), 1, "{:?}", v.warnings);
    assert!(v.warnings[0].message.starts_with("the result is 2-0, but the game is drawn: 25 moves each"), "{}", v.warnings[0].message);
}

#[test]
fn a_game_that_goes_on_after_a_count_draw_is_a_warning() {
    // Two more king moves after the 25-move rule drew the game.
    let text = archive("lidraughts_25_move_draw.pdn").replace(" 1-1\n", " 26. 9-3 8-2 1-1\n");
    let f = TempFile::new("goes_on.pdn", &text);
    let o = polydame(&["validate", f.path()]);
    assert!(o.status.success(), "a warning, not an error: {o:?}");
    let out = stdout(&o);
    assert!(out.contains("warning: the game was drawn after move 25 (ply 50) by 25 moves each"), "{out}");
    assert!(out.contains("yet it goes on"), "{out}");
}

#[test]
fn validate_json_gives_the_outcome_and_its_reason() {
    let o = polydame(&["validate", "--json", "tests/archive/lidraughts_16_move_draw.pdn"]);
    assert!(o.status.success(), "{o:?}");
    let first: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["outcome"]["result"], "draw");
    assert!(first["outcome"]["reason"].as_str().unwrap().contains("16-move rule"));
    assert_eq!(first["outcome"]["code"], "count");
}

#[test]
fn the_5_move_rule_takes_over_when_a_capture_changes_the_ending() {
    let rules = load_variant("international").unwrap();
    // Three kings against one: 16-move rule. White gives a king away on move 1; Black
    // takes it, leaving two kings against one: the 5-move rule counts from there.
    let mut g = played(&rules, "W:WK47,K48,K49:BK3", "47-20");
    assert_eq!(g.history().count_of(1), Some(1), "the 16-move count runs");
    g.play("3x25").unwrap();
    assert_eq!(g.history().count_of(1), None, "the 16-move ending is over");
    assert_eq!(g.history().count_of(2), Some(0), "the 5-move count starts at the capture");
    for m in "48-26 25-3 26-31 3-8 31-4 8-2 4-9 2-7 9-3".split_whitespace() {
        assert_eq!(g.outcome(), Outcome::Ongoing, "before {m}");
        g.play(m).unwrap();
    }
    assert_eq!(g.history().count_of(2), Some(9));
    g.play("7-1").unwrap();
    assert!(matches!(g.outcome(), Outcome::Draw(why) if why.sentence(&rules).contains("5-move rule")), "{:?}", g.outcome());
    // Taking a move back takes its count back.
    g.undo();
    assert_eq!((g.outcome(), g.history().count_of(2)), (Outcome::Ongoing, Some(9)));
}

#[test]
fn a_variant_file_compiled_twice_ends_a_game_alike() {
    // An outcome names a count rule by its index; each compiled variant keeps its own
    // sentence for it, so nothing is shared or kept between compilations.
    let text = std::fs::read_to_string("../variants/international.toml").unwrap();
    let a = compile_text(&text, "international.toml").unwrap();
    let b = compile_text(&text, "international.toml").unwrap();
    let moves = "47-20 3x25 48-26 25-3 26-31 3-8 31-4 8-2 4-9 2-7 9-3 7-1";
    let (ga, gb) = (played(&a, "W:WK47,K48,K49:BK3", moves), played(&b, "W:WK47,K48,K49:BK3", moves));
    assert_eq!(ga.outcome(), Outcome::Draw(EndReason::Count(2)), "the 5-move rule");
    assert_eq!(ga.outcome(), gb.outcome());
    assert_eq!(ga.outcome().describe(&a), gb.outcome().describe(&b));
    assert_eq!(
        ga.outcome().describe(&a),
        "draw: 5 moves each in the ending 2 king against king, king + man against king or king against king \
         (the 5-move rule, FMJD art. 6; KNDB remise b)"
    );
    let (sa, sb) = (EndReason::Count(2).sentence(&a), EndReason::Count(2).sentence(&b));
    assert!(!std::ptr::eq(sa, sb), "each compiled variant owns its sentences");
}

#[test]
fn a_man_move_starts_the_25_move_count_again() {
    let rules = load_variant("international").unwrap();
    let mut g = played(&rules, "W:WK49,36:BK3,K4", "49-44 3-9");
    assert_eq!(g.history().count_of(0), Some(2));
    g.play("36-31").unwrap();
    assert_eq!(g.history().count_of(0), Some(0), "a man moved");
    g.play("4-10").unwrap_err();
    g.play("9x36").unwrap();
    assert_eq!(g.history().count_of(0), Some(0), "a capture");
    g.play("44-35").unwrap();
    assert_eq!(g.history().count_of(0), Some(1));
}

#[test]
fn three_russian_kings_have_15_moves_to_take_the_fourth() {
    let rules = load_variant("russian").unwrap();
    let moves = "c1-a3 h2-b8 a3-b2 b8-a7 b2-a1 a7-b8 a1-c3 b8-a7 c3-a5 a7-b8 a5-b4 b8-a7 b4-c3 a7-b8 c3-a1 b8-a7 a1-b2 \
                 a7-b8 b2-a3 b8-a7 a3-b4 a7-b8 b4-a5 b8-a7 a5-c7 a7-b8 c7-b6 b8-a7 b6-d8";
    let mut g = played(&rules, "W:WKc1,Ke1,Kg1:BKh2", moves);
    assert_eq!(g.outcome(), Outcome::Ongoing);
    g.play("a7-b6").unwrap();
    assert!(matches!(g.outcome(), Outcome::Draw(why) if why.sentence(&rules).contains("3-kings rule")), "{:?}", g.outcome());
}

#[test]
fn the_english_40_move_rule_is_a_claim_not_an_end() {
    let rules = load_variant("english").unwrap();
    let moves = "3-7 29-25 4-8 25-21 7-2 21-17 2-6 17-13 6-1 13-9 1-5 9-6 5-1 6-2 1-5 2-7 5-1 7-3 8-4 3-7 1-5 7-2 5-1 30-25 \
                 1-5 2-6 4-8 6-1 5-9 1-5 9-6 5-1 6-2 1-5 2-7 5-1 7-3 1-5 8-4 5-1 3-7 1-5 7-2 5-9 2-7 9-6 4-8 6-2 7-3 2-6 \
                 8-4 6-2 3-8 2-6 8-11 6-1 4-8 1-5 8-3 5-1 3-7 1-5 7-2 5-1 11-7 1-5 2-6 5-1 6-9 1-5 9-13 5-1 7-2 1-5 2-6 \
                 5-1 6-9 1-5 9-14";
    let mut g = played(&rules, "B:WK29,K30:BK3,K4", moves);
    assert_eq!(g.moves().len(), 79);
    assert_eq!(g.claimable_draw(), None);
    g.play("5-1").unwrap();
    assert!(g.claimable_draw().is_some_and(|why| why.sentence(&rules).contains("40-move rule")), "{:?}", g.claimable_draw());
    assert_eq!(g.outcome(), Outcome::Ongoing, "nobody claimed it");
}

#[test]
fn a_bad_move_in_a_variation_is_a_warning_and_an_error_under_strict() {
    let file = "tests/archive/lidraughts_analysis_variations.pdn";
    let v = verdict(&archive("lidraughts_analysis_variations.pdn"));
    assert!(v.error.is_none(), "the main line is legal");
    let bad: Vec<_> = v.variations.iter().map(|e| (e.text.as_str(), e.ply, e.line, e.column)).collect();
    assert_eq!(bad, [("50-1", 7, 17, 31)], "only the impossible move; the nested variation is legal");
    let o = polydame(&["validate", file]);
    assert!(o.status.success(), "{o:?}");
    assert!(
        stdout(&o)
            .contains(":17:31: game 1 (analyst - sparring_partner, Casual Rapid game, -): warning: in a variation, move 4 (ply 7) `50-1`")
    );
    let o = polydame(&["validate", "--strict", file]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stdout(&o).contains("1 game: 0 legal, 1 with an illegal or unreadable move"), "{}", stdout(&o));
}

#[test]
fn variations_are_read_with_their_branch_points() {
    let text = archive("lidraughts_analysis_variations.pdn");
    let game = parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
    assert_eq!(game.moves.len(), 6, "the main line alone");
    let shape: Vec<_> = game.variations.iter().map(|v| (v.parent, v.at, v.moves.len())).collect();
    // (1... 19-23 ...) replaces Black's first move; (2... 13x24 3. 37-32) inside it
    // replaces its second; (2... 17-22 ...) replaces Black's second move.
    assert_eq!(shape, [(None, 1, 4), (Some(0), 2, 2), (None, 3, 5)]);
}

#[test]
fn a_variation_after_an_illegal_move_is_not_replayed() {
    // The variation replaces 33-29, after the bad 50-1: where it branches is unknown.
    let v = verdict("[GameType \"20\"]\n1. 32-28 50-1 2. 33-29 (2. 50-2) *\n");
    assert_eq!(v.error.map(|e| e.ply), Some(2));
    assert!(v.variations.is_empty(), "{:?}", v.variations);
    let v = verdict("[GameType \"20\"]\n1. 32-28 19-23 (1... 50-1) 2. 28x19 *\n");
    assert_eq!(v.variations.len(), 1);
    assert_eq!(v.variations[0].ply, 2);
}

#[test]
fn a_bad_fen_tag_is_placed_at_the_tag() {
    let v = verdict("[Event \"e\"]\n[GameType \"20\"]\n  [FEN \"W:W31,7O:B19\"]\n1. 31-26 *\n");
    let e = v.error.expect("the FEN tag is bad");
    assert_eq!((e.ply, e.line, e.column), (0, 3, 3));
}
