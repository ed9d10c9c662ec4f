//! A game's past, as its end rules need it: the hashes of its positions (repetition,
//! passes) and the count of each move-count rule (`[[end.count]]`).

use super::moves::MoveInfo;
use super::position::Position;
use crate::compile::{kind_of, Rules};
use crate::spec::{CountRule, Side};

/// The past of a game: what its end rules need to judge the position reached.
///
/// It starts at a position ([`History::new`]) and follows the moves played
/// ([`History::push`], [`History::pop`]); [`Position::outcome_in`] judges the last position
/// with it.
///
/// ```
/// use polydame::{load_variant, parse_fen, parse_move, History, MoveList, Outcome, Routes};
///
/// let rules = load_variant("international").unwrap();
/// // A king each: FMJD's 25-move rule counts the king moves.
/// let mut pos = parse_fen(&rules, "W:WK47:BK4").unwrap();
/// let mut history = History::new(&rules, &pos);
/// let mut list = MoveList::new();
/// for text in ["47-42", "4-9"] {
///     let m = parse_move(&rules, &pos, text).unwrap();
///     pos.generate(&rules, &mut list, Routes::Distinct);
///     let mv = list.iter().find(|mv| mv.info() == m).unwrap();
///     pos.make(&rules, mv);
///     history.push(&rules, &m, &pos);
/// }
/// assert_eq!(history.count_of(0), Some(2));
/// assert_eq!(pos.outcome_in(&rules, &mut MoveList::new(), &history), Outcome::Ongoing);
/// ```
#[derive(Clone, Debug, Default)]
pub struct History {
    /// The hash of each position, the start first, the position reached last.
    hashes: Vec<u64>,
    /// For each position and each of the variant's count rules, in that order: 0 when the
    /// rule's condition does not hold, else 1 + the half-moves its count has run.
    counts: Vec<u16>,
    /// How many count rules the variant has.
    rules: usize,
}

impl History {
    /// The history of a game that starts at `start` (no move played).
    pub fn new(rules: &Rules, start: &Position) -> History {
        let n = rules.spec().end.counts.len();
        let mut h = History { hashes: vec![start.hash()], counts: Vec::with_capacity(n), rules: n };
        for rule in &rules.spec().end.counts {
            h.counts.push(u16::from(holds(rules, rule, start)));
        }
        h
    }

    /// Adds the move `m` that led to `after`, the position now reached.
    pub fn push(&mut self, rules: &Rules, m: &MoveInfo, after: &Position) {
        let mover = after.side_to_move().other() as usize;
        let king = |k: u8| rules.tables[mover].get(k as usize).is_some_and(|t| t.is_king);
        let mut events = 0;
        if !m.captured.is_empty() {
            events |= CountRule::CAPTURE;
        }
        if !m.is_pass() && !king(m.kind_before) {
            events |= CountRule::MAN_MOVE;
        }
        if !m.is_pass() && !king(m.kind_before) && king(m.kind_after) {
            events |= CountRule::PROMOTION;
        }
        let last = self.counts.len() - self.rules;
        for (i, rule) in rules.spec().end.counts.iter().enumerate() {
            let before = self.counts[last + i];
            let now = if !holds(rules, rule, after) {
                0
            } else if before == 0 || events & rule.reset != 0 {
                1
            } else {
                before.saturating_add(1)
            };
            self.counts.push(now);
        }
        self.hashes.push(after.hash());
    }

    /// Forgets the last move pushed (nothing when none was).
    pub fn pop(&mut self) {
        if self.hashes.len() > 1 {
            self.hashes.pop();
            self.counts.truncate(self.counts.len() - self.rules);
        }
    }

    /// Half-moves played since the start.
    pub fn plies(&self) -> usize {
        self.hashes.len() - 1
    }

    /// The hashes of the positions of the game, the start first, the position reached
    /// last.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// How many half-moves the count of the variant's count rule `rule` (its index in
    /// [`EndRules::counts`](crate::EndRules)) has run in the position reached: `None`
    /// while the rule's condition does not hold.
    pub fn count_of(&self, rule: usize) -> Option<u16> {
        let last = self.counts.len() - self.rules;
        self.counts.get(last + rule).and_then(|&c| c.checked_sub(1))
    }

    /// The reason of the draw by a count rule that ends the game (`claim = false`) whose
    /// count has run its course in the position reached, if any (the first in file order).
    pub fn count_draw(&self, rules: &Rules) -> Option<&'static str> {
        self.counted_out(rules, false)
    }

    /// The first count rule whose count has run its course in the position reached, among
    /// those that end the game (`claim = false`) or those a player may claim.
    fn counted_out(&self, rules: &Rules, claim: bool) -> Option<&'static str> {
        let last = self.counts.len() - self.rules;
        rules.spec().end.counts.iter().enumerate().find_map(|(i, rule)| {
            let run = self.counts[last + i].checked_sub(1)?;
            (rule.claim == claim && run >= 2 * rule.moves).then_some(rule.reason)
        })
    }

    /// The reason of a draw a player may claim in the position reached (a count rule with
    /// `claim = true` that has run its course), if any.
    pub fn claimable(&self, rules: &Rules) -> Option<&'static str> {
        self.counted_out(rules, true)
    }
}

/// Whether the condition of a count rule holds in a position. It runs after every move
/// of a game and of the player's search, so it counts pieces without allocating.
fn holds(rules: &Rules, rule: &CountRule, pos: &Position) -> bool {
    if let Some((lo, hi)) = rule.pieces {
        let n = (pos.pieces(Side::White).len() + pos.pieces(Side::Black).len()) as u16;
        if n < lo || n > hi {
            return false;
        }
    }
    if !rule.both_kings && rule.material.is_empty() {
        return true;
    }
    // A material names every piece: most positions have too many for any of the rule's.
    let total = (pos.pieces(Side::White).len() + pos.pieces(Side::Black).len()) as usize;
    let pieces = |a: &[u8]| a.iter().map(|&n| usize::from(n)).sum::<usize>();
    if !rule.material.is_empty() && !rule.material.iter().any(|(a, b)| pieces(a) + pieces(b) == total) {
        return false;
    }
    let (white, black) = (material(rules, pos, Side::White), material(rules, pos, Side::Black));
    let kinds = |side: Side| &rules.tables[side as usize];
    if rule.both_kings {
        let has_king = |side: Side, counts: &[u8; 8]| kinds(side).iter().zip(counts).any(|(t, &n)| t.is_king && n > 0);
        if !has_king(Side::White, &white) || !has_king(Side::Black, &black) {
            return false;
        }
    }
    let (white, black) = (&white[..kinds(Side::White).len()], &black[..kinds(Side::Black).len()]);
    rule.material.is_empty()
        || rule.material.iter().any(|(a, b)| (a[..] == *white && b[..] == *black) || (a[..] == *black && b[..] == *white))
}

/// A side's pieces of each kind (a variant has at most 8 kinds), at most 255 counted:
/// from the bit sets of the rules' layout where there is one.
fn material(rules: &Rules, pos: &Position, side: Side) -> [u8; 8] {
    let mut counts = [0u8; 8];
    if rules.layout.is_some() {
        for (k, n) in counts.iter_mut().enumerate() {
            *n = (pos.kinds[k] & pos.bits[side as usize]).count_ones().min(255) as u8;
        }
        return counts;
    }
    for c in pos.pieces(side).iter() {
        let k = kind_of(pos.board[c]) as usize & 7;
        counts[k] = counts[k].saturating_add(1);
    }
    counts
}
