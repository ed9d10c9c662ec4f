//! The connections: accepted up to a number ([`Config::connections`]), each served by
//! hyper's HTTP/1 with a time limit on every request head (which also ends an idle
//! kept-alive connection) and on every stalled write ([`Wire`]). When all are open, the
//! one that has waited the longest for a whole request (idle, or its head or body still
//! on the way) is closed to make room: a thousand connections that send a head or a body
//! a byte at a time (slowloris) only ever push each other out, and a client with a
//! request gets its turn at once.

use crate::config::{Config, MAX_HEAD};
use crate::wire::Wire;
use axum::Router;
use axum::body::Bytes;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, watch};
use tower::ServiceExt;

/// One open connection, as the others see it.
struct Connection {
    /// Its requests in progress.
    busy: AtomicUsize,
    /// Those of them whose body has not all arrived.
    arriving: AtomicUsize,
    /// When it began to wait for its next request: when it opened, or when its last
    /// request was answered.
    idle_since: Mutex<Instant>,
    /// Told when it is to close to make room.
    shed: Notify,
    /// When it was accepted.
    opened: Instant,
}

/// How long a new connection is spared when room is made: time to read the request it has
/// sent, however busy the server, so that clients that reconnect as fast as they are
/// closed do not look older than it and have it closed in their place.
const NEW_CONNECTION_GRACE: Duration = Duration::from_millis(250);

/// The open connections, and the room for more.
struct Connections {
    room: Arc<Semaphore>,
    size: usize,
    next: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Connection>>>,
}

/// A request in progress on a connection: the connection is not idle while it lasts.
struct InProgress(Arc<Connection>);

impl InProgress {
    fn new(c: &Arc<Connection>) -> InProgress {
        c.busy.fetch_add(1, Ordering::SeqCst);
        InProgress(c.clone())
    }
}

impl Drop for InProgress {
    fn drop(&mut self) {
        if let Ok(mut t) = self.0.idle_since.lock() {
            *t = Instant::now();
        }
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A request's body on its way in: the request counts as arriving until its body ends,
/// fails or is dropped.
struct Arriving {
    body: Incoming,
    connection: Option<Arc<Connection>>,
}

impl Arriving {
    fn new(body: Incoming, c: &Arc<Connection>) -> Arriving {
        c.arriving.fetch_add(1, Ordering::SeqCst);
        Arriving { body, connection: Some(c.clone()) }
    }

    fn arrived(&mut self) {
        if let Some(c) = self.connection.take() {
            c.arriving.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

impl Drop for Arriving {
    fn drop(&mut self) {
        self.arrived();
    }
}

impl Body for Arriving {
    type Data = Bytes;
    type Error = hyper::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, hyper::Error>>> {
        let frame = Pin::new(&mut self.body).poll_frame(cx);
        if matches!(frame, Poll::Ready(None | Some(Err(_)))) {
            self.arrived();
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Takes a connection out of the open ones when it ends.
struct Registered(Arc<Connections>, u64);

impl Drop for Registered {
    fn drop(&mut self) {
        if let Ok(mut open) = self.0.open.lock() {
            open.remove(&self.1);
        }
    }
}

impl Connections {
    fn new(size: usize) -> Connections {
        Connections { room: Arc::new(Semaphore::new(size)), size, next: AtomicU64::new(0), open: Mutex::new(HashMap::new()) }
    }

    /// Room for one more connection: at once if there is some; otherwise a connection is
    /// told to close ([`Connections::shed`]), again every 100 ms while there is still none.
    async fn room(&self) -> OwnedSemaphorePermit {
        loop {
            if let Ok(p) = self.room.clone().try_acquire_owned() {
                return p;
            }
            self.shed();
            if let Ok(Ok(p)) = tokio::time::timeout(Duration::from_millis(100), self.room.clone().acquire_owned()).await {
                return p;
            }
        }
    }

    /// Tells the connection that has waited the longest for a whole request (its head or
    /// its body) to close. A connection whose requests are all read is left to finish
    /// them, and one opened less than [`NEW_CONNECTION_GRACE`] ago to send its first.
    fn shed(&self) {
        let Ok(mut open) = self.open.lock() else { return };
        let oldest = open
            .iter()
            .filter(|(_, c)| c.busy.load(Ordering::SeqCst) == 0 || c.arriving.load(Ordering::SeqCst) > 0)
            .filter(|(_, c)| c.opened.elapsed() >= NEW_CONNECTION_GRACE)
            .filter_map(|(id, c)| c.idle_since.lock().ok().map(|t| (*t, *id)))
            .min()
            .map(|(_, id)| id);
        if let Some(c) = oldest.and_then(|id| open.remove(&id)) {
            c.shed.notify_one();
        }
    }

    fn register(self: &Arc<Self>) -> (Arc<Connection>, Registered) {
        let id = self.next.fetch_add(1, Ordering::SeqCst);
        let c = Arc::new(Connection {
            busy: AtomicUsize::new(0),
            arriving: AtomicUsize::new(0),
            idle_since: Mutex::new(Instant::now()),
            shed: Notify::new(),
            opened: Instant::now(),
        });
        if let Ok(mut open) = self.open.lock() {
            open.insert(id, c.clone());
        }
        (c, Registered(self.clone(), id))
    }
}

/// Serves `router` on `listener` until `shutdown` completes; then stops accepting, lets
/// the answers in progress finish (for [`Config::shutdown_grace`] at most) and returns.
pub(crate) async fn run(
    listener: TcpListener,
    router: Router,
    config: &Config,
    shutdown: impl Future<Output = ()> + Send,
) -> std::io::Result<()> {
    let connections = Arc::new(Connections::new(config.connections()));
    let (closing, closed) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let room = tokio::select! {
            room = connections.room() => room,
            () = &mut shutdown => break,
        };
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of files, or a connection reset before it was taken: wait, and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (connection, registered) = connections.register();
        let router = router.clone();
        let config = config.clone();
        let closed = closed.clone();
        tokio::spawn(async move {
            let _room = room;
            let _registered = registered;
            serve_connection(stream, connection, router, &config, closed).await;
        });
    }
    drop(listener);
    let _ = closing.send(true);
    // Every connection gives its room back when it ends.
    let all = u32::try_from(connections.size).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(config.shutdown_grace, connections.room.acquire_many(all)).await;
    Ok(())
}

/// Serves one connection until it ends, is told to make room, or the server shuts down.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    connection: Arc<Connection>,
    router: Router,
    config: &Config,
    mut closed: watch::Receiver<bool>,
) {
    let io = TokioIo::new(Wire::new(stream, config.write_stall));
    let c = connection.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let in_progress = InProgress::new(&c);
        let router = router.clone();
        let request = request.map(|body| axum::body::Body::new(Arriving::new(body, &c)));
        async move {
            let _in_progress = in_progress;
            router.oneshot(request).await
        }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(config.head_time).max_header_size(MAX_HEAD).max_buf_size(2 * MAX_HEAD).writev(false);
    let conn = http.serve_connection(io, service);
    let mut conn = std::pin::pin!(conn);
    tokio::select! {
        _ = conn.as_mut() => return,
        () = connection.shed.notified() => {}
        _ = closed.wait_for(|c| *c) => {}
    }
    // Told to close: at once when no request is in progress (nothing is lost, at most a
    // head not whole yet) or one still waits for its body; else once its answer is
    // written.
    if connection.busy.load(Ordering::SeqCst) == 0 || connection.arriving.load(Ordering::SeqCst) > 0 {
        return;
    }
    conn.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(config.shutdown_grace, conn).await;
}
