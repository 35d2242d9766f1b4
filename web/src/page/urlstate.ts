// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page state kept in URLs: the main page's hash (`#p=…&n=9&model=reduced&obj=diagonal`)
 * and the `?bd=` form of popular Sudoku sites; the embed page's query string adds to it
 * in embed-state.ts. Pure functions, no DOM.
 */

import { MODEL_KINDS, SOLVE_METHODS, type ModelKind, type SolveMethod } from '../solver/protocol';

/** The objectives a URL may name: the presets, and `weighted` with its weights (`w`, `sense`). */
export const OBJECTIVES = ['none', 'diagonal', 'firstRow', 'weighted'] as const;

/** An objective (`none` = any solution). */
export type UrlObjective = (typeof OBJECTIVES)[number];

/**
 * The parameters of a puzzle state in a link, which readState reads (`bd` for `p`) and
 * stateParams writes; the embed page adds its own (embed-state.ts).
 */
export const STATE_PARAMETERS = ['p', 'bd', 'n', 'model', 'method', 'obj', 'w', 'sense', 'sym'] as const;

/** A puzzle and the options that travel with it in a link. */
export interface UrlState {
  /** The side length n. */
  size: number;
  /** n·n canonical characters (`1`–`9`, `A`–`Z`, `.` empty). */
  givens: string;
  model: ModelKind;
  /** `method=sat` in a link; branch-and-bound is the default. */
  method: SolveMethod;
  objective: UrlObjective;
  /** `weighted`: one weight per cell, row by row (`w=2,1,…`; all 1 when absent or not n·n numbers). */
  weights?: number[];
  /** `weighted`: `sense=minimize` in a link; the weighted sum is maximized by default. */
  minimize?: boolean;
  /** `sym=hex` in a link: a 16×16 shown and typed in 0–F (the givens stay canonical). */
  symbols?: 'hex';
}


/**
 * Canonical givens from text as found in a link: `0`, `.`, `-`, `_` and `*` are empty,
 * letters are upper-cased, white space (rows on lines of their own, `+` for a space in a
 * query) is dropped; `null` unless the result is n·n characters for some n ≥ 1.
 */
export function canonicalGivens(text: string): string | null {
  const out = text
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/[0\-_*]/g, '.');
  if (!/^[.1-9A-Z]+$/.test(out)) return null;
  const n = Math.round(Math.sqrt(out.length));
  return n * n === out.length ? out : null;
}

/** `value` when it is one of `allowed`, else `fallback`. */
export function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}

/** A canonical given's value: `1`–`9` → 1–9, `A`–`Z` → 10–35 (`.` → 0). */
function symbolValue(ch: string): number {
  if (ch === '.') return 0;
  return ch <= '9' ? Number(ch) : ch.charCodeAt(0) - 55;
}

/** The symbols of an n×n puzzle in words: "1-9", "1-9, A-G". */
function symbolRange(n: number): string {
  return n <= 9 ? `1-${n}` : `1-9, A-${String.fromCharCode(55 + n)}`;
}

/** The 0-based place of the first canonical given above n, or -1 (a 9 in a 4×4, an A in a 9×9). */
function firstOutOfRange(givens: string, n: number): number {
  return [...givens].findIndex((ch) => symbolValue(ch) > n);
}

/** A link's `w`: n·n finite numbers, comma-separated, else null. */
function readWeights(text: string | null, n: number): number[] | null {
  const w = text?.split(',').map((x) => (x.trim() === '' ? NaN : Number(x))) ?? [];
  return w.length === n * n && w.every(Number.isFinite) ? w : null;
}

/**
 * Read the puzzle state from URL parameters (`p`, `n`, `model`, `method`, `obj` with `w` and `sense`, `sym`; `bd` is
 * accepted for `p`; `sym=hex` counts for a 16×16 only). `n` must agree with the puzzle's length; when `p` is absent an empty n×n
 * puzzle is meant. `p` is written in the canonical symbols whatever `sym` says (1–9, then
 * A–Z: a 16×16's sixteen are 1–G). Returns `null` when no usable puzzle is named,
 * including one with a given above n (an `A` in a 9×9).
 */
