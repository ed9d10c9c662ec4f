//! The server's routes: the page's files and the API, each a handler that reads its
//! request within the server's bounds and hands the work to its lane.

use crate::Studio;
use crate::api::{self, Answer, ApiError};
use crate::gate::{self, Site};
use crate::respond::{json_errors, method_not_allowed, not_found, respond};
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::header;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::sync::Arc;

/// The page's files: name, content type, text.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../web/index.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("../web/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../web/app.js")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../web/api.js")),
    ("board.js", "text/javascript; charset=utf-8", include_str!("../web/board.js")),
    ("editor.js", "text/javascript; charset=utf-8", include_str!("../web/editor.js")),
    ("variant.js", "text/javascript; charset=utf-8", include_str!("../web/variant.js")),
    ("game.js", "text/javascript; charset=utf-8", include_str!("../web/game.js")),
    ("engine.js", "text/javascript; charset=utf-8", include_str!("../web/engine.js")),
    ("records.js", "text/javascript; charset=utf-8", include_str!("../web/records.js")),
    ("judge.js", "text/javascript; charset=utf-8", include_str!("../web/judge.js")),
    ("drop.js", "text/javascript; charset=utf-8", include_str!("../web/drop.js")),
];

/// The server's routes for `site`: the page's files and the API, behind the checks of
/// every request against the site ([`Site`]), every error answer JSON.
pub fn router(studio: Arc<Studio>, site: Site) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/{file}", get(file))
        .route("/api/variants", get(get_variants))
        .route("/api/variants/{id}", get(get_variant))
        .route("/api/report/{job}", get(get_report).delete(cancel_report))
        .route("/api/{endpoint}", post(post_api))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(studio)
        .layer(from_fn_with_state(site, gate::check))
        .layer(from_fn(json_errors))
}

/// `POST /api/ENDPOINT`: the body read, then the work in its lane. A search, a validation
/// and a compilation of a posted variant are heavy; the rest is light, so a game's state
/// never waits behind a search.
async fn post_api(State(s): State<Arc<Studio>>, Path(endpoint): Path<String>, request: Request) -> Response {
    let light = match endpoint.as_str() {
        "best" | "validate" => false,
        "game" | "compile" | "report" => true,
        _ => {
            return respond(Err(ApiError::new(
                404,
                "not-found",
                format!("no endpoint /api/{}", endpoint.chars().take(100).collect::<String>()),
            )));
        }
    };
    let (parts, body) = request.into_parts();
    if let Err(e) = gate::json_body(&parts.headers) {
        return e.into_response();
    }
    let held = match s.bodies.read(&parts.headers, body).await {
        Ok(held) => Arc::new(held),
        Err(e) => return e.into_response(),
    };
    if light {
        let (studio, body, endpoint) = (s.clone(), held.clone(), endpoint.clone());
        let answer = s
            .light
            .run(move |stop| studio.compiled.compiles_nothing(&body.bytes).then(|| studio.answer_until(&endpoint, &body.bytes, &stop)))
            .await;
        match answer {
            Ok(Some(answer)) => return respond(answer),
            Ok(None) => {}
            Err(e) => return e.into_response(),
        }
    }
    let studio = s.clone();
    let answer: Result<Answer, ApiError> = s.heavy.run(move |stop| studio.answer_until(&endpoint, &held.bytes, &stop)).await;
    respond(answer.and_then(|a| a))
}

async fn get_variants(State(s): State<Arc<Studio>>) -> Response {
    respond(api::variants(&s.compiled))
}

async fn get_variant(Path(id): Path<String>) -> Response {
    respond(api::variant_text(&id))
}

/// A job's number, or `unknown-job`.
fn job_number(job: &str) -> Result<usize, ApiError> {
    job.parse::<usize>()
        .map_err(|_| ApiError::new(404, "unknown-job", format!("no report job {}", job.chars().take(100).collect::<String>())))
}

async fn get_report(State(s): State<Arc<Studio>>, Path(job): Path<String>) -> Response {
    respond(job_number(&job).and_then(|id| s.report_status(id)))
}

async fn cancel_report(State(s): State<Arc<Studio>>, Path(job): Path<String>) -> Response {
    respond(job_number(&job).and_then(|id| s.cancel_report(id)))
}

async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => respond(Err(ApiError::new(404, "not-found", format!("no file /{}", name.chars().take(100).collect::<String>())))),
    }
}

async fn index() -> Response {
    file(Path("index.html".to_string())).await
}
