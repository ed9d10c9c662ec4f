// TEMPORARY (not to be committed): run chosen perft depths. PD="variant:depth:distinct|paths,..."
use polydame::{load_variant, perft_parallel, Counting, Position};
use std::time::Instant;
#[test]
fn tmp_deep() {
    let spec = std::env::var("PD").unwrap_or_default();
    for item in spec.split(',').filter(|s| !s.is_empty()) {
        let p: Vec<&str> = item.split(':').collect();
        let rules = load_variant(p[0]).unwrap();
        let mut pos = Position::start(&rules);
        let c = if p[2] == "paths" { Counting::Paths } else { Counting::Distinct };
        let t = Instant::now();
        let n = perft_parallel(&mut pos, &rules, p[1].parse().unwrap(), c, 2);
        eprintln!("{} depth {} {}: {} ({:.1}s)", p[0], p[1], p[2], n, t.elapsed().as_secs_f64());
    }
}
