//! The variants requests name: shipped ones by id, or the text of a file, with options;
//! each compiled once and kept (a few dozen at most, the oldest dropped first).

use crate::api::ApiError;
use polydame::{LoadError, Rules};
use serde::Deserialize;
use serde_json::json;
use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};

/// How many compiled variants are kept.
const KEPT: usize = 48;

/// A variant as a request names it: `{"id": "international"}` or `{"text": "...",
/// "name": "my.toml"}`, with `"options": {"NAME": "CHOICE"}`.
#[derive(Deserialize, Clone, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct VariantRef {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub text: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
}

/// The shipped variants, and the variants compiled for requests.
pub struct Compiled {
    kept: Mutex<VecDeque<(VariantRef, Arc<Rules>)>>,
}

impl Compiled {
    /// The shipped variants compiled (the library's, once a process; they are part of
    /// the binary: one missing is a bug).
    pub fn new() -> Result<Compiled, String> {
        if polydame::shipped_rules().len() != polydame::shipped().len() {
            return Err("a shipped variant does not compile".to_string());
        }
        Ok(Compiled { kept: Mutex::new(VecDeque::new()) })
    }

    pub fn shipped(&self) -> &'static [Rules] {
        polydame::shipped_rules()
    }

    /// Whether answering the request `body` compiles no variant: it names its variants by
    /// id, or by a text compiled before (or it is not the JSON asked for, which is answered
    /// without compiling anything). The server runs the others as heavy work.
    pub fn compiles_nothing(&self, body: &[u8]) -> bool {
        /// The variants of a request, whatever else it holds.
        #[derive(Deserialize)]
        struct Named {
            #[serde(default)]
            variant: Option<VariantRef>,
            #[serde(default)]
            variants: Vec<VariantRef>,
        }
        let Ok(named) = serde_json::from_slice::<Named>(body) else { return true };
        let Ok(kept) = self.kept.lock() else { return false };
        named.variant.iter().chain(&named.variants).all(|v| v.text.is_none() || kept.iter().any(|(k, _)| k == v))
    }

    /// The rules a request names, compiled (or kept from before).
    pub fn rules(&self, v: &VariantRef) -> Result<Arc<Rules>, ApiError> {
        if let Some((_, r)) = self.kept.lock().ok().and_then(|k| k.iter().find(|(k, _)| k == v).cloned()) {
            return Ok(r);
        }
        let options: Vec<(String, String)> = v.options.iter().map(|(k, c)| (k.clone(), c.clone())).collect();
        let loaded = match (&v.id, &v.text) {
            (Some(id), None) => {
                // An id or an alias (`checkers`), as the command line takes them; no path.
                let Some((stem, text)) = polydame::shipped_variant(id) else {
                    return Err(ApiError::new(404, "unknown-variant", format!("no shipped variant `{id}`")));
                };
                polydame::compile_text_with(text, &format!("variants/{stem}.toml"), &options)
            }
            (None, Some(text)) => polydame::compile_text_with(text, v.name.as_deref().unwrap_or("variant.toml"), &options),
            _ => return Err(ApiError::new(400, "bad-request", "a variant is {\"id\": ...} or {\"text\": ...}, one of the two")),
        };
        let rules = Arc::new(loaded.map_err(load_error)?);
        if let Ok(mut kept) = self.kept.lock() {
            if kept.len() >= KEPT {
                kept.pop_front();
            }
            kept.push_back((v.clone(), rules.clone()));
        }
        Ok(rules)
    }
}

/// A load error as the API says it: the diagnostics of a file with errors, each with
/// its line and column.
fn load_error(e: LoadError) -> ApiError {
    let d = match &e {
        LoadError::Invalid(d) => d,
        LoadError::UnknownOption(_) | LoadError::UnknownChoice(_) => return ApiError::new(422, "unknown-option", e.to_string()),
        _ => return ApiError::new(422, "invalid-variant", e.to_string()).with_extra(json!({ "diagnostics": [] })),
    };
    let diagnostics = polydame::json::DiagnosticJson::all(d);
    ApiError::new(422, "invalid-variant", e.to_string()).with_extra(json!({ "diagnostics": diagnostics, "omitted": d.omitted }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_variant_posted_as_new_text_needs_a_compilation() {
        let compiled = Compiled::new().expect("the shipped variants");
        let text = polydame::shipped().iter().find(|(id, _)| *id == "english").map(|(_, t)| *t).expect("english");
        let posted = json!({"variant": {"text": text, "name": "mine.toml"}, "moves": []}).to_string();
        assert!(!compiled.compiles_nothing(posted.as_bytes()));
        let report = json!({"variants": [{"id": "english"}, {"text": text, "name": "mine.toml"}]}).to_string();
        assert!(!compiled.compiles_nothing(report.as_bytes()));
        assert!(compiled.compiles_nothing(br#"{"variant": {"id": "international"}, "moves": ["32-28"]}"#));
        assert!(compiled.compiles_nothing(b"not json"), "a request that is not JSON compiles nothing");
        let mine = VariantRef { id: None, text: Some(text.to_string()), name: Some("mine.toml".to_string()), options: BTreeMap::new() };
        assert!(compiled.rules(&mine).is_ok());
        assert!(compiled.compiles_nothing(posted.as_bytes()), "compiled before, it is kept");
        assert!(compiled.compiles_nothing(report.as_bytes()));
    }
}
