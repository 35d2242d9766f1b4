// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Finding Sudoku puzzles in a sheet. Two layouts are read:
 * - **one grid**: the sheet's symbols (symbolOf) form one n×n block (n from 4 to 35),
 *   a number 1…n a given (from 10×10 up also a letter, A = 10 …, as one line of text
 *   writes it; a 16×16 written 0–F is read so, hexSymbols), an empty cell, 0, `.`, `-` or
 *   `_` an empty square. Text outside the block (a title, a note) is ignored, but for a
 *   note of the boxes ("Boxes: 3×2", rows × columns: what write.ts writes below a grid
 *   whose boxes are not the usual ones); anything inside it that is not a symbol 0…n is
 *   an error naming the cell. When the numbers
 *   leave the block's outer rows or columns empty, the sheet's used range (cells with
 *   borders or formats, a CSV's empty fields) places it; otherwise a 0 in such a row
 *   does. The boxes are the note's, else those the thick borders draw, else the usual.
 * - **one puzzle per row**: cells holding a puzzle as one line of n² symbols (`1`–`9`
 *   then `A`–`Z` for givens, `.`, `0`, `-` or `_` for empty, the canonical text of
 *   docs/formats.md), one per row, in the leftmost column that has them; the first other
 *   text cell of the row names the puzzle.
 * A puzzle typed without a given (a block of zeros, a line of 81 dots) is left out and
 * told with its cell, as one that cannot be read is: solving it would fill in any grid.
 * A sheet or row with nothing typed holds no puzzle and is passed over.
 */
import { usualBoxHeight } from '../solver/boxes.js';
import type { SheetPuzzle } from '../solver/protocol/spreadsheets.js';
import { cellName, NoPuzzleError, parseRange, rangeName, sheetRef, shown, Span, SpreadsheetError, type SheetCell, type SheetTable } from './cells.js';

/** The smallest and largest side of a block read as a puzzle. */
export const MIN_SIDE = 4;
export const MAX_SIDE = 35;

export type { SheetPuzzle };

/**
 * What one sheet holds: its puzzles (and the rows of one puzzle per row that could not be
 * read, each an error naming its cell), or why it holds none.
 */
export type SheetFinding = { puzzles: SheetPuzzle[]; badRows?: SpreadsheetError[] } | { problem: SpreadsheetError };

/**
 * Find the puzzles of one sheet.
 *
 * @param table the sheet's cells
 * @returns its puzzles (one grid, or one per row), or the reason it has none: an error
 *   with the sheet and cell ("Sheet1!D4 holds the text “x”; a puzzle's cell holds a whole
 *   number from 0 to 9 or nothing")
 */
export function findPuzzles(table: SheetTable): SheetFinding {
  try {
    const rows = puzzlesPerRow(table);
    if (rows) return rows.badRows.length > 0 ? rows : { puzzles: rows.puzzles };
    try {
      return { puzzles: [oneGrid(table)] };
    } catch (e) {
      // No puzzle, but lines of empty marks alone (81 zeros): told as empty puzzles.
      const empty = e instanceof NoPuzzleError ? emptyLines(table) : [];
      if (empty.length > 0) return { puzzles: [], badRows: empty };
      throw e;
    }
  } catch (e) {
    if (e instanceof SpreadsheetError) return { problem: e };
    throw e;
  }
}

/**
 * The message for a puzzle with no givens (only 0, `.` or empty cells): left out and
 * told, as a puzzle that cannot be read is; solving it would fill in any grid, which
 * answers nothing. (A sheet with nothing typed is no puzzle, and is skipped.)
 */
function emptyPuzzle(table: SheetTable, where: string, n: number, what: string): SpreadsheetError {
  return new SpreadsheetError(
    'spreadsheet_error',
    `${sheetRef(table.name)}!${where} is an empty ${n}×${n} puzzle (${what}, no givens): left out, as solving it would fill in any grid; type its givens.`,
    { sheet: table.name, cell: where },
  );
}

/**
 * The cells of a sheet without a puzzle that hold a line of n² zeros or dots (n from 4
 * to 35), each as an empty puzzle; a rule of dashes or underscores is not one.
 */
function emptyLines(table: SheetTable): SpreadsheetError[] {
  const out: SpreadsheetError[] = [];
  table.cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      const text = typeof cell?.value === 'string' ? cell.value.trim() : '';
      const n = Math.round(Math.sqrt(text.length));
      if (/^[0.]+$/.test(text) && n * n === text.length && n >= MIN_SIDE && n <= MAX_SIDE) {
        out.push(emptyPuzzle(table, cellName(r, c), n, `${text.length} empty marks`));
      }
    }),
  );
  return out;
}

/** Symbols of a one-line puzzle: 1–9, A–Z, and the empty marks. */
const LINE = /^[1-9A-Za-z.0\-_]+$/;

/** The side n of a one-line puzzle text, or 0 when `text` is not one. */
function lineSide(text: string): number {
  if (!LINE.test(text)) return 0;
  const n = Math.round(Math.sqrt(text.length));
  if (n * n !== text.length || n < MIN_SIDE || n > MAX_SIDE) return 0;
  // Every symbol a value of the puzzle: a 16-letter title or a hex hash is no 4×4 or 8×8;
  // and one given at least: a rule of 16 dashes is no empty 4×4.
  const values = [...text].map(symbolValue);
  return values.every((v) => v <= n) && values.some((v) => v > 0) ? n : 0;
}

/**
 * Whether a text in the column of one puzzle per row was meant as a puzzle that cannot be
 * read (a character too few, a typo, a space): 16 characters or more, nine in ten of them
 * digits or empty marks. A header ("puzzle") or a note is not.
 */
