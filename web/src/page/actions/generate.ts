// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Generate panel: a puzzle with a unique solution from a seed (streaming its
 * progress; Stop while rating keeps the puzzle), and a seeded completion of the board.
 */
import { SolverError, type Symmetry } from '../../solver/protocol';
import { formatMs, plural } from '../format';
import { describeGenerateProgress, generateReport } from '../format-results';
import type { Page } from '../app/page';
import { wholeNumberIn } from '../app/settings';
import { UNDO_KEYS } from '../undo-keys';

/** Largest seed the engine takes (32 bits). */
const MAX_SEED = 4294967295;

/** A random 32-bit seed. */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/**
 * The seed field's seed: a random one (written into the field) when it is empty, or
 * `null` (and an error in the status line) when it is not a whole number 0–2³²−1.
 */
function seedOf(page: Page): number | null {
  const text = page.el.genSeed.value.trim();
  if (text === '') {
    const seed = randomSeed();
    page.el.genSeed.value = String(seed);
    return seed;
  }
  const seed = Number(text);
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    page.jobs.setStatus(`The seed must be a whole number from 0 to ${MAX_SEED}.`, 'error');
    return null;
  }
  return seed;
}

/** Generate a puzzle of the board's shape and put it on the board with its report. */
export async function generate(page: Page): Promise<void> {
  const { board, jobs, settings, el } = page;
  if (jobs.busyRefusal()) return;
  const seed = seedOf(page);
  if (seed === null) return;
  const givens = wholeNumberIn(el.genGivens.value, 0, board.shape.size ** 2, 0);
  if (givens === null) {
    jobs.setStatus(`Target givens must be a whole number from 0 (as few as the puzzle allows) to ${board.shape.size ** 2}, not “${el.genGivens.value}”.`, 'error');
    el.genGivens.focus();
    return;
  }
  const symmetry = el.genSymmetry.value as Symmetry;
  const { size, boxHeight, boxWidth } = board.shape;
  // The puzzle replaces the board's givens as one undo step (board.setGivens), said when
  // there were givens and the puzzle changed them (the same seed again changes nothing,
  // and leaves no step); the board keeps the focus, where the keys undo.
  const before = board.getGivens();
  // Another board put there meanwhile (Back, a link opened, which stop the job) is not
  // written over when the job ends; the person's own edits are.
  const loads = board.loads;
  const had = board.countGivens();
  const back = (): string =>
    had > 0 && board.getGivens() !== before ? ` ${UNDO_KEYS.undo} or Back brings back the board before (${plural(had, 'given')}).` : '';
  // The givens this job last put on the board: the person's edits made since (the board
  // stays editable, as during a Solve) are replaced by the puzzle, said, and one undo
  // step brings them back (a user-test: an erased given came back without a word).
  let written = before;
  const replacing = (): string => (board.getGivens() !== written ? ` It replaced the edits made on the board meanwhile: ${UNDO_KEYS.undo} brings them back.` : '');
  page.resetAnswer();
  el.generateReportList.hidden = true;
  // Its givens once the finished puzzle is on the board (the rating solve started):
  // Stop then keeps it. Before, the puzzle as it stood at the last report: unique (each
  // removal was checked), which Stop puts on the board (a 25×25 takes minutes).
  let ratedGivens: number | null = null;
  let soFar: { puzzle: string; givens: number } | null = null;
  await jobs.run(
    'generate',
    `Generating a ${size}×${size} puzzle from seed ${seed}…`,
    async () => {
      const result = await page.client.generate(
        {
          size,
          boxHeight,
          boxWidth,
          seed,
          givens,
          symmetry,
          options: { ...settings.options(), method: settings.generationMethod() },
        },
        (progress) => {
          if (progress.phase === 'rating' && typeof progress.puzzle === 'string') {
            ratedGivens = progress.givens;
            board.setGivens(progress.puzzle, true);
            written = board.getGivens();
            jobs.setProgress(`${describeGenerateProgress(progress)} (Stop keeps the puzzle)…`);
            return;
          }
          if (typeof progress.puzzle === 'string') soFar = { puzzle: progress.puzzle, givens: progress.givens };
          jobs.setProgress(`${describeGenerateProgress(progress)} (Stop keeps the puzzle so far)…`);
        },
      );
      board.setShape({ size: result.size, boxHeight: result.boxHeight, boxWidth: result.boxWidth });
      page.onShapeChanged();
      const replaced = replacing();
      board.setGivens(result.puzzle, true);
      el.generateReportList.replaceChildren(
        ...generateReport(result).map((line) => {
          const li = document.createElement('li');
          li.textContent = line;
          return li;
        }),
      );
      el.generateReportList.hidden = false;
      jobs.setStatus(
        `Generated a ${result.size}×${result.size} puzzle with a unique solution: ${plural(result.givens, 'given')}, ${result.minimal ? 'minimal' : 'not minimal'} (seed ${result.seed}, ${formatMs(result.totalMs)}).${replaced || back()}`,
        'ok',
      );
      board.focus();
    },
    (e) => {
      // Stopped by another board put there (a link opened), which says its own status.
      if (e instanceof SolverError && e.code === 'stopped' && board.loads !== loads) return;
      const kept = ratedGivens as number | null; // set in the progress callback
      const partial = soFar as { puzzle: string; givens: number } | null;
      if (kept !== null && e instanceof SolverError && e.code === 'stopped') {
        jobs.setStatus(
          board.getGivens() === written
            ? `Stopped while rating: the board holds the generated puzzle (${plural(kept, 'given')}, unique solution); its rating was skipped.${back()}`
            : `Stopped while rating: the board holds the generated puzzle (${plural(kept, 'given')}, unique solution) with the edits made since (${plural(board.countGivens(), 'given')} now); its rating was skipped.`,
          'info',
        );
        board.focus();
      } else if (partial !== null && e instanceof SolverError && e.code === 'stopped') {
        const replaced = replacing();
        board.setGivens(partial.puzzle, true);
        jobs.setStatus(
          `Stopped while removing givens: the board holds the puzzle so far (${plural(partial.givens, 'given')}, unique solution, not minimal: givens not yet tried may go).${replaced || back()}`,
          'info',
        );
        board.focus();
      } else {
        jobs.showError(e, false);
      }
    },
  );
}

