// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The batch panel (`#batch`): the progress of a batch solve, the results table (one row
 * per puzzle; a name shows that puzzle on the board), the Project Euler 96 answer and
 * the download of every solution. Progress is drawn at most every PROGRESS_INTERVAL_MS,
 * and the table's rows only as far as it is scrolled (rows-on-scroll.ts), so that
 * a batch of thousands of fast puzzles does not spend the page's thread on rows nobody
 * has looked at yet. The page loads this module on its first batch.
 */
import { refusedRows, withLeftOut, type LeftOutRow } from '../sheets/left-out';
import type { BatchItem, BatchProgress, BatchResult, CellRef, ParsedPuzzle, ResultRow, SpreadsheetPuzzles } from '../solver/protocol';
import { formatMs, formatMsNumber, grouped, leftOutText, plural, SHAPES, type Shape } from './format';
import { countOutcomes, eulerCornerSum, itemStatusText, solutionsText } from './format-results';
import { DrawThrottle } from './draw-throttle';
import { RowsOnScroll } from './rows-on-scroll';
import { savedName } from './saved-name';
import { byId, saveText } from './shared';
import './batch.css';

/**
 * Progress is drawn at most this often, ms: each draw repaints the page (4–8 ms on 2
 * cores while the workers run), which once a frame was a fifth of a 1,000-puzzle batch.
 */
const PROGRESS_INTERVAL_MS = 100;
/**
 * The most rows drawn by one progress draw: 200 rows at once held the page's thread
 * for 55 ms (their layout with the table's), long enough for both workers to run out
 * of chunks (docs/performance.md, eleventh session).
 */
const ROWS_PER_DRAW = 40;
/**
 * Rows are drawn while a batch runs only after this long, ms: a batch of a few hundred ms
 * (1,000 fast 9×9 puzzles) gets its table at the end, and its workers the page's thread
 * meanwhile.
 */
const ROWS_AFTER_MS = 1000;
/** The status of a puzzle a Stop left without a result ({@link BatchPanel.stopped}). */
const NOT_FINISHED = 'not finished (stopped)';

/** How the batch panel reaches the rest of the page. */
export interface BatchPanelHooks {
  /**
   * Put a puzzle of the batch on the board: switch to `shape`, set the givens, then the
   * solution (when there is one) and mark `conflicts` (the cells an error names).
   */
  showPuzzle(shape: Shape, givens: string, solution: string | undefined, conflicts: readonly CellRef[]): void;
  /** Write the page's status line. */
  setStatus(text: string, kind: 'info' | 'ok' | 'warning' | 'error'): void;
  /** Offer the results as a spreadsheet (.xlsx or .csv), one row per puzzle, as the file `name`. */
  saveResults(format: 'xlsx' | 'csv', rows: ResultRow[], name: string): void;
}

/**
 * A batch's results as the downloads save them: its items by input place (holes where
 * none came), those a Stop left unfinished, and a workbook's rows refused before it.
 */
interface SavedResults {
  items: BatchItem[];
  unfinished: Set<number>;
  leftOutRows: LeftOutRow<ResultRow>[];
  /** The file the batch was read from, as {@link start} took it: its downloads' names (savedName). */
  fileName: string | undefined;
}

/**
 * The batch panel: {@link start} it when the first progress of a batch arrives, pass on
 * each {@link progress}, then {@link finish} with the result (or {@link flush} after a
 * failure or Stop, to draw what arrived).
 */