function looksLikePuzzle(text: string): boolean {
  const chars = [...text.trim()];
  return chars.length >= MIN_SIDE * MIN_SIDE && chars.filter((ch) => /[0-9.\-_]/.test(ch)).length >= 0.9 * chars.length;
}

/**
 * The name a row of one puzzle per row gives its puzzle: the row's first text cell
 * other than the puzzle's that is not itself a puzzle ("Puzzle 1", "Bad char"), or
 * undefined when it has none.
 *
 * @param table the sheet
 * @param r the row, 0-based
 * @param column the puzzles' column, 0-based
 */
export function rowName(table: SheetTable, r: number, column: number): string | undefined {
  const label = (table.cells[r] ?? []).find((other, c) => c !== column && typeof other?.value === 'string' && lineSide(other.value) === 0);
  return typeof label?.value === 'string' && label.value !== '' ? label.value : undefined;
}

function puzzlesPerRow(table: SheetTable): { puzzles: SheetPuzzle[]; badRows: SpreadsheetError[] } | null {
  let column = -1;
  table.cells.forEach((row) =>
    row.forEach((cell, c) => {
      if (typeof cell?.value === 'string' && lineSide(cell.value) > 0 && (column < 0 || c < column)) column = c;
    }),
  );
  if (column < 0) return null;
  // The side of the column's first puzzle: a line of empty marks that long is an empty
  // puzzle like it (left out and told: it has no givens); a shorter or longer one is a
  // rule (16 dashes) and passed over.
  let side = 0;
  for (const row of table.cells) {
    const v = row?.[column]?.value;
    if (typeof v === 'string' && (side = lineSide(v.trim())) > 0) break;
  }
  const puzzles: SheetPuzzle[] = [];
  const badRows: SpreadsheetError[] = [];
  table.cells.forEach((row, r) => {
    const cell = row[column];
    const where = cellName(r, column);
    if (typeof cell?.value === 'number' && cell.value >= 1e15) {
      // 81 digits typed as a number: the sheet keeps 15 of them.
      badRows.push(
        new SpreadsheetError(
          'spreadsheet_error',
          `${sheetRef(table.name)}!${where} holds a number, not a puzzle's text: a sheet keeps 15 digits of a number; format the column as text and paste the puzzles again.`,
          { sheet: table.name, cell: where },
        ),
      );
      return;
    }
    if (typeof cell?.value !== 'string') return;
    const text = cell.value.trim();
    const empty = /^[.0\-_]+$/.test(text);
    const n = empty ? (text.length === side * side ? side : 0) : lineSide(text);
    if (n > 0 && empty) {
      badRows.push(emptyPuzzle(table, where, n, `${text.length} empty marks`));
      return;
    }
    if (n === 0) {
      // A header ("puzzle"), a note or a rule is passed over; a puzzle that cannot be
      // read is said.
      if (!empty && looksLikePuzzle(text)) {
        const chars = [...text];
        const root = Math.round(Math.sqrt(chars.length));
        const square = root * root === chars.length && root >= MIN_SIDE && root <= MAX_SIDE;
        // The first character no n×n puzzle has (n from the length when it is a square).
        const odd = chars.findIndex((ch) => !LINE.test(ch) || (square && symbolValue(ch) > root));
        badRows.push(
          new SpreadsheetError(
            'spreadsheet_error',
            `${sheetRef(table.name)}!${where} is not a puzzle of one line: ` +
              (odd >= 0
                ? `its character ${odd + 1} is “${chars[odd]}”, not ${square ? `a symbol of a ${root}×${root} puzzle (1 to ${root}` : '1–9, A–Z'} or an empty mark: . 0 - _${square ? ')' : ''}.`
                : `its ${chars.length} characters are not n×n for any n from ${MIN_SIDE} to ${MAX_SIDE} (81 for a 9×9).`),
            { sheet: table.name, cell: where },
          ),
        );
      }
      return;
    }
    const grid: number[][] = [];
    for (let i = 0; i < n; i++) {
      grid.push(
        [...text.slice(i * n, i * n + n)].map((ch, j) => {
          const v = symbolValue(ch);
          if (v > n) {
            throw new SpreadsheetError(
              'spreadsheet_error',
              `${sheetRef(table.name)}!${where}: character ${i * n + j + 1} is “${ch}”, the number ${v}, above ${n} in a ${n}×${n} puzzle.`,
              { sheet: table.name, cell: where },
            );
          }
          return v;
        }),
      );
    }
    const name = rowName(table, r, column) ?? `${sheetRef(table.name)}!${where}`;
    puzzles.push({ name, sheet: table.name, range: where, size: n, grid });
  });
  return { puzzles, badRows };
}

/** The value of one symbol of a one-line puzzle: 0 for empty, 1–9, then A = 10 … Z = 35. */
function symbolValue(ch: string): number {
  if (ch >= '1' && ch <= '9') return Number(ch);
  const upper = ch.toUpperCase();
  if (upper >= 'A' && upper <= 'Z') return upper.charCodeAt(0) - 55;
  return 0;
}

/**
 * A cell of a grid as a puzzle's symbol: a number (numberOf), or a text of one character
 * as one line of text writes it (docs/formats.md, "Accepted text"): a letter A–Z (either
 * case) for 10–35, `.`, `-` or `_` for an empty square (0). Null for any other cell: an
 * empty one, a longer text, a date.
 *
 * @param cell the cell, or undefined for one the sheet does not list
 * @returns the symbol's value (0 for empty), or null
 */
export function symbolOf(cell: SheetCell | undefined): number | null {
  const v = numberOf(cell);
  if (v !== null || cell === undefined || cell.kind !== undefined || typeof cell.value !== 'string') return v;
  const text = cell.value.trim();
  return /^[A-Za-z.\-_]$/.test(text) ? symbolValue(text) : null;
}

/** Whether a cell holds a letter (a symbol from 10 up: symbolOf). */
function isLetter(cell: SheetCell | undefined): boolean {
  return typeof cell?.value === 'string' && cell.kind === undefined && /^[A-Za-z]$/.test(cell.value.trim());
}

/** Whether a cell holds an empty mark in text: `.`, `-` or `_` (symbolOf). */
function isEmptyMark(cell: SheetCell | undefined): boolean {
  return typeof cell?.value === 'string' && cell.kind === undefined && /^[.\-_]$/.test(cell.value.trim());
}

/** A symbol's cell for a message: its number ("12"), or its text and value (“H”, 17). */
function saidSymbol(cell: SheetCell, value: number): string {
  return typeof cell.value === 'string' && numberOf(cell) === null ? `“${cell.value.trim()}” (${value})` : String(value);
}

/**
 * Whether a 16×16 block is written 0–F (hexadecimal: 0 is 1 … F is 16), as the text
 * reader decides it (cpp/puzzles/sudoku/text.cpp, looksHex; docs/formats.md, "Accepted
 * text"): one symbol a cell (no number from 10 up), no G, and a 0 beside empty cells
 * written `.`, `-` or `_` (or left blank, among letters), which in 1–G would be one more
 * way to write empty, or one 0 a row in a full grid. Otherwise it is read 1–G (A = 10 …
 * G = 16), 0 empty.
 */
function hexSymbols(table: SheetTable, top: number, left: number, n: number): boolean {
  if (n !== 16) return false;
  let zeros = 0, filled = 0, blank = false, marks = false, letters = false;
  for (let r = top; r < top + n; r++) {
    for (let c = left; c < left + n; c++) {
      const cell = table.cells[r]?.[c];
      const v = symbolOf(cell);
      if (v === null || isEmptyMark(cell)) {
        marks ||= v !== null;
        blank ||= isEmpty(cell);
        continue;
      }
      // 16 (G, or the number) is no symbol of 0–F; nor is a number of two digits.
      if (v >= 16 || (v >= 10 && !isLetter(cell))) return false;
      letters ||= isLetter(cell);
      filled++;
      if (v === 0) zeros++;
    }
  }
  // A blank cell is a sheet's usual empty, beside which a 0 is 0–F only among letters:
  // a sheet typed 1–16 may write some empty cells 0 and leave others blank.
  return zeros > 0 && (marks || (blank && letters) || zeros * 16 === filled);
}

/** A number in a cell, or a text that is only a number ("5", " 7 "). */
export function numberOf(cell: SheetCell | undefined): number | null {
  if (cell === undefined || cell.kind !== undefined) return null;
  if (typeof cell.value === 'number') return cell.value;
  if (typeof cell.value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(cell.value)) return Number(cell.value);
  return null;
}

function isEmpty(cell: SheetCell | undefined): boolean {
  return cell === undefined || (cell.kind === undefined && (cell.value === null || cell.value === ''));
}

/** The sides of the grids people draw (boxes of the usual shapes), which a stray number's square is judged by. */
const USUAL_SIDES = [4, 6, 9, 12, 16, 25];

/**
 * A number that keeps the numbers from forming a square: when taking away at most three
 * of them leaves a square of 4×4 to 35×35 (a grid and a count typed below it), the first
 * of those in reading order, and that square. Each way is greedy: by the least span left
 * (a count below a grid, a number on each side of it), and by the span left closest to a
 * square (a week number above a 9×9 whose last column holds one given, where the least
 * span drops that given); of the squares found, one of a usual side wins, then the one
 * with fewer numbers taken away, then the smaller. `beside` is true when every number
 * taken away lies in a row or column next to the square (none apart from it by an empty
 * row or column), and `largest` is the largest of them.
 */
function strayNumber(
  table: SheetTable,
): { row: number; column: number; value: number; side: number; block: string; beside: boolean; largest: number } | null {
  type At = { row: number; column: number; value: number };
  const all: At[] = [];
  table.cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      const v = numberOf(cell);
      if (v !== null) all.push({ row: r, column: c, value: v });
    }),
  );
  const span = (xs: At[]) => {
    let t = Infinity, l = Infinity, b = -1, r = -1;
    for (const x of xs) {
      t = Math.min(t, x.row);
      l = Math.min(l, x.column);
      b = Math.max(b, x.row);
      r = Math.max(r, x.column);
    }
    return { t, l, b, r, area: (b - t + 1) * (r - l + 1), skew: Math.abs(b - t - (r - l)) };
  };
  type Found = { removed: At[]; t: number; l: number; b: number; r: number; side: number };
  const greedy = (better: (x: ReturnType<typeof span>, y: ReturnType<typeof span>) => boolean): Found | null => {
    let rest = all;
    const removed: At[] = [];
    for (let k = 0; k < 3 && rest.length > MIN_SIDE; k++) {
      let best = -1;
      let bestSpan: ReturnType<typeof span> | null = null;
      rest.forEach((_, i) => {
        const left = span(rest.filter((__, j) => j !== i));
        if (bestSpan === null || better(left, bestSpan)) [best, bestSpan] = [i, left];
      });
      removed.push(rest[best]!);
      rest = rest.filter((_, j) => j !== best);
      const { t, l, b, r } = span(rest);
      const side = b - t + 1;
      if (side === r - l + 1 && side >= MIN_SIDE && side <= MAX_SIDE) return { removed: [...removed], t, l, b, r, side };
    }
    return null;
  };
  const found = [
    greedy((x, y) => x.area < y.area),
    greedy((x, y) => x.skew < y.skew || (x.skew === y.skew && x.area < y.area)),
  ].filter((f): f is Found => f !== null);
  const rank = (f: Found): [number, number, number] => [USUAL_SIDES.includes(f.side) ? 0 : 1, f.removed.length, f.side];
  found.sort((x, y) => {
    const [a, b] = [rank(x), rank(y)];
    return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  });
  const chosen = found[0];
  if (!chosen) return null;
  const { removed, t, l, b, r, side } = chosen;
  const first = [...removed].sort((x, y) => x.row - y.row || x.column - y.column)[0]!;
  const beside = removed.every((x) => x.row >= t - 1 && x.row <= b + 1 && x.column >= l - 1 && x.column <= r + 1);
  return { ...first, side, block: rangeName(t, l, b, r), beside, largest: Math.max(...removed.map((x) => x.value)) };
}

