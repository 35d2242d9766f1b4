// SPDX-License-Identifier: GPL-3.0-or-later
// The Web Worker: loads gridmilp once and solves each puzzle the page sends. Nothing
// here locates the .wasm: the package's `new URL('./gridmilp_wasm_sat.wasm',
// import.meta.url)` is bundled by Vite.
import { createSolver, GridmilpError } from 'gridmilp';
import type { ReadyMessage, ReplyMessage, SolveMessage } from './messages';

// In a worker, `self` is the worker's global scope; typed as a Worker for postMessage.
const scope = self as unknown as Worker;
const post = (message: ReadyMessage | ReplyMessage): void => scope.postMessage(message);

const solverReady = createSolver();
solverReady.then(
  (solver) => post({ ready: true, version: `gridmilp ${solver.version.gridmilp}, GLPK ${solver.version.glpk}` }),
  (e: unknown) => post({ ready: false, error: String(e) }),
);

scope.onmessage = async (event: MessageEvent<SolveMessage>) => {
  const { id, puzzle } = event.data;
  try {
    const solver = await solverReady;
    const result = solver.solve(puzzle, { timeLimitMs: 10_000 });
    post({
      id,
      status: result.status,
      givensGrid: result.givensGrid,
      ...(result.solutionGrid ? { solutionGrid: result.solutionGrid } : {}),
      nodes: result.stats.nodes,
      totalMs: result.stats.totalMs,
    });
  } catch (e) {
    // GridmilpError carries a code (parse_error, conflicting_givens, …) and says where.
    const error =
      e instanceof GridmilpError ? { code: e.code, message: e.message } : { code: 'error', message: String(e) };
    post({ id, error });
  }
};
