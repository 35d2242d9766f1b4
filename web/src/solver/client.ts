// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The page's handle on the solver worker: typed requests matched to replies by id,
 * streamed batch progress, and Stop (terminate the worker, start a fresh one).
 * Uses no DOM API: the worker itself is made by a {@link WorkerFactory}.
 */
import type { GenreId, GenreRequest } from './genre';
import type { GenreOutcome } from './pool';
import {
  SolverError,
  type RESTART_REASONS,
  type BatchProgress,
  type BatchResult,
  type CheckUniquenessResult,
  type CompleteResult,
  type EnumerateProgress,
  type EnumerateResult,
  type ExplainInfeasibleProgress,
  type ExplainInfeasibleResult,
  type GenerateProgress,
  type GenerateResult,
  type Objective,
  type WorkerParseResult,
  type PageToWorker,
  type PuzzleFields,
  type GenreNamedFields,
  type SolveMethod,
  type SolveOptions,
  type SolveResult,
  type SolveProgress,
  type RelaxResult,
  type ExportModelResult,
  type ModelRowResult,
  type ModelFormat,
  type Symmetry,
  type VersionResult,
  type WireError,
  type WorkerProgressByType,
  type WorkerResultByType,
  type WorkerToPage,
  type GridSheet,
  type ResultRow,
  type RecordSheet,
  type SpreadsheetPuzzles,
  type WriteSpreadsheetResult,
} from './protocol';

/** What a {@link WorkerFactory} gets: where to deliver the worker's messages and crashes. */
export interface WorkerHandlers {
  /** Called with each message the worker posts. */
  onMessage(message: WorkerToPage): void;
  /** Called when the worker dies (uncaught error, failed script load); `message` says why. */
  onCrash(message: string): void;
}

/** The two things the client does to a worker. */
export interface WorkerPort {
  /** Send one message to the worker. */
  post(message: PageToWorker): void;
  /** Kill the worker at once (in-flight work is lost). */
  terminate(): void;
}

/**
 * A worker's name, which tells it what it is for (`self.name`, worker/worker.ts):
 * `gridmilp-solver`, a client's own (it loads the first-solve module at once and warms
 * it up), or `gridmilp-helper`, a batch's extra worker (it loads only the module with
 * the SAT method and the genres, on its first request).
 */
export type WorkerName = 'gridmilp-solver' | 'gridmilp-helper';

/**
 * Starts one worker wired to `handlers` (in the page: `new Worker(new URL(...))`), with
 * the name `name` (default `gridmilp-solver`).
 */
export type WorkerFactory = (handlers: WorkerHandlers, name?: WorkerName) => WorkerPort;

/** Why the client replaced its worker ({@link RESTART_REASONS}). */
export type RestartReason = (typeof RESTART_REASONS)[number];

/** Options of {@link SolverClient}. */
export interface SolverClientOptions {
  /** Called after the worker was replaced, with the reason and a message. */
  onRestart?: (reason: RestartReason, message: string) => void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: SolverError): void;
  onProgress: ((progress: never) => void) | undefined;
}

/** A page message without its id (the client assigns ids). */
type RequestBody = PageToWorker extends infer M ? (M extends PageToWorker ? Omit<M, 'id'> : never) : never;

/** Options of {@link SolverClient.solve}: solver options, objective and puzzle fields. */
export interface SolveCallOptions extends PuzzleFields {
  options?: SolveOptions;
  objective?: Objective;
}

/** Options of {@link SolverClient.enumerate}. */
export interface EnumerateCallOptions extends PuzzleFields {
  /** Most solutions to find (engine default 10, at most 100,000). */
  limit?: number;
  options?: SolveOptions;
}

/** Options of {@link SolverClient.explainInfeasible}. */
export interface ExplainInfeasibleCallOptions extends PuzzleFields {
  /** Most sets of fewest givens to list (engine default 3, at most 100). */
  limit?: number;
  /** `method` (default `sat`) and the time limit; `model` does not apply. */
  options?: SolveOptions;
}

