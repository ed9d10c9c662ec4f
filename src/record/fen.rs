//! FEN in the PDN style: `W:W31-50:B1-20`, `B:WK4,c3:Bd6`, ranges, kings, either order;
//! with columns, the pieces under a top in brackets, top first: `W:Wc3[bwK]:Be5`; and the
//! fields lidraughts appends (`:H0:F1`, Frisian's `:+0+0`), kept as [`FenExtras`].
//! A FEN is read into a [`Setup`], which becomes a [`Position`] through
//! [`Position::from_setup`].

pub use super::fen_error::{FenError, FenErrorKind};
use super::fen_fields::{read_hands, read_huffing, read_played, write_rule_fields};
use super::notations::Notations;
use crate::compile::Rules;
use crate::engine::{Position, Setup, SetupProblem};
use crate::geometry::Notation;
use crate::spec::{BySide, Side};

/// What a FEN may say besides the position: the fields lidraughts appends after the piece
/// lists (`W:W31-50:B1-20:H0:F1`, and in Frisian and Frysk! `:+0+0`). The rules of
/// polydame use none of them but the king-move counters (see [`FenExtras::king_moves`]);
/// they are kept so that [`FenRead::fen`] can write them back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FenExtras {
    /// `H<n>`: lidraughts' half-move clock (the half-moves since the last capture or man
    /// move).
    pub half_moves: Option<u32>,
    /// `F<n>`: the number of the move, from 1.
    pub move_number: Option<u32>,
    /// `+N+M`: lidraughts' counters of consecutive quiet moves by one king, indexed by
    /// [`Side`] (White first), each the count and, when written, the king's cell. In the
    /// FEN Black's counter comes first, as lidraughts writes them: `+1` and the king's
    /// square, then White's. In a variant with a quiet-move limit (`max_quiet_moves`) a
    /// counter that names its king, or whose side has one piece of a limited kind, also
    /// sets the position's [`quiet_track`](Position::quiet_track).
    pub king_moves: Option<BySide<(u8, Option<u16>)>>,
}

impl FenExtras {
    /// Whether the FEN had none of these fields.
    pub fn is_empty(&self) -> bool {
        self == &FenExtras::default()
    }
}

/// A FEN read in full: the position, what the FEN says besides it, and the notation its
/// squares were read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenRead {
    /// The position.
    pub position: Position,
    /// The fields after the piece lists.
    pub extras: FenExtras,
    /// `None` when the squares are written in the notation asked for (the variant's own
    /// for [`Notations::read_fen`]); else the notation that read them, named as
    /// [`candidate_notations`](crate::notation::candidate_notations) names it
    /// (`numeric, square 1 top-left`).
    pub notation: Option<String>,
}

impl FenRead {
    /// The position as FEN, squares in the variant's notation, followed by the extras
    /// that were given, as lidraughts writes them (`write_fen_with`).
    ///
    /// ```
    /// use polydame::load_variant;
    /// use polydame::notation::Notations;
    ///
    /// let rules = load_variant("frisian").unwrap();
    /// let read = Notations::new(&rules).read_fen("W:W46-50:B1-5:H0:F1:+0+0").unwrap();
    /// assert_eq!(read.fen(&rules), "W:W46,47,48,49,50:B1,2,3,4,5:H0:F1:+0+0");
    /// ```
    pub fn fen(&self, rules: &Rules) -> String {
        write_fen_with(rules, &self.position, &self.extras)
    }
}

/// Reads a FEN for the variant of `rules`, squares in the variant's notation, or, when
/// the FEN names a square that notation does not have, in the first other notation of
/// the variant ([`candidate_notations`](crate::notation::candidate_notations)) that has them all:
/// numbers in an algebraic variant (lidraughts writes Russian FEN `W:W21-32:B1-12`),
/// algebraic squares in a numbered one. The fields lidraughts appends (`:H0:F1`,
/// `:+0+0`) are read and left out; [`Notations::read_fen`] keeps them.
///
/// ```
/// use polydame::load_variant;
/// use polydame::fen::{parse_fen, FenErrorKind};
///
/// let rules = load_variant("international").unwrap();
/// let pos = parse_fen(&rules, "W:W31-50:B1-20").unwrap();
/// assert_eq!(pos.pieces(polydame::Side::Black).len(), 20);
/// assert_eq!(parse_fen(&rules, "W:W31-50:B1-20:H0:F1").unwrap(), pos);
/// let err = parse_fen(&rules, "W:W31-51:B1-20").unwrap_err();
/// assert!(matches!(err.kind, FenErrorKind::NoSuchSquare { .. }));
/// assert_eq!(err.column, 4);
/// ```
pub fn parse_fen(rules: &Rules, text: &str) -> Result<Position, FenError> {
    read_fen(rules, text).map(|r| r.position)
}

