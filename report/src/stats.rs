//! The numbers of a report: the games of one variant reduced to what its designer asks
//! (who wins, how long games last, how many moves there are to choose from, how often
//! captures are forced and how long they get, when men promote, how games end). Pure
//! functions of the games' facts; shares are fractions (0 to 1), rounded to 4 decimals.

use polydame::player::{PlyFacts, SelfPlayGame};
use polydame::{EndReason, Outcome, Rules, Side};
use serde::Serialize;

/// What the report keeps of one game (not its moves: a report of many games keeps
/// only this much of each).
#[derive(Clone, Debug)]
pub(crate) struct GameFacts {
    /// The side to move in the start position: the first player.
    pub first: Side,
    pub outcome: Outcome,
    pub plies: Vec<PlyFacts>,
    /// Positions the player searched.
    pub nodes: u64,
}

impl GameFacts {
    /// The facts of a game played.
    pub(crate) fn of(g: &SelfPlayGame) -> GameFacts {
        GameFacts { first: g.record.start.side_to_move(), outcome: g.outcome, plies: g.plies().collect(), nodes: g.nodes }
    }
}

/// Plies per point of the series along the game (branching, promotion).
pub(crate) const BUCKET: usize = 10;

/// The numbers of one variant's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Games played.
    pub games: usize,
    /// Games by result.
    pub results: Results,
    /// Whether moving first is an advantage.
    pub first_move: FirstMove,
    /// How long games last.
    pub length: Length,
    /// How many legal moves there are along the game.
    pub branching: Branching,
    /// How often captures are forced, and how many pieces they take.
    pub captures: Captures,
    /// When men promote.
    pub promotion: Promotion,
    /// How games end, the most frequent first.
    pub endings: Vec<Ending>,
    /// Positions the player searched over all the games.
    pub nodes: u64,
}

/// Games by result.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Results {
    /// Games White won.
    pub white_wins: usize,
    /// Games Black won.
    pub black_wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games still going on at the ply limit.
    pub unfinished: usize,
}

/// The first player's score over the finished games (win 1, draw 1/2), with its 95%
/// confidence interval by the normal approximation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMove {
    /// `White` or `Black`.
    pub side: &'static str,
    /// The finished games (unfinished ones are not scored).
    pub scored: usize,
    /// The first player's mean score; null without a finished game.
    pub score: Option<f64>,
    /// The low end of its 95% interval; null with fewer than two finished games.
    pub low: Option<f64>,
    /// The high end of its 95% interval.
    pub high: Option<f64>,
    /// `first` or `second` when the interval lies wholly above or below 1/2, else null.
    pub favours: Option<&'static str>,
}

/// Game length in plies (an unfinished game counts at the ply limit).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Length {
    /// The mean length.
    pub mean: f64,
    /// The median length.
    pub median: f64,
    /// The shortest game.
    pub min: usize,
    /// The longest game.
    pub max: usize,
    /// Games by length, in bins of the same width from 0 (the same for every variant
    /// of a report).
    pub histogram: Vec<Bin>,
}

/// Games whose length is from `from` to `to` plies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    /// The shortest length in the bin.
    pub from: usize,
    /// The longest length in the bin.
    pub to: usize,
    /// Games of a length from `from` to `to`.
    pub games: usize,
}

/// Legal moves in the positions played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Branching {
    /// Over every ply of every game.
    pub mean: Option<f64>,
    /// By stretches of 10 plies from the start.
    pub by_ply: Vec<Stretch>,
}

/// The mean legal moves at plies `from` to `to` (counted from 1), over the `games` that
/// got that far.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stretch {
    /// The stretch's first ply.
    pub from: usize,
    /// Its last ply.
    pub to: usize,
    /// The mean legal moves in its plies.
    pub mean: f64,
    /// The games that got to its first ply.
    pub games: usize,
}

