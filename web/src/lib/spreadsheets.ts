// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Spreadsheets in the npm package's Node entry: puzzles read from .xlsx and .csv files,
 * and a grid or a batch's results written as .xlsx or .csv (web/src/sheets/). The
 * libraries this takes, exceljs, papaparse and fflate, are optional peer dependencies:
 * `npm install exceljs papaparse fflate` to use these functions; without them each
 * call rejects with code `missing_dependency`, and nothing else of the package needs them.
 *
 * ```js
 * import { createSolver, readSpreadsheet } from 'gridmilp';
 * const { puzzles } = await readSpreadsheet('class.xlsx');
 * const solver = await createSolver();
 * for (const p of puzzles) console.log(p.name, solver.solve(p.grid).solution);
 * ```
 */
import { readFile } from 'node:fs/promises';
import type { GridSheet, RecordSheet, ResultRow, SpreadsheetPuzzles } from '../solver/protocol.js';
import { usualBoxHeight } from '../solver/boxes.js';
import { GridmilpError } from './errors.js';

export type { GridSheet, RecordSheet, ResultRow, SheetPuzzle, SheetRecord, SpreadsheetPuzzles } from '../solver/protocol.js';

/** Options of {@link readSpreadsheet}. */
export interface ReadSpreadsheetOptions {
  /** Read only this sheet: its name or 1-based position (default every sheet). */
  sheet?: string | number;
  /** The file's name for messages, when `file` is bytes (default "the file"). */
  fileName?: string;
  /**
   * Read the puzzles of this genre (any genre but `sudoku`) as records, the text its
   * `solve(puzzle, { genre })` takes (docs/formats.md, "Spreadsheets").
   */
  genre?: string;
}

