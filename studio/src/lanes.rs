//! The queues in front of the work that needs a thread. A lane has a number of slots (the
//! jobs that run at once, each on a thread of its own) and a queue: a request
//! that finds every slot taken waits its turn, first come first served, for a bounded
//! time; one that finds the queue full, or waits too long, is answered `busy` with a
//! `Retry-After`. Searches and other heavy work have their lane, cheap work another, so a
//! game's state never waits behind a search.
//!
//! A job holds its slot until it returns, whatever becomes of its request: a thread cannot
//! be killed, so the slot counts it until it is really done. What ends it early is its
//! stop flag, set when the request's future is dropped (the client went away) or its time
//! is up.
//!
//! The light lane's jobs run on the runtime's pool of blocking threads; the heavy lane's
//! each on a new thread at a lower priority (on Linux): while searches keep every core
//! busy, a cheap request still gets one the moment it needs it.

use crate::api::ApiError;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Semaphore;

/// One lane: its slots, and who waits for them.
pub(crate) struct Lane {
    /// What its jobs are, for the `busy` message ("searches").
    what: &'static str,
    /// Whether its jobs run on threads of their own at a lower priority.
    low_priority: bool,
    slots: Arc<Semaphore>,
    size: usize,
    waiting: AtomicUsize,
    queue: usize,
    wait: Duration,
    work: Duration,
}

/// Sets a stop flag when dropped: when the request's future ends, however it ends.
pub(crate) struct StopOnDrop(pub Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Counts a request in the queue while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Lane {
    /// A lane of `slots` jobs at once and `queue` waiting at most `wait` each; a job may
    /// take `work` once it runs.
    pub fn new(what: &'static str, slots: usize, queue: usize, wait: Duration, work: Duration) -> Lane {
        let size = slots.max(1);
        Lane { what, low_priority: false, slots: Arc::new(Semaphore::new(size)), size, waiting: AtomicUsize::new(0), queue, wait, work }
    }

    /// The same lane, its jobs run on threads of their own at a lower priority.
    pub fn low_priority(self) -> Lane {
        Lane { low_priority: true, ..self }
    }

    /// Runs `job` in a slot, with a stop flag that is set when this future is dropped or
    /// the work's time is up; `busy` when no slot comes in time, `timeout` when the job
    /// is not done in time, `internal` when it panicked (the slot is freed all the same).
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static) -> Result<T, ApiError> {
        let permit = match self.slots.clone().try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
                    self.waiting.fetch_sub(1, Ordering::SeqCst);
                    return Err(self.busy("and the queue is full"));
                }
                let _waiting = Waiting(&self.waiting);
                match tokio::time::timeout(self.wait, self.slots.clone().acquire_owned()).await {
                    Ok(Ok(p)) => p,
                    _ => return Err(self.busy(&format!("and none was free within {} s", self.wait.as_secs_f64()))),
                }
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        let _stop = StopOnDrop(stop.clone());
        let (done, answer) = tokio::sync::oneshot::channel();
        let work = move || {
            let _slot = permit;
            // Nobody hears the answer when the request is gone: nothing to do then.
            let _ = done.send(job(stop));
        };
        if self.low_priority {
            let spawned = std::thread::Builder::new().name("studio-heavy".to_string()).spawn(move || {
                lower_priority();
                work();
            });
            if let Err(e) = spawned {
                return Err(ApiError::busy(format!("the server is busy: no thread for the request ({e}); try again in 1 s"), 1));
            }
        } else {
            drop(tokio::task::spawn_blocking(work));
        }
        match tokio::time::timeout(self.work, answer).await {
            Ok(Ok(value)) => Ok(value),
            // The job ended without an answer: it panicked (its slot is free again).
            Ok(Err(_)) => Err(ApiError::new(500, "internal", "the request failed: an error in the studio (please report it)")),
            Err(_) => Err(ApiError::new(
                503,
                "timeout",
                format!("the request's work was not done within {} s: it was stopped", self.work.as_secs_f64()),
            )),
        }
    }

    fn busy(&self, why: &str) -> ApiError {
        let wait = self.wait.as_secs().clamp(1, 10) as u16;
        ApiError::busy(format!("the server is busy: its {} {} are all running, {why}; try again in {wait} s", self.size, self.what), wait)
    }
}

