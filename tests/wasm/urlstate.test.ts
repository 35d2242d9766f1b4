// SPDX-License-Identifier: GPL-3.0-or-later
// The URL state of the page and the embed view (web/src/page/urlstate.ts): pure functions.
import { describe, expect, it } from 'vitest';
import { badStateReason, canonicalGivens, optionProblems, readHash, readState, satCannotSolve, stateHash, unknownParameters, cannotUseSentence } from '../../web/src/page/urlstate';
import { embedProblems, embedSnippet, embedUrl, readEmbed } from '../../web/src/page/embed-state';
import { readData } from './helpers';

const top95 = readData('top95.txt')
  .split('\n')
  .map((l) => l.trim())
  .filter(Boolean);

describe('URL state', () => {
  it('round-trips a puzzle and its options through the hash', () => {
    const p = top95[0]!;
    const state = { size: 9, givens: p, model: 'reduced' as const, method: 'sat' as const, objective: 'diagonal' as const };
    const hash = stateHash(state);
    expect(hash).toBe(`#p=${p}&n=9&model=reduced&method=sat&obj=diagonal`);
    expect(readHash(hash)).toEqual(state);
    // Defaults stay out of the link.
    expect(stateHash({ ...state, model: 'textbook', method: 'branch-and-bound', objective: 'none' })).toBe(`#p=${p}&n=9`);
    // 0–F symbols travel with a 16×16 only.
    const p16 = `1${'.'.repeat(255)}`;
    const hex = { size: 16, givens: p16, model: 'textbook' as const, method: 'branch-and-bound' as const, objective: 'none' as const, symbols: 'hex' as const };
    expect(stateHash(hex)).toBe(`#p=${p16}&n=16&sym=hex`);
    expect(readHash(stateHash(hex))).toEqual(hex);
    expect(readHash(`#p=${p}&n=9&sym=hex`)).toEqual({ ...state, model: 'textbook', method: 'branch-and-bound', objective: 'none' });
  });

  it('keeps a weighted objective in the link: its weights (unless all 1) and its direction', () => {
    const p = top95[0]!;
    const weights = Array.from({ length: 81 }, (_, i) => (i === 0 ? 5 : i === 80 ? -0.5 : 1));
    const state = { size: 9, givens: p, model: 'textbook' as const, method: 'branch-and-bound' as const, objective: 'weighted' as const, weights, minimize: true };
    const hash = stateHash(state);
    expect(hash).toBe(`#p=${p}&n=9&obj=weighted&w=${weights.join(',')}&sense=minimize`);
    expect(readHash(hash)).toEqual(state);
    // All 1 and maximize are the defaults; weights not one per cell are not written.
    const ones = { ...state, weights: new Array<number>(81).fill(1), minimize: false };
    expect(stateHash(ones)).toBe(`#p=${p}&n=9&obj=weighted`);
    expect(readHash(stateHash(ones))).toEqual(ones);
    expect(stateHash({ ...state, weights: [2, 2], minimize: false })).toBe(`#p=${p}&n=9&obj=weighted`);
    // A `w` that is not n·n numbers: all weights 1, and the page says so.
    expect(readHash(`#p=${p}&n=9&obj=weighted&w=1,x`)).toEqual(ones);
    expect(optionProblems(new URLSearchParams(`p=${p}&obj=weighted&w=1,2`))).toEqual(['w: not 81 numbers, one per cell; all weights 1 are used']);
    // The embed view reads the same link.
    const embed = readEmbed(new URLSearchParams(hash.slice(1)));
    expect(embed.weights).toEqual(weights);
    expect(embedProblems(new URLSearchParams(hash.slice(1))).options).toEqual([]);
    expect(embedUrl('http://x/embed.html', embed)).toContain(`obj=weighted&w=${weights.join(',')}&sense=minimize`);
  });

  it('accepts ?bd= with 0 for empty cells and rejects wrong sizes and symbols', () => {
    const p = top95[1]!;
    const zeros = p.replace(/\./g, '0');
    expect(readState(new URLSearchParams(`bd=${zeros}`))?.givens).toBe(p);
    expect(readState(new URLSearchParams(`bd=${p}&n=4`))).toBeNull();
    expect(readState(new URLSearchParams(`p=${p.slice(1)}`))).toBeNull();
    expect(canonicalGivens('12#4')).toBeNull();
    expect(readHash('')).toBeNull();
    // Unknown options fall back to the defaults.
    expect(readHash(`#p=${p}&model=simplex&method=dpll&obj=max`)).toMatchObject({
      model: 'textbook',
      method: 'branch-and-bound',
      objective: 'none',
    });
  });

  it('reads the embed parameters and writes them back into an iframe snippet', () => {
    const p = top95[2]!;
    const state = readEmbed(new URLSearchParams(`p=${p}&method=sat&panels=relaxation,bogus,model&readonly=1`));
    expect(state.panels).toEqual(['board', 'model', 'relaxation']);
    expect(state.method).toBe('sat');
    expect(state.readonly).toBe(true);
    expect(readEmbed(new URLSearchParams('')).panels).toEqual(['board']);
    expect(readEmbed(new URLSearchParams('')).givens).toBe('.'.repeat(81));
    const url = embedUrl('http://example.test/app/embed.html', state);
    expect(url).toBe(`http://example.test/app/embed.html?p=${p}&n=9&method=sat&panels=board,model,relaxation&readonly=1`);
    expect(readEmbed(new URL(url).searchParams)).toEqual(state);
    const snippet = embedSnippet('http://example.test/app/embed.html', state);
    expect(snippet).toMatch(/^<iframe src="http:\/\/example\.test\/app\/embed\.html\?p=/);
    expect(snippet).toContain('&amp;readonly=1');
  });
});

describe('embedProblems', () => {
  const problems = (query: string) => embedProblems(new URLSearchParams(query));
  it('says nothing of a link it reads whole', () => {
    expect(problems(`p=${'.'.repeat(81)}&n=9&panels=board,model,tree&readonly=1&model=reduced&obj=diagonal`)).toEqual({
      puzzle: null,
      options: [],
    });
    expect(problems('')).toEqual({ puzzle: null, options: [] });
  });
  it('names a puzzle it cannot show, with the parameter', () => {
    expect(problems('p=abc').puzzle).toBe('p: its 3 cells are not n×n for any n');
    expect(problems(`bd=${'.'.repeat(81)}&n=8`).puzzle).toBe('bd: n=8 does not match its 81 cells (9×9)');
    expect(problems('n=nine').puzzle).toBe('n=nine: not a side length (a number such as 9)');
  });
  it('names each other parameter it cannot use and what is used instead', () => {
    const p = `p=${'.'.repeat(81)}`;
    expect(problems(`${p}&panels=boerd,modle,tree&readonly=maybe&panel=tree`).options).toEqual([
      'panel: not a parameter of this view (p, bd, n, model, method, obj, w, sense, sym, panels, readonly)',
      "panels: 'boerd' is not a panel (board, model, relaxation, progress, tree)",
      "panels: 'modle' is not a panel (board, model, relaxation, progress, tree)",
      'readonly=maybe: write readonly=1 for a board that cannot be edited; the board can be edited',
    ]);
    expect(problems(`${p}&model=superfast&method=quantum&obj=max&sym=hex`).options).toEqual([
      'model=superfast: not one of textbook, candidates, reduced, probed, packing; textbook is used',
      'method=quantum: not one of branch-and-bound, sat; branch-and-bound is used',
      'obj=max: not one of none, diagonal, firstRow, weighted; none is used',
      'sym=hex: only a 16×16 is shown in 0–F; this puzzle is 9×9',
    ]);
    expect(readEmbed(new URLSearchParams(`${p}&readonly=yes`)).readonly).toBe(true);
  });
  it('names a parameter given twice and which value is used', () => {
    // A teacher's session (2026-12-07): readonly=1&readonly=0 was taken as 1 without a word.
    const p = `p=${'.'.repeat(81)}`;
    expect(problems(`${p}&readonly=1&readonly=0`).options).toEqual(['readonly: given 2 times (1, 0); the first is used']);
    expect(problems(`${p}&readonly=1&readonly=1`).options).toEqual([]);
    expect(problems(`${p}&${p.replace('.', '1')}`).options).toEqual([`p: given 2 times (${'.'.repeat(20)}…, 1${'.'.repeat(19)}…); the first is used`]);
    expect(unknownParameters(new URLSearchParams('model=reduced&model=probed&colour=red'), ['model'], 'a test link')).toEqual([
      'model: given 2 times (reduced, probed); the first is used',
      'colour: not a parameter of a test link (model)',
    ]);
    expect(cannotUseSentence([])).toBe('');
    expect(cannotUseSentence(['a', 'b'])).toBe('The link has what this page cannot use: a; b.');
  });
  it('solves by branch-and-bound where CNF-SAT cannot give the tree or an objective, and says so', () => {
    // The Embed dialog wrote such links; Solve then only failed with "use method branch-and-bound".
    const p = `p=${top95[0]!}`;
    expect(problems(`${p}&method=sat&panels=board,tree`).options).toEqual(['method=sat: the tree panel needs branch-and-bound, which is used']);
    expect(problems(`${p}&method=sat&obj=diagonal`).options).toEqual(['method=sat: an objective needs branch-and-bound, which is used']);
    expect(readEmbed(new URLSearchParams(`${p}&method=sat&panels=tree`)).method).toBe('branch-and-bound');
    expect(readEmbed(new URLSearchParams(`${p}&method=sat&panels=model`)).method).toBe('sat');
    // The packing model maximises the givens kept: CNF-SAT cannot, on the embed as on the main page (app/url.ts).
    expect(problems(`${p}&method=sat&model=packing`).options).toEqual([
      'method=sat: the packing model, which maximises, needs branch-and-bound, which is used',
    ]);
    expect(readEmbed(new URLSearchParams(`${p}&method=sat&model=packing`)).method).toBe('branch-and-bound');
    expect(satCannotSolve({ objective: 'none', model: 'reduced' })).toBeNull();
    const state = { ...readEmbed(new URLSearchParams(p)), method: 'sat' as const, panels: ['board' as const, 'tree' as const] };
    expect(embedUrl('http://example.test/embed.html', state)).toBe(`http://example.test/embed.html?${p}&n=9&panels=board,tree`);
  });
});

describe('badStateReason', () => {
  const reason = (query: string): string | null => badStateReason(new URLSearchParams(query));
  it('says nothing of a usable puzzle or of none', () => {
    expect(reason(`p=${'.'.repeat(81)}&n=9`)).toBeNull();
    expect(reason('n=9')).toBeNull();
    expect(reason('model=reduced')).toBeNull();
  });
  it('names the first character that is not a cell, the cell count, or the disagreeing n', () => {
    expect(reason('p=12<img>')).toBe("its character 3, '<', is not a cell (1-9, A-Z; . 0 - _ * for empty)");
    expect(reason(`bd=${'1'.repeat(80)}`)).toBe('its 80 cells are not n×n for any n');
    expect(reason(`p=${'.'.repeat(81)}&n=16`)).toBe('n=16 does not match its 81 cells (9×9)');
  });
  it('names a given above the side n, which the board would drop in silence', () => {
    const p = top95[0]!;
    expect(reason(`p=A${p.slice(1)}&n=9`)).toBe("its character 1, 'A', is not a given of a 9×9 (1-9; . 0 - _ * for empty)");
    expect(readState(new URLSearchParams(`p=A${p.slice(1)}`))).toBeNull();
    expect(reason(`p=${'.'.repeat(624)}Z`)).toBe("its character 625, 'Z', is not a given of a 25×25 (1-9, A-P; . 0 - _ * for empty)");
    expect(reason(`p=5${'.'.repeat(15)}`)).toBe("its character 1, '5', is not a given of a 4×4 (1-4; . 0 - _ * for empty)");
    expect(readState(new URLSearchParams(`p=G${'.'.repeat(255)}&sym=hex`))?.givens.startsWith('G')).toBe(true);
  });
});

describe('optionProblems', () => {
  it('names what a link asks that no page has, and what is used instead', () => {
    expect(optionProblems(new URLSearchParams('p=1&model=superfast&method=sat&obj=diagonal'))).toEqual([
      'model=superfast: not one of textbook, candidates, reduced, probed, packing; textbook is used',
    ]);
    expect(optionProblems(new URLSearchParams('model=reduced'))).toEqual([]);
  });
  it('names a sense that is not one, and a sense or weights without a weighted objective', () => {
    // sense=minimise maximised without a word (a teacher's link).
    const p = `p=${'.'.repeat(81)}`;
    expect(optionProblems(new URLSearchParams(`${p}&obj=weighted&sense=minimise`))).toEqual([
      'sense=minimise: not one of maximize, minimize; maximize is used',
    ]);
    expect(optionProblems(new URLSearchParams(`${p}&obj=diagonal&sense=minimize`))).toEqual(['sense: only obj=weighted uses it; it is left out']);
    expect(optionProblems(new URLSearchParams(`${p}&obj=weighted&sense=minimize`))).toEqual([]);
  });
});

describe('a puzzle written in rows', () => {
  it('reads givens on lines of their own, or with spaces, as one line', () => {
    // "its character 10, ' ', is not a cell" for a line break (%0A) in p.
    const rows = top95[0]!.match(/.{9}/g)!;
    expect(readState(new URLSearchParams({ p: rows.join('\n') }))?.givens).toBe(readState(new URLSearchParams({ p: top95[0]! }))?.givens);
    expect(canonicalGivens(rows.join(' '))).toBe(canonicalGivens(top95[0]!));
    expect(badStateReason(new URLSearchParams({ p: `${rows.join('\n')}\n<` }))).toBe("its character 82, '<', is not a cell (1-9, A-Z; . 0 - _ * for empty)");
  });
});
