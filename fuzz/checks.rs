//! The checks of the fuzz targets, one function a target: each takes the fuzzer's bytes and
//! panics on a finding (an expected error, such as a refused variant file or FEN, is not
//! one). The fuzz targets (`fuzz/fuzz_targets/*.rs`) and the regression test
//! (`tests/suite/fuzz_corpus.rs`) both include this file, so it uses only polydame and std.
//!
//! The first byte of the `fen`, `pdn` and `play` inputs picks a shipped variant: its index
//! in `polydame::shipped()` (the files of `variants/` in name order), modulo their number.
//! Every check bounds the capture search of a position with a small budget, so that one
//! input cannot run for long. The `variant` and `pdn` inputs are read through
//! [`expand`] (`fuzz/expand.rs`): a pattern of a few bytes writes nesting 100,000 deep.

// Each fuzz target uses one of the four checks.
#![allow(dead_code)]

use polydame::fen::{FenError, FenRead, parse_fen, parse_fen_in, read_fen, write_fen};
use polydame::notation::{Notations, move_text};
use polydame::pdn::{PdnGames, parse_game, pdn_games, replay_with};
use polydame::{
    Engine, Game, Limits, LoadError, MoveInfo, MoveList, Outcome, Player, Position, Routes, Rules, compile_text, compile_text_with,
    parse_move, perft, shipped,
};
use std::sync::OnceLock;

#[path = "expand.rs"]
mod expand;
// `pattern` is for the tests that read the seeds; the fuzz targets use `expand` alone.
#[allow(unused_imports)]
pub use expand::{expand, pattern};

/// Capture-search steps one position may take in the checks.
const BUDGET: u64 = 20_000;
/// Plies one `play` input may play.
const MAX_PLIES: usize = 400;
/// Games one `pdn` input may hold.
const MAX_GAMES: usize = 50;
/// Plies of a fuzzed variant played from its start position.
const VARIANT_PLIES: usize = 8;

/// Rules with the checks' capture budget.
fn budgeted(mut rules: Rules) -> Rules {
    rules.set_capture_budget(BUDGET);
    rules
}

/// The shipped variants, compiled once.
fn shipped_rules() -> &'static [Rules] {
    static RULES: OnceLock<Vec<Rules>> = OnceLock::new();
    RULES.get_or_init(|| {
        shipped()
            .iter()
            .map(|(stem, text)| budgeted(compile_text(text, stem).unwrap_or_else(|e| panic!("shipped variant {stem}: {e}"))))
            .collect()
    })
}

/// The shipped variant a selector byte picks.
fn pick(selector: u8) -> &'static Rules {
    let all = shipped_rules();
    &all[selector as usize % all.len()]
}

/// What makes two moves the same move for a player (the resolver's test): origin,
/// destination, the kind it ends as, the pieces taken (captured or removed by huffing) in
/// any order, and how many were captured.
fn key(m: &MoveInfo) -> (u16, u16, u8, Vec<u16>, usize) {
    // A drop's two cells are one move whichever is placed first.
    let (from, to) = if m.drop { (m.from.min(m.to), m.from.max(m.to)) } else { (m.from, m.to) };
    (from, to, m.kind_after, m.taken(), m.captured.len())
}

/// The moves of a list, spelled out.
fn infos(list: &MoveList) -> Vec<MoveInfo> {
    (0..list.len()).map(|i| list.info(i)).collect()
}

/// The legal moves of `pos`, or `None` when the capture search passes its budget.
fn legal(rules: &Rules, pos: &Position, routes: Routes) -> Option<MoveList> {
    let mut list = MoveList::new();
    pos.clone().try_generate(rules, &mut list, routes).ok()?;
    Some(list)
}

/// Whether the capture search of `pos` passes the budget in any of the ways of counting
/// routes (then the APIs report an error instead of an answer).
fn over_budget(rules: &Rules, pos: &Position) -> bool {
    [Routes::Distinct, Routes::Paths, Routes::Landings].into_iter().any(|r| legal(rules, pos, r).is_none())
}

