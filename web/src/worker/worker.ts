// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Web Worker entry: loads the WASM module once (lazily, on the first message)
 * and hands every message to {@link SolverWorkerLogic}. No logic lives here.
 */
import type { WorkerToPage } from '../solver/protocol';
import { createEngineLoader } from './engine';
import { SolverWorkerLogic } from './logic';

declare const self: DedicatedWorkerGlobalScope;

const loadEngine = createEngineLoader(
  async () => (await import('../../generated/gridmilp_wasm.js')).default,
);

const logic = new SolverWorkerLogic(loadEngine, (message: WorkerToPage) => {
  self.postMessage(message);
});

self.onmessage = (event: MessageEvent<unknown>) => {
  void logic.handle(event.data);
};
