//! `polydame moves`: the legal moves of positions.

use super::{Done, FenArgs, Out, RouteArgs, VariantArgs, fen_failure, invalid, over_budget, read_fen, say_routes};
use polydame::fen::write_fen;
use polydame::json::{BudgetJson, FenErrorJson, MoveJson, MovesJson};
use polydame::notation::sort_moves;
use polydame::{MoveInfo, MoveList, Position};

/// Where the positions come from.
pub struct Positions<'a> {
    pub fen: &'a FenArgs,
    /// A file with one FEN a line.
    pub fen_file: Option<&'a str>,
}

/// Lists the legal moves of each position; a FEN that cannot be read, or a position whose
/// capture search passes the budget, is reported and the others go on (exit status 1 at
/// the end).
pub fn run(variant: &VariantArgs, from: Positions, routes: RouteArgs, json: bool, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let fens: Vec<(usize, String)> = match (&from.fen.fen, from.fen_file) {
        (_, Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| invalid(format!("cannot read {path}: {e}")))?;
            text.lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .map(|(i, l)| (i + 1, l.trim().to_string()))
                .collect()
        }
        (Some(f), None) => vec![(0, f.clone())],
        (None, None) => vec![(0, write_fen(&rules, &Position::start(&rules)))],
    };
    let mut bad = 0;
    for (line, f) in fens {
        // Where a FEN of a file is, for its error.
        let place = if line > 0 { format!("{}:{line}: ", from.fen_file.unwrap_or("")) } else { String::new() };
        let mut pos = match read_fen(&rules, &f, from.fen.allow_unreachable) {
            Ok(p) => p,
            Err(e) => {
                bad += 1;
                eprintln!("{place}{}", fen_failure(&e));
                if json {
                    out.json(&FenErrorJson::new(&f, &e));
                }
                continue;
            }
        };
        let mut list = MoveList::new();
        if let Err(e) = pos.try_generate(&rules, &mut list, routes.routes()) {
            bad += 1;
            eprintln!("{place}{}", over_budget(&rules, &e).message);
            if json {
                out.json(&BudgetJson::new(&f, &e));
            }
            continue;
        }
        let mut moves: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        sort_moves(&rules, &mut moves);
        if json {
            out.json(&MovesJson { fen: f, moves: MoveJson::all(&rules, &moves) });
        } else {
            let s = if moves.len() == 1 { "" } else { "s" };
            out.say(format!("{} ({} move{s})", f, moves.len()));
            say_routes(out, &rules, &moves, routes.routes());
        }
    }
    if bad > 0 {
        return Err(invalid(format!("{bad} position(s) could not be read or searched")));
    }
    Ok(())
}
