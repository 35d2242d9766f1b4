// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page ↔ worker message set, built on the engine's protocol: what the page
 * posts to the worker (`PageToWorker`) and what the worker posts back (`WorkerToPage`).
 *
 * Types and pure helpers only: runs in the page, the worker and Node alike.
 */
import type { GenreId, GenreRequest } from '../genre.js';
import type { GridSheet, RecordSheet, ResultRow, SpreadsheetPuzzles } from './spreadsheets.js';
import type { Objective, PuzzleFields, SolveOptions } from './requests.js';
import type { EngineError, WireError } from './responses.js';
import type {
  EngineProgressByType,
  EngineResultByType,
  ParseResult,
  EnumerateProgress,
  ExplainInfeasibleProgress,
  GenerateProgress,
  SolveProgress,
  SolveResult,
} from './results.js';
import type {
  ModelFormat,
  PuzzleFormat,
  SolveMethod,
  SolveStatus,
  Symmetry,
} from './vocabulary.js';

/** Page → worker: solve one puzzle (optionally with an objective). */
export interface WorkerSolveMessage extends PuzzleFields {
  id: number;
  type: 'solve';
  /** One puzzle in any accepted format (the page sends n·n canonical characters, `.` = empty). */
  puzzle: string;
  options?: SolveOptions;
  objective?: Objective;
}

/** Page → worker: split a text into puzzles. */
export interface WorkerParseMessage extends PuzzleFields {
  id: number;
  type: 'parse';
  text: string;
  /**
   * Reply with only the first `first` puzzles (whole number ≥ 0; default: all), and
   * `count` for how many the text holds. The page shows one puzzle and offers the rest
   * as a batch, which the worker parses again: cloning 600,000 parsed puzzles onto the
   * main thread froze the page for 2 s (issue #25).
   */
  first?: number;
}

/** Worker → page: the reply to a parse message. */
export interface WorkerParseResult extends ParseResult {
  /** How many puzzles the text holds (`puzzles` may hold fewer: see `first`). */
  count: number;
}

/** Page → worker: parse a text and solve every puzzle in it, streaming progress. */
export interface WorkerSolveBatchMessage extends PuzzleFields {
  id: number;
  type: 'solveBatch';
  text: string;
  options?: SolveOptions;
  /**
   * Time limit per puzzle for puzzles of 16×16 and larger, ms (0 = none). When both
   * this and `options.timeLimitMs` are set, the smaller one applies.
   */
  largeTimeLimitMs?: number;
  /**
   * No progress message per puzzle, only the result (a chunk of a batch on several
   * workers: solver/pool.ts, where the page's thread would otherwise be the bottleneck).
   */
  quiet?: boolean;
  /**
   * Leave the first `skip` puzzles unsolved (the caller solved them already): the items
   * start at input position `skip`, and progress counts them as done.
   */
  skip?: number;
}

/** Page → worker: is the solution unique? */
export interface WorkerCheckUniquenessMessage extends PuzzleFields {
  id: number;
  type: 'checkUniqueness';
  puzzle: string;
  options?: SolveOptions;
}

/** Page → worker: up to `limit` solutions, streaming {@link EnumerateProgress}. */
export interface WorkerEnumerateMessage extends PuzzleFields {
  id: number;
  type: 'enumerate';
  puzzle: string;
  limit?: number;
  options?: SolveOptions;
}

/**
 * Page → worker: why a puzzle has no solution (protocol.md, "explainInfeasible"),
 * streaming {@link ExplainInfeasibleProgress}; answered by the module with the genres.
 */
export interface WorkerExplainInfeasibleMessage extends PuzzleFields {
  id: number;
  type: 'explainInfeasible';
  puzzle: string;
  limit?: number;
  options?: SolveOptions;
}

/** Page → worker: a seeded random completion. */
export interface WorkerCompleteMessage extends PuzzleFields {
  id: number;
  type: 'complete';
  puzzle?: string;
  seed?: number;
  options?: SolveOptions;
}

/** Page → worker: generate a puzzle, streaming {@link GenerateProgress}. */
export interface WorkerGenerateMessage extends PuzzleFields {
  id: number;
  type: 'generate';
  seed?: number;
  givens?: number;
  symmetry?: Symmetry;
  options?: SolveOptions;
}

