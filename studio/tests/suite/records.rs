//! `/api/validate` given a file's bytes, as the page sends an opened file: read as the
//! command line reads one (gzip unpacked, Windows-1251 decoded), a damaged or foreign
//! archive refused with why, and the verdicts the command line and Python give (a bad
//! move only in a variation: valid, with the warning).

use polydame_studio::Studio;
use serde_json::{Value, json};
use std::io::Write;

const PDN: &str = "[GameType \"20\"]\n[White \"Alice\"]\n1. 32-28 19-23 2. 33-29 *\n\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";

fn studio() -> Studio {
    Studio::new().expect("the shipped variants compile")
}

/// Base64 as the page's `btoa` writes it.
fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).expect("packed");
    gz.finish().expect("packed")
}

/// The answer to a validation of the file `name` holding `bytes`.
fn validate_file(s: &Studio, name: &str, bytes: &[u8], variant: Option<Value>) -> Result<Value, (u16, Value)> {
    let mut body = json!({"file": {"name": name, "base64": base64(bytes)}});
    if let Some(v) = variant {
        body["variant"] = v;
    }
    s.answer("validate", body.to_string().as_bytes()).map_err(|e| (e.status, e.body()["error"].clone()))
}

#[test]
fn a_gzip_file_is_unpacked_and_judged_as_its_text() {
    let s = studio();
    let text = s.answer("validate", json!({ "pdn": PDN }).to_string().as_bytes()).expect("the text");
    let packed = validate_file(&s, "games.pdn.gz", &gzip(PDN.as_bytes()), None).expect("the file");
    assert_eq!(packed["file"], json!({"name": "games.pdn.gz", "packing": "gzip"}));
    assert_eq!(packed["games"], text["games"], "the same verdicts as the text's");
    let games = packed["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    assert_eq!((games[0]["valid"].as_bool(), games[0]["error"]["code"].as_str()), (Some(false), Some("capture-compulsory")));
    assert_eq!((games[0]["error"]["line"].as_u64(), games[0]["error"]["column"].as_u64()), (Some(3), Some(19)));
    assert_eq!((games[1]["valid"].as_bool(), games[1]["plies"].as_u64()), (Some(true), Some(4)));
    // A plain file reads as it is.
    let plain = validate_file(&s, "games.pdn", PDN.as_bytes(), None).expect("the file");
    assert_eq!((plain["file"]["packing"].as_str(), plain["games"].clone()), (Some("plain"), text["games"].clone()));
}

#[test]
fn a_windows_1251_file_has_its_cyrillic_names() {
    let s = studio();
    let text = "[Event \"Первенство России по русским шашкам\"]\n[White \"Иванов Пётр Сергеевич\"]\n\
                [Black \"Смирнова Ольга Николаевна\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 *\n";
    let (bytes, _, lossy) = encoding_rs::WINDOWS_1251.encode(text);
    assert!(!lossy && std::str::from_utf8(&bytes).is_err(), "the file is not UTF-8");
    let answer = validate_file(&s, "партия.pdn", &bytes, None).expect("the file");
    assert_eq!(answer["encoding"], "windows-1251");
    let game = &answer["games"][0];
    assert_eq!((game["white"].as_str(), game["black"].as_str()), (Some("Иванов Пётр Сергеевич"), Some("Смирнова Ольга Николаевна")));
    assert_eq!((game["variant"].as_str(), game["valid"].as_bool()), (Some("russian"), Some(true)), "{game}");
    // UTF-16 with its byte-order mark, as the command line reads it too.
    let utf16: Vec<u8> = [0xff, 0xfe].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let answer = validate_file(&s, "partie.pdn", &utf16, None).expect("the file");
    assert_eq!(answer["games"][0]["white"], "Иванов Пётр Сергеевич");
    assert_eq!(answer["encoding"], "UTF-16LE");
}

#[test]
fn a_file_that_cannot_be_read_is_refused_with_why() {
    let s = studio();
    let mut packed = gzip(PDN.as_bytes());
    packed.truncate(packed.len() / 2);
    let (status, e) = validate_file(&s, "games.pdn.gz", &packed, None).expect_err("a damaged archive");
    assert_eq!((status, e["code"].as_str(), e["packing"].as_str()), (422, Some("unreadable-file"), Some("gzip")), "{e}");
    let message = e["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("games.pdn.gz cannot be read (it is packed with gzip"), "{message}");
    let (status, e) = validate_file(&s, "games.zip", b"PK\x03\x04\x14\0\0\0", None).expect_err("a zip");
    assert_eq!((status, e["code"].as_str()), (422, Some("unreadable-file")));
    assert!(e["message"].as_str().is_some_and(|m| m.contains("games.zip") && m.contains("zip archive")), "{e}");
    // Unpacked past its limit (a small file that unpacks to 9 MiB): too large, not read.
    let bomb = gzip(&vec![b' '; 9 << 20]);
    assert!(bomb.len() < 100_000);
    let (status, e) = validate_file(&s, "bomb.pdn.gz", &bomb, None).expect_err("too large");
    assert_eq!((status, e["code"].as_str()), (413, Some("too-large")), "{e}");
    assert!(e["message"].as_str().is_some_and(|m| m.contains(&polydame_studio::records::MAX_UNPACKED.to_string())), "{e}");
    // Not base64, or both a text and a file: a bad request.
    let (status, e) = err(&s, json!({"file": {"name": "x.pdn", "base64": "not base64!"}}));
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")));
    assert!(e["message"].as_str().is_some_and(|m| m.contains("x.pdn") && m.contains("`!` at character 11 is not a base64 digit")), "{e}");
    let (status, _) = err(&s, json!({"pdn": PDN, "file": {"base64": ""}}));
    assert_eq!(status, 400);
}

fn err(s: &Studio, body: Value) -> (u16, Value) {
    let e = s.answer("validate", body.to_string().as_bytes()).expect_err("an error");
    (e.status, e.body()["error"].clone())
}

#[test]
fn bytes_that_are_no_pdn_are_no_valid_game() {
    // Even checked on a variant given (as the page checks a game without GameType on the
    // editor's), a binary file is no game of no moves, valid.
    let s = studio();
    let answer = validate_file(&s, "picture.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", Some(json!({"id": "international"}))).expect("read");
    let game = &answer["games"][0];
    assert_eq!(
        (game["valid"].as_bool(), game["judgement"].as_str(), game["error"]["code"].as_str()),
        (Some(false), Some("invalid"), Some("not-pdn"))
    );
    assert!(game["error"]["reason"].as_str().is_some_and(|r| r.starts_with("this is not a PDN game")), "{game}");
    assert_eq!((game["error"]["line"].as_u64(), game["error"]["column"].as_u64()), (Some(1), Some(1)));
}

#[test]
fn a_bad_move_only_in_a_variation_is_a_warning_of_a_valid_game() {
    let s = studio();
    let pdn = "[GameType \"20\"]\n1. 32-28 (1. 32-27 19-24 2. 27x20) 19-23 2. 28x19 14x23 *\n";
    let answer = s.answer("validate", json!({ "pdn": pdn }).to_string().as_bytes()).expect("validated");
    let game = &answer["games"][0];
    assert_eq!(
        (game["valid"].as_bool(), game["judgement"].as_str(), game["plies"].as_u64()),
        (Some(true), Some("valid"), Some(4)),
        "{game}"
    );
    assert!(game["error"].is_null());
    let bad = &game["variations"][0];
    assert_eq!((bad["ply"].as_u64(), bad["move"].as_str()), (Some(3), Some("27x20")), "{bad}");
    assert_eq!((bad["line"].as_u64(), bad["column"].as_u64()), (Some(2), Some(29)), "{bad}");
    assert!(bad["reason"].as_str().is_some_and(|r| !r.is_empty()), "{bad}");
}
