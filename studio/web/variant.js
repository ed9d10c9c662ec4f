// The variant: the shipped list, loading one (or a file) into the editor, compiling the
// editor's text as one types (debounced), its diagnostics marked and its options offered.
// What last compiled is `S.live`, the variant the board plays.
//
// The editor's text, while it differs from what was loaded, is kept in the browser's
// storage (with the variant it came from and the options chosen), and a reload brings
// it back, saying so. Only if it could not be kept does leaving the page ask first.

import * as api from './api.js';
import { $, S, editor, enqueue, say } from './app.js';
import { restartGame } from './game.js';

const COMPILE_DELAY_MS = 300;
/** The key of the editor's edits in the browser's storage. */
const STORE = 'polydame-studio:editor';

export async function loadVariantList() {
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
  const kept = keptEdits();
  if (kept && (!fromHash || fromHash === kept.loadedId)) {
    await restoreKept(kept);
    return;
  }
  const initial = [fromHash, 'international', list[0]?.id].find((id) => id && list.some((v) => v.id === id));
  if (initial) {
    $('variant').value = initial;
    await loadShipped(initial);
  }
  if (kept) {
    // The address names another variant: the edits kept wait behind "Restore edits".
    S.discarded = { ...kept, loadedText: await loadedTextOf(kept) };
    $('restore-text').hidden = false;
  }
}

// ---------------------------------------------------------------------------------
// The edits kept across reloads

/** Keeps the editor's text in the browser's storage while it is edited; forgets it once
 * it is what was loaded. `S.unsaved` says when it could not be kept. */
function keepEdits() {
  const edited = editor.text !== S.loadedText && editor.text.trim() !== '';
  try {
    if (edited) {
      const kept = { text: editor.text, name: S.fileName, loadedId: S.loadedId, chosen: S.chosen };
      // A shipped variant's text is the server's; a file's is kept to tell the edits.
      if (!S.loadedId) kept.loadedText = S.loadedText;
      localStorage.setItem(STORE, JSON.stringify(kept));
    } else {
      localStorage.removeItem(STORE);
    }
    S.unsaved = false;
  } catch {
    S.unsaved = edited;
  }
}

/** The edits kept by an earlier visit, if any. */
function keptEdits() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) || 'null');
    return kept && typeof kept.text === 'string' && typeof kept.name === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** The text the kept edits were made to: the shipped variant's, or the file's as kept. */
async function loadedTextOf(kept) {
  if (!kept.loadedId) return kept.loadedText ?? '';
  try {
    return (await api.variantText(kept.loadedId)).text;
  } catch {
    return '';
  }
}

/** Puts the kept edits back in the editor, and says so. */
async function restoreKept(kept) {
  const loadedText = await loadedTextOf(kept);
  if (kept.loadedId && S.variants.some((v) => v.id === kept.loadedId)) {
    $('variant').value = kept.loadedId;
    history.replaceState(null, '', `#variant=${encodeURIComponent(kept.loadedId)}`);
  }
  await openText(kept.text, kept.name, kept.loadedId || null, loadedText, kept.chosen || {});
  editorNote(`Your edits of ${kept.name} are back: this browser keeps them until you load another variant or file.`);
}

/** A word under the editor's toolbar (none: hidden). */
function editorNote(text) {
  const note = $('editor-note');
  note.textContent = text || '';
  note.hidden = !text;
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
  editorNote('');
  keepEdits();
  return compileNow({ keepGame: false });
}

export async function loadShipped(id) {
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

export async function openVariantFile(file) {
  const text = await file.text();
  S.loadSeq++;
  rememberEdits();
  await openText(text, file.name, null);
}

export function restoreEdits() {
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

export function scheduleCompile() {
  showFileName();
  keepEdits();
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

export function optionChanged(event) {
  const name = event.target.dataset.option;
  if (!name) return;
  S.chosen = { ...S.chosen, [name]: event.target.value };
  keepEdits();
  compileNow({ keepGame: true });
}
