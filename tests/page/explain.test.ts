// SPDX-License-Identifier: GPL-3.0-or-later
// "Why no solution?" and the packing model on the built page, in headless Chromium: what a
// person sees after a Solve that finds no solution. The sets and the fill are checked
// here by the rules, not by trusting the engine.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  paste,
  readBoard,
  readGivens,
  resultsDir,
  settledStatus,
  showFormulation,
  useHarness,
  type Harness,
} from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

/** Row 1 needs its 9 in column 9, which has a 9 in row 5: no solution, no clash. */
const NO_SOLUTION = `12345678.${'.'.repeat(27)}........9${'.'.repeat(36)}`;

/** Whether no unit of a 9×9 one-line fill holds a digit twice (`.` empty). */
function keepsTheRules(fill: string): boolean {
  for (let i = 0; i < 81; i++) {
    for (let j = i + 1; j < 81; j++) {
      if (fill[i] === '.' || fill[i] !== fill[j]) continue;
      const [ri, ci, rj, cj] = [Math.floor(i / 9), i % 9, Math.floor(j / 9), j % 9];
      if (ri === rj || ci === cj || (Math.floor(ri / 3) === Math.floor(rj / 3) && Math.floor(ci / 3) === Math.floor(cj / 3))) {
        return false;
      }
    }
  }
  return true;
}

describe('why no solution', () => {
  it('offers the explanation after a Solve without solution, marks the givens to remove and the largest fill', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    await paste(page, NO_SOLUTION);
    await settledStatus(page);
    const why = page.getByRole('button', { name: 'Why no solution?' });
    await expect(why.isHidden()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('error');
    // By keyboard: the button hides once answered, and the focus goes on to the answer's
    // Remove button, not to the page's body (an accessibility session's next Tab started
    // again from the top).
    await why.focus();
    await page.keyboard.press('Enter');
    const status = await settledStatus(page);
    expect(status.text).toMatch(/^No solution: remove 1 given \(r[15]c[1-9] = [1-9]\) and it has one/);
    const panel = page.locator('#explain-panel');
    await expect(panel.textContent()).resolves.toContain('The fewest givens to remove for a solution: 1');
    await expect(panel.textContent()).resolves.toContain('places 79 of 81 digits');
    // The struck-through given: removing it makes the puzzle solvable (the engine's own
    // Solve says so below); the hatched cells are the fill's empty cells.
    const struck = await page.locator('.cell.remove').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label')));
    expect(struck).toHaveLength(1);
    expect(struck[0]).toMatch(/^row [15], column \d: \d, given, remove it$/);
    const fill = (await readBoard(page)).replace(/0/g, '.');
    expect(keepsTheRules(fill)).toBe(true);
    for (let k = 0; k < 81; k++) if (NO_SOLUTION[k] !== '.') expect(fill[k]).toBe(NO_SOLUTION[k]);
    expect(await page.locator('.cell.unfilled').count()).toBe(2);
    expect([...fill].filter((c) => c === '.')).toHaveLength(2);
    await page.screenshot({ path: join(resultsDir, 'explain-infeasible.png'), fullPage: true });

    // "Remove …" takes the given off the board; Solve then finds a solution, the focus
    // on Solve as the status says.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Remove r[15]c[1-9] = [1-9]$/);
    await page.keyboard.press('Enter');
    const less = await readGivens(page);
    expect([...less].filter((c) => c !== '.')).toHaveLength(8);
    await expect(panel.count()).resolves.toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('solve');
    await page.keyboard.press('Enter');
    expect((await settledStatus(page)).kind).toBe('ok');
    await expect(why.isHidden()).resolves.toBe(true);
    await page.close();
  });

  it('explains clashing givens, and the packing model shows its largest fill on the board', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    await paste(page, `55${'.'.repeat(79)}`);
    await settledStatus(page);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).text).toContain('Two 5s in row 1');
    await page.getByRole('button', { name: 'Why no solution?' }).click();
    await settledStatus(page);
    const text = (await page.locator('#explain-panel').textContent()) ?? '';
    expect(text).toContain('Other sets of 1 given that would do: r1c');
    expect(text).toContain('No fill keeps every given: two 5s in row 1.');

    await paste(page, NO_SOLUTION);
    await settledStatus(page);
    await page.getByLabel('MILP').selectOption('packing');
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const packed = await settledStatus(page);
    await page.screenshot({ path: join(resultsDir, 'explain-packing.png'), fullPage: true });
    expect(packed.text).toBe(
      "No solution: the packing model's largest fill keeps every given and places 79 of 81 digits; the cells it leaves empty are hatched.",
    );
    expect(await page.locator('.cell.unfilled').count()).toBe(2);
    expect(keepsTheRules((await readBoard(page)).replace(/0/g, '.'))).toBe(true);

    // The formulation typesets the packing model: ≤ rows, a maximised count, and why it
    // agrees with the textbook model when there is a solution.
    await showFormulation(page);
    const formulation = page.locator('#formulation');
    await expect(formulation.locator('[data-model="packing"]').textContent()).resolves.toContain(
      'When the puzzle has a solution both models give it',
    );
    // KaTeX's HTML: \\le is drawn as ≤, \\max as "max".
    expect(await formulation.locator('[data-family="cell"]').textContent()).toContain('≤1');
    expect(await formulation.locator('[data-family="givens"]').textContent()).toContain('≥1');
    expect(await formulation.locator('.f-obj').textContent()).toMatch(/^max/);
    // The constraint picker says what a packing row says: at most once.
    await page.getByLabel('Constraint', { exact: true }).selectOption('row');
    await expect(formulation.locator('.f-row-title').textContent()).resolves.toMatch(/^Digit \d at most once in row \d/);
    await formulation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(resultsDir, 'explain-packing-formulation.png') });
    await page.close();
  });
});
