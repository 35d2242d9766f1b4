// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A text that reads at two sizes: sixteen cells a line, symbols 1–4 at most, is sixteen
 * 4×4 puzzles one a line or one 16×16 written as rows (the engine's `ambiguous_size`,
 * protocol.md "Puzzle fields"). The engine asks to "choose the size", which named no
 * control of the page (a user's session, 2026-12-07): the board's Size decides when it is
 * one of the two, else the status says to pick one there. Fetched on such a text only.
 */
import type { PuzzleFields, SolverError } from '../../solver/protocol';
import type { Page } from '../app/page';

/**
 * Read the text again at the board's size, or say to pick one.
 *
 * @param page the Sudoku page
 * @param e the read's `ambiguous_size` error
 * @param again reads the text with `fields` (the page's, with the board's size), `note`
 *   said in its status ("Read at the board's size, 4×4; it also reads as one 16×16 …")
 */
export function readAtBoardSize(page: Page, e: SolverError, again: (fields: PuzzleFields, note: string) => Promise<void>): void {
  const size = page.board.size;
  if (size !== 4 && size !== 16) {
    page.jobs.setStatus(`${e.message}: pick 4×4 or 16×16 in Size, then load the text again.`, 'error');
    return;
  }
  const other = size === 4 ? 'one 16×16 (pick 16×16' : 'sixteen 4×4 puzzles (pick 4×4';
  void again({ ...page.settings.textFields(), size }, ` Read at the board's size, ${size}×${size}; it also reads as ${other} in Size and load it again for that).`);
}
