// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The genre route of the protocol (cpp/app/protocol.md, "Genres"): the requests and
 * results of every genre other than Sudoku, and the board description the page draws.
 * Doubled coordinates throughout: cell (r, c), 0-based, at (2r + 1, 2c + 1); the edge
 * right of it at (2r + 1, 2c + 2), below it at (2r + 2, 2c + 1); vertices even/even.
 */
import { BOARD_ITEM_KINDS, GENRES } from '../../generated/vocabulary.js';
import type { ModelRow, Objective, ObjectiveResult, SolveMethod, SolveStats, SolveStatus } from './protocol.js';

/** A genre's protocol id (protocol/vocabulary.json, "genres"). */
export type GenreId = (typeof GENRES)[number]['id'];

/** puzz.link's ids for genres gridmilp names otherwise (protocol/vocabulary.json `alias`). */
export type GenreAlias = Extract<(typeof GENRES)[number], { alias: string }>['alias'];

/** The genre ids, in the order the page lists them (protocol/vocabulary.json). */
export const GENRE_IDS: readonly GenreId[] = GENRES.map((g) => g.id);

/**
 * The genre id that `id` names: itself when it is one, or the genre whose puzz.link
 * alias it is (protocol/vocabulary.json `alias`: `starbattle`, `lightup`, `kurodoko`,
 * `slither`), else null. The engine's registry reads the same aliases.
 *
 * @param id a genre id or alias as a user wrote it
 * @returns the genre's own id, or null when no genre has that id or alias
 */
export function genreIdOf(id: string): GenreId | null {
  const genre = GENRES.find((g) => g.id === id || ('alias' in g && g.alias === id));
  return genre ? genre.id : null;
}

/**
 * The genres' names for people, as the engine's `version` gives them (the page shows
 * them before the module with the genres has loaded); from protocol/vocabulary.json,
 * as the engine's are.
 */
export const GENRE_TITLES = Object.fromEntries(GENRES.map((g) => [g.id, g.title])) as Readonly<
  Record<GenreId, string>
>;

/** Blocks of R lines in each genre's record (protocol/vocabulary.json, `blocks`; docs/formats.md). */
export const RECORD_BLOCKS = Object.fromEntries(GENRES.map((g) => [g.id, g.blocks])) as Readonly<Record<GenreId, number>>;

/** The word for a record's size-line third number (Star Battle: `stars`), for the genres that have one. */
export const RECORD_PARAMETER = Object.fromEntries(GENRES.flatMap((g) => ('parameter' in g ? [[g.id, g.parameter]] : []))) as Readonly<
  Partial<Record<GenreId, string>>
>;

/**
 * A puzzle's own lines of a genre text, as `parse` located it (protocol.md, "parse":
 * `line` 1-based, `lines` how many, null for the last), so that it can be sent alone.
 *
 * @param lines the text split at newlines
 * @param puzzle where the puzzle is
 * @returns its lines joined with newlines
 */
export function ownLines(lines: readonly string[], puzzle: { line: number; lines: number | null }): string {
  return lines.slice(puzzle.line - 1, puzzle.lines === null ? undefined : puzzle.line - 1 + puzzle.lines).join('\n');
}

/** One genre of the version result: its id and its name for people ("Killer Sudoku"). */
export interface GenreInfo {
  id: GenreId;
  title: string;
}

/** What a board item is (protocol/vocabulary.json, "boardItemKinds"; cpp/puzzles/common/board.h). */
export type BoardItemKind = (typeof BOARD_ITEM_KINDS)[number];

/** One thing drawn on a board, at doubled coordinates (row, column). */
export interface BoardItem {
  kind: BoardItemKind;
  row: number;
  column: number;
  /**
   * The number, candidate value or cage sum; a relaxed shade's variable (`shaded`, `lamp`,
   * `star`, `rectangle`: protocol.md, relax).
   */
  text?: string;
  /** Candidate weight or shading depth, 0..1. */
  value?: number;
  /** A hint for the renderer: `given`, `solved`, `diagonal`, `window`, … */
  style?: string;
  /** `cage`: its cells' centres, [row, column] in doubled coordinates. */
  cells?: Array<[number, number]>;
  /** `line`: the other end. */
  to?: [number, number];
}

/** What the page draws for any genre. */
export interface Board {
  rows: number;
  columns: number;
  items: BoardItem[];
}

