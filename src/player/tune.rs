//! Learning the player's worth of a piece on each cell from games (Texel's method): the
//! evaluation's piece-square table, fitted so that the score of each quiet position of the
//! games predicts how the game ended.
//!
//! The model: White's winning chance in a position is `1 / (1 + e^(-k × score / 100))`,
//! where the score is White's pieces' worth less Black's plus the mobility term, as the
//! player counts it ([`Player::evaluate`](super::Player::evaluate) for White), and `k` the
//! scale that fits the starting weights best. The weights move, by gradient descent with
//! Adam, to lower the mean squared difference between that chance and each game's result
//! (1, ½, 0 for White); a small pull towards the starting weights keeps the cells the games
//! rarely visit near them. Positions where the side to move must capture are left out (the
//! score of a position in the middle of an exchange says little), as are the opening's
//! random plies. With the table, the weights of the runaways and the balance are fitted
//! (see [`super::features`]), and with patterns, the patterns.

use super::eval::{ARRANGEMENTS, MOBILITY, MOBILITY_CAP, Windows, Worth};
use super::features::{Features, Terms};
use super::selfplay::SelfPlayGame;
use crate::compile::Rules;
use crate::engine::{MoveList, Position, Routes};
use crate::spec::Side;
use serde::{Deserialize, Serialize};

/// Learned weights: what a piece of each side and kind is worth on each cell, in
/// hundredths of a man, for one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    variant: String,
    kinds: Vec<String>,
    cells: usize,
    /// `[(side * kinds + kind) * cells + cell]`, as the evaluation lays it out.
    pub(super) table: Vec<i32>,
    /// What each arrangement of each window of [`Windows::of`] the rules is worth for White,
    /// `[window * 81 + arrangement]` (an arrangement: the states of the window's four cells,
    /// 0 empty, 1 White's, 2 Black's, the first cell's the lowest ternary digit); empty:
    /// no patterns.
    pub(super) patterns: Vec<i32>,
    /// What a runaway one move from promotion is worth, in hundredths of a man (one
    /// farther away counts less; see [`super::features`]).
    pub(super) runaway: i32,
    /// What each piece more on one half of the board than on the other costs its side.
    pub(super) balance: i32,
}

include!(concat!(env!("OUT_DIR"), "/weights.rs"));

/// A weights file, as `polydame tune` writes it: the variant, its kinds, and per side and
/// kind the worth on each cell in cell order (the order of `polydame show`'s names).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WeightsFile {
    variant: String,
    kinds: Vec<String>,
    cells: usize,
    /// What a runaway one move from promotion is worth (absent: 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    runaway: i32,
    /// What each piece of a side's imbalance between the board's halves costs it (absent: 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    balance: i32,
    white: Vec<Vec<i32>>,
    black: Vec<Vec<i32>>,
    /// Per window, what each of its 81 arrangements is worth for White.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    patterns: Vec<Vec<i32>>,
}

fn is_zero(w: &i32) -> bool {
    *w == 0
}

/// The largest weights file read, in bytes (4 MiB: a board of 512 cells with 8 kinds
/// takes under 100 KiB).
pub const MAX_WEIGHTS_BYTES: usize = 4 << 20;

impl Weights {
    /// The weights the rules give (the player's own: kind worth and advance; runaways and
    /// balance off).
    pub fn of(rules: &Rules) -> Weights {
        Weights::from_worth(rules, &Worth::new(rules))
    }

    fn from_worth(rules: &Rules, worth: &Worth) -> Weights {
        let spec = rules.spec();
        Weights {
            variant: rules.id().to_string(),
            kinds: spec.kinds.iter().map(|k| k.name.clone()).collect(),
            cells: spec.geometry.len(),
            table: worth.table().to_vec(),
            patterns: worth.patterns().to_vec(),
            runaway: worth.feature_weights().0,
            balance: worth.feature_weights().1,
        }
    }

