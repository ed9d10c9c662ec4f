//! Replaying a game record against a variant's rules: every move resolved against the
//! legal moves of its position, with the reason when one is illegal or ambiguous.

use super::fen::{Fallback, FenError, read_among};
use super::move_error::MoveError;
use super::notations::{Notations, notation_name};
use super::pdn::{MoveText, PdnGame};
use super::resolve::{Resolved, Resolver, packed_cells, squares, taken_cells};
use super::warnings::{Seen, Warning, warn_about_result, warn_about_text};
use crate::compile::Rules;
use crate::engine::{History, MoveInfo, MoveList, Outcome, Position};
use crate::geometry::Notation;
use crate::spec::Side;
use std::fmt;

/// Why a ply of a record is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlyReason {
    /// The move is unreadable, illegal or ambiguous.
    Move(MoveError),
    /// The game's `FEN` tag is not a position of the variant.
    FenTag(Box<FenError>),
    /// A setup token in the moves (`/FEN "..."/`, PDN 3.0) is not a position of the
    /// variant.
    Setup(Box<FenError>),
    /// The game was refused unread for its size (see [`PdnGame::refused`]).
    Refused(String),
}

impl PlyReason {
    /// A stable name for the reason, for programs: the [`MoveError::code`] of a move,
    /// `fen-tag`, `setup-fen`, or `too-large`.
    pub fn code(&self) -> &'static str {
        match self {
            PlyReason::Move(e) => e.code(),
            PlyReason::FenTag(_) => "fen-tag",
            PlyReason::Setup(_) => "setup-fen",
            PlyReason::Refused(_) => "too-large",
        }
    }

    /// Whether the reason is a limit of the reader or the engine (a game too large, a
    /// position past the capture budget) rather than a fault of the record: the game is
    /// then not judged either way.
    pub fn is_limit(&self) -> bool {
        matches!(self, PlyReason::Refused(_) | PlyReason::Move(MoveError::Budget { .. }))
    }
}

impl fmt::Display for PlyReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlyReason::Move(e) => e.fmt(f),
            PlyReason::FenTag(e) => write!(f, "the FEN tag cannot be read: {}", e.kind),
            PlyReason::Setup(e) => write!(f, "the setup token's FEN cannot be read: {}", e.kind),
            PlyReason::Refused(why) => write!(f, "the game is not read: {why}"),
        }
    }
}

impl std::error::Error for PlyReason {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlyReason::Move(e) => Some(e),
            PlyReason::FenTag(e) | PlyReason::Setup(e) => Some(e.as_ref()),
            PlyReason::Refused(_) => None,
        }
    }
}

/// Why a move of a record is not accepted, and where it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} `{text}` at line {line}, column {column}: {reason}")]
pub struct PlyError {
    /// Half-move number from the game's start position, from 1 (0: the start position).
    pub ply: usize,
    /// The move as written (the FEN tag's value when the start position is bad).
    pub text: String,
    /// Line of the move in its file, from 1.
    pub line: usize,
    /// Column of the move in its line, from 1.
    pub column: usize,
    /// Why it is not accepted.
    pub reason: PlyReason,
}

/// The result of replaying one game.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Half-moves played successfully.
    pub plies: usize,
    /// The first illegal, ambiguous or unreadable move, if any.
    pub error: Option<PlyError>,
    /// Things that do not make the game illegal but deserve a look.
    pub warnings: Vec<Warning>,
    /// The notation the record was read in.
    pub notation: String,
    /// The position reached: after the last move played (before the first bad one, if
    /// any). `None` when the game's `FEN` tag cannot be read.
    pub position: Option<Position>,
    /// How the game stands in the position reached, judged with its history (repetition,
    /// move-count rules): a game that ended drawn by FMJD's 25-move rule says so here.
    /// `None` when the game's `FEN` tag cannot be read.
    pub outcome: Option<Outcome>,
    /// The first illegal, ambiguous or unreadable move of each variation that has one, in
    /// the order the variations are written; its ply counts from the game's start. A
    /// variation is replayed from the position where it branches off its line; one that
    /// branches after a bad move of its line is not replayed.
    pub variations: Vec<PlyError>,
    /// The main line as played: the position it starts from (`None` when the game's `FEN`
    /// tag cannot be read), and each move played in order, up to the first bad one.
    pub main: PlayedLine,
    /// Each variation as played, in the order of [`PdnGame::variations`]: `None` for one
    /// that has a bad move or is not replayed.
    pub lines: Vec<Option<PlayedLine>>,
    /// The record was read with White moving first from the variant's start, where Black
    /// starts (py-draughts writes American checkers so); the note in [`Verdict::notation`]
    /// says so too.
    pub white_first: bool,
}

