// SPDX-License-Identifier: GPL-3.0-or-later
// The installable, offline app in headless Chromium: the service worker takes control
// on the first visit; offline, a reload still solves (the page, worker and WASM come
// from its precache); a new version of the files replaces the cached one and the page
// says so, with a Reload button; and Chromium finds the app installable (CDP
// Page.getInstallabilityErrors) with the manifest's names, icons and relative scope.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../common/test-data';
import { readEuler96, solutionProblems } from '../wasm/helpers';
import {
  engineReady,
  paste,
  readBoard,
  readGivens,
  repoRoot,
  resultsDir,
  settledStatus,
  startHarness,
  useHarness,
  type Harness,
} from './harness';

/** Project Euler 96, or gridmilp's own 50 grids in its layout. */
const p096 = readEuler96(readData('p096_sudoku.txt'));
const grid01 = p096[0]![1];
const grid02 = p096[1]![1];

let h: Harness;

useHarness((started) => {
  h = started;
});

/** Wait until the service worker controls the page (its precache is complete by then). */
async function waitControlled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => navigator.serviceWorker.controller !== null && (await navigator.serviceWorker.ready).active !== null,
    undefined,
    { timeout: 60_000, polling: 100 },
  );
}

/** Put `puzzle` on the board by pasting, press Solve, check the board is a solution. */
async function solve(page: Page, puzzle: string): Promise<void> {
  await page.locator('header h1').click();
  await paste(page, puzzle);
  expect((await settledStatus(page)).text).toMatch(/^Loaded/);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  expect((await settledStatus(page)).kind).toBe('ok');
  expect(solutionProblems(puzzle, await readBoard(page))).toEqual([]);
}

