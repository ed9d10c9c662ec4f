//! The player's loop of `polydame play` without moves: each line of input is a move in
//! the variant's notation or a command (`undo`, `moves`, `board`, `fen`, `pdn`, `help`,
//! `quit`). At a terminal it talks: a prompt naming the side to move, the board after each
//! move, the end of the game announced. Piped, it is quiet for scripts: a move played
//! prints nothing, a refused line prints one line on standard error (`ply N `TEXT`:
//! reason`), and only the commands that ask for something print it. Against the engine
//! (`--engine`, see [`super::play_engine`]) its reply follows each move: at a terminal
//! named and shown on the board, piped on a line of its own.

use super::play_engine::{self, Engine};
use super::{Failure, Out, keyed_board, say_moves};
use polydame::{Game, MoveError, Outcome};
use std::fmt::Display;
use std::io::{BufRead, Write};

/// How the loop talks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A player at a terminal: a prompt, the board after each move, the end announced.
    Talk,
    /// A script: no prompt, nothing printed for a move played or taken back.
    Quiet,
}

/// What a line of input asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line<'a> {
    /// A blank line: nothing.
    Blank,
    /// A move's text (or anything else that is no command: the game says why it is no move).
    Move(&'a str),
    Undo,
    Moves,
    Board,
    Fen,
    Pdn,
    Help,
    Quit,
}

impl Line<'_> {
    /// Reads a line: a command in any case, or else a move.
    fn read(line: &str) -> Line<'_> {
        let t = line.trim();
        match t.to_ascii_lowercase().as_str() {
            "" => Line::Blank,
            "undo" => Line::Undo,
            "moves" => Line::Moves,
            "board" => Line::Board,
            "fen" => Line::Fen,
            "pdn" => Line::Pdn,
            "help" | "?" => Line::Help,
            "quit" | "exit" => Line::Quit,
            _ => Line::Move(t),
        }
    }
}

/// The commands and what they do, for `help`.
const COMMANDS: [(&str, &str); 7] = [
    ("moves", "the legal moves"),
    ("undo", "take back the last move"),
    ("board", "the board, and who is to move"),
    ("fen", "the position as FEN"),
    ("pdn", "the game so far as PDN"),
    ("help", "this list"),
    ("quit", "the end (also exit, or the end of input)"),
];

/// Plays `game` on from the lines of `input` until `quit` or the end of input, with
/// `engine` answering the person's moves (and moving first when it is to move); returns
/// how many lines were read and how many of them refused (moves that cannot be played,
/// `undo` at the start), or the engine's failure, which ends the loop.
pub fn run<'r>(
    game: &mut Game<'r>,
    mut input: impl BufRead,
    mode: Mode,
    engine: Option<&Engine<'r>>,
    out: &mut Out,
) -> Result<(usize, usize), Failure> {
    let mut session = Session { game, engine, mode, refused: 0 };
    if mode == Mode::Talk {
        session.greet(out);
    }
    session.answer(out)?;
    let mut buf = Vec::new();
    let mut read = 0;
    loop {
        session.prompt(out);
        let Some(line) = next_line(&mut input, &mut buf) else {
            if mode == Mode::Talk {
                out.say(""); // the end of input (Ctrl-D) leaves the prompt's line
            }
            break;
        };
        read += 1;
        if session.handle(&line, out)? == Flow::Stop {
            break;
        }
    }
    Ok((read, session.refused))
}

/// The next line of input, without its end of line; a tab becomes a space, bytes that are
/// not UTF-8 and other control characters U+FFFD (so a refusal never writes them back to a
/// terminal). None at the end of input or when it cannot be read.
fn next_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Option<String> {
    buf.clear();
    match input.read_until(b'\n', buf) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            let text = String::from_utf8_lossy(buf);
            let text = text.trim_end_matches(['\n', '\r']);
            let clean = |c: char| match c {
                '\t' => ' ',
                c if c.is_control() => char::REPLACEMENT_CHARACTER,
                c => c,
            };
            Some(text.chars().map(clean).collect())
        }
    }
}

/// The moves of a line read as PDN movetext, each as written; none when the line is no
/// movetext (something in it is not read as PDN): then it is taken as one move.
fn pasted_moves(line: &str) -> Vec<String> {
    let game = polydame::pdn::parse_game(&polydame::pdn::GameText { text: line.to_string(), line: 1, ..Default::default() });
    if !game.oddities.is_empty() || game.gap.is_some() || !game.setups.is_empty() {
        return Vec::new();
    }
    game.moves.iter().map(|m| m.text.clone()).collect()
}

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// The game being played, the engine playing one side of it, how the loop talks, and the
/// lines refused so far.
struct Session<'g, 'r> {
    game: &'g mut Game<'r>,
    engine: Option<&'g Engine<'r>>,
    mode: Mode,
    refused: usize,
}

