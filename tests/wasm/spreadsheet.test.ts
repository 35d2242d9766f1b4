// SPDX-License-Identifier: GPL-3.0-or-later
// Spreadsheets in and out (web/src/sheets/): workbooks and CSV files made here with
// exceljs, fflate and plain text, read back by the puzzle finder; every bad input of
// issue #26 gets its message with the sheet and cell.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SpreadsheetError } from '../../web/src/sheets/cells';
import { loadSpreadsheetLibraries } from '../../web/src/sheets/libraries';
import { MAX_EXPANDED_BYTES, MAX_SHEETS, readSpreadsheet, type SpreadsheetLibraries } from '../../web/src/sheets/read';
import { gridCsv, gridXlsx, resultsCsv, resultsXlsx, SOLVED_COLOUR } from '../../web/src/sheets/write';
import { namesOfRecords, refusedRows, withLeftOut } from '../../web/src/sheets/left-out';

const LINE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const grid = (line: string, n = 9): number[][] =>
  Array.from({ length: n }, (_, r) => [...line.slice(r * n, r * n + n)].map((ch) => (ch === '.' ? 0 : Number(ch))));

let libs: SpreadsheetLibraries;
const lib = async (): Promise<SpreadsheetLibraries> => (libs ??= await loadSpreadsheetLibraries());

/** A workbook built by `fill`, as bytes. */
async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Write `g` into `ws` from the cell at (row, column), 1-based; 0 stays empty. */
function put(ws: ExcelJS.Worksheet, g: number[][], row = 1, column = 1): void {
  g.forEach((line, r) => line.forEach((v, c) => v !== 0 && (ws.getCell(row + r, column + c).value = v)));
}

/** The error `read` raises. */
async function failure(bytes: Uint8Array, fileName = 'book.xlsx', sheet?: string | number): Promise<SpreadsheetError> {
  try {
    await readSpreadsheet(bytes, await lib(), { fileName, ...(sheet === undefined ? {} : { sheet }) });
  } catch (e) {
    expect(e).toBeInstanceOf(SpreadsheetError);
    return e as SpreadsheetError;
  }
  throw new Error('the spreadsheet was read');
}

