#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/hitori.*: Hitori of gridmilp's own from fixed seeds. For each seed:
// a shading (cells in random order, each shaded when it touches no shaded cell and the
// unshaded cells stay connected, until a third of the grid is tried), a Latin square
// (rows and columns and symbols of the cyclic square permuted) for the numbers, and each
// shaded cell given a copy of a number of its row or column; kept when the engine says
// the puzzle has exactly one answer.
//
//   node scripts/test-data/hitori.mjs
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

/** Whether the cells with `open[i]` true are connected (n × n grid). */
function connected(open, n) {
  const start = open.indexOf(true);
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length > 0) {
    const cell = stack.pop();
    const r = Math.floor(cell / n), c = cell % n;
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
      const rr = r + dr, cc = c + dc;
      const next = rr * n + cc;
      if (rr < 0 || rr >= n || cc < 0 || cc >= n || !open[next] || seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen.size === open.filter(Boolean).length;
}

function candidate(seed, n) {
  const random = seeded(seed);
  const open = Array(n * n).fill(true);
  for (const cell of shuffled(random, [...Array(n * n).keys()]).slice(0, Math.floor((n * n) / 3))) {
    const r = Math.floor(cell / n), c = cell % n;
    const touches = [[-1, 0], [1, 0], [0, -1], [0, 1]].some(([dr, dc]) => {
      const rr = r + dr, cc = c + dc;
      return rr >= 0 && rr < n && cc >= 0 && cc < n && !open[rr * n + cc];
    });
    if (touches) continue;
    open[cell] = false;
    if (!connected(open, n)) open[cell] = true;
  }
  const rows = shuffled(random, [...Array(n).keys()]);
  const columns = shuffled(random, [...Array(n).keys()]);
  const symbols = shuffled(random, [...Array(n).keys()].map((k) => k + 1));
  const numbers = Array.from({ length: n * n }, (_, cell) => symbols[(rows[Math.floor(cell / n)] + columns[cell % n]) % n]);
  for (let cell = 0; cell < n * n; cell++) {
    if (open[cell]) continue;
    const r = Math.floor(cell / n), c = cell % n;
    const others = [...Array(n).keys()].flatMap((k) => [
      ...(k !== c && open[r * n + k] ? [r * n + k] : []),
      ...(k !== r && open[k * n + c] ? [k * n + c] : []),
    ]);
    numbers[cell] = numbers[others[below(random, others.length)]];
  }
  return numbers;
}

const puzzles = [];
const solutions = [];
for (const [n, wanted] of [[5, 4], [7, 4], [9, 4]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const name = `own_${n}x${n}_seed${seed}`;
    const text = record(name, n, n, [candidate(seed * 1000 + n, n)]);
    const answer = uniqueAnswer('hitori', text);
    if (answer === null) continue;
    puzzles.push(text);
    solutions.push(answer);
    made++;
  }
}
writeSet('hitori', puzzles, solutions);
