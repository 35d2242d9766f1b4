// SPDX-License-Identifier: GPL-3.0-or-later
//
// Page benchmark of the genres' first solve (figures, not a test; issue #24, goal 4):
// for each genre, the records nearest the median of its set (scripts/genre-sets.mjs; by
// the native gridmilp-cli's totalMs, one thread, best of two passes, so
// build/native-release must exist), one per run, each opened on the genre page of a
// fresh Chromium profile (bench-browser.mjs: empty HTTP cache, no service worker)
// through the address (#genre=G&text=…). The page says
// "… press Solve" once the engine has read the puzzle and drawn it: that is the click's
// moment (--delay adds ms after it). Measured with the page's own clock: ms from the
// click to the frame after the status line says "Solved in …" (the board is drawn
// before the status line is), and the engine's own ms ("Solved in X ms"), so that the
// rest is the page's and the worker's messages. The answer must pass the rule checker.
//
// Also reports the page weight of a genre's first use: the bytes of gzip -9 of every
// response of the visit that a first Sudoku visit does not receive (the module with the
// SAT method and the genres, the genre page's chunks).
//
// Usage: node scripts/bench-page-genres.mjs [--runs N] [--only G,G…] [--delay MS]
//                                           [--js-flags FLAGS] [--dist DIR] [--trace DIR]
// Default: every set present, 5 runs each (the 5 records nearest the median), click at
// once. --trace writes one extra run per genre (its first record, not counted) as
// DIR/<genre>.json, a Chromium trace with gm-click and
// gm-done marks (see bench-page.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPage, serve, startTrace } from './bench-browser.mjs';
import { GENRE_SETS, records as readRecords } from './genre-sets.mjs';
import { recordResponseWeights, totalWeight } from './page-weight.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const data = resolve(root, '../shared/data');
const cli = resolve(root, 'build/native-release/gridmilp-cli');
const args = process.argv.slice(2);
let runs = 5;
let only = null;
let delay = 0;
let jsFlags = '';
let dist = null;
let traceDir = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--only') only = new Set(args[++i].split(','));
  else if (args[i] === '--delay') delay = Number(args[++i]);
  else if (args[i] === '--js-flags') jsFlags = args[++i];
  else if (args[i] === '--dist') dist = resolve(args[++i]);
  else if (args[i] === '--trace') traceDir = resolve(args[++i]);
  else throw new Error(`bench-page-genres: unknown argument ${args[i]} (see the usage at the top of the script)`);
}
if (!existsSync(cli)) throw new Error(`bench-page-genres: ${cli} is missing; build it (cmake --build --preset native-release): it picks each set's median record`);

/**
 * The `count` records nearest the median of a set's native solve times (each record's
 * best of two passes; records without an answer in the set's time limit left out),
 * slowest last.
 * @returns {{text: string, name: string, nativeMs: number}[]}
 */
function medianRecords(set, records, count) {
  const input = records.join('');
  const best = new Map();
  for (let pass = 0; pass < 2; pass++) {
    const out = spawnSync(cli, ['solve', '--genre', set.genre, '--json', '--jobs', '1', '--time-limit', String(set.timeLimitMs ?? 20000), '-'], { input, maxBuffer: 1 << 30 });
    for (const line of out.stdout.toString().trim().split('\n')) {
      const r = JSON.parse(line);
      // The CLI numbers the records of its input from 1, in order, refused ones included.
      if (r.result?.answer) best.set(r.id, Math.min(best.get(r.id) ?? Infinity, r.result.stats.totalMs));
    }
  }
  const order = [...best].sort((a, b) => a[1] - b[1]);
  const first = Math.max(0, Math.floor(order.length / 2) - Math.floor(count / 2));
  return order.slice(first, first + count).map(([id, ms]) => {
    const text = records[id - 1];
    return { text, name: text.slice(4, text.indexOf(' ', 4)), nativeMs: ms };
  });
}

const { url, child } = await serve(dist);

/**
 * One first visit: opens the genre page with `text`, waits for "press Solve" and then
 * `delay` ms, clicks Solve.
 * @returns {Promise<{readyMs: number, clickMs: number, engineMs: number, weights?: Map}>}
 *   ms from the navigation to "press Solve", from the click to the answer's frame, and the
 *   engine's own solve; the responses' sizes when `weigh`
 */
