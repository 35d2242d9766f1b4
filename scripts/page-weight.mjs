// SPDX-License-Identifier: GPL-3.0-or-later
//
// The page weight of a first solve, as scripts/bench-page.mjs reports it and the page
// test "first-solve weight" (tests/page/weight.test.ts) bounds it: every response a
// page receives, each compressed with gzip -9 (zlib level 9; the server may send it
// uncompressed), summed. Issue #24, goal 4: under 250,000 bytes for a Sudoku.

import { gzipSync } from 'node:zlib';

/** The budget of a first Sudoku solve's download, bytes of gzip -9 (issue #24, goal 4). */
export const FIRST_SOLVE_BUDGET = 250_000;

/**
 * Records the size of every response `page` receives from now on.
 *
 * @param {import('playwright-core').Page} page a page before its navigation
 * @returns {() => Promise<Map<string, {raw: number, gzip: number}>>} resolves, once every
 *   body seen so far has been read, with each response's URL mapped to its size in bytes
 *   as sent (`raw`) and after gzip -9 (`gzip`); redirects and aborted requests, which
 *   have no body, are left out
 */
export function recordResponseWeights(page) {
  const weights = new Map();
  const reads = [];
  page.on('response', (response) => {
    reads.push(
      response.body().then(
        (body) => weights.set(response.url(), { raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    );
  });
  return async () => {
    await Promise.all(reads);
    return weights;
  };
}

/**
 * The sum of the sizes of {@link recordResponseWeights}.
 *
 * @param {Map<string, {raw: number, gzip: number}>} weights
 * @returns {{raw: number, gzip: number}} bytes
 */
export function totalWeight(weights) {
  let raw = 0;
  let gzip = 0;
  for (const w of weights.values()) {
    raw += w.raw;
    gzip += w.gzip;
  }
  return { raw, gzip };
}
