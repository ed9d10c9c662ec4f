//! Reading real archives: byte-order marks, text encodings, files that cannot be read, the
//! summary of `validate --json`, the place of a bad `[FEN]` tag, and no progress bar off a
//! terminal. The files are in `tests/archive/` (its README says what each imitates).

use crate::common::{polydame, stdout};

use polydame::pdn::{PdnGame, PdnGames, parse_game, pdn_games};
use proptest::prelude::*;
use std::io::{BufRead, BufReader, Read};
use std::process::Output;

fn file(name: &str) -> String {
    format!("tests/archive/{name}")
}

/// The games of a file, read by the library.
fn games(name: &str) -> Vec<PdnGame> {
    let bytes = std::fs::read(file(name)).expect("the test file");
    pdn_games(&bytes[..]).map(|g| parse_game(&g.expect("in memory"))).collect()
}

/// Every line of a `--json` run as JSON.
fn json(o: &Output) -> Vec<serde_json::Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}"))).collect()
}

/// A `--json` run for a snapshot: pretty, with the time zeroed.
fn json_for_snapshot(o: &Output) -> String {
    json(o)
        .into_iter()
        .map(|mut v| {
            if let Some(s) = v.get_mut("summary").and_then(|s| s.get_mut("seconds")) {
                *s = serde_json::json!(0.0);
            }
            serde_json::to_string_pretty(&v).expect("JSON")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_byte_order_mark_is_not_a_game() {
    let g = games("notepad_bom.pdn");
    assert_eq!(g.len(), 2);
    assert_eq!((g[0].tag("Event"), g[0].line), (Some("Open Amsterdam"), 1));
    assert_eq!(g[0].tag_place("Event"), Some((1, 1)), "the mark is not a column");
    let o = polydame(&["validate", &file("notepad_bom.pdn")]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).starts_with("2 games: 2 legal, 0 with an illegal"), "{}", stdout(&o));
}

#[test]
fn files_joined_end_to_end_keep_their_marks_out_of_the_games() {
    let g = games("joined_bom.pdn");
    assert_eq!(g.iter().map(|g| g.tag("White").unwrap_or("")).collect::<Vec<_>>(), ["Jannes van der Wal", "Andrés Sánchez", "Wim Huisman"]);
    assert_eq!(g[2].line, 18);
    let o = polydame(&["validate", &file("joined_bom.pdn")]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).starts_with("3 games: 3 legal"), "{}", stdout(&o));
}

#[test]
fn json_of_a_windows_1251_archive() {
    let o = polydame(&["validate", &file("russian_cp1251.pdn"), "--json"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    insta::assert_snapshot!(json_for_snapshot(&o));
}

#[test]
fn a_windows_1251_archive_is_named_in_the_text_output() {
    let o = polydame(&["validate", &file("russian_cp1251.pdn")]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].contains("the text is not UTF-8; it is read as windows-1251"), "{out}");
    assert!(
        lines[1]
            .starts_with("tests/archive/russian_cp1251.pdn:34:49: game 3 (Сидоров С. - Фёдоров Ф., Чемпионат СССР по русским шашкам, 5)"),
        "{out}"
    );
}

#[test]
fn an_encoding_given_is_used_and_named() {
    let russian = file("russian_cp1251.pdn");
    // Given, the right one: the same names, and no note that it was guessed.
    let o = polydame(&["validate", &russian, "--encoding", " CP1251 ", "--json"]);
    let v = json(&o);
    assert_eq!((v[0]["white"].as_str(), v[0]["encoding"].as_str()), (Some("Иванов И."), Some("windows-1251")));
    let o = polydame(&["validate", &russian, "--encoding", "cp1251"]);
    assert!(!stdout(&o).contains("note:"), "{}", stdout(&o));
    // Given, a wrong one: read as asked.
    let o = polydame(&["validate", &russian, "--encoding", "koi8-r", "--json"]);
    let v = json(&o);
    assert_eq!((v[0]["white"].as_str(), v[0]["encoding"].as_str()), (Some("хБЮМНБ х."), Some("KOI8-R")));
    // UTF-8 given: what is not UTF-8 is U+FFFD, and no encoding is named.
    let o = polydame(&["validate", &russian, "--encoding", "utf8", "--json"]);
    let v = json(&o);
    assert!(v[0]["white"].as_str().is_some_and(|w| w.starts_with('\u{fffd}')), "{:?}", v[0]);
    assert_eq!(v[0].get("encoding"), None);
    // Not a label: a usage error.
    let o = polydame(&["validate", &russian, "--encoding", "cyrillic-please"]);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("`cyrillic-please` is not the label of an encoding"), "{o:?}");
}

#[test]
fn the_library_reads_in_a_given_encoding() {
    let bytes = std::fs::read(file("russian_cp1251.pdn")).expect("the test file");
    let texts: Vec<_> = PdnGames::with_encoding(&bytes[..], "windows-1251").expect("a label").map(|g| g.expect("in memory")).collect();
    assert!(texts.iter().all(|t| t.encoding == Some("windows-1251")));
    assert_eq!(parse_game(&texts[1]).tag("White"), Some("Щёголев Ж."));
    let e = PdnGames::with_encoding(&bytes[..], "cyrillic-please").err().expect("not a label");
    assert_eq!(e.0, "cyrillic-please");
    // Guessed, the stream says which encoding it decoded.
    let mut stream = pdn_games(&bytes[..]);
    assert_eq!(stream.encoding(), None);
    let first = stream.next().expect("a game").expect("in memory");
    assert_eq!((first.encoding, stream.encoding()), (Some("windows-1251"), Some("windows-1251")));
}

#[test]
fn a_windows_1252_archive_is_guessed() {
    let o = polydame(&["validate", &file("french_cp1252.pdn"), "--json"]);
    assert!(o.status.success(), "{o:?}");
    let v = json(&o);
    assert_eq!(v[0]["white"], "Gérard Lefèvre");
    assert_eq!(v[0]["black"], "Hélène Dubœuf");
    assert_eq!(v[0]["encoding"], "windows-1252");
}

#[test]
fn utf16_with_its_mark_is_read() {
    let g = games("notepad_unicode.pdn");
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].tag("White"), Some("Ton Sijbrands"));
    assert_eq!((g[0].moves[7].text.as_str(), g[0].moves[7].line, g[0].moves[7].column), ("10-14", 8, 55));
    let o = polydame(&["validate", &file("notepad_unicode.pdn"), "--json"]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(json(&o)[0]["encoding"], "UTF-16LE");
}

