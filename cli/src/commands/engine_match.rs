//! `polydame match --engine "CMD"`: games against another engine over the Hub protocol
//! (polydame's player against it, or two engines against each other), from the match's
//! openings, colours alternating, each game judged by the variant's own rules (a move the
//! engine gives that is not legal loses), the games written as PDN.

use super::selfplay::{GameArgs, opening, read_ballots};
use super::{Done, Failure, invalid, over_budget};
use polydame::pdn::write_pdn;
use polydame::{Limits, Outcome, Player, Rules, Side};
use polydame_hub::Squares;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// An engine process spoken to over Hub.
struct HubEngine {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl HubEngine {
    /// Starts `command` (run by the shell) and greets it: `hub` until `wait`, `init` until
    /// `ready`, then the variant.
    fn start(command: &str, variant: &str) -> Result<HubEngine, Failure> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| invalid(format!("--engine {command}: cannot be started: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(invalid(format!("--engine {command}: no pipes to it")));
        };
        let mut e = HubEngine { name: command.to_string(), child, input, output: BufReader::new(output) };
        e.send("hub")?;
        for line in e.until("wait")? {
            if let Some(name) = line.strip_prefix("id ").and_then(|l| l.split("name=").nth(1)) {
                e.name = name.split_whitespace().next().unwrap_or(command).trim_matches('"').to_string();
            }
        }
        e.send("init")?;
        e.until("ready")?;
        e.send(&format!("set-param name=variant value={variant}"))?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| invalid(format!("{}: cannot be written to: {e}", self.name)))
    }

    /// The lines up to the first starting with `word`, that one last.
    fn until(&mut self, word: &str) -> Result<Vec<String>, Failure> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).map_err(|e| invalid(format!("{}: cannot be read: {e}", self.name)))?;
            if n == 0 {
                return Err(invalid(format!("{}: stopped before `{word}`", self.name)));
            }
            let line = line.trim().to_string();
            let last = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if last {
                return Ok(lines);
            }
        }
    }

    /// The engine's move after `moves` from the position `start` (Hub's strings: the
    /// engine sees the game's past, for its repetitions), searched to `depth`.
    fn best(&mut self, start: &str, moves: &str, depth: u32) -> Result<Option<String>, Failure> {
        self.send(&format!("pos pos={start} moves=\"{moves}\""))?;
        self.send(&format!("level depth={depth}"))?;
        self.send("go think")?;
        let lines = self.until("done")?;
        let done = lines.last().map(String::as_str).unwrap_or_default();
        Ok(done.split_whitespace().find_map(|w| w.strip_prefix("move=")).map(str::to_string))
    }
}

impl Drop for HubEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// A DXP follower this match is the initiator of.
struct DxpPeer {
    address: String,
    reader: BufReader<std::net::TcpStream>,
    writer: std::net::TcpStream,
}

impl DxpPeer {
    fn connect(address: &str) -> Result<DxpPeer, Failure> {
        let fail = |e: std::io::Error| invalid(format!("--dxp {address}: {e}"));
        let writer = std::net::TcpStream::connect(address).map_err(fail)?;
        writer.set_nodelay(true).map_err(fail)?;
        let reader = BufReader::new(writer.try_clone().map_err(fail)?);
        Ok(DxpPeer { address: address.to_string(), reader, writer })
    }

    fn send(&mut self, m: &str) -> Result<(), Failure> {
        self.writer.write_all(format!("{m}\0").as_bytes()).map_err(|e| invalid(format!("{}: cannot be written to: {e}", self.address)))
    }

    fn next(&mut self) -> Result<String, Failure> {
        let mut buf = Vec::new();
        let n = self.reader.read_until(0, &mut buf).map_err(|e| invalid(format!("{}: cannot be read: {e}", self.address)))?;
        if n == 0 {
            return Err(invalid(format!("{}: the follower closed the connection", self.address)));
        }
        Ok(String::from_utf8_lossy(&buf).trim_end_matches('\0').to_string())
    }