/**
 * Page → worker: ask for the engine's versions. With `options.method: "sat"`, those of
 * the engine that serves the SAT method, which the worker loads first if it has not yet
 * (a prefetch: the page's first-solve module lacks the method).
 */
export interface WorkerVersionMessage {
  id: number;
  type: 'version';
  options?: { method?: SolveMethod };
}

/** Page → worker: the LP relaxation of the board's puzzle. */
export interface WorkerRelaxMessage extends PuzzleFields {
  id: number;
  type: 'relax';
  puzzle: string;
  options?: SolveOptions;
}

/** Page → worker: export the model as CPLEX LP or MPS text. */
export interface WorkerExportModelMessage extends PuzzleFields {
  id: number;
  type: 'exportModel';
  puzzle: string;
  format: ModelFormat;
  options?: SolveOptions;
  objective?: Objective;
  /** A row name: answer that row instead of the text (protocol.md, `exportModel`). */
  row?: string;
}

/**
 * Page → worker: a request of the genre route (protocol.md, "Genres"), passed to the
 * engine as it is; the worker sends it to the module that has the genres (the SAT
 * module), loading it first if it has not yet. Progress messages are the engine's.
 */
export interface WorkerGenreMessage {
  id: number;
  type: 'genre';
  request: Omit<GenreRequest, 'id'>;
  /**
   * false: the caller has no use for progress (e.g. the genre page's Solve all), so the
   * worker asks the engine without a progress callback and posts no progress messages
   * (janko's Heyawake set: about 8 a puzzle, each handled on the page's own thread).
   * Absent or true: the engine's progress messages are posted.
   */
  progress?: boolean;
}

/**
 * Page → worker: find the puzzles of a spreadsheet file (.xlsx or .csv; web/src/sheets/).
 * The worker loads exceljs and Papa Parse on the first such message; the engine is not
 * involved. The bytes are transferred.
 */
export interface WorkerReadSpreadsheetMessage {
  id: number;
  type: 'readSpreadsheet';
  /** The file's bytes. */
  bytes: ArrayBuffer;
  /** The file's name, for messages. */
  fileName: string;
  /** Only this sheet (name or 1-based position); default every sheet. */
  sheet?: string | number;
  /** Read the records of this genre (every genre but `sudoku`) instead of Sudoku grids. */
  genre?: GenreId;
}

/** Page → worker: write a grid or a batch's results as .xlsx or .csv. */
export interface WorkerWriteSpreadsheetMessage {
  id: number;
  type: 'writeSpreadsheet';
  format: 'xlsx' | 'csv';
  /** One grid (givens bold, solved digits blue, box borders), or */
  grid?: GridSheet;
  /** a batch's results, one row per puzzle, or */
  results?: ResultRow[];
  /** one genre puzzle's blocks and answer. */
  record?: RecordSheet;
}

/** The worker's reply to `writeSpreadsheet`: the file's bytes and its MIME type. */
export interface WriteSpreadsheetResult {
  bytes: Uint8Array;
  mimeType: string;
}

/** Every message the page sends to the worker. */
export type PageToWorker =
  | WorkerGenreMessage
  | WorkerRelaxMessage
  | WorkerExportModelMessage
  | WorkerSolveMessage
  | WorkerParseMessage
  | WorkerSolveBatchMessage
  | WorkerVersionMessage
  | WorkerCheckUniquenessMessage
  | WorkerEnumerateMessage
  | WorkerExplainInfeasibleMessage
  | WorkerCompleteMessage
  | WorkerGenerateMessage
  | WorkerReadSpreadsheetMessage
  | WorkerWriteSpreadsheetMessage;

/** One puzzle's outcome in a batch. */
export interface BatchItem {
  /** 0-based position in the input. */
  index: number;
  name: string;
  /** 1-based line where the puzzle starts; 0 when the text was made by the page (a spreadsheet's puzzles). */
  line: number;
  /** Canonical givens. */
  givens: string;
  /** The solver's status; absent when the solve request failed (see `error`). */
  status?: SolveStatus;
  /** The solution when one was found. */
  solution?: string;
  /** Branch-and-bound nodes (absent on the CNF-SAT route, and when the reduction decided). */
  nodes?: number;
  /** MiniSat's conflicts, on the CNF-SAT route. */
  conflicts?: number;
  /**
   * `reduction` when the reduced model's own rules decided the puzzle before GLPK ran
   * (the result's `decidedBy`): then neither nodes nor conflicts.
   */
  decidedBy?: 'reduction';
  /** The engine's `totalMs` for this puzzle, ms. */
  ms?: number;
  /** The engine's error for this puzzle, if the request failed. */
  error?: EngineError;
  /** This puzzle's side length and boxes, when they differ from the batch's (ParsedPuzzle). */
  size?: number;
  boxHeight?: number;
  boxWidth?: number;
}

