#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// npm run build:package (and npm pack / npm publish through "prepack"): builds the npm
// package into lib/ (git-ignored) from what scripts/build.sh made:
//   lib/src/**            web/src/lib/ and what it imports, compiled by tsc with .d.ts
//                         (tsconfig.package.json)
//   lib/generated/        the WASM module with the SAT method
//                         (web/generated/gridmilp_wasm_sat.{js,wasm}) and the
//                         CLI compiled for Node (build/wasm/gridmilp_cli_node.{cjs,wasm})
// The glue's `new URL("gridmilp_wasm_sat.wasm", import.meta.url)` is written as
// `new URL("./gridmilp_wasm_sat.wasm", …)` (the same URL) so every bundler reads it as a
// relative asset. Prints the files and their sizes.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'lib');
const log = (text) => process.stderr.write(`[build:package] ${text}\n`);
const fail = (text) => {
  log(text);
  process.exit(1);
};

const inputs = {
  'gridmilp_wasm_sat.js': join(root, 'web/generated/gridmilp_wasm_sat.js'),
  'gridmilp_wasm_sat.wasm': join(root, 'web/generated/gridmilp_wasm_sat.wasm'),
  'gridmilp_cli_node.cjs': join(root, 'build/wasm/gridmilp_cli_node.cjs'),
  'gridmilp_cli_node.wasm': join(root, 'build/wasm/gridmilp_cli_node.wasm'),
};
for (const path of Object.values(inputs)) {
  if (!existsSync(path)) {
    fail(`${relative(root, path)} is missing: build the WASM module and CLI first (npm run build).`);
  }
}

rmSync(out, { recursive: true, force: true });
log('tsc -p tsconfig.package.json');
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.package.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) fail('tsc failed');

const generated = join(out, 'generated');
mkdirSync(generated, { recursive: true });
for (const [name, path] of Object.entries(inputs)) {
  if (name === 'gridmilp_wasm_sat.js') {
    const glue = readFileSync(path, 'utf8');
    const from = 'new URL("gridmilp_wasm_sat.wasm",import.meta.url)';
    const count = glue.split(from).length - 1;
    if (count !== 1) {
      fail(`expected the glue to locate its .wasm exactly once with ${from}, found ${count}: check the Emscripten output`);
    }
    writeFileSync(join(generated, name), glue.replace(from, 'new URL("./gridmilp_wasm_sat.wasm",import.meta.url)'));
  } else {
    copyFileSync(path, join(generated, name));
  }
}
const bin = join(out, 'src/lib/cli.js');
if (!readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')) fail(`${relative(root, bin)} lost its shebang`);
chmodSync(bin, 0o755);

/** Every file under dir, relative to out. */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [relative(out, join(dir, e.name))],
  );
}
let total = 0;
for (const file of walk(out).sort()) {
  const bytes = statSync(join(out, file)).size;
  total += bytes;
  if (!file.endsWith('.d.ts')) {
    const gz = gzipSync(readFileSync(join(out, file))).length;
    log(`  lib/${file}: ${(bytes / 1024).toFixed(1)} KB (${(gz / 1024).toFixed(1)} KB gzip)`);
  }
}
log(`done: lib/, ${(total / 1024).toFixed(0)} KB`);
