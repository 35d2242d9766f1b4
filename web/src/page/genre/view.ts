// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page for every genre but Sudoku: the puzzle text, the board drawn from the
 * engine's board description (board-svg.ts), and the wiring of its actions. Loaded
 * only when a genre other than Sudoku is first picked. Its parts in their own files:
 * the actions (actions/: Solve, uniqueness, Enumerate, the LP relaxation, a new puzzle
 * in solve.ts; Solve all in batch.ts; Why no solution? in explain.ts; spreadsheets in
 * sheets.ts), what they share (context.ts), the board editor (editor.ts), the
 * formulation panel (formulation.ts) and the cut rounds' stepper (rounds.ts). Every
 * request runs through the job runner the Sudoku page has (app/jobs.ts). Nothing here
 * knows a genre's rules: the engine parses, solves, checks and describes the board.
 */
import { GENRES } from '../../../generated/vocabulary';
import type { SolverClient } from '../../solver/client';
import { GENRE_TITLES, looksLikeUrl, ownLines, type Board, type BoardItem, type GenreId, type GenreRequest, type GenreResultHead } from '../../solver/genre';
import { SolverError, endedByRestart, type ResultRow, type SolveProgress } from '../../solver/protocol';
import '../batch.css';
import './genre.css';
import { GENRE_PAGE } from './layout';
import { checkFileSize, checkTextSize, formatMs, grouped, isSpreadsheetName, readTextFile } from '../format';
import { cannotUseSentence, genreHash, readGenreHash, unknownParameters } from '../urlstate';
import { savedName } from '../saved-name';
import { batchWorkers, BnbPanel, byId, messageOf, saveBlob, saveText } from '../shared';
import { JobRunner, type Job } from '../app/jobs';
import { whenFree } from '../app/when-free';
import { EXAMPLES, RULES } from './examples';
import { EDITING } from './editing';
import { el, overlayCells, overlayTexts, pngBlob, renderBoard, svgText } from './board-svg';
import { readRecord } from './record';
import { typedKakuroBoard } from './kakuro';
import { BoardEditor, SQUARE_GENRES } from './editor';
import { FormulationPanel } from './formulation';
import { CutRounds, type CutRoundView } from './rounds';
import { errorMessage, solvedByKey, type EnumeratedAnswer, type GenreContext, type ParsedList, type PuzzleFields, type SolvedBy, type Variant } from './context';
import { solveAll } from './actions/batch';
import { explain } from './actions/explain';
import { loadSpreadsheet, saveResults, saveSheet } from './actions/sheets';
import { enumerate, generate, relax, showAnswer, solve, uniqueness } from './actions/solve';
import type { LeftOutLine } from '../actions/open-url';
import { clearTextError, isTextFault, markTextError } from '../text-error';

/**
 * The digit genres, where an objective over the digits (the engine's presets) can be
 * asked for, and the genres whose puzzles explainInfeasible explains (givens or clues it
 * can drop): protocol/vocabulary.json's flags, which a native test holds to the engine
 * (tests/cpp/clue_explain_test.cpp). Here, not in solver/genre.ts: the genre page is
 * fetched on its first use, and the first solve's download is at its budget.
 */
const DIGIT_GENRES: ReadonlySet<GenreId> = new Set(GENRES.filter((g) => g.digits).map((g) => g.id));
const EXPLAINED: ReadonlySet<GenreId> = new Set(GENRES.filter((g) => g.explains).map((g) => g.id));
/**
 * A genre shown for less than this before another is picked was passed through (the
 * genre list arrowed through): its history entry is rewritten, not kept (GenreView.show), ms.
 */
const kPassedThroughMs = 1000;
/** A genre's warm-up (GenreView.warmUp) ends after this many solves or this many ms. */
const kWarmUpSolves = 20;
const kWarmUpMs = 1000;

/** Requests whose result replaces the last Solve's board (its cut rounds then go). */
const NEW_BOARD: ReadonlySet<GenreRequest['type']> = new Set(['checkUniqueness', 'enumerate', 'relax', 'generate', 'explainInfeasible']);

/** The job (app/jobs.ts) each genre request type is for the page. */
const JOBS: Partial<Record<GenreRequest['type'], Exclude<Job, null>>> = {
  solve: 'solve',
  checkUniqueness: 'uniqueness',
  enumerate: 'enumerate',
  relax: 'relax',
  generate: 'generate',
  explainInfeasible: 'explain',
  parse: 'parse',
  board: 'draw',
  formulation: 'formulation',
  exportModel: 'export',
};

/** The narrowest a board's column is drawn on the page, px (larger boards scroll). */
const kLeastCellPx = 24;

/**
 * Fills `<main id="genre-play">` with the genre page's markup (once) and wires it.
 *
 * @param client the page's solver client
 * @returns the view
 * @throws Error when index.html has no `#genre-play`
 */
export function createGenreView(client: SolverClient, openUrls?: (text: string) => void): GenreView {
  const root = byId('genre-play', HTMLElement);
  if (root.childElementCount === 0) root.innerHTML = GENRE_PAGE;
  return new GenreView(client, openUrls);
}

/**
 * The genre page: wires the elements of `#genre-play` (genre/layout.ts) to the engine.
 */

