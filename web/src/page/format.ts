// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Pure text helpers for the page: status lines, times, file checks, symbols (the words
 * for the results of the actions fetched on first use are in format-results.ts).
 * No DOM here, so tests run them in Node.
 */
import { usualBoxHeight } from '../solver/boxes';
import type {
  ObjectiveResult,
  PuzzleFormat,
  ReductionInfo,
  SolveResult,
  SolveStats,
} from '../solver/protocol';

/**
 * Candidates a reduction removed by locked candidates and naked and hidden pairs (the
 * reduced model's elimination rules; probing is counted apart, in `probing`).
 * @param reduction a response's `reduction`, or undefined (then 0)
 * @returns the number of candidates (x[r,c,d] variables) removed
 */
export function removedByEliminations(reduction: ReductionInfo | undefined): number {
  return reduction ? (reduction.lockedCandidates ?? 0) + (reduction.nakedPairs ?? 0) + (reduction.hiddenPairs ?? 0) : 0;
}

/** Largest file the page reads, in bytes (64 MiB). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** underTheClock's answer, once measured. */
let underTheClockSaid: string | undefined;

/**
 * How a time measured as 0 is said: "< step", the step of this browser's clock, found
 * by reading `performance.now()` until it moves (the least of three moves, once). A
 * page that is not cross-origin isolated gets 0.1 ms in Chromium and up to 1 ms in
 * other browsers (their documented timer coarsening), so Chromium's table reads "< 0.1"
 * beside "0.20", where a fixed "< 1" read as more than "0.10"; "0.00" read as no time.
 *
 * @returns "< 0.1", "< 1": the step in ms, to 0.01 (at least 0.01) and at most 1
 */
function underTheClock(): string {
  if (underTheClockSaid === undefined) {
    let least = 1;
    // At most 200,000 reads in all (a few ms): a clock coarsened further (a browser's
    // fingerprinting shield) is said "< 1".
    for (let i = 0, reads = 0; i < 3 && reads < 200_000; i++) {
      const start = performance.now();
      let now = start;
      while (now === start && ++reads < 200_000) now = performance.now();
      if (now > start) least = Math.min(least, now - start);
    }
    underTheClockSaid = `< ${Math.max(0.01, Math.round(least * 100) / 100)}`;
  }
  return underTheClockSaid;
}

/**
 * Format a duration for people.
 *
 * @param ms milliseconds (finite, ≥ 0)
 * @returns e.g. "< 0.1 ms" (0: below the clock's step, underTheClock), "0.27 ms", "1.3 ms", "42 ms",
 *   "1.25 s", "73 s"
 */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '? ms';
  if (ms === 0) return `${underTheClock()} ms`;
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 100_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 1000)} s`;
}

/**
 * A millisecond count for a table column (no unit): "< 0.1" (0: below the clock's step, underTheClock),
 * "0.27", "5.4", "45.3", "1234".
 *
 * @param ms milliseconds (finite, ≥ 0)
 */
export function formatMsNumber(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms === 0) return underTheClock();
  if (ms < 1) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return String(Math.round(ms));
}

/**
 * Format a byte count: "812 bytes", "4.9 KB", "70.0 MB" (1 KB = 1024 bytes).
 *
 * @param bytes a size in bytes
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A number as English text with thousands grouped: 12345 → "12,345", 1234.5678 →
 * "1,234.568" (at most 3 decimals, trailing zeros dropped), as
 * `n.toLocaleString('en-US')` writes it, without Intl: a page's first call of
 * toLocaleString loads ICU's number formatting, 20–30 ms of the first click in a fresh
 * Chromium (docs/performance.md). Infinity and NaN as String writes them.
 *
 * @param n any number
 */
export function grouped(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole, fraction] = Math.abs(n).toFixed(3).split('.') as [string, string];
  const decimals = fraction.replace(/0+$/, '');
  return `${n < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${decimals ? `.${decimals}` : ''}`;
}

/** "1 thing" / "2 things". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${grouped(n)} ${n === 1 ? singular : pluralForm}`;
}

/**
 * What a text's read left out, for the end of a status line: " Left out 2 lines that
 * could not be read: Line 2 has 80 cells…; Line 4, column 1: …." A text of puzzles one a
 * line (or of URLs) loses lines, any other puzzles (a record, a grid); the engine's
 * messages name where (protocol.md, "parse", `refused`).
 *
 * @param messages each left-out part's message, in text order
 * @param format the text's layout (`parse`'s `format`)
 * @returns the sentence with a leading space, or '' when nothing was left out
 */
