//! A load test on loopback: 50 clients at once, each sending a mix of compile, game,
//! best and validate requests (and a bad one), over real HTTP connections to the server.
//! Every answer must be the one expected (200, or the bad request's 4xx): the error rate
//! is 0. The latencies' percentiles are printed (`cargo test -p polydame-studio --release
//! --test load -- --nocapture`); the test is bounded in requests and time, and asserts no
//! speed.

use polydame_studio::{Config, Studio};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CLIENTS: usize = 50;

/// Sends one request; its status and how long it took.
fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Duration) {
    let start = Instant::now();
    let mut s = TcpStream::connect(address).expect("the server takes connections");
    s.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).and_then(|()| s.write_all(body.as_bytes())).expect("the request is sent");
    let mut answer = String::new();
    s.read_to_string(&mut answer).expect("an answer");
    let status = answer.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (status, start.elapsed())
}

/// The requests of client `i`: (method, path, body, the status expected).
fn mix(i: usize) -> Vec<(&'static str, String, String, u16)> {
    let english = polydame::shipped().iter().find(|(id, _)| *id == "english").map(|(_, t)| t.to_string()).expect("english");
    let compile = serde_json::json!({"variant": {"text": english, "name": format!("client-{i}.toml")}}).to_string();
    let moves = ["32-28", "19-23", "28x19", "14x23"];
    let game = serde_json::json!({"variant": {"id": "international"}, "moves": &moves[..i % 5]}).to_string();
    let best = serde_json::json!({"variant": {"id": "international"}, "moves": &moves[..i % 3], "depth": 7, "time_ms": 1000}).to_string();
    let pdn = format!("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 3{}-28 *\n", i % 10);
    let validate = serde_json::json!({ "pdn": pdn }).to_string();
    let illegal = serde_json::json!({"variant": {"id": "international"}, "moves": ["32-28", "19-23", "31-26"]}).to_string();
    vec![
        ("GET", "/api/variants".to_string(), String::new(), 200),
        ("POST", "/api/compile".to_string(), compile, 200),
        ("POST", "/api/game".to_string(), game, 200),
        ("POST", "/api/best".to_string(), best, 200),
        ("POST", "/api/validate".to_string(), validate, 200),
        ("POST", "/api/game".to_string(), illegal, 422),
        ("POST", "/api/game".to_string(), "{not json".to_string(), 400),
        ("GET", "/".to_string(), String::new(), 200),
    ]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[test]
fn fifty_clients_at_once_get_the_answers_they_expect() {
    // All 50 searches wait their turn: the queue holds them all, and for as long as they
    // take (by default the 17th waiting would be `busy`, the right answer to more
    // searches than the machine can run, but not what this test counts).
    let config = Config { heavy_queue: CLIENTS, queue_wait: Duration::from_secs(120), ..Config::default() };
    let studio = Arc::new(Studio::with_config(config).expect("the studio"));
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
    let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
    let address = listener.local_addr().expect("its address");
    runtime.spawn(polydame_studio::serve(listener, studio));
    let start = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|i| {
            std::thread::spawn(move || mix(i).into_iter().map(|(m, p, b, want)| (request(address, m, &p, &b), want)).collect::<Vec<_>>())
        })
        .collect();
    let results: Vec<((u16, Duration), u16)> = clients.into_iter().flat_map(|c| c.join().expect("a client")).collect();
    let wall = start.elapsed();
    let wrong: Vec<_> = results.iter().filter(|((got, _), want)| got != want).collect();
    let mut times: Vec<Duration> = results.iter().map(|((_, t), _)| *t).collect();
    times.sort();
    eprintln!(
        "{} requests from {CLIENTS} clients in {:.2} s: {} unexpected ({:.1}%); latency p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        results.len(),
        wall.as_secs_f64(),
        wrong.len(),
        100.0 * wrong.len() as f64 / results.len() as f64,
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.9).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1e3),
    );
    assert!(wrong.is_empty(), "answers not expected: {wrong:?}");
    assert_eq!(results.len(), CLIENTS * 8);
}
