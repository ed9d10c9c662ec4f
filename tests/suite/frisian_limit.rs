//! The Frisian king-move limit, played out move by move (a FEN cannot carry the count;
//! one test gives it in a `Setup`, as a record replay would).
//!
//! Rule: the same king may make at most three non-capturing moves in a row; then it must be
//! set free by a capture (possibly by that king) or by a move of another king or a man. The
//! limit does not apply to a side that has only kings. Sources: DFS rules (Swingel 2000)
//! rule 7; friesdammen.nl ("a king can be moved only three times in succession; after that
//! it must be set free by a strike or a move by another draughtsman; this rule does not
//! hold if the player has only kings"); Wikipedia "Frisian draughts"; dctl
//! `max_same_king_move = 3`.
//!
//! Squares: a1 = 46, b2 = 41, c1 = 47, d2 = 42, i3 = 40, j2 = 45, g5 = 29, h4 = 34,
//! a9 = 6, b10 = 1, g9 = 9, h10 = 4, h6 = 24, f4 = 33. In every position below the black king stays on
//! squares from which it attacks nothing, and no white piece attacks it, so every move
//! played is a quiet move unless the test says otherwise.

use polydame::engine::QuietTrack;
use polydame::fen::parse_fen;
use polydame::notation::full_path;
use polydame::{MoveList, Position, Rules, load_variant};

fn legal(pos: &mut Position, rules: &Rules) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(rules, &mut list, polydame::Routes::Landings);
    let mut v: Vec<String> = (0..list.len()).map(|i| full_path(rules, &list.info(i))).collect();
    v.sort();
    v
}

/// Plays the legal move written `text` (full path), or fails naming the legal moves.
fn play(pos: &mut Position, rules: &Rules, text: &str) {
    let mut list = MoveList::new();
    pos.generate(rules, &mut list, polydame::Routes::Landings);
    let i = (0..list.len())
        .find(|&i| full_path(rules, &list.info(i)) == text)
        .unwrap_or_else(|| panic!("{text} is not legal here; legal: {:?}", legal(pos, rules)));
    pos.make(rules, list.get(i));
}

fn moves_from(moves: &[String], square: &str) -> Vec<String> {
    moves.iter().filter(|m| m.split(['-', 'x']).next() == Some(square)).cloned().collect()
}

/// The same position with a count of quiet moves in a row per side (cell, count).
fn with_quiet(rules: &Rules, pos: &Position, quiet: QuietTrack) -> Position {
    let mut setup = pos.setup();
    setup.quiet = quiet;
    Position::from_setup(rules, &setup).expect("the counted piece is there")
}

fn setup(fen: &str) -> (Rules, Position) {
    let rules = load_variant("frisian").expect("frisian is shipped");
    let pos = parse_fen(&rules, fen).expect("valid FEN");
    (rules, pos)
}

#[test]
fn a_king_stops_after_three_moves_and_a_man_move_frees_it() {
    // White: king a1, man j2. Black: a lone king on h10 (no limit for Black: only kings).
    let (rules, mut pos) = setup("W:WK46,45:BK4");
    play(&mut pos, &rules, "46-41"); // 1st king move
    play(&mut pos, &rules, "4-9");
    play(&mut pos, &rules, "41-46"); // 2nd
    play(&mut pos, &rules, "9-4");
    let m = legal(&mut pos, &rules);
    assert!(!moves_from(&m, "46").is_empty(), "after two moves the king may still move: {m:?}");
    play(&mut pos, &rules, "46-41"); // 3rd
    play(&mut pos, &rules, "4-9");
    // The king on b2 has made three moves in a row: only the man may move.
    assert_eq!(legal(&mut pos, &rules), vec!["45-40".to_string()]);
    play(&mut pos, &rules, "45-40");
    play(&mut pos, &rules, "9-4");
    // The man's move set the king free: it may make three moves again, and no fourth.
    let m = legal(&mut pos, &rules);
    assert!(m.contains(&"41-46".to_string()), "the king is free again: {m:?}");
    play(&mut pos, &rules, "41-46");
    play(&mut pos, &rules, "4-9");
    play(&mut pos, &rules, "46-41");
    play(&mut pos, &rules, "9-4");
    play(&mut pos, &rules, "41-46");
    play(&mut pos, &rules, "4-9");
    assert_eq!(legal(&mut pos, &rules), vec!["40-34".to_string(), "40-35".to_string()]);
}

