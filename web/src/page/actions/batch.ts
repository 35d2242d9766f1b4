// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A batch on the Sudoku page (a loaded file, a text's Solve all, a workbook's puzzles):
 * solved in the worker (or its pool), streamed into the batch panel (../batch.ts), and
 * said in the status line when it ends or is stopped. Fetched with the panel on the
 * first batch (actions/load.ts starts the job), so that the first solve does not
 * download it.
 */
import { SolverError, type BatchItem, type BatchProgress, type PuzzleFields, type SpreadsheetPuzzles } from '../../solver/protocol';
import { BatchPanel } from '../batch';
import { plural } from '../format';
import type { Page } from '../app/page';
import { nonNegativeInt } from '../app/settings';
import { batchWorkers } from '../shared';

/** What a batch solves. */
export interface BatchSource {
  /** One or many puzzles in any accepted format. */
  text: string;
  /** What was solved, for the panel and the status line ("p096_sudoku.txt", "the puzzle text"). */
  source: string;
  /**
   * The file the text was read from (a text file or a workbook), which names the
   * downloads ("p096_sudoku-results.xlsx"); absent for a text pasted, typed or opened
   * from a URL, whose downloads are "gridmilp-…".
   */
  fileName?: string;
  /**
   * The puzzles' names when the page made the text (a spreadsheet's puzzles, one a
   * line, named by sheet and range); their lines are then not shown.
   */
  names?: readonly string[];
  /** How the text is read (the page's fields, or a spreadsheet's size and symbols). */
  fields: PuzzleFields;
  /**
   * What the page left out of `text` before (a paste of URLs' unreadable lines, one
   * message each), named again in the finished batch's status.
   */
  leftOut: readonly string[];
  /**
   * What a workbook's reading left out (its `skipped`): those refused are rows of the
   * results table saved, finished or stopped, at their places (BatchPanel.start).
   */
  skipped: SpreadsheetPuzzles['skipped'];
  /**
   * The page's Stop count (JobRunner.stops) when the batch was asked for: a Stop since
   * (while this module loaded) means the batch is not sent.
   */
  stops: number;
}

/** Each page's batch panel, made on its first batch. */
const panels = new WeakMap<Page, BatchPanel>();

/**
 * The page's batch panel, made on first use: a row's name shows that puzzle on the
 * board, scrolled into view when none of the board is on screen.
 *
 * @param page the Sudoku page
 * @returns its panel
 */
export function panelOf(page: Page): BatchPanel {
  let panel = panels.get(page);
  if (panel) return panel;
  const { board, jobs } = page;
  panel = new BatchPanel({
    showPuzzle: (shape, givens, solution, conflicts) => {
      page.useShape(shape);
      board.setGivens(givens);
      if (solution) board.setSolution(solution);
      if (conflicts.length > 0) board.markConflicts(conflicts);
      revealIfOffScreen(page.el.boardContainer);
    },
    setStatus: (text, kind) => jobs.setStatus(text, kind),
    saveResults: (format, rows, name) => void import('./spreadsheet').then((m) => m.saveResults(page, format, rows, name)),
  });
  panels.set(page, panel);
  return panel;
}

/**
 * Parse and solve every puzzle of `batch` in the worker (on `batchWorkers()` workers),
 * streaming into the page's panel; run inside the page's `batch` job (actions/load.ts).
 * Its outcome is said in the status line: the finished batch's counts and route, or,
 * on Stop, how far it got (every puzzle that had not ended a row that says so), or the
 * error.
 *
 * @param page the Sudoku page
 * @param batch what to solve
 * @param hideOffer hides the "Solve all" offer once the batch starts
 * @returns when the batch has ended, been stopped or failed (never rejects)
 */
export async function runBatch(page: Page, batch: BatchSource, hideOffer: () => void): Promise<void> {
  const { text, source, fileName, names, fields, leftOut, skipped, stops } = batch;
  const { jobs, settings, el } = page;
  const panel = panelOf(page);
  const rename = (item: BatchItem | undefined): void => {
    if (item && names) {
      item.name = names[item.index] ?? item.name;
      item.line = 0;
    }
  };
  let latest: BatchProgress | null = null;
  const start = (total: number): void => {
    hideOffer();
    panel.start(source, total, skipped, fileName);
    jobs.setStatus(`Solving ${plural(total, 'puzzle')} from ${source}…`, 'busy');
  };
  try {
    const { options, route } = settings.fastestOptions('a batch’s');
    // Stop while this module loaded came before the batch: it is not sent.
    const solving =
      stops !== jobs.stops
        ? Promise.reject(new SolverError({ code: 'stopped', message: 'Stopped.' }))
        : page.client.solveBatch(
            text,
            options,
            (progress) => {
              if (latest === null) start(progress.total);
              rename(progress.item);
              latest = progress;
              panel.progress(progress);
            },
            {
              ...fields,
              largeTimeLimitMs: nonNegativeInt(el.largeTimeLimit.value),
              workers: batchWorkers(),
            },
          );
    const result = await solving.catch(async (e: unknown) => {
      // Stopped: every puzzle that had not ended a row that says so (the text read
      // again), at its place among those that had.
      if (e instanceof SolverError && e.code === 'stopped') {
        hideOffer();
        latest = panel.stopped(source, (await page.client.parse(text, fields)).puzzles, skipped, rename, fileName);
      }
      throw e;
    });
    if (latest === null) start(result.items.length);
    result.items.forEach(rename);
    panel.finish(result, source, route, leftOut);
  } catch (e) {
    if (latest !== null) panel.flush();
    if (e instanceof SolverError && e.code === 'stopped') {
      const p = latest as BatchProgress | null; // set by the progress callback, or on a Stop before any ended
      jobs.setStatus(
        p
          ? `Stopped after ${p.done} of ${plural(p.total, 'puzzle')}: the table lists ${p.done === 0 ? 'them as not finished' : p.done < p.total ? 'the others as not finished' : 'them all'}, and Download .xlsx or .csv saves it${p.done ? '; Download solutions saves a line per puzzle, those not finished marked so' : ''}. Your board and text are kept.`
          : 'Stopped. Your board and text are kept.',
        'info',
      );
    } else {
      jobs.showError(e, false);
    }
  }
}

/**
 * Scroll `element` into view when none of it is on screen: on a phone the board is
 * above a long batch table, and a row picked far down must not change a board nobody
 * sees. Smoothly, unless the reader asked for reduced motion.
 */
function revealIfOffScreen(element: HTMLElement): void {
  const box = element.getBoundingClientRect();
  if (box.bottom > 0 && box.top < window.innerHeight) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
}
