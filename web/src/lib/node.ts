// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The npm package's Node entry (`exports["."].node`): loads the WASM without fetch.
 * Emscripten 3.1.6's ES6 glue is built for web and worker only, and its Node path
 * would try to fetch a `file:` URL; so the `.wasm` shipped next to the glue is read
 * from disk and handed to the module factory as `wasmBinary`.
 *
 * ```js
 * import { createSolver } from 'gridmilp';
 * const solver = await createSolver();
 * const { solution, stats } = solver.solve('..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..');
 * ```
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import createGridmilpModule from '../../generated/gridmilp_wasm_sat.js';
import { invalidOption } from './errors.js';
import { checkCreateOptions, loadSolver } from './solver.js';
import type { CreateSolverOptions, Solver } from './types.js';

export * from './exports.js';
export * from './spreadsheets.js';

/**
 * The `.wasm` shipped beside the glue: the module with the SAT method (the page's
 * worker starts with a smaller one without it; a package has no first-solve weight to save).
 */
const DEFAULT_WASM = new URL('../../generated/gridmilp_wasm_sat.wasm', import.meta.url);

/**
 * Load a new solver (one WebAssembly instance; about 30 ms in Node).
 *
 * @param options `wasmBinary` (the bytes, if you have them), `wasmUrl` (a file path, a
 *   `file:` URL, or an `http(s):` URL fetched with Node's fetch; default: the `.wasm`
 *   shipped with the package), `loadTimeoutMs` (default 60,000)
 * @returns a ready {@link Solver}
 * @throws GridmilpError `invalid_option` for bad options; `load_failed` when the file
 *   cannot be read or the module cannot be instantiated
 */
export async function createSolver(options?: CreateSolverOptions): Promise<Solver> {
  const o = checkCreateOptions(options);
  return loadSolver(
    {
      factory: () => createGridmilpModule,
      moduleOptions: async () => ({ wasmBinary: o.wasmBinary ?? (await readWasm(o.wasmUrl)) }),
    },
    o,
  );
}

/** The module's bytes from a path or URL (default: the shipped file). */
async function readWasm(where: string | URL | undefined): Promise<Uint8Array> {
  const url = where === undefined ? DEFAULT_WASM : toUrl(where);
  if (url === null) return readFile(where as string);
  if (url.protocol === 'file:') return readFile(fileURLToPath(url));
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  throw invalidOption('wasmUrl', `Option 'wasmUrl' must be a path, a file: URL or an http(s): URL, not ${url.href}.`);
}

/** A URL for URL-like strings (`file:`, `http:`…), null for plain paths. */
function toUrl(where: string | URL): URL | null {
  if (where instanceof URL) return where;
  // One letter before ':' is a Windows drive, not a scheme.
  return /^[a-z][a-z0-9+.-]+:/i.test(where) ? new URL(where) : null;
}
