//! Legal move generation on the general engine: captures (the pieces that may capture
//! found by a quick test, then searched), then quiet moves unless a capture is compulsory.

use super::budget::BudgetExceeded;
use super::decide;
use super::moves::{Move, MoveList, Routes};
use super::position::Position;
use crate::compile::{EMPTY, Rules, kind_of, side_of};
use crate::geometry::CellSet;
use crate::spec::Huff;

impl Position {
    /// Generates the legal moves into `list` (emptied first); `routes` says which captures
    /// count as different moves. The list remembers this position: its moves are played
    /// here with [`Position::make`].
    ///
    /// ```
    /// use polydame::{load_variant, MoveList, Routes};
    /// use polydame::fen::parse_fen;
    ///
    /// let rules = load_variant("international").unwrap();
    /// // A capture is compulsory: the man on 32 must take 28.
    /// let mut pos = parse_fen(&rules, "W:W32,47:B28").unwrap();
    /// let mut list = MoveList::new();
    /// pos.generate(&rules, &mut list, Routes::Distinct);
    /// let moves: Vec<_> = list.iter().map(|m| (rules.cell_name(m.from()), m.captures())).collect();
    /// assert_eq!(moves, [("32", 1)]);
    /// ```
    ///
    /// The capture search is bounded by the rules' budget ([`Rules::set_capture_budget`]):
    /// a search that passes it stops, and the list is then incomplete. The return value
    /// says whether the list is complete (so does [`MoveList::exceeded`]);
    /// [`Position::try_generate`] makes an incomplete list an error.
    pub fn generate(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) -> bool {
        if self.over {
            list.reset(self.hash);
            return true;
        }
        if let Some(f) = rules.fast_rules() {
            f.generate(rules, self, list, routes);
            return !list.exceeded;
        }
        self.generate_plain(rules, list, routes);
        if rules.capture.huff != Huff::None {
            self.add_huffing(rules, list, routes);
        }
        if rules.spec.capture.moves_again {
            self.mark_moves_again(rules, list);
        }
        !list.exceeded
    }

    /// `moves_again`: marks each capture of `list` that ends where its piece could begin
    /// another capture, as a new move of the same side (the side then moves again).
    fn mark_moves_again(&mut self, rules: &Rules, list: &mut MoveList) {
        let mut scratch = list.scratch.take().unwrap_or_default();
        for i in 0..list.moves.len() {
            let m = list.moves[i];
            if m.ncap == 0 {
                continue;
            }
            let mut after = self.clone();
            after.move_pieces(rules, list.get(i));
            scratch.reset(after.hash);
            after.search_each(rules, &mut scratch, Routes::Distinct, false, false, std::iter::once(m.to));
            list.exceeded |= scratch.exceeded;
            list.moves[i].again = !scratch.moves.is_empty();
        }
        list.scratch = Some(scratch);
    }

    /// [`Position::generate`] on the general engine, huffing left out.
    pub(super) fn generate_plain(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        if rules.spec.drops.as_ref().is_some_and(|d| d.before_moves && self.hand[self.side] > 0) {
            // Placing first: while the hand holds pieces, they are the only moves.
            list.reset(self.hash);
            self.gen_drops(rules, list, routes);
        } else {
            self.gen_moves(rules, list, routes);
        }
        if rules.has_avoid {
            self.drop_avoided(rules, list);
        }
        // An end rule that holds for a side without moves ends the game instead.
        if decide::passes(rules.passes, rules.no_pieces_passes, self.has_pieces(self.side), list.moves.is_empty())
            && self.end_rule(rules, true, || true).is_none()
        {
            list.push_pass();
        }
    }

    /// The captures, quiet moves and placements of the side to move, the precedence and the
    /// compulsory captures applied.
    fn gen_moves(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        self.gen_captures(rules, list, routes);
        if self.quiet_allowed(rules, list) {
            let pieces = self.pieces[self.side];
            self.gen_quiet::<false>(rules, list, pieces);
            if rules.spec.drops.is_some() {
                self.gen_drops(rules, list, routes);
            }
        }
    }

    /// [`Position::generate`], with an error if the capture search passed the rules'
    /// budget (see [`Rules::set_capture_budget`]): the moves of this position are then
    /// not known, and `list` is not to be played from.
    pub fn try_generate(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) -> Result<(), BudgetExceeded> {
        if !self.generate(rules, list, routes) {
            return Err(BudgetExceeded::at(rules, self));
        }
        Ok(())
    }

