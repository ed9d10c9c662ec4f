//! `polydame match`: the player against itself from a set of openings, the games written
//! as PDN, and the score on standard error.

use super::best::read_weights;
use super::selfplay::{GameArgs, Sides, duel_score, play_games_with};
use super::{Done, Out, VariantArgs, invalid};
use polydame::player::Weights;

use polydame_report::stats::{Results, results};
use serde::Serialize;
use std::io::Write;

/// `match --json`: the score, after the games.
#[derive(Serialize)]
struct Score {
    games: usize,
    #[serde(flatten)]
    results: Results,
    /// With --against: the first player's score.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    first: Option<FirstScore>,
}

/// The first player's results in a match of two.
#[derive(Serialize)]
struct FirstScore {
    wins: usize,
    draws: usize,
    losses: usize,
    score: f64,
    /// Half the width of the score's 95% interval.
    interval: f64,
}

/// The players: a weights file for the first (`None`: the default player's), and a second
/// player's weights file or `own` (`None`: the first plays both sides).
pub struct Players<'a> {
    pub weights: Option<&'a str>,
    pub against: Option<&'a str>,
}

/// Plays the games and writes them as PDN (to `out_file`, or standard output), then the
/// score (standard error; with `json`, one JSON object on standard output after the file).
pub fn run(variant: &VariantArgs, args: &GameArgs, players: &Players, out_file: Option<&str>, json: bool, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let first = players.weights.map(|path| read_weights(&rules, path)).transpose()?;
    let default = || Weights::shipped(&rules).unwrap_or_else(|| Weights::of(&rules));
    let second = match players.against {
        Some("own") => Some(Weights::of(&rules)),
        Some(path) => Some(read_weights(&rules, path)?),
        None => None,
    };
    let first_or_default = first.clone().unwrap_or_else(default);
    // The file is made before the games are played, so that a path that cannot be written
    // fails at once, not after the work.
    let mut file = match out_file {
        Some(path) => Some((path, std::fs::File::create(path).map_err(|e| invalid(format!("cannot write {path}: {e}")))?)),
        None => None,
    };
    let sides = match &second {
        Some(second) => Sides::Duel([&first_or_default, second]),
        None => Sides::Same(first.as_ref()),
    };
    let games = play_games_with(&rules, args, "match", sides)?;
    let mut pdn = String::new();
    for (i, g) in games.iter().enumerate() {
        let mut record = g.match_record(&rules, i + 1, args.depth);
        if let Some(against) = players.against {
            // Each side's tag names its player.
            let first = format!("polydame depth {}, {}", args.depth, players.weights.unwrap_or("default"));
            let second = format!("polydame depth {}, {against}", args.depth);
            let (white, black) = if sides.first_is_white(i as u64) { (first, second) } else { (second, first) };
            for (key, value) in &mut record.tags {
                match key.as_str() {
                    "White" => *value = white.clone(),
                    "Black" => *value = black.clone(),
                    _ => {}
                }
            }
        }
        if i > 0 {
            pdn.push('\n');
        }
        pdn.push_str(&polydame::pdn::write_pdn(&rules, &record));
    }
    match &mut file {
        Some((path, f)) => f.write_all(pdn.as_bytes()).map_err(|e| invalid(format!("cannot write {path}: {e}")))?,
        None => out.say(pdn.trim_end()),
    }
    let first = second.is_some().then(|| {
        let (wins, draws, losses, score, interval) = duel_score(&games, sides);
        FirstScore { wins, draws, losses, score, interval }
    });
    let score = Score { games: games.len(), results: results(games.iter().map(|g| &g.outcome)), first };
    if json {
        out.json(&score);
    } else {
        eprintln!(
            "{} games: White wins {}, Black wins {}, draws {}, unfinished at {} plies {}",
            score.games, score.results.white_wins, score.results.black_wins, score.results.draws, args.max_plies, score.results.unfinished
        );
        if let Some(f) = &score.first {
            let name = players.weights.unwrap_or("the default player");
            eprintln!(
                "{name} against {}: +{} ={} -{}, score {:.1}% ± {:.1}% (95%)",
                players.against.unwrap_or_default(),
                f.wins,
                f.draws,
                f.losses,
                100.0 * f.score,
                100.0 * f.interval
            );
        }
    }
    Ok(())
}
