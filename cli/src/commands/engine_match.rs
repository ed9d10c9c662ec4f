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

/// Who plays a side: polydame's player, or an engine (its index).
#[derive(Clone, Copy)]
enum Seat {
    Polydame,
    Engine(usize),
}

/// Plays the match and writes its games (to `out_file`, or standard output); the score
/// on standard error.
pub fn run(rules: &Rules, args: &GameArgs, commands: &[String], hub_variant: &str, out_file: Option<&str>) -> Done {
    let squares = Squares::new(rules).map_err(invalid)?;
    let mut engines = commands.iter().map(|c| HubEngine::start(c, hub_variant)).collect::<Result<Vec<_>, _>>()?;
    let ballots = match &args.ballots {
        Some(path) => read_ballots(rules, path)?,
        None => Vec::new(),
    };
    let seats = if engines.len() == 1 { [Seat::Polydame, Seat::Engine(0)] } else { [Seat::Engine(0), Seat::Engine(1)] };
    let name = |s: Seat, engines: &[HubEngine]| match s {
        Seat::Polydame => format!("polydame depth {}", args.depth),
        Seat::Engine(i) => engines[i].name.clone(),
    };
    let mut pdn = String::new();
    let mut score = [0u32; 3];
    for i in 0..u64::from(args.games) {
        // Colours alternate: the first seat has White in even games.
        let (white, black) = if i % 2 == 0 { (seats[0], seats[1]) } else { (seats[1], seats[0]) };
        let mut game = opening(rules, args, &ballots, i)?;
        let player = Player::new(rules).with_seed(args.seed.wrapping_add(i));
        let mut termination = None;
        while game.outcome() == Outcome::Ongoing && game.moves().len() < args.max_plies as usize {
            let seat = if game.position().side_to_move() == Side::White { white } else { black };
            let mv = match seat {
                Seat::Polydame => {
                    let best =
                        player.best_in(game.position(), Limits::depth(args.depth), game.history()).map_err(|e| over_budget(rules, &e))?;
                    best.best
                }
                Seat::Engine(k) => {
                    let e = &mut engines[k];
                    let moves: Vec<String> = game.moves().map(|m| squares.write_move(m)).collect();
                    let text = e.best(&squares.write(game.start()), &moves.join(" "), args.depth)?;
                    let mut pos = game.position().clone();
                    match text.map(|t| squares.play(rules, &mut pos, &t)) {
                        Some(Ok(m)) => Some(m),
                        Some(Err(why)) => {
                            termination = Some(format!("{} lost by an illegal move: {why}", e.name));
                            break;
                        }
                        None => None,
                    }
                }
            };
            let Some(mv) = mv else { break };
            game.play_move(&mv).map_err(|e| invalid(format!("game {}: {e}", i + 1)))?;
        }
        let loser = termination.as_ref().map(|_| game.position().side_to_move());
        let result = match (loser, game.outcome()) {
            (Some(Side::White), _) | (None, Outcome::Win(Side::Black, _)) => "0-1",
            (Some(Side::Black), _) | (None, Outcome::Win(Side::White, _)) => "1-0",
            (None, Outcome::Draw(_)) => "1/2-1/2",
            (None, Outcome::Ongoing) => "*",
        };
        score[match result {
            "1-0" => 0,
            "0-1" => 1,
            _ => 2,
        }] += 1;
        let mut record = game.record();
        record.result = result.to_string();
        let why = termination.unwrap_or_else(|| match game.outcome() {
            Outcome::Ongoing => "unterminated: the match's limit of plies".to_string(),
            o => o.describe(rules),
        });
        record.tags = vec![
            ("Event".to_string(), format!("polydame match: {}", rules.spec().name)),
            ("Round".to_string(), (i + 1).to_string()),
            ("White".to_string(), name(white, &engines)),
            ("Black".to_string(), name(black, &engines)),
            ("Termination".to_string(), why),
        ];
        if i > 0 {
            pdn.push('\n');
        }
        pdn.push_str(&write_pdn(rules, &record));
    }
    match out_file {
        Some(path) => std::fs::write(path, &pdn).map_err(|e| invalid(format!("cannot write {path}: {e}")))?,
        None => print!("{pdn}"),
    }
    eprintln!("{} games: White wins {}, Black wins {}, draws or unfinished {}", args.games, score[0], score[1], score[2]);
    Ok(())
}
