//! `polydame tune`: the player's worth of each piece on each cell, and of runaways and
//! balance, learned from its own games (`polydame::player::tune`), written as a weights
//! file; with `--check`, the learned player against the rules' own, colours alternating,
//! and its score.

use super::best::read_weights;
use super::selfplay::{GameArgs, Sides, duel_score, play_games_with};
use super::{Done, Out, VariantArgs, invalid};
use polydame::Rules;
use polydame::player::{Weights, tune};
use std::path::Path;
use std::time::Instant;

/// What `tune` does beyond the games it plays.
pub struct Job<'a> {
    /// Steps of gradient descent.
    pub epochs: usize,
    /// Where the weights go.
    pub out: &'a str,
    /// Games of the learned player against the rules' own, after the fit (0: none).
    pub check: u32,
    /// Whether patterns are learned too.
    pub patterns: bool,
    /// The weights file to start from and play the games with (`None`: the rules' own).
    pub weights: Option<&'a str>,
}

/// Plays the games, fits the weights to their quiet positions, writes them, and (with
/// `--check`) plays the learned player against the rules' own.
pub fn run(variant: &VariantArgs, args: &GameArgs, job: &Job, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let start = Instant::now();
    let from = job.weights.map(|path| read_weights(&rules, path)).transpose()?;
    let games = play_games_with(&rules, args, "tune", Sides::Same(from.as_ref()))?;
    let played = start.elapsed().as_secs_f64();
    let first = from.clone().unwrap_or_else(|| Weights::of(&rules));
    let first = if job.patterns { first.with_patterns(&rules) } else { first };
    let (weights, t) = tune(&rules, &games, &first, job.epochs);
    let comment = format!(
        "polydame tune {}: {} games at depth {} from seed {} (random openings of {} plies), {} epochs{}{}\n\
         {} quiet positions; scale k = {:.3}; mean squared error {:.5} with the weights before, {:.5} with these",
        rules.id(),
        args.games,
        args.depth,
        args.seed,
        args.opening_plies,
        job.epochs,
        if weights.has_patterns() { ", with patterns" } else { "" },
        job.weights.map_or(String::new(), |w| format!(", from {}", Path::new(w).file_name().map_or(w.into(), |n| n.to_string_lossy()))),
        t.positions,
        t.scale,
        t.loss_before,
        t.loss_after
    );
    std::fs::write(job.out, weights.to_toml(&comment)).map_err(|e| invalid(format!("cannot write {}: {e}", job.out)))?;
    out.say(comment);
    out.say(format!(
        "games played in {played:.1} s, fitted in {:.1} s; weights written to {}",
        start.elapsed().as_secs_f64() - played,
        job.out
    ));
    if job.check > 0 {
        let before = from.as_ref().zip(job.weights);
        check(&rules, &weights, before, args, job.check, out)?;
    }
    Ok(())
}

/// `count` games from random openings (seeds after the tuning's), the learned player White
/// in even games and Black in odd, at the tuning's depth, against the player with the
/// weights it started from (`before`, and their file; `None`: the rules' own): its score,
/// with a 95% interval.
fn check(rules: &Rules, weights: &Weights, before: Option<(&Weights, &str)>, args: &GameArgs, count: u32, out: &mut Out) -> Done {
    let own = Weights::of(rules);
    let sides = Sides::Duel([weights, before.map_or(&own, |(b, _)| b)]);
    let games = GameArgs { games: count, seed: args.seed.wrapping_add(u64::from(args.games)), ballots: None, ..args.clone() };
    let played = play_games_with(rules, &games, "check", sides)?;
    let (w, d, l, score, half) = duel_score(&played, sides);
    out.say(format!(
        "check: the learned player against {}, {} games at depth {}: +{w} ={d} -{l}, score {:.1}% ± {:.1}% (95%)",
        before.map_or("the rules' own".to_string(), |(_, file)| format!("the one of {file}")),
        played.len(),
        args.depth,
        100.0 * score,
        100.0 * half
    ));
    Ok(())
}
