// The board: the server's SVG picture of the position, made clickable.
//
// Every cell of the picture carries data-square="NAME" (an occupied one also
// data-piece="white-man"). One click handler on the container finds the cell under the
// pointer; clicking a piece that can move marks its destinations, clicking a marked
// destination plays the move, and a destination reached by several routes opens a small
// chooser. Marks are drawn in an overlay group added to the SVG (pointer-events: none),
// and the cells get the classes `selected`, `target`, `movable` for styling and tests.
//
// The board is shown with the generation of the game it draws, and a move played on it
// carries that generation: the game refuses a move made on a board that is not its
// latest. The cells take the keyboard's focus (one of them in the tab order at a time):
// arrow keys move between them as they lie on the screen, Enter or Space does what a
// click does, and each cell's aria-label names its square, its piece and what it offers.

import { escapeHtml } from './editor.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The square name an element stands for, if any. */
function squareOf(el) {
  if (!el || !el.closest) return null;
  const cell = el.closest('[data-square], [data-cell]');
  if (!cell) return null;
  return cell.getAttribute('data-square') ?? cell.getAttribute('data-cell');
}

/** "a→b→c" for a move's path. */
export function describeRoute(move) {
  const path = (move.path && move.path.length ? move.path : [move.from, move.to]).join(' → ');
  const taken = move.captured && move.captured.length ? `, takes ${move.captured.join(', ')}` : '';
  // Pieces taken off by huffing, apart from those captured.
  const removed = move.removed && move.removed.length ? `, removes ${move.removed.join(', ')}` : '';
  return `${path}${taken}${removed}`;
}

