// SPDX-License-Identifier: GPL-3.0-or-later
// Page-test harness: serves dist/ with scripts/serve.mjs on a free port, drives
// Debian's Chromium through playwright-core with a fresh profile, and records console
// errors and requests to other origins (each fails the test that caused it).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** Where screenshots go (git-ignored). */
export const resultsDir = join(repoRoot, 'test-results');

/** The Chromium binary the page tests drive. */
export const CHROMIUM = process.env.GRIDMILP_CHROMIUM ?? '/usr/bin/chromium';
/** Its command-line flags (headless, no sandbox, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The running server and browser of one test file. */
export interface Harness {
  /** e.g. http://127.0.0.1:41234/ */
  url: string;
  context: BrowserContext;
  /** Problems seen on any page so far: console errors, page errors, foreign requests. */
  problems: string[];
  /** Open a fresh page at the app and wait until its engine is ready. */
  openPage(viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/** Where {@link startHarness} serves from (default: dist/ at the root of the host). */
export interface ServeOptions {
  /** The folder to serve (default: the repository's dist/). */
  dir?: string;
  /** Mount it under this sub-path, e.g. `/courses/or101/sudoku/` (default `/`). */
  base?: string;
}

/**
 * Start `node scripts/serve.mjs --port 0` and resolve with its URL (with the base path).
 *
 * @throws Error when the folder has no index.html or the server does not start in 30 s
 */
export function startServer(options: ServeOptions = {}): Promise<{ url: string; child: ChildProcess }> {
  const dir = options.dir ?? join(repoRoot, 'dist');
  if (!existsSync(join(dir, 'index.html'))) {
    throw new Error(`${join(dir, 'index.html')} is missing: build the page first (npm run build).`);
  }
  const args = ['--port', '0', '--dir', dir, ...(options.base ? ['--base', options.base] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'serve.mjs'), ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`serve.mjs did not start: ${out}${err}`));
    }, 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /gridmilp is served at (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve.mjs exited with ${code}: ${err}`));
    });
  });
}

/** Start the server and a browser for one test file (options: what to serve, where). */
export async function startHarness(options: ServeOptions = {}): Promise<Harness> {
  const { url, child } = await startServer(options);
  const origin = new URL(url).origin;
  const profile = mkdtempSync(join(tmpdir(), 'gridmilp-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      acceptDownloads: true,
      viewport: { width: 1280, height: 900 },
    });
  } catch (e) {
    child.kill();
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
  const problems: string[] = [];
  context.on('request', (request) => {
    const u = request.url();
    if (/^(https?|wss?):/.test(u) && new URL(u).origin !== origin) {
      problems.push(`request to another origin: ${u}`);
    }
  });
  const watch = (page: Page): void => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // Downloads of blob: URLs and navigations cancelled by the test are not failures.
      if (!request.url().startsWith('blob:') && !/ERR_ABORTED/.test(failure)) {
        problems.push(`request failed: ${request.url()} ${failure}`);
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
  };
  return {
    url,
    context,
    problems,
    async openPage(viewport) {
      const page = await context.newPage();
      watch(page);
      if (viewport) await page.setViewportSize(viewport);
      await page.goto(url);
      await engineReady(page);
      return page;
    },
    async close() {
      await context.close().catch(() => undefined);
      child.kill('SIGTERM');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the hooks every page-test file needs: before all, start a harness and
 * create test-results/, then hand the harness to `onStart`; after each test, fail on
 * console errors or requests to other origins it recorded; after all, close it.
 * Call at the top level of a test file, before its own hooks that use the harness.
 */
export function useHarness(onStart: (harness: Harness) => void): void {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await startHarness();
    mkdirSync(resultsDir, { recursive: true });
    onStart(harness);
  });
  afterAll(async () => {
    await harness?.close();
  });
  afterEach(() => {
    const problems = harness?.problems.splice(0) ?? [];
    expect(problems, 'console errors or foreign requests').toEqual([]);
  });
}

/**
 * Wait until the main page's engine is ready (its line shows GLPK's version), after a
 * navigation or reload: at most 60,000 ms. On a timeout the error says what the page
 * showed then (its engine line and status, whether a service worker controlled it), so
 * that a CI log tells a slow start from a failed one.
 */
export async function engineReady(page: Page): Promise<void> {
  try {
    await page.locator('#engine-version').filter({ hasText: 'GLPK' }).waitFor({ state: 'attached', timeout: 60_000 });
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        engine: document.getElementById('engine-version')?.textContent ?? null,
        status: document.getElementById('status')?.textContent ?? null,
        controlled: navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
        readyState: document.readyState,
      }))
      .catch((e: unknown) => String(e));
    throw new Error(`The engine was not ready within 60,000 ms; the page showed ${JSON.stringify(seen)}: ${String(error)}`);
  }
}

/** The n·n values shown on the board (`.` for empty), read from the cells' data. */
export async function readBoard(page: Page): Promise<string> {
  // The editor's grid (`.board`), not a picture drawn over it (an LP relaxation).
  return page.locator('.board [role="gridcell"]').evaluateAll((cells) =>
    cells.map((c) => (c as HTMLElement).dataset.value || '.').join(''),
  );
}

/** The board's givens only (solved digits read as `.`). */
export async function readGivens(page: Page): Promise<string> {
  return page.locator('.board [role="gridcell"]').evaluateAll((cells) =>
    cells
      .map((c) => ((c as HTMLElement).dataset.kind === 'given' ? (c as HTMLElement).dataset.value : '.'))
      .join(''),
  );
}

/**
 * Type an n·n-character canonical puzzle into the board with the keyboard, starting at
 * row 1 (the board must already have that size).
 *
 * @param key maps a canonical character to the key to press (default: itself)
 */
export async function typePuzzle(page: Page, givens: string, key: (ch: string) => string = (ch) => ch): Promise<void> {
  const n = Math.round(Math.sqrt(givens.length));
  await page.locator('[role="gridcell"]').first().click();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const ch = givens[r * n + c]!;
      await page.keyboard.press(/^[1-9A-Z]$/.test(ch) ? key(ch) : 'Backspace');
      if (c < n - 1) await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Home');
    if (r < n - 1) await page.keyboard.press('ArrowDown');
  }
}

/**
 * Click the Sudoku page's batch table row named `name` (its name button) and wait until the page has
 * shown it: the row is marked current (`aria-current`), which the row's click handler
 * does after it has put the puzzle on the board and written the status line. A status
 * or board read straight after `click()` can otherwise see the page as it was before
 * the click was handled, on a loaded machine.
 *
 * @throws when the row is not shown as current within 10 s
 */
export async function showBatchRow(page: Page, name: string): Promise<void> {
  await page.locator('#batch-table').getByRole('button', { name, exact: true }).click();
  try {
    await page
      .locator('#batch-table tbody tr[aria-current="true"]')
      .getByRole('button', { name, exact: true })
      .waitFor({ timeout: 10_000 });
  } catch (error) {
    // Say what the page showed instead, so that a failure on a loaded machine can be read.
    const seen = await page.evaluate(() => ({
      current: document.querySelector('#batch-table tbody tr[aria-current="true"] button')?.textContent ?? null,
      rows: document.querySelectorAll('#batch-table tbody tr').length,
      status: document.querySelector('[role="status"]')?.textContent?.trim() ?? null,
      busy: document.body.dataset.busy ?? null,
    }));
    throw new Error(`row ${name} not shown as current within 10 s: ${JSON.stringify(seen)}`, { cause: error });
  }
}

/** Paste `text` as a person would with Ctrl+V while focus is outside text fields. */
export async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Wait until the status line is not busy and return its text and kind. */
export async function settledStatus(page: Page): Promise<{ text: string; kind: string }> {
  const status = page.getByRole('status');
  await page.waitForFunction(
    () => {
      const el = document.querySelector('[role="status"]') as HTMLElement | null;
      return el !== null && el.dataset.kind !== 'busy' && document.body.dataset.busy === '';
    },
    undefined,
    { timeout: 120_000 },
  );
  return {
    text: (await status.textContent())?.trim() ?? '',
    kind: (await status.getAttribute('data-kind')) ?? '',
  };
}

/**
 * Scroll the model panel into view, as a reader does, and wait until it is drawn (the
 * main page loads the panel only when it first comes into view).
 *
 * @param scope a page or a frame
 * @throws when the panel is not drawn within 30 s
 */
export async function showModelPanel(
  scope: Page | import('playwright-core').Frame,
  selector = '#formulation',
): Promise<void> {
  await scope.locator(selector).scrollIntoViewIfNeeded();
  await scope.locator(`${selector} .f-sizes`).waitFor({ timeout: 30_000 });
  // The formulation is the engine's: it arrives with the panel's first export.
  await scope.locator(`${selector} .f-families`).waitFor({ timeout: 30_000 });
}

/**
 * Scroll the model panel's formulation into view, as a reader does, and wait until
 * KaTeX has typeset it (the page loads KaTeX only when the formulation is first seen).
 *
 * @param scope a page or a frame
 * @throws when nothing is typeset within 30 s
 */
export async function showFormulation(
  scope: Page | import('playwright-core').Frame,
  selector = '#formulation',
): Promise<void> {
  await showModelPanel(scope, selector);
  // The formula itself into view, as a reader scrolls to it: KaTeX loads when it is seen,
  // and a panel taller than a phone's screen can leave it below the fold after the panel's
  // own scroll (a CI run under load timed out here at 375 px wide).
  await scope.locator(`${selector} .f-families`).first().scrollIntoViewIfNeeded();
  await scope.locator(`${selector} .katex`).first().waitFor({ timeout: 30_000 });
}

/**
 * How many KaTeX font faces the page has loaded (after `document.fonts.ready`): more
 * than 0 once typeset formulas use the bundled fonts.
 */
export async function loadedKatexFonts(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    let loaded = 0;
    document.fonts.forEach((f) => {
      if (f.family.startsWith('KaTeX') && f.status === 'loaded') loaded++;
    });
    return loaded;
  });
}

/**
 * How many empty cells of a 9×9 puzzle naked and hidden singles fill, computed here
 * without the engine; the number of empty cells when singles alone solve the puzzle.
 * (Then the LP relaxation of the textbook model is integral too: every single is implied
 * by the equality constraints and the bounds.)
 *
 * @param givens 81 characters, digits 1–9 for givens, anything else for empty
 * @returns -1 when the singles meet a contradiction
 */
export function filledBySingles(givens: string): number {
  const all = 0x1ff;
  const cand = [...givens].map((ch) => (/^[1-9]$/.test(ch) ? 1 << (Number(ch) - 1) : all));
  const units: number[][] = [];
  for (let i = 0; i < 9; i++) {
    const br = Math.floor(i / 3) * 3;
    const bc = (i % 3) * 3;
    units.push(Array.from({ length: 9 }, (_, j) => i * 9 + j));
    units.push(Array.from({ length: 9 }, (_, j) => j * 9 + i));
    units.push(Array.from({ length: 9 }, (_, j) => (br + Math.floor(j / 3)) * 9 + bc + (j % 3)));
  }
  const single = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (const unit of units) {
      // Naked singles: a decided cell's digit leaves its unit's other cells.
      for (const i of unit) {
        if (!single(cand[i]!)) continue;
        for (const j of unit) {
          if (j !== i && cand[j]! & cand[i]!) {
            cand[j]! &= ~cand[i]!;
            if (cand[j] === 0) return -1;
            changed = true;
          }
        }
      }
      // Hidden singles: a digit with one place left in the unit goes there.
      for (let d = 0; d < 9; d++) {
        const bit = 1 << d;
        const places = unit.filter((i) => cand[i]! & bit);
        if (places.length === 0) return -1;
        if (places.length === 1 && cand[places[0]!] !== bit) {
          cand[places[0]!] = bit;
          changed = true;
        }
      }
    }
  }
  return [...givens].filter((ch, i) => !/^[1-9]$/.test(ch) && single(cand[i]!)).length;
}

/**
 * The first of `grids` ([name, givens] pairs, e.g. of Project Euler 96) that naked and
 * hidden singles alone solve ({@link filledBySingles}): with the shared set, Project
 * Euler 96's Grid 01; with gridmilp's own stand-in, whichever grid of it is that easy.
 *
 * @throws Error when none is
 */
export function firstSolvedBySingles(grids: ReadonlyArray<readonly [string, string]>): [string, string] {
  const found = grids.find(([, g]) => filledBySingles(g) === [...g].filter((ch) => !/^[1-9]$/.test(ch)).length);
  if (!found) throw new Error('no grid of the set is solved by naked and hidden singles alone');
  return [found[0], found[1]];
}

/** The genre page's board cell at `row`, `column` (1-based), by its aria-label. */
export function genreCell(page: Page, row: number, column: number) {
  return page.locator(`#genre-board [role=gridcell][aria-label^="row ${row}, column ${column},"], #genre-board [role=gridcell][aria-label="row ${row}, column ${column}"]`);
}

/** What the genre page's board says of a cell after its row and column ("4, given", "black cell, down sum 3", or ""). */
export async function genreCellSays(page: Page, row: number, column: number): Promise<string> {
  const label = (await genreCell(page, row, column).getAttribute('aria-label')) ?? '';
  return label.replace(/^row \d+, column \d+,? ?/, '');
}

/** Picks `genre` in the genre picker and waits until its example is read ("press Solve"). */
export async function pickGenre(page: Page, genre: string): Promise<void> {
  await page.selectOption('#genre', genre);
  await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
}

/** Clicks a genre board's cell in its down half (lower left) or across half (upper right): Kakuro's two sums. */
export async function genreClickHalf(page: Page, row: number, column: number, half: 'down' | 'across'): Promise<void> {
  // The board is drawn anew after each edit: its cell is read once it is there.
  let box = await genreCell(page, row, column).boundingBox();
  for (let tries = 0; box === null && tries < 50; tries++) {
    await page.waitForTimeout(50);
    box = await genreCell(page, row, column).boundingBox();
  }
  if (box === null) throw new Error(`no cell at row ${row}, column ${column}`);
  const [x, y] = half === 'down' ? [0.25, 0.75] : [0.75, 0.25];
  await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

/** The tokens of the record in the genre page's text box, row by row (the lines after the size line). */
export async function genreTokens(page: Page): Promise<string[][]> {
  const lines = (await page.inputValue('#genre-text')).split('\n').filter((l) => l.trim() !== '');
  return lines.slice(2).map((l) => l.trim().split(/\s+/));
}

/** Waits until a cell of the genre page's record holds `token`. */
export async function waitGenreToken(page: Page, row: number, column: number, token: string): Promise<void> {
  await expect.poll(async () => (await genreTokens(page))[row - 1]?.[column - 1]).toBe(token);
}

/**
 * Makes the genre page's requests of the given types slow, so that a test can act while
 * a text is still being read or a board drawn: once this is called, each `genre` message
 * of one of `types` (default: `board`), and each Sudoku page message of one of
 * `sudokuTypes` (its `type`: `solve`…), leaves for the worker `ms` late. Other requests
 * are not held. Call it once a page: a second call would hold them twice.
 * {@link genreSettled} waits until every held request has left and been answered.
 */
export async function slowGenreRequests(page: Page, types: readonly string[] = ['board'], ms = 400, sudokuTypes: readonly string[] = []): Promise<void> {
  await page.evaluate(
    ([slow, delay, sudoku]) => {
      const held = globalThis as unknown as { gmHeld: number };
      held.gmHeld = 0;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
        const m = message as { type?: string; request?: { type?: string } };
        if (m?.type === 'genre' ? slow.includes(m.request?.type ?? '') : sudoku.includes(m?.type ?? '')) {
          held.gmHeld++;
          setTimeout(() => {
            held.gmHeld--;
            post.call(this, message, ...rest);
          }, delay);
          return;
        }
        return post.call(this, message, ...rest);
      } as typeof Worker.prototype.postMessage;
    },
    [types, ms, sudokuTypes] as const,
  );
}

/**
 * Waits until no request {@link slowGenreRequests} held is still held, no page has a job
 * (`document.body.dataset.busy` empty), and both stay so for 300 ms (a job put off until
 * the solver is free starts a task after the last one ends).
 */
export async function genreSettled(page: Page): Promise<void> {
  const quiet = () => page.evaluate(() => ((globalThis as unknown as { gmHeld?: number }).gmHeld ?? 0) === 0 && !document.body.dataset.busy);
  await expect.poll(quiet, { timeout: 30_000 }).toBe(true);
  await page.waitForTimeout(300);
  await expect.poll(quiet, { timeout: 30_000 }).toBe(true);
}
