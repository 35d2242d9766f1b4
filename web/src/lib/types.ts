// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The public types of the npm package: options and results of each {@link Solver}
 * method. Results are the protocol's result objects (web/src/solver/protocol.ts,
 * cpp/app/protocol.md) plus the grids as 2-D arrays; every time is in milliseconds.
 */
import type {
  BatchItem,
  BatchProgress,
  EngineError,
  CheckUniquenessResult,
  CompleteResult,
  EngineProgressByType,
  EngineRequest,
  EngineResultByType,
  EnumerateProgress,
  EnumerateResult,
  ExplainInfeasibleProgress,
  ExplainInfeasibleResult,
  ExportModelResult,
  GenerateProgress,
  GenerateResult,
  ModelFormat,
  ModelKind,
  Objective,
  ParsedPuzzle,
  ParseResult,
  PuzzleFields,
  PuzzleFormat,
  RelaxResult,
  SolveDebug,
  SolveMethod,
  SolveOptions,
  SolveProgress,
  SolveResult,
  SolveStats,
  SolveStatus,
  Symmetry,
  VersionResult,
} from '../solver/protocol.js';
import type {
  GenreAlias,
  GenreAnswer,
  GenreEnumerateResult,
  GenreExplainResult,
  GenreExportModelResult,
  GenreId,
  GenreRelaxResult,
  GenreSolveOptions,
  GenreSolveResult,
  GenreSolveStats,
  GenreUniquenessResult,
} from '../solver/genre.js';
import type { Grid, PuzzleInput } from './grid.js';

/** GLPK's branching rule (glp_iocp.br_tech); `auto` is `dth` for the textbook model, `mfv` otherwise. */
export type Branching = 'auto' | 'dth' | 'mfv' | 'ffv' | 'lfv' | 'pch';

/** GLPK's backtracking rule (glp_iocp.bt_tech); default `blb` (best local bound). */
export type Backtracking = 'blb' | 'dfs' | 'bfs' | 'bph';

/**
 * How GLPK solves each MILP. Every field is optional: `timeLimitMs` (whole ms, 0 = no
 * limit, default 0; per MILP for requests that solve several), `presolve` (GLPK's MIP
 * presolver, default true), `model` (`textbook`, `candidates`, `reduced`, `probed`,
 * `packing`), `method` (`sat`, `branch-and-bound`), `progressIntervalMs` (ms between
 * branch-and-bound progress reports of a solve, default 50), `branching`, `backtracking`.
 *
 * Defaults of `model` and `method`: `solve`, `solveMany`, `checkUniqueness` and
 * `enumerate` take the fastest route, the `reduced` model with `sat` (CNF-SAT), and
 * `branch-and-bound` when an objective, the `packing` model, `recordBranching` or a
 * solve's `onProgress` needs it; the result's `model` and `stats.method` say which ran.
 * `relax` and `exportModel` default to `textbook`. A raw {@link Solver.request} gets the
 * protocol's defaults, `textbook` and `branch-and-bound`.
 */
export interface MilpOptions extends Omit<SolveOptions, 'recordBranching'> {
  branching?: Branching;
  backtracking?: Backtracking;
}

/** Options of {@link Solver.solve}: how to read the puzzle, how to solve it, an optional objective. */
export interface SolveCallOptions extends PuzzleFields, PuzzleIndex, MilpOptions {
  /**
   * Record the branching decisions for teaching: the result gets `branching` and
   * `incumbentNodes`. Turns presolve off, branches on the most fractional variable and
   * backtracks depth-first; at most 500 decisions.
   */
  recordBranching?: boolean;
  /** Optimise over cell values instead of finding any solution (protocol.md, "solve"). */
  objective?: Objective;
  /** For tests: `{ forceGlpkError: true }` makes GLPK fail inside the solve (a `solver_error`). */
  debug?: SolveDebug;
  /** `'sudoku'`: the result also carries the genre route's `answer` and `board` (`SudokuGenreFields`). */
  genre?: 'sudoku';
}

/** Options of {@link Solver.solve} for a genre other than Sudoku. */
export interface GenreSolveCallOptions extends GenreSolveOptions {
  /** The genre (protocol.md, "Genres"), or puzz.link's id for it (`lightup`, `starbattle`, `kurodoko`, `slither`). */
  genre: Exclude<GenreId, 'sudoku'> | GenreAlias;
  /** Side length, when the text cannot say (a Latin square on one line). */
  size?: number;
  /** 1-based puzzle of a text holding many. */
  index?: number;
  /** Genres with boxes (sudoku-x, killer, hyper: protocol/vocabulary.json's `boxes`): boxes of this many rows / columns instead of the usual. */
  boxHeight?: number;
  boxWidth?: number;
  /**
   * `solve`, digit genres (killer, jigsaw, sudoku-x, hyper, latin-square): an objective
   * over the digits, as for Sudoku; the result's `objective` gives its value (branch-and-bound).
   */
  objective?: Objective;
}

/** Options of {@link Solver.explainInfeasible} for a digit genre (killer, jigsaw, sudoku-x, hyper, latin-square). */
export interface GenreExplainCallOptions extends GenreSolveCallOptions {
  /** Most sets of fewest givens to list: 1 to 100 (default 3). */
  limit?: number;
}