/**
 * The block the numbers' span `numbers` makes with the letters and empty marks beside it
 * (symbolOf): grown by each such cell one row or column off it, again until none is
 * left, past a row of column headings A, B, C… above it or a column of row headings left
 * of it (withoutHeadings), which are notes. It is the puzzle's block when it is a square
 * of 4×4 to 35×35 that holds a letter only from 10×10 up; when the numbers make a square
 * already, only when it grew by a letter or on one side of each pair (a 4×4 framed by
 * dashes stays 4×4), and the numbers' square is not of a usual side that it is not. Null
 * otherwise, and the letters and marks outside the numbers are notes (a note "x").
 */
function grownBySymbols(
  table: SheetTable,
  numbers: { top: number; left: number; bottom: number; right: number },
): { top: number; left: number; bottom: number; right: number } | null {
  return squareOf(numbers, grown(withoutHeadings(table, numbers), numbers));
}

/** Whether the cell holds the k-th heading letter (0: A, 1: B…), in either case. */
function isHeadingLetter(cell: SheetCell | undefined, k: number): boolean {
  return cell?.kind === undefined && typeof cell?.value === 'string' && cell.value.trim().toUpperCase() === String.fromCharCode(65 + k);
}

/**
 * The sheet without its column headings A, B, C… (either case) in one of the two rows
 * above the numbers' span `numbers`, and its row headings in one of the two columns left
 * of it: a run of such letters as long as the span is wide (or high), or one more (a
 * first column of letters and dots only), from the span's first column or the one
 * before. Such a run holds a letter past any symbol of the grid it heads (A–P heads a
 * 16×16, whose letters are A–G), so it is never a row of the grid: a 16×16 whose first or
 * last row holds letters only, under headings A–P, was read 17×16 with the headings.
 */
