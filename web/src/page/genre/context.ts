// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * What the genre page's actions (actions/*.ts) work with: the page's elements, its
 * client and job runner, the state the actions share, and the few operations of the
 * view (genre/view.ts, the one implementation) they call. As app/page.ts is for the
 * Sudoku page.
 */
import type { SolverClient } from '../../solver/client';
import type { Board, GenreId, GenreRequest } from '../../solver/genre';
import { SolverError, type ResultRow, type WireError } from '../../solver/protocol';
import type { LeftOutRow } from '../../sheets/left-out';
import type { JobRunner } from '../app/jobs';
import type { BnbPanel } from '../shared';
import type { CutRounds } from './rounds';

/** A genre of the genre page: every genre but Sudoku, which has its own page. */
export type Variant = Exclude<GenreId, 'sudoku'>;

/** The puzzles of the text as the engine's parse listed them (protocol.md, "parse"). */
export interface ParsedList {
  /** `lines`: how many lines of the text a puzzle spans (null for the last). */
  puzzles: Array<{ name: string; line: number; lines: number | null; warnings: string[] }>;
  /**
   * Records of a text of many that did not parse, left out of `puzzles` (protocol.md,
   * "parse"): Solve all gives each a row at its place (actions/batch.ts).
   */
  refused?: Array<{ name: string; line: number; lines: number; error: WireError }>;
}

/** One of Enumerate's answers, with its board. */
export interface EnumeratedAnswer {
  board: Board;
  text: string;
  name: string;
  rows: number;
  columns: number;
}

/** The request fields naming the puzzle (the text and which of its puzzles) and the route. */
export type PuzzleFields = Pick<GenreRequest, 'genre' | 'puzzle' | 'index' | 'options'>;

/** The model a default Solve ended on (GenreContext.solvedBy). */
export interface SolvedBy {
  /** The request's genre, puzzle text, index and method: the formulation's must match. */
  key: string;
  /** The model that ran last (the result's `model`). */
  model: string;
  /** The models that spent their budgets before it, in order (fallbackFrom, fallbackThrough). */
  spent: string[];
}

/**
 * What a request's model follows from, for GenreContext.solvedBy: the genre, the puzzle,
 * which of its records, the method, and the model picked ('' for the genre's default).
 *
 * @param fields a request's puzzle fields
 */
export function solvedByKey(fields: PuzzleFields): string {
  return JSON.stringify([fields.genre, fields.puzzle, fields.index ?? 1, fields.options?.method ?? '', fields.options?.model ?? '']);
}

