// SPDX-License-Identifier: GPL-3.0-or-later
// Declares the generated Emscripten glue (web/generated/gridmilp_wasm.js and
// gridmilp_wasm_sat.js, the module with the SAT method; git-ignored)
// for TypeScript; the types themselves live in ../solver/wasm.ts.
declare module '*/generated/gridmilp_wasm.js' {
  const createGridmilpModule: import('../solver/wasm').GridmilpModuleFactory;
  export default createGridmilpModule;
}
declare module '*/generated/gridmilp_wasm_sat.js' {
  const createGridmilpModule: import('../solver/wasm').GridmilpModuleFactory;
  export default createGridmilpModule;
}
