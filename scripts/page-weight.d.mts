// SPDX-License-Identifier: GPL-3.0-or-later
// Types of scripts/page-weight.mjs (the page benchmark and the page tests share it).
import type { Page } from 'playwright-core';

/** Bytes of one response: as sent, and after gzip -9. */
export interface ResponseWeight {
  raw: number;
  gzip: number;
}

/** The budget of a first Sudoku solve's download, bytes of gzip -9 (issue #24, goal 4). */
export declare const FIRST_SOLVE_BUDGET: number;

/**
 * Records the size of every response `page` receives from now on; the function it
 * returns resolves, once every body seen so far has been read, with each response's
 * URL mapped to its size.
 */
export declare function recordResponseWeights(page: Page): () => Promise<Map<string, ResponseWeight>>;

/** The sum of the sizes of {@link recordResponseWeights}, bytes. */
export declare function totalWeight(weights: Map<string, ResponseWeight>): ResponseWeight;
