// SPDX-License-Identifier: GPL-3.0-or-later
// The real WASM module (web/generated/) spoken to in the JSON protocol of
// cpp/app/protocol.md, with answers checked independently of the engine.
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  EngineFail,
  EngineOk,
  ParseResult,
  SolveResult,
  VersionResult,
} from '../../web/src/solver/protocol';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { hasSharedData, loadModule, readData, readEuler96, readOnePerLine, solutionProblems } from './helpers';

let module: GridmilpModule;

function call(request: unknown): unknown {
  return JSON.parse(module.handleRequest(JSON.stringify(request)));
}

function ok<R>(request: unknown): R {
  const response = call(request) as EngineOk<R> | EngineFail;
  if ('error' in response) {
    throw new Error(`expected a result, got ${JSON.stringify(response.error)}`);
  }
  return response.result;
}

function fail(request: unknown): EngineFail {
  const response = call(request) as EngineOk<unknown> | EngineFail;
  if (!('error' in response)) {
    throw new Error(`expected an error, got ${JSON.stringify(response).slice(0, 300)}`);
  }
  return response;
}

// Project Euler 96 when present, else gridmilp's own 50 grids in its layout; facts of
// Project Euler's grids alone run only with it (hasSharedData).
const euler96 = hasSharedData('p096_sudoku.txt');
const grid01Text = readData('p096_sudoku.txt').split('\n').slice(0, 10).join('\n');
const grid01 = readEuler96(grid01Text)[0]![1];

/**
 * A puzzle with no solution whose givens do not clash: row 1 holds eight digits of a
 * solved grid, so its last cell can only be the missing digit v; v is also given lower
 * in column 9, so no valid grid exists.
 */
function infeasiblePuzzle(solution: string): { puzzle: string; missing: string } {
  const cells = Array<string>(81).fill('.');
  for (let c = 0; c < 8; c++) cells[c] = solution[c]!;
  const missing = solution[8]!;
  cells[6 * 9 + 8] = missing; // row 7, column 9: another box, another row, same column
  return { puzzle: cells.join(''), missing };
}

/** Givens that clash (two equal digits in a row, column or box), checked here. */
function clashes(givens: string): string[] {
  const found: string[] = [];
  for (let a = 0; a < 81; a++) {
    for (let b = a + 1; b < 81; b++) {
      const da = givens[a]!;
      if (da === '.' || da !== givens[b]) continue;
      const [ra, ca, rb, cb] = [Math.floor(a / 9), a % 9, Math.floor(b / 9), b % 9];
      const sameBox =
        Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3);
      if (ra === rb || ca === cb || sameBox) found.push(`${a}/${b}`);
    }
  }
  return found;
}

beforeAll(async () => {
  module = await loadModule();
});

describe('version', () => {
  it('reports gridmilp, GLPK 5.0 and protocol 2, echoing the id', () => {
    const response = call({ id: 'v-1', type: 'version' }) as EngineOk<VersionResult>;
    expect(response.id).toBe('v-1');
    expect(response.result.glpk).toBe('5.0');
    expect(response.result.protocol).toBe(2);
    expect(response.result.gridmilp).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers id null when the request has none', () => {
    const response = call({ type: 'version' }) as EngineOk<VersionResult>;
    expect(response.id).toBeNull();
  });
});

