//! Writing games as PDN (with comments, move annotations, glyphs and variations when a
//! game has them), and random legal games (for tests and demonstrations).

use super::fen::{FenExtras, write_fen, write_fen_with};
use super::move_text::move_text;
use crate::compile::Rules;
use crate::engine::{BudgetExceeded, History, MoveInfo, MoveList, Outcome, Position, Routes};
use crate::rng::Rng;
use crate::spec::Side;

/// A game to write: its tags, start position and moves.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Tag pairs to write first: (name, value).
    pub tags: Vec<(String, String)>,
    /// The position the game starts from.
    pub start: Position,
    /// Each move with the legal moves of its position (to know when a capture must be
    /// written in full).
    pub moves: Vec<(MoveInfo, Vec<MoveInfo>)>,
    /// The result: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// What PDN may write after a move besides the move itself. The reader
/// ([`parse_game`](crate::pdn::parse_game)) keeps them with the move ([`MoveText::notes`](crate::pdn::MoveText::notes)); the
/// replay does not read them: they are for people.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNotes {
    /// A move annotation written right after the move, one or more `!` and `?`: `!`,
    /// `?`, `!!`, `??`, `!?`, `?!`.
    pub strength: Option<String>,
    /// Numeric annotation glyphs written after the move: 1 is `$1`.
    pub nags: Vec<u16>,
    /// A comment written after the move (and its glyphs), in `{ }`; it may hold any text
    /// but `}`, which would end it (PDN has no way to write one inside a comment).
    pub comment: Option<String>,
}

impl MoveNotes {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self == &MoveNotes::default()
    }
}

/// A variation to write: moves in `( ... )` as an alternative to a move of another line,
/// the same shape as the [`Variation`](crate::pdn::Variation) the reader gives back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordVariation {
    /// The line it branches from: `None` the main line, `Some(i)` the variation
    /// `variations[i]` of the same [`Annotations`] (an earlier one).
    pub parent: Option<usize>,
    /// The index of the parent's move it replaces: it is played from the position before
    /// that move, and written just after it.
    pub at: usize,
    /// Its moves, each with the legal moves of its position (as [`GameRecord::moves`]).
    pub moves: Vec<(MoveInfo, Vec<MoveInfo>)>,
    /// What to write after each of its moves (the first `notes.len()` moves).
    pub notes: Vec<MoveNotes>,
}

/// What a record says about its moves besides them: notes after moves of the main line,
/// and variations. [`GameRecord::annotations`] gives empty ones to fill in, and
/// [`GameRecord::write_annotated`] writes the game with them.
///
/// Variations are written where they branch off, those that branch at the same move in
/// the order of `variations`, each with its own variations inside it; a reader gives them
/// back in the order they are written, which is the order of `variations` when that
/// lists them as they are written (every variation after its parent, and before the
/// variations that branch later from the same line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// A comment written before the first move.
    pub comment: Option<String>,
    /// What to write after each move of the main line (the first `moves.len()` moves).
    pub moves: Vec<MoveNotes>,
    /// The variations.
    pub variations: Vec<RecordVariation>,
}

impl Annotations {
    /// Whether there is nothing to write besides the moves.
    pub fn is_empty(&self) -> bool {
        self.comment.is_none() && self.moves.iter().all(MoveNotes::is_empty) && self.variations.is_empty()
    }

    /// Adds a variation with an empty [`MoveNotes`] for each of its moves; returns its
    /// index in [`Annotations::variations`] (the `parent` of variations inside it).
    pub fn add_variation(&mut self, parent: Option<usize>, at: usize, moves: Vec<(MoveInfo, Vec<MoveInfo>)>) -> usize {
        let notes = vec![MoveNotes::default(); moves.len()];
        self.variations.push(RecordVariation { parent, at, moves, notes });
        self.variations.len() - 1
    }
}

/// Why [`GameRecord::write_annotated`] cannot write a game's annotations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// A comment holds `}`, which would end it early.
    #[error("a comment cannot hold `}}` (it would end the comment there): {text:?}")]
    CommentBrace {
        /// The comment.
        text: String,
    },
    /// A move annotation that is not one or more `!` and `?`.
    #[error("`{text}` is not a move annotation (one or more `!` and `?`: `!`, `?!`, ...)")]
    BadStrength {
        /// The annotation given.
        text: String,
    },
    /// More notes than a line has moves.
    #[error("{notes} notes for a line of {moves} moves ({})", line_name(.line))]
    TooManyNotes {
        /// The line: `None` the main line, `Some(i)` variation `i`.
        line: Option<usize>,
        /// Notes given.
        notes: usize,
        /// Moves of the line.
        moves: usize,
    },
    /// A variation without moves, whose parent is not an earlier variation, or that
    /// branches at a move its parent does not have.
    #[error("variation {index} cannot be written: {reason}")]
    BadVariation {
        /// Its index in [`Annotations::variations`].
        index: usize,
        /// Why.
        reason: String,
    },
}

