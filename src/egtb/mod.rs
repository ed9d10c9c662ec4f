//! Endgame tables for any variant: every position of a few pieces solved by retrograde
//! analysis from the compiled rules alone, with its result for the side to move and the
//! plies to the end of the game under best play.
//!
//! Positions are grouped in classes by their [`Material`] (the pieces of each kind each
//! side has); a class's table holds one value per position, indexed by the side to move
//! and the placement of its pieces (`index`). Classes are built in an order where every
//! class a move leads to (a capture, a promotion) is built first; inside a class the
//! engine's own moves are followed, so the rules are never written twice (`solve`).
//!
//! The tables ignore what depends on a game's past: draws by repetition and move-count
//! rules (FMJD's 25-move rule, Russian's 15-move rule) are not applied, as endgame
//! databases usually do; a position that can be held for ever is a draw. Variants whose
//! positions carry more than the pieces and the side to move are refused
//! ([`Tables::supported`]).
//!
//! ```
//! use polydame::{load_variant, Side};
//! use polydame::egtb::{Material, Tables, Wdl};
//! use polydame::fen::parse_fen;
//!
//! let rules = load_variant("english").unwrap();
//! // Two kings against one, and every class they lead to.
//! let target = Material::parse(&rules, "2 king against king").unwrap();
//! let tables = Tables::build_classes(&rules, &[target], &mut |_| {}).unwrap();
//! let pos = parse_fen(&rules, "W:WK1,K2:BK32").unwrap();
//! let probe = tables.probe(&pos).unwrap();
//! assert_eq!(probe.wdl, Wdl::Win);
//! assert!(probe.plies > 0);
//! ```

mod file;
mod index;
mod material;
mod plan;
mod solve;
mod value;

use crate::compile::Rules;
use crate::engine::Position;
use index::{Binomials, Indexer};
pub use material::Material;
use material::{Kinds, cells_by_kind};
pub use plan::Plan;
use std::collections::HashMap;

/// A position's result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
}

/// What the tables say of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Probe {
    /// The result for the side to move.
    pub wdl: Wdl,
    /// The plies to the end of the game (a win as soon as it can be forced, a loss as late
    /// as it can be put off); 0 for a draw, and where the rules end the game here.
    pub plies: u16,
}

/// Why tables could not be built, saved or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EgtbError {
    /// The variant has rules the tables cannot follow: each reason.
    #[error("endgame tables cannot be built for this variant: {}", .0.join("; "))]
    Unsupported(Vec<String>),
    /// A material could not be read.
    #[error("`{text}` is not a material: {why}")]
    Material {
        /// The text given.
        text: String,
        /// Why.
        why: String,
    },
    /// A material no game of the variant reaches.
    #[error("no table for {material}: {why}")]
    Unreachable {
        /// The material, in words.
        material: String,
        /// Why.
        why: String,
    },
    /// A class with more positions than a table indexes.
    #[error("{material} has {positions} positions, more than a table holds ({most})")]
    TooLarge {
        /// The material, in words.
        material: String,
        /// Its positions (both sides to move).
        positions: u128,
        /// The most a table holds.
        most: u64,
    },
    /// A position's capture search passed the rules' capture budget.
    #[error("the capture search of {0} passed the rules' capture budget")]
    Budget(String),
    /// A move leads to a class that is not built (a rule the ordering did not foresee).
    #[error("a move leads to {fen}, of {material}, whose table is not built before it")]
    Missing {
        /// The material, in words.
        material: String,
        /// The position reached, as FEN.
        fen: String,
    },
    /// A move leads to a position the index cannot hold (a piece where the domains said
    /// none of its kind stands).
    #[error("a move leads to {0}, which the tables' index does not hold (a piece where no game puts one)")]
    Unindexed(String),
    /// More moves inside a class than a build follows: 65,535 from one position, or
    /// 2^32 - 1 in all.
    #[error("{material} has {moves} moves inside its class, more than a build follows (65,535 from a position, 2^32 - 1 in all)")]
    TooManyMoves {
        /// The material, in words.
        material: String,
        /// The moves counted.
        moves: u64,
    },
    /// A distance past the most a table holds.
    #[error("a distance in {material} passes {} plies, the most a table holds", value::MAX_PLIES)]
    TooDeep {
        /// The material, in words.
        material: String,
    },
    /// A tables file is not one, or not of these rules.
    #[error("{0}")]
    File(String),
    /// Reading or writing a file failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// The most positions (both sides to move) of one class: its indices are `u32`.
pub const MAX_CLASS_POSITIONS: u64 = u32::MAX as u64;

