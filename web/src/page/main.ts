// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page's composition root: builds the Sudoku page (every size from 4×4 to 25×25)
 * from its parts and wires its controls to the actions, and shows the other genres'
 * page (genre/view.ts) when one is picked. Everything slow runs in the solver worker;
 * this thread only draws. The parts:
 * - app/: the elements, the one job runner every action goes through, the settings the
 *   panels make, the solution viewer, the link state and the Embed dialog;
 * - actions/: Solve, the LP relaxation, the export dialog, uniqueness and enumeration,
 *   Generate and Complete, and loading texts, files and batches.
 * What a first solve does not use is fetched when first needed: the model panel when it
 * comes into view (lazy-model.ts), the search tree on a Solve that records it (tree.ts),
 * the batch panel on the first batch (batch.ts), Generate, Check uniqueness, Enumerate,
 * the LP relaxation and the export dialog on their first click, a pasted URL's reader
 * (actions/open-url.ts), and the genre page.
 */
import { SolverClient } from '../solver/client';
import { PROTOCOL_VERSION, SolverError, endedByRestart } from '../solver/protocol';
import { looksLikeUrl, type GenreId } from '../solver/genre';
import { Board, type BoardChange } from './board';
import { LazyModelPanel } from './lazy-model';
import { BnbPanel, createWorker, exportModelRow, messageOf } from './shared';
import { startOfflineSupport } from './pwa';
import { SHAPES, displaySymbol, plural, symbolRange, type Shape } from './format';
import { UNDO_KEYS } from './undo-keys';
import type { ModelRowResult } from '../solver/protocol';
import type { ModelView } from './model';
import { findElements } from './app/elements';
import { JobRunner } from './app/jobs';
import { loadTree, type Page } from './app/page';
import { Settings, keepOverReload } from './app/settings';
import type { SolutionViewer } from './app/viewer';
import { UrlSync } from './app/url';
import { readGenreHash } from './urlstate';
import { solve } from './actions/solve';
import type { ExportDialog } from './actions/export-dialog';
import { PuzzleLoader } from './actions/load';
import { clashStatus } from './clashes';
import type { LeftOutLine } from './actions/open-url';

/** The Sudoku page: one instance per page. */
class SudokuPage implements Page {
  readonly el = findElements();
  readonly board: Board = new Board(this.el.boardContainer, (change) => this.onBoardChange(change));
  readonly bnb = new BnbPanel();
  readonly client: SolverClient = new SolverClient(createWorker, {
    onRestart: (reason, message) => {
      if (reason !== 'stopped' && this.jobs.job === null) {
        this.jobs.setStatus(`${message}. A fresh solver has been started; your board is kept.`, 'error');
      }
      this.satPrefetched = false; // a fresh worker, without the SAT module
      this.warmUp();
    },
  });
  readonly modelPanel: LazyModelPanel = new LazyModelPanel(this.el.formulation, {
    markCells: (cells) => this.board.markTied(cells),
    fetchRow: (view, row, formulation) => this.fetchRow(view, row, formulation),
  });
  readonly jobs = new JobRunner({
    status: this.el.status,
    stopButton: this.el.stopButton,
    busyControls: [
      this.el.solveButton,
      this.el.uniqueButton,
      this.el.explainButton,
      this.el.enumButton,
      this.el.generateButton,
      this.el.completeButton,
      this.el.loadFileButton,
      this.el.loadTextButton,
      this.el.offerButton,
      this.el.exportLpButton,
      this.el.exportMpsButton,
      this.el.relaxButton,
      this.el.recordTree,
      this.el.modelSelect,
      this.el.methodSelect,
      this.el.sizeSelect,
      this.el.hexBox,
    ],
    board: () => this.board.element,
    markCells: (cells) => this.board.markConflicts(cells),
    boardClash: () => {
      const clash = this.board.clashes();
      if (clash === null) return null;
      this.board.markConflicts(clash.cells);
      return clash.first;
    },
    client: this.client,
    onIdle: () => this.modelPanel.refresh(),
    pageName: () => 'the Sudoku page',
    // After Why no solution?, which its answer hides: its Remove button, else Solve.
    focusAfter: () => document.querySelector<HTMLButtonElement>('#explain-panel button') ?? this.el.solveButton,
  });
  readonly settings = new Settings(this.el, this.board, () => this.onObjective());
  /** Made by the first uniqueness check or enumeration (actions/solutions.ts). */
  viewer: SolutionViewer | null = null;
  readonly loader = new PuzzleLoader(this, (text) =>
    import('./actions/open-url').then(
      (m) => m.openUrl(this, text, 'the URL in the puzzle text'),
      (e: unknown) => this.jobs.setStatus(`The URL could not be read: ${messageOf(e)}`, 'error'),
    ),
  );
  private readonly url = new UrlSync(this);
  /** The export dialog, from the first export on (actions/teaching.ts is fetched then). */
  private exportDialog: Promise<ExportDialog> | null = null;
  /** Whether the worker has been asked to load the SAT module (once per worker). */
  private satPrefetched = false;
  /**
   * The board of each size left by the Size menu, while it had givens: an arrow key on
   * the closed menu changes the size at each press (an accessibility session arrowed
   * from 9×9 to 8×8 and back and found the puzzle gone); coming back brings it back.
   */
  private readonly boardsLeft = new Map<number, { shape: Shape; givens: string; hex: boolean }>();
  /** While the Size menu puts a board it kept back: its shape and givens make one history entry. */
  private swappingBoard = false;
  /** The page of the other genres, loaded when one is first picked (genre/view.ts). */
  genreView: Promise<import('./genre/view').GenreView> | null = null;

