// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Pure text helpers for the page: status lines, times, file checks, batch output.
 * No DOM here, so tests run them in Node.
 */
import type { BatchItem, SolveResult } from '../solver/protocol';

/** Largest file the page reads, in bytes (64 MiB). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Format a duration for people.
 *
 * @param ms milliseconds (finite, ≥ 0)
 * @returns e.g. "0.27 ms", "1.3 ms", "42 ms", "1.25 s", "73 s"
 */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '? ms';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 100_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 1000)} s`;
}

/**
 * A millisecond count for a table column (no unit): "0.27", "5.4", "45.3", "1234".
 *
 * @param ms milliseconds (finite, ≥ 0)
 */
export function formatMsNumber(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
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

/** "1 thing" / "2 things". */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : pluralForm}`;
}

/**
 * Check a file before reading it.
 *
 * @param size the file's size in bytes
 * @returns a message refusing the file, or `null` when it may be read
 */
export function checkFileSize(size: number): string | null {
  if (size === 0) return 'The file is empty.';
  if (size > MAX_FILE_BYTES) {
    return `The file is too large (${formatBytes(size)}); gridmilp reads files up to ${formatBytes(MAX_FILE_BYTES)}.`;
  }
  return null;
}

/**
 * The status line for a solve result, e.g.
 * "Solved in 1.3 ms · 0 branch-and-bound nodes · 729 variables, 324 constraints".
 */
export function describeSolve(result: SolveResult): string {
  const s = result.stats;
  const size = `${plural(s.columns, 'variable')}, ${plural(s.rows, 'constraint')}`;
  const nodes = plural(s.nodes, 'branch-and-bound node');
  const time = formatMs(s.totalMs);
  switch (result.status) {
    case 'optimal':
    case 'feasible':
      return `Solved in ${time} · ${nodes} · ${size}`;
    case 'infeasible':
      return 'No solution: these givens admit no valid grid.';
    case 'time_limit':
      return result.solution
        ? `Time limit reached after ${time}; showing the solution found so far.`
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
 * Sum of the 3-digit numbers in the top-left corners of the solutions (Project Euler
 * problem 96).
 *
 * @returns the sum, or `null` unless every item has a solution
 */
export function eulerCornerSum(items: readonly BatchItem[]): number | null {
  let sum = 0;
  for (const item of items) {
    if (typeof item.solution !== 'string' || !/^[1-9]{3}/.test(item.solution)) return null;
    sum += Number(item.solution.slice(0, 3));
  }
  return items.length > 0 ? sum : null;
}

/** The one-line outcome of a batch item: "solved", "no solution", "error", ... */
export function itemStatusText(item: BatchItem): string {
  if (item.error) return 'error';
  switch (item.status) {
    case 'optimal':
    case 'feasible':
      return 'solved';
    case 'infeasible':
      return 'no solution';
    case 'time_limit':
      return item.solution ? 'solved (time limit)' : 'time limit';
    case undefined:
      return 'pending';
    default:
      return item.status;
  }
}

/**
 * The "Download solutions" text: one line per puzzle in input order, the solution
 * (n·n digits), or `no solution`, or `error: MESSAGE`; ends with a newline.
 */
export function solutionsText(items: readonly BatchItem[]): string {
  const lines = items.map((item) => {
    if (item.error) return `error: ${item.error.message.replace(/\s+/g, ' ')}`;
    if (typeof item.solution === 'string') return item.solution;
    if (item.status === 'infeasible') return 'no solution';
    return `no solution (${item.status ?? 'not solved'})`;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Counts of a batch's outcomes. */
export interface BatchCounts {
  solved: number;
  noSolution: number;
  errors: number;
}

/** Count solved / no-solution / error items. */
export function countOutcomes(items: readonly BatchItem[]): BatchCounts {
  const counts: BatchCounts = { solved: 0, noSolution: 0, errors: 0 };
  for (const item of items) {
    if (item.error) counts.errors++;
    else if (typeof item.solution === 'string') counts.solved++;
    else counts.noSolution++;
  }
  return counts;
}

/**
 * Turn a canonical givens/solution string into the cells of a board.
 *
 * @param text n·n characters, `1`–`9` or `.`
 * @returns 0 for empty, else the digit; throws when the length is not 81
 */
export function cellsFromString(text: string): number[] {
  if (text.length !== 81) throw new Error(`Expected 81 cells, got ${text.length}.`);
  return [...text].map((ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
}

/** The canonical 81-character form of board cells (0 → `.`). */
export function stringFromCells(cells: readonly number[]): string {
  return cells.map((v) => (v >= 1 && v <= 9 ? String(v) : '.')).join('');
}
