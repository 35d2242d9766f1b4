// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Spreadsheets for the command line: `solve FILE.xlsx|.csv [--genre G] [--sheet S]
 * [--results OUT.xlsx|.csv]`. The C++ CLI (native, or compiled for Node in the npm
 * package) reads puzzle text and writes its results table as CSV (`--results`); this
 * front end reads the spreadsheet (web/src/sheets/ through ./spreadsheets.ts), hands
 * the CLI its puzzles as text (Sudoku: one a line; a genre: its records,
 * web/src/sheets/records.ts), and turns the CSV it writes into the .xlsx asked for,
 * each row named by sheet and range. Used by the npm package's `gridmilp` bin (cli.ts)
 * and by `npm run cli` (scripts/cli.sh, with the native CLI).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import type { ResultRow, SpreadsheetPuzzles } from '../solver/protocol.js';
import { GridmilpError } from './errors.js';
import { puzzleText } from './grid.js';
import { escapedForRegExp, namesOfRecords, refusedRows, skippedKinds, withLeftOut } from '../sheets/left-out.js';
import { readSpreadsheet, requireSpreadsheetSupport, writeSpreadsheet } from './spreadsheets.js';

/** Options of `solve` that take a value (CLI11: `--opt value` or `--opt=value`). */
const VALUED = new Set([
  '--genre',
  '--enumerate',
  '--objective',
  '--time-limit',
  '--jobs',
  '--model',
  '--method',
  '--size',
  '--box',
  '--symbols',
  '--results',
  '--sheet',
]);

/**
 * Files the front end reads: the spreadsheets it can, and those it refuses with their
 * own message (readSpreadsheet: an .ods or an old .xls is told to be saved as .xlsx),
 * which the C++ CLI would only call binary data. scripts/cli.sh reads its extensions
 * from this line (to hand such files here): keep it one line of this form.
 */
const SPREADSHEET = /\.(xlsx|xlsm|csv|tsv|ods|xls|numbers)$/i;
const XLSX = /\.(xlsx|xlsm)$/i;
/** Results tables this front end writes: .xlsx (and .xlsm) as a workbook, .csv as CSV. */
const WRITTEN = /\.(xlsx|xlsm|csv)$/i;

/** `solve`'s arguments as this front end sees them. */
interface SolveArgs {
  /** Index of the puzzle file in argv, or -1. */
  file: number;
  /** Index of `--results`' value in argv (its own element or `--results=…`), or -1. */
  results: number;
  /** `--sheet`'s value, and the indices it takes in argv. */
  sheet?: { value: string; indices: number[] };
  /** `--genre`'s value, when given. */
  genre?: string;
}

function scan(argv: readonly string[]): SolveArgs | null {
  if (argv[0] !== 'solve') return null;
  const out: SolveArgs = { file: -1, results: -1 };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (VALUED.has(name)) {
      const inline = name !== a;
      const at = inline ? i : i + 1;
      if (name === '--results') out.results = at;
      if (name === '--genre') out.genre = inline ? a.slice(eq + 1) : (argv[i + 1] ?? '');
      if (name === '--sheet') out.sheet = { value: inline ? a.slice(eq + 1) : (argv[i + 1] ?? ''), indices: inline ? [i] : [i, i + 1] };
      if (!inline) i++;
    } else if ((!a.startsWith('-') || a === '-') && out.file < 0) {
      out.file = i;
    }
  }
  return out;
}

/** The value at `index` (for `--results=…`, after the `=`). */
function valueAt(argv: readonly string[], index: number): string {
  const a = argv[index] ?? '';
  return a.startsWith('--results=') ? a.slice('--results='.length) : a;
}

/**
 * Whether `argv` needs this front end: `solve` of a spreadsheet, with `--sheet`, or with
 * `--results` to an .xlsx. Cheap: no library is loaded.
 */
export function needsSheetFrontEnd(argv: readonly string[]): boolean {
  const s = scan(argv);
  if (s === null) return false;
  return (s.file >= 0 && SPREADSHEET.test(argv[s.file]!)) || s.sheet !== undefined || (s.results >= 0 && XLSX.test(valueAt(argv, s.results)));
}

/**
 * Run `solve` with spreadsheets: read the puzzles, run the CLI on them as text, and
 * write the results table as .xlsx or .csv with each puzzle's sheet and range.
 *
 * @param argv the arguments after the program's name (`solve book.xlsx …`)
 * @param runCli runs the C++ CLI with arguments, standard output and error inherited
 *   or, when given, each rewritten (a genre's records' ids become their names, which
 *   have spaces: `'Killer Sudoku'!A1:F13`); returns its exit code
 * @returns the exit code: the CLI's (0 every puzzle solved, 1 some without solution,
 *   2 bad input), 2 when the spreadsheet cannot be read or a sheet or row of it holds a
 *   puzzle that cannot be (each message, with the sheet and cell, on standard error; the
 *   other puzzles are solved), 2 before any puzzle is read when `--results` names the
 *   puzzle file itself, a file in a folder that does not exist or a type it cannot write
 *   (.ods, .xls, .tsv), or 130 after SIGINT or SIGTERM (the temporary folder removed)
 */
export async function runSheetCli(
  argv: readonly string[],
  runCli: (args: string[], rewrite?: (stderr: string) => string, rewriteStdout?: (stdout: string) => string) => number,
): Promise<number> {
  const s = scan(argv)!;
  const args = [...argv];
  const dir = mkdtempSync(join(tmpdir(), 'gridmilp-cli-'));
  // Ctrl-C or a kill: the CLI (run synchronously) gets the signal too and stops; this
  // process then removes its temporary folder and exits 130 instead of dying at once.
  let interrupted = false;
  const onSignal = (): void => {
    interrupted = true;
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    let names: string[] | null = null;
    // What the spreadsheet held that could not be read: bad input (exit 2), and rows of
    // the results table among the puzzles'.
    let refused: SpreadsheetPuzzles['skipped'] = [];
    // A genre's records: their ids in the text (no spaces, for the engine) back to their
    // names on standard output, standard error and in the results; null when they agree.
    let recordNames: ((text: string) => string) | null = null;
    if (s.results >= 0) checkResults(valueAt(argv, s.results), s.file >= 0 ? argv[s.file]! : null);
    if (s.file >= 0 && SPREADSHEET.test(argv[s.file]!) && s.genre !== undefined && s.genre !== 'sudoku') {
      // A genre's records: the text the CLI reads with --genre, one record after another.
      const path = argv[s.file]!;
      const read = await readSpreadsheet(path, { genre: s.genre, ...(s.sheet ? { sheet: s.sheet.value } : {}) });
      const records = read.records ?? [];
      names = records.map((r) => r.name);
      const shown = names.slice(0, 10).map((name, k) => `${k + 1} = ${name}`);
      process.stderr.write(
        `gridmilp: ${path}: ${records.length} ${s.genre} puzzle${records.length === 1 ? '' : 's'} (${shown.join(', ')}${names.length > 10 ? ', …' : ''})` +
          skippedNote(read.skipped) +
          '\n',
      );
      refused = tellRefused(path, read.skipped);
      const text = join(dir, 'puzzles.txt');
      writeFileSync(text, records.map((r) => r.text).join(''));
      args[s.file] = text;
      recordNames = namesOfRecords(records, args.includes('--json'));
    } else if (s.file >= 0 && SPREADSHEET.test(argv[s.file]!)) {
      const path = argv[s.file]!;
      const read = await readSpreadsheet(path, s.sheet ? { sheet: s.sheet.value } : {});
      const sizes = [...new Set(read.puzzles.map((p) => p.size))];
      if (sizes.length > 1) {
        throw new GridmilpError('spreadsheet_error', `${path} holds puzzles of ${sizes.map((n) => `${n}×${n}`).join(' and ')}; choose one sheet with --sheet.`);
      }
      // Boxes of another shape than the usual, as the sheet's note or the blocks' thick
      // borders give them (find.ts).
      const boxes = [...new Set(read.puzzles.map((p) => (p.boxHeight ? `${p.boxHeight}x${p.boxWidth}` : '')))];
      if (boxes.length > 1) {
        throw new GridmilpError(
          'spreadsheet_error',
          `${path} holds puzzles in boxes of ${boxes.map((b) => b || 'the usual shape').join(' and ')} (their notes or thick borders); choose one sheet with --sheet.`,
        );
      }
      names = read.puzzles.map((p) => p.name);
      const shown = names.slice(0, 10).map((name, k) => `${k + 1} = ${name}`);
      process.stderr.write(
        `gridmilp: ${path}: ${read.puzzles.length} puzzle${read.puzzles.length === 1 ? '' : 's'} of ${sizes[0]}×${sizes[0]}${boxes[0] ? ` in boxes of ${boxes[0].replace('x', '×')} (the sheet's note or thick borders)` : ''} (${shown.join(', ')}${names.length > 10 ? ', …' : ''})` +
          skippedNote(read.skipped) +
          '\n',
      );
      refused = tellRefused(path, read.skipped);
      const text = join(dir, 'puzzles.txt');
      writeFileSync(text, read.puzzles.map((p) => puzzleText(p.grid).puzzle).join('\n') + '\n');
      args[s.file] = text;
      // The text is made here: its size and symbols are known, whatever was asked.
      for (let i = args.length - 1; i >= 0; i--) {
        const a = args[i]!;
        if (a === '--size' || a === '--symbols' || (boxes[0] && a === '--box')) args.splice(i, 2);
        else if (a.startsWith('--size=') || a.startsWith('--symbols=') || (boxes[0] && a.startsWith('--box='))) args.splice(i, 1);
      }
      args.push('--size', String(sizes[0]), '--symbols', 'digits', ...(boxes[0] ? ['--box', boxes[0]] : []));
    } else if (s.sheet) {
      throw new GridmilpError('invalid_argument', '--sheet needs a spreadsheet file (.xlsx, .csv).');
    }
    if (s.sheet) for (const i of [...s.sheet.indices].reverse()) args.splice(i, 1);
    let target: string | null = null;
    let table: string | null = null;
    if (s.results >= 0) {
      target = valueAt(argv, s.results);
      table = join(dir, 'results.csv');
      const at = args.findIndex((a) => a === '--results' || a.startsWith('--results='));
      if (args[at] === '--results') args[at + 1] = table;
      else args[at] = `--results=${table}`;
    }
    // The libraries first: a missing one is said before the solve, not after it.
    if (target !== null) await requireSpreadsheetSupport();
    if (interrupted) return 130;
    // Errors are told of the spreadsheet, not of the text made from it.
    const sheetPath = s.file >= 0 ? argv[s.file]! : '';
    const madeText = join(dir, 'puzzles.txt');
    const toNames = recordNames ?? ((text: string) => text);
    const solved = SPREADSHEET.test(sheetPath)
      ? runCli(
          args,
          (stderr) => tellOfSpreadsheet(toNames(stderr), madeText, sheetPath, s.genre !== undefined && s.genre !== 'sudoku' ? null : names),
          recordNames ?? undefined,
        )
      : runCli(args);
    if (interrupted) return 130;
    const code = refused.length > 0 ? Math.max(solved, 2) : solved;
    if (target !== null && table !== null) {
      let csv: string;
      try {
        csv = readFileSync(table, 'utf8');
      } catch {
        return code; // the CLI stopped before writing its table (bad input, said on stderr)
      }
      const rows = (await parseResults(csv)).map((row) => ({
        ...row,
        status: toNames(row.status),
        puzzle: toNames(row.puzzle),
        ...(row.solution === undefined ? {} : { solution: toNames(row.solution) }),
      }));
      if (names) rows.forEach((row, k) => (row.name = names![k] ?? row.name));
      writeFileSync(target, await writeSpreadsheet(XLSX.test(target) ? 'xlsx' : 'csv', { results: withLeftOut(rows, refusedRows(refused)) }));
    }
    return code;
  } catch (e) {
    process.stderr.write(`gridmilp: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The rows of the C++ CLI's results CSV (cpp/cli/main.cpp, writeResults), read by Papa
 * Parse, each column by its name in the header line (the names of sheets/write.ts
 * RESULTS_HEADER); a field it marked as text with a leading apostrophe (`'=== name`: a
 * record would read as a formula) is read without it (read.ts fieldText), so the .xlsx
 * written from the rows holds the record itself.
 */
