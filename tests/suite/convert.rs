//! Records written again canonically (`rewrite`): the variant's own notation and
//! GameType, results as the variant writes them, comments, glyphs and variations kept, and
//! a game that cannot be written again refused with the reason (the caller keeps it).

use polydame::load_variant;
use polydame::notation::Notations;
use polydame::pdn::{PdnGame, RewriteError, parse_game, pdn_games, replay, rewrite};

fn game(text: &str) -> PdnGame {
    parse_game(&pdn_games(text.as_bytes()).next().expect("a game").expect("in memory"))
}

fn convert(variant: &str, text: &str) -> Result<String, RewriteError> {
    let rules = load_variant(variant).expect("shipped");
    rewrite(&Notations::new(&rules), &game(text))
}

#[test]
fn moves_in_the_variants_own_notation_and_results_as_it_writes_them() {
    // Numbers in Russian become its algebraic squares; 2-0 becomes 1-0 on 8x8.
    let out = convert("russian", "[Result \"2-0\"]\n1. 22-18 11-15 2-0").expect("legal");
    assert!(out.contains("[GameType \"25\"]") && out.contains("[Result \"1-0\"]"), "{out}");
    assert!(out.contains("1. c3-d4 f6-e5 1-0"), "{out}");
    let rules = load_variant("russian").unwrap();
    let again = replay(&rules, &game(&out));
    assert!(again.error.is_none() && again.plies == 2 && again.notation.contains("own"), "{:?} {}", again.error, again.notation);
    // Captures in full only where two share their ends; separators made right.
    let out = convert("international", "1. 32x28 19-23 2. 28-19 14x23 *").expect("legal");
    assert!(out.contains("1. 32-28 19-23 2. 28x19 14x23 *"), "{out}");
}

#[test]
fn comments_glyphs_and_variations_are_kept() {
    let text = "[Event \"e\"]\n{before} 1. 32-28! {best} $1 19-23 (1... 17-22 {also}) 2. 28x19 14x23 *";
    let out = convert("international", text).expect("legal");
    assert!(out.contains("[Event \"e\"]"), "{out}");
    assert!(out.contains("{before} 1. 32-28! $1 {best} 1... 19-23 (1... 17-22 {also}) 2. 28x19 14x23 *"), "{out}");
    // Written again, it reads back the same.
    assert_eq!(convert("international", &out).expect("legal"), out);
}

#[test]
fn what_cannot_be_written_again_is_refused() {
    let e = convert("international", "1. 32-28 19-23 2. 31-26 *").unwrap_err();
    assert!(matches!(e, RewriteError::Replay(_)), "{e}");
    // A bad variation: the game would lose it.
    let e = convert("international", "1. 32-28 19-23 2. 28x19 (2. 33-29) 14x23 *").unwrap_err();
    assert!(matches!(e, RewriteError::Variation(_)), "{e}");
    let e = convert("international", "1. 32-28 /FEN \"W:W31-50:B1-20\"/ 1. 32-28 *").unwrap_err();
    assert!(e.to_string().contains("setup token at line 1, column 10"), "{e}");
}

#[test]
fn white_first_american_records_are_turned_the_right_way() {
    // py-draughts writes American checkers with White moving first from 21-32: turned a
    // half turn, its colours swapped, it is English from its own start, Black first.
    let text = "[White \"first\"]\n[Black \"second\"]\n[Result \"1-0\"]\n\
        1. 22-18 11-15 (1... 10-14 2. 24-19) 2. 18x11 8x15 1-0";
    let out = convert("english", text).expect("legal");
    assert!(out.contains("[White \"second\"]") && out.contains("[Black \"first\"]"), "{out}");
    assert!(out.contains("[Result \"0-1\"]") && !out.contains("[FEN"), "{out}");
    assert!(out.contains("1. 11-15 22-18 (1... 23-19 2. 9-14) 2. 15x22 25x18 0-1"), "{out}");
    let rules = load_variant("english").unwrap();
    let again = replay(&rules, &game(&out));
    assert!(again.error.is_none() && again.plies == 4 && !again.white_first, "{:?} {}", again.error, again.notation);
}
