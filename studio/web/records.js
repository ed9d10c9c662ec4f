// Records: a PDN's games checked (on their own variants, or the editor's), each one
// listed with its verdict and stepped through on the board.

import * as api from './api.js';
import { escapeHtml } from './editor.js';
import { $, S, enqueue, say, selectTab } from './app.js';
import { fullLine, goToPly, setGame } from './game.js';

/** Small icons for the step buttons (glyphs like ⏮ are missing from many fonts). */
const ICONS = {
  first: '<path d="M2 2h2v12H2zM14 2v12L5 8z"/>',
  back: '<path d="M12 2v12L3 8z"/>',
  forward: '<path d="M4 2v12l9-6z"/>',
  end: '<path d="M12 2h2v12h-2zM2 2v12l9-6z"/>',
};
const icon = (name) => `<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">${ICONS[name]}</svg>`;

/** Whether a game found no variant of its own (no GameType or an unknown one). */
function needsVariant(g) {
  return !g.variant || ['no-gametype', 'unknown-variant', 'unknown-gametype'].includes(g.error?.code);
}

export async function checkRecords() {
  const pdn = $('pdn-text').value;
  const summary = $('records-summary');
  if (!pdn.trim()) {
    summary.textContent = 'Nothing to check: paste a PDN or open one.';
    return;
  }
  const mode = $('records-variant').value;
  summary.textContent = 'Checking…';
  let games;
  try {
    if (mode === 'editor') {
      if (!S.live) throw new Error('the editor’s variant does not compile');
      games = (await api.validate(pdn, S.live)).games.map((g) => ({ ...g, board: S.live, editor: true }));
    } else {
      games = (await api.validate(pdn)).games.map((g) => ({ ...g, board: g.variant ? { id: g.variant } : null }));
      if (S.live && games.some(needsVariant)) {
        // Games without a variant of their own are checked on the editor's.
        const again = (await api.validate(pdn, S.live)).games;
        games = games.map((g, i) => {
          if (!needsVariant(g)) return g;
          const h = again.find((a) => a.game === g.game) || again[i];
          return h ? { ...h, board: S.live, editor: true, fallback: true } : g;
        });
      }
    }
  } catch (e) {
    summary.textContent = `Not checked: ${e.message}`;
    return;
  }
  S.records = games;
  const valid = games.filter((g) => g.valid).length;
  summary.textContent = `${games.length} game${games.length === 1 ? '' : 's'}: ${valid} valid, ${games.length - valid} not.`;
  renderRecords();
}

/** #records: one item per game, its verdict and a stepper. */
function renderRecords() {
  $('records').replaceChildren(
    ...S.records.map((g, i) => {
      const li = document.createElement('li');
      li.className = `record ${g.valid ? 'valid' : 'invalid'}`;
      li.dataset.index = String(i);
      const e = g.error;
      const where = e && e.line ? ` (line ${e.line}:${e.column})` : '';
      const verdict = g.valid
        ? `✓ valid · ${g.plies} plies`
        : e
          ? `${g.judgement === 'not-judged' ? '– not judged' : '✗'} ply ${e.ply}${e.move ? `, ${e.move}` : ''}${where}: ${e.reason}`
          : '✗ not valid';
      const variant = g.variant ? `${g.variant}${g.fallback ? ' (the editor’s)' : ''}` : 'no variant';
      // A bad move in a variation is a warning, as the command line says it.
      const inVariations = (g.variations || []).map((v) => ({
        code: v.code,
        message: `in a variation, ply ${v.ply}, ${v.move} (line ${v.line}:${v.column}): ${v.reason}`,
      }));
      const warnings = [...(g.warnings || []), ...inVariations].map(
        (w) => `<li>${escapeHtml(w.code ? `${w.code}: ` : '')}${escapeHtml(w.message)}</li>`,
      );
      const steppable = Boolean(g.board);
      const dis = steppable ? '' : ' disabled';
      li.innerHTML =
        `<div class="record-head"><button type="button" class="record-open"${dis} title="Show this game on the board">Game ${escapeHtml(String(g.game ?? i + 1))}</button>` +
        ` <span class="players">${escapeHtml(g.white || '?')} – ${escapeHtml(g.black || '?')}</span>` +
        ` <span class="variant">${escapeHtml(variant)}</span></div>` +
        `<div class="verdict">${escapeHtml(verdict)}</div>` +
        (warnings.length ? `<ul class="warnings">${warnings.join('')}</ul>` : '') +
        `<div class="stepper" role="group" aria-label="Step through game ${escapeHtml(String(g.game ?? i + 1))}">` +
        `<button type="button" class="button" data-step="first"${dis} aria-label="Start" title="Start">${icon('first')}</button>` +
        `<button type="button" class="button" data-step="back"${dis} aria-label="Back one ply" title="Back">${icon('back')}</button>` +
        `<span class="record-ply">– / ${(g.moves || []).length}</span>` +
        `<button type="button" class="button" data-step="forward"${dis} aria-label="Forward one ply" title="Forward">${icon('forward')}</button>` +
        `<button type="button" class="button" data-step="end"${dis} aria-label="End" title="End">${icon('end')}</button>` +
        `</div>`;
      return li;
    }),
  );
  renderRecordsActive();
}

