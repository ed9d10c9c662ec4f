//! `polydame validate`: every game of PDN files replayed, in parallel, streaming.

use crate::{invalid, Failure};
use indicatif::{ProgressBar, ProgressStyle};
use polydame::record::pdn::{games, parse_game, PdnGame as Game};
use polydame::record::Notations;
use polydame::{compile_text, replay_with, shipped, Rules, Verdict};
use rayon::prelude::*;
use serde_json::json;
use std::io::{BufReader, IsTerminal};

/// Counts over all files.
#[derive(Default)]
pub struct Summary {
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    pub warned: usize,
}

/// The shipped variants by PDN GameType, each with its notations kept across games.
struct Registry<'a> {
    variants: Vec<Notations<'a>>,
}

/// Every shipped variant, compiled.
fn compile_shipped() -> Result<Vec<Rules>, Failure> {
    shipped().iter().map(|(stem, text)| compile_text(text, &format!("variants/{stem}.toml")).map_err(invalid)).collect()
}

impl<'a> Registry<'a> {
    fn new(rules: &'a [Rules]) -> Registry<'a> {
        Registry { variants: rules.iter().map(Notations::new).collect() }
    }

    /// A shipped variant by id or alias (polydame's own `Variant` tag).
    fn by_id(&self, name: &str) -> Option<&Notations<'a>> {
        let n = name.trim();
        self.variants
            .iter()
            .find(|v| v.rules().id().eq_ignore_ascii_case(n) || v.rules().spec().aliases.iter().any(|a| a.eq_ignore_ascii_case(n)))
    }

    /// The variant a GameType value names: the full value if a variant lists it, else its
    /// leading number.
    fn find(&self, gametype: &str) -> Option<&Notations<'a>> {
        let g = gametype.trim();
        if let Some(v) = self.variants.iter().find(|v| v.rules().spec().gametypes.iter().any(|t| t == g)) {
            return Some(v);
        }
        let num = g.split(',').next().unwrap_or("").trim();
        self.variants.iter().find(|v| v.rules().spec().gametypes.iter().any(|t| t.split(',').next().unwrap_or("").trim() == num))
    }
}

struct Checked {
    game: Game,
    index: usize,
    variant: Option<String>,
    /// Why the game could not be checked, or its verdict (`None` when only read).
    verdict: Result<Option<Verdict>, String>,
}

fn check(game: Game, index: usize, fixed: Option<&Notations>, registry: &Registry, parse_only: bool) -> Checked {
    if game.tags.is_empty() && game.moves.is_empty() {
        if let Some(o) = game.oddities.first() {
            let why = format!(
                "this is not a PDN game: no tags, no moves, unreadable text `{}` at line {}, column {}",
                o.text.trim(),
                o.line,
                o.column
            );
            return Checked { game, index, variant: None, verdict: Err(why) };
        }
    }
    if parse_only {
        return Checked { game, index, variant: None, verdict: Ok(None) };
    }
    let notations = match fixed {
        Some(n) => Ok(n),
        None => match (game.tag("GameType"), game.tag("Variant")) {
            (_, Some(v)) if registry.by_id(v).is_some() => Ok(registry.by_id(v).expect("just found")),
            (Some(t), _) => registry.find(t).ok_or_else(|| format!("no shipped variant has GameType {t}; give --variant")),
            (None, _) => Err("the game has no GameType tag; give --variant".to_string()),
        },
    };
    let variant = notations.as_ref().ok().map(|n| n.rules().id().to_string());
    let verdict = notations.map(|n| Some(replay_with(n, &game)));
    Checked { game, index, variant, verdict }
}

fn tags(g: &Game) -> (String, String) {
    let white = g.tag("White").or_else(|| g.tag("Bianco")).unwrap_or("?").to_string();
    let black = g.tag("Black").or_else(|| g.tag("Nero")).unwrap_or("?").to_string();
    (white, black)
}

