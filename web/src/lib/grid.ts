// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Puzzles as the API takes them (text, or a 2-D array of numbers) and grids as it
 * returns them (canonical one-line text and 2-D arrays), converted without WebAssembly.
 */
import type { ErrorWhere } from '../solver/protocol.js';
import { GridmilpError, invalidArgument } from './errors.js';

/** A grid as n rows of n numbers: 1…n for a value, 0 for an empty cell. */
export type Grid = number[][];

/**
 * A puzzle as the API accepts it: text in any format the parser reads (protocol.md,
 * "parse"; e.g. 81 characters with `.` or `0` for empty, or 9 lines of 9), or a 2-D
 * array of n rows of n whole numbers, 0 for empty and 1…n for a given (n from 1 to 35).
 */
export type PuzzleInput = string | ReadonlyArray<ReadonlyArray<number>>;

/** The largest side length the engine supports. */
export const MAX_SIZE = 35;

/**
 * The longest puzzle text accepted, in UTF-16 code units (64 Mi, about 800,000 9×9
 * puzzles one per line). Longer texts are refused before they are copied into
 * WebAssembly memory.
 */
export const MAX_TEXT_LENGTH = 64 * 1024 * 1024;

/** Canonical symbols: value 1 → `1`, …, 9 → `9`, 10 → `A`, …, 35 → `Z`. */
const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A puzzle ready for a request: the text, plus `size`/`symbols` when it came as an array. */
export interface PuzzleText {
  puzzle: string;
  /** Set when the puzzle was an array: its side length. */
  size?: number;
  /** Set when the puzzle was an array: the text uses canonical symbols. */
  symbols?: 'digits';
}

/**
 * Check a puzzle argument and turn it into request text.
 *
 * @param input a {@link PuzzleInput} (anything else is refused)
 * @param puzzle 1-based index of the puzzle in a list, for messages and `where.puzzle`
 * @returns the text; for an array, n·n canonical symbols (`.` for empty) with its size
 * @throws GridmilpError `invalid_argument` for a value that is neither a string nor an
 *   array, a text longer than {@link MAX_TEXT_LENGTH}, an array of no or more than 35
 *   rows, or a cell that is not a whole number from 0 to n (`where.cells` names it);
 *   `wrong_length` for a row whose length is not n
 */
export function puzzleText(input: unknown, puzzle?: number): PuzzleText {
  const of = puzzle !== undefined ? ` (puzzle ${puzzle})` : '';
  const at = (where: ErrorWhere): ErrorWhere =>
    puzzle !== undefined ? { ...where, puzzle } : where;
  if (typeof input === 'string') {
    if (input.length > MAX_TEXT_LENGTH) {
      throw invalidArgument(
        `The puzzle text${of} has ${input.length} characters; at most ${MAX_TEXT_LENGTH} are accepted.`,
        at({ field: 'puzzle' }),
      );
    }
    return { puzzle: input };
  }
  if (!Array.isArray(input)) {
    throw invalidArgument(
      `A puzzle${of} must be a string or an array of rows of numbers, not ${describe(input)}.`,
      at({ field: 'puzzle' }),
    );
  }
  const n = input.length;
  if (n < 1 || n > MAX_SIZE) {
    throw invalidArgument(
      `The puzzle array${of} has ${n} rows; a puzzle has 1 to ${MAX_SIZE} rows (an n×n grid).`,
      at({ field: 'puzzle' }),
    );
  }
  let text = '';
  for (let r = 0; r < n; r++) {
    const row: unknown = input[r];
    if (!Array.isArray(row) && !ArrayBuffer.isView(row)) {
      throw invalidArgument(
        `Row ${r + 1} of the puzzle array${of} must be an array of numbers, not ${describe(row)}.`,
        at({ field: 'puzzle' }),
      );
    }
    const cells = row as ArrayLike<unknown>;
    if (cells.length !== n) {
      throw new GridmilpError(
        'wrong_length',
        `Row ${r + 1} of the puzzle array${of} has ${cells.length} ${cells.length === 1 ? 'number' : 'numbers'}; ` +
          `a ${n}×${n} puzzle needs ${n} in every row.`,
        at({ field: 'puzzle' }),
      );
    }
    for (let c = 0; c < n; c++) {
      const v = cells[c];
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > n) {
        throw invalidArgument(
          `Row ${r + 1}, column ${c + 1} of the puzzle array${of} holds ${describe(v)}; ` +
            `a ${n}×${n} puzzle takes whole numbers 0 (empty) to ${n}.`,
          at({ field: 'puzzle', cells: [{ row: r + 1, column: c + 1 }] }),
        );
      }
      text += v === 0 ? '.' : SYMBOLS[v - 1]!;
    }
  }
  return { puzzle: text, size: n, symbols: 'digits' };
}

/**
 * A canonical one-line grid (n·n symbols `1`–`9` then `A`–`Z`, `.` for empty) as n
 * rows of numbers (0 for empty).
 *
 * @param line the canonical text, length n·n
 * @param n the side length
 */
export function gridOf(line: string, n: number): Grid {
  const grid: Grid = [];
  for (let r = 0; r < n; r++) {
    const row: number[] = [];
    for (let c = 0; c < n; c++) row.push(SYMBOLS.indexOf(line[r * n + c] ?? '.') + 1);
    grid.push(row);
  }
  return grid;
}

/** A short description of a value for error messages: `a number (12)`, `undefined`, … */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  switch (typeof value) {
    case 'number':
      return `the number ${value}`;
    case 'string':
      return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'object':
      return 'an object';
    default:
      return `a ${typeof value}`;
  }
}
