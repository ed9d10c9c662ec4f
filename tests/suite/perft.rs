//! Perft against published and independently measured numbers.
//!
//! Each file in `tests/perft/` names a variant (with `option NAME=CHOICE` lines after it
//! for a variant's options), optionally FEN positions, and lines
//! `perft DEPTH NODES` (distinct moves), `paths DEPTH NODES` (every capture route, a
//! flying king going on straight being one route) or `landings DEPTH NODES` (every
//! sequence of landing cells),
//! with comments naming the source of every number. A line `unreachable WHY` after a
//! `fen` line takes a position that no game of the variant reaches (the FEN reader refuses
//! it otherwise), saying why it is counted all the same. The default run checks the counts up
//! to `NODE_LIMIT` nodes; `cargo test --release -- --ignored` checks them all.

use polydame::fen::parse_fen;
use polydame::{Position, Routes, load_variant_with, perft_parallel};
use std::fs;

const NODE_LIMIT: u64 = 2_000_000;

struct Case {
    file: String,
    line: usize,
    variant: String,
    /// Options chosen (`option NAME=CHOICE` lines after `variant`).
    options: Vec<(String, String)>,
    fen: Option<String>,
    /// The FEN is of a position no game reaches, taken on purpose.
    unreachable: bool,
    depth: u32,
    nodes: u64,
    counting: Routes,
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let mut files: Vec<_> = fs::read_dir("tests/perft").expect("tests/perft exists").map(|e| e.expect("readable").path()).collect();
    files.sort();
    for path in files {
        let text = fs::read_to_string(&path).expect("readable");
        let file = path.display().to_string();
        let mut variant = None;
        let mut options = Vec::new();
        let mut fen = None;
        let mut unreachable = false;
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            match words.next() {
                None => {}
                Some("variant") => {
                    variant = words.next().map(str::to_string);
                    options.clear();
                    fen = None;
                    unreachable = false;
                }
                Some("option") => {
                    let pair = words.next().and_then(|w| w.split_once('='));
                    let (name, choice) = pair.unwrap_or_else(|| panic!("{file}:{}: `option NAME=CHOICE`", i + 1));
                    options.push((name.to_string(), choice.to_string()));
                }
                Some("fen") => {
                    fen = Some(words.collect::<Vec<_>>().join(" ")).filter(|f| !f.is_empty() && f != "start");
                    unreachable = false;
                }
                Some("unreachable") => {
                    assert!(fen.is_some() && words.next().is_some(), "{file}:{}: `unreachable WHY` follows a `fen` line", i + 1);
                    unreachable = true;
                }
                Some(kw @ ("perft" | "paths" | "landings")) => {
                    let depth = words.next().and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("{file}:{}: depth", i + 1));
                    let nodes = words.next().and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("{file}:{}: nodes", i + 1));
                    out.push(Case {
                        file: file.clone(),
                        line: i + 1,
                        variant: variant.clone().unwrap_or_else(|| panic!("{file}: `variant` first")),
                        options: options.clone(),
                        fen: fen.clone(),
                        unreachable,
                        depth,
                        nodes,
                        counting: match kw {
                            "perft" => Routes::Distinct,
                            "paths" => Routes::Paths,
                            _ => Routes::Landings,
                        },
                    });
                }
                Some(other) => panic!("{file}:{}: unknown line `{other}`", i + 1),
            }
        }
    }
    out
}

fn run(filter: impl Fn(&Case) -> bool) {
    let mut failures = Vec::new();
    let mut checked = 0;
    for c in cases().iter().filter(|c| filter(c)) {
        let rules = load_variant_with(&c.variant, &c.options).unwrap_or_else(|e| panic!("{}:{}: {e}", c.file, c.line));
        let mut pos = match &c.fen {
            Some(f) => match parse_fen(&rules, f) {
                Err(e) if c.unreachable => e.ignore_unreachable(),
                Ok(_) if c.unreachable => panic!("{}:{}: the position is reachable: drop `unreachable`", c.file, c.line),
                read => read,
            }
            .unwrap_or_else(|e| panic!("{}:{}: {e}", c.file, c.line)),
            None => Position::start(&rules),
        };
        let got = perft_parallel(&mut pos, &rules, c.depth, c.counting, 2);
        checked += 1;
        if got != Ok(c.nodes) {
            failures.push(format!(
                "{}:{}: {} depth {} {:?}: expected {}, got {:?}",
                c.file, c.line, c.variant, c.depth, c.counting, c.nodes, got
            ));
        }
    }
    assert!(checked > 0, "no perft case ran");
    assert!(failures.is_empty(), "{} of {checked} perft counts differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn perft_up_to_node_limit() {
    run(|c| c.nodes <= NODE_LIMIT);
}

#[test]
#[ignore = "deep counts: run with cargo test --release -- --ignored"]
fn perft_deep() {
    run(|c| c.nodes > NODE_LIMIT);
}
