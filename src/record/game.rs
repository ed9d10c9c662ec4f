//! A game: a position with its history. Moves are played by their text, taken back, and
//! the outcome is judged with the history (repetition).

use super::fen::{FenError, parse_fen, write_fen};
use super::move_error::MoveError;
use super::move_text::move_text;
use super::resolve::{Resolver, parse_move, resolve_text};
use super::write::GameRecord;
use crate::compile::Rules;
use crate::engine::{BudgetExceeded, EndReason, History, MoveInfo, MoveList, Outcome, Position, Routes};
use std::sync::Arc;

/// A game of a variant: where it started, the moves played, the position reached.
///
/// ```
/// use polydame::{load_variant, Game, Outcome};
///
/// let rules = load_variant("international").unwrap();
/// let mut game = Game::new(&rules);
/// game.play("32-28").unwrap();
/// game.play("19-23").unwrap();
/// // White must take: 28x19.
/// let err = game.play("31-26").unwrap_err();
/// assert_eq!(err.to_string(), "a capture is compulsory: 28x19");
/// assert_eq!(game.legal_moves().unwrap().len(), 1);
/// game.play("28x19").unwrap();
/// assert_eq!(game.outcome(), Outcome::Ongoing);
/// assert_eq!(game.undo().map(|m| game.move_text(&m)), Some("28x19".to_string()));
/// assert!(game.fen().starts_with("W:W28,31,33,34,"));
/// ```
#[derive(Clone, Debug)]
pub struct Game<'r> {
    rules: RulesRef<'r>,
    start: Position,
    /// Each move played, with the position it was played in.
    history: Vec<(Position, MoveInfo)>,
    pos: Position,
    /// What the end rules need of the past.
    past: History,
}

/// The rules a game is played by: borrowed, or shared with whoever else holds them (a
/// game that lives as long as it likes: a Python board's, a server's).
#[derive(Clone, Debug)]
enum RulesRef<'r> {
    Borrowed(&'r Rules),
    Shared(Arc<Rules>),
}

impl std::ops::Deref for RulesRef<'_> {
    type Target = Rules;

    fn deref(&self) -> &Rules {
        match self {
            RulesRef::Borrowed(r) => r,
            RulesRef::Shared(r) => r,
        }
    }
}

impl Game<'static> {
    /// A game from `pos` that shares its rules rather than borrowing them: it borrows
    /// nothing, so it may live as long as it likes (in a struct of its own, another
    /// thread, a Python object).
    ///
    /// ```
    /// use polydame::{load_variant, Game, Position};
    /// use std::sync::Arc;
    ///
    /// let rules = Arc::new(load_variant("english").unwrap());
    /// let start = Position::start(&rules);
    /// let mut game: Game<'static> = Game::shared(rules, start);
    /// game.play("11-15").unwrap();
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn shared(rules: Arc<Rules>, pos: Position) -> Game<'static> {
        let past = History::new(&rules, &pos);
        Game { rules: RulesRef::Shared(rules), start: pos.clone(), history: Vec::new(), past, pos }
    }
}