describe('solve', () => {
  it('solves Grid 01 and keeps its givens', () => {
    const result = ok<SolveResult>({ id: 1, type: 'solve', puzzle: grid01 });
    expect(result.status).toBe('optimal');
    expect(result.givens).toBe(grid01);
    expect(solutionProblems(grid01, result.solution)).toEqual([]);
    expect(result.stats.columns).toBe(729);
    expect(result.stats.rows).toBe(324);
    expect(result.stats.totalMs).toBeGreaterThanOrEqual(0);
    expect(result.size).toBe(9);
  });

  it.skipIf(!euler96)('solves Project Euler 96 Grid 01 to its known solution, 483… (shared data)', () => {
    const result = ok<SolveResult>({ id: 1, type: 'solve', puzzle: grid01 });
    expect(result.solution!.slice(0, 3)).toBe('483');
  });

  it('accepts the grid in its Euler 96 text form too', () => {
    const result = ok<SolveResult>({ id: 2, type: 'solve', puzzle: grid01Text });
    expect(result.givens).toBe(grid01);
    expect(solutionProblems(grid01, result.solution)).toEqual([]);
  });

  it('solves the grid without presolve as well', () => {
    const result = ok<SolveResult>({
      id: 3,
      type: 'solve',
      puzzle: grid01,
      options: { presolve: false },
    });
    expect(solutionProblems(grid01, result.solution)).toEqual([]);
    expect(result.stats.presolvedRows).toBeNull();
  });

  it('solves all 50 grids of the Euler 96 file (parse + solve), every solution checked', () => {
    const text = readData('p096_sudoku.txt');
    const parsed = ok<ParseResult>({ id: 4, type: 'parse', text });
    expect(parsed.format).toBe('euler96');
    expect(parsed.puzzles).toHaveLength(50);
    const expected = readEuler96(text);
    parsed.puzzles.forEach((p, i) => {
      expect(p.name).toBe(expected[i]![0]);
      expect(p.givens).toBe(expected[i]![1]);
      expect(p.line).toBe(i * 10 + 1);
      const result = ok<SolveResult>({ id: 5 + i, type: 'solve', puzzle: p.givens });
      expect(solutionProblems(p.givens, result.solution), p.name).toEqual([]);
    });
  });

  it.skipIf(!euler96)('answers Project Euler 96: the corner numbers sum to 24702 (shared data)', () => {
    const text = readData('p096_sudoku.txt');
    let sum = 0;
    for (const [i, p] of ok<ParseResult>({ id: 4, type: 'parse', text }).puzzles.entries()) {
      const result = ok<SolveResult>({ id: 55 + i, type: 'solve', puzzle: p.givens });
      expect(solutionProblems(p.givens, result.solution), p.name).toEqual([]);
      sum += Number(result.solution!.slice(0, 3));
    }
    expect(sum).toBe(24702);
  });

  it('solves all 95 of top95 and every solution checks', () => {
    const text = readData('top95.txt');
    const parsed = ok<ParseResult>({ id: 100, type: 'parse', text });
    expect(parsed.format).toBe('one-per-line');
    const expected = readOnePerLine(text);
    expect(parsed.puzzles.map((p) => p.givens)).toEqual(expected);
    for (const [i, p] of parsed.puzzles.entries()) {
      const result = ok<SolveResult>({ id: 101 + i, type: 'solve', puzzle: p.givens });
      expect(['optimal', 'feasible']).toContain(result.status);
      expect(solutionProblems(p.givens, result.solution), `top95 #${i + 1}`).toEqual([]);
    }
  });

  it('probes top95 (model "probed"): the same solutions, each removal explained and sound', () => {
    const text = readData('top95.txt');
    const puzzles = readOnePerLine(text);
    let byReduction = 0;
    let probing = 0;
    for (const [i, givens] of puzzles.entries()) {
      const reference = ok<SolveResult>({ id: 300 + i, type: 'solve', puzzle: givens, options: { model: 'reduced' } });
      const result = ok<SolveResult>({
        id: 400 + i,
        type: 'solve',
        puzzle: givens,
        options: { model: 'probed', explain: true },
      });
      expect(result.model).toBe('probed');
      expect(result.solution, `top95 #${i + 1}`).toBe(reference.solution);
      if (result.decidedBy === 'reduction') {
        byReduction++;
        // GLPK did not run: the route is the one asked for (this module's default).
        expect(result.stats.method).toBe('branch-and-bound');
      }
      const steps = result.reduction!.eliminations!.filter((e) => e.rule === 'probing');
      expect(steps.length).toBe(result.reduction!.probing);
      probing += steps.length;
      for (const step of steps) {
        const m = /^row (\d+), column (\d+) cannot be (.): with it, naked and hidden singles find that ./.exec(step.detail);
        expect(m, step.detail).not.toBeNull();
        const cell = (Number(m![1]) - 1) * 9 + Number(m![2]) - 1;
        expect(result.solution![cell], `top95 #${i + 1}: ${step.detail}`).not.toBe(m![3]);
      }
    }
    expect(probing).toBeGreaterThan(500);
    expect(byReduction).toBeGreaterThan(85);
  });

  it('says infeasible (not an error) for clash-free givens with no solution', () => {
    const solved = ok<SolveResult>({ id: 200, type: 'solve', puzzle: grid01 }).solution!;
    const { puzzle } = infeasiblePuzzle(solved);
    expect(clashes(puzzle)).toEqual([]);
    const result = ok<SolveResult>({ id: 201, type: 'solve', puzzle });
    expect(result.status).toBe('infeasible');
    expect(result.solution).toBeUndefined();
    // Without presolve GLPK reaches the same conclusion another way.
    const again = ok<SolveResult>({
      id: 202,
      type: 'solve',
      puzzle,
      options: { presolve: false },
    });
    expect(again.status).toBe('infeasible');
  });
});

