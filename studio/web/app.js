// polydame studio: the page's logic.
//
//   editor   the variant file, compiled as you type (debounced), its diagnostics marked
//   board    the game on the variant that last compiled: click to play, undo/redo, FEN
//   play     the generic player on either side, its line and score
//   records  a PDN's games checked, each one stepped through on the board
//   judge    the designer's report, polled until done, shown in an iframe
//
// One `S` object holds the page's state; every change of the game goes through
// `setGame`, which redraws everything from it (`render`).

import * as api from './api.js';
import { Editor, escapeHtml } from './editor.js';
import { Board } from './board.js';

const $ = (id) => document.getElementById(id);
const COMPILE_DELAY_MS = 300;
const ENGINE_TIME_MS = 3000;
const REPORT_POLL_MS = 500;

/** Small icons for the step buttons (glyphs like ⏮ are missing from many fonts). */
const ICONS = {
  first: '<path d="M2 2h2v12H2zM14 2v12L5 8z"/>',
  back: '<path d="M12 2v12L3 8z"/>',
  forward: '<path d="M4 2v12l9-6z"/>',
  end: '<path d="M12 2h2v12h-2zM2 2v12l9-6z"/>',
};
const icon = (name) => `<svg class="icon" viewBox="0 0 16 16" aria-hidden="true">${ICONS[name]}</svg>`;

const S = {
  variants: [], //          the shipped variants: [{id, name, description}]
  loadedId: null, //        the shipped variant last loaded into the editor (null: a file)
  loadedText: '', //        the text as loaded, to tell whether it was edited
  fileName: 'variant.toml',
  chosen: {}, //            options chosen in the selects: {NAME: CHOICE}
  live: null, //            the variant request that last compiled: what the board plays
  compiled: null, //        that compile's answer (id, name, rules, options)
  compileSeq: 0, //         the latest compile request: older answers are dropped
  loadSeq: 0, //            the latest variant load
  game: null, //            {variant, fen, moves, redo, editor, record}
  state: null, //           the server's state of that game
  engineSeq: 0, //          bumps when an engine answer must be dropped
  engineArmed: true, //     false after undo/redo: the engine waits for a move or a click
  thinking: false,
  message: null, //         {text, kind}: shown in #status until the game changes
  records: [], //           the checked games
  report: null, //          the report job being polled
  discarded: null, //       the edited text that the last load replaced
  queue: Promise.resolve(), // game changes, one at a time
};

let editor;
let board;

// ---------------------------------------------------------------------------------
// Small helpers

/** Runs game-changing work one at a time, in the order asked. */
function enqueue(work) {
  S.queue = S.queue.then(work).catch((e) => say(e.message));
  return S.queue;
}

const capital = (w) => (w ? w[0].toUpperCase() + w.slice(1) : w);
const other = (side) => (side === 'white' ? 'black' : 'white');

