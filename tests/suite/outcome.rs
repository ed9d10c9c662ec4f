//! End-of-game rules: no legal move loses (or wins), promotion wins, repetition draws.

use polydame::fen::parse_fen;
use polydame::{EndReason, History, MoveList, Outcome, Routes, Side, compile_text, load_variant};

fn outcome(variant: &str, fen: &str) -> Outcome {
    let rules = load_variant(variant).unwrap();
    let mut pos = parse_fen(&rules, fen).unwrap();
    pos.outcome(&rules, &mut MoveList::new())
}

#[test]
fn a_side_without_moves_loses() {
    // White's only man is blocked by two black men in a row (FMJD art. 6.1).
    assert_eq!(outcome("international", "W:W46:B41,37"), Outcome::Win(Side::Black, EndReason::NoMoves));
    assert_eq!(outcome("international", "W:W46:B1"), Outcome::Ongoing);
    assert_eq!(outcome("international", "B:W46:B"), Outcome::Win(Side::White, EndReason::NoPieces));
}

#[test]
fn in_antidraughts_a_side_without_moves_wins() {
    assert_eq!(outcome("antidraughts", "W:W46:B41,37"), Outcome::Win(Side::White, EndReason::NoMovesWins));
    // No pieces wins too, as `no_moves = "win"` makes it by default.
    assert_eq!(outcome("antidraughts", "B:W46:B"), Outcome::Win(Side::Black, EndReason::NoPiecesWins));
}

#[test]
fn in_cage_the_move_that_empties_a_side_wins() {
    // Ludii's Cage: (if (or (no pieces P1) (no pieces P2)) (result Mover Win)). White's hop
    // onto the ring took its last piece off with Black's: White, who moved, wins.
    assert_eq!(outcome("cage", "B:W:B"), Outcome::Win(Side::White, EndReason::NoPiecesMoverWins));
    // Only the mover's pieces are gone: it wins all the same.
    assert_eq!(outcome("cage", "B:W:Bd5"), Outcome::Win(Side::White, EndReason::NoPiecesMoverWins));
    assert_eq!(outcome("cage", "B:Wd4:B"), Outcome::Win(Side::White, EndReason::NoPiecesMoverWins));
    assert_eq!(outcome("cage", "B:Wd4:Bf6"), Outcome::Ongoing);
}

#[test]
fn in_breakthrough_the_first_king_wins() {
    assert_eq!(outcome("breakthrough", "B:WK3,40:B20,25"), Outcome::Win(Side::White, EndReason::PromotionWins));
}

#[test]
fn threefold_repetition_draws_hexdame() {
    // Two kings shuffle back and forth: the start position of the shuffle occurs a third
    // time after eight plies.
    let rules = load_variant("hexdame").unwrap();
    let mut pos = parse_fen(&rules, "W:WKa1:BKi9").unwrap();
    let mut history = History::new(&rules, &pos);
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
        let m = list.info(i);
        pos.make(&rules, list.get(i));
        history.push(&rules, &m, &pos);
        last = pos.outcome_in(&rules, &mut list, &history);
        if ply < 7 {
            assert_eq!(last, Outcome::Ongoing, "ply {ply}");
        }
    }
    assert_eq!(last, Outcome::Draw(EndReason::Repetition));
    assert_eq!(pos.hash(), history.hashes()[0]);
}

#[test]
fn a_lone_king_loses_and_king_against_king_draws() {
    // docs/recipes/material.toml: "king" against "king" draws, then "king" loses.
    let v = "docs/recipes/material.toml";
    assert_eq!(outcome(v, "W:WKa1:Bc5,e5"), Outcome::Win(Side::Black, EndReason::MaterialLoss));
    assert_eq!(outcome(v, "B:WKa1:Bc5,e5"), Outcome::Win(Side::Black, EndReason::MaterialLoss));
    assert_eq!(outcome(v, "W:WKa1:BKh8"), Outcome::Draw(EndReason::MaterialDraw));
    assert_eq!(outcome(v, "W:WKa1:BKh8,c5"), Outcome::Win(Side::Black, EndReason::MaterialLoss));
    assert_eq!(outcome(v, "W:WKa1,Kc1:Bc5,e5"), Outcome::Ongoing);
}

