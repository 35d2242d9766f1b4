// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The embeddable view (embed.html, meant for an `<iframe>` on any site): one board with
 * Solve, configured by its query string — `p` (the puzzle), `n` (size), `panels`
 * (board, model, relaxation, progress, tree), `readonly=1`, `model`, `obj`. It reuses the
 * main page's board, solver client, branch-and-bound panel, model panel and search-tree
 * view; every request goes to this page's own origin. With the tree panel, Solve records
 * the branching and draws the tree.
 */
import { SolverClient } from '../solver/client';
import {
  SolverError,
  type ModelRowResult,
  type Objective,
  type PuzzleFields,
  type SolveOptions,
} from '../solver/protocol';
import { Board } from './board';
import { gridPicture } from './actions/picture';
import { clashStatus } from './clashes';
import { describeSolve, plural, SHAPES } from './format';
import { describeRelaxation, fractionalCells } from './format-results';
import { ModelPanel, type ModelView } from './model';
import { renderTree } from './tree';
import { BnbPanel, byId, createWorker, exportModelRow, messageOf } from './shared';
import { embedProblems, readEmbed, type EmbedState } from './embed-state';
import { stateHash } from './urlstate';
import { JobFocus } from './app/focus';

type Job = 'solve' | 'relax' | null;

/** The embed page controller. */
class Embed {
  private readonly state: EmbedState;
  private readonly board: Board;
  private readonly client: SolverClient;
  private readonly status = byId('status', HTMLParagraphElement);
  private readonly solveButton = byId('solve', HTMLButtonElement);
  private readonly stopButton = byId('stop', HTMLButtonElement);
  private readonly resetButton = byId('reset', HTMLButtonElement);
  private readonly relaxButton = byId('relax', HTMLButtonElement);
  private readonly relaxText = byId('relax-text', HTMLParagraphElement);
  private readonly formulation = byId('formulation', HTMLDivElement);
  private readonly treePanel = byId('tree-panel', HTMLElement);
  private readonly treeBody = byId('tree', HTMLDivElement);
  private readonly bnb = new BnbPanel();
  private readonly show: Record<'model' | 'relaxation' | 'progress' | 'tree', boolean>;
  private modelPanel: ModelPanel | null = null;
  private job: Job = null;
  /** Why this view has no puzzle to solve (its address's `p` or `n`), or null: Solve stays off. */
  private blocked: string | null = null;
  /** The address's parameters this view could not use, said until the person acts. */
  private notice: string | null = null;

  constructor() {
    const params = new URLSearchParams(location.search);
    this.state = readEmbed(params);
    const problems = embedProblems(params);
    const has = (p: string): boolean => this.state.panels.some((x) => x === p);
    this.show = { model: has('model'), relaxation: has('relaxation'), progress: has('progress'), tree: has('tree') };
    this.board = new Board(byId('board-container', HTMLDivElement), (change) => {
      this.relaxText.textContent = '—';
      this.treePanel.hidden = true;
      this.modelPanel?.setView(this.modelView());
      if (change === 'edit') this.describeEdit();
    });
    this.board.readOnly = this.state.readonly;
    this.client = new SolverClient(createWorker, {});
    const shape = SHAPES.find((s) => s.size === this.state.size);
    try {
      if (problems.puzzle !== null) throw new Error(problems.puzzle);
      if (!shape) throw new Error(`${this.state.size}×${this.state.size} is not a size this view can show`);
      this.board.setShape(shape);
      if (this.state.symbols === 'hex') this.board.setHexSymbols(true); // sym=hex: a 16×16 in 0–F
      this.board.setGivens(this.state.givens);
    } catch (e) {
      this.blocked = `The puzzle cannot be shown: ${messageOf(e)}.`.replace(/\.\.$/, '.');
    }
    if (problems.options.length > 0) {
      this.notice = `This view's address has what it cannot use: ${problems.options.join('; ')}.`;
    }
    byId('play', HTMLElement).dataset.size = String(this.board.size);
    byId('open-full', HTMLAnchorElement).href = `index.html${stateHash(this.state)}`;
    byId('relaxation-panel', HTMLElement).hidden = !this.show.relaxation;
    byId('model-panel', HTMLElement).hidden = !this.show.model;
    document.body.dataset.panels = this.state.panels.join(',');
    document.body.dataset.readonly = String(this.state.readonly);
    if (this.show.model && this.blocked === null) {
      this.modelPanel = new ModelPanel(this.formulation, {
        markCells: (cells) => this.board.markTied(cells),
        fetchRow: (view, row, formulation) => this.fetchRow(view, row, formulation),
      });
      this.board.onSelect = (row, column) => this.modelPanel?.selectCell(row, column);
      this.modelPanel.setView(this.modelView());
    }

    this.solveButton.addEventListener('click', () => void this.solve());
    this.stopButton.addEventListener('click', () => this.client.stop());
    this.relaxButton.addEventListener('click', () => void this.relax());
    this.resetButton.addEventListener('click', () => {
      this.board.setGivens(this.state.givens);
      this.setStatus('Back to the original puzzle.', 'info');
    });
    this.setJob(null);
    if (this.blocked !== null || this.notice !== null) {
      this.setStatus([this.blocked, this.notice].filter((m) => m !== null).join(' '), 'error');
    }
    this.client.version().then(
      () => {
        if (this.job === null && this.status.dataset.kind === 'info' && this.status.textContent === 'Loading the solver…') {
          // A link's givens that clash are said as a typed clash is, not "press Solve".
          this.describeBoard();
        }
      },
      (e: unknown) => this.setStatus(`The solver could not be loaded: ${messageOf(e)}`, 'error'),
    );
    // The relaxation panel shows the root LP at once: integral or not, before any branching.
    if (this.show.relaxation && this.blocked === null) void this.relax(true);
  }

