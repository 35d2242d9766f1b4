// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Reading puzzles from a spreadsheet file: .xlsx through exceljs (after fflate checked the
 * zip's index and rebuilt it, refusing bombs before anything is expanded), .csv (and
 * text with `;`, tab or `|` separators) through Papa Parse. The libraries come from the
 * caller ({@link SpreadsheetLibraries}), so the page fetches them on first use and the
 * npm package does not depend on them.
 */
import { unzipSync, zipSync } from 'fflate';
import type * as ExcelJSTypes from 'exceljs';
import type * as PapaTypes from 'papaparse';
import { NoPuzzleError, parseRange, sheetRef, SpreadsheetError, type SheetCell, type SheetTable } from './cells.js';
import type { SheetPuzzle, SheetRecord, SpreadsheetPuzzles } from '../solver/protocol/spreadsheets.js';
import { GENRES } from '../../generated/vocabulary.js';
import { genreIdOf } from '../solver/genre.js';
import { findPuzzles, numberOf, rowName } from './find.js';
import { SOLVED_COLOUR } from './write.js';
import { findRecords, type RecordLayout } from './records.js';

export type { SpreadsheetPuzzles };

/** The libraries a spreadsheet needs: exceljs for .xlsx, Papa Parse for .csv. */
export interface SpreadsheetLibraries {
  /** The exceljs module (its `Workbook` class is used). */
  ExcelJS: typeof ExcelJSTypes;
  /** Papa Parse's default export. */
  Papa: typeof PapaTypes;
}

/**
 * Most bytes an .xlsx may expand to (all its entries together): 16 MiB, about half a
 * million cells of sheet XML, which exceljs reads in a few hundred MB (3 million cells
 * took it 1.5 GB).
 */
export const MAX_EXPANDED_BYTES = 16 * 1024 * 1024;
/** Most entries in an .xlsx zip. */
export const MAX_ZIP_ENTRIES = 10_000;
/** Most sheets in a workbook. */
export const MAX_SHEETS = 1_000;
/** Most characters of a CSV file (64 Mi, as for puzzle text). */
export const MAX_CSV_LENGTH = 64 * 1024 * 1024;

/** Options of {@link readSpreadsheet}. */
export interface ReadSpreadsheetOptions {
  /** The file's name, for messages and a CSV's sheet name (default "the file"). */
  fileName?: string;
  /**
   * Read only this sheet: its name, or its 1-based position. Default: every sheet; a
   * sheet with no puzzle is then skipped and listed in `skipped`.
   */
  sheet?: string | number;
  /**
   * Read the records of this genre (any genre but `sudoku`; records.ts) instead of
   * Sudoku grids (find.ts).
   */
  genre?: string;
}

