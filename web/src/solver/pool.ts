// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A batch on several workers (issue #24, "every core"): the text is parsed once, then
 * its puzzles go out in chunks to whichever worker is free, and the answers come back
 * in input order, the same items one worker gives. The main worker solves the first
 * few alone; helpers join when what is left, at that pace, is long enough to pay for
 * their start, else the main worker solves the rest alone, the first few's answers kept.
 * Loaded by {@link SolverClient} only for a batch that asks for more than one worker,
 * so the first solve does not fetch it.
 */
import { endedByRestart } from './protocol.js';
import type { GenreRequest } from './genre';
import type { BatchItem, BatchProgress, BatchResult, PuzzleFields, SolveOptions, WorkerParseResult } from './protocol';

/** What the pool needs of a worker's client (SolverClient's own methods). */
export interface BatchWorker {
  parse(text: string, fields?: PuzzleFields, first?: number): Promise<WorkerParseResult>;
  solveBatch(
    text: string,
    options?: SolveOptions,
    onProgress?: (progress: BatchProgress) => void,
    extra?: PuzzleFields & { largeTimeLimitMs?: number; quiet?: boolean; skip?: number },
  ): Promise<BatchResult>;
  /** How many workers it has started (SolverClient.workerStarts): a new one is cold. */
  readonly workerStarts?: number;
}

/** When helpers join: see HELPER_MIN_WORK_LEFT_MS and HELPER_MIN_WORK_LEFT_WARM_MS. */
export interface HelperPace {
  /** What is left at that pace, at least, ms, for helpers still to be started. */
  minWorkLeftMs: number;
  /** The same for helpers an earlier batch started (their start is paid). */
  minWorkLeftWarmMs: number;
}

/** The most puzzles sent to a worker at once when their pace is not known. */
const MAX_CHUNK = 32;
/**
 * The most puzzles sent at once when the pace is known (CHUNK_WORK_MS of work), and the
 * work a chunk is sized to, ms. Each chunk costs the page's thread a message, a reply
 * and its items; on 2 cores, with chunks of 32 puzzles of sudoku17_last1000 (0.05 ms
 * each), the page took 83–88 ms for 1,000 puzzles on 2 workers, with chunks of up to 128
 * 75–77 ms, and 488–504 against 453–468 ms for 10,000 (docs/performance.md). A chunk of
 * slow puzzles stays small, so that the progress still moves: one 1-s puzzle a chunk.
 * (The figures are of a pass with chunks of up to 128; 256 measured as well or better.)
 */
const MAX_PACED_CHUNK = 256;
/** The work a chunk is sized to once the pace is known, ms (see MAX_PACED_CHUNK). */
const CHUNK_WORK_MS = 20;
/** Chunks per worker at least, so that a slow chunk does not hold up the end. */
const CHUNKS_PER_WORKER = 8;
/**
 * Chunks queued in each worker at once: the next ones wait in the worker while the page
 * (or Node's calling thread) takes the last one's answers, so a busy calling thread does
 * not leave the worker idle. With 2, two workers still waited for the page (1,000
 * puzzles of sudoku17_last1000.txt on 2 cores: 338 ms against 263 ms with 4).
 */
export const CHUNKS_IN_FLIGHT = 4;

/**
 * Puzzles per chunk for `total` puzzles on `workers` workers: small enough that each
 * worker gets CHUNKS_PER_WORKER chunks, and at most MAX_CHUNK; or, once the pace is
 * known, about CHUNK_WORK_MS of work, at most MAX_PACED_CHUNK. Shared by the page's pool
 * (the probe's pace) and the npm API's solveMany on threads (the mean of the answers so
 * far).
 *
 * @param total puzzles in the batch, ≥ 0
 * @param workers workers taking part, ≥ 1
 * @param paceMs ms per puzzle so far, when known (a pace that is not a finite number
 *   ≥ 0 counts as unknown; 0 as very fast)
 * @returns the chunk size, ≥ 1
 */
export function chunkSize(total: number, workers: number, paceMs?: number): number {
  const share = Math.ceil(total / (workers * CHUNKS_PER_WORKER));
  if (paceMs === undefined || !Number.isFinite(paceMs) || paceMs < 0) return Math.max(1, Math.min(MAX_CHUNK, share));
  const paced = Math.floor(CHUNK_WORK_MS / Math.max(paceMs, 0.001));
  return Math.max(1, Math.min(MAX_PACED_CHUNK, share, paced));
}