function intOf(input, fallback, min, max) {
  const n = parseInt(input.value, 10);
  if (Number.isNaN(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** A message in #status: `error` (red), `info`. Cleared when the game changes. */
function say(text, kind = 'error') {
  S.message = text ? { text, kind } : null;
  renderStatus();
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  say(`${what} copied to the clipboard.`, 'info');
}

function download(text, type, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.textContent = name;
  a.className = 'button subtle';
  return a;
}

// ---------------------------------------------------------------------------------
// The variant: shipped list, loading, compiling, options

async function loadVariantList() {
  let list;
  try {
    list = (await api.listVariants()).variants || [];
  } catch (e) {
    say(`Cannot list the variants: ${e.message}`);
    return;
  }
  S.variants = list;
  const options = () =>
    list.map((v) => {
      const o = new Option(v.name || v.id, v.id);
      if (v.description) o.title = v.description;
      return o;
    });
  $('variant').replaceChildren(...options());
  $('judge-second').append(...options());
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('variant');
  const initial = [fromHash, 'international', list[0]?.id].find((id) => id && list.some((v) => v.id === id));
  if (initial) {
    $('variant').value = initial;
    await loadShipped(initial);
  }
}

/** Keeps the editor's text (when edited) so that "Restore edits" can bring it back. */
function rememberEdits() {
  if (editor.text === S.loadedText || !editor.text.trim()) return;
  S.discarded = { text: editor.text, name: S.fileName, loadedId: S.loadedId, loadedText: S.loadedText, chosen: S.chosen };
  $('restore-text').hidden = false;
}

/** Puts a text into the editor and compiles it, the game starting afresh. */
function openText(text, name, loadedId, loadedText = text, chosen = {}) {
  S.loadedId = loadedId;
  S.loadedText = loadedText;
  S.fileName = name;
  S.chosen = chosen;
  editor.text = text;
  if (loadedId) $('variant').value = loadedId;
  showFileName();
  return compileNow({ keepGame: false });
}

async function loadShipped(id) {
  const seq = ++S.loadSeq;
  let answer;
  try {
    answer = await api.variantText(id);
  } catch (e) {
    say(`Cannot load ${id}: ${e.message}`);
    return;
  }
  if (seq !== S.loadSeq) return;
  rememberEdits();
  history.replaceState(null, '', `#variant=${encodeURIComponent(id)}`);
  await openText(answer.text, `${id}.toml`, id);
}

async function openVariantFile(file) {
  const text = await file.text();
  S.loadSeq++;
  rememberEdits();
  await openText(text, file.name, null);
}

function restoreEdits() {
  const d = S.discarded;
  if (!d) return;
  S.discarded = null;
  rememberEdits(); // the text shown now can come back in turn
  $('restore-text').hidden = !S.discarded;
  openText(d.text, d.name, d.loadedId, d.loadedText, d.chosen);
}

function showFileName() {
  const edited = editor.text !== S.loadedText;
  $('file-name').textContent = `${S.fileName}${edited ? ' • edited' : ''}`;
}

/** The variant as the editor holds it, as the API names a variant. */
function editorVariant() {
  const variant = { text: editor.text, name: S.fileName };
  if (Object.keys(S.chosen).length) variant.options = { ...S.chosen };
  return variant;
}

let compileTimer = null;

function scheduleCompile() {
  showFileName();
  clearTimeout(compileTimer);
  setCompileState('editing…', 'busy');
  compileTimer = setTimeout(() => compileNow({ keepGame: true }), COMPILE_DELAY_MS);
}

function setCompileState(text, kind) {
  const el = $('compile-state');
  el.textContent = text;
  el.className = `compile-state ${kind || ''}`;
}

/** Compiles the editor's text; when it compiles, the rules, options and board follow. */
async function compileNow({ keepGame }) {
  clearTimeout(compileTimer);
  const seq = ++S.compileSeq;
  const variant = editorVariant();
  setCompileState('compiling…', 'busy');
  let answer;
  try {
    answer = await api.compile(variant);
  } catch (e) {
    if (seq !== S.compileSeq) return;
    if (e.code === 'unknown-option' && Object.keys(S.chosen).length) {
      // The file no longer has an option (or a choice) chosen before: back to its defaults.
      S.chosen = {};
      say(`${e.message}: the options are back to the file's defaults.`, 'info');
      return compileNow({ keepGame });
    }
    if (Array.isArray(e.info.diagnostics)) {
      showDiagnostics(e.info.diagnostics);
    } else {
      editor.setDiagnostics([]);
      setCompileState(`not compiled: ${e.message}`, 'error');
      say(`The variant was not compiled: ${e.message}`);
    }
    return;
  }
  if (seq !== S.compileSeq) return;
  if (!answer.ok) {
    showDiagnostics(answer.diagnostics || []);
    return;
  }
  editor.setDiagnostics([]);
  setCompileState(`✓ compiles: ${answer.name || answer.id}`, 'ok');
  S.compiled = answer;
  S.live = variant;
  document.title = `${answer.name || answer.id} — polydame studio`;
  $('rules').textContent = answer.rules || '';
  $('rules').classList.remove('stale');
  renderOptions(answer.options || []);
  await enqueue(() => restartGame(answer.state, keepGame));
}

function showDiagnostics(list) {
  editor.setDiagnostics(list);
  const errors = list.filter((d) => d.kind !== 'warning').length || list.length;
  setCompileState(
    `✗ ${errors} error${errors === 1 ? '' : 's'}${S.live ? ' — the board keeps the last version that compiled' : ''}`,
    'error',
  );
  $('rules').classList.add('stale');
}

/** One select per option of the variant; a change recompiles. */
function renderOptions(options) {
  const box = $('options');
  box.replaceChildren(
    ...options.map((o) => {
      const label = document.createElement('label');
      label.className = 'field';
      label.title = o.help || '';
      const name = document.createElement('span');
      name.textContent = o.name;
      const select = document.createElement('select');
      select.id = `option-${o.name}`;
      select.dataset.option = o.name;
      select.setAttribute('aria-label', `Option ${o.name}${o.help ? `: ${o.help}` : ''}`);
      for (const c of o.choices || []) select.append(new Option(c, c));
      select.value = o.chosen;
      label.append(name, select);
      return label;
    }),
  );
  box.hidden = options.length === 0;
}

function optionChanged(event) {
  const name = event.target.dataset.option;
  if (!name) return;
  S.chosen = { ...S.chosen, [name]: event.target.value };
  compileNow({ keepGame: true });
}

// ---------------------------------------------------------------------------------
// The game

/** After a compile: the same moves on the new rules if they are still legal, else the start. */
async function restartGame(state, keep) {
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
function setGame(game, state) {
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
const fullLine = () => [...S.game.moves, ...S.game.redo];

/** Plays `moves` from the game's start; an illegal one leaves the board as it was. */
async function playLine(moves, redo, extra = {}) {
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
function userMove(notation) {
  return enqueue(() => {
    if (!S.game) return;
    S.engineArmed = true;
    const follows = S.game.redo[0] === notation;
    return playLine([...S.game.moves, notation], follows ? S.game.redo.slice(1) : [], follows ? {} : { record: null });
  });
}

/** Goes to ply `n` of the line (0: the start), keeping the rest for redo. */
function goToPly(n) {
  return enqueue(() => {
    if (!S.game) return;
    const line = fullLine();
    n = Math.max(0, Math.min(line.length, n));
    if (n === S.game.moves.length) return;
    S.engineArmed = false;
    return playLine(line.slice(0, n), line.slice(n));
  });
}

/** The side to move at ply `k` of the game (sides alternate, a pass being a move). */
function turnAt(k) {
  const now = S.game.moves.length;
  return (now - k) % 2 === 0 ? S.state.turn : other(S.state.turn);
}

/** Undo: back one ply, or two when that gives the move back to the person at the board. */
function undo() {
  if (!S.game || !S.game.moves.length) return;
  let n = S.game.moves.length - 1;
  const sides = engineSides();
  if (engineLevel() && sides.length === 1 && n > 0 && sides.includes(turnAt(n))) n--;
  goToPly(n);
}

const redo = () => S.game && goToPly(S.game.moves.length + 1);

function newGame() {
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
function setFen(event) {
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
// The engine

function engineLevel() {
  const v = $('engine-level').value;
  return v === 'off' ? 0 : Number(v);
}

function engineSides() {
  const v = $('engine-side').value;
  return v === 'both' ? ['white', 'black'] : v === 'none' ? [] : [v];
}

/** Whether the engine plays the side to move now. */
function engineToMove() {
  const st = S.state;
  return Boolean(
    S.engineArmed && engineLevel() && st && !st.outcome && st.legal?.length && engineSides().includes(st.turn),
  );
}

function scheduleEngine() {
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
async function engineMove(play) {
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

function pauseEngine() {
  S.engineArmed = false;
  S.engineSeq++; // an answer still coming is dropped
  render();
}

function engineNow() {
  S.engineArmed = true;
  if (!S.state || S.state.outcome || S.thinking) return;
  engineMove(true);
}

function engineSettingsChanged() {
  S.engineArmed = true;
  S.engineSeq++;
  render();
  scheduleEngine();
}

// ---------------------------------------------------------------------------------
// Rendering the game

function render() {
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
function renderStatus() {
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

// ---------------------------------------------------------------------------------
// Records

/** Whether a game found no variant of its own (no GameType or an unknown one). */
function needsVariant(g) {
  return !g.variant || ['no-gametype', 'unknown-variant', 'unknown-gametype'].includes(g.error?.code);
}

async function checkRecords() {
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
          ? `✗ ply ${e.ply}${e.move ? `, ${e.move}` : ''}${where}: ${e.reason}`
          : '✗ not valid';
      const variant = g.variant ? `${g.variant}${g.fallback ? ' (the editor’s)' : ''}` : 'no variant';
      const warnings = (g.warnings || []).map((w) => `<li>${escapeHtml(w.code ? `${w.code}: ` : '')}${escapeHtml(w.message)}</li>`);
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
function renderRecordsActive() {
  for (const li of $('records').children) {
    const i = Number(li.dataset.index);
    const active = S.game && S.game.record === i;
    li.classList.toggle('active', active);
    const g = S.records[i];
    li.querySelector('.record-ply').textContent = `${active ? S.game.moves.length : '–'} / ${(g.moves || []).length}`;
  }
}

/** The record's note in #status: the illegal move that comes next, and its reason. */
function recordNote() {
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

function recordClick(event) {
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

async function openPdnFile(file) {
  $('pdn-text').value = await file.text();
  selectTab('records');
  await checkRecords();
}

// ---------------------------------------------------------------------------------
// Judge: the designer's report

async function runJudge(event) {
  event.preventDefault();
  const status = $('judge-status');
  if (!S.live) {
    status.textContent = 'The variant does not compile: fix it first.';
    return;
  }
  const games = intOf($('judge-games'), 10, 1, 200);
  const depth = intOf($('judge-depth'), 2, 1, 6);
  const maxPlies = $('judge-max-plies').value ? intOf($('judge-max-plies'), 0, 1, 100000) : 0;
  const variants = [S.live];
  const second = $('judge-second').value;
  if (second) variants.push({ id: second });
  const progress = $('judge-progress');
  progress.max = games * variants.length;
  progress.value = 0;
  $('judge-run').disabled = true;
  $('judge-downloads').replaceChildren();
  status.textContent = 'Starting…';
  try {
    const { job } = await api.startReport(variants, games, depth, maxPlies || undefined);
    S.report = job;
    pollReport(job);
  } catch (e) {
    status.textContent = e.code === 'busy' ? 'Two reports are running already: try again when one is done.' : `Not started: ${e.message}`;
    $('judge-run').disabled = false;
  }
}

async function pollReport(job) {
  if (S.report !== job) return;
  const status = $('judge-status');
  let r;
  try {
    r = await api.reportStatus(job);
  } catch (e) {
    status.textContent = `The report failed: ${e.message}`;
    $('judge-run').disabled = false;
    return;
  }
  if (S.report !== job) return;
  const progress = $('judge-progress');
  if (r.total) progress.max = r.total;
  progress.value = r.played || 0;
  status.textContent = `${r.played || 0} of ${r.total ?? '?'} games played`;
  if (r.error) {
    status.textContent = `The report failed: ${typeof r.error === 'string' ? r.error : r.error.message || JSON.stringify(r.error)}`;
    $('judge-run').disabled = false;
  } else if (r.done) {
    status.textContent = `Done: ${r.played ?? r.total} games.`;
    progress.value = progress.max;
    $('judge-run').disabled = false;
    showReport(r);
  } else {
    setTimeout(() => pollReport(job), REPORT_POLL_MS);
  }
}

/** The report's page in a sandboxed iframe (no scripts), as tall as its content. */
function showReport(r) {
  const box = $('report');
  const downloads = $('judge-downloads');
  const json = r.json === undefined ? null : typeof r.json === 'string' ? r.json : JSON.stringify(r.json, null, 2);
  if (r.html) {
    const frame = document.createElement('iframe');
    frame.title = 'The designer’s report';
    frame.setAttribute('sandbox', 'allow-same-origin');
    frame.srcdoc = r.html;
    frame.addEventListener('load', () => fitReport());
    box.replaceChildren(frame);
    downloads.append(download(r.html, 'text/html', 'report.html'));
  } else if (json) {
    const pre = document.createElement('pre');
    pre.textContent = json;
    box.replaceChildren(pre);
  }
  if (json) downloads.append(download(json, 'application/json', 'report.json'));
}

function fitReport() {
  const frame = $('report').querySelector('iframe');
  const doc = frame?.contentDocument;
  if (!doc || !doc.documentElement) return;
  const height = doc.documentElement.scrollHeight;
  if (height > 0) frame.style.height = `${height + 20}px`;
}

// ---------------------------------------------------------------------------------
// Tabs

const TABS = ['play', 'records', 'judge'];

function selectTab(name) {
  for (const t of TABS) {
    const tab = $(`tab-${t}`);
    const on = t === name;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    $(`panel-${t}`).hidden = !on;
  }
  $('workspace').classList.toggle('wide', name === 'judge');
  if (name === 'judge') fitReport();
}

function tabKeys(event) {
  const i = TABS.findIndex((t) => $(`tab-${t}`) === event.target);
  if (i < 0) return;
  const j = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[event.key];
  if (j === undefined) return;
  event.preventDefault();
  const t = TABS[(j + TABS.length) % TABS.length];
  selectTab(t);
  $(`tab-${t}`).focus();
}

/** ← → Home End step through the game when no field has the focus. */
function globalKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const t = event.target;
  if (t.closest && t.closest('input, textarea, select, [role="tab"], [role="dialog"]')) return;
  const action = { ArrowLeft: undo, ArrowRight: redo, Home: () => goToPly(0), End: () => S.game && goToPly(fullLine().length) }[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}

// ---------------------------------------------------------------------------------
// Wiring

function init() {
  editor = new Editor({
    textarea: $('editor'),
    backdrop: $('editor-backdrop'),
    gutter: $('gutter'),
    cursor: $('cursor-pos'),
    list: $('diagnostics'),
  });
  editor.onChange = scheduleCompile;
  board = new Board($('board'), $('route-chooser'), {
    onMove: (m) => userMove(m.notation),
    onMessage: (text) => say(text, 'info'),
  });

  $('variant').addEventListener('change', (e) => loadShipped(e.target.value));
  $('variant-file').addEventListener('change', (e) => {
    const file = e.target.files[0];
    if (file) openVariantFile(file);
    e.target.value = '';
  });
  $('restore-text').addEventListener('click', restoreEdits);
  $('options').addEventListener('change', optionChanged);

  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('first').addEventListener('click', () => goToPly(0));
  $('last').addEventListener('click', () => S.game && goToPly(fullLine().length));
  $('new-game').addEventListener('click', newGame);
  $('flip').addEventListener('click', () => {
    const on = !$('board').classList.contains('flipped');
    board.setFlipped(on);
    $('flip').setAttribute('aria-pressed', String(on));
  });
  $('copy-fen').addEventListener('click', () => S.state && copyText(S.state.fen, 'FEN'));
  $('copy-pdn').addEventListener('click', () => S.state && copyText(S.state.pdn, 'PDN'));
  $('fen-form').addEventListener('submit', setFen);
  $('fen').addEventListener('input', () => {
    $('fen').dataset.edited = '1';
    $('fen').classList.remove('invalid');
  });

  $('moves').addEventListener('click', plyClick);
  $('moves-future').addEventListener('click', plyClick);
  $('start-ply').addEventListener('click', () => goToPly(0));
  $('move-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('move-input');
    const move = input.value.trim();
    if (!move) return;
    input.value = '';
    userMove(move);
  });

  $('engine-level').addEventListener('change', engineSettingsChanged);
  $('engine-side').addEventListener('change', engineSettingsChanged);
  $('engine-go').addEventListener('click', engineNow);
  $('engine-hint').addEventListener('click', () => engineMove(false));
  $('engine-stop').addEventListener('click', pauseEngine);

  $('pdn-file').addEventListener('change', (e) => {
    const file = e.target.files[0];
    if (file) openPdnFile(file);
    e.target.value = '';
  });
  $('records-check').addEventListener('click', checkRecords);
  $('records').addEventListener('click', recordClick);

  $('judge-form').addEventListener('submit', runJudge);
  window.addEventListener('resize', fitReport);

  for (const t of TABS) $(`tab-${t}`).addEventListener('click', () => selectTab(t));
  document.querySelector('[role="tablist"]').addEventListener('keydown', tabKeys);
  document.addEventListener('keydown', globalKeys);

  loadVariantList();
}

function plyClick(event) {
  const button = event.target.closest('[data-ply]');
  if (button) goToPly(Number(button.dataset.ply));
}

init();
