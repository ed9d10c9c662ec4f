//! polydame's generic player as an engine for draughts GUIs, speaking the Hub protocol
//! (version 2) of Fabien Letouzey's engine Scan: [`serve`] runs a session on any input
//! and output, as `polydame hub` runs it on standard input and output.
//!
//! One thread reads the input, one runs the search; the caller's thread owns the session
//! and alone writes to the output, taking their lines from one channel in order. While
//! the engine searches it answers `ping` and `ponder-hit`; any other line stops the search
//! and is handled after its `done` (as Scan does). The end of input is read as `quit`.
//!
//! A line is at most [`MAX_LINE`] bytes long (a longer one is answered with an `error`
//! quoting its start, and is not stored), and at most [`MAX_AHEAD`] lines are read ahead
//! of the session.
//!
//! ```
//! use std::io::Cursor;
//!
//! let load = |variant: &str| polydame::load_variant(variant).map_err(|e| e.to_string());
//! let mut output = Vec::new();
//! polydame_hub::serve("normal", load, Cursor::new("init\nping\nquit\n"), &mut output).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "ready\npong\n");
//! ```

#![warn(missing_docs)]

mod input;
mod line;
mod squares;
mod think;

use input::{Heard, Room};
pub use input::{MAX_AHEAD, MAX_LINE};
use line::{Line, Reply, error, excerpt};
use polydame::player::Memory;
use polydame::{History, Limits, Position, Rules};
pub use squares::Squares;
use std::collections::VecDeque;
use std::fmt;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use think::{Job, Level};

/// What the session hears: a line of the GUI, the end of its input, or a line of the
/// search to pass on (`info`, `error`) or its last (`done`).
pub(crate) enum Event {
    Line(Heard),
    Eof,
    Say(Reply),
    Done(Reply),
}

/// The variants Hub names, and the shipped variants they are.
const HUB_VARIANTS: [(&str, &str); 5] =
    [("normal", "international"), ("killer", "killer"), ("bt", "breakthrough"), ("frisian", "frisian"), ("losing", "antidraughts")];

/// The name Hub gives the shipped variant `id` (`normal` for `international`, ...), or
/// the id itself where Hub has none.
pub fn hub_name(id: &str) -> &str {
    HUB_VARIANTS.iter().find(|(_, v)| *v == id).map_or(id, |&(hub, _)| hub)
}

/// The variant a session starts with when the GUI does not say: Hub's `normal`
/// (international draughts).
pub const DEFAULT_VARIANT: &str = "normal";

/// How a session loads a variant: from a shipped id or a path to a file, to its rules
/// (with whatever options, capture budget and move generator the caller chooses), or why
/// it cannot.
type Load<'a> = &'a dyn Fn(&str) -> Result<Rules, String>;

/// Serves a GUI until `quit` or the end of `input`, starting with `variant`: a Hub name
/// (`normal`, `killer`, `bt`, `frisian`, `losing`) or a variant whose squares are
/// numbered, men and kings alone (a shipped id or a file), as the GUI may also name one
/// with `set-param name=variant`.
///
/// `load` loads a variant by its shipped id (a Hub name is given as the shipped variant
/// it is) or by the path given. Each line of `output` is flushed when written, for the GUI
/// waits for it; a line that cannot be written is lost, as a GUI that closed its end is
/// no error of the engine's. Every search has ended when `serve` returns; the thread
/// reading `input` ends at the end of input, or after `serve` has returned, once the read
/// it may be waiting in ends.
///
/// An error if the first variant cannot be played (it cannot be loaded, or Hub positions
/// cannot describe its positions); the GUI's mistakes are answered with `error` lines.
pub fn serve<R, W>(variant: &str, load: impl Fn(&str) -> Result<Rules, String>, input: R, mut output: W) -> Result<(), String>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let game = Variant::load(variant, &load)?;
    let (events, heard) = mpsc::channel();
    let reader = events.clone();
    let (room, ahead) = input::room();
    std::thread::spawn(move || input::read_input(input, &reader, &ahead));
    let mut session = Session::new(game, &load, events, room);
    session.serve(&heard, &mut Out(&mut output));
    Ok(())
}