async function parseResults(csv: string): Promise<ResultRow[]> {
  const { loadSpreadsheetLibraries } = await import('../sheets/libraries.js');
  const { fieldText } = await import('../sheets/read.js');
  const { Papa } = await loadSpreadsheetLibraries();
  const [header = [], ...rows] = Papa.parse<string[]>(csv, { delimiter: ',', skipEmptyLines: true }).data.map((row) => row.map(fieldText));
  // By the header's names (RESULTS_HEADER's columns, in the order the CLI writes them).
  const at = (row: string[], column: string): string => row[header.indexOf(column)] ?? '';
  return rows.map((row) => {
    const [ms, nodes, conflicts, solution] = ['ms', 'nodes', 'conflicts', 'solution'].map((column) => at(row, column));
    return {
      name: at(row, 'name'),
      status: at(row, 'status'),
      ...(ms === '' ? {} : { ms: Number(ms) }),
      ...(nodes === '' ? {} : { nodes: Number(nodes) }),
      ...(conflicts === '' ? {} : { conflicts: Number(conflicts) }),
      puzzle: at(row, 'puzzle'),
      ...(solution === '' ? {} : { solution }),
    };
  });
}

/**
 * The CLI runner for a C++ CLI program: `command` then the arguments, standard streams
 * inherited; with `rewrite`, standard error is taken whole and written rewritten after
 * the CLI ends, and with `rewriteStdout` standard output likewise.
 *
 * @param command the program and the arguments before `solve` (e.g. node and the .cjs)
 */
