// The game on the variant that last compiled (or a record's): its moves, undo/redo, a
// position set by FEN; and the game's rendering (board, moves, status, caption).
// Every change of the game goes through `setGame`, which redraws everything (`render`).

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

/** Every change of the game ends here. */
export function setGame(game, state) {
  // Another game (variant, start or record): the engine's last answer is not about it.
  const old = S.game;
  if (!old || old.variant !== game.variant || old.fen !== game.fen || old.record !== game.record) {
    $('engine-info').replaceChildren();
  }
  S.game = game;
  S.state = state;
  S.engineSeq++;
  S.message = null;
  render();
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

/** A move of the person at the board (or typed). */
export function userMove(notation) {
  return enqueue(() => {
    if (!S.game) return;
    S.engineArmed = true;
    const follows = S.game.redo[0] === notation;
    return playLine([...S.game.moves, notation], follows ? S.game.redo.slice(1) : [], follows ? {} : { record: null });
  });
}

/** Goes to ply `n` of the line (0: the start), keeping the rest for redo. */
export function goToPly(n) {
  return enqueue(() => {
    if (!S.game) return;
    const line = fullLine();
    n = Math.max(0, Math.min(line.length, n));
    if (n === S.game.moves.length) return;
    S.engineArmed = false;
    return playLine(line.slice(0, n), line.slice(n));
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
  if (!S.game || !S.game.moves.length) return;
  let n = S.game.moves.length - 1;
  const sides = engineSides();
  if (engineLevel() && sides.length === 1 && n > 0 && sides.includes(turnAt(n))) n--;
  goToPly(n);
}

export const redo = () => S.game && goToPly(S.game.moves.length + 1);

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
  board.show(S.state, !S.state.outcome && !engineToMove() && !S.thinking);
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
      if (S.thinking) main += ' — the engine is thinking…';
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
