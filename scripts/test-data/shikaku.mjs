#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/shikaku.*: Shikaku of gridmilp's own from fixed seeds. For each seed:
// the grid cut into rectangles (the first uncovered cell, row by row, starts a rectangle
// of random height and width that fits among the uncovered cells, area 2 to 9 where one
// fits, else 1), one random cell of each rectangle given its area as the clue; kept when
// the engine says the puzzle has exactly one answer.
//
//   node scripts/test-data/shikaku.mjs
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

/** The rectangle id of each cell of a random partition of a rows × columns grid. */
function partition(random, rows, columns) {
  const id = Array(rows * columns).fill(0);
  let next = 0;
  for (let cell = 0; cell < rows * columns; cell++) {
    if (id[cell] !== 0) continue;
    const top = Math.floor(cell / columns), left = cell % columns;
    // The widest run of uncovered cells from `cell` rightwards.
    let run = 0;
    while (left + run < columns && id[top * columns + left + run] === 0) run++;
    const shapes = [];
    for (let height = 1; top + height <= rows; height++) {
      for (let width = 1; width <= run; width++) {
        if (height * width >= 2 && height * width <= 9) shapes.push([height, width]);
      }
    }
    const [height, width] = shapes.length > 0 ? shuffled(random, shapes)[0] : [1, 1];
    next++;
    for (let r = top; r < top + height; r++) {
      for (let c = left; c < left + width; c++) id[r * columns + c] = next;
    }
  }
  return { id, count: next };
}

function candidate(seed, n) {
  const random = seeded(seed);
  const { id, count } = partition(random, n, n);
  const clues = Array(n * n).fill('-');
  for (let k = 1; k <= count; k++) {
    const cells = [...id.keys()].filter((cell) => id[cell] === k);
    clues[cells[below(random, cells.length)]] = String(cells.length);
  }
  return clues;
}

const puzzles = [];
const solutions = [];
for (const [n, wanted] of [[5, 3], [6, 3], [8, 3], [10, 3]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const name = `own_${n}x${n}_seed${seed}`;
    const text = record(name, n, n, [candidate(seed * 1000 + n, n)]);
    const answer = uniqueAnswer('shikaku', text);
    if (answer === null) continue;
    puzzles.push(text);
    solutions.push(answer);
    made++;
  }
}
writeSet('shikaku', puzzles, solutions);
