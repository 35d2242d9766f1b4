// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A batch on several workers (issue #24, "every core"): the text is parsed once, then
 * its puzzles go out in chunks to whichever worker is free, and the answers come back
 * in input order, the same items one worker gives. Loaded by {@link SolverClient} only
 * for a batch that asks for more than one worker, so the first solve does not fetch it.
 */
import type { BatchItem, BatchProgress, BatchResult, PuzzleFields, SolveOptions, WorkerParseResult } from './protocol';

/** What the pool needs of a worker's client (SolverClient's own methods). */
export interface BatchWorker {
  parse(text: string, fields?: PuzzleFields): Promise<WorkerParseResult>;
  solveBatch(
    text: string,
    options?: SolveOptions,
    onProgress?: (progress: BatchProgress) => void,
    extra?: PuzzleFields & { largeTimeLimitMs?: number },
  ): Promise<BatchResult>;
}

/** The most puzzles sent to a worker at once. */
const MAX_CHUNK = 32;
/** Chunks per worker at least, so that a slow chunk does not hold up the end. */
const CHUNKS_PER_WORKER = 8;
/**
 * Fewer puzzles than this stay on the main worker: a helper's start (its worker, its
 * module, its first cold solves: a few hundred ms) outweighs what it could take over.
 */
const MIN_PUZZLES_FOR_HELPERS = 8;

/**
 * Solve every puzzle of `text` on `main` and up to `workers − 1` helpers.
 *
 * @param main the client that parses the text and solves its share
 * @param helpers returns `count` more clients (each with its own worker, started by the
 *   caller; asked for only when the batch has at least MIN_PUZZLES_FOR_HELPERS puzzles)
 * @param workers workers to use in all, ≥ 1
 * @param text one or many puzzles in any accepted format
 * @param options solver options applied to each puzzle
 * @param onProgress once with `done: 0` after parsing, then after each puzzle in the
 *   order they finish (`done` counts them; `item.index` is the input position)
 * @param fields puzzle fields for parsing, and the time limit for 16×16 and larger (ms)
 * @returns every puzzle's outcome in input order, as one worker's `solveBatch` gives it,
 *   with `elapsedMs` measured in the page and `workers` the number that took part
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
): Promise<BatchResult> {
  const start = performance.now();
  const { largeTimeLimitMs, ...puzzleFields } = fields;
  const parsed = await main.parse(text, puzzleFields);
  const { puzzles, format, size, boxHeight, boxWidth } = parsed;
  const total = puzzles.length;
  onProgress?.({ done: 0, total, elapsedMs: performance.now() - start });
  const chunk = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(total / (workers * CHUNKS_PER_WORKER))));
  const team =
    total >= MIN_PUZZLES_FOR_HELPERS ? [main, ...helpers(Math.min(workers, Math.ceil(total / chunk)) - 1)] : [main];
  const items: BatchItem[] = new Array<BatchItem>(total);
  let next = 0;
  let done = 0;
  let failed = false;
  const shape = { size, boxHeight, boxWidth, symbols: 'digits' as const };
  const work = async (worker: BatchWorker): Promise<void> => {
    while (next < total && !failed) {
      const from = next;
      const slice = puzzles.slice(from, Math.min(total, from + chunk));
      next = from + slice.length;
      // The chunk's items, moved to their input positions with the text's names and lines.
      const place = (item: BatchItem): BatchItem => {
        const source = slice[item.index]!;
        return { ...item, index: from + item.index, name: source.name, line: source.line };
      };
      const result = await worker.solveBatch(
        slice.map((p) => p.givens).join('\n'),
        options,
        (progress) => {
          if (progress.item === undefined) return;
          const item = place(progress.item);
          items[item.index] = item;
          done++;
          onProgress?.({ done, total, elapsedMs: performance.now() - start, item });
        },
        { ...shape, ...(largeTimeLimitMs !== undefined ? { largeTimeLimitMs } : {}) },
      );
      for (const item of result.items) items[from + item.index] ??= place(item);
    }
  };
  try {
    await Promise.all(team.map(work));
  } catch (e) {
    failed = true;
    throw e;
  }
  return { format, size, boxHeight, boxWidth, items, elapsedMs: performance.now() - start, workers: team.length };
}