/**
 * How many helpers join, by the pace the main worker has shown (the page's rule for a
 * Sudoku batch and for genre requests alike).
 *
 * @param workers workers allowed in all, ≥ 1
 * @param lanes how many more helpers could be busy at all (chunks or requests left)
 * @param perPuzzleMs the main worker's time per puzzle so far, ms
 * @param left puzzles left
 * @param warmHelpers helpers, from the first, whose start an earlier batch paid (a Sudoku
 *   batch's: {@link warmHelperCount}; genre requests': the helpers started)
 * @param pace the thresholds
 * @returns helpers to start, 0 when none pays (the main worker goes on alone)
 */
export function helpersToJoin(
  workers: number,
  lanes: number,
  perPuzzleMs: number,
  left: number,
  warmHelpers: number,
  pace: HelperPace,
): number {
  const count = Math.min(workers - 1, lanes);
  const minLeftMs = count <= warmHelpers ? pace.minWorkLeftWarmMs : pace.minWorkLeftMs;
  return count >= 1 && left * perPuzzleMs >= minLeftMs ? count : 0;
}

/**
 * Helpers join when what is left would take the main worker at least this long at the
 * pace so far, ms: a helper's start (its worker, its module, its first cold solves)
 * takes a few hundred ms. (Until the eleventh session helpers also needed 1 ms per
 * puzzle: the page's thread, drawing a row and the progress for each puzzle, was the
 * bottleneck of fast sets, and two workers ran them slower than one. With rows drawn
 * only as far as the table is scrolled and progress drawn every 100 ms, sudoku17_last1000
 * (0.2 ms a puzzle) runs faster on two: docs/performance.md.)
 */
const HELPER_MIN_WORK_LEFT_MS = 500;
/**
 * …or this long when the helpers are running already: 95 puzzles of top95.txt with the
 * candidates model and branch-and-bound (4.6 ms each, 437 ms in all) stayed on one
 * worker with the 500 ms above. The pace is the engine's own time per puzzle, about half
 * of what a fast 9×9 costs a worker (the request, its parse, its result): with 50 ms
 * here, one in twenty of sudoku17_last1000.txt's later batches (992 puzzles at a warm
 * median of 0.05 ms) stayed on one worker and took 134 ms instead of about 100.
 */
const HELPER_MIN_WORK_LEFT_WARM_MS = 25;

/**
 * Puzzles a helper started after a batch solves to warm up: a module's first solves run
 * its unoptimised code (V8 optimises a function once it has run a while), and a helper
 * warmed by the probe's 8 puzzles alone took sudoku17_last1000.txt's next batch 1.11×
 * as fast as one worker, against 1.32× for helpers that had solved a batch's chunks.
 */
const WARM_UP_PUZZLES = 128;

/**
 * Each helper's last warm-up, with what it warms the helper for: its worker (a restarted
 * one is cold) and the method (the CNF-SAT module is another module). A later batch by the
 * same method waits for that warm-up's answer, already in or not, and gives the helper
 * chunks then, without the probe's puzzles solved again first (a round trip before the
 * helper's first chunk). A helper without one is warmed up first, so that one whose module
 * fails to load takes no chunk; a warm-up that fails is forgotten. A helper still warming
 * up after the last batch (started after a batch that stayed on one worker) counts as warm
 * for the next: counted cold, it kept sudoku17_last1000.txt's next batch on one worker,
 * 92–108 ms against 67 on two.
 */
const warming = new WeakMap<BatchWorker, { key: string; answered: Promise<void> }>();

/** What a warm-up warms a helper for, with `options` ({@link warming}). */
function warmth(helper: BatchWorker, options: SolveOptions | undefined): string {
  return `${helper.workerStarts ?? 0} ${options?.method ?? ''}`;
}

