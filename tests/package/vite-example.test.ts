// SPDX-License-Identifier: GPL-3.0-or-later
// examples/vite-app, as a bundler user would use it: copied to a fresh folder, the
// packed gridmilp installed offline, type-checked, built by Vite (the repository's),
// served on 127.0.0.1 and solved in Chromium; and the same under Vite's dev server.
// The example has no Vite config and nothing in it locates the .wasm: the package's
// `new URL('./gridmilp_wasm_sat.wasm', import.meta.url)` is enough.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, npm, repoRoot, run, serve } from './helpers';

const tarball = inject('tarball');
const workDir = inject('workDir');
const resultsDir = join(repoRoot, 'test-results');

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';

/** A Chromium with a fresh profile, and the problems its pages report. */
interface Browser {
  context: BrowserContext;
  problems: string[];
  close(): Promise<void>;
}

async function startBrowser(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'gridmilp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 900, height: 800 },
  });
  return {
    context,
    problems: [],
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Open the example at `url`, solve EASY and check the grid, then solve a bad puzzle and
 * check the error shown. Records console errors and warnings, failed requests, HTTP
 * errors and requests to other origins in `browser.problems`.
 *
 * @returns the URLs the page requested
 */
async function solveInExample(browser: Browser, url: string, screenshot?: string): Promise<string[]> {
  const { context, problems } = browser;
  const origin = new URL(url).origin;
  const page: Page = await context.newPage();
  const requests: string[] = [];
  // The context sees the page's and its workers' requests.
  const onRequest = (request: Request): void => {
    requests.push(request.url());
    if (/^(https?|wss?):/.test(request.url()) && new URL(request.url()).origin !== origin) {
      problems.push(`request to another origin: ${request.url()}`);
    }
  };
  context.on('request', onRequest);
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(url);

  const button = page.locator('#solve');
  const status = page.locator('#status');
  await expect.poll(() => button.textContent(), { timeout: 60_000 }).toBe('Solve');
  await expect.poll(() => status.textContent()).toContain('Ready (gridmilp 0.1.0, GLPK 5.0)');
  await page.locator('#puzzle').fill(EASY);
  await button.click();
  await expect.poll(() => status.textContent(), { timeout: 60_000 }).toMatch(/^Status optimal: solved in/);
  const cells = await page.locator('#grid td').allTextContents();
  expect(cells.join('')).toBe(EASY_SOLUTION);
  expect(await page.locator('#grid td.given').count()).toBe([...EASY].filter((c) => c !== '.').length);
  if (screenshot) {
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, screenshot), fullPage: true });
  }

  // A bad puzzle: the GridmilpError's code and message reach the page.
  await page.locator('#puzzle').fill(`${EASY.slice(0, 39)}x${EASY.slice(40)}`);
  await button.click();
  await expect
    .poll(() => status.textContent(), { timeout: 60_000 })
    .toContain("parse_error: Unable to solve the puzzle: Line 1, column 40: unexpected 'x'");
  expect(await status.getAttribute('class')).toBe('error');
  await page.close();
  context.off('request', onRequest);
  return requests;
}

/** Start Vite's dev server for `root` on 127.0.0.1 and resolve with its URL. */
function startDevServer(root: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', port, '--clearScreen', 'false'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`vite dev did not start: ${out}`));
    }, 60_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      // eslint-disable-next-line no-control-regex
      const m = /Local:\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out.replace(/\x1b\[[0-9;]*m/g, ''));
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, child });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`vite dev exited with ${code}: ${out}`));
    });
  });
}

describe('examples/vite-app with the packed package', () => {
  let app: string;
  let browser: Browser | undefined;
  const servers: ChildProcess[] = [];

  beforeAll(() => {
    app = join(workDir, 'vite-app');
    cpSync(join(repoRoot, 'examples/vite-app'), app, {
      recursive: true,
      filter: (src) => !/[/\\](node_modules|dist)$/.test(src),
    });
    // Install gridmilp from the tarball; vite and typescript are the repository's (no
    // network here), so the example's devDependencies are left out.
    const pkgPath = join(app, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies)).toEqual(['gridmilp']);
    pkg.dependencies.gridmilp = `file:${tarball}`;
    delete pkg.devDependencies;
    writeFileSync(pkgPath, JSON.stringify(pkg, null, 2));
    const install = npm(['install'], app);
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stdout}\n${install.stderr}`);
  });

  afterAll(async () => {
    await browser?.close();
    for (const child of servers) child.kill('SIGTERM');
  });

  it('type-checks against the package declarations', () => {
    const r = run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: app,
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('builds with Vite: the .wasm is emitted as an asset, the Node entry is left out', () => {
    const r = run(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: app,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const assets = readdirSync(join(app, 'dist/assets'));
    expect(assets.filter((f) => /^gridmilp_wasm_sat-[\w-]+\.wasm$/.test(f))).toHaveLength(1);
    const workerJs = assets.filter((f) => /^solver\.worker-[\w-]+\.js$/.test(f));
    expect(workerJs).toHaveLength(1);
    const worker = readFileSync(join(app, 'dist/assets', workerJs[0]!), 'utf8');
    expect(worker).toMatch(/gridmilp_wasm_sat-[\w-]+\.wasm/);
    expect(worker).not.toContain('node:fs');
  });

  it('solves in a Web Worker in Chromium, built and served statically', async () => {
    const { url, child } = await serve(join(app, 'dist'));
    servers.push(child);
    browser = await startBrowser();
    const requests = await solveInExample(browser, url, 'package-vite-app.png');
    // The .wasm came from the built assets, fetched once.
    expect(requests.filter((r) => /\/assets\/gridmilp_wasm_sat-[\w-]+\.wasm$/.test(r))).toHaveLength(1);
    expect(browser.problems).toEqual([]);
  });

  it("solves in a Web Worker in Chromium under Vite's dev server", async () => {
    const { url, child } = await startDevServer(app);
    servers.push(child);
    browser ??= await startBrowser();
    const requests = await solveInExample(browser, url);
    expect(requests.filter((r) => /gridmilp_wasm_sat\.wasm(\?.*)?$/.test(r)).length).toBeGreaterThanOrEqual(1);
    expect(browser.problems).toEqual([]);
  });
});
