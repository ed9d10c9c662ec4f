//! The other players of `polydame match`: an engine process spoken to over the Hub
//! protocol, and a DXP follower this match is the initiator of.

use super::{Failure, invalid};
use polydame::{Rules, Side};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine has to answer the greeting (`hub` with `wait`, `init` with
/// `ready`): an engine that does not speak Hub (Scan started without `hub`) is given up.
pub const GREETING_TIME: Duration = Duration::from_secs(10);

/// Beyond its clock, how long an engine thinking on one may take to answer before it is
/// given up (its clock has run out by then, and the game is lost on time).
pub const CLOCK_GRACE: Duration = Duration::from_secs(5);

/// How long an opponent thinking to a depth (no clock) may take for one move before the
/// match stops with an error, unless `--move-limit` says otherwise.
pub const DEFAULT_MOVE_LIMIT_SECS: u64 = 600;

/// How long an engine thinks about a move: to a depth, or on a clock.
#[derive(Clone, Copy, Debug)]
pub enum Think {
    Depth(u32),
    /// The time left on its clock and the increment added after each move.
    Clock {
        left: Duration,
        inc: Duration,
    },
}

/// An engine process spoken to over Hub. Its lines are read by a thread of their own, so
/// that waiting for one keeps a time limit.
pub struct HubEngine {
    pub name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl HubEngine {
    /// Starts `command` (run by the shell) and greets it: `hub` until `wait`, `init` until
    /// `ready`, then the variant.
    pub fn start(command: &str, variant: &str) -> Result<HubEngine, Failure> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| invalid(format!("--engine {command}: cannot be started: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(invalid(format!("--engine {command}: no pipes to it")));
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = HubEngine { name: command.to_string(), child, input, lines };
        e.send("hub")?;
        for line in e.until("wait", Some(GREETING_TIME))? {
            if let Some(name) = line.strip_prefix("id ").and_then(|l| l.split("name=").nth(1)) {
                e.name = name.split_whitespace().next().unwrap_or(command).trim_matches('"').to_string();
            }
        }
        e.send("init")?;
        e.until("ready", Some(GREETING_TIME))?;
        e.send(&format!("set-param name=variant value={variant}"))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| invalid(format!("{}: cannot be written to: {e}", self.name)))
    }

    /// The lines up to the first starting with `word`, that one last, arriving `within`
    /// that time if given.
    fn until(&mut self, word: &str, within: Option<Duration>) -> Result<Vec<String>, Failure> {
        let deadline = within.map(|t| (Instant::now() + t, t));
        let mut lines = Vec::new();
        loop {
            let line = match deadline {
                Some((at, t)) => self.lines.recv_timeout(at.saturating_duration_since(Instant::now())).map_err(|e| match e {
                    RecvTimeoutError::Timeout if word == "done" => invalid(format!(
                        "{}: no move (`done`) within {} s (a smaller --depth, a --clock, or a larger --move-limit)",
                        self.name,
                        t.as_secs()
                    )),
                    RecvTimeoutError::Timeout => {
                        invalid(format!("{}: no `{word}` within {} s (is it a Hub engine, started in Hub mode?)", self.name, t.as_secs()))
                    }
                    RecvTimeoutError::Disconnected => invalid(format!("{}: stopped before `{word}`", self.name)),
                })?,
                None => self.lines.recv().map_err(|_| invalid(format!("{}: stopped before `{word}`", self.name)))?,
            };
            let line = line.trim().to_string();
            let last = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if last {
                return Ok(lines);
            }
        }
    }

    /// The engine's move after `moves` from the position `start` (Hub's strings: the
    /// engine sees the game's past, for its repetitions), searched as `think` says, within
    /// `move_limit` to a depth.
    pub fn best(&mut self, start: &str, moves: &str, think: Think, move_limit: Duration) -> Result<Option<String>, Failure> {
        self.send(&format!("pos pos={start} moves=\"{moves}\""))?;
        match think {
            Think::Depth(depth) => self.send(&format!("level depth={depth}"))?,
            Think::Clock { left, inc } => self.send(&format!("level time={:.3} inc={:.3}", left.as_secs_f64(), inc.as_secs_f64()))?,
        }
        self.send("go think")?;
        let within = match think {
            Think::Depth(_) => move_limit,
            Think::Clock { left, .. } => left + CLOCK_GRACE,
        };
        let within = Some(within);
        let lines = self.until("done", within)?;
        let done = lines.last().map(String::as_str).unwrap_or_default();
        Ok(done.split_whitespace().find_map(|w| w.strip_prefix("move=")).map(str::to_string))
    }
}

impl Drop for HubEngine {
    /// Asks the engine to quit, and stops it if it has not within a second.
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let end = Instant::now() + Duration::from_secs(1);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A DXP follower this match is the initiator of.
pub struct DxpPeer {
    pub address: String,
    reader: BufReader<std::net::TcpStream>,
    writer: std::net::TcpStream,
}

impl DxpPeer {
    pub fn connect(address: &str) -> Result<DxpPeer, Failure> {
        let fail = |e: std::io::Error| invalid(format!("--dxp {address}: {e}"));
        let writer = std::net::TcpStream::connect(address).map_err(fail)?;
        writer.set_nodelay(true).map_err(fail)?;
        let reader = BufReader::new(writer.try_clone().map_err(fail)?);
        Ok(DxpPeer { address: address.to_string(), reader, writer })
    }

    pub fn send(&mut self, m: &str) -> Result<(), Failure> {
        self.writer.write_all(format!("{m}\0").as_bytes()).map_err(|e| invalid(format!("{}: cannot be written to: {e}", self.address)))
    }

    /// The next message, arriving within `within` (each read waits that long at most).
    pub fn next(&mut self, within: Duration) -> Result<String, Failure> {
        let mut buf = Vec::new();
        let _ = self.reader.get_ref().set_read_timeout(Some(within));
        let n = self.reader.read_until(0, &mut buf).map_err(|e| match e.kind() {
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
                invalid(format!("{}: no message within {} s", self.address, within.as_secs()))
            }
            _ => invalid(format!("{}: cannot be read: {e}", self.address)),
        })?;
        if n == 0 {
            return Err(invalid(format!("{}: the follower closed the connection", self.address)));
        }
        Ok(String::from_utf8_lossy(&buf).trim_end_matches('\0').to_string())
    }

    /// Asks for a game from the position of `game`, the follower playing `side`.
    pub fn start(&mut self, rules: &Rules, game: &polydame::Game, side: Side, minutes: u32) -> Result<(), Failure> {
        let request = polydame_dxp::write_game_request(rules, "polydame", side, minutes, game.position())
            .map_err(|why| invalid(format!("DXP cannot say the positions of variant {}: it {why}", rules.id())))?;
        self.send(&request)?;
        // A GAMEEND left from the last game (the follower's answer to ours) comes first.
        let mut answer = self.next(GREETING_TIME)?;
        while answer.starts_with('E') {
            answer = self.next(GREETING_TIME)?;
        }
        if !answer.starts_with('A') || !answer.ends_with('0') {
            return Err(invalid(format!("{}: the game request was declined: `{answer}`", self.address)));
        }
        Ok(())
    }

    /// The follower's next move, arriving `within` that time, or `None` when it ends the
    /// game.
    pub fn their_move(&mut self, game: &polydame::Game, within: Duration) -> Result<Result<Option<polydame::MoveInfo>, String>, Failure> {
        loop {
            let m = self.next(within)?;
            match m.chars().next() {
                Some('M') => return Ok(polydame_dxp::read_move(game, &m).map(Some)),
                Some('E') => return Ok(Ok(None)),
                _ => {}
            }
        }
    }
}
