// SPDX-License-Identifier: GPL-3.0-or-later
// Soak (issue #25, item 4): one instance of the module with every genre and both
// methods answers a long, seeded mix of requests — valid and invalid, time-limited, of
// every request type and every genre, with forced GLPK errors each followed by a
// correct solve — with no abort, every answer carrying its id and exactly one of
// result and error, and its memory flat: the allocator's bytes in use and the
// WebAssembly memory after the last request within 10% of what they were after the
// first 1,000. Then forced GLPK errors alone, each followed by a correct solve.
// `npm test` runs 3,000 requests and 300 errors; `npm run soak` runs 100,000 and 10,000
// (GRIDMILP_SOAK_REQUESTS, GRIDMILP_SOAK_GLPK_ERRORS) and prints the figures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENRES } from '../../web/generated/vocabulary';
import { loadModule, repoRoot, solutionProblems } from './helpers';

const REQUESTS = Number(process.env.GRIDMILP_SOAK_REQUESTS ?? 3000);
const GLPK_ERRORS = Number(process.env.GRIDMILP_SOAK_GLPK_ERRORS ?? 300);
const WARM = 1000;

/** A small seeded generator (mulberry32), so that a failing mix can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lines = (file: string): string[] =>
  readFileSync(`${repoRoot}tests/data/${file}`, 'utf8').split('\n').filter((l) => l.trim() !== '');
/** The records of a janko-style file (`=== name` headers). */
const records = (file: string): string[] =>
  readFileSync(`${repoRoot}tests/data/${file}`, 'utf8')
    .split(/^(?==== )/m)
    .filter((r) => r.startsWith('=== '));

const easy = lines('sudoku/minimal1000.txt').slice(0, 200);
const hard = lines('sudoku/hard95.txt');
const big = lines('sudoku/16x16.txt');
const killer = records('variants/killer.puzzles.txt');
const jigsaw = records('variants/jigsaw.puzzles.txt');
/** The Sudoku genres; every other genre is a pencil puzzle with its own records. */
const SUDOKU_GENRES = ['sudoku', 'killer', 'jigsaw', 'sudoku-x', 'hyper', 'latin-square'];
/** Each pencil genre's own records (tests/data/puzzles/<id with _ for ->.puzzles.txt). */
const pencil: Record<string, string[]> = Object.fromEntries(
  GENRES.filter((g) => !SUDOKU_GENRES.includes(g.id)).map((g) => [g.id, records(`puzzles/${g.id.replace('-', '_')}.puzzles.txt`)]),
);

type Request = Record<string, unknown>;
/** What a request of the mix is, for the tally. */
interface Planned {
  kind: string;
  json: string;
  /** The engine must answer with a result (true), an error (false), or either (null). */
  expectResult: boolean | null;
  /** For Sudoku solves that must succeed: the givens, to check the solution. */
  check?: string;
}

