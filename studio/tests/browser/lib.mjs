// Helpers of the browser test (e2e.mjs and its step modules): conditions waited for with
// what the page shows instead on a timeout, and what a person does on the board.

/** One condition: generous, bounded. */
export const WAIT = 15_000;
/** An engine answer (at most 3 s of search) or a report. */
export const ENGINE_WAIT = 30_000;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class StepError extends Error {}

/** Fails the step with `message` unless `ok`. */
export function check(ok, message) {
  if (!ok) throw new StepError(message);
}

/**
 * Waits until `fn(arg)` (run in the page) is truthy; on timeout fails with `what` and
 * the value of `show(arg)` (also run in the page), what the person sees instead.
 */
export async function waitUntil(page, what, fn, arg, { timeout = WAIT, show } = {}) {
  try {
    return await page.waitForFunction(fn, arg, { timeout, polling: 100 });
  } catch (e) {
    if (!/Timeout/i.test(e.message)) throw e;
    let seen = '';
    if (show) {
      try {
        seen = `; the page shows: ${JSON.stringify(await page.evaluate(show, arg))}`;
      } catch {
        // nothing more to say
      }
    }
    throw new StepError(`timed out after ${timeout / 1000} s waiting for ${what}${seen}`);
  }
}

export const text = (page, sel) => page.locator(sel).first().textContent({ timeout: WAIT }).then((t) => (t || '').trim());
export const count = (page, sel) => page.locator(sel).count();

/** What the board shows: the number of cells and pieces, the FEN, the status. */
export const boardSeen = () => ({
  squares: document.querySelectorAll('#board [data-square]').length,
  pieces: document.querySelectorAll('#board [data-piece]').length,
  fen: document.getElementById('fen').value,
  status: document.getElementById('status').textContent.trim(),
  moves: [...document.querySelectorAll('#moves [data-ply]')].map((b) => b.textContent.trim()),
});

/** The number of plies listed in #moves. */
export const plies = (page) => count(page, '#moves [data-ply]');

/** Waits until the board takes clicks (no engine thinking, game not over). */
export function boardReady(page) {
  return waitUntil(page, 'the board to take clicks (#board.interactive)', () => document.querySelector('#board.interactive svg [data-square]'), null, {
    timeout: ENGINE_WAIT,
    show: boardSeen,
  });
}

/** Clicks a cell of the board by its name. */
export async function clickSquare(page, name) {
  await page.locator(`#board [data-square="${name}"]`).click({ timeout: WAIT });
}

/** Plays a move by two clicks: the piece, then its destination (marked as a target). */
export async function playByClicks(page, from, to) {
  await boardReady(page);
  await clickSquare(page, from);
  await waitUntil(
    page,
    `${from} to be selected with ${to} among its targets`,
    ([f, t]) =>
      document.querySelector(`#board [data-square="${f}"].selected`) && document.querySelector(`#board [data-square="${t}"].target`),
    [from, to],
    {
      show: () => ({
        selected: [...document.querySelectorAll('#board .selected')].map((e) => e.dataset.square),
        targets: [...document.querySelectorAll('#board .target')].map((e) => e.dataset.square),
        status: document.getElementById('status').textContent.trim(),
      }),
    },
  );
  await clickSquare(page, to);
}

/** Loads a shipped variant with the #variant select; waits for its board. */
export async function pickVariant(page, id, squares, pieces) {
  // The picture shown now is marked: the variant's board is a new one.
  await page.evaluate(() => {
    const svg = document.querySelector('#board svg');
    if (svg) svg.dataset.e2eOld = '1';
  });
  await page.selectOption('#variant', id, { timeout: WAIT });
  await waitUntil(
    page,
    `${id}'s board (${squares} cells, ${pieces} pieces) and its rules`,
    ([id, sq, pc]) =>
      document.querySelector('#board svg:not([data-e2e-old])') &&
      document.getElementById('variant').value === id &&
      document.getElementById('rules').textContent.includes(`variant ${id} `) &&
      document.querySelectorAll('#board [data-square]').length === sq &&
      document.querySelectorAll('#board [data-piece]').length === pc &&
      document.getElementById('moves').children.length === 0,
    [id, squares, pieces],
    { show: boardSeen },
  );
}

/** The moves listed in #moves. */
export const movesListed = (page) => page.$$eval('#moves [data-ply]', (bs) => bs.map((b) => b.textContent.trim()));

/** Whether the engine is thinking, as #status says. */
export const thinking = () => /thinking/.test(document.getElementById('status').textContent);

/** Waits until the game is settled: the board takes clicks, no search, `n` plies if given. */
export function settled(page, n = null, timeout = ENGINE_WAIT) {
  return waitUntil(
    page,
    `the game settled${n === null ? '' : ` at ${n} plies`}: the board takes clicks, the engine not thinking`,
    (n) =>
      document.querySelector('#board.interactive svg [data-square]') &&
      !/thinking/.test(document.getElementById('status').textContent) &&
      (n === null || document.querySelectorAll('#moves [data-ply]').length === n),
    n,
    { timeout, show: boardSeen },
  );
}

/** Plays a move by clicks: the first piece the board marks movable, its first destination. */
export async function playAnyMove(page) {
  await boardReady(page);
  const from = await page.$eval('#board .movable', (e) => e.dataset.square);
  await clickSquare(page, from);
  await waitUntil(page, `${from} selected with its targets`, (f) => document.querySelector(`#board [data-square="${f}"].selected`) && document.querySelector('#board .target'), from);
  const to = await page.$eval('#board .target', (e) => e.dataset.square);
  await clickSquare(page, to);
  return [from, to];
}