/// Captures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Captures {
    /// Plies played, in all the games.
    pub plies: usize,
    /// Plies where every legal move was a capture.
    pub forced_share: Option<f64>,
    /// Plies whose move captured.
    pub capture_share: Option<f64>,
    /// Moves that captured.
    pub captures: usize,
    /// Pieces taken per capturing move.
    pub pieces_mean: Option<f64>,
    /// The most pieces one move took.
    pub pieces_max: usize,
    /// Capturing moves by the pieces they took, from 1 to `pieces_max`.
    pub pieces: Vec<Taken>,
}

/// How many capturing moves took `pieces` pieces.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Taken {
    /// Pieces taken.
    pub pieces: usize,
    /// Moves that took that many.
    pub moves: usize,
}

/// Promotion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Promotion {
    /// Games in which a piece of either side was promoted.
    pub games: usize,
    /// Their share of all games.
    pub share: f64,
    /// White's first promotions.
    pub white: FirstPromotion,
    /// Black's first promotions.
    pub black: FirstPromotion,
    /// By every 10th ply, the games in which each side has promoted.
    pub by_ply: Vec<PromotedBy>,
}

/// The ply (counted from 1) of a side's first promotion, in the `games` where it promoted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstPromotion {
    /// Games in which the side promoted.
    pub games: usize,
    /// The median ply of its first promotion; null when it never promoted.
    pub median: Option<f64>,
    /// The earliest.
    pub min: Option<usize>,
}

/// The share of all games in which each side had promoted by ply `ply`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PromotedBy {
    /// The ply (counted from 1).
    pub ply: usize,
    /// The share of games in which White had promoted by then.
    pub white: f64,
    /// The same for Black.
    pub black: f64,
}

/// Games that ended for one reason.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ending {
    /// The reason in words, as the variant's rules say it ([`UNFINISHED`] for the games
    /// stopped at the ply limit).
    pub reason: String,
    /// The reason's stable name for programs ([`EndReason::code`]); null for the games
    /// unfinished at the ply limit.
    pub code: Option<&'static str>,
    /// `win`, `draw` or `unfinished`.
    pub result: &'static str,
    /// Games that ended so.
    pub games: usize,
}

/// The reason of a game stopped at the ply limit.
pub const UNFINISHED: &str = "unfinished at the ply limit";

/// The numbers of `games` of `rules`, the length histogram in bins of `bin` plies.
pub(crate) fn stats(rules: &Rules, games: &[GameFacts], bin: usize) -> Stats {
    Stats {
        games: games.len(),
        results: results(games.iter().map(|g| &g.outcome)),
        first_move: first_move(games),
        length: length(games, bin),
        branching: branching(games),
        captures: captures(games),
        promotion: promotion(games),
        endings: endings(rules, games),
        nodes: games.iter().map(|g| g.nodes).sum(),
    }
}

/// A value rounded to 4 decimals, as the report shows it.
pub(crate) fn r4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// `part / whole`, rounded; `None` of nothing.
fn share(part: usize, whole: usize) -> Option<f64> {
    (whole > 0).then(|| r4(part as f64 / whole as f64))
}

/// The median of sorted values.
fn median(sorted: &[usize]) -> Option<f64> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2] as f64),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0),
    }
}

/// The games of these outcomes by result (`polydame match` scores with it too).
pub fn results<'o>(outcomes: impl IntoIterator<Item = &'o Outcome>) -> Results {
    let mut r = Results::default();
    for o in outcomes {
        match o {
            Outcome::Win(Side::White, _) => r.white_wins += 1,
            Outcome::Win(Side::Black, _) => r.black_wins += 1,
            Outcome::Draw(_) => r.draws += 1,
            Outcome::Ongoing => r.unfinished += 1,
        }
    }
    r
}

/// The first player's score in one game: `None` if it is unfinished.
fn first_score(g: &GameFacts) -> Option<f64> {
    match g.outcome {
        Outcome::Win(side, _) => Some(if side == g.first { 1.0 } else { 0.0 }),
        Outcome::Draw(_) => Some(0.5),
        Outcome::Ongoing => None,
    }
}

