// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile and broken input (issue #25, item 3) against both WASM modules: each request
// gets an answer with a clear message, or a result, and the same instance then solves a
// puzzle correctly. The worker's parse keeps a 600,000-puzzle text off the main thread.
import { describe, expect, it } from 'vitest';
import type { WorkerToPage } from '../../web/src/solver/protocol';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { createEngineLoader, Engine, requestJson } from '../../web/src/worker/engine';
import { SolverWorkerLogic } from '../../web/src/worker/logic';
import { importFactory, loadModule, solutionProblems, wasmBinary, type ModuleName } from './helpers';

/** A 17-given puzzle (one solution). */
const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

interface Answer {
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: string; message: string; where?: Record<string, unknown> };
}

function ask(module: GridmilpModule, request: string): Answer {
  return JSON.parse(module.handleRequest(request)) as Answer;
}

/** The instance still solves a puzzle correctly. */
function expectStillSolves(module: GridmilpModule): void {
  const after = ask(module, JSON.stringify({ id: 99, type: 'solve', puzzle: PUZZLE }));
  expect(after.result?.status).toBe('optimal');
  expect(solutionProblems(PUZZLE, after.result?.solution as string)).toEqual([]);
}

const solveWith = (options: string): string =>
  `{"id":1,"type":"solve","puzzle":"${PUZZLE}","options":${options}}`;

describe.each<ModuleName>(['gridmilp_wasm', 'gridmilp_wasm_sat'])('%s', (name) => {
  const ready = loadModule(name);

  it('answers a request nested 10,000 deep, or with a million-deep id, by naming the field', async () => {
    const module = await ready;
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    const options = ask(module, `{"id":1,"type":"solve","puzzle":"${PUZZLE}","options":${deep(10000)}}`);
    expect(options.error?.message).toBe("Field 'options' must be an object");
    const id = ask(module, `{"id":${deep(1000000)},"type":"version"}`);
    expect(id.error?.where?.field).toBe('id');
    const object = ask(module, `{"id":2,"type":"solve","puzzle":${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}}`);
    expect(object.error?.where?.field).toBe('puzzle');
    expectStillSolves(module);
  });

  it('reads a 100 MB puzzle string to a located error, and then solves', async () => {
    const module = await ready;
    const huge = ask(module, `{"id":3,"type":"solve","puzzle":"${'.'.repeat(100_000_000)}"}`);
    expect(huge.id).toBe(3);
    expect(huge.error?.code).toBe('wrong_length');
    expect(huge.error?.message).toBe('Line 1 has 100000000 cells; a 9×9 puzzle has 81 cells');
    expectStillSolves(module);
  });

  it('names the line, column and character of a NUL, a lone surrogate or a stray letter', async () => {
    const module = await ready;
    const nul = ask(module, JSON.stringify({ id: 4, type: 'solve', puzzle: `4\u0000${PUZZLE.slice(2)}` }));
    expect(nul.error?.where).toMatchObject({ line: 1, column: 2, character: '\u0000' });
    // As the worker sends it (requestJson): the lone half of a surrogate pair becomes
    // U+FFFD, so the answer locates it instead of refusing the whole request.
    const lone = ask(module, requestJson({ id: 5, type: 'solve', puzzle: `${PUZZLE.slice(0, 80)}\ud800` }));
    expect(lone.id).toBe(5);
    expect(lone.error?.where).toMatchObject({ line: 1, column: 81, character: '\ufffd' });
    const stray = ask(module, JSON.stringify({ id: 6, type: 'solve', puzzle: `${PUZZLE.slice(0, 80)}ÿ` }));
    expect(stray.error?.where).toMatchObject({ line: 1, column: 81, character: 'ÿ' });
    expectStillSolves(module);
  });

  it('takes time limits of 0 (none) and 10^12 ms, and refuses negative or fractional ones by name', async () => {
    const module = await ready;
    for (const ms of ['0', '1e12', '1000000000000']) {
      expect(ask(module, solveWith(`{"timeLimitMs":${ms}}`)).result?.status, ms).toBe('optimal');
    }
    for (const ms of ['-1', '0.5', '"1000"']) {
      const refused = ask(module, solveWith(`{"timeLimitMs":${ms}}`));
      expect(refused.error?.where?.field, ms).toBe('options.timeLimitMs');
    }
    expectStillSolves(module);
  });

  it('refuses an enumerate limit of 10^9 with the range, and sizes past the largest', async () => {
    const module = await ready;
    const enumerate = ask(module, `{"id":7,"type":"enumerate","puzzle":"${PUZZLE}","limit":1e9}`);
    expect(enumerate.error?.message).toBe("Field 'limit' must be a whole number from 1 to 100000");
    const detected = ask(module, JSON.stringify({ id: 8, type: 'parse', text: '.'.repeat(35 * 35) }));
    expect(detected.error?.message).toMatch(/make a 35×35 puzzle, a size that is not detected: give the size 35\)$/);
    const largest = ask(module, JSON.stringify({ id: 8, type: 'parse', size: 35, text: '.'.repeat(35 * 35) }));
    expect(largest.result?.size).toBe(35);
    const past = ask(module, JSON.stringify({ id: 9, type: 'solve', size: 36, puzzle: '.'.repeat(36 * 36) }));
    expect(past.error?.message).toBe('Size 36 is not supported (1 to 35)');
    expectStillSolves(module);
  });
});

