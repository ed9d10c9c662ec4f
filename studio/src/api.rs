//! The studio's JSON API, without the web server: each endpoint a function from the
//! request's bytes to an answer (a JSON value, or an error with its HTTP status), so that
//! the server, the fuzz target and the tests call the same code. Nothing a request
//! contains makes it panic: a body that is not the JSON asked for is `bad-request`, a
//! variant that does not compile is `invalid-variant` with its diagnostics, a bad FEN
//! `bad-fen`, an illegal move `illegal-move`, a position past the capture budget `budget`.
//!
//! The endpoints that can run long (a search, a game's replay, a validation) take a stop
//! flag: the server sets it when the client goes away or the request's time is up, and
//! the work ends at its next check.

use crate::memories::{GamePoint, Memories};
use crate::variants::{Compiled, VariantRef};
use polydame::json::{MoveJson, OutcomeJson};
use polydame::{Game, Limits, MoveError, Outcome, Player, Rules};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest request body taken, in bytes.
pub const MAX_BODY: usize = 1 << 20;
/// The longest search, and the deepest.
pub const MAX_SEARCH_MS: u64 = 5_000;
pub const MAX_DEPTH: u32 = 12;
/// The most moves a request's game may have (as many as a game record may hold).
pub const MAX_MOVES: usize = 10_000;

/// Why a request is refused: an HTTP status, a stable code, a sentence, and what else
/// says where (`ply`, `column`, `diagnostics`).
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: &'static str,
    pub message: String,
    pub extra: Value,
    /// When to ask again, in seconds (the `Retry-After` header of a `busy` answer).
    pub retry_after: Option<u16>,
}

impl ApiError {
    pub fn new(status: u16, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), extra: Value::Null, retry_after: None }
    }

    /// `busy`: the server has no room for the request now; ask again in `seconds`.
    pub fn busy(message: impl Into<String>, seconds: u16) -> ApiError {
        ApiError { retry_after: Some(seconds.max(1)), ..ApiError::new(503, "busy", message) }
    }

    /// The work was stopped: its client went away or its time was up.
    pub fn stopped() -> ApiError {
        ApiError::new(503, "timeout", "the request was stopped before it was done: its time was up")
    }

    pub fn with_extra(mut self, extra: Value) -> ApiError {
        self.extra = extra;
        self
    }

    /// The answer's body: `{"error": {"code", "message", ...}}`.
    pub fn body(&self) -> Value {
        let mut error = json!({"code": self.code, "message": self.message});
        if let (Some(e), Value::Object(more)) = (error.as_object_mut(), &self.extra) {
            e.extend(more.clone());
        }
        json!({ "error": error })
    }
}

pub type Answer = Result<Value, ApiError>;

/// The request's JSON as `T`, or `bad-request` saying where it is wrong.
pub fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, ApiError> {
    if body.len() > MAX_BODY {
        return Err(ApiError::new(413, "too-large", format!("the request has {} bytes; at most {MAX_BODY} are taken", body.len())));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::new(400, "bad-request", format!("the request is not the JSON asked for: {e}")))
}

/// A game: its variant, the position it starts from, the moves played.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    variant: VariantRef,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
}

/// `/api/best`: a game, and how long to search.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BestRequest {
    variant: VariantRef,
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    time_ms: Option<u64>,
}

/// A game's outcome in a state: the command line's outcome, and it in words.
#[derive(Serialize)]
struct StateOutcome {
    #[serde(flatten)]
    outcome: OutcomeJson,
    description: String,
    /// As PDN writes it: `1-0`, `0-1`, `1/2-1/2`.
    score: &'static str,
}

/// A game as the page shows it.
#[derive(Serialize)]
struct State {
    fen: String,
    start_fen: String,
    turn: String,
    ply: usize,
    moves: Vec<String>,
    /// The side that made each move (`white`, `black`): the sides alternate, but for a
    /// side that moves again.
    movers: Vec<String>,
    legal: Vec<MoveJson>,
    outcome: Option<StateOutcome>,
    svg: String,
    pdn: String,
}

/// The state of `game`.
fn state(rules: &Rules, game: &Game) -> Answer {
    let legal = game.legal_moves().map_err(|e| budget(e, &game.fen()))?;
    let record = game.record();
    let moves = record.moves.iter().map(|(m, legal)| polydame::notation::move_text(rules, m, legal)).collect();
    let o = game.outcome();
    let outcome = (o != Outcome::Ongoing).then(|| StateOutcome {
        outcome: OutcomeJson::new(rules, o),
        description: o.describe(rules),
        score: o.score(),
    });
    let s = State {
        fen: game.fen(),
        start_fen: polydame::fen::write_fen(rules, game.start()),
        turn: game.position().side_to_move().name().to_lowercase(),
        ply: game.moves().len(),
        moves,
        movers: game.movers().map(|s| s.name().to_lowercase()).collect(),
        legal: MoveJson::all(rules, &legal),
        outcome,
        svg: polydame::picture::board_svg(rules, game.position(), game.moves().last()),
        pdn: polydame::pdn::write_pdn(rules, &record),
    };
    serde_json::to_value(s).map_err(|e| ApiError::new(500, "internal", e.to_string()))
}