#[test]
fn the_limit_is_per_king_and_another_kings_move_frees_the_first() {
    // White: kings a1 and c1, man j2. Black: a lone king on h10.
    let (rules, mut pos) = setup("W:WK46,K47,45:BK4");
    play(&mut pos, &rules, "46-41");
    play(&mut pos, &rules, "4-9");
    play(&mut pos, &rules, "41-46");
    play(&mut pos, &rules, "9-4");
    play(&mut pos, &rules, "46-41");
    play(&mut pos, &rules, "4-9");
    let m = legal(&mut pos, &rules);
    assert!(moves_from(&m, "41").is_empty(), "the king on b2 has moved three times: {m:?}");
    assert!(!moves_from(&m, "47").is_empty(), "the other king may move: {m:?}");
    assert!(!moves_from(&m, "45").is_empty(), "the man may move: {m:?}");
    play(&mut pos, &rules, "47-42"); // the other king moves
    play(&mut pos, &rules, "9-4");
    let m = legal(&mut pos, &rules);
    assert!(!moves_from(&m, "41").is_empty(), "the first king is free again: {m:?}");
    assert!(!moves_from(&m, "42").is_empty(), "the second king has made one move: {m:?}");
}

#[test]
fn a_capture_frees_the_king() {
    // White: king a1, man i3. Black: king a9, man g5.
    let (rules, mut pos) = setup("W:WK46,40:BK6,29");
    play(&mut pos, &rules, "46-41");
    play(&mut pos, &rules, "6-1");
    play(&mut pos, &rules, "41-46");
    play(&mut pos, &rules, "1-6");
    play(&mut pos, &rules, "46-41"); // third king move
    play(&mut pos, &rules, "29-34"); // Black offers the man on h4
    // Capturing is compulsory: i3 takes h4 and lands on g5.
    assert_eq!(legal(&mut pos, &rules), vec!["40x29".to_string()]);
    play(&mut pos, &rules, "40x29");
    play(&mut pos, &rules, "6-1");
    // The capture set the king on b2 free.
    let m = legal(&mut pos, &rules);
    assert!(!moves_from(&m, "41").is_empty(), "the king is free after a capture: {m:?}");
}

#[test]
fn no_limit_for_a_side_with_only_kings() {
    let (rules, mut pos) = setup("W:WK46:BK4");
    for (w, b) in [("46-41", "4-9"), ("41-46", "9-4"), ("46-41", "4-9"), ("41-46", "9-4"), ("46-41", "4-9")] {
        play(&mut pos, &rules, w);
        play(&mut pos, &rules, b);
    }
    let m = legal(&mut pos, &rules);
    assert!(!moves_from(&m, "41").is_empty(), "a side with only kings is not limited: {m:?}");
}

#[test]
fn the_limit_counts_only_while_the_side_has_men() {
    // Black to move; White's king on b2 has just made its third move in a row (the count is
    // set through the API, as a record would restore it). Black's man h6 must take White's
    // last man g5, landing on f4. White then has only kings, so the king may move again.
    let (rules, pos) = setup("B:WK41,29:BK4,24");
    let b2 = cell(&rules, "41");
    let mut pos = with_quiet(&rules, &pos, [(b2, 3), (0, 0)]);
    assert_eq!(legal(&mut pos, &rules), vec!["24x33".to_string()]);
    play(&mut pos, &rules, "24x33");
    let m = legal(&mut pos, &rules);
    assert!(!moves_from(&m, "41").is_empty(), "only kings left: no limit: {m:?}");

    // The same count with a man still on the board does block the king.
    let (rules, pos) = setup("W:WK41,45:BK4");
    let mut pos = with_quiet(&rules, &pos, [(cell(&rules, "41"), 3), (0, 0)]);
    assert_eq!(legal(&mut pos, &rules), vec!["45-40".to_string()]);
}

fn cell(rules: &Rules, name: &str) -> u16 {
    (0..rules.spec().geometry.len() as u16).find(|&c| rules.cell_name(c) == name).expect("a square of the board")
}
