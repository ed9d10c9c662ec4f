// The game against the engine under fast clicks, in several games: a second move clicked
// on the board as it was before the first was played, clicks while the engine searches,
// clicks within 0–50 ms of the engine's reply, Undo and New during a search. The races
// are made reproducible by a slower server: the page's /api/best answers are held back
// (400 ms) and its /api/game answers too (150 ms), with page.route.
//
// Every /api/game and /api/best request the page sends is recorded, and checked once the
// games are over: each posted move list is the game as it was, one move more, or a ply
// of it (undo, New), and none is refused; the engine is asked about the game as it is.
// After each race the board takes clicks again and #status does not say "thinking".

import { ENGINE_WAIT, check, waitUntil, boardSeen, clickSquare, playByClicks, pickVariant, sleep, movesListed, settled, playAnyMove } from './lib.mjs';

/** Games played; the delay after the engine's reply at which each clicks. */
const GAMES = 8;
const AFTER_REPLY_MS = [0, 5, 10, 20, 30, 40, 50, 25];
const DELAY = { best: 400, game: 150 };

export default function (step) {
  step('10-races', `i. ${GAMES} games of fast clicks against the engine: stale boards, clicks during a search and within 50 ms of its reply, Undo and New during a search`, async (page) => {
    await page.click('#tab-play');
    await pickVariant(page, 'international', 50, 40);
    await page.selectOption('#engine-level', '1');
    await page.selectOption('#engine-side', 'black');
    await settled(page, 0);
    const slow = await slowServer(page);
    const log = recorder(page);
    const start = await movesListed(page);
    // Every game is played, a failed one too: the count of failures says how often.
    const failed = [];
    try {
      for (let i = 0; i < GAMES; i++) {
        try {
          await race(page, slow, i);
        } catch (e) {
          failed.push(e.message.split('\n')[0]);
        }
      }
    } finally {
      log.stop();
      await slow.stop();
    }
    const found = await faults(log.posts, start);
    const asked = log.posts.filter((p) => p.endpoint === 'best').length;
    console.log(
      `     ${GAMES} race games, ${failed.length} failed; ${slow.played} moves clicked just after a reply played; ` +
        `${log.posts.length} requests checked (${asked} to the engine), ${found.length} faults`,
    );
    const faultsSaid = found.length ? `; the server got move lists that do not continue the game: ${found.slice(0, 4).join('; ')}` : '';
    check(failed.length === 0 && found.length === 0, `${failed.length} of ${GAMES} games failed: ${failed.slice(0, 2).join('; ')}${faultsSaid}`);
    check(asked >= GAMES * 2, `only ${asked} engine requests in ${GAMES} games`);
    check(slow.played > 0, 'no move clicked just after a reply was played: the race of a click on a board just opened was not run');
  });
}

/** One game of races; `i` picks the delay after the reply, and Undo (even) or New (odd). */
async function race(page, slow, i) {
  const game = `game ${i + 1}`;
  await page.click('#new-game');
  await settled(page, 0);

  // A move, and at once a second one on the board as it was (33-28 is legal there).
  const reply = slow.nextReply();
  await playByClicks(page, '32', '28');
  await clickSquare(page, '33');
  await clickSquare(page, '28');

  // While the engine searches, the board takes no click, and says why.
  await waitUntil(page, `${game}: the engine thinking`, () => /thinking/.test(document.getElementById('status').textContent), null, { show: boardSeen });
  await clickSquare(page, '31');
  check(!(await page.$('#board .selected')), `${game}: a click during the search selected a piece`);

  // Within 0–50 ms of the reply, a move legal after it, by two clicks: of the reply's
  // coming to the page (even games: the board is still making its move), or of its
  // showing on the board (odd games: the board has just opened).
  const r = await reply;
  if (i % 2 === 1) await page.waitForFunction(() => document.querySelectorAll('#moves [data-ply]').length === 2, null, { polling: 'raf' });
  await sleep(AFTER_REPLY_MS[i % AFTER_REPLY_MS.length]);
  if (r.next) {
    await clickSquare(page, r.next.from);
    await clickSquare(page, r.next.to);
  }
  await settled(page);
  const moves = await movesListed(page);
  check(moves[0] === '32-28' && moves[1] === r.move, `${game}: the engine's reply ${r.move} is not ply 2 of ${moves.join(' ')}`);
  check(moves.length === 2 || moves.length === 4, `${game}: ${moves.length} plies after one reply and one move: ${moves.join(' ')}`);
  if (moves.length === 4) slow.played++;

  // A move, then Undo or New while the engine searches: the board is free at once.
  await playAnyMove(page);
  await waitUntil(page, `${game}: the engine thinking`, () => /thinking/.test(document.getElementById('status').textContent), null, { show: boardSeen });
  const undo = i % 2 === 0;
  await page.click(undo ? '#undo' : '#new-game');
  const plies = undo ? moves.length : 0;
  await settled(page, plies, 2_000);
  // The search's reply, had it come, is dropped: the game stays as it is.
  await sleep(DELAY.best + 300);
  await settled(page, plies, 1_000);
}

