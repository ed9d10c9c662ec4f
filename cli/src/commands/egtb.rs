//! `polydame egtb`: endgame tables of a variant, built by retrograde analysis from its
//! rules (or read from a file), with what each class holds, and a position probed.

use super::{Done, Failure, FenArgs, Out, VariantArgs, invalid};
use polydame::egtb::{ClassStats, Material, Plan, Tables, Wdl};
use polydame::notation::move_text;
use polydame::{MoveInfo, MoveList, Position, Routes, Rules};
use serde::Serialize;
use std::io::{BufReader, BufWriter};
use std::time::Instant;

/// What to build or read, and what to do with it.
pub struct Job {
    /// Every class of at most this many pieces.
    pub pieces: Option<usize>,
    /// These classes (and those they lead to), as `3 king against king`.
    pub classes: Vec<String>,
    pub save: Option<String>,
    pub load: Option<String>,
    pub json: bool,
}

/// `egtb --json`: one object per class.
#[derive(Serialize)]
struct ClassJson<'a> {
    class: &'a str,
    positions: u64,
    /// Per side to move, White first: wins, draws, losses.
    white_to_move: [u64; 3],
    black_to_move: [u64; 3],
    longest_win: [u16; 2],
    seconds: f64,
    bytes: u64,
}

/// The tables of a file `egtb --save` wrote, for `rules` (another variant's, or a damaged
/// file, refused with why).
pub fn read_tables(rules: &Rules, path: &str) -> Result<Tables, Failure> {
    let file = std::fs::File::open(path).map_err(|e| invalid(format!("error: cannot read {path}: {e}")))?;
    Tables::load(&mut BufReader::new(file), rules).map_err(|e| invalid(format!("error: {path}: {e}")))
}

/// Builds (or reads) the tables, prints each class as it is done, saves them if asked, and
/// probes the position given with --fen.
pub fn run(variant: &VariantArgs, fen: &FenArgs, job: Job, out: &mut Out) -> Done {
    let rules = variant.load()?;
    let clock = Instant::now();
    let mut rows = Rows { json: job.json, width: 0, positions: 0 };
    let tables = match &job.load {
        Some(path) => {
            let tables = read_tables(&rules, path)?;
            rows.header(out, tables.classes().map(|c| c.name.len()).max().unwrap_or(0));
            for c in tables.classes() {
                rows.say(out, c);
            }
            tables
        }
        None => build(&rules, &job, &mut rows, out)?,
    };
    if !job.json {
        let verb = if job.load.is_some() { "read" } else { "built" };
        let (classes, positions, seconds) =
            (tables.classes().count(), polydame_report::thousands(rows.positions), clock.elapsed().as_secs_f64());
        out.say(format!(
            "{classes} classes, {positions} positions, {verb} in {seconds:.2} s, {} in memory (2 bytes a position)",
            size(tables.bytes())
        ));
    }
    if let Some(path) = &job.save {
        let file = std::fs::File::create(path).map_err(|e| invalid(format!("error: cannot write {path}: {e}")))?;
        tables.save(&mut BufWriter::new(file), &rules).map_err(|e| invalid(format!("error: {path}: {e}")))?;
        if !job.json {
            out.say(format!("saved to {path}"));
        }
    }
    if fen.fen.is_some() {
        probe(out, &rules, &tables, &mut fen.position(&rules)?);
    }
    Ok(())
}

/// Plans the classes asked for, says on standard error what the build will take, and
/// builds them, each row printed as its class is done.
fn build(rules: &Rules, job: &Job, rows: &mut Rows, out: &mut Out) -> Result<Tables, Failure> {
    let fail = |e: polydame::egtb::EgtbError| invalid(format!("error: {e}"));
    let plan = if job.classes.is_empty() {
        Plan::up_to(rules, job.pieces.unwrap_or(3))
    } else {
        let targets: Vec<Material> = job.classes.iter().map(|t| Material::parse(rules, t)).collect::<Result<_, _>>().map_err(fail)?;
        Plan::leading_from(rules, &targets)
    }
    .map_err(fail)?;
    let classes = plan.classes();
    if let Some((m, n)) = plan.largest() {
        eprintln!(
            "building {} classes, {} positions ({} of tables); the largest, {}, {} positions",
            classes.len(),
            polydame_report::thousands(plan.indices()),
            size(plan.indices() * 2),
            m.describe(rules),
            polydame_report::thousands(n)
        );
    }
    rows.header(out, classes.iter().map(|m| m.describe(rules).len()).max().unwrap_or(0));
    plan.build(rules, &mut |s| rows.say(out, s)).map_err(fail)
}

