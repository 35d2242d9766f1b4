// SPDX-License-Identifier: GPL-3.0-or-later
// The first solve's download (issue #24, goal 4): a first visit — fresh profile, empty
// HTTP cache, no service worker — loads a hard Sudoku through the URL, waits for the
// engine and clicks Solve; every response the page received until the board is filled,
// each compressed with gzip -9 and summed, must stay under 250,000 bytes. The same sum
// as `node scripts/bench-page.mjs` reports (scripts/page-weight.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SOLVE_BUDGET, recordResponseWeights, totalWeight } from '../../scripts/page-weight.mjs';
import { readData } from '../common/test-data';
import { readOnePerLine } from '../wasm/helpers';
import { CHROMIUM, CHROMIUM_ARGS, engineReady, startServer } from './harness';

/** Norvig's top95 with the shared set, else gridmilp's own hard95: its first puzzle branches. */
const [puzzle] = readOnePerLine(readData('top95.txt'));

let server: { url: string; child: ChildProcess };

beforeAll(async () => {
  server = await startServer();
});

afterAll(() => {
  server?.child.kill('SIGTERM');
});

describe('the first solve', () => {
  it(`downloads under ${FIRST_SOLVE_BUDGET.toLocaleString('en')} bytes of gzip -9, the .wasm included`, async () => {
    const profile = mkdtempSync(join(tmpdir(), 'gridmilp-weight-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      serviceWorkers: 'block', // a first visit: everything comes from the network
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const weighed = recordResponseWeights(page);
      await page.goto(`${server.url}#p=${puzzle!}&n=9`);
      await engineReady(page);
      await page.getByRole('button', { name: 'Solve', exact: true }).click();
      await page.waitForFunction(
        () => Array.from(document.querySelectorAll<HTMLElement>('[role="gridcell"]')).every((c) => c.dataset.value),
        undefined,
        { timeout: 60_000 },
      );
      const weights = await weighed();
      const listed = [...weights]
        .sort((a, b) => b[1].gzip - a[1].gzip)
        .map(([u, w]) => `${String(w.gzip).padStart(8)} ${u.replace(server.url, '') || '(the page)'}`);
      const { gzip } = totalWeight(weights);
      console.log(`first solve: ${gzip} bytes gzip -9 in ${weights.size} responses\n${listed.join('\n')}`);
      // What a first solve needs and no more: the page, its script and style, the
      // worker and its .wasm — not the SAT module, the model panel or KaTeX.
      expect([...weights.keys()].some((u) => /gridmilp_wasm-[^/]*\.wasm$/.test(u))).toBe(true);
      expect([...weights.keys()].filter((u) => /gridmilp_wasm_sat|katex/i.test(u))).toEqual([]);
      expect(gzip, listed.join('\n')).toBeLessThan(FIRST_SOLVE_BUDGET);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
