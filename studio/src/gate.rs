//! What every request must pass before its route: an address of at most [`MAX_URI`]
//! bytes, a `Host` that names this server and no `Origin` but its own; and a `POST` to the
//! API, a JSON body. A page of another site the user visits can then neither send the studio work
//! (its `POST` is cross-origin, or not JSON without asking first) nor read its answers
//! through a name of its own that it points at this machine (DNS rebinding: the `Host`
//! is that name).

use crate::api::ApiError;
use crate::config::MAX_URI;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};

/// The names the studio answers to: `localhost`, `127.0.0.1`, `[::1]`, the address it
/// listens on and the names given to [`Site::allow`], each with its port (or none). When
/// it listens on every address (`0.0.0.0`, `::`), any address written as numbers too: a
/// page cannot rebind a number to another machine.
#[derive(Clone, Debug)]
pub struct Site {
    port: u16,
    names: Vec<String>,
    any_address: bool,
}

impl Site {
    /// The site of a server listening on `address`.
    pub fn new(address: SocketAddr) -> Site {
        let mut names = vec!["localhost".to_string(), "127.0.0.1".to_string(), "[::1]".to_string()];
        names.push(host_name(&address.ip().to_string()));
        Site { port: address.port(), names, any_address: address.ip().is_unspecified() }
    }

    /// The same site, answering to `name` too (the `--host` given, a name of this machine).
    pub fn allow(mut self, name: &str) -> Site {
        self.names.push(host_name(name));
        self
    }

    /// Whether a `Host` header names this site.
    pub fn accepts(&self, host: &str) -> bool {
        let Some((name, port)) = split_host(host) else { return false };
        if port.is_some_and(|p| p != self.port) {
            return false;
        }
        let name = name.to_ascii_lowercase();
        self.names.contains(&name) || (self.any_address && name.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok())
    }
}

/// A name as a `Host` header writes it: lower case, an IPv6 address in brackets.
fn host_name(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    match name.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) => format!("[{v6}]"),
        _ => name,
    }
}

/// A `Host` header's name and port: `name`, `name:port`, `[v6]`, `[v6]:port`.
fn split_host(host: &str) -> Option<(&str, Option<u16>)> {
    let (name, rest) = match host.strip_prefix('[') {
        Some(inner) => {
            let end = inner.find(']')?;
            (&host[..end + 2], &inner[end + 1..])
        }
        None => match host.find(':') {
            Some(i) => (&host[..i], &host[i..]),
            None => (host, ""),
        },
    };
    if name.is_empty() {
        return None;
    }
    match rest {
        "" => Some((name, None)),
        _ => Some((name, Some(rest.strip_prefix(':')?.parse().ok()?))),
    }
}

/// The checks, as a middleware: a request that fails one is answered its error here.
pub(crate) async fn check(State(site): State<Site>, request: Request, next: Next) -> Response {
    match refusal(&site, &request) {
        Some(e) => e.into_response(),
        None => next.run(request).await,
    }
}

/// Why `request` is refused, if it is.
fn refusal(site: &Site, request: &Request) -> Option<ApiError> {
    let uri = request.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if uri > MAX_URI {
        return Some(ApiError::new(414, "uri-too-long", format!("the request's address has {uri} bytes; at most {MAX_URI} are taken")));
    }
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).or_else(|| request.uri().authority().map(|a| a.as_str()));
    let Some(host) = host else {
        return Some(ApiError::new(400, "no-host", "the request has no Host header"));
    };
    if !site.accepts(host) {
        return Some(ApiError::new(
            403,
            "foreign-host",
            format!("the studio does not answer to the name `{}`: open it as http://127.0.0.1:{}/", clip(host), site.port),
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = String::from_utf8_lossy(origin.as_bytes());
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return Some(ApiError::new(
                403,
                "foreign-origin",
                format!("requests from another site are refused: this one comes from `{}`, not http://{host}", clip(&origin)),
            ));
        }
    }
    None
}

/// A `POST` to the API must say that its body is JSON: a page of another site can send
/// only a form or plain text without asking first (a CORS preflight, which is not
/// answered).
pub(crate) fn json_body(headers: &HeaderMap) -> Result<(), ApiError> {
    let kind = headers.get(header::CONTENT_TYPE).map(|c| String::from_utf8_lossy(c.as_bytes()).into_owned());
    let json = kind.as_deref().is_some_and(|k| k.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json")));
    if json {
        return Ok(());
    }
    Err(ApiError::new(
        415,
        "unsupported-media-type",
        format!("a request's body is JSON, sent as `Content-Type: application/json`, not `{}`", clip(kind.as_deref().unwrap_or("none"))),
    ))
}

/// A header's value as an error message quotes it: at most 100 characters.
fn clip(text: &str) -> String {
    match text.char_indices().nth(100) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_answers_to_its_names_with_its_port() {
        let site = Site::new("127.0.0.1:8080".parse().expect("an address")).allow("studio.lan");
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "studio.lan:8080", "localhost"] {
            assert!(site.accepts(host), "{host}");
        }
        for host in ["evil.example:8080", "127.0.0.1:8081", "localhost:80x", "", ":8080", "[::1", "127.0.0.2:8080", "localhost.evil:8080"] {
            assert!(!site.accepts(host), "{host}");
        }
        let everywhere = Site::new("0.0.0.0:9000".parse().expect("an address"));
        assert!(everywhere.accepts("192.168.1.5:9000") && everywhere.accepts("[fe80::1]:9000"));
        assert!(!everywhere.accepts("rebound.example:9000"));
    }
}
