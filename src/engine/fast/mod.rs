//! The fast path: the position as a few bit sets of the board's layout (64 bits wide
//! where the layout fits, else 128), copied rather than made and unmade, on the tables
//! `compile::fast` built once for the variant. It implements every rule of the format
//! but columns, and runs a variant only when `compile::fast::support` (one exhaustive
//! look at the whole compiled rules) finds every rule implemented.
//!
//! It lists the same moves as the general engine, in the same order, with the same
//! captured pieces and landing cells: the general engine stays the reference, and the
//! tests (`tests/suite/engines.rs`, and this module's) compare the two wherever both run.
//!
//! Where things are: here the board, its moves and lists; `origins` (which pieces may
//! capture), `captures` (the capture search, each step of a capture), `shapes` (each shape of
//! capture), `landing` (a complete capture stored; where a capture lands and whether it
//! goes on is decided in `engine::decide`, for both engines), `quiet` (quiet moves,
//! listed and counted), `list` (moves as a [`MoveList`] of the general engine's form, and
//! the way back to a [`Position`]).

/// Runs `$body` with the const `$n` the [`FastRules::men_backs`] of side `$side` of the
/// rules `$f` (2, 4, 8, or 0 for any other), so that the loops over its men's jump
/// directions have a length known when they are compiled (see `FastRules::origins_n`).
macro_rules! by_men {
    ($f:expr, $side:expr, $n:ident => $body:expr) => {
        match $f.men_backs[$side & 1] {
            2 => by_men!(@ 2, $n => $body),
            4 => by_men!(@ 4, $n => $body),
            8 => by_men!(@ 8, $n => $body),
            _ => by_men!(@ 0, $n => $body),
        }
    };
    (@ $b:literal, $n:ident => $body:expr) => {{
        const $n: usize = $b;
        $body
    }};
}

mod captures;
mod jumps;
mod landing;
mod list;
mod origins;
mod quiet;
mod shapes;
#[cfg(test)]
mod tests;

use super::budget::{BudgetExceeded, Stop};
use super::moves::{MoveList, Routes};
use super::perft::PerftError;
use super::position::Position;
use crate::compile::Rules;
use crate::geometry::bits::Bits;
use crate::spec::Side;
use std::sync::atomic::AtomicBool;

use crate::compile::fast::{Fast, FastRules, on_width};

/// The width a fast path's sets may have, and where a [`MoveList`]'s [`Scratch`] keeps
/// a list of them.
pub(crate) trait Width: Bits {
    /// The fast path's scratch list of this width.
    fn scratch(scratch: &mut Scratch) -> &mut FastList<Self>;
}

impl Width for u64 {
    fn scratch(scratch: &mut Scratch) -> &mut FastList<u64> {
        &mut scratch.narrow
    }
}

impl Width for u128 {
    fn scratch(scratch: &mut Scratch) -> &mut FastList<u128> {
        &mut scratch.wide
    }
}

/// A position for the fast path, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board<B> {
    /// The pieces of the side to move.
    pub own: B,
    /// The other side's pieces.
    pub opp: B,
    /// The kinds of the pieces, both sides: `planes[j]` holds the pieces whose kind index
    /// has bit `j` set (kind 0, the man, is in neither).
    pub planes: [B; 2],
    /// The side to move (0 White, 1 Black).
    pub side: usize,
    /// With a limit on quiet moves, per side: the piece that has made quiet moves in a
    /// row (its bit index plus one; none: zero) and how many.
    pub track: [(u8, u8); 2],
}

impl<B: Bits> Board<B> {
    /// The pieces of kind `k`, both sides.
    #[inline(always)]
    pub fn kind_set(&self, k: usize) -> B {
        let p0 = if k & 1 == 1 { self.planes[0] } else { !self.planes[0] };
        let p1 = if k & 2 == 2 { self.planes[1] } else { !self.planes[1] };
        p0 & p1
    }

    /// The piece of `side` tracked under a limit on quiet moves (none: zero), and how
    /// many quiet moves it has made in a row.
    #[inline(always)]
    pub fn tracked(&self, side: usize) -> (B, u8) {
        let (bit, n) = self.track[side & 1];
        if bit == 0 { (B::ZERO, 0) } else { (B::bit(u32::from(bit - 1)), n) }
    }

    /// The kind of the piece on `v` (a single bit).
    #[inline(always)]
    pub fn kind_at(&self, v: B) -> usize {
        (self.planes[0] & v != B::ZERO) as usize | ((self.planes[1] & v != B::ZERO) as usize) << 1
    }
}

/// The kind a piece is crowned to on the cell `at` (a single bit), `zone` its kind's
/// promotion cells and `promotes_to` the kind it becomes; `None` off them.
#[inline(always)]
pub(super) fn crowned_on<B: Bits>(at: B, zone: B, promotes_to: usize) -> Option<usize> {
    if at & zone == B::ZERO { None } else { Some(promotes_to) }
}

/// A move of the fast path: origin and destination bits (equal for a capture that comes
/// back to its start; both zero for a pass), the pieces it takes, the kinds of the moving
/// piece before (low four bits) and after it, and where its captured pieces and landing
/// cells are kept (see [`FastList`]; zero where they are not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FastMove<B> {
    pub from: B,
    pub to: B,
    pub taken: B,
    pub kinds: u8,
    pub trace: u32,
}

