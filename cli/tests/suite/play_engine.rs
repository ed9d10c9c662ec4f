//! `polydame play --engine LEVEL`, its input piped: the generic player answers each move
//! of the person with its move on a line of its own. Every game printed is replayed with
//! the library, so each engine move is checked legal where it was played.

use crate::common::{polydame, stderr, stdout};

use polydame::{Game, Outcome, Side, load_variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

/// Runs `polydame ARGS` with `input` on its standard input.
fn piped(args: &[&str], input: &str) -> Output {
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("its standard input");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let o = child.wait_with_output().expect("polydame ends");
    writer.join().expect("the writer ends").ok(); // a loop that quits early closes the pipe
    o
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the polydame binary runs")
}

/// A game in conversation with `polydame play`: a line written, a line read.
struct Talk {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Talk {
    fn new(args: &[&str]) -> Talk {
        let mut child = spawn(args);
        let stdin = child.stdin.take().expect("its standard input");
        let stdout = BufReader::new(child.stdout.take().expect("its standard output"));
        Talk { child, stdin, stdout }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("polydame reads its input");
        self.stdin.flush().expect("the input is sent");
    }

    fn read(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("polydame answers");
        assert!(line.ends_with('\n'), "a whole line, not the end of output: {line:?}");
        line.trim_end().to_string()
    }

    /// Quits; what is left on standard output and standard error, and the exit status.
    fn quit(mut self) -> (String, String, Option<i32>) {
        self.send("quit");
        drop(self.stdin);
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.stdout, &mut rest).expect("the rest of the output");
        let o = self.child.wait_with_output().expect("polydame ends");
        (rest, stderr(&o), o.status.code())
    }
}

const START: &str = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";

/// Plays `moves` (texts in the variant's notation) in order from `fen` (or the start);
/// panics at the first that cannot be played.
fn replay<'r>(rules: &'r polydame::Rules, fen: Option<&str>, moves: &[String]) -> Game<'r> {
    let mut game = match fen {
        Some(f) => Game::from_fen(rules, f).expect("the FEN"),
        None => Game::new(rules),
    };
    for (i, m) in moves.iter().enumerate() {
        game.play(m).unwrap_or_else(|e| panic!("ply {} `{m}` of {moves:?}: {e}", i + 1));
    }
    game
}

/// Plays the first legal move of each position against the engine; after each, the
/// engine's reply must be a legal move. The whole game replays with the library and ends
/// in the position `fen` prints.
fn first_moves_against(variant: &str, level: &str, turns: usize) {
    let rules = load_variant(variant).unwrap();
    let mut game = Game::new(&rules);
    let mut talk = Talk::new(&["play", variant, "--engine", level]);
    let mut played = Vec::new();
    for _ in 0..turns {
        let Some(m) = game.legal_moves().unwrap().first().cloned() else { break };
        let mine = game.move_text(&m);
        game.play_move(&m).unwrap();
        talk.send(&mine);
        played.push(mine);
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        let reply = talk.read();
        game.play(&reply).unwrap_or_else(|e| panic!("the engine's `{reply}` after {played:?}: {e}"));
        played.push(reply);
    }
    talk.send("fen");
    assert_eq!(talk.read(), game.fen());
    assert_eq!(replay(&rules, None, &played).fen(), game.fen());
    let (rest, err, code) = talk.quit();
    assert_eq!((rest.as_str(), err.as_str(), code), ("", "", Some(0)));
}

#[test]
fn the_engine_answers_each_move_with_a_legal_move() {
    first_moves_against("international", "2", 12);
    first_moves_against("english", "3", 12);
    first_moves_against("hexdame", "1", 8);
}

#[test]
fn the_engine_moves_first_when_it_has_the_first_move() {
    let rules = load_variant("english").unwrap();
    // English: Black moves first, so by default the engine plays White and waits.
    let o = piped(&["play", "english", "--engine", "2", "--pdn"], "");
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("[White \"polydame level 2\"]\n[Black \"human\"]\n"), "{}", stdout(&o));
    assert!(stdout(&o).trim_end().ends_with("\n*"), "no move: {}", stdout(&o));

    let o = piped(&["play", "english", "--engine", "2", "--engine-side", "black"], "fen\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let game = replay(&rules, None, &[lines[0].to_string()]);
    assert_eq!(lines[1], game.fen());
    assert_eq!(game.position().side_to_move(), Side::White);
}

