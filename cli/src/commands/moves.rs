//! `polydame moves`: the legal moves of positions.

use super::{Done, FenArgs, Out, RouteArgs, VariantArgs, fen_failure, invalid, over_budget, read_fen, say_routes};
use polydame::fen::{MAX_FEN_BYTES, write_fen};
use polydame::json::{BudgetJson, FenErrorJson, MoveJson, MovesJson};
use polydame::notation::sort_moves;
use polydame::{MoveInfo, MoveList, Position};
use std::io::{BufRead, Read};

/// Where the positions come from.
pub struct Positions<'a> {
    pub fen: &'a FenArgs,
    /// A file with one FEN a line.
    pub fen_file: Option<&'a str>,
}

/// Lists the legal moves of each position; a FEN that cannot be read, or a position whose
/// capture search passes the budget, is reported and the others go on (exit status 1 at
/// the end). A file of FENs is read a line at a time: a line longer than a FEN may be
/// ([`MAX_FEN_BYTES`]) is reported and skipped without being held.
pub fn run(variant: &VariantArgs, from: Positions, routes: RouteArgs, json: bool, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let mut bad = 0;
    match (&from.fen.fen, from.fen_file) {
        (_, Some(path)) => {
            let file = std::fs::File::open(path).map_err(|e| invalid(format!("cannot read {path}: {e}")))?;
            let mut reader = std::io::BufReader::new(file);
            let mut number = 0;
            loop {
                number += 1;
                let line = match next_line(&mut reader) {
                    Ok(Some(Ok(line))) => line,
                    Ok(Some(Err(long))) => {
                        bad += 1;
                        eprintln!("{path}:{number}: the line is {long} bytes long, more than the {MAX_FEN_BYTES} a FEN may have");
                        continue;
                    }
                    Ok(None) => break,
                    Err(e) => return Err(invalid(format!("cannot read {path}: {e}"))),
                };
                let f = line.trim();
                if f.is_empty() || f.starts_with('#') {
                    continue;
                }
                bad += position(&rules, &format!("{path}:{number}: "), f, &from, &routes, json, out);
            }
        }
        (Some(f), None) => bad += position(&rules, "", f, &from, &routes, json, out),
        (None, None) => bad += position(&rules, "", &write_fen(&rules, &Position::start(&rules)), &from, &routes, json, out),
    };
    if bad > 0 {
        return Err(invalid(format!("{bad} position(s) could not be read or searched")));
    }
    Ok(())
}

/// How far past a long line the file is read for its end: a line longer than this (1 MiB)
/// is no FEN of a file of FENs, and the file is not read on (`/dev/zero` has no lines).
const MAX_SKIPPED: usize = 1 << 20;

/// The next line of `reader` (without its end), `Err(length)` for a line longer than
/// [`MAX_FEN_BYTES`] (read past, not kept), `None` at the end; an error for a line longer
/// than [`MAX_SKIPPED`].
fn next_line(reader: &mut impl BufRead) -> std::io::Result<Option<Result<String, usize>>> {
    let mut buf = Vec::new();
    let limit = MAX_FEN_BYTES as u64 + 1;
    if reader.by_ref().take(limit).read_until(b'\n', &mut buf)? == 0 {
        return Ok(None);
    }
    if buf.len() as u64 == limit && buf.last() != Some(&b'\n') {
        // Too long: read on to the line's end, a piece at a time, keeping only the count.
        let mut long = buf.len();
        loop {
            buf.clear();
            let n = reader.by_ref().take(limit).read_until(b'\n', &mut buf)?;
            long += n;
            if n == 0 {
                return Ok(Some(Err(long)));
            }
            if buf.last() == Some(&b'\n') {
                return Ok(Some(Err(long - 1)));
            }
            if long > MAX_SKIPPED {
                let why = format!("a line is more than {MAX_SKIPPED} bytes long: this is not a file of FENs, one a line");
                return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, why));
            }
        }
    }
    Ok(Some(Ok(String::from_utf8_lossy(&buf).into_owned())))
}

/// Lists the moves of the position `f` (said at `place`); 1 if it cannot be read or
/// searched, 0 otherwise.
fn position(rules: &polydame::Rules, place: &str, f: &str, from: &Positions, routes: &RouteArgs, json: bool, out: &mut Out) -> usize {
    let f = f.to_string();
    let mut pos = match read_fen(rules, &f, from.fen.allow_unreachable) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{place}{}", fen_failure(&e));
            if json {
                out.json(&FenErrorJson::new(&f, &e));
            }
            return 1;
        }
    };
    let mut list = MoveList::new();
    if let Err(e) = pos.try_generate(rules, &mut list, routes.routes()) {
        eprintln!("{place}{}", over_budget(rules, &e).message);
        if json {
            out.json(&BudgetJson::new(&f, &e));
        }
        return 1;
    }
    let mut moves: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
    sort_moves(rules, &mut moves);
    if json {
        out.json(&MovesJson { fen: f, moves: MoveJson::all(rules, &moves) });
    } else {
        let s = if moves.len() == 1 { "" } else { "s" };
        out.say(format!("{} ({} move{s})", f, moves.len()));
        say_routes(out, rules, &moves, routes.routes());
        // `moves_again`: the moves after which the same side moves again.
        let again: Vec<String> = (0..list.len())
            .filter(|&i| list.get(i).moves_again())
            .map(|i| polydame::notation::move_text(rules, &list.info(i), &moves))
            .collect();
        if !again.is_empty() {
            out.say(format!("after {}, {} moves again", again.join(", "), pos.side_to_move().name()));
        }
    }
    0
}