    /// Asks for a game from the position of `game`, the follower playing `side`.
    fn start(&mut self, rules: &Rules, game: &polydame::Game, side: Side) -> Result<(), Failure> {
        self.send(&polydame_dxp::write_game_request(rules, "polydame", side, game.position()))?;
        // A GAMEEND left from the last game (the follower's answer to ours) comes first.
        let mut answer = self.next()?;
        while answer.starts_with('E') {
            answer = self.next()?;
        }
        if !answer.starts_with('A') || !answer.ends_with('0') {
            return Err(invalid(format!("{}: the game request was declined: `{answer}`", self.address)));
        }
        Ok(())
    }

    /// The follower's next move, or `None` when it ends the game.
    fn their_move(&mut self, game: &polydame::Game) -> Result<Result<Option<polydame::MoveInfo>, String>, Failure> {
        loop {
            let m = self.next()?;
            match m.chars().next() {
                Some('M') => return Ok(polydame_dxp::read_move(game, &m).map(Some)),
                Some('E') => return Ok(Ok(None)),
                _ => {}
            }
        }
    }
}

/// Who plays a side: polydame's player, or an engine (its index).
#[derive(Clone, Copy, PartialEq)]
enum Seat {
    Polydame,
    Engine(usize),
    Dxp,
}

/// The players of a match: Hub engines, a DXP follower, polydame's player.
struct Players<'r> {
    rules: &'r Rules,
    squares: Squares,
    engines: Vec<HubEngine>,
    dxp: Option<DxpPeer>,
    depth: u32,
}

impl Players<'_> {
    fn name(&self, s: Seat) -> String {
        match s {
            Seat::Polydame => format!("polydame depth {}", self.depth),
            Seat::Engine(i) => self.engines[i].name.clone(),
            Seat::Dxp => format!("DXP follower at {}", self.dxp.as_ref().map_or("", |d| d.address.as_str())),
        }
    }

    /// Plays `game` on to its end (or `max_plies`), `white` and `black` moving; why it ended
    /// when a player lost it by an illegal move or a DXP follower ended it.
    fn play(
        &mut self,
        game: &mut polydame::Game,
        [white, black]: [Seat; 2],
        player: &Player,
        max_plies: usize,
    ) -> Result<Option<String>, Failure> {
        let rules = self.rules;
        if let Some(d) = self.dxp.as_mut() {
            d.start(rules, game, if white == Seat::Dxp { Side::White } else { Side::Black })?;
        }
        let mut why = None;
        while game.outcome() == Outcome::Ongoing && game.moves().len() < max_plies {
            let seat = if game.position().side_to_move() == Side::White { white } else { black };
            let mv = match seat {
                Seat::Polydame => {
                    player.best_in(game.position(), Limits::depth(self.depth), game.history()).map_err(|e| over_budget(rules, &e))?.best
                }
                Seat::Engine(k) => {
                    let moves: Vec<String> = game.moves().map(|m| self.squares.write_move(m)).collect();
                    let e = &mut self.engines[k];
                    let text = e.best(&self.squares.write(game.start()), &moves.join(" "), self.depth)?;
                    let mut pos = game.position().clone();
                    match text.map(|t| self.squares.play(rules, &mut pos, &t)).transpose() {
                        Ok(m) => m,
                        Err(e) => {
                            why = Some(format!("{} lost by an illegal move: {e}", self.name(seat)));
                            break;
                        }
                    }
                }
                Seat::Dxp => match self.dxp.as_mut().map(|d| d.their_move(game)).transpose()?.unwrap_or(Ok(None)) {
                    Ok(Some(m)) => Some(m),
                    Ok(None) => {
                        why = Some("the DXP follower ended the game".to_string());
                        break;
                    }
                    Err(e) => {
                        why = Some(format!("{} lost by an illegal move: {e}", self.name(seat)));
                        break;
                    }
                },
            };
            let Some(mv) = mv else { break };
            game.play_move(&mv).map_err(|e| invalid(e.to_string()))?;
            if let (Some(d), true) = (self.dxp.as_mut(), seat != Seat::Dxp) {
                d.send(&polydame_dxp::move_message(rules, &mv, 0))?;
            }
        }
        if let Some(d) = self.dxp.as_mut() {
            d.send("E00")?;
            // The follower's own GAMEEND (it may have sent one already, at the board's end).
            while d.next().is_ok_and(|m| !m.starts_with('E')) {}
        }
        Ok(why)
    }
}

