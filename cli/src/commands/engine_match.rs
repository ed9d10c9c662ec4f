//! `polydame match --engine "CMD"` and `--dxp HOST:PORT`: games against other engines
//! (polydame's player against one, or two Hub engines against each other). Each opening
//! is played twice, colours reversed (a ballot pair); the players think to a depth or on
//! a clock (a loss on time); games run in parallel, each worker with its own engine
//! processes; each game is judged by the variant's own rules (its draws by repetition
//! and move counts included), and a move an engine gives that is not legal loses. The
//! games are written as PDN, in order, and the score on standard error.

use super::peers::{DxpPeer, HubEngine, Think};
use super::selfplay::{GameArgs, opening, progress, read_ballots};
use super::{Done, Failure, invalid, over_budget};
use polydame::pdn::write_pdn;
use polydame::player::Memory;
use polydame::{Game, Limits, MoveInfo, Outcome, Player, Rules, Side};
use polydame_hub::Squares;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// `--clock SECONDS[+INC]`: each side's time for the game, and the increment it gets with
/// each move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    pub base: Duration,
    pub inc: Duration,
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    fn from_str(s: &str) -> Result<TimeControl, String> {
        let seconds = |t: &str| match t.trim().parse::<f64>() {
            Ok(v) if (0.0..1e9).contains(&v) => Ok(Duration::from_secs_f64(v)),
            _ => Err(format!("`{t}` is not a number of seconds (the clock is SECONDS or SECONDS+INCREMENT, e.g. 60+0.5)")),
        };
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let tc = TimeControl { base: seconds(base)?, inc: seconds(inc)? };
        if tc.base.is_zero() {
            return Err("a clock of 0 seconds loses every game on time".to_string());
        }
        Ok(tc)
    }
}

impl std::fmt::Display for TimeControl {
    /// PDN's TimeControl tag: `SECONDS+INC` (or `SECONDS`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.base.as_secs_f64())?;
        if !self.inc.is_zero() {
            write!(f, "+{}", self.inc.as_secs_f64())?;
        }
        Ok(())
    }
}

/// Who the match is against, and how it is run.
pub struct Opponents<'a> {
    /// Hub engines' command lines: one plays polydame, two play each other.
    pub commands: &'a [String],
    /// A DXP follower's address, polydame playing it.
    pub dxp: Option<&'a str>,
    /// The variant's name in Hub's `set-param name=variant`.
    pub hub_variant: &'a str,
    pub clock: Option<TimeControl>,
    /// Games played at once, each worker with its own engines.
    pub concurrency: usize,
    /// Without a clock: the seconds an opponent may take for one move.
    pub move_limit: u64,
    pub out_file: Option<&'a str>,
}

/// Who plays a side: polydame's player, a Hub engine (its index), the DXP follower.
#[derive(Clone, Copy, PartialEq)]
enum Seat {
    Polydame,
    Engine(usize),
    Dxp,
}

/// A game ended by its players, not by the rules: `loser` lost it (an illegal move, on
/// time), or, with no loser, the DXP follower ended it.
struct Stop {
    loser: Option<Side>,
    why: String,
}

/// The players of one worker: its Hub engines, the DXP follower, polydame's player.
struct Players<'r> {
    rules: &'r Rules,
    squares: Squares,
    engines: Vec<HubEngine>,
    dxp: Option<DxpPeer>,
    depth: u32,
    clock: Option<TimeControl>,
    /// How long an opponent thinking to `depth` may take for one move.
    move_limit: Duration,
}

