//! polydame as a **DXP follower**: the DamExchange Protocol 1.0 (Harm Jetten's protocol for
//! matches between draughts programs over TCP, spoken by Kingsrow, Moby Dam, Scan and
//! pydraughts' DXP client), on any byte stream.
//!
//! Messages are ASCII, each ended by a NUL byte, their first character saying what they
//! are:
//!
//! | message | fields after the type |
//! |---|---|
//! | `R` GAMEREQ | version `01`, initiator's name (32), follower's colour (`W` white, `Z` black), minutes (3), moves (3), start (`A` the start position, `B` a position: colour to move, then 50 of `e` `w` `z` `W` `Z`) |
//! | `A` GAMEACC | follower's name (32), `0` accepted (`1` colour, `2` time, `3` position refused) |
//! | `M` MOVE | seconds used (4), from (2), to (2), pieces taken (2), each taken square (2) |
//! | `E` GAMEEND | reason (`0` unknown, `1` I lose, `2` draw, `3` I win), `0` go on / `1` stop |
//! | `C` CHAT | text |
//! | `B` BACKREQ / `K` BACKACC | move number (3), colour / `1` not supported |
//!
//! The follower accepts every game request of a variant whose squares are numbered 1 to
//! 50 (International draughts and its kin), plays its colour with the generic player, and
//! ends the game with GAMEEND when it is over on the board.
//!
//! [`serve`] answers one initiator on any byte stream; [`listen`] serves the initiators
//! that connect to a TCP port, several at once. A message is at most [`MAX_MESSAGE`] bytes
//! long (a longer one ends the connection, and is not stored); on a port, a peer may keep
//! the follower waiting at most [`IDLE_TIMEOUT`], and at most [`MAX_CONNECTIONS`] are
//! served at once.

mod listen;
mod message;

pub use listen::{Bounds, IDLE_TIMEOUT, MAX_CONNECTIONS, listen};
pub use message::MAX_MESSAGE;
use message::read_message;
use polydame::notation::{Found, Letters, Squares, SquaresRefusal};
use polydame::player::Memory;
use polydame::{Game, Limits, MoveInfo, MoveList, Outcome, Player, Routes, Rules, Side};
use std::io::{BufReader, Read, Write};

/// The follower's name in GAMEACC.
pub const NAME: &str = "polydame";

/// What the follower plays with: the variant, and how deep the player searches.
pub struct Follower<'r> {
    pub rules: &'r Rules,
    pub limits: Limits,
}

/// A game in progress: the board, the follower's colour and its clock.
struct Table<'r> {
    game: Game<'r>,
    ours: Side,
    clock: Option<Clock>,
    /// The game's transposition table, kept from one move's search to the next.
    memory: Memory,
}

/// The follower's clock, as the game request sets it: `minutes` for `moves` moves (for
/// the whole game when `moves` is 0), then as much again for as many.
struct Clock {
    left: std::time::Duration,
    period: std::time::Duration,
    moves: u32,
    played: u32,
}

impl Clock {
    /// The clock of a GAMEREQ: minutes at 36..39, moves at 39..42; none for 0 minutes.
    fn of_request(chars: &[char]) -> Option<Clock> {
        let number = |r: std::ops::Range<usize>| chars.get(r)?.iter().collect::<String>().parse::<u32>().ok();
        let minutes = number(36..39).filter(|&m| m > 0)?;
        let period = std::time::Duration::from_secs(u64::from(minutes) * 60);
        Some(Clock { left: period, period, moves: number(39..42).unwrap_or(0), played: 0 })
    }

    /// The search's limits for the next move: the clock's share, no deeper than `limits`.
    fn limits(&self, limits: &Limits) -> Limits {
        let to_go = (self.moves > 0).then(|| self.moves - self.played % self.moves);
        Limits { depth: limits.depth, ..Limits::clock(self.left, std::time::Duration::ZERO, to_go) }
    }

