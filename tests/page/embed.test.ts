// SPDX-License-Identifier: GPL-3.0-or-later
// Sharing in headless Chromium: the puzzle in the URL hash (and Back), ?bd=, the embed
// view inside an iframe on another origin, the Embed dialog, and the teaching page.
// Every test also fails on a console error, a page error or a request to another origin.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedData, readData } from '../common/test-data';
import { embedSnippet, readEmbed } from '../../web/src/page/embed-state';
import { readEuler96, readOnePerLine, solutionProblems } from '../wasm/helpers';
import {
  engineReady,
  firstSolvedBySingles,
  paste,
  readGivens,
  resultsDir,
  settledStatus,
  showFormulation,
  showModelPanel,
  useHarness,
  type Harness,
} from './harness';

let h: Harness;

const p096 = readEuler96(readData('p096_sudoku.txt'));
/**
 * An easy grid whose LP relaxation is integral (singles alone solve it): Project Euler
 * 96's Grid 01 with the shared set, else the first such grid of gridmilp's stand-in.
 */
const [, grid01] = firstSolvedBySingles(p096);
/** Norvig's top95 with the shared set, else gridmilp's own hard95 (all need branching). */
const top95 = readOnePerLine(readData('top95.txt'));

useHarness((started) => {
  h = started;
});

/** Open the page (engine ready), then go to `path` under the app's URL. */
async function openAt(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await h.openPage(viewport);
  await page.goto(new URL(path, h.url).toString());
  return page;
}

/** The n·n values shown on a board in `where` (`.` empty). */
async function boardOf(where: Page | Frame): Promise<string> {
  // The editor's grid (`.board`), not the LP relaxation's picture over it.
  return where
    .locator('.board [role="gridcell"]')
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.value || '.').join(''));
}

/** The givens on a board in `where` (solved digits read as `.`). */
async function givensOf(where: Page | Frame): Promise<string> {
  return where
    .locator('.board [role="gridcell"]')
    .evaluateAll((cells) =>
      cells.map((c) => ((c as HTMLElement).dataset.kind === 'given' ? (c as HTMLElement).dataset.value : '.')).join(''),
    );
}

/** Wait until the embed view in `frame` is idle and return its status. */
async function embedSettled(frame: Frame): Promise<{ text: string; kind: string }> {
  await frame.waitForFunction(
    () => {
      const el = document.querySelector('[role="status"]') as HTMLElement | null;
      return el !== null && el.dataset.kind !== 'busy' && document.body.dataset.busy === '' && el.textContent !== 'Loading the solver…';
    },
    undefined,
    { timeout: 120_000 },
  );
  const status = frame.locator('[role="status"]');
  return { text: ((await status.textContent()) ?? '').trim(), kind: (await status.getAttribute('data-kind')) ?? '' };
}

/** Press Solve in the embed view and return the solved board. */
async function solveIn(frame: Frame): Promise<{ board: string; status: { text: string; kind: string } }> {
  await frame.getByRole('button', { name: /Solve/ }).click();
  const status = await embedSettled(frame);
  return { board: await boardOf(frame), status };
}

