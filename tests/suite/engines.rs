//! Two engines, one truth: wherever the fast path takes a variant, it is checked against
//! the general engine (the reference) on the same positions. The variants: every shipped
//! one, every recipe of `docs/recipes/`, and every variant of `tests/clauses/` with its
//! options. The positions: those of random games of each (every ply: the legal moves in
//! all three ways of counting routes, and perft 1; every few plies: perft 2 to 4), and
//! the positions of the clause files. A count that depends on which engine ran is the
//! worst bug this project can have.

use polydame::fen::{FenError, parse_fen};
use polydame::pdn::random_game;
use polydame::{Engine, MoveInfo, MoveList, Position, Routes, Rules, load_variant, load_variant_with, perft, shipped};
use std::collections::BTreeMap;
use std::fs;

const ROUTES: [Routes; 3] = [Routes::Distinct, Routes::Paths, Routes::Landings];

/// Random games a variant (`POLYDAME_ENGINE_GAMES` sets more, for a long check run on
/// purpose: `POLYDAME_ENGINE_GAMES=200 cargo test --release -p polydame --test suite engines::`).
fn games() -> u64 {
    std::env::var("POLYDAME_ENGINE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(4)
}

/// The rules on the general engine.
fn general(rules: &Rules) -> Rules {
    let mut g = rules.clone();
    g.set_engine(Engine::General).expect("the general engine runs every variant");
    g
}

/// The legal moves of `pos` as `rules` lists them (in their order), or `None` past the
/// capture budget.
fn moves(rules: &Rules, pos: &Position, routes: Routes) -> Option<Vec<MoveInfo>> {
    let mut list = MoveList::new();
    pos.clone().try_generate(rules, &mut list, routes).ok()?;
    Some(list.iter().map(|m| m.info()).collect())
}

/// Checks both engines on `pos`: the legal moves in all three ways of counting routes,
/// and perft to `depth`. Returns a description of the first difference.
fn differs(fast: &Rules, slow: &Rules, pos: &Position, depth: u32) -> Option<String> {
    for routes in ROUTES {
        let (a, b) = (moves(fast, pos, routes), moves(slow, pos, routes));
        if a.is_some() && b.is_some() && a != b {
            return Some(format!("{routes:?} moves: fast {a:?}\n  general {b:?}"));
        }
    }
    for d in 1..=depth {
        for routes in ROUTES {
            let a = perft(&mut pos.clone(), fast, d, routes);
            let b = perft(&mut pos.clone(), slow, d, routes);
            if let (Ok(a), Ok(b)) = (a, b)
                && a != b
            {
                return Some(format!("{routes:?} perft {d}: fast {a}, general {b}"));
            }
        }
    }
    None
}

/// Plays `games` random games of at most `plies` plies on `rules` (the fast path) and
/// checks both engines at every position; returns the positions checked.
fn compare_games(label: &str, fast: &Rules, games: u64, plies: usize) -> usize {
    let slow = general(fast);
    let mut checked = 0;
    for seed in 1..=games {
        let game = random_game(fast, seed, plies).expect("a random game within the capture budget");
        let mut pos = game.start.clone();
        let mut list = MoveList::new();
        for (ply, (played, _)) in game.moves.iter().enumerate() {
            let depth = if ply % 10 == 3 { 3 } else { 1 };
            if let Some(why) = differs(fast, &slow, &pos, depth) {
                panic!("{label}, game {seed}, ply {ply} ({}): {why}", polydame::fen::write_fen(fast, &pos));
            }
            checked += 1;
            pos.generate(fast, &mut list, Routes::Distinct);
            let i = (0..list.len()).find(|&i| list.info(i) == *played).expect("a move of the game is legal");
            pos.make(fast, list.get(i));
        }
    }
    checked
}

/// Every variant both engines can run: label and rules.
fn variants() -> Vec<(String, Rules)> {
    let mut out: Vec<(String, Rules)> =
        shipped().iter().map(|(stem, _)| (stem.to_string(), load_variant(stem).expect("a shipped variant"))).collect();
    let mut recipes: Vec<_> = fs::read_dir("docs/recipes").expect("docs/recipes").map(|e| e.expect("readable").path()).collect();
    recipes.sort();
    for path in recipes {
        let p = path.display().to_string();
        out.push((p.clone(), load_variant(&p).unwrap_or_else(|e| panic!("{p}: {e}"))));
    }
    for (path, file) in clause_files() {
        if !file.options.is_empty() {
            let options: Vec<(String, String)> = file.options.into_iter().collect();
            let rules = load_variant_with(&file.variant, &options).unwrap_or_else(|e| panic!("{path}: {e}"));
            out.push((format!("{path} ({options:?})"), rules));
        }
    }
    out
}

#[derive(serde::Deserialize)]
struct ClauseFile {
    variant: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    clause: Vec<Clause>,
}

#[derive(serde::Deserialize)]
struct Clause {
    fen: String,
}

fn clause_files() -> Vec<(String, ClauseFile)> {
    let mut paths: Vec<_> = fs::read_dir("tests/clauses").expect("tests/clauses").map(|e| e.expect("readable").path()).collect();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            let text = fs::read_to_string(&p).expect("readable");
            let mut v: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            // Keep only what this test reads.
            if let Some(cs) = v.get_mut("clause").and_then(|c| c.as_array_mut()) {
                for c in cs {
                    if let Some(t) = c.as_table_mut() {
                        t.retain(|k, _| k == "fen");
                    }
                }
            }
            let file: ClauseFile = v.try_into().unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.display().to_string(), file)
        })
        .collect()
}

