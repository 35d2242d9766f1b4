// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The npm package's solver, shared by the Node and the browser entry: it loads the
 * WASM module through the worker's engine wrapper (`../worker/engine.ts`), checks every
 * argument in TypeScript, speaks the JSON protocol of protocol.md and returns plain
 * objects with the grids as text and as 2-D arrays. It uses neither Node nor DOM APIs.
 */
import type {
  BatchProgress,
  EngineProgressByType,
  EngineRequest,
  EngineResultByType,
  EnumerateProgress,
  ExplainInfeasibleProgress,
  GenerateProgress,
  ModelFormat,
  ModelKind,
  Objective,
  SolveMethod,
  SolveProgress,
  VersionResult,
  EngineError,
  SolveResult,
} from '../solver/protocol.js';
import { batchEffort } from '../solver/protocol.js';
import { GENRES } from '../../generated/vocabulary.js';
import {
  GENRE_IDS,
  genreIdOf,
  looksLikeUrl,
  ownLines,
  type GenreAlias,
  type GenreEnumerateResult,
  type GenreExplainResult,
  type GenreExportModelResult,
  type GenreId,
  type GenreRelaxResult,
  type GenreRequest,
  type GenreSolveOptions,
  type GenreSolveResult,
  type GenreUniquenessResult,
} from '../solver/genre.js';
import { chunkSize, CHUNKS_IN_FLIGHT, firstError } from '../solver/pool.js';
import type { GridmilpModuleFactory, GridmilpModuleOptions } from '../solver/wasm.js';
import { createEngineLoader, Engine, EngineCrashedError, errorText, requestJson } from '../worker/engine.js';
import { engineError, GridmilpError, invalidArgument, invalidOption } from './errors.js';
import { describe, gridOf, puzzleText, type PuzzleInput, type PuzzleText } from './grid.js';
import type {
  CheckUniquenessOptions,
  CheckUniquenessOutput,
  CompleteOptions,
  CompleteOutput,
  CreateSolverOptions,
  EnumerateOptions,
  EnumerateOutput,
  ExplainInfeasibleOptions,
  ExplainInfeasibleOutput,
  ExportModelOptions,
  GenreExplainCallOptions,
  GenreSolveCallOptions,
  GenreSolveManyItem,
  GenreSolveManyOptions,
  GenreSolveManyProgress,
  GenreSolveManyResult,
  ExportModelOutput,
  GenerateOptions,
  GenerateOutput,
  ParseOptions,
  ParseOutput,
  RelaxOptions,
  RelaxOutput,
  SolveCallOptions,
  SolveManyItem,
  SolveManyOptions,
  SolveManyProgress,
  SolveManyResult,
  SolveOutput,
  Solver,
  PuzzLinkUrl,
  UrlSolveCallOptions,
  UrlSolveManyOptions,
  UrlSolveManyProgress,
  UrlSolveManyResult,
} from './types.js';
import { checkOptions, CHECKS, closestName, MILP_OPTION_NAMES, OPTIONS_OF, PUZZLE_FIELD_NAMES } from './validate.js';
import { badModuleError, binarySource, bytesOf, defaultModuleError, fetchedModuleError, notWasmError } from './wasm-binary.js';

/** Default time allowed for loading the module, ms. */
const DEFAULT_LOAD_TIMEOUT_MS = 60_000;

/** How an entry point provides the module: the glue's factory and the options it needs. */
export interface ModuleSource {
  /** Returns the glue's default export (`createGridmilpModule`). */
  factory: () => Promise<GridmilpModuleFactory> | GridmilpModuleFactory;
  /**
   * Module options for the factory, e.g. `wasmBinary` in Node; may read files or fetch.
   * `signal` aborts when `loadTimeoutMs` runs out (a fetch that never answers).
   */
  moduleOptions: (signal: AbortSignal) => Promise<GridmilpModuleOptions> | GridmilpModuleOptions;
  /**
   * Threads for solveMany's `workers` (the Node entry's worker_threads), given the
   * module options the solver was loaded with; absent where there are none.
   */
  threads?: (moduleOptions: GridmilpModuleOptions) => EngineThreads;
  /**
   * Present when the glue fetches the module itself (the browser entry without
   * `wasmBinary`): from `wasmUrl` when given, fetched again when loading fails to say why
   * (the server's answer, or what the bytes are) instead of Emscripten's abort text; else
   * from beside its code (a bundler's asset), whose fetch failing is said with what to do.
   */
  fetches?: { wasmUrl?: string };
}

/** One engine response, as the engine gives it. */
export type EngineResponse = { result: SolveResult } | { error: EngineError };

/**
 * Engines in threads of their own (solveMany's `workers`): each thread loads the module
 * once, on its first request, and answers engine requests in order.
 */
export interface EngineThreads {
  /**
   * Answer `requests` on thread `thread` (0-based; started now if it is not running).
   * Several calls may be pending on one thread: they are answered in call order.
   *
   * @param requests the requests as the engine's JSON texts (with their ids)
   * @returns one response per request, in order
   * @throws GridmilpError `load_failed` when the thread cannot load the module,
   *   `engine_crashed` when it dies
   */
  run(thread: number, requests: readonly string[]): Promise<EngineResponse[]>;
  /** While busy the threads keep the process alive; idle, they let it exit. */
  hold(busy: boolean): void;
  /** Terminate every thread. */
  close(): void;
}

/**
 * Check the options of `createSolver`.
 *
 * @throws GridmilpError `invalid_option` for an unknown name or a wrong type
 */
export function checkCreateOptions(options: unknown): CreateSolverOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalidOption('options', `The options of createSolver must be an object, not ${describe(options)}.`);
  }
  const known = ['wasmBinary', 'wasmUrl', 'loadTimeoutMs'];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw invalidOption(key, `Unknown option '${key}' for createSolver; its options are: ${known.join(', ')}.`);
    }
  }
  const o = options as CreateSolverOptions;
  if (o.wasmBinary !== undefined && !(o.wasmBinary instanceof ArrayBuffer) && !ArrayBuffer.isView(o.wasmBinary)) {
    throw invalidOption('wasmBinary', `Option 'wasmBinary' must be an ArrayBuffer or a Uint8Array, not ${describe(o.wasmBinary)}.`);
  }
  if (o.wasmUrl !== undefined && typeof o.wasmUrl !== 'string' && !(o.wasmUrl instanceof URL)) {
    throw invalidOption('wasmUrl', `Option 'wasmUrl' must be a string or a URL, not ${describe(o.wasmUrl)}.`);
  }
  if (o.wasmUrl !== undefined && o.wasmBinary !== undefined) {
    throw invalidOption('wasmUrl', `Give either 'wasmBinary' or 'wasmUrl', not both.`);
  }
  if (
    o.loadTimeoutMs !== undefined &&
    (typeof o.loadTimeoutMs !== 'number' || !Number.isFinite(o.loadTimeoutMs) || o.loadTimeoutMs <= 0)
  ) {
    throw invalidOption('loadTimeoutMs', `Option 'loadTimeoutMs' must be a number of ms > 0, not ${describe(o.loadTimeoutMs)}.`);
  }
  return o;
}