/** The genre page as its actions see it. */
export interface GenreContext {
  readonly client: SolverClient;
  readonly jobs: JobRunner;
  readonly genre: Variant;
  readonly text: HTMLTextAreaElement;
  /** The puzzle picker (a text of many). */
  readonly pick: HTMLSelectElement;
  readonly parsed: ParsedList;
  /** The board drawn last. */
  readonly board: Board | null;
  /** The code of the last request's error (SolverError.code), or null. */
  readonly lastErrorCode: string | null;
  /** The last request's error when the engine gave one (its message and where), or null. */
  readonly lastError: SolverError | null;
  /** The live branch-and-bound panel, with the cut rounds' count and stepper. */
  readonly bnb: BnbPanel;
  readonly rounds: HTMLElement;
  readonly cutRounds: CutRounds;
  /** Enumerate's stepper through its answers. */
  readonly answersPanel: HTMLElement;
  readonly answerStep: HTMLInputElement;
  /** The answer on the board, with the text and puzzle it belongs to (Save .xlsx). */
  answer: { text: string; puzzle: string; index: number } | null;
  /**
   * The model a Solve with the genre's default went on to when the first models spent
   * their budgets (Nurikabe: `stream-layers` after `cells` and `stream`), with the
   * request it answered: Formulation typesets that model for the same puzzle, method and
   * picker choice. Null after any other Solve.
   */
  solvedBy: SolvedBy | null;
  /** Enumerate's answers, and the text and puzzle they are of. */
  answers: EnumeratedAnswer[];
  answersOf: { puzzle: string; index: number };
  /** Cells marked on each of the answers as it is drawn (1-based row, column): where Check uniqueness's two answers differ. */
  answerMarks: Array<[number, number]>;
  /** The answers of the last Solve all, in the genre's solution format, input order. */
  solutions: string[];
  /** The rows of the last Solve all (name, status, ms, nodes, conflicts, record, answer). */
  resultRows: ResultRow[];
  /**
   * The file the text was last read from (a text file or a workbook) and the text as it
   * was then: a Solve all of that text, unedited, names its downloads after the file
   * ("week-results.xlsx"); null before a file.
   */
  openedFile: { text: string; name: string } | null;
  /**
   * The text last read into `parsed` (its records, their lines), '' when the last read
   * failed; the text box may have been edited since.
   */
  readonly textRead: string;
  /**
   * The genre and text the last Solve all solved: its panel is shown while they are the
   * page's (showBatch), since its rows pick records of that text by their place. `file`:
   * the file that text came from (`openedFile`), which names its downloads; absent, the
   * genre's id does.
   */
  batchOf: { genre: GenreId; text: string; file?: string } | null;
  /**
   * The results-table rows of what the spreadsheet last loaded left out (its sheets and
   * rows that do not read), each at its place among the text's records (its puzzles and
   * those the engine's parse refused, ParsedList `refused`, in line order): Solve all's table
   * has them while the text is still `text`; null before a spreadsheet. `names` maps the
   * records' ids in the text back to their sheets' names for the results' downloads
   * (`'Week_1'!A1:F13` → `'Week 1'!A1:F13`, as the npm CLI writes them), null when
   * every id is its name.
   */
  sheetLeftOut: { text: string; rows: LeftOutRow<ResultRow>[]; names: ((text: string) => string) | null } | null;
  /**
   * The engine's warnings on the board's puzzle at its last draw ("the size line gives
   * no stars per row, column and region (\"R C K\"): 1 assumed"), for a status line that
   * replaces the draw's (a spreadsheet's load) to say them too.
   */
  drawnWarnings: readonly string[];
  /**
   * A genre request as a job of the runner (the status line and the board's marks on an
   * error); null after an error (shown) or when the page is busy.
   */
  run<R>(request: Omit<GenreRequest, 'id'>, long?: boolean): Promise<R | null>;
  say(message: string, kind: 'info' | 'success' | 'warning' | 'error'): void;
  drawBoard(board: Board, label: string): void;
  /** Outlines cells (1-based [row, column]). */
  highlight(cells: Array<[number, number]>): void;
  /** Hatches cells (1-based [row, column]): a partial fill's empty ones. */
  hatch(cells: Array<[number, number]>): void;
  /**
   * Reads the text: its list of puzzles, then the chosen one's board; resolves once read,
   * which is after the running job when one runs (GenreView.readText says when else).
   */
  readText(): Promise<void>;
  /**
   * Shows Solve all's panel while the genre is the one it solved (`batchOf`), and hides it
   * otherwise. While the text read or the text box holds another (a file loaded, the
   * text edited), whose records its rows would open in their stead, the panel says its
   * results are of the text before and its rows are disabled; its downloads still save
   * them.
   */
  showBatch(): void;
  /**
   * Whether the last Solve all's results are of another text than the one read or the
   * one in the text box (showBatch's stale panel, whose rows are disabled).
   */
  batchStale(): boolean;
  /** Draws the chosen puzzle's board. */
  draw(): Promise<void>;
  puzzleFields(): PuzzleFields;
  /** puzzleFields with the objective and the recorded tree of a Solve. */
  solveFields(): Pick<GenreRequest, 'genre' | 'puzzle' | 'index' | 'options' | 'objective'>;
  /** Offers "Why no solution?" (or takes it back). */
  offerExplanation(offer: boolean): void;
  /** Puzzle `i` (0-based) of the text as its own lines. */
  ownText(i: number, lines?: string[]): string;
}

/**
 * The error's message with where it is, as the engine said it: the cells it names
 * appended when the message does not name a row itself.
 *
 * @param e anything thrown (a SolverError from the engine)
 */
export function errorMessage(e: unknown): string {
  if (e instanceof SolverError) {
    const cells = e.where?.cells?.map((c) => `row ${c.row}, column ${c.column}`) ?? [];
    return cells.length > 0 && !e.message.includes('row ') ? `${e.message} (${cells.join('; ')})` : e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
