// SPDX-License-Identifier: GPL-3.0-or-later
// Which Sudoku test sets a test run uses. The larger sets of ../shared/data (Project
// Euler 96, Norvig's top95 and easy50, Royle's 17-clue list, Lewis's 16×16 and 25×25
// samples) are not ours to ship, so they are read only when present: beside the
// repository, or in the folder named by GRIDMILP_DATA_DIR. Without them each stands in
// by a set of the same layout that gridmilp generated itself from fixed seeds
// (tests/data/sudoku/, made by scripts/make-test-data.mjs; see tests/data/SOURCES.md).
// Tests of facts only the real set has (Project Euler's answer, a named puzzle's
// solution) call `hasSharedData` and are skipped — reported as not run — without it.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's own test data folder (tests/data/), with a trailing slash. */
export const ownDataDir = fileURLToPath(new URL('../data/', import.meta.url));

/**
 * The shared data folder, with a trailing slash: $GRIDMILP_DATA_DIR when set, else
 * ../shared/data beside the repository. It may not exist.
 */
export const sharedDataDir = process.env.GRIDMILP_DATA_DIR
  ? `${process.env.GRIDMILP_DATA_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/** The shared Sudoku sets the tests use, each with its own stand-in in tests/data/sudoku/. */
export const STAND_INS = {
  'p096_sudoku.txt': 'sudoku/grids50.txt',
  'top95.txt': 'sudoku/hard95.txt',
  'easy50.txt': 'sudoku/easy50.txt',
  'sudoku17_last1000.txt': 'sudoku/minimal1000.txt',
  'sudoku16x16/lewis_sample_16x16.txt': 'sudoku/16x16.txt',
  'sudoku25x25/lewis_sample_25x25.txt': 'sudoku/25x25.txt',
} as const;

/** A shared set's name, relative to the shared data folder. */
export type SharedSet = keyof typeof STAND_INS;

/** True when the shared file `name` (relative to the shared data folder) is present. */
export function hasSharedData(name: string): boolean {
  return existsSync(`${sharedDataDir}${name}`);
}

const reported = new Set<string>();

/**
 * The path of the set to use for `name`: the shared file when present, else its
 * stand-in in tests/data/sudoku/. Says once per process, on stdout, which was used.
 */
export function dataPath(name: SharedSet): string {
  const shared = hasSharedData(name);
  const path = shared ? `${sharedDataDir}${name}` : `${ownDataDir}${STAND_INS[name]}`;
  if (!reported.has(name)) {
    reported.add(name);
    console.log(
      shared
        ? `[test data] ${name}: the shared set (${path})`
        : `[test data] ${name} is absent: using gridmilp's own ${STAND_INS[name]} instead`,
    );
  }
  return path;
}

/** The text of the set to use for `name` (see `dataPath`). */
export function readData(name: SharedSet): string {
  return readFileSync(dataPath(name), 'utf8');
}
