// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Finding the puzzles of a genre other than Sudoku in a sheet, as records in the
 * janko-style layout of docs/formats.md ("Genre records": a size line `R C [K]`, then
 * blocks of R lines of C tokens), which the engine then parses. Two layouts are read:
 * - **blocks of cells**: one token per cell (a number, or a text without spaces such as
 *   Akari's `x`, a region id `a` or Kakuro's `16,23`), an empty cell for `-`. A genre
 *   whose record has two blocks (Killer, Jigsaw, Heyawake, Norinori;
 *   protocol/vocabulary.json, `blocks`) has the second (cage or region ids, every cell
 *   filled) below the first, one empty row between as in the text, or right of it, one
 *   empty column between; when only the second
 *   is there (a Norinori), the first is empty. Cells with borders or fills (a CSV's
 *   empty fields) place a block whose outer rows or columns are empty; without them,
 *   a square genre's block short of rows (columns) is read at its width (height) when
 *   it starts at the sheet's first row (column), and refused otherwise; another genre's
 *   empty outer row is not seen (nothing says the size). A grid's own headings and row
 *   numbers, as pandas writes them, are not cells (gridHeadings). Text with
 *   spaces is a title or a note and is ignored, except one such as `2 stars` or
 *   `Stars per row: 2` (Star Battle's stars per unit, the size line's third number);
 *   nothing is read from a row that holds only the word "Solution" down (gridmilp
 *   writes the answer there, write.ts).
 * - **one record per cell**: cells holding a whole record as text (a batch's results
 *   sheet, write.ts), in the leftmost column that has them, one per row, named by the
 *   row's first other text.
 */
import type { SheetRecord } from '../solver/protocol/spreadsheets.js';
import { recordId } from './left-out.js';
import { cellName, NoPuzzleError, parseRange, rangeName, sheetRef, shown, Span, SpreadsheetError, type SheetCell, type SheetTable } from './cells.js';

/** What the finder must know of a genre's record (protocol/vocabulary.json, `genres`). */
export interface RecordLayout {
  /** The genre's id (protocol/vocabulary.json: `killer`), for what its cells hold (CELL_WORDS). */
  genre: string;
  /** The genre's name for people, for messages ("Killer Sudoku"). */
  title: string;
  /** Blocks of R lines the record has: 1, or 2 (the second holds cage or region ids). */
  blocks: number;
  /** The word for the size line's third number (`stars`), when the genre has one. */
  parameter?: string;
  /**
   * The first block holds givens digits (jigsaw, Sudoku X, hyper, Latin square): a 0 in
   * it is an empty cell, as in a Sudoku sheet.
   */
  zeroIsEmpty?: boolean;
  /**
   * The puzzle is n×n (the digit genres): a block of one record whose empty last rows or
   * columns nothing placed is read at the side of the others, or refused (blockRecord).
   */
  square?: boolean;
}

/** What one sheet holds: its records, or why it holds none. */
export type RecordFinding = { records: SheetRecord[] } | { problem: SpreadsheetError };

/** The most rows or columns of a block (the engine's records allow 100). */
const MAX_BLOCK_SIDE = 100;

/** A token: a text of at most 16 characters without spaces (`x`, `a`, `16,23`, `@`). */
const TOKEN = /^\S{1,16}$/;

/**
 * What a cell of each genre's block holds, for messages (docs/formats.md, "Genre
 * records"; an empty cell is read as `-`). The digit genres but Killer are said by
 * cellWords.
 */
const CELL_WORDS: Readonly<Record<string, string>> = {
  killer: 'a cage sum or nothing (below, a cage id)',
  hitori: 'a number',
  akari: 'x for a black cell, 0 to 4 for a black cell with its clue, or nothing for a white cell',
  'star-battle': 'a region id (@ or # for no cell)',
  norinori: 'nothing or - in its first block, a region id in the second (or the region ids alone)',
  heyawake: "a room’s number or nothing (below, a room id)",
  kuromasu: 'a clue (a number) or nothing',
  shikaku: "a clue (a rectangle’s area) or nothing",
  nurikabe: "a clue (an island’s size, ? for one unknown) or nothing",
  slitherlink: 'a clue from 0 to 3 or nothing',
  kakuro: "0 for a white cell, a black cell’s down and across sums as 16,23 (16, or ,23 for one only), or nothing for a black cell",
};

