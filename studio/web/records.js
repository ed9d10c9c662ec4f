// Records: a PDN's games checked (on their own variants, or the editor's), each one
// listed with its verdict and stepped through on the board.
//
// A PDN file opened (or dropped on the page) is sent as it is, its bytes in base64: the
// server unpacks and decodes it as the command line does (gzip, bzip2, zstd; UTF-8,
// UTF-16, Windows-1251 ...). Its text is shown when it is plain UTF-8; editing the text
// checks the text instead.

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

/** The largest file sent (its base64 must fit in the server's 1 MiB body). */
const MAX_FILE_BYTES = 768 * 1024;

/** Whether a game found no variant of its own (no GameType or an unknown one). */
function needsVariant(g) {
  return !g.variant || ['no-gametype', 'unknown-variant', 'unknown-gametype'].includes(g.error?.code);
}

/** What to check: the file opened, or else the text. */
function pdnSource() {
  if (S.pdnFile) return { file: { name: S.pdnFile.name, base64: S.pdnFile.base64 } };
  const pdn = $('pdn-text').value;
  return pdn.trim() ? { pdn } : null;
}

/** The games of `source` judged: on their own variants (else the editor's), or all on the editor's. */
async function judgeGames(source, mode) {
  if (mode === 'editor') {
    if (!S.live) throw new Error('the editor’s variant does not compile');
    const answer = await api.validate(source, S.live);
    return { answer, games: answer.games.map((g) => ({ ...g, board: S.live, editor: true })) };
  }
  const answer = await api.validate(source);
  let games = answer.games.map((g) => ({ ...g, board: g.variant ? { id: g.variant } : null }));
  if (S.live && games.some(needsVariant)) {
    // Games without a variant of their own are checked on the editor's.
    const again = (await api.validate(source, S.live)).games;
    games = games.map((g, i) => {
      if (!needsVariant(g) || g.error?.code === 'not-pdn') return g;
      const h = again.find((a) => a.game === g.game) || again[i];
      return h ? { ...h, board: S.live, editor: true, fallback: true } : g;
    });
  }
  return { answer, games };
}

export async function checkRecords() {
  const source = pdnSource();
  const summary = $('records-summary');
  if (!source) {
    summary.textContent = 'Nothing to check: paste a PDN or open one.';
    return;
  }
  summary.textContent = 'Checking…';
  let judged;
  try {
    judged = await judgeGames(source, $('records-variant').value);
  } catch (e) {
    summary.textContent = `Not checked: ${e.message}`;
    return;
  }
  const { answer, games } = judged;
  S.records = games;
  const valid = games.filter((g) => g.valid).length;
  const file = answer.file ? fileNote(answer.file, answer.encoding) : answer.encoding ? ` The text was read as ${answer.encoding}.` : '';
  summary.textContent = `${games.length} game${games.length === 1 ? '' : 's'}: ${valid} valid, ${games.length - valid} not.${file}`;
  renderRecords();
}

/** " games.pdn.gz: gzip, read as windows-1251." */
function fileNote(file, encoding) {
  const how = [file.packing !== 'plain' ? `unpacked (${file.packing})` : '', encoding ? `read as ${encoding}` : ''].filter(Boolean);
  return ` ${file.name}${how.length ? `: ${how.join(', ')}` : ''}.`;
}

/** #records: one item per game, its verdict and a stepper. */
function renderRecords() {
  $('records').replaceChildren(
    ...S.records.map((g, i) => {
      const li = document.createElement('li');
      li.className = `record ${g.valid ? 'valid' : 'invalid'}`;
      li.dataset.index = String(i);
      const e = g.error;
      const warned = (g.warnings || []).length + (g.variations || []).length;
      const verdict = g.valid
        ? `✓ valid · ${g.plies} plies${warned ? ` · ${warned} warning${warned === 1 ? '' : 's'}` : ''}`
        : e
          ? faultText(g, e)
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

/** "✗ ply 3, 33-29 (line 7:19): reason": where the game goes wrong, and why. */
function faultText(g, e) {
  const mark = g.judgement === 'not-judged' ? '– not judged' : '✗';
  const ply = e.ply ? ` ply ${e.ply}${e.move ? `, ${e.move}` : ''}` : '';
  const where = e.line ? ` (line ${e.line}:${e.column})` : '';
  return `${mark}${ply}${where}: ${reason(e)}`;
}

/** An error's reason, with how to give a game its variant here (not the command line's way). */
function reason(e) {
  if (e.code !== 'no-gametype' && e.code !== 'unknown-gametype') return e.reason;
  return `${e.reason}; or check it on the editor’s variant (Variant: “the editor’s, for every game”)`;
}

/** A file's bytes as base64. */
async function base64Of(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { bytes, base64: btoa(binary) };
}

/** Whether `bytes` are packed (gzip, bzip2, zstd), by their first bytes as the server tells. */
function packed(bytes) {
  const [a, b, c, d] = bytes;
  return (a === 0x1f && b === 0x8b) || (a === 0x42 && b === 0x5a && c === 0x68) || (a === 0x28 && b === 0xb5 && c === 0x2f && d === 0xfd);
}

/** Opens a PDN file (from #pdn-file, or dropped on the page): its games checked. */
export async function openPdnFile(file) {
  selectTab('records');
  const summary = $('records-summary');
  if (file.size > MAX_FILE_BYTES) {
    const most = MAX_FILE_BYTES.toLocaleString();
    summary.textContent = `Not checked: ${file.name} has ${file.size.toLocaleString()} bytes; the studio takes files of ${most} at most (polydame validate reads any).`;
    return;
  }
  const { bytes, base64 } = await base64Of(file);
  S.pdnFile = { name: file.name, base64, size: file.size };
  let text = '';
  if (!packed(bytes)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      // Not UTF-8: the server finds its encoding; the text is not shown.
    }
  }
  $('pdn-text').value = text;
  showPdnFile();
  await checkRecords();
}

/** The text was edited: it is what is checked now, not the file. */
export function pdnEdited() {
  S.pdnFile = null;
  showPdnFile();
}

function showPdnFile() {
  const f = S.pdnFile;
  const note = $('pdn-file-name');
  note.textContent = f
    ? `${f.name} (${f.size.toLocaleString()} bytes)${$('pdn-text').value ? '' : ': read by the server as the command line reads it'}`
    : '';
}
