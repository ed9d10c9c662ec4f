//! The evaluation, from the compiled rules alone: each piece is worth its kind's worth
//! (the first kind's is 100; see [`kind_worths`]), a piece that promotes a little more the
//! nearer it stands to its promotion cells (its tempo), and the side with more moves to
//! choose from a little more again (mobility); learned weights add patterns, runaways and
//! balance ([`super::features`]).

use super::features::{Features, Terms};
use crate::compile::Rules;
use crate::engine::{MoveList, Position, Routes, Setup};
use crate::spec::Side;

/// What one more row towards promotion is worth.
const ROW: i32 = 4;
/// What one more legal move than the opponent is worth, up to [`MOBILITY_CAP`] moves.
pub(super) const MOBILITY: i32 = 2;
pub(super) const MOBILITY_CAP: usize = 24;

/// How a kind's worth grows with its moves: as this power of its moves over the first
/// kind's (see [`kind_worths`]).
const MOBILITY_POWER: f64 = 0.65;

/// The state slot of a window's cell off the board: always empty.
const OFF: u8 = 128;

/// Per side, kind and cell, what a piece there is worth.
pub(super) struct Worth {
    /// `table[(side * kinds + kind) * cells + cell]`.
    table: Vec<i32>,
    /// The same by the cell's bit in the rules' layout, where there is one:
    /// `by_bit[(side * kinds + kind) * 128 + bit]`.
    by_bit: Vec<i32>,
    kinds: usize,
    cells: usize,
    /// A piece in hand (`[drops]`): its kind's value, no cell's bonus.
    in_hand: i32,
    /// The windows' bits, and what each arrangement on each is worth for White
    /// (`patterns[window * ARRANGEMENTS + arrangement]`); none unless learned.
    windows: Vec<[u8; 4]>,
    patterns: Vec<i32>,
    /// What a runaway one move from promotion is worth, and each piece of a side's
    /// imbalance costs it (see [`super::features`]); the tables where either is not 0.
    runaway: i32,
    balance: i32,
    features: Option<Box<Features>>,
}

/// The arrangements of a window's four cells, each empty (or off the board), White's or
/// Black's: `3^4`.
pub const ARRANGEMENTS: usize = 81;

/// The evaluation's windows, from the rules alone: for each cell, the four cells `c`,
/// `c + d1`, `c + d2` and `c + d1 + d2`, where `d1` and `d2` are the first two directions
/// of the first kind's first quiet move for White (forward left and forward right on a
/// draughts board: a square of four cells standing on its corner). A window with fewer
/// than three cells on the board is left out, as are all where the board has no bit
/// layout or the first kind no two such directions.
pub struct Windows {
    /// Per window, its cells (`None`: off the board).
    pub cells: Vec<[Option<u16>; 4]>,
}

impl Windows {
    pub fn of(rules: &Rules) -> Windows {
        let spec = rules.spec();
        let g = &spec.geometry;
        let dirs: Vec<usize> = spec.kinds.first().and_then(|k| k.moves.first()).map_or(Vec::new(), |m| m.dirs[0].iter().collect());
        if rules.layout.is_none() || dirs.len() < 2 {
            return Windows { cells: Vec::new() };
        }
        let (d1, d2) = (dirs[0], dirs[1]);
        let cells = (0..g.len() as u16)
            .map(|c| {
                let (a, b) = (g.step(c, d1), g.step(c, d2));
                let far = a.and_then(|a| g.step(a, d2)).or_else(|| b.and_then(|b| g.step(b, d1)));
                [Some(c), a, b, far]
            })
            .filter(|w| w.iter().flatten().count() >= 3)
            .collect();
        Windows { cells }
    }

    /// The arrangement of each window in `pos`, in order.
    pub fn arrangements<'a>(&'a self, pos: &'a Position) -> impl Iterator<Item = usize> + 'a {
        let state = |c: Option<u16>| match c.and_then(|c| pos.piece(c)) {
            Some((Side::White, _)) => 1,
            Some((Side::Black, _)) => 2,
            None => 0,
        };
        self.cells.iter().map(move |w| w.iter().rev().fold(0, |a, &c| a * 3 + state(c)))
    }
}