/// A line of a game as the replay played it: the position it starts from, and its moves,
/// each with the index in the line's written moves of the last it was read from (a capture
/// written as separate hops is one move).
#[derive(Clone, Debug, Default)]
pub struct PlayedLine {
    /// The position before its first move.
    pub start: Option<Position>,
    /// The moves played, with the written move each ends at.
    pub moves: Vec<(MoveInfo, usize)>,
}

impl Verdict {
    pub(super) fn warn(&mut self, code: &'static str, message: impl Into<String>) {
        self.warnings.push(Warning { code, message: message.into() });
    }

    fn new(notation: &str) -> Verdict {
        Verdict {
            plies: 0,
            error: None,
            warnings: Vec::new(),
            notation: notation.to_string(),
            position: None,
            outcome: None,
            variations: Vec::new(),
            main: PlayedLine::default(),
            lines: Vec::new(),
            white_first: false,
        }
    }
}

/// The game's start position: its FEN tag (in `notation`, or else in another notation
/// of the variant, named in the verdict), or the variant's start.
fn start_position(notations: &Notations, game: &PdnGame, notation: &Notation, first: Side, v: &mut Verdict) -> Result<Position, PlyError> {
    let rules = notations.rules();
    let Some(f) = game.tag("FEN").filter(|f| !f.trim().is_empty()) else { return Ok(Position::start_with(rules, first)) };
    // Some records write the FEN in another notation than the moves, or with the board
    // turned (then it reads as a position no game reaches): the moves will tell.
    match read_among(notations, notation, f, Fallback::Any, false) {
        Ok(read) => {
            if let Some(name) = read.notation {
                v.notation = format!("{}; FEN tag in {name}", v.notation);
            }
            Ok(read.position)
        }
        Err(e) => {
            let (line, column) = game.tag_place("FEN").unwrap_or((game.line, 1));
            Err(PlyError { ply: 0, text: f.to_string(), line, column, reason: PlyReason::FenTag(Box::new(e)) })
        }
    }
}

/// Replays a game in one notation (a FEN tag may be written in another of `notations`),
/// `first` moving first from the start position.
fn replay_in(notations: &Notations, game: &PdnGame, name: &str, notation: &Notation, first: Side, record: bool) -> Verdict {
    let rules = notations.rules();
    let mut v = Verdict::new(name);
    let pos = match start_position(notations, game, notation, first, &mut v) {
        Ok(p) => p,
        Err(e) => {
            v.error = Some(e);
            return v;
        }
    };
    let mut r = Resolver::new(rules, notation, pos);
    let mut moves: &[MoveText] = &game.moves;
    // Some files write a scoring result such as `4-6` where the result goes.
    if let (Some(last), Some(res)) = (moves.last(), game.tag("Result"))
        && !last.capture
        && last.text == res.trim()
    {
        moves = &moves[..moves.len() - 1];
        v.warn("result-as-move", format!("the result `{res}` is written as the last move; it was read as the result"));
    }
    let mut seen = Seen { past: Some(History::new(rules, &r.pos)), record, ..Seen::default() };
    let start = r.pos.clone();
    v.main.start = Some(start.clone());
    play_main(notations, game, moves, &mut r, &mut v, &mut seen);
    if !game.variations.is_empty() {
        (v.variations, v.lines) = check_variations(rules, notation, game, moves, start, record);
    }
    let past = seen.past.take().unwrap_or_else(|| History::new(rules, &r.pos));
    let outcome = r.pos.clone().outcome_in(rules, &mut MoveList::new(), &past);
    if v.error.is_none() {
        warn_about_text(game, &seen, &mut v);
        warn_about_result(rules, game, outcome, &seen, &mut v);
    }
    v.position = Some(r.pos);
    v.outcome = Some(outcome);
    v
}

