// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * One thread of solveMany's `workers` (Node's worker_threads; started by node.ts): loads
 * the module from the bytes in `workerData.wasmBinary` on the first message, then
 * answers each message `{ requests }` (the requests' JSON texts) with `{ responses }`, the
 * engine's JSON responses in order joined by commas (an array's elements without its
 * brackets: see answer), or `{ failed: { code, message } }` when the module cannot load
 * or has crashed. Texts both ways: the thread hands them to the engine as they are, so
 * it parses and clones no objects, and a batch of 0.1 ms puzzles spends more of its time
 * in the engine (issue #24: sudoku17_last1000 on 2 threads 1.38–1.65× with objects,
 * 1.46–1.79× with texts; docs/performance.md).
 */
import { parentPort, workerData } from 'node:worker_threads';
import createGridmilpModule from '../../generated/gridmilp_wasm_sat.js';
import { createEngineLoader, EngineCrashedError, errorText, type Engine } from '../worker/engine.js';

const load = createEngineLoader(() => createGridmilpModule, {
  moduleOptions: { wasmBinary: (workerData as { wasmBinary: Uint8Array }).wasmBinary },
});

parentPort!.on('message', (message: { requests: string[] }) => {
  void answer(message.requests).then((reply) => parentPort!.postMessage(reply));
});

async function answer(requests: string[]): Promise<object> {
  let engine: Engine;
  try {
    engine = await load();
  } catch (e) {
    return { failed: { code: 'load_failed', message: `A solveMany thread could not load the module: ${errorText(e)}` } };
  }
  try {
    // One flat string: the brackets added here would make a rope (a "cons string")
    // that postMessage copies about 5× slower than a flat one (Node 20: 48 µs against
    // 10 µs for 19,000 characters); node.ts adds them.
    return { responses: requests.map((r) => engine.requestRaw(r)).join(',') };
  } catch (e) {
    if (e instanceof EngineCrashedError) {
      return { failed: { code: 'engine_crashed', message: `A solveMany thread's module crashed: ${e.message}` } };
    }
    return { failed: { code: 'internal_error', message: errorText(e) } };
  }
}
