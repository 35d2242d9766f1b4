#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/akari.*: Akari (Light Up) of gridmilp's own from fixed seeds. For
// each seed: black cells at random (about a fifth of the grid), lamps placed on the white
// cells in random order wherever the cell is still dark (so no lamp shines on another and
// every cell ends lit), and every black cell numbered with its count of lamps beside it.
// When the engine says that puzzle has exactly one answer, the numbers are taken off
// again one at a time, in random order, as long as the answer stays the only one.
//
//   node scripts/test-data/akari.mjs
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

const steps = [[0, 1], [1, 0], [0, -1], [-1, 0]];

/** A random answer: `black` (booleans) and `lamp` (booleans), n × n. */
function answerOf(random, n) {
  const black = Array.from({ length: n * n }, () => below(random, 5) === 0);
  const lamp = Array(n * n).fill(false);
  const lit = Array(n * n).fill(false);
  for (const cell of shuffled(random, [...Array(n * n).keys()])) {
    if (black[cell] || lit[cell]) continue;
    lamp[cell] = true;
    lit[cell] = true;
    const r = Math.floor(cell / n), c = cell % n;
    for (const [dr, dc] of steps) {
      for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < n && cc >= 0 && cc < n && !black[rr * n + cc]; rr += dr, cc += dc) {
        lit[rr * n + cc] = true;
      }
    }
  }
  return { black, lamp };
}

/** The puzzle's tokens: `-` white, the lamp count of a numbered black cell, `x` else. */
function tokensOf(n, black, lamp, numbered) {
  return black.map((isBlack, cell) => {
    if (!isBlack) return '-';
    if (!numbered[cell]) return 'x';
    const r = Math.floor(cell / n), c = cell % n;
    let count = 0;
    for (const [dr, dc] of steps) {
      const rr = r + dr, cc = c + dc;
      if (rr >= 0 && rr < n && cc >= 0 && cc < n && lamp[rr * n + cc]) count++;
    }
    return String(count);
  });
}

const puzzles = [];
const solutions = [];
for (const [n, wanted] of [[5, 3], [7, 3], [8, 3], [10, 3]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const random = seeded(seed * 1000 + n);
    const name = `own_${n}x${n}_seed${seed}`;
    const { black, lamp } = answerOf(random, n);
    const numbered = [...black];
    let text = record(name, n, n, [tokensOf(n, black, lamp, numbered)]);
    let answer = uniqueAnswer('akari', text);
    if (answer === null) continue;
    for (const cell of shuffled(random, [...Array(n * n).keys()].filter((k) => black[k]))) {
      numbered[cell] = false;
      const fewer = record(name, n, n, [tokensOf(n, black, lamp, numbered)]);
      const still = uniqueAnswer('akari', fewer);
      if (still === null) {
        numbered[cell] = true;
      } else {
        text = fewer;
        answer = still;
      }
    }
    puzzles.push(text);
    solutions.push(answer);
    made++;
  }
}
writeSet('akari', puzzles, solutions);
