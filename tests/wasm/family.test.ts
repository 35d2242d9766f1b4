// SPDX-License-Identifier: GPL-3.0-or-later
// The whole Sudoku family through the real WASM module: every size, uniqueness,
// enumeration, completion, generation and objectives, with answers checked here,
// independently of the engine (and against the native CLI where seeds are involved).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckUniquenessResult,
  CompleteResult,
  EngineFail,
  EngineOk,
  EnumerateProgress,
  EnumerateResult,
  GenerateProgress,
  GenerateResult,
  ParseResult,
  SolveResult,
} from '../../web/src/solver/protocol';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import {
  SYMBOLS,
  defaultBoxHeight,
  hasSharedData,
  loadModule,
  readData,
  readEuler96,
  repoRoot,
  solutionProblems,
  solutionProblemsN,
} from './helpers';

let module: GridmilpModule;
/** The module with the SAT method, which also has the generator (the first-solve module does not). */
let satModule: GridmilpModule;

function ok<R>(request: unknown, on: GridmilpModule = module): R {
  const response = JSON.parse(on.handleRequest(JSON.stringify(request))) as EngineOk<R> | EngineFail;
  if ('error' in response) throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  return response.result;
}

/** A request through handleRequestWithProgress: the result and every progress message. */
function withProgress<R, P>(
  request: { id: number } & Record<string, unknown>,
  on: GridmilpModule = module,
): { result: R; progress: P[] } {
  const progress: P[] = [];
  const text = on.handleRequestWithProgress!(JSON.stringify(request), (json) => {
    const message = JSON.parse(json) as { id: unknown; progress: P };
    expect(message.id).toBe(request.id);
    progress.push(message.progress);
  });
  const response = JSON.parse(text) as EngineOk<R> | EngineFail;
  if ('error' in response) throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  return { result: response.result, progress };
}

const CLI = `${repoRoot}build/native-release/gridmilp-cli`;

/**
 * The native CLI's answer to one request (`gridmilp-cli request -`); it prints progress
 * messages first, one JSON object a line, and the response last.
 */
