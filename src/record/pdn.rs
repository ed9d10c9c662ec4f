//! Reading PDN: splitting a file into games as it streams (constant memory), and reading
//! one game's tags and move tokens with the grammar in `grammar/pdn.pest`. This is syntax
//! only; legality is the replayer's job.

use super::body::{note, read_body};
use super::decode::Lines;
pub use super::decode::UnknownEncoding;
use super::split::State;
use super::write::MoveNotes;
use pest::Parser;
use std::io::BufRead;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/pdn.pest"]
pub(super) struct PdnParser;

/// One game's text and where it starts in its file.
#[derive(Clone, Debug, Default)]
pub struct GameText {
    /// The game's text.
    pub text: String,
    /// Line of the file where the text starts (from 1).
    pub line: usize,
    /// The encoding some of the text was decoded from when it was not all UTF-8: a WHATWG
    /// name such as `windows-1251`, or `UTF-8` for UTF-8 text with damaged bytes (read
    /// as U+FFFD); `None` when it all was UTF-8.
    pub encoding: Option<&'static str>,
    /// Why the game is refused unread, if it is: a line longer than [`MAX_LINE_BYTES`] or
    /// a game longer than [`MAX_GAME_BYTES`] (its text is then empty: it is not kept).
    pub refused: Option<String>,
    /// The stream ended inside this game's tag pair, comment or variation, or after moves
    /// with no result: what was open (`text`: `tag pair`, `comment`, `variation` or
    /// `game`) and where it was opened (for `game`, where the game starts). The text is
    /// then closed there, so that what came before it reads.
    pub cut: Option<Oddity>,
}

/// The longest line a PDN stream may have, in bytes (1 MiB): a longer one is skipped
/// without being held in memory, and the game it is in is refused.
pub const MAX_LINE_BYTES: usize = super::decode::MAX_LINE;

/// The longest game text, in bytes (1 MiB): a longer game is refused, and its text is
/// not kept; the stream is read on from the next game.
pub const MAX_GAME_BYTES: usize = 1 << 20;

/// The most moves a game may have, its main line and variations together (10 000): a
/// game with more is refused. The longest real games have a few hundred.
pub const MAX_GAME_MOVES: usize = 10_000;

pub use super::split::MAX_VARIATION_DEPTH;

/// A move as written, before it is matched against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The text as written (without annotations).
    pub text: String,
    /// The squares in order, as written.
    pub squares: Vec<String>,
    /// Whether it was written as a capture (`x` or `:`).
    pub capture: bool,
    /// The squares of the pieces it takes, where written (`d3xe3<f3>`: where two captures
    /// land alike and take differently); empty when not written.
    pub taken: Vec<String>,
    /// Written without a separator, as PDN 1.0 allowed (`3228`): `squares` holds the
    /// digits as one string, which the replay splits into two squares of the variant
    /// (see [`packed_readings`](crate::pdn::packed_readings)); `capture` is then false,
    /// as nothing says either way.
    pub packed: bool,
    /// Written as pieces placed from the hand (`@e5@e7`): `squares` are where, in order.
    pub drop: bool,
    /// Line in the file (from 1).
    pub line: usize,
    /// Column in the line (from 1).
    pub column: usize,
    /// What is written after it: its `!`/`?`, glyphs (`$1`) and comments (`{...}`, those
    /// after it joined by a space).
    pub notes: MoveNotes,
}

/// Something in a game that is not a move the replay understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oddity {
    /// The text as written.
    pub text: String,
    /// Line in the file (from 1).
    pub line: usize,
    /// Column in the line (from 1).
    pub column: usize,
    /// How many moves of the main line are written before it.
    pub moves_before: usize,
}

impl Oddity {
    /// Whether the text could be a move the reader did not understand: it has a digit (every
    /// square of every notation does). Other text (words glued to a move, a stray `.`) is
    /// only noted; a game with such a token is not judged past it.
    pub fn may_be_move(&self) -> bool {
        self.text.bytes().any(|b| b.is_ascii_digit())
    }
}