/**
 * How many of `helpers`, from the first, an earlier batch warmed or is warming up for
 * `options`' method in the worker each has now ({@link warming}):
 * {@link solveBatchOnWorkers}'s `warmHelpers`. A helper started but not warmed so (the
 * method switched, or its worker restarted) is cold: helpers then join only when what is
 * left pays for a cold start (HELPER_MIN_WORK_LEFT_MS), and the text is parsed for the
 * probe first.
 *
 * @param helpers the helpers started so far, in the order `helpers(count)` gives them
 * @param options the batch's solver options (the method is what counts)
 * @returns the length of the warm prefix, 0 to `helpers.length`
 */
export function warmHelperCount(helpers: readonly BatchWorker[], options: SolveOptions | undefined): number {
  let count = 0;
  while (count < helpers.length && warming.get(helpers[count]!)?.key === warmth(helpers[count]!, options)) count++;
  return count;
}

/** Puzzles the main worker solves first, alone, to give the pace. */
const PROBE_PUZZLES = 8;

/** The page's pace (see the constants above). */
const PAGE_PACE: HelperPace = {
  minWorkLeftMs: HELPER_MIN_WORK_LEFT_MS,
  minWorkLeftWarmMs: HELPER_MIN_WORK_LEFT_WARM_MS,
};

/**
 * Solve every puzzle of `text` on `main` and up to `workers − 1` helpers.
 *
 * @param main the client that parses the text and solves its share
 * @param helpers returns `count` more clients (each with its own worker, started by the
 *   caller; asked for when the first PROBE_PUZZLES say helpers are worth their start,
 *   HELPER_MIN_WORK_LEFT_MS or HELPER_MIN_WORK_LEFT_WARM_MS, or a task after a batch
 *   that stayed on one worker but would have used warm helpers; may return fewer, none
 *   after Stop)
 * @param workers workers to use in all, ≥ 1
 * @param text one or many puzzles in any accepted format
 * @param options solver options applied to each puzzle
 * @param onProgress once with `done: 0` after parsing, then after each puzzle (on
 *   several workers a chunk's at a time, in the order chunks finish; `done` counts
 *   them; `item.index` is the input position)
 * @param fields puzzle fields for parsing, and the time limit for 16×16 and larger (ms)
 * @param warmHelpers how many helpers, from the first, an earlier batch warmed or is
 *   warming up for this method in their present worker ({@link warmHelperCount})
 * @param pace when helpers join (default: the page's, above; tests pass zeros)
 * @returns every puzzle's outcome in input order, as one worker's `solveBatch` gives it,
 *   with `elapsedMs` measured in the page and `workers` the number that took part (for
 *   records of many sizes, which the main worker solves alone because a chunk is sent as
 *   lines of one size: `workers` 1 and the worker's `elapsedMs`)
 * @throws SolverError (as rejection) when the text does not parse, on Stop, or when a
 *   worker crashes (the other workers take no new chunk after that)
 */
