// SPDX-License-Identifier: GPL-3.0-or-later
// The undo history of board edits (web/src/page/edit-history.ts): plain logic, no page.
import { describe, expect, it } from 'vitest';
import { EditHistory } from '../../web/src/page/edit-history';

/** A state as the genre page keeps it: a text, and the cursor on it (not in the key). */
type State = { text: string; cursor: number };
const history = (most?: number) => new EditHistory<State>((s) => s.text, most);
const at = (text: string, cursor = 0): State => ({ text, cursor });

describe('edit history', () => {
  it('undoes and redoes edits in order, each giving back its state and name', () => {
    const h = history();
    expect([h.canUndo, h.canRedo]).toEqual([false, false]);
    h.record(at('a', 1), at('b'), 'clue 1');
    h.record(at('b', 2), at('c'), 'clue 2');
    expect(h.nextUndo).toBe('clue 2');
    expect(h.undo(at('c', 3))).toEqual({ state: at('b', 2), label: 'clue 2' });
    expect(h.nextRedo).toBe('clue 2');
    expect(h.undo(at('b', 2))).toEqual({ state: at('a', 1), label: 'clue 1' });
    expect(h.undo(at('a', 1))).toBeNull();
    // Redo gives back the state Undo was given, the cursor with it.
    expect(h.redo(at('a', 1))).toEqual({ state: at('b', 2), label: 'clue 1' });
    expect(h.redo(at('b', 2))).toEqual({ state: at('c', 3), label: 'clue 2' });
    expect(h.redo(at('c', 3))).toBeNull();
    expect(h.undoSteps).toBe(2);
  });

  it('drops the edits undone when a new edit is made', () => {
    const h = history();
    h.record(at('a'), at('b'), 'one');
    h.record(at('b'), at('c'), 'two');
    h.undo(at('c'));
    h.record(at('b'), at('d'), 'three');
    expect(h.canRedo).toBe(false);
    expect(h.undo(at('d'))?.label).toBe('three');
    expect(h.undo(at('b'))?.label).toBe('one');
  });

  it('forgets its steps once the text is not the one its last step left', () => {
    const h = history();
    h.record(at('a'), at('b'), 'one');
    // The same text (another cursor): kept.
    expect(h.follow(at('b', 5))).toBe(false);
    expect(h.canUndo).toBe(true);
    // A text typed by hand: Undo finds nothing, and never writes 'a' over it.
    expect(h.undo(at('typed'))).toBeNull();
    expect([h.canUndo, h.canRedo]).toEqual([false, false]);
    // An edit on the typed text starts afresh: its undo gives the typed text back.
    h.record(at('typed'), at('typed+1'), 'two');
    expect(h.undo(at('typed+1'))?.state.text).toBe('typed');
    expect(h.undo(at('typed'))).toBeNull();
    // Redo too is of the text its undo left only.
    expect(h.canRedo).toBe(true);
    expect(h.redo(at('loaded'))).toBeNull();
    expect(h.canRedo).toBe(false);
  });

  it('records an edit that goes on the last one as one step, named by the last', () => {
    const h = history();
    h.record(at('a'), at('a1'), 'clue 1 at row 1, column 1');
    h.record(at('a1'), at('a10'), 'clue 10 at row 1, column 1', true);
    expect(h.undoSteps).toBe(1);
    expect(h.undo(at('a10'))).toEqual({ state: at('a'), label: 'clue 10 at row 1, column 1' });
    // Nothing to go on after an undo: a merge is a step of its own.
    h.record(at('a'), at('a2'), 'clue 2', true);
    expect(h.undoSteps).toBe(1);
    expect(h.undo(at('a2'))?.state.text).toBe('a');
  });

  it('keeps at most its number of steps, the oldest going first', () => {
    const h = history(3);
    for (let k = 0; k < 5; k++) h.record(at(String(k)), at(String(k + 1)), `edit ${k}`);
    expect(h.undoSteps).toBe(3);
    const undone: string[] = [];
    for (let step = h.undo(at('5')); step !== null; step = h.undo(step.state)) undone.push(step.label);
    expect(undone).toEqual(['edit 4', 'edit 3', 'edit 2']);
    expect(() => history(0)).toThrow(RangeError);
  });
});
