//! Game records: reading every PDN syntax element, resolving moves, the reason for each
//! kind of illegal move, GameType and Variant tags, FEN starts, hexagonal games, and a
//! round trip through the writer for random games of every variant.

use polydame::pdn::{PdnGame, Verdict, parse_game, pdn_games, random_game, replay, write_pdn};
use polydame::{load_variant, shipped};
use proptest::prelude::*;

fn read(text: &str) -> Vec<PdnGame> {
    pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("in memory"))).collect()
}

fn check(variant: &str, text: &str) -> Verdict {
    let rules = load_variant(variant).expect("shipped");
    let g = read(text);
    assert_eq!(g.len(), 1, "one game in {text:?}");
    replay(&rules, &g[0])
}

fn reason(variant: &str, text: &str) -> String {
    let v = check(variant, text);
    let e = v.error.unwrap_or_else(|| panic!("{text:?} should be illegal"));
    format!("ply {} `{}` at {}:{}: {}", e.ply, e.text, e.line, e.column, e.reason)
}

#[test]
fn every_syntax_element() {
    let text = "% line comment\n[Event \"with \\\"quotes\\\"\"]\n[White \"A\"]\n[Black \"B\"]\n[GameType \"20\"]\n\n\
        1. 32-28 19-23! {a comment} 2. 28x19 (2. 33-29?! 23x34 $2) 14x23 $1 3.35-30 10-14 (?) 4. 31-27 $3 2-0\n";
    let g = read(text);
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].tag("Event"), Some("with \"quotes\""));
    assert_eq!(
        g[0].moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
        ["32-28", "19-23", "28x19", "14x23", "35-30", "10-14", "31-27"]
    );
    assert_eq!(g[0].result.as_deref(), Some("2-0"));
    assert!(g[0].oddities.is_empty(), "{:?}", g[0].oddities);
    let v = replay(&load_variant("international").unwrap(), &g[0]);
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 7);
}

#[test]
fn many_games_per_file_and_algebraic_moves() {
    let text = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-0\n\n[GameType \"25\"]\n1. c3d4 b6a5 *\n";
    let g = read(text);
    assert_eq!(g.len(), 2);
    let rules = load_variant("russian").unwrap();
    for game in &g {
        let v = replay(&rules, game);
        assert!(v.error.is_none(), "{:?}", v.error);
    }
}

#[test]
fn full_paths_and_short_captures() {
    // A white man takes two pieces: written short or with its full path.
    let fen = "[FEN \"W:W32:B28,18\"]\n";
    assert!(check("international", &format!("{fen}1. 32x12 *")).error.is_none());
    assert!(check("international", &format!("{fen}1. 32x23x12 *")).error.is_none());
}

#[test]
fn a_real_game() {
    let text = std::fs::read_to_string("tests/records/sijbrands_bronstring_1970.pdn").unwrap();
    let v = check("international", &text);
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 113);
}

#[test]
fn reasons_for_illegal_moves() {
    insta::assert_snapshot!(
        [
            reason("international", "1. 27-22 *"),
            reason("international", "1. 19-23 *"),
            reason("international", "1. 32-28 19-23 2. 31-26 *"),
            reason("international", "[FEN \"W:W32,35:B28,30,20\"]\n1. 32x23 *"),
            reason("international", "1. 36-31 *"),
            reason("international", "[FEN \"W:W32:B1\"]\n1. 32-37 *"),
            reason("international", "1. 32-99 *"),
            reason("international", "[FEN \"B:W32:B28\"]\n1. 32-27 *"),
            reason("english", "[FEN \"B:W14,15:BK10\"]\n1. 10x28 *"),
            reason("hexdame", "1. d4-d6 *"),
        ]
        .join("\n")
    );
}

#[test]
fn ambiguous_captures_are_named() {
    // Czech men capture forward only: c1 reaches c5 over d2, d4 or over b2, b4.
    let r = reason("czech", "[FEN \"W:Wc1:Bd2,d4,b2,b4\"]\n1. c1xc5 *");
    assert!(r.contains("ambiguous") && r.contains("c1xa3xc5") && r.contains("c1xe3xc5"), "{r}");
    // The full path says which.
    assert!(check("czech", "[FEN \"W:Wc1:Bd2,d4,b2,b4\"]\n1. c1xa3xc5 *").error.is_none());
}

#[test]
fn gametype_and_variant_tags() {
    let rules: Vec<_> = shipped().iter().map(|(s, _)| load_variant(s).unwrap()).collect();
    for r in &rules {
        for g in &r.spec().gametypes {
            assert!(!g.is_empty(), "{} lists an empty GameType", r.id());
        }
    }
    let g = read("[GameType \"20,W,10,10,N2,0\"]\n1. 32-28 *");
    assert_eq!(g[0].tag("GameType"), Some("20,W,10,10,N2,0"));
}

#[test]
fn a_game_from_a_fen() {
    let v = check("international", "[SetUp \"1\"]\n[FEN \"W:WK46:B1.\"]\n1. 46-41 1-7 2. 41-36 *");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 3);
}

#[test]
fn a_hexagonal_game() {
    let v = check("hexdame", "[Variant \"hexdame\"]\n1. d1-e1 f9-e9 2. d2-e2 f8-e8 *");
    assert!(v.error.is_none(), "{:?}", v.error);
    assert_eq!(v.plies, 4);
    // HexDame T3 (rules notes): the king's capture, written with its landing cells.
    let v = check("hexdame", "[FEN \"W:WKa1:Bc3,g5\"]\n1. a1xe5xh5 *");
    assert!(v.error.is_none(), "{:?}", v.error);
    let r = reason("hexdame", "1. d4-d6 *");
    assert!(r.contains("d4"), "{r}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn writer_and_reader_round_trip(seed in any::<u64>()) {
        for (stem, _) in shipped() {
            let rules = load_variant(stem).unwrap();
            let game = random_game(&rules, seed, 160).expect("a random game within the capture budget");
            let text = write_pdn(&rules, &game);
            let read_back = read(&text);
            prop_assert_eq!(read_back.len(), 1, "{}: {}", stem, text);
            let v = replay(&rules, &read_back[0]);
            prop_assert!(v.error.is_none(), "{}: {:?}\n{}", stem, v.error, text);
            prop_assert_eq!(v.plies, game.moves.len(), "{}", stem);
        }
    }
}
