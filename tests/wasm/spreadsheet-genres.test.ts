// SPDX-License-Identifier: GPL-3.0-or-later
// Spreadsheets for the genres (web/src/sheets/records.ts and write.ts): every genre's
// example goes load → solve → save → load → solve through .xlsx and .csv and gives the
// same answer; sheets typed by hand (a title, borders, a Killer's two blocks, a
// Norinori's region ids alone, Star Battle's "2 stars") are read as the record they
// show; a batch's results sheet reads back as its records; bad cells are named.
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../web/src/page/genre/record';
import { EXAMPLES } from '../../web/src/page/genre/examples';
import { SpreadsheetError } from '../../web/src/sheets/cells';
import { loadSpreadsheetLibraries } from '../../web/src/sheets/libraries';
import { readSpreadsheet, type SpreadsheetLibraries } from '../../web/src/sheets/read';
import { sheetCellOfText } from '../../web/src/sheets/text-cell';
import { recordCsv, recordXlsx, resultsCsv, resultsXlsx } from '../../web/src/sheets/write';
import { GENRES } from '../../web/generated/vocabulary';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { loadModule } from './helpers';

let module: GridmilpModule;
let libs: SpreadsheetLibraries;

beforeAll(async () => {
  module = await loadModule('gridmilp_wasm_sat');
  libs = await loadSpreadsheetLibraries();
});

type Genre = Exclude<(typeof GENRES)[number]['id'], 'sudoku'>;
const genres = GENRES.filter((g) => g.id !== 'sudoku') as unknown as { id: Genre; title: string; blocks: number; parameter?: string }[];

/** The engine's answer text for a record, or its status. */
function solve(genre: string, text: string): string {
  const r = JSON.parse(module.handleRequest(JSON.stringify({ type: 'solve', genre, puzzle: text })));
  if (r.error) throw new Error(`${genre}: ${r.error.message}`);
  expect(r.result.answer?.verified, `${genre}: ${r.result.status}`).toBe(true);
  return r.result.answer.text as string;
}

/** An answer's grid without its `===` line (the names differ: the file's range). */
const body = (answer: string): string => answer.split('\n').slice(1).join('\n');

