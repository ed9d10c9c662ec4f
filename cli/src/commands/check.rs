//! `polydame check`: compiles a variant file, and every choice of its options.

use super::{Done, OptionArgs, Out, invalid};
use polydame::compile_text;

/// Compiles a variant file; reports its errors with line and column, and then every option
/// choice that does not compile.
pub fn run(file: &str, out: &mut Out) -> Done {
    let text = std::fs::read_to_string(file).map_err(|e| invalid(format!("cannot read {file}: {e}")))?;
    let rules = compile_text(&text, file).map_err(invalid)?;
    let s = rules.spec();
    let kinds = if s.kinds.len() == 1 { "1 piece kind".to_string() } else { format!("{} piece kinds", s.kinds.len()) };
    out.say(format!("ok: {} ({}), {} cells, {kinds}", s.id, s.name, s.geometry.len()));
    let mut bad = 0;
    for o in &s.options {
        for c in &o.choices {
            let chosen = OptionArgs {
                options: vec![(o.name.clone(), c.clone())],
                capture_budget: polydame::engine::DEFAULT_CAPTURE_BUDGET,
                movegen: None,
            };
            match chosen.load(file) {
                Ok(_) => out.say(format!("ok: option {}={}", o.name, c)),
                Err(f) => {
                    bad += 1;
                    eprintln!("{}", f.message);
                }
            }
        }
    }
    if bad > 0 {
        return Err(invalid(format!("{bad} option choice(s) of {file} do not compile")));
    }
    Ok(())
}
