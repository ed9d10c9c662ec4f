//! The follower driven as an initiator drives it: over a TCP connection, game requests and
//! moves in DXP's fixed fields, each of its moves checked with the library.

use polydame::{Game, Limits, MoveInfo, Outcome, load_variant};
use polydame_dxp::{Bounds, Follower, MAX_MESSAGE, listen, serve};
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A GAMEREQ: the follower plays `colour` (`W` or `Z`) from the start position.
fn game_request(colour: char) -> String {
    format!("R01{:<32}{colour}005050A", "tester")
}

/// A MOVE message of the initiator's move `m`.
fn move_message(game: &Game, m: &MoveInfo) -> String {
    let rules = game.rules();
    let sq = |c: u16| format!("{:0>2}", rules.cell_name(c));
    let mut text = format!("M0001{}{}{:02}", sq(m.from), sq(m.to), m.captured.len());
    for &c in &m.captured {
        text.push_str(&sq(c));
    }
    text
}

/// The legal move a follower's MOVE names.
fn read_move(game: &Game, text: &str) -> MoveInfo {
    let rules = game.rules();
    let (from, to) = (&text[5..7], &text[7..9]);
    let n: usize = text[9..11].parse().expect("a count");
    let mut taken: Vec<u32> = (0..n).map(|i| text[11 + 2 * i..13 + 2 * i].parse().expect("a square")).collect();
    taken.sort_unstable();
    let number = |c: u16| rules.cell_name(c).parse::<u32>().expect("numbered");
    let legal = game.legal_moves().expect("within the budget");
    legal
        .into_iter()
        .find(|m| {
            let mut caps: Vec<u32> = m.captured.iter().map(|&c| number(c)).collect();
            caps.sort_unstable();
            number(m.from) == from.parse::<u32>().unwrap() && number(m.to) == to.parse::<u32>().unwrap() && caps == taken
        })
        .unwrap_or_else(|| panic!("{text}: not legal in {}", game.fen()))
}

struct Initiator {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Initiator {
    fn send(&mut self, m: &str) {
        self.writer.write_all(format!("{m}\0").as_bytes()).unwrap();
    }
    fn next(&mut self) -> String {
        let mut buf = Vec::new();
        self.reader.read_until(0, &mut buf).unwrap();
        String::from_utf8(buf).unwrap().trim_end_matches('\0').to_string()
    }
}

/// Plays `games` games against a follower on a local port, alternating colours, the
/// initiator's moves the first legal one in a rotating order; returns the plies played.
fn play_games(games: usize) -> usize {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let server = std::thread::spawn(move || {
        let rules = load_variant("international").unwrap();
        let (socket, _) = listener.accept().unwrap();
        socket.set_nodelay(true).unwrap();
        let follower = Follower { rules: &rules, limits: Limits::depth(1) };
        serve(&follower, socket.try_clone().unwrap(), socket).unwrap();
    });
    let stream = TcpStream::connect(addr).unwrap();
    stream.set_nodelay(true).unwrap();
    let mut me = Initiator { reader: BufReader::new(stream.try_clone().unwrap()), writer: stream };
    let rules = load_variant("international").unwrap();
    let mut plies = 0;
    for g in 0..games {
        let follower_white = g % 2 == 0;
        me.send(&game_request(if follower_white { 'W' } else { 'Z' }));
        assert_eq!(me.next(), format!("A{:<32}0", "polydame"));
        let mut game = Game::new(&rules);
        let mut k = g;
        loop {
            if game.outcome() != Outcome::Ongoing || game.moves().len() >= 120 {
                break;
            }
            let theirs = (game.position().side_to_move() == polydame::Side::White) == follower_white;
            if theirs {
                let m = me.next();
                assert!(m.starts_with('M'), "{m}");
                let mv = read_move(&game, &m);
                game.play_move(&mv).unwrap();
            } else {
                let legal = game.legal_moves().unwrap();
                k += 7;
                let mv = legal[k % legal.len()].clone();
                me.send(&move_message(&game, &mv));
                game.play_move(&mv).unwrap();
            }
            plies += 1;
        }
        if game.outcome() != Outcome::Ongoing {
            // The follower says the game is over.
            let end = me.next();
            assert!(end.starts_with('E'), "{end}");
        }
        me.send("E00");
        let answer = me.next();
        assert!(answer.starts_with('E'), "{answer}");
    }
    me.send("E01");
    let _ = me.next();
    server.join().unwrap();
    plies
}

#[test]
fn twenty_games_of_legal_moves_over_tcp() {
    let plies = play_games(20);
    assert!(plies > 20 * 20, "{plies} plies");
}

#[test]
fn a_request_it_cannot_play_is_declined() {
    let rules = load_variant("english").unwrap();
    let follower = Follower { rules: &rules, limits: Limits::depth(1) };
    let mut out = Vec::new();
    serve(&follower, format!("{}\0", game_request('W')).as_bytes(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), format!("A{:<32}3\0", "polydame"));
}

/// How long a peer of these tests waits for an answer before the test fails: far more than
/// a game request takes (the follower does not search when it is Black).
const PATIENCE: Duration = Duration::from_secs(10);

/// What a follower on a port has noted, a sentence each.
type Notes = Arc<Mutex<Vec<String>>>;

/// A follower serving a free local port for ever (the thread ends with the test program),
/// within `bounds`: its address and what it notes.
fn follower_on_a_port(bounds: Bounds) -> (SocketAddr, Notes) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let notes = Notes::default();
    let heard = Arc::clone(&notes);
    std::thread::spawn(move || {
        let rules = load_variant("international").unwrap();
        let follower = Follower { rules: &rules, limits: Limits::depth(1) };
        listen(&follower, &listener, &bounds, false, &|text: &str| heard.lock().unwrap().push(text.to_string()));
    });
    (address, notes)
}

