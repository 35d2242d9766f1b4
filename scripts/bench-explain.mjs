// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark of "why no solution?" (figures, not a test): the explainInfeasible request
// (cpp/app/protocol.md) on puzzles made unsolvable on purpose, natively
// (gridmilp-cli request -, one process, each response's totalMs).
//
// Each puzzle of a set is solved first; then its first empty cell (row by row) gets the
// smallest digit that clashes with no given and is not the solution's: a puzzle with no
// solution and no clash, as a person who typed one wrong digit makes. (A puzzle with
// several solutions may keep one; it is counted as solvable.) Every answer is checked
// here, not trusted: the first set's completion must be a grid that keeps every other
// given, and the fill must keep every given and hold no digit twice in a unit.
//
// Sets: top95, the first 200 of sudoku17_last1000 and the 50 grids of p096 from
// ../shared/data when present (else gridmilp's stand-ins in tests/data/sudoku), and the
// first 6 of tests/data/sudoku/16x16.txt. Prints per set and route (CNF-SAT, the
// default; branch-and-bound with --bnb): how many were infeasible, solvable or stopped,
// median / p90 / max ms of the whole request, and the ms in the removal step.
//
// --planted 1,2,3 plants that many wrong digits instead of one, the j-th of k in the first
// empty cell at or after cell j·n²/k, each clashing with no given (so the puzzle has k
// wrong digits spread over the grid), and prints the sizes of the fewest removals found.
//
// Usage: node scripts/bench-explain.mjs [--bnb] [--time-limit MS] [--only SET] [--planted K,…]
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliRequests } from './cli-requests.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const timeLimitMs = args.includes('--time-limit') ? Number(args[args.indexOf('--time-limit') + 1]) : 20000;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const methods = args.includes('--bnb') ? ['sat', 'branch-and-bound'] : ['sat'];
const plantedCounts = args.includes('--planted') ? args[args.indexOf('--planted') + 1].split(',').map(Number) : [1];
const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The shared set `name`, else its stand-in in tests/data/sudoku (tests/data/SOURCES.md). */
function dataFile(name, standIn) {
  const shared = resolve(process.env.GRIDMILP_DATA_DIR ?? resolve(root, '../shared/data'), name);
  return existsSync(shared) ? shared : resolve(root, 'tests/data/sudoku', standIn);
}

/** One-per-line puzzles, or Project Euler 96's "Grid NN" blocks, as canonical lines. */
function readPuzzles(path) {
  const text = readFileSync(path, 'utf8');
  if (text.startsWith('Grid')) {
    const lines = text.split(/\r?\n/);
    const out = [];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].startsWith('Grid')) out.push(lines.slice(i + 1, i + 10).join('').replace(/0/g, '.'));
    }
    return out;
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => l.replace(/0/g, '.'));
}

const SETS = [
  { name: 'top95', file: dataFile('top95.txt', 'hard95.txt') },
  { name: 'sudoku17 (200)', file: dataFile('sudoku17_last1000.txt', 'minimal1000.txt'), first: 200 },
  { name: 'p096', file: dataFile('p096_sudoku.txt', 'grids50.txt') },
  { name: '16x16 (6)', file: resolve(root, 'tests/data/sudoku/16x16.txt'), first: 6 },
];

/** The cells sharing a row, column or box with cell i of an n×n grid. */
function peers(i, n) {
  const h = Math.floor(Math.sqrt(n));
  let bh = h;
  while (n % bh !== 0) bh--;
  const bw = n / bh;
  const [r, c] = [Math.floor(i / n), i % n];
  const out = [];
  for (let j = 0; j < n * n; j++) {
    const [r2, c2] = [Math.floor(j / n), j % n];
    if (j !== i && (r2 === r || c2 === c || (Math.floor(r2 / bh) === Math.floor(r / bh) && Math.floor(c2 / bw) === Math.floor(c / bw)))) {
      out.push(j);
    }
  }
  return out;
}

