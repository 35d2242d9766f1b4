// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark (figures, not a test): solves every puzzle of each set with the native
// CLI (`gridmilp-cli bench`) and with the WASM module in Node, and prints per-puzzle
// median / p90 / max in µs and the total, side by side, plus the WASM module's load
// time and first-solve time. Each puzzle is solved REPEAT times (default 3) and the
// minimum is kept, the same way in both builds; every solution is verified.
//
// Usage: node scripts/bench.mjs [--repeat N] [--model textbook|candidates|reduced] [FILE ...]
// (default: both the textbook and the reduced model). Unless --no-extras: the 16×16
// and 25×25 sets (reduced model, --time-limit MS per puzzle, default 10000; stopped
// puzzles are counted), uniqueness checks on Project Euler 96, and generation of
// 9×9 (minimal) and 16×16 (150 givens) puzzles.
// Default sets: ../shared/data/{p096_sudoku.txt, top95.txt, sudoku17_last1000.txt}.
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cpus } from 'node:os';
import { resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
let repeat = 3;
let models = ['textbook', 'reduced'];
let bigLimitMs = 10000;
let extras = true;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--repeat') repeat = Number(args[++i]);
  else if (args[i] === '--model') models = [args[++i]];
  else if (args[i] === '--time-limit') bigLimitMs = Number(args[++i]);
  else if (args[i] === '--no-extras') extras = false;
  else files.push(resolve(args[i]));
}
if (files.length === 0) {
  for (const f of ['p096_sudoku.txt', 'top95.txt', 'sudoku17_last1000.txt']) {
    files.push(resolve(root, '../shared/data', f));
  }
}
const cli = resolve(root, 'build/native-release/gridmilp-cli');
const wasmJs = resolve(root, 'build/wasm/gridmilp_wasm.js');
for (const f of [cli, wasmJs, ...files]) {
  if (!existsSync(f)) throw new Error(`bench: missing ${f} (run npm run build)`);
}

/** Order statistics of a list of µs figures. */
function summary(times) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { n: s.length, median: q(0.5), p90: q(0.9), max: s[s.length - 1], total: s.reduce((a, b) => a + b, 0) };
}

/** Independent check: every row, column and box of a 9×9 solution holds 1–9, givens kept. */
function valid(givens, solution) {
  if (!solution || solution.length !== 81) return false;
  for (let i = 0; i < 81; i++) if (givens[i] !== '.' && givens[i] !== solution[i]) return false;
  for (let u = 0; u < 9; u++) {
    const row = new Set(), col = new Set(), box = new Set();
    for (let k = 0; k < 9; k++) {
      row.add(solution[u * 9 + k]);
      col.add(solution[k * 9 + u]);
      box.add(solution[(Math.floor(u / 3) * 3 + Math.floor(k / 3)) * 9 + (u % 3) * 3 + (k % 3)]);
    }
    if (row.size !== 9 || col.size !== 9 || box.size !== 9) return false;
  }
  return true;
}

const loadStart = performance.now();
const { default: createModule } = await import(wasmJs);
const wasm = await createModule({ wasmBinary: readFileSync(wasmJs.replace(/\.js$/, '.wasm')) });
const loadMs = performance.now() - loadStart;
let firstSolveMs = null;
let nextId = 1;
function wasmRequest(request) {
  const response = JSON.parse(wasm.handleRequest(JSON.stringify({ id: nextId++, ...request })));
  if (response.error) throw new Error(`${response.error.code}: ${response.error.message}`);
  return response.result;
}