/// A connection to `address` whose reads give up after [`PATIENCE`].
fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
}

/// Sends a game request (the follower Black, so it answers at once) and returns the answer.
fn ask_for_a_game(stream: &TcpStream) -> std::io::Result<String> {
    (&*stream).write_all(format!("{}\0", game_request('Z')).as_bytes())?;
    let mut answer = Vec::new();
    BufReader::new(stream).read_until(0, &mut answer)?;
    Ok(String::from_utf8_lossy(&answer).trim_end_matches('\0').to_string())
}

/// Whether the follower has closed `stream`: its next read finds the end (or a reset), not
/// a message and not the patience running out.
fn closed(stream: &TcpStream) -> bool {
    let mut byte = [0; 1];
    match (&*stream).read(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
    }
}

/// Waits until `notes` has a sentence that contains `text`, for at most [`PATIENCE`].
fn noted(notes: &Notes, text: &str) -> bool {
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        if notes.lock().unwrap().iter().any(|n| n.contains(text)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    false
}

fn accepted() -> String {
    format!("A{:<32}0", "polydame")
}

#[test]
fn an_idle_peer_does_not_keep_the_next_initiator_waiting() {
    let (address, _) = follower_on_a_port(Bounds::default());
    // One peer connects and says nothing; another is halfway through a message.
    let silent = connect(address);
    let halfway = connect(address);
    (&halfway).write_all(b"R01tes").unwrap();
    let next = connect(address);
    assert_eq!(ask_for_a_game(&next).unwrap(), accepted());
    drop((silent, halfway));
}

#[test]
fn a_peer_that_keeps_the_follower_waiting_is_dropped() {
    let (address, notes) = follower_on_a_port(Bounds { idle: Duration::from_millis(200), ..Bounds::default() });
    let silent = connect(address);
    assert!(closed(&silent), "the silent peer is dropped after its timeout");
    assert!(noted(&notes, "kept the follower waiting 0.2 s"), "{:?}", notes.lock().unwrap());
    // And one that stops in the middle of a game.
    let player = connect(address);
    assert_eq!(ask_for_a_game(&player).unwrap(), accepted());
    assert!(closed(&player));
}

/// A stream of `len` bytes of `C` (a CHAT never ended), made as it is read and counting
/// what is read of it.
struct Endless {
    left: u64,
    read: Arc<AtomicU64>,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(usize::try_from(self.left).unwrap_or(usize::MAX));
        buf[..n].fill(b'C');
        self.left -= n as u64;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[test]
fn a_message_without_end_is_not_stored_and_ends_the_connection() {
    // In memory: a gigabyte with no NUL; the follower reads a buffer of it and stops.
    let rules = load_variant("international").unwrap();
    let follower = Follower { rules: &rules, limits: Limits::depth(1) };
    let read = Arc::new(AtomicU64::new(0));
    let gigabyte = Endless { left: 1 << 30, read: Arc::clone(&read) };
    let e = serve(&follower, gigabyte, std::io::sink()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidData);
    assert!(e.to_string().contains(&format!("longer than {MAX_MESSAGE} bytes")), "{e}");
    assert!(read.load(Ordering::Relaxed) <= 64 << 10, "{} bytes read", read.load(Ordering::Relaxed));

    // Over TCP: 64 MiB with no NUL; the follower drops the connection long before the end,
    // and answers the next initiator.
    let (address, notes) = follower_on_a_port(Bounds::default());
    let flood = connect(address);
    let sent = Arc::new(AtomicU64::new(0));
    let stream = Endless { left: 64 << 20, read: Arc::clone(&sent) };
    let copied = std::io::copy(&mut { stream }, &mut &flood);
    assert!(copied.is_err(), "all of the 64 MiB were taken");
    assert!(sent.load(Ordering::Relaxed) < 64 << 20);
    assert!(noted(&notes, &format!("sent a message longer than {MAX_MESSAGE} bytes")), "{:?}", notes.lock().unwrap());
    let next = connect(address);
    assert_eq!(ask_for_a_game(&next).unwrap(), accepted());
}

#[test]
fn connections_past_the_bound_are_told_so_and_closed() {
    let (address, notes) = follower_on_a_port(Bounds { connections: 2, ..Bounds::default() });
    let first = connect(address);
    let second = connect(address);
    for peer in [&first, &second] {
        assert_eq!(ask_for_a_game(peer).unwrap(), accepted());
    }
    let third = connect(address);
    let mut said = Vec::new();
    BufReader::new(&third).read_until(0, &mut said).unwrap();
    let said = String::from_utf8_lossy(&said);
    assert!(said.starts_with("Cpolydame is serving 2 connections"), "{said}");
    assert!(said.len() <= 128, "a DXP message has at most 127 characters: {said}");
    assert!(closed(&third));
    assert!(noted(&notes, "is refused: 2 connections are served already"));
    // Once one leaves, its seat is free again.
    drop(first);
    let start = Instant::now();
    loop {
        let next = connect(address);
        match ask_for_a_game(&next) {
            Ok(answer) if answer == accepted() => break,
            other => assert!(start.elapsed() < PATIENCE, "the seat is still taken: {other:?}"),
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(second);
}