#[test]
fn a_material_that_wins_wins_for_the_side_left_with_it() {
    // docs/recipes/material.toml with the lone king winning instead of losing.
    let text = std::fs::read_to_string("docs/recipes/material.toml").unwrap();
    let won = text.replace("result = \"loss\"", "result = \"win\"");
    assert_ne!(won, text, "the recipe's loss is where the test expects it");
    let rules = compile_text(&won, "material-win.toml").unwrap();
    let mut pos = parse_fen(&rules, "B:WKa1:Bc5,e5").unwrap();
    let o = pos.outcome(&rules, &mut MoveList::new());
    assert_eq!(o, Outcome::Win(Side::White, EndReason::MaterialWin));
    assert_eq!(o.describe(&rules), "White wins: is left with a material that wins");
}

#[test]
fn a_blocked_side_passes_and_two_passes_draw() {
    // docs/recipes/material.toml: no_moves = "pass", passes_draw = 2. The man on a1 is
    // blocked by b2 and c3: its one move is the pass, and the game goes on.
    let rules = load_variant("docs/recipes/material.toml").unwrap();
    let mut pos = parse_fen(&rules, "W:Wa1,h2:Bb2,c3").unwrap();
    let mut list = MoveList::new();
    assert_eq!(pos.outcome(&rules, &mut list), Outcome::Ongoing);
    pos.generate(&rules, &mut list, Routes::Distinct);
    assert_eq!(list.len(), 1, "h2-g3 and nothing else: no pass while a move is legal");
    assert!(!list.get(0).is_pass());
    let mut pos = parse_fen(&rules, "W:Wa1:Bb2,c3").unwrap();
    pos.generate(&rules, &mut list, Routes::Distinct);
    assert_eq!(list.len(), 1);
    assert!(list.get(0).is_pass());
    let mut history = History::new(&rules, &pos);
    let pass = list.info(0);
    pos.make(&rules, list.get(0));
    assert_eq!(pos.side_to_move(), Side::Black, "a pass hands the move over");
    history.push(&rules, &pass, &pos);
    // One pass does not draw; the same pass by the other side (the position repeats with
    // White to move) does.
    assert_eq!(pos.outcome_in(&rules, &mut list, &history), Outcome::Ongoing);
    let mut back = parse_fen(&rules, "W:Wa1:Bb2,c3").unwrap();
    history.push(&rules, &pass, &back);
    assert_eq!(back.outcome_in(&rules, &mut list, &history), Outcome::Draw(EndReason::Passes));
}

#[test]
fn a_side_without_pieces_loses_where_blocked_sides_pass() {
    assert_eq!(outcome("docs/recipes/material.toml", "W:W:Bc5,e5"), Outcome::Win(Side::Black, EndReason::NoPieces));
}

#[test]
fn where_a_pass_ends_the_game_the_blocked_side_passes_and_then_has_lost() {
    // Kharbaga (`no_moves = "pass-then-loss"`): White's man on a1 is blocked; its one
    // move is the pass, after which no move follows and Black has won.
    let rules = load_variant("kharbaga").unwrap();
    let mut pos = parse_fen(&rules, "W:Wa1:Ba3,b2,a5,c3").unwrap();
    let mut list = MoveList::new();
    assert_eq!(pos.outcome(&rules, &mut list), Outcome::Ongoing);
    assert!(list.get(0).is_pass() && list.len() == 1);
    let pass = list.get(0);
    let undo = pos.make(&rules, pass);
    let mut after = MoveList::new();
    assert_eq!(pos.outcome(&rules, &mut after), Outcome::Win(Side::Black, EndReason::NoMoves));
    assert!(!pos.generate(&rules, &mut after, Routes::Distinct) || after.is_empty());
    assert_eq!(pos.count_moves(&rules, &mut after, Routes::Distinct), 0);
    pos.unmake(&rules, pass, undo);
    assert_eq!(pos, parse_fen(&rules, "W:Wa1:Ba3,b2,a5,c3").unwrap());
    // Perft counts the pass and nothing after it, on both engines.
    for engine in [polydame::Engine::Fast, polydame::Engine::General] {
        let mut r = rules.clone();
        r.set_engine(engine).unwrap();
        let mut p = parse_fen(&r, "W:Wa1:Ba3,b2,a5,c3").unwrap();
        assert_eq!(polydame::perft(&mut p, &r, 1, Routes::Distinct).unwrap(), 1);
        assert_eq!(polydame::perft(&mut p, &r, 3, Routes::Distinct).unwrap(), 0);
    }
}

