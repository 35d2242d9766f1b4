#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/nurikabe.*: Nurikabe of gridmilp's own from fixed seeds. For each
// seed: a grid all shaded, then islands grown one cell at a time (each new island seeded
// in a 2×2 block still all shaded, each cell added only when it touches no other island
// and the shaded cells stay connected, up to a random size of 1 to 4 or 5; where no new
// island fits in such a block, the one island beside it takes a cell of it, up to 9),
// until no 2×2 block is all shaded; each island's size written in a random cell of it;
// kept when the engine says the puzzle has exactly one answer (up to 10 placings of the
// clues tried per answer).
//
//   node scripts/test-data/nurikabe.mjs
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

const steps = [[-1, 0], [0, -1], [0, 1], [1, 0]];

/** The cells beside `cell` in an n × n grid. */
function neighbours(cell, n) {
  const r = Math.floor(cell / n), c = cell % n;
  return steps.filter(([dr, dc]) => r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n)
    .map(([dr, dc]) => (r + dr) * n + c + dc);
}

/** Whether the shaded cells are connected. */
function connected(shaded, n) {
  const start = shaded.indexOf(true);
  if (start < 0) return true;
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const next of neighbours(stack.pop(), n)) {
      if (shaded[next] && !seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen.size === shaded.filter(Boolean).length;
}

/** The cells of 2×2 blocks all shaded. */
function pooled(shaded, n) {
  const out = new Set();
  for (let r = 0; r + 1 < n; r++) {
    for (let c = 0; c + 1 < n; c++) {
      const block = [r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1];
      if (block.every((cell) => shaded[cell])) block.forEach((cell) => out.add(cell));
    }
  }
  return [...out];
}

/**
 * The islands of a random answer (each a list of cells), or null when the growth leaves
 * a 2×2 block all shaded.
 */
function answer(random, n, maxSize) {
  const shaded = Array(n * n).fill(true);
  const island = Array(n * n).fill(-1);
  const islands = [];
  // A cell may join island k when it is shaded, touches no other island, and the
  // shaded cells stay connected without it.
  const joins = (cell, k) => {
    if (!shaded[cell] || neighbours(cell, n).some((next) => island[next] >= 0 && island[next] !== k)) return false;
    shaded[cell] = false;
    const ok = connected(shaded, n);
    shaded[cell] = true;
    return ok;
  };
  for (let attempt = 0; attempt < 4 * n * n; attempt++) {
    const pools = shuffled(random, pooled(shaded, n));
    if (pools.length === 0) break;
    const seedCell = pools.find((cell) => joins(cell, islands.length));
    if (seedCell === undefined) {
      // No new island fits in a block: let a neighbouring island take a cell of one.
      const grown = pools.find((cell) => {
        const beside = [...new Set(neighbours(cell, n).map((next) => island[next]).filter((k) => k >= 0))];
        if (beside.length !== 1 || islands[beside[0]].length >= 9 || !joins(cell, beside[0])) return false;
        shaded[cell] = false;
        island[cell] = beside[0];
        islands[beside[0]].push(cell);
        return true;
      });
      if (grown === undefined) return null;
      continue;
    }
    const k = islands.length;
    const cells = [seedCell];
    shaded[seedCell] = false;
    island[seedCell] = k;
    const size = 1 + below(random, maxSize);
    while (cells.length < size) {
      const options = [...new Set(cells.flatMap((cell) => neighbours(cell, n)))].filter((cell) => joins(cell, k));
      if (options.length === 0) break;
      const cell = options[below(random, options.length)];
      shaded[cell] = false;
      island[cell] = k;
      cells.push(cell);
    }
    islands.push(cells);
  }
  return pooled(shaded, n).length > 0 ? null : islands;
}

/** The clues: each island's size written in a random cell of it. */
function clues(random, islands, n) {
  const out = Array(n * n).fill('-');
  for (const cells of islands) out[cells[below(random, cells.length)]] = String(cells.length);
  return out;
}

const puzzles = [];
const solutions = [];
for (const [n, wanted, maxSize] of [[5, 3, 5], [6, 3, 5], [8, 3, 4], [10, 3, 4]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const random = seeded(seed * 1000 + n);
    const islands = answer(random, n, maxSize);
    if (islands === null) continue;
    // Where the clues sit decides uniqueness as much as the islands: try a few places.
    for (let placing = 0; placing < 10; placing++) {
      const name = `own_${n}x${n}_seed${seed}`;
      const text = record(name, n, n, [clues(random, islands, n)]);
      const solution = uniqueAnswer('nurikabe', text);
      if (solution === null) continue;
      puzzles.push(text);
      solutions.push(solution);
      made++;
      break;
    }
  }
}
writeSet('nurikabe', puzzles, solutions);
