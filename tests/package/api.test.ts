// SPDX-License-Identifier: GPL-3.0-or-later
// The npm package's API (web/src/lib/, the Node entry) against the real WASM module in
// web/generated/: every operation, the grids, the progress callbacks, and the checks
// done in TypeScript before a request reaches WebAssembly. Answers are verified
// independently of the engine (tests/wasm/helpers.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSolver,
  GridmilpError,
  isPuzzLinkUrl,
  type GenreSolveManyResult,
  type GenreSolveResult,
  type Grid,
  type Solver,
  type SolveManyResult,
  type SolveOutput,
  type UrlSolveManyResult,
} from '../../web/src/lib/node';
import { genreChunk, loadSolver } from '../../web/src/lib/solver';
import { fetchedModuleError } from '../../web/src/lib/wasm-binary';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { hasSharedData, readData } from '../common/test-data';
import { GENRES } from '../../web/generated/vocabulary';
import { importFactory, readEuler96, readOnePerLine, solutionProblems, solutionProblemsN, wasmBinary } from '../wasm/helpers';
import { repoRoot } from './helpers';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
/** Consistent givens but no solution: cell (1,9) must be 9, and column 9 has a 9. */
const INFEASIBLE = `12345678.${'.'.repeat(27)}........9${'.'.repeat(36)}`;
/** A 4×4 with exactly 12 solutions. */
const TWELVE = '1234............';

/** A canonical line as a grid (0 = empty), computed here without the package. */
function toGrid(line: string, n: number): Grid {
  const symbols = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => symbols.indexOf(line[r * n + c]!) + 1),
  );
}

/** The genre batch's result a text of URLs gave (fails the test on a Sudoku batch's). */
function genreBatch(many: UrlSolveManyResult): GenreSolveManyResult {
  if (!('genre' in many)) throw new Error(`expected a genre batch, got a Sudoku batch (format ${many.format})`);
  return many;
}

/** The GridmilpError `fn` throws (fails the test when it throws nothing or something else). */
function thrown(fn: () => unknown): GridmilpError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(GridmilpError);
    expect((e as Error).name).toBe('GridmilpError');
    return e as GridmilpError;
  }
  throw new Error('expected an error, nothing was thrown');
}

/** The GridmilpError a promise rejects with. */
async function rejected(promise: Promise<unknown>): Promise<GridmilpError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(GridmilpError);
    return e as GridmilpError;
  }
  throw new Error('expected a rejection, the promise resolved');
}

let solver: Solver;

beforeAll(async () => {
  solver = await createSolver();
});

