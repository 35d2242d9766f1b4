// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The gridmilp protocol, typed once for the page, the worker and the tests.
 *
 * Part 1 mirrors `cpp/app/protocol.md` (protocol version 1) exactly: the JSON the
 * engine (`handleRequest` of the WASM module) reads and writes. Keep both in step.
 *
 * Part 2 is the page ↔ worker message set built on top of it.
 *
 * This file holds types and a few pure helpers only; it runs in the page, the
 * worker and Node alike.
 */

// ---------------------------------------------------------------------------
// Part 1: the engine's request/response schema (protocol.md)
// ---------------------------------------------------------------------------

/** The protocol version this file describes (`version` → `protocol`). */
export const PROTOCOL_VERSION = 1;

/** A request id: echoed unchanged by the engine; `null` when the request had none. */
export type RequestId = number | string | null;

/** `{ "type": "version" }`: ask for the engine's version numbers. */
export interface VersionRequest {
  id?: RequestId;
  type: 'version';
}

/** `{ "type": "parse" }`: split a text holding one or many puzzles, without solving. */
export interface ParseRequest {
  id?: RequestId;
  type: 'parse';
  /** The puzzle text in any accepted format (see protocol.md). */
  text: string;
  /** Side length; optional, default 9 (only 9 in protocol 1). */
  size?: number;
}

/** Solver options; every field is optional. */
export interface SolveOptions {
  /** Wall-clock limit for GLPK in milliseconds; 0 = no limit (default 0). */
  timeLimitMs?: number;
  /** Use GLPK's MIP presolver (default true). */
  presolve?: boolean;
}

/** Debug switches, for tests only. */
export interface SolveDebug {
  /** Make GLPK raise an error inside the solve; the response is a `solver_error`. */
  forceGlpkError?: boolean;
}

/** `{ "type": "solve" }`: solve exactly one puzzle. */
export interface SolveRequest {
  id?: RequestId;
  type: 'solve';
  /** The text of exactly one puzzle in any accepted format. */
  puzzle: string;
  /** Side length; optional, default 9. */
  size?: number;
  options?: SolveOptions;
  debug?: SolveDebug;
}

/** Every request the engine understands. */
export type EngineRequest = VersionRequest | ParseRequest | SolveRequest;

/** Result of `version`. */
export interface VersionResult {
  /** gridmilp's version, e.g. "0.1.0". */
  gridmilp: string;
  /** GLPK's version, e.g. "5.0". */
  glpk: string;
  /** The protocol version, 1 here. */
  protocol: number;
}

/** How a multi-puzzle text was laid out. */
export type PuzzleFormat = 'euler96' | 'separated' | 'one-per-line' | 'grid';

/** One puzzle found by `parse`. */
export interface ParsedPuzzle {
  /** The header text (e.g. "Grid 01"), or "Puzzle N". */
  name: string;
  /** 1-based line where the puzzle starts in the text. */
  line: number;
  /** Canonical givens: n·n characters row by row, `1`–`9` and `.` for empty. */
  givens: string;
}

/** Result of `parse`. */
export interface ParseResult {
  format: PuzzleFormat;
  size: number;
  boxHeight: number;
  boxWidth: number;
  puzzles: ParsedPuzzle[];
}

/** What the solver concluded (the model builder's `SolveStatus`). */
export type SolveStatus =
  | 'optimal'
  | 'feasible'
  | 'infeasible'
  | 'unbounded'
  | 'time_limit'
  | 'cancelled'
  | 'error';

/** Statistics returned with every solve. All times are wall-clock milliseconds. */
export interface SolveStats {
  /** Rows (constraints) of the model as given to GLPK. */
  rows: number;
  /** Columns (variables) of the model as given to GLPK. */
  columns: number;
  nonzeros: number;
  /** Size after GLPK's MIP presolve: 0 when presolve solved it, `null` when presolve is off. */
  presolvedRows: number | null;
  presolvedColumns: number | null;
  presolvedNonzeros: number | null;
  /** Branch-and-bound nodes (0 when presolve alone solved the model). */
  nodes: number;
  simplexIterations: number;
  /** True when the root LP relaxation was already integral; `null` when no LP was solved. */
  rootLpIntegral: boolean | null;
  /** Time to build the model, ms. */
  buildMs: number;
  /** Time inside GLPK, ms. */
  solveMs: number;
  /** Time for the whole request, ms. */
  totalMs: number;
}

/** Result of `solve`. */
export interface SolveResult {
  status: SolveStatus;
  size: number;
  boxHeight: number;
  boxWidth: number;
  /** Canonical givens of the puzzle that was solved. */
  givens: string;
  /** Present only when a solution was found: n·n digits row by row. */
  solution?: string;
  stats: SolveStats;
}

/** The engine's error codes (new codes are added at the end, never renamed). */
export type EngineErrorCode =
  | 'bad_request'
  | 'parse_error'
  | 'wrong_length'
  | 'conflicting_givens'
  | 'empty_input'
  | 'solver_error'
  | 'internal_error';

