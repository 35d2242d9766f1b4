// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark of "why no solution?" for the clue genres (figures, not a test): the
// explainInfeasible request (cpp/app/protocol.md) on Akari, Slitherlink, Kakuro,
// Heyawake, Kuromasu, Shikaku and Nurikabe puzzles given 1, 2 or 3 wrong clues, natively (gridmilp-cli
// request -, one process per set, each response's totalMs).
//
// The j-th of k wrong clues is the first clue at or after clue j·N/k (N clues, reading
// order) that can change: its number one more (Akari, Slitherlink: one less when that is
// past the most its cell allows; Kakuro: the across sum, else the down sum, one more;
// Shikaku: an empty cell given a 2; Nurikabe: an empty cell given a 1),
// kept only when the puzzle then has no answer (a change the parser refuses, such as a
// number its room cannot hold, drops the puzzle). Every answer is checked here, not
// trusted: the fewest clues found is at most k (dropping the k wrong ones gives back a
// puzzle with an answer), and the search proved it (status infeasible, removals optimal).
//
// Sets: gridmilp's own tests/data/puzzles/<genre>.puzzles.txt, and the first 30 of the
// sw_*.puzzles.txt files of ../shared/data/puzzles when present. Prints per genre and k
// how many puzzles were spoiled, the sizes found, and median / max ms.
//
// Usage: node scripts/bench-explain-clues.mjs [--bnb] [--time-limit MS] [--planted 1,2,3] [--only GENRE]
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliMessages, cliRequests } from './cli-requests.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const timeLimitMs = args.includes('--time-limit') ? Number(args[args.indexOf('--time-limit') + 1]) : 20000;
const method = args.includes('--bnb') ? 'branch-and-bound' : 'sat';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const plantedCounts = args.includes('--planted') ? args[args.indexOf('--planted') + 1].split(',').map(Number) : [1, 2, 3];
const shared = resolve(process.env.GRIDMILP_DATA_DIR ?? resolve(root, '../shared/data'), 'puzzles');

/** Per genre: its files, and how a clue token changes (null: not a clue, or no change fits). */
const GENRES = [
  { id: 'akari', own: 'akari', sw: 'akari/sw_Akari.puzzles.txt', change: (t) => (/^[0-4]$/.test(t) ? String(t === '4' ? 3 : Number(t) + 1) : null) },
  { id: 'slitherlink', own: 'slitherlink', sw: 'slitherlink/sw_Slitherlink.puzzles.txt', change: (t) => (/^[0-3]$/.test(t) ? String(t === '3' ? 2 : Number(t) + 1) : null) },
  {
    id: 'kakuro',
    own: 'kakuro',
    sw: 'kakuro/sw_Kakuro.puzzles.txt',
    change: (t) => {
      const m = /^(\d*),(\d*)$/.exec(t);
      if (!m) return null;
      if (m[2]) return `${m[1]},${Number(m[2]) + 1}`;
      return m[1] ? `${Number(m[1]) + 1},` : null;
    },
  },
  { id: 'heyawake', own: 'heyawake', sw: 'heyawake/sw_Heyawake.puzzles.txt', blocks: 2, change: (t) => (/^\d+$/.test(t) ? String(Number(t) + 1) : null) },
  { id: 'kuromasu', own: 'kuromasu', sw: 'kuromasu/sw_Kuromasu.puzzles.txt', change: (t) => (/^\d+$/.test(t) ? String(Number(t) + 1) : null) },
  // A wrong number leaves the areas short of or past the grid, which no dropped clue
  // mends: the plant is a stray 2 in an empty cell.
  { id: 'shikaku', own: 'shikaku', sw: 'shikaku/sw_Shikaku.puzzles.txt', change: (t) => (t === '-' ? '2' : null) },
  // The same for Nurikabe: a stray 1 in an empty cell (a wrong size would leave the
  // shaded cells' count off, which dropping mends only by luck).
  { id: 'nurikabe', own: 'nurikabe', sw: 'nurikabe/sw_Nurikabe.puzzles.txt', change: (t) => (t === '-' ? '1' : null) },
];

