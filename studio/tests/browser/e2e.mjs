// End-to-end test of polydame studio in a real browser (Debian's chromium, driven by
// playwright-core), against a server that is already running:
//
//   node studio/tests/browser/e2e.mjs http://127.0.0.1:PORT/ OUTDIR
//
// Each step does what a person would do on the page and checks what they would see,
// through the page's stable hooks (#variant, #editor, #diagnostics, #rules, #board with
// its data-square / data-piece cells, #fen, #moves, #records, #engine-level, #status,
// #report). A PNG of the page is saved in OUTDIR after each step (NN-name.png, or
// NN-name-FAILED.png). A failed step is reported and the next ones still run; the exit
// code is 0 only when every step passed. CHROMIUM=path overrides /usr/bin/chromium.
//
// This file has the run and the first steps (a variant, a game, the editor, records, a
// report, HexDame); the modules after them add the game's races against the engine
// (races.mjs), files opened and dropped and edits kept across a reload (files.mjs), the
// report's Cancel and names (judge.mjs), the board by keyboard and on a phone's width
// (keyboard.mjs). lib.mjs has the helpers they share.

import { chromium } from 'playwright-core';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WAIT, ENGINE_WAIT, StepError, check, waitUntil, text, count, boardSeen, plies, boardReady, clickSquare, playByClicks, pickVariant } from './lib.mjs';
import races from './races.mjs';
import files from './files.mjs';
import judge from './judge.mjs';
import keyboard from './keyboard.mjs';

const [url, outdir] = process.argv.slice(2);
if (!url || !outdir) {
  console.error('usage: node e2e.mjs URL OUTDIR   (URL of a running `polydame serve`)');
  process.exit(2);
}
const BASE = url.endsWith('/') ? url : `${url}/`;
const TOTAL = 300_000; // the whole run
mkdirSync(outdir, { recursive: true });

const started = Date.now();
const watchdog = setTimeout(() => {
  console.error(`FAIL: the run took more than ${TOTAL / 1000} s; stopped.`);
  process.exit(3);
}, TOTAL);

// ---------------------------------------------------------------------------------
// The steps

const steps = [];
/** `essential`: the page is of no use when this step fails; the next steps are not run. */
const step = (file, title, run, essential = false) => steps.push({ file, title, run, essential });

let apiVariants = [];

step('01-loaded', 'a. the page loads; #variant lists the shipped variants', async (page) => {
  const answer = await page.request.get(`${BASE}api/variants`, { timeout: WAIT });
  check(answer.ok(), `GET api/variants answered HTTP ${answer.status()}`);
  apiVariants = (await answer.json()).variants.map((v) => v.id);
  check(apiVariants.length > 0, 'GET api/variants lists no variant');

  const loaded = await page.goto(BASE, { waitUntil: 'domcontentloaded', timeout: WAIT });
  check(loaded && loaded.ok(), `GET ${BASE} answered HTTP ${loaded?.status()}`);
  await waitUntil(
    page,
    'the variant list and the first board',
    (n) => document.querySelectorAll('#variant option').length === n && document.querySelector('#board svg [data-square]') && document.getElementById('rules').textContent.trim(),
    apiVariants.length,
    { show: () => ({ options: document.querySelectorAll('#variant option').length, status: document.getElementById('status').textContent }) },
  );
  const options = await page.$$eval('#variant option', (os) => os.map((o) => ({ value: o.value, label: o.textContent.trim() })));
  const values = options.map((o) => o.value);
  check(JSON.stringify(values) === JSON.stringify(apiVariants), `#variant lists ${values.join(', ')}; the server ships ${apiVariants.join(', ')}`);
  check(options.every((o) => o.label), 'an option of #variant has no label');
  // The files of the repository's variants/ folder, when this script runs from the repository.
  const dir = fileURLToPath(new URL('../../../variants/', import.meta.url));
  if (existsSync(dir)) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.toml')).map((f) => f.slice(0, -5));
    const missing = files.filter((f) => !values.includes(f));
    check(missing.length === 0, `#variant lacks shipped variants: ${missing.join(', ')}`);
  }
  for (const id of ['international', 'hexdame']) check(values.includes(id), `#variant has no ${id}`);
}, true);

