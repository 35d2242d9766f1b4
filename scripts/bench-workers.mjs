#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// solveMany on worker threads (issue #24, "every core"), npm API in Node: per set, the
// whole file through `solveMany(text)` on the calling thread and through
// `solveMany(text, { workers: N })`, default route, answers compared item by item.
// Each figure is the median of --runs passes after one warm-up pass of each (the
// threads are started and warm: a solver keeps them until dispose), first alternating
// (one thread, then the threads: they wait idle while the calling thread solves; also the
// median of each pass's own ratio, "paired", which the machine's drift from one second to
// the next moves less), then back to back (each route's passes in a row). Prints ms,
// the throughput against one thread, the process's CPU time in the alternating passes
// (every thread's: what the threads cost beyond the work itself, which the N cores must
// carry too), and the process's resident memory after the passes. Then, per set, the
// machine's own ceiling for it: N copies of the one-thread pass side by side, each on
// its own thread with its own solver and nothing shared (no chunks, no calling thread
// between them), against one copy alone, the median of --runs rounds: what N threads
// can give on this machine at best (on a 2-core VM, two independent native processes
// gave 1.65–1.89×), so that a threads' figure below 1.8× can be read against it.
// Figures, not tests. The package must be built (npm run build:package).
//
// Usage: node scripts/bench-workers.mjs [--runs N] [--workers N] [--genre G [--time-limit MS]] [FILE...]
// Default: ../shared/data/ top95.txt, sudoku17_last1000.txt, p096_sudoku.txt and the
// 25×25 sample (gridmilp's own stand-ins when absent), 5 runs, workers = cores. With
// --genre, each FILE is a text of that genre (e.g. a janko sw_*.puzzles.txt), solved
// with `solveMany(text, { genre })` (one puzzle per thread message until the pace is
// known, then about 20 ms of work per message); --time-limit is
// each puzzle's limit (answers that hit it are compared by status only).
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const entry = resolve(root, 'lib/src/lib/node.js');
if (!existsSync(entry)) throw new Error('bench-workers: lib/ is missing: npm run build:package first');
const { createSolver } = await import(entry);

