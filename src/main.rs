fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rules = match polydame::load_variant(&args[1]) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1)
        }
    };
    let depth: u32 = args[2].parse().unwrap();
    let mut pos = polydame::Position::start(&rules);
    let t = std::time::Instant::now();
    let n = polydame::perft(&mut pos, &rules, depth, polydame::Counting::Distinct);
    println!("{n} {:?}", t.elapsed());
}