describe('errors', () => {
  it('wrong_length for 80 cells, giving the counts', () => {
    const response = fail({ id: 300, type: 'solve', puzzle: grid01.slice(0, 80) });
    expect(response.id).toBe(300);
    expect(response.error.code).toBe('wrong_length');
    expect(response.error.message).toContain('80');
    expect(response.error.message).toContain('81');
  });

  it('parse_error naming line, column and character', () => {
    const lines = grid01Text.split('\n');
    lines[3] = `${lines[3]!.slice(0, 4)}x${lines[3]!.slice(5)}`; // line 4, column 5
    const response = fail({ id: 301, type: 'solve', puzzle: lines.join('\n') });
    expect(response.error.code).toBe('parse_error');
    expect(response.error.where).toMatchObject({ line: 4, column: 5, character: 'x' });
    expect(response.error.message).toMatch(/line 4/i);
    expect(response.error.message).toMatch(/column 5/i);
  });

  it('parse_error counts columns in code points', () => {
    const response = fail({ id: 302, type: 'parse', text: `ü€${'.'.repeat(79)}` });
    expect(response.error.code).toBe('parse_error');
    expect(response.error.where).toMatchObject({ line: 1, column: 1, character: 'ü' });
  });

  it('conflicting_givens naming both cells', () => {
    const puzzle = `5.5${'.'.repeat(78)}`;
    const response = fail({ id: 303, type: 'solve', puzzle });
    expect(response.error.code).toBe('conflicting_givens');
    const cells = response.error.where?.cells ?? [];
    expect(cells).toHaveLength(2);
    expect(cells).toEqual(
      expect.arrayContaining([
        { row: 1, column: 1 },
        { row: 1, column: 3 },
      ]),
    );
  });

  it('conflicting_givens in a column and in a box', () => {
    const column = Array<string>(81).fill('.');
    column[4] = '7'; // row 1, column 5
    column[8 * 9 + 4] = '7'; // row 9, column 5
    const c = fail({ id: 304, type: 'solve', puzzle: column.join('') });
    expect(c.error.code).toBe('conflicting_givens');
    expect(c.error.where?.cells).toEqual(
      expect.arrayContaining([
        { row: 1, column: 5 },
        { row: 9, column: 5 },
      ]),
    );
    const box = Array<string>(81).fill('.');
    box[0] = '3'; // row 1, column 1
    box[10] = '3'; // row 2, column 2
    const b = fail({ id: 305, type: 'solve', puzzle: box.join('') });
    expect(b.error.code).toBe('conflicting_givens');
    expect(b.error.where?.cells).toEqual(
      expect.arrayContaining([
        { row: 1, column: 1 },
        { row: 2, column: 2 },
      ]),
    );
  });

  it('empty_input for an empty or blank text', () => {
    expect(fail({ id: 306, type: 'parse', text: '' }).error.code).toBe('empty_input');
    expect(fail({ id: 307, type: 'parse', text: '\n  \r\n\n' }).error.code).toBe('empty_input');
    expect(fail({ id: 308, type: 'solve', puzzle: '' }).error.code).toBe('empty_input');
  });

  it('bad_request for text that is not JSON, and for a missing field', () => {
    const notJson = JSON.parse(module.handleRequest('{"id": 1, "type": ')) as EngineFail;
    expect(notJson.error.code).toBe('bad_request');
    expect(notJson.id).toBeNull();
    const missing = fail({ id: 309, type: 'solve' });
    expect(missing.error.code).toBe('bad_request');
    expect(missing.error.where?.field).toBe('puzzle');
    const wrongType = fail({ id: 310, type: 'parse', text: 42 });
    expect(wrongType.error.code).toBe('bad_request');
    expect(wrongType.error.where?.field).toBe('text');
    expect(fail({ id: 311, type: 'no-such-type' }).error.code).toBe('bad_request');
  });

  it('solver_error from a forced GLPK error, then a correct solve on the same instance', () => {
    const response = fail({
      id: 312,
      type: 'solve',
      puzzle: grid01,
      debug: { forceGlpkError: true },
    });
    expect(response.id).toBe(312);
    expect(response.error.code).toBe('solver_error');
    expect(response.error.message.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const result = ok<SolveResult>({ id: 313 + i, type: 'solve', puzzle: grid01 });
      expect(solutionProblems(grid01, result.solution)).toEqual([]);
    }
  });

  it('a large junk text fails at line 1, column 1', () => {
    const junk = 'jnk1 '.repeat(2_000_000); // 10 MB
    const response = fail({ id: 316, type: 'parse', text: junk });
    expect(response.error.code).toBe('parse_error');
    expect(response.error.where).toMatchObject({ line: 1, column: 1, character: 'j' });
    // Words (letters with no digit and no empty cell) are refused as words, at line 1.
    const words = fail({ id: 317, type: 'parse', text: 'junk '.repeat(2_000_000) });
    expect(words.error.code).toBe('parse_error');
    expect(words.error.where).toEqual({ line: 1 });
    expect(words.error.message).toMatch(/^Line 1 is words, not a puzzle/);
  });
});