/** An answer: one value per cell row by row (digits), its text, and the checker's word. */
export interface GenreAnswer {
  cells: number[];
  edges?: number[];
  /** The answer in the genre's solution format (the sw_*.solutions.txt layout). */
  text: string;
  /** What the genre's independent rule checker says. */
  verified: boolean;
  /** The rule the answer breaks, when it breaks one. */
  brokenRule?: string;
}

/** Options of a genre request (`options`). */
export interface GenreSolveOptions {
  timeLimitMs?: number;
  presolve?: boolean;
  /** The genre's models, the default of the default route first (killer: `clauses`, `combinations`, `textbook`). */
  model?: string;
  /** `sat` is the default where the module has it. */
  method?: SolveMethod;
  progressIntervalMs?: number;
  /** Record the branching decisions (branch-and-bound only), for the tree view. */
  recordBranching?: boolean;
  /** `exportModel`: solve first and write the model with the cuts of every round. */
  afterCuts?: boolean;
}

/** A genre request: `genre`, the puzzle text, and which puzzle of it. */
export interface GenreRequest {
  id?: number | string;
  type:
    | 'parse'
    | 'solve'
    | 'checkUniqueness'
    | 'enumerate'
    | 'relax'
    | 'exportModel'
    | 'formulation'
    | 'board'
    | 'generate'
    | 'explainInfeasible';
  /** The genre; without it a text of puzz.link URLs names its own (else `sudoku`). */
  genre?: GenreId;
  puzzle?: string;
  text?: string;
  index?: number;
  /** The puzzle's name, for a text cut from a larger one. */
  name?: string;
  /** `solve`: false leaves the board out of the result (a batch keeping only the answers). */
  board?: boolean;
  /** `enumerate`: true draws each answer's board into it. */
  boards?: boolean;
  /** `board`, digit genres: digits to draw as solved, one per cell row by row (0 empty). */
  answer?: number[];
  size?: number;
  /** Genres with boxes (sudoku, sudoku-x, killer, hyper: protocol/vocabulary.json's `boxes`): boxes of this many rows / columns. */
  boxHeight?: number;
  boxWidth?: number;
  /**
   * Digit genres, on solve, relax, exportModel and formulation: an objective over the
   * digits (as Sudoku's; it needs branch-and-bound, which a request naming no method gets).
   */
  objective?: Objective;
  limit?: number;
  seed?: number;
  format?: 'lp' | 'mps';
  /** `formulation`: a row name (`cage[3]`) to write out besides the groups. */
  row?: string;
  options?: GenreSolveOptions;
}

/** The fields every genre result starts with. */
export interface GenreResultHead {
  genre: GenreId;
  name: string;
  rows: number;
  columns: number;
  model: string;
  /**
   * The genre's models, the default of the default route (CNF-SAT) first (killer:
   * `clauses`, `combinations`, `textbook`; branch-and-bound's default is `combinations`).
   */
  models: string[];
  /**
   * The model the first of `models` goes on as on CNF-SAT once it spends its budget of
   * SAT propagations without an answer (Nurikabe: `stream`); absent for genres without one.
   */
  defaultFallback?: string;
  /**
   * Every model the default goes on as, in order, for this puzzle (Nurikabe: `stream`,
   * then `stream-layers` when the puzzle's stream is small enough); absent without one.
   */
  defaultFallbacks?: string[];
  /** What the solver accepts but a person should know ("region '3' … is not connected"). */
  warnings: string[];
}

/** Statistics of a genre solve: Sudoku's, plus the rounds of the re-solve loop. */
export interface GenreSolveStats extends SolveStats {
  /** MILP solves of the re-solve loop. */
  rounds: number;
  /** Cuts the loop added. */
  cuts: number;
  /**
   * The model the solve began with, when it spent its budget of SAT propagations without an
   * answer and the genre's fallback model (`model`) went on (Nurikabe: cells, then
   * stream); `rounds` and `cuts` are both models'.
   */
  fallbackFrom?: string;
  /**
   * The models between `fallbackFrom` and `model` that spent their budgets too, in order
   * (Nurikabe: `stream`, when `stream-layers` ran last); absent when there were none.
   */
  fallbackThrough?: string[];
  /**
   * The method the solve began with when the fallback went on with another (Akari:
   * `sat`, then branch-and-bound on the same model, `stats.method`); absent otherwise.
   */
  fallbackFromMethod?: SolveMethod;
  /**
   * After a fallback (`fallbackFrom` set), the cuts of the model that ran last, the only
   * cuts among `rows`; `cuts` counts every model's. Absent without a fallback.
   */
  modelCuts?: number;
  /**
   * After more than one round on branch-and-bound, the last round's nodes: the tree that
   * `branching` (the last round's record) draws; `nodes` counts every round's.
   */
  lastRoundNodes?: number;
}