/**
 * Holds back the page's /api/best and /api/game answers. `nextReply()` resolves when the
 * page is given the next reply of the engine: `{move, next}`, `next` the first legal move
 * after it ({from, to}), found before the reply is given.
 */
async function slowServer(page) {
  const waiting = [];
  const api = async (endpoint, body) => (await page.context().request.post(new URL(`api/${endpoint}`, page.url()).href, { data: body })).json();
  const best = async (route) => {
    const asked = route.request().postDataJSON();
    let response;
    let answer;
    try {
      response = await route.fetch();
      answer = await response.json();
    } catch {
      return; // the page went on without it
    }
    const after = answer.move ? await api('game', { variant: asked.variant, fen: asked.fen, moves: [...asked.moves, answer.move] }) : null;
    await sleep(DELAY.best);
    try {
      await route.fulfill({ response });
    } catch {
      return; // the page cancelled the search meanwhile
    }
    for (const resolve of waiting.splice(0)) resolve({ move: answer.move, next: after?.legal?.[0] ?? null });
  };
  const game = async (route) => {
    try {
      const response = await route.fetch();
      await sleep(DELAY.game);
      await route.fulfill({ response });
    } catch {
      // the page is gone
    }
  };
  await page.route('**/api/best', best);
  await page.route('**/api/game', game);
  return {
    played: 0, // moves clicked just after a reply that were played
    nextReply: () => withTimeout(new Promise((resolve) => waiting.push(resolve)), ENGINE_WAIT, "the engine's reply"),
    stop: async () => {
      await page.unroute('**/api/best', best);
      await page.unroute('**/api/game', game);
    },
  };
}

function withTimeout(promise, ms, what) {
  return Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`no ${what} in ${ms / 1000} s`)))]);
}

/** Records the page's POSTs to /api/game and /api/best: their move lists, in order. */
function recorder(page) {
  const posts = [];
  const seen = (request) => {
    const endpoint = request.method() === 'POST' && new URL(request.url()).pathname.match(/\/api\/(game|best)$/)?.[1];
    if (endpoint) posts.push({ endpoint, moves: request.postDataJSON()?.moves || [], request });
  };
  page.on('request', seen);
  return { posts, stop: () => page.off('request', seen) };
}

/**
 * What is wrong with the posts, in order, from the game `start`: a game posted must be the
 * game as the last answer left it with one move more, or a ply of it; the engine must be
 * asked about the game as it is; and the server must refuse none (an illegal move).
 */
async function faults(posts, start) {
  const line = (m) => `[${m.join(' ')}]`;
  const prefix = (a, b) => a.length <= b.length && a.every((x, i) => x === b[i]);
  const found = [];
  let game = start;
  for (const p of posts) {
    const response = await p.request.response();
    const status = response ? response.status() : 'none (cancelled)';
    if (p.endpoint === 'best') {
      if (!(prefix(p.moves, game) && p.moves.length === game.length)) found.push(`the engine was asked about ${line(p.moves)} when the game was ${line(game)}`);
      if (response && status !== 200) found.push(`the engine's answer for ${line(p.moves)} was HTTP ${status}`);
      continue;
    }
    const oneMore = p.moves.length === game.length + 1 && prefix(game, p.moves);
    if (!oneMore && !prefix(p.moves, game)) found.push(`${line(p.moves)} posted when the game was ${line(game)}`);
    if (status !== 200) found.push(`${line(p.moves)} answered HTTP ${status}${response ? `: ${(await response.text()).slice(0, 160)}` : ''}`);
    else game = p.moves;
  }
  return found;
}
