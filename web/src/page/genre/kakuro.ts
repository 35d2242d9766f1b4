// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Kakuro on the board editor (issue #23): the cells of its record as the editor changes
 * them, and the board as the record has it while the engine cannot read it yet (a grid
 * being built has runs without a clue). The record is janko.at's (docs/formats.md,
 * "Pencil puzzles"; cpp/puzzles/kakuro/kakuro.cpp, readCell): `0` a white cell, `-` (or
 * `.`) a black cell without clues, `d,a` a black cell with its down sum d and across sum
 * a (`16,` down only, `,23` across only). Whether a sum is in range (1 to 45, and what
 * its run can hold) is the engine's to say.
 */
import type { Board, BoardItem } from '../../solver/genre';
import type { RecordText } from './record';

/** Which sum of a black cell typing sets: down (drawn lower left) or across (upper right). */
export type Half = 'down' | 'across';

/** One cell of a Kakuro record: white, or black with its sums as typed ('' for none). */
export type KakuroCell = { white: true } | { white: false; down: string; across: string };

/**
 * Reads one token of a Kakuro record.
 *
 * @param token `0`, `-`, `.`, or `d,a` with d and a digits or empty
 * @returns the cell, or null for a token that is no Kakuro cell (the engine names it)
 */
export function readKakuroCell(token: string): KakuroCell | null {
  if (token === '0') return { white: true };
  if (token === '-' || token === '.') return { white: false, down: '', across: '' };
  const match = /^(\d*),(\d*)$/.exec(token);
  return match === null ? null : { white: false, down: match[1]!, across: match[2]! };
}

/**
 * Writes a cell as its record's token: `0`, `-`, or `d,a` (`16,`, `,23`).
 *
 * @param cell the cell
 * @returns the token
 */
export function writeKakuroCell(cell: KakuroCell): string {
  if (cell.white) return '0';
  return cell.down === '' && cell.across === '' ? '-' : `${cell.down},${cell.across}`;
}

/**
 * The tokens of an empty Kakuro to start from: the first row and column black (where
 * the clues of the runs along the edge stand, and what a puzz.link URL's Kakuro
 * assumes), every other cell white.
 *
 * @param rows rows of the grid
 * @param columns columns of the grid
 * @returns rows · columns tokens, row by row
 */
export function emptyKakuro(rows: number, columns: number): string[] {
  return Array.from({ length: rows * columns }, (_, k) => (k < columns || k % columns === 0 ? '-' : '0'));
}

/**
 * The cell a click at (x, y) falls in, as the board splits a black cell: the lower-left
 * half below the diagonal is its down sum, the upper-right half its across sum.
 *
 * @param x the click's place across the cell, 0 (left edge) to 1 (right edge)
 * @param y the click's place down the cell, 0 (top edge) to 1 (bottom edge)
 * @returns the half clicked
 */
export function halfAt(x: number, y: number): Half {
  return y > x ? 'down' : 'across';
}

/**
 * The board of a Kakuro record as typed, drawn as the engine draws a Kakuro
 * (cpp/puzzles/kakuro/kakuro.cpp, `board`): a black cell shaded `block`, its sums as
 * numbers of style `down` and `across`. Sums out of range are drawn as typed.
 *
 * @param record one record of one block
 * @returns the board, or null when a token is no Kakuro cell (then the engine's message
 *   and the board kept say it)
 */
export function typedKakuroBoard(record: RecordText): Board | null {
  const cells = (record.blocks[0] ?? []).map(readKakuroCell);
  if (cells.length !== record.rows * record.columns || cells.some((c) => c === null)) return null;
  const items: BoardItem[] = [];
  cells.forEach((cell, k) => {
    if (cell === null || cell.white) return;
    const at = { row: 2 * Math.floor(k / record.columns) + 1, column: 2 * (k % record.columns) + 1 };
    items.push({ kind: 'shade', style: 'block', ...at });
    if (cell.down !== '') items.push({ kind: 'number', style: 'down', text: cell.down, ...at });
    if (cell.across !== '') items.push({ kind: 'number', style: 'across', text: cell.across, ...at });
  });
  return { rows: record.rows, columns: record.columns, items };
}
