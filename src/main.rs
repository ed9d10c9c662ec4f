//! The `polydame` command line.

use clap::{Parser, Subcommand};
use polydame::{
    compile_text, divide, dump, full_path, load_variant_with, move_text, parse_fen, perft_parallel, shipped, write_fen, MoveInfo, MoveList,
    Position, Rules,
};
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

mod validate;

#[derive(Parser)]
#[command(name = "polydame", version, about = "Plays the rules of any checkers/draughts variant from a description file")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the shipped variants.
    Variants {
        #[arg(long)]
        json: bool,
    },
    /// Show a variant's rules in words and its board.
    Show {
        /// A shipped variant id or a path to a .toml file.
        variant: String,
        /// Show this position instead of the start.
        #[arg(long)]
        fen: Option<String>,
        /// Choose a variant option: NAME=CHOICE (repeatable).
        #[arg(long = "option", value_name = "NAME=CHOICE", value_parser = option_pair)]
        options: Vec<(String, String)>,
    },
    /// Compile a variant file and report its errors with line and column.
    Check {
        /// The .toml file.
        file: String,
    },
    /// List the legal moves of a position.
    Moves {
        variant: String,
        #[arg(long, conflicts_with = "fen_file")]
        fen: Option<String>,
        /// A file with one FEN per line.
        #[arg(long)]
        fen_file: Option<String>,
        /// Every capture route instead of distinct moves.
        #[arg(long)]
        paths: bool,
        #[arg(long)]
        json: bool,
        /// Choose a variant option: NAME=CHOICE (repeatable).
        #[arg(long = "option", value_name = "NAME=CHOICE", value_parser = option_pair)]
        options: Vec<(String, String)>,
    },
    /// Check every move of every game in PDN files.
    Validate {
        /// PDN files.
        #[arg(required = true)]
        files: Vec<String>,
        /// The variant of every game (otherwise each game's GameType tag decides).
        #[arg(long)]
        variant: Option<String>,
        /// One JSON object per game.
        #[arg(long)]
        json: bool,
        /// Only read the games (PDN syntax, tags, move texts) without replaying them.
        #[arg(long)]
        parse_only: bool,
        /// Choose a variant option: NAME=CHOICE (repeatable).
        #[arg(long = "option", value_name = "NAME=CHOICE", value_parser = option_pair)]
        options: Vec<(String, String)>,
    },
    /// Print a random legal game as PDN.
    RandomGame {
        variant: String,
        /// Seed of the random choices (the same seed gives the same game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Most half-moves.
        #[arg(long, default_value_t = 300)]
        plies: usize,
        /// Choose a variant option: NAME=CHOICE (repeatable).
        #[arg(long = "option", value_name = "NAME=CHOICE", value_parser = option_pair)]
        options: Vec<(String, String)>,
    },
    /// Count the leaves of the legal-move tree.
    Perft {
        variant: String,
        depth: u32,
        #[arg(long)]
        fen: Option<String>,
        /// Counts per root move.
        #[arg(long)]
        divide: bool,
        /// Threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// Count every capture route instead of distinct moves (a flying king going on
        /// straight makes one route: the convention of dctl, Ludii and Dagaz).
        #[arg(long, conflicts_with = "landings")]
        paths: bool,
        /// Count every sequence of landing cells (each stop of a flying king going on
        /// straight is its own route: the convention of kish and pydraughts).
        #[arg(long)]
        landings: bool,
        #[arg(long)]
        json: bool,
        /// Choose a variant option: NAME=CHOICE (repeatable).
        #[arg(long = "option", value_name = "NAME=CHOICE", value_parser = option_pair)]
        options: Vec<(String, String)>,
    },
}

/// A failure: the message goes to stderr, the code is the exit status.
struct Failure(String, u8);

fn invalid(msg: impl ToString) -> Failure {
    Failure(msg.to_string(), 1)
}

/// `NAME=CHOICE` of `--option`.
fn option_pair(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected NAME=CHOICE, e.g. halt=killer, not `{s}`")),
    }
}

fn load(variant: &str, options: &[(String, String)]) -> Result<Rules, Failure> {
    load_variant_with(variant, options).map_err(invalid)
}

