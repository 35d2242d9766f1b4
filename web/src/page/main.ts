// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page: wires the board, the buttons, paste, files and the batch view to the
 * solver worker. Everything slow runs in the worker; this thread only draws.
 */
import { SolverClient, type WorkerFactory } from '../solver/client';
import {
  PROTOCOL_VERSION,
  SolverError,
  type BatchItem,
  type BatchProgress,
  type BatchResult,
  type PuzzleFormat,
  type SolveOptions,
} from '../solver/protocol';
import { Board } from './board';
import {
  checkFileSize,
  countOutcomes,
  describeSolve,
  eulerCornerSum,
  formatBytes,
  formatMs,
  formatMsNumber,
  itemStatusText,
  plural,
  solutionsText,
} from './format';

/** Most rows drawn in the results table; the download always has every puzzle. */
const MAX_TABLE_ROWS = 5000;

/** Start the solver worker the way Vite detects (module worker, bundled separately). */
const createWorker: WorkerFactory = ({ onMessage, onCrash }) => {
  const worker = new Worker(new URL('../worker/worker.ts', import.meta.url), {
    type: 'module',
    name: 'gridmilp-solver',
  });
  worker.onmessage = (event: MessageEvent) => onMessage(event.data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    onCrash(event.message || 'the solver worker failed to start');
  };
  worker.onmessageerror = () => onCrash('a message from the solver could not be read');
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
  };
};

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`gridmilp page: element #${id} is missing`);
  return el;
}

type StatusKind = 'info' | 'ok' | 'error' | 'busy';
type Job = 'solve' | 'parse' | 'batch' | null;

/** The page controller: one instance per page. */
class App {
  private readonly status = byId('status', HTMLParagraphElement);
  private readonly solveButton = byId('solve', HTMLButtonElement);
  private readonly stopButton = byId('stop', HTMLButtonElement);
  private readonly clearButton = byId('clear', HTMLButtonElement);
  private readonly loadFileButton = byId('load-file', HTMLButtonElement);
  private readonly fileInput = byId('file-input', HTMLInputElement);
  private readonly textArea = byId('puzzle-text', HTMLTextAreaElement);
  private readonly loadTextButton = byId('load-text', HTMLButtonElement);
  private readonly offer = byId('batch-offer', HTMLDivElement);
  private readonly offerText = byId('batch-offer-text', HTMLParagraphElement);
  private readonly offerButton = byId('batch-offer-solve', HTMLButtonElement);
  private readonly presolve = byId('opt-presolve', HTMLInputElement);
  private readonly timeLimit = byId('opt-time-limit', HTMLInputElement);
  private readonly batchSection = byId('batch', HTMLElement);
  private readonly batchHeading = byId('batch-heading', HTMLHeadingElement);
  private readonly progress = byId('batch-progress', HTMLProgressElement);
  private readonly batchCount = byId('batch-count', HTMLSpanElement);
  private readonly batchElapsed = byId('batch-elapsed', HTMLSpanElement);
  private readonly euler = byId('euler-answer', HTMLParagraphElement);
  private readonly downloadButton = byId('download', HTMLButtonElement);
  private readonly tableBody = byId('batch-table', HTMLTableElement).tBodies[0]!;
  private readonly batchMore = byId('batch-more', HTMLParagraphElement);
  private readonly engineVersion = byId('engine-version', HTMLParagraphElement);
  private readonly board: Board;
  private readonly client: SolverClient;

  private job: Job = null;
  /** Counts Stop presses, so a file read that finishes after Stop is dropped. */
  private stops = 0;
  private offeredText: { text: string; source: string } | null = null;
  // Batch view state.
  private batchItems: BatchItem[] = [];
  private batchTotal = 0;
  private batchFormat: PuzzleFormat | null = null;
  private lastProgress: BatchProgress | null = null;
  private rowsDrawn = 0;
  private frameRequested = false;
  private selectedRow: HTMLTableRowElement | null = null;

  constructor() {
    this.board = new Board(byId('board-container', HTMLDivElement), () => {
      if (this.selectedRow) this.selectRow(null);
    });
    this.client = new SolverClient(createWorker, {
      onRestart: (reason, message) => {
        if (reason !== 'stopped' && this.job === null) {
          this.setStatus(`${message}. A fresh solver has been started; your board is kept.`, 'error');
        }
        this.warmUp();
      },
    });
    this.wire();
    this.setJob(null);
    this.warmUp(true);
  }

