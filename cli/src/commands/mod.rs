//! The command line: the arguments every command shares, and one module per command.

pub mod archive;
pub mod best;
pub mod board;
pub mod check;
pub mod convert;
pub mod dxp;
pub mod egtb;
pub mod engine_match;
pub mod hub;
pub mod matches;
pub mod moves;
pub mod peers;
pub mod perft;
pub mod play;
pub mod play_engine;
pub mod play_loop;
pub mod random_game;
pub mod report;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod tune;
pub mod validate;
pub mod variants;

use clap::Args;
use polydame::fen::FenError;
use polydame::notation::Notations;
use polydame::{BudgetExceeded, Engine, MoveInfo, Position, Routes, Rules, load_variant_with};
use std::io::Write;

/// A failure: the message goes to standard error, the code is the exit status (1: the
/// input is invalid or illegal).
pub struct Failure {
    pub message: String,
    pub code: u8,
}

/// What a command returns.
pub type Done = Result<(), Failure>;

/// A failure because of bad input (exit status 1).
pub fn invalid(msg: impl ToString) -> Failure {
    Failure { message: msg.to_string(), code: 1 }
}

/// Standard output, line by line; a closed pipe (`| head`) is not an error of ours.
pub struct Out(std::io::StdoutLock<'static>);

impl Out {
    pub fn new() -> Out {
        Out(std::io::stdout().lock())
    }

    /// Prints a line.
    pub fn say(&mut self, s: impl std::fmt::Display) {
        let _ = writeln!(self.0, "{s}");
    }

    /// Prints a value as one line of JSON.
    pub fn json(&mut self, v: &impl serde::Serialize) {
        self.say(serde_json::to_string(v).expect("the JSON shapes serialize"));
    }
}

/// Standard output as a writer, for the library crates that write their own lines (the
/// Hub engine).
impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// `--option NAME=CHOICE`, repeatable.
#[derive(Args, Clone, Debug)]
pub struct OptionArgs {
    /// Choose a variant option: NAME=CHOICE (repeatable; `polydame variants` lists them).
    #[arg(long = "option", value_name = "NAME=CHOICE", value_parser = option_pair)]
    pub options: Vec<(String, String)>,
    /// The most steps the capture search of one position may take before the command
    /// gives up on that position with an error (a step: one piece taken, one landing).
    #[arg(long, value_name = "STEPS", default_value_t = polydame::engine::DEFAULT_CAPTURE_BUDGET, value_parser = clap::value_parser!(u64).range(1..))]
    pub capture_budget: u64,
    /// The move generator: `fast` (the default where the fast path takes the variant;
    /// `polydame show` says whether it does) or `general` (the reference engine, to check
    /// a number twice).
    #[arg(long, value_name = "ENGINE", value_parser = engine_name)]
    pub movegen: Option<Engine>,
}

/// `fast` or `general` of `--movegen`.
fn engine_name(s: &str) -> Result<Engine, String> {
    [Engine::Fast, Engine::General].into_iter().find(|e| e.name() == s).ok_or_else(|| format!("expected fast or general, not `{s}`"))
}

/// `NAME=CHOICE` of `--option`.
fn option_pair(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("expected NAME=CHOICE, e.g. halt=killer, not `{s}`")),
    }
}

impl OptionArgs {
    /// Loads a variant with these options.
    pub fn load(&self, variant: &str) -> Result<Rules, Failure> {
        let mut rules = load_variant_with(variant, &self.options).map_err(invalid)?;
        rules.set_capture_budget(self.capture_budget);
        if let Some(engine) = self.movegen {
            // Asking for an engine that cannot run the variant is a usage error (status 2).
            rules.set_engine(engine).map_err(|why| Failure {
                message: format!("error: --movegen fast: {variant} does not run on the fast path ({why}); leave --movegen out"),
                code: 2,
            })?;
        }
        Ok(rules)
    }
}

/// The failure of a command whose capture search passed the budget: the position, the
/// budget, and how to raise it.
pub fn over_budget(rules: &Rules, e: &BudgetExceeded) -> Failure {
    let what = e.describe(&polydame::fen::write_fen(rules, &e.position));
    invalid(format!("error: {what}\n  (--capture-budget {} raises the budget)", e.budget.saturating_mul(10)))
}

/// The variant a command plays, with its options.
#[derive(Args, Clone, Debug)]
pub struct VariantArgs {
    /// A shipped variant id (see `polydame variants`) or a path to a .toml file.
    pub variant: String,
    #[command(flatten)]
    pub options: OptionArgs,
}

impl VariantArgs {
    /// Loads the variant.
    pub fn load(&self) -> Result<Rules, Failure> {
        self.options.load(&self.variant)
    }
}

