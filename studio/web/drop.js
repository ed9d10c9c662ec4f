// Files dropped on the page: a variant file (.toml) becomes the editor's text, a PDN file
// (.pdn, .txt, packed or not: .pdn.gz, .bz2, .zst) opens in Records. A file dropped never
// opens in the tab instead (the browser's way with a file dropped on a page), and one of
// another kind is refused with a word. While a file is dragged over the page, the body
// has the class `dropping` (the editor and the records are outlined).

import { say } from './app.js';
import { openVariantFile } from './variant.js';
import { openPdnFile } from './records.js';

const PDN_FILE = /\.(pdn|txt)(\.(gz|bz2|zst))?$|\.(gz|bz2|zst)$/i;

/** What a dropped file is: `variant`, `pdn`, or null. */
export function dropKind(name) {
  if (/\.toml$/i.test(name)) return 'variant';
  return PDN_FILE.test(name) ? 'pdn' : null;
}

const hasFiles = (event) => [...(event.dataTransfer?.types || [])].includes('Files');

let over = 0; // dragenter less dragleave: the page is under a dragged file while > 0

export function wireDrops() {
  const show = (on) => document.body.classList.toggle('dropping', on);
  document.addEventListener('dragenter', (event) => {
    if (hasFiles(event)) show(++over > 0);
  });
  document.addEventListener('dragleave', (event) => {
    if (hasFiles(event)) show((over = Math.max(0, over - 1)) > 0);
  });
  document.addEventListener('dragover', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  // In the capture phase: before the editor's textarea takes the drop as text.
  document.addEventListener(
    'drop',
    (event) => {
      if (!hasFiles(event)) return; // text dragged within the page: the browser's own way
      event.preventDefault();
      event.stopPropagation();
      over = 0;
      show(false);
      const file = event.dataTransfer.files[0];
      if (file) openDropped(file);
    },
    true,
  );
}

function openDropped(file) {
  const kind = dropKind(file.name);
  if (kind === 'variant') openVariantFile(file);
  else if (kind === 'pdn') openPdnFile(file);
  else say(`${file.name} was not opened: drop a variant file (.toml) or a PDN file (.pdn, .pdn.gz, .pdn.bz2, .pdn.zst).`);
}
