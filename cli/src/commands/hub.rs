//! `polydame hub`: the Hub protocol engine (the polydame-hub crate) on standard input and
//! output, loading variants with the command's `--option`, `--capture-budget` and
//! `--movegen`.

use super::{Done, OptionArgs, Out, invalid};

/// Serves a GUI until `quit` or the end of standard input, starting with `variant` (a Hub
/// name, a shipped id or a file; Hub's `normal` by default).
pub fn run(variant: Option<&str>, options: &OptionArgs, out: &mut Out) -> Done {
    let load = |v: &str| options.load(v).map_err(|f| f.message);
    // Standard input is read on a thread of its own, which its lock cannot go to.
    let input = std::io::BufReader::new(std::io::stdin());
    polydame_hub::serve(variant.unwrap_or(polydame_hub::DEFAULT_VARIANT), load, input, out).map_err(|e| invalid(format!("error: {e}")))
}
