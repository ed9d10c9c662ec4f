// The game on the variant that last compiled (or a record's): its moves, undo/redo, a
// position set by FEN; and the game's rendering (board, moves, status, caption).
//
// The game is one state machine. Every change of it (a move of the person or of the
// engine, undo, redo, a ply chosen, New, a FEN, a record, a recompiled variant) is work
// queued by `enqueue` (app.js) and run one at a time; it ends in `setGame`, which bumps
// the game's generation `S.gen` and redraws everything. While a change is pending
// (`S.pending`) or the engine searches (`S.search`), the board takes no move; asking for a
// change cancels the search at once, so Undo or New during a search frees the board and
// the status line. A move is played only on the board it was made on: a click carries the
// generation of the board it was made on, and a move whose generation is not the game's
// is refused. When the last change is done (`settle`), the board takes moves again, or
// the engine starts if it is its turn.

import * as api from './api.js';
import { escapeHtml } from './editor.js';
import { $, S, board, enqueue, capital, say } from './app.js';
import { engineLevel, engineSides, engineToMove, scheduleEngine } from './engine.js';
import { recordNote, renderRecordsActive } from './records.js';

const other = (side) => (side === 'white' ? 'black' : 'white');

// ---------------------------------------------------------------------------------
// The game

/** After a compile: the same moves on the new rules if they are still legal, else the start. */
export async function restartGame(state, keep) {
  const old = S.game;
  if (keep && old && old.editor && (old.moves.length || old.fen)) {
    try {
      const kept = await api.game(S.live, old.fen, old.moves);
      setGame({ ...old, variant: S.live, moves: kept.moves }, kept);
      return;
    } catch {
      // Not legal any more (or the FEN does not fit): start again.
    }
  }
  setGame({ variant: S.live, fen: null, moves: [], redo: [], editor: true, record: null }, state);
}

/** Every change of the game ends here (in work that `enqueue` runs). */
export function setGame(game, state) {
  // Another game (variant, start or record): the engine's last answer is not about it.
  const old = S.game;
  if (!old || old.variant !== game.variant || old.fen !== game.fen || old.record !== game.record) {
    $('engine-info').replaceChildren();
  }
  S.game = game;
  S.state = state;
  S.gen++;
  S.message = null;
  render();
}

/** Whether the board takes a move now: the game settled, the person to move. */
export function boardOpen() {
  return Boolean(S.state && !S.state.outcome && !S.pending && !S.search && !engineToMove());
}

/** Why the board takes no move now (what a click on it is told). */
function whyClosed() {
  if (!S.state) return '';
  if (S.state.outcome) return 'The game is over.';
  if (S.search) return 'Wait: the engine is thinking.';
  if (S.pending) return 'Wait: the last change of the game is being made.';
  return 'Wait: the engine is to move.';
}

/** Redraws what the game's phase decides (whether the board takes moves, the status)
 * without drawing the board again. */
export function refresh() {
  if (!S.state) return;
  board.setInteractive(boardOpen(), whyClosed());
  renderStatus();
}

/** Every change asked is done: the board opens, or the engine starts. */
export function settle() {
  refresh();
  scheduleEngine();
}

/** The moves played and the moves that redo would play, as one line. */
export const fullLine = () => [...S.game.moves, ...S.game.redo];

/** Plays `moves` from the game's start; an illegal one leaves the board as it was. */
export async function playLine(moves, redo, extra = {}) {
  const g = S.game;
  try {
    const state = await api.game(g.variant, g.fen, moves);
    setGame({ ...g, moves: state.moves || moves, redo, ...extra }, state);
    return true;
  } catch (e) {
    board.clearSelection();
    if (e.code === 'illegal-move') {
      const i = e.info;
      say(`Illegal move${i.move ? ` ${i.move}` : ''}${i.ply ? ` (ply ${i.ply})` : ''}: ${i.message}`);
    } else {
      say(e.message);
    }
    return false;
  }
}

/**
 * A move of the person at the board (or typed), made on the board of generation `gen`:
 * refused unless that board is the game's latest and takes moves.
 */
export function userMove(notation, gen = S.gen) {
  if (!S.game) return;
  if (gen !== S.gen || !boardOpen()) {
    board.clearSelection();
    say(gen !== S.gen ? 'The board changed meanwhile: play your move on the board as it is now.' : whyClosed(), 'info');
    return;
  }
  S.engineArmed = true;
  return enqueue(() => {
    if (gen !== S.gen) return;
    const follows = S.game.redo[0] === notation;
    return playLine([...S.game.moves, notation], follows ? S.game.redo.slice(1) : [], follows ? {} : { record: null });
  });
}

/**
 * Goes to ply `n` of the line (0: the start), keeping the rest for redo; `n` may be a
 * function of the game, read when the change runs (after the changes asked before it).
 */
export function goToPly(n) {
  if (!S.game) return;
  return enqueue(() => {
    const line = fullLine();
    const to = Math.max(0, Math.min(line.length, typeof n === 'function' ? n(S.game) : n));
    if (to === S.game.moves.length) return;
    S.engineArmed = false;
    return playLine(line.slice(0, to), line.slice(to));
  });
}

/** The side to move at ply `k` of the game: the one that made move `k + 1` (a pass is a
 * move; a side that moves again makes two in a row), or the side to move now. */
function turnAt(k) {
  const movers = S.state.movers;
  if (movers && k < movers.length) return movers[k];
  const now = S.game.moves.length;
  return (now - k) % 2 === 0 ? S.state.turn : other(S.state.turn);
}

/** Undo: back one ply, or two when that gives the move back to the person at the board. */
export function undo() {
  return goToPly((g) => {
    let n = g.moves.length - 1;
    const sides = engineSides();
    if (engineLevel() && sides.length === 1 && n > 0 && sides.includes(turnAt(n))) n--;
    return Math.max(0, n);
  });
}

