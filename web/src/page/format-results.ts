// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Words for the results of the actions the page fetches on first use: a batch's
 * solutions and counts (batch.ts), Check uniqueness and Enumerate (actions/solutions.ts),
 * Generate (actions/generate.ts) and the LP relaxation (actions/relax.ts, the embed).
 * Apart from format.ts so that a first solve does not download them. No DOM here, so
 * tests run them in Node.
 */
import { formatMs, grouped, plural } from './format';
import type { BatchItem, CheckUniquenessResult, EnumerateProgress, EnumerateResult, GenerateProgress, GenerateResult, SolveStats } from '../solver/protocol';

/**
 * Sum of the 3-digit numbers in the top-left corners of the solutions (Project Euler
 * problem 96).
 *
 * @returns the sum, or `null` unless every item has a solution
 */
export function eulerCornerSum(items: readonly BatchItem[]): number | null {
  let sum = 0;
  for (const item of items) {
    if (typeof item.solution !== 'string' || !/^[1-9]{3}/.test(item.solution)) return null;
    sum += Number(item.solution.slice(0, 3));
  }
  return items.length > 0 ? sum : null;
}

/** The one-line outcome of a batch item: "solved", "no solution", "error", ... */
export function itemStatusText(item: BatchItem): string {
  if (item.error) return 'error';
  switch (item.status) {
    case 'optimal':
    case 'feasible':
      return 'solved';
    case 'infeasible':
      return 'no solution';
    case 'time_limit':
      return item.solution ? 'solved (time limit)' : 'time limit';
    case undefined:
      return 'pending';
    default:
      return item.status;
  }
}

/**
 * The "Download solutions" text: one line per puzzle in input order, the solution
 * (n·n digits), or `no solution`, or `error: MESSAGE`, or `not finished (stopped)` for a
 * puzzle a Stop left unfinished (`'stopped'`), `not finished` for one a failed batch
 * never answered (undefined), `error: REASON` for a workbook's row that did not read
 * (`{ leftOut: REASON }`, at its place as the results table has it); ends with a newline.
 */
