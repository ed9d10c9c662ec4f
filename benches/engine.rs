//! Micro-benchmarks (divan): perft with bulk counting, move generation, make/unmake,
//! reading PDN with and without replaying it, and the generic player's search. `cargo bench` runs them; nothing here is a
//! test, and no test times anything. The side-by-side comparison with dedicated engines
//! is `scripts/bench`.

use divan::{Bencher, black_box};
use polydame::pdn::{parse_game, pdn_games, random_game, replay, write_pdn};
use polydame::{Limits, MoveList, Player, Position, Routes, Rules, load_variant, perft};

fn main() {
    divan::main();
}

fn rules(id: &str) -> Rules {
    load_variant(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Perft from the start position, one thread; the counter is nodes (leaves).
#[divan::bench(args = [("international", 6), ("turkish", 6), ("hexdame", 5), ("english", 8), ("russian", 7), ("frisian", 6)])]
fn perft_start(bencher: Bencher, (id, depth): (&str, u32)) {
    let rules = rules(id);
    let mut pos = Position::start(&rules);
    let nodes = perft(&mut pos, &rules, depth, Routes::Distinct).expect("within the capture budget");
    bencher
        .counter(divan::counter::ItemsCount::new(nodes as usize))
        .bench_local(|| perft(black_box(&mut pos), &rules, depth, Routes::Distinct));
}

/// Positions along a random game: a mix of openings, middle games with captures, and
/// endings with kings.
fn positions(rules: &Rules) -> Vec<Position> {
    let game = random_game(rules, 7, 120).expect("a random game within the capture budget");
    let mut pos = Position::start(rules);
    let mut list = MoveList::new();
    let mut out = vec![pos.clone()];
    for (played, _) in &game.moves {
        pos.generate(rules, &mut list, Routes::Distinct);
        let i = (0..list.len()).find(|&i| list.info(i) == *played).expect("a move of the game is legal");
        pos.make(rules, list.get(i));
        out.push(pos.clone());
    }
    out
}

/// Legal moves of every position of a random game.
#[divan::bench(args = ["international", "turkish", "hexdame"])]
fn generate(bencher: Bencher, id: &str) {
    let rules = rules(id);
    let mut all = positions(&rules);
    let mut list = MoveList::new();
    bencher.counter(divan::counter::ItemsCount::new(all.len())).bench_local(|| {
        for p in all.iter_mut() {
            p.generate(&rules, &mut list, Routes::Distinct);
            black_box(list.len());
        }
    });
}

/// Every legal move made and unmade, in every position of a random game.
#[divan::bench(args = ["international", "turkish"])]
fn make_unmake(bencher: Bencher, id: &str) {
    let rules = rules(id);
    let mut all = positions(&rules);
    let lists: Vec<MoveList> = all
        .iter_mut()
        .map(|p| {
            let mut l = MoveList::new();
            p.generate(&rules, &mut l, Routes::Distinct);
            l
        })
        .collect();
    let moves: usize = lists.iter().map(|l| l.len()).sum();
    bencher.counter(divan::counter::ItemsCount::new(moves)).bench_local(|| {
        for (p, l) in all.iter_mut().zip(&lists) {
            for m in l {
                let undo = p.make(&rules, m);
                p.unmake(&rules, m, undo);
            }
        }
    });
}

/// 200 random International games written as PDN.
fn archive(rules: &Rules) -> String {
    (0..200)
        .map(|seed| write_pdn(rules, &random_game(rules, seed, 200).expect("a random game within the capture budget")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reading PDN only: splitting into games and parsing each; the counter is games.
#[divan::bench]
fn pdn_read(bencher: Bencher) {
    let rules = rules("international");
    let text = archive(&rules);
    bencher.counter(divan::counter::ItemsCount::new(200usize)).bench_local(|| {
        for g in pdn_games(text.as_bytes()) {
            black_box(parse_game(&g.expect("in memory")));
        }
    });
}

/// Reading PDN and replaying every move against the rules; the counter is games.
#[divan::bench]
fn pdn_read_and_replay(bencher: Bencher) {
    let rules = rules("international");
    let text = archive(&rules);
    bencher.counter(divan::counter::ItemsCount::new(200usize)).bench_local(|| {
        for g in pdn_games(text.as_bytes()) {
            let v = replay(&rules, &parse_game(&g.expect("in memory")));
            assert!(v.error.is_none());
        }
    });
}

/// The generic player's search from the start position, to a fixed depth; the counter is
/// the positions it searched (the same every run: a search by depth is deterministic).
#[divan::bench(args = [("international", 8), ("english", 10), ("hexdame", 5)])]
fn player_search(bencher: Bencher, (id, depth): (&str, u32)) {
    let rules = rules(id);
    let pos = Position::start(&rules);
    let player = Player::new(&rules);
    let nodes = player.best(&pos, Limits::depth(depth)).expect("within the capture budget").nodes;
    bencher.counter(divan::counter::ItemsCount::new(nodes as usize)).bench_local(|| player.best(black_box(&pos), Limits::depth(depth)));
}
