// SPDX-License-Identifier: GPL-3.0-or-later
// SolverClient against in-process "workers": each runs SolverWorkerLogic with the real
// WASM module, delivering messages asynchronously as a real worker would.
import { describe, expect, it } from 'vitest';
import {
  SolverClient,
  type RestartReason,
  type WorkerFactory,
  type WorkerHandlers,
} from '../../web/src/solver/client';
import { SolverError, type BatchProgress, type EnumerateProgress } from '../../web/src/solver/protocol';
import { createEngineLoader, type Engine } from '../../web/src/worker/engine';
import { SolverWorkerLogic } from '../../web/src/worker/logic';
import { importFactory, readData, readEuler96, readOnePerLine, solutionProblems, wasmBinary } from './helpers';
import { chunkSize, genreOnWorkers, solveBatchOnWorkers, warmHelperCount, type BatchWorker, type GenreOutcome, type GenreWorker } from '../../web/src/solver/pool';

const binary = wasmBinary();
const satBinary = wasmBinary('gridmilp_wasm_sat');

interface FakeWorker {
  handlers: WorkerHandlers;
  /** The name the client gave its worker (none for a client's own). */
  name: string | undefined;
  terminated: boolean;
  received: unknown[];
}

/** A factory of in-process workers; each has its own engine like a real worker. */
function inProcessWorkers(): { factory: WorkerFactory; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  const factory: WorkerFactory = (handlers, name) => {
    const state: FakeWorker = { handlers, name, terminated: false, received: [] };
    workers.push(state);
    const load: () => Promise<Engine> = createEngineLoader(importFactory, {
      moduleOptions: { wasmBinary: binary },
    });
    // As in worker.ts: the module with the SAT method, the generator and the genres is
    // loaded on the first request that needs it.
    const loadSat: () => Promise<Engine> = createEngineLoader(() => importFactory('gridmilp_wasm_sat'), {
      moduleOptions: { wasmBinary: satBinary },
    });
    const logic = new SolverWorkerLogic(
      load,
      (message) => {
        setTimeout(() => {
          if (!state.terminated) handlers.onMessage(structuredClone(message));
        }, 0);
      },
      undefined,
      loadSat,
    );
    let queue = Promise.resolve();
    return {
      post: (message) => {
        state.received.push(message);
        const copy = structuredClone(message);
        queue = queue.then(
          () =>
            new Promise<void>((resolve) =>
              setTimeout(() => {
                if (state.terminated) resolve();
                else void logic.handle(copy).then(resolve);
              }, 5),
            ),
        );
      },
      terminate: () => {
        state.terminated = true;
      },
    };
  };
  return { factory, workers };
}

const p096 = readData('p096_sudoku.txt');
const grids = readEuler96(p096);

