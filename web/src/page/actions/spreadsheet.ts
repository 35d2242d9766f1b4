// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Spreadsheets on the Sudoku page (issue #26, items 1 and 2): a loaded .xlsx or .csv is
 * read in the worker (web/src/sheets/, exceljs and Papa Parse fetched on first use), its
 * one puzzle put on the board or its many solved as a batch named by sheet and range;
 * the board and a batch's results are saved as .xlsx or .csv. Fetched on the first
 * spreadsheet, so a first solve does not download it.
 */
import type { PuzzleFields, ResultRow, SheetPuzzle, SpreadsheetPuzzles } from '../../solver/protocol';
import { gridOf, puzzleText } from '../../lib/grid';
import { displaySymbol, plural } from '../format';
import type { Page } from '../app/page';
import { saveBlob } from '../shared';
import { skippedKinds } from '../../sheets/left-out';

/** How the page hands a spreadsheet's puzzles on: one to the board, many as a batch. */
export interface SpreadsheetSink {
  /** Load one puzzle's text onto the board; `source` names the file and range. */
  loadText(text: string, source: string, fields: PuzzleFields): Promise<void>;
  /**
   * Solve many puzzles (one line each) as a batch, each named by `names`; `skipped`: the
   * reading's, whose refused sheets and rows are rows of the results table at their places.
   */
  runBatch(text: string, source: string, names: string[], fields: PuzzleFields, skipped: SpreadsheetPuzzles['skipped']): Promise<void>;
}

/**
 * Read `file` as a spreadsheet in the worker and hand its puzzles on.
 *
 * @param page the page (its client, jobs and status line)
 * @param file the chosen file (its size already checked)
 * @param sink where one puzzle or a batch goes
 */
export async function loadSpreadsheet(page: Page, file: File, sink: SpreadsheetSink): Promise<void> {
  const { jobs, client } = page;
  let puzzles: SheetPuzzle[] = [];
  let skipped: SpreadsheetPuzzles['skipped'] = [];
  const stops = jobs.stops;
  await jobs.run('parse', `Reading ${file.name} as a spreadsheet…`, async () => {
    const read = await client.readSpreadsheet(await file.arrayBuffer(), file.name);
    puzzles = read.puzzles;
    skipped = read.skipped;
  });
  if (puzzles.length === 0 || stops !== jobs.stops) return; // the error is shown
  const sizes = [...new Set(puzzles.map((p) => p.size))];
  if (sizes.length > 1) {
    jobs.setStatus(
      `${file.name} holds puzzles of ${sizes.map((n) => `${n}×${n}`).join(' and ')}; a batch has one size: save each size in a file of its own.`,
      'error',
    );
    return;
  }
  // Boxes of another shape than the usual (a 6×6 in boxes of 3×2), as the block's thick
  // borders draw them: a batch has one shape.
  const boxes = [...new Set(puzzles.map((p) => (p.boxHeight ? `${p.boxHeight}×${p.boxWidth}` : 'usual')))];
  if (boxes.length > 1) {
    jobs.setStatus(
      `${file.name} holds puzzles whose thick borders draw boxes of ${boxes.map((b) => (b === 'usual' ? 'the usual shape' : b)).join(' and ')}; a batch has one box shape: save each in a file of its own.`,
      'error',
    );
    return;
  }
  // Sheets of notes are passed over; what could not be read is said, each with its cell
  // (each reason is a sentence, ending with its full stop).
  const { empty, hidden, refused } = skippedKinds(skipped);
  const skippedNote =
    (empty.length > 0 ? ` Skipped ${plural(empty.length, 'sheet')} without a puzzle: ${empty.join(', ')}.` : '') +
    (hidden.length > 0 ? ` Left out ${plural(hidden.length, 'hidden sheet')} (unhide to read): ${hidden.join(', ')}.` : '') +
    (refused.length > 0 ? ` Left out what could not be read: ${refused.join(' ')}` : '');
  // After the status that loaded or solved the puzzles.
  const tellSkipped = (): void => {
    if (skippedNote) page.el.status.textContent += skippedNote;
    if (refused.length > 0 && page.el.status.dataset.kind !== 'error') page.el.status.dataset.kind = 'warning';
  };
  const first = puzzles[0]!;
  // The text is made here: its size and symbols are known, whatever the page's settings.
  // One puzzle written 0–F goes to the board as such, which then shows it in 0–F.
  const hex = puzzles.length === 1 && first.symbols === 'hex';
  const fields: PuzzleFields = {
    size: first.size,
    symbols: hex ? 'hex' : 'digits',
    ...(first.boxHeight ? { boxHeight: first.boxHeight, boxWidth: first.boxWidth! } : {}),
  };
  if (puzzles.length === 1) {
    const text = hex ? first.grid.flat().map((v) => displaySymbol(v, true) || '.').join('') : puzzleText(first.grid).puzzle;
    // "'Week 1'!B3:J11 in week.xlsx"; a CSV's sheet is the file ("p.csv!A1:I9").
    await sink.loadText(text, first.sheet === file.name ? first.name : `${first.name} in ${file.name}`, fields);
    tellSkipped();
    return;
  }
  // The sheets and rows left out are said here, after the batch's own status: they are
  // not lines of its text.
  await sink.runBatch(
    puzzles.map((p) => puzzleText(p.grid).puzzle).join('\n'),
    file.name,
    puzzles.map((p) => p.name),
    fields,
    skipped,
  );
  tellSkipped();
}

/**
 * Save the board (givens, and the solution when one is shown) as .xlsx or .csv.
 *
 * @param page the page (board, client, status line)
 * @param format the file type
 */
export async function saveBoard(page: Page, format: 'xlsx' | 'csv'): Promise<void> {
  const { board, client, jobs } = page;
  const { size, boxHeight, boxWidth } = board.shape;
  const solution = board.getSolution();
  try {
    const file = await client.writeSpreadsheet(format, {
      grid: { size, boxHeight, boxWidth, givens: gridOf(board.getGivens(), size), ...(solution ? { solution: gridOf(solution, size) } : {}) },
    });
    const name = `gridmilp-${solution ? 'solution' : 'puzzle'}.${format}`;
    saveBlob(new Blob([file.bytes as BlobPart], { type: file.mimeType }), name);
    // A CSV file is values alone: no bold, colour or borders to speak of.
    jobs.setStatus(
      format === 'xlsx'
        ? `Saved ${name}: ${solution ? 'givens bold, solved digits blue' : 'the givens'}, box borders drawn.`
        : `Saved ${name}: ${solution ? 'the solution' : 'the givens'}, one row of the grid a line (plain values: CSV has no bold or colour).`,
      'ok',
    );
  } catch (e) {
    jobs.showError(e, false);
  }
}

/**
 * Save a batch's results, one row per puzzle (name, status, ms, nodes, conflicts, puzzle, solution).
 *
 * @param page the page (client, status line)
 * @param format the file type
 * @param rows the results
 * @param name the file's name (saved-name.ts savedName: "p096_sudoku-results.xlsx")
 */
export async function saveResults(page: Page, format: 'xlsx' | 'csv', rows: ResultRow[], name = `gridmilp-results.${format}`): Promise<void> {
  try {
    const file = await page.client.writeSpreadsheet(format, { results: rows });
    saveBlob(new Blob([file.bytes as BlobPart], { type: file.mimeType }), name);
  } catch (e) {
    page.jobs.showError(e, false);
  }
}