/**
 * A puzz.link or pzv.jp URL (docs/formats.md, "puzz.link and pzv.jp URLs"), or a text of
 * them one a line: it names its genre, so {@link Solver.solve}, `checkUniqueness`,
 * `enumerate`, `relax`, `exportModel` and `solveMany` take it without `genre` and answer
 * as that genre (a Sudoku URL on the Sudoku route). The engine reads a URL by what
 * follows its `?`, whatever the host, so any `http(s)://…?…` is one. A string whose type
 * is plain `string` (read from a file) takes the Sudoku signatures: narrow it with
 * `isPuzzLinkUrl(text)` (true when the engine reads the text as URLs), or give it this
 * type (`text as PuzzLinkUrl`) once you know it is one, or pass `genre`.
 */
export type PuzzLinkUrl =
  | `${'https' | 'http' | 'HTTPS' | 'HTTP'}://${string}?${string}`
  | `${'puzz.link' | 'pzv.jp'}/${string}?${string}`;

/**
 * Options of a call on a {@link PuzzLinkUrl} without `genre`: those both routes take,
 * since the URL's genre decides the route (`model` one of that genre's).
 */
export interface UrlSolveCallOptions {
  timeLimitMs?: number;
  presolve?: boolean;
  model?: string;
  method?: SolveMethod;
  progressIntervalMs?: number;
  genre?: undefined;
}

/** Options of {@link Solver.solveMany}: as for `solve`, applied to every puzzle. */
export interface SolveManyOptions extends PuzzleFields, MilpOptions {
  objective?: Objective;
}

/** Options of {@link Solver.parse}: how to read the text (all detected by default). */
export type ParseOptions = PuzzleFields;

/** The puzzle a one-puzzle call takes from a text of several (a file of Sudokus, puzz.link URLs). */
export interface PuzzleIndex {
  /**
   * 1-based: the text's puzzle at that place, as {@link Solver.parse} lists them (a record
   * of another size read at its own). Without it a text of several puzzles is refused.
   */
  index?: number;
}

/** Options of {@link Solver.checkUniqueness}. */
export interface CheckUniquenessOptions extends PuzzleFields, PuzzleIndex, MilpOptions {
  /** `'sudoku'`: the result also carries the genre route's `answer`, `secondAnswer` and `board`. */
  genre?: 'sudoku';
}

/** Options of {@link Solver.enumerate}. */
export interface EnumerateOptions extends PuzzleFields, PuzzleIndex, MilpOptions {
  /** `'sudoku'`: the result also carries each answer as the genre route gives it (`answers`). */
  genre?: 'sudoku';
  /** Most solutions to find: 1 to 100,000 (default 10). */
  limit?: number;
}

/**
 * Options of {@link Solver.explainInfeasible}: `method` `sat` (default: each MILP as
 * feasibility problems with a moving bound, for CNF-SAT) or `branch-and-bound` (one
 * maximisation each); there is no `model`; `timeLimitMs` is the whole call's.
 */
export interface ExplainInfeasibleOptions extends PuzzleFields {
  method?: SolveMethod;
  /** Most sets of fewest givens to list: 1 to 100 (default 3). */
  limit?: number;
  timeLimitMs?: number;
  presolve?: boolean;
  branching?: Branching;
  backtracking?: Backtracking;
  progressIntervalMs?: number;
}

/** Result of {@link Solver.explainInfeasible}, plus grids. */
export interface ExplainInfeasibleOutput extends ExplainInfeasibleResult {
  givensGrid: Grid;
  /** The largest partial fill (0 in the cells left empty), when there is one. */
  partialFillGrid?: Grid;
  /** A solution of the puzzle without the first set of givens, when found. */
  completionGrid?: Grid;
}

/** Options of {@link Solver.complete}. */
export interface CompleteOptions extends PuzzleFields, MilpOptions {
  /** Seed of the completion, 0 to 4294967295 (default 1); the same seed and method give the same grid. */
  seed?: number;
}

/** Options of {@link Solver.generate}. */
export interface GenerateOptions {
  /** Side length n (default 9). */
  size?: number | 'auto';
  /** Box height h (h·w = n); needs `size`. Default: the most square shape with h ≤ w. */
  boxHeight?: number;
  /** Box width w; needs `size`. */
  boxWidth?: number;
  /** Seed, 0 to 4294967295 (default 1); the same seed gives the same puzzle natively and in WASM. */
  seed?: number;
  /** Target number of givens; 0 = as few as possible (default). */
  givens?: number;
  /** Symmetry kept while removing givens (default `none`). */
  symmetry?: Symmetry;
  /** Time limit per MILP solved, whole ms (0 = none, default); also bounds the rating solve (default 2,000 ms). */
  timeLimitMs?: number;
  /**
   * How GLPK completes the grid and decides each uniqueness check: `sat` (default:
   * seeded diagonal boxes, then any solution; a minimal 16×16 in seconds instead of
   * minutes) or `branch-and-bound` (a seeded random objective). Each method gives its
   * own puzzle for a seed.
   */
  method?: SolveMethod;
}

