// SPDX-License-Identifier: GPL-3.0-or-later
// The genre page's warm-up (GenreView.warmUp, issue #24 goal 4), in headless Chromium:
// the first time a genre is drawn, the page has the worker solve that genre's example
// a few times while it is idle, so that a person's first Solve finds the genre's code
// compiled; the warm-up's requests stop as soon as a request a person waits on starts,
// and a genre is warmed up once per page. The page's messages to its worker are read by
// wrapping Worker.prototype.postMessage before the page's scripts run.
import { describe, expect, it } from 'vitest';
import { engineReady, pickGenre, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

/** A genre request the page posted to its worker, in order. */
interface Posted {
  type: string;
  genre: string;
  /** Whether the request has the fields of the page's own Solve (a warm-up's has none). */
  person: boolean;
}

describe('the genre page warms a genre up', () => {
  it('solves the example while idle, stops when Solve is pressed, and once per genre', async () => {
    const page = await h.openPage();
    await page.addInitScript(() => {
      const posted: unknown[] = [];
      (globalThis as unknown as { gmPosted: unknown[] }).gmPosted = posted;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: never[]) {
        const m = message as { type?: string; request?: Record<string, unknown> };
        if (m?.type === 'genre' && m.request) {
          posted.push({ type: m.request.type, genre: m.request.genre, person: 'index' in m.request || 'options' in m.request });
        }
        return post.call(this, message, ...rest);
      } as typeof Worker.prototype.postMessage;
    });
    await page.reload();
    await engineReady(page);
    const posted = (): Promise<Posted[]> => page.evaluate(() => (globalThis as unknown as { gmPosted: Posted[] }).gmPosted.slice());
    const warmUps = async (genre: string): Promise<number> => (await posted()).filter((p) => p.type === 'solve' && p.genre === genre && !p.person).length;

    // Nurikabe drawn: Solve pressed the moment the page says so, while its warm-up runs.
    await pickGenre(page, 'nurikabe');
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500); // longer than a warm-up lasts
    const afterNurikabe = await posted();
    const solveAt = afterNurikabe.findIndex((p) => p.type === 'solve' && p.person);
    expect(solveAt).toBeGreaterThan(0);
    const before = afterNurikabe.slice(0, solveAt).filter((p) => p.type === 'solve' && !p.person);
    expect(before.length, 'warm-up solves before Solve').toBeGreaterThanOrEqual(1);
    expect(before.every((p) => p.genre === 'nurikabe')).toBe(true);
    const after = afterNurikabe.slice(solveAt + 1).filter((p) => p.type === 'solve' && !p.person);
    expect(after, 'warm-up solves after Solve was pressed').toEqual([]);

    // Akari, a genre not yet used: its own warm-up, up to 20 solves, then it ends.
    await pickGenre(page, 'akari');
    await expect.poll(() => warmUps('akari'), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(1500);
    const akari = await warmUps('akari');
    expect(akari).toBeLessThanOrEqual(20);
    await page.waitForTimeout(500);
    expect(await warmUps('akari'), 'the warm-up ended').toBe(akari);

    // Nurikabe again: no second warm-up.
    const nurikabe = await warmUps('nurikabe');
    await pickGenre(page, 'nurikabe');
    await page.waitForTimeout(500);
    expect(await warmUps('nurikabe')).toBe(nurikabe);
    await page.close();
  });
});