/// Plays the match and writes its games (to `out_file`, or standard output); the score
/// on standard error. The players: polydame against the engine of `commands`, the two
/// engines of `commands` against each other, or polydame against the DXP follower at
/// `dxp`.
pub fn run(rules: &Rules, args: &GameArgs, commands: &[String], dxp: Option<&str>, hub_variant: &str, out_file: Option<&str>) -> Done {
    let engines = commands.iter().map(|c| HubEngine::start(c, hub_variant)).collect::<Result<Vec<_>, _>>()?;
    let dxp = dxp.map(DxpPeer::connect).transpose()?;
    let seats = match (engines.len(), &dxp) {
        (0, Some(_)) => [Seat::Polydame, Seat::Dxp],
        (1, None) => [Seat::Polydame, Seat::Engine(0)],
        _ => [Seat::Engine(0), Seat::Engine(1)],
    };
    let mut players = Players { rules, squares: Squares::new(rules).map_err(invalid)?, engines, dxp, depth: args.depth };
    let ballots = match &args.ballots {
        Some(path) => read_ballots(rules, path)?,
        None => Vec::new(),
    };
    let mut pdn = String::new();
    let mut score = [0u32; 3];
    for i in 0..u64::from(args.games) {
        // Colours alternate: the first seat has White in even games.
        let (white, black) = if i % 2 == 0 { (seats[0], seats[1]) } else { (seats[1], seats[0]) };
        let mut game = opening(rules, args, &ballots, i)?;
        let player = Player::new(rules).with_seed(args.seed.wrapping_add(i));
        let termination = players.play(&mut game, [white, black], &player, args.max_plies as usize)?;
        let loser = termination.as_ref().filter(|t| t.contains("illegal move")).map(|_| game.position().side_to_move());
        let result = match (loser, game.outcome()) {
            (Some(Side::White), _) | (None, Outcome::Win(Side::Black, _)) => "0-1",
            (Some(Side::Black), _) | (None, Outcome::Win(Side::White, _)) => "1-0",
            (None, Outcome::Draw(_)) => "1/2-1/2",
            (None, Outcome::Ongoing) => "*",
        };
        score[["1-0", "0-1"].iter().position(|r| *r == result).unwrap_or(2)] += 1;
        let mut record = game.record();
        record.result = result.to_string();
        let why = termination.unwrap_or_else(|| match game.outcome() {
            Outcome::Ongoing => "unterminated: the match's limit of plies".to_string(),
            o => o.describe(rules),
        });
        record.tags = vec![
            ("Event".to_string(), format!("polydame match: {}", rules.spec().name)),
            ("Round".to_string(), (i + 1).to_string()),
            ("White".to_string(), players.name(white)),
            ("Black".to_string(), players.name(black)),
            ("Termination".to_string(), why),
        ];
        if i > 0 {
            pdn.push('\n');
        }
        pdn.push_str(&write_pdn(rules, &record));
    }
    if let Some(d) = players.dxp.as_mut() {
        // The match is over: the follower may close the connection.
        d.send("E01")?;
    }
    match out_file {
        Some(path) => std::fs::write(path, &pdn).map_err(|e| invalid(format!("cannot write {path}: {e}")))?,
        None => print!("{pdn}"),
    }
    eprintln!("{} games: White wins {}, Black wins {}, draws or unfinished {}", args.games, score[0], score[1], score[2]);
    Ok(())
}