const csv = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('reading puzzles from .xlsx', () => {
  it('finds a block below a title, with the sheet and range', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Class 3');
      ws.getCell('A1').value = 'Puzzle of the week';
      put(ws, grid(LINE), 3, 2);
    });
    const read = await readSpreadsheet(bytes, await lib(), { fileName: 'week.xlsx' });
    expect(read.format).toBe('xlsx');
    expect(read.puzzles).toHaveLength(1);
    const p = read.puzzles[0]!;
    expect(p).toMatchObject({ sheet: 'Class 3', range: 'B3:J11', size: 9, name: "'Class 3'!B3:J11" });
    expect(p.grid).toEqual(grid(LINE));
  });

  it('reads numbers typed as text, and a formula by its cached value', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      put(ws, grid(LINE));
      ws.getCell('A1').value = '5';
      ws.getCell('B1').value = { formula: '1+2', result: 3 };
    });
    expect((await readSpreadsheet(bytes, await lib())).puzzles[0]!.grid).toEqual(grid(LINE));
  });

  it('places a block whose last row is empty by its borders, and asks for a 0 without them', async () => {
    const g = grid(LINE);
    g[8] = Array(9).fill(0);
    const bordered = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      put(ws, g);
      for (let c = 1; c <= 9; c++) ws.getCell(9, c).border = { bottom: { style: 'medium' } };
    });
    const read = await readSpreadsheet(bordered, await lib());
    expect(read.puzzles[0]!.range).toBe('A1:I9');
    expect(read.puzzles[0]!.grid).toEqual(g);
    const bare = await workbook((wb) => put(wb.addWorksheet('Sheet1'), g));
    const e = await failure(bare);
    expect(e.message).toBe(
      'Sheet1: the numbers fill A1:I8, 8 rows by 9 columns, not a square block; write 0 in an empty cell of the missing row so that the block is 9×9.',
    );
    expect(e.cell).toBe('A1:I8');
    // Two puzzles side by side are not told to add a row.
    const two = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      put(ws, grid(LINE));
      put(ws, grid(LINE), 1, 11);
    });
    expect((await failure(two)).message).toBe(
      "Sheet1: the numbers fill A1:S9, 9 rows by 19 columns, as two puzzles side by side would; a sheet holds one puzzle's block: put each puzzle on a sheet of its own (or one puzzle per row, as a line of its symbols).",
    );
  });

  it('takes the bordered square even when its first row and column are empty, under a title', async () => {
    const g = grid(LINE).map((row) => [...row]);
    g[0] = Array(9).fill(0);
    g.forEach((row) => (row[0] = 0)); // the numbers alone fill an 8×8 square
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.getCell('A1').value = 'Sudoku of the week';
      put(ws, g, 3, 2);
      for (let r = 3; r <= 11; r++) for (let c = 2; c <= 10; c++) ws.getCell(r, c).border = { top: { style: 'thin' } };
    });
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles[0]!.range).toBe('B3:J11');
    expect(read.puzzles[0]!.grid).toEqual(g);
  });

  it('names a stray number outside the grid, and caps the size it asks for', async () => {
    const stray = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      put(ws, grid(LINE));
      ws.getCell('A11').value = 'Givens';
      ws.getCell('B11').value = 30;
    });
    const e = await failure(stray);
    expect(e.message).toBe(
      'Sheet1!B11 holds 30, outside the 9×9 block A1:I9 that the other numbers fill; a sheet with one puzzle holds no other number: delete it.',
    );
    expect(e.cell).toBe('B11');
    // A week number above a grid whose last column holds one given: the number is the
    // stray, not a column missing (a user's session was told to write 0 in a 10th column).
    const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
    expect(grid(HARD).map((row) => row[8]).filter((v) => v !== 0)).toEqual([5]);
    // Sheet S: HARD's grid from row `top`, and `labels` (cell → value) around it.
    const aroundHard = (top: number, labels: Record<string, string | number>): Promise<Uint8Array> =>
      workbook((wb) => {
        const ws = wb.addWorksheet('S');
        for (const [cell, value] of Object.entries(labels)) ws.getCell(cell).value = value;
        put(ws, grid(HARD), top, 1);
      });
    expect((await failure(await aroundHard(2, { A1: 'Week', B1: 12 }))).message).toBe(
      'S!B1 holds 12, outside the 9×9 block A2:I10 that the other numbers fill; a sheet with one puzzle holds no other number: delete it.',
    );
    // And with a day number at its right too: the 9×9, not a 10×10 that holds the day.
    expect((await failure(await aroundHard(3, { B1: 12, J2: 7 }))).message).toBe(
      'S!B1 holds 12, outside the 9×9 block A3:I11 that the other numbers fill; a sheet with one puzzle holds no other number: delete it.',
    );
    const far = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      put(ws, grid(LINE));
      ws.getCell('A300').value = 1;
      ws.getCell('Z300').value = 2;
      ws.getCell('Z1').value = 3;
    });
    expect((await failure(far)).message).toBe('Sheet1: the numbers fill A1:Z300, 300 rows by 26 columns, more than a 35×35 puzzle.');
  });

  it('a 16-letter title is no 4×4 puzzle line: the grid below it is read', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.getCell('A1').value = 'Intercontinental';
      put(ws, grid(LINE), 2, 1);
    });
    expect((await readSpreadsheet(bytes, await lib())).puzzles[0]!.range).toBe('A2:I10');
  });

  it('reads each sheet as one puzzle and lists the sheets without one', async () => {
    const bytes = await workbook((wb) => {
      put(wb.addWorksheet('One'), grid(LINE));
      wb.addWorksheet('Notes').getCell('A1').value = 'Solve these by Friday';
      put(wb.addWorksheet('Two'), grid(SOLUTION));
    });
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles.map((p) => p.sheet)).toEqual(['One', 'Two']);
    expect(read.skipped).toEqual([
      {
        sheet: 'Notes',
        reason: 'Notes has no numbers (its first cell with content, A1, holds the text “Solve these by Friday”); a puzzle is a square block of numbers, or one puzzle of 81 symbols per row.',
        refused: false,
        at: 1,
      },
    ]);
    expect((await readSpreadsheet(bytes, await lib(), { sheet: 'Two' })).puzzles.map((p) => p.sheet)).toEqual(['Two']);
    expect((await readSpreadsheet(bytes, await lib(), { sheet: 1 })).puzzles.map((p) => p.sheet)).toEqual(['One']);
    expect((await failure(bytes, 'book.xlsx', 'Notes')).message).toContain('Notes has no numbers');
    expect((await failure(bytes, 'book.xlsx', 'Three')).message).toBe('book.xlsx has no sheet “Three”; its sheets: One, Notes, Two.');
    // A name of digits is a name first, then a position.
    const years = await workbook((wb) => {
      put(wb.addWorksheet('2023'), grid(LINE));
      put(wb.addWorksheet('2024'), grid(SOLUTION));
    });
    expect((await readSpreadsheet(years, await lib(), { sheet: '2024' })).puzzles[0]!.sheet).toBe('2024');
    expect((await readSpreadsheet(years, await lib(), { sheet: '1' })).puzzles[0]!.sheet).toBe('2023');
  });

  it('reads a sheet of one puzzle per row as a batch, named by the row', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('List');
      ws.addRow(['name', 'puzzle']);
      ws.addRow(['Monday', LINE]);
      ws.addRow(['Tuesday', LINE.replace(/\./g, '0')]);
      ws.addRow([]);
      ws.addRow(['', '1...'.repeat(4)]); // a 4×4, named by its cell
    });
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles.map((p) => [p.name, p.range, p.size])).toEqual([
      ['Monday', 'B2', 9],
      ['Tuesday', 'B3', 9],
      ['List!B5', 'B5', 4],
    ]);
    expect(read.puzzles[1]!.grid).toEqual(grid(LINE));
  });

  it('tells a sheet whose puzzle cannot be read from a sheet of notes, and a bad row from a note', async () => {
    const bytes = await workbook((wb) => {
      put(wb.addWorksheet('One'), grid(LINE));
      wb.addWorksheet('Notes').getCell('A1').value = 'Solve these by Friday';
      const two = wb.addWorksheet('Two');
      put(two, grid(SOLUTION));
      two.getCell('C5').value = 'x';
    });
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles.map((p) => p.sheet)).toEqual(['One']);
    expect(read.skipped.map((k) => [k.sheet, k.refused])).toEqual([
      ['Notes', false],
      ['Two', true],
    ]);
    expect(read.skipped[1]!.reason).toMatch(/^Two!C5 holds the text “x”/);
    // One puzzle per row: a row a character short, one with a letter no 9×9 has and one
    // with a space are left out, each named by its cell; a header and a note are not.
    const rows = await workbook((wb) => {
      const ws = wb.addWorksheet('Batch');
      ws.addRow(['name', 'puzzle']);
      ws.addRow(['first', LINE]);
      ws.addRow(['short', LINE.slice(1)]);
      ws.addRow(['typo', `${LINE.slice(0, 40)}x${LINE.slice(41)}`]);
      ws.addRow(['space', `${LINE.slice(0, 40)} ${LINE.slice(41)}`]);
      ws.addRow(['', 'to do on Sunday']);
      ws.addRow(['second', SOLUTION]);
    });
    const batch = await readSpreadsheet(rows, await lib());
    expect(batch.puzzles.map((p) => p.name)).toEqual(['first', 'second']);
    expect(batch.skipped).toEqual([
      // Each with its row's name, by which a results table names it (a user's session:
      // the table said "Batch" for each).
      { sheet: 'Batch', refused: true, reason: 'Batch!B3 is not a puzzle of one line: its 80 characters are not n×n for any n from 4 to 35 (81 for a 9×9).', at: 1, name: 'short' },
      {
        sheet: 'Batch',
        refused: true,
        reason: 'Batch!B4 is not a puzzle of one line: its character 41 is “x”, not a symbol of a 9×9 puzzle (1 to 9 or an empty mark: . 0 - _).',
        at: 1,
        name: 'typo',
      },
      {
        sheet: 'Batch',
        refused: true,
        reason: 'Batch!B5 is not a puzzle of one line: its character 41 is “ ”, not a symbol of a 9×9 puzzle (1 to 9 or an empty mark: . 0 - _).',
        at: 1,
        name: 'space',
      },
    ]);
    expect(refusedRows(batch.skipped).map((r) => r.row.name)).toEqual(['short', 'typo', 'space']);
    // The ids the text gives records, mapped back to their names: only an id made of its
    // name, and only whole (a record headed "=== 1" beside a label "Monday" keeps its 1s).
    const rename = namesOfRecords(
      [
        { name: "'Week 2'!A1:F6", text: "=== 'Week_2'!A1:F6\n2 2\n1 -\n- -\n" },
        { name: 'Monday', text: '=== 1\n2 2\n1 -\n- 1\n' },
      ],
      false,
    )!;
    expect(rename("=== 'Week_2'!A1:F6\n2 2\n1 -\n=== 1\nx'Week_2'!A1:F6y")).toBe("=== 'Week 2'!A1:F6\n2 2\n1 -\n=== 1\nx'Week_2'!A1:F6y");
    expect(namesOfRecords([{ name: 'Monday', text: '=== 1\n2 2\n' }], false)).toBeNull();
  });

  it('in a column of puzzles, a rule of dashes is passed over and a line of dots as long as the others is an empty puzzle, left out and told', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('List');
      ws.addRow(['puzzle']);
      ws.addRow(['-'.repeat(16)]);
      ws.addRow([LINE]);
      ws.addRow(['-'.repeat(30)]);
      ws.addRow(['.'.repeat(81)]);
      wb.addWorksheet('Notes').addRow(['Page', 5]);
    });
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles.map((p) => [p.range, p.size])).toEqual([['A3', 9]]);
    // The empty puzzle is left out at its place, with its cell; a number in notes is no
    // puzzle that cannot be read: that sheet is skipped, not refused.
    expect(read.skipped.map((k) => [k.sheet, k.refused, k.at])).toEqual([
      ['List', true, 1],
      ['Notes', false, 1],
    ]);
    expect(read.skipped[0]!.reason).toBe('List!A5 is an empty 9×9 puzzle (81 empty marks, no givens): left out, as solving it would fill in any grid; type its givens.');
  });

  it('a sheet of empty puzzles only (rows of 81 zeros, or a block of zeros) is told as such, not solved', async () => {
    const zeros = '0'.repeat(81);
    const rows = await failure(csv(`name,puzzle\nA,${zeros}\nB,${zeros}\n`), 'z.csv');
    expect(rows.message).toBe('z.csv!B2 is an empty 9×9 puzzle (81 empty marks, no givens): left out, as solving it would fill in any grid; type its givens.');
    expect(rows).toMatchObject({ sheet: 'z.csv', cell: 'B2' });
    const block = await failure(csv(grid('.'.repeat(81)).map((row) => row.join(',')).join('\n')), 'g.csv');
    expect(block.message).toBe('g.csv!A1:I9 is an empty 9×9 puzzle (0 or nothing in every cell, no givens): left out, as solving it would fill in any grid; type its givens.');
    // Among other sheets, such a sheet is left out with its reason; an empty sheet is skipped.
    const book = await workbook((wb) => {
      put(wb.addWorksheet('One'), grid(LINE));
      wb.addWorksheet('Zeros').addRows(grid('.'.repeat(81)));
      wb.addWorksheet('Blank');
    });
    const read = await readSpreadsheet(book, await lib());
    expect(read.puzzles.map((p) => p.sheet)).toEqual(['One']);
    expect(read.skipped.map((k) => [k.sheet, k.refused])).toEqual([
      ['Zeros', true],
      ['Blank', false],
    ]);
  });

  it('a rule of dashes is no empty puzzle: the grid below it is read', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      ws.getCell('A1').value = '-'.repeat(16);
      put(ws, grid(LINE), 2, 1);
    });
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles.map((p) => [p.range, p.size])).toEqual([['A2:I10', 9]]);
  });

  it('names the cell of each bad value', async () => {
    const bad = async (cell: string, value: ExcelJS.CellValue): Promise<string> =>
      (
        await failure(
          await workbook((wb) => {
            const ws = wb.addWorksheet('Sheet1');
            put(ws, grid(LINE));
            ws.getCell(cell).value = value;
          }),
        )
      ).message;
    expect(await bad('D4', 'x')).toBe(
      'Sheet1!D4 holds the text “x”; a cell of the 9×9 puzzle in A1:I9 holds a whole number from 1 to 9, or nothing, 0, ., - or _ when empty.',
    );
    expect(await bad('D4', 4.5)).toBe('Sheet1!D4 holds 4.5, not a whole number; a cell of the puzzle holds a whole number from 1 to 9.');
    expect(await bad('D4', 12)).toBe('Sheet1!D4 holds 12, outside 1 to 9 for the 9×9 puzzle in A1:I9.');
    expect(await bad('C1', { formula: 'A1*2' } as ExcelJS.CellValue)).toContain('Sheet1!C1 holds a formula (=A1*2) with no cached value');
    expect(await bad('C1', new Date(2026, 0, 1))).toContain('Sheet1!C1 holds a date;');
    expect(await bad('C1', true)).toContain('Sheet1!C1 holds TRUE;');
  });

  it('refuses a merged cell inside the block', async () => {
    const e = await failure(
      await workbook((wb) => {
        const ws = wb.addWorksheet('Sheet1');
        put(ws, grid(LINE));
        ws.mergeCells('C3:D4');
      }),
    );
    expect(e.message).toBe('Sheet1!C3:D4 is a merged cell inside the puzzle\'s block A1:I9; a puzzle needs one value in each cell: unmerge it.');
    expect(e.cell).toBe('C3:D4');
  });
});