/// What building a class found, for people.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassStats {
    /// The material.
    pub material: Material,
    /// The material in words (`3 king against king`).
    pub name: String,
    /// The indices of the table (both sides to move), positions or not.
    pub indices: u64,
    /// Per side to move (White first): positions won, drawn and lost by it.
    pub results: [[u64; 3]; 2],
    /// Per side to move: the longest win, in plies.
    pub longest: [u16; 2],
    /// Seconds its build took (for a table read from a file, as the file says).
    pub seconds: f64,
}

impl ClassStats {
    /// The positions of the class (both sides to move).
    pub fn positions(&self) -> u64 {
        self.results.iter().flatten().sum()
    }

    /// The table's size in memory, in bytes (two per index).
    pub fn bytes(&self) -> u64 {
        self.indices * 2
    }
}

/// One class's table.
#[derive(Clone, Debug)]
struct Class {
    indexer: Indexer,
    /// Per index, its value ([`value`]).
    values: Vec<u16>,
    stats: ClassStats,
}

/// Endgame tables of one variant: a table per class built.
pub struct Tables {
    variant: String,
    rules_hash: u64,
    classes: Vec<Class>,
    by_material: HashMap<Material, usize>,
    binom: Binomials,
    max_pieces: usize,
}

impl Tables {
    /// Why tables cannot be built for `rules`: every rule whose positions carry more than
    /// their pieces and side to move, and kinds that change in a cycle. `Ok` where they
    /// can.
    pub fn supported(rules: &Rules) -> Result<(), EgtbError> {
        let spec = rules.spec();
        let mut why = Vec::new();
        if spec.drops.is_some() {
            why.push("pieces are placed from a hand ([drops]): a position holds the pieces in hand".to_string());
        }
        if rules.columns.is_some() {
            why.push("captured pieces stay in columns: a position holds what is under each piece".to_string());
        }
        if rules.capture.huff == crate::spec::Huff::OpponentRemovesOne {
            why.push("huffing by the opponent: a position holds the pieces that may be huffed".to_string());
        }
        if rules.has_quiet_limit {
            why.push("a limit on a kind's quiet moves in a row: a position holds each side's count".to_string());
        }
        if rules.played_bound > 0 {
            why.push("conditions on the moves played (`played(...)`): a position holds their count".to_string());
        }
        if let Err(EgtbError::Unsupported(more)) = Kinds::of(rules) {
            why.extend(more);
        }
        if why.is_empty() { Ok(()) } else { Err(EgtbError::Unsupported(why)) }
    }

    /// Builds the tables of every material of at most `pieces` pieces that a game of the
    /// variant can reach; `each` hears of every class built, in build order (see
    /// [`Plan::up_to`]).
    pub fn build(rules: &Rules, pieces: usize, each: &mut dyn FnMut(&ClassStats)) -> Result<Tables, EgtbError> {
        Plan::up_to(rules, pieces)?.build(rules, each)
    }

    /// Builds the tables of `targets` and of every class they lead to (captures,
    /// promotions); `each` hears of every class built, in build order (see
    /// [`Plan::leading_from`]).
    pub fn build_classes(rules: &Rules, targets: &[Material], each: &mut dyn FnMut(&ClassStats)) -> Result<Tables, EgtbError> {
        Plan::leading_from(rules, targets)?.build(rules, each)
    }

    /// No tables yet, for `rules`.
    fn empty(rules: &Rules) -> Tables {
        let binom = Binomials::new();
        Tables {
            variant: rules.id().to_string(),
            rules_hash: rules_hash(rules),
            classes: Vec::new(),
            by_material: HashMap::new(),
            binom,
            max_pieces: 0,
        }
    }

    /// Adds a class's table.
    fn push(&mut self, class: Class) {
        self.by_material.insert(class.stats.material, self.classes.len());
        self.max_pieces = self.max_pieces.max(class.stats.material.total());
        self.classes.push(class);
    }

    /// The table of a material, if built.
    fn class_of(&self, m: &Material) -> Option<&Class> {
        self.by_material.get(m).map(|&i| &self.classes[i])
    }

    /// What the tables say of `pos`: `None` when its class is not built (or the game is
    /// over by a pass, which no table holds).
    pub fn probe(&self, pos: &Position) -> Option<Probe> {
        if pos.over {
            return None;
        }
        let class = self.class_of(&Material::of(pos))?;
        let mut cells = Default::default();
        cells_by_kind(pos, &mut cells);
        let v = *class.values.get(class.indexer.rank(pos.side_to_move(), &cells, &self.binom)? as usize)?;
        Some(Probe { wdl: wdl(v)?, plies: value::plies(v) })
    }