const fmt = (us) => (us >= 10000 ? us.toFixed(0) : us >= 100 ? us.toFixed(0) : us.toFixed(1)).padStart(9);
console.log(`gridmilp benchmark — presolve on, min of ${repeat} solves per puzzle; models: ${models.join(', ')}`);
console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
console.log('');
console.log(`${'set [model]'.padEnd(34)}${'build'.padEnd(8)}${'n'.padStart(6)}${'median µs'.padStart(11)}${'p90 µs'.padStart(10)}${'max µs'.padStart(10)}${'total ms'.padStart(10)}  ratio`);
for (const model of models) {
for (const file of files) {
  const native = JSON.parse(execFileSync(cli, ['bench', file, '--repeat', String(repeat), '--model', model], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  if (!native.verified) throw new Error(`bench: native build gave an invalid solution on ${file}`);
  const puzzles = wasmRequest({ type: 'parse', text: readFileSync(file, 'utf8') }).puzzles;
  const times = [];
  for (const p of puzzles) {
    let best = Infinity;
    for (let k = 0; k < repeat; k++) {
      const t0 = performance.now();
      const result = wasmRequest({ type: 'solve', puzzle: p.givens, options: { model } });
      const us = (performance.now() - t0) * 1000;
      if (firstSolveMs === null) firstSolveMs = us / 1000;
      best = Math.min(best, us);
      if (!valid(p.givens, result.solution)) throw new Error(`bench: WASM gave an invalid solution for ${p.name}`);
    }
    times.push(best);
  }
  const n = summary(native.timesUs), w = summary(times);
  const name = `${basename(file)} [${model}]`;
  console.log(`${name.padEnd(34)}${'native'.padEnd(8)}${String(n.n).padStart(6)}${fmt(n.median)}  ${fmt(n.p90)} ${fmt(n.max)} ${(n.total / 1000).toFixed(1).padStart(9)}`);
  console.log(`${''.padEnd(34)}${'wasm'.padEnd(8)}${String(w.n).padStart(6)}${fmt(w.median)}  ${fmt(w.p90)} ${fmt(w.max)} ${(w.total / 1000).toFixed(1).padStart(9)}  ${(w.median / n.median).toFixed(2)}× native (median)`);
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
  const bigSets = [
    ['sw_Sudoku 16×16 (unique)', swFile],
    ['Lewis 16×16 sample', resolve(data, 'sudoku16x16/lewis_sample_16x16.txt')],
    ['Lewis 25×25 sample', resolve(data, 'sudoku25x25/lewis_sample_25x25.txt')],
  ];
  console.log('');
  console.log(`16×16 and 25×25, reduced model, time limit ${bigLimitMs} ms per puzzle, one solve each (µs):`);
  for (const [label, file] of bigSets) {
    const native = JSON.parse(execFileSync(cli, ['bench', file, '--repeat', '1', '--model', 'reduced', '--time-limit', String(bigLimitMs)], { encoding: 'utf8', maxBuffer: 64 << 20 }));
    if (!native.verified) throw new Error(`bench: native build gave an invalid solution on ${file}`);
    const parsed = wasmRequest({ type: 'parse', text: readFileSync(file, 'utf8') });
    const times = [];
    let stopped = 0;
    for (const p of parsed.puzzles) {
      const t0 = performance.now();
      const result = wasmRequest({ type: 'solve', puzzle: p.givens, size: parsed.size, options: { model: 'reduced', timeLimitMs: bigLimitMs } });
      times.push((performance.now() - t0) * 1000);
      if (!result.solution) stopped++;
    }
    const nStopped = native.statuses.filter((s) => s === 'time_limit').length;
    const n = summary(native.timesUs), w = summary(times);
    console.log(`${label.padEnd(34)}${'native'.padEnd(8)}${String(n.n).padStart(6)}${fmt(n.median)}  ${fmt(n.p90)} ${fmt(n.max)} ${(n.total / 1000).toFixed(1).padStart(9)}  ${nStopped} stopped by the limit`);
    console.log(`${''.padEnd(34)}${'wasm'.padEnd(8)}${String(w.n).padStart(6)}${fmt(w.median)}  ${fmt(w.p90)} ${fmt(w.max)} ${(w.total / 1000).toFixed(1).padStart(9)}  ${stopped} stopped by the limit`);
    console.log(`${''.padEnd(34)}per puzzle (native ms): ${native.timesUs.map((t, i) => (t / 1000).toFixed(1) + (native.statuses[i] === 'time_limit' ? '*' : '')).join(' ')}`);
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
  console.log('Generation (ms per puzzle; seeds 1–5 for 9×9 minimal, 1–2 for 16×16 down to 150 givens):');
  for (const [size, givens, seeds] of [[9, 0, [1, 2, 3, 4, 5]], [16, 150, [1, 2]]]) {
    const nat = [], was = [], counts = [];
    for (const seed of seeds) {
      const t0 = performance.now();
      const out = JSON.parse(execFileSync(cli, ['generate', '--size', String(size), '--seed', String(seed), '--givens', String(givens), '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      nat.push(out.result.totalMs);
      void t0;
      const t1 = performance.now();
      const r = wasmRequest({ type: 'generate', size, seed, givens });
      was.push(performance.now() - t1);
      counts.push(r.givens);
      if (r.puzzle !== out.result.puzzle) throw new Error(`bench: native and WASM generated different puzzles for seed ${seed}`);
    }
    console.log(`${(size + '×' + size).padEnd(8)} native ms: ${nat.map((t) => t.toFixed(0)).join(' ')}; wasm ms: ${was.map((t) => t.toFixed(0)).join(' ')}; givens: ${counts.join(' ')}`);
  }
}

console.log('');
console.log(`WASM module load (compile + instantiate, Node): ${loadMs.toFixed(1)} ms; first solve in a fresh instance: ${firstSolveMs.toFixed(1)} ms`);
