// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Puzzles from outside the board: a pasted or typed text (one puzzle goes onto the
 * board, many are offered as a batch) and a loaded file (solved as a batch, streamed
 * into the batch panel, which batch.ts draws and is fetched on the first batch).
 */
import { SolverError, endedByRestart, type PuzzleFields, type PuzzleFormat, type SpreadsheetPuzzles } from '../../solver/protocol';
import type { BatchPanel } from '../batch';
import type { BatchSource } from './batch';
import { checkFileSize, checkTextSize, formatBytes, isSpreadsheetName, leftOutText, plural, readTextFile } from '../format';
import type { Page } from '../app/page';
import { clashStatus } from '../clashes';
import { messageOf } from '../shared';
import { looksLikeUrl } from '../../solver/url-text';

/**
 * A batch (a file, or Solve all) is drawn running (the controls disabled, Stop, "Solving
 * 1,000 puzzles…") only once it has taken this long, ms; its panel's first draw comes
 * PROGRESS_INTERVAL_MS (batch.ts) after its first progress, later still. A batch that
 * ends sooner is drawn once, at its end: a frame while its workers ran took cores from
 * them (app/jobs.ts, setJobLater).
 */
const BATCH_DRAW_AFTER_MS = 100;

/** The source named for the text box's text (Load): its errors are tied to the box. */
const TEXT_BOX = 'the puzzle text';

/** Loads texts and files into the Sudoku page. */
export class PuzzleLoader {
  /** The text offered as a batch ("Solve all N"), while the offer is shown. */
  /** The text offered by “Solve all”, and what the page left out of it (loadText's `leftOut`). */
  private offeredText: { text: string; source: string; leftOut: readonly string[]; fields: PuzzleFields } | null = null;
  /** The batch panel, from the first batch on. */
  private batchPanel: BatchPanel | null = null;
  /** Counts the reads of the text box: a mark of a read's error lands only if no read came after. */
  private textReads = 0;

  /**
   * @param page the page (its text, file and offer controls are wired here)
   * @param openUrls opens a text of puzz.link URLs on its genre's page (main.ts, as a
   *   paste does): what Load does with such a text typed or pasted into the box
   */
  constructor(
    private readonly page: Page,
    private readonly openUrls: (text: string) => void = () => undefined,
  ) {
    const { el, jobs } = page;
    el.loadFileButton.addEventListener('click', () => el.fileInput.click());
    el.fileInput.addEventListener('change', () => void this.loadFile());
    el.loadTextButton.addEventListener('click', () => {
      const text = el.textArea.value;
      if (text.trim() === '') {
        jobs.setStatus('The puzzle text is empty: type or paste a puzzle into it first.', 'error');
        return;
      }
      // puzz.link URLs (a Hitori's, or a Sudoku's): opened as a paste of them is.
      if (looksLikeUrl(text)) {
        this.openUrls(text);
        return;
      }
      void this.loadText(text, TEXT_BOX);
    });
    el.offerButton.addEventListener('click', () => {
      const offered = this.offeredText;
      if (offered) void this.runBatch({ text: offered.text, source: offered.source, fields: offered.fields, leftOut: offered.leftOut });
    });
  }

  /** The board changed: the batch panel no longer shows which of its puzzles is on it. */
  deselectBatch(): void {
    this.batchPanel?.deselect();
  }

  /** A paste outside any text field: read the clipboard's text as a puzzle. */
  onPaste(event: ClipboardEvent): void {
    const target = event.target;
    if (
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLInputElement ||
      (target instanceof HTMLElement && target.isContentEditable)
    ) {
      return; // that field receives the text itself
    }
    const text = event.clipboardData?.getData('text/plain') ?? '';
    event.preventDefault();
    if (text.trim() === '') {
      this.page.jobs.setStatus('The clipboard holds no text to read a puzzle from.', 'error');
      return;
    }
    void this.loadText(text, 'the pasted text');
  }

