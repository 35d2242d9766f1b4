// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The rows of a results table for what was left out before a batch (a workbook's sheets
 * and rows whose puzzle does not read), put among the puzzles' rows at their places, as
 * the C++ CLI lists a line of text it cannot read: one merge for the npm CLI
 * (lib/sheet-cli.ts), the Sudoku page's batch panel (page/batch.ts) and the genre page's
 * Solve all (page/genre/actions/batch.ts).
 */
import type { ResultRow, SpreadsheetPuzzles } from '../solver/protocol/spreadsheets.js';

/** A row for something left out, to go before the puzzle at `at` (0-based; past the end: after the last). */
export interface LeftOutRow<T> {
  at: number;
  row: T;
}

/**
 * `rows` with each of `leftOut` inserted at its place, in input order (those of one place
 * in the order given).
 *
 * @param rows one row per puzzle, in order (a puzzle without a row, such as one a
 *   stopped batch did not end, keeps its place as `undefined`, to be dropped after)
 * @param leftOut the rows left out, each with its place among `rows`
 * @returns a new array of rows.length + leftOut.length rows
 */
export function withLeftOut<T>(rows: readonly T[], leftOut: readonly LeftOutRow<T>[]): T[] {
  const sorted = [...leftOut].sort((a, b) => a.at - b.at);
  const out: T[] = [];
  let k = 0;
  rows.forEach((row, i) => {
    for (; k < sorted.length && sorted[k]!.at <= i; k++) out.push(sorted[k]!.row);
    out.push(row);
  });
  for (; k < sorted.length; k++) out.push(sorted[k]!.row);
  return out;
}

/**
 * The results-table rows of what a spreadsheet's reading refused (the `skipped` entries
 * with `refused`: a sheet or row whose puzzle does not read, or has no given), each at
 * its place (`at`), as the C++ CLI writes a line of text it cannot read: named by its
 * row's name cell (`name`) or else its sheet, status `error: ` and the reason (which names the cell), no puzzle. Sheets
 * without a puzzle (`refused` false) get no row. One source for the CLI and the pages.
 *
 * @param skipped readSpreadsheet's `skipped`
 * @returns rows for {@link withLeftOut}, in the order given
 */
export function refusedRows(skipped: SpreadsheetPuzzles['skipped']): LeftOutRow<ResultRow>[] {
  return skipped.filter((k) => k.refused).map((k) => ({ at: k.at, row: { name: k.name ?? k.sheet, status: `error: ${k.reason}`, puzzle: '' } }));
}

/** What a spreadsheet's reading left out, by kind (each reader says them in its own words). */
export interface SkippedKinds {
  /** Visible sheets without a puzzle (notes, an empty sheet), by name. */
  empty: string[];
  /** Hidden sheets (an answer key), by name: left out unless asked for by name. */
  hidden: string[];
  /** What holds a puzzle that does not read: each reason, a sentence naming its sheet and cell. */
  refused: string[];
}

/**
 * readSpreadsheet's `skipped` split by kind, for what the npm CLI (lib/sheet-cli.ts), the
 * Sudoku page (page/actions/spreadsheet.ts) and the genre page (page/genre/actions/sheets.ts)
 * say of a workbook after loading it.
 *
 * @param skipped readSpreadsheet's `skipped`, in the workbook's order
 * @returns the sheets and reasons of each kind, in that order
 */
export function skippedKinds(skipped: readonly Pick<SpreadsheetPuzzles['skipped'][number], 'sheet' | 'refused' | 'hidden' | 'reason'>[]): SkippedKinds {
  return {
    empty: skipped.filter((k) => !k.refused && !k.hidden).map((k) => k.sheet),
    hidden: skipped.filter((k) => k.hidden).map((k) => k.sheet),
    refused: skipped.filter((k) => k.refused).map((k) => k.reason),
  };
}

/**
 * Maps the ids of a genre's records in the text read (`=== 'Week_1'!A1:F13`: the engine
 * takes a header's first word for the name, so records.ts writes the name without
 * spaces) back to the names they stand for (`'Week 1'!A1:F13`), as the rest of the
 * output and the results' name column say them: the npm CLI (lib/sheet-cli.ts) and the
 * genre page's Solve all (page/genre/actions/batch.ts) alike.
 *
 * @param records the records read, each with its name and text
 * @param json whether the output is JSON (a name is then written as inside a JSON string)
 * @returns the mapping over a text, or null when every id is its name (no sheet name
 *   with spaces); an id two names share is left as it is
 */
export function namesOfRecords(records: readonly { name: string; text: string }[], json: boolean): ((text: string) => string) | null {
  const byId = new Map<string, string | null>();
  for (const r of records) {
    const id = /^===\s*(\S+)/.exec(r.text)?.[1];
    // Only an id records.ts made of its name (recordId); a record with a header of its
    // own ("=== 1" beside a label "Monday") keeps its id, which must not become the
    // label wherever a "1" stands.
    if (id === undefined || id !== recordId(r.name)) continue;
    // A name written as another's id ('a_b' and 'a b') leaves that id as it is.
    byId.set(id, byId.has(id) && byId.get(id) !== r.name ? null : r.name);
  }
  const ids = [...byId.keys()].filter((id) => byId.get(id) !== null && byId.get(id) !== id).sort((a, b) => b.length - a.length);
  if (ids.length === 0) return null;
  // Whole ids only, not inside a longer token.
  const pattern = new RegExp(`(?<![\\w'!])(?:${ids.map(escapedForRegExp).join('|')})(?![\\w'!])`, 'g');
  return (text) =>
    text.replace(pattern, (id) => {
      const name = byId.get(id)!;
      return json ? JSON.stringify(name).slice(1, -1) : name;
    });
}

/**
 * The id of a genre record's `===` line for a record named `name` (records.ts writes
 * it): the name with each run of white space as `_`, since the engine takes a header's
 * first word for the name ('Week 2'!A1:F6 → 'Week_2'!A1:F6).
 */
export function recordId(name: string): string {
  return name.replace(/\s+/g, '_');
}

/** `text` with the characters a regular expression gives a meaning escaped. */
export function escapedForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