function withoutHeadings(table: SheetTable, numbers: { top: number; left: number; bottom: number; right: number }): SheetTable {
  const at = (r: number, c: number): SheetCell | undefined => table.cells[r]?.[c];
  const headings: Array<[number, number]> = [];
  // A run down (dr, dc) from (r, c), as long as `side` or one more, with nothing on either end.
  const run = (r: number, c: number, dr: number, dc: number, side: number): void => {
    if (r < 0 || c < 0) return;
    let k = 0;
    while (isHeadingLetter(at(r + k * dr, c + k * dc), k)) k++;
    if (k < Math.max(side, MIN_SIDE) || k > side + 1 || !isEmpty(at(r - dr, c - dc)) || !isEmpty(at(r + k * dr, c + k * dc))) return;
    for (let i = 0; i < k; i++) headings.push([r + i * dr, c + i * dc]);
  };
  const width = numbers.right - numbers.left + 1;
  const height = numbers.bottom - numbers.top + 1;
  for (const r of [numbers.top - 2, numbers.top - 1]) for (const c of [numbers.left - 1, numbers.left]) run(r, c, 0, 1, width);
  for (const c of [numbers.left - 2, numbers.left - 1]) for (const r of [numbers.top - 1, numbers.top]) run(r, c, 1, 0, height);
  if (headings.length === 0) return table;
  const cells = table.cells.map((row) => [...row]);
  for (const [r, c] of headings) cells[r]![c] = undefined;
  return { ...table, cells };
}

/**
 * The block inside a grid's own headings, when the numbers' span `numbers` holds them: a
 * column of row numbers 1…n (or 0…n−1, as pandas' DataFrame.to_csv writes its index) down
 * its left edge, to the span's last row, under a row of column headings (A, B, C…, 1…n or
 * 0…n−1) or not; or such a row of numbers alone above the block, across the span. A run
 * counts only when every cell of it counts, to an empty cell; every other number must lie
 * in the n×n block it heads, with no text there that is not a symbol.
 *
 * Row numbers under column headings are taken. A run on one side alone may be the grid's
 * own first column or row (a solution's 1–9): it is taken for headings when counted from
 * 0 with the numbers' span not square (pandas' index, the far column holding givens), or
 * when a number of the run is repeated in its row (column), or its box for a square side,
 * of the grid read with it as its first column (row), and the grid read under it repeats nothing in a row
 * or column and lies in the used range (a CSV's fields, borders; not its usual boxes, as
 * a note or borders may draw others). Null otherwise, and the sheet is read
 * as before (a number beside a grid whose first row is 1–9 is named as a stray): a 16×16
 * under headings A–P with row numbers 1–16 at its left was read 17×17.
 */
