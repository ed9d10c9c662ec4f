//! Resolving a written move against a position: `32-28`, `28x19x10` or `c3xe5` becomes one
//! legal move, or an error that says why not (no such square, illegal and why, ambiguous
//! and between which moves).

use super::move_error::{Illegal, MoveError};
use super::move_text::{PASS_TEXT, full_path_in, taken_suffix};
use super::notations::candidate_notations;
use super::pdn::MoveText;
use crate::compile::Rules;
use crate::engine::{BudgetExceeded, MoveInfo, MoveList, Position, Routes};
use crate::geometry::Notation;

/// Reads a move's text without a position: its squares and whether it is written as a
/// capture (a pass, `--` or `pass`, has no squares). Returns [`MoveError::Syntax`] when the
/// text is not one move.
pub fn read_move(text: &str) -> Result<MoveText, MoveError> {
    let t = text.trim();
    if t == PASS_TEXT || t.eq_ignore_ascii_case("pass") {
        return Ok(MoveText {
            text: PASS_TEXT.to_string(),
            squares: Vec::new(),
            capture: false,
            taken: Vec::new(),
            packed: false,
            drop: false,
            line: 1,
            column: 1,
            notes: super::write::MoveNotes::default(),
        });
    }
    super::body::read_move(t).ok_or_else(|| MoveError::Syntax { text: text.to_string() })
}

/// Resolves a move written in the variant's own notation (`32-28`, `28x19`, `28x19x10`,
/// `c3xe5`, PDN 1.0's `3228`; numbers in Russian too, as `validate` reads them) against a position: the one legal move it names, with its full path. A capture
/// may be written with only its origin and destination when that names one move, or with
/// some or all of its landing cells.
///
/// ```
/// use polydame::{load_variant, parse_move, Illegal, MoveError, Position};
///
/// let rules = load_variant("international").unwrap();
/// let start = Position::start(&rules);
/// let m = parse_move(&rules, &start, "32-28").unwrap();
/// assert_eq!(rules.cell_name(m.to), "28");
/// let err = parse_move(&rules, &start, "27-22").unwrap_err();
/// assert!(matches!(err, MoveError::Illegal(Illegal::NoPiece { .. })));
/// assert_eq!(err.to_string(), "there is no piece on 27");
/// ```
pub fn parse_move(rules: &Rules, pos: &Position, text: &str) -> Result<MoveInfo, MoveError> {
    let mut r = Resolver::new(rules, &rules.spec().notation, pos.clone());
    let i = resolve_text(&mut r, text)?;
    Ok(r.list.info(i))
}

/// The index in `r`'s list of the one legal move `text` names: read in `r`'s notation, or,
/// when that notation lacks one of its squares, in the first other notation records of the
/// variant use (numbers in Russian, see [`candidate_notations`]) where it names one legal
/// move, as `validate` reads records.
pub(crate) fn resolve_text(r: &mut Resolver, text: &str) -> Result<usize, MoveError> {
    let written = read_move(text)?;
    if written.drop {
        let cells = squares(r.notation, &written)?;
        return match r.resolve_drop(&cells, &taken_cells(r.notation, &written)?) {
            Resolved::One(i) => Ok(i),
            Resolved::Ambiguous(_, e) | Resolved::Error(e) => Err(e),
        };
    }
    match squares(r.notation, &written) {
        Ok(cells) => match r.resolve_taking(&cells, written.capture, &taken_cells(r.notation, &written)?) {
            Resolved::One(i) => Ok(i),
            Resolved::Ambiguous(_, e) | Resolved::Error(e) => Err(e),
        },
        Err(e) => {
            let others = candidate_notations(r.rules);
            let found = others.iter().filter(|(_, n)| n.kind() != r.notation.kind()).find_map(|(_, n)| {
                match r.resolve(&squares(n, &written).ok()?, written.capture) {
                    Resolved::One(i) => Some(i),
                    _ => None,
                }
            });
            found.ok_or(e)
        }
    }
}

/// The cells of a written move in a notation (a move written without a separator must
/// have one reading only, see [`packed_cells`]).
pub(crate) fn squares(n: &Notation, mv: &MoveText) -> Result<Vec<u16>, MoveError> {
    if mv.packed {
        let mut readings = packed_cells(n, mv);
        return match readings.len() {
            1 => Ok(readings.remove(0)),
            _ => Err(MoveError::Unreadable { text: mv.text.clone() }),
        };
    }
    mv.squares.iter().map(|s| n.parse(s).ok_or_else(|| MoveError::NoSuchSquare { square: s.clone() })).collect()
}

/// The cells of the pieces a move is written to take (`d3xe3<f3>`), none where not written.
pub(crate) fn taken_cells(n: &Notation, mv: &MoveText) -> Result<Vec<u16>, MoveError> {
    mv.taken.iter().map(|s| n.parse(s).ok_or_else(|| MoveError::NoSuchSquare { square: s.clone() })).collect()
}