/// A variation: moves written in `( ... )` as an alternative to a move of another line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// The line it branches from: `None` the main line, `Some(i)` the variation
    /// `variations[i]` (always an earlier one).
    pub parent: Option<usize>,
    /// How many moves of the parent line are played before it: it replaces the parent's
    /// move with this index (the move written just before the `(`).
    pub at: usize,
    /// Its moves, in order (up to an unknown move `...`, if any).
    pub moves: Vec<MoveText>,
    /// Where its `(` is: (line, column), from 1.
    pub line: usize,
    /// See `line`.
    pub column: usize,
}

/// One game: tags, the main line's moves, the result written after them.
#[derive(Clone, Debug, Default)]
pub struct PdnGame {
    /// The tag pairs, in order: (name, value).
    pub tags: Vec<(String, String)>,
    /// Where each tag pair of `tags` starts (its `[`): (line, column), from 1.
    pub tag_places: Vec<(usize, usize)>,
    /// The moves of the main line, in order.
    pub moves: Vec<MoveText>,
    /// The variations, in the order their `(` is written (a variation inside another
    /// comes after it).
    pub variations: Vec<Variation>,
    /// The result token that closes the move text, if any.
    pub result: Option<String>,
    /// Text of the main line that is neither a move nor any other known token, in order.
    pub oddities: Vec<Oddity>,
    /// PDN 3.0 setup tokens of the main line (`/FEN "W:W31-50:B1-20"/`): the game goes on
    /// from that position. The text is the FEN, without its quotes.
    pub setups: Vec<Oddity>,
    /// An unknown move (`...`, `--`) was written: the rest cannot be replayed.
    pub gap: Option<Oddity>,
    /// The first line of the game in its file.
    pub line: usize,
    /// Why the game is refused unread, if it is (see [`GameText::refused`], and
    /// [`MAX_GAME_MOVES`]): then it has no moves.
    pub refused: Option<String>,
    /// See [`GameText::cut`].
    pub cut: Option<Oddity>,
    /// A comment written before the first move (several joined by a space).
    pub comment: Option<String>,
}

impl PdnGame {
    /// The value of a tag (the first with that name, case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Where the tag pair [`PdnGame::tag`] finds starts in its file: (line, column of its
    /// `[`), from 1.
    ///
    /// ```
    /// use polydame::pdn::{parse_game, pdn_games};
    ///
    /// let text = "[Event \"e\"]\n  [FEN \"W:W31:B19\"]\n1. 31-26 *\n";
    /// let game = parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
    /// assert_eq!(game.tag_place("fen"), Some((2, 3)));
    /// assert_eq!(game.tag_place("Round"), None);
    /// ```
    pub fn tag_place(&self, name: &str) -> Option<(usize, usize)> {
        let i = self.tags.iter().position(|(k, _)| k.eq_ignore_ascii_case(name))?;
        self.tag_places.get(i).copied()
    }

    /// Why this is no PDN game, when it is none: no tag, no move, and text that is no PDN
    /// token (a binary file, or an archive in a packing polydame does not unpack, read as
    /// text), the first of it named with its line and column. Every front end refuses
    /// such a game (code `not-pdn`) instead of judging an empty game valid.
    ///
    /// ```
    /// use polydame::pdn::{parse_game, pdn_games};
    ///
    /// let game = |text: &str| parse_game(&pdn_games(text.as_bytes()).next().unwrap().unwrap());
    /// assert!(game("PK\u{3}\u{4} junk").not_pdn().is_some_and(|why| why.contains("line 1, column 1")));
    /// assert_eq!(game("1. 32-28 *").not_pdn(), None);
    /// ```
    pub fn not_pdn(&self) -> Option<String> {
        if !self.tags.is_empty() || !self.moves.is_empty() {
            return None;
        }
        let o = self.oddities.first()?;
        Some(format!(
            "this is not a PDN game: no tags, no moves, unreadable text `{}` at line {}, column {}",
            o.text.trim(),
            o.line,
            o.column
        ))
    }
}

