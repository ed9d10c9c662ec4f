//! The library as a newcomer uses it: moves played by their text, a game with its history
//! and outcome, and the one door from a setup to a position.

use polydame::engine::SetupProblem;
use polydame::fen::{FenErrorKind, parse_fen, write_fen};
use polydame::pdn::{parse_game, pdn_games, replay};
use polydame::{Game, Illegal, MoveError, MoveList, Outcome, Position, Routes, Setup, Side, load_variant, parse_move};

fn rules(id: &str) -> polydame::Rules {
    load_variant(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn parse_move_names_each_kind_of_error() {
    let r = rules("international");
    let start = Position::start(&r);
    let m = parse_move(&r, &start, "32-28").expect("legal");
    assert_eq!((r.cell_name(m.from), r.cell_name(m.to)), ("32", "28"));
    assert!(matches!(parse_move(&r, &start, "32-99"), Err(MoveError::NoSuchSquare { square }) if square == "99"));
    assert!(matches!(parse_move(&r, &start, "hello"), Err(MoveError::Syntax { .. })));
    assert!(matches!(parse_move(&r, &start, "32-28-"), Err(MoveError::Syntax { .. })));
    let e = parse_move(&r, &start, "19-23").unwrap_err();
    assert!(matches!(&e, MoveError::Illegal(Illegal::NotYourPiece { owner: Side::Black, .. })), "{e:?}");
    assert_eq!(e.code(), "not-your-piece");
    assert_eq!(e.to_string(), "the piece on 19 is Black's, but White is to move");
}

#[test]
fn parse_move_resolves_short_and_full_captures() {
    // A white man takes two pieces (28, then 18): written short or with its path.
    let r = rules("international");
    let pos = parse_fen(&r, "W:W32:B28,18").unwrap();
    let short = parse_move(&r, &pos, "32x12").unwrap();
    let full = parse_move(&r, &pos, "32x23x12").unwrap();
    assert_eq!(short, full);
    assert_eq!(short.captured.len(), 2);
    // Czech men capture forward only: c1 reaches c5 over d2, d4 or over b2, b4.
    let r = rules("czech");
    let pos = parse_fen(&r, "W:Wc1:Bd2,d4,b2,b4").unwrap();
    match parse_move(&r, &pos, "c1xc5") {
        Err(MoveError::Ambiguous { mut candidates, go_on: None }) => {
            candidates.sort();
            assert_eq!(candidates, ["c1xa3xc5", "c1xe3xc5"]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(parse_move(&r, &pos, "c1xe3xc5").unwrap().captured.len(), 2);
}

#[test]
fn a_game_plays_undoes_and_judges() {
    let r = rules("international");
    let mut g = Game::new(&r);
    for m in ["32-28", "19-23"] {
        g.play(m).unwrap();
    }
    let e = g.play("31-26").unwrap_err();
    assert!(matches!(e, MoveError::Illegal(Illegal::CaptureCompulsory { .. })));
    assert_eq!(g.moves().len(), 2, "a refused move is not played");
    let legal = g.legal_moves().unwrap();
    assert_eq!(legal.len(), 1);
    assert_eq!(g.move_text(&legal[0]), "28x19");
    g.play_move(&legal[0]).unwrap();
    assert_eq!(g.position().side_to_move(), Side::Black);
    let before = g.position().clone();
    g.play("14x23").unwrap();
    assert_eq!(g.undo().map(|m| r.cell_name(m.from).to_string()), Some("14".to_string()));
    assert_eq!(g.position(), &before);
    assert_eq!(g.outcome(), Outcome::Ongoing);
}

#[test]
fn a_game_ends_and_takes_no_more_moves() {
    // White's king takes Black's last piece: Black cannot move and loses.
    let r = rules("international");
    let mut g = Game::from_fen(&r, "W:WK46:B37").unwrap();
    g.play("46x28").unwrap();
    assert!(matches!(g.outcome(), Outcome::Win(Side::White, _)), "{:?}", g.outcome());
    assert!(g.legal_moves().unwrap().is_empty());
    assert!(matches!(g.play("28-33"), Err(MoveError::GameOver { .. })));
}

#[test]
fn a_game_sees_repetition() {
    // International draughts is drawn when a position occurs a third time (FMJD art. 6.3,
    // variants/international.toml); two kings shuffle.
    let r = rules("international");
    assert_eq!(r.spec().end.repetition, Some(3));
    let mut g = Game::from_fen(&r, "W:WK47:BK4").unwrap();
    for m in ["47-42", "4-10", "42-47", "10-4", "47-42", "4-10", "42-47"] {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(g.outcome(), Outcome::Ongoing);
    }
    // The start position occurs a third time.
    g.play("10-4").unwrap();
    assert!(matches!(g.outcome(), Outcome::Draw(_)), "{:?}", g.outcome());
}

#[test]
fn the_setup_door_refuses_what_the_rules_cannot_hold() {
    let r = rules("international");
    let mut s = Setup::new(Side::White);
    s.put(r.cell("32").unwrap(), Side::White, 0).put(999, Side::Black, 0).put(r.cell("32").unwrap(), Side::Black, 0).put(1, Side::Black, 7);
    let e = Position::from_setup(&r, &s).unwrap_err();
    let codes: Vec<&str> = e.problems().iter().map(SetupProblem::code).collect();
    assert_eq!(codes, ["no-such-cell", "cell-twice", "no-such-kind"]);
    assert!(e.clone().ignore_unreachable().is_err(), "a cell off the board is no mere unreachable position");
    // A setup read back from a position is the same position.
    let pos = parse_fen(&r, "B:WK4,32:B19,K50").unwrap();
    assert_eq!(Position::from_setup(&r, &pos.setup()).unwrap(), pos);
}

#[test]
fn the_setup_carries_the_count_of_quiet_moves() {
    // Frisian: a king may make at most three quiet moves in a row while its side has men.
    let r = rules("frisian");
    let pos = parse_fen(&r, "W:WK41,45:BK4").unwrap();
    let mut s = pos.setup();
    s.quiet[0] = (r.cell("41").unwrap(), 3);
    let counted = Position::from_setup(&r, &s).unwrap();
    assert_eq!(counted.quiet_track(), s.quiet);
    assert_eq!(counted.setup(), s, "the count reads back with the position");
    // The king has used its moves: only the man moves.
    let mut list = MoveList::new();
    counted.clone().generate(&r, &mut list, Routes::Distinct);
    assert!(list.iter().all(|m| r.cell_name(m.from()) == "45"), "{list:?}");
    // A count for a cell without a piece of the side is refused.
    s.quiet[0] = (r.cell("4").unwrap(), 2);
    let codes: Vec<&str> = Position::from_setup(&r, &s).unwrap_err().problems().iter().map(SetupProblem::code).collect();
    assert_eq!(codes, ["no-tracked-piece"]);
    s.quiet[0] = (999, 2);
    assert!(Position::from_setup(&r, &s).is_err(), "a cell past the board");
}

#[test]
fn fen_and_pdn_refuse_positions_no_game_reaches() {
    let r = rules("international");
    // A white man on its own promotion row.
    let e = parse_fen(&r, "W:W3,28:B50").unwrap_err();
    assert!(matches!(&e.kind, FenErrorKind::Setup(s) if s.problems()[0].code() == "on-promotion-cells"), "{e:?}");
    assert_eq!(e.column, 4, "the column of the man on 3");
    assert_eq!(write_fen(&r, &e.clone().ignore_unreachable().unwrap()), "W:W3,28:B50");
    // Twenty-one men.
    let e = parse_fen(&r, "W:W30-50:B1-20").unwrap_err();
    assert_eq!(e.kind.code(), "too-many-pieces");
    // A light square named in an algebraic FEN.
    let e = parse_fen(&rules("russian"), "W:Wc4:Bd6").unwrap_err();
    assert_eq!(e.kind.code(), "unplayable");
    // The same door serves a record's FEN tag (two men, so that no other numbering of the
    // board reads the position as one a game reaches).
    let g: Vec<_> = pdn_games("[FEN \"W:W3,48:B25\"]\n1. 48-42 *".as_bytes()).map(|t| parse_game(&t.unwrap())).collect();
    let v = replay(&r, &g[0]);
    let err = v.error.expect("the FEN tag is refused");
    assert_eq!(err.reason.code(), "fen-tag");
    assert!(err.reason.to_string().contains("stands on its own promotion cells"), "{}", err.reason);
    assert!(v.position.is_none());
}

#[test]
fn replay_gives_the_final_position() {
    let r = rules("international");
    let text = "1. 32-28 19-23 2. 28x19 14x23 *";
    let g: Vec<_> = pdn_games(text.as_bytes()).map(|t| parse_game(&t.unwrap())).collect();
    let v = replay(&r, &g[0]);
    assert!(v.error.is_none());
    let mut game = Game::new(&r);
    for m in ["32-28", "19-23", "28x19", "14x23"] {
        game.play(m).unwrap();
    }
    assert_eq!(v.position.as_ref(), Some(game.position()));
}

#[test]
fn columns_are_read_written_and_refused_where_they_mean_nothing() {
    let r = rules("lasca");
    // A white soldier over a black soldier over a white officer, written top first.
    let pos = parse_fen(&r, "W:Wc3[bwO]:Bd4,Od6[ww]").unwrap();
    assert_eq!(write_fen(&r, &pos), "W:Wc3[bwO]:Bd4,Od6[ww]");
    let officer = r.kind("officer").unwrap();
    let c3 = r.cell("c3").unwrap();
    assert_eq!(pos.column(c3), [(Side::White, 0), (Side::Black, 0), (Side::White, officer)]);
    assert!(pos.column(r.cell("e5").unwrap()).is_empty());
    // A square given again adds to its column, from the top down, whichever list it is in.
    assert_eq!(write_fen(&r, &parse_fen(&r, "W:Wc3,c3,Oc3:Bd4,Od6,d6,d6,c3").unwrap()), "W:Wc3[wwOb]:Bd4,Od6[bb]");
    // A setup gives a column as pieces on one cell, the first on top; it reads back so.
    let mut setup = Setup::new(Side::White);
    setup.put(c3, Side::White, 0).put(c3, Side::Black, 0).put(c3, Side::White, officer);
    setup.put(r.cell("d4").unwrap(), Side::Black, 0);
    let from_setup = Position::from_setup(&r, &setup).unwrap();
    assert_eq!(write_fen(&r, &from_setup), "W:Wc3[bwO]:Bd4");
    assert_eq!(from_setup.setup().pieces[..3], setup.pieces[..3]);

    let e = parse_fen(&r, "W:Wc3[bxO]:Bd4").unwrap_err();
    assert!(matches!(e.kind, FenErrorKind::BadColumn { .. }), "{e}");
    assert_eq!(e.column, 8, "{e}");
    let e = parse_fen(&r, "W:Wc3[bw:Bd4").unwrap_err();
    assert!(matches!(e.kind, FenErrorKind::BadColumn { .. }), "{e}");
    let e = parse_fen(&r, "W:Wc3[bQ]:Bd4").unwrap_err();
    assert!(e.to_string().contains("not `Q`"), "{e}");
    // No columns in International draughts: a bracket is refused, and so is a square twice.
    let e = parse_fen(&rules("international"), "W:W32[b]:B19").unwrap_err();
    assert_eq!(e.kind, FenErrorKind::NoColumns);
    assert_eq!(e.column, 6);
    let e = parse_fen(&rules("international"), "W:W32,32:B19").unwrap_err();
    assert_eq!(e.kind.code(), "cell-twice");
    // A column may hold at most 33 pieces.
    let tall = format!("W:Wc3[{}]:Bd4", "b".repeat(33));
    let e = parse_fen(&r, &tall).unwrap_err();
    assert_eq!(e.kind.code(), "column-too-tall", "{e}");
    assert!(!e.is_unreachable());
}

#[test]
fn the_protocols_board_texts_read_back_in_every_variant_they_can_say() {
    use polydame::notation::{Letters, Squares, SquaresRefusal};
    let mut said = 0;
    for (id, _) in polydame::shipped() {
        let rules = polydame::load_variant(id).expect("ships");
        match Squares::new(&rules) {
            Ok(squares) => {
                said += 1;
                let start = polydame::Position::start(&rules);
                for letters in [Letters::HUB, Letters::DXP] {
                    let text = squares.write(&start, letters);
                    assert_eq!(text.chars().count(), squares.len() + 1, "{id}");
                    assert_eq!(squares.read(&rules, &text, letters).as_ref(), Ok(&start), "{id}: {text}");
                }
            }
            Err(why) => {
                let spec = rules.spec();
                let expected = [
                    spec.columns.is_some().then_some(SquaresRefusal::Columns),
                    (spec.capture.huff != polydame::spec::Huff::None).then_some(SquaresRefusal::Huffing),
                    spec.drops.is_some().then_some(SquaresRefusal::Drops),
                ];
                let any = expected.iter().flatten().next().cloned();
                assert!(any.is_none_or(|e| e == why), "{id}: {why}");
            }
        }
    }
    assert!(said >= 30, "{said} variants said square by square");
}

/// A FEN written as its PDN tag, as py-draughts' `Board.fen` gives it, reads as the FEN
/// inside; a bad square's column is still counted in the text as given.
#[test]
fn a_fen_in_its_pdn_tag_reads_as_the_fen() {
    let rules = load_variant("international").unwrap();
    let plain = parse_fen(&rules, "B:W27,32:B1,20").unwrap();
    for wrapped in [r#"[FEN "B:W27,32:B1,20"]"#, r#" [fen "B:W27,32:B1,20"] "#, r#"[FEN"B:W27,32:B1,20"]"#] {
        assert_eq!(parse_fen(&rules, wrapped).as_ref(), Ok(&plain), "{wrapped}");
    }
    let e = parse_fen(&rules, r#"[FEN "B:W99:B1"]"#).unwrap_err();
    assert_eq!(e.column, 10, "{e}");
    // Not a tag: refused as before, and a multi-byte start does not split a character.
    assert!(parse_fen(&rules, "[FEN B:W27:B1").is_err());
    assert!(parse_fen(&rules, "[Fé \"B:W27:B1\"]").is_err());
}
