// SPDX-License-Identifier: GPL-3.0-or-later
//
// What the generators of gridmilp's own pencil-puzzle test data share (one script per
// genre in this folder; each writes tests/data/puzzles/<genre>.{puzzles,solutions}.txt
// in the janko-style sw_* record layout, see tests/data/SOURCES.md): a seeded random
// generator, and the native CLI's uniqueness check. Needs the native CLI
// (bash scripts/build.sh).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliRequestSync } from '../cli-requests.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A seeded random generator (mulberry32): the same seed gives the same numbers on every
 * machine.
 *
 * @param seed a whole number
 * @returns a function giving numbers in [0, 1)
 */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number in [0, n) from `random`. */
export const below = (random, n) => Math.floor(random() * n);

/** The array shuffled by `random` (Fisher–Yates), a new array. */
export function shuffled(random, items) {
  const out = [...items];
  for (let k = out.length - 1; k > 0; k--) {
    const j = below(random, k + 1);
    [out[k], out[j]] = [out[j], out[k]];
  }
  return out;
}

/** A record: `=== name`, `R C[ extra]`, then each block's rows of tokens. */
export function record(name, rows, columns, blocks, extra = '') {
  const lines = [`=== ${name}`, `${rows} ${columns}${extra === '' ? '' : ` ${extra}`}`];
  for (const block of blocks) {
    for (let r = 0; r < rows; r++) lines.push(block.slice(r * columns, (r + 1) * columns).join(' '));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Checks uniqueness with the native CLI: the answer text (the genre's solution record)
 * when the puzzle has exactly one answer, else null.
 *
 * @param genre the genre id
 * @param text one puzzle record
 * @throws Error when the CLI fails otherwise than by a puzzle without one answer
 */
export function uniqueAnswer(genre, text) {
  const message = cliRequestSync({ type: 'checkUniqueness', genre, puzzle: text });
  if (message.error) throw new Error(`${genre}: ${message.error.message}\n${text}`);
  return message.result.unique === true ? message.result.answer.text : null;
}

/**
 * Writes tests/data/puzzles/<genre>.puzzles.txt and .solutions.txt.
 *
 * @param genre the file stem
 * @param puzzles the puzzle records, in order
 * @param solutions their answer records, in the same order
 */
export function writeSet(genre, puzzles, solutions) {
  const dir = `${root}tests/data/puzzles/`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${genre}.puzzles.txt`, puzzles.join(''));
  writeFileSync(`${dir}${genre}.solutions.txt`, solutions.join(''));
  console.log(`tests/data/puzzles/${genre}: ${puzzles.length} puzzles`);
}