    /// A move that took `used` was played.
    fn spent(&mut self, used: std::time::Duration) {
        self.left = self.left.saturating_sub(used);
        self.played += 1;
        if self.moves > 0 && self.played.is_multiple_of(self.moves) {
            self.left += self.period;
        }
    }
}

/// Reads messages from `input` and answers on `output` until the initiator stops (a
/// GAMEEND asking to stop) or the stream ends. An error when the stream fails (a read or
/// write timeout of a socket included), or of kind
/// [`InvalidData`](std::io::ErrorKind::InvalidData) when a message passes
/// [`MAX_MESSAGE`] bytes: then no more of it is read.
pub fn serve(follower: &Follower, input: impl Read, mut output: impl Write) -> std::io::Result<()> {
    let mut input = BufReader::new(input);
    let mut table: Option<Table> = None;
    let mut buf = Vec::new();
    loop {
        if !read_message(&mut input, &mut buf)? {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&buf);
        let message = text.trim_start_matches(['\r', '\n']);
        // One write a message, its NUL with it (a socket sends it as one segment).
        let mut send = |mut m: String| -> std::io::Result<()> {
            m.push('\0');
            output.write_all(m.as_bytes())?;
            output.flush()
        };
        match message.chars().next() {
            Some('R') => match game_request(follower.rules, message) {
                Ok(t) => {
                    send(format!("A{NAME:<32}0"))?;
                    table = Some(t);
                    if let Some(t) = table.as_mut() {
                        reply(follower, t, &mut send)?;
                    }
                }
                Err(code) => send(format!("A{NAME:<32}{code}"))?,
            },
            Some('M') => match table.as_mut() {
                Some(t) => match their_move(t, message) {
                    Ok(()) => reply(follower, t, &mut send)?,
                    // A move that is not legal here ends the game: the other program is
                    // out of step with the board.
                    Err(_) => {
                        send("E01".to_string())?;
                        table = None;
                    }
                },
                None => send("E01".to_string())?,
            },
            Some('E') => {
                send(format!("E{}0", end_reason(table.as_ref())))?;
                table = None;
                if message.as_bytes().get(2) == Some(&b'1') {
                    return Ok(());
                }
            }
            Some('B') => send("K1".to_string())?,
            _ => {}
        }
    }
}

/// The game a GAMEREQ asks for, or the GAMEACC refusal code: `1` for a colour that is not
/// `W` or `Z`, `3` for a position that cannot be read, or a variant whose positions DXP
/// cannot say: not on 50 squares, or not square by square, men and kings alone (the
/// library's [`Squares`] refusals, which Hub has too).
fn game_request<'r>(rules: &'r Rules, m: &str) -> Result<Table<'r>, char> {
    let squares = Squares::new(rules).map_err(|_| '3')?;
    if squares.len() != 50 {
        return Err('3');
    }
    let chars: Vec<char> = m.chars().collect();
    let ours = match chars.get(35) {
        Some('W') => Side::White,
        Some('Z') => Side::Black,
        _ => return Err('1'),
    };
    let game = match chars.get(42) {
        Some('B') => {
            let board: String = chars.get(43..94).ok_or('3')?.iter().collect();
            Game::from_position(rules, squares.read(rules, &board, Letters::DXP).map_err(|_| '3')?)
        }
        _ => Game::new(rules),
    };
    Ok(Table { game, ours, clock: Clock::of_request(&chars), memory: Memory::new() })
}

/// Plays the initiator's MOVE.
fn their_move(t: &mut Table, m: &str) -> Result<(), String> {
    let mv = read_move(&t.game, m)?;
    t.game.play_move(&mv).map_err(|e| e.to_string())
}

