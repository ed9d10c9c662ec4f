//! `polydame match`: the player against itself from a set of openings, the games written
//! as PDN, and the score on standard error.

use super::selfplay::{GameArgs, play_games};
use super::{Done, Out, VariantArgs, invalid};

use polydame_report::stats::{Results, results};
use serde::Serialize;
use std::io::Write;

/// `match --json`: the score, after the games.
#[derive(Serialize)]
struct Score {
    games: usize,
    #[serde(flatten)]
    results: Results,
}

/// Plays the games and writes them as PDN (to `out_file`, or standard output), then the
/// score (standard error; with `json`, one JSON object on standard output after the file).
pub fn run(variant: &VariantArgs, args: &GameArgs, out_file: Option<&str>, json: bool, out: &mut Out) -> Done {
    let rules = variant.load()?;
    // The file is made before the games are played, so that a path that cannot be written
    // fails at once, not after the work.
    let mut file = match out_file {
        Some(path) => Some((path, std::fs::File::create(path).map_err(|e| invalid(format!("cannot write {path}: {e}")))?)),
        None => None,
    };
    let games = play_games(&rules, args, "match")?;
    let mut pdn = String::new();
    for (i, g) in games.iter().enumerate() {
        let record = g.match_record(&rules, i + 1, args.depth);
        if i > 0 {
            pdn.push('\n');
        }
        pdn.push_str(&polydame::pdn::write_pdn(&rules, &record));
    }
    match &mut file {
        Some((path, f)) => f.write_all(pdn.as_bytes()).map_err(|e| invalid(format!("cannot write {path}: {e}")))?,
        None => out.say(pdn.trim_end()),
    }
    let score = Score { games: games.len(), results: results(games.iter().map(|g| &g.outcome)) };
    if json {
        out.json(&score);
    } else {
        eprintln!(
            "{} games: White wins {}, Black wins {}, draws {}, unfinished at {} plies {}",
            score.games, score.results.white_wins, score.results.black_wins, score.results.draws, args.max_plies, score.results.unfinished
        );
    }
    Ok(())
}
