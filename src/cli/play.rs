//! `polydame play`: moves played from the start or a FEN; the position reached, its
//! outcome and its legal moves.

use super::json::{MoveErrorJson, MoveJson, PlayErrorJson, PlayJson};
use super::{board, invalid, say_moves, Done, FenArgs, Out, VariantArgs};
use polydame::Game;

/// How to print what was played.
pub struct Show {
    /// One JSON object.
    pub json: bool,
    /// The game as PDN.
    pub pdn: bool,
}

/// Plays `moves` in order; stops at the first that cannot be played, saying which ply and
/// why (exit status 1).
pub fn run(variant: &VariantArgs, fen: &FenArgs, moves: &[String], show: Show, out: &mut Out) -> Done {
    let json = show.json;
    let rules = variant.load()?;
    let mut game = Game::from_position(&rules, fen.position(&rules)?);
    for (i, text) in moves.iter().enumerate() {
        if let Err(e) = game.play(text) {
            let ply = i + 1;
            if json {
                let error = MoveErrorJson { ply, mv: text.clone(), reason: e.to_string(), code: e.code() };
                out.json(&PlayErrorJson { fen: game.fen(), error });
            }
            return Err(invalid(format!("ply {ply} `{text}`: {e}")));
        }
    }
    if show.pdn {
        out.say(polydame::write_pdn(&rules, &game.record()).trim_end());
        return Ok(());
    }
    let legal = game.legal_moves();
    if json {
        out.json(&PlayJson { fen: game.fen(), outcome: game.outcome().into(), moves: MoveJson::all(&rules, &legal) });
        return Ok(());
    }
    let pos = game.position();
    out.say(format!("position: {}", game.fen()));
    out.say(board(&rules, pos).trim_end());
    out.say(format!("{} to move; {}", pos.side_to_move().name(), game.outcome()));
    out.say(format!("legal moves ({}):", legal.len()));
    say_moves(out, &rules, &legal);
    Ok(())
}
