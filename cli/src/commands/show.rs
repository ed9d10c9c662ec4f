//! `polydame show`: the compiled rules in words, and the board.

use super::{Done, FenArgs, Out, VariantArgs, board};
use polydame::fen::write_fen;

/// Shows a variant's rules, and a position when a FEN is given.
pub fn run(variant: &VariantArgs, fen: &FenArgs, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let pos = fen.position(&rules)?;
    out.say(rules.describe());
    if fen.fen.is_some() {
        out.say(format!("position: {}\n{}{} to move", write_fen(&rules, &pos), board(&rules, &pos), pos.side_to_move().name()));
    }
    Ok(())
}
