//! `polydame report`, run as a designer runs it: the numbers add up, the same games give
//! the same report on any number of threads, the HTML page and the Markdown with its
//! charts are whole, and bad input is an error, not a panic.

use crate::common::{TempFile, polydame, stderr, stdout};
use serde_json::Value;

const SMALL: [&str; 7] = ["--games", "6", "--depth", "2", "--max-plies", "150", "--threads"];

/// `report ARGS --games 6 --depth 2 --max-plies 150 --threads THREADS` and more.
fn report(variants: &[&str], threads: &str, more: &[&str]) -> std::process::Output {
    let mut args = vec!["report"];
    args.extend_from_slice(variants);
    args.extend_from_slice(&SMALL);
    args.push(threads);
    args.extend_from_slice(more);
    polydame(&args)
}

fn json(variants: &[&str], threads: &str) -> Value {
    let o = report(variants, threads, &["--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("one JSON object")
}

/// A path in the temporary folder of `file`.
fn beside(file: &TempFile, name: &str) -> String {
    std::path::Path::new(file.path()).with_file_name(name).to_str().expect("a UTF-8 path").to_string()
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("a count, not {v}"))
}

#[test]
fn json_numbers_add_up() {
    let r = json(&["english"], "2");
    let v = &r["variants"][0];
    let res = &v["results"];
    let total = n(&res["white_wins"]) + n(&res["black_wins"]) + n(&res["draws"]) + n(&res["unfinished"]);
    assert_eq!(total, 6);
    assert_eq!(n(&v["games"]), 6);
    let ended: u64 = v["endings"].as_array().unwrap().iter().map(|e| n(&e["games"])).sum();
    assert_eq!(ended, 6, "every game ends for one reason");
    let binned: u64 = v["length"]["histogram"].as_array().unwrap().iter().map(|b| n(&b["games"])).sum();
    assert_eq!(binned, 6);
    let pieces: u64 = v["captures"]["pieces"].as_array().unwrap().iter().map(|t| n(&t["moves"])).sum();
    assert_eq!(pieces, n(&v["captures"]["captures"]));
    assert!(n(&v["length"]["max"]) <= 150);
    assert_eq!(v["first_move"]["side"], "Black", "Black moves first in English draughts");
    let f = &v["first_move"];
    if let (Some(low), Some(score), Some(high)) = (f["low"].as_f64(), f["score"].as_f64(), f["high"].as_f64()) {
        assert!(low <= score && score <= high, "{f}");
    }
}

#[test]
fn json_snapshot_is_the_same_on_any_number_of_threads() {
    let one = json(&["english"], "1");
    assert_eq!(one, json(&["english"], "2"));
    insta::assert_snapshot!("json_of_english", serde_json::to_string_pretty(&one).unwrap());
}

#[test]
fn text_summary_has_a_column_per_variant() {
    let o = report(&["english", "international"], "2", &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let heading = text.lines().find(|l| l.starts_with("Results")).expect("a results table");
    assert!(heading.contains("english") && heading.contains("international"), "{heading}");
    for row in ["White wins", "first player's score", "95% interval", "mean legal moves", "games with a promotion"] {
        assert!(text.contains(row), "no `{row}` in\n{text}");
    }
}

#[test]
fn html_is_one_whole_page_with_inline_charts() {
    let dir = TempFile::new("keep", "");
    let page = beside(&dir, "report.html");
    let o = report(&["english", "international"], "2", &["--out", &page]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "the report goes to the file");
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    assert!(!html.contains("<script") && !html.contains("href=") && !html.contains("src="), "nothing to run or fetch");
    for tag in ["svg", "table", "section", "figure", "tr", "td", "th", "text", "title"] {
        let (open, close) = (
            html.matches(&format!("<{tag}>")).count() + html.matches(&format!("<{tag} ")).count(),
            html.matches(&format!("</{tag}>")).count(),
        );
        assert_eq!(open, close, "<{tag}> opened {open} times, closed {close}");
    }
    assert_eq!(html.matches("<svg").count(), 6, "six charts");
    assert!(html.contains("International draughts") && html.contains("English draughts"));
}

#[test]
fn markdown_links_to_charts_beside_it() {
    let dir = TempFile::new("keep", "");
    let md = beside(&dir, "designer.md");
    let o = report(&["english", "international"], "2", &["--out", &md]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&md).expect("the Markdown");
    let folder = std::path::Path::new(&md).parent().unwrap();
    let links: Vec<&str> =
        text.lines().filter_map(|l| l.strip_prefix("![")).filter_map(|l| l.split("](").nth(1)).map(|l| l.trim_end_matches(')')).collect();
    assert_eq!(links.len(), 6, "{text}");
    for link in links {
        assert!(link.starts_with("designer-") && link.ends_with(".svg"), "{link}");
        let svg = std::fs::read_to_string(folder.join(link)).expect("the chart beside the Markdown");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.trim_end().ends_with("</svg>"));
    }
    for table in text.split("\n\n").filter(|b| b.starts_with("| |")) {
        assert!(table.lines().all(|l| l.matches('|').count() == 4), "a column per variant:\n{table}");
    }
}

#[test]
fn bad_input_is_an_error() {
    let bad = TempFile::new("bad.toml", "name = \"broken\"\n[board\n");
    let o = report(&[bad.path()], "1", &[]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(!stderr(&o).contains("panicked") && !stderr(&o).is_empty());

    let o = report(&["english"], "1", &["--out", "/no/such/folder/report.html"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("cannot write /no/such/folder/report.html"), "{}", stderr(&o));

    let o = report(&["english"], "1", &["--out", "report.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains(".html") && stderr(&o).contains(".md"), "{}", stderr(&o));
    assert!(!std::path::Path::new("report.txt").exists());

    let o = report(&["no-such-variant"], "1", &[]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn egtb_adds_what_the_endgame_tables_say() {
    let o = report(&["english", "frisian"], "2", &["--egtb", "3", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    let english = &v["variants"][0]["endgames"];
    assert_eq!(n(&english["pieces"]), 3);
    let class = |name: &str| english["classes"].as_array().unwrap().iter().find(|c| c["class"] == name).unwrap().clone();
    // Two kings beat one in English draughts (docs/egtb.md: 14,846 of the 14,880 positions
    // with the kings to move; the 34 others lose a king at once or are shut in a corner).
    let two = class("2 king against king");
    assert_eq!([n(&two["white_to_move"]["win"]), n(&two["white_to_move"]["draw"]), n(&two["white_to_move"]["loss"])], [14_846, 34, 0]);
    assert_eq!(n(&two["longest"][0]), 33);
    assert_eq!(n(&two["positions"]), 29_760);
    // No class where a side has no piece.
    assert!(english["classes"].as_array().unwrap().iter().all(|c| n(&c["white_pieces"]) > 0 && n(&c["black_pieces"]) > 0));
    // Frisian's kings' limit on quiet moves is not in a position: refused, with the reason.
    let frisian = &v["variants"][1]["endgames"];
    assert!(frisian["refused"].as_str().unwrap().contains("quiet moves in a row"), "{frisian}");
    // The text has the section, a row per class.
    let o = report(&["english"], "2", &["--egtb", "3"]);
    let text = stdout(&o);
    assert!(text.contains("Endgame tables"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("  2 king against king") && l.contains("99.8% / 0.2% / 0.0% (33)")), "{text}");
}