describe('createSolver', () => {
  it('loads the module and reports versions', () => {
    expect(solver.version).toEqual({ gridmilp: '0.1.0', glpk: '5.0', protocol: 2, methods: ['branch-and-bound', 'sat'], genres: GENRES.map(({ id, title }) => ({ id, title })) });
    // Every genre of protocol/vocabulary.json: the six Sudoku ones and the ten pencil puzzles.
    expect(GENRES.length).toBe(16);
    expect(solver.crashed).toBe(false);
    expect(solver.disposed).toBe(false);
  });

  it('takes the .wasm as bytes or as a path, and refuses bad options before loading', async () => {
    const wasm = `${repoRoot}web/generated/gridmilp_wasm_sat.wasm`;
    const fromBytes = await createSolver({ wasmBinary: readFileSync(wasm) });
    expect(fromBytes.solve(EASY).solution).toBe(EASY_SOLUTION);
    const fromPath = await createSolver({ wasmUrl: wasm, loadTimeoutMs: 30_000 });
    expect(fromPath.solve(EASY).solution).toBe(EASY_SOLUTION);

    const unknown = await rejected(createSolver({ wasmPath: wasm } as never));
    expect(unknown.code).toBe('invalid_option');
    expect(unknown.where).toEqual({ field: 'wasmPath' });
    expect((await rejected(createSolver({ wasmBinary: 'bytes' } as never))).code).toBe('invalid_option');
    expect((await rejected(createSolver({ loadTimeoutMs: 0 }))).code).toBe('invalid_option');
    expect((await rejected(createSolver({ wasmUrl: 'ftp://example.org/x.wasm' }))).code).toBe('invalid_option');
  });

  it('rejects with load_failed when the .wasm is missing or broken', async () => {
    const missing = await rejected(createSolver({ wasmUrl: '/nonexistent/gridmilp_wasm_sat.wasm' }));
    expect(missing.code).toBe('load_failed');
    expect(missing.message).toContain('/nonexistent/gridmilp_wasm_sat.wasm');
    const broken = await rejected(createSolver({ wasmBinary: new Uint8Array([0, 1, 2, 3]) }));
    expect(broken.code).toBe('load_failed');
    expect(broken.message).toContain('WebAssembly');
  });

  it("says in one sentence that bytes are not gridmilp's module: their size and first bytes, or the compiler's complaint", async () => {
    // An HTML page where the module should be (a server's answer for a missing file).
    const html = await rejected(createSolver({ wasmBinary: new TextEncoder().encode('<html>Not found</html>') }));
    expect(html.code).toBe('load_failed');
    expect(html.where).toEqual({ field: 'wasmBinary' });
    expect(html.message).toBe(
      'Unable to load the solver: the wasmBinary given is not gridmilp\'s WebAssembly module: its 22 bytes start 3c 68 74 6d 6c 3e 4e 6f ("<html>No"), ' +
        'where a WebAssembly module starts 00 61 73 6d ("\\0asm"). Give wasmBinary the bytes of this package\'s lib/generated/gridmilp_wasm_sat.wasm, or leave it out.',
    );
    const empty = await rejected(createSolver({ wasmBinary: new ArrayBuffer(0) }));
    expect(empty.message).toContain("the wasmBinary given is not gridmilp's WebAssembly module: it is empty (0 bytes).");
    // The module cut short: the compiler's complaint, once, without Emscripten's advice.
    const module = readFileSync(`${repoRoot}web/generated/gridmilp_wasm_sat.wasm`);
    const cut = await rejected(createSolver({ wasmBinary: module.subarray(0, 1000) }));
    expect(cut.message).toMatch(/^Unable to load the solver: the wasmBinary given \(1,000 bytes\) is not gridmilp's WebAssembly module: it starts as one but does not compile \(.+\), as a file cut short or damaged does\. /);
    // A valid module of something else (the empty module: magic and version alone).
    const other = await rejected(createSolver({ wasmBinary: new Uint8Array([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }));
    expect(other.message).toMatch(/^Unable to load the solver: the wasmBinary given \(8 bytes\) is a WebAssembly module, but not gridmilp's \(gridmilp_wasm_sat\.wasm of this version\): starting it failed \(.+\)\. /);
    for (const e of [html, empty, cut, other]) {
      expect(e.message).not.toMatch(/ASSERTIONS|Aborted|failed to asynchronously prepare/);
    }
    // Node reads wasmUrl's file: the same sentence, naming the file and the option.
    const dir = mkdtempSync(join(tmpdir(), 'gridmilp-wasm-'));
    try {
      writeFileSync(join(dir, 'page.wasm'), '<html>404</html>');
      const page = await rejected(createSolver({ wasmUrl: join(dir, 'page.wasm') }));
      expect(page.where).toEqual({ field: 'wasmUrl' });
      expect(page.message).toContain(`the file at wasmUrl ${join(dir, 'page.wasm')} is not gridmilp's WebAssembly module: its 16 bytes start`);
      expect(page.message).toContain('Point wasmUrl at this package');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives up on a wasmUrl whose server never answers after loadTimeoutMs', async () => {
    // A server that takes the request and says nothing: the fetch is inside the budget.
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const silent = await rejected(createSolver({ wasmUrl: `http://127.0.0.1:${port}/gridmilp_wasm_sat.wasm`, loadTimeoutMs: 300 }));
      expect(silent.code).toBe('load_failed');
      expect(silent.message).toContain('did not arrive within loadTimeoutMs (300 ms)');
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe("the browser entry's second fetch of a wasmUrl that did not load (fetchedModuleError)", () => {
  const from = { what: 'the file at wasmUrl W', field: 'wasmUrl' };
  const glueCause = 'Unable to start the solver (WebAssembly): Aborted(both async and sync fetching of the wasm failed). Build with -s ASSERTIONS=1 for more info.';

  /** A server on 127.0.0.1 answering each request with `answer`; resolves with its URL and a closer. */
  async function serveWith(answer: (res: import('node:http').ServerResponse) => void): Promise<{ url: string; close: () => void }> {
    const server = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/gridmilp_wasm_sat.wasm`,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }

  it('says the server answered, or what the bytes are, or that the first fetch failed when the second brings a module', async () => {
    const missing = await serveWith((res) => res.writeHead(404, 'Not Found').end());
    const module = await serveWith((res) => res.writeHead(200).end(wasmBinary()));
    const cut = await serveWith((res) => {
      res.writeHead(200, { 'content-length': '100000' });
      res.write(wasmBinary().subarray(0, 1000));
      res.destroy();
    });
    try {
      const notFound = await fetchedModuleError(missing.url, from, glueCause, 10_000);
      expect(notFound.message).toBe(
        "Unable to load the solver: the file at wasmUrl W could not be fetched: the server answered HTTP 404 Not Found. Point wasmUrl at this package's lib/generated/gridmilp_wasm_sat.wasm, or leave it out.",
      );
      expect(notFound.where).toEqual({ field: 'wasmUrl' });
      const cameBack = await fetchedModuleError(module.url, from, glueCause, 10_000);
      expect(cameBack.message).toMatch(/^Unable to load the solver: the file at wasmUrl W could not be fetched when the solver loaded \(both async and sync fetching of the wasm failed\), though it could a moment later: try again\./);
      // A body cut short by the server: a GridmilpError all the same.
      const broken = await fetchedModuleError(cut.url, from, glueCause, 10_000);
      expect(broken.code).toBe('load_failed');
      expect(broken.message).toMatch(/^Unable to load the solver: the file at wasmUrl W could not be fetched \(/);
    } finally {
      for (const server of [missing, module, cut]) server.close();
    }
  });

  it('gives up within the time it is given, with the loader\'s own error', async () => {
    const silent = await serveWith(() => undefined);
    try {
      const started = Date.now();
      const late = await fetchedModuleError(silent.url, from, glueCause, 300);
      expect(late.code).toBe('load_failed');
      expect(late.message).toBe(glueCause);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      silent.close();
    }
  });
});

describe('a module that aborts or never loads', () => {
  it('turns an abort inside a request into engine_crashed, for that call and every later one', async () => {
    // A stand-in module: answers `version`, then aborts as Emscripten does.
    const module: GridmilpModule = {
      handleRequest(json: string): string {
        const request = JSON.parse(json) as { id: number; type: string };
        if (request.type === 'version') {
          return JSON.stringify({ id: request.id, result: { gridmilp: '0.1.0', glpk: '5.0', protocol: 2 } });
        }
        throw new WebAssembly.RuntimeError('Aborted(out of memory)');
      },
    };
    const crashing = await loadSolver({ factory: () => async () => module, moduleOptions: () => ({}) }, {});
    const first = thrown(() => crashing.solve(EASY));
    expect(first.code).toBe('engine_crashed');
    expect(first.message).toContain('Aborted(out of memory)');
    expect(first.message).toContain('create a new one');
    expect(crashing.crashed).toBe(true);
    expect(thrown(() => crashing.parse(EASY)).code).toBe('engine_crashed');
  });

  it('gives up loading after loadTimeoutMs with load_failed', async () => {
    const never = loadSolver(
      { factory: () => () => new Promise<GridmilpModule>(() => undefined), moduleOptions: () => ({}) },
      { loadTimeoutMs: 50 },
    );
    const e = await rejected(never);
    expect(e.code).toBe('load_failed');
    expect(e.message).toContain('longer than 50 ms');
  });
});

describe('solve', () => {
  it('solves a string and returns the solution as text and as a grid, with stats', () => {
    const r = solver.solve(EASY);
    expect(r.status).toBe('optimal');
    expect(r.solution).toBe(EASY_SOLUTION);
    expect(r.solutionGrid).toEqual(toGrid(EASY_SOLUTION, 9));
    expect(r.givens).toBe(EASY);
    expect(r.givensGrid).toEqual(toGrid(EASY, 9));
    // The fastest route by default, said in the result.
    expect(r.model).toBe('reduced');
    expect(r.decidedBy).toBe('reduction'); // this one needs no GLPK solve at all
    expect(r.stats.totalMs).toBeGreaterThan(0);
    expect(typeof r.stats.nodes).toBe('number');
    const textbook = solver.solve(EASY, { model: 'textbook', method: 'branch-and-bound' });
    expect(textbook.stats).toMatchObject({ rows: 324, columns: 729, method: 'branch-and-bound' });
    expect(textbook.solution).toBe(EASY_SOLUTION);
  });

  it('takes branch-and-bound by default where the request needs it: objective, branching, progress', () => {
    const hard = readOnePerLine(readData('top95.txt'))[3]!;
    expect(solver.solve(hard).stats.method).toBe('sat');
    expect(solver.solve(hard, { objective: { preset: 'diagonal' } }).stats.method).toBe('branch-and-bound');
    expect(solver.solve(hard, { recordBranching: true }).stats.method).toBe('branch-and-bound');
    expect(solver.solve(hard, {}, () => undefined).stats.method).toBe('branch-and-bound');
    expect(solver.solve(hard, { method: 'sat', model: 'textbook' })).toMatchObject({ model: 'textbook', stats: { method: 'sat' } });
    expect(solver.checkUniqueness(hard).stats.method).toBe('sat');
  });

  it('reads any format the parser reads, and 2-D arrays of numbers', () => {
    const rows = EASY.match(/.{9}/g)!.map((row) => row.replace(/\./g, '0')).join('\n');
    expect(solver.solve(`${rows}\n`).solution).toBe(EASY_SOLUTION);
    const grid = toGrid(EASY, 9);
    const fromArray = solver.solve(grid, { model: 'reduced' });
    expect(fromArray.solution).toBe(EASY_SOLUTION);
    expect(fromArray.model).toBe('reduced');
    // A 6×6 with 3×2 boxes (not the default 2×3), given only as an array and box options.
    const six: Grid = [
      [1, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 2],
      [0, 0, 3, 0, 0, 0],
      [0, 0, 0, 4, 0, 0],
      [0, 5, 0, 0, 0, 0],
      [0, 0, 0, 0, 6, 0],
    ];
    const r = solver.solve(six, { boxHeight: 3, boxWidth: 2 });
    expect([r.size, r.boxHeight, r.boxWidth]).toEqual([6, 3, 2]);
    expect(solutionProblemsN(r.givens, r.solution, 6, 3, 2)).toEqual([]);
    expect(r.solutionGrid!.flat().join('')).toBe(r.solution);
    // An array alone, without options, keeps its size (a 5×5 Latin square of one given
    // was read as text of unknown size); the same with options or in a batch.
    const five = [[1, 0, 0, 0, 0], ...Array.from({ length: 4 }, () => [0, 0, 0, 0, 0])];
    expect(solver.solve(five).size).toBe(5);
    expect(solver.solve(five, {}).size).toBe(5);
    expect(solver.checkUniqueness(five).unique).toBe(false);
  });

  it('reports no solution as a status, not an error', () => {
    const r = solver.solve(INFEASIBLE);
    expect(r.status).toBe('infeasible');
    expect(r.solution).toBeUndefined();
    expect(r.solutionGrid).toBeUndefined();
  });

  it('streams branch-and-bound progress and records branching on request', () => {
    // top95 line 4, or line 4 of gridmilp's own hard95: both branch.
    const hard = readOnePerLine(readData('top95.txt'))[3]!;
    const seen: number[] = [];
    const r = solver.solve(hard, { progressIntervalMs: 0 }, (p) => {
      expect(p.phase).toBe('branch-and-bound');
      seen.push(p.nodes);
    });
    expect(solutionProblems(hard, r.solution)).toEqual([]);
    expect(r.stats.nodes).toBeGreaterThan(1);
    expect(seen.length).toBeGreaterThan(0);
    const recorded = solver.solve(hard, { recordBranching: true });
    expect(recorded.branching!.length).toBeGreaterThan(0);
    expect(recorded.branching![0]!.variable).toMatch(/^x\[\d+,\d+,\d+\]$/);
  });

  it('optimises an objective over cell values', () => {
    const r = solver.solve('.'.repeat(81), { objective: { preset: 'diagonal' } });
    expect(r.objective).toMatchObject({ sense: 'maximize', gap: 0 });
    const diagonal = r.solutionGrid!.reduce((s, row, i) => s + row[i]!, 0);
    expect(r.objective!.value).toBeCloseTo(diagonal, 6);
    // Three boxes on the diagonal, each holding three distinct diagonal cells: 3 · (9+8+7).
    expect(diagonal).toBe(72);
  });

  it('recovers from a GLPK error (solver_error) and keeps working', () => {
    const e = thrown(() => solver.solve(EASY, { model: 'textbook', method: 'branch-and-bound', debug: { forceGlpkError: true } }));
    expect(e.code).toBe('solver_error');
    expect(e.message).toMatch(/^Unable to solve the puzzle: GLPK error/);
    expect(solver.solve(EASY).solution).toBe(EASY_SOLUTION);
    expect(solver.crashed).toBe(false);
  });
});

describe('solve with a genre', () => {
  const killer = '=== own_4x4\n4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\na a b b\nc c d d\ne e f f\ng g h h\n';

  it('solves a killer: the answer obeys the cages, checked here', () => {
    const r = solver.solve(killer, { genre: 'killer' });
    expect(r.status).toBe('optimal');
    expect(r.genre).toBe('killer');
    expect(r.stats.method).toBe('sat');
    const cells = r.answer!.cells;
    for (let row = 0; row < 4; row++) {
      expect(cells[row * 4]! + cells[row * 4 + 1]!).toBe(row % 2 === 0 ? 3 : 7);
      expect(new Set(cells.slice(row * 4, row * 4 + 4)).size).toBe(4);
    }
    expect(r.answer!.text.split('\n').slice(0, 2)).toEqual(['=== own_4x4', '4 4']);
    expect(r.board!.items.filter((i) => i.kind === 'cage')).toHaveLength(8);
  });

  it('takes the model and method, and sudoku as the plain solve', () => {
    const r = solver.solve(killer, { genre: 'killer', model: 'textbook', method: 'branch-and-bound' });
    expect(r.model).toBe('textbook');
    expect(r.stats.method).toBe('branch-and-bound');
    expect(r.answer!.verified).toBe(true);
    // Naming Sudoku keeps Sudoku's result and adds the genre route's answer and board.
    const plain = solver.solve(EASY, { genre: 'sudoku' });
    expect(plain.solution).toBe(EASY_SOLUTION);
    expect(plain.genre).toBe('sudoku');
    expect(plain.answer!.cells.join('')).toBe(EASY_SOLUTION);
    expect(plain.answer!.verified).toBe(true);
    expect(plain.board!.items.filter((i) => i.kind === 'number')).toHaveLength(81);
    expect(solver.solve(EASY).board).toBeUndefined();
    const twice = solver.checkUniqueness('1' + '.'.repeat(15), { genre: 'sudoku' });
    expect(twice.unique).toBe(false);
    expect(twice.secondAnswer!.verified).toBe(true);
  });

  it('optimises an objective over the digits, in boxes of another shape', () => {
    // Sudoku X, 6×6 in boxes of 3 rows × 2 columns, its first row smallest as a number.
    const empty = `6 6\n${'- - - - - -\n'.repeat(6)}`;
    const r = solver.solve(empty, { genre: 'sudoku-x', boxHeight: 3, objective: { preset: 'firstRow' } });
    expect(r.status).toBe('optimal');
    expect(r.stats.method).toBe('branch-and-bound');
    expect(r.objective).toMatchObject({ sense: 'minimize', value: 123456, gap: 0 });
    expect(r.answer!.cells.slice(0, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.answer!.verified).toBe(true);
    for (let box = 0; box < 6; box++) {
      const digits = new Set([0, 1, 2, 3, 4, 5].map((k) => r.answer!.cells[(Math.floor(box / 3) * 3 + (k >> 1)) * 6 + (box % 3) * 2 + (k & 1)]));
      expect(digits.size, `box ${box}`).toBe(6);
    }
    expect(thrown(() => solver.solve(empty, { genre: 'sudoku-x', boxHeight: 4 })).message).toContain('do not tile');
  });

  it("takes puzz.link's ids as genres (issue #23: lightup, starbattle, kurodoko, slither)", () => {
    const url = 'https://puzz.link/p?akari/7/7/h.g...g6..nchbbbgag6.m';
    const r = solver.solve(url, { genre: 'lightup' });
    expect(r.genre).toBe('akari');
    expect(r.answer!.verified).toBe(true);
    const many = solver.solveMany(url, { genre: 'lightup' });
    expect(many.solved).toBe(1);
  });

  it('solves a text of puzz.link URLs without a genre in solveMany, as solve does', () => {
    const urls = 'https://puzz.link/p?hitori/4/4/1114142333214213\nhttp://pzv.jp/p.html?hitori/3/3/112123231\n';
    const many = solver.solveMany(urls);
    expect(many).toMatchObject({ genre: 'hitori', solved: 2, failed: 0 });
  });

  it('solves a text of URLs of several genres as each its own, leaving out lines it cannot read', () => {
    const urls = [
      'https://puzz.link/p?sudoku/4/4/g1k23k3g',
      'https://puzz.link/p?hitori/4/4/1114142333214213',
      'https://puzz.link/p?nurikabe/5/5/g-ffk2o1k3g', // 255 at row 1, column 2
      'https://puzz.link/p?akari/6/6/nekcakbl',
    ].join('\n');
    // A text built at run time is a plain string: isPuzzLinkUrl gives it the URL types.
    if (!isPuzzLinkUrl(urls)) throw new Error('not read as URLs');
    const many = genreBatch(solver.solveMany(urls));
    // (Nurikabe's one URL was refused; its genre is still listed.)
    expect(many).toMatchObject({ genre: 'hitori', genres: ['sudoku', 'hitori', 'nurikabe', 'akari'], solved: 3, failed: 0 });
    expect(many.items.map((item) => [item.name, item.genre, item.answer?.verified])).toEqual([
      ['url-1', 'sudoku', true],
      ['url-2', 'hitori', true],
      ['url-4', 'akari', true],
    ]);
    expect(many.items[0]!.answer!.text.startsWith('=== url-1 source=https://puzz.link/p?sudoku/4/4/g1k23k3g\n4 4\n2 1 4 3\n')).toBe(true);
    expect(many.refused).toHaveLength(1);
    expect(many.refused[0]).toMatchObject({ name: 'url-3', line: 3, lines: 1 });
    expect(many.refused[0]!.error.message).toBe('line 3: row 1, column 2: a clue (an island\'s size) 255 is out of range (1 to 25)');
    // A genre named: the other genres' URLs are left out, each with its line.
    const hitori = solver.solveMany(urls, { genre: 'hitori' });
    expect(hitori.items.map((item) => item.name)).toEqual(['url-2']);
    expect(hitori.refused.map((r) => r.error.message)).toContain("line 1: this URL is a puzzle of genre 'sudoku', not 'hitori'");
    // 'index' counts every URL's puzzle, as parse lists them, each solved as its own genre.
    const picked = [1, 2, 3].map((index) => solver.solve(urls, { index } as never) as unknown as GenreSolveResult);
    expect(picked.map((r) => [r.genre, r.name, r.answer?.verified])).toEqual([
      ['sudoku', 'url-1', true],
      ['hitori', 'url-2', true],
      ['akari', 'url-4', true],
    ]);
    expect(thrown(() => solver.solve(urls, { index: 4 } as never)).message).toContain("Field 'index' is 4, but the text holds 3 puzzles that read");
    // A genre whose every URL was refused is still among the genres, and its line says it.
    const allRefused = genreBatch(solver.solveMany(`${urls}\nhttps://puzz.link/p?kurodoko/3/3/!` as const));
    expect(allRefused.genres).toEqual(['sudoku', 'hitori', 'nurikabe', 'akari', 'kuromasu']);
    expect(allRefused.refused.map((r) => [r.name, r.genre])).toEqual([
      ['url-3', 'nurikabe'],
      ['url-5', 'kuromasu'],
    ]);
    expect((solver.checkUniqueness(urls, { index: 3 } as never) as unknown as { unique: boolean }).unique).toBe(true);
    // Sudoku URLs alone (the Sudoku route): 'index' picks one too.
    // The second has no solution, the first one: each is read, not the first twice.
    const sudokus = 'https://puzz.link/p?sudoku/4/4/g1k23k3g\nhttps://puzz.link/p?sudoku/4/4/1k23k3g1\n';
    expect((solver.solve(sudokus, { index: 1 }) as SolveOutput).solution).toBe((solver.solve('https://puzz.link/p?sudoku/4/4/g1k23k3g') as SolveOutput).solution);
    const second = solver.solve(sudokus, { index: 2 }) as SolveOutput;
    expect([second.status, second.givens]).toEqual(['infeasible', (solver.parse('https://puzz.link/p?sudoku/4/4/1k23k3g1').puzzles[0]!.givens)]);
    // Without 'index', a text of several is refused as the engine refuses it: it quietly
    // answered the first URL of the genre taken for the route (a developer's session).
    for (const call of [() => solver.solve(urls), () => solver.checkUniqueness(urls), () => solver.relax(urls)]) {
      const e = thrown(call);
      expect(e.code).toBe('wrong_length');
      expect(e.message).toContain('The text holds 3 puzzles; a request solves one');
    }
  });

  it('solves a text of Sudoku URLs of two sizes, leaving out a line it cannot read', () => {
    const urls = [
      'https://puzz.link/p?sudoku/4/4/g1k23k3g',
      'https://puzz.link/p?sudoku/4/4/g5!h3g4n', // '!' is no Number16 code
      'https://puzz.link/p?sudoku/9/9/i27i4h8h4j7i9g5g7h8l2h6g3l5g6g9j254j43i6h39k2', // gridmilp's own
    ].join('\n');
    const many = solver.solveMany(urls);
    expect(many).toMatchObject({ format: 'urls', solved: 2, failed: 0 });
    expect(many.items.map((item) => [item.name, item.line, item.solution?.length])).toEqual([
      ['url-1', 1, 16],
      ['url-3', 3, 81],
    ]);
    expect(many.refused).toHaveLength(1);
    expect(many.refused![0]).toMatchObject({ name: 'url-2', line: 2, lines: 1, genre: 'sudoku' });
    expect(many.refused![0]!.error.message).toBe("line 2: URL body, character 3 ('!'): not a number code of puzz.link (Number16)");
    // A solve of the text (one puzzle) is refused at its first bad line.
    expect(thrown(() => solver.solve(urls)).message).toContain("line 2: URL body, character 3 ('!')");
  });

  it('a text of URLs read at run time: isPuzzLinkUrl says what the engine reads as URLs, and each route returns its own fields', () => {
    // As read from a file: a comment, a blank line, then URLs (types: solve-many-types.ts).
    const mixed: string = ['# two genres', '', 'https://puzz.link/p?sudoku/4/4/g1k23k3g', 'https://puzz.link/p?akari/6/6/nekcakbl'].join('\n');
    const sudokus: string = 'https://puzz.link/p?sudoku/4/4/g1k23k3g\n';
    expect([isPuzzLinkUrl(mixed), isPuzzLinkUrl(sudokus), isPuzzLinkUrl('HTTPS://PUZZ.LINK/p?hitori/3/3/112123231')]).toEqual([true, true, true]);
    expect([isPuzzLinkUrl(EASY), isPuzzLinkUrl('https://puzz.link/list'), isPuzzLinkUrl('=== a\nhttps://x?y'), isPuzzLinkUrl(4 as never)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
    if (!isPuzzLinkUrl(mixed) || !isPuzzLinkUrl(sudokus)) throw new Error('not read as URLs');
    // Some URL of another genre than Sudoku: a genre batch, its items with `answer` (a
    // Sudoku's too) and no `solution`, and no `format`.
    const many = solver.solveMany(mixed);
    expect(Object.keys(many).sort()).toEqual(['elapsedMs', 'failed', 'genre', 'genres', 'items', 'refused', 'solved', 'unsolved']);
    const batch = genreBatch(many);
    expect([batch.genre, batch.genres]).toEqual(['akari', ['sudoku', 'akari']]);
    // (A Sudoku's stats are Sudoku's, without the re-solve loop's rounds.)
    expect(batch.items.map((item) => [item.name, item.genre, item.answer?.verified, 'solution' in item, item.stats?.rounds])).toEqual([
      ['url-1', 'sudoku', true, false, undefined],
      ['url-2', 'akari', true, false, 1],
    ]);
    // (On threads, the same: the installed package's script, package.test.ts.)
    // Sudoku URLs alone: a Sudoku batch, `format: 'urls'`, items with `solution`.
    const alone = solver.solveMany(sudokus);
    expect('genre' in alone).toBe(false);
    if ('genre' in alone) throw new Error('a genre batch');
    expect(alone.format).toBe('urls');
    expect(alone.items.map((item) => item.solution)).toEqual(['2143431234211234']);
  });

  it('refuses an unknown genre or option, and says where a cage is wrong', () => {
    expect(thrown(() => solver.solve(killer, { genre: 'masyu' } as never)).message).toContain(
      "Unknown genre 'masyu': one of sudoku, killer, jigsaw, sudoku-x, hyper, latin-square",
    );
    expect(thrown(() => solver.solve(killer, { genre: 'masyu' } as never)).message).toContain(", or puzz.link's names starbattle (star-battle), lightup (akari)");
    expect(thrown(() => solver.solve(killer, { genre: 'killer', colour: 1 } as never)).message).toContain(
      "Unknown option 'colour' for solve with genre 'killer'",
    );
    expect(thrown(() => solver.solve(killer, { genre: 'killer', objective: 1 } as never)).message).toContain(
      "Option 'objective' must be",
    );
    // An objective is for solve only; a genre without digits is refused by the engine.
    expect(thrown(() => solver.checkUniqueness(killer, { genre: 'killer', objective: { preset: 'diagonal' } } as never)).message).toContain(
      "Unknown option 'objective' for checkUniqueness with genre 'killer'",
    );
    expect(thrown(() => solver.solve('=== h\n2 2\n1 2\n2 1\n', { genre: 'hitori', objective: { preset: 'diagonal' } })).where).toEqual({ field: 'objective' });
    const e = thrown(() => solver.solve(killer.replace('a a b b', 'a a a b'), { genre: 'killer' }));
    expect(e.code).toBe('parse_error');
    expect(e.message).toContain("cage 'a' has two sums");
  });
});

describe('checkUniqueness and enumerate with a genre', () => {
  const LATIN3 = '=== t\n3 3\n1 - -\n- - -\n- - -\n';
  /** Rows and columns of an n×n answer hold 1..n once each (checked here). */
  const latin = (cells: number[], n: number): boolean =>
    Array.from({ length: n }, (_, i) => [cells.slice(i * n, i * n + n), cells.filter((_, k) => k % n === i)]).every((lines) =>
      lines.every((line) => [...line].sort().join() === Array.from({ length: n }, (_, k) => k + 1).join()),
    );

  it('checkUniqueness: a URL names its genre; a second answer comes with the cells that differ', () => {
    const unique = solver.checkUniqueness('https://puzz.link/p?nurikabe/6/6/4j4h3p1p2j4');
    expect(unique.unique).toBe(true);
    expect((unique as unknown as { genre: string }).genre).toBe('nurikabe');
    const r = solver.checkUniqueness(LATIN3, { genre: 'latin-square' });
    expect(r.unique).toBe(false);
    const [a, b] = [r.answer!.cells, r.secondAnswer!.cells];
    expect(latin(a, 3) && latin(b, 3)).toBe(true);
    expect(r.differences!.length).toBeGreaterThan(0);
    for (const d of r.differences!) {
      expect(a[(d.row - 1) * 3 + d.column - 1]).toBe(d.first);
      expect(b[(d.row - 1) * 3 + d.column - 1]).toBe(d.second);
    }
    expect(a.filter((v, k) => v !== b[k])).toHaveLength(r.differences!.length);
    // The second solve's statistics, as the first's (protocol.md: secondStats).
    expect(r.secondStatus).toBe('optimal');
    expect(Object.keys(r.secondStats!)).toEqual(expect.arrayContaining(Object.keys(r.stats)));
    expect(r.secondStats).toMatchObject({ rounds: expect.any(Number), cuts: expect.any(Number), solveMs: expect.any(Number) });
  });

  it('enumerate finds all 4 Latin squares of order 3 with a 1 in the corner, with progress after each', () => {
    const found: unknown[] = [];
    const r = solver.enumerate(LATIN3, { genre: 'latin-square', limit: 10 }, (p) => found.push(p.found));
    expect([r.count, r.complete]).toEqual([4, true]);
    expect(found).toEqual([1, 2, 3, 4]);
    expect(new Set(r.answers.map((x) => x.cells.join())).size).toBe(4);
    for (const x of r.answers) {
      expect(latin(x.cells, 3)).toBe(true);
      expect(x.cells[0]).toBe(1);
      expect(x.verified).toBe(true);
    }
    const some = solver.enumerate(LATIN3, { genre: 'latin-square', limit: 2 });
    expect([some.count, some.complete]).toEqual([2, false]);
    expect(thrown(() => solver.enumerate(LATIN3, { genre: 'latin-square', limit: 0 })).where).toEqual({ field: 'limit' });
    expect(thrown(() => solver.checkUniqueness(LATIN3, { genre: 'latin-square', limit: 2 } as never)).message).toContain(
      "Unknown option 'limit' for checkUniqueness with genre 'latin-square'",
    );
  });
});

describe('solveMany with a genre', () => {
  const own = (file: string): string => readFileSync(`${repoRoot}tests/data/puzzles/${file}`, 'utf8');
  /** The `=== id` records of a solutions file, by id (the text of each as the engine writes it). */
  const solutionsOf = (text: string): Map<string, string> =>
    new Map(
      text
        .split(/^(?==== )/m)
        .filter((r) => r.startsWith('=== '))
        .map((r) => [r.slice(4, r.indexOf('\n')).trim(), r.trim()]),
    );

  it('solves every record of a text alone, in input order, each answer the published one', () => {
    const text = own('akari.puzzles.txt');
    const expected = solutionsOf(own('akari.solutions.txt'));
    const progress: number[] = [];
    const r = solver.solveMany(text, { genre: 'akari' }, (p) => {
      expect(p.total).toBe(12);
      progress.push(p.item.index);
    });
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(r.genre).toBe('akari');
    expect([r.solved, r.unsolved, r.failed, r.refused.length]).toEqual([12, 0, 0, 0]);
    const lines = text.split('\n');
    for (const item of r.items) {
      expect(lines[item.line - 1]).toBe(`=== ${item.name}`);
      expect(item.answer!.verified, item.name).toBe(true);
      expect(item.answer!.text.trim(), item.name).toBe(expected.get(item.name));
      expect(item.ms).toBe(item.stats!.totalMs);
      expect(item.stats!.method).toBe('sat');
      expect([item.conflicts, item.nodes]).toEqual([item.stats!.sat!.conflicts, undefined]);
    }
  });

  it('leaves out a record that does not read, records a failing puzzle, and takes an array of texts', () => {
    const records = own('nurikabe.puzzles.txt').split(/^(?==== )/m);
    // The second record cut short (its last grid line gone): left out and named.
    const short = records[1]!.trimEnd().split('\n').slice(0, -1).join('\n') + '\n';
    const r = solver.solveMany([records[0], short, ...records.slice(2, 4)].join(''), { genre: 'nurikabe', method: 'branch-and-bound' });
    expect(r.items.map((i) => i.name)).toEqual([records[0], records[2], records[3]].map((t) => t!.slice(4, t!.indexOf('\n'))));
    expect(r.refused).toHaveLength(1);
    expect(r.refused[0]!.name).toBe(records[1]!.slice(4, records[1]!.indexOf('\n')));
    expect(r.refused[0]!.error.message).toMatch(/expected \d+ lines/);
    expect(r.solved).toBe(3);
    for (const item of r.items) {
      expect(item.stats!.method).toBe('branch-and-bound');
      expect([item.nodes, item.conflicts]).toEqual([item.stats!.nodes, undefined]);
    }
    // An array: each text is one puzzle; a Latin square with two 1s in a row fails alone.
    const many = solver.solveMany(['3 3\n1 - -\n- - -\n- - -', '3 3\n1 1 -\n- - -\n- - -', '3 3\n- 2 -\n- - -\n- - -'], { genre: 'latin-square' });
    expect(many.items.map((i) => i.status ?? i.error?.code)).toEqual(['optimal', 'conflicting_givens', 'optimal']);
    expect([many.solved, many.unsolved, many.failed]).toEqual([2, 0, 1]);
    // A puzzle the time limit stopped without an answer counts once, as unsolved
    // (types.ts): an empty 25×25 by branch-and-bound takes far more than 1 ms.
    const empty = Array.from({ length: 25 }, () => Array(25).fill('-').join(' ')).join('\n');
    const limited = solver.solveMany(`=== small\n2 2\n1 -\n- -\n=== big\n25 25\n${empty}\n`, { genre: 'latin-square', method: 'branch-and-bound', timeLimitMs: 1 });
    expect(limited.items.map((i) => [i.status, i.answer === undefined])).toEqual([
      ['optimal', false],
      ['time_limit', true],
    ]);
    expect([limited.solved, limited.unsolved, limited.failed]).toEqual([1, 1, 0]);
    expect(many.items[1]!.name).toBe('Puzzle 2');
    // A record in an array is named by its header, as in a text.
    const named = solver.solveMany(['=== a1\n3 3\n1 - -\n- - -\n- - -\n', '3 3\n- 2 -\n- - -\n- - -'], { genre: 'latin-square' });
    expect(named.items.map((i) => [i.name, i.line])).toEqual([
      ['a1', 0],
      ['Puzzle 2', 0],
    ]);
  });

  it("the README's example links each name their genre and solve to a verified answer", () => {
    const readme = readFileSync(`${repoRoot}README.md`, 'utf8');
    const links = [...readme.matchAll(/^- [a-z]+: `(https:\/\/puzz\.link\/p\?[^`]+)`$/gm)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(9);
    for (const link of links) {
      const r = solver.solve(link) as unknown as { genre: string; answer?: { verified: boolean } };
      expect(r.answer?.verified, link).toBe(true);
      const u = solver.solveMany([link], { genre: r.genre as 'akari' });
      expect(u.solved, link).toBe(1);
    }
  });

  it('sends one puzzle per message until the pace is known, then about 20 ms of work', () => {
    expect(genreChunk(500, 2, undefined)).toBe(1);
    expect(genreChunk(500, 2, 4)).toBe(5); // Kakuro's pace
    expect(genreChunk(500, 2, 0.5)).toBe(32); // at most the Sudoku pool's chunk
    expect(genreChunk(100, 2, 0.5)).toBe(7); // and small enough for 8 chunks a thread
    expect(genreChunk(500, 2, 30)).toBe(1); // slow puzzles go one by one
    expect(genreChunk(500, 2, 0)).toBe(32);
  });

  it('refuses what a batch does not take, before the first solve', () => {
    const text = own('akari.puzzles.txt');
    for (const key of ['index', 'progressIntervalMs', 'recordBranching'] as const) {
      const e = thrown(() => solver.solveMany(text, { genre: 'akari', [key]: key === 'recordBranching' ? true : 1 } as never));
      expect(e.code).toBe('invalid_option');
      expect(e.where).toEqual({ field: key });
      expect(e.message).toContain('is not for a batch');
    }
    expect(thrown(() => solver.solveMany(text, { genre: 'akari', timeLimitMs: -1 })).where).toEqual({ field: 'timeLimitMs' });
    expect(thrown(() => solver.solveMany([[[1]]] as never, { genre: 'akari' })).code).toBe('invalid_argument');
    // A grid as an array is Sudoku's: a genre's one call says it takes a text.
    const grid = [[1, 2, 3], [2, 3, 1], [3, 1, 2]];
    for (const call of [
      () => solver.solve(grid as never, { genre: 'hitori' }),
      () => solver.checkUniqueness(grid as never, { genre: 'hitori' }),
      () => solver.enumerate(grid as never, { genre: 'hitori' }),
    ]) {
      const wrong = thrown(call);
      expect([wrong.code, wrong.message]).toEqual(['invalid_argument', "A hitori puzzle is a text (a janko.at record, puzz.link URLs or Saito's layout), not an array of 3."]);
    }
    // A text whose only record does not read is refused with that record's error.
    const e = thrown(() => solver.solveMany('=== a\n2 2\n- -\n', { genre: 'akari' }));
    expect(e.code).toBe('wrong_length');
    expect(e.message).toContain('Unable to read the puzzles');
  });
});

describe('errors say what and where', () => {
  it('parse errors carry line, column and character', () => {
    const e = thrown(() => solver.solve(`${EASY.slice(0, 9)}\n${EASY.slice(9, 20)}?${EASY.slice(21)}`));
    expect(e.code).toBe('parse_error');
    expect(e.where).toMatchObject({ line: 2, column: 12, character: '?' });
    expect(e.message).toContain("Line 2, column 12: unexpected '?'");
  });

  it('conflicting givens, wrong lengths and empty input have their engine codes', () => {
    const conflict = thrown(() => solver.solve('11..............'));
    expect(conflict.code).toBe('conflicting_givens');
    expect(conflict.where?.cells).toEqual([
      { row: 1, column: 1 },
      { row: 1, column: 2 },
    ]);
    expect(thrown(() => solver.solve('123')).code).toBe('wrong_length');
    expect(thrown(() => solver.solve('')).code).toBe('empty_input');
    const sixteenEmpty = Array.from({ length: 16 }, () => '.'.repeat(16)).join('\n');
    expect(thrown(() => solver.parse(sixteenEmpty)).code).toBe('ambiguous_size');
    expect(solver.parse(sixteenEmpty, { size: 16 }).puzzles).toHaveLength(1);
  });

  it('bad arrays are refused before WebAssembly, naming the cell or row', () => {
    const cell = thrown(() => solver.solve([[1, 2], [2, 3]]));
    expect(cell.code).toBe('invalid_argument');
    expect(cell.where).toEqual({ field: 'puzzle', cells: [{ row: 2, column: 2 }] });
    expect(cell.message).toBe(
      'Row 2, column 2 of the puzzle array holds the number 3; a 2×2 puzzle takes whole numbers 0 (empty) to 2.',
    );
    expect(thrown(() => solver.solve([[0, 0.5], [0, 0]])).code).toBe('invalid_argument');
    expect(thrown(() => solver.solve([[0, '1' as never], [0, 0]])).message).toContain('the string "1"');
    const row = thrown(() => solver.solve([[0, 0], [0, 0, 0]]));
    expect(row.code).toBe('wrong_length');
    expect(row.message).toBe('Row 2 of the puzzle array has 3 numbers; a 2×2 puzzle needs 2 in every row.');
    expect(row.where).toEqual({ field: 'puzzle' });
    expect(thrown(() => solver.solve([])).code).toBe('invalid_argument');
    expect(thrown(() => solver.solve(42 as never)).code).toBe('invalid_argument');
    expect(thrown(() => solver.solve(toGrid(EASY, 9), { size: 4 })).code).toBe('invalid_option');
    expect(thrown(() => solver.solve(toGrid(EASY, 9), { symbols: 'hex' })).code).toBe('invalid_option');
  });

  it('options are checked by name, type and range, with a hint for a misspelt name', () => {
    const name = thrown(() => solver.solve(EASY, { timelimit: 5 } as never));
    expect(name.code).toBe('invalid_option');
    expect(name.where).toEqual({ field: 'timelimit' });
    expect(name.message).toContain("Unknown option 'timelimit' for solve (did you mean 'timeLimitMs'?)");
    const notHere = thrown(() => solver.relax(EASY, { presolve: false } as never));
    expect(notHere.message).toContain("Unknown option 'presolve' for relax");
    expect(thrown(() => solver.checkUniqueness(EASY, { recordBranching: true } as never)).where).toEqual({
      field: 'recordBranching',
    });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ timeLimitMs: -1 }, 'timeLimitMs'],
      [{ timeLimitMs: 1.5 }, 'timeLimitMs'],
      [{ timeLimitMs: '100' }, 'timeLimitMs'],
      [{ presolve: 'yes' }, 'presolve'],
      [{ model: 'fast' }, 'model'],
      [{ branching: 'random' }, 'branching'],
      [{ size: 36 }, 'size'],
      [{ symbols: 'roman' }, 'symbols'],
      [{ boxHeight: 3 }, 'boxHeight'],
      [{ size: 9, boxHeight: 4 }, 'boxHeight'],
      [{ size: 6, boxHeight: 2, boxWidth: 2 }, 'boxHeight'],
      [{ progressIntervalMs: Number.NaN }, 'progressIntervalMs'],
      [{ objective: { preset: 'corners' } }, 'objective.preset'],
      [{ objective: { sense: 'maximize', weights: [1, Number.POSITIVE_INFINITY] } }, 'objective.weights'],
      [{ objective: { sense: 'up', weights: [1] } }, 'objective.sense'],
      [{ debug: { crash: true } }, 'debug.crash'],
    ];
    for (const [options, field] of cases) {
      const e = thrown(() => solver.solve(EASY, options as never));
      expect(e.code, JSON.stringify(options)).toBe('invalid_option');
      expect(e.where?.field, JSON.stringify(options)).toBe(field);
    }
    expect(thrown(() => solver.solve(EASY, 'fast' as never)).code).toBe('invalid_option');
    expect(thrown(() => solver.enumerate(EASY, { limit: 0 })).where?.field).toBe('limit');
    expect(thrown(() => solver.enumerate(EASY, { limit: 100_001 })).where?.field).toBe('limit');
    expect(thrown(() => solver.generate({ seed: -1 })).where?.field).toBe('seed');
    expect(thrown(() => solver.generate({ seed: 2 ** 32 })).where?.field).toBe('seed');
    expect(thrown(() => solver.generate({ size: 4, givens: 17 })).where?.field).toBe('givens');
    expect(thrown(() => solver.generate({ symmetry: 'diagonal' as never })).where?.field).toBe('symmetry');
    expect(thrown(() => solver.exportModel(EASY, { format: 'xlsx' as never })).where?.field).toBe('format');
    expect(thrown(() => solver.solve(EASY, {}, 'callback' as never)).code).toBe('invalid_argument');
  });
});

describe('solveMany', () => {
  it('parses a text and solves every puzzle with progress after each', () => {
    // 20 of Royle's 17-clue puzzles, or of gridmilp's own minimal ones.
    const text = readData('sudoku17_last1000.txt').split('\n').slice(0, 20).join('\n');
    const progress: number[] = [];
    const r = solver.solveMany(text, { model: 'reduced' }, (p) => {
      expect(p.total).toBe(20);
      expect(p.item.index).toBe(p.done - 1);
      progress.push(p.done);
    });
    expect(progress).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(r.format).toBe('one-per-line');
    expect([r.solved, r.unsolved, r.failed]).toEqual([20, 0, 0]);
    for (const item of r.items) {
      expect(item.line).toBe(item.index + 1);
      expect(solutionProblems(item.givens, item.solution), item.name).toEqual([]);
      expect(item.solutionGrid!.flat().join('')).toBe(item.solution);
      expect(item.stats!.totalMs).toBe(item.ms);
      // The effort the route had: MiniSat's conflicts on CNF-SAT (not 0 nodes), or none
      // when the reduction decided the puzzle before GLPK ran.
      expect(item.nodes, item.name).toBeUndefined();
      if (item.decidedBy === 'reduction') expect(item.conflicts).toBeUndefined();
      else expect([item.stats!.method, item.conflicts]).toEqual(['sat', item.stats!.sat!.conflicts]);
    }
    const bb = solver.solveMany([EASY], { model: 'textbook', method: 'branch-and-bound' }).items[0]!;
    expect([bb.nodes, bb.conflicts, bb.decidedBy]).toEqual([bb.stats!.nodes, undefined, undefined]);
  });

  it('gives the same items with explain, whose requests keep the reduction the others leave out', () => {
    // A batch's requests say reduction: false, which the engine refuses with explain
    // (protocol.md, "solve"): explain's requests must be sent whole, text and array.
    const same = (r: SolveManyResult): unknown[] => r.items.map(({ ms: _ms, stats: _stats, ...rest }) => rest);
    for (const puzzles of [`${EASY}\n${INFEASIBLE}\n`, [EASY, INFEASIBLE]]) {
      const plain = solver.solveMany(puzzles);
      const explained = solver.solveMany(puzzles, { explain: true });
      expect([explained.solved, explained.unsolved, explained.failed]).toEqual([1, 1, 0]);
      expect(same(explained)).toEqual(same(plain));
    }
  });

  it('solves records of two sizes each at its own (sw_Sudoku.puzzles.txt mixes 9×9 and 16×16)', () => {
    const record = (name: string, line: string, n: number, boxes = ''): string => {
      const rows = Array.from({ length: n }, (_, r) => [...line.slice(r * n, r * n + n)].map((c) => (c === '.' ? '-' : c)).join(' '));
      return `=== ${name}\n${n} ${n}${boxes}\n${rows.join('\n')}\n`;
    };
    // gridmilp's own 6×6 in boxes of 3 rows × 2 columns (generate --size 6 --box 3x2 --seed 4).
    const six = '......3.25..6...3.5...4....1.5...3..';
    const text = record('nine', EASY, 9) + record('six', six, 6, ' 3x2') + record('again', EASY, 9);
    const r = solver.solveMany(text);
    expect(r.format).toBe('records');
    expect([r.solved, r.failed]).toEqual([3, 0]);
    expect(r.items.map((i) => [i.name, i.size, i.boxHeight])).toEqual([['nine', undefined, undefined], ['six', 6, 3], ['again', undefined, undefined]]);
    expect(solutionProblemsN(six, r.items[1]!.solution, 6, 3, 2)).toEqual([]);
    expect(r.items[1]!.solutionGrid).toHaveLength(6);
    expect(solutionProblems(EASY, r.items[2]!.solution)).toEqual([]);
    // One of them by its place, at its own size: 'index' was refused on the Sudoku route,
    // so a file's second puzzle was out of reach of solve (a developer's session).
    expect(solver.solve(text, { index: 2 }).solution).toBe(r.items[1]!.solution);
    expect(solver.solve(text, { index: 2 }).size).toBe(6);
    expect(solver.checkUniqueness(text, { index: 3 }).unique).toBe(true);
    expect(solver.relax(text, { index: 1 }).size).toBe(9);
    expect(solver.enumerate(text, { index: 2, limit: 2 }).count).toBe(1);
    expect(thrown(() => solver.solve(text, { index: 4 }))).toMatchObject({ code: 'invalid_option', where: { field: 'index' } });
    expect(thrown(() => solver.solve(text, { index: 4 })).message).toBe("Option 'index' is 4, but the text holds 3 puzzles that read.");
    expect(thrown(() => solver.solve(text, { index: 1.5 })).message).toBe("Option 'index' must be a whole number ≥ 1 (the puzzle's place in the text), not the number 1.5.");
    expect(thrown(() => solver.solve(text)).code).toBe('wrong_length');
  });

  it('solves an array of strings and grids, recording a failing puzzle and going on', () => {
    const r = solver.solveMany([EASY, toGrid(EASY, 9), '11..............', INFEASIBLE, TWELVE]);
    expect(r.format).toBe('array');
    expect(r.items.map((i) => i.status ?? i.error?.code)).toEqual([
      'optimal',
      'optimal',
      'conflicting_givens',
      'infeasible',
      'optimal',
    ]);
    expect([r.solved, r.unsolved, r.failed]).toEqual([3, 1, 1]);
    expect(r.items[1]!.givens).toBe(EASY);
    expect(r.items[2]!.givens).toBe('');
    expect(r.items[0]!.name).toBe('Puzzle 1');
  });

  it('checks every puzzle before the first solve, and throws on a text that does not parse', () => {
    let calls = 0;
    const e = thrown(() => solver.solveMany([EASY, EASY, { cells: [] } as never], {}, () => calls++));
    expect(e.code).toBe('invalid_argument');
    expect(e.where?.puzzle).toBe(3);
    expect(e.message).toContain('(puzzle 3)');
    expect(calls).toBe(0);
    // A puzzle of a text that does not read is left out and named; the others are solved.
    const left = solver.solveMany(`${EASY}\n${EASY.replace('3', 'Q')}\n${EASY}\n`);
    expect(left.items.map((item) => [item.line, item.status])).toEqual([
      [1, 'optimal'],
      [3, 'optimal'],
    ]);
    expect(left.refused).toHaveLength(1);
    expect(left.refused![0]).toMatchObject({ name: 'line 2', line: 2, lines: 1 });
    expect(left.refused![0]!.error).toMatchObject({ code: 'parse_error', where: { line: 2, column: 3, character: 'Q' } });
    // A text with nothing left to read is refused at its first fault.
    const parse = thrown(() => solver.solveMany(`${EASY.replace('3', 'Q')}\n${EASY.replace('3', 'R')}\n`));
    expect(parse.code).toBe('parse_error');
    expect(parse.where).toMatchObject({ line: 1, column: 3, character: 'Q' });
    expect(thrown(() => solver.solveMany(7 as never)).code).toBe('invalid_argument');
    // `workers` is checked before anything starts (the threads themselves run from the
    // built package: tests/package/package.test.ts).
    for (const workers of [0, 1.5, 65, '2']) {
      const bad = thrown(() => solver.solveMany([EASY], { workers } as never));
      expect(bad.code).toBe('invalid_option');
      expect(bad.where).toEqual({ field: 'workers' });
      expect(bad.message).toContain("Option 'workers' must be a whole number from 1 to 64");
    }
  });

  it('refuses workers where there are no threads (a solver like the browser entry\'s)', async () => {
    const threadless = await loadSolver(
      { factory: () => importFactory('gridmilp_wasm_sat'), moduleOptions: () => ({ wasmBinary: wasmBinary('gridmilp_wasm_sat') }) },
      {},
    );
    const e = thrown(() => threadless.solveMany([EASY], { workers: 2 }));
    expect(e.code).toBe('invalid_option');
    expect(e.message).toContain('only the Node entry has');
    threadless.dispose();
  });
});

describe('the other operations', () => {
  it('parse splits a Project Euler 96 text into named puzzles with grids', () => {
    const text = readData('p096_sudoku.txt');
    const r = solver.parse(text);
    expect(r.format).toBe('euler96');
    expect(r.puzzles).toHaveLength(50);
    expect(r.puzzles[0]).toMatchObject({ name: 'Grid 01', line: 1 });
    expect(r.puzzles[1]!.line).toBe(11);
    // Every grid as read here without the engine.
    const reference = readEuler96(text);
    expect(r.puzzles.map((p) => p.name)).toEqual(reference.map(([name]) => name));
    r.puzzles.forEach((p, k) => expect(p.givensGrid, p.name).toEqual(toGrid(reference[k]![1], 9)));
  });

  it.skipIf(!hasSharedData('p096_sudoku.txt'))('parse reads Project Euler 96 Grid 01 as published', () => {
    const r = solver.parse(readData('p096_sudoku.txt'));
    expect(r.puzzles[0]!.givensGrid[0]).toEqual([0, 0, 3, 0, 2, 0, 6, 0, 0]);
    expect(r.puzzles[0]!.givens).toBe(EASY);
  });

  it('checkUniqueness finds a second solution and where it differs', () => {
    const unique = solver.checkUniqueness(EASY);
    expect(unique.unique).toBe(true);
    expect(unique.solutionGrid).toEqual(toGrid(EASY_SOLUTION, 9));
    const r = solver.checkUniqueness(TWELVE);
    expect(r.unique).toBe(false);
    expect(solutionProblemsN(TWELVE, r.solution, 4, 2, 2)).toEqual([]);
    expect(solutionProblemsN(TWELVE, r.secondSolution, 4, 2, 2)).toEqual([]);
    expect(r.differences!.length).toBeGreaterThan(0);
    for (const d of r.differences!) {
      expect(r.solutionGrid![d.row - 1]![d.column - 1]).toBe(Number(d.first));
      expect(r.secondSolutionGrid![d.row - 1]![d.column - 1]).toBe(Number(d.second));
    }
  });

  it('enumerate finds all 12 solutions of a 4×4, with progress after each', () => {
    const found: number[] = [];
    const r = solver.enumerate(TWELVE, { limit: 100 }, (p) => found.push(p.found));
    expect([r.count, r.complete]).toEqual([12, true]);
    expect(found).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(r.solutions).size).toBe(12);
    for (const s of r.solutions) expect(solutionProblemsN(TWELVE, s, 4, 2, 2)).toEqual([]);
    expect(r.solutionGrids.map((g) => g.flat().join(''))).toEqual(r.solutions);
    const some = solver.enumerate(TWELVE, { limit: 5 });
    expect([some.count, some.complete]).toEqual([5, false]);
  });

  it('checkUniqueness and enumerate say which model and method ran, as solve does', () => {
    const unique = solver.checkUniqueness(TWELVE);
    const uniqueModel: string | undefined = unique.model;
    expect([uniqueModel, unique.stats.method]).toEqual(['reduced', 'sat']);
    const r = solver.enumerate(TWELVE, { limit: 2 });
    expect([r.model, r.stats.method]).toEqual(['reduced', 'sat']);
    const chosen = solver.enumerate(TWELVE, { limit: 2, model: 'textbook', method: 'branch-and-bound' });
    expect([chosen.model, chosen.stats.method]).toEqual(['textbook', 'branch-and-bound']);
    expect(chosen.stats.solves).toBe(2);
  });

  it('explainInfeasible lists every given whose removal makes a puzzle solvable, and the largest fill', () => {
    const r = solver.explainInfeasible(INFEASIBLE, { limit: 100 });
    expect([r.status, r.solvable, r.method]).toEqual(['infeasible', false, 'sat']);
    expect(r.removals.status).toBe('optimal');
    expect(r.removals.count).toBe(1);
    expect(r.removals.complete).toBe(true);
    // Independently: remove each given alone and solve; the sets are exactly the
    // givens whose removal leaves a puzzle with a solution.
    const solvableAlone: string[] = [];
    for (let k = 0; k < 81; k++) {
      if (INFEASIBLE[k] === '.') continue;
      const less = INFEASIBLE.slice(0, k) + '.' + INFEASIBLE.slice(k + 1);
      const s = solver.solve(less);
      if (s.solution === undefined) continue;
      expect(solutionProblems(less, s.solution)).toEqual([]);
      solvableAlone.push(`r${Math.floor(k / 9) + 1}c${(k % 9) + 1}=${INFEASIBLE[k]}`);
    }
    const listed = r.removals.sets!.map((set) => set.map((g) => `r${g.row}c${g.column}=${g.digit}`).join());
    expect(listed.sort()).toEqual(solvableAlone.sort());
    // The fill keeps every given, breaks no rule, and has 79 digits, the most there can
    // be: r1c9 stays empty (its 9 is in column 9 already); 80 would fill rows 2–9 and
    // columns 1–8, each with a 9, but the 9 of row 5 is in column 9, so rows 2–9 give
    // columns 1–8 only seven 9s and row 1, which holds 1–8, would need the eighth.
    const fill = r.partialFill!.grid!;
    for (let k = 0; k < 81; k++) if (INFEASIBLE[k] !== '.') expect(fill[k]).toBe(INFEASIBLE[k]);
    for (let i = 0; i < 81; i++) {
      for (let j = i + 1; j < 81; j++) {
        const [ri, ci, rj, cj] = [Math.floor(i / 9), i % 9, Math.floor(j / 9), j % 9];
        const shareUnit =
          ri === rj || ci === cj || (Math.floor(ri / 3) === Math.floor(rj / 3) && Math.floor(ci / 3) === Math.floor(cj / 3));
        if (fill[i] !== '.' && fill[i] === fill[j]) expect(shareUnit, `cells ${i} and ${j}`).toBe(false);
      }
    }
    expect([r.partialFill!.status, r.partialFill!.placed]).toEqual(['optimal', 79]);
    expect(r.partialFill!.empty).toHaveLength(2);
    expect(r.partialFill!.empty).toContainEqual([1, 9]);
    expect([...fill].filter((c) => c === '.')).toHaveLength(2);
    expect(r.partialFillGrid![0]![8]).toBe(0);
    // Branch-and-bound solves the same two MILPs as maximisations, with progress.
    const steps = new Set<string>();
    const bnb = solver.explainInfeasible(INFEASIBLE, { limit: 100, method: 'branch-and-bound' }, (p) => steps.add(p.step));
    expect(bnb.method).toBe('branch-and-bound');
    const keys = (x: typeof r): string[] => x.removals.sets!.map((set) => set.map((g) => `r${g.row}c${g.column}`).join()).sort();
    expect(keys(bnb)).toEqual(keys(r));
    expect(bnb.partialFill!.placed).toBe(79);
    expect(steps).toEqual(new Set(['removals', 'partial fill']));
    expect(thrown(() => solver.explainInfeasible(INFEASIBLE, { limit: 101 })).where?.field).toBe('limit');
    expect(thrown(() => solver.explainInfeasible(INFEASIBLE, { model: 'reduced' } as never)).code).toBe('invalid_option');
  });

  it('the packing model solves a puzzle, and reports the largest fill of one without solution', () => {
    const solved = solver.solve(EASY, { model: 'packing' });
    expect([solved.status, solved.solution, solved.stats.method]).toEqual(['optimal', EASY_SOLUTION, 'branch-and-bound']);
    const none = solver.solve(INFEASIBLE, { model: 'packing' });
    expect([none.status, none.solution, none.placed]).toEqual(['infeasible', undefined, 79]);
  });

  it('generate makes the same unique puzzle from the same seed as the native CLI', () => {
    let checked = 0;
    const phases: string[] = [];
    const g = solver.generate({ seed: 3 }, (p) => {
      phases.push(p.phase);
      checked = p.checked;
    });
    // `gridmilp-cli generate --seed 3` (native; the SAT method) prints this puzzle.
    expect(g.puzzle).toBe('..69...4.98....6..4....273....3.5...5..21..........29.8..57...1....9.5.36.......4');
    expect(g.method).toBe('sat');
    expect(checked).toBe(81);
    expect(phases.filter((p) => p === 'removing')).toHaveLength(81);
    expect(phases.at(-1)).toBe('rating');
    // `gridmilp-cli generate --seed 3 --method branch-and-bound`: another complete grid.
    const bnb = solver.generate({ seed: 3, method: 'branch-and-bound' });
    expect(bnb.puzzle).toBe('.261.....98....15........32...3.5...5..21.......7..69....52...1.9..7....1.......4');
    expect(g.puzzleGrid).toEqual(toGrid(g.puzzle, 9));
    expect(solutionProblems(g.puzzle, g.solution)).toEqual([]);
    expect(solver.checkUniqueness(g.puzzleGrid).unique).toBe(true);
    const small = solver.generate({ size: 4, seed: 9, symmetry: 'rot180' });
    expect(small.size).toBe(4);
    expect(solver.checkUniqueness(small.puzzle, { size: 4 }).unique).toBe(true);
  });

  it('complete fills an empty grid or a puzzle, the same for the same seed', () => {
    const a = solver.complete(null, { size: 4, seed: 7 });
    const b = solver.complete(undefined, { size: 4, seed: 7 });
    expect(a.solution).toBe(b.solution);
    expect(solutionProblemsN('.'.repeat(16), a.solution, 4, 2, 2)).toEqual([]);
    const c = solver.complete(TWELVE, { seed: 11 });
    expect(solutionProblemsN(TWELVE, c.solution, 4, 2, 2)).toEqual([]);
    expect(c.solutionGrid!.flat().join('')).toBe(c.solution);
    // An empty grid by CNF-SAT (an empty 25×25 by branch-and-bound takes minutes), givens
    // by branch-and-bound's seeded objective, another method when asked for.
    expect(a.stats.method).toBe('sat');
    expect(c.stats.method).toBe('branch-and-bound');
    const big = solver.complete(null, { size: 25, seed: 3 });
    expect(big.stats.method).toBe('sat');
    expect(solutionProblemsN('.'.repeat(625), big.solution, 25, 5, 5)).toEqual([]);
    expect(solver.complete(null, { size: 4, seed: 7, method: 'branch-and-bound' }).stats.method).toBe('branch-and-bound');
  });

  it('exportModel writes CPLEX LP and MPS text by GLPK', () => {
    const lp = solver.exportModel(EASY);
    expect(lp).toMatchObject({ format: 'lp', model: 'textbook', rows: 324, columns: 729 });
    expect(lp.text).toContain('Subject To');
    expect(lp.text).toContain('x(1,1,1)');
    const mps = solver.exportModel(toGrid(EASY, 9), { format: 'mps', model: 'candidates' });
    expect(mps).toMatchObject({ format: 'mps', model: 'candidates' });
    expect(mps.columns).toBeLessThan(729);
    expect(mps.text).toMatch(/^ROWS$/m);
  });

  it('relax gives the LP relaxation values', () => {
    const r = solver.relax(EASY);
    expect(r.integral).toBe(true);
    expect(r.givensGrid).toEqual(toGrid(EASY, 9));
    // Integral and feasible: one x = 1 per cell.
    const ones = r.values.filter(([, , , v]) => Math.abs(v - 1) < 1e-6);
    expect(ones).toHaveLength(81);
    for (const [row, column, digit] of ones) {
      expect(EASY_SOLUTION[(row - 1) * 9 + column - 1]).toBe(String(digit));
    }
  });

  it('relax and exportModel take a genre, or a puzz.link URL that names one', () => {
    const hitori = '=== h\n3 3\n1 1 2\n1 2 3\n2 3 1\n';
    const r = solver.relax(hitori, { genre: 'hitori' });
    expect(r).toMatchObject({ genre: 'hitori', name: 'h', rows: 3, columns: 3, status: 'optimal' });
    expect(typeof r.integral).toBe('boolean');
    // The board carries each cell's LP value.
    expect(r.board.items.filter((item) => item.style === 'relaxed').length).toBeGreaterThan(0);
    // A URL names its genre; a Sudoku URL stays on Sudoku's route.
    const url = solver.relax('https://puzz.link/p?nurikabe/6/6/g4i1i2r1h5i2l');
    expect(url).toMatchObject({ genre: 'nurikabe', rows: 6, columns: 6, status: 'optimal' });
    const lp = solver.exportModel(hitori, { genre: 'hitori' });
    expect(lp).toMatchObject({ genre: 'hitori', format: 'lp' });
    expect(lp.text).toContain('Subject To');
    expect(lp.modelRows).toBeGreaterThan(0);
    const mps = solver.exportModel(hitori, { genre: 'hitori', format: 'mps' });
    expect(mps.text).toMatch(/^ROWS$/m);
    // With afterCuts, the model the cut rounds end with: at least the rows built.
    const cut = solver.exportModel('https://puzz.link/p?nurikabe/6/6/g4i1i2r1h5i2l', { genre: 'nurikabe', afterCuts: true });
    expect(cut).toMatchObject({ genre: 'nurikabe', status: 'optimal' });
    expect(cut.rounds).toBeGreaterThanOrEqual(1);
    expect(cut.modelRows).toBe(solver.exportModel('https://puzz.link/p?nurikabe/6/6/g4i1i2r1h5i2l', { genre: 'nurikabe' }).modelRows + cut.cuts!);
    // Without genre the URL names it (typed as a genre's result or Sudoku's: url-types.ts).
    const byUrl = solver.exportModel('https://puzz.link/p?nurikabe/6/6/g4i1i2r1h5i2l', { afterCuts: true });
    expect(byUrl).toMatchObject({ genre: 'nurikabe', status: 'optimal', modelRows: cut.modelRows });
    const sudokuByUrl = solver.solve('https://puzz.link/p?sudoku/4/4/g1k23k3g');
    expect('givensGrid' in sudokuByUrl && sudokuByUrl.solutionGrid?.length).toBe(4);
    expect(thrown(() => solver.exportModel(hitori, { genre: 'hitori', format: 'xml' as never })).where?.field).toBe('format');
    expect(thrown(() => solver.relax(hitori, { genre: 'hitori', limit: 3 } as never)).message).toContain("Unknown option 'limit' for relax with genre 'hitori'");
    // A near miss is named, as on Sudoku's route.
    expect(thrown(() => solver.solve(hitori, { genre: 'hitori', timelimit: 3 } as never)).message).toContain(
      "Unknown option 'timelimit' for solve with genre 'hitori' (did you mean 'timeLimitMs'?)",
    );
  });

  it('request passes a raw protocol request through and throws its error', () => {
    expect(solver.request({ type: 'version' })).toEqual(solver.version);
    const r = solver.request({ type: 'solve', puzzle: EASY, options: { model: 'candidates' } });
    expect(r.solution).toBe(EASY_SOLUTION);
    const e = thrown(() => solver.request({ type: 'solve', puzzle: EASY, options: { timeLimitMs: -5 } }));
    expect(e.code).toBe('bad_request');
    expect(e.where).toEqual({ field: 'options.timeLimitMs' });
    expect(thrown(() => solver.request({ type: 'teleport' } as never)).code).toBe('bad_request');
    expect(thrown(() => solver.request(null as never)).code).toBe('invalid_argument');
  });

  it('dispose releases the instance; later calls throw disposed', async () => {
    const own = await createSolver();
    own.dispose();
    own.dispose();
    expect(own.disposed).toBe(true);
    const e = thrown(() => own.solve(EASY));
    expect(e.code).toBe('disposed');
    expect(e.message).toContain('create a new one');
    expect(solver.solve(EASY).solution).toBe(EASY_SOLUTION);
  });
});

describe('spreadsheets (Node entry; exceljs, papaparse and fflate are installed here)', () => {
  it('writes a solved grid as .xlsx to a file, reads it back by path and solves what it reads', async () => {
    const { readSpreadsheet, writeSpreadsheet } = await import('../../web/src/lib/node');
    const solver = await createSolver();
    const givens = toGrid(EASY, 9);
    const solution = solver.solve(givens).solutionGrid!;
    const dir = mkdtempSync(join(tmpdir(), 'gridmilp-sheet-'));
    try {
      const path = join(dir, 'week.xlsx');
      writeFileSync(path, await writeSpreadsheet('xlsx', { grid: { size: 9, boxHeight: 3, boxWidth: 3, givens } }));
      const read = await readSpreadsheet(path);
      expect(read.puzzles.map((p) => [p.name, p.sheet, p.range])).toEqual([['Sudoku!A1:I9', 'Sudoku', 'A1:I9']]);
      expect(solver.solve(read.puzzles[0]!.grid).solutionGrid).toEqual(solution);
      // Save the solved grid, load it again: the .xlsx gives the puzzle back (its blue
      // digits are the solution's), the .csv the solution (plain values).
      for (const format of ['xlsx', 'csv'] as const) {
        const saved = await writeSpreadsheet(format, { grid: { size: 9, boxHeight: 3, boxWidth: 3, givens: read.puzzles[0]!.grid, solution } });
        const again = await readSpreadsheet(saved, { fileName: `solved.${format}` });
        expect(again.puzzles[0]!.grid, format).toEqual(format === 'xlsx' ? givens : solution);
      }
      const csv = new TextDecoder().decode(await writeSpreadsheet('csv', { results: [{ name: 'Grid 01', status: 'solved', puzzle: EASY }] }));
      expect(csv.split('\n')[1]).toBe(`Grid 01,solved,,,,${EASY},`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      solver.dispose();
    }
  });

  it('a genre puzzle: writeSpreadsheet({ record }) → readSpreadsheet({ genre }) → solve gives the same answer', async () => {
    const { readSpreadsheet, writeSpreadsheet } = await import('../../web/src/lib/node');
    const solver = await createSolver();
    try {
      const akari = '=== mine\n4 4\n1 - - -\n- x - -\n- - - 0\n- - - -\n';
      const first = solver.solve(akari, { genre: 'akari' });
      expect(first.answer?.verified).toBe(true);
      const tokens = (text: string) => text.trim().split('\n').slice(2).join(' ').split(/\s+/);
      const bytes = await writeSpreadsheet('xlsx', { record: { title: 'Akari', rows: 4, columns: 4, blocks: [tokens(akari)], solution: tokens(first.answer!.text) } });
      const read = await readSpreadsheet(bytes, { genre: 'akari' });
      expect(read.puzzles).toEqual([]);
      expect(read.records!.map((r) => [r.name, r.range, r.rows, r.columns])).toEqual([['Akari!A1:D4', 'A1:D4', 4, 4]]);
      const again = solver.solve(read.records![0]!.text, { genre: 'akari' });
      expect(again.answer!.cells).toEqual(first.answer!.cells);
      const e = await readSpreadsheet(bytes, { genre: 'masyu' }).then(
        () => null,
        (error: unknown) => error,
      );
      expect((e as GridmilpError).code).toBe('spreadsheet_error');
    } finally {
      solver.dispose();
    }
  });

  it('rejects a bad cell with a GridmilpError naming the sheet and cell', async () => {
    const { readSpreadsheet } = await import('../../web/src/lib/node');
    const text = EASY.match(/.{9}/g)!.map((row) => [...row].map((ch) => (ch === '.' ? '' : ch)).join(',')).join('\n').replace(/^,,3/, ',,3.5');
    const e = await readSpreadsheet(new TextEncoder().encode(text), { fileName: 'p.csv' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(e).toBeInstanceOf(GridmilpError);
    expect((e as GridmilpError).code).toBe('spreadsheet_error');
    expect((e as GridmilpError).where).toEqual({ sheet: 'p.csv', cell: 'C1' });
    expect((e as GridmilpError).message).toBe('p.csv!C1 holds 3.5, not a whole number; a cell of the puzzle holds a whole number from 1 to 9.');
  });

  it('refuses to write a grid or a record whose sizes disagree, naming the field', async () => {
    const { writeSpreadsheet } = await import('../../web/src/lib/node');
    const refusal = (what: Parameters<typeof writeSpreadsheet>[1]): Promise<GridmilpError> =>
      writeSpreadsheet('xlsx', what).then(
        () => {
          throw new Error('written');
        },
        (e: unknown) => e as GridmilpError,
      );
    const row = Array<number>(9).fill(0);
    const short = await refusal({ grid: { size: 9, boxHeight: 3, boxWidth: 3, givens: Array.from({ length: 8 }, () => row) } });
    expect(short.code).toBe('invalid_argument');
    expect(short.where).toEqual({ field: 'grid.givens' });
    expect(short.message).toBe('grid.givens must be 9 rows, not 8.');
    expect((await refusal({ grid: { size: 9, boxHeight: 2, boxWidth: 3, givens: Array.from({ length: 9 }, () => row) } })).message).toBe(
      'grid.boxHeight × grid.boxWidth must be grid.size (9), not 2 × 3.',
    );
    expect((await refusal({ record: { rows: 2, columns: 2, blocks: [['1', '-', '-']] } })).message).toBe(
      'record.blocks[0] must hold rows × columns = 4 tokens, not 3.',
    );
    // A parameter of another shape was written as "undefined undefined".
    const parameter = await refusal({
      record: { rows: 2, columns: 2, blocks: [['1', '-', '-', '-']], parameter: 2 as unknown as { value: string; word: string } },
    });
    expect(parameter.code).toBe('invalid_argument');
    expect(parameter.where).toEqual({ field: 'record.parameter' });
    expect(parameter.message).toMatch(/^record\.parameter must be \{ value, word \}, two strings .*, not 2\.$/);
    const token = await refusal({ record: { rows: 1, columns: 2, blocks: [['1', 2 as unknown as string]] } });
    expect(token.where).toEqual({ field: 'record.blocks' });
    expect(token.message).toBe('record.blocks[0][1] must be a string token, not 2.');
    const csv = new TextDecoder().decode(
      await writeSpreadsheet('csv', { record: { rows: 1, columns: 2, blocks: [['1', '-']], parameter: { value: '1', word: 'stars' } } }),
    );
    expect(csv).toBe('1,\n\n1 star\n');
  });

  it('rejects a sheet the workbook does not have, naming it in where.sheet and listing those it has', async () => {
    const { readSpreadsheet, writeSpreadsheet } = await import('../../web/src/lib/node');
    const givens = toGrid(EASY, 9);
    const bytes = await writeSpreadsheet('xlsx', { grid: { size: 9, boxHeight: 3, boxWidth: 3, givens } });
    const byName = await rejected(readSpreadsheet(bytes, { fileName: 'week.xlsx', sheet: 'Zzz' }));
    expect(byName.code).toBe('spreadsheet_error');
    expect(byName.where).toEqual({ sheet: 'Zzz' });
    expect(byName.message).toBe('week.xlsx has no sheet “Zzz”; its sheets: Sudoku.');
    const byNumber = await rejected(readSpreadsheet(bytes, { fileName: 'week.xlsx', sheet: 3 }));
    expect([byNumber.where, byNumber.message]).toEqual([{ sheet: '3' }, 'week.xlsx has no sheet number 3; its sheets: Sudoku.']);
    // The sheet it has, by name and by number.
    expect((await readSpreadsheet(bytes, { sheet: 'Sudoku' })).puzzles).toHaveLength(1);
    expect((await readSpreadsheet(bytes, { sheet: 1 })).puzzles).toHaveLength(1);
    // A grid written without its boxes has the usual ones of its size (a user's session:
    // { size: 9, givens } was refused as 'undefined × undefined').
    const usual = await writeSpreadsheet('xlsx', { grid: { size: 9, givens } });
    expect((await readSpreadsheet(usual)).puzzles[0]).toMatchObject({ size: 9, grid: givens });
    const twelve = Array.from({ length: 12 }, () => Array<number>(12).fill(0));
    twelve[0]![0] = 1;
    const csv = new TextDecoder().decode(await writeSpreadsheet('csv', { grid: { size: 12, givens: twelve } }));
    expect(csv).toBe(new TextDecoder().decode(await writeSpreadsheet('csv', { grid: { size: 12, boxHeight: 3, boxWidth: 4, givens: twelve } })));
    expect(csv).not.toMatch(/boxes/i); // 3 × 4, the usual boxes: no note
    // The givens and solution as a solve's result gives them: lines of symbols.
    const { createSolver } = await import('../../web/src/lib/node');
    const solver = await createSolver();
    const r = solver.solve(EASY);
    solver.dispose();
    const lines = await readSpreadsheet(await writeSpreadsheet('xlsx', { grid: { size: 9, givens: r.givens, solution: r.solution! } }));
    expect(lines.puzzles[0]).toMatchObject({ size: 9, grid: givens });
    // The solution is written too: a CSV holds the solved grid.
    const solvedCsv = new TextDecoder().decode(await writeSpreadsheet('csv', { grid: { size: 9, givens: r.givens, solution: r.solution! } }));
    expect(solvedCsv.trim().split('\n').map((l) => l.replace(/,/g, '')).join('')).toBe(r.solution);
    // A 16×16 line in 0–F (a 0 beside . for empty, no G), as the engine reads a pasted one: one value up.
    const hexCsv = new TextDecoder().decode(await writeSpreadsheet('csv', { grid: { size: 16, givens: `0F-${'.'.repeat(253)}` } }));
    expect(hexCsv.split('\n')[0]).toBe(`1,16${','.repeat(14)}`);
    const dashes = new TextDecoder().decode(await writeSpreadsheet('csv', { grid: { size: 16, givens: `0F${'-'.repeat(254)}` } }));
    expect(dashes.split('\n')[0]).toBe(`1,16${','.repeat(14)}`); // - for empty beside a 0: 0–F too
    const sixteen = await writeSpreadsheet('csv', { grid: { size: 16, givens: `G0${'.'.repeat(254)}` } });
    expect(new TextDecoder().decode(sixteen).split(/\r?\n/)[0]).toBe(`16${','.repeat(15)}`); // G is 16; empty cells are empty fields
    const short = await rejected(writeSpreadsheet('xlsx', { grid: { size: 9, givens: r.givens.slice(1) } }));
    expect([short.code, short.where, short.message]).toEqual(['invalid_argument', { field: 'grid.givens' }, 'grid.givens as text must be 81 symbols (9×9), one per cell, not 80.']);
    const letter = await rejected(writeSpreadsheet('xlsx', { grid: { size: 9, givens: `A${r.givens.slice(1)}` } }));
    expect(letter.message).toBe('grid.givens character 1 (row 1, column 1) is "A": a 9×9 cell holds ., 0, - or _ for empty, or one of 1–9.');
    // Counted in characters, not UTF-16 units.
    const emoji = await rejected(writeSpreadsheet('xlsx', { grid: { size: 9, givens: `😀${r.givens.slice(1)}` } }));
    expect(emoji.message).toBe('grid.givens character 1 (row 1, column 1) is "😀": a 9×9 cell holds ., 0, - or _ for empty, or one of 1–9.');
    const ods = await rejected(writeSpreadsheet('ods' as 'xlsx', { grid: { size: 9, givens } }));
    expect([ods.code, ods.where, ods.message]).toEqual(['invalid_argument', { field: 'format' }, 'The format must be "xlsx" or "csv", not "ods".']);
  });

  it('rejects a path it cannot read with a GridmilpError naming the file', async () => {
    const { readSpreadsheet } = await import('../../web/src/lib/node');
    const missing = await rejected(readSpreadsheet('no-such-folder/nope.xlsx'));
    expect(missing.code).toBe('invalid_argument');
    expect(missing.where).toEqual({ field: 'file' });
    expect(missing.message).toBe('Unable to read the spreadsheet no-such-folder/nope.xlsx: there is no such file.');
    expect((await rejected(readSpreadsheet(repoRoot))).message).toBe(`Unable to read the spreadsheet ${repoRoot}: it is a folder.`);
    // No bytes: the file is said to be empty, not a sheet named after it.
    const empty = await rejected(readSpreadsheet(new Uint8Array(0)));
    expect([empty.code, empty.message]).toEqual(['unsupported_file', 'The file is empty (0 bytes): there is no spreadsheet to read.']);
  });
});

describe('explainInfeasible and the packing model for a digit genre', () => {
  // Rows 1 and 4 need their 2 in column 2 or 3, where the 2 and the 1 block them.
  const LATIN = '=== t\n4 4\n1 2 - -\n- - 1 -\n- - - 2\n2 - - -\n';

  it('lists single givens to drop, each leaving a solvable square, and the largest fill', async () => {
    const solver = await createSolver();
    const r = solver.explainInfeasible(LATIN, { genre: 'latin-square', limit: 10 });
    expect(r.status).toBe('infeasible');
    expect(r.removals.count).toBe(1);
    expect(r.removals.complete).toBe(true);
    for (const [set] of r.removals.sets!) {
      const rows = LATIN.split('\n').slice(2, 6).map((row) => row.split(' '));
      rows[set!.row - 1]![set!.column - 1] = '-';
      const text = `=== t\n4 4\n${rows.map((row) => row.join(' ')).join('\n')}\n`;
      expect(solver.solve(text, { genre: 'latin-square' }).answer?.verified, JSON.stringify(set)).toBe(true);
    }
    expect(r.partialFill).toMatchObject({ status: 'optimal', placed: 14 });
    // The packing model says the same through solve: no answer, the fill on the board.
    const packed = solver.solve(LATIN, { genre: 'latin-square', model: 'packing' });
    expect(packed.status).toBe('infeasible');
    expect(packed.partialFill?.placed).toBe(14);
    expect(() => solver.explainInfeasible('=== h\n2 2\n1 2\n2 1\n', { genre: 'hitori' })).toThrow(/has none it can drop/);
    solver.dispose();
  });

  it('names the clue to drop for a clue genre: erased, the Akari has an answer', async () => {
    const solver = await createSolver();
    // The 1 asks for one lamp beside it, but both white cells need a lamp of their own.
    const r = solver.explainInfeasible('=== a\n2 2\n1 -\n- 2\n', { genre: 'akari' });
    // `clues` is how many the puzzle has; `removals.count` how many to drop (api.md).
    expect(r).toMatchObject({ status: 'infeasible', clues: 2, solvable: false });
    expect(r.removals.count).toBe(1);
    expect(r.removals.sets).toEqual([[{ row: 1, column: 1, clue: '1' }]]);
    expect(r.removals.board?.items.length).toBeGreaterThan(0);
    expect(r.partialFill?.status).toBeNull();
    expect(solver.solve('=== a\n2 2\nx -\n- 2\n', { genre: 'akari' }).answer?.verified).toBe(true);
    solver.dispose();
  });
});
