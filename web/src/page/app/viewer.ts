// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The solution viewer: solutions the person can flip through on the board (the two of a
 * uniqueness check, or those of an enumeration), with the cells where they differ
 * highlighted.
 */
import type { CellRef } from '../../solver/protocol';
import type { Board } from '../board';
import { plural } from '../format';
import type { Elements } from './elements';

/** Solutions to flip through. */
export interface SolutionSet {
  /** The givens they belong to (canonical). */
  givens: string;
  solutions: string[];
  /** Which one is shown (0-based). */
  index: number;
  /** What they came from, for the viewer's text. */
  kind: 'uniqueness' | 'enumeration';
}

/** The viewer under the board (‹ and › buttons and a line of text). */
export class SolutionViewer {
  /** The solutions shown, or `null` when the viewer is hidden. */
  set: SolutionSet | null = null;

  /**
   * @param el the page's elements (viewer, its text and buttons)
   * @param board the board the solutions are drawn on
   * @param announce writes the viewer's text into the status line when the person flips
   */
  constructor(
    private readonly el: Elements,
    private readonly board: Board,
    private readonly announce: (text: string) => void,
  ) {
    el.viewerPrev.addEventListener('click', () => this.showAt(-1, true));
    el.viewerNext.addEventListener('click', () => this.showAt(1, true));
  }

  /** Show `set`, starting at its `index`. */
  show(set: SolutionSet): void {
    this.set = set;
    this.el.viewer.hidden = false;
    this.showAt(0, false);
  }

  /** Hide the viewer and forget its solutions. */
  hide(): void {
    this.set = null;
    this.el.viewer.hidden = true;
  }

  /** Show the solution `step` away from the current one (0 = redraw the current one). */
  showAt(step: number, byUser: boolean): void {
    const set = this.set;
    if (!set || set.solutions.length === 0) return;
    if (this.board.getGivens() !== set.givens) {
      this.hide();
      return;
    }
    const count = set.solutions.length;
    set.index = Math.min(Math.max(set.index + step, 0), count - 1);
    const shown = set.solutions[set.index]!;
    // Compare with the other of a pair, else with the first solution.
    const reference = count === 2 ? set.solutions[1 - set.index]! : set.solutions[0]!;
    this.board.setSolution(shown);
    this.board.markDifferences(set.index === 0 && count !== 2 ? [] : differingCells(shown, reference, this.board.size));
    this.update();
    if (byUser) this.announce(this.el.viewerText.textContent ?? '');
  }

  /** Rewrite the viewer's text and buttons for the current set (more may have arrived). */
  update(): void {
    const set = this.set;
    if (!set) return;
    const count = set.solutions.length;
    const i = set.index;
    let text: string;
    if (set.kind === 'uniqueness') {
      const n = differingCells(set.solutions[0]!, set.solutions[1]!, this.board.size).length;
      text = `${i === 0 ? 'First' : 'Second'} solution of 2 shown · ${plural(n, 'highlighted cell')} differ`;
    } else {
      const reference = count === 2 ? set.solutions[1 - i]! : set.solutions[0]!;
      const n = differingCells(set.solutions[i]!, reference, this.board.size).length;
      text =
        count === 1
          ? 'Solution 1 of 1'
          : i === 0 && count !== 2
            ? `Solution 1 of ${count}`
            : `Solution ${i + 1} of ${count} · ${plural(n, 'highlighted cell')} differ from solution ${count === 2 ? 2 - i : 1}`;
    }
    this.el.viewerText.textContent = text;
    this.el.viewerPrev.disabled = i === 0;
    this.el.viewerNext.disabled = i >= count - 1;
  }
}

/** The 1-based cells where two canonical solutions of an n×n grid (`size` n) differ. */
export function differingCells(a: string, b: string, size: number): CellRef[] {
  const cells: CellRef[] = [];
  for (let i = 0; i < a.length && i < b.length; i++) {
    if (a[i] !== b[i]) cells.push({ row: Math.floor(i / size) + 1, column: (i % size) + 1 });
  }
  return cells;
}