/** The game of the board in the records list: marked, with its ply. */
export function renderRecordsActive() {
  for (const li of $('records').children) {
    const i = Number(li.dataset.index);
    const active = S.game && S.game.record === i;
    li.classList.toggle('active', active);
    const g = S.records[i];
    li.querySelector('.record-ply').textContent = `${active ? S.game.moves.length : '–'} / ${(g.moves || []).length}`;
  }
}

/** The record's note in #status: the illegal move that comes next, and its reason. */
export function recordNote() {
  const g = S.game;
  if (!g || g.record === null || g.record === undefined) return '';
  const rec = S.records[g.record];
  if (!rec || !rec.error || g.redo.length || g.moves.length !== (rec.moves || []).length) return '';
  const e = rec.error;
  return `Game ${rec.game}, ply ${e.ply}${e.move ? ` ${e.move}` : ''} is not legal: ${e.reason}`;
}

/** Shows record `i` on the board at ply `at` ('end' for its last position). */
function loadRecord(i, at) {
  const rec = S.records[i];
  if (!rec || !rec.board) return;
  const moves = rec.moves || [];
  const n = at === 'end' ? moves.length : Math.max(0, Math.min(moves.length, at));
  enqueue(async () => {
    try {
      const state = await api.game(rec.board, rec.start_fen || null, moves.slice(0, n));
      S.engineArmed = false;
      setGame(
        { variant: rec.board, fen: rec.start_fen || null, moves: state.moves || moves.slice(0, n), redo: moves.slice(n), editor: Boolean(rec.editor), record: i },
        state,
      );
    } catch (e) {
      say(`Game ${rec.game}: ${e.message}`);
    }
  });
}

export function recordClick(event) {
  const li = event.target.closest('li.record');
  if (!li) return;
  const i = Number(li.dataset.index);
  const rec = S.records[i];
  const step = event.target.closest('[data-step]')?.dataset.step;
  const active = S.game && S.game.record === i;
  if (!step) {
    if (event.target.closest('.record-open, .record-head, .verdict')) loadRecord(i, rec.valid ? 0 : 'end');
    return;
  }
  if (!active) {
    loadRecord(i, { first: 0, back: 0, forward: 1, end: 'end' }[step]);
    return;
  }
  const now = S.game.moves.length;
  goToPly({ first: 0, back: now - 1, forward: now + 1, end: fullLine().length }[step]);
}

export async function openPdnFile(file) {
  $('pdn-text').value = await file.text();
  selectTab('records');
  await checkRecords();
}
