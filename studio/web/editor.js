// The variant file editor: a plain <textarea> over a "backdrop" that repeats its text
// with the diagnostics' spans wrapped in <mark>, a gutter of line numbers, and the list
// of diagnostics under it.
//
// The textarea does the editing (native undo, selection, accessibility); the backdrop
// only draws. Both use the same font, padding and no wrapping, and the backdrop follows
// the textarea's scrolling, so a mark sits exactly under its characters.

/** HTML-escapes a text. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * The offset in `text` (UTF-16 units, as JavaScript strings count) of a 1-based line and
 * column, the column counted in characters (Unicode scalar values) as the server counts
 * it. Past the end of a line: the line's end.
 */
export function offsetOf(text, line, column) {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  for (let c = 1; c < column && at < text.length && text[at] !== '\n'; c++) {
    const code = text.codePointAt(at);
    at += code > 0xffff ? 2 : 1;
  }
  return at;
}

/** The 1-based line and column (in characters) of an offset. */
export function lineColumnOf(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const column = Array.from(before.slice(lineStart)).length + 1;
  return { line, column };
}

export class Editor {
  /**
   * @param {object} els  textarea, backdrop, gutter, cursor (the "Ln, Col" element),
   *                      list (the diagnostics list)
   */
  constructor(els) {
    this.textarea = els.textarea;
    this.backdrop = els.backdrop;
    this.marks = els.backdrop.querySelector('.editor-marks');
    this.gutter = els.gutter;
    this.cursor = els.cursor;
    this.list = els.list;
    this.diagnostics = [];
    this.current = 0; // the diagnostic whose span is marked strongest
    this.onChange = () => {};

    this.textarea.addEventListener('input', () => {
      this.render();
      this.onChange(this.text);
    });
    this.textarea.addEventListener('scroll', () => this.syncScroll());
    for (const type of ['keyup', 'click', 'select', 'focus']) {
      this.textarea.addEventListener(type, () => this.showCursor());
    }
    this.list.addEventListener('click', (event) => {
      const item = event.target.closest('[data-index]');
      if (item) this.selectDiagnostic(Number(item.dataset.index));
    });
    this.list.addEventListener('keydown', (event) => {
      const item = event.target.closest('[data-index]');
      if (item && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        this.selectDiagnostic(Number(item.dataset.index));
      }
    });
    this.render();
  }

  get text() {
    return this.textarea.value;
  }

  /** Replaces the whole text (a file opened or a variant chosen). */
  set text(value) {
    this.textarea.value = value;
    this.textarea.scrollTop = 0;
    this.textarea.scrollLeft = 0;
    this.setDiagnostics([]);
    this.syncScroll();
  }

  /** Shows the diagnostics of the last compile: the list, the marks, the gutter. */
  setDiagnostics(diagnostics) {
    this.diagnostics = diagnostics || [];
    this.current = 0;
    this.renderList();
    this.render();
  }

  /** The list under the editor: one item per diagnostic, "line:column", message, help. */
  renderList() {
    this.list.replaceChildren(
      ...this.diagnostics.map((d, i) => {
        const item = document.createElement('li');
        item.className = `diagnostic ${d.kind === 'warning' ? 'warning' : 'error'}`;
        item.dataset.index = String(i);
        item.tabIndex = 0;
        item.title = 'Show this span in the editor';
        const where = `${d.line}:${d.column}`;
        item.innerHTML =
          `<span class="where">${escapeHtml(where)}</span> ` +
          `<span class="kind">${escapeHtml(d.kind || 'error')}:</span> ` +
          `<span class="message">${escapeHtml(d.message || '')}</span>` +
          (d.label ? `<span class="label"> (${escapeHtml(d.label)})</span>` : '') +
          (d.help ? `<div class="help">help: ${escapeHtml(d.help)}</div>` : '');
        if (i === this.current) item.classList.add('current');
        return item;
      }),
    );
  }

  /** The span of a diagnostic as offsets in the text; an empty span stays empty. */
  span(d) {
    const text = this.text;
    const start = offsetOf(text, d.line, d.column);
    const end = d.end_line ? offsetOf(text, d.end_line, d.end_column) : start;
    return { start, end: Math.max(start, end) };
  }

  /** Draws the backdrop (the marks) and the gutter (line numbers, faulty lines). */
  render() {
    const text = this.text;
    const spans = this.diagnostics
      .map((d, i) => ({ ...this.span(d), i, kind: d.kind === 'warning' ? 'warning' : 'error' }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    let html = '';
    let at = 0;
    for (const s of spans) {
      if (s.start < at) continue; // overlapping spans: the first one wins
      html += escapeHtml(text.slice(at, s.start));
      const cls = `${s.kind}${s.i === this.current ? ' current' : ''}`;
      // A span that is empty or only a line break: a caret-like mark where it begins.
      const inner = text.slice(s.start, s.end);
      if (/^\n*$/.test(inner)) {
        html += `<mark class="point ${cls}"></mark>`;
        at = s.start;
      } else {
        html += `<mark class="${cls}">${escapeHtml(inner)}</mark>`;
        at = s.start + inner.length;
      }
    }
    html += escapeHtml(text.slice(at));
    // A final line break and some room: the backdrop scrolls as far as the textarea.
    this.marks.innerHTML = html + '\n\n\n';
    this.renderGutter();
    this.syncScroll();
  }

  renderGutter() {
    const lines = this.text.split('\n').length;
    const faulty = new Map();
    for (const [i, d] of this.diagnostics.entries()) {
      for (let l = d.line; l <= Math.max(d.line, d.end_line || d.line); l++) {
        if (!faulty.has(l) || i === this.current) faulty.set(l, i === this.current ? 'current' : 'faulty');
      }
    }
    let html = '';
    for (let l = 1; l <= lines; l++) {
      const cls = faulty.get(l);
      html += cls ? `<span class="${cls}">${l}</span>\n` : `${l}\n`;
    }
    this.gutter.innerHTML = html + '\n\n\n';
  }

  syncScroll() {
    this.backdrop.scrollTop = this.textarea.scrollTop;
    this.backdrop.scrollLeft = this.textarea.scrollLeft;
    this.gutter.scrollTop = this.textarea.scrollTop;
  }

  /** Marks diagnostic `i` strongest, selects its span in the textarea and scrolls to it. */
  selectDiagnostic(i) {
    const d = this.diagnostics[i];
    if (!d) return;
    this.current = i;
    this.renderList();
    this.render();
    const { start, end } = this.span(d);
    this.textarea.focus({ preventScroll: true });
    this.textarea.setSelectionRange(start, Math.max(end, start));
    this.scrollToMark();
    this.showCursor();
  }

  /**
   * Scrolls the textarea so that the strongest mark is in view: about a third from the
   * top, and horizontally inside the visible part (the backdrop and the textarea share
   * their coordinates, so the mark's own offsets say where it is).
   */
  scrollToMark() {
    const mark = this.marks.querySelector('mark.current');
    if (!mark) return;
    const t = this.textarea;
    t.scrollTop = Math.max(0, mark.offsetTop - t.clientHeight / 3);
    const left = mark.offsetLeft;
    const right = left + mark.offsetWidth;
    if (left < t.scrollLeft + 20 || right > t.scrollLeft + t.clientWidth - 20) {
      t.scrollLeft = Math.max(0, left - t.clientWidth / 2);
    }
    this.syncScroll();
  }

  /** "Ln 3, Col 7" under the editor. */
  showCursor() {
    const { line, column } = lineColumnOf(this.text, this.textarea.selectionStart);
    this.cursor.textContent = `Ln ${line}, Col ${column}`;
  }
}
