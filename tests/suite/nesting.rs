//! Deep nesting meets a limit, never the end of the stack: every reader that recurses
//! (the expressions of a variant file, PDN variations) is walked at 100,000 levels and
//! answers with an error that says where, and the deepest input each one takes is read on
//! a thread with a small stack, so that the limits hold on any thread a front end runs
//! them on (a server's worker, a Python thread).

use polydame::pdn::{MAX_VARIATION_DEPTH, parse_game, pdn_games, replay};
use polydame::spec::{DiagnosticKind, MAX_NAMED_CELLS, MAX_NESTING, MAX_PARTS, line_col};
use polydame::{LoadError, compile_text, load_variant};

/// The stack the deepest accepted inputs are read with: a quarter of a MiB, an eighth of
/// a tokio worker's and less than any platform's default for a thread.
const SMALL_STACK: usize = 256 * 1024;

/// Runs `f` on a thread with [`SMALL_STACK`] bytes of stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(SMALL_STACK).spawn(f).expect("a thread").join().expect("no overflow, no panic")
}

/// English draughts with `old` of its file replaced by `new`.
fn english_with(old: &str, new: &str) -> String {
    let text = polydame::shipped().iter().find(|(id, _)| *id == "english").expect("english ships").1;
    assert!(text.contains(old), "english.toml has {old}");
    text.replacen(old, new, 1)
}

fn nested(levels: usize, inner: &str) -> String {
    format!("{}{inner}{}", "(".repeat(levels), ")".repeat(levels))
}

/// The one diagnostic of a file that does not compile.
fn the_error(text: &str) -> (DiagnosticKind, String, (usize, usize)) {
    let d = compile_text(text, "deep.toml").expect_err("refused");
    assert_eq!(d.items.len(), 1, "{d}");
    let item = &d.items[0];
    (item.kind, item.message.clone(), line_col(text, item.span.start))
}

#[test]
fn expressions_at_a_hundred_thousand_levels_are_an_error_with_line_and_column() {
    let cases = [
        ("promotion = \"rank(8)\"", "promotion = \"{}\"", "rank(8)"),
        ("\"step(diagonal & forward)\"", "\"step({} & forward)\"", "diagonal"),
        ("\"jump(diagonal & forward)\"", "\"jump(diagonal & {})\"", "forward"),
        ("white = \"21-32\"", "white = \"{}\"", "21-32"),
        ("\"step(diagonal & forward)\"", "\"step(diagonal & forward) where {}\"", "touches"),
    ];
    for (old, new, inner) in cases {
        let text = english_with(old, &new.replace("{}", &nested(100_000, inner)));
        let (kind, message, (line, column)) = on_small_stack(move || the_error(&text));
        assert_eq!(kind, DiagnosticKind::ExpressionTooLarge, "{new}: {message}");
        assert!(message.contains(&format!("more than {MAX_NESTING} deep")), "{message}");
        // The parenthesis past the limit: the (MAX_NESTING + 1)-th open at once, counting
        // a call's own before the hole.
        let marked = english_with(old, &new.replace("{}", "\u{1}"));
        let hole = line_col(&marked, marked.find('\u{1}').expect("marked"));
        let before = &new[..new.find("{}").expect("a hole")];
        let open = before.matches('(').count() - before.matches(')').count();
        assert_eq!((line, column), (hole.0, hole.1 + MAX_NESTING - open), "{new}");
    }
}

#[test]
fn expressions_of_a_hundred_thousand_parts_are_an_error() {
    for (old, joined) in [("promotion = \"rank(8)\"", "1"), ("white = \"21-32\"", "21"), ("\"step(diagonal & forward)\"", "ne")] {
        let many = vec![joined; 100_000].join(" | ");
        let new = match old {
            "\"step(diagonal & forward)\"" => format!("\"step({many})\""),
            _ => format!("{} = \"{many}\"", old.split(' ').next().expect("a key")),
        };
        let text = english_with(old, &new);
        let (kind, message, _) = on_small_stack(move || the_error(&text));
        assert_eq!(kind, DiagnosticKind::ExpressionTooLarge, "{message}");
        assert!(message.contains(&format!("more than {MAX_PARTS} parts")), "{message}");
    }
}

#[test]
fn the_deepest_and_longest_expressions_taken_compile_on_a_small_stack() {
    // MAX_NESTING levels around a set, and a list of MAX_PARTS parts.
    let deep = english_with("promotion = \"rank(8)\"", &format!("promotion = \"{}\"", nested(MAX_NESTING - 1, "rank(8)")));
    let rules = on_small_stack(move || compile_text(&deep, "deep.toml").map(|r| r.describe()));
    let shipped = load_variant("english").expect("ships").describe();
    assert_eq!(rules.expect("compiles"), shipped, "the same rules, however nested");
    let long = english_with("white = \"21-32\"", &format!("white = \"21-32{}\"", " | 21".repeat(MAX_PARTS - 1)));
    let rules = on_small_stack(move || compile_text(&long, "long.toml").map(|r| r.describe()));
    assert_eq!(rules.expect("compiles"), shipped);
    // One more of either is refused.
    let deeper = english_with("promotion = \"rank(8)\"", &format!("promotion = \"{}\"", nested(MAX_NESTING + 1, "rank(8)")));
    assert_eq!(the_error(&deeper).0, DiagnosticKind::ExpressionTooLarge);
    let longer = english_with("white = \"21-32\"", &format!("white = \"21-32{}\"", " | 21".repeat(MAX_PARTS)));
    assert_eq!(the_error(&longer).0, DiagnosticKind::ExpressionTooLarge);
}