    /// The same weights with patterns, all worth 0, where they have none and the rules
    /// have windows (a window: four cells, see docs/player.md).
    pub fn with_patterns(self, rules: &Rules) -> Weights {
        if !self.patterns.is_empty() {
            return self;
        }
        Weights { patterns: vec![0; Windows::of(rules).cells.len() * ARRANGEMENTS], ..self }
    }

    /// What a runaway one move from promotion is worth, in hundredths of a man (0: the
    /// term is off; see docs/player.md).
    pub fn runaway(&self) -> i32 {
        self.runaway
    }

    /// What each piece more on one half of the board than on the other costs its side
    /// (0: the term is off).
    pub fn balance(&self) -> i32 {
        self.balance
    }

    /// Whether the weights have patterns.
    pub fn has_patterns(&self) -> bool {
        !self.patterns.is_empty()
    }

    /// The weights as a file (TOML), `comment` (lines without `#`) at its top.
    pub fn to_toml(&self, comment: &str) -> String {
        let (k, n) = (self.kinds.len(), self.cells);
        let side = |s: usize| (0..k).map(|kind| self.table[(s * k + kind) * n..][..n].to_vec()).collect();
        let patterns = self.patterns.chunks(ARRANGEMENTS).map(<[i32]>::to_vec).collect();
        let file = WeightsFile {
            variant: self.variant.clone(),
            kinds: self.kinds.clone(),
            cells: n,
            runaway: self.runaway,
            balance: self.balance,
            white: side(0),
            black: side(1),
            patterns,
        };
        let body = toml::to_string(&file).unwrap_or_default();
        let head: String = comment.lines().map(|l| format!("# {l}\n")).collect();
        head + &body
    }

    /// The weights of the file at `path` (at most [`MAX_WEIGHTS_BYTES`]), for `rules`: the
    /// outer error when the file cannot be read, the inner one when it is no weights file
    /// of these rules (as [`Weights::from_toml`] says), the file named in it.
    pub fn read(rules: &Rules, path: &std::path::Path) -> std::io::Result<Result<Weights, String>> {
        let name = path.display();
        let size = std::fs::metadata(path)?.len();
        if size > MAX_WEIGHTS_BYTES as u64 {
            return Ok(Err(format!("{name} has {size} bytes, more than the {MAX_WEIGHTS_BYTES} a weights file may have")));
        }
        let text = std::fs::read_to_string(path)?;
        Ok(Weights::from_toml(rules, &text).map_err(|e| format!("{name}: {e}")))
    }

    /// Weights read from a file's text, for `rules`: an error when the text is no weights
    /// file, or is another variant's (its id, kinds or cells differ).
    pub fn from_toml(rules: &Rules, text: &str) -> Result<Weights, String> {
        if text.len() > MAX_WEIGHTS_BYTES {
            return Err(format!("the weights file has {} bytes, more than the {MAX_WEIGHTS_BYTES} read", text.len()));
        }
        let file: WeightsFile = toml::from_str(text).map_err(|e| format!("not a weights file: {e}"))?;
        Weights::of_file(rules, &file)
    }

    /// The weights shipped for `rules`' variant (the file `weights/ID.toml` of the
    /// project, built in), where there are and they fit the rules' board and kinds (a
    /// variant loaded with options that change them gets none): what [`Player::new`]
    /// plays with.
    ///
    /// [`Player::new`]: super::Player::new
    pub fn shipped(rules: &Rules) -> Option<Weights> {
        static PARSED: std::sync::OnceLock<Vec<(&str, Option<WeightsFile>)>> = std::sync::OnceLock::new();
        let parsed = PARSED.get_or_init(|| SHIPPED_WEIGHTS.iter().map(|&(id, text)| (id, toml::from_str(text).ok())).collect());
        let (_, file) = parsed.iter().find(|(id, _)| *id == rules.id())?;
        Weights::of_file(rules, file.as_ref()?).ok()
    }

