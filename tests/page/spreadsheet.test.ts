// SPDX-License-Identifier: GPL-3.0-or-later
// Spreadsheets on the Sudoku page in headless Chromium: an .xlsx made here with exceljs
// is loaded through "Load file" onto the board (its range in the status line), a
// workbook of three sheets becomes a batch named by sheet and range whose results
// download as .xlsx, the solved board saves as .xlsx with givens bold and solved digits
// blue, and a bad cell is named while the board stays as it was. On the genre page, a
// Killer Sudoku sheet (sums above cage ids) loads, solves and saves with its answer below
// "Solution"; a workbook of Nurikabe sheets solves as a batch whose table downloads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SOLVED_COLOUR } from '../../web/src/sheets/write';
import { EXAMPLES } from '../../web/src/page/genre/examples';
import { readBoard, readGivens, repoRoot, resultsDir, settledStatus, showBatchRow, useHarness, type Harness } from './harness';

let h: Harness;
useHarness((started) => {
  h = started;
});

const LINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';

async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function put(ws: ExcelJS.Worksheet, line: string, row = 1, column = 1): void {
  [...line].forEach((ch, i) => {
    if (ch !== '.') ws.getCell(row + Math.floor(i / 9), column + (i % 9)).value = Number(ch);
  });
}

async function load(page: Page, name: string, buffer: Buffer): Promise<{ text: string; kind: string }> {
  const mimeType = name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  await page.setInputFiles('#file-input', { name, mimeType, buffer });
  return settledStatus(page);
}