/// The readings of a move written without a separator (see [`MoveText::packed`]) as cells
/// of a notation: none, one, or (`121` on 32 squares) several.
pub(crate) fn packed_cells(n: &Notation, mv: &MoveText) -> Vec<Vec<u16>> {
    let digits = mv.squares.first().map_or("", String::as_str);
    super::body::packed_readings(digits, |s| n.parse(s).is_some())
        .into_iter()
        .filter_map(|(a, b)| Some(vec![n.parse(a)?, n.parse(b)?]))
        .collect()
}

/// A position with its legal moves, every capture route apart, against which written
/// moves are matched.
pub(crate) struct Resolver<'a> {
    pub rules: &'a Rules,
    pub notation: &'a Notation,
    pub pos: Position,
    /// The legal moves of `pos`, every sequence of landing cells apart.
    pub list: MoveList,
    /// The moves of `list` spelled out, built only to explain a rejected or ambiguous
    /// move (most moves are matched on `list` directly).
    infos: Vec<MoveInfo>,
}

/// What a written move resolves to.
pub(crate) enum Resolved {
    /// The index in the resolver's list of the one move it names.
    One(usize),
    /// Several different moves match: their indices and the error.
    Ambiguous(Vec<usize>, MoveError),
    Error(MoveError),
}

