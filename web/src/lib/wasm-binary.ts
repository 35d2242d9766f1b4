// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * What is wrong with the bytes `createSolver` was given as its module (`wasmBinary`, or
 * in Node the file read from `wasmUrl`), said in one sentence instead of Emscripten's
 * abort text, which names a build flag and repeats the compiler's error three times.
 */
import type { CreateSolverOptions } from './types.js';
import { GridmilpError } from './errors.js';

/** The first four bytes of every WebAssembly module: `\0asm`. */
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d] as const;

/** How many of the first bytes a message shows. */
const SHOWN_BYTES = 8;

/**
 * Where the bytes came from, as a message names them, and the option at fault.
 *
 * @param options the checked `createSolver` options
 */
export function binarySource(options: CreateSolverOptions): { what: string; field?: 'wasmBinary' | 'wasmUrl' } {
  if (options.wasmBinary !== undefined) return { what: 'the wasmBinary given', field: 'wasmBinary' };
  if (options.wasmUrl !== undefined) return { what: `the file at wasmUrl ${String(options.wasmUrl)}`, field: 'wasmUrl' };
  return { what: "the package's gridmilp_wasm_sat.wasm" };
}

/** The bytes of an ArrayBuffer or a view of one, without copying. */
export function bytesOf(binary: ArrayBuffer | ArrayBufferView): Uint8Array {
  return binary instanceof ArrayBuffer ? new Uint8Array(binary) : new Uint8Array(binary.buffer, binary.byteOffset, binary.byteLength);
}

/**
 * The error for bytes that cannot be a WebAssembly module (empty, or not starting with
 * `\0asm`), checked before Emscripten sees them; null when they start as one.
 *
 * @param bytes the module's bytes
 * @param source where they came from ({@link binarySource})
 * @returns a `load_failed` GridmilpError naming the source, the size and the first bytes
 */
export function notWasmError(bytes: Uint8Array, source: { what: string; field?: string }): GridmilpError | null {
  if (bytes.length >= WASM_MAGIC.length && WASM_MAGIC.every((b, i) => bytes[i] === b)) return null;
  const reason =
    bytes.length === 0
      ? 'it is empty (0 bytes)'
      : `its ${size(bytes.length)} start ${firstBytes(bytes)}, where a WebAssembly module starts 00 61 73 6d ("\\0asm")`;
  return loadFailed(source, `${source.what} is not gridmilp's WebAssembly module: ${reason}.`);
}

/**
 * The error for bytes that start as a WebAssembly module but did not load: a module
 * that does not compile (cut short, damaged), or one that compiles but is not gridmilp's
 * (another program's, another version's) and failed to start.
 *
 * @param bytes the module's bytes
 * @param source where they came from ({@link binarySource})
 * @param cause the loader's error text (Emscripten's abort, cleaned here)
 * @returns a `load_failed` GridmilpError naming the source, the size and what failed
 */
export async function badModuleError(bytes: Uint8Array, source: { what: string; field?: string }, cause: string): Promise<GridmilpError> {
  const compileError = await compileProblem(bytes);
  const sentence =
    compileError !== null
      ? `is not gridmilp's WebAssembly module: it starts as one but does not compile (${compileError}), as a file cut short or damaged does`
      : `is a WebAssembly module, but not gridmilp's (gridmilp_wasm_sat.wasm of this version): starting it failed (${emscriptenCause(cause)})`;
  return loadFailed(source, `${source.what} (${size(bytes.length)}) ${sentence}.`);
}

/**
 * The error for a module the glue fetched itself and could not load (the browser entry's
 * `wasmUrl`): the URL is fetched again to say why, as Emscripten's abort says only
 * "both async and sync fetching of the wasm failed" or repeats the compiler's error.
 * Never rejects.
 *
 * @param url the module's URL as the glue fetched it
 * @param source where the bytes came from ({@link binarySource})
 * @param cause the loader's error text: said when the second fetch brings a module that
 *   compiles (the first fetch failed, or the module is not gridmilp's)
 * @param timeoutMs how long the second fetch may take, in ms (what is left of
 *   `loadTimeoutMs`); past it, the loader's error is said as it is
 * @returns a `load_failed` GridmilpError: the fetch's error, the server's HTTP status,
 *   or what the bytes are ({@link notWasmError}, {@link badModuleError})
 */