impl<B: Width> FastRules<B> {
    /// The position as the fast path sees it.
    pub fn board(&self, pos: &Position) -> Board<B> {
        let side = pos.side.index();
        // Kind k has bit j of its index in plane j.
        let k = &pos.kinds;
        let planes = [B::from_wide(k[1] | k[3]), B::from_wide(k[2] | k[3])];
        let track = pos.quiet.map(|(cell, n)| if n == 0 { (0, 0) } else { (self.bit[cell as usize & 255] + 1, n) });
        Board { own: B::from_wide(pos.bits[side]), opp: B::from_wide(pos.bits[1 - side]), planes, side, track }
    }

    /// The position `b` stands for, under `rules` (those the tables were built from).
    pub fn position(&self, rules: &Rules, b: &Board<B>) -> Position {
        let side = if b.side == 0 { Side::White } else { Side::Black };
        let mut pos = Position::empty(rules, side);
        for (s, set) in [(side, b.own), (side.other(), b.opp)] {
            let mut rest = set;
            while rest != B::ZERO {
                let v = rest.low();
                rest ^= v;
                pos.put(rules, self.cell[v.lowest() as usize], s, b.kind_at(v) as u8);
            }
        }
        pos.quiet = b.track.map(|(bit, n)| if bit == 0 { (0, 0) } else { (self.cell[bit as usize - 1], n) });
        pos
    }
}

impl<B: Bits> FastMove<B> {
    /// The kind of the moving piece before the move.
    #[inline(always)]
    pub fn kind_before(&self) -> usize {
        (self.kinds & 15) as usize
    }

    /// The kind of the moving piece after the move.
    #[inline(always)]
    pub fn kind_after(&self) -> usize {
        (self.kinds >> 4) as usize
    }

    /// Whether this is a pass.
    #[inline(always)]
    pub fn is_pass(&self) -> bool {
        self.from == B::ZERO
    }
}

/// Where a traced move's captured pieces and landing cells are in its [`FastList`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Trace {
    pub caps: u32,
    pub ncap: u16,
    pub path: u32,
    pub npath: u16,
}

/// The moves of a position, with (when traced) each capture's pieces in the order taken
/// and its landing cells, as bit indexes; and the capture search's scratch.
#[derive(Clone, Debug, Default)]
pub(crate) struct FastList<B> {
    pub moves: Vec<FastMove<B>>,
    pub traces: Vec<Trace>,
    pub caps: Vec<u8>,
    pub path: Vec<u8>,
    /// The pieces taken so far by the capture being searched, and its landings.
    pub stack: Vec<u8>,
    pub trail: Vec<u8>,
    /// What may stop the search before its budget (copied from the [`MoveList`] it serves
    /// as scratch), and whether it stopped the last search.
    pub stop: Option<Stop>,
    pub stopped: bool,
}

impl<B> FastList<B> {
    /// Takes the stop of the [`MoveList`] the list serves (cloned only when it changed).
    #[inline]
    pub fn watch(&mut self, stop: &Option<Stop>) {
        if self.stop != *stop {
            self.stop = stop.clone();
        }
    }

    /// Empties the list of moves (not the search's scratch).
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.traces.clear();
        self.caps.clear();
        self.path.clear();
    }
}

/// A [`MoveList`]'s scratch for the fast path, for boards of either width.
#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    pub narrow: FastList<u64>,
    pub wide: FastList<u128>,
}

impl Fast {
    /// Leaves of the move tree under `pos`, `depth` plies deep (at least 1).
    /// `Stopped` soon after `stop` is set.
    pub fn perft(&self, rules: &Rules, pos: &Position, depth: u32, routes: Routes, stop: Option<&AtomicBool>) -> Result<u64, PerftError> {
        on_width!(self, f => f.perft(&f.board(pos), depth, routes, stop).map_err(|b| match b {
            Some(b) => PerftError::Budget(BudgetExceeded::at(rules, &f.position(rules, &b))),
            None => PerftError::Stopped,
        }))
    }

    /// The legal moves of `pos` into `list`, as the general engine lists them (see
    /// [`Position::generate`]).
    pub fn generate(&self, rules: &Rules, pos: &Position, list: &mut MoveList, routes: Routes) {
        on_width!(self, f => f.generate_list(rules, pos, list, routes))
    }

    /// Whether some piece of the side to move might capture (the search's quick test: where
    /// it says no, there is no capture).
    pub fn might_capture(&self, pos: &Position) -> bool {
        on_width!(self, f => f.might_capture(&f.board(pos)))
    }

    /// How many legal moves `pos` has (`None` past the capture budget).
    pub fn count(&self, pos: &Position, list: &mut MoveList, routes: Routes) -> Option<usize> {
        let scratch = list.fast.get_or_insert_with(Box::default);
        on_width!(self, f => {
            let fl = Width::scratch(scratch);
            fl.watch(&list.stop);
            fl.stopped = false;
            let b = f.board(pos);
            let n = by_men!(f, b.side, MEN => f.count::<MEN>(&b, routes, fl)).map(|n| n as usize);
            list.stopped = fl.stopped;
            n
        })
    }
}