/// Plays the main line: its moves, the positions its setup tokens (`/FEN "..."/`) set
/// up between them, up to the first token that could be a move but was not read (the
/// game is not judged past it: that is its error).
fn play_main(notations: &Notations, game: &PdnGame, moves: &[MoveText], r: &mut Resolver, v: &mut Verdict, seen: &mut Seen) {
    let unread = game.oddities.iter().find(|o| o.may_be_move());
    let mut from = 0;
    for setup in &game.setups {
        if unread.is_some_and(|u| (u.line, u.column) < (setup.line, setup.column)) {
            break;
        }
        let at = setup.moves_before.min(moves.len());
        play(r, &moves[..at], from, v, seen, 0);
        if v.error.is_some() {
            return;
        }
        match read_among(notations, r.notation, &setup.text, Fallback::Any, false) {
            Ok(read) => {
                r.pos = read.position;
                r.refresh();
                seen.past = Some(History::new(r.rules, &r.pos));
            }
            Err(e) => {
                let reason = PlyReason::Setup(Box::new(e));
                let text = format!("/FEN \"{}\"/", setup.text);
                v.error = Some(PlyError { ply: v.plies + 1, text, line: setup.line, column: setup.column, reason });
                return;
            }
        }
        from = at;
    }
    // An unknown move (`...`, `- -`; not `--`, which may be a pass) ends the replay: the
    // moves after it are not judged (a warning says so).
    let gap = game.gap.as_ref().filter(|g| g.text != "--").map(|g| g.moves_before);
    let end = unread.map(|u| u.moves_before).into_iter().chain(gap).min().unwrap_or(moves.len()).min(moves.len());
    play(r, &moves[..end], from, v, seen, 0);
    if let Some(u) = unread.filter(|_| v.error.is_none()) {
        let reason = PlyReason::Move(MoveError::Unreadable { text: u.text.clone() });
        v.error = Some(PlyError { ply: v.plies + 1, text: u.text.clone(), line: u.line, column: u.column, reason });
    }
}

/// Replays every variation from where it branches off: returns the first bad move of
/// each that has one. `main` is the main line as replayed (without a result written as a
/// move), `start` the game's start position.
fn check_variations(
    rules: &Rules,
    notation: &Notation,
    game: &PdnGame,
    main: &[MoveText],
    start: Position,
    record: bool,
) -> (Vec<PlyError>, Vec<Option<PlayedLine>>) {
    let mut errors = Vec::new();
    let mut lines = Vec::with_capacity(game.variations.len());
    // Where each variation starts, and how many plies from the game's start that is:
    // `None` when its line goes wrong before it branches.
    let mut starts: Vec<Option<(Position, usize)>> = Vec::with_capacity(game.variations.len());
    for var in &game.variations {
        let (line, base) = match var.parent {
            None => (main, Some((start.clone(), 0))),
            Some(p) => (&game.variations[p].moves[..], starts[p].clone()),
        };
        let branch = base.and_then(|(pos, plies)| {
            let mut r = Resolver::new(rules, notation, pos);
            let mut tv = Verdict { plies, ..Verdict::new("") };
            play(&mut r, &line[..var.at.min(line.len())], 0, &mut tv, &mut Seen::default(), 0);
            tv.error.is_none().then_some((r.pos, tv.plies))
        });
        let mut played = None;
        if let Some((pos, plies)) = branch.clone() {
            let mut r = Resolver::new(rules, notation, pos.clone());
            let mut tv = Verdict { plies, ..Verdict::new("") };
            play(&mut r, &var.moves, 0, &mut tv, &mut Seen { record, ..Seen::default() }, 0);
            if tv.error.is_none() {
                played = Some(PlayedLine { start: Some(pos), moves: tv.main.moves });
            }
            errors.extend(tv.error);
        }
        lines.push(played);
        starts.push(branch);
    }
    (errors, lines)
}

