//! A search for the GUI: its limits (`level`), and the thread that runs it and reports
//! each depth (`info`) and its move (`done`).

use super::Event;
use super::line::{Line, Reply, error, excerpt};
use super::squares::Squares;
use polydame::player::Memory;
use polydame::{Best, History, Limits, Player, Position, Rules};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

/// The limits of the next search, as `level` lines give them. Like Scan, each `level`
/// adds to the limits given since the last `pos` or `go`.
#[derive(Clone, Debug, Default)]
pub struct Level {
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<f64>,
    clock: Option<Clock>,
}

/// `level [moves=N] time=T [inc=I]`: the time left on the clock, in seconds.
#[derive(Clone, Copy, Debug)]
struct Clock {
    moves: Option<u32>,
    time: f64,
    inc: f64,
}

impl Level {
    /// The limits with those of a `level` line added; an error (and no change) if one of
    /// its values cannot be read.
    pub fn add(&mut self, line: &Line) -> Result<(), String> {
        let mut next = self.clone();
        if line.has("infinite") {
            next = Level::default();
        }
        for (name, value) in &line.args {
            let real = || match value.parse::<f64>() {
                Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
                _ => Err(format!("level: {}={} is not a number of seconds", excerpt(name), excerpt(value))),
            };
            let whole = || value.parse::<u64>().map_err(|_| format!("level: {}={} is not a whole number", excerpt(name), excerpt(value)));
            match name.as_str() {
                "depth" => next.depth = Some(u32::try_from(whole()?).unwrap_or(u32::MAX).max(1)),
                "nodes" => next.nodes = Some(whole()?),
                "move-time" => next.move_time = Some(real()?),
                "moves" | "time" | "inc" => {
                    let mut clock = next.clock.unwrap_or(Clock { moves: None, time: f64::NAN, inc: 0.0 });
                    match name.as_str() {
                        "moves" => clock.moves = Some(u32::try_from(whole()?).unwrap_or(u32::MAX)),
                        "time" => clock.time = real()?,
                        _ => clock.inc = real()?,
                    }
                    next.clock = Some(clock);
                }
                _ => {} // infinite, and what Scan does not know either (ponder, handicap)
            }
        }
        if next.clock.is_some_and(|c| c.time.is_nan()) {
            return Err("level: moves= and inc= go with time=, the time left".to_string());
        }
        *self = next;
        Ok(())
    }

    /// The time this search may take: the move time, or a share of the clock; `None`
    /// without either (an infinite search, until `stop`).
    pub fn budget(&self) -> Option<Duration> {
        let secs = |s: f64| Duration::try_from_secs_f64(s).unwrap_or(Duration::MAX);
        let share = self.clock.and_then(|c| Limits::clock(secs(c.time), secs(c.inc), c.moves).time).map(|t| t.as_secs_f64());
        let seconds = match (self.move_time, share) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }?;
        Some(secs(seconds.max(0.01)))
    }

    /// The most positions asked for.
    pub fn nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The deepest search asked for.
    pub fn depth(&self) -> u32 {
        let deepest = Limits::time(Duration::ZERO).depth;
        self.depth.map_or(deepest, |d| d.min(deepest))
    }
}

/// A search to run in a thread of its own.
pub struct Job {
    pub rules: Arc<Rules>,
    /// How the GUI numbers the squares.
    pub squares: Arc<Squares>,
    pub pos: Position,
    /// The game's past, `pos` last (repetitions and move-count rules).
    pub history: History,
    pub limits: Limits,
    /// Stop after the first depth that has searched this many positions.
    pub nodes: Option<u64>,
    /// The game's transposition table, kept between its searches.
    pub memory: Memory,
}