impl<'r> Game<'r> {
    /// A game from the variant's start position.
    pub fn new(rules: &'r Rules) -> Game<'r> {
        Game::from_position(rules, Position::start(rules))
    }

    /// A game from a position.
    pub fn from_position(rules: &'r Rules, pos: Position) -> Game<'r> {
        Game { rules: RulesRef::Borrowed(rules), start: pos.clone(), history: Vec::new(), past: History::new(rules, &pos), pos }
    }

    /// A game from a FEN (see [`parse_fen`]).
    pub fn from_fen(rules: &'r Rules, fen: &str) -> Result<Game<'r>, FenError> {
        parse_fen(rules, fen).map(|p| Game::from_position(rules, p))
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position reached.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &MoveInfo> {
        self.history.iter().map(|(_, m)| m)
    }

    /// The position reached, as FEN.
    pub fn fen(&self) -> String {
        write_fen(&self.rules, &self.pos)
    }

    /// The legal moves of the position reached (captures with the same origin, destination
    /// and captured pieces are one move), in the order of their full paths; none once the
    /// game is over. An error if the capture search passed the rules' budget (see
    /// [`Rules::set_capture_budget`]).
    pub fn legal_moves(&self) -> Result<Vec<MoveInfo>, BudgetExceeded> {
        let list = self.legal_list()?;
        let mut moves: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        super::sort_moves(&self.rules, &mut moves);
        Ok(moves)
    }

    /// The legal moves of the position reached as the engine lists them (captures with
    /// the same origin, destination and captured pieces one move), to play with
    /// [`Game::play_listed`] without generating them again; empty once the game is over.
    pub fn legal_list(&self) -> Result<MoveList, BudgetExceeded> {
        let mut list = MoveList::new();
        // Judging the outcome leaves the legal moves in the list when the game goes on
        // (see `Position::outcome`): they are not generated twice.
        if self.pos.clone().outcome_in(&self.rules, &mut list, &self.past) != Outcome::Ongoing {
            return Ok(MoveList::new());
        }
        if list.exceeded() {
            return Err(BudgetExceeded::at(&self.rules, &self.pos));
        }
        Ok(list)
    }

    /// Plays move `i` of `list`, a list [`Game::legal_list`] gave for the position reached
    /// (it is empty once the game is over, so the move is legal).
    ///
    /// # Panics
    ///
    /// If `list` was generated in another position, or `i` is past its end.
    pub fn play_listed(&mut self, list: &MoveList, i: usize) {
        let info = list.info(i);
        let before = self.pos.clone();
        self.pos.make(&self.rules, list.get(i));
        self.past.push(&self.rules, &info, &self.pos);
        self.history.push((before, info));
    }

    /// How a move of the position reached is written: `32-28`, `28x19`, or the full path
    /// when another legal capture has the same origin and destination (or when the legal
    /// moves are past the capture budget, so that cannot be known).
    pub fn move_text(&self, m: &MoveInfo) -> String {
        match self.legal_moves() {
            Ok(legal) => move_text(&self.rules, m, &legal),
            Err(_) => super::move_text::full_path(&self.rules, m),
        }
    }

    /// A line of moves from the position reached (the player's expected line), each
    /// written as in its own position ([`Game::move_text`]); it stops before a move that
    /// cannot be played there.
    pub fn line_text(&self, line: &[MoveInfo]) -> Vec<String> {
        let mut walk = self.clone();
        let mut texts = Vec::with_capacity(line.len());
        for m in line {
            let text = walk.move_text(m);
            if walk.play_move(m).is_err() {
                break;
            }
            texts.push(text);
        }
        texts
    }

    /// Plays a move written in the variant's notation (`32-28`, `28x19`, `28x19x10`,
    /// `c3xe5`, PDN 1.0's `3228`; see [`parse_move`]) and returns it with its full path. A
    /// move whose squares the variant's notation lacks is read, as `validate` reads
    /// records, in the other notations records of the variant use (numbers in Russian) when
    /// it names one legal move there.
    pub fn play(&mut self, text: &str) -> Result<MoveInfo, MoveError> {
        self.check_ongoing()?;
        let mut r = Resolver::new(&self.rules, &self.rules.spec().notation, self.pos.clone());
        let i = resolve_text(&mut r, text)?;
        let info = r.list.info(i);
        r.pos.make(&self.rules, r.list.get(i));
        let before = std::mem::replace(&mut self.pos, r.pos);
        self.past.push(&self.rules, &info, &self.pos);
        self.history.push((before, info.clone()));
        Ok(info)
    }

    /// Plays one of the [`Game::legal_moves`] (or any legal capture route).
    pub fn play_move(&mut self, m: &MoveInfo) -> Result<(), MoveError> {
        self.check_ongoing()?;
        let mut list = MoveList::new();
        for routes in [Routes::Distinct, Routes::Landings] {
            self.pos.try_generate(&self.rules, &mut list, routes).map_err(|e| MoveError::budget(&self.rules, e))?;
            if let Some(mv) = list.iter().find(|mv| mv.info() == *m) {
                self.history.push((self.pos.clone(), m.clone()));
                self.pos.make(&self.rules, mv);
                self.past.push(&self.rules, m, &self.pos);
                return Ok(());
            }
        }
        // A move made up by its caller (from another board, say) may name cells this board
        // has not: it is no move here, and has no text here.
        let cells = self.rules.spec().geometry.len();
        let here = |c: &u16| (*c as usize) < cells;
        if !(m.is_pass() || here(&m.from) && here(&m.to) && m.path.iter().chain(&m.captured).chain(&m.removed).all(here)) {
            return Err(MoveError::Syntax { text: "a move naming cells this board does not have".to_string() });
        }
        let text = super::move_text::full_path(&self.rules, m);
        Err(match parse_move(&self.rules, &self.pos, &text) {
            Err(e) => e,
            Ok(_) => MoveError::Syntax { text },
        })
    }

    /// The side that made each move played, in order: the sides alternate, but for a
    /// side that moves again (`[capture] moves_again`).
    pub fn movers(&self) -> impl ExactSizeIterator<Item = crate::Side> + '_ {
        self.history.iter().map(|(p, _)| p.side_to_move())
    }

    /// Takes back the last move played, and returns it.
    pub fn undo(&mut self) -> Option<MoveInfo> {
        let (pos, m) = self.history.pop()?;
        self.pos = pos;
        self.past.pop();
        Some(m)
    }

    /// How the game stands: a side has won (it cannot move, or the variant's other end
    /// rules), a draw by repetition or by a move-count rule where the variant has one, or
    /// going on (see [`Position::outcome_in`]).
    pub fn outcome(&self) -> Outcome {
        self.pos.clone().outcome_in(&self.rules, &mut MoveList::new(), &self.past)
    }

    /// A draw a player may claim in the position reached, and why: a move-count rule of
    /// the variant with `claim = true` that has run its course (English draughts' 40-move
    /// rule; [`EndReason::sentence`] says it in words). The game goes on unless it is
    /// claimed.
    pub fn claimable_draw(&self) -> Option<EndReason> {
        self.past.claimable(&self.rules)
    }

    /// The game's past as its end rules see it.
    pub fn history(&self) -> &History {
        &self.past
    }

    fn check_ongoing(&self) -> Result<(), MoveError> {
        match self.outcome() {
            Outcome::Ongoing => Ok(()),
            o => Err(MoveError::GameOver { outcome: o, description: o.describe(&self.rules) }),
        }
    }

    /// The game as a record to write as PDN (see [`write_pdn`](super::write_pdn)).
    pub fn record(&self) -> GameRecord {
        let moves = self
            .history
            .iter()
            .map(|(p, m)| {
                let mut pos = p.clone();
                let mut list = MoveList::new();
                pos.generate(&self.rules, &mut list, Routes::Distinct);
                (m.clone(), (0..list.len()).map(|i| list.info(i)).collect())
            })
            .collect();
        let result = self.outcome().score();
        GameRecord { tags: Vec::new(), start: self.start.clone(), moves, result: result.to_string() }
    }
}
