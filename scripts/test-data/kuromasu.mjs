#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/kuromasu.*: Kuromasu of gridmilp's own from fixed seeds. For each
// seed: a shading (cells in random order, each shaded, with probability 1/2, when it
// touches no shaded cell and the unshaded cells stay connected), then clues on unshaded
// cells in random order (each the count of the cells it sees) until the engine says the
// puzzle has exactly one answer, then clues removed one at a time, in random order, while
// the answer stays unique.
//
//   node scripts/test-data/kuromasu.mjs
import { record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

/** The neighbours of a cell. */
function neighbours(cell, rows, columns) {
  const r = Math.floor(cell / columns), c = cell % columns;
  return STEPS.map(([dr, dc]) => [r + dr, c + dc])
    .filter(([rr, cc]) => rr >= 0 && rr < rows && cc >= 0 && cc < columns)
    .map(([rr, cc]) => rr * columns + cc);
}

/** Whether the unshaded cells are connected. */
function connected(shaded, rows, columns) {
  const start = shaded.indexOf(0);
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const next of neighbours(stack.pop(), rows, columns)) {
      if (!shaded[next] && !seen.has(next)) seen.add(next), stack.push(next);
    }
  }
  return seen.size === shaded.filter((v) => v === 0).length;
}

/** The unshaded cells a cell sees, itself included. */
function sees(shaded, cell, rows, columns) {
  const r0 = Math.floor(cell / columns), c0 = cell % columns;
  let count = 1;
  for (const [dr, dc] of STEPS) {
    for (let r = r0 + dr, c = c0 + dc; r >= 0 && r < rows && c >= 0 && c < columns && !shaded[r * columns + c]; r += dr, c += dc) {
      count++;
    }
  }
  return count;
}

/** The puzzle record with clues on the cells of `clued`. */
function text(name, rows, columns, shaded, clued) {
  const tokens = Array(rows * columns).fill('-');
  for (const cell of clued) tokens[cell] = String(sees(shaded, cell, rows, columns));
  return record(name, rows, columns, [tokens]);
}

const puzzles = [];
const solutions = [];
for (const [rows, columns, wanted] of [[5, 5, 3], [6, 6, 3], [8, 8, 3], [7, 10, 3]]) {
  for (let seed = 1; seed <= wanted; seed++) {
    const random = seeded(seed * 1000 + rows * 10 + columns);
    const shaded = Array(rows * columns).fill(0);
    for (const cell of shuffled(random, [...shaded.keys()])) {
      if (random() >= 0.5 || neighbours(cell, rows, columns).some((n) => shaded[n])) continue;
      shaded[cell] = 1;
      if (!connected(shaded, rows, columns)) shaded[cell] = 0;
    }
    const name = `own_${rows}x${columns}_seed${seed}`;
    const open = shuffled(random, [...shaded.keys()].filter((cell) => !shaded[cell]));
    let clued = [];
    let answer = null;
    while (answer === null && clued.length < open.length) {
      clued.push(open[clued.length]);
      answer = uniqueAnswer('kuromasu', text(name, rows, columns, shaded, clued));
    }
    if (answer === null) continue;
    for (const cell of shuffled(random, clued)) {
      const fewer = clued.filter((other) => other !== cell);
      const found = uniqueAnswer('kuromasu', text(name, rows, columns, shaded, fewer));
      if (found !== null) (clued = fewer), (answer = found);
    }
    puzzles.push(text(name, rows, columns, shaded, clued));
    solutions.push(answer);
  }
}
writeSet('kuromasu', puzzles, solutions);