/// Runs the search, sends an `info` line for each depth finished and at the end the
/// `done` line (after an `error` line if the search failed).
pub fn run(job: Job, stop: Arc<AtomicBool>, events: Sender<Event>) {
    let start = Instant::now();
    let player = Player::new(&job.rules).with_memory(job.memory.clone());
    let mut report = |b: &Best| {
        if job.nodes.is_some_and(|n| b.nodes >= n) {
            stop.store(true, Ordering::Relaxed);
        }
        let _ = events.send(Event::Say(info(&job.squares, b, start.elapsed())));
    };
    let found = player.best_reporting(&job.pos, job.limits.stop_on(stop.clone()), &job.history, &mut report);
    let done = match found {
        Ok(best) => done(&job.squares, &best),
        Err(e) => {
            let _ = events.send(Event::Say(error(format!("the search gave up: {e}"))));
            Reply::new("done")
        }
    };
    let _ = events.send(Event::Done(done));
}

/// `info depth= score= nodes= time= nps= pv=`, as Scan writes it: the score in men with
/// two decimals, the time in seconds, the speed in millions of positions a second.
fn info(squares: &Squares, b: &Best, elapsed: Duration) -> Reply {
    let secs = elapsed.as_secs_f64();
    let mut line = Reply::new("info").pair("depth", b.depth).pair("score", score(b)).pair("nodes", b.nodes);
    if secs >= 0.001 {
        line = line.pair("time", format!("{secs:.3}")).pair("nps", format!("{:.1}", b.nodes as f64 / secs / 1e6));
    }
    if !b.pv.is_empty() {
        let pv: Vec<String> = b.pv.iter().map(|m| squares.write_move(m)).collect();
        line = line.pair("pv", pv.join(" "));
    }
    line
}

/// The score in men, as Scan gives it: a forced win in n plies is 100 men less n
/// hundredths (a GUI reads a score past 90 as a win, and how near), other scores stay
/// under 80.
fn score(b: &Best) -> String {
    let hundredths = match b.forced() {
        Some(plies) => (10_000 - i64::from(plies).min(999)) * i64::from(b.score.signum()),
        None => i64::from(b.score.clamp(-7999, 7999)),
    };
    format!("{:.2}", hundredths as f64 / 100.0)
}

/// `done move=... ponder=...`: the move, and the reply the search expects to it; `done`
/// alone when there is no move.
pub fn done(squares: &Squares, b: &Best) -> Reply {
    let mut line = Reply::new("done");
    if let Some(m) = &b.best {
        line = line.pair("move", squares.write_move(m));
        if let Some(reply) = b.pv.get(1) {
            line = line.pair("ponder", squares.write_move(reply));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(text: &str) -> Result<Level, String> {
        let mut l = Level::default();
        l.add(&Line::read(text).unwrap()).map(|()| l)
    }

    #[test]
    fn limits_add_up_until_infinite() {
        let mut l = level("level depth=5").unwrap();
        l.add(&Line::read("level move-time=1.5").unwrap()).unwrap();
        assert_eq!((l.depth(), l.budget()), (5, Some(Duration::from_millis(1500))));
        l.add(&Line::read("level infinite").unwrap()).unwrap();
        assert_eq!((l.depth(), l.budget()), (Limits::time(Duration::ZERO).depth, None));
    }

    #[test]
    fn the_clock_is_shared_over_the_moves_left() {
        // 60 s for 30 moves and 1 s a move: 3 s a move, less the lag.
        let l = level("level time=60 inc=1").unwrap();
        assert_eq!(l.budget().map(|d| d.as_millis()), Some(2900));
        // The last move before the time control takes most of what is left.
        let l = level("level moves=1 time=10").unwrap();
        assert_eq!(l.budget().map(|d| d.as_millis()), Some(8900));
    }

    #[test]
    fn bad_levels_change_nothing() {
        assert!(level("level depth=deep").unwrap_err().contains("whole number"));
        assert!(level("level move-time=-1").unwrap_err().contains("seconds"));
        assert!(level("level moves=40").unwrap_err().contains("time="));
    }
}
