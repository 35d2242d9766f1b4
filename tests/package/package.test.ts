// SPDX-License-Identifier: GPL-3.0-or-later
// The real npm package: the packed tarball's file list, and the package installed
// offline into a fresh folder, used from a plain Node script, from its `gridmilp` bin
// (compared with the native CLI) and from TypeScript consumers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENRES } from '../../web/generated/vocabulary';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dataPath, hasSharedData } from '../common/test-data';
import { readEuler96, solutionProblems, solutionProblemsN } from '../wasm/helpers';
import {
  installTarball,
  maskJsonTimes,
  maskMs,
  nativeCli,
  npm,
  repoRoot,
  run,
  type RunResult,
} from './helpers';

const tarball = inject('tarball');
const workDir = inject('workDir');
/** Project Euler 96 with the shared set, else gridmilp's own 50 grids in its layout. */
const p096 = dataPath('p096_sudoku.txt');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

/** An easy puzzle (Project Euler 96, grid 01) on one line. */
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
/** EASY with an `x` at line 1, column 40. */
const BAD = `${EASY.slice(0, 39)}x${EASY.slice(40)}`;
/** Consistent givens but no solution: cell (1,9) must be 9, and column 9 has a 9. */
const INFEASIBLE = `12345678.${'.'.repeat(27)}........9${'.'.repeat(36)}`;