export async function solveBatchOnWorkers(
  main: BatchWorker,
  helpers: (count: number) => BatchWorker[],
  workers: number,
  text: string,
  options: SolveOptions | undefined,
  onProgress: ((progress: BatchProgress) => void) | undefined,
  fields: PuzzleFields & { largeTimeLimitMs?: number },
  warmHelpers = 0,
  pace: HelperPace = PAGE_PACE,
): Promise<BatchResult> {
  const start = performance.now();
  const { largeTimeLimitMs, ...puzzleFields } = fields;
  // The first puzzles, alone on the main worker, give the pace (their answers are kept
  // only if helpers join). With every helper warm for this method (warmHelpers) they
  // will most likely join: the text's puzzles are asked for at once, one round trip
  // fewer.
  const helpersReady = workers > 1 && warmHelpers >= workers - 1;
  const head = await main.parse(text, puzzleFields, helpersReady ? undefined : PROBE_PUZZLES);
  const { format, size, boxHeight, boxWidth, count: total } = head;
  if (head.mixedShapes) {
    // Records of many sizes: a helper's chunk is sent as lines of one size, so the
    // main worker, which reads each record's own, solves them all.
    return { ...(await main.solveBatch(text, options, onProgress, fields)), workers: 1 };
  }
  const probe = head.puzzles.slice(0, Math.min(chunkSize(total, workers), PROBE_PUZZLES));
  const shape = { size, boxHeight, boxWidth, symbols: 'digits' as const };
  const extra = { ...shape, quiet: true, ...(largeTimeLimitMs !== undefined ? { largeTimeLimitMs } : {}) };
  const probed = await main.solveBatch(probe.map((p) => p.givens).join('\n'), options, undefined, extra);
  const perPuzzle = paceOf(probed);
  const chunk = chunkSize(total, workers, perPuzzle);
  const left = total - probe.length;
  const count = helpersToJoin(workers, Math.ceil(left / chunk), perPuzzle, left, warmHelpers, pace);
  /**
   * A helper's module loaded and its code warmed by the probe's puzzles (a module's first
   * solves run its unoptimised code: a helper that had only loaded took top95.txt's
   * chunks slower than the main worker would have).
   */
  const warmUp = (helper: BatchWorker, lines = probe.map((p) => p.givens)): Promise<void> => {
    // Counted from the moment it is sent (warmHelperCount).
    const entry = { key: warmth(helper, options), answered: Promise.resolve() };
    warming.set(helper, entry);
    entry.answered = helper.solveBatch(lines.join('\n'), options, undefined, extra).then(() => undefined);
    entry.answered.catch(() => {
      if (warming.get(helper) === entry) warming.delete(helper);
    });
    return entry.answered;
  };
  /** The helper's warm-up for this batch: the one sent already for this method, else a new one. */
  const warm = (helper: BatchWorker): Promise<void> => {
    const last = warming.get(helper);
    return last?.key === warmth(helper, options) ? last.answered : warmUp(helper);
  };
  /** The probe's answers, at their input positions, with their names and lines. */
  const named = (answer: BatchItem): BatchItem => {
    const source = head.puzzles[answer.index]!;
    return { ...answer, name: source.name, line: source.line };
  };
  if (count === 0) {
    // Not worth a helper: the main worker solves the rest of the text alone, the probe's
    // answers kept (not solved twice: on a set of 10 16×16 puzzles that was most of it).
    onProgress?.({ done: 0, total, elapsedMs: performance.now() - start });
    const first = probed.items.map(named);
    first.forEach((item, k) => onProgress?.({ done: k + 1, total, elapsedMs: performance.now() - start, item }));
    const rest = await main.solveBatch(
      text,
      options,
      onProgress && ((p) => onProgress({ ...p, elapsedMs: performance.now() - start })),
      { ...fields, skip: first.length },
    );
    // Helpers that would have paid had they been running: started now, after the
    // batch, and warmed by its first WARM_UP_PUZZLES, so that the next batch finds them
    // ready.
    const items = [...first, ...rest.items];
    const later = helpersToJoin(workers, Math.ceil(left / chunk), perPuzzle, left, workers - 1, pace);
    if (later > warmHelpers) {
      const lines = items.slice(0, WARM_UP_PUZZLES).map((item) => item.givens);
      // A task later, once the page has drawn the result (starting a worker takes the
      // page's thread a moment).
      setTimeout(() => {
        try {
          for (const helper of helpers(later).slice(warmHelpers)) void warmUp(helper, lines).catch(() => undefined);
        } catch {
          // A helper that cannot start is left out; the next batch runs without it.
        }
      }, 0);
    }
    return { ...rest, items, elapsedMs: performance.now() - start, workers: 1 };
  }

  const { puzzles } = helpersReady ? head : await main.parse(text, puzzleFields);
  onProgress?.({ done: 0, total, elapsedMs: performance.now() - start });
  const items: BatchItem[] = new Array<BatchItem>(total);
  let done = 0;
  let allDone: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (allDone = resolve));
  /** A worker's answer for `puzzles[from + answer.index]`, at its input position. */
  const take = (from: number, answer: BatchItem): void => {
    const source = puzzles[from + answer.index]!;
    const item = { ...answer, index: from + answer.index, name: source.name, line: source.line };
    items[item.index] = item;
    done++;
    onProgress?.({ done, total, elapsedMs: performance.now() - start, item });
    if (done === total) allDone();
  };
  probed.items.forEach((answer) => take(0, answer));
  let next = probe.length;
  let failed = false;
  /** Chunks each worker holds (sent, not yet answered); its keys are the workers that took one. */
  const held = new Map<BatchWorker, number>();
  /** Workers taking chunks: the main worker, and each helper once it is warm. */
  let taking = 1;
  const work = async (worker: BatchWorker): Promise<void> => {
    while (next < total && !failed) {
      // No worker holds more than its share of the chunks left: a helper that joined
      // near the end took CHUNKS_IN_FLIGHT chunks at once and solved them one after
      // another while the other workers had none. A lane refused here ends; the share
      // only shrinks, and a worker's last lane always takes the next chunk.
      const mine = held.get(worker) ?? 0;
      if (mine > 0 && mine >= Math.ceil((total - next) / chunk / taking)) return;
      const from = next;
      next = Math.min(total, from + chunk);
      const lines = puzzles.slice(from, next).map((p) => p.givens);
      held.set(worker, mine + 1);
      const result = await worker.solveBatch(lines.join('\n'), options, undefined, extra);
      held.set(worker, held.get(worker)! - 1);
      result.items.forEach((answer) => take(from, answer));
    }
  };
  /** Chunks in flight per worker (see CHUNKS_IN_FLIGHT). */
  const lanes = (worker: BatchWorker): Array<Promise<void>> => Array.from({ length: CHUNKS_IN_FLIGHT }, () => work(worker));
  // A helper takes chunks once its module is loaded (a cold one's start takes a few
  // hundred ms, while the main worker goes on); one that is not ready when the chunks
  // run out takes none, and is warm for the next batch. A helper that fails to load
  // takes none either: the others solve its share.
  const joining = helpers(count).map(async (helper) => {
    try {
      await warm(helper);
    } catch {
      return;
    }
    taking++;
    await firstError(lanes(helper));
  });
  try {
    // Done when every answer is in (a helper still loading is not waited for), or at
    // the first error.
    await Promise.race([finished, firstError([...lanes(main), ...joining])]);
  } catch (e) {
    failed = true;
    throw e;
  }
  const refused = head.refused?.length ? { refused: head.refused } : {}; // (a text of URLs)
  return { format, size, boxHeight, boxWidth, items, elapsedMs: performance.now() - start, workers: Math.max(1, held.size), ...refused };
}

