// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The genre page's single-puzzle actions: Solve (with the cut rounds and the
 * branch-and-bound panel live), uniqueness, Enumerate and its stepper, the LP
 * relaxation drawn on the board, and a new puzzle from a seed.
 */
import {
  GENRE_TITLES,
  type Board,
  type GenreEnumerateResult,
  type GenreRelaxResult,
  type GenreRequest,
  type GenreSolveResult,
  type GenreSolveStats,
  type GenreUniquenessResult,
} from '../../../solver/genre';
import { byId } from '../../shared';
import { solvedByKey, type EnumeratedAnswer, type GenreContext } from '../context';
import { placeLegend } from '../legend';
import { formatMs, grouped } from '../../format';

/** Most answers Enumerate asks for (each a solve, each drawn). */
const kEnumerateLimit = 20;

/**
 * Longest the LP relaxation may take, ms: the default model of a large puzzle can be an
 * LP that GLPK does not finish in minutes (Nurikabe 1055_40x57, model cells: 133,329
 * columns), and the page says so instead.
 */
const kRelaxLimitMs = 30_000;

/** The generate result of the genre route. */
interface GenerateResult {
  puzzle: string;
  givens: number;
  minimal: boolean;
  totalMs: number;
}

/**
 * Solve: the chosen puzzle by the chosen route and model, the cut rounds and the
 * branch-and-bound figures live, then the answer on the board, the rule checker's
 * verdict, the route and the model's size in the status line; without an answer, why
 * (infeasible, a time limit, the packing model's largest fill) and "Why no solution?".
 *
 * @param ctx the genre page (context.ts)
 */
export async function solve(ctx: GenreContext): Promise<void> {
  if (ctx.jobs.busyRefusal()) return;
  const asked = ctx.solveFields();
  ctx.bnb.start(false, asked.options?.method === 'branch-and-bound');
  ctx.rounds.textContent = '1';
  ctx.cutRounds.start();
  const r = await ctx.run<GenreSolveResult>({ type: 'solve', ...asked });
  if (r === null) {
    ctx.bnb.ended({ code: ctx.lastErrorCode });
    ctx.cutRounds.finish();
    // Clashing givens are refused by a solve, and explained by Why no solution?.
    ctx.offerExplanation(ctx.lastErrorCode === 'conflicting_givens');
    return;
  }
  ctx.bnb.finishWith(r.stats, { found: r.answer !== undefined });
  ctx.rounds.textContent = grouped(r.stats.rounds);
  const panel = byId('genre-tree-panel', HTMLElement);
  panel.hidden = !('branching' in r);
  if ('branching' in r) {
    // The Sudoku page's tree view: it reads only the recorded decisions, the node
    // count, the incumbent nodes and the status.
    void import('../../tree').then((tree) => tree.renderTree(byId('genre-tree', HTMLElement), r as never));
  }
  // A single Solve asks for the board (only a batch says board: false).
  if (r.board) ctx.drawBoard(r.board, `${GENRE_TITLES[ctx.genre]} ${r.rows}×${r.columns}, ${r.name}, ${r.answer ? 'solved' : 'no answer'}`);
  ctx.answer = r.answer ? { text: r.answer.text, puzzle: asked.puzzle ?? '', index: asked.index ?? 1 } : null;
  ctx.solvedBy = r.stats.fallbackFrom
    ? { key: solvedByKey(asked), model: r.model, spent: [r.stats.fallbackFrom, ...(r.stats.fallbackThrough ?? [])] }
    : null;
  ctx.cutRounds.finish();
  const route = r.stats.method === 'sat' ? 'GLPK’s CNF-SAT route (MiniSat)' : `branch-and-bound, ${grouped(r.stats.nodes)} node${r.stats.nodes === 1 ? '' : 's'}`;
  ctx.offerExplanation(!r.answer && r.status === 'infeasible');
  if (!r.answer && r.partialFill) {
    const cells = r.rows * r.columns;
    ctx.hatch(r.partialFill.empty);
    ctx.say(
      `No answer: the packing model places at most ${r.partialFill.placed} of ${cells} digits (${route}); the board shows that fill, ${r.partialFill.empty.length} cell${r.partialFill.empty.length === 1 ? '' : 's'} left empty.`,
      'error',
    );
    return;
  }
  if (!r.answer) {
    const after = r.stats.rounds > 1 ? ` after ${grouped(r.stats.rounds)} rounds of cuts` : '';
    ctx.say(r.status === 'infeasible' ? `No answer: the MILP is infeasible${after} (${route}).` : `No answer (${r.status}${after}).`, 'error');
    return;
  }
  const objective = r.objective
    ? `objective ${grouped(r.objective.value)} (${r.objective.sense === 'maximize' ? 'the largest' : 'the smallest'}${r.status === 'optimal' ? '' : `, gap ${r.objective.gap}`}) · `
    : '';
  ctx.say(
    `Solved in ${formatMs(r.stats.totalMs ?? r.stats.solveMs)} by ${route} · model “${r.model}”${fallback(r.stats)}, ${grouped(r.stats.rows)} rows${withCuts(r.stats)} × ${grouped(r.stats.columns)} columns · ${objective}` +
      (r.answer.verified ? 'the rule checker confirms every rule.' : `the rule checker says: ${r.answer.brokenRule ?? '?'}`),
    r.answer.verified ? 'success' : 'error',
  );
}

