#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Page benchmark of a batch on one worker and on a pool (issue #24, "every core"):
// serves dist/ on 127.0.0.1, opens the page in headless Chromium with `?workers=N`,
// loads a puzzle file through the file input and reads the batch's time from the
// status line ("Finished 1,000 puzzles from … in 1.25 s on 2 workers: …"), twice per
// page: the first batch (helpers start then: their workers, modules and cold solves)
// and a second one (helpers warm), timed in the page from the file input's change to
// the status line's "Finished". Prints per file and worker count the median of
// `--runs` pages, and the throughput against one worker, then each page's figures with
// the workers that took part (from the status line: "123/2w"). Figures, not tests.
//
// Usage: node scripts/bench-page-batch.mjs [--runs N] [--workers 1,2] [--batches B]
//                                          [--hash model=candidates] [--dist DIR]
//                                          [--ceiling] [FILE...]
// (--hash: the page's URL state, e.g. another model than the batch's default route;
// --dist: the build to serve, default dist/ (e.g. a copy of another commit's, to compare);
// --ceiling: then, per file of one 9×9 puzzle a line, what the page's worker module
// gives without the page: bare workers made from the page's own worker script, the
// whole file on one, half on each of two, and on two in chunks as the pool sends them
// (1/16 of the file, four in flight on each), the batch's default route, median of 9
// rounds;
// --batches: batches per page, the first reported alone; --genre G: the genre page's
// Solve all on a file of that genre's records, timed from the click to its status
// line's "… puzzles solved"; --time-limit S: its time limit per puzzle, s, default the page's)
// Default: ../shared/data/sudoku17_last1000.txt and top95.txt, 3 runs, 2 batches,
// workers 1 and navigator.hardwareConcurrency.
// GRIDMILP_BENCH_CONSOLE=1 prints the page's and its workers' console messages (for
// timings put there while looking into a figure).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './bench-browser.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
let runs = 3;
let batchesPerPage = 2;
let hash = '';
let genre = null;
let timeLimitS = null;
let workerCounts = null;
let dist = null;
let ceilingRounds = 0;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--workers') workerCounts = args[++i].split(',').map(Number);
  else if (args[i] === '--batches') batchesPerPage = Number(args[++i]);
  else if (args[i] === '--hash') hash = `#${args[++i]}`;
  else if (args[i] === '--genre') genre = args[++i];
  else if (args[i] === '--time-limit') timeLimitS = args[++i];
  else if (args[i] === '--dist') dist = resolve(args[++i]);
  else if (args[i] === '--ceiling') ceilingRounds = 9;
  else if (args[i].startsWith('--')) throw new Error(`bench-page-batch: unknown argument ${args[i]}`);
  else files.push(resolve(args[i]));
}
if (files.length === 0) {
  for (const name of ['sudoku17_last1000.txt', 'top95.txt']) {
    const path = resolve(root, '../shared/data', name);
    if (existsSync(path)) files.push(path);
  }
}
if (files.length === 0) throw new Error('bench-page-batch: no puzzle file given and none in ../shared/data');