/** Options of {@link Solver.relax}. */
export interface RelaxOptions extends PuzzleFields, PuzzleIndex {
  /** Which MILP to relax (default `textbook`). */
  model?: ModelKind;
}

/** Options of {@link Solver.exportModel}. */
export interface ExportModelOptions extends PuzzleFields, PuzzleIndex {
  /** `lp` (CPLEX LP, default) or `mps` (free MPS). */
  format?: ModelFormat;
  /** Which MILP to write (default `textbook`). */
  model?: ModelKind;
  /** An objective to write instead of the feasibility model's zero objective. */
  objective?: Objective;
}

/**
 * Result of {@link Solver.solve}: the protocol's solve result (with `branching` and
 * `incumbentNodes` when `recordBranching` was set) plus grids.
 */
export interface SolveOutput extends SolveResult {
  /** The givens as n rows of numbers (0 = empty). */
  givensGrid: Grid;
  /** The solution as n rows of numbers; present exactly when `solution` is. */
  solutionGrid?: Grid;
}

/** A puzzle found by {@link Solver.parse}, with its givens as a grid. */
export interface ParsedPuzzleOutput extends ParsedPuzzle {
  givensGrid: Grid;
}

/** Result of {@link Solver.parse}. */
export interface ParseOutput extends ParseResult {
  puzzles: ParsedPuzzleOutput[];
}

/** Result of {@link Solver.checkUniqueness}, plus grids. */
export interface CheckUniquenessOutput extends CheckUniquenessResult {
  givensGrid: Grid;
  solutionGrid?: Grid;
  /** Present when not unique. */
  secondSolutionGrid?: Grid;
}

/**
 * Result of {@link Solver.enumerate}, plus grids and the route: the engine's enumerate
 * result does not name its model and method, so the package adds those it asked for
 * (every re-solve takes them).
 */
export interface EnumerateOutput extends Omit<EnumerateResult, 'stats'> {
  givensGrid: Grid;
  /** The solutions as grids, in the order of `solutions`. */
  solutionGrids: Grid[];
  /** The model every solve used: `options.model`, or `reduced` by default. */
  model: ModelKind;
  /**
   * `solves`, `solveMs` and `totalMs` (ms), and `method`: `options.method`, or by
   * default `sat` (`branch-and-bound` for the `packing` model).
   */
  stats: EnumerateResult['stats'] & { method: SolveMethod };
}

/** Result of {@link Solver.complete}, plus grids. */
export interface CompleteOutput extends CompleteResult {
  givensGrid: Grid;
  solutionGrid?: Grid;
}

/** Result of {@link Solver.generate}, plus grids. */
export interface GenerateOutput extends GenerateResult {
  /** The generated puzzle as a grid (0 = empty). */
  puzzleGrid: Grid;
  solutionGrid: Grid;
}

/** Result of {@link Solver.relax}, plus the givens as a grid. */
export interface RelaxOutput extends RelaxResult {
  givensGrid: Grid;
}

/** Result of {@link Solver.exportModel} (the text GLPK wrote is in `text`). */
export type ExportModelOutput = ExportModelResult;

/**
 * One puzzle's outcome in {@link Solver.solveMany}. `name` is the header (`Grid 01`) or
 * `Puzzle N`; `line` the 1-based line where it starts in a text, 0 for puzzles passed
 * as an array; `givens` canonical (empty when the puzzle could not be read); `ms` the
 * engine's total time for it; `error` the engine's error when this puzzle failed (the
 * others are still solved).
 */
export interface SolveManyItem extends BatchItem {
  solutionGrid?: Grid;
  /** The solve's statistics (absent when the puzzle failed). */
  stats?: SolveStats;
}

/** Result of {@link Solver.solveMany}. */
export interface SolveManyResult {
  /** How the text was laid out, or `array` when the puzzles came as an array. */
  format: PuzzleFormat | 'array';
  /** Every puzzle, in input order. */
  items: SolveManyItem[];
  /**
   * The puzzles of the text that could not be read, left out (not among `items`;
   * protocol.md, "parse"): a name (`url-N` for a URL, a record's or header's name, or
   * `line N`), the 1-based first line, the lines, the error (which names its line and
   * column), and a URL's genre when it could be read. A text of URLs always has it;
   * another text only when a puzzle was left out; an array never.
   */
  refused?: Array<{ name: string; line: number; lines: number; error: EngineError; genre?: GenreId }>;
  /**
   * Puzzles with a solution, whatever their status: one the time limit stopped after it
   * found a solution is here. `solved + unsolved + failed` is `items.length`.
   */
  solved: number;
  /**
   * Puzzles solved without error but with no solution found: infeasible, or stopped by
   * the time limit before one was found (status `time_limit`, counted here once; there
   * is no separate count of those the limit stopped).
   */
  unsolved: number;
  /** Puzzles whose request failed (see each item's `error`). */
  failed: number;
  /** Wall-clock time for the whole call, ms. */
  elapsedMs: number;
}

/**
 * Options of {@link Solver.solveMany} for a genre other than Sudoku: a genre solve's
 * (`timeLimitMs` per puzzle), applied to every puzzle of the text.
 */
