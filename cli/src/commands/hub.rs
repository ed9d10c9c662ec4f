//! `polydame hub`: the generic player as an engine for draughts GUIs, speaking the Hub
//! protocol (version 2) of Fabien Letouzey's engine Scan on standard input and output.
//!
//! One thread reads standard input, one runs the search; this one owns the session and
//! alone writes to standard output, taking their lines from one channel in order. While
//! the engine searches it answers `ping` and `ponder-hit`; any other line stops the search
//! and is handled after its `done` (as Scan does). The end of input is read as `quit`.

mod line;
mod squares;
mod think;

use super::{Done, OptionArgs, Out, invalid};
use line::{Line, Reply, error};
use polydame::{History, Limits, Position, Rules};
use squares::Squares;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use think::{Job, Level};

/// What the session hears: a line of the GUI, the end of its input, or a line of the
/// search to pass on (`info`, `error`) or its last (`done`).
pub enum Event {
    Line(String),
    Eof,
    Say(Reply),
    Done(Reply),
}

/// The variants Hub names, and the shipped variants they are.
const HUB_VARIANTS: [(&str, &str); 5] =
    [("normal", "international"), ("killer", "killer"), ("bt", "breakthrough"), ("frisian", "frisian"), ("losing", "antidraughts")];

/// Serves a GUI until `quit` or the end of standard input, starting with `variant` (a Hub
/// name, a shipped id or a file; Hub's `normal` by default).
pub fn run(variant: Option<&str>, options: &OptionArgs, out: &mut Out) -> Done {
    let game = Variant::load(variant.unwrap_or("normal"), options).map_err(|e| invalid(format!("error: {e}")))?;
    let (events, heard) = mpsc::channel();
    let reader = events.clone();
    std::thread::spawn(move || read_input(&reader));
    let mut session = Session::new(game, options, events);
    session.serve(&heard, out);
    Ok(())
}

/// Sends each line of standard input, then its end (a line that is not UTF-8 is read
/// with replacement characters; a read error ends the input).
fn read_input(events: &Sender<Event>) {
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let text = String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_string();
                if events.send(Event::Line(text)).is_err() {
                    return;
                }
            }
        }
    }
    let _ = events.send(Event::Eof);
}

/// The variant played: its name for the GUI, its rules and its squares.
struct Variant {
    name: String,
    rules: Arc<Rules>,
    squares: Squares,
}

impl Variant {
    /// A Hub variant name, or a variant polydame loads (its squares numbered, men and
    /// kings alone).
    fn load(name: &str, options: &OptionArgs) -> Result<Variant, String> {
        let id = HUB_VARIANTS.iter().find(|(hub, _)| *hub == name).map_or(name, |&(_, id)| id);
        let rules = options.load(id).map_err(|f| f.message)?;
        let squares = Squares::new(&rules)?;
        // A shipped variant Hub has a name for goes by that name.
        let name = HUB_VARIANTS.iter().find(|(_, id)| *id == rules.id()).map_or(name, |&(hub, _)| hub);
        Ok(Variant { name: name.to_string(), rules: Arc::new(rules), squares })
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
    options: &'a OptionArgs,
    pos: Position,
    /// The past of the game the GUI sent, `pos` last (repetitions, move-count rules).
    history: History,
    level: Level,
    search: Option<Running>,
    /// Lines that stopped a search, to handle once it is done.
    pending: VecDeque<String>,
    events: Sender<Event>,
}

impl<'a> Session<'a> {
    fn new(variant: Variant, options: &'a OptionArgs, events: Sender<Event>) -> Session<'a> {
        let pos = Position::start(&variant.rules);
        let history = History::new(&variant.rules, &pos);
        Session { variant, options, history, pos, level: Level::default(), search: None, pending: VecDeque::new(), events }
    }

    /// Handles events until `quit` or the end of input.
    fn serve(&mut self, heard: &Receiver<Event>, out: &mut Out) {
        loop {
            match self.next_event(heard) {
                Event::Line(text) if self.search.is_some() => self.during_search(text, out),
                Event::Line(text) => {
                    if let Flow::Quit = self.command(&text, out) {
                        return;
                    }
                }
                // The end of input ends the session as `quit` does, after the lines before it.
                Event::Eof => self.during_search("quit".to_string(), out),
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
    fn during_search(&mut self, text: String, out: &mut Out) {
        match text.split_whitespace().next() {
            Some("ping") => out.say("pong"),
            Some("ponder-hit") => self.ponder_hit(),
            _ => {
                self.stop_search();
                self.pending.push_back(text);
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
            // Every search starts with an empty table; there is nothing else to forget.
            "new-game" | "stop" | "ponder-hit" => Ok(()),
            "quit" => return Flow::Quit,
            other => Err(format!(
                "unknown command `{other}` (polydame knows: hub init set-param new-game pos level go stop ponder-hit ping quit)"
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
            return Err(format!("set-param: polydame has no parameter `{name}` (it has: variant)"));
        }
        let value = line.value("value").unwrap_or_default();
        self.variant = Variant::load(value, self.options).map_err(|e| format!("set-param: {e}"))?;
        self.pos = Position::start(&self.variant.rules);
        self.history = History::new(&self.variant.rules, &self.pos);
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
            let mv = squares::play(rules, &mut pos, m).map_err(|e| format!("pos: moves=: {e}"))?;
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
        let legal = squares::legal_moves(&rules, &self.pos).unwrap_or_else(|e| {
            out.say(error(format!("go: {e}")));
            Vec::new()
        });
        if legal.is_empty() {
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
        let job = Job { rules, pos: self.pos.clone(), history: self.history.clone(), limits, nodes: level.nodes() };
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
