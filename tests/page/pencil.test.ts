// SPDX-License-Identifier: GPL-3.0-or-later
// The pencil puzzles on the page, in headless Chromium: paste each genre's puzz.link
// URL anywhere on the page (the URLs of pzprjs's test scripts), see its page and board,
// solve, and read the answer back from the board's ARIA grid, compared with the answer
// the engine gives through the protocol; the cut rounds of a Hitori counted live; the
// puzzle written back as a URL; a cut-short URL refused with nothing changed.
// Screenshots go to test-results/.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { loadModule } from '../wasm/helpers';
import { GENRE_IDS } from '../../web/src/solver/genre';
import { paste, pickGenre, resultsDir, settledStatus, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

/** pzprjs's test URL of each genre (test/script/<pid>.js). */
const URLS: Record<string, string> = {
  hitori: 'https://puzz.link/p?hitori/4/4/1114142333214213',
  akari: 'https://puzz.link/p?akari/6/6/nekcakbl',
  'star-battle': 'https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou',
  norinori: 'https://puzz.link/p?norinori/5/5/cag4ocjo',
  heyawake: 'https://puzz.link/p?heyawake/6/6/lll155007rs12222j',
  kuromasu: 'https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i',
  shikaku: 'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j',
  nurikabe: 'https://puzz.link/p?nurikabe/5/5/g5k2o1k3g',
  slitherlink: 'https://puzz.link/p?slither/5/5/cbcbcddad',
  kakuro: 'https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3',
};

/** The cells' labels of the drawn board ("row 1, column 2, 5, given, shaded"), row by row. */
async function cellLabels(page: Page): Promise<string[]> {
  return page.$$eval('#genre-board [role=gridcell]', (cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
}

/** The genres whose answer marks cells (shaded, a star, a lamp), read back from the board. */
const MARKED = new Set(['hitori', 'star-battle', 'norinori', 'heyawake', 'kuromasu', 'nurikabe', 'akari']);

let module: GridmilpModule;
beforeAll(async () => {
  module = await loadModule('gridmilp_wasm_sat');
});

/** What marks a cell of the answer on the board: shaded, a star, a lamp (or nothing). */
const mark = (label: string): string => (/\bshaded\b/.test(label) ? 'x' : /\bstar\b/.test(label) ? 'star' : /\blamp\b/.test(label) ? 'lamp' : '');

describe('pencil puzzles on the page', () => {
  const registered = Object.keys(URLS).filter((g) => (GENRE_IDS as readonly string[]).includes(g));

  it('opens each genre from its pasted URL, solves it and shows the answer on the board', async () => {
    const page = await h.openPage();
    for (const genre of registered) {
      await paste(page, URLS[genre]!);
      await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
      expect(await page.inputValue('#genre'), genre).toBe(genre);
      expect(await page.inputValue('#genre-text'), genre).toContain(`source=${URLS[genre]}`);
      expect(await page.getAttribute('#genre-url', 'href'), genre).toBe(URLS[genre]);
      await page.click('#genre-solve');
      await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
      expect(await page.textContent('#genre-status'), genre).toContain('the rule checker confirms every rule');
      // The board shows the answer the engine gives through the protocol in Node.
      const engine = JSON.parse(module.handleRequest(JSON.stringify({ type: 'solve', puzzle: URLS[genre] })));
      const cells: number[] = engine.result.answer.cells;
      const labels = await cellLabels(page);
      expect(labels.length, genre).toBe(cells.length);
      if (MARKED.has(genre)) {
        expect(labels.map((l) => (mark(l) === '' ? 0 : 1)), `${genre}: the board's marks`).toEqual(cells.map((v) => (v > 0 ? 1 : 0)));
      } else if (genre === 'kakuro') {
        const digits = labels.map((l) => Number(/, (\d), solved/.exec(l)?.[1] ?? 0));
        expect(digits, 'kakuro: the digits on the board').toEqual(cells.map((v) => Math.max(0, v)));
      }
      // What a screen reader hears is the answer too (an accessibility session: the loop
      // and the rectangles were only drawn, the regions never said).
      const clue = (l: string): number | null => {
        const m = /^row \d+, column \d+, (\d+), given/.exec(l);
        return m === null ? null : Number(m[1]); // a clue of 0 is a clue
      };
      const region = (l: string): number => Number(/, region (\d+)$/.exec(l)?.[1] ?? 0);
      if (genre === 'slitherlink') {
        const sides = (l: string): number => (/loop along ([a-z, ]+)/.exec(l)?.[1] ?? '').split(', ').filter((w) => w !== '').length;
        expect(labels.filter((l) => clue(l) !== null).map((l) => sides(l) - clue(l)!), 'slitherlink: a clue counts its sides on the loop').toEqual(labels.filter((l) => clue(l) !== null).map(() => 0));
        expect(labels.some((l) => /loop along/.test(l) && clue(l) === null), 'slitherlink: cells without a clue say the loop too').toBe(true);
      }
      if (genre === 'shikaku') {
        // Each rectangle holds one number, its area.
        const areas = new Map<number, number[]>();
        labels.forEach((l) => areas.set(region(l), [...(areas.get(region(l)) ?? []), ...(clue(l) !== null ? [clue(l)!] : [])]));
        expect(areas.has(0), 'shikaku: every cell in a rectangle').toBe(false);
        for (const [k, numbers] of areas) expect([numbers.length, numbers[0]], `shikaku: rectangle ${k}`).toEqual([1, labels.filter((l) => region(l) === k).length]);
      }
      if (genre === 'star-battle') {
        // One star in each region (the URL's 1).
        const stars = new Map<number, number>();
        labels.forEach((l) => stars.set(region(l), (stars.get(region(l)) ?? 0) + (mark(l) === 'star' ? 1 : 0)));
        expect([...stars.keys()].sort((a, b) => a - b), 'star battle: six regions said').toEqual([1, 2, 3, 4, 5, 6]);
        expect([...stars.values()], 'star battle: a star in each region').toEqual([1, 1, 1, 1, 1, 1]);
      }
      await page.screenshot({ path: join(resultsDir, `pencil-${genre}-solved.png`) });
    }
    await page.close();
  });

  it('counts the cut rounds of a Hitori live and shows the last', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'hitori');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    // A 3×3 whose first solution walls a corner in unless the model knows better: the
    // rounds show whatever the solver met; at least one round is always counted.
    await page.fill('#genre-text', '=== own_3x3\n3 3\n1 1 2\n1 2 3\n2 3 1\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
    expect(Number(await page.textContent('#genre-bnb-rounds'))).toBeGreaterThanOrEqual(1);
    const labels = await cellLabels(page);
    expect(labels[0]).toBe('row 1, column 1, shaded, 1, given');
    await page.close();
  });

  it('steps through the cut rounds of a Nurikabe: each round\'s answer, its cut cells outlined, its cuts in words', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    // The model picker says what the default does on CNF-SAT for this puzzle: cells, then
    // stream, then stream-layers (its stream is small enough for layers).
    expect(await page.textContent('#genre-model option[value=""]')).toBe('default: cells → stream → stream-layers (CNF-SAT)');
    // The page's example (own_6x6_seed13, islands under half the grid: sizes and the
    // stream by cuts): its first answer is rejected by cuts.
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
    expect(await page.isVisible('#genre-cut-rounds')).toBe(true);
    const rounds = Number(await page.textContent('#genre-round-count'));
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(Number(await page.textContent('#genre-bnb-rounds'))).toBe(rounds);
    // The status counts the cuts in its rows, which the Formulation (the model as built)
    // does not have.
    const solved = (await page.textContent('#genre-status'))!;
    const [, total, cuts, of] = /([\d,]+) rows \(with the (\d+) cuts? of (\d+) rounds?\) ×/.exec(solved) ?? [];
    expect(Number(of)).toBe(rounds);
    expect(Number(cuts)).toBeGreaterThan(0);
    await page.click('#genre-formulation-button');
    await page.locator('#genre-status').filter({ hasText: /^The model “cells”: [\d,]+ rows/ }).waitFor({ timeout: 60_000 });
    const built = Number(/^The model “cells”: ([\d,]+) rows/.exec((await page.textContent('#genre-status'))!)![1]!.replace(/,/g, ''));
    expect(built + Number(cuts)).toBe(Number(total!.replace(/,/g, '')));
    // The last round is the answer: no cut.
    expect(await page.textContent('#genre-round-why')).toContain('No cut');
    expect(await page.$$eval('#genre-board g.highlight rect', (r) => r.length)).toBe(0);
    // Round 1: an answer the cuts reject, their cells outlined, their reasons listed.
    await page.$eval('#genre-round-step', (input: HTMLInputElement) => {
      input.value = '1';
      input.dispatchEvent(new Event('input'));
    });
    expect(await page.textContent('#genre-round-number')).toBe('1');
    expect(await page.textContent('#genre-round-why')).toMatch(/island of the \d at row \d, column \d has \d cells?/);
    expect(await page.$$eval('#genre-board g.highlight rect', (r) => r.length)).toBeGreaterThan(0);
    expect(await page.getAttribute('#genre-board svg', 'aria-label')).toMatch(/cut round 1: rejected by \d+ cuts?/);
    await page.screenshot({ path: join(resultsDir, 'pencil-nurikabe-round-1.png') });
    await page.close();
  });

  it('typesets the model a Nurikabe solve went on to, after the default\'s first spent its budget', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    // walls33_12x12 of scripts/make-nurikabe-walls.mjs (seed 33): islands of 90, 4, 2, 2, 1
    // and 1, which model cells does not answer within its budget; stream does
    // (its stream is 31 % of the grid: more than a quarter, so cells goes on as stream).
    await page.fill('#genre-text', `=== walls33_12x12
12 12
- - - - - - - - - - - -
- - - - - - - - - - - -
- - - - - - - - - - - -
- - - - - - - - - - - -
- - - - - - - - - - - -
- - - - - - - - - - - -
- - - - - - - - - - - -
- - - - - - - - - - - 90
- - - - - - - - - - - -
- 1 - - 2 - - 4 - - - -
- - - - - - - - - - - -
- 2 - - 1 - - - - - - -
`);
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    // Before a Solve the panel typesets the picker's model: the default's first.
    await page.click('#genre-formulation-button');
    await page.locator('#genre-status').filter({ hasText: /^The model “cells”: \d+ rows/ }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve');
    // While it solves, the Cut rounds panel follows the rounds: the latest one's cuts in
    // words, the stepper disabled until the end; the Engine time figure runs.
    await page.waitForFunction(
      () =>
        /^Solving… round/.test(document.getElementById('genre-status')!.textContent ?? '') &&
        !document.getElementById('genre-cut-rounds')!.hidden &&
        (document.getElementById('genre-round-step') as HTMLInputElement).disabled &&
        (document.getElementById('genre-round-why')!.textContent ?? '').length > 0 &&
        document.getElementById('genre-bnb-elapsed')!.textContent !== '0.00 ms',
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    await page.screenshot({ path: join(resultsDir, 'pencil-nurikabe-rounds-live.png'), fullPage: true });
    await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 120_000 });
    expect(await page.isEnabled('#genre-round-step')).toBe(true);
    expect(await page.textContent('#genre-status')).toContain('model “stream” (after model “cells” spent its budget of SAT propagations)');
    // The rows hold the last model's cuts alone; the rounds of all models are those the
    // stepper steps through.
    const counts = /rows \((?:with its ([\d,]+) cuts?|none of them cuts); ([\d,]+) cuts? in ([\d,]+) rounds? of all models\) × /.exec(
      (await page.textContent('#genre-status')) ?? '',
    );
    expect(counts).not.toBeNull();
    const number = (text: string | undefined): number => Number((text ?? '0').replace(/,/g, ''));
    expect(number(counts![1])).toBeLessThanOrEqual(number(counts![2]));
    expect(number(counts![3])).toBe(number((await page.textContent('#genre-round-count')) ?? ''));
    // After it, the model that answered, with the stream's own rule (unreached cells).
    await page.click('#genre-formulation-button');
    await page
      .locator('#genre-status')
      .filter({ hasText: 'The model “stream”, the model that answered the last Solve after “cells” spent its budget (pick “cells” in Model to see it):' })
      .waitFor({ timeout: 60_000 });
    const groups = (): Promise<string[]> => page.$$eval('#genre-formulation-body section h4', (hs) => hs.map((x) => x.textContent ?? ''));
    expect((await groups()).some((t) => t.includes('— unreached,'))).toBe(true);
    expect((await groups()).some((t) => t.includes('— big_border,'))).toBe(false);
    await page.screenshot({ path: join(resultsDir, 'pencil-nurikabe-formulation-after-fallback.png') });
    // Picking a model in Model shows that model again.
    await page.selectOption('#genre-model', 'cells');
    await page.click('#genre-formulation-button');
    await page.locator('#genre-status').filter({ hasText: /^The model “cells”: \d+ rows/ }).waitFor({ timeout: 60_000 });
    expect((await groups()).some((t) => t.includes('— big_border,'))).toBe(true);
    await page.close();
  });

  it('lists the rows of a clicked cell in the formulation, a clue\'s own row included', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'akari');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor();
    await page.click('#genre-formulation-button');
    await page.locator('#genre-formulation .katex').first().waitFor();
    const cell = (row: number, column: number) =>
      page.locator(
        `#genre-board [role=gridcell][aria-label="row ${row}, column ${column}"], #genre-board [role=gridcell][aria-label^="row ${row}, column ${column},"]`,
      );
    // The example's 1 at row 2, column 2: its clue row is about the lamps around it.
    await cell(2, 2).click();
    const rows = page.locator('#genre-formulation .formulation-cell[data-cell="2,2"]');
    await rows.waitFor();
    expect(await rows.locator('h4').textContent()).toBe('Rows of row 2, column 2: 1');
    await rows.getByRole('button', { name: 'clue[2,2]' }).click();
    const written = rows.locator('.formulation-row[data-row="clue[2,2]"]');
    await written.waitFor();
    expect(await written.textContent()).toMatch(/^clue\[2,2\]: \w+\[\d+,\d+\]( \+ \w+\[\d+,\d+\]){3} = 1$/);
    // The clue and the four white cells around it are outlined.
    expect(await page.locator('#genre-board g.highlight rect').count()).toBe(5);
    // A white cell: its runs and the cells that light it.
    await cell(1, 1).click();
    await page.locator('#genre-formulation .formulation-cell[data-cell="1,1"]').waitFor();
    const groups = await page.$$eval('#genre-formulation .formulation-cell-rows li', (items) => items.map((li) => li.textContent ?? ''));
    expect(groups.some((g) => g.includes('(lit)'))).toBe(true);
    expect(groups.some((g) => g.includes('clue['))).toBe(false);
    await page.locator('#genre-formulation').screenshot({ path: join(resultsDir, 'genre-akari-cell-rows.png') });
    await page.close();
  });

  it('keeps the genre and its puzzle in the address: a reload or a shared link shows them again', async () => {
    const page = await h.openPage();
    // A pasted URL: the address carries it.
    await paste(page, URLS.nurikabe!);
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#genre=nurikabe&pzl=${URLS.nurikabe}`);
    await page.reload();
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('nurikabe');
    expect(await page.getAttribute('#genre-url', 'href')).toBe(URLS.nurikabe);
    // The route chosen goes into the address too, and a reload chooses it again (a link
    // shared to teach branch-and-bound solved by CNF-SAT).
    await page.selectOption('#genre-model', 'stream');
    await page.selectOption('#genre-method', 'branch-and-bound');
    expect(new URL(page.url()).hash).toMatch(/&model=stream&method=branch-and-bound$/);
    await page.reload();
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-method')).toBe('branch-and-bound');
    await page.waitForFunction(() => (document.querySelector('#genre-model') as HTMLSelectElement).value === 'stream');
    await page.selectOption('#genre-model', '');
    await page.selectOption('#genre-method', 'sat');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#genre=nurikabe&pzl=${URLS.nurikabe}`);
    // A puzzle typed by hand: its own puzz.link URL, or its record's text.
    await page.fill('#genre-text', '=== mine\n4 4\n2 - - -\n- - - -\n- - - 1\n- - - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'mine: press Solve' }).waitFor({ timeout: 60_000 });
    const shared = page.url();
    // Its record's text, which keeps its name: its puzz.link URL, read back, was url-1.
    expect(new URL(shared).hash).toMatch(/^#genre=nurikabe&text=/);
    const other = await h.openPage();
    await other.goto(shared);
    await other.locator('#genre-status').filter({ hasText: 'mine: press Solve' }).waitFor({ timeout: 60_000 });
    expect(await other.inputValue('#genre')).toBe('nurikabe');
    expect(await other.locator('#genre-board [role=gridcell][aria-label^="row 3, column 4, 1"]').count()).toBe(1);
    // Copy puzz.link URL where the page has no clipboard (served over plain http): the
    // URL to copy by hand (a review: it said nothing).
    await other.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
    await other.click('#genre-copy-url');
    const href = (await other.getAttribute('#genre-url', 'href'))!;
    expect(href).toMatch(/^https:\/\/puzz\.link\/p\?nurikabe\/4\/4\//);
    await other.locator('#genre-status').filter({ hasText: `Copy this URL: ${href}` }).waitFor({ timeout: 10_000 });
    // A puzzle no puzz.link URL can hold says why in the link's place, with no Copy.
    await other.selectOption('#genre', 'star-battle');
    await other.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await other.fill('#genre-text', '=== holes\n4 4 1\na a b b\na @ b b\nc c d d\nc c d d\n');
    await other.click('#genre-draw');
    await other.locator('#genre-status').filter({ hasText: 'holes: press Solve' }).waitFor({ timeout: 60_000 });
    expect(await other.textContent('#genre-url')).toBe("This Star Battle has cells outside the grid or black cells ('@', '#'), which a puzz.link URL cannot hold");
    expect(await other.getAttribute('#genre-url', 'href')).toBeNull();
    expect(await other.isHidden('#genre-copy-url')).toBe(true);
    expect(new URL(other.url()).hash).toMatch(/^#genre=star-battle&text=/);
    // Back on Sudoku, the address is the Sudoku board's again.
    await other.selectOption('#genre', 'sudoku');
    expect(new URL(other.url()).hash).not.toMatch(/^#genre=/);
    // A link naming a genre the page does not solve says so.
    await other.goto(`${h.url}#genre=sokoban&text=x`);
    await other.reload();
    expect((await settledStatus(other)).text).toMatch(/^The link names the genre “sokoban”, which this page does not solve \(/);
    await page.close();
    await other.close();
  });

  it('a genre link says what it names that the page cannot use; a text the address cannot hold is said', async () => {
    // A helper's session: an unknown method or model in a shared link was dropped without a word.
    const page = await h.openPage();
    await page.goto(`${h.url}#genre=nurikabe&pzl=${encodeURIComponent(URLS.nurikabe!)}&method=fast&model=magic&objective=diagonal&colour=red`);
    await page.reload();
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const status = (await page.textContent('#genre-status'))!;
    expect(status).toContain('The link has what this page cannot use: ');
    expect(status).toContain('colour: not a parameter of a genre link (genre, pzl, text, model, method, objective)');
    expect(status).toContain('method=fast: not one of sat, branch-and-bound; sat is used');
    expect(status).toContain('objective=diagonal: Nurikabe has no objective; any answer is found');
    expect(status).toMatch(/model=magic: not a model of Nurikabe \([a-z-]+(, [a-z-]+)*\); its default is used/);
    expect(await page.inputValue('#genre-method')).toBe('sat');
    // A Star Battle with a hole has no puzz.link URL: its record is the address's, up to 8,000 characters.
    const n = 60;
    const rows = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (r === 0 && c === 0 ? '@' : String(r + 1))).join(' '));
    await page.selectOption('#genre', 'star-battle');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    // Its example's regions, as a screen reader hears them: six, its three `@` holes in none.
    const example = await cellLabels(page);
    expect(new Set(example.flatMap((l) => /, region (\d+)$/.exec(l)?.[1] ?? [])).size).toBe(6);
    expect([example[5], example[30], example[35]]).toEqual(['row 1, column 6, black cell', 'row 6, column 1, black cell', 'row 6, column 6, black cell']);
    await page.fill('#genre-text', `=== big\n${n} ${n} 1\n${rows.join('\n')}\n`);
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'big: press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toContain('The address keeps only the genre: the puzzle\'s text, 10,276 characters, is longer than the 8,000 an address holds');
    expect(new URL(page.url()).hash).toBe('#genre=star-battle');
    // Lines a paste leaves out are named in the paste's order, each of them.
    const bad = (k: number): string => `https://puzz.link/p?nurikabe/5/5/g-f${k}k2o1k3g`;
    await paste(page, [URLS.akari, bad(1), URLS.hitori, bad(2), bad(3), bad(4), bad(5), bad(6)].join('\n'));
    await page.locator('#genre-status').filter({ hasText: 'Left out' }).waitFor({ timeout: 60_000 });
    const left = (await page.textContent('#genre-status'))!;
    expect(left.indexOf('line 2: ')).toBeGreaterThan(0);
    expect(left.indexOf('line 2: ')).toBeLessThan(left.indexOf("line 3: a puzzle of genre 'hitori'"));
    expect(left).toContain('; and 2 more, at lines 7, 8.');
    await page.close();
  });

  it('goes Back from a genre picked to the Sudoku puzzle shown before, its address and its board', async () => {
    // Picking a genre replaced the Sudoku entry, and Back left the genre page under a Sudoku address.
    const page = await h.openPage();
    const first = `4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......`;
    const second = `..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..`;
    await page.goto(`${h.url}#p=${first}&n=9`);
    await page.goto(`${h.url}#p=${second}&n=9&model=candidates`);
    await page.locator('#status').filter({ hasText: 'Loaded the puzzle from the link' }).waitFor();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => location.hash.startsWith('#genre=nurikabe'));
    await page.goBack();
    await page.waitForFunction(() => !(document.querySelector('#sudoku-play') as HTMLElement).hidden);
    expect(new URL(page.url()).hash).toBe(`#p=${second}&n=9&model=candidates`);
    expect(await page.inputValue('#genre')).toBe('sudoku');
    expect(await page.isHidden('#genre-play')).toBe(true);
    expect(await page.inputValue('#opt-model')).toBe('candidates');
    await page.goBack();
    await page.waitForFunction((p) => location.hash === `#p=${p}&n=9`, first);
    expect(await page.locator('#board-container [aria-label="row 1, column 1: 4, given"]').count()).toBe(1);
    // Forward twice: the genre page again.
    await page.goForward();
    await page.goForward();
    await page.waitForFunction(() => !(document.querySelector('#genre-play') as HTMLElement).hidden);
    expect(await page.inputValue('#genre')).toBe('nurikabe');
    await page.close();
  });

  it('a genre whose text does not read shows no other genre\'s board, and its address keeps the text', async () => {
    // A user's session (2026-12-07): Hitori's board stayed under Nurikabe's heading, and
    // a 3 typed on it went into the Nurikabe text at a cell never seen.
    const page = await h.openPage();
    await pickGenre(page, 'nurikabe');
    const bad = '=== n\n4 4\n- 4 - -\n- - - -\n- - - 99\n- - - -\n';
    await page.fill('#genre-text', bad);
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: '99 is out of range' }).waitFor({ timeout: 60_000 });
    // Its own genre's board is kept (the status says what is wrong), the address has the text.
    expect(await page.locator('#genre-board svg').count()).toBe(1);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#genre=nurikabe&text=${bad}`);
    await pickGenre(page, 'hitori');
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: '99 is out of range' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#genre-board svg').count()).toBe(0);
    expect(await page.textContent('#genre-board')).toBe(
      'No board: the text does not read as a Nurikabe puzzle (the status line says where). Fix it and press Draw.',
    );
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#genre=nurikabe&text=${bad}`);
    // A reload keeps the text and says the same.
    await page.reload();
    await page.locator('#genre-status').filter({ hasText: '99 is out of range' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-text')).toBe(bad);
    // Solve on it: the engine refuses the text before any search, so no branch-and-bound
    // figures marked "(stopped)" (a user's session).
    await page.selectOption('#genre-method', 'branch-and-bound');
    await page.$eval('#genre-status', (status) => (status.textContent = '')); // the Solve's own error is waited for
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: '99 is out of range' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#genre-bnb').isVisible()).toBe(false);
    // A link whose URL was cut short opens its genre, the URL in the text to mend.
    const cut = 'https://puzz.link/p?nurikabe/6/6/4j4h';
    await page.goto(`${h.url}#genre=nurikabe&pzl=${encodeURIComponent(cut)}`);
    await page.reload();
    await page.locator('#genre-status').filter({ hasText: 'is the URL cut short?' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('nurikabe');
    expect(await page.inputValue('#genre-text')).toBe(cut);
    expect(await page.locator('#genre-board svg').count()).toBe(0);
    await page.close();
  });

  it('keeps the record chosen on a genre left for another and come back to', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.fill('#genre-text', '=== one\n2 2\n1 -\n- -\n=== two\n3 3\n2 - -\n- - -\n- - 1\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'one: press Solve' }).waitFor({ timeout: 60_000 });
    await page.selectOption('#genre-pick', '2');
    await page.locator('#genre-status').filter({ hasText: 'two: press Solve' }).waitFor({ timeout: 60_000 });
    await page.selectOption('#genre', 'akari');
    await page.locator('#genre-heading').filter({ hasText: 'Akari' }).waitFor();
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'two: press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-pick')).toBe('2');
    await page.close();
  });

  it('types a two-digit clue on the board and keeps the keyboard for the next keys', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.fill('#genre-text', '=== mine\n4 4\n- - - -\n- - - -\n- - - -\n- - - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 1"]').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('12');
    // The board is drawn again after each digit; the arrows and digits still reach it.
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 2, 12"]').waitFor({ timeout: 10_000 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('3');
    await page.locator('#genre-board [role=gridcell][aria-label^="row 2, column 2, 3"]').waitFor({ timeout: 10_000 });
    const rows = (await page.inputValue('#genre-text')).split('\n').slice(2, 4);
    expect(rows.map((line) => line.trim().split(/\s+/))).toEqual([
      ['-', '12', '-', '-'],
      ['-', '3', '-', '-'],
    ]);
    expect(await page.evaluate(() => document.activeElement?.closest('#genre-board') !== null)).toBe(true);
    // A digit that would make a clue larger than the grid holds starts a new number: 9
    // then 9 on a 4×4 (16 cells) is 9, not 99 (a 3×3 Shikaku's 1 then 2 was 12).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('99');
    await page.locator('#genre-board [role=gridcell][aria-label^="row 3, column 2, 9"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(() => (document.getElementById('genre-text') as HTMLTextAreaElement).value.split('\n')[4]!.trim().split(/\s+/)[1] === '9');
    // A clue the engine refuses (99 on a 4×4, written in the text) stays in the text and
    // shows in its cell on the board kept, beside the error, as a screen reader hears it;
    // Delete clears it and the board is drawn again.
    const lines = (await page.inputValue('#genre-text')).split('\n');
    lines[4] = '- 99 - -';
    await page.fill('#genre-text', lines.join('\n'));
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: '99 is out of range' }).waitFor({ timeout: 10_000 });
    await page.locator('#genre-board g.typed text', { hasText: '99' }).waitFor({ timeout: 10_000 });
    expect(await page.getAttribute('#genre-board [role=gridcell][aria-label^="row 3, column 2,"]', 'aria-label')).toBe(
      'row 3, column 2, 99 typed, not read (the status line says why)',
    );
    await page.screenshot({ path: join(resultsDir, 'genre-nurikabe-typed-out-of-range.png') });
    await page.locator('#genre-board [role=gridcell][aria-label^="row 3, column 2,"]').click();
    await page.keyboard.press('Delete');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('#genre-board g.typed').count()).toBe(0);
    await page.close();
  });

  it('enters clues with the pad under the board, as on a phone without a keyboard', async () => {
    const page = await h.openPage({ width: 375, height: 740 });
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.fill('#genre-text', '=== mine\n4 4\n- - - -\n- - - -\n- - - -\n- - - -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const pad = (text: string) => page.locator('#genre-pad button', { hasText: new RegExp(`^${text}$`) });
    expect(await page.$$eval('#genre-pad button', (b) => b.map((x) => x.textContent).join(' '))).toBe('0 1 2 3 4 5 6 7 8 9 ⌫ ↶ ↷');
    // Nothing selected: the pad says what to do first.
    await pad('5').click();
    await page.locator('#genre-status').filter({ hasText: 'Tap a cell' }).waitFor({ timeout: 10_000 });
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 2"]').click();
    await pad('1').click();
    await pad('0').click();
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 2, 10"]').waitFor({ timeout: 10_000 });
    // The selection stays on the board through the taps: a digit that would make more
    // than 99 starts a new number.
    await page.waitForTimeout(1_100);
    await pad('3').click();
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 2, 3"]').waitFor({ timeout: 10_000 });
    await page.locator('#genre-board [role=gridcell][aria-label^="row 4, column 4"]').click();
    await pad('2').click();
    await page.locator('#genre-board [role=gridcell][aria-label^="row 4, column 4, 2"]').waitFor({ timeout: 10_000 });
    await pad('⌫').click();
    await page.locator('#genre-board [role=gridcell][aria-label="row 4, column 4"]').waitFor({ timeout: 10_000 });
    expect((await page.inputValue('#genre-text')).split('\n').slice(2, 6).map((line) => line.trim().split(/\s+/).join(' '))).toEqual([
      '- 3 - -',
      '- - - -',
      '- - - -',
      '- - - -',
    ]);
    // Akari's pad: its clues 0–4 and x, a black cell without one.
    await page.selectOption('#genre', 'akari');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.$$eval('#genre-pad button', (b) => b.map((x) => x.textContent).join(' '))).toBe('0 1 2 3 4 x ⌫ ↶ ↷');
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 1"]').click();
    await pad('x').click();
    await page.waitForFunction(() => (document.querySelector('#genre-text') as HTMLTextAreaElement).value.split('\n')[2]!.trim().startsWith('x'));
    await page.screenshot({ path: join(resultsDir, 'genre-pad-phone.png'), fullPage: true });
    // A genre edited by regions only has no clue keys: Undo and Redo alone.
    await page.selectOption('#genre', 'star-battle');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.$$eval('#genre-pad button', (b) => b.map((x) => x.textContent).join(' '))).toBe('↶ ↷');
    await page.close();
  });

  it('Check uniqueness of a puzzle with two answers draws both, the differing cells marked on each', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    // A clue 2 in the corner of a 2×2 grid: its island goes right or down.
    await page.fill('#genre-text', '=== two\n2 2\n2 -\n- -\n');
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-unique');
    await page.locator('#genre-status').filter({ hasText: 'Not unique' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe(
      'Not unique: a second answer differs in 2 cells, marked on the board (row 1, column 2; row 2, column 1). Step between the two answers below the board.',
    );
    const shaded = async (): Promise<string[]> => (await cellLabels(page)).filter((l) => mark(l) === 'x').map((l) => /^row \d+, column \d+/.exec(l)![0]);
    const marked = (): Promise<number> => page.locator('#genre-board g.highlight rect').count();
    expect(await page.isVisible('#genre-answers')).toBe(true);
    const first = await shaded();
    const firstMarks = await marked();
    await page.locator('#genre-answer-step').fill('2');
    await page.locator('#genre-answer-number').filter({ hasText: '2' }).waitFor();
    const second = await shaded();
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(second).not.toEqual(first);
    expect(firstMarks).toBe(2);
    expect(await marked()).toBe(firstMarks);
    await page.screenshot({ path: join(resultsDir, 'pencil-nurikabe-not-unique.png') });
    await page.close();
  });

  it('a URL pasted on another genre\'s page gives the engine\'s own error; during a solve it is refused, saying so', async () => {
    const page = await h.openPage();
    await paste(page, URLS.heyawake!);
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const before = await page.inputValue('#genre-text');
    // (cspuz's test URL with its first '-', no sum, changed to '!', which no encoder writes.)
    await paste(page, 'https://puzz.link/p?kakuro/6/5/Dclh4t9fl3!p-gl-alJeC3BgG');
    await page.locator('#genre-status').filter({ hasText: 'The pasted URL' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toMatch(/^The pasted URL: .*URL body, character 11 \('!'\)/);
    // The status line may be below the fold (a tall board): the refusal brings it into view.
    await page.waitForFunction(() => {
      const r = document.getElementById('genre-status')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight + 1; // scrolled to the bottom edge, to a fraction of a pixel
    });
    // A body with characters after the puzzle's last cell (a skip code changed) is
    // refused too, not read as another puzzle.
    await paste(page, 'https://puzz.link/p?nurikabe/6/6/4j4h3z1p2j4');
    await page.locator('#genre-status').filter({ hasText: "after the puzzle's last cell" }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('heyawake');
    expect(await page.inputValue('#genre-text')).toBe(before);
    // While a slow solve runs, a pasted URL is refused with a word, not dropped.
    await page.selectOption('#genre', 'latin-square');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const empty = Array.from({ length: 25 }, () => Array(25).fill('-').join(' ')).join('\n');
    await page.fill('#genre-text', `=== big\n25 25\n${empty}\n`);
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.selectOption('#genre-method', 'branch-and-bound');
    await page.click('#genre-solve');
    await page.locator('#genre-stop:not([disabled])').waitFor();
    await paste(page, URLS.akari!);
    await page.locator('#genre-status').filter({ hasText: 'The solver is busy' }).waitFor({ timeout: 10_000 });
    // The solve's progress lines carry the warning for a while (they would replace it).
    await page.waitForTimeout(1500);
    expect(await page.textContent('#genre-status')).toMatch(/(^|— )The solver is busy: paste the URL again when it is done, or press Stop first\.$/);
    await page.click('#genre-stop');
    await page.locator('#genre-solve:not([disabled])').waitFor();
    // Another genre picked during a solve stops it: the new page shows its own puzzle,
    // not the solve's rounds under another heading.
    await page.click('#genre-solve');
    await page.locator('#genre-stop:not([disabled])').waitFor();
    await page.selectOption('#genre', 'akari');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-heading')).toBe('Akari (Light Up)');
    expect(await page.isDisabled('#genre-solve')).toBe(false);
    expect((await page.getAttribute('#genre-board svg', 'aria-label')) ?? '').toMatch(/^Akari/);
    // A URL typed into the text box and drawn opens its genre's page, as a paste does.
    await page.selectOption('#genre', 'norinori');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.fill('#genre-text', URLS.hitori!);
    await page.click('#genre-draw');
    await page.locator('#genre-heading').filter({ hasText: 'Hitori' }).waitFor({ timeout: 60_000 });
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('hitori');
    expect(await page.inputValue('#genre-text')).toContain(`source=${URLS.hitori}`);
    await paste(page, URLS.akari!);
    // Hitori's status said 'press Solve' already: the wait is on Akari's heading.
    await page.locator('#genre-heading').filter({ hasText: 'Akari' }).waitFor({ timeout: 60_000 });
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('akari');
    await page.close();
  });

  it('a paste of URLs of several genres opens the first, naming each URL it leaves out; an edit drops the stale source=', async () => {
    const page = await h.openPage();
    const text = [URLS.akari, URLS.hitori, 'https://puzz.link/p?nurikabe/5/5/g-ffk2o1k3g', 'https://puzz.link/p?akari/4/4/g1k23k3g'].join('\n');
    await paste(page, text);
    await page.locator('#genre-status').filter({ hasText: 'Left out' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('akari');
    const records = await page.inputValue('#genre-text');
    expect(records).toContain(`=== url-1 source=${URLS.akari}`);
    expect(records).toContain('=== url-4 source=https://puzz.link/p?akari/4/4/g1k23k3g');
    expect(records).not.toContain('hitori');
    const status = (await page.textContent('#genre-status'))!;
    expect(status).toContain("line 2: a puzzle of genre 'hitori' (paste it on its own");
    expect(status).toContain("line 3: row 1, column 2: a clue (an island's size) 255 is out of range (1 to 25)");
    await page.screenshot({ path: join(resultsDir, 'pencil-mixed-paste.png'), fullPage: true });
    // The route is each genre's own: branch-and-bound chosen for Akari stays Akari's.
    await page.selectOption('#genre-method', 'branch-and-bound');
    // An edit on the board: the record's header no longer claims the URL.
    await paste(page, URLS.nurikabe!);
    // Nurikabe's own status: Akari's ("url-1: press Solve. Left out …") matched 'press Solve'
    // before the switch, and the route was read too early under load (a CI run).
    await page.waitForFunction(
      () =>
        (document.getElementById('genre') as HTMLSelectElement).value === 'nurikabe' &&
        /press Solve/.test(document.getElementById('genre-status')?.textContent ?? '') &&
        !/Left out/.test(document.getElementById('genre-status')?.textContent ?? ''),
      undefined,
      { timeout: 60_000 },
    );
    expect(await page.inputValue('#genre-method')).toBe('sat');
    await page.locator('#genre-board [role=gridcell][aria-label^="row 1, column 1"]').click();
    await page.keyboard.type('4');
    await page.waitForFunction(() => !(document.getElementById('genre-text') as HTMLTextAreaElement).value.includes('source='));
    expect(await page.inputValue('#genre-text')).toMatch(/^=== url-1\n5 5\n\s*4 /);
    await page.selectOption('#genre', 'akari');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-method')).toBe('branch-and-bound');
    await page.close();
  });

  it('refuses a cut-short URL saying which part, and keeps what was on the page', async () => {
    const page = await h.openPage();
    await paste(page, URLS.hitori!);
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const before = await page.inputValue('#genre-text');
    await paste(page, 'https://puzz.link/p?hitori/4/4/1114');
    await page.locator('#status, #genre-status').filter({ hasText: 'cut short' }).first().waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-text')).toBe(before);
    await paste(page, 'https://puzz.link/p?mashu/6/6/1063000i3000');
    await page.locator('#status, #genre-status').filter({ hasText: "genre 'mashu'" }).first().waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-text')).toBe(before);
    await page.close();
  });

  it('opens a URL typed into the Sudoku page\'s text box and loaded, as a paste does', async () => {
    const page = await h.openPage();
    await page.getByRole('textbox', { name: 'Puzzle text' }).fill(URLS.hitori!);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre')).toBe('hitori');
    expect(await page.textContent('#status')).not.toMatch(/undefined/);
    await page.close();
  });
});
