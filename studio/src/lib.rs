//! polydame studio: a local web server with one page (design, play and judge a variant in
//! the browser) and the JSON API it is built on (docs/studio.md). The page's files are
//! embedded in the binary. Every endpoint is a function of [`api`] from the request's bytes
//! to an answer, run off the server's threads (`spawn_blocking`): a search or a report
//! never holds up the other requests, and nothing a request holds makes the server fail.

pub mod api;
mod reports;
mod variants;

use api::{Answer, ApiError, MAX_BODY};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use std::sync::Arc;

pub use variants::Compiled;

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
];

/// What every request shares: the compiled variants and the report jobs.
pub struct Studio {
    compiled: Compiled,
    jobs: reports::Jobs,
}

impl Studio {
    /// The studio, its shipped variants compiled.
    pub fn new() -> Result<Studio, String> {
        Ok(Studio { compiled: Compiled::new()?, jobs: reports::Jobs::default() })
    }

    /// Answers one API request by its endpoint (`game`, `compile`, `best`, `validate`,
    /// `report`) and body: what the server, the tests and the fuzz target call.
    pub fn answer(&self, endpoint: &str, body: &[u8]) -> Answer {
        match endpoint {
            "game" => api::game(&self.compiled, body),
            "compile" => api::compile(&self.compiled, body),
            "best" => api::best(&self.compiled, body),
            "validate" => api::validate(&self.compiled, body),
            "report" => self.jobs.start(&self.compiled, body),
            other => Err(ApiError::new(404, "not-found", format!("no endpoint /api/{other}"))),
        }
    }

    /// How report job `id` stands (`GET /api/report/ID`).
    pub fn report_status(&self, id: usize) -> Answer {
        self.jobs.status(id)
    }
}

/// An answer as an HTTP response.
fn respond(answer: Answer) -> Response {
    match answer {
        Ok(value) => (StatusCode::OK, axum::Json(value)).into_response(),
        Err(e) => {
            let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
            (status, axum::Json(e.body())).into_response()
        }
    }
}

/// Runs `f` on the blocking pool; a panic there (a bug) is an error answer, not a crash.
async fn blocking(f: impl FnOnce() -> Answer + Send + 'static) -> Response {
    match tokio::task::spawn_blocking(f).await {
        Ok(answer) => respond(answer),
        Err(e) => respond(Err(ApiError::new(500, "internal", format!("the request failed: {e}")))),
    }
}

async fn post_api(State(s): State<Arc<Studio>>, Path(endpoint): Path<String>, body: Bytes) -> Response {
    blocking(move || s.answer(&endpoint, &body)).await
}

async fn get_variants(State(s): State<Arc<Studio>>) -> Response {
    respond(api::variants(&s.compiled))
}

async fn get_variant(Path(id): Path<String>) -> Response {
    respond(api::variant_text(&id))
}

async fn get_report(State(s): State<Arc<Studio>>, Path(job): Path<String>) -> Response {
    let answer = match job.parse::<usize>() {
        Ok(id) => s.report_status(id),
        Err(_) => Err(ApiError::new(404, "unknown-job", format!("no report job {job}"))),
    };
    respond(answer)
}

async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => respond(Err(ApiError::new(404, "not-found", format!("no file /{name}")))),
    }
}

async fn index() -> Response {
    file(Path("index.html".to_string())).await
}

/// The server's routes: the page's files and the API.
pub fn router(studio: Arc<Studio>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/{file}", get(file))
        .route("/api/variants", get(get_variants))
        .route("/api/variants/{id}", get(get_variant))
        .route("/api/report/{job}", get(get_report))
        .route("/api/{endpoint}", post(post_api))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(studio)
}

/// Serves the studio on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, studio: Arc<Studio>) -> std::io::Result<()> {
    axum::serve(listener, router(studio)).await
}