describe('offline after the first visit', () => {
  it('reloads and solves with the network off; links with a query string work too', async () => {
    const page = await h.openPage();
    await waitControlled(page);
    // The footer says so once the precache is complete.
    await page.locator('#pwa-offline').waitFor({ timeout: 60_000 });
    expect(await page.locator('#pwa-offline').textContent()).toContain('works offline');
    await page.locator('footer').screenshot({ path: join(resultsDir, 'offline-ready-footer.png') });

    await h.context.setOffline(true);
    try {
      // The network really is off for the page.
      const online = await page.evaluate(async () => {
        try {
          await fetch(`http://127.0.0.1:9/?${Math.random()}`);
          return true;
        } catch {
          return false;
        }
      });
      expect(online).toBe(false);
      h.problems.splice(0); // the probe's failed request, expected

      // Still open, the network gone: what loads only on first use comes from the
      // precache — Generate's code and the SAT module, then the genre page's code.
      await page.getByRole('button', { name: 'Generate puzzle' }).click();
      expect((await settledStatus(page)).text).toMatch(/^Generated /);
      const generated = await readGivens(page);
      await page.getByRole('button', { name: 'Solve', exact: true }).click();
      expect((await settledStatus(page)).kind).toBe('ok');
      expect(solutionProblems(generated, await readBoard(page))).toEqual([]);
      await page.selectOption('#genre', 'killer');
      await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
      await page.click('#genre-solve');
      await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });

      // A reload comes back to the genre page the address names, offline too.
      await page.reload();
      await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
      expect(await page.inputValue('#genre')).toBe('killer');
      await page.selectOption('#genre', 'sudoku');
      await engineReady(page);
      await solve(page, grid01);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);

      // A ?bd= link (the page turns it into a hash) and the embeddable view with its
      // query string are served from the precache as well.
      const bd = grid02.replace(/\./g, '0');
      await page.goto(`${h.url}?bd=${bd}`);
      await engineReady(page);
      await page.getByRole('button', { name: 'Solve', exact: true }).click();
      expect((await settledStatus(page)).kind).toBe('ok');
      expect(solutionProblems(grid02, await readBoard(page))).toEqual([]);

      await page.goto(`${h.url}embed.html?p=${grid01}&n=9`);
      await page.locator('#solve').click();
      await page.waitForFunction(
        () => document.querySelector('[role="status"]')?.getAttribute('data-kind') === 'ok',
        undefined,
        { timeout: 120_000 },
      );
      const filled = await page
        .locator('[role="gridcell"]')
        .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.value || '.').join(''));
      expect(solutionProblems(grid01, filled)).toEqual([]);
    } finally {
      await h.context.setOffline(false);
    }
    await page.close();
  });

  it('is installable: no installability errors, manifest names, icons and relative scope', async () => {
    const page = await h.openPage();
    await waitControlled(page);
    const cdp = await h.context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifestInfo = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: Array<{ message: string }>;
      data?: string;
    };
    expect(manifestInfo.errors).toEqual([]);
    expect(manifestInfo.url).toBe(`${h.url}manifest.webmanifest`);
    const manifest = JSON.parse(manifestInfo.data ?? '{}') as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.name).toBe('gridmilp — grid puzzles as MILPs');
    expect(manifest.short_name).toBe('gridmilp');
    expect(manifest.start_url).toBe('./');
    expect(manifest.scope).toBe('./');
    expect(manifest.display).toBe('standalone');
    const themeMeta = await page.locator('meta[name="theme-color"]').getAttribute('content');
    expect(manifest.theme_color).toBe(themeMeta);
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Each PNG is really that size (read from its header), served from the precache.
    for (const icon of pngs) {
      const size = await page.evaluate(async (src) => {
        const bitmap = await createImageBitmap(await (await fetch(src)).blob());
        return `${bitmap.width}x${bitmap.height}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    await cdp.detach();
    await page.close();
  });
});

describe('a new version', () => {
  let copy: string;
  let site: Harness;

  beforeAll(async () => {
    // A copy of dist/ to change, served by its own server and browser.
    copy = mkdtempSync(join(tmpdir(), 'gridmilp-update-'));
    cpSync(join(repoRoot, 'dist'), copy, { recursive: true });
    site = await startHarness({ dir: copy });
  });

  afterAll(async () => {
    await site?.close();
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(site.problems.splice(0), 'console errors or foreign requests').toEqual([]);
  });

  it('replaces the cached one: the page offers Reload, and Reload shows the new version', async () => {
    const page = await site.openPage();
    await waitControlled(page);
    await page.locator('#pwa-offline').waitFor({ timeout: 60_000 });
    expect(await page.locator('#pwa-update').count()).toBe(0);

    // The first visit is still open when version 2 is released.
    await releaseAndReload(page, '2');
    // The page now shows version 2 and was controlled from its load; version 3 comes.
    await releaseAndReload(page, '3');
    // The new version came from the new service worker's cache, and it solves.
    await solve(page, grid01);
    await page.close();
  });

  /**
   * Release a new version of the copy, let the open page find it, check the notice,
   * press Reload and check the page shows that version.
   */
  async function releaseAndReload(page: Page, version: string): Promise<void> {
    // index.html changes, and so does its revision in sw.js (as a rebuild would write
    // it), which makes the service worker itself a new one.
    const indexPath = join(copy, 'index.html');
    const html = readFileSync(indexPath, 'utf8').replace(/\s*<meta name="gridmilp-test-version"[^>]*>/, '');
    const marker = `<meta name="gridmilp-test-version" content="${version}" />`;
    writeFileSync(indexPath, html.replace('<head>', `<head>\n    ${marker}`));
    const swPath = join(copy, 'sw.js');
    const sw = readFileSync(swPath, 'utf8');
    const updated = sw.replace(/(\{url:"index\.html",revision:")[^"]+(")/, `$1version-${version}$2`);
    expect(updated).not.toBe(sw);
    writeFileSync(swPath, updated);

    // The browser checks for a new service worker on navigations and when asked; the
    // page asks hourly. Ask now.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    const notice = page.locator('#pwa-update');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('A new version of gridmilp is available.');
    // The old version is still the one shown until the user chooses.
    expect(await page.locator(`meta[name="gridmilp-test-version"][content="${version}"]`).count()).toBe(0);
    await page.screenshot({ path: join(resultsDir, `update-notice-${version}.png`) });

    await Promise.all([
      page.waitForEvent('framenavigated', { timeout: 60_000 }),
      notice.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await engineReady(page);
    expect(await page.locator('meta[name="gridmilp-test-version"]').getAttribute('content')).toBe(version);
    expect(await page.locator('#pwa-update').count()).toBe(0);
  }
});