export function cliRunner(
  command: readonly string[],
): (args: string[], rewrite?: (stderr: string) => string, rewriteStdout?: (stdout: string) => string) => number {
  return (args, rewrite, rewriteStdout) => {
    const piped = rewrite !== undefined || rewriteStdout !== undefined;
    const r = spawnSync(command[0]!, [...command.slice(1), ...args], {
      stdio: ['inherit', rewriteStdout ? 'pipe' : 'inherit', rewrite ? 'pipe' : 'inherit'],
      ...(piped ? { encoding: 'utf8' as const, maxBuffer: 256 * 1024 * 1024 } : {}),
    });
    if (rewriteStdout && typeof r.stdout === 'string') process.stdout.write(rewriteStdout(r.stdout));
    if (rewrite && typeof r.stderr === 'string') process.stderr.write(rewrite(r.stderr));
    if (r.error) process.stderr.write(`gridmilp: cannot run ${command.join(' ')}: ${r.error.message}\n`);
    return r.status ?? 2;
  };
}

/**
 * The C++ CLI's standard error about the text this front end wrote, told of the
 * spreadsheet instead: the temporary file's path becomes the spreadsheet's, a line of
 * one-puzzle-a-line text (Sudoku) becomes that puzzle's name (its sheet and range), and
 * a record's line in the text is left out after its name (the name is its sheet and range).
 *
 * @param stderr what the CLI wrote
 * @param text the temporary text's path
 * @param path the spreadsheet's path
 * @param names one name per line of the text (Sudoku), or null (genre records)
 */
