//! Quiet moves (no capture), stored or only counted.

use super::moves::{Move, MoveList};
use super::position::Position;
use crate::compile::{EMPTY, MoveRule, Rules, kind_of, side_of};
use crate::geometry::CellSet;
use crate::spec::MoveKind;

impl Position {
    /// Quiet moves: stored in `list`, or with `COUNT` only counted (moves of kinds with
    /// several move rules are still stored, to merge duplicates). Returns the count.
    pub(super) fn gen_quiet<const COUNT: bool>(&mut self, rules: &Rules, list: &mut MoveList, pieces: CellSet) -> usize {
        let us = self.side.index();
        let mut kinds_present = 0u8;
        if rules.has_quiet_limit {
            for c in self.pieces[us].iter() {
                kinds_present |= 1 << kind_of(self.board[c]);
            }
        }
        let stored_before = list.moves.len();
        let mut counted = 0;
        for from in pieces.iter() {
            let kind = kind_of(self.board[from]);
            let table = &rules.tables[us][kind as usize];
            if let Some(max) = table.max_quiet_moves {
                let (cell, n) = self.quiet[us];
                if kinds_present & !(1 << kind) != 0 && cell == from && n >= max {
                    continue;
                }
            }
            // Two rules of one kind may reach the same cell: then keep one move.
            let dedup = table.moves.len() > 1;
            let store = !COUNT || dedup;
            for rule in &table.moves {
                // The kind of move decided once per rule, not per direction.
                match rule.kind {
                    MoveKind::Step if rule.stride == 1 => {
                        for d in rule.dirs.iter() {
                            let mut n = rules.next(from, d);
                            if rule.along_links && n == rules.cells as u16 {
                                n = rules.spec.geometry.link_step(from, d).unwrap_or(n);
                            }
                            if self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule, dedup, store);
                            }
                        }
                    }
                    MoveKind::Step => {
                        for d in rule.dirs.iter() {
                            let mut n = rules.next(from, d);
                            for _ in 1..rule.stride {
                                let own = rule.over_own && side_of(self.board[n]) == us as u8;
                                if self.board[n] != EMPTY && !own {
                                    break;
                                }
                                n = rules.next(n, d);
                            }
                            if self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule, dedup, store);
                            }
                        }
                    }
                    MoveKind::Slide => {
                        for d in rule.dirs.iter() {
                            let mut n = rules.next(from, d);
                            while self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule, dedup, store);
                                n = rules.next(n, d);
                            }
                        }
                    }
                    MoveKind::Run => {
                        for d in rule.dirs.iter() {
                            let mut n = rules.next(from, d);
                            while side_of(self.board[n]) == us as u8 {
                                n = rules.next(n, d);
                            }
                            if self.board[n] == EMPTY {
                                counted += self.quiet_to(rules, list, from, n, kind, rule, dedup, store);
                            }
                        }
                    }
                }
            }
        }
        counted + (list.moves.len() - stored_before)
    }

    /// One quiet move: stored (returns 0) or counted (returns 1 if it is legal).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn quiet_to(
        &mut self,
        rules: &Rules,
        list: &mut MoveList,
        from: u16,
        to: u16,
        kind: u8,
        rule: &MoveRule,
        dedup: bool,
        store: bool,
    ) -> usize {
        if rules.has_kind_cells && rules.tables[self.side][kind as usize].cells.as_ref().is_some_and(|z| !z.contains(to)) {
            return 0;
        }
        if store {
            self.push_quiet(rules, list, from, to, kind, rule, dedup);
            return 0;
        }
        if let Some(c) = &rule.condition
            && !super::conditions::meets(rules, &self.board, self.mover(), c, from, to)
        {
            return 0;
        }
        1
    }

    #[allow(clippy::too_many_arguments)]
    fn push_quiet(&mut self, rules: &Rules, list: &mut MoveList, from: u16, to: u16, kind: u8, rule: &MoveRule, dedup: bool) {
        if let Some(c) = &rule.condition
            && !super::conditions::meets(rules, &self.board, self.mover(), c, from, to)
        {
            return;
        }
        let us = self.side.index();
        let kind_after = rules.kind_after(us, rule.becomes.unwrap_or(kind), to);
        if dedup && list.moves.iter().any(|m| m.ncap == 0 && m.from == from && m.to == to && m.kind_after == kind_after) {
            return;
        }
        list.moves.push(Move {
            from,
            to,
            kind_before: kind,
            kind_after,
            cap_start: list.caps.len() as u32,
            ncap: 0,
            path_start: 0,
            npath: 1,
            key: 0,
            nrem: 0,
            nmark: 0,
            placed: 0,
            again: false,
        });
    }
}