/// Validates every game of `files` (or with `parse_only` only reads them); prints one line
/// per bad game (or one JSON object per game) and a summary with the time taken.
pub fn run(
    files: &[String],
    fixed: Option<&Rules>,
    json_out: bool,
    parse_only: bool,
    say: &mut dyn FnMut(String),
) -> Result<Summary, Failure> {
    let shipped = compile_shipped()?;
    let registry = Registry::new(&shipped);
    let fixed = fixed.map(Notations::new);
    let fixed = fixed.as_ref();
    let start = std::time::Instant::now();
    let mut summary = Summary::default();
    let terminal = std::io::stderr().is_terminal() && !json_out;
    for file in files {
        let f = std::fs::File::open(file).map_err(|e| invalid(format!("cannot read {file}: {e}")))?;
        let size = f.metadata().map(|m| m.len()).unwrap_or(0);
        let bar = if terminal {
            let b = ProgressBar::new(size);
            b.set_style(
                ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} {elapsed}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            b.set_message(file.clone());
            Some(b)
        } else {
            None
        };
        let mut stream = games(BufReader::new(f));
        let mut index = 0;
        loop {
            // Batches keep memory bounded while the games of a batch run in parallel.
            let mut batch = Vec::with_capacity(256);
            for g in stream.by_ref() {
                let g = g.map_err(|e| invalid(format!("cannot read {file}: {e}")))?;
                index += 1;
                batch.push((index, g));
                if batch.len() == 256 {
                    break;
                }
            }
            if batch.is_empty() {
                break;
            }
            let done: Vec<Checked> =
                batch.into_par_iter().map(|(i, text)| check(parse_game(&text), i, fixed, &registry, parse_only)).collect();
            for c in done {
                summary.games += 1;
                let (white, black) = tags(&c.game);
                let about = {
                    let mut parts = vec![format!("{white} - {black}")];
                    for t in ["Event", "Round"] {
                        if let Some(v) = c.game.tag(t).filter(|v| !v.is_empty() && *v != "?") {
                            parts.push(v.to_string());
                        }
                    }
                    parts.join(", ")
                };
                match &c.verdict {
                    Err(why) => {
                        summary.invalid += 1;
                        if json_out {
                            say(json!({"file": file, "game": c.index, "white": white, "black": black, "plies": 0, "valid": false,
                                "error": {"ply": 0, "move": "", "line": c.game.line, "column": 1, "reason": why}})
                            .to_string());
                        } else {
                            say(format!("{file}:{}:1: game {} ({about}): {why}", c.game.line, c.index));
                        }
                    }
                    Ok(None) => {
                        summary.valid += 1;
                        if json_out {
                            say(json!({"file": file, "game": c.index, "white": white, "black": black, "moves": c.game.moves.len(), "readable": true})
                                .to_string());
                        }
                    }
                    Ok(Some(v)) => {
                        if v.error.is_some() {
                            summary.invalid += 1;
                        } else {
                            summary.valid += 1;
                        }
                        if !v.warnings.is_empty() {
                            summary.warned += 1;
                        }
                        if json_out {
                            let mut o = json!({"file": file, "game": c.index, "white": white, "black": black, "plies": v.plies, "valid": v.error.is_none(),
                                "variant": c.variant, "notation": v.notation});
                            if let Some(e) = &v.error {
                                o["error"] = json!({"ply": e.ply, "move": e.text, "line": e.line, "column": e.column, "reason": e.reason.to_string(), "code": e.reason.code()});
                            }
                            if !v.warnings.is_empty() {
                                o["warnings"] = json!(v.warnings);
                            }
                            say(o.to_string());
                        } else if let Some(e) = &v.error {
                            let number = e.ply.div_ceil(2);
                            say(format!(
                                "{file}:{}:{}: game {} ({about}): move {number} (ply {}) `{}`: {}",
                                e.line, e.column, c.index, e.ply, e.text, e.reason
                            ));
                        } else {
                            for w in &v.warnings {
                                say(format!("{file}:{}:1: game {} ({about}): warning: {w}", c.game.line, c.index));
                            }
                        }
                    }
                }
            }
            if let Some(b) = &bar {
                b.set_position(stream.bytes_read().min(size));
            }
        }
        if let Some(b) = bar {
            b.finish_and_clear();
        }
    }
    if !json_out {
        let secs = start.elapsed().as_secs_f64();
        let games = format!("{} game{}", summary.games, if summary.games == 1 { "" } else { "s" });
        let counts = if parse_only {
            format!("{games} read, {} not PDN", summary.invalid)
        } else {
            format!(
                "{games}: {} legal, {} with an illegal or unreadable move, {} with warnings",
                summary.valid, summary.invalid, summary.warned
            )
        };
        say(format!("{counts} ({secs:.2} s, {:.0} games/s)", summary.games as f64 / secs.max(1e-9)));
    }
    Ok(summary)
}
