// SPDX-License-Identifier: GPL-3.0-or-later
/** The genre page's Solve all: every puzzle of the text, a row each, on every core. */
import { ownLines, type GenreSolveResult } from '../../../solver/genre';
import { SolverError, type ResultRow } from '../../../solver/protocol';
import { withLeftOut, type LeftOutRow } from '../../../sheets/left-out';
import { DrawThrottle } from '../../draw-throttle';
import { RowsOnScroll } from '../../rows-on-scroll';
import { formatMsNumber } from '../../format';
import { batchWorkers, byId } from '../../shared';
import { errorMessage, type GenreContext } from '../context';
import { solve } from './solve';

/**
 * A record's own lines of the text as its row holds them, without the newlines after its
 * last line: the last record's own lines run to the end of the text, which ends in one
 * (so its row held a trailing newline the rows before it did not).
 *
 * @param text a record's own lines (ownLines, GenreContext.ownText)
 * @returns `text` without trailing newlines
 */
function recordText(text: string): string {
  return text.replace(/[\r\n]+$/, '');
}

/** Least ms between two draws of Solve all's rows and progress (as the Sudoku batch's). */
const DRAW_INTERVAL_MS = 100;
/** The running or last Solve all's rows, built as its table is scrolled (one at a time). */
let lazyRows: RowsOnScroll | null = null;

/**
 * A row of Solve all's table, in input order: puzzle `puzzle` of the text (0-based, its
 * index among ParsedList `puzzles`), or a record that is no puzzle of it, with its row
 * as it stands (`error: …`) and its name in the table (a record's with its line, as the
 * picker names a puzzle): one the engine's parse refused, or a workbook's sheet or row
 * that did not read (GenreContext.sheetLeftOut).
 */
type Entry = { puzzle: number } | { row: ResultRow; label: string };

/**
 * The workbook's record ids mapped back to its sheets' names (GenreContext.sheetLeftOut
 * `names`: `'Week_2'!A1:F6` → `'Week 2'!A1:F6`, as the npm CLI writes them) while the text
 * read (Solve all's) is the workbook's, for what Solve all saves (the results, the
 * answers); else the text as it is.
 */
function sheetNamesOf(ctx: GenreContext): (text: string) => string {
  return (ctx.sheetLeftOut?.text === ctx.textRead ? ctx.sheetLeftOut.names : null) ?? ((text) => text);
}

/**
 * Every record of the text (and of the workbook it came from) in input order: its
 * puzzles, and among them, by their lines, the records the engine's parse refused (a
 * record that does not read, a clue out of range), each a row as the C++ CLI writes
 * one: its name, `error: ` and the engine's message naming its line and cells, its own
 * lines of the text as the puzzle; then a workbook's rows left out at their places.
 *
 * @param ctx the genre page (context.ts), its text parsed
 * @param lines the text split at newlines
 * @returns ParsedList `puzzles`.length + `refused`.length entries, plus the workbook's
 */
function recordEntries(ctx: GenreContext, lines: readonly string[]): Entry[] {
  const { puzzles, refused = [] } = ctx.parsed;
  const names = sheetNamesOf(ctx);
  const records = withLeftOut<Entry>(
    puzzles.map((_, puzzle) => ({ puzzle })),
    refused.map((k): LeftOutRow<Entry> => ({
      at: puzzles.filter((p) => p.line < k.line).length,
      row: {
        row: { name: names(k.name), status: names(`error: ${errorMessage(new SolverError(k.error))}`), puzzle: names(recordText(ownLines(lines, k))) },
        label: `${k.name} (line ${k.line})`,
      },
    })),
  );
  // A workbook's rows left out are placed among its records (sheets.ts), those refused counted.
  const leftOut = ctx.sheetLeftOut?.text === ctx.textRead ? ctx.sheetLeftOut.rows : [];
  return withLeftOut(records, leftOut.map(({ at, row }) => ({ at, row: { row, label: row.name } })));
}