    /// Whether quiet moves are legal beside the captures in `list` (see
    /// [`decide::quiet_allowed`]).
    #[inline]
    fn quiet_allowed(&self, rules: &Rules, list: &MoveList) -> bool {
        decide::quiet_allowed(rules.optional_captures, rules.every_kind, list.moves.iter().map(|m| m.kind_before as usize))
    }

    /// Removes moves that end on a cell their kind must avoid, unless nothing else is
    /// legal (see [`decide::drop_avoided`]).
    pub(crate) fn drop_avoided(&self, rules: &Rules, list: &mut MoveList) {
        let us = self.side.index();
        decide::drop_avoided(&mut list.moves, |m: &Move| rules.tables[us][m.kind_before as usize].avoid.is_some_and(|z| z.contains(m.to)));
    }

    /// Clears `list` and fills it with the legal captures (precedence applied).
    fn gen_captures(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        self.gen_captures_by(rules, list, routes, rules.capture.ranks(), false);
    }

    /// Every complete capture, as if the variant had no precedence rule (free choice).
    /// Used to explain why a capture is illegal ("must take the maximum").
    pub fn generate_unranked_captures(&mut self, rules: &Rules, list: &mut MoveList) {
        self.gen_captures_by(rules, list, Routes::Landings, false, false);
    }

    /// Clears `list` and fills it with the complete captures, `ranked` by the precedence; with
    /// `count_only` they are only counted (see `CaptureSearch::count_only`).
    pub(super) fn gen_captures_by(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes, ranked: bool, count_only: bool) {
        list.reset(self.hash);
        let us = self.side.index();
        let origins: CellSet = self.pieces[us].iter().filter(|&c| self.may_capture(rules, c, kind_of(self.board[c]))).collect();
        self.search_ranked(rules, list, routes, ranked, count_only, origins.iter());
    }

    /// [`Position::search_each`], with the precedence ranking only the captures of the
    /// kinds it names: theirs are searched first, ranked, and the others' are added
    /// beside the best of them.
    fn search_ranked(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        routes: Routes,
        ranked: bool,
        count_only: bool,
        origins: impl Iterator<Item = u16>,
    ) {
        let kinds = rules.capture.precedence_kinds;
        if !ranked || kinds & rules.every_kind == rules.every_kind {
            return self.search_each(rules, list, routes, ranked, count_only, origins);
        }
        let origins: CellSet = origins.collect();
        let is_ranked = |p: &Position, c: u16| kinds >> kind_of(p.board[c]) & 1 == 1;
        let first: CellSet = origins.iter().filter(|&c| is_ranked(self, c)).collect();
        let rest: CellSet = origins.iter().filter(|&c| !is_ranked(self, c)).collect();
        self.search_each(rules, list, routes, true, count_only, first.iter());
        self.search_each(rules, list, routes, false, count_only, rest.iter());
    }

    /// A quick test that rules out pieces with no first capture, before a full search.
    #[inline]
    fn may_capture(&self, rules: &Rules, from: u16, kind: u8) -> bool {
        let us = self.side.index();
        let t = &rules.tables[us][kind as usize];
        if t.first_leaps {
            return true;
        }
        let them = self.side.other() as u8;
        if t.first_flies.is_empty() && t.jump_reach[from as usize].intersection(&self.pieces[them as usize]).is_empty() {
            return false;
        }
        let can = t.can_capture;
        let hit = |c: u8| side_of(c) == them && can >> kind_of(c) & 1 == 1;
        for d in t.first_jumps.iter() {
            let n = rules.next(from, d);
            if hit(self.board[n]) && self.board[rules.next(n, d)] == EMPTY {
                return true;
            }
        }
        for d in t.first_flies.iter() {
            let mut n = rules.next(from, d);
            while self.board[n] == EMPTY {
                n = rules.next(n, d);
            }
            if hit(self.board[n]) && self.board[rules.next(n, d)] == EMPTY {
                return true;
            }
        }
        false
    }

    /// The side to move has no legal move.
    pub fn is_stuck(&mut self, rules: &Rules, list: &mut MoveList) -> bool {
        self.generate(rules, list, Routes::Distinct);
        list.is_empty()
    }
}
