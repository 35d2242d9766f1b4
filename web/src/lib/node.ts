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
import { Worker } from 'node:worker_threads';
import createGridmilpModule from '../../generated/gridmilp_wasm_sat.js';
import type { GridmilpModuleOptions } from '../solver/wasm.js';
import { GridmilpError, invalidOption } from './errors.js';
import { checkCreateOptions, loadSolver, type EngineResponse, type EngineThreads } from './solver.js';
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
 *   cannot be read or the module cannot be instantiated, and when the bytes (`wasmBinary`,
 *   or the file read from `wasmUrl`) are not gridmilp's module: the message gives their
 *   size and first bytes, or the compiler's complaint, and `where.field` the option
 */
export async function createSolver(options?: CreateSolverOptions): Promise<Solver> {
  const o = checkCreateOptions(options);
  return loadSolver(
    {
      factory: () => createGridmilpModule,
      moduleOptions: async (signal) => ({ wasmBinary: o.wasmBinary ?? (await readWasm(o.wasmUrl, signal)) }),
      threads: (moduleOptions) => new NodeThreads(moduleOptions),
    },
    o,
  );
}

/**
 * The module's bytes from a path or URL (default: the shipped file).
 *
 * @param signal aborts an http(s) fetch when `loadTimeoutMs` runs out
 * @throws Error when the file cannot be read or the server answers other than 2xx
 */
async function readWasm(where: string | URL | undefined, signal: AbortSignal): Promise<Uint8Array> {
  const url = where === undefined ? DEFAULT_WASM : toUrl(where);
  if (url === null) return readFile(where as string);
  if (url.protocol === 'file:') return readFile(fileURLToPath(url));
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const response = await fetch(url, { signal });
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

/** The thread script beside this file (node-thread.ts compiled). */
const THREAD_SCRIPT = new URL('./node-thread.js', import.meta.url);

/** A reply of node-thread.ts (`responses`: the responses' JSON texts joined by commas). */
type ThreadReply = { responses: string } | { failed: { code: 'load_failed' | 'engine_crashed' | 'internal_error'; message: string } };

/** solveMany's `workers` in Node: one worker_thread per index, each with its own module. */
class NodeThreads implements EngineThreads {
  private readonly wasmBinary: Uint8Array | undefined;
  private readonly workers: Array<Worker | undefined> = [];
  /** Set by close(): the solver was disposed, so a thread's exit is not a crash. */
  private closed = false;
  /** Each thread's pending chunks, in the order sent (a thread answers in that order). */
  private readonly waiting = new Map<Worker, Array<{ resolve(r: EngineResponse[]): void; reject(e: Error): void }>>();

  /** @param moduleOptions the solver's own: its `wasmBinary` is copied to each thread */
  constructor(moduleOptions: GridmilpModuleOptions) {
    this.wasmBinary = moduleOptions.wasmBinary as Uint8Array | undefined;
  }

  run(thread: number, requests: readonly string[]): Promise<EngineResponse[]> {
    const worker = (this.workers[thread] ??= this.start());
    return new Promise((resolve, reject) => {
      this.waiting.get(worker)!.push({ resolve, reject });
      worker.postMessage({ requests });
    });
  }

  hold(busy: boolean): void {
    for (const worker of this.workers) {
      if (busy) worker?.ref();
      else worker?.unref();
    }
  }

  close(): void {
    // Chunks still in a thread fail as `disposed` (their exit says why), not as a crash.
    this.closed = true;
    for (const worker of this.workers.splice(0)) void worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(THREAD_SCRIPT, { workerData: { wasmBinary: this.wasmBinary } });
    const queue: Array<{ resolve(r: EngineResponse[]): void; reject(e: Error): void }> = [];
    this.waiting.set(worker, queue);
    worker.on('message', (reply: ThreadReply) => {
      const pending = queue.shift();
      if (pending === undefined) return;
      if ('failed' in reply) {
        // A module that crashed or did not load is of no more use: its other chunks
        // fail with it (on exit), and the next call starts a fresh thread in its place.
        if (reply.failed.code !== 'internal_error') void worker.terminate();
        pending.reject(new GridmilpError(reply.failed.code, reply.failed.message));
      } else pending.resolve(JSON.parse(`[${reply.responses}]`) as EngineResponse[]);
    });
    const failAll = (error: Error): void => {
      for (const pending of queue.splice(0)) pending.reject(error);
    };
    worker.on('error', (e) => failAll(new GridmilpError('engine_crashed', `A solveMany thread failed: ${e.message}`)));
    worker.on('exit', (code) => {
      const index = this.workers.indexOf(worker);
      if (index >= 0) this.workers[index] = undefined; // the next chunk for it starts a new one
      this.waiting.delete(worker);
      failAll(
        this.closed
          ? new GridmilpError('disposed', 'solveMany: this solver was disposed while the batch ran; create a new one with createSolver().')
          : new GridmilpError('engine_crashed', `A solveMany thread exited (code ${code}).`),
      );
    });
    return worker;
  }
}
