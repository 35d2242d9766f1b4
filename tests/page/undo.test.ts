// SPDX-License-Identifier: GPL-3.0-or-later
// Undo and redo of the edits made on the genre page's board, in headless Chromium:
// Kakuro's Delete on a clue taken back with both its sums (Ctrl+Z, Ctrl+Shift+Z,
// Ctrl+Y and the pad's buttons), a Nurikabe clue and a Norinori region undone, and a
// text typed by hand, another genre or a text loaded never brought back by an undo.
// The Sudoku page's board: givens typed and erased, and a Clear, undone and redone by the keys.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  readGivens,
  resultsDir,
  useHarness,
  type Harness,
  genreCell as cell,
  genreCellSays as says,
  genreClickHalf as clickHalf,
  genreTokens as tokens,
  genreSettled,
  pickGenre,
  slowGenreRequests,
  waitGenreToken as waitToken,
} from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

/** Waits until the text box holds `text` exactly. */
async function waitText(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.inputValue('#genre-text')).toBe(text);
}

/** Whether the pad's Undo and Redo are enabled, as [undo, redo]. */
async function undoRedo(page: Page): Promise<[boolean, boolean]> {
  return [await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).isEnabled(), await page.getByRole('button', { name: 'Redo (Ctrl+Shift+Z or Ctrl+Y)' }).isEnabled()];
}

/** Waits until the status line says `text` (a string: its start; a RegExp: a match). */
async function waitStatus(page: Page, text: string | RegExp): Promise<void> {
  const status = page.locator('#genre-status');
  await expect.poll(async () => (await status.textContent()) ?? '', { timeout: 60_000 }).toMatch(typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : text);
}

/**
 * Shows Nurikabe's example and types the clue 5 in its cell at row 1, column 1 (one edit
 * on the board); resolves with the example's text, once the board shows the clue.
 */
async function nurikabeClue(page: Page): Promise<string> {
  await pickGenre(page, 'nurikabe');
  const example = await page.inputValue('#genre-text');
  await cell(page, 1, 1).click();
  await page.keyboard.type('5');
  await expect.poll(() => says(page, 1, 1)).toMatch(/^5,/);
  return example;
}

