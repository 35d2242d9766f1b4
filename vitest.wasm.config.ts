// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the real WASM module (web/generated/), the worker logic and the client in
// Node. Build the module first (npm run build).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/wasm/**/*.test.ts'],
    environment: 'node',
    // Generous limits for slow machines; no assertion depends on speed.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Every file loads its own module instance; run files one after another on 2 cores.
    fileParallelism: false,
    passWithNoTests: false,
  },
});
