#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Nurikabe records with thin walls and large islands, made from seeds (issue #23: the
// kind of janko.at's 29_10x10 and 753_10x10, where the islands cover most of the grid
// and gridmilp is slowest). Per seed: a grid of 10×10, 12×12 or 15×15; a stream grown
// from one random cell by straight runs in random directions, never closing a 2×2
// block, until it has 18–35% of the cells; each island (a piece of the other cells)
// gets its size as a clue at one random cell. The stream is connected and has no 2×2
// block, and every island holds one clue of its size, so the record has an answer (the
// stream grown), but not always only one: a bench set of answerable records, not of
// published puzzles. Records in the janko-style text of sw_Nurikabe.puzzles.txt
// (README.md, "Formats"); the stream grown, as the matching solutions text, with --answers.
// The same seeds give the same records (test-data/common.mjs's seeded generator).
//
// Usage: node scripts/make-nurikabe-walls.mjs [--seeds N] [--answers FILE] > walls.txt
import { writeFileSync } from 'node:fs';
import { seeded } from './test-data/common.mjs';

const args = process.argv.slice(2);
let seeds = 40;
let answersFile = null;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--seeds') seeds = Number(args[++i]);
  else if (args[i] === '--answers') answersFile = args[++i];
  else throw new Error(`make-nurikabe-walls: unknown argument ${args[i]}`);
}

const STEPS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

/** One record: its clues and its stream (row-major 0/1), n×n. */
function record(seed) {
  const random = seeded(seed);
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  const n = pick([10, 10, 12, 15]);
  const share = 0.18 + random() * 0.17;
  const shaded = new Uint8Array(n * n);
  const inside = (r, c) => r >= 0 && r < n && c >= 0 && c < n;
  // Shading (r, c) closes no 2×2 block of shaded cells.
  const fits = (r, c) => {
    if (!inside(r, c) || shaded[r * n + c]) return false;
    for (const [dr, dc] of [
      [0, 0],
      [0, -1],
      [-1, 0],
      [-1, -1],
    ]) {
      const block = [
        [r + dr, c + dc],
        [r + dr, c + dc + 1],
        [r + dr + 1, c + dc],
        [r + dr + 1, c + dc + 1],
      ];
      if (block.every(([a, b]) => inside(a, b) && (shaded[a * n + b] || (a === r && b === c)))) return false;
    }
    return true;
  };
  const stream = [Math.floor(random() * n * n)];
  shaded[stream[0]] = 1;
  const target = Math.floor(n * n * share);
  for (let tries = 0; stream.length < target && tries < 100_000; tries++) {
    let cell = pick(stream);
    const [dr, dc] = pick(STEPS);
    const run = 1 + Math.floor(random() * n);
    for (let k = 0; k < run && stream.length < target; k++) {
      const r = Math.floor(cell / n) + dr;
      const c = (cell % n) + dc;
      if (!fits(r, c)) break;
      cell = r * n + c;
      shaded[cell] = 1;
      stream.push(cell);
    }
  }
  // The islands: pieces of unshaded cells, each with its size at one of its cells.
  const clues = new Int32Array(n * n);
  const seen = new Uint8Array(n * n);
  for (let start = 0; start < n * n; start++) {
    if (shaded[start] || seen[start]) continue;
    const piece = [start];
    seen[start] = 1;
    for (let i = 0; i < piece.length; i++) {
      const r = Math.floor(piece[i] / n);
      const c = piece[i] % n;
      for (const [dr, dc] of STEPS) {
        const next = (r + dr) * n + c + dc;
        if (inside(r + dr, c + dc) && !shaded[next] && !seen[next]) {
          seen[next] = 1;
          piece.push(next);
        }
      }
    }
    clues[pick(piece)] = piece.length;
  }
  return { n, clues, shaded };
}

const grid = (n, cell) =>
  Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => cell(r * n + c)).join(' ')).join('\n');
let puzzles = '';
let answers = '';
for (let seed = 0; seed < seeds; seed++) {
  const { n, clues, shaded } = record(seed);
  const head = `=== walls${seed}_${n}x${n}\n${n} ${n}\n`;
  puzzles += head + grid(n, (i) => (clues[i] ? String(clues[i]) : '-')) + '\n';
  answers += head + grid(n, (i) => (shaded[i] ? 'x' : '-')) + '\n';
}
process.stdout.write(puzzles);
if (answersFile !== null) writeFileSync(answersFile, answers);
