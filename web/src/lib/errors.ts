// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The one error class of the npm package: every failure of the API is a
 * {@link GridmilpError} with a stable `code`, a message saying what went wrong and
 * where, and (when known) a `where` object with the location.
 */
import type { EngineError, EngineErrorCode, ErrorWhere } from '../solver/protocol.js';

/**
 * Every code a {@link GridmilpError} can carry: the engine's codes of protocol.md
 * (`bad_request`, `parse_error`, `wrong_length`, `conflicting_givens`, `empty_input`,
 * `solver_error`, `internal_error`, `ambiguous_size`, `out_of_memory`) and the package's own:
 * - `invalid_argument`: a puzzle (or list of puzzles) of the wrong type or shape,
 *   checked before it reaches WebAssembly;
 * - `invalid_option`: an unknown option name, or an option of the wrong type or range
 *   (`where.field` names it);
 * - `load_failed`: the WebAssembly module could not be loaded or instantiated;
 * - `engine_crashed`: the module aborted inside a request; this solver is unusable,
 *   create a new one;
 * - `disposed`: the solver was used after `dispose()`;
 * - spreadsheets (Node entry): `spreadsheet_error` (no puzzle, a bad cell: `where.sheet`,
 *   `where.cell`), `unsupported_file`, `too_large`, `missing_dependency`.
 */
export type GridmilpErrorCode =
  | EngineErrorCode
  | 'invalid_argument'
  | 'invalid_option'
  | 'load_failed'
  | 'engine_crashed'
  | 'disposed'
  | 'spreadsheet_error'
  | 'unsupported_file'
  | 'too_large'
  | 'missing_dependency';

/** An `Error` with a gridmilp error code and, when known, where it happened. */
export class GridmilpError extends Error {
  /** What kind of failure this is; stable, safe to switch on. */
  readonly code: GridmilpErrorCode;
  /**
   * Where the error happened, when known: `line`/`column`/`character` for parse errors
   * (1-based; column counts Unicode code points), `cells` (1-based row/column) for
   * conflicting givens or a bad cell of an array, `puzzle` (1-based index in a
   * multi-puzzle input), `field` (the option or request field at fault).
   */
  readonly where: ErrorWhere | undefined;

  /**
   * @param code the error code
   * @param message what went wrong and where, as a sentence
   * @param where the location, when known
   */
  constructor(code: GridmilpErrorCode, message: string, where?: ErrorWhere) {
    super(message);
    this.name = 'GridmilpError';
    this.code = code;
    this.where = where;
  }
}

/**
 * Wrap an error response of the engine.
 *
 * @param action what was being done, e.g. "Unable to solve the puzzle"
 * @param error the engine's `{code, message, where}`
 * @param puzzle 1-based index of the puzzle in a list, added to `where.puzzle` and the message
 */
export function engineError(action: string, error: EngineError, puzzle?: number): GridmilpError {
  const where = error.where === undefined && puzzle === undefined ? undefined : { ...error.where };
  if (where !== undefined && puzzle !== undefined && where.puzzle === undefined) where.puzzle = puzzle;
  const at = puzzle !== undefined ? ` (puzzle ${puzzle})` : '';
  return new GridmilpError(error.code, `${action}${at}: ${error.message}`, where);
}

/** Shorthand for an `invalid_option` error naming the option. */
export function invalidOption(field: string, message: string): GridmilpError {
  return new GridmilpError('invalid_option', message, { field });
}

/** Shorthand for an `invalid_argument` error. */
export function invalidArgument(message: string, where?: ErrorWhere): GridmilpError {
  return new GridmilpError('invalid_argument', message, where);
}