describe('undo and redo on the genre page', () => {
  it('Kakuro: Ctrl+Z brings back both sums that Delete dropped, Ctrl+Shift+Z and Ctrl+Y drop them again, and the pad says what it can do', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'kakuro');
    const example = await page.inputValue('#genre-text');
    // The pad ends in Undo and Redo, both off before any edit.
    expect(await page.$$eval('#genre-pad button', (b) => b.map((x) => x.textContent).join(' '))).toBe('0 1 2 3 4 5 6 7 8 9 x ◩ ⌫ ↶ ↷');
    expect(await undoRedo(page)).toEqual([false, false]);
    await page.fill('#genre-empty-size', '4x4');
    await page.click('#genre-empty');
    await expect.poll(() => page.locator('#genre-board > svg').getAttribute('aria-label')).toMatch(/^Kakuro 4×4, my_puzzle, as typed/);
    expect(await undoRedo(page)).toEqual([true, false]);
    // A black cell with a down and an across sum; 12 typed as two digits is one edit.
    await cell(page, 2, 2).click();
    await page.keyboard.press('x');
    await waitToken(page, 2, 2, '-');
    await clickHalf(page, 2, 2, 'down');
    await page.keyboard.type('12');
    await waitToken(page, 2, 2, '12,');
    await page.keyboard.press('/');
    await page.keyboard.type('3');
    await waitToken(page, 2, 2, '12,3');
    await expect.poll(() => says(page, 2, 2)).toBe('black cell, down sum 12, across sum 3');
    const withSums = await page.inputValue('#genre-text');
    expect(await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).getAttribute('title')).toBe('Undo: across sum 3 at row 2, column 2 (Ctrl+Z)');
    // Delete drops both sums: the cell is white.
    await page.keyboard.press('Delete');
    await waitToken(page, 2, 2, '0');
    await expect.poll(() => says(page, 2, 2)).toBe('');
    const deleted = await page.inputValue('#genre-text');
    // Ctrl+Z: the text exactly as before, the board with both sums, the status saying which.
    await page.keyboard.press('Control+z');
    await waitText(page, withSums);
    await expect.poll(() => says(page, 2, 2)).toBe('black cell, down sum 12, across sum 3');
    await waitStatus(page, 'Undid: Delete of sums 12,3 at row 2, column 2.');
    expect(await undoRedo(page)).toEqual([true, true]);
    expect(await page.getByRole('button', { name: /^Redo/ }).getAttribute('title')).toBe('Redo: Delete of sums 12,3 at row 2, column 2 (Ctrl+Shift+Z or Ctrl+Y)');
    await page.locator('#genre-pad').screenshot({ path: join(resultsDir, 'undo-pad.png') });
    // Ctrl+Shift+Z drops them again; Ctrl+Z and Ctrl+Y go back and forth the same way.
    await page.keyboard.press('Control+Shift+z');
    await waitText(page, deleted);
    await expect.poll(() => says(page, 2, 2)).toBe('');
    await waitStatus(page, 'Redid: Delete of sums 12,3 at row 2, column 2.');
    expect(await undoRedo(page)).toEqual([true, false]);
    await page.keyboard.press('Control+z');
    await waitText(page, withSums);
    await page.keyboard.press('Control+y');
    await waitText(page, deleted);
    // The pad's Undo, as a tap: the across sum, then 12 (one step), then the black cell.
    const undo = page.getByRole('button', { name: 'Undo (Ctrl+Z)' });
    await undo.click();
    await waitText(page, withSums);
    await undo.click();
    await waitToken(page, 2, 2, '12,');
    await undo.click();
    await waitToken(page, 2, 2, '-');
    await waitStatus(page, 'Undid: down sum 12 at row 2, column 2.');
    await undo.click();
    await waitToken(page, 2, 2, '0');
    // Then the empty grid: the example it replaced, exactly; then nothing.
    await undo.click();
    await waitText(page, example);
    await waitStatus(page, 'Undid: Empty grid 4×4.');
    await expect.poll(() => undoRedo(page)).toEqual([false, true]);
    await page.locator('#genre-board > svg').focus();
    await page.keyboard.press('Control+z');
    await waitStatus(page, 'Nothing to undo.');
    expect(await page.inputValue('#genre-text')).toBe(example);
    // A new edit drops what Redo had.
    await clickHalf(page, 1, 1, 'down');
    await page.keyboard.press('x');
    await expect.poll(() => page.inputValue('#genre-text')).not.toBe(example);
    await expect.poll(() => undoRedo(page)).toEqual([true, false]);
    await page.close();
  });

  it('Nurikabe: a clue typed is undone by the pad and redone by the keys; Norinori: a region made is undone with the focus on Make region', async () => {
    const page = await h.openPage();
    const example = await nurikabeClue(page);
    const typed = await page.inputValue('#genre-text');
    await page.locator('#genre-pad button', { hasText: '↶' }).click();
    await waitText(page, example);
    await expect.poll(() => says(page, 1, 1)).toBe('');
    // With the board's own words after it, as an edit's (a user-test: a Redo's had none).
    await waitStatus(page, /^Undid: clue 5 at row 1, column 1\. .+: press Solve\.$/);
    // The selection is the cell's again: a digit typed now goes there.
    await expect.poll(() => page.textContent('#genre-selection')).toBe('1 cell selected.');
    await page.keyboard.press('Control+Shift+Z');
    await waitText(page, typed);
    await expect.poll(() => says(page, 1, 1)).toMatch(/^5,/);
    await waitStatus(page, /^Redid: clue 5 at row 1, column 1\. .+: press Solve\.$/);
    // Norinori is edited by regions only: its pad is Undo and Redo alone.
    await pickGenre(page, 'norinori');
    const regions = await page.inputValue('#genre-text');
    expect(await page.$$eval('#genre-pad button', (b) => b.map((x) => x.textContent).join(' '))).toBe('↶ ↷');
    expect(await undoRedo(page)).toEqual([false, false]);
    await page.locator('#genre-board').scrollIntoViewIfNeeded();
    const a = (await cell(page, 1, 1).boundingBox())!;
    const b = (await cell(page, 1, 2).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.click('#genre-make-region');
    await expect.poll(() => page.inputValue('#genre-text')).not.toBe(regions);
    expect((await tokens(page))[6]?.slice(0, 2)).toEqual(['7', '7']);
    // The focus is on Make region: Ctrl+Z there undoes it too.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('genre-make-region');
    await page.keyboard.press('Control+z');
    await waitText(page, regions);
    await waitStatus(page, 'Undid: region in 2 cells from row 1, column 1.');
    await expect.poll(() => page.textContent('#genre-selection')).toBe('2 cells selected.');
    await page.screenshot({ path: join(resultsDir, 'undo-norinori.png') });
    await page.close();
  });

  it('names what Backspace and Delete took away, so that two undos of them read apart', async () => {
    // A user-test: "Undid: Backspace at row 3, column 3." twice, not saying what came back.
    const page = await h.openPage();
    await nurikabeClue(page);
    await page.keyboard.type('2'); // 52 is past the largest clue: a new number, 2
    await expect.poll(() => says(page, 1, 1)).toMatch(/^2,/);
    await page.keyboard.type('3');
    await expect.poll(() => says(page, 1, 1)).toMatch(/^23,/);
    await page.keyboard.press('Backspace');
    await waitStatus(page, /^Backspace of clue 23 to 2 at row 1, column 1\. /);
    await page.keyboard.press('Delete');
    await waitStatus(page, /^Delete of clue 2 at row 1, column 1\. /);
    await page.keyboard.press('Control+z');
    await waitStatus(page, /^Undid: Delete of clue 2 at row 1, column 1\. /);
    await page.keyboard.press('Control+z');
    await waitStatus(page, /^Undid: Backspace of clue 23 to 2 at row 1, column 1\. /);
    await expect.poll(() => says(page, 1, 1)).toMatch(/^23,/);
    await page.close();
  });

  it('never brings back a puzzle from before a text typed by hand, another genre, or a text loaded', async () => {
    const page = await h.openPage();
    await nurikabeClue(page);
    expect(await undoRedo(page)).toEqual([true, false]);
    // A text typed by hand: the board's edits before it are forgotten.
    const mine = '=== mine\n4 4\n- - - -\n- 2 - -\n- - - -\n- - - 1\n';
    await page.fill('#genre-text', mine);
    expect(await undoRedo(page)).toEqual([false, false]);
    await page.click('#genre-draw');
    await expect.poll(() => page.locator('#genre-board > svg').getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 4×4, mine/);
    await page.locator('#genre-board > svg').focus();
    await page.keyboard.press('Control+z');
    await waitStatus(page, 'Nothing to undo: the text changed since the last edit on the board');
    expect(await page.inputValue('#genre-text')).toBe(mine);
    // An edit on it: its undo gives back the text as typed, and no further.
    await cell(page, 1, 1).click();
    await page.keyboard.type('3');
    await expect.poll(() => says(page, 1, 1)).toMatch(/^3,/);
    const edited = await page.inputValue('#genre-text');
    await page.keyboard.press('Control+z');
    await waitText(page, mine);
    await page.keyboard.press('Control+z');
    await waitStatus(page, 'Nothing to undo.');
    expect(await page.inputValue('#genre-text')).toBe(mine);
    // Another genre and back: the same text, but the history was of the genre left.
    await page.keyboard.press('Control+y');
    await waitText(page, edited);
    await pickGenre(page, 'akari');
    expect(await undoRedo(page)).toEqual([false, false]);
    await pickGenre(page, 'nurikabe');
    expect(await undoRedo(page)).toEqual([false, false]);
    // Empty grid from a text loaded (as a paste is): its undo gives back that text.
    const loaded = '=== loaded\n3 3\n- - -\n- 1 -\n- - -\n';
    await page.fill('#genre-text', loaded);
    await page.click('#genre-draw');
    await expect.poll(() => page.locator('#genre-board > svg').getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 3×3, loaded/);
    await page.fill('#genre-empty-size', '5');
    await page.click('#genre-empty');
    await expect.poll(() => page.locator('#genre-board > svg').getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 5×5, my_puzzle/);
    await page.locator('#genre-board > svg').focus();
    await page.keyboard.press('Control+z');
    await waitText(page, loaded);
    await expect.poll(() => page.locator('#genre-board > svg').getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 3×3, loaded/);
    await page.keyboard.press('Control+z');
    await waitStatus(page, 'Nothing to undo.');
    expect(await page.inputValue('#genre-text')).toBe(loaded);
    await page.close();
  });
  it('gives back the puzzle that was picked when it undoes an Empty grid made over a text of many records', async () => {
    // The text came back, but its first record was drawn, not the one picked.
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    const two = '=== first\n4 4\n- - - -\n- 2 - -\n- - - -\n- - - 1\n=== second\n5 5\n3 - - - -\n- - - - -\n- - 1 - -\n- - - - -\n- - - - 2\n';
    const board = page.locator('#genre-board > svg');
    await page.fill('#genre-text', two);
    await page.click('#genre-draw');
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 4×4, first/);
    await page.selectOption('#genre-pick', '2');
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 5×5, second/);
    await page.fill('#genre-empty-size', '3');
    await page.click('#genre-empty');
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 3×3, my_puzzle/);
    await board.focus();
    await page.keyboard.press('Control+z');
    await waitText(page, two);
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 5×5, second/);
    expect(await page.inputValue('#genre-pick')).toBe('2');
    // Redo: the empty grid again; undo once more: the second record still.
    await page.keyboard.press('Control+y');
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 3×3, my_puzzle/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 60_000 }).toMatch(/^Nurikabe 5×5, second/);
    await page.close();
  });

  it('reads an undo made during a Solve once the solver is free, even after a visit to the Sudoku page whose own solve runs on return', async () => {
    // The undo's read waited for the Solve; the Solve ended while the Sudoku page was
    // shown, and on return the Sudoku page's solve ran: the text was never read, and the
    // page said "busy" for good. Genre and Sudoku solves leave 1.5 s late here.
    const page = await h.openPage();
    await nurikabeClue(page);
    await waitStatus(page, /press Solve/);
    await slowGenreRequests(page, ['solve'], 1500, ['solve']);
    await page.click('#genre-solve');
    await page.locator('#genre-board > svg').focus();
    await page.keyboard.press('Control+z');
    await waitStatus(page, /^The solver is busy: this puzzle is drawn when it is done/);
    await page.selectOption('#genre', 'sudoku');
    await page.waitForFunction(() => !document.body.dataset.busy, null, { timeout: 30_000 });
    await page.waitForTimeout(100); // the genre page's wait has ended, unseen
    await page.click('#solve');
    await page.waitForFunction(() => document.body.dataset.busy === 'solve');
    await page.selectOption('#genre', 'nurikabe');
    await genreSettled(page);
    await expect.poll(() => says(page, 1, 1), { timeout: 10_000 }).not.toMatch(/^5,/);
    expect(await page.textContent('#genre-status')).not.toMatch(/busy/);
    await page.close();
  });

  it('gives the last press the last word when it comes while the board of the press before is still drawn', async () => {
    // The first Ctrl+Z's board was drawn after the second found nothing to undo, and
    // its "Undid: …" was written over the second's "Nothing to undo.". Board requests
    // leave 400 ms late here, so that the second press comes during the first's draw.
    const page = await h.openPage();
    const example = await nurikabeClue(page);
    await waitStatus(page, /press Solve/);
    await slowGenreRequests(page);
    await page.locator('#genre-board > svg').focus();
    await page.keyboard.press('Control+z');
    await waitStatus(page, /^Undid: clue 5 at row 1, column 1/);
    await page.keyboard.press('Control+z');
    await waitStatus(page, 'Nothing to undo.');
    await genreSettled(page); // the first press's board is drawn meanwhile
    await expect.poll(() => says(page, 1, 1)).not.toMatch(/^5,/);
    expect(await page.textContent('#genre-status')).toBe('Nothing to undo.');
    expect(await page.inputValue('#genre-text')).toBe(example);
    // A redo pressed during an undo's draw: the redo is what is said.
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    await genreSettled(page);
    await expect.poll(() => says(page, 1, 1)).toMatch(/^5,/);
    expect(await page.textContent('#genre-status')).toMatch(/^Redid: clue 5 at row 1, column 1/);
    await page.close();
  });
});

