#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/norinori.*: Norinori of gridmilp's own from fixed seeds. For each
// seed: dominoes placed in random order wherever one fits without touching another side
// by side (the planted answer), regions grown at random from each shaded cell and merged
// in adjacent pairs (so each holds two shaded cells, of one domino or of two), then made
// unique by moving cells the engine's second answer shades (regions.mjs). Records have
// janko's layout: an empty block of `-`, then the region ids.
//
//   node scripts/test-data/norinori.mjs
import { record, seeded, shuffled, writeSet } from './common.mjs';
import { around, grow, makeUnique, pairUp, tokens } from './regions.mjs';

/** Dominoes that never touch side by side, placed at random until none fits: 1 per shaded cell. */
function dominoes(random, n) {
  const shaded = Array(n * n).fill(0);
  const all = [];
  for (let cell = 0; cell < n * n; cell++) {
    if (cell % n < n - 1) all.push([cell, cell + 1]);
    if (cell + n < n * n) all.push([cell, cell + n]);
  }
  for (const [a, b] of shuffled(random, all)) {
    const free = [a, b].every((cell) => !shaded[cell] && around(cell, n).every((next) => !shaded[next]));
    if (free) shaded[a] = shaded[b] = 1;
  }
  return shaded;
}

function candidate(name, seed, n) {
  const random = seeded(seed);
  const shaded = dominoes(random, n);
  const seeds = shaded.flatMap((s, cell) => (s ? [cell] : []));
  let region = null;
  for (let attempt = 0; region === null && attempt < 20; attempt++) {
    region = pairUp(random, n, grow(random, n, seeds, []), seeds.length);
  }
  if (region === null) return null;
  const empty = Array(n * n).fill('-');
  return makeUnique('norinori', random, n, region, shaded, (regions) => record(name, n, n, [empty, tokens(regions)]));
}

const puzzles = [];
const solutions = [];
for (const [n, wanted] of [[5, 2], [6, 3], [7, 2], [8, 3], [10, 2]]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const found = candidate(`own_${n}x${n}_seed${seed}`, seed * 1000 + n, n);
    if (found === null) continue;
    puzzles.push(found.text);
    solutions.push(found.answer);
    made++;
  }
}
writeSet('norinori', puzzles, solutions);