/// The rows of the classes as they are printed: one line per class, its positions, each
/// side to move's wins, draws and losses, its longest win, the time and the size (or one
/// JSON object each).
struct Rows {
    json: bool,
    /// The width of the class column.
    width: usize,
    /// The positions of the rows printed.
    positions: u64,
}

impl Rows {
    /// The header line, for class names up to `longest` characters.
    fn header(&mut self, out: &mut Out, longest: usize) {
        self.width = longest.max(5);
        if !self.json {
            let width = self.width;
            out.say(format!(
                "{:width$}  {:>11}  {:>29}  {:>29}  {:>7}  {:>8}  {:>9}",
                "class", "positions", "White to move: win/draw/loss", "Black to move: win/draw/loss", "longest", "time", "size"
            ));
        }
    }

    /// One class's row.
    fn say(&mut self, out: &mut Out, r: &ClassStats) {
        self.positions += r.positions();
        if self.json {
            let [white_to_move, black_to_move] = r.results;
            let (positions, bytes) = (r.positions(), r.bytes());
            let seconds = (r.seconds * 1e3).round() / 1e3;
            out.json(&ClassJson { class: &r.name, positions, white_to_move, black_to_move, longest_win: r.longest, seconds, bytes });
            return;
        }
        let wdl = |s: usize| {
            format!(
                "{}/{}/{}",
                polydame_report::thousands(r.results[s][0]),
                polydame_report::thousands(r.results[s][1]),
                polydame_report::thousands(r.results[s][2])
            )
        };
        let width = self.width;
        out.say(format!(
            "{:width$}  {:>11}  {:>29}  {:>29}  {:>7}  {:>7.2}s  {:>9}",
            r.name,
            polydame_report::thousands(r.positions()),
            wdl(0),
            wdl(1),
            r.longest[0].max(r.longest[1]),
            r.seconds,
            size(r.bytes())
        ));
    }
}

/// The position's value, and each of its moves with the value it leads to.
fn probe(out: &mut Out, rules: &Rules, tables: &Tables, pos: &mut Position) {
    let fen = polydame::fen::write_fen(rules, pos);
    let side = pos.side_to_move().name();
    let Some(p) = tables.probe(pos) else {
        out.say(format!("{fen}: not in the tables ({} was not built)", Material::of(pos).describe(rules)));
        return;
    };
    out.say(format!("{fen}: {}", said(p.wdl, p.plies, side)));
    let mut list = MoveList::new();
    pos.generate(rules, &mut list, Routes::Distinct);
    let infos: Vec<MoveInfo> = list.iter().map(|m| m.info()).collect();
    let mut rows = Vec::new();
    for (i, m) in list.iter().enumerate() {
        let undo = pos.make(rules, m);
        let after = tables.probe(pos).map_or("not in the tables".to_string(), |q| said(q.wdl, q.plies, pos.side_to_move().name()));
        pos.unmake(rules, m, undo);
        rows.push(format!("  {}: then {after}", move_text(rules, &infos[i], &infos)));
    }
    rows.sort();
    for r in rows {
        out.say(r);
    }
}

/// `win for White in 13 plies`, `draw`.
fn said(wdl: Wdl, plies: u16, side: &str) -> String {
    match wdl {
        Wdl::Draw => "draw".to_string(),
        _ if plies == 0 => format!("{} for {side} to move (the game is over)", wdl.name()),
        _ => format!("{} for {side} (to move) in {plies} plies", wdl.name()),
    }
}

/// A size in bytes for people: `58 KiB`, `3.5 MiB`.
fn size(bytes: u64) -> String {
    match bytes {
        b if b < 1 << 10 => format!("{b} B"),
        b if b < 1 << 20 => format!("{:.0} KiB", b as f64 / 1024.0),
        b if b < 1 << 30 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b => format!("{:.2} GiB", b as f64 / (1u64 << 30) as f64),
    }
}
