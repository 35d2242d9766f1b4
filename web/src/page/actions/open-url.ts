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
import { whenFree } from '../app/when-free';
import { STATE_PARAMETERS, readGenreHash, readHash, readState, stateHash } from '../urlstate';
import { messageOf } from '../shared';
import { endedByRestart } from '../../solver/protocol';

/** What opening a URL needs of the Sudoku page (main.ts). */
export interface UrlHost {
  readonly client: SolverClient;
  readonly jobs: JobRunner;
  readonly loader: PuzzleLoader;
  /** The genre page once loaded (it may be hidden), else null. */
  readonly genreView: Promise<GenreView> | null;
  /**
   * Show `genre`'s page with `text` in place of its example, saying with its board what
   * the paste left out (`leftOut`, one message each, in the paste's line order).
   */
  showGenre(genre: GenreId, text?: string, leftOut?: LeftOutLine[]): void;
}

/** A line of a paste left out of the text shown: its 1-based line and why. */
export interface LeftOutLine {
  line: number;
  message: string;
}

/**
 * A pasted link to a gridmilp page (an address copied from another tab, an embed's
 * `src`, a `?bd=` link): opened as the address bar would open it, a new history entry,
 * its problems said as a link's are (app/url.ts). Read as a puzz.link URL, it gave "a
 * puzzle of genre 'bd=…'" or "'h' is not a symbol" (a user's session, 2026-12-07).
 *
 * @param jobs the Sudoku page's jobs, for the status line
 * @param pasted the pasted text (&amp; read as &, as in a snippet's src)
 * @returns whether it was such a link (one line: a URL whose hash names a puzzle or a
 *   genre, `#p=…`, `#n=…`, `#genre=…`, or whose query names a puzzle, `?p=…`, `?bd=…`)
 */
export function openPageLink(jobs: JobRunner, pasted: string): boolean {
  // One line: the URL parser drops line breaks, so two links would read as one.
  if (/\s/.test(pasted.trim())) return false;
  // An Embed snippet's src, copied out of its HTML, has its & written &amp;.
  const text = pasted.trim().replace(/&amp;/g, '&');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  // Another site's link only when it names a puzzle this page reads (a forum's `?p=123`
  // is no puzzle); this page's own, to say what is wrong with it.
  const ours = url.origin === location.origin;
  const hash = new URLSearchParams(url.hash.slice(1));
  const query = new URLSearchParams();
  for (const key of STATE_PARAMETERS) {
    const value = url.searchParams.get(key);
    if (value !== null) query.set(key, value);
  }
  // A query's puzzle goes into the hash as this page writes it (#p=…), unless it does
  // not read: then as it is, for the page to say why.
  const fromQuery = readState(query);
  const hashReads = ours || readGenreHash(url.hash) !== null || readHash(url.hash) !== null;
  const own =
    ['genre', 'p', 'n'].some((key) => hash.has(key)) && hashReads
      ? url.hash
      : (query.has('p') || query.has('bd')) && (ours || fromQuery !== null)
        ? fromQuery !== null
          ? stateHash(fromQuery)
          : `#${query}`
        : null;
  if (own === null) return false;
  if (own === location.hash) jobs.setStatus('The pasted link is of the puzzle shown.', 'info');
  else location.hash = own; // hashchange: UrlSync and main.ts open it
  return true;
}

/** What main.ts calls an address's puzz.link URL (openLinkedGenre). */
const LINK_SOURCE = "the link's URL";

/** The address's URL to open when the solver is free, and the address it was read from; null when none waits. */
let waitingLink: { text: string; hash: string; linkedGenre?: GenreId } | null = null;

/**
 * Opens a text of puzz.link URLs. While the solver is busy (either page's job) a paste
 * is refused, saying so, so that a paste is never dropped without a word; an address's
 * URL is opened when the solver is free. On an error the
 * engine's message (which part of the URL is wrong, or which genre it names) is shown
 * on the status line of the page on screen, scrolled into view, and nothing the user
 * had changes.
 *
 * @param host the Sudoku page
 * @param text the pasted URLs, one a line
 * @param source what the messages call the text: "the pasted URL" (a paste), "the
 *   link's URL" (an address's `#genre=…&pzl=…`, main.ts openLinkedGenre)
 * @param linkedGenre the genre an address names with its URL: a URL that does not read
 *   (cut short by a chat program, say) is shown in that genre's text, with the error on
 *   its page, rather than said on the Sudoku page and lost
 */