impl Players<'_> {
    fn name(&self, s: Seat) -> String {
        match s {
            Seat::Polydame if self.clock.is_some() => "polydame".to_string(),
            Seat::Polydame => format!("polydame depth {}", self.depth),
            Seat::Engine(i) => self.engines[i].name.clone(),
            Seat::Dxp => format!("DXP follower at {}", self.dxp.as_ref().map_or("", |d| d.address.as_str())),
        }
    }

    /// The move of the player in `seat`, with `left` on its clock (the increment of this
    /// move added); `None` when it has none; a [`Stop`] when it gave a move that is not
    /// legal or the DXP follower ended the game.
    fn one_move(&mut self, game: &Game, seat: Seat, player: &Player, left: Duration) -> Result<Result<Option<MoveInfo>, Stop>, Failure> {
        let rules = self.rules;
        let illegal = |name: String, e: String| Stop {
            loser: Some(game.position().side_to_move()),
            why: format!("{name} lost by an illegal move: {e}"),
        };
        let inc = self.clock.map_or(Duration::ZERO, |c| c.inc);
        Ok(match seat {
            Seat::Polydame => {
                let limits = match self.clock {
                    Some(_) => Limits::clock(left.saturating_sub(inc), inc, None),
                    None => Limits::depth(self.depth),
                };
                Ok(player.best_in(game.position(), limits, game.history()).map_err(|e| over_budget(rules, &e))?.best)
            }
            Seat::Engine(k) => {
                let moves: Vec<String> = game.moves().map(|m| self.squares.write_move(m)).collect();
                let think = match self.clock {
                    Some(_) => Think::Clock { left: left.saturating_sub(inc), inc },
                    None => Think::Depth(self.depth),
                };
                let text = self.engines[k].best(&self.squares.write(game.start()), &moves.join(" "), think, self.move_limit)?;
                let mut pos = game.position().clone();
                text.map(|t| self.squares.play(rules, &mut pos, &t)).transpose().map_err(|e| illegal(self.name(seat), e))
            }
            Seat::Dxp => {
                let within = if self.clock.is_some() { left + super::peers::CLOCK_GRACE } else { self.move_limit };
                match self.dxp.as_mut().map(|d| d.their_move(game, within)).transpose()?.unwrap_or(Ok(None)) {
                    Ok(Some(m)) => Ok(Some(m)),
                    Ok(None) => Err(Stop { loser: None, why: "the DXP follower ended the game".to_string() }),
                    Err(e) => Err(illegal(self.name(seat), e)),
                }
            }
        })
    }

    /// Plays `game` on to its end (or `max_plies`), `seats` moving for White and Black;
    /// the [`Stop`] when its players ended it.
    fn play(&mut self, game: &mut Game, seats: [Seat; 2], player: &Player, max_plies: usize) -> Result<Option<Stop>, Failure> {
        let rules = self.rules;
        let minutes = self.clock.map_or(5, |c| c.base.as_secs().div_ceil(60).max(1) as u32);
        if let Some(d) = self.dxp.as_mut() {
            d.start(rules, game, if seats[0] == Seat::Dxp { Side::White } else { Side::Black }, minutes)?;
        }
        let mut left = [self.clock.map_or(Duration::MAX, |c| c.base); 2];
        let mut stop = None;
        while game.outcome() == Outcome::Ongoing && game.moves().len() < max_plies {
            let side = game.position().side_to_move();
            let at = usize::from(side == Side::Black);
            let seat = seats[at];
            let clock = &mut left[at];
            // The increment comes before the move (as Hub engines read their clock).
            *clock = clock.saturating_add(self.clock.map_or(Duration::ZERO, |c| c.inc));
            let began = Instant::now();
            let mv = match self.one_move(game, seat, player, *clock)? {
                Ok(m) => m,
                Err(s) => {
                    stop = Some(s);
                    break;
                }
            };
            let used = began.elapsed();
            if used > *clock {
                let why =
                    format!("{} lost on time ({:.2} s for a move, {:.2} s left)", self.name(seat), used.as_secs_f64(), clock.as_secs_f64());
                stop = Some(Stop { loser: Some(side), why });
                break;
            }
            *clock -= used;
            let Some(mv) = mv else { break };
            game.play_move(&mv).map_err(|e| invalid(e.to_string()))?;
            if let (Some(d), true) = (self.dxp.as_mut(), seat != Seat::Dxp) {
                d.send(&polydame_dxp::move_message(rules, &mv, used.as_secs()))?;
            }
        }
        if let Some(d) = self.dxp.as_mut() {
            d.send("E00")?;
            // The follower's own GAMEEND (it may have sent one already, at the board's end).
            while d.next(super::peers::GREETING_TIME).is_ok_and(|m| !m.starts_with('E')) {}
        }
        Ok(stop)
    }
}

/// A game played: its PDN, its result, and the points of the match's first seat (1, ½
/// or 0; `None` for an unfinished game).
struct Played {
    pdn: String,
    result: &'static str,
    first_seat: Option<f32>,
}