const args = process.argv.slice(2);
let runs = 5;
let workers = availableParallelism();
let genre;
let timeLimitMs;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--workers') workers = Number(args[++i]);
  else if (args[i] === '--genre') genre = args[++i];
  else if (args[i] === '--time-limit') timeLimitMs = Number(args[++i]);
  else if (args[i].startsWith('--')) throw new Error(`bench-workers: unknown argument ${args[i]}`);
  else files.push(resolve(args[i]));
}
if (genre !== undefined && files.length === 0) throw new Error('bench-workers: --genre needs the files of that genre');
if (files.length === 0) {
  for (const [shared, own] of [
    ['top95.txt', 'hard95.txt'],
    ['sudoku17_last1000.txt', 'minimal1000.txt'],
    ['p096_sudoku.txt', 'grids50.txt'],
    ['sudoku25x25/lewis_sample_25x25.txt', '25x25.txt'],
  ]) {
    const path = resolve(root, '../shared/data', shared);
    files.push(existsSync(path) ? path : resolve(root, 'tests/data/sudoku', own));
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const answers = (r) => r.items.map((i) => i.solution ?? i.answer?.text ?? i.error?.code ?? i.status).join('\n');
/** With a time limit: every puzzle both passes answered has the same answer. */
const agree = (a, b) => a.items.every((x, k) => x.answer === undefined || b.items[k].answer === undefined || x.answer.text === b.items[k].answer.text);
const options = genre === undefined ? {} : { genre, ...(timeLimitMs !== undefined ? { timeLimitMs } : {}) };

/**
 * The machine's ceiling for `text`: `count` threads, each with its own solver, warmed by
 * one pass; per round one of them passes alone, then all at once (wall time until the
 * last is done). Returns count × alone / together, the median over `rounds`.
 */
async function ceiling(text, count, rounds) {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.entry).then(async ({ createSolver }) => {
      const solver = await createSolver();
      solver.solveMany(workerData.text, workerData.options);
      parentPort.on('message', (m) => {
        if (m === 'stop') { solver.dispose(); parentPort.close(); return; }
        const t = performance.now();
        solver.solveMany(workerData.text, workerData.options);
        parentPort.postMessage(performance.now() - t);
      });
      parentPort.postMessage('ready');
    });`;
  const threads = Array.from({ length: count }, () => new Worker(code, { eval: true, workerData: { entry: pathToFileURL(entry).href, text, options } }));
  const next = (w) =>
    new Promise((ok, fail) => {
      const done = (m) => {
        w.off('error', failed);
        ok(m);
      };
      const failed = (e) => {
        w.off('message', done);
        fail(e);
      };
      w.once('message', done);
      w.once('error', failed);
    });
  await Promise.all(threads.map(next));
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    threads[0].postMessage('go');
    const alone = await next(threads[0]);
    const t = performance.now();
    const done = threads.map(next);
    for (const w of threads) w.postMessage('go');
    await Promise.all(done);
    ratios.push((count * alone) / (performance.now() - t));
  }
  // Every thread ended before the next set's threads start.
  const ended = threads.map((w) => new Promise((ok) => w.once('exit', ok)));
  for (const w of threads) w.postMessage('stop');
  await Promise.all(ended);
  return median(ratios);
}

const texts = files.map((file) => readFileSync(file, 'utf8'));  // read once, for the passes and the ceiling
const solver = await createSolver();
console.log(`solveMany on worker threads: ${workers} workers, ${availableParallelism()} cores, median of ${runs} passes, ms`);
for (const [k, file] of files.entries()) {
  const text = texts[k];
  const a0 = solver.solveMany(text, options);
  const reference = answers(a0);
  await solver.solveMany(text, { ...options, workers });
  const one = [];
  const many = [];
  // The process's CPU time per pass (every thread's: process.cpuUsage), ms.
  const oneCpu = [];
  const manyCpu = [];
  const cpuSince = (c) => {
    const d = process.cpuUsage(c);
    return (d.user + d.system) / 1000;
  };
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    let c = process.cpuUsage();
    const a = solver.solveMany(text, options);
    one.push(performance.now() - t);
    oneCpu.push(cpuSince(c));
    t = performance.now();
    c = process.cpuUsage();
    const b = await solver.solveMany(text, { ...options, workers });
    many.push(performance.now() - t);
    manyCpu.push(cpuSince(c));
    if (timeLimitMs === undefined ? answers(a) !== reference || answers(b) !== reference : !agree(a, b))
      throw new Error(`bench-workers: ${file}: the answers differ`);
  }
  const [m1, mn] = [median(one), median(many)];
  // Each pass's own ratio, one thread against the threads' pass right after it: the
  // machine's speed drifts over seconds (one thread's median moved 15 % between the two
  // loops of one run), which a ratio of the two medians carries and a paired one less so.
  const paired = median(one.map((t, r) => t / many[r]));
  // Back to back: each route's passes in a row, so the threads never wait a pass long
  // between batches (a program that sends batch after batch); the passes above leave them
  // idle while the calling thread solves alone, and each batch starts them cold.
  const oneInRow = [];
  const manyInRow = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    solver.solveMany(text, options);
    oneInRow.push(performance.now() - t);
  }
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const b = await solver.solveMany(text, { ...options, workers });
    manyInRow.push(performance.now() - t);
    if (timeLimitMs === undefined && answers(b) !== reference) throw new Error(`bench-workers: ${file}: the answers differ`);
  }
  const [r1, rn] = [median(oneInRow), median(manyInRow)];
  console.log(
    `  ${basename(file).padEnd(26)} ${genre ? `${a0.solved}/${a0.items.length} solved ` : ''}1 thread ${m1.toFixed(1).padStart(8)}   ${workers} threads ${mn.toFixed(1).padStart(8)}   ${(m1 / mn).toFixed(2)}×` +
      `   paired ${paired.toFixed(2)}×   back to back ${r1.toFixed(1).padStart(8)} ${rn.toFixed(1).padStart(8)}   ${(r1 / rn).toFixed(2)}×   same answers`,
  );
  // What the threads cost beyond the work itself: their messages, the calling thread's
  // share, and each thread's work done slower beside the other (caches, memory).
  const [c1, cn] = [median(oneCpu), median(manyCpu)];
  console.log(`  ${''.padEnd(26)} CPU time, all threads: 1 thread ${c1.toFixed(1)} ms, ${workers} threads ${cn.toFixed(1)} ms (${cn >= c1 ? '+' : ''}${((cn / c1 - 1) * 100).toFixed(0)} %)`);
}
console.log(`resident memory after the passes: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB (the calling thread's module and ${workers} threads' own)`);
solver.dispose();
// After the passes and their memory figure, so that the ceiling's threads take no core
// and hold no memory while the solver's passes run.
console.log(`machine ceiling: ${workers} independent one-thread passes side by side against one alone, median of ${runs} rounds`);
for (const [k, file] of files.entries()) {
  const ratio = await ceiling(texts[k], workers, runs);
  console.log(`  ${basename(file).padEnd(26)} ${ratio.toFixed(2)}×`);
}
