//! Pieces placed from the hand, written `@e5@e7`: resolved against a position's legal
//! drops, or an error that says why none places them so.

use super::move_error::Illegal;
use super::resolve::{Resolved, Resolver};

impl Resolver<'_> {
    /// The legal drop that places pieces on `cells` in that order (and takes exactly
    /// `taken`, where written).
    pub fn resolve_drop(&mut self, cells: &[u16], taken: &[u16]) -> Resolved {
        let found = self.list.iter().find(|m| {
            m.is_drop()
                && m.placed_cells() == cells
                && (taken.is_empty() || m.captures() == taken.len() && m.captured_cells().all(|c| taken.contains(&c)))
        });
        match found {
            Some(m) => Resolved::One(m.index()),
            None => {
                let text: String = cells.iter().map(|&c| format!("@{}", self.notation.name(c))).collect();
                Resolved::Error(Illegal::NoSuchDrop { text, why: self.why_no_drop(cells, taken) }.into())
            }
        }
    }

    /// Why no legal drop places pieces on `cells`.
    fn why_no_drop(&self, cells: &[u16], taken: &[u16]) -> String {
        let rules = self.rules;
        let Some(d) = &rules.spec().drops else { return "in this variant no piece is placed from a hand".to_string() };
        let us = self.pos.side_to_move();
        let name = |c: u16| self.notation.name(c).to_string();
        let (n, hand) = (d.per_turn as usize, self.pos.hand(us) as usize);
        if cells.len() != n {
            return format!("a turn places {n} piece(s), not {}", cells.len());
        }
        if hand < n {
            return format!("{} holds {hand} piece(s) in hand, and a turn places {n}", us.name());
        }
        for (i, &c) in cells.iter().enumerate() {
            if cells[..i].contains(&c) {
                return format!("{} is given twice", name(c));
            }
            if self.pos.piece(c).is_some() {
                return format!("{} is not empty", name(c));
            }
            if !d.cells[us].contains(c) {
                return format!("no piece is placed on {}", name(c));
            }
        }
        if let Some(&b) = cells.get(1)
            && !d.next[us].iter().any(|dir| rules.next(cells[0], dir) == b)
        {
            return format!(
                "{} is not next to {} in the directions the second piece goes ({})",
                name(b),
                name(cells[0]),
                crate::compile::dir_list(rules, d.next[us])
            );
        }
        if let Some(cond) = &d.condition {
            let free = d.first_anywhere && self.pos.hand(us) == d.hand[us];
            let first_legal = self.list.iter().any(|m| m.is_drop() && m.from() == cells[0]);
            if !free && !first_legal {
                let words = crate::compile::condition_words(rules, us, cond);
                return format!("the first piece of a turn goes only where {words}, and {} is not such a cell", name(cells[0]));
            }
        }
        if !taken.is_empty() {
            return "it does not take the pieces written".to_string();
        }
        "no legal drop places them so".to_string()
    }
}