/** A workbook built by `fill`, as bytes. */
async function workbook(fill: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Write rows of tokens from (row, column), 1-based; `-` stays empty, digits become numbers. */
function put(ws: ExcelJS.Worksheet, lines: string[], row = 1, column = 1): void {
  lines.forEach((line, r) =>
    line
      .trim()
      .split(/\s+/)
      .forEach((t, c) => {
        if (t !== '-') ws.getCell(row + r, column + c).value = /^\d+$/.test(t) ? Number(t) : t;
      }),
  );
}

async function failure(bytes: Uint8Array, genre: string, fileName = 'book.xlsx'): Promise<SpreadsheetError> {
  try {
    await readSpreadsheet(bytes, libs, { fileName, genre });
  } catch (e) {
    expect(e).toBeInstanceOf(SpreadsheetError);
    return e as SpreadsheetError;
  }
  throw new Error('the spreadsheet was read');
}

describe('every genre through a spreadsheet', () => {
  it.each(genres.map((g) => [g.id, g] as const))('%s: load → solve → save (.xlsx, .csv) → load → solve gives the same answer', async (id, g) => {
    const record = readRecord(EXAMPLES[id], g.blocks)!;
    expect(record, id).not.toBeNull();
    const answer = solve(id, EXAMPLES[id]);
    const solution = readRecord(answer, 1)!.blocks[0]!;
    const sheet = {
      title: g.title,
      rows: record.rows,
      columns: record.columns,
      blocks: record.blocks,
      solution,
      ...(record.parameter && g.parameter ? { parameter: { value: record.parameter, word: g.parameter } } : {}),
      ...(g.blocks === 2 || id === 'star-battle' ? { regions: g.blocks - 1 } : {}),
    };
    for (const [bytes, fileName] of [
      [await recordXlsx(sheet, libs), `${id}.xlsx`],
      [new TextEncoder().encode(recordCsv(sheet, libs)), `${id}.csv`],
    ] as const) {
      const read = await readSpreadsheet(bytes, libs, { fileName, genre: id });
      expect(read.puzzles).toEqual([]);
      expect(read.records, fileName).toHaveLength(1);
      const back = read.records![0]!;
      expect(back).toMatchObject({ rows: record.rows, columns: record.columns });
      // The same record, token for token (the answer below "Solution" is not read).
      expect(readRecord(back.text, g.blocks)).toMatchObject({ blocks: record.blocks, ...(record.parameter ? { parameter: record.parameter } : {}) });
      expect(body(solve(id, back.text)), fileName).toBe(body(answer));
    }
  });
});

describe('a grid as pandas writes it', () => {
  it.each(genres.filter((g) => g.blocks === 1).map((g) => [g.id, g] as const))(
    "%s: DataFrame.to_csv's header row and index column are the grid's headings, not its cells",
    async (id, g) => {
      const record = readRecord(EXAMPLES[id], 1)!;
      const field = (t: string): string => (t === '-' ? '' : t.includes(',') ? `"${t}"` : t);
      const csv = [
        `,${[...Array(record.columns).keys()].join(',')}`,
        ...[...Array(record.rows).keys()].map((r) => `${r},${record.blocks[0]!.slice(r * record.columns, (r + 1) * record.columns).map(field).join(',')}`),
      ].join('\n');
      const read = await readSpreadsheet(new TextEncoder().encode(csv), libs, { fileName: `${id}.csv`, genre: id });
      expect(read.records, id).toHaveLength(1);
      const back = read.records![0]!;
      expect([back.range, back.rows, back.columns]).toEqual([`B2:${String.fromCharCode(65 + record.columns)}${record.rows + 1}`, record.rows, record.columns]);
      expect(readRecord(back.text, g.blocks)!.blocks).toEqual(record.blocks);
      if (!record.parameter) expect(body(solve(id, back.text))).toBe(body(solve(id, EXAMPLES[id])));
    },
  );
});

describe('a killer being drawn', () => {
  it('saved with cells in no cage, reads back as the same record (those cells keep their -)', async () => {
    const blocks = [
      ['3', ...Array<string>(15).fill('-')],
      ['a', 'a', ...Array<string>(14).fill('-')],
    ];
    const sheet = { title: 'Killer Sudoku', rows: 4, columns: 4, blocks, regions: 1 };
    for (const [bytes, fileName] of [
      [await recordXlsx(sheet, libs), 'drawn.xlsx'],
      [new TextEncoder().encode(recordCsv(sheet, libs)), 'drawn.csv'],
    ] as const) {
      const read = await readSpreadsheet(bytes, libs, { fileName, genre: 'killer' });
      expect(readRecord(read.records![0]!.text, 2), fileName).toMatchObject({ blocks });
    }
  });

  it("a digit genre's 0 is an empty cell, as in a Sudoku sheet (not Killer's sums)", async () => {
    const csv = new TextEncoder().encode('1,0,0,0\n0,0,0,0\n0,0,2,0\n0,0,0,0\n');
    const read = await readSpreadsheet(csv, libs, { fileName: 'x.csv', genre: 'latin-square' });
    expect(read.records![0]!.text.split('\n').slice(1, 3)).toEqual(['4 4', '1 - - -']);
    expect(body(solve('latin-square', read.records![0]!.text))).toMatch(/^4 4\n1 /);
  });

  it('a Killer whose cage ids stand right of its sums, one empty column between, reads as the same record as one below them', async () => {
    const sums = ['3 - 7 -', '7 - 3 -', '3 - 7 -', '7 - 3 -'];
    const cages = ['a a b b', 'c c d d', 'e e f f', 'g g h h'];
    const below = await workbook((wb) => {
      const ws = wb.addWorksheet('K');
      put(ws, sums, 2, 2);
      put(ws, cages, 7, 2);
    });
    const beside = await workbook((wb) => {
      const ws = wb.addWorksheet('K');
      ws.getCell('B1').value = 'My killer';
      put(ws, sums, 2, 2);
      put(ws, cages, 2, 7);
    });
    const [a, b] = [await readSpreadsheet(below, libs, { genre: 'killer' }), await readSpreadsheet(beside, libs, { genre: 'killer' })];
    expect(b.records!.map((r) => [r.range, r.rows, r.columns])).toEqual([['B2:J5', 4, 4]]);
    expect(b.records![0]!.text.split('\n').slice(1)).toEqual(a.records![0]!.text.split('\n').slice(1));
    expect(body(solve('killer', b.records![0]!.text))).toMatch(/^4 4\n/);
  });

  it('an empty cell inside the cage ids is named', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('K');
      put(ws, ['3 - 7 -', '7 - 3 -', '3 - 7 -', '7 - 3 -'], 1, 1);
      put(ws, ['a a b b', 'c c d d', 'e e f f', 'g g h h'], 6, 1);
      ws.getCell('B8').value = null;
    });
    const e = await failure(bytes, 'killer');
    expect(e.message).toBe('K!B8 is empty, in the cage ids (the second block, below the first): every cell of it holds an id, - for a cell in no cage.');
    expect(e.cell).toBe('B8');
  });
});

