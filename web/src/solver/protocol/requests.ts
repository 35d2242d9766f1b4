// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The engine's requests (`cpp/app/protocol.md`, protocol version 2): the JSON
 * `handleRequest` of the WASM module reads. The genre route's are in `../genre.ts`.
 *
 * Types and pure helpers only: runs in the page, the worker and Node alike.
 */
import type {
  ModelFormat,
  ModelKind,
  ObjectivePreset,
  ObjectiveSense,
  SolveMethod,
  SymbolSet,
  Symmetry,
} from './vocabulary.js';

/** A request id: echoed unchanged by the engine; `null` when the request had none. */
export type RequestId = number | string | null;

/** `{ "type": "version" }`: ask for the engine's version numbers. */
export interface VersionRequest {
  id?: RequestId;
  type: 'version';
}

/**
 * The puzzle fields every request that reads or makes a puzzle accepts (protocol.md,
 * "Puzzle fields"); all optional.
 */
export interface PuzzleFields {
  /** Side length n (1–35) or `"auto"`; default: detected from the text, 9 without text. */
  size?: number | 'auto';
  /** Box height h (h·w = n); needs `size`. Default: the most square shape with h ≤ w. */
  boxHeight?: number;
  /** Box width w (h·w = n); needs `size`. */
  boxWidth?: number;
  /** How the text writes symbols; default detected. */
  symbols?: SymbolSet;
}

/**
 * Protocol v2 on the Sudoku route (protocol.md, "Sudoku requests that name their
 * genre"): `genre: 'sudoku'` (any other genre takes the genre route, `../genre.ts`)
 * makes the result carry the genre route's fields as well (`SudokuGenreFields`).
 */
export interface GenreNamedFields {
  genre?: 'sudoku';
  /** With `genre`: draw the board into the result (default true). */
  board?: boolean;
  /** With `genre`, enumerate: draw each answer's board (default false). */
  boards?: boolean;
}

/** `{ "type": "parse" }`: split a text holding one or many puzzles, without solving. */
export interface ParseRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'parse';
  /** The puzzle text in any accepted format (see protocol.md). */
  text: string;
}

/** Solver options; every field is optional. */
export interface SolveOptions {
  /** Wall-clock limit for GLPK in milliseconds; 0 = no limit (default 0). */
  timeLimitMs?: number;
  /** Use GLPK's MIP presolver (default true). */
  presolve?: boolean;
  /**
   * Which MILP to build. Default in a raw request (`solver.request`, the CLI's `request`):
   * `textbook`. The npm API's `solve`, `solveMany`, `checkUniqueness` and `enumerate`
   * send `reduced` when none is given; its `relax` and `exportModel` keep `textbook`.
   */
  model?: ModelKind;
  /**
   * How GLPK solves it; `sat` is GLPK's translation to CNF-SAT solved by MiniSat: any
   * solution, no objective, no tree. See {@link SolveMethod}. Default in a raw request:
   * `branch-and-bound`. The npm API's `solve`, `solveMany`, `checkUniqueness` and
   * `enumerate` send `sat` when none is given, unless an objective, the `packing` model,
   * `recordBranching` or a solve's `onProgress` needs `branch-and-bound`.
   */
  method?: SolveMethod;
  /** Interval between branch-and-bound progress messages of a solve, ms (default 50). */
  progressIntervalMs?: number;
  /**
   * Record the branching decisions (solve only): the result gets `branching` and
   * `incumbentNodes`. Turns GLPK's presolve off, branches on the most fractional
   * variable (x = 1 first) and backtracks depth-first; at most 500 decisions.
   */
  recordBranching?: boolean;
  /**
   * List every step of the model reduction in the result's `reduction` (`fixings`,
   * `eliminations`); default false: counts only.
   */
  explain?: boolean;
}

/** `{ "type": "relax" }`: the LP relaxation of the chosen model. */
export interface RelaxRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'relax';
  puzzle: string;
  options?: SolveOptions;
}

/** `{ "type": "exportModel" }`: the chosen model as text written by GLPK. */
export interface ExportModelRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'exportModel';
  puzzle: string;
  format: ModelFormat;
  options?: SolveOptions;
  objective?: Objective;
  /** A row name (`box[5,3]`, 1–200 characters): answer that row (`row`) instead of `text`. */
  row?: string;
  /** Add the model panel's formulation (`formulation`, as the genre route's; module with the genres). */
  formulation?: boolean;
}

/** Debug switches, for tests only. */
export interface SolveDebug {
  /** Make GLPK raise an error inside the solve; the response is a `solver_error`. */
  forceGlpkError?: boolean;
}

/**
 * An objective over cell values, value(r,c) = Σ_d d·x[r,c,d]: a preset, or a weighted
 * sum with n·n weights (flat, row by row, or as n rows).
 */
export type Objective =
  | { preset: ObjectivePreset }
  | { sense: ObjectiveSense; weights: number[] | number[][] };

/** `{ "type": "solve" }`: solve exactly one puzzle. */
export interface SolveRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'solve';
  /** The text of exactly one puzzle in any accepted format. */
  puzzle: string;
  options?: SolveOptions;
  /** Optional objective; without it any solution is optimal. */
  objective?: Objective;
  /**
   * `false` leaves the result's `reduction` counts out, for a batch that keeps only the
   * answers (protocol.md, "solve"; refused with `options.explain`). Default `true`.
   */
  reduction?: boolean;
  debug?: SolveDebug;
}

/** `{ "type": "checkUniqueness" }`: solve, cut that solution off, solve again. */
export interface CheckUniquenessRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'checkUniqueness';
  puzzle: string;
  options?: SolveOptions;
}

/** `{ "type": "enumerate" }`: up to `limit` solutions, streaming progress after each. */
export interface EnumerateRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'enumerate';
  puzzle: string;
  /** Most solutions to find (default 10, at most 100,000). */
  limit?: number;
  options?: SolveOptions;
}

/**
 * `{ "type": "explainInfeasible" }`: why a Sudoku has no solution — the fewest givens to
 * remove (up to `limit` sets of that size) and the largest partial fill that keeps every
 * given, both by branch-and-bound (protocol.md, "explainInfeasible").
 */
export interface ExplainInfeasibleRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'explainInfeasible';
  puzzle: string;
  /** Most sets of fewest givens to list (1–100, default 3). */
  limit?: number;
  options?: SolveOptions;
}

/** `{ "type": "complete" }`: a seeded random completion of a puzzle (or of an empty grid). */
export interface CompleteRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'complete';
  /** Optional; without it the grid is empty (`size`, default 9). */
  puzzle?: string;
  /** 0–4294967295, default 1; the same seed gives the same grid natively and in WASM. */
  seed?: number;
  options?: SolveOptions;
}

/** `{ "type": "generate" }`: a puzzle with a unique solution, streaming progress. */
export interface GenerateRequest extends PuzzleFields, GenreNamedFields {
  id?: RequestId;
  type: 'generate';
  /** 0–4294967295, default 1. */
  seed?: number;
  /** Target number of givens; 0 = as few as possible (default). */
  givens?: number;
  symmetry?: Symmetry;
  options?: SolveOptions;
}

/** Every request the engine understands. */
export type EngineRequest =
  | VersionRequest
  | ParseRequest
  | SolveRequest
  | CheckUniquenessRequest
  | EnumerateRequest
  | CompleteRequest
  | GenerateRequest
  | ExplainInfeasibleRequest
  | RelaxRequest
  | ExportModelRequest;