function native<R>(request: unknown): R {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build it first (npm run build).`);
  const run = spawnSync(CLI, ['request', '-'], { input: JSON.stringify(request), encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  const response = JSON.parse(last) as EngineOk<R> | EngineFail;
  if ('error' in response) throw new Error(`native: ${JSON.stringify(response.error)}`);
  return response.result;
}

/** Blank about two cells in three of a solved grid, by a fixed pattern. */
function blank(solution: string): string {
  return [...solution].map((ch, i) => ((i * 7 + Math.floor(i / 5)) % 3 === 0 ? ch : '.')).join('');
}

/** All solutions of an empty n×n grid with h×w boxes, by plain backtracking. */
function allGrids(n: number, h: number, w: number): number[][] {
  const grid = new Array<number>(n * n).fill(0);
  const out: number[][] = [];
  const fits = (i: number, v: number): boolean => {
    const r = Math.floor(i / n);
    const c = i % n;
    for (let k = 0; k < n; k++) {
      if (grid[r * n + k] === v || grid[k * n + c] === v) return false;
    }
    const br = r - (r % h);
    const bc = c - (c % w);
    for (let dr = 0; dr < h; dr++) {
      for (let dc = 0; dc < w; dc++) if (grid[(br + dr) * n + bc + dc] === v) return false;
    }
    return true;
  };
  const place = (i: number): void => {
    if (i === n * n) {
      out.push([...grid]);
      return;
    }
    for (let v = 1; v <= n; v++) {
      if (fits(i, v)) {
        grid[i] = v;
        place(i + 1);
        grid[i] = 0;
      }
    }
  };
  place(0);
  return out;
}

/**
 * A 9×9 puzzle with exactly two solutions: in a solved grid find rows r1, r2 of one
 * band and columns c1, c2 of different stacks with s[r1][c1] = s[r2][c2] and
 * s[r1][c2] = s[r2][c1]; blanking just those four cells leaves exactly the grid and
 * the grid with the four swapped.
 */
function twoSolutionPuzzle(solution: string): { puzzle: string; other: string } | null {
  const at = (r: number, c: number): string => solution[r * 9 + c]!;
  for (let r1 = 0; r1 < 9; r1++) {
    for (let r2 = r1 + 1; r2 < 9; r2++) {
      if (Math.floor(r1 / 3) !== Math.floor(r2 / 3)) continue;
      for (let c1 = 0; c1 < 9; c1++) {
        for (let c2 = c1 + 1; c2 < 9; c2++) {
          if (Math.floor(c1 / 3) === Math.floor(c2 / 3)) continue;
          if (at(r1, c1) !== at(r2, c2) || at(r1, c2) !== at(r2, c1)) continue;
          const cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
          const puzzle = [...solution].map((ch, i) => (cells.includes(i) ? '.' : ch)).join('');
          const other = [...solution];
          [other[r1 * 9 + c1], other[r1 * 9 + c2]] = [at(r1, c2), at(r1, c1)];
          [other[r2 * 9 + c1], other[r2 * 9 + c2]] = [at(r2, c2), at(r2, c1)];
          return { puzzle, other: other.join('') };
        }
      }
    }
  }
  return null;
}

beforeAll(async () => {
  module = await loadModule();
  satModule = await loadModule('gridmilp_wasm_sat');
});

describe('every size', () => {
  it('the checker itself rejects a broken grid of each size (so it can fail)', () => {
    for (const n of [4, 6, 8, 9, 10, 12]) {
      const h = defaultBoxHeight(n);
      const c = ok<CompleteResult>({ id: 1, type: 'complete', size: n, seed: 3 });
      expect(solutionProblemsN('', c.solution, n, h, n / h), `${n}×${n}`).toEqual([]);
      const broken = `${c.solution![1]}${c.solution![0]}${c.solution!.slice(2)}`;
      expect(solutionProblemsN('', broken, n, h, n / h).length).toBeGreaterThan(0);
    }
  });

  for (const n of [4, 6, 8, 9, 10, 12]) {
    it(`solves a ${n}×${n} puzzle made by complete + blanking`, () => {
      const h = defaultBoxHeight(n);
      const full = ok<CompleteResult>({ id: 10 + n, type: 'complete', size: n, seed: 11 });
      expect(full.size).toBe(n);
      expect([full.boxHeight, full.boxWidth]).toEqual([h, n / h]);
      const puzzle = blank(full.solution!);
      const result = ok<SolveResult>({ id: 20 + n, type: 'solve', puzzle, size: n });
      expect(result.status).toBe('optimal');
      expect(result.givens).toBe(puzzle);
      expect([result.size, result.boxHeight, result.boxWidth]).toEqual([n, h, n / h]);
      expect(solutionProblemsN(puzzle, result.solution, n, h, n / h)).toEqual([]);
      expect(result.stats.columns).toBe(n * n * n);
    });
  }

  // Line 10 of Lewis's samples; without them a line of gridmilp's own that solves in a
  // moment: line 10 of its 25×25, line 6 of its minimal 16×16 (whose line 10 takes minutes).
  for (const [n, file, standIn] of [
    [16, 'sudoku16x16/lewis_sample_16x16.txt', 6],
    [25, 'sudoku25x25/lewis_sample_25x25.txt', 10],
  ] as const) {
    const shared = hasSharedData(file);
    const number = shared ? 10 : standIn;
    it(`detects and solves line ${number} of ${shared ? file : `gridmilp's own ${n}×${n}`} (${n}×${n})`, () => {
      const line = readData(file).trim().split('\n')[number - 1]!.trim();
      const parsed = ok<ParseResult>({ id: 40, type: 'parse', text: line });
      expect([parsed.size, parsed.boxHeight, parsed.boxWidth]).toEqual([n, Math.sqrt(n), Math.sqrt(n)]);
      const result = ok<SolveResult>({ id: 41, type: 'solve', puzzle: line });
      expect(result.size).toBe(n);
      expect(result.status).toBe('optimal');
      expect(solutionProblemsN(line, result.solution, n)).toEqual([]);
    });
  }

  it('reads 16×16 in the 0–F convention and answers in canonical 1–9A–G', () => {
    const line = readData('sudoku16x16/lewis_sample_16x16.txt').trim().split('\n')[9]!.trim();
    const hex = [...line].map((ch) => (ch === '.' ? '.' : (SYMBOLS.indexOf(ch)).toString(16).toUpperCase())).join('');
    const parsed = ok<ParseResult>({ id: 42, type: 'parse', text: hex, symbols: 'hex' });
    expect(parsed.size).toBe(16);
    expect(parsed.puzzles[0]!.givens).toBe(line);
  });
});

describe('checkUniqueness', () => {
  it('says unique for all 50 grids of the Euler 96 file', () => {
    for (const [name, givens] of readEuler96(readData('p096_sudoku.txt'))) {
      const r = ok<CheckUniquenessResult>({ id: 50, type: 'checkUniqueness', puzzle: givens });
      expect(r.unique, name).toBe(true);
      expect(r.secondStatus, name).toBe('infeasible');
      expect(solutionProblems(givens, r.solution), name).toEqual([]);
      expect(r.secondSolution).toBeUndefined();
    }
  });

  // The first line of Royle's 17-clue list when present, else the first of gridmilp's own
  // minimal puzzles (21 givens): minimal either way, so no given can go.
  const minimalLine = (): string => readData('sudoku17_last1000.txt').trim().split('\n')[0]!.trim().replace(/0/g, '.');

  it.skipIf(!hasSharedData('sudoku17_last1000.txt'))('the 17-clue list’s first puzzle has 17 givens (shared data)', () => {
    expect([...minimalLine()].filter((ch) => ch !== '.')).toHaveLength(17);
  });

  it('says not unique for a minimal puzzle without its first given, with a valid second solution', () => {
    const line = minimalLine();
    const first = [...line].findIndex((ch) => ch !== '.');
    const puzzle = `${line.slice(0, first)}.${line.slice(first + 1)}`;
    const r = ok<CheckUniquenessResult>({ id: 51, type: 'checkUniqueness', puzzle });
    expect(r.unique).toBe(false);
    expect(solutionProblems(puzzle, r.solution)).toEqual([]);
    expect(solutionProblems(puzzle, r.secondSolution)).toEqual([]);
    expect(r.secondSolution).not.toBe(r.solution);
    const differing = [...r.solution!]
      .map((ch, i) => (ch === r.secondSolution![i] ? null : { row: Math.floor(i / 9) + 1, column: (i % 9) + 1, first: ch, second: r.secondSolution![i] }))
      .filter((d) => d !== null);
    expect(r.differences).toEqual(differing);
    // The full puzzle is unique again.
    expect(ok<CheckUniquenessResult>({ id: 52, type: 'checkUniqueness', puzzle: line }).unique).toBe(true);
  });
});

describe('enumerate', () => {
  it('stops at the limit on an empty 4×4: 10 distinct valid grids, not complete, with progress', () => {
    const { result, progress } = withProgress<EnumerateResult, EnumerateProgress>({
      id: 60,
      type: 'enumerate',
      puzzle: '.'.repeat(16),
      limit: 10,
    });
    expect(result.count).toBe(10);
    expect(result.complete).toBe(false);
    expect(new Set(result.solutions).size).toBe(10);
    for (const s of result.solutions) expect(solutionProblemsN('', s, 4, 2, 2)).toEqual([]);
    expect(progress.map((p) => p.found)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress.map((p) => p.solution)).toEqual(result.solutions);
    expect(progress.every((p) => p.limit === 10 && p.elapsedMs >= 0)).toBe(true);
  });

  it('finds exactly the two solutions of a constructed two-solution 9×9 puzzle', () => {
    let made: { puzzle: string; other: string; solution: string } | null = null;
    for (let seed = 1; seed < 50 && made === null; seed++) {
      const solution = ok<CompleteResult>({ id: 61, type: 'complete', size: 9, seed }).solution!;
      const pair = twoSolutionPuzzle(solution);
      if (pair) made = { ...pair, solution };
    }
    expect(made, 'no grid with a swappable rectangle').not.toBeNull();
    const { puzzle, other, solution } = made!;
    expect(solutionProblems(puzzle, other)).toEqual([]);
    const r = ok<EnumerateResult>({ id: 62, type: 'enumerate', puzzle, limit: 10 });
    expect(r.count).toBe(2);
    expect(r.complete).toBe(true);
    expect(r.lastStatus).toBe('infeasible');
    expect([...r.solutions].sort()).toEqual([solution, other].sort());
  });
});

describe('complete and generate', () => {
  it('the same seed gives the same completion as the native CLI', () => {
    for (const [size, seed] of [
      [4, 7],
      [9, 7],
      [12, 3],
    ] as const) {
      // By branch-and-bound (a seeded random objective), in the module without SAT…
      const request = { id: 70, type: 'complete', size, seed, options: { method: 'branch-and-bound' } };
      const wasm = ok<CompleteResult>(request);
      const cli = native<CompleteResult>(request);
      expect(solutionProblemsN('', wasm.solution, size)).toEqual([]);
      expect(wasm.solution, `${size}×${size} seed ${seed}`).toBe(cli.solution);
      // …and by default, an empty grid by CNF-SAT where the build has it.
      const byDefault = { id: 74, type: 'complete', size, seed };
      const sat = ok<CompleteResult>(byDefault, satModule);
      expect(sat.stats.method).toBe('sat');
      expect(solutionProblemsN('', sat.solution, size)).toEqual([]);
      expect(sat.solution, `${size}×${size} seed ${seed} by default`).toBe(native<CompleteResult>(byDefault).solution);
      expect(ok<CompleteResult>(byDefault).stats.method).toBe('branch-and-bound');
    }
    // Different seeds give different grids (the seed is used at all).
    const a = ok<CompleteResult>({ id: 71, type: 'complete', size: 9, seed: 1 }).solution;
    const b = ok<CompleteResult>({ id: 72, type: 'complete', size: 9, seed: 2 }).solution;
    expect(a).not.toBe(b);
  });

  it('completes a puzzle keeping its givens', () => {
    const [, givens] = readEuler96(readData('p096_sudoku.txt'))[3]!;
    const r = ok<CompleteResult>({ id: 73, type: 'complete', puzzle: givens, seed: 5 });
    expect(solutionProblems(givens, r.solution)).toEqual([]);
  });

  it('generate (9×9, seed 7, branch-and-bound) gives a unique puzzle, again for the same seed, with progress', () => {
    // The generator is in the module with the SAT method (the page's worker sends it
    // there); branch-and-bound, as the page's Generate panel offers it.
    const request = { id: 80, type: 'generate', size: 9, seed: 7, options: { method: 'branch-and-bound' } };
    const { result, progress } = withProgress<GenerateResult, GenerateProgress>(request, satModule);
    expect(result.puzzle).toHaveLength(81);
    expect(result.givens).toBe([...result.puzzle].filter((ch) => ch !== '.').length);
    expect(solutionProblems(result.puzzle, result.solution)).toEqual([]);
    const check = ok<CheckUniquenessResult>({ id: 81, type: 'checkUniqueness', puzzle: result.puzzle });
    expect(check.unique).toBe(true);
    expect(check.solution).toBe(result.solution);
    expect(result.minimal).toBe(true);
    expect(result.uniquenessChecks).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
    const removing = progress.slice(0, -1);
    expect(removing.map((p) => p.checked)).toEqual(Array.from({ length: removing.length }, (_, i) => i + 1));
    expect(removing.every((p) => p.phase === 'removing' && p.total === 81)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'rating', checked: 81, givens: result.givens });
    expect(result.method).toBe('branch-and-bound');
    const again = ok<GenerateResult>(request, satModule);
    expect(again.puzzle).toBe(result.puzzle);
    expect(native<GenerateResult>(request).puzzle).toBe(result.puzzle);
  });

  it('generate keeps 180° symmetry when asked', () => {
    const r = ok<GenerateResult>({ id: 82, type: 'generate', size: 6, seed: 4, symmetry: 'rot180', options: { method: 'branch-and-bound' } }, satModule);
    const p = r.puzzle;
    for (let i = 0; i < 36; i++) expect(p[i] === '.', `cell ${i}`).toBe(p[35 - i] === '.');
    expect(ok<CheckUniquenessResult>({ id: 83, type: 'checkUniqueness', puzzle: p, size: 6 }).unique).toBe(true);
  });
});

describe('objectives', () => {
  it('diagonal on an empty 4×4 equals the brute-force maximum over all 288 grids', () => {
    const grids = allGrids(4, 2, 2);
    expect(grids).toHaveLength(288);
    const best = Math.max(...grids.map((g) => g[0]! + g[5]! + g[10]! + g[15]!));
    const r = ok<SolveResult>({
      id: 90,
      type: 'solve',
      puzzle: '.'.repeat(16),
      objective: { preset: 'diagonal' },
    });
    expect(r.status).toBe('optimal');
    expect(solutionProblemsN('', r.solution, 4, 2, 2)).toEqual([]);
    const s = r.solution!;
    expect(Number(s[0]) + Number(s[5]) + Number(s[10]) + Number(s[15])).toBe(best);
    expect(r.objective).toMatchObject({ sense: 'maximize', value: best, gap: 0 });
  });

  it('firstRow on an empty 9×9 gives 123456789', () => {
    const r = ok<SolveResult>({
      id: 91,
      type: 'solve',
      puzzle: '.'.repeat(81),
      objective: { preset: 'firstRow' },
    });
    expect(solutionProblems('', r.solution)).toEqual([]);
    expect(r.solution!.slice(0, 9)).toBe('123456789');
    expect(r.objective).toMatchObject({ sense: 'minimize', value: 123456789, gap: 0 });
  });

  it('a weighted sum: weight 1 on one cell, maximize, puts n there', () => {
    const weights = new Array<number>(36).fill(0);
    weights[14] = 1;
    const r = ok<SolveResult>({
      id: 92,
      type: 'solve',
      puzzle: '.'.repeat(36),
      objective: { sense: 'maximize', weights },
    });
    expect(solutionProblemsN('', r.solution, 6, 2, 3)).toEqual([]);
    expect(r.solution![14]).toBe('6');
    expect(r.objective?.value).toBe(6);
  });
});
