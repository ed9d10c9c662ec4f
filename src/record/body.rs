//! The moves of a game's text: its tokens into the moves of the main line and of each
//! variation, with what is written after each move, setup tokens and what is not read.

use super::pdn::{MoveText, Oddity, PdnGame, PdnParser, Places, Rule, Variation};
use super::write::MoveNotes;
use pest::Parser;

/// The line a token belongs to: the main line, or a variation (its index).
pub(super) type LineId = Option<usize>;

pub(super) fn read_body(p: pest::iterators::Pair<Rule>, text: &str, first: usize, game: &mut PdnGame, notes: bool) {
    let mut places = Places::new(text, first);
    read_tokens(p.into_inner(), &mut places, game, None, notes);
}

/// Reads the tokens of one line (the main line or a variation) into `game`.
fn read_tokens(tokens: pest::iterators::Pairs<Rule>, places: &mut Places, game: &mut PdnGame, id: LineId, notes: bool) {
    let main = id.is_none();
    // A variation stops at an unknown move: what follows cannot be replayed.
    let mut cut = false;
    for t in tokens {
        let (line, column) = places.at(t.as_span().start());
        match t.as_rule() {
            Rule::line_comment | Rule::move_number => {}
            Rule::comment | Rule::nag | Rule::strength if notes => note(game, id, t.as_rule(), t.as_str()),
            Rule::comment | Rule::nag | Rule::strength => {}
            Rule::variation => {
                let at = line_moves(game, id).len().saturating_sub(1);
                game.variations.push(Variation { parent: id, at, moves: Vec::new(), line, column });
                let k = game.variations.len() - 1;
                read_tokens(t.into_inner(), places, game, Some(k), notes);
            }
            Rule::setup | Rule::stray_tag | Rule::junk => {
                if main {
                    let moves_before = game.moves.len();
                    let o = Oddity { text: t.as_str().to_string(), line, column, moves_before };
                    match setup_fen(t.as_str()) {
                        Some(fen) => game.setups.push(Oddity { text: fen, ..o }),
                        None => game.oddities.push(o),
                    }
                }
            }
            Rule::unknown_move => {
                if main && game.gap.is_none() {
                    game.gap = Some(Oddity { text: t.as_str().to_string(), line, column, moves_before: game.moves.len() });
                }
                // `--` is also PDN's null move: a pass, in variants where a side passes.
                if t.as_str() == "--" && !cut {
                    let pass = MoveText {
                        text: t.as_str().to_string(),
                        squares: Vec::new(),
                        capture: false,
                        taken: Vec::new(),
                        packed: false,
                        drop: false,
                        line,
                        column,
                        notes: MoveNotes::default(),
                    };
                    line_moves(game, id).push(pass);
                }
                // A variation stops at an unknown move, but reads on after a pass, as the main
                // line does.
                cut |= !main && t.as_str() != "--";
            }
            Rule::result => {
                if main {
                    game.result = Some(t.as_str().to_string());
                }
            }
            Rule::r#move | Rule::packed_move | Rule::drop_move => {
                if !cut {
                    line_moves(game, id).push(move_text(t, line, column));
                }
            }
            other => unreachable!("body holds {other:?}"),
        }
    }
}

/// Keeps a comment, glyph or `!`/`?` with the move before it (a comment before the first
/// move of the game with the game).
pub(super) fn note(game: &mut PdnGame, id: LineId, rule: Rule, text: &str) {
    let join = |to: &mut Option<String>, text: &str| {
        let text = text.trim();
        if !text.is_empty() {
            *to = Some(match to.take() {
                Some(before) => format!("{before} {text}"),
                None => text.to_string(),
            });
        }
    };
    let comment = || text.strip_prefix('{').map(|t| t.strip_suffix('}').unwrap_or(t)).unwrap_or(text);
    match (line_moves(game, id).last_mut(), rule) {
        (Some(m), Rule::comment) => join(&mut m.notes.comment, comment()),
        (Some(m), Rule::nag) => m.notes.nags.extend(text[1..].parse::<u16>().ok()),
        (Some(m), _) => m.notes.strength = Some(text.to_string()),
        (None, Rule::comment) if id.is_none() => join(&mut game.comment, comment()),
        (None, _) => {}
    }
}

