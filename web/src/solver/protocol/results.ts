// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The engine's results and progress messages (`cpp/app/protocol.md`, protocol
 * version 2): the JSON `handleRequest` writes. The genre route's are in `../genre.ts`.
 *
 * Types and pure helpers only: runs in the page, the worker and Node alike.
 */
import type { Board, Formulation, GenreAnswer, GenreInfo } from '../genre.js';
import type { EngineError } from './responses.js';
import type {
  ModelFormat,
  ModelKind,
  ObjectiveSense,
  PuzzleFormat,
  SolveMethod,
  SolveStatus,
  SymbolSet,
  Symmetry,
} from './vocabulary.js';

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

/**
 * Protocol v2 on the Sudoku route (protocol.md, "Sudoku requests that name their
 * genre"): what a Sudoku result also carries when its request named `genre: 'sudoku'`,
 * as the genre route writes it. The first-solve module (`gridmilp_wasm`) adds `genre`
 * only: it has no code to draw boards.
 */
export interface SudokuGenreFields {
  genre?: 'sudoku';
  rows?: number;
  columns?: number;
  /** The answer, judged by the Sudoku genre's rule checker (solve, checkUniqueness, complete, generate). */
  answer?: GenreAnswer;
  /** The board description (unless the request said `board: false`): givens, the answer's digits as solved, a relaxation's candidates shaded by value. */
  board?: Board;
}

/** Result of `relax`. */
export interface RelaxResult extends SudokuGenreFields {
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
  /** The text GLPK wrote (a request with `row` gets {@link ModelRowResult} instead). */
  text: string;
  givens: string;
  size: number;
  boxHeight: number;
  boxWidth: number;
  reduction?: ReductionInfo;
  /** Whole request, ms. */
  totalMs: number;
}

/**
 * One row of a built model for a reader (protocol.md, `exportModel` and `formulation`
 * with `row`): as the model builder hands it to GLPK.
 */
export interface ModelRow {
  /** The row's name, e.g. `box[5,3]`. */
  name: string;
  /** `box[5,3]: x[4,4,3] + x[4,5,3] + … = 1`: a coefficient of 1 left out, −1 a minus sign. */
  text: string;
  /** Its terms (variables with a nonzero coefficient). */
  terms: number;
  /** The 1-based [row, column] cells of its variables, each once. */
  cells: Array<[number, number]>;
  /** Its variables whose bounds fix them, e.g. `x[1,1,4] = 1` (a textbook model's givens). */
  fixed: string[];
}

/** Result of `exportModel` with `row`: the model's figures and that row, no text. */
export type ModelRowResult = Omit<ExportModelResult, 'text'> & {
  /** The request's row, or null when the model has none of that name. */
  row: ModelRow | null;
  /**
   * The formulation, when the request asked for it (`formulation: true`); each group has
   * only its first row (`rowCount` says how many), which the model panel highlights.
   */
  formulation?: Formulation;
};

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
  /** Best bound, or `null` before one is known. */
  bestBound: number | null;
  /** Relative gap, or `null`. */
  gap: number | null;
  /** Since the solve started, ms. */
  elapsedMs: number;
}

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

/** One puzzle found by `parse`. */
export interface ParsedPuzzle {
  /** The header text (e.g. "Grid 01"), a record's id ("1_9x9"), or "Puzzle N". */
  name: string;
  /** A record's whole header line without `===` ("1_9x9 source=…"; a URL's "url-2 source=https://…"). */
  header?: string;
  /** 1-based line where the puzzle starts in the text. */
  line: number;
  /** Canonical givens: n·n characters row by row, `1`–`9` then `A`–`Z`, `.` for empty. */
  givens: string;
  /**
   * This puzzle's side length and boxes, present only when they differ from the text's
   * (a records text of many sizes, such as janko.at's sw_Sudoku.puzzles.txt: 9×9 and 16×16).
   */
  size?: number;
  boxHeight?: number;
  boxWidth?: number;
}

