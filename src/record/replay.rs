//! Replaying a game record against a variant's rules: every move resolved against the
//! legal moves of its position, with the reason when one is illegal or ambiguous.

use super::fen::parse_fen_in;
use super::pdn::{Game, MoveText};
use crate::compile::Rules;
use crate::engine::{MoveInfo, MoveList, Outcome, Position, Routes};
use crate::geometry::{Corner, Notation, NotationKind, Shape};
use crate::spec::Side;
use std::sync::OnceLock;

/// Why a move of a record is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyError {
    /// Half-move number from the game's start position, from 1.
    pub ply: usize,
    /// The move as written.
    pub text: String,
    pub line: usize,
    pub column: usize,
    pub reason: String,
}

/// The result of replaying one game.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Half-moves played successfully.
    pub plies: usize,
    /// The first illegal, ambiguous or unreadable move, if any.
    pub error: Option<PlyError>,
    /// Things that do not make the game illegal but deserve a look.
    pub warnings: Vec<String>,
    /// The notation the record was read in.
    pub notation: String,
}

/// Notations a record of this variant may be written in, the variant's own first.
pub fn candidate_notations(rules: &Rules) -> Vec<(String, Notation)> {
    let g = &rules.spec().geometry;
    let own = rules.spec().notation.clone();
    let mut kinds = vec![own.kind()];
    if let Shape::Square { .. } = g.shape() {
        for k in [
            NotationKind::Algebraic,
            NotationKind::Numeric(Corner::TopLeft),
            NotationKind::Numeric(Corner::BottomRight),
            NotationKind::AlgebraicFromBlack,
            NotationKind::Numeric(Corner::TopRight),
            NotationKind::Numeric(Corner::BottomLeft),
        ] {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
    }
    kinds.into_iter().map(|k| (notation_name(rules, k), Notation::new(g, k))).collect()
}

/// The notations a variant's records may be read in: the variant's own, and the others
/// of [`candidate_notations`], built only when a record needs them and then kept (keep one
/// `Notations` for many games of a variant to build them once).
pub struct Notations<'a> {
    rules: &'a Rules,
    all: OnceLock<Vec<(String, Notation)>>,
}

impl<'a> Notations<'a> {
    /// The notations of a variant; none is built yet.
    pub fn new(rules: &'a Rules) -> Notations<'a> {
        Notations { rules, all: OnceLock::new() }
    }

    /// The rules these notations belong to.
    pub fn rules(&self) -> &'a Rules {
        self.rules
    }

    /// Every candidate notation, the variant's own first.
    fn all(&self) -> &[(String, Notation)] {
        self.all.get_or_init(|| candidate_notations(self.rules))
    }
}

/// How a verdict names a notation.
fn notation_name(rules: &Rules, k: NotationKind) -> String {
    let name = match k {
        NotationKind::Algebraic => "algebraic".to_string(),
        NotationKind::AlgebraicFromBlack => "algebraic from Black's side".to_string(),
        NotationKind::Numeric(c) => format!("numeric, square 1 {}", c.name()),
    };
    if k == rules.spec().notation.kind() {
        format!("{name} (the variant's own)")
    } else {
        name
    }
}

struct Replayer<'a> {
    rules: &'a Rules,
    notation: &'a Notation,
    pos: Position,
    list: MoveList,
    /// The moves of `list` spelled out, built only to explain a rejected or ambiguous
    /// move (most moves are matched on `list` directly).
    infos: Vec<MoveInfo>,
}

/// Outcome of resolving one written move.
enum Resolved {
    One(usize),
    /// Several different moves match: their indices and the message.
    Ambiguous(Vec<usize>, String),
    Error(String),
}

