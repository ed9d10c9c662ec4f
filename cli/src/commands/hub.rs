//! `polydame hub`: the Hub protocol engine (the polydame-hub crate) on standard input and
//! output, loading variants with the command's `--option`, `--capture-budget` and
//! `--movegen`.

use super::{Done, OptionArgs, Out, invalid};

/// Serves a GUI until `quit` or the end of standard input, starting with `variant` (a Hub
/// name, a shipped id or a file; Hub's `normal` by default).
pub fn run(variant: Option<&str>, options: &OptionArgs, out: &mut Out) -> Done {
    let load = |v: &str| {
        not_a_stream(v)?;
        options.load(v).map_err(|f| f.message)
    };
    // Standard input is read on a thread of its own, which its lock cannot go to.
    let input = std::io::BufReader::new(std::io::stdin());
    polydame_hub::serve(variant.unwrap_or(polydame_hub::DEFAULT_VARIANT), load, input, out).map_err(|e| invalid(format!("error: {e}")))
}

/// Refuses a variant named by a path to a pipe or a device (`/dev/stdin`, a FIFO): reading
/// it could keep the session waiting for ever, or take the GUI's own lines. A variant is a
/// file (or a shipped id, or a folder's name that is also one).
fn not_a_stream(v: &str) -> Result<(), String> {
    match std::fs::metadata(v) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => Err(format!("{v} is not a file: a variant is read from a .toml file")),
        _ => Ok(()),
    }
}
