// SPDX-License-Identifier: GPL-3.0-or-later
// The page's pure text helpers (no DOM, no WASM).
import { describe, expect, it, vi } from 'vitest';
import { savedName } from '../../web/src/page/saved-name';
import {
  binaryKind,
  checkFileSize,
  describeSolve,
  formatBound,
  formatMs,
  formatMsNumber,
  grouped,
  leftOutText,
  MAX_FILE_BYTES,
  stringFromCells,
  cellsFromString,
  displaySymbol,
  objectivePart,
  symbolRange,
  valueFromKey,
} from '../../web/src/page/format';
import {
  countOutcomes,
  describeRelaxation,
  fractionalCells,
  eulerCornerSum,
  solutionsText,
  describeEnumerate,
  describeEnumerateProgress,
  describeGenerateProgress,
  describeUniqueness,
  generateReport,
} from '../../web/src/page/format-results';
import { givenClashes } from '../../web/src/page/clashes';
import type { CheckUniquenessResult, EnumerateResult, GenerateResult } from '../../web/src/solver/protocol';
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
  method: 'branch-and-bound',
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

describe('grouped', () => {
  it("writes numbers as toLocaleString('en-US') does, without Intl", () => {
    const values = [0, 1, 7, 999, 1000, 1234, 12345, 999999, 1000000, 1234567890, -1, -1234, -1234567, 0.5, 1.25, 1234.5, 1234.5678, 0.0004, 0.0005, 2.9999, -0.75, -1234.25, 0.1 + 0.2];
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      values.push(seed % 3 === 0 ? seed : (seed % 1e7) / 1000 - 5000);
    }
    for (const n of values) expect(grouped(n), String(n)).toBe(n.toLocaleString('en-US'));
    expect(grouped(Infinity)).toBe('Infinity');
  });
});

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

  it('says a time of 0 (below the clock\'s step) as under the step of the clock it was read on, not "0.00"', () => {
    // Node's clock moves by far less than 0.01 ms.
    expect(formatMs(0)).toBe('< 0.01 ms');
    expect(formatMsNumber(0)).toBe('< 0.01');
  });

  it('measures the clock\'s step once: 0.1 ms as Chromium coarsens it (with its float noise), 1 ms, and a clock that does not move', async () => {
    const stepping = (start: number, step: number, reads: number) => {
      let n = 0;
      return { now: () => start + Math.floor(n++ / reads) * step };
    };
    const cases: Array<[{ now: () => number }, string]> = [
      [stepping(123456.7, 0.1, 50), '< 0.1'],
      [stepping(98765.4, 1, 400), '< 1'],
      [stepping(5, 0.5, 10), '< 0.5'],
      [{ now: () => 42 }, '< 1'],
    ];
    try {
      for (const [clock, said] of cases) {
        vi.resetModules();
        vi.stubGlobal('performance', clock);
        const format = await import('../../web/src/page/format');
        expect(format.formatMsNumber(0)).toBe(said);
        expect(format.formatMs(0)).toBe(`${said} ms`);
        vi.unstubAllGlobals();
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('savedName', () => {
  it('names a download after its file, without the extension and characters a file system refuses', () => {
    expect(savedName('p096_sudoku.txt', 'results', 'xlsx')).toBe('p096_sudoku-results.xlsx');
    // A name that starts as the page's own phrases do is still a file's.
    expect(savedName('the week.txt', 'solutions', 'txt')).toBe('the week-solutions.txt');
    expect(savedName('a:b*c?.csv', 'results', 'csv')).toBe('a_b_c_-results.csv');
    // No file, or a name that leaves nothing: the page's own stem, or the one given.
    expect(savedName(undefined, 'results', 'csv')).toBe('gridmilp-results.csv');
    expect(savedName('.txt', 'results', 'csv', 'nurikabe')).toBe('nurikabe-results.csv');
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

  it('names a non-textbook model and says when the reduction decided the puzzle', () => {
    const solved = result('optimal', '1'.repeat(81));
    expect(describeSolve({ ...solved, model: 'candidates', decidedBy: 'glpk' })).toMatch(
      /· 729 variables, 324 constraints \(candidates model\)$/,
    );
    const reduction = {
      model: 'reduced' as const,
      candidatesRemoved: 729,
      rowsRemoved: 324,
      nakedSingles: 10,
      hiddenSingles: 39,
      contradiction: null,
    };
    expect(describeSolve({ ...solved, model: 'reduced', decidedBy: 'reduction', reduction })).toBe(
      'Solved in 1.3 ms · Decided by the model reduction: 49 cells fixed by naked/hidden singles (10 naked, 39 hidden); GLPK had nothing left to decide',
    );
    const withEliminations = { ...reduction, lockedCandidates: 4, nakedPairs: 2, hiddenPairs: 0 };
    expect(
      describeSolve({ ...solved, model: 'reduced', decidedBy: 'reduction', reduction: withEliminations }),
    ).toBe(
      'Solved in 1.3 ms · Decided by the model reduction: 49 cells fixed by naked/hidden singles (10 naked, 39 hidden), helped by 6 candidates removed by locked candidates and pairs; GLPK had nothing left to decide',
    );
    const probed = { ...withEliminations, model: 'probed' as const, probing: 1 };
    expect(describeSolve({ ...solved, model: 'probed', decidedBy: 'reduction', reduction: probed })).toBe(
      'Solved in 1.3 ms · Decided by the model reduction: 49 cells fixed by naked/hidden singles (10 naked, 39 hidden), helped by 6 candidates removed by locked candidates and pairs and 1 candidate removed by probing; GLPK had nothing left to decide',
    );
  });

  it('counts fractional cells and words the relaxation', () => {
    const values = [
      [1, 1, 4, 1, 1],
      [1, 2, 5, 0.5, 0],
      [1, 2, 6, 0.5, 0],
      [2, 2, 6, 0.25, 0],
    ];
    expect(fractionalCells(values)).toBe(2);
    expect(describeRelaxation(false, 2)).toBe('The LP relaxation is fractional in 2 cells');
    expect(describeRelaxation(true, 0)).toMatch(/integral: the root LP already solves/);
    expect(formatBound(-1.7976931348623157e308)).toBe('—');
    expect(formatBound(0.123456)).toBe('0.1235');
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
    expect(checkFileSize(0, 'week.txt')).toBe('week.txt is empty.');
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
    // A Stop's unfinished puzzles keep their lines, so that line k stays puzzle k's.
    expect(solutionsText(['stopped', items[0]!, undefined])).toBe(`not finished (stopped)\n483${'1'.repeat(78)}\nnot finished\n`);
    expect(solutionsText([{ leftOut: 'Friday!C5 holds\nthe text “x”.' }, items[0]!])).toBe(`error: Friday!C5 holds the text “x”.\n483${'1'.repeat(78)}\n`);
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

describe('sizes and symbols', () => {
  it('reads keys as the size allows: digits, letters in either case, 0–F in hex', () => {
    expect(valueFromKey('9', 9)).toBe(9);
    expect(valueFromKey('0', 9)).toBeNull();
    expect(valueFromKey('a', 9)).toBeNull();
    expect(valueFromKey('g', 16)).toBe(16);
    expect(valueFromKey('G', 16)).toBe(16);
    expect(valueFromKey('h', 16)).toBeNull();
    expect(valueFromKey('p', 25)).toBe(25);
    expect(valueFromKey('0', 16, true)).toBe(1);
    expect(valueFromKey('f', 16, true)).toBe(16);
    expect(valueFromKey('g', 16, true)).toBeNull();
    expect(valueFromKey('Enter', 16)).toBeNull();
  });

  it('shows values canonically or as 0–F', () => {
    expect(displaySymbol(10)).toBe('A');
    expect(displaySymbol(25)).toBe('P');
    expect(displaySymbol(1, true)).toBe('0');
    expect(displaySymbol(16, true)).toBe('F');
    expect(displaySymbol(0)).toBe('');
    expect(symbolRange(9)).toBe('1–9');
    expect(symbolRange(16)).toBe('1–9, A–G');
    expect(symbolRange(16, true)).toBe('0–F');
  });

  it('round-trips canonical strings of other sizes', () => {
    const text = `G1.A${'.'.repeat(252)}`;
    expect(stringFromCells(cellsFromString(text, 16))).toBe(text);
    expect(cellsFromString(text, 16).slice(0, 4)).toEqual([16, 1, 0, 10]);
    expect(() => cellsFromString(text, 9)).toThrow(/81/);
  });
});

describe('family status lines', () => {
  it('describes objectives: optimal, or bound and gap', () => {
    expect(objectivePart(undefined)).toBe('');
    expect(objectivePart({ sense: 'maximize', value: 45, bound: 45, gap: 0 })).toBe(' · objective 45 (optimal)');
    expect(objectivePart({ sense: 'maximize', value: 45, bound: 47, gap: 0.0444 })).toBe(
      ' · objective 45, bound 47, gap 4.44% (not proved optimal)',
    );
    expect(describeSolve({ ...result('optimal', '1'.repeat(81)), objective: { sense: 'minimize', value: 7, bound: 7, gap: 0 } })).toMatch(
      / · objective 7 \(optimal\)$/,
    );
  });

  it('describes uniqueness, enumeration and generation', () => {
    const u = { status: 'optimal', unique: false, differences: [{}, {}, {}, {}], totalMs: 3 } as unknown as CheckUniquenessResult;
    expect(describeUniqueness(u)).toBe('Not unique: a second solution differs in 4 cells (3.0 ms).');
    expect(describeUniqueness({ ...u, unique: true })).toMatch(/^Unique solution/);
    expect(describeUniqueness({ ...u, unique: null, status: 'infeasible' })).toMatch(/^No solution/);
    // The route a check took, when the page names it, goes with its time.
    expect(describeUniqueness({ ...u, unique: true }, 'reduced model, CNF-SAT')).toBe('Unique solution (checked with 2 solves in 3.0 ms; reduced model, CNF-SAT).');
    // The reduction decided: no MILP was solved, and the words do not say one was.
    expect(describeUniqueness({ ...u, unique: true, decidedBy: 'reduction' })).toBe(
      'Unique solution: the model reduction fixes every cell, so no MILP is needed (3.0 ms).',
    );
    expect(describeEnumerateProgress({ found: 3, limit: 10, solution: '', elapsedMs: 120 })).toBe(
      '3 of at most 10 solutions found, 120 ms',
    );
    const e = { count: 2, complete: true, lastStatus: 'infeasible', stats: { solves: 3, solveMs: 1, totalMs: 12 } } as EnumerateResult;
    expect(describeEnumerate(e)).toBe('Exactly 2 solutions (3 MILP solves, 12 ms).');
    expect(describeEnumerate(e, 'reduced model, CNF-SAT')).toBe('Exactly 2 solutions (3 solves, 12 ms; reduced model, CNF-SAT).');
    expect(describeEnumerate({ ...e, count: 10, complete: false, lastStatus: 'optimal' })).toBe(
      'At least 10 solutions (3 MILP solves, 12 ms).',
    );
    expect(describeGenerateProgress({ phase: 'removing', checked: 40, total: 81, givens: 42, elapsedMs: 75 })).toBe(
      'Removing givens: 40 of 81 cells tried · 42 givens · 75 ms',
    );
    expect(describeGenerateProgress({ phase: 'rating', checked: 81, total: 81, givens: 24, elapsedMs: 1200 })).toBe(
      'Unique with 24 givens (1.20 s); rating it with the textbook MILP',
    );
    const g = {
      seed: 7,
      symmetry: 'rot180',
      targetGivens: 30,
      givens: 30,
      minimal: false,
      targetReached: true,
      uniquenessChecks: 51,
      method: 'branch-and-bound',
      totalMs: 200,
      difficulty: { status: 'optimal', stats: { ...stats, rootLpIntegral: false, nodes: 3 } },
    } as unknown as GenerateResult;
    expect(generateReport(g)).toEqual([
      '30 givens · not minimal · target 30 givens reached',
      'seed 7 · symmetry 180° rotational · 51 uniqueness checks by branch-and-bound · 200 ms in all',
      'How hard for the textbook MILP: root LP not integral · 3 branch-and-bound nodes · solve 1.0 ms',
    ]);
    const sat = {
      ...g,
      method: 'sat',
      difficulty: { status: 'time_limit', stats: { ...stats, rootLpIntegral: false, nodes: 197, solveMs: 2001 } },
    } as GenerateResult;
    expect(generateReport(sat).slice(1)).toEqual([
      'seed 7 · symmetry 180° rotational · 51 uniqueness checks by CNF-SAT (MiniSat) · 200 ms in all',
      'How hard for the textbook MILP: not solved within the limit · root LP not integral · 197 branch-and-bound nodes · solve 2.00 s',
    ]);
  });
});

describe('why no solution: the words of the explanation', () => {
  it('says what to remove, the other sets, the fill, and each step of the SAT route', async () => {
    const { explanationText, progressText } = await import('../../web/src/page/explain-text');
    const base = { size: 9, boxHeight: 3, boxWidth: 3, givens: '.'.repeat(81), method: 'sat' as const, totalMs: 5, removes: { one: 'given', many: 'givens' } };
    const removals = { status: 'optimal' as const, solves: 3, nodes: 0, solveMs: 1 };
    const text = explanationText({
      ...base,
      status: 'infeasible',
      solvable: false,
      removals: {
        ...removals,
        count: 1,
        complete: false,
        completion: '1'.repeat(81),
        sets: [[{ row: 1, column: 1, digit: '1' }], [{ row: 5, column: 9, digit: '9' }]],
      },
      partialFill: { status: 'optimal', grid: '.'.repeat(81), placed: 79, empty: [[1, 9], [3, 6]] },
    });
    expect(text).toEqual([
      'The fewest givens to remove for a solution: 1 — remove r1c1 = 1 (struck through on the board).',
      'Other sets of 1 given that would do: r5c9 = 9; there may be more.',
      'The largest fill that keeps every given places 79 of 81 digits; the 2 cells it leaves empty are hatched on the board.',
    ]);
    const clash = explanationText({
      ...base,
      status: 'infeasible',
      solvable: false,
      removals: { ...removals, count: 1, complete: true, completion: '1'.repeat(81), sets: [[{ row: 1, column: 2, digit: '5' }]] },
      partialFill: { status: 'infeasible', clash: { digit: '5', unit: 'row 1', cells: [[1, 1], [1, 2]] } },
    });
    expect(clash.slice(1)).toEqual(['No other set of that size would do.', 'No fill keeps every given: two 5s in row 1.']);
    expect(explanationText({ ...base, status: 'optimal', solvable: true, removals: { ...removals, count: 0, sets: [[]] } })).toEqual([
      'This puzzle has a solution after all: no given needs to go. It is on the board.',
    ]);
    // A 16×16 shown in 0–F: the engine's canonical symbols named as the board shows them.
    const hex = { ...base, size: 16, boxHeight: 4, boxWidth: 4, givens: '.'.repeat(256) };
    const hexText = explanationText(
      {
        ...hex,
        status: 'infeasible',
        solvable: false,
        removals: { ...removals, count: 1, complete: false, sets: [[{ row: 1, column: 2, digit: 'A' }], [{ row: 2, column: 1, digit: '1' }]] },
        partialFill: { status: 'infeasible', clash: { digit: 'G', unit: 'row 1', cells: [[1, 1], [1, 2]] } },
      },
      true,
    );
    expect(hexText).toEqual([
      'The fewest givens to remove for a solution: 1 — remove r1c2 = 9 (struck through on the board).',
      'Other sets of 1 given that would do: r2c1 = 0; there may be more.',
      'No fill keeps every given: two Fs in row 1.',
    ]);
    expect(progressText({ phase: 'sat', step: 'removals', bound: 24, elapsedMs: 3 })).toBe(
      'Why no solution? Can 24 givens stay? (CNF-SAT, 3.0 ms)…',
    );
    expect(progressText({ phase: 'sat', step: 'partial fill', bound: 80, elapsedMs: 1500 })).toMatch(
      /^Why no solution\? Do 80 digits fit, keeping every given\? \(CNF-SAT, 1\.5\d* s\)…$/,
    );
  });
});

describe('givens that clash (the board marks them as typed)', () => {
  /** Values row by row from a string of n·n symbols ('.' empty). */
  const grid = (text: string): number[] => [...text].map((ch) => (ch === '.' ? 0 : parseInt(ch, 36)));
  const at = (cells: Array<{ row: number; column: number }>): string[] => cells.map((c) => `${c.row},${c.column}`);

  it('finds every given in a clash, and names the first as the engine does', () => {
    expect(givenClashes(grid('.'.repeat(81)), { size: 9, boxHeight: 3, boxWidth: 3 })).toBeNull();
    // Two 5s in row 1, and a third 5 in their box.
    const g = grid(`5.5......` + `.5.......` + '.'.repeat(63));
    const found = givenClashes(g, { size: 9, boxHeight: 3, boxWidth: 3 })!;
    expect(at(found.cells)).toEqual(['1,1', '1,3', '2,2']);
    expect(found.first).toBe('Two 5s in row 1: row 1, column 1 and row 1, column 3');
  });

  it('follows the box shape: 6×6 of 2×3 boxes and of 3×2 boxes', () => {
    // 1s at row 1, column 1 and row 2, column 3: one box when boxes are 2 rows × 3 columns,
    // two boxes when they are 3 rows × 2 columns.
    const g = grid(`1.....` + `..1...` + '.'.repeat(24));
    const wide = givenClashes(g, { size: 6, boxHeight: 2, boxWidth: 3 })!;
    expect(wide.first).toBe('Two 1s in box 1: row 1, column 1 and row 2, column 3');
    expect(givenClashes(g, { size: 6, boxHeight: 3, boxWidth: 2 })).toBeNull();
    // The box to the right of the first: box 2 for 2×3 boxes (columns 4–6 of rows 1–2).
    const right = grid(`...4..` + `.....4` + '.'.repeat(24));
    expect(givenClashes(right, { size: 6, boxHeight: 2, boxWidth: 3 })!.first).toBe(
      'Two 4s in box 2: row 1, column 4 and row 2, column 6',
    );
    // 3×2 boxes: rows 1–3, columns 3–4 are box 2.
    const tall = grid(`..2...` + `......` + `...2..` + '.'.repeat(18));
    expect(givenClashes(tall, { size: 6, boxHeight: 3, boxWidth: 2 })!.first).toBe(
      'Two 2s in box 2: row 1, column 3 and row 3, column 4',
    );
  });

  it('names the symbols as the board shows them: 0–F for a 16×16 in hex', () => {
    const g = new Array<number>(256).fill(0);
    g[0] = 16;
    g[5] = 16;
    expect(givenClashes(g, { size: 16, boxHeight: 4, boxWidth: 4 })!.first).toMatch(/^Two Gs in row 1/);
    expect(givenClashes(g, { size: 16, boxHeight: 4, boxWidth: 4 }, true)!.first).toMatch(/^Two Fs in row 1/);
  });
});

describe('files that are not text', () => {
  const bytes = (...parts: Array<string | number[]>): Uint8Array =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('names a file by its first bytes, and lets text through', () => {
    expect(binaryKind(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('a PNG image');
    expect(binaryKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('a JPEG image');
    expect(binaryKind(bytes('GIF89a'))).toBe('a GIF image');
    expect(binaryKind(bytes('%PDF-1.7'))).toBe('a PDF document');
    expect(binaryKind(bytes('PK', [3, 4, 20, 0]))).toMatch(/^a ZIP archive/);
    expect(binaryKind(bytes([0x1f, 0x8b, 8]))).toBe('a gzip archive');
    expect(binaryKind(bytes([0xff, 0xfe], '5', [0]))).toBe('UTF-16 text (save it as UTF-8)');
    expect(binaryKind(bytes('..3.2.6..', [0]))).toBe('binary data');
    expect(binaryKind(bytes('..3.2.6..\n9..3.5..1\n'))).toBeNull();
    expect(binaryKind(bytes('=== 1_4x4 ü\n'))).toBeNull();
    expect(binaryKind(new Uint8Array(0))).toBeNull();
  });
});

describe('what a read left out', () => {
  it('says lines for puzzles one a line and URLs, puzzles for grids and records, each message once ended', () => {
    expect(leftOutText([], 'one-per-line')).toBe('');
    expect(leftOutText(['Line 2 has 80 cells; a 9×9 puzzle has 81 cells'], 'one-per-line')).toBe(
      ' Left out a line that could not be read: Line 2 has 80 cells; a 9×9 puzzle has 81 cells.',
    );
    expect(leftOutText(['line 2: URL body, character 3.', 'line 5: no size.'], 'urls')).toBe(
      ' Left out 2 lines that could not be read: line 2: URL body, character 3; line 5: no size.',
    );
    expect(leftOutText(['b (line 5): 8 rows', 'c (line 20): 8 rows'], 'records')).toBe(
      ' Left out 2 puzzles that could not be read: b (line 5): 8 rows; c (line 20): 8 rows.',
    );
    expect(leftOutText(['Grid 02: …'], 'euler96')).toBe(' Left out a puzzle that could not be read: Grid 02: ….');
  });
});