/** `puzzle` with k wrong digits (see the file comment), or null when they do not fit. */
function spoil(puzzle, solution, n, k = 1) {
  let out = puzzle;
  for (let j = 0; j < k; j++) {
    let placed = false;
    for (let i = Math.floor((j * n * n) / k); i < n * n && !placed; i++) {
      if (out[i] !== '.') continue;
      const near = new Set(peers(i, n).map((p) => out[p]));
      for (const d of SYMBOLS.slice(0, n)) {
        if (d !== solution[i] && !near.has(d)) {
          out = out.slice(0, i) + d + out.slice(i + 1);
          placed = true;
          break;
        }
      }
    }
    if (!placed) return null;
  }
  return out;
}

/** Problems with an explanation, checked by the rules (not by the engine). */
function problems(puzzle, result, n) {
  const out = [];
  const noRepeat = (grid) =>
    [...grid].every((v, i) => v === '.' || peers(i, n).every((j) => grid[j] !== v));
  const first = result.removals.sets?.[0];
  if (first !== undefined) {
    const removed = new Set(first.map((g) => (g.row - 1) * n + g.column - 1));
    const done = result.removals.completion;
    if ([...done].some((v, i) => v === '.' || (puzzle[i] !== '.' && !removed.has(i) && v !== puzzle[i]))) {
      out.push('the completion drops a given it keeps');
    }
    if (!noRepeat(done)) out.push('the completion repeats a digit in a unit');
  }
  const fill = result.partialFill?.grid;
  if (fill !== undefined) {
    if ([...puzzle].some((v, i) => v !== '.' && fill[i] !== v)) out.push('the fill drops a given');
    if (!noRepeat(fill)) out.push('the fill repeats a digit in a unit');
  }
  return out;
}

const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
function quantile(sorted, q) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

for (const planted of plantedCounts) {
console.log(`explainInfeasible on puzzles with ${planted} wrong digit${planted === 1 ? '' : 's'}, native, time limit ${timeLimitMs} ms per request`);
for (const set of SETS) {
  if (only && !set.name.startsWith(only)) continue;
  let puzzles = readPuzzles(set.file);
  if (set.first) puzzles = puzzles.slice(0, set.first);
  const n = Math.round(Math.sqrt(puzzles[0].length));
  const solved = await cliRequests(puzzles.map((p) => ({ type: 'solve', puzzle: p, options: { model: 'reduced', method: 'sat' } })));
  const spoiled = solved.map((r, id) => spoil(puzzles[id], r.solution, n, planted)).filter((p) => p !== null);
  for (const method of methods) {
    const answers = await cliRequests(spoiled.map((p) => ({ type: 'explainInfeasible', puzzle: p, options: { timeLimitMs, method } })));
    const counts = {};
    const total = [];
    const removal = [];
    const sizes = {};
    for (const [id, r] of answers.entries()) {
      const wrong = problems(spoiled[id], r, n);
      if (wrong.length > 0) throw new Error(`puzzle ${id} (${spoiled[id]}): ${wrong.join('; ')}`);
      const kind = r.status === 'infeasible' && r.partialFill?.status !== 'optimal' ? 'fill unproven' : r.status;
      counts[kind] = (counts[kind] ?? 0) + 1;
      if (r.status === 'infeasible') {
        total.push(r.totalMs);
        removal.push(r.removals.solveMs);
        const size = r.removals.sets?.[0]?.length;
        if (size !== undefined) sizes[size] = (sizes[size] ?? 0) + 1;
      }
    }
    total.sort((a, b) => a - b);
    removal.sort((a, b) => a - b);
    const tally = Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.log(
      `  ${set.name.padEnd(15)} ${method.padEnd(16)} ${tally}; without solution: median ${ms(quantile(total, 0.5))} / p90 ${ms(quantile(total, 0.9))} / max ${ms(total.at(-1) ?? NaN)} ms; removals median ${ms(quantile(removal, 0.5))} / max ${ms(removal.at(-1) ?? NaN)} ms; fewest removals ${Object.entries(sizes).map(([k, v]) => `${k}: ${v}`).join(', ')}`,
    );
  }
}
}