export const redo = () => goToPly((g) => g.moves.length + 1);

/** To the end of the line (what redo would play, all of it). */
export const toEnd = () => goToPly(() => fullLine().length);

export function newGame() {
  if (!S.live) return;
  enqueue(async () => {
    S.engineArmed = true;
    try {
      const state = await api.game(S.live, null, []);
      setGame({ variant: S.live, fen: null, moves: [], redo: [], editor: true, record: null }, state);
    } catch (e) {
      say(e.message);
    }
  });
}

/** Sets up the position of the FEN field: the game starts again from it. */
export function setFen(event) {
  event.preventDefault();
  const input = $('fen');
  const fen = input.value.trim();
  if (!S.game) return;
  if (!fen) {
    newGame();
    return;
  }
  enqueue(async () => {
    const g = S.game;
    try {
      const state = await api.game(g.variant, fen, []);
      S.engineArmed = true;
      delete input.dataset.edited;
      setGame({ ...g, fen, moves: [], redo: [], record: null }, state);
    } catch (e) {
      input.classList.add('invalid');
      const column = e.info.column;
      const where = column && !/column/i.test(e.message) ? ` (column ${column})` : '';
      say(/fen/i.test(e.message) ? `${e.message}${where}` : `Bad FEN${where}: ${e.message}`);
      if (column) {
        input.focus();
        input.setSelectionRange(column - 1, column);
      }
    }
  });
}

// ---------------------------------------------------------------------------------
// Rendering the game

export function render() {
  if (!S.state) return;
  board.show(S.state, boardOpen(), S.gen, whyClosed());
  // The FEN field follows the game, unless the person is typing a position in it.
  const fen = $('fen');
  if (!(document.activeElement === fen && fen.dataset.edited)) {
    fen.value = S.state.fen || '';
    delete fen.dataset.edited;
    fen.classList.remove('invalid');
  }
  renderMoves();
  renderLegal();
  renderStatus();
  renderCaption();
  renderRecordsActive();
  const g = S.game;
  $('undo').disabled = $('first').disabled = !g.moves.length;
  $('redo').disabled = $('last').disabled = !g.redo.length;
}

/** #moves: the moves played, numbered in pairs; the moves redo would play after them. */
function renderMoves() {
  const list = $('moves');
  const moves = S.game.moves;
  const items = [];
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement('li');
    li.innerHTML =
      `<span class="num">${i / 2 + 1}.</span>` +
      moves
        .slice(i, i + 2)
        .map((m, j) => {
          const ply = i + j + 1;
          const current = ply === moves.length ? ' current' : '';
          return `<button type="button" class="ply${current}" data-ply="${ply}" title="Go to ply ${ply}">${escapeHtml(m)}</button>`;
        })
        .join('');
    items.push(li);
  }
  list.replaceChildren(...items);
  list.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
  const future = $('moves-future');
  future.innerHTML = S.game.redo.length
    ? 'next: ' +
      S.game.redo
        .map((m, j) => `<button type="button" class="ply future" data-ply="${moves.length + j + 1}">${escapeHtml(m)}</button>`)
        .join(' ')
    : '';
  $('start-ply').classList.toggle('current', moves.length === 0);
  $('start-ply').disabled = !moves.length;
}

/** The legal moves, for the move field's suggestions. */
function renderLegal() {
  $('legal-moves').replaceChildren(...(S.state.legal || []).map((m) => new Option(m.notation)));
}

/** "Game over: Black wins: the opponent has no legal move (0-1)". */
function outcomeText(o) {
  const winner = o.winner ? `${capital(o.winner)} wins` : o.result === 'draw' ? 'Draw' : o.result || '';
  const description = o.description || winner;
  const reason = o.reason && !description.includes(o.reason) ? `: ${o.reason}` : '';
  // The score as PDN writes it ("1-0", "1/2-1/2"); older answers put it in `result`.
  const score = o.score || (/\d/.test(o.result || '') ? o.result : '');
  return `Game over: ${description}${reason}${score ? ` (${score})` : ''}`;
}

/** #status: whose turn (or the outcome), then any message. */
export function renderStatus() {
  const el = $('status');
  const st = S.state;
  let main = '';
  let cls = '';
  if (st) {
    if (st.outcome) {
      main = outcomeText(st.outcome);
      cls = 'over';
    } else {
      main = `${capital(st.turn)} to move`;
      if (S.search) main += ' — the engine is thinking…';
      else if (!S.engineArmed && engineLevel() && engineSides().includes(st.turn)) main += ' (engine paused: press “Engine move”)';
      else if (!st.legal?.length) main += ' — no legal move';
      cls = `turn-${st.turn}`;
    }
  }
  const parts = [`<span class="main">${escapeHtml(main)}</span>`];
  const note = recordNote();
  if (note) parts.push(`<span class="msg warn">${escapeHtml(note)}</span>`);
  if (S.message) parts.push(`<span class="msg ${S.message.kind}">${escapeHtml(S.message.text)}</span>`);
  el.innerHTML = parts.join(' ');
  el.className = `status ${cls}${S.message?.kind === 'error' ? ' has-error' : ''}`;
}

function renderCaption() {
  const g = S.game;
  const rec = g.record !== null && g.record !== undefined ? S.records[g.record] : null;
  const name = rec ? `Game ${rec.game}: ${rec.white || '?'} – ${rec.black || '?'} (${rec.variant || 'editor'})` : S.compiled?.name || '';
  const total = fullLine().length;
  $('board-caption').textContent = `${name} · ply ${g.moves.length}${total > g.moves.length ? ` of ${total}` : ''}${g.fen && !rec ? ' · from a set position' : ''}`;
}