#[test]
fn both_engines_agree_on_random_games_of_every_variant_the_fast_path_takes() {
    let mut taken = Vec::new();
    let mut refused = Vec::new();
    for (label, rules) in variants() {
        match rules.fast_path() {
            Ok(()) => {
                let n = compare_games(&label, &rules, games(), 120);
                taken.push(format!("{label} ({n})"));
            }
            Err(why) => refused.push(format!("{label}: {why}")),
        }
    }
    eprintln!("compared on {} variants: {}\ngeneral engine only: {}", taken.len(), taken.join(", "), refused.join("; "));
    assert!(taken.len() >= 17, "the fast path takes at least the variants it took before: {taken:?}");
}

#[test]
fn both_engines_agree_on_every_clause_position() {
    let mut compared = 0;
    for (path, file) in clause_files() {
        let options: Vec<(String, String)> = file.options.into_iter().collect();
        let fast = load_variant_with(&file.variant, &options).unwrap_or_else(|e| panic!("{path}: {e}"));
        if fast.fast_path().is_err() {
            continue;
        }
        let slow = general(&fast);
        for c in &file.clause {
            let pos = match parse_fen(&fast, &c.fen) {
                Ok(p) => p,
                Err(e) => e.ignore_unreachable().unwrap_or_else(|e: FenError| panic!("{path}: {}: {e}", c.fen)),
            };
            if let Some(why) = differs(&fast, &slow, &pos, 3) {
                panic!("{path}, {}: {why}", c.fen);
            }
            compared += 1;
        }
    }
    assert!(compared > 50, "{compared} clause positions compared");
}

/// The count that once depended on the engine: the manual's recipe with the majority
/// rule for kings only. The king on e1 takes two, so the king's one-piece captures may
/// not be played; the man on a3 takes one beside it.
#[test]
fn precedence_for_some_kinds_counts_the_same_on_both_engines() {
    let rules = load_variant("docs/recipes/precedence-kinds.toml").expect("the recipe");
    let pos = parse_fen(&rules, "W:Wa3,e1:Bb4,d2,h8").expect("the FEN");
    for r in [&rules, &general(&rules)] {
        assert_eq!(perft(&mut pos.clone(), r, 1, Routes::Distinct), Ok(2), "{:?}", r.engine());
    }
    let start = Position::start(&rules);
    let (a, b) = (perft(&mut start.clone(), &rules, 5, Routes::Distinct), perft(&mut start.clone(), &general(&rules), 5, Routes::Distinct));
    // Ludii's Jekab, which uses this rule, counts 7,482 as well.
    assert_eq!((a, b), (Ok(7482), Ok(7482)));
}

/// The paragraph of `text` that holds `marker`, its lines joined by spaces.
fn paragraph(text: &str, marker: &str) -> String {
    let at = text.find(marker).unwrap_or_else(|| panic!("{marker}"));
    let start = text[..at].rfind("\n\n").map_or(0, |i| i + 2);
    let end = text[at..].find("\n\n").map_or(text.len(), |i| at + i);
    text[start..end].split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn what_the_fast_path_refuses_is_said_as_the_library_says_it() {
    use polydame::engine::FastRefusal;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |f: &str| std::fs::read_to_string(root.join(f)).expect("the docs are there");
    // The manual lists every reason, one an item, in the library's order.
    let manual = read("docs/variant-format.md");
    let at = manual.find("(`FastRefusal::ALL` in the library").expect("the manual's list");
    let items: Vec<&str> = manual[at..].lines().skip_while(|l| !l.starts_with("- ")).take_while(|l| l.starts_with("- ")).collect();
    let reasons: Vec<String> = FastRefusal::ALL.iter().map(|r| format!("- {}", r.reason())).collect();
    assert_eq!(items, reasons, "docs/variant-format.md, section 20");
    // The README names each in a few words.
    let readme = paragraph(&read("README.md"), "**Two engines, one truth.**");
    for r in FastRefusal::ALL {
        assert!(readme.contains(r.short()), "README.md does not name {:?}: {}", r, r.short());
    }
    // `show` says the library's reason for each shipped variant off the fast path, and the
    // reason is one of the list.
    let mut refused = 0;
    for (id, _) in polydame::shipped() {
        let rules = load_variant(id).expect("ships");
        let shown = rules.describe();
        match rules.fast_path() {
            Ok(()) => assert!(shown.contains("moves: the fast path ("), "{id}"),
            Err(why) => {
                refused += 1;
                assert!(FastRefusal::ALL.contains(&why), "{id}: {why:?}");
                assert!(shown.contains(&format!("moves: the general engine (not the fast path: {why})")), "{id}:\n{shown}");
            }
        }
    }
    let total = polydame::shipped().len();
    let said = format!("it takes {} of the {total} shipped variants", total - refused);
    assert!(readme.contains(&said), "the README should say {said:?}");
}
