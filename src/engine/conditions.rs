//! `where` conditions on moves and on the landings of jumps: the tests of a
//! [`Condition`] judged on a board.

use super::position::Board;
use crate::compile::{DEAD, EMPTY, Rules, kind_of, side_of};
use crate::spec::{BySide, Condition, Place, Side, Test};

/// Who moves and where the game and the move stand, as a condition reads them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mover {
    /// The side moving.
    pub side: Side,
    /// The moves played in the game before this one (see
    /// [`Position::played`](super::Position::played)).
    pub played: u16,
    /// The pieces each side holds in hand.
    pub hand: BySide<u8>,
    /// The pieces the move has taken before this jump (0 for a quiet move).
    pub taken: u16,
    /// The cell of the piece this jump jumps (`None` for a quiet move or a drop).
    pub over: Option<u16>,
}

/// Whether a move of `mover` from `from` to `to` meets `cond`, on `board` as it stands
/// before the piece arrives (on `from`, or lifted from it during a capture).
pub(crate) fn meets(rules: &Rules, board: &Board, mover: Mover, cond: &Condition, from: u16, to: u16) -> bool {
    let mut results = 0u32;
    for (i, t) in cond.tests().iter().enumerate() {
        if holds(rules, board, mover, t, from, to) {
            results |= 1 << i;
        }
    }
    cond.holds(results)
}

/// One test.
fn holds(rules: &Rules, board: &Board, mover: Mover, t: &Test, from: u16, to: u16) -> bool {
    let us = mover.side;
    // A piece taken during the capture still stands until it is removed.
    let side = |c: u16| side_of(board[c] & !DEAD);
    let whose = |own: bool| if own { us as u8 } else { us.other() as u8 };
    match *t {
        Test::SeesEnemy => (0..rules.dirs).any(|d| {
            let mut n = rules.next(to, d);
            while board[n] == EMPTY || n == from {
                n = rules.next(n, d);
            }
            side(n) == us.other() as u8
        }),
        Test::Touches { own, dirs } => dirs[us].iter().any(|d| {
            let n = rules.next(to, d);
            n != from && side(n) == whose(own)
        }),
        Test::Touched { own, dirs } => dirs[us].iter().any(|d| {
            let n = rules.next(from, d);
            n != to && side(n) == whose(own)
        }),
        Test::Inward => inward(rules, from, to),
        Test::In { at, set } => {
            let cell = match at {
                Place::From => Some(from),
                Place::To => Some(to),
                Place::Over => mover.over,
            };
            cell.is_some_and(|c| rules.spec.condition_cells[set as usize][us].contains(c))
        }
        Test::Played { min, max } => (min..=max).contains(&mover.played),
        Test::Taken { min, max } => (min..=max).contains(&mover.taken),
        Test::JumpOpen { dirs } => dirs[us].iter().any(|d| {
            // A piece taken during the capture is no longer there to be jumped.
            let n = rules.next(from, d);
            board[n] & DEAD == 0 && side_of(board[n]) == us.other() as u8 && board[rules.next(n, d)] == EMPTY
        }),
        Test::Pieces { own, kinds, min, max } => {
            let s = if own { us } else { us.other() };
            let mask = kinds.unwrap_or(u8::MAX);
            let on_board = (0..rules.cells as u16)
                .filter(|&c| {
                    board[c] != EMPTY && board[c] & DEAD == 0 && side_of(board[c]) == s as u8 && mask >> kind_of(board[c]) & 1 == 1
                })
                .count();
            let n = on_board as u32 + if kinds.is_none() { u32::from(mover.hand[s]) } else { 0 };
            u32::from(min) <= n && n <= u32::from(max)
        }
        Test::Nearer => {
            let nearest = |c: u16| {
                (0..rules.cells as u16)
                    .filter(|&e| board[e] != EMPTY && board[e] & DEAD == 0 && side(e) == us.other() as u8)
                    .map(|e| rules.steps_apart(c, e))
                    .min()
            };
            matches!((nearest(from), nearest(to)), (Some(a), Some(b)) if b < a)
        }
    }
}

/// Whether the line from `from` to `to` brings a piece nearer its middle: the larger of
/// the distances to the board's edge, both ways along it, is smaller at `to`.
fn inward(rules: &Rules, from: u16, to: u16) -> bool {
    let off = rules.cells as u16;
    let reaches = |d: usize| {
        let mut n = rules.next(from, d);
        while n != off && n != to {
            n = rules.next(n, d);
        }
        n == to
    };
    let Some(d) = (0..rules.dirs).find(|&d| reaches(d)) else { return false };
    let back = rules.opposite[d] as usize;
    let run = |mut c: u16, d: usize| {
        let mut n = 0;
        while rules.next(c, d) != off {
            c = rules.next(c, d);
            n += 1;
        }
        n
    };
    run(to, d).max(run(to, back)) < run(from, d).max(run(from, back))
}
