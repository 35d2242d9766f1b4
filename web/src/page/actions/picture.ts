// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Download SVG / PNG on the Sudoku page (issue #22, "download the board"): the engine
 * draws the board description (a `board` request of genre `sudoku`, the solution as its
 * `answer`: protocol.md) and the genre page's renderer makes the picture, so a Sudoku
 * looks as every other genre's download does. Fetched on the first click, so a first
 * solve does not download the renderer.
 */
import type { Board, GenreResultHead } from '../../solver/genre';
import type { SudokuGenreFields } from '../../solver/protocol';
import type { Page } from '../app/page';
import { saveBlob } from '../shared';
import { displaySymbol, valueOfChar } from '../format';

/**
 * Save the board as `format`: the givens, and the solution's other digits when solved.
 *
 * @param page the page (its board, client and status line)
 * @param format `svg` (text, scales without loss) or `png` (2 pixels per SVG unit)
 */
export async function savePicture(page: Page, format: 'svg' | 'png'): Promise<void> {
  const { board, client, jobs } = page;
  const { size, boxHeight, boxWidth } = board.shape;
  const solution = board.getSolution();
  try {
    const [{ renderBoard, svgText, pngBlob }, drawn] = await Promise.all([
      import('../genre/board-svg'),
      client.genre<GenreResultHead & { board: Board }>({
        type: 'board',
        genre: 'sudoku',
        size,
        boxHeight, // the board's boxes, usual or not (3×2 on a 6×6)
        boxWidth,
        puzzle: board.getGivens(),
        ...(solution ? { answer: [...solution].map(valueOfChar) } : {}),
      }),
    ]);
    const what = solution ? 'solution' : 'puzzle';
    // The engine writes values as numbers (10 for the tenth symbol): drawn as the board
    // shows them (A–G on 16×16, or 0–F).
    const hex = board.hexSymbols;
    const symbolOf = (text: string): string => (/^\d+$/.test(text) ? displaySymbol(Number(text), hex) : text);
    const svg = renderBoard(drawn.board, `Sudoku ${size}×${size}, ${what}`, symbolOf, true); // a Sudoku's boxes: not named as regions
    const name = `gridmilp-${what}.${format}`;
    saveBlob(format === 'svg' ? new Blob([svgText(svg)], { type: 'image/svg+xml' }) : await pngBlob(svg), name);
    jobs.setStatus(`Saved ${name}: ${solution ? 'givens bold, solved digits blue' : 'the givens'}, box walls drawn.`, 'ok');
  } catch (e) {
    jobs.showError(e, false);
  }
}

/**
 * The board description a Sudoku result carries (its request named `genre: 'sudoku'`),
 * drawn by the genre page's renderer and cropped to lie over the Sudoku page's grid
 * (board.ts `showPicture`), its numbers in the page's symbols (A–G on 16×16, or 0–F in
 * the hex convention). The renderer is fetched on the first call.
 *
 * @param result a Sudoku result of a request that named its genre
 * @param label the picture's name ("LP relaxation, Sudoku 9×9")
 * @param hex whether the board shows 0–F (board.ts `hexSymbols`)
 * @param legendIn the board's box, where the picture's legend goes (genre/legend.ts): it
 *   shows while the picture lies over the grid
 * @returns the `<svg>`, scaling to its box, and per cell (row by row) what it says of
 *   the cell's LP relaxation ('' for nothing), for the grid's labels
 * @throws Error when the result has no board (the first-solve module answered: it draws no boards)
 */
export async function gridPicture(
  result: SudokuGenreFields,
  label: string,
  hex: boolean,
  legendIn?: HTMLElement,
): Promise<{ svg: SVGSVGElement; words: string[] }> {
  const drawn = result.board;
  if (drawn === undefined) throw new Error('The engine sent no board description to draw (the first-solve module draws none).');
  const [{ renderBoard, cropToGrid, relaxationWords }, { placeLegend }] = await Promise.all([import('../genre/board-svg'), import('../genre/legend')]);
  // The engine writes values as numbers (10 for the tenth symbol): shown as the page shows them.
  const symbolOf = (text: string): string => (/^\d+$/.test(text) ? displaySymbol(Number(text), hex) : text);
  const svg = renderBoard(drawn, label, symbolOf, true); // a Sudoku's boxes: not named as regions
  cropToGrid(svg, drawn);
  if (legendIn) placeLegend(legendIn, drawn);
  return { svg, words: relaxationWords(drawn, symbolOf) };
}