#[test]
fn utf8_with_a_damaged_byte_stays_utf8() {
    let g = games("damaged_utf8.pdn");
    assert_eq!(g[0].tag("White"), Some("Михальченко \u{fffd}?."));
    assert_eq!(g[0].tag("Event"), Some("Чемпионат Беларуси"));
    let o = polydame(&["validate", &file("damaged_utf8.pdn")]);
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("note: the text is UTF-8 but for a few bytes, which are read as U+FFFD"), "{}", stdout(&o));
}

#[test]
fn a_missing_file_among_several_is_reported_and_the_others_read() {
    let (first, missing, last) = (file("notepad_bom.pdn"), file("no-such-file.pdn"), file("russian_cp1251.pdn"));
    let o = polydame(&["validate", &first, &missing, &last]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("tests/archive/no-such-file.pdn: cannot be read: "), "{out}");
    assert!(lines[2].starts_with("tests/archive/russian_cp1251.pdn:34:49: game 3"), "{out}");
    assert!(lines[3].starts_with("5 games: 4 legal, 1 with an illegal or unreadable move, 0 with warnings, 1 file not read ("), "{out}");
    // Without the illegal game, the missing file alone makes the exit status 1.
    let o = polydame(&["validate", &missing, &first]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    // A folder is no file either.
    let o = polydame(&["validate", "tests/archive", &first, "--json"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let v = json(&o);
    assert_eq!(v[0]["file"], "tests/archive");
    assert_eq!(v[0]["error"]["code"], "unreadable-file");
    assert_eq!(v.len(), 4);
    assert_eq!(v[3]["summary"]["games"], 2);
    assert_eq!(v[3]["summary"]["files_unreadable"], 1);
}

#[test]
fn json_ends_with_one_summary() {
    let all = ["notepad_bom.pdn", "russian_cp1251.pdn", "bad_fen.pdn", "no-such-file.pdn"].map(file);
    let args = |extra: &[&'static str]| -> Vec<String> {
        ["validate"].iter().map(|s| s.to_string()).chain(all.iter().cloned()).chain(extra.iter().map(|s| s.to_string())).collect()
    };
    for extra in [&["--json"][..], &["--json", "--parse-only"]] {
        let a = args(extra);
        let o = polydame(&a.iter().map(String::as_str).collect::<Vec<_>>());
        let v = json(&o);
        let (last, rest) = v.split_last().expect("lines");
        assert!(rest.iter().all(|l| l.get("summary").is_none()), "one summary");
        let s = last["summary"].as_object().expect("the last line is the summary");
        assert_eq!(
            s.keys().collect::<Vec<_>>(),
            ["games", "valid", "invalid", "not_judged", "unread", "warnings", "files_unreadable", "seconds"]
        );
        let n = |k: &str| s[k].as_u64().expect("a count");
        assert_eq!(n("games"), 7);
        assert_eq!(n("valid") + n("invalid") + n("not_judged") + n("unread"), n("games"));
        assert_eq!(n("files_unreadable"), 1);
        assert!(s["seconds"].as_f64().is_some_and(|t| t >= 0.0));
        let games: Vec<_> = rest.iter().filter(|l| l.get("game").is_some()).collect();
        assert_eq!(games.len() as u64, n("games"));
        if extra.len() == 1 {
            assert_eq!((n("valid"), n("invalid"), n("warnings")), (5, 2, 0));
            assert_eq!(games.iter().filter(|g| g["valid"] == false).count(), 2);
        } else {
            assert_eq!((n("valid"), n("invalid")), (7, 0));
        }
    }
}

#[test]
fn a_bad_fen_tag_is_reported_where_it_is() {
    let g = games("bad_fen.pdn");
    assert_eq!((g[1].line, g[1].tag_place("FEN")), (7, Some((10, 1))));
    let o = polydame(&["validate", &file("bad_fen.pdn")]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stdout(&o).starts_with("tests/archive/bad_fen.pdn:10:1: game 2 "), "{}", stdout(&o));
    let o = polydame(&["validate", &file("bad_fen.pdn"), "--json"]);
    let e = &json(&o)[1]["error"];
    assert_eq!((&e["code"], &e["line"], &e["column"]), (&serde_json::json!("fen-tag"), &serde_json::json!(10), &serde_json::json!(1)));
}

#[test]
fn no_progress_bar_off_a_terminal() {
    // Standard error is a pipe here: nothing is drawn on it, not even with errors to print.
    let o = polydame(&["validate", &file("russian_cp1251.pdn"), &file("bad_fen.pdn"), &file("notepad_bom.pdn")]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(o.stderr.is_empty(), "{:?}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o).lines().count(), 4, "a note, two errors and the summary");
}

/// A reader that fails after some bytes, as a disk or a network share may.
struct Failing<'a>(&'a [u8]);

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Err(std::io::Error::other("the disk went away"));
        }
        let n = self.0.len().min(buf.len()).min(7);
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_read_error_ends_the_stream() {
    let text = "[Event \"a\"]\n1. 32-28 19-23 *\n[Event \"b\"]\n1. 33-29";
    let mut stream = pdn_games(BufReader::new(Failing(text.as_bytes())));
    assert_eq!(parse_game(&stream.next().expect("a game").expect("read")).tag("Event"), Some("a"));
    assert!(stream.next().expect("the error").is_err());
    assert!(stream.next().is_none(), "nothing after the error");
}

/// A game as read: its tags, its moves with their places, its first line.
type GameRead = (Vec<(String, String)>, Vec<String>, usize);

/// Reads every game of the bytes; the texts' encodings are returned.
fn read_all<R: BufRead>(stream: PdnGames<R>) -> Vec<Option<&'static str>> {
    stream
        .map(|g| g.expect("in memory"))
        .map(|t| {
            parse_game(&t);
            t.encoding
        })
        .collect()
}

proptest! {
    /// Any bytes, read as they come or in any encoding, give games and never a panic.
    #[test]
    fn any_bytes_are_read_without_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400), label in prop::sample::select(vec!["utf-8", "utf-16le", "utf-16be", "windows-1251", "shift_jis", "iso-2022-jp", "gb18030"])) {
        let guessed = read_all(pdn_games(&bytes[..]));
        prop_assert!(guessed.len() <= bytes.len());
        let given = read_all(PdnGames::with_encoding(&bytes[..], label).expect("a label"));
        // Without a byte-order mark to override it, every game is named in the encoding given.
        let name = encoding_rs::Encoding::for_label(label.as_bytes()).expect("a label").name();
        if !(bytes.starts_with(&[0xef, 0xbb, 0xbf]) || bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff])) {
            let expected = if name == "UTF-8" { None } else { Some(name) };
            prop_assert!(given.iter().all(|&e| e == expected), "{:?} for {}", given, name);
        }
    }

    /// Files joined end to end, each with its byte-order mark and maybe CRLF line ends,
    /// give the same games as the files without marks.
    #[test]
    fn marks_at_the_start_of_files_change_no_game(games in proptest::collection::vec((
        prop::sample::select(vec!["Иванов", "Gérard", "van der Wal"]),
        prop::sample::select(vec!["1. 32-28 19-23 *", "1. 32-28 19-23 2. 28x19 14x23 2-0", "{é} 1. 33-29 1-1"]),
        any::<bool>(),
        any::<bool>(),
    ), 1..6)) {
        let file = |(white, moves, crlf, _): &(&str, &str, bool, bool)| {
            let t = format!("[Event \"e\"]\n[White \"{white}\"]\n\n{moves}\n");
            if *crlf { t.replace('\n', "\r\n") } else { t }
        };
        let plain: String = games.iter().map(file).collect();
        let marked: String = games.iter().map(|g| if g.3 { format!("\u{feff}{}", file(g)) } else { file(g) }).collect();
        let read = |text: &str| -> Vec<GameRead> {
            pdn_games(text.as_bytes())
                .map(|g| parse_game(&g.expect("in memory")))
                .map(|g| (g.tags, g.moves.iter().map(|m| format!("{}@{}:{}", m.text, m.line, m.column)).collect(), g.line))
                .collect()
        };
        prop_assert_eq!(read(&marked), read(&plain));
        prop_assert_eq!(read(&plain).len(), games.len());
    }
}

