// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page: wires the board (every size from 4×4 to 25×25), the buttons, paste, files,
 * the batch view, uniqueness, enumeration, generation and objectives to the solver
 * worker. Everything slow runs in the worker; this thread only draws. What a first solve
 * does not use is fetched when first needed: the model panel when it comes into view
 * (lazy-model.ts), the search tree on a Solve that records it (tree.ts) and the batch
 * panel on the first batch (batch.ts).
 */
import { SolverClient } from '../solver/client';
import {
  MODEL_KINDS,
  PROTOCOL_VERSION,
  SOLVE_METHODS,
  SolverError,
  type BatchProgress,
  type CellRef,
  type Objective,
  type PuzzleFields,
  type PuzzleFormat,
  type ExportModelResult,
  type ModelFormat,
  type ModelKind,
  type SolveMethod,
  type SolveOptions,
  type SolveProgress,
  type Symmetry,
} from '../solver/protocol';
import { Board } from './board';
import { LazyModelPanel } from './lazy-model';
import type { ModelView } from './model';
import type { BatchPanel } from './batch';
import { BnbPanel, byId, createWorker, exportModelLp, messageOf, saveText } from './shared';
import { startOfflineSupport } from './pwa';
import {
  OBJECTIVES,
  PANELS,
  embedSnippet,
  embedUrl,
  readHash,
  readState,
  stateHash,
  type Panel,
  type UrlState,
} from './urlstate';
import {
  SHAPES,
  checkFileSize,
  describeEnumerate,
  describeEnumerateProgress,
  describeGenerateProgress,
  describeRelaxation,
  describeSolve,
  fractionalCells,
  describeUniqueness,
  displaySymbol,
  formatBytes,
  formatMs,
  generateReport,
  plural,
  symbolRange,
  type Shape,
} from './format';

/** Largest seed the engine takes (32 bits). */
const MAX_SEED = 4294967295;

/**
 * How long a Solve may run before the page shows it as running ("Solving…", the
 * branch-and-bound panel, the controls disabled but Stop). Most solves end sooner, and
 * the board then goes from the puzzle straight to its solution: drawing the running
 * state first had cost the page's thread a restyle and layout of 15–30 ms on a freshly
 * loaded page (measured in Chromium with a trace, 2026-11-25), during which the worker's
 * answer waited. 100 ms is the usual limit for a response to feel immediate.
 */
const RUNNING_UI_DELAY_MS = 100;

type StatusKind = 'info' | 'ok' | 'error' | 'busy';
type Job =
  | 'solve'
  | 'parse'
  | 'batch'
  | 'uniqueness'
  | 'enumerate'
  | 'generate'
  | 'complete'
  | 'relax'
  | 'export'
  | null;

/** Solutions the person can flip through on the board (uniqueness, enumeration). */
interface SolutionSet {
  /** The givens they belong to (canonical). */
  givens: string;
  solutions: string[];
  /** Which one is shown (0-based). */
  index: number;
  /** What they came from, for the viewer's text. */
  kind: 'uniqueness' | 'enumeration';
}

/** The page controller: one instance per page. */
class App {
  private readonly status = byId('status', HTMLParagraphElement);
  private readonly hint = byId('hint', HTMLParagraphElement);
  private readonly play = byId('play', HTMLElement);
  private readonly sizeSelect = byId('size', HTMLSelectElement);
  private readonly hexOption = byId('hex-option', HTMLSpanElement);
  private readonly hexBox = byId('opt-hex', HTMLInputElement);
  private readonly pad = byId('pad', HTMLDivElement);
  private readonly solveButton = byId('solve', HTMLButtonElement);
  private readonly stopButton = byId('stop', HTMLButtonElement);
  private readonly uniqueButton = byId('check-unique', HTMLButtonElement);
  private readonly clearButton = byId('clear', HTMLButtonElement);
  private readonly loadFileButton = byId('load-file', HTMLButtonElement);
  private readonly fileInput = byId('file-input', HTMLInputElement);
  private readonly viewer = byId('solution-viewer', HTMLDivElement);
  private readonly viewerText = byId('viewer-text', HTMLSpanElement);
  private readonly viewerPrev = byId('viewer-prev', HTMLButtonElement);
  private readonly viewerNext = byId('viewer-next', HTMLButtonElement);
  private readonly textArea = byId('puzzle-text', HTMLTextAreaElement);
  private readonly loadTextButton = byId('load-text', HTMLButtonElement);
  private readonly offer = byId('batch-offer', HTMLDivElement);
  private readonly offerText = byId('batch-offer-text', HTMLParagraphElement);
  private readonly offerButton = byId('batch-offer-solve', HTMLButtonElement);
  private readonly objectiveSelect = byId('objective', HTMLSelectElement);
  private readonly weightsPanel = byId('weights-panel', HTMLDivElement);
  private readonly weightsSense = byId('weights-sense', HTMLSelectElement);
  private readonly weightsReset = byId('weights-reset', HTMLButtonElement);
  private readonly weightsGrid = byId('weights', HTMLDivElement);
  private readonly enumLimit = byId('enum-limit', HTMLInputElement);
  private readonly enumButton = byId('enumerate', HTMLButtonElement);
  private readonly genSeed = byId('gen-seed', HTMLInputElement);
  private readonly genRandomSeed = byId('gen-random-seed', HTMLButtonElement);
  private readonly genGivens = byId('gen-givens', HTMLInputElement);
  private readonly genSymmetry = byId('gen-symmetry', HTMLSelectElement);
  private readonly genMethod = byId('gen-method', HTMLSelectElement);
  private readonly generateButton = byId('generate', HTMLButtonElement);
  private readonly completeButton = byId('complete', HTMLButtonElement);
  private readonly generateReportList = byId('generate-report', HTMLUListElement);
  private readonly presolve = byId('opt-presolve', HTMLInputElement);
  private readonly timeLimit = byId('opt-time-limit', HTMLInputElement);
  private readonly largeTimeLimit = byId('opt-large-time-limit', HTMLInputElement);
  private readonly engineVersion = byId('engine-version', HTMLParagraphElement);
  private readonly modelSelect = byId('opt-model', HTMLSelectElement);
  private readonly methodSelect = byId('opt-method', HTMLSelectElement);
  private readonly progressInterval = byId('opt-progress-interval', HTMLInputElement);
  private readonly exportLpButton = byId('export-lp', HTMLButtonElement);
  private readonly exportMpsButton = byId('export-mps', HTMLButtonElement);
  private readonly relaxButton = byId('relax', HTMLButtonElement);
  private readonly exportDialog = byId('export-dialog', HTMLDialogElement);
  private readonly exportHeading = byId('export-heading', HTMLHeadingElement);
  private readonly exportInfo = byId('export-info', HTMLSpanElement);
  private readonly exportText = byId('export-text', HTMLPreElement);
  private readonly exportDownload = byId('export-download', HTMLButtonElement);
  private readonly exportClose = byId('export-close', HTMLButtonElement);
  private readonly formulation = byId('formulation', HTMLDivElement);
  private readonly recordTree = byId('opt-record-tree', HTMLInputElement);
  private readonly treePanel = byId('tree-panel', HTMLElement);
  private readonly treeBody = byId('tree', HTMLDivElement);
  private readonly modelPanel: LazyModelPanel;
  private readonly bnb = new BnbPanel();
  private readonly embedButton = byId('embed', HTMLButtonElement);
  private readonly embedDialog = byId('embed-dialog', HTMLDialogElement);
  private readonly embedSnippetText = byId('embed-snippet', HTMLTextAreaElement);
  private readonly embedCopy = byId('embed-copy', HTMLButtonElement);
  private readonly embedDone = byId('embed-done', HTMLButtonElement);
  private readonly embedReadonly = byId('embed-readonly', HTMLInputElement);
  private readonly embedPreview = byId('embed-preview', HTMLAnchorElement);
  private readonly embedNote = byId('embed-note', HTMLSpanElement);
  /** True while the page applies a state from the URL (which must not write it back). */
  private restoring = false;
  private readonly board: Board;
  private readonly client: SolverClient;
  /** The exported text and its file name, for the viewer's Download button. */
  private exported: { text: string; fileName: string } | null = null;