/** Options of {@link SolverClient.generate}. */
export interface GenerateCallOptions extends PuzzleFields {
  /** 0–4294967295 (engine default 1). */
  seed?: number;
  /** Target number of givens; 0 = as few as possible. */
  givens?: number;
  symmetry?: Symmetry;
  options?: SolveOptions;
}

/** Options of {@link SolverClient.complete}. */
export interface CompleteCallOptions extends PuzzleFields {
  /** Puzzle to complete; without it an empty grid of `size`. */
  puzzle?: string;
  seed?: number;
  options?: SolveOptions;
}

/** Options of {@link SolverClient.solveBatch} beyond the solver options. */
export interface BatchCallOptions extends PuzzleFields {
  /** Time limit per puzzle of 16×16 or larger, ms (0 = none). */
  largeTimeLimitMs?: number;
  /** No progress per puzzle, only the result (a chunk of a batch on several workers). */
  quiet?: boolean;
  /**
   * Leave the first `skip` puzzles of the text unsolved (the caller has their answers:
   * solver/pool.ts's probe); the items start at input position `skip`.
   */
  skip?: number;
  /**
   * Workers to solve on (default 1, at most {@link MAX_WORKERS}): this client's and
   * helpers with workers of their own, started on the first batch that needs them and
   * kept until Stop or {@link SolverClient.dispose}.
   */
  workers?: number;
}

/** The most workers a batch runs on (issue #24: one per core, at most 8). */
export const MAX_WORKERS = 8;

/**
 * Talks to one solver worker at a time. Requests are answered in the order sent
 * (the worker is single-threaded); every promise settles: with the result, with a
 * {@link SolverError} carrying the engine's code/message/where, or with code
 * `stopped` / `worker_crashed` / `engine_crashed` when the worker was replaced. After
 * an `out_of_memory` answer the worker is replaced too (the other pending requests
 * settle with that code).
 */
export class SolverClient {
  private readonly factory: WorkerFactory;
  private readonly options: SolverClientOptions;
  private port: WorkerPort;
  private generation = 0;
  private nextId = 1;

  /**
   * How many workers this client has started or ended: a Stop or a crash replaces its
   * worker with a fresh one, whose modules load again (solver/pool.ts, the helpers warmed).
   */
  get workerStarts(): number {
    return this.generation;
  }
  private readonly pending = new Map<number, Pending>();
  /** Clients with workers of their own, for batches on several workers. */
  private helpers: SolverClient[] = [];

  /**
   * Starts a worker at once (so the WASM module can load while the user types).
   *
   * @param factory starts a worker
   * @param options callbacks
   */
  constructor(factory: WorkerFactory, options: SolverClientOptions = {}) {
    this.factory = factory;
    this.options = options;
    this.port = this.start();
  }

  /** Number of requests sent and not yet settled. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Solve one puzzle.
   *
   * @param puzzle one puzzle in any accepted format (e.g. 81 characters, `.` = empty)
   * @param options solver options (time limit in ms, presolve)
   * @param extra an objective and the puzzle fields (size, box shape, symbols)
   * @param onProgress receives branch-and-bound progress (nodes, bound, elapsed ms) at
   *   most every `options.progressIntervalMs`; none when presolve settles the model
   * @returns the engine's result; status `infeasible` means no solution (not an error)
   * @throws SolverError (as rejection) with the engine's error code, or `stopped` etc.
   */
  solve(
    puzzle: string,
    options?: SolveOptions,
    extra: SolveCallOptions = {},
    onProgress?: (progress: SolveProgress) => void,
  ): Promise<SolveResult> {
    return this.send({ type: 'solve', puzzle, ...extra, ...(options ? { options } : {}) }, onProgress);
  }

