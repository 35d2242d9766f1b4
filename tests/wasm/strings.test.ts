// SPDX-License-Identifier: GPL-3.0-or-later
// handleRequest's strings, in both modules: the page's first-solve module converts them
// with Embind, the module with the SAT method (the npm package's) in JavaScript around
// a request buffer (cpp/wasm/handle_request.js). Both must carry any Unicode text
// both ways, requests larger than any earlier one, and responses after the module's
// memory has grown.
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFail, EngineOk, ParseResult, SolveResult } from '../../web/src/solver/protocol';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { loadModule, readData, solutionProblems, type ModuleName } from './helpers';

const modules: ModuleName[] = ['gridmilp_wasm', 'gridmilp_wasm_sat'];

describe.each(modules)('handleRequest of %s', (name) => {
  let module: GridmilpModule;
  beforeAll(async () => {
    module = await loadModule(name);
  });

  function call<R>(request: unknown): EngineOk<R> | EngineFail {
    return JSON.parse(module.handleRequest(JSON.stringify(request))) as EngineOk<R> | EngineFail;
  }

  it('is the JavaScript handleRequest in the SAT module only', () => {
    const functions = module as unknown as Record<string, unknown>;
    expect(typeof functions.handleRequestBytes).toBe(name === 'gridmilp_wasm_sat' ? 'function' : 'undefined');
    expect(typeof module.handleRequest).toBe('function');
  });

  it('carries characters of every UTF-8 length into the request and back in the error', () => {
    // 1, 2, 3 and 4 bytes: a letter, ü, € and 😀 (a surrogate pair in JavaScript).
    for (const [character, column] of [
      ['x', 1],
      ['ü', 1],
      ['€', 1],
      ['😀', 1],
    ] as const) {
      const response = call({ id: 1, type: 'parse', text: `${character}${'.'.repeat(80)}` });
      expect('error' in response).toBe(true);
      const { error } = response as EngineFail;
      expect(error.code).toBe('parse_error');
      expect(error.where).toMatchObject({ line: 1, column, character });
      expect(error.message).toContain(character);
    }
  });

  it('echoes an id of non-ASCII text as sent', () => {
    for (const id of ['ça-va', 'Grille n° 1 — «été»', '😀'.repeat(50)]) {
      const response = call<SolveResult>({ id, type: 'solve', puzzle: '.'.repeat(81) });
      expect(response.id).toBe(id);
      expect('result' in response).toBe(true);
    }
  });

  it('answers a request larger than all before it, and small ones after it', () => {
    const small = call<SolveResult>({ id: 2, type: 'solve', puzzle: '.'.repeat(81) });
    expect('result' in small).toBe(true);
    // 82 KB of text (1,000 puzzles): the request buffer grows, and so does memory.
    const text = readData('sudoku17_last1000.txt');
    const parsed = call<ParseResult>({ id: 3, type: 'parse', text });
    expect('result' in parsed).toBe(true);
    const { puzzles } = (parsed as EngineOk<ParseResult>).result;
    expect(puzzles).toHaveLength(1000);
    for (const p of puzzles.slice(0, 5)) {
      const solved = call<SolveResult>({ id: 4, type: 'solve', puzzle: p.givens, options: { model: 'reduced' } });
      expect(solved.id).toBe(4);
      expect(solutionProblems(p.givens, (solved as EngineOk<SolveResult>).result.solution)).toEqual([]);
    }
  });

  it('returns a response of several megabytes whole (memory grows during the call)', () => {
    // An error echoing nothing of the text, but parsing 10 MB of it first.
    const junk = `${'.'.repeat(81)}\n`.repeat(120_000); // 9.8 MB, 120,000 empty puzzles
    const response = call<ParseResult>({ id: 5, type: 'parse', text: junk });
    expect('result' in response).toBe(true);
    expect((response as EngineOk<ParseResult>).result.puzzles).toHaveLength(120_000);
  });

  it('refuses a request that is not a string, and stays usable', () => {
    expect(() => module.handleRequest(42 as unknown as string)).toThrow();
    const response = call<SolveResult>({ id: 6, type: 'solve', puzzle: '.'.repeat(81) });
    expect('result' in response).toBe(true);
  });
});
