//! Endgame tables (`polydame::egtb`) checked against solvers that share nothing with them
//! but the engine: a forward iteration over every position, found by a hash map instead of
//! the tables' index, and a plain depth-limited minimax; and the file format's round trip
//! and refusals. The known facts of endgame theory are in `egtb_facts.rs`.

use polydame::egtb::{EgtbError, Material, Probe, Tables, Wdl};
use polydame::{MoveList, Outcome, Position, Rules, Setup, Side, load_variant};
use std::collections::HashMap;

/// A value as both solvers give it: the result for the side to move and the plies.
type Value = (Wdl, u16);

/// Every position of a class, found by placing its pieces cell by cell (every choice of
/// cells for each side's pieces of each kind, either side to move) and keeping those
/// [`Position::from_setup`] accepts: nothing of the tables' index.
fn positions_of(rules: &Rules, m: &Material) -> Vec<Position> {
    let kinds = rules.spec().kinds.len() as u8;
    let groups: Vec<(Side, u8, u8)> =
        Side::BOTH.iter().flat_map(|&s| (0..kinds).map(move |k| (s, k))).map(|(s, k)| (s, k, m.count(s, k))).filter(|g| g.2 > 0).collect();
    let cells = rules.spec().geometry.len() as u16;
    let mut placed: Vec<Vec<(u16, Side, u8)>> = vec![Vec::new()];
    for &(side, kind, n) in &groups {
        let mut next = Vec::new();
        for p in &placed {
            let mut choose = |chosen: &[u16]| {
                let mut q = p.clone();
                q.extend(chosen.iter().map(|&c| (c, side, kind)));
                next.push(q);
            };
            combinations(cells, n as usize, &mut Vec::new(), 0, &mut choose);
        }
        placed = next;
    }
    let mut out = Vec::new();
    for p in placed {
        for side in Side::BOTH {
            let mut setup = Setup::new(side);
            for &(c, s, k) in &p {
                setup.put(c, s, k);
            }
            if let Ok(pos) = Position::from_setup(rules, &setup) {
                out.push(pos);
            }
        }
    }
    out
}

/// Calls `f` with every `n` cells of `0..cells`, ascending, from `from` on.
fn combinations(cells: u16, n: usize, cur: &mut Vec<u16>, from: u16, f: &mut dyn FnMut(&[u16])) {
    if cur.len() == n {
        f(cur);
        return;
    }
    for c in from..cells {
        cur.push(c);
        combinations(cells, n, cur, c + 1, f);
        cur.pop();
    }
}

/// The value of a position the rules decide, for its side to move.
fn decided(outcome: Outcome, side: Side) -> Option<Value> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Win(s, _) => Some((if s == side { Wdl::Win } else { Wdl::Loss }, 0)),
        Outcome::Draw(_) => Some((Wdl::Draw, 0)),
    }
}

/// Solves every position of `classes` by forward iteration: pass `k` finds the wins and
/// losses in exactly `k` plies from the values of the passes before; what no pass finds
/// is a draw. Positions are found by their hash.
fn forward_solve(rules: &Rules, classes: &[Material]) -> Vec<(Position, Value)> {
    let all: Vec<Position> = classes.iter().flat_map(|m| positions_of(rules, m)).collect();
    let at: HashMap<u64, usize> = all.iter().enumerate().map(|(i, p)| (p.hash(), i)).collect();
    assert_eq!(at.len(), all.len(), "two positions with one hash");
    let mut values: Vec<Option<Value>> = vec![None; all.len()];
    // Per position, its moves: (the successor's index, or its value where the game ends
    // after a pass and no table holds it; whether the same side moves again).
    let mut moves: Vec<Vec<(Result<usize, Value>, bool)>> = vec![Vec::new(); all.len()];
    let mut list = MoveList::new();
    for (i, p) in all.iter().enumerate() {
        let mut pos = p.clone();
        let outcome = pos.outcome(rules, &mut list);
        if let Some(v) = decided(outcome, pos.side_to_move()) {
            values[i] = Some(v);
            continue;
        }
        let mover = pos.side_to_move();
        for m in list.iter() {
            let undo = pos.make(rules, m);
            // A successor the rules decide has its value at once (so has one where the
            // game is over after a pass, which no class holds); the others are looked up.
            let child = match decided(pos.outcome(rules, &mut MoveList::new()), pos.side_to_move()) {
                Some(v) => Err(v),
                None => Ok(*at.get(&pos.hash()).expect("a successor outside the classes")),
            };
            moves[i].push((child, pos.side_to_move() == mover));
            pos.unmake(rules, m, undo);
        }
    }
    for k in 1u16.. {
        let mut found = Vec::new();
        for i in (0..all.len()).filter(|&i| values[i].is_none()) {
            let (mut win, mut lost) = (false, true);
            for &(c, same) in &moves[i] {
                let v = match c {
                    Ok(c) => values[c],
                    Err(v) => Some(v),
                };
                match v {
                    Some((Wdl::Loss, d)) if !same && d < k => win = true,
                    Some((Wdl::Win, d)) if same && d < k => win = true,
                    Some((Wdl::Win, d)) if !same && d < k => {}
                    Some((Wdl::Loss, d)) if same && d < k => {}
                    _ => lost = false,
                }
            }
            if win {
                found.push((i, (Wdl::Win, k)));
            } else if lost {
                found.push((i, (Wdl::Loss, k)));
            }
        }
        if found.is_empty() {
            break;
        }
        for (i, v) in found {
            values[i] = Some(v);
        }
    }
    all.into_iter().zip(values).map(|(p, v)| (p, v.unwrap_or((Wdl::Draw, 0)))).collect()
}