describe('URL state', () => {
  it('restores a puzzle and the model from the hash, and Back returns to it', async () => {
    const page = await openAt(`index.html#p=${grid01}&model=reduced`);
    await engineReady(page);
    expect(await readGivens(page)).toBe(grid01);
    expect(await page.getByLabel('MILP').inputValue()).toBe('reduced');
    // The model panel describes the restored model, not the default one.
    await showModelPanel(page);
    await expect
      .poll(() => page.locator('#formulation .f-model').getAttribute('data-model'))
      .toBe('reduced');
    expect((await settledStatus(page)).text).toMatch(/^Loaded the puzzle from the link \(\d+ givens\)/);

    // A second puzzle: a new history entry, written into the hash.
    await page.locator('header h1').click();
    await paste(page, top95[0]!);
    expect((await settledStatus(page)).text).toMatch(/^Loaded/);
    expect(await readGivens(page)).toBe(top95[0]);
    expect(await page.evaluate(() => location.hash)).toBe(`#p=${top95[0]}&n=9&model=reduced`);

    // Typing replaces the entry instead of adding one.
    const length = await page.evaluate(() => history.length);
    await page.locator('[role="gridcell"][data-kind="empty"]').first().click();
    await page.keyboard.press('Backspace');
    expect(await page.evaluate(() => history.length)).toBe(length);

    await page.goBack();
    await page.waitForFunction((g) => document.querySelector('[role="gridcell"]') !== null && location.hash.includes(g), grid01);
    await expect.poll(() => readGivens(page)).toBe(grid01);
    expect(await page.getByLabel('MILP').inputValue()).toBe('reduced');
    await page.goForward();
    await expect.poll(() => readGivens(page)).toBe(top95[0]);

    // Options go into the link too.
    await page.getByLabel('Solve optimises').selectOption('diagonal');
    expect(await page.evaluate(() => location.hash)).toContain('obj=diagonal');
    await page.close();
  });

  it('keeps a weighted objective, its weights and direction, in the link, and a followed link restores them', async () => {
    // The link kept the presets only: a weighted objective chosen was lost on the way.
    const page = await openAt(`index.html#p=${grid01}&n=9`);
    await engineReady(page);
    await page.getByLabel('Solve optimises').selectOption('weighted');
    await page.getByLabel('Weight of row 1, column 2').fill('7');
    await page.getByLabel('Weight of row 9, column 9').fill('-2');
    await page.getByLabel('Direction').selectOption('minimize');
    const weights = Array.from({ length: 81 }, (_, i) => (i === 1 ? 7 : i === 80 ? -2 : 1));
    const hash = `#p=${grid01}&n=9&obj=weighted&w=${weights.join(',')}&sense=minimize`;
    expect(await page.evaluate(() => location.hash)).toBe(hash);
    // Following the link in a fresh page shows the same objective.
    const other = await openAt(`index.html${hash}`);
    await engineReady(other);
    expect(await other.getByLabel('Solve optimises').inputValue()).toBe('weighted');
    expect(await other.getByLabel('Direction').inputValue()).toBe('minimize');
    expect(await other.getByLabel('Weight of row 1, column 2').inputValue()).toBe('7');
    expect(await other.getByLabel('Weight of row 9, column 9').inputValue()).toBe('-2');
    expect(await other.getByLabel('Weight of row 1, column 1').inputValue()).toBe('1');
    // All weights 1 again: the link names the objective only.
    await other.getByRole('button', { name: 'All weights 1' }).click();
    await other.getByLabel('Direction').selectOption('maximize');
    expect(await other.evaluate(() => location.hash)).toBe(`#p=${grid01}&n=9&obj=weighted`);
    await page.close();
    await other.close();
  });

  it('names a link parameter it does not know; a snippet\'s src pasted with its &amp; opens as its link', async () => {
    // "modle=reduced" loaded the puzzle with the textbook model and no word; a src copied
    // out of the Embed snippet's HTML dropped its model and objective.
    const page = await openAt(`index.html#p=${grid01}&n=9&modle=reduced`);
    await engineReady(page);
    expect((await settledStatus(page)).text).toContain(
      "The link has what this page cannot use: modle: not a parameter of this page's links (p, bd, n, model, method, obj, w, sense, sym).",
    );
    await page.locator('header h1').click();
    await paste(page, new URL(`embed.html?p=${top95[0]!}&amp;n=9&amp;model=reduced&amp;panels=board`, h.url).toString());
    await page.waitForFunction((p) => location.hash.startsWith(`#p=${p}`), top95[0]!);
    await expect.poll(() => readGivens(page)).toBe(top95[0]);
    expect(await page.getByLabel('MILP').inputValue()).toBe('reduced');
    await page.close();
  });

  it('reads ?bd=<81 characters> on load and turns it into a hash link', async () => {
    const puzzle = top95[4]!;
    const page = await openAt(`index.html?bd=${puzzle.replace(/\./g, '0')}`);
    await engineReady(page);
    expect(await readGivens(page)).toBe(puzzle);
    expect(await page.evaluate(() => location.search)).toBe('');
    expect(await page.evaluate(() => location.hash)).toBe(`#p=${puzzle}&n=9`);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const status = await settledStatus(page);
    expect(status.kind).toBe('ok');
    expect(solutionProblems(puzzle, await boardOf(page))).toEqual([]);
    await page.close();
  });
});

