// SPDX-License-Identifier: GPL-3.0-or-later
// The genre page in headless Chromium: pick each Sudoku variant, solve its example,
// read the answer back from the board's ARIA grid and check it here by the rules; the
// killer formulation from the engine; the LP relaxation; SVG and PNG downloads; a bad
// cage that keeps the text and the board. Screenshots go to test-results/.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownDataDir } from '../common/test-data';
import { genreSettled, paste, pickGenre, resultsDir, slowGenreRequests, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

/** The values the board's cells say ("row 1, column 2, 5, solved, …"), row by row. */
async function readCells(page: Page): Promise<{ n: number; values: number[]; labels: string[] }> {
  const labels = await page.$$eval('#genre-board [role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
  const n = Math.round(Math.sqrt(labels.length));
  const values = labels.map((l) => Number(/^row \d+, column \d+, (\d+)/.exec(l)?.[1] ?? 0));
  return { n, values, labels };
}

/** Rows and columns hold 1..n once each (checked here, not by the engine). */
function latinProblems(n: number, v: number[]): string[] {
  const out: string[] = [];
  const all = Array.from({ length: n }, (_, k) => k + 1).join();
  for (let i = 0; i < n; i++) {
    const row = v.slice(i * n, i * n + n);
    const column = Array.from({ length: n }, (_, r) => v[r * n + i]!);
    if ([...row].sort((a, b) => a - b).join() !== all) out.push(`row ${i + 1}`);
    if ([...column].sort((a, b) => a - b).join() !== all) out.push(`column ${i + 1}`);
  }
  return out;
}

/**
 * Click Solve and wait for its answer. The status line keeps the previous solve's words
 * for 100 ms, so the wait is on the branch-and-bound panel, which Solve marks running
 * before the click returns and done when the answer arrives.
 */
async function solved(page: Page): Promise<string> {
  await page.click('#genre-solve');
  await page.locator('#genre-bnb[data-state=done]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
  return (await page.textContent('#genre-status')) ?? '';
}


/**
 * Shows Nurikabe's example (its address a puzz.link URL), then an Empty grid of 5×5 in a
 * new history entry; resolves with the example's address and the board, once drawn.
 */
async function emptyAfterExample(page: Page): Promise<{ example: string; board: Locator }> {
  await pickGenre(page, 'nurikabe');
  // The example as its puzz.link URL, so that its entry's address holds the URL (the
  // example's own record, named, is kept as its text).
  await paste(page, (await page.getAttribute('#genre-url', 'href'))!);
  await page.locator('#genre-status').filter({ hasText: 'url-1: press Solve' }).waitFor();
  await page.waitForFunction(() => location.hash.startsWith('#genre=nurikabe&pzl='));
  const example = await page.evaluate(() => location.hash);
  const board = page.locator('#genre-board > svg');
  await page.fill('#genre-empty-size', '5');
  await page.click('#genre-empty');
  await expect.poll(() => board.getAttribute('aria-label')).toMatch(/^Nurikabe 5×5, /);
  return { example, board };
}

describe('the genre page', () => {
  it('solves the example of every variant; the board reads back as a valid answer', async () => {
    const page = await h.openPage();
    for (const genre of ['killer', 'jigsaw', 'sudoku-x', 'hyper', 'latin-square']) {
      await pickGenre(page, genre);
      expect(await page.isHidden('#sudoku-play')).toBe(true);
      const status = await solved(page);
      expect(status, genre).toContain('the rule checker confirms every rule');
      expect(status, genre).toContain('CNF-SAT');
      const { n, values, labels } = await readCells(page);
      expect(values.every((v) => v >= 1 && v <= n), genre).toBe(true);
      expect(latinProblems(n, values), genre).toEqual([]);
      if (genre === 'killer') {
        // The example's cages: c = (1,1) sum 1; f = (1,2),(1,3),(1,4),(2,2) sum 14.
        expect(labels[0]).toMatch(/^row 1, column 1, 1, solved, cage \d+, sum 1$/);
        // Each cell of a cage says its cage: (1,2) has the sum of its cage, (2,2) is in it.
        const cage = /, cage (\d+), sum 14$/.exec(labels[1]!)?.[1];
        expect(cage).toBeDefined();
        expect(labels[n + 1]).toMatch(new RegExp(`, in cage ${cage} \\(sum 14, its sum at row 1, column 2\\)$`));
        expect(values[1]! + values[2]! + values[3]! + values[7]!).toBe(14);
      }
      // A Jigsaw's cells say their regions, n of them of n cells; the boxes of the others go unsaid.
      const regions = labels.map((l) => /, region (\d+)$/.exec(l)?.[1]);
      if (genre === 'jigsaw') {
        expect(new Set(regions).size, genre).toBe(n);
        expect([...new Set(regions)].map((k) => regions.filter((r) => r === k).length), genre).toEqual(Array(n).fill(n));
      } else expect(regions.filter((r) => r !== undefined), genre).toEqual([]);
      if (genre === 'sudoku-x') {
        expect(new Set(Array.from({ length: n }, (_, i) => values[i * n + i])).size).toBe(n);
        expect(new Set(Array.from({ length: n }, (_, i) => values[i * n + n - 1 - i])).size).toBe(n);
      }
      await page.screenshot({ path: join(resultsDir, `genre-${genre}-solved.png`) });
    }
    await page.selectOption('#genre', 'sudoku');
    expect(await page.isVisible('#sudoku-play')).toBe(true);
    expect(await page.isHidden('#genre-play')).toBe(true);
    await page.close();
  });

  it('refuses a genre action while the Sudoku page has a job on the shared worker, saying so, and solves after Stop', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'killer');
    await page.selectOption('#genre', 'sudoku');
    await page.getByLabel('At most').fill('100000');
    await page.getByRole('button', { name: 'Enumerate', exact: true }).click();
    await page.waitForFunction(() => / solutions? found, /.test(document.querySelector('#status')?.textContent ?? ''), undefined, { timeout: 60_000 });
    await page.selectOption('#genre', 'killer');
    await page.click('#genre-solve');
    expect(await page.textContent('#genre-status')).toBe(
      'The solver is busy on the Sudoku page: wait for it, or press Stop there.',
    );
    expect(await page.getAttribute('#genre-status', 'data-kind')).toBe('warning');
    expect(await page.evaluate(() => document.body.dataset.busy)).toBe('enumerate');
    // A genre first picked meanwhile: its board is not drawn over another's, and it is
    // drawn as soon as the Sudoku page's job ends (here by that page's Stop, pressed
    // while the jigsaw page is on screen, as a job ending on its own would).
    await page.selectOption('#genre', 'jigsaw');
    expect(await page.textContent('#genre-status')).toBe(
      'The solver is busy on the Sudoku page: this puzzle is drawn when it is done, or press Stop there.',
    );
    expect(await page.locator('#genre-board svg').count()).toBe(0);
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('#stop')!.click());
    await page.locator('#genre-board svg').waitFor();
    expect(await page.textContent('#genre-heading')).toBe('Jigsaw Sudoku');
    expect(await page.locator('#genre-board [role="gridcell"]').count()).toBe(36); // the example, 6×6
    await page.selectOption('#genre', 'sudoku');
    await page.waitForFunction(() => document.body.dataset.busy === '' && document.querySelector('#status')?.getAttribute('data-kind') !== 'busy');
    expect(await page.textContent('#status')).toMatch(/^Stopped after \d+ solutions? found/);
    await page.selectOption('#genre', 'killer');
    expect(await solved(page)).toContain('the rule checker confirms every rule');
    await page.close();
  });

  it('typesets the killer formulation from the engine, cage rows included, and outlines and writes out a row', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'killer');
    await page.selectOption('#genre-model', 'textbook');
    await page.click('#genre-formulation-button');
    await page.locator('#genre-formulation').waitFor({ state: 'visible' });
    const titles = await page.$$eval('#genre-formulation h4', (hs) => hs.map((x) => x.textContent ?? ''));
    expect(titles.some((t) => t.startsWith('Each cage adds up to its sum — cage, 14 rows'))).toBe(true);
    await page.locator('#genre-formulation .katex').first().waitFor();
    const cageSelect = page.locator('#genre-formulation select').nth(4);
    await cageSelect.selectOption({ label: 'cage[2]' });
    // The row written out as the model builder hands it to GLPK: each digit weighs d.
    const written = page.locator('#genre-formulation .formulation-row[data-row="cage[2]"]');
    await written.waitFor();
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(4); // cage f: 4 cells
    const text = (await written.textContent()) ?? '';
    expect(text).toMatch(/^cage\[2\]: x\[1,2,1\] \+ 2 x\[1,2,2\] \+ 3 x\[1,2,3\] /);
    expect(text).toMatch(/ x\[2,2,\d\] = 14$/);
    await page.screenshot({ path: join(resultsDir, 'genre-killer-formulation.png'), fullPage: true });
    await page.close();
  });

  it('draws the branch-and-bound tree of a variant from the recorded decisions', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'sudoku-x');
    await page.check('#genre-record-tree');
    const status = await solved(page);
    expect(status).toMatch(/by branch-and-bound, \d+ nodes/);
    const nodes = Number(/branch-and-bound, (\d+) nodes/.exec(status)![1]);
    expect(nodes).toBeGreaterThan(1); // the example branches
    await page.locator('#genre-tree-panel svg').waitFor();
    expect(await page.locator('#genre-tree-panel').textContent()).toContain('node 1 (root)');
    await page.locator('#genre-tree-panel').screenshot({ path: join(resultsDir, 'genre-sudoku-x-tree.png') });
    // The live branch-and-bound panel keeps the solve's final figures.
    expect(await page.isVisible('#genre-bnb')).toBe(true);
    expect(await page.textContent('#genre-bnb-heading')).toBe('Branch-and-bound (final)');
    expect(Number((await page.textContent('#genre-bnb-nodes'))!.replace(/,/g, ''))).toBe(nodes);
    expect(await page.textContent('#genre-bnb-incumbent')).toBe('yes');
    expect(await page.textContent('#genre-bnb-rounds')).toBe('1');
    // A CNF-SAT solve says it has no tree.
    await page.uncheck('#genre-record-tree');
    await page.selectOption('#genre-method', 'sat');
    await solved(page);
    expect(await page.textContent('#genre-bnb-heading')).toBe('CNF-SAT (final · MiniSat solved it, no tree)');
    expect(await page.isVisible('#genre-bnb-nodes')).toBe(false);
    expect(await page.isVisible('#genre-bnb-rounds')).toBe(true);
    await page.close();
  });

  it('enumerates every answer and steps through them on the board; a unique puzzle has one', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // Of the 12 Latin squares of order 3, 4 have a 1 in the top-left corner.
    await page.fill('#genre-text', '=== t\n3 3\n1 - -\n- - -\n- - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-enumerate');
    await page.locator('#genre-status').filter({ hasText: /^All 4 answers found/ }).waitFor({ timeout: 60_000 });
    expect(await page.isVisible('#genre-answers')).toBe(true);
    expect(await page.textContent('#genre-answer-count')).toBe('4');
    const seen = new Set<string>();
    for (let k = 1; k <= 4; k++) {
      await page.locator('#genre-answer-step').fill(String(k));
      expect(await page.textContent('#genre-answer-number')).toBe(String(k));
      const { n, values } = await readCells(page);
      expect(n).toBe(3);
      expect(latinProblems(3, values), `answer ${k}`).toEqual([]);
      expect(values[0]).toBe(1);
      seen.add(values.join(''));
    }
    expect(seen.size).toBe(4);
    await page.screenshot({ path: join(resultsDir, 'genre-enumerate.png') });
    // Any other request ends the stepper.
    await page.click('#genre-solve');
    await solved(page);
    expect(await page.isVisible('#genre-answers')).toBe(false);
    // A pencil genre's example is unique: one answer, and no stepper.
    await pickGenre(page, 'akari');
    await page.click('#genre-enumerate');
    await page.locator('#genre-status').filter({ hasText: /^Exactly one answer/ }).waitFor({ timeout: 60_000 });
    expect(await page.isVisible('#genre-answers')).toBe(false);
    await page.close();
  });

  it('optimises an objective for a digit genre: the status gives its value, the formulation states it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    expect(await page.isVisible('#genre-objective')).toBe(true);
    await page.fill('#genre-text', '=== t\n4 4\n- - - -\n- - - -\n- - - -\n- - - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.selectOption('#genre-objective', 'diagonal');
    // A 4×4 Latin square can hold 4 all along its diagonal.
    expect(await solved(page)).toContain('objective 16 (the largest)');
    expect(await page.inputValue('#genre-method')).toBe('branch-and-bound');
    const { n, values } = await readCells(page);
    expect(latinProblems(n, values)).toEqual([]);
    expect([0, 1, 2, 3].map((i) => values[i * n + i])).toEqual([4, 4, 4, 4]);
    await page.screenshot({ path: join(resultsDir, 'genre-latin-objective.png'), fullPage: true });
    await page.click('#genre-formulation-button');
    await page.locator('#genre-formulation .formulation-note[data-kind="objective"]').waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-formulation .formulation-note[data-kind="objective"]')).toContain('main diagonal');
    // Jigsaw offers it too; the pencil genres, whose cells hold no digits, do not.
    await pickGenre(page, 'nurikabe');
    expect(await page.isVisible('#genre-objective')).toBe(false);
    await page.close();
  });

  it('solves a Latin square without answer by the packing model and draws its largest fill', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // Rows 1 and 4 need their 2 in column 2 or 3, where the 2 and the 1 block them.
    await page.fill('#genre-text', '=== t\n4 4\n1 2 - -\n- - 1 -\n- - - 2\n2 - - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.selectOption('#genre-model', 'packing');
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^No answer: the packing model/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toContain('places at most 14 of 16 digits');
    expect(await page.inputValue('#genre-method')).toBe('branch-and-bound');
    const { values } = await readCells(page);
    expect(values.filter((v) => v > 0)).toHaveLength(14);
    expect(await page.locator('#genre-board g.hatched rect').count()).toBe(2); // the 2 empty cells
    await page.screenshot({ path: join(resultsDir, 'genre-latin-packing.png') });
    // Why no solution? names one given to remove, outlines it, and draws the fill.
    expect(await page.isVisible('#genre-explain')).toBe(true);
    await page.selectOption('#genre-method', 'sat');
    await page.click('#genre-explain');
    await page.locator('#genre-status').filter({ hasText: /^Remove row/ }).waitFor({ timeout: 60_000 });
    const words = (await page.textContent('#genre-status')) ?? '';
    expect(words).toMatch(/^Remove row \d, column \d \(\d\) and it has an answer: no fewer will do; or remove /);
    expect(words).toContain('The largest fill that keeps every given places 14 of 16 digits (drawn, its empty cells hatched).');
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(1);
    expect(await page.locator('#genre-board g.hatched rect').count()).toBe(2);
    await page.screenshot({ path: join(resultsDir, 'genre-latin-explain.png') });
    await page.close();
  });

  it('a Killer whose cage sums are wrong: Why no solution? names the sums and outlines their cages', async () => {
    // It said only that removing givens does not help: this Killer has none.
    const page = await h.openPage();
    await pickGenre(page, 'killer');
    // Dominoes of a 4×4: row 1's sums 4 and 6 where 3 and 7 fit (cage c, 7, shares box 1 with a).
    await page.fill('#genre-text', '=== k\n4 4\n4 - 6 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\na a b b\nc c d d\ne e f f\ng g h h\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^No answer/ }).waitFor({ timeout: 60_000 });
    await page.click('#genre-explain');
    await page.locator('#genre-status').filter({ hasText: /^Remove the cage sum/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toMatch(
      /^Remove the cage sum \d at row (\d), column 1 and the cage sum \d at row \1, column 3 and it has an answer: no fewer than 2 will do; or remove /,
    );
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(4); // two dominoes
    await page.screenshot({ path: join(resultsDir, 'genre-killer-explain.png') });
    await page.close();
  });

  it('an Akari without answer: Why no solution? names the clue to drop and draws an answer without it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'akari');
    // The 1 asks for one lamp beside it, but both white cells need a lamp of their own.
    await page.fill('#genre-text', '=== t\n2 2\n1 -\n- 2\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^No answer/ }).waitFor({ timeout: 60_000 });
    expect(await page.isVisible('#genre-explain')).toBe(true);
    await page.click('#genre-explain');
    await page.locator('#genre-status').filter({ hasText: /^Drop the/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe(
      'Drop the 1 at row 1, column 1 and it has an answer: no fewer will do. The board shows an answer without them, the clues outlined.',
    );
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(1);
    await page.screenshot({ path: join(resultsDir, 'genre-akari-explain.png') });
    await page.close();
  });

  it('a Shikaku with a stray clue: Why no solution? names it and draws the rectangles without it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'shikaku');
    // The 2 at row 2, column 2 makes the areas add up to 18 in a 4×4 grid.
    await page.fill('#genre-text', '=== q\n4 4\n4 - - 4\n- 2 - -\n- - - -\n4 - - 4\n');
    await page.click('#genre-draw');
    // The parser's warning replaces "press Solve".
    await page.locator('#genre-status').filter({ hasText: /^Warning: the clues/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe(
      "Warning: the clues' areas add up to 18, but the 4×4 grid has 16 cells: the puzzle has no solution.",
    );
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^No answer/ }).waitFor({ timeout: 60_000 });
    await page.click('#genre-explain');
    await page.locator('#genre-status').filter({ hasText: /^Drop the/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe(
      'Drop the 2 at row 2, column 2 and it has an answer: no fewer will do. The board shows an answer without them, the clues outlined.',
    );
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(1);
    await page.screenshot({ path: join(resultsDir, 'genre-shikaku-explain.png') });
    await page.close();
  });

  it('a Nurikabe with a stray clue: Why no solution? names it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    // A stray 1 at row 4, column 5, where gridmilp's own 6×6 puzzle shades the cell.
    await page.fill('#genre-text', '=== n\n6 6\n4 - - - - 4\n- - 3 - - -\n- - - - - -\n- 1 - - 1 -\n- - - - - -\n2 - - - - 4\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^No answer/ }).waitFor({ timeout: 60_000 });
    await page.click('#genre-explain');
    await page.locator('#genre-status').filter({ hasText: /^Drop the/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toMatch(
      /^Drop the \d at row \d, column \d and it has an answer: no fewer will do; or drop .* The board shows an answer without them, the clues outlined\.$/,
    );
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(1);
    await page.screenshot({ path: join(resultsDir, 'genre-nurikabe-explain.png') });
    await page.close();
  });

  it('clashing givens in a variant: drawn with a warning, refused by Solve, explained by Why no solution?', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    await page.fill('#genre-text', '=== t\n4 4\n1 - - -\n- - - -\n- - - -\n1 - - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: /^Warning: two 1s/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe(
      'Warning: two 1s in column 1 (row 1, column 1 and row 4, column 1): no answer keeps both givens.',
    );
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /two 1s in column 1/ }).waitFor({ timeout: 60_000 });
    expect(await page.isVisible('#genre-explain')).toBe(true);
    await page.click('#genre-explain');
    await page.locator('#genre-status').filter({ hasText: /^Remove row/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toMatch(
      /^Remove row [14], column 1 \(1\) and it has an answer: no fewer will do; or remove row [14], column 1 \(1\)\. No fill keeps every given: two 1s in column 1\.$/,
    );
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(1);
    await page.screenshot({ path: join(resultsDir, 'genre-latin-clash.png') });
    await page.close();
  });

  it('a text of many records with one cut short: the others load, the bad one is named', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    await page.fill('#genre-text', '=== a\n2 2\n1 -\n- -\n=== b\n3 3\n1 -\n- -\n=== c\n2 2\n- 1\n- -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: /Left out/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe(
      'a: press Solve. Left out a record that could not be read: b (line 5): expected 3 lines of 3 cells after its size line, found 2, the last at line 8.',
    );
    expect(await page.locator('#genre-pick option').allTextContents()).toEqual(['a (line 1)', 'c (line 9)']);
    await page.close();
  });

  it("shows the model picker's first entry whole at desktop width: Nurikabe's three models in turn", async () => {
    // At 1280 px it read "the genre's default (cells, then stream, then stream-la…", cut.
    const page = await h.openPage({ width: 1280, height: 900 });
    await pickGenre(page, 'nurikabe');
    const picker = page.locator('#genre-model');
    expect(await picker.locator('option').first().textContent()).toBe('default: cells → stream → stream-layers (CNF-SAT)');
    expect(await picker.locator('option').first().getAttribute('title')).toBe(
      "The genre's default model for CNF-SAT: cells, then stream, then stream-layers, each when the one before spends its budget",
    );
    // The picker is as wide as it would be with no limit on its width: its widest entry,
    // the first, whole (the browser sizes a select to its widest option, arrow included).
    const fit = await picker.evaluate((select: HTMLSelectElement) => {
      const shown = select.getBoundingClientRect().width;
      const { maxWidth, flex } = select.style;
      select.style.maxWidth = 'none';
      select.style.flex = 'none';
      const natural = select.getBoundingClientRect().width;
      Object.assign(select.style, { maxWidth, flex });
      return { shown, natural };
    });
    expect(fit.shown, JSON.stringify(fit)).toBeGreaterThanOrEqual(fit.natural - 0.5);
    const box = (await picker.boundingBox())!;
    await page.screenshot({ path: join(resultsDir, 'genre-nurikabe-model-picker.png'), clip: { x: box.x - 80, y: box.y - 50, width: box.width + 120, height: 120 } });
    await page.close();
  });

  it("names the genre's default model for the route chosen, not CNF-SAT's on branch-and-bound", async () => {
    // Akari's picker read "the genre's default (textbook for CNF-SAT)" with branch-and-bound chosen.
    const page = await h.openPage();
    const first = page.locator('#genre-model option').first();
    await pickGenre(page, 'killer');
    expect(await first.textContent()).toBe('default: clauses (CNF-SAT)');
    await page.selectOption('#genre-method', 'branch-and-bound');
    // Killer's default follows the route: the engine names the model it builds.
    await expect.poll(() => first.textContent()).toBe('default: combinations (branch-and-bound)');
    await page.selectOption('#genre-method', 'sat');
    expect(await first.textContent()).toBe('default: clauses (CNF-SAT)');
    await pickGenre(page, 'akari');
    await page.selectOption('#genre-method', 'branch-and-bound');
    await expect.poll(() => first.textContent()).toMatch(/^default: [\w-]+ \(branch-and-bound\)$/);
    // A Solve on branch-and-bound keeps saying so.
    await solved(page);
    expect(await first.textContent()).toMatch(/\(branch-and-bound\)$/);
    await page.close();
  });

  it('goes Back from an empty grid of another size to the board before it', async () => {
    // A board of another size replaced the history entry: Back left the genre for the Sudoku page.
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    await page.waitForFunction(() => location.hash.startsWith('#genre=nurikabe'));
    const example = await page.evaluate(() => location.hash);
    const length = await page.evaluate(() => history.length);
    const board = page.locator('#genre-board > svg');
    expect(await board.getAttribute('aria-label')).toMatch(/^Nurikabe 6×6, /);
    await page.fill('#genre-empty-size', '5');
    await page.click('#genre-empty');
    await expect.poll(() => board.getAttribute('aria-label')).toMatch(/^Nurikabe 5×5, /);
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    expect(await page.evaluate(() => location.hash)).not.toBe(example);
    // An empty grid of the same size rewrites the entry.
    await page.fill('#genre-empty-size', '');
    await page.click('#genre-empty');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    await page.goBack();
    await page.waitForFunction((hash) => location.hash === hash, example);
    await expect.poll(() => board.getAttribute('aria-label')).toMatch(/^Nurikabe 6×6, /);
    expect(await page.isHidden('#genre-play')).toBe(false);
    await page.close();
  });

  for (const [slow, what] of [
    ['board', 'a board is still being drawn'],
    ['parse', 'a text is still being read'],
  ] as const) {
    it(`goes Back while ${what}: the entry gone back to is drawn, and keeps its address`, async () => {
      // The draw of an edit ran as Back was pressed: the entry gone back to (a puzz.link
      // URL) was refused as a paste is ("paste the URL again"), and the edit's board stayed
      // under the other entry's address. It is opened when the draw ends. A read (parse)
      // under way at Back went on to draw its board and wrote its address over the entry.
      // The engine is made slow here: each request of the kind leaves 400 ms late.
      const page = await h.openPage();
      const { example, board } = await emptyAfterExample(page);
      await slowGenreRequests(page, [slow]);
      await page.click('#genre-empty'); // the same size again: a read that takes 400 ms
      await page.goBack();
      await page.waitForFunction((hash) => location.hash === hash, example);
      await expect.poll(() => board.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^Nurikabe 6×6, /);
      await genreSettled(page); // every read and draw has ended
      expect(await page.evaluate(() => location.hash)).toBe(example);
      expect(await board.getAttribute('aria-label')).toMatch(/^Nurikabe 6×6, /);
      // The address holds the example's puzz.link URL: its puzzle, read from it.
      expect(await page.inputValue('#genre-text')).toMatch(/^=== url-1 source=https:\/\/puzz\.link\//);
      await page.close();
    });
  }

  it('goes Back during a Solve after an undo: the entry gone back to is opened when the Solve ends, not the undone text', async () => {
    // The undo's read waited for the Solve, then drew the text left behind and wrote its
    // address over the entry gone back to, whose link was then not opened. Solves leave
    // 1.5 s late here.
    const page = await h.openPage();
    const { example, board } = await emptyAfterExample(page);
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 1"]').click();
    await page.keyboard.type('4');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor();
    await slowGenreRequests(page, ['solve'], 1500);
    await page.click('#genre-solve');
    await board.focus();
    await page.keyboard.press('Control+z');
    await page.goBack();
    await page.waitForFunction((hash) => location.hash === hash, example);
    await genreSettled(page);
    await expect.poll(() => board.getAttribute('aria-label'), { timeout: 10_000 }).toMatch(/^Nurikabe 6×6, /);
    expect(await page.evaluate(() => location.hash)).toBe(example);
    expect(await page.inputValue('#genre-text')).toMatch(/^=== url-1 source=https:\/\/puzz\.link\//);
    await page.close();
  });

  it('draws the LP relaxation as shaded candidates', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    await page.click('#genre-relax');
    await page.locator('#genre-status').filter({ hasText: /^LP relaxation/ }).waitFor();
    expect(await page.locator('#genre-board text.candidate').count()).toBeGreaterThan(0);
    // A legend under the board says what the shading means, from 0 to 1.
    const legend = page.locator('#genre-board .relax-legend');
    expect(await legend.isVisible()).toBe(true);
    expect(await legend.getAttribute('data-scale')).toBe('candidates');
    expect(await legend.textContent()).toMatch(/^LP relaxation, shaded by value: 0 +1\./);
    // Heyawake's example relaxes to an integral point whose unshaded cells are in two
    // pieces: the status says it breaks a rule left to cuts, not that it is the answer.
    await pickGenre(page, 'heyawake');
    await page.click('#genre-relax');
    await page.locator('#genre-status').filter({ hasText: /^LP relaxation/ }).waitFor();
    expect(await page.textContent('#genre-status')).toMatch(
      /its solution is integral, but it breaks a rule the model leaves to cut rounds — the unshaded cells fall into 2 pieces/,
    );
    expect(await legend.getAttribute('data-scale')).toBe('cells');
    expect(await legend.textContent()).toMatch(/Each cell, line or mark is as strong as its variable x; full colour is x = 1\.$/);
    // A cell says which variable its shade is the value of (the engine names it).
    const labels = (): Promise<string[]> => page.locator('#genre-board [role="gridcell"]').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
    expect((await labels()).some((label) => /, LP relaxation shaded 1(,|$)/.test(label))).toBe(true);
    await pickGenre(page, 'akari');
    await page.click('#genre-relax');
    await page.locator('#genre-status').filter({ hasText: /^LP relaxation/ }).waitFor();
    expect((await labels()).some((label) => /, LP relaxation lamp (0|1)(\.\d+)?(,|$)/.test(label))).toBe(true);
    expect((await labels()).every((label) => !/LP relaxation \d/.test(label))).toBe(true);
    // Slitherlink's relaxation is of the sides: a cell says those beside it, at their values.
    await pickGenre(page, 'slitherlink');
    await page.click('#genre-relax');
    await page.locator('#genre-status').filter({ hasText: /^LP relaxation/ }).waitFor();
    expect((await labels()).some((label) => /, LP relaxation loop: (top|right|bottom|left) (0|1)(\.\d+)?(, |$)/.test(label))).toBe(true);
    expect((await labels()).every((label) => !/loop along/.test(label))).toBe(true);
    // A Solve draws another board: the legend goes with the relaxation.
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^Solved/ }).waitFor({ timeout: 60_000 });
    expect(await legend.count()).toBe(0);
    await page.close();
  });

  it('downloads the board as SVG and PNG', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'jigsaw');
    await solved(page);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#genre-svg')]);
    expect(svg.suggestedFilename()).toBe('jigsaw.svg');
    const text = readFileSync((await svg.path())!, 'utf8');
    expect(text).toContain('<svg');
    expect(text).toContain('row 1, column 1, ');
    // Not what only the page sets on the board (its least width, its tabindex).
    expect(text).not.toMatch(/<svg[^>]* style=/);
    expect(text).not.toContain('tabindex');
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#genre-png')]);
    expect(png.suggestedFilename()).toBe('jigsaw.png');
    const bytes = readFileSync((await png.path())!);
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(2000);
    await page.close();
  });

  it('draws a killer cage by dragging and typing its sum, then solves it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'killer');
    await page.click('#genre-empty');
    await page.locator('#genre-status').filter({ hasText: 'in no cage' }).waitFor();
    const cell = (row: number, column: number) =>
      page.locator(`#genre-board [role=gridcell][aria-label^="row ${row}, column ${column}"]`);
    await page.locator('#genre-board').scrollIntoViewIfNeeded();
    const a = (await cell(1, 1).boundingBox())!;
    const b = (await cell(1, 2).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(await page.textContent('#genre-selection')).toBe('2 cells selected.');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await page.locator('#genre-board [role=gridcell][aria-label="row 1, column 1, cage 1, sum 3"]').waitFor();
    // The other cell of the cage says which cage it is in, and where its sum is.
    expect(await page.locator('#genre-board [role=gridcell][aria-label="row 1, column 2, in cage 1 (sum 3, its sum at row 1, column 1)"]').count()).toBe(1);
    expect(await page.inputValue('#genre-text')).toMatch(/^=== my_puzzle\n6 6\n3 - - - - -\n/);
    // A cage over a cell of another is refused, naming the cell and that cage; the text stays.
    const text = await page.inputValue('#genre-text');
    await cell(1, 2).click();
    await page.keyboard.press('Shift+ArrowRight');
    await page.fill('#genre-cage-sum', '7');
    await page.click('#genre-make-cage');
    expect(await page.textContent('#genre-status')).toBe(
      'Row 1, column 2 is already in the cage of sum 3 (from row 1, column 1): cages do not overlap. Select cells outside it, or delete that cage first (Delete cage).',
    );
    expect(await page.inputValue('#genre-text')).toBe(text);
    // Backspace on the board does not take a whole cage and its sum (a stray key): it
    // says that Delete cage does.
    await cell(1, 1).click();
    await page.keyboard.press('Backspace');
    await page.locator('#genre-status').filter({ hasText: 'press Delete cage' }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(text);
    // Shift+arrows select too: a cage of three down the last column.
    await cell(1, 6).click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    expect(await page.textContent('#genre-selection')).toBe('3 cells selected.');
    // A screen reader is told the cursor's cell (the grid's active descendant) and the
    // selected cells.
    const active = await page.$eval('#genre-board [role=grid]', (g) => document.getElementById(g.getAttribute('aria-activedescendant') ?? '')?.getAttribute('aria-label'));
    expect(active).toMatch(/^row 3, column 6/);
    expect(await page.locator('#genre-board [role=gridcell][aria-selected="true"]').count()).toBe(3);
    await page.fill('#genre-cage-sum', '15');
    await page.click('#genre-make-cage');
    await page.locator('#genre-board [role=gridcell][aria-label="row 1, column 6, cage 2, sum 15"]').waitFor();
    const status = await solved(page);
    expect(status).toContain('the rule checker confirms every rule');
    const { n, values } = await readCells(page);
    expect(latinProblems(n, values)).toEqual([]);
    expect(values[0]! + values[1]!).toBe(3);
    expect(values[5]! + values[11]! + values[17]!).toBe(15);
    expect(new Set([values[5], values[11], values[17]]).size).toBe(3);
    await page.screenshot({ path: join(resultsDir, 'genre-killer-drawn.png') });
    await page.close();
  });

  it('solves every puzzle of a loaded file, lists them and downloads the answers', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // Two 4×4 Latin squares gridmilp generated (seeds 2 and 3, unique) and a 2×2 with none.
    const file = join(resultsDir, 'three-latin-squares.txt');
    writeFileSync(
      file,
      '=== generated-latin-square-2\n4 4\n- - - 4\n2 - 3 -\n- - 2 -\n- - - -\n' +
        '=== impossible\n2 2\n1 -\n- 2\n' +
        '=== open\n3 3\n- - -\n- - -\n- - -\n',
    );
    await page.getByLabel('Genre text file').setInputFiles(file);
    await page.locator('#genre-solve-all:not([hidden])').waitFor();
    expect(await page.locator('#genre-pick option').count()).toBe(3);
    await page.click('#genre-solve-all');
    await page.locator('#genre-batch-count').filter({ hasText: '3 of 3' }).waitFor();
    const statuses = await page.$$eval('#genre-batch-table tbody tr td:nth-child(3)', (tds) => tds.map((t) => t.textContent));
    expect(statuses).toEqual(['solved', 'no solution', 'solved']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-solutions')]);
    expect(download.suggestedFilename()).toBe('three-latin-squares-solutions.txt'); // named after the file
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.split('\n').filter((l) => l.startsWith('=== '))).toEqual(['=== generated-latin-square-2', '=== open']);
    const first = text.split('\n').slice(2, 6).map((l) => l.split(' ').map(Number));
    expect(latinProblems(4, first.flat())).toEqual([]);
    expect(first[0]![3]).toBe(4);
    // A name in the table shows that puzzle, solved when its row is: its answer on the
    // board (it came up unsolved, under "press Solve").
    await page.getByRole('button', { name: 'open (line' }).click();
    expect(await page.inputValue('#genre-pick')).toBe('3');
    await page.locator('#genre-status').filter({ hasText: /^Solved in / }).waitFor({ timeout: 60_000 });
    const cells = await page.$$eval('#genre-board [role=gridcell]', (c) => c.map((x) => x.getAttribute('aria-label') ?? ''));
    expect(cells).toHaveLength(9);
    expect(latinProblems(3, cells.map((label) => Number(/^row \d+, column \d+, (\d)/.exec(label)?.[1] ?? 0)))).toEqual([]);
    // The infeasible one is drawn as its puzzle.
    await page.getByRole('button', { name: 'impossible (line' }).click();
    await page.locator('#genre-status').filter({ hasText: 'impossible: press Solve' }).waitFor({ timeout: 60_000 });
    // Another genre and back: the table goes with its genre and comes back with it and
    // its text.
    await pickGenre(page, 'nurikabe');
    expect(await page.locator('#genre-batch').isHidden()).toBe(true);
    await pickGenre(page, 'latin-square');
    await page.locator('#genre-batch').waitFor({ state: 'visible' });
    expect(await page.locator('#genre-pick option').count()).toBe(3);
    expect(await page.locator('#genre-batch-stale').isHidden()).toBe(true);
    // Another file loaded: the table of the first stays for its downloads, saying its
    // results are of the text before; its rows, which would open this file's records at
    // their places (its "open" row opened this file's third record), take no clicks.
    await page.getByLabel('Genre text file').setInputFiles({ name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('=== x\n2 2\n1 -\n- -\n=== y\n2 2\n- 1\n- -\n') });
    await page.locator('#genre-pick option').nth(2).waitFor({ state: 'detached' });
    await page.locator('#genre-batch-stale').waitFor({ state: 'visible' });
    expect(await page.$$eval('#genre-batch-table button.link', (b) => b.map((x) => (x as HTMLButtonElement).disabled))).toEqual([true, true, true]);
    const [kept] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-solutions')]);
    expect(kept.suggestedFilename()).toBe('three-latin-squares-solutions.txt');
    expect(readFileSync((await kept.path())!, 'utf8')).toBe(text);
    // Nor by keyboard (a review: Enter on a row read the text again, which drew its first
    // record over the one picked): the picker keeps this file's second record.
    await page.selectOption('#genre-pick', '2');
    await page.locator('#genre-status').filter({ hasText: /^y: press Solve/ }).waitFor({ timeout: 60_000 });
    await page.$eval('#genre-batch-table button.link', (b) => (b as HTMLButtonElement).focus());
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await page.inputValue('#genre-pick')).toBe('2');
    expect(await page.textContent('#genre-status')).toMatch(/^y: press Solve/);
    await page.close();
  });

  it('Solve all gives every record a row in input order, those the engine refused with their errors, in the table and its download', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // Five made-up 2×2 records: a token that is no digit, and a clue out of range, among three good ones.
    const file = join(resultsDir, 'latin-squares-refused.txt');
    writeFileSync(
      file,
      '=== a\n2 2\n1 -\n- -\n' + '=== bad\n2 2\n1 x\n- -\n' + '=== b\n2 2\n1 -\n- 1\n' + '=== range\n2 2\n7 -\n- -\n' + '=== none\n2 2\n1 -\n- 2\n',
    );
    await page.getByLabel('Genre text file').setInputFiles(file);
    await page.locator('#genre-status').filter({ hasText: 'Left out 2 records that could not be read' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve-all');
    await page.locator('#genre-status').filter({ hasText: /puzzles solved/ }).waitFor({ timeout: 60_000 });
    // Solved, without solution and with errors add up to the five records loaded.
    expect(await page.textContent('#genre-status')).toMatch(/^2 of 5 puzzles solved( on \d workers)?, 1 without solution, 2 with errors \(not read: bad, range; their rows say why\)/);
    // The progress counts the five records too, those refused read from the start.
    expect.soft(await page.textContent('#genre-batch-count')).toBe('5 of 5');
    expect.soft(await page.$eval('#genre-batch-progress', (p) => [(p as HTMLProgressElement).value, (p as HTMLProgressElement).max])).toEqual([5, 5]);
    const table = await page.$$eval('#genre-batch-table tbody tr', (trs) => (trs as HTMLTableRowElement[]).map((tr) => Array.from(tr.cells).slice(0, 3).map((td) => td.textContent ?? '')));
    expect(table).toEqual([
      ['1', 'a (line 1)', 'solved'],
      ['2', 'bad (line 5)', "error: line 7, column 3: expected a digit or -, found 'x'"],
      ['3', 'b (line 9)', 'solved'],
      ['4', 'range (line 13)', 'error: line 15, column 1: a digit 7 is out of range (1 to 2) (row 1, column 1)'],
      ['5', 'none (line 17)', 'no solution'],
    ]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-csv')]);
    const csv = readFileSync((await download.path())!, 'utf8');
    // name and status of each row (a record's text spans lines: its rows start with a name).
    const rows = [...csv.matchAll(/^(a|bad|b|range|none),("[^"]*"|[^,]*)/gm)].map((m) => [m[1], m[2]!.replace(/^"|"$/g, '')]);
    expect(rows).toEqual([
      ['a', 'solved'],
      ['bad', "error: line 7, column 3: expected a digit or -, found 'x'"],
      ['b', 'solved'],
      ['range', 'error: line 15, column 1: a digit 7 is out of range (1 to 2) (row 1, column 1)'],
      ['none', 'no solution'],
    ]);
    // A refused record's row holds its own lines, as the CLI's table does; every
    // record's lines alike, without a newline after its last, the last record's too.
    for (const record of ['=== a\n2 2\n1 -\n- -', '=== bad\n2 2\n1 x\n- -', '=== b\n2 2\n1 -\n- 1', '=== range\n2 2\n7 -\n- -', '=== none\n2 2\n1 -\n- 2']) {
      expect(csv).toContain(`"'${record}"`);
    }
    expect(download.suggestedFilename()).toBe('latin-squares-refused-results.csv');
    // Times to the µs at most, as the Sudoku batch writes them (a user-test saw 0.299999).
    const times = [...csv.matchAll(/^(?:a|b|none),(?:solved|no solution),([^,]*),/gm)].map((m) => m[1]);
    expect(times).toHaveLength(3);
    for (const ms of times) expect(ms).toMatch(/^\d+(\.\d{1,3})?$/);
    // The text edited is no longer the file's: its downloads take the genre's name.
    await page.fill('#genre-text', (await page.inputValue('#genre-text')).replace(/=== none\n[^]*$/, ''));
    // The last Solve all's table says at once that it is of the text before, the edit not
    // yet read, and its rows, which would open this text's records by their places, are
    // disabled (a user's test: a row clicked then drew the edit's first record).
    await page.locator('#genre-batch-stale').waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'a (line 1)' }).isDisabled()).toBe(true);
    await page.click('#genre-draw');
    await page.locator('#genre-pick option').nth(2).waitFor({ state: 'detached' });
    expect(await page.isVisible('#genre-batch-stale')).toBe(true);
    await page.click('#genre-solve-all');
    await page.locator('#genre-batch-count').filter({ hasText: '4 of 4' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#genre-batch-stale').isHidden()).toBe(true);
    const [edited] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-csv')]);
    expect(edited.suggestedFilename()).toBe('latin-square-results.csv');
    await page.close();
  });

  it('a stale Solve all table builds the rows scrolled to later disabled, as its first rows are', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // 70 made-up 2×2 records: the table builds 60 rows, the rest as it is scrolled.
    const records = Array.from({ length: 70 }, (_, k) => `=== r${k + 1}\n2 2\n${k % 2 === 0 ? '1' : '2'} -\n- -\n`).join('');
    await page.fill('#genre-text', records);
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: /^r1: press Solve/ }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve-all');
    await page.locator('#genre-batch-count').filter({ hasText: '70 of 70' }).waitFor({ timeout: 60_000 });
    const rows = page.locator('#genre-batch-table button.link');
    await expect.poll(() => rows.count()).toBe(60);
    // The text edited: the table is stale; the rows built as it is scrolled now take no
    // click either (a review: they were built enabled, and opened the edit's records).
    await page.fill('#genre-text', records.replace('=== r1\n', '=== first\n'));
    await page.locator('#genre-batch-stale').waitFor({ state: 'visible' });
    await page.$eval('#genre-batch .table-wrap', (w) => (w.scrollTop = w.scrollHeight));
    await expect.poll(() => rows.count()).toBe(70);
    expect(await rows.evaluateAll((b) => b.map((x) => (x as HTMLButtonElement).disabled))).toEqual(Array(70).fill(true));
    await page.close();
  });

  it('Solve all is offered for one good record among refused ones: a row each in input order, counts adding up', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // Three made-up 2×2 records: a token that is no digit, a good one, a clue out of range.
    const file = join(resultsDir, 'latin-squares-one-good.txt');
    writeFileSync(file, '=== bad\n2 2\n1 x\n- -\n' + '=== good\n2 2\n1 -\n- -\n' + '=== range\n2 2\n7 -\n- -\n');
    await page.getByLabel('Genre text file').setInputFiles(file);
    await page.locator('#genre-status').filter({ hasText: 'Left out 2 records that could not be read' }).waitFor({ timeout: 60_000 });
    const solveAll = page.locator('#genre-solve-all');
    expect(await solveAll.isVisible()).toBe(true);
    await solveAll.click();
    await page.locator('#genre-status').filter({ hasText: /puzzles? solved/ }).waitFor({ timeout: 60_000 });
    const table = await page.$$eval('#genre-batch-table tbody tr', (trs) => (trs as HTMLTableRowElement[]).map((tr) => Array.from(tr.cells).slice(0, 3).map((td) => td.textContent ?? '')));
    expect(table).toEqual([
      ['1', 'bad (line 1)', "error: line 3, column 3: expected a digit or -, found 'x'"],
      ['2', 'good (line 5)', 'solved'],
      ['3', 'range (line 9)', 'error: line 11, column 1: a digit 7 is out of range (1 to 2) (row 1, column 1)'],
    ]);
    const status = (await page.textContent('#genre-status')) ?? '';
    expect(status).toMatch(/^1 of 3 puzzles solved, 2 with errors \(not read: bad, range; their rows say why\);/);
    const named = [...status.matchAll(/(\d+) (?:of 3 puzzles solved|without solution|with errors|stopped at the time limit)/g)];
    expect(named.reduce((sum, m) => sum + Number(m[1]), 0), status).toBe(3);
    await page.close();
  });

  it("Solve all's long error wraps in its row, the ms column in view at 1280 px; one record refused, its row says why", async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // Three made-up 2×2 records, the second's clue a number of 150 digits, out of range:
    // the engine's message quotes it whole.
    const file = join(resultsDir, 'latin-squares-long-error.txt');
    writeFileSync(file, '=== a\n2 2\n1 -\n- -\n' + `=== long\n2 2\n${'7'.repeat(150)} -\n- -\n` + '=== b\n2 2\n- 1\n- -\n');
    await page.getByLabel('Genre text file').setInputFiles(file);
    await page.locator('#genre-status').filter({ hasText: 'Left out a record that could not be read' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve-all');
    await page.locator('#genre-status').filter({ hasText: /puzzles solved/ }).waitFor({ timeout: 60_000 });
    await page.locator('#genre-batch').scrollIntoViewIfNeeded();
    await page.locator('#genre-batch').screenshot({ path: join(resultsDir, 'genre-batch-long-error.png') });
    // The table fits its box: nothing to scroll sideways, the ms column's right edge inside.
    const fit = await page.$eval('#genre-batch .table-wrap', (wrap) => {
      const ms = wrap.querySelector('thead th:last-child')!.getBoundingClientRect();
      return { scroll: wrap.scrollWidth, client: wrap.clientWidth, msRight: ms.right, wrapRight: wrap.getBoundingClientRect().right };
    });
    expect.soft(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
    expect.soft(fit.msRight, JSON.stringify(fit)).toBeLessThanOrEqual(fit.wrapRight);
    // The error is in its row whole.
    expect(await page.textContent('#genre-batch-table tbody tr:nth-child(2) td:nth-child(3)')).toContain(`a digit ${'7'.repeat(150)} is out of range (1 to 2)`);
    // One count: the records of the table; one record refused, its row says why.
    expect.soft(await page.textContent('#genre-batch-count')).toBe('3 of 3');
    expect(await page.textContent('#genre-status')).toMatch(/^2 of 3 puzzles solved( on \d workers)?, 1 with an error \(not read: long; its row says why\);/);
    await page.close();
  });

  it('Solve all builds its table 60 rows at a time as it is scrolled, before and after Stop', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    const rows = (): Promise<string[]> => page.$$eval('#genre-batch-table tbody tr td:nth-child(3)', (tds) => tds.map((t) => t.textContent ?? ''));
    const scrollDown = (): Promise<void> => page.$eval('#genre-batch .table-wrap', (el) => el.scrollTo(0, el.scrollHeight));
    // 130 small squares: every answer is in, the table has built its first 60 rows.
    const small = '2 2\n1 -\n- -\n';
    const file = join(resultsDir, 'latin-squares-130.txt');
    writeFileSync(file, Array.from({ length: 130 }, (_, i) => `=== r${i + 1}\n${small}`).join(''));
    await page.getByLabel('Genre text file').setInputFiles(file);
    await page.locator('#genre-solve-all:not([hidden])').waitFor();
    await page.click('#genre-solve-all');
    await page.locator('#genre-status').filter({ hasText: '130 of 130 puzzles solved' }).waitFor({ timeout: 60_000 });
    expect(await rows()).toEqual(Array(60).fill('solved'));
    await scrollDown();
    await page.waitForFunction(() => document.querySelectorAll('#genre-batch-table tbody tr').length === 120);
    await scrollDown();
    await page.waitForFunction(() => document.querySelectorAll('#genre-batch-table tbody tr').length === 130);
    expect(await rows()).toEqual(Array(130).fill('solved'));
    expect(await page.textContent('#genre-batch-table tbody tr:last-child button')).toBe('r130 (line 517)');
    // A name in a row built on scrolling shows its puzzle, as one built first does.
    await page.click('#genre-batch-table tbody tr:last-child button');
    expect(await page.inputValue('#genre-pick')).toBe('130');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-solutions')]);
    expect(readFileSync((await download.path())!, 'utf8').split('\n').filter((l) => l.startsWith('=== ')).length).toBe(130);
    // Stopped while the first of 70 empty 25×25 squares is solved by branch-and-bound
    // without a time limit: rows built after Stop say that their puzzle never started.
    const empty = Array.from({ length: 25 }, () => Array(25).fill('-').join(' ')).join('\n');
    await page.selectOption('#genre-method', 'branch-and-bound');
    const slow = join(resultsDir, 'latin-squares-70-slow.txt');
    writeFileSync(slow, Array.from({ length: 70 }, (_, i) => `=== big${i + 1}\n25 25\n${empty}\n`).join(''));
    await page.getByLabel('Genre text file').setInputFiles(slow);
    await page.locator('#genre-pick option').nth(69).waitFor({ state: 'attached' });
    await page.fill('#genre-time-limit', '0');
    // The row's solve above (its answer drawn) and the file's loading have ended: a Solve
    // all clicked while either ran was refused as busy (a CI run under load).
    await page.waitForFunction(() => document.body.dataset.busy === '');
    // Solve all is drawn running (Stop, "Solving 70 puzzles…", its panel emptied) only
    // once it has taken 100 ms: a frame drawn before took cores from its workers.
    await page.evaluate(() => {
      const w = window as unknown as { drawnAt: Record<string, number>; clickedAt: number };
      w.drawnAt = {};
      document.querySelector('#genre-solve-all')!.addEventListener('click', () => (w.clickedAt = performance.now()), { capture: true, once: true });
      const stop = document.querySelector('#genre-stop') as HTMLButtonElement;
      const status = document.querySelector('#genre-status') as HTMLElement;
      const rows = document.querySelector('#genre-batch-table tbody')!;
      const first = (what: string): void => void (w.drawnAt[what] ??= performance.now() - w.clickedAt);
      new MutationObserver(() => !stop.disabled && first('Stop enabled')).observe(stop, { attributes: true });
      new MutationObserver(() => /^Solving/.test(status.textContent ?? '') && first(status.textContent!)).observe(status, { childList: true, characterData: true, subtree: true });
      new MutationObserver(() => first('table emptied')).observe(rows, { childList: true });
    });
    await page.click('#genre-solve-all');
    await page.waitForFunction(() => Object.keys((window as unknown as { drawnAt: Record<string, number> }).drawnAt).length === 3);
    const drawnAt = await page.evaluate(() => (window as unknown as { drawnAt: Record<string, number> }).drawnAt);
    expect(Object.keys(drawnAt).sort()).toEqual(['Solving 70 puzzles…', 'Stop enabled', 'table emptied']);
    for (const [what, ms] of Object.entries(drawnAt)) expect(ms, what).toBeGreaterThanOrEqual(95);
    await page.click('#genre-stop');
    await page.locator('#genre-solve-all:not([disabled])').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('#genre-batch-table tbody tr').length === 60);
    // The puzzle being solved when Stop came (the first, which runs alone on the main
    // worker to set the pace) says how it ended: stopped, not an error of its own; the
    // others did not start (requests queued behind another in a worker: the unit test in
    // tests/wasm/client.test.ts); the status line says the batch was stopped.
    const statuses = await rows();
    expect(statuses.filter((status) => status === 'not started (stopped)').length).toBeGreaterThanOrEqual(52);
    expect(statuses.filter((status) => status.startsWith('error'))).toEqual([]);
    expect(statuses.filter((status) => status === 'stopped')).toHaveLength(1);
    expect(await page.textContent('#genre-status')).toMatch(/^Stopped: \d+ puzzles? ended while solving, \d+ not started\. 0 of 70 puzzles solved/);
    await scrollDown();
    await page.waitForFunction(() => document.querySelectorAll('#genre-batch-table tbody tr').length === 70);
    expect((await rows()).slice(60)).toEqual(Array(10).fill('not started (stopped)'));
    await page.close();
  });

  it('loads a jigsaw file, draws its regions, and Solve all gives the published answers', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'jigsaw');
    await page.getByLabel('Genre text file').setInputFiles(join(ownDataDir, 'variants/jigsaw.puzzles.txt'));
    await page.locator('#genre-solve-all:not([hidden])').waitFor();
    expect(await page.locator('#genre-pick option').count()).toBe(4);
    // The first record drawn: 6×6, with its regions' walls.
    const { n } = await readCells(page);
    expect(n).toBe(6);
    expect(await page.locator('#genre-board line[stroke-width="3"]').count()).toBeGreaterThan(6);
    await page.click('#genre-solve-all');
    await page.locator('#genre-batch-count').filter({ hasText: '4 of 4' }).waitFor({ timeout: 60_000 });
    const statuses = await page.$$eval('#genre-batch-table tbody tr td:nth-child(3)', (tds) => tds.map((t) => t.textContent));
    expect(statuses).toEqual(['solved', 'solved', 'solved', 'solved']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-solutions')]);
    const records = (text: string): string[] => text.split(/^(?==== )/m).map((r) => r.trim()).filter((r) => r !== '');
    expect(records(readFileSync((await download.path())!, 'utf8'))).toEqual(records(readFileSync(join(ownDataDir, 'variants/jigsaw.solutions.txt'), 'utf8')));
    await page.screenshot({ path: join(resultsDir, 'genre-jigsaw-file.png') });
    await page.close();
  });

  it('Solve all stops each puzzle at its time limit and says so; a bad limit is refused', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'latin-square');
    // One puzzle: no Solve all, no limit for it.
    expect(await page.isVisible('#genre-time-limit')).toBe(false);
    // An empty 25×25 by branch-and-bound: its LP relaxation alone, 15,625 columns,
    // takes far more than 1 ms, and GLPK's simplex checks the limit as it goes.
    const empty = Array.from({ length: 25 }, () => Array(25).fill('-').join(' ')).join('\n');
    await page.selectOption('#genre-method', 'branch-and-bound');
    const file = join(resultsDir, 'latin-square-time-limit.txt');
    writeFileSync(file, `=== small\n2 2\n1 -\n- -\n=== big\n25 25\n${empty}\n`);
    await page.getByLabel('Genre text file').setInputFiles(file);
    await page.locator('#genre-batch-limit:not([hidden])').waitFor();
    expect(await page.inputValue('#genre-time-limit')).toBe('10');
    expect(await page.isVisible('#genre-time-limit')).toBe(true);
    await page.fill('#genre-time-limit', '-1');
    await page.click('#genre-solve-all');
    expect(await page.textContent('#genre-status')).toContain('The time limit per puzzle must be 0 (none) to 86400 seconds, not “-1”');
    expect(await page.isHidden('#genre-batch')).toBe(true);
    await page.fill('#genre-time-limit', '0.001');
    await page.click('#genre-solve-all');
    await page.locator('#genre-batch-count').filter({ hasText: '2 of 2' }).waitFor();
    const statuses = await page.$$eval('#genre-batch-table tbody tr td:nth-child(3)', (tds) => tds.map((t) => t.textContent));
    expect(statuses[1]).toBe('time limit (0.001 s)');
    const said = (await page.textContent('#genre-status')) ?? '';
    expect(said).toMatch(/stopped at the time limit of 0\.001 s per puzzle/);
    // One count each: a puzzle the limit stopped is not also without solution.
    const named = [...said.matchAll(/(\d+) (?:of 2 puzzles solved|without solution|with errors?|stopped at the time limit)/g)];
    expect(named.reduce((sum, m) => sum + Number(m[1]), 0), said).toBe(2);
    await page.close();
  });

  it('a bad cage shows its error and keeps the text and the board', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'killer');
    const boardBefore = await page.innerHTML('#genre-board');
    const bad = (await page.inputValue('#genre-text')).replace('1 14 - - 18 -', '1 14 - - 99 -');
    await page.fill('#genre-text', bad);
    await page.click('#genre-draw');
    await page.locator('#genre-status[data-kind=error]').waitFor();
    expect(await page.textContent('#genre-status')).toContain("cage 'b' has 4 cells and sum 99");
    expect(await page.inputValue('#genre-text')).toBe(bad);
    // The board is the one drawn before, with the bad cage's four cells outlined on it.
    const highlighted = await page.$$eval('#genre-board g.highlight rect', (rects) => rects.length);
    expect(highlighted).toBe(4);
    await page.$eval('#genre-board g.highlight', (g) => g.remove());
    expect(await page.innerHTML('#genre-board')).toBe(boardBefore);
    await page.screenshot({ path: join(resultsDir, 'genre-killer-bad-cage.png') });
    // An image chosen as the genre's text file is refused; the text stays as it was.
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    await page.getByLabel('Genre text file').setInputFiles({ name: 'cages.gif', mimeType: 'image/gif', buffer: gif });
    await page.locator('#genre-status[data-kind=error]').filter({ hasText: 'cages.gif' }).waitFor();
    expect(await page.textContent('#genre-status')).toMatch(/^cages\.gif is a GIF image, not a puzzle text: /);
    expect(await page.inputValue('#genre-text')).toBe(bad);
    await page.close();
  });

  it('Empty grid draws a grid of the side asked for beside it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'killer');
    expect((await page.inputValue('#genre-text')).split('\n')[1]).toBe('6 6');
    await page.fill('#genre-empty-size', '9');
    await page.click('#genre-empty');
    await page.locator('#genre-status').filter({ hasText: 'in no cage' }).waitFor();
    expect((await page.inputValue('#genre-text')).split('\n')[1]).toBe('9 9');
    expect(await page.locator('#genre-board [role=gridcell]').count()).toBe(81);
    // A side out of range is said, and the text stays.
    const text = await page.inputValue('#genre-text');
    await page.fill('#genre-empty-size', '1');
    await page.press('#genre-empty-size', 'Enter');
    await page.locator('#genre-status').filter({ hasText: "The empty grid's side must be a whole number from 2 to 100, not “1”." }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(text);
    await page.close();
  });

  it('a digit genre takes givens 1 to n only, by its pad and by its keys', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'jigsaw');
    const text = await page.inputValue('#genre-text');
    expect(text.split('\n')[1]).toBe('6 6');
    // The 6×6 example's pad: 1 to 6 and erase (it offered 1 to 9).
    expect(await page.$$eval('#genre-pad button', (b) => b.map((x) => x.textContent).join(' '))).toBe('1 2 3 4 5 6 ⌫ ↶ ↷');
    // Out of the Tab order: the board's keys type them.
    expect(await page.$$eval('#genre-pad button', (b) => b.every((x) => x.tabIndex === -1))).toBe(true);
    await page.locator('#genre-board').scrollIntoViewIfNeeded();
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 1"]').click();
    await page.keyboard.type('8');
    await page.locator('#genre-status').filter({ hasText: '8 is not a given of this 6×6 grid: its digits are 1 to 6.' }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(text);
    await page.close();
  });

  it('deletes a jigsaw region: its cells are named and outlined, the text keeps the edit, Make region mends it', async () => {
    const page = await h.openPage();
    await pickGenre(page, 'jigsaw');
    const original = await page.inputValue('#genre-text');
    const lines = original.split('\n');
    const size = Number(lines[1]!.split(' ')[0]);
    const regionLines = lines.slice(2 + size, 2 + 2 * size);
    const id = regionLines[0]!.split(' ')[0]!;
    const regionCells = regionLines.flatMap((line, r) => line.split(' ').flatMap((t, c) => (t === id ? [[r + 1, c + 1] as const] : [])));
    const labelsBefore = await page.$$eval('#genre-board [role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label')));
    const cell = (row: number, column: number) =>
      page.locator(`#genre-board [role=gridcell][aria-label^="row ${row}, column ${column},"], #genre-board [role=gridcell][aria-label="row ${row}, column ${column}"]`).first();
    await page.locator('#genre-board').scrollIntoViewIfNeeded();
    await cell(1, 1).click();
    expect(await page.textContent('#genre-selection')).toBe('1 cell selected.');
    await page.click('#genre-delete-region');
    // A warning: the map is being drawn anew (genre-editing.test.ts).
    await page.locator('#genre-status[data-kind=warning]').waitFor();
    expect(await page.textContent('#genre-status')).toContain(`${regionCells.length} cells are in no region: the region map has '-' at line ${3 + size}, column 1 (row 1, column 1);`);
    const text = await page.inputValue('#genre-text');
    expect(text.split('\n').slice(2 + size, 2 + 2 * size).join(' ').split(' ').filter((t) => t === '-').length).toBe(regionCells.length);
    // The board drawn before stays, with the regions the text has (the deleted one's
    // cells walled alone), the cells in no region outlined on it.
    expect(await page.$$eval('#genre-board g.highlight rect', (rects) => rects.length)).toBe(regionCells.length);
    // (Each cell's region is said as the walls now draw them: the deleted one's cells each alone.)
    const withoutRegion = (labels: (string | null)[]): string[] => labels.map((l) => (l ?? '').replace(/, region \d+$/, ''));
    expect(withoutRegion(await page.$$eval('#genre-board [role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label'))))).toEqual(withoutRegion(labelsBefore));
    expect(await page.textContent('#genre-selection')).toContain('Drag over cells');
    await page.locator('#genre-board').screenshot({ path: join(resultsDir, 'genre-jigsaw-deleted-region.png') });
    // Cells in pieces (a far corner beside the region's first cell) are no region: refused,
    // the text as it was.
    const unmade = await page.inputValue('#genre-text');
    await cell(regionCells[0]![0], regionCells[0]![1]).click();
    await cell(size, size).click({ modifiers: ['Control'] });
    await page.click('#genre-make-region');
    await page.locator('#genre-status').filter({ hasText: 'not one area of cells side by side' }).waitFor();
    expect(await page.inputValue('#genre-text')).toBe(unmade);
    // Select the same cells with Ctrl+click and make them a region again.
    await cell(regionCells[0]![0], regionCells[0]![1]).click();
    for (const [row, column] of regionCells) await cell(row, column).click({ modifiers: ['Control'] });
    expect(await page.textContent('#genre-selection')).toBe(`${regionCells.length} cells selected.`);
    await page.click('#genre-make-region');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor();
    const status = await solved(page);
    expect(status).toContain('the rule checker confirms every rule');
    await page.close();
  });
});
