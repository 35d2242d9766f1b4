// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark (figures, not a test): solves every puzzle of each set with the native
// CLI (`gridmilp-cli bench`), with the WASM module in Node, and with the peers of
// scripts/bench-peers.mjs (glpk.js, highs-js, a JS dancing-links solver), and prints
// per-puzzle median / p90 / max in µs and the total, side by side, the ratio of each
// peer to gridmilp's WASM build, and load and first-solve times. Each puzzle is solved
// at least REPEAT times (default 3) and the minimum is kept, the same way for every
// solver: in passes over the set, each solving every puzzle once in file order, as a
// batch does; a solver gets more passes than REPEAT where REPEAT of them would take
// less than --min-timed-ms in all (default 500 ms; the pass time estimated from its
// warm-up; the native CLI gets the WASM module's count). Three passes over Project
// Euler 96 take about 6 ms, short enough for a slow stretch of this VM to cover them
// all: with 3 passes, the same build's WASM / native on that set (reduced model) came
// out 0.92–1.72 in six runs of 2026-11-25; with at least 500 ms, 1.20–1.23 in six.
// With --back-to-back, a puzzle's solves follow one another instead, which lets the
// processor's branch predictor learn that puzzle's exact path (the old order, until
// 2026-11-25). Every solution is verified. Before the timed runs on a 9×9 set, the WASM module and
// each peer solve the whole set once untimed (a warm-up, as JMH and similar harnesses
// do): V8 compiles WASM and JS lazily and tiers hot code up only after many calls, so
// without it the first set measures compilation, not the solver. The first solve in a
// fresh instance is reported on its own. The native CLI warms up the same way
// (`bench --warm-up-ms 1000`). --no-warm-up turns both warm-ups off.
//
// Usage: node scripts/bench.mjs [--repeat N] [--min-timed-ms MS] [--back-to-back]
//                               [--model textbook|candidates|reduced|probed]
//                               [--method branch-and-bound|sat]
//                               [--time-limit MS] [--no-extras] [--no-peers]
//                               [--no-warm-up] [FILE ...]
// (default: the textbook, reduced and probed models with branch-and-bound, and the
// reduced model with the SAT method, written reduced/sat; the peers are compared with
// each). gridmilp's WASM figures come from the module with the SAT method
// (gridmilp_wasm_sat, the npm package's; its GLPK and branch-and-bound code is the page's
// first-solve module's, but its protocol and text parser are compiled for speed, not
// size, and its handleRequest converts strings with TextEncoder and TextDecoder).
// Unless --no-extras: the 16×16 and 25×25 sets (reduced, probed and reduced/sat,
// --time-limit MS per puzzle, default 10000; stopped puzzles are counted; the unique
// 16×16 puzzles warmed up and in passes as the 9×9 sets, the Lewis samples once each),
// uniqueness checks on Project Euler 96, and generation of 9×9 (minimal) and 16×16
// (150 givens) puzzles.
// Default sets: ../shared/data/{p096_sudoku.txt, top95.txt, sudoku17_last1000.txt}, and
// build/bench/generated-hard1000.txt when it exists (scripts/make-hard-set.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cpus } from 'node:os';
import { resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPeers, solveIsolated } from './bench-peers.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
let repeat = 3;
/** A solver's timed passes over a set take at least this many ms in all (see the top). */
let minTimedMs = 500;
let backToBack = false;
/** Variants: a model, with `/sat` for the SAT method. */
let models = ['textbook', 'reduced', 'probed', 'reduced/sat'];
let onlyModel = null;
let onlyMethod = null;
let bigLimitMs = 10000;
let extras = true;
let withPeers = true;
let warmUp = true;
/** The warm-up repeats the set until this many ms have passed (at least one pass). */
const WARM_UP_MS = 1000;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--repeat') repeat = Number(args[++i]);
  else if (args[i] === '--min-timed-ms') minTimedMs = Number(args[++i]);
  else if (args[i] === '--back-to-back') backToBack = true;
  else if (args[i] === '--model') onlyModel = args[++i];
  else if (args[i] === '--method') onlyMethod = args[++i];
  else if (args[i] === '--time-limit') bigLimitMs = Number(args[++i]);
  else if (args[i] === '--no-extras') extras = false;
  else if (args[i] === '--no-peers') withPeers = false;
  else if (args[i] === '--no-warm-up') warmUp = false;
  else files.push(resolve(args[i]));
}
if (onlyModel !== null || onlyMethod !== null) {
  models = [`${onlyModel ?? 'reduced'}${onlyMethod === 'sat' ? '/sat' : ''}`];
}
/** A variant's model and request options. */
function variant(name) {
  const [model, method] = name.split('/');
  return { model, options: method === 'sat' ? { model, method: 'sat' } : { model }, cliArgs: ['--model', model, ...(method === 'sat' ? ['--method', 'sat'] : [])] };
}
if (files.length === 0) {
  for (const f of ['p096_sudoku.txt', 'top95.txt', 'sudoku17_last1000.txt']) {
    files.push(resolve(root, '../shared/data', f));
  }
  // gridmilp's own hard set (scripts/make-hard-set.mjs; npm run bench makes it).
  const hard = resolve(root, 'build/bench/generated-hard1000.txt');
  if (existsSync(hard)) files.push(hard);
}
const cli = resolve(root, 'build/native-release/gridmilp-cli');
const wasmJs = resolve(root, 'build/wasm/gridmilp_wasm_sat.js');
for (const f of [cli, wasmJs, ...files]) {
  if (!existsSync(f)) throw new Error(`bench: missing ${f} (run npm run build)`);
}