export class GenreView implements GenreContext {
  readonly client: SolverClient;
  genre: Variant = 'killer';
  readonly text = byId('genre-text', HTMLTextAreaElement);
  private readonly boardBox = byId('genre-board', HTMLDivElement);
  /**
   * While the text waits to be read until the running job ends (readText): the promise
   * each readText call meanwhile returned and what resolves it, the count of Back and
   * Forward at the last such call (a read asked for before one is not made: the entry
   * gone to is opened instead), and whether the job's end is still watched for (not once
   * it ended with this page hidden: showing it reads again).
   */
  private waiting: { read: Promise<void>; done: () => void; navigations: number; watched: boolean } | null = null;
  /**
   * Back and Forward (popstate events) so far: a read or draw that ends after one was of
   * the entry left, and is dropped (readNow, draw); the entry gone to is opened by main.ts.
   */
  private navigations = 0;
  /** The genre whose board is drawn, or null. */
  private drawnGenre: Variant | null = null;
  private readonly status = byId('genre-status', HTMLParagraphElement);
  readonly pick = byId('genre-pick', HTMLSelectElement);
  /** The formulation as the engine states it. */
  private readonly formulationPanel: FormulationPanel;
  /** The page's job runner (app/jobs.ts, as the Sudoku page's): one request at a time. */
  readonly jobs: JobRunner;
  private svg: SVGSVGElement | null = null;
  /** While Draw's read runs: a text it cannot read takes the focus, its caret at the error. */
  private drawPressed = false;
  /** Set by focusBoard before a board is drawn: the next drawn takes the focus. */
  private focusOnDraw = false;
  board: Board | null = null;
  /** The code of the last request's error (SolverError.code), or null. */
  lastErrorCode: string | null = null;
  /** The last request's error from the engine, or null (context.ts). */
  lastError: SolverError | null = null;
  /** Per genre, the text the user had (kept when switching genres). */
  private readonly texts = new Map<Variant, string>();
  /** Each genre's chosen record when another genre was shown, with the text it was of. */
  private readonly picks = new Map<Variant, { text: string; pick: string }>();
  /**
   * Per genre, the route the user had (kept when switching genres): another genre opens
   * on its own, CNF-SAT until chosen (an objective, the tree or the packing model set
   * branch-and-bound for their genre only).
   */
  private readonly methods = new Map<Variant, string>();
  /** The model a followed link names, chosen when the engine lists the models (showModels). */
  private linkedModel: string | null = null;
  /**
   * What the link that opened this genre names and the page cannot use ("method=fast:
   * not one of sat, branch-and-bound; sat is used"), said with the board drawn next.
   */
  private linkProblems: string[] = [];
  /** Whether the text last drawn was too long for the address and draw said so. */
  private saidTooLong = false;
  /** The genre's models and its default's fallbacks, as the engine last listed them (showModels). */
  private listed: { models: string[]; fallbacks: string[] } | null = null;
  /** Per genre and route, the model the genre's default is on it, as the engine said (labelDefault). */
  private readonly routeDefaults = new Map<string, string>();
  /** Whether the engine is being asked for a route's default model (learnDefault). */
  private learning = false;
  /** Genres whose warm-up has started (GenreView.warmUp): once per page. */
  private readonly warmedUp = new Set<GenreId>();
  /** Requests the page has sent for its jobs (run): any after a warm-up began ends it. */
  private requests = 0;
  /** The puzz.link URL the address holds (writeHash), kept for a change of route. */
  private hashUrl: string | null = null;
  /** Whether the next address written is a new history entry: another genre was picked (show). */
  private pushNext = false;
  /** When the genre shown was picked (performance.now()) and its text then, for kPassedThroughMs. */
  private shown: { at: number; text: string } = { at: -Infinity, text: '' };
  /** Selecting cells and editing the puzzle on the board. */
  private readonly editor: BoardEditor;
  /** The answers of the last Solve all, in the genre's solution format, input order. */
  solutions: string[] = [];
  /** The rows of the last Solve all (name, status, ms, nodes, conflicts, record, answer), for Download .xlsx/.csv. */
  resultRows: ResultRow[] = [];
  /** What the spreadsheet last loaded left out, as Solve all's rows (context.ts). */
  sheetLeftOut: GenreContext['sheetLeftOut'] = null;
  /** The file the text was last read from, and that text (context.ts). */
  openedFile: GenreContext['openedFile'] = null;
  /** The genre and text the last Solve all solved (context.ts). */
  batchOf: GenreContext['batchOf'] = null;
  /** The text last read into `parsed` (context.ts). */
  textRead = '';
  drawnWarnings: readonly string[] = [];
  /** The answer of the last Solve, with the text and puzzle it belongs to (Save .xlsx). */
  answer: { text: string; puzzle: string; index: number } | null = null;
  solvedBy: SolvedBy | null = null;
  /** The puzzles of the text as last parsed. */
  parsed: ParsedList = { puzzles: [] };
  /**
   * What a paste of URLs left out before the text was shown (URLs of other genres,
   * lines that could not be read), said with the board while the text is `text`.
   */
  private pastedLeftOut: { text: string; lines: LeftOutLine[] } | null = null;
  /** The live branch-and-bound panel of Solve (the Sudoku page's, with the cut rounds). */
  readonly bnb = new BnbPanel('genre-bnb');
  readonly rounds = byId('genre-bnb-rounds', HTMLElement);
  /** The cut rounds of the last Solve, drawn live and stepped through after. */
  readonly cutRounds = new CutRounds((round) => this.drawRound(round));
  /** Enumerate's answers, each with its board, and the stepper through them. */
  readonly answersPanel = byId('genre-answers', HTMLElement);
  readonly answerStep = byId('genre-answer-step', HTMLInputElement);
  answers: EnumeratedAnswer[] = [];
  /** The text and puzzle Enumerate's answers are of (for Save .xlsx / .csv of one). */
  answersOf: { puzzle: string; index: number } = { puzzle: '', index: 1 };
  /** Cells marked on every answer drawn by the stepper (Check uniqueness's differences). */
  answerMarks: Array<[number, number]> = [];

  /**
   * @param client the page's solver client
   * @param openUrls opens a text of puzz.link URLs as a paste on the page does (the page
   *   of their genre, their records, the lines left out named): Draw takes URLs typed or
   *   pasted into the text box so, whatever their genre
   */
  constructor(
    client: SolverClient,
    private readonly openUrls?: (text: string) => void,
  ) {
    this.client = client;
    window.addEventListener('popstate', () => this.navigations++);
    // The editor reads the page's current genre and board through getters.
    const view = this;
    this.editor = new BoardEditor(
      {
        get genre() {
          return view.genre;
        },
        get board() {
          return view.board;
        },
        get svg() {
          return view.svg;
        },
        text: this.text,
        get record() {
          // A record handed over for the next read (an undo's) until that read is made.
          const kept = view.picks.get(view.genre);
          return kept !== undefined && kept.text === view.text.value ? kept.pick : view.pick.value;
        },
        set record(pick) {
          view.picks.set(view.genre, { text: view.text.value, pick });
        },
        readText: () => this.readText(),
        say: (message, kind) => this.say(message, kind),
        picked: (row, column) => this.formulationPanel.showCell(row, column),
      },
      this.boardBox,
    );
    const busyButtons = ['genre-solve', 'genre-unique', 'genre-enumerate', 'genre-explain', 'genre-relax', 'genre-formulation-button', 'genre-new', 'genre-draw'].map(
      (id) => byId(id, HTMLButtonElement),
    );
    this.jobs = new JobRunner({
      status: this.status,
      stopButton: byId('genre-stop', HTMLButtonElement),
      busyControls: busyButtons,
      board: () => this.boardBox,
      markCells: (cells) => this.highlight(cells.map((c) => [c.row, c.column] as [number, number])),
      client,
      onIdle: () => this.labelDefault(), // a route changed by the job (an objective, the tree)
      pageName: () => `the ${GENRE_TITLES[this.genre]} page`,
      focusAfter: () => byId('genre-solve', HTMLButtonElement),
    });
    byId('genre-solve', HTMLElement).addEventListener('click', () => void solve(this));
    byId('genre-unique', HTMLElement).addEventListener('click', () => void uniqueness(this));
    byId('genre-explain', HTMLElement).addEventListener('click', () => void explain(this));
    this.text.addEventListener('input', () => {
      this.offerExplanation(false);
      // Enumerate's answers were of the text as it was, and Solve all's table is now of
      // the text before (showBatch), at once rather than when the edit is read.
      this.answersPanel.hidden = true;
      this.showBatch();
    });
    byId('genre-relax', HTMLElement).addEventListener('click', () => void relax(this));
    byId('genre-enumerate', HTMLElement).addEventListener('click', () => void enumerate(this));
    this.answerStep.addEventListener('input', () => showAnswer(this, Number(this.answerStep.value)));
    this.formulationPanel = new FormulationPanel({
      run: (request, long) => this.run(request, long),
      ask: (request) => this.ask(request),
      highlight: (cells) => this.highlight(cells),
      say: (message, kind) => this.say(message, kind),
    });
    byId('genre-formulation-button', HTMLElement).addEventListener('click', () => void this.showFormulation());
    byId('genre-new', HTMLElement).addEventListener('click', () => void generate(this));
    byId('genre-draw', HTMLElement).addEventListener('click', () => {
      if (this.openUrls !== undefined && looksLikeUrl(this.text.value)) this.openUrls(this.text.value);
      else {
        this.drawPressed = true;
        void this.readText().finally(() => (this.drawPressed = false));
      }
    });
    byId('genre-solve-all', HTMLElement).addEventListener('click', () => void solveAll(this));
    byId('genre-download-solutions', HTMLElement).addEventListener('click', () => {
      if (this.solutions.length > 0) saveText(this.solutions.join(''), savedName(this.batchOf?.file, 'solutions', 'txt', this.genre));
    });
    byId('genre-svg', HTMLElement).addEventListener('click', () => this.downloadSvg());
    byId('genre-copy-url', HTMLElement).addEventListener('click', () => {
      const url = byId('genre-url', HTMLAnchorElement).href;
      // No clipboard (a page served over plain http): the URL to copy by hand.
      (navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'))).then(
        () => {
          this.editor.hush();
          this.say('The puzz.link URL is copied.', 'success');
        },
        () => {
          this.editor.hush();
          this.say(`Copy this URL: ${url}`, 'info');
        },
      );
    });
    byId('genre-png', HTMLElement).addEventListener('click', () => void this.downloadPng());
    byId('genre-save-xlsx', HTMLElement).addEventListener('click', () => void saveSheet(this, 'xlsx'));
    byId('genre-save-csv', HTMLElement).addEventListener('click', () => void saveSheet(this, 'csv'));
    byId('genre-download-xlsx', HTMLElement).addEventListener('click', () => void saveResults(this, 'xlsx'));
    byId('genre-download-csv', HTMLElement).addEventListener('click', () => void saveResults(this, 'csv'));
    byId('genre-stop', HTMLButtonElement).addEventListener('click', () => this.jobs.stop());
    this.pick.addEventListener('change', () => void this.draw());
    // The address follows the route chosen (writeHash).
    for (const id of ['genre-model', 'genre-method', 'genre-objective']) {
      byId(id, HTMLSelectElement).addEventListener('change', () => {
        this.writeHash(this.hashUrl);
        this.labelDefault();
      });
    }
    const file = byId('genre-file', HTMLInputElement);
    byId('genre-load-file', HTMLElement).addEventListener('click', () => file.click());
    file.addEventListener('change', () => {
      const chosen = file.files?.[0];
      if (chosen === undefined) return;
      const refusal = checkFileSize(chosen.size, chosen.name);
      if (refusal !== null) {
        file.value = '';
        this.say(refusal, 'error');
        return;
      }
      file.value = '';
      if (isSpreadsheetName(chosen.name)) {
        void loadSpreadsheet(this, chosen);
        return;
      }
      // A file that is not text (an image) is refused before it replaces the text, and
      // one read after the person switched genre is dropped (it was chosen for the other).
      const genre = this.genre;
      void readTextFile(chosen)
        .then((read) => {
          if (genre !== this.genre) return;
          if (typeof read !== 'string') {
            this.say(read.refusal, 'error');
            return;
          }
          this.text.value = read;
          // As the box holds it (its line breaks made \n), for Solve all to compare.
          this.openedFile = { text: this.text.value, name: chosen.name };
          void this.readText();
        })
        .catch((e: unknown) => this.say(`Unable to read ${chosen.name}: ${messageOf(e)}`, 'error'));
    });
  }