export class BatchPanel {
  private readonly hooks: BatchPanelHooks;
  private readonly section = byId('batch', HTMLElement);
  private readonly heading = byId('batch-heading', HTMLHeadingElement);
  private readonly progressBar = byId('batch-progress', HTMLProgressElement);
  private readonly count = byId('batch-count', HTMLSpanElement);
  private readonly elapsed = byId('batch-elapsed', HTMLSpanElement);
  private readonly euler = byId('euler-answer', HTMLParagraphElement);
  private readonly downloadButton = byId('download', HTMLButtonElement);
  private readonly xlsxButton = byId('download-xlsx', HTMLButtonElement);
  private readonly csvButton = byId('download-csv', HTMLButtonElement);
  private readonly tableBody = byId('batch-table', HTMLTableElement).tBodies[0]!;
  /** The last column's header: "Nodes", "Conflicts" (CNF-SAT), or both when a batch has both. */
  private readonly effortHeader = byId('batch-table', HTMLTableElement).tHead!.rows[0]!.cells[4]!;
  /** Which figures the rows drawn so far carry (branch-and-bound nodes, MiniSat conflicts). */
  private effortSeen = { nodes: false, conflicts: false };
  /**
   * The rows the table may draw now (rows-on-scroll.ts): more each time it is scrolled
   * near its end; while a batch runs they are drawn ROWS_PER_DRAW at a time, as progress is.
   */
  private readonly lazyRows = new RowsOnScroll(this.tableBody, () => {
    if (this.running) this.drawer.request();
    else this.drawRows();
  });
  private items: BatchItem[] = [];
  /**
   * The results of the batch the panel shows while a new one is not drawn yet (from
   * {@link start} to {@link empty}): what its downloads save meanwhile.
   */
  private shownResults: SavedResults = { items: [], unfinished: new Set(), leftOutRows: [], fileName: undefined };
  /** Rows for what the page left out before the batch, by place (start). */
  private leftOutRows: LeftOutRow<ResultRow>[] = [];
  private total = 0;
  /** The shape of every puzzle of the batch, once the result says it. */
  private shape: Shape | null = null;
  private latest: BatchProgress | null = null;
  private rowsDrawn = 0;
  /** How many of leftOutRows the table shows (drawLeftOut). */
  private leftOutDrawn = 0;
  /** What the batch solves ("p096_sudoku.txt"), for the heading. */
  private source = '';
  /** The file this batch was read from, if any ({@link start}). */
  private fileName: string | undefined = undefined;
  /** Whether the panel shows the batch {@link start} began ({@link empty}). */
  private emptied = true;
  /**
   * Draws progress and rows at most every PROGRESS_INTERVAL_MS; none in a batch's first
   * second (a short batch's table is drawn at its end), every row that arrived once it
   * has ended.
   */
  private readonly drawer = new DrawThrottle(PROGRESS_INTERVAL_MS, () => {
    const early = (this.latest?.elapsedMs ?? 0) < ROWS_AFTER_MS;
    this.draw(!this.running ? Infinity : early ? 0 : ROWS_PER_DRAW);
  });
  /** From {@link start} to {@link finish} or an outside {@link flush} (a failure, Stop). */
  private running = false;
  /** The indices of the items a Stop left without a result, made from the puzzles' text ({@link stopped}). */
  private unfinished = new Set<number>();
  private selectedRow: HTMLTableRowElement | null = null;

  /** @param hooks the board and the status line */
  constructor(hooks: BatchPanelHooks) {
    this.hooks = hooks;
    // A batch begun but not drawn yet (start): the last batch's table and buttons, still
    // shown, save the last batch.
    this.downloadButton.addEventListener('click', () => this.download(this.savedResults()));
    // Each file named after the batch it saves: the last one, until a new one is drawn.
    for (const [button, format] of [[this.xlsxButton, 'xlsx'], [this.csvButton, 'csv']] as const) {
      button.addEventListener('click', () => {
        const results = this.savedResults();
        this.hooks.saveResults(format, this.resultRows(results), savedName(results.fileName, 'results', format));
      });
    }
    // One listener for every row's name (a row is drawn without one of its own).
    this.tableBody.addEventListener('click', (event) => {
      const button = (event.target as Element).closest('button.link');
      const row = button?.closest('tr');
      const item = row && this.emptied ? this.items[Number(row.dataset.index)] : undefined;
      if (row && item) this.showItem(item, row);
    });
  }

