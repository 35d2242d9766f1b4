// SPDX-License-Identifier: GPL-3.0-or-later
// Type tests, compiled by `npm run typecheck` (tests/package/tsconfig.json), never run:
// solveMany on a text of puzz.link URLs without `genre` is typed as what it returns, a
// genre batch's result or, when every URL is a Sudoku, a Sudoku batch's (docs/formats.md,
// "puzz.link and pzv.jp URLs"); a text read at run time gets those types through
// isPuzzLinkUrl; the Sudoku and genre batches keep their own types. Each
// `@ts-expect-error` is an access that compiled before and was undefined at run time.
import {
  isPuzzLinkUrl,
  type GenreSolveManyItem,
  type GenreSolveManyResult,
  type GenreSolveStats,
  type PuzzLinkUrl,
  type SolveManyItem,
  type SolveManyResult,
  type Solver,
  type UrlSolveManyProgress,
  type UrlSolveManyResult,
} from '../../web/src/lib/node';
import { assertType, type Equals } from './type-assert';

export async function solveManyCalls(solver: Solver, fromFile: string): Promise<void> {
  const urls = 'https://puzz.link/p?akari/7/7/h.g...g6..nchbbbgag6.m\nhttps://puzz.link/p?sudoku/4/4/g1k23k3g';
  const many = solver.solveMany(urls);
  assertType<Equals<typeof many, UrlSolveManyResult>>();
  assertType<Equals<UrlSolveManyResult, SolveManyResult | GenreSolveManyResult>>();
  // Either route's fields, not both: what a Sudoku batch alone has is an error until narrowed.
  // @ts-expect-error a genre batch has no format
  console.log(many.format);
  // @ts-expect-error a genre batch's items have no solution (their answer is `answer`)
  console.log(many.items[0]?.solution);
  // @ts-expect-error a Sudoku batch's items have no answer
  console.log(many.items[0]?.answer);
  console.log(many.solved, many.unsolved, many.failed, many.elapsedMs, many.refused?.length);
  if ('genre' in many) {
    assertType<Equals<typeof many, GenreSolveManyResult>>();
    const item = many.items[0];
    assertType<Equals<typeof item, GenreSolveManyItem | undefined>>();
    console.log(many.genre, many.genres, item?.genre, item?.answer?.text, item?.stats?.solveMs);
    // A Sudoku URL's item has Sudoku's stats, without the re-solve loop's rounds.
    // @ts-expect-error rounds may be absent
    const rounds: number = item!.stats!.rounds;
    console.log(rounds, item?.stats?.rounds ?? 0);
    // @ts-expect-error narrowed to a genre batch: still no solution
    console.log(item?.solution);
  } else {
    assertType<Equals<typeof many, SolveManyResult>>();
    const item = many.items[0];
    assertType<Equals<typeof item, SolveManyItem | undefined>>();
    console.log(many.format, item?.solution, item?.solutionGrid);
  }

  // On threads: a promise of the same union; progress is either route's.
  const threaded = solver.solveMany(urls, { workers: 2, timeLimitMs: 1000 }, (progress) => {
    assertType<Equals<typeof progress, UrlSolveManyProgress>>();
    console.log(progress.done, progress.total, progress.item.name);
  });
  assertType<Equals<typeof threaded, Promise<UrlSolveManyResult>>>();
  console.log((await threaded).items.length);

  // A text read at run time: isPuzzLinkUrl narrows it to the URL signatures.
  if (isPuzzLinkUrl(fromFile)) {
    assertType<Equals<typeof fromFile, PuzzLinkUrl>>();
    const fromUrls = solver.solveMany(fromFile, { method: 'sat' });
    assertType<Equals<typeof fromUrls, UrlSolveManyResult>>();
    const onThreads = solver.solveMany(fromFile, { workers: 4 });
    assertType<Equals<typeof onThreads, Promise<UrlSolveManyResult>>>();
  } else {
    // Not URLs: a Sudoku text, or one that needs `genre`.
    assertType<Equals<typeof fromFile, string>>();
    const sudoku = solver.solveMany(fromFile);
    assertType<Equals<typeof sudoku, SolveManyResult>>();
  }
  const cast = solver.solveMany(fromFile as PuzzLinkUrl);
  assertType<Equals<typeof cast, UrlSolveManyResult>>();

  // Unchanged: a plain string or an array is a Sudoku batch; `genre` gives the genre's.
  const plain = solver.solveMany(fromFile);
  assertType<Equals<typeof plain, SolveManyResult>>();
  const plainThreads = solver.solveMany(fromFile, { workers: 2 });
  assertType<Equals<typeof plainThreads, Promise<SolveManyResult>>>();
  const array = solver.solveMany(['1234............', [[1, 0], [0, 0]]], { presolve: false });
  assertType<Equals<typeof array, SolveManyResult>>();
  const genre = solver.solveMany(urls, { genre: 'akari' });
  assertType<Equals<typeof genre, GenreSolveManyResult>>();
  const genreThreads = solver.solveMany(fromFile, { genre: 'hitori', workers: 2 });
  assertType<Equals<typeof genreThreads, Promise<GenreSolveManyResult>>>();
  // @ts-expect-error an objective is not for a text of URLs of several genres (nor for a genre batch)
  solver.solveMany(urls, { genre: 'akari', objective: { preset: 'diagonal' } });

  // A genre's checkUniqueness declares the second solve's statistics it returns.
  const unique = solver.checkUniqueness('=== a\n2 2\n- -\n- -\n', { genre: 'akari' });
  assertType<Equals<typeof unique.secondStats, GenreSolveStats | undefined>>();
  console.log(unique.secondStatus, unique.secondStats?.rounds, unique.secondStats?.solveMs);
}
