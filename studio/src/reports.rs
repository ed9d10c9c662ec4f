//! The designer's report of the variants being edited, played in the background: a job
//! per request, its progress polled. A few run at once at most, each within a time limit,
//! and each can be cancelled; a job that ends in any way, a panic included, frees its slot.
//! A stopped job's searches end at their next check (the stop flag of their limits), and
//! its games at the next game.

use crate::api::{Answer, ApiError, parse};
use crate::variants::{Compiled, VariantRef};
use polydame::player::{SelfPlayGame, self_play_game};
use polydame::{Limits, Rules};
use polydame_report::{Report, Settings, VariantGames, labels};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Games a variant, depth and plies, at most.
const MAX_GAMES: u32 = 200;
const MAX_DEPTH: u32 = 6;
const MAX_PLIES: u32 = 400;
/// Finished jobs kept for their answers.
const KEPT: usize = 32;

/// Why a job ended without its report.
#[derive(Clone, Debug)]
struct Failure {
    /// `cancelled`, `time-limit`, `budget` or `failed`.
    code: &'static str,
    message: String,
}

/// Why a job was told to stop.
#[derive(Clone, Copy, Debug)]
enum Stopped {
    Cancelled,
    OutOfTime,
}

/// One report: how far it is, and its answer once done.
struct Job {
    played: AtomicUsize,
    total: usize,
    /// Set to stop the job: its searches and its games heed it.
    stop: Arc<AtomicBool>,
    why: Mutex<Option<Stopped>>,
    answer: Mutex<Option<Result<(String, Value), Failure>>>,
}

impl Job {
    fn stop(&self, why: Stopped) {
        lock(&self.why).get_or_insert(why);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The failure of a job stopped after `played` games.
    fn stopped(&self, time: Duration) -> Failure {
        let played = self.played.load(Ordering::SeqCst);
        match *lock(&self.why) {
            Some(Stopped::OutOfTime) => Failure {
                code: "time-limit",
                message: format!(
                    "the report passed its time limit of {} after {played} of {} games: ask for fewer games, a smaller depth or fewer plies",
                    minutes(time),
                    self.total
                ),
            },
            _ => Failure { code: "cancelled", message: format!("the report was cancelled after {played} of {} games", self.total) },
        }
    }
}

/// A mutex's value, even when a thread panicked holding it (every value here is whole at
/// all times).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn minutes(d: Duration) -> String {
    match d.as_secs() {
        s if s >= 60 && s % 60 == 0 => format!("{} min", s / 60),
        _ => format!("{} s", d.as_secs_f64()),
    }
}

/// A running job's slot: when the job's thread ends, however it ends, the job gets an
/// answer if it has none (it panicked), its time limit's watch ends and the slot is free.
struct Slot {
    running: Arc<AtomicUsize>,
    job: Arc<Job>,
    _watch: Sender<()>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        lock(&self.job.answer).get_or_insert_with(|| {
            Err(Failure { code: "failed", message: "the report failed: an error in the studio (please report it)".to_string() })
        });
        self.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The jobs, by number.
pub struct Jobs {
    next: AtomicUsize,
    running: Arc<AtomicUsize>,
    max_running: usize,
    time: Duration,
    jobs: Mutex<BTreeMap<usize, Arc<Job>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    variants: Vec<VariantRef>,
    #[serde(default = "ten")]
    games: u32,
    #[serde(default = "two")]
    depth: u32,
    #[serde(default)]
    max_plies: Option<u32>,
    /// The heading of each variant's column (the page names the editor's variant as the
    /// editor's): as many as `variants`, all different; by default a shipped variant's
    /// id and a posted variant's file name.
    #[serde(default)]
    labels: Vec<String>,
}

/// The longest heading of a column taken.
const MAX_LABEL: usize = 80;

/// The variant as a request gave it (a shipped id, or a posted file's name), and the
/// heading of each column.
fn names(req: &Request) -> Result<(Vec<String>, Vec<String>), ApiError> {
    let given: Vec<String> = req
        .variants
        .iter()
        .map(|v| v.id.clone().or_else(|| v.name.clone().filter(|n| !n.trim().is_empty())).unwrap_or_else(|| "variant.toml".to_string()))
        .collect();
    if req.labels.is_empty() {
        return Ok((labels(&given), given));
    }
    let bad = |why: &str| Err(ApiError::new(400, "bad-request", format!("the report's labels {why}")));
    if req.labels.len() != req.variants.len() {
        return bad("are one for each variant");
    }
    if req.labels.iter().any(|l| l.trim().is_empty() || l.chars().count() > MAX_LABEL) {
        return bad(&format!("are of 1 to {MAX_LABEL} characters"));
    }
    if req.labels.len() == 2 && req.labels[0].trim() == req.labels[1].trim() {
        return bad("must tell the variants apart: two are the same");
    }
    Ok((req.labels.iter().map(|l| l.trim().to_string()).collect(), given))
}

fn ten() -> u32 {
    10
}

fn two() -> u32 {
    2
}

impl Jobs {
    /// Jobs of which `max_running` run at once, each for `time` at most.
    pub fn new(max_running: usize, time: Duration) -> Jobs {
        Jobs { next: AtomicUsize::new(0), running: Arc::new(AtomicUsize::new(0)), max_running, time, jobs: Mutex::new(BTreeMap::new()) }
    }