impl Replayer<'_> {
    fn name(&self, c: u16) -> &str {
        self.notation.name(c)
    }

    fn text(&self, m: &MoveInfo) -> String {
        let mut s = self.name(m.from).to_string();
        for &c in &m.path {
            s.push(if m.captured.is_empty() { '-' } else { 'x' });
            s.push_str(self.name(c));
        }
        s
    }

    fn legal_texts(&self, moves: &[&MoveInfo]) -> String {
        let mut v: Vec<String> = moves.iter().map(|m| self.text(m)).collect();
        v.sort();
        v.dedup();
        let more = v.len().saturating_sub(6);
        v.truncate(6);
        let mut s = v.join(", ");
        if more > 0 {
            s.push_str(&format!(" and {more} more"));
        }
        s
    }

    fn refresh(&mut self) {
        self.pos.generate(self.rules, &mut self.list, Routes::Landings);
        self.infos.clear();
    }

    /// Spells out the moves of the list, once per position.
    fn spell_out(&mut self) {
        if self.infos.len() != self.list.len() {
            self.infos = (0..self.list.len()).map(|i| self.list.info(i)).collect();
        }
    }

    /// Matches written squares against the legal routes: same origin and destination,
    /// and every square written in between is a landing cell of the route, in order.
    fn matches(&self, cells: &[u16]) -> Vec<usize> {
        let (first, last) = (cells[0], cells[cells.len() - 1]);
        let mid = &cells[1..cells.len() - 1];
        let list = &self.list;
        let ends = |i: &usize| list.get(*i).from() == first && list.get(*i).to() == last;
        let path = |i: usize| list.get(i).path();
        // A full path names every landing cell: if some route is exactly it, only those.
        let exact: Vec<usize> = (0..list.len()).filter(|i| ends(i) && path(*i) == &cells[1..]).collect();
        if !exact.is_empty() && cells.len() > 2 {
            return exact;
        }
        (0..list.len())
            .filter(|i| {
                let mut it = path(*i).iter();
                ends(i) && mid.iter().all(|c| it.any(|p| p == c))
            })
            .collect()
    }

    fn resolve(&mut self, cells: &[u16], written_capture: bool) -> Resolved {
        let found = self.matches(cells);
        // Routes with the same result are one move.
        let list = &self.list;
        let mut distinct: Vec<usize> = Vec::new();
        for &i in &found {
            let m = list.get(i);
            let same = |j: &usize| {
                let o = list.get(*j);
                // Captured cells are distinct within a move: equal sets have equal sizes.
                o.to() == m.to()
                    && o.kind_after() == m.kind_after()
                    && o.captures() == m.captures()
                    && o.captured_cells().all(|x| m.captured_cells().any(|y| y == x))
            };
            if !distinct.iter().any(same) {
                distinct.push(i);
            }
        }
        match distinct.len() {
            1 => Resolved::One(distinct[0]),
            0 => Resolved::Error(self.why_not(cells, written_capture)),
            _ => {
                self.spell_out();
                let ms: Vec<&MoveInfo> = distinct.iter().map(|&i| &self.infos[i]).collect();
                let msg = format!("ambiguous: it matches {} different captures ({}); write the full path", ms.len(), self.legal_texts(&ms));
                Resolved::Ambiguous(distinct, msg)
            }
        }
    }

    fn why_not(&mut self, cells: &[u16], written_capture: bool) -> String {
        self.spell_out();
        let us = self.pos.side_to_move();
        let from = cells[0];
        let to = cells[cells.len() - 1];
        match self.pos.piece(from) {
            None => return format!("there is no piece on {}", self.name(from)),
            Some((side, _)) if side != us => {
                return format!("the piece on {} is {}'s, but {} is to move", self.name(from), side.name(), us.name());
            }
            _ => {}
        }
        let captures: Vec<&MoveInfo> = self.infos.iter().filter(|m| !m.captured.is_empty()).collect();
        if self.infos.is_empty() {
            return format!("{} has no legal move", us.name());
        }
        // A capture that would be legal without the precedence rule.
        let mut all = MoveList::new();
        self.pos.generate_unranked_captures(self.rules, &mut all);
        let unranked: Vec<MoveInfo> = (0..all.len()).map(|i| all.info(i)).collect();
        let mid = &cells[1..cells.len() - 1];
        let fits = |m: &&MoveInfo| {
            let mut it = m.path.iter();
            m.from == from && m.to == to && mid.iter().all(|c| it.any(|p| p == c))
        };
        if let Some(m) = unranked.iter().find(fits) {
            if !captures.is_empty() {
                let best = captures.iter().map(|c| c.captured.len()).max().unwrap_or(0);
                if m.captured.len() < best {
                    return format!(
                        "the capture takes {} piece{} but the maximum is {}: {}",
                        m.captured.len(),
                        if m.captured.len() == 1 { "" } else { "s" },
                        best,
                        self.legal_texts(&captures)
                    );
                }
                let rules = &self.rules.spec().capture.precedence;
                let names: Vec<&str> = rules.iter().map(|c| c.name()).collect();
                return format!("another capture takes precedence ({}): {}", names.join(", then "), self.legal_texts(&captures));
            }
        }
        if !captures.is_empty() {
            let mine: Vec<&MoveInfo> = captures.iter().copied().filter(|m| m.from == from).collect();
            if !written_capture || mine.is_empty() {
                return format!("a capture is compulsory: {}", self.legal_texts(&captures));
            }
            return format!("the piece on {} has no such capture; its captures: {}", self.name(from), self.legal_texts(&mine));
        }
        let mine: Vec<&MoveInfo> = self.infos.iter().filter(|m| m.from == from).collect();
        if written_capture {
            return if mine.is_empty() {
                format!("there is no capture here, and the piece on {} has no legal move", self.name(from))
            } else {
                format!("there is no capture here; the moves of {} are: {}", self.name(from), self.legal_texts(&mine))
            };
        }
        if self.pos.piece(to).is_some() {
            return format!("{} is occupied", self.name(to));
        }
        if mine.is_empty() {
            return format!("the piece on {} has no legal move", self.name(from));
        }
        format!("the piece on {} cannot go to {}; its moves: {}", self.name(from), self.name(to), self.legal_texts(&mine))
    }
}