impl Worth {
    /// The worth of every piece on every cell, from the rules.
    pub fn new(rules: &Rules) -> Worth {
        let spec = rules.spec();
        let g = &spec.geometry;
        let (kinds, cells) = (spec.kinds.len(), g.len());
        let mut table = vec![0; 2 * kinds * cells];
        let worths = kind_worths(rules);
        for side in Side::BOTH {
            for (k, kind) in spec.kinds.iter().enumerate() {
                let base = worths[k];
                for cell in 0..cells as u16 {
                    let bonus = kind.promotion.as_ref().map_or(0, |(_, zones)| {
                        let far = zones[side].iter().map(|p| (g.row(p) - g.row(cell)).abs()).min().unwrap_or(0);
                        (g.rows() - far).max(0) * ROW
                    });
                    table[(side.index() * kinds + k) * cells + cell as usize] = base + bonus;
                }
            }
        }
        // Runaways and balance are off (their weights 0): this worth with a runaway worth
        // half the promotion's gain and balance 2 a piece scored 49.3% ± 4.9% against itself
        // without them (English, 300 games at depth 6), no better (docs/player.md).
        Worth::of_table(rules, table)
    }

    /// The worth `table` gives (laid out as [`Worth::table`]; its length checked by the
    /// caller): learned weights (see [`super::tune`]).
    pub fn of_table(rules: &Rules, table: Vec<i32>) -> Worth {
        let spec = rules.spec();
        let (kinds, cells) = (spec.kinds.len(), spec.geometry.len());
        let mut by_bit = Vec::new();
        if let Some(l) = &rules.layout {
            by_bit = vec![0; 2 * kinds * 128];
            for sk in 0..2 * kinds {
                for cell in 0..cells {
                    by_bit[sk * 128 + l.bit[cell] as usize] = table[sk * cells + cell];
                }
            }
        }
        let in_hand = spec.drops.as_ref().map_or(0, |d| kind_worths(rules)[d.kind as usize]);
        Worth { table, by_bit, kinds, cells, in_hand, windows: Vec::new(), patterns: Vec::new(), runaway: 0, balance: 0, features: None }
    }

    /// The worth learned `weights` give: their table, patterns, runaway and balance.
    pub fn of_weights(rules: &Rules, weights: super::Weights) -> Worth {
        Worth::of_table(rules, weights.table).with_patterns(rules, weights.patterns).with_features(rules, weights.runaway, weights.balance)
    }

    /// The same worth with learned `patterns` (laid out as [`Worth::patterns`], one
    /// [`ARRANGEMENTS`] a window of [`Windows::of`] the rules; its length checked by the
    /// caller), where the board has a bit layout.
    pub fn with_patterns(self, rules: &Rules, patterns: Vec<i32>) -> Worth {
        let Some(l) = &rules.layout else { return self };
        if patterns.is_empty() {
            return self;
        }
        let bit = |c: Option<u16>| c.map_or(OFF, |c| l.bit[c as usize]);
        let windows = Windows::of(rules).cells.iter().map(|w| w.map(bit)).collect();
        Worth { windows, patterns, ..self }
    }

    /// The same worth with the runaway's and the balance's weights (see
    /// [`super::features`]); their tables are built only where either is not 0.
    pub fn with_features(self, rules: &Rules, runaway: i32, balance: i32) -> Worth {
        let features = if runaway == 0 && balance == 0 { None } else { Features::new(rules).map(Box::new) };
        Worth { runaway, balance, features, ..self }
    }

    /// The runaway's and the balance's weights.
    pub fn feature_weights(&self) -> (i32, i32) {
        (self.runaway, self.balance)
    }

    /// What the runaways and the balance give White in `pos` (0 without them).
    fn feature_score(&self, pos: &Position) -> i32 {
        let Some(f) = &self.features else { return 0 };
        let Terms { runaways, balance } = f.terms(pos);
        // Runaways in 64ths of one; a weight of a million times 128 whole ones fits an i64.
        (i64::from(self.runaway) * i64::from(runaways) / 64) as i32 + self.balance * balance
    }

    /// The patterns' worths (empty: none).
    pub fn patterns(&self) -> &[i32] {
        &self.patterns
    }

    /// What the patterns give White in `pos` (0 without patterns).
    fn pattern_score(&self, pos: &Position) -> i32 {
        if self.windows.is_empty() {
            return 0;
        }
        // Each bit's state (0 empty, 1 White's, 2 Black's); `OFF` stays empty.
        let mut state = [0u8; OFF as usize + 1];
        for (side, v) in [(Side::White, 1), (Side::Black, 2)] {
            let set = pos.bits[side];
            for (word, base) in [(set as u64, 0), ((set >> 64) as u64, 64)] {
                let mut w = word;
                while w != 0 {
                    state[(w.trailing_zeros() as usize + base) & 127] = v;
                    w &= w - 1;
                }
            }
        }
        let mut score = 0;
        for (i, w) in self.windows.iter().enumerate() {
            let at = |k: usize| state[w[k] as usize] as usize;
            let arrangement = at(0) + 3 * at(1) + 9 * at(2) + 27 * at(3);
            score += self.patterns[i * ARRANGEMENTS + arrangement];
        }
        score
    }

