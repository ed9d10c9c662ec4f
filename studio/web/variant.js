// The variant: the shipped list, loading one (or a file) into the editor, compiling the
// editor's text as one types (debounced), its diagnostics marked and its options offered.
// What last compiled is `S.live`, the variant the board plays.

import * as api from './api.js';
import { $, S, editor, enqueue, say } from './app.js';
import { restartGame } from './game.js';

const COMPILE_DELAY_MS = 300;

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
  compileNow({ keepGame: true });
}