impl<'a> Resolver<'a> {
    /// A resolver for `pos`, its legal moves generated.
    pub fn new(rules: &'a Rules, notation: &'a Notation, pos: Position) -> Resolver<'a> {
        let mut r = Resolver { rules, notation, pos, list: MoveList::new(), infos: Vec::new() };
        r.refresh();
        r
    }

    /// Generates the legal moves of the position (after it changed).
    pub fn refresh(&mut self) {
        self.pos.generate(self.rules, &mut self.list, Routes::Landings);
        self.infos.clear();
    }

    /// A move with every landing cell, in the resolver's notation.
    pub fn text(&self, m: &MoveInfo) -> String {
        self.text_among(m, &self.infos)
    }

    /// `m` in full, with the pieces it takes where another of `legal` lands alike.
    fn text_among(&self, m: &MoveInfo, legal: &[MoveInfo]) -> String {
        full_path_in(self.notation, m) + &taken_suffix(self.notation, m, legal)
    }

    fn texts<'m>(&self, moves: impl IntoIterator<Item = &'m MoveInfo>) -> Vec<String> {
        moves.into_iter().map(|m| self.text(m)).collect()
    }

    fn name(&self, c: u16) -> String {
        self.notation.name(c).to_string()
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
        let ends = |i: &usize| !list.get(*i).is_drop() && list.get(*i).from() == first && list.get(*i).to() == last;
        let path = |i: usize| list.get(i).path();
        // A full path names every landing cell: if some route is exactly it, only those.
        // `f6xh4` is then the single jump, though a longer capture from f6 may also end on
        // h4 (a piece that may stop after any capture has both): that one is written in
        // full, as PDN asks of a capture its two ends do not name alone.
        let exact: Vec<usize> = (0..list.len()).filter(|i| ends(i) && path(*i) == &cells[1..]).collect();
        if !exact.is_empty() {
            return exact;
        }
        (0..list.len())
            .filter(|i| {
                let mut it = path(*i).iter();
                ends(i) && mid.iter().all(|c| it.any(|p| p == c))
            })
            .collect()
    }

    /// The legal move that written squares name (none: a pass); routes with the same
    /// result are one move.
    pub fn resolve(&mut self, cells: &[u16], written_capture: bool) -> Resolved {
        self.resolve_taking(cells, written_capture, &[])
    }

    /// [`Resolver::resolve`] of a move written with the pieces it takes (`taken`, empty
    /// when not written): only the captures that take exactly those.
    pub fn resolve_taking(&mut self, cells: &[u16], written_capture: bool, taken: &[u16]) -> Resolved {
        if self.list.exceeded() {
            return Resolved::Error(MoveError::budget(self.rules, BudgetExceeded::at(self.rules, &self.pos)));
        }
        if cells.is_empty() {
            return match self.list.iter().find(|m| m.is_pass()) {
                Some(m) => Resolved::One(m.index()),
                None => Resolved::Error(Illegal::NoPass { side: self.pos.side_to_move() }.into()),
            };
        }
        let mut found = self.matches(cells);
        let list = &self.list;
        if !taken.is_empty() && !found.is_empty() {
            found.retain(|&i| {
                let m = list.get(i);
                m.captures() + m.removed_cells().len() == taken.len() && m.taken_cells().all(|c| taken.contains(&c))
            });
            if found.is_empty() {
                self.spell_out();
                let mine = self.texts(self.infos.iter().filter(|m| m.from == cells[0] && !m.captured.is_empty()));
                return Resolved::Error(Illegal::NoSuchCapture { square: self.name(cells[0]), captures: mine }.into());
            }
        }
        let mut distinct: Vec<usize> = Vec::new();
        for &i in &found {
            let m = list.get(i);
            let same = |j: &usize| {
                let o = list.get(*j);
                // Captured cells are distinct within a move: equal sets have equal sizes.
                o.to() == m.to()
                    && o.kind_after() == m.kind_after()
                    && o.captures() == m.captures()
                    && o.removed_cells().len() == m.removed_cells().len()
                    && o.taken_cells().all(|x| m.taken_cells().any(|y| y == x))
            };
            if !distinct.iter().any(same) {
                distinct.push(i);
            }
        }
        if distinct.iter().any(|&i| list.get(i).removed_cells().len() > 0) {
            // A slide over a huffed piece and a capture of it land alike and take the same
            // piece: the separator written tells them apart (`b2-h8<c3>`, `b2xh8`).
            let kept: Vec<usize> = distinct.iter().copied().filter(|&i| (list.get(i).captures() > 0) == written_capture).collect();
            if !kept.is_empty() {
                distinct = kept;
            }
        }
        if taken.is_empty() && distinct.len() > 1 {
            // Written without the pieces it takes: the move that takes nothing more than its
            // landings say, beside the same move with a piece huffed.
            let bare: Vec<usize> = distinct.iter().copied().filter(|&i| list.get(i).removed_cells().len() == 0).collect();
            if bare.len() == 1 {
                distinct = bare;
            }
        }
        match distinct.len() {
            1 => Resolved::One(distinct[0]),
            0 => Resolved::Error(self.why_not(cells, written_capture).into()),
            _ => {
                self.spell_out();
                let candidates = self.texts(distinct.iter().map(|&i| &self.infos[i]));
                Resolved::Ambiguous(distinct, MoveError::Ambiguous { candidates, go_on: None })
            }
        }
    }

    /// Why written squares name no legal move.
    fn why_not(&mut self, cells: &[u16], written_capture: bool) -> Illegal {
        self.spell_out();
        // A copy: the reasons name moves with the list at hand (see `Resolver::text`).
        let infos = self.infos.clone();
        self.explain(cells, written_capture, &infos)
    }

    /// [`Resolver::why_not`], given the moves of the list spelled out.
    fn explain(&mut self, cells: &[u16], written_capture: bool, infos: &[MoveInfo]) -> Illegal {
        let us = self.pos.side_to_move();
        let (from, to) = (cells[0], cells[cells.len() - 1]);
        match self.pos.piece(from) {
            None => return Illegal::NoPiece { square: self.name(from) },
            Some((owner, _)) if owner != us => return Illegal::NotYourPiece { square: self.name(from), owner, to_move: us },
            _ => {}
        }
        if infos.is_empty() {
            return Illegal::NoLegalMove { side: us };
        }
        let captures: Vec<&MoveInfo> = infos.iter().filter(|m| !m.captured.is_empty()).collect();
        if let Some(why) = self.beaten_capture(cells, &captures) {
            return why;
        }
        if !captures.is_empty() {
            let mine: Vec<&MoveInfo> = captures.iter().copied().filter(|m| m.from == from).collect();
            if !written_capture || mine.is_empty() {
                return Illegal::CaptureCompulsory { captures: self.texts(captures) };
            }
            return Illegal::NoSuchCapture { square: self.name(from), captures: self.texts(mine) };
        }
        let mine = self.texts(infos.iter().filter(|m| m.from == from));
        if written_capture {
            return Illegal::NoCaptureHere { square: self.name(from), moves: mine };
        }
        if self.pos.piece(to).is_some() {
            return Illegal::Occupied { square: self.name(to) };
        }
        if mine.is_empty() {
            return Illegal::PieceCannotMove { square: self.name(from) };
        }
        Illegal::CannotGoThere { from: self.name(from), to: self.name(to), moves: mine }
    }

    /// A written capture that would be legal without the precedence rule, while other
    /// captures are legal: why it is beaten.
    fn beaten_capture(&mut self, cells: &[u16], captures: &[&MoveInfo]) -> Option<Illegal> {
        if captures.is_empty() {
            return None;
        }
        let mut all = MoveList::new();
        self.pos.generate_unranked_captures(self.rules, &mut all);
        let (from, to) = (cells[0], cells[cells.len() - 1]);
        let mid = &cells[1..cells.len() - 1];
        let m = (0..all.len()).map(|i| all.info(i)).find(|m| {
            let mut it = m.path.iter();
            m.from == from && m.to == to && mid.iter().all(|c| it.any(|p| p == c))
        })?;
        let most = captures.iter().map(|c| c.captured.len()).max().unwrap_or(0);
        let listed = self.texts(captures.iter().copied());
        if m.captured.len() < most {
            return Some(Illegal::NotMaximum { taken: m.captured.len(), most, captures: listed });
        }
        let criteria = self.rules.spec().capture.precedence.iter().map(|c| c.name()).collect();
        Some(Illegal::Precedence { criteria, captures: listed })
    }
}
