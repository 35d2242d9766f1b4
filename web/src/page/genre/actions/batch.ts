// SPDX-License-Identifier: GPL-3.0-or-later
/** The genre page's Solve all: every puzzle of the text, a row each, on every core. */
import type { GenreSolveResult } from '../../../solver/genre';
import { SolverError, type ResultRow } from '../../../solver/protocol';
import { withLeftOut } from '../../../sheets/left-out';
import { DrawThrottle } from '../../draw-throttle';
import { RowsOnScroll } from '../../rows-on-scroll';
import { batchWorkers, byId } from '../../shared';
import { errorMessage, type GenreContext } from '../context';
import { solve } from './solve';

/** Least ms between two draws of Solve all's rows and progress (as the Sudoku batch's). */
const DRAW_INTERVAL_MS = 100;
/** The running or last Solve all's rows, built as its table is scrolled (one at a time). */
let lazyRows: RowsOnScroll | null = null;

/**
 * Solves every puzzle of the text (one request each; on one worker per core when the
 * first says they are slow enough, SolverClient.genreMany): a row per puzzle with its
 * status and ms, a progress bar, and the answers as one download in the genre's
 * solution format, input order. Stop ends it; what was solved stays.
 *
 * @param ctx the genre page (context.ts)
 */
export async function solveAll(ctx: GenreContext): Promise<void> {
  if (ctx.jobs.busyRefusal()) return;
  const names = [...ctx.pick.options].map((o) => o.textContent ?? '');
  // Each puzzle is sent alone: its own lines of the text (ownText), split once.
  const lines = ctx.text.value.split('\n');
  // Each puzzle's own time limit, so that one hard puzzle does not hold up the rest.
  const limitInput = byId('genre-time-limit', HTMLInputElement);
  const limitS = Number(limitInput.value);
  if (limitInput.validity.badInput || limitInput.value.trim() === '' || !Number.isFinite(limitS) || limitS < 0 || limitS > 86_400) {
    ctx.say(`The time limit per puzzle must be 0 (none) to 86400 seconds, not “${limitInput.value}”.`, 'error');
    limitInput.focus();
    return;
  }
  // At least 1 ms when there is a limit: 0 means none.
  const timeLimitMs = limitS > 0 ? Math.max(1, Math.round(limitS * 1000)) : 0;
  ctx.answersPanel.hidden = true;
  const table = byId('genre-batch-table', HTMLTableElement).tBodies[0]!;
  const progress = byId('genre-batch-progress', HTMLProgressElement);
  const count = byId('genre-batch-count', HTMLElement);
  const download = byId('genre-download-solutions', HTMLButtonElement);
  const sheets = [byId('genre-download-xlsx', HTMLButtonElement), byId('genre-download-csv', HTMLButtonElement)];
  byId('genre-batch', HTMLElement).hidden = false;
  table.replaceChildren();
  ctx.solutions = [];
  download.disabled = true;
  for (const b of sheets) b.disabled = true;
  progress.max = names.length;
  let solved = 0;
  let limited = 0;
  let done = 0;
  let workersUsed = 1;
  let interrupted = 0; // puzzles Stop ended while they were being solved
  const answers: Array<string | undefined> = [];
  const results: ResultRow[] = names.map((name, i) => ({
    name: ctx.parsed.puzzles[i]?.name ?? name,
    status: '',
    puzzle: ctx.ownText(i, lines),
  }));
  ctx.resultRows = results;
  const requests = results.map((result, i) => {
    // No board back: the rows keep only the answers (choosing a name draws one).
    const fields = ctx.puzzleFields();
    if (timeLimitMs > 0) fields.options = { ...fields.options, timeLimitMs };
    return { type: 'solve' as const, ...fields, puzzle: result.puzzle, index: 1, name: ctx.parsed.puzzles[i]?.name, board: false };
  });
  // The table's first rows, built in a task of their own once the first request is on
  // its way, and more as the table is scrolled (rows-on-scroll.ts).
  const cells: Array<{ status: HTMLTableCellElement; time: HTMLTableCellElement }> = [];
  let stopped = false;
  /** Row i's status and ms, as its result says so far. */
  const fill = (i: number): void => {
    const { status, time } = cells[i]!;
    const { status: text, ms } = results[i]!;
    status.textContent = text === '' && stopped ? 'not started (stopped)' : text;
    if (ms !== undefined) time.textContent = ms.toFixed(2);
  };
  /** Builds the rows up to the rows wanted, each filled as its result stands, and watches the last. */
  const buildRows = (): void => {
    const upTo = Math.min(names.length, rows.wanted);
    if (cells.length >= upTo) return;
    const fragment = document.createDocumentFragment();
    for (let i = cells.length; i < upTo; i++) {
      const label = names[i]!;
      const row = document.createElement('tr');
      const number = document.createElement('td');
      number.textContent = String(i + 1);
      const name = document.createElement('button');
      name.type = 'button';
      name.className = 'link';
      name.textContent = label;
      name.addEventListener('click', () => {
        ctx.pick.value = String(i + 1);
        void (async () => {
          await ctx.draw();
          // A solved row shows its answer: the rows keep no board, so the puzzle is
          // solved again (most take milliseconds); while Solve all runs it is drawn alone.
          if (results[i]!.status === 'solved' && ctx.jobs.job === null && ctx.pick.value === String(i + 1)) await solve(ctx);
        })();
      });
      const nameCell = document.createElement('td');
      nameCell.append(name);
      const status = document.createElement('td');
      const time = document.createElement('td');
      time.className = 'num';
      row.append(number, nameCell, status, time);
      fragment.append(row);
      cells.push({ status, time });
      fill(i);
    }
    table.append(fragment);
    rows.watchLast(upTo < names.length);
  };
  lazyRows?.reset();
  const rows = new RowsOnScroll(table, buildRows);
  lazyRows = rows;
  const rowsTimer = setTimeout(buildRows, 0);
  // The rows that ended since the last draw: drawn together at most every
  // DRAW_INTERVAL_MS, so that the page's own thread leaves the cores to the workers.
  const ended: number[] = [];
  const drawn = new DrawThrottle(DRAW_INTERVAL_MS, () => {
    // A row not built yet is filled when it is.
    for (const i of ended.splice(0)) if (i < cells.length) fill(i);
    progress.value = done;
    count.textContent = `${done} of ${names.length}`;
  });
  const all = async (): Promise<void> => {
    // Each puzzle is its own request, on one worker per core when they are slow enough.
    workersUsed = await ctx.client.genreMany<GenreSolveResult>(requests, batchWorkers(), (i, outcome) => {
      const result = results[i]!;
      if ('result' in outcome) {
        const r = outcome.result;
        result.status = r.answer ? (r.answer.verified ? 'solved' : `broken rule: ${r.answer.brokenRule ?? '?'}`) : r.status;
        Object.assign(result, { ms: r.stats.totalMs ?? r.stats.solveMs, nodes: r.stats.nodes });
        if (r.answer) {
          answers[i] = r.answer.text;
          result.solution = r.answer.text;
          solved++;
        } else if (r.status === 'time_limit') {
          result.status = `time limit (${limitS} s)`;
          limited++;
        }
      } else if (outcome.error instanceof SolverError && outcome.error.code === 'stopped') {
        // Stop (or the worker's end with it): not an error of the puzzle.
        result.status = 'stopped';
        interrupted++;
      } else {
        result.status = `error: ${errorMessage(outcome.error)}`;
      }
      done++;
      ended.push(i);
      drawn.request();
    });
  };
  // The rows wanted built and drawn as their results stand (at the end, or on Stop).
  const drawAll = (): void => {
    clearTimeout(rowsTimer);
    buildRows();
    drawn.now();
  };
  await ctx.jobs.run('batch', `Solving ${names.length} puzzles…`, all, () => {
    // Stopped, or a worker crashed: the requests that ended say so in their rows; the
    // ones not started say that (a row built later too).
    stopped = true;
    drawAll();
    cells.forEach((_, i) => fill(i));
  });
  drawAll();
  ctx.solutions = answers.filter((a): a is string => a !== undefined);
  // A spreadsheet's sheets and rows that did not read, at their places (sheets.ts), as
  // the CLI's table has them; the puzzles not started (Stop) are left out.
  const leftOut = ctx.sheetLeftOut?.text === ctx.text.value ? ctx.sheetLeftOut.rows : [];
  ctx.resultRows = withLeftOut(results, leftOut).filter((r) => r.status !== '');
  download.disabled = ctx.solutions.length === 0;
  for (const b of sheets) b.disabled = ctx.resultRows.length === 0;
  const notStarted = results.filter((r) => r.status === '').length;
  const stop = stopped
    ? `Stopped: ${interrupted > 0 ? `${interrupted} puzzle${interrupted === 1 ? '' : 's'} ended while solving, ` : ''}${notStarted} not started. `
    : '';
  ctx.say(
    `${stop}${solved} of ${names.length} puzzles solved${workersUsed > 1 ? ` on ${workersUsed} workers` : ''}` +
      (limited > 0 ? `; ${limited} stopped at the time limit of ${limitS} s per puzzle (raise it, or open one and press Solve, which has none)` : '') +
      `; Download solutions saves them in the genre’s solution format, Download .xlsx or .csv a table of the results.`,
    solved === names.length ? 'success' : 'warning',
  );
}
