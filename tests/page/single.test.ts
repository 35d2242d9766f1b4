// SPDX-License-Identifier: GPL-3.0-or-later
// The one-file build (npm run build:single → dist-single/gridmilp.html) opened from
// disk (file://) in headless Chromium, with no server at all: it loads its inlined
// worker and WASM, solves an easy grid (Project Euler 96 Grid 01) and a typed puzzle, typesets the
// model, makes no network request, logs no error and breaks none of its own policy.
import { existsSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../common/test-data';
import { readEuler96, solutionProblems } from '../wasm/helpers';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  engineReady,
  firstSolvedBySingles,
  paste,
  readBoard,
  repoRoot,
  resultsDir,
  settledStatus,
  typePuzzle, showFormulation, loadedKatexFonts
} from './harness';

const file = join(repoRoot, 'dist-single', 'gridmilp.html');
const p096 = readEuler96(readData('p096_sudoku.txt'));
/**
 * An easy grid whose LP relaxation is integral (singles alone solve it): Project Euler
 * 96's Grid 01 with the shared set, else the first such grid of gridmilp's stand-in.
 */
const [, grid01] = firstSolvedBySingles(p096);
const [, grid02] = p096.find(([, g]) => g !== grid01)!;

let context: BrowserContext;
let profile: string;
/** Console errors, page errors, CSP violations and non-file requests, per test. */
const problems: string[] = [];
/** Every URL the browser requested. */
const requested: string[] = [];

beforeAll(async () => {
  if (!existsSync(file)) {
    throw new Error('dist-single/gridmilp.html is missing: build it first (npm run build:single).');
  }
  profile = mkdtempSync(join(tmpdir(), 'gridmilp-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
  });
  context.on('request', (request) => {
    requested.push(request.url());
    if (!/^(file|data|blob):/.test(request.url())) problems.push(`network request: ${request.url()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  if (profile) rmSync(profile, { recursive: true, force: true });
});

afterEach(() => {
  expect(problems.splice(0), 'console errors, CSP violations or network requests').toEqual([]);
});

/** Open the file in a fresh tab and wait until its engine has loaded. */
async function openFile(): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(pathToFileURL(file).href);
  await engineReady(page);
  return page;
}

describe('dist-single/gridmilp.html from file://', () => {
  it('is one file with the WASM and the worker inside, and its size is reported', () => {
    const html = readFileSync(file);
    const text = html.toString('utf8');
    expect(text).toContain('data:application/wasm;base64,');
    // Scripts and styles are inline (the test below checks that nothing else loads).
    expect(text).not.toMatch(/<script[^>]*\ssrc=/);
    expect(text).not.toMatch(/<link[^>]*rel="stylesheet"/);
    // No service worker or manifest in the one-file build.
    expect(text).not.toMatch(/rel="manifest"|sw\.js/);
    const raw = statSync(file).size;
    const gzip = gzipSync(html, { level: 9 }).length;
    console.log(`dist-single/gridmilp.html: ${raw} bytes raw, ${gzip} bytes gzip -9`);
    expect(gzip).toBeLessThan(raw);
  });

  it('solves an easy grid (PE96 Grid 01) pasted and another (Grid 02) typed in, with no server', async () => {
    const page = await openFile();
    expect(page.url()).toMatch(/^file:\/\//);
    expect(await page.locator('#engine-version').textContent()).toContain('GLPK');
    await page.locator('header h1').click();
    await paste(page, grid01);
    expect((await settledStatus(page)).text).toMatch(/^Loaded/);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const status = await settledStatus(page);
    expect(status.kind).toBe('ok');
    expect(status.text).toMatch(/^Solved in/);
    expect(solutionProblems(grid01, await readBoard(page))).toEqual([]);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await typePuzzle(page, grid02);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    expect(solutionProblems(grid02, await readBoard(page))).toEqual([]);
    await page.locator('header h1').click();
    await page.screenshot({ path: join(resultsDir, 'single-file-solved.png') });

    // Everything came from the file itself: the only file: request is the page.
    expect(requested.filter((u) => u.startsWith('file:'))).toEqual([pathToFileURL(file).href]);
    expect(requested.every((u) => /^(file|data|blob):/.test(u))).toBe(true);
    // Embedding needs the hosted embed.html: the one file does not offer it.
    expect(await page.getByRole('button', { name: 'Embed', exact: true }).isVisible()).toBe(false);
    await page.close();
  });

  it('typesets the model with its inlined KaTeX fonts and shows the LP relaxation', async () => {
    const page = await openFile();
    await page.locator('header h1').click();
    await paste(page, grid01);
    await settledStatus(page);
    await showFormulation(page);
    expect(await page.locator('#formulation .katex').count()).toBeGreaterThanOrEqual(5);
    expect(await loadedKatexFonts(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show LP relaxation' }).click();
    expect((await settledStatus(page)).text).toContain('The LP relaxation is integral');
    await page.locator('#formulation').screenshot({ path: join(resultsDir, 'single-file-model.png') });
    await page.close();
  });

  it('keeps its own policy: an injected inline script is refused', async () => {
    const page = await openFile();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    const seen = problems.splice(0);
    expect(seen.some((p) => /CSP violation: script-src-elem blocked inline/.test(p))).toBe(true);
    for (const p of seen) expect(p).toMatch(/Content Security Policy|CSP violation/);
    await page.close();
  });
});
