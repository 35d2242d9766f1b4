// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The type guard that gives a text read at run time (a file of URLs) the signatures of a
 * puzz.link URL, without WebAssembly: the same test the engine makes.
 */
import { looksLikeUrl } from '../solver/url-text.js';
import type { PuzzLinkUrl } from './types.js';

/**
 * Whether the engine reads `text` as puzz.link or pzv.jp URLs, one a line: its first
 * line that is not blank or a `#` comment starts with `http://`, `https://`,
 * `puzz.link/` or `pzv.jp/` (in any case) and holds a `?` (cpp/puzzles/common/
 * puzzlink.cpp). When true, `text` is typed as a {@link PuzzLinkUrl}, so that
 * `solver.solveMany(text)` (and `solve`, `checkUniqueness`…) without `genre` get the
 * result types of a URL, which name its genre:
 *
 * ```ts
 * const text = readFileSync('urls.txt', 'utf8');
 * if (isPuzzLinkUrl(text)) {
 *   const many = solver.solveMany(text);
 *   if ('genre' in many) console.log(many.items.map((item) => item.answer?.text));
 *   else console.log(many.items.map((item) => item.solution)); // Sudoku URLs alone
 * }
 * ```
 *
 * It says nothing of the lines after the first: a line that cannot be read is left out
 * of a batch with its error (`refused`), and a text of none readable throws.
 *
 * @param text any text (anything but a string gives false)
 * @returns true when the text is read as URLs
 */
export function isPuzzLinkUrl(text: string): text is PuzzLinkUrl {
  return typeof text === 'string' && looksLikeUrl(text);
}
