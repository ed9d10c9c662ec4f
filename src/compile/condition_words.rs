//! Conditions in words, as `polydame show` writes them: a `where` condition on a move and
//! an end rule's condition, each as the cases where it holds (one writer of truth tables
//! for both languages).

use super::Rules;
use super::dump::{cell_list, dir_list};
use crate::spec::{EndTest, Side, Test};

/// A condition in words: the cases where it holds, each a list of tests that must hold or
/// fail (`touches(enemy, n s e w) and not touched(enemy, n s e w)`), joined by `or`.
pub(crate) fn condition_words(rules: &Rules, side: Side, c: &crate::spec::Condition) -> String {
    let name = |t: &Test| match *t {
        Test::SeesEnemy => "sees_enemy".to_string(),
        Test::Inward => "inward".to_string(),
        Test::Touches { own, dirs } => format!("touches({}, {})", if own { "own" } else { "enemy" }, dir_list(rules, dirs[side])),
        Test::Touched { own, dirs } => format!("touched({}, {})", if own { "own" } else { "enemy" }, dir_list(rules, dirs[side])),
        Test::In { at, set } => format!("{}({})", at.name(), cell_list(rules, &rules.spec().condition_cells[set as usize][side])),
        Test::Played { min, max } => format!("played({})", range(min, max)),
        Test::Taken { min, max } => format!("taken({})", range(min, max)),
        Test::JumpOpen { dirs } => format!("jump_open({})", dir_list(rules, dirs[side])),
        Test::Pieces { own, kinds, min, max } => pieces_words(rules, own, kinds, min, max),
        Test::Nearer => "nearer(enemy)".to_string(),
    };
    let names: Vec<String> = c.tests().iter().map(name).collect();
    cases_words(&names, |r| c.holds(r))
}

/// A truth table over the tests `names` in words: the cases where it holds, merged while
/// two differ in one test only, each a list of tests that must hold or fail, joined by
/// `or`.
fn cases_words(names: &[String], holds: impl Fn(u32) -> bool) -> String {
    let n = names.len();
    // (tests that matter, their results)
    let full = (1u32 << n) - 1;
    let mut terms: Vec<(u32, u32)> = (0..1u32 << n).filter(|&r| holds(r)).map(|r| (full, r)).collect();
    loop {
        let mut merged = Vec::new();
        let mut used = vec![false; terms.len()];
        for i in 0..terms.len() {
            for j in i + 1..terms.len() {
                let ((m1, v1), (m2, v2)) = (terms[i], terms[j]);
                let diff = v1 ^ v2;
                if m1 == m2 && diff.count_ones() == 1 && diff & m1 != 0 {
                    let t = (m1 & !diff, v1 & !diff);
                    if !merged.contains(&t) {
                        merged.push(t);
                    }
                    used[i] = true;
                    used[j] = true;
                }
            }
        }
        if merged.is_empty() {
            break;
        }
        merged.extend(terms.iter().zip(&used).filter(|(_, u)| !**u).map(|(t, _)| *t));
        terms = merged;
    }
    if terms.is_empty() {
        return "never".to_string();
    }
    let term = |&(mask, v): &(u32, u32)| {
        let parts: Vec<String> = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| if v >> i & 1 == 1 { names[i].clone() } else { format!("not {}", names[i]) })
            .collect();
        if parts.is_empty() { "always".to_string() } else { parts.join(" and ") }
    };
    terms.iter().map(term).collect::<Vec<_>>().join(", or ")
}

/// An end rule's condition in words: the cases where it holds, as `condition_words` says
/// a move's (`no_moves and pieces(own, 0..1)`).
pub(super) fn end_condition_words(rules: &Rules, c: &crate::spec::EndCondition) -> String {
    let name = |t: &EndTest| match t {
        EndTest::NoMoves => "no_moves".to_string(),
        EndTest::Pieces { own, kinds, min, max } => pieces_words(rules, *own, *kinds, *min, *max),
        EndTest::On { own, cells } => format!("on({}, {})", if *own { "own" } else { "enemy" }, cell_list(rules, &cells[0])),
    };
    let names: Vec<String> = c.tests.iter().map(name).collect();
    cases_words(&names, |r| c.holds(r))
}

/// A `pieces` test as a condition writes it: `pieces(enemy, 0, kinds = prince | king)`.
fn pieces_words(rules: &Rules, own: bool, kinds: Option<u8>, min: u16, max: u16) -> String {
    let whose = if own { "own" } else { "enemy" };
    match kinds {
        None => format!("pieces({whose}, {})", range(min, max)),
        Some(mask) => {
            let names: Vec<&str> =
                rules.spec().kinds.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1).map(|(_, kind)| kind.name.as_str()).collect();
            format!("pieces({whose}, {}, kinds = {})", range(min, max), names.join(" | "))
        }
    }
}

/// A count of a test as a condition writes it: `N`, or `A..B`.
fn range(min: u16, max: u16) -> String {
    if min == max { min.to_string() } else { format!("{min}..{max}") }
}
