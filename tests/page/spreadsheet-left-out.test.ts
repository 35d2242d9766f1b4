// SPDX-License-Identifier: GPL-3.0-or-later
// What a workbook's reading refused (a sheet whose puzzle does not read) is a row of the
// results table downloaded, at its place among the puzzles, as the npm CLI's table has
// it: on the Sudoku page also when the batch is stopped, and on the genre page after
// Solve all, in its table too, with the records the engine refused. A workbook of a good
// sheet, a refused sheet and another good sheet each (the genre page's, a sheet the engine refuses too).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../web/src/page/genre/examples';
import { readData } from '../common/test-data';
import { readOnePerLine } from '../wasm/helpers';
import { settledStatus, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

const LINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const top95 = readOnePerLine(readData('top95.txt'));

async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The downloaded results table's rows below its header, each as [name, status]. */
async function resultRows(download: Download): Promise<Array<[name: string, status: string]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await download.path())!) as never);
  const rows = wb.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
  expect(rows[0]!.slice(1, 3)).toEqual(['name', 'status']);
  return rows.slice(1).map((row): [string, string] => [String(row[1]), String(row[2])]);
}

function putLine(ws: ExcelJS.Worksheet, line: string): void {
  [...line].forEach((ch, i) => {
    if (ch !== '.') ws.getCell(1 + Math.floor(i / 9), 1 + (i % 9)).value = Number(ch);
  });
}