fn parse_cells(n: &Notation, mv: &MoveText) -> Result<Vec<u16>, String> {
    mv.squares.iter().map(|s| n.parse(s).ok_or_else(|| format!("there is no square {s} on this board in this notation"))).collect()
}

/// The winner a result string names, if any: `Some(Some(side))` a win, `Some(None)` a
/// draw, `None` unknown.
fn result_winner(r: &str) -> Option<Option<Side>> {
    match r.trim() {
        "1-0" | "2-0" => Some(Some(Side::White)),
        "0-1" | "0-2" => Some(Some(Side::Black)),
        "1/2-1/2" | "1-1" => Some(None),
        _ => None,
    }
}

/// Replays a game in one notation (a FEN tag may be written in another of `notations`).
fn replay_in(notations: &Notations, game: &Game, name: &str, notation: &Notation) -> Verdict {
    let rules = notations.rules;
    let mut v = Verdict { plies: 0, error: None, warnings: Vec::new(), notation: name.to_string() };
    let pos = match game.tag("FEN") {
        Some(f) if !f.trim().is_empty() => match parse_fen_in(rules, notation, f) {
            Ok(p) => p,
            Err(e) => {
                // Some records write the FEN in another notation than the moves.
                let other = notations.all().iter().find_map(|(name, n)| parse_fen_in(rules, n, f).ok().map(|p| (name, p)));
                match other {
                    Some((name, p)) => {
                        v.notation = format!("{}; FEN tag in {name}", v.notation);
                        p
                    }
                    None => {
                        v.error = Some(PlyError {
                            ply: 0,
                            text: f.to_string(),
                            line: game.line,
                            column: 1,
                            reason: format!("the FEN tag cannot be read: {}", e.message),
                        });
                        return v;
                    }
                }
            }
        },
        _ => Position::start(rules),
    };
    let mut r = Replayer { rules, notation, pos, list: MoveList::new(), infos: Vec::new() };
    let mut moves: &[MoveText] = &game.moves;
    // Some files write a scoring result such as `4-6` where the result goes.
    if let (Some(last), Some(res)) = (moves.last(), game.tag("Result")) {
        if !last.capture && last.text == res.trim() {
            moves = &moves[..moves.len() - 1];
            v.warnings.push(format!("the result `{res}` is written as the last move; it was read as the result"));
        }
    }
    let mut merged_hops = false;
    play(&mut r, moves, 0, &mut v, &mut merged_hops, 0);
    if v.error.is_some() {
        return v;
    }
    if merged_hops {
        v.warnings.push("multi-captures are written as separate hops; they were joined".into());
    }
    if let Some(gap) = &game.gap {
        v.warnings.push(format!("an unknown move `{}` at line {}, column {} ends the replay", gap.text, gap.line, gap.column));
    }
    for o in &game.oddities {
        v.warnings.push(format!("unreadable text `{}` at line {}, column {} was skipped", o.text, o.line, o.column));
    }
    // The result against the final position.
    let result = game.tag("Result").map(str::to_string).or_else(|| game.result.clone());
    if let Some(res) = result {
        if let Some(winner) = result_winner(&res) {
            let mut list = MoveList::new();
            if let Outcome::Win(w, why) = r.pos.outcome(rules, &mut list) {
                if winner != Some(w) {
                    v.warnings.push(format!("the result is {res}, but in the final position {} has won ({} {why})", w.name(), w.name()));
                }
            }
        }
    }
    v
}

