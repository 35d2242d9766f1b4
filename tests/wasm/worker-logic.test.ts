// SPDX-License-Identifier: GPL-3.0-or-later
// The worker's logic class driven in Node with the real WASM module and a capturing
// `post`, plus the engine loader (one cached promise; failures reject, never hang).
import { describe, expect, it } from 'vitest';
import type {
  BatchProgress,
  BatchResult,
  CheckUniquenessResult,
  CompleteResult,
  EngineRequest,
  ExportModelResult,
  ModelRowResult,
  RelaxResult,
  SolveProgress,
  EnumerateProgress,
  EnumerateResult,
  GenerateProgress,
  GenerateResult,
  ParseResult,
  WorkerParseResult,
  SolveResult,
  VersionResult,
  WorkerErrorMessage,
  WorkerProgressMessage,
  WorkerResultMessage,
  WorkerToPage,
} from '../../web/src/solver/protocol';
import { noteParts } from '../../web/src/solver/genre';
import type { GridmilpModuleFactory } from '../../web/src/solver/wasm';
import { createEngineLoader, Engine, EngineLoadError } from '../../web/src/worker/engine';
import { SolverWorkerLogic } from '../../web/src/worker/logic';
import {
  hasSharedData,
  importFactory,
  readData,
  readOnePerLine,
  readEuler96,
  solutionProblems,
  solutionProblemsN,
  wasmBinary,
} from './helpers';

/** A real loader of the first-solve module, or of `name` (the module with the genres). */
function realLoader(name?: 'gridmilp_wasm_sat'): () => Promise<Engine> {
  return name === undefined
    ? createEngineLoader(importFactory, { moduleOptions: { wasmBinary: wasmBinary() } })
    : createEngineLoader(() => importFactory(name), { moduleOptions: { wasmBinary: wasmBinary(name) } });
}

function harness(load = realLoader(), now?: () => number): { logic: SolverWorkerLogic; posted: WorkerToPage[] } {
  const posted: WorkerToPage[] = [];
  return { logic: new SolverWorkerLogic(load, (m) => posted.push(m), now), posted };
}

/** A clock that moves `stepMs` each time it is read. */
function steppingClock(stepMs: number): () => number {
  let t = 0;
  return () => (t += stepMs);
}

/** Every batch progress report posted, alone or gathered with others, in order. */
const reportsOf = (posted: WorkerToPage[]): BatchProgress[] =>
  posted.flatMap((m) => ('progress' in m ? [m.progress as BatchProgress] : 'reports' in m ? m.reports : []));

const isResult = (m: WorkerToPage): m is WorkerResultMessage => 'result' in m;
const isError = (m: WorkerToPage): m is WorkerErrorMessage => 'error' in m;
const isProgress = (m: WorkerToPage): m is WorkerProgressMessage => 'progress' in m;

// Project Euler 96 when present, else gridmilp's own 50 grids in its layout.
const p096 = readData('p096_sudoku.txt');
const euler96 = hasSharedData('p096_sudoku.txt');