/// Plays `moves[i..]`; stops at the first error (recorded in `v`).
fn play(r: &mut Resolver, moves: &[MoveText], mut i: usize, v: &mut Verdict, seen: &mut Seen, depth: u8) {
    while i < moves.len() {
        let before = v.main.moves.len();
        match play_one(r, moves, i, v, seen, depth) {
            Ok(used) => {
                if let Some(m) = v.main.moves.get_mut(before..).and_then(|m| m.last_mut()) {
                    m.1 = i + used - 1;
                }
                i += used;
            }
            Err(e) => {
                let mv = &moves[i];
                let reason = PlyReason::Move(e);
                v.error = Some(PlyError { ply: v.plies + 1, text: mv.text.clone(), line: mv.line, column: mv.column, reason });
                return;
            }
        }
    }
}

/// Plays the move `moves[i]` (joined with the hops after it when it is written as
/// separate hops); returns how many written moves it used.
fn play_one(r: &mut Resolver, moves: &[MoveText], i: usize, v: &mut Verdict, seen: &mut Seen, depth: u8) -> Result<usize, MoveError> {
    let mv = &moves[i];
    if mv.squares.is_empty() {
        // `--`: a pass where the side to move passes, else an unknown move, skipped.
        if let Resolved::One(j) = r.resolve(&[], false) {
            make(r, j, v, seen);
            seen.passes.push((mv.line, mv.column));
        }
        return Ok(1);
    }
    let (cells, mut resolved) = if mv.packed {
        read_packed(r, mv)?
    } else if mv.drop {
        let c = squares(r.notation, mv)?;
        let res = r.resolve_drop(&c, &taken_cells(r.notation, mv)?);
        (c, res)
    } else {
        let c = squares(r.notation, mv)?;
        let res = r.resolve_taking(&c, mv.capture, &taken_cells(r.notation, mv)?);
        (c, res)
    };
    let mut used = 1;
    if mv.packed && seen.packed.is_none() {
        let reading = cells.iter().map(|&c| r.notation.name(c)).collect::<Vec<_>>().join("-");
        seen.packed = Some((mv.text.clone(), reading));
    }
    if let Resolved::Error(_) = resolved
        && !mv.drop
        && let Some((j, n)) = join_hops(r, moves, i, &cells)
    {
        resolved = Resolved::One(j);
        used = n;
        seen.merged_hops = true;
    }
    let chosen = match resolved {
        Resolved::One(j) => j,
        Resolved::Error(e) => return Err(e),
        Resolved::Ambiguous(options, e) => disambiguate(r, moves, i, options, e, v, depth)?,
    };
    let is_capture = r.list.get(chosen).captures() > 0;
    if !mv.packed && !mv.drop && used == 1 && mv.capture != is_capture {
        // Said once a game for each kind, with how many more moves are written so.
        let (code, what, k) = if is_capture {
            ("capture-written-as-move", "is a capture written with `-`, the separator of a move", 0)
        } else {
            ("move-written-as-capture", "is a move without a capture written with `x`, the separator of a capture", 1)
        };
        match &mut seen.separators[k] {
            Some((_, more)) => *more += 1,
            none => {
                *none = Some((v.warnings.len(), 0));
                warn_move(v, code, mv, what);
            }
        }
    }
    if !mv.drop && cells.len() > 2 && used == 1 && r.list.get(chosen).path() != &cells[1..] {
        let full = r.text(&r.list.info(chosen));
        warn_move(v, "partial-path", mv, &format!("gives part of its path; the full path is {full}"));
    }
    make(r, chosen, v, seen);
    Ok(used)
}

