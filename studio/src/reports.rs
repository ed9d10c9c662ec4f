//! The designer's report of the variants being edited, played in the background: a job
//! per request, its progress polled; two at a time at most.

use crate::api::{Answer, ApiError, parse};
use crate::variants::{Compiled, VariantRef};
use polydame::player::{SelfPlayGame, play_out, random_opening};
use polydame::{Limits, Player, Rules};
use polydame_report::{Report, Settings, VariantGames, labels};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Reports running at once, at most.
pub const MAX_RUNNING: usize = 2;
/// Games a variant, depth and plies, at most.
const MAX_GAMES: u32 = 200;
const MAX_DEPTH: u32 = 6;
const MAX_PLIES: u32 = 400;
/// Finished jobs kept for their answers.
const KEPT: usize = 32;

/// One report: how far it is, and its answer once done.
struct Job {
    played: AtomicUsize,
    total: usize,
    answer: Mutex<Option<Result<(String, Value), String>>>,
}

/// The jobs, by number.
#[derive(Default)]
pub struct Jobs {
    next: AtomicUsize,
    running: Arc<AtomicUsize>,
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
}

fn ten() -> u32 {
    10
}

fn two() -> u32 {
    2
}

impl Jobs {
    /// `POST /api/report`: starts a job, `{"job": N}`; `busy` when two are running.
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
        if self.running.fetch_add(1, Ordering::SeqCst) >= MAX_RUNNING {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::new(429, "busy", format!("{MAX_RUNNING} reports are running: try again when one is done")));
        }
        let id = self.next.fetch_add(1, Ordering::SeqCst) + 1;
        let job = Arc::new(Job { played: AtomicUsize::new(0), total: settings.games as usize * rules.len(), answer: Mutex::new(None) });
        if let Ok(mut jobs) = self.jobs.lock() {
            while jobs.len() >= KEPT {
                jobs.pop_first();
            }
            jobs.insert(id, job.clone());
        }
        let names: Vec<String> = rules.iter().map(|r| r.id().to_string()).collect();
        let running = self.running.clone();
        std::thread::spawn(move || {
            let answer = play(&rules, &names, settings, &job);
            if let Ok(mut a) = job.answer.lock() {
                *a = Some(answer);
            }
            running.fetch_sub(1, Ordering::SeqCst);
        });
        Ok(json!({ "job": id }))
    }

    /// `GET /api/report/N`: how far the job is, and its report once done.
    pub fn status(&self, id: usize) -> Answer {
        let job = self.jobs.lock().ok().and_then(|j| j.get(&id).cloned());
        let job = job.ok_or_else(|| ApiError::new(404, "unknown-job", format!("no report job {id}")))?;
        let mut out = json!({"done": false, "played": job.played.load(Ordering::SeqCst), "total": job.total});
        match job.answer.lock().ok().and_then(|a| a.clone()) {
            Some(Ok((html, report))) => {
                out["done"] = json!(true);
                out["html"] = json!(html);
                out["json"] = report;
            }
            Some(Err(e)) => {
                out["done"] = json!(true);
                out["error"] = json!(e);
            }
            None => {}
        }
        Ok(out)
    }
}

/// Plays the games of every variant, as `polydame report` plays them, and builds the report.
fn play(rules: &[Arc<Rules>], names: &[String], settings: Settings, job: &Job) -> Result<(String, Value), String> {
    let mut played: Vec<Vec<SelfPlayGame>> = Vec::new();
    for r in rules {
        let mut games = Vec::new();
        for i in 0..u64::from(settings.games) {
            let seed = settings.seed.wrapping_add(i);
            let game = random_opening(r, seed, settings.opening_plies).map_err(|e| e.describe("an opening"))?;
            let limits = Limits::depth(settings.depth);
            games.push(
                play_out(&Player::new(r).with_seed(seed), game, &limits, settings.max_plies as usize).map_err(|e| e.describe("a game"))?,
            );
            job.played.fetch_add(1, Ordering::SeqCst);
        }
        played.push(games);
    }
    let sections = labels(names)
        .into_iter()
        .zip(names)
        .zip(rules.iter().zip(&played))
        .map(|((l, n), (r, g))| VariantGames::new(n.clone(), l, r, g))
        .collect();
    let report = Report::new(settings, sections);
    let value = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    Ok((report.html(), value))
}