/**
 * Result of a genre `relax` (protocol.md): the LP relaxation of the chosen model, every
 * variable continuous, solved by GLPK's presolver and dual simplex.
 */
export interface GenreRelaxResult extends GenreResultHead {
  status: SolveStatus;
  /**
   * Every variable of the answer at 0 or 1 (within 1e-6) at the vertex the simplex ended
   * on: the LP alone answers the puzzle. With no objective every feasible point is
   * optimal, so another method could end on another vertex.
   */
  integral: boolean;
  /** The objective's value (0 without one), null without an optimum. */
  objective: number | null;
  /** The puzzle's board with each answer variable's LP value drawn (shading by value). */
  board: Board;
  /**
   * When `integral`: that point read as an answer, with the rule checker's word; an
   * integral point keeps the model's rows but not the rules left to cuts (connectivity).
   */
  answer?: GenreAnswer;
  stats: SolveStats;
}

/** Result of a genre `exportModel` (protocol.md): the model as GLPK writes it. */
export interface GenreExportModelResult extends GenreResultHead {
  format: 'lp' | 'mps';
  modelRows: number;
  modelColumns: number;
  nonzeros: number;
  /** The model in CPLEX LP or free MPS. */
  text: string;
  /** With `afterCuts`: the status of the solve whose cuts the model holds. */
  status?: SolveStatus;
  /** With `afterCuts`: the rounds of that solve and the cuts they added. */
  rounds?: number;
  cuts?: number;
  totalMs: number;
}

/** Result of a genre `solve`. */
export interface GenreSolveResult extends GenreResultHead {
  status: SolveStatus;
  answer?: GenreAnswer;
  /** The packing model without an answer: its largest partial fill (drawn on `board`). */
  partialFill?: GenrePartialFill;
  /** The board drawn by the engine; absent when the request said `board: false`. */
  board?: Board;
  /** With the request's `objective`: its sense, value, bound and gap. */
  objective?: ObjectiveResult;
  stats: GenreSolveStats;
}

/**
 * Result of a genre `checkUniqueness` (protocol.md): `unique` true, false (with the
 * second answer and the cells where the two differ) or null (no answer, or a limit
 * stopped a solve).
 */
export interface GenreUniquenessResult extends GenreSolveResult {
  unique: boolean | null;
  secondAnswer?: GenreAnswer;
  /** The second answer's board, when not unique (unless the request said `board: false`). */
  secondBoard?: Board;
  /** 1-based cells where the answers differ, with each answer's value there. */
  differences?: Array<{ row: number; column: number; first: number; second: number }>;
  /** The second solve's status; present when the first solve found an answer. */
  secondStatus?: SolveStatus;
  /**
   * The second solve's statistics (the first answer cut off by a no-good), shaped as
   * `stats` are the first's: rows, nodes, `solveMs` (ms), `rounds` and `cuts` of its own
   * re-solve loop. Present with `secondStatus`, when the first solve found an answer.
   */
  secondStats?: GenreSolveStats;
  totalMs: number;
}

/**
 * Result of a genre `enumerate` (protocol.md): up to `limit` answers, each a re-solve
 * with a no-good cut per answer before it; `complete` when the last solve proved there
 * are no more. With the request's `boards`, each answer carries its board.
 */
export interface GenreEnumerateResult extends GenreResultHead {
  count: number;
  complete: boolean;
  limit: number;
  lastStatus: SolveStatus;
  answers: Array<GenreAnswer & { board?: Board }>;
  /** `rounds`: the rounds of cuts of every solve (a re-solve genre's); times in ms. */
  stats: { solves: number; rounds: number; solveMs: number; totalMs: number };
}

/** A partial fill of a digit genre: its cells (0 for empty), digits placed, empty cells. */
export interface GenrePartialFill {
  cells: number[];
  placed: number;
  /** The empty cells, 1-based [row, column]. */
  empty: Array<[number, number]>;
}

/**
 * Result of a digit genre's `explainInfeasible` (protocol.md, "explainInfeasible"): the
 * fewest givens to drop, over the genre's default model, and the largest partial fill
 * by its packing model (killer has none: `partialFill.reason` says so).
 */
