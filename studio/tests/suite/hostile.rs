//! The attacks of a hostile client, each over real connections to a server on loopback,
//! with bounds made small so that they are reached quickly: heads sent a byte at a time
//! (slowloris) past the connection cap, a body that never arrives, heads too large for
//! hyper, searches past the queue while a game's state is asked, a client that leaves in
//! the middle of its search, a report that runs too long, and a shutdown with an answer
//! in progress. Each test asserts what the server answers; times appear only as generous
//! bounds that prove the server does not hang.

use polydame_studio::{Config, Site, Studio};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A server with `config` on a port of its own, served until the value is dropped.
struct Server {
    address: SocketAddr,
    runtime: tokio::runtime::Runtime,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    done: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    fn start(config: Config) -> Server {
        let studio = Arc::new(Studio::with_config(config).expect("the studio"));
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a runtime");
        let listener = runtime.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).expect("a port");
        let address = listener.local_addr().expect("its address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let done = runtime.spawn(polydame_studio::serve_until(listener, studio, Site::new(address), async move {
            let _ = stopped.await;
        }));
        Server { address, runtime, stop: Some(stop), done: Some(done) }
    }
}

/// A small config: its bounds reached in a test's time.
fn small() -> Config {
    Config { head_time: Duration::from_secs(2), body_time: Duration::from_secs(1), ..Config::default() }
}

/// An answer: status, headers (lower-case names) and body.
struct Answer {
    status: u16,
    head: String,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        assert!(self.head.contains("content-type: application/json"), "not JSON: {}\n{}", self.head, self.body);
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    fn code(&self) -> String {
        self.json()["error"]["code"].as_str().unwrap_or("").to_string()
    }
}

/// Reads an answer to its end (the request asked `Connection: close`).
fn read_answer(mut s: TcpStream) -> Answer {
    s.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    Answer { status, head: head.to_ascii_lowercase(), body: body.to_string() }
}

fn send_raw(address: SocketAddr, bytes: &[u8]) -> Answer {
    let mut s = TcpStream::connect(address).expect("the server takes connections");
    let _ = s.write_all(bytes);
    read_answer(s)
}

fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> Answer {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    send_raw(address, &[head.as_bytes(), body.as_bytes()].concat())
}

fn post(address: SocketAddr, endpoint: &str, body: Value) -> Answer {
    request(address, "POST", &format!("/api/{endpoint}"), &body.to_string())
}

/// A search that takes its whole time (five kings a side in International draughts: the
/// search to depth 12 takes longer than the 5 s a search may have).
fn long_search(ms: u64) -> Value {
    json!({"variant": {"id": "international"}, "fen": "W:WK46,K47,K48,K49,K50:BK1,K2,K3,K4,K5", "depth": 12, "time_ms": ms})
}

/// Whether the server closed `s` (end of file, or reset) within `within`.
fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    s.set_read_timeout(Some(within)).expect("a timeout");
    let mut buf = [0u8; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => return false,
            Err(_) => return true,
        }
    }
}

