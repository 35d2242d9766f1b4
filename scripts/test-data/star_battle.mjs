#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/star_battle.*: Star Battle of gridmilp's own from fixed seeds. For
// each seed: a placement of K stars per row and column that never touch (a random
// depth-first search, row by row), some corner cells outside the puzzle (@) or a black
// cell (#) where there is no star, and regions grown at random from the stars (for K = 2,
// from each star, then merged in adjacent pairs), so the placement is an answer. Then
// cells move between regions until the engine finds exactly one answer (regions.mjs,
// makeUnique).
//
//   node scripts/test-data/star_battle.mjs
import { record, seeded, shuffled, writeSet } from './common.mjs';
import { grow, makeUnique, pairUp, tokens } from './regions.mjs';

/** K stars in each row and column of an n × n grid, none touching: cell → 1 or 0. */
function placement(random, n, k) {
  const stars = Array(n * n).fill(0);
  const perColumn = Array(n).fill(0);
  const choices = [];
  const pick = (from, chosen) => {
    if (chosen.length === k) return choices.push([...chosen]);
    for (let c = from; c < n; c++) {
      if (chosen.length > 0 && c - chosen[chosen.length - 1] < 2) continue;
      pick(c + 1, [...chosen, c]);
    }
  };
  pick(0, []);
  const place = (r) => {
    if (r === n) return true;
    const left = n - r; // rows still to fill, this one included
    for (const set of shuffled(random, choices)) {
      const fits = set.every(
        (c) => perColumn[c] < k && [-1, 0, 1].every((d) => r === 0 || c + d < 0 || c + d >= n || !stars[(r - 1) * n + c + d]),
      );
      if (!fits) continue;
      for (const c of set) perColumn[c]++, (stars[r * n + c] = 1);
      // Each column still needs k − count stars in the left − 1 rows below, never two adjacent.
      const possible = perColumn.every((count) => k - count <= Math.ceil((left - 1) / 2));
      if (possible && place(r + 1)) return true;
      for (const c of set) perColumn[c]--, (stars[r * n + c] = 0);
    }
    return false;
  };
  if (!place(0)) throw new Error(`no placement for ${n}×${n}, ${k}`);
  return stars;
}

function candidate(name, seed, n, k, outsideCorners, blackCells) {
  const random = seeded(seed);
  const stars = placement(random, n, k);
  const marks = new Map();
  if (outsideCorners) {
    for (const cell of [0, n - 1, n * (n - 1), n * n - 1]) if (!stars[cell]) marks.set(cell, '@');
  }
  for (const cell of shuffled(random, [...Array(n * n).keys()])) {
    if (blackCells === 0) break;
    const r = Math.floor(cell / n), c = cell % n;
    if (stars[cell] || r === 0 || c === 0 || r === n - 1 || c === n - 1) continue;
    marks.set(cell, '#');
    blackCells--;
  }
  const seeds = stars.flatMap((s, cell) => (s ? [cell] : []));
  let region = null;
  for (let attempt = 0; region === null && attempt < 20; attempt++) {
    const grown = grow(random, n, seeds, [...marks.keys()]);
    region = k === 1 ? grown : pairUp(random, n, grown, seeds.length);
  }
  if (region === null) return null;
  return makeUnique('star-battle', random, n, region, stars, (regions) =>
    record(name, n, n, [tokens(regions, marks)], String(k)),
  );
}

const puzzles = [];
const solutions = [];
// [side, K, how many, corners outside, black cells]
for (const [n, k, wanted, outside, black] of [
  [5, 1, 3, false, 0],
  [6, 1, 2, true, 0],
  [7, 1, 2, false, 1],
  [8, 1, 2, true, 0],
  [9, 2, 1, false, 0],
  [10, 2, 2, false, 2],
]) {
  let made = 0;
  for (let seed = 1; made < wanted; seed++) {
    const found = candidate(`own_${n}x${n}_k${k}_seed${seed}`, seed * 1000 + n, n, k, outside, black);
    if (found === null) continue;
    puzzles.push(found.text);
    solutions.push(found.answer);
    made++;
  }
}
writeSet('star_battle', puzzles, solutions);
