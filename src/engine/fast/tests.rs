//! The fast path against the general engine, on what `tests/suite/engines.rs` cannot reach:
//! the boards the fast path plays on (a position and back), the Frisian king-move
//! counters a FEN carries, and perft of every shipped variant a few plies deep; and where
//! its shortcuts for men apply.

use crate::engine::moves::Routes;
use crate::variants::{load_variant, shipped};
use crate::{Engine, Position, perft};

#[test]
fn a_position_becomes_a_board_and_back() {
    for (stem, _) in shipped() {
        let rules = load_variant(stem).expect("a shipped variant");
        let Some(fast) = rules.fast_rules() else { continue };
        let pos = Position::start(&rules);
        let back = match fast {
            super::Fast::Narrow(f) => f.position(&rules, &f.board(&pos)),
            super::Fast::Wide(f) => f.position(&rules, &f.board(&pos)),
        };
        assert_eq!(back, pos, "{stem}");
    }
}

#[test]
fn every_shipped_variant_counts_the_same_on_both_engines() {
    for (stem, _) in shipped() {
        let rules = load_variant(stem).expect("a shipped variant");
        if rules.fast_path().is_err() {
            continue;
        }
        let mut general = rules.clone();
        general.set_engine(Engine::General).expect("the general engine");
        for routes in [Routes::Distinct, Routes::Paths, Routes::Landings] {
            let mut pos = Position::start(&rules);
            let a = perft(&mut pos, &rules, 4, routes);
            let b = perft(&mut pos, &general, 4, routes);
            assert_eq!(a, b, "{stem} {routes:?}");
        }
    }
}

#[test]
fn frisian_king_move_counters_carry_over_to_the_fast_path() {
    // FENs with Frisian king-move counters (`:+N+M`): a king that has made its three
    // quiet moves in a row may not make a fourth while its side has men.
    let rules = load_variant("frisian").unwrap();
    assert_eq!(rules.engine(), Engine::Fast);
    let mut general = rules.clone();
    general.set_engine(Engine::General).unwrap();
    for fen in
        ["W:WK46,31:BK5,20:+3+0", "W:WK46,31:BK5,20:+2+1", "W:WK46,K47,31:BK5,20:+3+3", "B:WK46,31:BK5,20,K1:+0+3", "B:WK46,31:BK5,20:+3+0"]
    {
        let pos = crate::record::parse_fen(&rules, fen).unwrap();
        for depth in 1..=5 {
            let a = perft(&mut pos.clone(), &rules, depth, Routes::Distinct);
            let b = perft(&mut pos.clone(), &general, depth, Routes::Distinct);
            assert_eq!(a, b, "{fen} perft {depth}");
        }
    }
}