export interface GenreSolveManyOptions extends Omit<GenreSolveOptions, 'progressIntervalMs' | 'recordBranching'> {
  /** The genre (protocol.md, "Genres"), or puzz.link's id for it (`lightup`, `starbattle`, `kurodoko`, `slither`). */
  genre: Exclude<GenreId, 'sudoku'> | GenreAlias;
  /** Side length, when the text cannot say (a Latin square on one line). */
  size?: number;
}

/**
 * One puzzle's outcome in a genre {@link Solver.solveMany}: `name` the record's id
 * (`=== id`), or the genre's own name for it, or for an array's puzzle without a
 * header (a URL, Saito's layout) "Puzzle N", N its place; `line` the 1-based line where it starts
 * in the text, 0 for puzzles passed as an array; `answer` the genre solve's (its
 * `text` in the genre's solution format, `verified` by the rule checker); `ms` the
 * engine's total time for it; `error` the engine's error when this puzzle failed (the
 * others are still solved). The board is left out (draw one with `solve`).
 */
export interface GenreSolveManyItem {
  index: number;
  name: string;
  line: number;
  /** The puzzle's genre, in a text of puzz.link URLs of several genres (its URL's). */
  genre?: GenreId;
  status?: SolveStatus;
  answer?: GenreAnswer;
  /** What the solver accepts but a person should know (a region that is not connected). */
  warnings?: string[];
  /** Branch-and-bound's nodes over every round (absent on the CNF-SAT route). */
  nodes?: number;
  /** MiniSat's conflicts over every round, on the CNF-SAT route. */
  conflicts?: number;
  ms?: number;
  /**
   * The solve's statistics (absent when the puzzle failed), times in ms: a genre solve's,
   * with `rounds` and `cuts` of its re-solve loop; a Sudoku URL's item, in a text of URLs
   * of several genres, has Sudoku's ({@link SolveStats}), without `rounds` and `cuts`.
   */
  stats?: Omit<GenreSolveStats, 'rounds' | 'cuts'> & Partial<Pick<GenreSolveStats, 'rounds' | 'cuts'>>;
  error?: EngineError;
}

/** Result of a genre {@link Solver.solveMany}. */
export interface GenreSolveManyResult {
  /**
   * The batch's genre; for a text of URLs of several genres, the first other than Sudoku
   * in the order of `genres` (the engine's `parse` names the first URL's, a Sudoku too).
   */
  genre: Exclude<GenreId, 'sudoku'>;
  /**
   * A text of puzz.link URLs of several genres, sent without `genre`: each genre once, in
   * the order of its first URL (each item says its own), a genre whose every URL was
   * refused too.
   */
  genres?: GenreId[];
  /** Every puzzle that was read, in input order. */
  items: GenreSolveManyItem[];
  /**
   * Records of a text of `=== id` records, or lines of a text of URLs, that did not
   * parse, left out (protocol.md, "parse"): name, 1-based first line, how many lines,
   * the error (lines and columns the whole text's) and, for a URL whose genre was read
   * (its body refused), that genre. They are not among `items`.
   */
  refused: Array<{ name: string; line: number; lines: number; error: EngineError; genre?: GenreId }>;
  /**
   * Puzzles with an answer, whatever their status: one the time limit stopped after it
   * found an answer is here. `solved + unsolved + failed` is `items.length` (the records
   * `refused` are not among them).
   */
  solved: number;
  /**
   * Puzzles solved without error but with no answer: infeasible, or stopped by the time
   * limit before one was found (status `time_limit`, counted here once; there is no
   * separate count of those the limit stopped).
   */
  unsolved: number;
  /** Puzzles whose request failed (see each item's `error`). */
  failed: number;
  /** Wall-clock time for the whole call, ms. */
  elapsedMs: number;
}

/** Progress of a genre {@link Solver.solveMany}, after each puzzle. */
export interface GenreSolveManyProgress extends Omit<BatchProgress, 'item'> {
  item: GenreSolveManyItem;
}

/** Progress of {@link Solver.solveMany}, after each puzzle. */
export interface SolveManyProgress extends BatchProgress {
  /** The outcome of the puzzle just finished. */
  item: SolveManyItem;
}

/**
 * Options of {@link Solver.solveMany} on a text of puzz.link URLs ({@link PuzzLinkUrl})
 * without `genre`: those both routes take, applied to every puzzle (`timeLimitMs` whole
 * ms per puzzle, 0 = no limit; `model` one that each URL's genre has).
 */
export interface UrlSolveManyOptions {
  timeLimitMs?: number;
  presolve?: boolean;
  model?: string;
  method?: SolveMethod;
  genre?: undefined;
}

/**
 * Result of {@link Solver.solveMany} on a text of puzz.link URLs without `genre`; which
 * one depends on the URLs, so tell them apart with `'genre' in result`:
 * - a {@link GenreSolveManyResult} (`genre`; items with `answer`) when some URL, read or
 *   refused, is of a genre other than Sudoku; with several genres the result lists
 *   `genres`, each item says its own `genre`, and a Sudoku URL among them is answered as
 *   the genre `sudoku` (`answer`, no `solution`);
 * - a {@link SolveManyResult} (`format: 'urls'`; items with `solution` and
 *   `solutionGrid`) when every URL is a Sudoku.
 */