/**
 * Load one new WASM instance and wrap it in a {@link Solver}.
 *
 * @param source how the entry point gets the glue and its module options
 * @param options the checked `createSolver` options (`loadTimeoutMs` is used here)
 * @returns a ready solver; each call makes an independent instance
 * @throws GridmilpError `load_failed` when the module cannot be fetched, compiled or
 *   instantiated, or loading takes longer than `loadTimeoutMs`; for bytes that are not
 *   gridmilp's module (`wasmBinary`, or the file of `wasmUrl`) one sentence saying so,
 *   with their size and first bytes or the compiler's complaint, for a `wasmUrl` the
 *   browser could not fetch the server's answer (HTTP 404 Not Found) or the fetch's
 *   error, and `where.field` naming the option
 */
export async function loadSolver(source: ModuleSource, options: CreateSolverOptions): Promise<Solver> {
  const timeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  let moduleOptions: GridmilpModuleOptions;
  // Where AbortSignal.timeout exists (Node's entry fetches with it; older browsers lack
  // it, and their glue fetches under the loader's own timeout), within setTimeout's range.
  const signal =
    typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(Math.min(timeoutMs, 2_147_483_647)) : new AbortController().signal;
  try {
    moduleOptions = await source.moduleOptions(signal);
  } catch (e) {
    if (e instanceof GridmilpError) throw e;
    if (signal.aborted) {
      throw new GridmilpError('load_failed', `Unable to load the solver's WebAssembly: its file did not arrive within loadTimeoutMs (${timeoutMs} ms).`);
    }
    throw new GridmilpError('load_failed', `Unable to load the solver's WebAssembly: ${errorText(e)}`);
  }
  // Bytes that are not gridmilp's module are named as such here: Emscripten's abort
  // text would name a build flag and repeat the compiler's error three times.
  const bytes = moduleOptions.wasmBinary === undefined ? null : bytesOf(moduleOptions.wasmBinary);
  const from = binarySource(options);
  const notWasm = bytes === null ? null : notWasmError(bytes, from);
  if (notWasm !== null) throw notWasm;
  const load = createEngineLoader(source.factory, { moduleOptions, timeoutMs });
  const started = now();
  let engine: Engine;
  try {
    engine = await load();
  } catch (e) {
    // (Not a module that ran out of time: that one says loadTimeoutMs.)
    if (now() - started < timeoutMs) {
      if (bytes !== null) throw await badModuleError(bytes, from, errorText(e));
      if (source.fetches?.wasmUrl !== undefined) {
        throw await fetchedModuleError(source.fetches.wasmUrl, from, errorText(e), timeoutMs - (now() - started));
      }
      if (source.fetches !== undefined) throw defaultModuleError(errorText(e)) ?? new GridmilpError('load_failed', errorText(e));
    }
    throw new GridmilpError('load_failed', errorText(e));
  }
  return new GridmilpSolver(engine, source.threads ? lazyThreads(() => source.threads!(moduleOptions)) : null);
}

/**
 * Threads made on first use (a solver that never asks for `workers` starts none). They
 * are held (keep the process alive) while any solveMany call runs on them: with one flag,
 * the first of two calls at once to end let go of the threads the second still ran on,
 * and Node exited with the second call's promise unsettled (a developer's session).
 */
function lazyThreads(make: () => EngineThreads): EngineThreads {
  let threads: EngineThreads | null = null;
  let running = 0; // solveMany calls on the threads now
  return {
    run: (thread, requests) => (threads ??= make()).run(thread, requests),
    hold: (busy) => {
      running = Math.max(0, running + (busy ? 1 : -1));
      threads?.hold(running > 0);
    },
    close: () => threads?.close(),
  };
}

/** The {@link Solver} over one engine. */
class GridmilpSolver implements Solver {
  readonly version: VersionResult;
  private engine: Engine | null;
  private nextId = 1;
  /** Threads for solveMany's `workers`; null where there are none (browsers). */
  private readonly threads: EngineThreads | null;

  constructor(engine: Engine, threads: EngineThreads | null) {
    this.engine = engine;
    this.threads = threads;
    this.version = this.call('Unable to read the versions', { type: 'version' });
  }

  get crashed(): boolean {
    return this.engine?.isCrashed ?? false;
  }

  get disposed(): boolean {
    return this.engine === null;
  }

  dispose(): void {
    this.engine = null;
    this.threads?.close();
  }

  parse(text: string, options?: ParseOptions): ParseOutput {
    const result = this.split(text, options);
    return {
      ...result,
      // A record of another size than the text's first says its own (protocol.md, parse).
      puzzles: result.puzzles.map((p) => ({ ...p, givensGrid: gridOf(p.givens, p.size ?? result.size) })),
    };
  }

  solve(
    puzzle: string,
    options: GenreSolveCallOptions,
    onProgress?: (progress: Record<string, unknown>) => void,
  ): GenreSolveResult;
  solve(
    puzzle: PuzzLinkUrl,
    options?: UrlSolveCallOptions,
    onProgress?: (progress: SolveProgress | Record<string, unknown>) => void,
  ): SolveOutput | GenreSolveResult;
  solve(puzzle: PuzzleInput, options?: SolveCallOptions, onProgress?: (progress: SolveProgress) => void): SolveOutput;
  solve(
    puzzle: PuzzleInput,
    options?: SolveCallOptions | GenreSolveCallOptions | UrlSolveCallOptions,
    onProgress?: ((progress: SolveProgress) => void) | ((progress: Record<string, unknown>) => void),
  ): SolveOutput | GenreSolveResult {
    checkCallback(onProgress);
    const genre = this.genreRoute(puzzle, options);
    if (genre !== null) {
      const request = urlIndexRequest(genreRequestOf('solve', genre, genreText(puzzle, genre.genre)), puzzle, options);
      return this.callGenre('Unable to solve the puzzle', request, onProgress as (p: unknown) => void);
    }
    [puzzle, options] = this.sudokuAt(puzzle, options);
    // Progress is branch-and-bound's (nodes, bound, gap): asking for it asks for that method.
    const request = withSudokuGenre(options, requestOf('solve', withoutSudokuGenre(options), OPTIONS_OF.solve, puzzleText(puzzle), onProgress !== undefined));
    const result = this.call(
      'Unable to solve the puzzle',
      request,
      onProgress as ((progress: SolveProgress) => void) | undefined,
    ) as SolveOutput;
    return withGrids(result);
  }

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
  solveMany(
    puzzles: PuzzLinkUrl,
    options: UrlSolveManyOptions & { workers: number },
    onProgress?: (progress: UrlSolveManyProgress) => void,
  ): Promise<UrlSolveManyResult>;
  solveMany(puzzles: PuzzLinkUrl, options?: UrlSolveManyOptions, onProgress?: (progress: UrlSolveManyProgress) => void): UrlSolveManyResult;
  solveMany(
    puzzles: string | readonly PuzzleInput[],
    options: SolveManyOptions & { workers: number },
    onProgress?: (progress: SolveManyProgress) => void,
  ): Promise<SolveManyResult>;
  solveMany(
    puzzles: string | readonly PuzzleInput[],
    options?: SolveManyOptions,
    onProgress?: (progress: SolveManyProgress) => void,
  ): SolveManyResult;
  solveMany(
    puzzles: string | readonly PuzzleInput[],
    options?: (SolveManyOptions | GenreSolveManyOptions | UrlSolveManyOptions) & { workers?: number },
    onProgress?: ((progress: SolveManyProgress) => void) | ((progress: GenreSolveManyProgress) => void),
  ): SolveManyResult | GenreSolveManyResult | Promise<SolveManyResult | GenreSolveManyResult> {
    checkCallback(onProgress);
    const start = now();
    let workers: number | undefined;
    let rest = options;
    if (typeof options === 'object' && options !== null && 'workers' in options) {
      ({ workers, ...rest } = options);
      if (!Number.isInteger(workers) || (workers as number) < 1 || (workers as number) > MAX_WORKERS) {
        throw invalidOption('workers', `Option 'workers' must be a whole number from 1 to ${MAX_WORKERS}, not ${describe(workers)}.`);
      }
      if (this.threads === null) {
        throw invalidOption(
          'workers',
          "Option 'workers' needs worker threads, which only the Node entry has (import 'gridmilp' in Node); in a browser, run solvers in Web Workers of your own.",
        );
      }
    }
    // Either kind, seen through what both share (an item the batch's own fill takes). A
    // text of puzz.link URLs without `genre` names its own, as for one puzzle; one of
    // several genres solves each puzzle as its URL's genre.
    const urlGenres = this.urlGenres(puzzles, rest);
    const genre = (typeof puzzles === 'string' ? this.genreRoute(puzzles, rest, urlGenres) : genreOptionsOf(rest)) as GenreSolveManyOptions | null;
    const batch = (
      genre !== null
        ? this.planGenreMany(puzzles, genre, urlGenres !== null && urlGenres.length > 1 ? urlGenres : null)
        : this.planMany(puzzles, withoutSudokuGenre(rest) as SolveManyOptions | undefined)
    ) as unknown as PlannedBatch<BatchItem, SolveManyResult | GenreSolveManyResult>;
    const report = onProgress as ((progress: Omit<BatchProgress, 'item'> & { item: BatchItem }) => void) | undefined;
    if (workers !== undefined) {
      return this.runOnThreads(batch, workers, report, start).then(() => batch.summary(start));
    }
    batch.items.forEach((item, index) => {
      batch.fill(item, this.send('Unable to solve the puzzles', batch.request(index) as EngineRequest) as EngineResponse);
      report?.({ done: index + 1, total: batch.items.length, elapsedMs: now() - start, item });
    });
    return batch.summary(start);
  }