/// The moves of a line of the game.
fn line_moves(game: &mut PdnGame, id: LineId) -> &mut Vec<MoveText> {
    match id {
        None => &mut game.moves,
        Some(k) => &mut game.variations[k].moves,
    }
}

/// A move token as written: its squares, whether it is a capture, and its place.
fn move_text(t: pest::iterators::Pair<Rule>, line: usize, column: usize) -> MoveText {
    let mut squares = Vec::new();
    let mut capture = false;
    let mut written = String::new();
    let mut notes = MoveNotes::default();
    let mut taken = Vec::new();
    let mut drop = false;
    for part in t.into_inner() {
        match part.as_rule() {
            Rule::square | Rule::alg_square => {
                squares.push(part.as_str().to_string());
                written.push_str(part.as_str());
            }
            Rule::separator => {
                let s = part.as_str();
                capture |= s != "-";
                written.push_str(if s == "-" { "-" } else { "x" });
            }
            Rule::drop_square => {
                let sq = part.into_inner().next().expect("a dropped square").as_str();
                squares.push(sq.to_string());
                written.push('@');
                written.push_str(sq);
                drop = true;
            }
            Rule::packed_digits => {
                squares.push(part.as_str().to_string());
                written.push_str(part.as_str());
            }
            Rule::strength => notes.strength = Some(part.as_str().to_string()),
            Rule::taken => {
                taken = part.into_inner().map(|s| s.as_str().to_string()).collect();
                written.push_str(&format!("<{}>", taken.join(",")));
            }
            other => unreachable!("move holds {other:?}"),
        }
    }
    let packed = squares.len() == 1 && !drop;
    MoveText { text: written, squares, capture, taken, packed, drop, line, column, notes }
}

/// The FEN of a PDN 3.0 setup token (`/FEN "W:W31-50:B1-20"/`), if it is one.
fn setup_fen(token: &str) -> Option<String> {
    let inner = token.strip_prefix('/')?.strip_suffix('/')?.trim();
    let rest = inner.get(..3).filter(|t| t.eq_ignore_ascii_case("FEN")).map(|_| inner[3..].trim())?;
    let fen = rest.strip_prefix('"')?.strip_suffix('"')?;
    Some(fen.trim().to_string())
}

/// The readings of a move written without a separator (`3228`, see [`MoveText::packed`]):
/// each way of cutting its digits into two squares that `is_square` accepts, neither
/// starting with a zero.
///
/// ```
/// use polydame::pdn::packed_readings;
///
/// let fifty = |s: &str| s.parse::<u32>().is_ok_and(|n| (1..=50).contains(&n));
/// assert_eq!(packed_readings("3228", fifty), [("32", "28")]);
/// assert_eq!(packed_readings("510", fifty), [("5", "10")]);
/// let thirty_two = |s: &str| s.parse::<u32>().is_ok_and(|n| (1..=32).contains(&n));
/// assert_eq!(packed_readings("121", thirty_two), [("1", "21"), ("12", "1")]);
/// ```
pub fn packed_readings(digits: &str, is_square: impl Fn(&str) -> bool) -> Vec<(&str, &str)> {
    (1..digits.len())
        .map(|k| digits.split_at(k))
        .filter(|(a, b)| !a.starts_with('0') && !b.starts_with('0') && is_square(a) && is_square(b))
        .collect()
}

/// Reads one move written alone (`32-28`, `28x19x10`, `c3xe5`, `c3d4`): `None` unless
/// the whole text is one move.
pub(crate) fn read_move(text: &str) -> Option<MoveText> {
    [Rule::r#move, Rule::drop_move, Rule::packed_move].into_iter().find_map(|rule| {
        let t = PdnParser::parse(rule, text).ok()?.next()?;
        (t.as_span().end() == text.len()).then(|| move_text(t, 1, 1))
    })
}