export async function openUrl(host: UrlHost, text: string, source = 'the pasted URL', linkedGenre?: GenreId): Promise<void> {
  const Source = source.charAt(0).toUpperCase() + source.slice(1);
  const genreShown = host.genreView !== null && document.getElementById('sudoku-play')?.hidden === true;
  const view = genreShown ? await host.genreView! : null;
  const runner = view?.jobs ?? host.jobs;
  // The status line may be below the fold (the genre page's is under its board): a paste
  // that is refused brings it into view, or nothing would seem to happen.
  const say = (message: string, kind: 'warning' | 'error'): void => {
    if (view !== null) view.say(message, kind);
    else host.jobs.setStatus(message, kind);
    runner.controls.status.scrollIntoView?.({ block: 'nearest' });
  };
  const busy = runner.job !== null ? runner : runner.busyElsewhere();
  if (busy !== null) {
    const where = busy === runner ? '' : ` on ${busy.controls.pageName()}`;
    if (source === LINK_SOURCE) {
      // An address followed (Back or Forward to a puzzle's entry, a link) is opened
      // when the solver is free, as a record's text is (GenreView.readText): the page
      // shows the entry gone to, not the one left.
      const hash = location.hash;
      say(`The solver is busy${where}: the link's puzzle is opened when it is done, or press Stop${where ? ' there' : ''}.`, 'warning');
      // One wait for all: Back and Forward pressed again meanwhile change only which URL.
      const watched = waitingLink !== null;
      waitingLink = { text, hash, ...(linkedGenre !== undefined ? { linkedGenre } : {}) };
      if (!watched) {
        whenFree(() => {
          const link = waitingLink!;
          waitingLink = null;
          if (location.hash === link.hash) void openUrl(host, link.text, source, link.linkedGenre);
        });
      }
      return;
    }
    say(`The solver is busy${where}: paste the URL again when it is done, or press Stop${where ? ' there' : ''} first.`, 'warning');
    return;
  }
  let parsed: {
    genre?: GenreId;
    records?: string;
    puzzles: Array<{ givens?: string; genre?: GenreId; line?: number; name?: string; header?: string }>;
    refused?: Array<{ line: number; error: { message: string } }>;
  };
  const select = document.getElementById('genre') as HTMLSelectElement | null;
  try {
    parsed = await host.client.genre({ type: 'parse', text });
  } catch (e) {
    if (linkedGenre !== undefined && linkedGenre !== 'sudoku' && !endedByRestart(e)) {
      // The genre's page reads the URL as its text and says what is wrong with it there.
      if (select !== null) select.value = linkedGenre;
      host.showGenre(linkedGenre, text);
      return;
    }
    say(`${Source}: ${messageOf(e)}`, 'error');
    return;
  }
  // The Sudoku route's parse names no genre; a text of several genres shows the first
  // other than Sudoku (the genres' route read it: its Sudoku puzzles carry no givens).
  const genre = parsed.puzzles.find((p) => p.genre !== undefined && p.genre !== 'sudoku')?.genre ?? parsed.genre ?? 'sudoku';
  // Lines that could not be read: said, not dropped in silence.
  const unread = (parsed.refused ?? []).map((r) => r.error.message);
  // Each puzzle's name by its line in the paste (url-N), kept if the lines are read again.
  const names = parsed.puzzles.map((p, k) => p.name ?? `url-${k + 1}`);
  if (genre === 'sudoku' && parsed.puzzles.some((p) => p.givens === undefined)) {
    // Read on the genres' route (the other genre's lines could not be read): the Sudoku
    // lines again, on Sudoku's, for their givens.
    const lines = text.split('\n');
    try {
      parsed = await host.client.genre({ type: 'parse', text: parsed.puzzles.map((p) => lines[(p.line ?? 1) - 1]).join('\n') });
    } catch (e) {
      say(`${Source}: ${messageOf(e)}`, 'error');
      return;
    }
  }
  if (genre === 'sudoku') {
    if (select !== null && select.value !== 'sudoku') {
      select.value = 'sudoku';
      select.dispatchEvent(new Event('change'));
    }
    // One URL: its givens. Several: records, each of its own size and named by its
    // line's url-N with its URL (the header the engine wrote: "url-N source=…").
    const givens = parsed.puzzles.map((p) => p.givens ?? '');
    const header = (k: number): string => {
      const own = parsed.puzzles[k]!.header ?? '';
      return names[k]! + own.slice(own.indexOf(' ') < 0 ? own.length : own.indexOf(' '));
    };
    await host.loader.loadText(
      givens.length === 1 ? givens[0]! : givens.map((g, k) => sudokuRecord(header(k), g)).join(''),
      givens.length + unread.length > 1 && source === 'the pasted URL' ? 'the pasted URLs' : source,
      undefined,
      unread,
    );
    return;
  }
  if (select !== null) select.value = genre;
  // A page shows one genre: the first URL's. URLs of other genres and lines that could
  // not be read are left out, each named in the paste's order, so that nothing pasted
  // goes without a word.
  const records = recordsOf(parsed.records ?? '');
  const shown = records.length === parsed.puzzles.length ? parsed.puzzles.map((p, k) => (p.genre ?? genre) === genre ? records[k]! : '').join('') : (parsed.records ?? text);
  const leftOut: LeftOutLine[] = [
    ...parsed.puzzles
      .filter((p) => (p.genre ?? genre) !== genre)
      .map((p) => ({ line: p.line ?? 0, message: `line ${p.line}: a puzzle of genre '${p.genre}' (paste it on its own; Solve all takes one genre at a time)` })),
    ...(parsed.refused ?? []).map((r) => ({ line: r.line, message: r.error.message })),
  ].sort((a, b) => a.line - b.line);
  host.showGenre(genre, shown, leftOut);
}

/**
 * A Sudoku as a janko.at-style record (cpp/app/protocol.md, parse: `records`): "===
 * header", "n n", then n rows of `givens` (n·n symbols, `.` for empty, 1–9 then A–Z).
 */
function sudokuRecord(header: string, givens: string): string {
  const n = Math.round(Math.sqrt(givens.length));
  let out = `=== ${header}\n${n} ${n}\n`;
  for (let r = 0; r < n; r++) out += `${givens.slice(r * n, (r + 1) * n)}\n`;
  return out;
}

/** A text of `=== header` records cut into its records, each with its lines. */
function recordsOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/(?<=\n)/)) {
    if (line.startsWith('=== ') || out.length === 0) out.push(line);
    else out[out.length - 1] += line;
  }
  return out;
}