    /// `POST /api/report`: starts a job, `{"job": N}`; `busy` when all slots are taken.
    pub fn start(&self, compiled: &Compiled, body: &[u8]) -> Answer {
        let req: Request = parse(body)?;
        if req.variants.is_empty() || req.variants.len() > 2 {
            return Err(ApiError::new(400, "bad-request", "a report is of one variant, or two side by side"));
        }
        let rules: Vec<Arc<Rules>> = req.variants.iter().map(|v| compiled.rules(v)).collect::<Result<_, _>>()?;
        let settings = Settings {
            games: req.games.clamp(1, MAX_GAMES),
            depth: req.depth.clamp(1, MAX_DEPTH),
            opening_plies: 4,
            ballots: None,
            seed: 1,
            max_plies: req.max_plies.unwrap_or(200).clamp(1, MAX_PLIES),
            options: Vec::new(),
        };
        let (labels, given) = names(&req)?;
        let total = settings.games as usize * rules.len();
        let time = self.time;
        self.spawn(total, move |job| play(&rules, &given, &labels, settings, job, time))
    }

    /// Runs `work` as a new job of `total` games on a thread of its own.
    fn spawn(&self, total: usize, work: impl FnOnce(&Job) -> Result<(String, Value), Failure> + Send + 'static) -> Answer {
        if self.running.fetch_add(1, Ordering::SeqCst) >= self.max_running {
            self.running.fetch_sub(1, Ordering::SeqCst);
            let mut e =
                ApiError::new(429, "busy", format!("{} reports are running: try again when one is done (or cancel one)", self.max_running));
            e.retry_after = Some(10);
            return Err(e);
        }
        let id = self.next.fetch_add(1, Ordering::SeqCst) + 1;
        let job = Arc::new(Job {
            played: AtomicUsize::new(0),
            total,
            stop: Arc::new(AtomicBool::new(false)),
            why: Mutex::new(None),
            answer: Mutex::new(None),
        });
        let (watch, ended) = channel::<()>();
        // From here on the slot is the guard's: whatever happens, dropping it frees it.
        let slot = Slot { running: self.running.clone(), job: job.clone(), _watch: watch };
        let timer = job.clone();
        let time = self.time;
        let watching = std::thread::Builder::new().name("report-clock".to_string()).spawn(move || {
            if let Err(RecvTimeoutError::Timeout) = ended.recv_timeout(time) {
                timer.stop(Stopped::OutOfTime);
            }
        });
        if let Err(e) = watching {
            drop(slot);
            return Err(ApiError::busy(format!("the report cannot be started: {e}"), 10));
        }
        {
            let mut jobs = lock(&self.jobs);
            while jobs.len() >= KEPT {
                jobs.pop_first();
            }
            jobs.insert(id, job.clone());
        }
        let started = std::thread::Builder::new().name(format!("report-{id}")).spawn(move || {
            let answer = work(&slot.job);
            *lock(&slot.job.answer) = Some(answer);
            drop(slot);
        });
        match started {
            Ok(_) => Ok(json!({ "job": id })),
            Err(e) => {
                lock(&self.jobs).remove(&id);
                Err(ApiError::busy(format!("the report cannot be started: {e}"), 10))
            }
        }
    }

    fn job(&self, id: usize) -> Result<Arc<Job>, ApiError> {
        lock(&self.jobs).get(&id).cloned().ok_or_else(|| ApiError::new(404, "unknown-job", format!("no report job {id}")))
    }