  /** Load the WASM module early so the first Solve is quick. */
  private warmUp(report = false): void {
    this.client.version().then(
      (v) => {
        if (typeof v !== 'object' || v === null || v.protocol !== PROTOCOL_VERSION) {
          this.setStatus(
            `The solver speaks protocol ${String(v?.protocol)}, this page expects ${PROTOCOL_VERSION}: rebuild gridmilp.`,
            'error',
          );
          return;
        }
        this.engineVersion.textContent = `Engine: gridmilp ${v.gridmilp}, GLPK ${v.glpk}, protocol ${v.protocol}.`;
      },
      (e: unknown) => {
        if (report && this.job === null && !(e instanceof SolverError && e.code === 'stopped')) {
          this.setStatus(`The solver could not be loaded: ${messageOf(e)}`, 'error');
        }
      },
    );
  }

  private wire(): void {
    this.solveButton.addEventListener('click', () => void this.solve());
    this.stopButton.addEventListener('click', () => this.stop());
    this.clearButton.addEventListener('click', () => {
      this.board.clear();
      this.setStatus('The board is empty.', 'info');
      this.board.focus();
    });
    this.loadFileButton.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', () => void this.loadFile());
    this.loadTextButton.addEventListener('click', () => {
      const text = this.textArea.value;
      if (text.trim() === '') {
        this.setStatus('The puzzle text is empty: type or paste a puzzle into it first.', 'error');
        return;
      }
      void this.loadText(text, 'the puzzle text');
    });
    this.offerButton.addEventListener('click', () => {
      if (this.offeredText) void this.runBatch(this.offeredText.text, this.offeredText.source);
    });
    this.downloadButton.addEventListener('click', () => this.download());
    for (const button of document.querySelectorAll<HTMLButtonElement>('.pad button')) {
      button.addEventListener('click', () => {
        this.board.typeDigit(Number(button.dataset.digit));
      });
    }
    document.addEventListener('paste', (event) => this.onPaste(event));
    window.addEventListener('error', (event) => {
      this.setStatus(`Something went wrong on the page: ${event.message}`, 'error');
    });
    window.addEventListener('unhandledrejection', (event) => {
      this.setStatus(`Something went wrong on the page: ${messageOf(event.reason)}`, 'error');
    });
  }

  private options(): SolveOptions {
    const limit = Number(this.timeLimit.value);
    return {
      presolve: this.presolve.checked,
      timeLimitMs: Number.isFinite(limit) && limit > 0 ? Math.round(limit) : 0,
    };
  }

  private setStatus(text: string, kind: StatusKind): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  private setJob(job: Job): void {
    this.job = job;
    const busy = job !== null;
    this.solveButton.disabled = busy;
    this.loadFileButton.disabled = busy;
    this.loadTextButton.disabled = busy;
    this.offerButton.disabled = busy;
    this.stopButton.disabled = !busy;
    this.board.element.setAttribute('aria-busy', String(job === 'solve'));
    document.body.dataset.busy = busy ? job : '';
  }

  private busyRefusal(): boolean {
    if (this.job === null) return false;
    this.setStatus('The solver is busy: wait for it, or press Stop.', 'busy');
    return true;
  }

  private async solve(): Promise<void> {
    if (this.busyRefusal()) return;
    const givens = this.board.getGivens();
    this.board.clearConflicts();
    this.board.setSolution(null);
    this.setJob('solve');
    this.setStatus('Solving…', 'busy');
    try {
      const result = await this.client.solve(givens, this.options());
      if (this.board.getGivens() !== givens) {
        this.setStatus('Solved, but the board changed meanwhile: press Solve again.', 'info');
        return;
      }
      if (typeof result.solution === 'string') this.board.setSolution(result.solution);
      this.setStatus(describeSolve(result), result.solution ? 'ok' : 'error');
    } catch (e) {
      this.showError(e, this.board.getGivens() === givens);
    } finally {
      this.setJob(null);
    }
  }

  private stop(): void {
    if (this.job === null) return;
    this.stops++;
    // Rejects the pending request with code `stopped`; its handler writes the status.
    this.client.stop();
  }

  /** Show an error in the status line; highlight conflicting cells if they are the board's. */
  private showError(e: unknown, boardCells: boolean): void {
    if (e instanceof SolverError) {
      if (e.code === 'stopped') {
        if (this.status.dataset.kind === 'busy') {
          this.setStatus('Stopped. Your board and text are kept.', 'info');
        }
        return;
      }
      if (boardCells && e.where?.cells?.length) this.board.markConflicts(e.where.cells);
      if (e.code === 'worker_crashed' || e.code === 'engine_crashed') {
        this.setStatus(`${e.message}. A fresh solver has been started; your board is kept.`, 'error');
        return;
      }
      if (e.code === 'load_failed') {
        this.setStatus(`The solver could not be loaded: ${e.message}`, 'error');
        return;
      }
      this.setStatus(e.message, 'error');
      return;
    }
    this.setStatus(`Something went wrong: ${messageOf(e)}`, 'error');
  }

