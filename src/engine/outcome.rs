//! How a game stands: going on, won, or drawn.

use super::end_reason::EndReason;
use super::history::History;
use super::moves::MoveList;
use super::position::Position;
use crate::compile::{Rules, kind_of};
use crate::spec::{EndTest, MaterialResult, NoMoves, NoPieces, Side};

/// The state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has legal moves and no end rule applies.
    Ongoing,
    /// This side has won; the reason says why.
    Win(Side, EndReason),
    /// Drawn; the reason says why.
    Draw(EndReason),
}

impl Outcome {
    /// `ongoing`, `win` or `draw`.
    pub fn result(&self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win(..) => "win",
            Outcome::Draw(_) => "draw",
        }
    }

    /// The side that has won, if one has.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win(side, _) => Some(*side),
            _ => None,
        }
    }

    /// The result as PDN writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes
    /// on.
    pub fn score(&self) -> &'static str {
        match self {
            Outcome::Ongoing => "*",
            Outcome::Win(Side::White, _) => "1-0",
            Outcome::Win(Side::Black, _) => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }

    /// Why the game ended (`None` while it goes on).
    pub fn reason(&self) -> Option<EndReason> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win(_, why) | Outcome::Draw(why) => Some(*why),
        }
    }

    /// The outcome in words, for people: `the game goes on`, `White wins: the opponent
    /// has no legal move`, `draw: both sides passed`. It takes the rules because a
    /// move-count rule's sentence is the variant's ([`EndReason::sentence`]).
    pub fn describe(&self, rules: &Rules) -> String {
        match self {
            Outcome::Ongoing => "the game goes on".to_string(),
            Outcome::Win(side, why) => format!("{} wins: {}", side.name(), why.sentence(rules)),
            Outcome::Draw(why) => format!("draw: {}", why.sentence(rules)),
        }
    }
}

impl Position {
    /// The outcome judged from this position alone (no history): a side that promoted
    /// wins where the variant says so; a side left with a material the variant names
    /// loses, draws or wins; a side to move without pieces (on the board or in hand), or without legal
    /// moves, loses, or wins where the variant says so (a side that passes always has a
    /// move while it has pieces). When the game goes on, `list` holds the position's legal
    /// moves, as [`Position::generate`] leaves them with [`Routes::Distinct`](super::Routes).
    pub fn outcome(&mut self, rules: &Rules, list: &mut MoveList) -> Outcome {
        let end = &rules.spec().end;
        if self.over {
            list.reset(self.hash);
            if self.placed_alone {
                return Outcome::Win(self.side.other(), EndReason::IncompleteTurn);
            }
            // The side that passed, and lost by its pass.
            let why = if self.has_pieces(self.side.other()) { EndReason::NoMoves } else { EndReason::NoPieces };
            return Outcome::Win(self.side, why);
        }
        if end.promotion_wins {
            for side in [self.side.other(), self.side] {
                let s = side.index();
                if self.pieces[s].iter().any(|c| rules.tables[s][kind_of(self.board[c]) as usize].is_king) {
                    return Outcome::Win(side, EndReason::PromotionWins);
                }
            }
        }
        if let Some(o) = self.material_outcome(rules) {
            return o;
        }
        if !end.rules.is_empty()
            && let Some(o) = self.rule_outcome(rules, list)
        {
            return o;
        }
        if end.no_pieces == NoPieces::MoverWins && !(self.has_pieces(Side::White) && self.has_pieces(Side::Black)) {
            return Outcome::Win(self.side.other(), EndReason::NoPiecesMoverWins);
        }
        if self.has_pieces(self.side) {
            if !self.is_stuck(rules, list) {
                return Outcome::Ongoing;
            }
            return if end.no_moves == NoMoves::Win {
                Outcome::Win(self.side, EndReason::NoMovesWins)
            } else {
                Outcome::Win(self.side.other(), EndReason::NoMoves)
            };
        }
        match end.no_pieces {
            NoPieces::Win => Outcome::Win(self.side, EndReason::NoPiecesWins),
            // Its one move is a pass, after which it has lost.
            NoPieces::PassThenLoss => {
                self.generate(rules, list, super::Routes::Distinct);
                Outcome::Ongoing
            }
            NoPieces::Loss | NoPieces::MoverWins => Outcome::Win(self.side.other(), EndReason::NoPieces),
        }
    }