  constructor() {
    // The Embed dialog's code comes with its first use (app/embed-dialog.ts).
    let embed: Promise<import('./app/embed-dialog').EmbedDialog> | null = null;
    this.el.embedButton.addEventListener('click', () => {
      embed ??= import('./app/embed-dialog').then((m) => new m.EmbedDialog(this.el, () => this.url.state()));
      embed.then(
        (dialog) => dialog.open(),
        (e: unknown) => this.jobs.setStatus(`The Embed dialog could not be loaded: ${messageOf(e)}`, 'error'),
      );
    });
    this.board.onSelect = (row, column) => this.modelPanel.selectCell(row, column);
    this.wire();
    this.wireGenres();
    keepOverReload(this.el);
    this.onShapeChanged();
    this.jobs.setJob(null);
    const linked = readGenreHash(location.hash);
    if (linked !== null) this.openLinkedGenre(linked);
    else this.url.restore(true);
    // An address edited or followed to a genre's puzzle (the genre page's own writes
    // replace the entry and fire no event).
    window.addEventListener('hashchange', () => {
      const followed = readGenreHash(location.hash);
      if (followed !== null) this.openLinkedGenre(followed);
      else this.backToSudoku();
    });
    // Back or Forward to a Sudoku entry while another genre is shown: UrlSync has drawn
    // its board; show it (the genre page stayed, under a Sudoku address).
    window.addEventListener('popstate', () => {
      if (readGenreHash(location.hash) === null) this.backToSudoku();
    });
    this.warmUp(true);
  }

  /**
   * Opens the genre page an address names (genre/view.ts writes it as the puzzle is
   * drawn): its puzz.link URL as a pasted one is read, else its record text.
   */
  private openLinkedGenre(linked: { genre: string; url?: string; text?: string }): void {
    const select = document.getElementById('genre') as HTMLSelectElement | null;
    const known = [...(select?.options ?? [])].map((o) => o.value).filter((v) => v !== 'sudoku');
    if (!known.includes(linked.genre)) {
      this.jobs.setStatus(
        `The link names the genre “${linked.genre}”, which this page does not solve (${known.join(', ')}).`,
        'error',
      );
      return;
    }
    if (linked.url !== undefined && linked.url.trim() !== '') {
      import('./actions/open-url').then(
        (m) => m.openUrl(this, linked.url!, "the link's URL", linked.genre as GenreId),
        (e: unknown) => this.jobs.setStatus(`The link's URL could not be read: ${messageOf(e)}`, 'error'),
      );
      return;
    }
    if (select !== null) select.value = linked.genre;
    this.showGenre(linked.genre as GenreId, linked.text);
  }

  /** The objective, a weight or the direction changed: the link and the model panel follow. */
  private onObjective(): void {
    this.syncUrl(false);
    this.updateModel();
  }

