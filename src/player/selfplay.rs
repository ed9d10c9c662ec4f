//! Games the player plays against itself, from an opening, and what each ply of them
//! was: the facts a variant's designer asks of many games (who wins, how long games last,
//! how often captures are forced and how long they get, when men promote).

use super::{Limits, Player};
use crate::compile::Rules;
use crate::engine::{BudgetExceeded, Outcome, Position};
use crate::record::{Game, GameRecord, MoveError};
use crate::rng::Rng;
use crate::spec::Side;

/// A game played out by the player: its record (with the legal moves of every ply), how
/// it ended, and how many of its first plies were the opening it was given.
#[derive(Clone, Debug)]
pub struct SelfPlayGame {
    /// The moves, each with the legal moves of its position; the result is written in it.
    pub record: GameRecord,
    /// How the game ended; [`Outcome::Ongoing`] if it reached the limit of plies first.
    pub outcome: Outcome,
    /// The plies of the opening, played before the player took over.
    pub opening: usize,
    /// Positions the player searched in the whole game.
    pub nodes: u64,
}

/// What one ply of a game was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// The side that moved.
    pub side: Side,
    /// Its legal moves (the branching factor there).
    pub legal: usize,
    /// Whether every legal move was a capture (taking was forced).
    pub forced: bool,
    /// The pieces the move played took.
    pub captured: usize,
    /// Whether the moving piece changed kind (a man crowned).
    pub promoted: bool,
    /// Whether the move was the opening's rather than the player's.
    pub opening: bool,
}

impl SelfPlayGame {
    /// The game as `polydame match` writes it: its record tagged with the match's event
    /// (the variant's name), `round` (from 1), the player (`polydame depth D`) on both
    /// sides, and why it ended (its Termination).
    pub fn match_record(&self, rules: &Rules, round: usize, depth: u32) -> GameRecord {
        let player = format!("polydame depth {depth}");
        let termination = match self.outcome {
            Outcome::Ongoing => "unterminated: the match's limit of plies".to_string(),
            o => o.describe(rules),
        };
        let mut record = self.record.clone();
        record.tags = vec![
            ("Event".to_string(), format!("polydame match: {}", rules.spec().name)),
            ("Round".to_string(), round.to_string()),
            ("White".to_string(), player.clone()),
            ("Black".to_string(), player),
            ("Termination".to_string(), termination),
        ];
        record
    }

    /// The facts of each ply, in order.
    pub fn plies(&self) -> impl ExactSizeIterator<Item = PlyFacts> + '_ {
        let first = self.record.start.side_to_move();
        self.record.moves.iter().enumerate().map(move |(i, (m, legal))| PlyFacts {
            side: if i % 2 == 0 { first } else { first.other() },
            legal: legal.len(),
            forced: !legal.is_empty() && legal.iter().all(|l| !l.captured.is_empty()),
            captured: m.captured.len(),
            promoted: m.kind_before != m.kind_after,
            opening: i < self.opening,
        })
    }
}

/// Plays `game` on, the player choosing every move with `limits` and the game's history
/// (repetitions and move-count draws are draws it sees coming), until the game ends or has `max_plies` plies,
/// or the limits' stop flag is set (the game then stops unfinished, as at `max_plies`).
/// The plies already in `game` are its opening.
pub fn play_out<'r>(player: &Player<'r>, game: Game<'r>, limits: &Limits, max_plies: usize) -> Result<SelfPlayGame, BudgetExceeded> {
    play_out_sides([player, player], game, limits, max_plies)
}

/// [`play_out`] with a player for each side: `players[0]` moves for White, `players[1]`
/// for Black (two players to compare, such as one with learned weights and one without).
pub fn play_out_sides<'r>(
    players: [&Player<'r>; 2],
    mut game: Game<'r>,
    limits: &Limits,
    max_plies: usize,
) -> Result<SelfPlayGame, BudgetExceeded> {
    let opening = game.moves().len();
    let mut nodes = 0;
    let outcome = loop {
        let outcome = game.outcome();
        let stopped = limits.stop.as_ref().is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
        if outcome != Outcome::Ongoing || game.moves().len() >= max_plies || stopped {
            break outcome;
        }
        let player = players[game.position().side_to_move().index()];
        let found = player.best_in(game.position(), limits.clone(), game.history())?;
        nodes += found.nodes;
        let m = found.best.expect("an ongoing game has a legal move");
        played(game.play_move(&m))?;
    };
    Ok(SelfPlayGame { record: game.record(), outcome, opening, nodes })
}

/// Game `seed` of a self-play match from random openings, as `polydame match`, `polydame
/// report`, the studio and the Python package play it: `opening_plies` random legal plies
/// drawn from `seed` ([`random_opening`]), then the player seeded with `seed` on both
/// sides ([`play_out`]).
pub fn self_play_game(
    rules: &Rules,
    seed: u64,
    opening_plies: usize,
    limits: &Limits,
    max_plies: usize,
) -> Result<SelfPlayGame, BudgetExceeded> {
    let game = random_opening(rules, seed, opening_plies)?;
    play_out(&Player::new(rules).with_seed(seed), game, limits, max_plies)
}

/// A game of `plies` random legal moves from the start (fewer if it ends first), the
/// choices drawn from `seed`: the openings of a match played from random positions.
pub fn random_opening(rules: &Rules, seed: u64, plies: usize) -> Result<Game<'_>, BudgetExceeded> {
    // The choices are the generator's numbers after the seed's first.
    let mut rng = Rng::new(seed);
    rng.next_u64();
    let mut game = Game::from_position(rules, Position::start(rules));
    while game.moves().len() < plies && game.outcome() == Outcome::Ongoing {
        let legal = game.legal_moves()?;
        let i = rng.below(legal.len());
        played(game.play_move(&legal[i]))?;
    }
    Ok(game)
}

/// A legal move played: only the capture budget can refuse it.
fn played(r: Result<(), MoveError>) -> Result<(), BudgetExceeded> {
    match r {
        Ok(()) => Ok(()),
        Err(MoveError::Budget { error, .. }) => Err(error),
        Err(e) => unreachable!("a move of the legal moves is refused: {e}"),
    }
}