describe('the rows a workbook left out, in the results table downloaded', () => {
  it('on the Sudoku page, of a batch stopped mid-way', async () => {
    const page = await h.openPage();
    await page.locator('header h1').click();
    // 1,900 hard puzzles on the candidates model after the refused sheet: long enough that
    // Stop lands mid-way (as page.test.ts's Stop of a long batch).
    await page.getByLabel('MILP').selectOption('candidates');
    const bytes = await workbook((wb) => {
      putLine(wb.addWorksheet('Monday'), LINE);
      const friday = wb.addWorksheet('Friday');
      putLine(friday, LINE);
      friday.getCell('C5').value = 'x';
      const list = wb.addWorksheet('List');
      Array.from({ length: 20 }, () => top95)
        .flat()
        .forEach((line, r) => (list.getCell(r + 1, 1).value = line));
    });
    const mimeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await page.setInputFiles('#file-input', { name: 'week.xlsx', mimeType, buffer: bytes });
    await page.locator('#batch-table tbody tr').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const stopped = await settledStatus(page);
    const m = /^Stopped after ([\d,]+) of 1,901 puzzles: /.exec(stopped.text);
    expect(m, stopped.text).not.toBeNull();
    const ended = Number(m![1]!.replace(/,/g, ''));
    expect(ended).toBeLessThan(1901);
    expect(stopped.text).toContain('Left out what could not be read: Friday!C5 holds the text “x”');
    // The table lists the sheet left out at its place too, as its downloads do (a user's
    // session counted fewer rows on the page than in the .xlsx).
    const shown = await page.$$eval('#batch-table tbody tr', (trs) => (trs as HTMLTableRowElement[]).slice(0, 3).map((tr) => [tr.cells[1]!.textContent, tr.cells[2]!.textContent, tr.title]));
    expect(shown[0]![0]).toBe('Monday!A1:I9');
    expect(shown[1]!.slice(0, 2)).toEqual(['Friday', 'error']);
    expect(shown[1]![2]).toMatch(/^error: Friday!C5 holds the text “x”/);
    expect(shown[2]![0]).toMatch(/^List!A1/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-xlsx')]);
    const rows = await resultRows(download);
    // Every puzzle (those that ended, the others as not finished), and the sheet left
    // out after Monday's, before List's.
    expect(rows.length).toBe(1901 + 1);
    expect(rows[0]![0]).toBe('Monday!A1:I9');
    expect(rows[1]![0]).toBe('Friday');
    expect(rows[1]![1]).toMatch(/^error: Friday!C5 holds the text “x”/);
    expect(rows.slice(2).every(([name]) => name.startsWith('List!A'))).toBe(true);
    expect(rows.filter(([, status]) => status === 'not finished (stopped)').length).toBe(1901 - ended);
    // Download solutions has a line per row of that table, the sheet left out at its
    // place (a user's session: 6 lines against the table's 8 rows).
    const [solutions] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const lines = readFileSync((await solutions.path())!, 'utf8').split('\n').slice(0, -1);
    expect(lines).toHaveLength(1901 + 1);
    expect(lines[1]).toMatch(/^error: Friday!C5 holds the text “x”/);
    expect(lines.filter((l) => l === 'not finished (stopped)').length).toBe(1901 - ended);
    await page.close();
  });

  it("on the genre page, of Solve all from a workbook, while the text is the workbook's", async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const tokens = (line: string) => line.trim().split(/\s+/);
    const nurikabe = EXAMPLES.nurikabe.trim().split('\n').slice(2);
    const book = await workbook((wb) => {
      for (const name of ['One', 'Big', 'Bad', 'Two']) {
        const sheet = wb.addWorksheet(name);
        nurikabe.forEach((line, r) => tokens(line).forEach((t, c) => t !== '-' && (sheet.getCell(1 + r, 1 + c).value = Number(t))));
        // Borders place the block: its last row may hold no clue.
        for (let r = 1; r <= nurikabe.length; r++) for (let c = 1; c <= tokens(nurikabe[0]!).length; c++) sheet.getCell(r, c).border = { bottom: { style: 'thin' } };
      }
      // A clue the engine refuses (the records' text leaves it out), and a cell the reader does.
      wb.getWorksheet('Big')!.getCell('B1').value = 99;
      wb.getWorksheet('Bad')!.getCell('B2').value = 'two words';
    });
    await page.setInputFiles('#genre-file', { name: 'islands.xlsx', mimeType: 'application/octet-stream', buffer: book });
    await page.locator('#genre-status').filter({ hasText: 'Loaded 3 puzzles' }).waitFor({ timeout: 60_000 });
    const loaded = await page.textContent('#genre-status');
    expect(loaded).toContain('Left out what could not be read: Bad!B2 holds the text “two words”');
    expect(loaded).toContain('99 is out of range');
    await page.click('#genre-solve-all');
    // The three records loaded: two solved, and Big, which the engine refused, an error.
    await page.locator('#genre-status').filter({ hasText: /^2 of 3 puzzles solved/ }).waitFor({ timeout: 60_000 });
    const said = (await page.textContent('#genre-status')) ?? '';
    expect(said).toMatch(/, 1 with an error \(not read: Big!A1:F6; its row says why\)/);
    expect(said).toContain('the table also lists a sheet or row of the workbook that could not be read');
    // Every record has its row in the table, in the workbook's order, Bad's too.
    const shown = await page.$$eval('#genre-batch-table tbody tr', (trs) => (trs as HTMLTableRowElement[]).map((tr) => tr.cells[1]!.textContent ?? ''));
    expect(shown.map((name) => name.replace(/ \(line \d+\)$/, ''))).toEqual(['One!A1:F6', 'Big!A1:F6', 'Bad', 'Two!A1:F6']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-xlsx')]);
    const rows = await resultRows(download);
    // Bad's place counts the records read from the workbook, Big's among them: it goes
    // after Big, the record the engine refused, and before Two.
    expect(rows.map(([name]) => name)).toEqual(['One!A1:F6', 'Big!A1:F6', 'Bad', 'Two!A1:F6']);
    expect(rows.map(([, status]) => status.replace(/^(error: Bad!B2 holds the text “two words”).*/, '$1'))).toEqual([
      'solved',
      expect.stringMatching(/^error: .*99 is out of range/),
      'error: Bad!B2 holds the text “two words”',
      'solved',
    ]);
    // The text edited: its puzzles are no longer the workbook's, and the row goes.
    const text = page.locator('#genre-text');
    await text.fill((await text.inputValue()).replace('=== Two!A1:F6', '=== Three'));
    await page.click('#genre-draw');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve-all');
    await page.locator('#genre-status').filter({ hasText: /^2 of 3 puzzles solved/ }).waitFor({ timeout: 60_000 });
    const [again] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-xlsx')]);
    expect((await resultRows(again)).map(([name]) => name)).toEqual(['One!A1:F6', 'Big!A1:F6', 'Three']);
    await page.close();
  });

  it("says the engine's warning on a loaded puzzle: a Star Battle without its stars, read as 1", async () => {
    // A user's session: the load's status replaced the draw's warning, and the puzzle was
    // solved as a 1-star one without a word.
    const page = await h.openPage();
    await page.selectOption('#genre', 'star-battle');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const lines = EXAMPLES['star-battle'].trim().split('\n');
    const ids = lines.slice(2).map((line) => line.trim().split(/\s+/));
    const book = await workbook((wb) => {
      const sheet = wb.addWorksheet('Stars');
      ids.forEach((row, r) => row.forEach((id, c) => (sheet.getCell(1 + r, 1 + c).value = /^\d+$/.test(id) ? Number(id) : id)));
    });
    await page.setInputFiles('#genre-file', { name: 'stars.xlsx', mimeType: 'application/octet-stream', buffer: book });
    await page.locator('#genre-status').filter({ hasText: 'Loaded the puzzle' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toMatch(/^Loaded the puzzle from stars\.xlsx \(Stars!A1:F6, 6×6\)\. Warning: .*1 assumed\.$/);
    expect(await page.getAttribute('#genre-status', 'data-kind')).toBe('warning');
    await page.close();
  });
});
