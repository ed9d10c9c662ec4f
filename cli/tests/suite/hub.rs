//! `polydame hub` driven as a GUI drives an engine over the Hub protocol (Scan's
//! protocol.txt, version 2): a whole session line by line, each `done move=` replayed with
//! the library to check that it is legal.

use polydame::fen::parse_fen;
use polydame::{Game, MoveInfo, Position, Rules, Side, load_variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long any one answer may take: the searches here are a few plies deep.
const PATIENCE: Duration = Duration::from_secs(10);

/// The engine as a GUI sees it: lines in, lines out.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The session so far, `> ` the GUI's lines and `< ` the engine's, for failures.
    log: Vec<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_polydame"))
            .arg("hub")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the polydame binary runs");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("a piped standard output");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines, log: Vec::new() }
    }

    fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("standard input still open");
        writeln!(stdin, "{line}").expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// The engine's next line.
    fn next(&mut self) -> String {
        match self.lines.recv_timeout(PATIENCE) {
            Ok(line) => {
                self.log.push(format!("< {line}"));
                line
            }
            Err(e) => panic!("no answer ({e}); the session:\n{}", self.log.join("\n")),
        }
    }

    /// The engine's lines up to the first that starts with `command` (included).
    fn until(&mut self, command: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self.next();
            let last = line.split_whitespace().next() == Some(command);
            got.push(line);
            if last {
                return got;
            }
        }
    }

    /// Sends `line` and expects exactly `answer` back.
    fn ask(&mut self, line: &str, answer: &str) {
        self.send(line);
        let got = self.next();
        assert_eq!(got, answer, "after `{line}`; the session:\n{}", self.log.join("\n"));
    }

    /// Sends `line` and expects an `error` line, then the session to go on.
    fn refused(&mut self, line: &str, says: &str) {
        self.send(line);
        let got = self.next();
        assert!(got.starts_with("error message=\"") && got.contains(says), "`{line}` gave `{got}`, not an error saying `{says}`");
        self.ask("ping", "pong");
    }

    /// Sends `line` and expects no answer: a `ping` right after gets the next line.
    fn accepted(&mut self, line: &str) {
        self.send(line);
        self.send("ping");
        let got = self.next();
        assert_eq!(got, "pong", "`{line}` was answered; the session:\n{}", self.log.join("\n"));
    }

    /// The `done` line of the search just started, its `info` lines checked on the way.
    fn done(&mut self) -> String {
        let lines = self.until("done");
        for info in &lines[..lines.len() - 1] {
            assert!(info.starts_with("info depth=") && info.contains(" score=") && info.contains(" nodes="), "{info}");
        }
        lines.last().cloned().unwrap_or_default()
    }

    /// Closes standard input (or sends `quit`) and waits for the engine to end.
    fn end(mut self, quit: bool) -> ExitStatus {
        if quit {
            self.send("quit");
        }
        drop(self.stdin.take());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the engine's status") {
                return status;
            }
            if start.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the engine did not end; the session:\n{}", self.log.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    /// A test that fails leaves no engine running behind it.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `name=` in an engine line (unquoted values only).
fn value<'l>(line: &'l str, name: &str) -> Option<&'l str> {
    line.split_whitespace().find_map(|w| w.strip_prefix(name)?.strip_prefix('='))
}

/// Hub's position string: the side to move, then each square 1-50.
fn hub_pos(rules: &Rules, pos: &Position) -> String {
    let mut s = String::from(if pos.side_to_move() == Side::White { "W" } else { "B" });
    for n in 1..=50 {
        s.push(hub_letter(rules, pos, rules.cell(&n.to_string()).expect("squares 1-50")));
    }
    s
}

/// Hub's letter for what stands on `cell`: `e` empty, `w`/`b` a man, `W`/`B` a king.
fn hub_letter(rules: &Rules, pos: &Position, cell: u16) -> char {
    let king = rules.kind("king");
    match pos.piece(cell) {
        None => 'e',
        Some((Side::White, k)) if Some(k) == king => 'W',
        Some((Side::Black, k)) if Some(k) == king => 'B',
        Some((Side::White, _)) => 'w',
        Some((Side::Black, _)) => 'b',
    }
}