/**
 * A batch item's effort from its solve: branch-and-bound's nodes, or MiniSat's conflicts
 * on the CNF-SAT route, or `decidedBy: 'reduction'` when the reduced model's own rules
 * decided the puzzle and GLPK did not run (then neither count: its 0 nodes said
 * otherwise). Shared by the page's batch (worker/logic.ts) and the npm API's solveMany,
 * for Sudoku and for the other genres (whose results never say `decidedBy`).
 *
 * @param r a solve's result (Sudoku's, or a genre's)
 * @returns the fields to copy into the item; exactly one of them is set
 */
export function batchEffort(r: Pick<SolveResult, 'decidedBy' | 'stats'>): Pick<BatchItem, 'nodes' | 'conflicts' | 'decidedBy'> {
  if (r.decidedBy === 'reduction') return { decidedBy: 'reduction' };
  if (r.stats.method === 'sat') return { conflicts: r.stats.sat?.conflicts ?? 0 };
  return { nodes: r.stats.nodes };
}

/** Final result of a batch. */
export interface BatchResult {
  format: PuzzleFormat;
  /** Side length and box shape of the batch's puzzles (an item of another says its own). */
  size: number;
  boxHeight: number;
  boxWidth: number;
  /** Every puzzle in input order. */
  items: BatchItem[];
  /** Wall-clock time for the whole batch in the worker (in the page when on several), ms. */
  elapsedMs: number;
  /** Workers the puzzles were solved on, when more than one (solver/pool.ts). */
  workers?: number;
  /** A text of URLs: the lines the parse left out, not among `items` (ParseResult's). */
  refused?: ParseResult['refused'];
}

/** Progress of a batch, sent after each puzzle. */
export interface BatchProgress {
  /** Puzzles finished so far. */
  done: number;
  /** Puzzles in the batch. */
  total: number;
  /** Wall-clock time since the batch started, ms. */
  elapsedMs: number;
  /** The outcome of the puzzle just finished. */
  item?: BatchItem;
}

/** Maps each worker request type to its result type. */
export interface WorkerResultByType extends EngineResultByType {
  parse: WorkerParseResult;
  /** The genre route's result (genre.ts types it per request type). */
  genre: unknown;
  solveBatch: BatchResult;
  readSpreadsheet: SpreadsheetPuzzles;
  writeSpreadsheet: WriteSpreadsheetResult;
}

/** Maps each worker request type to the progress it streams (`never`: none). */
export interface WorkerProgressByType extends EngineProgressByType {
  genre: Record<string, unknown>;
  solveBatch: BatchProgress;
  readSpreadsheet: never;
  writeSpreadsheet: never;
}

/** Worker → page: the final successful reply to request `id`. */
export interface WorkerResultMessage {
  id: number;
  result: WorkerResultByType[keyof WorkerResultByType];
}

/** Worker → page: the final failed reply to request `id`. */
export interface WorkerErrorMessage {
  id: number;
  error: WireError;
}

/** Worker → page: progress of request `id` (not final). */
export interface WorkerProgressMessage {
  id: number;
  progress: BatchProgress | EnumerateProgress | ExplainInfeasibleProgress | GenerateProgress | SolveProgress;
}

/**
 * Worker → page: several progress reports of batch `id` in one message, in the order
 * they happened. The worker gathers a batch's reports for up to BATCH_REPORT_MS
 * (worker/logic.ts): a message per puzzle cost the page's thread about 40 ms per 1,000
 * fast puzzles. The client passes each on as if it had come alone.
 */
export interface WorkerProgressListMessage {
  id: number;
  reports: BatchProgress[];
}

/** Every message the worker sends to the page. */
export type WorkerToPage = WorkerResultMessage | WorkerErrorMessage | WorkerProgressMessage | WorkerProgressListMessage;
