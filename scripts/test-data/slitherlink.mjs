#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/slitherlink.*: Slitherlink of gridmilp's own from fixed seeds. For
// each seed: a loop, grown as the border of a set of inside cells (from a random cell,
// frontier cells in random order are added while the outside cells stay connected to the
// grid's border and no two inside cells meet only at a corner with the other two outside,
// until about half the grid is inside), the clue of every cell counted from it, and about
// half of the clues kept at random; kept when the engine says the puzzle has exactly one
// answer (which is then the grown loop).
//
//   node scripts/test-data/slitherlink.mjs
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

/** Whether every outside cell reaches the border through outside cells (rows × columns). */
function outsideConnected(inside, rows, columns) {
  const seen = new Set();
  const stack = [];
  for (let cell = 0; cell < rows * columns; cell++) {
    const r = Math.floor(cell / columns), c = cell % columns;
    const border = r === 0 || c === 0 || r === rows - 1 || c === columns - 1;
    if (border && !inside[cell]) {
      seen.add(cell);
      stack.push(cell);
    }
  }
  while (stack.length > 0) {
    const cell = stack.pop();
    const r = Math.floor(cell / columns), c = cell % columns;
    for (const [dr, dc] of STEPS) {
      const rr = r + dr, cc = c + dc;
      const next = rr * columns + cc;
      if (rr < 0 || rr >= rows || cc < 0 || cc >= columns || inside[next] || seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen.size === inside.filter((v) => !v).length;
}

/** Whether some 2×2 block around cell (r, c) holds two inside cells only diagonally. */
function touchesAtCorner(inside, rows, columns, r, c) {
  const at = (rr, cc) => rr >= 0 && rr < rows && cc >= 0 && cc < columns && inside[rr * columns + cc];
  for (const [dr, dc] of [[-1, -1], [-1, 0], [0, -1], [0, 0]]) {
    const a = at(r + dr, c + dc), b = at(r + dr, c + dc + 1);
    const d = at(r + dr + 1, c + dc), e = at(r + dr + 1, c + dc + 1);
    if ((a && e && !b && !d) || (b && d && !a && !e)) return true;
  }
  return false;
}

/** The clues (one per cell) of a loop grown from `seed`, about half of them kept. */
function candidate(seed, rows, columns) {
  const random = seeded(seed);
  const inside = Array(rows * columns).fill(false);
  inside[below(random, rows * columns)] = true;
  const target = Math.floor((rows * columns) / 2);
  let count = 1;
  for (let tries = 0; count < target && tries < 20 * rows * columns; tries++) {
    const frontier = [];
    for (let cell = 0; cell < rows * columns; cell++) {
      if (inside[cell]) continue;
      const r = Math.floor(cell / columns), c = cell % columns;
      if (STEPS.some(([dr, dc]) => {
        const rr = r + dr, cc = c + dc;
        return rr >= 0 && rr < rows && cc >= 0 && cc < columns && inside[rr * columns + cc];
      })) {
        frontier.push(cell);
      }
    }
    const cell = shuffled(random, frontier)[0];
    inside[cell] = true;
    const r = Math.floor(cell / columns), c = cell % columns;
    if (touchesAtCorner(inside, rows, columns, r, c) || !outsideConnected(inside, rows, columns)) {
      inside[cell] = false;
      continue;
    }
    count++;
  }
  const isIn = (r, c) => r >= 0 && r < rows && c >= 0 && c < columns && inside[r * columns + c];
  return Array.from({ length: rows * columns }, (_, cell) => {
    const r = Math.floor(cell / columns), c = cell % columns;
    const clue = STEPS.filter(([dr, dc]) => isIn(r, c) !== isIn(r + dr, c + dc)).length;
    return random() < 0.55 ? String(clue) : '-';
  });
}

const puzzles = [];
const solutions = [];
for (const [rows, columns, wanted] of [[5, 5, 4], [7, 7, 4], [8, 10, 2], [10, 10, 2]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const name = `own_${rows}x${columns}_seed${seed}`;
    const text = record(name, rows, columns, [candidate(seed * 1000 + rows * 17 + columns, rows, columns)]);
    const answer = uniqueAnswer('slitherlink', text);
    if (answer === null) continue;
    puzzles.push(text);
    solutions.push(answer);
    made++;
  }
}
writeSet('slitherlink', puzzles, solutions);