fn line_name(line: &Option<usize>) -> String {
    match line {
        None => "the main line".to_string(),
        Some(i) => format!("variation {i}"),
    }
}

impl GameRecord {
    /// Annotations with nothing in them, one empty `MoveNotes` for each move of the
    /// main line, to fill in and write with [`GameRecord::write_annotated`].
    pub fn annotations(&self) -> Annotations {
        Annotations { comment: None, moves: vec![MoveNotes::default(); self.moves.len()], variations: Vec::new() }
    }

    /// Writes the game as PDN as [`write_pdn`] does, with the comments, move annotations,
    /// glyphs and variations of `notes`: after a move, its annotation (`32-28!`), its
    /// glyphs (`$1`), its comment (`{...}`), then the variations that branch at it, each
    /// in `( ... )`. A move of the second side to move is numbered again (`12...`) after a
    /// comment or a variation. Refuses what the file cannot hold: a comment with `}`, an
    /// annotation that is not `!` and `?`, a variation that cannot be placed.
    ///
    /// ```
    /// use polydame::{load_variant, parse_move, Game};
    /// use polydame::pdn::{parse_game, pdn_games, replay};
    ///
    /// let rules = load_variant("international").unwrap();
    /// let mut game = Game::new(&rules);
    /// let opening = game.legal_moves().unwrap();
    /// game.play("32-28").unwrap();
    /// let record = game.record();
    /// let mut notes = record.annotations();
    /// notes.moves[0].strength = Some("!".into());
    /// notes.moves[0].comment = Some("the centre".into());
    /// let other = parse_move(&rules, game.start(), "33-29").unwrap();
    /// let v = notes.add_variation(None, 0, vec![(other, opening)]);
    /// notes.variations[v].notes[0].nags.push(6);
    /// let text = record.write_annotated(&rules, &notes).unwrap();
    /// assert!(text.ends_with("\n1. 32-28! {the centre} (1. 33-29 $6) *\n"));
    /// let read = parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
    /// assert_eq!(read.variations[0].moves[0].text, "33-29");
    /// assert!(replay(&rules, &read).variations.is_empty());
    ///
    /// notes.moves[0].comment = Some("a } in a comment".into());
    /// assert!(record.write_annotated(&rules, &notes).is_err());
    /// ```
    pub fn write_annotated(&self, rules: &Rules, notes: &Annotations) -> Result<String, WriteError> {
        check_notes(self, notes)?;
        Ok(write(rules, self, notes))
    }
}

/// A tag value as PDN writes it between quotes: `\` and `"` escaped; a line break (which
/// would split the tag pair over lines) written as a space.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace("\r\n", " ").replace(['\n', '\r'], " ")
}

