//! `polydame random-game`: random legal games, written as PDN.

use super::{Done, Out, VariantArgs, over_budget};

/// Prints `count` random legal games of at most `plies` half-moves each, the first from
/// `seed` and each next one from the next seed, a blank line between two games.
pub fn run(variant: &VariantArgs, seed: u64, plies: usize, count: u64, out: &mut Out) -> Done {
    let rules = variant.load()?;
    for i in 0..count {
        if i > 0 {
            out.say("");
        }
        let game = polydame::pdn::random_game(&rules, seed.wrapping_add(i), plies).map_err(|e| over_budget(&rules, &e))?;
        out.say(polydame::pdn::write_pdn(&rules, &game).trim_end());
    }
    Ok(())
}
