// Judge: the designer's report on the editor's variant (and another to compare), run as a
// job on the server, polled until done (or cancelled), shown in an iframe with its files
// to download. The columns are named so that the editor's variant and a shipped one of
// the same id tell apart: "english.toml (editor)" beside "english (shipped)".

import * as api from './api.js';
import { $, S } from './app.js';

const REPORT_POLL_MS = 500;

/** The whole number in a field, within [min, max]; `fallback` when it holds none. */
function intOf(input, fallback, min, max) {
  const n = parseInt(input.value, 10);
  if (Number.isNaN(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

/** A link that downloads `text` (of MIME type `type`) as file `name`. */
function download(text, type, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.textContent = name;
  a.className = 'button subtle';
  return a;
}

export async function runJudge(event) {
  event.preventDefault();
  const status = $('judge-status');
  if (!S.live) {
    status.textContent = 'The variant does not compile: fix it first.';
    return;
  }
  const games = intOf($('judge-games'), 10, 1, 200);
  const depth = intOf($('judge-depth'), 2, 1, 6);
  const maxPlies = $('judge-max-plies').value ? intOf($('judge-max-plies'), 0, 1, 100000) : 0;
  const variants = [S.live];
  const labels = [`${S.fileName.slice(0, 60)} (editor)`];
  const second = $('judge-second').value;
  if (second) {
    variants.push({ id: second });
    labels.push(`${second} (shipped)`);
  }
  const progress = $('judge-progress');
  progress.max = games * variants.length;
  progress.value = 0;
  running(true);
  $('judge-downloads').replaceChildren();
  status.textContent = 'Starting…';
  try {
    const { job } = await api.startReport(variants, games, depth, maxPlies || undefined, labels);
    S.report = job;
    pollReport(job);
  } catch (e) {
    status.textContent = e.code === 'busy' ? 'Two reports are running already: try again when one is done.' : `Not started: ${e.message}`;
    running(false);
  }
}

/** Run, or Cancel, as a report runs or not. */
function running(on) {
  $('judge-run').disabled = on;
  $('judge-cancel').hidden = !on;
  $('judge-cancel').disabled = false;
}

/** Cancel: the server stops the report's games; the poll sees it end. */
export async function cancelJudge() {
  const job = S.report;
  if (!job) return;
  $('judge-cancel').disabled = true;
  $('judge-status').textContent = 'Cancelling…';
  try {
    await api.cancelReport(job);
  } catch (e) {
    $('judge-status').textContent = `Not cancelled: ${e.message}`;
    $('judge-cancel').disabled = false;
  }
}

async function pollReport(job) {
  if (S.report !== job) return;
  const status = $('judge-status');
  let r;
  try {
    r = await api.reportStatus(job);
  } catch (e) {
    status.textContent = `The report failed: ${e.message}`;
    running(false);
    return;
  }
  if (S.report !== job) return;
  const progress = $('judge-progress');
  if (r.total) progress.max = r.total;
  progress.value = r.played || 0;
  status.textContent = r.stopping ? 'Cancelling…' : `${r.played || 0} of ${r.total ?? '?'} games played`;
  if (r.error_code === 'cancelled') {
    status.textContent = `Cancelled after ${r.played || 0} of ${r.total ?? '?'} games.`;
    running(false);
  } else if (r.error) {
    status.textContent = `The report failed: ${typeof r.error === 'string' ? r.error : r.error.message || JSON.stringify(r.error)}`;
    running(false);
  } else if (r.done) {
    status.textContent = `Done: ${r.played ?? r.total} games.`;
    progress.value = progress.max;
    running(false);
    showReport(r);
  } else {
    setTimeout(() => pollReport(job), REPORT_POLL_MS);
  }
}

/** The report's page in a sandboxed iframe (no scripts), as tall as its content. */
function showReport(r) {
  const box = $('report');
  const downloads = $('judge-downloads');
  const json = r.json === undefined ? null : typeof r.json === 'string' ? r.json : JSON.stringify(r.json, null, 2);
  if (r.html) {
    const frame = document.createElement('iframe');
    frame.title = 'The designer’s report';
    frame.setAttribute('sandbox', 'allow-same-origin');
    frame.srcdoc = r.html;
    frame.addEventListener('load', () => fitReport());
    box.replaceChildren(frame);
    downloads.append(download(r.html, 'text/html', 'report.html'));
  } else if (json) {
    const pre = document.createElement('pre');
    pre.textContent = json;
    box.replaceChildren(pre);
  }
  if (json) downloads.append(download(json, 'application/json', 'report.json'));
}

export function fitReport() {
  const frame = $('report').querySelector('iframe');
  const doc = frame?.contentDocument;
  if (!doc || !doc.documentElement) return;
  const height = doc.documentElement.scrollHeight;
  if (height > 0) frame.style.height = `${height + 20}px`;
}