function insideHeadings(
  table: SheetTable,
  numbers: { top: number; left: number; bottom: number; right: number },
): { top: number; left: number; bottom: number; right: number } | null {
  type Block = { top: number; left: number; bottom: number; right: number };
  const at = (r: number, c: number): SheetCell | undefined => table.cells[r]?.[c];
  // The length of the run of cells from (r, c), one step (dr, dc) at a time to its first
  // empty cell, when all of it counts 0…, 1… (or A, B, C… with `letters`); else 0.
  const counted = (r: number, c: number, dr: number, dc: number, letters: boolean): number => {
    const first = numberOf(at(r, c));
    const from = first === 0 || first === 1 ? first : letters ? null : -1;
    let k = 0;
    for (; !isEmpty(at(r + k * dr, c + k * dc)); k++) {
      const cell = at(r + k * dr, c + k * dc);
      const ok = from === null ? isHeadingLetter(cell, k) : numberOf(cell) === from + k;
      if (!ok) return 0;
    }
    return k >= MIN_SIDE && k <= MAX_SIDE ? k : 0;
  };
  // Every number of the span but the headings' (skip) in the block, one at least, and no
  // text in the block that is not a symbol.
  const inside = (block: Block, skip: (r: number, c: number) => boolean): boolean => {
    let any = false;
    for (let r = numbers.top; r <= numbers.bottom; r++) {
      for (let c = numbers.left; c <= numbers.right; c++) {
        if (skip(r, c) || numberOf(at(r, c)) === null) continue;
        if (r < block.top || r > block.bottom || c < block.left || c > block.right) return false;
        any = true;
      }
    }
    for (let r = block.top; r <= block.bottom; r++) for (let c = block.left; c <= block.right; c++) if (!isEmpty(at(r, c)) && symbolOf(at(r, c)) === null) return false;
    return any;
  };
  // Whether the block, read as a grid, holds a symbol twice in a row or a column (not its
  // boxes: a note or the borders may draw other boxes than the usual, and are read later).
  const repeats = (block: Block): boolean => {
    const seen = new Set<string>();
    for (let r = block.top; r <= block.bottom; r++) {
      for (let c = block.left; c <= block.right; c++) {
        const v = symbolOf(at(r, c));
        if (v === null || v === 0) continue;
        for (const unit of [`row ${r}`, `column ${c}`]) {
          if (seen.has(`${unit}: ${v}`)) return true;
          seen.add(`${unit}: ${v}`);
        }
      }
    }
    return false;
  };
  // Whether a number of the run, read as the grid `own`'s first column (`down`) or first
  // row, is repeated in its row (column) of that grid, or in its box when the side is a
  // square (4, 9, 16, 25: its boxes are square; a 6×6's may be 2×3 or 3×2, which a note or
  // the borders say only later): row numbers 1…n beside a puzzle whose row r holds an r.
  // A repeat elsewhere (a typo) does not count.
  const runRepeats = (own: Block, down: boolean): boolean => {
    const side = own.bottom - own.top + 1;
    const [h, w] = [usualBoxHeight(side), side / usualBoxHeight(side)];
    const boxes = h === w;
    for (let k = 0; k < side; k++) {
      const [r, c] = down ? [own.top + k, own.left] : [own.top, own.left + k];
      const v = symbolOf(at(r, c));
      if (v === null || v === 0) continue;
      const [boxTop, boxLeft] = [own.top + Math.floor((r - own.top) / h) * h, own.left + Math.floor((c - own.left) / w) * w];
      for (let j = 1; j < side; j++) if (symbolOf(down ? at(r, c + j) : at(r + j, c)) === v) return true;
      if (!boxes) continue;
      for (let i = boxTop; i < boxTop + h; i++) for (let j = boxLeft; j < boxLeft + w; j++) if ((i !== r || j !== c) && symbolOf(at(i, j)) === v) return true;
    }
    return false;
  };
  const square = numbers.bottom - numbers.top === numbers.right - numbers.left;
  const u = table.used;
  // Alone on one side: headings, not the grid's own first row or column `own`: counted
  // from 0 beside a block that reaches the span's far side (pandas' index), or a repeat in
  // `own` through the run and none in the block, which lies in the used range (borders, a
  // CSV's fields: an empty far edge past them is no part of the grid).
  const alone = (block: Block, own: Block, zero: boolean, down: boolean): boolean => {
    const far = down ? block.right - numbers.right : block.bottom - numbers.bottom;
    if (zero && !square && far === 0) return true;
    const used = u === undefined || (block.top >= u.top && block.left >= u.left && block.bottom <= u.bottom && block.right <= u.right);
    return (far === 0 || far === 1) && used && runRepeats(own, down) && !repeats(block);
  };
  // Row numbers down the numbers' first column, from its first number to the span's last row.
  const c0 = numbers.left;
  let r0 = numbers.top;
  while (r0 <= numbers.bottom && numberOf(at(r0, c0)) === null) r0++;
  const n = counted(r0, c0, 1, 0, false);
  if (n > 0 && r0 + n - 1 === numbers.bottom) {
    const headings = r0 > 0 && counted(r0 - 1, c0 + 1, 0, 1, numberOf(at(r0 - 1, c0 + 1)) === null) === n;
    const block = { top: r0, left: c0 + 1, bottom: r0 + n - 1, right: c0 + n };
    const skip = (r: number, c: number): boolean => (c === c0 && r >= r0) || (headings && r === r0 - 1 && c > c0 && c <= c0 + n);
    const own = { top: r0, left: c0, bottom: r0 + n - 1, right: c0 + n - 1 };
    if (inside(block, skip) && (headings || alone(block, own, numberOf(at(r0, c0)) === 0, true))) return block;
  }
  // A row of numbers 1…n (or 0…n−1) alone above the block, across the span.
  let c1 = numbers.left;
  while (c1 <= numbers.right && numberOf(at(numbers.top, c1)) === null) c1++;
  const m = counted(numbers.top, c1, 0, 1, false);
  if (m > 0 && c1 + m - 1 === numbers.right) {
    const block = { top: numbers.top + 1, left: c1, bottom: numbers.top + m, right: numbers.right };
    const own = { top: numbers.top, left: c1, bottom: numbers.top + m - 1, right: numbers.right };
    if (inside(block, (r, c) => r === numbers.top && c >= c1) && alone(block, own, numberOf(at(numbers.top, c1)) === 0, false)) return block;
  }
  return null;
}