export function readState(params: URLSearchParams): UrlState | null {
  const raw = params.get('p') ?? params.get('bd');
  const nText = params.get('n');
  const n = nText !== null && /^\d{1,2}$/.test(nText) ? Number(nText) : null;
  let givens: string | null;
  if (raw === null || raw === '') {
    if (n === null || n < 1) return null;
    givens = '.'.repeat(n * n);
  } else {
    givens = canonicalGivens(raw);
    if (givens === null) return null;
  }
  const size = Math.round(Math.sqrt(givens.length));
  if (n !== null && n !== size) return null;
  if (firstOutOfRange(givens, size) >= 0) return null; // badStateReason names it
  const objective = pick(params.get('obj'), OBJECTIVES, 'none');
  const weights = readWeights(params.get('w'), size);
  return {
    size,
    givens,
    model: pick(params.get('model'), MODEL_KINDS, 'textbook'),
    method: pick(params.get('method'), SOLVE_METHODS, 'branch-and-bound'),
    objective,
    ...(objective === 'weighted'
      ? { weights: weights ?? new Array<number>(size * size).fill(1), minimize: params.get('sense') === 'minimize' }
      : {}),
    ...(size === 16 && params.get('sym') === 'hex' ? { symbols: 'hex' as const } : {}),
  };
}

/**
 * Why URL parameters that name a puzzle (`p` or `bd`) name no usable one, in words for
 * the status line; `null` when they name none or a usable one.
 *
 * @param params the hash's (or query's) parameters
 * @returns e.g. "its character 1, '<', is not a cell (1-9, A-Z; . 0 - _ * for empty)",
 *   "its character 1, 'A', is not a given of a 9×9 (1-9; . 0 - _ * for empty)"
 */
export function badStateReason(params: URLSearchParams): string | null {
  const raw = params.get('p') ?? params.get('bd');
  if (raw === null || raw === '' || readState(params) !== null) return null;
  const text = raw.replace(/\s+/g, '');
  const at = [...text].findIndex((ch) => !/^[.1-9A-Za-z0\-_*]$/.test(ch));
  if (at >= 0) {
    const ch = [...text][at]!;
    return `its character ${at + 1}, '${ch}', is not a cell (1-9, A-Z; . 0 - _ * for empty)`;
  }
  const n = Math.round(Math.sqrt(text.length));
  if (n * n !== text.length) return `its ${text.length} cells are not n×n for any n`;
  const named = params.get('n');
  if (named !== null && named !== String(n)) return `n=${named} does not match its ${text.length} cells (${n}×${n})`;
  const above = firstOutOfRange(canonicalGivens(text) ?? '', n);
  if (above >= 0) {
    return `its character ${above + 1}, '${[...text][above]!}', is not a given of a ${n}×${n} (${symbolRange(n)}; . 0 - _ * for empty)`;
  }
  return `n=${named ?? ''} does not match its ${text.length} cells (${n}×${n})`;
}

/**
 * The address hash of a genre page: `#genre=ID`, with `&pzl=URL` (a puzz.link URL) or
 * `&text=RECORD` (a janko-style record), each percent-encoded (readGenreHash reads it).
 * The Sudoku page's own hash never starts with `genre=`.
 *
 * @param genre the genre's id
 * @param puzzle its puzz.link URL, or its record's text, or neither
 */
export function genreHash(genre: string, puzzle: { url?: string; text?: string }): string {
  const parts = [`genre=${encodeURIComponent(genre)}`];
  if (puzzle.url !== undefined) parts.push(`pzl=${encodeURIComponent(puzzle.url)}`);
  else if (puzzle.text !== undefined) parts.push(`text=${encodeURIComponent(puzzle.text)}`);
  return `#${parts.join('&')}`;
}