  /** The person (or the page) changed the board. */
  private onBoardChange(change: BoardChange): void {
    // The board calls back while the page is being built: parts may not exist yet.
    this.loader?.deselectBatch();
    this.viewer?.hide();
    if (this.board) this.offerExplanation(false);
    // A new puzzle is a new history entry; typing only rewrites the current one. A board
    // brought back by the Size menu is one entry, made once it is whole.
    if (!this.swappingBoard) this.url?.sync(change !== 'edit');
    this.el.treePanel.hidden = true;
    this.updateModel();
    if (change === 'edit' && this.board) this.describeEdit();
  }

  /**
   * Say what a typed given did: a clash of givens at once (the cells are marked), else
   * how many givens the board holds now. Whatever the status said before was of the
   * board as it was (empty, a solution the edit took away, a clash since undone).
   */
  describeEdit(): void {
    if (this.jobs.job !== null) return; // the job's status stays until it ends
    const clash = this.board.clashes();
    if (clash) {
      this.jobs.setStatus(clashStatus(clash), 'error');
      return;
    }
    const count = this.board.countGivens();
    this.jobs.setStatus(count === 0 ? 'The board is empty.' : `${plural(count, 'given')} on the board. Press Solve.`, 'info');
  }

  syncUrl(push: boolean): void {
    this.url.sync(push);
  }

  resetAnswer(): void {
    this.offerExplanation(false);
    this.board.clearConflicts();
    this.board.markClashes(); // givens that clash stay marked while they do
    this.board.setSolution(null);
    this.viewer?.hide();
  }

  offerExplanation(offer: boolean): void {
    this.el.explainButton.hidden = !offer;
    if (!offer) {
      this.board.clearExplanation();
      document.getElementById('explain-panel')?.remove();
    }
  }

  useShape(shape: Shape): void {
    // A puzzle loaded at a size replaces the board the Size menu kept for it.
    this.boardsLeft.delete(shape.size);
    if (this.board.setShape(shape)) this.onShapeChanged();
  }

  updateModel(): void {
    // The board calls back before the panel exists.
    if (this.modelPanel) this.modelPanel.setView(this.settings.modelView());
  }

  prefetchSat(): void {
    if (this.satPrefetched) return;
    this.satPrefetched = true;
    this.client.version('sat').catch(() => {
      this.satPrefetched = false; // a failure is left for the request that needs it
    });
  }

  onShapeChanged(): void {
    const { el, board } = this;
    const { size } = board.shape;
    const hex = board.hexSymbols;
    el.sizeSelect.value = String(size);
    // The size's option names the board's boxes (a 6×6 loaded in boxes of 3×2 says so).
    for (const option of el.sizeSelect.options) {
      const n = Number(option.value);
      // A size whose board the menu keeps names that board's boxes (a 6×6 in 3×2).
      const shape = n === size ? board.shape : (this.boardsLeft.get(n)?.shape ?? SHAPES.find((s) => s.size === n));
      if (shape) option.textContent = `${n}×${n} (${shape.boxHeight}×${shape.boxWidth} boxes)`;
    }
    el.hexOption.hidden = size !== 16;
    el.hexBox.checked = hex;
    el.play.dataset.size = String(size);
    el.play.dataset.large = String(size >= 12);
    // The pad: one button per symbol, then erase.
    const buttons: HTMLButtonElement[] = [];
    for (let v = 1; v <= size; v++) {
      const symbol = displaySymbol(v, hex);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = symbol;
      b.setAttribute('aria-label', `Symbol ${symbol}`);
      b.addEventListener('click', () => board.typeDigit(v));
      buttons.push(b);
    }
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.textContent = '⌫';
    erase.setAttribute('aria-label', 'Erase cell');
    erase.addEventListener('click', () => board.typeDigit(0));
    buttons.push(erase);
    // A tap keeps the focus (and its outline) on the board's cell: the next tap of the
    // pad goes to the same cell, and the user sees which.
    for (const b of buttons) b.addEventListener('pointerdown', (event) => event.preventDefault());
    el.pad.replaceChildren(...buttons);
    el.pad.style.setProperty('--pad-columns', String(Math.min(size + 1, size > 12 ? 9 : 10)));
    const clearKeys = hex ? 'Backspace, Delete, . or Space clear' : 'Backspace, Delete, 0 or Space clear';
    el.hint.textContent = `Arrow keys move · ${symbolRange(size, hex)} set a symbol${size > 9 && !hex ? ' (letters in either case)' : ''} · ${clearKeys} · ${UNDO_KEYS.undo} undoes · paste (Ctrl+V) a puzzle anywhere on the page.`;
    this.settings.fitWeights(size);
    this.settings.renderWeights();
    this.updateModel();
  }

