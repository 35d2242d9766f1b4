// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * How many solutions: the uniqueness check (solve, cut that solution off, solve again)
 * and enumeration (up to a limit, streamed into the solution viewer).
 */
import { SolverError } from '../../solver/protocol';
import { plural } from '../format';
import { describeEnumerate, describeEnumerateProgress, describeUniqueness } from '../format-results';
import type { Page } from '../app/page';
import { wholeNumberIn } from '../app/settings';
import { SolutionViewer } from '../app/viewer';

/** The page's solution viewer, made on first use (with this module, not the first solve's). */
function viewerOf(page: Page): SolutionViewer {
  return (page.viewer ??= new SolutionViewer(page.el, page.board, (text) => page.jobs.setStatus(text, 'info')));
}

/**
 * Check whether the board's puzzle has exactly one solution; show both when not. The
 * Model panel's defaults give way to the fastest route (settings.ts `fastestOptions`),
 * which the status line names.
 */
export async function checkUniqueness(page: Page): Promise<void> {
  const { board, jobs, settings } = page;
  const viewer = viewerOf(page);
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  const { options, route } = settings.fastestOptions('a uniqueness check’s');
  page.resetAnswer();
  await jobs.run(
    'uniqueness',
    'Checking uniqueness: solving, then solving again with that solution cut off…',
    async () => {
      const result = await page.client.checkUniqueness(givens, {
        ...settings.boardFields(),
        options,
      });
      if (board.getGivens() !== givens) {
        jobs.setStatus('Checked, but the board changed meanwhile: press Check uniqueness again.', 'info');
        return;
      }
      if (result.unique === false && result.solution && result.secondSolution) {
        viewer.show({ givens, solutions: [result.solution, result.secondSolution], index: 1, kind: 'uniqueness' });
      } else if (result.solution) {
        board.setSolution(result.solution);
      }
      jobs.setStatus(
        describeUniqueness(result, route),
        result.unique === true ? 'ok' : result.unique === false ? 'info' : 'error',
      );
      page.offerExplanation(result.status === 'infeasible');
    },
    (e) => jobs.showError(e, board.getGivens() === givens),
  );
}

/**
 * Enumerate up to the limit's solutions of the board's puzzle into the viewer, by the
 * fastest route when the Model panel is at its defaults (as {@link checkUniqueness}).
 */
export async function enumerate(page: Page): Promise<void> {
  const { board, jobs, settings, el } = page;
  const viewer = viewerOf(page);
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  const limit = wholeNumberIn(el.enumLimit.value, 1, 100_000, 10);
  if (limit === null) {
    jobs.setStatus(`At most (Enumerate solutions) must be a whole number from 1 to 100,000, not “${el.enumLimit.value}”.`, 'error');
    el.enumLimit.focus();
    return;
  }
  const { options, route } = settings.fastestOptions('an enumeration’s');
  page.resetAnswer();
  const found: string[] = [];
  let last = '';
  await jobs.run(
    'enumerate',
    `Enumerating up to ${plural(limit, 'solution')}…`,
    async () => {
      const result = await page.client.enumerate(
        givens,
        { ...settings.boardFields(), limit, options },
        (progress) => {
          found.push(progress.solution);
          last = describeEnumerateProgress(progress);
          if (board.getGivens() === givens) {
            if (found.length === 1) viewer.show({ givens, solutions: found, index: 0, kind: 'enumeration' });
            else viewer.update();
          }
          jobs.setProgress(`${last}…`);
        },
      );
      if (board.getGivens() !== givens) {
        jobs.setStatus('Enumerated, but the board changed meanwhile: press Enumerate again.', 'info');
        return;
      }
      if (result.solutions.length > 0) {
        const index = viewer.set?.index ?? 0;
        viewer.show({
          givens,
          solutions: result.solutions,
          index: Math.min(index, result.solutions.length - 1),
          kind: 'enumeration',
        });
      }
      jobs.setStatus(describeEnumerate(result, route), result.count > 0 ? 'ok' : 'error');
    },
    (e) => {
      if (e instanceof SolverError && e.code === 'stopped') {
        // The viewer shows them only while the board holds the puzzle enumerated.
        const kept =
          found.length === 0
            ? ''
            : board.getGivens() === givens
              ? ' Use ‹ and › to view the solutions found so far.'
              : ' The board changed meanwhile: press Enumerate again to view them.';
        jobs.setStatus(
          `Stopped after ${plural(found.length, 'solution')} found${last ? ` (${last})` : ''}. Your board is kept.${kept}`,
          'info',
        );
      } else {
        jobs.showError(e, board.getGivens() === givens);
      }
    },
  );
}
