// The designer's report: the editor's variant beside the shipped one of the same id, its
// columns told apart; a long report cancelled with #judge-cancel.

import { ENGINE_WAIT, check, waitUntil, text, pickVariant } from './lib.mjs';

const judgeSeen = () => ({
  status: document.getElementById('judge-status').textContent,
  run: document.getElementById('judge-run').disabled ? 'Run disabled' : 'Run enabled',
  cancel: document.getElementById('judge-cancel').hidden ? 'Cancel hidden' : 'Cancel shown',
});

export default function (step) {
  step('15-report-names', "k. the editor's English beside the shipped English: the report's columns tell them apart", async (page) => {
    await page.click('#tab-play');
    await pickVariant(page, 'english', 32, 24);
    await page.click('#tab-judge');
    await page.fill('#judge-games', '2');
    await page.fill('#judge-depth', '1');
    await page.fill('#judge-max-plies', '40');
    await page.selectOption('#judge-second', 'english');
    try {
      await page.click('#judge-run');
      await waitUntil(page, 'the report done', () => document.querySelector('#report iframe') && /Done/.test(document.getElementById('judge-status').textContent), null, {
        timeout: ENGINE_WAIT,
        show: judgeSeen,
      });
      const frame = await (await page.$('#report iframe')).contentFrame();
      const heads = await frame.$$eval('table', (ts) => [...ts[0].querySelectorAll('thead th')].map((th) => th.textContent.trim()).filter(Boolean));
      check(
        JSON.stringify(heads) === JSON.stringify(['english.toml (editor)', 'english (shipped)']),
        `the report's columns are ${JSON.stringify(heads)}, not the editor's english.toml and the shipped english`,
      );
    } finally {
      await page.selectOption('#judge-second', '');
      await page.fill('#judge-max-plies', '');
    }
  });

  step('16-report-cancel', 'k. a 200-game report cancelled: Cancel stops it, Run is back', async (page) => {
    await page.fill('#judge-games', '200');
    await page.fill('#judge-depth', '6');
    check(await page.isHidden('#judge-cancel'), 'Cancel is shown while no report runs');
    await page.click('#judge-run');
    const shown = () => !document.getElementById('judge-cancel').hidden && /of 200 games/.test(document.getElementById('judge-status').textContent);
    await waitUntil(page, 'Cancel shown while the report runs', shown, null, { show: judgeSeen });
    await page.click('#judge-cancel');
    await waitUntil(
      page,
      '"Cancelled" in #judge-status, Run enabled, Cancel hidden',
      () =>
        /Cancelled after \d+ of 200 games/.test(document.getElementById('judge-status').textContent) &&
        !document.getElementById('judge-run').disabled &&
        document.getElementById('judge-cancel').hidden,
      null,
      { timeout: ENGINE_WAIT, show: judgeSeen },
    );
    const status = await text(page, '#judge-status');
    const played = Number(status.match(/after (\d+)/)[1]);
    check(played < 200, `the report played all its games: ${status}`);
    await page.fill('#judge-games', '10');
    await page.fill('#judge-depth', '2');
  });
}
