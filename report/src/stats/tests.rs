//! The numbers of made-up games, worked out by hand.

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