describe('sheets typed by hand', () => {
  it('a Nurikabe under a title, its empty first row placed by borders', async () => {
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Week 1');
      ws.getCell('A1').value = 'Nurikabe of the week';
      for (let r = 3; r <= 8; r++) for (let c = 2; c <= 7; c++) ws.getCell(r, c).border = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };
      put(ws, ['- - - - - -', '- 3 - - - 2', '- - - - - -', '- - - - - -', '4 - - - 1 -', '- - - - - -'].slice(1), 4, 2);
    });
    const read = await readSpreadsheet(bytes, libs, { fileName: 'week.xlsx', genre: 'nurikabe' });
    const r = read.records![0]!;
    expect(r).toMatchObject({ sheet: 'Week 1', range: 'B3:G8', rows: 6, columns: 6, name: "'Week 1'!B3:G8" });
    expect(r.text).toBe("=== 'Week_1'!B3:G8\n6 6\n- - - - - -\n- 3 - - - 2\n- - - - - -\n- - - - - -\n4 - - - 1 -\n- - - - - -\n");
  });

  it("a Killer's sums and cages as two blocks, one empty row between, the first block's top row its own", async () => {
    const killer = readRecord(EXAMPLES.killer, 2)!;
    const lines = (k: number) => Array.from({ length: killer.rows }, (_, r) => killer.blocks[k]!.slice(r * killer.columns, (r + 1) * killer.columns).join(' '));
    const bytes = await workbook((wb) => {
      const ws = wb.addWorksheet('Killer');
      put(ws, lines(0), 2, 1);
      put(ws, lines(1), 2 + killer.rows + 1, 1);
    });
    const read = await readSpreadsheet(bytes, libs, { genre: 'killer' });
    expect(readRecord(read.records![0]!.text, 2)!.blocks).toEqual(killer.blocks);
    expect(body(solve('killer', read.records![0]!.text))).toBe(body(solve('killer', EXAMPLES.killer)));
  });

  it("a Norinori's region ids alone: the first block is empty; Star Battle's stars come from a note", async () => {
    const nori = readRecord(EXAMPLES.norinori, 2)!;
    const ids = Array.from({ length: nori.rows }, (_, r) => nori.blocks[1]!.slice(r * nori.columns, (r + 1) * nori.columns).join(' '));
    const noriBytes = await workbook((wb) => put(wb.addWorksheet('N'), ids, 3, 3));
    const read = await readSpreadsheet(noriBytes, libs, { genre: 'norinori' });
    expect(readRecord(read.records![0]!.text, 2)!.blocks).toEqual(nori.blocks);
    const star = readRecord(EXAMPLES['star-battle'], 1)!;
    const starLines = Array.from({ length: star.rows }, (_, r) => star.blocks[0]!.slice(r * star.columns, (r + 1) * star.columns).join(' '));
    const csv = `${starLines.map((l) => l.replace(/ /g, ',')).join('\n')}\n\nStars per row: 1\n`;
    const starRead = await readSpreadsheet(new TextEncoder().encode(csv), libs, { fileName: 'star.csv', genre: 'star-battle' });
    expect(starRead.records![0]!.text.split('\n')[1]).toBe('6 6 1');
    const two = await readSpreadsheet(new TextEncoder().encode(csv.replace('Stars per row: 1', '2 stars')), libs, { fileName: 'star.csv', genre: 'star-battle' });
    expect(two.records![0]!.text.split('\n')[1]).toBe('6 6 2');
    // In words, as a title may say it (a user's session: read as 1 star).
    const words = await readSpreadsheet(new TextEncoder().encode(csv.replace('Stars per row: 1', 'Two stars per row, column and region')), libs, { fileName: 'star.csv', genre: 'star-battle' });
    expect(words.records![0]!.text.split('\n')[1]).toBe('6 6 2');
    const title = await readSpreadsheet(new TextEncoder().encode(csv.replace('Stars per row: 1', 'Star Battle: one of my favourites, 2 stars')), libs, { fileName: 'star.csv', genre: 'star-battle' });
    expect(title.records![0]!.text.split('\n')[1]).toBe('6 6 2');
  });

  it("a batch's results sheet reads back as its records, named by the name column", async () => {
    const rows = (['akari', 'nurikabe'] as const).map((id, k) => ({ name: `Puzzle ${k + 1}`, status: 'solved', ms: 2, puzzle: EXAMPLES.akari, solution: solve('akari', EXAMPLES.akari) }));
    for (const [bytes, fileName] of [
      [await resultsXlsx(rows, libs), 'results.xlsx'],
      [new TextEncoder().encode(resultsCsv(rows, libs)), 'results.csv'],
    ] as const) {
      const read = await readSpreadsheet(bytes, libs, { fileName, genre: 'akari' });
      expect(read.records!.map((r) => r.name)).toEqual(['Puzzle 1', 'Puzzle 2']);
      expect(read.records![0]!.text).toBe(EXAMPLES.akari.trim() + '\n');
    }
  });

  it("a results table's texts that would start a formula (a record's `=== name`) are written as text", async () => {
    const rows = [
      { name: '=HYPERLINK("http://x")', status: 'solved', ms: 2, puzzle: EXAMPLES.akari, solution: solve('akari', EXAMPLES.akari) },
      { name: '-5', status: 'solved', puzzle: EXAMPLES.akari },
    ];
    // CSV: a leading apostrophe, the convention spreadsheet programs take for text.
    const text = resultsCsv(rows, libs);
    const fields = libs.Papa.parse<string[]>(text).data.slice(1, 3).flat();
    expect(fields.filter((f) => /^[=+\-@]/.test(f))).toEqual([]);
    expect(fields[0]).toBe('\'=HYPERLINK("http://x")');
    expect(fields[5]!.startsWith("'=== ")).toBe(true); // the puzzle's column, after conflicts
    // .xlsx: strings (shared strings), never a formula.
    const bytes = await resultsXlsx(rows, libs);
    const sheetXml = new TextDecoder().decode(unzipSync(bytes)['xl/worksheets/sheet1.xml']!);
    expect(sheetXml).not.toContain('<f>');
    expect(/<c r="F2"[^>]* t="s"/.test(sheetXml)).toBe(true);
    // Each reads back as written: the name, and the record without the apostrophe.
    for (const [file, fileName] of [
      [new TextEncoder().encode(text), 'results.csv'],
      [bytes, 'results.xlsx'],
    ] as const) {
      const read = await readSpreadsheet(file, libs, { fileName, genre: 'akari' });
      expect(read.records!.map((r) => r.name), fileName).toEqual(['=HYPERLINK("http://x")', '-5']);
      expect(read.records![0]!.text).toBe(EXAMPLES.akari.trim() + '\n');
    }
  });
});

