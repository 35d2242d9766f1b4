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
  /**
   * The boxes' shape a note beside the block says ("Boxes: 3×2", as gridmilp writes it
   * in .csv and .xlsx) or its thick borders draw (.xlsx), when it is not the usual one
   * for n (a 6×6 in boxes of 3 rows × 2 columns); absent otherwise.
   */
  boxHeight?: number;
  boxWidth?: number;
  /**
   * `'hex'` when the sheet writes a 16×16 in 0–F (0 is 1 … F is 16: letters up to F and
   * a 0 beside empty cells, docs/formats.md); `grid` holds 1…16 all the same. Absent for
   * numbers and for letters from A = 10.
   */
  symbols?: 'hex';
}

/**
 * One puzzle of a genre other than Sudoku found in a spreadsheet: its record in the
 * janko-style text layout (docs/formats.md, "Genre records"), which the engine parses.
 */
export interface SheetRecord {
  /** Its name: the row's name cell for one record per row, else `Sheet!A1:J21`. */
  name: string;
  /** The sheet it came from (for a CSV file, the file's name). */
  sheet: string;
  /** Its cell range in A1 notation: its blocks ("A1:J21") or the record's one cell ("E3"). */
  range: string;
  /** Rows R of the puzzle. */
  rows: number;
  /** Columns C of the puzzle. */
  columns: number;
  /** The record: `=== id`, the size line `R C [K]`, then its blocks of R lines of C tokens. */
  text: string;
}

/** What a spreadsheet holds. */
export interface SpreadsheetPuzzles {
  /** How the file was read. */
  format: 'xlsx' | 'csv';
  /** The Sudoku puzzles in sheet order, then row order (empty when a genre was read). */
  puzzles: SheetPuzzle[];
  /** The genre's records in sheet order, then row order, when a genre other than Sudoku was read. */
  records?: SheetRecord[];
  /**
   * What was left out and why (only when something else was read): a sheet without a
   * puzzle (`refused` false: empty, or notes alone), or a sheet or a row that holds a
   * puzzle that could not be read (`refused` true; `reason` names the sheet and cell,
   * e.g. "Sheet2!C5 holds the text “x”; …"); `at`: its place among the puzzles read,
   * how many of `puzzles` (or of `records`, with a genre) come before it in sheet and row
   * order, where a results table lists it; `name`: a row's name cell, for a puzzle per
   * row that could not be read ("Bad char"), which a results table names it by;
   * `hidden`: a sheet the workbook hides (an answer key), left out unread (`refused`
   * false), unless chosen by the `sheet` option.
   */
  skipped: { sheet: string; reason: string; refused: boolean; at: number; name?: string; hidden?: true }[];
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
  /** Branch-and-bound nodes, when known (0 for a puzzle that ended without a tree). */
  nodes?: number;
  /** MiniSat's conflicts, when the CNF-SAT route ran (`stats.sat.conflicts`). */
  conflicts?: number;
  /** The puzzle as one line of n² symbols (`.` for empty). */
  puzzle: string;
  /** The solution as one line, when there is one. */
  solution?: string;
}

/**
 * One genre puzzle to write (every genre but Sudoku): its record's blocks and, when
 * solved, its answer, as tokens (docs/formats.md, "Genre records").
 */
export interface RecordSheet {
  /** The genre's name for people (the sheet's name; default "Puzzle"). */
  title?: string;
  /** Rows R. */
  rows: number;
  /** Columns C. */
  columns: number;
  /** The size line's third number and its word (`{ value: '2', word: 'stars' }`), when there is one. */
  parameter?: { value: string; word: string };
  /** blocks[k][r · C + c]: the token of block k's cell (r, c); `-` for empty. */
  blocks: string[][];
  /** The block of region or cage ids, whose walls are drawn on every grid, when there is one. */
  regions?: number;
  /**
   * The block whose tokens the answer repeats, drawn bold in it (default 0: the givens
   * or clues); null when the answer repeats none (Killer's cage sums).
   */
  givens?: number | null;
  /** The answer's tokens (the genre's solution format), R · C of them, when solved. */
  solution?: string[];
}