describe('SolverWorkerLogic with the real module', () => {
  it('answers version, parse and solve with their ids', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 1, type: 'version' });
    await logic.handle({ id: 2, type: 'parse', text: p096 });
    // A grid presolve settles without a tree, so its solve streams no progress: Project
    // Euler 96's Grid 05, or without it Grid 06 of gridmilp's own (their Grid 05 branches).
    const grid = readEuler96(p096)[euler96 ? 4 : 5]![1];
    await logic.handle({ id: 3, type: 'solve', puzzle: grid, options: { presolve: true } });
    expect(posted.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(posted.every(isResult)).toBe(true);
    const [version, parse, solve] = posted as WorkerResultMessage[];
    expect((version!.result as VersionResult).glpk).toBe('5.0');
    expect((parse!.result as ParseResult).puzzles).toHaveLength(50);
    expect(solutionProblems(grid, (solve!.result as SolveResult).solution)).toEqual([]);
  });

  it('a batch item says branch-and-bound nodes on that route, MiniSat conflicts on CNF-SAT (not 0 nodes)', async () => {
    const items = async (method: 'sat' | 'branch-and-bound', model: 'textbook' | 'reduced' = 'textbook'): Promise<BatchResult['items']> => {
      // The SAT module: it has both methods (the first-solve module has branch-and-bound only).
      const { logic, posted } = harness(realLoader('gridmilp_wasm_sat'));
      await logic.handle({ id: 70, type: 'solveBatch', text: p096, options: { model, method } });
      return ((posted.at(-1) as WorkerResultMessage).result as BatchResult).items;
    };
    const sat = await items('sat');
    expect(sat.every((item) => item.nodes === undefined && typeof item.conflicts === 'number')).toBe(true);
    const bnb = await items('branch-and-bound');
    expect(bnb.every((item) => typeof item.nodes === 'number' && item.conflicts === undefined)).toBe(true);
    // The reduced model decides most of p096 before GLPK: those items say so, with
    // neither nodes nor conflicts; the others say their route's figure.
    const reduced = await items('sat', 'reduced');
    const decided = reduced.filter((item) => item.decidedBy === 'reduction');
    expect(decided.length).toBeGreaterThan(0);
    expect(decided.every((item) => item.nodes === undefined && item.conflicts === undefined)).toBe(true);
    expect(reduced.filter((item) => item.decidedBy === undefined).every((item) => typeof item.conflicts === 'number')).toBe(true);
  });

  it('streams a batch: one progress report per puzzle, then all items in order', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 7, type: 'solveBatch', text: p096 });
    const progress = reportsOf(posted).map((report) => ({ progress: report }));
    const final = posted.at(-1)!;
    expect(posted.every((m) => m.id === 7)).toBe(true);
    expect(progress).toHaveLength(51); // done 0 after parsing, then each puzzle
    expect(progress.map((m) => m.progress.done)).toEqual(Array.from({ length: 51 }, (_, i) => i));
    expect(progress.every((m) => m.progress.total === 50)).toBe(true);
    expect(progress[10]!.progress.item?.name).toBe('Grid 10');
    expect(isResult(final)).toBe(true);
    const batch = (final as WorkerResultMessage).result as BatchResult;
    expect(batch.format).toBe('euler96');
    expect(batch.items).toHaveLength(50);
    const expected = readEuler96(p096);
    batch.items.forEach((item, i) => {
      expect(item.index).toBe(i);
      expect(item.name).toBe(expected[i]![0]);
      expect(item.givens).toBe(expected[i]![1]);
      expect(solutionProblems(item.givens, item.solution), item.name).toEqual([]);
    });
  });

  it('gathers a fast batch’s reports into one message per 50 ms, and posts a slow one’s each alone', async () => {
    const gathered = harness(realLoader(), steppingClock(10));
    await gathered.logic.handle({ id: 7, type: 'solveBatch', text: p096 });
    const lists = gathered.posted.filter((m) => 'reports' in m);
    // One clock read a puzzle, 10 ms each: a message every fifth puzzle or so, never
    // one per puzzle, and none lost.
    expect(lists.length).toBeGreaterThan(1);
    expect(lists.length).toBeLessThan(50);
    expect(reportsOf(gathered.posted).map((r) => r.done)).toEqual(Array.from({ length: 51 }, (_, i) => i));
    expect(isResult(gathered.posted.at(-1)!)).toBe(true);

    const slow = harness(realLoader(), steppingClock(100));
    await slow.logic.handle({ id: 8, type: 'solveBatch', text: p096 });
    const alone = slow.posted.filter((m) => 'reports' in m);
    expect(alone).toHaveLength(50);
    expect(alone.every((m) => 'reports' in m && m.reports.length === 1)).toBe(true);
  });

  it('parses a text once for a parse and the batch after it, the probe’s small parse between', async () => {
    const load = realLoader();
    const parses: number[] = [];
    const wrapped = new WeakSet<Engine>();
    const counting = async (): Promise<Engine> => {
      const engine = await load(); // the same engine each time: wrapped once
      if (wrapped.has(engine)) return engine;
      wrapped.add(engine);
      const request = engine.request.bind(engine);
      engine.request = ((r: { type: string; text?: string }) => {
        if (r.type === 'parse') parses.push(r.text!.length);
        return request(r as never);
      }) as typeof engine.request;
      return engine;
    };
    const { logic, posted } = harness(counting);
    const lines = readOnePerLine(readData('top95.txt')).slice(0, 12);
    const text = lines.join('\n');
    await logic.handle({ id: 1, type: 'parse', text, first: 4 });
    await logic.handle({ id: 2, type: 'solveBatch', text: lines.slice(0, 4).join('\n'), quiet: true });
    await logic.handle({ id: 9, type: 'parse', text }); // kept for a parse too (the pool's second)
    await logic.handle({ id: 3, type: 'solveBatch', text, skip: 4 });
    await logic.handle({ id: 4, type: 'solveBatch', text, skip: 4 }); // a batch's hit drops it: parsed again
    await logic.handle({ id: 8, type: 'parse', text: lines.join('\n'), size: 9, boxHeight: 3, boxWidth: 3 });
    await logic.handle({ id: 10, type: 'parse', text }); // other fields were kept: parsed
    expect(parses).toEqual([text.length, lines.slice(0, 4).join('\n').length, text.length, text.length, text.length]);
    const results = posted.filter(isResult);
    expect((results[0]!.result as WorkerParseResult).count).toBe(12);
    expect((results[2]!.result as WorkerParseResult).puzzles).toHaveLength(12);
    const rest = results[3]!.result as BatchResult;
    expect(rest.items.map((item) => item.index)).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    rest.items.forEach((item) => expect(solutionProblems(lines[item.index]!, item.solution)).toEqual([]));
    expect((results[4]!.result as BatchResult).items).toHaveLength(8);
  });

  it.skipIf(!euler96)('a batch of Project Euler 96 gives its answer, corner sum 24702 (shared data)', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 7, type: 'solveBatch', text: p096 });
    const batch = (posted.at(-1) as WorkerResultMessage).result as BatchResult;
    expect(batch.items).toHaveLength(50);
    let sum = 0;
    for (const item of batch.items) {
      expect(solutionProblems(item.givens, item.solution), item.name).toEqual([]);
      sum += Number(item.solution!.slice(0, 3));
    }
    expect(sum).toBe(24702);
  });

  it('keeps going past a bad puzzle in a batch, recording its error', async () => {
    const { logic, posted } = harness();
    const lines = readData('top95.txt').split('\n').slice(0, 3);
    lines[1] = `11${lines[1]!.slice(2)}`; // two 1s in row 1
    await logic.handle({ id: 8, type: 'solveBatch', text: lines.join('\n') });
    const batch = (posted.at(-1) as WorkerResultMessage).result as BatchResult;
    expect(batch.items).toHaveLength(3);
    expect(batch.items[1]!.error?.code).toBe('conflicting_givens');
    expect(solutionProblems(batch.items[0]!.givens, batch.items[0]!.solution)).toEqual([]);
    expect(solutionProblems(batch.items[2]!.givens, batch.items[2]!.solution)).toEqual([]);
  });

  it('replies with the engine error for a batch text that does not parse', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 9, type: 'solveBatch', text: '12h4\nworld' });
    expect(posted).toHaveLength(1);
    const reply = posted[0]!;
    expect(isError(reply)).toBe(true);
    const error = (reply as WorkerErrorMessage).error;
    expect(error.code).toBe('parse_error');
    expect(error.where).toMatchObject({ line: 1, column: 3, character: 'h' });
  });

  it('answers malformed messages with bad_request', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 10, type: 'solve' });
    await logic.handle({ id: 11, type: 'explode' });
    await logic.handle('not an object');
    expect(posted.map((m) => (isError(m) ? m.error.code : 'result'))).toEqual([
      'bad_request',
      'bad_request',
      'bad_request',
    ]);
    expect(posted.map((m) => m.id)).toEqual([10, 11, -1]);
  });

  it('loads the module once for many messages', async () => {
    let calls = 0;
    const counting = createEngineLoader(
      async () => {
        calls++;
        return importFactory();
      },
      { moduleOptions: { wasmBinary: wasmBinary() } },
    );
    const { logic, posted } = harness(counting);
    await Promise.all([1, 2, 3].map((id) => logic.handle({ id, type: 'version' })));
    expect(calls).toBe(1);
    expect(posted.filter(isResult)).toHaveLength(3);
  });
});