describe('SolverClient', () => {
  it('matches concurrent replies to their requests by id', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const picks = [3, 0, 7, 1];
    const results = await Promise.all(picks.map((i) => client.solve(grids[i]![1])));
    results.forEach((r, k) => {
      expect(r.givens).toBe(grids[picks[k]!]![1]);
      expect(solutionProblems(r.givens, r.solution)).toEqual([]);
    });
    expect(client.pendingCount).toBe(0);
    client.dispose();
  });

  it('rejects engine errors as SolverError with code and where', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const error = await client.solve(`4.4${'.'.repeat(78)}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SolverError);
    expect((error as SolverError).code).toBe('conflicting_givens');
    expect((error as SolverError).where?.cells).toHaveLength(2);
    const parse = await client.parse('Grid 01\n12x').catch((e: unknown) => e);
    expect((parse as SolverError).code).toBe('parse_error');
    expect((parse as SolverError).where).toMatchObject({ line: 2, column: 3, character: 'x' });
    client.dispose();
  });

  it('streams batch progress and resolves with every item', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const seen: BatchProgress[] = [];
    const batch = await client.solveBatch(p096, { presolve: true }, (p) => seen.push(p));
    expect(batch.items).toHaveLength(50);
    expect(seen.at(-1)?.done).toBe(50);
    expect(seen.filter((p) => p.item).map((p) => p.item!.index)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    client.dispose();
  });

  it('a batch on three workers gives the items one worker gives, in input order', async () => {
    const { factory, workers } = inProcessWorkers();
    const client = new SolverClient(factory);
    const one = await client.solveBatch(p096, { model: 'reduced' });
    expect(one.workers).toBeUndefined();
    // Fast puzzles (well under a ms each) stay on the client's own worker, which keeps
    // the probe's answers and solves the rest after them (none solved twice).
    const lightSeen: BatchProgress[] = [];
    const light = await client.solveBatch(p096, { model: 'reduced' }, (p) => lightSeen.push(p), { workers: 3 });
    expect(light.workers).toBe(1);
    expect(workers).toHaveLength(1);
    expect(light.items.map((item) => item.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    const withItems = lightSeen.filter((p) => p.item !== undefined);
    expect(withItems.map((p) => p.item!.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(withItems.map((p) => p.done)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const solves = workers[0]!.received.filter((m) => (m as { type?: string }).type === 'solveBatch');
    const rest = solves[solves.length - 1] as { skip?: number };
    expect(rest.skip).toBeGreaterThan(0);
    // Helpers joining from the first chunk on (the pace of a slow set).
    const seen: BatchProgress[] = [];
    const helpers: SolverClient[] = [];
    const three = await solveBatchOnWorkers(
      client,
      (n) => {
        while (helpers.length < n) helpers.push(new SolverClient(factory));
        return helpers.slice(0, n);
      },
      3,
      p096,
      { model: 'reduced' },
      (p) => seen.push(p),
      {},
      0,
      { minWorkLeftMs: 0, minWorkLeftWarmMs: 0 },
    );
    // The client's own worker and the two helpers made here. The light batch may also
    // have started the client's own helpers ('gridmilp-helper') a task after it ended:
    // it does when its probe's pace says helpers would have paid, which a loaded machine
    // (0.5 ms a puzzle instead of 0.03) makes true. Those are not this batch's.
    const team = workers.filter((w) => w.name !== 'gridmilp-helper');
    expect(team).toHaveLength(3);
    expect(three.workers).toBe(3);
    expect(three.format).toBe(one.format);
    const strip = (items: typeof one.items) => items.map(({ ms: _ms, ...rest }) => rest);
    expect(strip(three.items)).toEqual(strip(one.items));
    expect(strip(light.items)).toEqual(strip(one.items));
    expect(three.items.map((item) => item.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(seen[0]).toMatchObject({ done: 0, total: 50 });
    expect(seen.slice(1).map((p) => p.done)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(seen.slice(1).map((p) => p.item!.index)).size).toBe(50);
    // Every helper took part: each got at least one chunk of canonical lines, quietly.
    for (const w of team.slice(1)) {
      const batches = w.received.filter((m) => (m as { type?: string }).type === 'solveBatch');
      expect(batches.length).toBeGreaterThan(0);
      expect(batches.every((m) => (m as { quiet?: boolean }).quiet === true)).toBe(true);
    }
    for (const helper of helpers) helper.dispose();
    client.dispose();
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it('a helper warmed by an earlier batch takes chunks at once; a restarted one, or one warmed for another method, is warmed again', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const helperClient = new SolverClient(factory);
    const firsts: Array<number | undefined> = [];
    const main: BatchWorker = {
      parse: (text, fields, first) => {
        firsts.push(first);
        return client.parse(text, fields, first);
      },
      solveBatch: (text, options, onProgress, extra) => client.solveBatch(text, options, onProgress, extra),
    };
    let texts: string[] = [];
    let starts = 0;
    // A helper still warming up when the chunks run out is not waited for: each batch
    // here begins after the last one's requests have all answered.
    let inFlight: Array<Promise<unknown>> = [];
    /** warmHelperCount as each of the helper's requests was sent (a warm-up counts as soon as it is asked). */
    let warmAsSent: number[] = [];
    const helper: BatchWorker = {
      parse: () => Promise.reject(new Error('a helper is not asked to parse')),
      solveBatch: (text, options, onProgress, extra) => {
        texts.push(text);
        warmAsSent.push(warmHelperCount([helper], options));
        const answer = helperClient.solveBatch(text, options, onProgress, extra);
        inFlight.push(answer);
        return answer;
      },
      get workerStarts() {
        return starts;
      },
    };
    const firstGivens = (await client.parse(p096, {}, 1)).puzzles[0]!.givens;
    /**
     * One batch on main and the helper, warm as warmHelperCount says (as SolverClient
     * asks); whether the helper was warmed up (sent the probe's puzzles, which begin with
     * the first), and the warm count it was given.
     */
    const batch = async (options: { model: 'reduced'; method?: 'sat' }) => {
      await Promise.allSettled(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 0));
      inFlight = [];
      texts = [];
      warmAsSent = [];
      firsts.length = 0;
      const warm = warmHelperCount([helper], options);
      const result = await solveBatchOnWorkers(main, () => [helper], 2, p096, options, undefined, {}, warm, { minWorkLeftMs: 0, minWorkLeftWarmMs: 0 });
      expect(result.items.map((item) => item.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
      return { warm, warmedUp: texts.some((t) => t.split('\n')[0] === firstGivens), chunks: texts.length, parses: [...firsts], warmAsSent };
    };
    // Cold: warmed up first; the main worker parses for the probe, then for the rest.
    // A warm-up counts as soon as it is sent: a helper still warming up when the next
    // batch comes joins it.
    const cold = await batch({ model: 'reduced' });
    expect(cold).toMatchObject({ warm: 0, warmedUp: true, parses: [8, undefined] });
    expect(cold.warmAsSent[0]).toBe(1);
    // Warm, same method: chunks at once, one parse of the whole text.
    const warm = await batch({ model: 'reduced' });
    expect(warm).toMatchObject({ warm: 1, warmedUp: false, parses: [undefined] });
    expect(warm.chunks).toBeGreaterThan(0);
    // Another method (its module loads on first use), then a restarted worker: cold
    // (parsed for the probe) and warmed again.
    expect(await batch({ model: 'reduced', method: 'sat' })).toMatchObject({ warm: 0, warmedUp: true, parses: [8, undefined] });
    expect(await batch({ model: 'reduced', method: 'sat' })).toMatchObject({ warm: 1, warmedUp: false });
    starts++;
    expect(await batch({ model: 'reduced', method: 'sat' })).toMatchObject({ warm: 0, warmedUp: true });
    helperClient.dispose();
    client.dispose();
  });

  it('forgets a helper whose warm-up failed: the next batch counts it cold', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const main: BatchWorker = {
      parse: (text, fields, first) => client.parse(text, fields, first),
      solveBatch: (text, options, onProgress, extra) => client.solveBatch(text, options, onProgress, extra),
    };
    const helper: BatchWorker = {
      parse: () => Promise.reject(new Error('a helper is not asked to parse')),
      solveBatch: () => Promise.reject(new SolverError({ code: 'load_failed', message: 'no module' })),
    };
    const options = { model: 'reduced' as const };
    const result = await solveBatchOnWorkers(main, () => [helper], 2, p096, options, undefined, {}, 0, { minWorkLeftMs: 0, minWorkLeftWarmMs: 0 });
    expect(result.items).toHaveLength(50); // the main worker solved the helper's share
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warmHelperCount([helper], options)).toBe(0);
    client.dispose();
  });

  it('sizes chunks by each worker’s share, then by the pace: about 20 ms of work, one slow puzzle alone', () => {
    // Before the pace is known: 8 chunks per worker, at most 32 puzzles.
    expect(chunkSize(1000, 2)).toBe(32);
    expect(chunkSize(100, 2)).toBe(7);
    expect(chunkSize(0, 2)).toBe(1);
    // Fast puzzles (0.05 ms): the share, up to 256.
    expect(chunkSize(1000, 2, 0.05)).toBe(63);
    expect(chunkSize(10_000, 2, 0.05)).toBe(256);
    // 2 ms a puzzle: 10 of them; a second a puzzle: one; a pace of 0 (engine times under
    // the clock's step): very fast, the share; a pace that is no number: unknown.
    expect(chunkSize(10_000, 2, 2)).toBe(10);
    expect(chunkSize(10_000, 2, 1000)).toBe(1);
    expect(chunkSize(1000, 2, 0)).toBe(63);
    expect(chunkSize(10_000, 2, Number.NaN)).toBe(32);
    expect(chunkSize(10_000, 2, Number.POSITIVE_INFINITY)).toBe(32);
  });

  it('a helper joins once it is ready: one still loading is not waited for, one that fails is left out', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const one = await client.solveBatch(p096, { model: 'reduced' });
    const asked: string[] = [];
    const loading: BatchWorker = {
      parse: () => new Promise(() => undefined),
      solveBatch: () => {
        asked.push('loading');
        return new Promise(() => undefined); // its module never loads
      },
    };
    const broken: BatchWorker = {
      parse: () => Promise.reject(new SolverError({ code: 'load_failed', message: 'no module' })),
      solveBatch: () => {
        asked.push('broken');
        return Promise.reject(new SolverError({ code: 'load_failed', message: 'no module' }));
      },
    };
    const seen: BatchProgress[] = [];
    const batch = await solveBatchOnWorkers(client, () => [loading, broken], 3, p096, { model: 'reduced' }, (p) => seen.push(p), {}, 0, {
      minWorkLeftMs: 0,
      minWorkLeftWarmMs: 0,
    });
    // Each was asked once, to warm up on the probe's puzzles, and got no chunk.
    expect(asked.sort()).toEqual(['broken', 'loading']);
    expect(batch.workers).toBe(1);
    const strip = (items: typeof one.items) => items.map(({ ms: _ms, ...rest }) => rest);
    expect(strip(batch.items)).toEqual(strip(one.items));
    expect(seen.at(-1)).toMatchObject({ done: 50, total: 50 });
    client.dispose();
  });

  it('a helper that joins near the end takes its share of the chunks left, not four at once', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    // The main worker parses for real; every chunk is answered when the test says so.
    const answer = (text: string) => ({
      format: 'one-per-line' as const,
      size: 9,
      boxHeight: 3,
      boxWidth: 3,
      items: text.split('\n').map((givens, index) => ({ index, name: '', line: 0, givens, status: 'optimal' as const, ms: 1 })),
      elapsedMs: 1,
    });
    /** A worker whose chunks wait in `chunks` until released; its first batch (the probe or the warm-up) waits for `first`. */
    const gated = (first: Promise<void>) => {
      const chunks: Array<() => void> = [];
      let started = false;
      const worker: BatchWorker = {
        parse: (text, fields, head) => client.parse(text, fields, head),
        solveBatch: async (text) => {
          if (!started) {
            started = true;
            await first;
            return answer(text);
          }
          return new Promise((resolve) => chunks.push(() => resolve(answer(text))));
        },
      };
      return { worker, chunks };
    };
    let warm!: () => void;
    const main = gated(Promise.resolve());
    const helper = gated(new Promise<void>((resolve) => (warm = resolve))); // its module loads late
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    // p096's 50 puzzles on 2 workers: chunks of 4, the probe's 4 puzzles, then 12 chunks.
    const batch = solveBatchOnWorkers(main.worker, () => [helper.worker], 2, p096, {}, undefined, {}, 0, {
      minWorkLeftMs: 0,
      minWorkLeftWarmMs: 0,
    });
    while (main.chunks.length < 4) await tick(); // four in flight on the main worker
    for (let k = 0; k < 4; k++) {
      main.chunks[k]!();
      while (main.chunks.length < 5 + k) await tick();
    }
    // The main worker has taken 8 chunks and holds 4; 4 are left when the helper is warm.
    warm();
    for (let k = 0; k < 5; k++) await tick();
    expect(helper.chunks).toHaveLength(2); // ceil(4 chunks / 2 workers), not CHUNKS_IN_FLIGHT
    let settled = false;
    void batch.finally(() => (settled = true));
    const released = [4, 0];
    while (!settled) {
      [main.chunks, helper.chunks].forEach((chunks, w) => {
        while (released[w]! < chunks.length) chunks[released[w]!++]!();
      });
      await tick();
    }
    const result = await batch;
    expect(result.items.map((item) => item.index)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(result.workers).toBe(2);
    expect(main.chunks.length + helper.chunks.length).toBe(12);
    expect(helper.chunks.length).toBeLessThanOrEqual(3);
    client.dispose();
  });

  it('a batch that stays on one worker but would use warm helpers starts them a task later, warmed by its puzzles', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const warmed: number[] = [];
    let asked = 0;
    const helper: BatchWorker = {
      parse: () => Promise.reject(new Error('a helper is not asked to parse')),
      solveBatch: (text) => {
        warmed.push(text.split('\n').length);
        return Promise.resolve({ format: 'one-per-line', size: 9, boxHeight: 3, boxWidth: 3, items: [], elapsedMs: 0 });
      },
    };
    // Cold helpers never pay (the pace says so), warm ones always would.
    const batch = await solveBatchOnWorkers(
      client,
      (n) => {
        asked = n;
        return [helper];
      },
      2,
      p096,
      { model: 'reduced' },
      undefined,
      {},
      0,
      { minWorkLeftMs: Infinity, minWorkLeftWarmMs: 0 },
    );
    expect(batch.workers).toBe(1);
    expect(batch.items).toHaveLength(50);
    expect(asked).toBe(0); // not during the batch
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBe(1);
    expect(warmed).toEqual([50]); // the batch's first puzzles (all 50: fewer than 128)
    client.dispose();
  });

  it('helpers join a slow batch by themselves, and Stop ends them with it', async () => {
    const { factory, workers } = inProcessWorkers();
    const client = new SolverClient(factory);
    // Textbook branch-and-bound on every puzzle: slow enough (several ms each in Node)
    // for helpers to be worth their start.
    const slow = Array.from({ length: 6 }, () => readOnePerLine(readData('top95.txt')).slice(0, 40)).flat().join('\n');
    let tenSeen!: () => void;
    const ten = new Promise<void>((resolve) => {
      tenSeen = resolve;
    });
    const batch = client
      .solveBatch(slow, { model: 'textbook', method: 'branch-and-bound' }, (p) => p.done >= 100 && tenSeen(), { workers: 2 })
      .catch((e: unknown) => e);
    await ten;
    expect(workers).toHaveLength(2); // a helper joined
    expect(workers.map((w) => w.name)).toEqual([undefined, 'gridmilp-helper']);
    client.stop();
    const error = (await batch) as SolverError;
    expect(error).toBeInstanceOf(SolverError);
    expect(error.code).toBe('stopped');
    expect(workers.slice(0, 2).every((w) => w.terminated)).toBe(true);
    client.dispose();
  });

  it('stop rejects pending requests with "stopped" and a fresh worker answers next', async () => {
    const { factory, workers } = inProcessWorkers();
    const restarts: RestartReason[] = [];
    const client = new SolverClient(factory, { onRestart: (reason) => restarts.push(reason) });
    const batch = client.solveBatch(p096);
    const solve = client.solve(grids[2]![1]);
    client.stop();
    const errors = await Promise.all([batch, solve].map((p) => p.catch((e: unknown) => e)));
    for (const e of errors) {
      expect(e).toBeInstanceOf(SolverError);
      expect((e as SolverError).code).toBe('stopped');
    }
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(restarts).toEqual(['stopped']);
    const after = await client.solve(grids[2]![1]);
    expect(solutionProblems(grids[2]![1], after.solution)).toEqual([]);
    expect(workers[1]!.received).toHaveLength(1);
    client.dispose();
  });

  it('a crashed worker rejects with worker_crashed and is replaced', async () => {
    const { factory, workers } = inProcessWorkers();
    const restarts: string[] = [];
    const client = new SolverClient(factory, {
      onRestart: (reason, message) => restarts.push(`${reason}: ${message}`),
    });
    const pending = client.solve(grids[5]![1]).catch((e: unknown) => e);
    workers[0]!.handlers.onCrash('out of memory');
    const error = (await pending) as SolverError;
    expect(error.code).toBe('worker_crashed');
    expect(error.message).toContain('out of memory');
    expect(restarts).toEqual(['worker_crashed: The solver stopped unexpectedly: out of memory']);
    // A late crash report from the old worker changes nothing.
    workers[0]!.handlers.onCrash('again');
    expect(workers).toHaveLength(2);
    const ok = await client.solve(grids[5]![1]);
    expect(solutionProblems(grids[5]![1], ok.solution)).toEqual([]);
    client.dispose();
  });
  it('replaces the worker after an out_of_memory answer, whose message reaches the caller', async () => {
    const { factory, workers } = inProcessWorkers();
    const restarts: string[] = [];
    const client = new SolverClient(factory, {
      onRestart: (reason) => restarts.push(reason),
    });
    await client.version();
    // The engine's answer to a request it had no memory for (hostile.test.ts makes a real one).
    const pending = client.solve(grids[5]![1]).catch((e: unknown) => e);
    const sent = workers[0]!.received.at(-1) as { id: number };
    workers[0]!.terminated = true; // the real reply is dropped; this one stands in for it
    const message = 'The solver ran out of memory answering this solve request: the input or its model is too large for it';
    workers[0]!.handlers.onMessage({ id: sent.id, error: { code: 'out_of_memory', message } });
    const error = (await pending) as SolverError;
    expect(error.code).toBe('out_of_memory');
    expect(error.message).toBe(message);
    expect(restarts).toEqual(['out_of_memory']);
    expect(workers).toHaveLength(2);
    const ok = await client.solve(grids[5]![1]);
    expect(solutionProblems(grids[5]![1], ok.solution)).toEqual([]);
    client.dispose();
  });

  // The in-process worker runs a request to its end before its messages arrive; Stop
  // lands between the progress messages and the (dropped) final reply.
  it('streams enumerate progress; Stop keeps what arrived and a fresh worker answers', async () => {
    const { factory } = inProcessWorkers();
    const client = new SolverClient(factory);
    const seen: EnumerateProgress[] = [];
    let stopped!: () => void;
    const threeSeen = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    const pending = client
      .enumerate('.'.repeat(81), { size: 9, limit: 5 }, (p) => {
        seen.push(p);
        if (seen.length === 3) stopped();
      })
      .catch((e: unknown) => e);
    await threeSeen;
    client.stop();
    const error = (await pending) as SolverError;
    expect(error.code).toBe('stopped');
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const p of seen) expect(solutionProblems('', p.solution)).toEqual([]);
    // Generation goes to the module with the SAT method, as in a real worker.
    const generated = await client.generate({ size: 4, seed: 2, options: { method: 'branch-and-bound' } });
    expect(generated.size).toBe(4);
    client.dispose();
  });
});

describe('genreOnWorkers', () => {
  /** A worker that answers each request after `ms`, failing the ones `fails` names. */
  function fakeWorker(name: string, ms: number, log: string[], fails: (r: { puzzle?: string }) => string | null = () => null): GenreWorker {
    return {
      genre: <R>(request: { puzzle?: string }) =>
        new Promise<R>((resolve, reject) => {
          log.push(`${name}:${request.puzzle}`);
          setTimeout(() => {
            const code = fails(request);
            if (code) reject(new SolverError({ code: code as never, message: code }));
            else resolve({ answer: `${request.puzzle} by ${name}` } as R);
          }, ms);
        }),
    };
  }
  const requests = Array.from({ length: 12 }, (_, i) => ({ type: 'solve' as const, genre: 'akari' as const, puzzle: `p${i}` }));
  const zero = { minWorkLeftMs: 0, minWorkLeftWarmMs: 0 };

  it('spreads slow requests over the helpers and reports each at its input position', async () => {
    const log: string[] = [];
    const outcomes = new Map<number, unknown>();
    const used = await genreOnWorkers(
      fakeWorker('main', 5, log),
      (n) => Array.from({ length: n }, (_, k) => fakeWorker(`helper${k}`, 5, log)),
      3,
      requests,
      (i, outcome) => outcomes.set(i, outcome),
      0,
      zero,
    );
    expect(used).toBe(3);
    expect(log[0]).toBe('main:p0'); // the first alone, for the pace
    expect(new Set(log.map((l) => l.split(':')[0]))).toEqual(new Set(['main', 'helper0', 'helper1']));
    expect([...outcomes.keys()].sort((a, b) => a - b)).toEqual(requests.map((_, i) => i));
    for (const [i, outcome] of outcomes) expect((outcome as { result: { answer: string } }).result.answer).toMatch(new RegExp(`^p${i} by `));
  });

  /**
   * A worker that solves its requests one after another, as a real one does (a request
   * sent while it is busy waits in its queue); each answers when `answered` settles, and
   * `sent` hears of each as it is sent.
   */
  function queueWorker(name: string, answered: (puzzle: string) => Promise<void>, log: string[], sent: (puzzle: string) => void = () => undefined): GenreWorker {
    let queue = Promise.resolve();
    return {
      genre: <R>(request: { puzzle?: string }) => {
        const puzzle = request.puzzle ?? '';
        sent(puzzle);
        const answer = queue.then(async () => {
          log.push(`${name}:${puzzle}`);
          await answered(puzzle);
          return { answer: `${puzzle} by ${name}` } as R;
        });
        queue = answer.then(() => undefined);
        return answer;
      },
    };
  }
  const after = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  it('holds two requests in each worker, but one each in the last ones', async () => {
    // p9 is slow: it answers only once p11, the last, is sent. Queued behind p9, p11
    // would have ended the batch while the other worker stood idle; with one request each
    // in the last four, p9's worker holds p9 alone, and p11 goes to the other.
    let lastSent!: () => void;
    const last = new Promise<void>((resolve) => (lastSent = resolve));
    const answered = (puzzle: string): Promise<void> => (puzzle === 'p9' ? last : after(4));
    const sent = (puzzle: string): void => {
      if (puzzle === 'p11') lastSent();
    };
    const log: string[] = [];
    const used = await genreOnWorkers(
      queueWorker('main', answered, log, sent),
      (n) => Array.from({ length: n }, (_, k) => queueWorker(`helper${k}`, answered, log, sent)),
      2,
      requests,
      () => undefined,
      0,
      zero,
    );
    expect(used).toBe(2);
    expect(log).toHaveLength(12);
    const by = (puzzle: string): string => log.find((l) => l.endsWith(`:${puzzle}`))!.split(':')[0]!;
    expect(by('p11')).not.toBe(by('p9'));

    // One worker alone holds two as well: the second is sent before the first's answer.
    const order: string[] = [];
    await genreOnWorkers(
      queueWorker('main', () => after(2), [], (puzzle) => order.push(puzzle)),
      () => [],
      1,
      requests.slice(0, 4),
      (i) => order.push(`done ${i}`),
    );
    expect(order.slice(0, 4)).toEqual(['p0', 'done 0', 'p1', 'p2']);
  });

  it('says which requests a Stop ended before they began: those queued behind another', async () => {
    // One worker, two in flight: p1 runs until the Stop, p2 waits behind it. The Stop
    // rejects both, the queued one first (as no order is promised).
    const pending: Array<{ puzzle: string; reject: (e: unknown) => void }> = [];
    const stopAll = (): void => {
      for (const p of pending.splice(0).reverse()) p.reject(new SolverError({ code: 'stopped', message: 'Stopped.' }));
    };
    const worker: GenreWorker = {
      genre: <R>(request: { puzzle?: string }) =>
        new Promise<R>((resolve, reject) => {
          const puzzle = request.puzzle ?? '';
          if (puzzle === 'p0') resolve({ answer: 'p0' } as R);
          else pending.push({ puzzle, reject });
          if (puzzle === 'p2') setTimeout(stopAll, 1);
        }),
    };
    const outcomes = new Map<number, GenreOutcome<unknown>>();
    const stop = await genreOnWorkers(worker, () => [], 1, requests, (i, outcome) => outcomes.set(i, outcome)).catch((e: unknown) => e);
    expect((stop as SolverError).code).toBe('stopped');
    expect([...outcomes.keys()].sort()).toEqual([0, 1, 2]);
    expect(outcomes.get(1)).toEqual({ error: expect.any(SolverError) });
    expect(outcomes.get(2)).toEqual({ error: expect.any(SolverError), queued: true });

    // An engine crash under p1 restarts the worker: p1's own error, and p2, which waited
    // behind it and never ran, is sent again (to the fresh worker). A Stop then, with two
    // held again, ends the first as it runs and the second before it began.
    const held: Array<{ puzzle: string; reject: (e: unknown) => void }> = [];
    const sent: string[] = [];
    const endAll = (code: 'engine_crashed' | 'stopped'): void => {
      for (const h of held.splice(0)) h.reject(new SolverError({ code, message: code }));
    };
    const crashing: GenreWorker = {
      genre: <R>(request: { puzzle?: string }) =>
        new Promise<R>((resolve, reject) => {
          const puzzle = request.puzzle ?? '';
          sent.push(puzzle);
          if (puzzle === 'p0') return resolve({ answer: puzzle } as R);
          held.push({ puzzle, reject });
          if (sent.length === 3) setTimeout(() => endAll('engine_crashed'), 1); // p1, p2 held
          if (sent.length === 5) setTimeout(() => endAll('stopped'), 1); // p2 again and p3
        }),
    };
    const after = new Map<number, GenreOutcome<unknown>>();
    const stopped = await genreOnWorkers(crashing, () => [], 1, requests.slice(0, 6), (i, outcome) => after.set(i, outcome)).catch((e: unknown) => e);
    expect((stopped as SolverError).code).toBe('stopped');
    expect(sent.filter((p) => p === 'p2')).toHaveLength(2);
    expect(after.get(1)).toEqual({ error: expect.objectContaining({ code: 'engine_crashed' }) });
    const [running, waited] = sent.slice(3).map((p) => Number(p.slice(1)));
    expect(after.get(running!)).toEqual({ error: expect.objectContaining({ code: 'stopped' }) });
    expect(after.get(waited!)).toEqual({ error: expect.objectContaining({ code: 'stopped' }), queued: true });
    expect([...after.keys()].sort()).toEqual([0, 1, 2, 3]);
  });

  it('keeps fast requests on the main worker, and errors are outcomes until Stop', async () => {
    const log: string[] = [];
    let asked = 0;
    const outcomes: Array<[number, unknown]> = [];
    const used = await genreOnWorkers(
      fakeWorker('main', 0, log, (r) => (r.puzzle === 'p3' ? 'bad_request' : null)),
      () => {
        asked++;
        return [];
      },
      4,
      requests,
      (i, outcome) => outcomes.push([i, outcome]),
    );
    expect(used).toBe(1);
    expect(asked).toBe(0);
    expect(outcomes).toHaveLength(12);
    expect((outcomes.find(([i]) => i === 3)![1] as { error: SolverError }).error.code).toBe('bad_request');

    const stopped: number[] = [];
    const stop = await genreOnWorkers(
      fakeWorker('main', 1, [], (r) => (r.puzzle === 'p5' ? 'stopped' : null)),
      (n) => Array.from({ length: n }, (_, k) => fakeWorker(`helper${k}`, 1, [])),
      2,
      requests,
      (i) => stopped.push(i),
      0,
      zero,
    ).catch((e: unknown) => e);
    expect((stop as SolverError).code).toBe('stopped');
    expect(stopped.length).toBeLessThan(12); // nothing starts after the stop
  });
});
