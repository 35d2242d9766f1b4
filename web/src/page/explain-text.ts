// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The words of "Why no solution?" (actions/explain.ts): what to remove, the other sets,
 * the largest fill, and each step while the engine works. Pure text, no DOM.
 */
import type { ExplainInfeasibleProgress, ExplainInfeasibleResult, GivenRef } from '../solver/protocol';
import { displaySymbol, formatMs, plural, valueOfChar } from './format';

/**
 * A symbol of the engine (canonical: `1`–`9`, then `A`–`Z`) as the board shows it.
 *
 * @param digit one canonical character
 * @param hex the board's 0–F convention (16×16): canonical `1` shows as `0`, `G` as `F`
 */
function shown(digit: string, hex: boolean): string {
  return hex ? displaySymbol(valueOfChar(digit), true) : digit;
}

/**
 * "r4c7 = 5" for each given of a set, joined by ", ".
 *
 * @param hex the board's 0–F convention (a 16×16 shown in 0–F): the symbols as shown
 */
export function givensText(set: readonly GivenRef[], hex = false): string {
  return set.map((g) => `r${g.row}c${g.column} = ${shown(g.digit, hex)}`).join(', ');
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
 *
 * @param hex the board's 0–F convention: every symbol named as the board shows it
 */
export function explanationText(r: ExplainInfeasibleResult, hex = false): string[] {
  if (r.status === 'optimal') return ['This puzzle has a solution after all: no given needs to go. It is on the board.'];
  const out: string[] = [];
  const { removals } = r;
  const sets = removals.sets ?? [];
  if (sets.length > 0 && removals.count !== undefined) {
    const proven = removals.status === 'optimal';
    out.push(
      `${proven ? 'The fewest givens' : 'The fewest givens found (a limit stopped the proof)'} to remove for a solution: ${removals.count} — remove ${givensText(sets[0]!, hex)} (struck through on the board).`,
    );
    if (sets.length > 1) {
      const others = sets
        .slice(1)
        .map((set) => givensText(set, hex))
        .join('; ');
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
    out.push(`No fill keeps every given: two ${shown(fill.clash.digit, hex)}s in ${fill.clash.unit}.`);
  } else if (fill?.grid !== undefined && fill.placed !== undefined) {
    const cells = r.size * r.size;
    const empty = cells - fill.placed;
    out.push(
      `${fill.status === 'optimal' ? 'The largest fill' : 'The largest fill found'} that keeps every given places ${fill.placed} of ${cells} digits; the ${plural(empty, 'cell')} it leaves empty ${empty === 1 ? 'is' : 'are'} hatched on the board.`,
    );
  }
  return out;
}