/// The GUI's end of the session: a line at a time, flushed at once.
struct Out<'w>(&'w mut dyn Write);

impl Out<'_> {
    /// Writes a line (a write error is ignored: see [`serve`]).
    fn say(&mut self, line: impl fmt::Display) {
        let _ = writeln!(self.0, "{line}");
        let _ = self.0.flush();
    }
}

/// The variant played: its name for the GUI, its rules and its squares.
struct Variant {
    name: String,
    rules: Arc<Rules>,
    squares: Arc<Squares>,
}

impl Variant {
    /// A Hub variant name, or a variant polydame loads (its squares numbered, men and
    /// kings alone).
    fn load(name: &str, load: Load<'_>) -> Result<Variant, String> {
        let id = HUB_VARIANTS.iter().find(|(hub, _)| *hub == name).map_or(name, |&(_, id)| id);
        let rules = load(id)?;
        let squares = Squares::new(&rules)?;
        // A shipped variant Hub has a name for goes by that name.
        let name = HUB_VARIANTS.iter().find(|(_, id)| *id == rules.id()).map_or(name, |&(hub, _)| hub);
        Ok(Variant { name: name.to_string(), rules: Arc::new(rules), squares: Arc::new(squares) })
    }
}

/// A search running.
struct Running {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
    /// While pondering: when it began and the time the move may take once the GUI says
    /// `ponder-hit`, counted from that beginning (as Scan counts).
    ponder: Option<(Instant, Option<Duration>)>,
    /// When to stop it (set on `ponder-hit`).
    deadline: Option<Instant>,
}

/// Whether to go on after a line.
enum Flow {
    Continue,
    Quit,
}

/// The engine's state between lines.
struct Session<'a> {
    variant: Variant,
    load: Load<'a>,
    pos: Position,
    /// The past of the game the GUI sent, `pos` last (repetitions, move-count rules).
    history: History,
    level: Level,
    /// The transposition table of the game, kept from one search to the next (a new game
    /// or another variant starts another).
    memory: Memory,
    search: Option<Running>,
    /// Lines that stopped a search, to handle once it is done.
    pending: VecDeque<Heard>,
    events: Sender<Event>,
    /// The room of the lines read ahead, given back as each is handled.
    room: Room,
}

impl<'a> Session<'a> {
    fn new(variant: Variant, load: Load<'a>, events: Sender<Event>, room: Room) -> Session<'a> {
        let pos = Position::start(&variant.rules);
        let history = History::new(&variant.rules, &pos);
        let level = Level::default();
        Session { variant, load, history, pos, level, memory: Memory::new(), search: None, pending: VecDeque::new(), events, room }
    }

    /// Handles events until `quit` or the end of input.
    fn serve(&mut self, heard: &Receiver<Event>, out: &mut Out) {
        loop {
            match self.next_event(heard) {
                Event::Line(heard) if self.search.is_some() => self.during_search(heard, out),
                Event::Line(heard) => {
                    let flow = self.heard(&heard, out);
                    self.room.give_back();
                    if let Flow::Quit = flow {
                        return;
                    }
                }
                // The end of input ends the session as `quit` does, after the lines before it.
                Event::Eof => self.during_search(Heard::Line("quit".to_string()), out),
                Event::Say(reply) => out.say(reply),
                Event::Done(reply) => {
                    out.say(reply);
                    self.finish_search();
                }
            }
        }
    }

    /// The next event: a line held back while searching, once the search is done; else
    /// what the channel brings, stopping the search at its deadline.
    fn next_event(&mut self, heard: &Receiver<Event>) -> Event {
        loop {
            let deadline = match &self.search {
                None => match self.pending.pop_front() {
                    Some(text) => return Event::Line(text),
                    None => None,
                },
                Some(running) => running.deadline,
            };
            let Some(deadline) = deadline else {
                return heard.recv().unwrap_or(Event::Eof);
            };
            match heard.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(event) => return event,
                Err(RecvTimeoutError::Timeout) => self.stop_search(),
                Err(RecvTimeoutError::Disconnected) => return Event::Eof,
            }
        }
    }