  /**
   * Shows a genre: its rules, its example (or the text the user had for it, or `text`),
   * its board.
   *
   * @param genre the genre to show
   * @param text the puzzle text to show instead (a pasted URL's records)
   */
  show(genre: Variant, text?: string, leftOut: LeftOutLine[] = []): void {
    // A job on another genre's puzzle would go on drawing its rounds under this genre's
    // heading, and its answer would be thrown away: it stops (its text stays that genre's).
    if (genre !== this.genre && this.jobs.job !== null) this.jobs.stop();
    if (this.text.value.trim().length > 0) this.texts.set(this.genre, this.text.value);
    if (genre !== this.genre) this.picks.set(this.genre, { text: this.text.value, pick: this.pick.value });
    const method = byId('genre-method', HTMLSelectElement);
    this.methods.set(this.genre, method.value);
    method.value = this.methods.get(genre) ?? 'sat';
    this.pastedLeftOut = text !== undefined && leftOut.length > 0 ? { text, lines: leftOut } : null;
    // Another genre picked while the address holds this genre's puzzle is a new history
    // entry, so that Back returns to that puzzle (a board typed by hand was lost); one
    // shown for less than kPassedThroughMs, its text untouched, was only passed through
    // (the list arrowed through), and is rewritten. Back or Forward to another genre's
    // entry finds its genre in the address already.
    if (genre !== this.genre) {
      const inAddress = readGenreHash(location.hash)?.genre;
      const passed = performance.now() - this.shown.at < kPassedThroughMs && this.text.value === this.shown.text;
      if (inAddress === genre) this.pushNext = false;
      else if (inAddress !== undefined && !passed) this.pushNext = true;
    }
    this.genre = genre;
    // Solve all's results are shown with their own genre (its rows pick that genre's records).
    this.showBatch();
    byId('genre-heading', HTMLElement).textContent = GENRE_TITLES[genre];
    byId('genre-rules', HTMLElement).textContent = RULES[genre];
    byId('genre-new', HTMLElement).hidden = !EDITING[genre].generates;
    byId('genre-empty-tools', HTMLElement).hidden = !EDITING[genre].emptyGrid;
    // The digit genres and Star Battle are n×n; the others take rows and columns (editor.ts).
    const square = SQUARE_GENRES.has(genre);
    byId('genre-empty-label', HTMLElement).textContent = square ? 'of side' : 'of rows × columns';
    // Named on its own for a screen reader, which heard only "of rows × columns".
    byId('genre-empty-size', HTMLElement).setAttribute('aria-label', square ? 'Empty grid’s side' : 'Empty grid’s rows × columns');
    byId('genre-empty-size', HTMLInputElement).title = square
      ? "The empty grid's side n, for n×n (blank: the board's)"
      : "The empty grid's rows and columns: 10x18, 10×18 or 10 18; one number for a square (blank: the board's)";
    byId('genre-cage-tools', HTMLElement).hidden = genre !== 'killer';
    byId('genre-objective-tools', HTMLElement).hidden = !DIGIT_GENRES.has(genre);
    byId('genre-objective', HTMLSelectElement).value = '';
    // A link to this genre's puzzle (main.ts opened it) brings its route and objective;
    // its model is chosen once the engine has listed the models (showModels).
    const linked = new URLSearchParams(location.hash.replace(/^#/, ''));
    this.linkedModel = null;
    this.linkProblems = [];
    this.saidTooLong = false; // said again of this genre's text
    if (linked.get('genre') === genre) {
      // What the link names that this genre has not is said with its board (draw), as the
      // Sudoku page's link says it (app/url.ts), not dropped in silence.
      const problems = this.linkProblems;
      problems.push(...unknownParameters(linked, GENRE_LINK_PARAMETERS, 'a genre link'));
      const route = linked.get('method');
      if (route === 'sat' || route === 'branch-and-bound') method.value = route;
      else if (route !== null) problems.push(`method=${route}: not one of sat, branch-and-bound; ${method.value} is used`);
      const objective = byId('genre-objective', HTMLSelectElement);
      const preset = linked.get('objective');
      const presets = [...objective.options].map((o) => o.value).filter((v) => v !== '');
      if (preset !== null && DIGIT_GENRES.has(genre) && presets.includes(preset)) objective.value = preset;
      else if (preset !== null && !DIGIT_GENRES.has(genre)) problems.push(`objective=${preset}: ${GENRE_TITLES[genre]} has no objective; any answer is found`);
      else if (preset !== null) problems.push(`objective=${preset}: not one of ${presets.join(', ')}; none is used`);
      this.linkedModel = linked.get('model');
    }
    byId('genre-region-tools', HTMLElement).hidden = EDITING[genre].regionBlock === null;
    byId('genre-edit-hint', HTMLElement).textContent = EDITING[genre].hint;
    this.editor.reset();
    this.editor.renderPad(byId('genre-pad', HTMLElement));
    this.text.value = text ?? this.texts.get(genre) ?? EXAMPLES[genre];
    this.shown = { at: performance.now(), text: this.text.value };
    this.formulationPanel.hide();
    byId('genre-model', HTMLSelectElement).replaceChildren();
    void this.readText();
  }

  /**
   * Takes a text pasted anywhere on the page: when it parses, it becomes the puzzle
   * text and its board is drawn; when not, the error is shown and the text area and
   * the board keep what they had.
   *
   * @param text the pasted text
   */
  async paste(text: string): Promise<void> {
    const refusal = checkTextSize(text.length, 'the pasted text');
    if (refusal !== null) {
      this.say(refusal, 'error');
      return;
    }
    const list = await this.run<ParsedList>({ type: 'parse', genre: this.genre, text }, false, 'The pasted text: ');
    if (list === null) return;
    this.text.value = text;
    await this.readText();
  }

  /**
   * Reads the text: the list of its puzzles, then the chosen one's board. While a job
   * runs, this page's or the Sudoku page's (one worker for both), the text is read when
   * it ends (app/when-free.ts); the board of another genre is cleared meanwhile
   * (with its link, picker and downloads), so a genre picked during a job never sits
   * over another genre's board.
   *
   * @returns a promise that resolves once the text has been read (its board drawn, or
   *   what is wrong with it said): after the running job, when one runs, and then only
   *   once this page is on screen; without reading it when Back or Forward came between
   *   the call and the job's end (the entry gone to is opened instead)
   */
  async readText(): Promise<void> {
    this.drawnWarnings = []; // the next draw's, if any
    const busy = this.jobs.job !== null ? this.jobs : this.jobs.busyElsewhere();
    if (busy !== null) {
      if (this.drawnGenre !== this.genre) {
        this.clearBoard();
        this.showUrl(null);
        for (const id of ['genre-solve-all', 'genre-batch-limit']) byId(id, HTMLElement).hidden = true;
        this.pick.hidden = true;
      }
      const where = busy === this.jobs ? '' : ` on ${busy.controls.pageName()}`;
      this.say(`The solver is busy${where}: this puzzle is drawn when it is done, or press Stop${where ? ' there' : ''}.`, 'warning');
      if (this.waiting === null) {
        let done = (): void => {};
        const read = new Promise<void>((resolve) => (done = resolve));
        this.waiting = { read, done, navigations: this.navigations, watched: false };
      }
      const waiting = this.waiting;
      waiting.navigations = this.navigations;
      if (!waiting.watched) {
        waiting.watched = true;
        // Read when the solver is free, if this page is on screen then (else when shown).
        whenFree(() => {
          waiting.watched = false;
          if (this.waiting !== waiting) return; // read meanwhile
          if (this.navigations !== waiting.navigations) {
            this.waiting = null;
            waiting.done();
            return;
          }
          if (!byId('genre-play', HTMLElement).hidden) void this.readText();
        });
      }
      return waiting.read;
    }
    const waited = this.waiting;
    this.waiting = null;
    try {
      await this.readNow();
    } finally {
      waited?.done();
    }
  }

  /** readText once the solver is free: the list of the text's puzzles, then the chosen one's board. */
  private async readNow(): Promise<void> {
    const navigations = this.navigations;
    const text = this.text.value;
    const list = await this.run<ParsedList>({ type: 'parse', genre: this.genre, text }, false);
    // Back or Forward meanwhile: the entry gone to is read instead (its own hashchange), and
    // this text's board, drawn, would write its address over that entry (as draw says).
    if (this.navigations !== navigations) return;
    if (list === null) {
      this.unreadFocus();
      // The board stays as it was drawn, but its URL is no longer the text's puzzle, nor
      // are the records of the picker and Solve all (they named the lines of a text gone).
      this.showUrl(null);
      this.forgetRecords();
      this.unread();
      return;
    }
    this.parsed = list;
    this.textRead = text;
    this.showBatch();
    clearTextError(this.text);
    this.pick.replaceChildren(
      ...list.puzzles.map((p, i) => {
        const option = document.createElement('option');
        option.value = String(i + 1);
        option.textContent = `${p.name} (line ${p.line})`;
        return option;
      }),
    );
    // Back on a genre left for another: its record as it was chosen, the text unchanged.
    const kept = this.picks.get(this.genre);
    if (kept !== undefined && kept.text === this.text.value && Number(kept.pick) <= list.puzzles.length) {
      this.pick.value = kept.pick;
    }
    this.picks.delete(this.genre);
    this.pick.hidden = list.puzzles.length < 2;
    // Solve all for a text of two or more records, however many read: those the engine
    // refused get their rows, error: and why (actions/batch.ts).
    const records = list.puzzles.length + (list.refused?.length ?? 0);
    byId('genre-solve-all', HTMLElement).hidden = records < 2;
    byId('genre-batch-limit', HTMLElement).hidden = records < 2;
    // Solve all's helpers start now, so that a first Solve all runs on every core from
    // its start (a helper's start took about 320 ms on 2 cores; docs/performance.md).
    if (list.puzzles.length >= 2) this.client.helpersFor(batchWorkers() - 1);
    await this.draw();
  }

  /** The request fields naming the puzzle (the text and which of its puzzles) and the model. */
  puzzleFields(): PuzzleFields {
    const model = byId('genre-model', HTMLSelectElement).value;
    // The packing model maximises the digits placed, Kuromasu's big-m has integer run
    // lengths: branch-and-bound only (Genre::needsBranchAndBound).
    if (model === 'packing' || model === 'big-m') byId('genre-method', HTMLSelectElement).value = 'branch-and-bound';
    const method = byId('genre-method', HTMLSelectElement).value as 'sat' | 'branch-and-bound';
    return {
      genre: this.genre,
      puzzle: this.text.value,
      index: Number(this.pick.value || '1'),
      options: { method, ...(model ? { model } : {}) },
    };
  }

  /**
   * The objective chosen for a digit genre (the engine's presets), or nothing. Choosing
   * one sets the route to branch-and-bound: CNF-SAT finds any answer and ignores it.
   */
  private objectiveField(): Pick<GenreRequest, 'objective'> {
    const preset = byId('genre-objective', HTMLSelectElement).value;
    if (!DIGIT_GENRES.has(this.genre) || (preset !== 'diagonal' && preset !== 'firstRow')) return {};
    byId('genre-method', HTMLSelectElement).value = 'branch-and-bound';
    return { objective: { preset } };
  }

  /**
   * The options of a Solve: with the tree recorded when asked, and the objective chosen
   * (both branch-and-bound only).
   */
  solveFields(): Pick<GenreRequest, 'genre' | 'puzzle' | 'index' | 'options' | 'objective'> {
    const objective = this.objectiveField();
    const fields = { ...this.puzzleFields(), ...objective };
    if (byId('genre-record-tree', HTMLInputElement).checked) {
      fields.options = { ...fields.options, method: 'branch-and-bound', recordBranching: true };
      byId('genre-method', HTMLSelectElement).value = 'branch-and-bound';
    }
    this.labelDefault();
    return fields;
  }

  /**
   * The model picker lists the genre's models (from any result), keeping the choice. Its
   * first entry leaves the model to the engine, whose default may follow the route
   * (killer: clauses for CNF-SAT, combinations for branch-and-bound) or go on as another
   * (`fallback`; Nurikabe: cells, then stream); labelDefault names it for the route
   * chosen, and the result and the status line say which model ran.
   *
   * @param built the model the engine built for the route of the request, when the
   *   request left the model to it (the route's default)
   */
  private showModels(models: string[] | undefined, fallbacks: string[] = [], built?: { method: string; model: string }): void {
    const select = byId('genre-model', HTMLSelectElement);
    if (models === undefined) return;
    this.listed = { models, fallbacks };
    if (built !== undefined) this.routeDefaults.set(`${this.genre}|${built.method}`, built.model);
    const choices = ['', ...models];
    const now = [...select.options].map((o) => o.value);
    if (now.join() !== choices.join()) {
      const linked = this.linkedModel !== null && choices.includes(this.linkedModel) ? this.linkedModel : null;
      if (this.linkedModel !== null && linked === null) {
        this.linkProblems.push(`model=${this.linkedModel}: not a model of ${GENRE_TITLES[this.genre]} (${models.join(', ')}); its default is used`);
      }
      this.linkedModel = null;
      const keep = linked ?? (choices.includes(select.value) ? select.value : '');
      select.replaceChildren(
        ...choices.map((m) => {
          const option = document.createElement('option');
          option.value = m;
          option.textContent = m;
          return option;
        }),
      );
      select.value = keep;
    }
    this.labelDefault();
  }

  /**
   * Names, in the model picker's first entry, the model the genre's default is on the
   * route chosen: "default: textbook (CNF-SAT)", "default: combinations
   * (branch-and-bound)", and the models it goes on as in turn with arrows ("default:
   * cells → stream → stream-layers (CNF-SAT)"); its title says it in words. Short, so
   * that the closed picker shows it whole at desktop width (it read "the genre's default
   * (cells, then stream, then stream-layers, for CNF-SAT)", cut at 1280 px), and the
   * route's, not CNF-SAT's whatever the route. A route's default the engine has not
   * named yet is asked for (learnDefault), the route said meanwhile.
   */
  private labelDefault(): void {
    const option = byId('genre-model', HTMLSelectElement).options[0];
    const method = byId('genre-method', HTMLSelectElement).value;
    if (option === undefined || option.value !== '' || this.listed === null) return;
    const { models, fallbacks } = this.listed;
    if (method === 'sat') {
      const chain = [models[0], ...fallbacks];
      option.textContent = `default: ${chain.join(' → ')} (CNF-SAT)`;
      option.title =
        `The genre's default model for CNF-SAT: ${chain.join(', then ')}` + (fallbacks.length > 0 ? ', each when the one before spends its budget' : '');
      return;
    }
    const known = this.routeDefaults.get(`${this.genre}|${method}`);
    option.textContent = known === undefined ? 'default for branch-and-bound' : `default: ${known} (branch-and-bound)`;
    option.title = `The genre's default model for branch-and-bound${known === undefined ? '' : `: ${known}`}`;
    if (known === undefined) void this.learnDefault(method);
  }

  /**
   * Asks the engine, when it is free, which model the genre's default is on `method`
   * (a `board` request names the model it would build), then labels it.
   */
  private async learnDefault(method: string): Promise<void> {
    if (this.learning || this.jobs.job !== null || this.jobs.busyElsewhere() !== null) return;
    this.learning = true;
    const genre = this.genre;
    try {
      const r = await this.client.genre<GenreResultHead>({
        type: 'board',
        genre,
        puzzle: this.text.value,
        index: Number(this.pick.value || '1'),
        options: { method: method as 'sat' | 'branch-and-bound' },
      });
      this.routeDefaults.set(`${genre}|${method}`, r.model);
    } catch {
      return; // the label names the route without its model
    } finally {
      this.learning = false;
    }
    if (genre === this.genre) this.labelDefault();
  }

  /**
   * Typesets the formulation of the puzzle and model chosen; after a Solve of this puzzle
   * that went on from the genre's default to another model (solvedBy), that model, and
   * says so.
   */
  private showFormulation(): Promise<void> {
    const fields = { ...this.objectiveField(), ...this.puzzleFields() };
    const solved = this.solvedBy;
    if (solved === null || solved.key !== solvedByKey(fields)) return this.formulationPanel.show(fields);
    const spent = solved.spent.map((m) => `“${m}”`).join(' and ');
    return this.formulationPanel.show(
      { ...fields, options: { ...fields.options, model: solved.model } },
      `, the model that answered the last Solve after ${spent} spent ${solved.spent.length === 1 ? 'its budget' : 'their budgets'} (pick “${solved.spent[0]}” in Model to see ${solved.spent.length === 1 ? 'it' : 'the first'})`,
    );
  }

  /** Offer "Why no solution?" (digit genres, after a solve without answer), or take it back. */
  offerExplanation(offer: boolean): void {
    byId('genre-explain', HTMLElement).hidden = !(offer && EXPLAINED.has(this.genre));
  }

  /**
   * Draws the chosen puzzle's board (the engine's `board` request), lists the genre's
   * models, shows its puzz.link URL, and says its warnings and the records left out.
   */
  async draw(): Promise<void> {
    this.offerExplanation(false);
    this.answer = null;
    // The formulation shown was of the puzzle drawn before.
    this.formulationPanel.hide();
    // A board of another size is a new history entry, as a new size is on the Sudoku page.
    const before = this.drawnGenre === this.genre && this.board !== null ? `${this.board.rows}×${this.board.columns}` : null;
    const fields = this.puzzleFields();
    const drawn = this.run<GenreResultHead & { board: Board; url?: string | null; urlUnavailable?: string; clash?: { cells: Array<[number, number]> } }>(
      { type: 'board', ...fields },
      false,
    );
    // Sent behind the board's request: the engine warms up while the page draws.
    void this.warmUp();
    const navigations = this.navigations;
    const r = await drawn;
    // Back or Forward meanwhile: this board, and its address written over the entry
    // gone to, would be the entry's left (its own puzzle is opened when the job ends).
    if (this.navigations !== navigations) return;
    if (r === null) {
      this.showUrl(null);
      this.unread();
      this.unreadFocus();
      return;
    }
    this.showModels(r.models, r.defaultFallbacks, fields.options?.model === undefined ? { method: fields.options?.method ?? 'sat', model: r.model } : undefined);
    this.showUrl(r.url ?? null, r.urlUnavailable);
    const tooLong = this.writeHash(r.url ?? null, this.pushNext || (before !== null && before !== `${r.board.rows}×${r.board.columns}`));
    this.pushNext = false;
    this.drawBoard(r.board, `${GENRE_TITLES[this.genre]} ${r.board.rows}×${r.board.columns}, ${r.name}, unsolved`);
    // Two equal givens typed in a unit are outlined as the warning names them, as the Sudoku board marks them.
    if (r.clash) this.highlight(r.clash.cells);
    const pasted = this.pastedLeftOut?.text === this.text.value ? this.pastedLeftOut.lines : [];
    // The first few in words, every other one by its line: none goes unnamed, and a file
    // of many bad records does not fill the page with the status line.
    const list = (items: LeftOutLine[]): string =>
      items
        .slice(0, kLeftOutInWords)
        .map((item) => item.message.replace(/\.$/, ''))
        .join('; ') + (items.length > kLeftOutInWords ? `; and ${items.length - kLeftOutInWords} more, at lines ${items.slice(kLeftOutInWords).map((item) => item.line).join(', ')}` : '');
    // The paste's lines are not in the text (its lines are the paste's); the text's
    // records are named, as the CLI names them ("b (line 5): …").
    const records = (this.parsed.refused ?? []).map((k) => {
      const message = k.error.message;
      return { line: k.line, message: message.startsWith(`${k.name} (`) ? message : `${k.name}: ${message}` };
    });
    const leftOut =
      (pasted.length === 0 ? '' : ` Left out of the pasted URLs (not put in the text): ${list(pasted)}.`) +
      (records.length === 0 ? '' : ` Left out ${records.length === 1 ? 'a record' : `${records.length} records`} that could not be read: ${list(records)}.`);
    const warned = r.warnings.length > 0;
    this.drawnWarnings = r.warnings;
    const cannotUse = this.linkProblems.length > 0 ? ` ${cannotUseSentence(this.linkProblems)}` : '';
    this.linkProblems = [];
    // Once for a text that grew past the address's limit, not again at each later draw.
    const notInAddress =
      tooLong !== null && !this.saidTooLong
        ? ` The address keeps only the genre: the puzzle's ${tooLong.what}, ${tooLong.length.toLocaleString('en')} characters, is longer than the ${kMostHashText.toLocaleString('en')} an address holds, so a reload or a copied address will not show it (Save .xlsx or .csv keeps the puzzle).`
        : '';
    this.saidTooLong = tooLong !== null;
    this.say(
      `${warned ? `Warning: ${r.warnings.join('; ')}.` : `${r.name}: press Solve.`}${leftOut}${cannotUse}${notInAddress}`,
      warned || leftOut !== '' || cannotUse !== '' ? 'warning' : 'info',
    );
  }

  /**
   * The first time a genre is drawn, solves its example puzzle (examples.ts) a few times
   * while the page is idle, answers unused, so that a person's first Solve finds the
   * genre's code compiled. V8 compiles a WASM function on its first call and a hot one
   * again with its optimising tier (TurboFan) in background threads that compete with
   * the solve: a first genre solve in a fresh page ran cold (docs/performance.md,
   * "A genre's first solve"). The first solve is sent at once (the board's request is
   * the job running then, and the worker takes the two in turn); each later one when
   * the one before has answered, and none once the page has sent any other request (an
   * edit's draw, a Solve): a person's request waits for one small solve at most, and
   * the warm-up never comes between their edits.
   */
  private async warmUp(): Promise<void> {
    const genre = this.genre;
    if (this.warmedUp.has(genre)) return;
    this.warmedUp.add(genre);
    const start = performance.now();
    const requests = this.requests;
    for (let i = 0; i < kWarmUpSolves && performance.now() - start < kWarmUpMs; i++) {
      if (i > 0 && (genre !== this.genre || this.requests !== requests || this.jobs.job !== null || this.jobs.busyElsewhere() !== null)) return;
      try {
        await this.client.genre({ type: 'solve', genre, puzzle: EXAMPLES[genre] });
      } catch {
        return; // the page's own requests report any engine problem
      }
    }
  }

  /**
   * After the engine refused the text, on the board kept (the puzzle read before): what
   * the text now holds in each cell the error names, in red, so that a clue out of range
   * (99 typed on a 6×6 Nurikabe) shows where it was typed instead of what the cell held.
   * Only for an error at a token (its line and column) of the block typing writes, in a
   * text of one record of the board's size.
   *
   * @param where the error's place: its line and column in the text, and its cells (1-based)
   */
  private showUnread(where: { line?: number; column?: number; cells?: ReadonlyArray<{ row: number; column: number }> }): void {
    const board = this.board;
    const editing = EDITING[this.genre];
    const cells = where.cells ?? [];
    if (this.svg === null || board === null || cells.length === 0 || editing.typeBlock === null) return;
    if (where.line === undefined || where.column === undefined) return;
    const record = readRecord(this.text.value, editing.blocks);
    if (record === null || record.rows !== board.rows || record.columns !== board.columns) return;
    // The error's line among the record's block lines (after the header and size line).
    const lines = this.text.value.split(/\r?\n/).flatMap((line, i) => (line.trim().length > 0 ? [{ number: i + 1, line }] : []));
    const first = (lines[0]?.line.startsWith('===') ? 1 : 0) + 1;
    const at = lines.findIndex((l) => l.number === where.line) - first;
    if (at < 0 || Math.floor(at / record.rows) !== editing.typeBlock) return;
    const tokens = record.blocks[editing.typeBlock] ?? [];
    const shown = cells
      .filter((c) => c.row >= 1 && c.row <= board.rows && c.column >= 1 && c.column <= board.columns)
      .map((c) => [c.row, c.column, tokens[(c.row - 1) * board.columns + c.column - 1] ?? ''] as [number, number, string])
      .filter(([, , token]) => token !== '' && token !== '-' && token !== '.');
    if (shown.length === 0) return;
    overlayTexts(this.svg, 'typed', shown, { fill: '#c62828', 'font-weight': 'bold' });
    // A screen reader hears what is drawn: the token typed, not the clue of the board kept.
    const gridcells = this.svg.querySelectorAll('[role=gridcell]');
    for (const [row, column, token] of shown) {
      gridcells[(row - 1) * board.columns + column - 1]?.setAttribute('aria-label', `row ${row}, column ${column}, ${token} typed, not read (the status line says why)`);
    }
  }

  /**
   * After the engine refused the text, the board kept drawn again with the regions the
   * text's region block has (a cell in no region walled alone), when they differ from the
   * board's: someone redrawing a Jigsaw's regions sees the regions made so far, not the
   * old boxes, until the map is whole. Only for a text of one record of the board's size.
   *
   * @returns whether the board was drawn again
   */
  private drawTypedRegions(): boolean {
    const board = this.board;
    const editing = EDITING[this.genre];
    if (board === null || this.drawnGenre !== this.genre || editing.regionBlock === null) return false;
    const record = readRecord(this.text.value, editing.blocks);
    if (record === null || record.rows !== board.rows || record.columns !== board.columns) return false;
    const ids = record.blocks[editing.regionBlock]!;
    const region = (cell: number): string => (ids[cell] === '-' || ids[cell] === '.' ? `-${cell}` : ids[cell]!);
    // Walls on the edges between cells of different regions, in doubled coordinates.
    const walls: BoardItem[] = [];
    for (let r = 0; r < board.rows; r++) {
      for (let c = 0; c < board.columns; c++) {
        const cell = r * board.columns + c;
        if (c + 1 < board.columns && region(cell) !== region(cell + 1)) walls.push({ kind: 'wall', row: 2 * r + 1, column: 2 * c + 2 });
        if (r + 1 < board.rows && region(cell) !== region(cell + board.columns)) walls.push({ kind: 'wall', row: 2 * r + 2, column: 2 * c + 1 });
      }
    }
    const key = (items: BoardItem[]): string =>
      items
        .filter((i) => i.kind === 'wall')
        .map((i) => `${i.row},${i.column}`)
        .sort()
        .join(' ');
    if (key(walls) === key(board.items)) return false;
    const label = this.svg?.getAttribute('aria-label') ?? `${GENRE_TITLES[this.genre]} ${board.rows}×${board.columns}`;
    this.drawBoard({ ...board, items: [...board.items.filter((i) => i.kind !== 'wall'), ...walls] }, label);
    return true;
  }

  /**
   * After the engine refused the text of a Kakuro, its board as the text has it
   * (kakuro.ts, typedKakuroBoard), of any size: an empty grid or one being built has
   * runs without sums, which the engine refuses, and the editor works on the board drawn.
   * Only for a text of one record whose every token is a Kakuro cell.
   *
   * @returns whether the board was drawn
   */
  private drawTypedKakuro(): boolean {
    if (this.genre !== 'kakuro') return false;
    const record = readRecord(this.text.value, EDITING.kakuro.blocks);
    const board = record === null ? null : typedKakuroBoard(record);
    if (record === null || board === null) return false;
    this.drawBoard(board, `Kakuro ${board.rows}×${board.columns}, ${record.header}, as typed (not yet read)`);
    this.showUrl(null);
    // The address holds the grid being built, its text, so a reload shows it again.
    this.forgetRecords();
    this.writeHash(null);
    return true;
  }

  /**
   * The text did not read (the status line says why). A board of another genre, kept
   * from before, goes: edits on it wrote into this genre's text, at cells never seen
   * (Hitori's board under Nurikabe's heading, a user's session). The address takes the
   * text as typed, so that a reload or a copied link keeps it, not the last puzzle that
   * read (a clue of 26 typed over a 2 came back as the 2).
   */
  private unread(): void {
    // Busy, stopped or a worker's restart: the text may well read; nothing to undo.
    const code = this.lastErrorCode;
    if (code === null || endedByRestart({ code })) return;
    if (this.drawnGenre !== this.genre || this.board === null) {
      this.clearBoard(`No board: the text does not read as a ${GENRE_TITLES[this.genre]} puzzle (the status line says where). Fix it and press Draw.`);
    }
    // What the link named that this page cannot use, said now rather than with a board
    // drawn later (its model is known only once the engine lists the models).
    if (this.linkProblems.length > 0) {
      const said = (this.jobs.controls.status.textContent ?? '').replace(/\.?$/, '.');
      this.jobs.setStatus(`${said} ${cannotUseSentence(this.linkProblems)}`, 'error');
      this.linkProblems = [];
    }
    this.writeHash(null, this.pushNext);
    this.pushNext = false;
  }

  /**
   * Takes the board off the page and forgets it (no board, no genre drawn), leaving
   * `note` in its box when given: for a board of another genre that must not stay
   * under this genre's heading (readText while busy, unread).
   */
  private clearBoard(note?: string): void {
    this.board = this.svg = null;
    this.drawnGenre = null;
    this.drawnWarnings = [];
    if (note === undefined) {
      this.boardBox.replaceChildren();
      return;
    }
    const hint = document.createElement('p');
    hint.className = 'hint genre-no-board';
    hint.textContent = note;
    this.boardBox.replaceChildren(hint);
  }

  /**
   * Forgets the records of the text last read (the picker, Solve all and its time limit
   * hidden): for a text the engine refused as a whole, whose lines they no longer name.
   */
  private forgetRecords(): void {
    this.parsed = { puzzles: [] };
    this.textRead = '';
    this.showBatch();
    this.pick.replaceChildren();
    this.pick.hidden = true;
    for (const id of ['genre-solve-all', 'genre-batch-limit']) byId(id, HTMLElement).hidden = true;
  }

  batchStale(): boolean {
    const of = this.batchOf;
    return of !== null && (of.text !== this.textRead || of.text !== this.text.value);
  }

  showBatch(): void {
    const of = this.batchOf;
    const panel = byId('genre-batch', HTMLElement);
    panel.hidden = of === null || of.genre !== this.genre;
    const stale = !panel.hidden && this.batchStale();
    panel.classList.toggle('stale', stale);
    byId('genre-batch-stale', HTMLElement).hidden = !stale;
    // Its rows would open the text's records at their places: not pressed by any means
    // (a key, a screen reader), while still read out.
    for (const button of panel.querySelectorAll<HTMLButtonElement>('tbody button.link')) button.disabled = stale;
  }

  /**
   * Hatches cells of the board (a partial fill's empty cells), under the digits.
   *
   * @param cells 1-based [row, column] pairs
   */
  hatch(cells: Array<[number, number]>): void {
    if (this.svg === null) return;
    const group = overlayCells(this.svg, 'hatched', cells, 0, { fill: 'url(#genre-hatch)' });
    group.setAttribute('aria-hidden', 'true');
    const pattern = el('pattern', { id: 'genre-hatch', patternUnits: 'userSpaceOnUse', width: 8, height: 8, patternTransform: 'rotate(45)' });
    pattern.append(el('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#b4541a', 'stroke-width': 2, 'stroke-opacity': 0.55 }));
    group.prepend(pattern);
  }

  /** Outlines cells of the board (givens or clues to drop, a formulation row's cells). */
  highlight(cells: Array<[number, number]>): void {
    if (this.svg === null) return;
    overlayCells(this.svg, 'highlight', cells, 2, { fill: '#f2c14e', 'fill-opacity': 0.35, stroke: '#c8891a' });
  }

  /** The puzzle `i` (0-based) of the text as its own lines (the engine said where they are); `lines` the text split at newlines, when the caller has it. */
  ownText(i: number, lines = this.text.value.split('\n')): string {
    const p = this.parsed.puzzles[i];
    if (p === undefined) return this.text.value;
    return ownLines(lines, p);
  }

  private downloadSvg(): void {
    if (this.svg === null) return;
    saveBlob(new Blob([svgText(this.svg)], { type: 'image/svg+xml' }), `${this.genre}.svg`);
  }

  private async downloadPng(): Promise<void> {
    if (this.svg === null) return;
    try {
      saveBlob(await pngBlob(this.svg), `${this.genre}.png`);
    } catch (e) {
      this.say(`Unable to make the PNG: ${errorMessage(e)}`, 'error');
    }
  }

  /**
   * Give the board the keyboard focus, now or, while none is drawn, once one is: for a
   * genre shown in place of a Sudoku board that had it (a URL pasted on a Sudoku cell),
   * whose hidden cell would otherwise leave the focus on the page's body.
   */
  focusBoard(): void {
    // A board drawn already (another puzzle of this genre) takes it now, and the board
    // the read draws keeps it; a read that fails gives it to the text (unreadFocus).
    this.focusOnDraw = true;
    if (this.svg !== null && this.svg.isConnected) this.svg.focus({ preventScroll: true });
  }

  /**
   * After a read or draw that failed: the focus focusBoard asked for goes to the text, to
   * mend, when it is on the page's body or on the board (which the failure may take away).
   */
  private unreadFocus(): void {
    const active = document.activeElement;
    if (this.focusOnDraw && (active === null || active === document.body || this.boardBox.contains(active))) this.text.focus({ preventScroll: true });
    this.focusOnDraw = false;
  }

  drawBoard(board: Board, label: string): void {
    this.board = board;
    this.drawnGenre = this.genre;
    // A board redrawn after an edit typed on it keeps the keyboard: the next digit
    // (a two-digit clue) and the arrows go on to the new board.
    // Asked for by focusBoard: taken only from the page's body (not from where the person
    // went meanwhile).
    const lost = document.activeElement === null || document.activeElement === document.body || document.activeElement === this.svg;
    const hadFocus = this.boardBox.contains(document.activeElement) || (this.focusOnDraw && lost);
    this.focusOnDraw = false;
    this.svg = renderBoard(board, label, undefined, DIGIT_GENRES.has(this.genre));
    this.svg.setAttribute('tabindex', '0');
    // At least kLeastCellPx a column where the pointer is fine: a larger board scrolls in
    // its box (genre.css). A touch screen keeps it fitted, since a drag on the board
    // selects cells and could not pan the box.
    this.svg.style.setProperty('--least-width', `${board.columns * kLeastCellPx}px`);
    this.boardBox.replaceChildren(this.svg);
    if (hadFocus) this.svg.focus({ preventScroll: true });
    this.editor.keepWithin(board.rows * board.columns);
    // A digit genre's pad goes to the board's side, which a new text may change.
    this.editor.renderPad(byId('genre-pad', HTMLElement));
  }

  /**
   * Puts the genre and the puzzle drawn into the page's address (genreHash, main.ts
   * reads it on load), so that a reload or a copied address shows it again: its
   * puzz.link URL, else its record's own text (either up to kMostHashText characters; a
   * longer one leaves the genre alone). A record with a name of its own ("=== mine", not
   * the url-N a URL's reading gives) goes in as its text while that fits: a URL read
   * back names its record url-1 (a user's session). Replaces the history entry, as the Sudoku page's
   * edits do; `push` adds one (another genre, or a board of another size, as a new size
   * on the Sudoku page).
   *
   * @returns what was left out of the address because it is longer than kMostHashText
   *   (draw says so): the puzzle's URL or text and its length in characters; else null
   */
  private writeHash(url: string | null, push = false): { what: 'URL' | 'text'; length: number } | null {
    this.hashUrl = url;
    const index = Math.max(0, Number(this.pick.value) - 1);
    const text = this.ownText(index);
    // Its header's name: a record without one is named by the engine ("Puzzle 1").
    const name = /^\s*===[ \t]*([^\s=]\S*)/.exec(text)?.[1];
    const named = name !== undefined && !/^url-\d+$/.test(name) && text.length <= kMostHashText;
    const byUrl = url !== null && !named;
    const own = byUrl ? url : text;
    // The route chosen goes with it (CNF-SAT, the genre's default model and no objective
    // are left out), so that a shared link solves as it was taught.
    const route = new URLSearchParams();
    // A link's model, before the engine has listed the models (a text that did not read).
    const model = byId('genre-model', HTMLSelectElement).value || (this.linkedModel ?? '');
    const method = byId('genre-method', HTMLSelectElement).value;
    const objective = byId('genre-objective', HTMLSelectElement).value;
    if (model !== '') route.set('model', model);
    if (method !== 'sat') route.set('method', method);
    if (objective !== '' && DIGIT_GENRES.has(this.genre)) route.set('objective', objective);
    const extra = route.toString();
    const hash = genreHash(this.genre, own.length <= kMostHashText ? (byUrl ? { url } : { text: own }) : {}) + (extra === '' ? '' : `&${extra}`);
    if (hash !== location.hash) history[push ? 'pushState' : 'replaceState'](null, '', `${location.pathname}${location.search}${hash}`);
    return own.length <= kMostHashText ? null : { what: byUrl ? 'URL' : 'text', length: own.length };
  }

  /**
   * The puzzle's puzz.link URL as a link and a Copy button; without one, the engine's
   * reason in the link's place (`why`, protocol.md "board"), or nothing.
   */
  private showUrl(url: string | null, why?: string): void {
    const link = byId('genre-url', HTMLAnchorElement);
    link.hidden = url === null && why === undefined;
    byId('genre-copy-url', HTMLElement).hidden = url === null;
    if (url === null) {
      link.removeAttribute('href');
      link.textContent = why === undefined ? '' : why.includes('puzz.link') ? why : `No puzz.link URL: ${why}`;
      return;
    }
    link.href = url;
    link.textContent = url.length > 60 ? `${url.slice(0, 57)}…` : url;
  }

  /** Live figures of a long request: branch-and-bound nodes, cut rounds, answers found. */
  private progress(p: Record<string, unknown>): void {
    const n = (key: string): string => (typeof p[key] === 'number' ? grouped(p[key] as number) : '?');
    const elapsed = typeof p.elapsedMs === 'number' ? ` · ${formatMs(p.elapsedMs)}` : '';
    if (p.phase === 'branch-and-bound') {
      this.bnb.progress(p as unknown as SolveProgress, () => this.jobs.job !== null);
      this.jobs.setProgress(`Solving… branch-and-bound: ${n('nodes')} nodes, ${n('activeNodes')} open, depth ${n('depth')}${elapsed}`);
    } else if (p.phase === 'cuts') {
      if (typeof p.round === 'number') this.rounds.textContent = grouped(p.round);
      if (typeof p.elapsedMs === 'number') byId('genre-bnb-elapsed', HTMLElement).textContent = formatMs(p.elapsedMs);
      this.cutRounds.add(p);
      this.jobs.setProgress(`Solving… round ${n('round')}: ${n('cuts')} ${p.cuts === 1 ? 'cut' : 'cuts'} added (${n('totalCuts')} in all)${elapsed}`);
    } else if (p.phase === 'sat' && typeof p.bound === 'number') {
      const question =
        p.step === 'removals'
          ? `can ${n('bound')} ${(p.removes as { many?: string } | undefined)?.many ?? 'givens'} stay?`
          : `do ${n('bound')} digits fit, keeping every given?`;
      this.jobs.setProgress(`Why no solution? ${question} (CNF-SAT${elapsed})`);
    } else if (p.phase === 'removing') {
      this.jobs.setProgress(`Generating… ${n('checked')} of ${n('total')} givens tried${elapsed}`);
    } else if (typeof p.found === 'number') {
      this.jobs.setProgress(`${n('found')} answers found${elapsed}`);
    }
  }

  /** A round's answer on the board, the cells its cuts name outlined. */
  private drawRound(round: CutRoundView): void {
    const what = round.cuts > 0 ? `rejected by ${round.cuts} cut${round.cuts === 1 ? '' : 's'}` : 'the answer';
    this.drawBoard(round.board, `${GENRE_TITLES[this.genre]}, cut round ${round.round}: ${what}`);
    this.highlight(round.cells);
  }

  /**
   * The status line (the job runner's), a success shown as the Sudoku page's `ok`; a
   * warning during a job rides along with its progress lines for a while (setProgress).
   */
  say(message: string, kind: 'info' | 'success' | 'warning' | 'error'): void {
    this.jobs.setStatus(message, kind === 'success' ? 'ok' : kind);
  }

  /**
   * A quick request beside the page's actions (no busy buttons, Enumerate's answers
   * kept): null when the page is busy or the engine refuses (said in the status line).
   */
  private async ask<R>(request: Omit<GenreRequest, 'id'>): Promise<R | null> {
    if (this.jobs.job !== null || this.jobs.busyElsewhere() !== null) {
      this.say('Busy: try again when the solver is done.', 'info');
      return null;
    }
    try {
      return await this.client.genre<R>(request);
    } catch (e) {
      this.say(errorMessage(e), 'error');
      return null;
    }
  }

  /**
   * Sends a genre request as a job of the page's runner: the buttons disabled and Stop
   * enabled while it runs, "Solving…" in the status line for a `long` one (a quick one,
   * reading the text or drawing the board, leaves the status line as it is). On an
   * error the message, with the cells it names, goes to the status line and those cells
   * are outlined; the text and the board stay.
   *
   * @param request the request, without its id
   * @param long whether it may take long ("Solving…" and Stop)
   * @param errorPrefix put before an error's message ("The pasted text: "), so that it
   *   says what it is about when that is not the page's own text
   * @returns the result, or null after an error (shown) or when the page is busy
   */
  async run<R>(request: Omit<GenreRequest, 'id'>, long = true, errorPrefix = ''): Promise<R | null> {
    this.lastErrorCode = null; // a request refused as busy has none
    this.lastError = null;
    if (this.jobs.job !== null || this.jobs.busyRefusal()) return null;
    this.requests++;
    // The request leaves before the page redraws its panels and controls for the job, so
    // that the worker starts meanwhile: on a fresh page those redraws (a layout of the
    // page among them) took 5 to 60 ms of a genre's first Solve (docs/performance.md).
    const answer = this.client.genre<R>(request, (progress) => this.progress(progress));
    // Enumerate's stepper belongs to the answers it found: any other request ends it. The
    // Cut rounds panel belongs to the last Solve's board: a request that draws another
    // answer or point ends it too (the formulation, an export or a redraw keep it).
    this.answersPanel.hidden = true;
    const newBoard = NEW_BOARD.has(request.type);
    if (newBoard) {
      this.cutRounds.start();
      // The branch-and-bound figures and tree are the last Solve's, as its rounds are.
      this.bnb.hide();
      byId('genre-tree-panel', HTMLElement).hidden = true;
    }
    this.lastErrorCode = null;
    let result: R | null = null;
    await this.jobs.run(
      JOBS[request.type] ?? 'solve',
      long ? (request.type === 'relax' ? 'Solving the LP relaxation…' : 'Solving…') : null,
      async () => {
        result = await answer;
      },
      (e) => {
        this.lastErrorCode = (e as { code?: string }).code ?? null;
        this.lastError = e instanceof SolverError ? e : null;
        const read = request.type === 'parse' || request.type === 'board';
        // Regions made or deleted one at a time (a Jigsaw's drawn anew) are drawn as the
        // text has them while the map is not yet whole: a message about the map (its
        // regions, rooms or cages) is a warning then; any other stays an error.
        const ownText = errorPrefix === '' && (request.text ?? request.puzzle) === this.text.value;
        const regions = read && ownText && this.drawTypedRegions();
        // A Kakuro being built is drawn as typed: a run without its sum yet is a warning.
        const kakuro = read && ownText && this.drawTypedKakuro();
        const where = e instanceof SolverError ? (e.where ?? {}) : {};
        // The cells the engine names (cells in no region, a bad cage, a Kakuro sum out of
        // range…) on the board kept.
        const cells = where.cells ?? [];
        const message = errorPrefix + errorMessage(e);
        const expected = (regions && /\b(regions?|rooms?|cages?)\b/i.test(message)) || (kakuro && /has no (clue|white cell)/.test(message));
        this.say(message, expected ? 'warning' : 'error');
        if (cells.length > 0) this.highlight(cells.map((c) => [c.row, c.column] as [number, number]));
        if (read && e instanceof SolverError && !kakuro) this.showUnread(where);
        // The text box's own text: the box says it is wrong, its caret at the error (the
        // focus too when Draw had it; an edit on the board keeps the board's).
        if (read && ownText && !expected && isTextFault(e)) {
          markTextError(this.text, message, where, this.drawPressed ? [byId('genre-draw', HTMLElement), byId('genre-stop', HTMLElement)] : []);
        }
      },
      long,
    );
    if (newBoard) this.cutRounds.start();
    return result as R | null;
  }
}

/** The parameters of a genre page's address (genreHash, writeHash). */
const GENRE_LINK_PARAMETERS = ['genre', 'pzl', 'text', 'model', 'method', 'objective'] as const;

/** How many left-out lines draw() names in words; the others by their line numbers. */
const kLeftOutInWords = 5;

/** Longest text the address carries (a record's, or a puzz.link URL's). */
const kMostHashText = 8_000;
