// SPDX-License-Identifier: GPL-3.0-or-later
// The messages between the page (main.ts) and the worker (solver.worker.ts).
import type { Grid, SolveStatus } from 'gridmilp';

/** Page → worker: solve this puzzle text. */
export interface SolveMessage {
  id: number;
  puzzle: string;
}

/** Worker → page: the solver is loaded (or could not be). */
export type ReadyMessage = { ready: true; version: string } | { ready: false; error: string };

/** Worker → page: the answer to one SolveMessage. */
export type ReplyMessage =
  | {
      id: number;
      status: SolveStatus;
      givensGrid: Grid;
      solutionGrid?: Grid;
      nodes: number;
      totalMs: number;
    }
  | { id: number; error: { code: string; message: string } };
