//! The check of the `studio` fuzz target: the studio's API request parsers and endpoints
//! fed the fuzzer's bytes. The first byte picks the endpoint (game, compile, best,
//! validate), the rest is the request's body. A finding is a panic or an answer of 5xx:
//! whatever a request holds, the answer is a result or a 4xx error with its code. A `best`
//! request that is a JSON object searches 3 plies and 50 ms at most, so that one input
//! cannot run for long. The input is read through `expand` (`fuzz/expand.rs`): a pattern
//! of a few bytes writes nesting 100,000 deep. The fuzz target (`fuzz/fuzz_targets/studio.rs`)
//! and the studio's regression test (`studio/tests/suite/fuzz_corpus.rs`) both include this file.

use polydame_studio::Studio;
use std::sync::OnceLock;

#[path = "expand.rs"]
mod expand;
use expand::expand;

const ENDPOINTS: [&str; 4] = ["game", "compile", "best", "validate"];

fn studio() -> &'static Studio {
    static STUDIO: OnceLock<Studio> = OnceLock::new();
    STUDIO.get_or_init(|| Studio::new().expect("the shipped variants compile"))
}

/// A `best` body held to a short search, when it is a JSON object.
fn short_search(body: &[u8]) -> Vec<u8> {
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(mut o)) => {
            let depth = o.get("depth").and_then(serde_json::Value::as_u64).unwrap_or(3).min(3);
            o.insert("depth".to_string(), depth.into());
            o.insert("time_ms".to_string(), 50.into());
            serde_json::Value::Object(o).to_string().into_bytes()
        }
        _ => body.to_vec(),
    }
}

pub fn api(data: &[u8]) {
    let data = expand(data);
    let Some((&which, body)) = data.split_first() else { return };
    let endpoint = ENDPOINTS[which as usize % ENDPOINTS.len()];
    let body = if endpoint == "best" { short_search(body) } else { body.to_vec() };
    match studio().answer(endpoint, &body) {
        Ok(value) => assert!(value.is_object(), "{endpoint}: an answer that is not a JSON object: {value}"),
        Err(e) => assert!(
            (400..500).contains(&e.status),
            "{endpoint}: status {} for {:?}: {}",
            e.status,
            String::from_utf8_lossy(&body),
            e.body()
        ),
    }
}