/**
 * Read the puzzles of a spreadsheet file.
 *
 * @param bytes the file's bytes
 * @param libraries exceljs and Papa Parse
 * @param options the file's name and which sheet
 * @returns every puzzle found, with its sheet and range: Sudoku grids in `puzzles`, or
 *   with `genre` the genre's records in `records` (`puzzles` then empty)
 * @throws SpreadsheetError `spreadsheet_error` for a genre that does not exist; `unsupported_file` for an encrypted (password-protected) or
 *   old .xls workbook, an .ods file, a corrupt zip or a CSV in UTF-16;
 *   `too_large` past {@link MAX_EXPANDED_BYTES}, {@link MAX_ZIP_ENTRIES},
 *   {@link MAX_SHEETS} or {@link MAX_CSV_LENGTH}; `spreadsheet_error` when no sheet
 *   holds a puzzle (the first sheet's reason: which cell holds what) or the chosen
 *   sheet does not exist (its `sheet` the one asked for, the message listing the file's)
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  libraries: SpreadsheetLibraries,
  options: ReadSpreadsheetOptions = {},
): Promise<SpreadsheetPuzzles> {
  const fileName = options.fileName ?? 'the file';
  // Before a sheet is looked for: an empty file has none ("'the file' is empty." named
  // a sheet of that name).
  if (bytes.length === 0) {
    const name = fileName === 'the file' ? 'The file' : fileName; // the default name, at a sentence's start
    throw new SpreadsheetError('unsupported_file', `${name} is empty (0 bytes): there is no spreadsheet to read.`);
  }
  let layout: RecordLayout | null = null;
  if (options.genre !== undefined && options.genre !== 'sudoku') {
    const id = genreIdOf(options.genre);  // an alias (lightup) reads as its genre
    const genre = GENRES.find((g) => g.id === id);
    if (!genre) {
      throw new SpreadsheetError('spreadsheet_error', `There is no genre “${options.genre}”; the genres: ${GENRES.map((g) => g.id).join(', ')}.`);
    }
    layout = {
      genre: genre.id,
      title: genre.title,
      blocks: genre.blocks,
      ...('parameter' in genre ? { parameter: genre.parameter } : {}),
      // A digit genre's givens (not Killer's sums): 0 is an empty cell.
      ...(genre.digits && genre.id !== 'killer' ? { zeroIsEmpty: true } : {}),
      // The digit genres are n×n (the engine refuses another size).
      ...(genre.digits ? { square: true } : {}),
    };
  }
  const kind = fileKind(bytes);
  if (kind === 'ole') {
    throw new SpreadsheetError(
      'unsupported_file',
      `${fileName} is a password-protected workbook or an old .xls file; gridmilp reads .xlsx without a password and .csv: remove the password or save it as .xlsx.`,
    );
  }
  let tables: SheetTable[];
  let format: 'xlsx' | 'csv';
  if (kind === 'zip') {
    tables = await xlsxTables(cleanZip(bytes, fileName), libraries.ExcelJS, fileName);
    format = 'xlsx';
  } else {
    tables = [csvTable(bytes, libraries.Papa, fileName)];
    format = 'csv';
  }
  if (options.sheet !== undefined) {
    const wanted = options.sheet;
    // By name first, then by position (a sheet may be named "2023").
    // Then by name in any case, as a spreadsheet program finds "Week 2" for "week 2".
    const table =
      typeof wanted === 'string'
        ? (tables.find((t) => t.name === wanted) ??
          tables.find((t) => t.name.toLowerCase() === wanted.toLowerCase()) ??
          (/^\d+$/.test(wanted) ? tables[Number(wanted) - 1] : undefined))
        : tables[wanted - 1];
    if (!table) {
      // `where.sheet` is the sheet asked for (its number as text), which is not there.
      throw new SpreadsheetError(
        'spreadsheet_error',
        `${fileName} has no sheet ${typeof wanted === 'number' ? `number ${wanted}` : /^\d+$/.test(wanted) ? `“${wanted}” nor a sheet number ${wanted}` : `“${wanted}”`}; its sheets: ${tables.map((t) => (t.hidden ? `${t.name} (hidden)` : t.name)).join(', ')}.`,
        { sheet: String(wanted) },
      );
    }
    tables = [table];
  }
  const puzzles: SheetPuzzle[] = [];
  const records: SheetRecord[] = [];
  const skipped: SpreadsheetPuzzles['skipped'] = [];
  let firstProblem: SpreadsheetError | null = null;
  for (const table of tables) {
    // A hidden sheet (an answer key, a scratch sheet) is not among what the workbook
    // shows: left out and said, unless asked for by name (a user's session).
    if (table.hidden && options.sheet === undefined) {
      skipped.push({
        sheet: table.name,
        reason: `${sheetRef(table.name)} is a hidden sheet: left out (unhide it, or choose it as the sheet to read, to read it).`,
        refused: false,
        at: layout ? records.length : puzzles.length,
        hidden: true,
      });
      continue;
    }
    const found = layout ? findRecords(table, layout) : findPuzzles(table);
    if ('problem' in found) {
      // A sheet of notes is passed over; a puzzle that cannot be read is the first told.
      if (firstProblem === null || (firstProblem instanceof NoPuzzleError && !(found.problem instanceof NoPuzzleError))) {
        firstProblem = found.problem;
      }
      const at = layout ? records.length : puzzles.length;
      skipped.push({ sheet: table.name, reason: found.problem.message, refused: !(found.problem instanceof NoPuzzleError), at });
    } else if ('records' in found) {
      // One push each: push(...found) passes each item as an argument, and a sheet of
      // 200,000 rows overflowed the stack (a user's session).
      for (const record of found.records) records.push(record);
    } else {
      // A row that could not be read goes among the sheet's puzzles by its row.
      const rowOf = (cell: string | undefined): number => (cell === undefined ? Infinity : (parseRange(cell)?.top ?? Infinity));
      for (const bad of found.badRows ?? []) {
        const before = found.puzzles.filter((p) => rowOf(p.range) < rowOf(bad.cell)).length;
        // A row's own name ("Bad char"), by which its results row is named.
        const at = parseRange(bad.cell ?? '');
        // else its cell, as a row that reads is named ("Batch!B3").
        const name = (at ? rowName(table, at.top, at.left) : undefined) ?? (bad.cell ? `${sheetRef(table.name)}!${bad.cell}` : undefined);
        skipped.push({ sheet: table.name, reason: bad.message, refused: true, at: puzzles.length + before, ...(name === undefined ? {} : { name }) });
      }
      for (const puzzle of found.puzzles) puzzles.push(puzzle);
      if (found.puzzles.length === 0 && found.badRows?.length) firstProblem ??= found.badRows[0]!;
    }
  }
  if (puzzles.length + records.length === 0) {
    if (firstProblem && tables.length === 1) throw firstProblem;
    const hidden = skipped.filter((k) => k.hidden).map((k) => k.sheet);
    const hiddenNote = hidden.length > 0 ? ` (left out, hidden: ${hidden.join(', ')}; unhide a sheet, or choose it as the sheet to read, to read it)` : '';
    throw new SpreadsheetError(
      'spreadsheet_error',
      `No sheet of ${fileName} holds a puzzle${hiddenNote}. ${firstProblem?.message ?? ''}`.trim(),
      firstProblem ? { sheet: firstProblem.sheet ?? '', ...(firstProblem.cell ? { cell: firstProblem.cell } : {}) } : {},
    );
  }
  return layout ? { format, puzzles, records, skipped } : { format, puzzles, skipped };
}

/** What the first bytes say: a zip (.xlsx, .ods), an OLE compound file (.xls, encrypted .xlsx), or text. */
function fileKind(bytes: Uint8Array): 'zip' | 'ole' | 'text' {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0x50 && b(1) === 0x4b && (b(2) === 3 || b(2) === 5) && (b(3) === 4 || b(3) === 6)) return 'zip';
  if (b(0) === 0xd0 && b(1) === 0xcf && b(2) === 0x11 && b(3) === 0xe0) return 'ole';
  return 'text';
}

