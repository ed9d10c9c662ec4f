//! The follower on a TCP port: each initiator served on a thread of its own, so that one
//! does not keep the others waiting, up to a bound on the connections served at once; a
//! peer that keeps the follower waiting too long is dropped.

use super::{Follower, NAME, serve};
use std::io::{ErrorKind, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long a peer may keep the follower waiting (for a message, or for reading one the
/// follower sends) before it is dropped: ten minutes. The follower's own thinking is not
/// counted; a game request's clock is in minutes, and an initiator thinking longer than
/// this on one move is taken for gone.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(600);

/// The most connections served at once: 8. Each has a thread and its own search, so this
/// also bounds the work done at once; one more is told so in a CHAT and closed.
pub const MAX_CONNECTIONS: usize = 8;

/// How long the follower tries to tell a connection past the bound why it is closed.
const REFUSAL_TIMEOUT: Duration = Duration::from_secs(1);

/// The stack of a connection's thread: as large as a program's main thread (where the
/// follower ran before it served several connections), for the search recurses.
const STACK: usize = 8 << 20;

/// What [`listen`] allows its peers.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// How long a peer may keep the follower waiting ([`IDLE_TIMEOUT`] by default).
    pub idle: Duration,
    /// The most connections served at once ([`MAX_CONNECTIONS`] by default; at least 1).
    pub connections: usize,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds { idle: IDLE_TIMEOUT, connections: MAX_CONNECTIONS }
    }
}

/// Serves the initiators that connect to `listener`, each on a thread of its own, at most
/// `bounds.connections` at once; with `once`, only the first, returning when it has ended
/// (else it serves for ever). `note` hears of each connection, its end and why it ended,
/// a sentence each.
///
/// A peer that sends nothing for `bounds.idle` while the follower waits for it, or does not
/// read what it is sent for as long, is dropped, and so is one that sends a message longer
/// than [`MAX_MESSAGE`](crate::MAX_MESSAGE) bytes. A connection past the bound is sent a
/// CHAT saying that the follower is busy, and closed.
pub fn listen(follower: &Follower, listener: &TcpListener, bounds: &Bounds, once: bool, note: &(dyn Fn(&str) + Sync)) {
    let active = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        loop {
            let (socket, peer) = match listener.accept() {
                Ok((socket, address)) => (socket, address.to_string()),
                Err(e) => {
                    note(&format!("a connection could not be accepted: {e}"));
                    // Out of file descriptors, say: give the connections being served a
                    // moment to end rather than spin.
                    std::thread::sleep(Duration::from_millis(100));
                    continue;
                }
            };
            if once {
                session(follower, &socket, &peer, bounds, note);
                return;
            }
            let busy = active.load(Ordering::Acquire);
            if busy >= bounds.connections.max(1) {
                note(&format!("{peer} is refused: {busy} connections are served already, the most at once"));
                refuse(&socket, busy);
                continue;
            }
            // Only this thread takes seats, so the count cannot pass the bound.
            active.fetch_add(1, Ordering::AcqRel);
            let seat = Seat(&active);
            let name = format!("dxp {peer}");
            let spawned = std::thread::Builder::new().name(name).stack_size(STACK).spawn_scoped(scope, move || {
                let _seat = seat;
                session(follower, &socket, &peer, bounds, note);
            });
            if let Err(e) = spawned {
                note(&format!("a connection could not be served: {e}"));
            }
        }
    });
}

/// A connection being served, counted while it lives.
struct Seat<'a>(&'a AtomicUsize);

impl Drop for Seat<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Serves one connection to its end, and says how it ended.
fn session(follower: &Follower, socket: &TcpStream, peer: &str, bounds: &Bounds, note: &(dyn Fn(&str) + Sync)) {
    note(&format!("connected to {peer}"));
    // A zero timeout is no timeout for the socket: the shortest one is taken instead.
    let idle = bounds.idle.max(Duration::from_millis(1));
    let served = socket
        .set_nodelay(true)
        .and_then(|()| socket.set_read_timeout(Some(idle)))
        .and_then(|()| socket.set_write_timeout(Some(idle)))
        .and_then(|()| serve(follower, socket, socket));
    let said = match served {
        Ok(()) => format!("{peer} has ended the connection"),
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            format!("{peer} kept the follower waiting {:.1} s (sending or reading nothing): dropped", idle.as_secs_f64())
        }
        Err(e) if e.kind() == ErrorKind::InvalidData => format!("{peer} sent {e}: dropped"),
        Err(e) => format!("the connection with {peer} failed: {e}"),
    };
    let _ = socket.shutdown(Shutdown::Both);
    note(&said);
}

/// Tells a connection past the bound that the follower is busy, and closes it.
fn refuse(socket: &TcpStream, busy: usize) {
    let chat = format!("C{NAME} is serving {busy} connections, its most at once: try again later\0");
    let _ = socket.set_write_timeout(Some(REFUSAL_TIMEOUT));
    let _ = (&*socket).write_all(chat.as_bytes());
    let _ = socket.shutdown(Shutdown::Both);
}