  /**
   * A batch's items (names, lines, givens) and solve requests, every puzzle and option
   * checked before the first solve: a text is parsed once and each puzzle sent in
   * canonical form with the shape the text was read with.
   */
  private planMany(puzzles: unknown, options: SolveManyOptions | undefined): PlannedBatch<SolveManyItem, SolveManyResult> {
    if (typeof puzzles === 'string') {
      puzzleText(puzzles);
      const checked = checkOptions('solveMany', options, OPTIONS_OF.solveMany);
      const { size, boxHeight, boxWidth, symbols, ...rest } = checked;
      const parsed = this.call('Unable to read the puzzles', {
        type: 'parse',
        // Sudoku's route for a text of URLs (one of several genres would take the genres').
        ...(looksLikeUrl(puzzles) ? { genre: 'sudoku' as const } : {}),
        text: puzzles,
        ...(size !== undefined ? { size: size as number | 'auto' } : {}),
        ...(boxHeight !== undefined ? { boxHeight: boxHeight as number } : {}),
        ...(boxWidth !== undefined ? { boxWidth: boxWidth as number } : {}),
        ...(symbols !== undefined ? { symbols: symbols as 'auto' } : {}),
      });
      const base = { ...batchRequest(requestOf('solveMany', rest, OPTIONS_OF.solveMany)), size: parsed.size, boxHeight: parsed.boxHeight, boxWidth: parsed.boxWidth, symbols: 'digits' as const };
      // Every request is `base` with its puzzle: made when sent (on threads the first
      // chunk leaves before the rest are made), as text by joining base's JSON with the
      // puzzle's (the engine's canonical givens: `.`, digits and letters, no escapes).
      const head = requestJson(base).slice(0, -1);
      // A record of another size than the text's first says its own (protocol.md, parse).
      const own = (k: number): { size?: number; boxHeight?: number; boxWidth?: number } => {
        const p = parsed.puzzles[k]!;
        return p.size === undefined ? {} : { size: p.size, boxHeight: p.boxHeight!, boxWidth: p.boxWidth! };
      };
      return sudokuBatch(
        parsed.format,
        parsed.puzzles.map((p, index) => ({ index, name: p.name, line: p.line, givens: p.givens, ...own(index) })),
        (k) => ({ ...base, ...own(k), puzzle: parsed.puzzles[k]!.givens }),
        (k, id) =>
          parsed.puzzles[k]!.size === undefined
            ? `${head},"puzzle":${JSON.stringify(parsed.puzzles[k]!.givens)},"id":${id}}`
            : requestJson({ ...base, ...own(k), puzzle: parsed.puzzles[k]!.givens, id }),
        parsed.refused as SolveManyResult['refused'],
      );
    }
    if (!Array.isArray(puzzles)) {
      throw invalidArgument(
        `solveMany needs a text of puzzles or an array of puzzles, not ${describe(puzzles)}.`,
        { field: 'puzzles' },
      );
    }
    const requests = puzzles.map((p: unknown, i) =>
      batchRequest(requestOf('solveMany', options, OPTIONS_OF.solveMany, puzzleText(p, i + 1))),
    );
    return sudokuBatch(
      'array',
      requests.map((request, index) => ({
        index,
        name: `Puzzle ${index + 1}`,
        line: 0,
        givens: typeof puzzles[index] === 'string' ? '' : request.puzzle,
      })),
      (k) => requests[k]!,
    );
  }

