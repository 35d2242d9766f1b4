#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Regenerates tests/data/sudoku/: Sudoku test sets made by gridmilp's own generator
// from fixed seeds, so a fresh clone tests itself without ../shared/data (see
// tests/data/SOURCES.md). Every puzzle is unique (the generator's uniqueness checks);
// the same seeds give the same files. Needs the native CLI (bash scripts/build.sh).
//
//   node scripts/make-test-data.mjs
//
// Files (each in the layout of the shared set it stands in for):
//   grids50.txt      50 minimal 9×9, Project Euler 96 layout ("Grid 01" + 9 lines of 0–9)
//   hard95.txt       the 95 of seeds 1–4000 the textbook MILP needs most B&B nodes for,
//                    one per line, '.' for blanks (the layout of top95.txt)
//   minimal1000.txt  1,000 minimal 9×9 with the fewest givens first, one per line
//                    (the layout of sudoku17_last1000.txt)
//   easy50.txt       50 9×9 with 32 givens, "=========" between 9-line grids of 0–9
//   16x16.txt        10 minimal 16×16, one per line, 1–9 A–G
//   25x25.txt        10 unique 25×25 with 330 givens (a minimal 25×25 takes minutes)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliRequests } from './cli-requests.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}tests/data/sudoku/`;

/** One `generate` request per entry of `requests`, results in order (cli-requests.mjs). */
const generate = (requests) => cliRequests(requests.map((r) => ({ type: 'generate', ...r })));

/** The 81-character line as 9 lines of digits with 0 for blanks. */
function nineLines(puzzle) {
  const digits = puzzle.replace(/\./g, '0');
  return Array.from({ length: 9 }, (_, r) => digits.slice(9 * r, 9 * r + 9)).join('\n');
}

const seeds = (from, count) => Array.from({ length: count }, (_, i) => ({ seed: from + i }));
mkdirSync(out, { recursive: true });

const grids = await generate(seeds(1, 50));
writeFileSync(
  `${out}grids50.txt`,
  grids.map((g, i) => `Grid ${String(i + 1).padStart(2, '0')}\n${nineLines(g.puzzle)}\n`).join(''),
);

const many = await generate(seeds(1, 4000));
const byNodes = many
  .map((g) => ({ puzzle: g.puzzle, nodes: g.difficulty.stats.nodes, seed: g.seed }))
  .sort((a, b) => b.nodes - a.nodes || a.seed - b.seed);
writeFileSync(`${out}hard95.txt`, byNodes.slice(0, 95).map((g) => `${g.puzzle}\n`).join(''));
console.log(`hard95: ${byNodes[0].nodes} to ${byNodes[94].nodes} B&B nodes (textbook)`);

const fewest = many
  .slice()
  .sort((a, b) => a.givens - b.givens || a.seed - b.seed)
  .slice(0, 1000);
writeFileSync(`${out}minimal1000.txt`, fewest.map((g) => `${g.puzzle}\n`).join(''));
console.log(`minimal1000: ${fewest[0].givens} to ${fewest[999].givens} givens`);

const easy = await generate(seeds(5001, 50).map((r) => ({ ...r, givens: 32 })));
writeFileSync(`${out}easy50.txt`, easy.map((g) => `=========\n${nineLines(g.puzzle)}\n`).join(''));

const big16 = await generate(seeds(1, 10).map((r) => ({ ...r, size: 16 })));
writeFileSync(`${out}16x16.txt`, big16.map((g) => `${g.puzzle}\n`).join(''));
const big25 = await generate(seeds(1, 10).map((r) => ({ ...r, size: 25, givens: 330 })));
writeFileSync(`${out}25x25.txt`, big25.map((g) => `${g.puzzle}\n`).join(''));
console.log(`wrote ${out}`);
