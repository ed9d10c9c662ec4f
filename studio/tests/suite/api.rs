//! The studio's API called as the server calls it: what each endpoint answers, and the
//! error, with its code and where, for every kind of bad request.

use polydame_studio::Studio;
use serde_json::{Value, json};

fn studio() -> Studio {
    Studio::new().expect("the shipped variants compile")
}

fn ok(s: &Studio, endpoint: &str, body: Value) -> Value {
    s.answer(endpoint, body.to_string().as_bytes()).unwrap_or_else(|e| panic!("{endpoint} {body}: {:?}", e.body()))
}

fn err(s: &Studio, endpoint: &str, body: &[u8]) -> (u16, Value) {
    let e = s.answer(endpoint, body).expect_err("an error");
    (e.status, e.body()["error"].clone())
}

#[test]
fn a_game_is_replayed_and_its_state_given() {
    let s = studio();
    let state = ok(&s, "game", json!({"variant": {"id": "international"}, "moves": ["32-28", "19-23"]}));
    assert_eq!(state["turn"], "white");
    assert_eq!(state["ply"], 2);
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(1));
    assert_eq!(state["legal"][0]["notation"], "28x19");
    assert!(state["svg"].as_str().is_some_and(|s| s.contains(r#"data-square="23" data-piece="black-man""#)));
    assert!(state["pdn"].as_str().is_some_and(|p| p.contains("1. 32-28 19-23")));
    assert!(state["outcome"].is_null());
    let over = ok(&s, "game", json!({"variant": {"id": "international"}, "fen": "W:W28:B23", "moves": ["28x19"]}));
    assert_eq!(over["outcome"]["winner"], "white");
    assert_eq!(over["outcome"]["score"], "1-0");
    assert_eq!(state["movers"], json!(["white", "black"]));
    // A side that moves again (Sumi Naga Game (War): a hop from which another is open)
    // makes two moves in a row; the page's Undo reads who made each.
    let again = ok(&s, "game", json!({"variant": {"id": "sumi-naga-game-war"}, "fen": "W:Wa1:Bb2,c4,e5", "moves": ["a1xc3", "c3xc5"]}));
    assert_eq!(again["movers"], json!(["white", "white"]));
    assert_eq!(again["turn"], "black");
}

#[test]
fn bad_requests_get_their_codes() {
    let s = studio();
    let (status, e) = err(&s, "game", br#"{"variant": {"id": "international"}, "moves": ["32-28", "19-23", "31-26"]}"#);
    assert_eq!((status, e["code"].as_str(), e["ply"].as_u64(), e["move"].as_str()), (422, Some("illegal-move"), Some(3), Some("31-26")));
    assert!(e["message"].as_str().is_some_and(|m| m.contains("28x19")), "{e}");
    let (status, e) = err(&s, "game", br#"{"variant": {"id": "international"}, "fen": "W:W99:B1"}"#);
    assert_eq!((status, e["code"].as_str()), (422, Some("bad-fen")));
    assert!(e["column"].as_u64().is_some(), "{e}");
    let (status, e) = err(&s, "game", br#"{"variant": {"id": "internatonal"}}"#);
    assert_eq!((status, e["code"].as_str()), (404, Some("unknown-variant")));
    for body in [&b"not json"[..], b"{}", br#"{"variant": {}}"#, br#"{"variant": {"id": "x", "text": "y"}}"#, br#"{"variant": 3}"#] {
        let (status, e) = err(&s, "game", body);
        assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")), "{}", String::from_utf8_lossy(body));
    }
    let (status, e) = err(&s, "compile", &vec![b' '; polydame_studio::api::MAX_BODY + 1]);
    assert_eq!((status, e["code"].as_str()), (413, Some("too-large")));
    let (status, e) = err(&s, "nothing", b"{}");
    assert_eq!((status, e["code"].as_str()), (404, Some("not-found")));
}

#[test]
fn compile_gives_the_rules_or_the_diagnostics_with_line_and_column() {
    let s = studio();
    let text = polydame::shipped().iter().find(|(id, _)| *id == "english").map(|(_, t)| *t).expect("english");
    let good = ok(&s, "compile", json!({"variant": {"text": text, "name": "mine.toml"}}));
    assert_eq!(good["ok"], true);
    assert!(good["rules"].as_str().is_some_and(|r| r.contains("English")));
    assert_eq!(good["state"]["turn"], "black");
    let broken = text.replacen("[board]", "[board]\nwidht = 8", 1);
    let bad = ok(&s, "compile", json!({"variant": {"text": broken}}));
    assert_eq!(bad["ok"], false);
    let d = &bad["diagnostics"][0];
    let line = broken.lines().position(|l| l.starts_with("widht")).expect("the line") + 1;
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(line as u64), Some(1)), "{d}");
    assert!(d["message"].as_str().is_some_and(|m| m.contains("widht")));
    // Options are chosen by name; one the variant does not have is an error.
    let (status, e) = err(&s, "compile", br#"{"variant": {"id": "international", "options": {"no-such": "x"}}}"#);
    assert_eq!((status, e["code"].as_str()), (422, Some("unknown-option")), "{e}");
}

#[test]
fn best_and_validate() {
    let s = studio();
    let best = ok(&s, "best", json!({"variant": {"id": "international"}, "moves": ["32-28", "19-23"], "depth": 3}));
    assert_eq!(best["move"], "28x19");
    assert_eq!(best["depth"], 3);
    let pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 31-26 *\n\n[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n";
    let v = ok(&s, "validate", json!({ "pdn": pdn }));
    let games = v["games"].as_array().expect("games");
    assert_eq!(games.len(), 2);
    assert_eq!((games[0]["valid"].as_bool(), games[0]["plies"].as_u64()), (Some(false), Some(2)));
    assert_eq!(games[0]["error"]["code"], "capture-compulsory");
    assert_eq!((games[0]["error"]["line"].as_u64(), games[0]["error"]["column"].as_u64()), (Some(2), Some(19)));
    assert_eq!(games[0]["moves"], json!(["32-28", "19-23"]));
    assert_eq!(games[1]["valid"], true);
    let v = ok(&s, "validate", json!({"pdn": "1. 11-15 *"}));
    assert_eq!(v["games"][0]["error"]["code"], "no-gametype");
}

#[test]
fn a_report_runs_in_the_background() {
    let s = studio();
    let job = ok(&s, "report", json!({"variants": [{"id": "english"}], "games": 2, "depth": 1, "max_plies": 40}));
    let id = job["job"].as_u64().expect("a job");
    let status = wait_for_report(&s, id);
    assert_eq!(status["played"], 2);
    assert!(status["html"].as_str().is_some_and(|h| h.contains("<svg")));
    assert_eq!(status["json"]["variants"][0]["games"], 2);
    let (status, e) = err(&s, "report", br#"{"variants": []}"#);
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")));
}

#[test]
fn a_report_of_the_editors_variant_beside_the_shipped_one_tells_them_apart() {
    let s = studio();
    let text = polydame::shipped().iter().find(|(id, _)| *id == "english").map(|(_, t)| *t).expect("english");
    let both = json!([{"text": text, "name": "english.toml"}, {"id": "english"}]);
    // The columns' headings, as the report's first table writes them.
    let heads = |answer: &Value| -> Vec<String> {
        let html = answer["html"].as_str().unwrap_or_default();
        let head = html.split("<thead>").nth(1).and_then(|t| t.split("</thead>").next()).unwrap_or_default();
        head.split("<th>").skip(2).filter_map(|c| c.split("</th>").next()).map(str::to_string).collect()
    };
    // By default a posted variant is named by its file, a shipped one by its id.
    let job = ok(&s, "report", json!({"variants": both, "games": 1, "depth": 1, "max_plies": 10}));
    let status = wait_for_report(&s, job["job"].as_u64().expect("a job"));
    assert_eq!(status["json"]["variants"][0]["variant"], "english.toml");
    assert_eq!(heads(&status), ["english.toml", "english"]);
    // The page names them.
    let labels = ["english.toml (editor)", "english (shipped)"];
    let named = json!({"variants": both, "games": 1, "depth": 1, "max_plies": 10, "labels": labels});
    let status = wait_for_report(&s, ok(&s, "report", named)["job"].as_u64().expect("a job"));
    assert_eq!(heads(&status), labels);
    for bad in [json!(["one"]), json!(["same", "same"]), json!(["", "b"])] {
        let body = json!({"variants": both, "games": 1, "depth": 1, "labels": bad}).to_string();
        let (status, e) = err(&s, "report", body.as_bytes());
        assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")), "{bad}: {e}");
    }
}

fn wait_for_report(s: &Studio, id: u64) -> Value {
    for _ in 0..600 {
        let status = s.report_status(id as usize).expect("the job");
        if status["done"] == true {
            assert!(status["error"].is_null(), "{status}");
            return status;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("the report did not finish in 30 s");
}

#[test]
fn a_variant_is_named_by_its_id_or_an_alias_never_a_path() {
    let studio = polydame_studio::Studio::new().unwrap();
    for name in ["english", "Checkers", "american-checkers"] {
        let body = serde_json::json!({"variant": {"id": name}}).to_string();
        let answer = studio.answer("game", body.as_bytes()).unwrap_or_else(|e| panic!("{name}: {}", e.body()));
        assert!(answer["fen"].as_str().is_some(), "{name}");
        assert_eq!(polydame_studio::api::variant_text(name).expect("shipped")["id"], "english");
    }
    for name in ["variants/english.toml", "/dev/zero", "nonesuch"] {
        let body = serde_json::json!({"variant": {"id": name}}).to_string();
        let e = studio.answer("game", body.as_bytes()).expect_err(name);
        assert_eq!((e.status, e.code), (404, "unknown-variant"), "{name}");
    }
}

#[test]
fn best_keeps_the_players_table_along_a_game() {
    let s = studio();
    let moves = ["32-28", "19-23", "28x19", "14x23"];
    let ask = |s: &Studio, moves: &[String]| ok(s, "best", json!({"variant": {"id": "international"}, "moves": moves, "depth": 7}));
    let mut game: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let first = ask(&s, &game);
    let line: Vec<String> = first["line"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
    game.extend_from_slice(&line[..2]);
    // Two plies on along the expected line, the same game's table is taken back: fewer
    // positions than a studio that never saw the game searches.
    let again = ask(&s, &game);
    let afresh = ask(&studio(), &game);
    assert!(again["nodes"].as_u64() < afresh["nodes"].as_u64(), "{again} {afresh}");
    // Another game (another start) gets a table of its own: the same search as afresh.
    let other = ok(&s, "best", json!({"variant": {"id": "international"}, "fen": "W:W31-50:B1-20", "moves": &game, "depth": 7}));
    let other_afresh =
        ok(&studio(), "best", json!({"variant": {"id": "international"}, "fen": "W:W31-50:B1-20", "moves": &game, "depth": 7}));
    assert_eq!(other["nodes"], other_afresh["nodes"]);
    // Past the kept tables' number, the oldest is forgotten.
    let s = studio();
    ask(&s, &game[..4]);
    let others = ["31-26", "31-27", "32-27", "33-28", "33-29", "34-29", "34-30", "35-30"];
    assert_eq!(others.len(), polydame_studio::KEPT_TABLES);
    for m in others {
        ok(&s, "best", json!({"variant": {"id": "international"}, "moves": [m], "depth": 2}));
    }
    assert_eq!(ask(&s, &game)["nodes"], afresh["nodes"]);
}
