// SPDX-License-Identifier: GPL-3.0-or-later
// dist/ as a plain static folder in headless Chromium: at the root of a host and under
// a sub-path (/courses/or101/sudoku/, served by scripts/serve.mjs --base), every
// request the page, its worker and its service worker make is recorded and must stay
// on gridmilp's own origin (and, under the sub-path, inside it) with no 404; and the
// content security policy of the three pages holds: no violation while solving,
// typesetting the model, drawing the relaxation and exporting — and an injected inline
// script or eval is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../common/test-data';
import { readEuler96, solutionProblems } from '../wasm/helpers';
import {
  firstSolvedBySingles,
  paste,
  readBoard,
  repoRoot,
  resultsDir,
  settledStatus,
  startHarness,
  type Harness,
  type ServeOptions, showFormulation, loadedKatexFonts
} from './harness';

/**
 * An easy grid whose LP relaxation is integral (singles alone solve it): Project Euler
 * 96's Grid 01 with the shared set, else the first such grid of gridmilp's stand-in.
 */
const [, grid01] = firstSolvedBySingles(readEuler96(readData('p096_sudoku.txt')));
const SUB_PATH = '/courses/or101/sudoku/';

/** One request the browser made (pages, workers, service worker) and its status. */
interface Seen {
  url: string;
  /** HTTP status; null when the request failed (see `failure`). */
  status: number | null;
  /** Why it failed (e.g. `csp` when the policy refused it), else undefined. */
  failure?: string;
}

/**
 * Record every request of the context (pages, frames, workers, the service worker) into
 * `seen`, with the HTTP status of its response (null when it failed).
 */
function recordRequests(context: BrowserContext, seen: Seen[]): void {
  context.on('requestfinished', (request) => {
    // A request that finishes as its page closes has no response to read any more: it is
    // recorded without a status rather than left as an unhandled rejection, which failed
    // a CI run (2026-11-26) after every test had passed.
    request.response().then(
      (response) => seen.push({ url: request.url(), status: response?.status() ?? null }),
      () => seen.push({ url: request.url(), status: null, failure: 'closed before its response was read' }),
    );
  });
  context.on('requestfailed', (request) =>
    seen.push({ url: request.url(), status: null, failure: request.failure()?.errorText ?? 'failed' }),
  );
}

/** Collects `securitypolicyviolation` events of every frame into `window.__cspViolations`. */
const CSP_LISTENER = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') +
      (e.sample ? ' (' + e.sample + ')' : ''));
  });
