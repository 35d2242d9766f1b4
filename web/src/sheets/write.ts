// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Writing spreadsheets: one puzzle's grid (givens bold, solved digits blue, box borders
 * drawn) and a batch's results (one row per puzzle), each as .xlsx (exceljs) and .csv
 * (Papa Parse), and a genre puzzle's record (its blocks of tokens, and below them the
 * answer under a row "Solution"). What is written reads back with read.ts: the grid as
 * one block from A1, a record's blocks from A1 (records.ts stops at "Solution"), the
 * results as one puzzle per row (the `puzzle` column comes before `solution`).
 */
import type * as ExcelJSTypes from 'exceljs';
import type { GridSheet, RecordSheet, ResultRow } from '../solver/protocol/spreadsheets.js';
import type { SpreadsheetLibraries } from './read.js';
import { usualBoxHeight } from '../solver/boxes.js';
import { boxesNote } from './find.js';

export type { GridSheet, RecordSheet, ResultRow };

/** The colour of solved (not given) digits, ARGB: a blue that prints in grey as well. */
export const SOLVED_COLOUR = 'FF1F5FBF';

/**
 * The CSV of a grid: n lines of n comma-separated numbers, an empty field for an empty
 * cell; when its boxes are not the usual ones for n (a 6×6 in boxes of 3 rows × 2
 * columns), an empty line and the note that says them ({@link boxesNote}), which
 * find.ts reads back: a CSV has no borders to draw them.
 */
export function gridCsv(sheet: GridSheet, libraries: Pick<SpreadsheetLibraries, 'Papa'>): string {
  const values = sheet.solution ?? sheet.givens;
  const note = unusualBoxes(sheet) ? `\n${boxesNote(sheet.boxHeight, sheet.boxWidth)}\n` : '';
  return libraries.Papa.unparse(values.map((row) => row.map((v) => (v === 0 ? '' : v))), { newline: '\n' }) + '\n' + note;
}

/** Whether a grid's boxes are other than the usual ones for its size (find.ts, usualBoxHeight). */
function unusualBoxes(sheet: GridSheet): boolean {
  return sheet.boxHeight !== usualBoxHeight(sheet.size);
}

/**
 * The .xlsx of a grid: the block at A1, square cells, givens bold black, solved digits
 * bold-less blue ({@link SOLVED_COLOUR}), thin cell borders and medium box borders; boxes
 * other than the usual ones also said in a note below the grid ({@link boxesNote}).
 *
 * @returns the file's bytes
 */
