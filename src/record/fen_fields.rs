//! The FEN fields of polydame's own rules, after the piece lists: huffing's state (`X`,
//! the pieces the side to move may take off; `L`, where each side's last capture first
//! landed) and the pieces in hand (`P`).

use super::fen::square;
use super::fen_error::FenErrorKind;
use crate::compile::Rules;
use crate::engine::{Position, Setup};
use crate::geometry::Notation;
use crate::spec::Side;

/// A field of huffing's state, `field` (trimmed) at byte offset `at`: `X` and the pieces
/// the side to move may take off (`:Xe5,g5`), or `L` and where each side's last capture
/// first landed (`:LWc5,Be3`). Errors carry their byte offset.
pub(super) fn read_huffing(
    rules: &Rules,
    notation: &Notation,
    field: &str,
    at: usize,
    setup: &mut Setup,
) -> Result<(), (usize, FenErrorKind)> {
    let bad = || (at, FenErrorKind::BadExtra { found: field.to_string() });
    let removals = field.starts_with(['X', 'x']);
    if (removals && !setup.huffable.is_empty()) || (!removals && setup.last_landing != [None; 2]) {
        return Err((at, FenErrorKind::ExtraTwice { found: field.to_string() }));
    }
    let mut off = at + 1;
    for item in field[1..].split(',') {
        let item_at = off + (item.len() - item.trim_start().len());
        off += item.len() + 1;
        let item = item.trim();
        if item.is_empty() && field[1..].trim().is_empty() {
            break;
        }
        if removals {
            setup.huffable.push(square(rules, notation, item).map_err(|k| (item_at, k))?);
            continue;
        }
        let side = match item.chars().next() {
            Some('W' | 'w') => Side::White,
            Some('B' | 'b') => Side::Black,
            _ => return Err(bad()),
        };
        setup.last_landing[side] = Some(square(rules, notation, &item[1..]).map_err(|k| (item_at + 1, k))?);
    }
    Ok(())
}

/// The field of the pieces in hand, `field` (trimmed) at byte offset `at`: `P` and each
/// side's count (`:PW66`, `:PW3,B5`; a side not named holds none). Errors carry their
/// byte offset.
pub(super) fn read_hands(field: &str, at: usize, setup: &mut Setup) -> Result<(), (usize, FenErrorKind)> {
    let bad = || (at, FenErrorKind::BadHand { found: field.to_string() });
    let mut seen = [false; 2];
    for item in field[1..].split(',') {
        let item = item.trim();
        if item.is_empty() && field[1..].trim().is_empty() {
            break;
        }
        let side = match item.chars().next() {
            Some('W' | 'w') => Side::White,
            Some('B' | 'b') => Side::Black,
            _ => return Err(bad()),
        };
        let n: u8 = item[1..].parse().ok().filter(|_| item[1..].bytes().all(|b| b.is_ascii_digit())).ok_or_else(bad)?;
        if std::mem::replace(&mut seen[side], true) {
            return Err((at, FenErrorKind::ExtraTwice { found: field.to_string() }));
        }
        setup.hand[side] = n;
    }
    Ok(())
}

/// Appends the fields of the rules' state that are not empty: `:X`, `:L`, `:P`.
pub(super) fn write_rule_fields(rules: &Rules, pos: &Position, out: &mut String) {
    let huffable: Vec<&str> = pos.huffable().iter().map(|c| rules.cell_name(c)).collect();
    if !huffable.is_empty() {
        out.push_str(":X");
        out.push_str(&huffable.join(","));
    }
    let landings: Vec<String> =
        Side::BOTH.into_iter().filter_map(|s| pos.last_landing(s).map(|c| format!("{}{}", s.letter(), rules.cell_name(c)))).collect();
    if !landings.is_empty() {
        out.push_str(":L");
        out.push_str(&landings.join(","));
    }
    let hands: Vec<String> =
        Side::BOTH.into_iter().filter(|&s| pos.hand(s) > 0).map(|s| format!("{}{}", s.letter(), pos.hand(s))).collect();
    if !hands.is_empty() {
        out.push_str(":P");
        out.push_str(&hands.join(","));
    }
}
