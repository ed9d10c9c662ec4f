//! `polydame play --engine LEVEL`: the generic player as the opponent of the person who
//! types the moves. The loop of [`super::play_loop`] and the moves given on the command
//! line ask it for its reply; `undo` takes back its reply with the person's move; the PDN
//! names both players.

use super::{Failure, invalid, over_budget};
use clap::{Args, ValueEnum};
use polydame::pdn::GameRecord;
use polydame::player::Memory;
use polydame::{Game, Limits, MoveInfo, Outcome, Player, Position, Rules, Side};
use std::time::Duration;

/// The most milliseconds the engine thinks about a move unless `--engine-time` says.
/// Level L searches L plies; measured in release mode from the start and from positions
/// of random games after 16 and 40 plies (2 cores): at depth 9, International 0.01-0.85 s,
/// HexDame 0.04-2.9 s, English 0.01-0.03 s; at depth 10, International 0.1-1.9 s, HexDame
/// 0.08-13 s, English 0.01-0.13 s. This limit keeps the deep levels near a second on every
/// board.
const DEFAULT_MS: u64 = 1000;

/// The engine's arguments of `polydame play`.
#[derive(Args, Clone, Debug, Default)]
pub struct EngineArgs {
    /// Play against the generic player at this level, 1 (weakest) to 10: level L searches
    /// L plies deep (and on while captures are compulsory), for at most --engine-time.
    /// Up to level 8 it answers in well under a second on a 10x10 board; levels 9 and 10
    /// take up to about a second, where the time limit may stop them a ply short.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u8).range(1..=10))]
    pub engine: Option<u8>,
    /// The side the engine plays (default: the side that does not move first in the
    /// position, so you move first; if the engine is to move, it moves at once).
    #[arg(long, value_name = "SIDE", requires = "engine")]
    pub engine_side: Option<SideArg>,
    /// The most time the engine thinks about a move, in milliseconds (default 1000): it
    /// plays the move of the deepest search it finished.
    #[arg(long, value_name = "MS", requires = "engine", value_parser = clap::value_parser!(u64).range(1..))]
    pub engine_time: Option<u64>,
}

/// A side as the command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    White,
    Black,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::White => Side::White,
            SideArg::Black => Side::Black,
        }
    }
}

impl EngineArgs {
    /// The engine asked for, to play from `start`; None without `--engine`.
    pub fn engine<'r>(&self, rules: &'r Rules, start: &Position) -> Option<Engine<'r>> {
        let level = self.engine?;
        let side = self.engine_side.map_or_else(|| start.side_to_move().other(), Side::from);
        let depth = u32::from(level);
        let time = Duration::from_millis(self.engine_time.unwrap_or(DEFAULT_MS));
        let limits = Limits { depth, time: Some(time), stop: None };
        // The game's transposition table is kept from move to move.
        Some(Engine { player: Player::new(rules).with_memory(Memory::new()), side, level, limits })
    }
}

/// The generic player at a level, playing one side of a game.
pub struct Engine<'r> {
    player: Player<'r>,
    side: Side,
    level: u8,
    limits: Limits,
}

impl<'r> Engine<'r> {
    /// The side the engine plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Its name in a game record: `polydame level N`.
    pub fn name(&self) -> String {
        format!("polydame level {}", self.level)
    }

    /// Whether the engine is to move: the game goes on and its side moves.
    pub fn to_move(&self, game: &Game) -> bool {
        game.position().side_to_move() == self.side && game.outcome() == Outcome::Ongoing
    }

    /// When the engine is to move, its move, played, and written as in the position it was
    /// played in; None when it is not to move. An error when its search passed the capture
    /// budget.
    pub fn reply(&self, game: &mut Game<'r>) -> Result<Option<String>, Failure> {
        if !self.to_move(game) {
            return Ok(None);
        }
        let found = self.player.best_in(game.position(), self.limits.clone(), game.history()).map_err(|e| over_budget(game.rules(), &e))?;
        let Some(m) = found.best else { return Ok(None) };
        let text = game.move_text(&m);
        game.play_move(&m).map_err(|e| invalid(format!("error: the engine's move {text} cannot be played: {e}")))?;
        Ok(Some(text))
    }

    /// Takes back the last move and, while the engine is then to move, the move before, so
    /// that the person is to move (after the engine's reply: two plies); returns them, the
    /// last first. None, and the game as it was, when no move of the person's is left to
    /// take back.
    pub fn undo(&self, game: &mut Game<'r>) -> Option<Vec<MoveInfo>> {
        let mut taken = Vec::new();
        while taken.is_empty() || game.position().side_to_move() == self.side {
            match game.undo() {
                Some(m) => taken.push(m),
                None => {
                    for m in taken.iter().rev() {
                        game.play_move(m).expect("a move taken back plays again");
                    }
                    return None;
                }
            }
        }
        Some(taken)
    }

    /// The game as a record whose White and Black tags name the engine and `human`.
    pub fn record(&self, game: &Game) -> GameRecord {
        let mut record = game.record();
        for side in Side::BOTH {
            let name = if side == self.side { self.name() } else { "human".to_string() };
            record.tags.push((side.name().to_string(), name));
        }
        record
    }
}

/// The game as a record, with the players named when an engine plays one side.
pub fn record(game: &Game, engine: Option<&Engine>) -> GameRecord {
    match engine {
        Some(e) => e.record(game),
        None => game.record(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine<'r>(rules: &'r Rules, args: &EngineArgs) -> Engine<'r> {
        args.engine(rules, &Position::start(rules)).expect("an engine")
    }

    fn reply<'r>(e: &Engine<'r>, game: &mut Game<'r>) -> Option<String> {
        e.reply(game).ok().expect("within the capture budget")
    }

    #[test]
    fn the_engine_takes_the_side_that_does_not_move_first() {
        let rules = polydame::load_variant("english").unwrap();
        let args = EngineArgs { engine: Some(3), ..EngineArgs::default() };
        assert_eq!(engine(&rules, &args).side(), Side::White);
        let args = EngineArgs { engine_side: Some(SideArg::Black), ..args };
        assert_eq!(engine(&rules, &args).side(), Side::Black);
        assert!(EngineArgs::default().engine(&rules, &Position::start(&rules)).is_none());
    }

    #[test]
    fn undo_takes_back_to_the_person_and_not_past_the_engine_opening() {
        let rules = polydame::load_variant("international").unwrap();
        let args = EngineArgs { engine: Some(2), engine_side: Some(SideArg::White), engine_time: None };
        let e = engine(&rules, &args);
        let mut game = Game::new(&rules);
        let opening = reply(&e, &mut game).expect("White's move");
        assert!(e.undo(&mut game).is_none());
        assert_eq!(game.moves().len(), 1);
        game.play("19-23").unwrap();
        assert!(reply(&e, &mut game).is_some());
        assert!(reply(&e, &mut game).is_none(), "the person is to move");
        assert_eq!(e.undo(&mut game).map(|t| t.len()), Some(2));
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.undo().map(|m| polydame::notation::full_path(&rules, &m)), Some(opening));
    }

    #[test]
    fn the_record_names_the_players() {
        let rules = polydame::load_variant("international").unwrap();
        let e = engine(&rules, &EngineArgs { engine: Some(4), ..EngineArgs::default() });
        let text = polydame::pdn::write_pdn(&rules, &e.record(&Game::new(&rules)));
        assert!(text.contains("[White \"human\"]\n[Black \"polydame level 4\"]\n"), "{text}");
    }
}