/** The request mix: every request type, every genre, valid and not. */
function planner(next: () => number, generated: Record<string, string>): (id: number) => Planned {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const plan = (kind: string, request: Request, expectResult: boolean | null, check?: string): Planned => ({
    kind,
    json: JSON.stringify(request),
    expectResult,
    check,
  });
  const sudokuModels = ['textbook', 'candidates', 'reduced', 'probed'];
  const methods = ['branch-and-bound', 'sat'];
  const kinds: Array<(id: number) => Planned> = [
    (id) => {
      const p = pick(easy.concat(hard));
      const options = { model: pick(sudokuModels), method: pick(methods) };
      return plan('sudoku solve', { id, type: 'solve', puzzle: p, options }, true, p);
    },
    (id) => plan('sudoku parse', { id, type: 'parse', text: easy.slice(0, 1 + Math.floor(next() * 20)).join('\n') }, true),
    (id) => plan('sudoku relax', { id, type: 'relax', puzzle: pick(hard), options: { model: pick(sudokuModels) } }, true),
    (id) => plan('sudoku exportModel', { id, type: 'exportModel', puzzle: pick(easy), format: pick(['lp', 'mps']) }, true),
    (id) => plan('sudoku checkUniqueness', { id, type: 'checkUniqueness', puzzle: pick(hard), options: { method: pick(methods) } }, true),
    (id) => plan('sudoku enumerate', { id, type: 'enumerate', puzzle: pick(easy).replace(/[1-9]/g, (d) => (next() < 0.1 ? '.' : d)), limit: 3 }, true),
    (id) => plan('sudoku complete', { id, type: 'complete', size: pick([4, 9]), seed: Math.floor(next() * 1e6) }, true),
    (id) => plan('sudoku generate', { id, type: 'generate', size: 4, seed: Math.floor(next() * 1e6) }, true),
    (id) => plan('sudoku objective', { id, type: 'solve', puzzle: pick(easy), objective: { preset: 'diagonal' } }, true),
    (id) => plan('sudoku time-limited', { id, type: 'solve', puzzle: pick(big), options: { timeLimitMs: 1 } }, null),
    (id) => plan('glpk error', { id, type: 'solve', puzzle: pick(easy), debug: { forceGlpkError: true } }, false),
    (id) => plan('bad text', { id, type: 'solve', puzzle: pick(easy).slice(0, 40) + 'x' + pick(easy).slice(41) }, false),
    (id) => plan('conflicting givens', { id, type: 'solve', puzzle: '11' + '.'.repeat(79) }, false),
    (id) => plan('bad field', { id, type: pick(['solve', 'enumerate', 'nonsense']), puzzle: 5, limit: -1 }, false),
    (id) => ({ kind: 'not json', json: `{"id":${id},"type":"solve","puzzle":"${pick(easy)}"`, expectResult: false }),
    (id) => {
      const genre = pick(['killer', 'jigsaw'] as const);
      const text = pick(genre === 'killer' ? killer : jigsaw);
      const type = pick(['solve', 'checkUniqueness', 'parse', 'formulation', 'board', 'relax', 'exportModel']);
      const request: Request = { id, type, genre, options: { method: pick(methods) } };
      request[type === 'parse' ? 'text' : 'puzzle'] = text;
      if (type === 'exportModel') request.format = 'lp';
      return plan(`${genre} ${type}`, request, true);
    },
    (id) => {
      const genre = pick(['sudoku-x', 'hyper', 'latin-square'] as const);
      const type = pick(['solve', 'enumerate', 'checkUniqueness', 'formulation', 'board']);
      const request: Request = { id, type, genre, puzzle: generated[genre], limit: 2 };
      return plan(`${genre} ${type}`, request, true);
    },
    (id) => plan('genre generate', { id, type: 'generate', genre: pick(['sudoku-x', 'latin-square']), size: pick([4, 6]), seed: Math.floor(next() * 1e6) }, true),
    (id) => plan('genre bad text', { id, type: 'solve', genre: pick(['killer', 'jigsaw', 'hyper']), puzzle: '=== broken\n9 9\n1 2 3\n' }, false),
    (id) => plan('genre time-limited', { id, type: 'solve', genre: 'killer', puzzle: pick(killer), options: { timeLimitMs: 1, method: 'branch-and-bound' } }, null),
    (id) => {
      const genre = pick(Object.keys(pencil));
      const type = pick(['solve', 'checkUniqueness', 'parse', 'formulation', 'board']);
      const request: Request = { id, type, genre, options: { method: pick(methods) } };
      request[type === 'parse' ? 'text' : 'puzzle'] = pick(pencil[genre]!);
      return plan(`${genre} ${type}`, request, true);
    },
    (id) => plan('pencil bad text', { id, type: 'solve', genre: pick(Object.keys(pencil)), puzzle: '=== broken\n5 5\n1 2 3\n' }, false),
    (id) => plan('unknown genre', { id, type: 'solve', genre: 'nurikabe-2', puzzle: '.' }, false),
    (id) => plan('version', { id, type: 'version' }, true),
  ];
  return (id) => pick(kinds)(id);
}

/** WebAssembly memory in bytes (it only grows). */
const memoryOf = (module: unknown): number => (module as { HEAP8: Int8Array }).HEAP8.byteLength;
const mb = (bytes: number): string =>
  bytes < 2 ** 20 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
const change = (before: number, after: number): string => `${(((after - before) / before) * 100).toFixed(1)}%`;