/**
 * The numbers' span grown by the letters and empty marks one row or column off it
 * (symbolOf), again until none is left, and whether a letter joined.
 */
function grown(
  table: SheetTable,
  numbers: { top: number; left: number; bottom: number; right: number },
): { top: number; left: number; bottom: number; right: number; letters: boolean } {
  let { top, left, bottom, right } = numbers;
  let letters = false;
  for (let grew = true; grew; ) {
    grew = false;
    const [t, l, b, r0] = [top, left, bottom, right];
    for (let r = Math.max(0, t - 1); r <= b + 1; r++) {
      for (let c = Math.max(0, l - 1); c <= r0 + 1; c++) {
        if (r >= t && r <= b && c >= l && c <= r0) continue;
        const cell = table.cells[r]?.[c];
        if (symbolOf(cell) === null || numberOf(cell) !== null) continue;
        [top, left, bottom, right] = [Math.min(top, r), Math.min(left, c), Math.max(bottom, r), Math.max(right, c)];
        letters ||= isLetter(cell);
        grew = true;
      }
    }
  }
  return { top, left, bottom, right, letters };
}

/** The block `g`, grown from the numbers' span, when grownBySymbols takes it, else null. */
function squareOf(
  numbers: { top: number; left: number; bottom: number; right: number },
  g: { top: number; left: number; bottom: number; right: number; letters: boolean },
): { top: number; left: number; bottom: number; right: number } | null {
  const { top, left, bottom, right, letters } = g;
  const side = bottom - top + 1;
  const own = numbers.bottom - numbers.top + 1;
  const square = numbers.right - numbers.left + 1 === own;
  // A square of numbers framed by marks alone (grown past two opposite sides: a 4×4
  // framed by dashes) stays itself; marks that complete it on one side (a 9×9 whose first
  // row and column are dots) make the block.
  if (square && !letters && ((top < numbers.top && bottom > numbers.bottom) || (left < numbers.left && right > numbers.right))) return null;
  if (right - left + 1 !== side || side < MIN_SIDE || side > MAX_SIDE || (letters && side < 10)) return null;
  return square && USUAL_SIDES.includes(own) && !USUAL_SIDES.includes(side) ? null : { top, left, bottom, right };
}