#[test]
fn engine_side_white_plays_white() {
    let rules = load_variant("international").unwrap();
    let o = piped(&["play", "international", "--engine", "3", "--engine-side", "white", "--pdn"], "");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.contains("[White \"polydame level 3\"]\n[Black \"human\"]\n"), "{out}");
    let first = out.lines().next().expect("the engine's move");
    replay(&rules, None, &[first.to_string()]);
    assert!(out.trim_end().ends_with(&format!("1. {first} *")), "{out}");
}

#[test]
fn undo_takes_back_the_reply_and_the_move() {
    let o = piped(&["play", "international", "--engine", "2"], "32-28\nundo\nfen\nundo\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[1], START);
    assert_eq!(stderr(&o), "ply 1 `undo`: no move of yours to take back\n");
}

#[test]
fn undo_does_not_take_back_the_engine_opening() {
    let o = piped(&["play", "international", "--engine", "2", "--engine-side", "white"], "undo\nfen\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[1].starts_with("B:"), "{out}");
    assert_eq!(stderr(&o), "ply 2 `undo`: no move of yours to take back\n");
}

#[test]
fn an_illegal_move_is_refused_and_the_game_goes_on() {
    let rules = load_variant("international").unwrap();
    let o = piped(&["play", "international", "--engine", "2", "--pdn"], "19-23\n32-28\nfoo\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = stderr(&o);
    let refusals: Vec<&str> = err.lines().collect();
    assert_eq!(refusals.len(), 2, "{err}");
    assert!(refusals[0].starts_with("ply 1 `19-23`: "), "{err}");
    assert!(refusals[1].starts_with("ply 3 `foo`: "), "{err}");
    let out = stdout(&o);
    let reply = out.lines().next().expect("the engine's reply");
    replay(&rules, None, &["32-28".to_string(), reply.to_string()]);
    assert!(out.trim_end().ends_with(&format!("1. 32-28 {reply} *")), "{out}");
}

#[test]
fn the_end_of_the_game_is_told() {
    // White's man must step next to a black man, which takes it: Black, the engine, wins.
    let args = ["play", "international", "--fen", "W:W33:B22,24", "--engine", "1", "--pdn"];
    let o = piped(&args, "33-28\nboard\n33-29\n");
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = stdout(&o);
    assert!(out.starts_with("22x33\n"), "{out}");
    assert!(out.contains("\nthe game is over: Black wins: the opponent has no pieces left\n[Event"), "{out}");
    assert!(out.contains("[White \"human\"]\n[Black \"polydame level 1\"]\n"), "{out}");
    assert!(out.trim_end().ends_with("1. 33-28 22x33 0-2"), "{out}");
    assert_eq!(stderr(&o), "ply 3 `33-29`: the game is over: Black wins: the opponent has no pieces left\n");

    // The person's winning move gets no reply; undo then takes back that one move.
    let o = piped(&["play", "international", "--fen", "W:W28:B23", "--engine", "1"], "28x19\nboard\nundo\nfen\n");
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    assert!(out.contains("the game is over: White wins: the opponent has no pieces left\nW:W28:B23\n"), "{out}");
}

#[test]
fn moves_given_get_one_reply() {
    let rules = load_variant("international").unwrap();
    let o = polydame(&["play", "international", "--engine", "3", "32-28", "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    let fen = v["fen"].as_str().expect("its FEN");
    assert!(fen.starts_with("W:"), "the engine, Black, answered: {fen}");

    let o = polydame(&["play", "international", "--engine", "3", "32-28"]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let reply = out.lines().next().and_then(|l| l.strip_prefix("polydame plays ")).expect("the reply named");
    assert_eq!(replay(&rules, None, &["32-28".to_string(), reply.to_string()]).fen(), fen);
    assert!(out.contains(&format!("\nposition: {fen}\n")), "{out}");

    // After the moves it is the person's turn: no reply.
    let o = polydame(&["play", "international", "--engine", "3", "32-28", "19-23", "--pdn"]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).trim_end().ends_with("1. 32-28 19-23 *"), "{}", stdout(&o));
}

#[test]
fn a_bad_level_or_side_is_a_usage_error() {
    for args in [
        &["play", "international", "--engine", "0"][..],
        &["play", "international", "--engine", "11"],
        &["play", "international", "--engine", "strong"],
        &["play", "international", "--engine", "3", "--engine-side", "red"],
        &["play", "international", "--engine-side", "white"],
        &["play", "international", "--engine", "3", "--engine-time", "0"],
    ] {
        let o = polydame(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
        assert!(stderr(&o).starts_with("error: "), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn the_help_tells_the_levels() {
    let o = polydame(&["play", "--help"]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.contains("--engine <LEVEL>"), "{out}");
    assert!(out.contains("level L searches L plies deep"), "{out}");
    assert!(out.contains("--engine-side <SIDE>"), "{out}");
}