export function leftOutText(messages: readonly string[], format: PuzzleFormat): string {
  if (messages.length === 0) return '';
  const what = format === 'one-per-line' || format === 'urls' ? 'line' : 'puzzle';
  return ` Left out ${messages.length === 1 ? `a ${what}` : `${messages.length} ${what}s`} that could not be read: ${messages.map((m) => m.replace(/\.$/, '')).join('; ')}.`;
}

/**
 * Whether a chosen file is read as a spreadsheet (actions/spreadsheet.ts, on either page)
 * rather than as puzzle text: those gridmilp reads, and .ods / .xls, which the reader
 * refuses with their own advice (save as .xlsx) rather than as binary data.
 *
 * @param name the file's name
 */
export function isSpreadsheetName(name: string): boolean {
  return /\.(xlsx|xlsm|csv|tsv|ods|xls)$/i.test(name);
}

/**
 * Check a file before reading it.
 *
 * @param size the file's size in bytes
 * @param name the file's name, for the message (default "The file")
 * @returns a message refusing the file, or `null` when it may be read
 */
export function checkFileSize(size: number, name = 'The file'): string | null {
  if (size === 0) return `${name} is empty.`;
  if (size > MAX_FILE_BYTES) {
    return `${name} is too large (${formatBytes(size)}); gridmilp reads files up to ${formatBytes(MAX_FILE_BYTES)}.`;
  }
  return null;
}

/**
 * What a file that is not text is, from its first bytes: a file format's signature
 * (PNG, JPEG, GIF, PDF, ZIP, gzip: their published magic numbers), UTF-16 by its byte
 * order mark, else "binary data" when a NUL byte is among them. The native CLI finds the
 * same kinds (cpp/cli/main.cpp, binaryKind), and points spreadsheets to the npm CLI.
 *
 * @param head the file's first bytes (4,096 are looked at)
 * @returns what the file is ("a PNG image"), or `null` when it may be text
 */
export function binaryKind(head: Uint8Array): string | null {
  const starts = (...magic: number[]): boolean => magic.every((b, i) => head[i] === b);
  const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
  if (starts(0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a)) return 'a PNG image';
  if (starts(0xff, 0xd8, 0xff)) return 'a JPEG image';
  if (starts(...ascii('GIF87a')) || starts(...ascii('GIF89a'))) return 'a GIF image';
  if (starts(...ascii('%PDF-'))) return 'a PDF document';
  if (starts(...ascii('PK'), 0x03, 0x04)) return 'a ZIP archive (a spreadsheet is read by its extension: .xlsx, .xlsm)';
  if (starts(0x1f, 0x8b)) return 'a gzip archive';
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff)) return 'UTF-16 text (save it as UTF-8)';
  if (head.subarray(0, 4096).includes(0)) return 'binary data';
  return null;
}

/**
 * Read a chosen file as text, once it is known to be text (an image read as text was
 * reported as a puzzle's bad character: "unexpected '�' (a cell is 1-4 …)"). The file
 * is read once, whole (up to checkFileSize's limit; an image is refused after that
 * read, not after its first 4 KB as before), its first 4,096 bytes looked at
 * ({@link binaryKind}), then decoded as UTF-8 as `Blob.text()` does (a byte order mark
 * dropped, bad bytes as U+FFFD): two reads were two round trips to the browser's
 * process, 1–6 ms each on 2 cores while a batch's workers start.
 *
 * @param file the chosen file (its size checked before: checkFileSize)
 * @returns its text (a string), or `{ refusal }`, the message refusing the file
 *   ("photo.png is a PNG image, not a puzzle text: …")
 * @throws the read's error (as rejection), e.g. a file removed since it was chosen
 */
export async function readTextFile(file: File): Promise<string | { refusal: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = binaryKind(bytes);
  if (kind === null) return new TextDecoder().decode(bytes);
  return {
    refusal: `${file.name} is ${kind}, not a puzzle text: gridmilp reads puzzles as UTF-8 text (one puzzle a line, grids, records) or from a spreadsheet (.xlsx, .xlsm, .csv, .tsv). Nothing was changed.`,
  };
}

