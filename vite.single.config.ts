// SPDX-License-Identifier: GPL-3.0-or-later
// The one-file build (npm run build:single): web/index.html, its scripts and styles,
// the solver worker and the WASM module in one HTML file, dist-single/gridmilp.html,
// that works opened from disk (file://) with no server — to e-mail to students or drop
// into a learning-management system. Outside dist/ so the service worker of the hosted
// build never precaches it.
//
// How it differs from vite.config.ts:
// - The worker is bundled as a classic (iife) worker and inlined (`?worker&inline`,
//   started from a blob: URL): Chromium refuses module workers from blob: URLs on
//   file:// pages, and a worker file beside the page cannot be loaded from file://.
//   The page's modules import web/src/page/shared-single.ts in place of shared.ts.
// - One WASM module, the one with the SAT method (the hosted page starts with a smaller
//   one and fetches this one on the first SAT request; here nothing is fetched).
// - The .wasm is inlined as a data: URL where the Emscripten glue names it
//   (`new URL('gridmilp_wasm.wasm', import.meta.url)`); the glue fetches that data:
//   URL and compiles it as usual. No second emcc link (SINGLE_FILE) is needed.
// - KaTeX's fonts are inlined in woff2 only (the woff and ttf fallbacks would add
//   about 1 MB; every browser that runs this page reads woff2).
// - No service worker or manifest (a file:// page cannot have either).
// - Its own content security policy, by hashes: see singleFileCsp() below.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

const root = fileURLToPath(new URL('./web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist-single', import.meta.url));
/** The output file's name inside dist-single/. */
const OUTPUT = 'gridmilp.html';

/**
 * One WASM module with every method: in the worker, the first-solve module
 * (`gridmilp_wasm.js`) becomes the SAT module, which then serves SAT requests itself
 * (the worker's dynamic import of it is the same module, bundled once).
 */
function oneModule(): Plugin {
  return {
    name: 'gridmilp-one-module',
    enforce: 'pre',
    resolveId(source) {
      return source.endsWith('/generated/gridmilp_wasm.js') ? `${root}/generated/gridmilp_wasm_sat.js` : null;
    },
  };
}

/**
 * The one-file variant of the page: `./shared` → shared-single.ts (inlined classic
 * worker), `virtual:pwa-register` → a no-op (no service worker from file://), KaTeX's
 * @font-face rules → woff2 only, and the built file renamed to gridmilp.html with
 * nothing else left beside it.
 */
function oneFilePage(): Plugin {
  const sharedSingle = `${root}/src/page/shared-single.ts`;
  const noPwa = '\0gridmilp:no-pwa-register';
  return {
    name: 'gridmilp-one-file-page',
    enforce: 'pre',
    buildStart() {
      for (const file of ['gridmilp_wasm_sat.js', 'gridmilp_wasm_sat.wasm']) {
        if (!existsSync(`${root}/generated/${file}`)) {
          this.error(`web/generated/${file} is missing: build the WASM module first (npm run build).`);
        }
      }
    },
    resolveId(source, importer) {
      if (source === 'virtual:pwa-register') return noPwa;
      if (
        (source === './shared' || source === './shared.ts') &&
        importer !== undefined &&
        importer.startsWith(`${root}/src/page/`) &&
        !importer.endsWith('/shared-single.ts')
      ) {
        return sharedSingle;
      }
      return null;
    },
    load(id) {
      if (id !== noPwa) return null;
      // pwa.ts checks for service workers first; from file:// there are none, and this
      // build has no sw.js to register anyway.
      return 'export function registerSW() { return async () => undefined; }\n';
    },
    transform(code, id) {
      if (!/[\\/]katex[\\/]dist[\\/]katex(\.min)?\.css$/.test(id)) return null;
      const woff2Only = code.replace(
        /,\s*url\([^)]*\.(?:woff|ttf)\)\s*format\("(?:woff|truetype)"\)/g,
        '',
      );
      if (/\.(?:woff|ttf)\)/.test(woff2Only)) {
        this.error('KaTeX CSS: could not reduce the @font-face sources to woff2 (format changed?)');
      }
      return { code: woff2Only, map: null };
    },
  };
}

