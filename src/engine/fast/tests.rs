//! The fast path against the general engine: random games of every shipped variant (and
//! recipe) it takes, every position's moves compared in all three ways of counting
//! routes, and perft a few plies deep from positions along the way.

use super::{FastMove, FastRules};
use crate::compile::Rules;
use crate::engine::moves::{MoveList, Routes};
use crate::engine::position::Position;
use crate::variants::{load_variant, shipped};

/// The moves of the general engine in the fast path's terms, sorted.
fn general(rules: &Rules, pos: &mut Position, routes: Routes) -> Vec<(u64, u64, u64, bool)> {
    let mut list = MoveList::new();
    pos.generate(rules, &mut list, routes);
    let bit = |c: u16| rules.cell_bit(c) as u64;
    let mut v: Vec<_> = (0..list.len())
        .map(|i| {
            let m = list.info(i);
            let taken = m.captured.iter().fold(0, |s, &c| s | bit(c));
            (bit(m.from), bit(m.to), taken, rules.tables[0][m.kind_after as usize].is_king)
        })
        .collect();
    v.sort_unstable();
    v
}

/// The fast path's moves, sorted.
fn fast(f: &FastRules, pos: &Position, routes: Routes) -> Vec<(u64, u64, u64, bool)> {
    let mut list: Vec<FastMove> = Vec::new();
    f.generate(&f.board(pos), routes, &mut list);
    let mut v: Vec<_> = list.iter().map(|m| (m.from, m.to, m.taken, m.king)).collect();
    v.sort_unstable();
    v
}

/// Plays `games` random games of at most `plies` plies, comparing every position.
fn compare(rules: &Rules, f: &FastRules, games: u64, plies: usize) -> usize {
    let mut positions = 0;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for game in 0..games {
        let mut pos = Position::start(rules);
        let mut list = MoveList::new();
        for ply in 0..plies {
            for routes in [Routes::Distinct, Routes::Paths, Routes::Landings] {
                assert_eq!(fast(f, &pos, routes), general(rules, &mut pos, routes), "{} game {game} ply {ply} {routes:?}", rules.id());
            }
            if ply % 16 == 5 {
                let mut p = pos.clone();
                let generic = crate::engine::perft::perft_generic(&mut p, rules, 3, Routes::Distinct);
                assert_eq!(
                    f.perft(&f.board(&pos), 3, Routes::Distinct).ok(),
                    Some(generic),
                    "{} game {game} ply {ply} perft 3",
                    rules.id()
                );
            }
            positions += 1;
            pos.generate(rules, &mut list, Routes::Distinct);
            if list.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = list.get((seed % list.len() as u64) as usize);
            pos.make(rules, m);
        }
    }
    positions
}

#[test]
fn the_fast_path_finds_the_moves_the_general_engine_finds() {
    let mut taken = Vec::new();
    for (stem, _) in shipped() {
        let rules = load_variant(stem).expect("a shipped variant");
        let Ok(f) = rules.fast.as_deref() else { continue };
        let n = compare(&rules, f, 150, 300);
        taken.push(format!("{stem} ({n} positions)"));
    }
    eprintln!("fast path: {}", taken.join(", "));
    for must in ["international", "english", "russian", "brazilian", "turkish", "frisian"] {
        assert!(taken.iter().any(|t| t.starts_with(&format!("{must} "))), "{must} takes the fast path: {taken:?}");
    }
}

#[test]
fn shapes_the_fast_path_does_not_know_stay_on_the_general_engine() {
    for stem in ["lasca", "bashni", "hexdame", "italian", "pommel", "killer"] {
        let rules = load_variant(stem).expect("a shipped variant");
        assert!(rules.fast.is_err(), "{stem}");
    }
}

#[test]
fn frisian_king_move_counters_carry_over_to_the_fast_path() {
    // FENs with Frisian king-move counters (`:+N+M`): a king that has made its three
    // quiet moves in a row may not make a fourth while its side has men.
    let rules = load_variant("frisian").unwrap();
    let f = rules.fast.as_deref().expect("frisian takes the fast path");
    for fen in
        ["W:WK46,31:BK5,20:+3+0", "W:WK46,31:BK5,20:+2+1", "W:WK46,K47,31:BK5,20:+3+3", "B:WK46,31:BK5,20,K1:+0+3", "B:WK46,31:BK5,20:+3+0"]
    {
        let pos = crate::record::parse_fen(&rules, fen).unwrap();
        for depth in 1..=5 {
            let generic = crate::engine::perft::perft_generic(&mut pos.clone(), &rules, depth, Routes::Distinct);
            assert_eq!(f.perft(&f.board(&pos), depth, Routes::Distinct).ok(), Some(generic), "{fen} perft {depth}");
        }
    }
}
