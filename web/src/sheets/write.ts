// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Writing spreadsheets: one puzzle's grid (givens bold, solved digits blue, box borders
 * drawn) and a batch's results (one row per puzzle), each as .xlsx (exceljs) and .csv
 * (Papa Parse). What is written reads back with read.ts: the grid as one block from A1,
 * the results as one puzzle per row (the `puzzle` column comes before `solution`).
 */
import type * as ExcelJSTypes from 'exceljs';
import type { GridSheet, ResultRow } from '../solver/protocol/spreadsheets.js';
import type { SpreadsheetLibraries } from './read.js';

export type { GridSheet, ResultRow };

/** The colour of solved (not given) digits, ARGB: a blue that prints in grey as well. */
export const SOLVED_COLOUR = 'FF1F5FBF';

/** The CSV of a grid: n lines of n comma-separated numbers, an empty field for an empty cell. */
export function gridCsv(sheet: GridSheet, libraries: Pick<SpreadsheetLibraries, 'Papa'>): string {
  const values = sheet.solution ?? sheet.givens;
  return libraries.Papa.unparse(values.map((row) => row.map((v) => (v === 0 ? '' : v))), { newline: '\n' }) + '\n';
}

/**
 * The .xlsx of a grid: the block at A1, square cells, givens bold black, solved digits
 * bold-less blue ({@link SOLVED_COLOUR}), thin cell borders and medium box borders.
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
      cell.font = given !== 0 ? { bold: true, size: 14, color: { argb: 'FF000000' } } : { size: 14, color: { argb: SOLVED_COLOUR } };
      cell.border = {
        top: edge(r, sheet.boxHeight) ? medium : thin,
        left: edge(c, sheet.boxWidth) ? medium : thin,
        bottom: r === n - 1 ? medium : thin,
        right: c === n - 1 ? medium : thin,
      };
    }
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const HEADER = ['name', 'status', 'ms', 'nodes', 'puzzle', 'solution'];

function resultCells(row: ResultRow): (string | number)[] {
  return [row.name, row.status, row.ms ?? '', row.nodes ?? '', row.puzzle, row.solution ?? ''];
}

/** The CSV of a batch's results: a header line, then one line per puzzle. */
export function resultsCsv(rows: ResultRow[], libraries: Pick<SpreadsheetLibraries, 'Papa'>): string {
  return libraries.Papa.unparse({ fields: HEADER, data: rows.map(resultCells) }, { newline: '\n' }) + '\n';
}

/**
 * The .xlsx of a batch's results: a bold header row, then one row per puzzle (name,
 * status, ms, nodes, puzzle, solution), the header frozen.
 *
 * @returns the file's bytes
 */
export async function resultsXlsx(rows: ResultRow[], libraries: Pick<SpreadsheetLibraries, 'ExcelJS'>): Promise<Uint8Array> {
  const workbook = new libraries.ExcelJS.Workbook();
  workbook.creator = 'gridmilp';
  const ws = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow(HEADER).font = { bold: true };
  for (const row of rows) ws.addRow(resultCells(row));
  const longest = Math.max(10, ...rows.map((r) => r.puzzle.length));
  ws.columns.forEach((column, i) => {
    column.width = i >= 4 ? Math.min(longest + 2, 120) : i === 0 ? 24 : 12;
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
