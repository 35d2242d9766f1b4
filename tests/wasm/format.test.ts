// SPDX-License-Identifier: GPL-3.0-or-later
// The page's pure text helpers (no DOM, no WASM).
import { describe, expect, it } from 'vitest';
import {
  checkFileSize,
  countOutcomes,
  describeSolve,
  eulerCornerSum,
  formatMs,
  formatMsNumber,
  MAX_FILE_BYTES,
  solutionsText,
  stringFromCells,
  cellsFromString,
} from '../../web/src/page/format';
import type { BatchItem, SolveResult } from '../../web/src/solver/protocol';

const stats: SolveResult['stats'] = {
  rows: 324,
  columns: 729,
  nonzeros: 2916,
  presolvedRows: 0,
  presolvedColumns: 0,
  presolvedNonzeros: 0,
  nodes: 0,
  simplexIterations: 0,
  rootLpIntegral: null,
  buildMs: 0.2,
  solveMs: 1.0,
  totalMs: 1.26,
};

function result(status: SolveResult['status'], solution?: string): SolveResult {
  return {
    status,
    size: 9,
    boxHeight: 3,
    boxWidth: 3,
    givens: '.'.repeat(81),
    ...(solution ? { solution } : {}),
    stats,
  };
}

describe('formatMs', () => {
  it('uses precision that fits the size', () => {
    expect(formatMs(0.274)).toBe('0.27 ms');
    expect(formatMs(1.26)).toBe('1.3 ms');
    expect(formatMs(42.4)).toBe('42 ms');
    expect(formatMs(1234)).toBe('1.23 s');
    expect(formatMs(73_400)).toBe('73.4 s');
    expect(formatMs(Number.NaN)).toBe('? ms');
    expect(formatMsNumber(0.274)).toBe('0.27');
    expect(formatMsNumber(5.4)).toBe('5.4');
    expect(formatMsNumber(1234.4)).toBe('1234');
  });
});

describe('describeSolve', () => {
  it('writes the solved line with time, nodes and model size', () => {
    expect(describeSolve(result('optimal', '1'.repeat(81)))).toBe(
      'Solved in 1.3 ms · 0 branch-and-bound nodes · 729 variables, 324 constraints',
    );
    expect(describeSolve({ ...result('optimal', '1'.repeat(81)), stats: { ...stats, nodes: 1 } })).toContain(
      '1 branch-and-bound node ·',
    );
  });

  it('says when there is no solution', () => {
    expect(describeSolve(result('infeasible'))).toBe(
      'No solution: these givens admit no valid grid.',
    );
  });
});

describe('checkFileSize', () => {
  it('refuses empty and oversized files, accepts the rest', () => {
    expect(checkFileSize(0)).toBe('The file is empty.');
    expect(checkFileSize(MAX_FILE_BYTES + 1)).toMatch(/too large .* up to 64\.0 MB/);
    expect(checkFileSize(MAX_FILE_BYTES)).toBeNull();
    expect(checkFileSize(4899)).toBeNull();
  });
});

describe('batch output', () => {
  const items: BatchItem[] = [
    { index: 0, name: 'Grid 01', line: 1, givens: '', status: 'optimal', solution: `483${'1'.repeat(78)}` },
    { index: 1, name: 'Grid 02', line: 11, givens: '', status: 'infeasible' },
    {
      index: 2,
      name: 'Grid 03',
      line: 21,
      givens: '',
      error: { code: 'conflicting_givens', message: 'Two 5s\nin row 1' },
    },
  ];

  it('writes one line per puzzle in input order', () => {
    expect(solutionsText(items)).toBe(
      `483${'1'.repeat(78)}\nno solution\nerror: Two 5s in row 1\n`,
    );
    expect(countOutcomes(items)).toEqual({ solved: 1, noSolution: 1, errors: 1 });
  });

  it('sums the corners only when every grid is solved', () => {
    expect(eulerCornerSum(items)).toBeNull();
    const solved = [items[0]!, { ...items[0]!, index: 1, solution: `245${'1'.repeat(78)}` }];
    expect(eulerCornerSum(solved)).toBe(483 + 245);
    expect(eulerCornerSum([])).toBeNull();
  });
});

describe('board strings', () => {
  it('round-trips cells and canonical strings', () => {
    const text = `12.${'.'.repeat(77)}9`;
    expect(stringFromCells(cellsFromString(text))).toBe(text);
    expect(() => cellsFromString('123')).toThrow(/81/);
  });
});
