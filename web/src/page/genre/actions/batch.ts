// SPDX-License-Identifier: GPL-3.0-or-later
/** The genre page's Solve all: every puzzle of the text, a row each, on every core. */
import type { GenreSolveResult } from '../../../solver/genre';
import type { ResultRow } from '../../../solver/protocol';
import { batchWorkers, byId } from '../../shared';
import { errorMessage, type GenreContext } from '../context';

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
  ctx.resultRows = [];
  download.disabled = true;
  for (const b of sheets) b.disabled = true;
  progress.max = names.length;
  let solved = 0;
  let limited = 0;
  let done = 0;
  let workersUsed = 1;
  const answers: Array<string | undefined> = [];
  const cells: Array<{ status: HTMLTableCellElement; time: HTMLTableCellElement; result: ResultRow }> = [];
  const requests = names.map((_, i) => {
    const row = table.insertRow();
    row.insertCell().textContent = String(i + 1);
    const name = document.createElement('button');
    name.type = 'button';
    name.className = 'link';
    name.textContent = names[i]!;
    name.addEventListener('click', () => {
      ctx.pick.value = String(i + 1);
      void ctx.draw();
    });
    row.insertCell().append(name);
    const status = row.insertCell();
    const time = row.insertCell();
    time.className = 'num';
    const result: ResultRow = { name: ctx.parsed.puzzles[i]?.name ?? names[i]!, status: '', puzzle: ctx.ownText(i, lines) };
    ctx.resultRows.push(result);
    cells.push({ status, time, result });
    // No board back: the rows keep only the answers (choosing a name draws one).
    const fields = ctx.puzzleFields();
    if (timeLimitMs > 0) fields.options = { ...fields.options, timeLimitMs };
    return { type: 'solve' as const, ...fields, puzzle: result.puzzle, index: 1, name: ctx.parsed.puzzles[i]?.name, board: false };
  });
  const all = async (): Promise<void> => {
    // Each puzzle is its own request, on one worker per core when they are slow enough.
    workersUsed = await ctx.client.genreMany<GenreSolveResult>(requests, batchWorkers(), (i, outcome) => {
      const { status, time, result } = cells[i]!;
      if ('result' in outcome) {
        const r = outcome.result;
        status.textContent = r.answer ? (r.answer.verified ? 'solved' : `broken rule: ${r.answer.brokenRule ?? '?'}`) : r.status;
        time.textContent = (r.stats.totalMs ?? r.stats.solveMs).toFixed(2);
        Object.assign(result, { status: status.textContent, ms: r.stats.totalMs ?? r.stats.solveMs, nodes: r.stats.nodes });
        if (r.answer) {
          answers[i] = r.answer.text;
          result.solution = r.answer.text;
          solved++;
        } else if (r.status === 'time_limit') {
          status.textContent = `time limit (${limitS} s)`;
          result.status = status.textContent;
          limited++;
        }
      } else {
        status.textContent = `error: ${errorMessage(outcome.error)}`;
        result.status = status.textContent;
      }
      done++;
      progress.value = done;
      count.textContent = `${done} of ${names.length}`;
    });
  };
  await ctx.jobs.run('batch', `Solving ${names.length} puzzles…`, all, () => {
    // Stopped, or a worker crashed: the requests that ended say so in their rows; the
    // ones not started say that.
    for (const { status } of cells) if (status.textContent === '') status.textContent = 'not started (stopped)';
  });
  ctx.solutions = answers.filter((a): a is string => a !== undefined);
  ctx.resultRows = ctx.resultRows.filter((r) => r.status !== '');
  download.disabled = ctx.solutions.length === 0;
  for (const b of sheets) b.disabled = ctx.resultRows.length === 0;
  ctx.say(
    `${solved} of ${names.length} puzzles solved${workersUsed > 1 ? ` on ${workersUsed} workers` : ''}` +
      (limited > 0 ? `; ${limited} stopped at the time limit of ${limitS} s per puzzle (raise it, or open one and press Solve, which has none)` : '') +
      `; Download solutions saves them in the genre’s solution format, Download .xlsx or .csv a table of the results.`,
    solved === names.length ? 'success' : 'warning',
  );
}