step('01b-nothing-edited', 'a. nothing edited yet: no "Restore edits" button', async (page) => {
  // Nothing was edited: the button that brings edits back is not shown.
  check(
    !(await page.isVisible('#restore-text')),
    '"Restore edits" (#restore-text) is shown though nothing was edited: its `hidden` attribute is set, ' +
      'but a display rule of the page overrides it (style.css `.button { display: inline-flex }`)',
  );
});

step('02-international', 'b. International: 40 pieces on 50 cells, the rules in words', async (page) => {
  await pickVariant(page, 'international', 50, 40);
  const rules = await text(page, '#rules');
  check(/International draughts/.test(rules) && /10x10/.test(rules), `#rules does not describe International draughts: ${rules.slice(0, 200)}`);
  const fen = await page.inputValue('#fen');
  check(fen.startsWith('W:W31,32,'), `#fen is not International's start: ${fen}`);
  const status = await text(page, '#status');
  check(/White to move/.test(status), `#status says ${JSON.stringify(status)}, not "White to move"`);
  const white = await count(page, '#board [data-piece="white-man"]');
  const black = await count(page, '#board [data-piece="black-man"]');
  check(white === 20 && black === 20, `${white} white men and ${black} black men, not 20 and 20`);
});

step('03-engine-answers', 'c. the engine plays Black at level 1; 32-28 by two clicks; it answers', async (page) => {
  await page.selectOption('#engine-level', '1');
  await page.selectOption('#engine-side', 'black');
  await playByClicks(page, '32', '28');
  await waitUntil(
    page,
    "the engine's answer: 2 plies in #moves, White to move in #fen and #status",
    () =>
      document.querySelectorAll('#moves [data-ply]').length === 2 &&
      document.getElementById('fen').value.startsWith('W:') &&
      /White to move/.test(document.getElementById('status').textContent) &&
      document.querySelector('#board.interactive'),
    null,
    { timeout: ENGINE_WAIT, show: boardSeen },
  );
  const moves = await page.$$eval('#moves [data-ply]', (bs) => bs.map((b) => b.textContent.trim()));
  check(moves[0] === '32-28', `the first move listed is ${moves[0]}, not 32-28`);
  check(/^\d+-\d+$/.test(moves[1]), `the engine's answer ${moves[1]} is not a quiet move`);
  check((await count(page, '#board [data-square="32"][data-piece]')) === 0, 'square 32 is not empty after 32-28');
  check((await count(page, '#board [data-square="28"][data-piece="white-man"]')) === 1, 'no white man on 28 after 32-28');
  check((await count(page, '#board [data-piece]')) === 40, 'not 40 pieces after two quiet moves');
  const info = await text(page, '#engine-info');
  check(info.includes(moves[1]), `#engine-info does not show the engine's move ${moves[1]}: ${info}`);
});