/**
 * Genre requests in flight per worker: the next waits in the worker while the page
 * takes the last one's answer. janko.at's 145 Norinori records as the page sends them,
 * on bare workers of the page's worker script (2 cores, median of 9 rounds): one worker
 * 264 ms with one in flight, 243 with two; two workers 140 with two, 133 with one, and
 * 127 with two but none held second in the last 2 × workers (genreOnWorkers).
 */
const GENRE_IN_FLIGHT = 2;

/** What {@link genreOnWorkers} needs of a worker's client (SolverClient's own method). */
export interface GenreWorker {
  genre<R>(request: Omit<GenreRequest, 'id'>): Promise<R>;
}

/**
 * One request's outcome in {@link genreOnWorkers}: its result, or the error it raised.
 * `queued` is true for a request that a Stop or a crash of the worker ended while it
 * still waited in its worker behind another (a worker answers its requests one after
 * another): it never began. One that an engine crash or out_of_memory ended so is sent
 * again instead.
 */
export type GenreOutcome<R> = { result: R } | { error: unknown; queued?: boolean };

/**
 * Genre requests (one puzzle each) on `main` and up to `workers − 1` helpers: the
 * first on the main worker alone, whose time (in the page, ms) gives the pace as for
 * a Sudoku batch; then each worker takes the next request as it finishes one,
 * GENRE_IN_FLIGHT in flight per worker (on one worker too), but one each in the last
 * GENRE_IN_FLIGHT × workers. The page's "Solve all" for the genres.
 *
 * @param requests the genre requests, in input order
 * @param onEach called once per request as it finishes (in the order they finish),
 *   with its input position and outcome
 * @param warmHelpers how many helpers run already (started by an earlier call)
 * @param pace when helpers join (default: the page's)
 * @returns the number of workers that took part
 * @throws SolverError (as rejection) on Stop or when a worker crashes (`stopped`,
 *   `worker_crashed`): no request starts after that; other errors are outcomes
 */