/// The tables of every class of at most `pieces` pieces, and every one of their positions
/// solved forward, agree on every position.
fn agrees_with_forward_iteration(variant: &str, pieces: usize) -> usize {
    let rules = load_variant(variant).unwrap();
    let tables = Tables::build(&rules, pieces, &mut |_| {}).unwrap();
    let classes: Vec<Material> = tables.classes().map(|c| c.material).collect();
    let solved = forward_solve(&rules, &classes);
    let total: u64 = tables.classes().map(|c| c.positions()).sum();
    assert_eq!(solved.len() as u64, total, "{variant}: the tables and the enumeration count different positions");
    for (pos, (wdl, plies)) in &solved {
        let probe = tables.probe(pos).unwrap_or_else(|| panic!("{variant}: {} not in the tables", polydame::fen::write_fen(&rules, pos)));
        assert_eq!(probe, Probe { wdl: *wdl, plies: *plies }, "{variant}: {}", polydame::fen::write_fen(&rules, pos));
    }
    solved.len()
}

#[test]
fn english_up_to_three_pieces_agrees_with_forward_iteration() {
    assert_eq!(agrees_with_forward_iteration("english", 3), 536_634);
}

#[test]
fn russian_up_to_three_pieces_agrees_with_forward_iteration() {
    // Flying kings; a man promoted during a capture goes on as a king.
    assert_eq!(agrees_with_forward_iteration("russian", 3), 536_634);
}

#[test]
fn odd_rules_agree_with_forward_iteration() {
    // A side that moves again after a capture (sumi-naga-game-war), a pass that loses
    // (kharbaga), promotion that wins (breakthrough), passes and end rules on conditions
    // (dablot-prejjesne), the majority rule (international).
    for (variant, pieces) in
        [("sumi-naga-game-war", 3), ("kharbaga", 2), ("breakthrough", 2), ("dablot-prejjesne", 2), ("international", 2)]
    {
        assert!(agrees_with_forward_iteration(variant, pieces) > 0, "{variant}");
    }
}

/// A plain minimax to `depth` plies over the engine: the value where a win or a loss is
/// forced within the horizon (the shortest win, the longest loss), or where the rules
/// decide the position; `None` where it is not (a draw, or a longer result).
fn minimax(rules: &Rules, pos: &mut Position, depth: u16, memo: &mut HashMap<(u64, u16), Option<Value>>) -> Option<Value> {
    if let Some(&v) = memo.get(&(pos.hash(), depth)) {
        return v;
    }
    let mut list = MoveList::new();
    let outcome = pos.outcome(rules, &mut list);
    let found = match decided(outcome, pos.side_to_move()) {
        Some(v) => Some(v),
        None if depth == 0 => None,
        None => {
            let (mut win, mut lost, mut longest) = (None::<u16>, true, 0);
            let mover = pos.side_to_move();
            for m in list.iter() {
                let undo = pos.make(rules, m);
                let same = pos.side_to_move() == mover;
                let v = minimax(rules, pos, depth - 1, memo);
                pos.unmake(rules, m, undo);
                match v {
                    Some((Wdl::Loss, d)) if !same => win = Some(win.map_or(d + 1, |w| w.min(d + 1))),
                    Some((Wdl::Win, d)) if same => win = Some(win.map_or(d + 1, |w| w.min(d + 1))),
                    Some((Wdl::Win, d)) | Some((Wdl::Loss, d)) => longest = longest.max(d + 1),
                    _ => lost = false,
                }
            }
            match win {
                Some(w) => Some((Wdl::Win, w)),
                None if lost => Some((Wdl::Loss, longest)),
                None => None,
            }
        }
    };
    memo.insert((pos.hash(), depth), found);
    found
}