  /**
   * A request of the genre route (protocol.md, "Genres"), answered by the module that
   * has the genres.
   *
   * @param request the engine request without its id (`genre`, `type`, `puzzle`, …)
   * @param onProgress the engine's progress messages (branch-and-bound, cut rounds);
   *   without it the worker asks for none and posts none
   * @returns the engine's result for that request type (genre.ts)
   * @throws SolverError with the engine's code and location
   */
  genre<R>(request: Omit<GenreRequest, 'id'>, onProgress?: (progress: Record<string, unknown>) => void): Promise<R> {
    return this.send({ type: 'genre', request, progress: !!onProgress }, onProgress) as Promise<R>;
  }

  /**
   * Many genre requests (one puzzle each, e.g. the genre page's Solve all) on up to
   * `workers` workers: this client's and helpers, which join when the first request's
   * time says they are worth their start (solver/pool.ts, genreOnWorkers).
   *
   * @param requests the engine requests without their ids, in input order
   * @param workers the most workers (1 to {@link MAX_WORKERS})
   * @param onEach each request's input position and outcome (`{ result }` or
   *   `{ error }`, a SolverError, with `queued` for one a Stop or a crash ended before it
   *   began), in the order they finish
   * @returns the number of workers that took part
   * @throws SolverError (as rejection) with `stopped` or `worker_crashed`: no request
   *   starts after that
   */
  async genreMany<R>(
    requests: ReadonlyArray<Omit<GenreRequest, 'id'>>,
    workers: number,
    onEach: (index: number, outcome: GenreOutcome<R>) => void,
  ): Promise<number> {
    const generation = this.generation;
    const { genreOnWorkers } = await import('./pool');
    if (generation !== this.generation) throw new SolverError({ code: 'stopped', message: 'Stopped.' });
    const count = Math.max(1, Math.min(MAX_WORKERS, Math.floor(workers)));
    return genreOnWorkers<R>(this, (n) => this.helpersFor(n), count, requests, onEach, this.helpers.length);
  }

  /**
   * The LP relaxation of a puzzle (integrality dropped; glp_simplex).
   *
   * @param puzzle one puzzle in any accepted format
   * @param extra puzzle fields and solver options (`options.model` chooses the model);
   *   `genre: 'sudoku'` also asks for the board description, each candidate shaded by
   *   its value (answered by the module with the genres, loaded on first use)
   * @returns the relaxation's values `[row, column, digit, value, fixed]` and whether
   *   they are integral
   * @throws SolverError with the engine's code (e.g. `parse_error`), or `stopped`,
   *   `worker_crashed`, `engine_crashed`, `load_failed`
   */
  relax(puzzle: string, extra: PuzzleFields & GenreNamedFields & { options?: SolveOptions } = {}): Promise<RelaxResult> {
    return this.send({ type: 'relax', puzzle, ...extra });
  }

  /**
   * The model as text written by GLPK (CPLEX LP or free MPS).
   *
   * @param puzzle one puzzle in any accepted format
   * @param format `lp` or `mps`
   * @param extra puzzle fields, solver options (`options.model`) and an objective
   * @returns the text and the model's size (rows, columns, nonzeros)
   * @throws SolverError as {@link SolverClient.relax}
   */
  exportModel(puzzle: string, format: ModelFormat, extra: SolveCallOptions = {}): Promise<ExportModelResult> {
    return this.send({ type: 'exportModel', puzzle, format, ...extra });
  }

  /**
   * One row of the model as the engine's model builder hands it to GLPK (`exportModel`
   * with `row`, protocol.md; answered by the module with the genres).
   *
   * @param puzzle one puzzle in any accepted format
   * @param row a row name such as `box[5,3]` (1–200 bytes)
   * @param extra puzzle fields, solver options (`options.model`) and an objective
   * @param formulation also answer the model panel's formulation (sets, model, variables,
   *   objective and constraint families as TeX; cpp/puzzles/sudoku/formulation.h)
   * @returns the model's size and the row, null when the model has no row of that name
   * @throws SolverError as {@link SolverClient.relax}; `bad_request` naming `row` for an
   *   empty or too long name
   */
  modelRow(puzzle: string, row: string, extra: SolveCallOptions = {}, formulation = false): Promise<ModelRowResult> {
    return this.send({ type: 'exportModel', puzzle, format: 'lp', ...extra, row, ...(formulation ? { formulation } : {}) }) as unknown as Promise<ModelRowResult>;
  }

