// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Solve: the board's puzzle with the Model panel's options and objective, the
 * branch-and-bound panel fed by progress, and the tree drawn when recorded.
 */
import { SolverError, type SolveProgress } from '../../solver/protocol';
import { describeSolve } from '../format';
import { loadTree, type Page } from '../app/page';

/**
 * How long a Solve may run before the page shows it as running ("Solving…", the
 * branch-and-bound panel, the controls disabled but Stop). Most solves end sooner, and
 * the board then goes from the puzzle straight to its solution: drawing the running
 * state first had cost the page's thread a restyle and layout of 15–30 ms on a freshly
 * loaded page (measured in Chromium with a trace, 2026-11-25), during which the worker's
 * answer waited. 100 ms is the usual limit for a response to feel immediate.
 */
const RUNNING_UI_DELAY_MS = 100;

/** The 1-based cells of a one-line grid that hold `.` (n·n characters). */
export function emptyCells(line: string, size: number): { row: number; column: number }[] {
  const out: { row: number; column: number }[] = [];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '.') out.push({ row: Math.floor(i / size) + 1, column: (i % size) + 1 });
  }
  return out;
}

/** Solve the board's puzzle (refused while another job runs). */
export async function solve(page: Page): Promise<void> {
  const { board, jobs, settings, bnb, el } = page;
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  const objective = settings.objective();
  const view = settings.modelView();
  const record = el.recordTree.checked;
  // Busy from now on (a second Solve is refused, tests see `data-busy`); the running
  // state is drawn only once the solve has taken RUNNING_UI_DELAY_MS (with the latest
  // progress report), or when it ends, and then in the same task as the answer: no
  // frame between. (GLPK reports progress at the root already, so a report alone does
  // not show it.)
  jobs.setJob('solve', true, true);
  let running = false;
  let early: SolveProgress | null = null;
  const stillRunning = (): boolean => jobs.job === 'solve';
  // `ended`: drawn after the answer came, in the same task (no focus moved to Stop and back).
  const showRunning = (ended = false): void => {
    if (running) return;
    running = true;
    clearTimeout(timer);
    page.resetAnswer();
    jobs.setJob('solve', true, false, !ended);
    jobs.setStatus(objective ? 'Solving and optimising…' : 'Solving…', 'busy');
    bnb.start(objective !== undefined, settings.method() !== 'sat');
    if (early !== null) bnb.progress(early, stillRunning);
    el.treePanel.hidden = true;
  };
  const timer = setTimeout(() => showRunning(), RUNNING_UI_DELAY_MS);
  try {
    const result = await page.client.solve(
      givens,
      { ...settings.options(), ...(record ? { recordBranching: true } : {}) },
      { ...settings.boardFields(), ...(objective ? { objective } : {}) },
      (progress) => {
        if (running) bnb.progress(progress, stillRunning);
        else early = progress;
      },
    );
    showRunning(true);
    // The board and the status line first, then the panels.
    if (board.getGivens() !== givens) {
      jobs.setStatus('Solved, but the board changed meanwhile: press Solve again.', 'info');
    } else {
      if (typeof result.solution === 'string') board.setSolution(result.solution);
      if (typeof result.partialFill === 'string') {
        // The packing model's largest fill: its digits, and its empty cells marked.
        board.setSolution(result.partialFill);
        board.markExplanation([], emptyCells(result.partialFill, board.size));
      }
      jobs.setStatus(describeSolve(result), result.solution ? 'ok' : 'error');
      page.offerExplanation(result.status === 'infeasible');
    }
    bnb.finish(result);
    page.modelPanel.noteSolve(result, view);
    if (record) {
      const { renderTree } = await loadTree();
      renderTree(el.treeBody, result);
      el.treePanel.hidden = false;
    }
  } catch (e) {
    showRunning(true);
    bnb.ended(e);
    jobs.showError(e, board.getGivens() === givens);
    if (e instanceof SolverError && e.code === 'conflicting_givens' && board.getGivens() === givens) {
      page.offerExplanation(true);
    }
  } finally {
    jobs.setJob(null);
  }
}
