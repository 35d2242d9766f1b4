// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The protocol's vocabularies: the words requests and results are made of (statuses,
 * models, methods, formats, error codes), each a closed set of strings. Those the engine
 * and the page share — statuses, Sudoku models, methods, error codes, genres and the
 * protocol version — come from protocol/vocabulary.json, which CMake writes into
 * web/generated/vocabulary.ts (and into the engine's C++ header) at configure time.
 *
 * Types and pure helpers only: runs in the page, the worker and Node alike.
 */
import { ENGINE_ERROR_CODES, MODEL_KINDS, PROTOCOL_VERSION, SOLVE_METHODS, SOLVE_STATUSES } from '../../../generated/vocabulary.js';

/** The protocol version (`version` → `protocol`). */
export { PROTOCOL_VERSION };
/** Every {@link SolveMethod}, for checks at run time (the npm API, links). */
export { SOLVE_METHODS };
/** Every {@link ModelKind} of Sudoku, for checks at run time (the npm API, links). */
export { MODEL_KINDS };
/** Every {@link SolveStatus}. */
export { SOLVE_STATUSES };
/** Every {@link EngineErrorCode}. */
export { ENGINE_ERROR_CODES };

/**
 * How cell symbols are written: `digits` (1–9 then A–Z), `hex` (0–F, 0 a value; up to
 * 16×16), `numbers` (whitespace-separated, one row per line), or `auto` (detected).
 */
export type SymbolSet = 'auto' | 'digits' | 'hex' | 'numbers';

/**
 * `branch-and-bound`: glp_intopt, LP relaxations by the simplex method and
 * branch-and-bound. `sat`: as GLPK's glp_intfeas1, the 0-1 model translated to CNF
 * clauses (after GLPK's MIP presolver) and solved by MiniSat 1.14, the CDCL SAT solver
 * bundled with GLPK; it finds any solution, so it refuses an objective, random
 * completion and `recordBranching`, and checks the time limit only at MiniSat's
 * restarts. The page's worker loads a second WASM module for it (about 16 KB more
 * gzip) on the first such request.
 */
export type SolveMethod = (typeof SOLVE_METHODS)[number];

/**
 * The MILP formulation: `textbook` (n³ binaries, 4n² rows), `candidates` (no variable a
 * given excludes), `reduced` (candidates after naked and hidden singles, locked
 * candidates and pairs), `probed` (the reduced model, then probing).
 */
export type ModelKind = (typeof MODEL_KINDS)[number];

/** Export formats of `exportModel`: CPLEX LP or free MPS. */
export type ModelFormat = 'lp' | 'mps';

/** A built-in objective: maximize the main-diagonal sum, or minimize row 1 read as a number (up to 12×12). */
export type ObjectivePreset = 'diagonal' | 'firstRow';

/** Optimisation direction. */
export type ObjectiveSense = 'maximize' | 'minimize';

/** Symmetry kept while removing givens. */
export type Symmetry = 'none' | 'rot180' | 'mirror';

/**
 * How a multi-puzzle text was laid out (protocol.md, parse): `urls` is a text of Sudoku
 * puzz.link URLs, one a line, which the engine reads as records of their own sizes.
 */
export type PuzzleFormat = 'euler96' | 'separated' | 'one-per-line' | 'grid' | 'records' | 'urls';

/** What the solver concluded (the model builder's `SolveStatus`). */
export type SolveStatus = (typeof SOLVE_STATUSES)[number];

/** The engine's error codes (new codes are added at the end, never renamed). */
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** Error codes the worker and the client add to the engine's. */
export type WorkerErrorCode =
  /** The request was cancelled by Stop (the worker was terminated). */
  | 'stopped'
  /** The worker died (an uncaught error, or its script failed to load). */
  | 'worker_crashed'
  /** The WASM module could not be loaded or instantiated. */
  | 'load_failed'
  /** The WASM module aborted inside a request; the worker must be replaced. */
  | 'engine_crashed'
  /** Spreadsheets (web/src/sheets/cells.ts): no puzzle, or a bad cell (`where.sheet`, `where.cell`). */
  | 'spreadsheet_error'
  /** Spreadsheets: an encrypted, .xls, .ods or corrupt file, a UTF-16 CSV, or a UTF-8 one with a bad byte. */
  | 'unsupported_file'
  /** Spreadsheets: past a stated limit (expanded size, zip entries, sheets). */
  | 'too_large'
  /** Spreadsheets: exceljs or Papa Parse could not be loaded. */
  | 'missing_dependency';

/** Every error code a page can see. */
export type ErrorCode = EngineErrorCode | WorkerErrorCode;