  /**
   * Row `row` of the model of `view` for the model panel, or `null` while the solver is
   * busy with something the person asked for (the panel asks again when it is free).
   */
  private async fetchRow(view: ModelView, row: string, formulation: boolean): Promise<ModelRowResult | null> {
    if (this.jobs.job !== null || this.jobs.busyElsewhere() !== null) return null;
    try {
      return await exportModelRow(this.client, view, row, formulation);
    } catch (e) {
      if (e instanceof SolverError && endedByRestart(e)) return null;
      throw e;
    }
  }

  /** Load the WASM module early so the first Solve is quick. */
  private warmUp(report = false): void {
    this.client.version().then(
      (v) => {
        if (typeof v !== 'object' || v === null || v.protocol !== PROTOCOL_VERSION) {
          this.jobs.setStatus(
            `The solver speaks protocol ${String(v?.protocol)}, this page expects ${PROTOCOL_VERSION}: rebuild gridmilp.`,
            'error',
          );
          return;
        }
        this.el.engineVersion.textContent = `Engine: gridmilp ${v.gridmilp}, GLPK ${v.glpk}, protocol ${v.protocol}.`;
      },
      (e: unknown) => {
        if (report && this.jobs.job === null && !(e instanceof SolverError && e.code === 'stopped')) {
          this.jobs.setStatus(`The solver could not be loaded: ${messageOf(e)}`, 'error');
        }
      },
    );
  }

