// SPDX-License-Identifier: GPL-3.0-or-later
/** The genre page's spreadsheets: load puzzles from one, save a puzzle or Solve all's results. */
import { GENRE_TITLES, RECORD_PARAMETER } from '../../../solver/genre';
import type { ErrorWhere, RecordSheet, ResultRow, SheetRecord, SpreadsheetPuzzles } from '../../../solver/protocol';
import { namesOfRecords, refusedRows, skippedKinds, type LeftOutRow } from '../../../sheets/left-out';
import { sheetCellOfText } from '../../../sheets/text-cell';
import { savedName } from '../../saved-name';
import { saveBlob } from '../../shared';
import { errorMessage, type GenreContext } from '../context';
import { EDITING } from '../editing';
import { readRecord } from '../record';

/**
 * Loads a spreadsheet's puzzles of this genre (web/src/sheets/records.ts, read in the
 * worker) as the puzzle text: one record per puzzle, named by sheet and range. A bad
 * cell is named and the text is kept.
 *
 * @param ctx the genre page (context.ts)
 * @param file the chosen .xlsx, .xlsm, .csv or .tsv file (its size already checked)
 */
export async function loadSpreadsheet(ctx: GenreContext, file: File): Promise<void> {
  let records: SheetRecord[] | null = null;
  let skipped: SpreadsheetPuzzles['skipped'] = [];
  await ctx.jobs.run(
    'parse',
    `Reading ${file.name} as a spreadsheet…`,
    async () => {
      const read = await ctx.client.readSpreadsheet(await file.arrayBuffer(), file.name, undefined, ctx.genre);
      records = read.records ?? [];
      skipped = read.skipped;
    },
    (e) => ctx.say(errorMessage(e), 'error'),
  );
  // Set by the job's body (TypeScript does not see the closure assign it).
  const loaded = records as SheetRecord[] | null;
  if (loaded === null) return;
  ctx.text.value = loaded.map((r) => r.text).join('');
  ctx.openedFile = { text: ctx.text.value, name: file.name };
  const before = ctx.parsed;
  const earlier = ctx.lastError;
  await ctx.readText();
  // The engine refused the text, or the record drawn (a token a sheet's reader lets
  // through, as 2.5 in a CSV's text), said as an error (not the warnings of a Kakuro or
  // a map being drawn): said again by the cell it came from when it names a line, and
  // the file is not said loaded. An error of a request before (none was made: Back, or
  // the solver busy) is not this file's.
  const refusal = ctx.lastError !== earlier && ctx.jobs.controls.status.dataset.kind === 'error' ? ctx.lastError : null;
  if (refusal !== null && ctx.text.value === ctx.openedFile?.text) {
    const said = cellMessage(refusal.message, refusal.where, loaded);
    if (said !== null) ctx.say(`Read ${file.name}, but ${said}`, 'error');
  }
  if (ctx.parsed === before) return; // no record could be read (said), or Back or Forward came first
  // What did not read, as rows of Solve all's results table, as the CLI's has them.
  ctx.sheetLeftOut = {
    text: ctx.textRead, // the text read, whose records Solve all solves (the box may be edited meanwhile)
    rows: amongRecords(refusedRows(skipped), loaded, [...ctx.parsed.puzzles, ...(ctx.parsed.refused ?? [])]),
    names: namesOfRecords(loaded, false),
  };
  if (refusal !== null) return;
  // Each with the size read, which shows a block read short of an empty edge row or
  // column (no borders to place it: a user's 10×10 Nurikabe read as 10×9, then infeasible).
  const names = loaded.slice(0, 5).map((r) => `${r.name}, ${r.rows}×${r.columns}`);
  // Sheets of notes are passed over; a sheet whose puzzle could not be read is said.
  const kinds = skippedKinds(skipped);
  const { empty, hidden } = kinds;
  // Records of the sheets the engine could not read (a cage's sum no cell can hold…),
  // named as the text's are ("BadSum!A1:F13: …").
  const refused = [
    ...kinds.refused,
    ...(ctx.parsed.refused ?? []).map((k) => {
      const said = cellMessage(k.error.message, k.error.where, loaded);
      return said ?? (k.error.message.startsWith(`${k.name} (`) ? k.error.message : `${k.name}: ${k.error.message}`);
    }),
  ];
  ctx.say(
    `Loaded ${loaded.length === 1 ? 'the puzzle' : `${loaded.length} puzzles`} from ${file.name} (${names.join('; ')}${loaded.length > 5 ? '; …' : ''})` +
      (empty.length > 0 ? `; skipped ${empty.join(', ')}: no puzzle` : '') +
      (hidden.length > 0 ? `; left out the hidden ${hidden.join(', ')} (unhide to read)` : '') +
      (loaded.length > 1 ? '. Solve all solves them in turn.' : '.') +
      (refused.length > 0 ? ` Left out what could not be read: ${refused.join(' ')}` : '') +
      // The draw's warnings, which this line replaces (a user's session: a Star Battle
      // read as 1 star was solved without a word).
      (ctx.drawnWarnings.length > 0 ? ` Warning: ${ctx.drawnWarnings.join('; ')}.` : ''),
    refused.length > 0 || ctx.drawnWarnings.length > 0 ? 'warning' : 'success',
  );
}