export async function gridXlsx(sheet: GridSheet, libraries: Pick<SpreadsheetLibraries, 'ExcelJS'>): Promise<Uint8Array> {
  const workbook = new libraries.ExcelJS.Workbook();
  workbook.creator = 'gridmilp';
  const ws = workbook.addWorksheet(sheet.sheetName ?? 'Sudoku');
  const n = sheet.size;
  for (let c = 1; c <= n; c++) ws.getColumn(c).width = 4.6;
  const thin: ExcelJSTypes.Border = { style: 'thin', color: { argb: 'FF999999' } };
  const medium: ExcelJSTypes.Border = { style: 'medium', color: { argb: 'FF000000' } };
  const edge = (k: number, box: number): boolean => k % box === 0;
  for (let r = 0; r < n; r++) {
    const row = ws.getRow(r + 1);
    row.height = 24;
    for (let c = 0; c < n; c++) {
      const cell = row.getCell(c + 1);
      const given = sheet.givens[r]?.[c] ?? 0;
      const value = sheet.solution?.[r]?.[c] ?? given;
      if (value !== 0) cell.value = value;
      cell.alignment = { horizontal: 'center', vertical: 'middle' };
      // Blue only on a solved digit: an empty cell's font is black, so that a digit typed
      // into it later reads back as a given (find.ts takes blue beside bold as solved).
      cell.font =
        given !== 0
          ? { bold: true, size: 14, color: { argb: 'FF000000' } }
          : value !== 0
            ? { size: 14, color: { argb: SOLVED_COLOUR } }
            : { size: 14, color: { argb: 'FF000000' } };
      cell.border = {
        top: edge(r, sheet.boxHeight) ? medium : thin,
        left: edge(c, sheet.boxWidth) ? medium : thin,
        bottom: r === n - 1 ? medium : thin,
        right: c === n - 1 ? medium : thin,
      };
    }
  }
  // The boxes in words as well, below the grid: kept when the file loses its borders
  // (saved as CSV by a spreadsheet program).
  if (unusualBoxes(sheet)) ws.getCell(n + 2, 1).value = boxesNote(sheet.boxHeight, sheet.boxWidth);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * The results table's columns, as the C++ CLI's `--results` writes them (cpp/cli/main.cpp,
 * writeResults): docs/formats.md, "Spreadsheets".
 */
export const RESULTS_HEADER = ['name', 'status', 'ms', 'nodes', 'conflicts', 'puzzle', 'solution'] as const;

/**
 * A text field a spreadsheet program would take for a formula: one starting with `=`,
 * `@`, a tab or a carriage return, or with `+` or `-` and more after it (a lone `-`, a
 * cell in no cage, is text to them). A genre's record starts with `=== name`, which
 * Excel and LibreOffice show as an error, and a name from a sheet could be a formula
 * run on opening (CSV injection). Papa Parse's own pattern misses a text of several
 * lines (its `.*$` stops at the first line's end), so this one is given.
 */
export const FORMULA_START = /^(?:[=@\t\r]|[+-][^])/;

/**
 * CSV of rows as spreadsheet programs should read it: a text that would start a formula
 * ({@link FORMULA_START}) gets a leading apostrophe, the convention that marks a cell as
 * text (read.ts drops it again), and is quoted; numbers are written as they are.
 */
function unparse(rows: (string | number)[][] | { fields: string[]; data: (string | number)[][] }, Papa: SpreadsheetLibraries['Papa']): string {
  return Papa.unparse(rows, { newline: '\n', escapeFormulae: FORMULA_START });
}

function resultCells(row: ResultRow): (string | number)[] {
  return [row.name, row.status, row.ms ?? '', row.nodes ?? '', row.conflicts ?? '', row.puzzle, row.solution ?? ''];
}

/**
 * The CSV of a batch's results: a header line, then one line per puzzle. A text that
 * would start a formula (a genre's record, `=== name` then its lines) is written with a
 * leading apostrophe ({@link FORMULA_START}); read.ts reads it back without.
 */
export function resultsCsv(rows: ResultRow[], libraries: Pick<SpreadsheetLibraries, 'Papa'>): string {
  return unparse({ fields: [...RESULTS_HEADER], data: rows.map(resultCells) }, libraries.Papa) + '\n';
}

/**
 * The .xlsx of a batch's results: a bold header row, then one row per puzzle (name,
 * status, ms, nodes, conflicts, puzzle, solution), the header frozen; a genre's record and answer
 * (several lines each) wrapped in a monospaced font.
 *
 * @returns the file's bytes
 */
export async function resultsXlsx(rows: ResultRow[], libraries: Pick<SpreadsheetLibraries, 'ExcelJS'>): Promise<Uint8Array> {
  const workbook = new libraries.ExcelJS.Workbook();
  workbook.creator = 'gridmilp';
  const ws = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...RESULTS_HEADER]).font = { bold: true };
  // The puzzle's and the solution's columns, 1-based, by their names.
  const texts = [RESULTS_HEADER.indexOf('puzzle') + 1, RESULTS_HEADER.indexOf('solution') + 1];
  for (const row of rows) {
    const added = ws.addRow(resultCells(row));
    // A genre's record and answer are several lines: shown as such, in a monospaced font.
    if (row.puzzle.includes('\n')) {
      for (const c of texts) {
        added.getCell(c).alignment = { wrapText: true, vertical: 'top' };
        added.getCell(c).font = { name: 'Courier New' };
      }
    }
  }
  const longest = Math.max(10, ...rows.flatMap((r) => [...r.puzzle.split('\n'), ...(r.solution ?? '').split('\n')].map((l) => l.length)));
  ws.columns.forEach((column, i) => {
    column.width = texts.includes(i + 1) ? Math.min(longest + 2, 120) : i === 0 ? 24 : 12;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The grids of a record sheet in order, with their first row (0-based) and tokens. */
function recordGrids(sheet: RecordSheet): { top: number; tokens: string[]; answer: boolean }[] {
  const grids = sheet.blocks.map((tokens, k) => ({ top: k * (sheet.rows + 1), tokens, answer: false }));
  // The answer: one empty row, a row "Solution", then its grid.
  if (sheet.solution) grids.push({ top: sheet.blocks.length * (sheet.rows + 1) + 1, tokens: sheet.solution, answer: true });
  return grids;
}

/** The size line's third number in words ("2 stars", "1 star"), a note beside the first block. */
function parameterNote(sheet: RecordSheet): string | null {
  if (!sheet.parameter) return null;
  const { value, word } = sheet.parameter;
  return `${value} ${value === '1' ? word.replace(/s$/, '') : word}`;
}

/**
 * The CSV of a genre puzzle: its blocks (one line per row, an empty field for `-`), an
 * empty line between blocks, the stars per unit (Star Battle) on a line of its own, and
 * when solved an empty line, a line `Solution` and the answer's grid. A token that
 * would start a formula gets a leading apostrophe ({@link FORMULA_START}).
 */
export function recordCsv(sheet: RecordSheet, libraries: Pick<SpreadsheetLibraries, 'Papa'>): string {
  const lines: string[] = [];
  // A cell in no cage or region (a killer being drawn) keeps its `-` in the ids' block:
  // that block is read as the rows where every cell holds a token (records.ts).
  const grid = (tokens: string[], ids = false): string =>
    unparse(
      Array.from({ length: sheet.rows }, (_, r) => tokens.slice(r * sheet.columns, (r + 1) * sheet.columns).map((t) => (t === '-' && !ids ? '' : t))),
      libraries.Papa,
    );
  sheet.blocks.forEach((tokens, k) => {
    if (k > 0) lines.push('');
    lines.push(grid(tokens, k === sheet.regions));
  });
  const note = parameterNote(sheet);
  if (note) lines.push('', note);
  if (sheet.solution) lines.push('', 'Solution', grid(sheet.solution));
  return `${lines.join('\n')}\n`;
}

/**
 * The .xlsx of a genre puzzle: its blocks from A1, one empty row between (the layout
 * records.ts reads), square cells with thin borders and medium walls between regions
 * or cages (`regions`); the stars per unit as a note right of the first block; when
 * solved, below an empty row and a row "Solution", the answer: the tokens it repeats
 * from the givens' block (`givens`) bold black, the others blue ({@link SOLVED_COLOUR}).
 *
 * @returns the file's bytes
 */
export async function recordXlsx(sheet: RecordSheet, libraries: Pick<SpreadsheetLibraries, 'ExcelJS'>): Promise<Uint8Array> {
  const workbook = new libraries.ExcelJS.Workbook();
  workbook.creator = 'gridmilp';
  const ws = workbook.addWorksheet((sheet.title ?? 'Puzzle').replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const { rows, columns } = sheet;
  const longest = Math.max(1, ...sheet.blocks.flat().map((t) => t.length), ...(sheet.solution ?? []).map((t) => t.length));
  for (let c = 1; c <= columns; c++) ws.getColumn(c).width = Math.max(4.6, longest * 1.4 + 1.5);
  const thin: ExcelJSTypes.Border = { style: 'thin', color: { argb: 'FF999999' } };
  const medium: ExcelJSTypes.Border = { style: 'medium', color: { argb: 'FF000000' } };
  const ids = sheet.regions === undefined ? null : sheet.blocks[sheet.regions];
  const id = (r: number, c: number): string | null => (r < 0 || c < 0 || r >= rows || c >= columns ? null : (ids?.[r * columns + c] ?? null));
  const wall = (r: number, c: number, r2: number, c2: number): boolean => ids !== null && id(r, c) !== id(r2, c2);
  const clues = sheet.givens === null ? [] : (sheet.blocks[sheet.givens ?? 0] ?? []);
  for (const { top, tokens, answer } of recordGrids(sheet)) {
    if (answer) ws.getCell(top, 1).value = 'Solution';
    for (let r = 0; r < rows; r++) {
      const row = ws.getRow(top + r + 1);
      row.height = 24;
      for (let c = 0; c < columns; c++) {
        const cell = row.getCell(c + 1);
        const token = tokens[r * columns + c] ?? '-';
        // A cell in no cage or region keeps its `-` (as in recordCsv).
        if (token !== '-' || (tokens === ids && !answer)) cell.value = /^\d+$/.test(token) ? Number(token) : token;
        const given = !answer || (token !== '-' && clues[r * columns + c] === token);
        cell.alignment = { horizontal: 'center', vertical: 'middle' };
        cell.font = given ? { bold: true, size: 13, color: { argb: 'FF000000' } } : { size: 13, color: { argb: SOLVED_COLOUR } };
        cell.border = {
          top: r === 0 || wall(r, c, r - 1, c) ? medium : thin,
          left: c === 0 || wall(r, c, r, c - 1) ? medium : thin,
          bottom: r === rows - 1 || wall(r, c, r + 1, c) ? medium : thin,
          right: c === columns - 1 || wall(r, c, r, c + 1) ? medium : thin,
        };
      }
    }
  }
  const note = parameterNote(sheet);
  if (note) ws.getCell(1, columns + 2).value = note;
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
