//! `polydame match`: the player against itself from a set of openings, the games written
//! as PDN, and the score on standard error.

use super::selfplay::{play_games, GameArgs};
use super::{invalid, Done, Out, VariantArgs};
use polydame::{Outcome, SelfPlayGame, Side};
use serde::Serialize;

/// `match --json`: the score, after the games.
#[derive(Serialize, Default)]
struct Score {
    games: usize,
    white_wins: usize,
    black_wins: usize,
    draws: usize,
    unfinished: usize,
}

/// Plays the games and writes them as PDN (to `out_file`, or standard output), then the
/// score (standard error; with `json`, one JSON object on standard output after the file).
pub fn run(variant: &VariantArgs, args: &GameArgs, out_file: Option<&str>, json: bool, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let games = play_games(&rules, args, "match")?;
    let mut pdn = String::new();
    for (i, g) in games.iter().enumerate() {
        let mut record = g.record.clone();
        let player = format!("polydame depth {}", args.depth);
        let mut tags = vec![
            ("Event".to_string(), format!("polydame match: {}", rules.spec().name)),
            ("Round".to_string(), (i + 1).to_string()),
            ("White".to_string(), player.clone()),
            ("Black".to_string(), player),
        ];
        tags.push(("Termination".to_string(), termination(g)));
        record.tags = tags;
        if i > 0 {
            pdn.push('\n');
        }
        pdn.push_str(&polydame::write_pdn(&rules, &record));
    }
    match out_file {
        Some(path) => std::fs::write(path, &pdn).map_err(|e| invalid(format!("cannot write {path}: {e}")))?,
        None => out.say(pdn.trim_end()),
    }
    let score = score(&games);
    if json {
        out.json(&score);
    } else {
        eprintln!(
            "{} games: White wins {}, Black wins {}, draws {}, unfinished at {} plies {}",
            score.games, score.white_wins, score.black_wins, score.draws, args.max_plies, score.unfinished
        );
    }
    Ok(())
}

/// Why the game ended, for its Termination tag.
fn termination(g: &SelfPlayGame) -> String {
    match g.outcome {
        Outcome::Ongoing => "unterminated: the match's limit of plies".to_string(),
        o => o.to_string(),
    }
}

/// The games' results by side.
fn score(games: &[SelfPlayGame]) -> Score {
    let mut s = Score { games: games.len(), ..Score::default() };
    for g in games {
        match g.outcome {
            Outcome::Win(Side::White, _) => s.white_wins += 1,
            Outcome::Win(Side::Black, _) => s.black_wins += 1,
            Outcome::Draw(_) => s.draws += 1,
            Outcome::Ongoing => s.unfinished += 1,
        }
    }
    s
}