/**
 * The order of the timed solves of `count` puzzles, as puzzle indices: `times` (default
 * REPEAT) passes over the set, or with --back-to-back each puzzle `times` in a row.
 */
function* solveOrder(count, times = repeat) {
  if (backToBack) {
    for (let i = 0; i < count; i++) for (let k = 0; k < times; k++) yield i;
  } else {
    for (let k = 0; k < times; k++) for (let i = 0; i < count; i++) yield i;
  }
}

/** Order statistics of a list of µs figures. */
function summary(times) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { n: s.length, median: q(0.5), p90: q(0.9), max: s[s.length - 1], total: s.reduce((a, b) => a + b, 0) };
}

/**
 * Independent check of an n×n solution string (symbols 1–9 then A–Z, '.' empty in the
 * givens): every row, column and box holds each symbol once, and the givens are kept.
 */
function valid(givens, solution, n = 9) {
  if (!solution || solution.length !== n * n) return false;
  for (let i = 0; i < n * n; i++) if (givens[i] !== '.' && givens[i] !== solution[i]) return false;
  const b = Math.round(Math.sqrt(n));
  for (let u = 0; u < n; u++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let k = 0; k < n; k++) {
      row.add(solution[u * n + k]);
      col.add(solution[k * n + u]);
      box.add(solution[(Math.floor(u / b) * b + Math.floor(k / b)) * n + (u % b) * b + (k % b)]);
    }
    if (row.size !== n || col.size !== n || box.size !== n) return false;
  }
  return true;
}

const loadStart = performance.now();
const { default: createModule } = await import(wasmJs);
const wasm = await createModule({ wasmBinary: readFileSync(wasmJs.replace(/\.js$/, '.wasm')) });
const loadMs = performance.now() - loadStart;
let firstSolveMs = null;
let nextId = 1;
/** The result of a parsed engine response; throws its error, if it is one. */
function resultOf(response) {
  if (response.error) throw new Error(`${response.error.code}: ${response.error.message}`);
  return response.result;
}
function wasmRequest(request) {
  return resultOf(JSON.parse(wasm.handleRequest(JSON.stringify({ id: nextId++, ...request }))));
}
/**
 * The untimed warm-up: solves every puzzle with `solve` (which returns nothing), over
 * and over until WARM_UP_MS have passed (at least once).
 * @returns the first solve's ms, and the passes to time (see passesFor) from the mean
 *   ms of a warm-up pass after the first
 */
