#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// tests/data/puzzles/heyawake.*: Heyawake of gridmilp's own from fixed seeds. For each
// seed: a shading (cells in random order, each shaded when it touches no shaded cell and
// the unshaded cells stay connected), then rooms cut at random (a rectangle is split in
// two along a random line that leaves no run of unshaded cells crossing two borders,
// while it is larger than 6 cells, or at random while larger than 2). Every room gets its
// count; kept when the engine says the puzzle has exactly one answer, and then numbers
// are removed one at a time, in random order, while the answer stays unique.
//
//   node scripts/test-data/heyawake.mjs
import { below, record, seeded, shuffled, uniqueAnswer, writeSet } from './common.mjs';

const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]];
const ID = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

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

/** Shades `cell` when it touches no shaded cell and the rest stays connected. */
function tryShade(shaded, cell, rows, columns) {
  if (shaded[cell] || neighbours(cell, rows, columns).some((n) => shaded[n])) return false;
  shaded[cell] = 1;
  if (connected(shaded, rows, columns)) return true;
  shaded[cell] = 0;
  return false;
}

/** The cells of the first run of unshaded cells that crosses two room borders, or null. */
function badRun(shaded, room, rows, columns) {
  for (const [lines, length, at] of [
    [rows, columns, (line, k) => line * columns + k],
    [columns, rows, (line, k) => k * columns + line],
  ]) {
    for (let line = 0; line < lines; line++) {
      let start = 0, borders = 0;
      for (let k = 0; k < length; k++) {
        if (shaded[at(line, k)]) {
          start = k + 1;
          borders = 0;
          continue;
        }
        if (k > start && room[at(line, k - 1)] !== room[at(line, k)]) borders++;
        if (borders === 2) return Array.from({ length: k - start + 1 }, (_, j) => at(line, start + j));
      }
    }
  }
  return null;
}

/**
 * The room of each cell: rectangles split at random along a line that leaves no run of
 * unshaded cells crossing two borders (a rectangle stays whole when no line does), while
 * larger than 6 cells, or at random while larger than 2.
 */
function roomsOf(random, shaded, rows, columns) {
  const room = Array(rows * columns).fill(0);
  let count = 1;
  const split = (r0, c0, h, w) => {
    const area = h * w;
    if (area <= 2 || (area <= 6 && random() < 0.4)) return;
    const cuts = shuffled(random, [
      ...Array.from({ length: h - 1 }, (_, k) => [true, k + 1]),
      ...Array.from({ length: w - 1 }, (_, k) => [false, k + 1]),
    ]);
    const mine = room[r0 * columns + c0];
    for (const [across, cut] of cuts) {
      const fresh = count++;
      for (let r = r0; r < r0 + h; r++) {
        for (let c = c0; c < c0 + w; c++) if (across ? r - r0 >= cut : c - c0 >= cut) room[r * columns + c] = fresh;
      }
      if (badRun(shaded, room, rows, columns) === null) {
        if (across) split(r0, c0, cut, w), split(r0 + cut, c0, h - cut, w);
        else split(r0, c0, h, cut), split(r0, c0 + cut, h, w - cut);
        return;
      }
      for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) room[r * columns + c] = mine;
      count--;
    }
  };
  split(0, 0, rows, columns);
  // Renumbered in order of first cell.
  const order = new Map();
  return room.map((k) => (order.has(k) ? order.get(k) : (order.set(k, order.size), order.size - 1)));
}

/** A candidate for one seed: a shading, then rooms that it obeys. */
function candidate(seed, rows, columns) {
  const random = seeded(seed);
  const shaded = Array(rows * columns).fill(0);
  for (const cell of shuffled(random, [...shaded.keys()])) tryShade(shaded, cell, rows, columns);
  const room = roomsOf(random, shaded, rows, columns);
  return { random, room, count: Math.max(...room) + 1, shaded };
}

/** The puzzle record with the numbers of the rooms in `numbered` (a room → its first cell). */
function text(name, rows, columns, room, shaded, numbered) {
  const clues = Array(rows * columns).fill('-');
  for (const [k, cell] of numbered) {
    clues[cell] = String(shaded.filter((v, i) => v === 1 && room[i] === k).length);
  }
  return record(name, rows, columns, [clues, room.map((k) => ID[k])]);
}

const puzzles = [];
const solutions = [];
for (const [rows, columns, wanted] of [[5, 5, 3], [6, 6, 3], [8, 8, 3], [10, 10, 3]]) {
  let made = 0;
  for (let seed = 1; made < wanted && seed < 500; seed++) {
    const found = candidate(seed * 1000 + rows * 10 + columns, rows, columns);
    if (found.count > ID.length) continue;
    const { random, room, count, shaded } = found;
    const name = `own_${rows}x${columns}_seed${seed}`;
    // The number of each room goes into one of its cells, at random.
    const numbered = new Map();
    for (let k = 0; k < count; k++) {
      const cells = [...room.keys()].filter((i) => room[i] === k);
      numbered.set(k, cells[below(random, cells.length)]);
    }
    let answer = uniqueAnswer('heyawake', text(name, rows, columns, room, shaded, numbered));
    if (answer === null) continue;
    for (const k of shuffled(random, [...numbered.keys()])) {
      const cell = numbered.get(k);
      numbered.delete(k);
      const fewer = uniqueAnswer('heyawake', text(name, rows, columns, room, shaded, numbered));
      if (fewer === null) numbered.set(k, cell);
      else answer = fewer;
    }
    puzzles.push(text(name, rows, columns, room, shaded, numbered));
    solutions.push(answer);
    made++;
  }
}
writeSet('heyawake', puzzles, solutions);