/// Reads a FEN whose squares are written in `notation` (no other notation is tried).
pub fn parse_fen_in(rules: &Rules, notation: &Notation, text: &str) -> Result<Position, FenError> {
    read_in(rules, notation, text, false).map(|(p, _)| p)
}

/// [`parse_fen`], keeping what the FEN says besides the position and the notation its
/// squares were read in: [`Notations::read_fen`] with the notations of `rules`.
pub fn read_fen(rules: &Rules, text: &str) -> Result<FenRead, FenError> {
    Notations::new(rules).read_fen(text)
}

/// When a FEN that the first notation tried cannot read is read in the variant's other
/// notations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fallback {
    /// Only when the first notation lacks a square the FEN names; then the first notation
    /// that has every square decides, position or error (a FEN given by hand: a position
    /// no game reaches stays one, it is not read as the board turned).
    Names,
    /// Whenever the FEN is not a position in the first notation; then the first notation
    /// in which it is one is taken (a record's FEN tag, which its moves confirm: a FEN
    /// written with the board turned reads as a position no game reaches).
    Any,
}

/// Reads a FEN in `first`, or else in another of `notations` as `fallback` says; with
/// `as_given`, a position no game reaches is taken as it is. When no notation reads it,
/// the error is the one of `first`, or with [`Fallback::Names`] the one of the notation
/// that read furthest (`W:Wa1,b1` in International: b1 is a light square).
pub(crate) fn read_among(
    notations: &Notations,
    first: &Notation,
    text: &str,
    fallback: Fallback,
    as_given: bool,
) -> Result<FenRead, FenError> {
    let rules = notations.rules();
    let mut err = match read_in(rules, first, text, as_given) {
        Ok((position, extras)) => return Ok(FenRead { position, extras, notation: None }),
        Err(e) => e,
    };
    if fallback == Fallback::Names && !err.kind.is_about_names() {
        return Err(err);
    }
    for (name, n) in notations.all().iter().filter(|(_, n)| n.kind() != first.kind()) {
        let read = match fallback {
            Fallback::Names => match read_setup(rules, n, text) {
                Ok(parsed) => finish(rules, n, text, parsed, as_given),
                Err(e) => {
                    if e.column > err.column {
                        err = e;
                    }
                    continue;
                }
            },
            Fallback::Any => match read_in(rules, n, text, as_given) {
                Ok(read) => Ok(read),
                Err(_) => continue,
            },
        };
        return read.map(|(position, extras)| FenRead { position, extras, notation: Some(name.clone()) });
    }
    Err(err)
}

/// Reads a FEN whose squares are in `notation`.
fn read_in(rules: &Rules, notation: &Notation, text: &str, as_given: bool) -> Result<(Position, FenExtras), FenError> {
    let parsed = read_setup(rules, notation, text)?;
    finish(rules, notation, text, parsed, as_given)
}

/// The position of a FEN read: through [`Position::from_setup`], with the king-move
/// counters as its quiet track where they say it exactly.
fn finish(rules: &Rules, notation: &Notation, text: &str, parsed: Parsed, as_given: bool) -> Result<(Position, FenExtras), FenError> {
    let Parsed { setup, columns, extras, king_squares, huff_column } = parsed;
    let mut pos = match Position::from_setup(rules, &setup) {
        Ok(p) => p,
        Err(e) => {
            // The column of the first piece a problem is about, else of huffing's field if
            // a problem is about it, else of the first list.
            let huffing = |p: &SetupProblem| matches!(p, SetupProblem::NotHuffable { .. } | SetupProblem::NoLastLanding { .. });
            let column = e
                .problems()
                .iter()
                .find_map(|p| p.piece())
                .map(|i| columns[i])
                .or(huff_column.filter(|_| e.problems().iter().any(huffing)))
                .unwrap_or_else(|| columns.first().copied().unwrap_or(1));
            let err = FenError { kind: FenErrorKind::Setup(e), column, fen: text.to_string() };
            if !as_given {
                return Err(err);
            }
            err.ignore_unreachable()?
        }
    };
    if let Some(counters) = extras.king_moves {
        track_king_moves(rules, notation, text, &mut pos, counters, &king_squares)?;
    }
    Ok((pos, extras))
}

