// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The key to an LP relaxation drawn on a board (the Sudoku page's picture over its grid,
 * the embed view's, a genre page's board): what the shading means, on a scale from 0 to
 * 1. Fetched with the relaxation's renderer, so a first solve does not download it.
 */
import type { Board } from '../../solver/genre';
import './legend.css';

/**
 * The legend of a relaxation drawn from `board`: a scale from 0 to 1 in the colour and
 * opacities board-svg.ts gives values (candidate marks from pale to strong, cells, lines
 * and marks from none to full), and in words what is shaded.
 *
 * @param board the relaxation's board description
 * @returns a `<p class="relax-legend">` to place under the board
 */
export function relaxationLegend(board: Board): HTMLElement {
  const candidates = board.items.some((item) => item.kind === 'candidate');
  const legend = document.createElement('p');
  legend.className = 'relax-legend';
  legend.dataset.scale = candidates ? 'candidates' : 'cells';
  const scale = document.createElement('span');
  scale.className = 'relax-scale';
  scale.setAttribute('aria-hidden', 'true');
  legend.append(
    'LP relaxation, shaded by value: 0 ',
    scale,
    ' 1. ',
    candidates
      ? 'Each candidate’s square is as strong as its variable x; a digit drawn whole has x = 1, alone in its cell.'
      : 'Each cell, line or mark is as strong as its variable x; full colour is x = 1.',
  );
  return legend;
}

/**
 * Put the legend of the relaxation drawn from `board` at the end of `box`, in place of
 * one there before. The Sudoku board's box hides it while no picture lies over the grid
 * (legend.css), and a genre page's redraw empties its box, so it never outlives its picture.
 *
 * @param box the element the board is drawn in (`#board-container`, `#genre-board`)
 * @param board the relaxation's board description
 */
export function placeLegend(box: HTMLElement, board: Board): void {
  box.querySelector(':scope > .relax-legend')?.remove();
  box.append(relaxationLegend(board));
}