fn position(rules: &Rules, fen: &Option<String>) -> Result<Position, Failure> {
    match fen {
        Some(f) => parse_fen(rules, f).map_err(invalid),
        None => Ok(Position::start(rules)),
    }
}

fn board(rules: &Rules, pos: &Position) -> String {
    rules.spec().geometry.diagram(|c| match pos.piece(c) {
        Some((side, kind)) => rules.piece_char(side, kind),
        None => '.',
    })
}

fn legal(rules: &Rules, pos: &mut Position, paths: bool) -> Vec<MoveInfo> {
    let mut list = MoveList::new();
    pos.generate(rules, &mut list, if paths { polydame::Routes::Landings } else { polydame::Routes::Distinct });
    let mut v: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
    v.sort_by_key(|m| full_path(rules, m));
    v
}

fn run(cli: Cli) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    let mut say = |s: String| {
        // A closed pipe (e.g. `| head`) is not an error of ours.
        let _ = writeln!(out, "{s}");
    };
    match cli.command {
        Command::Variants { json } => {
            let mut rows = Vec::new();
            for (stem, text) in shipped() {
                let rules = compile_text(text, &format!("variants/{stem}.toml")).map_err(invalid)?;
                rows.push(rules);
            }
            if json {
                let v: Vec<_> = rows
                    .iter()
                    .map(|r| {
                        let s = r.spec();
                        let options: Vec<_> = s.options.iter().map(|o| json!({"name": o.name, "choices": o.choices, "default": o.default, "help": o.help})).collect();
                        json!({"id": s.id, "name": s.name, "aliases": s.aliases, "cells": s.geometry.len(), "gametype": s.gametypes, "options": options})
                    })
                    .collect();
                say(serde_json::to_string(&v).expect("JSON of strings"));
            } else {
                for r in &rows {
                    let s = r.spec();
                    let opts: Vec<String> = s.options.iter().map(|o| format!("--option {}={}", o.name, o.choices.join("|"))).collect();
                    let opts = if opts.is_empty() { String::new() } else { format!("  [{}]", opts.join(" ")) };
                    say(format!("{:<16} {} ({} cells){opts}", s.id, s.name, s.geometry.len()));
                }
            }
        }
        Command::Show { variant, fen, options } => {
            let rules = load(&variant, &options)?;
            let pos = position(&rules, &fen)?;
            say(dump(&rules));
            if fen.is_some() {
                say(format!("position: {}\n{}{} to move", write_fen(&rules, &pos), board(&rules, &pos), pos.side_to_move().name()));
            }
        }
        Command::Check { file } => {
            let text = std::fs::read_to_string(&file).map_err(|e| invalid(format!("cannot read {file}: {e}")))?;
            let rules = compile_text(&text, &file).map_err(invalid)?;
            let s = rules.spec();
            say(format!("ok: {} ({}), {} cells, {} piece kinds", s.id, s.name, s.geometry.len(), s.kinds.len()));
            // Every choice of every option must compile too; report them all.
            let mut bad = 0;
            for o in &s.options {
                for c in &o.choices {
                    match load(&file, &[(o.name.clone(), c.clone())]) {
                        Ok(_) => say(format!("ok: option {}={}", o.name, c)),
                        Err(Failure(msg, _)) => {
                            bad += 1;
                            eprintln!("{msg}");
                        }
                    }
                }
            }
            if bad > 0 {
                return Err(invalid(format!("{bad} option choice(s) of {file} do not compile")));
            }
        }
        Command::Moves { variant, fen, fen_file, paths, json, options } => {
            let rules = load(&variant, &options)?;
            let fens: Vec<(usize, String)> = match (&fen, &fen_file) {
                (_, Some(path)) => {
                    let text = std::fs::read_to_string(path).map_err(|e| invalid(format!("cannot read {path}: {e}")))?;
                    text.lines()
                        .enumerate()
                        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                        .map(|(i, l)| (i + 1, l.trim().to_string()))
                        .collect()
                }
                (Some(f), None) => vec![(0, f.clone())],
                (None, None) => vec![(0, write_fen(&rules, &Position::start(&rules)))],
            };
            let mut bad = 0;
            for (line, f) in fens {
                let mut pos = match parse_fen(&rules, &f) {
                    Ok(p) => p,
                    Err(e) => {
                        bad += 1;
                        let place = if line > 0 { format!("{}:{line}: ", fen_file.as_deref().unwrap_or("")) } else { String::new() };
                        eprintln!("{place}{e}");
                        if json {
                            say(json!({"fen": f, "error": e.message, "column": e.column}).to_string());
                        }
                        continue;
                    }
                };
                let moves = legal(&rules, &mut pos, paths);
                if json {
                    let items: Vec<_> = moves
                        .iter()
                        .map(|m| {
                            let mut path = vec![rules.cell_name(m.from).to_string()];
                            path.extend(m.path.iter().map(|&c| rules.cell_name(c).to_string()));
                            json!({
                                "from": rules.cell_name(m.from),
                                "to": rules.cell_name(m.to),
                                "path": path,
                                "captured": m.captured.iter().map(|&c| rules.cell_name(c)).collect::<Vec<_>>(),
                                "notation": move_text(&rules, m, &moves),
                            })
                        })
                        .collect();
                    say(json!({"fen": f, "moves": items}).to_string());
                } else {
                    say(format!("{} ({} moves)", f, moves.len()));
                    for m in &moves {
                        let t = move_text(&rules, m, &moves);
                        let full = full_path(&rules, m);
                        if t == full {
                            say(format!("  {t}"));
                        } else {
                            say(format!("  {t}  ({full})"));
                        }
                    }
                }
            }
            if bad > 0 {
                return Err(invalid(format!("{bad} FEN(s) could not be read")));
            }
        }
        Command::Validate { files, variant, json, parse_only, options } => {
            let fixed = match &variant {
                Some(v) => Some(load(v, &options)?),
                None => None,
            };
            let summary = validate::run(&files, fixed.as_ref(), json, parse_only, &mut say)?;
            if summary.invalid > 0 {
                return Err(Failure(String::new(), 1));
            }
        }
        Command::RandomGame { variant, seed, plies, options } => {
            let rules = load(&variant, &options)?;
            let game = polydame::random_game(&rules, seed, plies);
            say(polydame::write_pdn(&rules, &game).trim_end().to_string());
        }
        Command::Perft { variant, depth, fen, divide: by_move, threads, paths, landings, json, options } => {
            let rules = load(&variant, &options)?;
            let mut pos = position(&rules, &fen)?;
            let threads = threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
            let counting = if paths {
                polydame::Routes::Paths
            } else if landings {
                polydame::Routes::Landings
            } else {
                polydame::Routes::Distinct
            };
            let start = Instant::now();
            let nodes = if by_move {
                let (list, counts) = divide(&mut pos, &rules, depth.max(1), counting, threads);
                let infos: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
                let mut rows: Vec<(String, u64)> = infos.iter().zip(&counts).map(|(m, &n)| (move_text(&rules, m, &infos), n)).collect();
                rows.sort();
                for (m, n) in &rows {
                    if json {
                        say(json!({"move": m, "nodes": n}).to_string());
                    } else {
                        say(format!("{m}: {n}"));
                    }
                }
                if depth == 0 {
                    1
                } else {
                    counts.iter().sum()
                }
            } else {
                perft_parallel(&mut pos, &rules, depth, counting, threads)
            };
            let secs = start.elapsed().as_secs_f64();
            if json {
                say(json!({"variant": rules.id(), "depth": depth, "nodes": nodes, "seconds": (secs * 1e6).round() / 1e6}).to_string());
            } else {
                let mnps = if secs > 0.0 { nodes as f64 / secs / 1e6 } else { 0.0 };
                say(format!(
                    "perft {depth}: {nodes} nodes in {secs:.3} s ({mnps:.1} M nodes/s, {threads} thread{})",
                    if threads == 1 { "" } else { "s" }
                ));
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(msg, code)) => {
            if !msg.is_empty() {
                eprintln!("{msg}");
            }
            ExitCode::from(code)
        }
    }
}