/**
 * Check a text (pasted, typed or loaded) before sending it to the solver: the same
 * limit as for files, so that one paste cannot take the worker past WebAssembly's
 * 2 GB (a 400-MB paste crashed the whole tab in Chromium, worker and page together).
 *
 * @param length the text's length in UTF-16 code units (`text.length`)
 * @param source what the text is, for the message ("the pasted text")
 * @returns a message refusing the text, or `null` when it may be read
 */
export function checkTextSize(length: number, source: string): string | null {
  if (length <= MAX_FILE_BYTES) return null;
  const what = source.charAt(0).toUpperCase() + source.slice(1);
  return `${what} is too large (${plural(length, 'character')}); gridmilp reads texts up to ${plural(MAX_FILE_BYTES, 'character')} (${formatBytes(MAX_FILE_BYTES)}). Nothing was changed.`;
}

/**
 * The status line for a solve result, e.g.
 * "Solved in 1.3 ms · 0 branch-and-bound nodes · 729 variables, 324 constraints"; with
 * the SAT method "Solved in 1.1 ms · CNF-SAT by MiniSat: 1,405 clauses, 3 conflicts · …".
 */
export function describeSolve(result: SolveResult): string {
  const s = result.stats;
  const size = `${plural(s.columns, 'variable')}, ${plural(s.rows, 'constraint')}`;
  const nodes = s.sat
    ? `CNF-SAT by MiniSat: ${plural(s.sat.clauses, 'clause')}, ${plural(s.sat.conflicts, 'conflict')}`
    : plural(s.nodes, 'branch-and-bound node');
  const time = formatMs(s.totalMs);
  const model = result.model && result.model !== 'textbook' ? ` (${result.model} model)` : '';
  const reduction = result.reduction;
  const fixed = reduction ? reduction.nakedSingles + reduction.hiddenSingles : 0;
  if (result.decidedBy === 'reduction') {
    const detail = reduction
      ? ` (${reduction.nakedSingles} naked, ${reduction.hiddenSingles} hidden)`
      : '';
    const eliminated = removedByEliminations(reduction);
    const probed = reduction?.probing ?? 0;
    const removedBy = [
      eliminated > 0 ? `${plural(eliminated, 'candidate')} removed by locked candidates and pairs` : '',
      probed > 0 ? `${plural(probed, 'candidate')} removed by probing` : '',
    ].filter((part) => part !== '');
    const helped = removedBy.length > 0 ? `, helped by ${removedBy.join(' and ')}` : '';
    if (result.status === 'optimal' || result.status === 'feasible') {
      return `Solved in ${time} · Decided by the model reduction: ${plural(fixed, 'cell')} fixed by naked/hidden singles${detail}${helped}; GLPK had nothing left to decide`;
    }
    if (result.status === 'infeasible') {
      return `No solution · Decided by the model reduction: after ${plural(fixed, 'cell')} fixed by naked/hidden singles it met a contradiction; GLPK had nothing left to decide.`;
    }
  }
  switch (result.status) {
    case 'optimal':
    case 'feasible':
      return `Solved in ${time} · ${nodes} · ${size}${model}${objectivePart(result.objective)}`;
    case 'infeasible':
      return result.placed !== undefined
        ? `No solution: the packing model's largest fill keeps every given and places ${result.placed} of ${result.size ** 2} digits; the cells it leaves empty are hatched.`
        : 'No solution: these givens admit no valid grid.';
    case 'time_limit':
      return result.solution
        ? `Time limit reached after ${time}; showing the solution found so far${objectivePart(result.objective)}.`
        : `Time limit reached after ${time} without a solution.`;
    case 'cancelled':
      return 'The solve was cancelled.';
    case 'unbounded':
      return 'The solver reported an unbounded model (this is a bug in gridmilp).';
    case 'error':
      return 'The solver reported an error.';
  }
}

/**
 * " · objective 45 (optimal)" or " · objective 45, bound 47, gap 4.3%"; empty without
 * an objective.
 */
export function objectivePart(objective: ObjectiveResult | undefined): string {
  if (!objective) return '';
  const value = formatNumber(objective.value);
  if (objective.gap === 0) return ` · objective ${value} (optimal)`;
  return ` · objective ${value}, bound ${formatNumber(objective.bound)}, gap ${formatPercent(objective.gap)} (not proved optimal)`;
}