/// Plays `moves[i..]`; stops at the first error (recorded in `v`). An ambiguous move is
/// resolved by trying the rest of the game after each reading (up to a few nested
/// ambiguities): the one reading under which the game goes on legally is taken.
fn play(r: &mut Replayer, moves: &[MoveText], mut i: usize, v: &mut Verdict, merged_hops: &mut bool, depth: u8) {
    let rules = r.rules;
    let notation = r.notation;
    while i < moves.len() {
        let mv = &moves[i];
        let ply = v.plies + 1;
        let fail = |v: &mut Verdict, reason: String| {
            v.error = Some(PlyError { ply, text: mv.text.clone(), line: mv.line, column: mv.column, reason });
        };
        let cells = match parse_cells(notation, mv) {
            Ok(c) => c,
            Err(e) => return fail(v, e),
        };
        r.refresh();
        let mut used = 1;
        let mut resolved = r.resolve(&cells, mv.capture);
        // A multi-capture written as separate hops: join the following hops.
        if let Resolved::Error(_) = resolved {
            let mut joined = cells.clone();
            let mut k = i + 1;
            while k < moves.len() && moves[k].capture {
                let Ok(next) = parse_cells(notation, &moves[k]) else { break };
                if next[0] != joined[joined.len() - 1] {
                    break;
                }
                joined.extend_from_slice(&next[1..]);
                k += 1;
                if let Resolved::One(j) = r.resolve(&joined, true) {
                    resolved = Resolved::One(j);
                    used = k - i;
                    *merged_hops = true;
                    break;
                }
            }
        }
        let chosen = match resolved {
            Resolved::One(j) => j,
            Resolved::Error(reason) => return fail(v, reason),
            Resolved::Ambiguous(options, reason) => {
                if depth >= 3 {
                    return fail(v, reason);
                }
                let mut good = Vec::new();
                for &j in &options {
                    let mut trial = Replayer { rules, notation, pos: r.pos.clone(), list: MoveList::new(), infos: Vec::new() };
                    trial.refresh();
                    trial.pos.make(rules, trial.list.get(j));
                    let mut tv = Verdict { plies: 0, error: None, warnings: Vec::new(), notation: String::new() };
                    let mut merged = false;
                    play(&mut trial, moves, i + 1, &mut tv, &mut merged, depth + 1);
                    if tv.error.is_none() {
                        good.push(j);
                    }
                }
                if good.len() == 1 {
                    let text = r.text(&r.list.info(good[0]));
                    v.warnings.push(format!(
                        "move {} `{}` at line {}, column {} is ambiguous; only {text} lets the game go on legally",
                        ply.div_ceil(2),
                        mv.text,
                        mv.line,
                        mv.column
                    ));
                    good[0]
                } else if good.is_empty() {
                    return fail(v, reason);
                } else {
                    return fail(v, format!("{reason}; the game goes on legally after {} of them", good.len()));
                }
            }
        };
        if cells.len() > 2 && used == 1 && r.list.get(chosen).path() != &cells[1..] {
            let full = r.text(&r.list.info(chosen));
            v.warnings.push(format!(
                "move {} `{}` at line {}, column {} gives part of its path; the full path is {full}",
                ply.div_ceil(2),
                mv.text,
                mv.line,
                mv.column
            ));
        }
        r.pos.make(rules, r.list.get(chosen));
        v.plies += 1;
        i += used;
    }
}

/// Replays a game. The notation is the variant's own unless the record only makes sense
/// in another one (numbers in an algebraic variant, squares seen from Black): then the
/// first notation in which the whole game is legal is taken, and named in the verdict.
pub fn replay(rules: &Rules, game: &Game) -> Verdict {
    replay_with(&Notations::new(rules), game)
}

/// [`replay`] with notations kept across games of one variant.
pub fn replay_with(notations: &Notations, game: &Game) -> Verdict {
    let rules = notations.rules;
    // Another notation is tried only when the record cannot be read in the variant's
    // own: a square that does not exist in it (numbers in an algebraic variant, ...).
    let own = &rules.spec().notation;
    if readable(game, own) {
        return replay_in(notations, game, &notation_name(rules, own.kind()), own);
    }
    let candidates = notations.all();
    let mut best: Option<Verdict> = None;
    for (name, n) in candidates.iter().skip(1).filter(|(_, n)| readable(game, n)) {
        let v = replay_in(notations, game, name, n);
        if v.error.is_none() {
            return v;
        }
        if best.as_ref().is_none_or(|b| v.plies > b.plies) {
            best = Some(v);
        }
    }
    best.unwrap_or_else(|| replay_in(notations, game, &candidates[0].0, &candidates[0].1))
}

/// Whether every square of a record's moves exists in a notation.
fn readable(game: &Game, n: &Notation) -> bool {
    game.moves.iter().all(|m| m.squares.iter().all(|s| n.parse(s).is_some()))
}
