//! `polydame convert`: game records written again canonically (see
//! [`polydame::pdn::rewrite`]), every game of the files in order. A game that cannot be
//! rewritten (an illegal move, a variant not known) is written as it was read, and said
//! on standard error: nothing given is lost.

use super::{Done, Failure, OptionArgs};
use polydame::notation::Notations;
use polydame::pdn::Registry;
use polydame::pdn::{parse_game, rewrite};
use std::io::Write;

/// What to convert, and where to.
pub struct Job<'a> {
    pub files: &'a [String],
    /// The variant of every game (otherwise each game's tags decide).
    pub variant: Option<&'a str>,
    pub options: &'a OptionArgs,
    /// The file to write (standard output when `None`).
    pub out: Option<&'a str>,
}

/// Converts every game of the files; exit status 1 when a game is kept as written or a
/// file cannot be read.
pub fn run(job: Job) -> Done {
    let fixed = job.variant.map(|v| job.options.load(v)).transpose()?;
    let registry = Registry::new(polydame::shipped_rules());
    let fixed = fixed.as_ref().map(Notations::new);
    let mut sink: Box<dyn Write> = match job.out {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| Failure { message: format!("{path}: cannot be written: {e}"), code: 1 })?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let (mut games, mut kept, mut unread) = (0usize, 0usize, 0usize);
    for file in job.files {
        let reader = match super::archive::open(file) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{file}: cannot be read: {e}");
                unread += 1;
                continue;
            }
        };
        // The same reason for the next games of a file is said once, with how many.
        let mut said: Option<(String, usize)> = None;
        for (index, text) in polydame::pdn::pdn_games(reader).enumerate() {
            let text = match text {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("{file}: cannot be read on after game {index}: {e}");
                    unread += 1;
                    break;
                }
            };
            games += 1;
            let game = parse_game(&text);
            let written =
                registry.of(&game, fixed.as_ref()).map_err(|(_, why)| why).and_then(|n| rewrite(n, &game).map_err(|e| e.to_string()));
            let pdn = match written {
                Ok(pdn) => pdn,
                Err(why) => {
                    kept += 1;
                    match &mut said {
                        Some((before, more)) if *before == why => *more += 1,
                        _ => {
                            say_more(file, said.take());
                            eprintln!("{file}:{}: game {}: kept as written: {why}", text.line, index + 1);
                            said = Some((why, 0));
                        }
                    }
                    format!("{}\n", text.text.trim_end())
                }
            };
            let fail = |e: std::io::Error| Failure { message: format!("the output cannot be written: {e}"), code: 1 };
            sink.write_all(pdn.as_bytes()).map_err(fail)?;
            sink.write_all(b"\n").map_err(fail)?;
        }
        say_more(file, said);
    }
    sink.flush().map_err(|e| Failure { message: format!("the output cannot be written: {e}"), code: 1 })?;
    eprintln!("{games} game{}: {} written again, {kept} kept as written", if games == 1 { "" } else { "s" }, games - kept);
    if kept > 0 || unread > 0 {
        return Err(Failure { message: String::new(), code: 1 });
    }
    Ok(())
}

/// How many more games of `file` were kept as written for the reason said last.
fn say_more(file: &str, said: Option<(String, usize)>) {
    if let Some((_, more @ 1..)) = said {
        eprintln!("{file}: {more} more game{} kept as written for the same reason", if more == 1 { "" } else { "s" });
    }
}