/** A cell position, 1-based. */
export interface CellRef {
  row: number;
  column: number;
}

/** Where an error happened; every field is optional. */
export interface ErrorWhere {
  /** 1-based index of the puzzle in a multi-puzzle text. */
  puzzle?: number;
  /** 1-based line. */
  line?: number;
  /** 1-based column, counting Unicode code points of the line. */
  column?: number;
  /** The offending character. */
  character?: string;
  /** Cells involved (e.g. both conflicting givens), 1-based. */
  cells?: CellRef[];
  /** For `bad_request`: the missing or mistyped field. */
  field?: string;
}

/** An engine error. */
export interface EngineError {
  code: EngineErrorCode;
  message: string;
  where?: ErrorWhere;
}

/** A successful engine response. */
export interface EngineOk<R> {
  id: RequestId;
  result: R;
}

/** A failed engine response. */
export interface EngineFail {
  id: RequestId;
  error: EngineError;
}

/** Every engine response is exactly one of these. */
export type EngineResponse<R> = EngineOk<R> | EngineFail;

/** Maps each request type to its result type. */
export interface EngineResultByType {
  version: VersionResult;
  parse: ParseResult;
  solve: SolveResult;
}

/**
 * True when the status means a solution is present (`optimal`, `feasible`, or
 * `time_limit` with an incumbent).
 */
export function hasSolution(result: SolveResult): result is SolveResult & { solution: string } {
  return typeof result.solution === 'string' && result.solution.length > 0;
}

// ---------------------------------------------------------------------------
// Part 2: page ↔ worker messages
// ---------------------------------------------------------------------------

/** Error codes the worker and the client add to the engine's. */
export type WorkerErrorCode =
  /** The request was cancelled by Stop (the worker was terminated). */
  | 'stopped'
  /** The worker died (an uncaught error, or its script failed to load). */
  | 'worker_crashed'
  /** The WASM module could not be loaded or instantiated. */
  | 'load_failed'
  /** The WASM module aborted inside a request; the worker must be replaced. */
  | 'engine_crashed';

/** Every error code a page can see. */
export type ErrorCode = EngineErrorCode | WorkerErrorCode;

/** The error half of a worker reply. */
export interface WireError {
  code: ErrorCode;
  message: string;
  where?: ErrorWhere;
}

/** Page → worker: solve one puzzle. */
export interface WorkerSolveMessage {
  id: number;
  type: 'solve';
  /** One puzzle in any accepted format (the page sends 81 characters, `.` = empty). */
  puzzle: string;
  options?: SolveOptions;
}

/** Page → worker: split a text into puzzles. */
export interface WorkerParseMessage {
  id: number;
  type: 'parse';
  text: string;
}

/** Page → worker: parse a text and solve every puzzle in it, streaming progress. */
export interface WorkerSolveBatchMessage {
  id: number;
  type: 'solveBatch';
  text: string;
  options?: SolveOptions;
}

/** Page → worker: ask for the engine's versions. */
export interface WorkerVersionMessage {
  id: number;
  type: 'version';
}

/** Every message the page sends to the worker. */
export type PageToWorker =
  | WorkerSolveMessage
  | WorkerParseMessage
  | WorkerSolveBatchMessage
  | WorkerVersionMessage;

/** One puzzle's outcome in a batch. */
export interface BatchItem {
  /** 0-based position in the input. */
  index: number;
  name: string;
  /** 1-based line where the puzzle starts. */
  line: number;
  /** Canonical givens. */
  givens: string;
  /** The solver's status; absent when the solve request failed (see `error`). */
  status?: SolveStatus;
  /** The solution when one was found. */
  solution?: string;
  /** Branch-and-bound nodes. */
  nodes?: number;
  /** The engine's `totalMs` for this puzzle, ms. */
  ms?: number;
  /** The engine's error for this puzzle, if the request failed. */
  error?: EngineError;
}

/** Final result of a batch. */
export interface BatchResult {
  format: PuzzleFormat;
  size: number;
  /** Every puzzle in input order. */
  items: BatchItem[];
  /** Wall-clock time for the whole batch in the worker, ms. */
  elapsedMs: number;
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
export interface WorkerResultByType {
  solve: SolveResult;
  parse: ParseResult;
  solveBatch: BatchResult;
  version: VersionResult;
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
  progress: BatchProgress;
}

/** Every message the worker sends to the page. */
export type WorkerToPage = WorkerResultMessage | WorkerErrorMessage | WorkerProgressMessage;

/** An Error carrying a protocol error code and location; thrown by `SolverClient`. */
export class SolverError extends Error {
  /** The protocol error code. */
  readonly code: ErrorCode;
  /** Where the error happened, when known. */
  readonly where: ErrorWhere | undefined;

  /**
   * @param error the wire error to wrap
   */
  constructor(error: WireError) {
    super(error.message);
    this.name = 'SolverError';
    this.code = error.code;
    this.where = error.where;
  }
}