/** A real loader whose engine records every request it is sent. */
function recordingLoader(name?: 'gridmilp_wasm_sat'): { load: () => Promise<Engine>; requests: EngineRequest[] } {
  const inner = realLoader(name);
  const requests: EngineRequest[] = [];
  let patched: Engine | null = null;
  const load = async (): Promise<Engine> => {
    const engine = await inner();
    if (patched !== engine) {
      const request = engine.request.bind(engine);
      engine.request = ((r: EngineRequest) => {
        requests.push(r);
        return request(r);
      }) as Engine['request'];
      patched = engine;
    }
    return engine;
  };
  return { load, requests };
}

describe('SolverWorkerLogic: the Sudoku family', () => {
  const lewis16 = readData('sudoku16x16/lewis_sample_16x16.txt').trim().split('\n');
  // 16×16 puzzles the textbook model solves in a moment: lines 7–10 of Lewis's sample (128
  // to 180 givens), or without it lines 4, 5, 6 and 8 of gridmilp's own minimal 16×16
  // (about 92 givens; its lines 7, 9 and 10 each run past 15 s).
  const quick16 = hasSharedData('sudoku16x16/lewis_sample_16x16.txt')
    ? lewis16.slice(6)
    : [3, 4, 5, 7].map((i) => lewis16[i]!);

  it('checkUniqueness, complete and solve with an objective and a size', async () => {
    const { logic, posted } = harness();
    const grid = readEuler96(p096)[0]![1];
    await logic.handle({ id: 1, type: 'checkUniqueness', puzzle: grid });
    await logic.handle({ id: 2, type: 'complete', size: 6, seed: 9 });
    await logic.handle({
      id: 3,
      type: 'solve',
      puzzle: '.'.repeat(16),
      size: 4,
      boxHeight: 2,
      boxWidth: 2,
      symbols: 'digits',
      objective: { preset: 'diagonal' },
    });
    // A solve may stream branch-and-bound progress before its result; the rest do not.
    const finals = posted.filter((m) => !isProgress(m));
    expect(posted.filter(isProgress).every((m) => m.id === 3)).toBe(true);
    expect(finals.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(finals.every(isResult)).toBe(true);
    const [unique, complete, solve] = (finals as WorkerResultMessage[]).map((m) => m.result);
    expect((unique as CheckUniquenessResult).unique).toBe(true);
    const c = complete as CompleteResult;
    expect(c.size).toBe(6);
    expect(solutionProblemsN('', c.solution, 6, 2, 3)).toEqual([]);
    const o = solve as SolveResult;
    expect(o.size).toBe(4);
    expect(o.objective?.gap).toBe(0);
    expect(solutionProblemsN('', o.solution, 4, 2, 2)).toEqual([]);
  });

  it('forwards enumerate progress with the request id, then the result', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 40, type: 'enumerate', puzzle: '.'.repeat(16), size: 4, limit: 5 });
    expect(posted.every((m) => m.id === 40)).toBe(true);
    const progress = posted.filter(isProgress).map((m) => m.progress as EnumerateProgress);
    expect(progress.map((p) => p.found)).toEqual([1, 2, 3, 4, 5]);
    const result = (posted.at(-1) as WorkerResultMessage).result as EnumerateResult;
    expect(result.count).toBe(5);
    expect(result.complete).toBe(false);
    expect(progress.map((p) => p.solution)).toEqual(result.solutions);
  });

  it('forwards generate progress, then a puzzle', async () => {
    const { logic, posted } = harness(realLoader('gridmilp_wasm_sat'));
    await logic.handle({ id: 41, type: 'generate', size: 4, seed: 3, symmetry: 'none', options: { method: 'branch-and-bound' } });
    const progress = posted.filter(isProgress).map((m) => m.progress as GenerateProgress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 16)).toBe(true);
    expect(progress.at(-1)!.phase).toBe('rating');
    const result = (posted.at(-1) as WorkerResultMessage).result as GenerateResult;
    expect(result.size).toBe(4);
    expect(solutionProblemsN(result.puzzle, result.solution, 4, 2, 2)).toEqual([]);
  });

  it('a 16×16 batch solves with the parsed size and the large-puzzle time limit', async () => {
    const { load, requests } = recordingLoader();
    const { logic, posted } = harness(load);
    const text = quick16.join('\n');
    await logic.handle({ id: 50, type: 'solveBatch', text, largeTimeLimitMs: 7000, options: { timeLimitMs: 0 } });
    const batch = (posted.at(-1) as WorkerResultMessage).result as BatchResult;
    expect([batch.size, batch.boxHeight, batch.boxWidth]).toEqual([16, 4, 4]);
    expect(batch.items).toHaveLength(4);
    for (const item of batch.items) {
      expect(item.status === 'time_limit' || solutionProblemsN(item.givens, item.solution, 16).length === 0).toBe(true);
    }
    const solves = requests.filter((r) => r.type === 'solve');
    expect(solves).toHaveLength(4);
    for (const r of solves) {
      expect(r).toMatchObject({ size: 16, boxHeight: 4, boxWidth: 4, options: { timeLimitMs: 7000 } });
    }
    // The smaller of the two limits applies; 9×9 batches ignore the large-puzzle limit.
    requests.length = 0;
    await logic.handle({ id: 51, type: 'solveBatch', text: quick16[3]!, largeTimeLimitMs: 7000, options: { timeLimitMs: 3000 } });
    expect(requests.filter((r) => r.type === 'solve')[0]).toMatchObject({ options: { timeLimitMs: 3000 } });
    requests.length = 0;
    await logic.handle({ id: 52, type: 'solveBatch', text: readEuler96(p096)[0]![1], largeTimeLimitMs: 7000 });
    const nine = requests.filter((r) => r.type === 'solve')[0] as { options?: { timeLimitMs?: number } };
    expect(nine.options?.timeLimitMs ?? 0).toBe(0);
  });

  it('a records batch of two sizes solves each record at its own size (sw_Sudoku.puzzles.txt mixes 9×9 and 16×16)', async () => {
    // Records are read by the module with the genres (the worker sends them there).
    const { load, requests } = recordingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(realLoader(), (m) => posted.push(m), undefined, load);
    /** A janko.at record of a canonical line: rows of numbers, `-` for empty. */
    const record = (name: string, line: string, n: number): string => {
      const value = (ch: string): string => (ch === '.' ? '-' : String(parseInt(ch, 36)));
      const rows = Array.from({ length: n }, (_, r) => [...line.slice(r * n, r * n + n)].map(value).join(' '));
      return `=== ${name}\n${n} ${n}\n${rows.join('\n')}\n`;
    };
    const nine = readEuler96(p096)[0]![1];
    const text = record('first', nine, 9) + record('big', quick16[0]!, 16) + record('last', nine, 9);
    await logic.handle({ id: 53, type: 'solveBatch', text, largeTimeLimitMs: 7000 });
    const batch = (posted.at(-1) as WorkerResultMessage).result as BatchResult;
    expect([batch.format, batch.size, batch.boxHeight]).toEqual(['records', 9, 3]);
    expect(batch.items.map((i) => [i.name, i.size])).toEqual([['first', undefined], ['big', 16], ['last', undefined]]);
    const big = batch.items[1]!;
    expect([big.boxHeight, big.boxWidth]).toEqual([4, 4]);
    expect(big.status === 'time_limit' || solutionProblemsN(big.givens, big.solution, 16).length === 0).toBe(true);
    expect(solutionProblems(nine, batch.items[2]!.solution!)).toEqual([]);
    const solves = requests.filter((r) => r.type === 'solve') as { size?: number; options?: { timeLimitMs?: number } }[];
    expect(solves.map((r) => [r.size, r.options?.timeLimitMs ?? 0])).toEqual([[9, 0], [16, 7000], [9, 0]]);
  });

  it('a batch of Sudoku URLs says its format and the lines its parse left out', async () => {
    const { load } = recordingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(realLoader(), (m) => posted.push(m), undefined, load);
    const text = [
      'https://puzz.link/p?sudoku/4/4/g1k23k3g',
      'https://puzz.link/p?sudoku/4/4/g5!h3g4n', // '!' is no Number16 code
      'https://puzz.link/p?sudoku/9/9/i27i4h8h4j7i9g5g7h8l2h6g3l5g6g9j254j43i6h39k2', // gridmilp's own
    ].join('\n');
    await logic.handle({ id: 54, type: 'solveBatch', text });
    const batch = (posted.at(-1) as WorkerResultMessage).result as BatchResult;
    expect(batch.format).toBe('urls');
    expect(batch.items.map((i) => [i.name, i.line, i.solution?.length])).toEqual([['url-1', 1, 16], ['url-3', 3, 81]]);
    expect(batch.refused?.map((r) => [r.name, r.line, r.error.message])).toEqual([
      ['url-2', 2, "line 2: URL body, character 3 ('!'): not a number code of puzz.link (Number16)"],
    ]);
    // A comment first and URLs without their scheme, as the engine reads them, go to it too.
    await logic.handle({ id: 55, type: 'solveBatch', text: `# mine\npuzz.link/p?sudoku/4/4/g1k23k3g\n` });
    const own = (posted.at(-1) as WorkerResultMessage).result as BatchResult;
    expect([own.format, own.items.map((i) => [i.name, i.line, i.solution?.length])]).toEqual(['urls', [['url-1', 2, 16]]]);
  });

  it('passes an ambiguous_size error through', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 60, type: 'parse', text: `${'.'.repeat(16)}\n`.repeat(16) });
    expect((posted[0] as WorkerErrorMessage).error.code).toBe('ambiguous_size');
    await logic.handle({ id: 61, type: 'parse', text: `${'.'.repeat(16)}\n`.repeat(16), size: 16 });
    expect(((posted[1] as WorkerResultMessage).result as ParseResult).size).toBe(16);
  });
});