/// The first player's score: the mean of the per-game scores, plus and minus 1.96
/// standard errors (the sample's standard deviation over the square root of n), within
/// 0 and 1. Fewer than two finished games give no interval.
pub(crate) fn first_move(games: &[GameFacts]) -> FirstMove {
    let side = games.first().map_or(Side::White, |g| g.first).name();
    let scores: Vec<f64> = games.iter().filter_map(first_score).collect();
    let n = scores.len();
    let mut fm = FirstMove { side, scored: n, score: None, low: None, high: None, favours: None };
    if n == 0 {
        return fm;
    }
    let (mean, half) = score_interval(&scores);
    fm.score = Some(r4(mean));
    let Some(half) = half else { return fm };
    let (low, high) = ((mean - half).max(0.0), (mean + half).min(1.0));
    fm.low = Some(r4(low));
    fm.high = Some(r4(high));
    fm.favours = if low > 0.5 {
        Some("first")
    } else if high < 0.5 {
        Some("second")
    } else {
        None
    };
    fm
}

/// The mean of per-game scores (1, 1/2, 0; 0 without any) and half the width of its 95%
/// interval: 1.96 standard errors, the sample's standard deviation over the square root of
/// n (`None` with fewer than two scores).
pub fn score_interval(scores: &[f64]) -> (f64, Option<f64>) {
    let n = scores.len();
    let mean = scores.iter().sum::<f64>() / n.max(1) as f64;
    if n < 2 {
        return (mean, None);
    }
    let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, Some(1.96 * (var / n as f64).sqrt()))
}

/// Game lengths, the histogram in bins of `bin` plies.
pub(crate) fn length(games: &[GameFacts], bin: usize) -> Length {
    let bin = bin.max(1);
    let mut plies: Vec<usize> = games.iter().map(|g| g.plies.len()).collect();
    plies.sort_unstable();
    let max = plies.last().copied().unwrap_or(0);
    let mut histogram: Vec<Bin> = (0..=max / bin).map(|i| Bin { from: i * bin, to: i * bin + bin - 1, games: 0 }).collect();
    for &p in &plies {
        histogram[p / bin].games += 1;
    }
    Length {
        mean: if plies.is_empty() { 0.0 } else { r4(plies.iter().sum::<usize>() as f64 / plies.len() as f64) },
        median: median(&plies).unwrap_or(0.0),
        min: plies.first().copied().unwrap_or(0),
        max,
        histogram,
    }
}

/// A bin width for game lengths up to `max` plies: 1, 2 or 5 times a power of ten, for
/// at most 21 bins (20 and the one of the ply limit, when it is round).
pub(crate) fn length_bin(max: usize) -> usize {
    let mut unit = 1;
    loop {
        for w in [unit, 2 * unit, 5 * unit] {
            if max / w <= 20 {
                return w;
            }
        }
        unit *= 10;
    }
}

/// Legal moves per ply, over all and by stretches of [`BUCKET`] plies.
pub(crate) fn branching(games: &[GameFacts]) -> Branching {
    // Per stretch of BUCKET plies: (legal moves summed, plies, games).
    let mut sums: Vec<(usize, usize, usize)> = Vec::new();
    for g in games {
        for (i, p) in g.plies.iter().enumerate() {
            let k = i / BUCKET;
            if k == sums.len() {
                sums.push((0, 0, 0));
            }
            sums[k].0 += p.legal;
            sums[k].1 += 1;
            if i % BUCKET == 0 {
                sums[k].2 += 1;
            }
        }
    }
    let total: usize = sums.iter().map(|s| s.0).sum();
    let plies: usize = sums.iter().map(|s| s.1).sum();
    let by_ply = sums
        .iter()
        .enumerate()
        .map(|(k, &(sum, n, games))| Stretch { from: k * BUCKET + 1, to: k * BUCKET + BUCKET, mean: r4(sum as f64 / n as f64), games })
        .collect();
    Branching { mean: (plies > 0).then(|| r4(total as f64 / plies as f64)), by_ply }
}