// ---------------------------------------------------------------------------------------
// variant: a variant file.

/// Compiles the bytes as a variant file. A refused file must explain itself: at least one
/// diagnostic, each with a span inside the text, all rendering. A compiled file must give
/// a playable start position whose FEN reads back to it, and its rules must print.
pub fn variant(data: &[u8]) {
    let data = expand(data);
    let text = String::from_utf8_lossy(&data);
    let rules = match compile_text(&text, "fuzz.toml") {
        Ok(rules) => budgeted(rules),
        Err(d) => {
            check_diagnostics(&d);
            return;
        }
    };
    exercise_rules(&rules);
    // Each choice of the file's options, compiled as `--option NAME=CHOICE` would.
    let mut tried = 0;
    for option in &rules.spec().options {
        for choice in option.choices.iter().filter(|c| **c != option.default) {
            if tried == 4 {
                return;
            }
            tried += 1;
            match compile_text_with(&text, "fuzz.toml", &[(option.name.clone(), choice.clone())]) {
                Ok(rules) => exercise_rules(&budgeted(rules)),
                Err(LoadError::Invalid(d)) => check_diagnostics(&d),
                Err(e) => panic!("option {}={choice}, listed by the file, is refused: {e}", option.name),
            }
        }
    }
}

fn check_diagnostics(d: &polydame::spec::Diagnostics) {
    assert!(!d.items.is_empty(), "a refused variant file has no diagnostic");
    for item in &d.items {
        let s = &item.span;
        assert!(
            s.start <= s.end && s.end <= d.source.len(),
            "diagnostic `{}` has span {s:?}, outside the text ({} bytes)",
            item.message,
            d.source.len()
        );
        assert!(
            d.source.is_char_boundary(s.start) && d.source.is_char_boundary(s.end),
            "diagnostic `{}` has span {s:?}, not on character boundaries",
            item.message
        );
        let _ = (item.kind.code(), item.to_string());
    }
    let _ = d.to_string();
}

