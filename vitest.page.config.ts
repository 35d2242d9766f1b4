// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the built page (dist/) in headless Chromium via playwright-core. Build the
// page first (npm run build, or npm run build:web once web/generated/ exists).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/page/**/*.test.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    passWithNoTests: false,
  },
});