`;

/** The CSP violations the page's main frame has seen so far. */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/**
 * A harness for one describe block (started before its tests, closed after), failing
 * each test on console errors, page errors or foreign requests as useHarness does.
 */
function harnessFor(options: ServeOptions): { get(): Harness; seen: Seen[] } {
  let harness: Harness | undefined;
  const seen: Seen[] = [];
  beforeAll(async () => {
    harness = await startHarness(options);
    await harness.context.addInitScript(CSP_LISTENER);
    recordRequests(harness.context, seen);
  });
  afterAll(async () => {
    await harness?.close();
  });
  afterEach(() => {
    const problems = harness?.problems.splice(0) ?? [];
    expect(problems, 'console errors or foreign requests').toEqual([]);
  });
  return {
    get: () => {
      if (!harness) throw new Error('harness not started');
      return harness;
    },
    seen,
  };
}

/** Paste Grid 01, press Solve, and check the board holds a valid solution. */
async function solveGrid01(page: Page): Promise<void> {
  await page.locator('header h1').click();
  await paste(page, grid01);
  expect((await settledStatus(page)).text).toMatch(/^Loaded/);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const status = await settledStatus(page);
  expect(status.kind).toBe('ok');
  expect(solutionProblems(grid01, await readBoard(page))).toEqual([]);
}

/** Wait until a service worker controls the page and return its registration's scope. */
async function controlledScope(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

describe('dist/ at the root of a host', () => {
  const root = harnessFor({});

  it('solves Grid 01 with every request on its own origin and none failing', async () => {
    const h = root.get();
    const page = await h.openPage();
    await solveGrid01(page);
    expect(await controlledScope(page)).toBe(h.url);
    const origin = new URL(h.url).origin;
    const seen = root.seen;
    // The page, its scripts and styles, the worker, the WASM, the manifest and the
    // service worker's precache fetches all went to the same origin, and all succeeded.
    const urls = seen.map((s) => s.url);
    expect(urls.some((u) => /\/assets\/gridmilp_wasm-[\w-]+\.wasm/.test(u))).toBe(true);
    expect(urls.some((u) => /\/sw\.js$/.test(u))).toBe(true);
    expect(urls.some((u) => /\/manifest\.webmanifest$/.test(u))).toBe(true);
    const foreign = seen.filter((s) => !s.url.startsWith('blob:') && new URL(s.url).origin !== origin);
    expect(foreign).toEqual([]);
    expect(seen.filter((s) => s.status === null || s.status >= 400)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('an image from another origin is refused by the policy and caught by the recorder', async () => {
    const h = root.get();
    const page = await h.openPage();
    // Another port of 127.0.0.1 is another origin.
    const elsewhere = `${new URL(h.url).protocol}//127.0.0.1:9/elsewhere.png`;
    await page.evaluate((src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
    }, elsewhere);
    await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length > 0);
    expect(await violations(page)).toEqual([`img-src blocked ${elsewhere}`]);
    // Refused by the policy before it reached the network, and still caught by the
    // same-origin check of the first test and by the harness (expected here only).
    const origin = new URL(h.url).origin;
    expect(root.seen.filter((s) => !s.url.startsWith('blob:') && new URL(s.url).origin !== origin)).toEqual([
      { url: elsewhere, status: null, failure: 'csp' },
    ]);
    root.seen.splice(0);
    const problems = h.problems.splice(0);
    expect(problems).toContain(`request to another origin: ${elsewhere}`);
    for (const p of problems) expect(p).toMatch(/Content Security Policy|another origin|elsewhere\.png csp$/);
    await page.close();
  });
});

describe(`dist/ under a sub-path (${SUB_PATH})`, () => {
  const sub = harnessFor({ base: SUB_PATH });

  it('solves Grid 01; every request stays under the sub-path; the service worker is scoped to it', async () => {
    const h = sub.get();
    expect(new URL(h.url).pathname).toBe(SUB_PATH);
    const page = await h.openPage();
    await solveGrid01(page);
    expect(await controlledScope(page)).toBe(h.url);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]') as HTMLLinkElement;
      const json = (await (await fetch(link.href)).json()) as { start_url: string; scope: string };
      return {
        href: link.href,
        start: new URL(json.start_url, link.href).href,
        scope: new URL(json.scope, link.href).href,
      };
    });
    expect(manifest).toEqual({ href: `${h.url}manifest.webmanifest`, start: h.url, scope: h.url });
    const origin = new URL(h.url).origin;
    const inside = (u: URL): boolean => u.origin === origin && u.pathname.startsWith(SUB_PATH);
    const outside = sub.seen.filter((s) => !s.url.startsWith('blob:') && !inside(new URL(s.url)));
    expect(outside).toEqual([]);
    expect(sub.seen.filter((s) => s.status === null || s.status >= 400)).toEqual([]);
    await page.screenshot({ path: join(resultsDir, 'hosting-sub-path.png') });
    await page.close();
  });

  it('serves the embeddable view and the teaching page from the sub-path; both solve', async () => {
    const h = sub.get();
    const page = await h.context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') h.problems.push(`console error: ${m.text()}`);
    });
    await page.goto(new URL('teaching.html', h.url).href);
    const frames = page.locator('iframe[src*="embed.html"]');
    const count = await frames.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      const frame = (await frames.nth(i).elementHandle())!;
      const content = (await frame.contentFrame())!;
      expect(new URL(content.url()).pathname).toBe(`${SUB_PATH}embed.html`);
      await content.locator('[role="gridcell"]').first().waitFor();
      await content.locator('#solve').click();
      await content.waitForFunction(() => {
        const s = document.querySelector('[role="status"]') as HTMLElement | null;
        return s !== null && s.dataset.kind === 'ok';
      }, undefined, { timeout: 120_000 });
      const filled = await content
        .locator('[role="gridcell"]')
        .evaluateAll((cells) => cells.every((c) => ((c as HTMLElement).dataset.value ?? '') !== ''));
      expect(filled).toBe(true);
    }
    expect(sub.seen.filter((s) => s.status === null || s.status >= 400)).toEqual([]);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});