    /// A line while the engine searches: `ping` and `ponder-hit` are answered, any other
    /// line stops the search and waits for its end.
    fn during_search(&mut self, heard: Heard, out: &mut Out) {
        match heard.text().split_whitespace().next() {
            Some("ping") => {
                out.say("pong");
                self.room.give_back();
            }
            Some("ponder-hit") => {
                self.ponder_hit();
                self.room.give_back();
            }
            _ => {
                self.stop_search();
                self.pending.push_back(heard);
            }
        }
    }

    /// The GUI's opponent played the move pondered on: the search now has the time the
    /// level gave it, counted from its start.
    fn ponder_hit(&mut self) {
        let Some(running) = &mut self.search else { return };
        let Some((start, budget)) = running.ponder.take() else { return };
        running.deadline = budget.map(|b| start + b);
    }

    /// Asks the search to stop (it then says `done`).
    fn stop_search(&mut self) {
        if let Some(running) = &mut self.search {
            running.stop.store(true, Ordering::Relaxed);
            running.deadline = None;
        }
    }

    /// Stops the search if one runs and waits for its thread.
    fn finish_search(&mut self) {
        self.stop_search();
        if let Some(running) = self.search.take() {
            let _ = running.thread.join();
        }
    }

    /// Handles what the GUI sent while no search runs.
    fn heard(&mut self, heard: &Heard, out: &mut Out) -> Flow {
        match heard.refusal() {
            Some(why) => {
                out.say(error(why));
                Flow::Continue
            }
            None => self.command(heard.text(), out),
        }
    }

    /// Handles a line of the GUI while no search runs.
    fn command(&mut self, text: &str, out: &mut Out) -> Flow {
        let line = match Line::read(text) {
            Ok(line) => line,
            Err(e) => {
                out.say(error(e));
                return Flow::Continue;
            }
        };
        let result = match line.command.as_str() {
            "hub" => {
                self.introduce(out);
                Ok(())
            }
            "init" => {
                out.say("ready");
                Ok(())
            }
            "ping" => {
                out.say("pong");
                Ok(())
            }
            "set-param" => self.set_param(&line),
            "pos" => self.set_position(&line),
            "level" => self.level.add(&line),
            "go" => self.go(&line, out),
            // A new game forgets what the searches of the last one found.
            "new-game" => {
                self.memory = Memory::new();
                Ok(())
            }
            "stop" | "ponder-hit" => Ok(()),
            "quit" => return Flow::Quit,
            other => Err(format!(
                "unknown command `{}` (polydame knows: hub init set-param new-game pos level go stop ponder-hit ping quit)",
                excerpt(other)
            )),
        };
        if let Err(e) = result {
            out.say(error(e));
        }
        Flow::Continue
    }

    /// The answer to `hub`: who the engine is, its one parameter, and `wait`.
    fn introduce(&self, out: &mut Out) {
        let mut id = Reply::new("id").pair("name", "polydame").pair("version", env!("CARGO_PKG_VERSION"));
        let authors = env!("CARGO_PKG_AUTHORS");
        if !authors.is_empty() {
            id = id.pair("author", authors.replace(':', ", "));
        }
        out.say(id);
        let mut values: Vec<&str> = HUB_VARIANTS.iter().map(|&(hub, _)| hub).collect();
        if !values.contains(&self.variant.name.as_str()) {
            values.push(&self.variant.name);
        }
        let param = Reply::new("param").pair("name", "variant").pair("value", &self.variant.name).pair("type", "enum");
        out.say(param.pair("values", values.join(" ")));
        out.say("wait");
    }