    /// Every entry, `[(side * kinds + kind) * cells + cell]`.
    pub fn table(&self) -> &[i32] {
        &self.table
    }

    /// The pieces of the side to move less the other side's (those in hand too).
    pub fn material(&self, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        let mut score = self.in_hand * (pos.hand(us) as i32 - pos.hand(us.other()) as i32);
        if !self.by_bit.is_empty() {
            // On the layout's bit sets, a kind at a time.
            for side in Side::BOTH {
                let sign = if side == us { 1 } else { -1 };
                for k in 0..self.kinds {
                    let row = &self.by_bit[(side.index() * self.kinds + k) * 128..][..128];
                    let set = pos.bits[side] & pos.kinds[k];
                    // Two words: most layouts fill only the low one.
                    for (word, base) in [(set as u64, 0), ((set >> 64) as u64, 64)] {
                        let mut w = word;
                        while w != 0 {
                            score += sign * row[(w.trailing_zeros() as usize + base) & 127];
                            w &= w - 1;
                        }
                    }
                }
            }
            return score;
        }
        for side in Side::BOTH {
            let sign = if side == us { 1 } else { -1 };
            for cell in pos.pieces(side).iter() {
                if let Some((_, kind)) = pos.piece(cell) {
                    score += sign * self.table[(side.index() * self.kinds + kind as usize) * self.cells + cell as usize];
                }
            }
        }
        score
    }

    /// [`Worth::material`] and mobility: `ours` is the side to move's count of legal
    /// moves; the other side's is counted on `scratch` with the turn passed to it.
    pub fn evaluate(&self, rules: &Rules, pos: &mut Position, ours: usize, scratch: &mut MoveList) -> i32 {
        let theirs = pos.with_turn_passed(rules, |p| p.count_moves(rules, scratch, crate::engine::Routes::Distinct));
        let mobility = ours.min(MOBILITY_CAP) as i32 - theirs.min(MOBILITY_CAP) as i32;
        let white = self.pattern_score(pos) + self.feature_score(pos);
        let extra = if pos.side_to_move() == Side::White { white } else { -white };
        self.material(pos) + MOBILITY * mobility + extra
    }
}

/// Per kind, what a piece of it is worth before its cell's bonus, in hundredths of the first
/// kind (a man: 100), from the rules alone:
/// - where the file gives the kinds different `value`s (Frisian: a man 100, a king 199),
///   100 × the kind's value over the first kind's: the author said what they weigh;
/// - else by what a piece can do: its mean number of legal moves alone on the board (over
///   the cells where it may stand), over the first kind's, to the power
///   [`MOBILITY_POWER`]. A short king of English draughts (3.06 moves against a man's
///   1.75) is worth 144, a flying king of International (11.4 against 1.8) 332, of Russian
///   (8.75 against 1.75) 285. A kind that cannot move alone, or a first kind that cannot,
///   is worth 100.
pub(super) fn kind_worths(rules: &Rules) -> Vec<i32> {
    let kinds = &rules.spec().kinds;
    let first = kinds.first().map_or(0, |k| k.value);
    if first > 0 && kinds.iter().any(|k| k.value != first) {
        return kinds.iter().map(|k| (100 * u64::from(k.value) / u64::from(first)).min(1 << 24) as i32).collect();
    }
    let moves = lone_mobility(rules);
    moves
        .iter()
        .map(|&m| if m > 0.0 && moves[0] > 0.0 { (100.0 * (m / moves[0]).powf(MOBILITY_POWER)).round() as i32 } else { 100 })
        .collect()
}

/// Per kind, its mean count of White's legal moves with one piece of it alone on the
/// board, White to move, over the cells where the setup check takes it (0: none).
fn lone_mobility(rules: &Rules) -> Vec<f64> {
    let spec = rules.spec();
    let mut list = MoveList::new();
    (0..spec.kinds.len() as u8)
        .map(|k| {
            let (mut sum, mut n) = (0usize, 0usize);
            for cell in 0..spec.geometry.len() as u16 {
                let mut setup = Setup::new(Side::White);
                setup.put(cell, Side::White, k);
                if let Ok(mut pos) = Position::from_setup(rules, &setup) {
                    sum += pos.count_moves(rules, &mut list, Routes::Distinct);
                    n += 1;
                }
            }
            if n == 0 { 0.0 } else { sum as f64 / n as f64 }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::kind_worths;
    use crate::load_variant;

    /// The kinds' worths the rules give, as the module's documentation says.
    #[test]
    fn kind_worths_from_moves_or_values() {
        for (id, worths) in [("english", [100, 144]), ("international", [100, 332]), ("russian", [100, 285]), ("frisian", [100, 199])] {
            assert_eq!(kind_worths(&load_variant(id).unwrap()), worths, "{id}");
        }
    }
}