describe('the sheet cell of a place in the text made from it', () => {
  /** The engine's error for a record drawn, `where` included. */
  const refusal = (genre: string, text: string): { message: string; where: { line: number; column: number } } =>
    JSON.parse(module.handleRequest(JSON.stringify({ type: 'board', genre, puzzle: text }))).error;

  it('names the cell of a token the engine refuses, in a one-block record, in records one above the other and side by side, and in the second record of a file', async () => {
    // A CSV's field is text: 2.5 passes the sheet's reader, and the engine names its line.
    const csv = new TextEncoder().encode('My Hitori\n1,2,3,4\n2,2.5,4,1\n3,4,1,2\n4,1,2,3\n');
    const one = (await readSpreadsheet(csv, libs, { fileName: 'h d.csv', genre: 'hitori' })).records!;
    const e = refusal('hitori', one[0]!.text);
    expect([e.where.line, e.where.column]).toEqual([4, 4]); // its "."
    expect(sheetCellOfText(one, e.where.line, e.where.column)).toBe("'h d.csv'!B3");
    // The column anywhere in the token, and out of the blocks.
    expect(sheetCellOfText(one, 4, 5)).toBe("'h d.csv'!B3");
    expect(sheetCellOfText(one, 4, 7)).toBe("'h d.csv'!C3");
    expect(sheetCellOfText(one, 1, 1)).toBeNull();
    expect(sheetCellOfText(one, 2, 1)).toBeNull();
    // A Killer's cage ids below and beside its sums: the second block's cells.
    const sums = ['3 - 7 -', '7 - 3 -', '3 - 7 -', '7 - 3 -'];
    const cages = ['a a b b', 'c c d d', 'e e f f', 'g g h h'];
    for (const [row, column, cell] of [[7, 2, 'C7'], [2, 7, 'H2']] as const) {
      const bytes = await workbook((wb) => {
        const ws = wb.addWorksheet('K');
        put(ws, sums, 2, 2);
        put(ws, cages, row, column);
      });
      const records = (await readSpreadsheet(bytes, libs, { genre: 'killer' })).records!;
      // Line 7: the second block's first row; column 3: its second token.
      expect(sheetCellOfText(records, 7, 3), cell).toBe(`K!${cell}`);
      expect(sheetCellOfText(records, 3, 1), cell).toBe('K!B2');
    }
    // Two sheets, two records: the second's lines follow the first's.
    const two = await workbook((wb) => {
      put(wb.addWorksheet('A'), ['1 2 3 4', '2 3 4 1', '3 4 1 2', '4 1 2 3']);
      put(wb.addWorksheet('B b'), ['1 2 3 4', '2 3 4 1', '3 4 1 2', '4 1 2 3'], 3, 3);
    });
    const records = (await readSpreadsheet(two, libs, { genre: 'hitori' })).records!;
    expect(records.map((r) => r.text.split('\n').length - 1)).toEqual([6, 6]);
    expect(sheetCellOfText(records, 6, 7)).toBe('A!D4');
    expect(sheetCellOfText(records, 9, 1)).toBe("'B b'!C3");
    expect(sheetCellOfText(records, 13, 1)).toBeNull();
  });
});

