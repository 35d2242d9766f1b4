// SPDX-License-Identifier: GPL-3.0-or-later
/** The genre page's "Why no solution?": the fewest givens or clues to drop, the largest fill. */
import { GENRE_TITLES, type GenreExplainResult, type GenreRequest } from '../../../solver/genre';
import type { GenreContext } from '../context';

/**
 * Why the puzzle has no answer (the engine's explainInfeasible for digit genres): the
 * fewest givens to drop, outlined on the board, and the largest partial fill, drawn.
 *
 * @param ctx the genre page (context.ts)
 */
export async function explain(ctx: GenreContext): Promise<void> {
  const fields = ctx.puzzleFields();
  const method = fields.options?.method;
  const r = await ctx.run<GenreExplainResult>({
    type: 'explainInfeasible',
    genre: fields.genre,
    puzzle: fields.puzzle,
    index: fields.index,
    ...(method ? { options: { method } } : {}),
  } as Omit<GenreRequest, 'id'>);
  if (r === null) return;
  if (r.solvable === true) {
    ctx.offerExplanation(false);
    ctx.say(`It has an answer after all: no ${r.removes.one} needs to go. Press Solve.`, 'success');
    return;
  }
  const sets = r.removals.sets ?? [];
  // A clue genre drops clues ("the 3 at row 2, column 5"); the digit genres remove givens,
  // and a Killer its cage sums too ("the cage sum 17 at row 1, column 1"): the engine names them.
  const clues = r.clues !== undefined;
  const things = r.removes.many;
  const given = (g: { row: number; column: number; digit?: number; clue?: string }): string =>
    g.clue !== undefined ? `the ${g.clue} at row ${g.row}, column ${g.column}` : `row ${g.row}, column ${g.column} (${g.digit ?? '?'})`;
  let words: string;
  if (sets.length > 0 && sets[0]!.length > 0) {
    const first = sets[0]!;
    const others = sets.slice(1).map((set) => set.map(given).join(' and '));
    words =
      `${clues ? 'Drop' : 'Remove'} ${first.map(given).join(' and ')} and it has an answer` +
      (r.removals.status === 'optimal' ? (first.length === 1 ? ': no fewer will do' : `: no fewer than ${first.length} will do`) : '') +
      (others.length > 0 ? `; or ${clues ? 'drop' : 'remove'} ${others.join('; or ')}${r.removals.complete ? '' : '; maybe others'}` : '') +
      '.';
  } else if (r.removals.status === 'infeasible') {
    words = `${clues ? 'Dropping' : 'Removing'} ${things} does not help: even without any, the puzzle has no answer.`;
  } else {
    words = `The fewest ${things} to ${clues ? 'drop' : 'remove'} were not found (${r.removals.status}).`;
  }
  if (r.removals.board && sets[0]) {
    ctx.drawBoard(r.removals.board, `${GENRE_TITLES[ctx.genre]} ${r.rows}×${r.columns}, ${r.name}, an answer without the clues to drop`);
    words += ' The board shows an answer without them, the clues outlined.';
  }
  const fill = r.partialFill;
  if (fill?.board && fill.placed !== undefined) {
    ctx.drawBoard(fill.board, `${GENRE_TITLES[ctx.genre]} ${r.rows}×${r.columns}, ${r.name}, largest partial fill`);
    if (fill.empty) ctx.hatch(fill.empty);
    words += ` The largest fill that keeps every given places ${fill.placed} of ${r.rows * r.columns} digits (drawn, its empty cells hatched${fill.status === 'optimal' ? '' : '; the largest found'}).`;
  } else if (fill?.clash) {
    words += ` No fill keeps every given: two ${fill.clash.digit}s in ${fill.clash.unit}.`;
  } else if (fill?.reason && !clues) {
    words += ` ${fill.reason}.`; // a clue genre has no fill to speak of
  }
  // A Killer's cage sum outlines its cage.
  if (sets[0]) ctx.highlight(sets[0].flatMap((g) => g.cells ?? [[g.row, g.column] as [number, number]]));
  ctx.say(words, 'warning');
}
