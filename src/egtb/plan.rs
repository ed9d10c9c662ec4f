//! What a build will solve, known before any class is: the classes in build order and the
//! size of each, so that a build too large is refused, or announced, before it starts.

use super::index::{Binomials, Domains, Indexer};
use super::material::Kinds;
use super::{ClassStats, EgtbError, MAX_CLASS_POSITIONS, Material, Tables};
use crate::compile::Rules;

/// The classes a build solves, in build order (every class a move leads to before the
/// class it leaves), with the indices of each table.
///
/// ```
/// use polydame::load_variant;
/// use polydame::egtb::{Material, Plan};
///
/// let rules = load_variant("international").unwrap();
/// let target = Material::parse(&rules, "3 king against king").unwrap();
/// let plan = Plan::leading_from(&rules, &[target]).unwrap();
/// assert_eq!(plan.classes().len(), 8);
/// assert_eq!(plan.indices(), 2_006_752);
/// ```
pub struct Plan {
    classes: Vec<(Material, Indexer)>,
}

impl Plan {
    /// Every class of at most `pieces` pieces that a game of the variant reaches (the
    /// kinds a side starts with and what they may become, no side with more pieces than
    /// it starts with).
    pub fn up_to(rules: &Rules, pieces: usize) -> Result<Plan, EgtbError> {
        Tables::supported(rules)?;
        let kinds = Kinds::of(rules)?;
        Plan::of(rules, kinds.all_up_to(rules, pieces))
    }

    /// The classes of `targets` and every class they lead to by captures and changes of
    /// kind.
    pub fn leading_from(rules: &Rules, targets: &[Material]) -> Result<Plan, EgtbError> {
        Tables::supported(rules)?;
        let kinds = Kinds::of(rules)?;
        for m in targets {
            kinds.check(rules, m).map_err(|why| EgtbError::Unreachable { material: m.describe(rules), why })?;
        }
        Plan::of(rules, kinds.closure(targets).into_iter().filter(|m| kinds.check(rules, m).is_ok()).collect())
    }

    /// The plan of `list`, in build order: each class's index, or why one is too large.
    fn of(rules: &Rules, list: Vec<Material>) -> Result<Plan, EgtbError> {
        let (domains, binom) = (Domains::of(rules), Binomials::new());
        let mut classes = Vec::with_capacity(list.len());
        for m in list {
            let indexer = class_index(rules, &m, &domains, &binom)?;
            classes.push((m, indexer));
        }
        Ok(Plan { classes })
    }

    /// The classes, in build order.
    pub fn classes(&self) -> Vec<Material> {
        self.classes.iter().map(|(m, _)| *m).collect()
    }

    /// The indices of the class's table (both sides to move; a few may be no position).
    pub fn indices_of(&self, m: &Material) -> Option<u64> {
        self.classes.iter().find(|(c, _)| c == m).map(|(_, ix)| ix.placements() * 2)
    }

    /// The indices of every table: the tables take two bytes each.
    pub fn indices(&self) -> u64 {
        self.classes.iter().map(|(_, ix)| ix.placements() * 2).sum()
    }

    /// The class with the most indices, and their number (it takes the most memory to
    /// build: about 19 bytes a position and 8 a move inside it).
    pub fn largest(&self) -> Option<(Material, u64)> {
        self.classes.iter().map(|(m, ix)| (*m, ix.placements() * 2)).max_by_key(|&(m, n)| (n, m))
    }

    /// Builds the classes, in order; `each` hears of every class built.
    pub fn build(self, rules: &Rules, each: &mut dyn FnMut(&ClassStats)) -> Result<Tables, EgtbError> {
        let mut tables = Tables::empty(rules);
        for (m, indexer) in self.classes {
            let clock = std::time::Instant::now();
            let values = super::solve::solve(rules, &tables, &m, &indexer)?;
            let stats = super::stats_of(rules, &m, &values, indexer.placements(), clock.elapsed().as_secs_f64());
            each(&stats);
            tables.push(super::Class { indexer, values, stats });
        }
        Ok(tables)
    }
}

/// The index of the class of `m`, or why it is too large for one.
pub(super) fn class_index(rules: &Rules, m: &Material, domains: &Domains, binom: &Binomials) -> Result<Indexer, EgtbError> {
    let large = |positions: u128| EgtbError::TooLarge { material: m.describe(rules), positions, most: MAX_CLASS_POSITIONS };
    let indexer = Indexer::new(m, domains, rules.cells, binom).ok_or_else(|| large(u128::MAX))?;
    if indexer.placements() > MAX_CLASS_POSITIONS / 2 {
        return Err(large(u128::from(indexer.placements()) * 2));
    }
    Ok(indexer)
}