describe('bad genre sheets', () => {
  it('names the cell of a note inside the block, a decimal, a date and a merged cell', async () => {
    const text = await failure(
      await workbook((wb) => {
        const ws = wb.addWorksheet('S');
        put(ws, ['1 - - 2', '- - - -', '- - - -', '3 - - 1']);
        ws.getCell('B2').value = 'a note';
      }),
      'nurikabe',
    );
    expect(text.message).toBe('S!B2 holds the text “a note”; a cell of the Nurikabe puzzle in A1:D4 holds a clue (an island’s size, ? for one unknown) or nothing.');
    expect(text).toMatchObject({ sheet: 'S', cell: 'B2' });
    const decimal = await failure(
      await workbook((wb) => {
        const ws = wb.addWorksheet('S');
        put(ws, ['1 - - 2', '- - - -', '- - - -', '3 - - 1']);
        ws.getCell('C3').value = 2.5;
      }),
      'hitori',
    );
    expect(decimal.message).toBe('S!C3 holds 2.5, not a whole number from 0 up; a cell of the Hitori puzzle in A1:D4 holds a number.');
    // Each genre's words say what its cells hold, not x and region ids it has not: a
    // digit genre's givens, Killer's sums and cages.
    const words = async (genre: string, rows: string[], cell: string, value: number | string): Promise<string> =>
      (
        await failure(
          await workbook((wb) => {
            const ws = wb.addWorksheet('S');
            put(ws, rows);
            ws.getCell(cell).value = value;
          }),
          genre,
        )
      ).message;
    expect(await words('latin-square', ['1 - - 2', '- - - -', '- - - -', '3 - - 1'], 'C3', 2.5)).toBe(
      'S!C3 holds 2.5, not a whole number from 0 up; a cell of the Latin square puzzle in A1:D4 holds a given (a number from 1 to the side), or 0 or nothing when empty.',
    );
    expect(await words('jigsaw', ['1 - - 2', '- - - -', '- - - -', '3 - - 1', '', 'a a b b', 'a a b b', 'c c d d', 'c c d d'], 'B2', 'a note')).toBe(
      'S!B2 holds the text “a note”; a cell of the Jigsaw Sudoku puzzle in A1:D9 holds a given (a number from 1 to the side), or 0 or nothing when empty (below, a region id).',
    );
    // Every genre's words are its own: none says the generic tokens.
    for (const genre of GENRES.filter((g) => g.id !== 'sudoku')) {
      const said = await words(genre.id, ['1 - - 2', '- - - -', '- - - -', '3 - - 1', '', 'a a b b', 'a a b b', 'c c d d', 'c c d d'], 'A1', 'a b');
      expect(said, genre.id).toMatch(new RegExp(`^S!A1 holds the text “a b”; a cell of the ${genre.title.replace(/[()]/g, '\\$&')} puzzle in A1:[A-Z]\\d holds `));
      expect(said, genre.id).not.toContain('one token');
    }
    expect(await words('killer', ['3 - - 2', '- - - -', '- - - -', '3 - - 1', '', 'a a b b', 'a a b b', 'c c d d', 'c c d d'], 'A1', -3)).toBe(
      'S!A1 holds -3, not a whole number from 0 up; a cell of the Killer Sudoku puzzle in A1:D9 holds a cage sum or nothing (below, a cage id).',
    );
    const date = await failure(
      await workbook((wb) => {
        const ws = wb.addWorksheet('S');
        put(ws, ['1 - - 2', '- - - -', '- - - -', '3 - - 1']);
        ws.getCell('D2').value = new Date(2026, 0, 1);
      }),
      'akari',
    );
    expect(date.message).toContain('S!D2 holds a date');
    const merged = await failure(
      await workbook((wb) => {
        const ws = wb.addWorksheet('S');
        put(ws, ['1 - - 2', '- - - -', '- - - -', '3 - - 1']);
        ws.mergeCells('B2:C2');
      }),
      'shikaku',
    );
    expect(merged.message).toContain('S!B2:C2 is a merged cell');
  });

  it("a square genre's borderless block missing its empty last row or column: read at the other rows' width at A1, else refused with its cells", async () => {
    const lines = ['1 - - -', '- 2 - 4', '- - 3 -'];
    const lastRowEmpty = await workbook((wb) => put(wb.addWorksheet('X'), lines));
    const read = await readSpreadsheet(lastRowEmpty, libs, { fileName: 'x.xlsx', genre: 'latin-square' });
    expect(read.records![0]).toMatchObject({ range: 'A1:D4', rows: 4, columns: 4 });
    expect(read.records![0]!.text.split('\n').slice(1, 6)).toEqual(['4 4', '1 - - -', '- 2 - 4', '- - 3 -', '- - - -']);
    // Its last column empty instead (the rows of 3 tokens, 4 of them).
    const lastColumnEmpty = await workbook((wb) => put(wb.addWorksheet('X'), ['1 - -', '- 2 -', '- - 3', '- 1 -']));
    expect((await readSpreadsheet(lastColumnEmpty, libs, { genre: 'sudoku-x' })).records![0]).toMatchObject({ range: 'A1:D4', rows: 4, columns: 4 });
    // Under a title, its empty row could be above or below it: refused, with its cells.
    const titled = await workbook((wb) => {
      const ws = wb.addWorksheet('Week 1');
      ws.getCell('A1').value = 'Latin square of the week';
      put(ws, lines, 3, 2);
    });
    const refused = await failure(titled, 'latin-square');
    expect(refused.message).toBe(
      "'Week 1': the cells B3:E5 are 3 rows by 4 columns, but a Latin square is square: its empty row above or below them cannot be placed; write 0 in a cell of each empty row, or draw the grid's borders.",
    );
    expect(refused).toMatchObject({ sheet: 'Week 1', cell: 'B3:E5' });
    // With a 0 in the empty row, it is read at its size.
    const zero = await workbook((wb) => {
      const ws = wb.addWorksheet('Week 1');
      ws.getCell('A1').value = 'Latin square of the week';
      put(ws, [...lines, '- - - 0'], 3, 2);
    });
    expect((await readSpreadsheet(zero, libs, { genre: 'latin-square' })).records![0]).toMatchObject({ range: 'B3:E6', rows: 4, columns: 4 });
  });

  it('a Killer without a full block of cage ids, an empty sheet, and an unknown genre', async () => {
    const killer = await failure(
      await workbook((wb) => put(wb.addWorksheet('K'), ['9 - 8 3', '- 7 - -', '4 - - 9', '- - - -'])),
      'killer',
    );
    expect(killer.message).toBe(
      'K: the cells A1:D3 are not the two blocks of a Killer Sudoku record: the second block (the cage ids, every cell filled) goes below the first, one empty row between, or right of it, one empty column between.',
    );
    const words = await failure(await workbook((wb) => (wb.addWorksheet('T').getCell('A1').value = 'hello there')), 'hitori');
    expect(words.message).toBe(
      'T has no Hitori puzzle (its first cell with content, A1, holds the text “hello there”); a puzzle is a block of cells, each holding a number, or a whole record in one cell per row.',
    );
    const empty = await failure(await workbook((wb) => wb.addWorksheet('E')), 'akari');
    expect(empty.message).toContain('E is empty');
    const unknown = await failure(new TextEncoder().encode('1,2\n3,4\n'), 'masyu', 'x.csv');
    expect(unknown.message).toContain('There is no genre “masyu”');
  });

  it('a block the engine refuses is refused there, with the line: the record stays as typed', async () => {
    const read = await readSpreadsheet(new TextEncoder().encode('1,x\n2,3\n'), libs, { fileName: 'h.csv', genre: 'hitori' });
    const r = JSON.parse(module.handleRequest(JSON.stringify({ type: 'solve', genre: 'hitori', puzzle: read.records![0]!.text })));
    expect(r.error?.message).toMatch(/x/);
  });
});