/// Sets the position's quiet track from lidraughts' king-move counters, in a variant with
/// a quiet-move limit: a counter naming its king's square follows that piece (which must
/// be there); one without a square follows the side's only piece of a limited kind, and
/// is only kept as an extra when the side has several.
fn track_king_moves(
    rules: &Rules,
    notation: &Notation,
    text: &str,
    pos: &mut Position,
    counters: [(u8, Option<u16>); 2],
    squares: &[Option<(usize, String)>; 2],
) -> Result<(), FenError> {
    let kinds = &rules.spec().kinds;
    let limited = |k: u8| kinds.get(k as usize).is_some_and(|k| k.max_quiet_moves.is_some());
    if !kinds.iter().any(|k| k.max_quiet_moves.is_some()) {
        return Ok(());
    }
    let mut track = pos.quiet_track();
    for side in Side::BOTH {
        let (count, cell) = counters[side];
        if count == 0 {
            continue;
        }
        let cell = match cell {
            Some(c) => match pos.piece(c) {
                Some((s, k)) if s == side && limited(k) => Some(c),
                _ => {
                    let (at, square) = squares[side].clone().unwrap_or((0, notation.name(c).to_string()));
                    let kind = FenErrorKind::NoKingThere { side, square };
                    return Err(FenError { kind, column: at + 1, fen: text.to_string() });
                }
            },
            None => {
                let mut of_limited = pos.pieces(side).iter().filter(|&c| pos.piece(c).is_some_and(|(_, k)| limited(k)));
                match (of_limited.next(), of_limited.next()) {
                    (Some(c), None) => Some(c),
                    _ => None,
                }
            }
        };
        if let Some(c) = cell {
            track[side] = (c, count);
        }
    }
    pos.set_quiet_track(track);
    Ok(())
}

/// The side to move and the piece lists of a FEN, each with its byte offset.
fn fields(text: &str) -> (usize, Vec<(usize, &str)>) {
    let mut base = text.len() - text.trim_start().len();
    let mut body = text.trim();
    // A FEN written as its PDN tag, `[FEN "W:W31:B19"]` (py-draughts' `Board.fen`).
    if body.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("[fen")) && body.ends_with(']') {
        let inner = &body[4..body.len() - 1];
        base += 4 + (inner.len() - inner.trim_start().len());
        body = inner.trim();
    }
    let quoted = body.starts_with('"');
    if let Some(b) = body.strip_prefix('"').and_then(|b| b.strip_suffix('"')) {
        body = b;
    }
    let body = body.trim_end_matches('.');
    let base = base + usize::from(quoted);
    let mut fields = Vec::new();
    let mut start = 0;
    for (i, ch) in body.char_indices() {
        if ch == ':' {
            fields.push((base + start, &body[start..i]));
            start = i + 1;
        }
    }
    fields.push((base + start, &body[start..]));
    (base + body.len(), fields)
}

/// A FEN as read, before it becomes a position.
struct Parsed {
    setup: Setup,
    /// The column (from 1) of each piece of the setup.
    columns: Vec<usize>,
    extras: FenExtras,
    /// Per side, the byte offset and text of the square a king-move counter names.
    king_squares: [Option<(usize, String)>; 2],
    /// The column (from 1) of the field of huffing's state, if any.
    huff_column: Option<usize>,
}

/// The longest FEN read, in bytes (64 KiB): a position of the largest board, every cell a
/// column of 33 pieces, is written in less. A longer text is refused before it is read,
/// and the error keeps only its start.
pub const MAX_FEN_BYTES: usize = 1 << 16;