step('04-illegal-move', 'd. a compulsory capture: the board explains, a typed quiet move is refused with its reason', async (page) => {
  await page.selectOption('#engine-side', 'none');
  // A position set up with #fen: White's 28 must take 23.
  await page.fill('#fen', 'W:W28,32:B23,1');
  await page.press('#fen', 'Enter');
  await waitUntil(
    page,
    'the position of the FEN (4 pieces, White to move, no move played)',
    () =>
      document.querySelectorAll('#board [data-piece]').length === 4 &&
      document.querySelector('#board [data-square="28"][data-piece="white-man"]') &&
      document.querySelector('#board [data-square="23"][data-piece="black-man"]') &&
      document.querySelectorAll('#moves [data-ply]').length === 0 &&
      /White to move/.test(document.getElementById('status').textContent),
    null,
    { show: boardSeen },
  );
  await boardReady(page);
  check((await count(page, '#board [data-square="28"].movable')) === 1, '28, which must capture, is not marked movable');
  check((await count(page, '#board [data-square="32"].movable')) === 0, '32 is marked movable though a capture is compulsory');

  // Clicking 32, which cannot move while a capture is compulsory: the page says why.
  await clickSquare(page, '32');
  await waitUntil(
    page,
    '#status to say that a capture is compulsory from 28',
    () => /capture is compulsory/i.test(document.getElementById('status').textContent) && /28/.test(document.getElementById('status').textContent),
    null,
    { show: boardSeen },
  );
  check((await count(page, '#board .selected')) === 0, 'clicking 32 selected it');

  // A click on a square that is not a destination plays nothing (the page only deselects).
  await clickSquare(page, '28');
  await waitUntil(page, '28 selected with 19 as its target', () => document.querySelector('#board [data-square="28"].selected') && document.querySelector('#board [data-square="19"].target'));
  await clickSquare(page, '22');
  check((await plies(page)) === 0, 'a click on 22, no destination of 28, played a move');

  // The quiet move typed in the move field: the server's reason in #status.
  await page.fill('#move-input', '32-27');
  await page.press('#move-input', 'Enter');
  await waitUntil(
    page,
    '#status to refuse 32-27 with the reason "a capture is compulsory: 28x19"',
    () => {
      const s = document.getElementById('status');
      return /Illegal move 32-27/.test(s.textContent) && /a capture is compulsory: 28x19/.test(s.textContent);
    },
    null,
    { show: boardSeen },
  );
  check((await page.getAttribute('#status', 'class')).includes('has-error'), '#status does not show the refusal as an error');
  check((await count(page, '#board [data-square="32"][data-piece="white-man"]')) === 1 && (await plies(page)) === 0, 'the refused move changed the board');
});

let editedText = '';

step('05-editor-error', 'e. a misspelt key in #editor: a diagnostic at its line:column, the board kept', async (page) => {
  await pickVariant(page, 'international', 50, 40);
  const original = await page.inputValue('#editor');
  check(original.includes('\nwidth = 10'), '#editor does not hold international.toml (no "width = 10" line)');
  const broken = original.replace('\nwidth = 10', '\nwidht = 10');
  const at = broken.indexOf('widht');
  const line = broken.slice(0, at).split('\n').length;
  const column = at - broken.lastIndexOf('\n', at - 1);
  // Typed as a person would: the caret after "wid", the two letters swapped.
  await page.locator('#editor').click();
  await page.evaluate((pos) => {
    const t = document.getElementById('editor');
    t.focus();
    t.setSelectionRange(pos, pos + 2);
  }, at + 3);
  await page.keyboard.type('ht');
  check((await page.inputValue('#editor')) === broken, 'typing in #editor did not give the text expected');
  await waitUntil(
    page,
    `a diagnostic at ${line}:${column} in #diagnostics`,
    () => document.querySelector('#diagnostics li'),
    null,
    { show: () => document.getElementById('diagnostics').textContent },
  );
  const items = await page.$$eval('#diagnostics li', (ls) => ls.map((l) => ({ where: l.querySelector('.where')?.textContent.trim() ?? '', text: l.textContent.trim() })));
  check(items.length === 1, `${items.length} diagnostics, not 1: ${JSON.stringify(items)}`);
  check(items[0].where === `${line}:${column}`, `the diagnostic is at ${items[0].where}, not ${line}:${column} (where "widht" is)`);
  check(/widht/.test(items[0].text) && /width/.test(items[0].text), `the diagnostic does not name widht and suggest width: ${items[0].text}`);
  check((await count(page, '#editor-backdrop mark.error')) >= 1, 'the faulty span is not marked in the editor');
  const mark = await text(page, '#editor-backdrop mark.error');
  check(mark === 'widht', `the mark covers ${JSON.stringify(mark)}, not "widht"`);
  const state = await text(page, '#compile-state');
  check(/✗|error/.test(state), `#compile-state does not show the error: ${state}`);
  check((await count(page, '#board [data-square]')) === 50, 'the board changed though the file does not compile');
  check(await page.locator('#rules.stale').count(), '#rules is not marked stale');
  editedText = broken;
  // The diagnostic in view for the screenshot (the editor shows the marked line).
  await page.click('#diagnostics li');
  await waitUntil(page, 'the marked span selected in the editor', (n) => document.getElementById('editor').selectionStart === n, at);
  // The caret after the word, so that the selection does not hide the mark.
  await page.evaluate((pos) => document.getElementById('editor').setSelectionRange(pos, pos), at + 5);
  // The list shows the diagnostic whole (its line:column, message and help), not a
  // sliver of it that must be scrolled.
  const box = await page.$eval('#diagnostics', (l) => ({ list: l.clientHeight, item: l.firstElementChild.offsetHeight }));
  check(
    box.list + 1 >= box.item,
    `#diagnostics is ${box.list}px tall, its one diagnostic ${box.item}px: the list is squeezed and hides most of it ` +
      '(the editor column is a flex column and the list shrinks)',
  );
});

