//! The games of `polydame match` and `polydame report`: the player against itself from a
//! set of openings, every game on its own thread (rayon), with a progress bar on a terminal.

use super::{Failure, invalid, over_budget};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use polydame::player::{SelfPlayGame, Weights, play_out_sides, random_opening, self_play_game};
use polydame::{Game, Limits, Outcome, Player, Rules, Side};
use rayon::prelude::*;
use std::io::IsTerminal;

/// How the games are played.
#[derive(Args, Clone, Debug)]
pub struct GameArgs {
    /// How many games.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// The player's depth in plies for every move (and on while captures are compulsory).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: u32,
    /// Each game opens with this many random legal plies before the player takes over
    /// (with --ballots: none).
    #[arg(long, default_value_t = 4)]
    pub opening_plies: usize,
    /// Openings from a file instead, one a line in the variant's notation (`32-28 19-23`;
    /// blank lines and lines starting with # are skipped), the games taking them in turn.
    #[arg(long, value_name = "FILE")]
    pub ballots: Option<String>,
    /// The first game's seed (its random opening, and the order in which the player tries
    /// moves it finds equal); each next game takes the next seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A game still going on after this many plies stops there, unfinished.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Threads (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// The openings of the ballots file: each line's moves, checked against the rules.
pub(super) fn read_ballots(rules: &Rules, path: &str) -> Result<Vec<Vec<String>>, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| invalid(format!("cannot read {path}: {e}")))?;
    let mut ballots = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let mut game = Game::new(rules);
        for (i, m) in moves.iter().enumerate() {
            game.play(m).map_err(|e| invalid(format!("{path}:{}: ply {} `{m}`: {e}", n + 1, i + 1)))?;
        }
        ballots.push(moves);
    }
    if ballots.is_empty() {
        return Err(invalid(format!("{path}: no opening in the file")));
    }
    Ok(ballots)
}

/// The opening of game `i`: its ballot, or random plies from its seed.
pub(super) fn opening<'r>(rules: &'r Rules, args: &GameArgs, ballots: &[Vec<String>], i: u64) -> Result<Game<'r>, Failure> {
    if ballots.is_empty() {
        return random_opening(rules, args.seed.wrapping_add(i), args.opening_plies).map_err(|e| over_budget(rules, &e));
    }
    let mut game = Game::new(rules);
    for m in &ballots[i as usize % ballots.len()] {
        game.play(m).map_err(|e| invalid(format!("opening move `{m}`: {e}")))?;
    }
    Ok(game)
}

/// Plays the games, in parallel, and returns them in order (game `i` from seed `seed + i`).
pub fn play_games(rules: &Rules, args: &GameArgs, what: &str) -> Result<Vec<SelfPlayGame>, Failure> {
    play_games_with(rules, args, what, Sides::Same(None))
}

/// Who plays the games of [`play_games_with`].
#[derive(Clone, Copy)]
pub enum Sides<'w> {
    /// One player for both sides, valuing pieces by these weights (`None`: as
    /// [`Player::new`] does: the shipped weights, or the rules' own worth).
    Same(Option<&'w Weights>),
    /// Two players, `[first, second]`: the first White in even games and Black in odd, the
    /// two games of a pair from the same opening (game `i` from seed `seed + i / 2`).
    Duel([&'w Weights; 2]),
}

impl Sides<'_> {
    /// Whether the first player is White in game `i`.
    pub fn first_is_white(self, i: u64) -> bool {
        matches!(self, Sides::Same(_)) || i.is_multiple_of(2)
    }
}

/// [`play_games`] by the players of `sides`.
pub fn play_games_with(rules: &Rules, args: &GameArgs, what: &str, sides: Sides) -> Result<Vec<SelfPlayGame>, Failure> {
    let ballots = match &args.ballots {
        Some(path) => read_ballots(rules, path)?,
        None => Vec::new(),
    };
    let bar = progress(u64::from(args.games), what);
    let limits = Limits::depth(args.depth);
    let one = |i: u64| {
        let max_plies = args.max_plies as usize;
        let played = match sides {
            Sides::Same(None) if ballots.is_empty() => {
                self_play_game(rules, args.seed.wrapping_add(i), args.opening_plies, &limits, max_plies)
            }
            _ => {
                let n = if matches!(sides, Sides::Duel(_)) { i / 2 } else { i };
                let seed = args.seed.wrapping_add(n);
                let player = |w: Option<&Weights>| {
                    let p = Player::new(rules).with_seed(seed);
                    if let Some(w) = w { p.with_weights(w) } else { p }
                };
                let (a, b) = match sides {
                    Sides::Same(w) => (player(w), player(w)),
                    Sides::Duel([first, second]) => (player(Some(first)), player(Some(second))),
                };
                let players = if sides.first_is_white(i) { [&a, &b] } else { [&b, &a] };
                play_out_sides(players, opening(rules, args, &ballots, n)?, &limits, max_plies)
            }
        };
        let played = played.map_err(|e| over_budget(rules, &e));
        if let Some(b) = &bar {
            b.inc(1);
        }
        played
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| invalid(format!("cannot start threads: {e}")))?;
    let games = pool.install(|| (0..u64::from(args.games)).into_par_iter().map(one).collect::<Result<Vec<_>, _>>());
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    games
}

/// The first player's score in games played by `sides`: wins, draws and losses, the
/// score, and half the width of its 95% interval (unfinished games count as draws).
pub fn duel_score(games: &[SelfPlayGame], sides: Sides) -> (usize, usize, usize, f64, f64) {
    let scores: Vec<f64> = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let first = if sides.first_is_white(i as u64) { Side::White } else { Side::Black };
            match g.outcome {
                Outcome::Win(w, _) if w == first => 1.0,
                Outcome::Win(..) => 0.0,
                _ => 0.5,
            }
        })
        .collect();
    let (mean, half) = polydame_report::stats::score_interval(&scores);
    let count = |v: f64| scores.iter().filter(|&&s| s == v).count();
    (count(1.0), count(0.5), count(0.0), mean, half.unwrap_or(0.0))
}

/// A progress bar on standard error when it is a terminal.
pub(super) fn progress(games: u64, what: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let b = ProgressBar::new(games);
    let style = ProgressStyle::with_template("{prefix} {bar:40} {pos}/{len} games ({elapsed}, {eta} to go)");
    b.set_style(style.unwrap_or_else(|_| ProgressStyle::default_bar()));
    b.set_prefix(what.to_string());
    b.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(b)
}
