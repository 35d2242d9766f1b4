// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * What every action of the Sudoku page works with: its elements, board, solver client,
 * job runner, settings, solution viewer and teaching panels, and the few page-wide
 * operations actions share. main.ts builds the one instance.
 */
import type { SolverClient } from '../../solver/client';
import type { Board } from '../board';
import type { Shape } from '../format';
import type { LazyModelPanel } from '../lazy-model';
import type { BnbPanel } from '../shared';
import type { Elements } from './elements';
import type { JobRunner } from './jobs';
import type { Settings } from './settings';
import type { SolutionViewer } from './viewer';

/** The Sudoku page as its actions see it. */
export interface Page {
  readonly el: Elements;
  readonly board: Board;
  readonly client: SolverClient;
  readonly jobs: JobRunner;
  readonly settings: Settings;
  /** The solution viewer, made on first use (actions/solutions.ts), else null. */
  viewer: SolutionViewer | null;
  readonly modelPanel: LazyModelPanel;
  readonly bnb: BnbPanel;
  /** Bring the size selector, the pad, the hint and the weights in line with the board. */
  onShapeChanged(): void;
  /** Switch the board to `shape` (a no-op when it already has it). */
  useShape(shape: Shape): void;
  /** Bring the model panel in line with the board, the model and the objective. */
  updateModel(): void;
  /** Write the state into the location hash: a new history entry when `push`. */
  syncUrl(push: boolean): void;
  /**
   * Load the SAT method's module in the worker now (once per worker), so that the first
   * CNF-SAT solve or generation does not wait for it.
   */
  prefetchSat(): void;
  /**
   * Show (or hide) "Why no solution?" for the board's puzzle; hiding it also removes an
   * explanation shown (its panel and its marks on the board).
   */
  offerExplanation(offer: boolean): void;
  /** Prepare the board for a new answer: no solution, no highlights, no viewer. */
  resetAnswer(): void;
}

/**
 * The branch-and-bound tree view (tree.ts), fetched on first use: only a Solve with
 * "Record and draw the branch-and-bound tree" draws it.
 */
export function loadTree(): Promise<typeof import('../tree')> {
  return import('../tree');
}
