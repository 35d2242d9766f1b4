// SPDX-License-Identifier: GPL-3.0-or-later
// Builds the page from web/ into dist/. `base: './'` makes every URL relative, so the
// folder works from any static host path; the worker is an ES module worker, and the
// Emscripten glue's `new URL('gridmilp_wasm.wasm', import.meta.url)` is rewritten by
// Vite so the .wasm lands (hashed) in dist/assets.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('./web', import.meta.url));

/** Fail early, with the fix, when the WASM module has not been built yet. */
function requireGeneratedModule(): Plugin {
  return {
    name: 'gridmilp-require-wasm',
    buildStart() {
      for (const file of ['gridmilp_wasm.js', 'gridmilp_wasm.wasm']) {
        if (!existsSync(`${root}/generated/${file}`)) {
          this.error(
            `web/generated/${file} is missing: build the WASM module first (npm run build).`,
          );
        }
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [requireGeneratedModule()],
  base: './',
  publicDir: 'public',
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The solver's .wasm must stay a separate file (streaming compile), never inlined.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    reportCompressedSize: false,
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