  private onPaste(event: ClipboardEvent): void {
    const target = event.target;
    if (
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLInputElement ||
      (target instanceof HTMLElement && target.isContentEditable)
    ) {
      return; // that field receives the text itself
    }
    const text = event.clipboardData?.getData('text/plain') ?? '';
    event.preventDefault();
    if (text.trim() === '') {
      this.setStatus('The clipboard holds no text to read a puzzle from.', 'error');
      return;
    }
    void this.loadText(text, 'the pasted text');
  }

  /** Parse a text: one puzzle goes onto the board; many are offered as a batch. */
  private async loadText(text: string, source: string): Promise<void> {
    if (this.busyRefusal()) return;
    this.setJob('parse');
    this.setStatus(`Reading ${source}…`, 'busy');
    try {
      const parsed = await this.client.parse(text);
      const puzzles = parsed.puzzles;
      const first = puzzles[0];
      if (puzzles.length === 1 && first) {
        this.hideOffer();
        this.board.setGivens(first.givens);
        const name = /^Puzzle \d+$/.test(first.name) ? 'the puzzle' : first.name;
        this.setStatus(
          `Loaded ${name} from ${source} (${plural(this.board.countGivens(), 'given')}). Press Solve.`,
          'info',
        );
        this.board.focus();
      } else {
        this.offeredText = { text, source };
        const n = plural(puzzles.length, 'puzzle');
        this.offerText.textContent = `${capitalise(source)} holds ${n} (${formatName(parsed.format)}).`;
        this.offerButton.textContent = `Solve all ${n}`;
        this.offer.hidden = false;
        this.setStatus(`${capitalise(source)} holds ${n}: press “Solve all ${n}” to solve them.`, 'info');
      }
    } catch (e) {
      this.showError(e, false);
    } finally {
      this.setJob(null);
    }
  }

  private hideOffer(): void {
    this.offer.hidden = true;
    this.offeredText = null;
  }