  /**
   * Begin a batch of `total` puzzles from `source` (e.g. a file name): the panel is shown
   * emptied for it by the first draw, PROGRESS_INTERVAL_MS from now or at the batch's
   * end ({@link empty}); until then it shows the last batch as it was (its downloads
   * save that batch, its rows do not respond, and nothing of it is redrawn: a frame drawn
   * while the workers ran took cores from them). The first draw comes after the first progress,
   * which follows the text's parse (and, on several workers, the probe's puzzles).
   *
   * @param skipped what the reading of a workbook left out before the batch (its
   *   `skipped`): those refused (sheets and rows that do not read) are rows of the results
   *   table at their places among the puzzles, whether the batch finishes or is stopped
   * @param fileName the file the text was read from, which names the downloads
   *   (savedName); `undefined` for a text pasted, typed or opened from a URL
   */
  start(source: string, total: number, skipped: SpreadsheetPuzzles['skipped'] = [], fileName?: string): void {
    if (this.emptied) this.shownResults = this.current();
    // This batch's own: none of an earlier workbook's. Made here, not in
    // actions/spreadsheet.ts: imported by this module and the genre page's alone,
    // sheets/left-out.ts shares their chunk, instead of a chunk of its own that the first
    // solve's main module names (its preload lists; the weight test's 250,000 bytes).
    this.leftOutRows = refusedRows(skipped).sort((x, y) => x.at - y.at);
    this.leftOutDrawn = 0;
    this.unfinished = new Set();
    this.source = source;
    this.fileName = fileName;
    this.items = [];
    this.total = total;
    this.shape = null;
    this.latest = null;
    this.rowsDrawn = 0;
    this.lazyRows.reset();
    this.running = true;
    this.selectedRow = null;
    this.effortSeen = { nodes: false, conflicts: false };
    this.emptied = false;
    this.drawer.hold();
  }

  /**
   * Show the panel emptied for the batch {@link start} began: done by the first draw, so
   * that a batch shorter than PROGRESS_INTERVAL_MS repaints the page once, at its end.
   */
  private empty(): void {
    this.emptied = true;
    this.section.hidden = false;
    this.setDownloads(false);
    this.heading.textContent = `Batch: ${this.source}`;
    this.tableBody.replaceChildren();
    this.lazyRows.toTop();
    this.effortHeader.textContent = 'Nodes';
    this.euler.hidden = true;
    this.euler.textContent = '';
    this.progressBar.max = Math.max(this.total, 1);
    this.progressBar.value = 0;
    this.count.textContent = `0 of ${grouped(this.total)}`;
    this.elapsed.textContent = '';
  }

  /**
   * Take a progress report (and its puzzle's row); drawn on the first animation frame
   * PROGRESS_INTERVAL_MS after the last draw.
   */
  progress(progress: BatchProgress): void {
    this.latest = progress;
    if (progress.item) this.items[progress.item.index] = progress.item;
    this.drawer.request();
  }

  /**
   * Draw everything that arrived, now, and end the batch's drawing: after a failure or
   * Stop (and from {@link finish}).
   */
  flush(): void {
    this.running = false;
    this.drawer.now();
    // Stopped: the table as it stands can still be saved (the puzzles that ended and,
    // once stopped() has filled the holes, those that did not); Download solutions
    // saves a line per puzzle, those that did not end marked so (download).
    const ended = this.finished().length;
    this.setDownloads(ended > 0 || this.unfinished.size > 0);
    if (ended === 0) this.downloadButton.disabled = true;
  }

  /**
   * The puzzles that ended (a stopped batch leaves holes, or rows not finished), in input
   * order: of this batch, or of the results given (a batch still shown).
   */
  private finished({ items, unfinished }: SavedResults = this.current()): BatchItem[] {
    return items.filter((item): item is BatchItem => item !== undefined && !unfinished.has(item.index));
  }