/// On 300 random positions of English checkers of up to three pieces, a minimax 9 plies
/// deep finds exactly the wins and losses the tables put within 9 plies, and nothing
/// where they put a draw or a longer result.
#[test]
fn tables_agree_with_a_minimax_search() {
    const DEPTH: u16 = 9;
    let rules = load_variant("english").unwrap();
    let tables = Tables::build(&rules, 3, &mut |_| {}).unwrap();
    let mut all = Vec::new();
    for m in tables.classes().map(|c| c.material).filter(|m| m.total() >= 2) {
        tables.for_each(&rules, &m, &mut |pos, p| all.push((pos.clone(), p)));
    }
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut memo = HashMap::new();
    let mut decided_within = 0;
    for _ in 0..300 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (pos, probe) = &all[(seed % all.len() as u64) as usize];
        let found = minimax(&rules, &mut pos.clone(), DEPTH, &mut memo);
        let expected = match probe.wdl {
            // A draw is found only where the rules decide it.
            Wdl::Draw => decided(pos.clone().outcome(&rules, &mut MoveList::new()), pos.side_to_move()),
            Wdl::Win | Wdl::Loss if probe.plies <= DEPTH => Some((probe.wdl, probe.plies)),
            _ => None,
        };
        assert_eq!(found, expected, "{}", polydame::fen::write_fen(&rules, pos));
        decided_within += usize::from(found.is_some());
    }
    // Both kinds of position were met: decided within the horizon, and not.
    assert!(decided_within > 30 && decided_within < 270, "{decided_within}");
}

/// Positions per number of pieces, as the checkers literature counts them (one side to
/// move, men not on their own crowning row): J. Schaeffer et al., "Checkers Is Solved",
/// Science 317 (2007), table 1: 120, 6,972, 261,224 (and 7,092,774 for four pieces,
/// checked by `egtb_deep_english_four_pieces`).
fn english_counts(pieces: usize) -> Vec<u64> {
    let rules = load_variant("english").unwrap();
    let tables = Tables::build(&rules, pieces, &mut |_| {}).unwrap();
    let mut by_pieces = vec![0u64; pieces + 1];
    for c in tables.classes() {
        by_pieces[c.material.total()] += c.positions() / 2;
    }
    by_pieces
}

#[test]
fn english_position_counts_match_the_checkers_literature() {
    assert_eq!(english_counts(3), [1, 120, 6_972, 261_224]);
}

#[test]
#[ignore = "egtb_deep: about 10 s of building on 2 cores"]
fn egtb_deep_english_four_pieces() {
    assert_eq!(english_counts(4), [1, 120, 6_972, 261_224, 7_092_774]);
}

#[test]
#[ignore = "egtb_deep: about 40 s on 2 cores"]
fn egtb_deep_international_three_kings_agree_with_forward_iteration() {
    let rules = load_variant("international").unwrap();
    let target = Material::parse(&rules, "3 king against king").unwrap();
    let tables = Tables::build_classes(&rules, &[target], &mut |_| {}).unwrap();
    let classes: Vec<Material> = tables.classes().map(|c| c.material).collect();
    for (pos, (wdl, plies)) in forward_solve(&rules, &classes) {
        assert_eq!(tables.probe(&pos), Some(Probe { wdl, plies }), "{}", polydame::fen::write_fen(&rules, &pos));
    }
}