describe('engine loader failures reject (never hang) and become load_failed', () => {
  it('rejects when the .wasm bytes are not WebAssembly', async () => {
    const load = createEngineLoader(importFactory, {
      moduleOptions: { wasmBinary: new TextEncoder().encode('this is not wasm') },
    });
    await expect(load()).rejects.toBeInstanceOf(EngineLoadError);
    const { logic, posted } = harness(load);
    await logic.handle({ id: 20, type: 'version' });
    expect(posted).toHaveLength(1);
    expect((posted[0] as WorkerErrorMessage).error.code).toBe('load_failed');
  });

  it('rejects when the glue cannot be imported', async () => {
    const load = createEngineLoader(() => Promise.reject(new Error('404 Not Found')));
    await expect(load()).rejects.toThrow(/404 Not Found/);
  });

  it('rejects after the timeout when the module never starts', async () => {
    const never: GridmilpModuleFactory = () => new Promise(() => undefined);
    const load = createEngineLoader(() => never, { timeoutMs: 50 });
    await expect(load()).rejects.toThrow(/longer than 50 ms/);
  });

  it('turns an abort inside a request into engine_crashed, then refuses further use', async () => {
    const aborting: GridmilpModuleFactory = async () => ({
      handleRequest: () => {
        throw new Error('RuntimeError: Aborted(test)');
      },
    });
    const { logic, posted } = harness(createEngineLoader(() => aborting));
    await logic.handle({ id: 30, type: 'version' });
    await logic.handle({ id: 31, type: 'version' });
    expect(posted.map((m) => (isError(m) ? m.error.code : 'result'))).toEqual([
      'engine_crashed',
      'engine_crashed',
    ]);
    expect((posted[0] as WorkerErrorMessage).error.message).toContain('Aborted(test)');
  });
});

