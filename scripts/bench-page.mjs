// SPDX-License-Identifier: GPL-3.0-or-later
//
// Page benchmark (figures, not a test): serves dist/ on 127.0.0.1, opens the page in
// headless Chromium (playwright-core, /usr/bin/chromium) with a fresh profile for each
// run (empty HTTP cache, no service worker: a first visit), loads a puzzle through the
// URL (#p=…&model=…), waits until the worker's engine is ready, clicks Solve and
// measures, with the page's own clock, the ms from the click to the last cell of the
// filled board. Each figure therefore includes the worker's first solve. Also reports
// how long after the navigation started the engine was ready, and the page weight of a
// first solve: every response the page received (HTML, JS, CSS, worker, WASM), in
// bytes as sent and gzip -9 of each.
//
// Usage: node scripts/bench-page.mjs [--runs N] [--model textbook|reduced] [--set FILE]
//                                    [--delay MS] [--js-flags FLAGS] [--dist DIR]
//                                    [--trace FILE]
// Default: the first 10 puzzles of ../shared/data/top95.txt, both models, clicking at
// once when the engine is ready and again after 1000 ms (a person's reaction time).
// --js-flags passes V8 flags to Chromium, for diagnosis only (a page cannot set them):
// e.g. --js-flags=--liftoff-only shows how much of a click soon after loading is V8
// compiling the hot WASM functions with its optimising tier (TurboFan).
// --dist serves another build of the page than dist/ (to compare two builds).
// --trace writes a Chromium trace of one extra run (puzzle 1, not counted in the
// figures), from loading the page to the filled board (JSON; open it in Perfetto or
// chrome://tracing): which thread did what, V8's WASM compiles included. The click and
// the filled board are marked gm-click and gm-done.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPage, serve, startTrace } from './bench-browser.mjs';
import { FIRST_SOLVE_BUDGET, recordResponseWeights, totalWeight } from './page-weight.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
let count = 10;
let models = ['reduced', 'textbook'];
let set = resolve(root, '../shared/data/top95.txt');
let delays = [0, 1000];
let jsFlags = '';
let dist = null;
let traceFile = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') count = Number(args[++i]);
  else if (args[i] === '--model') models = [args[++i]];
  else if (args[i] === '--set') set = resolve(args[++i]);
  else if (args[i] === '--delay') delays = [Number(args[++i])];
  else if (args[i] === '--js-flags') jsFlags = args[++i];
  else if (args[i].startsWith('--js-flags=')) jsFlags = args[i].slice('--js-flags='.length);
  else if (args[i] === '--dist') dist = resolve(args[++i]);
  else if (args[i] === '--trace') traceFile = resolve(args[++i]);
  else throw new Error(`bench-page: unknown argument ${args[i]} (see the usage at the top of the script)`);
}
const puzzles = readFileSync(set, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l.length === 81).slice(0, count);

const { url, child } = await serve(dist);

/** The responses of the weighed run (scripts/page-weight.mjs). */
let weights = new Map();
/** ms from the start of each navigation to the engine line showing GLPK's version. */
const readyMs = [];

/**
 * One run in a fresh browser: loads `puzzle` with `model`, waits until the engine is
 * ready and then `delay` ms, clicks Solve and checks that no given changed.
 * @param options.weigh record the size of every response in `weights`
 * @param options.traceTo write a Chromium trace of the run to this file
 * @returns ms from the click to the frame that shows the filled board
 */
async function clickOnce(puzzle, model, delay, { weigh = false, traceTo = null } = {}) {
  const { page, close } = await freshPage({ jsFlags });
  try {
    const trace = traceTo ? await startTrace(page) : null;
    const weighed = weigh ? recordResponseWeights(page) : null;
    // When the engine line first shows GLPK's version: ms since the navigation started.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.getElementById('engine-version')?.textContent?.includes('GLPK')) {
          globalThis.gmReadyMs = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${url}#p=${puzzle.replace(/[.0]/g, '.')}&n=9&model=${model}`);
    await page.locator('#engine-version').filter({ hasText: 'GLPK' }).waitFor({ state: 'attached', timeout: 60_000 });
    if (!trace) readyMs.push(await page.evaluate(() => globalThis.gmReadyMs));
    await page.waitForTimeout(delay);
    const ms = await page.evaluate(() => new Promise((done, fail) => {
      const cells = () => [...document.querySelectorAll('[role="gridcell"]')];
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Solve');
      if (!button) return fail(new Error('no Solve button'));
      let t0 = 0;
      const observer = new MutationObserver(() => {
        if (cells().every((c) => c.dataset.value)) {
          observer.disconnect();
          // The board is filled in this task; the next frame shows it.
          requestAnimationFrame(() => {
            performance.mark('gm-done');
            done(performance.now() - t0);
          });
        }
      });
      observer.observe(document.body, { subtree: true, attributes: true, childList: true });
      performance.mark('gm-click');
      t0 = performance.now();
      button.click();
    }));
    const board = await page.locator('[role="gridcell"]').evaluateAll((cs) => cs.map((c) => c.dataset.value || '.').join(''));
    for (let k = 0; k < 81; k++) {
      if (puzzle[k] !== '.' && puzzle[k] !== '0' && puzzle[k] !== board[k]) throw new Error(`bench-page: ${puzzle}: a given changed`);
    }
    if (weighed) weights = await weighed();
    if (trace) {
      const events = await trace();
      writeFileSync(traceTo, JSON.stringify({ traceEvents: events }));
      console.log(`  trace (not counted) of puzzle 1, ${model}, click ${delay} ms after ready, ${ms.toFixed(0)} ms: ${events.length} events in ${traceTo}`);
    }
    return ms;
  } finally {
    await close();
  }
}

try {
  console.log(`page benchmark: click on Solve → filled board, fresh browser profile per puzzle (${puzzles.length} of ${set.split('/').pop()})${jsFlags ? `, V8 flags ${jsFlags}` : ''}`);
  // Tracing slows the browser down: the traced run is an extra one.
  if (traceFile) await clickOnce(puzzles[0], models[0], delays[0], { traceTo: traceFile });
  for (const delay of delays) for (const model of models) {
    const times = [];
    for (const [i, puzzle] of puzzles.entries()) {
      times.push(await clickOnce(puzzle, model, delay, { weigh: i === 0 && model === models[0] && delay === delays[0] }));
    }
    const s = [...times].sort((a, b) => a - b);
    console.log(`  ${model.padEnd(9)} click ${String(delay).padStart(4)} ms after ready: median ${s[s.length >> 1].toFixed(1)} ms, max ${s.at(-1).toFixed(1)} ms; each: ${times.map((t) => t.toFixed(0)).join(' ')}`);
  }
  const r = [...readyMs].sort((a, b) => a - b);
  console.log(`engine ready (its version shown) after the navigation started: median ${r[r.length >> 1].toFixed(0)} ms, max ${r.at(-1).toFixed(0)} ms, over ${r.length} loads`);
  console.log('page weight of a first solve (gzip -9 of each response, bytes):');
  for (const [u, w] of [...weights].sort((a, b) => b[1].gzip - a[1].gzip)) {
    console.log(`  ${String(w.gzip).padStart(8)} ${String(w.raw).padStart(8)} raw  ${u.replace(url, '') || '(the page)'}`);
  }
  const { raw, gzip } = totalWeight(weights);
  console.log(`  total ${gzip} bytes gzip (${(gzip / 1024).toFixed(1)} KiB; ${(raw / 1024).toFixed(1)} KiB raw), ${weights.size} responses; budget ${FIRST_SOLVE_BUDGET}`);
} finally {
  child.kill();
}
