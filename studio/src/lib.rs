//! polydame studio: a local web server with one page (design, play and judge a variant in
//! the browser) and the JSON API it is built on (docs/studio.md). The page's files are
//! embedded in the binary. Every endpoint is a function of [`api`] from the request's bytes
//! to an answer, run off the server's threads in a lane of its own (searches and other
//! heavy work in one, cheap work in another), each lane with its slots and a bounded
//! queue: a search never holds up a game's state, and no number of requests makes the
//! server fail. The server bounds its connections, the time of every head, body and
//! answer, and the memory of the bodies it holds ([`Config`]); it answers only its own
//! site ([`Site`]), and every error answer is the API's JSON.

pub mod api;
mod body;
mod config;
mod gate;
mod lanes;
mod memories;
pub mod records;
mod reports;
mod respond;
mod routes;
mod server;
mod variants;
mod wire;

use api::{Answer, ApiError};
use body::Bodies;
use lanes::Lane;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use config::{Config, MAX_HEAD, MAX_URI, SPARE_FILES};
pub use gate::Site;
pub use memories::KEPT_TABLES;
pub use routes::router;
pub use variants::Compiled;

/// What every request shares: the compiled variants, the report jobs, the lanes of work
/// and the memory for bodies.
pub struct Studio {
    compiled: Compiled,
    /// The player's tables kept between the moves of games.
    memories: memories::Memories,
    jobs: reports::Jobs,
    heavy: Lane,
    light: Lane,
    bodies: Bodies,
    config: Config,
}

impl Studio {
    /// The studio, its shipped variants compiled, with the documented bounds.
    pub fn new() -> Result<Studio, String> {
        Studio::with_config(Config::default())
    }

    /// The studio with the bounds of `config`.
    pub fn with_config(config: Config) -> Result<Studio, String> {
        let search = Duration::from_millis(api::MAX_SEARCH_MS);
        let c = &config;
        Ok(Studio {
            memories: memories::Memories::default(),
            compiled: Compiled::new()?,
            jobs: reports::Jobs::new(c.reports, c.report_time),
            heavy: Lane::new("slots for searches and heavy work", c.heavy_slots, c.heavy_queue, c.queue_wait, c.work_time + search)
                .low_priority(),
            light: Lane::new("slots for requests", c.light_slots, c.light_queue, c.queue_wait, c.work_time),
            bodies: Bodies::new(c.body_memory, c.body_time),
            config,
        })
    }

    /// Its bounds.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Answers one API request by its endpoint (`game`, `compile`, `best`, `validate`,
    /// `report`) and body: what the server, the tests and the fuzz target call.
    pub fn answer(&self, endpoint: &str, body: &[u8]) -> Answer {
        self.answer_until(endpoint, body, &Arc::new(AtomicBool::new(false)))
    }

    /// [`Studio::answer`], its work stopped (a search cut short, a replay or a validation
    /// ended with `timeout`) once `stop` is set.
    pub fn answer_until(&self, endpoint: &str, body: &[u8], stop: &Arc<AtomicBool>) -> Answer {
        match endpoint {
            "game" => api::game(&self.compiled, body, stop),
            "compile" => api::compile(&self.compiled, body),
            "best" => api::best(&self.compiled, &self.memories, body, stop),
            "validate" => records::validate(&self.compiled, body, stop),
            "report" => self.jobs.start(&self.compiled, body),
            other => Err(ApiError::new(404, "not-found", format!("no endpoint /api/{other}"))),
        }
    }

    /// How report job `id` stands (`GET /api/report/ID`).
    pub fn report_status(&self, id: usize) -> Answer {
        self.jobs.status(id)
    }

    /// Cancels report job `id` (`DELETE /api/report/ID`): its status.
    pub fn cancel_report(&self, id: usize) -> Answer {
        self.jobs.cancel(id)
    }

    /// Reports running now (a cancelled one until its thread has ended).
    pub fn reports_running(&self) -> usize {
        self.jobs.running()
    }
}

/// Serves the studio on `listener` until the process ends, answering to the listener's
/// address and this machine's local names.
pub async fn serve(listener: tokio::net::TcpListener, studio: Arc<Studio>) -> std::io::Result<()> {
    let site = Site::new(listener.local_addr()?);
    serve_until(listener, studio, site, std::future::pending()).await
}

/// Serves the studio on `listener` for `site` until `shutdown` completes; then it stops
/// taking connections, lets the answers in progress finish (for the config's grace time at
/// most) and returns.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    studio: Arc<Studio>,
    site: Site,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let config = studio.config.clone();
    server::run(listener, router(studio, site), &config, shutdown).await
}

/// Completes when the process is asked to stop: Ctrl-C (and, on Unix, `SIGTERM`). A
/// signal that cannot be listened for is waited for never.
pub async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