/// Forced captures, captures, and the pieces they took.
pub(crate) fn captures(games: &[GameFacts]) -> Captures {
    let all = || games.iter().flat_map(|g| g.plies.iter());
    let plies = all().count();
    let forced = all().filter(|p| p.forced).count();
    let taken: Vec<usize> = all().map(|p| p.captured).filter(|&c| c > 0).collect();
    let pieces_max = taken.iter().copied().max().unwrap_or(0);
    let pieces = (1..=pieces_max).map(|k| Taken { pieces: k, moves: taken.iter().filter(|&&c| c == k).count() }).collect();
    Captures {
        plies,
        forced_share: share(forced, plies),
        capture_share: share(taken.len(), plies),
        captures: taken.len(),
        pieces_mean: (!taken.is_empty()).then(|| r4(taken.iter().sum::<usize>() as f64 / taken.len() as f64)),
        pieces_max,
        pieces,
    }
}

/// The ply (from 1) of `side`'s first promotion in a game.
fn first_promotion(g: &GameFacts, side: Side) -> Option<usize> {
    g.plies.iter().position(|p| p.promoted && p.side == side).map(|i| i + 1)
}

/// The games with a promotion, and when each side first promoted.
pub(crate) fn promotion(games: &[GameFacts]) -> Promotion {
    let firsts = |side| {
        let mut v: Vec<usize> = games.iter().filter_map(|g| first_promotion(g, side)).collect();
        v.sort_unstable();
        v
    };
    let (white, black) = (firsts(Side::White), firsts(Side::Black));
    let with = games.iter().filter(|g| g.plies.iter().any(|p| p.promoted)).count();
    let longest = games.iter().map(|g| g.plies.len()).max().unwrap_or(0);
    let n = games.len().max(1) as f64;
    let by = |v: &[usize], ply: usize| r4(v.iter().filter(|&&p| p <= ply).count() as f64 / n);
    let by_ply = (1..=longest.div_ceil(BUCKET))
        .map(|k| k * BUCKET)
        .map(|ply| PromotedBy { ply, white: by(&white, ply), black: by(&black, ply) })
        .collect();
    let first = |v: &[usize]| FirstPromotion { games: v.len(), median: median(v), min: v.first().copied() };
    Promotion { games: with, share: share(with, games.len()).unwrap_or(0.0), white: first(&white), black: first(&black), by_ply }
}

/// Games of `rules` by the reason they ended, the most frequent first, the unfinished
/// last.
pub(crate) fn endings(rules: &Rules, games: &[GameFacts]) -> Vec<Ending> {
    // Each reason once, `None` for the unfinished: the rules say it in words after.
    let mut seen: Vec<(Option<EndReason>, &'static str, usize)> = Vec::new();
    for g in games {
        let why = g.outcome.reason();
        match seen.iter_mut().find(|e| e.0 == why) {
            Some(e) => e.2 += 1,
            None => seen.push((why, if why.is_some() { g.outcome.result() } else { "unfinished" }, 1)),
        }
    }
    let mut out: Vec<Ending> = seen
        .into_iter()
        .map(|(why, result, games)| {
            let reason = why.map_or(UNFINISHED, |r| r.sentence(rules)).to_string();
            Ending { reason, code: why.map(|r| r.code()), result, games }
        })
        .collect();
    most_frequent_first(&mut out);
    out
}

/// Sorts endings the most frequent first, the unfinished last, ties by their sentence.
pub(crate) fn most_frequent_first(endings: &mut [Ending]) {
    endings.sort_by(|a, b| {
        (a.result == "unfinished").cmp(&(b.result == "unfinished")).then(b.games.cmp(&a.games)).then(a.reason.cmp(&b.reason))
    });
}

#[cfg(test)]
mod tests;