#[test]
fn captures_of_up_to_three_jumps_are_counted_at_once_only_where_they_are_the_whole_capture() {
    use crate::MoveList;
    // (variant, position, the count at once: None where the capture search must count)
    let cases = [
        ("english", "W:W22:B18", Some(1)),
        ("english", "W:W22,23:B18,19", Some(3)),
        // 22x15 goes on over 11 or 10 (men alone: the two jumps are counted at once).
        ("english", "W:W22:B18,11", Some(1)),
        ("english", "W:W22:B18,10", Some(1)),
        // 22x15x6, 23x14 and 23x16: captures of two pieces and of one, all legal.
        ("english", "W:W22,23:B18,10,19", Some(3)),
        // 22x15x6 cannot go on over 2: beyond it is the board's edge.
        ("english", "W:W22:B18,10,2", Some(1)),
        // A king goes on sideways, 22x15x24.
        ("english", "W:WK22:B18,19", None),
        // Men that capture backwards: 33x22 and 33x24 cannot jump back over the piece taken.
        ("international", "W:W33:B28,29", Some(2)),
        ("international", "W:W28:B23,12", Some(1)),
        // Frisian men jump in eight directions: diagonally, and along a row or a column
        // over the next dark square (33x35 over 34, 33x13 over 23).
        ("frisian", "W:W33:B28", Some(1)),
        ("frisian", "W:W33:B34", Some(1)),
        ("frisian", "W:W33:B23", Some(1)),
        ("frisian", "W:W33:B28,34", Some(2)),
        // 33x22x11: two jumps, counted at once.
        ("frisian", "W:W33:B28,17", Some(1)),
        // 33x22x24x33, back onto the start over 28, 23 and 29 (a row jump and two
        // diagonal ones): the search counts.
        ("frisian", "W:W33:B28,23,29", None),
        // 33x22x11x13: three jumps, the third along a row, counted at once.
        ("frisian", "W:W33:B28,17,12", Some(1)),
        // 33x31x22 cannot go on down the column over 32, the first piece taken.
        ("frisian", "W:W33:B32,27", Some(1)),
        // A majority rule: 33x22x11 and 34x23x32 (back over 28) take two, 33x24 one.
        ("international", "W:W33,34:B28,17,29", Some(2)),
        // Without one, all: c3xe5xg7, c3xe5xg3, e3xg5xe7 and e3xc5.
        ("russian", "W:Wc3,e3:Bd4,f6,f4", Some(4)),
        // 33x22x11x2: three jumps, counted at once.
        ("international", "W:W33:B28,17,7", Some(1)),
        // Three jumps (c1xe3xc5xe7) and two (c1xe3xg5), all legal without a precedence.
        ("russian", "W:Wc1:Bd2,d4,d6,f4", Some(2)),
        // A fourth jump (c1xe3xc5xe7xg5): the search counts.
        ("russian", "W:Wc1:Bd2,d4,d6,f6", None),
        // Four jumps round a square back onto the start (c3xe5xc7xa5xc3, either way):
        // the search counts.
        ("russian", "W:Wc3:Bd4,d6,b6,b4", None),
        // A man crowned on his third landing (b2xd4xb6xd8) goes on as a king: the search.
        ("russian", "W:Wb2:Bc3,c5,c7", None),
        // b6xd8 crowns a Russian man, who goes on as a king over f6: the search counts.
        ("russian", "W:Wb6:Bc7,f6", None),
        // b4xd6xf8 crowns him on his second landing, where as a king he could take
        // nothing (h6 has no empty cell beyond): counted at once. Over g7 he goes on.
        ("russian", "W:Wb4:Bc5,e7", Some(1)),
        ("russian", "W:Wb4:Bc5,e7,h6", Some(1)),
        ("russian", "W:Wb4:Bc5,e7,g7", None),
        // Two men jump onto one cell (c3xe5, g3xe5): the search counts.
        ("russian", "W:Wc3,g3:Bd4,f4,d6", None),
    ];
    for (id, fen, want) in cases {
        let rules = load_variant(id).unwrap();
        let pos = crate::record::parse_fen(&rules, fen).unwrap();
        let Some(super::Fast::Narrow(f)) = rules.fast_rules() else { panic!("{id} runs on 64 bits") };
        let b = f.board(&pos);
        let got = f.single_jumps::<false, 0>(&b, f.origins(&b), &[], &mut Default::default());
        assert_eq!(got, want, "{id} {fen}");
        let n = pos.clone().count_moves(&rules, &mut MoveList::new(), Routes::Distinct);
        assert_eq!(got.unwrap_or(n), n, "{id} {fen}: the count at once differs from the search's");
    }
}

#[test]
fn the_mens_shortcuts_apply_where_their_rules_allow() {
    // (variant, men's jump directions read in a loop of known length, men's two steps,
    // men's captures of two jumps counted at once: not where pieces taken leave at once;
    // and of three, in Frisian too, where a third jump may come back to the start: each
    // first landing is followed on alone, and those go to the search)
    let expected = [
        ("international", 4, 2, true, true),
        ("english", 2, 2, true, true),
        ("frisian", 8, 2, true, true),
        ("russian", 4, 2, true, true),
        ("dama-turkish", 0, 0, false, false),
    ];
    for (stem, backs, steps, doubles, triples) in expected {
        let rules = load_variant(stem).expect("a shipped variant");
        let Some(super::Fast::Narrow(f)) = rules.fast_rules() else { panic!("{stem}: not on the 64-bit fast path") };
        let got = (f.men_backs, f.men_steps, f.single_jumps.map(|sj| (sj.doubles, sj.triples)));
        assert_eq!(got, ([backs; 2], [steps; 2], [(doubles, triples); 2]), "{stem}");
    }
    // On 128 bits, only where the men jump in four directions at most (Canadian), not
    // in six (HexDame).
    for (stem, men) in [("canadian", true), ("hexdame", false)] {
        let rules = load_variant(stem).expect("a shipped variant");
        let Some(super::Fast::Wide(f)) = rules.fast_rules() else { panic!("{stem}: not on the 128-bit fast path") };
        assert_eq!(f.single_jumps.map(|sj| sj.kinds & 1 == 1), [men; 2], "{stem}");
    }
}