/**
 * " (with the 7 cuts of 4 rounds)" when cut rounds added rows, which the Formulation
 * panel (the model as built) does not show. After a fallback the rows hold only the last
 * model's cuts (`stats.modelCuts`): " (with its 312 cuts; 7,945 cuts in 2,317 rounds of
 * all models)", or " (none of them cuts; …)". The rounds are those the Cut rounds
 * stepper counts: `stats.rounds` less each handing-over model's last solve, which its
 * budget stopped (protocol.md). "" when no cut was added.
 */
function withCuts(stats: GenreSolveStats): string {
  if (!stats.cuts) return '';
  const plural = (n: number, word: string) => `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;
  if (!stats.fallbackFrom) return ` (with the ${plural(stats.cuts, 'cut')} of ${plural(stats.rounds, 'round')})`;
  const stopped = 1 + (stats.fallbackThrough?.length ?? 0);
  const all = `${plural(stats.cuts, 'cut')} in ${plural(Math.max(1, stats.rounds - stopped), 'round')} of all models`;
  if (stats.modelCuts === undefined) return ` (with its cuts; ${all})`;
  return stats.modelCuts > 0 ? ` (with its ${plural(stats.modelCuts, 'cut')}; ${all})` : ` (none of them cuts; ${all})`;
}

/**
 * " (after model “cells” spent its budget …)" when a fallback model went on, else "";
 * " (after models “cells” and “stream” spent their budgets …)" after two.
 */
function fallback(stats: GenreSolveStats): string {
  if (!stats.fallbackFrom) return '';
  if (stats.fallbackFromMethod === 'sat') return ' (after CNF-SAT spent its budget of propagations)';
  const spent = [stats.fallbackFrom, ...(stats.fallbackThrough ?? [])].map((m) => `“${m}”`);
  return spent.length === 1
    ? ` (after model ${spent[0]} spent its budget of SAT propagations)`
    : ` (after models ${spent.join(' and ')} spent their budgets of SAT propagations)`;
}

/**
 * Check uniqueness: an answer, then the same MILP with a no-good cut excluding it. "Not
 * unique" draws both answers, the stepper below the board going from one to the other,
 * with the cells where they differ marked on each and named in the status line.
 *
 * @param ctx the genre page (context.ts)
 */
export async function uniqueness(ctx: GenreContext): Promise<void> {
  const asked = ctx.puzzleFields();
  const r = await ctx.run<GenreUniquenessResult>({ type: 'checkUniqueness', ...asked });
  if (r === null) return;
  if (r.board) ctx.drawBoard(r.board, `${GENRE_TITLES[ctx.genre]} ${r.rows}×${r.columns}, ${r.name}, ${r.answer ? 'solved' : 'no answer'}`);
  if (r.unique === true) {
    ctx.say('Unique: with a no-good cut excluding this answer, the MILP is infeasible.', 'success');
  } else if (r.unique === false) {
    const differences = r.differences ?? [];
    const cells = differences.map((d) => [d.row, d.column] as [number, number]);
    const named = differences.slice(0, 4).map((d) => `row ${d.row}, column ${d.column}`).join('; ') + (differences.length > 4 ? '; …' : '');
    let stepper = '';
    if (r.board && r.secondBoard && r.answer && r.secondAnswer) {
      const head = { name: r.name, rows: r.rows, columns: r.columns };
      const both = [
        { board: r.board, text: r.answer.text, ...head },
        { board: r.secondBoard, text: r.secondAnswer.text, ...head },
      ];
      stepThrough(ctx, both, asked, cells);
      stepper = ' Step between the two answers below the board.';
    } else {
      ctx.highlight(cells);
    }
    ctx.say(`Not unique: a second answer differs in ${differences.length} cell${differences.length === 1 ? '' : 's'}, marked on the board (${named}).${stepper}`, 'warning');
  } else if (r.answer) {
    // The first answer is on the board; the search for a second did not decide.
    ctx.say(
      `Uniqueness unknown: the answer on the board was found, but the search for a second one ended without deciding (${r.secondStatus ?? r.status}) after ${formatMs(r.totalMs)} in all.`,
      'warning',
    );
  } else {
    ctx.say(r.status === 'infeasible' ? 'No answer: the MILP is infeasible, so there is none to compare.' : `No answer to compare (${r.status}).`, 'error');
  }
}

/**
 * Enumerate: up to kEnumerateLimit answers, each a re-solve with a no-good cut per
 * answer found before (protocol.md, "enumerate", with `boards`), then a stepper
 * that draws each on the board.
 *
 * @param ctx the genre page (context.ts)
 */
export async function enumerate(ctx: GenreContext): Promise<void> {
  const asked = ctx.puzzleFields();
  const r = await ctx.run<GenreEnumerateResult>({ type: 'enumerate', ...asked, limit: kEnumerateLimit, boards: true });
  if (r === null) return;
  const solves = `${r.stats.solves} solve${r.stats.solves === 1 ? '' : 's'}, ${formatMs(r.stats.totalMs)}`;
  if (r.count === 0) {
    ctx.answers = [];
    const after = r.stats.rounds > 1 ? ` after ${grouped(r.stats.rounds)} rounds of cuts` : '';
    ctx.say(r.complete ? `No answer: the MILP is infeasible${after} (${solves}).` : `No answer found (${r.lastStatus}${after}, ${solves}).`, r.complete ? 'warning' : 'error');
    return;
  }
  stepThrough(
    ctx,
    r.answers.map((a) => ({ board: a.board!, text: a.text, name: r.name, rows: r.rows, columns: r.columns })),
    asked,
    [],
  );
  if (r.complete) {
    ctx.say(
      r.count === 1
        ? `Exactly one answer: with its no-good cut the MILP is infeasible (${solves}).`
        : `All ${r.count} answers found: with their ${r.count} no-good cuts the MILP is infeasible (${solves}). Step through them below the board.`,
      r.count === 1 ? 'success' : 'warning',
    );
  } else {
    ctx.say(
      `${r.count} answers found, and there may be more: stopped at ${r.count === r.limit ? `the limit of ${r.limit}` : r.lastStatus} (${solves}). Step through them below the board.`,
      'warning',
    );
  }
}

/**
 * Puts answers under the stepper below the board (shown when there are two or more)
 * and draws the first: Enumerate's, or Check uniqueness's two.
 *
 * @param ctx the genre page (context.ts)
 * @param answers the answers with their boards, at least one
 * @param of the request fields of the puzzle they answer (Save .xlsx / .csv)
 * @param marks cells (1-based row, column) marked on each answer drawn
 */
function stepThrough(ctx: GenreContext, answers: EnumeratedAnswer[], of: { puzzle?: string; index?: number }, marks: Array<[number, number]>): void {
  ctx.answers = answers;
  ctx.answersOf = { puzzle: of.puzzle ?? '', index: of.index ?? 1 };
  ctx.answerMarks = marks;
  ctx.answersPanel.hidden = answers.length < 2;
  ctx.answerStep.max = String(answers.length);
  ctx.answerStep.value = '1';
  byId('genre-answer-count', HTMLElement).textContent = String(answers.length);
  showAnswer(ctx, 1);
}

/**
 * Draws Enumerate's (or Check uniqueness's) answer `k`, with the marked cells
 * (answerMarks); Save .xlsx / .csv then save that one.
 *
 * @param ctx the genre page (context.ts)
 * @param k 1 to the number of answers found (others are ignored)
 */
export function showAnswer(ctx: GenreContext, k: number): void {
  const answer = ctx.answers[k - 1];
  if (answer === undefined) return;
  byId('genre-answer-number', HTMLElement).textContent = String(k);
  // Save .xlsx / .csv save the answer on the board.
  ctx.answer = { text: answer.text, ...ctx.answersOf };
  ctx.drawBoard(answer.board, `${GENRE_TITLES[ctx.genre]} ${answer.rows}×${answer.columns}, ${answer.name}, answer ${k} of ${ctx.answers.length}`);
  if (ctx.answerMarks.length > 0) ctx.highlight(ctx.answerMarks);
}

/**
 * The LP relaxation (integrality dropped) drawn on the board, each candidate or cell
 * shaded by its value, and whether it is integral.
 *
 * @param ctx the genre page (context.ts)
 */
export async function relax(ctx: GenreContext): Promise<void> {
  const fields = ctx.puzzleFields();
  const r = await ctx.run<GenreRelaxResult>({ type: 'relax', ...fields, options: { ...fields.options, timeLimitMs: kRelaxLimitMs } });
  if (r === null) return;
  if (r.status !== 'optimal') {
    const size = `${grouped(r.stats.rows)} rows × ${grouped(r.stats.columns)} columns`;
    ctx.say(
      r.status === 'time_limit'
        ? `No LP relaxation within ${kRelaxLimitMs / 1000} s: model “${r.model}” is an LP of ${size}. A smaller model (Model, beside the text) may relax in time.`
        : `The LP relaxation has no solution (${r.status}): no answer keeps the model's rows, so the puzzle has none.`,
      r.status === 'time_limit' ? 'warning' : 'error',
    );
    return;
  }
  ctx.drawBoard(r.board, `${GENRE_TITLES[ctx.genre]}, LP relaxation`);
  placeLegend(byId('genre-board', HTMLElement), r.board);
  const integral =
    r.answer === undefined || r.answer.verified
      ? 'its solution is integral and keeps every rule — the LP alone solves the puzzle.'
      : `its solution is integral, but it breaks a rule the model leaves to cut rounds — ${r.answer.brokenRule ?? '?'}. Solve adds the cuts.`;
  ctx.say(
    `LP relaxation (integrality dropped), ${r.stats.simplexIterations} simplex iterations: ` +
      (r.integral ? integral : 'fractional; each candidate is shaded by its value.'),
    'info',
  );
}

/**
 * A new puzzle of the genre from a random seed (the engine's generate: unique, and
 * minimal when it says so), written into the text and drawn; a jigsaw keeps the
 * region map of the puzzle shown.
 *
 * @param ctx the genre page (context.ts)
 */
export async function generate(ctx: GenreContext): Promise<void> {
  const seed = 1 + Math.floor(Math.random() * 1_000_000);
  const size = ctx.board?.rows ?? 9;
  const request: Omit<GenreRequest, 'id'> =
    ctx.genre === 'jigsaw'
      ? { type: 'generate', ...ctx.puzzleFields(), seed }
      : { type: 'generate', genre: ctx.genre, size, seed };
  const r = await ctx.run<GenerateResult>(request);
  if (r === null) return;
  ctx.text.value = r.puzzle;
  await ctx.readText();
  ctx.say(`New puzzle from seed ${seed}: ${r.givens} givens, unique${r.minimal ? ' and minimal' : ''}, in ${formatMs(r.totalMs)}.`, 'success');
}