  /**
   * Say what a typed given did, as the main page does (what the status said was of the
   * board before): describeBoard.
   */
  private describeEdit(): void {
    if (this.job !== null || this.blocked !== null) return;
    this.notice = null;
    this.describeBoard();
  }

  /**
   * The board's state in the status line, on load and after each edit alike: a clash of
   * givens in the board's symbols, else how many givens it holds and that Solve is
   * next, or that it is empty.
   */
  private describeBoard(): void {
    const clash = this.board.clashes();
    if (clash) {
      this.setStatus(clashStatus(clash), 'error');
      return;
    }
    const count = this.board.countGivens();
    // Worded as the main page's (main.ts).
    this.setStatus(count === 0 ? 'The board is empty.' : `${plural(count, 'given')} · press Solve.`, 'info');
  }

  private modelView(): ModelView {
    const objective = this.objective();
    return {
      shape: this.board.shape,
      givens: this.board.getGivens(),
      model: this.state.model,
      ...(objective ? { objective } : {}),
    };
  }

  /** Row `row` of the model of `view` for the model panel; `null` while the solver is busy or after Stop. */
  private async fetchRow(view: ModelView, row: string, formulation: boolean): Promise<ModelRowResult | null> {
    if (this.job !== null) return null;
    try {
      return await exportModelRow(this.client, view, row, formulation);
    } catch (e) {
      if (e instanceof SolverError && e.code === 'stopped') return null;
      throw e;
    }
  }

  private options(): SolveOptions {
    return {
      presolve: true,
      timeLimitMs: 0,
      model: this.state.model,
      progressIntervalMs: 50,
      ...(this.state.method === 'sat' ? { method: 'sat' as const } : {}),
    };
  }

  private fields(): PuzzleFields {
    const { size, boxHeight, boxWidth } = this.board.shape;
    return { size, boxHeight, boxWidth, symbols: 'digits' };
  }

  private objective(): Objective | undefined {
    const { objective, weights, minimize } = this.state;
    if (objective === 'weighted') return { sense: minimize ? 'minimize' : 'maximize', weights: weights ?? [] };
    return objective === 'none' ? undefined : { preset: objective };
  }