/// The legal move of the game written `text` in Hub's way (origin, destination, the
/// captured squares in any order), found without the engine's help.
fn hub_move(game: &Game, text: &str) -> MoveInfo {
    let rules = game.rules();
    let parts: Vec<&str> = text.split(['-', 'x']).collect();
    let mut captured: Vec<&str> = parts[2..].to_vec();
    captured.sort();
    let legal = game.legal_moves().expect("within the capture budget");
    let found: Vec<MoveInfo> = legal
        .into_iter()
        .filter(|m| {
            let mut caps: Vec<&str> = m.captured.iter().map(|&c| rules.cell_name(c)).collect();
            caps.sort();
            rules.cell_name(m.from) == parts[0] && rules.cell_name(m.to) == parts[1] && caps == captured
        })
        .collect();
    assert_eq!(found.len(), 1, "`{text}` is not one legal move of {}", game.fen());
    found[0].clone()
}

/// Plays the `done` line's move in the game (it must be legal) and returns its text.
fn play_done(game: &mut Game, done: &str) -> String {
    let text = value(done, "move").unwrap_or_else(|| panic!("`{done}` has no move")).to_string();
    let m = hub_move(game, &text);
    game.play_move(&m).expect("a legal move plays");
    if let Some(reply) = value(done, "ponder") {
        hub_move(game, reply);
    }
    text
}

const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