describe('a generate request that cannot succeed', () => {
  it('is refused by the first-solve module (no generator), and returns the nearest puzzle with the SAT module', async () => {
    const plain = await loadModule('gridmilp_wasm');
    const refused = ask(plain, '{"id":1,"type":"generate","size":9,"givens":3,"seed":5}');
    expect(refused.error?.code).toBe('bad_request');
    expect(refused.error?.message).toMatch(/leaves the generator out/);
    expectStillSolves(plain);
    // Three givens cannot make a unique 9×9 puzzle: generation removes givens while the
    // puzzle stays unique and reports how many it kept, above the target.
    const sat = await loadModule('gridmilp_wasm_sat');
    const nearest = ask(sat, '{"id":2,"type":"generate","size":9,"givens":3,"seed":5}');
    expect(nearest.result?.targetGivens).toBe(3);
    expect(nearest.result?.givens as number).toBeGreaterThanOrEqual(17);
    expectStillSolves(sat);
  });
});

describe('a request the engine has no memory for', () => {
  it('is answered out_of_memory, not by an abort, and the same instance solves next', async () => {
    const module = await loadModule('gridmilp_wasm');
    // 400 MB of cells: the text, its copy and one int per cell pass WebAssembly's 2 GB.
    const answer = ask(module, `{"id":11,"type":"parse","text":"${'.'.repeat(400_000_000)}"}`);
    expect(answer.id).toBe(11);
    expect(answer.error).toEqual({
      code: 'out_of_memory',
      message: 'The solver ran out of memory answering this parse request: the input or its model is too large for it',
    });
    expectStillSolves(module);
  }, 120_000);
});

describe("the worker's parse of a text of many puzzles", () => {
  it('replies with the first puzzles only and the count, so the page clones little', async () => {
    const posted: WorkerToPage[] = [];
    const load = createEngineLoader(importFactory, { moduleOptions: { wasmBinary: wasmBinary() } });
    const logic = new SolverWorkerLogic(load, (m) => posted.push(m));
    const text = `${PUZZLE}\n`.repeat(20000);
    await logic.handle({ id: 1, type: 'parse', text, first: 1 });
    await logic.handle({ id: 2, type: 'parse', text, first: 0 });
    await logic.handle({ id: 3, type: 'parse', text: `${PUZZLE}\n${PUZZLE}\n` });
    await logic.handle({ id: 4, type: 'parse', text, first: -1 });
    const [one, none, all, bad] = posted as Array<{ result?: { count: number; puzzles: unknown[] }; error?: { code: string } }>;
    expect(one?.result?.count).toBe(20000);
    expect(one?.result?.puzzles).toHaveLength(1);
    expect(none?.result?.puzzles).toHaveLength(0);
    expect(all?.result).toMatchObject({ count: 2 });
    expect(all?.result?.puzzles).toHaveLength(2);
    expect(bad?.error?.code).toBe('bad_request');
  });
});

describe('requestJson', () => {
  it('leaves well-formed text as JSON.stringify writes it, pairs included', () => {
    const request = { id: 1, text: 'a😀b\\ud800' };
    expect(requestJson(request)).toBe(JSON.stringify(request));
  });

  it('replaces only lone surrogates, in strings at any depth', () => {
    expect(JSON.parse(requestJson({ a: ['x\udc00y', { b: '\ud83d' }], c: '😀' }))).toEqual({
      a: ['x\ufffdy', { b: '\ufffd' }],
      c: '😀',
    });
  });

  it('is what Engine.request sends', async () => {
    const engine = new Engine(await loadModule('gridmilp_wasm'));
    const r = engine.request({ id: 3, type: 'solve', puzzle: `${PUZZLE.slice(0, 80)}\udfff` });
    expect('error' in r && r.error.where).toMatchObject({ column: 81, character: '\ufffd' });
  });
});