  /**
   * A batch stopped by the user: each puzzle that had not ended (all of them when none
   * had) gets a row in the table at its place, status "not finished (stopped)", so that
   * the table lists every puzzle and can be saved as it stands (Download .xlsx or .csv,
   * a workbook's refused rows at their places); Download solutions saves a line per
   * puzzle, those not finished marked so. The pool's workers end puzzles out of input order, so the holes can lie
   * anywhere, and the rows after the first hole are drawn too.
   *
   * @param source what was solved ("p096_sudoku.txt"), for the panel when no puzzle had
   *   ended (shown as {@link start} shows it)
   * @param puzzles the batch text's puzzles, as `parse` reads them, in input order (the
   *   items' indices are their places here)
   * @param skipped what a workbook's reading left out ({@link start})
   * @param rename names an item as the page named its puzzle (a spreadsheet's sheet and range)
   * @param fileName the file the text was read from ({@link start})
   * @returns the progress to say: the puzzles that ended, of all
   */
  stopped(
    source: string,
    puzzles: readonly ParsedPuzzle[],
    skipped: SpreadsheetPuzzles['skipped'],
    rename: (item: BatchItem) => void,
    fileName?: string,
  ): BatchProgress {
    // Stopped before any puzzle ended: the panel still holds the last batch, if any.
    if (!this.running) this.start(source, puzzles.length, skipped, fileName);
    const before = this.latest;
    puzzles.forEach(({ name, line, givens, size, boxHeight, boxWidth }, index) => {
      if (this.items[index] !== undefined) return;
      const item: BatchItem = { index, name, line, givens, ...(size === undefined ? {} : { size, boxHeight, boxWidth }) };
      rename(item);
      this.items[index] = item;
      this.unfinished.add(index);
    });
    this.total = puzzles.length; // the rows left out after the last are drawn once it is (drawRows)
    this.latest = { done: puzzles.length - this.unfinished.size, total: puzzles.length, elapsedMs: before?.elapsedMs ?? 0 };
    this.flush();
    return this.latest;
  }

  /**
   * A row's status: the item's, or {@link NOT_FINISHED} for a puzzle Stop left without a
   * result (in `unfinished`, this batch's by default).
   */
  private statusOf(item: BatchItem, unfinished = this.unfinished): string {
    return unfinished.has(item.index) ? NOT_FINISHED : itemStatusText(item);
  }

  /** What the downloads save: the batch drawn, the last one until a new one is ({@link start}). */
  private savedResults(): SavedResults {
    return this.emptied ? this.current() : this.shownResults;
  }

  /** This batch's results (start replaces each, so the last batch's stay whole). */
  private current(): SavedResults {
    return { items: this.items, unfinished: this.unfinished, leftOutRows: this.leftOutRows, fileName: this.fileName };
  }

  /**
   * Draw the progress and up to `rowLimit` more rows (from {@link drawer}); when rows
   * that arrived are left undrawn, another draw is requested.
   */
  private draw(rowLimit: number): void {
    if (!this.emptied) this.empty();
    const p = this.latest;
    if (p) {
      this.progressBar.value = p.done;
      this.count.textContent = `${grouped(p.done)} of ${grouped(p.total)}`;
      this.elapsed.textContent = p.done > 0 ? `· ${formatMs(p.elapsedMs)} elapsed` : ''; // none ended (stopped before any): no time to say
    }
    this.drawRows(rowLimit);
    if (rowLimit > 0 && this.rowsDrawn < this.lazyRows.wanted && this.items[this.rowsDrawn]) this.drawer.request();
  }