  /**
   * Split a text into puzzles without solving.
   *
   * @param text one or many puzzles
   * @param fields size, box shape or symbols to read the text with (default: detected)
   * @param first reply with only the first `first` puzzles (default: all); `count` is
   *   how many the text holds. A page that shows one puzzle asks for one: the reply is
   *   cloned on the main thread, 2 s for 600,000 puzzles.
   * @throws SolverError (as rejection), e.g. `parse_error` with line/column/character,
   *   or `ambiguous_size`
   */
  parse(text: string, fields: PuzzleFields = {}, first?: number): Promise<WorkerParseResult> {
    return this.send({ type: 'parse', text, ...fields, ...(first === undefined ? {} : { first }) });
  }

  /**
   * Check whether a puzzle has exactly one solution.
   *
   * @param puzzle one puzzle in any accepted format
   * @param extra solver options and puzzle fields
   * @returns `unique` true/false (with the second solution and the differing cells),
   *   or `null` when there is no solution or a time limit stopped a solve
   * @throws SolverError (as rejection) as {@link solve}
   */
  checkUniqueness(
    puzzle: string,
    extra: PuzzleFields & { options?: SolveOptions } = {},
  ): Promise<CheckUniquenessResult> {
    return this.send({ type: 'checkUniqueness', puzzle, ...extra });
  }

  /**
   * Find up to `limit` solutions, streaming each one.
   *
   * @param puzzle one puzzle in any accepted format
   * @param extra limit, solver options and puzzle fields
   * @param onProgress called after each solution found (with that solution)
   * @returns the solutions and whether the list is complete
   * @throws SolverError (as rejection) as {@link solve}; `stopped` on Stop (the
   *   solutions seen through `onProgress` are all there is then)
   */
  enumerate(
    puzzle: string,
    extra: EnumerateCallOptions = {},
    onProgress?: (progress: EnumerateProgress) => void,
  ): Promise<EnumerateResult> {
    return this.send({ type: 'enumerate', puzzle, ...extra }, onProgress);
  }

  /**
   * Why a puzzle has no solution: the fewest givens to remove (up to `limit` sets of that
   * size) and the largest partial fill that keeps every given (protocol.md,
   * "explainInfeasible"). Runs in the module with the genres, loaded on first use.
   *
   * @param puzzle one puzzle in any accepted format; its givens may clash
   * @param extra limit, branch-and-bound options and puzzle fields
   * @param onProgress branch-and-bound progress (method `branch-and-bound`), with `step`
   * @returns the sets, the fill and whether the puzzle is solvable after all
   * @throws SolverError (as rejection) as {@link solve}; `stopped` on Stop
   */
  explainInfeasible(
    puzzle: string,
    extra: ExplainInfeasibleCallOptions = {},
    onProgress?: (progress: ExplainInfeasibleProgress) => void,
  ): Promise<ExplainInfeasibleResult> {
    return this.send({ type: 'explainInfeasible', puzzle, ...extra }, onProgress);
  }

  /**
   * Find the puzzles of a spreadsheet file (.xlsx or .csv) in the worker, which loads
   * exceljs and Papa Parse on first use (web/src/sheets/read.ts).
   *
   * @param bytes the file's bytes (copied to the worker)
   * @param fileName the file's name, for messages
   * @param sheet only this sheet: its name or 1-based position (default every sheet)
   * @param genre read this genre's records (any genre but `sudoku`; web/src/sheets/records.ts)
   * @returns every puzzle with its sheet and range (Sudoku grids in `puzzles`, a
   *   genre's records in `records`), and the sheets without one
   * @throws SolverError (as rejection) `spreadsheet_error` (no puzzle, a bad cell:
   *   `where.sheet`, `where.cell`), `unsupported_file`, `too_large`,
   *   `missing_dependency`; `stopped` on Stop
   */
  readSpreadsheet(bytes: ArrayBuffer, fileName: string, sheet?: string | number, genre?: GenreId): Promise<SpreadsheetPuzzles> {
    return this.send({ type: 'readSpreadsheet', bytes, fileName, ...(sheet === undefined ? {} : { sheet }), ...(genre === undefined ? {} : { genre }) });
  }