impl<'r> Session<'_, 'r> {
    /// Does what a line asks; an error when the engine cannot answer.
    fn handle(&mut self, line: &str, out: &mut Out) -> Result<Flow, Failure> {
        let rules = self.game.rules();
        match Line::read(line) {
            Line::Blank => {}
            Line::Move(text) => self.play_line(text, out)?,
            Line::Undo => self.undo(out),
            Line::Moves => match self.game.legal_moves() {
                Ok(legal) => {
                    out.say(format!("legal moves ({}):", legal.len()));
                    say_moves(out, rules, &legal);
                }
                Err(e) => eprintln!("{e}"),
            },
            Line::Board => self.show(out),
            Line::Fen => out.say(self.game.fen()),
            Line::Pdn => out.say(polydame::pdn::write_pdn(rules, &play_engine::record(self.game, self.engine)).trim_end()),
            Line::Help => self.help(out),
            Line::Quit => return Ok(Flow::Stop),
        }
        Ok(Flow::Go)
    }

    /// Plays the moves of a line as they are pasted (`1. 32-28 19-23 2. 28x19`, a whole PDN
    /// movetext: move numbers, comments and results are passed over) up to the first that
    /// cannot be played; a line of one move is that move.
    fn play_line(&mut self, text: &str, out: &mut Out) -> Result<(), Failure> {
        let moves = pasted_moves(text);
        if moves.len() < 2 && moves.first().is_none_or(|m| m == text) {
            return self.play(text, out);
        }
        for (i, m) in moves.iter().enumerate() {
            let before = self.refused;
            self.play(m, out)?;
            if self.refused > before {
                if i + 1 < moves.len() {
                    eprintln!(
                        "the {} move{} after it {} not played",
                        moves.len() - i - 1,
                        if i + 2 == moves.len() { "" } else { "s" },
                        if i + 2 == moves.len() { "is" } else { "are" }
                    );
                }
                break;
            }
        }
        Ok(())
    }

    /// Plays a move, or says why it cannot be played; then the engine's reply.
    fn play(&mut self, text: &str, out: &mut Out) -> Result<(), Failure> {
        let side = self.game.position().side_to_move();
        match self.game.play(text) {
            Err(e) => {
                let hint = if self.mode == Mode::Talk && matches!(e, MoveError::Syntax { .. }) { " (help lists the commands)" } else { "" };
                self.refuse(text, format_args!("{e}{hint}"));
                return Ok(());
            }
            Ok(m) if self.mode == Mode::Talk => {
                out.say(format!("\n{} played {}", side.name(), polydame::notation::full_path(self.game.rules(), &m)));
                if !self.engine.is_some_and(|e| e.to_move(self.game)) {
                    self.show_moved(out); // else the board after the engine's reply
                }
            }
            Ok(_) => {}
        }
        self.answer(out)
    }

    /// The engine's move when it is to move: at a terminal named and shown, piped its text
    /// on a line.
    fn answer(&mut self, out: &mut Out) -> Result<(), Failure> {
        let Some(engine) = self.engine else { return Ok(()) };
        match engine.reply(self.game)? {
            Some(text) if self.mode == Mode::Talk => {
                out.say(format!("\npolydame plays {text}"));
                self.show_moved(out);
            }
            Some(text) => out.say(text),
            None => {}
        }
        Ok(())
    }

    /// The board after a move, and at the end of the game what the player may do.
    fn show_moved(&self, out: &mut Out) {
        self.show(out);
        if self.game.outcome() != Outcome::Ongoing {
            let last = if self.engine.is_some() { "your last move" } else { "the last move" };
            out.say(format!("(undo takes {last} back, pdn prints the game, quit ends)"));
        }
    }

    /// Takes back the last move; against the engine, the person's last move and the
    /// engine's reply.
    fn undo(&mut self, out: &mut Out) {
        if let Some(engine) = self.engine {
            return self.undo_both(engine, out);
        }
        match self.game.undo() {
            None => self.refuse("undo", "no move to take back"),
            Some(m) if self.mode == Mode::Talk => {
                out.say(format!("\ntook back {}", self.game.move_text(&m)));
                self.show(out);
            }
            Some(_) => {}
        }
    }

    /// Takes back moves until the person is to move, at least one of theirs.
    fn undo_both(&mut self, engine: &Engine<'r>, out: &mut Out) {
        match engine.undo(self.game) {
            None => self.refuse("undo", "no move of yours to take back"),
            Some(taken) if self.mode == Mode::Talk => {
                let rules = self.game.rules();
                let texts: Vec<String> = taken.iter().rev().map(|m| polydame::notation::full_path(rules, m)).collect();
                out.say(format!("\ntook back {}", texts.join(" ")));
                self.show(out);
            }
            Some(_) => {}
        }
    }

    /// Says on standard error why a line was refused, and counts it.
    fn refuse(&mut self, text: &str, reason: impl Display) {
        self.refused += 1;
        eprintln!("ply {} `{text}`: {reason}", self.game.moves().len() + 1);
    }

    /// The board, then who is to move and how the game stands.
    fn show(&self, out: &mut Out) {
        let (pos, rules) = (self.game.position(), self.game.rules());
        out.say(keyed_board(rules, pos).trim_end());
        match self.game.outcome() {
            Outcome::Ongoing => out.say(format!("{} to move; {}", pos.side_to_move().name(), Outcome::Ongoing.describe(rules))),
            o => out.say(format!("the game is over: {}", o.describe(rules))),
        }
    }

    /// What a line may be: a move, with one of the legal moves for an example, or a command.
    fn help(&self, out: &mut Out) {
        let legal = self.game.legal_moves().unwrap_or_default();
        let example = match legal.first() {
            Some(m) => format!(" (e.g. {})", polydame::notation::move_text(self.game.rules(), m, &legal)),
            None => String::new(),
        };
        out.say(format!("a move in the variant's notation{example}, or a command:"));
        for (command, what) in COMMANDS {
            let what = if command == "undo" && self.engine.is_some() { "take back your last move and the reply" } else { what };
            out.say(format!("  {command:<7} {what}"));
        }
    }

    /// The variant's name, the players, how to go on, and the board.
    fn greet(&self, out: &mut Out) {
        out.say(format!("{}: type a move, or help for the commands", self.game.rules().spec().name));
        if let Some(e) = self.engine {
            out.say(format!("you play {}, {} plays {}", e.side().other().name(), e.name(), e.side().name()));
        }
        self.show(out);
    }

    /// At a terminal, the prompt: the side to move, or that the game is over.
    fn prompt(&self, out: &mut Out) {
        if self.mode == Mode::Quiet {
            return;
        }
        let who = match self.game.outcome() {
            Outcome::Ongoing => self.game.position().side_to_move().name().to_lowercase(),
            _ => "game over".to_string(),
        };
        let _ = write!(out.0, "{who}> ");
        let _ = out.0.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `input` quietly in a game of `variant` (moves, undo and refused lines print
    /// nothing on standard output); returns the lines refused and the game's FEN and plies.
    fn quiet(variant: &str, input: &[u8]) -> (usize, String, usize) {
        let rules = polydame::load_variant(variant).unwrap();
        let mut game = Game::new(&rules);
        let (_, refused) = run(&mut game, input, Mode::Quiet, None, &mut Out::new()).unwrap_or_default();
        let plies = game.moves().len();
        (refused, game.fen(), plies)
    }

    #[test]
    fn commands_in_any_case_and_moves_otherwise() {
        assert_eq!(Line::read("  UNDO \r"), Line::Undo);
        assert_eq!(Line::read("Exit"), Line::Quit);
        assert_eq!(Line::read("?"), Line::Help);
        assert_eq!(Line::read(" \t"), Line::Blank);
        assert_eq!(Line::read(" 32-28 "), Line::Move("32-28"));
        assert_eq!(Line::read("undo it"), Line::Move("undo it"));
    }

    #[test]
    fn a_refused_move_is_counted_and_the_game_goes_on() {
        let (refused, fen, plies) = quiet("international", b"32-28\n19-23\n31-26\n28x19\n");
        assert_eq!((refused, plies), (1, 3));
        assert!(fen.starts_with("B:W19,31,"), "{fen}");
    }

    #[test]
    fn undo_takes_back_and_is_refused_at_the_start() {
        let (refused, fen, plies) = quiet("english", b"undo\n11-15\nundo\n\n\t9-13\r\n");
        assert_eq!((refused, plies), (1, 1));
        let rules = polydame::load_variant("english").unwrap();
        let mut game = Game::new(&rules);
        game.play("9-13").unwrap();
        assert_eq!(fen, game.fen());
    }

    #[test]
    fn any_bytes_are_refused_without_a_panic() {
        let (refused, _, plies) = quiet("international", b"\xff\xfe\x00\n\x1b[A\n--\nx\n-\n99-100\n32-28");
        assert_eq!((refused, plies), (6, 1));
    }

    #[test]
    fn quit_ends_the_loop_and_the_end_of_input_too() {
        assert_eq!(quiet("international", b"32-28\nquit\n19-23\n").2, 1);
        assert_eq!(quiet("international", b"").2, 0);
    }

    #[test]
    fn pasted_moves_are_played_in_order() {
        // Move numbers, two moves a line, a comment and a result: as people paste them.
        let (refused, _, plies) = quiet("international", b"1. 32-28 19-23 2. 28x19 {forced} 14x23\n3. 3429 *\n");
        assert_eq!((refused, plies), (0, 5));
        // Up to the first that cannot be played.
        let (refused, _, plies) = quiet("international", b"1. 32-28 19-23 2. 31-26 28x19\n");
        assert_eq!((refused, plies), (1, 2));
        // Numeric squares in Russian, as validate reads them.
        let (refused, _, plies) = quiet("russian", b"1. 22-18 11-15\n");
        assert_eq!((refused, plies), (0, 2));
    }

    #[test]
    fn moves_after_the_end_are_refused() {
        let rules = polydame::load_variant("international").unwrap();
        let mut game = Game::from_fen(&rules, "W:W28:B23").unwrap();
        let (_, refused) = run(&mut game, &b"28x19\n19-14\n"[..], Mode::Quiet, None, &mut Out::new()).unwrap_or_default();
        assert_eq!((refused, game.moves().len()), (1, 1));
        assert!(matches!(game.outcome(), Outcome::Win(polydame::Side::White, _)));
    }
}
