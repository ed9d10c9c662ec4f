//! Rule-clause tests: one small position per rule clause, with its exact legal moves.
//!
//! Each file in `tests/clauses/` is TOML: `variant = "..."`, optionally `options = { NAME =
//! "CHOICE" }`, and `[[clause]]` tables with
//! `name`, `rule` (the clause and where it comes from), `fen`, and `moves`: every legal
//! move as its full path (`32-28`, `28x19x10`), counting every capture route, followed
//! by the pieces it takes (`c3-b4<b4,e3>`) when it removes some by huffing. `distinct`,
//! when given, is the number of moves once routes with the same origin, destination and
//! captured pieces are merged. `unreachable`, when given, says why no game reaches the
//! position (a bystander on its own promotion cells, say): the position is then taken as
//! it is, and must indeed be one the FEN reader refuses as unreachable. `after`, when
//! given, maps some of the moves (full paths) to the FEN of the position each leads to
//! (what a move does to columns, say).

use polydame::fen::{parse_fen, write_fen};
use polydame::notation::{full_path, full_text};
use polydame::{MoveList, Routes, load_variant_with};
use serde::Deserialize;
use std::fs;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    variant: String,
    /// The variant's options chosen, as `--option NAME=CHOICE`.
    #[serde(default)]
    options: std::collections::BTreeMap<String, String>,
    clause: Vec<Clause>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Clause {
    name: String,
    rule: String,
    fen: String,
    moves: Vec<String>,
    #[serde(default)]
    distinct: Option<usize>,
    #[serde(default)]
    unreachable: Option<String>,
    #[serde(default)]
    after: std::collections::BTreeMap<String, String>,
}

#[test]
fn every_clause_has_exactly_its_moves() {
    let mut files: Vec<_> = fs::read_dir("tests/clauses").expect("tests/clauses exists").map(|e| e.expect("readable").path()).collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
        let text = fs::read_to_string(path).expect("readable");
        let file: File = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let options: Vec<(String, String)> = file.options.clone().into_iter().collect();
        let rules = load_variant_with(&file.variant, &options).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for c in &file.clause {
            count += 1;
            let where_ = format!("{} [{}] ({})", path.display(), c.name, c.rule);
            let read = match (parse_fen(&rules, &c.fen), &c.unreachable) {
                (Ok(_), Some(_)) => Err("the position is reachable: drop `unreachable`".to_string()),
                (Ok(p), None) => Ok(p),
                (Err(e), Some(_)) => e.ignore_unreachable().map_err(|e| e.to_string()),
                (Err(e), None) => Err(e.to_string()),
            };
            let mut pos = match read {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{where_}: {e}"));
                    continue;
                }
            };
            let mut list = MoveList::new();
            pos.generate(&rules, &mut list, Routes::Landings);
            let text = |i: usize| written(&rules, &list.info(i));
            let mut got: Vec<String> = (0..list.len()).map(text).collect();
            got.sort();
            let mut want = c.moves.clone();
            want.sort();
            if got != want {
                let missing: Vec<&String> = want.iter().filter(|w| !got.contains(w)).collect();
                let extra: Vec<&String> = got.iter().filter(|g| !want.contains(g)).collect();
                failures.push(format!("{where_}:\n  missing {missing:?}\n  extra   {extra:?}"));
            }
            for (path, fen) in &c.after {
                match (0..list.len()).find(|&i| text(i) == *path) {
                    None => failures.push(format!("{where_}: `after` names {path}, not a legal move")),
                    Some(i) => {
                        let undo = pos.make(&rules, list.get(i));
                        let got = write_fen(&rules, &pos);
                        if got != *fen {
                            failures.push(format!("{where_}: after {path}\n  expected {fen}\n  got      {got}"));
                        }
                        pos.unmake(&rules, list.get(i), undo);
                    }
                }
            }
            if let Some(n) = c.distinct {
                pos.generate(&rules, &mut list, Routes::Distinct);
                if list.len() != n {
                    failures.push(format!("{where_}: {n} distinct moves expected, got {}", list.len()));
                }
            }
        }
    }
    assert!(count > 0, "no clause ran");
    assert!(failures.is_empty(), "{} of {count} clauses fail:\n{}", failures.len(), failures.join("\n"));
}

/// A move as a clause lists it: its full path, and the pieces it takes (`<b4,e3>`) when it
/// removes some by huffing or takes some by placing pieces (`@k11@k13<j10>`).
fn written(rules: &polydame::Rules, m: &polydame::MoveInfo) -> String {
    if m.removed.is_empty() && !m.drop { full_path(rules, m) } else { full_text(rules, m) }
}