  /**
   * A genre batch's items and solve requests, every option checked before the first
   * solve: a text is parsed once (records that do not parse are left out and listed,
   * protocol.md "parse") and each puzzle sent alone, its own lines of the text, as the
   * page's Solve all and the CLI do; an array's texts are sent as they are. No board
   * comes back (`board: false`): drawing and sending it cost as much as a fast solve.
   */
  private planGenreMany(
    puzzles: unknown,
    options: GenreSolveManyOptions,
    ownGenres: GenreId[] | null = null,
  ): PlannedBatch<GenreSolveManyItem, GenreSolveManyResult> {
    for (const key of ['index', 'progressIntervalMs', 'recordBranching'] as const) {
      if ((options as unknown as Record<string, unknown>)[key] !== undefined) {
        throw invalidOption(
          key,
          `Option '${key}' is not for a batch: solveMany solves every puzzle of the text (send one puzzle to solve for '${key}').`,
        );
      }
    }
    const base = genreRequestOf('solve', options, '');
    const genre = ownGenreId(options.genre);
    let refused: GenreSolveManyResult['refused'] = [];
    let items: GenreSolveManyItem[];
    let requests: GenreRequest[];
    if (typeof puzzles === 'string') {
      puzzleText(puzzles);
      const parsed = this.callGenre<{
        puzzles: Array<{ genre: GenreId; name: string; line: number; lines: number | null }>;
        refused?: GenreSolveManyResult['refused'];
      }>('Unable to read the puzzles', {
        type: 'parse',
        // Without a genre, the engine reads each URL as its own genre's puzzle.
        ...(ownGenres === null ? { genre } : {}),
        text: puzzles,
        ...(base.size !== undefined ? { size: base.size } : {}),
      });
      refused = parsed.refused ?? [];
      const lines = puzzles.split('\n');
      items = parsed.puzzles.map((p, index) => ({ index, name: p.name, line: p.line, ...(ownGenres !== null ? { genre: p.genre } : {}) }));
      requests = parsed.puzzles.map((p) => ({
        ...(ownGenres !== null ? ownGenreRequest(base, p.genre) : base),
        board: false,
        name: p.name,
        puzzle: ownLines(lines, p),
      }));
    } else if (Array.isArray(puzzles)) {
      requests = puzzles.map((p: unknown, i) => {
        if (typeof p !== 'string') {
          throw invalidArgument(`A ${genre} batch takes puzzle texts, not ${describe(p)} (puzzle ${i + 1}).`, { puzzle: i + 1 });
        }
        return { ...base, board: false, puzzle: puzzleText(p, i + 1).puzzle };
      });
      items = requests.map((_, index) => ({ index, name: `Puzzle ${index + 1}`, line: 0 }));
    } else {
      throw invalidArgument(
        `solveMany needs a text of puzzles or an array of puzzle texts, not ${describe(puzzles)}.`,
        { field: 'puzzles' },
      );
    }
    return {
      items,
      request: (k) => requests[k]!,
      requestText: (k, id) => requestJson({ ...requests[k]!, id }),
      // A genre puzzle may take ms or seconds: one per message until the answers show the
      // pace, then about GENRE_MESSAGE_MS of work per message (a chunk of slow puzzles
      // would leave a thread idle at the end; one fast puzzle per message spends the
      // calling thread on messages: Kakuro at about 4 ms a puzzle ran 1.67× on 2 threads
      // one by one, 1.89× four at a time).
      chunk: genreChunk,
      inFlight: 2,
      fill: fillGenreItem,
      summary: (start) => ({
        genre,
        ...(ownGenres !== null ? { genres: ownGenres } : {}),
        refused,
        ...counts(items, (item) => item.answer !== undefined),
        elapsedMs: now() - start,
      }),
    };
  }

  /**
   * solveMany's `workers`: the requests go out in chunks to whichever thread is free
   * (each thread a module of its own), the items come back in input order.
   */
  private async runOnThreads<I extends BatchItem>(
    batch: PlannedBatch<I, unknown>,
    workers: number,
    onProgress: ((progress: Omit<BatchProgress, 'item'> & { item: I }) => void) | undefined,
    start: number,
  ): Promise<void> {
    const threads = this.threads!;
    const total = batch.items.length;
    // The team: as many threads as the first chunks can keep busy.
    const team = Math.min(workers, Math.ceil(total / batch.chunk(total, workers, undefined)));
    let next = 0;
    let done = 0;
    let failed = false;
    // The engine's ms per answer so far (items' `ms`), for the next chunk's size.
    let timedMs = 0;
    let timed = 0;
    const work = async (thread: number): Promise<void> => {
      while (next < total && !failed) {
        const from = next;
        // Near the end, smaller chunks (guided self-scheduling): at most a share of what
        // is left per chunk in flight, so no thread is left with the last long chunks
        // while the others wait (a file whose slowest puzzles come last).
        const share = Math.ceil((total - from) / (team * batch.inFlight));
        const size = Math.min(batch.chunk(total, workers, timed > 0 ? timedMs / timed : undefined), share);
        const to = Math.min(total, from + size);
        next = to;
        const requests: string[] = [];
        for (let k = from; k < to; k++) requests.push(batch.requestText(k, k + 1));
        const responses = await threads.run(thread, requests);
        responses.forEach((response, k) => {
          const item = batch.items[from + k]!;
          batch.fill(item, response);
          const ms = item.ms;
          if (ms !== undefined) {
            timedMs += ms;
            timed++;
          }
          done++;
          onProgress?.({ done, total, elapsedMs: now() - start, item });
        });
      }
    };
    threads.hold(true);
    try {
      // Several chunks in flight per thread (batch.inFlight): the next waits in the
      // thread while this thread takes the last one's answers.
      await firstError(Array.from({ length: team * batch.inFlight }, (_, k) => work(k % team)));
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      threads.hold(false);
    }
  }

  checkUniqueness(puzzle: string, options: GenreSolveCallOptions): GenreUniquenessResult;
  checkUniqueness(puzzle: PuzzLinkUrl, options?: UrlSolveCallOptions): CheckUniquenessOutput | GenreUniquenessResult;
  checkUniqueness(puzzle: PuzzleInput, options?: CheckUniquenessOptions): CheckUniquenessOutput;
  checkUniqueness(
    puzzle: PuzzleInput,
    options?: CheckUniquenessOptions | GenreSolveCallOptions | UrlSolveCallOptions,
  ): CheckUniquenessOutput | GenreUniquenessResult {
    const genre = this.genreRoute(puzzle, options);
    if (genre !== null) {
      const request = urlIndexRequest(genreRequestOf('checkUniqueness', genre, genreText(puzzle, genre.genre)), puzzle, options);
      return this.callGenre('Unable to check uniqueness', request);
    }
    [puzzle, options] = this.sudokuAt(puzzle, options);
    const request = withSudokuGenre(options, requestOf('checkUniqueness', withoutSudokuGenre(options), OPTIONS_OF.checkUniqueness, puzzleText(puzzle)));
    const r = this.call('Unable to check uniqueness', request);
    const out: CheckUniquenessOutput = { ...r, givensGrid: gridOf(r.givens, r.size) };
    if (r.solution !== undefined) out.solutionGrid = gridOf(r.solution, r.size);
    if (r.secondSolution !== undefined) out.secondSolutionGrid = gridOf(r.secondSolution, r.size);
    return out;
  }

  enumerate(
    puzzle: string,
    options: GenreSolveCallOptions & { limit?: number },
    onProgress?: (progress: Record<string, unknown>) => void,
  ): GenreEnumerateResult;
  enumerate(
    puzzle: PuzzLinkUrl,
    options?: UrlSolveCallOptions & { limit?: number },
    onProgress?: (progress: EnumerateProgress | Record<string, unknown>) => void,
  ): EnumerateOutput | GenreEnumerateResult;
  enumerate(puzzle: PuzzleInput, options?: EnumerateOptions, onProgress?: (progress: EnumerateProgress) => void): EnumerateOutput;
  enumerate(
    puzzle: PuzzleInput,
    options?: EnumerateOptions | (GenreSolveCallOptions & { limit?: number }) | (UrlSolveCallOptions & { limit?: number }),
    onProgress?: ((progress: EnumerateProgress) => void) | ((progress: Record<string, unknown>) => void),
  ): EnumerateOutput | GenreEnumerateResult {
    checkCallback(onProgress);
    const genre = this.genreRoute(puzzle, options);
    if (genre !== null) {
      const request = urlIndexRequest(genreRequestOf('enumerate', genre, genreText(puzzle, genre.genre)), puzzle, options);
      return this.callGenre('Unable to enumerate answers', request, onProgress as (p: unknown) => void);
    }
    [puzzle, options] = this.sudokuAt(puzzle, options);
    const request = withSudokuGenre(options, requestOf('enumerate', withoutSudokuGenre(options), OPTIONS_OF.enumerate, puzzleText(puzzle)));
    const r = this.call('Unable to enumerate solutions', request, onProgress as ((progress: EnumerateProgress) => void) | undefined);
    // The route requestOf chose (every field set for a routed call): the result does not say it.
    const { model, method } = (request as { options: { model: ModelKind; method: SolveMethod } }).options;
    return {
      ...r,
      model,
      stats: { ...r.stats, method },
      givensGrid: gridOf(r.givens, r.size),
      solutionGrids: r.solutions.map((s) => gridOf(s, r.size)),
    };
  }

