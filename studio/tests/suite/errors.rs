//! Every error answer of the server is the API's JSON, `{"error": {"code", "message"}}`,
//! with its status (and `Allow` or `Retry-After` where it has one): an address no route
//! takes, a method a route does not, a body too large, an address too long, a body that is
//! not said to be JSON, a path that is not UTF-8. And the server answers only its own
//! site: a foreign `Host` (DNS rebinding) and a foreign `Origin` (a page of another site)
//! are refused. Each request goes through the router as the server hands it over
//! (`Router::oneshot`), no socket.

use axum::body::{Body, to_bytes};
use axum::http::{Request, header};
use polydame_studio::{MAX_URI, Site, Studio};
use serde_json::{Value, json};
use std::sync::Arc;
use tower::ServiceExt;

const HOST: &str = "127.0.0.1:8080";

fn app() -> axum::Router {
    let studio = Arc::new(Studio::new().expect("the studio"));
    polydame_studio::router(studio, Site::new(HOST.parse().expect("an address")).allow("studio.lan"))
}

/// Sends `request` (its `Host` set unless it has one); the status, the headers and the body.
async fn send(mut request: Request<Body>) -> (u16, axum::http::HeaderMap, Vec<u8>) {
    if !request.headers().contains_key(header::HOST) {
        request.headers_mut().insert(header::HOST, HOST.parse().expect("a header"));
    }
    let response = app().oneshot(request).await.expect("an answer");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = to_bytes(response.into_body(), 64 << 20).await.expect("a body").to_vec();
    (status, headers, body)
}

/// The error of an answer that must be the API's JSON error: its status and error object.
async fn error(request: Request<Body>) -> (u16, Value, axum::http::HeaderMap) {
    let (status, headers, body) = send(request).await;
    assert!(
        headers.get(header::CONTENT_TYPE).is_some_and(|c| c == "application/json"),
        "status {status}: not JSON: {headers:?} {}",
        String::from_utf8_lossy(&body)
    );
    let value: Value = serde_json::from_slice(&body).expect("JSON");
    let e = value["error"].clone();
    assert!(e["code"].is_string() && e["message"].is_string(), "{value}");
    (status, e, headers)
}

fn post(path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path).header(header::CONTENT_TYPE, "application/json").body(body.into()).expect("a request")
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).expect("a request")
}

#[tokio::test]
async fn unknown_addresses_and_methods_are_json_errors() {
    let (status, e, _) = error(get("/no/such/page")).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("not-found")));
    let (status, e, _) = error(get("/nothing.js")).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("not-found")));
    let (status, e, _) = error(post("/api/nothing", "{}")).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("not-found")));
    let (status, e, headers) = error(post("/api/variants", "{}")).await;
    assert_eq!((status, e["code"].as_str()), (405, Some("method-not-allowed")), "{e}");
    assert!(headers.get(header::ALLOW).is_some_and(|a| a.to_str().is_ok_and(|a| a.contains("GET"))), "{headers:?}");
    assert!(e["message"].as_str().is_some_and(|m| m.contains("/api/variants does not take POST")), "{e}");
    let (status, e, _) = error(get("/api/game")).await;
    assert_eq!((status, e["code"].as_str()), (405, Some("method-not-allowed")));
    let (status, e, _) = error(Request::put("/").body(Body::empty()).expect("a request")).await;
    assert_eq!((status, e["code"].as_str()), (405, Some("method-not-allowed")));
    // A path that is not UTF-8 once decoded: axum's extractor refuses it, in JSON.
    let (status, e, _) = error(get("/%FF%FE")).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")));
    let (status, e, _) = error(get("/api/report/x")).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("unknown-job")));
    let (status, e, _) = error(Request::delete("/api/report/77").body(Body::empty()).expect("a request")).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("unknown-job")));
}