/// Three times the cap of slow clients, each reconnecting whenever the server closes it,
/// each sending `start` and then one byte every 100 ms: twenty requests meanwhile must each
/// be answered within 5 s. The head and body times are longer than that: the answers come
/// in time only because slow connections make room, not because their time runs out.
fn slow_clients_do_not_keep_others_out(start: &'static str) {
    let config = Config { max_connections: 16, head_time: Duration::from_secs(30), body_time: Duration::from_secs(30), ..small() };
    let server = Server::start(config);
    let address = server.address;
    let attacking = Arc::new(AtomicBool::new(true));
    let attackers: Vec<_> = (0..48)
        .map(|_| {
            let attacking = attacking.clone();
            std::thread::spawn(move || {
                while attacking.load(Ordering::SeqCst) {
                    let Ok(mut s) = TcpStream::connect(address) else { continue };
                    let _ = s.write_all(start.replace("ADDRESS", &address.to_string()).as_bytes());
                    while attacking.load(Ordering::SeqCst) && s.write_all(b" ").is_ok() {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    for i in 0..20 {
        let start = Instant::now();
        let answer = if i % 2 == 0 {
            request(address, "GET", "/api/variants", "")
        } else {
            post(address, "game", json!({"variant": {"id": "international"}, "moves": ["32-28"]}))
        };
        assert_eq!(answer.status, 200, "request {i}: {}", answer.body);
        assert!(start.elapsed() < Duration::from_secs(5), "request {i} took {:?}", start.elapsed());
    }
    attacking.store(false, Ordering::SeqCst);
    for a in attackers {
        a.join().expect("an attacker");
    }
}

#[test]
fn heads_sent_a_byte_at_a_time_do_not_keep_others_out() {
    slow_clients_do_not_keep_others_out("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
}

#[test]
fn bodies_sent_a_byte_at_a_time_do_not_keep_others_out() {
    slow_clients_do_not_keep_others_out(
        "POST /api/game HTTP/1.1\r\nHost: ADDRESS\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
    );
}

#[test]
fn a_head_that_never_ends_is_cut_off_after_its_time() {
    let server = Server::start(small());
    let mut slow = TcpStream::connect(server.address).expect("a connection");
    slow.write_all(b"GET / HTTP/1.1\r\nHost: local").expect("a part of a head");
    // The head time is 2 s; the server closes the connection then.
    assert!(closed_within(&mut slow, Duration::from_secs(10)), "the slow connection is still open");
    // A kept-alive connection that sends nothing more is closed the same way.
    let mut idle = TcpStream::connect(server.address).expect("a connection");
    let head = format!("GET /api/variants HTTP/1.1\r\nHost: {}\r\n\r\n", server.address);
    idle.write_all(head.as_bytes()).expect("a request");
    assert!(closed_within(&mut idle, Duration::from_secs(10)), "the idle connection is still open");
}

#[test]
fn the_oldest_idle_connection_makes_room_for_a_new_one() {
    let server = Server::start(Config { max_connections: 4, head_time: Duration::from_secs(60), ..small() });
    let mut idle: Vec<TcpStream> = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(server.address).expect("a connection"));
        std::thread::sleep(Duration::from_millis(50));
    }
    let answer = request(server.address, "GET", "/api/variants", "");
    assert_eq!(answer.status, 200);
    assert!(closed_within(&mut idle[0], Duration::from_secs(10)), "the oldest idle connection is still open");
}

#[test]
fn a_body_that_does_not_arrive_is_a_timeout() {
    let server = Server::start(small());
    let mut s = TcpStream::connect(server.address).expect("a connection");
    let head = format!(
        "POST /api/game HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{{\"variant\"",
        server.address
    );
    s.write_all(head.as_bytes()).expect("a head");
    let answer = read_answer(s);
    assert_eq!((answer.status, answer.code().as_str()), (408, "timeout"), "{}", answer.body);
}

#[test]
fn heads_hyper_refuses_are_answered_in_json() {
    let server = Server::start(small());
    let long_uri = format!("GET /{} HTTP/1.1\r\nHost: localhost\r\n\r\n", "a".repeat(20_000));
    let answer = send_raw(server.address, long_uri.as_bytes());
    assert_eq!((answer.status, answer.code().as_str()), (414, "uri-too-long"), "{}", answer.head);
    // An address past what hyper itself reads (65,534 bytes) is a head too large.
    let longer_uri = format!("GET /{} HTTP/1.1\r\nHost: localhost\r\n\r\n", "a".repeat(70_000));
    let answer = send_raw(server.address, longer_uri.as_bytes());
    assert_eq!((answer.status, answer.code().as_str()), (431, "head-too-large"), "{}", answer.head);
    let big_head = format!("GET / HTTP/1.1\r\nHost: localhost\r\nX-Filler: {}\r\n\r\n", "a".repeat(polydame_studio::MAX_HEAD));
    let answer = send_raw(server.address, big_head.as_bytes());
    assert_eq!((answer.status, answer.code().as_str()), (431, "head-too-large"), "{}", answer.head);
    let answer = send_raw(server.address, b"\x01\x02 not http at all\r\n\r\n");
    assert_eq!((answer.status, answer.code().as_str()), (400, "bad-request"), "{}", answer.head);
    // A request without a Host header.
    let answer = send_raw(server.address, b"GET /api/variants HTTP/1.0\r\n\r\n");
    assert_eq!((answer.status, answer.code().as_str()), (400, "no-host"), "{}", answer.head);
}

#[test]
fn searches_past_the_queue_are_busy_and_a_game_does_not_wait_behind_them() {
    let server = Server::start(Config { heavy_slots: 1, heavy_queue: 1, queue_wait: Duration::from_secs(30), ..small() });
    let address = server.address;
    let first_done = Arc::new(AtomicBool::new(false));
    let first = std::thread::spawn({
        let first_done = first_done.clone();
        move || {
            let a = post(address, "best", long_search(3000));
            first_done.store(true, Ordering::SeqCst);
            a
        }
    });
    std::thread::sleep(Duration::from_millis(300));
    let second = std::thread::spawn(move || post(address, "best", long_search(500)));
    std::thread::sleep(Duration::from_millis(300));
    // The slot is taken and the queue full: a third is refused at once.
    let third = post(address, "best", long_search(500));
    assert_eq!((third.status, third.code().as_str()), (503, "busy"), "{}", third.body);
    assert!(third.head.contains("retry-after: "), "{}", third.head);
    // A game's state, the page and the list of variants are answered meanwhile.
    let game = post(address, "game", json!({"variant": {"id": "international"}, "moves": ["32-28", "19-23"]}));
    assert_eq!(game.status, 200);
    assert_eq!(request(address, "GET", "/", "").status, 200);
    assert_eq!(request(address, "GET", "/api/variants", "").status, 200);
    assert!(!first_done.load(Ordering::SeqCst), "the cheap requests were answered only after the search");
    let (first, second) = (first.join().expect("the first"), second.join().expect("the second"));
    assert_eq!((first.status, second.status), (200, 200), "{} {}", first.body, second.body);
}

#[test]
fn a_client_that_leaves_stops_its_search() {
    // One slot, and a wait for it shorter than the first search's time: the second search
    // gets the slot only if the first search stops when its client leaves.
    let server = Server::start(Config { heavy_slots: 1, queue_wait: Duration::from_secs(2), ..small() });
    let address = server.address;
    let mut leaving = TcpStream::connect(address).expect("a connection");
    let body = long_search(5000).to_string();
    let head =
        format!("POST /api/best HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n", body.len());
    leaving.write_all(&[head.as_bytes(), body.as_bytes()].concat()).expect("a search asked");
    std::thread::sleep(Duration::from_millis(500));
    drop(leaving);
    let next = post(address, "best", json!({"variant": {"id": "international"}, "depth": 2}));
    assert_eq!(next.status, 200, "the first search still holds the slot: {}", next.body);
}

#[test]
fn a_report_can_be_cancelled_and_frees_its_slot() {
    let server = Server::start(Config { reports: 1, ..small() });
    let address = server.address;
    let heavy = json!({"variants": [{"id": "international"}], "games": 200, "depth": 6, "max_plies": 400});
    let started = post(address, "report", heavy.clone());
    assert_eq!(started.status, 200, "{}", started.body);
    let job = started.json()["job"].as_u64().expect("a job");
    let refused = post(address, "report", heavy.clone());
    assert_eq!((refused.status, refused.code().as_str()), (429, "busy"));
    let cancelled = request(address, "DELETE", &format!("/api/report/{job}"), "");
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    let start = Instant::now();
    let status = loop {
        let s = request(address, "GET", &format!("/api/report/{job}"), "").json();
        if s["done"] == true {
            break s;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the cancelled report goes on: {s}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status["error_code"], "cancelled", "{status}");
    // Its slot is free: another report starts (and is cancelled in turn).
    let start = Instant::now();
    let again = loop {
        let a = post(address, "report", heavy.clone());
        if a.status != 429 || start.elapsed() > Duration::from_secs(10) {
            break a;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(again.status, 200, "{}", again.body);
    let job = again.json()["job"].as_u64().expect("a job");
    assert_eq!(request(address, "DELETE", &format!("/api/report/{job}"), "").status, 200);
}

#[test]
fn a_shutdown_lets_the_answers_in_progress_finish() {
    let mut server = Server::start(small());
    let address = server.address;
    let search = std::thread::spawn(move || post(address, "best", long_search(1500)));
    std::thread::sleep(Duration::from_millis(300));
    let _ = server.stop.take().map(|s| s.send(()));
    let done = server.done.take().expect("the server");
    let stopped = server.runtime.block_on(async { tokio::time::timeout(Duration::from_secs(30), done).await });
    assert!(matches!(stopped, Ok(Ok(Ok(())))), "the server did not stop: {stopped:?}");
    let answer = search.join().expect("the search");
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.json()["move"].is_string());
    assert!(TcpStream::connect(address).is_err(), "the server still takes connections");
}