describe('spreadsheets on the page', () => {
  it('loads one puzzle from an .xlsx onto the board, solves it and saves it as .xlsx', async () => {
    const page = await h.openPage();
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Week 1');
      ws.getCell('A1').value = 'Puzzle of the week';
      put(ws, LINE, 3, 2);
    });
    const status = await load(page, 'week.xlsx', bytes);
    expect(status.text).toBe("Loaded the puzzle from 'Week 1'!B3:J11 in week.xlsx (30 givens). Press Solve.");
    expect(await readGivens(page)).toBe(LINE);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    expect((await settledStatus(page)).kind).toBe('ok');
    expect(await readBoard(page)).toBe(SOLUTION);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-xlsx')]);
    expect(download.suggestedFilename()).toBe('gridmilp-solution.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe(5);
    expect(ws.getCell('A1').font.bold).toBe(true);
    expect(ws.getCell('C1').value).toBe(4);
    expect(ws.getCell('C1').font.color?.argb).toBe(SOLVED_COLOUR);
    expect(ws.getCell('D1').border.left?.style).toBe('medium');
    expect((await settledStatus(page)).text).toBe('Saved gridmilp-solution.xlsx: givens bold, solved digits blue, box borders drawn.');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#save-csv')]);
    expect(readFileSync((await csv.path())!, 'utf8').split('\n')[0]).toBe('5,3,4,6,7,8,9,1,2');
    expect((await settledStatus(page)).text).toBe('Saved gridmilp-solution.csv: the solution, one row of the grid a line (plain values: CSV has no bold or colour).');
    // The same board as pictures, drawn by the engine as every genre's: each cell says
    // its digit and whether it was given or solved.
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#save-svg')]);
    expect(svg.suggestedFilename()).toBe('gridmilp-solution.svg');
    const picture = readFileSync((await svg.path())!, 'utf8');
    const said = [...picture.matchAll(/aria-label="row (\d+), column (\d+), (\d+), (given|solved)"/g)];
    expect(said).toHaveLength(81);
    expect(said.map((m) => m[3]).join('')).toBe(SOLUTION);
    expect(said.map((m) => (m[4] === 'given' ? m[3] : '.')).join('')).toBe(LINE);
    const [png] = await Promise.all([page.waitForEvent('download'), page.click('#save-png')]);
    expect(png.suggestedFilename()).toBe('gridmilp-solution.png');
    const pngBytes = readFileSync((await png.path())!);
    expect([...pngBytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect((await settledStatus(page)).text).toBe('Saved gridmilp-solution.png: givens bold, solved digits blue, box walls drawn.');
    await page.screenshot({ path: join(resultsDir, 'spreadsheet-loaded-solved.png') });
    // The saved .xlsx loads back as the puzzle: its blue digits are the solution's.
    const again = await load(page, 'gridmilp-solution.xlsx', readFileSync((await download.path())!));
    expect(again.text).toMatch(/\(30 givens\)/);
    expect(await readGivens(page)).toBe(LINE);
    await page.close();
  });

  it('draws a 16×16 in the symbols the board shows', async () => {
    const page = await h.openPage();
    // gridmilp's own 16×16 (tests/data/sudoku/16x16.txt): A–G on the board.
    const line = readFileSync(join(repoRoot, 'tests/data/sudoku/16x16.txt'), 'utf8').split('\n')[0]!;
    await page.goto(`${h.url}#p=${line}&n=16`);
    await page.locator('.board[data-size="16"]').waitFor();
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#save-svg')]);
    const picture = readFileSync((await svg.path())!, 'utf8');
    const said = [...picture.matchAll(/aria-label="row (\d+), column (\d+), ([^,]+), given"/g)].map((m) => m[3]).join('');
    expect(said).toBe(line.replace(/\./g, ''));
    await page.close();
  });

  it('a 16×16 sheet written 0–F is shown in 0–F, and one written 1–G in 1–G, each said', async () => {
    const page = await h.openPage();
    const line = readFileSync(join(repoRoot, 'tests/data/sudoku/16x16.txt'), 'utf8').split('\n')[0]!;
    const sheet = (write: (ch: string) => string): Buffer =>
      Buffer.from(Array.from({ length: 16 }, (_, r) => [...line.slice(r * 16, r * 16 + 16)].map(write).join(',')).join('\n'));
    const hex = (ch: string): string => (ch === '.' ? '' : (parseInt(ch, 36) - 1).toString(16).toUpperCase());
    await page.getByLabel('Puzzle file').setInputFiles({ name: 'hex.csv', mimeType: 'text/csv', buffer: sheet(hex) });
    const loaded = await settledStatus(page);
    expect(loaded.text).toMatch(/^Loaded the puzzle from hex\.csv!A1:P16 \(\d+ givens\)\. The board is now 16×16\. Read and shown in 0–F, as written\./);
    // The board has the puzzle, and draws its givens as the file writes them.
    expect(await readGivens(page)).toBe(line);
    const shown = await page.locator('.board [role="gridcell"][data-kind="given"]').evaluateAll((cells) => cells.map((c) => c.textContent).join(''));
    expect(shown).toBe([...line].filter((ch) => ch !== '.').map(hex).join(''));
    // The same puzzle written 1–G leaves the 0–F mode, and says so.
    await page.getByLabel('Puzzle file').setInputFiles({ name: 'letters.csv', mimeType: 'text/csv', buffer: sheet((ch) => (ch === '.' ? '' : ch)) });
    await page.locator('#status').filter({ hasText: 'letters.csv' }).waitFor();
    expect((await settledStatus(page)).text).toMatch(/^Loaded the puzzle from letters\.csv!A1:P16 \(\d+ givens\)\. Read and shown in 1–G, as written\./);
    await page.close();
  });

  it('draws a 6×6 of 3×2 boxes as SVG with its own box walls', async () => {
    const page = await h.openPage();
    // gridmilp's own: `generate --size 6 --box 3x2 --seed 4`, unique.
    const line = '......3.25..6...3.5...4....1.5...3..';
    const rows = Array.from({ length: 6 }, (_, r) => [...line.slice(r * 6, r * 6 + 6)].map((c) => (c === '.' ? '-' : c)).join(' '));
    await page.getByRole('textbox', { name: 'Puzzle text' }).fill(`=== boxes_3x2\n6 6 3x2\n${rows.join('\n')}\n`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page.locator('.board[data-size="6"]').waitFor();
    expect(await page.locator('.board').getAttribute('aria-label')).toBe('Sudoku board, 6 by 6, boxes of 3 by 2');
    const [svg] = await Promise.all([page.waitForEvent('download'), page.click('#save-svg')]);
    const picture = readFileSync((await svg.path())!, 'utf8');
    // Walls 3 units wide: vertical ones after columns 2 and 4 (x = 8 + 48·c), none after 3.
    const walls = [...picture.matchAll(/<line x1="(\d+)" x2="(\d+)" y1="[\d.]+" y2="[\d.]+" stroke="#17202e" stroke-width="3"/g)];
    const xs = new Set(walls.filter((m) => m[1] === m[2]).map((m) => Number(m[1])));
    expect([...xs].sort((a, b) => a - b)).toEqual([104, 200]);
    expect((await settledStatus(page)).text).toBe('Saved gridmilp-puzzle.svg: the givens, box walls drawn.');
    // Saved as .xlsx and loaded again: its thick borders give the 3×2 boxes back.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.click('#save-xlsx')]);
    await page.getByLabel('Size', { exact: true }).selectOption('9');
    await page.locator('.board[data-size="9"]').waitFor();
    const loaded = await load(page, 'boxes.xlsx', readFileSync((await xlsx.path())!));
    expect(loaded.text).toMatch(/^Loaded the puzzle from Sudoku!A1:F6 in boxes\.xlsx /);
    expect(await page.locator('.board').getAttribute('aria-label')).toBe('Sudoku board, 6 by 6, boxes of 3 by 2');
    expect(await readGivens(page)).toBe(line);
    // The Size picker names the boxes the board has.
    expect(await page.locator('#size option:checked').textContent()).toBe('6×6 (3×2 boxes)');
    await page.close();
  });

  it('solves the sheets of a workbook as a batch named by sheet and range, and downloads the results', async () => {
    const page = await h.openPage();
    const bytes = await workbook((wb) => {
      put(wb.addWorksheet('Monday'), LINE);
      wb.addWorksheet('Notes').getCell('A1').value = 'Answers on Friday';
      put(wb.addWorksheet('Tuesday'), `55${LINE.slice(2)}`); // two 5s in row 1: an error row
      put(wb.addWorksheet('Wednesday'), SOLUTION, 2, 2);
    });
    const status = await load(page, 'week.xlsx', bytes);
    expect(status.text).toMatch(/^Finished 3 puzzles from week\.xlsx in .*: 2 solved, 1 with errors/);
    const names = await page.locator('#batch-table tbody button.link').allTextContents();
    expect(names).toEqual(['Monday!A1:I9', 'Tuesday!A1:I9', 'Wednesday!B2:J10']);
    await showBatchRow(page, 'Tuesday!A1:I9');
    expect((await settledStatus(page)).text).toMatch(/^Tuesday!A1:I9: .*5/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-xlsx')]);
    expect(download.suggestedFilename()).toBe('week-results.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const rows = wb.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['name', 'status', 'ms', 'nodes', 'conflicts', 'puzzle', 'solution']);
    expect(rows[1]!.slice(1, 3)).toEqual(['Monday!A1:I9', 'solved']);
    expect(rows[1]![7]).toBe(SOLUTION);
    // Solved on the default route (CNF-SAT, or the reduction alone): 0 nodes, as the
    // CLI's table has it, not an empty cell (a user's session).
    expect(rows[1]![4]).toBe(0);
    expect(String(rows[2]![2])).toMatch(/^error: /);
    expect(rows[2]![4] ?? '').toBe(''); // an error: no figure
    expect(rows[2]![5] ?? '').toBe('');
    await page.screenshot({ path: join(resultsDir, 'spreadsheet-batch.png'), fullPage: true });
    await page.close();
  });

  it('after a batch, lists the sheets skipped without a puzzle and the sheets left out, each message once punctuated', async () => {
    const page = await h.openPage();
    const bytes = await workbook((wb) => {
      put(wb.addWorksheet('Monday'), LINE);
      wb.addWorksheet('Notes').getCell('A1').value = 'Answers on Friday';
      const friday = wb.addWorksheet('Friday');
      put(friday, LINE);
      friday.getCell('C5').value = 'x';
      put(wb.addWorksheet('Tuesday'), LINE, 2, 2);
    });
    const status = await load(page, 'week.xlsx', bytes);
    expect(status.kind).toBe('warning');
    expect(status.text).toMatch(/^Finished 2 puzzles from week\.xlsx in .*: 2 solved /);
    expect(status.text).toMatch(
      / Skipped 1 sheet without a puzzle: Notes\. Left out what could not be read: Friday!C5 holds the text “x”; a cell of the 9×9 puzzle in A1:I9 holds a whole number from 1 to 9, or nothing, 0, ., - or _ when empty\.$/,
    );
    expect(status.text).not.toMatch(/\.[.;]| lines? /);
    // The results table has a row for the sheet left out, in its place.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-xlsx')]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => r[1])).toEqual(['Monday!A1:I9', 'Friday', 'Tuesday!B2:J10']);
    expect(String(rows[1]![2])).toMatch(/^error: Friday!C5 holds the text “x”/);
    await page.close();
  });

  it('names the bad cell of a CSV and keeps the board', async () => {
    const page = await h.openPage();
    const bytes = await workbook((wb) => put(wb.addWorksheet('S'), LINE));
    await load(page, 'first.xlsx', bytes);
    const rows = LINE.match(/.{9}/g)!.map((r) => [...r].map((ch) => (ch === '.' ? '' : ch)).join(';'));
    rows[3] = rows[3]!.replace(/^8/, 'eight');
    const status = await load(page, 'bad.csv', Buffer.from(rows.join('\n')));
    expect(status.kind).toBe('error');
    expect(status.text).toContain('bad.csv!A4 holds the text “eight”');
    expect(await readGivens(page)).toBe(LINE);
    await page.close();
  });

  it('on the genre page: a CSV cell the engine refuses is named by its cell, and the file is not said loaded', async () => {
    // A CSV's 2.5 is text, which the sheet's reader lets through: the status said "Loaded
    // the puzzle …" in green over the engine's "line 4, column 4: …", the board kept the
    // puzzle before (a user's test).
    const page = await h.openPage();
    await page.selectOption('#genre', 'hitori');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const csv = 'My Hitori\n1,2,3,4\n2,2.5,4,1\n3,4,1,2\n4,1,2,3\n';
    await page.setInputFiles('#genre-file', { name: 'h.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.locator('#genre-status[data-kind=error]').filter({ hasText: /^Read h\.csv, but/ }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe("Read h.csv, but h.csv!B3 does not read: expected a number or -, found '2.5' (line 4, column 4 of the text).");
    expect(await page.inputValue('#genre-text')).toContain('2 2.5 4 1');
    await page.close();
  });

  it('on the genre page: a Killer sheet loads, solves and saves as .xlsx with the answer; a Nurikabe workbook is a batch', async () => {
    const page = await h.openPage();
    await page.selectOption('#genre', 'killer');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const lines = EXAMPLES.killer.trim().split('\n').slice(2);
    const tokens = (line: string) => line.trim().split(/\s+/);
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Cages');
      ws.getCell('A1').value = 'Killer of the week';
      lines.forEach((line, r) =>
        tokens(line).forEach((t, c) => {
          if (t !== '-') ws.getCell(3 + r + (r >= 6 ? 1 : 0), 1 + c).value = /^\d+$/.test(t) ? Number(t) : t;
        }),
      );
    });
    await page.setInputFiles('#genre-file', { name: 'killer.xlsx', mimeType: 'application/octet-stream', buffer: bytes });
    await page.locator('#genre-status').filter({ hasText: 'Loaded the puzzle from killer.xlsx' }).waitFor({ timeout: 60_000 });
    expect(await page.textContent('#genre-status')).toBe('Loaded the puzzle from killer.xlsx (Cages!A3:F15, 6×6).');
    expect(await page.inputValue('#genre-text')).toBe(`=== Cages!A3:F15\n6 6\n${lines.map((l) => tokens(l).join(' ')).join('\n')}\n`);
    await page.click('#genre-solve');
    await page.locator('#genre-status').filter({ hasText: /^Solved in/ }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genre-save-xlsx')]);
    expect(download.suggestedFilename()).toBe('killer-solution.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Killer Sudoku');
    expect(ws.getCell('A1').value).toBe(1); // the first cage sum
    expect(ws.getCell('A8').value).toBe('c'); // the cage ids, one empty row below the sums
    expect(ws.getCell('A15').value).toBe('Solution');
    const answer = [...Array(6).keys()].map((r) => [...Array(6).keys()].map((c) => ws.getCell(16 + r, 1 + c).value));
    expect(answer.flat().every((v) => typeof v === 'number' && v >= 1 && v <= 6)).toBe(true);
    expect(ws.getCell('A16').font.color?.argb).toBe(SOLVED_COLOUR);
    await page.screenshot({ path: join(resultsDir, 'spreadsheet-genre-killer.png'), fullPage: true });

    await page.selectOption('#genre', 'nurikabe');
    await page.locator('#genre-status').filter({ hasText: 'press Solve' }).waitFor({ timeout: 60_000 });
    const nurikabe = EXAMPLES.nurikabe.trim().split('\n').slice(2);
    const book = await workbook((wb2) => {
      for (const name of ['One', 'Week 2']) {
        const sheet = wb2.addWorksheet(name);
        nurikabe.forEach((line, r) => tokens(line).forEach((t, c) => t !== '-' && (sheet.getCell(1 + r, 1 + c).value = Number(t))));
        // Borders place the block: its last row may hold no clue.
        for (let r = 1; r <= nurikabe.length; r++) for (let c = 1; c <= tokens(nurikabe[0]!).length; c++) sheet.getCell(r, c).border = { bottom: { style: 'thin' } };
      }
    });
    await page.setInputFiles('#genre-file', { name: 'islands.xlsx', mimeType: 'application/octet-stream', buffer: book });
    await page.locator('#genre-status').filter({ hasText: 'Loaded 2 puzzles' }).waitFor({ timeout: 60_000 });
    await page.click('#genre-solve-all');
    await page.locator('#genre-status').filter({ hasText: /^2 of 2 puzzles solved/ }).waitFor({ timeout: 60_000 });
    const [table] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-xlsx')]);
    expect(table.suggestedFilename()).toBe('islands-results.xlsx'); // named after the workbook
    const results = new ExcelJS.Workbook();
    await results.xlsx.load(readFileSync((await table.path())!) as never);
    const rows = results.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    // A sheet's name with a space is written as the sheet has it, as the npm CLI writes it
    // (the text's id is 'Week_2'!A1:F6: a user's session found the two apart).
    expect(rows.map((row) => row.slice(1, 3))).toEqual([
      ['name', 'status'],
      ['One!A1:F6', 'solved'],
      ["'Week 2'!A1:F6", 'solved'],
    ]);
    // Nurikabe's default route is CNF-SAT: MiniSat's conflicts in their own column.
    expect(rows[0]![5]).toBe('conflicts');
    expect(typeof rows[1]![5]).toBe('number');
    expect(String(rows[1]![7])).toMatch(/^=== One!A1:F6\n6 6\n/);
    expect(String(rows[2]![6])).toMatch(/^=== 'Week 2'!A1:F6\n6 6\n/);
    expect(String(rows[2]![7])).toMatch(/^=== 'Week 2'!A1:F6\n6 6\n[^]*[^\n]$/);
    expect(await page.inputValue('#genre-text')).toContain("=== 'Week_2'!A1:F6\n");
    const [answers] = await Promise.all([page.waitForEvent('download'), page.click('#genre-download-solutions')]);
    expect(answers.suggestedFilename()).toBe('islands-solutions.txt');
    expect(readFileSync((await answers.path())!, 'utf8')).toMatch(/^=== One!A1:F6\n[^]*\n=== 'Week 2'!A1:F6\n/);
    // A bad cell is named and the text stays.
    const before = await page.inputValue('#genre-text');
    await page.setInputFiles('#genre-file', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('1,,\n,two words,\n,,3\n') });
    await page.locator('#genre-status').filter({ hasText: 'bad.csv!B2 holds the text “two words”' }).waitFor({ timeout: 60_000 });
    expect(await page.inputValue('#genre-text')).toBe(before);
    await page.close();
  });
});
