// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * "Why no solution?": for a puzzle without solution, the fewest givens to remove (a MILP
 * that keeps as many givens as possible) and the largest partial fill that keeps every
 * given (the packing model), shown on the board and listed (protocol.md,
 * "explainInfeasible"). Fetched on the first click: not part of a first solve.
 */
import type { ExplainInfeasibleProgress, ExplainInfeasibleResult, GivenRef } from '../../solver/protocol';
import { formatMs, plural } from '../format';
import type { Page } from '../app/page';
import { emptyCells } from './solve';

/** "r4c7 = 5" for each given of a set, joined by ", ". */
export function givensText(set: readonly GivenRef[]): string {
  return set.map((g) => `r${g.row}c${g.column} = ${g.digit}`).join(', ');
}

/** The status line while the engine works: which step, and branch-and-bound's figures. */
export function progressText(p: ExplainInfeasibleProgress): string {
  if (p.phase === 'sat') {
    return p.step === 'removals'
      ? `Why no solution? Can ${plural(p.bound, 'given')} stay? (CNF-SAT, ${formatMs(p.elapsedMs)})…`
      : `Why no solution? Do ${plural(p.bound, 'digit')} fit, keeping every given? (CNF-SAT, ${formatMs(p.elapsedMs)})…`;
  }
  const incumbent = p.incumbent === null ? 'none yet' : String(Math.round(p.incumbent));
  return p.step === 'removals'
    ? `Why no solution? Keeping as many givens as possible: ${plural(p.nodes, 'node')}, best so far ${incumbent} kept…`
    : `Why no solution? Placing as many digits as possible: ${plural(p.nodes, 'node')}, best so far ${incumbent} placed…`;
}

/**
 * The sentences of an explanation: what to remove (and the other sets of that size),
 * then the largest fill. Plain text; the caller puts it in elements as text.
 */
export function explanationText(r: ExplainInfeasibleResult): string[] {
  if (r.status === 'optimal') return ['This puzzle has a solution after all: no given needs to go. It is on the board.'];
  const out: string[] = [];
  const { removals } = r;
  const sets = removals.sets ?? [];
  if (sets.length > 0 && removals.count !== undefined) {
    const proven = removals.status === 'optimal';
    out.push(
      `${proven ? 'The fewest givens' : 'The fewest givens found (a limit stopped the proof)'} to remove for a solution: ${removals.count} — remove ${givensText(sets[0]!)} (struck through on the board).`,
    );
    if (sets.length > 1) {
      const others = sets.slice(1).map(givensText).join('; ');
      out.push(
        `Other sets of ${plural(removals.count, 'given')} that would do: ${others}${removals.complete ? '' : '; there may be more'}.`,
      );
    } else if (proven && removals.complete) {
      out.push('No other set of that size would do.');
    }
  } else {
    out.push(`The fewest givens to remove were not found (${removals.status.replace('_', ' ')}).`);
  }
  const fill = r.partialFill;
  if (fill?.clash) {
    out.push(`No fill keeps every given: two ${fill.clash.digit}s in ${fill.clash.unit}.`);
  } else if (fill?.grid !== undefined && fill.placed !== undefined) {
    const cells = r.size * r.size;
    const empty = cells - fill.placed;
    out.push(
      `${fill.status === 'optimal' ? 'The largest fill' : 'The largest fill found'} that keeps every given places ${fill.placed} of ${cells} digits; the ${plural(empty, 'cell')} it leaves empty ${empty === 1 ? 'is' : 'are'} hatched on the board.`,
    );
  }
  return out;
}

/** Explain why the board's puzzle has no solution (refused while another job runs). */
export async function explainInfeasible(page: Page): Promise<void> {
  const { board, jobs, settings } = page;
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  const size = board.size;
  page.resetAnswer();
  // The engine's fastest route (CNF-SAT, feasibility problems with a moving bound),
  // whatever the Model panel says: the panel's models are not these MILPs.
  const { timeLimitMs, presolve } = settings.options();
  await jobs.run(
    'explain',
    'Why no solution? Keeping as many givens as possible…',
    async () => {
      const r = await page.client.explainInfeasible(
        givens,
        { ...settings.boardFields(), options: { timeLimitMs, presolve } },
        (p) => jobs.setStatus(progressText(p), 'busy'),
      );
      if (board.getGivens() !== givens) {
        jobs.setStatus('Explained, but the board changed meanwhile: press Solve again.', 'info');
        return;
      }
      show(page, r, size);
    },
    (e) => jobs.showError(e, board.getGivens() === givens),
  );
}

/** Draw an explanation on the board and in a panel below the buttons. */
function show(page: Page, r: ExplainInfeasibleResult, size: number): void {
  const { board, jobs, el } = page;
  if (r.status === 'optimal') {
    if (r.removals.completion) board.setSolution(r.removals.completion);
    jobs.setStatus(explanationText(r)[0]!, 'ok');
    return;
  }
  const first = r.removals.sets?.[0] ?? [];
  const grid = r.partialFill?.grid;
  if (grid !== undefined) board.setSolution(grid);
  board.markExplanation(
    first.map((g) => ({ row: g.row, column: g.column })),
    grid !== undefined ? emptyCells(grid, size) : [],
  );
  const panel = document.createElement('div');
  panel.id = 'explain-panel';
  panel.className = 'explain';
  for (const sentence of explanationText(r)) {
    const p = document.createElement('p');
    p.textContent = sentence;
    panel.append(p);
  }
  if (first.length > 0) {
    const apply = document.createElement('button');
    apply.type = 'button';
    apply.textContent = `Remove ${givensText(first)}`;
    apply.addEventListener('click', () => {
      const cells = [...board.getGivens()];
      for (const g of first) cells[(g.row - 1) * size + (g.column - 1)] = '.';
      board.setGivens(cells.join(''));
      jobs.setStatus(`Removed ${givensText(first)}: press Solve.`, 'info');
    });
    panel.append(apply);
  }
  document.getElementById('explain-panel')?.remove();
  el.explainButton.closest('.actions')?.after(panel);
  jobs.setStatus(
    `No solution: remove ${plural(first.length, 'given')} (${givensText(first)}) and it has one; see below the buttons.`,
    'error',
  );
}
