// SPDX-License-Identifier: GPL-3.0-or-later
// Packs the npm package once for the whole suite: `npm pack` runs "prepack"
// (scripts/build-package.mjs, which builds lib/), and the tarball's path is provided to
// the tests as inject('tarball'). The temporary folder is removed afterwards.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { npm, repoRoot } from './helpers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed gridmilp-<version>.tgz. */
    tarball: string;
    /** A temporary folder for the suite, removed after it. */
    workDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const workDir = mkdtempSync(join(tmpdir(), 'gridmilp-package-'));
  const packDir = join(workDir, 'pack');
  mkdirSync(packDir);
  const r = npm(['pack', '--pack-destination', packDir], repoRoot);
  if (r.status !== 0) {
    rmSync(workDir, { recursive: true, force: true });
    throw new Error(`npm pack failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  const tarballs = readdirSync(packDir).filter((f) => f.endsWith('.tgz'));
  if (tarballs.length !== 1) throw new Error(`npm pack made ${tarballs.join(', ') || 'no tarball'}`);
  project.provide('tarball', join(packDir, tarballs[0]!));
  project.provide('workDir', workDir);
  return () => rmSync(workDir, { recursive: true, force: true });
}
