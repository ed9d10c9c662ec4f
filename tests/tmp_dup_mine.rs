// TEMPORARY (not to be committed): find nodes where paths > distinct.
use polydame::{full_path, load_variant, write_fen, MoveList, Position, Rules};
use std::collections::HashMap;
fn walk(pos: &mut Position, rules: &Rules, depth: u32, out: &mut HashMap<String, (usize, Vec<String>)>, diff: &mut u64) {
    let mut list = MoveList::new();
    if depth == 0 {
        pos.generate(rules, &mut list, true);
        let p = list.len();
        let paths: Vec<String> = (0..p).map(|i| full_path(rules, &list.info(i))).collect();
        pos.generate(rules, &mut list, false);
        let d = list.len();
        if p != d {
            *diff += (p - d) as u64;
            let e = out.entry(write_fen(rules, pos)).or_insert((0, paths));
            e.0 += 1;
        }
        return;
    }
    pos.generate(rules, &mut list, false);
    for m in list.moves().to_vec() {
        let u = pos.make(rules, &list, &m);
        walk(pos, rules, depth - 1, out, diff);
        pos.unmake(rules, &list, &m, u);
    }
}
#[test]
fn tmp_dup() {
    let v = std::env::var("V").unwrap();
    let d: u32 = std::env::var("D").unwrap().parse().unwrap();
    let rules = load_variant(&v).unwrap();
    let mut pos = Position::start(&rules);
    let mut out = HashMap::new();
    let mut diff = 0;
    walk(&mut pos, &rules, d, &mut out, &mut diff);
    eprintln!("total extra paths at ply {} leaves: {}  positions {}", d, diff, out.len());
    let mut v: Vec<_> = out.into_iter().collect();
    v.sort();
    for (fen, (n, paths)) in v.iter() {
        eprintln!("{n}x {fen}\n   {}", paths.join(" "));
    }
}
