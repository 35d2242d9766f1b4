// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * "Why no solution?": for a puzzle without solution, the fewest givens to remove (a MILP
 * that keeps as many givens as possible) and the largest partial fill that keeps every
 * given (the packing model), shown on the board and listed (protocol.md,
 * "explainInfeasible"). Fetched on the first click: not part of a first solve.
 */
import type { ExplainInfeasibleResult } from '../../solver/protocol';
import { plural } from '../format';
import type { Page } from '../app/page';
import { explanationText, givensText, progressText } from '../explain-text';
import { emptyCells } from './solve';

/** Explain why the board's puzzle has no solution (refused while another job runs). */
export async function explainInfeasible(page: Page): Promise<void> {
  const { board, jobs, settings } = page;
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  const size = board.size;
  const hex = board.hexSymbols;
  page.resetAnswer();
  // The engine's fastest route (CNF-SAT, feasibility problems with a moving bound),
  // whatever the Model panel says: the panel's models are not these MILPs.
  const { timeLimitMs, presolve } = settings.options();
  await jobs.run(
    'explain',
    'Why no solution? Keeping as many givens as possible…',
    async () => {
      const r = await page.client.explainInfeasible(
        givens,
        { ...settings.boardFields(), options: { timeLimitMs, presolve } },
        (p) => jobs.setProgress(progressText(p)),
      );
      if (board.getGivens() !== givens) {
        jobs.setStatus('Explained, but the board changed meanwhile: press Solve again.', 'info');
        return;
      }
      show(page, r, size, hex);
    },
    (e) => jobs.showError(e, board.getGivens() === givens),
  );
}

/**
 * Draw an explanation on the board and in a panel below the buttons.
 *
 * @param hex the board's 0–F convention when the request was made: symbols named as shown
 */
function show(page: Page, r: ExplainInfeasibleResult, size: number, hex: boolean): void {
  const { board, jobs, el } = page;
  if (r.status === 'optimal') {
    if (r.removals.completion) board.setSolution(r.removals.completion);
    jobs.setStatus(explanationText(r, hex)[0]!, 'ok');
    return;
  }
  const first = r.removals.sets?.[0] ?? [];
  const grid = r.partialFill?.grid;
  if (grid !== undefined) board.setSolution(grid);
  board.markExplanation(
    first.map((g) => ({ row: g.row, column: g.column })),
    grid !== undefined ? emptyCells(grid, size) : [],
  );
  const panel = document.createElement('div');
  panel.id = 'explain-panel';
  panel.className = 'explain';
  for (const sentence of explanationText(r, hex)) {
    const p = document.createElement('p');
    p.textContent = sentence;
    panel.append(p);
  }
  if (first.length > 0) {
    const apply = document.createElement('button');
    apply.type = 'button';
    apply.textContent = `Remove ${givensText(first, hex)}`;
    apply.addEventListener('click', () => {
      const cells = [...board.getGivens()];
      for (const g of first) cells[(g.row - 1) * size + (g.column - 1)] = '.';
      board.setGivens(cells.join(''));
      jobs.setStatus(`Removed ${givensText(first, hex)}: press Solve.`, 'info');
      // This button goes with the explanation: the focus goes where the status says.
      if (!apply.isConnected) page.el.solveButton.focus({ preventScroll: true });
    });
    panel.append(apply);
  }
  document.getElementById('explain-panel')?.remove();
  el.explainButton.closest('.actions')?.after(panel);
  jobs.setStatus(
    `No solution: remove ${plural(first.length, 'given')} (${givensText(first, hex)}) and it has one; see below the buttons.`,
    'error',
  );
}