step('06-editor-fixed', 'e. the key fixed to a 12-wide board: diagnostics gone, the board and the rules follow', async (page) => {
  check(editedText, 'the previous step left no text to fix');
  const fixed = editedText.replace('\nwidht = 10', '\nwidth = 12');
  await page.fill('#editor', fixed);
  await waitUntil(
    page,
    'no diagnostic and a board of 60 cells (12x10) with 40 pieces',
    () =>
      document.querySelectorAll('#diagnostics li').length === 0 &&
      document.querySelectorAll('#board [data-square]').length === 60 &&
      document.querySelectorAll('#board [data-piece]').length === 40,
    null,
    { show: () => ({ diagnostics: document.getElementById('diagnostics').textContent, squares: document.querySelectorAll('#board [data-square]').length }) },
  );
  const rules = await text(page, '#rules');
  check(/12x10/.test(rules), `#rules does not say 12x10: ${rules.slice(0, 300)}`);
  check((await page.locator('#rules.stale').count()) === 0, '#rules is still marked stale');
  const state = await text(page, '#compile-state');
  check(/✓|compiles/.test(state), `#compile-state does not say it compiles: ${state}`);
});

const PDN = `[Event "e2e"]
[White "Alice"]
[Black "Bob"]
[GameType "20"]
[Result "*"]

1. 32-28 19-23 2. 33-29 *

[Event "e2e"]
[White "Carol"]
[Black "Dave"]
[GameType "20"]
[Result "*"]

1. 32-28 19-23 2. 28x19 14x23 *
`;

step('07-records', 'f. a PDN opened with #pdn-file: the illegal move marked in #records with its reason', async (page) => {
  await page.click('#tab-records');
  await page.setInputFiles('#pdn-file', { name: 'games.pdn', mimeType: 'text/plain', buffer: Buffer.from(PDN) });
  await waitUntil(page, 'two games in #records', () => document.querySelectorAll('#records li.record').length === 2, null, {
    show: () => ({ records: document.getElementById('records').textContent, summary: document.getElementById('records-summary').textContent }),
  });
  const records = await page.$$eval('#records li.record', (ls) => ls.map((l) => ({ cls: l.className, verdict: l.querySelector('.verdict')?.textContent.trim() ?? '', text: l.textContent })));
  const [bad, good] = records;
  check(bad.cls.includes('invalid'), `game 1 is not marked invalid: ${bad.cls}`);
  for (const part of ['ply 3', '33-29', 'line 7:19', 'a capture is compulsory: 28x19']) {
    check(bad.verdict.includes(part), `game 1's verdict lacks "${part}": ${bad.verdict}`);
  }
  check(/Alice/.test(bad.text) && /Bob/.test(bad.text), "game 1 does not show its players");
  check(/\bvalid\b/.test(good.cls) && !good.cls.includes('invalid') && /valid · 4 plies/.test(good.verdict), `game 2 is not valid with 4 plies: ${good.cls} ${good.verdict}`);
  const summary = await text(page, '#records-summary');
  check(/2 games: 1 valid, 1 not/.test(summary), `#records-summary says ${summary}`);
  check((await page.inputValue('#pdn-text')) === PDN, 'the PDN file is not shown in #pdn-text');
  // The bad game on the board: its last legal position, the illegal move named in #status.
  await page.click('#records li.record >> nth=0 >> .record-open');
  await waitUntil(
    page,
    "game 1 on the board at ply 2 with the illegal move's note in #status",
    () =>
      document.querySelector('#records li.record.active') &&
      document.getElementById('board-caption').textContent.includes('ply 2') &&
      /ply 3 33-29 is not legal: a capture is compulsory: 28x19/.test(document.getElementById('status').textContent),
    null,
    { show: boardSeen },
  );
  check((await count(page, '#board [data-square]')) === 50, 'game 1 (GameType 20) is not shown on a 10x10 board');
});