  private setStatus(text: string, kind: 'info' | 'ok' | 'error' | 'busy'): void {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  /** The focus a job took from a button it disabled, given back when idle (as on the main page). */
  private readonly focus = new JobFocus();

  private setJob(job: Job): void {
    this.job = job;
    const busy = job !== null;
    const losing = busy && this.focus.take([this.solveButton, this.relaxButton, this.resetButton]);
    this.solveButton.disabled = busy || this.blocked !== null;
    this.relaxButton.disabled = busy || this.blocked !== null;
    this.resetButton.disabled = busy || this.blocked !== null;
    this.stopButton.disabled = !busy;
    this.board.element.setAttribute('aria-busy', String(busy));
    document.body.dataset.busy = job ?? '';
    if (losing) this.stopButton.focus({ preventScroll: true });
    else if (!busy) this.focus.giveBack(this.stopButton);
    if (!busy) this.modelPanel?.refresh();
  }

  private showError(e: unknown): void {
    if (e instanceof SolverError && e.code === 'stopped') {
      this.setStatus('Stopped.', 'info');
      return;
    }
    if (e instanceof SolverError && e.where?.cells?.length) this.board.markConflicts(e.where.cells);
    this.setStatus(messageOf(e), 'error');
  }

  private async solve(): Promise<void> {
    if (this.job !== null || this.blocked !== null) return;
    this.notice = null;
    // Givens that clash have no solution: said in the board's symbols (0–F too) with
    // every clashing given marked, as the main page does, and no search panel of zeros
    // (the engine's refusal names its first clash only, in 1–G).
    const clash = this.board.clashes();
    if (clash) {
      this.board.markConflicts(clash.cells);
      this.setStatus(clashStatus(clash), 'error');
      return;
    }
    const givens = this.board.getGivens();
    this.board.clearConflicts();
    this.board.setSolution(null);
    const objective = this.objective();
    const view = this.modelView();
    this.setJob('solve');
    this.setStatus('Solving…', 'busy');
    if (this.show.progress) this.bnb.start(objective !== undefined, this.state.method !== 'sat');
    this.treePanel.hidden = true;
    try {
      const result = await this.client.solve(
        givens,
        { ...this.options(), ...(this.show.tree ? { recordBranching: true } : {}) },
        { ...this.fields(), ...(objective ? { objective } : {}) },
        (progress) => {
          if (this.show.progress) this.bnb.progress(progress, () => this.job === 'solve');
        },
      );
      if (this.show.progress) this.bnb.finish(result);
      this.modelPanel?.noteSolve(result, view);
      if (this.show.tree) {
        renderTree(this.treeBody, result);
        this.treePanel.hidden = false;
      }
      if (this.board.getGivens() !== givens) return;
      if (typeof result.solution === 'string') this.board.setSolution(result.solution);
      this.setStatus(describeSolve(result), result.solution ? 'ok' : 'error');
    } catch (e) {
      if (this.show.progress) this.bnb.ended(e);
      this.showError(e);
    } finally {
      this.setJob(null);
    }
  }

  /** The root LP on the board; `auto` (on load) leaves a notice of the address on the status line. */
  private async relax(auto = false): Promise<void> {
    if (this.job !== null || this.blocked !== null) return;
    if (!auto) this.notice = null;
    const givens = this.board.getGivens();
    this.board.clearConflicts();
    this.board.setSolution(null);
    this.setJob('relax');
    if (this.notice === null) this.setStatus('Solving the LP relaxation…', 'busy');
    try {
      // Named genre: the engine also draws the board, each candidate shaded by its value.
      const result = await this.client.relax(givens, { ...this.fields(), options: this.options(), genre: 'sudoku' });
      if (this.board.getGivens() !== givens) return;
      if (result.status !== 'optimal') {
        this.relaxText.textContent = `No LP solution (${result.status}): the givens contradict each other.`;
        this.setStatus(this.relaxText.textContent, 'error');
        return;
      }
      const { size } = this.board.shape;
      const picture = await gridPicture(result, `LP relaxation, Sudoku ${size}×${size}`, this.board.hexSymbols, byId('board-container', HTMLDivElement));
      if (this.board.getGivens() !== givens) return;
      this.board.showPicture(picture.svg, picture.words);
      const text = describeRelaxation(result.integral, fractionalCells(result.values));
      this.relaxText.textContent = text;
      this.relaxText.dataset.integral = String(result.integral);
      if (this.notice === null) {
        this.setStatus(`${text}. Press Solve for the integer solution.`.replace(/\.\. /, '. '), result.integral ? 'ok' : 'info');
      }
    } catch (e) {
      this.showError(e);
    } finally {
      this.setJob(null);
    }
  }
}

new Embed();