/**
 * What a cell of the genre's block holds, for messages: CELL_WORDS, or a digit genre's
 * givens ("a digit" up to 9×9, else a number from 1 to the side).
 *
 * @param layout the genre's record shape
 */
function cellWords(layout: RecordLayout): string {
  const words = CELL_WORDS[layout.genre];
  if (words !== undefined) return words;
  if (layout.zeroIsEmpty) return `a given (a number from 1 to the side), or 0 or nothing when empty${layout.blocks === 2 ? ' (below, a region id)' : ''}`;
  return 'one token (a number, x, a region id) or nothing';
}

/**
 * Find the records of one sheet.
 *
 * @param table the sheet's cells
 * @param layout the genre's record shape
 * @returns its records (one per block layout, or one per row), or the reason it has
 *   none: an error naming the sheet and cell ("'Week 1'!C4 holds the text “a b”; a cell
 *   of the Nurikabe puzzle holds one token")
 */
export function findRecords(table: SheetTable, layout: RecordLayout): RecordFinding {
  try {
    return { records: recordsPerRow(table) ?? [blockRecord(table, layout)] };
  } catch (e) {
    if (e instanceof SpreadsheetError) return { problem: e };
    throw e;
  }
}

/** Whether a cell's text is a whole record: `[=== name]`, a size line, then lines. */
function isRecordText(text: string): boolean {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  const at = lines[0]?.startsWith('===') ? 1 : 0;
  return lines.length >= at + 2 && /^\d{1,3}\s+\d{1,3}(\s+\d{1,3})?$/.test(lines[at]!);
}

function recordsPerRow(table: SheetTable): SheetRecord[] | null {
  let column = -1;
  table.cells.forEach((row) =>
    row.forEach((cell, c) => {
      if (typeof cell?.value === 'string' && isRecordText(cell.value) && (column < 0 || c < column)) column = c;
    }),
  );
  if (column < 0) return null;
  const records: SheetRecord[] = [];
  table.cells.forEach((row, r) => {
    const cell = row[column];
    if (typeof cell?.value !== 'string' || !isRecordText(cell.value)) return;
    const where = cellName(r, column);
    const label = row.find((other, c) => c !== column && typeof other?.value === 'string' && other.value !== '' && !isRecordText(other.value));
    const name = typeof label?.value === 'string' ? label.value : `${sheetRef(table.name)}!${where}`;
    const lines = cell.value.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
    if (!lines[0]!.startsWith('===')) lines.unshift(`=== ${recordId(name)}`);
    // A results table names a record by its sheet and range, spaces kept ("=== 'Week
    // 1'!A1:F13", sheet-cli.ts): the engine takes a header's first word for the name.
    else if (lines[0]!.replace(/^===\s*/, '') === name && /\s/.test(name)) lines[0] = `=== ${recordId(name)}`;
    const [rows, columns] = lines[1]!.split(/\s+/).map(Number) as [number, number];
    records.push({ name, sheet: table.name, range: where, rows, columns, text: `${lines.join('\n')}\n` });
  });
  return records;
}

/** The numbers one to nine in words, as a note may write a genre's parameter ("two stars"). */
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** "2" → "2", "Two" → "2": a note's number in digits. */
function numberOfWord(text: string): string {
  const k = NUMBER_WORDS.indexOf(text.toLowerCase());
  return k >= 0 ? String(k + 1) : text;
}

