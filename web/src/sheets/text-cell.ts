// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The sheet cell behind a place of a genre text made from a spreadsheet: the engine names
 * a bad token by the text's line and column ("line 4, column 4: expected a number or -,
 * found '2.5'"), which the person never typed; the page names the cell they did
 * ("'week.csv'!B2"). The text is the records' texts joined (actions/sheets.ts), each laid
 * out by records.ts: `=== id`, the size line, then the first block's rows and the
 * second's, one token a cell.
 */
import type { SheetRecord } from '../solver/protocol/spreadsheets.js';
import { cellName, parseRange, sheetRef } from './cells.js';

/**
 * The cell of the sheet that a line and column of the joined text came from.
 *
 * Each record's range (records.ts `blockRecord`) spans its blocks: one block, or the ids
 * alone (a Norinori's empty first block), fills it; two blocks one above the other share
 * its columns, the second at its bottom; side by side they share its rows, the second at
 * its right. A record held whole in one cell (a results sheet's row) is that cell.
 *
 * @param records the records whose texts, joined in this order, are the text
 * @param line 1-based line of the joined text
 * @param column 1-based column of that line (code points), on or in the token
 * @returns the cell in A1 notation with its sheet ("'week.csv'!B2"), or null for a line
 *   outside the blocks (a record's name or size line) or a text laid out otherwise
 */
export function sheetCellOfText(records: readonly SheetRecord[], line: number, column: number): string | null {
  let start = 1;
  for (const record of records) {
    const lines = record.text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    if (line >= start + lines.length) {
      start += lines.length;
      continue;
    }
    const range = parseRange(record.range);
    if (range === null) return null;
    const name = (row: number, c: number): string => `${sheetRef(record.sheet)}!${cellName(row, c)}`;
    const height = range.bottom - range.top + 1;
    const width = range.right - range.left + 1;
    if (height === 1 && width === 1 && record.rows * record.columns > 1) return name(range.top, range.left);
    const k = line - start - 2; // the block row, counted over both blocks
    if (k < 0 || k >= 2 * record.rows) return null;
    // The token at `column`: as many as start before it on the line.
    const before = [...(lines[line - start] ?? '')].slice(0, Math.max(0, column - 1)).join('');
    const words = before.trim() === '' ? 0 : before.trim().split(/\s+/).length;
    const token = before === '' || /\s$/.test(before) ? words : words - 1;
    if (token >= record.columns) return null;
    const [block, row] = [Math.floor(k / record.rows), k % record.rows];
    if (height === record.rows && width === record.columns) return name(range.top + row, range.left + token);
    if (width === record.columns) return name((block === 0 ? range.top : range.bottom - record.rows + 1) + row, range.left + token);
    if (height === record.rows) return name(range.top + row, (block === 0 ? range.left : range.right - record.columns + 1) + token);
    return null;
  }
  return null;
}
