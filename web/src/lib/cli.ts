#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The npm package's `gridmilp` command: runs the CLI of cpp/cli/main.cpp compiled for
 * Node (gridmilp_cli_node.cjs: NODERAWFS, so files and standard input go through Node's
 * fs; the .wasm is compiled synchronously). It reads process.argv itself, writes to the
 * real standard output and error, and ends the process with main's exit code
 * (0 every puzzle solved, 1 some puzzle has no solution, 2 bad input).
 */
import { createRequire } from 'node:module';

// The CLI names itself after argv[1] in its usage lines: show the command's name.
process.argv[1] = 'gridmilp';
createRequire(import.meta.url)('../../generated/gridmilp_cli_node.cjs');
