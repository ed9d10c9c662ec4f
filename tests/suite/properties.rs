//! Properties over random positions and games of every shipped variant: a FEN written and
//! read back is the same position (reached by play, or pieces of every kind put anywhere);
//! a game written as PDN with tags, comments, move annotations, glyphs and variations reads
//! back as the same game, legal; a position and its mirror image (the half turn with the
//! colours swapped, and the left-right reflection where board and rules allow it) have
//! mirrored legal moves.

use polydame::fen::{FenExtras, parse_fen, parse_fen_in, read_fen, write_fen, write_fen_with};
use polydame::geometry::Shape;
use polydame::notation::{Notations, move_text};
use polydame::pdn::{GameRecord, PdnGame, parse_game, pdn_games, replay, write_pdn};
use polydame::spec::{NoMoves, NoPieces};
use polydame::{
    History, MoveInfo, MoveList, Outcome, Position, Routes, Rules, Setup, Side, compile_text, load_variant, parse_move, shipped,
};
use proptest::collection::vec;
use proptest::prelude::*;
use std::sync::LazyLock;

/// Every shipped variant, compiled once.
static RULES: LazyLock<Vec<Rules>> =
    LazyLock::new(|| shipped().iter().map(|(stem, text)| compile_text(text, stem).unwrap_or_else(|d| panic!("{stem}: {d}"))).collect());

/// `n` cases per property, or as many as `PROPTEST_CASES` says (for a longer search).
fn cases(n: u32) -> ProptestConfig {
    ProptestConfig::with_cases(std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(n))
}

/// A game played from a position, each move picked by a choice (modulo the number of legal
/// moves), up to the game's end.
struct Played {
    /// The position before each move, then the one after the last.
    positions: Vec<Position>,
    /// Each move with the legal moves of its position.
    moves: Vec<(MoveInfo, Vec<MoveInfo>)>,
    /// How the game stands after the last move.
    outcome: Outcome,
}

fn play(rules: &Rules, start: &Position, choices: &[u32]) -> Played {
    let mut pos = start.clone();
    let mut history = History::new(rules, &pos);
    let mut list = MoveList::new();
    let mut played = Played { positions: vec![pos.clone()], moves: Vec::new(), outcome: Outcome::Ongoing };
    for &choice in choices {
        played.outcome = pos.outcome_in(rules, &mut list, &history);
        if played.outcome != Outcome::Ongoing {
            break;
        }
        pos.generate(rules, &mut list, Routes::Distinct);
        let legal: Vec<MoveInfo> = (0..list.len()).map(|i| list.info(i)).collect();
        let i = choice as usize % legal.len();
        // A pass that ends the game (`pass-then-loss`, of a side blocked or without
        // pieces) leads to a position no FEN holds
        // (it reads back with play going on): the game stops before it.
        let end = &rules.spec().end;
        let without_pieces = pos.pieces(pos.side_to_move()).is_empty() && pos.hand(pos.side_to_move()) == 0;
        if legal[i].is_pass() && (end.no_moves == NoMoves::PassThenLoss || without_pieces && end.no_pieces == NoPieces::PassThenLoss) {
            break;
        }
        // So does a piece placed alone that wins (`[drops] incomplete = "wins"`).
        if legal[i].drop && rules.spec().drops.as_ref().is_some_and(|d| legal[i].path.len() < usize::from(d.per_turn)) {
            break;
        }
        pos.make(rules, list.get(i));
        history.push(rules, &legal[i], &pos);
        played.moves.push((legal[i].clone(), legal));
        played.positions.push(pos.clone());
    }
    if played.outcome == Outcome::Ongoing {
        played.outcome = pos.outcome_in(rules, &mut list, &history);
    }
    played
}

/// Whether some kind of the variant has a quiet-move limit (Frisian's kings): then a
/// position carries king-move counters, which a FEN writes as lidraughts does.
fn has_quiet_limit(rules: &Rules) -> bool {
    rules.spec().kinds.iter().any(|k| k.max_quiet_moves.is_some())
}

/// The king-move counters of a position as a FEN writes them (White first).
fn counters(pos: &Position) -> [(u8, Option<u16>); 2] {
    pos.quiet_track().map(|(cell, n)| (n, (n > 0).then_some(cell)))
}

/// Pieces put on random cells: (cell seed, side, kind seed, pieces under it).
type Placement = Vec<(u16, bool, u8, Vec<(bool, u8)>)>;

/// A position of `rules` with the pieces of `placement` (cells and kinds taken modulo the
/// variant's; a cell given twice keeps its first piece; columns only where the variant has
/// them), whether or not a game reaches it; and whether `Position::from_setup` calls it
/// reachable.
fn placed(rules: &Rules, white_to_move: bool, placement: &Placement) -> (Position, bool) {
    let spec = rules.spec();
    let (cells, kinds) = (spec.geometry.len() as u16, spec.kinds.len() as u8);
    let side = |white: bool| if white { Side::White } else { Side::Black };
    let mut setup = Setup::new(side(white_to_move));
    let mut used = std::collections::HashSet::new();
    for (cell, white, kind, under) in placement {
        let cell = cell % cells;
        if !used.insert(cell) {
            continue;
        }
        setup.put(cell, side(*white), kind % kinds);
        if spec.columns.is_some() {
            for &(white, kind) in under {
                setup.put(cell, side(white), kind % kinds);
            }
        }
    }
    match Position::from_setup(rules, &setup) {
        Ok(p) => (p, true),
        Err(e) => {
            assert!(e.is_unreachable(), "{}: {e}", rules.id());
            (e.ignore_unreachable().expect("only unreachable problems"), false)
        }
    }
}

fn placement() -> impl Strategy<Value = Placement> {
    vec((any::<u16>(), any::<bool>(), any::<u8>(), vec((any::<bool>(), any::<u8>()), 0..4)), 0..40)
}