/// A move written without a separator: its one reading, or of several the one that names
/// a legal move (`121` on 32 squares: 1-21 or 12-1), resolved.
fn read_packed(r: &mut Resolver, mv: &MoveText) -> Result<(Vec<u16>, Resolved), MoveError> {
    let readings = packed_cells(r.notation, mv);
    let mut legal = Vec::new();
    for cells in &readings {
        if let Resolved::One(j) = r.resolve(cells, false) {
            legal.push((cells.clone(), j));
        }
    }
    match (readings.len(), legal.len()) {
        (1, _) => {
            let resolved = r.resolve(&readings[0], false);
            Ok((readings[0].clone(), resolved))
        }
        (_, 1) => {
            let (cells, j) = legal.remove(0);
            Ok((cells, Resolved::One(j)))
        }
        _ => Err(MoveError::Unreadable { text: mv.text.clone() }),
    }
}

/// Plays the legal move `j` of the resolver's position, and follows it in the game's past.
fn make(r: &mut Resolver, j: usize, v: &mut Verdict, seen: &mut Seen) {
    // The move spelled out only where it is kept: the game's past, or the moves recorded
    // (not for the trial replays of variations and ambiguous moves).
    let info = (seen.past.is_some() || seen.record).then(|| r.list.info(j));
    r.pos.make(r.rules, r.list.get(j));
    r.refresh();
    v.plies += 1;
    if let (Some(past), Some(info)) = (seen.past.as_mut(), &info) {
        past.push(r.rules, info, &r.pos);
        if seen.drawn.is_none() {
            seen.drawn = past.count_draw(r.rules).map(|why| (v.plies, why));
        }
    }
    if let Some(info) = info.filter(|_| seen.record) {
        v.main.moves.push((info, usize::MAX));
    }
}

/// A warning about the move about to be played: its number, text and place, then `what`.
fn warn_move(v: &mut Verdict, code: &'static str, mv: &MoveText, what: &str) {
    let number = (v.plies + 1).div_ceil(2);
    v.warn(code, format!("move {number} `{}` at line {}, column {} {what}", mv.text, mv.line, mv.column));
}

/// A multi-capture written as separate hops (`28x19 19x10`): the move the hops from
/// `moves[i]` on name together, and how many written moves they are.
fn join_hops(r: &mut Resolver, moves: &[MoveText], i: usize, cells: &[u16]) -> Option<(usize, usize)> {
    let mut joined = cells.to_vec();
    let mut k = i + 1;
    while k < moves.len() && moves[k].capture {
        let next = squares(r.notation, &moves[k]).ok()?;
        if next[0] != joined[joined.len() - 1] {
            return None;
        }
        joined.extend_from_slice(&next[1..]);
        k += 1;
        if let Resolved::One(j) = r.resolve(&joined, true) {
            return Some((j, k - i));
        }
    }
    None
}

/// An ambiguous move resolved by trying the rest of the game after each reading (up to a
/// few nested ambiguities): the one reading under which the game goes on legally is taken,
/// with a warning.
fn disambiguate(
    r: &mut Resolver,
    moves: &[MoveText],
    i: usize,
    options: Vec<usize>,
    e: MoveError,
    v: &mut Verdict,
    depth: u8,
) -> Result<usize, MoveError> {
    if depth >= 3 {
        return Err(e);
    }
    let mut good = Vec::new();
    for &j in &options {
        // The move is played from the resolver's own list: the position's moves are not
        // generated again for each option.
        let mut after = r.pos.clone();
        after.make(r.rules, r.list.get(j));
        let mut trial = Resolver::new(r.rules, r.notation, after);
        let mut tv = Verdict::new("");
        play(&mut trial, moves, i + 1, &mut tv, &mut Seen::default(), depth + 1);
        if tv.error.is_none() {
            good.push(j);
        }
    }
    match (good.len(), e) {
        (1, _) => {
            let text = r.text(&r.list.info(good[0]));
            warn_move(v, "ambiguous-resolved", &moves[i], &format!("is ambiguous; only {text} lets the game go on legally"));
            Ok(good[0])
        }
        (0, e) => Err(e),
        (n, MoveError::Ambiguous { candidates, .. }) => Err(MoveError::Ambiguous { candidates, go_on: Some(n) }),
        (_, e) => Err(e),
    }
}

