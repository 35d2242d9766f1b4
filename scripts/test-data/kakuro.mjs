#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/kakuro.*: Kakuro of gridmilp's own from fixed seeds. For each seed:
// the first row and column black (they hold the clues), the other cells black at random
// (about a quarter), then every white cell whose across or down run would be a single cell
// made black too, until none is; the white cells filled with digits by a random
// backtracking search (no digit twice in a run), and each run's sum written as its clue.
// While the engine finds two answers, the cells where they differ and a run through one of
// them are filled anew and the clues written again (up to 50 times); kept when the engine
// says the puzzle has exactly one answer.
//
//   node scripts/test-data/kakuro.mjs
import { cliRequestSync } from '../cli-requests.mjs';
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

/** The run (cells, in order) through `cell` across or down, n × n, `white` booleans. */
function runThrough(white, n, cell, across) {
  const step = across ? 1 : n;
  const inLine = (k) => k >= 0 && k < n * n && (!across || Math.floor(k / n) === Math.floor(cell / n));
  let first = cell;
  while (inLine(first - step) && white[first - step]) first -= step;
  const out = [];
  for (let k = first; inLine(k) && white[k]; k += step) out.push(k);
  return out;
}

/** A layout: `white` booleans, n × n, every run at least 2 cells long. */
function layoutOf(random, n) {
  const white = Array.from({ length: n * n }, (_, cell) => cell >= n && cell % n !== 0 && below(random, 4) !== 0);
  for (let changed = true; changed; ) {
    changed = false;
    for (let cell = 0; cell < n * n; cell++) {
      if (!white[cell]) continue;
      if (runThrough(white, n, cell, true).length < 2 || runThrough(white, n, cell, false).length < 2) {
        white[cell] = false;
        changed = true;
      }
    }
  }
  return white;
}

/**
 * The digits 1..9 in a random order that tends to put small and large digits first: runs
 * of them have fewer digit sets for their sum (3 in 2 cells: only 1 + 2), which makes a
 * puzzle with one answer likelier.
 */
function digitOrder(random) {
  const keyed = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [Math.abs(d - 5) + 4 * random(), d]);
  return keyed.sort((a, b) => b[0] - a[0]).map(([, d]) => d);
}

/**
 * Fills `cells` (0 in `digits`) with digits in place, no digit twice in a run; false when
 * no fill is found within 10,000 steps.
 */
function fill(random, white, n, digits, cells) {
  let steps = 0;
  const place = (i) => {
    if (i === cells.length) return true;
    if (++steps > 10000) return false;
    const cell = cells[i];
    const used = new Set([...runThrough(white, n, cell, true), ...runThrough(white, n, cell, false)].map((k) => digits[k]));
    for (const d of digitOrder(random)) {
      if (used.has(d)) continue;
      digits[cell] = d;
      if (place(i + 1)) return true;
    }
    digits[cell] = 0;
    return false;
  };
  return place(0);
}

/** The puzzle's tokens: `0` white, `a,b` (down a, across b) or `-` black. */
function tokensOf(white, digits, n) {
  const sum = (cells) => cells.reduce((total, k) => total + digits[k], 0);
  return white.map((isWhite, cell) => {
    if (isWhite) return '0';
    const across = cell % n + 1 < n && white[cell + 1] ? sum(runThrough(white, n, cell + 1, true)) : 0;
    const down = cell + n < n * n && white[cell + n] ? sum(runThrough(white, n, cell + n, false)) : 0;
    return across === 0 && down === 0 ? '-' : `${down === 0 ? '' : down},${across === 0 ? '' : across}`;
  });
}

/**
 * The engine's uniqueness check of a puzzle: null when it has one answer, else the cells
 * (indices, n × n) where two answers differ.
 */
function differences(text, n) {
  const message = cliRequestSync({ type: 'checkUniqueness', genre: 'kakuro', puzzle: text });
  if (message.error) throw new Error(`kakuro: ${message.error.message}\n${text}`);
  if (message.result.unique === true) return null;
  return message.result.differences.map(({ row, column }) => (row - 1) * n + column - 1);
}

const puzzles = [];
const solutions = [];
for (const [n, wanted] of [[5, 3], [6, 2], [7, 3], [8, 3], [10, 1]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const random = seeded(seed * 1000 + n);
    const white = layoutOf(random, n);
    if (white.filter(Boolean).length < ((n - 1) * (n - 1)) / 2) continue;
    const digits = Array(n * n).fill(0);
    if (!fill(random, white, n, digits, [...Array(n * n).keys()].filter((k) => white[k]))) continue;
    const name = `own_${n}x${n}_seed${seed}`;
    let text = record(name, n, n, [tokensOf(white, digits, n)]);
    for (let round = 0; round < 50 && text !== null; round++) {
      const cells = differences(text, n);
      if (cells === null) break;
      // With a run through one of them, so that the search does not circle.
      const pick = cells[below(random, cells.length)];
      cells.push(...runThrough(white, n, pick, below(random, 2) === 0).filter((k) => !cells.includes(k)));
      for (const cell of cells) digits[cell] = 0;
      text = fill(random, white, n, digits, shuffled(random, cells)) ? record(name, n, n, [tokensOf(white, digits, n)]) : null;
    }
    if (text === null) continue;
    const answer = uniqueAnswer('kakuro', text);
    if (process.env.VERBOSE) console.log(n, seed, answer !== null);
    if (answer === null) continue;
    puzzles.push(text);
    solutions.push(answer);
    made++;
  }
}
writeSet('kakuro', puzzles, solutions);
