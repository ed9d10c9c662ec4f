// The studio's JSON API, one function per endpoint (docs/studio.md).
//
// Every call resolves with the answer's JSON, or throws an ApiError: an HTTP 4xx/5xx
// answer ({"error": {"code", "message", ...}}) or a network failure (code "network").

/** An error answer of the server, or a request that never got one. */
export class ApiError extends Error {
  constructor(status, info) {
    super(info?.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    /** The error object as the server sent it: code, message and any extra fields. */
    this.info = info || {};
    this.code = this.info.code || (status ? `http-${status}` : 'network');
  }
}

/**
 * One request; `body` (an object) is sent as JSON. `signal` (an AbortSignal) cancels it:
 * the call then throws an ApiError of code "aborted", and the server stops the work.
 */
async function request(method, path, body, signal) {
  const init = { method, headers: { Accept: 'application/json' }, signal };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    if (e.name === 'AbortError') throw new ApiError(0, { code: 'aborted', message: 'the request was cancelled' });
    throw new ApiError(0, { code: 'network', message: `the server cannot be reached (${e.message})` });
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const info = data?.error || { message: text.trim().slice(0, 200) || response.statusText };
    throw new ApiError(response.status, info);
  }
  if (data === null) throw new ApiError(response.status, { code: 'bad-answer', message: 'the server sent no JSON' });
  return data;
}

// Relative paths: the page works wherever the server mounts it.
export const listVariants = () => request('GET', 'api/variants');
export const variantText = (id) => request('GET', `api/variants/${encodeURIComponent(id)}`);
export const compile = (variant) => request('POST', 'api/compile', { variant });

/** A game: `moves` played from `fen` (null: the variant's start). */
export function game(variant, fen, moves) {
  const body = { variant, moves };
  if (fen) body.fen = fen;
  return request('POST', 'api/game', body);
}

/** The engine's best move after `moves` from `fen`; `signal` cancels the search. */
export function best(variant, fen, moves, depth, timeMs, signal) {
  const body = { variant, moves, depth };
  if (fen) body.fen = fen;
  if (timeMs) body.time_ms = timeMs;
  return request('POST', 'api/best', body, signal);
}

/**
 * Checks every game of a PDN: `source` is `{pdn: TEXT}` or `{file: {name, base64}}` (a
 * file's bytes, which the server unpacks and decodes as the command line does);
 * `variant` (optional) is the variant of all of them.
 */
export function validate(source, variant) {
  const body = { ...source };
  if (variant) body.variant = variant;
  return request('POST', 'api/validate', body);
}

/** Starts a designer's report; `labels` name the variants' columns. Resolves with {job}. */
export function startReport(variants, games, depth, maxPlies, labels) {
  const body = { variants, games, depth };
  if (maxPlies) body.max_plies = maxPlies;
  if (labels) body.labels = labels;
  return request('POST', 'api/report', body);
}

export const reportStatus = (job) => request('GET', `api/report/${encodeURIComponent(job)}`);
export const cancelReport = (job) => request('DELETE', `api/report/${encodeURIComponent(job)}`);
