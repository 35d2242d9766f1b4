// SPDX-License-Identifier: GPL-3.0-or-later
// Builds the page from web/ into dist/. `base: './'` makes every URL relative, so the
// folder works from any static host path; the worker is an ES module worker, and the
// Emscripten glue's `new URL('gridmilp_wasm.wasm', import.meta.url)` is rewritten by
// Vite so the .wasm lands (hashed) in dist/assets.
// vite-plugin-pwa adds the web app manifest and a Workbox service worker (sw.js) that
// precaches every page, the worker, the WASM and the fonts KaTeX uses, so the folder
// works offline after the first visit and can be installed as an app; the page
// registers it (web/src/page/pwa.ts) and offers "Reload" when a new version is waiting.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const root = fileURLToPath(new URL('./web', import.meta.url));

/** Fail early, with the fix, when the WASM module has not been built yet. */
function requireGeneratedModule(): Plugin {
  return {
    name: 'gridmilp-require-wasm',
    buildStart() {
      for (const file of ['gridmilp_wasm.js', 'gridmilp_wasm.wasm', 'gridmilp_wasm_sat.js', 'gridmilp_wasm_sat.wasm']) {
        if (!existsSync(`${root}/generated/${file}`)) {
          this.error(
            `web/generated/${file} is missing: build the WASM module first (npm run build).`,
          );
        }
      }
    },
  };
}

/**
 * Each page's HTML without the indentation at the start of its lines (about 270 bytes
 * of index.html's gzip), and index.html without the comments written for whoever edits
 * it, the licence line kept (about 150 more): both count towards the first solve's
 * 250,000-byte budget (docs/performance.md). Text whose leading spaces matter (a <pre>
 * or <textarea> with content, an attribute value over several lines) would change, so
 * the build refuses a page that has one; nor may a page's CSS keep white space
 * (`white-space: pre`) of an element with text over several lines in the HTML.
 */
function unindentHtml(): Plugin {
  return {
    name: 'gridmilp-unindent-html',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (/<(pre|textarea)\b[^>]*>[^<]/.test(html) || /\s[\w-]+="[^"]*\n[^"]*"/.test(html)) {
          throw new Error(
            `${filename}: a <pre> or <textarea> with text, or an attribute value over several lines; its indentation would be lost (vite.config.ts unindentHtml)`,
          );
        }
        const unindented = html.replace(/^[ \t]+/gm, '');
        // The embed and teaching pages are copied and read by teachers: their comments stay.
        return filename.endsWith('/index.html') ? unindented.replace(/^<!--(?! SPDX-License-Identifier)[^]*?-->\n/gm, '') : unindented;
      },
    },
  };
}

/** The page's background and its header ink (styles.css `--page`, `--ink`). */
const PAGE_COLOUR = '#f4f5f8';
const INK_COLOUR = '#17202e';

/** Manifest, service worker and precache list (see the file's header). */
function offlineApp(): Plugin[] {
  return VitePWA({
    // Registered by web/src/page/pwa.ts (no inline or injected registration script:
    // the content security policy allows no inline script).
    injectRegister: false,
    // A new version waits until the user presses "Reload" in the page's notice.
    registerType: 'prompt',
    // The icons are in web/public/icons/ and matched by globPatterns below already.
    includeManifestIcons: false,
    manifest: {
      id: './',
      name: 'gridmilp — grid puzzles as MILPs',
      short_name: 'gridmilp',
      description:
        'Sudoku solved as a mixed-integer linear program by GLPK compiled to WebAssembly, entirely in your browser.',
      lang: 'en',
      // Relative to the manifest's own URL, so the app works under any sub-path.
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: PAGE_COLOUR,
      theme_color: INK_COLOUR,
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // Every page, script, style, the .wasm and the icons. KaTeX's fonts come in
      // woff2, woff and ttf; every browser with service workers reads woff2, so only
      // those are precached (the other two stay in dist/ for the CSS's fallback list).
      // (The plugin adds manifest.webmanifest itself.)
      globPatterns: ['**/*.{html,js,css,wasm,svg,png,woff2}'],
      // Workbox skips (with only a build warning) files over 2 MiB by default. The .wasm
      // is about 0.9 MB today; a limit that would silently leave the solver out of the
      // cache as the engine grows must not bite, so allow up to 8 MiB.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      // Query strings (embed.html?p=…, ?bd=…) are read by the page's script only: serve
      // the precached page whatever they hold.
      ignoreURLParametersMatching: [/.*/],
      // No single-page fallback: there are three real pages, all precached.
      navigateFallback: null,
      // The first visit is controlled as soon as the worker is active (offline at once);
      // later versions still wait for the user (registerType 'prompt').
      clientsClaim: true,
      cleanupOutdatedCaches: true,
    },
  });
}

export default defineConfig({
  root,
  plugins: [requireGeneratedModule(), offlineApp(), unindentHtml()],
  base: './',
  resolve: {
    alias: [
      // The service worker's registration (vite-plugin-pwa's `virtual:pwa-register`)
      // imports workbox-window, whose "module" entry is its ES5 build. This page targets
      // ES2022: take the ES2017 build of the same version, which is about 1 KB smaller
      // (gzip) for every first visit to fetch.
      {
        find: /^workbox-window$/,
        replacement: fileURLToPath(
          new URL('./node_modules/workbox-window/build/workbox-window.prod.mjs', import.meta.url),
        ),
      },
    ],
  },
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No asset becomes a data: URL: the solver's .wasm must stay a separate file
    // (streaming compile), and the content security policy allows fonts and images
    // from 'self' only (Vite would inline KaTeX's smallest font otherwise).
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // Without Vite's <link rel="modulepreload"> polyfill (221 bytes of the first solve's
    // gzip): nearly every browser that runs the page's module workers and es2022 has
    // modulepreload (Chromium 66, Safari 17, Firefox 115), and one without it only
    // fetches a chunk when it is imported, it does not fail.
    modulePreload: { polyfill: false },
    // Three pages share one bundle of page code and one worker: the app, the
    // embeddable view (for iframes on other sites) and a sample teaching page.
    rollupOptions: {
      input: {
        main: `${root}/index.html`,
        embed: `${root}/embed.html`,
        teaching: `${root}/teaching.html`,
      },
    },
  },
  worker: {
    format: 'es',
  },
  server: {
    host: '127.0.0.1',
  },
  preview: {
    host: '127.0.0.1',
  },
});