  explainInfeasible(
    puzzle: string,
    options: GenreExplainCallOptions,
    onProgress?: (progress: Record<string, unknown>) => void,
  ): GenreExplainResult;
  explainInfeasible(
    puzzle: PuzzleInput,
    options?: ExplainInfeasibleOptions,
    onProgress?: (progress: ExplainInfeasibleProgress) => void,
  ): ExplainInfeasibleOutput;
  explainInfeasible(
    puzzle: PuzzleInput,
    options?: ExplainInfeasibleOptions | GenreExplainCallOptions,
    onProgress?: ((progress: ExplainInfeasibleProgress) => void) | ((progress: Record<string, unknown>) => void),
  ): ExplainInfeasibleOutput | GenreExplainResult {
    checkCallback(onProgress);
    const genre = genreOptionsOf(options) as GenreExplainCallOptions | null;
    if (genre !== null) {
      const { limit, ...rest } = genre;
      const request = genreRequestOf('explainInfeasible', rest, genreText(puzzle, rest.genre));
      if (limit !== undefined) request.limit = limit as number;
      return this.callGenre('Unable to explain the puzzle', request, onProgress as (p: unknown) => void);
    }
    const request = requestOf('explainInfeasible', withoutSudokuGenre(options), OPTIONS_OF.explainInfeasible, puzzleText(puzzle));
    const r = this.call('Unable to explain the puzzle', request, onProgress as (progress: ExplainInfeasibleProgress) => void);
    const out: ExplainInfeasibleOutput = { ...r, givensGrid: gridOf(r.givens, r.size) };
    if (r.partialFill?.grid !== undefined) out.partialFillGrid = gridOf(r.partialFill.grid, r.size);
    if (r.removals.completion !== undefined) out.completionGrid = gridOf(r.removals.completion, r.size);
    return out;
  }

  generate(options?: GenerateOptions, onProgress?: (progress: GenerateProgress) => void): GenerateOutput {
    checkCallback(onProgress);
    const request = requestOf('generate', options, OPTIONS_OF.generate);
    const r = this.call('Unable to generate a puzzle', request, onProgress);
    return { ...r, puzzleGrid: gridOf(r.puzzle, r.size), solutionGrid: gridOf(r.solution, r.size) };
  }

  complete(puzzle?: PuzzleInput | null, options?: CompleteOptions): CompleteOutput {
    const text = puzzle === undefined || puzzle === null ? undefined : puzzleText(puzzle);
    const request = requestOf('complete', options, OPTIONS_OF.complete, text);
    const r = this.call('Unable to complete the grid', request);
    const out: CompleteOutput = { ...r, givensGrid: gridOf(r.givens, r.size) };
    if (r.solution !== undefined) out.solutionGrid = gridOf(r.solution, r.size);
    return out;
  }

  exportModel(puzzle: string, options: GenreSolveCallOptions & { format?: ModelFormat; afterCuts?: boolean }): GenreExportModelResult;
  exportModel(
    puzzle: PuzzLinkUrl,
    options?: { model?: string; format?: ModelFormat; afterCuts?: boolean; timeLimitMs?: number; genre?: undefined },
  ): ExportModelOutput | GenreExportModelResult;
  exportModel(puzzle: PuzzleInput, options?: ExportModelOptions): ExportModelOutput;
  exportModel(
    puzzle: PuzzleInput,
    options?:
      | ExportModelOptions
      | (GenreSolveCallOptions & { format?: ModelFormat; afterCuts?: boolean })
      | { model?: string; format?: ModelFormat; afterCuts?: boolean; timeLimitMs?: number; genre?: undefined },
  ): ExportModelOutput | GenreExportModelResult {
    const genre = this.genreRoute(puzzle, options) as (GenreSolveCallOptions & { format?: unknown; afterCuts?: unknown }) | null;
    if (genre !== null) {
      const { format, afterCuts, ...rest } = genre;
      if (format !== undefined) CHECKS.format!(format, 'format');
      if (afterCuts !== undefined) CHECKS.afterCuts!(afterCuts, 'afterCuts');
      const request = urlIndexRequest(genreRequestOf('exportModel', rest, genreText(puzzle, rest.genre)), puzzle, options);
      request.format = (format as ModelFormat | undefined) ?? 'lp';
      if (afterCuts !== undefined) request.options = { ...request.options, afterCuts: afterCuts as boolean };
      return this.callGenre('Unable to export the model', request);
    }
    [puzzle, options] = this.sudokuAt(puzzle, options);
    const request = requestOf('exportModel', withoutSudokuGenre(options), OPTIONS_OF.exportModel, puzzleText(puzzle));
    return this.call('Unable to export the model', withSudokuGenre(options, { ...request, format: request.format ?? 'lp' }));
  }

  relax(puzzle: string, options: GenreSolveCallOptions): GenreRelaxResult;
  relax(puzzle: PuzzLinkUrl, options?: { model?: string; genre?: undefined }): RelaxOutput | GenreRelaxResult;
  relax(puzzle: PuzzleInput, options?: RelaxOptions): RelaxOutput;
  relax(puzzle: PuzzleInput, options?: RelaxOptions | GenreSolveCallOptions | { model?: string; genre?: undefined }): RelaxOutput | GenreRelaxResult {
    const genre = this.genreRoute(puzzle, options);
    if (genre !== null) {
      const request = urlIndexRequest(genreRequestOf('relax', genre, genreText(puzzle, genre.genre)), puzzle, options);
      return this.callGenre('Unable to solve the LP relaxation', request);
    }
    [puzzle, options] = this.sudokuAt(puzzle, options);
    const request = requestOf('relax', withoutSudokuGenre(options), OPTIONS_OF.relax, puzzleText(puzzle));
    const r = this.call('Unable to solve the LP relaxation', withSudokuGenre(options, request));
    return { ...r, givensGrid: gridOf(r.givens, r.size) };
  }

