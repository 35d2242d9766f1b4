// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The names batch downloads are saved under, shared by the Sudoku page's batch panel
 * (page/batch.ts) and the genre page's Solve all downloads (page/genre/view.ts,
 * page/genre/actions/sheets.ts). A module of its own, which the first solve's main
 * module does not import, so that it stays out of the first solve's download (the
 * weight test's 250,000 bytes).
 */

/**
 * The name a batch's download is saved as: the file it came from without its extension,
 * then `-what.ext` ("p096_sudoku-results.xlsx"), or `fallback-what.ext` for a text pasted
 * or typed, or a name that leaves nothing (downloads of several files were all
 * "gridmilp-results.xlsx", told apart only by the browser's " (1)").
 *
 * @param fileName the name of the file the batch was read from (a text file's or a
 *   workbook's), or `undefined` for a text the page was given otherwise
 * @param what `results` or `solutions`
 * @param ext the extension, without its dot
 * @param fallback the stem without a file: `gridmilp` on the Sudoku page, the genre's id
 *   (`nurikabe`) on the genre page
 * @returns the file's name
 */
export function savedName(fileName: string | undefined, what: string, ext: string, fallback = 'gridmilp'): string {
  // Characters a file system refuses are dropped.
  const stem = (fileName ?? '').replace(/\.[^.]*$/, '').replace(/[\\/:*?"<>|\x00-\x1f]+/g, '_').trim();
  return `${stem || fallback}-${what}.${ext}`;
}