/**
 * An engine message that names a line and column of the text made from `records`, said
 * by the sheet cell that place came from (web/src/sheets/text-cell.ts): "'week.csv'!B2
 * does not read: expected a number or -, found '2.5' (line 4, column 4 of the text)".
 *
 * @param message the engine's message ("line 4, column 4: expected …")
 * @param where the engine's place of it
 * @param records the records whose texts, joined, are the text
 * @returns the message by its cell, or null when it names no cell of the sheet
 */
function cellMessage(message: string, where: ErrorWhere | undefined, records: readonly SheetRecord[]): string | null {
  if (where?.line === undefined || where.column === undefined) return null;
  const cell = sheetCellOfText(records, where.line, where.column);
  if (cell === null) return null;
  const said = `line ${where.line}, column ${where.column}`;
  const reason = message.startsWith(`${said}: `) ? message.slice(said.length + 2) : message;
  return `${cell} does not read: ${reason.replace(/\.$/, '')} (${said} of the text).`;
}

/**
 * `leftOut` placed among the records of the text instead of the spreadsheet's: `at`
 * counts the spreadsheet's records (web/src/sheets/read.ts), and the text's records are
 * its puzzles and those the engine refused (ParsedList `refused`), which Solve all lists
 * in line order (actions/batch.ts). Placed by the line of the text each record starts on.
 *
 * @param leftOut rows placed among `records`
 * @param records the spreadsheet's records, whose texts joined are the text
 * @param parsed the text's records as the engine's parse listed them, puzzles and refused
 * @returns `leftOut` with each `at` the count of `parsed` records before its place
 */
function amongRecords(
  leftOut: LeftOutRow<ResultRow>[],
  records: readonly { text: string }[],
  parsed: readonly { line: number }[],
): LeftOutRow<ResultRow>[] {
  const starts: number[] = [];
  let line = 1;
  for (const record of records) {
    starts.push(line);
    line += record.text.split('\n').length - 1;
  }
  return leftOut.map(({ at, row }) => {
    const start = starts[at] ?? Infinity;
    return { at: parsed.filter((p) => p.line < start).length, row };
  });
}

/**
 * Saves the shown puzzle as .xlsx or .csv: its blocks of tokens and, when the last
 * Solve answered it, the answer below a row "Solution" (web/src/sheets/write.ts).
 *
 * @param ctx the genre page (context.ts)
 * @param format the file type
 */
export async function saveSheet(ctx: GenreContext, format: 'xlsx' | 'csv'): Promise<void> {
  const index = Number(ctx.pick.value || '1');
  const record = readRecord(ctx.ownText(index - 1), EDITING[ctx.genre].blocks);
  if (record === null) {
    ctx.say('Save .xlsx needs the puzzle in the record layout (a size line, then its rows): press Draw to check the text.', 'error');
    return;
  }
  const answer = ctx.answer !== null && ctx.answer.puzzle === ctx.text.value && ctx.answer.index === index ? readRecord(ctx.answer.text, 1) : null;
  const word = RECORD_PARAMETER[ctx.genre];
  const regions = EDITING[ctx.genre].regionBlock ?? (ctx.genre === 'killer' ? 1 : undefined);
  const sheet: RecordSheet = {
    title: GENRE_TITLES[ctx.genre],
    rows: record.rows,
    columns: record.columns,
    blocks: record.blocks,
    ...(regions === undefined ? {} : { regions }),
    ...(ctx.genre === 'killer' ? { givens: null } : {}), // its first block holds cage sums
    ...(record.parameter !== undefined && word ? { parameter: { value: record.parameter, word } } : {}),
    ...(answer ? { solution: answer.blocks[0]! } : {}),
  };
  try {
    const file = await ctx.client.writeSpreadsheet(format, { record: sheet });
    const name = `${ctx.genre}-${answer ? 'solution' : 'puzzle'}.${format}`;
    saveBlob(new Blob([file.bytes as BlobPart], { type: file.mimeType }), name);
    ctx.say(`Saved ${name}: the puzzle${answer ? ', and its answer below it' : ' (solve it first to save the answer too)'}.`, 'success');
  } catch (e) {
    ctx.say(errorMessage(e), 'error');
  }
}

/**
 * Saves the last Solve all as a table (name, status, ms, nodes, conflicts, record, answer).
 *
 * @param ctx the genre page (context.ts)
 * @param format the file type
 */
export async function saveResults(ctx: GenreContext, format: 'xlsx' | 'csv'): Promise<void> {
  if (ctx.resultRows.length === 0) return;
  try {
    const file = await ctx.client.writeSpreadsheet(format, { results: ctx.resultRows });
    saveBlob(new Blob([file.bytes as BlobPart], { type: file.mimeType }), savedName(ctx.batchOf?.file, 'results', format, ctx.genre));
  } catch (e) {
    ctx.say(errorMessage(e), 'error');
  }
}
