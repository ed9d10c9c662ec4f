//! `polydame board`: the board alone, with the variant's square names, as text or SVG.

use super::{Done, FenArgs, Out, VariantArgs, invalid, keyed_board};
use polydame::fen::write_fen;
use polydame::notation::{full_path, move_text};
use polydame::picture::board_svg;
use polydame::{Game, MoveError, MoveInfo, Position, Rules};

/// How to show the board.
pub struct Picture<'a> {
    /// An SVG picture instead of the text diagram.
    pub svg: bool,
    /// A move to play in the position given first; the board shows the position after it.
    pub last: Option<&'a str>,
}

/// Prints the position (the start, or the FEN given; after `--last` when given) as a
/// diagram: on a numbered board, beside it the square numbers, so a reader can name every
/// square; on other boards the coordinates on its edges. Then the move played, the FEN and
/// the side to move. With `--svg`, an SVG picture instead.
pub fn run(variant: &VariantArgs, fen: &FenArgs, picture: Picture, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let mut pos = fen.position(&rules)?;
    let mut last = None;
    if let Some(text) = picture.last {
        let place = if fen.fen.is_some() { format!("in {}", write_fen(&rules, &pos)) } else { "in the start position".to_string() };
        let (after, m, written) = play_last(&rules, pos, text).map_err(|e| invalid(format!("--last `{text}` {place}: {e}")))?;
        pos = after;
        last = Some((m, written));
    }
    if picture.svg {
        out.say(board_svg(&rules, &pos, last.as_ref().map(|(m, _)| m)).trim_end());
        return Ok(());
    }
    out.say(keyed_board(&rules, &pos).trim_end());
    if let Some((m, written)) = &last {
        let full = full_path(&rules, m);
        let side = pos.side_to_move().other().name();
        if *written == full {
            out.say(format!("last move: {side} {written}"));
        } else {
            out.say(format!("last move: {side} {written} ({full})"));
        }
    }
    out.say(format!("{} to move; {}", pos.side_to_move().name(), write_fen(&rules, &pos)));
    Ok(())
}

/// Plays `text` in `pos`: the position after it, the move, and the move as written in
/// the position's notation (`32x12`, or the full path where that is ambiguous).
fn play_last(rules: &Rules, pos: Position, text: &str) -> Result<(Position, MoveInfo, String), MoveError> {
    let mut game = Game::from_position(rules, pos);
    let legal = game.legal_moves().map_err(|e| MoveError::budget(rules, e))?;
    let m = game.play(text)?;
    let written = move_text(rules, &m, &legal);
    Ok((game.position().clone(), m, written))
}
