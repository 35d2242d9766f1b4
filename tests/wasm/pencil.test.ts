// SPDX-License-Identifier: GPL-3.0-or-later
// The pencil puzzles in the real WASM module (the SAT module, as the npm package and the
// page's genre route load it): gridmilp's own records of every genre (tests/data/puzzles,
// in every clone) and a spread sample of 30 records of each shared sw_* set when it is
// present, each answer compared with the given solution (read here, not by the engine)
// and confirmed by the engine's rule checker; puzz.link URLs decoded and solved.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENRE_IDS } from '../../web/src/solver/genre';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { loadModule, repoRoot, sharedDataDir } from './helpers';

let module: GridmilpModule;

beforeAll(async () => {
  module = await loadModule('gridmilp_wasm_sat');
});

function call(request: unknown): { result?: any; error?: any } {
  return JSON.parse(module.handleRequest(JSON.stringify(request)));
}

/** Each pencil genre: its test data file stem, its shared set, how to compare answers. */
type Compare = 'x' | 'o' | 'digits' | 'partition';
const PENCIL: Record<string, { own: string; shared: string; compare: Compare }> = {
  hitori: { own: 'hitori', shared: 'hitori/sw_Hitori', compare: 'x' },
  akari: { own: 'akari', shared: 'akari/sw_Akari', compare: 'o' },
  'star-battle': { own: 'star_battle', shared: 'star_battle/sw_Starbattle', compare: 'x' },
  norinori: { own: 'norinori', shared: 'norinori/sw_Norinori', compare: 'x' },
  heyawake: { own: 'heyawake', shared: 'heyawake/sw_Heyawake', compare: 'x' },
  kuromasu: { own: 'kuromasu', shared: 'kuromasu/sw_Kuromasu', compare: 'x' },
  shikaku: { own: 'shikaku', shared: 'shikaku/sw_Shikaku', compare: 'partition' },
  nurikabe: { own: 'nurikabe', shared: 'nurikabe/sw_Nurikabe', compare: 'x' },
  slitherlink: { own: 'slitherlink', shared: 'slitherlink/sw_Slitherlink', compare: 'x' },
  kakuro: { own: 'kakuro', shared: 'kakuro/sw_Kakuro', compare: 'digits' },
};

/** The records of an sw_* text: each one's text, name and data tokens (after the size line). */
function records(text: string): Array<{ text: string; name: string; tokens: string[] }> {
  return text
    .split(/^(?==== )/m)
    .filter((t) => t.trim().length > 0)
    .map((t) => {
      const lines = t.split(/\r?\n/).filter((l) => l.trim().length > 0);
      return { text: t, name: lines[0]!.slice(4).split(/\s+/)[0]!, tokens: lines.slice(2).join(' ').trim().split(/\s+/) };
    });
}

/**
 * An answer's tokens made comparable: where the cells are shaded, stars or lamps (a
 * token holding the mark, whatever else the file writes for the other cells: the Akari
 * solutions write black cells three ways), the digits, or a partition (Shikaku)
 * relabelled by first appearance.
 */
function canonical(tokens: string[], compare: Compare): string {
  if (compare === 'partition') {
    const id = new Map<string, number>();
    return tokens.map((t) => id.get(t) ?? id.set(t, id.size).get(t)).join(' ');
  }
  if (compare === 'digits') return tokens.map((t) => (/^[1-9]$/.test(t) ? t : '.')).join(' ');
  return tokens.map((t) => (t.includes(compare) ? compare : '.')).join(' ');
}

/**
 * A sw_* text in which each record keeps the lines after its size line that have its
 * column count, up to its row count, and its size line says how many it kept: nine
 * records of sw_Nurikabe (1093_24x17 to 1139_39x20) count their solutions' trailing
 * "[moves]" lines in their row count, which the engine rightly refuses (the native test
 * repairs them the same way).
 */
function repaired(text: string): string {
  return records(text)
    .map((r) => {
      const lines = r.text.split(/\r?\n/).filter((l) => l.trim().length > 0);
      const [rows, columns] = lines[1]!.trim().split(/\s+/).map(Number) as [number, number];
      const kept: string[] = [];
      for (const line of lines.slice(2)) {
        if (line.trim().split(/\s+/).length !== columns || kept.length === rows) break;
        kept.push(line);
      }
      return [lines[0], `${kept.length} ${columns}`, ...kept, ''].join('\n');
    })
    .join('');
}