  /**
   * Draw the rows that arrived, in input order, up to the rows wanted (RowsOnScroll).
   *
   * @param rowLimit the most rows drawn now
   */
  private drawRows(rowLimit = Infinity): void {
    const fragment = document.createDocumentFragment();
    // The rows wanted count the table's rows, those left out among them.
    const end = Math.min(this.lazyRows.wanted - this.leftOutDrawn, this.rowsDrawn + rowLimit);
    while (this.rowsDrawn < this.items.length && this.rowsDrawn < end) {
      const item = this.items[this.rowsDrawn];
      if (!item) break;
      this.drawLeftOut(fragment, this.rowsDrawn);
      fragment.append(this.makeRow(item));
      this.rowsDrawn++;
    }
    if (this.rowsDrawn === this.total) this.drawLeftOut(fragment, Infinity);
    if (!fragment.hasChildNodes()) return;
    this.tableBody.append(fragment);
    this.lazyRows.watchLast();
  }

  /**
   * Draw the whole result, say in the status line how the batch went and by which
   * route, show the Project Euler 96 answer for that format, and show a batch of one
   * puzzle on the board.
   *
   * @param result the worker's batch result
   * @param source what was solved, for the status line ("p096_sudoku.txt")
   * @param route the model and method, in words ("reduced model, CNF-SAT: …")
   * @param leftOut what the page left out of the text before the batch (the unreadable
   *   lines of a paste of URLs, one message each), named with the lines `result.refused`
   *   lists (the results table's rows for a workbook's are {@link start}'s)
   */
  finish(result: BatchResult, source: string, route: string, leftOut: readonly string[] = []): void {
    this.items = result.items;
    this.total = result.items.length;
    this.shape = { size: result.size, boxHeight: result.boxHeight, boxWidth: result.boxWidth };
    this.latest = { done: result.items.length, total: result.items.length, elapsedMs: result.elapsedMs };
    this.flush();
    this.setDownloads(result.items.length > 0);
    const counts = countOutcomes(result.items);
    // Of those without solution (countOutcomes), the ones the time limit stopped, counted
    // apart as the CLI's summary does, so that the parts add up to the puzzles finished;
    // one the limit stopped with an answer ('solved (time limit)') is among the solved.
    const timeLimited = result.items.filter((i) => i.status === 'time_limit' && !i.error && typeof i.solution !== 'string').length;
    const noSolution = counts.noSolution - timeLimited;
    const parts = [`${grouped(counts.solved)} solved`];
    if (timeLimited) parts.push(`${grouped(timeLimited)} stopped by the time limit`);
    if (noSolution) parts.push(`${grouped(noSolution)} without solution`);
    if (counts.errors) parts.push(`${grouped(counts.errors)} with errors`);
    // A text of URLs: the lines left out are named again, as the paste did.
    const left = [...leftOut, ...(result.refused ?? []).map((r) => r.error.message)];
    // What the page left out are lines of URLs (passed on as records).
    const unread = leftOutText(left, leftOut.length > 0 ? 'urls' : result.format);
    this.hooks.setStatus(
      `Finished ${plural(result.items.length, 'puzzle')} from ${source} in ${formatMs(result.elapsedMs)}` +
        `${(result.workers ?? 1) > 1 ? ` on ${result.workers} workers` : ''}: ${parts.join(', ')} (${route}).${unread}`,
      left.length > 0 ? 'warning' : counts.errors || counts.noSolution ? 'info' : 'ok',
    );
    if (result.format === 'euler96') {
      const sum = eulerCornerSum(result.items);
      this.euler.hidden = false;
      this.euler.textContent =
        sum === null
          ? 'Project Euler 96: not every grid was solved, so there is no sum.'
          : `Project Euler 96: sum of the top-left 3-digit numbers = ${sum}`;
    }
    const only = result.items[0];
    const firstRow = this.tableBody.querySelector<HTMLTableRowElement>('tr[data-index="0"]');
    if (result.items.length === 1 && only && firstRow) this.showItem(only, firstRow);
  }

  /** Unmark the row shown on the board (the board now shows something else). */
  deselect(): void {
    this.selectRow(null);
  }

