#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The npm package's `gridmilp` command: runs the CLI of cpp/cli/main.cpp compiled for
 * Node (gridmilp_cli_node.cjs: NODERAWFS, so files and standard input go through Node's
 * fs; the .wasm is compiled synchronously). It reads process.argv itself, writes to the
 * real standard output and error, and ends the process with main's exit code
 * (0 every puzzle solved, 1 some puzzle has no solution, 2 bad input).
 *
 * `solve` of a spreadsheet (.xlsx, .csv), with `--sheet`, or with `--results` to an
 * .xlsx goes through sheet-cli.ts first, which runs the same CLI in a child process on
 * the spreadsheet's puzzles (it needs the optional packages exceljs, papaparse, fflate).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { needsSheetFrontEnd } from './sheet-cli.js';

const cjs = '../../generated/gridmilp_cli_node.cjs';
const argv = process.argv.slice(2);
if (needsSheetFrontEnd(argv)) {
  const { cliRunner, runSheetCli } = await import('./sheet-cli.js');
  process.exitCode = await runSheetCli(argv, cliRunner([process.execPath, fileURLToPath(new URL(cjs, import.meta.url))]));
} else {
  // The CLI names itself after argv[1] in its usage lines: show the command's name.
  process.argv[1] = 'gridmilp';
  createRequire(import.meta.url)(cjs);
}
