//! `serve` driven in-process, as a server or a binding would drive it: the GUI's lines
//! from memory, the engine's lines into a `Vec<u8>`, each move checked with the library.

use polydame::{Game, MoveInfo, Rules, load_variant};
use std::cell::RefCell;
use std::io::Cursor;

/// Loads a shipped variant as it is (no options).
fn load(variant: &str) -> Result<Rules, String> {
    load_variant(variant).map_err(|e| e.to_string())
}

/// Serves `lines` (one a line) from the start to the end, with `variant` first: the
/// engine's lines.
fn session(variant: &str, lines: &[&str]) -> Vec<String> {
    let input = Cursor::new(lines.iter().map(|l| format!("{l}\n")).collect::<String>());
    let mut output = Vec::new();
    polydame_hub::serve(variant, load, input, &mut output).expect("the variant is served");
    String::from_utf8(output).expect("UTF-8 lines").lines().map(str::to_string).collect()
}

/// The legal move of the game written `text` in Hub's way (origin, destination, then the
/// captured squares in any order), if there is one.
fn hub_move(game: &Game, text: &str) -> Option<MoveInfo> {
    let rules = game.rules();
    let parts: Vec<&str> = text.split(['-', 'x']).collect();
    let mut captured = parts.get(2..)?.to_vec();
    captured.sort_unstable();
    let legal = game.legal_moves().expect("within the capture budget");
    legal.into_iter().find(|m| {
        let mut caps: Vec<&str> = m.captured.iter().map(|&c| rules.cell_name(c)).collect();
        caps.sort_unstable();
        rules.cell_name(m.from) == parts[0] && rules.cell_name(m.to) == parts[1] && caps == captured
    })
}

#[test]
fn a_session_in_memory_plays_a_legal_move() {
    let lines = ["hub", "init", "ping", "pos start moves=\"32-28 19-23\"", "level depth=3", "go think", "quit"];
    let out = session(polydame_hub::DEFAULT_VARIANT, &lines);
    assert!(out[0].starts_with("id name=polydame version="), "{out:?}");
    assert_eq!(out[1], "param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"");
    assert_eq!(out[2..5], ["wait", "ready", "pong"]);
    // `quit` came while the engine searched: it stopped (after a ply at least) and said
    // its move, and the session ended after it.
    let done = out.last().expect("lines");
    assert!(out[5..out.len() - 1].iter().all(|l| l.starts_with("info depth=")), "{out:?}");
    let text = done.strip_prefix("done move=").expect("a move").split_whitespace().next().unwrap_or_default();

    let rules = load_variant("international").unwrap();
    let mut game = Game::new(&rules);
    for m in ["32-28", "19-23"] {
        game.play(m).unwrap();
    }
    let m = hub_move(&game, text).unwrap_or_else(|| panic!("`{text}` is not legal after 32-28 19-23"));
    // The capture is compulsory, and Hub names the piece it takes.
    assert_eq!((text, m.captured.len()), ("28x19x23", 1));
}

#[test]
fn the_end_of_input_ends_the_session_as_quit_does() {
    assert_eq!(session("killer", &["init", "ping"]), ["ready", "pong"]);
    // A search under way when the input ends still says its move first.
    let out = session("normal", &["level infinite", "go analyze"]);
    assert!(out.last().is_some_and(|l| l.starts_with("done move=")), "{out:?}");
}

#[test]
fn variants_are_loaded_by_their_shipped_ids() {
    let asked = RefCell::new(Vec::new());
    let recording = |v: &str| {
        asked.borrow_mut().push(v.to_string());
        load(v)
    };
    let input = Cursor::new("set-param name=variant value=bt\nset-param name=variant value=hexdame\nquit\n");
    let mut output = Vec::new();
    polydame_hub::serve("frisian", recording, input, &mut output).unwrap();
    assert_eq!(*asked.borrow(), ["frisian", "breakthrough", "hexdame"]);
    let out = String::from_utf8(output).unwrap();
    assert!(out.starts_with("error message=\"set-param: variant hexdame does not number its squares"), "{out}");
}

#[test]
fn a_first_variant_that_cannot_be_played_is_an_error() {
    let serve = |variant| polydame_hub::serve(variant, load, Cursor::new(""), Vec::new());
    assert!(serve("hexdame").unwrap_err().contains("does not number its squares"));
    assert!(serve("lasca").is_err());
    assert!(serve("damas").unwrap_err().contains("huffs"), "a Hub move cannot name the pieces a huff takes off");
    assert!(serve("no-such-variant").is_err());
}

/// The start position as pydraughts 0.6 (the Hub GUI of lidraughts' bots) sends it for every
/// 8x8 variant: `W`, then its own squares from the top left, its White (the side that
/// moves first) on 21-32.
const PYDRAUGHTS_8X8_START: &str = "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// The move of a `done` line.
fn done_move(out: &[String]) -> String {
    let done = out.iter().rev().find(|l| l.starts_with("done")).expect("a done line");
    done.strip_prefix("done move=").unwrap_or_default().split_whitespace().next().unwrap_or_default().to_string()
}

#[test]
fn english_with_the_colours_hub_sends() {
    // pydraughts' W moves first: in English checkers that is Black, on 1-12, whose first
    // moves pydraughts lists as 12-16 11-16 11-15 10-15 10-14 9-14 9-13 (its hub moves).
    let out = session("english", &["hub", PYDRAUGHTS_8X8_START, "level depth=2", "go think", "quit"]);
    let m = done_move(&out);
    assert!(["12-16", "11-16", "11-15", "10-15", "10-14", "9-14", "9-13"].contains(&m.as_str()), "{out:?}");
    // And after those moves, as the GUI sends them.
    let out = session("english", &["hub", &format!("{PYDRAUGHTS_8X8_START} moves=\"11-15 22-18\""), "level depth=2", "go think", "quit"]);
    assert_eq!(done_move(&out), "15x22x18", "{out:?}");
}

#[test]
fn russian_and_brazilian_in_the_numbers_their_players_use() {
    // a1 = 1 along each row: White's first moves a3-b4, c3-b4, c3-d4 are 9-13, 10-13, 10-14
    // (pydraughts' hub moves).
    for variant in ["russian", "brazilian", "czech"] {
        let out = session(variant, &["hub", PYDRAUGHTS_8X8_START, "level depth=1", "go think", "quit"]);
        let m = done_move(&out);
        assert!(["9-13", "9-14", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"].contains(&m.as_str()), "{variant}: {out:?}");
        let out = session(variant, &["hub", &format!("{PYDRAUGHTS_8X8_START} moves=\"9-13 22-18\""), "level depth=1", "go think", "quit"]);
        assert!(!done_move(&out).is_empty(), "{variant}: {out:?}");
    }
}

#[test]
fn no_legal_move_is_said_before_the_bare_done() {
    let out = session("international", &["hub", "pos pos=W", "quit"]);
    assert!(out.iter().any(|l| l.starts_with("error")), "{out:?}");
    let empty_but_one = format!("pos pos=W{}b", "e".repeat(49));
    let out = session("international", &["hub", &empty_but_one, "go think", "quit"]);
    let n = out.len();
    assert!(out[n - 2].starts_with("error message=\"go: no legal move: Black wins"), "{out:?}");
    assert_eq!(out[n - 1], "done");
}