    /// The ids of the variants weights ship for.
    pub fn shipped_ids() -> impl Iterator<Item = &'static str> {
        SHIPPED_WEIGHTS.iter().map(|&(id, _)| id)
    }

    /// The weights of a file read, for `rules` (see [`Weights::from_toml`]).
    fn of_file(rules: &Rules, file: &WeightsFile) -> Result<Weights, String> {
        let own = Weights::of(rules);
        if file.variant != own.variant || file.kinds != own.kinds || file.cells != own.cells {
            return Err(format!(
                "the weights are of {} ({} cells, kinds {}), not of {} ({} cells, kinds {})",
                file.variant,
                file.cells,
                file.kinds.join(", "),
                own.variant,
                own.cells,
                own.kinds.join(", ")
            ));
        }
        let rows = file.white.iter().chain(&file.black);
        if file.white.len() != own.kinds.len() || file.black.len() != own.kinds.len() || rows.clone().any(|r| r.len() != own.cells) {
            return Err(format!("the weights need one row of {} numbers for each kind of each side", own.cells));
        }
        let windows = Windows::of(rules).cells.len();
        if !file.patterns.is_empty() && (file.patterns.len() != windows || file.patterns.iter().any(|p| p.len() != ARRANGEMENTS)) {
            return Err(format!("the patterns need one row of {ARRANGEMENTS} numbers for each of the rules' {windows} windows"));
        }
        let single = [file.runaway, file.balance];
        if rows.clone().chain(&file.patterns).flatten().chain(&single).any(|w| w.abs() > 1_000_000) {
            return Err("a weight is beyond ±1,000,000".to_string());
        }
        let (runaway, balance) = (file.runaway, file.balance);
        Ok(Weights { table: rows.flatten().copied().collect(), patterns: file.patterns.concat(), runaway, balance, ..own })
    }
}

/// What a tuning did.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuning {
    /// Quiet positions fitted.
    pub positions: usize,
    /// The scale `k` of the model.
    pub scale: f64,
    /// The mean squared error of the starting weights.
    pub loss_before: f64,
    /// The mean squared error of the weights found.
    pub loss_after: f64,
}

/// One quiet position of a game: White's pieces' and Black's entries in the table, the
/// mobility term, the runaways' and the balance's terms, and the game's result for White.
struct Sample {
    white: Vec<u32>,
    black: Vec<u32>,
    /// The weights of the windows' arrangements, after the table's.
    patterns: Vec<u32>,
    mobility: f64,
    /// White's runaways less Black's (whole ones) and Black's imbalance less White's: the
    /// factors of the last two weights.
    terms: [f64; 2],
    result: f64,
}

/// The quiet positions of `games` (after their openings), with how each game ended; an
/// unfinished game is left out.
fn samples(rules: &Rules, games: &[SelfPlayGame], windows: Option<&Windows>, features: Option<&Features>) -> Vec<Sample> {
    let (k, n) = (rules.spec().kinds.len(), rules.spec().geometry.len());
    let table = 2 * k * n;
    let mut out = Vec::new();
    let (mut list, mut scratch) = (MoveList::new(), MoveList::new());
    for g in games {
        let result = match g.outcome {
            crate::engine::Outcome::Win(Side::White, _) => 1.0,
            crate::engine::Outcome::Win(Side::Black, _) => 0.0,
            crate::engine::Outcome::Draw(_) => 0.5,
            crate::engine::Outcome::Ongoing => continue,
        };
        let mut pos: Position = g.record.start.clone();
        for (ply, (m, legal)) in g.record.moves.iter().enumerate() {
            let quiet = !legal.iter().any(|l| !l.captured.is_empty());
            if ply >= g.opening && quiet {
                let mut s = sample(rules, &mut pos, (k, n), result, (&mut list, &mut scratch));
                if let Some(w) = windows {
                    s.patterns = w.arrangements(&pos).enumerate().map(|(i, a)| (table + i * ARRANGEMENTS + a) as u32).collect();
                }
                if let Some(f) = features {
                    let Terms { runaways, balance } = f.terms(&pos);
                    s.terms = [f64::from(runaways) / 64.0, f64::from(balance)];
                }
                out.push(s);
            }
            pos.generate(rules, &mut list, Routes::Distinct);
            let Some(mv) = list.iter().find(|x| x.info() == *m) else { break };
            pos.make(rules, mv);
        }
    }
    out
}