/// A FEN's setup and extras, and the column (from 1) of each of its pieces.
fn read_setup(rules: &Rules, notation: &Notation, text: &str) -> Result<Parsed, FenError> {
    if text.len() > MAX_FEN_BYTES {
        let start: String = text.chars().take(40).collect();
        return Err(FenError { kind: FenErrorKind::TooLong { bytes: text.len() }, column: 1, fen: format!("{start}…") });
    }
    let err = |at: usize, kind: FenErrorKind| FenError { kind, column: at + 1, fen: text.to_string() };
    let (end, fields) = fields(text);
    let (turn_at, turn) = fields[0];
    let side = match turn.trim() {
        "W" | "w" => Side::White,
        "B" | "b" => Side::Black,
        "?" | "" => rules.spec().first,
        other => return Err(err(turn_at, FenErrorKind::BadSide { found: other.to_string() })),
    };
    if fields.len() < 2 {
        return Err(err(end, FenErrorKind::NoPieceLists));
    }
    let mut parsed = Parsed {
        setup: Setup::new(side),
        columns: Vec::new(),
        extras: FenExtras::default(),
        king_squares: [None, None],
        huff_column: None,
    };
    let mut seen = [false; 2];
    for &(at, field) in &fields[1..] {
        let f = field.trim();
        let at = at + (field.len() - field.trim_start().len());
        let (colour, list) = match f.chars().next() {
            Some('W') | Some('w') => (Side::White, &f[1..]),
            Some('B') | Some('b') => (Side::Black, &f[1..]),
            Some('H' | 'h' | 'F' | 'f' | '+') => {
                read_extra(rules, notation, f, at, &mut parsed).map_err(|(at, kind)| err(at, kind))?;
                continue;
            }
            // Huffing's state, in the variants that keep it (elsewhere not a side's letter).
            Some('X' | 'x') if rules.capture.huff == crate::spec::Huff::OpponentRemovesOne => {
                parsed.huff_column.get_or_insert(at + 1);
                read_huffing(rules, notation, f, at, &mut parsed.setup).map_err(|(at, kind)| err(at, kind))?;
                continue;
            }
            // Pieces in hand, in the variants that place them.
            Some('P' | 'p') if rules.spec().drops.is_some() => {
                read_hands(f, at, &mut parsed.setup).map_err(|(at, kind)| err(at, kind))?;
                continue;
            }
            // The moves played, in the variants whose conditions count them.
            Some('M' | 'm') if rules.played_bound > 0 => {
                read_played(f, at, &mut parsed.setup).map_err(|(at, kind)| err(at, kind))?;
                continue;
            }
            Some('L' | 'l') if rules.capture.huff_spares_last_landing => {
                parsed.huff_column.get_or_insert(at + 1);
                read_huffing(rules, notation, f, at, &mut parsed.setup).map_err(|(at, kind)| err(at, kind))?;
                continue;
            }
            Some(c) => return Err(err(at, FenErrorKind::BadColour { found: c })),
            None => return Err(err(at, FenErrorKind::EmptyList)),
        };
        if std::mem::replace(&mut seen[colour as usize], true) {
            return Err(err(at, FenErrorKind::TwoLists { side: colour }));
        }
        let mut off = at + 1;
        for item in list.split(',') {
            let item_at = off + (item.len() - item.trim_start().len());
            off += item.len() + 1;
            let item = item.trim();
            if item.is_empty() {
                if list.trim().is_empty() {
                    continue;
                }
                return Err(err(item_at, FenErrorKind::EmptySquare));
            }
            let (item, under) = split_column(rules, item).map_err(|(at, k)| err(item_at + at, k))?;
            let (kind, sq) = kind_prefix(rules, notation, item);
            for cell in squares(rules, notation, sq).map_err(|k| err(item_at, k))? {
                parsed.setup.put(cell, colour, kind);
                parsed.columns.push(item_at + 1);
                for &(side, kind) in &under {
                    parsed.setup.put(cell, side, kind);
                    parsed.columns.push(item_at + 1);
                }
            }
        }
    }
    if seen == [false; 2] {
        return Err(err(end, FenErrorKind::NoPieceLists));
    }
    Ok(parsed)
}

