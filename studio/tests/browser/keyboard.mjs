// The board by keyboard (Tab to a cell, arrow keys between cells, Enter and Space to
// select and play, each cell's aria-label), its square numbers' size, and the page on a
// phone's width (390 px): the board first. The phone's step is the last of the run: its
// screenshot is the narrow page.

import { check, waitUntil, pickVariant, movesListed, settled, boardSeen } from './lib.mjs';

/** The cell with the keyboard's focus: its square and aria-label, or null. */
const focused = (page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e?.dataset?.square ? { square: e.dataset.square, label: e.getAttribute('aria-label') } : null;
  });

/** Walks the focus to `square` with the arrow keys (a row at a time, then along it). */
async function walkTo(page, square) {
  for (let n = 0; n < 24; n++) {
    const at = await focused(page);
    check(at, `the focus left the board on the way to ${square}`);
    if (at.square === square) return;
    const way = await page.evaluate(
      ([from, to]) => {
        const box = (s) => document.querySelector(`#board [data-square="${s}"]`).getBoundingClientRect();
        const [a, b] = [box(from), box(to)];
        const dy = b.top + b.height / 2 - (a.top + a.height / 2);
        const dx = b.left + b.width / 2 - (a.left + a.width / 2);
        if (Math.abs(dy) > a.height / 2) return dy < 0 ? 'ArrowUp' : 'ArrowDown';
        return dx < 0 ? 'ArrowLeft' : 'ArrowRight';
      },
      [at.square, square],
    );
    await page.keyboard.press(way);
  }
  check(false, `the arrow keys did not reach ${square} in 24 presses`);
}

export default function (step) {
  step('17-keyboard', 'l. the board by keyboard: Tab to a cell, arrows, Enter and Space play 32-28; numbers of 11 px or more', async (page) => {
    await page.click('#tab-play');
    await pickVariant(page, 'international', 50, 40);
    await page.selectOption('#engine-side', 'none');
    await settled(page, 0);
    // The square numbers scale with the board, legible at the page's size.
    const px = await page.$eval('#board svg', (svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return Number(svg.querySelector('text.number').getAttribute('font-size')) * scale;
    });
    check(px >= 11, `the square numbers are ${px.toFixed(1)} px high on the page, under 11`);
    // Tab reaches the board: one cell of it, from the buttons under it.
    await page.focus('#new-game');
    await page.keyboard.press('Shift+Tab');
    const first = await focused(page);
    check(first && /: (white|black) (man|king)|: empty/.test(first.label), `Shift+Tab from the buttons under the board does not reach a cell with an aria-label: ${JSON.stringify(first)}`);
    await walkTo(page, '32');
    check((await focused(page)).label === '32: white man, can move', `32's aria-label is ${(await focused(page)).label}`);
    await page.keyboard.press('Enter');
    await waitUntil(page, '32 selected by Enter', () => document.querySelector('#board [data-square="32"].selected'));
    await walkTo(page, '28');
    check((await focused(page)).label === '28: empty, a move of 32 goes here', `28's aria-label is ${(await focused(page)).label}`);
    await page.keyboard.press(' ');
    await waitUntil(page, '32-28 played by Space', () => document.querySelectorAll('#moves [data-ply]').length === 1, null, { show: boardSeen });
    check((await movesListed(page))[0] === '32-28', `the move played is ${(await movesListed(page))[0]}`);
    // The focus stays on the board, on the square it was on, for the next move.
    const after = await focused(page);
    check(after && after.square === '28' && after.label.startsWith('28: white man'), `after the move the focus is on ${JSON.stringify(after)}`);
    // The arrows move on the board, not through the game (← is Undo elsewhere).
    await page.keyboard.press('ArrowLeft');
    check((await movesListed(page)).length === 1, '← on the board undid the move');
  });

  step('18-phone', 'l. on a phone (390 px wide): the board above the editor, no page wider than the screen', async (page) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await waitUntil(page, 'the board laid out above the editor', () => {
      const b = document.querySelector('#board svg')?.getBoundingClientRect();
      const e = document.getElementById('editor').getBoundingClientRect();
      return b && b.width > 0 && b.bottom <= e.top;
    });
    const seen = await page.evaluate(() => ({
      board: document.querySelector('#board svg').getBoundingClientRect().toJSON(),
      editor: document.getElementById('editor').getBoundingClientRect().top,
      width: document.documentElement.scrollWidth,
    }));
    check(seen.board.width >= 300 && seen.board.right <= 390, `the board is ${seen.board.width.toFixed(0)} px wide at x ${seen.board.left.toFixed(0)}`);
    check(seen.board.top < 400, `the board starts ${seen.board.top.toFixed(0)} px down the page`);
    check(seen.width <= 390, `the page is ${seen.width} px wide on a 390 px screen`);
  });
}