  /**
   * Parse a text: one puzzle goes onto the board; many are offered as a batch.
   *
   * @param fields how to read it; default the page's (its 0–F setting). A text the page
   *   made (a spreadsheet's puzzles) gives its size and `symbols: 'digits'`.
   * @param leftOut what the page left out of `text` before (the lines of a paste of URLs
   *   that could not be read, each the engine's message naming its line): said after the
   *   status, as a warning, so that nothing pasted goes without a word.
   * @param note said after the first sentence of the status (how the text was read)
   */
  async loadText(text: string, source: string, fields?: PuzzleFields, leftOut: readonly string[] = [], note = ''): Promise<void> {
    const { board, jobs, el } = this.page;
    const refusal = checkTextSize(text.length, source);
    if (refusal !== null) {
      jobs.setStatus(refusal, 'error');
      return;
    }
    const read = source === TEXT_BOX ? ++this.textReads : 0;
    await jobs.run('parse', `Reading ${source}…`, async () => {
      const asked = fields ?? (await this.pageFields(text));
      const parsed = await this.page.client.parse(text, asked, 1);
      if (source === TEXT_BOX && el.textArea.hasAttribute('aria-invalid')) void import('../text-error').then((m) => m.clearTextError(el.textArea));
      // The engine leaves out a text's puzzles that do not read, each named with its line.
      // What the page left out are lines of URLs (passed on as records).
      const left = leftOutText([...leftOut, ...(parsed.refused ?? []).map((r) => r.error.message)], leftOut.length > 0 ? 'urls' : parsed.format);
      const first = parsed.puzzles[0];
      if (parsed.count === 1 && first) {
        this.hideOffer();
        const before = board.size;
        this.page.useShape(parsed);
        // A 16×16 the engine read as written 0–F (its 0 beside . for empty, no G) is shown
        // so, and one written 1–G (a G among its givens) leaves the 0–F mode.
        const hex = parsed.size === 16 && parsed.symbols === 'hex' && !board.hexSymbols;
        const digits = parsed.size === 16 && parsed.symbols === 'digits' && board.hexSymbols;
        if (hex || digits) {
          board.setHexSymbols(hex);
          this.page.onShapeChanged();
        }
        board.setGivens(first.givens);
        const name = /^Puzzle \d+$/.test(first.name) ? 'the puzzle' : first.name;
        const switched =
          note +
          (parsed.size !== before ? ` The board is now ${parsed.size}×${parsed.size}.` : '') +
          (hex || digits ? ` Read and shown in ${hex ? '0–F' : '1–G'}, as written.` : '');
        // Givens that clash are marked by the board; the status names the first.
        const clash = board.clashes();
        jobs.setStatus(
          `Loaded ${name} from ${source} (${plural(board.countGivens(), 'given')}).${switched}` +
            (clash ? ` ${clashStatus(clash)}` : ' Press Solve.') +
            left,
          clash ? 'error' : left !== '' ? 'warning' : 'info',
        );
        board.focus();
      } else {
        this.offeredText = { text, source, leftOut, fields: asked };
        const n = plural(parsed.count, 'puzzle');
        const size = parsed.mixedShapes ? ' of several sizes' : parsed.size === 9 ? '' : ` of ${parsed.size}×${parsed.size}`;
        const holds = source.endsWith('URLs') ? 'hold' : 'holds'; // "the pasted URLs hold"
        // "The pasted URLs hold 2 puzzles": their layout goes without saying (the page
        // passes them on as records, which the user did not write).
        const layout = source.endsWith('URLs') ? '' : ` (${formatName(parsed.format)})`;
        el.offerText.textContent = `${capitalise(source)} ${holds} ${n}${size}${layout}.`;
        el.offerButton.textContent = `Solve all ${n}`;
        el.offer.hidden = false;
        jobs.setStatus(`${capitalise(source)} ${holds} ${n}${size}: press “Solve all ${n}” to solve them.${note}${left}`, left !== '' ? 'warning' : 'info');
      }
    }, (e) => {
      if (fields === undefined && this.readAtBoardSize(e, (size, note) => this.loadText(text, source, size, leftOut, note))) return;
      jobs.showError(e, false);
      // The text box's own text, refused: the box says it is wrong, its caret at the error
      // (text-error.ts, fetched then: not part of what a first solve downloads).
      if (source === TEXT_BOX && el.textArea.value === text) {
        const message = el.status.textContent ?? '';
        void import('../text-error').then((m) => {
          if (m.isTextFault(e) && el.textArea.value === text && read === this.textReads) m.markTextError(el.textArea, message || e.message, e.where, [el.loadTextButton, el.stopButton]);
        });
      }
      // A janko.at record does not name its genre: one this page cannot read may be a
      // variant's or a pencil puzzle's (a killer's cage sums, a jigsaw's regions).
      const code = e instanceof SolverError ? e.code : '';
      if (/^\s*===+[ \t]*[^=\s]/.test(text) && (code === 'parse_error' || code === 'wrong_length')) {
        const said = (el.status.textContent ?? '').replace(/\.?$/, '.');
        jobs.setStatus(`${said} If it is a record of another genre (Killer or Jigsaw Sudoku, a pencil puzzle), pick that genre first.`, 'error');
      }
    });
  }

  /**
   * The fields to read a text typed, pasted or loaded with: the page's (settings.ts
   * `textFields`). The 0–F mode is the 16×16 board's: a text whose (first) puzzle is of
   * another size, read with its symbols detected, is read so, since in 0–F a 9×9's `9`
   * or a 4×4's `4` is no symbol and a 4×4 of 0–3 would be read one value up (protocol.md,
   * "Accepted text", hex); so is a 16×16 with a G among its givens (written 1–G). A text
   * whose size cannot be detected so is read in 0–F, which then says what is wrong with it.
   *
   * @param text the text as given
   * @returns `{ symbols: 'hex' }` or `{}` (detected)
   * @throws SolverError `stopped` when a Stop came during the size's read
   */
  private async pageFields(text: string): Promise<PuzzleFields> {
    const asked = this.page.settings.textFields();
    if (asked.symbols !== 'hex') return asked;
    try {
      // The worker keeps this parse for a batch's own (a 9×9 file's). A 16×16 with a G
      // among its givens is written 1–G: read so, and the board leaves 0–F (loadText).
      const head = await this.page.client.parse(text, {}, 1);
      return head.size === 16 && (head.symbols === 'hex' || !head.puzzles[0]?.givens.includes('G')) ? asked : {};
    } catch (e) {
      // A Stop, or a worker or engine that failed, is not tried again; the text's own
      // fault (parse_error, ambiguous_size, …) is said by its read in 0–F.
      if (e instanceof SolverError && !endedByRestart(e) && e.code !== 'load_failed' && e.code !== 'internal_error') return asked;
      throw e;
    }
  }

