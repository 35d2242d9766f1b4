// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page for every genre but Sudoku: the puzzle text, the board drawn from the
 * engine's board description (board-svg.ts), Solve, uniqueness, enumeration, the LP
 * relaxation, a new puzzle from a seed, Solve all, and the board as SVG or PNG. Loaded
 * only when a genre other than Sudoku is first picked. Its parts in their own files:
 * the board editor (editor.ts), the formulation panel (formulation.ts) and the cut
 * rounds' stepper (rounds.ts). Nothing here knows a genre's rules: the engine parses,
 * solves, checks and describes the board.
 */
import type { SolverClient } from '../../solver/client';
import {
  GENRE_TITLES,
  RECORD_PARAMETER,
  type Board,
  type GenreExplainResult,
  type GenreId,
  type GenreRequest,
  type GenreEnumerateResult,
  type GenreSolveResult,
  type GenreUniquenessResult,
  ownLines,
} from '../../solver/genre';
import { SolverError, type RecordSheet, type ResultRow, type SolveProgress } from '../../solver/protocol';
import '../batch.css';
import './genre.css';
import { GENRE_PAGE } from './layout';
import { checkFileSize, checkTextSize } from '../format';
import { batchWorkers, BnbPanel, byId, saveBlob, saveText } from '../shared';
import { JobRunner, type Job } from '../app/jobs';
import { EXAMPLES, RULES } from './examples';
import { EDITING } from './editing';

/** The digit genres: an objective over the digits (the engine's presets) can be asked for. */
const DIGIT_GENRES: ReadonlySet<GenreId> = new Set<GenreId>(['killer', 'jigsaw', 'sudoku-x', 'hyper', 'latin-square']);

/**
 * The genres whose puzzles explainInfeasible explains: those with givens (digits), and
 * the clue genres, whose clues it drops (cpp/puzzles/common/clues.h).
 */
const EXPLAINED: ReadonlySet<GenreId> = new Set<GenreId>([
  'killer',
  'jigsaw',
  'sudoku-x',
  'hyper',
  'latin-square',
  'akari',
  'slitherlink',
  'kakuro',
  'heyawake',
  'kuromasu',
  'shikaku',
  'nurikabe',
]);
import { el, overlayCells, pngBlob, renderBoard, svgText } from './board-svg';
import { BoardEditor } from './editor';
import { FormulationPanel } from './formulation';
import { CutRounds, type CutRoundView } from './rounds';
import { readRecord } from './record';

type Variant = Exclude<GenreId, 'sudoku'>;


interface ParsedList {
  /** `lines`: how many lines of the text a puzzle spans (null for the last). */
  puzzles: Array<{ name: string; line: number; lines: number | null; warnings: string[] }>;
  /** Records of a text of many that did not parse, left out (protocol.md, "parse"). */
  refused?: Array<{ name: string; line: number; lines: number; error: { message: string } }>;
}

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

/** Most answers Enumerate asks for (each a solve, each drawn). */
const kEnumerateLimit = 20;

interface RelaxResult {
  status: string;
  integral: boolean;
  board: Board;
  stats: { solveMs: number; simplexIterations: number };
}

interface GenerateResult {
  puzzle: string;
  givens: number;
  minimal: boolean;
  totalMs: number;
}

function ms(value: number): string {
  return value < 10 ? `${value.toFixed(2)} ms` : `${Math.round(value).toLocaleString('en')} ms`;
}