describe(`soak: ${REQUESTS.toLocaleString('en-US')} mixed requests on one module`, () => {
  it('answers every one, recovers from every GLPK error, and keeps its memory flat', async () => {
    const module = await loadModule('gridmilp_wasm_sat');
    expect(REQUESTS).toBeGreaterThan(WARM);
    const generated: Record<string, string> = {};
    for (const genre of ['sudoku-x', 'hyper', 'latin-square']) {
      const size = genre === 'latin-square' ? 5 : 9;
      const made = JSON.parse(module.handleRequest(JSON.stringify({ id: 0, type: 'generate', genre, size, seed: 7 }))) as {
        result?: { puzzle: string };
      };
      expect(made.result?.puzzle, genre).toBeTypeOf('string');
      generated[genre] = made.result!.puzzle;
    }
    // Every genre is in the mix: sudoku, killer and jigsaw from files, three generated, the pencil genres' own records.
    expect(Object.keys(generated).length + 3 + Object.keys(pencil).length).toBe(GENRES.length);
    for (const [genre, list] of Object.entries(pencil)) expect(list.length, genre).toBeGreaterThan(0);
    const plan = planner(random(20261126), generated);
    const tally = new Map<string, { result: number; error: number }>();
    let memoryAfterWarm = 0;
    let inUseAfterWarm = 0;
    let glpkErrors = 0;
    let recovered = 0;
    const started = performance.now();
    let previousWasGlpkError = false;
    for (let id = 1; id <= REQUESTS; id++) {
      const planned = plan(id);
      const text = module.handleRequest(planned.json);
      const answer = JSON.parse(text) as { id: unknown; result?: { status?: string; solution?: string }; error?: { code: string } };
      const outcome = answer.result !== undefined ? 'result' : 'error';
      const row = tally.get(planned.kind) ?? { result: 0, error: 0 };
      row[outcome]++;
      tally.set(planned.kind, row);
      if (planned.kind !== 'not json') expect(answer.id, planned.json.slice(0, 200)).toBe(id);
      expect((answer.result === undefined) !== (answer.error === undefined), text.slice(0, 200)).toBe(true);
      if (planned.expectResult !== null) {
        expect(outcome, `${planned.kind}: ${planned.json.slice(0, 200)} → ${text.slice(0, 300)}`).toBe(
          planned.expectResult ? 'result' : 'error',
        );
      }
      if (planned.check !== undefined) {
        expect(solutionProblems(planned.check, answer.result?.solution), planned.json).toEqual([]);
        if (previousWasGlpkError) recovered++;
      }
      if (planned.kind === 'glpk error') {
        expect(answer.error?.code).toBe('solver_error');
        glpkErrors++;
        // Every forced error is followed by a correct solve.
        const p = easy[id % easy.length]!;
        const after = JSON.parse(module.handleRequest(JSON.stringify({ id, type: 'solve', puzzle: p }))) as {
          result?: { solution: string };
        };
        expect(solutionProblems(p, after.result?.solution)).toEqual([]);
        recovered++;
      }
      previousWasGlpkError = planned.kind === 'glpk error';
      if (id === WARM) {
        memoryAfterWarm = memoryOf(module);
        inUseAfterWarm = module.heapInUse!();
      }
    }
    const memoryAtEnd = memoryOf(module);
    const inUseAtEnd = module.heapInUse!();
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[soak] ${REQUESTS.toLocaleString('en-US')} requests in ${seconds.toFixed(0)} s; after ${WARM.toLocaleString('en-US')} → after the last: ` +
        `allocator in use ${mb(inUseAfterWarm)} → ${mb(inUseAtEnd)} (${change(inUseAfterWarm, inUseAtEnd)}), ` +
        `WebAssembly memory ${mb(memoryAfterWarm)} → ${mb(memoryAtEnd)} (${change(memoryAfterWarm, memoryAtEnd)}); ` +
        `${glpkErrors} forced GLPK errors among them, each followed by a correct solve; Node RSS ${mb(process.memoryUsage().rss)}`,
    );
    console.log(
      `[soak] ${[...tally.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, { result, error }]) => `${kind}: ${result}/${error}`)
        .join('; ')} (results/errors)`,
    );
    expect(tally.size).toBeGreaterThanOrEqual(REQUESTS >= 3000 ? 60 : 1);
    expect(glpkErrors).toBeGreaterThan(0);
    expect(recovered).toBeGreaterThanOrEqual(glpkErrors);
    expect(memoryAtEnd).toBeLessThanOrEqual(memoryAfterWarm * 1.1);
    expect(inUseAtEnd).toBeLessThanOrEqual(inUseAfterWarm * 1.1);
  }, Math.max(300_000, REQUESTS * 20));

  it(`answers ${GLPK_ERRORS.toLocaleString('en-US')} forced GLPK errors, each followed by a correct solve`, async () => {
    const module = await loadModule('gridmilp_wasm_sat');
    const started = performance.now();
    let inUseAfterFirst = 0;
    for (let k = 1; k <= GLPK_ERRORS; k++) {
      const p = easy[k % easy.length]!;
      const broken = JSON.parse(
        module.handleRequest(JSON.stringify({ id: k, type: 'solve', puzzle: p, debug: { forceGlpkError: true } })),
      ) as { error?: { code: string } };
      expect(broken.error?.code).toBe('solver_error');
      const ok = JSON.parse(module.handleRequest(JSON.stringify({ id: k, type: 'solve', puzzle: p }))) as {
        result?: { solution: string };
      };
      expect(solutionProblems(p, ok.result?.solution), p).toEqual([]);
      if (k === 100) inUseAfterFirst = module.heapInUse!();
    }
    const inUse = module.heapInUse!();
    console.log(
      `[soak] ${GLPK_ERRORS.toLocaleString('en-US')} forced GLPK errors in ${((performance.now() - started) / 1000).toFixed(0)} s, ` +
        `each followed by a correct solve; allocator in use after 100: ${mb(inUseAfterFirst)}, after the last: ${mb(inUse)} (${change(inUseAfterFirst, inUse)})`,
    );
    expect(inUse).toBeLessThanOrEqual(inUseAfterFirst * 1.1);
  }, Math.max(300_000, GLPK_ERRORS * 50));
});