step('08-report', 'g. a 10-game report at depth 1: progress, then its charts in #report', async (page) => {
  await pickVariant(page, 'international', 50, 40);
  await page.click('#tab-judge');
  await page.fill('#judge-games', '10');
  await page.fill('#judge-depth', '1');
  await page.click('#judge-run');
  await waitUntil(
    page,
    'the report in #report and "Done" in #judge-status',
    () => document.querySelector('#report iframe, #report svg') && /Done/.test(document.getElementById('judge-status').textContent),
    null,
    { timeout: ENGINE_WAIT * 2, show: () => ({ status: document.getElementById('judge-status').textContent, report: document.getElementById('report').innerHTML.slice(0, 200) }) },
  );
  const status = await text(page, '#judge-status');
  check(/Done: 10 games/.test(status), `#judge-status says ${status}`);
  const progress = await page.$eval('#judge-progress', (p) => [p.value, p.max]);
  check(progress[0] === progress[1] && progress[1] > 0, `the progress bar is at ${progress[0]} of ${progress[1]}`);
  let charts;
  const frameEl = await page.$('#report iframe');
  if (frameEl) {
    const frame = await frameEl.contentFrame();
    check(frame, 'the report iframe has no document');
    await frame.waitForSelector('svg', { timeout: WAIT });
    charts = await frame.$$eval('svg', (s) => s.length);
    const title = await frame.title();
    check(/International draughts/.test(title), `the report's title is ${JSON.stringify(title)}`);
    const height = await frameEl.evaluate((f) => f.getBoundingClientRect().height);
    check(height > 300, `the report's iframe is only ${height}px tall`);
  } else {
    charts = await count(page, '#report svg');
  }
  check(charts >= 1, 'the report has no chart (<svg>)');
  const links = await page.$$eval('#judge-downloads a', (as) => as.map((a) => a.download));
  check(links.includes('report.html') && links.includes('report.json'), `#judge-downloads offers ${links.join(', ') || 'nothing'}`);
  // The first chart in view, for the screenshot.
  if (frameEl) {
    const frame = await frameEl.contentFrame();
    await frame.$eval('svg', (svg) => {
      const before = [...document.querySelectorAll('h2')].filter((h) => h.compareDocumentPosition(svg) & Node.DOCUMENT_POSITION_FOLLOWING);
      (before.at(-1) || svg).scrollIntoView({ block: 'start' });
    });
  }
});

