// SPDX-License-Identifier: GPL-3.0-or-later
// The built page (dist/) in headless Chromium: what a person does, checked from the DOM.
// Every test also fails on a console error, a page error or a request to another origin.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, closeSync, openSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAMPLES } from '../../web/src/page/genre/examples';
import { dataPath, hasSharedData, readData } from '../common/test-data';
import { readEuler96, readOnePerLine, solutionProblems, solutionProblemsN } from '../wasm/helpers';
import {
  engineReady,
  paste,
  readBoard,
  readGivens,
  repoRoot,
  resultsDir,
  settledStatus,
  showBatchRow,
  useHarness,
  typePuzzle,
  type Harness,
} from './harness';

let h: Harness;
let scratch: string;

/**
 * Watch how a batch is drawn running: from the file input's next `change`, each busy
 * status line ("Reading …", "Solving …"), each time Stop is enabled and each change of
 * the batch panel (shown, its table emptied or given rows: "panel drawn"), with the ms
 * since that change. Read them with {@link runningDrawn}.
 */
async function watchRunning(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { running: { ms: number; what: string }[]; changedAt: number };
    w.running = [];
    w.changedAt = Number.NaN;
    document.querySelector('#file-input')!.addEventListener('change', () => (w.changedAt = performance.now()), { once: true });
    const status = document.querySelector('[role="status"]') as HTMLElement;
    const stop = document.querySelector('#stop') as HTMLButtonElement;
    const note = (what: string): void => void w.running.push({ ms: performance.now() - w.changedAt, what });
    new MutationObserver(() => {
      if (status.dataset.kind === 'busy') note(status.textContent ?? '');
    }).observe(status, { childList: true, characterData: true, subtree: true, attributes: true });
    new MutationObserver(() => {
      if (!stop.disabled) note('Stop enabled');
    }).observe(stop, { attributes: true, attributeFilter: ['disabled'] });
    // The batch panel shown, or its table emptied or given rows.
    new MutationObserver(() => note('panel drawn')).observe(document.querySelector('#batch')!, { attributes: true, attributeFilter: ['hidden'] });
    new MutationObserver(() => note('panel drawn')).observe(document.querySelector('#batch-table tbody')!, { childList: true });
  });
}

/**
 * Hold back the page's requests for a module (`pattern`) until `release`: the service
 * worker, which answers from its precache where playwright's routes do not see it, is
 * bypassed for this page. `routed` resolves when the request is held.
 */
async function holdModule(page: Page, pattern: RegExp): Promise<{ routed: Promise<void>; release: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable'); // without it the bypass is not kept (seen in Chromium here)
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const routed = new Promise<void>((resolve) => (seen = resolve));
  await page.route(pattern, async (route) => {
    seen();
    await held;
    await route.continue();
  });
  return { routed, release };
}

/** What {@link watchRunning} saw: each busy status or Stop enabled, ms after the change. */
function runningDrawn(page: Page): Promise<{ ms: number; what: string }[]> {
  return page.evaluate(() => (window as unknown as { running: { ms: number; what: string }[] }).running);
}

/** Project Euler 96 with the shared set, else gridmilp's own 50 grids in its layout. */
const p096Path = dataPath('p096_sudoku.txt');
const lewis25Path = dataPath('sudoku25x25/lewis_sample_25x25.txt');
const p096 = readEuler96(readData('p096_sudoku.txt'));
/** Norvig's top95 with the shared set, else gridmilp's own hard95 (all need branching). */
const top95 = readOnePerLine(readData('top95.txt'));

const SOLVED_LINE =
  /^Solved in [\d.]+ (ms|s) · [\d,]+ branch-and-bound nodes? · 729 variables, 324 constraints$/;