function oneGrid(table: SheetTable): SheetPuzzle {
  const at = (r: number, c: number): string => `${sheetRef(table.name)}!${cellName(r, c)}`;
  const fail = (message: string, cell?: string): never => {
    throw new SpreadsheetError('spreadsheet_error', message, { sheet: table.name, ...(cell ? { cell } : {}) });
  };
  const numbers = new Span();
  let firstText: { r: number; c: number; cell: SheetCell } | null = null;
  table.cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (isEmpty(cell)) return;
      if (numberOf(cell) === null) {
        firstText ??= { r, c, cell: cell! };
        return;
      }
      numbers.add(r, c);
    }),
  );
  let { top, left, bottom, right } = numbers;
  if (numbers.empty) {
    const text = firstText as { r: number; c: number; cell: SheetCell } | null;
    throw new NoPuzzleError(
      'spreadsheet_error',
      text
        ? `${sheetRef(table.name)} has no numbers (its first cell with content, ${cellName(text.r, text.c)}, holds ${shown(text.cell)}); a puzzle is a square block of numbers, or one puzzle of 81 symbols per row.`
        : `${sheetRef(table.name)} is empty.`,
      { sheet: table.name },
    );
  }
  const height = bottom - top + 1;
  const width = right - left + 1;
  const span = rangeName(top, left, bottom, right);
  if (height < MIN_SIDE && width < MIN_SIDE && (table.used === undefined || (table.used.bottom - table.used.top < MIN_SIDE - 1 && table.used.right - table.used.left < MIN_SIDE - 1))) {
    // A few numbers in notes (a page number, a date's day): no puzzle, not a bad one.
    throw new NoPuzzleError(
      'spreadsheet_error',
      `${sheetRef(table.name)} has no puzzle: its numbers fill only ${span}; a puzzle is a block of ${MIN_SIDE}×${MIN_SIDE} to ${MAX_SIDE}×${MAX_SIDE} cells, or one puzzle of 81 symbols per row.`,
      { sheet: table.name },
    );
  }
  const u = table.used;
  const usedSide = u ? u.bottom - u.top + 1 : 0;
  const grown = grownBySymbols(table, { top, left, bottom, right });
  const usedSquare =
    u !== undefined &&
    u.right - u.left + 1 === usedSide &&
    usedSide >= MIN_SIDE &&
    usedSide <= MAX_SIDE &&
    u.top <= top &&
    u.left <= left &&
    u.bottom >= bottom &&
    u.right >= right;
  // The used range counts numbers and styled cells only: when it is the numbers' span
  // alone (no border or fill widens it), letters and marks that reach past it (a
  // 16×16's first row and column without a digit) make the block; borders win otherwise.
  const pastUsed = grown !== null && (!usedSquare || (u!.top === top && u!.left === left && u!.bottom === bottom && u!.right === right));
  const headed = insideHeadings(table, { top, left, bottom, right });
  if (headed) {
    // Row numbers at its left, column headings above it: the block is inside them.
    ({ top, left, bottom, right } = headed);
  } else if (usedSquare && !pastUsed) {
    // The used range (the cells with borders or fills, or a CSV's empty fields) is a
    // square around the numbers: it is the block, even when its outer rows or columns
    // hold no number.
    ({ top, left, bottom, right } = u);
  } else if (grown) {
    // Letters or empty marks complete the square (a 16×16 whose first row holds letters
    // and dots only, a 9×9 whose last row is dots).
    ({ top, left, bottom, right } = grown);
  } else if (height !== width) {
    const side = Math.max(height, width);
    const small = Math.min(height, width);
    const stray = strayNumber(table);
    // Numbers one row or column short of a square, the others beside a square block: the
    // givens of a puzzle whose missing row is empty (the first 8 rows of a 9×9, its
    // column A holding one given), not a number to delete; unless one is apart from the
    // block by an empty row or column, or larger than a given of the side×side puzzle.
    // Unless the square left over is itself a usual grid and the larger one is not (a full
    // 9×9 with a puzzle number typed below it: 9 is usual, 10 is not): then the number is the stray.
    const usual = (n: number): boolean => USUAL_SIDES.includes(n);
    const shortOfSquare =
      side - small === 1 && stray !== null && stray.beside && stray.largest <= side && !(usual(stray.side) && !usual(side));
    if (stray && !shortOfSquare) {
      return fail(
        `${at(stray.row, stray.column)} holds ${stray.value}, outside the ${stray.side}×${stray.side} block ${stray.block} that the other numbers fill; a sheet with one puzzle holds no other number: delete it.`,
        cellName(stray.row, stray.column),
      );
    }
    const fill = `${sheetRef(table.name)}: the numbers fill ${span}, ${height} row${height === 1 ? '' : 's'} by ${width} column${width === 1 ? '' : 's'}`;
    return fail(
      side > MAX_SIDE
        ? `${fill}, more than a ${MAX_SIDE}×${MAX_SIDE} puzzle.`
        : side - small === 1
          ? `${fill}, not a square block; write 0 in an empty cell of the missing ${height < width ? 'row' : 'column'} so that the block is ${side}×${side}.`
          : small >= MIN_SIDE && side >= 2 * small - 1
            ? `${fill}, as two puzzles ${height < width ? 'side by side' : 'one above the other'} would; a sheet holds one puzzle's block: put each puzzle on a sheet of its own (or one puzzle per row, as a line of its symbols).`
            : `${fill}, not a square block: a puzzle's numbers fill n rows by n columns.`,
      span,
    );
  }
  const n = bottom - top + 1;
  if (n < MIN_SIDE || n > MAX_SIDE) {
    return fail(
      `${sheetRef(table.name)}: the numbers fill ${span}, a ${n}×${n} block; a puzzle is a block of ${MIN_SIDE}×${MIN_SIDE} to ${MAX_SIDE}×${MAX_SIDE} cells.`,
      span,
    );
  }
  const block = rangeName(top, left, bottom, right);
  for (const merge of table.merges) {
    const m = parseRange(merge);
    if (m && m.top <= bottom && m.bottom >= top && m.left <= right && m.right >= left) {
      fail(`${sheetRef(table.name)}!${merge} is a merged cell inside the puzzle's block ${block}; a puzzle needs one value in each cell: unmerge it.`, merge);
    }
  }
  // Some numbers solved (blue) and some not: a grid gridmilp saved after Solve, whose
  // givens are the others. All of them blue is a grid typed in that colour: all givens.
  let solvedCount = 0, numberCount = 0;
  for (let r = top; r <= bottom; r++) {
    for (let c = left; c <= right; c++) {
      const cell = table.cells[r]?.[c];
      if (symbolOf(cell) === null) continue;
      numberCount++;
      if (cell!.solved) solvedCount++;
    }
  }
  const givensMarked = solvedCount > 0 && solvedCount < numberCount;
  const hex = hexSymbols(table, top, left, n);
  // What a cell may hold, for the messages.
  const symbols = hex
    ? 'one of 0–9 and A–F (written 0–F: 0 = 1 … F = 16), or nothing, ., - or _ when empty'
    : `a whole number from 1 to ${n}${n >= 10 ? ` or a letter (A = 10 … ${String.fromCharCode(55 + n)} = ${n})` : ''}, or nothing, 0, ., - or _ when empty`;
  const grid: number[][] = [];
  for (let r = top; r <= bottom; r++) {
    const line: number[] = [];
    for (let c = left; c <= right; c++) {
      const cell = table.cells[r]?.[c];
      if (isEmpty(cell)) {
        line.push(0);
        continue;
      }
      // Letters are symbols from 10×10 up (a 9×9's "x" is a stray text, said so).
      const v = n < 10 && isLetter(cell) ? null : symbolOf(cell);
      if (v === null) {
        return fail(`${at(r, c)} holds ${shown(cell!)}; a cell of the ${n}×${n} puzzle in ${block} holds ${symbols}.`, cellName(r, c));
      }
      // A grid gridmilp saved after Solve: its solved digits (blue) are not givens.
      if (cell!.solved && givensMarked) {
        line.push(0);
        continue;
      }
      if (!Number.isInteger(v)) return fail(`${at(r, c)} holds ${v}, not a whole number; a cell of the puzzle holds ${hex ? symbols : `a whole number from 1 to ${n}`}.`, cellName(r, c));
      if (v < 0 || v > n) return fail(`${at(r, c)} holds ${saidSymbol(cell!, v)}, outside ${hex ? '0 to F' : `1 to ${n}`} for the ${n}×${n} puzzle in ${block}.`, cellName(r, c));
      // Written 0–F: every symbol one more, an empty mark still empty.
      line.push(hex && !isEmptyMark(cell) ? v + 1 : v);
    }
    grid.push(line);
  }
  const drawn = boxesDrawn(table, top, left, n);
  const said = boxesSaid(table, { top, left, bottom, right }, n);
  if (said && drawn && (said.boxHeight !== drawn.boxHeight || said.boxWidth !== drawn.boxWidth)) {
    fail(
      `${at(said.row, said.column)} says boxes of ${said.boxHeight}×${said.boxWidth}, but the thick borders of ${block} draw boxes of ${drawn.boxHeight}×${drawn.boxWidth}: correct one of them.`,
      cellName(said.row, said.column),
    );
  }
  if (grid.every((line) => line.every((v) => v === 0))) throw emptyPuzzle(table, block, n, '0 or nothing in every cell');
  const boxes = said ? (said.boxHeight === usualBoxHeight(n) ? undefined : { boxHeight: said.boxHeight, boxWidth: said.boxWidth }) : drawn;
  return { name: `${sheetRef(table.name)}!${block}`, sheet: table.name, range: block, size: n, grid, ...(boxes ?? {}), ...(hex ? { symbols: 'hex' as const } : {}) };
}


