// SPDX-License-Identifier: GPL-3.0-or-later
// Editing a puzzle on the genre page in headless Chromium, as a tester did: the history
// entries of a change of genre, typing clues (two digits, 0, Backspace), drawing regions
// of a Jigsaw one at a time, the range of a genre's clues, Kakuro's keys, and empty grids
// of rows × columns.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

async function pickGenre(page: Page, genre: string): Promise<void> {
  await page.selectOption('#genre', genre);
  await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
}

/** The board's cell (1-based). */
function cell(page: Page, row: number, column: number) {
  return page.locator(`#genre-board [role=gridcell][aria-label^="row ${row}, column ${column},"], #genre-board [role=gridcell][aria-label="row ${row}, column ${column}"]`);
}

/** What the board says of a cell, after its row and column ("4, given", or ""). */
async function says(page: Page, row: number, column: number): Promise<string> {
  const label = (await cell(page, row, column).getAttribute('aria-label')) ?? '';
  return label.replace(/^row \d+, column \d+,? ?/, '');
}

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
    // Genres passed through (the list arrowed through) leave no entry of their own.
    await page.waitForTimeout(1100);
    await page.selectOption('#genre', 'slitherlink');
    await pickGenre(page, 'heyawake');
    await page.waitForFunction(() => location.hash.startsWith('#genre=heyawake'));
    expect(await page.evaluate(() => history.length)).toBe(length + 2);
    await page.goBack();
    await page.waitForFunction((hash) => location.hash === hash, akari);
    await page.close();
  });
});