    /// A move that keeps the tables' value of `pos`: to a win in one ply fewer, a loss
    /// put off as long as it can be, a draw kept (the first such move in the engine's
    /// order); `None` where the position is not in the tables or has no move.
    pub fn best_move(&self, rules: &Rules, pos: &Position) -> Option<crate::engine::MoveInfo> {
        let here = self.probe(pos)?;
        let mut p = pos.clone();
        let mut list = crate::engine::MoveList::new();
        p.generate(rules, &mut list, crate::engine::Routes::Distinct);
        let mover = p.side_to_move();
        for m in list.iter() {
            let undo = p.make(rules, m);
            let after = self.probe(&p).or_else(|| decided(rules, &mut p));
            let same = p.side_to_move() == mover;
            p.unmake(rules, m, undo);
            // The value after the move, for the side that made it.
            let Some(after) = after else { continue };
            let wdl = match (after.wdl, same) {
                (Wdl::Win, false) => Wdl::Loss,
                (Wdl::Loss, false) => Wdl::Win,
                (w, _) => w,
            };
            let keeps = wdl == here.wdl && (wdl == Wdl::Draw || after.plies + 1 == here.plies);
            if keeps {
                return Some(m.info());
            }
        }
        None
    }

    /// Calls `f` with every position of the class of `material` and its value, White to
    /// move first, in index order; `false` when the class is not built.
    pub fn for_each(&self, rules: &Rules, material: &Material, f: &mut dyn FnMut(&Position, Probe)) -> bool {
        let Some(class) = self.class_of(material) else { return false };
        let mut scratch = Vec::new();
        for (i, &v) in class.values.iter().enumerate() {
            let Some(wdl) = wdl(v) else { continue };
            if let Some(pos) = class.indexer.unrank(rules, i as u64, &self.binom, &mut scratch) {
                f(&pos, Probe { wdl, plies: value::plies(v) });
            }
        }
        true
    }

    /// What building (or reading) each class found, in build order.
    pub fn classes(&self) -> impl Iterator<Item = &ClassStats> {
        self.classes.iter().map(|c| &c.stats)
    }

    /// The most pieces of a class built (a position of more is in no table).
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }

    /// The id of the variant the tables are of.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// The tables' size in memory, in bytes (two per index).
    pub fn bytes(&self) -> u64 {
        self.classes.iter().map(|c| c.stats.bytes()).sum()
    }
}

/// The value of a position the rules decide (the game over after a pass, which no table
/// holds).
fn decided(rules: &Rules, pos: &mut Position) -> Option<Probe> {
    match pos.outcome(rules, &mut crate::engine::MoveList::new()) {
        crate::engine::Outcome::Win(side, _) => {
            Some(Probe { wdl: if side == pos.side_to_move() { Wdl::Win } else { Wdl::Loss }, plies: 0 })
        }
        crate::engine::Outcome::Draw(_) => Some(Probe { wdl: Wdl::Draw, plies: 0 }),
        crate::engine::Outcome::Ongoing => None,
    }
}

/// The result of a value (`None`: no position).
fn wdl(v: u16) -> Option<Wdl> {
    match value::wdl_of(v) {
        value::WIN => Some(Wdl::Win),
        value::LOSS => Some(Wdl::Loss),
        value::DRAW => Some(Wdl::Draw),
        _ => None,
    }
}

/// The counts of a class's results per side to move, and its longest wins.
fn stats_of(rules: &Rules, m: &Material, values: &[u16], placements: u64, seconds: f64) -> ClassStats {
    let mut results = [[0u64; 3]; 2];
    let mut longest = [0u16; 2];
    for (i, &v) in values.iter().enumerate() {
        let side = usize::from(i as u64 >= placements);
        let slot = match value::wdl_of(v) {
            value::WIN => 0,
            value::DRAW => 1,
            value::LOSS => 2,
            _ => continue,
        };
        results[side][slot] += 1;
        if slot == 0 {
            longest[side] = longest[side].max(value::plies(v));
        }
    }
    ClassStats { material: *m, name: m.describe(rules), indices: values.len() as u64, results, longest, seconds }
}

/// A fingerprint of the rules, as tables files name them: FNV-1a of the rules in words
/// ([`Rules::describe`]) less the line naming the move generator (both engines play the
/// same rules).
pub fn rules_hash(rules: &Rules) -> u64 {
    let text = rules.describe();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for line in text.lines().filter(|l| !l.starts_with("moves: ")) {
        for b in line.bytes().chain(std::iter::once(b'\n')) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}
