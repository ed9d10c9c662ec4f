//! The action space for learning (`polydame::actions`) is exact on every shipped variant
//! and recipe: over random games, no two legal moves share a key, every move's actions
//! name it and only it, and an action seen from the other side and back is itself.

use crate::engine::all_rules;
use polydame::actions::{ActionSpace, Decisions, Next};
use polydame::{Game, Outcome, Rules};

/// Random games of `rules`: positions seen, moves, moves of more than one action.
fn random_games(rules: &Rules, games: u64, plies: usize) -> (usize, usize, usize) {
    let space = ActionSpace::new(rules);
    let turn = |c: u16| rules.spec().geometry.rotate(c);
    let (mut positions, mut moves, mut longer) = (0, 0, 0);
    for seed in 1..=games {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut game = Game::new(rules);
        for _ in 0..plies {
            if game.outcome() != Outcome::Ongoing {
                break;
            }
            let legal = game.legal_moves().unwrap_or_else(|e| panic!("{}: {e}", rules.id()));
            if legal.is_empty() {
                break;
            }
            let decisions = Decisions::new(&space, &legal);
            assert_eq!(decisions.merged(), 0, "{}: two legal moves share a key at {}", rules.id(), game.fen());
            let first: Vec<u32> = legal.iter().map(|m| space.key(m)[0]).collect();
            assert_eq!(decisions.after(&[]), Ok(Next::Choose(decisions.first_actions())));
            for (i, m) in legal.iter().enumerate() {
                let actions = decisions.actions(i);
                assert_eq!(actions[0], first[i]);
                assert_eq!(decisions.after(&actions), Ok(Next::Move(i)), "{}: {m:?} at {}", rules.id(), game.fen());
                for (k, &a) in actions.iter().enumerate() {
                    assert!((a as usize) < space.len());
                    assert_eq!(space.turned(space.turned(a, turn), turn), a);
                    let Ok(Next::Choose(next)) = decisions.after(&actions[..k]) else { panic!("{}: a move ends early", rules.id()) };
                    assert!(next.len() > 1 || k == 0, "{}: an action asked where there is no choice", rules.id());
                    assert!(next.contains(&a));
                }
                longer += usize::from(actions.len() > 1);
            }
            positions += 1;
            moves += legal.len();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            game.play_move(&legal[(rng % legal.len() as u64) as usize]).expect("a legal move plays");
        }
    }
    (positions, moves, longer)
}

#[test]
fn every_variant_s_moves_have_actions_of_their_own() {
    let mut report = Vec::new();
    for rules in all_rules() {
        let (positions, moves, longer) = random_games(&rules, 8, 120);
        assert!(positions > 0, "{}: no position", rules.id());
        if longer > 0 {
            report.push(format!("{}: {longer} of {moves} moves in {positions} positions take more than one action", rules.id()));
        }
    }
    // Some variant has captures that share their ends (the second action is exercised).
    assert!(report.iter().any(|r| r.starts_with("zamma:")), "{report:#?}");
}

#[test]
fn the_space_is_laid_out_as_documented() {
    let rules = polydame::load_variant("international").expect("ships");
    let space = ActionSpace::new(&rules);
    assert_eq!(space.len(), 50 * 50 + 1 + 3 * 50 + rules.spec().kinds.len() + 1);
    for i in 0..space.len() as u32 {
        let t = space.token(i).expect("every index is a token");
        assert_eq!(space.index(t), i);
    }
    assert_eq!(space.token(space.len() as u32), None);
}