/// Lowers the calling thread's priority (its nice value to 10), on Linux, where a
/// thread has a priority of its own; elsewhere it would lower the whole process's.
#[cfg(target_os = "linux")]
fn lower_priority() {
    // A thread that stays at the normal priority is no error: it only competes more.
    let _ = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 10);
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::time::Instant;

    /// A job that runs until `release` is set or its stop flag is.
    fn held(release: Arc<AtomicBool>) -> impl FnOnce(Arc<AtomicBool>) -> &'static str + Send + 'static {
        move |stop| {
            let start = Instant::now();
            while !release.load(Ordering::SeqCst) && start.elapsed() < Duration::from_secs(20) {
                if stop.load(Ordering::SeqCst) {
                    return "stopped";
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            "released"
        }
    }

    async fn until(what: impl Fn() -> bool) {
        let start = Instant::now();
        while !what() {
            assert!(start.elapsed() < Duration::from_secs(10), "waited 10 s");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn waiting_requests_are_served_first_come_first_served_and_the_rest_are_busy() {
        let lane = Arc::new(Lane::new("searches", 1, 3, Duration::from_secs(20), Duration::from_secs(20)));
        let release = Arc::new(AtomicBool::new(false));
        let first = tokio::spawn({
            let (lane, release) = (lane.clone(), release.clone());
            async move { lane.run(held(release)).await }
        });
        until(|| lane.slots.available_permits() == 0).await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut queued = Vec::new();
        for i in 0..3 {
            let (l, order) = (lane.clone(), order.clone());
            queued.push(tokio::spawn(async move { l.run(move |_| order.lock().map(|mut o| o.push(i)).is_ok()).await }));
            until(|| lane.waiting.load(Ordering::SeqCst) == i + 1).await;
        }
        // The queue is full: one more is refused at once, with when to try again.
        let refused = lane.run(|_| ()).await.expect_err("busy");
        assert_eq!((refused.status, refused.code, refused.retry_after), (503, "busy", Some(10)));
        release.store(true, Ordering::SeqCst);
        assert_eq!(first.await.ok().and_then(Result::ok), Some("released"));
        for q in queued {
            assert_eq!(q.await.ok().and_then(Result::ok), Some(true));
        }
        assert_eq!(*order.lock().expect("the order"), vec![0, 1, 2]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_waits_for_its_slot_only_so_long() {
        let lane = Arc::new(Lane::new("searches", 1, 8, Duration::from_millis(200), Duration::from_secs(20)));
        let release = Arc::new(AtomicBool::new(false));
        let first = tokio::spawn({
            let (lane, release) = (lane.clone(), release.clone());
            async move { lane.run(held(release)).await }
        });
        until(|| lane.slots.available_permits() == 0).await;
        let refused = lane.run(|_| ()).await.expect_err("busy");
        assert_eq!(refused.code, "busy", "{}", refused.message);
        assert_eq!(lane.waiting.load(Ordering::SeqCst), 0, "it left the queue");
        release.store(true, Ordering::SeqCst);
        assert!(first.await.is_ok());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_past_its_time_is_told_to_stop_and_its_slot_comes_back() {
        let lane = Lane::new("requests", 1, 8, Duration::from_secs(20), Duration::from_millis(100));
        let saw = Arc::new(Mutex::new(None));
        let seen = saw.clone();
        let e = lane
            .run(move |stop| {
                let r = held(Arc::new(AtomicBool::new(false)))(stop);
                if let Ok(mut s) = seen.lock() {
                    *s = Some(r);
                }
            })
            .await
            .expect_err("out of time");
        assert_eq!((e.status, e.code), (503, "timeout"));
        // The job heard the stop and ended: its slot is free.
        until(|| lane.slots.available_permits() == 1).await;
        assert_eq!(*saw.lock().expect("the job's word"), Some("stopped"));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_dropped_stops_its_work_and_a_panic_frees_the_slot() {
        let lane = Arc::new(Lane::new("searches", 1, 8, Duration::from_secs(20), Duration::from_secs(20)));
        let saw = Arc::new(Mutex::new(None));
        let seen = saw.clone();
        let request = tokio::spawn({
            let lane = lane.clone();
            async move {
                lane.run(move |stop| {
                    let r = held(Arc::new(AtomicBool::new(false)))(stop);
                    if let Ok(mut s) = seen.lock() {
                        *s = Some(r);
                    }
                })
                .await
            }
        });
        until(|| lane.slots.available_permits() == 0).await;
        // The client goes away: the server drops its request's future.
        request.abort();
        until(|| lane.slots.available_permits() == 1).await;
        assert_eq!(*saw.lock().expect("the job's word"), Some("stopped"));
        let e = lane.run(|_| panic!("a bug")).await.expect_err("a panic");
        assert_eq!((e.status, e.code), (500, "internal"));
        assert_eq!(lane.run(|_| 7).await.ok(), Some(7));
    }
}