/** Solves each puzzle; its answer must pass the checker and be the given one, or the puzzle have two. */
function solveAndCompare(genre: string, puzzles: string, solutions: string, sample: number, late?: { timeLimitMs: number; names: string[] }): number {
  // Solutions by name, in order (a name may stand for two records).
  const given = new Map<string, string[][]>();
  for (const r of records(solutions)) given.set(r.name, [...(given.get(r.name) ?? []), r.tokens]);
  const seen = new Map<string, number>();
  const all0 = records(puzzles);
  for (const p of all0) seen.set(p.name, 0);
  let all = records(puzzles);
  if (all.length > sample) all = Array.from({ length: sample }, (_, k) => all[Math.floor((k * all.length) / sample)]!);
  let solved = 0;
  for (const p of all) {
    const options = late ? { timeLimitMs: late.timeLimitMs } : {};
    const r = call({ id: p.name, type: 'solve', genre, puzzle: p.text, options });
    expect(r.error, `${genre} ${p.name}`).toBeUndefined();
    if (late && r.result.status === 'time_limit') {
      late.names.push(p.name);
      continue;
    }
    expect(r.result.answer?.verified, `${genre} ${p.name}: ${r.result.answer?.brokenRule ?? r.result.status}`).toBe(true);
    const k = seen.get(p.name) ?? 0;
    const wanted = given.get(p.name)?.[k];
    seen.set(p.name, k + 1);
    if (wanted === undefined) continue; // a few shared records come without a solution
    const mine = records(r.result.answer.text)[0]!.tokens;
    if (canonical(mine, PENCIL[genre]!.compare) !== canonical(wanted.slice(0, mine.length), PENCIL[genre]!.compare)) {
      const u = call({ type: 'checkUniqueness', genre, puzzle: p.text });
      expect(u.result.unique, `${genre} ${p.name}: differs from the given solution, so it must have two`).toBe(false);
    }
    solved++;
  }
  return solved;
}

const registered = Object.keys(PENCIL).filter((g) => (GENRE_IDS as readonly string[]).includes(g));

describe('every pencil genre on its own records (tests/data/puzzles)', () => {
  it('lists each pencil genre the engine has', () => {
    expect(registered.length).toBeGreaterThanOrEqual(1);
  });
  for (const genre of registered) {
    it(`${genre}: solves, checks and compares every record`, () => {
      const base = `${repoRoot}tests/data/puzzles/${PENCIL[genre]!.own}`;
      expect(solveAndCompare(genre, readFileSync(`${base}.puzzles.txt`, 'utf8'), readFileSync(`${base}.solutions.txt`, 'utf8'), 1000)).toBeGreaterThanOrEqual(8);
    });
  }
});

describe('a spread sample of 30 records of each shared sw_* set (when present)', () => {
  for (const genre of registered) {
    const base = `${sharedDataDir}puzzles/${PENCIL[genre]!.shared}`;
    it.skipIf(!existsSync(`${base}.puzzles.txt`))(`${genre}: 30 records solved in WASM, checked and compared`, () => {
      const nurikabe = genre === 'nurikabe';
      const read = (file: string): string => (nurikabe ? repaired : (t: string) => t)(readFileSync(file, 'utf8'));
      // Two records of this sample, 753_10x10 and 1055_40x57, take the engine 11–17 s in
      // WASM (by model cells, then model stream): within 5 s each, at most those two may
      // go unanswered.
      const late = nurikabe ? { timeLimitMs: 5000, names: [] as string[] } : undefined;
      const solved = solveAndCompare(genre, read(`${base}.puzzles.txt`), read(`${base}.solutions.txt`), 30, late);
      expect(solved).toBeGreaterThanOrEqual(nurikabe ? 25 - 2 : 25);
      if (late) expect(late.names.length, late.names.join(' ')).toBeLessThanOrEqual(2);
    });
  }
});