  request<T extends EngineRequest>(
    request: T,
    onProgress?: (progress: EngineProgressByType[T['type']]) => void,
  ): EngineResultByType[T['type']] {
    checkCallback(onProgress);
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw invalidArgument(`request needs a request object { type, ... }, not ${describe(request)}.`, {
        field: 'request',
      });
    }
    if (typeof request.type !== 'string') {
      throw invalidArgument(`The request has no 'type' (a string such as "solve").`, { field: 'type' });
    }
    return this.call(`Request '${request.type}' failed`, request, onProgress);
  }

  /** Send one request; an error response throws, naming `action`. */
  private call<T extends EngineRequest>(
    action: string,
    request: T,
    onProgress?: (progress: EngineProgressByType[T['type']]) => void,
  ): EngineResultByType[T['type']] {
    const response = this.send(action, request, onProgress);
    if ('error' in response) throw engineError(action, response.error);
    return response.result;
  }

  /**
   * The genre route's options for a call, or null for Sudoku's route: options naming a
   * genre other than Sudoku, or a puzz.link URL of such a genre with no `genre` given
   * (a Sudoku URL stays on Sudoku's route, which reads it).
   *
   * @throws GridmilpError `invalid_option` for an unknown genre; the engine's error
   *   for a URL it cannot read
   */
  private genreRoute(
    puzzle: unknown,
    options: unknown,
    genres: readonly GenreId[] | null = this.urlGenres(puzzle, options),
  ): (GenreSolveCallOptions & { limit?: number }) | null {
    if (genres !== null) {
      // A text of URLs of several genres, Sudoku among them, takes the genres' route.
      const genre = genres.find((g) => g !== 'sudoku');
      return genre === undefined ? null : ({ ...(options as object), genre } as GenreSolveCallOptions);
    }
    return genreOptionsOf(options);
  }

  /**
   * The genres of a text of puzz.link URLs sent without `genre` (each once, in the order
   * of their first URL, a URL whose body was refused counted too; protocol.md "parse":
   * each puzzle's and refused line's `genre`), or null for any other call.
   *
   * @throws GridmilpError the engine's error when no line of the text can be read
   */
  private urlGenres(puzzle: unknown, options: unknown): GenreId[] | null {
    if (typeof puzzle !== 'string' || !looksLikeUrl(puzzle)) return null;
    if (options !== undefined && !(typeof options === 'object' && options !== null && !('genre' in options))) return null;
    const parsed = this.callGenre<{
      genre: GenreId;
      puzzles: Array<{ genre: GenreId; line: number }>;
      refused?: Array<{ genre?: GenreId; line: number }>;
    }>('Unable to read the URL', { type: 'parse', text: puzzle });
    const lines = [...parsed.puzzles, ...(parsed.refused ?? [])].sort((x, y) => x.line - y.line);
    const genres = [parsed.genre];
    for (const { genre } of lines) if (genre !== undefined && !genres.includes(genre)) genres.push(genre);
    return genres;
  }

  /** The engine's parse of `text` (checked as `parse` checks it), without parse's grids. */
  private split(text: string, options?: ParseOptions) {
    if (typeof text !== 'string') {
      throw invalidArgument(`parse needs a text (string), not ${describe(text)}.`, { field: 'text' });
    }
    puzzleText(text);
    const fields = checkOptions('parse', options, OPTIONS_OF.parse);
    return this.call('Unable to read the puzzles', { type: 'parse', text, ...fields });
  }

  /**
   * A Sudoku call's `index`: the text's puzzle at that 1-based place, as `parse` lists them
   * (a record of another size with its own size and boxes), in place of the text, and the
   * options without `index`; the call as it is without one. The engine's Sudoku route
   * reads one puzzle a request, so a file's third puzzle was out of reach of `solve`
   * (a developer's session; the genre route takes `index` itself).
   *
   * @throws GridmilpError `invalid_option` (where.field `index`) for an index that is not a
   *   whole number ≥ 1 or names no puzzle of the text, or for a puzzle that is not a text;
   *   the engine's error when the text does not read
   */
  private sudokuAt<O>(puzzle: PuzzleInput, options: O): [PuzzleInput, O] {
    if (typeof options !== 'object' || options === null || !('index' in options)) return [puzzle, options];
    const { index, ...rest } = options as Record<string, unknown>;
    if (index === undefined) return [puzzle, rest as O];
    if (typeof puzzle !== 'string') throw invalidOption('index', `Option 'index' picks one puzzle of a text; this puzzle is ${describe(puzzle)}.`);
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 1) {
      throw invalidOption('index', `Option 'index' must be a whole number ≥ 1 (the puzzle's place in the text), not ${describe(index)}.`);
    }
    const fields: Record<string, unknown> = {};
    for (const key of PUZZLE_FIELD_NAMES) if (rest[key] !== undefined) fields[key] = rest[key];
    // Without `parse`'s grid of each puzzle, work for every puzzle of a large file where
    // one is wanted (the engine still reads them all).
    const parsed = this.split(puzzle, fields as ParseOptions);
    const picked = parsed.puzzles[index - 1];
    if (picked === undefined) {
      throw invalidOption('index', `Option 'index' is ${index}, but the text holds ${parsed.puzzles.length} ${parsed.puzzles.length === 1 ? 'puzzle' : 'puzzles'} that read.`);
    }
    const shape = picked.size !== undefined ? picked : parsed;
    return [picked.givens, { ...rest, size: shape.size, boxHeight: shape.boxHeight, boxWidth: shape.boxWidth, symbols: 'digits' } as O];
  }

  /** A genre request (protocol.md, "Genres"): the result, or the engine's error thrown. */
  private callGenre<R>(action: string, request: GenreRequest, onProgress?: (progress: unknown) => void): R {
    const response = this.send(action, request as unknown as EngineRequest, onProgress) as
      | { result: R }
      | { error: Parameters<typeof engineError>[1] };
    if ('error' in response) throw engineError(action, response.error);
    return response.result;
  }

  /** Send one request and return the response; throws only when the engine is unusable. */
  private send<T extends EngineRequest>(
    action: string,
    request: T,
    onProgress?: (progress: EngineProgressByType[T['type']]) => void,
  ) {
    const engine = this.engine;
    if (engine === null) {
      throw new GridmilpError('disposed', `${action}: this solver was disposed; create a new one with createSolver().`);
    }
    const withId = { ...request, id: this.nextId++ };
    try {
      return onProgress !== undefined
        ? engine.requestWithProgress(withId, onProgress)
        : engine.request(withId);
    } catch (e) {
      if (e instanceof EngineCrashedError) {
        throw new GridmilpError(
          'engine_crashed',
          `${action}: ${e.message}. This solver cannot be used any more; create a new one with createSolver().`,
        );
      }
      throw e;
    }
  }
}

type RequestType = keyof typeof OPTIONS_OF;
type RequestOf<T extends RequestType> = Extract<EngineRequest, { type: T extends 'solveMany' ? 'solve' : T }>;

/**
 * Check a method's options and build its request: the MILP options go into `options`,
 * the rest (puzzle fields, objective, seed, …) are top-level fields.
 */