export function tellOfSpreadsheet(stderr: string, text: string, path: string, names: readonly string[] | null): string {
  let out = stderr.split(text).join(path);
  if (names) {
    out = out
      .replace(new RegExp(`${escapedForRegExp(path)}: line (\\d+)`, 'g'), (_line, n: string) => `${path}: ${names[Number(n) - 1] ?? `line ${n}`}`)
      .replace(/Puzzle (\d+) \(line \d+\)/g, (puzzle, k: string) => names[Number(k) - 1] ?? puzzle);
  }
  return out.replace(/(\S+![A-Z]+\d+(?::[A-Z]+\d+)?) \(line \d+\)/g, '$1');
}

/**
 * "; skipped Notes, Week 2: no puzzle" for the sheets without a puzzle, and "; left out
 * the hidden Answers (--sheet reads one)" for hidden sheets, or "".
 */
function skippedNote(skipped: SpreadsheetPuzzles['skipped']): string {
  const { empty, hidden } = skippedKinds(skipped);
  return (empty.length > 0 ? `; skipped ${empty.join(', ')}: no puzzle` : '') + (hidden.length > 0 ? `; left out the hidden ${hidden.join(', ')} (--sheet reads one)` : '');
}

/**
 * Says on standard error each sheet or row that holds a puzzle which could not be read
 * (its reason names the sheet and cell), as the CLI says a line of text it leaves out.
 *
 * @returns those entries of `skipped`
 */
function tellRefused(path: string, skipped: SpreadsheetPuzzles['skipped']): SpreadsheetPuzzles['skipped'] {
  const refused = skipped.filter((k) => k.refused);
  for (const k of refused) process.stderr.write(`gridmilp: ${path}: left out: ${k.reason}\n`);
  return refused;
}

/**
 * Refuses, before any puzzle is read, a `--results` file that could not be written as
 * asked: the puzzle file itself, a file in a folder that does not exist, or a
 * spreadsheet type other than .xlsx, .xlsm and .csv (an .ods, .xls, .tsv, .numbers; a
 * name without one of these extensions is written as CSV, as the C++ CLI does).
 *
 * @param results `--results`' value
 * @param puzzles the puzzle file's path, or null
 * @throws GridmilpError `invalid_argument` naming the file and what to do
 */
function checkResults(results: string, puzzles: string | null): void {
  if (puzzles !== null && sameFile(results, puzzles)) {
    throw new GridmilpError('invalid_argument', `--results ${results} is the puzzle file itself: its puzzles would be overwritten; name another file.`);
  }
  const folder = dirname(results);
  if (!isDirectory(folder)) {
    throw new GridmilpError('invalid_argument', `--results ${results}: its folder ${folder} does not exist; name a file in a folder that does.`);
  }
  if (SPREADSHEET.test(results) && !WRITTEN.test(results)) {
    throw new GridmilpError(
      'invalid_argument',
      `--results ${results}: gridmilp writes the results table as .xlsx or .csv, not as ${extname(results)}; name an .xlsx or a .csv file.`,
    );
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether two paths name one file (the second must exist; a missing first is another). */
function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(resolve(a)) === realpathSync(resolve(b));
  } catch {
    return false;
  }
}
