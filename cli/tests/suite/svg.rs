//! SVG pictures of boards (`polydame::picture::board_svg`, `polydame board --svg`): snapshots of a
//! few positions, checks of their structure, and (run on purpose) a rendering to PNG by
//! headless Chromium.

use crate::common::polydame;

use polydame::fen::parse_fen;
use polydame::picture::board_svg;
use polydame::{Game, Position, Rules, load_variant, shipped};
use std::process::Command;

/// The picture of a position (the start, or a FEN) after a move played in it, if any.
fn picture(variant: &str, fen: Option<&str>, last: Option<&str>) -> String {
    let rules = load_variant(variant).expect("a shipped variant");
    let pos = match fen {
        Some(f) => parse_fen(&rules, f).expect("a legal FEN"),
        None => Position::start(&rules),
    };
    let mut game = Game::from_position(&rules, pos);
    let m = last.map(|text| game.play(text).expect("a legal move"));
    board_svg(&rules, game.position(), m.as_ref())
}

/// The cells with a piece on them (with columns, a column is one of them).
fn occupied(rules: &Rules, pos: &Position) -> usize {
    (0..rules.spec().geometry.len() as u16).filter(|&c| pos.piece(c).is_some()).count()
}

/// Checks that every tag is closed in order and the root is one `<svg>` with a namespace,
/// a view box and a size.
fn assert_well_formed(svg: &str) {
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width=""#), "{}", &svg[..80.min(svg.len())]);
    assert!(svg.lines().next().is_some_and(|l| l.contains(" height=\"") && l.contains(" viewBox=\"")));
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag ends") + start;
        let tag = &rest[start + 1..end];
        assert_eq!(tag.matches('"').count() % 2, 0, "quotes balanced in <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "</{name}> closes the last tag opened");
        } else if !tag.ends_with('/') {
            open.push(tag.split_whitespace().next().expect("a tag name"));
        }
        assert!(!open.is_empty() || rest[end + 1..].trim().is_empty(), "one root element");
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
}

