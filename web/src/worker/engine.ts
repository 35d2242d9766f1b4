// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A typed wrapper around the WASM module's `handleRequest`, and the one cached
 * loader per worker. Runs in the worker and in Node (tests); uses no DOM.
 */
import type {
  EngineProgressByType,
  EngineRequest,
  EngineResponse,
  EngineResultByType,
} from '../solver/protocol';
import type { GridmilpModule, GridmilpModuleFactory, GridmilpModuleOptions } from '../solver/wasm';

/** Thrown by {@link Engine.request} when the WASM module aborted; the instance is dead. */
export class EngineCrashedError extends Error {
  /**
   * @param message what the module said when it aborted
   */
  constructor(message: string) {
    super(message);
    this.name = 'EngineCrashedError';
  }
}

/** Thrown (as the rejection) when the WASM module cannot be loaded. */
export class EngineLoadError extends Error {
  /**
   * @param message why loading failed
   */
  constructor(message: string) {
    super(message);
    this.name = 'EngineLoadError';
  }
}

/** How many trailing stderr lines of the module are kept for error messages. */
const KEPT_STDERR_LINES = 20;

/**
 * One loaded WASM module, spoken to in the JSON protocol of protocol.md.
 * Calls are synchronous: a hard puzzle blocks the calling thread (hence the worker).
 */
export class Engine {
  private readonly module: GridmilpModule;
  private readonly stderr: string[];
  private crashed: string | null = null;

  /**
   * @param module an instantiated module
   * @param stderr the array the module's `printErr` appends to (read for abort messages)
   */
  constructor(module: GridmilpModule, stderr: string[] = []) {
    this.module = module;
    this.stderr = stderr;
  }

  /** True once the module has aborted; every later request throws. */
  get isCrashed(): boolean {
    return this.crashed !== null;
  }

  /**
   * Send one request and parse the response.
   *
   * @param request a request of protocol.md; serialised by {@link requestJson}
   * @returns the response, typed by the request's `type`
   * @throws EngineCrashedError when the module aborts (or aborted before); it never
   *   throws for bad input, which gives an error response instead
   */
  request<T extends EngineRequest>(request: T): EngineResponse<EngineResultByType[T['type']]> {
    return JSON.parse(this.requestRaw(requestJson(request))) as EngineResponse<
      EngineResultByType[T['type']]
    >;
  }

  /**
   * Send one request, passing each progress message the engine streams to `onProgress`
   * (synchronously, between solves), and parse the final response.
   *
   * @param request a request of protocol.md
   * @param onProgress receives the `progress` object of each `{id, progress}` message;
   *   an exception thrown by it aborts nothing (it is reported after the request)
   * @returns the final response, typed by the request's `type`
   * @throws EngineCrashedError as {@link Engine.request}; rethrows the first error
   *   `onProgress` threw, after the request finished
   */
  requestWithProgress<T extends EngineRequest>(
    request: T,
    onProgress: (progress: EngineProgressByType[T['type']]) => void,
  ): EngineResponse<EngineResultByType[T['type']]> {
    let thrown: { error: unknown } | null = null;
    const text = this.requestRaw(requestJson(request), (json) => {
      if (thrown !== null) return;
      try {
        const message = JSON.parse(json) as { progress?: EngineProgressByType[T['type']] };
        if (message.progress !== undefined) onProgress(message.progress);
      } catch (e) {
        thrown = { error: e };
      }
    });
    if (thrown !== null) throw (thrown as { error: unknown }).error;
    return JSON.parse(text) as EngineResponse<EngineResultByType[T['type']]>;
  }

  /**
   * Send one raw JSON text and return the raw response text (for malformed-request tests).
   *
   * @param json the request text
   * @param onProgress when given (and the module has `handleRequestWithProgress`),
   *   receives each progress message's JSON text
   * @throws EngineCrashedError as {@link Engine.request}
   */
  requestRaw(json: string, onProgress?: (progressJson: string) => void): string {
    if (this.crashed !== null) {
      throw new EngineCrashedError(`The solver engine crashed earlier: ${this.crashed}`);
    }
    try {
      if (onProgress !== undefined && typeof this.module.handleRequestWithProgress === 'function') {
        return this.module.handleRequestWithProgress(json, onProgress);
      }
      return this.module.handleRequest(json);
    } catch (e) {
      const tail = this.stderr.slice(-3).join(' | ');
      this.crashed = errorText(e) + (tail ? ` (${tail})` : '');
      throw new EngineCrashedError(`The solver engine crashed: ${this.crashed}`);
    }
  }
}