/// Which capture routes count as different moves.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct RouteArgs {
    /// Every capture route is a move, a route being the cells where the piece turns and
    /// where it ends: a flying king going on straight makes one route (dctl, Dagaz).
    #[arg(long, conflicts_with = "landings")]
    pub paths: bool,
    /// Every sequence of landing cells is a move: each cell where a flying king could stop
    /// before going on straight makes its own route (Ludii, kish, pydraughts).
    #[arg(long)]
    pub landings: bool,
}

impl RouteArgs {
    /// The routes asked for; distinct moves by default.
    pub fn routes(self) -> Routes {
        if self.paths {
            Routes::Paths
        } else if self.landings {
            Routes::Landings
        } else {
            Routes::Distinct
        }
    }
}

/// A position given as FEN, or the start.
#[derive(Args, Clone, Debug, Default)]
pub struct FenArgs {
    /// The position, as FEN (default: the variant's start).
    #[arg(long)]
    pub fen: Option<String>,
    /// Take a FEN position that no game reaches (a man on its own promotion cells, more
    /// pieces than the start has) as it is.
    #[arg(long)]
    pub allow_unreachable: bool,
}

impl FenArgs {
    /// The position.
    pub fn position(&self, rules: &Rules) -> Result<Position, Failure> {
        match &self.fen {
            Some(f) => read_fen(rules, f, self.allow_unreachable).map_err(|e| invalid(fen_failure(&e))),
            None => Ok(Position::start(rules)),
        }
    }
}

/// Reads a FEN, taking an unreachable position as it is when asked to. Its squares may
/// be written in another notation of the variant than its own (numbers in a Russian
/// FEN, as lidraughts writes them): then a note on standard error says which.
pub fn read_fen(rules: &Rules, fen: &str, allow_unreachable: bool) -> Result<Position, FenError> {
    let notations = Notations::new(rules);
    let read = if allow_unreachable { notations.read_fen_as_given(fen) } else { notations.read_fen(fen) }?;
    if let Some(name) = &read.notation {
        eprintln!("{}", notation_note(fen, name));
    }
    Ok(read.position)
}

/// The note for a FEN whose squares are read in `notation`, not the variant's own.
pub fn notation_note(fen: &str, notation: &str) -> String {
    format!("note: the squares of `{}` are read in another notation than the variant's: {notation}", fen.trim())
}

/// A FEN error for people, with the way out when the position is only unreachable.
pub fn fen_failure(e: &FenError) -> String {
    let hint = if e.is_unreachable() { "\n  (--allow-unreachable takes the position as it is)" } else { "" };
    format!("{e}{hint}")
}

/// The diagram of [`board`], with the square numbers beside it on a numbered board and
/// the cells' names on a hex board, so a reader can name every cell (on other boards the
/// coordinates on its edges suffice).
pub fn keyed_board(rules: &Rules, pos: &Position) -> String {
    let spec = rules.spec();
    let pieces = board(rules, pos);
    let hex = matches!(spec.geometry.shape(), polydame::geometry::Shape::Hex { .. });
    let key = if spec.notation.is_numeric() || hex { spec.geometry.name_grid(|c| rules.cell_name(c).to_string()) } else { None };
    let Some(key) = key else { return pieces };
    let left: Vec<&str> = pieces.lines().collect();
    // As wide as the lines the key stands beside (not the FEN below them).
    let width = left.iter().take(key.lines().count()).map(|l| l.chars().count()).max().unwrap_or(0);
    let mut keys = key.lines();
    let mut out = String::new();
    for l in left {
        let line = match keys.next() {
            Some(k) => format!("{l:<width$}    {k}"),
            None => l.to_string(),
        };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The position as text (see [`polydame::picture::board_text`]).
pub fn board(rules: &Rules, pos: &Position) -> String {
    polydame::picture::board_text(rules, pos)
}

/// The moves as text, one a line: the notation, and the full path where it says more.
pub fn say_moves(out: &mut Out, rules: &Rules, moves: &[MoveInfo]) {
    say_routes(out, rules, moves, Routes::Distinct);
}

/// [`say_moves`] of the moves `routes` tells apart: with [`Routes::Paths`] each route is
/// written by the cells where it turns ([`polydame::notation::turning_path`]), as the
/// routes are counted.
pub fn say_routes(out: &mut Out, rules: &Rules, moves: &[MoveInfo], routes: Routes) {
    for m in moves {
        let taken = polydame::notation::taken_suffix(&rules.spec().notation, m, moves);
        let written = polydame::notation::full_path(rules, m) + &taken;
        let full = if routes == Routes::Paths { polydame::notation::turning_path(rules, m) + &taken } else { written.clone() };
        let t = match polydame::notation::move_text(rules, m, moves) {
            t if t == written => full.clone(),
            t => t,
        };
        if t == full {
            out.say(format!("  {t}"));
        } else {
            out.say(format!("  {t}  ({full})"));
        }
    }
}
