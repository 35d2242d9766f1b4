// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the npm package (npm run test:package): the API from its sources, and the
// real package — `npm pack` (which builds lib/ through "prepack"), installed offline into
// fresh temporary folders, used from a plain Node script, from its `gridmilp` bin, from a
// TypeScript consumer, and bundled by Vite into the example app run in Chromium.
// Build the WASM module and CLI first (npm run build).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/package/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/package/global-setup.ts'],
    // Generous limits for slow machines; no assertion depends on speed.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    passWithNoTests: false,
  },
});