/**
 * A request as JSON text for the engine. A string of the request that holds a lone
 * UTF-16 surrogate (half of an emoji, as a broken clipboard or file can give) has it
 * replaced by U+FFFD: `JSON.stringify` writes it as `\udXXX`, which the engine's
 * parser (RapidJSON) refuses as a whole, so the request would be answered with
 * "not valid JSON" and no id instead of a located error in the puzzle text.
 *
 * @param request any JSON-serialisable request
 * @returns the JSON text, with well-formed UTF-16 in every string
 */
export function requestJson(request: unknown): string {
  const text = JSON.stringify(request);
  // JSON.stringify escapes only lone surrogates this way; paired ones stay as they are.
  if (!/\\u[dD][89a-fA-F]/.test(text)) return text;
  return JSON.stringify(request, (_key, value: unknown) =>
    typeof value === 'string' ? value.replace(/\p{Cs}/gu, '\uFFFD') : value,
  );
}

/** Options of {@link createEngineLoader}. */
export interface EngineLoaderOptions {
  /** Extra module options (e.g. `wasmBinary` in Node). `printErr` is always captured. */
  moduleOptions?: GridmilpModuleOptions;
  /** Give up loading after this many ms (default 60,000): a load never hangs forever. */
  timeoutMs?: number;
  /** Receives the module's stdout lines (default: dropped). */
  print?: (text: string) => void;
}

/**
 * Make a function that loads the module once and returns the same promise ever after.
 *
 * @param factory the glue's default export (`createGridmilpModule`), or a function
 *   importing it lazily
 * @returns `load()`: resolves to the {@link Engine}; rejects with an
 *   {@link EngineLoadError} when the factory fails, the module aborts during start-up,
 *   or `timeoutMs` passes. A rejected load stays rejected (a fresh worker retries).
 */
export function createEngineLoader(
  factory: () => Promise<GridmilpModuleFactory> | GridmilpModuleFactory,
  options: EngineLoaderOptions = {},
): () => Promise<Engine> {
  let cached: Promise<Engine> | null = null;
  return () => {
    if (cached === null) {
      cached = loadEngine(factory, options);
      // A rejection is reported to every caller; avoid an "unhandled rejection" for
      // the cached promise itself.
      cached.catch(() => undefined);
    }
    return cached;
  };
}

async function loadEngine(
  factory: () => Promise<GridmilpModuleFactory> | GridmilpModuleFactory,
  options: EngineLoaderOptions,
): Promise<Engine> {
  const stderr: string[] = [];
  const timeoutMs = options.timeoutMs ?? 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new EngineLoadError(`Loading the solver took longer than ${timeoutMs} ms.`));
    }, timeoutMs);
  });
  try {
    const load = (async () => {
      let create: GridmilpModuleFactory;
      try {
        create = await factory();
      } catch (e) {
        throw new EngineLoadError(`Unable to load the solver's JavaScript: ${errorText(e)}`);
      }
      try {
        const module = await create({
          ...options.moduleOptions,
          print: options.print ?? (() => undefined),
          printErr: (text: string) => {
            stderr.push(text);
            if (stderr.length > KEPT_STDERR_LINES) stderr.shift();
          },
        });
        if (typeof module?.handleRequest !== 'function') {
          throw new Error('the module has no handleRequest function');
        }
        return new Engine(module, stderr);
      } catch (e) {
        const tail = stderr.slice(-2).join(' | ');
        throw new EngineLoadError(
          `Unable to start the solver (WebAssembly): ${errorText(e)}${tail ? ` (${tail})` : ''}`,
        );
      }
    })();
    return await Promise.race([load, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A readable text for anything thrown (Emscripten aborts may throw strings). */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}
