//! The FEN fields of polydame's own rules, after the piece lists: huffing's state (`X`,
//! the pieces the side to move may take off; `L`, where each side's last capture first
//! landed), the pieces in hand (`P`) and the moves played (`M`).

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

/// The field of the moves played, `field` (trimmed) at byte offset `at`: `M` and their
/// number (`:M1`), as far as the rules count them (see [`Position::played`]). Errors carry
/// their byte offset.
pub(super) fn read_played(field: &str, at: usize, setup: &mut Setup) -> Result<(), (usize, FenErrorKind)> {
    let digits = field[1..].trim();
    let n: u16 = digits
        .parse()
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| (at, FenErrorKind::BadPlayed { found: field.to_string() }))?;
    if setup.played.replace(n).is_some() {
        return Err((at, FenErrorKind::ExtraTwice { found: field.to_string() }));
    }
    Ok(())
}

/// Appends the fields of the rules' state that are not empty: `:X`, `:L`, `:P`, `:M`.
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
    if pos.played() > 0 {
        out.push_str(&format!(":M{}", pos.played()));
    }
}

#[cfg(test)]
mod tests {
    use crate::record::fen::{parse_fen, write_fen};

    #[test]
    fn moves_played_read_and_written_where_the_rules_count_them() {
        let fetach = crate::load_variant("fetach").expect("shipped");
        let pos = parse_fen(&fetach, "W:Wc2:Bc3:M7").expect("a position");
        // Fetach asks about the first move only: 7 is kept as "one or more".
        assert_eq!(pos.played(), 1);
        assert_eq!(write_fen(&fetach, &pos), "W:Wc2:Bc3:M1");
        assert_eq!(parse_fen(&fetach, "W:Wc2:Bc3").expect("a position").played(), 0);
        let code = |rules, fen| parse_fen(rules, fen).err().map(|e| (e.kind.code(), e.column));
        assert_eq!(code(&fetach, "W:Wc2:Bc3:Mx"), Some(("bad-played", 11)));
        assert_eq!(code(&fetach, "W:Wc2:Bc3:M70000"), Some(("bad-played", 11)));
        assert_eq!(code(&fetach, "W:Wc2:Bc3:M1:M2"), Some(("extra-twice", 14)));
        let international = crate::load_variant("international").expect("shipped");
        assert_eq!(code(&international, "W:W31:B20:M1"), Some(("bad-colour", 11)));
    }
}