export interface GenreExplainResult extends GenreResultHead {
  /** `infeasible`, or `optimal` when the puzzle is solvable after all. */
  status: SolveStatus;
  method: 'branch-and-bound' | 'sat';
  /** The digit genres: the side n. */
  size?: number;
  /** The digit genres: the givens, row by row (0 for empty). */
  givens?: number[];
  /** The clue genres (akari, slitherlink, kakuro, heyawake, kuromasu, shikaku, nurikabe): how many clues there are. */
  clues?: number;
  solvable: boolean | null;
  /** What the search takes away, in words to print: `{one: 'given or cage sum', many: 'givens or cage sums'}` for a Killer, `clue`/`clues` for the clue genres, `given`/`givens` otherwise. */
  removes: { one: string; many: string };
  removals: {
    /** `infeasible`: even without any given (or a Killer's cage sum) there is no answer. */
    status: SolveStatus;
    count?: number;
    /**
     * Each set of givens to drop: 1-based row and column, and the digit (digit genres)
     * or the clue's text (clue genres: "3", "16 across"; a Killer's cage sum: "cage sum
     * 17", at the cage's first cell, where the board draws its sum, with `cells`, the
     * cage's, 1-based).
     */
    sets?: Array<Array<{ row: number; column: number; digit?: number; clue?: string; cells?: Array<[number, number]> }>>;
    complete?: boolean;
    /** An answer of the puzzle without the first set, row by row. */
    completion?: number[];
    /** The clue genres: that answer drawn. */
    board?: Board;
    solves: number;
    nodes: number;
    solveMs: number;
  };
  /** Present when the puzzle has no answer. */
  partialFill?: Partial<GenrePartialFill> & {
    /** `optimal` when the fill is proven largest; null when there is no packing model. */
    status: SolveStatus | null;
    board?: Board;
    /** Why there is no fill (killer). */
    reason?: string;
    /** Two givens that clash (status `infeasible`): no fill keeps both; cells 1-based. */
    clash?: { digit: string; unit: string; cells: Array<[number, number]> };
    nodes?: number;
    solveMs?: number;
  };
  totalMs: number;
}

/** A row of a constraint group and the cells (1-based [row, column]) it touches. */
export interface FormulationRow {
  name: string;
  cells: Array<[number, number]>;
  /** The clue a clue's row is about (its row names the cells around it), 1-based. */
  at?: [number, number];
}

/** One rule of the puzzle as a named group of rows. */
export interface ConstraintGroup {
  id: string;
  title: string;
  tex: string;
  technique: string;
  /** The group's rows in model order; only the first when `rowCount` is given. */
  rows: FormulationRow[];
  /** The rows' names with their indices as letters (`box[b,d]`). */
  pattern?: string;
  /**
   * How many rows the group has, when `rows` holds only the first (the Sudoku route's
   * export: a 25×25 has 2,500 rows of 25 cells).
   */
  rowCount?: number;
}

/**
 * A paragraph about the model: words with TeX between `\(` and `\)`. `kind`: `sets` (the
 * index sets and data), `model` (what this model keeps, fixes or removes, with the
 * reduction's figures), `variables` (a set of variables and its size) or `objective`
 * (what the objective means).
 */
export interface FormulationNote {
  kind: 'sets' | 'model' | 'variables' | 'objective';
  text: string;
}

/**
 * A note's text in its parts, words and TeX in turn: `{ tex: false }` first (possibly
 * empty), then `{ tex: true }` for what stood between `\(` and `\)`, and so on.
 *
 * @param text a {@link FormulationNote}'s text
 * @returns the parts in order; the text without `\(` is one part of words
 */
export function noteParts(text: string): Array<{ text: string; tex: boolean }> {
  return text.split(/\\\((.*?)\\\)/s).map((part, k) => ({ text: part, tex: k % 2 === 1 }));
}

/** The model as the engine states it, for the teaching panel. */
export interface Formulation {
  genre: GenreId;
  /** The model stated, where the genre has several (Sudoku's `reduced`…). */
  model?: string;
  /** Paragraphs before the variables (Sudoku's sets, model and candidate sets). */
  notes: FormulationNote[];
  variables: string;
  objective: string;
  groups: ConstraintGroup[];
  rows: number;
  columns: number;
  nonzeros: number;
}

/** Result of `formulation`. */
export interface FormulationResult extends GenreResultHead {
  formulation: Formulation;
  /** The request's `row`, or null when the model has none of that name. */
  row?: ModelRow | null;
}

export { looksLikeUrl } from './url-text.js';