/// Splits a PDN stream into games, one at a time: a game ends where a tag pair starts
/// after moves, or after a result token.
///
/// Text is UTF-8, with or without a byte-order mark (a UTF-16 one switches to UTF-16). A
/// line that is not UTF-8 is decoded in the encoding guessed for the stream from its first
/// such line and what follows it (a Windows-1251 Russian archive, a Windows-1252 Dutch
/// one; in UTF-8 with U+FFFD for the bytes that are not, when the text around them is
/// UTF-8), unless an encoding is given with [`PdnGames::with_encoding`]; each
/// [`GameText`] names the encoding its text was decoded from.
pub struct PdnGames<R: BufRead> {
    lines: Lines<R>,
    line: usize,
    pending: Option<GameText>,
    done: bool,
}

impl<R: BufRead> PdnGames<R> {
    /// Reads games from `reader`: UTF-8, or else the encoding guessed for it.
    pub fn new(reader: R) -> Self {
        PdnGames { lines: Lines::new(reader), line: 0, pending: None, done: false }
    }

    /// Reads games from `reader` in the encoding that `label` names: any WHATWG label
    /// (`utf-8`, `windows-1251`, `cp1252`, `latin1`, `koi8-r`, `utf-16le`, ...; case and
    /// surrounding spaces do not matter). A byte-order mark at the start overrides it.
    ///
    /// ```
    /// use polydame::pdn::{parse_game, PdnGames};
    ///
    /// let bytes = b"[White \"\xc8\xe2\xe0\xed\xee\xe2\"]\n1. c3-d4 *\n"; // Windows-1251
    /// let mut games = PdnGames::with_encoding(&bytes[..], "windows-1251").unwrap();
    /// let text = games.next().unwrap().unwrap();
    /// assert_eq!(text.encoding, Some("windows-1251"));
    /// assert_eq!(parse_game(&text).tag("White"), Some("Иванов"));
    /// assert!(PdnGames::with_encoding(&bytes[..], "klingon").is_err());
    /// ```
    pub fn with_encoding(reader: R, label: &str) -> Result<Self, UnknownEncoding> {
        Ok(PdnGames { lines: Lines::with_label(reader, label)?, line: 0, pending: None, done: false })
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.lines.bytes()
    }

    /// The encoding text that was not UTF-8 has been decoded from so far (the one given,
    /// when it is not UTF-8), or `None`.
    pub fn encoding(&self) -> Option<&'static str> {
        self.lines.encoding()
    }
}

impl<R: BufRead> Iterator for PdnGames<R> {
    type Item = std::io::Result<GameText>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done && self.pending.is_none() {
            return None;
        }
        let mut state = State::default();
        let mut current = self.pending.take().unwrap_or(GameText { line: self.line + 1, ..GameText::default() });
        if !current.text.is_empty() {
            // The carried-over start of this game was already scanned as a tag.
            let _ = state.feed(&current.text.clone(), 0);
        }
        // Bytes of the game's text so far, kept or not.
        let mut size = current.text.len();
        loop {
            let (line, encoding) = match self.lines.next() {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.done = true;
                    return self.final_game(current, &state);
                }
                Err(e) => {
                    // A stream that fails once is not read on.
                    self.done = true;
                    return Some(Err(e));
                }
            };
            self.line += 1;
            if current.text.trim().is_empty() && current.refused.is_none() {
                current.line = self.line;
                current.text.clear();
                current.encoding = None;
                size = 0;
            }
            current.encoding = current.encoding.or(encoding);
            if let Some(n) = self.lines.long_line() {
                let why = format!("line {} is {n} bytes long, more than the {MAX_LINE_BYTES} a line may have", self.line);
                refuse(&mut current, why);
                // The line is not scanned; a tag pair after it starts the next game.
                state.has_moves = true;
                continue;
            }
            let cuts = state.feed(&line, size);
            let end = cuts.first().map_or(line.len(), |&(at, _)| at);
            size += end;
            if current.refused.is_none() && size > MAX_GAME_BYTES {
                let why = format!("the game is more than {MAX_GAME_BYTES} bytes long (at line {})", self.line);
                refuse(&mut current, why);
            }
            if current.refused.is_none() {
                current.text.push_str(&line[..end]);
            }
            if let Some(&(at, is_start)) = cuts.first() {
                let rest = &line[at..];
                if is_start || !rest.trim().is_empty() {
                    self.pending = Some(GameText { text: rest.to_string(), line: self.line, encoding, ..GameText::default() });
                }
                return Some(Ok(current));
            }
        }
    }
}

