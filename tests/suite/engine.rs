//! Properties of the engine over random games of every shipped variant and recipe: make and unmake
//! keep the position valid and restore it exactly; distinct moves never outnumber routes;
//! the incremental hash always equals a fresh one; the bit-set paths (capture origins,
//! bulk counting) give exactly what the per-piece paths give; the FEN of every position
//! reads back to the same position (columns included) and hash.

use polydame::fen::{parse_fen, write_fen};
use polydame::{MoveList, Position, Routes, Rules, compile_text, internals, shipped};
use proptest::prelude::*;

/// Every shipped variant, and every recipe of the manual (`docs/recipes/`): each rule atom
/// gets random games too.
pub(crate) fn all_rules() -> Vec<Rules> {
    let mut out: Vec<Rules> = shipped().iter().map(|(stem, text)| compile_text(text, stem).unwrap_or_else(|d| panic!("{d}"))).collect();
    let mut recipes: Vec<_> =
        std::fs::read_dir("docs/recipes").expect("docs/recipes exists").map(|e| e.expect("readable").path()).collect();
    recipes.sort();
    for path in recipes.iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
        let text = std::fs::read_to_string(path).expect("readable");
        out.push(compile_text(&text, &path.display().to_string()).unwrap_or_else(|d| panic!("{d}")));
    }
    out
}

fn random_game(rules: &Rules, seed: u64, plies: usize) {
    // The same rules without a bit layout: every piece searched and counted one by one
    // (on a board without a layout, the recipe of lines that skip grid positions, the
    // rules themselves: the other properties still hold).
    let slow = internals::without_layout(rules);
    let mut slow_list = MoveList::new();
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut pos = Position::start(rules);
    let mut list = MoveList::new();
    let mut routes = MoveList::new();
    for ply in 0..plies {
        pos.check(rules).unwrap_or_else(|e| panic!("{} ply {ply}: {e}", rules.id()));
        let fen = write_fen(rules, &pos);
        let read = parse_fen(rules, &fen).unwrap_or_else(|e| panic!("{} ply {ply}: {e}", rules.id()));
        assert_eq!(read.setup().pieces, pos.setup().pieces, "{} ply {ply}: {fen} reads back to another position", rules.id());
        assert_eq!(read.hash(), pos.hash(), "{} ply {ply}: {fen} reads back with another hash", rules.id());
        pos.generate(rules, &mut list, Routes::Distinct);
        pos.generate(rules, &mut routes, Routes::Landings);
        assert!(list.len() <= routes.len(), "{}: more distinct moves than routes", rules.id());
        assert_eq!(list.is_empty(), routes.is_empty());
        let mut counted = MoveList::new();
        for r in [Routes::Distinct, Routes::Paths, Routes::Landings] {
            pos.generate(rules, &mut counted, r);
            pos.generate(&slow, &mut slow_list, r);
            let infos = |l: &MoveList| (0..l.len()).map(|i| l.info(i)).collect::<Vec<_>>();
            assert_eq!(infos(&counted), infos(&slow_list), "{} ply {ply}: bit-set moves differ from per-piece ones", rules.id());
            // Bulk counting (bit sets, routes counted unstored) agrees with the list.
            let n = counted.len();
            assert_eq!(pos.count_moves(rules, &mut counted, r), n, "{} ply {ply}: count_moves differs from generate", rules.id());
            assert_eq!(pos.count_moves(&slow, &mut slow_list, r), n, "{} ply {ply}: per-piece count differs", rules.id());
        }
        if list.is_empty() {
            break;
        }
        // Every move is undone exactly.
        for m in &list {
            let before = pos.clone();
            let undo = pos.make(rules, m);
            pos.check(rules).unwrap_or_else(|e| panic!("{} ply {ply} after make: {e}", rules.id()));
            pos.unmake(rules, m, undo);
            assert_eq!(pos, before, "{}: unmake did not restore the position", rules.id());
        }
        let i = (next() % list.len() as u64) as usize;
        pos.make(rules, list.get(i));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn make_unmake_roundtrip(seed in any::<u64>()) {
        for rules in all_rules() {
            random_game(&rules, seed, 120);
        }
    }
}