export class Board {
  /**
   * @param {HTMLElement} el       the #board container
   * @param {HTMLElement} chooser  the route chooser's container
   * @param {object} handlers      onMove(move, gen): a move played on the board of
   *                                generation `gen`; onMessage(text)
   */
  constructor(el, chooser, handlers) {
    this.el = el;
    this.chooser = chooser;
    this.onMove = handlers.onMove;
    this.onMessage = handlers.onMessage;
    this.state = null;
    this.gen = 0;
    this.selected = null;
    this.interactive = true;
    this.why = '';
    this.focused = null; // the square that has (or last had) the keyboard's focus
    el.addEventListener('click', (event) => this.click(event));
    el.addEventListener('keydown', (event) => this.key(event));
    el.addEventListener('focusin', (event) => {
      const square = squareOf(event.target);
      if (square !== null) this.rove(square);
    });
    chooser.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.closeChooser();
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && (this.selected !== null || !this.chooser.hidden)) this.clearSelection();
    });
  }

  /**
   * Shows a state's picture, the game's generation `gen`; `interactive` false: clicks
   * only explain why not (`why`).
   */
  show(state, interactive = true, gen = 0, why = '') {
    const hadFocus = this.el.contains(document.activeElement);
    this.state = state;
    this.gen = gen;
    this.selected = null;
    this.closeChooser();
    this.el.innerHTML = state?.svg || '';
    const svg = this.svg();
    if (svg) {
      svg.setAttribute('role', 'group');
      svg.setAttribute('aria-label', `Board: ${state.fen}`);
      // The picture scales with its container.
      svg.removeAttribute('width');
      svg.removeAttribute('height');
    }
    for (const cell of this.el.querySelectorAll('[data-square]')) {
      cell.setAttribute('tabindex', '-1');
      cell.setAttribute('role', 'button');
    }
    this.setInteractive(interactive, why);
    const keep = this.focused !== null && this.cell(this.focused) ? this.focused : null;
    this.rove(keep ?? this.el.querySelector('.movable')?.dataset.square ?? this.el.querySelector('[data-square]')?.dataset.square ?? null);
    if (hadFocus) this.cell(this.focused)?.focus();
  }

  /** Whether the board takes moves; when it does not, `why` is what a click is told. */
  setInteractive(interactive, why = '') {
    this.interactive = interactive;
    this.why = why;
    this.el.classList.toggle('interactive', interactive);
    if (interactive) {
      this.markMovable();
    } else {
      this.clearSelection();
      for (const el of this.el.querySelectorAll('.movable')) el.classList.remove('movable');
    }
    this.label();
  }

  svg() {
    return this.el.querySelector('svg');
  }

  setFlipped(flipped) {
    this.el.classList.toggle('flipped', flipped);
  }

  get legal() {
    return this.state?.legal || [];
  }

  /** The elements of a square: the cell first, a piece drawn on it after. */
  cells(name) {
    const all = [...this.el.querySelectorAll(`[data-square="${CSS.escape(name)}"]`)];
    return all.length ? all : [...this.el.querySelectorAll(`[data-cell="${CSS.escape(name)}"]`)];
  }

  /** The centre and size of a square in the SVG's units. */
  geometry(name) {
    const els = this.cells(name);
    const cell = els.find((e) => !e.classList.contains('piece') && e.tagName.toLowerCase() !== 'g') || els[0];
    if (!cell || typeof cell.getBBox !== 'function') return null;
    try {
      const b = cell.getBBox();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2, size: Math.min(b.width, b.height) || 40 };
    } catch {
      return null;
    }
  }

  /** The square under a click: the clicked element's, or any under the pointer. */
  squareAt(event) {
    const direct = squareOf(event.target);
    if (direct !== null) return direct;
    for (const el of document.elementsFromPoint(event.clientX, event.clientY)) {
      if (!this.el.contains(el)) continue;
      const name = squareOf(el);
      if (name !== null) return name;
    }
    return null;
  }

  click(event) {
    if (!this.state) return;
    const square = this.squareAt(event);
    if (square === null) {
      this.clearSelection();
      return;
    }
    this.activate(square);
  }

  /** What a click on `square` (or Enter on it) does. */
  activate(square) {
    if (!this.interactive) {
      this.onMessage(this.why || (this.state.outcome ? 'The game is over.' : 'Wait: the engine is to move.'));
      return;
    }
    // A destination of the selected piece: play it (or choose the route).
    if (this.selected !== null) {
      const moves = this.legal.filter((m) => m.from === this.selected && m.to === square);
      if (moves.length === 1) {
        this.play(moves[0]);
        return;
      }
      if (moves.length > 1) {
        this.openChooser(moves);
        return;
      }
    }
    // A piece that can move: select it.
    if (square !== this.selected && this.legal.some((m) => m.from === square)) {
      this.select(square);
      return;
    }
    const wasSelected = this.selected === square;
    this.clearSelection();
    if (!wasSelected) this.explain(square);
  }

  /** Why a click on `square` selected nothing. */
  explain(square) {
    const piece = this.cells(square).map((e) => e.getAttribute('data-piece')).find(Boolean);
    const turn = this.state.turn;
    if (!piece || this.legal.length === 0) return;
    if (!piece.startsWith(turn)) {
      this.onMessage(`${capital(turn)} is to move.`);
    } else if (this.legal.some((m) => m.captured && m.captured.length)) {
      const from = [...new Set(this.legal.map((m) => m.from))].join(', ');
      this.onMessage(`A capture is compulsory: move from ${from}.`);
    } else {
      this.onMessage(`The piece on ${square} cannot move.`);
    }
  }

  select(square) {
    this.clearSelection();
    this.selected = square;
    const moves = this.legal.filter((m) => m.from === square);
    for (const el of this.cells(square)) el.classList.add('selected');
    const targets = new Map();
    for (const m of moves) targets.set(m.to, targets.get(m.to) || (m.captured && m.captured.length > 0));
    for (const [to, capture] of targets) {
      for (const el of this.cells(to)) el.classList.add('target');
      this.drawTarget(to, capture);
    }
    this.drawSelected(square);
    this.label();
  }

  clearSelection() {
    this.selected = null;
    this.closeChooser();
    for (const el of this.el.querySelectorAll('.selected, .target')) el.classList.remove('selected', 'target');
    this.overlay(true);
    this.label();
  }

  play(move) {
    this.clearSelection();
    this.onMove(move, this.gen);
  }

  /** Pieces that have a legal move get the class `movable` (a pointer cursor). */
  markMovable() {
    if (!this.interactive) return;
    for (const from of new Set(this.legal.map((m) => m.from))) {
      for (const el of this.cells(from)) el.classList.add('movable');
    }
  }

  // ---- the keyboard ----

  /** The focusable cell of a square. */
  cell(name) {
    return name === null ? null : this.el.querySelector(`[data-square="${CSS.escape(name)}"]`);
  }

  /** Puts `square` in the tab order (the one cell of the board that is). */
  rove(square) {
    if (square === null || !this.cell(square)) return;
    this.cell(this.focused)?.setAttribute('tabindex', '-1');
    this.focused = square;
    this.cell(square).setAttribute('tabindex', '0');
  }

  /** Enter or Space: a click; the arrow keys: the next cell that way on the screen. */
  key(event) {
    const square = squareOf(event.target);
    if (square === null || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.state) this.activate(square);
      return;
    }
    const way = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!way) return;
    event.preventDefault();
    const next = this.neighbour(square, way);
    if (next !== null) {
      this.rove(next);
      this.cell(next).focus();
    }
  }

  /**
   * The next cell from `square` that way on the screen (a turned board too): ← → the
   * nearest along its row; ↑ ↓ the nearest in the next row, the leftmost of two as near.
   */
  neighbour(square, [dx, dy]) {
    const at = (el) => {
      const r = el.getBoundingClientRect();
      return { name: el.dataset.square, x: r.left + r.width / 2, y: r.top + r.height / 2, h: r.height };
    };
    const me = at(this.cell(square));
    const all = [...this.el.querySelectorAll('[data-square]')].map(at);
    // A quarter of a cell's height tells rows apart: hexagons' rows are half a cell apart.
    const sameRow = (c, y) => Math.abs(c.y - y) < me.h / 4;
    let candidates;
    if (dx) {
      candidates = all.filter((c) => sameRow(c, me.y) && (c.x - me.x) * dx > 1);
    } else {
      const ahead = all.filter((c) => (c.y - me.y) * dy > me.h / 4);
      if (!ahead.length) return null;
      const row = ahead.reduce((a, c) => (Math.abs(c.y - me.y) < Math.abs(a.y - me.y) ? c : a)).y;
      candidates = ahead.filter((c) => sameRow(c, row));
    }
    const distance = (c) => Math.abs(c.x - me.x);
    candidates.sort((a, b) => distance(a) - distance(b) || a.x - b.x);
    return candidates[0]?.name ?? null;
  }

  /** Each cell's aria-label: its square, its piece, and what it offers now. */
  label() {
    for (const el of this.el.querySelectorAll('[data-square]')) {
      const piece = el.getAttribute('data-piece');
      const parts = [`${el.dataset.square}: ${piece ? piece.replace('-', ' ') : 'empty'}`];
      if (el.classList.contains('selected')) parts.push('selected');
      else if (el.classList.contains('target')) parts.push(`a move of ${this.selected} goes here`);
      else if (el.classList.contains('movable')) parts.push('can move');
      el.setAttribute('aria-label', parts.join(', '));
    }
  }

  // ---- the overlay ----

  /** The overlay group of the SVG (emptied when `clear`), created on first use. */
  overlay(clear = false) {
    const svg = this.svg();
    if (!svg) return null;
    let g = svg.querySelector('g.studio-overlay');
    if (!g) {
      g = document.createElementNS(SVG_NS, 'g');
      g.setAttribute('class', 'studio-overlay');
      g.setAttribute('pointer-events', 'none');
      svg.appendChild(g);
    }
    if (clear) g.replaceChildren();
    return g;
  }

  shape(tag, attrs, cls) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (cls) el.setAttribute('class', cls);
    this.overlay()?.appendChild(el);
    return el;
  }

  drawSelected(square) {
    const at = this.geometry(square);
    if (at) this.shape('circle', { cx: at.x, cy: at.y, r: at.size * 0.44 }, 'mark-selected');
  }

  drawTarget(square, capture) {
    const at = this.geometry(square);
    if (!at) return;
    if (capture) this.shape('circle', { cx: at.x, cy: at.y, r: at.size * 0.3 }, 'mark-target capture');
    else this.shape('circle', { cx: at.x, cy: at.y, r: at.size * 0.16 }, 'mark-target');
  }

  /** A move's route as a line with an arrow head (a hint, or a route in the chooser). */
  drawRoute(move, cls = 'mark-route') {
    const path = move.path && move.path.length ? move.path : [move.from, move.to];
    const points = path.map((s) => this.geometry(s)).filter(Boolean);
    if (points.length < 2) return;
    const size = points[0].size;
    this.shape('polyline', { points: points.map((p) => `${p.x},${p.y}`).join(' '), 'stroke-width': size * 0.12 }, cls);
    const [a, b] = points.slice(-2);
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const len = size * 0.32;
    const head = [
      [b.x, b.y],
      [b.x - len * Math.cos(angle - 0.5), b.y - len * Math.sin(angle - 0.5)],
      [b.x - len * Math.cos(angle + 0.5), b.y - len * Math.sin(angle + 0.5)],
    ];
    this.shape('polygon', { points: head.map((p) => p.join(',')).join(' ') }, `${cls}-head`);
    for (const c of [...(move.captured || []), ...(move.removed || [])]) {
      const at = this.geometry(c);
      if (at) this.shape('circle', { cx: at.x, cy: at.y, r: at.size * 0.38 }, `${cls}-taken`);
    }
  }

  /** Shows a suggested move (the engine's hint) as an arrow. */
  showHint(notation) {
    this.clearSelection();
    const move = this.legal.find((m) => m.notation === notation);
    if (move) this.drawRoute(move, 'mark-hint');
  }

  // ---- the route chooser ----

  openChooser(moves) {
    this.chooser.innerHTML =
      `<p class="chooser-title">Several routes reach ${escapeHtml(moves[0].to)}: which one?</p>` +
      moves
        .map(
          (m, i) =>
            `<button type="button" class="button route" data-i="${i}">` +
            `<strong>${escapeHtml(m.notation)}</strong> <span>${escapeHtml(describeRoute(m))}</span></button>`,
        )
        .join('') +
      `<button type="button" class="button subtle" data-cancel>Cancel</button>`;
    this.chooser.hidden = false;
    const redraw = (m) => {
      this.overlay(true);
      this.drawSelected(this.selected);
      if (m) this.drawRoute(m);
    };
    for (const button of this.chooser.querySelectorAll('button.route')) {
      const m = moves[Number(button.dataset.i)];
      button.addEventListener('mouseenter', () => redraw(m));
      button.addEventListener('focus', () => redraw(m));
      button.addEventListener('click', () => this.play(m));
    }
    this.chooser.querySelector('[data-cancel]').addEventListener('click', () => this.clearSelection());
    this.chooser.querySelector('button')?.focus();
  }

  closeChooser() {
    if (this.chooser.hidden) return;
    this.chooser.hidden = true;
    this.chooser.replaceChildren();
  }
}

function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}