/// Replays a game. The notation is the variant's own unless the record only makes sense
/// in another one (numbers in an algebraic variant, squares seen from Black): then the
/// first notation in which the whole game is legal is taken, and named in the verdict.
pub fn replay(rules: &Rules, game: &PdnGame) -> Verdict {
    replay_with(&Notations::new(rules), game)
}

/// [`replay`] with notations kept across games of one variant.
pub fn replay_with(notations: &Notations, game: &PdnGame) -> Verdict {
    replay_as(notations, game, false)
}

/// [`replay_with`] that also keeps the moves played ([`Verdict::main`] and
/// [`Verdict::lines`]), to write the game again (`polydame convert`).
pub fn replay_recorded(notations: &Notations, game: &PdnGame) -> Verdict {
    replay_as(notations, game, true)
}

fn replay_as(notations: &Notations, game: &PdnGame, record: bool) -> Verdict {
    let rules = notations.rules();
    // Another notation is tried only when the record cannot be read in the variant's
    // own: a square that does not exist in it (numbers in an algebraic variant, ...).
    let own = &rules.spec().notation;
    if let Some(why) = &game.refused {
        let mut v = Verdict::new(&notation_name(rules, own.kind()));
        let reason = PlyReason::Refused(why.clone());
        v.error = Some(PlyError { ply: 0, text: String::new(), line: game.line, column: 1, reason });
        return v;
    }
    let first = rules.spec().first;
    if readable(game, own) {
        let v = replay_in(notations, game, &notation_name(rules, own.kind()), own, first, record);
        return white_first(notations, game, &v, record).unwrap_or(v);
    }
    let candidates = notations.all();
    let mut best: Option<Verdict> = None;
    for (name, n) in candidates.iter().skip(1).filter(|(_, n)| readable(game, n)) {
        let v = replay_in(notations, game, name, n, first, record);
        if v.error.is_none() {
            return v;
        }
        if best.as_ref().is_none_or(|b| v.plies > b.plies) {
            best = Some(v);
        }
    }
    best.unwrap_or_else(|| replay_in(notations, game, &candidates[0].0, &candidates[0].1, first, record))
}

/// A game from the start position whose first move is White's in a variant where Black
/// starts (py-draughts writes American checkers so: White first, from 21-32): replayed
/// with White first, and taken, with a note, if the whole game is then legal.
fn white_first(notations: &Notations, game: &PdnGame, v: &Verdict, record: bool) -> Option<Verdict> {
    let rules = notations.rules();
    let own = &rules.spec().notation;
    let wrong_side = v.error.as_ref().is_some_and(|e| e.ply == 1 && e.reason.code() == "not-your-piece");
    if !wrong_side || rules.spec().first != Side::Black || game.tag("FEN").is_some_and(|f| !f.trim().is_empty()) {
        return None;
    }
    let mut w = replay_in(notations, game, &notation_name(rules, own.kind()), own, Side::White, record);
    if w.error.is_some() {
        return None;
    }
    w.white_first = true;
    w.notation = format!("{}; White moves first in this record, as some programs write the variant (py-draughts)", w.notation);
    Some(w)
}

/// Whether every square of a record's moves exists in a notation.
fn readable(game: &PdnGame, n: &Notation) -> bool {
    game.moves.iter().all(|m| if m.packed { !packed_cells(n, m).is_empty() } else { m.squares.iter().all(|s| n.parse(s).is_some()) })
}
