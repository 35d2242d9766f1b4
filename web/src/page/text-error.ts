// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A puzzle text's error tied to its text box, for a keyboard and a screen reader: the
 * box marked invalid and described by the status line that says why, and its caret put
 * at the line and column the engine names (an accessibility session found the message
 * said in another column, below the fold, and nothing on the box). Both pages' text
 * boxes: the Sudoku page's Load (actions/load.ts) and the genre page's Draw (genre/view.ts).
 */
import type { ErrorWhere } from '../solver/protocol';

/**
 * Marks `box` as holding the error `status` says, until its next edit, and with
 * `where.line` puts its caret there (at `where.column`, else the line's start), giving it
 * the focus when `focus` (the person pressed Load or Draw: the box is where to mend it).
 *
 * @param box the puzzle text box whose text was read
 * @param status the status line (`role="status"`) saying the error, with an id
 * @param where the engine's `where` (1-based line, and column in code points), if any
 * @param focus whether the box takes the focus
 */
export function markTextError(box: HTMLTextAreaElement, status: HTMLElement, where: ErrorWhere | undefined, focus: boolean): void {
  box.setAttribute('aria-invalid', 'true');
  box.setAttribute('aria-describedby', status.id);
  box.addEventListener('input', () => clearTextError(box), { once: true });
  if (where?.line === undefined) return;
  const offset = offsetOf(box.value, where.line, where.column ?? 1);
  if (offset === null) return;
  if (focus) box.focus({ preventScroll: true });
  box.setSelectionRange(offset, offset);
}

/** The text box read without an error: no longer marked (markTextError). */
export function clearTextError(box: HTMLTextAreaElement): void {
  box.removeAttribute('aria-invalid');
  box.removeAttribute('aria-describedby');
}

/**
 * The offset in UTF-16 code units of (line, column) in `text`, both 1-based, the column
 * counting code points as the engine does (protocol.md, error `where`); a column past the
 * line's end is its end. Null for a line the text does not have.
 */
export function offsetOf(text: string, line: number, column: number): number | null {
  let start = 0;
  for (let k = 1; k < line; k++) {
    const end = text.indexOf('\n', start);
    if (end < 0) return null;
    start = end + 1;
  }
  const lineEnd = text.indexOf('\n', start);
  const body = text.slice(start, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '');
  let offset = 0;
  let seen = 1;
  for (const ch of body) {
    if (seen >= column) break;
    offset += ch.length;
    seen++;
  }
  return start + offset;
}