function warmUpOn(puzzles, solve) {
  const start = performance.now();
  let firstMs = null;
  let firstPassEnd = null;
  let passes = 0;
  do {
    for (const p of puzzles) {
      const t0 = performance.now();
      solve(p);
      firstMs ??= performance.now() - t0;
    }
    passes++;
    firstPassEnd ??= performance.now();
  } while (performance.now() - start < WARM_UP_MS);
  const passMs = passes > 1 ? (performance.now() - firstPassEnd) / (passes - 1) : firstPassEnd - start;
  return { firstMs, passes: passesFor(passMs) };
}

/** Most timed passes over one set, whatever --min-timed-ms asks. */
const MAX_PASSES = 1000;

/**
 * How many timed passes a solver makes over a set whose pass takes `passMs`: REPEAT,
 * or more where REPEAT passes would take less than --min-timed-ms (at most MAX_PASSES).
 */
function passesFor(passMs) {
  if (!(passMs > 0)) return repeat;
  return Math.max(repeat, Math.min(MAX_PASSES, Math.ceil(minTimedMs / passMs)));
}

const fmt = (us) => (us >= 10000 ? us.toFixed(0) : us >= 100 ? us.toFixed(0) : us.toFixed(1)).padStart(9);
console.log(`gridmilp benchmark — presolve on, min of at least ${repeat} solves per puzzle (${backToBack ? 'back to back' : 'in passes over each set'}${warmUp ? `, timed for at least ${minTimedMs} ms a solver and set, after at least 1 s of untimed warm-up` : ''}); models: ${models.join(', ')}`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
console.log('');
const peers = withPeers ? await loadPeers() : [];
const peerFirstMs = new Map();
/**
 * Solves each puzzle REPEAT times with a peer, in solveOrder (minimum kept, verified);
 * pushes µs per puzzle to `times`. A puzzle stopped by the time limit is not solved
 * again.
 * @returns how many were stopped, and the passes made (REPEAT, or more: see passesFor)
 */
function runPeer(peer, puzzles, n, timeLimitMs, times, warm = false) {
  let passes = repeat;
  if (warm) {
    const warmed = warmUpOn(puzzles, (p) => peer.solve(p.givens, n, timeLimitMs));
    if (!peerFirstMs.has(peer.name)) peerFirstMs.set(peer.name, warmed.firstMs);
    passes = warmed.passes;
  }
  const best = puzzles.map(() => Infinity);
  const stopped = puzzles.map(() => false);
  for (const i of solveOrder(puzzles.length, passes)) {
    if (stopped[i]) continue;
    const p = puzzles[i];
    const t0 = performance.now();
    const solution = peer.solve(p.givens, n, timeLimitMs);
    const us = (performance.now() - t0) * 1000;
    if (!peerFirstMs.has(peer.name)) peerFirstMs.set(peer.name, us / 1000);
    best[i] = Math.min(best[i], us);
    if (solution === null && timeLimitMs) stopped[i] = true;
    else if (!valid(p.givens, solution, n)) throw new Error(`bench: ${peer.name} gave an invalid solution for ${p.name}`);
  }
  times.push(...best);
  return { stopped: stopped.filter(Boolean).length, passes };
}
/**
 * Times a set with the native CLI (`gridmilp-cli bench`, see cpp/cli/main.cpp) in
 * `passes` passes (or back to back), after its own warm-up when `warm` is set.
 * @returns the CLI's JSON: timesUs (µs per puzzle, the minimum), statuses, verified
 * @throws when the CLI fails or reports a solution that is not valid
 */
function nativeBench(file, passes, warm, cliArgs) {
  const out = execFileSync(cli, ['bench', file, '--repeat', String(passes), ...(backToBack ? ['--back-to-back'] : []), '--warm-up-ms', String(warm ? WARM_UP_MS : 0), ...cliArgs], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const native = JSON.parse(out);
  if (!native.verified) throw new Error(`bench: native build gave an invalid solution on ${file}`);
  return native;
}
const row = (label, build, s, note = '') =>
  console.log(`${label.padEnd(34)}${build.padEnd(24)}${String(s.n).padStart(6)}${fmt(s.median)}  ${fmt(s.p90)} ${fmt(s.max)} ${(s.total / 1000).toFixed(1).padStart(9)}  ${note}`);
console.log(`${'set'.padEnd(34)}${'solver [model]'.padEnd(24)}${'n'.padStart(6)}${'median µs'.padStart(11)}${'p90 µs'.padStart(10)}${'max µs'.padStart(10)}${'total ms'.padStart(10)}  ratio`);
for (const file of files) {
  const puzzles = wasmRequest({ type: 'parse', text: readFileSync(file, 'utf8') }).puzzles;
  const ours = new Map();
  for (const model of models) {
    const { options, cliArgs } = variant(model);
    let passes = repeat;
    if (warmUp) {
      const warmed = warmUpOn(puzzles, (p) => wasmRequest({ type: 'solve', puzzle: p.givens, options }));
      firstSolveMs ??= warmed.firstMs;
      passes = warmed.passes;
    }
    // Two timings per solve: the call alone (JSON string in, JSON string out: what
    // the native figure times too) and what a JavaScript caller pays (JSON.stringify
    // of the request, the call, JSON.parse of the response), compared with the peers.
    const times = puzzles.map(() => Infinity);
    const callTimes = puzzles.map(() => Infinity);
    for (const i of solveOrder(puzzles.length, passes)) {
      const p = puzzles[i];
      const t0 = performance.now();
      const request = JSON.stringify({ id: nextId++, type: 'solve', puzzle: p.givens, options });
      const t1 = performance.now();
      const text = wasm.handleRequest(request);
      const t2 = performance.now();
      const response = JSON.parse(text);
      const us = (performance.now() - t0) * 1000;
      if (firstSolveMs === null) firstSolveMs = us / 1000;
      times[i] = Math.min(times[i], us);
      callTimes[i] = Math.min(callTimes[i], (t2 - t1) * 1000);
      const result = resultOf(response);
      if (!valid(p.givens, result.solution, result.size)) throw new Error(`bench: WASM gave an invalid solution for ${p.name}`);
    }
    // The native CLI after the WASM module, with the same number of passes.
    const native = nativeBench(file, passes, warmUp, cliArgs);
    const n = summary(native.timesUs), w = summary(times), c = summary(callTimes);
    ours.set(model, w);
    row(basename(file), `native [${model}]`, n, `${passes} passes`);
    row('', `wasm call [${model}]`, c, `${(c.median / n.median).toFixed(2)}× native (median), the same string in and out`);
    row('', `wasm+JSON [${model}]`, w, 'with JSON.stringify and JSON.parse in JS');
  }
  for (const peer of peers) {
    const times = [];
    const { passes } = runPeer(peer, puzzles, 9, 0, times, warmUp);
    const s = summary(times);
    const versus = [...ours].map(([model, w]) => `${(s.median / w.median).toFixed(2)}× wasm+JSON [${model}]`).join(', ');
    row('', peer.name, s, `${passes} passes; median ${versus}`);
  }
}
if (extras) {
  const data = resolve(root, '../shared/data');
  // The unique 16×16 puzzles of sw_Sudoku.puzzles.txt: "=== id" headers and a
  // "16 16" size line around each grid; written out as =-separated grids.
  const swText = readFileSync(resolve(data, 'puzzles/sudoku/sw_Sudoku.puzzles.txt'), 'utf8');
  const swGrids = swText.split(/^=== .*$/m).slice(1).map((r) => r.trim().split('\n'))
    .filter((lines) => lines[0].trim() === '16 16').map((lines) => lines.slice(1).join('\n'));
  const swFile = resolve(mkdtempSync(resolve(tmpdir(), 'gridmilp-bench-')), 'sw16.txt');
  writeFileSync(swFile, swGrids.join('\n=====\n') + '\n');
  // [label, file, timed like the 9×9 sets]: the unique 16×16 puzzles take well under a
  // millisecond each, so a single cold solve would time V8's compilation of the paths
  // that only 16×16 grids take (WASM/native 1.9 on 2026-11-25, against 1.2 warm); they
  // get the 9×9 sets' warm-up and passes. The Lewis samples, up to seconds a puzzle,
  // are solved once each.
  const bigSets = [
    ['sw_Sudoku 16×16 (unique)', swFile, true],
    ['Lewis 16×16 sample', resolve(data, 'sudoku16x16/lewis_sample_16x16.txt'), false],
    ['Lewis 25×25 sample', resolve(data, 'sudoku25x25/lewis_sample_25x25.txt'), false],
  ];
  console.log('');
  console.log(`16×16 and 25×25, time limit ${bigLimitMs} ms per puzzle; the unique 16×16 set timed as the 9×9 sets, the Lewis samples one solve each (µs; * = stopped by the limit):`);
  for (const [label, file, asNineByNine] of bigSets) {
    const parsed = wasmRequest({ type: 'parse', text: readFileSync(file, 'utf8') });
    // The reduced model (GLPK solves), the opt-in probed one (probing first), and the
    // reduced model with the SAT method.
    for (const model of ['reduced', 'probed', 'reduced/sat']) {
      const { options, cliArgs } = variant(model);
      const warm = asNineByNine && warmUp;
      const request = (p) => JSON.stringify({ id: nextId++, type: 'solve', puzzle: p.givens, size: parsed.size, options: { ...options, timeLimitMs: bigLimitMs } });
      const passes = !asNineByNine ? 1 : warm ? warmUpOn(parsed.puzzles, (p) => wasm.handleRequest(request(p))).passes : repeat;
      // The call alone, as the native figure (and "wasm call" above) is timed.
      const times = parsed.puzzles.map(() => Infinity);
      const stoppedAt = parsed.puzzles.map(() => false);
      for (const i of solveOrder(parsed.puzzles.length, passes)) {
        if (stoppedAt[i]) continue;
        const p = parsed.puzzles[i];
        const text = request(p);
        const t0 = performance.now();
        const response = wasm.handleRequest(text);
        times[i] = Math.min(times[i], (performance.now() - t0) * 1000);
        const result = resultOf(JSON.parse(response));
        if (!result.solution) stoppedAt[i] = true;
        else if (!valid(p.givens, result.solution, parsed.size)) throw new Error(`bench: WASM gave an invalid solution for ${p.name}`);
      }
      // The native CLI after the WASM module, with the same number of passes.
      const native = nativeBench(file, passes, warm, [...cliArgs, '--time-limit', String(bigLimitMs)]);
      const stopped = stoppedAt.filter(Boolean).length;
      const nStopped = native.statuses.filter((s) => s === 'time_limit').length;
      const nativeSummary = summary(native.timesUs), wasmSummary = summary(times);
      row(model === 'reduced' ? label : '', `native [${model}]`, nativeSummary, `${nStopped} stopped by the limit${asNineByNine ? `; ${passes} passes` : ''}`);
      row('', `wasm call [${model}]`, wasmSummary, `${stopped} stopped by the limit${asNineByNine ? `; ${(wasmSummary.median / nativeSummary.median).toFixed(2)}× native (median)` : ''}`);
      console.log(`${''.padEnd(34)}per puzzle (native ms): ${native.timesUs.map((t, i) => (t / 1000).toFixed(1) + (native.statuses[i] === 'time_limit' ? '*' : '')).join(' ')}`);
    }
    for (const peer of peers) {
      if (asNineByNine) {
        const peerTimes = [];
        const { passes } = runPeer(peer, parsed.puzzles, parsed.size, bigLimitMs, peerTimes, warmUp);
        row('', peer.name, summary(peerTimes), `warm, as the 9×9 sets; ${passes} passes`);
        continue;
      }
      // In a worker thread: dancing links has no time limit, so the limit is enforced
      // by terminating the thread.
      const results = await solveIsolated(peer.name, parsed.puzzles, parsed.size, bigLimitMs);
      results.forEach((r, i) => {
        if (!r.stopped && !valid(parsed.puzzles[i].givens, r.solution, parsed.size)) {
          throw new Error(`bench: ${peer.name} gave an invalid solution for ${parsed.puzzles[i].name}`);
        }
      });
      const peerTimes = results.map((r) => r.us);
      row('', peer.name, summary(peerTimes), `${results.filter((r) => r.stopped).length} stopped by the limit`);
      console.log(`${''.padEnd(34)}per puzzle (ms): ${results.map((r) => (r.us / 1000).toFixed(1) + (r.stopped ? '*' : '')).join(' ')}`);
    }
  }

  // Uniqueness checks (solve + no-good cut + re-solve) on Project Euler 96.
  const pe96 = resolve(data, 'p096_sudoku.txt');
  const nativeUnique = execFileSync(cli, ['solve', pe96, '--unique', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim().split('\n').map((l) => JSON.parse(l).result.totalMs * 1000);
  const wasmUnique = [];
  for (const p of wasmRequest({ type: 'parse', text: readFileSync(pe96, 'utf8') }).puzzles) {
    const t0 = performance.now();
    const r = wasmRequest({ type: 'checkUniqueness', puzzle: p.givens });
    if (r.unique !== true) throw new Error(`bench: ${p.name} not reported unique`);
    wasmUnique.push((performance.now() - t0) * 1000);
  }
  console.log('');
  console.log('Uniqueness check (textbook model) on p096_sudoku.txt, µs:');
  for (const [build, t] of [['native', nativeUnique], ['wasm', wasmUnique]]) {
    const s = summary(t);
    console.log(`${''.padEnd(34)}${build.padEnd(8)}${String(s.n).padStart(6)}${fmt(s.median)}  ${fmt(s.p90)} ${fmt(s.max)} ${(s.total / 1000).toFixed(1).padStart(9)}`);
  }

  // Generation.
  console.log('');
  console.log('Generation (ms per puzzle, the rating solve included; givens 0 = minimal; branch-and-bound on a minimal 16×16 takes minutes and is left out):');
  const generations = [
    [9, 0, [1, 2, 3, 4, 5], 'sat'],
    [9, 0, [1, 2, 3, 4, 5], 'branch-and-bound'],
    [16, 150, [1, 2], 'sat'],
    [16, 150, [1, 2], 'branch-and-bound'],
    [16, 0, [1, 2, 3], 'sat'],
    [25, 400, [1, 2], 'sat'],
  ];
  for (const [size, givens, seeds, method] of generations) {
    const nat = [], was = [], counts = [], rated = [];
    for (const seed of seeds) {
      const args = ['generate', '--size', String(size), '--seed', String(seed), '--givens', String(givens), '--method', method, '--json'];
      const out = JSON.parse(execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      nat.push(out.result.totalMs);
      const t1 = performance.now();
      const r = wasmRequest({ type: 'generate', size, seed, givens, options: { method } });
      was.push(performance.now() - t1);
      counts.push(r.givens);
      rated.push(r.difficulty.status === 'time_limit' ? '>' + r.difficulty.stats.solveMs.toFixed(0) : r.difficulty.stats.solveMs.toFixed(0));
      if (r.puzzle !== out.result.puzzle) throw new Error(`bench: native and WASM generated different puzzles for seed ${seed}`);
    }
    const label = `${size}×${size} ${givens === 0 ? 'minimal' : `to ${givens}`} ${method === 'sat' ? 'SAT' : 'B&B'}`;
    console.log(`${label.padEnd(22)} native ms: ${nat.map((t) => t.toFixed(0)).join(' ')}; wasm ms: ${was.map((t) => t.toFixed(0)).join(' ')}; givens: ${counts.join(' ')}; rating ms (wasm): ${rated.join(' ')}`);
  }
}

console.log('');
console.log(`gridmilp WASM module load (compile + instantiate, Node): ${loadMs.toFixed(1)} ms; first solve in a fresh instance: ${firstSolveMs.toFixed(1)} ms`);
for (const peer of peers) {
  console.log(`${peer.name} load: ${peer.loadMs.toFixed(1)} ms; first solve: ${(peerFirstMs.get(peer.name) ?? NaN).toFixed(1)} ms`);
}