/// A tag name as PDN can read it: letters, digits and `_`, anything else written as `_`.
fn tag_name(k: &str) -> String {
    if k.is_empty() {
        return "_".to_string();
    }
    k.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

/// The tags lidraughts writes, in its order, with the value written when a game has none.
const STANDARD_TAGS: [(&str, &str); 7] =
    [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"), ("Black", "?"), ("Result", "")];

/// Writes a game as PDN. The tags lidraughts exports come first, in its order (Event,
/// Site, Date, Round, White, Black, Result, GameType, FEN), `?` where the game has no
/// value; then `GameType` (or polydame's `Variant` tag for variants PDN has no number
/// for), `FEN` (and `SetUp`) when the game does not start from the start position, and
/// the game's other tags. A tag value's `"` and `\` are escaped and a line break in it is
/// written as a space; a tag name's characters other than letters, digits and `_` are
/// written as `_`. The FEN carries Frisian's king-move counters (`:+0+128`) when the start
/// position has one running. Moves are written as briefly as they are unambiguous (the
/// full path only where two captures share their ends); lines are wrapped before 80
/// columns. [`GameRecord::write_annotated`] also writes comments and variations.
pub fn write_pdn(rules: &Rules, game: &GameRecord) -> String {
    write(rules, game, &Annotations::default())
}

/// Checks that `notes` can be written for `game`.
fn check_notes(game: &GameRecord, notes: &Annotations) -> Result<(), WriteError> {
    let check = |line: Option<usize>, list: &[MoveNotes], moves: usize| -> Result<(), WriteError> {
        if list.len() > moves {
            return Err(WriteError::TooManyNotes { line, notes: list.len(), moves });
        }
        for n in list {
            if let Some(s) = &n.strength
                && (s.is_empty() || !s.chars().all(|c| c == '!' || c == '?'))
            {
                return Err(WriteError::BadStrength { text: s.clone() });
            }
            if let Some(c) = n.comment.as_ref().filter(|c| c.contains('}')) {
                return Err(WriteError::CommentBrace { text: c.clone() });
            }
        }
        Ok(())
    };
    if let Some(c) = notes.comment.as_ref().filter(|c| c.contains('}')) {
        return Err(WriteError::CommentBrace { text: c.clone() });
    }
    check(None, &notes.moves, game.moves.len())?;
    for (index, v) in notes.variations.iter().enumerate() {
        let bad = |reason: String| Err(WriteError::BadVariation { index, reason });
        let parent_moves = match v.parent {
            None => game.moves.len(),
            Some(p) if p < index => notes.variations[p].moves.len(),
            Some(p) => return bad(format!("its parent, variation {p}, does not come before it")),
        };
        if v.at >= parent_moves {
            return bad(format!("it branches at move {} of a line of {parent_moves} moves", v.at));
        }
        if v.moves.is_empty() {
            return bad("it has no moves".to_string());
        }
        check(Some(index), &v.notes, v.moves.len())?;
    }
    Ok(())
}

/// The start position's FEN, with the king-move counters when one runs. A counter past 9
/// is left out: the FEN gives a count one digit, and only a side whose every piece is of
/// the limited kind (which the limit then does not bind) counts that far.
fn start_fen(rules: &Rules, start: &Position) -> String {
    let track = start.quiet_track().map(|(cell, n)| if n > 9 { (0, 0) } else { (cell, n) });
    if track.iter().all(|&(_, n)| n == 0) {
        return write_fen(rules, start);
    }
    let counter = |s: Side| {
        let (cell, n) = track[s];
        (n, (n > 0).then_some(cell))
    };
    let extras = FenExtras { king_moves: Some([counter(Side::White), counter(Side::Black)]), ..FenExtras::default() };
    write_fen_with(rules, start, &extras)
}

/// Move text as words, wrapped before 80 columns.
#[derive(Default)]
struct Words {
    out: String,
    line: String,
}

impl Words {
    /// A word, after a space (or at the start of the next line when it would pass column 79).
    fn word(&mut self, word: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + word.len() > 79 {
            self.out.push_str(self.line.trim_end());
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(word);
    }

    /// Text glued to the last word.
    fn glue(&mut self, text: &str) {
        self.line.push_str(text);
    }

    fn finish(mut self) -> String {
        self.out.push_str(self.line.trim_end());
        self.out.push('\n');
        self.out
    }
}

/// One line of moves (the main line, `line` = `None`, or a variation), with their notes
/// and the variations that branch off it; its first move is ply `first_ply` of the game.
struct Line<'a> {
    id: Option<usize>,
    moves: &'a [(MoveInfo, Vec<MoveInfo>)],
    notes: &'a [MoveNotes],
    first_ply: usize,
}

fn write_line(rules: &Rules, notes: &Annotations, line: Line, w: &mut Words) {
    // Whether the next move of the second side needs its number (`12...`).
    let mut renumber = true;
    for (i, (m, legal)) in line.moves.iter().enumerate() {
        let ply = line.first_ply + i;
        let number = ply / 2 + 1;
        let open = if i == 0 && line.id.is_some() { "(" } else { "" };
        if ply.is_multiple_of(2) {
            w.word(&format!("{open}{number}."));
        } else if renumber {
            w.word(&format!("{open}{number}..."));
        }
        let n = line.notes.get(i);
        let strength = n.and_then(|n| n.strength.as_deref()).unwrap_or("");
        w.word(&format!("{}{strength}", move_text(rules, m, legal)));
        renumber = false;
        if let Some(n) = n {
            for g in &n.nags {
                w.word(&format!("${g}"));
            }
            if let Some(c) = &n.comment {
                w.word(&format!("{{{c}}}"));
                renumber = true;
            }
        }
        for (k, v) in notes.variations.iter().enumerate().filter(|(_, v)| v.parent == line.id && v.at == i) {
            write_line(rules, notes, Line { id: Some(k), moves: &v.moves, notes: &v.notes, first_ply: ply }, w);
            w.glue(")");
            renumber = true;
        }
    }
}

/// A result as the variant writes it: `2-0`, `1-1`, `0-2` on boards of ten squares or
/// more (FMJD's and lidraughts' way), `1-0`, `1/2-1/2`, `0-1` on smaller ones.
pub(super) fn result_for(rules: &Rules, winner: Option<Side>) -> &'static str {
    let big = match rules.spec().geometry.shape() {
        crate::geometry::Shape::Square { width, height, .. } => width.max(height) >= 10,
        _ => false,
    };
    match (winner, big) {
        (Some(Side::White), true) => "2-0",
        (Some(Side::Black), true) => "0-2",
        (None, true) => "1-1",
        (Some(Side::White), false) => "1-0",
        (Some(Side::Black), false) => "0-1",
        (None, false) => "1/2-1/2",
    }
}

/// `result` (`1-0`, `2-0`, `1/2-1/2`, ...) as the variant writes it: `2-0`, `1-1`, `0-2`
/// on boards of ten squares or more, `1-0`, `1/2-1/2`, `0-1` on smaller ones; one that
/// names no winner (`*`) as it is. Every PDN polydame writes says results so.
///
/// ```
/// use polydame::load_variant;
/// use polydame::pdn::result_as_written;
///
/// assert_eq!(result_as_written(&load_variant("international").unwrap(), "1-0"), "2-0");
/// assert_eq!(result_as_written(&load_variant("english").unwrap(), "2-0"), "1-0");
/// assert_eq!(result_as_written(&load_variant("english").unwrap(), "*"), "*");
/// ```
pub fn result_as_written(rules: &Rules, result: &str) -> String {
    match result_winner(result) {
        Some(winner) => result_for(rules, winner).to_string(),
        None => result.trim().to_string(),
    }
}

/// The winner a result token names: `Some(Some(side))` a win (`1-0`, `2-0`, `0-1`,
/// `0-2`), `Some(None)` a draw (`1/2-1/2`, `1-1`), `None` for anything else (`*`).
pub(super) fn result_winner(result: &str) -> Option<Option<Side>> {
    match result.trim() {
        "1-0" | "2-0" => Some(Some(Side::White)),
        "0-1" | "0-2" => Some(Some(Side::Black)),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}

/// Writes a game whose notes have been checked.
fn write(rules: &Rules, game: &GameRecord, notes: &Annotations) -> String {
    let mut out = String::new();
    let given = |k: &str| game.tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut tags: Vec<(String, String)> = STANDARD_TAGS
        .iter()
        .map(|&(k, default)| {
            let fallback = if k == "Result" { result_as_written(rules, &game.result) } else { default.to_string() };
            (k.to_string(), given(k).unwrap_or(fallback))
        })
        .collect();
    match (given("GameType"), given("Variant")) {
        (None, None) => match rules.spec().gametypes.first() {
            Some(g) => tags.push(("GameType".into(), g.clone())),
            None => tags.push(("Variant".into(), rules.id().to_string())),
        },
        (g, v) => {
            tags.extend(g.map(|g| ("GameType".to_string(), g)));
            tags.extend(v.map(|v| ("Variant".to_string(), v)));
        }
    }
    match given("FEN") {
        Some(f) => tags.push(("FEN".into(), f)),
        None if game.start != Position::start(rules) => {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), start_fen(rules, &game.start)));
        }
        None => {}
    }
    for (k, v) in &game.tags {
        if !tags.iter().any(|(n, _)| n == k) {
            tags.push((k.clone(), v.clone()));
        }
    }
    for (k, v) in &tags {
        out.push_str(&format!("[{} \"{}\"]\n", tag_name(k), escape(v)));
    }
    out.push('\n');
    let mut w = Words { out, line: String::new() };
    if let Some(c) = &notes.comment {
        w.word(&format!("{{{c}}}"));
    }
    write_line(rules, notes, Line { id: None, moves: &game.moves, notes: &notes.moves, first_ply: 0 }, &mut w);
    w.word(&result_as_written(rules, &game.result));
    w.finish()
}