fn sample(rules: &Rules, pos: &mut Position, (k, n): (usize, usize), result: f64, lists: (&mut MoveList, &mut MoveList)) -> Sample {
    let (list, scratch) = lists;
    let entries = |side: Side| -> Vec<u32> {
        pos.pieces(side)
            .iter()
            .filter_map(|c| pos.piece(c).map(|(_, kind)| ((side.index() * k + kind as usize) * n + c as usize) as u32))
            .collect()
    };
    let (white, black) = (entries(Side::White), entries(Side::Black));
    let ours = pos.count_moves(rules, list, Routes::Distinct);
    let theirs = pos.with_turn_passed(rules, |p| p.count_moves(rules, scratch, Routes::Distinct));
    let diff = ours.min(MOBILITY_CAP) as f64 - theirs.min(MOBILITY_CAP) as f64;
    let for_white = if pos.side_to_move() == Side::White { diff } else { -diff };
    Sample { white, black, patterns: Vec::new(), mobility: f64::from(MOBILITY) * for_white, terms: [0.0; 2], result }
}

/// White's score in `s` by the weights `table` (the table's, the patterns', then the
/// runaway's and the balance's).
fn score(table: &[f64], s: &Sample) -> f64 {
    let sum = |v: &[u32]| v.iter().map(|&i| table[i as usize]).sum::<f64>();
    let terms = &table[table.len() - 2..];
    sum(&s.white) - sum(&s.black) + sum(&s.patterns) + s.mobility + terms[0] * s.terms[0] + terms[1] * s.terms[1]
}

/// The pull of a pattern's worth towards 0, per squared hundredth of a man: stronger than
/// the table's, for an arrangement seen in few positions says little.
const PATTERN_PULL: f64 = 1e-6;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn loss(table: &[f64], samples: &[Sample], scale: f64) -> f64 {
    samples.iter().map(|s| (s.result - sigmoid(scale * score(table, s) / 100.0)).powi(2)).sum::<f64>() / samples.len().max(1) as f64
}

