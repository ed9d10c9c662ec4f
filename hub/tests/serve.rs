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
    let input = Cursor::new("set-param name=variant value=bt\nset-param name=variant value=russian\nquit\n");
    let mut output = Vec::new();
    polydame_hub::serve("frisian", recording, input, &mut output).unwrap();
    assert_eq!(*asked.borrow(), ["frisian", "breakthrough", "russian"]);
    let out = String::from_utf8(output).unwrap();
    assert!(out.starts_with("error message=\"set-param: variant russian does not number its squares"), "{out}");
}

#[test]
fn a_first_variant_that_cannot_be_played_is_an_error() {
    let serve = |variant| polydame_hub::serve(variant, load, Cursor::new(""), Vec::new());
    assert!(serve("russian").unwrap_err().contains("does not number its squares"));
    assert!(serve("lasca").is_err());
    assert!(serve("no-such-variant").is_err());
}