  /**
   * The rows of what a workbook's reading left out (leftOutRows) placed before the
   * puzzle at `place` (Infinity: after the last), each once: the table lists them where
   * its downloads do (a user's session counted 6 rows on the page, 8 in the .xlsx).
   */
  private drawLeftOut(fragment: DocumentFragment, place: number): void {
    const rows = this.leftOutRows;
    for (; this.leftOutDrawn < rows.length && rows[this.leftOutDrawn]!.at <= place; this.leftOutDrawn++) {
      const { row } = rows[this.leftOutDrawn]!;
      const tr = document.createElement('tr');
      tr.dataset.status = 'error';
      tr.title = row.status;
      for (const [text, className] of [['—', 'num'], [row.name, ''], ['error', 'status-error'], ['', 'num'], ['', 'num']] as const) {
        const td = document.createElement('td');
        td.textContent = text;
        if (className) td.className = className;
        tr.append(td);
      }
      fragment.append(tr);
    }
  }

  private makeRow(item: BatchItem): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.index = String(item.index);
    const status = this.statusOf(item);
    tr.dataset.status = status;
    const cells = [
      String(item.index + 1),
      '',
      status,
      item.ms === undefined ? '' : formatMsNumber(item.ms),
      // Branch-and-bound's nodes, or MiniSat's conflicts on the CNF-SAT route (the
      // header says which); empty when the reduction decided the puzzle.
      String(item.nodes ?? item.conflicts ?? ''),
    ];
    this.noteEffort(item);
    cells.forEach((text, i) => {
      const td = document.createElement('td');
      if (i === 0 || i >= 3) td.className = 'num';
      if (i === 1) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'link';
        button.textContent = item.name;
        button.title = `Show ${item.name} on the board`;
        td.append(button);
      } else {
        td.textContent = text;
      }
      if (i === 2) td.className = `status-${status.replace(/[^a-z]+/g, '-')}`;
      tr.append(td);
    });
    if (item.error) tr.title = item.error.message;
    return tr;
  }

  /** Name the last column after the figures the rows carry. */
  private noteEffort(item: BatchItem): void {
    const seen = this.effortSeen;
    if ((item.nodes === undefined || seen.nodes) && (item.conflicts === undefined || seen.conflicts)) return;
    seen.nodes ||= item.nodes !== undefined;
    seen.conflicts ||= item.conflicts !== undefined;
    this.effortHeader.textContent = seen.nodes && seen.conflicts ? 'Nodes / conflicts' : seen.conflicts ? 'Conflicts' : 'Nodes';
    this.effortHeader.title = seen.conflicts
      ? 'MiniSat’s conflicts on the CNF-SAT route' + (seen.nodes ? '; branch-and-bound nodes otherwise' : '') + '; empty when the reduction decided'
      : 'Branch-and-bound nodes; empty when the reduction decided';
  }

  private showItem(item: BatchItem, row: HTMLTableRowElement): void {
    // A record of another size than the batch's first says its own.
    const own = item.size === undefined ? undefined : { size: item.size, boxHeight: item.boxHeight!, boxWidth: item.boxWidth! };
    const shape = own ?? this.shape ?? SHAPES.find((s) => s.size * s.size === item.givens.length);
    if (shape === undefined) {
      this.hooks.setStatus(`${item.name} has a size this page cannot show.`, 'error');
      return;
    }
    this.hooks.showPuzzle(shape, item.givens, item.solution, item.error?.where?.cells ?? []);
    this.selectRow(row);
    const where = item.line > 0 ? `${item.name} (line ${item.line})` : item.name;
    if (item.error) {
      this.hooks.setStatus(`${where}: ${item.error.message}`, 'error');
    } else if (item.solution && item.status !== 'time_limit') {
      const nodes =
        item.decidedBy === 'reduction'
          ? ' · by the reduction alone (GLPK not run)'
          : item.nodes !== undefined
            ? ` · ${plural(item.nodes, 'branch-and-bound node')}`
            : item.conflicts !== undefined
              ? ` · CNF-SAT, ${plural(item.conflicts, 'MiniSat conflict')}`
              : '';
      this.hooks.setStatus(`${where}: solved in ${formatMs(item.ms ?? NaN)}${nodes}.`, 'ok');
    } else {
      this.hooks.setStatus(`${where}: ${this.statusOf(item)}${item.ms === undefined ? '' : ` (${formatMs(item.ms)})`}.`, this.unfinished.has(item.index) ? 'info' : 'error');
    }
  }

  private selectRow(row: HTMLTableRowElement | null): void {
    if (this.selectedRow) {
      this.selectedRow.classList.remove('selected');
      this.selectedRow.removeAttribute('aria-current');
    }
    this.selectedRow = row;
    if (row) {
      row.classList.add('selected');
      row.setAttribute('aria-current', 'true');
    }
  }

  private setDownloads(enabled: boolean): void {
    for (const b of [this.downloadButton, this.xlsxButton, this.csvButton]) b.disabled = !enabled;
  }

  /**
   * Every puzzle's outcome as a spreadsheet row: name, status, ms, nodes, conflicts,
   * puzzle, solution; and what was left out before the batch (leftOutRows) at its place, as the
   * CLI's results table has it.
   */
  private resultRows({ items, unfinished, leftOutRows }: SavedResults): ResultRow[] {
    // By the puzzles' places, holes (a stopped batch's puzzles that did not end) included,
    // so that a row left out goes before the puzzle that came after it in the input;
    // the holes are dropped after.
    const rows = Array.from(items, (item): ResultRow | undefined =>
      item === undefined
        ? undefined
        : {
            name: item.name,
            status: item.error ? `error: ${item.error.message}` : this.statusOf(item, unfinished),
            ...(item.ms === undefined ? {} : { ms: Math.round(item.ms * 1000) / 1000 }),
            // Branch-and-bound's nodes; 0 for a puzzle that ended without a tree (CNF-SAT,
            // the reduction), as the CLI's table writes it (a user's session saw "" and 0).
            ...(item.nodes !== undefined ? { nodes: item.nodes } : !item.error && !unfinished.has(item.index) ? { nodes: 0 } : {}),
            // MiniSat's, on the CNF-SAT route: the table's Conflicts column, kept too.
            ...(item.conflicts !== undefined ? { conflicts: item.conflicts } : {}),
            puzzle: item.givens,
            ...(item.solution ? { solution: item.solution } : {}),
          },
    );
    return withLeftOut(rows, leftOutRows).filter((row): row is ResultRow => row !== undefined);
  }

  /**
   * Download solutions: one line per puzzle of the batch, as for a batch that ran to its
   * end, so that line k is puzzle k's (a workbook's rows that did not read among them,
   * as `error: …`, as the .xlsx and .csv list them); after a Stop, a puzzle that had not ended gets its
   * line "not finished (stopped)", after a failure "not finished" (the puzzles that ended alone, one after another, no
   * longer said which puzzle each line was: a user's session).
   */
  private download(results: SavedResults): void {
    if (this.finished(results).length === 0) return;
    const { items, unfinished, leftOutRows } = results;
    // A Stop's unfinished rows are marked stopped; a failure's holes only not finished.
    const lines: Array<BatchItem | 'stopped' | undefined | { leftOut: string }> = Array.from(items, (item) =>
      item === undefined ? undefined : unfinished.has(item.index) ? 'stopped' : item,
    );
    // A workbook's rows that did not read, at their places, as the .xlsx and .csv have
    // them: line k is the sheet's k-th puzzle row (a user's session counted 6 lines, 8 rows).
    const leftOut = leftOutRows.map(({ at, row }) => ({ at, row: { leftOut: row.status.replace(/^error: /, '') } }));
    saveText(solutionsText(withLeftOut(lines, leftOut)), savedName(results.fileName, 'solutions', 'txt'));
  }
}