/** ms in the status line's "in 1.25 s" / "in 458 ms". */
function batchMs(status) {
  const m = /^Finished [\d,]+ puzzles? from .* in ([\d.]+) (ms|s)/.exec(status);
  if (!m) throw new Error(`bench-page-batch: not a finished batch: ${status}`);
  return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Watch `selector` (the page's status line): window.benchEnd is stamped, on the page's
 * clock, when its text first matches `pattern`, and window.benchDone (a promise) resolves
 * then. The harness awaits that promise, one call that the page answers when it settles:
 * playwright's `waitFor` polls the page on its main thread every frame, work that on 2
 * cores took CPU from the workers (its share in the figures of the forty-third session's
 * performance.md entry).
 *
 * @returns the page's performance.now() when the watch began, ms
 */
function stampEnd(page, selector, pattern) {
  return page.evaluate(
    ([sel, source]) => {
      const w = window;
      w.benchEnd = 0;
      w.benchDone = new Promise((settle) => {
        const line = document.querySelector(sel);
        const re = new RegExp(source);
        new MutationObserver((_, observer) => {
          if (re.test(line?.textContent ?? '')) {
            w.benchEnd = performance.now();
            observer.disconnect();
            settle();
          }
        }).observe(line, { childList: true, characterData: true, subtree: true });
      });
      return performance.now();
    },
    [selector, pattern.source],
  );
}

/** Wait for the watch {@link stampEnd} set to see its text, at most `timeoutMs`. */
async function ended(page, timeoutMs) {
  const settled = await page.evaluate(
    (ms) => Promise.race([window.benchDone.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]),
    timeoutMs,
  );
  if (!settled) throw new Error(`bench-page-batch: no end seen in ${timeoutMs} ms`);
}

/**
 * The page's worker module without the page (--ceiling): workers made in `page` from the
 * script its own worker loaded, sent `solveBatch` messages as solver/client.ts sends them
 * (protocol.ts), the batch's default route.
 *
 * @returns medians over `rounds`, ms: the whole text on one worker (`one`), half on each
 *   of two (`halves`), and on two in `chunks` chunks, four in flight each (`chunked`)
 */
function bareWorkers(page, text, rounds) {
  return page.evaluate(
    async ([text, rounds]) => {
      const script = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((name) => /\/worker-[^/]*\.js$/.test(name));
      if (!script) throw new Error('bench-page-batch: the page loaded no worker script');
      let id = 1;
      const call = (worker, message) =>
        new Promise((settle, fail) => {
          const my = id++;
          const listen = (e) => {
            if (e.data.id !== my || !('result' in e.data || 'error' in e.data)) return;
            worker.removeEventListener('message', listen);
            if ('error' in e.data) fail(new Error(e.data.error.message));
            else settle(e.data.result);
          };
          worker.addEventListener('message', listen);
          worker.postMessage({ id: my, ...message });
        });
      const shape = { size: 9, boxHeight: 3, boxWidth: 3, symbols: 'digits', quiet: true, options: { model: 'reduced', method: 'sat' } };
      const solve = (worker, lines) => call(worker, { type: 'solveBatch', text: lines.join('\n'), ...shape });
      const lines = text.trim().split('\n');
      const workers = [0, 1].map(() => new Worker(script, { type: 'module', name: 'gridmilp' }));
      for (let k = 0; k < 3; k++) await Promise.all(workers.map((w) => solve(w, lines)));
      const size = Math.ceil(lines.length / 16);
      const chunks = [];
      for (let k = 0; k < lines.length; k += size) chunks.push(lines.slice(k, k + size));
      const runs = { one: [], halves: [], chunked: [] };
      for (let r = 0; r < rounds; r++) {
        let t = performance.now();
        await solve(workers[0], lines);
        runs.one.push(performance.now() - t);
        t = performance.now();
        const mid = Math.ceil(lines.length / 2);
        await Promise.all([solve(workers[0], lines.slice(0, mid)), solve(workers[1], lines.slice(mid))]);
        runs.halves.push(performance.now() - t);
        t = performance.now();
        let next = 0;
        const lane = async (w) => {
          while (next < chunks.length) await solve(w, chunks[next++]);
        };
        await Promise.all(workers.flatMap((w) => [lane(w), lane(w), lane(w), lane(w)]));
        runs.chunked.push(performance.now() - t);
      }
      for (const w of workers) w.terminate();
      const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
      return { one: median(runs.one), halves: median(runs.halves), chunked: median(runs.chunked), chunks: chunks.length };
    },
    [text, rounds],
  );
}

const { url, child } = await serve(dist);
const profile = mkdtempSync(join(tmpdir(), 'gridmilp-bench-batch-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.GRIDMILP_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  serviceWorkers: 'block',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const probe = await context.newPage();
  await probe.goto(url);
  const cores = await probe.evaluate(() => navigator.hardwareConcurrency);
  await probe.close();
  workerCounts ??= [...new Set([1, Math.min(8, cores)])];
  console.log(`page batch benchmark: navigator.hardwareConcurrency ${cores}; median of ${runs} pages, ms from choosing the file to "Finished"${genre !== null ? ' (genre page: from Solve all to "… puzzles solved")' : ''}`);
  for (const file of files) {
    const base = {};
    for (const workers of workerCounts) {
      const first = [];
      const second = [];
      const firstTook = [];
      const secondTook = [];
      for (let r = 0; r < runs; r++) {
        const page = await context.newPage();
        if (process.env.GRIDMILP_BENCH_CONSOLE) page.on('console', (m) => console.log(`    [page] ${m.text()}`));
        await page.goto(`${url}?workers=${workers}${hash}`);
        await page.locator('#engine-version').filter({ hasText: 'GLPK' }).waitFor({ state: 'attached', timeout: 60_000 });
        if (genre !== null) {
          await page.selectOption('#genre', genre);
          await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
          await page.getByLabel('Genre text file').setInputFiles(file);
          await page.locator('#genre-solve-all:not([hidden])').waitFor({ timeout: 60_000 });
          if (timeLimitS !== null) await page.fill('#genre-time-limit', timeLimitS);
        }
        for (const into of [first, ...Array.from({ length: batchesPerPage - 1 }, () => second)]) {
          if (genre !== null) {
            // From the click to the status line's "… puzzles solved" (the page's clock).
            // The click is stamped by the page as it comes: playwright's page.click waits
            // for the button to be stable (animation frames) before it clicks, 20–40 ms
            // that stamping before page.click counted in each batch.
            await stampEnd(page, '#genre-status', /puzzles solved/);
            await page.evaluate(() => {
              const w = window;
              w.benchStart = Number.NaN; // a click the page never saw reads as NaN, not the last batch's
              document
                .querySelector('#genre-solve-all')
                ?.addEventListener('click', () => (w.benchStart = performance.now()), { once: true, capture: true });
            });
            await page.click('#genre-solve-all');
            await ended(page, 1_800_000);
            into.push(Math.round(await page.evaluate(() => window.benchEnd - window.benchStart)));
            const said = (await page.locator('#genre-status').textContent()) ?? '';
            (into === first ? firstTook : secondTook).push(/ on (\d+) workers/.exec(said)?.[1] ?? '1');
            await page.evaluate(() => {
              document.querySelector('#genre-status').textContent = '';
            });
            continue;
          }
          const status = page.locator('[role="status"]');
          // From choosing the file to the status line's "Finished" (the page's clock):
          // one worker's own figure leaves out the page's handling of its messages.
          await stampEnd(page, '[role="status"]', /^Finished /);
          await page.evaluate(() => {
            const w = window;
            document.querySelector('#file-input')?.addEventListener('change', () => (w.benchStart = performance.now()), { once: true });
          });
          await page.getByLabel('Puzzle file').setInputFiles(file);
          await ended(page, 600_000);
          const line = (await status.textContent()) ?? '';
          batchMs(line); // checks the line
          const ms = await page.evaluate(() => {
            const w = window;
            return Math.round(w.benchEnd - w.benchStart);
          });
          into.push(ms);
          // How many workers took part ("… on 2 workers"), shown beside each figure.
          (into === first ? firstTook : secondTook).push(/ on (\d+) workers/.exec(line)?.[1] ?? '1');
          await status.evaluate((s) => {
            s.textContent = '';
          });
        }
        await page.close();
      }
      const row = { first: median(first), second: median(second) };
      base[workers] = row;
      const ratio = (k) => (base[1] ? ` (${(base[1][k] / row[k]).toFixed(2)}×)` : '');
      console.log(
        `  ${basename(file).padEnd(24)} workers ${String(workers).padStart(2)}: first batch ${row.first.toFixed(0)} ms${ratio('first')}, ` +
          `second ${row.second.toFixed(0)} ms${ratio('second')}  ` +
          `[${first.map((ms, k) => `${ms}/${firstTook[k]}w`).join(' ')} | ${second.map((ms, k) => `${ms}/${secondTook[k]}w`).join(' ')}]`,
      );
    }
  }
  if (ceilingRounds > 0 && genre === null) {
    console.log(`ceiling: bare workers of the page's worker script (no page, no panel), median of ${ceilingRounds} rounds`);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (!text.trim().split('\n').every((line) => line.trim().length === 81)) {
        console.log(`  ${basename(file).padEnd(24)} left out: not one 9×9 puzzle a line`);
        continue;
      }
      const page = await context.newPage();
      await page.goto(url);
      await page.locator('#engine-version').filter({ hasText: 'GLPK' }).waitFor({ state: 'attached', timeout: 60_000 });
      const c = await bareWorkers(page, text, ceilingRounds);
      console.log(
        `  ${basename(file).padEnd(24)} one worker ${c.one.toFixed(1)} ms; two, half each ${c.halves.toFixed(1)} ms (${(c.one / c.halves).toFixed(2)}×); ` +
          `two, in ${c.chunks} chunks ${c.chunked.toFixed(1)} ms (${(c.one / c.chunked).toFixed(2)}×)`,
      );
      await page.close();
    }
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  child.kill();
}
