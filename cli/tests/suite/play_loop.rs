//! `polydame play` without moves, its input piped: a game played line by line, quietly,
//! as a script plays it.

use crate::common::{stderr, stdout};

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `polydame ARGS` with `input` on its standard input.
fn piped(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the polydame binary runs");
    let mut stdin = child.stdin.take().expect("its standard input");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let o = child.wait_with_output().expect("polydame ends");
    writer.join().expect("the writer ends").ok(); // a loop that quits early closes the pipe
    o
}

const START: &str = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

#[test]
fn moves_played_print_nothing() {
    let o = piped(&["play", "international"], "32-28\n19-23\n28x19\n14x23\n");
    assert!(o.status.success(), "{o:?}");
    assert_eq!((stdout(&o), stderr(&o)), (String::new(), String::new()));
}

#[test]
fn input_without_a_line_shows_the_position() {
    // `play FILE --fen FEN < /dev/null`: nothing to play, so the position, as moves given
    // on the command line show it, here a game already over.
    let o = piped(&["play", "international", "--fen", "W:W:B1"], "");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("position: W:W:B1\n"), "{out}");
    assert!(out.contains("White to move; Black wins: the opponent has no pieces left\nlegal moves (0):\n"), "{out}");
    assert_eq!(stderr(&o), "");
}

#[test]
fn an_illegal_move_is_refused_with_its_reason_and_the_game_goes_on() {
    let o = piped(&["play", "international"], "32-28\n19-23\n31-26\n28x19\nfen\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert_eq!(stderr(&o), "ply 3 `31-26`: a capture is compulsory: 28x19\n");
    assert_eq!(
        stdout(&o),
        "B:W19,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20\n"
    );
}

#[test]
fn undo_takes_back_and_nothing_to_take_back_is_refused() {
    let o = piped(&["play", "international"], "32-28\n19-23\nundo\nfen\nundo\nfen\nundo\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let after_one = START.replace("W:W31,32,", "B:W28,31,");
    assert_eq!(stdout(&o), format!("{after_one}\n{START}\n"));
    assert_eq!(stderr(&o), "ply 1 `undo`: no move to take back\n");
}

#[test]
fn pdn_prints_the_game_so_far() {
    let o = piped(&["play", "international"], "32-28\n19-23\n28x19\n14x23\npdn\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("[Event \"?\"]\n[Site \"?\"]\n"), "{out}");
    assert!(out.contains("[Result \"*\"]\n[GameType \"20\"]\n"), "{out}");
    assert!(out.trim_end().ends_with("\n1. 32-28 19-23 2. 28x19 14x23 *"), "{out}");
}

#[test]
fn an_english_game_with_its_moves_and_board() {
    let o = piped(&["play", "english"], "11-15\n23-19\n8-11\n22-17\nmoves\nboard\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("legal moves (8):\n  3-8\n  4-8\n  9-13\n"), "{out}");
    assert!(out.trim_end().ends_with("Black to move; the game goes on"), "{out}");
}

#[test]
fn pdn_and_json_are_printed_at_the_end_of_input() {
    let o = piped(&["play", "english", "--pdn"], "11-15\n23-19\n8-11\n22-17\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("[Event \"?\"]\n"), "{out}");
    assert!(out.contains("[GameType \"21\"]\n"), "{out}");
    assert!(out.trim_end().ends_with("1. 11-15 23-19 2. 8-11 22-17 *"), "{out}");

    let o = piped(&["play", "english", "--json"], "11-15\n23-19\n");
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["outcome"]["result"], "ongoing");
    assert_eq!(v["fen"], "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(7));
}

#[test]
fn the_end_is_told_and_later_moves_refused() {
    let o = piped(&["play", "international", "--fen", "W:W28:B23", "--pdn"], "28x19\nboard\n19-14\nmoves\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert_eq!(stderr(&o), "ply 2 `19-14`: the game is over: White wins: the opponent has no pieces left\n");
    let out = stdout(&o);
    assert!(out.contains("\nthe game is over: White wins: the opponent has no pieces left\nlegal moves (0):\n[Event"), "{out}");
    assert!(out.trim_end().ends_with("1. 28x19 2-0"), "{out}");
}

#[test]
fn quit_ends_the_input_and_help_answers() {
    let o = piped(&["play", "international"], "help\n32-28\nquit\nnot read\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("a move in the variant's notation (e.g. 31-26), or a command:\n"), "{out}");
    assert!(out.contains("\n  undo "), "{out}");
    assert_eq!(stderr(&o), "");
}

#[test]
fn moves_given_as_arguments_leave_the_input_alone() {
    let o = piped(&["play", "international", "32-28", "19-23"], "undo\nfen\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("position: W:W28,"), "{out}");
    assert!(out.trim_end().ends_with("legal moves (1):\n  28x19"), "{out}");
}
