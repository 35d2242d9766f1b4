// SPDX-License-Identifier: GPL-3.0-or-later
// The teaching panels in headless Chromium, checked against the engine's own answers
// (the WASM module loaded in Node): the formulation of the model actually solved, its
// sizes as built / after the reduction / after GLPK's presolve, one concrete constraint as
// the engine's model builder hands it to GLPK (its terms checked against GLPK's own LP
// text) with its cells highlighted, the recorded branch-and-bound tree, and the
// incumbent's value for an objective. Screenshots go to test-results/.
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  EngineFail,
  EngineOk,
  ExportModelResult,
  SolveResult,
} from '../../web/src/solver/protocol';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { readData } from '../common/test-data';
import { loadModule, readOnePerLine } from '../wasm/helpers';
import {
  paste,
  resultsDir,
  settledStatus,
  useHarness,
  type Harness,
  showFormulation,
  showModelPanel,
} from './harness';

let h: Harness;
let engine: GridmilpModule;
/** The module with the SAT method: GLPK's model writers are there (the page's worker sends exports to it). */
let satEngine: GridmilpModule;

useHarness((started) => {
  h = started;
});

beforeAll(async () => {
  engine = await loadModule();
  satEngine = await loadModule('gridmilp_wasm_sat');
});

/** Norvig's top95 with the shared set, else gridmilp's own hard95 (all need branching). */
const top95 = readOnePerLine(readData('top95.txt'));
/** The teaching page's hard puzzle (gridmilp seed 16): it branches twice. */
const hard = '.2.........69.27.5....43...5...9.3....73....8.8.....72.1..........8.94...5..6.2..';

function ask<R>(request: unknown, on: GridmilpModule = engine): R {
  const response = JSON.parse(on.handleRequest(JSON.stringify(request))) as EngineOk<R> | EngineFail;
  if ('error' in response) throw new Error(JSON.stringify(response.error));
  return response.result;
}

/**
 * The terms `r,c,d` of a row, written by GLPK (`x(4,4,3)`) or by the model builder
 * (`x[4,4,3]`), sorted: GLPK's LP file lists a row's terms in its own order (reversed).
 */
function termsOf(text: string | null): string[] {
  return [...(text ?? '').matchAll(/x[([](\d+),(\d+),(\d+)[)\]]/g)].map((m) => `${m[1]},${m[2]},${m[3]}`).sort();
}

/** The row `name` of GLPK's LP text, found independently of the page: one line, spaces collapsed. */
function lpRow(text: string, name: string): string | null {
  const start = text.indexOf(`\n ${name}:`);
  if (start < 0) return null;
  const rest = text.slice(start + 1);
  const end = rest.search(/ = 1\n/);
  return rest.slice(0, end + 4).replace(/\s+/g, ' ').trim();
}

async function openWith(puzzle: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await h.openPage(viewport);
  await page.locator('header h1').click();
  await paste(page, puzzle);
  expect((await settledStatus(page)).text).toMatch(/^Loaded/);
  return page;
}

/** The figures of one row of the size table: [variables, constraints, nonzeros]. */
async function sizes(page: Page | Frame, stage: string): Promise<string[]> {
  return page.locator(`.f-size-table tr[data-stage="${stage}"] td`).evaluateAll((tds) =>
    tds.slice(0, 3).map((td) => td.textContent ?? ''),
  );
}

async function tiedCells(page: Page | Frame): Promise<string[]> {
  const cells = await page
    .locator('[role="gridcell"].tied')
    .evaluateAll((els) => els.map((c) => `${(c as HTMLElement).dataset.row},${(c as HTMLElement).dataset.column}`));
  return cells.sort();
}

const num = (x: number): string => x.toLocaleString('en-US');