async function visit(genre, text, { weigh = false, traceTo = null } = {}) {
  const { page, close } = await freshPage({ jsFlags, prefix: 'gridmilp-bench-genres-' });
  try {
    const weighed = weigh ? recordResponseWeights(page) : null;
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.getElementById('genre-status')?.textContent?.includes('press Solve')) {
          globalThis.gmReadyMs = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${url}#genre=${genre}&text=${encodeURIComponent(text)}`);
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const readyMs = await page.evaluate(() => globalThis.gmReadyMs);
    const trace = traceTo ? await startTrace(page) : null;
    await page.waitForTimeout(delay);
    const clickMs = await page.evaluate(() => new Promise((done) => {
      const status = document.getElementById('genre-status');
      let t0 = 0;
      const observer = new MutationObserver(() => {
        if (!/^Solved in|^No answer/.test(status.textContent ?? '')) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          performance.mark('gm-done');
          done(performance.now() - t0);
        });
      });
      observer.observe(status, { subtree: true, childList: true, characterData: true });
      performance.mark('gm-click');
      t0 = performance.now();
      document.getElementById('genre-solve').click();
    }));
    const said = (await page.textContent('#genre-status')) ?? '';
    if (!said.includes('the rule checker confirms every rule')) throw new Error(`bench-page-genres: ${genre}: the page said "${said.slice(0, 200)}"`);
    const engine = /^Solved in ([\d.,]+) (ms|s)/.exec(said);
    const engineMs = Number(engine[1].replace(/,/g, '')) * (engine[2] === 's' ? 1000 : 1);
    if (trace) {
      const events = await trace();
      writeFileSync(traceTo, JSON.stringify({ traceEvents: events }));
    }
    return { readyMs, clickMs, engineMs, weights: weighed ? await weighed() : undefined };
  } finally {
    await close();
  }
}

/** The responses of a first Sudoku visit, to tell a genre's own weight from the page's. */
async function sudokuResponses() {
  const { page, close } = await freshPage({ prefix: 'gridmilp-bench-genres-' });
  try {
    const weighed = recordResponseWeights(page);
    await page.goto(url);
    await page.locator('#engine-version').filter({ hasText: 'GLPK' }).waitFor({ state: 'attached', timeout: 60_000 });
    return new Set((await weighed()).keys());
  } finally {
    await close();
  }
}

const stat = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1], max: s.at(-1) };
};

try {
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  const sudoku = await sudokuResponses();
  console.log(`genre page, first solve: fresh profile per run, ${runs} runs, click ${delay} ms after "press Solve"${jsFlags ? `, V8 flags ${jsFlags}` : ''}`);
  console.log('genre        records (native ms)                  click → answer ms: median / max (each)        engine ms median   ready ms median');
  const extra = new Map();
  const over = [];
  for (const set of GENRE_SETS) {
    if (only && !only.has(set.genre)) continue;
    const path = join(data, set.file);
    if (!existsSync(path)) {
      console.log(`${set.genre}: ${path} not present, skipped`);
      continue;
    }
    const near = medianRecords(set, readRecords(set, path), runs);
    if (traceDir) await visit(set.genre, near[0].text, { traceTo: join(traceDir, `${set.genre}.json`) });
    const seen = [];
    for (const [r, record] of near.entries()) seen.push(await visit(set.genre, record.text, { weigh: r === 0 }));
    for (const [u, w] of seen[0].weights) if (!sudoku.has(u)) extra.set(u.replace(url, ''), w);
    const click = stat(seen.map((s) => s.clickMs));
    if (click.median >= 100) over.push(set.genre);
    console.log(
      `${set.genre.padEnd(12)} ${`${near[0].name}…${near.at(-1).name} (${near[0].nativeMs.toFixed(2)}–${near.at(-1).nativeMs.toFixed(2)})`.padEnd(36)} ${`${click.median.toFixed(0)} / ${click.max.toFixed(0)} (${seen.map((s) => s.clickMs.toFixed(0)).join(' ')})`.padEnd(45)} ` +
        `${stat(seen.map((s) => s.engineMs)).median.toFixed(1).padStart(17)} ${stat(seen.map((s) => s.readyMs)).median.toFixed(0).padStart(17)}`,
    );
  }
  console.log(over.length ? `median click → answer at or over 100 ms: ${over.join(', ')}` : 'every median click → answer under 100 ms');
  console.log("page weight of a genre's first use beyond a first Sudoku visit (gzip -9 of each response, bytes):");
  for (const [u, w] of [...extra].sort((a, b) => b[1].gzip - a[1].gzip)) console.log(`  ${String(w.gzip).padStart(8)} ${String(w.raw).padStart(8)} raw  ${u}`);
  const { raw, gzip } = totalWeight(extra);
  console.log(`  total ${gzip} bytes gzip (${(gzip / 1024).toFixed(1)} KiB; ${(raw / 1024).toFixed(1)} KiB raw), ${extra.size} responses`);
} finally {
  child.kill();
}