export function solutionsText(items: ReadonlyArray<BatchItem | 'stopped' | undefined | { leftOut: string }>): string {
  const lines = Array.from(items, (item) => {
    if (item === 'stopped') return 'not finished (stopped)';
    if (item === undefined) return 'not finished';
    if ('leftOut' in item) return `error: ${item.leftOut.replace(/\s+/g, ' ')}`;
    if (item.error) return `error: ${item.error.message.replace(/\s+/g, ' ')}`;
    if (typeof item.solution === 'string') return item.solution;
    if (item.status === 'infeasible') return 'no solution';
    return `no solution (${item.status ?? 'not solved'})`;
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** Counts of a batch's outcomes. */
export interface BatchCounts {
  solved: number;
  noSolution: number;
  errors: number;
}

/** Count solved / no-solution / error items. */
export function countOutcomes(items: readonly BatchItem[]): BatchCounts {
  const counts: BatchCounts = { solved: 0, noSolution: 0, errors: 0 };
  for (const item of items) {
    if (item.error) counts.errors++;
    else if (typeof item.solution === 'string') counts.solved++;
    else counts.noSolution++;
  }
  return counts;
}

// ---- Uniqueness, enumeration, generation ---------------------------------------

/**
 * The status line for a uniqueness check, e.g. "Unique solution (checked with 2 MILP
 * solves in 15 ms)", or with the route named "Unique solution (checked with 2 solves in
 * 15 ms; reduced model, CNF-SAT: the fastest route, a uniqueness check’s default)."
 *
 * @param result the engine's checkUniqueness result
 * @param route the route's name (settings.ts `fastestOptions`), said with the time;
 *   none when empty
 */
export function describeUniqueness(result: CheckUniquenessResult, route = ''): string {
  if (result.decidedBy === 'reduction') {
    // The reduction's rules fixed every cell (or met a contradiction): no MILP was
    // solved, by any route.
    const ms = formatMs(result.totalMs);
    if (result.unique === true) return `Unique solution: the model reduction fixes every cell, so no MILP is needed (${ms}).`;
    if (result.status === 'infeasible') return `No solution: the model reduction meets a contradiction in these givens (${ms}).`;
  }
  const time = `${formatMs(result.totalMs)}${route ? `; ${route}` : ''}`;
  // The route, when named, says how the MILP was solved (CNF-SAT, or branch-and-bound).
  if (result.unique === true) return `Unique solution (checked with 2 ${route ? 'solves' : 'MILP solves'} in ${time}).`;
  if (result.unique === false) {
    const n = result.differences?.length ?? 0;
    return `Not unique: a second solution differs in ${plural(n, 'cell')} (${time}).`;
  }
  if (result.status === 'infeasible') return `No solution: these givens admit no valid grid (${time}).`;
  if (result.status === 'time_limit' || result.secondStatus === 'time_limit') {
    return `Uniqueness unknown: the time limit stopped a solve (${time}).`;
  }
  return `Uniqueness unknown (the solver reported ${result.secondStatus ?? result.status}; ${time}).`;
}

/** "3 of at most 10 solutions found, 120 ms". */
export function describeEnumerateProgress(progress: EnumerateProgress): string {
  return `${grouped(progress.found)} of at most ${plural(progress.limit, 'solution')} found, ${formatMs(progress.elapsedMs)}`;
}

/**
 * "Exactly 2 solutions (3 MILP solves, 12 ms)" or "At least 10 solutions (…)".
 *
 * @param result the engine's enumerate result
 * @param route the route's name (settings.ts `fastestOptions`), said after the time;
 *   none when empty
 */
export function describeEnumerate(result: EnumerateResult, route = ''): string {
  const tail = ` (${plural(result.stats.solves, route ? 'solve' : 'MILP solve')}, ${formatMs(result.stats.totalMs)}${route ? `; ${route}` : ''})`;
  if (result.complete) {
    if (result.count === 0) return `No solution${tail}.`;
    return `Exactly ${plural(result.count, 'solution')}${tail}.`;
  }
  if (result.lastStatus === 'time_limit') {
    return `At least ${plural(result.count, 'solution')}: the time limit stopped the search${tail}.`;
  }
  return `At least ${plural(result.count, 'solution')}${tail}.`;
}

/** "Removing givens: 40 of 81 cells tried · 42 givens · 75 ms"; then "Unique with 24 givens (1.20 s); rating it with the textbook MILP". */
export function describeGenerateProgress(progress: GenerateProgress): string {
  if (progress.phase === 'rating') {
    return `Unique with ${plural(progress.givens, 'given')} (${formatMs(progress.elapsedMs)}); rating it with the textbook MILP`;
  }
  return `Removing givens: ${grouped(progress.checked)} of ${plural(progress.total, 'cell')} tried · ${plural(progress.givens, 'given')} · ${formatMs(progress.elapsedMs)}`;
}

/** How the MILP fared: "root LP integral · 0 branch-and-bound nodes · solve 0.62 ms". */
export function describeMilpEffort(stats: SolveStats): string {
  const root =
    stats.rootLpIntegral === null
      ? 'presolve alone solved it (no LP)'
      : stats.rootLpIntegral
        ? 'root LP integral'
        : 'root LP not integral';
  return `${root} · ${plural(stats.nodes, 'branch-and-bound node')} · solve ${formatMs(stats.solveMs)}`;
}

/** The lines of the generation report (one fact per line). */
export function generateReport(result: GenerateResult): string[] {
  const target =
    result.targetGivens > 0
      ? `target ${result.targetGivens} givens ${result.targetReached ? 'reached' : 'not reached'}`
      : 'no target (as few givens as possible)';
  return [
    `${plural(result.givens, 'given')} · ${result.minimal ? 'minimal (every given is needed)' : 'not minimal'} · ${target}`,
    `seed ${result.seed} · symmetry ${symmetryName(result.symmetry)} · ${plural(result.uniquenessChecks, 'uniqueness check')} by ${result.method === 'sat' ? 'CNF-SAT (MiniSat)' : 'branch-and-bound'} · ${formatMs(result.totalMs)} in all`,
    `How hard for the textbook MILP: ${result.difficulty.status === 'time_limit' ? `not solved within the limit · ` : ''}${describeMilpEffort(result.difficulty.stats)}`,
  ];
}

/** "none", "180° rotational", "mirror". */
export function symmetryName(symmetry: string): string {
  switch (symmetry) {
    case 'rot180':
      return '180° rotational';
    case 'mirror':
      return 'mirror';
    default:
      return 'none';
  }
}

/**
 * The cells where an LP relaxation is fractional: some value strictly between 0 and 1
 * (beyond 1e-6).
 *
 * @param values the relax result's `[row, column, digit, value, fixed]` entries (1-based)
 * @returns the number of distinct cells with a fractional value
 */
export function fractionalCells(values: readonly (readonly number[])[]): number {
  const cells = new Set<string>();
  for (const v of values) {
    const x = v[3] ?? 0;
    if (x > 1e-6 && x < 1 - 1e-6) cells.add(`${v[0]},${v[1]}`);
  }
  return cells.size;
}

/**
 * The status line after an LP relaxation.
 *
 * @param integral the relax result's `integral`
 * @param fractional the number of fractional cells ({@link fractionalCells})
 */
export function describeRelaxation(integral: boolean, fractional: number): string {
  return integral
    ? 'The LP relaxation is integral: the root LP already solves the puzzle'
    : `The LP relaxation is fractional in ${plural(fractional, 'cell')}`;
}