/// The number of pieces as the picture draws them: one element of class `piece` each.
fn pieces_drawn(svg: &str) -> usize {
    svg.matches(r#"class="piece "#).count()
}

#[test]
fn international_start() {
    insta::assert_snapshot!(picture("international", None, None));
}

#[test]
fn numbered_board_with_kings_and_a_last_multi_capture() {
    // The man on 32 takes 27 and 17 (32x21x12); both sides have a king.
    let svg = picture("international", Some("W:W32,K46:B27,17,K5,37,19"), Some("32x12"));
    assert_eq!(svg.matches(r#"class="captured""#).count(), 2);
    assert_eq!(svg.matches(r#"class="piece white king""#).count(), 1);
    assert_eq!(svg.matches(r#"class="piece black king""#).count(), 1);
    insta::assert_snapshot!(svg);
}

#[test]
fn hexdame_start() {
    let svg = picture("hexdame", None, None);
    assert_eq!(svg.matches("<polygon points=").count(), 61, "one hexagon a cell");
    insta::assert_snapshot!(svg);
}

#[test]
fn lasca_columns_and_a_capture_that_takes_a_columns_top() {
    // The soldier on c3 takes d4 and the top of d6, becomes an officer on c7, and keeps
    // what it stood on: c7 is a column of five, d6 a column of two white soldiers.
    let svg = picture("lasca", Some("W:Wc3[bwO]:Bd4,Od6[ww]"), Some("c3xc7"));
    assert!(svg.contains(r#"<g class="piece white officer king" data-cell="c7" data-under="bwObbO">"#), "{svg}");
    assert!(svg.contains(r#"<g class="piece white soldier" data-cell="d6" data-under="w">"#), "{svg}");
    insta::assert_snapshot!(svg);
}

#[test]
fn every_shipped_start_is_well_formed_with_one_element_a_piece() {
    for &(id, _) in shipped() {
        let rules = load_variant(id).expect("a shipped variant");
        let pos = Position::start(&rules);
        let svg = board_svg(&rules, &pos, None);
        assert_well_formed(&svg);
        assert_eq!(pieces_drawn(&svg), occupied(&rules, &pos), "{id}");
        assert!(!svg.contains(r#"class="arrow""#), "{id}: no arrow without a last move");
        assert_eq!(svg, board_svg(&rules, &pos, None), "{id}: the same picture every time");
    }
}

#[test]
fn a_column_is_one_piece_element_however_tall() {
    for (variant, fen) in [("lasca", "W:Wc3[bwO]:Bd4,Od6[ww]"), ("bashni", "W:Wc3[bbbbbbbbwK]:Be5[w]")] {
        let rules = load_variant(variant).expect("a shipped variant");
        let pos = parse_fen(&rules, fen).expect("a legal FEN");
        let svg = board_svg(&rules, &pos, None);
        assert_well_formed(&svg);
        assert_eq!(pieces_drawn(&svg), occupied(&rules, &pos), "{fen}");
        assert_eq!(svg.matches(" data-under=").count(), 2, "{fen}");
    }
}

#[test]
fn numbered_boards_write_every_square_number() {
    let svg = picture("international", None, None);
    assert_eq!(svg.matches(r#"<text class="number""#).count(), 50);
    assert!(svg.contains(">50</text>"));
    assert_eq!(picture("russian", None, None).matches(r#"class="number""#).count(), 0, "algebraic: no numbers");
}

#[test]
fn cli_svg_has_an_arrow_only_with_last() {
    let plain = polydame(&["board", "international", "--svg"]);
    assert!(plain.status.success(), "{plain:?}");
    let plain = String::from_utf8_lossy(&plain.stdout);
    assert_well_formed(&plain);
    assert_eq!(plain.matches(r#"class="arrow""#).count(), 0);
    assert_eq!(pieces_drawn(&plain), 40);

    let o = polydame(&["board", "international", "--fen", "W:W32,K46:B27,17,K5,37,19", "--svg", "--last", "32x12"]);
    assert!(o.status.success(), "{o:?}");
    let svg = String::from_utf8_lossy(&o.stdout);
    assert_well_formed(&svg);
    assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    assert_eq!(pieces_drawn(&svg), 5, "seven pieces, two of them taken");
    assert_eq!(svg.trim_end(), picture("international", Some("W:W32,K46:B27,17,K5,37,19"), Some("32x12")).trim_end());
}

#[test]
fn cli_text_board_names_the_last_move() {
    let o = polydame(&["board", "international", "--fen", "W:W32,K46:B27,17,K5,37,19", "--last", "32x12"]);
    assert!(o.status.success(), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("last move: White 32x12 (32x21x12)\n"), "{out}");
    assert!(out.ends_with("Black to move; B:W12,K46:BK5,19,37\n"), "{out}");
}

#[test]
fn cli_bad_last_says_which_move_and_why() {
    for (args, says) in [
        (vec!["--last", "31-20"], "--last `31-20` in the start position: 20 is occupied"),
        (vec!["--last", "foo", "--svg"], "--last `foo` in the start position: `foo` is not a move"),
        (vec!["--fen", "W:W32:B27,28", "--last", "32-27"], "--last `32-27` in W:W32:B27,28: "),
    ] {
        let o = polydame(&[&["board", "international"], args.as_slice()].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(o.stdout.is_empty(), "nothing drawn: {args:?}");
    }
}

/// Renders an SVG to PNG with headless Chromium and returns the PNG.
fn render(svg: &str, name: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("polydame-svg-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (svg_path, png_path) = (dir.join(format!("{name}.svg")), dir.join(format!("{name}.png")));
    std::fs::write(&svg_path, svg).expect("the SVG written");
    let size = |attr: &str| -> u32 {
        let at = svg.find(&format!(" {attr}=\"")).expect("a size") + attr.len() + 3;
        let n: f64 = svg[at..].split('"').next().and_then(|s| s.parse().ok()).expect("a number");
        n.ceil() as u32
    };
    let (w, h) = (size("width"), size("height"));
    let browser = std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".to_string());
    let out = Command::new(&browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"])
        .args(["--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", png_path.display()))
        .arg(format!("--window-size={w},{h}"))
        .arg(format!("file://{}", svg_path.display()))
        .output()
        .unwrap_or_else(|e| panic!("{browser} does not run ({e}); apt-get install chromium, or name it in $CHROMIUM"));
    let png = std::fs::read(&png_path).unwrap_or_else(|e| panic!("no PNG from {browser} ({e}): {out:?}"));
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    assert_eq!((be(16), be(20)), (w, h), "{name}: the picture has the SVG's size");
    png
}

#[test]
#[ignore = "needs Debian's chromium (apt-get install chromium, or $CHROMIUM): renders pictures to PNG"]
fn pictures_render_to_png_with_chromium() {
    for (name, variant, fen, last) in [
        ("international", "international", Some("W:W32,K46:B27,17,K5,37,19"), Some("32x12")),
        ("hexdame", "hexdame", None, None),
        ("lasca", "lasca", Some("W:Wc3[bwO]:Bd4,Od6[ww]"), Some("c3xc7")),
    ] {
        let png = render(&picture(variant, fen, last), name);
        // An empty white page of this size compresses to a few hundred bytes; a board
        // with its squares, pieces and text takes tens of kilobytes.
        assert!(png.len() > 10_000, "{name}: only {} bytes", png.len());
    }
}

#[test]
fn the_readme_pictures_are_what_the_command_draws() {
    // The README shows these two files; they must not drift from `board --svg`.
    for (file, variant, fen, last) in [
        ("../docs/pictures/international-capture.svg", "international", "W:W32,K46:B27,17,K5,37,19", "32x12"),
        ("../docs/pictures/lasca-column.svg", "lasca", "W:Wc3[bwO]:Bd4,Od6[ww]", "c3xc7"),
    ] {
        let o = polydame(&["board", variant, "--fen", fen, "--svg", "--last", last]);
        assert!(o.status.success(), "{o:?}");
        let shipped = std::fs::read_to_string(file).expect("the README's picture");
        assert_eq!(
            String::from_utf8(o.stdout).unwrap(),
            shipped,
            "{file}: regenerate it with `polydame board {variant} --fen '{fen}' --svg --last {last}`"
        );
    }
}