/// One of the fields lidraughts appends, `field` (trimmed) at byte offset `at`: `H<n>`,
/// `F<n>`, or the king-move counters `+N+M` (Black's first, each the count and maybe the
/// king's square: `+128+0`). Errors carry their byte offset.
fn read_extra(rules: &Rules, notation: &Notation, field: &str, at: usize, parsed: &mut Parsed) -> Result<(), (usize, FenErrorKind)> {
    let bad = || (at, FenErrorKind::BadExtra { found: field.to_string() });
    let twice = || (at, FenErrorKind::ExtraTwice { found: field.to_string() });
    let extras = &mut parsed.extras;
    let number = |s: &str| s.trim().parse::<u32>().ok().filter(|_| s.trim().bytes().all(|b| b.is_ascii_digit())).ok_or_else(bad);
    match field.as_bytes()[0] {
        b'H' | b'h' => {
            let n = number(&field[1..])?;
            if extras.half_moves.replace(n).is_some() {
                return Err(twice());
            }
        }
        b'F' | b'f' => {
            let n = number(&field[1..])?;
            if extras.move_number.replace(n).is_some() {
                return Err(twice());
            }
        }
        _ => {
            let parts: Vec<&str> = field[1..].split('+').collect();
            let [black, white] = parts[..] else { return Err(bad()) };
            let mut counters = [(0, None); 2];
            let mut off = at + 1;
            for (side, part) in [(Side::Black, black), (Side::White, white)] {
                let p = part.trim();
                let p_at = off + (part.len() - part.trim_start().len());
                off += part.len() + 1;
                let count = p.bytes().next().filter(u8::is_ascii_digit).ok_or_else(bad)? - b'0';
                let square = p[1..].trim();
                let cell = if square.is_empty() {
                    None
                } else {
                    let square_at = p_at + 1 + (p[1..].len() - p[1..].trim_start().len());
                    parsed.king_squares[side] = Some((square_at, square.to_string()));
                    Some(self::square(rules, notation, square).map_err(|k| (square_at, k))?)
                };
                counters[side] = (count, cell);
            }
            if extras.king_moves.replace(counters).is_some() {
                return Err(twice());
            }
        }
    }
    Ok(())
}

/// The pieces under a column's top, top first: (side, kind) of each.
type Under = Vec<(Side, u8)>;

/// An item without its column, and the pieces under its top (top first): `Kc3[bwK]` is
/// `Kc3` over a black man over a white king. Errors carry their byte offset in the item.
fn split_column<'a>(rules: &Rules, item: &'a str) -> Result<(&'a str, Under), (usize, FenErrorKind)> {
    let Some(open) = item.find('[') else { return Ok((item, Vec::new())) };
    if rules.spec().columns.is_none() {
        return Err((open, FenErrorKind::NoColumns));
    }
    let inner = &item[open + 1..];
    let Some(inner) = inner.strip_suffix(']') else {
        return Err((item.len(), FenErrorKind::BadColumn { found: "the end of the square, without `]`".to_string() }));
    };
    let kinds = &rules.spec().kinds;
    let man = kinds.iter().position(|k| k.fen.is_empty()).unwrap_or(0) as u8;
    let mut under = Vec::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let side = match ch {
            'w' => Side::White,
            'b' => Side::Black,
            other => return Err((open + 1 + i, FenErrorKind::BadColumn { found: other.to_string() })),
        };
        let kind = match chars.peek() {
            Some(&(_, k)) if k.is_ascii_uppercase() => {
                chars.next();
                match kinds.iter().position(|x| x.fen.starts_with(k)) {
                    Some(x) => x as u8,
                    None => return Err((open + 2 + i, FenErrorKind::BadColumn { found: k.to_string() })),
                }
            }
            _ => man,
        };
        under.push((side, kind));
    }
    Ok((&item[..open], under))
}

/// A piece's kind from its prefix (a capital letter that is some kind's FEN prefix), and
/// the rest of the item. A small letter is taken for the capital (`k46` for `K46`) only
/// where that cannot be misread: one kind's prefix starts with it, the item is not a
/// square as it stands (on a wide board `k3` is a square) and is one without the letter.
fn kind_prefix<'a>(rules: &Rules, notation: &Notation, item: &'a str) -> (u8, &'a str) {
    let kinds = &rules.spec().kinds;
    let man = kinds.iter().position(|k| k.fen.is_empty()).unwrap_or(0) as u8;
    let Some(first) = item.chars().next() else { return (man, item) };
    let rest = &item[first.len_utf8()..];
    if first.is_ascii_uppercase() {
        if let Some(k) = kinds.iter().position(|k| !k.fen.is_empty() && k.fen.starts_with(first)) {
            return (k as u8, rest);
        }
    } else if first.is_ascii_lowercase() {
        let upper = first.to_ascii_uppercase();
        let mut matching = kinds.iter().enumerate().filter(|(_, k)| !k.fen.is_empty() && k.fen.starts_with(upper));
        if let (Some((k, _)), None) = (matching.next(), matching.next())
            && squares(rules, notation, item).is_err()
            && squares(rules, notation, rest).is_ok()
        {
            return (k as u8, rest);
        }
    }
    (man, item)
}

