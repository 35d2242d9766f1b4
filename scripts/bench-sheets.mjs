// SPDX-License-Identifier: GPL-3.0-or-later
//
// Benchmark of spreadsheet reading and writing (figures, not a test), in Node with the
// code the page's worker runs (web/src/sheets/, compiled into lib/ by tsc when stale):
// a sheet of 1,000 puzzles one per row (sudoku17_last1000 from ../shared/data, else
// gridmilp's stand-in tests/data/sudoku/minimal1000.txt) as .xlsx and .csv, and the
// same puzzles as 1,000 rows of the results table; then a workbook of 100 sheets, each
// one 9×9 block; then the same for a genre's records (Nurikabe). Each figure is the
// median of 5 reads (after one warm-up), in ms.
//
// Usage: node scripts/bench-sheets.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const compiled = resolve(root, 'lib/src/sheets/read.js');
const stale = !existsSync(compiled) || statSync(resolve(root, 'web/src/sheets/read.ts')).mtimeMs > statSync(compiled).mtimeMs;
if (stale) {
  const tsc = spawnSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', resolve(root, 'tsconfig.package.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) process.exit(1);
}
const { readSpreadsheet } = await import(resolve(root, 'lib/src/sheets/read.js'));
const { gridXlsx, resultsCsv, resultsXlsx } = await import(resolve(root, 'lib/src/sheets/write.js'));
const { loadSpreadsheetLibraries } = await import(resolve(root, 'lib/src/sheets/libraries.js'));

const shared = resolve(process.env.GRIDMILP_DATA_DIR ?? resolve(root, '../shared/data'), 'sudoku17_last1000.txt');
const source = existsSync(shared) ? shared : resolve(root, 'tests/data/sudoku/minimal1000.txt');
const lines = readFileSync(source, 'utf8')
  .split(/\r?\n/)
  .map((l) => l.trim())
  .filter((l) => l.length === 81)
  .slice(0, 1000)
  .map((l) => l.replace(/0/g, '.'));
const libraries = await loadSpreadsheetLibraries();

async function timed(label, bytes, fileName, expected, genre) {
  const times = [];
  for (let run = 0; run < 6; run++) {
    const start = performance.now();
    const read = await readSpreadsheet(bytes, libraries, { fileName, ...(genre ? { genre } : {}) });
    const ms = performance.now() - start;
    const found = genre ? read.records.length : read.puzzles.length;
    if (found !== expected) throw new Error(`${label}: ${found} puzzles, not ${expected}`);
    if (run > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(44)} ${String(bytes.length).padStart(9)} bytes  read ${times[2].toFixed(1).padStart(7)} ms`);
}

console.log(`spreadsheets: ${lines.length} puzzles of ${source.replace(/^.*\//, '')}, Node ${process.version}`);
const rows = lines.map((puzzle, k) => ({ name: `Puzzle ${k + 1}`, status: 'solved', ms: 0.2, nodes: 0, puzzle }));
let start = performance.now();
const xlsx = await resultsXlsx(rows, libraries);
console.log(`  write the 1,000-row results table as .xlsx: ${(performance.now() - start).toFixed(1)} ms`);
start = performance.now();
const csv = new TextEncoder().encode(resultsCsv(rows, libraries));
console.log(`  write it as .csv: ${(performance.now() - start).toFixed(1)} ms`);
await timed('1,000 puzzles one per row (.xlsx)', xlsx, 'rows.xlsx', lines.length);
await timed('1,000 puzzles one per row (.csv)', csv, 'rows.csv', lines.length);

const { default: ExcelJS } = await import('exceljs');
const book = new ExcelJS.Workbook();
for (let s = 0; s < 100; s++) {
  const ws = book.addWorksheet(`P${s + 1}`);
  [...lines[s]].forEach((ch, i) => ch !== '.' && (ws.getCell(1 + Math.floor(i / 9), 1 + (i % 9)).value = Number(ch)));
}
await timed('100 sheets, one 9×9 block each (.xlsx)', new Uint8Array(await book.xlsx.writeBuffer()), 'sheets.xlsx', 100);
const one = await gridXlsx({ size: 9, boxHeight: 3, boxWidth: 3, givens: lines[0].match(/.{9}/g).map((r) => [...r].map((c) => (c === '.' ? 0 : Number(c)))) }, libraries);
await timed('one 9×9 grid as gridmilp saves it (.xlsx)', one, 'one.xlsx', 1);

// A genre: Nurikabe records (gridmilp's own, tests/data/puzzles/nurikabe.puzzles.txt),
// repeated to 1,000 rows of a results table (one record per cell), and 100 sheets of
// one block of tokens each.
const records = readFileSync(resolve(root, 'tests/data/puzzles/nurikabe.puzzles.txt'), 'utf8')
  .split(/^(?==== )/m)
  .filter((t) => t.startsWith('==='));
const genreRows = Array.from({ length: 1000 }, (_, k) => ({ name: `Nurikabe ${k + 1}`, status: 'solved', ms: 1, nodes: 0, puzzle: records[k % records.length] }));
console.log(`genre records: 1,000 rows from ${records.length} Nurikabe puzzles of tests/data/puzzles/nurikabe.puzzles.txt`);
await timed('1,000 Nurikabe records one per row (.xlsx)', await resultsXlsx(genreRows, libraries), 'rows.xlsx', 1000, 'nurikabe');
await timed('1,000 Nurikabe records one per row (.csv)', new TextEncoder().encode(resultsCsv(genreRows, libraries)), 'rows.csv', 1000, 'nurikabe');
const genreBook = new ExcelJS.Workbook();
for (let s = 0; s < 100; s++) {
  const ws = genreBook.addWorksheet(`N${s + 1}`);
  records[s % records.length]
    .trim()
    .split('\n')
    .slice(2)
    .forEach((line, r) => line.trim().split(/\s+/).forEach((t, c) => t !== '-' && (ws.getCell(1 + r, 1 + c).value = Number(t))));
  // The block's extent, drawn: a last row without a clue still belongs to it.
  const [rowsN, columnsN] = records[s % records.length].split('\n')[1].split(/\s+/).map(Number);
  for (let r = 1; r <= rowsN; r++) for (let c = 1; c <= columnsN; c++) ws.getCell(r, c).border = { top: { style: 'thin' } };
}
await timed('100 sheets, one Nurikabe block each (.xlsx)', new Uint8Array(await genreBook.xlsx.writeBuffer()), 'sheets.xlsx', 100, 'nurikabe');
