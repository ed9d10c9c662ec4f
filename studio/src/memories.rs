//! The player's transposition tables kept from one `/api/best` of a game to the next, as the
//! Hub and DXP engines keep theirs, without the page naming its game: a table is kept
//! under the game it searched (the variant's rules, the start and the moves), and a later
//! request of the same game, its moves going on from those, takes it back. At most
//! [`KEPT_TABLES`] are kept (4 MiB each), the least recently kept dropped first.

use polydame::player::Memory;
use std::collections::VecDeque;
use std::sync::Mutex;

/// The most tables kept at once.
pub const KEPT_TABLES: usize = 8;

/// A game's point: its rules' fingerprint, its start (`None`: the variant's) and moves.
#[derive(Clone, PartialEq, Eq)]
pub struct GamePoint {
    pub rules: u64,
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// The tables kept, the most recent last.
#[derive(Default)]
pub struct Memories {
    kept: Mutex<VecDeque<(GamePoint, Memory)>>,
}

impl Memories {
    /// The table of the game that `at` goes on: the one kept at its latest earlier point
    /// (the same rules and start, moves that begin `at`'s), taken out; else a new one.
    pub fn take(&self, at: &GamePoint) -> Memory {
        let mut kept = self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let earlier = |p: &GamePoint| p.rules == at.rules && p.fen == at.fen && at.moves.starts_with(&p.moves);
        let found = kept.iter().enumerate().filter(|(_, (p, _))| earlier(p)).max_by_key(|(_, (p, _))| p.moves.len()).map(|(i, _)| i);
        found.and_then(|i| kept.remove(i)).map_or_else(Memory::new, |(_, m)| m)
    }

    /// Keeps `memory` as the table of the game at `at`.
    pub fn keep(&self, at: GamePoint, memory: Memory) {
        let mut kept = self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.retain(|(p, _)| *p != at);
        if kept.len() >= KEPT_TABLES {
            kept.pop_front();
        }
        kept.push_back((at, memory));
    }
}