function requestOf<T extends RequestType>(
  method: T,
  options: unknown,
  allowed: readonly string[],
  puzzle?: PuzzleText,
  wantsProgress = false,
): RequestOf<T> {
  const checked = checkOptions(method, options, allowed, puzzle?.size);
  const request: Record<string, unknown> = { type: method === 'solveMany' ? 'solve' : method };
  const milp: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(checked)) {
    if ((MILP_OPTION_NAMES as readonly string[]).includes(key)) milp[key] = value;
    else request[key] = value;
  }
  if (ROUTED.includes(method)) {
    // The fastest GLPK route unless the caller chose one (docs/performance.md): the
    // reduced model, and CNF-SAT unless an objective, the branching record or progress
    // needs branch-and-bound. The result says which ran (`model`, `stats.method`).
    milp.model ??= 'reduced';
    const needsBranchAndBound =
      request.objective !== undefined || milp.model === 'packing' || milp.recordBranching === true || wantsProgress;
    milp.method ??= needsBranchAndBound ? 'branch-and-bound' : 'sat';
  }
  if (Object.keys(milp).length > 0) request.options = milp;
  if (puzzle !== undefined) request.puzzle = puzzle.puzzle;
  return request as unknown as RequestOf<T>;
}

/** The calls that take the fastest route by default (the others keep the protocol's). */
const ROUTED: readonly RequestType[] = ['solve', 'solveMany', 'checkUniqueness', 'enumerate'];

/**
 * The genre options of a call whose options name a genre other than Sudoku, or null.
 *
 * @throws GridmilpError `invalid_option` (field `genre`) for a genre that does not exist
 */
function genreOptionsOf(options: unknown): GenreSolveCallOptions | null {
  if (typeof options !== 'object' || options === null || !('genre' in options)) return null;
  const genre = (options as { genre: unknown }).genre;
  if (genre === 'sudoku' || genre === undefined) return null;
  const id = typeof genre === 'string' ? genreIdOf(genre) : null;
  if (id === null) throw unknownGenre(genre);
  // An alias (lightup) goes on as the genre's own id (akari).
  return (id === genre ? options : { ...(options as object), genre: id }) as GenreSolveCallOptions;
}

/**
 * `request` with `genre: 'sudoku'` when the call's options name it (protocol v2: the
 * result then also carries the genre route's answer and board, `SudokuGenreFields`).
 */
function withSudokuGenre<R extends object>(options: unknown, request: R): R {
  if (typeof options === 'object' && options !== null && (options as { genre?: unknown }).genre === 'sudoku') {
    (request as Record<string, unknown>).genre = 'sudoku';
  }
  return request;
}

/**
 * The genre's own id for the `genre` of options genreOptionsOf has checked (it turns an
 * alias into the genre's id, so this only narrows the type).
 *
 * @throws GridmilpError `invalid_option` for a genre no genre has as id or alias
 */
function ownGenreId(genre: Exclude<GenreId, 'sudoku'> | GenreAlias): Exclude<GenreId, 'sudoku'> {
  const id = genreIdOf(genre);
  if (id === null || id === 'sudoku') throw unknownGenre(genre);
  return id;
}

/**
 * The error for a `genre` option no genre has as id or alias, as the engine words it
 * (registry.cpp): "Unknown genre 'masyu': one of …"; a genre that is no string is
 * described ("the number 3").
 *
 * @param genre the option's value
 * @returns a GridmilpError `invalid_option` (field `genre`)
 */
function unknownGenre(genre: unknown): GridmilpError {
  const named = typeof genre === 'string' ? `'${genre}'` : describe(genre);
  const aliases = GENRES.flatMap((g) => ('alias' in g ? [`${g.alias} (${g.id})`] : []));
  return invalidOption('genre', `Unknown genre ${named}: one of ${GENRE_IDS.join(', ')}, or puzz.link's names ${aliases.join(', ')}.`);
}

/** A call's options without `genre` (checked against the Sudoku calls' option names, which do not list it); the caller's object is not changed. */
function withoutSudokuGenre<O>(options: O): O {
  if (typeof options !== 'object' || options === null || !('genre' in options)) return options;
  const { genre: _sudoku, ...rest } = options as Record<string, unknown>;
  return rest as O;
}

/**
 * A batch's request for a puzzle of `genre` in a text of URLs of several genres: `base`
 * with that genre; a Sudoku without a model or method named takes Sudoku's fastest
 * route (the reduced model, CNF-SAT unless an objective needs branch-and-bound), as
 * `solve` gives it alone.
 */
function ownGenreRequest(base: GenreRequest, genre: GenreId): GenreRequest {
  if (genre !== 'sudoku') return { ...base, genre };
  const options = { ...base.options };
  if (options.model === undefined) options.model = 'reduced';
  if (options.method === undefined && base.objective === undefined) options.method = 'sat';
  return { ...base, genre, options };
}

/**
 * A request on a text of puzz.link URLs sent without `genre`: `request` without the genre
 * taken for its route, so that the engine reads the text as `parse` does, each URL as its
 * own genre, and solves the puzzle `index` names as its URL's genre (protocol.md,
 * "index"), or the one URL of a text without `index` (a text of several is refused).
 * Any other request is returned as it is.
 *
 * @param request the genre request built from the call's options
 * @param puzzle the call's puzzle
 * @param options the call's options, as given (before a genre was taken from the URL)
 */
function urlIndexRequest(request: GenreRequest, puzzle: unknown, options: unknown): GenreRequest {
  // Without `index` too: a text of several URLs is then refused as the engine refuses it
  // ("The text holds 9 puzzles; …"), where the genre picked for the route quietly answered
  // its first URL of that genre (a developer's session).
  if (typeof puzzle !== 'string' || !looksLikeUrl(puzzle)) return request;
  if (typeof options === 'object' && options !== null && 'genre' in options) return request;
  const { genre: _genre, ...rest } = request;
  return rest;
}

/**
 * The puzzle of a call on the genre route: a text (a janko.at record, puzz.link URLs,
 * Saito's layout). Sudoku's grids as arrays (grid.ts) are no genre's.
 *
 * @throws GridmilpError invalid_argument for anything but a string, naming the genre
 */
function genreText(puzzle: unknown, genre: unknown): string {
  if (typeof puzzle === 'string') return puzzle;
  throw invalidArgument(
    `A ${String(genre)} puzzle is a text (a janko.at record, puzz.link URLs or Saito's layout), not ${describe(puzzle)}.`,
  );
}

/**
 * The fields of a genre request from the options of a call (checked here).
 *
 * @throws GridmilpError `invalid_option` naming an option the request type does not take
 *   or a value of the wrong kind
 */