#[test]
fn a_long_line_is_shown_around_its_error_not_whole() {
    let text = english_with("white = \"21-32\"", &format!("white = \"{}, zz9\"", vec!["21"; 1000].join(", ")));
    let rendered = compile_text(&text, "long.toml").expect_err("zz9 is no square").to_string();
    assert!(rendered.contains("`zz9`"), "{rendered}");
    assert!(rendered.lines().all(|l| l.chars().count() < 250), "{rendered}");
    let shown = rendered.lines().find(|l| l.starts_with("69 | …")).expect("the line, cut before the error");
    assert!(shown.ends_with("21, 21, zz9\""), "{rendered}");
}

#[test]
fn a_variant_text_past_the_size_limit_is_refused_unread() {
    let text = english_with("[board]", &format!("{}\n[board]", "# padding\n".repeat(polydame::spec::MAX_VARIANT_BYTES / 10 + 1)));
    let d = compile_text(&text, "big.toml").expect_err("refused");
    assert!(d.items[0].message.contains("more than the 1048576 a variant file may have"), "{d}");
    // The same through the door of files and ids.
    let path = std::env::temp_dir().join(format!("polydame-big-{}.toml", std::process::id()));
    std::fs::write(&path, &text).expect("written");
    let loaded = load_variant(path.to_str().expect("a path"));
    std::fs::remove_file(&path).ok();
    assert!(matches!(loaded, Err(LoadError::TooLarge { .. })), "{loaded:?}");
}

fn pdn_nested(levels: usize) -> String {
    format!("[GameType \"21\"]\n1. 11-15 {}{} 23-19 *\n", "(9-13 ".repeat(levels), ")".repeat(levels))
}

#[test]
fn variations_at_a_hundred_thousand_levels_refuse_the_game_and_the_next_is_read() {
    let text = format!("{}[GameType \"21\"]\n1. 11-15 23-19 *\n", pdn_nested(100_000));
    let games = on_small_stack(move || {
        pdn_games(text.as_bytes()).map(|g| parse_game(&g.expect("read"))).map(|g| (g.refused, g.moves.len())).collect::<Vec<_>>()
    });
    assert_eq!(games.len(), 2);
    let why = games[0].0.as_deref().expect("the deep game is refused");
    assert!(why.contains(&format!("nests variations more than {MAX_VARIATION_DEPTH} deep (line 2, column")), "{why}");
    assert_eq!(games[1], (None, 2));
}

#[test]
fn the_deepest_variations_taken_are_replayed_on_a_small_stack() {
    let text = pdn_nested(MAX_VARIATION_DEPTH);
    let verdict = on_small_stack(move || {
        let rules = load_variant("english").expect("ships");
        let game = parse_game(&pdn_games(text.as_bytes()).next().expect("a game").expect("read"));
        assert_eq!(game.refused, None);
        assert_eq!(game.variations.len(), MAX_VARIATION_DEPTH);
        let v = replay(&rules, &game);
        (v.error.is_none(), v.plies)
    });
    assert_eq!(verdict, (true, 2));
    let deeper = pdn_nested(MAX_VARIATION_DEPTH + 1);
    let game = parse_game(&pdn_games(deeper.as_bytes()).next().expect("a game").expect("read"));
    assert!(game.refused.is_some());
}

/// English draughts with a `[cells]` table of `n` named sets, each the union of the one
/// before it with itself: expanded through the names, the last would be read 2^n times.
fn english_with_doubling_names(n: usize) -> String {
    let mut table = String::from("[cells]\nSET_0 = \"a1\"\n");
    for i in 1..n {
        table += &format!("SET_{i} = \"SET_{} | SET_{}\"\n", i - 1, i - 1);
    }
    english_with("[sides]", &format!("{table}\n[sides]"))
}

#[test]
fn named_cell_sets_are_read_once_however_they_nest() {
    // Each name is lowered once where it is written and read where it is used: 200 names
    // that each use the one before twice compile (a use never reads an expression again),
    // on a small stack.
    let text = english_with_doubling_names(200);
    let rules = on_small_stack(move || compile_text(&text, "names.toml").map(|r| r.id().to_string()));
    assert_eq!(rules.expect("compiles"), "english");
    // Past the limit, the first set too many is an error that says where.
    let text = english_with_doubling_names(MAX_NAMED_CELLS + 1);
    let (kind, message, (line, _)) = the_error(&text);
    assert_eq!(kind, DiagnosticKind::OutOfRange);
    assert_eq!(message, format!("more than {MAX_NAMED_CELLS} named cell sets"));
    let at = text.lines().position(|l| l.starts_with(&format!("SET_{MAX_NAMED_CELLS} "))).expect("written") + 1;
    assert_eq!(line, at);
}
