//! A connection's socket as hyper sees it, with two things added. A write that makes no
//! progress for the stall time (the client does not read its answer) fails, and the
//! connection ends. And the few answers hyper writes by itself, with no body, for a head
//! it cannot take (`400` unreadable, `414` an address of more than 65,534 bytes, `431` a
//! head past [`MAX_HEAD`]), are written as the API's JSON error instead: no answer of the
//! server is anything else. The studio's own error answers always have a body, so a
//! `400`, `414` or `431` head with `content-length: 0` can only be hyper's.

use crate::api::ApiError;
use crate::config::MAX_HEAD;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// A socket whose writes time out and whose head errors are JSON.
pub(crate) struct Wire<S> {
    inner: S,
    stall_limit: Duration,
    /// Runs while a write waits; reset by every byte written.
    stall: Option<Pin<Box<Sleep>>>,
    /// An answer written in place of hyper's, and how much of it is written.
    replacement: Vec<u8>,
    written: usize,
}

impl<S> Wire<S> {
    pub fn new(inner: S, stall_limit: Duration) -> Wire<S> {
        Wire { inner, stall_limit, stall: None, replacement: Vec::new(), written: 0 }
    }

    /// The socket has no room: pending, unless it has had none for the stall time.
    fn stalled<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.stall_limit;
        let stall = self.stall.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stall.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the client read nothing of its answer for {} s", limit.as_secs_f64()),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncWrite + Unpin> Wire<S> {
    /// Writes what is left of the replacement answer.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.written < self.replacement.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &self.replacement[self.written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    self.written += n;
                    self.stall = None;
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return self.stalled(cx),
            }
        }
        self.replacement.clear();
        self.written = 0;
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Wire<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Wire<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_replacement(cx))?;
        if let Some(answer) = own_answer(buf) {
            this.replacement = answer;
            if let Poll::Ready(Err(e)) = this.poll_replacement(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        match Pin::new(&mut this.inner).poll_write(cx, buf) {
            Poll::Pending => this.stalled(cx),
            Poll::Ready(r) => {
                this.stall = None;
                Poll::Ready(r)
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_replacement(cx))?;
        match Pin::new(&mut this.inner).poll_flush(cx) {
            Poll::Pending => this.stalled(cx),
            Poll::Ready(r) => {
                this.stall = None;
                Poll::Ready(r)
            }
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_replacement(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// The JSON answer to write in place of `head`, when `head` is one of hyper's own error
/// answers: a whole head, of status 400, 414 or 431, with no body.
fn own_answer(head: &[u8]) -> Option<Vec<u8>> {
    let status = head.strip_prefix(b"HTTP/1.1 ")?.get(..3)?;
    let error = match status {
        b"400" => ApiError::new(400, "bad-request", "the request's head cannot be read as HTTP/1.1"),
        b"414" => ApiError::new(414, "uri-too-long", "the request's address is longer than the server reads"),
        b"431" => ApiError::new(431, "head-too-large", format!("the request's head is longer than the {MAX_HEAD} bytes the server reads")),
        _ => return None,
    };
    let lower = head.to_ascii_lowercase();
    let empty = lower.windows(21).any(|w| w == b"\r\ncontent-length: 0\r\n");
    if !empty || !head.ends_with(b"\r\n\r\n") {
        return None;
    }
    let body = error.body().to_string();
    let reason = match status {
        b"400" => "Bad Request",
        b"414" => "URI Too Long",
        _ => "Request Header Fields Too Large",
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        error.status,
        body.len()
    );
    Some([head.into_bytes(), body.into_bytes()].concat())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    #[test]
    fn only_hypers_bodiless_error_heads_are_replaced() {
        let hyper = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: Sat, 01 Jan 2000 00:00:00 GMT\r\n\r\n";
        let answer = String::from_utf8(own_answer(hyper).expect("replaced")).expect("text");
        assert!(answer.starts_with("HTTP/1.1 431 ") && answer.contains("content-type: application/json"), "{answer}");
        assert!(answer.ends_with(
            r#"{"error":{"code":"head-too-large","message":"the request's head is longer than the 65536 bytes the server reads"}}"#
        ));
        let ours = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 60\r\n\r\n";
        assert!(own_answer(ours).is_none());
        assert!(own_answer(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
    }

    #[tokio::test]
    async fn a_write_the_client_does_not_read_fails_after_the_stall_time() {
        let (server, _client) = tokio::io::duplex(64);
        let mut wire = Wire::new(server, Duration::from_millis(200));
        let start = std::time::Instant::now();
        let r = wire.write_all(&[b'x'; 4096]).await;
        assert_eq!(r.map_err(|e| e.kind()), Err(io::ErrorKind::TimedOut));
        assert!(start.elapsed() >= Duration::from_millis(200));
    }
}
