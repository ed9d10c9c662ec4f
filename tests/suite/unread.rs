//! Nothing read is nothing judged: text in the moves that could be a move and was not read
//! stops the judgement there, PDN 1.0's moves without a separator are read where the
//! variant's squares allow one reading, PDN 3.0's setup token restarts the game from its
//! position, and a decisive result with no move is noted.

use polydame::load_variant;
use polydame::pdn::{Verdict, parse_game, pdn_games, replay};

fn check(variant: &str, text: &str) -> Verdict {
    let rules = load_variant(variant).expect("shipped");
    let games: Vec<_> = pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("in memory"))).collect();
    assert_eq!(games.len(), 1, "one game in {text:?}");
    replay(&rules, &games[0])
}

#[test]
fn a_token_that_may_be_a_move_stops_the_judgement() {
    // `19_23` is no move polydame reads: the game is not legal, and the error is there,
    // not at the next move (which, with 19-23 skipped, would be played on the wrong side).
    let v = check("international", "1. 32-28 19_23 2. 28x19 14x23 *");
    let e = v.error.expect("not judged past the token");
    assert_eq!((e.ply, e.text.as_str(), e.line, e.column, e.reason.code()), (2, "19_23", 1, 10, "unreadable-move"));
    assert!(e.reason.to_string().contains("not judged from here"), "{}", e.reason);
    assert_eq!(v.plies, 1);
}

#[test]
fn text_that_is_no_move_is_only_noted() {
    // Words glued to the last move (a real English archive has them) hide no move.
    let v = check("international", "1. 32-28 19-23 2. 28x19 14x23 Whitewins. 2-0");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 4);
    assert!(v.warnings.iter().any(|w| w.message.contains("unreadable text `Whitewins.`")), "{:?}", v.warnings);
}

#[test]
fn pdn_1_moves_without_a_separator() {
    let v = check("international", "1. 3228 1923 2. 2819 1423 3. 3732 1014 2-0");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 6);
    assert!(
        v.warnings.iter().any(|w| w.message.contains("without a separator") && w.message.contains("`3228` was read as 32-28")),
        "{:?}",
        v.warnings
    );
    // Mixed with separators, as a transcriber may have written it.
    let v = check("international", "1. 32-28 1923 2. 28x19 14x23 *");
    assert!(v.error.is_none() && v.plies == 4, "{:?}", v.error);
    // English (squares 1-32): 1115 is 11-15 only (115 is no square).
    let v = check("english", "1. 1115 2319 *");
    assert!(v.error.is_none() && v.plies == 2, "{:?}", v.error);
}

#[test]
fn a_setup_token_restarts_the_game() {
    // After two plies the game goes on from the position the token gives; plies go on.
    let v = check("international", "1. 32-28 19-23 /FEN \"B:W31-50:B1-20\"/ 1... 19-23 2. 32-28 *");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 4);
    // 28x19 would be legal from the moves before the token; from its position it is not.
    let v = check("international", "1. 32-28 19-23 /FEN \"W:W31-50:B1-20\"/ 2. 28x19 *");
    let e = v.error.expect("the token's position holds");
    assert_eq!(e.ply, 3);
    let v = check("international", "1. 32-28 /FEN \"W:W31-50:X1-20\"/ 19-23 *");
    let e = v.error.expect("a bad FEN in the token");
    assert_eq!((e.reason.code(), e.line, e.column), ("setup-fen", 1, 10));
}

#[test]
fn a_decisive_result_with_no_move() {
    let v = check("international", "[Result \"2-0\"]\n2-0");
    assert!(v.warnings.iter().any(|w| w.message.contains("no move is written")), "{:?}", v.warnings);
    // A forfeit says so, and a problem's result is its solution's.
    for tags in ["[PlyCount \"0\"]", "[FEN \"W:W31:B1\"]"] {
        let v = check("international", &format!("[Result \"2-0\"]\n{tags}\n2-0"));
        assert!(!v.warnings.iter().any(|w| w.message.contains("no move is written")), "{tags}: {:?}", v.warnings);
    }
}

#[test]
fn a_separator_of_the_other_kind_of_move_is_noted_once_a_game() {
    // 32x28 is a quiet move, 28-19 a capture; the game is legal, and each kind is said once
    // with how many more moves are written so.
    let v = check("international", "1. 32x28 19x23 2. 28-19 14x23 3. 33x29 *");
    assert!(v.error.is_none(), "{:?}", v.error);
    let codes: Vec<_> = v.warnings.iter().map(|w| w.code).collect();
    assert_eq!(codes, ["move-written-as-capture", "capture-written-as-move"], "{:?}", v.warnings);
    assert!(
        v.warnings[0].message.starts_with("move 1 `32x28` at line 1, column 4")
            && v.warnings[0].message.ends_with("(and 2 more moves of this game)")
    );
    assert!(v.warnings.iter().all(|w| w.is_separator()));
    // Moves without a separator say nothing either way.
    let v = check("international", "1. 3228 1923 2. 2819 *");
    assert!(!v.warnings.iter().any(|w| w.is_separator()), "{:?}", v.warnings);
}

#[test]
fn other_programs_conventions() {
    // py-draughts writes American checkers with White first, from 21-32, and `-` for a
    // game that goes on.
    let v = check("english", "[Variant \"American checkers\"]\n[Result \"-\"]\n1. 22-18 11-15 2. 18x11 8x15 -\n");
    assert!(v.error.is_none() && v.plies == 4, "{:?}", v.error);
    assert!(v.notation.contains("White moves first in this record"), "{}", v.notation);
    assert!(v.warnings.is_empty(), "{:?}", v.warnings);
    // Not when the first move is wrong for both sides (22-26 goes backwards for White).
    let v = check("english", "1. 22-26 *");
    assert_eq!(v.error.expect("illegal").ply, 1);
    // PlayStrategy's 1-0 is P1's win, and P1 moves first (Black, in English checkers).
    let game = |tags: &str| format!("{tags}[Result \"1-0\"]\n[FEN \"B:W18:B14\"]\n1. 14x23 *\n");
    let plain = check("english", &game(""));
    assert!(plain.warnings.iter().any(|w| w.code == "result-contradicts"), "{:?}", plain.warnings);
    let ps = check("english", &game("[P1 \"a\"]\n[P2 \"b\"]\n"));
    assert!(ps.warnings.is_empty(), "{:?}", ps.warnings);
}

#[test]
fn an_unknown_move_ends_the_replay() {
    let v = check("international", "1. 32-28 - - 2. 33-29 *");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 1);
    assert!(v.warnings.iter().any(|w| w.code == "unknown-move"), "{:?}", v.warnings);
}
