//! `polydame validate`: every game of PDN files replayed, in parallel, streaming.

use crate::{invalid, Failure};
use indicatif::{ProgressBar, ProgressStyle};
use polydame::record::pdn::{games, parse_game, Game};
use polydame::{compile_text, replay, shipped, Rules, Verdict};
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

/// The shipped variants by PDN GameType.
struct Registry {
    rules: Vec<Rules>,
}

impl Registry {
    fn new() -> Result<Registry, Failure> {
        let mut rules = Vec::new();
        for (stem, text) in shipped() {
            rules.push(compile_text(text, &format!("variants/{stem}.toml")).map_err(invalid)?);
        }
        Ok(Registry { rules })
    }

    /// A shipped variant by id or alias (polydame's own `Variant` tag).
    fn by_id(&self, name: &str) -> Option<&Rules> {
        let n = name.trim();
        self.rules.iter().find(|r| r.id().eq_ignore_ascii_case(n) || r.spec().aliases.iter().any(|a| a.eq_ignore_ascii_case(n)))
    }

    /// The variant a GameType value names: the full value if a variant lists it, else its
    /// leading number.
    fn find(&self, gametype: &str) -> Option<&Rules> {
        let g = gametype.trim();
        if let Some(r) = self.rules.iter().find(|r| r.spec().gametypes.iter().any(|t| t == g)) {
            return Some(r);
        }
        let num = g.split(',').next().unwrap_or("").trim();
        self.rules.iter().find(|r| r.spec().gametypes.iter().any(|t| t.split(',').next().unwrap_or("").trim() == num))
    }
}

struct Checked {
    game: Game,
    index: usize,
    variant: Option<String>,
    verdict: Result<Verdict, String>,
}

fn check(game: Game, index: usize, fixed: Option<&Rules>, registry: &Registry) -> Checked {
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
    let rules = match fixed {
        Some(r) => Ok(r),
        None => match (game.tag("GameType"), game.tag("Variant")) {
            (_, Some(v)) if registry.by_id(v).is_some() => Ok(registry.by_id(v).expect("just found")),
            (Some(t), _) => registry.find(t).ok_or_else(|| format!("no shipped variant has GameType {t}; give --variant")),
            (None, _) => Err("the game has no GameType tag; give --variant".to_string()),
        },
    };
    let variant = rules.as_ref().ok().map(|r| r.id().to_string());
    let verdict = rules.map(|r| replay(r, &game));
    Checked { game, index, variant, verdict }
}

fn tags(g: &Game) -> (String, String) {
    let white = g.tag("White").or_else(|| g.tag("Bianco")).unwrap_or("?").to_string();
    let black = g.tag("Black").or_else(|| g.tag("Nero")).unwrap_or("?").to_string();
    (white, black)
}

/// Validates every game of `files`; prints one line per bad game (or one JSON object per
/// game) and a summary.
pub fn run(files: &[String], fixed: Option<&Rules>, json_out: bool, say: &mut dyn FnMut(String)) -> Result<Summary, Failure> {
    let registry = Registry::new()?;
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
            let done: Vec<Checked> = batch.into_par_iter().map(|(i, text)| check(parse_game(&text), i, fixed, &registry)).collect();
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
                    Ok(v) => {
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
                                o["error"] = json!({"ply": e.ply, "move": e.text, "line": e.line, "column": e.column, "reason": e.reason});
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
        say(format!(
            "{} game{}: {} legal, {} with an illegal or unreadable move, {} with warnings",
            summary.games,
            if summary.games == 1 { "" } else { "s" },
            summary.valid,
            summary.invalid,
            summary.warned
        ));
    }
    Ok(summary)
}
