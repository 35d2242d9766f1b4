// SPDX-License-Identifier: GPL-3.0-or-later
// The packed package's browser entry, loaded by a page in Chromium without a bundler
// (its ES modules as installed), given a `wasmUrl` that is wrong: missing on the server,
// another file, a module cut short, a port nothing listens on. The glue fetches the
// module itself there, and Emscripten's abort said only "both async and sync fetching
// of the wasm failed" or repeated the compiler's error three times: each must say what
// is wrong with the file and which option to mend, as Node's entry does.
import { type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, installTarball, serve } from './helpers';

const tarball = inject('tarball');
const workDir = inject('workDir');

/** What each createSolver call gave the page: the error's code, message and where, or "loaded". */
type Outcome = { code?: string; message?: string; where?: unknown; loaded?: string };

describe('createSolver in the browser with a wrong wasmUrl', () => {
  let site: string;
  let server: ChildProcess | undefined;

  beforeAll(() => {
    const consumer = installTarball(workDir, tarball);
    site = join(workDir, 'browser-load');
    mkdirSync(site, { recursive: true });
    cpSync(join(consumer, 'node_modules/gridmilp/lib'), join(site, 'lib'), { recursive: true });
    const wasm = readFileSync(join(site, 'lib/generated/gridmilp_wasm_sat.wasm'));
    // The package's code without its .wasm beside it (a bundler that did not emit it).
    cpSync(join(site, 'lib'), join(site, 'bare'), { recursive: true });
    rmSync(join(site, 'bare/generated/gridmilp_wasm_sat.wasm'));
    writeFileSync(
      join(site, 'bare.html'),
      `<!doctype html><meta charset="utf-8"><title>loading</title>
<script type="module">
import { createSolver } from './bare/src/lib/browser.js';
try {
  await createSolver();
  window.outcome = { loaded: true };
} catch (e) {
  window.outcome = { code: e.code, message: e.message, where: e.where };
}
document.title = 'done';
</script>
`,
    );
    writeFileSync(join(site, 'cut.wasm'), wasm.subarray(0, 4096));
    writeFileSync(
      join(site, 'index.html'),
      `<!doctype html><meta charset="utf-8"><title>loading</title>
<script type="module">
import { createSolver } from './lib/src/lib/browser.js';
const outcomes = [];
for (const wasmUrl of ['./missing.wasm', './index.html', './cut.wasm', 'http://127.0.0.1:9/gridmilp_wasm_sat.wasm', './lib/generated/gridmilp_wasm_sat.wasm']) {
  try {
    const solver = await createSolver({ wasmUrl, loadTimeoutMs: 60000 });
    outcomes.push({ loaded: solver.version.gridmilp });
  } catch (e) {
    outcomes.push({ code: e.code, message: e.message, where: e.where });
  }
}
window.outcomes = outcomes;
document.title = 'done';
</script>
`,
    );
  });

  afterAll(() => {
    server?.kill('SIGTERM');
  });

  it('says what is wrong with the file and names the option, loads from a right one, and says what to do when the package\'s own .wasm is not beside its code', async () => {
    const served = await serve(site);
    server = served.child;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = await browser.newPage();
      await page.goto(`${served.url}index.html`);
      await page.waitForFunction(() => document.title === 'done', null, { timeout: 120_000 });
      const [missing, html, cut, refused, right] = (await page.evaluate(() => (window as unknown as { outcomes: Outcome[] }).outcomes)) as Outcome[];
      const mend = "Point wasmUrl at this package's lib/generated/gridmilp_wasm_sat.wasm, or leave it out.";
      for (const outcome of [missing, html, cut, refused]) {
        expect(outcome!.code).toBe('load_failed');
        expect(outcome!.where).toEqual({ field: 'wasmUrl' });
        expect(outcome!.message).toContain(mend);
        expect(outcome!.message).not.toMatch(/Aborted|ASSERTIONS|both async and sync/);
      }
      expect(missing!.message).toBe(
        `Unable to load the solver: the file at wasmUrl ./missing.wasm could not be fetched: the server answered HTTP 404 Not Found. ${mend}`,
      );
      expect(html!.message).toMatch(
        /^Unable to load the solver: the file at wasmUrl \.\/index\.html is not gridmilp's WebAssembly module: its [0-9,]+ bytes start 3c 21 64 6f 63 74 79 70 \("<!doctyp"\)/,
      );
      expect(cut!.message).toMatch(
        /^Unable to load the solver: the file at wasmUrl \.\/cut\.wasm \(4,096 bytes\) is not gridmilp's WebAssembly module: it starts as one but does not compile \(/,
      );
      expect(refused!.message).toMatch(/^Unable to load the solver: the file at wasmUrl http:\/\/127\.0\.0\.1:9\/gridmilp_wasm_sat\.wasm could not be fetched \(/);
      expect(right).toEqual({ loaded: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
      // No wasmUrl, and no .wasm beside the package's code: what to do, not Emscripten's abort.
      await page.goto(`${served.url}bare.html`);
      await page.waitForFunction(() => document.title === 'done', null, { timeout: 120_000 });
      const bare = (await page.evaluate(() => (window as unknown as { outcome: Outcome }).outcome)) as Outcome;
      expect(bare.code).toBe('load_failed');
      expect(bare.message).toBe(
        "Unable to load the solver: the package's gridmilp_wasm_sat.wasm could not be fetched from beside its code (both async and sync fetching of the wasm failed). A bundler must emit it as an asset (Vite and webpack 5 do, from new URL('./gridmilp_wasm_sat.wasm', import.meta.url)), and the server must serve it; or pass its URL as wasmUrl.",
      );
    } finally {
      await browser.close();
    }
  });
});
