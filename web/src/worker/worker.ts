// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Web Worker entry: loads the WASM module once and hands every message to
 * {@link SolverWorkerLogic}. The module is loaded as soon as the worker starts, and
 * then warmed up (see {@link warmUp}) until the first message arrives.
 */
import type { WorkerToPage } from '../solver/protocol';
import { createEngineLoader, type Engine } from './engine';
import { SolverWorkerLogic } from './logic';

declare const self: DedicatedWorkerGlobalScope;

const loadEngine = createEngineLoader(
  async () => (await import('../../generated/gridmilp_wasm.js')).default,
);

const logic = new SolverWorkerLogic(loadEngine, (message: WorkerToPage) => {
  self.postMessage(message);
});

/**
 * A puzzle gridmilp generated (seed 16, 24 givens; also on the teaching page) on which
 * GLPK branches with both models: its solves run the simplex, the LU factorisation,
 * the presolver and branch-and-bound.
 */
const WARM_UP_PUZZLE =
  '.2.........69.27.5....43...5...9.3....73....8.8.....72.1..........8.94...5..6.2..';
const WARM_UP_MODELS = ['reduced', 'textbook', 'reduced', 'textbook', 'reduced'] as const;

let pageHasSpoken = false;

/**
 * V8 compiles WASM lazily: a function runs in the baseline tier until it is hot, so
 * the first hard solve in a fresh worker took 150–370 ms (warm: a few ms). Solving a
 * known puzzle a few times while the page is idle tiers up the hot code before the
 * person's first Solve. One solve per task, and none once the page has sent a
 * message, so a request waits for one warm-up solve at most.
 */
function warmUp(engine: Engine, step = 0): void {
  if (pageHasSpoken || step >= WARM_UP_MODELS.length || engine.isCrashed) return;
  try {
    engine.request({ type: 'solve', puzzle: WARM_UP_PUZZLE, options: { model: WARM_UP_MODELS[step] } });
  } catch {
    return; // the page's own requests will report any engine problem
  }
  setTimeout(() => warmUp(engine, step + 1), 0);
}

self.onmessage = (event: MessageEvent<unknown>) => {
  const message = event.data as { type?: unknown } | null;
  // The page's version query at start-up does not count: it is answered at once.
  if (message?.type !== 'version') pageHasSpoken = true;
  void logic.handle(event.data);
};

loadEngine().then(
  (engine) => setTimeout(() => warmUp(engine), 0),
  () => undefined, // reported to the page on its first request
);