function blockRecord(table: SheetTable, layout: RecordLayout): SheetRecord {
  const ref = sheetRef(table.name);
  const fail = (message: string, cell?: string): never => {
    throw new SpreadsheetError('spreadsheet_error', message, { sheet: table.name, ...(cell ? { cell } : {}) });
  };
  // Nothing is read from a row holding only "Solution" down.
  let stop = table.cells.length;
  table.cells.forEach((row, r) => {
    const filled = row.filter((cell) => cell !== undefined && (cell.kind !== undefined || (cell.value !== null && cell.value !== '')));
    if (r < stop && filled.length === 1 && typeof filled[0]!.value === 'string' && /^solution\b/i.test(filled[0]!.value)) stop = r;
  });
  const parameterWord = layout.parameter?.replace(/s$/, '');
  // "2 stars", "stars: 2", or the number in words ("Two stars per row, column and region":
  // a user's session found it read as 1 star).
  // "N stars" anywhere in the cell first, so that "stars: one of my favourites, 2 stars"
  // reads 2, not the "one" after its first "stars".
  const number = `\\d+|${NUMBER_WORDS.join('|')}`;
  const parameterPatterns = parameterWord
    ? [new RegExp(`\\b(${number})\\s*${parameterWord}s?\\b`, 'i'), new RegExp(`\\b${parameterWord}s?\\b\\D{0,20}?\\b(\\d+)\\b`, 'i')]
    : [];
  const parameterIn = (text: string): string | undefined => {
    for (const pattern of parameterPatterns) {
      const m = pattern.exec(text);
      if (m) return numberOfWord(m[1]!);
    }
    return undefined;
  };
  let parameter: string | undefined;
  // The block's extent: tokens, cells of another kind (an error if inside), drawn cells.
  const extent = new Span();
  let firstNote: { r: number; c: number; cell: SheetCell } | null = null;
  const token = (cell: SheetCell | undefined): boolean => {
    if (cell === undefined || cell.value === null || cell.value === '') return cell?.kind !== undefined;
    return typeof cell.value === 'number' || (TOKEN.test(cell.value) && parameterIn(cell.value) === undefined);
  };
  for (let r = 0; r < stop; r++) {
    (table.cells[r] ?? []).forEach((cell, c) => {
      if (cell === undefined) return;
      if (typeof cell.value === 'string' && cell.value !== '' && !token(cell)) {
        parameter ??= parameterIn(cell.value);
        firstNote ??= { r, c, cell };
        return;
      }
      if (!token(cell) && !cell.drawn) return;
      extent.add(r, c);
    });
  }
  let { top, left } = extent;
  let { bottom, right } = extent;
  if (extent.empty) {
    const note = firstNote as { r: number; c: number; cell: SheetCell } | null;
    throw new NoPuzzleError(
      'spreadsheet_error',
      note
        ? `${ref} has no ${layout.title} puzzle (its first cell with content, ${cellName(note.r, note.c)}, holds ${shown(note.cell)}); a puzzle is a block of cells, each holding ${cellWords(layout)}, or a whole record in one cell per row.`
        : `${ref} is empty.`,
      { sheet: table.name },
    );
  }
  // The grid's own headings, as pandas' DataFrame.to_csv writes a grid with its index: an
  // empty corner, column headings right of it, row numbers below it (gridHeadings).
  if (gridHeadings(table, top, left, bottom, right)) [top, left] = [top + 1, left + 1];
  // A square genre's block that is not square: its empty outer rows (or columns) had
  // nothing to place them (no borders, no separators). The other rows' width is its side:
  // read at that size when the block starts at the sheet's first row (column), where the
  // missing ones cannot be above (left of) it; else which they are is not known: refused.
  if (layout.square && layout.blocks === 1 && bottom - top !== right - left) {
    const shortRows = bottom - top < right - left;
    if (shortRows && top === 0) bottom = top + (right - left);
    else if (!shortRows && left === 0) right = left + (bottom - top);
    else {
      const [rows, columns] = [bottom - top + 1, right - left + 1];
      const range = rangeName(top, left, bottom, right);
      const missing = Math.abs(rows - columns);
      const what = shortRows ? (missing === 1 ? 'row' : 'rows') : missing === 1 ? 'column' : 'columns';
      fail(
        `${ref}: the cells ${range} are ${rows} rows by ${columns} columns, but a ${layout.title} is square: ${missing === 1 ? 'its empty' : `its ${missing} empty`} ${what} ${shortRows ? 'above or below' : 'left or right of'} them cannot be placed; write 0 in a cell of each empty ${what.replace(/s$/, '')}, or draw the grid's borders.`,
        range,
      );
    }
  }
  // A merged cell first: its cells after the first read as empty, which would be taken
  // for a hole in the ids.
  for (const merge of table.merges) {
    const m = parseRange(merge);
    if (m && m.top <= bottom && m.bottom >= top && m.left <= right && m.right >= left) {
      fail(`${ref}!${merge} is a merged cell inside the puzzle's cells ${rangeName(top, left, bottom, right)}; a puzzle needs one token in each cell: unmerge it.`, merge);
    }
  }
  const rows = bottom - top + 1;
  const columns = right - left + 1;
  const tokenAt = (r: number, c: number): boolean => token(table.cells[r]?.[c]) && table.cells[r]?.[c]?.kind === undefined;
  let blocks: Block[];
  if (layout.blocks === 1) {
    blocks = [{ top, rows }];
  } else {
    const occupied = (r: number): boolean => (table.cells[r] ?? []).some((cell, c) => c >= left && c <= right && (token(cell) || cell?.drawn === true));
    blocks = twoBlocks(top, bottom, left, right, tokenAt, occupied);
    if (blocks.length === 0) {
      // Side by side: the ids' block right of the first, one empty column between (the
      // same rule, turned); a Killer so laid out was told its ids go below.
      const occupiedColumn = (c: number): boolean => {
        for (let r = top; r <= bottom; r++) if (token(table.cells[r]?.[c]) || table.cells[r]?.[c]?.drawn === true) return true;
        return false;
      };
      const beside = twoBlocks(left, right, top, bottom, (c, r) => tokenAt(r, c), occupiedColumn);
      if (beside.length === 2 && !beside[0]!.empty) blocks = beside.map((b) => ({ top, rows, left: b.top, columns: b.rows }));
    }
    if (blocks.length === 0) {
      // A hole in the ids: the lowest row that is not full but mostly ids names it (a
      // first block's row of sparse clues is not taken for one).
      const ids = layout.title === 'Killer Sudoku' ? 'cage' : 'region';
      const cells = [...Array(right - left + 1).keys()].map((k) => left + k);
      let row = bottom;
      while (row >= top && cells.every((c) => tokenAt(row, c))) row--;
      const column = cells.find((c) => !tokenAt(row, c));
      if (row >= top && 2 * cells.filter((c) => tokenAt(row, c)).length > cells.length && column !== undefined) {
        const at = cellName(row, column);
        fail(
          `${ref}!${at} is empty, in the ${ids} ids (the second block, below the first): every cell of it holds an id, - for a cell in no ${ids}.`,
          at,
        );
      }
      fail(
        `${ref}: the cells ${rangeName(top, left, bottom, right)} are not the two blocks of a ${layout.title} record: the second block (the ${layout.title === 'Killer Sudoku' ? 'cage' : 'region'} ids, every cell filled) goes below the first, one empty row between, or right of it, one empty column between.`,
        rangeName(top, left, bottom, right),
      );
    }
  }
  const height = blocks[blocks.length - 1]!.rows;
  const width = blocks[blocks.length - 1]!.columns ?? columns;
  const firstCells = blocks.find((b) => !b.empty)!;
  const range = rangeName(firstCells.top, firstCells.left ?? left, bottom, right);
  if (height > MAX_BLOCK_SIDE || width > MAX_BLOCK_SIDE) {
    fail(`${ref}: the cells ${range} make a block of ${height} rows by ${width} columns; a puzzle has at most ${MAX_BLOCK_SIDE} of each.`, range);
  }
  const lines: string[] = [];
  for (const [k, block] of blocks.entries()) {
    for (let r = block.top; r < block.top + block.rows; r++) {
      const line: string[] = [];
      const from = block.left ?? left;
      for (let c = from; c < from + width; c++) {
        const cell = block.empty ? undefined : table.cells[r]?.[c];
        if (cell === undefined || (cell.kind === undefined && (cell.value === null || cell.value === ''))) {
          line.push('-');
          continue;
        }
        const at = cellName(r, c);
        if (cell.kind !== undefined || (typeof cell.value === 'string' && !TOKEN.test(cell.value))) {
          fail(`${ref}!${at} holds ${shown(cell)}; a cell of the ${layout.title} puzzle in ${range} holds ${cellWords(layout)}.`, at);
        }
        if (typeof cell.value === 'number' && (!Number.isInteger(cell.value) || cell.value < 0)) {
          fail(`${ref}!${at} holds ${cell.value}, not a whole number from 0 up; a cell of the ${layout.title} puzzle in ${range} holds ${cellWords(layout)}.`, at);
        }
        line.push(k === 0 && layout.zeroIsEmpty && String(cell.value) === '0' ? '-' : String(cell.value));
      }
      lines.push(line.join(' '));
    }
  }
  const name = `${ref}!${range}`;
  const size = `${height} ${width}${layout.parameter && parameter !== undefined ? ` ${parameter}` : ''}`;
  return { name, sheet: table.name, range, rows: height, columns: width, text: `=== ${recordId(name)}\n${size}\n${lines.join('\n')}\n` };
}