fn budget(e: polydame::BudgetExceeded, fen: &str) -> ApiError {
    ApiError::new(422, "budget", e.describe(fen))
}

/// The game a request describes, its moves played; `illegal-move` at the first that is not.
/// It stops between two moves when `stop` is set.
fn replay<'r>(rules: &'r Rules, req: &GameRequest, stop: &AtomicBool) -> Result<Game<'r>, ApiError> {
    if req.moves.len() > MAX_MOVES {
        return Err(ApiError::new(422, "too-many-moves", format!("the game has {} moves; at most {MAX_MOVES} are taken", req.moves.len())));
    }
    let mut game = match &req.fen {
        Some(fen) if !fen.trim().is_empty() => Game::from_fen(rules, fen.trim()).map_err(|e| {
            ApiError::new(422, "bad-fen", format!("the FEN cannot be read: {}", e.kind))
                .with_extra(json!({"column": e.column, "fen_code": e.kind.code()}))
        })?,
        _ => Game::new(rules),
    };
    for (i, text) in req.moves.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err(ApiError::stopped());
        }
        game.play(text).map_err(|e: MoveError| {
            ApiError::new(422, "illegal-move", e.to_string()).with_extra(json!({"ply": i + 1, "move": text, "reason_code": e.code()}))
        })?;
    }
    Ok(game)
}

/// `POST /api/game`.
pub fn game(compiled: &Compiled, body: &[u8], stop: &AtomicBool) -> Answer {
    let req: GameRequest = parse(body)?;
    let rules = compiled.rules(&req.variant)?;
    let game = replay(&rules, &req, stop)?;
    state(&rules, &game)
}

/// `POST /api/compile`: the variant's rules, options and start, or its diagnostics.
pub fn compile(compiled: &Compiled, body: &[u8]) -> Answer {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Request {
        variant: VariantRef,
    }
    let req: Request = parse(body)?;
    let rules = match compiled.rules(&req.variant) {
        Ok(r) => r,
        Err(e) if e.code == "invalid-variant" => {
            return Ok(json!({"ok": false, "diagnostics": e.extra["diagnostics"], "omitted": e.extra["omitted"]}));
        }
        Err(e) => return Err(e),
    };
    let spec = rules.spec();
    let options: Vec<Value> =
        spec.options.iter().map(|o| json!({"name": o.name, "help": o.help, "choices": o.choices, "chosen": o.chosen})).collect();
    let start = state(&rules, &Game::new(&rules))?;
    Ok(json!({"ok": true, "id": rules.id(), "name": spec.name, "rules": rules.describe(), "options": options, "state": start}))
}

/// `POST /api/best`: the player's move, within the API's time and depth; the search ends
/// early when `stop` is set. The player's table is the one kept from the game's earlier
/// search, if one is, and is kept for its next (at most `KEPT_TABLES` games).
pub fn best(compiled: &Compiled, memories: &Memories, body: &[u8], stop: &Arc<AtomicBool>) -> Answer {
    let req: BestRequest = parse(body)?;
    let at = GameRequest { variant: req.variant, fen: req.fen, moves: req.moves };
    let rules = compiled.rules(&at.variant)?;
    let game = replay(&rules, &at, stop)?;
    let depth = req.depth.unwrap_or(6).clamp(1, MAX_DEPTH);
    let ms = req.time_ms.unwrap_or(MAX_SEARCH_MS).clamp(1, MAX_SEARCH_MS);
    let limits = Limits { depth, ..Limits::time(std::time::Duration::from_millis(ms)) }.stop_on(stop.clone());
    let point = GamePoint { rules: polydame::egtb::rules_hash(&rules), fen: at.fen.clone(), moves: at.moves.clone() };
    let memory = memories.take(&point);
    let player = Player::new(&rules).with_memory(memory.clone());
    let found = player.best_in(game.position(), limits, game.history()).map_err(|e| budget(e, &game.fen()))?;
    memories.keep(point, memory);
    let line = game.line_text(&found.pv);
    let mv = found.best.as_ref().map(|m| game.move_text(m));
    Ok(json!({"move": mv, "score": found.score, "line": line, "depth": found.depth, "nodes": found.nodes}))
}

/// `GET /api/variants`.
pub fn variants(compiled: &Compiled) -> Answer {
    let list: Vec<Value> =
        compiled.shipped().iter().map(|r| json!({"id": r.id(), "name": r.spec().name, "description": r.spec().description})).collect();
    Ok(json!({ "variants": list }))
}

/// `GET /api/variants/ID`: the shipped file's text.
pub fn variant_text(id: &str) -> Answer {
    match polydame::shipped_variant(id) {
        Some((stem, text)) => Ok(json!({"id": stem, "text": text})),
        None => Err(ApiError::new(404, "unknown-variant", format!("no shipped variant `{id}`"))),
    }
}
