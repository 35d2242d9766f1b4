// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The npm package's browser and bundler entry (`exports["."].default`). The glue finds
 * its `.wasm` with `new URL('./gridmilp_wasm_sat.wasm', import.meta.url)`, which Vite and
 * webpack 5 recognise: they copy the file into the build and rewrite the URL, so a
 * bundler user does not locate the `.wasm` by hand. `wasmUrl` or `wasmBinary` override it.
 *
 * Solving blocks the calling thread: call the solver from a Web Worker.
 */
import createGridmilpModule from '../../generated/gridmilp_wasm_sat.js';
import { checkCreateOptions, loadSolver } from './solver.js';
import type { CreateSolverOptions, Solver } from './types.js';

export * from './exports.js';

/**
 * Load a new solver (one WebAssembly instance).
 *
 * @param options `wasmBinary` (the bytes, if you have them), `wasmUrl` (where to fetch
 *   `gridmilp_wasm_sat.wasm` from, when it is not where the bundler put it),
 *   `loadTimeoutMs` (default 60,000)
 * @returns a ready {@link Solver}
 * @throws GridmilpError `invalid_option` for bad options; `load_failed` when the `.wasm`
 *   cannot be fetched, compiled or instantiated: for `wasmUrl`, the server's answer
 *   (HTTP 404 Not Found) or the fetch's error; for bytes of `wasmBinary` or `wasmUrl`
 *   that are not gridmilp's module, their size and first bytes or the compiler's
 *   complaint; `where.field` names the option
 */
export async function createSolver(options?: CreateSolverOptions): Promise<Solver> {
  const o = checkCreateOptions(options);
  const wasmUrl = o.wasmUrl === undefined ? undefined : String(o.wasmUrl);
  return loadSolver(
    {
      factory: () => createGridmilpModule,
      moduleOptions: () =>
        o.wasmBinary !== undefined
          ? { wasmBinary: o.wasmBinary }
          : wasmUrl !== undefined
            ? { locateFile: (path: string) => (path.endsWith('.wasm') ? wasmUrl : path) }
            : {},
      ...(o.wasmBinary === undefined ? { fetches: wasmUrl === undefined ? {} : { wasmUrl } } : {}),
    },
    o,
  );
}
