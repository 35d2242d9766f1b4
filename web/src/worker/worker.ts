// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Web Worker entry: loads the WASM module once and hands every message to
 * {@link SolverWorkerLogic}. The page's own worker loads the first-solve module as soon
 * as it starts, and warms it up (see {@link warmUp}) until the first message arrives; a
 * batch's helper (named `gridmilp-helper`: WorkerName, solver/client.ts) has the module
 * with the SAT method and the genres as its only engine (it answers every request; a
 * batch's route and the genres need it): loading the first-solve module too cost a
 * helper's start about 70 ms on 2 cores (docs/performance.md).
 */
import createGridmilpModule from '../../generated/gridmilp_wasm.js';
import type { WorkerToPage } from '../solver/protocol';
import { createEngineLoader, type Engine } from './engine';
import { SolverWorkerLogic } from './logic';

declare const self: DedicatedWorkerGlobalScope;

// The Emscripten glue is part of this worker's bundle (a static import), not a chunk of
// its own: the .wasm's download starts as soon as the worker runs, one round trip
// earlier than after a dynamic import of the glue.
// The module with the SAT method (GLPK's CNF-SAT route and MiniSat): its own chunk and
// .wasm, fetched on the first request that asks for method "sat".
const loadSatEngine = createEngineLoader(
  async () => (await import('../../generated/gridmilp_wasm_sat.js')).default,
);
// A batch's helper (see WorkerName in solver/client.ts) has that module alone.
const loadEngine = self.name === 'gridmilp-helper' ? loadSatEngine : createEngineLoader(() => createGridmilpModule);

const logic = new SolverWorkerLogic(
  loadEngine,
  (message: WorkerToPage) => {
    self.postMessage(message);
  },
  undefined,
  loadSatEngine,
);

/**
 * A puzzle gridmilp generated (seed 16, 24 givens; also on the teaching page) on which
 * GLPK branches with both models: its solves run the simplex, the LU factorisation,
 * the presolver and branch-and-bound.
 */
const WARM_UP_PUZZLE =
  '.2.........69.27.5....43...5...9.3....73....8.8.....72.1..........8.94...5..6.2..';
/** The warm-up alternates the page's two models, `reduced` first. */
/**
 * The warm-up ends after this many solves or this many ms, whichever comes first. In
 * Node 20 (same V8 tiering) the warm-up puzzle took 110 ms on its first solve and
 * reached its steady 4 ms (reduced) / 9 ms (textbook) only after about 20 solves.
 */
const WARM_UP_MAX_SOLVES = 30;
const WARM_UP_MAX_MS = 2000;

let pageHasSpoken = false;

/**
 * V8 compiles WASM lazily: a function runs in the baseline tier until it is hot, so
 * the first hard solve in a fresh worker took 150–370 ms (warm: a few ms). Solving a
 * known puzzle repeatedly while the page is idle tiers up the hot code before the
 * person's first Solve. One solve per background task, and none once the page has sent
 * a request a person waits on, so such a request waits for one warm-up solve at most.
 */
function warmUp(engine: Engine, step = 0, start = performance.now()): void {
  if (pageHasSpoken || engine.isCrashed) return;
  if (step >= WARM_UP_MAX_SOLVES || performance.now() - start >= WARM_UP_MAX_MS) return;
  try {
    engine.request({ type: 'solve', puzzle: WARM_UP_PUZZLE, options: { model: step % 2 ? 'textbook' : 'reduced' } });
  } catch {
    return; // the page's own requests will report any engine problem
  }
  later(() => warmUp(engine, step + 1, start));
}

/** The Prioritized Task Scheduling API, where the browser has it (Chromium does in workers). */
declare const scheduler: { postTask?: (task: () => void, options: { priority: 'background' }) => Promise<void> } | undefined;

/**
 * Runs `task` once the worker has nothing else to do: as a background task, so that a
 * page message that came in meanwhile is handled first (a `setTimeout` task may run
 * before it), else after a `setTimeout`.
 */
function later(task: () => void): void {
  if (typeof scheduler !== 'undefined' && scheduler.postTask) void scheduler.postTask(task, { priority: 'background' });
  else setTimeout(task, 0);
}

self.onmessage = (event: MessageEvent<unknown>) => {
  const message = event.data as { type?: unknown } | null;
  // The page's own start-up requests (its version query, the model panel's LP export)
  // do not stop the warm-up: only a request a person waits on does.
  if (message?.type !== 'version' && message?.type !== 'exportModel') pageHasSpoken = true;
  void logic.handle(event.data);
};

// A helper's first request (its warm-up batch) is in its queue before its module loads,
// so it warms up by solving that, not the puzzle above.
loadEngine().then(
  (engine) => later(() => warmUp(engine)),
  () => undefined, // reported to the page on its first request
);