  /** The controls' events → the actions. */
  private wire(): void {
    const { el, board, jobs, settings } = this;
    // Generation and the export dialog are fetched on their first click (each module
    // once), so that they are not part of what a first solve downloads (the page's
    // weight budget); they show their busy state once loaded, which is soon after.
    const generation = (): Promise<typeof import('./actions/generate')> => import('./actions/generate');
    el.solveButton.addEventListener('click', () => void solve(this));
    el.stopButton.addEventListener('click', () => jobs.stop());
    // Fetched on first use, as the actions below: the first solve downloads less (issue #24).
    const solutions = (): Promise<typeof import('./actions/solutions')> => import('./actions/solutions');
    el.uniqueButton.addEventListener('click', () => jobs.later('uniqueness', solutions, (m) => m.checkUniqueness(this)));
    el.explainButton.addEventListener('click', () =>
      jobs.later('explain', () => import('./actions/explain'), (m) => m.explainInfeasible(this)),
    );
    el.enumButton.addEventListener('click', () => jobs.later('enumerate', solutions, (m) => m.enumerate(this)));
    for (const [button, format] of [
      [el.saveXlsxButton, 'xlsx'],
      [el.saveCsvButton, 'csv'],
    ] as const) {
      button.addEventListener('click', () => void import('./actions/spreadsheet').then((m) => m.saveBoard(this, format)));
    }
    for (const [button, format] of [
      [el.saveSvgButton, 'svg'],
      [el.savePngButton, 'png'],
    ] as const) {
      button.addEventListener('click', () => void import('./actions/picture').then((m) => m.savePicture(this, format)));
    }
    el.generateButton.addEventListener('click', () => jobs.later('generate', generation, (m) => m.generate(this)));
    el.completeButton.addEventListener('click', () => jobs.later('complete', generation, (m) => m.complete(this)));
    el.genRandomSeed.addEventListener('click', () => {
      el.genSeed.value = String(crypto.getRandomValues(new Uint32Array(1))[0]!);
    });
    el.clearButton.addEventListener('click', () => {
      const cleared = board.clear();
      // The board takes the focus, where Ctrl+Z (⌘Z) gives the givens back (board.ts); a
      // touch screen, which has no such key, has Back (Clear is a history entry).
      jobs.setStatus(cleared > 0 ? `The board is empty. ${UNDO_KEYS.undo} or Back brings back its ${plural(cleared, 'given')}.` : 'The board is empty.', 'info');
      board.focus();
    });
    el.sizeSelect.addEventListener('change', () => {
      const shape = SHAPES.find((s) => String(s.size) === el.sizeSelect.value);
      if (!shape) return;
      const before = board.shape;
      // The board left is kept while it has givens; an empty one leaves nothing kept.
      if (board.countGivens() > 0) this.boardsLeft.set(before.size, { shape: before, givens: board.getGivens(), hex: board.hexSymbols });
      else this.boardsLeft.delete(before.size);
      const left = this.boardsLeft.get(shape.size);
      this.boardsLeft.delete(shape.size);
      if (left) {
        this.swappingBoard = true;
        try {
          board.setShape(left.shape);
          board.setHexSymbols(left.hex);
          board.setGivens(left.givens);
        } finally {
          this.swappingBoard = false;
        }
        this.syncUrl(true);
      } else board.setShape(shape);
      this.onShapeChanged();
      const kept = this.boardsLeft.has(before.size) ? ` Your ${before.size}×${before.size} board is kept: choose ${before.size}×${before.size} again to have it back.` : '';
      jobs.setStatus(
        left
          ? `Your ${shape.size}×${shape.size} board is back: ${plural(board.countGivens(), 'given')}.${kept}`
          : `Empty ${shape.size}×${shape.size} board (${shape.boxHeight}×${shape.boxWidth} boxes): type ${symbolRange(shape.size, board.hexSymbols)}.${kept}`,
        'info',
      );
    });
    el.hexBox.addEventListener('change', () => {
      board.setHexSymbols(el.hexBox.checked);
      this.onShapeChanged();
      // The clash in the symbols now shown, or the symbols to type (the status named the others).
      if (board.clashes()) this.describeEdit();
      else jobs.setStatus(`Type ${symbolRange(board.size, board.hexSymbols)}.`, 'info');
      this.syncUrl(false); // a link shows the 16×16 in the symbols chosen here
    });
    el.objectiveSelect.addEventListener('change', () => {
      settings.renderWeights();
      this.onObjective();
    });
    el.weightsSense.addEventListener('change', () => this.onObjective());
    el.weightsReset.addEventListener('click', () => {
      settings.weights.fill(1);
      settings.renderWeights();
      this.onObjective();
    });
    el.modelSelect.addEventListener('change', () => {
      board.showPicture(null); // the relaxation drawn was of the model before
      this.syncUrl(false);
      this.updateModel();
    });
    el.methodSelect.addEventListener('change', () => {
      this.syncUrl(false);
      if (el.methodSelect.value === 'sat') this.prefetchSat();
    });
    // Generation uses CNF-SAT unless told otherwise: fetch its module while the reader
    // is still choosing the seed, not after the click.
    const generatePanel = el.generateButton.closest('section');
    for (const event of ['pointerenter', 'focusin'] as const) {
      generatePanel?.addEventListener(event, () => {
        if (settings.generationMethod() === 'sat') this.prefetchSat();
      });
    }
    el.genMethod.addEventListener('change', () => {
      if (settings.generationMethod() === 'sat') this.prefetchSat();
    });
    const exportDialog = (): Promise<ExportDialog> =>
      (this.exportDialog ??= import('./actions/export-dialog').then((m) => new m.ExportDialog(this)));
    el.exportLpButton.addEventListener('click', () => jobs.later('export', exportDialog, (d) => d.export('lp')));
    el.exportMpsButton.addEventListener('click', () => jobs.later('export', exportDialog, (d) => d.export('mps')));
    el.relaxButton.addEventListener('click', () => jobs.later('relax', () => import('./actions/relax'), (m) => m.relax(this)));
    el.recordTree.addEventListener('change', () => {
      // Fetch the tree view now, not after the solve (a failure shows then).
      if (el.recordTree.checked) loadTree().catch(() => undefined);
    });
    document.addEventListener('paste', (event) => this.onPaste(event));
    window.addEventListener('error', (event) => {
      jobs.setStatus(`Something went wrong on the page: ${event.message}`, 'error');
    });
    window.addEventListener('unhandledrejection', (event) => {
      jobs.setStatus(`Something went wrong on the page: ${messageOf(event.reason)}`, 'error');
    });
  }