    /// The first of the variant's end rules (`[[end.rule]]`) that holds for the side to
    /// move, as an outcome. `list` holds the position's moves if a rule asked for them.
    fn rule_outcome(&mut self, rules: &Rules, list: &mut MoveList) -> Option<Outcome> {
        // Whether it has no move but a pass, where a rule asks.
        let stuck = rules.spec().end.rules.iter().any(|r| r.when.asks_no_moves()).then(|| {
            self.generate(rules, list, super::Routes::Distinct);
            list.is_empty() || list.len() == 1 && list.get(0).is_pass()
        });
        let (i, result) = self.end_rule(rules, false, || stuck.unwrap_or(false))?;
        let why = EndReason::Rule(i as u8);
        Some(match result {
            MaterialResult::Loss => Outcome::Win(self.side.other(), why),
            MaterialResult::Draw => Outcome::Draw(why),
            MaterialResult::Win => Outcome::Win(self.side, why),
        })
    }

    /// The first end rule (`[[end.rule]]`; with `moves_only`, of those that ask whether
    /// the side to move has a move) that holds for the side to move, with its index;
    /// `stuck` says whether it has no move but a pass, asked only where a rule needs it.
    pub(crate) fn end_rule(&self, rules: &Rules, moves_only: bool, mut stuck: impl FnMut() -> bool) -> Option<(usize, MaterialResult)> {
        let end = &rules.spec().end;
        let us = self.side;
        for (i, rule) in end.rules.iter().enumerate() {
            if moves_only && !rule.when.asks_no_moves() {
                continue;
            }
            let mut results = 0u32;
            for (t, test) in rule.when.tests.iter().enumerate() {
                let side = |own: bool| if own { us } else { us.other() };
                let holds = match test {
                    EndTest::NoMoves => stuck(),
                    EndTest::Pieces { own, kinds, min, max } => {
                        let s = side(*own);
                        let n = match kinds {
                            None => self.pieces[s].len() + u32::from(self.hand[s]),
                            Some(mask) => self.pieces[s].iter().filter(|&c| mask >> kind_of(self.board[c]) & 1 == 1).count() as u32,
                        };
                        u32::from(*min) <= n && n <= u32::from(*max)
                    }
                    EndTest::On { own, cells } => !self.pieces[side(*own)].intersection(&cells[us]).is_empty(),
                };
                if holds {
                    results |= 1 << t;
                }
            }
            if rule.when.holds(results) {
                return Some((i, rule.result));
            }
        }
        None
    }

    /// The variant's material endings: the first that a side (the side to move first)
    /// is left with exactly.
    fn material_outcome(&self, rules: &Rules) -> Option<Outcome> {
        let end = &rules.spec().end;
        if end.material.is_empty() {
            return None;
        }
        let material = |side: Side| {
            let mut counts = vec![0u8; rules.tables[side].len()];
            for c in self.pieces[side].iter() {
                let k = kind_of(self.board[c]) as usize;
                counts[k] = counts[k].saturating_add(1);
            }
            counts
        };
        for side in [self.side, self.side.other()] {
            let (ours, theirs) = (material(side), material(side.other()));
            if let Some(m) = end.material.iter().find(|m| m.counts == ours && m.against.as_ref().is_none_or(|a| *a == theirs)) {
                return Some(match m.result {
                    MaterialResult::Loss => Outcome::Win(side.other(), EndReason::MaterialLoss),
                    MaterialResult::Draw => Outcome::Draw(EndReason::MaterialDraw),
                    MaterialResult::Win => Outcome::Win(side, EndReason::MaterialWin),
                });
            }
        }
        None
    }

    /// The outcome with the game's history (this position last): adds to
    /// [`Position::outcome`] the variant's repetition draw, its draw after passes in a row
    /// (a pass is a ply that changes nothing but the side to move), and its move-count
    /// rules that end the game (`[[end.count]]` without `claim`; see
    /// [`History::claimable`] for the others).
    pub fn outcome_in(&mut self, rules: &Rules, list: &mut MoveList, history: &History) -> Outcome {
        let o = self.outcome(rules, list);
        if o != Outcome::Ongoing {
            return o;
        }
        match self.history_draw(rules, history, true) {
            Some(why) => Outcome::Draw(why),
            None => Outcome::Ongoing,
        }
    }

    /// The draw the game's past makes of this position (its last), if any: by repetition
    /// (when `repetition`; a search may judge repetitions its own way), by passes in a
    /// row, or by a move-count rule that ends the game.
    pub(crate) fn history_draw(&self, rules: &Rules, history: &History, repetition: bool) -> Option<EndReason> {
        let end = &rules.spec().end;
        let hashes = history.hashes();
        if let Some(n) = end.repetition.filter(|_| repetition)
            && hashes.iter().filter(|&&h| h == self.hash).count() >= n as usize
        {
            return Some(EndReason::Repetition);
        }
        if let Some(n) = end.passes_draw {
            let passes = hashes.windows(2).rev().take_while(|w| w[1] == w[0] ^ rules.zobrist_black).count();
            if passes >= n as usize {
                return Some(EndReason::Passes);
            }
        }
        history.count_draw(rules)
    }
}