#[test]
fn where_a_side_without_pieces_passes_it_passes_once_and_then_has_lost() {
    // Alquerque with `no_pieces = "pass-then-loss"` (Ludii's `CaptureAll Mover`, judged
    // for the side that has just moved: La Dama, Dama (Alquerque)). White has no piece:
    // its one move is a pass, after which the game is over and Black has won.
    let text = std::fs::read_to_string("variants/alquerque.toml").unwrap().replace("id = \"alquerque\"", "id = \"alquerque-pass\"")
        + "no_pieces = \"pass-then-loss\"\n";
    let rules = compile_text(&text, "alquerque-pass.toml").unwrap();
    assert!(rules.describe().contains("a side without pieces passes, and the game is over after its pass: it loses"));
    let mut pos = parse_fen(&rules, "W:W:Bc3").unwrap();
    let mut list = MoveList::new();
    assert_eq!(pos.outcome(&rules, &mut list), Outcome::Ongoing);
    assert!(list.len() == 1 && list.get(0).is_pass());
    let pass = list.get(0);
    let undo = pos.make(&rules, pass);
    let mut after = MoveList::new();
    assert_eq!(pos.outcome(&rules, &mut after), Outcome::Win(Side::Black, EndReason::NoPieces));
    assert_eq!(pos.count_moves(&rules, &mut after, Routes::Distinct), 0);
    pos.unmake(&rules, pass, undo);
    assert_eq!(pos, parse_fen(&rules, "W:W:Bc3").unwrap());
    // Perft counts the pass and nothing after it, on both engines; a side with pieces but
    // no move still loses at once (`no_moves = "loss"`).
    for engine in [polydame::Engine::Fast, polydame::Engine::General] {
        let mut r = rules.clone();
        r.set_engine(engine).unwrap();
        let mut p = parse_fen(&r, "W:W:Bc3").unwrap();
        assert_eq!(polydame::perft(&mut p, &r, 1, Routes::Distinct).unwrap(), 1);
        assert_eq!(polydame::perft(&mut p, &r, 2, Routes::Distinct).unwrap(), 0);
        // Black's c3 takes White's last piece on b3 (landing on a3), or steps: after the
        // capture White's one move is its pass.
        let mut p = parse_fen(&r, "B:Wb3:Bc3").unwrap();
        let mut moves = MoveList::new();
        p.generate(&r, &mut moves, Routes::Distinct);
        let captured = moves.iter().position(|m| m.captures() == 1).expect("c3 takes b3");
        let m = moves.get(captured);
        let undo = p.make(&r, m);
        let mut reply = MoveList::new();
        p.generate(&r, &mut reply, Routes::Distinct);
        assert!(reply.len() == 1 && reply.get(0).is_pass(), "{engine:?}");
        assert_eq!(polydame::perft(&mut p, &r, 2, Routes::Distinct).unwrap(), 0, "{engine:?}");
        p.unmake(&r, m, undo);
        assert_eq!(p, parse_fen(&r, "B:Wb3:Bc3").unwrap());
    }
}