function genreRequestOf(type: GenreRequest['type'], options: GenreSolveCallOptions, puzzle: string): GenreRequest {
  const request: GenreRequest = { type, genre: ownGenreId(options.genre), puzzle };
  const milp: GenreSolveOptions = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || key === 'genre') continue;
    if (key === 'limit' && type === 'enumerate') {
      CHECKS.limit!(value, key);
      request.limit = value as number;
    } else if (key === 'size' || key === 'index') {
      if (!Number.isInteger(value) || (value as number) < 1) {
        throw invalidOption(key, `Option '${key}' must be a whole number of 1 or more, not ${describe(value)}.`);
      }
      request[key] = value as number;
    } else if ((key === 'boxHeight' || key === 'boxWidth') && type !== 'explainInfeasible') {
      CHECKS[key]!(value, key);
      request[key] = value as number;
    } else if (key === 'objective' && (type === 'solve' || type === 'relax' || type === 'exportModel')) {
      CHECKS.objective!(value, key);
      request.objective = value as Objective;
    } else if (key === 'model') {
      if (typeof value !== 'string') throw invalidOption(key, `Option 'model' must be a string, not ${describe(value)}.`);
      milp.model = value;
    } else if (key === 'timeLimitMs' || key === 'presolve' || key === 'method' || key === 'progressIntervalMs') {
      CHECKS[key]!(value, key);
      (milp as Record<string, unknown>)[key] = value;
    } else {
      const names = [
        'genre',
        'size',
        'index',
        ...(type === 'explainInfeasible' ? [] : ['boxHeight', 'boxWidth']),
        'timeLimitMs',
        'presolve',
        'model',
        'method',
        'progressIntervalMs',
        ...(type === 'enumerate' ? ['limit'] : []),
        ...(type === 'exportModel' ? ['format', 'afterCuts'] : []),
        ...(type === 'solve' || type === 'relax' || type === 'exportModel' ? ['objective'] : []),
      ];
      throw invalidOption(
        key,
        `Unknown option '${key}' for ${type} with genre '${options.genre}'${closestName(key, names)}; its options are: ${names.join(', ')}${names.includes('objective') ? ' (objective: digit genres)' : ''}.`,
      );
    }
  }
  if (Object.keys(milp).length > 0) request.options = milp;
  return request;
}

function withGrids(result: SolveOutput): SolveOutput {
  result.givensGrid = gridOf(result.givens, result.size);
  if (result.solution !== undefined) result.solutionGrid = gridOf(result.solution, result.size);
  return result;
}

/**
 * A batch's solve request: without the reduction's counts in its answer (`reduction:
 * false`, protocol.md "solve"), which no item keeps, unless `explain` asks for them.
 * On sudoku17_last1000 an answer is then about 560 characters instead of 760, less to
 * send from a thread and to parse (issue #24).
 */
function batchRequest<R extends Extract<EngineRequest, { type: 'solve' }>>(request: R): R {
  return request.options?.explain === true ? request : { ...request, reduction: false };
}

/** A solve response into a batch's item: its outcome, or its error (not thrown). */
function fillItem(item: SolveManyItem, response: EngineResponse): void {
  if ('error' in response) {
    item.error = response.error;
    return;
  }
  const r = response.result;
  item.givens = r.givens;
  item.status = r.status;
  if (r.solution !== undefined) {
    item.solution = r.solution;
    item.solutionGrid = gridOf(r.solution, r.size);
  }
  Object.assign(item, batchEffort(r)); // nodes, conflicts, or decided by the reduction
  item.ms = r.stats.totalMs;
  item.stats = r.stats;
}

/**
 * A batch before solving: its items, one solve request per item, how an answer fills
 * its item, and the result over the filled items (Sudoku's or a genre's).
 */
interface PlannedBatch<I, R> {
  items: I[];
  /** The solve request of item `index` (a new object or one the batch keeps; not changed). */
  request(index: number): Extract<EngineRequest, { type: 'solve' }> | GenreRequest;
  /** The same request with `id`, as the engine's JSON text (requestJson), for a thread. */
  requestText(index: number, id: number): string;
  /**
   * Requests per message to a thread, for `total` requests on `workers` threads, the
   * answers so far taking `paceMs` each on average (undefined before the first).
   */
  chunk(total: number, workers: number, paceMs: number | undefined): number;
  /** Messages in flight per thread. */
  inFlight: number;
  fill(item: I, response: EngineResponse): void;
  /** The result, `start` the call's clock reading (ms). */
  summary(start: number): R;
}

/** What every batch item has (Sudoku's and a genre's): the engine's ms once answered. */
interface BatchItem {
  ms?: number;
}

/** A genre batch's work per message to a thread once the pace is known, ms. */
const GENRE_MESSAGE_MS = 20;

/**
 * Puzzles per message to a thread in a genre batch: 1 until the pace is known, then
 * about GENRE_MESSAGE_MS of work, at most the Sudoku pool's chunk (solver/pool.ts).
 *
 * @param total puzzles in the batch
 * @param workers threads taking part
 * @param paceMs the engine's mean ms per answer so far, undefined before the first
 * @returns the chunk size, ≥ 1
 */
export function genreChunk(total: number, workers: number, paceMs: number | undefined): number {
  if (paceMs === undefined) return 1;
  return Math.max(1, Math.min(chunkSize(total, workers), Math.floor(GENRE_MESSAGE_MS / Math.max(paceMs, 0.01))));
}

/** A Sudoku batch: chunks as the page's pool sends them (solver/pool.ts). */
function sudokuBatch(
  format: SolveManyResult['format'],
  items: SolveManyItem[],
  request: (index: number) => Extract<EngineRequest, { type: 'solve' }>,
  requestText: (index: number, id: number) => string = (index, id) => requestJson({ ...request(index), id }),
  refused?: SolveManyResult['refused'],
): PlannedBatch<SolveManyItem, SolveManyResult> {
  return {
    items,
    request,
    requestText,
    chunk: (total, workers, paceMs) => chunkSize(total, workers, paceMs),
    inFlight: CHUNKS_IN_FLIGHT,
    fill: fillItem,
    summary: (start) => ({ ...summary(format, items, start), ...(refused !== undefined ? { refused } : {}) }),
  };
}

/** A genre solve's response into a batch's item: its outcome, or its error (not thrown). */
function fillGenreItem(item: GenreSolveManyItem, response: EngineResponse): void {
  if ('error' in response) {
    item.error = response.error;
    return;
  }
  const r = response.result as unknown as GenreSolveResult;
  // An array's record is named by its header (`=== a1`), not by its place; a URL alone
  // would be "url-1", and Saito's layout "saito", which its place says better.
  if (item.line === 0 && item.name === `Puzzle ${item.index + 1}` && typeof r.name === 'string' && r.name !== '' && !/^(url-\d+|Puzzle \d+|saito)$/.test(r.name)) {
    item.name = r.name;
  }
  item.status = r.status;
  if (r.answer !== undefined) item.answer = r.answer;
  if (r.warnings !== undefined && r.warnings.length > 0) item.warnings = r.warnings; // (none on Sudoku's route)
  Object.assign(item, batchEffort(r)); // nodes, or conflicts on CNF-SAT
  item.ms = r.stats.totalMs ?? r.stats.solveMs;
  item.stats = r.stats;
}

/** Solved, unsolved and failed items: failed have an `error`, solved pass `solved`. */
function counts<I extends { error?: unknown }>(
  items: I[],
  solved: (item: I) => boolean,
): { items: I[]; solved: number; unsolved: number; failed: number } {
  let yes = 0;
  let failed = 0;
  for (const item of items) {
    if (item.error !== undefined) failed++;
    else if (solved(item)) yes++;
  }
  return { items, solved: yes, unsolved: items.length - yes - failed, failed };
}

/** The most threads solveMany's `workers` may ask for. */
const MAX_WORKERS = 64;

function summary(format: SolveManyResult['format'], items: SolveManyItem[], start: number): SolveManyResult {
  return { format, ...counts(items, (item) => item.solution !== undefined), elapsedMs: now() - start };
}

function checkCallback(onProgress: unknown): void {
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw invalidArgument(`onProgress must be a function, not ${describe(onProgress)}.`, { field: 'onProgress' });
  }
}

/** A clock in ms (performance.now in browsers and Node). */
function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