/** The records of a text: header, size line, token rows. */
function records(text) {
  return text
    .split(/^(?==== )/m)
    .filter((t) => t.startsWith('==='))
    .map((t) => {
      const lines = t.split(/\r?\n/).filter((l) => l.trim().length > 0);
      return { header: lines[0], size: lines[1], rows: lines.slice(2).map((l) => l.trim().split(/\s+/)) };
    });
}

function text(record) {
  return `${record.header}\n${record.size}\n${record.rows.map((r) => r.join(' ')).join('\n')}\n`;
}

/** `record` with k wrong clues (see the file comment), as candidates to try in order. */
function spoiled(record, genre, k) {
  const rows = Number(record.size.split(/\s+/)[0]);
  const clueRows = record.rows.slice(0, rows); // the first block holds the clues
  const clues = [];
  clueRows.forEach((row, r) => row.forEach((t, c) => genre.change(t) !== null && clues.push([r, c])));
  if (clues.length < k) return null;
  const out = { ...record, rows: record.rows.map((r) => [...r]) };
  for (let j = 0; j < k; j++) {
    const [r, c] = clues[Math.floor((j * clues.length) / k)];
    out.rows[r][c] = genre.change(out.rows[r][c]);
  }
  return out;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

console.log(`explainInfeasible on clue genres with wrong clues, native, ${method}, time limit ${timeLimitMs} ms per request`);
for (const genre of GENRES.filter((g) => only === null || g.id === only)) {
  const sources = [[`tests/data ${genre.own}`, resolve(root, 'tests/data/puzzles', `${genre.own}.puzzles.txt`), Infinity]];
  if (existsSync(resolve(shared, genre.sw))) sources.push([`sw_ (first 30)`, resolve(shared, genre.sw), 30]);
  for (const [label, file, first] of sources) {
    const all = records(readFileSync(file, 'utf8')).slice(0, first);
    for (const k of plantedCounts) {
      const candidates = all.map((r) => spoiled(r, genre, k)).filter((r) => r !== null);
      // Keep the spoiled puzzles that have no answer.
      // A changed clue its cell cannot hold is refused (an error response): skipped.
      const solved = await cliMessages(candidates.map((r) => ({ type: 'solve', genre: genre.id, puzzle: text(r), options: { timeLimitMs } })));
      const infeasible = candidates.filter((_, id) => solved[id].result?.status === 'infeasible');
      const answers = await cliRequests(
        infeasible.map((r) => ({ type: 'explainInfeasible', genre: genre.id, puzzle: text(r), limit: 1, options: { method, timeLimitMs } })),
      );
      const ms = [];
      const sizes = new Map();
      let stopped = 0;
      for (const [id, r] of answers.entries()) {
        if (r.removals.status !== 'optimal' || r.status !== 'infeasible') {
          stopped++;
          continue;
        }
        if (r.removals.count > k) throw new Error(`${genre.id} ${id}: ${r.removals.count} clues to drop, more than the ${k} planted`);
        ms.push(r.totalMs);
        sizes.set(r.removals.count, (sizes.get(r.removals.count) ?? 0) + 1);
      }
      const sizeText = [...sizes.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}×${s}`).join(' ');
      console.log(
        `  ${genre.id.padEnd(12)} ${label.padEnd(22)} k=${k}: ${String(infeasible.length).padStart(3)} of ${String(candidates.length).padStart(3)} spoiled ones infeasible; ` +
          `${stopped} stopped; sizes ${sizeText || '-'}; ms median ${ms.length ? median(ms).toFixed(1) : '-'}, max ${ms.length ? Math.max(...ms).toFixed(1) : '-'}`,
      );
    }
  }
}
