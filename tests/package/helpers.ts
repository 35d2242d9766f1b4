// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the package tests: run commands, install the packed tarball into a fresh
// folder without network, and drive Chromium like tests/page/harness.ts does.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, startServer } from '../page/harness';

/** The repository root (with a trailing slash). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The native CLI built by scripts/build.sh, the reference for the bin's output. */
export const nativeCli = join(repoRoot, 'build/native-release/gridmilp-cli');

/** What a finished command printed and returned. */
export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a command to its end.
 *
 * @param command the executable
 * @param args its arguments
 * @param options `cwd`, `input` (standard input text), extra `env`
 */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: Record<string, string> } = {},
): RunResult {
  const r = spawnSync(command, args, {
    cwd: options.cwd,
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...options.env },
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Run npm (offline, quiet about audit and funding) in `cwd`. */
export function npm(args: readonly string[], cwd: string): RunResult {
  return run('npm', [...args, '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { npm_config_update_notifier: 'false' },
  });
}

/**
 * A fresh folder under `parent` with a package.json and `gridmilp` installed from the
 * tarball with `npm install --offline` (the package has no dependencies to fetch).
 *
 * @param parent where to create the folder
 * @param tarball the packed package
 * @returns the folder
 * @throws Error with npm's output when the install fails
 */
export function installTarball(parent: string, tarball: string): string {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'consumer-'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'gridmilp-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  const r = npm(['install', tarball], dir);
  if (r.status !== 0) throw new Error(`npm install ${tarball} failed:\n${r.stdout}\n${r.stderr}`);
  return dir;
}

/**
 * Serve `dir` with scripts/serve.mjs on a free port of 127.0.0.1 (the page tests'
 * server, tests/page/harness.ts).
 *
 * @returns the URL (with a trailing slash) and the server process (stop it with kill())
 */
export function serve(dir: string): Promise<{ url: string; child: ChildProcess }> {
  return startServer({ dir });
}

/** Chromium as the page tests run it. */
export { CHROMIUM, CHROMIUM_ARGS };

/** Replace every number after a key ending in `Ms` (JSON) by 0: timings differ run to run. */
export function maskJsonTimes(text: string): string {
  return text.replace(/("[A-Za-z]*Ms"\s*:\s*)-?[0-9][0-9.eE+-]*/g, '$10');
}

/** Replace every decimal figure followed by ` ms` by `T ms`: timings differ run to run. */
export function maskMs(text: string): string {
  return text.replace(/[0-9]+(\.[0-9]+)? ms/g, 'T ms');
}