/** The error's message with where it is, as the engine said it. */
function errorMessage(e: unknown): string {
  if (e instanceof SolverError) {
    const cells = e.where?.cells?.map((c) => `row ${c.row}, column ${c.column}`) ?? [];
    return cells.length > 0 && !e.message.includes('row ') ? `${e.message} (${cells.join('; ')})` : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * Fills `<main id="genre-play">` with the genre page's markup (once) and wires it.
 *
 * @param client the page's solver client
 * @returns the view
 * @throws Error when index.html has no `#genre-play`
 */
export function createGenreView(client: SolverClient): GenreView {
  const root = byId('genre-play', HTMLElement);
  if (root.childElementCount === 0) root.innerHTML = GENRE_PAGE;
  return new GenreView(client);
}

/**
 * The genre page: wires the elements of `#genre-play` (genre/layout.ts) to the engine.
 */

export class GenreView {
  private readonly client: SolverClient;
  private genre: Variant = 'killer';
  private readonly text = byId('genre-text', HTMLTextAreaElement);
  private readonly boardBox = byId('genre-board', HTMLDivElement);
  private readonly status = byId('genre-status', HTMLParagraphElement);
  private readonly pick = byId('genre-pick', HTMLSelectElement);
  /** The formulation as the engine states it. */
  private readonly formulationPanel: FormulationPanel;
  /** The page's job runner (app/jobs.ts, as the Sudoku page's): one request at a time. */
  private readonly jobs: JobRunner;
  private svg: SVGSVGElement | null = null;
  private board: Board | null = null;
  /** The code of the last request's error (SolverError.code), or null. */
  private lastErrorCode: string | null = null;
  /** Per genre, the text the user had (kept when switching genres). */
  private readonly texts = new Map<Variant, string>();
  /** Selecting cells and editing the puzzle on the board. */
  private readonly editor: BoardEditor;
  /** The answers of the last Solve all, in the genre's solution format, input order. */
  private solutions: string[] = [];
  /** The rows of the last Solve all (name, status, ms, nodes, record, answer), for Download .xlsx/.csv. */
  private resultRows: ResultRow[] = [];
  /** The answer of the last Solve, with the text and puzzle it belongs to (Save .xlsx). */
  private answer: { text: string; puzzle: string; index: number } | null = null;
  /** The puzzles of the text as last parsed. */
  private parsed: ParsedList = { puzzles: [] };
  /** The live branch-and-bound panel of Solve (the Sudoku page's, with the cut rounds). */
  private readonly bnb = new BnbPanel('genre-bnb');
  private readonly rounds = byId('genre-bnb-rounds', HTMLElement);
  /** The cut rounds of the last Solve, drawn live and stepped through after. */
  private readonly cutRounds = new CutRounds((round) => this.drawRound(round));
  /** Enumerate's answers, each with its board, and the stepper through them. */
  private readonly answersPanel = byId('genre-answers', HTMLElement);
  private readonly answerStep = byId('genre-answer-step', HTMLInputElement);
  private answers: Array<{ board: Board; text: string; name: string; rows: number; columns: number }> = [];
  /** The text and puzzle Enumerate's answers are of (for Save .xlsx / .csv of one). */
  private answersOf: { puzzle: string; index: number } = { puzzle: '', index: 1 };

  constructor(client: SolverClient) {
    this.client = client;
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
      onIdle: () => undefined,
    });
    byId('genre-solve', HTMLElement).addEventListener('click', () => void this.solve());
    byId('genre-unique', HTMLElement).addEventListener('click', () => void this.uniqueness());
    byId('genre-explain', HTMLElement).addEventListener('click', () => void this.explain());
    this.text.addEventListener('input', () => {
      this.offerExplanation(false);
      // Enumerate's answers were of the text as it was.
      this.answersPanel.hidden = true;
    });
    byId('genre-relax', HTMLElement).addEventListener('click', () => void this.relax());
    byId('genre-enumerate', HTMLElement).addEventListener('click', () => void this.enumerate());
    this.answerStep.addEventListener('input', () => this.showAnswer(Number(this.answerStep.value)));
    this.formulationPanel = new FormulationPanel({
      run: (request, long) => this.run(request, long),
      ask: (request) => this.ask(request),
      highlight: (cells) => this.highlight(cells),
      say: (message, kind) => this.say(message, kind),
    });
    byId('genre-formulation-button', HTMLElement).addEventListener('click', () =>
      void this.formulationPanel.show({ ...this.objectiveField(), ...this.puzzleFields() }),
    );
    byId('genre-new', HTMLElement).addEventListener('click', () => void this.generate());
    byId('genre-draw', HTMLElement).addEventListener('click', () => void this.readText());
    byId('genre-solve-all', HTMLElement).addEventListener('click', () => void this.solveAll());
    byId('genre-download-solutions', HTMLElement).addEventListener('click', () => {
      if (this.solutions.length > 0) saveText(this.solutions.join(''), `${this.genre}-solutions.txt`);
    });
    byId('genre-svg', HTMLElement).addEventListener('click', () => this.downloadSvg());
    byId('genre-copy-url', HTMLElement).addEventListener('click', () => {
      const url = byId('genre-url', HTMLAnchorElement).href;
      navigator.clipboard?.writeText(url).then(
        () => this.say('The puzz.link URL is copied.', 'success'),
        () => this.say(`Copy this URL: ${url}`, 'info'),
      );
    });
    byId('genre-png', HTMLElement).addEventListener('click', () => void this.downloadPng());
    byId('genre-save-xlsx', HTMLElement).addEventListener('click', () => void this.saveSheet('xlsx'));
    byId('genre-save-csv', HTMLElement).addEventListener('click', () => void this.saveSheet('csv'));
    byId('genre-download-xlsx', HTMLElement).addEventListener('click', () => void this.saveResults('xlsx'));
    byId('genre-download-csv', HTMLElement).addEventListener('click', () => void this.saveResults('csv'));
    byId('genre-stop', HTMLButtonElement).addEventListener('click', () => this.jobs.stop());
    this.pick.addEventListener('change', () => void this.draw());
    const file = byId('genre-file', HTMLInputElement);
    byId('genre-load-file', HTMLElement).addEventListener('click', () => file.click());
    file.addEventListener('change', () => {
      const chosen = file.files?.[0];
      if (chosen === undefined) return;
      const refusal = checkFileSize(chosen.size);
      if (refusal !== null) {
        file.value = '';
        this.say(refusal, 'error');
        return;
      }
      file.value = '';
      if (/\.(xlsx|xlsm|csv|tsv)$/i.test(chosen.name)) {
        void this.loadSpreadsheet(chosen);
        return;
      }
      void chosen.text().then((content) => {
        this.text.value = content;
        void this.readText();
      });
    });
  }

  /**
   * Shows a genre: its rules, its example (or the text the user had for it, or `text`),
   * its board.
   *
   * @param genre the genre to show
   * @param text the puzzle text to show instead (a pasted URL's records)
   */
  show(genre: Variant, text?: string): void {
    if (this.text.value.trim().length > 0) this.texts.set(this.genre, this.text.value);
    this.genre = genre;
    byId('genre-heading', HTMLElement).textContent = GENRE_TITLES[genre];
    byId('genre-rules', HTMLElement).textContent = RULES[genre];
    byId('genre-new', HTMLElement).hidden = !EDITING[genre].generates;
    byId('genre-cage-tools', HTMLElement).hidden = genre !== 'killer';
    byId('genre-objective-tools', HTMLElement).hidden = !DIGIT_GENRES.has(genre);
    byId('genre-objective', HTMLSelectElement).value = '';
    byId('genre-region-tools', HTMLElement).hidden = EDITING[genre].regionBlock === null;
    byId('genre-edit-hint', HTMLElement).textContent = EDITING[genre].hint;
    this.editor.selection.clear();
    this.text.value = text ?? this.texts.get(genre) ?? EXAMPLES[genre];
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
    const list = await this.run<ParsedList>({ type: 'parse', genre: this.genre, text }, false);
    if (list === null) return;
    this.text.value = text;
    await this.readText();
  }

  /** Reads the text: the list of its puzzles, then the chosen one's board. */
  private async readText(): Promise<void> {
    const list = await this.run<ParsedList>({ type: 'parse', genre: this.genre, text: this.text.value }, false);
    if (list === null) return;
    this.parsed = list;
    this.pick.replaceChildren(
      ...list.puzzles.map((p, i) => {
        const option = document.createElement('option');
        option.value = String(i + 1);
        option.textContent = `${p.name} (line ${p.line})`;
        return option;
      }),
    );
    this.pick.hidden = list.puzzles.length < 2;
    byId('genre-solve-all', HTMLElement).hidden = list.puzzles.length < 2;
    byId('genre-batch-limit', HTMLElement).hidden = list.puzzles.length < 2;
    await this.draw();
  }

  /** The request fields naming the puzzle (the text and which of its puzzles) and the model. */
  private puzzleFields(): Pick<GenreRequest, 'genre' | 'puzzle' | 'index' | 'options'> {
    const model = byId('genre-model', HTMLSelectElement).value;
    // The packing model maximises the digits placed: branch-and-bound only.
    if (model === 'packing') byId('genre-method', HTMLSelectElement).value = 'branch-and-bound';
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
  private solveFields(): Pick<GenreRequest, 'genre' | 'puzzle' | 'index' | 'options' | 'objective'> {
    const objective = this.objectiveField();
    const fields = { ...this.puzzleFields(), ...objective };
    if (byId('genre-record-tree', HTMLInputElement).checked) {
      fields.options = { ...fields.options, method: 'branch-and-bound', recordBranching: true };
      byId('genre-method', HTMLSelectElement).value = 'branch-and-bound';
    }
    return fields;
  }

  /**
   * The model picker lists the genre's models (from any result), keeping the choice. Its
   * first entry leaves the model to the engine, whose default may follow the route
   * (killer: clauses for CNF-SAT, combinations for branch-and-bound); the result and the
   * status line say which model ran.
   */
  private showModels(models: string[] | undefined): void {
    const select = byId('genre-model', HTMLSelectElement);
    if (models === undefined) return;
    const choices = ['', ...models];
    const now = [...select.options].map((o) => o.value);
    if (now.join() === choices.join()) return;
    const keep = choices.includes(select.value) ? select.value : '';
    select.replaceChildren(
      ...choices.map((m) => {
        const option = document.createElement('option');
        option.value = m;
        option.textContent = m === '' ? `the genre's default (${models[0]} for CNF-SAT)` : m;
        return option;
      }),
    );
    select.value = keep;
  }

  /** Offer "Why no solution?" (digit genres, after a solve without answer), or take it back. */
  private offerExplanation(offer: boolean): void {
    byId('genre-explain', HTMLElement).hidden = !(offer && EXPLAINED.has(this.genre));
  }

  /**
   * Why the puzzle has no answer (the engine's explainInfeasible for digit genres): the
   * fewest givens to drop, outlined on the board, and the largest partial fill, drawn.
   */
  private async explain(): Promise<void> {
    const fields = this.puzzleFields();
    const method = fields.options?.method;
    const r = await this.run<GenreExplainResult>({
      type: 'explainInfeasible',
      genre: fields.genre,
      puzzle: fields.puzzle,
      index: fields.index,
      ...(method ? { options: { method } } : {}),
    } as Omit<GenreRequest, 'id'>);
    if (r === null) return;
    if (r.solvable === true) {
      this.offerExplanation(false);
      this.say('It has an answer after all: no given needs to go. Press Solve.', 'success');
      return;
    }
    const sets = r.removals.sets ?? [];
    // A clue genre drops clues ("the 3 at row 2, column 5"); the digit genres remove givens.
    const clues = r.clues !== undefined;
    const given = (g: { row: number; column: number; digit?: number; clue?: string }): string =>
      g.clue !== undefined ? `the ${g.clue} at row ${g.row}, column ${g.column}` : `row ${g.row}, column ${g.column} (${g.digit ?? '?'})`;
    let words: string;
    if (sets.length > 0 && sets[0]!.length > 0) {
      const first = sets[0]!;
      const others = sets.slice(1).map((set) => set.map(given).join(' and '));
      words =
        `${clues ? 'Drop' : 'Remove'} ${first.map(given).join(' and ')} and it has an answer` +
        (r.removals.status === 'optimal' ? (first.length === 1 ? ': no fewer will do' : `: no fewer than ${first.length} will do`) : '') +
        (others.length > 0 ? `; or ${clues ? 'drop' : 'remove'} ${others.join('; or ')}${r.removals.complete ? '' : '; maybe others'}` : '') +
        '.';
    } else if (r.removals.status === 'infeasible') {
      words = clues
        ? 'Dropping clues does not help: even without any, the puzzle has no answer.'
        : 'Removing givens does not help: even without any, the puzzle has no answer.';
    } else {
      words = `The fewest ${clues ? 'clues to drop' : 'givens to remove'} were not found (${r.removals.status}).`;
    }
    if (r.removals.board && sets[0]) {
      this.drawBoard(r.removals.board, `${GENRE_TITLES[this.genre]} ${r.rows}×${r.columns}, ${r.name}, an answer without the clues to drop`);
      words += ' The board shows an answer without them, the clues outlined.';
    }
    const fill = r.partialFill;
    if (fill?.board && fill.placed !== undefined) {
      this.drawBoard(fill.board, `${GENRE_TITLES[this.genre]} ${r.rows}×${r.columns}, ${r.name}, largest partial fill`);
      if (fill.empty) this.hatch(fill.empty);
      words += ` The largest fill that keeps every given places ${fill.placed} of ${r.rows * r.columns} digits (drawn, its empty cells hatched${fill.status === 'optimal' ? '' : '; the largest found'}).`;
    } else if (fill?.clash) {
      words += ` No fill keeps every given: two ${fill.clash.digit}s in ${fill.clash.unit}.`;
    } else if (fill?.reason && !clues) {
      words += ` ${fill.reason}.`; // a clue genre has no fill to speak of
    }
    if (sets[0]) this.highlight(sets[0].map((g) => [g.row, g.column] as [number, number]));
    this.say(words, 'warning');
  }

  private async draw(): Promise<void> {
    this.offerExplanation(false);
    this.answer = null;
    // The formulation shown was of the puzzle drawn before.
    this.formulationPanel.hide();
    const r = await this.run<{ board: Board; name: string; warnings: string[]; models: string[]; url?: string | null }>(
      { type: 'board', ...this.puzzleFields() },
      false,
    );
    if (r === null) return;
    this.showModels(r.models);
    this.showUrl(r.url ?? null);
    this.drawBoard(r.board, `${GENRE_TITLES[this.genre]} ${r.board.rows}×${r.board.columns}, ${r.name}, unsolved`);
    const left = this.parsed.refused ?? [];
    const leftOut =
      left.length === 0
        ? ''
        : ` Left out ${left.length === 1 ? 'a record' : `${left.length} records`} that could not be read: ` +
          left.slice(0, 3).map((k) => k.error.message).join('; ') +
          (left.length > 3 ? `; and ${left.length - 3} more` : '') +
          '.';
    const warned = r.warnings.length > 0;
    this.say(
      `${warned ? `Warning: ${r.warnings.join('; ')}.` : `${r.name}: press Solve.`}${leftOut}`,
      warned || leftOut !== '' ? 'warning' : 'info',
    );
  }

  private async solve(): Promise<void> {
    if (this.jobs.busyRefusal()) return;
    this.bnb.start(false);
    this.rounds.textContent = '1';
    this.cutRounds.start();
    const asked = this.solveFields();
    const r = await this.run<GenreSolveResult>({ type: 'solve', ...asked });
    if (r === null) {
      this.bnb.stopped();
      this.cutRounds.finish();
      // Clashing givens are refused by a solve, and explained by Why no solution?.
      this.offerExplanation(this.lastErrorCode === 'conflicting_givens');
      return;
    }
    this.bnb.finishWith(r.stats, { found: r.answer !== undefined });
    this.rounds.textContent = r.stats.rounds.toLocaleString('en');
    const panel = byId('genre-tree-panel', HTMLElement);
    panel.hidden = !('branching' in r);
    if ('branching' in r) {
      // The Sudoku page's tree view: it reads only the recorded decisions, the node
      // count, the incumbent nodes and the status.
      void import('../tree').then((tree) => tree.renderTree(byId('genre-tree', HTMLElement), r as never));
    }
    // A single Solve asks for the board (only a batch says board: false).
    if (r.board) this.drawBoard(r.board, `${GENRE_TITLES[this.genre]} ${r.rows}×${r.columns}, ${r.name}, ${r.answer ? 'solved' : 'no answer'}`);
    this.answer = r.answer ? { text: r.answer.text, puzzle: asked.puzzle ?? '', index: asked.index ?? 1 } : null;
    this.cutRounds.finish();
    const route = r.stats.method === 'sat' ? 'GLPK’s CNF-SAT route (MiniSat)' : `branch-and-bound, ${r.stats.nodes} nodes`;
    this.offerExplanation(!r.answer && r.status === 'infeasible');
    if (!r.answer && r.partialFill) {
      const cells = r.rows * r.columns;
      this.hatch(r.partialFill.empty);
      this.say(
        `No answer: the packing model places at most ${r.partialFill.placed} of ${cells} digits (${route}); the board shows that fill, ${r.partialFill.empty.length} cell${r.partialFill.empty.length === 1 ? '' : 's'} left empty.`,
        'error',
      );
      return;
    }
    if (!r.answer) {
      const after = r.stats.rounds > 1 ? ` after ${r.stats.rounds.toLocaleString('en')} rounds of cuts` : '';
      this.say(r.status === 'infeasible' ? `No answer: the MILP is infeasible${after} (${route}).` : `No answer (${r.status}${after}).`, 'error');
      return;
    }
    const objective = r.objective
      ? `objective ${r.objective.value.toLocaleString('en')} (${r.objective.sense === 'maximize' ? 'the largest' : 'the smallest'}${r.status === 'optimal' ? '' : `, gap ${r.objective.gap}`}) · `
      : '';
    this.say(
      `Solved in ${ms(r.stats.totalMs ?? r.stats.solveMs)} by ${route} · model “${r.model}”, ${r.stats.rows} rows × ${r.stats.columns} columns · ${objective}` +
        (r.answer.verified ? 'the rule checker confirms every rule.' : `the rule checker says: ${r.answer.brokenRule ?? '?'}`),
      r.answer.verified ? 'success' : 'error',
    );
  }

  /**
   * Solves every puzzle of the text (one request each; on one worker per core when the
   * first says they are slow enough, SolverClient.genreMany): a row per puzzle with its
   * status and ms, a progress bar, and the answers as one download in the genre's
   * solution format, input order. Stop ends it; what was solved stays.
   */
  private async solveAll(): Promise<void> {
    if (this.jobs.busyRefusal()) return;
    const names = [...this.pick.options].map((o) => o.textContent ?? '');
    // Each puzzle is sent alone: its own lines of the text (ownText), split once.
    const lines = this.text.value.split('\n');
    // Each puzzle's own time limit, so that one hard puzzle does not hold up the rest.
    const limitInput = byId('genre-time-limit', HTMLInputElement);
    const limitS = Number(limitInput.value);
    if (limitInput.validity.badInput || limitInput.value.trim() === '' || !Number.isFinite(limitS) || limitS < 0 || limitS > 86_400) {
      this.say(`The time limit per puzzle must be 0 (none) to 86400 seconds, not “${limitInput.value}”.`, 'error');
      limitInput.focus();
      return;
    }
    // At least 1 ms when there is a limit: 0 means none.
    const timeLimitMs = limitS > 0 ? Math.max(1, Math.round(limitS * 1000)) : 0;
    this.answersPanel.hidden = true;
    const table = byId('genre-batch-table', HTMLTableElement).tBodies[0]!;
    const progress = byId('genre-batch-progress', HTMLProgressElement);
    const count = byId('genre-batch-count', HTMLElement);
    const download = byId('genre-download-solutions', HTMLButtonElement);
    const sheets = [byId('genre-download-xlsx', HTMLButtonElement), byId('genre-download-csv', HTMLButtonElement)];
    byId('genre-batch', HTMLElement).hidden = false;
    table.replaceChildren();
    this.solutions = [];
    this.resultRows = [];
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
        this.pick.value = String(i + 1);
        void this.draw();
      });
      row.insertCell().append(name);
      const status = row.insertCell();
      const time = row.insertCell();
      time.className = 'num';
      const result: ResultRow = { name: this.parsed.puzzles[i]?.name ?? names[i]!, status: '', puzzle: this.ownText(i, lines) };
      this.resultRows.push(result);
      cells.push({ status, time, result });
      // No board back: the rows keep only the answers (choosing a name draws one).
      const fields = this.puzzleFields();
      if (timeLimitMs > 0) fields.options = { ...fields.options, timeLimitMs };
      return { type: 'solve' as const, ...fields, puzzle: result.puzzle, index: 1, name: this.parsed.puzzles[i]?.name, board: false };
    });
    const all = async (): Promise<void> => {
      // Each puzzle is its own request, on one worker per core when they are slow enough.
      workersUsed = await this.client.genreMany<GenreSolveResult>(requests, batchWorkers(), (i, outcome) => {
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
    await this.jobs.run('batch', `Solving ${names.length} puzzles…`, all, () => {
      // Stopped, or a worker crashed: the requests that ended say so in their rows; the
      // ones not started say that.
      for (const { status } of cells) if (status.textContent === '') status.textContent = 'not started (stopped)';
    });
    this.solutions = answers.filter((a): a is string => a !== undefined);
    this.resultRows = this.resultRows.filter((r) => r.status !== '');
    download.disabled = this.solutions.length === 0;
    for (const b of sheets) b.disabled = this.resultRows.length === 0;
    this.say(
      `${solved} of ${names.length} puzzles solved${workersUsed > 1 ? ` on ${workersUsed} workers` : ''}` +
        (limited > 0 ? `; ${limited} stopped at the time limit of ${limitS} s per puzzle (raise it, or open one and press Solve, which has none)` : '') +
        `; Download solutions saves them in the genre’s solution format, Download .xlsx or .csv a table of the results.`,
      solved === names.length ? 'success' : 'warning',
    );
  }

  private async uniqueness(): Promise<void> {
    const r = await this.run<GenreUniquenessResult>({ type: 'checkUniqueness', ...this.puzzleFields() });
    if (r === null) return;
    if (r.board) this.drawBoard(r.board, `${GENRE_TITLES[this.genre]} ${r.rows}×${r.columns}, ${r.name}, solved`);
    if (r.unique === true) this.say('Unique: with a no-good cut excluding this answer, the MILP is infeasible.', 'success');
    else if (r.unique === false)
      this.say(`Not unique: a second answer differs in ${r.differences?.length ?? 0} cells (${(r.differences ?? []).map((d) => `row ${d.row}, column ${d.column}: ${d.first} or ${d.second}`).slice(0, 4).join('; ')}).`, 'warning');
    else this.say(`No answer to compare (${r.status}).`, 'error');
  }

  /**
   * Enumerate: up to kEnumerateLimit answers, each a re-solve with a no-good cut per
   * answer found before (protocol.md, "enumerate", with `boards`), then a stepper
   * that draws each on the board.
   */
  private async enumerate(): Promise<void> {
    const asked = this.puzzleFields();
    const r = await this.run<GenreEnumerateResult>({ type: 'enumerate', ...asked, limit: kEnumerateLimit, boards: true });
    if (r === null) return;
    this.answers = r.answers.map((a) => ({ board: a.board!, text: a.text, name: r.name, rows: r.rows, columns: r.columns }));
    this.answersOf = { puzzle: asked.puzzle ?? '', index: asked.index ?? 1 };
    const solves = `${r.stats.solves} solves, ${ms(r.stats.totalMs)}`;
    if (r.count === 0) {
      this.say(r.complete ? `No answer: the MILP is infeasible (${solves}).` : `No answer found (${r.lastStatus}, ${solves}).`, r.complete ? 'warning' : 'error');
      return;
    }
    this.answersPanel.hidden = r.count < 2;
    this.answerStep.max = String(r.count);
    this.answerStep.value = '1';
    byId('genre-answer-count', HTMLElement).textContent = String(r.count);
    this.showAnswer(1);
    if (r.complete) {
      this.say(
        r.count === 1
          ? `Exactly one answer: with its no-good cut the MILP is infeasible (${solves}).`
          : `All ${r.count} answers found: with their ${r.count} no-good cuts the MILP is infeasible (${solves}). Step through them below the board.`,
        r.count === 1 ? 'success' : 'warning',
      );
    } else {
      this.say(
        `${r.count} answers found, and there may be more: stopped at ${r.count === r.limit ? `the limit of ${r.limit}` : r.lastStatus} (${solves}). Step through them below the board.`,
        'warning',
      );
    }
  }

  /** Draws Enumerate's answer `k` (1-based). */
  private showAnswer(k: number): void {
    const answer = this.answers[k - 1];
    if (answer === undefined) return;
    byId('genre-answer-number', HTMLElement).textContent = String(k);
    // Save .xlsx / .csv save the answer on the board.
    this.answer = { text: answer.text, ...this.answersOf };
    this.drawBoard(answer.board, `${GENRE_TITLES[this.genre]} ${answer.rows}×${answer.columns}, ${answer.name}, answer ${k} of ${this.answers.length}`);
  }

  private async relax(): Promise<void> {
    const r = await this.run<RelaxResult>({ type: 'relax', ...this.puzzleFields() });
    if (r === null) return;
    this.drawBoard(r.board, `${GENRE_TITLES[this.genre]}, LP relaxation`);
    this.say(
      `LP relaxation (integrality dropped), ${r.stats.simplexIterations} simplex iterations: ` +
        (r.integral ? 'its solution is integral — the LP alone solves the puzzle.' : 'fractional; each candidate is shaded by its value.'),
      'info',
    );
  }

  /**
   * Hatches cells of the board (a partial fill's empty cells), under the digits.
   *
   * @param cells 1-based [row, column] pairs
   */
  private hatch(cells: Array<[number, number]>): void {
    if (this.svg === null) return;
    const group = overlayCells(this.svg, 'hatched', cells, 0, { fill: 'url(#genre-hatch)' });
    group.setAttribute('aria-hidden', 'true');
    const pattern = el('pattern', { id: 'genre-hatch', patternUnits: 'userSpaceOnUse', width: 8, height: 8, patternTransform: 'rotate(45)' });
    pattern.append(el('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#b4541a', 'stroke-width': 2, 'stroke-opacity': 0.55 }));
    group.prepend(pattern);
  }

  /** Outlines cells of the board (givens or clues to drop, a formulation row's cells). */
  private highlight(cells: Array<[number, number]>): void {
    if (this.svg === null) return;
    overlayCells(this.svg, 'highlight', cells, 2, { fill: '#f2c14e', 'fill-opacity': 0.35, stroke: '#c8891a' });
  }

  private async generate(): Promise<void> {
    const seed = 1 + Math.floor(Math.random() * 1_000_000);
    const size = this.board?.rows ?? 9;
    const request: Omit<GenreRequest, 'id'> =
      this.genre === 'jigsaw'
        ? { type: 'generate', ...this.puzzleFields(), seed }
        : { type: 'generate', genre: this.genre, size, seed };
    const r = await this.run<GenerateResult>(request);
    if (r === null) return;
    this.text.value = r.puzzle;
    await this.readText();
    this.say(`New puzzle from seed ${seed}: ${r.givens} givens, unique${r.minimal ? ' and minimal' : ''}, in ${ms(r.totalMs)}.`, 'success');
  }

  /** The puzzle `i` (0-based) of the text as its own lines (the engine said where they are); `lines` the text split at newlines, when the caller has it. */
  private ownText(i: number, lines = this.text.value.split('\n')): string {
    const p = this.parsed.puzzles[i];
    if (p === undefined) return this.text.value;
    return ownLines(lines, p);
  }

  /**
   * Loads a spreadsheet's puzzles of this genre (web/src/sheets/records.ts, read in the
   * worker) as the puzzle text: one record per puzzle, named by sheet and range. A bad
   * cell is named and the text is kept.
   *
   * @param file the chosen .xlsx, .xlsm, .csv or .tsv file (its size already checked)
   */
  private async loadSpreadsheet(file: File): Promise<void> {
    let records: { name: string; text: string }[] | null = null;
    let skipped: { sheet: string }[] = [];
    await this.jobs.run(
      'parse',
      `Reading ${file.name} as a spreadsheet…`,
      async () => {
        const read = await this.client.readSpreadsheet(await file.arrayBuffer(), file.name, undefined, this.genre);
        records = read.records ?? [];
        skipped = read.skipped;
      },
      (e) => this.say(errorMessage(e), 'error'),
    );
    // Set by the job's body (TypeScript does not see the closure assign it).
    const loaded = records as { name: string; text: string }[] | null;
    if (loaded === null) return;
    this.text.value = loaded.map((r) => r.text).join('');
    await this.readText();
    const names = loaded.slice(0, 5).map((r) => r.name);
    this.say(
      `Loaded ${loaded.length === 1 ? 'the puzzle' : `${loaded.length} puzzles`} from ${file.name} (${names.join(', ')}${loaded.length > 5 ? ', …' : ''})` +
        (skipped.length > 0 ? `; skipped ${skipped.map((k) => k.sheet).join(', ')}: no puzzle` : '') +
        (loaded.length > 1 ? '. Solve all solves them in turn.' : '.'),
      'success',
    );
  }

  /**
   * Saves the shown puzzle as .xlsx or .csv: its blocks of tokens and, when the last
   * Solve answered it, the answer below a row "Solution" (web/src/sheets/write.ts).
   *
   * @param format the file type
   */
  private async saveSheet(format: 'xlsx' | 'csv'): Promise<void> {
    const index = Number(this.pick.value || '1');
    const record = readRecord(this.ownText(index - 1), EDITING[this.genre].blocks);
    if (record === null) {
      this.say('Save .xlsx needs the puzzle in the record layout (a size line, then its rows): press Draw to check the text.', 'error');
      return;
    }
    const answer = this.answer !== null && this.answer.puzzle === this.text.value && this.answer.index === index ? readRecord(this.answer.text, 1) : null;
    const word = RECORD_PARAMETER[this.genre];
    const regions = EDITING[this.genre].regionBlock ?? (this.genre === 'killer' ? 1 : undefined);
    const sheet: RecordSheet = {
      title: GENRE_TITLES[this.genre],
      rows: record.rows,
      columns: record.columns,
      blocks: record.blocks,
      ...(regions === undefined ? {} : { regions }),
      ...(this.genre === 'killer' ? { givens: null } : {}), // its first block holds cage sums
      ...(record.parameter !== undefined && word ? { parameter: { value: record.parameter, word } } : {}),
      ...(answer ? { solution: answer.blocks[0]! } : {}),
    };
    try {
      const file = await this.client.writeSpreadsheet(format, { record: sheet });
      const name = `${this.genre}-${answer ? 'solution' : 'puzzle'}.${format}`;
      saveBlob(new Blob([file.bytes as BlobPart], { type: file.mimeType }), name);
      this.say(`Saved ${name}: the puzzle${answer ? ', and its answer below it' : ' (solve it first to save the answer too)'}.`, 'success');
    } catch (e) {
      this.say(errorMessage(e), 'error');
    }
  }

  /** Saves the last Solve all as a table (name, status, ms, nodes, record, answer). */
  private async saveResults(format: 'xlsx' | 'csv'): Promise<void> {
    if (this.resultRows.length === 0) return;
    try {
      const file = await this.client.writeSpreadsheet(format, { results: this.resultRows });
      saveBlob(new Blob([file.bytes as BlobPart], { type: file.mimeType }), `${this.genre}-results.${format}`);
    } catch (e) {
      this.say(errorMessage(e), 'error');
    }
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

  private drawBoard(board: Board, label: string): void {
    this.board = board;
    this.svg = renderBoard(board, label);
    this.svg.setAttribute('tabindex', '0');
    this.boardBox.replaceChildren(this.svg);
    this.editor.keepWithin(board.rows * board.columns);
  }

  /** The puzzle's puzz.link URL as a link and a Copy button, or neither when it has none. */
  private showUrl(url: string | null): void {
    const link = byId('genre-url', HTMLAnchorElement);
    link.hidden = url === null;
    byId('genre-copy-url', HTMLElement).hidden = url === null;
    if (url === null) return;
    link.href = url;
    link.textContent = url.length > 60 ? `${url.slice(0, 57)}…` : url;
  }

  /** Live figures of a long request: branch-and-bound nodes, cut rounds, answers found. */
  private progress(p: Record<string, unknown>): void {
    const n = (key: string): string => (typeof p[key] === 'number' ? (p[key] as number).toLocaleString('en') : '?');
    const elapsed = typeof p.elapsedMs === 'number' ? ` · ${ms(p.elapsedMs)}` : '';
    if (p.phase === 'branch-and-bound') {
      this.bnb.progress(p as unknown as SolveProgress, () => this.jobs.job !== null);
      this.say(`Solving… branch-and-bound: ${n('nodes')} nodes, ${n('activeNodes')} open, depth ${n('depth')}${elapsed}`, 'info');
    } else if (p.phase === 'cuts') {
      if (typeof p.round === 'number') this.rounds.textContent = p.round.toLocaleString('en');
      this.cutRounds.add(p);
      this.say(`Solving… round ${n('round')}: ${n('cuts')} cuts added (${n('totalCuts')} in all)${elapsed}`, 'info');
    } else if (p.phase === 'sat' && typeof p.bound === 'number') {
      const question =
        p.step === 'removals' ? `can ${n('bound')} givens stay?` : `do ${n('bound')} digits fit, keeping every given?`;
      this.say(`Why no solution? ${question} (CNF-SAT${elapsed})`, 'info');
    } else if (p.phase === 'removing') {
      this.say(`Generating… ${n('checked')} of ${n('total')} givens tried${elapsed}`, 'info');
    } else if (typeof p.found === 'number') {
      this.say(`${n('found')} answers found${elapsed}`, 'info');
    }
  }

  /** A round's answer on the board, the cells its cuts name outlined. */
  private drawRound(round: CutRoundView): void {
    const what = round.cuts > 0 ? `rejected by ${round.cuts} cut${round.cuts === 1 ? '' : 's'}` : 'the answer';
    this.drawBoard(round.board, `${GENRE_TITLES[this.genre]}, cut round ${round.round}: ${what}`);
    this.highlight(round.cells);
  }

  /** The status line (the job runner's), a success shown as the Sudoku page's `ok`. */
  private say(message: string, kind: 'info' | 'success' | 'warning' | 'error'): void {
    this.jobs.setStatus(message, kind === 'success' ? 'ok' : kind);
  }

  /**
   * A quick request beside the page's actions (no busy buttons, Enumerate's answers
   * kept): null when the page is busy or the engine refuses (said in the status line).
   */
  private async ask<R>(request: Omit<GenreRequest, 'id'>): Promise<R | null> {
    if (this.jobs.job !== null) {
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
   * @returns the result, or null after an error (shown) or when the page is busy
   */
  private async run<R>(request: Omit<GenreRequest, 'id'>, long = true): Promise<R | null> {
    if (this.jobs.job !== null) return null;
    // Enumerate's stepper belongs to the answers it found: any other request ends it.
    this.answersPanel.hidden = true;
    this.lastErrorCode = null;
    let result: R | null = null;
    await this.jobs.run(
      JOBS[request.type] ?? 'solve',
      long ? 'Solving…' : null,
      async () => {
        result = await this.client.genre<R>(request, (progress) => this.progress(progress));
      },
      (e) => {
        this.lastErrorCode = (e as { code?: string }).code ?? null;
        this.say(errorMessage(e), 'error');
        // The cells the engine names (cells in no region, a bad cage…) on the board kept.
        const cells = e instanceof SolverError ? (e.where?.cells ?? []) : [];
        if (cells.length > 0) this.highlight(cells.map((c) => [c.row, c.column] as [number, number]));
      },
    );
    return result as R | null;
  }
}
