// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A puzzle text's error tied to its text box, for a keyboard and a screen reader: the
 * box marked invalid and described by the error (a copy of the status line's sentence
 * beside the box, which stays while the status line moves on), and its caret put at the
 * line and column the engine names (an accessibility session found the message said in
 * another column, below the fold, and nothing on the box). Both pages' text boxes: the
 * Sudoku page's Load (actions/load.ts) and the genre page's Draw (genre/view.ts).
 */
import { endedByRestart, SolverError } from '../solver/protocol';

/** The engine's codes for a text that does not read (its other errors are not the text's). */
const TEXT_FAULTS = new Set(['parse_error', 'wrong_length', 'ambiguous_size', 'empty_input']);

/** Boxes whose next edit takes their mark away (one listener a box, however many marks). */
const watched = new WeakSet<HTMLTextAreaElement>();

/**
 * Whether `e` is a fault of the text read, to mark on its box: the engine's refusal of
 * the text (a text fault, or any error naming a line), not a Stop, a crashed or
 * unloadable engine, nor a solver's failure.
 */
export function isTextFault(e: unknown): e is SolverError {
  return e instanceof SolverError && !endedByRestart(e) && (TEXT_FAULTS.has(e.code) || e.where?.line !== undefined);
}

/**
 * Marks `box` as holding the error `message` says, until its next edit or clearTextError,
 * and with `where.line` puts its caret there (at `where.column`, else the line's start).
 * The box takes the focus only from `from` (the button that read it, Stop, the page's
 * body or the box itself): a person gone on to work elsewhere meanwhile keeps their place.
 *
 * @param box the puzzle text box whose text was read (it must have an id)
 * @param message the error's sentence, as the status line says it
 * @param where the engine's `where` (1-based line, and column in code points), if any
 * @param from the elements the focus may be taken from
 */
export function markTextError(box: HTMLTextAreaElement, message: string, where: SolverError['where'], from: readonly (HTMLElement | null)[]): void {
  const id = `${box.id}-error`;
  let said = document.getElementById(id);
  if (said === null) {
    said = document.createElement('p');
    said.id = id;
    said.className = 'visually-hidden';
    box.after(said);
  }
  said.textContent = message;
  box.setAttribute('aria-invalid', 'true');
  box.setAttribute('aria-describedby', id);
  if (!watched.has(box)) {
    watched.add(box);
    box.addEventListener('input', () => clearTextError(box));
  }
  if (where?.line === undefined) return;
  const offset = offsetOf(box.value, where.line, where.column ?? 1);
  if (offset === null) return;
  const active = document.activeElement;
  if (active === null || active === document.body || active === box || from.includes(active as HTMLElement)) box.focus({ preventScroll: true });
  box.setSelectionRange(offset, offset);
}

/** The text box read without an error: no longer marked (markTextError). */
export function clearTextError(box: HTMLTextAreaElement): void {
  if (box.getAttribute('aria-invalid') === null) return;
  box.removeAttribute('aria-invalid');
  box.removeAttribute('aria-describedby');
  document.getElementById(`${box.id}-error`)?.remove();
}

/**
 * The offset in UTF-16 code units of (line, column) in `text`, both 1-based, the column
 * counting code points as the engine does (protocol.md, error `where`); lines end at
 * `\n`, a `\r` before it ending the line too, as the engine splits them (a text box's
 * value has only `\n`); a column past the line's end is its end. Null for a line the
 * text does not have.
 */
export function offsetOf(text: string, line: number, column: number): number | null {
  let start = 0;
  for (let k = 1; k < line; k++) {
    const end = text.indexOf('\n', start);
    if (end < 0) return null;
    start = end + 1;
  }
  const end = text.indexOf('\n', start);
  const body = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
  let offset = 0;
  let seen = 1;
  for (const ch of body) {
    if (seen >= column) break;
    offset += ch.length;
    seen++;
  }
  return start + offset;
}