/// The cell of one square, or why there is none.
pub(super) fn square(rules: &Rules, n: &Notation, s: &str) -> Result<u16, FenErrorKind> {
    let s = s.trim();
    n.parse(s).ok_or_else(|| {
        let lower = s.to_ascii_lowercase();
        if rules.spec().geometry.is_unplayable_square(&lower) {
            FenErrorKind::Unplayable { square: lower }
        } else if n.is_numeric() {
            FenErrorKind::NoSuchSquare { square: s.to_string(), numbered: Some(rules.cells) }
        } else {
            FenErrorKind::NoSuchSquare { square: s.to_string(), numbered: None }
        }
    })
}

/// The cells of a square or a range of numbered squares (`31-35`).
fn squares(rules: &Rules, n: &Notation, sq: &str) -> Result<Vec<u16>, FenErrorKind> {
    let one = |s: &str| square(rules, n, s);
    let Some((a, b)) = sq.split_once('-') else { return Ok(vec![one(sq)?]) };
    if !n.is_numeric() {
        return Err(FenErrorKind::RangeNotNumbered { range: sq.to_string() });
    }
    let (x, y) = (one(a)?, one(b)?);
    let (x, y) = (n.name(x).parse::<u32>().unwrap_or(0), n.name(y).parse::<u32>().unwrap_or(0));
    if x > y {
        return Err(FenErrorKind::BackwardRange { range: format!("{a}-{b}") });
    }
    (x..=y).map(|v| one(&v.to_string())).collect()
}

/// Writes a position as FEN, squares in the variant's notation.
pub fn write_fen(rules: &Rules, pos: &Position) -> String {
    let mut out = String::new();
    out.push(pos.side_to_move().letter());
    for side in Side::BOTH {
        out.push(':');
        out.push(side.letter());
        let mut cells: Vec<u16> = pos.pieces(side).iter().collect();
        if rules.spec().notation.is_numeric() {
            cells.sort_by_key(|&c| rules.cell_name(c).parse::<u32>().unwrap_or(0));
        }
        let items: Vec<String> = cells
            .iter()
            .map(|&c| {
                let column = pos.column(c);
                let (_, k) = column[0];
                let mut item = format!("{}{}", rules.spec().kinds[k as usize].fen, rules.cell_name(c));
                if column.len() > 1 {
                    item.push('[');
                    for &(side, kind) in &column[1..] {
                        item.push(side.letter().to_ascii_lowercase());
                        item.push_str(&rules.spec().kinds[kind as usize].fen);
                    }
                    item.push(']');
                }
                item
            })
            .collect();
        out.push_str(&items.join(","));
    }
    write_rule_fields(rules, pos, &mut out);
    out
}

/// Writes a position as FEN, squares in the variant's notation, followed by the fields of
/// `extras` that are given, as lidraughts writes them: `:H<n>`, `:F<n>`, then the
/// king-move counters, Black's first (`:+0+128`: White's king on 28 has made one quiet
/// move). With no extras it is [`write_fen`].
pub fn write_fen_with(rules: &Rules, pos: &Position, extras: &FenExtras) -> String {
    let mut out = write_fen(rules, pos);
    if let Some(h) = extras.half_moves {
        out.push_str(&format!(":H{h}"));
    }
    if let Some(f) = extras.move_number {
        out.push_str(&format!(":F{f}"));
    }
    if let Some(counters) = extras.king_moves {
        out.push(':');
        for side in [Side::Black, Side::White] {
            let (count, cell) = counters[side];
            out.push_str(&format!("+{count}{}", cell.map_or("", |c| rules.cell_name(c))));
        }
    }
    out
}
