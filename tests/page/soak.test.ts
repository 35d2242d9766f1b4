// SPDX-License-Identifier: GPL-3.0-or-later
// Page soak (issue #25, item 4), in headless Chromium: many solves in one page, with
// Stops and worker crashes injected mid-solve. Every time the page recovers, the board
// keeps its puzzle, the text box keeps what the user typed, and the next Solve works;
// the JS heap (after a forced garbage collection) stays flat. `npm test` runs 100
// solves with 10 Stops and 2 crashes; `npm run soak` runs 1,000 with 100 and 20
// (GRIDMILP_SOAK_PAGE_SOLVES) and prints the figures.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { solutionProblems } from '../wasm/helpers';
import { paste, readBoard, readGivens, repoRoot, settledStatus, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

const SOLVES = Number(process.env.GRIDMILP_SOAK_PAGE_SOLVES ?? 100);
/** gridmilp's own sets (tests/data/SOURCES.md), the same with or without the shared data. */
const own = (file: string): string[] =>
  readFileSync(`${repoRoot}tests/data/sudoku/${file}`, 'utf8').split('\n').filter((l) => l.trim() !== '');
/** One puzzle per line, quick on the page's textbook model. */
const quick = own('minimal1000.txt');
/** A 16×16 that takes the textbook model more than 10 s: a Stop or crash lands mid-solve. */
const slow = own('16x16.txt')[6]!;

async function heapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

describe(`page soak: ${SOLVES.toLocaleString('en-US')} solves with Stops and crashes`, () => {
  it('recovers from every Stop and crash, keeps the board and the text, and keeps its heap flat', async () => {
    const page = await h.openPage();
    // Every worker the page starts, so that the test can kill one mid-solve as the
    // browser would: terminated, with an error event.
    // Only the latest is kept (and a count), so that the test holds no dead workers.
    await page.addInitScript(() => {
      const Original = window.Worker;
      const seen = window as unknown as { __worker?: Worker; __workersStarted: number };
      seen.__workersStarted = 0;
      window.Worker = class extends Original {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          seen.__worker = this;
          seen.__workersStarted++;
        }
      };
    });
    await page.reload();
    await settledStatus(page);
    const textBox = page.getByRole('textbox', { name: 'Puzzle text' });
    const notes = 'my notes: try 4 at r1c2 next\n';
    await textBox.fill(notes);
    await page.locator('header h1').click();

    const solveButton = page.getByRole('button', { name: 'Solve', exact: true });
    let stops = 0;
    let crashes = 0;
    let heapAfterWarm = 0;
    const series: string[] = []; // the JS heap every 100 solves, MB
    const started = performance.now();
    for (let k = 1; k <= SOLVES; k++) {
      const faults = [k % 10 === 0 ? 'stop' : null, k % 50 === 0 ? 'crash' : null].filter((f) => f !== null);
      for (const fault of faults) {
        await paste(page, slow);
        await settledStatus(page);
        const givens = await readGivens(page);
        await solveButton.click();
        await page.waitForTimeout(200);
        if (fault === 'stop') {
          await page.getByRole('button', { name: 'Stop', exact: true }).click();
          expect((await settledStatus(page)).text).toBe('Stopped. Your board and text are kept.');
          stops++;
        } else {
          await page.evaluate(() => {
            const worker = (window as unknown as { __worker: Worker }).__worker;
            worker.terminate();
            worker.dispatchEvent(new ErrorEvent('error', { message: 'injected crash' }));
          });
          const status = await settledStatus(page);
          expect(status.text).toMatch(/injected crash.*A fresh solver has been started; your board is kept\.$/);
          crashes++;
        }
        expect(await readGivens(page)).toBe(givens);
        expect(await textBox.inputValue()).toBe(notes);
      }
      const puzzle = quick[k % quick.length]!;
      await paste(page, puzzle);
      await settledStatus(page);
      await solveButton.click();
      const solved = await settledStatus(page);
      expect(solved.text, `solve ${k}`).toMatch(/^Solved in /);
      expect(solutionProblems(puzzle, await readBoard(page)), `solve ${k}`).toEqual([]);
      if (k === Math.min(100, SOLVES)) heapAfterWarm = await heapBytes(page);
      if (k % 100 === 0) series.push(`${k}: ${((await heapBytes(page)) / 2 ** 20).toFixed(2)}`);
    }
    const heapAtEnd = await heapBytes(page);
    expect(await textBox.inputValue()).toBe(notes);
    const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
    console.log(
      `[soak] page: ${SOLVES} solves, ${stops} Stops and ${crashes} worker crashes mid-solve, all recovered, in ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s; JS heap after ${Math.min(100, SOLVES)} solves ${mb(heapAfterWarm)}, ` +
        `after the last ${mb(heapAtEnd)} (every 100 solves, MB: ${series.join(', ')}); workers started: ${await page.evaluate(() => (window as unknown as { __workersStarted: number }).__workersStarted)}`,
    );
    expect(stops).toBe(Math.floor(SOLVES / 10));
    expect(crashes).toBe(Math.floor(SOLVES / 50));
    // Flat: at most 10% more (and 1 MB for the status texts and timers of the moment).
    expect(heapAtEnd).toBeLessThanOrEqual(heapAfterWarm * 1.1 + 2 ** 20);
    await page.close();
  }, Math.max(600_000, SOLVES * 3000));
});
