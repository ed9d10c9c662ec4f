// The engine: the generic player on the sides chosen, at the level chosen; its move
// played (or shown as a hint), its score and line shown in #engine-info.
//
// One search at a time, `S.search` ({gen, controller}): it is asked about the game of
// generation `gen` and cancelled (its request aborted, so the server stops it) as soon as
// any change of the game is asked (game.js, `enqueue`), or the engine is paused or set
// otherwise. An answer whose search is no longer `S.search`, or whose generation is no
// longer the game's, is dropped unseen. The engine starts only when the game is settled:
// no change pending, no search, its side to move (`scheduleEngine`, called when every
// change asked is done).

import * as api from './api.js';
import { escapeHtml } from './editor.js';
import { $, S, board, enqueue, capital, say } from './app.js';
import { playLine, refresh, render } from './game.js';

const ENGINE_TIME_MS = 3000;

export function engineLevel() {
  const v = $('engine-level').value;
  return v === 'off' ? 0 : Number(v);
}

export function engineSides() {
  const v = $('engine-side').value;
  return v === 'both' ? ['white', 'black'] : v === 'none' ? [] : [v];
}

/** Whether the engine plays the side to move now. */
export function engineToMove() {
  const st = S.state;
  return Boolean(
    S.engineArmed && engineLevel() && st && !st.outcome && st.legal?.length && engineSides().includes(st.turn),
  );
}

/** Cancels the search in flight, if any: its answer will be dropped. */
export function cancelSearch() {
  clearTimeout(S.engineTimer);
  if (!S.search) return;
  S.search.controller.abort();
  S.search = null;
}

/** Starts the engine, after a short pause, when it is its turn in a settled game. */
export function scheduleEngine() {
  clearTimeout(S.engineTimer);
  if (!engineToMove() || S.pending || S.search) return;
  // When the engine plays both sides, a pause lets one see each move.
  const wait = engineSides().length === 2 ? 400 : 50;
  const gen = S.gen;
  S.engineTimer = setTimeout(() => {
    if (gen === S.gen && !S.pending && !S.search && engineToMove()) engineMove(true);
  }, wait);
}

/** Asks the engine for the side to move; `play`: plays its move, else shows it as a hint. */
export async function engineMove(play) {
  if (!S.state || S.state.outcome || S.search || S.pending) return;
  const search = { gen: S.gen, controller: new AbortController() };
  const g = S.game;
  const side = S.state.turn;
  S.search = search;
  refresh();
  let answer;
  try {
    answer = await api.best(g.variant, g.fen, g.moves, engineLevel() || 4, ENGINE_TIME_MS, search.controller.signal);
  } catch (e) {
    if (S.search !== search) return; // cancelled: whoever cancelled it redraws
    S.search = null;
    S.engineArmed = false;
    say(`The engine failed: ${e.message}`);
    refresh();
    return;
  }
  if (S.search !== search || S.gen !== search.gen) return; // the game moved on: void
  S.search = null;
  showEngineInfo(answer, side);
  if (play && answer.move) {
    // Played as a change of the game, and only on the game it was found for.
    enqueue(() => (S.gen === search.gen ? playLine([...S.game.moves, answer.move], [], { record: null }) : null));
  } else {
    refresh();
    if (answer.move) board.showHint(answer.move);
  }
}

/**
 * The player's score for the side to move (docs/player.md): hundredths of a man, or a
 * forced win or loss as 1,000,000 less the plies it takes.
 */
function formatScore(score) {
  if (typeof score !== 'number') return String(score ?? '?');
  const WIN = 1_000_000;
  const plies = WIN - Math.abs(score);
  if (plies >= 0 && plies < 10_000) return `${score > 0 ? 'wins' : 'loses'} in ${plies} plies`;
  return `${score > 0 ? '+' : ''}${(score / 100).toFixed(2)} men`;
}

function showEngineInfo(a, side) {
  const line = (a.line || []).join(' ');
  $('engine-info').innerHTML = a.move
    ? `<div><strong>${escapeHtml(a.move)}</strong> for ${escapeHtml(capital(side))} · ` +
      `score <span class="score" title="for ${escapeHtml(side)}, the side to move (raw ${escapeHtml(String(a.score))})">` +
      `${escapeHtml(formatScore(a.score))}</span> · ` +
      `depth ${escapeHtml(String(a.depth ?? '?'))} · ${Number(a.nodes || 0).toLocaleString()} nodes</div>` +
      (line ? `<div class="line">line: ${escapeHtml(line)}</div>` : '')
    : '<div>No move: the game is over.</div>';
}

export function pauseEngine() {
  S.engineArmed = false;
  cancelSearch();
  render();
}

export function engineNow() {
  S.engineArmed = true;
  engineMove(true);
}

export function engineSettingsChanged() {
  S.engineArmed = true;
  cancelSearch();
  render();
  scheduleEngine();
}