    /// `GET /api/report/N`: how far the job is, and its report once done.
    pub fn status(&self, id: usize) -> Answer {
        let job = self.job(id)?;
        let mut out = json!({"done": false, "played": job.played.load(Ordering::SeqCst), "total": job.total});
        match lock(&job.answer).clone() {
            Some(Ok((html, report))) => {
                out["done"] = json!(true);
                out["html"] = json!(html);
                out["json"] = report;
            }
            Some(Err(e)) => {
                out["done"] = json!(true);
                out["error"] = json!(e.message);
                out["error_code"] = json!(e.code);
            }
            None if job.stop.load(Ordering::SeqCst) => out["stopping"] = json!(true),
            None => {}
        }
        Ok(out)
    }

    /// `DELETE /api/report/N`: stops the job (its games stop at the next check, then its
    /// slot is free) and answers its status. A job already done is left as it is.
    pub fn cancel(&self, id: usize) -> Answer {
        let job = self.job(id)?;
        if lock(&job.answer).is_none() {
            job.stop(Stopped::Cancelled);
        }
        self.status(id)
    }

    /// Reports running now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }
}

/// Plays the games of every variant, as `polydame report` plays them, and builds the
/// report; stops before the next game once the job is told to.
fn play(
    rules: &[Arc<Rules>],
    names: &[String],
    labels: &[String],
    settings: Settings,
    job: &Job,
    time: Duration,
) -> Result<(String, Value), Failure> {
    let failed = |e: String| Failure { code: "budget", message: e };
    let mut played: Vec<Vec<SelfPlayGame>> = Vec::new();
    for r in rules {
        let mut games = Vec::new();
        for i in 0..u64::from(settings.games) {
            if job.stop.load(Ordering::SeqCst) {
                return Err(job.stopped(time));
            }
            // Game `seed` as `polydame report` and Python's `report` play it.
            let seed = settings.seed.wrapping_add(i);
            let limits = Limits::depth(settings.depth).stop_on(job.stop.clone());
            let game = self_play_game(r, seed, settings.opening_plies, &limits, settings.max_plies as usize);
            games.push(game.map_err(|e| failed(e.describe("a game")))?);
            job.played.fetch_add(1, Ordering::SeqCst);
        }
        played.push(games);
    }
    let sections = labels
        .iter()
        .zip(names)
        .zip(rules.iter().zip(&played))
        .map(|((l, n), (r, g))| VariantGames::new(n.clone(), l.clone(), r, g))
        .collect();
    let report = Report::new(settings, sections);
    let value = serde_json::to_value(&report).map_err(|e| Failure { code: "failed", message: e.to_string() })?;
    Ok((report.html(), value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    fn wait_done(jobs: &Jobs, id: usize) -> Value {
        let start = Instant::now();
        loop {
            let s = jobs.status(id).expect("the job");
            if s["done"] == true {
                return s;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "the job did not end: {s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn id(answer: Answer) -> usize {
        answer.expect("started")["job"].as_u64().expect("a job") as usize
    }

    #[test]
    fn a_job_that_panics_frees_its_slot_and_says_it_failed() {
        let jobs = Jobs::new(1, Duration::from_secs(60));
        let first = id(jobs.spawn(1, |_| panic!("a bug in a report")));
        let s = wait_done(&jobs, first);
        assert_eq!(s["error_code"], "failed", "{s}");
        // The slot is free again: another job starts, where a second at once would be busy.
        wait_free(&jobs);
        let second = id(jobs.spawn(1, |_| Ok((String::new(), json!({})))));
        assert_eq!(wait_done(&jobs, second)["done"], true);
    }

    #[test]
    fn a_report_past_its_time_limit_stops_with_an_error() {
        let compiled = Compiled::new().expect("the shipped variants");
        let jobs = Jobs::new(2, Duration::from_millis(300));
        let body = br#"{"variants": [{"id": "international"}], "games": 200, "depth": 6, "max_plies": 400}"#;
        let s = wait_done(&jobs, id(jobs.start(&compiled, body)));
        assert_eq!(s["error_code"], "time-limit", "{s}");
        assert!(s["played"].as_u64().is_some_and(|p| p < 200), "{s}");
        assert!(s["error"].as_str().is_some_and(|e| e.contains("time limit of 0.3 s")), "{s}");
        wait_free(&jobs);
    }

    fn wait_free(jobs: &Jobs) {
        let start = Instant::now();
        while jobs.running() > 0 {
            assert!(start.elapsed() < Duration::from_secs(10), "the slot is still taken");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
