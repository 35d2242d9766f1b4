// SPDX-License-Identifier: GPL-3.0-or-later
//
// What the generators of region genres share (star_battle.mjs, norinori.mjs): regions
// grown at random from seed cells, merged in adjacent pairs, renumbered for the record,
// and the uniqueness loop (makeUnique) that moves one cell at a time to a neighbouring
// region while the engine lists more than one answer. An answer stays an answer when
// only cells it leaves empty move (each region keeps its count); an answer that marks
// the moved cell loses its count there.
import { cliRequestSync } from '../cli-requests.mjs';
import { below, shuffled } from './common.mjs';
const STEPS = [[-1, 0], [1, 0], [0, -1], [0, 1]];

/** The orthogonal neighbours of a cell inside an n × n grid. */
export const around = (cell, n) =>
  STEPS.map(([dr, dc]) => [Math.floor(cell / n) + dr, (cell % n) + dc])
    .filter(([r, c]) => r >= 0 && r < n && c >= 0 && c < n)
    .map(([r, c]) => r * n + c);

/** Whether the cells of `region` with id `id` are connected (n × n grid). */
export function connected(region, id, n) {
  const cells = region.flatMap((r, cell) => (r === id ? [cell] : []));
  if (cells.length === 0) return true;
  const seen = new Set([cells[0]]);
  const stack = [cells[0]];
  while (stack.length > 0) {
    for (const next of around(stack.pop(), n)) {
      if (region[next] === id && !seen.has(next)) seen.add(next), stack.push(next);
    }
  }
  return seen.size === cells.length;
}

/** Regions grown at random from `seeds` (region k from seeds[k]) over the cells that are not blocked (-1). */
export function grow(random, n, seeds, blocked) {
  const region = Array(n * n).fill(null);
  blocked.forEach((cell) => (region[cell] = -1));
  seeds.forEach((cell, id) => (region[cell] = id));
  let open = region.filter((r) => r === null).length;
  while (open > 0) {
    const id = below(random, seeds.length);
    const frontier = region.flatMap((r, cell) => (r === id ? around(cell, n).filter((next) => region[next] === null) : []));
    if (frontier.length === 0) continue;
    region[frontier[below(random, frontier.length)]] = id;
    open--;
  }
  return region;
}

/** Merges adjacent regions in pairs: null when no pairing is found. */
export function pairUp(random, n, region, count) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const partner = Array(count).fill(-1);
    let ok = true;
    for (const id of shuffled(random, [...Array(count).keys()])) {
      if (partner[id] !== -1) continue;
      const touching = new Set();
      region.forEach((r, cell) => {
        if (r === id) for (const next of around(cell, n)) if (region[next] >= 0 && region[next] !== id && partner[region[next]] === -1) touching.add(region[next]);
      });
      if (touching.size === 0) {
        ok = false;
        break;
      }
      const other = [...touching][below(random, touching.size)];
      partner[id] = other;
      partner[other] = id;
    }
    if (ok) return region.map((r) => (r < 0 ? r : Math.min(r, partner[r])));
  }
  return null;
}

/** The record's tokens: regions renumbered 1, 2, … in reading order; blocked cells (-1) as `marks` says. */
export function tokens(region, marks = new Map()) {
  const number = new Map();
  return region.map((r, cell) => {
    if (r === -1) return marks.get(cell);
    if (!number.has(r)) number.set(r, number.size + 1);
    return String(number.get(r));
  });
}

/** Up to `limit` answers of one record from the engine: `{ count, complete, answers }`. */
export function answersOf(genre, text, limit) {
  const message = cliRequestSync({ type: 'enumerate', genre, limit, puzzle: text });
  if (message.error) throw new Error(`${genre}: ${message.error.message}\n${text}`);
  return message.result;
}

/**
 * Moves cells between regions until the engine finds one answer: `{ text, answer }`, or
 * null when it gives up. Each round lists up to 20 answers and moves the cell, left empty
 * by a kept answer, that the most other answers mark: each of those loses its count
 * there, and the kept answer stays an answer, so the puzzle never loses every answer.
 * The kept answer is the planted one or, when a listed answer allows a better move,
 * that one from then on. When no such move exists, any cell the kept answer leaves empty
 * moves (reshaping the regions).
 *
 * @param genre the genre id
 * @param random the seeded generator
 * @param n the side
 * @param region region per cell (-1 for blocked cells)
 * @param planted 1 per cell the planted answer marks
 * @param text (region) → the puzzle record
 */
export function makeUnique(genre, random, n, region, planted, text) {
  for (let step = 0; step < 100; step++) {
    const puzzle = text(region);
    const result = answersOf(genre, puzzle, 20);
    if (result.count === 0) return null;
    if (result.count === 1 && result.complete) return { text: puzzle, answer: result.answers[0].text };
    const answers = result.answers.map((a) => a.cells);
    let best = [];
    let bestScore = -1;
    for (const kept of [planted, ...answers]) {
      for (let cell = 0; cell < n * n; cell++) {
        if (kept[cell] || region[cell] < 0) continue;
        const score = answers.filter((cells) => cells[cell] === 1).length;
        if (score < bestScore) continue;
        for (const next of around(cell, n)) {
          if (region[next] < 0 || region[next] === region[cell]) continue;
          const moved = [...region];
          moved[cell] = region[next];
          if (!connected(moved, region[cell], n)) continue;
          if (score > bestScore) (best = []), (bestScore = score);
          best.push({ moved, kept });
        }
      }
    }
    if (best.length === 0) return null;
    const chosen = best[below(random, best.length)];
    region = chosen.moved;
    planted = chosen.kept;
  }
  return null;
}