/**
 * Whether the block's first row and first column are its headings, as pandas'
 * DataFrame.to_csv writes a grid with its index: the corner cell empty, right of it the
 * column headings 0, 1, 2… or 1, 2, 3… (or A, B, C…, either case) to the block's last
 * column, below it the row numbers 0, 1, 2… or 1, 2, 3… to its last row, at least 4 of
 * each. No puzzle of a genre here leaves that corner empty and counts so along both
 * edges but a digit genre's (a 5×5 Latin square whose first row and column are blank,
 * 1, 2, 3, 4), which is read as headings too, as the Sudoku sheets' finder reads them
 * (find.ts insideHeadings).
 */
function gridHeadings(table: SheetTable, top: number, left: number, bottom: number, right: number): boolean {
  const at = (r: number, c: number): SheetCell | undefined => table.cells[r]?.[c];
  const value = (cell: SheetCell | undefined): number | string | null => {
    if (cell === undefined || cell.kind !== undefined || cell.value === null || cell.value === '') return null;
    if (typeof cell.value === 'number') return cell.value;
    const text = String(cell.value).trim();
    return /^\d+$/.test(text) ? Number(text) : text.toUpperCase();
  };
  const counts = (cells: (SheetCell | undefined)[], letters: boolean): boolean => {
    const first = value(cells[0]);
    if (cells.length < 4) return false;
    if (letters && first === 'A') return cells.every((cell, k) => value(cell) === String.fromCharCode(65 + k));
    return (first === 0 || first === 1) && cells.every((cell, k) => value(cell) === first + k);
  };
  if (value(at(top, left)) !== null || bottom - top > MAX_BLOCK_SIDE || right - left > MAX_BLOCK_SIDE) return false;
  const headings = Array.from({ length: right - left }, (_, k) => at(top, left + 1 + k));
  const numbers = Array.from({ length: bottom - top }, (_, k) => at(top + 1 + k, left));
  return counts(headings, true) && counts(numbers, false);
}

