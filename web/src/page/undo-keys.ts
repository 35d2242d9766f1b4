// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * What the Sudoku board (board.ts) and the genre page's editor (genre/editor.ts) share of
 * undo: how many steps are kept, and the keys as the page names them to the person.
 */

/** How many edits Undo can take back on either board: the oldest go first. */
export const MOST_UNDO_STEPS = 200;

/** Whether the keys are a Mac's (⌘Z), as the page names them. */
const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The keys of Undo and Redo as the page names them: ⌘Z and ⇧⌘Z on a Mac. */
export const UNDO_KEYS = { undo: MAC ? '⌘Z' : 'Ctrl+Z', redo: MAC ? '⇧⌘Z' : 'Ctrl+Shift+Z or Ctrl+Y' } as const;