/** Result of `parse`. */
export interface ParseResult {
  format: PuzzleFormat;
  /** The symbol set the text was read with (detected or as requested; the first record's when records have shapes of their own). */
  symbols?: SymbolSet;
  /** Side length n of the text's puzzles (the first's, when a puzzle says its own). */
  size: number;
  boxHeight: number;
  boxWidth: number;
  /** True when a puzzle has a shape of its own (records of many sizes: see ParsedPuzzle). */
  mixedShapes?: boolean;
  puzzles: ParsedPuzzle[];
  /**
   * A text of puzz.link URLs (read as records): the lines that could not be read, left
   * out of `puzzles` (protocol.md, parse): `url-N`, the line, 1, the engine's error, and
   * the URL's genre when it could be read.
   */
  refused?: Array<{ name: string; line: number; lines: number; error: EngineError; genre?: string }>;
}

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
export interface SolveResult extends SudokuGenreFields {
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
  /**
   * Model `packing` without a solution: the largest fill found that keeps every given
   * (canonical one-line form, `.` in the cells left empty).
   */
  partialFill?: string;
  /** With `partialFill`: the digits it places, givens included. */
  placed?: number;
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
export interface CheckUniquenessResult extends SudokuGenreFields {
  /** Status of the first solve. */
  status: SolveStatus;
  /** True, false, or `null` when there is no solution or a time limit stopped a solve. */
  unique: boolean | null;
  size: number;
  boxHeight: number;
  boxWidth: number;
  givens: string;
  /** The model that was solved (both solves). */
  model?: ModelKind;
  /**
   * `reduction` when the model reduction fixed every cell or met a contradiction: the
   * answer (unique, or none) is the reduction's, GLPK was not called for it.
   */
  decidedBy?: 'glpk' | 'reduction';
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
  /** With `genre: 'sudoku'`, when not unique: the second answer as the genre route gives it. */
  secondAnswer?: GenreAnswer;
}

/** Result of `enumerate`. */
export interface EnumerateResult extends Omit<SudokuGenreFields, 'answer'> {
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
  /** With `genre: 'sudoku'`: each solution as the genre route gives it, with its board when the request said `boards: true`. */
  answers?: Array<GenreAnswer & { board?: Board }>;
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

/** A given of a puzzle (1-based; the digit as its symbol). */
export interface GivenRef {
  row: number;
  column: number;
  digit: string;
}

/** Result of `explainInfeasible` (protocol.md). */
export interface ExplainInfeasibleResult {
  /**
   * `infeasible` (no solution, with the sets below); `optimal` when the puzzle has a
   * solution after all; `time_limit` or `cancelled` when stopped before that was known.
   */
  status: SolveStatus;
  size: number;
  boxHeight: number;
  boxWidth: number;
  givens: string;
  /** How GLPK solved the two MILPs (protocol.md, "explainInfeasible"). */
  method: SolveMethod;
  /** Whether the puzzle has a solution; `null` when a limit stopped the first solve. */
  solvable: boolean | null;
  /** What the search removes, in words to print: `{one: 'given', many: 'givens'}`. */
  removes: { one: string; many: string };
  removals: {
    /** Of the first solve: `optimal` when the first set is proven smallest. */
    status: SolveStatus;
    /** Givens in each set. */
    count?: number;
    /** Sets of givens whose removal makes the puzzle solvable, all of `count` givens. */
    sets?: GivenRef[][];
    /** True when `sets` holds every set of that size. */
    complete?: boolean;
    /** A solution of the puzzle without the first set. */
    completion?: string;
    solves: number;
    nodes: number;
    solveMs: number;
  };
  /** Absent when the puzzle is solvable. */
  partialFill?: {
    /** `optimal`: the fill is proven largest; `infeasible` with `clash`. */
    status: SolveStatus;
    /** Every given and as many digits as fit; `.` in the cells left empty. */
    grid?: string;
    placed?: number;
    /** The empty cells, `[row, column]` 1-based. */
    empty?: [number, number][];
    /** True when the fill is a solution (the puzzle had one after all). */
    solution?: boolean;
    /** Two equal givens in one unit: no fill keeps both. */
    clash?: { digit: string; unit: string; cells: [number, number][] };
    nodes?: number;
    solveMs?: number;
  };
  /** Whole request, ms. */
  totalMs: number;
}

/**
 * Progress of `explainInfeasible`, for its current step: branch-and-bound's, or with the
 * SAT method one report before each feasibility problem.
 */
export type ExplainInfeasibleProgress =
  | (SolveProgress & { step: 'removals' | 'partial fill' })
  | {
      phase: 'sat';
      step: 'removals' | 'partial fill';
      /** The givens the next problem must keep (removals), or the digits it must place. */
      bound: number;
      /** Since the request started, ms. */
      elapsedMs: number;
    };

/** Result of `complete`. */
export interface CompleteResult extends SudokuGenreFields {
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
export interface GenerateResult extends SudokuGenreFields {
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
  /**
   * The puzzle as it stands (n·n characters, `.` for empty): in phase `removing` the
   * givens kept so far (unique: each removal was checked; what a stop can keep), in
   * phase `rating` the finished puzzle, before the rating solve.
   */
  puzzle?: string;
}

/** Maps each request type to its result type. */
export interface EngineResultByType {
  version: VersionResult;
  parse: ParseResult;
  solve: SolveResult;
  checkUniqueness: CheckUniquenessResult;
  enumerate: EnumerateResult;
  complete: CompleteResult;
  generate: GenerateResult;
  explainInfeasible: ExplainInfeasibleResult;
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
  explainInfeasible: ExplainInfeasibleProgress;
  relax: never;
  exportModel: never;
}

/**
 * True when the status means a solution is present (`optimal`, `feasible`, or
 * `time_limit` with an incumbent).
 */
export function hasSolution(result: SolveResult): result is SolveResult & { solution: string } {
  return typeof result.solution === 'string' && result.solution.length > 0;
}