  /**
   * A paste goes to the genre page when it is on screen, else to the Sudoku loader; a
   * puzz.link URL pasted outside a text box opens the page of its genre.
   */
  private onPaste(event: ClipboardEvent): void {
    const target = event.target;
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    // A puzz.link URL, or a link to a gridmilp page (open-url.ts, openPageLink).
    if (!(target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) && (looksLikeUrl(pasted) || /^\s*https?:\/\/\S+\s*$/i.test(pasted))) {
      event.preventDefault();
      import('./actions/open-url').then(
        (m) => (m.openPageLink(this.jobs, pasted) ? undefined : m.openUrl(this, pasted)),
        (e: unknown) => this.jobs.setStatus(`The pasted URL could not be read: ${messageOf(e)}`, 'error'),
      );
      return;
    }
    if (this.genreView !== null && document.getElementById('sudoku-play')?.hidden === true) {
      const target = event.target;
      if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.trim().length > 0) {
        event.preventDefault();
        void this.genreView.then((view) => view.paste(text));
      }
      return;
    }
    this.loader.onPaste(event);
  }

  /** The genre picker: Sudoku is this page; every other genre shows genre/view.ts. */
  private wireGenres(): void {
    const select = document.getElementById('genre') as HTMLSelectElement | null;
    select?.addEventListener('change', () => {
      // Leaving Sudoku for a genre is a new history entry (the genre page then rewrites it
      // with its puzzle): Back returns to the Sudoku puzzle shown before. Genre to genre is
      // the genre page's to decide (genre/view.ts, show): a new entry, unless the genre
      // left was only passed through (the list arrowed through).
      const sudoku = document.getElementById('sudoku-play');
      if (select.value !== 'sudoku' && sudoku !== null && !sudoku.hidden) history.pushState(null, '', location.href);
      this.showGenre(select.value as GenreId);
    });
  }

  /** Shows the Sudoku page, if another genre's is shown, without rewriting the address. */
  private backToSudoku(): void {
    const sudoku = document.getElementById('sudoku-play');
    const other = document.getElementById('genre-play');
    const select = document.getElementById('genre') as HTMLSelectElement | null;
    if (sudoku === null || other === null || other.hidden) return;
    sudoku.hidden = false;
    other.hidden = true;
    if (select !== null) select.value = 'sudoku';
  }

  /**
   * Shows a genre's page (Sudoku: this page), loading the genre page's code the first
   * time.
   *
   * @param genre the genre
   * @param text a puzzle text to show in place of the genre's example (a URL's records)
   * @param leftOut what a paste of URLs left out of `text` (URLs of other genres, lines
   *   that could not be read), said with the board
   */
  showGenre(genre: GenreId, text?: string, leftOut?: LeftOutLine[]): void {
    const sudoku = document.getElementById('sudoku-play');
    const other = document.getElementById('genre-play');
    if (sudoku === null || other === null) return;
    // The focus on a part of the Sudoku board about to be hidden (a URL pasted on a cell)
    // goes to the genre's board, not to the page's body.
    const hadFocus = genre !== 'sudoku' && sudoku.contains(document.activeElement);
    sudoku.hidden = genre !== 'sudoku';
    other.hidden = genre === 'sudoku';
    if (genre === 'sudoku') {
      this.url.sync(false); // the address is Sudoku's board again
      return;
    }
    this.genreView ??= import('./genre/view').then((m) =>
      m.createGenreView(this.client, (text) => {
        import('./actions/open-url').then(
          (o) => o.openUrl(this, text),
          (e: unknown) => this.jobs.setStatus(`The URL could not be read: ${messageOf(e)}`, 'error'),
        );
      }),
    );
    void this.genreView.then(
      (view) => {
        view.show(genre as Parameters<typeof view.show>[0], text, leftOut);
        if (hadFocus) view.focusBoard();
      },
      (e: unknown) => this.jobs.setStatus(`Unable to load the genre page: ${String(e)}`, 'error'),
    );
  }
}

new SudokuPage();
startOfflineSupport();
