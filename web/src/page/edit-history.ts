// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The undo history of the edits made on a board (the genre page's board editor,
 * genre/editor.ts): before each edit that changes the puzzle, the state it changes (its
 * text, the selection); Undo gives it back, Redo the state undone.
 *
 * A history belongs to the text its edits left. Each state has a key (the genre page's:
 * its genre and text); while the key of the state now is the key the last edit, undo or
 * redo left, the steps are kept; once it is not (the text typed by hand, a file or a
 * puzzle loaded, another genre), they are forgotten, so that an undo never writes a
 * puzzle from before into a text that has moved on. The edit made on that text is then
 * the first step: its undo gives back the text as it was typed or loaded.
 */

/** One step of the history: a state to go back (or forward) to, and the edit's name. */
export interface EditStep<S> {
  /** The state before the edit (an undo step) or after it (a redo step). */
  readonly state: S;
  /** A short name of the edit, for "Undid: …" ("clue 5 at row 2, column 3"). */
  readonly label: string;
}

/** The steps that Undo and Redo go through, most recent last. */
export class EditHistory<S> {
  private readonly undos: Array<EditStep<S>> = [];
  private readonly redos: Array<EditStep<S>> = [];
  /** The key of the state the last edit, undo or redo left; null with no steps. */
  private left: string | null = null;

  /**
   * @param key the key of a state: a history is kept while the state's key is the one
   *   its last step left (the genre page's: the genre and the text)
   * @param most how many undo steps are kept (the oldest go first); at least 1
   * @throws RangeError when `most` is not a whole number of at least 1
   */
  constructor(
    private readonly key: (state: S) => string,
    private readonly most = 200,
  ) {
    if (!Number.isInteger(most) || most < 1) throw new RangeError(`An edit history keeps at least 1 step, not ${most}.`);
  }

  /** Whether there is an edit to undo (as of the last step: see follow). */
  get canUndo(): boolean {
    return this.undos.length > 0;
  }

  /** Whether there is an undone edit to redo. */
  get canRedo(): boolean {
    return this.redos.length > 0;
  }

  /** The name of the edit Undo takes back, or null. */
  get nextUndo(): string | null {
    return this.undos.at(-1)?.label ?? null;
  }

  /** The name of the edit Redo makes again, or null. */
  get nextRedo(): string | null {
    return this.redos.at(-1)?.label ?? null;
  }

  /** How many steps Undo can take back. */
  get undoSteps(): number {
    return this.undos.length;
  }

  /**
   * Forgets every step unless `now` is the state the last step left.
   *
   * @param now the state now
   * @returns whether steps were forgotten (there were some, and the state moved on)
   */
  follow(now: S): boolean {
    if (this.left === null || this.key(now) === this.left) return false;
    const had = this.undos.length + this.redos.length > 0;
    this.clear();
    return had;
  }

  /**
   * Records an edit: the state before it becomes the step Undo gives back, and the
   * undone edits can no longer be redone. When the state before is not the one the last
   * step left, the history starts afresh from it (follow).
   *
   * @param before the state before the edit
   * @param after the state the edit left (only its key is kept)
   * @param label a short name of the edit
   * @param merge whether the edit goes on the last one (a second digit of a number typed
   *   into the same cell): then Undo takes back both at once, named by `label`
   */
  record(before: S, after: S, label: string, merge = false): void {
    this.follow(before);
    const last = this.undos.at(-1);
    if (merge && last !== undefined && this.redos.length === 0) {
      this.undos[this.undos.length - 1] = { state: last.state, label };
    } else {
      this.undos.push({ state: before, label });
      if (this.undos.length > this.most) this.undos.splice(0, this.undos.length - this.most);
    }
    this.redos.length = 0;
    this.left = this.key(after);
  }

  /**
   * Takes the last edit back: the caller puts the step's state in place of `now`.
   *
   * @param now the state now, which Redo gives back
   * @returns the step to go back to, or null when there is none (or the state moved on
   *   since the last step, and the steps were forgotten)
   */
  undo(now: S): EditStep<S> | null {
    this.follow(now);
    const step = this.undos.pop();
    if (step === undefined) return null;
    this.redos.push({ state: now, label: step.label });
    this.left = this.key(step.state);
    return step;
  }

  /**
   * Makes the last edit undone again: the caller puts the step's state in place of `now`.
   *
   * @param now the state now, which Undo gives back
   * @returns the step to go forward to, or null when there is none (or the state moved
   *   on since the last step, and the steps were forgotten)
   */
  redo(now: S): EditStep<S> | null {
    this.follow(now);
    const step = this.redos.pop();
    if (step === undefined) return null;
    this.undos.push({ state: now, label: step.label });
    this.left = this.key(step.state);
    return step;
  }

  /** Forgets every step. */
  clear(): void {
    this.undos.length = 0;
    this.redos.length = 0;
    this.left = null;
  }
}