export async function genreOnWorkers<R>(
  main: GenreWorker,
  helpers: (count: number) => GenreWorker[],
  workers: number,
  requests: ReadonlyArray<Omit<GenreRequest, 'id'>>,
  onEach: (index: number, outcome: GenreOutcome<R>) => void,
  warmHelpers = 0,
  pace: HelperPace = PAGE_PACE,
): Promise<number> {
  const total = requests.length;
  let next = 0;
  let failed = false;
  /**
   * Each worker's requests not yet answered, in the order sent. One that a restart of
   * its worker ended (`ended`) stays until the worker's next request is sent, so that the
   * requests behind it, which the same restart ends, are still seen queued behind it.
   */
  const waiting = new Map<GenreWorker, Array<{ ended: boolean }>>();
  const one = async (worker: GenreWorker, index: number): Promise<void> => {
    const mine = waiting.get(worker) ?? [];
    waiting.set(worker, mine);
    for (let k = mine.length - 1; k >= 0; k--) if (mine[k]!.ended) mine.splice(k, 1);
    const sent = { ended: false };
    mine.push(sent);
    try {
      const result = await worker.genre<R>(requests[index]!);
      mine.splice(mine.indexOf(sent), 1);
      onEach(index, { result });
    } catch (e) {
      const restart = endedByRestart(e);
      const queued = restart && mine.indexOf(sent) > 0;
      if (restart) sent.ended = true;
      else mine.splice(mine.indexOf(sent), 1);
      const code = (e as { code?: unknown }).code;
      const ended = code === 'stopped' || code === 'worker_crashed';
      if (queued && !ended) {
        // The engine's crash (or its memory) restarted the worker under a request that
        // waited behind the one at fault: sent again, to the fresh worker, once every
        // request that restart ended has been seen (their rejections come together).
        await new Promise((resolve) => setTimeout(resolve, 0));
        return one(worker, index);
      }
      onEach(index, queued ? { error: e, queued: true } : { error: e });
      if (ended) {
        failed = true;
        throw e;
      }
    }
  };
  if (total === 0) return 1;
  const t0 = performance.now();
  await one(main, next++);
  const firstMs = performance.now() - t0;
  const left = total - next;
  const count = helpersToJoin(workers, left, firstMs, left, warmHelpers, pace);
  const team = count > 0 ? [main, ...helpers(count)] : [main];
  /** Requests each worker holds (sent, not yet answered). */
  const held = new Map<GenreWorker, number>();
  const work = async (worker: GenreWorker): Promise<void> => {
    while (next < total && !failed) {
      // In the last GENRE_IN_FLIGHT × workers requests, one each: a request queued
      // behind a slow one had ended the batch while the other worker stood idle. A lane
      // refused here ends; a worker's last lane always takes the next request.
      const mine = held.get(worker) ?? 0;
      if (team.length > 1 && mine > 0 && total - next <= team.length * GENRE_IN_FLIGHT) return;
      held.set(worker, mine + 1);
      try {
        await one(worker, next++);
      } finally {
        held.set(worker, held.get(worker)! - 1);
      }
    }
  };
  try {
    await firstError(team.flatMap((worker) => Array.from({ length: GENRE_IN_FLIGHT }, () => work(worker))));
  } catch (e) {
    failed = true;
    throw e;
  }
  return team.length;
}

/**
 * A probe's time per puzzle, ms: the median of the engine's own times (the first solves
 * of a fresh worker are slow while V8 compiles and tiers up the module, and a mean
 * made helpers join a cold first batch that one worker would have finished sooner), or
 * the mean wall time when the items carry none.
 *
 * @param probed the probe's result
 * @returns ms per puzzle, 0 for an empty probe
 */
function paceOf(probed: BatchResult): number {
  const times = probed.items.map((item) => item.ms).filter((ms): ms is number => ms !== undefined);
  if (times.length === 0) return probed.items.length > 0 ? probed.elapsedMs / probed.items.length : 0;
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  return times.length % 2 === 1 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
}

/**
 * Promise.all for lanes that keep running after a first failure: rejects with the first
 * error, and the later rejections are handled (not reported as unhandled, which would
 * end a Node process).
 *
 * @param lanes the lanes' promises
 * @returns a promise that resolves when every lane has, or rejects with the first error
 */
export function firstError(lanes: ReadonlyArray<Promise<void>>): Promise<void> {
  for (const lane of lanes) lane.catch(() => undefined);
  return Promise.all(lanes).then(() => undefined);
}