#[test]
fn an_end_rule_on_a_condition_decides_for_the_side_to_move() {
    // docs/recipes/end-rules.toml: `no_moves & pieces(own, 0..1)` loses (Ludii's
    // Tsukkalavde), `pieces(enemy, 1) & on(enemy, c3)` loses (Ludii's Jumping Beans).
    let recipe = "docs/recipes/end-rules.toml";
    let rules = load_variant(recipe).unwrap();
    // A blocked lone piece has lost; two blocked pieces pass and the game goes on.
    let lone = parse_fen(&rules, "W:Wa1:Ba2,b1,b2,a3,c1,c3").unwrap();
    let mut pos = lone.clone();
    assert_eq!(pos.outcome(&rules, &mut MoveList::new()), Outcome::Win(Side::Black, EndReason::Rule(0)));
    assert_eq!(
        Outcome::Win(Side::Black, EndReason::Rule(0)).describe(&rules),
        "Black wins: the end rule `no_moves & pieces(own, 0..1)` holds for the opponent, to move, which loses"
    );
    assert_eq!(outcome(recipe, "W:Wa1,b1:Ba2,b2,c2,c1,a3,b3,c3,d3,d1"), Outcome::Ongoing);
    // A side without pieces meets the first rule too.
    assert_eq!(outcome(recipe, "W:W:Bc5"), Outcome::Win(Side::Black, EndReason::Rule(0)));
    // The last piece of the side that moved stands on the centre: the side to move loses;
    // on another square, or with two pieces, the game goes on.
    assert_eq!(outcome(recipe, "B:Wc3:Ba5,e5"), Outcome::Win(Side::White, EndReason::Rule(1)));
    assert_eq!(outcome(recipe, "B:Wc2:Ba5,e5"), Outcome::Ongoing);
    assert_eq!(outcome(recipe, "B:Wc3,a1:Ba5,e5"), Outcome::Ongoing);
    // Perft counts the pass of two blocked pieces and no move of the lone one, on both
    // engines (the fast path does not take a rule on moves: the general engine runs it).
    assert!(rules.fast_path().is_err());
    let mut p = lone;
    assert_eq!(polydame::perft(&mut p, &rules, 1, Routes::Distinct).unwrap(), 0);
}

#[test]
fn dablot_prejjesne_a_blocked_lone_piece_that_outranks_the_enemy_loses_and_two_kings_draw() {
    // variants/dablot-prejjesne.toml, from Ludii's SingleEnemyHigherPieceBlocked and
    // OnlyKings. White's lone piece on a1 is blocked by six enemy pieces.
    let v = "dablot-prejjesne";
    assert_eq!(outcome(v, "W:WKa1:Ba3,c1,b2,a5,e1,c3"), Outcome::Win(Side::Black, EndReason::Rule(0)));
    assert_eq!(outcome(v, "W:WPa1:Ba3,c1,b2,a5,e1,c3"), Outcome::Win(Side::Black, EndReason::Rule(1)));
    // The enemy has a piece of the same rank or higher, or the lone piece is a cone: it
    // passes, and the game goes on.
    assert_eq!(outcome(v, "W:WKa1:BKa3,c1,b2,a5,e1,c3"), Outcome::Ongoing);
    assert_eq!(outcome(v, "W:WPa1:BPa3,c1,b2,a5,e1,c3"), Outcome::Ongoing);
    assert_eq!(outcome(v, "W:Wa1:Ba3,c1,b2,a5,e1,c3"), Outcome::Ongoing);
    // Only the two kings: a draw; a king and one more piece: the game goes on.
    assert_eq!(outcome(v, "W:WKa1:BKk13"), Outcome::Draw(EndReason::Rule(2)));
    assert_eq!(outcome(v, "W:WKa1:BKk13,k11"), Outcome::Ongoing);
}

#[test]
fn ethiopian_capture_game_a_side_down_to_five_pieces_has_lost() {
    // variants/ethiopian-capture-game.toml: Ludii's ("HavingLessPiecesLoss" Next 5) as one
    // end rule, `pieces(own, 0..5)`, for the side to move.
    let v = "ethiopian-capture-game";
    assert_eq!(outcome(v, "W:Wa1,b1,c1,d1,e1:Ba5,b5,c5,d5,e5,a4"), Outcome::Win(Side::Black, EndReason::Rule(0)));
    assert_eq!(outcome(v, "B:Wa1,b1,c1,d1,e1,a2:Ba5,b5,c5,d5,e5"), Outcome::Win(Side::White, EndReason::Rule(0)));
    assert_eq!(outcome(v, "W:Wa1,b1,c1,d1,e1,a2:Ba5,b5,c5,d5,e5,a4"), Outcome::Ongoing);
}
