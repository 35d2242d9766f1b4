// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The gridmilp protocol, typed once for the page, the worker and the tests.
 *
 * Part 1 mirrors `cpp/app/protocol.md` (protocol version 2) exactly; the genre route (protocol 2) is typed in `genre.ts`: the JSON the
 * engine (`handleRequest` of the WASM module) reads and writes. Keep both in step.
 *
 * Part 2 is the page ↔ worker message set built on top of it.
 *
 * This file holds types and a few pure helpers only; it runs in the page, the
 * worker and Node alike.
 */
import type { GenreInfo, GenreRequest } from './genre.js';

// ---------------------------------------------------------------------------
// Part 1: the engine's request/response schema (protocol.md)
// ---------------------------------------------------------------------------

/** The protocol version this file describes (`version` → `protocol`). */
export const PROTOCOL_VERSION = 2;

/** A request id: echoed unchanged by the engine; `null` when the request had none. */
export type RequestId = number | string | null;

/** `{ "type": "version" }`: ask for the engine's version numbers. */
export interface VersionRequest {
  id?: RequestId;
  type: 'version';
}

/**
 * How cell symbols are written: `digits` (1–9 then A–Z), `hex` (0–F, 0 a value; up to
 * 16×16), `numbers` (whitespace-separated, one row per line), or `auto` (detected).
 */
export type SymbolSet = 'auto' | 'digits' | 'hex' | 'numbers';

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