step('09-hexdame', 'h. HexDame: a few moves by clicks against the engine', async (page) => {
  await page.click('#tab-play');
  await pickVariant(page, 'hexdame', 61, 32);
  await page.selectOption('#engine-level', '1');
  await page.selectOption('#engine-side', 'black');
  // White's moves, each by two clicks; a preferred move when legal, else the first one
  // the board marks.
  const wanted = [
    ['d4', 'e5'],
    ['c4', 'd5'],
    ['d3', 'e4'],
  ];
  for (const [i, [from, to]] of wanted.entries()) {
    await boardReady(page);
    const before = await plies(page);
    // The preferred move when the board marks it (a capture may be compulsory), else
    // the first piece the board marks movable and its first destination.
    const marked = async (sel) => page.$$eval(sel, (es) => es.map((e) => e.dataset.square));
    let move = [from, to];
    const movable = await marked('#board .movable');
    check(movable.length > 0, 'no piece of White is marked movable');
    const piece = movable.includes(from) ? from : movable[0];
    await clickSquare(page, piece);
    await waitUntil(page, `${piece} selected`, (p) => document.querySelector(`#board [data-square="${p}"].selected`), piece);
    const targets = await marked('#board .target');
    check(targets.length > 0, `${piece} is selected but no destination is marked`);
    move = [piece, piece === from && targets.includes(to) ? to : targets[0]];
    await page.keyboard.press('Escape');
    await playByClicks(page, ...move);
    await waitUntil(
      page,
      `White's move ${i + 1} (${move.join('-')}) and the engine's answer in #moves`,
      (n) => (document.querySelectorAll('#moves [data-ply]').length === n + 2 && document.querySelector('#board.interactive')) || /Game over/.test(document.getElementById('status').textContent),
      before,
      { timeout: ENGINE_WAIT, show: boardSeen },
    );
  }
  const moves = await page.$$eval('#moves [data-ply]', (bs) => bs.map((b) => b.textContent.trim()));
  check(moves.length === 6, `${moves.length} plies in #moves, not 6: ${moves.join(' ')}`);
  check(moves[0] === 'd4-e5', `the first move is ${moves[0]}, not d4-e5`);
  check((await count(page, '#board [data-square]')) === 61, 'the board does not have 61 cells any more');
  check(/White to move/.test(await text(page, '#status')), '#status does not say White to move');
  // A piece selected, its destinations marked: how a game in progress looks.
  const piece = await page.$eval('#board .movable', (e) => e.dataset.square);
  await clickSquare(page, piece);
  await waitUntil(page, `${piece} selected with its targets`, () => document.querySelector('#board .selected') && document.querySelector('#board .target'));
});

for (const more of [races, files, judge, keyboard]) more(step);

// ---------------------------------------------------------------------------------
// The run

const userDataDir = mkdtempSync(join(tmpdir(), 'polydame-e2e-'));
const results = [];
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1440, height: 960 },
    timeout: 30_000,
  });
} catch (e) {
  console.error(`FAIL: chromium does not start: ${e.message}`);
  rmSync(userDataDir, { recursive: true, force: true });
  process.exit(2);
}
context.setDefaultTimeout(WAIT);
const page = context.pages()[0] || (await context.newPage());

// What goes wrong in the page that no step looks at: uncaught errors, server errors.
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(`uncaught in the page: ${e.message}`));
page.on('response', (r) => {
  if (r.status() >= 500) pageErrors.push(`HTTP ${r.status()} for ${r.request().method()} ${r.url()}`);
});

let stopped = null;
for (const s of steps) {
  if (stopped) {
    results.push({ ...s, error: `not run: ${stopped}` });
    console.log(`SKIP ${s.title}`);
    continue;
  }
  const t0 = Date.now();
  let error = null;
  try {
    await s.run(page);
  } catch (e) {
    error = e instanceof StepError ? e.message : `${e.name}: ${e.message.split('\n')[0]}`;
  }
  // The step's screenshot, and not one of an earlier run that ended the other way.
  const shot = join(outdir, `${s.file}${error ? '-FAILED' : ''}.png`);
  rmSync(join(outdir, `${s.file}${error ? '' : '-FAILED'}.png`), { force: true });
  try {
    await page.screenshot({ path: shot, timeout: WAIT });
  } catch (e) {
    console.error(`  (no screenshot: ${e.message.split('\n')[0]})`);
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  results.push({ ...s, error });
  if (error && s.essential) stopped = `"${s.title}" failed`;
  console.log(`${error ? 'FAIL' : 'ok  '} ${s.title} (${secs} s)${error ? `\n     ${error}` : ''}`);
}

if (pageErrors.length) {
  results.push({ title: 'no uncaught error in the page, no HTTP 5xx', error: pageErrors.join('; ') });
  console.log(`FAIL no uncaught error in the page, no HTTP 5xx\n     ${pageErrors.join('\n     ')}`);
}

await context.close();
rmSync(userDataDir, { recursive: true, force: true });
clearTimeout(watchdog);

const failed = results.filter((r) => r.error);
console.log(`\nscreenshots in ${outdir}; ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