describe('embed view in an iframe on another origin', () => {
  let host: Server;
  let hostDir: string;
  let hostUrl: string;

  beforeAll(async () => {
    hostDir = mkdtempSync(join(tmpdir(), 'gridmilp-host-'));
    // The page's own Embed snippet, as a teacher pastes it (urlstate.ts).
    const snippet = embedSnippet(`${h.url}embed.html`, { ...readEmbed(new URLSearchParams(`p=${grid01}&panels=relaxation`)), readonly: true });
    writeFileSync(
      join(hostDir, 'host.html'),
      `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>` +
        `<body><h1>A course page</h1>${snippet.replace('<iframe ', '<iframe id="demo" ').replace(' loading="lazy"', '')}</body></html>`,
    );
    host = createServer((req, res) => {
      if (req.url === '/host.html') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(readFileSync(join(hostDir, 'host.html')));
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/host.html`;
  });

  afterAll(async () => {
    host?.closeAllConnections();
    await new Promise<void>((resolve) => host?.close(() => resolve()));
    rmSync(hostDir, { recursive: true, force: true });
  });

  it('solves inside the frame, keeps the board read-only and shows the relaxation', async () => {
    const page = await h.context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(hostUrl);
    expect(new URL(hostUrl).origin).not.toBe(new URL(h.url).origin);
    const iframe = await page.locator('#demo').elementHandle();
    const frame = (await iframe!.contentFrame())!;
    await frame.locator('[role="gridcell"]').first().waitFor();
    expect(await givensOf(frame)).toBe(grid01);
    // The whole board fits the frame's width.
    const fit = await frame.evaluate(() => ({
      right: document.querySelector('[role="grid"]')!.getBoundingClientRect().right,
      width: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth,
    }));
    expect(fit.right).toBeLessThanOrEqual(fit.width);
    expect(fit.scroll).toBeLessThanOrEqual(fit.width);

    // The relaxation panel runs the root LP at once: integral for this easy grid.
    const relax = frame.locator('#relaxation-panel');
    expect(await relax.isVisible()).toBe(true);
    await embedSettled(frame);
    expect(await frame.locator('#relax-text').textContent()).toContain('integral');
    expect(await frame.locator('.board-picture text.candidate.solid').count()).toBe([...grid01].filter((c) => c === '.').length);
    expect(await frame.locator('#model-panel').isVisible()).toBe(false);
    expect(await frame.locator('#bnb').isVisible()).toBe(false);

    // Read-only: typing into a cell changes nothing.
    const empty = frame.locator('[role="gridcell"][data-kind="empty"]').first();
    await empty.click();
    await page.keyboard.press('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('7');
    expect(await givensOf(frame)).toBe(grid01);
    expect(await frame.locator('.board[role="grid"]').getAttribute('aria-readonly')).toBe('true');

    const { board, status } = await solveIn(frame);
    expect(status.kind).toBe('ok');
    expect(board).toMatch(/^[1-9]{81}$/);
    expect(solutionProblems(grid01, board)).toEqual([]);
    // The snippet's height holds the whole solved embed: board, Solve, status, relaxation.
    const frameHeight = await page.locator('#demo').evaluate((f) => f.clientHeight);
    expect(await frame.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(frameHeight);
    await page.locator('body').screenshot({ path: join(resultsDir, 'embed-cross-origin.png') });

    // Only the host page came from the host; everything the frame asked for came from gridmilp.
    const gridmilp = new URL(h.url).origin;
    const foreign = requests.filter((u) => /^https?:/.test(u) && new URL(u).origin !== gridmilp);
    expect(foreign).toEqual([hostUrl]);
    expect(requests.some((u) => u.endsWith('.wasm'))).toBe(true);
    expect(errors).toEqual([]);
    // The harness flags the host page itself as foreign; that one is expected.
    const flagged = `request to another origin: ${hostUrl}`;
    expect(h.problems.filter((p) => p === flagged).length).toBe(1);
    h.problems.splice(h.problems.indexOf(flagged), 1);
    await page.close();
  });

  it('gives the hosting page nothing but what its URL says: no DOM, no messages in or out', async () => {
    const page = await h.context.newPage();
    await page.goto(hostUrl);
    const frame = (await (await page.locator('#demo').elementHandle())!.contentFrame())!;
    await frame.locator('[role="gridcell"]').first().waitFor();
    await embedSettled(frame);
    const host = await page.evaluate(async () => {
      const seen: unknown[] = [];
      window.addEventListener('message', (e) => seen.push(e.data));
      const iframe = document.querySelector('iframe')!;
      let read = 'read';
      try {
        read = String(iframe.contentWindow!.document.title);
      } catch (e) {
        read = (e as Error).name;
      }
      let wrote = 'wrote';
      try {
        (iframe.contentWindow as unknown as { location: { hash: string } }).location.hash = '#p=1';
      } catch (e) {
        wrote = (e as Error).name;
      }
      // Messages a hostile host might try: the page must ignore them.
      for (const data of [{ type: 'solve' }, { p: '1'.repeat(81) }, 'setGivens', '<img src=x>']) {
        iframe.contentWindow!.postMessage(data, '*');
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { read, wrote, seen };
    });
    expect(host).toEqual({ read: 'SecurityError', wrote: 'SecurityError', seen: [] });
    expect(await givensOf(frame)).toBe(grid01);
    expect(await frame.evaluate(() => location.hash)).toBe('');
    const flagged = `request to another origin: ${hostUrl}`;
    h.problems.splice(h.problems.indexOf(flagged), 1);
    await page.close();
  });

  it('keeps the keyboard focus through a solve: on Stop while it runs, back on Solve after', async () => {
    const page = await openAt(`embed.html?p=${top95[0]}&panels=board,progress`);
    await page.waitForFunction(() => !(document.getElementById('solve') as HTMLButtonElement).disabled, null, { timeout: 60_000 });
    const focused = (): Promise<string> => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || '');
    await page.focus('#solve');
    // Where the focus is each time the page's busy state changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { focusSeen: string[] }).focusSeen = seen;
      new MutationObserver(() => seen.push(`${document.body.dataset.busy || 'idle'}:${document.activeElement?.id || document.activeElement?.tagName}`)).observe(document.body, {
        attributes: true,
        attributeFilter: ['data-busy'],
      });
    });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen.join(' ')), { timeout: 60_000 }).toBe('solve:stop idle:solve');
    expect(await focused()).toBe('solve');
    await page.close();
  });

  it('shows a 16×16 in 0–F when its URL says sym=hex', async () => {
    const givens = `1G${'.'.repeat(254)}`;
    const page = await openAt(`embed.html?p=${givens}&n=16&sym=hex`);
    const frame = page.mainFrame();
    await embedSettled(frame);
    expect(await boardOf(frame)).toBe(givens); // canonical underneath
    const shown = await page.locator('.board [role="gridcell"]').evaluateAll((cells) => cells.slice(0, 2).map((c) => c.textContent));
    expect(shown).toEqual(['0', 'F']);
    await page.close();
  });

  it('says a link\'s clashing givens in the board\'s symbols, marks them all, and Solve searches nothing', async () => {
    // A teacher's link: "press Solve" under red cells, then "Two 1s" under two 0s of a
    // 0–F board, one pair unmarked, and a search panel of zeros marked "(stopped)".
    const givens = `1..1${'.'.repeat(12)}1${'.'.repeat(239)}`;
    const page = await openAt(`embed.html?p=${givens}&n=16&sym=hex&panels=board,progress`);
    const frame = page.mainFrame();
    const clash = 'Two 0s in row 1: row 1, column 1 and row 1, column 4. Givens that clash leave the puzzle without a solution: change one of the marked cells.';
    expect(await embedSettled(frame)).toEqual({ text: clash, kind: 'error' });
    const conflicts = (): Promise<number> => page.locator('.board [role="gridcell"][aria-label*="conflict"]').count();
    expect(await conflicts()).toBe(3);
    await page.getByRole('button', { name: /Solve/ }).click();
    expect(await embedSettled(frame)).toEqual({ text: clash, kind: 'error' });
    expect(await conflicts()).toBe(3);
    expect(await page.locator('#bnb').isVisible()).toBe(false);
    await page.close();
  });

  it('shows a 25×25 whole, its smallest cells within the frame the Embed dialog writes for it', async () => {
    // Its board was capped at 480 px for 506 px of cells: the last columns behind a scroll.
    const snippet = embedSnippet('http://127.0.0.1/embed.html', readEmbed(new URLSearchParams(`n=25`)));
    expect(snippet).toContain('style="border:0;max-width:34rem"');
    for (const width of [1280, 544]) {
      const page = await openAt('embed.html?n=25', { width, height: 900 });
      await embedSettled(page.mainFrame());
      const box = await page.locator('#board-container').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(box.scroll, `${width} px`).toBeLessThanOrEqual(box.client);
      await page.close();
    }
  });

  it('says what in its address it cannot use: no puzzle keeps Solve off, a mistyped option is named', async () => {
    // A size this view cannot show: said, and not replaced by the relaxation's words.
    const page = await openAt('embed.html?n=7&panels=board,relaxation');
    const frame = page.mainFrame();
    expect(await embedSettled(frame)).toEqual({
      text: 'The puzzle cannot be shown: 7×7 is not a size this view can show.',
      kind: 'error',
    });
    expect(await page.getByRole('button', { name: /Solve/ }).isDisabled()).toBe(true);
    expect(await page.locator('#relax-text').textContent()).toBe('—');
    // Mistyped options: named, the defaults used, the puzzle solved.
    const p = top95[4]!;
    await page.goto(new URL(`embed.html?p=${p}&panels=boerd,relaxation&readonly=maybe`, h.url).toString());
    await page.waitForFunction(() => /fractional|integral/.test(document.getElementById('relax-text')?.textContent ?? ''));
    const notice = await embedSettled(frame);
    expect(notice.kind).toBe('error');
    expect(notice.text).toContain("panels: 'boerd' is not a panel (board, model, relaxation, progress, tree)");
    expect(notice.text).toContain('readonly=maybe: write readonly=1');
    // Editable (readonly=maybe is not read-only): a given that clashes is named at once.
    const row = p.slice(0, 9);
    const column = row.indexOf('.');
    const digit = [...row].find((c) => c !== '.')!;
    await page.locator('[role="gridcell"]').nth(column).click();
    await page.keyboard.press(digit);
    expect((await embedSettled(frame)).text).toMatch(new RegExp(`^Two ${digit}s in row 1`));
    await page.keyboard.press('Delete');
    const { board, status } = await solveIn(frame);
    expect(status.kind).toBe('ok');
    expect(solutionProblems(p, board)).toEqual([]);
    await page.close();
  });

  it('fits 320 px without sideways scrolling, with every panel, and edits when not read-only', async () => {
    const page = await openAt(`embed.html?p=${top95[4]}&panels=board,model,relaxation,progress`, {
      width: 320,
      height: 900,
    });
    const frame = page.mainFrame();
    await embedSettled(frame);
    for (const id of ['#relaxation-panel', '#bnb', '#model-panel']) {
      if (id === '#bnb') continue; // shown once a solve starts
      expect(await page.locator(id).isVisible(), id).toBe(true);
    }
    await showFormulation(page);
    expect(await page.locator('#formulation .katex').count()).toBeGreaterThan(0);
    // top95's fifth: its relaxation is fractional (the fourth's comes out integral by the dual simplex).
    expect(await page.locator('#relax-text').textContent()).toMatch(/fractional/);
    const { board, status } = await solveIn(frame);
    expect(status.kind).toBe('ok');
    expect(solutionProblems(top95[4]!, board)).toEqual([]);
    expect(await page.locator('#bnb').isVisible()).toBe(true);
    expect(Number((await page.locator('#bnb-nodes').textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(0);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await page.screenshot({ path: join(resultsDir, 'embed-320.png'), fullPage: true });

    // Not read-only: typing sets a given; Reset brings the original back.
    const empty = page.locator('[role="gridcell"][data-kind="empty"]');
    const before = await givensOf(page);
    await page.getByRole('button', { name: /Reset/ }).click();
    await page.locator('[role="gridcell"]').nth(before.indexOf('.')).click();
    await page.keyboard.press('9');
    expect(await givensOf(page)).not.toBe(before);
    await page.getByRole('button', { name: /Reset/ }).click();
    expect(await givensOf(page)).toBe(top95[4]);
    expect(await empty.count()).toBe([...top95[4]!].filter((c) => c === '.').length);
    await page.close();
  });
});

describe('Embed dialog', () => {
  it('offers an iframe snippet for the current puzzle that follows the checkboxes', async () => {
    const page = await openAt(`index.html#p=${grid01}&model=candidates`);
    await engineReady(page);
    await page.getByRole('button', { name: 'Embed', exact: true }).click();
    const dialog = page.locator('#embed-dialog');
    await dialog.waitFor(); // its code is fetched on this first press
    expect(await dialog.isVisible()).toBe(true);
    const snippet = page.getByLabel('HTML for your page');
    let text = await snippet.inputValue();
    const embed = new URL('embed.html', h.url).toString();
    expect(text).toContain(`<iframe src="${embed}?p=${grid01}&amp;n=9&amp;model=candidates&amp;panels=board&amp;readonly=1"`);
    await page.getByLabel('LP relaxation').check();
    await page.getByLabel('Read-only board').uncheck();
    text = await snippet.inputValue();
    expect(text).toContain('panels=board,relaxation');
    expect(text).not.toContain('readonly');
    expect(await page.locator('#embed-preview').getAttribute('href')).toBe(
      `${embed}?p=${grid01}&n=9&model=candidates&panels=board,relaxation`,
    );
    // Copy: to the clipboard where allowed, else the text is selected for Ctrl+C.
    await page.getByRole('button', { name: 'Copy' }).click();
    const note = page.locator('#embed-note');
    await expect.poll(() => note.textContent()).toMatch(/^(Copied\.|Selected)/);
    if ((await note.textContent())!.startsWith('Selected')) {
      const selected = await snippet.evaluate((t) => {
        const a = t as HTMLTextAreaElement;
        return a.value.slice(a.selectionStart, a.selectionEnd);
      });
      expect(selected).toBe(text);
    }
    await dialog.screenshot({ path: join(resultsDir, 'embed-dialog.png') });
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await dialog.isVisible()).toBe(false);
    // CNF-SAT chosen and the tree ticked: the snippet solves by branch-and-bound and says so.
    await page.getByLabel('Solved by').selectOption('sat');
    await page.getByRole('button', { name: 'Embed', exact: true }).click();
    expect(await snippet.inputValue()).toContain('method=sat');
    expect(await note.textContent()).toBe('');
    // The progress panel is offered by the name the view will give it.
    const progressName = dialog.locator('label:has(input[value="progress"])');
    expect((await progressName.textContent())!.trim()).toBe('CNF-SAT');
    await dialog.locator('input[name="embed-panel"][value="tree"]').check();
    expect(await snippet.inputValue()).not.toContain('method=sat');
    expect(await note.textContent()).toBe('This view solves by branch-and-bound, not CNF-SAT: the tree panel needs it.');
    expect((await progressName.textContent())!.trim()).toBe('Branch-and-bound');
    await page.close();
  });
});

describe('the branch-and-bound panel', () => {
  it('is labelled alike on the main page, in the embed view and in the Embed dialog', async () => {
    // The embed's panel said "Active", "Bound" and "Time" where the main page says "Active
    // nodes", "Best bound" and "Engine time", and the dialog offered a "Search tree".
    const labels = (where: Page): Promise<string[]> =>
      where.locator('#bnb-heading, #bnb dt, #tree-heading').evaluateAll((els) => els.map((e) => e.firstChild?.textContent?.trim() ?? ''));
    const main = await openAt(`index.html#p=${grid01}&n=9`);
    await engineReady(main);
    const embed = await openAt(`embed.html?p=${grid01}&panels=progress,tree`);
    await embed.locator('#status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const mainLabels = await labels(main);
    expect(mainLabels).toEqual(['Branch-and-bound', 'Nodes', 'Active nodes', 'Depth', 'Incumbent', 'Best bound', 'Gap', 'Engine time', 'Branch-and-bound tree']);
    expect(await labels(embed)).toEqual(mainLabels);
    expect(await embed.locator('#bnb dt').last().getAttribute('title')).toBe(await main.locator('#bnb dt').last().getAttribute('title'));
    // The Embed dialog names its panels as the panels name themselves.
    await main.getByRole('button', { name: 'Embed', exact: true }).click();
    await main.locator('#embed-dialog').waitFor();
    for (const [value, heading] of [['progress', 'Branch-and-bound'], ['tree', 'Branch-and-bound tree']]) {
      const label = main.locator(`#embed-dialog label:has(input[value="${value}"])`);
      expect((await label.textContent())!.trim()).toBe(heading);
    }
    await main.close();
    await embed.close();
  });
});

describe('teaching page', () => {
  it('explains the model and embeds an integral puzzle and one that branches; both solve', async () => {
    const page = await openAt('teaching.html');
    expect(await page.locator('main').textContent()).toMatch(/729 binaries[\s\S]*LP relaxation[\s\S]*branch-and-bound/);
    const frames: Record<string, Frame> = {};
    for (const id of ['easy', 'hard']) {
      const handle = await page.locator(`#${id}`).elementHandle();
      frames[id] = (await handle!.contentFrame())!;
      await frames[id].locator('[role="gridcell"]').first().waitFor();
    }
    const easyGivens = await givensOf(frames.easy!);
    const hardGivens = await givensOf(frames.hard!);
    expect(easyGivens).toMatch(/^[1-9.]{81}$/);
    expect(hardGivens).toMatch(/^[1-9.]{81}$/);
    await embedSettled(frames.easy!);
    await embedSettled(frames.hard!);
    expect(await frames.easy!.locator('#relax-text').textContent()).toContain('integral');
    expect(await frames.hard!.locator('#relax-text').textContent()).toMatch(/fractional/);

    const easy = await solveIn(frames.easy!);
    expect(solutionProblems(easyGivens, easy.board)).toEqual([]);
    const hard = await solveIn(frames.hard!);
    expect(hard.status.kind).toBe('ok');
    expect(solutionProblems(hardGivens, hard.board)).toEqual([]);
    const nodes = Number((await frames.hard!.locator('#bnb-nodes').textContent())!.replace(/,/g, ''));
    expect(nodes).toBeGreaterThan(0);
    // Each frame holds its solved view, the hard one's search tree included: no scrolling
    // inside a frame.
    for (const id of ['easy', 'hard'] as const) {
      const frameHeight = await page.locator(`#${id}`).evaluate((f) => f.clientHeight);
      expect(await frames[id]!.evaluate(() => document.documentElement.scrollHeight), id).toBeLessThanOrEqual(frameHeight);
    }
    await page.screenshot({ path: join(resultsDir, 'teaching.png'), fullPage: true });
    await page.close();
  });

  // A fact of the shared set: the page's easy puzzle is Project Euler 96's first grid.
  it.skipIf(!hasSharedData('p096_sudoku.txt'))('embeds Project Euler 96 Grid 01 as its integral puzzle', async () => {
    const page = await openAt('teaching.html');
    const handle = await page.locator('#easy').elementHandle();
    const frame = (await handle!.contentFrame())!;
    await frame.locator('[role="gridcell"]').first().waitFor();
    expect(p096[0]![0]).toBe('Grid 01');
    expect(await givensOf(frame)).toBe(p096[0]![1]);
    await page.close();
  });
});