describe('the formulation follows the model actually solved', () => {
  it('typesets the textbook, candidates and reduced models of top95 line 1 with the engine’s figures', async () => {
    const puzzle = top95[0]!;
    const page = await openWith(puzzle);
    const panel = page.locator('#formulation');
    const model = page.getByLabel('MILP');

    // Textbook: n³ binaries, all four families over N, the givens as bounds.
    await showFormulation(page);
    expect(await panel.locator('.f-model').getAttribute('data-model')).toBe('textbook');
    expect(await panel.locator('.katex').count()).toBeGreaterThanOrEqual(8);
    // Typeset, not raw TeX, and as MathML for a screen reader, which KaTeX's HTML is hidden from.
    expect(await panel.textContent()).not.toMatch(/\\(sum|forall|in\b)/);
    expect(await panel.locator('.katex math').count()).toBe(await panel.locator('.katex').count());
    expect(await sizes(page, 'built')).toEqual(['729', '324', '2,916']);
    expect(await page.locator('.f-size-table tr[data-stage="reduced"]').count()).toBe(0);
    expect(await panel.locator('[data-family="givens"]').textContent()).toContain('(bounds)');

    for (const kind of ['candidates', 'reduced'] as const) {
      await model.selectOption(kind);
      const expected = ask<ExportModelResult>({ type: 'exportModel', puzzle, format: 'lp', options: { model: kind } }, satEngine);
      // The figures arrive from a background export of the same model.
      await page.locator('.f-size-table tr[data-stage="reduced"] td').first().filter({ hasText: /^\d/ }).waitFor();
      expect(await sizes(page, 'reduced')).toEqual([num(expected.columns), num(expected.rows), num(expected.nonzeros)]);
      const note = await page.locator('.f-size-table tr[data-note="reduced"] .f-note').textContent();
      expect(note).toContain(`${num(expected.reduction!.candidatesRemoved)} variables and ${num(expected.reduction!.rowsRemoved)} rows left out`);
      expect(await panel.locator('.f-model').getAttribute('data-model')).toBe(kind);
      // The candidate set and its size are typeset (KaTeX spans, not TeX source).
      const vars = (await panel.locator('.f-vars').allTextContents()).join(' ');
      expect(vars).toContain(`${kind === 'reduced' ? 'C′' : 'C'}∣=${expected.columns}`.replace(/^C/, '∣C'));
      expect(vars).not.toContain('\\notin');
      expect(await panel.locator('[data-family="cell"] .katex').textContent()).toContain(kind === 'reduced' ? 'C′' : 'C');
      if (kind === 'reduced') {
        const text = (await panel.locator('.f-model').textContent()) ?? '';
        const r = expected.reduction!;
        expect(text).toContain(`${r.nakedSingles} naked single`);
        expect(text).toContain(`${r.hiddenSingles} hidden single`);
      }
    }
    await page.locator('#formulation').screenshot({ path: join(resultsDir, 'model-reduced.png') });
    await page.close();
  });

  it('follows the size and the objective: 6×6 with 2×3 boxes, maximize the diagonal', async () => {
    const page = await h.openPage();
    await page.getByLabel('Size').selectOption('6');
    await showModelPanel(page);
    expect(await sizes(page, 'built')).toEqual(['216', '144', '864']);
    expect(await page.locator('#formulation .f-sets').textContent()).toContain('2×3 block');
    await page.getByLabel('Solve optimises').selectOption('diagonal');
    const obj = (await page.locator('#formulation .f-obj').textContent()) ?? '';
    expect(obj).toContain('max');
    expect(obj).toContain('the main-diagonal sum');
    await page.close();
  });
});

describe('sizes as built, reduced and presolved', () => {
  it('shows GLPK’s presolved size after Solve, and says when recording turned presolve off', async () => {
    const puzzle = top95[3]!;
    const page = await openWith(puzzle);
    await page.getByLabel('MILP').selectOption('candidates');
    await showModelPanel(page);
    expect((await sizes(page, 'presolved')).join()).toBe('—,—,—');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    const solved = ask<SolveResult>({ type: 'solve', puzzle, options: { model: 'candidates' } });
    const s = solved.stats;
    expect(s.presolvedRows).not.toBeNull();
    expect(await sizes(page, 'reduced')).toEqual([num(s.columns), num(s.rows), num(s.nonzeros)]);
    expect(await sizes(page, 'presolved')).toEqual([
      num(s.presolvedColumns!),
      num(s.presolvedRows!),
      num(s.presolvedNonzeros!),
    ]);

    await page.getByLabel('Record and draw the branch-and-bound tree on Solve').check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await settledStatus(page);
    expect(await page.locator('.f-size-table tr[data-note="presolved"] .f-note').textContent()).toContain(
      "recording the branching turns GLPK's presolve off",
    );
    await page.close();
  });
});