  private async loadFile(): Promise<void> {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = ''; // choosing the same file again fires `change` again
    if (!file) return;
    if (this.busyRefusal()) return;
    const refusal = checkFileSize(file.size);
    if (refusal !== null) {
      this.setStatus(refusal, 'error');
      return;
    }
    this.setJob('batch');
    this.setStatus(`Reading ${file.name} (${formatBytes(file.size)})…`, 'busy');
    const stops = this.stops;
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      this.setJob(null);
      this.setStatus(`Unable to read ${file.name}: ${messageOf(e)}`, 'error');
      return;
    }
    this.setJob(null);
    if (stops !== this.stops) {
      this.setStatus('Stopped. Your board and text are kept.', 'info');
      return;
    }
    await this.runBatch(text, file.name);
  }

  /** Parse and solve every puzzle of `text` in the worker, streaming into the batch view. */
  private async runBatch(text: string, source: string): Promise<void> {
    if (this.busyRefusal()) return;
    this.setJob('batch');
    this.lastProgress = null;
    this.setStatus(`Reading ${source}…`, 'busy');
    let started = false;
    try {
      const result = await this.client.solveBatch(text, this.options(), (progress) => {
        if (!started) {
          started = true;
          this.startBatchView(source, progress.total);
        }
        this.onProgress(progress);
      });
      if (!started) this.startBatchView(source, result.items.length);
      this.finishBatch(result, source);
    } catch (e) {
      this.flush();
      if (e instanceof SolverError && e.code === 'stopped') {
        const p = this.lastProgress as BatchProgress | null; // set by the progress callback
        this.setStatus(
          p
            ? `Stopped after ${p.done} of ${plural(p.total, 'puzzle')}. Your board and text are kept.`
            : 'Stopped. Your board and text are kept.',
          'info',
        );
      } else {
        this.showError(e, false);
      }
    } finally {
      this.setJob(null);
    }
  }

  private startBatchView(source: string, total: number): void {
    this.hideOffer();
    this.batchSection.hidden = false;
    this.batchHeading.textContent = `Batch: ${source}`;
    this.batchItems = [];
    this.batchTotal = total;
    this.batchFormat = null;
    this.rowsDrawn = 0;
    this.selectedRow = null;
    this.tableBody.replaceChildren();
    this.batchMore.hidden = true;
    this.euler.hidden = true;
    this.euler.textContent = '';
    this.downloadButton.disabled = true;
    this.progress.max = Math.max(total, 1);
    this.progress.value = 0;
    this.batchCount.textContent = `0 of ${total.toLocaleString('en-US')}`;
    this.batchElapsed.textContent = '';
    this.setStatus(`Solving ${plural(total, 'puzzle')} from ${source}…`, 'busy');
  }

  private onProgress(progress: BatchProgress): void {
    this.lastProgress = progress;
    if (progress.item) this.batchItems[progress.item.index] = progress.item;
    if (!this.frameRequested) {
      this.frameRequested = true;
      requestAnimationFrame(() => this.flush());
    }
  }

  /** Draw what arrived since the last frame. */
  private flush(): void {
    this.frameRequested = false;
    const p = this.lastProgress;
    if (p) {
      this.progress.value = p.done;
      this.batchCount.textContent = `${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')}`;
      this.batchElapsed.textContent = `· ${formatMs(p.elapsedMs)} elapsed`;
    }
    const fragment = document.createDocumentFragment();
    while (this.rowsDrawn < this.batchItems.length && this.rowsDrawn < MAX_TABLE_ROWS) {
      const item = this.batchItems[this.rowsDrawn];
      if (!item) break;
      fragment.append(this.makeRow(item));
      this.rowsDrawn++;
    }
    this.tableBody.append(fragment);
    const hiddenRows = this.batchTotal - MAX_TABLE_ROWS;
    if (hiddenRows > 0) {
      this.batchMore.hidden = false;
      this.batchMore.textContent = `The table shows the first ${MAX_TABLE_ROWS.toLocaleString('en-US')} puzzles; “Download solutions” has all ${this.batchTotal.toLocaleString('en-US')}.`;
    }
  }

  private makeRow(item: BatchItem): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.dataset.index = String(item.index);
    const status = itemStatusText(item);
    tr.dataset.status = status;
    const cells = [
      String(item.index + 1),
      '',
      status,
      item.ms === undefined ? '' : formatMsNumber(item.ms),
      item.nodes === undefined ? '' : String(item.nodes),
    ];
    cells.forEach((text, i) => {
      const td = document.createElement('td');
      if (i === 0 || i >= 3) td.className = 'num';
      if (i === 1) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'link';
        button.textContent = item.name;
        button.title = `Show ${item.name} on the board`;
        button.addEventListener('click', () => this.showItem(item, tr));
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

  private showItem(item: BatchItem, row: HTMLTableRowElement): void {
    if (item.givens.length !== 81) {
      this.setStatus(`${item.name} is not a 9×9 puzzle and cannot be shown.`, 'error');
      return;
    }
    this.board.setGivens(item.givens);
    if (item.solution) this.board.setSolution(item.solution);
    this.selectRow(row);
    const where = `${item.name} (line ${item.line})`;
    if (item.error) {
      if (item.error.where?.cells?.length) this.board.markConflicts(item.error.where.cells);
      this.setStatus(`${where}: ${item.error.message}`, 'error');
    } else if (item.solution) {
      const nodes = item.nodes === undefined ? '' : ` · ${plural(item.nodes, 'branch-and-bound node')}`;
      this.setStatus(`${where}: solved in ${formatMs(item.ms ?? NaN)}${nodes}.`, 'ok');
    } else {
      this.setStatus(`${where}: ${itemStatusText(item)}.`, 'error');
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

  private finishBatch(result: BatchResult, source: string): void {
    this.batchItems = result.items;
    this.batchTotal = result.items.length;
    this.batchFormat = result.format;
    this.lastProgress = {
      done: result.items.length,
      total: result.items.length,
      elapsedMs: result.elapsedMs,
    };
    this.flush();
    this.downloadButton.disabled = result.items.length === 0;
    const counts = countOutcomes(result.items);
    const parts = [`${counts.solved.toLocaleString('en-US')} solved`];
    if (counts.noSolution) parts.push(`${counts.noSolution.toLocaleString('en-US')} without solution`);
    if (counts.errors) parts.push(`${counts.errors.toLocaleString('en-US')} with errors`);
    this.setStatus(
      `Finished ${plural(result.items.length, 'puzzle')} from ${source} in ${formatMs(result.elapsedMs)}: ${parts.join(', ')}.`,
      counts.errors || counts.noSolution ? 'info' : 'ok',
    );
    if (this.batchFormat === 'euler96') {
      const sum = eulerCornerSum(result.items);
      this.euler.hidden = false;
      this.euler.textContent =
        sum === null
          ? 'Project Euler 96: not every grid was solved, so there is no sum.'
          : `Project Euler 96: sum of the top-left 3-digit numbers = ${sum}`;
    }
    const only = result.items[0];
    const firstRow = this.tableBody.rows[0];
    if (result.items.length === 1 && only && firstRow) this.showItem(only, firstRow);
  }

  private download(): void {
    if (this.batchItems.length === 0) return;
    const blob = new Blob([solutionsText(this.batchItems)], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'gridmilp-solutions.txt';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatName(format: PuzzleFormat): string {
  switch (format) {
    case 'euler96':
      return 'Project Euler 96 format';
    case 'separated':
      return 'grids separated by = lines';
    case 'one-per-line':
      return 'one puzzle per line';
    case 'grid':
      return 'one grid';
  }
}

new App();
