// SPDX-License-Identifier: GPL-3.0-or-later
// The user's documents link where they say: every relative link of the README and of the
// package's docs names a file that exists, and a heading of it when it has a #fragment
// (GitHub's anchors); and in the packed tarball the README's and the docs' links reach
// files the tarball holds (npm shows the README without the repository around it).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot, run } from './helpers';

/**
 * The documents checked here: the README, every document of docs/ (the npm API, the
 * CLI, the formats, the models, the page, performance…) and the protocol they point to.
 */
const DOCUMENTS = [
  'README.md',
  'docs/api.md',
  'docs/cli.md',
  'docs/formats.md',
  'docs/models.md',
  'docs/page.md',
  'docs/performance.md',
  'docs/fuzzing.md',
  'docs/hardening.md',
  'cpp/app/protocol.md',
];

/** Links into the repository that the package does not ship (the example app). */
const REPOSITORY_ONLY = /^examples\//;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The lines of a Markdown text outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): Array<[number, string]> {
  let fenced = false;
  const out: Array<[number, string]> = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) out.push([i + 1, line]);
  });
  return out;
}

/** The anchors of a Markdown text's headings (a repeated one gets -1, -2, … as on GitHub). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, line] of proseLines(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const s = slug(m[1]!);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n === 0 ? s : `${s}-${n}`);
  }
  return out;
}

/** Every relative link of a Markdown file: its line and target (inline code left out). */
function relativeLinks(text: string): Array<{ line: number; target: string }> {
  const out: Array<{ line: number; target: string }> = [];
  // Inline code is blanked first: `[d](e.md)` is no link, [`f/`](../f/) is one.
  for (const [line, prose] of proseLines(text)) {
    for (const m of prose.replace(/`[^`]*`/g, '``').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(m[1]!)) out.push({ line, target: m[1]! });
    }
  }
  return out;
}

/**
 * What is wrong with the relative links of `document` under `root`: "file:line: target:
 * no such file" or "…: no heading #x in file".
 *
 * @param skip a target's path (relative to root) not checked for existence
 * @param headings whether a #fragment must name a heading of its file
 */
function brokenLinks(root: string, document: string, skip?: RegExp, headings = true): string[] {
  const path = join(root, document);
  const problems: string[] = [];
  for (const { line, target } of relativeLinks(readFileSync(path, 'utf8'))) {
    const [file, fragment] = target.split('#') as [string, string | undefined];
    const to = file === '' ? path : resolve(dirname(path), file);
    if (skip?.test(relative(root, to))) continue;
    if (!existsSync(to)) {
      problems.push(`${document}:${line}: ${target}: no such file`);
    } else if (headings && fragment !== undefined && statSync(to).isFile() && to.endsWith('.md') && !anchors(readFileSync(to, 'utf8')).has(fragment)) {
      problems.push(`${document}:${line}: ${target}: no heading #${fragment} in ${relative(root, to)}`);
    }
  }
  return problems;
}

describe('links of the README and the docs', () => {
  it('reads anchors and links as GitHub does', () => {
    expect([...anchors('# gridmilp — the npm API\n## Spreadsheets (Sudoku)\n```\n# not a heading\n```\n## Spreadsheets (Sudoku)\n')]).toEqual([
      'gridmilp--the-npm-api',
      'spreadsheets-sudoku',
      'spreadsheets-sudoku-1',
    ]);
    expect(relativeLinks('[a](b.md#c) `[d](e.md)` [x](https://x.org) [`f/`](../f/)\n```\n[g](h.md)\n```\n')).toEqual([
      { line: 1, target: 'b.md#c' },
      { line: 1, target: '../f/' },
    ]);
  });

  it('every relative link in the repository names a file, and a heading of it', () => {
    expect(DOCUMENTS.flatMap((d) => brokenLinks(repoRoot, d))).toEqual([]);
  });

  it('in the packed tarball, the README and the docs link to files it holds', () => {
    const dir = mkdtempSync(join(inject('workDir'), 'docs-'));
    try {
      run('tar', ['-xzf', inject('tarball'), '-C', dir]);
      const unpacked = join(dir, 'package');
      const shipped = run('tar', ['-tzf', inject('tarball')])
        .stdout.split('\n')
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.replace(/^package\//, ''));
      expect(shipped).toEqual(expect.arrayContaining(DOCUMENTS));
      // The headings are checked above, in the repository (DOCUMENTS).
      expect(shipped.flatMap((d) => brokenLinks(unpacked, d, REPOSITORY_ONLY, false))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