/// A random legal game from the start position, at most `max_plies` half-moves, with a
/// small deterministic generator seeded by `seed`; an error if the capture search of a
/// position passes the rules' budget (its moves are then not known).
pub fn random_game(rules: &Rules, seed: u64, max_plies: usize) -> Result<GameRecord, BudgetExceeded> {
    let mut rng = Rng::new(seed);
    let start = Position::start(rules);
    let mut pos = start.clone();
    let mut list = MoveList::new();
    let mut moves = Vec::new();
    let mut history = History::new(rules, &pos);
    let mut result = "*";
    for _ in 0..max_plies {
        let outcome = pos.outcome_in(rules, &mut list, &history);
        if outcome != Outcome::Ongoing {
            result = outcome.score();
            break;
        }
        pos.try_generate(rules, &mut list, Routes::Distinct)?;
        let legal: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        let i = rng.below(list.len());
        moves.push((legal[i].clone(), legal));
        pos.make(rules, list.get(i));
        history.push(rules, &moves[moves.len() - 1].0, &pos);
    }
    let tags = vec![
        ("Event".into(), "polydame random game".into()),
        ("White".into(), "random".into()),
        ("Black".into(), "random".into()),
        ("Round".into(), seed.to_string()),
    ];
    Ok(GameRecord { tags, start, moves, result: result.to_string() })
}
