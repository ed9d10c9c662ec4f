//! Drops (`[drops]`): the side to move places pieces of one kind from its hand onto
//! empty cells, one or two a turn, and takes the enemy pieces its pieces then enclose.

use super::conditions::meets;
use super::moves::{Move, MoveList, MoveRef, Routes};
use super::position::Position;
use crate::compile::{EMPTY, Rules, code, kind_of, side_of};
use crate::spec::Drops;

impl Position {
    /// Adds the drops of the side to move to `list`. With two placements a turn, each
    /// order in which both are legal is a move of its own, except with
    /// [`Routes::Distinct`], where a pair of cells is one move (placed in the first order
    /// found legal).
    pub(super) fn gen_drops(&mut self, rules: &Rules, list: &mut MoveList, routes: Routes) {
        let Some(d) = &rules.spec.drops else { return };
        let us = self.side;
        // With `incomplete = "wins"` a first piece that leaves the second no place is a
        // move too, and so is the last piece of the hand.
        let hand = self.hand[us];
        if hand == 0 || hand < d.per_turn && !d.incomplete_wins {
            return;
        }
        let off = rules.cells as u16;
        let free = d.first_anywhere && self.hand[us] == d.hand[us];
        // A placement comes from nowhere: the condition is judged as of a piece standing
        // still on the cell (its tests are about where the piece goes).
        let first_ok = |p: &Position, c: u16| {
            p.board[c] == EMPTY && (free || d.condition.is_none_or(|cond| meets(rules, &p.board, p.mover(), &cond, c, c)))
        };
        let next_of = |c: u16| d.next[us].iter().map(move |dir| rules.next(c, dir));
        for a in d.cells[us].iter() {
            if !first_ok(self, a) {
                continue;
            }
            if d.per_turn == 1 {
                self.push_drop(rules, list, d, &[a]);
                continue;
            }
            let mut seconds = 0;
            for b in next_of(a) {
                if hand < 2 || b >= off || !d.cells[us].contains(b) || self.board[b] != EMPTY {
                    continue;
                }
                seconds += 1;
                // The pair was stored from `b`, placed first.
                if routes == Routes::Distinct && b < a && first_ok(self, b) && next_of(b).any(|n| n == a) {
                    continue;
                }
                self.push_drop(rules, list, d, &[a, b]);
            }
            if seconds == 0 && d.incomplete_wins {
                self.push_drop(rules, list, d, &[a]);
            }
        }
    }

    /// Stores the drop onto `placed`, with the enemy pieces it encloses.
    fn push_drop(&mut self, rules: &Rules, list: &mut MoveList, d: &Drops, placed: &[u16]) {
        let us = self.side;
        let off = rules.cells as u16;
        let cap_start = list.caps.len() as u32;
        let mut key = 0;
        let around = d.enclose[us];
        if !around.is_empty() {
            for &c in placed {
                self.board[c] = code(us, d.kind);
            }
            for e in self.pieces[us.other()].iter() {
                let enclosed = around.iter().all(|dir| {
                    let n = rules.next(e, dir);
                    n < off && side_of(self.board[n]) == us as u8
                });
                if enclosed {
                    list.caps.push((e, self.board[e]));
                    key ^= rules.cell_keys[e as usize];
                }
            }
            for &c in placed {
                self.board[c] = EMPTY;
            }
        }
        let path_start = list.path.len() as u32;
        list.path.extend_from_slice(placed);
        list.moves.push(Move {
            from: placed[0],
            to: placed[placed.len() - 1],
            kind_before: d.kind,
            kind_after: d.kind,
            cap_start,
            ncap: (list.caps.len() - cap_start as usize) as u16,
            path_start,
            npath: placed.len() as u16,
            key,
            nrem: 0,
            nmark: 0,
            placed: placed.len() as u8,
            again: false,
        });
    }

    /// Plays a drop: its pieces placed, the hand emptied by as many, the enclosed pieces
    /// taken.
    pub(super) fn make_drop(&mut self, rules: &Rules, m: MoveRef) {
        let us = self.side;
        for &c in m.placed_cells() {
            self.put(rules, c, us, m.kind_before());
        }
        self.set_hand(rules, us, self.hand[us] - m.placed_cells().len() as u8);
        for c in m.captured_cells() {
            self.take_off(rules, c);
        }
        if rules.spec.drops.as_ref().is_some_and(|d| m.placed_cells().len() < d.per_turn as usize) {
            // A piece placed alone where the turn has two (`incomplete = "wins"`).
            self.over = true;
            self.placed_alone = true;
        }
    }

    /// [`Position::make_drop`] undone, the mover to move again.
    pub(super) fn unmake_drop(&mut self, rules: &Rules, m: MoveRef) {
        let us = self.side;
        for &(c, pc) in m.captured_pieces() {
            self.put(rules, c, us.other(), kind_of(pc));
        }
        self.set_hand(rules, us, self.hand[us] + m.placed_cells().len() as u8);
        for &c in m.placed_cells() {
            self.take_off(rules, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{MoveList, Position, Routes, compile_text};

    /// A placement's `sees_enemy` looks along every line from the cell placed on, to the
    /// board's edge where no piece stands in the way.
    #[test]
    fn a_placement_that_must_see_an_enemy() {
        let text = r#"
            [variant]
            id = "drops-sees-enemy"
            name = "drops-sees-enemy"
            [board]
            shape = "square"
            width = 4
            height = 4
            cells = "all"
            notation = "algebraic"
            [pieces.man]
            moves = ["step(orthogonal)"]
            [drops]
            kind = "man"
            cells = "all"
            where = "sees_enemy"
            [setup]
            white = "none"
            black = "a1"
            white_hand = 1
        "#;
        let rules = compile_text(text, "drops-sees-enemy.toml").expect("a valid variant");
        let mut pos = Position::start(&rules);
        let mut list = MoveList::new();
        pos.generate(&rules, &mut list, Routes::Distinct);
        let mut cells: Vec<&str> = list.iter().map(|m| rules.cell_name(m.to())).collect();
        cells.sort_unstable();
        // The row, the column and the diagonal of a1.
        assert_eq!(cells, ["a2", "a3", "a4", "b1", "b2", "c1", "c3", "d1", "d4"]);
    }

    /// With `incomplete = "wins"` (the recipe of pieces on points and cells), a first
    /// stone with no place beside it for the second is placed alone and wins; taken back,
    /// the game goes on.
    #[test]
    fn a_stone_placed_alone_wins_and_is_taken_back() {
        let rules = crate::load_variant("docs/recipes/points-and-cells.toml").expect("the recipe");
        let fen = "W:We3,c5,g5,e7:BCd4:PW10";
        let mut pos = crate::fen::parse_fen(&rules, fen).expect("a position");
        let before = pos.clone();
        let mut list = MoveList::new();
        pos.generate(&rules, &mut list, Routes::Distinct);
        let alone = list.iter().find(|m| m.placed_cells().len() == 1).expect("c3 alone");
        assert_eq!(rules.cell_name(alone.from()), "c3");
        let undo = pos.make(&rules, alone);
        let outcome = pos.outcome(&rules, &mut MoveList::new());
        assert_eq!(outcome, crate::Outcome::Win(crate::Side::White, crate::EndReason::IncompleteTurn));
        assert!(pos.is_stuck(&rules, &mut MoveList::new()));
        pos.unmake(&rules, alone, undo);
        assert_eq!(pos, before);
        assert_eq!(pos.outcome(&rules, &mut MoveList::new()), crate::Outcome::Ongoing);
    }
}