  /**
   * Write one grid or a batch's results as an .xlsx or .csv file, in the worker.
   *
   * @param format `xlsx` or `csv`
   * @param what `{grid}` (givens bold, solved digits blue, box borders), `{record}` (a
   *   genre puzzle's blocks, and its answer below "Solution") or `{results}` (one row
   *   per puzzle: name, status, ms, nodes, conflicts, puzzle,
   *   solution)
   * @returns the file's bytes and MIME type
   * @throws SolverError (as rejection) `missing_dependency`; `bad_request` when neither
   *   is given
   */
  writeSpreadsheet(
    format: 'xlsx' | 'csv',
    what: { grid: GridSheet } | { record: RecordSheet } | { results: ResultRow[] },
  ): Promise<WriteSpreadsheetResult> {
    return this.send({ type: 'writeSpreadsheet', format, ...what });
  }

  /**
   * Generate a puzzle with a unique solution.
   *
   * @param extra seed, target givens, symmetry, solver options and size
   * @param onProgress called after each cell tried
   * @returns the puzzle and how it was made (givens, minimality, checks, ms)
   * @throws SolverError (as rejection) for bad options, or `stopped` etc.
   */
  generate(
    extra: GenerateCallOptions = {},
    onProgress?: (progress: GenerateProgress) => void,
  ): Promise<GenerateResult> {
    return this.send({ type: 'generate', ...extra }, onProgress);
  }

  /**
   * A seeded random completion of a puzzle, or of an empty grid of `size`.
   *
   * @param extra puzzle (optional), seed, solver options and puzzle fields
   * @throws SolverError (as rejection) as {@link solve}
   */
  complete(extra: CompleteCallOptions = {}): Promise<CompleteResult> {
    return this.send({ type: 'complete', ...extra });
  }

  /**
   * Parse a text and solve every puzzle in it.
   *
   * @param text one or many puzzles in any accepted format
   * @param options solver options applied to each puzzle
   * @param onProgress called after each puzzle (and once with `done: 0` after parsing)
   * @param extra puzzle fields for parsing, the time limit for 16×16 and larger, and
   *   the number of workers (with more than one, progress comes in the order puzzles
   *   finish: see solver/pool.ts)
   * @returns every puzzle's outcome in input order; a puzzle that fails to solve is
   *   an item with `error`, not a rejection
   * @throws SolverError (as rejection) when the text does not parse, or on Stop
   */
  async solveBatch(
    text: string,
    options?: SolveOptions,
    onProgress?: (progress: BatchProgress) => void,
    extra: BatchCallOptions = {},
  ): Promise<BatchResult> {
    const { workers = 1, ...fields } = extra;
    const count = Math.min(MAX_WORKERS, Math.floor(workers));
    if (count > 1) {
      const generation = this.generation;
      const { solveBatchOnWorkers, warmHelperCount } = await import('./pool');
      if (generation !== this.generation) throw new SolverError({ code: 'stopped', message: 'Stopped.' });
      // Helpers started for another method, or restarted, count as cold.
      const warm = warmHelperCount(this.helpers, options);
      // No helper starts once this worker is replaced (Stop) or disposed, even from the
      // pool's start after the batch.
      const helpers = (n: number): SolverClient[] => (generation === this.generation ? this.helpersFor(n) : []);
      return solveBatchOnWorkers(this, helpers, count, text, options, onProgress, fields, warm);
    }
    return this.send({ type: 'solveBatch', text, ...fields, ...(options ? { options } : {}) }, onProgress);
  }