/// Refuses a game unread: its text is dropped (the first reason stays).
fn refuse(game: &mut GameText, why: String) {
    if game.refused.is_none() {
        game.refused = Some(why);
        game.text = String::new();
    }
}

impl<R: BufRead> PdnGames<R> {
    /// The game the stream ends in, if it has any text: when the stream ends inside a tag
    /// pair, comment or variation, it is closed there and says so.
    fn final_game(&self, mut game: GameText, state: &State) -> Option<std::io::Result<GameText>> {
        if game.refused.is_some() {
            return Some(Ok(game));
        }
        if game.text.trim().is_empty() {
            return None;
        }
        if let Some((what, at, closers)) = state.open() {
            let (line, column) = Places::new(&game.text, game.line).at(at);
            game.cut = Some(Oddity { text: what.to_string(), line, column, moves_before: 0 });
            game.text.push_str(&closers);
        }
        Some(Ok(game))
    }
}

/// Line and column (from 1) of byte offsets in a game's text, given its first line. Asked
/// for offsets in increasing order, it reads the text once in all.
pub(super) struct Places<'a> {
    text: &'a str,
    first_line: usize,
    /// The last offset asked for, its line, and where that line starts.
    offset: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Places<'a> {
    pub(super) fn new(text: &'a str, first_line: usize) -> Places<'a> {
        Places { text, first_line, offset: 0, line: first_line, line_start: 0 }
    }

    pub(super) fn at(&mut self, offset: usize) -> (usize, usize) {
        if offset < self.offset {
            *self = Places::new(self.text, self.first_line);
        }
        let bytes = &self.text.as_bytes()[self.offset..offset];
        for (i, _) in bytes.iter().enumerate().filter(|&(_, &b)| b == b'\n') {
            self.line += 1;
            self.line_start = self.offset + i + 1;
        }
        self.offset = offset;
        (self.line, self.text[self.line_start..offset].chars().count() + 1)
    }
}

/// Reads one game's text. Never fails: what cannot be read is kept as an oddity.
pub fn parse_game(g: &GameText) -> PdnGame {
    parse_game_with(g, true)
}

/// [`parse_game`], keeping what is written after each move ([`MoveText::notes`],
/// [`PdnGame::comment`]) only with `notes`: a check of the moves needs none, and an
/// archive with a clock comment after every move reads a tenth faster without them.
pub fn parse_game_with(g: &GameText, notes: bool) -> PdnGame {
    let mut game = PdnGame { line: g.line, refused: g.refused.clone(), cut: g.cut.clone(), ..PdnGame::default() };
    if game.refused.is_some() {
        return game;
    }
    if let Some(at) = super::split::too_deep(&g.text) {
        let (line, column) = Places::new(&g.text, g.line).at(at);
        let limit = super::split::MAX_VARIATION_DEPTH;
        game.refused = Some(format!("the game nests variations more than {limit} deep (line {line}, column {column})"));
        return game;
    }
    read_game(g, &mut game, notes);
    let moves = game.moves.len() + game.variations.iter().map(|v| v.moves.len()).sum::<usize>();
    if moves > MAX_GAME_MOVES {
        game.refused = Some(format!("the game has {moves} moves, more than the {MAX_GAME_MOVES} a game may have"));
        game.moves.clear();
        game.variations.clear();
    }
    game
}