describe('the packed tarball', () => {
  it('ships only the built JavaScript, declarations, both WASM modules, README, LICENSE, package.json and the docs the README links to', () => {
    const listed = run('tar', ['-tzf', tarball]).stdout.trim().split('\n').sort();
    const expected = [
      /^package\/package\.json$/,
      /^package\/README\.md$/,
      /^package\/LICENSE$/,
      /^package\/lib\/src\/(lib|solver|solver\/protocol|worker|sheets)\/[a-z_-]+\.(js|d\.ts)$/,
      /^package\/lib\/generated\/gridmilp_(wasm_sat\.js|wasm_sat\.wasm|cli_node\.cjs|cli_node\.wasm)$/,
      /^package\/lib\/generated\/vocabulary\.(js|d\.ts)$/,
      /^package\/docs\/[a-z-]+\.md$/,
      /^package\/cpp\/app\/protocol\.md$/,
    ];
    const unexpected = listed.filter((f) => !expected.some((re) => re.test(f)));
    expect(unexpected).toEqual([]);
    for (const needed of [
      'package/lib/src/lib/node.js',
      'package/lib/src/lib/node.d.ts',
      'package/lib/src/lib/browser.js',
      'package/lib/src/lib/browser.d.ts',
      'package/lib/src/lib/cli.js',
      'package/lib/src/lib/types.d.ts',
      'package/lib/src/solver/protocol.d.ts',
      'package/lib/src/solver/protocol/vocabulary.js',
      'package/lib/generated/vocabulary.js',
      'package/lib/src/worker/engine.js',
      'package/lib/generated/gridmilp_wasm_sat.js',
      'package/lib/generated/gridmilp_wasm_sat.wasm',
      'package/lib/generated/gridmilp_cli_node.cjs',
      'package/lib/generated/gridmilp_cli_node.wasm',
    ]) {
      expect(listed).toContain(needed);
    }
    expect(listed).not.toContain('package/lib/src/lib/cli.d.ts');

    // `npm pack --dry-run` lists the same files as the tarball holds.
    const dry = npm(['pack', '--dry-run', '--json', '--ignore-scripts'], repoRoot);
    expect(dry.status, dry.stderr).toBe(0);
    const files = (JSON.parse(dry.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files
      .map((f) => `package/${f.path}`)
      .sort();
    expect(files).toEqual(listed);
  });

  it('declares no runtime dependency, an ES module with Node and browser entries, types and the bin', () => {
    const pkg = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json']).stdout) as Record<
      string,
      unknown
    >;
    expect(pkg.name).toBe('gridmilp');
    expect(pkg.type).toBe('module');
    expect(pkg.license).toBe('GPL-3.0-or-later');
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.bin).toEqual({ gridmilp: 'lib/src/lib/cli.js' });
    const dot = (pkg.exports as Record<string, Record<string, { types: string; default: string }>>)['.']!;
    expect(dot.node).toEqual({ types: './lib/src/lib/node.d.ts', default: './lib/src/lib/node.js' });
    expect(dot.default).toEqual({ types: './lib/src/lib/browser.d.ts', default: './lib/src/lib/browser.js' });
    // Resolution without "exports" (moduleResolution node) reads "main" and "types": the Node entry.
    expect([pkg.main, pkg.types]).toEqual(['./lib/src/lib/node.js', './lib/src/lib/node.d.ts']);
    // The bin keeps its shebang and is executable in the tarball.
    const verbose = run('tar', ['-tvzf', tarball]).stdout;
    expect(verbose).toMatch(/^-rwxr-xr-x .* package\/lib\/src\/lib\/cli\.js$/m);
    expect(run('tar', ['-xzOf', tarball, 'package/lib/src/lib/cli.js']).stdout).toMatch(/^#!\/usr\/bin\/env node\n/);
  });
});

describe('installed offline into a fresh folder', () => {
  let dir: string;
  let bin: string;

  beforeAll(() => {
    dir = installTarball(workDir, tarball);
    bin = join(dir, 'node_modules/.bin/gridmilp');
  });

  it('has only gridmilp in node_modules (no runtime dependencies were installed)', () => {
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages).sort()).toEqual(['', 'node_modules/gridmilp']);
  });

  it('without the optional spreadsheet packages, readSpreadsheet rejects with missing_dependency', () => {
    const script = [
      "import { readSpreadsheet } from 'gridmilp';",
      "readSpreadsheet(new Uint8Array([1, 2, 3])).then(() => console.log('read'), (e) => console.log(e.code, e.message));",
    ].join('\n');
    const r = run(process.execPath, ['--input-type=module', '-e', script], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^missing_dependency Spreadsheets need the packages exceljs, papaparse and fflate \(npm install exceljs papaparse fflate\)/);
    // The bin says the same for a spreadsheet, with exit code 2.
    writeFileSync(join(dir, 'puzzle.csv'), '5,3,,,7,,,,\n');
    const cli = run(bin, ['solve', 'puzzle.csv'], { cwd: dir });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toMatch(/^gridmilp: Spreadsheets need the packages exceljs, papaparse and fflate/);
  });

  /** What the plain Node script printed: run once, by whichever test needs it first. */
  interface ScriptOutput {
    resolved: string;
    version: { gridmilp: string; glpk: string; protocol: number };
    sum: number;
    progress: number;
    format: string;
    solved: number;
    items: Array<[string, string, string, string]>;
    threaded: Array<[string, string, string]>;
    mixed: Array<[string, number | null, number | null, string]>;
    threadedProgress: number;
    routed: Array<[string, string]>;
    arrayOne: unknown[];
    arrayTwo: unknown[];
    genreOne: Array<[string, boolean, string]>;
    genreTwo: Array<[string, boolean, string]>;
    urlsOne: Array<[string, string, boolean, boolean]>;
    urlsTwo: Array<[string, string, boolean, boolean]>;
    grid: { status: string; solution: string; solutionGrid: number[][] };
    errors: Array<{ isError: boolean; isGridmilpError: boolean; code: string; message: string; where: unknown }>;
    disposedCode: string;
  }
  let scriptOutput: ScriptOutput | undefined;
  function runSolveScript(): ScriptOutput {
    if (scriptOutput) return scriptOutput;
    writeFileSync(
      join(dir, 'solve.mjs'),
      `import { readFileSync } from 'node:fs';
import { createSolver, GridmilpError } from 'gridmilp';

const solver = await createSolver();
let progress = 0;
const many = solver.solveMany(readFileSync(process.argv[2], 'utf8'), {}, () => progress++);
// The same on two worker threads, from a solver never disposed: its idle threads must
// not keep the script from ending.
const pooled = await createSolver();
let threadedProgress = 0;
const threaded = await pooled.solveMany(readFileSync(process.argv[2], 'utf8'), { workers: 2 }, () => threadedProgress++);
// A genre batch, on one thread and on two: the same answers in input order.
const heyawake = readFileSync(process.argv[4], 'utf8');
const genreOne = solver.solveMany(heyawake, { genre: 'heyawake' });
const genreTwo = await pooled.solveMany(heyawake, { genre: 'heyawake', workers: 2 });
// A text of URLs of two genres without genre, on one thread and on two: each URL its own genre.
const urls = 'https://puzz.link/p?sudoku/4/4/g1k23k3g\\nhttps://puzz.link/p?akari/6/6/nekcakbl\\n';
const urlItems = (r) => r.items.map((i) => [i.name, i.genre, i.answer.verified, 'solution' in i]);
const urlsOne = urlItems(solver.solveMany(urls));
const urlsTwo = urlItems(await pooled.solveMany(urls, { workers: 2 }));
// Options reach the threads: the textbook model by branch-and-bound, on two threads.
const routed = await pooled.solveMany(readFileSync(process.argv[2], 'utf8'), { model: 'textbook', method: 'branch-and-bound', workers: 2 });
// An array with a puzzle whose givens clash, on one thread and on two.
const clash = '11' + '.'.repeat(79);
const arrayOf = (r) => r.items.map((i) => [i.name, i.status, i.solution ?? null, i.error?.code ?? null]);
const arrayOne = arrayOf(solver.solveMany([many.items[0].givens, clash, many.items[1].givens]));
const arrayTwo = arrayOf(await pooled.solveMany([many.items[0].givens, clash, many.items[1].givens], { workers: 2 }));
// Records of two sizes (a 9×9, gridmilp's own 6×6 in boxes of 3×2) on two threads.
const record = (name, line, n, boxes) => '=== ' + name + '\\n' + n + ' ' + n + boxes + '\\n' +
  Array.from({ length: n }, (_, r) => [...line.slice(r * n, r * n + n)].map((c) => (c === '.' ? '-' : c)).join(' ')).join('\\n') + '\\n';
const six = '......3.25..6...3.5...4....1.5...3..';
const mixed = await pooled.solveMany(record('nine', many.items[0].givens, 9, '') + record('six', six, 6, ' 3x2'), { workers: 2 });
// Disposed while its threads work: the batch fails as disposed, not as a crash.
const doomed = await createSolver();
const doomedBatch = doomed.solveMany(readFileSync(process.argv[2], 'utf8'), { workers: 2 });
setTimeout(() => doomed.dispose(), 0);
const disposedCode = await doomedBatch.then(() => 'resolved', (e) => e.code);
const sum = many.items.reduce((s, item) => s + Number(item.solution.slice(0, 3)), 0);
const grid = solver.solve([[0, 0, 3, 4], [3, 4, 0, 0], [0, 1, 0, 3], [4, 0, 0, 0]]);
const errors = [];
for (const bad of [process.argv[3], [[1, 2], [2, 5]], 42]) {
  try {
    solver.solve(bad);
    errors.push(null);
  } catch (e) {
    errors.push({ isError: e instanceof Error, isGridmilpError: e instanceof GridmilpError,
                  code: e.code, message: e.message, where: e.where });
  }
}
solver.dispose();
console.log(JSON.stringify({
  resolved: import.meta.resolve('gridmilp'),
  version: solver.version,
  sum, progress, format: many.format, solved: many.solved,
  threaded: threaded.items.map((i) => [i.name, i.givens, i.solution]), threadedProgress,
  mixed: mixed.items.map((i) => [i.name, i.size ?? null, i.boxHeight ?? null, i.solution]),
  routed: routed.items.map((i) => [i.solution, i.stats.method]), arrayOne, arrayTwo,
  genreOne: genreOne.items.map((i) => [i.name, i.answer?.verified, i.answer?.text]),
  genreTwo: genreTwo.items.map((i) => [i.name, i.answer?.verified, i.answer?.text]),
  urlsOne, urlsTwo,
  items: many.items.map((i) => [i.name, i.givens, i.solution, i.solutionGrid.flat().join('')]),
  grid: { status: grid.status, solution: grid.solution, solutionGrid: grid.solutionGrid },
  errors, disposedCode,
}));
`,
    );
    const r = run(process.execPath, ['solve.mjs', p096, BAD, join(repoRoot, 'tests/data/puzzles/heyawake.puzzles.txt')], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    scriptOutput = JSON.parse(r.stdout) as ScriptOutput;
    return scriptOutput;
  }

  it('settles two solveMany calls at once on the same threads before the script ends', () => {
    // The first to end let go of the threads the second still ran on: Node exited with
    // the second promise unsettled (exit code 13 in a module, 0 and no output in CommonJS).
    writeFileSync(
      join(dir, 'two-at-once.mjs'),
      `import { readFileSync } from 'node:fs';
import { createSolver } from 'gridmilp';
const solver = await createSolver();
const text = readFileSync(process.argv[2], 'utf8');
// The second runs on after the first has ended: three times the puzzles.
const [a, b] = await Promise.all([solver.solveMany(text, { workers: 2 }), solver.solveMany([text, text, text].join('\\n'), { workers: 2 })]);
console.log(JSON.stringify([a.solved, b.solved]));
`,
    );
    const r = run(process.execPath, ['two-at-once.mjs', p096], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const [a, b] = JSON.parse(r.stdout) as [number, number];
    expect(a).toBeGreaterThan(0);
    expect(b).toBe(3 * a);
  });

  it('is imported by a plain Node script that solves a Project Euler 96 file (its sum) and reports bad input', () => {
    const out = runSolveScript();
    // Node picks the node entry from the installed package.
    expect(out.resolved).toMatch(/\/node_modules\/gridmilp\/lib\/src\/lib\/node\.js$/);
    expect(out.version).toEqual({ gridmilp: '0.1.0', glpk: '5.0', protocol: 2, methods: ['branch-and-bound', 'sat'], genres: GENRES.map(({ id, title }) => ({ id, title })) });
    // Every genre of protocol/vocabulary.json: the six Sudoku ones and the ten pencil puzzles.
    expect(GENRES.length).toBe(16);
    // The sum of the top-left 3-digit numbers of the solutions verified below.
    expect(out.sum).toBe(out.items.reduce((s, [, , solution]) => s + Number(solution.slice(0, 3)), 0));
    expect(out.format).toBe('euler96');
    expect(out.solved).toBe(50);
    expect(out.progress).toBe(50);
    // On two worker threads: the same items in input order.
    expect(out.threaded).toEqual(out.items.map(([name, givens, solution]) => [name, givens, solution]));
    expect(out.threadedProgress).toBe(50);
    // Records of two sizes on two threads: each solved at its own size.
    expect(out.mixed.map(([name, size, boxHeight]) => [name, size, boxHeight])).toEqual([['nine', null, null], ['six', 6, 3]]);
    expect(out.mixed[0]![3]).toBe(out.items[0]![2]);
    expect(solutionProblemsN('......3.25..6...3.5...4....1.5...3..', out.mixed[1]![3], 6, 3, 2)).toEqual([]);
    expect(out.routed).toEqual(out.items.map(([, , solution]) => [solution, 'branch-and-bound']));
    expect(out.arrayTwo).toEqual(out.arrayOne);
    expect(out.arrayOne.map((i) => (i as unknown[])[1] ?? (i as unknown[])[3])).toEqual(['optimal', 'conflicting_givens', 'optimal']);
    // A genre batch on two threads: gridmilp's 12 Heyawake, each verified, as on one.
    expect(out.genreOne).toHaveLength(12);
    for (const [name, verified, text] of out.genreOne) {
      expect(verified, name).toBe(true);
      expect(text.startsWith(`=== ${name}\n`), name).toBe(true);
    }
    expect(out.genreTwo).toEqual(out.genreOne);
    // A text of URLs of two genres: a genre batch's items (answer, no solution) on both.
    expect(out.urlsOne).toEqual([
      ['url-1', 'sudoku', true, false],
      ['url-2', 'akari', true, false],
    ]);
    expect(out.urlsTwo).toEqual(out.urlsOne);
    // A solver disposed while its threads solve: the batch says so.
    expect(out.disposedCode).toBe('disposed');
    const reference = readEuler96(readFileSync(p096, 'utf8'));
    expect(out.items.map((i) => i[0])).toEqual(reference.map(([name]) => name));
    out.items.forEach(([name, givens, solution, flat], k) => {
      expect(givens, name).toBe(reference[k]![1]);
      expect(solutionProblems(givens, solution), name).toEqual([]);
      expect(flat, name).toBe(solution);
    });
    // A 4×4 given as a 2-D array (0 = empty).
    expect(out.grid.status).toBe('optimal');
    expect(solutionProblemsN('..34' + '34..' + '.1.3' + '4...', out.grid.solution, 4, 2, 2)).toEqual([]);
    expect(out.grid.solutionGrid.flat().join('')).toBe(out.grid.solution);

    const [parse, cell, type] = out.errors;
    expect(parse).toMatchObject({ isError: true, isGridmilpError: true, code: 'parse_error' });
    expect(parse!.where).toEqual({ line: 1, column: 40, character: 'x' });
    expect(parse!.message).toContain("Line 1, column 40: unexpected 'x'");
    expect(cell).toMatchObject({ isError: true, code: 'invalid_argument' });
    expect(cell!.where).toEqual({ field: 'puzzle', cells: [{ row: 2, column: 2 }] });
    expect(cell!.message).toContain('Row 2, column 2 of the puzzle array holds the number 5');
    expect(type).toMatchObject({ isError: true, code: 'invalid_argument' });
    expect(type!.message).toContain('must be a string or an array of rows of numbers, not the number 42');
  });

  it.skipIf(!hasSharedData('p096_sudoku.txt'))('answers Project Euler 96 (24702) from the script and the bin', () => {
    expect(runSolveScript().sum).toBe(24702);
    const euler = run(bin, ['solve', '--euler96', p096], { cwd: dir });
    expect(euler.status).toBe(0);
    expect(euler.stdout.trim().split('\n').at(-1)).toBe('24702');
  });

  it('runs the bin with the native CLI\'s commands and output', () => {
    expect(existsSync(nativeCli), `${nativeCli} is missing: npm run build`).toBe(true);
    const both = (args: string[], input = ''): [RunResult, RunResult] => [
      run(bin, args, { cwd: dir, input }),
      run(nativeCli, args, { cwd: dir, input }),
    ];

    // --help: the same text, apart from the program's name in the usage line.
    const [help, nativeHelp] = both(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: gridmilp [OPTIONS] SUBCOMMAND');
    expect(help.stdout).toBe(nativeHelp.stdout.replace(`Usage: ${nativeCli}`, 'Usage: gridmilp'));
    // solve's, apart from --jobs (unused in Node, where the CLI solves on one thread)
    // and --sheet (read by the npm CLI's spreadsheet front end): the same lines else.
    const [solveHelp, nativeSolveHelp] = both(['solve', '--help']);
    const jobsLine = /^ {2}--jobs .*\n/m;
    const npmOwn = jobsLine.exec(solveHelp.stdout)?.[0] ?? '';
    expect(npmOwn).toContain('left unused here: this CLI solves on one thread in Node');
    expect(solveHelp.stdout).toMatch(/^ {2}--sheet TEXT +A spreadsheet's sheet to read/m);
    expect(solveHelp.stdout.replace(/^ {2}--sheet .*\n/m, '')).toBe(
      nativeSolveHelp.stdout.replace(`${nativeCli} solve`, 'gridmilp solve').replace(jobsLine, npmOwn),
    );

    // One solution line per puzzle; the summary on standard error (timings masked).
    const [all, nativeAll] = both(['solve', p096]);
    expect(all.status).toBe(0);
    expect(all.stdout.split('\n')).toHaveLength(51);
    expect(all.stdout).toBe(nativeAll.stdout);
    expect(maskMs(all.stderr)).toBe(maskMs(nativeAll.stderr));
    const reference = readEuler96(readFileSync(p096, 'utf8'));
    const solutions = all.stdout.trimEnd().split('\n');
    solutions.forEach((line, k) => expect(solutionProblems(reference[k]![1], line), reference[k]![0]).toEqual([]));

    // The Project Euler 96 answer alone on standard output: the sum of the top-left
    // 3-digit numbers of those solutions (24702 for the real file, tested above).
    const [euler, nativeEuler] = both(['solve', '--euler96', p096]);
    expect(euler.status).toBe(0);
    const sum = solutions.reduce((s, line) => s + Number(line.slice(0, 3)), 0);
    expect(euler.stdout.trim().split('\n').at(-1)).toBe(String(sum));
    expect(euler.stdout).toBe(nativeEuler.stdout);
    expect(maskMs(euler.stderr)).toBe(maskMs(nativeEuler.stderr));

    // Standard input, with --json (times masked).
    const [json, nativeJson] = both(['solve', '-', '--json'], `${EASY}\n`);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ result: { status: 'optimal' } });
    expect(maskJsonTimes(json.stdout)).toBe(maskJsonTimes(nativeJson.stdout));

    // Bad input: exit code 2 and the same message naming line and column.
    const [bad, nativeBad] = both(['solve', '-'], `${BAD}\n`);
    expect(bad.status).toBe(2);
    expect(nativeBad.status).toBe(2);
    expect(bad.stderr).toContain("Line 1, column 40: unexpected 'x'");
    expect(bad.stderr).toBe(nativeBad.stderr);
    expect(bad.stdout).toBe(nativeBad.stdout);
    const [missing, nativeMissing] = both(['solve', join(dir, 'no-such-file.txt')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(nativeMissing.stderr);

    // No solution: exit code 1.
    const [none, nativeNone] = both(['solve', '-'], `${INFEASIBLE}\n`);
    expect(none.status).toBe(1);
    expect(nativeNone.status).toBe(1);
    expect(none.stdout).toBe(nativeNone.stdout);

    // generate: the same puzzle from the same seed (standard error's last line is the summary).
    const [gen, nativeGen] = both(['generate', '--seed', '3', '--symmetry', 'rot180']);
    expect(gen.status).toBe(0);
    expect(gen.stdout).toMatch(/^[1-9.]{81}\n$/);
    expect(gen.stdout).toBe(nativeGen.stdout);
    const lastLine = (s: string): string => s.trim().split(/[\r\n]/).at(-1)!;
    expect(maskMs(lastLine(gen.stderr))).toBe(maskMs(lastLine(nativeGen.stderr)));

    // request: JSON protocol requests, one per line.
    const requests = [
      { id: 1, type: 'version' },
      { id: 2, type: 'solve', puzzle: EASY },
      { id: 3, type: 'exportModel', puzzle: EASY, format: 'lp' },
      { id: 4, type: 'solve', puzzle: BAD },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const [req, nativeReq] = both(['request', '-'], `${requests}\n`);
    expect(req.status).toBe(nativeReq.status);
    expect(req.stdout.trim().split('\n')).toHaveLength(4);
    expect(maskJsonTimes(req.stdout)).toBe(maskJsonTimes(nativeReq.stdout));
  });

  it('the bin says a time limit that stops an enumeration before any answer, and refuses --model packing --method sat before reading', () => {
    // An empty grid has answers, but not within 1 ms of branch-and-bound on the textbook
    // model: "time limit" on standard output, in the summary's count and in --results.
    writeFileSync(join(dir, 'empty.txt'), `${'.'.repeat(81)}\n`);
    const stopped = run(
      bin,
      ['solve', 'empty.txt', '--enumerate', '5', '--time-limit', '1', '--model', 'textbook', '--method', 'branch-and-bound', '--results', 'stopped.csv'],
      { cwd: dir },
    );
    expect(stopped.status, stopped.stderr).toBe(1);
    expect(stopped.stdout).toBe('time limit\n');
    expect(stopped.stderr).toContain(' 0 without solution, 1 stopped by the time limit, ');
    expect(readFileSync(join(dir, 'stopped.csv'), 'utf8').split('\n')[1]).toMatch(/^Puzzle 1,time limit,/);
    // docs/cli.md: a route the engine would refuse for every puzzle is one error, before
    // any puzzle is read (the file does not exist).
    const refused = run(bin, ['solve', 'no-such-file.txt', '--model', 'packing', '--method', 'sat'], { cwd: dir });
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^gridmilp: --model packing --method sat: .*branch-and-bound/);
    expect(refused.stderr).not.toContain('no-such-file');
  });

  it('ships declarations that type-check a Node consumer and reject a misuse', () => {
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { createSolver, GridmilpError, type SolveOutput, type Solver } from 'gridmilp';
// NodeNext resolution with the "node" condition: the Node entry's declarations.

const solver: Solver = await createSolver({ loadTimeoutMs: 30_000 });
const out: SolveOutput = solver.solve('${EASY}', { model: 'reduced', timeLimitMs: 1000 });
const first: number | undefined = out.solutionGrid?.[0]?.[0];
const ms: number = out.stats.totalMs;
const many = solver.solveMany(['${EASY}', [[1, 0], [0, 0]]], { presolve: false }, (p) => p.done / p.total);
const lp: string = solver.exportModel('${EASY}', { format: 'mps' }).text;
const g = solver.generate({ size: 4, seed: 2, symmetry: 'rot180' }, (p) => p.checked);
const unique: boolean | null = solver.checkUniqueness(g.puzzleGrid).unique;
try {
  solver.parse('');
} catch (e) {
  if (e instanceof GridmilpError) console.log(e.code, e.where?.line, e.where?.column);
}
console.log(first, ms, many.solved, lp.length, unique, solver.version.glpk);
solver.dispose();
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          // No @types/node: the declarations must not need Node's types.
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['consumer.ts'],
      }),
    );
    const ok = run(process.execPath, [tsc, '-p', 'tsconfig.json', '--traceResolution'], { cwd: dir });
    expect(ok.stdout.split('\n').filter((l) => /error TS/.test(l))).toEqual([]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(
      /Module name 'gridmilp' was successfully resolved to '.*\/node_modules\/gridmilp\/lib\/src\/lib\/node\.d\.ts'/,
    );

    // The types are real: a wrong option type and an unknown option are compile errors.
    writeFileSync(
      join(dir, 'misuse.ts'),
      `import { createSolver } from 'gridmilp';
const solver = await createSolver();
solver.solve('${EASY}', { timeLimitMs: '1000' });
solver.solve('${EASY}', { timelimit: 1000 });
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.misuse.json'),
      // skipLibCheck: the declarations were checked above; this run is about misuse.ts.
      JSON.stringify({ extends: './tsconfig.json', compilerOptions: { skipLibCheck: true }, files: ['misuse.ts'] }),
    );
    const misuse = run(process.execPath, [tsc, '-p', 'tsconfig.misuse.json'], { cwd: dir });
    expect(misuse.status).not.toBe(0);
    // TS2769 "No overload matches this call": solve has a Sudoku and a genre overload.
    expect(misuse.stdout).toMatch(/misuse\.ts\(3,[0-9]+\): error TS(2322|2769)/);
    expect(misuse.stdout).toMatch(/misuse\.ts\(4,[0-9]+\): error TS[0-9]+: [^]*'timelimit' does not exist in type 'SolveCallOptions'/);
  });

  it('ships declarations that type-check a Node consumer with the old resolution (moduleResolution node: no "exports")', () => {
    writeFileSync(
      join(dir, 'old-consumer.ts'),
      `import { createSolver, readSpreadsheet, writeSpreadsheet, type SpreadsheetPuzzles } from 'gridmilp';

const solver = await createSolver();
const read: SpreadsheetPuzzles = await readSpreadsheet('week.xlsx');
const bytes: Uint8Array = await writeSpreadsheet('csv', { results: [] });
console.log(read.puzzles.length, bytes.length, solver.solve('${EASY}').status);
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.old.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'node',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['old-consumer.ts'],
      }),
    );
    const r = run(process.execPath, [tsc, '-p', 'tsconfig.old.json', '--traceResolution'], { cwd: dir });
    expect(r.stdout.split('\n').filter((l) => /error TS/.test(l))).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Module name 'gridmilp' was successfully resolved to '.*\/node_modules\/gridmilp\/lib\/src\/lib\/node\.d\.ts'/);
  });

  it('ships declarations that type-check a bundler consumer (browser entry, DOM only)', () => {
    writeFileSync(
      join(dir, 'web-consumer.ts'),
      `import { createSolver, type EnumerateProgress } from 'gridmilp';

const solver = await createSolver({ wasmUrl: new URL('./gridmilp_wasm_sat.wasm', location.href) });
const result = solver.enumerate('${EASY}', { limit: 2 }, (p: EnumerateProgress) => p.found);
document.title = String(result.count);
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.web.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          lib: ['ES2022', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['web-consumer.ts'],
      }),
    );
    const r = run(process.execPath, [tsc, '-p', 'tsconfig.web.json', '--traceResolution'], { cwd: dir });
    expect(r.status, r.stdout.split('\n').filter((l) => l.includes('error')).join('\n')).toBe(0);
    expect(r.stdout).toMatch(/Module name 'gridmilp' was successfully resolved to '.*\/node_modules\/gridmilp\/lib\/src\/lib\/browser\.d\.ts'/);
  });
});