/** Complete the board's grid (or an empty one) from the seed, with the Generate panel's method. */
export async function complete(page: Page): Promise<void> {
  const { board, jobs, settings } = page;
  if (jobs.busyRefusal()) return;
  const seed = seedOf(page);
  if (seed === null) return;
  const givens = board.getGivens();
  const empty = board.countGivens() === 0;
  page.resetAnswer();
  await jobs.run(
    'complete',
    `Completing the grid from seed ${seed}…`,
    async () => {
      const result = await page.client.complete({
        ...settings.boardFields(),
        ...(empty ? {} : { puzzle: givens }),
        seed,
        // The Generate panel's choice: branch-and-bound's random objective, or CNF-SAT
        // (the seed fills an empty grid's diagonal boxes, MiniSat the rest).
        options: { ...settings.options(), method: settings.generationMethod() },
      });
      if (board.getGivens() !== givens) {
        jobs.setStatus('Completed, but the board changed meanwhile: press Complete grid again.', 'info');
        return;
      }
      if (typeof result.solution === 'string') {
        board.setSolution(result.solution);
        const how =
          result.stats.method !== 'sat'
            ? 'GLPK stopped at the first solution of a random objective'
            : empty
              ? 'the seed filled the diagonal boxes, CNF-SAT (MiniSat) the rest'
              : 'CNF-SAT: MiniSat’s first solution; the seed has no effect with givens';
        jobs.setStatus(`A completion from seed ${result.seed} (${formatMs(result.stats.totalMs)}; ${how}).`, 'ok');
      } else if (result.status === 'infeasible') {
        jobs.setStatus('No completion: these givens admit no valid grid.', 'error');
      } else {
        jobs.setStatus(`No completion found (${result.status}).`, 'error');
      }
    },
    (e) => jobs.showError(e, board.getGivens() === givens),
  );
}
