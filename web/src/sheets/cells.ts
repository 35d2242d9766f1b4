// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A sheet's cells as the puzzle finder sees them, whichever file they came from
 * (.xlsx through exceljs, .csv through Papa Parse), A1-style cell names, and the error
 * every spreadsheet failure raises. No library is imported here.
 */

/** What one cell holds: a number, a text, or nothing; with how it got there. */
export interface SheetCell {
  /** The value: a number, a text (trimmed), or null for an empty cell. */
  value: number | string | null;
  /**
   * What the value is when it is neither a plain number nor text, in words, for a
   * message: "a date", "TRUE", "the error #DIV/0!", "a formula (=A1+1) with no cached
   * value". A cell with a `kind` is never read as a given.
   */
  kind?: string;
  /**
   * An empty cell that is drawn: it has a border or a fill (.xlsx), or it is an empty
   * field of a line with separators (.csv). Genre records use it to place a block whose
   * outer rows are empty (records.ts).
   */
  drawn?: boolean;
  /**
   * The cell's sides drawn medium or thicker (.xlsx): a Sudoku's box walls, as
   * gridmilp and most puzzle sheets draw them (find.ts reads the boxes' shape from them).
   */
  walls?: { top?: true; left?: true; bottom?: true; right?: true };
  /**
   * A number in gridmilp's colour for solved digits, not bold (.xlsx): a digit of the
   * solution in a grid gridmilp saved after Solve (write.ts, SOLVED_COLOUR), not a given.
   */
  solved?: true;
}

/** One sheet: its cells by 0-based row and column (A1 is [0][0]), and its merged ranges. */
export interface SheetTable {
  /** The sheet's name ("Sheet1"; for a CSV file, the file's name). */
  name: string;
  /** Rows of cells; missing rows and cells are empty. */
  cells: (SheetCell | undefined)[][];
  /** Merged ranges in A1 notation ("B2:C3"). */
  merges: string[];
  /**
   * The sheet's used range, 0-based inclusive, when the file says more than its values
   * do (cells with borders or formats, a CSV's empty fields): it places a block whose
   * outer rows or columns are all empty.
   */
  used?: { top: number; left: number; bottom: number; right: number };
  /** A sheet the workbook hides (Excel's Hide, `state="hidden"` or `"veryHidden"`). */
  hidden?: true;
}

/** Codes of a {@link SpreadsheetError}. */
export type SpreadsheetErrorCode =
  /** No puzzle in the file, or a bad cell (the message names the sheet and cell). */
  | 'spreadsheet_error'
  /** The file is not a spreadsheet gridmilp reads: corrupt, encrypted, .xls or .ods. */
  | 'unsupported_file'
  /** The file is past a stated limit: expanded size, entries, sheets. */
  | 'too_large'
  /** The library a spreadsheet needs (exceljs, papaparse) could not be loaded. */
  | 'missing_dependency';

/** A spreadsheet that cannot be read or written, with the sheet and cell at fault. */
export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;
  /** The sheet at fault, when one is. */
  readonly sheet: string | undefined;
  /** The cell or range at fault in A1 notation ("D4", "B2:C3"), when one is. */
  readonly cell: string | undefined;

  /**
   * @param code what kind of failure
   * @param message the whole sentence, sheet and cell included
   * @param where the sheet and cell named in it
   */
  constructor(code: SpreadsheetErrorCode, message: string, where: { sheet?: string; cell?: string } = {}) {
    super(message);
    this.name = 'SpreadsheetError';
    this.code = code;
    this.sheet = where.sheet;
    this.cell = where.cell;
  }
}

/**
 * A sheet that holds nothing a puzzle is made of (no numbers, no tokens; empty, or notes
 * alone): skipped without blame, unlike a sheet whose puzzle could not be read.
 */
export class NoPuzzleError extends SpreadsheetError {}

/** The column letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(column: number): string {
  let name = '';
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26)) {
    name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  }
  return name;
}

/** A1 name of a 0-based cell: (0, 0) → "A1". */
export function cellName(row: number, column: number): string {
  return `${columnName(column)}${row + 1}`;
}

/** A1 range of a 0-based inclusive block: "B2:J10" (one cell: "B2"). */
export function rangeName(top: number, left: number, bottom: number, right: number): string {
  const first = cellName(top, left);
  return top === bottom && left === right ? first : `${first}:${cellName(bottom, right)}`;
}

/**
 * Parse an A1 range ("B2:C3" or "B2"; `$` signs allowed) into 0-based inclusive bounds.
 *
 * @returns the bounds, or null for text that is not a range
 */
export function parseRange(range: string): { top: number; left: number; bottom: number; right: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})(?::\$?([A-Z]{1,3})\$?(\d{1,7}))?$/.exec(range.trim().toUpperCase());
  if (!m) return null;
  const column = (letters: string): number => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const a = { row: Number(m[2]) - 1, column: column(m[1]!) };
  const b = m[3] ? { row: Number(m[4]) - 1, column: column(m[3]) } : a;
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.column, b.column),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.column, b.column),
  };
}

/** A sheet name as a formula would write it before `!`: quoted when it is not a plain word. */
export function sheetRef(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** The smallest block that holds every cell added to it: 0-based, inclusive. */
export class Span {
  top = Infinity;
  left = Infinity;
  bottom = -1;
  right = -1;

  /** Take the cell (row, column) in. */
  add(row: number, column: number): void {
    this.top = Math.min(this.top, row);
    this.left = Math.min(this.left, column);
    this.bottom = Math.max(this.bottom, row);
    this.right = Math.max(this.right, column);
  }

  /** Whether no cell was added. */
  get empty(): boolean {
    return this.bottom < 0;
  }
}

/** A cell's content for a message: “x” for text (cut at 40 characters), the number, or its kind. */
export function shown(cell: SheetCell): string {
  if (cell.kind !== undefined) return cell.kind;
  return typeof cell.value === 'string' ? `the text “${cell.value.length > 40 ? `${cell.value.slice(0, 40)}…` : cell.value}”` : String(cell.value);
}