describe('undo and redo on the Sudoku board', () => {
  it('undoes givens typed and erased with Ctrl+Z, redoes them with Ctrl+Shift+Z and Ctrl+Y, and takes back a Clear as one step', async () => {
    const page = await h.openPage();
    await page.click('#clear');
    const empty = '.'.repeat(81);
    expect(await readGivens(page)).toBe(empty);
    const sudokuCell = (row: number, column: number) => page.locator(`#board-container [role=gridcell][data-row="${row}"][data-column="${column}"]`);
    await sudokuCell(1, 1).click();
    await page.keyboard.press('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('3');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('7');
    const typed = `57${'.'.repeat(79)}`;
    expect(await readGivens(page)).toBe(typed);
    const length = await page.evaluate(() => history.length);
    // Each Ctrl+Z takes back one given typed or erased, and focuses its cell.
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(`53${'.'.repeat(79)}`);
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    await sudokuCell(3, 3).click();
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(empty);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.row + ',' + (document.activeElement as HTMLElement | null)?.dataset.column)).toBe('1,1');
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(empty);
    // Redo, by either key, up to the givens typed; the address follows, in the same entry.
    await page.keyboard.press('Control+Shift+Z');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+Shift+z');
    expect(await readGivens(page)).toBe(typed);
    await page.keyboard.press('Control+y');
    expect(await readGivens(page)).toBe(typed);
    await page.waitForFunction(() => location.hash.includes('p=57'));
    expect(await page.evaluate(() => history.length)).toBe(length);
    // A given typed after an undo drops what Redo had.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('9');
    await page.keyboard.press('Control+y');
    expect(await readGivens(page)).toBe(`59${'.'.repeat(79)}`);
    // Clear is one step, as the genre page's Empty grid: the focus on the board, Ctrl+Z
    // brings its givens back at once, Ctrl+Y empties the board again (it forgot them,
    // Back alone brought them back: a user's Clear by mistake).
    await page.click('#clear');
    expect(await readGivens(page)).toBe(empty);
    await expect.poll(() => page.textContent('#status')).toBe('The board is empty. Ctrl+Z or Back brings back its 2 givens.');
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(`59${'.'.repeat(79)}`);
    await page.keyboard.press('Control+y');
    expect(await readGivens(page)).toBe(empty);
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(`59${'.'.repeat(79)}`);
    // The steps before it are still there, one given each.
    await page.keyboard.press('Control+z');
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    await page.close();
  });

  it('takes Ctrl+Z and Ctrl+Y by the key\'s place on a layout without Latin letters (Cyrillic я and н), on the Sudoku board and on a genre board', async () => {
    // Their keys are KeyZ and KeyY: the key's text, я or н, was read and nothing happened.
    const press = (target: import('playwright-core').Locator, key: string, code: string) =>
      target.evaluate(
        (element, [k, c]) => element.dispatchEvent(new KeyboardEvent('keydown', { key: k, code: c, ctrlKey: true, bubbles: true, cancelable: true })),
        [key, code] as const,
      );
    const page = await h.openPage();
    await page.click('#clear');
    const sudokuCell = page.locator('#board-container [role=gridcell][data-row="1"][data-column="1"]');
    await sudokuCell.click();
    await page.keyboard.press('5');
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    await press(sudokuCell, 'я', 'KeyZ');
    expect(await readGivens(page)).toBe('.'.repeat(81));
    await press(sudokuCell, 'н', 'KeyY');
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    // A key of another place with Ctrl (Ctrl+ф, KeyA) is not an undo.
    await press(sudokuCell, 'ф', 'KeyA');
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    await pickGenre(page, 'nurikabe');
    await cell(page, 1, 1).click();
    await page.keyboard.type('5');
    await expect.poll(() => says(page, 1, 1)).toMatch(/^5,/);
    const svg = page.locator('#genre-board > svg');
    await press(svg, 'я', 'KeyZ');
    await waitStatus(page, /^Undid: clue 5 at row 1, column 1/);
    await expect.poll(() => says(page, 1, 1)).not.toMatch(/^5,/);
    await press(svg, 'н', 'KeyY');
    await waitStatus(page, /^Redid: clue 5 at row 1, column 1/);
    await expect.poll(() => says(page, 1, 1)).toMatch(/^5,/);
    await page.close();
  });
});