  private hideOffer(): void {
    this.page.el.offer.hidden = true;
    this.offeredText = null;
  }

  /** Read the chosen file (size checked first) and solve it as a batch. */
  private async loadFile(): Promise<void> {
    const { el, jobs } = this.page;
    const file = el.fileInput.files?.[0];
    el.fileInput.value = ''; // choosing the same file again fires `change` again
    if (!file) return;
    if (jobs.busyRefusal()) return;
    const refusal = checkFileSize(file.size, file.name);
    if (refusal !== null) {
      jobs.setStatus(refusal, 'error');
      return;
    }
    if (isSpreadsheetName(file.name)) {
      jobs.later('parse', () => import('./spreadsheet'), (m) =>
        m.loadSpreadsheet(this.page, file, {
          loadText: (text, source, fields) => this.loadText(text, source, fields),
          // A workbook's batch: its source is the file's name.
          runBatch: (text, source, names, fields, skipped) => this.runBatch({ text, source, names, fields, skipped, fileName: source }),
        }),
      );
      return;
    }
    jobs.setJobLater('batch', BATCH_DRAW_AFTER_MS);
    jobs.setStatus(`Reading ${file.name} (${formatBytes(file.size)})…`, 'busy');
    const stops = jobs.stops;
    let text: string;
    try {
      const read = await readTextFile(file);
      if (typeof read !== 'string') {
        jobs.setJob(null);
        jobs.setStatus(read.refusal, 'error');
        return;
      }
      text = read;
    } catch (e) {
      jobs.setJob(null);
      jobs.setStatus(`Unable to read ${file.name}: ${messageOf(e)}`, 'error');
      return;
    }
    jobs.setJob(null);
    if (stops !== jobs.stops) {
      jobs.setStatus('Stopped. Your board and text are kept.', 'info');
      return;
    }
    await this.runBatch({ text, source: file.name, fileName: file.name });
  }

  /**
   * Parse and solve every puzzle of `asked.text` in the worker, streaming into the batch
   * panel (actions/batch.ts, fetched with the panel on the first batch).
   *
   * @param asked the batch as BatchSource says it, without the Stop count (taken now);
   *   without `fields`, the text is read with the page's (its Size first in 0–F mode);
   *   `leftOut` and `skipped` are none when absent
   */
  private async runBatch(asked: Omit<BatchSource, 'fields' | 'leftOut' | 'skipped' | 'stops'> & Partial<Pick<BatchSource, 'fields' | 'leftOut' | 'skipped'>>): Promise<void> {
    const { jobs } = this.page;
    const stops = jobs.stops;
    // Started in the task that ended the file's read, so that a read drawn busy (over
    // BATCH_DRAW_AFTER_MS) stays drawn busy (JobRunner.setJobLater).
    await jobs.run(
      'batch',
      `Reading ${asked.source}…`,
      async () => {
        // In the page's 0–F mode, its size is read first. A Stop meanwhile ends the job
        // here ("Stopped."), before the batch is sent.
        const fields = asked.fields ?? (await this.pageFields(asked.text));
        const { runBatch, panelOf } = await import('./batch');
        this.batchPanel = panelOf(this.page);
        await runBatch(this.page, { leftOut: [], skipped: [], ...asked, fields, stops }, () => this.hideOffer());
      },
      (e) => {
        if (asked.fields === undefined && this.readAtBoardSize(e, (fields) => this.runBatch({ ...asked, fields }))) return;
        jobs.showError(e, false);
      },
      true,
      BATCH_DRAW_AFTER_MS,
    );
  }

  /**
   * A text that reads at two sizes (the engine's `ambiguous_size`, read with the page's
   * own fields): read again at the board's Size, or told to pick one
   * (actions/size-choice.ts, fetched then).
   *
   * @param e the read's error
   * @param again reads the text again with `fields`, `note` added to its status
   * @returns true when `e` was such an error and is dealt with; false for any other
   */
  private readAtBoardSize(e: unknown, again: (fields: PuzzleFields, note: string) => Promise<void>): boolean {
    if (!(e instanceof SolverError && e.code === 'ambiguous_size')) return false;
    void import('./size-choice').then((m) => m.readAtBoardSize(this.page, e, again));
    return true;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How a multi-puzzle text was laid out, in words. */
function formatName(format: PuzzleFormat): string {
  switch (format) {
    case 'euler96':
      return 'Project Euler 96 format';
    case 'separated':
      return 'grids separated by = lines';
    case 'one-per-line':
      return 'one puzzle per line';
    case 'grid':
      return 'one grid';
    case 'records':
      return 'janko.at records';
    case 'urls':
      return 'puzz.link URLs';
  }
}

