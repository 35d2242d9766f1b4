// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark of the genres (figures, not a test): every record of the shared killer and
// jigsaw sets solved natively (gridmilp-cli solve --genre G --json, each response's
// totalMs, best of REPEAT runs) and in WASM in Node (the SAT module, the npm package's: JSON request in,
// JSON response out, best of REPEAT passes after a warm-up pass), on the default route
// of each genre (the SAT method; killer on the "combinations" model) and, with
// --textbook, also on branch-and-bound and on the killer's textbook model. Prints per
// set and route: median / p90 / max in ms, the mean, and the reference figures of
// SmilingWayne/PuzzleSolver's README (OR-Tools CP-SAT, native, hardware not stated).
// Every answer must pass the genre's rule checker (answer.verified) or the run fails.
//
// Usage: node scripts/bench-genres.mjs [--repeat N] [--textbook]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const data = resolve(root, '../shared/data/variants');
const args = process.argv.slice(2);
const repeat = args.includes('--repeat') ? Number(args[args.indexOf('--repeat') + 1]) : 3;
const withTextbook = args.includes('--textbook');

const SETS = [
  { genre: 'killer', file: 'killer_sudoku/sw_KillerSudoku.puzzles.txt', peer: 'CP-SAT 6 / 119 ms (average / max)' },
  { genre: 'jigsaw', file: 'jigsaw_sudoku/sw_JigsawSudoku.puzzles.txt', peer: 'CP-SAT 3 / 7 ms (average / max)' },
];
const ROUTES = [{ label: 'default (SAT)', options: {} }];
if (withTextbook) {
  // Killer by branch-and-bound takes seconds a record (2.8 s, 249 nodes, on 369_9x9): jigsaw only.
  ROUTES.push({ label: 'branch-and-bound', options: { method: 'branch-and-bound' }, only: 'jigsaw' });
  ROUTES.push({ label: 'textbook, SAT', options: { model: 'textbook', method: 'sat' }, only: 'killer' });
}

const wasmJs = resolve(root, 'build/wasm/gridmilp_wasm_sat.js');
const { default: create } = await import(wasmJs);
const wasm = await create({ wasmBinary: readFileSync(wasmJs.replace(/\.js$/, '.wasm')), print() {}, printErr() {} });
const cli = resolve(root, 'build/native-release/gridmilp-cli');

function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { median: at(0.5), p90: at(0.9), max: s.at(-1), mean };
}
const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)).padStart(7);

console.log('Genres: ms per puzzle, median / p90 / max (mean); every answer checked by the rule checker');
for (const set of SETS) {
  const path = resolve(data, set.file);
  if (!existsSync(path)) {
    console.log(`${set.genre}: ${path} not present, skipped`);
    continue;
  }
  const text = readFileSync(path, 'utf8');
  const records = text.split(/^(?==== )/m).filter((t) => t.trim());
  for (const route of ROUTES) {
    if (route.only && route.only !== set.genre) continue;
    const request = (puzzle) => JSON.stringify({ type: 'solve', genre: set.genre, puzzle, options: route.options });
    const best = records.map(() => Infinity);
    for (let pass = 0; pass <= repeat; pass++) {
      records.forEach((r, i) => {
        const t0 = performance.now();
        const out = JSON.parse(wasm.handleRequest(request(r)));
        const t = performance.now() - t0;
        if (!out.result?.answer?.verified) throw new Error(`${set.genre} ${route.label}: no verified answer for ${r.slice(0, 40)}`);
        if (pass > 0) best[i] = Math.min(best[i], t); // pass 0 warms up
      });
    }
    const w = summary(best);
    const cliArgs = ['solve', '--genre', set.genre, '--json', path];
    if (route.options.model) cliArgs.push('--model', route.options.model);
    if (route.options.method) cliArgs.push('--method', route.options.method);
    // Native: the CLI run REPEAT times over the set, each puzzle's best kept, as for WASM.
    const nativeBest = records.map(() => Infinity);
    for (let pass = 0; pass < repeat; pass++) {
      const lines = execFileSync(cli, cliArgs, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] })
        .split('\n')
        .filter(Boolean);
      lines.forEach((l, i) => (nativeBest[i] = Math.min(nativeBest[i], JSON.parse(l).result.stats.totalMs)));
    }
    const native = summary(nativeBest);
    console.log(
      `${set.genre.padEnd(7)} ${route.label.padEnd(17)} ${records.length} records | WASM ${f(w.median)} ${f(w.p90)} ${f(w.max)} (${f(w.mean).trim()}) | native ${f(native.median)} ${f(native.p90)} ${f(native.max)} (${f(native.mean).trim()}) | ${set.peer}`,
    );
  }
}
