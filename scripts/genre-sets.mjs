// SPDX-License-Identifier: GPL-3.0-or-later
//
// The genre sets the benchmarks read (bench-genres.mjs, bench-page-genres.mjs): the
// shared killer and jigsaw sets and the ten pencil genres' sw_* sets of
// ../shared/data (SOURCES.md there), with the reference figures of
// SmilingWayne/PuzzleSolver's README (OR-Tools CP-SAT, native, hardware not stated;
// ../shared/notes/pencil-puzzles.md). The data is not ours: the benchmarks read it when
// present and say so when not.
import { readFileSync } from 'node:fs';

/** Pencil sets: one timed pass (they take minutes), 20 s per record at most. */
const PENCIL = { passes: 1, timeLimitMs: 20000 };

/**
 * Each set: the genre (the protocol's id), its file under ../shared/data, the peer's
 * figures (average / max), `repair` when records must be read with the rows they have
 * (see {@link records}), and for the pencil sets `passes` and `timeLimitMs` (ms).
 */
export const GENRE_SETS = [
  { genre: 'killer', file: 'variants/killer_sudoku/sw_KillerSudoku.puzzles.txt', peer: 'CP-SAT 6 / 119 ms (average / max)' },
  { genre: 'jigsaw', file: 'variants/jigsaw_sudoku/sw_JigsawSudoku.puzzles.txt', peer: 'CP-SAT 3 / 7 ms (average / max)' },
  { genre: 'hitori', file: 'puzzles/hitori/sw_Hitori.puzzles.txt', peer: 'SCIP + cuts 10 / 1,017 ms', ...PENCIL },
  { genre: 'star-battle', file: 'puzzles/star_battle/sw_Starbattle.puzzles.txt', peer: 'CP-SAT 9 / 46 ms', ...PENCIL },
  { genre: 'norinori', file: 'puzzles/norinori/sw_Norinori.puzzles.txt', peer: 'CP-SAT 8 / 82 ms', ...PENCIL },
  { genre: 'akari', file: 'puzzles/akari/sw_Akari.puzzles.txt', peer: 'CP-SAT 14 / 479 ms', ...PENCIL },
  { genre: 'kakuro', file: 'puzzles/kakuro/sw_Kakuro.puzzles.txt', peer: 'CP-SAT 11 / 200 ms', ...PENCIL },
  { genre: 'heyawake', file: 'puzzles/heyawake/sw_Heyawake.puzzles.txt', peer: 'CP-SAT 139 / 4,756 ms', ...PENCIL },
  { genre: 'kuromasu', file: 'puzzles/kuromasu/sw_Kuromasu.puzzles.txt', peer: 'CP-SAT 70 / 4,359 ms', ...PENCIL },
  { genre: 'shikaku', file: 'puzzles/shikaku/sw_Shikaku.puzzles.txt', peer: 'CP-SAT 10 / 78 ms', ...PENCIL },
  { genre: 'slitherlink', file: 'puzzles/slitherlink/sw_Slitherlink.puzzles.txt', peer: 'CP-SAT 67 / 1,850 ms', ...PENCIL },
  { genre: 'nurikabe', file: 'puzzles/nurikabe/sw_Nurikabe.puzzles.txt', peer: 'PuzzleSolver has none', repair: true, ...PENCIL },
];

/**
 * The records of a set's file, one text each ("=== name …" line, "rows columns" line,
 * the grid; the janko-style sw_* layout of docs/formats.md). With `set.repair`, each is
 * cut to the rows it has: nine records of sw_Nurikabe count their solutions' "[moves]"
 * lines in their row count, and are read with the rows they have, as the tests read them.
 *
 * @param {{file: string, repair?: boolean}} set one of {@link GENRE_SETS}
 * @param {string} path the set's file (its `file` under ../shared/data)
 * @returns {string[]} the records in file order
 * @throws {Error} Node's, when the file cannot be read
 */
export function records(set, path) {
  const all = readFileSync(path, 'utf8').split(/^(?==== )/m).filter((t) => t.trim());
  if (!set.repair) return all;
  return all.map((r) => {
    const lines = r.split(/\r?\n/).filter((l) => l.trim());
    const [rows, columns] = lines[1].trim().split(/\s+/).map(Number);
    const kept = [];
    for (const line of lines.slice(2)) {
      if (line.trim().split(/\s+/).length !== columns || kept.length === rows) break;
      kept.push(line);
    }
    return [lines[0], `${kept.length} ${columns}`, ...kept, ''].join('\n');
  });
}
