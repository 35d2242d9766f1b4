// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Givens that break Sudoku's rule (each symbol at most once in a row, a column and a
 * box), found on the board as the person types, before any solve. The engine checks
 * the same rule when it reads a puzzle (cpp/puzzles/sudoku/grid.cpp, findConflict,
 * whose first clash and wording this follows); the page's check only marks the cells.
 */
import type { CellRef } from '../solver/protocol';
import { displaySymbol, type Shape } from './format';

/** The givens that clash, and the first clash in words. */
export interface GivenClashes {
  /** Every given that shares its symbol with another given of a row, column or box (1-based). */
  cells: CellRef[];
  /**
   * The first clash, rows first, then columns, then boxes, each in order:
   * "Two 5s in row 1: row 1, column 2 and row 1, column 7".
   */
  first: string;
}

/**
 * Find the givens that clash.
 *
 * @param givens row by row, n·n values: 0 for an empty cell, else 1..n
 * @param shape the board's size n and its boxes' height and width
 * @param hex whether symbols are shown as 0–F (16×16), for the message
 * @returns the clashing cells and the first clash, or `null` when no given clashes
 */
export function givenClashes(givens: readonly number[], shape: Shape, hex = false): GivenClashes | null {
  const { size: n, boxHeight, boxWidth } = shape;
  const boxesPerRow = n / boxWidth;
  const units: Array<[string, (unit: number, k: number) => number]> = [
    ['row', (u, k) => u * n + k],
    ['column', (u, k) => k * n + u],
    [
      'box',
      (u, k) => (Math.floor(u / boxesPerRow) * boxHeight + Math.floor(k / boxWidth)) * n + (u % boxesPerRow) * boxWidth + (k % boxWidth),
    ],
  ];
  const marked = new Set<number>();
  let first = '';
  const name = (index: number): string => `row ${Math.floor(index / n) + 1}, column ${(index % n) + 1}`;
  for (const [kind, cellOf] of units) {
    for (let unit = 0; unit < n; unit++) {
      const seen = new Map<number, number>();
      for (let k = 0; k < n; k++) {
        const index = cellOf(unit, k);
        const value = givens[index] ?? 0;
        if (value === 0) continue;
        const earlier = seen.get(value);
        if (earlier === undefined) {
          seen.set(value, index);
          continue;
        }
        marked.add(earlier).add(index);
        if (first === '') first = `Two ${displaySymbol(value, hex)}s in ${kind} ${unit + 1}: ${name(earlier)} and ${name(index)}`;
      }
    }
  }
  if (marked.size === 0) return null;
  const cells = [...marked].sort((a, b) => a - b).map((i) => ({ row: Math.floor(i / n) + 1, column: (i % n) + 1 }));
  return { cells, first };
}

/**
 * A clash of givens for the status line: the first clash, what it means, what to do
 * ("Two 5s in row 1: …. Givens that clash leave the puzzle without a solution: …").
 *
 * @param clash the board's clashes (Board.clashes)
 * @returns the sentences, ending with a full stop
 */
export function clashStatus(clash: GivenClashes): string {
  return `${clash.first}. Givens that clash leave the puzzle without a solution: change one of the marked cells.`;
}
