// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Hand-written types for the Emscripten module `web/generated/gridmilp_wasm.js`
 * (built by CMake from `cpp/wasm/`; Emscripten 3.1.6 cannot emit TypeScript
 * declarations). The module is an ES6 factory built with
 * `-sMODULARIZE=1 -sEXPORT_ES6=1 -sENVIRONMENT=web,worker -sFILESYSTEM=0 --bind`.
 */

/** The instantiated WASM module: `handleRequest` and `handleRequestWithProgress`. */
export interface GridmilpModule {
  /**
   * Answer one request of protocol.md. In `gridmilp_wasm` this is Embind's binding; in
   * `gridmilp_wasm_sat` it is JavaScript (cpp/wasm/handle_request.js) that passes the
   * strings through a buffer in the module's memory with `TextEncoder`/`TextDecoder`.
   *
   * @param requestJson one JSON request object, e.g. `{"id":1,"type":"version"}`
   * @returns one JSON response, `{"id":…,"result":…}` or `{"id":…,"error":…}`. Bad
   *   input never throws: it gives an error response. It throws only when the WASM
   *   module itself aborts (`RuntimeError: Aborted(...)`); the instance is unusable then.
   */
  handleRequest(requestJson: string): string;
  /**
   * As `handleRequest`, and calls `onProgress` synchronously between solves of long
   * requests (`enumerate`, `generate`) with the JSON text of `{id, progress: {...}}`.
   * Optional in this type so that test doubles may leave it out.
   *
   * @param requestJson one JSON request object
   * @param onProgress receives each progress message as JSON text
   * @returns the final JSON response, as `handleRequest`
   */
  handleRequestWithProgress?(requestJson: string, onProgress: (progressJson: string) => void): string;
  /**
   * Bytes the module's allocator has handed out and not had back (dlmalloc's
   * `mallinfo().uordblks`); `gridmilp_wasm_sat` only. For leak checks: the WebAssembly
   * memory itself only grows.
   */
  heapInUse?(): number;
}

/** Options accepted by the module factory (the Emscripten `Module` overrides used here). */
export interface GridmilpModuleOptions {
  /**
   * The `.wasm` bytes. Required in Node (the glue's `fetch` of a `file:` URL fails
   * there); in the browser leave it out and the glue fetches
   * `new URL('gridmilp_wasm.wasm', import.meta.url)` (rewritten by Vite).
   */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Maps a file name the glue wants (`gridmilp_wasm.wasm`) to a URL. */
  locateFile?: (path: string, scriptDirectory: string) => string;
  /** Receives the module's stdout, one line per call (default: console.log). */
  print?: (text: string) => void;
  /** Receives the module's stderr, one line per call (default: console.warn/error). */
  printErr?: (text: string) => void;
  /** Called when the module aborts, with the reason. */
  onAbort?: (what: unknown) => void;
}

/**
 * The default export of the glue: creates one module instance.
 * The promise rejects (with the abort reason) when the `.wasm` cannot be fetched,
 * compiled or instantiated.
 */
export type GridmilpModuleFactory = (options?: GridmilpModuleOptions) => Promise<GridmilpModule>;