useHarness((started) => {
  h = started;
});

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'gridmilp-page-'));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the gridmilp page', () => {
  it('has a titled page with an accessible 9×9 grid and a licence footer', async () => {
    const page = await h.openPage();
    expect(await page.title()).toBe('gridmilp — grid puzzles as MILPs');
    const grid = page.getByRole('grid');
    await expect(grid.getByRole('row').count()).resolves.toBe(9);
    await expect(grid.getByRole('gridcell').count()).resolves.toBe(81);
    const tabbable = await page.locator('[role="gridcell"][tabindex="0"]').count();
    expect(tabbable).toBe(1);
    await expect(page.getByRole('gridcell', { name: 'row 3, column 7: empty' }).count()).resolves.toBe(1);
    for (const name of ['Solve', 'Stop', 'Clear', 'Load file']) {
      await expect(page.getByRole('button', { name, exact: true }).count()).resolves.toBe(1);
    }
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).isDisabled()).toBe(true);
    // Load file is the one control for files: the hidden file inputs it and the genre
    // page's Open file use are not in the accessibility tree (a screen reader heard a
    // second, unlabelled-looking button "Puzzle file" it could not reach).
    const named = async (): Promise<string[]> => {
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Array<{ ignored: boolean; name?: { value?: string } }> };
      await cdp.detach();
      return nodes.filter((n) => !n.ignored).map((n) => String(n.name?.value ?? ''));
    };
    expect(await named()).not.toContain('Puzzle file');
    await page.goto(`${h.url}#genre=nurikabe`);
    await page.locator('#genre-text').waitFor();
    expect(await named()).not.toContain('Genre text file');
    expect(await page.locator('footer').textContent()).toContain(
      'gridmilp — GPL-3.0-or-later. Solves with GLPK 5.0 (GPL-3.0) compiled to WebAssembly.',
    );
    await page.close();
  });

  it('a puzzle the model reduction decides has no engine time in the solve panel: no solver ran', async () => {
    const page = await h.openPage();
    // gridmilp's own Grid 04 (tests/data, in a fresh clone too), which naked and hidden
    // singles decide.
    const [, decided] = readEuler96(readFileSync(join(repoRoot, 'tests/data/sudoku/grids50.txt'), 'utf8'))[3]!;
    await page.goto(`${h.url}#p=${decided}&n=9&model=reduced`);
    await page.locator('#status').filter({ hasText: /press Solve/i }).waitFor();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(/^Solved in .* · Decided by the model reduction: /);
    expect(await page.textContent('#bnb-heading')).toBe('Branch-and-bound (final · decided by the model reduction, no tree)');
    expect(await page.textContent('#bnb-elapsed')).toBe('—');
    await page.close();
  });

  it('solves a puzzle typed with the keyboard and shows givens apart from solved digits', async () => {
    const page = await h.openPage();
    const [name, givens] = p096[0]!;
    await typePuzzle(page, givens);
    expect(await readGivens(page), name).toBe(givens);
    // Arrow keys moved the single tab stop along.
    expect(await page.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const status = await settledStatus(page);
    expect(status.text).toMatch(SOLVED_LINE);
    expect(status.kind).toBe('ok');
    const board = await readBoard(page);
    expect(solutionProblems(givens, board)).toEqual([]);
    expect(await readGivens(page)).toBe(givens);
    const solvedCount = await page.locator('.cell.solved[data-solved="true"]').count();
    expect(solvedCount).toBe([...givens].filter((c) => c === '.').length);
    // Givens are bold, solved digits are not, and they differ in colour.
    const looks = await page.evaluate(() => {
      const g = document.querySelector('.cell.given') as HTMLElement;
      const s = document.querySelector('.cell.solved') as HTMLElement;
      const gs = getComputedStyle(g);
      const ss = getComputedStyle(s);
      return { gw: gs.fontWeight, sw: ss.fontWeight, gc: gs.color, sc: ss.color };
    });
    expect(Number(looks.gw)).toBeGreaterThanOrEqual(600);
    expect(Number(looks.sw)).toBeLessThan(600);
    expect(looks.gc).not.toBe(looks.sc);
    const r1c1 = page.locator('[role="gridcell"][data-row="1"][data-column="1"]');
    expect(await r1c1.getAttribute('aria-label')).toBe(`row 1, column 1: ${board[0]}, solved`);
    // A given says so, as a genre board's cells do.
    const given = givens.search(/[1-9]/);
    expect(await page.locator(`[role="gridcell"][data-row="${Math.floor(given / 9) + 1}"][data-column="${(given % 9) + 1}"]`).getAttribute('aria-label')).toMatch(/^row \d, column \d: [1-9], given$/);
    await page.locator('header h1').click(); // no focus ring in the picture
    await page.screenshot({ path: join(resultsDir, 'solved-board.png') });
    await page.close();
  });

  it('loads a pasted puzzle onto the board and solves it; a paste into the text box stays there', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    const puzzle = top95[0]!;
    await paste(page, puzzle);
    const loaded = await settledStatus(page);
    expect(loaded.text).toContain('Loaded the puzzle from the pasted text');
    expect(await readGivens(page)).toBe(puzzle);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(SOLVED_LINE);
    expect(solutionProblems(puzzle, await readBoard(page))).toEqual([]);

    // A paste aimed at the text box is left to the text box.
    const textBox = page.getByRole('textbox', { name: 'Puzzle text' });
    await textBox.focus();
    await paste(page, top95[1]!);
    expect(await readGivens(page)).toBe(puzzle);

    // The text box and Load: a 9-line grid goes onto the board.
    const [, grid] = p096[1]!;
    const lines = Array.from({ length: 9 }, (_, r) => grid.slice(r * 9, r * 9 + 9).replace(/\./g, '0'));
    await textBox.fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await settledStatus(page);
    expect(await readGivens(page)).toBe(grid);

    // janko.at's records (the worker sends them to the module with the genres): one
    // goes onto the board, two are offered as a batch named by their headers.
    const record = (name: string, line: string): string =>
      `=== ${name} source=test\n9 9\n` +
      Array.from({ length: 9 }, (_, r) => [...line.slice(r * 9, r * 9 + 9)].map((c) => (c === '.' ? '-' : c)).join(' ')).join('\n') +
      '\n';
    await textBox.fill(record('own_1', top95[2]!));
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await settledStatus(page);
    expect(await readGivens(page)).toBe(top95[2]);
    await textBox.fill(record('own_1', top95[2]!) + record('own_2', top95[3]!));
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    expect((await settledStatus(page)).text).toContain('2 puzzles');
    await page.getByRole('button', { name: 'Solve all 2 puzzles' }).click();
    expect((await settledStatus(page)).text).toMatch(/^Finished 2 puzzles .*: 2 solved/);
    expect(await page.locator('#batch-table tbody tr').first().textContent()).toContain('own_1');
    // Records of two sizes (as sw_Sudoku.puzzles.txt: 9×9 and 16×16): each is solved and
    // shown at its own size. gridmilp's own 6×6 in boxes of 3 rows × 2 columns.
    const six = '......3.25..6...3.5...4....1.5...3..';
    const sixRecord = `=== own_6 source=test\n6 6 3x2\n${Array.from({ length: 6 }, (_, r) => [...six.slice(r * 6, r * 6 + 6)].map((c) => (c === '.' ? '-' : c)).join(' ')).join('\n')}\n`;
    await textBox.fill(record('own_1', top95[2]!) + sixRecord + record('own_2', top95[3]!));
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    expect((await settledStatus(page)).text).toContain('holds 3 puzzles of several sizes');
    await page.getByRole('button', { name: 'Solve all 3 puzzles' }).click();
    expect((await settledStatus(page)).text).toMatch(/^Finished 3 puzzles .*: 3 solved/);
    await showBatchRow(page, 'own_6');
    expect(await page.locator('.board').getAttribute('aria-label')).toBe('Sudoku board, 6 by 6, boxes of 3 by 2');
    expect(await readGivens(page)).toBe(six);
    expect(solutionProblemsN(six, await readBoard(page), 6, 3, 2)).toEqual([]);
    await showBatchRow(page, 'own_2');
    expect(await readGivens(page)).toBe(top95[3]);
    expect(solutionProblems(top95[3]!, await readBoard(page))).toEqual([]);
    // Sudoku URLs of two sizes pasted, one line unreadable: the others are offered as
    // records of their own sizes, and the line left out is named in the status.
    const nine = 'https://puzz.link/p?sudoku/9/9/i27i4h8h4j7i9g5g7h8l2h6g3l5g6g9j254j43i6h39k2'; // gridmilp's own
    await page.locator('.board').focus();
    await paste(page, ['https://puzz.link/p?sudoku/4/4/g1k23k3g', 'https://puzz.link/p?sudoku/4/4/g5!h3g4n', nine].join('\n'));
    await page.getByRole('status').filter({ hasText: 'The pasted URLs hold' }).waitFor({ timeout: 60_000 });
    const pasted = await settledStatus(page);
    expect(pasted.text).toContain('The pasted URLs hold 2 puzzles of several sizes');
    expect(pasted.text).toContain("Left out a line that could not be read: line 2: URL body, character 3 ('!'): not a number code of puzz.link (Number16).");
    expect(pasted.kind).toBe('warning');
    await page.screenshot({ path: join(resultsDir, 'sudoku-urls-pasted.png') });
    expect(await page.locator('#batch-offer-text').textContent()).toBe('The pasted URLs hold 2 puzzles of several sizes.');
    await page.getByRole('button', { name: 'Solve all 2 puzzles' }).click();
    // The batch's status names the line left out again.
    const finished = await settledStatus(page);
    expect(finished.text).toMatch(/^Finished 2 puzzles .*: 2 solved .* Left out a line that could not be read: line 2: URL body, character 3 \('!'\)/);
    expect(finished.kind).toBe('warning');
    await showBatchRow(page, 'url-3');
    const own = '...27...4..8..4....7...9.5.7..8......2..6.3......5.6.9....254....43...6..39.....2';
    expect(await readGivens(page)).toBe(own);
    expect(solutionProblems(own, await readBoard(page))).toEqual([]);
    // A killer record (the genre page's example) is not a Sudoku: the message says to
    // pick its genre, and the board keeps what it had.
    const before = await readBoard(page);
    await textBox.fill(EXAMPLES.killer);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    const refused = await settledStatus(page);
    expect(refused.kind).toBe('error');
    expect(refused.text).toMatch(/ If it is a record of another genre \(Killer or Jigsaw Sudoku, a pencil puzzle\), pick that genre first\.$/);
    expect(await readBoard(page)).toBe(before);
    await page.close();
  });

  it('offers pasted text with several puzzles as a batch', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    await paste(page, top95.slice(0, 3).join('\n'));
    const offered = await settledStatus(page);
    expect(offered.text).toContain('3 puzzles');
    const solveAll = page.getByRole('button', { name: 'Solve all 3 puzzles' });
    await solveAll.click();
    const done = await settledStatus(page);
    expect(done.text).toMatch(
      /^Finished 3 puzzles from the pasted text in .*: 3 solved \(reduced model, CNF-SAT: the fastest route, a batch’s default\)\.$/,
    );
    expect(await page.locator('#batch-table tbody tr').count()).toBe(3);
    await page.close();
  });

  it('reads a pasted 16×16 written 0–F without being told, and opens a pasted link to this page', async () => {
    // A user's session (2026-12-07): a 0–F paste was read in 1–G, its 0 givens lost and
    // every other one a value down, as a puzzle with other solutions.
    const page = await h.openPage();
    await page.locator('header h1').click();
    const canonical = readOnePerLine(readFileSync(join(repoRoot, 'tests/data/sudoku/16x16.txt'), 'utf8'))[0]!;
    const hex = [...canonical].map((c) => (c === '.' ? '.' : '0123456789ABCDEF'['123456789ABCDEFG'.indexOf(c)])).join('');
    expect(hex).toContain('0');
    await paste(page, hex);
    const loaded = await settledStatus(page);
    expect(loaded.text).toContain('Read and shown in 0–F, as written.');
    expect(await readGivens(page)).toBe(canonical);
    expect(await page.getByLabel('Symbols 0–F').isChecked()).toBe(true);
    // The same puzzle written 1–G (it has a G) next: read so, and the board leaves 0–F.
    expect(canonical).toContain('G');
    await paste(page, canonical);
    expect((await settledStatus(page)).text).toContain('Read and shown in 1–G, as written.');
    expect(await readGivens(page)).toBe(canonical);
    expect(await page.getByLabel('Symbols 0–F').isChecked()).toBe(false);
    // A link to this page, copied from another tab: its puzzle, as the address would open it.
    const grid = top95[2]!;
    await paste(page, `http://127.0.0.1:1/index.html#p=${grid}&n=9&model=candidates`);
    await page.waitForFunction((p) => location.hash === `#p=${p}&n=9&model=candidates`, grid);
    expect((await settledStatus(page)).text).toBe(`Loaded the puzzle from the link (${[...grid].filter((c) => c !== '.').length} givens). Press Solve.`);
    expect(await readGivens(page)).toBe(grid);
    expect(await page.inputValue('#opt-model')).toBe('candidates');
    // A ?bd= link, and a link whose objective CNF-SAT cannot optimise: named, B&B used.
    await paste(page, `https://example.org/sudoku/?bd=${top95[3]!}`);
    await page.waitForFunction((p) => location.hash.startsWith(`#p=${p}`), top95[3]!);
    expect(await readGivens(page)).toBe(top95[3]!);
    await paste(page, `https://example.org/#p=${grid}&method=sat&obj=diagonal`);
    await page.waitForFunction(() => location.hash.includes('obj=diagonal'));
    const said = await settledStatus(page);
    expect(said.text).toContain('method=sat: an objective needs branch-and-bound, which is used');
    expect(await page.inputValue('#opt-method')).toBe('branch-and-bound');
    await page.close();
  });

  it('leaves out a bad line of puzzles one a line, pasted or in a file, and names it', async () => {
    // The first-solve module refuses a text at its first bad line: a file of 1,000
    // puzzles with one typo could not be solved at all (a user's session, 2026-12-07).
    const lines = [top95[0]!, top95[1]!.slice(1), top95[2]!, 'x'.repeat(81), top95[3]!];
    const leftOut =
      "Left out 2 lines that could not be read: Line 2 has 80 cells; a 9×9 puzzle has 81 cells; Line 4, column 1: unexpected 'x' (a cell is 1-9, or . 0 - _ for empty).";
    const page = await h.openPage();
    await page.locator('header h1').click();
    await paste(page, lines.join('\n'));
    const offered = await settledStatus(page);
    expect(offered.text).toBe(`The pasted text holds 3 puzzles: press “Solve all 3 puzzles” to solve them. ${leftOut}`);
    expect(offered.kind).toBe('warning');
    await page.getByLabel('Puzzle file').setInputFiles({ name: 'typos.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\r\n')) });
    const done = await settledStatus(page);
    expect(done.text).toMatch(/^Finished 3 puzzles from typos\.txt in .*: 3 solved \(reduced model, CNF-SAT[^)]*\)\. (.*)$/);
    expect(done.text.endsWith(leftOut)).toBe(true);
    const rows = page.locator('#batch-table tbody tr');
    expect(await rows.count()).toBe(3);
    // A janko.at record without its header ("9 9", then the rows), which the first-solve
    // module refuses at its first line: read by the module with the genres.
    const grid = top95[4]!;
    const record = ['9 9', ...Array.from({ length: 9 }, (_, r) => [...grid.slice(r * 9, r * 9 + 9)].map((c) => (c === '.' ? '-' : c)).join(' '))];
    await paste(page, record.join('\n'));
    expect((await settledStatus(page)).text).toMatch(/^Loaded the puzzle from the pasted text \(\d+ givens\)\. Press Solve\.$/);
    expect(await readGivens(page)).toBe(grid);
    await page.close();
  });

  it('draws a long batch’s rows as the table is scrolled, 60 at a time', async () => {
    const page = await h.openPage();
    const lines = Array.from({ length: 450 }, (_, i) => top95[i % top95.length]!);
    await page.getByLabel('Puzzle file').setInputFiles({ name: 'long.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
    expect((await settledStatus(page)).text).toMatch(/^Finished 450 puzzles from long\.txt in .*: 450 solved/);
    expect(await page.locator('#batch-count').textContent()).toBe('450 of 450');
    const rows = page.locator('#batch-table tbody tr');
    expect(await rows.count()).toBe(60);
    const scrollDown = (): Promise<void> => page.locator('.table-wrap').evaluate((w) => w.scrollTo(0, w.scrollHeight));
    for (const expected of [120, 180, 240, 300, 360, 420, 450]) {
      await scrollDown();
      await page.waitForFunction((n) => document.querySelectorAll('#batch-table tbody tr').length === n, expected, { timeout: 10_000 });
    }
    expect(await rows.last().locator('td').first().textContent()).toBe('450');
    await showBatchRow(page, 'Puzzle 430');
    expect(await readGivens(page)).toBe(lines[429]);
    expect((await settledStatus(page)).text).toMatch(/^Puzzle 430 \(line 430\): solved/);
    await page.close();
  });

  it('reads a 50 MB paste of 600,000 puzzles as a batch offer; refuses 70 MB and a 1 MB link; keeps the board', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    const puzzle = top95[2]!;
    await paste(page, puzzle);
    await settledStatus(page);
    // Built in the page: 50 MB does not pass through the test's messages quickly.
    const pasteRepeated = (line: string, bytes: number): Promise<void> =>
      page.evaluate(
        ([l, b]) => {
          const data = new DataTransfer();
          data.setData('text/plain', `${l}\n`.repeat(Math.ceil(b / (l.length + 1))));
          document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        },
        [line, bytes] as const,
      );
    await pasteRepeated(top95[3]!, 50_000_000);
    const offered = await settledStatus(page);
    expect(offered.text).toBe('The pasted text holds 609,757 puzzles: press “Solve all 609,757 puzzles” to solve them.');
    expect(await readGivens(page)).toBe(puzzle);

    await pasteRepeated(top95[3]!, 70_000_000);
    const refused = await settledStatus(page);
    expect(refused.kind).toBe('error');
    expect(refused.text).toMatch(/^The pasted text is too large \(70,000,[\d,]+ characters\); gridmilp reads texts up to 67,108,864 characters \(64\.0 MB\)\. Nothing was changed\.$/);
    expect(await readGivens(page)).toBe(puzzle);
    await page.close();

    // A link whose puzzle is a million characters long: refused by its size, the page usable.
    const linked = await h.openPage();
    await linked.goto(`${h.url}#p=${'1'.repeat(1_000_000)}`);
    await linked.waitForFunction(() => document.querySelector('[role="status"]')?.textContent?.includes('cannot show'));
    expect((await settledStatus(linked)).text).toBe('The link names a 1000×1000 puzzle, a size this page cannot show.');
    await linked.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(linked)).text).toMatch(SOLVED_LINE);
    await linked.close();
  });

  it('solves a Project Euler 96 file: its sum, a results table, downloadable solutions', async () => {
    const page = await h.openPage();
    await watchRunning(page);
    await page.getByLabel('Puzzle file').setInputFiles(p096Path);
    const status = await settledStatus(page);
    // A batch is drawn running (its status, Stop) only once it has taken 100 ms: one
    // that ends sooner goes from the page as it was to its outcome, no frame between
    // (a frame drawn while two workers ran took 18 of 70 ms of a 1,000-puzzle batch).
    // This first batch loads the CNF-SAT module, and may or may not take that long.
    for (const drawn of await runningDrawn(page)) expect(drawn.ms, drawn.what).toBeGreaterThanOrEqual(95);
    const file = basename(p096Path).replace(/\./g, '\\.');
    expect(status.text).toMatch(new RegExp(`^Finished 50 puzzles from ${file} in .*: 50 solved \\(reduced model, CNF-SAT: .*\\)\\.$`));
    const answer = (await page.locator('#euler-answer').textContent())?.trim();
    expect(await page.locator('#batch-count').textContent()).toBe('50 of 50');
    expect(await page.locator('#batch-progress').evaluate((p) => (p as HTMLProgressElement).value)).toBe(50);
    const rows = page.locator('#batch-table tbody tr');
    expect(await rows.count()).toBe(50);
    expect(await rows.nth(6).locator('td').nth(2).textContent()).toBe('solved');
    await page.screenshot({ path: join(resultsDir, 'batch-euler96.png'), fullPage: true });

    // The batch ran on CNF-SAT: its last column counts MiniSat's conflicts, and is empty
    // for a grid the reduction decided ("by the reduction alone" when shown).
    expect(await page.locator('#batch-table thead th').nth(4).textContent()).toBe('Conflicts');
    const efforts = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[4]!.textContent));
    expect(efforts.every((e) => e === '' || /^\d+$/.test(e!))).toBe(true);
    expect(efforts.some((e) => e === '')).toBe(true);
    // The results table downloaded keeps them, in its conflicts column (nodes 0: no tree).
    const [csvTable] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    expect(csvTable.suggestedFilename()).toBe(`${basename(p096Path, '.txt')}-results.csv`);
    const tableLines = readFileSync((await csvTable.path())!, 'utf8').trimEnd().split('\n');
    expect(tableLines[0]).toBe('name,status,ms,nodes,conflicts,puzzle,solution');
    expect(tableLines.slice(1).map((line) => line.split(',')[4])).toEqual(efforts);
    expect(tableLines.slice(1).every((line) => line.split(',')[3] === '0')).toBe(true);
    // A row shows its puzzle and solution on the board.
    await showBatchRow(page, 'Grid 07');
    const [, grid07] = p096[6]!;
    expect(await readGivens(page)).toBe(grid07);
    expect(solutionProblems(grid07, await readBoard(page))).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download solutions' }).click(),
    ]);
    // Saved under the name of the file it came from (several files' downloads were all
    // gridmilp-solutions.txt).
    expect(download.suggestedFilename()).toBe(`${basename(p096Path, '.txt')}-solutions.txt`);
    const saved = join(scratch, 'solutions.txt');
    await download.saveAs(saved);
    const lines = readFileSync(saved, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    lines.forEach((line, i) => {
      expect(solutionProblems(p096[i]![1], line), p096[i]![0]).toEqual([]);
    });
    // The answer is the sum of the verified solutions' top-left 3-digit numbers.
    const sum = lines.reduce((s, line) => s + Number(line.slice(0, 3)), 0);
    expect(answer).toBe(`Project Euler 96: sum of the top-left 3-digit numbers = ${sum}`);
    await page.close();

    // `?workers=1` keeps every batch on the page's own worker: the same solutions.

    const single = await h.openPage();
    await single.goto(`${h.url}?workers=1`);
    await single.getByLabel('Puzzle file').setInputFiles(p096Path);
    const alone = await settledStatus(single);
    expect(alone.text).toMatch(new RegExp(`^Finished 50 puzzles from ${file} in [^:]*\\d( s| ms): 50 solved`));
    const [again] = await Promise.all([
      single.waitForEvent('download'),
      single.getByRole('button', { name: 'Download solutions' }).click(),
    ]);
    expect(readFileSync(await again.path(), 'utf8').trimEnd().split('\n')).toEqual(lines);
    await single.close();
  });

  // gridmilp's own 25×25 stand-ins are solved in a few ms each: too fast for helpers.
  it.skipIf(!hasSharedData('sudoku25x25/lewis_sample_25x25.txt'))('solves slow puzzles on one worker per core: helpers join, the same solutions as one worker', async () => {
    const page = await h.openPage();
    await page.goto(`${h.url}?workers=2`);
    // Lewis's ten 25×25 three times over: about 5 s on one worker, long enough for a
    // helper to join every time (the ten alone take 1.5 s, and a helper sometimes
    // joined too late to take one).
    const thrice = join(resultsDir, 'lewis-25x25-thrice.txt');
    const lewis = readFileSync(lewis25Path, 'utf8').trimEnd();
    writeFileSync(thrice, `${lewis}\n${lewis}\n${lewis}\n`);
    await page.getByLabel('Puzzle file').setInputFiles(thrice);
    await page.locator('[role=status]').filter({ hasText: /^Finished 30 puzzles/ }).waitFor({ timeout: 120_000 });
    const status = await settledStatus(page);
    expect(status.text).toMatch(/^Finished 30 puzzles from lewis-25x25-thrice\.txt in [^:]* on 2 workers: /);
    // The helper loaded the module with the SAT method alone, not the first-solve one.
    const fetched = await Promise.all(
      page.workers().map((w) =>
        w.evaluate(() => ({
          name: self.name,
          wasm: performance.getEntriesByType('resource').map((e) => /\/(gridmilp_wasm\w*)-[^/]*\.wasm$/.exec(e.name)?.[1]).filter(Boolean),
        })),
      ),
    );
    expect(fetched).toContainEqual({ name: 'gridmilp-helper', wasm: ['gridmilp_wasm_sat'] });
    expect(fetched).toContainEqual({ name: 'gridmilp-solver', wasm: ['gridmilp_wasm', 'gridmilp_wasm_sat'] });
    const solutions = async (p: typeof page): Promise<string[]> => {
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Download solutions' }).click(),
      ]);
      return readFileSync(await download.path(), 'utf8').trimEnd().split('\n');
    };
    const pooled = await solutions(page);
    expect(pooled).toHaveLength(30);
    const givens = readOnePerLine(readFileSync(thrice, 'utf8'));
    pooled.forEach((line, i) => {
      expect(solutionProblemsN(givens[i]!, line, 25), `puzzle ${i + 1}`).toEqual([]);
    });
    await page.goto(`${h.url}?workers=1`);
    await page.getByLabel('Puzzle file').setInputFiles(thrice);
    await page.locator('[role=status]').filter({ hasText: /^Finished 30 puzzles/ }).waitFor({ timeout: 120_000 });
    expect((await settledStatus(page)).text).not.toContain('workers');
    expect(await solutions(page)).toEqual(pooled);
    await page.close();
  });

  it.skipIf(!hasSharedData('p096_sudoku.txt'))('answers Project Euler 96 from its file: 24702', async () => {
    const page = await h.openPage();
    await page.getByLabel('Puzzle file').setInputFiles(p096Path);
    const status = await settledStatus(page);
    expect(status.text).toMatch(/^Finished 50 puzzles from p096_sudoku\.txt in .*: 50 solved \(.*\)\.$/);
    expect((await page.locator('#euler-answer').textContent())?.trim()).toBe(
      'Project Euler 96: sum of the top-left 3-digit numbers = 24702',
    );
    await page.close();
  });

  it('Stop ends a long batch, keeps the board and text, and the next Solve works', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    const puzzle = top95[4]!;
    await paste(page, puzzle);
    await settledStatus(page);
    const notes = 'my notes: keep me';
    await page.getByRole('textbox', { name: 'Puzzle text' }).fill(notes);

    // 1,900 hard puzzles on the candidates model (chosen in the Model panel, which a
    // batch then follows): long enough that Stop lands mid-way. On its default, the
    // fastest route, the batch takes about a second.
    await page.getByLabel('MILP').selectOption('candidates');
    const big = join(scratch, 'top95x20.txt');
    writeFileSync(big, `${Array.from({ length: 20 }, () => top95.join('\n')).join('\n')}\n`);
    await watchRunning(page);
    await page.getByLabel('Puzzle file').setInputFiles(big);
    await page.locator('#batch-table tbody tr').first().waitFor({ timeout: 60_000 });
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    expect(await stop.isEnabled()).toBe(true);
    // A long batch is drawn running once it has taken 100 ms, not before.
    const drawn = await runningDrawn(page);
    expect(drawn.map((d) => d.what)).toEqual(expect.arrayContaining(['Stop enabled', 'Solving 1,900 puzzles from top95x20.txt…', 'panel drawn']));
    for (const d of drawn) expect(d.ms, d.what).toBeGreaterThanOrEqual(95);
    await stop.click();
    const stopped = await settledStatus(page);
    const m =
      /^Stopped after ([\d,]+) of 1,900 puzzles: the table lists the others as not finished, and Download \.xlsx or \.csv saves it; Download solutions saves a line per puzzle, those not finished marked so\. Your board and text are kept\.$/.exec(
        stopped.text,
      );
    expect(m, stopped.text).not.toBeNull();
    const ended = Number(m![1]!.replace(/,/g, ''));
    expect(ended).toBeLessThan(1900);
    // The table lists every puzzle in input order: those that ended, and the others (the
    // workers' holes anywhere among them) as not finished.
    const [table] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    const rows = readFileSync((await table.path())!, 'utf8').trimEnd().split('\n').slice(1).map((row) => row.split(','));
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: 1900 }, (_, i) => `Puzzle ${i + 1}`));
    expect(rows.filter((row) => row[1] === 'not finished (stopped)').length).toBe(1900 - ended);
    expect(rows.filter((row) => row[1] === 'solved').length).toBe(ended);
    // What was solved before Stop can be saved: one line per puzzle, line k puzzle k's as
    // in the table, those not finished marked so (the solved ones alone lost their places).
    const [partial] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download solutions' }).click()]);
    const savedLines = readFileSync((await partial.path())!, 'utf8').trimEnd().split('\n');
    expect(savedLines.length).toBe(1900);
    expect(savedLines.map((line) => (line === 'not finished (stopped)' ? 'not finished (stopped)' : 'solved'))).toEqual(rows.map((row) => row[1]));
    expect(savedLines.every((line, k) => line === 'not finished (stopped)' || line === rows[k]![6])).toBe(true);
    expect(await readGivens(page)).toBe(puzzle);
    expect(await page.getByRole('textbox', { name: 'Puzzle text' }).inputValue()).toBe(notes);
    expect(await stop.isDisabled()).toBe(true);

    await page.getByLabel('MILP').selectOption('textbook');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(SOLVED_LINE);
    expect(solutionProblems(puzzle, await readBoard(page))).toEqual([]);
    await page.close();
  });

  it('Stop while Generate’s module loads: nothing is generated, the board is kept', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    const puzzle = top95[1]!;
    await paste(page, puzzle);
    await settledStatus(page);
    const generateModule = /\/assets\/generate-[^/]*\.js$/;
    const { routed, release } = await holdModule(page, generateModule);
    await page.locator('#generate').click();
    await routed;
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    release();
    expect((await settledStatus(page)).text).toBe('Stopped. Your board and text are kept.');
    await page.waitForTimeout(300); // a generation, had it run, would have said so by now
    expect((await settledStatus(page)).text).toBe('Stopped. Your board and text are kept.');
    expect(await readGivens(page)).toBe(puzzle);
    await page.unroute(generateModule);
    await page.close();
  });

  it('Stop while a first batch’s module loads: the batch is not sent, and the next one runs', async () => {
    const page = await h.openPage();
    // The batch's module (actions/batch.ts with the panel) held back until after Stop.
    const batchModule = /\/assets\/batch-[^/]*\.js$/;
    const { routed, release } = await holdModule(page, batchModule);
    await page.getByLabel('Puzzle file').setInputFiles(p096Path);
    await routed;
    await page.getByRole('button', { name: 'Stop', exact: true }).click(); // enabled 100 ms after the file is chosen
    release();
    const stopped = await settledStatus(page);
    expect(stopped.text).toBe(
      'Stopped after 0 of 50 puzzles: the table lists them as not finished, and Download .xlsx or .csv saves it. Your board and text are kept.',
    );
    const statuses = await page.$$eval('#batch-table tbody tr td:nth-child(3)', (tds) => tds.map((td) => td.textContent));
    expect(statuses).toEqual(Array(50).fill('not finished (stopped)'));
    await page.unroute(batchModule);
    await page.getByLabel('Puzzle file').setInputFiles(p096Path);
    expect((await settledStatus(page)).text).toMatch(/^Finished 50 puzzles from .*: 50 solved/);
    await page.close();
  });

  it('a file read drawn busy stays drawn busy into its batch, in the 0–F mode too (no controls back between)', async () => {
    const page = await h.openPage();
    await page.getByLabel('Size', { exact: true }).selectOption('16');
    await page.getByLabel('Symbols 0–F').check(); // its batch first asks the worker whether 0–F fits
    // The file's read takes 300 ms: drawn busy at 100 ms (Stop enabled).
    await page.evaluate(() => {
      const read = File.prototype.arrayBuffer;
      File.prototype.arrayBuffer = async function (this: File) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return read.call(this);
      };
      // Each time Stop is withdrawn after it was offered, what the status line said then.
      const w = window as unknown as { withdrawn: string[] };
      w.withdrawn = [];
      const status = document.querySelector('[role="status"]') as HTMLElement;
      const stop = document.querySelector('#stop') as HTMLButtonElement;
      let offered = false;
      new MutationObserver(() => {
        if (!stop.disabled) offered = true;
        else if (offered) w.withdrawn.push(`${status.dataset.kind}: ${status.textContent}`);
      }).observe(stop, { attributes: true, attributeFilter: ['disabled'] });
    });
    // Two 25×25 puzzles: too large for 0–F, so read with their own symbols.
    const file = join(scratch, 'two-25x25.txt');
    writeFileSync(file, readFileSync(join(repoRoot, 'tests/data/sudoku/25x25.txt'), 'utf8').split('\n').slice(0, 2).join('\n') + '\n');
    await page.getByLabel('Puzzle file').setInputFiles(file);
    expect((await settledStatus(page)).text).toMatch(/^Finished 2 puzzles from two-25x25\.txt .*: 2 solved/);
    const withdrawn = await page.evaluate(() => (window as unknown as { withdrawn: string[] }).withdrawn);
    expect(withdrawn).toHaveLength(1); // once, at the end
    expect(withdrawn[0]).toMatch(/^ok: Finished 2 puzzles/);
    await page.close();
  });

  /** A page whose batch panel shows a finished batch: top95's first two puzzles, pasted. */
  async function afterABatch(): Promise<Page> {
    const page = await h.openPage();
    await page.locator('header h1').click();
    await paste(page, top95.slice(0, 2).join('\n'));
    await page.getByRole('button', { name: 'Solve all 2 puzzles' }).click();
    expect((await settledStatus(page)).text).toMatch(/^Finished 2 puzzles from the pasted text/);
    return page;
  }

  it('the downloads save the batch shown until the next one is drawn', async () => {
    const page = await afterABatch();
    // The next batch's first puzzle ends at once, the two empty 25×25 grids after it
    // run to the time limit (candidates model, branch-and-bound). Its panel is drawn
    // PROGRESS_INTERVAL_MS after that first end (batch.ts): Download solutions is clicked
    // between, as soon as the status line names the batch (which comes with that end).
    await page.getByLabel('MILP').selectOption('candidates');
    const big = readFileSync(join(repoRoot, 'tests/data/sudoku/25x25.txt'), 'utf8').split('\n')[0]!;
    await page.evaluate(() => {
      const status = document.querySelector('[role="status"]') as HTMLElement;
      const w = window as unknown as { rowsAtClick: number };
      const observer = new MutationObserver(() => {
        if (!/^Solving 3 puzzles from/.test(status.textContent ?? '')) return;
        observer.disconnect();
        w.rowsAtClick = document.querySelectorAll('#batch-table tbody tr').length;
        (document.querySelector('#download') as HTMLButtonElement).click();
      });
      observer.observe(status, { childList: true, characterData: true, subtree: true });
    });
    // The next batch from a file: the download of the pasted batch still shown keeps its
    // own name, not the file's.
    const next = { name: 'the next.txt', mimeType: 'text/plain', buffer: Buffer.from([big, '.'.repeat(625), '.'.repeat(625)].join('\n')) };
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByLabel('Puzzle file').setInputFiles(next)]);
    expect(saved.suggestedFilename()).toBe('gridmilp-solutions.txt');
    expect(await page.evaluate(() => (window as unknown as { rowsAtClick: number }).rowsAtClick)).toBe(2); // the first batch's rows still shown
    const solutions = readFileSync((await saved.path())!, 'utf8').trim().split('\n');
    expect(solutions).toHaveLength(2);
    solutions.forEach((line, i) => expect(solutionProblems(top95[i]!, line)).toEqual([]));
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await settledStatus(page);
    // The stopped batch's table is the file's, named after it, though its name starts
    // as the page's own phrases do ("the puzzle text").
    const [table] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    expect(table.suggestedFilename()).toBe('the next-results.csv');
    await page.close();
  });

  it('Stop before any puzzle of a batch ends: the table lists them as not finished, and it can be saved', async () => {
    // A batch before, finished: the stopped one's table is its own, not this one's.
    const page = await afterABatch();
    // Three empty 25×25 grids on the candidates model by branch-and-bound: each runs to
    // the large-grid time limit (10 s), so Stop comes before any ends.
    await page.getByLabel('MILP').selectOption('candidates');
    await paste(page, Array.from({ length: 3 }, () => '.'.repeat(625)).join('\n'));
    await page.getByRole('button', { name: 'Solve all 3 puzzles' }).click();
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await stop.click();
    const stopped = await settledStatus(page);
    expect(stopped.text).toBe(
      'Stopped after 0 of 3 puzzles: the table lists them as not finished, and Download .xlsx or .csv saves it. Your board and text are kept.',
    );
    const statuses = await page.$$eval('#batch-table tbody tr td:nth-child(3)', (tds) => tds.map((td) => td.textContent));
    expect(statuses).toEqual(Array(3).fill('not finished (stopped)'));
    // Nothing was solved: no solutions to save, but the table as it stands.
    expect(await page.getByRole('button', { name: 'Download solutions' }).isDisabled()).toBe(true);
    const [table] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    // A pasted text has no file's name to save under: the page's own.
    expect(table.suggestedFilename()).toBe('gridmilp-results.csv');
    const lines = readFileSync((await table.path())!, 'utf8').trimEnd().split('\n');
    expect(lines).toEqual([
      'name,status,ms,nodes,conflicts,puzzle,solution',
      ...[1, 2, 3].map((i) => `Puzzle ${i},not finished (stopped),,,,${'.'.repeat(625)},`),
    ]);
    // A name shows its puzzle, and says it did not finish.
    await page.getByRole('button', { name: 'Puzzle 2', exact: true }).click();
    expect((await settledStatus(page)).text).toBe('Puzzle 2 (line 2): not finished (stopped).');
    await page.close();
  });

  it('a batch counts a puzzle the time limit stopped once (not also without solution): the counts add up to the puzzles', async () => {
    const page = await h.openPage();
    // Three empty 25×25 grids on the candidates model by branch-and-bound, with a 1 ms
    // limit per large puzzle: each is stopped by the time limit without an answer.
    await page.getByLabel('MILP').selectOption('candidates');
    await page.locator('details.options summary').click();
    await page.getByLabel('Batch: time limit per 16×16 or larger puzzle (ms, 0 = none)').fill('1');
    await page.locator('header h1').click(); // the paste goes to the page, not the input
    await paste(page, Array.from({ length: 3 }, () => '.'.repeat(625)).join('\n'));
    await page.getByRole('button', { name: 'Solve all 3 puzzles' }).click();
    await page.locator('[role=status]').filter({ hasText: /^Finished 3 puzzles/ }).waitFor({ timeout: 120_000 });
    const status = await settledStatus(page);
    const statuses = await page.$$eval('#batch-table tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.status));
    expect(statuses).toEqual(Array(3).fill('time limit'));
    expect(status.text).toMatch(
      /^Finished 3 puzzles from the pasted text in [^:]*: 0 solved, 3 stopped by the time limit \(candidates model, branch-and-bound, as the Model panel says\)\.$/,
    );
    const named = [...status.text.matchAll(/(\d+) (?:solved|stopped by the time limit|without solution|with errors)/g)];
    expect(named.reduce((sum, m) => sum + Number(m[1]), 0), status.text).toBe(3);
    await page.close();
  });

  it('bad files show a clear message and keep the board', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    const puzzle = top95[2]!;
    await paste(page, puzzle);
    await settledStatus(page);
    const file = page.getByLabel('Puzzle file');

    await file.setInputFiles({ name: 'junk.txt', mimeType: 'text/plain', buffer: Buffer.from('12x4\n') });
    let status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toMatch(/line 1, column 3/i);
    expect(await readGivens(page)).toBe(puzzle);
    // Words are refused as words, not read as a 10×10's row whose 'h' is no symbol.
    await file.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('hello, world\n') });
    status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toMatch(/^Line 1 is words, not a puzzle/);
    expect(await readGivens(page)).toBe(puzzle);

    // An image chosen by mistake is named as one, not read as a puzzle's bad characters.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toMatch(/^photo\.png is a PNG image, not a puzzle text: .* Nothing was changed\.$/);
    expect(await readGivens(page)).toBe(puzzle);

    const empty = join(scratch, 'empty.txt');
    writeFileSync(empty, '');
    await file.setInputFiles(empty);
    status = await settledStatus(page);
    expect(status).toEqual({ text: 'empty.txt is empty.', kind: 'error' });

    const huge = join(scratch, 'huge.txt'); // 65 MB, sparse: refused before reading
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 65 * 1024 * 1024);
    closeSync(fd);
    await file.setInputFiles(huge);
    status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toMatch(/too large .* up to 64\.0 MB/);

    const junk50 = join(scratch, 'junk50.txt'); // 50 MB of junk: the engine's parse error
    writeFileSync(junk50, 'qwerty uiop asdf ghjkl zxcvbn1 '.repeat(Math.ceil((50 * 1024 * 1024) / 31)));
    await file.setInputFiles(junk50);
    status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toMatch(/line 1, column 1/i);
    expect(await readGivens(page)).toBe(puzzle);
    // The page still answers: a solve works.
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(SOLVED_LINE);
    await page.close();
  });

  it('shows conflicting givens on the board', async () => {
    const page = await h.openPage();
    await typePuzzle(page, `5.5${'.'.repeat(78)}`);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const status = await settledStatus(page);
    expect(status.kind).toBe('error');
    const conflicts = await page
      .locator('[role="gridcell"][data-conflict="true"]')
      .evaluateAll((cells) => cells.map((c) => `${(c as HTMLElement).dataset.row},${(c as HTMLElement).dataset.column}`));
    expect(conflicts.sort()).toEqual(['1,1', '1,3']);
    expect(await readGivens(page)).toBe(`5.5${'.'.repeat(78)}`);
    // In forced colours (no tints, no box shadows) a clash keeps a frame of its own,
    // a double border, apart from a plain cell's none and from the focus's outline.
    const frame = (row: number, column: number): Promise<string> =>
      page
        .locator(`[role="gridcell"][data-row="${row}"][data-column="${column}"]`)
        .evaluate((c) => getComputedStyle(c, '::after').borderTopStyle);
    await page.emulateMedia({ forcedColors: 'active' });
    expect([await frame(1, 1), await frame(1, 3), await frame(1, 2)]).toEqual(['double', 'double', 'none']);
    await page.emulateMedia({ forcedColors: 'none' });
    expect(await frame(1, 1)).toBe('none');
    // Editing clears the highlight; Clear empties the board.
    await page.locator('[role="gridcell"][data-row="1"][data-column="3"]').click();
    await page.keyboard.press('Backspace');
    expect(await page.locator('[data-conflict="true"]').count()).toBe(0);
    expect(await readGivens(page)).toBe(`5${'.'.repeat(80)}`);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    expect(await readBoard(page)).toBe('.'.repeat(81));
    await page.close();
  });

  it('marks clashing givens as they are typed, and the status follows the board', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    await paste(page, top95[0]!);
    await settledStatus(page);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(/^The board is empty\. Ctrl\+Z or Back brings back its \d+ givens\.$/);
    const cell = (row: number, column: number) => page.locator(`[role="gridcell"][data-row="${row}"][data-column="${column}"]`);
    const marked = (): Promise<string[]> =>
      page
        .locator('[role="gridcell"][data-conflict="true"]')
        .evaluateAll((cells) => cells.map((c) => `${(c as HTMLElement).dataset.row},${(c as HTMLElement).dataset.column}`).sort());
    const typeAt = async (row: number, column: number, key: string): Promise<void> => {
      await cell(row, column).click();
      await page.keyboard.press(key);
    };
    // The status no longer says the board is empty once it is not.
    await typeAt(1, 1, '5');
    expect((await settledStatus(page)).text).toBe('1 given on the board. Press Solve.');
    expect(await marked()).toEqual([]);
    // A clash is marked at once, both cells, and named before any solve.
    await typeAt(1, 3, '5');
    let status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toBe(
      'Two 5s in row 1: row 1, column 1 and row 1, column 3. Givens that clash leave the puzzle without a solution: change one of the marked cells.',
    );
    expect(await marked()).toEqual(['1,1', '1,3']);
    // A third 5 in their box: every given in a clash is marked.
    await typeAt(2, 2, '5');
    expect(await marked()).toEqual(['1,1', '1,3', '2,2']);
    await typeAt(1, 3, 'Backspace');
    expect(await marked()).toEqual(['1,1', '2,2']);
    expect((await settledStatus(page)).text).toMatch(/^Two 5s in box 1: row 1, column 1 and row 2, column 2\./);
    // Undone: no mark, and the status counts the givens again.
    await typeAt(2, 2, '7');
    expect(await marked()).toEqual([]);
    status = await settledStatus(page);
    expect(status).toMatchObject({ kind: 'info', text: '2 givens on the board. Press Solve.' });
    // Solve keeps every clash marked, not only the pair the engine names.
    await typeAt(5, 5, '7');
    await typeAt(6, 5, '7');
    await typeAt(1, 3, '7');
    expect(await marked()).toEqual(['1,3', '2,2', '5,5', '6,5']); // box 1 and column 5
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    status = await settledStatus(page);
    expect(status).toMatchObject({ kind: 'error', text: 'Two 7s in column 5: row 5, column 5 and row 6, column 5' });
    expect(await marked()).toEqual(['1,3', '2,2', '5,5', '6,5']);
    await typeAt(1, 3, 'Backspace');
    await typeAt(6, 5, 'Backspace');
    await typeAt(5, 5, 'Backspace');
    // An edit takes a shown solution away, and the status that spoke of it.
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(SOLVED_LINE);
    await typeAt(9, 9, '1');
    expect(await page.locator('[role="gridcell"].solved').count()).toBe(0);
    expect((await settledStatus(page)).text).toBe('3 givens on the board. Press Solve.');
    // A pasted puzzle whose givens clash says so at once.
    await paste(page, `55${'.'.repeat(79)}`);
    status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toMatch(/^Loaded the puzzle from the pasted text \(2 givens\)\. Two 5s in row 1: row 1, column 1 and row 1, column 2\. /);
    // A 16×16 shown in 0–F: the clash is named in the symbols on the board, also by Solve.
    await page.getByLabel('Size', { exact: true }).selectOption('16');
    await page.getByLabel('Symbols 0–F').check();
    await typeAt(1, 1, '3');
    await typeAt(1, 2, '3');
    expect((await settledStatus(page)).text).toMatch(/^Two 3s in row 1: /);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toBe('Two 3s in row 1: row 1, column 1 and row 1, column 2');
    await page.getByLabel('Symbols 0–F').uncheck();
    expect((await settledStatus(page)).text).toMatch(/^Two 4s in row 1: /);
    // A 25×25 pasted in the 0–F mode is read with its own symbols, as a 9×9 would be.
    await page.getByLabel('Symbols 0–F').check();
    await page.locator('header h1').click(); // a paste into the checkbox is its own
    const big = readFileSync(join(repoRoot, 'tests/data/sudoku/25x25.txt'), 'utf8').split('\n')[0]!;
    await paste(page, big);
    expect((await settledStatus(page)).text).toMatch(/^Loaded the puzzle from the pasted text \(\d+ givens\)\. The board is now 25×25\./);
    expect(await page.getByLabel('Symbols 0–F').isChecked()).toBe(false);
    // So is a 9×9 whose empty cells are 0: in 0–F its 0s would be 1s and its 9s no symbol.
    await page.getByLabel('Size', { exact: true }).selectOption('16');
    await page.getByLabel('Symbols 0–F').check();
    await page.locator('header h1').click();
    await paste(page, '003020600900305001001806400008102900700000008006708200002609500800203009005010300');
    expect((await settledStatus(page)).text).toBe('Loaded the puzzle from the pasted text (32 givens). The board is now 9×9. Press Solve.');
    expect(await readGivens(page)).toBe('..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..');
    expect(await page.getByLabel('Symbols 0–F').isChecked()).toBe(false);
    await page.close();
  });

  it('a crashed worker is replaced: message shown, board kept, Solve works', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    const puzzle = top95[6]!;
    await paste(page, puzzle);
    await settledStatus(page);
    const workers = page.workers();
    expect(workers).toHaveLength(1);
    // An uncaught error inside the worker: its `error` event reaches the page.
    await workers[0]!.evaluate(() => {
      setTimeout(() => {
        throw new Error('simulated worker failure');
      }, 0);
    });
    await page.waitForFunction(() =>
      document.querySelector('[role="status"]')?.textContent?.includes('A fresh solver has been started'),
    );
    const status = await settledStatus(page);
    expect(status.kind).toBe('error');
    expect(status.text).toContain('simulated worker failure');
    expect(await readGivens(page)).toBe(puzzle);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(SOLVED_LINE);
    expect(solutionProblems(puzzle, await readBoard(page))).toEqual([]);
    await page.close();
  });

  it('keeps the Enumerate, Generate and Solver options over a reload; a new tab starts from the defaults', async () => {
    const page = await h.openPage();
    await page.locator('#enum-limit').fill('37');
    await page.locator('#gen-symmetry').selectOption('rot180');
    await page.locator('#opt-record-tree').check();
    await page.locator('details.options summary').click();
    await page.locator('#opt-time-limit').fill('5000');
    await page.locator('#opt-presolve').uncheck();
    await page.reload();
    await engineReady(page);
    expect(await page.locator('#enum-limit').inputValue()).toBe('37');
    expect(await page.locator('#gen-symmetry').inputValue()).toBe('rot180');
    expect(await page.locator('#opt-record-tree').isChecked()).toBe(true);
    expect(await page.locator('#opt-time-limit').inputValue()).toBe('5000');
    expect(await page.locator('#opt-presolve').isChecked()).toBe(false);
    // The kept options are the ones the next request uses: the tree is recorded.
    await paste(page, '.2.........69.27.5....43...5...9.3....73....8.8.....72.1..........8.94...5..6.2..');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.locator('#tree-panel').waitFor({ state: 'visible', timeout: 60_000 });
    const fresh = await h.openPage();
    expect(await fresh.locator('#enum-limit').inputValue()).toBe('10');
    expect(await fresh.locator('#gen-symmetry').inputValue()).toBe('none');
    expect(await fresh.locator('#opt-record-tree').isChecked()).toBe(false);
    expect(await fresh.locator('#opt-presolve').isChecked()).toBe(true);
    // A number the field cannot take is said, not replaced by another in silence.
    await fresh.locator('#enum-limit').fill('0');
    await fresh.locator('#enumerate').click();
    expect(await settledStatus(fresh)).toEqual({
      text: 'At most (Enumerate solutions) must be a whole number from 1 to 100,000, not “0”.',
      kind: 'error',
    });
    expect(await fresh.locator('#enum-limit').inputValue()).toBe('0');
    await fresh.locator('#gen-givens').fill('-5');
    await fresh.locator('#generate').click();
    expect((await settledStatus(fresh)).text).toBe('Target givens must be a whole number from 0 (as few as the puzzle allows) to 81, not “-5”.');
    await fresh.close();
    // Back to the defaults for the tests after this one (the same tab is not reused).
    await page.close();
  });

  it('keeps the keyboard focus through a job: on Stop while it runs, back on its button after', async () => {
    // A disabled button drops the focus to the body: a keyboard or a screen reader lost its place.
    const page = await h.openPage();
    await page.selectOption('#size', '16');
    const focused = (): Promise<string> => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || '');
    await page.focus('#relax');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.busy === '', null, { timeout: 120_000 });
    expect(await focused()).toBe('relax');
    // The export dialog opens while its button is disabled: Escape gives that button the focus.
    await page.focus('#export-lp');
    await page.keyboard.press('Enter');
    await page.locator('#export-dialog[open]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('export-lp');
    await page.close();
  });

  it('by keyboard: arrowing through Size keeps the board, Ctrl+Home and Ctrl+End, a text error marks its box at the error', async () => {
    // An accessibility session: arrow keys on the closed Size menu change the size at each
    // press, and an 8×8 and back left an empty 9×9; the text's error was said in another
    // column, nothing on the box.
    const page = await h.openPage();
    const focused = (): Promise<string> => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.id || '');
    await page.locator('[role="gridcell"]').first().focus();
    await page.keyboard.press('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('3');
    await page.keyboard.press('Control+End');
    expect(await focused()).toMatch(/^row 9, column 9: /);
    await page.keyboard.press('7');
    await page.keyboard.press('Control+Home');
    expect(await focused()).toMatch(/^row 1, column 1: 5, given/);
    const nine = await readGivens(page);
    expect(nine).toBe(`53${'.'.repeat(78)}7`);
    await page.focus('#size');
    await page.keyboard.press('ArrowUp'); // 8×8
    await expect.poll(() => page.locator('[role="gridcell"]').count()).toBe(64);
    expect((await settledStatus(page)).text).toMatch(/^Empty 8×8 board .*\. Your 9×9 board is kept: choose 9×9 again to have it back\.$/);
    await page.keyboard.press('ArrowDown'); // 9×9 again
    await expect.poll(() => page.locator('[role="gridcell"]').count()).toBe(81);
    expect(await readGivens(page)).toBe(nine);
    expect((await settledStatus(page)).text).toBe('Your 9×9 board is back: 3 givens.');
    // A text that does not read: the box is marked, described by the status line, its caret at the fault.
    const text = `${'.'.repeat(9)}\n`.repeat(8) + '......x..\n';
    await page.fill('#puzzle-text', text);
    await page.focus('#load-text');
    await page.keyboard.press('Enter');
    const said = await settledStatus(page);
    expect(said.kind).toBe('error');
    expect(said.text).toMatch(/^Line 9, column 7/);
    const box = page.locator('#puzzle-text');
    // (Marked once text-error.ts has been fetched, a moment after the status.)
    await expect.poll(async () => [await box.getAttribute('aria-invalid'), await box.getAttribute('aria-describedby')]).toEqual(['true', 'puzzle-text-error']);
    expect(await page.textContent('#puzzle-text-error')).toBe(said.text);
    await expect.poll(focused).toBe('puzzle-text');
    expect(await box.evaluate((t) => (t as HTMLTextAreaElement).selectionStart)).toBe(text.indexOf('x'));
    expect(await readGivens(page)).toBe(nine); // the board kept
    await page.keyboard.press('Delete');
    expect(await box.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#puzzle-text-error').count()).toBe(0);
    // A puzz.link URL pasted on a cell opens its genre; the focus goes to that board.
    await page.locator('[role="gridcell"]').first().focus();
    await paste(page, 'https://puzz.link/p?akari/7/7/h.g...g6..nchbbbgag6.m');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#genre-board') !== null)).toBe(true);
    await page.close();
  });

  it('fits a phone-width screen', async () => {
    const page = await h.openPage({ width: 375, height: 740 });
    await page.locator('header h1').click();
    await paste(page, top95[0]!);
    await settledStatus(page);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toMatch(SOLVED_LINE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await page.getByRole('grid').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(box!.width).toBeGreaterThan(250);
    await page.screenshot({ path: join(resultsDir, 'solved-board-phone.png'), fullPage: true });
    // A 25×25 is wider than the phone: it scrolls sideways inside its container, and the
    // edge with more of it beyond fades (data-more), as a phone shows no scroll bar.
    const more = (): Promise<string | undefined> => page.evaluate(() => document.getElementById('board-container')!.dataset.more);
    expect(await more()).toBe('');
    await page.selectOption('#size', '25');
    await expect.poll(more).toBe('right');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => getComputedStyle(document.getElementById('board-container')!).maskImage)).toContain('gradient');
    await page.evaluate(() => document.getElementById('board-container')!.scrollBy(120, 0));
    await expect.poll(more).toBe('left right');
    await page.evaluate(() => document.getElementById('board-container')!.scrollBy(10_000, 0));
    await expect.poll(more).toBe('left');
    await page.screenshot({ path: join(resultsDir, 'board-25-phone.png') });
    await page.close();
  });

  it('on a phone, a result pressed for far below the status line brings the status into view', async () => {
    const page = await h.openPage({ width: 375, height: 740 });
    await page.locator('header h1').click();
    await paste(page, top95[0]!);
    await settledStatus(page);
    const inView = (): Promise<boolean> =>
      page.evaluate(() => {
        const box = document.getElementById('status')!.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
    // At the top, Check uniqueness is at the screen's foot and the status below it.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await inView()).toBe(false);
    await page.locator('#check-unique').click();
    expect((await settledStatus(page)).text).toMatch(/^Unique solution/);
    await expect.poll(inView).toBe(true);
    await page.close();
  });

  it('on a phone, a batch row far below the board brings the board into view with its puzzle', async () => {
    const page = await h.openPage({ width: 375, height: 740 });
    const lines = top95.slice(0, 40);
    await page.getByLabel('Puzzle file').setInputFiles({ name: 'forty.txt', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n')) });
    expect((await settledStatus(page)).text).toMatch(/^Finished 40 puzzles from forty\.txt/);
    const row = page.locator('#batch-table').getByRole('button', { name: 'Puzzle 38', exact: true });
    await row.scrollIntoViewIfNeeded();
    const onScreen = (): Promise<boolean> =>
      page.evaluate(() => {
        const box = document.getElementById('board-container')!.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
    expect(await onScreen()).toBe(false);
    await showBatchRow(page, 'Puzzle 38');
    // All of it, once the smooth scroll has ended.
    const whole = (): Promise<boolean> =>
      page.evaluate(() => {
        const box = document.getElementById('board-container')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(whole).toBe(true);
    expect(await readGivens(page)).toBe(lines[37]!.replace(/0/g, '.'));
    await page.screenshot({ path: join(resultsDir, 'batch-row-phone.png') });
    await page.close();
  });
});