proptest! {
    #![proptest_config(cases(64))]

    /// Every position of a random game, written as FEN with its king-move counters and
    /// lidraughts' clock fields, reads back as the same position, counters and fields.
    #[test]
    fn fen_of_a_reached_position_reads_back_the_same(
        choices in vec(any::<u32>(), 0..150),
        half_moves in proptest::option::of(0u32..1000),
        move_number in proptest::option::of(1u32..1000),
    ) {
        for rules in RULES.iter() {
            let id = rules.id();
            let played = play(rules, &Position::start(rules), &choices);
            for (ply, pos) in played.positions.iter().enumerate() {
                let king_moves = has_quiet_limit(rules).then(|| counters(pos));
                let extras = FenExtras { half_moves, move_number, king_moves };
                let fen = write_fen_with(rules, pos, &extras);
                let read = read_fen(rules, &fen).map_err(|e| TestCaseError::fail(format!("{id} ply {ply}: {fen}: {e}")))?;
                prop_assert_eq!(&read.position, pos, "{} ply {}: {}", id, ply, fen);
                prop_assert_eq!(read.position.hash(), pos.hash(), "{} ply {}: {}", id, ply, fen);
                prop_assert_eq!(read.position.side_to_move(), pos.side_to_move(), "{} ply {}: {}", id, ply, fen);
                prop_assert_eq!(&read.extras, &extras, "{} ply {}: {}", id, ply, fen);
                prop_assert_eq!(&read.notation, &None, "{} ply {}: {}", id, ply, fen);
                prop_assert_eq!(read.fen(rules), fen.clone(), "{} ply {}", id, ply);
                // The bare FEN, read by each reader, is the board and side to move.
                let bare = write_fen(rules, pos);
                let by_parse = parse_fen(rules, &bare).map_err(|e| TestCaseError::fail(format!("{id}: {bare}: {e}")))?;
                let by_notation = parse_fen_in(rules, &rules.spec().notation, &bare)
                    .map_err(|e| TestCaseError::fail(format!("{id}: {bare}: {e}")))?;
                prop_assert_eq!(by_parse.setup().pieces, pos.setup().pieces, "{}: {}", id, bare);
                prop_assert_eq!(by_parse.hash(), pos.hash(), "{}: {}", id, bare);
                prop_assert_eq!(&by_notation, &by_parse, "{}: {}", id, bare);
            }
        }
    }

    /// Pieces of every kind (and columns of them) put on random cells, whether or not a game
    /// reaches the position, written as FEN read back as given: the same position; the
    /// strict reader takes it exactly when `Position::from_setup` does.
    #[test]
    fn fen_of_any_placement_reads_back_the_same(
        white_to_move in any::<bool>(),
        pieces in placement(),
        counter_seeds in [proptest::option::of((any::<u16>(), 1u8..=9)), proptest::option::of((any::<u16>(), 1u8..=9))],
        half_moves in proptest::option::of(0u32..1000),
    ) {
        for rules in RULES.iter() {
            let id = rules.id();
            let (mut pos, reachable) = placed(rules, white_to_move, &pieces);
            // In a variant with a quiet-move limit, a counter for a random piece of a
            // limited kind of each side, which the FEN names.
            let mut king_moves = None;
            if has_quiet_limit(rules) {
                let limited = |k: u8| rules.spec().kinds[k as usize].max_quiet_moves.is_some();
                let mut track = [(0, 0); 2];
                for side in Side::BOTH {
                    let kings: Vec<u16> = pos.pieces(side).iter().filter(|&c| pos.piece(c).is_some_and(|(_, k)| limited(k))).collect();
                    if let (Some((seed, n)), false) = (counter_seeds[side.index()], kings.is_empty()) {
                        track[side.index()] = (kings[seed as usize % kings.len()], n);
                    }
                }
                let mut setup = pos.setup();
                setup.quiet = track;
                pos = Position::from_setup(rules, &setup).or_else(|e| e.ignore_unreachable()).expect("the counted pieces are there");
                king_moves = Some(counters(&pos));
            }
            let extras = FenExtras { half_moves, move_number: None, king_moves };
            let fen = write_fen_with(rules, &pos, &extras);
            let read = Notations::new(rules).read_fen_as_given(&fen).map_err(|e| TestCaseError::fail(format!("{id}: {fen}: {e}")))?;
            prop_assert_eq!(&read.position, &pos, "{}: {}", id, fen);
            prop_assert_eq!(read.position.setup(), pos.setup(), "{}: {}", id, fen);
            prop_assert_eq!(read.position.hash(), pos.hash(), "{}: {}", id, fen);
            prop_assert_eq!(&read.extras, &extras, "{}: {}", id, fen);
            prop_assert_eq!(read.fen(rules), fen.clone(), "{}", id);
            let bare = write_fen(rules, &pos);
            match parse_fen(rules, &bare) {
                Ok(p) => {
                    prop_assert!(reachable, "{}: {} is read though no game reaches it", id, bare);
                    prop_assert_eq!(p.setup().pieces, pos.setup().pieces, "{}: {}", id, bare);
                }
                Err(e) => {
                    prop_assert!(!reachable && e.is_unreachable(), "{}: {}: {}", id, bare, e);
                    let p = e.ignore_unreachable().map_err(|e| TestCaseError::fail(format!("{id}: {bare}: {e}")))?;
                    prop_assert_eq!(p.setup().pieces, pos.setup().pieces, "{}: {}", id, bare);
                    prop_assert_eq!(p.hash(), pos.hash(), "{}: {}", id, bare);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// PDN

/// Notes for one move: annotation, glyphs, comment.
type Note = (Option<&'static str>, Vec<u16>, Option<String>);

fn note() -> impl Strategy<Value = Note> {
    let strength = proptest::option::weighted(0.3, proptest::sample::select(vec!["!", "?", "!!", "??", "!?", "?!"]));
    let nags = prop_oneof![3 => Just(Vec::new()), 1 => vec(0u16..1000, 1..3)];
    // Any text but `}`, and text made of what PDN gives a meaning to. Not U+FEFF: the
    // reader drops it at the start of any line (a byte-order mark where files were joined),
    // so a comment's line could not start with it.
    let text = prop_oneof!["[^}\u{feff}]{0,20}", "[{()\\[\\]%;\"\\\\$!?*0-9 a-z\n./-]{0,24}"];
    (strength, nags, proptest::option::weighted(0.3, text))
}

/// Tags: random names (none that changes how the game is read) and the standard ones, with
/// values holding anything a tag value may hold, `"` and `\` included.
fn tags() -> impl Strategy<Value = Vec<(String, String)>> {
    let name = prop_oneof![
        "[A-Za-z][A-Za-z0-9_]{0,10}",
        proptest::sample::select(vec!["Event", "Site", "Date", "Round", "White", "Black"]).prop_map(str::to_string),
    ]
    .prop_filter("a tag that changes how the game is read", |n| {
        !["gametype", "variant", "fen", "setup", "result"].contains(&n.to_ascii_lowercase().as_str())
    });
    let value = prop_oneof!["[^\r\n]{0,16}", "[\"\\\\\\[\\]{}() a-z%;]{0,12}"];
    vec((name, value), 0..6)
}

/// A line of the game as written: the main line or a variation.
struct WrittenLine {
    /// `None` the main line, `Some(i)` variation `i` of the annotations.
    parent: Option<usize>,
    at: usize,
    played: Played,
}

/// The order a reader meets the variations in: each where it branches, with its own
/// variations inside it.
fn written_order(lines: &[WrittenLine]) -> Vec<usize> {
    fn visit(lines: &[WrittenLine], line: Option<usize>, out: &mut Vec<usize>) {
        let len = match line {
            None => lines[0].played.moves.len(),
            Some(k) => lines[k + 1].played.moves.len(),
        };
        for i in 0..len {
            for (k, v) in lines[1..].iter().enumerate() {
                if v.parent == line && v.at == i {
                    out.push(k);
                    visit(lines, Some(k), out);
                }
            }
        }
    }
    let mut out = Vec::new();
    visit(lines, None, &mut out);
    out
}

/// Byte offset in `text` of a (line, column) place, both from 1, the column in characters.
fn offset(text: &str, (line, column): (usize, usize)) -> usize {
    let start: usize = text.split_inclusive('\n').take(line - 1).map(str::len).sum();
    start + text[start..].char_indices().nth(column - 1).map_or(text.len() - start, |(i, _)| i)
}

/// A move's key: what it does, whatever route a list keeps for it: the pieces it takes
/// off, how many by capture and how many by huffing, as the move reader tells moves apart
/// (a king that takes one of two pieces and huffs the other, either way round, makes one
/// move: the same pieces leave the board).
fn key(m: &MoveInfo) -> (u16, u16, Vec<u16>, usize, usize, u8, u8) {
    let mut taken: Vec<u16> = m.captured.iter().chain(&m.removed).copied().collect();
    taken.sort_unstable();
    // A drop's two cells are one move whichever is placed first.
    let (from, to) = if m.drop { (m.from.min(m.to), m.from.max(m.to)) } else { (m.from, m.to) };
    (from, to, taken, m.captured.len(), m.removed.len(), m.kind_before, m.kind_after)
}

/// The notes written, as the test drew them: per move of the main line and of each
/// variation (in the annotations' order).
struct Notes {
    main: Vec<Note>,
    variations: Vec<Vec<Note>>,
}

/// Checks the game read back from `text` against the lines and notes written. The reader
/// keeps no comments, annotations or glyphs (`PdnGame` has no place for them): they are
/// checked in the text, right after the move the reader found them after, before the next
/// thing it found.
fn check_read_back(rules: &Rules, text: &str, record: &GameRecord, lines: &[WrittenLine], notes: &Notes) -> Result<(), TestCaseError> {
    let id = rules.id();
    let games: Vec<PdnGame> = pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("in memory"))).collect();
    prop_assert_eq!(games.len(), 1, "{}: one game in\n{}", id, text);
    let game = &games[0];
    prop_assert!(game.oddities.is_empty(), "{}: oddities {:?} in\n{}", id, game.oddities, text);
    // The result as the variant writes it: `2-0` on a board of ten squares or more.
    let result = polydame::pdn::result_as_written(rules, &record.result);
    prop_assert_eq!(game.result.as_deref(), Some(result.as_str()), "{}", id);
    let result_at = text.rfind(result.as_str()).expect("the result is written");

    // Tags: the standard ones in lidraughts' order (the game's value or `?`), the variant's,
    // the start position's FEN when it is not the variant's start, then the others given.
    let given = |k: &str| record.tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut expected: Vec<(String, String)> =
        [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"), ("Black", "?")]
            .iter()
            .map(|&(k, d)| (k.to_string(), given(k).unwrap_or_else(|| d.to_string())))
            .collect();
    expected.push(("Result".into(), result.clone()));
    match rules.spec().gametypes.first() {
        Some(g) => expected.push(("GameType".into(), g.clone())),
        None => expected.push(("Variant".into(), id.to_string())),
    }
    let from_start = record.start == Position::start(rules);
    if !from_start {
        expected.push(("SetUp".into(), "1".into()));
        expected.push(("FEN".into(), game.tag("FEN").unwrap_or("").to_string()));
    }
    for (k, v) in &record.tags {
        if !expected.iter().any(|(n, _)| n == k) {
            expected.push((k.clone(), v.clone()));
        }
    }
    prop_assert_eq!(&game.tags, &expected, "{}: tags of\n{}", id, text);
    if !from_start {
        let fen = game.tag("FEN").unwrap_or("");
        let start = read_fen(rules, fen).map_err(|e| TestCaseError::fail(format!("{id}: FEN tag {fen}: {e}")))?;
        prop_assert_eq!(&start.position, &record.start, "{}: FEN tag {}", id, fen);
    }

    // Moves: the same, in the same order, in every line; variations where they were written.
    let order = written_order(lines);
    prop_assert_eq!(game.variations.len(), order.len(), "{}: variations of\n{}", id, text);
    // Every place in the text where a move or a variation starts, to bound each move's notes.
    let mut starts: Vec<usize> = game.moves.iter().map(|m| offset(text, (m.line, m.column))).collect();
    for v in &game.variations {
        starts.push(offset(text, (v.line, v.column)));
        starts.extend(v.moves.iter().map(|m| offset(text, (m.line, m.column))));
    }
    starts.sort_unstable();
    for (w, written) in std::iter::once(&lines[0]).chain(order.iter().map(|&k| &lines[k + 1])).enumerate() {
        let read = if w == 0 { &game.moves[..] } else { &game.variations[w - 1].moves[..] };
        let line_notes = match w {
            0 => &notes.main[..],
            _ => &notes.variations[order[w - 1]][..],
        };
        let what = if w == 0 { "main line".to_string() } else { format!("variation {}", order[w - 1]) };
        prop_assert_eq!(read.len(), written.played.moves.len(), "{}: {} of\n{}", id, what, text);
        if w > 0 {
            let v = &game.variations[w - 1];
            let parent = written.parent.map(|p| order.iter().position(|&o| o == p).expect("in order"));
            prop_assert_eq!((v.parent, v.at), (parent, written.at), "{}: {} of\n{}", id, what, text);
            // Its `(` comes after the move it replaces, before the parent's next one.
            let open = offset(text, (v.line, v.column));
            prop_assert_eq!(&text[open..open + 1], "(", "{}", id);
            let parent_moves = match parent {
                None => &game.moves[..],
                Some(j) => &game.variations[j].moves[..],
            };
            let branch = &parent_moves[written.at];
            prop_assert!(offset(text, (branch.line, branch.column)) < open, "{}: {} written before its move", id, what);
            if let Some(next) = parent_moves.get(written.at + 1) {
                prop_assert!(open < offset(text, (next.line, next.column)), "{}: {} written after the next move", id, what);
            }
        }
        for (i, ((m, legal), r)) in written.played.moves.iter().zip(read).enumerate() {
            let expected_text = move_text(rules, m, legal);
            prop_assert_eq!(&r.text, &expected_text, "{}: {} move {} of\n{}", id, what, i, text);
            if !m.is_pass() {
                let resolved = parse_move(rules, &written.played.positions[i], &r.text)
                    .map_err(|e| TestCaseError::fail(format!("{id}: {what} move {i} `{}`: {e}", r.text)))?;
                prop_assert_eq!(key(&resolved), key(m), "{}: {} move {} `{}`", id, what, i, r.text);
            }
            // Its annotation, glyphs and comment are written right after it, before
            // anything else the reader finds.
            let at = offset(text, (r.line, r.column));
            let end = starts.iter().copied().find(|&s| s > at).unwrap_or(result_at);
            let after = &text[at..end];
            let (strength, nags, comment) = line_notes.get(i).cloned().unwrap_or_default();
            let head = format!("{expected_text}{}", strength.unwrap_or(""));
            prop_assert!(after.starts_with(&head), "{}: {} move {}: `{}` is not `{}...`", id, what, i, after, head);
            prop_assert!(!after[head.len()..].starts_with(['!', '?']), "{}: {} move {}: `{}`", id, what, i, after);
            let mut rest = &after[head.len()..];
            for g in &nags {
                let glyph = format!("${g}");
                rest = match rest.trim_start().strip_prefix(&glyph) {
                    Some(r) if !r.starts_with(|c: char| c.is_ascii_digit()) => r,
                    _ => return Err(TestCaseError::fail(format!("{id}: {what} move {i}: no {glyph} in `{after}`"))),
                };
            }
            match &comment {
                Some(c) => {
                    let written = format!("{{{c}}}");
                    prop_assert!(rest.trim_start().starts_with(&written), "{}: {} move {}: no comment {:?} in `{}`", id, what, i, c, after);
                }
                None => prop_assert!(!rest.contains('{'), "{}: {} move {}: a comment in `{}`", id, what, i, after),
            }
        }
    }

    // The replay judges every line legal, and ends where the game ends.
    let verdict = replay(rules, game);
    prop_assert!(verdict.error.is_none(), "{}: {:?} in\n{}", id, verdict.error, text);
    prop_assert!(verdict.variations.is_empty(), "{}: {:?} in\n{}", id, verdict.variations, text);
    prop_assert_eq!(verdict.plies, record.moves.len(), "{}", id);
    prop_assert_eq!(verdict.position.as_ref(), lines[0].played.positions.last(), "{}: final position of\n{}", id, text);
    Ok(())
}

proptest! {
    #![proptest_config(cases(64))]

    /// A random game (from the start or from a position reached), written as PDN with
    /// random tags, annotations, glyphs, comments and variations (nested too), reads back
    /// with the same tags, moves, notes in the same places and variations, and replays
    /// legal, variations included.
    #[test]
    fn pdn_with_notes_and_variations_reads_back_the_same(
        before in prop_oneof![Just(Vec::new()), vec(any::<u32>(), 1..12)],
        choices in vec(any::<u32>(), 0..80),
        // Per variation: the line it branches from and the move it replaces (each modulo
        // what there is), and the choices of its moves.
        seeds in vec((any::<u32>(), any::<u32>(), vec(any::<u32>(), 1..10)), 0..5),
        note_pool in vec(note(), 1..30),
        tags in tags(),
    ) {
        for rules in RULES.iter() {
            // The game starts where `before` leaves the start position (a FEN tag unless
            // that is the start).
            let start = play(rules, &Position::start(rules), &before).positions.pop().expect("a position");
            let main = play(rules, &start, &choices);
            let result = match main.outcome {
                Outcome::Ongoing => "*",
                o => o.score(),
            };
            let record = GameRecord { tags: tags.clone(), start, moves: main.moves.clone(), result: result.to_string() };
            let mut lines = vec![WrittenLine { parent: None, at: 0, played: main }];
            let mut annotations = record.annotations();
            for (line_seed, at_seed, var_choices) in &seeds {
                let parent_line = *line_seed as usize % lines.len();
                let parent = &lines[parent_line].played;
                if parent.moves.is_empty() {
                    continue;
                }
                let at = *at_seed as usize % parent.moves.len();
                let played = play(rules, &parent.positions[at], var_choices);
                if played.moves.is_empty() {
                    continue;
                }
                let parent = parent_line.checked_sub(1);
                let k = annotations.add_variation(parent, at, played.moves.clone());
                prop_assert_eq!(k + 1, lines.len());
                lines.push(WrittenLine { parent, at, played });
            }
            // Notes from the pool, move by move through every line.
            let mut pool = note_pool.iter().cycle();
            let mut draw = |count: usize| -> Vec<Note> { (0..count).map(|_| pool.next().expect("a cycle").clone()).collect() };
            let notes = Notes {
                main: draw(lines[0].played.moves.len()),
                variations: lines[1..].iter().map(|l| draw(l.played.moves.len())).collect(),
            };
            for (t, (strength, nags, comment)) in annotations.moves.iter_mut().zip(&notes.main) {
                t.strength = strength.map(str::to_string);
                t.nags = nags.clone();
                t.comment = comment.clone();
            }
            for (v, drawn) in annotations.variations.iter_mut().zip(&notes.variations) {
                for (t, (strength, nags, comment)) in v.notes.iter_mut().zip(drawn) {
                    t.strength = strength.map(str::to_string);
                    t.nags = nags.clone();
                    t.comment = comment.clone();
                }
            }
            let text = record.write_annotated(rules, &annotations).map_err(|e| TestCaseError::fail(format!("{}: {e}", rules.id())))?;
            check_read_back(rules, &text, &record, &lines, &notes)?;
        }
    }
}

/// One game read from PDN text.
fn read_one(text: &str) -> PdnGame {
    let games: Vec<PdnGame> = pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("in memory"))).collect();
    assert_eq!(games.len(), 1, "one game in\n{text}");
    games.into_iter().next().expect("one game")
}

/// What would break a PDN file is escaped (a tag value's `"` and `\`), written another way
/// (a line break in a tag value as a space, a tag name's other characters as `_`) or
/// refused (a comment's `}`, an annotation that is not `!` and `?`, a variation that cannot
/// be placed).
#[test]
fn pdn_escapes_or_refuses_what_would_break_the_file() {
    let rules = load_variant("international").expect("shipped");
    let start = Position::start(&rules);
    let main = play(&rules, &start, &[0, 1, 2, 3]);
    let values = ["say \"hi\"", "C:\\games\\", "\\", "\"", "\\\"", "] [Event \"x\"]", "{ ( ; %"];
    let mut tags: Vec<(String, String)> = values.iter().enumerate().map(|(i, v)| (format!("T{i}"), v.to_string())).collect();
    tags.push(("Annotator".into(), "line one\nline two\r\nthree\rfour".into()));
    tags.push(("Time Control]".into(), "40/2h".into()));
    tags.push((String::new(), "nameless".into()));
    let record = GameRecord { tags, start, moves: main.moves.clone(), result: "*".into() };
    let text = write_pdn(&rules, &record);
    let game = read_one(&text);
    for (i, v) in values.iter().enumerate() {
        assert_eq!(game.tag(&format!("T{i}")), Some(*v), "{text}");
    }
    assert_eq!(game.tag("Annotator"), Some("line one line two three four"), "{text}");
    assert_eq!(game.tag("Time_Control_"), Some("40/2h"), "{text}");
    assert_eq!(game.tag("_"), Some("nameless"), "{text}");
    assert_eq!(game.moves.len(), 4, "{text}");
    assert!(game.oddities.is_empty() && replay(&rules, &game).error.is_none(), "{text}");

    // The notes `$change` makes to empty ones, and why the writer refuses them.
    macro_rules! refused {
        (|$n:ident| $change:expr) => {{
            let mut $n = record.annotations();
            $change;
            record.write_annotated(&rules, &$n).expect_err("refused").to_string()
        }};
    }
    let e = refused!(|n| n.moves[1].comment = Some("a } ends it".into()));
    assert_eq!(e, "a comment cannot hold `}` (it would end the comment there): \"a } ends it\"");
    let e = refused!(|n| n.moves[0].strength = Some("!x".into()));
    assert!(e.contains("`!x` is not a move annotation"), "{e}");
    let e = refused!(|n| n.moves[0].strength = Some(String::new()));
    assert!(e.contains("is not a move annotation"), "{e}");
    let alternative = main.moves[2].clone();
    let e = refused!(|n| n.add_variation(None, 4, vec![alternative.clone()]));
    assert_eq!(e, "variation 0 cannot be written: it branches at move 4 of a line of 4 moves");
    let e = refused!(|n| n.add_variation(Some(0), 0, vec![alternative.clone()]));
    assert_eq!(e, "variation 0 cannot be written: its parent, variation 0, does not come before it");
    let e = refused!(|n| n.add_variation(None, 0, Vec::new()));
    assert_eq!(e, "variation 0 cannot be written: it has no moves");
    let e = refused!(|n| n.moves.push(Default::default()));
    assert_eq!(e, "5 notes for a line of 4 moves (the main line)");
    // With no notes, the annotated writer writes what `write_pdn` writes.
    assert_eq!(record.write_annotated(&rules, &record.annotations()), Ok(text));
}

/// A king's count of quiet moves stays at its limit once there: a side left with kings
/// only moves them on and on, and the FEN writes the count in one digit (it once counted on
/// past 9, written `+1036` and read back as 1 move on square 036).
#[test]
fn fen_king_move_counter_stays_at_the_limit_and_reads_back() {
    let rules = load_variant("frysk").expect("shipped");
    let mut pos = parse_fen(&rules, "W:WK44:BK46").expect("a position");
    let mut list = MoveList::new();
    let mut plies = 0;
    for _ in 0..24 {
        pos.generate(&rules, &mut list, Routes::Distinct);
        // A quiet king move after which no capture is on: the kings go on moving.
        let safe = |m: &polydame::MoveRef| {
            let mut after = pos.clone();
            after.make(&rules, *m);
            let mut replies = MoveList::new();
            after.generate(&rules, &mut replies, Routes::Distinct);
            m.captures() == 0 && replies.iter().all(|r| r.captures() == 0)
        };
        let Some(i) = list.iter().position(|m| safe(&m)) else { break };
        pos.make(&rules, list.get(i));
        plies += 1;
        assert!(pos.quiet_track().iter().all(|&(_, n)| n <= 3), "{:?}", pos.quiet_track());
        let fen = write_fen_with(&rules, &pos, &FenExtras { king_moves: Some(counters(&pos)), ..FenExtras::default() });
        let read = read_fen(&rules, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(read.position, pos, "{fen}");
    }
    assert!(plies >= 12, "the kings moved {plies} times");
}

/// A variation goes on after a pass (`--`, PDN's null move) in a variant where a blocked
/// side passes, as the main line does.
///
/// `read_tokens` in src/record/pdn.rs ends a variation at its first `--` (the pass kept,
/// what follows dropped), so the moves after it are never replayed: here the variation's
/// `3... a2-b1` (Black's man is blocked by b1) draws no warning, though the same moves as
/// the main line are an error at ply 6.
#[test]
fn pdn_variation_goes_on_after_a_pass() {
    let rules = load_variant("damenspiel").expect("shipped");
    let head = "[Variant \"damenspiel\"]\n[FEN \"W:Wb1,b3,c4,h1:Ba2\"]\n\n";
    let main_line = read_one(&format!("{head}1. h1-g2 -- 2. g2-f3 -- 3. f3-e4 a2-b1 *\n"));
    assert_eq!(replay(&rules, &main_line).error.map(|e| e.ply), Some(6));
    let game = read_one(&format!("{head}1. h1-g2 -- 2. g2-h3 (2. g2-f3 -- 3. f3-e4 a2-b1) -- *\n"));
    assert_eq!(game.variations[0].moves.len(), 4, "{:?}", game.variations[0].moves);
    assert_eq!(replay(&rules, &game).variations.len(), 1);
}

// ---------------------------------------------------------------------------------------
// Mirror images

/// Where each cell goes under a map of coordinates; `None` when some image is not a cell
/// of the board.
fn cell_map(rules: &Rules, f: impl Fn((i8, i8)) -> (i8, i8)) -> Option<Vec<u16>> {
    let g = &rules.spec().geometry;
    (0..g.len() as u16).map(|c| g.cell_at(f(g.coord(c)))).collect()
}

/// The half turn of the board.
fn half_turn(rules: &Rules) -> Option<Vec<u16>> {
    let (mx, my) = match rules.spec().geometry.shape() {
        Shape::Square { width, height, .. } => (width as i8 - 1, height as i8 - 1),
        Shape::Hex { side } => (2 * side as i8 - 2, 2 * side as i8 - 2),
        // A shape this test does not know: no symmetry is assumed.
        _ => return None,
    };
    cell_map(rules, |(x, y)| (mx - x, my - y))
}

/// The reflection of the board in its vertical axis (on a hexagonal board, whose cells are
/// (file, rank) with the file going up-right and the rank up-left, file and rank swapped).
fn left_right(rules: &Rules) -> Option<Vec<u16>> {
    match rules.spec().geometry.shape() {
        Shape::Square { width, .. } => cell_map(rules, |(x, y)| (width as i8 - 1 - x, y)),
        Shape::Hex { .. } => cell_map(rules, |(f, r)| (r, f)),
        _ => None,
    }
}

/// Whether the start position maps onto itself: each side's pieces onto the other's when
/// `swap`, else onto its own.
fn start_maps_to_itself(rules: &Rules, map: &[u16], swap: bool) -> bool {
    let setup = &rules.spec().setup;
    let sorted = |v: Vec<(u16, u8)>| {
        let mut v = v;
        v.sort_unstable();
        v
    };
    let hand = |s: Side| rules.spec().drops.as_ref().map_or(0, |d| d.hand[s.index()]);
    Side::BOTH.iter().all(|&side| {
        let image = if swap { side.other() } else { side };
        sorted(setup[side.index()].iter().map(|&(c, k)| (map[c as usize], k)).collect()) == sorted(setup[image.index()].clone())
            && hand(side) == hand(image)
    })
}

/// The mirror image of a position: every piece (column order kept) on its cell's image,
/// with the colours and the side to move swapped when `swap`; the king-move counters go
/// with their pieces.
fn mirror(rules: &Rules, pos: &Position, map: &[u16], swap: bool) -> Position {
    let colour = |s: Side| if swap { s.other() } else { s };
    let setup = pos.setup();
    let mut image = Setup::new(colour(setup.side_to_move));
    for p in &setup.pieces {
        image.put(map[p.cell as usize], colour(p.side), p.kind);
    }
    for side in Side::BOTH {
        let (cell, n) = pos.quiet_track()[side.index()];
        if n > 0 {
            image.quiet[colour(side).index()] = (map[cell as usize], n);
        }
        image.last_landing[colour(side).index()] = setup.last_landing[side.index()].map(|c| map[c as usize]);
        image.hand[colour(side).index()] = setup.hand[side.index()];
    }
    image.huffable = setup.huffable.iter().map(|&c| map[c as usize]).collect();
    image.played = setup.played;
    Position::from_setup(rules, &image).or_else(|e| e.ignore_unreachable()).expect("a position the rules hold")
}

fn legal(rules: &Rules, pos: &Position, routes: Routes) -> Vec<MoveInfo> {
    let mut pos = pos.clone();
    let mut list = MoveList::new();
    pos.generate(rules, &mut list, routes);
    (0..list.len()).map(|i| list.info(i)).collect()
}

/// A move with its cells mapped.
fn mapped(m: &MoveInfo, map: &[u16]) -> MoveInfo {
    if m.is_pass() {
        return m.clone();
    }
    let cell = |c: &u16| map[*c as usize];
    MoveInfo {
        from: cell(&m.from),
        to: cell(&m.to),
        path: m.path.iter().map(cell).collect(),
        captured: m.captured.iter().map(cell).collect(),
        // In the order of their cells, as the generator lists them.
        removed: {
            let mut removed: Vec<u16> = m.removed.iter().map(cell).collect();
            removed.sort_unstable();
            removed
        },
        kind_before: m.kind_before,
        kind_after: m.kind_after,
        drop: m.drop,
    }
}

/// Checks that the legal moves of the mirror image of each position of a random game are
/// the images of its legal moves: as distinct moves (origin, destination, captured cells,
/// kinds), and route by route (every landing cell, in order) for each way of counting routes.
fn check_mirror(rules: &Rules, choices: &[u32], map: &[u16], swap: bool) -> Result<(), TestCaseError> {
    let id = rules.id();
    let played = play(rules, &Position::start(rules), choices);
    for (ply, pos) in played.positions.iter().enumerate() {
        let image = mirror(rules, pos, map, swap);
        let sorted = |mut v: Vec<MoveInfo>| {
            v.sort_unstable();
            v
        };
        let distinct = |moves: Vec<MoveInfo>| {
            let mut keys: Vec<_> = moves.iter().map(key).collect();
            keys.sort_unstable();
            keys
        };
        let ours = legal(rules, pos, Routes::Distinct);
        prop_assert_eq!(
            distinct(legal(rules, &image, Routes::Distinct)),
            distinct(ours.iter().map(|m| mapped(m, map)).collect()),
            "{}: ply {}: {} and its image {}",
            id,
            ply,
            write_fen(rules, pos),
            write_fen(rules, &image)
        );
        for routes in [Routes::Paths, Routes::Landings] {
            prop_assert_eq!(
                sorted(legal(rules, &image, routes)),
                sorted(legal(rules, pos, routes).iter().map(|m| mapped(m, map)).collect()),
                "{}: ply {}: {:?}: {} and its image {}",
                id,
                ply,
                routes,
                write_fen(rules, pos),
                write_fen(rules, &image)
            );
        }
    }
    Ok(())
}

/// Whether per-side cell sets of the rules (promotion cells, cells a kind may stand on,
/// cells a move avoids) map onto each other: each side's onto the other's when `swap`,
/// else onto its own.
fn zones_map_to_themselves(rules: &Rules, map: &[u16], swap: bool) -> bool {
    let same = |sets: &[polydame::geometry::CellSet; 2]| {
        Side::BOTH.iter().all(|&side| {
            let image = if swap { side.other() } else { side };
            let mut mapped: Vec<u16> = sets[side.index()].iter().map(|c| map[c as usize]).collect();
            mapped.sort_unstable();
            mapped == sets[image.index()].iter().collect::<Vec<_>>()
        })
    };
    rules.spec().kinds.iter().all(|k| {
        k.promotion.as_ref().is_none_or(|(_, zones)| same(zones)) && k.cells.as_ref().is_none_or(same) && k.avoid.as_ref().is_none_or(same)
    }) && rules.spec().drops.as_ref().is_none_or(|d| same(&d.cells))
}

/// Why a map is not a symmetry of a variant's board, start position and zones, if it is not.
fn asymmetry(rules: &Rules, map: Option<Vec<u16>>, swap: bool) -> Option<&'static str> {
    match map {
        None => Some("the board"),
        Some(m) if !start_maps_to_itself(rules, &m, swap) => Some("the start position"),
        Some(m) if !zones_map_to_themselves(rules, &m, swap) => Some("the zones"),
        Some(_) => None,
    }
}

/// The variants the half-turn property skips, with why. Every other shipped variant's
/// board, start position and zones are their own image under the half turn with the
/// colours swapped, and (the property says) so are its rules.
const NOT_HALF_TURN_SYMMETRIC: &[(&str, &str)] = &[
    // White on the squares of a1's colour, Black on the others: turned round with the
    // colours swapped, White's squares stay White's.
    ("cage", "the start position"),
    // The guerrilla's stones are in hand, COIN's checkers on the board.
    ("guerrilla-checkers", "the start position"),
    // Three lines joined at their left-hand end only.
    ("kolowis-awithlaknannai", "the board"),
];

/// The variants the left-right property skips, with why.
const NOT_LEFT_RIGHT_SYMMETRIC: &[(&str, &str)] = &[
    // The dark squares of a board of even width: the reflection takes them to light ones.
    ("accelerated-12", "the board"),
    ("accelerated-14", "the board"),
    ("accelerated-8", "the board"),
    ("accelerated", "the board"),
    ("antidraughts", "the board"),
    ("bashni", "the board"),
    ("brazilian", "the board"),
    ("breakthrough", "the board"),
    ("canadian", "the board"),
    ("coc-inbert", "the board"),
    ("damas", "the board"),
    ("czech", "the board"),
    ("dama-philippines", "the board"),
    ("dam", "the board"),
    ("damenspiel", "the board"),
    ("damspel", "the board"),
    ("diagonal-draughts", "the board"),
    ("doov", "the board"),
    ("dum-blas", "the board"),
    ("english", "the board"),
    ("frisian", "the board"),
    ("frysk", "the board"),
    ("international", "the board"),
    ("italian", "the board"),
    ("jekab", "the board"),
    ("killer", "the board"),
    ("main-dam", "the board"),
    ("maleys", "the board"),
    ("moo", "the board"),
    ("pleasant-draughts", "the board"),
    ("pool", "the board"),
    ("russian", "the board"),
    ("seesaw-draughts", "the board"),
    ("shashki-ludii", "the board"),
    ("spanish", "the board"),
    ("thai", "the board"),
    ("the-babylonian", "the board"),
    // Three lines joined at their left-hand end only.
    ("kolowis-awithlaknannai", "the board"),
    // Every square is a cell, but the pieces stand in the corners at a1 and h8.
    ("coronet", "the start position"),
    // Each side's pieces fill the middle row on one side of the centre.
    ("alquerque", "the start position"),
    ("kharbaga", "the start position"),
    ("zamma", "the start position"),
    // White on the squares of a1's colour, Black on the others: mirrored, they swap.
    ("cage", "the start position"),
    ("fanorona", "the start position"),
    ("guerrilla-checkers", "the start position"),
    // Every square is a cell, but the pieces stand on the squares of a1's colour.
    ("unnamed-dutch", "the start position"),
    ("makvoer", "the start position"),
    // Games of Ludii's `lines/` and `orthogonal/` folders whose start, as Ludii's code
    // places it, is not its own mirror: each side fills the middle row (or an extra row,
    // or the points of a triangle) on one side of the centre, or a point is left out on
    // one side (Terhuchu's G6, Peralikatuma's middle column).
    ("ahtarah-guti", "the start position"),
    ("awithlaknan-mosona", "the start position"),
    ("bara-guti", "the start position"),
    ("bis-gutiya", "the start position"),
    ("challis-ghutia", "the start position"),
    ("challis-ghutia-titagarh", "the start position"),
    ("crand", "the start position"),
    ("dash-guti", "the start position"),
    ("ethiopian-capture-game", "the start position"),
    ("kaua-dorki", "the start position"),
    ("kharberg", "the start position"),
    ("koruboddo", "the start position"),
    ("kotu-ellima", "the start position"),
    ("lam-pusri", "the start position"),
    ("meurimueng-rimueng-peuet-ploh", "the start position"),
    ("natt-klab-ash-shawk", "the start position"),
    ("padaivettu", "the start position"),
    ("peralikatuma", "the start position"),
    ("ram-tir", "the start position"),
    ("ratti-chitti-bakri", "the start position"),
    ("satoel", "the start position"),
    ("terhuchu", "the start position"),
    ("tuknanavuhpi", "the start position"),
    ("la-dama", "the start position"),
    ("dama-alquerque", "the start position"),
    ("sumi-naga-game-war", "the start position"),
    ("dablot-prejjesne", "the start position"),
    ("fetach", "the start position"),
    ("bara-guti-bihar", "the start position"),
    ("zuz-mel-5x5", "the start position"),
    ("zuz-mel-7x7", "the start position"),
    ("tsukkalavde", "the start position"),
    ("jumping-beans", "the start position"),
];

/// The variants a mirror property covers: those whose board, start position and zones map
/// onto themselves.
fn symmetric(map: fn(&Rules) -> Option<Vec<u16>>, swap: bool) -> impl Iterator<Item = &'static Rules> {
    RULES.iter().filter(move |r| asymmetry(r, map(r), swap).is_none())
}

/// The mirror properties skip exactly the variants listed, for the reasons listed.
#[test]
fn mirror_properties_skip_the_variants_listed() {
    let sorted = |mut v: Vec<(&'static str, &'static str)>| {
        v.sort_unstable();
        v
    };
    let skipped = |map: fn(&Rules) -> Option<Vec<u16>>, swap: bool| {
        sorted(RULES.iter().filter_map(|r| asymmetry(r, map(r), swap).map(|why| (r.id(), why))).collect())
    };
    assert_eq!(skipped(half_turn, true), sorted(NOT_HALF_TURN_SYMMETRIC.to_vec()));
    assert_eq!(skipped(left_right, false), sorted(NOT_LEFT_RIGHT_SYMMETRIC.to_vec()));
}

proptest! {
    #![proptest_config(cases(64))]

    /// The half turn with the colours and the side to move swapped maps each position of a
    /// random game to one whose legal moves are the images of its legal moves.
    #[test]
    fn half_turn_with_colours_swapped_mirrors_the_legal_moves(choices in vec(any::<u32>(), 0..100)) {
        for rules in symmetric(half_turn, true) {
            let map = half_turn(rules).expect("a symmetry");
            check_mirror(rules, &choices, &map, true)?;
        }
    }

    /// The left-right reflection maps each position of a random game to one whose legal
    /// moves are the images of its legal moves, in the variants whose board it maps onto
    /// itself.
    #[test]
    fn left_right_reflection_mirrors_the_legal_moves(choices in vec(any::<u32>(), 0..100)) {
        for rules in symmetric(left_right, false) {
            let map = left_right(rules).expect("a symmetry");
            check_mirror(rules, &choices, &map, false)?;
        }
    }
}