export type UrlSolveManyResult = SolveManyResult | GenreSolveManyResult;

/** Progress of {@link Solver.solveMany} on a text of URLs: either route's, after each puzzle. */
export type UrlSolveManyProgress = SolveManyProgress | GenreSolveManyProgress;

/** Options of `createSolver`. */
export interface CreateSolverOptions {
  /**
   * The bytes of `gridmilp_wasm_sat.wasm`, when you load them yourself. Default: Node reads
   * the file shipped next to the module; browsers fetch it from where the bundler put it.
   * Bytes of anything else (an HTML error page, a file cut short, another module) make
   * `createSolver` reject with `load_failed`, `where.field` `wasmBinary`, saying which.
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Where `gridmilp_wasm_sat.wasm` is: in browsers a URL to fetch (for hosts that serve it
   * elsewhere, e.g. a CDN path); in Node a `file:` URL, a file path, or an http(s) URL
   * fetched with Node's fetch.
   */
  wasmUrl?: string | URL;
  /**
   * Give up loading after this many ms (default 60,000). In Node, fetching an http(s)
   * `wasmUrl` gets this many ms, and instantiating the module as many again;
   * `load_failed` says which did not finish in time.
   */
  loadTimeoutMs?: number;
}

/**
 * A loaded solver: one WebAssembly instance of GLPK and gridmilp's model builder.
 *
 * Every method runs synchronously on the calling thread and returns a plain object; a
 * hard puzzle blocks that thread, so in a browser call it from a Web Worker. Every
 * method validates its arguments before they reach WebAssembly and throws a
 * {@link GridmilpError} (with a `code`, and `where` when the error has a location)
 * when the input is bad or the engine fails. "No solution" is not an error: it is a
 * result with status `infeasible`.
 */
export interface Solver {
  /** Versions: `{ gridmilp: "0.1.0", glpk: "5.0", protocol: 2, methods, genres }`. */
  readonly version: VersionResult;
  /** True once the module aborted (every later call throws `engine_crashed`). */
  readonly crashed: boolean;
  /** True after {@link Solver.dispose}. */
  readonly disposed: boolean;

  /**
   * Split a text holding one or many puzzles into puzzles, without solving.
   *
   * @param text any format the parser reads (Project Euler 96, one per line, grids…)
   * @param options how to read the text (`size`, `boxHeight`, `boxWidth`, `symbols`)
   * @throws GridmilpError `parse_error` (with `where.line`, `where.column`,
   *   `where.character`), `wrong_length`, `empty_input`, `ambiguous_size`, `invalid_option`
   */
  parse(text: string, options?: ParseOptions): ParseOutput;

  /**
   * Solve one puzzle of another genre (`killer`, `jigsaw`, `sudoku-x`, `hyper`,
   * `latin-square`, the pencil puzzles such as `hitori`; protocol.md, "Genres"): its text
   * in the genre's formats (docs/formats.md, "Sudoku variants", "Pencil puzzles"), or its
   * puzz.link URL (then `genre` may be left out: the URL names it; a Sudoku URL is solved
   * as a Sudoku), by default by GLPK's CNF-SAT route. (Declared before the Sudoku
   * signature, so that TypeScript reports a Sudoku call's errors against that one.)
   *
   * @param puzzle the text of one puzzle (or of many, with `index`)
   * @param options `genre`, and how to read and solve it
   * @param onProgress receives branch-and-bound and cut-round progress, synchronously
   * @returns status, the answer (cells row by row, its text, the rule checker's word),
   *   the board to draw and stats (ms, nodes, rounds of cuts)
   * @throws GridmilpError `parse_error` (a bad cage or region, with line and cells),
   *   `wrong_length`, `conflicting_givens`, `empty_input`, `bad_request` (an unknown
   *   genre or model), `invalid_argument`, `invalid_option`, `solver_error`,
   *   `engine_crashed`
   */
  solve(
    puzzle: string,
    options: GenreSolveCallOptions,
    onProgress?: (progress: Record<string, unknown>) => void,
  ): GenreSolveResult;
  /**
   * Solve the puzzle of a puzz.link or pzv.jp URL without `genre`: the URL names its
   * genre, so the result is a genre solve's ({@link GenreSolveResult}, with `genre`,
   * `answer`, `board`) or, for a Sudoku URL, a Sudoku solve's ({@link SolveOutput}, with
   * `givensGrid`): tell them apart with `'givensGrid' in result` or by `result.genre`.
   *
   * @param puzzle the URL
   * @param options the options both routes take
   * @throws GridmilpError as {@link Solver.solve} with a genre
   */
  solve(
    puzzle: PuzzLinkUrl,
    options?: UrlSolveCallOptions,
    onProgress?: (progress: SolveProgress | Record<string, unknown>) => void,
  ): SolveOutput | GenreSolveResult;
  /**
   * Solve one puzzle as a MILP. Without `model` and `method` it takes the fastest GLPK
   * route for the request: the reduced model, and CNF-SAT unless an objective,
   * `recordBranching` or `onProgress` needs branch-and-bound; the result's `model` and
   * `stats.method` say which ran. `solveMany`, `checkUniqueness` and `enumerate` choose
   * alike; `relax` and `exportModel` keep the textbook model, which they teach.
   *
   * @param puzzle text of exactly one puzzle, or a 2-D array (0 = empty)
   * @param options how to read and solve it, and an optional objective
   * @param onProgress receives branch-and-bound progress (at most every
   *   `progressIntervalMs`; none when presolve settles the model), synchronously
   * @returns status, the solution (string and grid) when found, stats (ms, nodes…)
   * @throws GridmilpError `parse_error`, `wrong_length`, `conflicting_givens`,
   *   `empty_input`, `ambiguous_size`, `invalid_argument`, `invalid_option`,
   *   `solver_error` (GLPK failed; the solver keeps working), `engine_crashed`
   */
  solve(
    puzzle: PuzzleInput,
    options?: SolveCallOptions,
    onProgress?: (progress: SolveProgress) => void,
  ): SolveOutput;