/** A genre page's address hash (genreHash), or null when the hash is not one. */
export function readGenreHash(hash: string): { genre: string; url?: string; text?: string } | null {
  const bare = hash.replace(/^#/, '');
  if (!bare.startsWith('genre=')) return null;
  const params = new URLSearchParams(bare);
  const genre = params.get('genre') ?? '';
  const url = params.get('pzl');
  const text = params.get('text');
  return { genre, ...(url !== null ? { url } : text !== null ? { text } : {}) };
}

/** The main page's state from its location hash (with or without the leading `#`). */
export function readHash(hash: string): UrlState | null {
  return readState(new URLSearchParams(hash.replace(/^#/, '')));
}

/**
 * URL parameters for `state`; defaults (textbook, branch-and-bound, no objective, weights
 * all 1, maximize) are left out, and so are weights that are not one per cell.
 */
export function stateParams(state: UrlState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('p', state.givens);
  params.set('n', String(state.size));
  if (state.model !== 'textbook') params.set('model', state.model);
  if (state.method !== 'branch-and-bound') params.set('method', state.method);
  if (state.objective !== 'none') params.set('obj', state.objective);
  const w = state.objective === 'weighted' ? (state.weights ?? []) : [];
  if (w.length === state.size ** 2 && w.some((x) => x !== 1)) params.set('w', w.join(','));
  if (state.objective === 'weighted' && state.minimize) params.set('sense', 'minimize');
  if (state.symbols === 'hex' && state.size === 16) params.set('sym', 'hex');
  return params;
}

/** `params` as a query text, keeping commas readable (`panels=board,model`). */
export function queryText(params: URLSearchParams): string {
  return params.toString().replace(/%2C/gi, ',');
}

/** The location hash (with `#`) for `state`. */
export function stateHash(state: UrlState): string {
  return `#${queryText(stateParams(state))}`;
}

/**
 * Why CNF-SAT cannot solve `state` as its link asks, in words for "method=sat: … needs
 * branch-and-bound, which is used": an objective, or the packing model (which maximises);
 * CNF-SAT finds any one solution and optimises nothing. Null when it can. The main page
 * (app/url.ts) and the embed (embed-state.ts, which adds its tree panel) both ask this.
 */
export function satCannotSolve(state: Pick<UrlState, 'objective' | 'model'>): string | null {
  if (state.objective !== 'none') return 'an objective';
  if (state.model === 'packing') return 'the packing model, which maximises,';
  return null;
}

/**
 * A link's parameters that its page does not read, and those it names more than once,
 * one message each ("modle: not a parameter of this page's links (p, bd, …)", "readonly:
 * given 2 times (1, 0); the first is used"; the same value twice is no problem), so that
 * a mistyped or contradicted name is said rather than quietly dropped. The main page (app/url.ts), the embed
 * (embed-state.ts) and a genre link (genre/view.ts) all ask this.
 *
 * @param params the link's parameters (hash or query)
 * @param allowed the names the page reads
 * @param what the links these are, for the message ("this page's links", "this view")
 */
export function unknownParameters(params: URLSearchParams, allowed: readonly string[], what: string): string[] {
  const problems: string[] = [];
  for (const key of new Set(params.keys())) {
    if (!allowed.includes(key)) {
      problems.push(`${key}: not a parameter of ${what} (${allowed.join(', ')})`);
      continue;
    }
    const values = params.getAll(key);
    if (new Set(values).size > 1) problems.push(`${key}: given ${values.length} times (${values.map((v) => (v.length > 20 ? `${v.slice(0, 20)}…` : v)).join(', ')}); the first is used`);
  }
  return problems;
}

/**
 * The status line's sentence for what a link names and the page cannot use ("The link
 * has what this page cannot use: method=fast: …; modle: …."), or '' when nothing; the
 * main page's link (app/url.ts) and a genre link (genre/view.ts) say it alike.
 *
 * @param problems one message each, from optionProblems, unknownParameters and the like
 */
export function cannotUseSentence(problems: readonly string[]): string {
  return problems.length === 0 ? '' : `The link has what this page cannot use: ${problems.join('; ')}.`;
}

/**
 * The model, method and objective of a link that no page can use, one message each
 * ("model=superfast: not one of textbook, candidates, reduced, probed; textbook is used"),
 * for the status line of the page that follows the link (main page and embed alike).
 *
 * @param params the hash's (main page) or query's (embed) parameters
 */
export function optionProblems(params: URLSearchParams): string[] {
  const options: string[] = [];
  const choice = (key: string, allowed: readonly string[], used: string): void => {
    const value = params.get(key);
    if (value !== null && !allowed.includes(value)) {
      options.push(`${key}=${value}: not one of ${allowed.join(', ')}; ${used} is used`);
    }
  };
  choice('model', MODEL_KINDS, 'textbook');
  choice('method', SOLVE_METHODS, 'branch-and-bound');
  choice('obj', OBJECTIVES, 'none');
  choice('sense', ['maximize', 'minimize'], 'maximize');
  const state = readState(params);
  // A sense or weights belong to a weighted objective: with another, they do nothing.
  for (const key of ['sense', 'w']) {
    if (params.has(key) && state !== null && state.objective !== 'weighted') options.push(`${key}: only obj=weighted uses it; it is left out`);
  }
  if (state?.objective === 'weighted' && params.has('w') && readWeights(params.get('w'), state.size) === null) {
    options.push(`w: not ${state.size ** 2} numbers, one per cell; all weights 1 are used`);
  }
  return options;
}