/// Tables saved and read back probe alike; a file of another variant, of a changed
/// variant under the same name, or damaged, is refused with why.
#[test]
fn tables_files_round_trip_and_refuse_other_rules() {
    let rules = load_variant("english").unwrap();
    let tables = Tables::build(&rules, 2, &mut |_| {}).unwrap();
    let mut bytes = Vec::new();
    tables.save(&mut bytes, &rules).unwrap();
    assert!(bytes.starts_with(b"polydame egtb 1\nvariant english\nrules "));
    let back = Tables::load(&mut &bytes[..], &rules).unwrap();
    let m = Material::parse(&rules, "king against king").unwrap();
    tables.for_each(&rules, &m, &mut |pos, p| assert_eq!(back.probe(pos), Some(p)));
    assert_eq!(back.classes().count(), tables.classes().count());
    // Another variant.
    let russian = load_variant("russian").unwrap();
    let err = Tables::load(&mut &bytes[..], &russian).err().unwrap().to_string();
    assert!(err.starts_with("the tables are of english (rules ") && err.contains("not of russian"), "{err}");
    // The same name, other rules: the fingerprint differs.
    let text = polydame::shipped_variant("english").unwrap().1.replace("repetition = 3", "repetition = 4");
    let changed = polydame::compile_text(&text, "english.toml").unwrap();
    let err = Tables::load(&mut &bytes[..], &changed).err().unwrap().to_string();
    assert!(err.contains("not of english (rules "), "{err}");
    // Damaged or cut short.
    let mut damaged = bytes.clone();
    let last = damaged.len() - 20;
    damaged[last] ^= 1;
    assert!(Tables::load(&mut &damaged[..], &rules).err().unwrap().to_string().contains("checksum"));
    let cut = &bytes[..bytes.len() - 100];
    assert!(Tables::load(&mut &cut[..], &rules).err().unwrap().to_string().contains("ends before"));
    assert!(Tables::load(&mut &b"hello\n"[..], &rules).err().unwrap().to_string().starts_with("not a polydame tables file"));
}

/// Variants whose positions hold more than their pieces and side to move are refused,
/// each reason said; a position of a class not built probes as nothing.
#[test]
fn unsupported_rules_are_refused_with_their_reasons() {
    let why = |v: &str| match Tables::build(&load_variant(v).unwrap(), 2, &mut |_| {}) {
        Err(e @ EgtbError::Unsupported(_)) => e.to_string(),
        other => panic!("{v}: {:?}", other.map(|_| ())),
    };
    assert!(why("frisian").contains("a limit on a kind's quiet moves in a row"));
    assert!(why("bashni").contains("columns"));
    assert!(why("guerrilla-checkers").contains("[drops]"));
    assert!(why("zamma").contains("huffing"));
    assert!(why("fetach").contains("played"));
    // A class too large for a table is refused before anything is built.
    let international = load_variant("international").unwrap();
    let err = polydame::egtb::Plan::up_to(&international, 7).err().unwrap().to_string();
    assert!(err.contains("against") && err.ends_with("positions, more than a table holds (4294967295)"), "{err}");
    let plan = polydame::egtb::Plan::up_to(&international, 4).unwrap();
    // 99,437,972 indices for the 98,095,772 positions: a white and a black man may share one.
    assert_eq!((plan.classes().len(), plan.indices()), (70, 99_437_972));
    let rules = load_variant("english").unwrap();
    let tables = Tables::build(&rules, 2, &mut |_| {}).unwrap();
    assert_eq!(tables.probe(&Position::start(&rules)), None);
    let err = Material::parse(&rules, "3 queen against king").err().unwrap().to_string();
    assert!(err.contains("no kind `queen`; the kinds are: man, king"), "{err}");
    let err = Tables::build_classes(&rules, &[Material::parse(&rules, "13 king against king").unwrap()], &mut |_| {}).err().unwrap();
    assert!(err.to_string().contains("more than the 12 it starts with"), "{err}");
}

/// The player given tables scores the positions they hold by them: a 2-ply search plays
/// every won position of two kings against one at its tables' distance, each move to a
/// position lost in one ply fewer, and its line is the whole win.
#[test]
fn the_player_probes_the_tables() {
    let rules = load_variant("english").unwrap();
    let m = Material::parse(&rules, "2 king against king").unwrap();
    let tables = std::sync::Arc::new(Tables::build_classes(&rules, &[m], &mut |_| {}).unwrap());
    let player = polydame::Player::new(&rules).with_tables(tables.clone());
    let mut checked = 0;
    tables.for_each(&rules, &m, &mut |pos, p| {
        if pos.side_to_move() != Side::White || p.wdl != Wdl::Win || checked >= 200 {
            return;
        }
        let best = player.best(pos, polydame::Limits::depth(2)).unwrap();
        assert_eq!(best.forced(), Some(u32::from(p.plies)), "{}", polydame::fen::write_fen(&rules, pos));
        // The line runs on by the tables to the end of the game.
        assert_eq!(best.pv.len(), usize::from(p.plies), "{}", polydame::fen::write_fen(&rules, pos));
        let mut after = pos.clone();
        let mv = best.best.unwrap();
        let mut list = MoveList::new();
        after.generate(&rules, &mut list, polydame::Routes::Distinct);
        let m = list.iter().find(|m| m.info() == mv).unwrap();
        after.make(&rules, m);
        assert_eq!(tables.probe(&after), Some(Probe { wdl: Wdl::Loss, plies: p.plies - 1 }));
        checked += 1;
    });
    assert_eq!(checked, 200);
}