describe('SolverWorkerLogic: models, relaxation, export and solve progress', () => {
  const top95 = readData('top95.txt')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const grid01 = readEuler96(p096)[0]![1];
  // A grid the reduced model decides without GLPK: Project Euler 96's Grid 01, or
  // without it Grid 04 of gridmilp's own 50 (their Grid 01 needs GLPK).
  const [reducibleName, reducible] = readEuler96(p096)[euler96 ? 0 : 3]!;
  // Branch-and-bound with progress: line 7 of top95, or without it line 1 of gridmilp's
  // own stand-in, the one its textbook search needs the most nodes for.
  const branchy = hasSharedData('top95.txt') ? top95[6]! : top95[0]!;

  it('forwards branch-and-bound progress of a solve before the result', async () => {
    const { logic, posted } = harness();
    const puzzle = branchy;
    await logic.handle({
      id: 40,
      type: 'solve',
      puzzle,
      options: { presolve: false, progressIntervalMs: 0 },
    });
    const progress = posted.filter(isProgress);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(posted.every((m) => m.id === 40)).toBe(true);
    expect(isResult(posted.at(-1)!)).toBe(true);
    expect(posted.slice(0, -1).every(isProgress)).toBe(true);
    const first = progress[0]!.progress as SolveProgress;
    expect(first.phase).toBe('branch-and-bound');
    expect(typeof first.nodes).toBe('number');
    const result = (posted.at(-1) as WorkerResultMessage).result as SolveResult;
    expect(solutionProblems(puzzle, result.solution)).toEqual([]);
    expect(result.stats.nodes).toBeGreaterThanOrEqual(first.nodes);
  });

  it(`passes options.model through: the reduced model decides ${euler96 ? 'PE96 ' : ''}${reducibleName} by itself`, async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 41, type: 'solve', puzzle: reducible, options: { model: 'reduced' } });
    await logic.handle({ id: 42, type: 'solve', puzzle: reducible, options: { model: 'textbook' } });
    const [reduced, textbook] = (posted.filter(isResult) as WorkerResultMessage[]).map(
      (m) => m.result as SolveResult,
    );
    expect(reduced!.model).toBe('reduced');
    expect(reduced!.decidedBy).toBe('reduction');
    expect(solutionProblems(reducible, reduced!.solution)).toEqual([]);
    expect(textbook!.model).toBe('textbook');
    expect(textbook!.stats.columns).toBe(729);
  });

  it('answers relax and exportModel, an MPS export from the SAT module', async () => {
    const posted: WorkerToPage[] = [];
    let satLoads = 0;
    const loadSat = createEngineLoader(
      async () => {
        satLoads++;
        return importFactory('gridmilp_wasm_sat');
      },
      { moduleOptions: { wasmBinary: wasmBinary('gridmilp_wasm_sat') } },
    );
    const logic = new SolverWorkerLogic(realLoader(), (m) => posted.push(m), undefined, loadSat);
    await logic.handle({ id: 43, type: 'relax', puzzle: top95[4]! }); // fractional: the fourth's relaxation is integral by the dual simplex
    await logic.handle({ id: 44, type: 'exportModel', puzzle: grid01, format: 'lp' });
    await logic.handle({ id: 45, type: 'exportModel', puzzle: grid01, format: 'mps', options: { model: 'candidates' } });
    await logic.handle({ id: 46, type: 'exportModel', puzzle: grid01, format: 'xml' });
    await logic.handle({ id: 49, type: 'exportModel', puzzle: grid01, format: 'lp', row: 'box[5,3]' });
    await logic.handle({ id: 51, type: 'exportModel', puzzle: grid01, format: 'lp', row: 'box[5,3]', formulation: true, options: { model: 'candidates' } });
    const [relax, lp, mps, row, withFormulation] = (posted.filter(isResult) as WorkerResultMessage[]).map((m) => m.result);
    const r = relax as RelaxResult;
    expect(r.integral).toBe(false);
    expect(r.values.some((v) => v[3] > 1e-6 && v[3] < 1 - 1e-6)).toBe(true);
    expect((lp as ExportModelResult).text).toContain('Subject To');
    expect((lp as ExportModelResult).text).toContain('cell(1,1)');
    expect((mps as ExportModelResult).model).toBe('candidates');
    expect((mps as ExportModelResult).text).toContain('ROWS');
    const bad = posted.find(isError)!;
    expect(bad.id).toBe(46);
    expect(bad.error.code).toBe('bad_request');
    expect(satLoads).toBe(1); // for the first export (LP, MPS, rows: all in that module)
    // One row, as the model builder hands it to GLPK, instead of the text.
    const one = row as ModelRowResult;
    expect((one as unknown as { text?: string }).text).toBeUndefined();
    expect(one.row!.text).toMatch(/^box\[5,3\]: x\[4,4,3\] \+ x\[4,5,3\] .* = 1$/);
    expect(one.row!.terms).toBe(9);
    expect(one.row!.cells).toHaveLength(9);
    expect(one.formulation).toBeUndefined();
    // With `formulation`, the model panel's formulation of that model, from the engine.
    const f = (withFormulation as ModelRowResult).formulation!;
    expect(f.model).toBe('candidates');
    expect(f.notes.map((n) => n.kind)).toEqual(['sets', 'model', 'variables', 'objective']);
    // Each note splits into words and TeX in turn, every \( closed by its \) (noteParts,
    // shared by the Sudoku panel and the genre page).
    expect(f.notes.some((note) => noteParts(note.text).some((p) => p.tex))).toBe(true);
    for (const note of f.notes) {
      const parts = noteParts(note.text);
      expect(parts.length % 2, note.text).toBe(1);
      for (const part of parts) expect(/\\[()]/.test(part.text), note.text).toBe(false);
    }
    expect(noteParts('a \\(x_1\\) b')).toEqual([
      { text: 'a ', tex: false },
      { text: 'x_1', tex: true },
      { text: ' b', tex: false },
    ]);
    expect(f.groups.map((g) => g.pattern)).toEqual(['cell[r,c]', 'row[r,d]', 'column[c,d]', 'box[b,d]', 'givens']);

    // The first-solve module alone leaves GLPK's model writers and single rows out, and says so.
    const { logic: lean, posted: leanPosted } = harness();
    await lean.handle({ id: 47, type: 'exportModel', puzzle: grid01, format: 'mps' });
    await lean.handle({ id: 48, type: 'exportModel', puzzle: grid01, format: 'lp' });
    await lean.handle({ id: 50, type: 'exportModel', puzzle: grid01, format: 'lp', row: 'box[1,1]' });
    await lean.handle({ id: 52, type: 'exportModel', puzzle: grid01, format: 'lp', formulation: true });
    expect(leanPosted.map((m) => [m.id, isError(m) ? m.error.where?.field : 'result'])).toEqual([
      [47, 'format'],
      [48, 'format'],
      [50, 'format'],
      [52, 'format'],
    ]);
    expect((leanPosted[1] as WorkerErrorMessage).error.message).toContain("leaves GLPK's model writers (LP and MPS)");
  });
});