/** A number for people: integers as is, others to 4 significant digits. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x)) return String(x);
  const rounded = Math.round(x);
  if (Math.abs(x - rounded) < 1e-6) return String(rounded);
  return String(Number(x.toPrecision(6)));
}

/** A ratio as a percentage: 0.0431 → "4.31%". */
export function formatPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return String(ratio);
  return `${Number((ratio * 100).toPrecision(3))}%`;
}

// ---- Sizes and symbols -------------------------------------------------------

/** A board shape: side n with boxes of h rows × w columns (h·w = n). */
export interface Shape {
  size: number;
  boxHeight: number;
  boxWidth: number;
}

/** The engine's box height for side n (solver/boxes.ts). */
export { usualBoxHeight };

/** The sizes the page offers, with the engine's default box shapes. */
export const SHAPES: readonly Shape[] = [
  { size: 4, boxHeight: 2, boxWidth: 2 },
  { size: 6, boxHeight: 2, boxWidth: 3 },
  { size: 8, boxHeight: 2, boxWidth: 4 },
  { size: 9, boxHeight: 3, boxWidth: 3 },
  { size: 10, boxHeight: 2, boxWidth: 5 },
  { size: 12, boxHeight: 3, boxWidth: 4 },
  { size: 16, boxHeight: 4, boxWidth: 4 },
  { size: 25, boxHeight: 5, boxWidth: 5 },
];

/** Canonical characters: value 1 → `1`, …, 9 → `9`, 10 → `A`, …, 35 → `Z`. */
const CANONICAL = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The canonical character of a value.
 *
 * @param value 1–35, or 0 for empty
 * @returns `1`–`9`, `A`–`Z`, or `.` for 0 (and for anything out of range)
 */
export function canonicalChar(value: number): string {
  return CANONICAL[value - 1] ?? '.';
}

/**
 * The value of a canonical character (case-insensitive).
 *
 * @returns 1–35, or 0 for `.` and anything that is not a canonical character
 */
export function valueOfChar(ch: string): number {
  return CANONICAL.indexOf(ch.toUpperCase()) + 1;
}

/**
 * The symbol shown for a value.
 *
 * @param value 1–n (0 = empty → "")
 * @param hex the 0–F convention (16×16 only): value 1 shows as `0`, 16 as `F`
 */
export function displaySymbol(value: number, hex = false): string {
  if (value <= 0) return '';
  return hex ? (value - 1).toString(16).toUpperCase() : canonicalChar(value);
}

/**
 * The value a typed key stands for on an n×n board.
 *
 * @param key a `KeyboardEvent.key` (one character; letters case-insensitive)
 * @param size n
 * @param hex the 0–F convention (16×16): `0` is value 1, `F` value 16
 * @returns 1–n, or `null` when the key is not a symbol of this size
 */
export function valueFromKey(key: string, size: number, hex = false): number | null {
  if (key.length !== 1) return null;
  let value: number;
  if (hex) {
    if (!/^[0-9a-f]$/i.test(key)) return null;
    value = parseInt(key, 16) + 1;
  } else {
    value = valueOfChar(key);
  }
  return value >= 1 && value <= size ? value : null;
}

/** "1–9", "1–9, A–G", "0–F": the symbols of a size, for hints. */
export function symbolRange(size: number, hex = false): string {
  if (hex) return `0–${displaySymbol(size, true)}`;
  if (size <= 9) return `1–${size}`;
  return `1–9, A–${canonicalChar(size)}`;
}

/**
 * Turn a canonical givens/solution string into the cells of a board.
 *
 * @param text n·n characters, `1`–`9` then `A`–`Z`, `.` for empty
 * @param size n (default 9)
 * @returns 0 for empty, else the value; throws when the length is not n·n
 */
export function cellsFromString(text: string, size = 9): number[] {
  if (text.length !== size * size) {
    throw new Error(`Expected ${size * size} cells, got ${text.length}.`);
  }
  return [...text].map((ch) => {
    const v = valueOfChar(ch);
    return v <= size ? v : 0;
  });
}

/** The canonical form of board cells (0 → `.`, 10 → `A`, …). */
export function stringFromCells(cells: readonly number[]): string {
  return cells.map((v) => canonicalChar(v)).join('');
}

/**
 * A bound or objective for the branch-and-bound panel: `—` for none or GLPK's
 * ±DBL_MAX "no bound yet" (|x| ≥ 1e300), else up to 4 decimals.
 */
export function formatBound(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x) || Math.abs(x) >= 1e300) return '—';
  return String(Math.round(x * 1e4) / 1e4);
}