describe('one concrete constraint', () => {
  it('shows the row GLPK gets for “digit 3 once in box 5” and highlights its cells', async () => {
    const puzzle = top95[0]!;
    const page = await openWith(puzzle);
    const lp = ask<ExportModelResult>({ type: 'exportModel', puzzle, format: 'lp' }, satEngine).text!;
    await showModelPanel(page);
    await page.getByLabel('Constraint', { exact: true }).selectOption('box');
    await page.getByLabel('box b').selectOption('5');
    await page.getByLabel('digit d').selectOption('3');
    const row = page.locator('#formulation .lp-row');
    await row.waitFor();
    expect(await row.getAttribute('data-row')).toBe('box[5,3]');
    expect(await row.textContent()).toMatch(/^box\[5,3\]: x\[\d,\d,3\]( \+ x\[\d,\d,3\]){8} = 1$/);
    // The engine's row has the terms of the row in GLPK's own LP file.
    expect(termsOf(await row.textContent())).toEqual(termsOf(lpRow(lp, 'box(5,3)')));
    expect(await tiedCells(page)).toEqual(['4,4', '4,5', '4,6', '5,4', '5,5', '5,6', '6,4', '6,5', '6,6']);
    // A given of row 5 in the textbook model (top95 line 1: an 8 in column 5): the panel
    // names the bound that fixes it.
    const column5 = [...puzzle.slice(36, 45)].findIndex((ch) => ch !== '.') + 1;
    expect(column5).toBeGreaterThan(0);
    const given5 = puzzle[36 + column5 - 1]!;
    await page.getByLabel('Constraint', { exact: true }).selectOption('row');
    await page.getByLabel('row r').selectOption('5');
    await page.getByLabel('digit d').selectOption(given5);
    await page.locator(`#formulation .lp-row[data-row="row[5,${given5}]"]`).waitFor();
    expect(termsOf(await row.textContent())).toEqual(termsOf(lpRow(lp, `row(5,${given5})`)));
    expect(await page.locator('#formulation .f-row .hint').textContent()).toContain(`x[5,${column5},${given5}] = 1`);

    // The reduced model: fewer terms, and no row at all where a given completes the unit.
    // (Take a puzzle the reduction does not settle: it settles top95 line 1.)
    const exportReduced = (p: string): string =>
      ask<ExportModelResult>({ type: 'exportModel', puzzle: p, format: 'lp', options: { model: 'reduced' } }, satEngine).text!;
    const box5Of = (p: string): string[] => [3, 4, 5].flatMap((r) => [3, 4, 5].map((c) => p[r * 9 + c]!));
    const other = top95.find(
      (p) => /\n box\(5,\d\):/.test(exportReduced(p)) && box5Of(p).some((ch) => ch !== '.'),
    )!;
    const reduced = exportReduced(other);
    const digit = /\n box\(5,(\d)\):/.exec(reduced)![1]!;
    const given = box5Of(other).find((ch) => ch !== '.')!;
    await page.locator('header h1').click();
    await paste(page, other);
    await settledStatus(page);
    await page.getByLabel('MILP').selectOption('reduced');
    await page.getByLabel('Constraint', { exact: true }).selectOption('box');
    await page.getByLabel('box b').selectOption('5');
    await page.getByLabel('digit d').selectOption(digit);
    await page.locator(`#formulation .lp-row[data-row="box[5,${digit}]"]`).waitFor();
    const text = (await page.locator('#formulation .lp-row').textContent()) ?? '';
    expect(termsOf(text)).toEqual(termsOf(lpRow(reduced, `box(5,${digit})`)));
    const vars = [...text.matchAll(/x\[(\d),(\d),\d\]/g)].map((m) => `${m[1]},${m[2]}`).sort();
    expect(vars.length).toBeLessThan(9);
    expect(await tiedCells(page)).toEqual(vars);
    await page.getByLabel('digit d').selectOption(given); // a given of box 5
    expect(lpRow(reduced, `box(5,${given})`)).toBeNull();
    const none = page.locator('#formulation .lp-row-none');
    expect(await none.textContent()).toContain(`already put ${given} in this unit`);
    expect(await tiedCells(page)).toEqual([]);

    // Selecting a cell picks its box: (1,9) is in box 3.
    await page.getByLabel('digit d').selectOption(digit);
    await page.locator('[role="gridcell"][data-row="1"][data-column="9"]').click();
    expect(await page.getByLabel('box b').inputValue()).toBe('3');
    await page.locator(`#formulation [data-row="box[3,${digit}]"]`).waitFor();
    await page.locator('.side').screenshot({ path: join(resultsDir, 'model-row.png') });
    await page.close();
  });
});