/// The scale that fits `table` best, by a search over its logarithm.
fn best_scale(table: &[f64], samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = ((0.01f64).ln(), (10.0f64).ln());
    for _ in 0..40 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if loss(table, samples, a.exp()) < loss(table, samples, b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits the weights to the quiet positions of `games`, from `start`, in `epochs` steps
/// of gradient descent over all of them. The same games give the same weights.
/// With patterns in `start` (see [`Weights::with_patterns`]) they are fitted too, pulled
/// towards 0 where the games rarely show them. The runaway's and the balance's weights
/// are fitted where the board has a bit layout (else they stay as they start).
pub fn tune(rules: &Rules, games: &[SelfPlayGame], start: &Weights, epochs: usize) -> (Weights, Tuning) {
    let windows = start.has_patterns().then(|| Windows::of(rules));
    let features = Features::new(rules);
    let samples = samples(rules, games, windows.as_ref(), features.as_ref());
    let terms = [start.runaway, start.balance];
    let origin: Vec<f64> = start.table.iter().chain(&start.patterns).chain(&terms).map(|&w| f64::from(w)).collect();
    // The table's weights, then the patterns' up to `terms_at`, then the two terms'.
    let (cut, terms_at) = (start.table.len(), start.table.len() + start.patterns.len());
    let mut table = origin.clone();
    let scale = best_scale(&table, &samples);
    let loss_before = loss(&table, &samples, scale);
    // Adam, steps of about a hundredth of a man; the pull to the start: λ (w - w0)².
    let (rate, beta1, beta2, lambda) = (1.0, 0.9, 0.999, 1e-7);
    let (mut m, mut v) = (vec![0.0; table.len()], vec![0.0; table.len()]);
    let count = samples.len().max(1) as f64;
    for t in 1..=epochs {
        let pull = |i: usize| if i < cut || i >= terms_at { lambda } else { PATTERN_PULL };
        let mut grad: Vec<f64> = table.iter().zip(&origin).enumerate().map(|(i, (w, o))| 2.0 * pull(i) * (w - o)).collect();
        for s in &samples {
            let p = sigmoid(scale * score(&table, s) / 100.0);
            let g = 2.0 * (p - s.result) * p * (1.0 - p) * scale / 100.0 / count;
            s.white.iter().for_each(|&i| grad[i as usize] += g);
            s.black.iter().for_each(|&i| grad[i as usize] -= g);
            s.patterns.iter().for_each(|&i| grad[i as usize] += g);
            grad[terms_at] += g * s.terms[0];
            grad[terms_at + 1] += g * s.terms[1];
        }
        for i in 0..table.len() {
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let (mh, vh) = (m[i] / (1.0 - beta1.powi(t as i32)), v[i] / (1.0 - beta2.powi(t as i32)));
            table[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    let rounded: Vec<i32> = table.iter().map(|w| w.round() as i32).collect();
    let weights = Weights {
        table: rounded[..cut].to_vec(),
        patterns: rounded[cut..terms_at].to_vec(),
        runaway: rounded[terms_at],
        balance: rounded[terms_at + 1],
        ..start.clone()
    };
    let rounded: Vec<f64> = rounded.iter().map(|&w| f64::from(w)).collect();
    let tuning = Tuning { positions: samples.len(), scale, loss_before, loss_after: loss(&rounded, &samples, scale) };
    (weights, tuning)
}

#[cfg(test)]
mod tests {
    use super::Weights;
    use crate::engine::{MoveList, Routes};
    use crate::load_variant;
    use crate::player::eval::Worth;
    use crate::player::random_opening;

    /// A file without the runaway's and the balance's keys (every file shipped before
    /// them) reads with both at 0, as the rules' own worth has them, is written again without them, and evaluates every
    /// position as its table and patterns alone do; with them they are read back, and
    /// count.
    #[test]
    fn files_without_the_new_keys_play_as_before() {
        let rules = load_variant("russian").unwrap();
        let text = include_str!("../../weights/russian.toml");
        assert!(!text.contains("runaway") && !text.contains("balance"));
        let read = Weights::from_toml(&rules, text).unwrap();
        assert_eq!((read.runaway(), read.balance()), (0, 0));
        // The rules' own worth has them off too.
        assert_eq!((Weights::of(&rules).runaway(), Weights::of(&rules).balance()), (0, 0));
        assert_eq!(Weights::shipped(&rules), Some(read.clone()));
        let again = read.to_toml("");
        assert!(!again.contains("runaway") && !again.contains("balance"));
        let before = Worth::of_table(&rules, read.table.clone()).with_patterns(&rules, read.patterns.clone());
        let now = Worth::of_weights(&rules, read.clone());
        let with = Weights { runaway: 40, balance: 3, ..read };
        let text = with.to_toml("");
        assert!(text.contains("\nrunaway = 40\nbalance = 3\n"), "{text}");
        assert_eq!(Weights::from_toml(&rules, &text), Ok(with.clone()));
        let more = Worth::of_weights(&rules, with);
        let (mut list, mut scratch) = (MoveList::new(), MoveList::new());
        let mut differ = 0;
        for seed in 1..=20 {
            let mut pos = random_opening(&rules, seed, 30).unwrap().position().clone();
            let ours = pos.count_moves(&rules, &mut list, Routes::Distinct);
            let plain = before.evaluate(&rules, &mut pos, ours, &mut scratch);
            assert_eq!(now.evaluate(&rules, &mut pos, ours, &mut scratch), plain, "seed {seed}");
            differ += usize::from(more.evaluate(&rules, &mut pos, ours, &mut scratch) != plain);
        }
        assert!(differ > 0);
    }
}
