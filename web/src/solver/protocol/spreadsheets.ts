// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The data of spreadsheets in and out (web/src/sheets/), as the worker and the page pass
 * it: types only, so that the protocol does not reach exceljs or Papa Parse.
 */

/** One puzzle found in a spreadsheet, with where it was. */
export interface SheetPuzzle {
  /** Its name: the row's name cell for one puzzle per row, else `Sheet!B2:J10`. */
  name: string;
  /** The sheet it came from (for a CSV file, the file's name). */
  sheet: string;
  /** Its cell range in A1 notation: the block ("B2:J10") or the puzzle's one cell ("B3"). */
  range: string;
  /** The side n. */
  size: number;
  /** n rows of n numbers, 0 for empty, 1…n for a given. */
  grid: number[][];
}

/** What a spreadsheet holds. */
export interface SpreadsheetPuzzles {
  /** How the file was read. */
  format: 'xlsx' | 'csv';
  /** The puzzles in sheet order, then row order. */
  puzzles: SheetPuzzle[];
  /** Sheets without a puzzle and why (only when another sheet has one). */
  skipped: { sheet: string; reason: string }[];
}

/** One puzzle to write: its box shape, givens and (when solved) its solution. */
export interface GridSheet {
  /** The side n. */
  size: number;
  /** Rows of a box (boxHeight × boxWidth = n); 1 × n draws no box borders. */
  boxHeight: number;
  /** Columns of a box. */
  boxWidth: number;
  /** n rows of n numbers: 0 for empty, 1…n for a given. */
  givens: number[][];
  /** n rows of n numbers, the solution (givens included), when there is one. */
  solution?: number[][];
  /** The sheet's name (default "Sudoku"). */
  sheetName?: string;
}

/** One row of a batch's results. */
export interface ResultRow {
  /** The puzzle's name ("Grid 01", "Sheet1!B2:J10"). */
  name: string;
  /** Its status: "solved", "infeasible", "time_limit", "error: …". */
  status: string;
  /** Milliseconds the solve took, when known. */
  ms?: number;
  /** Branch-and-bound nodes, when known. */
  nodes?: number;
  /** The puzzle as one line of n² symbols (`.` for empty). */
  puzzle: string;
  /** The solution as one line, when there is one. */
  solution?: string;
}