/**
 * An .xlsx written by hand in the XML LibreOffice Calc writes (shared strings, a style
 * sheet, `t="n"` numbers, a formula with its cached `<v>`, an inline string, a merged
 * title row), zipped by fflate: not made by exceljs, whose reader must still take it.
 */
function handMadeXlsx(): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const cells: string[] = [];
  const rows: string[] = [`<row r="1"><c r="A1" s="1" t="s"><v>0</v></c></row>`];
  grid(LINE).forEach((line, r) => {
    cells.length = 0;
    line.forEach((v, c) => {
      const ref = `${String.fromCharCode(66 + c)}${r + 3}`;
      // Two empty cells as =IF(…;"";…) leaves them, stored with an empty value (a user's
      // session: exceljs dropped it and the cell was refused as a formula without one).
      if (v === 0 && r === 0 && c === 2) cells.push(`<c r="${ref}" s="0" t="str"><f aca="false">IF(1=1,&quot;&quot;,1)</f><v></v></c>`);
      if (v === 0 && r === 0 && c === 3) cells.push(`<c r="${ref}" t='str'><f>IF(1=1,&quot;&quot;,1)</f><v/></c>`);
      if (v === 0) return;
      if (r === 0 && c === 1) cells.push(`<c r="${ref}" t="n"><f>1+2</f><v>${v}</v></c>`); // 3 by a formula
      else if (r === 0 && c === 4) cells.push(`<c r="${ref}" t="s"><v>1</v></c>`); // "7" as text
      else if (r === 1 && c === 0) cells.push(`<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`);
      else cells.push(`<c r="${ref}" s="0" t="n"><v>${v}</v></c>`);
    });
    rows.push(`<row r="${r + 3}">${cells.join('')}</row>`);
  });
  const files: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Feuille1" sheetId="1" state="visible" r:id="rId2"/></sheets><calcPr iterateCount="100"/></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${ns}"><fonts count="2"><font><sz val="10"/><name val="Arial"/></font><font><b val="true"/><sz val="14"/><name val="Arial"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="true"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="2" uniqueCount="2"><si><t xml:space="preserve">Sudoku du jour</t></si><si><t>7</t></si></sst>`,
    'xl/worksheets/sheet1.xml':
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}" xmlns:r="${rel}"><dimension ref="A1:J11"/><sheetData>${rows.join('')}</sheetData>` +
      `<mergeCells count="1"><mergeCell ref="A1:J1"/></mergeCells></worksheet>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
}

describe('an .xlsx written by hand as LibreOffice writes it', () => {
  it('reads numbers, a formula by its cached value (an empty one as an empty cell), shared and inline strings; a merged title outside the block is fine', async () => {
    const read = await readSpreadsheet(handMadeXlsx(), await lib(), { fileName: 'calc.xlsx' });
    expect(read.puzzles).toHaveLength(1);
    expect(read.puzzles[0]).toMatchObject({ name: 'Feuille1!B3:J11', sheet: 'Feuille1', range: 'B3:J11' });
    expect(read.puzzles[0]!.grid).toEqual(grid(LINE));
  });
});

describe('files that are not workbooks gridmilp reads', () => {
  it('a password-protected workbook or .xls (an OLE compound file)', async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const e = await failure(ole, 'secret.xlsx');
    expect(e.code).toBe('unsupported_file');
    expect(e.message).toContain('secret.xlsx is a password-protected workbook or an old .xls file');
  });

  it('a corrupt zip, an .ods and a zip of something else', async () => {
    const good = await gridXlsx({ size: 9, boxHeight: 3, boxWidth: 3, givens: grid(LINE) }, await lib());
    const cut = await failure(good.slice(0, Math.floor(good.length / 2)), 'cut.xlsx');
    expect(cut.code).toBe('unsupported_file');
    expect(cut.message).toMatch(/^cut\.xlsx is (a damaged zip|not a workbook gridmilp can read)/);
    const ods = zipSync({ mimetype: strToU8('application/vnd.oasis.opendocument.spreadsheet'), 'content.xml': strToU8('<x/>') });
    expect((await failure(ods, 'sheet.ods')).message).toBe('sheet.ods is an OpenDocument spreadsheet (.ods); gridmilp reads .xlsx and .csv: save it as .xlsx.');
    expect((await failure(zipSync({ 'a.txt': strToU8('hello') }), 'a.zip')).message).toBe('a.zip is a zip without xl/workbook.xml, not an .xlsx workbook.');
    // No bytes at all: said of the file, not of a sheet named after it.
    const empty = await failure(new Uint8Array(0), 'week.xlsx');
    expect([empty.code, empty.message, empty.sheet]).toEqual(['unsupported_file', 'week.xlsx is empty (0 bytes): there is no spreadsheet to read.', undefined]);
  });

  it('a zip bomb is refused by its index before anything is expanded', async () => {
    const zeros = new Uint8Array(MAX_EXPANDED_BYTES + 1024);
    const bomb = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/worksheets/sheet1.xml': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(100 * 1024); // about 17 KiB that expand to 16 MiB
    const e = await failure(bomb, 'bomb.xlsx');
    expect(e.code).toBe('too_large');
    expect(e.message).toBe('bomb.xlsx says it expands to more than 16 MiB; gridmilp refuses it before expanding it.');
  });

  it('a zip whose index lies about a size is cut there: exceljs never sees more', async () => {
    // 64 MiB of zeros whose local header and index both say 1,000 bytes.
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'), 'xl/worksheets/sheet1.xml': new Uint8Array(64 << 20) }, { level: 9 });
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let patched = 0;
    for (let i = 0; i + 46 < zip.length; i++) {
      const signature = view.getUint32(i, true);
      if (signature !== 0x02014b50 && signature !== 0x04034b50) continue;
      const central = signature === 0x02014b50;
      const nameAt = i + (central ? 46 : 30);
      const name = new TextDecoder().decode(zip.subarray(nameAt, nameAt + view.getUint16(i + (central ? 28 : 26), true)));
      if (name !== 'xl/worksheets/sheet1.xml') continue;
      view.setUint32(i + (central ? 24 : 22), 1000, true);
      patched++;
    }
    expect(patched).toBe(2);
    const e = await failure(zip, 'liar.xlsx');
    expect(e.code).toBe('unsupported_file'); // 1,000 zeros are no sheet XML
    expect(e.message).toMatch(/^liar\.xlsx is not a workbook gridmilp can read: /);
  });

  it('a workbook of 10,000 sheets', async () => {
    const files: Record<string, Uint8Array> = { 'xl/workbook.xml': strToU8('<workbook/>') };
    for (let i = 1; i <= 10_000; i++) files[`xl/worksheets/sheet${i}.xml`] = strToU8('<worksheet/>');
    const e = await failure(zipSync(files), 'many.xlsx');
    expect(e.code).toBe('too_large');
    expect(e.message).toBe(`many.xlsx holds more than ${MAX_SHEETS.toLocaleString('en-US')} sheets; gridmilp refuses it before expanding it.`);
  });
});

describe('CSV', () => {
  it('detects commas, semicolons and tabs; drops a byte-order mark and the final newline', async () => {
    for (const sep of [',', ';', '\t']) {
      const text = '\ufeff' + grid(LINE).map((row) => row.map((v) => (v === 0 ? '' : v)).join(sep)).join('\r\n') + '\r\n';
      const read = await readSpreadsheet(csv(text), await lib(), { fileName: 'p.csv' });
      expect(read.format).toBe('csv');
      expect(read.puzzles[0]!.grid, JSON.stringify(sep)).toEqual(grid(LINE));
      expect(read.puzzles[0]!.name).toBe('p.csv!A1:I9');
    }
  });

  it('keeps an empty last row by its separators, and reads one puzzle per line', async () => {
    const g = grid(LINE);
    g[8] = Array(9).fill(0);
    const text = g.map((row) => row.map((v) => (v === 0 ? '' : v)).join(',')).join('\n');
    expect((await readSpreadsheet(csv(text), await lib())).puzzles[0]!.grid).toEqual(g);
    const list = await readSpreadsheet(csv(`name;puzzle\nA;${LINE}\nB;${LINE.replace(/\./g, '0')}\n`), await lib(), { fileName: 'l.csv' });
    expect(list.puzzles.map((p) => [p.name, p.range])).toEqual([
      ['A', 'B2'],
      ['B', 'B3'],
    ]);
  });

  it('reads a grid written as one line of text writes it: letters from 10×10 up, 0–F for a 16×16 that is so, and . for empty', async () => {
    // gridmilp's own 16×16 (tests/data/sudoku/16x16.txt, 1–G), one symbol a cell.
    const line = readFileSync(new URL('../data/sudoku/16x16.txt', import.meta.url), 'utf8').split('\n')[0]!;
    const values = [...line].map((ch) => (ch === '.' ? 0 : parseInt(ch, 36)));
    const rows = (write: (ch: string) => string): string =>
      Array.from({ length: 16 }, (_, r) => [...line.slice(r * 16, r * 16 + 16)].map(write).join(',')).join('\n');
    const asGrid = Array.from({ length: 16 }, (_, r) => values.slice(r * 16, r * 16 + 16));
    // 1–G with its dots typed, and with them left empty (its first row, whose cells are
    // letters and dots only, places the block: no number there).
    expect((await readSpreadsheet(csv(rows((ch) => ch)), await lib(), { fileName: 'dots.csv' })).puzzles[0]!.grid).toEqual(asGrid);
    const letters = await workbook((wb) => {
      const ws = wb.addWorksheet('Sheet1');
      [...line].forEach((ch, k) => ch !== '.' && (ws.getCell(2 + Math.floor(k / 16), 2 + (k % 16)).value = /[A-G]/.test(ch) ? ch.toLowerCase() : Number(ch)));
    });
    const read = await readSpreadsheet(letters, await lib());
    expect(read.puzzles.map((p) => [p.range, p.size])).toEqual([['B2:Q17', 16]]);
    expect(read.puzzles[0]!.grid).toEqual(asGrid);
    // Written 0–F: every symbol one less, and a 0 beside empty cells; no G.
    const hexText = rows((ch) => (ch === '.' ? '' : (parseInt(ch, 36) - 1).toString(16).toUpperCase()));
    expect(hexText).toMatch(/(^|,)0(,|$)/m);
    const hexRead = (await readSpreadsheet(csv(hexText), await lib(), { fileName: 'hex.csv' })).puzzles[0]!;
    expect([hexRead.grid, hexRead.symbols]).toEqual([asGrid, 'hex']);
    expect(read.puzzles[0]!.symbols).toBeUndefined(); // 1–G
    // A 9×9 with dots for its empty cells, its last row all dots: the block is still 9×9.
    const nine = grid(LINE.slice(0, 72) + '.'.repeat(9));
    const dotted = nine.map((row) => row.map((v) => (v === 0 ? '.' : String(v))).join(',')).join('\n');
    const nineRead = await readSpreadsheet(csv(`Week 12\n${dotted}\n`), await lib(), { fileName: 'w.csv' });
    expect(nineRead.puzzles.map((p) => [p.range, p.grid])).toEqual([['A2:I10', nine]]);
    // Letters outside a 9×9 are notes, beside it or not (a user's session: a note "B"
    // beside the grid named one of its givens as a stray): a column's headings A–I above
    // it, a note right beside it, one apart from it.
    for (const [where, note] of [['K7', 'B'], ['L5', 'A'], ['B1', 'A']] as const) {
      const noted = await workbook((wb) => {
        const ws = wb.addWorksheet('Week 1');
        ws.getCell('B1').value = 'Week 1';
        put(ws, grid(LINE), 3, 2);
        ws.getCell(where).value = note;
        'ABCDEFGHI'.split('').forEach((h, c) => (ws.getCell(2, 2 + c).value = h));
      });
      const notedRead = await readSpreadsheet(noted, await lib());
      expect(notedRead.puzzles.map((p) => [p.range, p.grid])).toEqual([['B3:J11', grid(LINE)]]);
    }
    // An .xlsx's first row and column without a digit (letters and blanks only): its
    // used range of numbers is a 15×15 square, the letters make the 16×16 (a review).
    const noDigit = [...line].map((ch, k) => (k < 16 || k % 16 === 0) && /[1-9]/.test(ch) ? '.' : ch).join('');
    const edges = await workbook((wb) => {
      const ws = wb.addWorksheet('S');
      [...noDigit].forEach((ch, k) => ch !== '.' && (ws.getCell(3 + Math.floor(k / 16), 3 + (k % 16)).value = /[A-G]/.test(ch) ? ch : Number(ch)));
    });
    const edgesRead = (await readSpreadsheet(edges, await lib())).puzzles[0]!;
    expect([edgesRead.range, edgesRead.grid.flat().map((v) => (v === 0 ? '.' : v.toString(36).toUpperCase())).join('')]).toEqual(['C3:R18', noDigit]);
    // The same first row of letters and blanks under a row of column headings A–P: the
    // headings are a note, the letters' row the block's first (it was read 15×16 and
    // refused, the letters' block being 17×16).
    const headed = await workbook((wb) => {
      const ws = wb.addWorksheet('S');
      'ABCDEFGHIJKLMNOP'.split('').forEach((h, c) => (ws.getCell(2, 2 + c).value = h));
      [...noDigit.slice(0, 16)].forEach((ch, c) => ch !== '.' && (ws.getCell(3, 2 + c).value = ch));
      [...line.slice(16)].forEach((ch, k) => ch !== '.' && (ws.getCell(4 + Math.floor(k / 16), 2 + (k % 16)).value = /[A-G]/.test(ch) ? ch : Number(ch)));
    });
    const headedRead = (await readSpreadsheet(headed, await lib())).puzzles[0]!;
    expect([headedRead.range, headedRead.grid.flat().map((v) => (v === 0 ? '.' : v.toString(36).toUpperCase())).join('')]).toEqual([
      'B3:Q18',
      noDigit.slice(0, 16) + line.slice(16),
    ]);
    // Letters past that row other than the headings (a note A below a 16×16 short of its
    // last row, a B below it) are notes: the missing row is asked for, as before (a
    // review: the note A was read as a given).
    const notes = await workbook((wb) => {
      const ws = wb.addWorksheet('S');
      [...line.slice(0, 240)].forEach((ch, k) => ch !== '.' && (ws.getCell(1 + Math.floor(k / 16), 1 + (k % 16)).value = /[A-G]/.test(ch) ? ch : Number(ch)));
      ws.getCell('C16').value = 'A';
      ws.getCell('C17').value = 'B';
    });
    expect((await failure(notes)).message).toMatch(/^S: the numbers fill A1:P15, 15 rows by 16 columns, not a square block; write 0 in an empty cell of the missing row/);
    // A full grid written 0–F, one 0 a row and no empty cell, is read 0–F too, as the
    // text reader reads it (looksHex).
    const full = Array.from({ length: 16 }, (_, r) => Array.from({ length: 16 }, (_, c) => (r * 4 + Math.floor(r / 4) + c) % 16));
    const fullRead = (await readSpreadsheet(csv(full.map((row) => row.map((v) => v.toString(16).toUpperCase()).join(',')).join('\n')), await lib(), { fileName: 'full.csv' })).puzzles[0]!;
    expect([fullRead.grid, fullRead.symbols]).toEqual([full.map((row) => row.map((v) => v + 1)), 'hex']);
    // A square of numbers framed by dashes stays itself: marks alone do not grow it.
    const framed = ['-,-,-,-,-,-', '-,1,,,2,-', '-,,3,,,-', '-,,,4,,-', '-,2,,,1,-', '-,-,-,-,-,-'].join('\n');
    expect((await readSpreadsheet(csv(framed), await lib(), { fileName: 'f.csv' })).puzzles.map((p) => p.range)).toEqual(['B2:E5']);
    // Dots that complete a square on one side make the block (a second review): a 9×9
    // whose first row and column are dots.
    const dotsEdge = grid('.'.repeat(9) + LINE.slice(9).split('').map((ch, k) => (k % 9 === 0 ? '.' : ch)).join(''));
    const dotsCsv = dotsEdge.map((row) => row.map((v) => (v === 0 ? '.' : String(v))).join(',')).join('\n');
    expect((await readSpreadsheet(csv(dotsCsv), await lib(), { fileName: 'a.csv' })).puzzles.map((p) => [p.range, p.grid])).toEqual([['A1:I9', dotsEdge]]);
    // Borders win over letters and marks around them: a bordered 9×9 whose first column
    // holds no given, headed by letters, stays the bordered block.
    const bordered = await workbook((wb) => {
      const ws = wb.addWorksheet('S');
      const g = grid(LINE.split('').map((ch, k) => (k % 9 === 0 ? '.' : ch)).join(''));
      put(ws, g, 2, 2);
      for (let r = 2; r <= 10; r++) for (let c = 2; c <= 10; c++) ws.getCell(r, c).border = { top: { style: 'thin' } };
      'ABCDEFGHI'.split('').forEach((h, c) => (ws.getCell(1, 2 + c).value = h));
      'abcdefghi'.split('').forEach((h, r) => (ws.getCell(2 + r, 1).value = h));
    });
    expect((await readSpreadsheet(bordered, await lib())).puzzles.map((p) => p.range)).toEqual(['B2:J10']);
    // A 16×16 typed 1–16 whose givens happen to be 1–9 only, some empty cells 0 and the
    // others blank, is no 0–F grid: its 0s are empty, its digits themselves.
    const low = asGrid.map((row) => row.map((v) => (v > 9 ? 0 : v)));
    const lowCsv = low.map((row, r) => row.map((v, c) => (v !== 0 ? String(v) : (r + c) % 5 === 0 ? '0' : '')).join(',')).join('\n');
    const lowRead = (await readSpreadsheet(csv(lowCsv), await lib(), { fileName: 'low.csv' })).puzzles[0]!;
    expect([lowRead.grid, lowRead.symbols]).toEqual([low, undefined]);
    // A letter past the grid's symbols is named with its value; a 9×9 takes no letter.
    expect((await failure(csv(rows((ch) => (ch === 'G' ? 'H' : ch))), 'h.csv')).message).toMatch(/^h\.csv![A-P]\d+ holds “H” \(17\), outside 1 to 16 for the 16×16 puzzle in A1:P16\.$/);
    expect((await failure(csv(dotted.replace(/^5/, 'A')), 'a.csv')).message).toBe(
      'a.csv!A1 holds the text “A”; a cell of the 9×9 puzzle in A1:I9 holds a whole number from 1 to 9, or nothing, 0, ., - or _ when empty.',
    );
  });

  it('reads a grid inside its own headings: row numbers at its left, column headings above it', async () => {
    const line = readFileSync(new URL('../data/sudoku/16x16.txt', import.meta.url), 'utf8').split('\n')[0]!;
    // A 16×16 under headings A–P with row numbers 1–16 at its left (a third review: read
    // 17×17 and refused, "holds “I” (18), outside 1 to 17").
    const both = await workbook((wb) => {
      const ws = wb.addWorksheet('S');
      'ABCDEFGHIJKLMNOP'.split('').forEach((h, c) => (ws.getCell(1, 2 + c).value = h));
      for (let r = 0; r < 16; r++) ws.getCell(2 + r, 1).value = r + 1;
      [...line].forEach((ch, k) => ch !== '.' && (ws.getCell(2 + Math.floor(k / 16), 2 + (k % 16)).value = /[A-G]/.test(ch) ? ch : Number(ch)));
    });
    const bothRead = (await readSpreadsheet(both, await lib())).puzzles[0]!;
    expect([bothRead.range, bothRead.grid.flat().map((v) => (v === 0 ? '.' : v.toString(36).toUpperCase())).join('')]).toEqual(['B2:Q17', line]);
    // Under headings A–P alone: a 16×16 whose last row, or first column, holds letters
    // and blanks only (each read 17×16 with the headings, and refused).
    const lettersOnly = (keep: (k: number) => boolean): string => [...line].map((ch, k) => (keep(k) && /[1-9]/.test(ch) ? '.' : ch)).join('');
    for (const [edge, text] of [
      ['last row', lettersOnly((k) => k >= 240)],
      ['first column', lettersOnly((k) => k % 16 === 0)],
    ] as const) {
      const headed = await workbook((wb) => {
        const ws = wb.addWorksheet('S');
        'ABCDEFGHIJKLMNOP'.split('').forEach((h, c) => (ws.getCell(2, 3 + c).value = h));
        [...text].forEach((ch, k) => ch !== '.' && (ws.getCell(3 + Math.floor(k / 16), 3 + (k % 16)).value = /[A-G]/.test(ch) ? ch : Number(ch)));
      });
      const read = (await readSpreadsheet(headed, await lib())).puzzles[0]!;
      expect([edge, read.range, read.grid.flat().map((v) => (v === 0 ? '.' : v.toString(36).toUpperCase())).join('')]).toEqual([edge, 'C3:R18', text]);
    }
    // A 9×9 as pandas' DataFrame.to_csv writes it: a header row 0–8 over an index column 0–8.
    const nine = grid(LINE);
    const pandas = [',' + [...Array(9).keys()].join(','), ...nine.map((row, r) => `${r},${row.join(',')}`)].join('\n');
    expect((await readSpreadsheet(csv(pandas), await lib(), { fileName: 'df.csv' })).puzzles.map((p) => [p.range, p.grid])).toEqual([['B2:J10', nine]]);
    // Row numbers 1–9 alone, column headings 1–9 alone, and both with a corner's text.
    const numbered = nine.map((row, r) => `${r + 1},${row.join(',')}`).join('\n');
    expect((await readSpreadsheet(csv(numbered), await lib(), { fileName: 'r.csv' })).puzzles.map((p) => [p.range, p.grid])).toEqual([['B1:J9', nine]]);
    const headed = ['1,2,3,4,5,6,7,8,9', ...nine.map((row) => row.join(','))].join('\n');
    expect((await readSpreadsheet(csv(headed), await lib(), { fileName: 'h.csv' })).puzzles.map((p) => [p.range, p.grid])).toEqual([['A2:I10', nine]]);
    const corner = ['Row,A,B,C,D,E,F,G,H,I', ...nine.map((row, r) => `${r + 1},${row.join(',')}`)].join('\n');
    expect((await readSpreadsheet(csv(corner), await lib(), { fileName: 'c.csv' })).puzzles.map((p) => [p.range, p.grid])).toEqual([['B2:J10', nine]]);
    // A 9×9 whose first column is 1–9 and whose first row is 1–9 is the puzzle itself.
    const own = grid('123456789' + LINE.slice(9).split('').map((ch, k) => (k % 9 === 0 ? String(2 + k / 9) : '.')).join(''));
    expect((await readSpreadsheet(csv(own.map((row) => row.join(',')).join('\n')), await lib(), { fileName: 'o.csv' })).puzzles.map((p) => [p.range, p.grid])).toEqual([['A1:I9', own]]);
    // A run 1…n along an edge that is the grid's own first row or column (a review: it was
    // taken for headings, the grid read a row or column off, a stray number as a given).
    const SOL_ROW = '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
    const SOL_COL = [...SOL_ROW].map((_, k) => SOL_ROW[(k % 9) * 9 + Math.floor(k / 9)]).join('');
    const lines = (g: string, n = 9): string => Array.from({ length: n }, (_, r) => [...g.slice(r * n, r * n + n)].map((ch) => (ch === '.' ? '' : ch)).join(',')).join('\n');
    const S4 = '1342241331244231';
    const LAST_COLUMN_EMPTY = [...LINE].map((ch, k) => (k % 9 === 8 ? '.' : ch)).join('');
    const LAST_ROW_EMPTY = LINE.slice(0, 72) + '.'.repeat(9);
    const LAST_ROW_SPARSE = LINE.slice(0, 72) + '....8....';
    // A 12×12 of 4×3 boxes (4 rows × 3 columns) whose first row is 1–12: row r shifted by
    // 3·(r mod 4) + ⌊r / 4⌋.
    const TWELVE = Array.from({ length: 12 }, (_, r) => Array.from({ length: 12 }, (_, c) => ((c + 3 * (r % 4) + Math.floor(r / 4)) % 12) + 1).join(',')).join('\n');
    const LAST_COLUMN_SPARSE = [...LINE].map((ch, k) => (k % 9 === 8 && k > 45 ? '.' : ch)).join('');
    const cases: Array<[string, string, string]> = [
      // [what, CSV, the block read or the start of the error]
      ['a solution whose first column is 1–9, a number two rows below', `${lines(SOL_COL)}\n\n42`, 'x.csv!A11 holds 42, outside the 9×9 block A1:I9'],
      ['the same, 10 right below', `${lines(SOL_COL)}\n10`, 'x.csv!A10 holds 10, outside the 9×9 block A1:I9'],
      ['the same, 5 right below', `${lines(SOL_COL)}\n5`, 'x.csv!A10 holds 5, outside the 9×9 block A1:I9'],
      ['a solution whose first row is 1–9, 5 below', `${lines(SOL_ROW)}\n5`, 'x.csv!A10 holds 5, outside the 9×9 block A1:I9'],
      ['the same, “Puzzle”, 12 below', `${lines(SOL_ROW)}\nPuzzle,12`, 'x.csv!B10 holds 12, outside the 9×9 block A1:I9'],
      ['the same, a difficulty 3 right of it', lines(SOL_ROW).replace(/^(.*)$/m, '$1,3'), 'x.csv!J1 holds 3, outside the 9×9 block A1:I9'],
      ['the same, a page number 1 past a column', lines(SOL_ROW).replace(/^(.*)$/m, '$1,,1'), 'x.csv!K1 holds 1, outside the 9×9 block A1:I9'],
      ['a 4×4 whose first column is 1–4, 5 below', `${lines(S4, 4)}\n5`, 'x.csv!A5 holds 5, outside the 4×4 block A1:D4'],
      ['a 4×4 whose first column is 1–4, its last column empty fields', '1,,,\n2,,,\n3,4,,\n4,,1,', 'A1:D4'],
      ['a 9×9 whose first column is 1–9, its last column empty fields', lines([...SOL_COL].map((ch, k) => (k % 9 === 8 ? '.' : ch)).join('')), 'A1:I9'],
      ['a 9×9 whose first row is 1–9, its last row empty fields', lines(SOL_ROW.slice(0, 72) + '.'.repeat(9)), 'A1:I9'],
      // A second review: a line of empty fields, or a comma ending each line, beside a grid
      // whose first row or column is 1–n was read as headings over an empty far edge.
      ['a 4×4 whose first row is 1–4, empty fields and a note below', '1,2,3,4\n,,1,\n3,,,\n,,,2\n,,,\nfrom workbook p.3,,,', 'A1:D4'],
      ['a solution whose first row is 1–9, a line of empty fields below', `${lines(SOL_ROW)}\n,,,,,,,,`, 'A1:I9'],
      ['a solution whose first column is 1–9, each line ending in a comma', lines(SOL_COL).split('\n').map((l) => `${l},`).join('\n'), 'A1:I9'],
      ['a 0 above a solution whose first column is 1–9', `0\n${lines(SOL_COL)}`, 'x.csv!A1 holds 0, outside the 9×9 block A2:I10'],
      // …and row numbers beside a far column of 1 to 3 givens were refused: the grid read
      // with them as its first column holds a digit twice, under them it does not.
      ['a 4×4 with row numbers 1–4, one given in its last column', '1,1,,,\n2,,,3,\n3,,4,,\n4,,,,2', 'B1:E4'],
      ['row numbers 1–9 beside a puzzle whose last column holds 2 givens', lines(LAST_COLUMN_SPARSE).split('\n').map((l, r) => `${r + 1},${l}`).join('\n'), 'B1:J9'],
      ['rows lettered A–I under columns 1–9, one given in the last row', `,1,2,3,4,5,6,7,8,9\n${lines(LAST_ROW_SPARSE).split('\n').map((l, r) => `${'ABCDEFGHI'[r]},${l}`).join('\n')}`, 'B2:J10'],
      ['headings 1–9 over a puzzle with one given in its last row', `1,2,3,4,5,6,7,8,9\n${lines(LAST_ROW_SPARSE)}`, 'A2:I10'],
      // A third review: a 6×6 of 3×2 boxes whose first column or row is 1–6 (its usual 2×3
      // boxes repeat a digit), beside empty fields or a note, was read a column or row off;
      // a typo in a puzzle whose first row is 1–9 made it headings. The block read under
      // such a run must lie in the used range, and the repeat must go through the run.
      ['a 6×6 of 3×2 boxes re-saved by a spreadsheet', '1,4,2,3,5,6\n2,5,1,6,4,3\n3,6,4,5,1,2\n4,1,3,2,6,5\n5,2,6,1,3,4\n6,3,5,4,2,1\n,,,,,\nBoxes: 3×2 (3 rows × 2 columns),,,,,', 'A1:F6'],
      // A fourth review: the same 6×6 turned (first row 1–6) with its note's line padded, and
      // with each line ending in a comma; and a 12×12 of 4×3 boxes whose first row is 1–12.
      ['a 6×6 of 3×2 boxes whose first row is 1–6, re-saved', '1,2,3,4,5,6\n3,4,5,6,1,2\n5,6,1,2,3,4\n2,1,4,3,6,5\n4,3,6,5,2,1\n6,5,2,1,4,3\n,,,,,\nBoxes: 3×2 (3 rows × 2 columns),,,,,', 'A1:F6'],
      ['a 6×6 of 3×2 boxes, each line ending in a comma', '1,4,2,3,5,6,\n2,5,1,6,4,3,\n3,6,4,5,1,2,\n4,1,3,2,6,5,\n5,2,6,1,3,4,\n6,3,5,4,2,1,\n\nBoxes: 3×2 (3 rows × 2 columns)', 'A1:F6'],
      ['a 12×12 of 4×3 boxes whose first row is 1–12, re-saved', `${TWELVE}\n,,,,,,,,,,,\nBoxes: 4×3 (4 rows × 3 columns),,,,,,,,,,,`, 'A1:L12'],
      ['a 6×6 whose first row is 1–6, its boxes noted right of it', '1,2,3,4,5,6,,Boxes: 3×2 (3 rows × 2 columns)\n,3,,,,,,\n,,5,,,,,\n6,1,,,,,,\n,,,,,,,\n3,,,2,,,,', 'A1:F6'],
      ['a puzzle whose first row is 1–9 with a typo, each line ending in a comma', '1,2,3,4,5,6,7,8,9,\n,,,,,7,3,,1,\n,,,,2,,,,,\n5,,,,3,,,,,\n,,,,,4,9,,,\n1,3,9,,,,,,,\n,,,3,1,,2,,6,\n,,8,6,4,,,9,7,\n,,2,,,,,,,', 'A1:I9'],
      ['a 4×4 whose first row is 1–4 with a typo', '1,2,3,4,\n3,,,,\n,,2,,\n,2,,1,', 'A1:D4'],
      ['a 6×6 of 3×2 boxes with row numbers 1–6, its boxes noted below', '1,1,2,3,4,5,6\n2,4,5,6,1,2,3\n3,2,3,1,5,6,4\n4,5,6,4,2,3,1\n5,3,1,2,6,4,5\n6,6,4,5,3,1,2\n\nBoxes: 3×2 (3 rows × 2 columns)', 'B1:G6'],
      // Headings on one side over a grid whose far edge is empty.
      ['row numbers 1–9 beside a puzzle whose last column is empty', lines(LAST_COLUMN_EMPTY).split('\n').map((l, r) => `${r + 1},${l}`).join('\n'), 'B1:J9'],
      ['headings 1–9 over a puzzle whose last row is empty', `1,2,3,4,5,6,7,8,9\n${lines(LAST_ROW_EMPTY)}`, 'A2:I10'],
    ];
    for (const [what, text, said] of cases) {
      let got: string;
      try {
        got = (await readSpreadsheet(csv(text), await lib(), { fileName: 'x.csv' })).puzzles[0]!.range;
      } catch (e) {
        got = (e as Error).message;
      }
      expect([what, got.slice(0, said.length)]).toEqual([what, said]);
    }
    // Row numbers with a number outside the block right of them are no headings: the
    // sheet is refused, as before.
    expect((await failure(csv(`${numbered}\n,,,,,,,,,,,7`), 'x.csv')).message).toBe(
      'x.csv: the numbers fill A1:L10, 10 rows by 12 columns, not a square block: a puzzle\'s numbers fill n rows by n columns.',
    );
  });

  it('names the row and column of a bad field, and refuses text that is not UTF-8', async () => {
    const text = grid(LINE).map((row) => row.join(',')).join('\n').replace(/^5/, 'five');
    expect((await failure(csv(text), 'p.csv')).message).toBe(
      'p.csv!A1 holds the text “five”; a cell of the 9×9 puzzle in A1:I9 holds a whole number from 1 to 9, or nothing, 0, ., - or _ when empty.',
    );
    const utf16 = new Uint8Array([0xff, 0xfe, 0x35, 0x00, 0x2c, 0x00, 0xff, 0xd8]);
    expect((await failure(utf16, 'u.csv')).code).toBe('unsupported_file');
    // Excel's "CSV (Comma delimited)" on Windows writes Windows-1252: "Défi" is 0x44 0xE9 0x66 0x69.
    const cp1252 = new Uint8Array([...new TextEncoder().encode('D'), 0xe9, ...new TextEncoder().encode(`fi,\n${grid(LINE).map((row) => row.join(',')).join('\n')}\n`)]);
    const read = await readSpreadsheet(cp1252, await lib(), { fileName: 'w.csv' });
    expect(read.puzzles[0]!.grid).toEqual(grid(LINE));
    // UTF-8 with one bad byte is not taken for Windows-1252 (its é would read Ã©): refused with its line.
    const utf8 = new TextEncoder().encode(`Défi\n${grid(LINE).map((row) => row.join(',')).join('\n')}\n`);
    const cut = new Uint8Array([...utf8.slice(0, 20), 0xff, ...utf8.slice(20)]);
    expect((await failure(cut, 'c.csv')).message).toBe('c.csv is UTF-8 text with bytes that are not UTF-8 at line 2; save it again as CSV UTF-8 (or as .xlsx).');
  });
});

describe('writing', () => {
  it('a solved grid: givens bold, solved digits blue, box borders medium; it reads back', async () => {
    const bytes = await gridXlsx({ size: 9, boxHeight: 3, boxWidth: 3, givens: grid(LINE), solution: grid(SOLUTION) }, await lib());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('A1').value).toBe(5);
    expect(ws.getCell('A1').font.bold).toBe(true);
    expect(ws.getCell('C1').value).toBe(4);
    expect(ws.getCell('C1').font.bold).toBeFalsy();
    expect(ws.getCell('C1').font.color?.argb).toBe(SOLVED_COLOUR);
    expect(ws.getCell('D1').border.left?.style).toBe('medium'); // a box edge
    expect(ws.getCell('C1').border.left?.style).toBe('thin');
    expect(ws.getCell('A4').border.top?.style).toBe('medium');
    // Unsolved, its empty cells are not blue: a digit typed into one later is a given.
    const unsolved = new ExcelJS.Workbook();
    await unsolved.xlsx.load((await gridXlsx({ size: 9, boxHeight: 3, boxWidth: 3, givens: grid(LINE) }, await lib())) as never);
    expect(unsolved.worksheets[0]!.getCell('C1').font.color?.argb).not.toBe(SOLVED_COLOUR);
    // Read back, the blue digits are the solution's: the puzzle is its givens again.
    const read = await readSpreadsheet(bytes, await lib());
    expect(read.puzzles[0]!.grid).toEqual(grid(LINE));
    // A grid typed all in that blue (no bold givens beside it) is all givens.
    for (let r = 1; r <= 9; r++) for (let c = 1; c <= 9; c++) ws.getCell(r, c).font = { color: { argb: SOLVED_COLOUR } };
    const blue = new Uint8Array(await wb.xlsx.writeBuffer());
    expect((await readSpreadsheet(blue, await lib())).puzzles[0]!.grid).toEqual(grid(SOLUTION));
  });

  it('a 6×6 grid draws 2×3 boxes; its CSV has empty fields for empty cells', async () => {
    const g = [
      [1, 0, 0, 0, 0, 6],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 3, 0, 0, 0],
      [0, 0, 0, 4, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 5, 0, 0, 0, 2],
    ];
    const bytes = await gridXlsx({ size: 6, boxHeight: 2, boxWidth: 3, givens: g }, await lib());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getCell('D2').border.left?.style).toBe('medium');
    expect(ws.getCell('A3').border.top?.style).toBe('medium');
    expect(ws.getCell('A2').border.top?.style).toBe('thin');
    const usual = (await readSpreadsheet(bytes, await lib())).puzzles[0]!;
    expect(usual.grid).toEqual(g); // the borders place the empty rows
    expect(usual.boxHeight).toBeUndefined(); // the usual 2×3 boxes are not said
    // Boxes of 3 rows × 2 columns: the thick borders say so when the sheet is read back.
    const tall = (await readSpreadsheet(await gridXlsx({ size: 6, boxHeight: 3, boxWidth: 2, givens: g }, await lib()), await lib())).puzzles[0]!;
    expect([tall.boxHeight, tall.boxWidth]).toEqual([3, 2]);
    expect(tall.grid).toEqual(g);
    // Thick borders drawn another way (one thick line after row 1) draw no boxes.
    const odd = await workbook((wb) => {
      const ws = wb.addWorksheet('S');
      put(ws, g);
      for (let c = 1; c <= 6; c++) ws.getCell(1, c).border = { bottom: { style: 'medium' } };
    });
    expect((await readSpreadsheet(odd, await lib())).puzzles[0]!.boxHeight).toBeUndefined();
    const text = gridCsv({ size: 6, boxHeight: 2, boxWidth: 3, givens: g }, await lib());
    expect(text.split('\n')[0]).toBe('1,,,,,6');
    expect((await readSpreadsheet(csv(text), await lib())).puzzles[0]!.grid).toEqual(g);
  });

  it('leaves a hidden sheet out unless it is asked for; finds a sheet by its name in any case', async () => {
    // A user's session: a hidden answer key was solved as a second puzzle.
    const bytes = await workbook((wb) => {
      put(wb.addWorksheet('Week 2'), grid(LINE));
      const answers = wb.addWorksheet('Answers');
      put(answers, grid(LINE));
      answers.state = 'hidden';
    });
    const read = await readSpreadsheet(bytes, await lib(), { fileName: 'club.xlsx' });
    expect(read.puzzles.map((p) => p.sheet)).toEqual(['Week 2']);
    expect(read.skipped).toEqual([
      { sheet: 'Answers', reason: 'Answers is a hidden sheet: left out (unhide it, or choose it as the sheet to read, to read it).', refused: false, at: 1, hidden: true },
    ]);
    expect((await readSpreadsheet(bytes, await lib(), { sheet: 'Answers' })).puzzles.map((p) => p.sheet)).toEqual(['Answers']);
    expect((await readSpreadsheet(bytes, await lib(), { sheet: 'week 2' })).puzzles.map((p) => p.sheet)).toEqual(['Week 2']);
    expect((await failure(bytes, 'club.xlsx', '3')).message).toBe('club.xlsx has no sheet “3” nor a sheet number 3; its sheets: Week 2, Answers (hidden).');
    // A workbook whose only puzzle is hidden says so.
    const onlyHidden = await workbook((wb) => {
      wb.addWorksheet('Notes').getCell('A1').value = 'Solve by Sunday';
      const answers = wb.addWorksheet('Answers');
      put(answers, grid(LINE));
      answers.state = 'hidden';
    });
    expect((await failure(onlyHidden, 'club.xlsx')).message).toMatch(/^No sheet of club\.xlsx holds a puzzle \(left out, hidden: Answers; unhide a sheet, or choose it as the sheet to read, to read it\)\./);
  });

  it('a list of 200,000 puzzles, one a row (a user\'s session: the stack overflowed at push(...))', async () => {
    const rows = Array.from({ length: 200_000 }, (_, k) => `p${k},${LINE}`);
    const read = await readSpreadsheet(csv(`name,puzzle\n${rows.join('\n')}\n`), await lib(), { fileName: 'club.csv' });
    expect(read.puzzles).toHaveLength(200_000);
    expect(read.puzzles[199_999]).toMatchObject({ name: 'p199999' });
  });

  it('a 6×6 in boxes of 3 rows × 2 columns keeps its boxes through .csv (a note below the grid) and .xlsx', async () => {
    const g = [
      [0, 0, 0, 0, 0, 0],
      [3, 0, 2, 5, 0, 0],
      [6, 0, 0, 0, 3, 0],
      [5, 0, 0, 0, 4, 0],
      [0, 0, 0, 1, 0, 5],
      [0, 0, 0, 3, 0, 0],
    ];
    const tall = { size: 6, boxHeight: 3, boxWidth: 2, givens: g };
    const text = gridCsv(tall, await lib());
    expect(text.trim().split('\n').at(-1)).toBe('Boxes: 3×2 (3 rows × 2 columns)');
    for (const [bytes, fileName] of [
      [csv(text), 'tall.csv'],
      [await gridXlsx(tall, await lib()), 'tall.xlsx'],
    ] as const) {
      const p = (await readSpreadsheet(bytes, await lib(), { fileName })).puzzles[0]!;
      expect([p.boxHeight, p.boxWidth], fileName).toEqual([3, 2]);
      expect(p.grid, fileName).toEqual(g);
      expect(p.range, fileName).toBe('A1:F6');
    }
    // The usual boxes need no note, and read back as the usual ones.
    const usual = gridCsv({ ...tall, boxHeight: 2, boxWidth: 3 }, await lib());
    expect(usual).not.toContain('Boxes');
    expect((await readSpreadsheet(csv(usual), await lib())).puzzles[0]!.boxHeight).toBeUndefined();
    // A note typed by hand; one that does not tile the grid is named by its cell.
    const typed = usual.trim() + '\n\nboxes of 3 rows x 2 columns\n';
    expect((await readSpreadsheet(csv(typed), await lib())).puzzles[0]).toMatchObject({ boxHeight: 3, boxWidth: 2 });
    const bad = await failure(csv(usual.trim() + '\n\nBoxes: 4×2\n'), 'bad.csv');
    expect(bad.message).toBe("bad.csv!A8 says boxes of 4×2, which do not tile the 6×6 puzzle in A1:F6: a box's rows × columns make 6.");
    expect(bad.cell).toBe('A8');
  });

  it("a batch's results: one row per puzzle, as .xlsx and .csv, each read back as the batch", async () => {
    const rows = [
      { name: 'Grid 01', status: 'solved', ms: 1.5, nodes: 0, puzzle: LINE, solution: SOLUTION },
      { name: 'Grid 02', status: 'infeasible', ms: 2, nodes: 3, puzzle: `55${LINE.slice(2)}` },
      { name: 'Grid 03', status: 'solved', ms: 0.5, nodes: 0, conflicts: 12, puzzle: LINE, solution: SOLUTION },
    ];
    const text = resultsCsv(rows, await lib());
    expect(text.split('\n')[0]).toBe('name,status,ms,nodes,conflicts,puzzle,solution');
    expect(text.split('\n')[2]).toBe(`Grid 02,infeasible,2,3,,55${LINE.slice(2)},`);
    expect(text.split('\n')[3]).toBe(`Grid 03,solved,0.5,0,12,${LINE},${SOLUTION}`);
    const bytes = await resultsXlsx(rows, await lib());
    for (const [file, name] of [
      [csv(text), 'r.csv'],
      [bytes, 'r.xlsx'],
    ] as const) {
      const read = await readSpreadsheet(file, await lib(), { fileName: name });
      expect(read.puzzles.map((p) => [p.name, p.range]), name).toEqual([
        ['Grid 01', 'F2'],
        ['Grid 02', 'F3'],
        ['Grid 03', 'F4'],
      ]);
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as never);
    expect(wb.worksheets[0]!.getCell('B3').value).toBe('infeasible');
    expect(wb.worksheets[0]!.getCell('A1').font.bold).toBe(true);
    // A genre's record and answer (several lines each) are wrapped in a monospaced font in
    // their own columns, puzzle (F) and solution (G), and only those are wide.
    const record = '=== a record with a long name\n2 2\n1 -\n- -'; // its first line 29 characters
    const genre = new ExcelJS.Workbook();
    await genre.xlsx.load((await resultsXlsx([{ name: 'a', status: 'solved', ms: 1, nodes: 0, conflicts: 3, puzzle: record, solution: `${record}x` }], await lib())) as never);
    const sheet = genre.worksheets[0]!;
    expect(['E2', 'F2', 'G2'].map((c) => sheet.getCell(c).alignment?.wrapText ?? false)).toEqual([false, true, true]);
    expect(['E2', 'F2', 'G2'].map((c) => sheet.getCell(c).font?.name)).toEqual([undefined, 'Courier New', 'Courier New']);
    expect(sheet.getCell('E2').value).toBe(3);
    expect([5, 6, 7].map((k) => sheet.getColumn(k).width)).toEqual([12, 31, 31]);
  });
});

describe('left-out rows of a results table', () => {
  it("each refused sheet or row at its place, in a finished batch and in a stopped one (past the puzzles that ended: after them); sheets of notes get none", () => {
    const skipped = [
      { sheet: 'Notes', reason: 'Notes is empty.', refused: false, at: 0 },
      { sheet: 'Bad', reason: 'Bad!C5 holds the text “x”; …', refused: true, at: 1 },
      { sheet: 'List', reason: 'List!A9 is an empty 9×9 puzzle …', refused: true, at: 4 },
    ];
    const left = refusedRows(skipped);
    expect(left.map((k) => [k.at, k.row.name, k.row.status])).toEqual([
      [1, 'Bad', 'error: Bad!C5 holds the text “x”; …'],
      [4, 'List', 'error: List!A9 is an empty 9×9 puzzle …'],
    ]);
    const row = (name: string) => ({ name, status: 'solved', puzzle: LINE });
    expect(withLeftOut([row('a'), row('b'), row('c'), row('d'), row('e')], left).map((r) => r.name)).toEqual(['a', 'Bad', 'b', 'c', 'd', 'List', 'e']);
    // Stopped after two puzzles: the rows left out are all still there.
    expect(withLeftOut([row('a'), row('b')], left).map((r) => r.name)).toEqual(['a', 'Bad', 'b', 'List']);
    // Stopped while b, c and d were still solving (page/batch.ts): their places kept
    // empty, so that List goes before e, the puzzle after it, not after the last.
    const holes = [row('a'), undefined, undefined, undefined, row('e')];
    expect(withLeftOut(holes, left).flatMap((r) => (r ? [r.name] : []))).toEqual(['a', 'Bad', 'List', 'e']);
  });
});

describe('hostile bytes', () => {
  it('random, cut and bit-flipped files give a SpreadsheetError or puzzles (Sudoku or a genre\'s records), never another error', async () => {
    // A small seeded generator (mulberry32): the same inputs every run.
    let seed = 26;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const good = await gridXlsx({ size: 9, boxHeight: 3, boxWidth: 3, givens: grid(LINE) }, await lib());
    const inputs: Uint8Array[] = [];
    for (let k = 0; k < 60; k++) {
      inputs.push(Uint8Array.from({ length: Math.floor(random() * 2000) }, () => Math.floor(random() * 256)));
      inputs.push(good.slice(0, Math.floor(random() * good.length)));
      const flipped = good.slice();
      for (let j = 0; j < 5; j++) flipped[Math.floor(random() * flipped.length)]! ^= 1 << Math.floor(random() * 8);
      inputs.push(flipped);
      inputs.push(csv(Array.from({ length: 50 }, () => ',;\t|"\n 0123456789.x'[Math.floor(random() * 20)] ?? '').join('')));
    }
    let errors = 0;
    // Read as Sudoku, and as the records of a one-block and a two-block genre.
    for (const genre of [undefined, 'akari', 'killer']) {
      for (const bytes of inputs) {
        try {
          await readSpreadsheet(bytes, await lib(), { fileName: 'f', ...(genre ? { genre } : {}) });
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(SpreadsheetError);
          errors++;
        }
      }
    }
    expect(errors).toBeGreaterThan(300); // most of them are refused, by a SpreadsheetError
  });
});