/**
 * Solves every puzzle of the text (one request each; on one worker per core when the
 * first says they are slow enough, SolverClient.genreMany): a row per record with its
 * status and ms (a record that is no puzzle, recordEntries, its error), a progress bar,
 * and the answers as one download in the genre's solution format, input order. Stop
 * ends it; what was solved stays.
 *
 * @param ctx the genre page (context.ts)
 */
export async function solveAll(ctx: GenreContext): Promise<void> {
  if (ctx.jobs.busyRefusal()) return;
  const genre = ctx.genre; // the batch's, whichever genre is shown when it draws
  const names = [...ctx.pick.options].map((o) => o.textContent ?? '');
  // Each puzzle is sent alone: its own lines of the text (ownText), split once.
  // The text read, whose records ctx.parsed lists (the box may be edited since).
  const solvedText = ctx.textRead;
  const lines = solvedText.split('\n');
  // The downloads are named after the file the text came from, while it is unedited.
  const fromFile = ctx.openedFile?.text === solvedText ? ctx.openedFile.name : undefined;
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
  // Every record of the table: those that are no puzzle (entries) have their rows from
  // the start, and count as read.
  const entries = recordEntries(ctx, lines);
  const already = entries.length - names.length;
  let solved = 0;
  let limited = 0;
  let noSolution = 0; // ended without an answer, not at the time limit
  let failed = 0; // an error of the engine or a broken rule
  let done = 0;
  let workersUsed = 1;
  let interrupted = 0; // puzzles Stop ended while they were being solved
  const answers: Array<string | undefined> = [];
  // A workbook's records by their sheets' names in the downloads, as the npm CLI writes
  // them ('N1 01_10x10'!A3:J12, where the text has the id 'N1_01_10x10'!A3:J12).
  const sheetNames = sheetNamesOf(ctx);
  const texts = names.map((_, i) => recordText(ctx.ownText(i, lines)));
  const results: ResultRow[] = names.map((name, i) => ({
    name: sheetNames(ctx.parsed.puzzles[i]?.name ?? name),
    status: '',
    puzzle: sheetNames(texts[i]!),
  }));
  const requests = texts.map((puzzle, i) => {
    // No board back: the rows keep only the answers (choosing a name draws one).
    const fields = ctx.puzzleFields();
    if (timeLimitMs > 0) fields.options = { ...fields.options, timeLimitMs };
    return { type: 'solve' as const, ...fields, puzzle, index: 1, name: ctx.parsed.puzzles[i]?.name, board: false };
  });
  // The table's first rows, built by the first draw (show, below), and more as the
  // table is scrolled (rows-on-scroll.ts); a puzzle's cells by its index, once its row
  // is built.
  const cells: Array<{ status: HTMLTableCellElement; time: HTMLTableCellElement } | undefined> = [];
  let built = 0;
  let stopped = false;
  /** Row i's status and ms, as its result says so far. */
  const fill = (i: number): void => {
    if (cells[i] === undefined) return; // filled when its row is built
    const { status, time } = cells[i];
    const { status: text, ms } = results[i]!;
    status.textContent = text === '' && stopped ? 'not started (stopped)' : text;
    if (ms !== undefined) time.textContent = formatMsNumber(ms);
  };
  /** Builds the rows up to the rows wanted, each filled as its result stands, and watches the last. */
  const buildRows = (): void => {
    const upTo = Math.min(entries.length, rows.wanted);
    if (built >= upTo) return;
    const fragment = document.createDocumentFragment();
    for (; built < upTo; built++) {
      const entry = entries[built]!;
      const row = document.createElement('tr');
      const number = document.createElement('td');
      number.className = 'num'; // under its heading, right-aligned as the ms
      // The record's place in the input (a puzzle's place in the picker may be less).
      number.textContent = String(built + 1);
      if ('row' in entry) {
        // No puzzle to show: its name and its error, which names its line and cells.
        const nameCell = document.createElement('td');
        nameCell.textContent = entry.label;
        const status = document.createElement('td');
        status.className = 'message';
        status.textContent = entry.row.status;
        row.append(number, nameCell, status, document.createElement('td'));
        fragment.append(row);
        continue;
      }
      const i = entry.puzzle;
      const label = names[i]!;
      const name = document.createElement('button');
      name.type = 'button';
      name.className = 'link';
      name.textContent = label;
      name.disabled = ctx.batchStale(); // a stale table's (showBatch)
      name.addEventListener('click', () => {
        // The text edited since (on the board, not yet read): the table, of the text
        // before, says so (showBatch) instead of opening this text's record at its place.
        if (ctx.batchStale()) {
          ctx.showBatch();
          return;
        }
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
      status.className = 'message';
      const time = document.createElement('td');
      time.className = 'num';
      row.append(number, nameCell, status, time);
      fragment.append(row);
      cells[i] = { status, time };
      fill(i);
    }
    table.append(fragment);
    rows.watchLast(upTo < entries.length);
  };
  lazyRows?.reset();
  const rows = new RowsOnScroll(table, () => {
    if (shown) buildRows();
  });
  lazyRows = rows;
  /**
   * The panel, emptied, and the table's first rows: drawn by the first draw,
   * DRAW_INTERVAL_MS after the start or at the end, as the Sudoku page's batch panel is
   * (a frame drawn while the workers ran took cores from them).
   */
  let shown = false;
  const show = (): void => {
    if (shown) return;
    shown = true;
    // This batch's from now on: until then the downloads save the last one's, shown.
    ctx.solutions = [];
    ctx.resultRows = results;
    // Shown with its genre and text only (showBatch): another genre picked meanwhile
    // stops the batch, whose rows are then drawn for when its genre is back.
    ctx.batchOf = { genre, text: solvedText, ...(fromFile === undefined ? {} : { file: fromFile }) };
    ctx.showBatch();
    table.replaceChildren();
    rows.toTop();
    download.disabled = true;
    for (const b of sheets) b.disabled = true;
    progress.max = entries.length;
    buildRows();
  };
  // The rows that ended since the last draw: drawn together at most every
  // DRAW_INTERVAL_MS, so that the page's own thread leaves the cores to the workers.
  const ended: number[] = [];
  const drawn = new DrawThrottle(DRAW_INTERVAL_MS, () => {
    show();
    // A row not built yet is filled when it is.
    for (const i of ended.splice(0)) fill(i);
    progress.value = already + done;
    count.textContent = `${already + done} of ${entries.length}`;
  });
  const all = async (): Promise<void> => {
    // Each puzzle is its own request, on one worker per core when they are slow enough.
    workersUsed = await ctx.client.genreMany<GenreSolveResult>(requests, batchWorkers(), (i, outcome) => {
      const result = results[i]!;
      if ('result' in outcome) {
        const r = outcome.result;
        // Worded as the Sudoku page's table and the CLI's results ("no solution", not the
        // engine's "infeasible": a user's session found the two tables apart).
        result.status = r.answer ? (r.answer.verified ? 'solved' : `broken rule: ${r.answer.brokenRule ?? '?'}`) : r.status === 'infeasible' ? 'no solution' : r.status;
        // MiniSat's conflicts too, on the CNF-SAT route (summed over the rounds), as the CLI's table has them.
        // To the µs, as the Sudoku batch writes it: a sum of rounds' times carries float
        // noise (0.299999) into the downloads.
        Object.assign(result, { ms: Math.round((r.stats.totalMs ?? r.stats.solveMs) * 1000) / 1000, nodes: r.stats.nodes, ...(r.stats.sat ? { conflicts: r.stats.sat.conflicts } : {}) });
        if (r.answer) {
          answers[i] = sheetNames(r.answer.text);
          result.solution = sheetNames(r.answer.text.replace(/\n+$/, '')); // a cell's text, as the CLI writes it
          if (r.answer.verified) solved++;
          else failed++;
        } else if (r.status === 'time_limit') {
          result.status = `time limit (${limitS} s)`;
          limited++;
        } else {
          noSolution++;
        }
      } else if (outcome.queued === true) {
        // Ended by a Stop or a crash while it waited in its worker behind another: it had
        // not started, and its row says so.
        return;
      } else if (outcome.error instanceof SolverError && outcome.error.code === 'stopped') {
        // Stop (or the worker's end with it): not an error of the puzzle.
        result.status = 'stopped';
        interrupted++;
      } else {
        result.status = sheetNames(`error: ${errorMessage(outcome.error)}`);
        failed++;
      }
      done++;
      ended.push(i);
      drawn.request();
    });
  };
  // The rows wanted built and drawn as their results stand (at the end, or on Stop).
  const drawAll = (): void => {
    drawn.now();
    buildRows();
  };
  drawn.hold();
  drawn.request(); // the panel, shown DRAW_INTERVAL_MS from now, however slow the first puzzle
  await ctx.jobs.run(
    'batch',
    `Solving ${names.length} puzzle${names.length === 1 ? '' : 's'}…`,
    all,
    () => {
      // Stopped, or a worker crashed: the requests that ended say so in their rows; the
      // ones not started say that (a row built later too).
      stopped = true;
      drawAll();
      names.forEach((_, i) => fill(i));
    },
    true,
    DRAW_INTERVAL_MS, // drawn running only once it has taken as long as a draw waits
  );
  drawAll();
  // The panel outlives the status line (another genre picked stops the batch and says
  // its own): its count says the batch stopped.
  if (stopped) count.textContent = `${already + done} of ${entries.length}, stopped`;
  ctx.solutions = answers.filter((a): a is string => a !== undefined);
  // Every record's row in input order, as the CLI's table has them; the puzzles not
  // started (Stop) are left out.
  ctx.resultRows = entries.map((e) => ('row' in e ? e.row : results[e.puzzle]!)).filter((r) => r.status !== '');
  download.disabled = ctx.solutions.length === 0;
  for (const b of sheets) b.disabled = ctx.resultRows.length === 0;
  const notStarted = results.filter((r) => r.status === '').length;
  const stop = stopped
    ? `Stopped: ${interrupted > 0 ? `${interrupted} puzzle${interrupted === 1 ? '' : 's'} ended while solving, ` : ''}${notStarted} not started. `
    : '';
  // The records loaded are the puzzles and those refused: solved, without solution,
  // with errors, at the time limit, stopped and not started add up to them.
  const refused = (ctx.parsed.refused ?? []).map((k) => k.name);
  const records = names.length + refused.length;
  const errors = failed + refused.length;
  const sheetRows = entries.length - records; // a workbook's, not of the text
  const list = (items: string[]): string => items.slice(0, 3).join(', ') + (items.length > 3 ? `, and ${items.length - 3} more` : '');
  ctx.say(
    `${stop}${solved} of ${records} puzzles solved${workersUsed > 1 ? ` on ${workersUsed} workers` : ''}` +
      (noSolution > 0 ? `, ${noSolution} without solution` : '') +
      (errors > 0 ? `, ${errors} with ${errors === 1 ? 'an error' : 'errors'}${refused.length > 0 ? ` (not read: ${list(refused)}; ${refused.length === 1 ? 'its row says' : 'their rows say'} why)` : ''}` : '') +
      (limited > 0 ? `; ${limited} stopped at the time limit of ${limitS} s per puzzle (raise it, or open one and press Solve, which has none)` : '') +
      (sheetRows > 0 ? `; the table also lists ${sheetRows === 1 ? 'a sheet or row' : `${sheetRows} sheets or rows`} of the workbook that could not be read` : '') +
      `; Download solutions saves them in the genre’s solution format, Download .xlsx or .csv a table of the results.`,
    solved === entries.length ? 'success' : 'warning',
  );
}
