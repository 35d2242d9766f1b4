// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark of the genres (figures, not a test): every record of the shared killer and
// jigsaw sets and of the ten pencil genres' sw_* sets solved natively (gridmilp-cli solve --genre G --json, each response's
// totalMs, best of REPEAT runs) and in WASM in Node (the SAT module, the npm package's: JSON request in,
// JSON response out, best of REPEAT passes after a warm-up pass), on the default route
// of each genre (the SAT method; killer on the "combinations" model) and, with
// --textbook, also on branch-and-bound and on the killer's textbook model. Prints per
// set and route: median / p90 / max in ms, the mean, and the reference figures of
// SmilingWayne/PuzzleSolver's README (OR-Tools CP-SAT, native, hardware not stated).
// Every answer must pass the genre's rule checker (answer.verified) or the run fails.
//
// For the pencil sets it also prints the route, the cut rounds and the SAT conflicts (the
// CNF-SAT route's counterpart of branch-and-bound nodes) of the record at the median and
// of the slowest, and a peer: highs-js (HiGHS in WASM) given each record's final model,
// the one the re-solve loop ends with (exportModel with options.afterCuts, CPLEX LP
// written by GLPK), solved once with presolve on and the same time limit, median / p90 /
// max (mean) of the records it answers as optimal. HiGHS's answer
// is not read back (its status is counted): on the final model it may differ from
// GLPK's only where the cuts leave a second answer open.
//
// The pencil sets run one timed pass each (no warm-up pass: they take minutes), with a
// time limit of 20 s per record (Nurikabe has six records over it, docs/performance.md);
// a record stopped by it is counted and left out of the figures. The sets, their peers'
// figures and how records are read: scripts/genre-sets.mjs.
//
// Usage: node scripts/bench-genres.mjs [--repeat N] [--textbook] [--only GENRE] [--no-highs]
//                                      [--wasm FILE]
// --wasm: another build of the SAT module's .js (its .wasm beside it), to compare builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENRE_SETS as SETS, records as readRecords } from './genre-sets.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const data = resolve(root, '../shared/data');
const args = process.argv.slice(2);
const repeat = args.includes('--repeat') ? Number(args[args.indexOf('--repeat') + 1]) : 3;
const withTextbook = args.includes('--textbook');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const withHighs = !args.includes('--no-highs');

const ROUTES = [{ label: 'default (SAT)', options: {} }];
if (withTextbook) {
  // Killer by branch-and-bound takes seconds a record (2.8 s, 249 nodes, on 369_9x9): jigsaw only.
  ROUTES.push({ label: 'branch-and-bound', options: { method: 'branch-and-bound' }, only: 'jigsaw' });
  ROUTES.push({ label: 'textbook, SAT', options: { model: 'textbook', method: 'sat' }, only: 'killer' });
}

const wasmJs = args.includes('--wasm') ? resolve(args[args.indexOf('--wasm') + 1]) : resolve(root, 'build/wasm/gridmilp_wasm_sat.js');
const { default: create } = await import(wasmJs);
const wasm = await create({ wasmBinary: readFileSync(wasmJs.replace(/\.js$/, '.wasm')), print() {}, printErr() {} });
const cli = resolve(root, 'build/native-release/gridmilp-cli');
const { default: highsLoader } = await import('highs');
let highs = await highsLoader();

function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { median: at(0.5), p90: at(0.9), max: s.at(-1), mean };
}

/** The index of the record whose time is the median of `ms` (ignoring `skip`), and of the slowest. */
function medianAndSlowest(ms, skip) {
  const order = ms.map((t, i) => [t, i]).filter(([, i]) => !skip.has(i)).sort((a, b) => a[0] - b[0]);
  return [order[Math.floor(order.length / 2)][1], order.at(-1)[1]];
}

/**
 * highs-js on each record's final model: ms per record (solve only, the LP text read
 * included), how many HiGHS did not answer as optimal within `timeLimitMs`, and how many
 * it refused with an error (after which its module is loaded afresh: highs-js's module
 * is not usable again after an error).
 */
async function highsOnFinalModels(genre, records, timeLimitMs) {
  const ms = [];
  let unanswered = 0;
  let errors = 0;
  for (const puzzle of records) {
    const request = { type: 'exportModel', genre, puzzle, format: 'lp', options: { afterCuts: true, timeLimitMs } };
    const out = JSON.parse(wasm.handleRequest(JSON.stringify(request)));
    if (out.result?.status !== 'optimal') continue; // GLPK itself did not finish: left out, as above
    const t0 = performance.now();
    try {
      const status = highs.solve(out.result.text, { presolve: 'on', output_flag: false, time_limit: timeLimitMs / 1000 }).Status;
      if (status === 'Optimal') ms.push(performance.now() - t0);
      else unanswered++;
    } catch {
      errors++;
      highs = await highsLoader();
    }
  }
  return { ms, unanswered, errors };
}

