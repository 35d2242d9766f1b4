// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page's editor works on the puzzle text itself, in the janko-style record layout
 * of the `sw_*.puzzles.txt` files (docs/formats.md, "Sudoku variants"; cpp/puzzles/common/
 * records.h): a header `=== id`, a line `R C`, then blocks of R lines of C tokens.
 * This module only reads and writes that layout; the engine parses the result and
 * says what is wrong with it.
 */

/** One puzzle's record: its header, size and blocks of tokens. */
export interface RecordText {
  header: string;
  rows: number;
  columns: number;
  /** A third item on the size line, as written: Star Battle's stars per unit, or the boxes' shape (`3x2`) of a genre with boxes. */
  parameter?: string;
  /** blocks[k][cell]: the token of cell (row · columns + column) in block k. */
  blocks: string[][];
}

/**
 * Reads a text holding one record.
 *
 * @param text the puzzle text
 * @param blocks how many blocks the genre's record has (editing.ts: killer, jigsaw,
 *   norinori, heyawake 2; others 1)
 * @returns the record, or null when the text is not one record of that shape (the
 *   editor then asks for one puzzle in the record layout)
 */
export function readRecord(text: string, blocks: number): RecordText | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim().length > 0);
  let at = 0;
  let header = 'my_puzzle';
  if (lines[0]?.startsWith('===')) {
    header = lines[0].slice(3).trim() || header;
    at = 1;
  }
  const items = lines[at]?.trim().split(/\s+/) ?? [];
  const size = items.slice(0, 2).map(Number);
  if (items.length < 2 || items.length > 3 || !size.every((v) => Number.isInteger(v) && v >= 1 && v <= 100)) return null;
  if (items.length === 3 && !/^\d+(x\d+)?$/.test(items[2]!)) return null;
  const [rows, columns] = size as [number, number];
  const parameter = items[2];
  const body = lines.slice(at + 1);
  if (body.length !== rows * blocks || body.some((l) => l.startsWith('==='))) return null;
  const out: string[][] = [];
  for (let k = 0; k < blocks; k++) {
    const tokens = body.slice(k * rows, (k + 1) * rows).flatMap((l) => l.trim().split(/\s+/));
    if (tokens.length !== rows * columns) return null;
    out.push(tokens);
  }
  return { header, rows, columns, blocks: out, ...(parameter === undefined ? {} : { parameter }) };
}

/**
 * Writes a record back as text, each block's columns aligned.
 *
 * @param record the record
 * @returns the text, ending in a newline
 */
export function writeRecord(record: RecordText): string {
  let out = `=== ${record.header}\n${record.rows} ${record.columns}${record.parameter === undefined ? '' : ` ${record.parameter}`}\n`;
  for (const block of record.blocks) {
    const width = Math.max(...block.map((t) => t.length));
    for (let r = 0; r < record.rows; r++) {
      out += `${block
        .slice(r * record.columns, (r + 1) * record.columns)
        .map((t) => t.padStart(width))
        .join(' ')}\n`;
    }
  }
  return out;
}

/** An id for a new cage or region: the smallest whole number no cell of `ids` uses. */
export function freshId(ids: readonly string[]): string {
  const used = new Set(ids);
  let k = 1;
  while (used.has(String(k))) k++;
  return String(k);
}
