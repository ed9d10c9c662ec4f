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
pub struct GameFacts {
    /// The side to move in the start position: the first player.
    pub first: Side,
    pub outcome: Outcome,
    pub plies: Vec<PlyFacts>,
    /// Positions the player searched.
    pub nodes: u64,
}

impl GameFacts {
    /// The facts of a game played.
    pub fn of(g: &SelfPlayGame) -> GameFacts {
        GameFacts { first: g.record.start.side_to_move(), outcome: g.outcome, plies: g.plies().collect(), nodes: g.nodes }
    }
}

/// Plies per point of the series along the game (branching, promotion).
pub const BUCKET: usize = 10;

/// The numbers of one variant's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    pub games: usize,
    pub results: Results,
    pub first_move: FirstMove,
    pub length: Length,
    pub branching: Branching,
    pub captures: Captures,
    pub promotion: Promotion,
    pub endings: Vec<Ending>,
    pub nodes: u64,
}

/// Games by result.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Results {
    pub white_wins: usize,
    pub black_wins: usize,
    pub draws: usize,
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
    pub score: Option<f64>,
    pub low: Option<f64>,
    pub high: Option<f64>,
    /// `first` or `second` when the interval lies wholly above or below 1/2, else null.
    pub favours: Option<&'static str>,
}

/// Game length in plies (an unfinished game counts at the ply limit).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Length {
    pub mean: f64,
    pub median: f64,
    pub min: usize,
    pub max: usize,
    pub histogram: Vec<Bin>,
}

/// Games whose length is from `from` to `to` plies.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    pub from: usize,
    pub to: usize,
    pub games: usize,
}

/// Legal moves in the positions played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Branching {
    /// Over every ply of every game.
    pub mean: Option<f64>,
    pub by_ply: Vec<Stretch>,
}

/// The mean legal moves at plies `from` to `to` (counted from 1), over the `games` that
/// got that far.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stretch {
    pub from: usize,
    pub to: usize,
    pub mean: f64,
    pub games: usize,
}

/// Captures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Captures {
    pub plies: usize,
    /// Plies where every legal move was a capture.
    pub forced_share: Option<f64>,
    /// Plies whose move captured.
    pub capture_share: Option<f64>,
    /// Moves that captured.
    pub captures: usize,
    /// Pieces taken per capturing move.
    pub pieces_mean: Option<f64>,
    pub pieces_max: usize,
    pub pieces: Vec<Taken>,
}

/// How many capturing moves took `pieces` pieces.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Taken {
    pub pieces: usize,
    pub moves: usize,
}

/// Promotion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Promotion {
    /// Games in which a piece of either side was promoted.
    pub games: usize,
    pub share: f64,
    pub white: FirstPromotion,
    pub black: FirstPromotion,
    pub by_ply: Vec<PromotedBy>,
}

/// The ply (counted from 1) of a side's first promotion, in the `games` where it promoted.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstPromotion {
    pub games: usize,
    pub median: Option<f64>,
    pub min: Option<usize>,
}

/// The share of all games in which each side had promoted by ply `ply`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PromotedBy {
    pub ply: usize,
    pub white: f64,
    pub black: f64,
}

/// Games that ended for one reason.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ending {
    pub reason: String,
    /// The reason's stable name for programs ([`EndReason::code`]); null for the games
    /// unfinished at the ply limit.
    pub code: Option<&'static str>,
    /// `win`, `draw` or `unfinished`.
    pub result: &'static str,
    pub games: usize,
}

/// The reason of a game stopped at the ply limit.
pub const UNFINISHED: &str = "unfinished at the ply limit";