/// Plays a few plies of a compiled variant, prints its rules, draws its start (as `show`,
/// `board` and the studio do), and reads its start FEN back.
fn exercise_rules(rules: &Rules) {
    let _ = rules.describe();
    let start = Position::start(rules);
    let fen = write_fen(rules, &start);
    match parse_fen(rules, &fen) {
        Ok(back) => {
            assert!(back == start, "the start FEN {fen} reads back to another position: {}", write_fen(rules, &back));
            assert_eq!(back.hash(), start.hash(), "the start FEN {fen} reads back with another hash");
        }
        Err(e) => panic!("the start position's FEN {fen} cannot be read: {e}"),
    }
    let _ = polydame::picture::board_svg(rules, &start, None);
    let _ = polydame::picture::board_text(rules, &start);
    let _ = rules.spec().geometry.name_grid(|c| rules.cell_name(c).to_string());
    same_on_both_engines(rules, &start, 3);
    let mut pos = start;
    let mut list = MoveList::new();
    for _ in 0..VARIANT_PLIES {
        same_on_both_engines(rules, &pos, 1);
        if pos.try_generate(rules, &mut list, Routes::Distinct).is_err() || list.is_empty() {
            break;
        }
        let _ = move_text(rules, &list.info(0), &infos(&list));
        pos.make(rules, list.get(0));
        assert_eq!(pos.hash(), pos.hash_slow(rules), "incremental hash after a move of a fuzzed variant");
        if let Err(e) = pos.check(rules) {
            panic!("position invariants broken after a move of a fuzzed variant: {e}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// fen: a FEN of a shipped variant.

/// Reads the bytes after the selector as a FEN, with the normal reader, in the variant's
/// notation only, and with the reader that takes positions no game reaches. What reads
/// must write back to a FEN that reads to the same position; its moves are generated.
pub fn fen(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else { return };
    let rules = pick(selector);
    let text = String::from_utf8_lossy(rest);
    let notations = Notations::new(rules);

    let normal = read_fen(rules, &text);
    match &normal {
        Ok(read) => {
            round_trip(rules, &notations, read, false);
            generate_all(rules, &read.position);
        }
        Err(e) => check_fen_error(e),
    }

    match parse_fen_in(rules, &rules.spec().notation, &text) {
        Ok(pos) => {
            let fen = write_fen(rules, &pos);
            match parse_fen_in(rules, &rules.spec().notation, &fen) {
                Ok(back) => {
                    assert_eq!(write_fen(rules, &back), fen, "parse_fen_in: {fen} reads back to another position");
                    assert_eq!(back.hash(), pos.hash(), "parse_fen_in: {fen} reads back with another hash");
                }
                Err(e) => panic!("parse_fen_in: {fen}, written from a position read, cannot be read: {e}"),
            }
        }
        Err(e) => check_fen_error(&e),
    }

    match notations.read_fen_as_given(&text) {
        Ok(read) => {
            if let Ok(n) = &normal {
                assert!(n.position == read.position, "read_fen and read_fen_as_given read {text:?} to different positions");
            } else {
                generate_all(rules, &read.position);
            }
            round_trip(rules, &notations, &read, true);
        }
        Err(e) => {
            check_fen_error(&e);
            assert!(normal.is_err(), "read_fen_as_given refuses {text:?}, which read_fen reads: {e}");
        }
    }
    engine_board(rules, &text);
}

/// The same bytes as an engine protocol's board (Hub's, DXP's letters): read without a
/// panic, and a board read writes back to itself.
fn engine_board(rules: &Rules, text: &str) {
    use polydame::notation::{Letters, Squares};
    let Ok(squares) = Squares::new(rules) else { return };
    for letters in [Letters::HUB, Letters::DXP] {
        match squares.read(rules, text, letters) {
            Ok(pos) => {
                let written = squares.write(&pos, letters);
                let back = squares.read(rules, &written, letters);
                assert!(back.as_ref().is_ok_and(|b| *b == pos), "{letters:?}: {written} does not read back to {text:?}'s position");
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
}

/// A FEN read, written back with its extras and read again, is the same.
fn round_trip(rules: &Rules, notations: &Notations, read: &FenRead, as_given: bool) {
    let fen = read.fen(rules);
    let again = if as_given { notations.read_fen_as_given(&fen) } else { notations.read_fen(&fen) };
    match again {
        Ok(back) => {
            assert!(back.position == read.position, "{fen} reads back to another position: {}", back.fen(rules));
            assert_eq!(back.position.hash(), read.position.hash(), "{fen} reads back with another hash");
            assert_eq!(back.extras, read.extras, "{fen} reads back with other extras");
            assert_eq!(back.notation, None, "{fen}, written in the variant's notation, is read in another");
        }
        Err(e) => panic!("{fen}, written from a position read (as given: {as_given}), cannot be read: {e}"),
    }
}

fn check_fen_error(e: &FenError) {
    let _ = (e.to_string(), e.kind.code(), e.is_unreachable());
    assert!(e.column >= 1, "FEN error column 0: {e:?}");
}

/// Where the fast path takes the rules, checks that the general engine (the reference)
/// lists the same moves of `pos`, in the same order, in every way of counting routes, and
/// counts the same perft to `depth` (where neither passes the capture budget).
fn same_on_both_engines(rules: &Rules, pos: &Position, depth: u32) {
    if rules.engine() != Engine::Fast {
        return;
    }
    let mut general = rules.clone();
    general.set_engine(Engine::General).expect("the general engine runs every variant");
    let fen = write_fen(rules, pos);
    for routes in [Routes::Distinct, Routes::Paths, Routes::Landings] {
        if let (Some(a), Some(b)) = (legal(rules, pos, routes), legal(&general, pos, routes)) {
            assert_eq!(infos(&a), infos(&b), "{fen}: the fast path and the general engine list other moves ({routes:?})");
        }
        for d in 1..=depth {
            if let (Ok(a), Ok(b)) = (perft(&mut pos.clone(), rules, d, routes), perft(&mut pos.clone(), &general, d, routes)) {
                assert_eq!(a, b, "{fen}: perft {d} ({routes:?}) is {a} on the fast path, {b} on the general engine");
            }
        }
    }
}

/// Generates the moves of a position read from a FEN, in every way of counting routes.
fn generate_all(rules: &Rules, pos: &Position) {
    same_on_both_engines(rules, pos, 2);
    for routes in [Routes::Distinct, Routes::Paths, Routes::Landings] {
        let Some(list) = legal(rules, pos, routes) else { return };
        let all = infos(&list);
        for m in &all {
            let _ = move_text(rules, m, &all);
        }
    }
}

// ---------------------------------------------------------------------------------------
// pdn: a PDN file replayed against a shipped variant.

/// Reads the bytes after the selector as a PDN file and replays each game (at most
/// [`MAX_GAMES`]) against the variant: nothing to assert but that nothing panics. The
/// selector's high bit reads the file as Windows-1251 instead of guessing its encoding;
/// the variant is picked by the low seven bits.
pub fn pdn(data: &[u8]) {
    let data = expand(data);
    let Some((&selector, rest)) = data.split_first() else { return };
    let rules = pick(selector & 0x7f);
    let notations = Notations::new(rules);
    let games: Box<dyn Iterator<Item = std::io::Result<polydame::pdn::GameText>>> = if selector & 0x80 != 0 {
        match PdnGames::with_encoding(rest, "windows-1251") {
            Ok(g) => Box::new(g),
            Err(e) => panic!("windows-1251 is a WHATWG label: {e}"),
        }
    } else {
        Box::new(pdn_games(rest))
    };
    for g in games.take(MAX_GAMES) {
        let Ok(text) = g else { break };
        let game = parse_game(&text);
        let _ = (game.tag("FEN"), game.tag_place("GameType"));
        let verdict = replay_with(&notations, &game);
        if let Some(e) = &verdict.error {
            let _ = (e.to_string(), e.reason.code());
        }
        for e in &verdict.variations {
            let _ = e.to_string();
        }
        if let Some(pos) = &verdict.position {
            let _ = write_fen(rules, pos);
        }
    }
}

// ---------------------------------------------------------------------------------------
// play: a game of a shipped variant, the bytes choosing the moves.

/// Plays from the start position, each byte after the selector choosing one of the legal
/// moves (`byte % count`), until the game ends or the bytes run out. In every position:
/// every legal move made and unmade gives back the position, with a right hash after the
/// make; every legal move's text reads back to it; the three ways of counting routes give
/// the same moves; a game played alongside agrees; the position's FEN reads back.
pub fn play(data: &[u8]) {
    let Some((&selector, choices)) = data.split_first() else { return };
    let rules = pick(selector);
    let notations = Notations::new(rules);
    let mut pos = Position::start(rules);
    let mut game = Game::new(rules);
    let mut list = MoveList::new();
    for &choice in choices.iter().take(MAX_PLIES) {
        if game.outcome() != Outcome::Ongoing {
            break;
        }
        if pos.try_generate(rules, &mut list, Routes::Distinct).is_err() {
            return;
        }
        let fen = write_fen(rules, &pos);
        assert!(!list.is_empty(), "{}: no legal move in {fen}, but the game goes on", rules.id());
        let moves = infos(&list);
        check_routes(rules, &pos, &moves, &fen);
        for (i, m) in moves.iter().enumerate() {
            let text = move_text(rules, m, &moves);
            match parse_move(rules, &pos, &text) {
                Ok(back) => {
                    assert!(key(&back) == key(m), "{}: in {fen}, `{text}` ({m:?}) reads back as another move: {back:?}", rules.id())
                }
                Err(e) => {
                    if over_budget(rules, &pos) {
                        return;
                    }
                    panic!("{}: in {fen}, `{text}` ({m:?}) does not read back: {e}", rules.id());
                }
            }
            let before = pos.clone();
            let undo = pos.make(rules, list.get(i));
            assert_eq!(pos.hash(), pos.hash_slow(rules), "{}: in {fen}, hash after `{text}`", rules.id());
            if let Err(e) = pos.check(rules) {
                panic!("{}: in {fen}, position invariants broken after `{text}`: {e}", rules.id());
            }
            pos.unmake(rules, list.get(i), undo);
            assert!(pos == before, "{}: in {fen}, `{text}` made and unmade gives {}", rules.id(), write_fen(rules, &pos));
        }
        let i = choice as usize % moves.len();
        if let Err(e) = game.play_move(&moves[i]) {
            if over_budget(rules, &pos) {
                return;
            }
            panic!("{}: in {fen}, the game refuses legal move {:?}: {e}", rules.id(), moves[i]);
        }
        pos.make(rules, list.get(i));
        assert!(game.position() == &pos, "{}: after {:?} in {fen}, the game and the position differ", rules.id(), moves[i]);
        let after = write_fen(rules, &pos);
        match notations.read_fen_as_given(&after) {
            Ok(back) => {
                assert_eq!(write_fen(rules, &back.position), after, "{}: {after} reads back to another position", rules.id());
                assert_eq!(back.position.hash(), pos.hash(), "{}: {after} reads back with another hash", rules.id());
            }
            Err(e) => panic!("{}: {after}, reached in a game, cannot be read: {e}", rules.id()),
        }
    }
    check_player(rules, &game);
}

/// The generic player, searching the position the game reached two plies deep, gives a
/// move while the game goes on, and a line that plays.
fn check_player(rules: &Rules, game: &Game) {
    let found = match Player::new(rules).best_in(game.position(), Limits::depth(2), game.history()) {
        Ok(found) => found,
        Err(_) => return, // the capture budget: the game above would have said so too
    };
    let fen = game.fen();
    if game.outcome() != Outcome::Ongoing {
        return;
    }
    assert!(found.best.is_some(), "{}: the player has no move in {fen}, but the game goes on", rules.id());
    let mut line = game.clone();
    for m in &found.pv {
        if let Err(e) = line.play_move(m) {
            panic!("{}: in {fen}, the player's line {:?} has a move that does not play: {m:?}: {e}", rules.id(), found.pv);
        }
    }
}

/// Every way of counting capture routes gives the same moves (one per key when distinct).
fn check_routes(rules: &Rules, pos: &Position, distinct: &[MoveInfo], fen: &str) {
    let mut keys: Vec<_> = distinct.iter().map(key).collect();
    keys.sort();
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n, "{}: in {fen}, two distinct moves are the same move", rules.id());
    for routes in [Routes::Paths, Routes::Landings] {
        let Some(list) = legal(rules, pos, routes) else { return };
        let mut other: Vec<_> = infos(&list).iter().map(key).collect();
        other.sort();
        other.dedup();
        assert!(other == keys, "{}: in {fen}, {routes:?} gives other moves than Distinct", rules.id());
    }
}

/// A file of endgame tables (`egtb --save`) or of learned weights (`tune`) of a shipped
/// variant: the first byte picks the variant, the second's lowest bit the reader. Neither
/// reader may panic, and weights read write back to the same weights.
pub fn files(data: &[u8]) {
    let [selector, which, rest @ ..] = data else { return };
    let rules = pick(*selector);
    if which & 1 == 0 {
        let _ = polydame::egtb::Tables::load(&mut &rest[..], rules);
    } else if let Ok(w) = polydame::player::Weights::from_toml(rules, &String::from_utf8_lossy(rest)) {
        assert_eq!(polydame::player::Weights::from_toml(rules, &w.to_toml("again")), Ok(w), "weights read back to others");
    }
}