/**
 * The zip checked and rebuilt before exceljs sees it. fflate reads the zip's index (the
 * central directory, which is what exceljs's JSZip reads too): more than
 * {@link MAX_ZIP_ENTRIES} entries, more than {@link MAX_SHEETS} sheets, or sizes that
 * add up past {@link MAX_EXPANDED_BYTES} are refused before anything is expanded. Each
 * entry is then expanded into a buffer of the size the index states (an entry that
 * expands further is cut there, so a lying index cannot make it larger), and the
 * entries are stored again, uncompressed, in a new zip: exceljs reads exactly what was
 * checked. An .ods (its `mimetype` entry) and a zip without `xl/workbook.xml` are
 * refused by name.
 *
 * @returns the rebuilt zip
 */
function cleanZip(bytes: Uint8Array, fileName: string): Uint8Array {
  const tooLarge = (what: string): SpreadsheetError =>
    new SpreadsheetError('too_large', `${fileName} ${what}; gridmilp refuses it before expanding it.`);
  const damaged = (e: unknown): SpreadsheetError =>
    new SpreadsheetError('unsupported_file', `${fileName} is a damaged zip (${e instanceof Error ? e.message : String(e)}); it is not a workbook gridmilp can read.`);
  let entries = 0;
  let sheets = 0;
  let total = 0;
  let workbook = false;
  let ods = false;
  let problem: SpreadsheetError | null = null;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        total += file.originalSize;
        if (file.name === 'xl/workbook.xml') workbook = true;
        if (/^xl\/worksheets\/[^/]+\.xml$/.test(file.name)) sheets++;
        if (file.name === 'mimetype' || file.name === 'content.xml') ods = true;
        if (entries > MAX_ZIP_ENTRIES) problem ??= tooLarge(`holds more than ${MAX_ZIP_ENTRIES.toLocaleString('en-US')} zip entries`);
        else if (sheets > MAX_SHEETS) problem ??= tooLarge(`holds more than ${MAX_SHEETS.toLocaleString('en-US')} sheets`);
        else if (total > MAX_EXPANDED_BYTES) problem ??= tooLarge(`says it expands to more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MiB`);
        return false; // the index only: nothing is expanded
      },
    });
  } catch (e) {
    throw damaged(e);
  }
  if (problem) throw problem;
  if (!workbook) {
    throw new SpreadsheetError(
      'unsupported_file',
      ods
        ? `${fileName} is an OpenDocument spreadsheet (.ods); gridmilp reads .xlsx and .csv: save it as .xlsx.`
        : `${fileName} is a zip without xl/workbook.xml, not an .xlsx workbook.`,
    );
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (e) {
    throw damaged(e);
  }
  for (const name of Object.keys(files)) {
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) files[name] = keepEmptyFormulaText(files[name]!);
  }
  return zipSync(files, { level: 0 });
}

