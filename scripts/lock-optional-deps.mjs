// SPDX-License-Identifier: GPL-3.0-or-later
//
// Completes package-lock.json with the platform-specific optional dependencies that
// npm could not resolve on this machine. The npm registry mirror reachable here has
// only some platforms' builds (for example @rollup/rollup-linux-x64-gnu but not
// @rollup/rollup-darwin-arm64), so `npm install` leaves the others out of the lock,
// and `npm ci` then refuses the lock ("Missing: @rollup/rollup-android-arm-eabi from
// lock file"). Each missing optional dependency gets a top-level entry with its
// version, marked optional: `npm ci` accepts the lock, skips what does not exist for
// this platform, and a machine with the full registry fetches its own platform's build.
//
// Run after any `npm install` that changes the lock: node scripts/lock-optional-deps.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const path = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (key in packages) continue;
    packages[key] = { version, dev: meta.dev === true ? true : undefined, optional: true };
    added++;
  }
}
writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} optional platform entries added`);
