//! What the studio's server may spend, and how long it waits: every bound on connections,
//! time, work and memory in one place, each with its default (docs/studio.md, "Limits").
//! A client that passes one gets a JSON error saying which, never a server that stops
//! answering the others.

use std::time::Duration;

/// The largest request head (the request line and the headers) read, in bytes: a longer
/// one is answered `431` (`head-too-large`).
pub const MAX_HEAD: usize = 64 * 1024;
/// The longest request address (path and query) taken, in bytes: a longer one is answered
/// `414` (`uri-too-long`).
pub const MAX_URI: usize = 8 * 1024;
/// File descriptors kept free below the process's limit for what is not a connection
/// (the listener, the runtime's, a browser started by `--open`).
pub const SPARE_FILES: u64 = 64;

/// The server's bounds. [`Config::default`] gives the documented ones; the tests make
/// them small to reach them quickly.
#[derive(Clone, Debug)]
pub struct Config {
    /// Connections open at once, at most (lowered to fit the process's limit of open
    /// files, less [`SPARE_FILES`]). When all are open, the one that has waited the
    /// longest for a whole request (idle, or its head or body still on the way) is closed
    /// to make room; while every one has a whole request in progress, new connections
    /// wait to be accepted.
    pub max_connections: usize,
    /// The time a connection has to send a request's whole head, from its opening or from
    /// the end of its previous answer (so it also ends an idle kept-alive connection).
    pub head_time: Duration,
    /// The time a request's body has to arrive, once its head has.
    pub body_time: Duration,
    /// The time an answer may wait for the client to read it (the socket's buffer full)
    /// before the connection is closed.
    pub write_stall: Duration,
    /// Request bodies held in memory at once, in bytes, all connections together: past it,
    /// a request is answered `busy`.
    pub body_memory: usize,
    /// Searches, validations and compilations of a posted variant that run at once.
    pub heavy_slots: usize,
    /// Heavy requests waiting for a slot, at most; one more is answered `busy` at once.
    pub heavy_queue: usize,
    /// Other requests that need a thread (a game's state, a compile of a shipped variant
    /// or of one compiled before, a report's start) that run at once.
    pub light_slots: usize,
    /// Those waiting for a slot, at most.
    pub light_queue: usize,
    /// How long a request waits for its slot before it is answered `busy`.
    pub queue_wait: Duration,
    /// How long a request's work may take once it has its slot (a search: its own time
    /// on top): past it, the work is told to stop and the answer is `timeout`.
    pub work_time: Duration,
    /// Reports running at once, at most.
    pub reports: usize,
    /// How long one report may run before it stops with an error.
    pub report_time: Duration,
    /// How long a shutdown waits for the answers in progress.
    pub shutdown_grace: Duration,
}

impl Default for Config {
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Config {
            max_connections: 1024,
            head_time: Duration::from_secs(10),
            body_time: Duration::from_secs(10),
            write_stall: Duration::from_secs(30),
            body_memory: 64 << 20,
            heavy_slots: cores,
            heavy_queue: 16,
            light_slots: 2 * cores + 2,
            light_queue: 256,
            queue_wait: Duration::from_secs(10),
            work_time: Duration::from_secs(10),
            reports: 2,
            report_time: Duration::from_secs(15 * 60),
            shutdown_grace: Duration::from_secs(10),
        }
    }
}

impl Config {
    /// The connections that may be open at once: [`Config::max_connections`], lowered to
    /// fit the process's limit of open files.
    pub fn connections(&self) -> usize {
        let fit = open_files().map_or(usize::MAX, |n| usize::try_from(n.saturating_sub(SPARE_FILES)).unwrap_or(usize::MAX));
        self.max_connections.min(fit).max(1)
    }
}

/// The process's limit of open files (its soft limit), where the system has one.
#[cfg(unix)]
fn open_files() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current
}

#[cfg(not(unix))]
fn open_files() -> Option<u64> {
    None
}
