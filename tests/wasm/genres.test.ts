// SPDX-License-Identifier: GPL-3.0-or-later
// The genre route of the real WASM module (the SAT module, as the npm package ships it):
// killer and jigsaw Sudoku records solved and checked here, without the engine's own
// rule checker, against the rules and the given solutions.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENRE_IDS, GENRE_TITLES } from '../../web/src/solver/genre';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { hasSharedData, loadModule, repoRoot, sharedDataDir } from './helpers';

let module: GridmilpModule;

beforeAll(async () => {
  module = await loadModule('gridmilp_wasm_sat');
});

function call(request: unknown): { result?: any; error?: any } {
  return JSON.parse(module.handleRequest(JSON.stringify(request)));
}

/** One janko-style record: header, size, and its blocks of rows of tokens. */
interface Rec {
  header: string;
  n: number;
  blocks: string[][][];
  text: string;
}

/** Splits an sw_* text into records (read here, not by the engine). */
function records(text: string, blocks: number): Rec[] {
  return text
    .split(/^(?==== )/m)
    .filter((t) => t.trim().length > 0)
    .map((t) => {
      const lines = t.split(/\r?\n/).filter((l) => l.trim().length > 0);
      const n = Number(lines[1]!.split(/\s+/)[0]);
      const rows = lines.slice(2).map((l) => l.trim().split(/\s+/));
      return {
        header: lines[0]!.slice(4),
        n,
        blocks: Array.from({ length: blocks }, (_, k) => rows.slice(k * n, (k + 1) * n)),
        text: t,
      };
    });
}

/**
 * Problems of an answer (cells row by row) by the rules: rows, columns, the regions of
 * `region` (one id per cell), givens, and cages (`cage` ids with their sums).
 */
function problems(n: number, cells: number[], region: string[], givens: number[], cages?: { id: string[]; sum: number[] }): string[] {
  const out: string[] = [];
  const units = new Map<string, number[]>();
  for (let i = 0; i < n * n; i++) {
    for (const key of [`row ${Math.floor(i / n)}`, `column ${i % n}`, `region ${region[i]}`]) {
      units.set(key, [...(units.get(key) ?? []), cells[i]!]);
    }
    if (givens[i]! > 0 && givens[i] !== cells[i]) out.push(`given changed at ${i}`);
  }
  for (const [name, values] of units) {
    if ([...values].sort((a, b) => a - b).join() !== Array.from({ length: n }, (_, k) => k + 1).join()) out.push(name);
  }
  if (cages) {
    const sums = new Map<string, number[]>();
    cages.id.forEach((id, i) => sums.set(id, [...(sums.get(id) ?? []), cells[i]!]));
    const wanted = new Map<string, number>();
    cages.id.forEach((id, i) => cages.sum[i]! > 0 && wanted.set(id, cages.sum[i]!));
    for (const [id, values] of sums) {
      if (new Set(values).size !== values.length) out.push(`cage ${id} repeats a digit`);
      if (values.reduce((a, b) => a + b, 0) !== wanted.get(id)) out.push(`cage ${id} sum`);
    }
  }
  return out;
}

const boxRegion = (n: number, h: number, w: number): string[] =>
  Array.from({ length: n * n }, (_, i) => `${Math.floor(Math.floor(i / n) / h)},${Math.floor((i % n) / w)}`);
const boxOf: Record<number, [number, number]> = { 4: [2, 2], 6: [2, 3], 9: [3, 3] };
const num = (t: string): number => (t === '-' ? 0 : Number(t));

/** Solves each record and checks it; returns how many differ from the given solution. */
function solveAll(genre: 'killer' | 'jigsaw', puzzles: Rec[], solutions: Rec[]): number {
  let differ = 0;
  puzzles.forEach((p, k) => {
    const r = call({ id: k, type: 'solve', genre, puzzle: p.text });
    expect(r.error, p.header).toBeUndefined();
    expect(r.result.status, p.header).toBe('optimal');
    expect(r.result.stats.method, p.header).toBe('sat');
    const cells: number[] = r.result.answer.cells;
    const first = p.blocks[0]!.flat();
    const second = p.blocks[1]!.flat();
    const found =
      genre === 'killer'
        ? problems(p.n, cells, boxRegion(p.n, ...boxOf[p.n]!), [], { id: second, sum: first.map(num) })
        : problems(p.n, cells, second, first.map(num));
    expect(found, p.header).toEqual([]);
    expect(r.result.answer.verified, p.header).toBe(true);
    const given = solutions[k]!.blocks[0]!.flat().map(Number);
    if (given.join() !== cells.join()) {
      differ++;
      const u = call({ id: k, type: 'checkUniqueness', genre, puzzle: p.text });
      expect(u.result.unique, `${p.header}: differs from the given solution, so it must not be unique`).toBe(false);
    }
  });
  return differ;
}

const own = '=== own_4x4\n4 4\n3 - 7 -\n7 - 3 -\n3 - 7 -\n7 - 3 -\na a b b\nc c d d\ne e f f\ng g h h\n';

