//! FEN as people paste it: lidraughts' `:H0:F1` and Frisian `:+0+0` fields, numbers in an
//! algebraic variant (and the other way round), a side with no pieces, slips of spacing
//! and case, and errors that say where and why. Each through the library, `--fen`,
//! `--fen-file` and a PDN `[FEN]` tag where it applies.

use crate::common::{TempFile, polydame, stderr, stdout};
use polydame::fen::{FenErrorKind, parse_fen, write_fen};
use polydame::notation::Notations;
use polydame::pdn::{parse_game, pdn_games, replay};
use polydame::{Position, Rules, Side, load_variant};
use std::process::Output;

fn rules(id: &str) -> Rules {
    load_variant(id).expect("a shipped variant")
}

/// What `polydame moves` lists for one FEN: the FEN as given, and the moves.
fn listed(o: &Output) -> (String, Vec<String>) {
    let out = stdout(o);
    let mut lines = out.lines();
    let head = lines.next().unwrap_or("");
    let fen = head.rsplit_once(" (").map_or(head, |(f, _)| f).to_string();
    (fen, lines.take_while(|l| l.starts_with("  ")).map(|l| l.trim().to_string()).collect())
}

/// Replays a one-game PDN text.
fn replay_text(variant: &str, text: &str) -> polydame::pdn::Verdict {
    let games: Vec<_> = pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("in memory"))).collect();
    assert_eq!(games.len(), 1, "{text}");
    replay(&rules(variant), &games[0])
}

#[test]
fn lidraughts_clock_fields_are_read_and_kept() {
    let r = rules("international");
    // The start position as lidraughts exports it.
    let fen = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:H0:F1";
    assert_eq!(parse_fen(&r, fen).unwrap(), Position::start(&r));
    let read = Notations::new(&r).read_fen(fen).unwrap();
    assert_eq!((read.extras.half_moves, read.extras.move_number, read.extras.king_moves), (Some(0), Some(1), None));
    assert_eq!(read.notation, None, "the variant's own notation");
    assert_eq!(read.fen(&r), fen, "written back as given");
    assert_eq!(write_fen(&r, &read.position), fen.trim_end_matches(":H0:F1"), "write_fen writes no extras");
    // Short forms, a later move, the fields in either order, and a final `.`.
    for (text, h, f) in [
        ("W:W31-50:B1-20:H0:F1", 0, 1),
        ("B:W28,32-50:B1-20:H3:F12", 3, 12),
        ("W:W31-50:B1-20:F7:H2", 2, 7),
        ("W:W31-50:B1-20:H0:F1.", 0, 1),
    ] {
        let read = Notations::new(&r).read_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((read.extras.half_moves, read.extras.move_number), (Some(h), Some(f)), "{text}");
        assert!(!read.extras.is_empty());
    }
    // Without the fields there are no extras, and the FEN is written as before.
    let plain = Notations::new(&r).read_fen("W:W31-50:B1-20").unwrap();
    assert!(plain.extras.is_empty());
    assert_eq!(plain.fen(&r), write_fen(&r, &plain.position));

    // The command line, which refused it before.
    let o = polydame(&["moves", "international", "--fen", "W:W31-50:B1-20:H0:F1"]);
    assert!(o.status.success(), "{o:?}");
    let (given, moves) = listed(&o);
    assert_eq!((given.as_str(), moves.len()), ("W:W31-50:B1-20:H0:F1", 9), "{}", stdout(&o));
    // A FEN file of lidraughts lines.
    let file = TempFile::new("fens.txt", "W:W31-50:B1-20:H0:F1\nB:W28,32-50:B1-20:H0:F1\n");
    let o = polydame(&["moves", "international", "--fen-file", file.path(), "--json"]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(stdout(&o).lines().count(), 2);
    // A PDN FEN tag.
    let v = replay_text("international", "[GameType \"20\"]\n[FEN \"W:W31-50:B1-20:H0:F1\"]\n1. 32-28 19-23 *\n");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 2);
}

