// SPDX-License-Identifier: GPL-3.0-or-later
// Declares the generated Emscripten glue (web/generated/gridmilp_wasm.js, git-ignored)
// for TypeScript; the types themselves live in ../solver/wasm.ts.
declare module '*/generated/gridmilp_wasm.js' {
  const createGridmilpModule: import('../solver/wasm').GridmilpModuleFactory;
  export default createGridmilpModule;
}