  /**
   * Solve every puzzle of a genre text (records, puzz.link URLs one per line, Saito's
   * layout) or of an array of genre texts, each sent alone, as {@link Solver.solve}
   * with `genre` would. With `workers`, on that many worker threads (Node entry), and a
   * promise: one puzzle per message to a thread until the answers show the pace, then
   * about 20 ms of work per message; answers in input order either way.
   *
   * @param puzzles a genre text of any number of puzzles, or an array of texts of one each
   * @param options `genre` and a genre solve's options, applied to every puzzle
   * @param onProgress called after each puzzle with `{done, total, elapsedMs, item}`
   * @returns every puzzle's outcome in input order, the records left out, and counts
   * @throws GridmilpError `parse_error`, `wrong_length`… when the text reads as no puzzle,
   *   `invalid_option` for an option a genre batch does not take (`index`,
   *   `progressIntervalMs`, `recordBranching`) or a bad value
   */
  solveMany(
    puzzles: string | readonly string[],
    options: GenreSolveManyOptions & { workers: number },
    onProgress?: (progress: GenreSolveManyProgress) => void,
  ): Promise<GenreSolveManyResult>;
  solveMany(
    puzzles: string | readonly string[],
    options: GenreSolveManyOptions,
    onProgress?: (progress: GenreSolveManyProgress) => void,
  ): GenreSolveManyResult;
  /**
   * Solve every puzzle of a text of puzz.link or pzv.jp URLs, one a line (docs/formats.md,
   * "puzz.link and pzv.jp URLs"), without `genre`: each URL names its genre, so the
   * result is a genre batch's or, when every URL is a Sudoku, a Sudoku batch's
   * ({@link UrlSolveManyResult}: tell them apart with `'genre' in result`). A text read
   * from a file is a plain `string`, which takes the Sudoku signatures below: give it
   * this one with `isPuzzLinkUrl(text)`, which narrows it to {@link PuzzLinkUrl} when the
   * engine will read it as URLs (or with `text as PuzzLinkUrl`), or pass `genre`. With
   * `workers`, on that many threads, and a promise, as below.
   *
   * @param puzzles the text of URLs (blank lines and `#` comments are passed over)
   * @param options the options both routes take, plus `workers` (1 to 64)
   * @param onProgress called after each puzzle with `{done, total, elapsedMs, item}`
   * @returns every URL's outcome in input order, the lines left out (`refused`), counts
   * @throws GridmilpError the engine's error when no line of the text can be read;
   *   `invalid_option` for a bad option; as a rejection with `workers`, `load_failed`
   *   or `engine_crashed` as below
   */
  solveMany(
    puzzles: PuzzLinkUrl,
    options: UrlSolveManyOptions & { workers: number },
    onProgress?: (progress: UrlSolveManyProgress) => void,
  ): Promise<UrlSolveManyResult>;
  solveMany(
    puzzles: PuzzLinkUrl,
    options?: UrlSolveManyOptions,
    onProgress?: (progress: UrlSolveManyProgress) => void,
  ): UrlSolveManyResult;
  /**
   * {@link Solver.solveMany} (below) on `workers` threads (Node's worker_threads; the
   * Node entry only): the puzzles go out in chunks of up to 32 to whichever thread is
   * free, each thread with a WebAssembly module of its own (loaded on the first call
   * that needs it, and kept until {@link Solver.dispose}; idle threads do not keep the
   * process alive). The items are those one thread gives, in input order;
   * `onProgress` comes in the order puzzles finish.
   *
   * @param options as above, plus `workers`: 1 to 64 (e.g. `os.availableParallelism()`)
   * @returns a promise of the same result
   * @throws GridmilpError `invalid_option` for a bad `workers` or where there are no
   *   threads (the browser entry), before any solve; as a rejection `load_failed` when
   *   a thread cannot load the module, `engine_crashed` when one dies
   */
  solveMany(
    puzzles: string | readonly PuzzleInput[],
    options: SolveManyOptions & { workers: number },
    onProgress?: (progress: SolveManyProgress) => void,
  ): Promise<SolveManyResult>;
  /**
   * Solve many puzzles: a text holding any number of puzzles (parsed first; a parse
   * error throws), or an array of puzzles (each a string or a 2-D array; all checked
   * before the first solve). A puzzle whose solve fails is reported in its item's
   * `error` and the others are still solved. A `string` is typed as a Sudoku text: a text
   * of puzz.link URLs of another genre answers as its genre, so type it as
   * {@link PuzzLinkUrl} (`isPuzzLinkUrl(text)`) to get the signature above.
   *
   * @param puzzles a multi-puzzle text, or an array of {@link PuzzleInput}
   * @param options applied to every puzzle
   * @param onProgress called after each puzzle with `{done, total, elapsedMs, item}`
   * @returns every puzzle's outcome in input order, and counts
   */
  solveMany(
    puzzles: string | readonly PuzzleInput[],
    options?: SolveManyOptions,
    onProgress?: (progress: SolveManyProgress) => void,
  ): SolveManyResult;