describe("a genre's default model and the one it goes on as", () => {
  it('Nurikabe names stream, then stream-layers, as its default\'s fallbacks (stream-layers alone for a stream of a quarter); Hitori has none', () => {
    const own = readFileSync(`${repoRoot}tests/data/puzzles/nurikabe.puzzles.txt`, 'utf8');
    const n = call({ type: 'board', genre: 'nurikabe', puzzle: own, index: 1 });
    expect(n.error).toBeUndefined();
    expect(n.result.models[0]).toBe('cells');
    expect(n.result.defaultFallback).toBe('stream');
    expect(n.result.defaultFallbacks).toEqual(['stream', 'stream-layers']);
    // A stream too large for layers (30×30, one 1: 899 × 899 layer variables) stops at stream.
    const big = `30 30\n${Array.from({ length: 30 }, (_, r) => Array.from({ length: 30 }, (_, c) => (r + c === 0 ? '1' : '-')).join(' ')).join('\n')}\n`;
    const b = call({ type: 'board', genre: 'nurikabe', puzzle: big });
    expect(b.error).toBeUndefined();
    expect(b.result.defaultFallbacks).toEqual(['stream']);
    // A stream of at most a quarter of the grid (4×4, an island of 12) goes straight to layers.
    const walls = call({ type: 'board', genre: 'nurikabe', puzzle: '4 4\n12 - - -\n- - - -\n- - - -\n- - - -\n' });
    expect(walls.error).toBeUndefined();
    expect(walls.result.defaultFallbacks).toEqual(['stream-layers']);
    const h = call({ type: 'board', puzzle: 'https://puzz.link/p?hitori/4/4/1114142333214213' });
    expect(h.result.models.length).toBeGreaterThan(0);
    expect(h.result.defaultFallback).toBeUndefined();
    expect(h.result.defaultFallbacks).toBeUndefined();
  });
});

describe('puzz.link URLs in WASM', () => {
  it('solves a Hitori URL without being told its genre, and writes the URL back', () => {
    const url = 'https://puzz.link/p?hitori/4/4/1114142333214213';
    const r = call({ type: 'solve', puzzle: url });
    expect(r.error).toBeUndefined();
    expect(r.result.genre).toBe('hitori');
    expect(r.result.answer.verified).toBe(true);
    const b = call({ type: 'board', puzzle: url });
    expect(b.result.url).toBe(url);
  });
  it('names an unsupported genre and the part of a cut-short body', () => {
    expect(call({ type: 'solve', puzzle: 'https://puzz.link/p?mashu/6/6/1063000i3000' }).error.message).toContain("genre 'mashu', which gridmilp does not solve");
    expect(call({ type: 'solve', puzzle: 'https://puzz.link/p?hitori/4/4/1114' }).error.message).toBe('line 1: URL body: it ends after 4 of 16 cells (is the URL cut short?)');
  });
});

describe('checkUniqueness of a genre puzzle with two answers', () => {
  it('draws the second answer too (secondBoard), its cells differing where differences say; not with board: false', () => {
    // A clue 2 in the corner of a 2×2 grid: its island goes right or down.
    const puzzle = '=== two\n2 2\n2 -\n- -\n';
    const u = call({ type: 'checkUniqueness', genre: 'nurikabe', puzzle });
    expect(u.error).toBeUndefined();
    expect(u.result.unique).toBe(false);
    expect(u.result.secondAnswer.verified).toBe(true);
    // Board items are at doubled coordinates: cell (r, c) at (2r − 1, 2c − 1).
    const shaded = (board: { items: Array<{ kind: string; row: number; column: number; style?: string }> }): string[] =>
      board.items.filter((i) => i.kind === 'shade' && i.style === 'shaded').map((i) => `${(i.row + 1) / 2},${(i.column + 1) / 2}`).sort();
    const first = shaded(u.result.board);
    const second = shaded(u.result.secondBoard);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    // The cells that are shaded in one answer only are the differences.
    const one = [...first.filter((c) => !second.includes(c)), ...second.filter((c) => !first.includes(c))].sort();
    expect(one).toEqual(u.result.differences.map((d: { row: number; column: number }) => `${d.row},${d.column}`).sort());
    expect(call({ type: 'checkUniqueness', genre: 'nurikabe', puzzle, board: false }).result.secondBoard).toBeUndefined();
  });
});