#[test]
fn every_front_end_gives_the_librarys_one_verdict() {
    // 27x20 is no capture, in a variation; 28x18 is no move, in the main line; the third
    // game names no variant.
    let pdn = "[GameType \"20\"]\n1. 32-28 (1. 32-27 19-24 2. 27x20) 19-23 2. 28x19 14x23 *\n\n\
               [GameType \"20\"]\n1. 32-28 19-23 2. 28x18 *\n\n[Event \"no variant\"]\n1. 32-28 *\n";
    let expected = [("valid", true), ("invalid", false), ("invalid", false)];
    // The command line.
    let f = crate::common::TempFile::new("verdicts.pdn", pdn);
    let o = crate::common::polydame(&["validate", f.path(), "--json"]);
    let cli: Vec<serde_json::Value> = crate::common::stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    // The studio.
    let studio = polydame_studio::Studio::new().unwrap();
    let body = serde_json::json!({ "pdn": pdn }).to_string();
    let answer = studio.answer("validate", body.as_bytes()).expect("an answer");
    for (i, (judgement, valid)) in expected.iter().enumerate() {
        for (who, v) in [("cli", &cli[i]), ("studio", &answer["games"][i])] {
            assert_eq!((v["judgement"].as_str(), v["valid"].as_bool()), (Some(*judgement), Some(*valid)), "{who}, game {}: {v}", i + 1);
        }
    }
    assert_eq!(cli[0]["variations"][0]["move"], "27x20");
    assert_eq!(answer["games"][0]["variations"][0]["move"], "27x20");
    // Neither says a command-line flag the studio has not: the registry names no front end.
    let why = answer["games"][2]["error"]["reason"].as_str().unwrap();
    assert!(!why.contains("--variant"), "{why}");
}