  /**
   * Is the answer of a puzz.link or pzv.jp URL's puzzle unique? Without `genre`: a genre
   * result, or a Sudoku one for a Sudoku URL (as {@link Solver.solve} of a URL).
   */
  checkUniqueness(puzzle: PuzzLinkUrl, options?: UrlSolveCallOptions): CheckUniquenessOutput | GenreUniquenessResult;
  /**
   * Is the solution unique? Solve, add the no-good cut excluding that solution, solve again.
   *
   * @returns `unique` true, false (with `secondSolution` and `differences`) or `null`
   *   (no solution, or a time limit stopped a solve)
   * @throws GridmilpError as {@link Solver.solve}
   */
  checkUniqueness(puzzle: PuzzleInput, options?: CheckUniquenessOptions): CheckUniquenessOutput;
  /**
   * Is a genre puzzle's answer unique? (`genre` in the options, or a puzz.link URL of
   * the genre.) Solve, add the no-good cut over the answer binaries, solve again.
   *
   * @returns `unique` true, false (with `secondAnswer` and `differences`) or `null`
   * @throws GridmilpError as {@link Solver.solve} with a genre
   */
  checkUniqueness(puzzle: string, options: GenreSolveCallOptions): GenreUniquenessResult;

  /**
   * Up to `options.limit` answers of a puzz.link or pzv.jp URL's puzzle, without `genre`:
   * a genre result, or a Sudoku one for a Sudoku URL (as {@link Solver.solve} of a URL).
   */
  enumerate(
    puzzle: PuzzLinkUrl,
    options?: UrlSolveCallOptions & { limit?: number },
    onProgress?: (progress: EnumerateProgress | Record<string, unknown>) => void,
  ): EnumerateOutput | GenreEnumerateResult;
  /**
   * Up to `options.limit` solutions (default 10), each re-solve with the no-good cuts of
   * all found before.
   *
   * @param onProgress called after each solution found
   * @returns `count`, `complete` (true when proven there are no more), the solutions
   * @throws GridmilpError as {@link Solver.solve}
   */
  enumerate(
    puzzle: PuzzleInput,
    options?: EnumerateOptions,
    onProgress?: (progress: EnumerateProgress) => void,
  ): EnumerateOutput;
  /**
   * Up to `options.limit` answers of a genre puzzle (default 10, at most 100,000), each
   * a re-solve with a no-good cut per answer found before.
   *
   * @param onProgress called after each answer with `{found, limit, cells, elapsedMs}`
   * @returns `count`, `complete` (true when proven there are no more), the answers
   * @throws GridmilpError as {@link Solver.solve} with a genre
   */
  enumerate(
    puzzle: string,
    options: GenreSolveCallOptions & { limit?: number },
    onProgress?: (progress: Record<string, unknown>) => void,
  ): GenreEnumerateResult;

  /**
   * Why a Sudoku has no solution (protocol.md, "explainInfeasible"): the fewest givens
   * to remove so that it has one — a MILP that keeps as many givens as possible — with
   * up to `limit` sets of that size, and the largest partial fill that keeps every given
   * (the packing model). Givens that clash are accepted.
   *
   * @param onProgress branch-and-bound progress (method `branch-and-bound` only), with
   *   `step` `removals` or `partial fill`
   * @returns `status` (`infeasible`; `optimal` when it is solvable after all),
   *   `removals.sets` (`[{row, column, digit}]`, 1-based), `partialFill` and grids
   * @throws GridmilpError as {@link Solver.solve}; `bad_request` for a `limit` outside 1–100
   */
  explainInfeasible(
    puzzle: PuzzleInput,
    options?: ExplainInfeasibleOptions,
    onProgress?: (progress: ExplainInfeasibleProgress) => void,
  ): ExplainInfeasibleOutput;
  /**
   * Why a puzzle of a digit genre (killer, jigsaw, sudoku-x, hyper, latin-square) has no
   * answer: the fewest givens to drop (over the genre's default model for the route, a
   * binary keep per given, and for killer one per cage sum) and the largest partial fill
   * by the genre's packing model (killer has none: `partialFill.reason`). Same routes and
   * progress as for Sudoku. Two clashing givens are accepted (one of them is a set to
   * drop; `partialFill.clash` names them).
   *
   * @param puzzle the genre's text (docs/formats.md)
   * @returns status, `removals.sets` (`[{row, column, digit}]`; a killer's cage sum
   *   `{row, column, clue: 'cage sum 17', cells}` at the cage's first cell, `cells` the cage's
   *   `[row, column]`s), `partialFill` (cells,
   *   placed, empty cells, board)
   * @throws GridmilpError `bad_request` for a genre without givens or clues to drop, a
   *   `limit` outside 1–100; otherwise as {@link Solver.solve}
   */
  explainInfeasible(
    puzzle: string,
    options: GenreExplainCallOptions,
    onProgress?: (progress: Record<string, unknown>) => void,
  ): GenreExplainResult;