  private job: Job = null;
  /** Counts Stop presses, so a file read that finishes after Stop is dropped. */
  private stops = 0;
  /** Whether the current worker was asked to load the SAT module (see prefetchSat). */
  private satPrefetched = false;
  private offeredText: { text: string; source: string } | null = null;
  private solutionSet: SolutionSet | null = null;
  /** The weights of the weighted objective, row by row (rebuilt when the size changes). */
  private weights: number[] = [];
  /** The batch panel, from the first batch on (batch.ts is fetched then). */
  private batchPanel: BatchPanel | null = null;

  constructor() {
    this.board = new Board(byId('board-container', HTMLDivElement), (change) => {
      this.batchPanel?.deselect();
      this.hideSolutions();
      // A new puzzle is a new history entry; typing only rewrites the current one.
      this.syncUrl(change !== 'edit');
      this.treePanel.hidden = true;
      this.updateModel();
    });
    this.modelPanel = new LazyModelPanel(this.formulation, {
      markCells: (cells) => this.board.markTied(cells),
      fetchLp: (view) => this.fetchLp(view),
    });
    this.board.onSelect = (row, column) => this.modelPanel.selectCell(row, column);
    this.client = new SolverClient(createWorker, {
      onRestart: (reason, message) => {
        if (reason !== 'stopped' && this.job === null) {
          this.setStatus(`${message}. A fresh solver has been started; your board is kept.`, 'error');
        }
        this.satPrefetched = false; // a fresh worker, without the SAT module
        this.warmUp();
      },
    });
    this.wire();
    this.wireGenres();
    this.onShapeChanged();
    this.setJob(null);
    this.restoreFromLocation(true);
    this.warmUp(true);
  }

  // ---- Genres -------------------------------------------------------------------

  /** The page of the other genres, loaded when one is first picked (genre/view.ts). */
  private genreView: Promise<import('./genre/view').GenreView> | null = null;

  /** The genre picker: Sudoku is this page; every other genre shows genre/view.ts. */
  private wireGenres(): void {
    const select = document.getElementById('genre') as HTMLSelectElement | null;
    const sudoku = document.getElementById('sudoku-play');
    const other = document.getElementById('genre-play');
    if (select === null || sudoku === null || other === null) return;
    select.addEventListener('change', () => {
      const genre = select.value;
      sudoku.hidden = genre !== 'sudoku';
      other.hidden = genre === 'sudoku';
      if (genre === 'sudoku') return;
      this.genreView ??= import('./genre/view').then((m) => m.createGenreView(this.client));
      void this.genreView.then(
        (view) => view.show(genre as Parameters<typeof view.show>[0]),
        (e: unknown) => this.setStatus(`Unable to load the genre page: ${String(e)}`, 'error'),
      );
    });
  }

  // ---- URL state ---------------------------------------------------------------

  /** The puzzle and options that a link carries. */
  private urlState(): UrlState {
    const objective = OBJECTIVES.find((o) => o === this.objectiveSelect.value) ?? 'none';
    const method = SOLVE_METHODS.find((m) => m === this.methodSelect.value) ?? 'branch-and-bound';
    return { size: this.board.size, givens: this.board.getGivens(), model: this.model(), method, objective };
  }