/** The sheets code and its libraries, loaded on first use. */
async function sheets() {
  try {
    const [read, write, libraries, cells] = await Promise.all([
      import('../sheets/read.js'),
      import('../sheets/write.js'),
      import('../sheets/libraries.js'),
      import('../sheets/cells.js'),
    ]);
    return { read, write, libraries: await libraries.loadSpreadsheetLibraries(), cells };
  } catch (e) {
    throw new GridmilpError(
      'missing_dependency',
      `Spreadsheets need the packages exceljs, papaparse and fflate (npm install exceljs papaparse fflate): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
}

/**
 * Load the spreadsheet code and libraries now (the CLI front end, before a solve whose
 * results it must write).
 *
 * @internal
 * @throws GridmilpError `missing_dependency`
 */
export async function requireSpreadsheetSupport(): Promise<void> {
  await sheets();
}

/** A SpreadsheetError of web/src/sheets/ as the package's error, sheet and cell kept. */
function wrap(e: unknown, SpreadsheetError: new (...args: never[]) => Error): unknown {
  if (!(e instanceof SpreadsheetError)) return e;
  const s = e as Error & { code: GridmilpError['code']; sheet?: string; cell?: string };
  const where = { ...(s.sheet === undefined ? {} : { sheet: s.sheet }), ...(s.cell === undefined ? {} : { cell: s.cell }) };
  return new GridmilpError(s.code, s.message, Object.keys(where).length > 0 ? where : undefined);
}

/**
 * Read the puzzles of a spreadsheet: one n×n block of numbers per sheet (n from 4 to 35,
 * 0 or nothing for an empty cell), or one puzzle of n² symbols per row; with `genre`,
 * the genre's blocks of tokens (one per cell, the second block of Killer, Jigsaw,
 * Heyawake and Norinori below the first) or one record per cell (docs/formats.md,
 * "Spreadsheets").
 *
 * @param file a path, or the file's bytes
 * @param options which sheet; the file's name for messages; the genre
 * @returns each puzzle with its sheet and range: Sudoku's with its size and grid (n rows
 *   of numbers, ready for `solver.solve`) in `puzzles`, a genre's as record text (ready
 *   for `solver.solve(text, { genre })`) in `records`; and what was left out in
 *   `skipped`: the sheets without a puzzle and the sheets and rows whose puzzle does not
 *   read, each with `at`, how many puzzles (or records) come before it in input order
 * @throws GridmilpError (as rejection) `spreadsheet_error` with `where.sheet` and
 *   `where.cell` (a bad cell, no puzzle; an unknown genre; `options.sheet` naming no sheet
 *   of the file: `where.sheet` the one asked for, its number as text, and the message
 *   lists the file's sheets), `unsupported_file` (encrypted, .xls, .ods,
 *   corrupt, UTF-16, or UTF-8 with a bad byte), `too_large` (over 16 MiB expanded, 10,000 zip entries or
 *   1,000 sheets; a CSV over 64 Mi characters), `missing_dependency`;
 *   `invalid_argument` naming the file when the path cannot be read (no such file, a
 *   folder, no permission)
 */
export async function readSpreadsheet(file: string | Uint8Array, options: ReadSpreadsheetOptions = {}): Promise<SpreadsheetPuzzles> {
  const bytes = typeof file === 'string' ? await readSpreadsheetFile(file) : file;
  const fileName = options.fileName ?? (typeof file === 'string' ? file.replace(/^.*[\\/]/, '') : 'the file');
  const s = await sheets();
  try {
    return await s.read.readSpreadsheet(bytes, s.libraries, {
      fileName,
      ...(options.sheet === undefined ? {} : { sheet: options.sheet }),
      ...(options.genre === undefined ? {} : { genre: options.genre }),
    });
  } catch (e) {
    throw wrap(e, s.cells.SpreadsheetError);
  }
}

/**
 * A spreadsheet file's bytes, or a GridmilpError naming the file: Node's own error
 * (`ENOENT: no such file or directory, open 'nope.xlsx'`) is no GridmilpError.
 *
 * @throws GridmilpError `invalid_argument` (`where.field` `file`) with the file's path
 *   and the reason
 */
async function readSpreadsheetFile(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    const reason =
      code === 'ENOENT'
        ? 'there is no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : e instanceof Error
              ? e.message
              : String(e);
    throw new GridmilpError('invalid_argument', `Unable to read the spreadsheet ${path}: ${reason}.`, { field: 'file' });
  }
}

/**
 * Write one grid (givens bold, solved digits blue, box borders; CSV: n lines of n
 * numbers), one genre puzzle (its blocks of tokens, region walls drawn, and its answer
 * below a row "Solution"), or a batch's results (one row per puzzle: name, status, ms,
 * nodes, conflicts, puzzle, solution) as a file's bytes.
 *
 * @param format `xlsx` or `csv`
 * @param what `{ grid }`, `{ record }` or `{ results }`
 * @returns the file's bytes (CSV as UTF-8)
 * @throws GridmilpError (as rejection) `invalid_argument` for another format or neither
 *   field, or a grid or record whose sizes or types disagree (`where.field` names it: a
 *   grid's `givens` not n rows of n numbers 0…n nor a line of n·n symbols, boxes whose product is not n; a record's
 *   block or solution not rows × columns string tokens, a `title` that is no string, a
 *   `parameter` other than `{ value, word }` strings); `missing_dependency`
 */
export async function writeSpreadsheet(
  format: 'xlsx' | 'csv',
  what: { grid: GridToWrite } | { record: RecordSheet } | { results: ResultRow[] },
): Promise<Uint8Array> {
  if (format !== 'xlsx' && format !== 'csv') {
    throw new GridmilpError('invalid_argument', `The format must be "xlsx" or "csv", not ${JSON.stringify(format)}.`, { field: 'format' });
  }
  const grid = 'grid' in what && what.grid ? asGridSheet(what.grid) : undefined;
  if (grid) checkGrid(grid);
  if ('record' in what && what.record) checkRecord(what.record);
  const s = await sheets();
  if (grid) {
    return format === 'xlsx' ? s.write.gridXlsx(grid, s.libraries) : new TextEncoder().encode(s.write.gridCsv(grid, s.libraries));
  }
  if ('record' in what && what.record) {
    return format === 'xlsx' ? s.write.recordXlsx(what.record, s.libraries) : new TextEncoder().encode(s.write.recordCsv(what.record, s.libraries));
  }
  if ('results' in what && Array.isArray(what.results)) {
    return format === 'xlsx' ? s.write.resultsXlsx(what.results, s.libraries) : new TextEncoder().encode(s.write.resultsCsv(what.results, s.libraries));
  }
  throw new GridmilpError('invalid_argument', 'writeSpreadsheet needs { grid }, { record } or { results }.');
}

/**
 * A Sudoku grid for writeSpreadsheet: a GridSheet whose `boxHeight` and `boxWidth` may
 * be left out together, for the usual boxes of its size (as the engine's: 9 → 3 × 3,
 * 6 → 2 × 3, 12 → 3 × 4; a developer's session found `{ size: 9, givens }` refused), and
 * whose `givens` and `solution` may also be one line of n·n symbols as a solve's result
 * gives them (`r.givens`, `r.solution`: `1`–`9` then `A`–`Z`, `.` or `0` for empty; a
 * 16×16 in 0–F as the engine reads one: rowsOfLine).
 */
export type GridToWrite = Omit<GridSheet, 'boxHeight' | 'boxWidth' | 'givens' | 'solution'> &
  Partial<Pick<GridSheet, 'boxHeight' | 'boxWidth'>> & { givens: GridSheet['givens'] | string; solution?: GridSheet['solution'] | string };

/**
 * `grid` with the usual boxes of its size when it gives neither box side, and its lines
 * of symbols as rows of numbers; else as it is (checkGrid judges it).
 *
 * @throws GridmilpError `invalid_argument` for a line of the wrong length or with a
 *   symbol that is not a value of the size, naming the field and the character
 */
function asGridSheet(grid: GridToWrite): GridSheet {
  const n = grid.size;
  if (!Number.isInteger(n) || n < 1 || n > 35) return grid as GridSheet;
  const out = { ...grid } as GridSheet;
  for (const field of ['givens', 'solution'] as const) {
    const line = grid[field];
    if (typeof line === 'string') out[field] = rowsOfLine(line, n, `grid.${field}`);
  }
  if (grid.boxHeight !== undefined || grid.boxWidth !== undefined) return out;
  const boxHeight = usualBoxHeight(n);
  return { ...out, boxHeight, boxWidth: n / boxHeight };
}

/**
 * A line of n·n symbols as n rows of n numbers (0 for empty: `.`, `0`, `-` or `_`), or
 * an error naming `field`. A 16×16 written 0–F (a `0` beside `.`, `-` or `_` for empty, or full with
 * one `0` a row, and no `G`: the engine's rule for a pasted text, protocol.md "hex") is
 * read so, each symbol one value up, as the page shows it.
 */
function rowsOfLine(line: string, n: number, field: string): number[][] {
  const chars = [...line]; // code points: a character outside the BMP is one
  if (chars.length !== n * n) {
    throw new GridmilpError('invalid_argument', `${field} as text must be ${n * n} symbols (${n}×${n}), one per cell, not ${chars.length}.`, { field });
  }
  const upper = chars.map((ch) => ch.toUpperCase());
  const hex =
    n === 16 &&
    upper.includes('0') &&
    !upper.includes('G') &&
    (['.', '-', '_'].some((mark) => upper.includes(mark)) || Array.from({ length: 16 }, (_, r) => upper.slice(r * 16, r * 16 + 16).filter((ch) => ch === '0').length).every((k) => k === 1));
  const symbols = hex ? '0123456789ABCDEF' : '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, n);
  const empty = hex ? '.-_' : '.0-_';
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      const k = r * n + c;
      const ch = upper[k]!;
      if (empty.includes(ch)) return 0;
      const v = symbols.indexOf(ch) + 1;
      if (v === 0) {
        throw new GridmilpError(
          'invalid_argument',
          `${field} character ${k + 1} (row ${r + 1}, column ${c + 1}) is ${JSON.stringify(chars[k])}: a ${n}×${n} cell holds ${hex ? '., - or _ for empty, or one of 0–F' : `., 0, - or _ for empty, or one of ${symbols[0]}–${symbols[n - 1]}`}.`,
          { field },
        );
      }
      return v;
    }),
  );
}

/** Refuses a grid to write whose sizes disagree, naming the field (writeSpreadsheet). */
function checkGrid(grid: GridSheet): void {
  const bad = (field: string, message: string): never => {
    throw new GridmilpError('invalid_argument', message, { field });
  };
  const n = grid.size;
  if (!Number.isInteger(n) || n < 1 || n > 35) bad('grid.size', `grid.size must be a whole number from 1 to 35, not ${JSON.stringify(n)}.`);
  if (!Number.isInteger(grid.boxHeight) || !Number.isInteger(grid.boxWidth) || grid.boxHeight * grid.boxWidth !== n) {
    bad('grid.boxHeight', `grid.boxHeight × grid.boxWidth must be grid.size (${n}), not ${grid.boxHeight} × ${grid.boxWidth}.`);
  }
  for (const field of ['givens', 'solution'] as const) {
    const rows = grid[field];
    if (rows === undefined && field === 'solution') continue;
    if (!Array.isArray(rows) || rows.length !== n) bad(`grid.${field}`, `grid.${field} must be ${n} rows, not ${Array.isArray(rows) ? rows.length : typeof rows}.`);
    rows!.forEach((row, r) => {
      if (!Array.isArray(row) || row.length !== n) bad(`grid.${field}`, `grid.${field} row ${r + 1} must hold ${n} numbers, not ${Array.isArray(row) ? row.length : typeof row}.`);
      row.forEach((v, c) => {
        if (!Number.isInteger(v) || v < 0 || v > n) bad(`grid.${field}`, `grid.${field} row ${r + 1}, column ${c + 1} is ${JSON.stringify(v)}, not a whole number from 0 to ${n}.`);
      });
    });
  }
}

/**
 * Refuses a record to write whose fields are not of their shape (RecordSheet), naming
 * the field: blocks or an answer without rows × columns tokens, a token that is no
 * string, a `title` that is no string, a `parameter` other than `{ value, word }`
 * strings (a number there was written as "undefined undefined").
 */
function checkRecord(record: RecordSheet): void {
  const bad = (field: string, message: string): never => {
    throw new GridmilpError('invalid_argument', message, { field });
  };
  const { rows, columns } = record;
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || rows < 1 || columns < 1) {
    bad('record.rows', `record.rows and record.columns must be whole numbers from 1, not ${rows} and ${columns}.`);
  }
  if (record.title !== undefined && typeof record.title !== 'string') bad('record.title', `record.title must be a string, not ${JSON.stringify(record.title)}.`);
  const parameter: unknown = record.parameter;
  if (parameter !== undefined) {
    const p = parameter as { value?: unknown; word?: unknown };
    if (typeof parameter !== 'object' || parameter === null || typeof p.value !== 'string' || typeof p.word !== 'string') {
      bad('record.parameter', `record.parameter must be { value, word }, two strings (the size line's third number and its word: { value: '2', word: 'stars' }), not ${JSON.stringify(parameter)}.`);
    }
  }
  const tokens = (field: string, list: unknown): void => {
    if (!Array.isArray(list) || list.length !== rows * columns) {
      bad(field.replace(/\[\d+\]$/, ''), `${field} must hold rows × columns = ${rows * columns} tokens, not ${Array.isArray(list) ? list.length : typeof list}.`);
    }
    const k = (list as unknown[]).findIndex((t) => typeof t !== 'string');
    if (k >= 0) bad(field.replace(/\[\d+\]$/, ''), `${field}[${k}] must be a string token, not ${JSON.stringify((list as unknown[])[k])}.`);
  };
  if (!Array.isArray(record.blocks) || record.blocks.length === 0) bad('record.blocks', 'record.blocks must hold at least one block of tokens.');
  record.blocks.forEach((block, k) => tokens(`record.blocks[${k}]`, block));
  if (record.solution !== undefined) tokens('record.solution', record.solution);
  for (const field of ['regions', 'givens'] as const) {
    const k = record[field];
    if (k !== undefined && k !== null && (!Number.isInteger(k) || k < 0 || k >= record.blocks.length)) {
      bad(`record.${field}`, `record.${field} must be the index of one of its ${record.blocks.length} blocks, not ${k}.`);
    }
  }
}