  /**
   * Generate a puzzle with a unique solution from a seed.
   *
   * @param options size, seed, target givens, symmetry, time limit per MILP
   * @param onProgress called after each cell tried
   * @throws GridmilpError `invalid_option`, `solver_error`, `engine_crashed`
   */
  generate(options?: GenerateOptions, onProgress?: (progress: GenerateProgress) => void): GenerateOutput;

  /**
   * A completion from `options.seed`: of the puzzle, by branch-and-bound with a seeded
   * random objective; or of an empty grid of `options.size` (default 9) when `puzzle` is
   * null or left out, by CNF-SAT after the seed fills the diagonal boxes (an empty 25×25
   * in well under a second; branch-and-bound takes minutes). `options.method` chooses
   * otherwise; `stats.method` says which ran.
   *
   * @throws GridmilpError as {@link Solver.solve}
   */
  complete(puzzle?: PuzzleInput | null, options?: CompleteOptions): CompleteOutput;

  /**
   * The model of a puzz.link or pzv.jp URL's puzzle, without `genre`: a genre's (then
   * `afterCuts` and `timeLimitMs` as above) or, for a Sudoku URL, Sudoku's (which takes
   * neither: `invalid_option`).
   */
  exportModel(
    puzzle: PuzzLinkUrl,
    options?: { model?: string; format?: ModelFormat; afterCuts?: boolean; timeLimitMs?: number; genre?: undefined },
  ): ExportModelOutput | GenreExportModelResult;
  /**
   * The chosen model written by GLPK as CPLEX LP (default) or free MPS text.
   *
   * @throws GridmilpError as {@link Solver.solve}
   */
  exportModel(puzzle: PuzzleInput, options?: ExportModelOptions): ExportModelOutput;
  /**
   * A genre's model (`options.genre` other than `sudoku`, or a puzz.link URL of one)
   * written by GLPK: as for `solve` on the genre route, plus `format` (`lp`, the default,
   * or `mps`) and `afterCuts` (solve first and write the model with the cuts of every round).
   *
   * @param puzzle the genre's text (its janko-style record or Saito's format) or a puzz.link URL
   * @returns the model text and its size (protocol.md, genre `exportModel`)
   * @throws GridmilpError `invalid_option` for an unknown option or genre, `invalid_argument`
   *   for a puzzle that is not a text, the engine's error (`parse_error`, `bad_request`) naming
   *   where the text is wrong
   */
  exportModel(puzzle: string, options: GenreSolveCallOptions & { format?: ModelFormat; afterCuts?: boolean }): GenreExportModelResult;

  /**
   * The LP relaxation of a puzz.link or pzv.jp URL's puzzle, without `genre`: a genre's
   * or, for a Sudoku URL, Sudoku's.
   */
  relax(puzzle: PuzzLinkUrl, options?: { model?: string; genre?: undefined }): RelaxOutput | GenreRelaxResult;
  /**
   * The LP relaxation of the chosen model: every non-zero x[r,c,d] and whether it is integral.
   *
   * @throws GridmilpError as {@link Solver.solve}
   */
  relax(puzzle: PuzzleInput, options?: RelaxOptions): RelaxOutput;
  /**
   * The LP relaxation of a genre's model (`options.genre` other than `sudoku`, or a
   * puzz.link URL of one), solved by GLPK's presolver and dual simplex (the digit
   * genres by the primal); options as for
   * `solve` on the genre route.
   *
   * @param puzzle the genre's text (its janko-style record or Saito's format) or a puzz.link URL
   * @returns status, `integral`, and the board with each answer variable's LP value
   *   (protocol.md, genre `relax`)
   * @throws GridmilpError as the genre `exportModel`
   */
  relax(puzzle: string, options: GenreSolveCallOptions): GenreRelaxResult;

  /**
   * Send one raw request of protocol.md (for replaying a request of the page or the
   * CLI); the request is passed through as it is, apart from its `id`.
   *
   * @param request `{ type, ... }` as in protocol.md
   * @param onProgress receives each `progress` object the request streams
   * @returns the `result` object of the response
   * @throws GridmilpError with the engine's code when the response is an error
   */
  request<T extends EngineRequest>(
    request: T,
    onProgress?: (progress: EngineProgressByType[T['type']]) => void,
  ): EngineResultByType[T['type']];

  /**
   * Release the WebAssembly instance (its memory is freed when no reference is left).
   * Later calls throw a `disposed` error; calling it again does nothing.
   */
  dispose(): void;
}