/**
 * A block of a record: its first row and its rows, and its first column and columns when
 * the blocks stand side by side (else the record's); an empty block has no cells in the
 * sheet.
 */
interface Block {
  top: number;
  rows: number;
  left?: number;
  columns?: number;
  empty?: boolean;
}

/**
 * The two blocks of a record in rows `top`…`bottom`: the second is the run of full rows
 * (every cell a token) at the bottom; the first is as many rows above it, one empty row
 * between when the tokens above allow it (else none, else more), or all empty when
 * nothing is above.
 *
 * @returns the blocks, or none when the cells are not two such blocks
 */
function twoBlocks(
  top: number,
  bottom: number,
  left: number,
  right: number,
  tokenAt: (r: number, c: number) => boolean,
  occupied: (r: number) => boolean,
): Block[] {
  const full = (r: number): boolean => {
    for (let c = left; c <= right; c++) if (!tokenAt(r, c)) return false;
    return true;
  };
  let run = 0;
  while (bottom - run >= top && full(bottom - run)) run++;
  if (run === 0) return [];
  const height = bottom - top + 1;
  let rows: number;
  if (run === height) rows = height; // only the ids: the first block is empty
  else if (!occupied(bottom - run)) rows = run; // an empty row above the ids
  else if (height % 2 === 0 && run >= height / 2) rows = height / 2; // no empty row between
  else rows = run;
  const second = bottom - rows + 1;
  if (rows === height || second <= top) return [{ top: second, rows, empty: true }, { top: second, rows }];
  // The first block holds every occupied row above the second: one empty row between
  // when it fits, else the least that does.
  let first = -1, last = -1;
  for (let r = top; r < second; r++) {
    if (!occupied(r)) continue;
    if (first < 0) first = r;
    last = r;
  }
  const lowest = Math.max(0, second - rows - first); // gaps that keep the first row inside
  const highest = Math.min(second - 1 - last, second - rows); // the last row inside, the first on the sheet
  if (lowest > highest) return [];
  const gap = lowest <= 1 && highest >= 1 ? 1 : lowest;
  return [{ top: second - gap - rows, rows }, { top: second, rows }];
}