    /// `set-param name=variant value=...`: the variant to play from now on, from its start.
    fn set_param(&mut self, line: &Line) -> Result<(), String> {
        let name = line.value("name").filter(|n| !n.is_empty()).ok_or("set-param: missing name=")?;
        if name != "variant" {
            return Err(format!("set-param: polydame has no parameter `{}` (it has: variant)", excerpt(name)));
        }
        let value = line.value("value").unwrap_or_default();
        self.variant = Variant::load(value, self.load).map_err(|e| format!("set-param: {e}"))?;
        self.pos = Position::start(&self.variant.rules);
        self.history = History::new(&self.variant.rules, &self.pos);
        self.memory = Memory::new();
        Ok(())
    }

    /// `pos [start] [pos=...] [moves="..."]`: the position to search, reached by the moves
    /// from the one given (the start by default). A bad position leaves the last one; a
    /// bad move leaves the position before it. The level starts afresh.
    fn set_position(&mut self, line: &Line) -> Result<(), String> {
        self.level = Level::default();
        let rules = &*self.variant.rules;
        let mut pos = match line.value("pos").filter(|_| !line.has("start")) {
            Some(text) => self.variant.squares.read(rules, text)?,
            None => Position::start(rules),
        };
        let mut history = History::new(rules, &pos);
        let played = line.value("moves").unwrap_or_default().split_whitespace().try_for_each(|m| {
            let mv = self.variant.squares.play(rules, &mut pos, m).map_err(|e| format!("pos: moves=: {e}"))?;
            history.push(rules, &mv, &pos);
            Ok(())
        });
        self.history = history;
        self.pos = pos;
        played
    }

    /// `go think|ponder|analyze`: starts a search of the position within the level (the
    /// level then starts afresh). With no legal move the answer is `done` at once; with one,
    /// when thinking, a short search only says what follows.
    fn go(&mut self, line: &Line, out: &mut Out) -> Result<(), String> {
        let level = std::mem::take(&mut self.level);
        let rules = Arc::clone(&self.variant.rules);
        let legal = match squares::legal_moves(&rules, &self.pos) {
            Ok(legal) => legal,
            Err(e) => {
                // The moves are not known (past the capture budget): no search, no move.
                out.say(error(format!("go: {e}")));
                out.say(Reply::new("done"));
                return Ok(());
            }
        };
        if legal.is_empty() {
            // Hub has no move for "none"; the GUI is told why before the bare `done`.
            let outcome = self.pos.clone().outcome_in(&rules, &mut polydame::MoveList::new(), &self.history);
            out.say(error(format!("go: no legal move: {}", outcome.describe(&rules))));
            out.say(Reply::new("done"));
            return Ok(());
        }
        let ponder = line.has("ponder");
        let forced = legal.len() == 1 && !ponder && !line.has("analyze");
        let limits = match (forced, ponder, level.budget()) {
            (true, _, _) => Limits::depth(level.depth().min(2)),
            (false, false, Some(time)) => Limits { depth: level.depth(), ..Limits::time(time) },
            (false, _, _) => Limits::depth(level.depth()),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let squares = Arc::clone(&self.variant.squares);
        let (pos, history, memory) = (self.pos.clone(), self.history.clone(), self.memory.clone());
        let job = Job { rules, squares, pos, history, limits, nodes: level.nodes(), memory };
        let (flag, events) = (Arc::clone(&stop), self.events.clone());
        let thread = std::thread::spawn(move || think::run(job, flag, events));
        let ponder = ponder.then(|| (Instant::now(), level.budget()));
        self.search = Some(Running { stop, thread, ponder, deadline: None });
        if !self.pending.is_empty() {
            // The next line has come already: as Scan, stop at once (after one ply).
            self.stop_search();
        }
        Ok(())
    }
}
