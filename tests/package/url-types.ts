// SPDX-License-Identifier: GPL-3.0-or-later
// Type tests, compiled by `npm run typecheck` (tests/package/tsconfig.json), never run:
// the API's signatures for a puzz.link URL without `genre` (docs/api.md: "or a puzz.link
// URL, which names its genre") give what the call returns, a genre's result or, for a
// Sudoku URL, Sudoku's; the Sudoku and genre calls keep their own types.
import type {
  CheckUniquenessOutput,
  EnumerateOutput,
  ExportModelOutput,
  GenreEnumerateResult,
  GenreExportModelResult,
  GenreRelaxResult,
  GenreSolveResult,
  GenreUniquenessResult,
  PuzzLinkUrl,
  RelaxOutput,
  SolveOutput,
  Solver,
} from '../../web/src/lib/node';
import { assertType, type Equals } from './type-assert';

export function urlCalls(solver: Solver, fromFile: string): void {
  const url = 'https://puzz.link/p?akari/7/7/h.g...g6..nchbbbgag6.m';
  const solved = solver.solve(url);
  assertType<Equals<typeof solved, SolveOutput | GenreSolveResult>>();
  // A Sudoku URL takes the Sudoku route: narrowed by its grids.
  if ('givensGrid' in solved) assertType<Equals<typeof solved, SolveOutput>>();
  else assertType<Equals<typeof solved, GenreSolveResult>>();
  const timed = solver.solve(url, { timeLimitMs: 1000, method: 'sat' });
  assertType<Equals<typeof timed, SolveOutput | GenreSolveResult>>();

  const unique = solver.checkUniqueness('http://pzv.jp/p.html?hitori/3/3/112123231');
  assertType<Equals<typeof unique, CheckUniquenessOutput | GenreUniquenessResult>>();
  const all = solver.enumerate(url, { limit: 2 }, (progress) => progress);
  assertType<Equals<typeof all, EnumerateOutput | GenreEnumerateResult>>();
  const relaxed = solver.relax(url);
  assertType<Equals<typeof relaxed, RelaxOutput | GenreRelaxResult>>();
  const model = solver.exportModel(url, { afterCuts: true });
  assertType<Equals<typeof model, ExportModelOutput | GenreExportModelResult>>();
  const text: string = model.text;

  // A string known to be a URL is typed as one; a plain string keeps Sudoku's types.
  const asUrl = solver.solve(fromFile as PuzzLinkUrl);
  assertType<Equals<typeof asUrl, SolveOutput | GenreSolveResult>>();
  const plain = solver.solve(fromFile);
  assertType<Equals<typeof plain, SolveOutput>>();

  // With genre: the genre's types; a Sudoku text: Sudoku's; the URL's types do not leak.
  const genre = solver.solve(url, { genre: 'lightup' });
  assertType<Equals<typeof genre, GenreSolveResult>>();
  const sudoku = solver.solve('1234............', { model: 'textbook' });
  assertType<Equals<typeof sudoku, SolveOutput>>();
  const sudokuUrl = solver.solve('https://puzz.link/p?sudoku/4/4/g1k23k3g', { genre: 'sudoku' });
  assertType<Equals<typeof sudokuUrl, SolveOutput>>();
  // @ts-expect-error a Sudoku text has no afterCuts
  solver.exportModel('1234............', { afterCuts: true });
  console.log(text);
}
