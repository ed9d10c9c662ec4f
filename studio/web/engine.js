// The engine: the generic player on the sides chosen, at the level chosen; its move
// played (or shown as a hint), its score and line shown in #engine-info.

import * as api from './api.js';
import { escapeHtml } from './editor.js';
import { $, S, board, enqueue, capital, say } from './app.js';
import { playLine, render, renderStatus } from './game.js';

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

export function scheduleEngine() {
  if (!engineToMove()) return;
  // When the engine plays both sides, a pause lets one see each move.
  const wait = engineSides().length === 2 ? 400 : 50;
  const seq = S.engineSeq;
  setTimeout(() => {
    if (seq === S.engineSeq && engineToMove() && !S.thinking) engineMove(true);
  }, wait);
  board.setInteractive(false);
  renderStatus();
}

/** Asks the engine for the side to move; `play`: plays its move. */
export async function engineMove(play) {
  if (!S.state || S.state.outcome || S.thinking) return;
  const seq = S.engineSeq;
  const g = S.game;
  const side = S.state.turn;
  S.thinking = true;
  renderStatus();
  board.setInteractive(false);
  let answer = null;
  try {
    answer = await api.best(g.variant, g.fen, g.moves, engineLevel() || 4, ENGINE_TIME_MS);
  } catch (e) {
    if (seq === S.engineSeq) {
      S.engineArmed = false;
      say(`The engine failed: ${e.message}`);
    }
  } finally {
    S.thinking = false;
  }
  if (seq !== S.engineSeq) {
    // The game or the settings changed meanwhile: this answer is void; the engine may be
    // to move in the new situation (its own call waited for this one to finish).
    scheduleEngine();
    return;
  }
  if (!answer) {
    render();
    return;
  }
  showEngineInfo(answer, side);
  if (play && answer.move) {
    await enqueue(() => (seq === S.engineSeq ? playLine([...g.moves, answer.move], [], { record: null }) : null));
  } else {
    render();
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
  S.engineSeq++; // an answer still coming is dropped
  render();
}

export function engineNow() {
  S.engineArmed = true;
  if (!S.state || S.state.outcome || S.thinking) return;
  engineMove(true);
}

export function engineSettingsChanged() {
  S.engineArmed = true;
  S.engineSeq++;
  render();
  scheduleEngine();
}
