// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A text of puzz.link URLs pasted on the Sudoku page: the engine (the module with the
 * genres) names its genre; a Sudoku goes to the Sudoku loader as its givens, any other
 * genre to the genre page as records. Fetched on the first such paste, so that it is not
 * part of what a first solve downloads.
 */
import type { GenreId } from '../../solver/genre';
import type { SolverClient } from '../../solver/client';
import type { GenreView } from '../genre/view';
import type { JobRunner } from '../app/jobs';
import type { PuzzleLoader } from './load';
import { messageOf } from '../shared';

/** What opening a URL needs of the Sudoku page (main.ts). */
export interface UrlHost {
  readonly client: SolverClient;
  readonly jobs: JobRunner;
  readonly loader: PuzzleLoader;
  /** The genre page once loaded (it may be hidden), else null. */
  readonly genreView: Promise<GenreView> | null;
  /** Show `genre`'s page with `text` in place of its example. */
  showGenre(genre: GenreId, text?: string): void;
}

/**
 * Opens a text of puzz.link URLs. While the solver is busy (either page's job) it is
 * refused, saying so, so that a paste is never dropped without a word. On an error the
 * engine's message (which part of the URL is wrong, or which genre it names) is shown
 * on the status line of the page on screen, scrolled into view, and nothing the user
 * had changes.
 *
 * @param host the Sudoku page
 * @param text the pasted URLs, one a line
 */
export async function openUrl(host: UrlHost, text: string): Promise<void> {
  const genreShown = host.genreView !== null && document.getElementById('sudoku-play')?.hidden === true;
  const view = genreShown ? await host.genreView! : null;
  const runner = view?.jobs ?? host.jobs;
  // The status line may be below the fold (the genre page's is under its panels): a paste
  // that is refused brings it into view, or nothing would seem to happen.
  const say = (message: string, kind: 'warning' | 'error'): void => {
    if (view !== null) view.say(message, kind);
    else host.jobs.setStatus(message, kind);
    runner.controls.status.scrollIntoView?.({ block: 'nearest' });
  };
  const busy = runner.job !== null ? runner : runner.busyElsewhere();
  if (busy !== null) {
    const where = busy === runner ? '' : ` on ${busy.controls.pageName()}`;
    say(`The solver is busy${where}: paste the URL again when it is done, or press Stop${where ? ' there' : ''} first.`, 'warning');
    return;
  }
  let parsed: { genre?: GenreId; records?: string; puzzles: Array<{ givens?: string }> };
  try {
    parsed = await host.client.genre({ type: 'parse', text });
  } catch (e) {
    say(`The pasted URL: ${messageOf(e)}`, 'error');
    return;
  }
  const select = document.getElementById('genre') as HTMLSelectElement | null;
  const genre = parsed.genre ?? 'sudoku'; // the Sudoku route's parse names no genre
  if (genre === 'sudoku') {
    if (select !== null && select.value !== 'sudoku') {
      select.value = 'sudoku';
      select.dispatchEvent(new Event('change'));
    }
    await host.loader.loadText(parsed.puzzles.map((p) => p.givens ?? '').join('\n'), 'the pasted URL');
    return;
  }
  if (select !== null) select.value = genre;
  host.showGenre(genre, parsed.records ?? text);
}
