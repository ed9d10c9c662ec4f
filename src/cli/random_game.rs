//! `polydame random-game`: a random legal game, written as PDN.

use super::{Done, Out, VariantArgs};

/// Prints a random legal game of at most `plies` half-moves.
pub fn run(variant: &VariantArgs, seed: u64, plies: usize, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let game = polydame::random_game(&rules, seed, plies);
    out.say(polydame::write_pdn(&rules, &game).trim_end());
    Ok(())
}
