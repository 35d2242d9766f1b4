// SPDX-License-Identifier: GPL-3.0-or-later
// Spreadsheets on the command line (web/src/lib/sheet-cli.ts): `npm run cli` (the native
// CLI behind scripts/cli.sh) reads a workbook made here, prints each answer in input
// order and writes the results as .xlsx, named by sheet and range; the table reads back
// as a batch of the same puzzles; a bad cell is named with exit code 2.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../web/src/lib/node';
import { tellOfSpreadsheet } from '../../web/src/lib/sheet-cli';
import { EXAMPLES } from '../../web/src/page/genre/examples';
import { repoRoot, run } from './helpers';

const LINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const dir = mkdtempSync(join(tmpdir(), 'gridmilp-cli-sheets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function book(sheets: Array<[string, string]>): Promise<string> {
  const wb = new ExcelJS.Workbook();
  for (const [name, line] of sheets) {
    const ws = wb.addWorksheet(name);
    [...line].forEach((ch, i) => {
      if (ch !== '.') ws.getCell(1 + Math.floor(i / 9), 1 + (i % 9)).value = Number.isNaN(Number(ch)) ? ch : Number(ch);
    });
  }
  const path = join(dir, `book-${sheets.length}-${sheets[0]![0]}.xlsx`);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

const cli = (args: string[]) => run('bash', [join(repoRoot, 'scripts/cli.sh'), ...args]);

describe('the C++ CLI told of the spreadsheet, not of the text made from it', () => {
  it('names the sheet and range where the CLI named the temporary text and its lines', () => {
    const text = '/tmp/gridmilp-cli-x/puzzles.txt';
    expect(
      tellOfSpreadsheet(`gridmilp: ${text}: line 2: Two 5s in row 1\ngridmilp: Puzzle 2 (line 2): Two 5s in row 1\n`, text, 'week.xlsx', ['Monday!A1:I9', 'Tuesday!A1:I9']),
    ).toBe('gridmilp: week.xlsx: Tuesday!A1:I9: Two 5s in row 1\ngridmilp: Tuesday!A1:I9: Two 5s in row 1\n');
    expect(tellOfSpreadsheet("gridmilp: left out BadSum!A1:F13 (line 29): cage 'c' …\n", text, 'k.xlsx', null)).toBe(
      "gridmilp: left out BadSum!A1:F13: cage 'c' …\n",
    );
  });
});

describe('npm run cli with spreadsheets', () => {
  it('reads the boxes that a sheet\'s thick borders draw (a 6×6 in boxes of 3 rows × 2 columns)', async () => {
    // gridmilp's own: `generate --size 6 --box 3x2 --seed 4`, unique.
    const line = '......3.25..6...3.5...4....1.5...3..';
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    const medium = { style: 'medium' as const };
    const thin = { style: 'thin' as const };
    for (let r = 0; r < 6; r++) {
      for (let c = 0; c < 6; c++) {
        const cell = ws.getCell(r + 1, c + 1);
        if (line[r * 6 + c] !== '.') cell.value = Number(line[r * 6 + c]);
        cell.border = { top: r % 3 === 0 ? medium : thin, left: c % 2 === 0 ? medium : thin, bottom: r === 5 ? medium : thin, right: c === 5 ? medium : thin };
      }
    }
    const path = join(dir, 'boxes.xlsx');
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const r = cli(['solve', path]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${path}: 1 puzzle of 6×6 in boxes of 3×2 (the sheet's note or thick borders)`);
    const solution = r.stdout.trim();
    // Each 3×2 box (rows 1–3 or 4–6, columns 1–2, 3–4 or 5–6) holds 1 to 6.
    for (let box = 0; box < 6; box++) {
      const r0 = Math.floor(box / 3) * 3;
      const c0 = (box % 3) * 2;
      const digits = [0, 1, 2].flatMap((i) => [0, 1].map((j) => solution[(r0 + i) * 6 + c0 + j]));
      expect(new Set(digits).size, solution).toBe(6);
    }
  });

  it('solves every sheet, prints the answers in order and writes the results as .xlsx named by sheet', async () => {
    const path = await book([
      ['Monday', LINE],
      ['Tuesday', `55${LINE.slice(2)}`],
    ]);
    const out = join(dir, 'results.xlsx');
    const r = cli(['solve', path, '--results', out]);
    expect(r.status, r.stderr).toBe(2); // Tuesday has two 5s in row 1
    expect(r.stdout).toBe(`${SOLUTION}\nerror: Two 5s in row 1: row 1, column 1 and row 1, column 2\n`);
    expect(r.stderr).toContain(`${path}: 2 puzzles of 9×9 (1 = Monday!A1:I9, 2 = Tuesday!A1:I9)`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const rows = wb.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows.map((row) => row.slice(1, 3))).toEqual([
      ['name', 'status'],
      ['Monday!A1:I9', 'solved'],
      ['Tuesday!A1:I9', 'error: Two 5s in row 1: row 1, column 1 and row 1, column 2'],
    ]);
    expect(typeof rows[1]![3]).toBe('number'); // ms
    // The C++ CLI's columns, read by their names: conflicts where its default route ran
    // CNF-SAT (a number, or empty when the reduction decided alone), then the solution.
    expect(rows[0]!.slice(1)).toEqual(['name', 'status', 'ms', 'nodes', 'conflicts', 'puzzle', 'solution']);
    expect(typeof rows[1]![5] === 'number' || (rows[1]![5] ?? '') === '').toBe(true);
    expect(rows[1]![7]).toBe(SOLUTION);
    // The results table is a batch of the same puzzles, named by the rows.
    const back = await readSpreadsheet(out);
    expect(back.puzzles.map((p) => p.name)).toEqual(['Monday!A1:I9', 'Tuesday!A1:I9']);
    expect(back.puzzles[0]!.grid.flat().map((v) => (v === 0 ? '.' : String(v))).join('')).toBe(LINE);
  });

  it('--sheet picks one sheet; a bad cell is named with exit code 2 and no answer', async () => {
    const path = await book([
      ['Easy', LINE],
      ['Typo', `x${LINE.slice(1)}`],
    ]);
    // --symbols hex would read the text's 1 as 2: the front end made the text, in digits.
    const one = cli(['solve', path, '--sheet', 'Easy', '--symbols', 'hex']);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toBe(`${SOLUTION}\n`);
    const bad = cli(['solve', path, '--sheet=2']);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('gridmilp: Typo!A1 holds the text “x”; a cell of the 9×9 puzzle in A1:I9 holds a whole number from 1 to 9');
    // Every sheet: the good one solved, the bad one named (not "no puzzle"), exit code 2.
    const both = cli(['solve', path]);
    expect(both.status).toBe(2);
    expect(both.stdout).toBe(`${SOLUTION}\n`);
    expect(both.stderr).toContain(`gridmilp: ${path}: left out: Typo!A1 holds the text “x”`);
    expect(both.stderr).not.toContain('no puzzle');
    // A results table over the workbook itself is refused: it would overwrite the puzzles.
    const over = cli(['solve', path, '--results', path]);
    expect(over.status).toBe(2);
    expect(over.stderr).toContain('is the puzzle file itself');
    expect((await readSpreadsheet(path, { sheet: 'Easy' })).puzzles).toHaveLength(1);
  });

  it("--genre killer reads each sheet's two blocks, prints the answers and writes the records with them", async () => {
    const lines = EXAMPLES.killer.trim().split('\n').slice(2);
    const rows = lines.length / 2;
    const wb = new ExcelJS.Workbook();
    for (const name of ['Cages', 'Again']) {
      const ws = wb.addWorksheet(name);
      ws.getCell('A1').value = 'Killer Sudoku of the week';
      lines.forEach((line, r) =>
        line
          .trim()
          .split(/\s+/)
          .forEach((t, c) => {
            if (t !== '-') ws.getCell(3 + r + (r >= rows ? 1 : 0), 2 + c).value = /^\d+$/.test(t) ? Number(t) : t;
          }),
      );
    }
    const path = join(dir, 'killer.xlsx');
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const out = join(dir, 'killer-results.csv');
    const r = cli(['solve', '--genre', 'killer', path, '--results', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${path}: 2 killer puzzles (1 = Cages!B3:G15, 2 = Again!B3:G15)`);
    const answers = r.stdout.split(/^(?==== )/m);
    expect(answers).toHaveLength(2);
    expect(answers[0]!.startsWith('=== Cages!B3:G15\n6 6\n')).toBe(true);
    // The results table reads back as the same records, named by sheet and range.
    const back = await readSpreadsheet(out, { genre: 'killer' });
    expect(back.records!.map((p) => p.name)).toEqual(['Cages!B3:G15', 'Again!B3:G15']);
    expect(back.records![0]!.text.split('\n').slice(1)).toEqual(EXAMPLES.killer.trim().split('\n').slice(1).map((l) => l.trim().split(/\s+/).join(' ')).concat(''));
  });
});

describe('a genre batch from sheets whose names have spaces', () => {
  it("names each record as its sheet and range say it, on standard output and error and in the results ('Killer Sudoku'!A1:F13, never Killer_Sudoku)", async () => {
    const lines = EXAMPLES.killer.trim().split('\n').slice(2);
    const wb = new ExcelJS.Workbook();
    for (const [name, sum] of [['Killer Sudoku', 1], ['Bad one', 99]] as const) {
      const ws = wb.addWorksheet(name);
      lines.forEach((line, r) =>
        line
          .trim()
          .split(/\s+/)
          .forEach((t, c) => {
            const value = r === 0 && c === 0 ? sum : /^\d+$/.test(t) ? Number(t) : t;
            if (t !== '-') ws.getCell(1 + r + (r >= lines.length / 2 ? 1 : 0), 1 + c).value = value;
          }),
      );
    }
    const path = join(dir, 'spaced.xlsx');
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const out = join(dir, 'spaced-results.csv');
    const r = cli(['solve', '--genre', 'killer', path, '--results', out]);
    expect(r.status, r.stderr).toBe(2); // the bad sum
    expect(r.stdout).toContain("=== 'Killer Sudoku'!A1:F13\n6 6\n");
    expect(r.stdout).toContain("=== 'Bad one'!A1:F13\nerror: 'Bad one'!A1:F13");
    expect(r.stderr).toContain("left out 'Bad one'!A1:F13: cage 'c'");
    const table = readFileSync(out, 'utf8');
    for (const text of [r.stdout, r.stderr, table]) expect(text).not.toMatch(/Killer_Sudoku|Bad_one/);
    // The results table reads back as the same records, under the same names.
    const back = await readSpreadsheet(out, { genre: 'killer' });
    expect(back.records!.map((p) => p.name)).toEqual(["'Killer Sudoku'!A1:F13", "'Bad one'!A1:F13"]);
    expect(back.records![0]!.text.split('\n')[0]).toBe("=== 'Killer_Sudoku'!A1:F13");
    const again = cli(['solve', '--genre', 'killer', out, '--sheet', '1']);
    expect(again.stdout).toContain("=== 'Killer Sudoku'!A1:F13\n6 6\n1 2 3 4 5 6\n");
    // As .xlsx: the records are the cells' text, without the CSV's apostrophe (the C++
    // CLI's table marks '=== as text), and read back as the same records.
    const xlsx = join(dir, 'spaced-results.xlsx');
    expect(cli(['solve', '--genre', 'killer', path, '--results', xlsx]).status).toBe(2);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const puzzle = String(book.worksheets[0]!.getCell('F2').value);
    expect(puzzle.startsWith("=== 'Killer Sudoku'!A1:F13\n6 6\n"), puzzle).toBe(true);
    const fromXlsx = await readSpreadsheet(xlsx, { genre: 'killer' });
    expect(fromXlsx.records!.map((p) => p.name)).toEqual(["'Killer Sudoku'!A1:F13", "'Bad one'!A1:F13"]);
  });
});

/** A workbook of one sheet whose cells `fill` sets, written to `name` in the test folder. */
async function sheet(name: string, fill: (ws: ExcelJS.Worksheet) => void): Promise<string> {
  const wb = new ExcelJS.Workbook();
  fill(wb.addWorksheet('Sheet1'));
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
  return path;
}

/** Puts a one-line puzzle's rows `from` to `to` (1-based) at A1 on, `.` left empty. */
function putRows(ws: ExcelJS.Worksheet, line: string, from = 1, to = 9): void {
  for (let r = from; r <= to; r++) {
    for (let c = 1; c <= 9; c++) {
      const ch = line[(r - 1) * 9 + c - 1]!;
      if (ch !== '.') ws.getCell(r - from + 1, c).value = Number(ch);
    }
  }
}

describe('reading spreadsheets: numbers that are not a square block', () => {
  it('a 9×9 missing its last row, column A holding one given, is told to add the row, not to delete the given', async () => {
    // LINE's first 8 rows with column A empty but for A4 = 8: the others fill the 8×8 B1:I8.
    const path = await sheet('nine-by-eight.xlsx', (ws) => {
      putRows(ws, LINE, 1, 8);
      for (let r = 1; r <= 8; r++) if (r !== 4) ws.getCell(r, 1).value = null;
    });
    await expect(readSpreadsheet(path)).rejects.toThrow(
      'Sheet1: the numbers fill A1:I8, 8 rows by 9 columns, not a square block; write 0 in an empty cell of the missing row so that the block is 9×9.',
    );
  });

  it('a number beside a full grid that no cell of it could hold is still named: delete it', async () => {
    const path = await sheet('count-below.xlsx', (ws) => {
      putRows(ws, LINE);
      ws.getCell('A10').value = 30; // a count typed right below the grid
    });
    await expect(readSpreadsheet(path)).rejects.toThrow(
      'Sheet1!A10 holds 30, outside the 9×9 block A1:I9 that the other numbers fill; a sheet with one puzzle holds no other number: delete it.',
    );
  });

  it('a small number below a full 9×9 is named: delete it, not "add a column" for a 10×10', async () => {
    const path = await sheet('number-below.xlsx', (ws) => {
      putRows(ws, LINE);
      ws.getCell('A10').value = 7; // the puzzle's number in a series
    });
    await expect(readSpreadsheet(path)).rejects.toThrow(
      'Sheet1!A10 holds 7, outside the 9×9 block A1:I9 that the other numbers fill; a sheet with one puzzle holds no other number: delete it.',
    );
  });
});

describe('npm run cli: which files go to the spreadsheet front end', () => {
  it('reads .XLSX and .CSV in capitals, and names an .ods instead of reading it as text', async () => {
    const upper = join(dir, 'WEEK.XLSX');
    copyFileSync(await book([['Monday', LINE]]), upper);
    const r = cli(['solve', upper]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${SOLUTION}\n`);
    const csv = join(dir, 'WEEK.CSV');
    writeFileSync(csv, Array.from({ length: 9 }, (_, i) => [...LINE.slice(i * 9, i * 9 + 9)].map((ch) => (ch === '.' ? '' : ch)).join(',')).join('\n') + '\n');
    const c = cli(['solve', csv]);
    expect(c.status, c.stderr).toBe(0);
    expect(c.stdout).toBe(`${SOLUTION}\n`);
    const ods = join(dir, 'week.ods');
    writeFileSync(ods, zipSync({ mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'), 'content.xml': strToU8('<office:document-content/>') }));
    const o = cli(['solve', ods]);
    expect(o.status).toBe(2);
    expect(o.stderr).toContain('week.ods is an OpenDocument spreadsheet (.ods); gridmilp reads .xlsx and .csv: save it as .xlsx.');
  });
});

describe('npm run cli --results', () => {
  it('refuses a folder that does not exist and a type it cannot write before any puzzle is read', async () => {
    const path = await book([['Early', LINE]]);
    const missing = join(dir, 'no-such-folder', 'out.xlsx');
    const r = cli(['solve', path, '--results', missing]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`gridmilp: --results ${missing}: its folder ${join(dir, 'no-such-folder')} does not exist; name a file in a folder that does.\n`);
    const ods = join(dir, 'out.ods');
    const o = cli(['solve', path, `--results=${ods}`]);
    expect(o.status).toBe(2);
    expect(o.stdout).toBe('');
    expect(o.stderr).toBe(`gridmilp: --results ${ods}: gridmilp writes the results table as .xlsx or .csv, not as .ods; name an .xlsx or a .csv file.\n`);
    expect(existsSync(ods)).toBe(false);
  });

  it('lists the sheets and rows left out as error rows, in input order', async () => {
    const wb = new ExcelJS.Workbook();
    putRows(wb.addWorksheet('Monday'), LINE);
    const friday = wb.addWorksheet('Friday');
    putRows(friday, LINE);
    friday.getCell('C5').value = 'x';
    wb.addWorksheet('Notes').getCell('A1').value = 'Solve by Sunday';
    // One puzzle per row: a good row, a row with a letter in it, a good row.
    const batch = wb.addWorksheet('Batch');
    [['first', LINE], ['typo', `${LINE.slice(0, 40)}x${LINE.slice(41)}`], ['last', LINE]].forEach(([name, line], r) => {
      batch.getCell(r + 1, 1).value = name!;
      batch.getCell(r + 1, 2).value = line!;
    });
    const path = join(dir, 'left-out.xlsx');
    writeFileSync(path, Buffer.from(await wb.xlsx.writeBuffer()));
    const out = join(dir, 'left-out-results.csv');
    const r = cli(['solve', path, '--results', out]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe(`${SOLUTION}\n${SOLUTION}\n${SOLUTION}\n`);
    const rows = readFileSync(out, 'utf8').trim().split('\n').map((line) => line.split(',').slice(0, 2).join(','));
    expect(rows).toEqual([
      'name,status',
      'Monday!A1:I9,solved',
      'Friday,"error: Friday!C5 holds the text “x”; a cell of the 9×9 puzzle in A1:I9 holds a whole number from 1 to 9',
      'first,solved',
      // The row by its name cell, as the rows that read are named (the sheet's name was all
      // a user's session saw).
      'typo,"error: Batch!B2 is not a puzzle of one line: its character 41 is “x”',
      'last,solved',
    ]);
  });
});

describe('reading spreadsheets: a Killer Sudoku sheet', () => {
  it('names a merged cell in the cage ids as merged, not as an empty cell', async () => {
    const lines = EXAMPLES.killer.trim().split('\n').slice(2);
    const rows = lines.length / 2;
    const path = await sheet('killer-merged-ids.xlsx', (ws) => {
      lines.forEach((line, r) =>
        line
          .trim()
          .split(/\s+/)
          .forEach((t, c) => {
            if (t !== '-') ws.getCell(1 + r + (r >= rows ? 1 : 0), 1 + c).value = /^\d+$/.test(t) ? Number(t) : t;
          }),
      );
      ws.mergeCells('C9:D9'); // the ids' second row: D9's id is lost
    });
    await expect(readSpreadsheet(path, { genre: 'killer' })).rejects.toThrow(
      "Sheet1!C9:D9 is a merged cell inside the puzzle's cells A1:F13; a puzzle needs one token in each cell: unmerge it.",
    );
  });
});
