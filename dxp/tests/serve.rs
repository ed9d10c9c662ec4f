//! The follower driven as an initiator drives it: over a TCP connection, game requests and
//! moves in DXP's fixed fields, each of its moves checked with the library.

use polydame::{Game, Limits, MoveInfo, Outcome, load_variant};
use polydame_dxp::{Follower, serve};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};

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
