// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The LP relaxation of the board's puzzle, drawn on the board: each candidate shaded by
 * its value (the Model panel's "Show LP relaxation"). The engine describes the board
 * (the request names genre `sudoku`) and the genre page's renderer draws it over the grid.
 */
import { plural } from '../format';
import { describeRelaxation, fractionalCells } from '../format-results';
import type { Page } from '../app/page';

/** Solve the LP relaxation of the board's puzzle and shade the candidates by value. */
export async function relax(page: Page): Promise<void> {
  const { board, jobs, settings } = page;
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  page.resetAnswer();
  await jobs.run(
    'relax',
    'Solving the LP relaxation…',
    async () => {
      // Named genre: the engine also draws the board, each candidate shaded by its value.
      const result = await page.client.relax(givens, { ...settings.boardFields(), options: settings.options(), genre: 'sudoku' });
      if (board.getGivens() !== givens) {
        jobs.setStatus('Relaxed, but the board changed meanwhile: press Show LP relaxation again.', 'info');
        return;
      }
      if (result.status !== 'optimal') {
        jobs.setStatus(`The LP relaxation has no solution (${result.status}): the givens contradict each other.`, 'error');
        return;
      }
      const { size } = board.shape;
      // Fetched on the first relaxation, with the renderer: a first solve needs neither.
      const { gridPicture } = await import('./picture');
      const picture = await gridPicture(result, `LP relaxation, Sudoku ${size}×${size}`, board.hexSymbols, page.el.boardContainer);
      if (board.getGivens() !== givens) {
        jobs.setStatus('Relaxed, but the board changed meanwhile: press Show LP relaxation again.', 'info');
        return;
      }
      board.showPicture(picture.svg, picture.words);
      const model = result.model === 'textbook' ? '' : ` (${result.model} model)`;
      jobs.setStatus(
        `${describeRelaxation(result.integral, fractionalCells(result.values))}${model} · ${plural(result.stats.columns, 'variable')}, ${plural(result.stats.rows, 'constraint')}.`,
        result.integral ? 'ok' : 'info',
      );
    },
    (e) => jobs.showError(e, board.getGivens() === givens),
  );
}