#[tokio::test]
async fn limits_on_the_request_are_json_errors() {
    // A body past the limit, its length not said: refused as it passes the limit.
    let big = vec![b' '; polydame_studio::api::MAX_BODY + 1];
    let (status, e, _) = error(post("/api/game", big.clone())).await;
    assert_eq!((status, e["code"].as_str()), (413, Some("too-large")));
    // Its length said: refused before it is read.
    let mut declared = post("/api/compile", big);
    declared.headers_mut().insert(header::CONTENT_LENGTH, (polydame_studio::api::MAX_BODY + 1).into());
    let (status, e, _) = error(declared).await;
    assert_eq!((status, e["code"].as_str()), (413, Some("too-large")), "{e}");
    assert!(e["message"].as_str().is_some_and(|m| m.contains("1048577 bytes")), "{e}");
    let long = format!("/{}", "a".repeat(MAX_URI));
    let (status, e, _) = error(get(&long)).await;
    assert_eq!((status, e["code"].as_str()), (414, Some("uri-too-long")));
    let (status, e, _) = error(post("/api/game", "not json")).await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad-request")));
    let moves = vec!["32-28"; polydame_studio::api::MAX_MOVES + 1];
    let (status, e, _) = error(post("/api/game", json!({"variant": {"id": "international"}, "moves": moves}).to_string())).await;
    assert_eq!((status, e["code"].as_str()), (422, Some("too-many-moves")));
}

#[tokio::test]
async fn only_the_servers_own_names_and_origin_are_answered() {
    let game = || post("/api/game", json!({"variant": {"id": "international"}}).to_string());
    // DNS rebinding: a name of the attacker's, pointed at this machine.
    let mut rebound = game();
    rebound.headers_mut().insert(header::HOST, "attacker.example:8080".parse().expect("a header"));
    let (status, e, _) = error(rebound).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("foreign-host")));
    let mut page = get("/");
    page.headers_mut().insert(header::HOST, "attacker.example:8080".parse().expect("a header"));
    let (status, e, _) = error(page).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("foreign-host")));
    let mut other_port = get("/api/variants");
    other_port.headers_mut().insert(header::HOST, "localhost:9999".parse().expect("a header"));
    assert_eq!(error(other_port).await.1["code"], "foreign-host");
    // A page of another site posting to the studio.
    for origin in ["http://attacker.example", "null", "http://localhost:8080", "https://127.0.0.1:8080"] {
        let mut cross = game();
        cross.headers_mut().insert(header::ORIGIN, origin.parse().expect("a header"));
        let (status, e, _) = error(cross).await;
        assert_eq!((status, e["code"].as_str()), (403, Some("foreign-origin")), "{origin}");
    }
    // A form or plain text, which a page may send without asking first.
    for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let mut form = game();
        form.headers_mut().insert(header::CONTENT_TYPE, kind.parse().expect("a header"));
        let (status, e, _) = error(form).await;
        assert_eq!((status, e["code"].as_str()), (415, Some("unsupported-media-type")), "{kind}");
    }
    let mut none = game();
    none.headers_mut().remove(header::CONTENT_TYPE);
    assert_eq!(error(none).await.1["code"], "unsupported-media-type");
    // The page itself: its own origin, JSON, any of the names the server answers to.
    for host in [HOST, "localhost:8080", "[::1]:8080", "studio.lan:8080"] {
        let mut own = game();
        own.headers_mut().insert(header::HOST, host.parse().expect("a header"));
        own.headers_mut().insert(header::ORIGIN, format!("http://{host}").parse().expect("a header"));
        own.headers_mut().insert(header::CONTENT_TYPE, "application/json; charset=utf-8".parse().expect("a header"));
        let (status, _, body) = send(own).await;
        assert_eq!(status, 200, "{host}: {}", String::from_utf8_lossy(&body));
    }
    let (status, headers, _) = send(get("/")).await;
    assert_eq!(status, 200);
    assert!(headers.get(header::CONTENT_TYPE).is_some_and(|c| c.to_str().is_ok_and(|c| c.starts_with("text/html"))));
}
