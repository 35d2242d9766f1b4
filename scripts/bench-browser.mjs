// SPDX-License-Identifier: GPL-3.0-or-later
//
// What the page benchmarks (bench-page.mjs, bench-page-genres.mjs, bench-page-batch.mjs)
// share: the built page served on 127.0.0.1 by scripts/serve.mjs, and a headless
// Chromium (playwright-core; GRIDMILP_CHROMIUM, else /usr/bin/chromium) with a profile of
// its own, as a first visit has.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(fileURLToPath(import.meta.url), '../..');

/**
 * Starts scripts/serve.mjs on a free port.
 *
 * @param {string | null} [dist] the directory to serve (default: the repository's dist/)
 * @returns {Promise<{url: string, child: import('node:child_process').ChildProcess}>} the
 *   page's URL (ends in "/") and the server's process, to kill when done; rejects if the
 *   server exits before it listens
 */
export function serve(dist = null) {
  return new Promise((resolveServer, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts/serve.mjs'), '--port', '0', ...(dist ? ['--dir', dist] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /served at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) resolveServer({ url: m[1], child });
    });
    child.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
}

/** How long a freshly launched Chromium is left idle before the page is loaded, ms. */
export const BROWSER_SETTLE_MS = 2000;

/**
 * Opens a page in a new Chromium with a profile of its own, so that nothing (HTTP
 * cache, compiled code, service worker) carries over from an earlier run, and leaves it
 * idle for {@link BROWSER_SETTLE_MS}: a person's browser is already running when they
 * open the page, so Chromium's own start-up work should not compete with the page.
 *
 * @param {{jsFlags?: string, prefix?: string}} [options] V8 flags for Chromium (for
 *   diagnosis only: a page cannot set them), and the profile directory's name prefix
 * @returns {Promise<{page: import('playwright-core').Page, close: () => Promise<void>}>}
 *   the page, and a function that closes Chromium and deletes the profile
 */
export async function freshPage({ jsFlags = '', prefix = 'gridmilp-bench-page-' } = {}) {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.GRIDMILP_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    serviceWorkers: 'block', // every run loads from the network, as a first visit does
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.waitForTimeout(BROWSER_SETTLE_MS);
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Trace categories: tasks per thread, V8 (WASM lazy and optimising compiles), user marks. */
const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel', 'v8', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed', 'blink.user_timing', '__metadata'];

/**
 * Starts a Chromium trace of every process of the page's browser (CDP Tracing domain);
 * open the file written from its events in Perfetto or chrome://tracing.
 *
 * @param {import('playwright-core').Page} page
 * @returns {Promise<() => Promise<object[]>>} a function that ends the trace and
 *   resolves with its events (Chromium's trace event format)
 */
export async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const complete = new Promise((ok) => cdp.once('Tracing.tracingComplete', ok));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
  return async () => {
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}