describe('the genre route', () => {
  it('lists the genres in the version, as the TypeScript types, the page and its picker do', () => {
    const genres: Array<{ id: string; title: string }> = call({ type: 'version' }).result.genres;
    expect(genres.map((g) => g.id)).toEqual([...GENRE_IDS]);
    // The page's genre picker (web/index.html) and the titles table say the same.
    const html = readFileSync(`${repoRoot}web/index.html`, 'utf8');
    const select = html.slice(html.indexOf('<select id="genre">'), html.indexOf('</select>', html.indexOf('<select id="genre">')));
    const options = [...select.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => ({ id: m[1], title: m[2] }));
    expect(options).toEqual(genres);
    expect(genres).toEqual(GENRE_IDS.map((id) => ({ id, title: GENRE_TITLES[id] })));
  });

  it("reads puzz.link's ids as the genres they name", () => {
    for (const [alias, genre] of [['starbattle', 'star-battle'], ['lightup', 'akari'], ['kurodoko', 'kuromasu'], ['slither', 'slitherlink']]) {
      const r = call({ type: 'parse', genre: alias, text: '=== a\n1 1\n-\n' });
      expect(r.error?.message ?? '', alias).not.toContain('Unknown genre');
      if (r.result) expect(r.result.genre, alias).toBe(genre);
    }
  });

  it('refuses an unknown genre, naming the ones there are', () => {
    const r = call({ type: 'solve', genre: 'masyu', puzzle: '1' });
    expect(r.error.code).toBe('bad_request');
    expect(r.error.message).toContain("Unknown genre 'masyu': one of sudoku, killer, jigsaw");
  });

  it('solves a killer of its own and draws its cages on the board', () => {
    const r = call({ type: 'solve', genre: 'killer', puzzle: own });
    expect(r.result.answer.verified).toBe(true);
    expect(r.result.answer.text.startsWith('=== own_4x4\n4 4\n')).toBe(true);
    const cages = r.result.board.items.filter((i: { kind: string }) => i.kind === 'cage');
    expect(cages).toHaveLength(8);
    expect(cages[0]).toMatchObject({ row: 1, column: 1, text: '3', cells: [[1, 1], [1, 3]] });
    const walls = r.result.board.items.filter((i: { kind: string }) => i.kind === 'wall');
    expect(walls.length).toBe(8); // the 2×2 boxes' inner borders: 4 edges each way
  });

  it('answers the formulation with the cage rows and their cells', () => {
    const r = call({ type: 'formulation', genre: 'killer', puzzle: own, options: { model: 'textbook' } });
    const cage = r.result.formulation.groups.find((g: { id: string }) => g.id === 'cage');
    expect(cage.tex).toContain('d\\,x_{r,c,d} = s_k');
    expect(cage.rows[0]).toEqual({ name: 'cage[1]', cells: [[1, 1], [1, 2]] });
  });

  it('keeps the text and says where a bad cage is', () => {
    const bad = own.replace('3 - 7 -\n7 - 3 -\na', '3 - 7 -\n18 - 3 -\na');
    const r = call({ type: 'parse', genre: 'killer', text: bad });
    expect(r.error.code).toBe('parse_error');
    expect(r.error.message).toContain("cage 'g' has 2 cells and sum 18");
    expect(r.error.where.cells).toEqual([{ row: 4, column: 1 }, { row: 4, column: 2 }]);
  });

  it('draws the LP relaxation as candidate marks', () => {
    const r = call({ type: 'relax', genre: 'latin-square', puzzle: '3 3\n1 - -\n- - -\n- - -\n' });
    const marks = r.result.board.items.filter((i: { kind: string }) => i.kind === 'candidate');
    expect(marks.length).toBeGreaterThan(0);
    for (const m of marks) expect(m.value).toBeGreaterThan(0);
  });
});

describe("gridmilp's own killer and jigsaw records (tests/data, in every clone)", () => {
  const own = (name: string): string => readFileSync(`${repoRoot}tests/data/variants/${name}`, 'utf8');
  it('solves and checks them all, each answer the given one (they are unique)', () => {
    expect(solveAll('killer', records(own('killer.puzzles.txt'), 2), records(own('killer.solutions.txt'), 1))).toBe(0);
    expect(solveAll('jigsaw', records(own('jigsaw.puzzles.txt'), 2), records(own('jigsaw.solutions.txt'), 1))).toBe(0);
  });
});

// The shared data folder ($GRIDMILP_DATA_DIR, else ../shared/data); skipped without it.
const shared = (name: string): string => readFileSync(`${sharedDataDir}${name}`, 'utf8');
const killer = 'variants/killer_sudoku/sw_KillerSudoku';
const jigsaw = 'variants/jigsaw_sudoku/sw_JigsawSudoku';

describe.skipIf(!hasSharedData(`${killer}.puzzles.txt`))('every killer record (shared data)', () => {
  it('solves and checks all 405', () => {
    const p = records(shared(`${killer}.puzzles.txt`), 2);
    const s = records(shared(`${killer}.solutions.txt`), 1);
    expect(p).toHaveLength(405);
    const differ = solveAll('killer', p, s);
    expect(differ).toBeLessThan(10);
  });
});

describe.skipIf(!hasSharedData(`${jigsaw}.puzzles.txt`))('every jigsaw record (shared data)', () => {
  it('solves and checks all 340', () => {
    const p = records(shared(`${jigsaw}.puzzles.txt`), 2);
    const s = records(shared(`${jigsaw}.solutions.txt`), 1);
    expect(p).toHaveLength(340);
    const differ = solveAll('jigsaw', p, s);
    expect(differ).toBeLessThan(10);
  });
});
