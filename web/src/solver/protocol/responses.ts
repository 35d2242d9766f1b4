// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The envelopes of the engine's replies (`{id, result}`, `{id, error}`, `{id,
 * progress}`), its errors and where they happened, and the Error the client throws.
 *
 * Types and pure helpers only: runs in the page, the worker and Node alike.
 */
import type { RequestId } from './requests.js';
import type { EngineErrorCode, ErrorCode } from './vocabulary.js';

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
  /** For a spreadsheet: the sheet at fault. */
  sheet?: string;
  /** For a spreadsheet: the cell or range at fault, A1 notation ("D4", "B2:C3"). */
  cell?: string;
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

/** A progress message of the engine: `{id, progress}`. */
export interface EngineProgressMessage<P> {
  id: RequestId;
  progress: P;
}

/** The error half of a worker reply. */
export interface WireError {
  code: ErrorCode;
  message: string;
  where?: ErrorWhere;
}

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

/** Why a SolverClient replaces its worker: the code of the error every request it held then got. */
export const RESTART_REASONS = ['stopped', 'worker_crashed', 'engine_crashed', 'out_of_memory'] as const;

/**
 * Whether `e` is the error a SolverClient gave its requests when it replaced its worker
 * (its `restart`: a Stop, or a worker or engine that failed, {@link RESTART_REASONS}),
 * not the engine's answer to the request.
 */
export function endedByRestart(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (RESTART_REASONS as readonly unknown[]).includes(code);
}
