//! `polydame play`: moves played from the start or a FEN; the position reached, its
//! outcome and its legal moves. Without moves, the game is played line by line from
//! standard input (see [`super::play_loop`]). With `--engine`, the generic player answers
//! (see [`super::play_engine`]).

use super::play_engine::{self, Engine, EngineArgs};
use super::play_loop::{self, Mode};
use super::{Done, FenArgs, Out, VariantArgs, board, invalid, over_budget, say_moves};
use polydame::Game;
use polydame::json::{MoveErrorJson, MoveJson, OutcomeJson, PlayErrorJson, PlayJson};
use std::io::IsTerminal;

/// How to print what was played.
#[derive(Clone, Copy)]
pub struct Show {
    /// One JSON object.
    pub json: bool,
    /// The game as PDN.
    pub pdn: bool,
}

/// Plays `moves` in order; stops at the first that cannot be played, saying which ply and
/// why (exit status 1); then the engine's reply when it plays and is to move. Without
/// moves, reads them from standard input: a player's loop on a terminal, a quiet one for
/// scripts otherwise (exit status 1 if a line was refused).
pub fn run(variant: &VariantArgs, fen: &FenArgs, moves: &[String], show: Show, engine: &EngineArgs, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let start = fen.position(&rules)?;
    let engine = engine.engine(&rules, &start);
    let mut game = Game::from_position(&rules, start);
    if moves.is_empty() {
        return from_input(&mut game, engine.as_ref(), show, out);
    }
    for (i, text) in moves.iter().enumerate() {
        if let Err(e) = game.play(text) {
            let ply = i + 1;
            if show.json {
                let error = MoveErrorJson { ply, mv: text.clone(), reason: e.to_string(), code: e.code() };
                out.json(&PlayErrorJson { fen: game.fen(), error });
            }
            return Err(invalid(format!("ply {ply} `{text}`: {e}")));
        }
    }
    let reply = match &engine {
        Some(e) => e.reply(&mut game)?,
        None => None,
    };
    if show.json || show.pdn {
        return print_end(&game, engine.as_ref(), show, out);
    }
    if let Some(text) = reply {
        out.say(format!("polydame plays {text}"));
    }
    summary(&game, out)
}

/// The position reached: its FEN, its board, who is to move, its outcome and its legal
/// moves.
fn summary(game: &Game, out: &mut Out) -> Done {
    let rules = game.rules();
    let legal = game.legal_moves().map_err(|e| over_budget(rules, &e))?;
    let pos = game.position();
    out.say(format!("position: {}", game.fen()));
    out.say(board(rules, pos).trim_end());
    out.say(format!("{} to move; {}", pos.side_to_move().name(), game.outcome().describe(rules)));
    out.say(format!("legal moves ({}):", legal.len()));
    say_moves(out, rules, &legal);
    Ok(())
}

/// The game played from standard input, then the game as PDN or the position as JSON when
/// asked for. Piped input without a line (`< /dev/null`, an empty pipe) shows the position
/// as moves given on the command line do: there is nothing else to say. Exit status 1 when
/// a piped line was refused (the refusals are on standard error already), or when the
/// engine failed.
fn from_input<'r>(game: &mut Game<'r>, engine: Option<&Engine<'r>>, show: Show, out: &mut Out) -> Done {
    let stdin = std::io::stdin();
    let mode = if stdin.is_terminal() { Mode::Talk } else { Mode::Quiet };
    let ended = play_loop::run(game, stdin.lock(), mode, engine, out);
    if mode == Mode::Quiet && matches!(ended, Ok((0, _))) && !show.pdn && !show.json {
        summary(game, out)?;
    }
    print_end(game, engine, show, out)?;
    match ended? {
        (_, refused) if mode == Mode::Quiet && refused > 0 => Err(invalid("")),
        _ => Ok(()),
    }
}

/// `--pdn`: the game as PDN (naming the players against the engine); `--json`: the
/// position reached as one JSON object (its FEN, its outcome, its legal moves); neither:
/// nothing.
fn print_end(game: &Game, engine: Option<&Engine>, show: Show, out: &mut Out) -> Done {
    let rules = game.rules();
    if show.pdn {
        out.say(polydame::pdn::write_pdn(rules, &play_engine::record(game, engine)).trim_end());
    } else if show.json {
        let legal = game.legal_moves().map_err(|e| over_budget(rules, &e))?;
        out.json(&PlayJson { fen: game.fen(), outcome: OutcomeJson::new(rules, game.outcome()), moves: MoveJson::all(rules, &legal) });
    }
    Ok(())
}