/// The legal move of `game` a MOVE message names: its origin, destination and taken
/// squares.
pub fn read_move(game: &Game, m: &str) -> Result<MoveInfo, String> {
    let num = |at: usize, len: usize| m.get(at..at + len).map(str::trim).filter(|s| !s.is_empty());
    let (from, to, n) = (num(5, 2).ok_or("from")?, num(7, 2).ok_or("to")?, num(9, 2).ok_or("count")?);
    let n: usize = n.parse().map_err(|_| "count")?;
    let rules = game.rules();
    let squares = Squares::new(rules).map_err(|e| e.to_string())?;
    let cell = |name: &str| squares.cell(name.trim_start_matches('0')).ok_or_else(|| format!("{m}: there is no square {name}"));
    let taken: Vec<u16> = (0..n).map(|i| num(11 + 2 * i, 2).ok_or_else(|| "taken".to_string()).and_then(cell)).collect::<Result<_, _>>()?;
    let (from, to) = (cell(from)?, cell(to)?);
    let mut list = MoveList::new();
    game.position().clone().try_generate(rules, &mut list, Routes::Distinct).map_err(|e| e.to_string())?;
    match Squares::find(&list, from, to, Some(&taken)) {
        Found::One(i) => Ok(list.info(i)),
        Found::None | Found::Several(_) => Err(format!("{m}: {}-{} is not legal here", squares.number(from), squares.number(to))),
    }
}

/// A GAMEREQ from `initiator`: the follower plays `follower`, from `pos`, with `minutes`
/// on its clock for the game (at most 999); an error if DXP cannot say the variant's
/// positions.
pub fn write_game_request(
    rules: &Rules,
    initiator: &str,
    follower: Side,
    minutes: u32,
    pos: &polydame::Position,
) -> Result<String, SquaresRefusal> {
    let side = if follower == Side::White { 'W' } else { 'Z' };
    let board = Squares::new(rules)?.write(pos, Letters::DXP);
    Ok(format!("R01{initiator:<32.32}{side}{:03}000B{board}", minutes.min(999)))
}

/// The follower's move when it is to move and the game goes on; GAMEEND when it is over.
fn reply(f: &Follower, t: &mut Table, send: &mut impl FnMut(String) -> std::io::Result<()>) -> std::io::Result<()> {
    if t.game.outcome() != Outcome::Ongoing {
        return send(format!("E{}0", end_reason(Some(t))));
    }
    if t.game.position().side_to_move() != t.ours {
        return Ok(());
    }
    let start = std::time::Instant::now();
    let limits = t.clock.as_ref().map_or_else(|| f.limits.clone(), |c| c.limits(&f.limits));
    let best = Player::new(f.rules).with_memory(t.memory.clone()).best_in(t.game.position(), limits, t.game.history());
    if let Some(c) = t.clock.as_mut() {
        c.spent(start.elapsed());
    }
    let Some(m) = best.ok().and_then(|b| b.best) else { return send(format!("E{}0", end_reason(Some(t)))) };
    let text = move_message(f.rules, &m, start.elapsed().as_secs());
    if t.game.play_move(&m).is_err() {
        return send("E00".to_string());
    }
    send(text)?;
    if t.game.outcome() != Outcome::Ongoing {
        return send(format!("E{}0", end_reason(Some(t))));
    }
    Ok(())
}

/// A MOVE message: seconds used, from, to, how many taken and each taken square (by the
/// square numbers DXP speaks, as [`Squares`] gives them).
pub fn move_message(rules: &Rules, m: &MoveInfo, secs: u64) -> String {
    let squares = Squares::new(rules).ok();
    let sq = |c: u16| format!("{:0>2}", squares.as_ref().map_or_else(|| rules.cell_name(c), |s| s.number(c)));
    let mut text = format!("M{:04}{}{}{:02}", secs.min(9999), sq(m.from), sq(m.to), m.captured.len());
    for &c in &m.captured {
        text.push_str(&sq(c));
    }
    text
}

/// GAMEEND's reason from the follower's side: `3` it has won, `1` it has lost, `2` a
/// draw, `0` the game goes on (or there is none).
fn end_reason(t: Option<&Table>) -> char {
    match t.map(|t| (t.game.outcome(), t.ours)) {
        Some((Outcome::Win(w, _), ours)) if w == ours => '3',
        Some((Outcome::Win(..), _)) => '1',
        Some((Outcome::Draw(_), _)) => '2',
        _ => '0',
    }
}