describe('content security policy', () => {
  const root = harnessFor({});

  it('is a meta tag on every page: scripts from self and WASM only, no inline script, no eval', () => {
    for (const file of ['index.html', 'embed.html', 'teaching.html']) {
      const html = readFileSync(join(repoRoot, 'dist', file), 'utf8');
      const m = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
      expect(m, file).not.toBeNull();
      const directives = new Map(
        m![1]!.split(';').map((d) => {
          const [name, ...sources] = d.trim().split(/\s+/);
          return [name!, sources] as const;
        }),
      );
      expect(directives.get('script-src'), file).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(directives.get('default-src'), file).toEqual(["'self'"]);
      expect(directives.get('worker-src'), file).toEqual(["'self'"]);
      expect(directives.get('connect-src'), file).toEqual(["'self'"]);
      expect(directives.get('object-src'), file).toEqual(["'none'"]);
      expect(directives.has('frame-ancestors'), file).toBe(false);
      // Nothing inline is left for the policy to refuse.
      expect(html, file).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html, file).not.toMatch(/<style\b/);
      // The meta tag comes before every script and stylesheet.
      expect(html.indexOf('Content-Security-Policy'), file).toBeLessThan(html.search(/<script|<link rel="stylesheet"/));
    }
  });

  it('sees no violation while solving, typesetting the model, relaxing and exporting', async () => {
    const h = root.get();
    const page = await h.openPage();
    await solveGrid01(page);
    await showFormulation(page);
    expect(await page.locator('#formulation .katex').count()).toBeGreaterThanOrEqual(5);
    // KaTeX positions its glyphs with style attributes (style-src-attr 'unsafe-inline'):
    // a typeset fraction-free sum still has its struts' heights applied.
    const styled = await page.locator('#formulation .katex [style]').count();
    expect(styled).toBeGreaterThan(0);
    expect(await loadedKatexFonts(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show LP relaxation' }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    await page.getByRole('button', { name: 'Export CPLEX LP' }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    expect(await page.locator('#export-text').textContent()).toContain('Subject To');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('refuses an injected inline script, an inline event handler and eval', async () => {
    const h = root.get();
    const page = await h.openPage();
    const outcome = await page.evaluate(async () => {
      const w = window as unknown as { __injected?: string };
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "inline script ran";';
      document.body.append(script);
      const img = document.createElement('img');
      img.setAttribute('onload', 'window.__injected = "event handler ran"');
      img.src = 'favicon.svg';
      document.body.append(img);
      // Code run by the test itself is exempt from the policy (DevTools); code the page
      // runs later, from a timer, is not.
      const evalOutcome = await new Promise<string>((resolve) => {
        setTimeout(() => {
          try {
            resolve(String(new Function('return "eval ran"')()));
          } catch (e) {
            resolve((e as Error).name);
          }
        }, 0);
      });
      await new Promise((resolve) => img.addEventListener('load', resolve));
      return { injected: w.__injected ?? null, evalOutcome };
    });
    expect(outcome).toEqual({ injected: null, evalOutcome: 'EvalError' });
    await page.waitForFunction(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length >= 2);
    const seen = await violations(page);
    expect(seen.some((v) => v.startsWith('script-src-elem blocked inline'))).toBe(true);
    expect(seen.some((v) => v.startsWith('script-src-attr blocked inline'))).toBe(true);
    expect(seen.some((v) => v.startsWith('script-src blocked eval'))).toBe(true);
    // The browser said so on the console too; those messages are expected here only.
    const problems = h.problems.splice(0);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p).toMatch(/Content Security Policy/);
    }
    await page.close();
  });
});
