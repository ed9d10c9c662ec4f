// polydame studio: the page's logic, one module per part of the page.
//
//   variant.js  the variant file, compiled as you type (debounced), its diagnostics marked
//   game.js     the game on the variant that last compiled: click to play, undo/redo, FEN
//   engine.js   the generic player on either side, its line and score
//   records.js  a PDN's games checked, each one stepped through on the board
//   judge.js    the designer's report, polled until done, shown in an iframe
//
// This module holds what they share (the state, the editor, the board, a few helpers),
// the tabs, and the wiring of the page's controls to those parts.
//
// One `S` object holds the page's state; every change of the game is queued work
// (`enqueue`) that ends in `setGame` (game.js), which redraws everything from it
// (`render`): game.js says how the game, its changes and the engine fit together.
//
// The modules import each other (the game is drawn with the engine's and the records'
// state, and they change the game): they call each other only once the page is wired,
// when every module has been evaluated, so the cycles are harmless.

import { Editor } from './editor.js';
import { Board } from './board.js';
import { loadVariantList, loadShipped, openVariantFile, restoreEdits, scheduleCompile, optionChanged } from './variant.js';
import { userMove, goToPly, undo, redo, toEnd, newGame, setFen, renderStatus, settle, refresh } from './game.js';
import { engineMove, engineNow, pauseEngine, engineSettingsChanged, cancelSearch } from './engine.js';
import { checkRecords, recordClick, openPdnFile, pdnEdited } from './records.js';
import { runJudge, cancelJudge, fitReport } from './judge.js';
import { wireDrops } from './drop.js';

export const $ = (id) => document.getElementById(id);

export const S = {
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
  gen: 0, //                the game's generation: bumps with every change of the game
  pending: 0, //            changes of the game asked and not yet done
  search: null, //          the engine's search in flight: {gen, controller}
  engineTimer: null, //     the engine's start, after a short pause
  engineArmed: true, //     false after undo/redo: the engine waits for a move or a click
  message: null, //         {text, kind}: shown in #status until the game changes
  records: [], //           the checked games
  pdnFile: null, //         the PDN file opened, as sent: {name, base64, size}
  report: null, //          the report job being polled
  discarded: null, //       the edited text that the last load replaced
  unsaved: false, //        the editor's edits could not be kept in the browser's storage
  queue: Promise.resolve(), // game changes, one at a time
};

export let editor;
export let board;

// ---------------------------------------------------------------------------------
// Small helpers

/**
 * Runs a change of the game after those asked before, one at a time. Asking for it
 * cancels the engine's search (it was about the game as it is), and the board takes no
 * move until every change asked is done; then the game settles (game.js).
 */
export function enqueue(work) {
  S.pending++;
  cancelSearch();
  refresh();
  S.queue = S.queue
    .then(work)
    .catch((e) => say(e.message))
    .finally(() => {
      S.pending--;
      if (!S.pending) settle();
    });
  return S.queue;
}

export const capital = (w) => (w ? w[0].toUpperCase() + w.slice(1) : w);

/** A message in #status: `error` (red), `info`. Cleared when the game changes. */
export function say(text, kind = 'error') {
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

// ---------------------------------------------------------------------------------
// Tabs

const TABS = ['play', 'records', 'judge'];

export function selectTab(name) {
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

/** ← → Home End step through the game when no field (nor the board) has the focus. */
function globalKeys(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const t = event.target;
  if (t.closest && t.closest('input, textarea, select, [role="tab"], [role="dialog"], #board')) return;
  const action = { ArrowLeft: undo, ArrowRight: redo, Home: () => goToPly(0), End: toEnd }[event.key];
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
    onMove: (m, gen) => userMove(m.notation, gen),
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
  $('last').addEventListener('click', toEnd);
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
  $('pdn-text').addEventListener('input', pdnEdited);
  $('records-check').addEventListener('click', checkRecords);
  $('records').addEventListener('click', recordClick);

  $('judge-form').addEventListener('submit', runJudge);
  $('judge-cancel').addEventListener('click', cancelJudge);
  window.addEventListener('resize', fitReport);

  for (const t of TABS) $(`tab-${t}`).addEventListener('click', () => selectTab(t));
  document.querySelector('[role="tablist"]').addEventListener('keydown', tabKeys);
  document.addEventListener('keydown', globalKeys);
  wireDrops();
  // Edits the browser could not keep are lost on leaving: say so before.
  window.addEventListener('beforeunload', (event) => {
    if (!S.unsaved) return;
    event.preventDefault();
    event.returnValue = '';
  });

  loadVariantList();
}

function plyClick(event) {
  const button = event.target.closest('[data-ply]');
  if (button) goToPly(Number(button.dataset.ply));
}

init();