const f = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)).padStart(7);

console.log('Genres: ms per puzzle, median / p90 / max (mean); every answer checked by the rule checker');
for (const set of SETS) {
  const path = resolve(data, set.file);
  if (!existsSync(path)) {
    console.log(`${set.genre}: ${path} not present, skipped`);
    continue;
  }
  if (only !== null && set.genre !== only) continue;
  const records = readRecords(set, path);
  const passes = set.passes ?? repeat;
  for (const route of ROUTES) {
    if (route.only && route.only !== set.genre) continue;
    const options = { ...route.options, ...(set.timeLimitMs ? { timeLimitMs: set.timeLimitMs } : {}) };
    const request = (puzzle) => JSON.stringify({ type: 'solve', genre: set.genre, puzzle, options });
    const best = records.map(() => Infinity);
    const counts = records.map(() => null); // [rounds, SAT conflicts or B&B nodes, method]
    const lateWasm = new Set();
    for (let pass = set.passes ? 1 : 0; pass <= passes; pass++) {
      records.forEach((r, i) => {
        const t0 = performance.now();
        const out = JSON.parse(wasm.handleRequest(request(r)));
        const t = performance.now() - t0;
        if (out.result?.status === 'time_limit') return void lateWasm.add(i);
        if (!out.result?.answer?.verified) throw new Error(`${set.genre} ${route.label}: no verified answer for ${r.slice(0, 40)}`);
        if (pass > 0) best[i] = Math.min(best[i], t); // pass 0 warms up
        const stats = out.result.stats;
        counts[i] = [stats.rounds, stats.method === 'sat' ? stats.sat?.conflicts : stats.nodes, stats.method];
      });
    }
    const w = summary(best.filter((_, i) => !lateWasm.has(i)));
    const cliArgs = ['solve', '--genre', set.genre, '--json', '-'];
    if (route.options.model) cliArgs.push('--model', route.options.model);
    if (route.options.method) cliArgs.push('--method', route.options.method);
    if (set.timeLimitMs) cliArgs.push('--time-limit', String(set.timeLimitMs));
    // Native: the CLI run as many times over the set, each puzzle's best kept, as for WASM.
    const nativeBest = records.map(() => Infinity);
    const lateNative = new Set();
    for (let pass = 0; pass < passes; pass++) {
      // Exit code 1 says a record went unanswered (the time limit): its line says so.
      const run = spawnSync(cli, cliArgs, { input: records.join(''), encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'ignore'] });
      if (run.status !== 0 && run.status !== 1) throw new Error(`${set.genre}: gridmilp-cli exited with ${run.status}`);
      const lines = run.stdout.split('\n').filter(Boolean);
      lines.forEach((l, i) => {
        const result = JSON.parse(l).result;
        if (result.status === 'time_limit') lateNative.add(i);
        else nativeBest[i] = Math.min(nativeBest[i], result.stats.totalMs);
      });
    }
    const native = summary(nativeBest.filter((_, i) => !lateNative.has(i)));
    const late = (n) => (n > 0 ? `, ${n} over ${set.timeLimitMs / 1000} s` : '');
    console.log(
      `${set.genre.padEnd(11)} ${route.label.padEnd(17)} ${records.length} records | WASM ${f(w.median)} ${f(w.p90)} ${f(w.max)} (${f(w.mean).trim()}${late(lateWasm.size)}) | native ${f(native.median)} ${f(native.p90)} ${f(native.max)} (${f(native.mean).trim()}${late(lateNative.size)}) | ${set.peer}`,
    );
    if (set.timeLimitMs) {
      const [med, slow] = medianAndSlowest(best, lateWasm);
      const said = (i) => {
        const [rounds, work, method] = counts[i];
        return `${rounds} rounds, ${work} ${method === 'sat' ? 'SAT conflicts' : 'nodes'}`;
      };
      const route = counts[med][2] === 'sat' ? 'CNF-SAT' : 'branch-and-bound';
      let peer = '';
      if (withHighs) {
        const h = await highsOnFinalModels(set.genre, records, set.timeLimitMs);
        const hs = summary(h.ms);
        const notOptimal = h.unanswered ? `, ${h.unanswered} not optimal within ${set.timeLimitMs / 1000} s` : '';
        const refused = h.errors ? `, ${h.errors} refused with an error` : '';
        peer = ` | highs-js, final model: ${f(hs.median)} ${f(hs.p90)} ${f(hs.max)} (${f(hs.mean).trim()}${notOptimal}${refused})`;
      }
      console.log(`${''.padEnd(29)} route ${route}; median record ${said(med)}; slowest ${said(slow)}${peer}`);
    }
  }
}