  /**
   * `count` helper clients, started now if there are fewer (each loads its own module:
   * a worker of about 17 MiB, docs/performance.md). The genre page starts Solve all's
   * helpers this way when a text of several puzzles is loaded, so that they are ready
   * when it begins; helpers stay until Stop or {@link SolverClient.dispose}.
   *
   * @param count the helpers wanted (batch workers − 1; 0 or less starts none)
   * @returns the first `count` helpers
   */
  helpersFor(count: number): SolverClient[] {
    while (this.helpers.length < count) this.helpers.push(new SolverClient((handlers) => this.factory(handlers, 'gridmilp-helper')));
    return this.helpers.slice(0, count);
  }

  /** Terminate the helpers' workers (their pending requests settle with `stopped`). */
  private disposeHelpers(): void {
    const helpers = this.helpers;
    this.helpers = [];
    for (const helper of helpers) helper.dispose();
  }

  /**
   * The engine's versions; also a cheap way to load the WASM module early.
   *
   * @param method `sat`: the versions of the module that serves the SAT method, which the
   *   worker loads now if it has not yet (the page's first-solve module lacks it)
   * @returns the versions; rejects with a {@link SolverError} (`load_failed`) when the
   *   module cannot be loaded
   */
  version(method?: SolveMethod): Promise<VersionResult> {
    return this.send({ type: 'version', ...(method ? { options: { method } } : {}) });
  }

  /**
   * Stop everything: terminate the worker, reject every pending request with code
   * `stopped`, and start a fresh worker. Safe to call when idle.
   */
  stop(): void {
    this.disposeHelpers();
    this.restart('stopped', 'Stopped.');
  }

  /** Terminate the worker for good and reject pending requests (`stopped`). */
  dispose(): void {
    this.disposeHelpers();
    this.generation++;
    this.port.terminate();
    this.rejectAll({ code: 'stopped', message: 'The solver was shut down.' });
  }

  private send<K extends RequestBody['type']>(
    body: Extract<RequestBody, { type: K }>,
    onProgress?: (progress: WorkerProgressByType[K]) => void,
  ): Promise<WorkerResultByType[K]> {
    const id = this.nextId++;
    return new Promise<WorkerResultByType[K]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        onProgress: onProgress as ((progress: never) => void) | undefined,
      });
      this.port.post({ id, ...body } as PageToWorker);
    });
  }

  private start(): WorkerPort {
    const generation = ++this.generation;
    return this.factory({
      onMessage: (message) => {
        if (generation === this.generation) this.receive(message);
      },
      onCrash: (message) => {
        if (generation === this.generation) {
          this.restart('worker_crashed', `The solver stopped unexpectedly: ${message}`);
        }
      },
    });
  }

  private receive(message: WorkerToPage): void {
    const entry = this.pending.get(message.id);
    if (entry === undefined) return; // a reply for a request already settled
    if ('progress' in message) {
      entry.onProgress?.(message.progress as never);
      return;
    }
    if ('reports' in message) {
      for (const report of message.reports) entry.onProgress?.(report as never);
      return;
    }
    this.pending.delete(message.id);
    if ('error' in message) {
      entry.reject(new SolverError(message.error));
      if (message.error.code === 'engine_crashed') {
        this.restart('engine_crashed', message.error.message);
      } else if (message.error.code === 'out_of_memory') {
        // The engine recovered, but its WebAssembly memory (grown to about 2 GB) never
        // shrinks: a fresh worker starts small.
        this.restart('out_of_memory', message.error.message);
      }
    } else {
      entry.resolve(message.result);
    }
  }

  private restart(reason: RestartReason, message: string): void {
    this.port.terminate();
    this.rejectAll({ code: reason, message });
    this.port = this.start();
    this.options.onRestart?.(reason, message);
  }

  private rejectAll(error: WireError): void {
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) entry.reject(new SolverError(error));
  }
}
