// Files: a .pdn.gz opened with #pdn-file (its bytes read by the server, as the command
// line reads a file), a Windows-1251 PDN and a variant file dropped on the page, and the
// editor's edits kept across a reload.

import { gzipSync } from 'node:zlib';
import { WAIT, check, waitUntil, text, count, pickVariant } from './lib.mjs';

/** Three games: an illegal move; legal; legal but for a bad move in a variation. */
const GAMES = `[White "Alice"]
[Black "Bob"]
[GameType "20"]
1. 32-28 19-23 2. 33-29 *

[White "Carol"]
[Black "Dave"]
[GameType "20"]
1. 32-28 19-23 2. 28x19 14x23 *

[White "Erin"]
[Black "Frank"]
[GameType "20"]
1. 32-28 (1. 32-27 19-24 2. 27x20) 19-23 2. 28x19 14x23 *
`;

/** Text in Windows-1251 (Cyrillic letters; the rest ASCII), as Russian archives come. */
function cp1251(s) {
  return Buffer.from(
    [...s].map((c) => {
      const u = c.codePointAt(0);
      if (u < 0x80) return u;
      if (u >= 0x410 && u <= 0x44f) return u - 0x410 + 0xc0;
      if (c === 'ё') return 0xb8;
      if (c === 'Ё') return 0xa8;
      throw new Error(`no ${c} in this Windows-1251 table`);
    }),
  );
}

/** Drops a file (`name`, its `bytes`) on the element `selector`, as a person drags one. */
async function dropFile(page, selector, name, bytes) {
  const transfer = await page.evaluateHandle(
    ({ name, bytes }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name));
      return dt;
    },
    { name, bytes: [...bytes] },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, type, { dataTransfer: transfer });
}

const recordsSeen = () => ({
  summary: document.getElementById('records-summary').textContent,
  records: [...document.querySelectorAll('#records li.record')].map((l) => l.textContent.replace(/\s+/g, ' ').trim()),
});

export default function (step) {
  step('11-records-gz', 'j. a .pdn.gz opened with #pdn-file: unpacked by the server; a bad move in a variation is a warning', async (page) => {
    await page.click('#tab-records');
    const packed = gzipSync(Buffer.from(GAMES));
    await page.setInputFiles('#pdn-file', { name: 'games.pdn.gz', mimeType: 'application/gzip', buffer: packed });
    await waitUntil(
      page,
      'three games in #records, the file said unpacked in #records-summary',
      () => document.querySelectorAll('#records li.record').length === 3 && /games\.pdn\.gz: unpacked \(gzip\)/.test(document.getElementById('records-summary').textContent),
      null,
      { show: recordsSeen },
    );
    const records = await page.$$eval('#records li.record', (ls) =>
      ls.map((l) => ({ cls: l.className, verdict: l.querySelector('.verdict').textContent.trim(), warnings: l.querySelector('.warnings')?.textContent ?? '' })),
    );
    const [bad, good, warned] = records;
    for (const part of ['ply 3', '33-29', 'line 4:19', 'a capture is compulsory: 28x19']) check(bad.verdict.includes(part), `game 1's verdict lacks "${part}": ${bad.verdict}`);
    check(good.verdict === '✓ valid · 4 plies', `game 2's verdict is ${good.verdict}`);
    check(/\bvalid\b/.test(warned.cls) && !warned.cls.includes('invalid'), `game 3, bad only in a variation, is not valid: ${warned.cls}`);
    check(warned.verdict === '✓ valid · 4 plies · 1 warning', `game 3's verdict is ${warned.verdict}`);
    for (const part of ['in a variation', 'ply 3', '27x20', 'line 14:29', 'no capture']) check(warned.warnings.includes(part), `game 3's warning lacks "${part}": ${warned.warnings}`);
    check((await page.inputValue('#pdn-text')) === '', '#pdn-text shows the bytes of a packed file as text');
    check(/games\.pdn\.gz/.test(await text(page, '#pdn-file-name')), '#pdn-file-name does not name the file');
  });

  step('12-records-drop', 'j. a Windows-1251 PDN dropped on the page: its Cyrillic names read', async (page) => {
    const pdn = '[White "Иванов Пётр Сергеевич"]\n[Black "Смирнова Ольга Николаевна"]\n[Event "Первенство России"]\n' + '[GameType "25"]\n1. c3-d4 f6-g5 *\n';
    await dropFile(page, '#pdn-text', 'партия.pdn', cp1251(pdn));
    const named = () => /Иванов Пётр Сергеевич/.test(document.getElementById('records').textContent);
    await waitUntil(page, 'one game with its players in Cyrillic', named, null, { show: recordsSeen });
    const summary = await text(page, '#records-summary');
    check(/1 game: 1 valid, 0 not/.test(summary) && /read as windows-1251/.test(summary), `#records-summary says ${summary}`);
    check(/Смирнова Ольга Николаевна/.test(await text(page, '#records li.record .players')), 'Black is not read in Cyrillic');
  });

  step('13-variant-drop', 'j. a .toml dropped on the editor becomes the variant', async (page) => {
    await page.click('#tab-play');
    // No engine on either side: English starts with Black, whom the races left to it.
    await page.selectOption('#engine-side', 'none');
    const english = await (await page.request.get(new URL('api/variants/english', page.url()).href, { timeout: WAIT })).json();
    await dropFile(page, '#editor', 'mine.toml', Buffer.from(english.text));
    await waitUntil(
      page,
      "mine.toml in the editor, English's board (32 cells, 24 pieces)",
      () =>
        /mine\.toml/.test(document.getElementById('file-name').textContent) &&
        document.querySelectorAll('#board [data-square]').length === 32 &&
        document.querySelectorAll('#board [data-piece]').length === 24,
      null,
      { show: () => ({ file: document.getElementById('file-name').textContent, status: document.getElementById('status').textContent }) },
    );
    check((await page.inputValue('#editor')) === english.text, '#editor does not hold the dropped file');
  });

  step('14-edits-kept', "j. the editor's edits kept across a reload, and said to be", async (page) => {
    await pickVariant(page, 'english', 32, 24);
    const edited = `# kept across a reload\n${await page.inputValue('#editor')}`;
    await page.fill('#editor', edited);
    await waitUntil(page, 'the edit compiled', () => /✓/.test(document.getElementById('compile-state').textContent));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitUntil(
      page,
      'the edited text back in #editor, #editor-note saying so, the board of English',
      (t) =>
        document.getElementById('editor').value === t &&
        !document.getElementById('editor-note').hidden &&
        document.querySelectorAll('#board [data-square]').length === 32,
      edited,
      { show: () => ({ note: document.getElementById('editor-note').textContent, file: document.getElementById('file-name').textContent }) },
    );
    const note = await text(page, '#editor-note');
    check(/edits of english\.toml are back/.test(note), `#editor-note says ${note}`);
    check(/edited/.test(await text(page, '#file-name')), '#file-name does not say the text is edited');
    // The shipped file loaded again: nothing kept any more; "Restore edits" brings them back.
    await pickVariant(page, 'international', 50, 40);
    check(await page.isHidden('#editor-note'), '#editor-note is still shown');
    check((await page.evaluate(() => localStorage.getItem('polydame-studio:editor'))) === null, 'the edits are still kept after loading the shipped file');
    check(await page.isVisible('#restore-text'), '"Restore edits" is not offered');
    check((await count(page, '#board [data-square]')) === 50, 'not International');
  });
}