#[test]
fn frisian_king_move_counters_set_the_quiet_track() {
    let r = rules("frisian");
    // The start as lidraughts writes it for Frisian.
    let start = "W:W31-50:B1-20:H0:F1:+0+0";
    let read = Notations::new(&r).read_fen(start).unwrap();
    assert_eq!(read.position, Position::start(&r), "+0+0 counts nothing");
    assert_eq!(read.extras.king_moves, Some([(0, None), (0, None)]));
    assert_eq!(
        read.fen(&r),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:H0:F1:+0+0"
    );

    // White's king on 28 has moved three times in a row (the second counter is White's,
    // with its king's square): it may not move again while White has a man.
    let k28 = r.cell("28").unwrap();
    let fen = "W:W45,K28:B5:H4:F30:+0+328";
    let read = Notations::new(&r).read_fen(fen).unwrap();
    assert_eq!(read.extras.king_moves, Some([(3, Some(k28)), (0, None)]));
    assert_eq!(read.position.quiet_track()[Side::White], (k28, 3));
    assert_eq!(read.fen(&r), "W:WK28,45:B5:H4:F30:+0+328");
    let o = polydame(&["moves", "frisian", "--fen", fen]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(listed(&o), (fen.to_string(), vec!["45-40".to_string()]), "{}", stdout(&o));
    // Without the counters the king moves freely.
    let o = polydame(&["moves", "frisian", "--fen", "W:W45,K28:B5"]);
    assert_eq!(listed(&o).1.len(), 17, "{}", stdout(&o));
    // lidraughts' older form gives the count only: exact when the side has one king.
    let read = Notations::new(&r).read_fen("W:W45,K28:B5:+0+3").unwrap();
    assert_eq!(read.position.quiet_track()[Side::White], (k28, 3));
    // With two kings the count cannot say which: it is kept, but counts nothing.
    let read = Notations::new(&r).read_fen("W:W45,K28,K30:B5:+0+3").unwrap();
    assert_eq!(read.extras.king_moves, Some([(3, None), (0, None)]));
    assert_eq!(read.position.quiet_track(), [(0, 0), (0, 0)]);
    // Black's counter comes first.
    let read = Notations::new(&r).read_fen("B:W45:B5,K23:+223+0").unwrap();
    assert_eq!(read.position.quiet_track()[Side::Black], (r.cell("23").unwrap(), 2));
    // A counter naming a square without that side's king is refused, and says where.
    let e = parse_fen(&r, "W:W45,K28:B5:+0+345").unwrap_err();
    assert_eq!(e.kind, FenErrorKind::NoKingThere { side: Side::White, square: "45".into() });
    assert_eq!((e.kind.code(), e.column), ("no-king-there", 18));
    // Frysk! has the same limit.
    let frysk = rules("frysk");
    let read = Notations::new(&frysk).read_fen("W:W46-50:B1-5:H0:F1:+0+0").unwrap();
    assert_eq!(read.position, Position::start(&frysk));
    // A variant without the limit keeps the counters as extras only.
    let i = rules("international");
    let read = Notations::new(&i).read_fen("W:W45,K28:B5:+0+328").unwrap();
    assert_eq!(read.position.quiet_track(), [(0, 0), (0, 0)]);
    assert_eq!(read.extras.king_moves, Some([(3, Some(i.cell("28").unwrap())), (0, None)]));
    // In a PDN FEN tag.
    let v = replay_text("frisian", "[GameType \"40\"]\n[FEN \"W:W31-50:B1-20:H0:F1:+0+0\"]\n1. 32-28 19-23 *\n");
    assert!(v.error.is_none(), "{:?}", v.error);
}

#[test]
fn numbers_in_an_algebraic_variant_and_names_in_a_numbered_one() {
    // lidraughts' Russian FEN is numeric; Russian in polydame is algebraic.
    let r = rules("russian");
    let fen = "W:W21-32:B1-12:H0:F1";
    assert_eq!(parse_fen(&r, fen).unwrap(), Position::start(&r));
    let read = Notations::new(&r).read_fen(fen).unwrap();
    assert_eq!(read.notation.as_deref(), Some("numeric, square 1 top-left"));
    // Written back in the variant's own notation.
    assert_eq!(read.fen(&r), "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8:H0:F1");
    let o = polydame(&["moves", "russian", "--fen", "W:W21-32:B1-12"]);
    assert!(o.status.success(), "{o:?}");
    let (given, mut moves) = listed(&o);
    moves.sort();
    assert_eq!(given, "W:W21-32:B1-12");
    assert_eq!(moves, ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"], "in the variant's own notation");
    assert!(stderr(&o).contains("numeric, square 1 top-left"), "the notation used is said: {}", stderr(&o));
    // `--fen` of the other commands goes through the same door.
    let o = polydame(&["perft", "russian", "1", "--fen", "W:W21-32:B1-12", "--json"]);
    assert!(stdout(&o).contains("\"nodes\":7"), "{}", stdout(&o));
    let o = polydame(&["show", "russian", "--fen", "W:W21-32:B1-12"]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("position: W:Wa1,c1,e1,g1,b2,"), "{}", stdout(&o));
    // A FEN file mixing both.
    let file = TempFile::new("russian.txt", "W:Wc3:Bf6\nW:W22:B11\n");
    let o = polydame(&["moves", "russian", "--fen-file", file.path()]);
    assert!(o.status.success(), "{o:?}");
    // The PDN FEN tag, as before.
    let v = replay_text("russian", "[GameType \"25\"]\n[FEN \"W:W21-32:B1-12:H0:F1\"]\n1. c3-d4 f6-g5 *\n");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert!(v.notation.contains("FEN tag in numeric, square 1 top-left"), "{}", v.notation);

    // Algebraic squares for International (a1 is square 46).
    let i = rules("international");
    let read = Notations::new(&i).read_fen("W:Wa1,c1:Bj10").unwrap();
    assert_eq!(read.notation.as_deref(), Some("algebraic"));
    assert_eq!(write_fen(&i, &read.position), "W:W46,47:B5");
    // A position no game reaches is not read as the board turned: still an error, with
    // the way out.
    let e = parse_fen(&i, "W:W3,28:B50").unwrap_err();
    assert_eq!(e.kind.code(), "on-promotion-cells");
    let as_given = Notations::new(&i).read_fen_as_given("W:W3,28:B50").unwrap();
    assert_eq!(write_fen(&i, &as_given.position), "W:W3,28:B50");
    // A square no notation has keeps the error of the variant's own.
    let e = parse_fen(&r, "W:Wc3:Bz9").unwrap_err();
    assert!(matches!(&e.kind, FenErrorKind::NoSuchSquare { square, .. } if square == "z9"), "{e}");
    assert_eq!(e.column, 8);
}

#[test]
fn a_side_with_no_pieces() {
    let r = rules("international");
    let pos = parse_fen(&r, "B:W50:B").unwrap();
    assert_eq!(pos.side_to_move(), Side::Black);
    assert_eq!(pos.pieces(Side::Black).len(), 0);
    assert_eq!(pos.pieces(Side::White).len(), 1);
    assert_eq!(write_fen(&r, &pos), "B:W50:B");
    assert_eq!(parse_fen(&r, "B:W50:B:H0:F40").unwrap(), pos);
    assert_eq!(parse_fen(&r, "B:W50").unwrap(), pos, "a side may be left out");
    let o = polydame(&["moves", "international", "--fen", "B:W50:B"]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(listed(&o), ("B:W50:B".to_string(), vec![]), "{}", stdout(&o));
    // Fields but no piece list at all is not a FEN.
    let e = parse_fen(&r, "W:H0:F1").unwrap_err();
    assert_eq!(e.kind, FenErrorKind::NoPieceLists);
}

#[test]
fn slips_of_spacing_and_case() {
    let r = rules("international");
    let want = parse_fen(&r, "W:WK46,31-33:B18,19").unwrap();
    for text in [
        "W : WK46, 31-33 : B18 ,19",
        "w:wK46,31-33:b18,19",
        "W:Wk46,31-33:B18,19",
        "W:Wk46,31 - 33:B18,19\n",
        "  \"W:WK46,31-33:B18,19.\"\r\n",
        "W:WK46,31-33:B18,19 : H0 : F1",
    ] {
        assert_eq!(parse_fen(&r, text).unwrap_or_else(|e| panic!("{text:?}: {e}")), want, "{text:?}");
    }
    let o = polydame(&["moves", "international", "--fen", "w : Wk46, 31-33 : b18,19"]);
    assert!(o.status.success(), "{o:?}");
    // A small king letter in algebraic notation.
    let russian = rules("russian");
    assert_eq!(parse_fen(&russian, "W:Wkc3:Bf6").unwrap(), parse_fen(&russian, "W:WKc3:Bf6").unwrap());
    // On a board with a k file, `k3` is that square, not a king on 3.
    let wide = rules("accelerated-12");
    let pos = parse_fen(&wide, "W:Wk3:Bb12").unwrap();
    assert_eq!(pos.piece(wide.cell("k3").unwrap()).map(|(_, kind)| kind), Some(0), "a man on k3");
    // Still strict where a slip could be read two ways: squares without commas.
    let e = parse_fen(&r, "W:W31 32:B19").unwrap_err();
    assert_eq!(e.kind.code(), "no-such-square");
    // A lower-case letter that is no kind's is no prefix.
    let e = parse_fen(&r, "W:Wq46:B19").unwrap_err();
    assert_eq!(e.kind.code(), "no-such-square");
}

#[test]
fn errors_say_where_and_why() {
    let russian = rules("russian");
    let e = parse_fen(&russian, "W:Wg6:Bd6").unwrap_err();
    assert_eq!(e.kind.to_string(), "g6 is a light square on this board");
    assert_eq!((e.kind.code(), e.column), ("unplayable", 4));
    let e = parse_fen(&russian, "W:Wc3:BG6").unwrap_err();
    assert_eq!(e.kind.to_string(), "g6 is a light square on this board");
    // An algebraic FEN of a numbered board names a light square the same way.
    let e = parse_fen(&rules("international"), "W:Wa1,b1:Bj10").unwrap_err();
    assert_eq!(e.kind.to_string(), "b1 is a light square on this board");
    assert_eq!(e.column, 7);
    let o = polydame(&["moves", "russian", "--fen", "W:Wg6:Bd6"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("bad FEN at column 4: g6 is a light square on this board"), "{}", stderr(&o));

    let r = rules("international");
    for (text, code, column) in [
        ("W:W31-50:B1-20:H0:F1:H1", "extra-twice", 22),
        ("W:W31-50:B1-20:Hx", "bad-extra", 16),
        ("W:W31-50:B1-20:H-1", "bad-extra", 16),
        ("W:W31-50:B1-20:+1", "bad-extra", 16),
        ("W:W31-50:B1-20:+0+0+0", "bad-extra", 16),
        ("W:W31-50:B1-20:+0+099", "no-such-square", 20),
        ("W:W31-50:B1-20:X", "bad-colour", 16),
        ("W:W31-50:B1-20:", "empty-list", 16),
    ] {
        let e = parse_fen(&r, text).unwrap_err();
        assert_eq!((e.kind.code(), e.column), (code, column), "{text}: {e}");
    }
    // Huffing's state is read where the variant keeps it, and its errors point at it.
    let zamma = rules("zamma");
    let pos = parse_fen(&zamma, "W:Wa1,d4:Be5,i9:Xe5").unwrap();
    assert_eq!(polydame::fen::write_fen(&zamma, &pos), "W:Wa1,d4:Be5,i9:Xe5");
    let damas = rules("damas");
    let pos = parse_fen(&damas, "W:Wc3:Bh8:LWb4,Bf6").unwrap();
    assert_eq!(polydame::fen::write_fen(&damas, &pos), "W:Wc3:Bh8:LWb4,Bf6");
    for (rules, text, code, column) in [
        (&zamma, "W:Wa1:Bi9:Xa1", "not-huffable", 11),
        (&zamma, "W:Wa1:Bi9:Xi9:Xi9", "extra-twice", 15),
        (&zamma, "W:Wa1:Bi9:Xz9", "no-such-square", 12),
        (&zamma, "W:Wa1:Bi9:LWa1", "bad-colour", 11),
        (&damas, "W:Wc3:Bh8:LQb4", "bad-extra", 11),
        (&damas, "W:Wc3:Bh8:Xh8", "bad-colour", 11),
    ] {
        let e = parse_fen(rules, text).unwrap_err();
        assert_eq!((e.kind.code(), e.column), (code, column), "{text}: {e}");
    }
    // Columns still read beside the extras.
    let lasca = rules("lasca");
    let pos = parse_fen(&lasca, "W:Wc3[bwO]:Bd4,Od6[ww]:H0:F1").unwrap();
    assert_eq!(write_fen(&lasca, &pos), "W:Wc3[bwO]:Bd4,Od6[ww]");
}
