// SPDX-License-Identifier: GPL-3.0-or-later
// Editing a puzzle on the genre page in headless Chromium, as a tester did: the history
// entries of a change of genre, typing clues (two digits, 0, Backspace), drawing regions
// of a Jigsaw one at a time, the range of a genre's clues, and empty grids of rows ×
// columns (Kakuro's keys: kakuro-editing.test.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pickGenre, useHarness, type Harness, genreCell as cell, genreCellSays as says } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

/** The board's aria-label ("Nurikabe 7×7, my_puzzle, unsolved"). */
async function boardLabel(page: Page): Promise<string> {
  return (await page.locator('#genre-board > svg').getAttribute('aria-label')) ?? '';
}

/** Clicks Empty grid with `size` typed beside it, and waits for its board. */
async function emptyGrid(page: Page, size: string, label: RegExp): Promise<void> {
  await page.fill('#genre-empty-size', size);
  await page.click('#genre-empty');
  await expect.poll(() => boardLabel(page)).toMatch(label);
}

describe('editing on the genre page', () => {
  it('keeps the puzzle typed in its history entry when another genre is picked', async () => {
    // Picking another genre replaced the entry: Back showed the board before the one typed.
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    await emptyGrid(page, '5', /^Nurikabe 5×5, /);
    await cell(page, 1, 1).click();
    await page.keyboard.type('3');
    await expect.poll(() => says(page, 1, 1)).toMatch(/^3/);
    // The edit is said in the status line (a live region), the board drawn: an edit that
    // only changed the drawing told a screen reader nothing.
    await expect.poll(() => page.textContent('#genre-status')).toMatch(/^Clue 3 at row 1, column 1\. .*press Solve\.$/);
    await emptyGrid(page, '7', /^Nurikabe 7×7, /);
    await cell(page, 2, 2).click();
    await page.keyboard.type('4');
    await expect.poll(() => says(page, 2, 2)).toMatch(/^4/);
    await page.waitForFunction(() => location.hash.startsWith('#genre=nurikabe'));
    const typed = await page.evaluate(() => location.hash);
    const length = await page.evaluate(() => history.length);
    await pickGenre(page, 'akari');
    await page.waitForFunction(() => location.hash.startsWith('#genre=akari'));
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    const akari = await page.evaluate(() => location.hash);
    await page.goBack();
    await page.waitForFunction((hash) => location.hash === hash, typed);
    await expect.poll(() => boardLabel(page)).toMatch(/^Nurikabe 7×7, /);
    await expect.poll(() => says(page, 2, 2)).toMatch(/^4/);
    expect(await page.inputValue('#genre')).toBe('nurikabe');
    await page.goForward();
    await page.waitForFunction((hash) => location.hash === hash, akari);
    await expect.poll(() => boardLabel(page)).toMatch(/^Akari/);
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    // Genres passed through (the list arrowed through) leave no entry of their own; the
    // genre shown for a while does.
    await page.waitForTimeout(1100);
    await page.selectOption('#genre', 'slitherlink');
    await pickGenre(page, 'heyawake');
    await page.waitForFunction(() => location.hash.startsWith('#genre=heyawake'));
    expect(await page.evaluate(() => history.length)).toBe(length + 2);
    await page.goBack();
    await page.waitForFunction((hash) => location.hash === hash, akari);
    await page.close();
  });

  it('appends digits typed into the cell the cursor stays on, however slowly; Backspace takes one back; a lone 0 says why', async () => {
    // A second digit more than a second after the first replaced the clue, and the pad's
    // 0 ("Clue 0") erased the cell without a word.
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    const pad = (text: string) => page.locator('#genre-pad button', { hasText: new RegExp(`^${text}$`) });
    expect(await says(page, 1, 2)).toMatch(/^4/);
    await cell(page, 1, 2).click();
    await pad('1').click();
    await expect.poll(() => says(page, 1, 2)).toMatch(/^1,/);
    await page.waitForTimeout(1500);
    await pad('0').click();
    await expect.poll(() => says(page, 1, 2)).toMatch(/^10,/);
    // A third digit that would pass 99 starts a new number.
    await page.keyboard.type('1');
    await expect.poll(() => says(page, 1, 2)).toMatch(/^1,/);
    await page.keyboard.type('2');
    await expect.poll(() => says(page, 1, 2)).toMatch(/^12,/);
    await page.keyboard.press('Backspace');
    await expect.poll(() => says(page, 1, 2)).toMatch(/^1,/);
    await page.keyboard.press('Backspace');
    await expect.poll(() => says(page, 1, 2)).toBe('');
    // The cursor's cell is ringed in the page's focus colour while the board has the
    // keyboard, and not once the focus has gone.
    const ring = page.locator('.genre-board-box svg > g.cursor rect');
    expect(await ring.evaluate((r) => getComputedStyle(r).stroke)).toBe('rgb(180, 83, 9)');
    // From the page's --focus (styles.css, set on the ring by genre.css), not a colour of its own.
    expect(await ring.getAttribute('stroke')).toBeNull();
    await page.locator('.genre-board-box').evaluate((box) => (box as HTMLElement).style.setProperty('--focus', 'rgb(1, 2, 3)'));
    expect(await ring.evaluate((r) => getComputedStyle(r).stroke)).toBe('rgb(1, 2, 3)');
    expect(await ring.isVisible()).toBe(true);
    await page.locator('#genre-text').focus();
    expect(await ring.isVisible()).toBe(false);
    // 0 alone is no Nurikabe clue: said, and the cell keeps its clue.
    await cell(page, 1, 2).click();
    await page.keyboard.type('5');
    await expect.poll(() => says(page, 1, 2)).toMatch(/^5,/);
    const text = await page.inputValue('#genre-text');
    await cell(page, 1, 2).click();
    await pad('0').click();
    await page.locator('#genre-status').filter({ hasText: /^0 is not a .*0 goes after another digit: 10, 20…\); Backspace or Delete erases a cell\.$/ }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(text);
    expect(await pad('0').getAttribute('aria-label')).toBe('Digit 0, after another (10, 20…)');
    // Where 0 is a clue (Akari), it sets 0.
    await pickGenre(page, 'akari');
    await cell(page, 1, 1).click();
    await page.keyboard.type('0');
    await page.waitForFunction(() => (document.querySelector('#genre-text') as HTMLTextAreaElement).value.split('\n')[2]!.trim().startsWith('0 '));
    expect(await pad('0').getAttribute('aria-label')).toBe('Clue 0');
    await page.close();
  });

  it("says a clue genre's own range of clues, not a digit genre's 1 to n", async () => {
    // Akari said "5 is not a given of this 3×3 grid: its digits are 1 to 4", though 0 is a
    // clue and 4 is Akari's limit on any grid.
    const page = await h.openPage();
    await pickGenre(page, 'akari');
    await emptyGrid(page, '3', /^Akari .*3×3, /);
    const text = await page.inputValue('#genre-text');
    await cell(page, 1, 1).click();
    await page.keyboard.type('5');
    await page.locator('#genre-status').filter({ hasText: /^5 is not a clue of Akari \(Light Up\): its clues are 0 to 4\.$/ }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(text);
    await pickGenre(page, 'slitherlink');
    await cell(page, 1, 1).click();
    await page.keyboard.type('4');
    await page.locator('#genre-status').filter({ hasText: /^4 is not a clue of Slitherlink: its clues are 0 to 3\.$/ }).waitFor();
    await page.close();
  });

  it('draws the regions of a Jigsaw made so far while its map is not whole, and lets the selection go', async () => {
    // Make region left the old 2×2 boxes on the board (a user redrawing the regions drew
    // blind until the last one), with the three cells still outlined and counted.
    const page = await h.openPage();
    await pickGenre(page, 'jigsaw');
    await emptyGrid(page, '4', /^Jigsaw Sudoku 4×4, /);
    // A thick line on the edge right of cell (1, column), as the board draws walls.
    const wallRightOf = (column: number) => page.locator(`#genre-board line[stroke-width="3"][x1="${8 + 48 * column}"][x2="${8 + 48 * column}"][y1="8"]`).count();
    expect(await wallRightOf(2)).toBe(1);
    expect(await wallRightOf(3)).toBe(0);
    await page.locator('#genre-board').scrollIntoViewIfNeeded();
    const a = (await cell(page, 1, 1).boundingBox())!;
    const b = (await cell(page, 1, 3).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.textContent('#genre-selection')).toBe('3 cells selected.');
    await page.click('#genre-make-region');
    await page.locator('#genre-status[data-kind=warning]').filter({ hasText: 'regions' }).waitFor();
    await expect.poll(() => wallRightOf(3)).toBe(1);
    expect(await wallRightOf(2)).toBe(0);
    expect(await page.textContent('#genre-selection')).toBe('Drag over cells (or Shift+arrows) to select them.');
    expect(await page.locator('#genre-board g.selection rect').count()).toBe(0);
    expect(await page.locator('#genre-board [role=gridcell][aria-selected="true"]').count()).toBe(0);
    await page.close();
  });

  it('makes empty grids of rows × columns for the genres whose grid may be a rectangle, and keeps the digit genres square', async () => {
    // "of side" was a number field: 10x18 reached the page as "1018", and no genre could
    // have a rectangular empty grid.
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    expect(await page.textContent('#genre-empty-label')).toBe('of rows × columns');
    await emptyGrid(page, '10x18', /^Nurikabe 10×18, /);
    expect((await page.inputValue('#genre-text')).split('\n')[1]).toBe('10 18');
    await emptyGrid(page, '7×5', /^Nurikabe 7×5, /);
    await emptyGrid(page, ' 6 8 ', /^Nurikabe 6×8, /);
    await emptyGrid(page, '4', /^Nurikabe 4×4, /);
    const text = await page.inputValue('#genre-text');
    await page.fill('#genre-empty-size', '3 by 4');
    await page.press('#genre-empty-size', 'Enter');
    await page
      .locator('#genre-status')
      .filter({ hasText: "The empty grid's rows and columns must be whole numbers from 2 to 100, typed as 10x18, 10×18 or 10 18 (one number for a square), not “3 by 4”." })
      .waitFor();
    expect(await page.inputValue('#genre-text')).toBe(text);
    // Heyawake's rooms are boxes that divide each side.
    await pickGenre(page, 'heyawake');
    await emptyGrid(page, '4x6', /^Heyawake 4×6, /);
    // A digit genre is n×n: one side, and a rectangle is refused saying so.
    await pickGenre(page, 'latin-square');
    expect(await page.textContent('#genre-empty-label')).toBe('of side');
    const square = await page.inputValue('#genre-text');
    await page.fill('#genre-empty-size', '4x6');
    await page.click('#genre-empty');
    await page.locator('#genre-status').filter({ hasText: 'A Latin square is square (n×n): type its side, one whole number from 2 to 100, not “4x6”.' }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(square);
    await emptyGrid(page, '5x5', /^Latin square 5×5, /);
    // On a 16×16 a 0 ends only 10 (its givens stop at 16): the pad's 0 says so.
    await emptyGrid(page, '16', /^Latin square 16×16, /);
    expect(await page.locator('#genre-pad button', { hasText: /^0$/ }).getAttribute('aria-label')).toBe('Digit 0, after another (10)');
    // Star Battle too: k stars in every row and column, so a rectangle has no answer.
    await pickGenre(page, 'star-battle');
    expect(await page.textContent('#genre-empty-label')).toBe('of side');
    await page.fill('#genre-empty-size', '5x6');
    await page.click('#genre-empty');
    await page.locator('#genre-status').filter({ hasText: 'A Star Battle is square (n×n)' }).waitFor();
    await page.close();
  });
});
