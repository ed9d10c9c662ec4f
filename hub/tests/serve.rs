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

/// The engine's lines for `input` (any reader, made as it is read), served from `normal`
/// with the shipped variants.
fn served(input: impl std::io::Read + Send + 'static) -> Vec<String> {
    let mut output = Vec::new();
    polydame_hub::serve("normal", load, std::io::BufReader::new(input), &mut output).expect("normal is served");
    String::from_utf8(output).expect("UTF-8 lines").lines().map(str::to_string).collect()
}

#[test]
fn a_line_too_long_is_answered_with_its_start_and_the_session_goes_on() {
    use std::io::Read;
    // 64 MiB of a position with no line's end, made as it is read, never held.
    let size: u64 = 64 << 20;
    let input = Cursor::new("init\npos pos=W").chain(std::io::repeat(b'e').take(size)).chain(Cursor::new("\nping\nquit\n"));
    let out = served(input);
    assert_eq!(out.len(), 3, "{:?}", out.iter().map(|l| &l[..l.len().min(200)]).collect::<Vec<_>>());
    assert_eq!(out[0], "ready");
    let bytes = 9 + size;
    assert!(
        out[1].starts_with(&format!("error message=\"a line has at most {} bytes; this one has {bytes}", polydame_hub::MAX_LINE)),
        "{}",
        out[1]
    );
    assert!(out[1].contains("`pos pos=Weee") && out[1].len() < 200, "{}", out[1]);
    assert_eq!(out[2], "pong");
    // A line just within the limit is read (here, a command polydame does not know).
    let longest = format!("{}\nping\n", "x".repeat(polydame_hub::MAX_LINE));
    let out = served(Cursor::new(longest));
    assert!(out[0].starts_with("error message=\"unknown command `xxxx") && out[0].len() < 200, "{}", out[0]);
    assert_eq!(out[1], "pong");
}

#[test]
fn errors_quote_only_the_start_of_what_was_sent() {
    let long = "1".repeat(60_000);
    let lines = [
        format!("frobnicate{long}"),
        format!("pos pos=W{long}"),
        format!("pos moves=\"32-28 {long}-2\""),
        format!("pos moves=\"{long}\""),
        format!("level depth={long}x"),
        format!("set-param name={long}x value=1"),
        format!("go {long}=\""),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\nping\n")).collect();
    let out = served(Cursor::new(input));
    assert_eq!(out.len(), 2 * lines.len(), "{out:?}");
    for (sent, answer) in lines.iter().zip(out.chunks(2)) {
        assert!(answer[0].starts_with("error message=") && answer[0].len() < 300, "`{}...`: {}", &sent[..20], answer[0]);
        assert_eq!(answer[1], "pong");
    }
}

#[test]
fn an_error_of_several_lines_is_said_on_one() {
    let load = |variant: &str| match variant {
        "broken" => Err("broken.toml:3:1: error: unknown key\n  |\n3 | colour = 1\n  | ^^^^^^".to_string()),
        _ => load(variant),
    };
    let mut output = Vec::new();
    polydame_hub::serve("normal", load, Cursor::new("set-param name=variant value=broken\nping\n"), &mut output).unwrap();
    let out = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("error message=\"set-param: broken.toml:3:1: error: unknown key   | 3 | colour"), "{out}");
    assert_eq!(lines[1], "pong");
}

#[test]
fn a_long_list_of_legal_moves_is_cut() {
    // Five kings on 46-50 and a black man on 1: dozens of moves, none of them 1-2.
    let pos = format!("W b{}WWWWW", "e".repeat(44)).replace(' ', "");
    let out = session("normal", &[&format!("pos pos={pos} moves=\"1-2\"")]);
    assert_eq!(out.len(), 1, "{out:?}");
    let listed = out[0].split("legal: ").nth(1).expect("the legal moves");
    assert_eq!(listed.split(' ').take_while(|m| !m.ends_with(',')).count() + 1, 30, "{}", out[0]);
    assert!(out[0].ends_with(" more)\""), "{}", out[0]);
}

#[test]
fn moves_past_the_capture_budget_are_no_move_and_no_outcome() {
    let tight = |variant: &str| {
        let mut rules = load(variant)?;
        rules.set_capture_budget(1);
        Ok(rules)
    };
    let mut output = Vec::new();
    // A king's captures from 47 (W:WK47,35:B32,28,8,30,5,42): more than one step.
    let mut squares = ['e'; 50];
    for (n, c) in [(47, 'W'), (35, 'w'), (32, 'b'), (28, 'b'), (8, 'b'), (30, 'b'), (5, 'b'), (42, 'b')] {
        squares[n - 1] = c;
    }
    let pos: String = squares.iter().collect();
    let input = Cursor::new(format!("pos pos=W{pos}\ngo think\nping\n"));
    polydame_hub::serve("normal", tight, input, &mut output).unwrap();
    let out = String::from_utf8(output).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("error message=\"go: the capture search") && lines[0].contains("budget of 1 steps"), "{out}");
    assert_eq!(lines[1..], ["done", "pong"]);
}

/// An output that takes nothing until its sender is dropped, as a GUI that does not read.
struct Stuck(std::sync::mpsc::Receiver<()>);

impl std::io::Write for Stuck {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.recv();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `lines` lines of `ping`, made as they are read, counting the bytes read.
struct Pings {
    lines: u64,
    read: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl std::io::Read for Pings {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = (buf.len() / 5).min(usize::try_from(self.lines).unwrap_or(usize::MAX));
        for chunk in buf.chunks_mut(5).take(n) {
            chunk.copy_from_slice(b"ping\n");
        }
        self.lines -= n as u64;
        self.read.fetch_add(5 * n as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(5 * n)
    }
}

#[test]
fn a_gui_that_does_not_read_is_not_read_ahead_of() {
    use std::sync::atomic::Ordering;
    use std::time::{Duration, Instant};
    let lines = 200_000;
    let read = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let input = std::io::BufReader::new(Pings { lines, read: read.clone() });
    let (unblock, blocked) = std::sync::mpsc::channel();
    let engine = std::thread::spawn(move || polydame_hub::serve("normal", load, input, Stuck(blocked)));
    // The engine is stuck on its first `pong`; wait until the input is read no further.
    let start = Instant::now();
    let mut last = u64::MAX;
    loop {
        std::thread::sleep(Duration::from_millis(300));
        let now = read.load(Ordering::Relaxed);
        if now == last || start.elapsed() > Duration::from_secs(10) {
            break;
        }
        last = now;
    }
    let ahead = read.load(Ordering::Relaxed);
    assert!(ahead < 64 << 10, "{ahead} bytes of the {} were read ahead of a GUI that reads nothing", 5 * lines);
    // Once the GUI reads, every line is answered.
    drop(unblock);
    engine.join().expect("the session ends").expect("normal is served");
    assert_eq!(read.load(Ordering::Relaxed), 5 * lines);
}