/// Reads the tags and moves of a game's text into `game`.
fn read_game(g: &GameText, game: &mut PdnGame, notes: bool) {
    let pairs = match PdnParser::parse(Rule::game, &g.text) {
        Ok(mut p) => p.next().expect("the game rule matched").into_inner(),
        Err(e) => {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            let (line, column) = Places::new(&g.text, g.line).at(at);
            game.oddities.push(Oddity { text: g.text[at..].chars().take(20).collect(), line, column, moves_before: 0 });
            return;
        }
    };
    let mut places = Places::new(&g.text, g.line);
    for p in pairs {
        match p.as_rule() {
            Rule::tag => {
                game.tag_places.push(places.at(p.as_span().start()));
                let mut inner = p.into_inner();
                let name = inner.next().map(|n| n.as_str().to_string()).unwrap_or_default();
                let value = inner.next().map(|v| unescape(v.as_str())).unwrap_or_default();
                game.tags.push((name, value));
            }
            Rule::body => read_body(p, &g.text, g.line, game, notes),
            Rule::comment if notes => note(game, None, Rule::comment, p.as_str()),
            Rule::comment | Rule::line_comment | Rule::EOI => {}
            other => unreachable!("game holds {other:?}"),
        }
    }
}

fn unescape(quoted: &str) -> String {
    let inner = &quoted[1..quoted.len() - 1];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The games of a PDN stream, one at a time (see [`PdnGames`]); read each with
/// [`parse_game`].
///
/// ```
/// use polydame::pdn::{parse_game, pdn_games};
///
/// let text = "[Event \"a\"]\n1. 32-28 19-23 *\n[Event \"b\"]\n1. 33-29 *\n";
/// let games: Vec<_> = pdn_games(text.as_bytes()).map(|g| parse_game(&g.unwrap())).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].moves[1].text, "19-23");
/// ```
pub fn pdn_games<R: BufRead>(reader: R) -> PdnGames<R> {
    PdnGames::new(reader)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<PdnGame> {
        pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("in memory"))).collect()
    }

    #[test]
    fn splits_and_reads() {
        let g = all(
            "[Event \"a\"]\n[White \"W \\\"x\\\"\"]\n1. 32-28 19-23 {c} 2. 28x19 (2. 33-29 $1) 14x23 2-0\n[Event \"b\"]\n1. 32-28! 1-1\n",
        );
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tag("white"), Some("W \"x\""));
        assert_eq!(g[0].moves.len(), 4);
        assert!(g[0].moves[2].capture);
        assert_eq!(g[0].result.as_deref(), Some("2-0"));
        assert_eq!((g[0].moves[2].line, g[0].moves[2].column), (3, 23));
        assert_eq!(g[1].moves[0].squares, vec!["32", "28"]);
        assert_eq!(g[1].line, 4);
    }

    #[test]
    fn sloppy_text() {
        let g = all("1. 1- 6 28 x17 c3b4 23... 20-25 zz 0-2");
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), ["1-6", "28x17", "c3b4", "20-25"]);
        assert_eq!(g[0].oddities.len(), 1);
    }

    #[test]
    fn a_column_x_starts_a_move() {
        let g = all("1. t3xv1 x3-v3 2. x1xz3 x3xv1 3. c3 x e5 v3-t3");
        let texts: Vec<_> = g[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["t3xv1", "x3-v3", "x1xz3", "x3xv1", "c3xe5", "v3-t3"]);
    }

    #[test]
    fn games_without_tags_split_on_results() {
        let g = all("1. 32-28 2-0 1. 33-29 0-2");
        assert_eq!(g.len(), 2);
    }
}