#[test]
fn a_gui_session() {
    let rules = load_variant("international").unwrap();
    let mut e = Engine::start(&[]);
    e.send("hub");
    let hello = e.until("wait");
    assert!(hello[0].starts_with("id name=polydame version="), "{hello:?}");
    assert!(
        hello.contains(&"param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"".to_string()),
        "{hello:?}"
    );
    e.ask("init", "ready");
    e.ask("ping", "pong");
    e.accepted("new-game");
    assert_eq!(hub_pos(&rules, &Position::start(&rules)), START);

    // A game: each move searched from the start and the moves so far, as Hub sends them.
    let mut game = Game::new(&rules);
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..6 {
        e.send(&format!("pos pos={START} moves=\"{}\"", moves.join(" ")));
        e.send("level depth=3");
        e.send("go think");
        let done = e.done();
        moves.push(play_done(&mut game, &done));
    }

    // Bad lines are refused with the reason, and the session goes on.
    e.refused("frobnicate now", "unknown command `frobnicate`");
    e.refused("pos pos=Wbbbe", "a position has 51 characters (W or B to move, then w, b, W, B or e for each square 1-50), not 5");
    e.refused(&format!("pos pos=X{}", "e".repeat(50)), "starts with the side to move, W or B, not `X`");
    e.refused(&format!("pos pos=W{}", "x".repeat(50)), "square 1 is `x`");
    e.refused("pos moves=\"32-28 31-26\"", "31-26 is not legal here");
    e.refused("pos moves=\"32-99\"", "no square `99`");
    e.refused("level depth=deep", "whole number");
    e.refused("pos moves=\"32-28", "closing quote");
    e.refused("set-param name=hash value=64", "no parameter `hash`");

    // Analysis until `stop`; `ping` is answered while searching.
    e.accepted(&format!("pos pos={START}"));
    e.send("level infinite");
    e.send("go analyze");
    let first = e.next();
    assert!(first.starts_with("info depth=1 "), "{first}");
    // The search goes on meanwhile: `info` lines may come before the `pong`.
    e.send("ping");
    let before = e.until("pong");
    assert!(before[..before.len() - 1].iter().all(|l| l.starts_with("info depth=")), "{before:?}");
    e.send("stop");
    let done = e.done();
    play_done(&mut Game::new(&rules), &done);

    // Pondering: the clock runs from `ponder-hit`, on the time counted from the start.
    e.send("level move-time=0.2");
    e.send("go ponder");
    std::thread::sleep(Duration::from_millis(300));
    e.send("ponder-hit");
    let done = e.done();
    play_done(&mut Game::new(&rules), &done);

    // A time per move: the search answers by itself, with no `stop`.
    e.send("level move-time=0.1");
    e.send("go think");
    let done = e.done();
    play_done(&mut Game::new(&rules), &done);
    assert!(e.end(true).success());
}

#[test]
fn captures_name_their_captured_squares() {
    let rules = load_variant("international").unwrap();
    let mut e = Engine::start(&[]);
    e.ask("init", "ready");
    // The engine writes a capture as origin x destination x each captured square.
    let pos = parse_fen(&rules, "W:W32:B28").unwrap();
    e.send(&format!("pos pos={}", hub_pos(&rules, &pos)));
    e.send("level depth=2");
    e.send("go think");
    assert_eq!(e.done(), "done move=32x23x28");

    // Two captures from 47 to 3, one over 28, one over 32: the captured squares say which.
    let pos = parse_fen(&rules, "W:WK47,35:B32,28,8,30,5,42").unwrap();
    let hub = hub_pos(&rules, &pos);
    e.refused(&format!("pos pos={hub} moves=\"47x3\""), "47x3 is ambiguous");
    e.accepted(&format!("pos pos={hub} moves=\"47x3x42x8x28 32-37\""));
    e.refused(&format!("pos pos={hub} moves=\"47x3x42x8x32 32-37\""), "32-37 is not legal here");
    for taken in ["28", "32"] {
        let text = format!("47x3x8x{taken}x42");
        e.send(&format!("pos pos={hub} moves=\"{text}\""));
        e.send("level depth=3");
        e.send("go think");
        let done = e.done();
        let mut game = Game::from_position(&rules, pos.clone());
        game.play_move(&hub_move(&game, &text)).unwrap();
        play_done(&mut game, &done);
    }
    assert!(e.end(true).success());
}

#[test]
fn every_hub_variant_plays() {
    for (hub, id) in
        [("normal", "international"), ("killer", "killer"), ("bt", "breakthrough"), ("frisian", "frisian"), ("losing", "antidraughts")]
    {
        let rules = load_variant(id).unwrap();
        let mut e = Engine::start(&[]);
        e.send("hub");
        e.until("wait");
        e.accepted(&format!("set-param name=variant value={hub}"));
        e.ask("init", "ready");
        let mut game = Game::new(&rules);
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..3 {
            e.send(&format!("pos pos={} moves=\"{}\"", hub_pos(&rules, game.start()), moves.join(" ")));
            e.send("level depth=2");
            e.send("go think");
            let done = e.done();
            moves.push(play_done(&mut game, &done));
        }
        assert!(e.end(true).success(), "{hub}");
    }
    // A variant whose squares Hub cannot name is refused; the one played stays.
    let mut e = Engine::start(&["--variant", "frisian"]);
    e.send("hub");
    let hello = e.until("wait");
    assert!(hello.iter().any(|l| l.starts_with("param name=variant value=frisian ")), "{hello:?}");
    e.refused("set-param name=variant value=hexdame", "does not number its squares");
    e.refused("set-param name=variant value=nosuch", "nosuch");
    assert!(e.end(true).success());
}

#[test]
fn a_position_without_moves_is_done_at_once() {
    let mut e = Engine::start(&[]);
    e.accepted(&format!("pos pos=W{}b", "e".repeat(49)));
    e.send("go think");
    let why = e.next();
    assert!(why.starts_with("error message=\"go: no legal move: Black wins"), "{why}");
    assert_eq!(e.next(), "done");
    assert!(e.end(true).success());
}

#[test]
fn the_end_of_input_ends_the_session() {
    let mut e = Engine::start(&[]);
    e.send("level infinite");
    e.send("go analyze");
    let first = e.next();
    assert!(first.starts_with("info depth=1 "), "{first}");
    // The GUI is gone: the search stops, and the engine with it.
    assert!(e.end(false).success());
}

/// A 20-game match of International at depth 1 against `opponent` (`--engine CMD` or
/// `--dxp ADDRESS`), checked: it ends well, and its PDN validates with every game legal.
/// Returns the PDN.
fn twenty_game_match(opponent: [&str; 2]) -> String {
    let dir = crate::common::TempFile::new("match.pdn", "");
    let out = dir.path().to_string();
    let mut args = vec!["match", "international", "--games", "20", "--depth", "1", "--max-plies", "120", "--out", &out];
    args.extend(opponent);
    let o = crate::common::polydame(&args);
    assert!(o.status.success(), "{o:?}");
    assert!(crate::common::stderr(&o).starts_with("20 games: "), "{}", crate::common::stderr(&o));
    let v = crate::common::polydame(&["validate", &out]);
    assert!(crate::common::stdout(&v).contains("20 games: 20 legal"), "{}", crate::common::stdout(&v));
    std::fs::read_to_string(&out).expect("the games")
}

#[test]
fn a_match_against_an_engine_over_hub_is_legal_throughout() {
    let bin = env!("CARGO_BIN_EXE_polydame");
    // polydame's player against `polydame hub`, colours alternating.
    let engine = format!("'{bin}' hub");
    let pdn = twenty_game_match(["--engine", &engine]);
    assert_eq!(pdn.matches("[White \"polydame depth 1\"]").count(), 10, "colours alternate");
    // Two engines against each other, in a variant Hub has no name for.
    let dir = crate::common::TempFile::new("english.pdn", "");
    let out = dir.path().to_string();
    let engine = format!("'{bin}' hub --variant english");
    let o = crate::common::polydame(&[
        "match", "english", "--engine", &engine, "--engine", &engine, "--games", "2", "--depth", "1", "--out", &out,
    ]);
    assert!(o.status.success(), "{o:?}");
    let v = crate::common::polydame(&["validate", &out]);
    assert!(crate::common::stdout(&v).contains("2 games: 2 legal"), "{}", crate::common::stdout(&v));
    let o = crate::common::polydame(&["match", "international", "--engine", &engine, "--json"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}

#[test]
fn a_match_against_a_dxp_follower_is_legal_throughout() {
    // `polydame dxp` on a free port (it says which on standard error), once.
    let mut server = Command::new(env!("CARGO_BIN_EXE_polydame"))
        .args(["dxp", "--once", "--port", "0", "--depth", "1"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("the follower starts");
    let mut said = String::new();
    let mut errors = BufReader::new(server.stderr.take().expect("a pipe"));
    errors.read_line(&mut said).expect("its address");
    // The rest of what it says is read too (a closed pipe would end it).
    let drain = std::thread::spawn(move || std::io::copy(&mut errors, &mut std::io::sink()));
    let address = said.split(" on ").nth(1).and_then(|r| r.split(',').next()).expect("an address").to_string();
    let pdn = twenty_game_match(["--dxp", &address]);
    assert_eq!(pdn.matches("[White \"polydame depth 1\"]").count(), 10, "colours alternate");
    assert!(server.wait().expect("the follower ends").success(), "the match's last GAMEEND stops it");
    drain.join().expect("drained").expect("read");
}

#[test]
fn a_match_on_a_clock_in_parallel_plays_each_opening_with_both_colours() {
    let bin = env!("CARGO_BIN_EXE_polydame");
    let engine = format!("'{bin}' hub");
    let ballots = crate::common::TempFile::new("ballots.txt", "# two openings\n32-28 19-23\n\n33-29 17-22\n");
    let dir = crate::common::TempFile::new("clock.pdn", "");
    let out = dir.path().to_string();
    let args = [
        "match",
        "international",
        "--engine",
        &engine,
        "--games",
        "4",
        "--clock",
        "2+0.05",
        "--concurrency",
        "2",
        "--ballots",
        ballots.path(),
        "--max-plies",
        "40",
        "--out",
        &out,
    ];
    let o = crate::common::polydame(&args);
    assert!(o.status.success(), "{o:?}");
    let err = crate::common::stderr(&o);
    assert!(err.starts_with("4 games: polydame ") && err.contains("unfinished"), "{err}");
    let v = crate::common::polydame(&["validate", &out]);
    assert!(crate::common::stdout(&v).contains("4 games: 4 legal"), "{}", crate::common::stdout(&v));
    let pdn = std::fs::read_to_string(&out).expect("the games");
    assert_eq!(pdn.matches("[TimeControl \"2+0.05\"]").count(), 4, "{pdn}");
    // Games 1 and 2 open 32-28 19-23, games 3 and 4 33-29 17-22, in order.
    let games: Vec<&str> = pdn.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 4);
    for (g, opening) in games.iter().zip(["1. 32-28 19-23", "1. 32-28 19-23", "1. 33-29 17-22", "1. 33-29 17-22"]) {
        assert!(g.contains(opening), "{opening}: {g}");
    }
    // Clocks and workers are for matches against engines; a bad clock is refused.
    let o = crate::common::polydame(&["match", "international", "--clock", "60"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    for bad in ["x", "60+y", "0", "-5"] {
        let o = crate::common::polydame(&["match", "international", "--engine", &engine, &format!("--clock={bad}")]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {o:?}");
        assert!(crate::common::stderr(&o).contains("--clock"), "{bad}: {}", crate::common::stderr(&o));
    }
}

#[test]
fn a_line_too_long_gets_a_short_error_and_the_session_goes_on() {
    let mut e = Engine::start(&[]);
    e.ask("init", "ready");
    // 64 MiB of a position with no line's end, written a piece at a time.
    let piece = vec![b'e'; 64 << 10];
    let stdin = e.stdin.as_mut().expect("standard input open");
    stdin.write_all(b"pos pos=W").expect("the engine reads");
    for _ in 0..1024 {
        stdin.write_all(&piece).expect("the engine reads on");
    }
    stdin.write_all(b"\n").expect("the engine reads on");
    let got = e.next();
    let bytes = 9 + (64 << 20);
    assert!(got.starts_with(&format!("error message=\"a line has at most 65536 bytes; this one has {bytes}")), "{got}");
    assert!(got.contains("`pos pos=Weeee") && got.len() < 200, "{got}");
    e.ask("ping", "pong");
    // The line was read past, not kept: the engine's memory stayed far below it.
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string(format!("/proc/{}/status", e.child.id())).expect("the engine's status");
        let peak = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().strip_suffix(" kB"));
        let peak: u64 = peak.and_then(|v| v.trim().parse().ok()).expect("its peak memory");
        assert!(peak < 40 << 10, "the engine held {peak} kB reading a line of 64 MiB");
    }
    // The variant is read from a file, not from a stream that might never end.
    #[cfg(unix)]
    e.refused("set-param name=variant value=/dev/stdin", "is not a file");
    assert!(e.end(true).success());
}

/// The position of a capture-heavy test: flying kings in eight directions on 16x16, two
/// kings and eight men a side (drawn at random), where the first depth of the search took
/// 100 s and `stop` waited for it, before the capture search heeded the stop itself.
const HEAVY_16: &str = "W:WKi10,Kj7,c9,f4,p11,m7,k13,l12,b3,i14:BKd16,Kj6,l5,j15,h14,n16,d7,n9,f8,o14";

/// A position of a variant on a square board, as Hub writes it: the side to move, then
/// each square from the top left, row by row.
fn square_board_pos(rules: &Rules, pos: &Position, size: u8) -> String {
    let mut s = String::from(if pos.side_to_move() == Side::White { "W" } else { "B" });
    for rank in (1..=size).rev() {
        for file in (b'a'..b'a' + size).map(char::from) {
            s.push(hub_letter(rules, pos, rules.cell(&format!("{file}{rank}")).expect("every square")));
        }
    }
    s
}

#[test]
fn stop_is_answered_promptly_in_a_capture_heavy_position() {
    let variant = "tests/limits/flying-16.toml";
    let rules = load_variant(variant).expect("the test variant");
    let pos = parse_fen(&rules, HEAVY_16).expect("the position");
    let mut e = Engine::start(&[]);
    e.accepted(&format!("set-param name=variant value={variant}"));
    e.accepted(&format!("pos pos={}", square_board_pos(&rules, &pos, 16)));
    e.send("level infinite");
    e.send("go analyze");
    // The search is under way (in its first depth, with thousands of captures to try).
    std::thread::sleep(Duration::from_secs(1));
    e.send("stop");
    let start = Instant::now();
    let done = e.done();
    assert!(start.elapsed() < PATIENCE, "`stop` was answered after {:?}", start.elapsed());
    assert!(done.starts_with("done"), "{done}");
    e.ask("ping", "pong");
    assert!(e.end(true).success());
}
