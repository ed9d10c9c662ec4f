//! A request's body, read within its size ([`MAX_BODY`]), its time and the memory the
//! server keeps for bodies, all connections together: a thousand clients that each send a
//! megabyte get `busy` beyond that memory, not a server that runs out of it.

use crate::api::{ApiError, MAX_BODY};
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, header};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The memory for bodies, and the time a body has to arrive.
pub(crate) struct Bodies {
    memory: Arc<Semaphore>,
    total: usize,
    time: Duration,
}

/// A body read, and its share of the memory, given back when it is dropped.
pub(crate) struct Held {
    pub bytes: Bytes,
    _memory: OwnedSemaphorePermit,
}

impl Bodies {
    pub fn new(total: usize, time: Duration) -> Bodies {
        let total = total.clamp(1, Semaphore::MAX_PERMITS);
        Bodies { memory: Arc::new(Semaphore::new(total)), total, time }
    }

    /// Reads `body`: `too-large` past [`MAX_BODY`] (at once when its declared length is),
    /// `timeout` when it does not arrive in time, `busy` when the memory for bodies is
    /// taken by other requests.
    pub async fn read(&self, headers: &HeaderMap, body: Body) -> Result<Held, ApiError> {
        let declared = match headers.get(header::CONTENT_LENGTH).map(|v| v.to_str().ok().and_then(|v| v.trim().parse::<u64>().ok())) {
            None => None,
            Some(Some(n)) => Some(n),
            Some(None) => return Err(ApiError::new(400, "bad-request", "the request's Content-Length is not a number")),
        };
        if let Some(n) = declared.filter(|&n| n > MAX_BODY as u64) {
            return Err(too_large(&format!("the request has {n} bytes")));
        }
        // A body of unknown length may be as long as the largest taken.
        let share = declared.map_or(MAX_BODY, |n| n as usize).clamp(1, self.total);
        let memory = u32::try_from(share)
            .ok()
            .and_then(|n| self.memory.clone().try_acquire_many_owned(n).ok())
            .ok_or_else(|| ApiError::busy("the server is busy: the memory it keeps for requests' bodies is taken; try again in 1 s", 1))?;
        match tokio::time::timeout(self.time, Limited::new(body, MAX_BODY).collect()).await {
            Ok(Ok(collected)) => Ok(Held { bytes: collected.to_bytes(), _memory: memory }),
            Ok(Err(e)) if e.downcast_ref::<LengthLimitError>().is_some() => Err(too_large("the request's body is longer")),
            Ok(Err(e)) => Err(ApiError::new(400, "bad-request", format!("the request's body cannot be read: {e}"))),
            Err(_) => Err(ApiError::new(408, "timeout", format!("the request's body did not arrive within {} s", self.time.as_secs_f64()))),
        }
    }
}

fn too_large(what: &str) -> ApiError {
    ApiError::new(413, "too-large", format!("{what}; at most {MAX_BODY} are taken"))
}