/** `{ "type": "parse" }`: split a text holding one or many puzzles, without solving. */
export interface ParseRequest extends PuzzleFields {
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
  /** Which MILP to build (default `textbook`). */
  model?: ModelKind;
  /**
   * How GLPK solves it (default `branch-and-bound`); `sat` is GLPK's translation to
   * CNF-SAT solved by MiniSat: any solution, no objective, no tree. See {@link SolveMethod}.
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
/** Every {@link SolveMethod}, for checks at run time (the npm API, links). */
export const SOLVE_METHODS = ['branch-and-bound', 'sat'] as const;

/** The SAT method's figures (`stats.sat`): the CNF and MiniSat's counters. */
export interface SatStats {
  /**
   * CNF variables: the model's free columns (after GLPK's presolve, or after fixed
   * columns are substituted) plus the translation's auxiliaries.
   */
  variables: number;
  clauses: number;
  literals: number;
  conflicts: number;
  decisions: number;
  propagations: number;
  restarts: number;
  /**
   * Who wrote the clauses: `direct` — gridmilp, from rows whose coefficients are all ±1,
   * the clauses GLPK's translation gives them (npp_sat_encode_prob, GLPK 5.0
   * npp/npp6.c); `glpk` — GLPK's presolver and translation (any other 0-1 model).
   */
  translation: 'direct' | 'glpk';
}

/** One recorded branching decision of a solve with `options.recordBranching`. */
export interface BranchDecision {
  /** GLPK's number of the node that branched (numbers of discarded nodes are reused). */
  node: number;
  /** The number of its parent, 0 for the root. */
  parent: number;
  /** Level of the node, root = 0. */
  depth: number;
  /** The variable branched on, e.g. `x[8,8,6]`; the x = 1 child is solved first. */
  variable: string;
  /** Its fractional value in the node's LP relaxation. */
  lpValue: number;
}

/**
 * The MILP formulation: `textbook` (n³ binaries, 4n² rows), `candidates` (no variable a
 * given excludes), `reduced` (candidates after naked and hidden singles, locked
 * candidates and pairs), `probed` (the reduced model, then probing).
 */
export type ModelKind = (typeof MODEL_KINDS)[number];
/** Every {@link ModelKind}, for checks at run time (the npm API, links). */
export const MODEL_KINDS = ['textbook', 'candidates', 'reduced', 'probed'] as const;

/** One cell fixed by the model reduction (1-based; `value` canonical). */
export interface ReductionFixing {
  row: number;
  column: number;
  value: string;
  /** e.g. "naked single", "hidden single". */
  rule: string;
  unit?: string;
}

/** One elimination step of the reduced and probed models (candidates removed, no cell fixed). */
export interface ReductionElimination {
  /** "locked candidates", "naked pair", "hidden pair" or (probed model) "probing". */
  rule: string;
  /** Candidates it removed. */
  removed: number;
  detail: string;
}

/** What the model reduction did (every model reports one; zeros for `textbook`). */
export interface ReductionInfo {
  model: ModelKind;
  candidatesRemoved: number;
  rowsRemoved: number;
  /** Cells fixed by each rule. */
  nakedSingles: number;
  hiddenSingles: number;
  /** Candidates removed by each elimination rule (reduced model). */
  lockedCandidates?: number;
  nakedPairs?: number;
  hiddenPairs?: number;
  /** Candidates removed by probing (probed model): each trial set the cell to the
   *  candidate and naked and hidden singles then met a contradiction. */
  probing?: number;
  fixings?: ReductionFixing[];
  /** Elimination steps in order, e.g. {rule: "locked candidates", removed: 2,
   *  detail: "digit 5 of box 1 lies in row 2"}. */
  eliminations?: ReductionElimination[];
  /** A description of the contradiction met, or `null`. */
  contradiction: unknown;
}

/** `{ "type": "relax" }`: the LP relaxation of the chosen model. */
export interface RelaxRequest extends PuzzleFields {
  id?: RequestId;
  type: 'relax';
  puzzle: string;
  options?: SolveOptions;
}

/** Export formats of `exportModel`: CPLEX LP or free MPS. */
export type ModelFormat = 'lp' | 'mps';

/** `{ "type": "exportModel" }`: the chosen model as text written by GLPK. */
export interface ExportModelRequest extends PuzzleFields {
  id?: RequestId;
  type: 'exportModel';
  puzzle: string;
  format: ModelFormat;
  options?: SolveOptions;
  objective?: Objective;
}

/** Result of `relax`. */
export interface RelaxResult {
  status: SolveStatus;
  model: ModelKind;
  /** Every value within 1e-6 of 0 or 1. */
  integral: boolean;
  objective: number;
  /** Every non-zero x as [row, column, digit, value, fixed] (1-based; fixed 1 or 0). */
  values: [number, number, number, number, number][];
  givens: string;
  size: number;
  boxHeight: number;
  boxWidth: number;
  reduction?: ReductionInfo;
  stats: SolveStats;
}

/** Result of `exportModel`. */
export interface ExportModelResult {
  format: ModelFormat;
  model: ModelKind;
  rows: number;
  columns: number;
  nonzeros: number;
  /** The text GLPK wrote. */
  text: string;
  givens: string;
  size: number;
  boxHeight: number;
  boxWidth: number;
  reduction?: ReductionInfo;
  /** Whole request, ms. */
  totalMs: number;
}

/** Branch-and-bound progress of a solve (streamed at most every `progressIntervalMs`). */
export interface SolveProgress {
  phase: 'branch-and-bound';
  /** Nodes so far. */
  nodes: number;
  /** Open nodes. */
  activeNodes: number;
  /** Depth of the current node. */
  depth: number;
  /** Objective of the incumbent, or `null` when there is none yet. */
  incumbent: number | null;
  /** Best bound (may be ±1.8e308 before one is known). */
  bestBound: number | null;
  /** Relative gap, or `null`. */
  gap: number | null;
  /** Since the solve started, ms. */
  elapsedMs: number;
}

/** Debug switches, for tests only. */
export interface SolveDebug {
  /** Make GLPK raise an error inside the solve; the response is a `solver_error`. */
  forceGlpkError?: boolean;
}

/** A built-in objective: maximize the main-diagonal sum, or minimize row 1 read as a number (up to 12×12). */
export type ObjectivePreset = 'diagonal' | 'firstRow';

/** Optimisation direction. */
export type ObjectiveSense = 'maximize' | 'minimize';

/**
 * An objective over cell values, value(r,c) = Σ_d d·x[r,c,d]: a preset, or a weighted
 * sum with n·n weights (flat, row by row, or as n rows).
 */
export type Objective =
  | { preset: ObjectivePreset }
  | { sense: ObjectiveSense; weights: number[] | number[][] };

/** `{ "type": "solve" }`: solve exactly one puzzle. */
export interface SolveRequest extends PuzzleFields {
  id?: RequestId;
  type: 'solve';
  /** The text of exactly one puzzle in any accepted format. */
  puzzle: string;
  options?: SolveOptions;
  /** Optional objective; without it any solution is optimal. */
  objective?: Objective;
  debug?: SolveDebug;
}

/** `{ "type": "checkUniqueness" }`: solve, cut that solution off, solve again. */
export interface CheckUniquenessRequest extends PuzzleFields {
  id?: RequestId;
  type: 'checkUniqueness';
  puzzle: string;
  options?: SolveOptions;
}

/** `{ "type": "enumerate" }`: up to `limit` solutions, streaming progress after each. */
export interface EnumerateRequest extends PuzzleFields {
  id?: RequestId;
  type: 'enumerate';
  puzzle: string;
  /** Most solutions to find (default 10, at most 100,000). */
  limit?: number;
  options?: SolveOptions;
}

/** `{ "type": "complete" }`: a seeded random completion of a puzzle (or of an empty grid). */
export interface CompleteRequest extends PuzzleFields {
  id?: RequestId;
  type: 'complete';
  /** Optional; without it the grid is empty (`size`, default 9). */
  puzzle?: string;
  /** 0–4294967295, default 1; the same seed gives the same grid natively and in WASM. */
  seed?: number;
  options?: SolveOptions;
}

/** Symmetry kept while removing givens. */
export type Symmetry = 'none' | 'rot180' | 'mirror';

/** `{ "type": "generate" }`: a puzzle with a unique solution, streaming progress. */
export interface GenerateRequest extends PuzzleFields {
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
  | RelaxRequest
  | ExportModelRequest;

/** Result of `version`. */
export interface VersionResult {
  /** gridmilp's version, e.g. "0.1.0". */
  gridmilp: string;
  /** GLPK's version, e.g. "5.0". */
  glpk: string;
  /** The protocol version, 2 here (1 had no genres). */
  protocol: number;
  /** The solve methods this module has: always `branch-and-bound`, and `sat` in the SAT module. */
  methods: SolveMethod[];
  /** The genres the engine solves, in the order the page lists them. */
  genres: GenreInfo[];
}

export type { GenreId, GenreInfo } from './genre.js';

/** How a multi-puzzle text was laid out. */
export type PuzzleFormat = 'euler96' | 'separated' | 'one-per-line' | 'grid';

/** One puzzle found by `parse`. */
export interface ParsedPuzzle {
  /** The header text (e.g. "Grid 01"), or "Puzzle N". */
  name: string;
  /** 1-based line where the puzzle starts in the text. */
  line: number;
  /** Canonical givens: n·n characters row by row, `1`–`9` then `A`–`Z`, `.` for empty. */
  givens: string;
}

/** Result of `parse`. */
export interface ParseResult {
  format: PuzzleFormat;
  /** The symbol set the text was read with (detected or as requested). */
  symbols?: SymbolSet;
  /** Side length n of every puzzle in the text. */
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
  /** Best bound GLPK proved (objective units). */
  bestBound?: number;
  /** GLPK's relative gap (0 when optimal). */
  gap?: number;
  /** How GLPK solved it (SAT: `nodes` and `simplexIterations` are 0). */
  method: SolveMethod;
  /** Present for the SAT method. */
  sat?: SatStats;
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
  /** Present only when a solution was found: n·n symbols row by row (canonical). */
  solution?: string;
  /** Present when the request had an objective. */
  objective?: ObjectiveResult;
  stats: SolveStats;
  /** The model that was solved. */
  model?: ModelKind;
  /** `reduction` when the reduction fixed every cell or met a contradiction. */
  decidedBy?: 'glpk' | 'reduction';
  reduction?: ReductionInfo;
  /** With `options.recordBranching`: the decisions in the order they were made. */
  branching?: BranchDecision[];
  /** With `options.recordBranching`: GLPK's numbers of the nodes where an incumbent was found, in order. */
  incumbentNodes?: number[];
}

/** The objective part of a solve result. */
export interface ObjectiveResult {
  sense: ObjectiveSense;
  /** Objective value of the solution found. */
  value: number;
  /** Best bound proved. */
  bound: number;
  /** Relative gap: 0 when optimal; GLPK's gap when a time limit stopped it. */
  gap: number;
}

/** A cell where two solutions differ (1-based; symbols canonical). */
export interface CellDifference {
  row: number;
  column: number;
  first: string;
  second: string;
}

/** Result of `checkUniqueness`. */
export interface CheckUniquenessResult {
  /** Status of the first solve. */
  status: SolveStatus;
  /** True, false, or `null` when there is no solution or a time limit stopped a solve. */
  unique: boolean | null;
  size: number;
  boxHeight: number;
  boxWidth: number;
  givens: string;
  solution?: string;
  /** Present when not unique. */
  secondSolution?: string;
  /** Present when not unique: the cells where the two solutions differ. */
  differences?: CellDifference[];
  stats: SolveStats;
  secondStatus?: SolveStatus;
  secondStats?: SolveStats;
  /** Whole request, ms. */
  totalMs: number;
}

/** Result of `enumerate`. */
export interface EnumerateResult {
  /** Solutions found. */
  count: number;
  /** True when the last re-solve proved there are no more; false means "at least `count`". */
  complete: boolean;
  limit: number;
  lastStatus: SolveStatus;
  size: number;
  boxHeight: number;
  boxWidth: number;
  givens: string;
  /** The solutions, canonical one-line forms. */
  solutions: string[];
  /** `solveMs` and `totalMs` in ms. */
  stats: { solves: number; solveMs: number; totalMs: number };
}

/** Progress of `enumerate`, after each solution. */
export interface EnumerateProgress {
  /** Solutions found so far. */
  found: number;
  limit: number;
  /** The solution just found (canonical). */
  solution: string;
  /** Since the request started, ms. */
  elapsedMs: number;
}

/** Result of `complete`. */
export interface CompleteResult {
  status: SolveStatus;
  seed: number;
  size: number;
  boxHeight: number;
  boxWidth: number;
  givens: string;
  solution?: string;
  stats: SolveStats;
}

/** Result of `generate`. */
export interface GenerateResult {
  seed: number;
  symmetry: Symmetry;
  targetGivens: number;
  size: number;
  boxHeight: number;
  boxWidth: number;
  /** The puzzle's givens (canonical, `.` for empty). */
  puzzle: string;
  solution: string;
  /** Number of givens. */
  givens: number;
  /** Every given is needed (all cells were tried). */
  minimal: boolean;
  targetReached: boolean;
  uniquenessChecks: number;
  /** How GLPK completed the grid and decided the checks (the request's `options.method`). */
  method: SolveMethod;
  /** Time to complete the empty grid, ms. */
  completeMs: number;
  /** Whole request, ms. */
  totalMs: number;
  /**
   * How the textbook MILP (branch-and-bound) fared on the result, stopped after
   * `options.timeLimitMs` or else 2,000 ms (status `time_limit`); no human difficulty scale.
   */
  difficulty: { status: SolveStatus; stats: SolveStats };
}

/** Progress of `generate`: `removing` after each cell tried, then `rating` once, before the rating solve. */
export interface GenerateProgress {
  phase: 'removing' | 'rating';
  /** Cells tried so far. */
  checked: number;
  /** Cells in all. */
  total: number;
  /** Givens left now. */
  givens: number;
  /** Since the request started, ms. */
  elapsedMs: number;
  /** Phase `rating`: the finished puzzle (unique), before the rating solve. */
  puzzle?: string;
}

/** The engine's error codes (new codes are added at the end, never renamed). */
export type EngineErrorCode =
  | 'bad_request'
  | 'parse_error'
  | 'wrong_length'
  | 'conflicting_givens'
  | 'empty_input'
  | 'solver_error'
  | 'internal_error'
  | 'ambiguous_size';

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
  checkUniqueness: CheckUniquenessResult;
  enumerate: EnumerateResult;
  complete: CompleteResult;
  generate: GenerateResult;
  relax: RelaxResult;
  exportModel: ExportModelResult;
}

/** Maps each request type to the progress it streams (`never`: none). */
export interface EngineProgressByType {
  version: never;
  parse: never;
  solve: SolveProgress;
  checkUniqueness: never;
  enumerate: EnumerateProgress;
  complete: never;
  generate: GenerateProgress;
  relax: never;
  exportModel: never;
}

/** A progress message of the engine: `{id, progress}`. */
export interface EngineProgressMessage<P> {
  id: RequestId;
  progress: P;
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
}

/** Every message the page sends to the worker. */
/**
 * Page → worker: a request of the genre route (protocol.md, "Genres"), passed to the
 * engine as it is; the worker sends it to the module that has the genres (the SAT
 * module), loading it first if it has not yet. Progress messages are the engine's.
 */
export interface WorkerGenreMessage {
  id: number;
  type: 'genre';
  request: Omit<GenreRequest, 'id'>;
}

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
  | WorkerCompleteMessage
  | WorkerGenerateMessage;

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
  /** Side length and box shape of every puzzle in the batch. */
  size: number;
  boxHeight: number;
  boxWidth: number;
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
  /** The genre route's result (genre.ts types it per request type). */
  genre: unknown;
  solve: SolveResult;
  parse: ParseResult;
  solveBatch: BatchResult;
  version: VersionResult;
  checkUniqueness: CheckUniquenessResult;
  enumerate: EnumerateResult;
  complete: CompleteResult;
  generate: GenerateResult;
  relax: RelaxResult;
  exportModel: ExportModelResult;
}

/** Maps each worker request type to the progress it streams (`never`: none). */
export interface WorkerProgressByType {
  genre: Record<string, unknown>;
  relax: never;
  exportModel: never;
  solve: SolveProgress;
  parse: never;
  solveBatch: BatchProgress;
  version: never;
  checkUniqueness: never;
  enumerate: EnumerateProgress;
  complete: never;
  generate: GenerateProgress;
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
  progress: BatchProgress | EnumerateProgress | GenerateProgress | SolveProgress;
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