describe('branch-and-bound tree and incumbent', () => {
  it('draws the recorded tree of the teaching page’s hard puzzle and lists the visits', async () => {
    const page = await openWith(hard);
    await page.getByLabel('Record and draw the branch-and-bound tree on Solve').check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    const result = ask<SolveResult>({ type: 'solve', puzzle: hard, options: { recordBranching: true } });
    const decisions = result.branching!;
    expect(decisions.length).toBe(2);
    const tree = page.locator('#tree-panel');
    expect(await tree.isVisible()).toBe(true);
    expect(await tree.locator('.bnb-tree .tree-node').count()).toBe(result.stats.nodes);
    expect(await tree.locator('.bnb-tree .tree-node[data-fate="branched"]').count()).toBe(decisions.length);
    expect(await tree.locator('.bnb-tree .node-variable').allTextContents()).toEqual(decisions.map((d) => d.variable));
    expect(await tree.locator('.bnb-tree .tree-node[data-fate="incumbent"]').count()).toBe(1);
    // The list: one line per node in visiting order; the decisions in the recorded order.
    const decided = await tree.locator('.tree-list li[data-decision]').evaluateAll((lis) =>
      lis.map((li) => Number((li as HTMLElement).dataset.node)),
    );
    expect(decided).toEqual(decisions.map((d) => d.node));
    const lines = await tree.locator('.tree-list li').allTextContents();
    expect(lines[0]).toBe(`node 1 (root): LP value of ${decisions[0]!.variable} is 0.5: branch, x = 1 first`);
    expect(lines[1]).toBe(`node 3 (${decisions[0]!.variable} = 1): LP infeasible: dead end`);
    // Its children reuse the number GLPK freed with the infeasible node 3: labelled in
    // creation order, GLPK's own number beside the label where it differs.
    const incumbent = `(${decisions[1]!.variable} = 1): LP solution integral: incumbent`;
    expect(lines.filter((l) => /^node [45] \[GLPK's node [34]\] /.test(l) && l.endsWith(incumbent))).toHaveLength(1);
    await tree.screenshot({ path: join(resultsDir, 'tree-hard.png') });
    await page.close();
  });

  it('draws a larger tree (top95 line 13) scrollably, with as many nodes as GLPK counted', async () => {
    // The first puzzle of the set whose recorded tree has more than 20 decisions: top95
    // line 13 with the shared set (29), else line 10 of gridmilp's own hard95 (40).
    const recorded = (p: string): SolveResult =>
      ask<SolveResult>({ type: 'solve', puzzle: p, options: { recordBranching: true } });
    const puzzle = top95.find((p) => recorded(p).branching!.length > 20)!;
    expect(puzzle).toBeDefined();
    const page = await openWith(puzzle);
    await page.getByLabel('Record and draw the branch-and-bound tree on Solve').check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    const result = ask<SolveResult>({ type: 'solve', puzzle, options: { recordBranching: true } });
    expect(result.branching!.length).toBeGreaterThan(20);
    const tree = page.locator('#tree-panel');
    expect(await tree.locator('.bnb-tree .tree-node').count()).toBe(result.stats.nodes);
    // One listed split per node that branched: GLPK counts two new nodes per split.
    expect(await tree.locator('.tree-list li[data-decision]').count()).toBe((result.stats.nodes - 1) / 2);
    const summary = (await tree.locator('.tree-summary').textContent()) ?? '';
    expect(summary).toContain(`${result.stats.nodes} nodes, ${result.branching!.length} decisions`);
    // GLPK reuses a discarded node's number; the page labels each node once (creation
    // order), so no two circles or lines share a label, and GLPK's numbers repeat here.
    const labels = await tree.locator('.bnb-tree .node-number').allTextContents();
    expect(new Set(labels).size).toBe(labels.length);
    const listed = (await tree.locator('.tree-list li').allTextContents()).map((t) => /^node (\d+)/.exec(t)![1]);
    expect(new Set(listed).size).toBe(result.stats.nodes);
    expect(new Set(result.branching!.map((d) => d.node)).size).toBeLessThan(result.branching!.length);
    expect((await tree.locator('.tree-list li').allTextContents()).some((t) => /^node \d+ \[GLPK's node \d+\]/.test(t))).toBe(true);
    const scroller = tree.locator('.tree-scroll');
    const overflow = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    expect(overflow).toBe(true);
    await page.screenshot({ path: join(resultsDir, 'tree-page-1280.png'), fullPage: false });
    await tree.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(resultsDir, 'tree-panel-1280.png') });
    await page.close();
  });

  it('shows the incumbent’s objective value and the gap for an objective, and keeps them', async () => {
    const puzzle = top95[0]!;
    const page = await openWith(puzzle);
    await page.getByLabel('Solve optimises').selectOption('diagonal');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    const result = ask<SolveResult>({ type: 'solve', puzzle, objective: { preset: 'diagonal' } });
    const value = result.objective!.value;
    expect(await page.locator('#bnb-incumbent').textContent()).toBe(String(Math.round(value * 1e4) / 1e4));
    expect(Number(await page.locator('#bnb-incumbent').getAttribute('data-value'))).toBeCloseTo(value, 6);
    expect(await page.locator('#bnb-gap').textContent()).toBe('0 %');
    expect(await page.locator('#bnb').getAttribute('data-state')).toBe('done');
    // A feasibility solve shows the incumbent as found, without a gap.
    await page.getByLabel('Solve optimises').selectOption('none');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await settledStatus(page);
    expect(await page.locator('#bnb-incumbent').textContent()).toBe('yes');
    expect(await page.locator('#bnb-gap').textContent()).toBe('—');
    await page.close();
  });
});

describe('narrow screens and the teaching page', () => {
  it('keeps the model panel and the tree usable 375 px wide', async () => {
    const page = await openWith(hard, { width: 375, height: 800 });
    await page.getByLabel('Record and draw the branch-and-bound tree on Solve').check();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await settledStatus(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.locator('#tree-panel').screenshot({ path: join(resultsDir, 'tree-375.png') });
    await showFormulation(page);
    await page.locator('#formulation').screenshot({ path: join(resultsDir, 'model-375.png') });
    await page.close();
  });

  it('embeds the tree and the model panel on the teaching page', async () => {
    const page = await h.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${h.url}teaching.html`);
    const frameOf = async (id: string): Promise<Frame> => {
      const handle = await page.locator(`#${id}`).elementHandle();
      const frame = (await handle!.contentFrame())!;
      await frame.locator('[role="gridcell"]').first().waitFor();
      return frame;
    };
    const hardFrame = await frameOf('hard');
    await hardFrame.waitForFunction(() => document.body.dataset.busy === '' && !/Loading/.test(document.getElementById('status')!.textContent ?? ''));
    await hardFrame.getByRole('button', { name: 'Solve', exact: true }).click();
    await hardFrame.locator('#tree-panel .bnb-tree').waitFor();
    expect(await hardFrame.locator('#tree-panel .tree-node').count()).toBe(5);
    const modelFrame = await frameOf('model');
    await showFormulation(modelFrame);
    await modelFrame.getByLabel('Constraint', { exact: true }).selectOption('cell');
    await modelFrame.locator('#formulation .lp-row[data-row="cell[1,1]"]').waitFor();
    expect(await tiedCells(modelFrame)).toEqual(
      (await modelFrame.locator('#formulation .lp-row').textContent())!.includes('x[1,1,') ? ['1,1'] : [],
    );
    await page.locator('#hard').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(resultsDir, 'teaching-tree.png') });
    await page.locator('#model').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(resultsDir, 'teaching-model.png') });
    await page.close();
  });
});