export async function fetchedModuleError(url: string, source: { what: string; field?: string }, cause: string, timeoutMs: number): Promise<GridmilpError> {
  const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, 2_147_483_647))) : undefined;
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { signal });
    if (!response.ok) {
      return loadFailed(source, `${source.what} could not be fetched: the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
    }
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    if (signal?.aborted) return new GridmilpError('load_failed', cause, source.field === undefined ? undefined : { field: source.field });
    return loadFailed(source, `${source.what} could not be fetched (${e instanceof Error ? e.message : String(e)}).`);
  }
  const notWasm = notWasmError(bytes, source);
  if (notWasm !== null) return notWasm;
  // Fetched again, a module that compiles: the first fetch failed (a server that came
  // back), or it is a module but not gridmilp's.
  if (fetchFailed(cause) && WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)) {
    return loadFailed(source, `${source.what} could not be fetched when the solver loaded (${emscriptenCause(cause)}), though it could a moment later: try again.`);
  }
  return badModuleError(bytes, source, cause);
}

/**
 * The error for the package's own module that the browser could not fetch from beside
 * the package's code (no `wasmUrl`): a bundler that did not emit it as an asset, or a
 * server that does not serve it. Emscripten says only "both async and sync fetching of
 * the wasm failed".
 *
 * @param cause the loader's error text
 * @returns a `load_failed` GridmilpError saying so and what to do, or null when the
 *   failure was not the fetch (then `cause` is said as it is)
 */
export function defaultModuleError(cause: string): GridmilpError | null {
  if (!fetchFailed(cause)) return null;
  return new GridmilpError(
    'load_failed',
    `Unable to load the solver: the package's gridmilp_wasm_sat.wasm could not be fetched from beside its code (${emscriptenCause(cause)}). A bundler must emit it as an asset (Vite and webpack 5 do, from new URL('./gridmilp_wasm_sat.wasm', import.meta.url)), and the server must serve it; or pass its URL as wasmUrl.`,
  );
}

/**
 * Whether the loader's error text says the module's fetch failed: Emscripten's "both
 * async and sync fetching of the wasm failed", or the browser's own fetch error
 * (Chromium's "Failed to fetch", Firefox's "NetworkError …").
 */
function fetchFailed(cause: string): boolean {
  return /fetching of the wasm failed|Failed to fetch|NetworkError/i.test(cause);
}

/**
 * A `load_failed` error: the sentence, then what to do (give the option the package's
 * file, or reinstall when the package's own file is at fault), the option in `where`.
 */
function loadFailed(source: { field?: string }, sentence: string): GridmilpError {
  const todo =
    source.field === 'wasmBinary'
      ? "Give wasmBinary the bytes of this package's lib/generated/gridmilp_wasm_sat.wasm, or leave it out."
      : source.field === 'wasmUrl'
        ? "Point wasmUrl at this package's lib/generated/gridmilp_wasm_sat.wasm, or leave it out."
        : 'Reinstall the package: its file is damaged.';
  return new GridmilpError('load_failed', `Unable to load the solver: ${sentence} ${todo}`, source.field === undefined ? undefined : { field: source.field });
}

/** The compiler's complaint about `bytes`, or null when they are a valid module. */
async function compileProblem(bytes: Uint8Array): Promise<string | null> {
  if (WebAssembly.validate(bytes as Uint8Array<ArrayBuffer>)) return null;
  try {
    await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
    return 'not a valid module';
  } catch (e) {
    return (e instanceof Error ? e.message : String(e)).replace(/^WebAssembly\.\w+\(\): /, '');
  }
}

/**
 * The error inside Emscripten's abort text: "Aborted(X). Build with -s ASSERTIONS=1 for
 * more info. (failed to asynchronously prepare wasm: X | Aborted(X))" gives X.
 */
export function emscriptenCause(text: string): string {
  return text
    .replace(/^Unable to start the solver \(WebAssembly\): /, '')
    .replace(/\. Build with -s ASSERTIONS=1 for more info\.[^]*$/, '')
    .replace(/^Aborted\(([^]*)\)$/, '$1')
    .replace(/^(?:CompileError|LinkError|RuntimeError): WebAssembly\.\w+\(\): /, '');
}

/** `1 byte`, `2,202,929 bytes`. */
function size(n: number): string {
  return `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;
}

/** The first bytes in hex, and as text when they are printable ASCII: `3c 68 74 6d ("<htm")`. */
function firstBytes(bytes: Uint8Array): string {
  const head = [...bytes.subarray(0, SHOWN_BYTES)];
  const hex = head.map((b) => b.toString(16).padStart(2, '0')).join(' ');
  const printable = head.every((b) => b >= 0x20 && b < 0x7f);
  return printable ? `${hex} (${JSON.stringify(String.fromCharCode(...head))})` : hex;
}
