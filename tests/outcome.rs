//! End-of-game rules: no legal move loses (or wins), promotion wins, repetition draws.

use polydame::{load_variant, parse_fen, MoveList, Outcome, Routes, Side};

fn outcome(variant: &str, fen: &str) -> Outcome {
    let rules = load_variant(variant).unwrap();
    let mut pos = parse_fen(&rules, fen).unwrap();
    pos.outcome(&rules, &mut MoveList::new())
}

#[test]
fn a_side_without_moves_loses() {
    // White's only man is blocked by two black men in a row (FMJD art. 6.1).
    assert!(matches!(outcome("international", "W:W46:B41,37"), Outcome::Win(Side::Black, _)));
    assert!(matches!(outcome("international", "W:W46:B1"), Outcome::Ongoing));
    assert!(matches!(outcome("international", "B:W46:B"), Outcome::Win(Side::White, _)));
}

#[test]
fn in_antidraughts_a_side_without_moves_wins() {
    assert!(matches!(outcome("antidraughts", "W:W46:B41,37"), Outcome::Win(Side::White, _)));
}

#[test]
fn in_breakthrough_the_first_king_wins() {
    assert!(matches!(outcome("breakthrough", "B:WK3,40:B20,25"), Outcome::Win(Side::White, _)));
}

#[test]
fn threefold_repetition_draws_hexdame() {
    // Two kings shuffle back and forth: the start position of the shuffle occurs a third
    // time after eight plies.
    let rules = load_variant("hexdame").unwrap();
    let mut pos = parse_fen(&rules, "W:WKa1:BKi9").unwrap();
    let mut history = vec![pos.hash()];
    let mut list = MoveList::new();
    let path = [("a1", "a2"), ("i9", "i8"), ("a2", "a1"), ("i8", "i9")];
    let mut last = Outcome::Ongoing;
    for ply in 0..8 {
        let (from, to) = path[ply % 4];
        pos.generate(&rules, &mut list, Routes::Distinct);
        let i = (0..list.len())
            .find(|&i| {
                let m = list.info(i);
                rules.cell_name(m.from) == from && rules.cell_name(m.to) == to
            })
            .expect("the shuffle move is legal");
        pos.make(&rules, list.get(i));
        history.push(pos.hash());
        last = pos.outcome_with_history(&rules, &mut list, &history);
        if ply < 7 {
            assert_eq!(last, Outcome::Ongoing, "ply {ply}");
        }
    }
    assert!(matches!(last, Outcome::Draw(_)), "{last:?}");
    assert_eq!(pos.hash(), history[0]);
}