/// The numbers of `games` of `rules`, the length histogram in bins of `bin` plies.
pub fn stats(rules: &Rules, games: &[GameFacts], bin: usize) -> Stats {
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
pub fn r4(x: f64) -> f64 {
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
pub fn first_move(games: &[GameFacts]) -> FirstMove {
    let side = games.first().map_or(Side::White, |g| g.first).name();
    let scores: Vec<f64> = games.iter().filter_map(first_score).collect();
    let n = scores.len();
    let mut fm = FirstMove { side, scored: n, score: None, low: None, high: None, favours: None };
    if n == 0 {
        return fm;
    }
    let mean = scores.iter().sum::<f64>() / n as f64;
    fm.score = Some(r4(mean));
    if n < 2 {
        return fm;
    }
    let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half = 1.96 * (var / n as f64).sqrt();
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

pub fn length(games: &[GameFacts], bin: usize) -> Length {
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
pub fn length_bin(max: usize) -> usize {
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

pub fn branching(games: &[GameFacts]) -> Branching {
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

pub fn captures(games: &[GameFacts]) -> Captures {
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

pub fn promotion(games: &[GameFacts]) -> Promotion {
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
pub fn endings(rules: &Rules, games: &[GameFacts]) -> Vec<Ending> {
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
pub fn most_frequent_first(endings: &mut [Ending]) {
    endings.sort_by(|a, b| {
        (a.result == "unfinished").cmp(&(b.result == "unfinished")).then(b.games.cmp(&a.games)).then(a.reason.cmp(&b.reason))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ply: `legal` moves, taking `captured` (forced when `forced`), promoting or not.
    fn ply(side: Side, legal: usize, forced: bool, captured: usize, promoted: bool) -> PlyFacts {
        PlyFacts { side, legal, forced, captured, promoted, opening: false }
    }

    /// A game of `n` quiet plies, White first, each with `legal` moves.
    fn game(n: usize, legal: usize, outcome: Outcome) -> GameFacts {
        let side = |i: usize| if i.is_multiple_of(2) { Side::White } else { Side::Black };
        GameFacts { first: Side::White, outcome, plies: (0..n).map(|i| ply(side(i), legal, false, 0, false)).collect(), nodes: 7 }
    }

    const WIN: EndReason = EndReason::NoMoves;
    const REP: EndReason = EndReason::Repetition;

    fn international() -> Rules {
        polydame::load_variant("international").unwrap()
    }

    #[test]
    fn results_add_up() {
        let games = [game(3, 1, Outcome::Win(Side::White, WIN)), game(4, 1, Outcome::Draw(REP)), game(5, 1, Outcome::Ongoing)];
        let s = stats(&international(), &games, 10);
        assert_eq!(s.results, Results { white_wins: 1, black_wins: 0, draws: 1, unfinished: 1 });
        assert_eq!(s.nodes, 21);
    }

    #[test]
    fn first_move_scores_finished_games_only() {
        let mut games = Vec::new();
        for _ in 0..4 {
            games.push(game(3, 1, Outcome::Win(Side::White, WIN)));
            games.push(game(4, 1, Outcome::Win(Side::Black, WIN)));
            games.push(game(4, 1, Outcome::Draw(REP)));
            games.push(game(5, 1, Outcome::Ongoing));
        }
        let fm = first_move(&games);
        assert_eq!((fm.side, fm.scored, fm.score), ("White", 12, Some(0.5)));
        // Scores 1, 0, 1/2 four times each: sample variance 2/11, standard error its
        // square root over that of 12.
        let half = 1.96 * (2.0f64 / 11.0 / 12.0).sqrt();
        assert_eq!(fm.low, Some(r4(0.5 - half)));
        assert_eq!(fm.high, Some(r4(0.5 + half)));
        assert_eq!(fm.favours, None);
        // Three games: an interval wider than the scores, cut to 0 and 1.
        let fm = first_move(&games[..3]);
        assert_eq!((fm.low, fm.high), (Some(0.0), Some(1.0)));
    }

    #[test]
    fn first_move_interval_that_excludes_half() {
        let mut games: Vec<GameFacts> = (0..30).map(|_| game(2, 1, Outcome::Win(Side::White, WIN))).collect();
        games.extend((0..10).map(|_| game(2, 1, Outcome::Draw(REP))));
        assert_eq!(first_move(&games).favours, Some("first"));
        // The same games with Black moving first: the second player wins them.
        games.iter_mut().for_each(|g| g.first = Side::Black);
        let fm = first_move(&games);
        assert_eq!((fm.side, fm.score, fm.favours), ("Black", Some(0.125), Some("second")));
        // One game: a score, no interval.
        let fm = first_move(&games[..1]);
        assert_eq!((fm.score, fm.low, fm.favours), (Some(0.0), None, None));
        assert_eq!(first_move(&[]).score, None);
    }

    #[test]
    fn length_summary_and_histogram() {
        let games: Vec<GameFacts> = [3, 12, 12, 25].iter().map(|&n| game(n, 1, Outcome::Draw(REP))).collect();
        let l = length(&games, 10);
        assert_eq!((l.mean, l.median, l.min, l.max), (13.0, 12.0, 3, 25));
        let counts: Vec<(usize, usize, usize)> = l.histogram.iter().map(|b| (b.from, b.to, b.games)).collect();
        assert_eq!(counts, [(0, 9, 1), (10, 19, 2), (20, 29, 1)]);
        assert_eq!(length(&[], 10).histogram.len(), 1);
    }

    #[test]
    fn length_bins_are_round_and_few() {
        assert_eq!(length_bin(0), 1);
        assert_eq!(length_bin(20), 1);
        assert_eq!(length_bin(21), 2);
        assert_eq!(length_bin(150), 10);
        assert_eq!(length_bin(400), 20);
        assert_eq!(length_bin(1000), 50);
    }

    #[test]
    fn branching_by_stretch_of_plies() {
        let games = [game(15, 4, Outcome::Draw(REP)), game(5, 10, Outcome::Draw(REP))];
        let b = branching(&games);
        // 15 x 4 + 5 x 10 legal moves in 20 plies; 10 x 4 + 5 x 10 in the first 15.
        assert_eq!(b.mean, Some(5.5));
        assert_eq!(b.by_ply, [Stretch { from: 1, to: 10, mean: 6.0, games: 2 }, Stretch { from: 11, to: 20, mean: 4.0, games: 1 }]);
        assert_eq!(branching(&[]).mean, None);
    }

    #[test]
    fn captures_forced_taken_and_pieces() {
        let mut g = game(4, 3, Outcome::Draw(REP));
        g.plies[1] = ply(Side::Black, 2, true, 1, false);
        g.plies[2] = ply(Side::White, 1, true, 3, false);
        g.plies[3] = ply(Side::Black, 5, false, 1, false);
        let c = captures(&[g]);
        assert_eq!((c.plies, c.forced_share, c.capture_share, c.captures), (4, Some(0.5), Some(0.75), 3));
        assert_eq!((c.pieces_mean, c.pieces_max), (Some(r4(5.0 / 3.0)), 3));
        let dist: Vec<(usize, usize)> = c.pieces.iter().map(|t| (t.pieces, t.moves)).collect();
        assert_eq!(dist, [(1, 2), (2, 0), (3, 1)]);
        let none = captures(&[game(2, 1, Outcome::Ongoing)]);
        assert_eq!((none.capture_share, none.pieces_mean, none.pieces.len()), (Some(0.0), None, 0));
    }

    #[test]
    fn promotion_first_ply_per_side() {
        let mut a = game(25, 3, Outcome::Draw(REP));
        a.plies[8] = ply(Side::White, 3, false, 0, true);
        a.plies[20] = ply(Side::White, 3, false, 0, true);
        a.plies[13] = ply(Side::Black, 3, false, 0, true);
        let mut b = game(12, 3, Outcome::Draw(REP));
        b.plies[10] = ply(Side::White, 3, false, 0, true);
        let p = promotion(&[a, b, game(5, 3, Outcome::Ongoing)]);
        assert_eq!((p.games, p.share), (2, r4(2.0 / 3.0)));
        assert_eq!(p.white, FirstPromotion { games: 2, median: Some(10.0), min: Some(9) });
        assert_eq!(p.black, FirstPromotion { games: 1, median: Some(14.0), min: Some(14) });
        let by: Vec<(usize, f64, f64)> = p.by_ply.iter().map(|x| (x.ply, x.white, x.black)).collect();
        assert_eq!(by, [(10, r4(1.0 / 3.0), 0.0), (20, r4(2.0 / 3.0), r4(1.0 / 3.0)), (30, r4(2.0 / 3.0), r4(1.0 / 3.0))]);
    }

    #[test]
    fn endings_most_frequent_first_unfinished_last() {
        let games = [
            game(1, 1, Outcome::Ongoing),
            game(1, 1, Outcome::Draw(REP)),
            game(1, 1, Outcome::Win(Side::White, WIN)),
            game(1, 1, Outcome::Win(Side::Black, WIN)),
        ];
        let e: Vec<(String, Option<&str>, &str, usize)> =
            endings(&international(), &games).into_iter().map(|e| (e.reason, e.code, e.result, e.games)).collect();
        let want = [
            ("the opponent has no legal move", Some("no-moves"), "win", 2),
            ("the same position occurred again (repetition)", Some("repetition"), "draw", 1),
            (UNFINISHED, None, "unfinished", 1),
        ]
        .map(|(r, c, o, n)| (r.to_string(), c, o, n));
        assert_eq!(e, want);
    }

    #[test]
    fn endings_by_count_rule_read_their_sentence_from_the_rules() {
        let rules = international();
        let games = [game(1, 1, Outcome::Draw(EndReason::Count(0))), game(1, 1, Outcome::Draw(EndReason::Count(1)))];
        let e = endings(&rules, &games);
        assert_eq!(e.len(), 2, "two rules, two endings: {e:?}");
        for rule in &rules.spec().end.counts[..2] {
            let ending = e.iter().find(|e| e.reason == rule.reason).expect("each rule's sentence");
            assert_eq!((ending.code, ending.result, ending.games), (Some("count"), "draw", 1));
        }
    }
}
