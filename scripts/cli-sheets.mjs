// SPDX-License-Identifier: GPL-3.0-or-later
//
// node scripts/cli-sheets.mjs NATIVE_CLI solve FILE.xlsx … — scripts/cli.sh hands the
// arguments here when one looks like a spreadsheet or --sheet: the front end of
// web/src/lib/sheet-cli.ts (compiled into lib/ by cli.sh) reads the spreadsheet and runs
// the native CLI on its puzzles; anything else runs the native CLI as it is.
import { spawnSync } from 'node:child_process';
import { cliRunner, needsSheetFrontEnd, runSheetCli } from '../lib/src/lib/sheet-cli.js';

const [native, ...argv] = process.argv.slice(2);
if (needsSheetFrontEnd(argv)) {
  process.exitCode = await runSheetCli(argv, cliRunner([native]));
} else {
  process.exitCode = spawnSync(native, argv, { stdio: 'inherit' }).status ?? 2;
}
