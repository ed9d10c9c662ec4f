//! Every error answer as the API documents it, `{"error": {"code", "message", ...}}`:
//! [`ApiError`] as a response, the answers to an address no route takes and to a method
//! an address does not take, and a last middleware that turns any other error answer
//! (axum's extractors') into that JSON, keeping its status and its `Allow` and
//! `Retry-After` headers.

use crate::api::{Answer, ApiError};
use axum::body::to_bytes;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        let mut response = (status, axum::Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// An answer as an HTTP response.
pub(crate) fn respond(answer: Answer) -> Response {
    match answer {
        Ok(value) => (StatusCode::OK, axum::Json(value)).into_response(),
        Err(e) => e.into_response(),
    }
}

/// The answer to an address no route takes.
pub(crate) async fn not_found(request: Request) -> Response {
    let path: String = request.uri().path().chars().take(200).collect();
    ApiError::new(404, "not-found", format!("no page or endpoint {} {path}", request.method())).into_response()
}

/// The answer to a method an address does not take (axum adds the `Allow` header to it).
pub(crate) async fn method_not_allowed(request: Request) -> Response {
    let path: String = request.uri().path().chars().take(200).collect();
    ApiError::new(405, "method-not-allowed", format!("{path} does not take {}: its `Allow` header says what it takes", request.method()))
        .into_response()
}

/// Turns an error answer that is not JSON into the API's JSON error.
pub(crate) async fn json_errors(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path: String = request.uri().path().chars().take(200).collect();
    let response = next.run(request).await;
    let status = response.status();
    let json = response.headers().get(header::CONTENT_TYPE).is_some_and(|c| c.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = to_bytes(body, 4096).await.map(|b| String::from_utf8_lossy(&b).trim().to_string()).unwrap_or_default();
    let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
    let (code, message) = match status.as_u16() {
        400 => ("bad-request", format!("the request cannot be read: {}", or(&text, &reason))),
        404 => ("not-found", format!("no page or endpoint {method} {path}")),
        405 => ("method-not-allowed", format!("{path} does not take {method}")),
        408 => ("timeout", or(&text, "the request did not arrive in time")),
        413 => ("too-large", or(&text, "the request is too large")),
        414 => ("uri-too-long", or(&text, "the request's address is too long")),
        415 => ("unsupported-media-type", or(&text, "a request's body is JSON, sent as `Content-Type: application/json`")),
        422 => ("bad-request", or(&text, &reason)),
        503 => ("busy", or(&text, "the server is busy: try again in a few seconds")),
        s if s >= 500 => ("internal", or(&text, &reason)),
        _ => ("bad-request", or(&text, &reason)),
    };
    let mut out = ApiError::new(status.as_u16(), code, message).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = parts.headers.get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}

fn or(text: &str, otherwise: &str) -> String {
    if text.is_empty() { otherwise.to_string() } else { text.chars().take(300).collect() }
}