  /** Write the state into the location hash: a new history entry when `push`. */
  private syncUrl(push: boolean): void {
    if (this.restoring) return;
    const hash = stateHash(this.urlState());
    if (hash === location.hash) return;
    const url = `${location.pathname}${location.search}${hash}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  /**
   * Apply the state named by the location: the hash, else (on the first load) `?bd=`.
   * Without either, an empty 9×9 board.
   */
  private restoreFromLocation(first: boolean): void {
    let state = readHash(location.hash);
    const search = new URLSearchParams(location.search);
    if (state === null && first && search.has('bd')) {
      state = readState(search);
      if (state) history.replaceState(null, '', `${location.pathname}${stateHash(state)}`);
    }
    if (state === null) {
      if (first) return; // a fresh page: nothing to restore
      state = { size: 9, givens: '.'.repeat(81), model: 'textbook', method: 'branch-and-bound', objective: 'none' };
    } else if (!first && stateHash(state) === stateHash(this.urlState())) {
      return; // already shown
    }
    const shape = SHAPES.find((s) => s.size === state.size);
    if (!shape) {
      this.setStatus(`The link names a ${state.size}×${state.size} puzzle, a size this page cannot show.`, 'error');
      return;
    }
    if (this.job !== null) this.stop();
    this.restoring = true;
    try {
      if (this.board.hexSymbols) {
        this.board.setHexSymbols(false);
        this.onShapeChanged();
      }
      this.useShape(shape);
      if (this.board.getGivens() !== state.givens) this.board.setGivens(state.givens);
      this.modelSelect.value = state.model;
      this.methodSelect.value = state.method;
      if (state.method === 'sat') this.prefetchSat();
      this.objectiveSelect.value = state.objective;
      this.renderWeights();
      this.updateModel(); // the model panel follows the restored model and objective
      this.setStatus(
        `Loaded the puzzle from the link (${plural(this.board.countGivens(), 'given')}). Press Solve.`,
        'info',
      );
    } catch (e) {
      this.setStatus(`The link's puzzle cannot be shown: ${messageOf(e)}`, 'error');
    } finally {
      this.restoring = false;
    }
  }

  // ---- Embed dialog --------------------------------------------------------------

  private embedPanels(): Panel[] {
    const checked = new Set(
      [...this.embedDialog.querySelectorAll<HTMLInputElement>('input[name="embed-panel"]:checked')].map((i) => i.value),
    );
    return PANELS.filter((p) => p === 'board' || checked.has(p));
  }

  /** Rewrite the embed snippet for the current puzzle and the dialog's choices. */
  private updateEmbed(): void {
    const state = { ...this.urlState(), panels: this.embedPanels(), readonly: this.embedReadonly.checked };
    const base = new URL('embed.html', location.href);
    this.embedSnippetText.value = embedSnippet(base, state);
    this.embedPreview.href = embedUrl(base, state);
    this.embedNote.textContent = '';
  }

  private openEmbed(): void {
    this.updateEmbed();
    if (!this.embedDialog.open) this.embedDialog.showModal();
    this.embedSnippetText.focus();
    this.embedSnippetText.select();
  }

  private async copyEmbed(): Promise<void> {
    const text = this.embedSnippetText.value;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      this.embedNote.textContent = 'Copied.';
    } catch {
      this.embedSnippetText.focus();
      this.embedSnippetText.select();
      this.embedNote.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
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
    this.uniqueButton.addEventListener('click', () => void this.checkUniqueness());
    this.enumButton.addEventListener('click', () => void this.enumerate());
    this.generateButton.addEventListener('click', () => void this.generate());
    this.completeButton.addEventListener('click', () => void this.complete());
    this.genRandomSeed.addEventListener('click', () => {
      this.genSeed.value = String(randomSeed());
    });
    this.viewerPrev.addEventListener('click', () => this.showSolutionAt(-1, true));
    this.viewerNext.addEventListener('click', () => this.showSolutionAt(1, true));
    this.clearButton.addEventListener('click', () => {
      this.board.clear();
      this.setStatus('The board is empty.', 'info');
      this.board.focus();
    });
    this.sizeSelect.addEventListener('change', () => {
      const shape = SHAPES.find((s) => String(s.size) === this.sizeSelect.value);
      if (!shape) return;
      this.board.setShape(shape);
      this.onShapeChanged();
      this.setStatus(
        `Empty ${shape.size}×${shape.size} board (${shape.boxHeight}×${shape.boxWidth} boxes): type ${symbolRange(shape.size, this.board.hexSymbols)}.`,
        'info',
      );
    });
    this.hexBox.addEventListener('change', () => {
      this.board.setHexSymbols(this.hexBox.checked);
      this.onShapeChanged();
    });
    this.objectiveSelect.addEventListener('change', () => {
      this.renderWeights();
      this.syncUrl(false);
      this.updateModel();
    });
    this.weightsSense.addEventListener('change', () => this.updateModel());
    this.modelSelect.addEventListener('change', () => {
      this.syncUrl(false);
      this.updateModel();
    });
    this.methodSelect.addEventListener('change', () => {
      this.syncUrl(false);
      if (this.methodSelect.value === 'sat') this.prefetchSat();
    });
    // Generation uses CNF-SAT unless told otherwise: fetch its module while the reader
    // is still choosing the seed, not after the click.
    const generatePanel = this.generateButton.closest('section');
    for (const event of ['pointerenter', 'focusin'] as const) {
      generatePanel?.addEventListener(event, () => {
        if (this.generationMethod() === 'sat') this.prefetchSat();
      });
    }
    this.genMethod.addEventListener('change', () => {
      if (this.generationMethod() === 'sat') this.prefetchSat();
    });
    window.addEventListener('popstate', () => this.restoreFromLocation(false));
    window.addEventListener('hashchange', () => this.restoreFromLocation(false));
    this.embedButton.addEventListener('click', () => this.openEmbed());
    this.embedDone.addEventListener('click', () => this.embedDialog.close());
    this.embedCopy.addEventListener('click', () => void this.copyEmbed());
    this.embedDialog.addEventListener('change', () => this.updateEmbed());
    this.weightsReset.addEventListener('click', () => {
      this.weights.fill(1);
      this.renderWeights();
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
    this.exportLpButton.addEventListener('click', () => void this.exportModel('lp'));
    this.exportMpsButton.addEventListener('click', () => void this.exportModel('mps'));
    this.relaxButton.addEventListener('click', () => void this.relax());
    this.recordTree.addEventListener('change', () => {
      // Fetch the tree view now, not after the solve (a failure shows then).
      if (this.recordTree.checked) loadTree().catch(() => undefined);
    });
    this.exportClose.addEventListener('click', () => this.exportDialog.close());
    this.exportDownload.addEventListener('click', () => {
      if (this.exported) saveText(this.exported.text, this.exported.fileName);
    });
    document.addEventListener('paste', (event) => this.onPaste(event));
    window.addEventListener('error', (event) => {
      this.setStatus(`Something went wrong on the page: ${event.message}`, 'error');
    });
    window.addEventListener('unhandledrejection', (event) => {
      this.setStatus(`Something went wrong on the page: ${messageOf(event.reason)}`, 'error');
    });
  }

  /** Bring the size selector, the pad, the hint and the weights in line with the board. */
  private onShapeChanged(): void {
    const { size } = this.board.shape;
    const hex = this.board.hexSymbols;
    this.sizeSelect.value = String(size);
    this.hexOption.hidden = size !== 16;
    this.hexBox.checked = hex;
    this.play.dataset.size = String(size);
    this.play.dataset.large = String(size >= 12);
    // The pad: one button per symbol, then erase.
    const buttons: HTMLButtonElement[] = [];
    for (let v = 1; v <= size; v++) {
      const symbol = displaySymbol(v, hex);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = symbol;
      b.setAttribute('aria-label', `Symbol ${symbol}`);
      b.addEventListener('click', () => this.board.typeDigit(v));
      buttons.push(b);
    }
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.textContent = '⌫';
    erase.setAttribute('aria-label', 'Erase cell');
    erase.addEventListener('click', () => this.board.typeDigit(0));
    buttons.push(erase);
    this.pad.replaceChildren(...buttons);
    this.pad.style.setProperty('--pad-columns', String(Math.min(size + 1, size > 12 ? 9 : 10)));
    const clearKeys = hex ? 'Backspace, Delete, . or Space clear' : 'Backspace, Delete, 0 or Space clear';
    this.hint.textContent = `Arrow keys move · ${symbolRange(size, hex)} set a symbol${size > 9 && !hex ? ' (letters in either case)' : ''} · ${clearKeys} · paste (Ctrl+V) a puzzle anywhere on the page.`;
    if (this.weights.length !== size * size) this.weights = new Array<number>(size * size).fill(1);
    this.renderWeights();
    this.updateModel();
  }

  /** What the next solve would solve: the model panel's view. */
  private modelView(): ModelView {
    const objective = this.objective();
    return {
      shape: this.board.shape,
      givens: this.board.getGivens(),
      model: this.model(),
      ...(objective ? { objective } : {}),
    };
  }

  /** Bring the model panel in line with the board, the model and the objective. */
  private updateModel(): void {
    // The constructor wires the board before the panel exists.
    if (this.modelPanel) this.modelPanel.setView(this.modelView());
  }

  /**
   * The CPLEX LP export of `view` for the model panel, or `null` while the solver is busy
   * with something the person asked for (the panel asks again when it is free).
   */
  private async fetchLp(view: ModelView): Promise<ExportModelResult | null> {
    if (this.job !== null) return null;
    try {
      return await exportModelLp(this.client, view);
    } catch (e) {
      if (e instanceof SolverError && (e.code === 'stopped' || e.code === 'worker_crashed' || e.code === 'engine_crashed')) {
        return null;
      }
      throw e;
    }
  }

  /** Show the weights grid (n×n number inputs) when the weighted objective is chosen. */
  private renderWeights(): void {
    const weighted = this.objectiveSelect.value === 'weighted';
    this.weightsPanel.hidden = !weighted;
    if (!weighted) {
      this.weightsGrid.replaceChildren();
      return;
    }
    const n = this.board.size;
    this.weightsGrid.style.setProperty('--n', String(n));
    const inputs: HTMLInputElement[] = [];
    for (let i = 0; i < n * n; i++) {
      const input = document.createElement('input');
      input.type = 'number';
      input.step = 'any';
      input.value = String(this.weights[i] ?? 1);
      input.setAttribute('aria-label', `Weight of row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`);
      input.addEventListener('input', () => {
        const x = Number(input.value);
        this.weights[i] = Number.isFinite(x) && input.value.trim() !== '' ? x : 0;
        this.updateModel();
      });
      inputs.push(input);
    }
    this.weightsGrid.replaceChildren(...inputs);
  }

  private objective(): Objective | undefined {
    switch (this.objectiveSelect.value) {
      case 'diagonal':
        return { preset: 'diagonal' };
      case 'firstRow':
        return { preset: 'firstRow' };
      case 'weighted':
        return {
          sense: this.weightsSense.value === 'minimize' ? 'minimize' : 'maximize',
          weights: [...this.weights],
        };
      default:
        return undefined;
    }
  }

  private options(): SolveOptions {
    const interval = this.progressInterval.value.trim();
    return {
      presolve: this.presolve.checked,
      timeLimitMs: nonNegativeInt(this.timeLimit.value),
      model: this.model(),
      progressIntervalMs: interval === '' ? 50 : nonNegativeInt(interval),
      ...(this.methodSelect.value === 'sat' ? { method: 'sat' as const } : {}),
    };
  }

  /** The Generate panel's method, for Generate and Complete grid (CNF-SAT by default). */
  private generationMethod(): SolveMethod {
    return SOLVE_METHODS.find((m) => m === this.genMethod.value) ?? 'sat';
  }

  private model(): ModelKind {
    // The models a link may name are the models the page offers.
    return MODEL_KINDS.find((m) => m === this.modelSelect.value) ?? 'textbook';
  }

  /** The board's shape, for requests about the board's canonical givens. */
  private boardFields(): PuzzleFields {
    const { size, boxHeight, boxWidth } = this.board.shape;
    return { size, boxHeight, boxWidth, symbols: 'digits' };
  }

  /** Fields for reading a text: hex only in the 0–F mode, everything else detected. */
  private textFields(): PuzzleFields {
    return this.board.hexSymbols ? { symbols: 'hex' } : {};
  }

  private setStatus(text: string, kind: StatusKind): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  private setJob(job: Job): void {
    this.job = job;
    const busy = job !== null;
    this.recordTree.disabled = busy;
    for (const b of [
      this.solveButton,
      this.uniqueButton,
      this.enumButton,
      this.generateButton,
      this.completeButton,
      this.loadFileButton,
      this.loadTextButton,
      this.offerButton,
      this.exportLpButton,
      this.exportMpsButton,
      this.relaxButton,
    ]) {
      b.disabled = busy;
    }
    this.modelSelect.disabled = busy;
    this.methodSelect.disabled = busy;
    this.sizeSelect.disabled = busy;
    this.hexBox.disabled = busy;
    this.stopButton.disabled = !busy;
    this.board.element.setAttribute('aria-busy', String(busy && job !== 'batch' && job !== 'parse'));
    document.body.dataset.busy = busy ? job : '';
    if (!busy && this.modelPanel) this.modelPanel.refresh();
  }

  private busyRefusal(): boolean {
    if (this.job === null) return false;
    this.setStatus('The solver is busy: wait for it, or press Stop.', 'busy');
    return true;
  }

  /** Prepare the board for a new answer: no solution, no highlights, no viewer. */
  private resetAnswer(): void {
    this.board.clearConflicts();
    this.board.setSolution(null);
    this.hideSolutions();
  }

  private async solve(): Promise<void> {
    if (this.busyRefusal()) return;
    const givens = this.board.getGivens();
    const objective = this.objective();
    const view = this.modelView();
    const record = this.recordTree.checked;
    // Busy from now on (a second Solve is refused, tests see `data-busy`); the running
    // state is drawn only once the solve has taken RUNNING_UI_DELAY_MS (with the latest
    // progress report), or when it ends, and then in the same task as the answer: no
    // frame between. (GLPK reports progress at the root already, so a report alone does
    // not show it.)
    this.job = 'solve';
    document.body.dataset.busy = 'solve';
    let running = false;
    let early: SolveProgress | null = null;
    const stillRunning = (): boolean => this.job === 'solve';
    const showRunning = (): void => {
      if (running) return;
      running = true;
      clearTimeout(timer);
      this.resetAnswer();
      this.setJob('solve');
      this.setStatus(objective ? 'Solving and optimising…' : 'Solving…', 'busy');
      this.bnb.start(objective !== undefined);
      if (early !== null) this.bnb.progress(early, stillRunning);
      this.treePanel.hidden = true;
    };
    const timer = setTimeout(showRunning, RUNNING_UI_DELAY_MS);
    try {
      const result = await this.client.solve(
        givens,
        { ...this.options(), ...(record ? { recordBranching: true } : {}) },
        { ...this.boardFields(), ...(objective ? { objective } : {}) },
        (progress) => {
          if (running) this.bnb.progress(progress, stillRunning);
          else early = progress;
        },
      );
      showRunning();
      // The board and the status line first, then the panels.
      if (this.board.getGivens() !== givens) {
        this.setStatus('Solved, but the board changed meanwhile: press Solve again.', 'info');
      } else {
        if (typeof result.solution === 'string') this.board.setSolution(result.solution);
        this.setStatus(describeSolve(result), result.solution ? 'ok' : 'error');
      }
      this.bnb.finish(result);
      this.modelPanel.noteSolve(result, view);
      if (record) {
        const { renderTree } = await loadTree();
        renderTree(this.treeBody, result);
        this.treePanel.hidden = false;
      }
    } catch (e) {
      showRunning();
      this.bnb.stopped();
      this.showError(e, this.board.getGivens() === givens);
    } finally {
      this.setJob(null);
    }
  }

  // ---- LP relaxation and export -------------------------------------------------

  private async relax(): Promise<void> {
    if (this.busyRefusal()) return;
    const givens = this.board.getGivens();
    this.resetAnswer();
    this.setJob('relax');
    this.setStatus('Solving the LP relaxation…', 'busy');
    try {
      const result = await this.client.relax(givens, {
        ...this.boardFields(),
        options: this.options(),
      });
      if (this.board.getGivens() !== givens) {
        this.setStatus('Relaxed, but the board changed meanwhile: press Show LP relaxation again.', 'info');
        return;
      }
      if (result.status !== 'optimal') {
        this.setStatus(`The LP relaxation has no solution (${result.status}): the givens contradict each other.`, 'error');
        return;
      }
      this.board.setRelaxation(result.values);
      const model = result.model === 'textbook' ? '' : ` (${result.model} model)`;
      this.setStatus(
        `${describeRelaxation(result.integral, fractionalCells(result.values))}${model} · ${plural(result.stats.columns, 'variable')}, ${plural(result.stats.rows, 'constraint')}.`,
        result.integral ? 'ok' : 'info',
      );
    } catch (e) {
      this.showError(e, this.board.getGivens() === givens);
    } finally {
      this.setJob(null);
    }
  }

  private async exportModel(format: ModelFormat): Promise<void> {
    if (this.busyRefusal()) return;
    const givens = this.board.getGivens();
    const objective = this.objective();
    const view = this.modelView();
    this.setJob('export');
    this.setStatus(`Writing the model as ${format === 'lp' ? 'CPLEX LP' : 'MPS'}…`, 'busy');
    try {
      const result = await this.client.exportModel(givens, format, {
        ...this.boardFields(),
        options: this.options(),
        ...(objective ? { objective } : {}),
      });
      this.modelPanel.noteExport(result, view);
      const fileName = `gridmilp-model.${format}`;
      this.exported = { text: result.text, fileName };
      this.exportHeading.textContent = format === 'lp' ? 'CPLEX LP (written by GLPK)' : 'Free MPS (written by GLPK)';
      this.exportInfo.textContent = `${result.model} model · ${plural(result.columns, 'variable')}, ${plural(result.rows, 'constraint')}, ${plural(result.nonzeros, 'nonzero')}`;
      this.exportText.textContent = result.text;
      this.exportDownload.textContent = `Download ${fileName}`;
      if (!this.exportDialog.open) this.exportDialog.showModal();
      this.setStatus(
        `Exported the ${result.model} model as ${format === 'lp' ? 'CPLEX LP' : 'MPS'} (${plural(result.text.split('\n').length, 'line')}).`,
        'ok',
      );
    } catch (e) {
      this.showError(e, this.board.getGivens() === givens);
    } finally {
      this.setJob(null);
    }
  }

  private async checkUniqueness(): Promise<void> {
    if (this.busyRefusal()) return;
    const givens = this.board.getGivens();
    this.resetAnswer();
    this.setJob('uniqueness');
    this.setStatus('Checking uniqueness: solving, then solving again with that solution cut off…', 'busy');
    try {
      const result = await this.client.checkUniqueness(givens, {
        ...this.boardFields(),
        options: this.options(),
      });
      if (this.board.getGivens() !== givens) {
        this.setStatus('Checked, but the board changed meanwhile: press Check uniqueness again.', 'info');
        return;
      }
      if (result.unique === false && result.solution && result.secondSolution) {
        this.showSolutions({
          givens,
          solutions: [result.solution, result.secondSolution],
          index: 1,
          kind: 'uniqueness',
        });
      } else if (result.solution) {
        this.board.setSolution(result.solution);
      }
      this.setStatus(describeUniqueness(result), result.unique === true ? 'ok' : result.unique === false ? 'info' : 'error');
    } catch (e) {
      this.showError(e, this.board.getGivens() === givens);
    } finally {
      this.setJob(null);
    }
  }

  private async enumerate(): Promise<void> {
    if (this.busyRefusal()) return;
    const givens = this.board.getGivens();
    const limit = Math.min(Math.max(nonNegativeInt(this.enumLimit.value) || 10, 1), 100_000);
    this.enumLimit.value = String(limit);
    this.resetAnswer();
    this.setJob('enumerate');
    this.setStatus(`Enumerating up to ${plural(limit, 'solution')}…`, 'busy');
    const found: string[] = [];
    let last = '';
    try {
      const result = await this.client.enumerate(
        givens,
        { ...this.boardFields(), limit, options: this.options() },
        (progress) => {
          found.push(progress.solution);
          last = describeEnumerateProgress(progress);
          if (this.board.getGivens() === givens) {
            if (found.length === 1) {
              this.showSolutions({ givens, solutions: found, index: 0, kind: 'enumeration' });
            } else {
              this.updateViewer();
            }
          }
          this.setStatus(`${last}…`, 'busy');
        },
      );
      if (this.board.getGivens() !== givens) {
        this.setStatus('Enumerated, but the board changed meanwhile: press Enumerate again.', 'info');
        return;
      }
      if (result.solutions.length > 0) {
        const index = this.solutionSet?.index ?? 0;
        this.showSolutions({
          givens,
          solutions: result.solutions,
          index: Math.min(index, result.solutions.length - 1),
          kind: 'enumeration',
        });
      }
      this.setStatus(describeEnumerate(result), result.count > 0 ? 'ok' : 'error');
    } catch (e) {
      if (e instanceof SolverError && e.code === 'stopped') {
        const kept = found.length > 0 ? ' Use ‹ and › to view the solutions found so far.' : '';
        this.setStatus(
          `Stopped after ${plural(found.length, 'solution')} found${last ? ` (${last})` : ''}. Your board is kept.${kept}`,
          'info',
        );
      } else {
        this.showError(e, this.board.getGivens() === givens);
      }
    } finally {
      this.setJob(null);
    }
  }

  private seed(): number | null {
    const text = this.genSeed.value.trim();
    if (text === '') {
      const seed = randomSeed();
      this.genSeed.value = String(seed);
      return seed;
    }
    const seed = Number(text);
    if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
      this.setStatus(`The seed must be a whole number from 0 to ${MAX_SEED}.`, 'error');
      return null;
    }
    return seed;
  }

  /**
   * Load the SAT method's module in the worker now (once per worker), so that the first
   * CNF-SAT solve or generation does not wait for its download and compilation. A failure
   * is left for that request to report.
   */
  private prefetchSat(): void {
    if (this.satPrefetched) return;
    this.satPrefetched = true;
    this.client.version('sat').catch(() => {
      this.satPrefetched = false;
    });
  }

  private async generate(): Promise<void> {
    if (this.busyRefusal()) return;
    const seed = this.seed();
    if (seed === null) return;
    const givens = nonNegativeInt(this.genGivens.value);
    const symmetry = this.genSymmetry.value as Symmetry;
    const { size, boxHeight, boxWidth } = this.board.shape;
    this.resetAnswer();
    this.generateReportList.hidden = true;
    this.setJob('generate');
    this.setStatus(`Generating a ${size}×${size} puzzle from seed ${seed}…`, 'busy');
    // Its givens once the finished puzzle is on the board (the rating solve started):
    // Stop then keeps it.
    let ratedGivens: number | null = null;
    try {
      const result = await this.client.generate(
        {
          size,
          boxHeight,
          boxWidth,
          seed,
          givens,
          symmetry,
          options: { ...this.options(), method: this.generationMethod() },
        },
        (progress) => {
          if (progress.phase === 'rating' && typeof progress.puzzle === 'string') {
            ratedGivens = progress.givens;
            this.board.setGivens(progress.puzzle);
            this.setStatus(`${describeGenerateProgress(progress)} (Stop keeps the puzzle)…`, 'busy');
            return;
          }
          this.setStatus(`${describeGenerateProgress(progress)}…`, 'busy');
        },
      );
      this.board.setShape({ size: result.size, boxHeight: result.boxHeight, boxWidth: result.boxWidth });
      this.onShapeChanged();
      this.board.setGivens(result.puzzle);
      const lines = generateReport(result);
      this.generateReportList.replaceChildren(
        ...lines.map((line) => {
          const li = document.createElement('li');
          li.textContent = line;
          return li;
        }),
      );
      this.generateReportList.hidden = false;
      this.setStatus(
        `Generated a ${result.size}×${result.size} puzzle with a unique solution: ${plural(result.givens, 'given')}, ${result.minimal ? 'minimal' : 'not minimal'} (seed ${result.seed}, ${formatMs(result.totalMs)}).`,
        'ok',
      );
      this.board.focus();
    } catch (e) {
      const kept = ratedGivens as number | null; // set in the progress callback
      if (kept !== null && e instanceof SolverError && e.code === 'stopped') {
        this.setStatus(
          `Stopped while rating: the board holds the generated puzzle (${plural(kept, 'given')}, unique solution); its rating was skipped.`,
          'info',
        );
      } else {
        this.showError(e, false);
      }
    } finally {
      this.setJob(null);
    }
  }

  private async complete(): Promise<void> {
    if (this.busyRefusal()) return;
    const seed = this.seed();
    if (seed === null) return;
    const givens = this.board.getGivens();
    const empty = this.board.countGivens() === 0;
    this.resetAnswer();
    this.setJob('complete');
    this.setStatus(`Completing the grid from seed ${seed}…`, 'busy');
    try {
      const result = await this.client.complete({
        ...this.boardFields(),
        ...(empty ? {} : { puzzle: givens }),
        seed,
        // The Generate panel's choice: branch-and-bound's random objective, or CNF-SAT
        // (the seed fills an empty grid's diagonal boxes, MiniSat the rest).
        options: { ...this.options(), method: this.generationMethod() },
      });
      if (this.board.getGivens() !== givens) {
        this.setStatus('Completed, but the board changed meanwhile: press Complete grid again.', 'info');
        return;
      }
      if (typeof result.solution === 'string') {
        this.board.setSolution(result.solution);
        const how =
          result.stats.method !== 'sat'
            ? 'GLPK stopped at the first solution of a random objective'
            : empty
              ? 'the seed filled the diagonal boxes, CNF-SAT (MiniSat) the rest'
              : 'CNF-SAT: MiniSat’s first solution; the seed has no effect with givens';
        this.setStatus(`A completion from seed ${result.seed} (${formatMs(result.stats.totalMs)}; ${how}).`, 'ok');
      } else if (result.status === 'infeasible') {
        this.setStatus('No completion: these givens admit no valid grid.', 'error');
      } else {
        this.setStatus(`No completion found (${result.status}).`, 'error');
      }
    } catch (e) {
      this.showError(e, this.board.getGivens() === givens);
    } finally {
      this.setJob(null);
    }
  }

  // ---- Solution viewer -------------------------------------------------------

  private showSolutions(set: SolutionSet): void {
    this.solutionSet = set;
    this.viewer.hidden = false;
    this.showSolutionAt(0, false);
  }

  private hideSolutions(): void {
    this.solutionSet = null;
    this.viewer.hidden = true;
  }

  /** Show the solution `step` away from the current one (0 = redraw the current one). */
  private showSolutionAt(step: number, byUser: boolean): void {
    const set = this.solutionSet;
    if (!set || set.solutions.length === 0) return;
    if (this.board.getGivens() !== set.givens) {
      this.hideSolutions();
      return;
    }
    const count = set.solutions.length;
    set.index = Math.min(Math.max(set.index + step, 0), count - 1);
    const shown = set.solutions[set.index]!;
    // Compare with the other of a pair, else with the first solution.
    const reference = count === 2 ? set.solutions[1 - set.index]! : set.solutions[0]!;
    this.board.setSolution(shown);
    this.board.markDifferences(set.index === 0 && count !== 2 ? [] : differingCells(shown, reference, this.board.size));
    this.updateViewer();
    if (byUser) this.setStatus(this.viewerText.textContent ?? '', 'info');
  }

  private updateViewer(): void {
    const set = this.solutionSet;
    if (!set) return;
    const count = set.solutions.length;
    const i = set.index;
    let text: string;
    if (set.kind === 'uniqueness') {
      const n = differingCells(set.solutions[0]!, set.solutions[1]!, this.board.size).length;
      text = `${i === 0 ? 'First' : 'Second'} solution of 2 shown · ${plural(n, 'highlighted cell')} differ`;
    } else {
      const reference = count === 2 ? set.solutions[1 - i]! : set.solutions[0]!;
      const n = differingCells(set.solutions[i]!, reference, this.board.size).length;
      text =
        count === 1
          ? 'Solution 1 of 1'
          : i === 0 && count !== 2
            ? `Solution 1 of ${count}`
            : `Solution ${i + 1} of ${count} · ${plural(n, 'highlighted cell')} differ from solution ${count === 2 ? 2 - i : 1}`;
    }
    this.viewerText.textContent = text;
    this.viewerPrev.disabled = i === 0;
    this.viewerNext.disabled = i >= count - 1;
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
      if (e.code === 'ambiguous_size') {
        this.setStatus(`${e.message}. Your board is kept.`, 'error');
        return;
      }
      this.setStatus(e.message, 'error');
      return;
    }
    this.setStatus(`Something went wrong: ${messageOf(e)}`, 'error');
  }

  private onPaste(event: ClipboardEvent): void {
    const target = event.target;
    if (this.genreView !== null && document.getElementById('sudoku-play')?.hidden === true) {
      // Another genre is on screen: a paste anywhere goes into its puzzle text.
      if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.trim().length > 0) {
        event.preventDefault();
        void this.genreView.then((view) => view.paste(text));
      }
      return;
    }
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

  /** Switch the board to `shape` (a no-op when it already has it). */
  private useShape(shape: Shape): void {
    if (this.board.setShape(shape)) this.onShapeChanged();
  }

  /** Parse a text: one puzzle goes onto the board; many are offered as a batch. */
  private async loadText(text: string, source: string): Promise<void> {
    if (this.busyRefusal()) return;
    this.setJob('parse');
    this.setStatus(`Reading ${source}…`, 'busy');
    try {
      const parsed = await this.client.parse(text, this.textFields());
      const puzzles = parsed.puzzles;
      const first = puzzles[0];
      if (puzzles.length === 1 && first) {
        this.hideOffer();
        const before = this.board.size;
        this.useShape(parsed);
        this.board.setGivens(first.givens);
        const name = /^Puzzle \d+$/.test(first.name) ? 'the puzzle' : first.name;
        const switched =
          parsed.size !== before ? ` The board is now ${parsed.size}×${parsed.size}.` : '';
        this.setStatus(
          `Loaded ${name} from ${source} (${plural(this.board.countGivens(), 'given')}).${switched} Press Solve.`,
          'info',
        );
        this.board.focus();
      } else {
        this.offeredText = { text, source };
        const n = plural(puzzles.length, 'puzzle');
        const size = parsed.size === 9 ? '' : ` of ${parsed.size}×${parsed.size}`;
        this.offerText.textContent = `${capitalise(source)} holds ${n}${size} (${formatName(parsed.format)}).`;
        this.offerButton.textContent = `Solve all ${n}`;
        this.offer.hidden = false;
        this.setStatus(`${capitalise(source)} holds ${n}${size}: press “Solve all ${n}” to solve them.`, 'info');
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

  /** Parse and solve every puzzle of `text` in the worker, streaming into the batch panel. */
  private async runBatch(text: string, source: string): Promise<void> {
    if (this.busyRefusal()) return;
    this.setJob('batch');
    this.setStatus(`Reading ${source}…`, 'busy');
    const stops = this.stops;
    let latest: BatchProgress | null = null;
    try {
      const panel = await this.loadBatchPanel();
      if (stops !== this.stops) {
        this.setStatus('Stopped. Your board and text are kept.', 'info');
        return;
      }
      const start = (total: number): void => {
        this.hideOffer();
        panel.start(source, total);
        this.setStatus(`Solving ${plural(total, 'puzzle')} from ${source}…`, 'busy');
      };
      const result = await this.client.solveBatch(
        text,
        this.options(),
        (progress) => {
          if (latest === null) start(progress.total);
          latest = progress;
          panel.progress(progress);
        },
        { ...this.textFields(), largeTimeLimitMs: nonNegativeInt(this.largeTimeLimit.value) },
      );
      if (latest === null) start(result.items.length);
      panel.finish(result, source);
    } catch (e) {
      if (latest !== null) this.batchPanel?.flush();
      if (e instanceof SolverError && e.code === 'stopped') {
        const p = latest as BatchProgress | null; // set by the progress callback
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

  /** The batch panel, created on first use (batch.ts is fetched then). */
  private async loadBatchPanel(): Promise<BatchPanel> {
    const { BatchPanel } = await import('./batch');
    this.batchPanel ??= new BatchPanel({
      showPuzzle: (shape, givens, solution, conflicts) => {
        this.useShape(shape);
        this.board.setGivens(givens);
        if (solution) this.board.setSolution(solution);
        if (conflicts.length > 0) this.board.markConflicts(conflicts);
      },
      setStatus: (text, kind) => this.setStatus(text, kind),
    });
    return this.batchPanel;
  }
}

/**
 * The branch-and-bound tree view (tree.ts), fetched on first use: only a Solve with
 * "Record and draw the branch-and-bound tree" draws it.
 */
function loadTree(): Promise<typeof import('./tree')> {
  return import('./tree');
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

/** A whole number ≥ 0 from an input's text; 0 for empty or invalid text. */
function nonNegativeInt(text: string): number {
  const x = Number(text);
  return Number.isFinite(x) && x > 0 ? Math.round(x) : 0;
}

/** A random 32-bit seed. */
function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** The 1-based cells where two canonical solutions differ. */
function differingCells(a: string, b: string, size: number): CellRef[] {
  const cells: CellRef[] = [];
  for (let i = 0; i < a.length && i < b.length; i++) {
    if (a[i] !== b[i]) cells.push({ row: Math.floor(i / size) + 1, column: (i % size) + 1 });
  }
  return cells;
}

new App();
startOfflineSupport();
