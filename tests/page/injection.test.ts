// SPDX-License-Identifier: GPL-3.0-or-later
// Markup in what a stranger's puzzle carries (issue #25, item 5): a puzzle name, a
// record header, a URL hash or a file name of `<img src=x onerror=…>` is shown as text
// in every place the page shows it, and no element or script comes of it.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paste, repoRoot, settledStatus, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

const MARKUP = '<img src=x onerror="window.__injected=1">';
/** The same without spaces, for a record header, whose first word names the puzzle. */
const WORD = '<img/src=x/onerror=window.__injected=1>';

/** Elements the markup would have made, and whether any script of it ran. */
async function injected(page: Page): Promise<{ images: number; ran: boolean }> {
  return page.evaluate(() => ({
    images: Array.from(document.querySelectorAll('img')).filter((i) => i.getAttribute('src') === 'x').length,
    ran: (window as unknown as { __injected?: number }).__injected !== undefined,
  }));
}

describe('markup in puzzles, links and files is text', () => {
  it('in the Sudoku page: batch names from a file, the file name, a pasted text, the hash', async () => {
    const page = await h.openPage();
    const grids = readFileSync(`${repoRoot}tests/data/sudoku/grids50.txt`, 'utf8').split('\n').slice(0, 20);
    grids[0] = `Grid ${MARKUP}`;
    grids[10] = 'Grid <b>bold</b>';
    await page.getByLabel('Puzzle file').setInputFiles({
      name: `${MARKUP}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`${grids.join('\n')}\n`),
    });
    const done = await settledStatus(page);
    expect(done.text).toContain(`from ${MARKUP}.txt`);
    const names = await page.locator('#batch-table tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(names[0]).toContain(`Grid ${MARKUP}`);
    expect(names[1]).toContain('Grid <b>bold</b>');
    expect(await page.locator('#batch-table b').count()).toBe(0);

    // A pasted text whose bad character is markup: the message quotes it as text.
    await page.locator('header h1').click();
    await paste(page, `${MARKUP}\n`);
    expect((await settledStatus(page)).text).toMatch(/^Line 1, column 1: unexpected '<' \(a cell is 1-/);

    // A hash of markup.
    await page.goto(`${h.url}#p=${encodeURIComponent(MARKUP)}&n=9`);
    await page.waitForTimeout(500);
    const status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(await injected(page)).toEqual({ images: 0, ran: false });
    await page.close();
  });

  it('in the genre page: a record header becomes the picker and status text, nothing else', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'killer');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const record = readFileSync(`${repoRoot}tests/data/variants/killer.puzzles.txt`, 'utf8').split(/^(?==== )/m)[0]!;
    const hostile = record.replace(/^=== .*$/m, `=== ${WORD}`);
    await page.fill('#genre-text', `${hostile}${hostile.replace(WORD, '<b>two</b>')}`);
    await page.click('#genre-draw');
    // The drawn record's own status (the example's said "press Solve" too).
    await page.locator('#genre-status').filter({ hasText: `${WORD}: press Solve` }).waitFor({ timeout: 60_000 });
    const options = await page.locator('#genre-pick option').allTextContents();
    expect(options.join('\n')).toContain(WORD);
    expect(options.join('\n')).toContain('<b>two</b>');
    expect(await page.textContent('#genre-status')).toContain(WORD);
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#genre-play b, #genre-pick b, #genre-status b').count()).toBe(0);
    expect(await injected(page)).toEqual({ images: 0, ran: false });
    await page.close();
  });
});