/**
 * The note that says a grid's boxes in a sheet (write.ts puts it below the grid; a CSV
 * has no borders to draw them): "Boxes: 3×2 (3 rows × 2 columns)".
 */
export function boxesNote(boxHeight: number, boxWidth: number): string {
  return `Boxes: ${boxHeight}×${boxWidth} (${boxHeight} row${boxHeight === 1 ? '' : 's'} × ${boxWidth} column${boxWidth === 1 ? '' : 's'})`;
}

/**
 * A note outside the block that says the boxes: "Boxes: 3×2", "boxes of 3 rows × 2
 * columns", "Box 3x2" (rows first, as the CLI's --box 3x2), or undefined when no cell
 * says them.
 *
 * @throws SpreadsheetError naming the note's cell when its boxes do not tile an n×n grid
 *   (rows × columns is not n), or when two notes say different boxes
 */
function boxesSaid(
  table: SheetTable,
  block: { top: number; left: number; bottom: number; right: number },
  n: number,
): { boxHeight: number; boxWidth: number; row: number; column: number } | undefined {
  const pattern = /^box(?:es)?\b\s*(?:of\b|:)?\s*(\d{1,2})\s*(?:rows?)?\s*[×xX*]\s*(\d{1,2})\b/i;
  let said: { boxHeight: number; boxWidth: number; row: number; column: number } | undefined;
  table.cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (typeof cell?.value !== 'string' || (r >= block.top && r <= block.bottom && c >= block.left && c <= block.right)) return;
      const m = pattern.exec(cell.value);
      if (!m) return;
      const where = `${sheetRef(table.name)}!${cellName(r, c)}`;
      const [boxHeight, boxWidth] = [Number(m[1]), Number(m[2])];
      if (boxHeight * boxWidth !== n || boxHeight < 1) {
        throw new SpreadsheetError(
          'spreadsheet_error',
          `${where} says boxes of ${boxHeight}×${boxWidth}, which do not tile the ${n}×${n} puzzle in ${rangeName(block.top, block.left, block.bottom, block.right)}: a box's rows × columns make ${n}.`,
          { sheet: table.name, cell: cellName(r, c) },
        );
      }
      if (said && (said.boxHeight !== boxHeight || said.boxWidth !== boxWidth)) {
        throw new SpreadsheetError(
          'spreadsheet_error',
          `${where} says boxes of ${boxHeight}×${boxWidth}, but ${cellName(said.row, said.column)} says ${said.boxHeight}×${said.boxWidth}: keep one note.`,
          { sheet: table.name, cell: cellName(r, c) },
        );
      }
      said ??= { boxHeight, boxWidth, row: r, column: c };
    }),
  );
  return said;
}

/**
 * The boxes' shape the thick borders of the n×n block at (top, left) draw, when they
 * draw exactly one tiling h×w (h·w = n, 1 < h < n) and it is not the usual one for n
 * (the most square, boxHeight ≤ boxWidth: 6 → 2×3); otherwise undefined. An edge between two
 * cells of the block is a wall when either cell draws its side there thick.
 */
function boxesDrawn(table: SheetTable, top: number, left: number, n: number): { boxHeight: number; boxWidth: number } | undefined {
  const walls = (r: number, c: number): NonNullable<SheetCell['walls']> => table.cells[top + r]?.[left + c]?.walls ?? {};
  const below = (r: number, c: number): boolean => walls(r, c).bottom === true || walls(r + 1, c).top === true;
  const beside = (r: number, c: number): boolean => walls(r, c).right === true || walls(r, c + 1).left === true;
  const usual = usualBoxHeight(n);
  // Boxes of one row or one column (1×n, n×1) would repeat the row or column rule.
  for (let h = 2; h < n; h++) {
    if (n % h !== 0 || h === usual) continue;
    const w = n / h;
    let fits = true;
    for (let r = 0; r < n && fits; r++) {
      for (let c = 0; c < n && fits; c++) {
        if (r < n - 1 && below(r, c) !== ((r + 1) % h === 0)) fits = false;
        if (c < n - 1 && beside(r, c) !== ((c + 1) % w === 0)) fits = false;
      }
    }
    if (fits) return { boxHeight: h, boxWidth: w };
  }
  return undefined;
}
