//! Self-play games one at a time, as `polydame match` and `polydame report` play them (so
//! that they can be played anywhere, as Ray tasks), and the designer's report built from
//! them exactly as `polydame report` builds it.

use crate::variant::Variant;
use crate::{budget_error, guard};
use polydame::player::{SelfPlayGame, self_play_game};
use polydame::{Game, Limits, Rules};
use polydame_report::{Report, Settings, VariantGames, labels};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;

/// One game the player played against itself: its PDN (tagged as ``polydame match`` tags
/// it), its result, the plies of its opening and the positions the player searched.
/// Pickled by its fields, so it travels between processes.
#[pyclass(frozen, module = "polydame")]
pub struct SelfPlayed {
    /// The variant it was played in.
    #[pyo3(get)]
    variant: Py<Variant>,
    /// The game's index in its match, from 0 (it was played from seed ``seed + index``).
    #[pyo3(get)]
    index: u64,
    /// The game as PDN.
    #[pyo3(get)]
    pdn: String,
    /// ``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``"*"`` (unfinished).
    #[pyo3(get)]
    result: String,
    /// The plies of the random opening.
    #[pyo3(get)]
    opening: usize,
    /// Positions the player searched in the game.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl SelfPlayed {
    #[new]
    fn new(variant: Py<Variant>, index: u64, pdn: String, result: String, opening: usize, nodes: u64) -> SelfPlayed {
        SelfPlayed { variant, index, pdn, result, opening, nodes }
    }

    fn __getnewargs__(&self, py: Python<'_>) -> (Py<Variant>, u64, String, String, usize, u64) {
        (self.variant.clone_ref(py), self.index, self.pdn.clone(), self.result.clone(), self.opening, self.nodes)
    }

    fn __repr__(&self) -> String {
        format!("SelfPlayed(index={}, result={:?})", self.index, self.result)
    }
}

impl SelfPlayed {
    /// The game again, as the report takes it: its moves replayed from the PDN.
    fn game(&self, rules: &Rules) -> PyResult<SelfPlayGame> {
        let text = polydame::pdn::pdn_games(self.pdn.as_bytes()).next();
        let text = text.and_then(Result::ok).ok_or_else(|| PyValueError::new_err("a self-play game without its PDN"))?;
        let written = polydame::pdn::parse_game(&text);
        if let Some(why) = &written.refused {
            return Err(PyValueError::new_err(format!("game {}: its PDN is not read: {why}", self.index.saturating_add(1))));
        }
        let mut game = Game::new(rules);
        for m in &written.moves {
            game.play(&m.text).map_err(|e| PyValueError::new_err(format!("game {}: {} {e}", self.index.saturating_add(1), m.text)))?;
        }
        Ok(SelfPlayGame { record: game.record(), outcome: game.outcome(), opening: self.opening, nodes: self.nodes })
    }
}

/// Plays game ``index`` (from 0) of a self-play match as ``polydame match`` and
/// ``polydame report`` play it: ``opening_plies`` random legal plies drawn from seed
/// ``seed + index``, then the player (the same seed) at ``depth`` on both sides, until the
/// game ends or has ``max_plies`` plies (``variant``: a ``Variant`` or an id). Without the
/// interpreter's lock.
#[pyfunction]
#[pyo3(signature = (variant, index, depth = 4, opening_plies = 4, seed = 1, max_plies = 400))]
pub fn self_play(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    index: u64,
    depth: u32,
    opening_plies: usize,
    seed: u64,
    max_plies: usize,
) -> PyResult<SelfPlayed> {
    let variant = crate::variant::variant_of(py, variant)?;
    let rules: &Rules = &variant.get().rules;
    let depth = depth.clamp(1, polydame::player::MAX_DEPTH);
    let seed_i = seed.wrapping_add(index);
    let played =
        guard::run(py, &AtomicBool::new(false), || self_play_game(rules, seed_i, opening_plies, &Limits::depth(depth), max_plies))?;
    let g = played.map_err(|e| budget_error(e, "a position of the game"))?;
    let round = usize::try_from(index).unwrap_or(usize::MAX).saturating_add(1);
    let pdn = polydame::pdn::write_pdn(rules, &g.match_record(rules, round, depth));
    let result = g.record.result.clone();
    Ok(SelfPlayed { variant, index, pdn, result, opening: g.opening, nodes: g.nodes })
}

/// The designer's report of self-play games, built as ``polydame report`` builds it:
/// ``variants`` is a list of ``(name, games)`` (the variant as given, and its
/// ``SelfPlayed`` games in order), the settings those games were played with. Returns
/// ``(json, html, text)``.
#[pyfunction]
#[pyo3(signature = (variants, depth = 4, opening_plies = 4, seed = 1, max_plies = 400))]
pub fn report(
    py: Python<'_>,
    variants: Vec<(String, Vec<Py<SelfPlayed>>)>,
    depth: u32,
    opening_plies: usize,
    seed: u64,
    max_plies: u32,
) -> PyResult<(String, String, String)> {
    if variants.is_empty() {
        return Err(PyValueError::new_err("a report has at least one variant"));
    }
    // The games are read again from their PDN (a pickle's, perhaps) on the module's own
    // thread (see `guard::run`).
    guard::run(py, &AtomicBool::new(false), || build_report(&variants, depth, opening_plies, seed, max_plies))?
}

/// The report's JSON, HTML and text (see [`report`]).
fn build_report(
    variants: &[(String, Vec<Py<SelfPlayed>>)],
    depth: u32,
    opening_plies: usize,
    seed: u64,
    max_plies: u32,
) -> PyResult<(String, String, String)> {
    let names: Vec<String> = variants.iter().map(|(n, _)| n.clone()).collect();
    let games = variants.first().map_or(0, |(_, g)| g.len());
    if variants.iter().any(|(_, g)| g.len() != games) {
        return Err(PyValueError::new_err("every variant of a report has the same number of games"));
    }
    let mut rules: Vec<std::sync::Arc<Rules>> = Vec::new();
    let mut played: Vec<Vec<SelfPlayGame>> = Vec::new();
    for (_, games) in variants {
        let Some(first) = games.first() else { return Err(PyValueError::new_err("a variant of the report has no games")) };
        let r = first.get().variant.get().rules.clone();
        let mut sorted: Vec<&SelfPlayed> = games.iter().map(Py::get).collect();
        sorted.sort_by_key(|g| g.index);
        played.push(sorted.iter().map(|g| g.game(&r)).collect::<PyResult<_>>()?);
        rules.push(r);
    }
    let options = variants.first().map(|(_, g)| g[0].get().variant.get().chosen().iter().map(|(k, v)| format!("{k}={v}")).collect());
    let settings =
        Settings { games: games as u32, depth, opening_plies, ballots: None, seed, max_plies, options: options.unwrap_or_default() };
    let sections = labels(&names)
        .into_iter()
        .zip(&names)
        .zip(rules.iter().zip(&played))
        .map(|((label, name), (r, g))| VariantGames::new(name.clone(), label, r, g))
        .collect();
    let report = Report::new(settings, sections);
    let json = serde_json::to_string(&report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok((json, report.html(), report.text()))
}