/**
 * The content security policy of the one-file page, by hashes: vite.config.ts's policy
 * ('self' sources) cannot work for a page whose scripts and styles are inline and whose
 * worker, fonts and WASM are blob: and data: URLs. This one allows exactly the inline
 * script(s) and style(s) of the built file (by SHA-256), the worker from a blob: URL,
 * fonts and the WASM from data: URLs, and no network request of any kind. The worker
 * inherits the page's policy (blob: workers do), and Embind, the C++/JS binding layer
 * of Emscripten 3.1.6, builds its call wrappers with `new Function`, so this policy
 * must also allow 'unsafe-eval' (the hosted build's worker runs under its own,
 * header-less policy and does not need it).
 */
function singleFileCsp(): Plugin {
  const sha256 = (text: string): string =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const favicon = (): string =>
    `data:image/svg+xml;base64,${readFileSync(`${root}/public/favicon.svg`).toString('base64')}`;
  return {
    name: 'gridmilp-single-file-csp',
    enforce: 'post',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        // The hosted pages' policy is replaced after inlining (see generateBundle).
        const without = html
          .replace(/\s*<!--[^>]*?Content security policy[\s\S]*?-->/, '')
          .replace(/\s*<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, '')
          // The favicon inline; no home-screen icon for a file.
          .replace(/href="\.\/favicon\.svg"/, () => `href="${favicon()}"`)
          .replace(/\s*<link rel="apple-touch-icon"[^>]*>/, '');
        if (/Content-Security-Policy|\.\/favicon\.svg|apple-touch-icon/.test(without)) {
          throw new Error('one-file build: the <head> of web/index.html is not as expected (CSP, icons)');
        }
        return without;
      },
    },
    generateBundle: {
      // After vite-plugin-singlefile's own generateBundle (this plugin comes after it).
      order: 'post',
      handler(_options, bundle) {
        // Scripts and styles are inlined now; what is left besides the page is output it
        // no longer refers to (e.g. the module worker shared.ts names, bundled before
        // shared-single.ts replaced it).
        for (const name of Object.keys(bundle)) {
          if (name !== 'index.html') delete bundle[name];
        }
        const page = bundle['index.html'];
        if (page === undefined || page.type !== 'asset' || typeof page.source !== 'string') {
          this.error('one-file build: no index.html produced');
        }
        page.fileName = OUTPUT;
        const html = page.source as string;
        const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => sha256(m[1]!));
        const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => sha256(m[1]!));
        if (scripts.length === 0) this.error('one-file build: no inline script to allow');
        const policy = [
          "default-src 'none'",
          `script-src ${scripts.join(' ')} 'wasm-unsafe-eval' 'unsafe-eval'`,
          'worker-src blob:',
          'connect-src data:',
          `style-src ${styles.length > 0 ? styles.join(' ') : "'none'"}`,
          "style-src-attr 'unsafe-inline'",
          'font-src data:',
          'img-src data: blob:', // a PNG download draws the board's SVG through a blob: image
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'none'",
        ].join('; ');
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
        page.source = html.replace(/<meta charset="utf-8"\s*\/?>/i, (m) => `${m}\n    ${meta}`);
        if (page.source === html) this.error('one-file build: no <meta charset> to put the CSP after');
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [oneFilePage(), viteSingleFile(), singleFileCsp()],
  base: './',
  // No favicon/icons copied beside the file: the page's <link rel="icon"> stays unresolved
  // from disk, which browsers ignore silently.
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    rollupOptions: {
      input: `${root}/index.html`,
    },
  },
  worker: {
    // A classic worker: module workers from blob: URLs are refused on file:// pages.
    format: 'iife',
    plugins: () => [oneModule()],
    rolldownOptions: {
      // One worker file: the glue's dynamic import is bundled in, as iife requires.
      output: { codeSplitting: false },
    },
  },
});
