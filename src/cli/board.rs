//! `polydame board`: the board alone, with the variant's square names.

use super::{board, Done, FenArgs, Out, VariantArgs};
use polydame::write_fen;

/// Prints the position (the start, or the FEN given) as a diagram: on a numbered board,
/// beside it the square numbers, so a reader can name every square; on other boards the
/// coordinates on its edges. Then the FEN and the side to move.
pub fn run(variant: &VariantArgs, fen: &FenArgs, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let pos = fen.position(&rules)?;
    let spec = rules.spec();
    let pieces = board(&rules, &pos);
    let key = if spec.notation.is_numeric() { spec.geometry.name_grid(|c| rules.cell_name(c).to_string()) } else { None };
    match key {
        Some(key) => {
            let left: Vec<&str> = pieces.lines().collect();
            let width = left.iter().map(|l| l.chars().count()).max().unwrap_or(0);
            for (i, l) in left.iter().enumerate() {
                match key.lines().nth(i) {
                    Some(k) => out.say(format!("{l:<width$}    {k}").trim_end()),
                    None => out.say(l),
                }
            }
        }
        None => out.say(pieces.trim_end()),
    }
    out.say(format!("{} to move; {}", pos.side_to_move().name(), write_fen(&rules, &pos)));
    Ok(())
}