/**
 * A formula's empty text kept: Excel and LibreOffice store `=IF(A1="","",A1)` that gives
 * "" as `<c t="str"><f>…</f><v></v></c>`, and exceljs drops the empty `<v>`, leaving the
 * cell as a formula with no cached value, which cellValue must refuse (a user's session:
 * a grid of such formulas was refused cell by cell). The empty value is written as one
 * space, which exceljs keeps and cellValue reads as an empty cell, as the spreadsheet
 * program shows it.
 *
 * @param xml a worksheet's XML (UTF-8), as the zip holds it
 * @returns the same bytes when no formula text is empty, else the XML rewritten
 */
function keepEmptyFormulaText(xml: Uint8Array): Uint8Array {
  // Most sheets have no formula text: those are neither decoded nor copied.
  if (!holdsBytes(xml, STR_DOUBLE) && !holdsBytes(xml, STR_SINGLE)) return xml;
  const text = new TextDecoder().decode(xml);
  const kept = text.replace(/(<c\b[^>]*\bt=(["'])str\2[^>]*>\s*<f\b[^>]*(?:\/>|>[^<]*<\/f>)\s*)<v\s*(?:\/>|>\s*<\/v>)/g, '$1<v> </v>');
  return kept === text ? xml : new TextEncoder().encode(kept);
}

/** A formula cell's type attribute for text, as bytes: `t="str"` and `t='str'`. */
const STR_DOUBLE = new TextEncoder().encode('t="str"');
const STR_SINGLE = new TextEncoder().encode("t='str'");

/** Whether `bytes` holds `pattern` anywhere (a byte search, nothing decoded). */
function holdsBytes(bytes: Uint8Array, pattern: Uint8Array): boolean {
  const last = bytes.length - pattern.length;
  for (let at = bytes.indexOf(pattern[0]!); at !== -1 && at <= last; at = bytes.indexOf(pattern[0]!, at + 1)) {
    let k = 1;
    while (k < pattern.length && bytes[at + k] === pattern[k]) k++;
    if (k === pattern.length) return true;
  }
  return false;
}

/** Every worksheet of an .xlsx as a table (chart sheets have none). */
async function xlsxTables(bytes: Uint8Array, ExcelJS: typeof ExcelJSTypes, fileName: string): Promise<SheetTable[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's types ask for Node's Buffer; it reads any ArrayBuffer view through JSZip.
    await workbook.xlsx.load(bytes as never);
  } catch (e) {
    throw new SpreadsheetError('unsupported_file', `${fileName} is not a workbook gridmilp can read: ${e instanceof Error ? e.message : String(e)}.`);
  }
  return workbook.worksheets.map((sheet) => {
    const cells: (SheetCell | undefined)[][] = [];
    // The used range: every cell the file lists, with a value or only a style (a border
    // drawn around a block whose last row is empty), as a spreadsheet program shows it.
    let used: SheetTable['used'];
    for (let r = 1; r <= sheet.rowCount; r++) {
      sheet.findRow(r)?.eachCell({ includeEmpty: true }, (cell, c) => {
        const value = xlsxCell(cell, ExcelJS);
        const walls = wallsOf(cell);
        // gridmilp's own solved digits (blue, not bold): the solution, not givens.
        const solved = typeof value?.value === 'number' && cell.font?.color?.argb === SOLVED_COLOUR && cell.font.bold !== true;
        if (value !== undefined) (cells[r - 1] ??= [])[c - 1] = { ...value, ...(walls ? { walls } : {}), ...(solved ? { solved: true as const } : {}) };
        else if (hasStyle(cell)) (cells[r - 1] ??= [])[c - 1] = { value: null, drawn: true, ...(walls ? { walls } : {}) };
        // A title or a note (text without a border) is outside any block.
        if (numberOf(value) === null && !hasStyle(cell)) return;
        used = used
          ? { top: Math.min(used.top, r - 1), left: Math.min(used.left, c - 1), bottom: Math.max(used.bottom, r - 1), right: Math.max(used.right, c - 1) }
          : { top: r - 1, left: c - 1, bottom: r - 1, right: c - 1 };
      });
    }
    const merges = (sheet.model as { merges?: string[] }).merges ?? [];
    const hidden = sheet.state === 'hidden' || sheet.state === 'veryHidden';
    return { name: sheet.name, cells, merges, ...(used ? { used } : {}), ...(hidden ? { hidden: true as const } : {}) };
  });
}

/** The sides of a cell drawn medium or thicker (box walls), or undefined for none. */
function wallsOf(cell: ExcelJSTypes.Cell): SheetCell['walls'] {
  const b = cell.style?.border;
  if (b === undefined) return undefined;
  const thick = (side: Partial<ExcelJSTypes.Border> | undefined): boolean =>
    side?.style === 'medium' || side?.style === 'thick' || side?.style === 'double' || side?.style === 'mediumDashed';
  const walls: NonNullable<SheetCell['walls']> = {};
  if (thick(b.top)) walls.top = true;
  if (thick(b.left)) walls.left = true;
  if (thick(b.bottom)) walls.bottom = true;
  if (thick(b.right)) walls.right = true;
  return Object.keys(walls).length > 0 ? walls : undefined;
}

/** Whether an empty cell is drawn: a border or a fill. */
function hasStyle(cell: ExcelJSTypes.Cell): boolean {
  const b = cell.style?.border;
  const fill = cell.style?.fill as { pattern?: string } | undefined;
  return (b !== undefined && (b.top ?? b.left ?? b.bottom ?? b.right) !== undefined) || (fill?.pattern !== undefined && fill.pattern !== 'none');
}

/** One exceljs cell as the finder sees it: numbers and texts, and the kind of anything else. */
function xlsxCell(cell: ExcelJSTypes.Cell, ExcelJS: typeof ExcelJSTypes): SheetCell | undefined {
  const T = ExcelJS.ValueType;
  const v = cell.value as unknown;
  switch (cell.type) {
    case T.Null:
    case T.Merge:
      return undefined;
    case T.Number:
      return { value: v as number };
    case T.String:
    case T.SharedString:
      return { value: String(v).trim() };
    case T.RichText:
      return { value: (v as { richText: { text: string }[] }).richText.map((p) => p.text).join('').trim() };
    case T.Hyperlink:
      return { value: String((v as { text?: unknown }).text ?? '').trim() };
    case T.Date:
      return { value: null, kind: 'a date' };
    case T.Boolean:
      return { value: null, kind: v ? 'TRUE' : 'FALSE' };
    case T.Error:
      return { value: null, kind: `the error ${(v as { error?: string }).error ?? ''}`.trim() };
    case T.Formula: {
      const f = v as { formula?: string; sharedFormula?: string; result?: unknown };
      const text = `=${f.formula ?? f.sharedFormula ?? ''}`;
      const result = f.result;
      if (result === undefined || result === null) {
        return { value: null, kind: `a formula (${text}) with no cached value (save the file in a spreadsheet program so that it stores the result)` };
      }
      if (typeof result === 'number') return { value: result };
      if (typeof result === 'string') return result.trim() === '' ? undefined : { value: result.trim() };
      return { value: null, kind: `a formula (${text}) whose value is not a number` };
    }
    default:
      return { value: null, kind: 'a value of another kind' };
  }
}

/**
 * A CSV field's text, trimmed; a leading apostrophe before what would start a formula
 * (`'=== name`, `'-5`) marks the field as text, the convention write.ts and the C++ CLI's
 * results table follow (FORMULA_START), and is dropped.
 *
 * @param field one field as Papa Parse reads it (quotes already removed)
 * @returns its text
 */
export function fieldText(field: string): string {
  const t = field.trim();
  return /^'[=+\-@\t\r]/.test(t) ? t.slice(1).trim() : t;
}

/** Whether `bytes` (not valid UTF-8 as a whole) say UTF-8: a byte-order mark, or a two- to four-byte UTF-8 sequence. */
function looksUtf8(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return true;
  for (let i = 0; i + 1 < bytes.length; i++) {
    const b = bytes[i]!;
    const follows = (k: number): boolean => i + k < bytes.length && (bytes[i + k]! & 0xc0) === 0x80;
    if (b >= 0xc2 && b <= 0xdf && follows(1)) return true;
    if (b >= 0xe0 && b <= 0xef && follows(1) && follows(2)) return true;
    if (b >= 0xf0 && b <= 0xf4 && follows(1) && follows(2) && follows(3)) return true;
  }
  return false;
}

/**
 * A CSV file as one table: UTF-8 (a byte-order mark is dropped), else Windows-1252, the
 * code page of Excel's "CSV (Comma delimited)" on a Western Windows (a title with é in
 * it is not UTF-8: a user's session); a UTF-16 file is refused. Separator detected.
 */
function csvTable(bytes: Uint8Array, Papa: typeof PapaTypes, fileName: string): SheetTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not for UTF-16, nor for a UTF-8 file with a bad byte (a BOM, or a UTF-8 sequence
    // elsewhere, says UTF-8): read as Windows-1252, its é would become Ã©.
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || bytes.includes(0);
    if (!utf16 && looksUtf8(bytes)) {
      const loose = new TextDecoder('utf-8').decode(bytes);
      const at = loose.indexOf('\uFFFD');
      const line = loose.slice(0, at).split('\n').length;
      throw new SpreadsheetError('unsupported_file', `${fileName} is UTF-8 text with bytes that are not UTF-8 at line ${line}; save it again as CSV UTF-8 (or as .xlsx).`);
    }
    if (utf16) {
      throw new SpreadsheetError('unsupported_file', `${fileName} is neither an .xlsx workbook nor UTF-8 or Windows-1252 text (a CSV file); save it as .xlsx or as CSV UTF-8.`);
    }
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.length > MAX_CSV_LENGTH) {
    throw new SpreadsheetError('too_large', `${fileName} holds ${text.length.toLocaleString('en-US')} characters; gridmilp reads CSV files of at most ${MAX_CSV_LENGTH.toLocaleString('en-US')}.`);
  }
  if (text.includes('\0')) {
    throw new SpreadsheetError('unsupported_file', `${fileName} holds NUL characters: it is neither an .xlsx workbook nor a CSV text.`);
  }
  // The separator is guessed on the first lines without blank ones (Papa Parse counts a
  // blank line as a row of one field, which would rule out a two-column `;` file); the
  // file is then read with blank lines kept, so that row numbers are the file's lines.
  const delimiter = Papa.parse<string[]>(text, { preview: 50, skipEmptyLines: true, delimitersToGuess: [',', ';', '\t', '|'] }).meta.delimiter;
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) {
    const line = fatal.row === undefined ? '' : ` (row ${fatal.row + 1})`;
    throw new SpreadsheetError('spreadsheet_error', `${fileName}${line}: ${fatal.message}.`);
  }
  let rows = parsed.data;
  // Trailing blank lines (a final newline) are not rows of the sheet; a line of empty
  // fields (",,,,") is: it may be a puzzle's empty last row.
  while (rows.length > 0 && rows[rows.length - 1]!.length <= 1 && (rows[rows.length - 1]![0] ?? '').trim() === '') rows = rows.slice(0, -1);
  const cells = rows.map((fields) =>
    fields.map((field): SheetCell | undefined => {
      // Kept as text: the finder reads "5" as a number, and a one-line puzzle of 81
      // digits must not become a floating-point number.
      const t = fieldText(field);
      if (t !== '') return { value: t };
      // An empty field of a line with separators is a cell of a block (records.ts).
      return fields.length > 1 ? { value: null, drawn: true } : undefined;
    }),
  );
  // The used range: the lines with a number, or with empty fields only (",,,,": an
  // empty row of a block), over as many fields as the widest of them; a title line is
  // not part of it.
  let used: SheetTable['used'];
  rows.forEach((fields, r) => {
    const numbers = fields.some((f) => numberOf({ value: fieldText(f) }) !== null);
    const separatorsOnly = fields.length > 1 && fields.every((f) => f.trim() === '');
    if (!numbers && !separatorsOnly) return;
    const right = fields.length - 1;
    used = used
      ? { top: used.top, left: 0, bottom: r, right: Math.max(used.right, right) }
      : { top: r, left: 0, bottom: r, right };
  });
  return { name: fileName, cells, merges: [], ...(used ? { used } : {}) };
}

/** A puzzle's place in words: "Sheet1!B2:J10". */
export function puzzlePlace(p: SheetPuzzle): string {
  return `${sheetRef(p.sheet)}!${p.range}`;
}