describe('the SAT method: a second module, loaded on the first request for it', () => {
  const top95Lines = readData('top95.txt').split('\n').filter((l) => l.trim().length >= 81);

  /** A real loader of `name` that counts how often the module is fetched. */
  function countingLoader(name: 'gridmilp_wasm' | 'gridmilp_wasm_sat'): {
    load: () => Promise<Engine>;
    fetched: () => number;
  } {
    let calls = 0;
    const load = createEngineLoader(
      async () => {
        calls++;
        return importFactory(name);
      },
      { moduleOptions: { wasmBinary: wasmBinary(name) } },
    );
    return { load, fetched: () => calls };
  }

  it('the first-solve module has no SAT method and says so', async () => {
    const { logic, posted } = harness();
    await logic.handle({ id: 1, type: 'version' });
    await logic.handle({ id: 2, type: 'solve', puzzle: top95Lines[0]!, options: { method: 'sat' } });
    expect((posted[0] as WorkerResultMessage).result).toMatchObject({ methods: ['branch-and-bound'] });
    const error = posted.find(isError)!;
    expect(error.id).toBe(2);
    expect(error.error.message).toContain('The SAT method is not in this build');
  });

  it('routes SAT requests to the SAT module and everything else to the first one', async () => {
    const main = countingLoader('gridmilp_wasm');
    const sat = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(main.load, (m) => posted.push(m), undefined, sat.load);
    await logic.handle({ id: 1, type: 'solve', puzzle: top95Lines[1]!, options: { model: 'reduced' } });
    expect(sat.fetched()).toBe(0);
    for (const [i, model] of [[2, 'textbook'], [3, 'reduced'], [4, 'candidates']] as const) {
      await logic.handle({ id: i, type: 'solve', puzzle: top95Lines[i]!, options: { model, method: 'sat' } });
    }
    await logic.handle({ id: 5, type: 'solveBatch', text: top95Lines.slice(0, 6).join('\n'), options: { method: 'sat' } });
    expect(main.fetched()).toBe(1);
    expect(sat.fetched()).toBe(1);
    const results = posted.filter(isResult);
    expect(results.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    const first = results[0]!.result as SolveResult;
    expect(first.stats.method).toBe('branch-and-bound');
    expect(first.stats.sat).toBeUndefined();
    for (const m of results.slice(1, 4)) {
      const r = m.result as SolveResult;
      expect(r.status).toBe('optimal');
      expect(solutionProblems(top95Lines[m.id]!, r.solution)).toEqual([]);
      expect(r.stats.method).toBe('sat');
      expect(r.stats.nodes).toBe(0);
      // The reduction may decide a puzzle before GLPK, with no CNF at all.
      if (r.decidedBy === 'glpk') {
        expect(r.stats.sat!.clauses).toBeGreaterThan(0);
        expect(r.stats.sat!.translation).toBe('direct');
      }
    }
    const batch = results[4]!.result as BatchResult;
    expect(batch.items).toHaveLength(6);
    batch.items.forEach((item, k) => {
      expect(solutionProblems(top95Lines[k]!, item.solution)).toEqual([]);
    });
  });

  it('reads a text with a bad line in the module that leaves it out; a good text stays on the first', async () => {
    const main = countingLoader('gridmilp_wasm');
    const sat = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(main.load, (m) => posted.push(m), undefined, sat.load);
    // Puzzles one a line; line 2 one cell short, line 4 not a puzzle.
    const lines = [top95Lines[0]!, top95Lines[1]!.slice(1), top95Lines[2]!, 'x'.repeat(81), top95Lines[3]!];
    await logic.handle({ id: 1, type: 'parse', text: top95Lines.slice(0, 3).join('\n') });
    await logic.handle({ id: 2, type: 'parse', text: `${top95Lines[0]!.slice(1)}\n` }); // one puzzle: refused
    expect(sat.fetched()).toBe(0);
    await logic.handle({ id: 3, type: 'parse', text: lines.join('\n') });
    await logic.handle({ id: 4, type: 'solveBatch', text: lines.join('\r\n'), options: { model: 'reduced' } });
    expect(sat.fetched()).toBe(1);
    expect(posted.filter(isError).map((m) => [m.id, m.error.code])).toEqual([[2, 'wrong_length']]);
    const [, parsed, batch] = posted.filter(isResult).map((m) => m.result) as [ParseResult, ParseResult, BatchResult];
    expect(parsed.puzzles.map((p) => p.line)).toEqual([1, 3, 5]);
    expect(parsed.refused!.map((r) => [r.line, r.error.code])).toEqual([
      [2, 'wrong_length'],
      [4, 'parse_error'],
    ]);
    expect(batch.items.map((item) => item.line)).toEqual([1, 3, 5]);
    batch.items.forEach((item) => expect(solutionProblems(item.givens, item.solution)).toEqual([]));
  });

  it('routes a Sudoku request that names its genre to the module that draws boards', async () => {
    const main = countingLoader('gridmilp_wasm');
    const sat = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(main.load, (m) => posted.push(m), undefined, sat.load);
    await logic.handle({ id: 1, type: 'relax', puzzle: top95Lines[3]! });
    expect(sat.fetched()).toBe(0);
    await logic.handle({ id: 2, type: 'relax', puzzle: top95Lines[3]!, genre: 'sudoku' });
    expect(sat.fetched()).toBe(1);
    const [plain, named] = posted.filter(isResult).map((m) => m.result as RelaxResult);
    expect(plain!.board).toBeUndefined();
    expect(named!.genre).toBe('sudoku');
    // The same relaxation, drawn: one candidate mark per non-zero value off the givens.
    expect(named!.values).toEqual(plain!.values);
    const marks = named!.board!.items.filter((item) => item.kind === 'candidate');
    const open = plain!.values.filter(([r, c, , x]) => top95Lines[3]![(r - 1) * 9 + (c - 1)] === '.' && x > 1e-9);
    expect(marks).toHaveLength(open.length);
    expect(named!.board!.items.filter((item) => item.kind === 'number' && item.style === 'given')).toHaveLength(
      [...top95Lines[3]!].filter((ch) => ch !== '.').length,
    );
  });

  it('routes genre requests to the module that has the genres, progress and all', async () => {
    const main = countingLoader('gridmilp_wasm');
    const sat = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(main.load, (m) => posted.push(m), undefined, sat.load);
    const killer = '=== own_4x4\n4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\na a b b\nc c d d\ne e f f\ng g h h\n';
    await logic.handle({ id: 1, type: 'genre', request: { type: 'solve', genre: 'killer', puzzle: killer } });
    await logic.handle({
      id: 2,
      type: 'genre',
      request: { type: 'enumerate', genre: 'latin-square', puzzle: '2 2\n- -\n- -\n', limit: 5 },
    });
    await logic.handle({ id: 3, type: 'genre', request: { type: 'solve', genre: 'masyu', puzzle: '1' } });
    await logic.handle({ id: 4, type: 'genre', request: 'not an object' });
    expect(sat.fetched()).toBe(1);
    const results = posted.filter(isResult);
    expect(results.map((m) => m.id)).toEqual([1, 2]);
    expect(results[0]!.result).toMatchObject({ genre: 'killer', status: 'optimal', answer: { verified: true } });
    expect(results[1]!.result).toMatchObject({ count: 2, complete: true });
    expect(posted.filter(isProgress).filter((m) => m.id === 2)).toHaveLength(2); // one per answer
    // Without a use for progress (Solve all): the same result, and no progress message.
    await logic.handle({
      id: 5,
      type: 'genre',
      request: { type: 'enumerate', genre: 'latin-square', puzzle: '2 2\n- -\n- -\n', limit: 5 },
      progress: false,
    });
    expect(posted.filter(isProgress).filter((m) => m.id === 5)).toHaveLength(0);
    const quiet = posted.filter(isResult).find((m) => m.id === 5)!.result as { solutions: unknown; count: number };
    expect(quiet).toMatchObject({ count: 2, complete: true });
    expect(quiet.solutions).toEqual((results[1]!.result as { solutions: unknown }).solutions);
    const errors = posted.filter(isError);
    expect(errors.map((m) => [m.id, m.error.code])).toEqual([
      [3, 'bad_request'],
      [4, 'bad_request'],
    ]);
    expect(errors[0]!.error.message).toContain("Unknown genre 'masyu'");
  });

  it('routes every generate to the SAT module (the generator and its default method are there)', async () => {
    const main = countingLoader('gridmilp_wasm');
    const sat = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(main.load, (m) => posted.push(m), undefined, sat.load);
    await logic.handle({ id: 1, type: 'generate', size: 4, seed: 3, options: { method: 'branch-and-bound' } });
    expect(sat.fetched()).toBe(1);
    // The page's prefetch: the versions of the SAT method's module (loaded once).
    await logic.handle({ id: 9, type: 'version', options: { method: 'sat' } });
    expect(sat.fetched()).toBe(1);
    expect((posted.at(-1) as WorkerResultMessage).result).toMatchObject({ methods: ['branch-and-bound', 'sat'] });
    await logic.handle({ id: 2, type: 'generate', size: 4, seed: 3 });
    expect(sat.fetched()).toBe(1);
    const [bnb, , sat4] = posted.filter(isResult).map((m) => m.result as GenerateResult);
    expect(bnb!.method).toBe('branch-and-bound');
    expect(sat4!.method).toBe('sat');
    for (const r of [bnb!, sat4!]) expect(solutionProblemsN(r.puzzle, r.solution, 4, 2, 2)).toEqual([]);

    // Without a SAT module to go to, the first-solve module says what is missing.
    const { logic: lean, posted: leanPosted } = harness();
    await lean.handle({ id: 3, type: 'generate', size: 4, seed: 3, options: { method: 'branch-and-bound' } });
    const error = leanPosted.find(isError)!;
    expect(error.error.code).toBe('bad_request');
    expect(error.error.message).toContain('leaves the generator out');
  });

  it('a module with the SAT method serves SAT requests itself (the one-file page)', async () => {
    const main = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    let satLoads = 0;
    const logic = new SolverWorkerLogic(main.load, (m) => posted.push(m), undefined, () => {
      satLoads++;
      return main.load();
    });
    await logic.handle({ id: 1, type: 'version' });
    await logic.handle({ id: 2, type: 'solve', puzzle: top95Lines[7]!, options: { method: 'sat' } });
    expect((posted[0] as WorkerResultMessage).result).toMatchObject({ methods: ['branch-and-bound', 'sat'] });
    expect(((posted[1] as WorkerResultMessage).result as SolveResult).stats.method).toBe('sat');
    expect(satLoads).toBe(0);
  });

  it('refuses what the SAT method cannot do, in words', async () => {
    const sat = countingLoader('gridmilp_wasm_sat');
    const posted: WorkerToPage[] = [];
    const logic = new SolverWorkerLogic(sat.load, (m) => posted.push(m));
    await logic.handle({ id: 1, type: 'solve', puzzle: top95Lines[0]!, objective: { preset: 'diagonal' }, options: { method: 'sat' } });
    await logic.handle({ id: 3, type: 'solve', puzzle: top95Lines[0]!, options: { method: 'sat', recordBranching: true } });
    await logic.handle({ id: 4, type: 'solve', puzzle: top95Lines[0]!, options: { method: 'simplex' } });
    const errors = posted.filter(isError);
    expect(errors.map((e) => [e.id, e.error.code, e.error.where?.field])).toEqual([
      [1, 'bad_request', 'options.method'],
      [3, 'bad_request', 'options.recordBranching'],
      [4, 'bad_request', 'options.method'],
    ]);
    expect(errors[0]!.error.message).toContain('cannot optimise an objective');
  });
});
