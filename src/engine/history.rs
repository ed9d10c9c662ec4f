//! A game's past, as its end rules need it: the hashes of its positions (repetition,
//! passes) and the count of each move-count rule (`[[end.count]]`).

use super::end_reason::EndReason;
use super::moves::{MoveInfo, MoveRef};
use super::position::Position;
use crate::compile::{Rules, kind_of};
use crate::spec::{CountRule, Side};

/// The past of a game: what its end rules need to judge the position reached.
///
/// It starts at a position ([`History::new`]) and follows the moves played
/// ([`History::push`], [`History::pop`]); [`Position::outcome_in`] judges the last position
/// with it.
///
/// ```
/// use polydame::{load_variant, parse_move, History, MoveList, Outcome, Routes};
/// use polydame::fen::parse_fen;
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
    /// Per count rule, the fewest and most pieces on the board for its condition to hold.
    totals: Vec<(usize, usize)>,
    /// Per side, bit k: kind k is a king (a promoted kind).
    kings: [u8; 2],
}

impl History {
    /// The history of a game that starts at `start` (no move played).
    pub fn new(rules: &Rules, start: &Position) -> History {
        let n = rules.spec().end.counts.len();
        let totals = rules.spec().end.counts.iter().map(totals).collect();
        let kings =
            [0, 1].map(|s: usize| rules.tables[s].iter().take(8).enumerate().filter(|(_, t)| t.is_king).fold(0u8, |m, (k, _)| m | 1 << k));
        let mut h = History { hashes: vec![start.hash()], counts: Vec::with_capacity(n), rules: n, totals, kings };
        let total = pieces_on(rules, start);
        for (rule, &t) in rules.spec().end.counts.iter().zip(&h.totals) {
            h.counts.push(u16::from(holds(rules, rule, t, total, start)));
        }
        h
    }

    /// Adds the move `m` that led to `after`, the position now reached.
    pub fn push(&mut self, rules: &Rules, m: &MoveInfo, after: &Position) {
        self.push_move(rules, (m.is_pass(), !m.captured.is_empty(), m.kind_before, m.kind_after), after);
    }

    /// [`History::push`] of a move of a list, spelled out no further than the count rules
    /// need (the player's search pushes every move it plays).
    pub(crate) fn push_ref(&mut self, rules: &Rules, m: MoveRef, after: &Position) {
        self.push_move(rules, (m.is_pass(), m.captures() > 0, m.kind_before(), m.kind_after()), after);
    }

    /// [`History::push`] of a move that passes or not, captures or not, and of a piece
    /// of a kind before and after it.
    fn push_move(&mut self, rules: &Rules, (pass, captures, before, after_kind): (bool, bool, u8, u8), after: &Position) {
        let mover = after.side_to_move().other().index();
        let king = |k: u8| k < 8 && self.kings[mover] >> k & 1 == 1;
        let mut events = 0;
        if captures {
            events |= CountRule::CAPTURE;
        }
        if !pass && !king(before) {
            events |= CountRule::MAN_MOVE;
        }
        if !pass && !king(before) && king(after_kind) {
            events |= CountRule::PROMOTION;
        }
        let last = self.counts.len() - self.rules;
        let total = pieces_on(rules, after);
        for (i, rule) in rules.spec().end.counts.iter().enumerate() {
            let before = self.counts[last + i];
            let now = if !holds(rules, rule, self.totals[i], total, after) {
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
    /// [`EndRules::counts`](crate::spec::EndRules)) has run in the position reached: `None`
    /// while the rule's condition does not hold.
    pub fn count_of(&self, rule: usize) -> Option<u16> {
        let last = self.counts.len() - self.rules;
        self.counts.get(last + rule).and_then(|&c| c.checked_sub(1))
    }

    /// The reason of the draw by a count rule that ends the game (`claim = false`) whose
    /// count has run its course in the position reached, if any (the first in file order).
    pub fn count_draw(&self, rules: &Rules) -> Option<EndReason> {
        self.counted_out(rules, false)
    }

    /// The first count rule whose count has run its course in the position reached, among
    /// those that end the game (`claim = false`) or those a player may claim.
    fn counted_out(&self, rules: &Rules, claim: bool) -> Option<EndReason> {
        let last = self.counts.len() - self.rules;
        // A variant has at most 16 count rules (the checker refuses more), so the index
        // fits the reason's byte.
        rules.spec().end.counts.iter().enumerate().find_map(|(i, rule)| {
            let run = self.counts[last + i].checked_sub(1)?;
            (rule.claim == claim && run >= 2 * rule.moves).then_some(EndReason::Count(i as u8))
        })
    }

    /// The reason of a draw a player may claim in the position reached (a count rule with
    /// `claim = true` that has run its course), if any.
    pub fn claimable(&self, rules: &Rules) -> Option<EndReason> {
        self.counted_out(rules, true)
    }
}

/// The number of pieces on the board.
fn pieces_on(rules: &Rules, pos: &Position) -> usize {
    if rules.layout.is_some() {
        (pos.bits[0].count_ones() + pos.bits[1].count_ones()) as usize
    } else {
        pos.pieces(Side::White).len() as usize + pos.pieces(Side::Black).len() as usize
    }
}

/// The fewest and most pieces on the board for a count rule's condition to hold: its
/// `pieces` range, and a material names every piece.
fn totals(rule: &CountRule) -> (usize, usize) {
    let (mut lo, mut hi) = rule.pieces.map_or((0, usize::MAX), |(lo, hi)| (usize::from(lo), usize::from(hi)));
    if !rule.material.is_empty() {
        let sum = |a: &[u8]| a.iter().map(|&n| usize::from(n)).sum::<usize>();
        let named: Vec<usize> = rule.material.iter().map(|(a, b)| sum(a) + sum(b)).collect();
        lo = lo.max(named.iter().copied().min().unwrap_or(0));
        hi = hi.min(named.iter().copied().max().unwrap_or(0));
    }
    (lo, hi)
}

/// Whether the condition of a count rule holds in a position of `total` pieces, the
/// rule's [`totals`] being `(lo, hi)`. It runs after every move of a game and of the
/// player's search, so it counts pieces without allocating, and rules out most
/// positions by their number of pieces alone.
fn holds(rules: &Rules, rule: &CountRule, (lo, hi): (usize, usize), total: usize, pos: &Position) -> bool {
    if total < lo || total > hi {
        return false;
    }
    let pieces = |a: &[u8]| a.iter().map(|&n| usize::from(n)).sum::<usize>();
    if !rule.material.is_empty() && !rule.material.iter().any(|(a, b)| pieces(a) + pieces(b) == total) {
        return false;
    }
    if !rule.both_kings && rule.material.is_empty() {
        return true;
    }
    let (white, black) = (material(rules, pos, Side::White), material(rules, pos, Side::Black));
    let kinds = |side: Side| &rules.tables[side];
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
            *n = (pos.kinds[k] & pos.bits[side]).count_ones().min(255) as u8;
        }
        return counts;
    }
    for c in pos.pieces(side).iter() {
        let k = kind_of(pos.board[c]) as usize & 7;
        counts[k] = counts[k].saturating_add(1);
    }
    counts
}
