// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * shared.ts for the one-file build (vite.single.config.ts puts this module in place of
 * `./shared` for the page's modules): everything of shared.ts, except that the solver
 * worker is a classic worker whose code — with the WASM module inside it — is inlined
 * into the page and started from a blob: URL. Chromium refuses module workers from
 * blob: URLs on file:// pages and refuses to load a worker file next to the page, so
 * this is the one way a page opened from disk gets its worker.
 */
import type { WorkerFactory } from '../solver/client';
import SolverWorker from '../worker/worker.ts?worker&inline';
import './single.css';

import { connectWorker } from './shared';

export * from './shared';

/** Start the inlined solver worker (classic, blob: URL); same contract as shared.ts. */
export const createWorker: WorkerFactory = (handlers, name = 'gridmilp-solver') =>
  connectWorker(new SolverWorker({ name }), handlers);