/// Plays game `i` of the match: opening `i / 2` (the pair's two games from one opening),
/// the first seat White in even games.
fn play_one(players: &mut Players, args: &GameArgs, ballots: &[Vec<String>], seats: [Seat; 2], i: u64) -> Result<Played, Failure> {
    let rules = players.rules;
    let first_white = i.is_multiple_of(2);
    let (white, black) = if first_white { (seats[0], seats[1]) } else { (seats[1], seats[0]) };
    let mut game = opening(rules, args, ballots, i / 2)?;
    // One transposition table a game, kept from move to move.
    let player = Player::new(rules).with_seed(args.seed.wrapping_add(i)).with_memory(Memory::new());
    let stop = players.play(&mut game, [white, black], &player, args.max_plies as usize)?;
    let winner = match (stop.as_ref().and_then(|s| s.loser), game.outcome()) {
        (Some(loser), _) => Some(Some(loser.other())),
        (None, Outcome::Win(w, _)) => Some(Some(w)),
        (None, Outcome::Draw(_)) => Some(None),
        (None, Outcome::Ongoing) => None,
    };
    let result = match winner {
        Some(Some(Side::White)) => "1-0",
        Some(Some(Side::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    };
    let first_seat = winner.map(|w| match w {
        Some(w) if (w == Side::White) == first_white => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    });
    let mut record = game.record();
    record.result = result.to_string();
    let why = stop.map(|s| s.why).unwrap_or_else(|| match game.outcome() {
        Outcome::Ongoing => "unterminated: the match's limit of plies".to_string(),
        o => o.describe(rules),
    });
    record.tags = vec![
        ("Event".to_string(), format!("polydame match: {}", rules.spec().name)),
        ("Round".to_string(), (i + 1).to_string()),
        ("White".to_string(), players.name(white)),
        ("Black".to_string(), players.name(black)),
    ];
    if let Some(c) = players.clock {
        record.tags.push(("TimeControl".to_string(), c.to_string()));
    }
    record.tags.push(("Termination".to_string(), why));
    Ok(Played { pdn: write_pdn(rules, &record), result, first_seat })
}

/// Plays the match and writes its games (to `out_file`, or standard output); the score
/// on standard error.
pub fn run(rules: &Rules, args: &GameArgs, o: &Opponents) -> Done {
    if o.dxp.is_some() && o.concurrency > 1 {
        return Err(invalid("--dxp plays one game at a time over its connection: leave out --concurrency".to_string()));
    }
    let ballots = match &args.ballots {
        Some(path) => read_ballots(rules, path)?,
        None => Vec::new(),
    };
    let seats = match (o.commands.len(), o.dxp) {
        (0, Some(_)) => [Seat::Polydame, Seat::Dxp],
        (1, None) => [Seat::Polydame, Seat::Engine(0)],
        _ => [Seat::Engine(0), Seat::Engine(1)],
    };
    let games = u64::from(args.games);
    let next = AtomicU64::new(0);
    let played: Mutex<Vec<Option<Played>>> = Mutex::new((0..games).map(|_| None).collect());
    let names: Mutex<Option<[String; 2]>> = Mutex::new(None);
    let failed: Mutex<Option<Failure>> = Mutex::new(None);
    let bar = progress(games, "match");
    let worker = || -> Result<(), Failure> {
        let engines = o.commands.iter().map(|c| HubEngine::start(c, o.hub_variant)).collect::<Result<Vec<_>, _>>()?;
        let dxp = o.dxp.map(DxpPeer::connect).transpose()?;
        let squares = Squares::new(rules).map_err(invalid)?;
        let move_limit = Duration::from_secs(o.move_limit);
        let mut players = Players { rules, squares, engines, dxp, depth: args.depth, clock: o.clock, move_limit };
        names.lock().map_err(|_| invalid("a worker failed".to_string()))?.get_or_insert_with(|| seats.map(|s| players.name(s)));
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= games || failed.lock().map_or(true, |f| f.is_some()) {
                break;
            }
            let game = play_one(&mut players, args, &ballots, seats, i)?;
            played.lock().map_err(|_| invalid("a worker failed".to_string()))?[i as usize] = Some(game);
            if let Some(b) = &bar {
                b.inc(1);
            }
        }
        if let Some(d) = players.dxp.as_mut() {
            // The match is over: the follower may close the connection.
            d.send("E01")?;
        }
        Ok(())
    };
    std::thread::scope(|s| {
        for _ in 0..o.concurrency.max(1) {
            s.spawn(|| {
                if let (Err(e), Ok(mut f)) = (worker(), failed.lock()) {
                    f.get_or_insert(e);
                }
            });
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(e) = failed.into_inner().ok().flatten() {
        return Err(e);
    }
    let played: Vec<Played> = played.into_inner().map_err(|_| invalid("a worker failed".to_string()))?.into_iter().flatten().collect();
    let pdn: Vec<&str> = played.iter().map(|p| p.pdn.as_str()).collect();
    let pdn = pdn.join("\n");
    match o.out_file {
        Some(path) => std::fs::write(path, &pdn).map_err(|e| invalid(format!("cannot write {path}: {e}")))?,
        None => print!("{pdn}"),
    }
    let names = names.into_inner().ok().flatten().unwrap_or_default();
    eprintln!("{}", score_line(&played, &names));
    Ok(())
}

/// The match's score: each seat's points (a draw is half a point), then by colour.
fn score_line(played: &[Played], [first, second]: &[String; 2]) -> String {
    let count = |r: &str| played.iter().filter(|p| p.result == r).count();
    let finished: Vec<f32> = played.iter().filter_map(|p| p.first_seat).collect();
    let points: f32 = finished.iter().sum::<f32>() + 0.0; // an empty sum is -0
    let other = finished.len() as f32 - points;
    format!(
        "{} games: {first} {points} – {second} {other}; White wins {}, Black wins {}, draws {}, unfinished {}",
        played.len(),
        count("1-0"),
        count("0-1"),
        count("1/2-1/2"),
        count("*")
    )
}
