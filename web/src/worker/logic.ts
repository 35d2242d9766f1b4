// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The worker's logic as a plain class: given a way to load the engine and a `post`
 * function, it answers page messages. `worker.ts` only wires `onmessage` to it, so
 * tests drive it in Node with the real module and a capturing `post`.
 */
import type {
  BatchItem,
  BatchProgress,
  EngineResponse,
  BatchResult,
  EngineError,
  ModelKind,
  Objective,
  PageToWorker,
  ParseResult,
  PuzzleFields,
  GenreNamedFields,
  SolveMethod,
  SolveOptions,
  Symmetry,
  WorkerToPage,
} from '../solver/protocol';
import { batchEffort } from '../solver/protocol';
import { looksLikeUrl } from '../solver/url-text';
import { Engine, EngineCrashedError, errorText } from './engine';

/**
 * A batch's progress reports are posted together at most this often, ms. A report
 * waits at most this long, or until the next puzzle is solved if that takes longer (a
 * fast puzzle's row then comes with the slow one's). 50 ms is three frames: the page
 * draws progress every 100 ms (page/batch.ts).
 */
const BATCH_REPORT_MS = 50;

/**
 * The longest text whose parse is kept for the next request (characters): about 12,000
 * 9×9 puzzles, whose parse holds some 30 MB; a longer text's batch takes long enough
 * for one more parse not to matter.
 */
const MAX_KEPT_TEXT = 1 << 20;

/** Sends one message to the page (in the worker: `self.postMessage`). */
export type Post = (message: WorkerToPage) => void;

/** Answers {@link PageToWorker} messages using one engine. */
export class SolverWorkerLogic {
  private readonly loadEngine: () => Promise<Engine>;
  private readonly post: Post;
  private readonly now: () => number;
  private readonly loadSatEngine: (() => Promise<Engine>) | undefined;
  private mainHasSat: boolean | null = null;
  /** The text and fields ({@link textKey}) the main engine last refused at a bad line, or null. */
  private refusedByMain: string | null = null;
  /** The last text parsed, with its fields and result (see {@link parseText}). */
  private lastParse: { engine: Engine; text: string; fields: string; result: ParseResult } | null = null;

  /**
   * @param loadEngine returns the (cached) engine; a rejection becomes a `load_failed`
   *   reply to every request
   * @param post sends a reply or progress message to the page
   * @param now a clock in ms (default `performance.now`)
   * @param loadSatEngine returns the (cached) module with the SAT method, for requests
   *   with `options.method: "sat"` when the main engine lacks it (the page's first-solve
   *   module leaves GLPK's MiniSat out to stay small); without it such requests go to
   *   the main engine, which answers with an error saying the method is not there
   */
  constructor(
    loadEngine: () => Promise<Engine>,
    post: Post,
    now: () => number = () => performance.now(),
    loadSatEngine?: () => Promise<Engine>,
  ) {
    this.loadEngine = loadEngine;
    this.post = post;
    this.now = now;
    this.loadSatEngine = loadSatEngine;
  }

  /**
   * Handle one message: posts progress messages (for `solve`, `solveBatch`, `enumerate`,
   * `generate`) and then exactly one final reply `{id, result}` or `{id, error}`.
   * Never throws or rejects.
   *
   * @param message a page message; anything malformed gets a `bad_request` reply
   */
  async handle(message: unknown): Promise<void> {
    const id = messageId(message);
    const type = (message as { type?: unknown } | null)?.type;
    if (type === 'readSpreadsheet' || type === 'writeSpreadsheet') {
      // The sheets code is fetched on the first spreadsheet, not with the worker.
      try {
        const { spreadsheetReply } = await import('../sheets/reply');
        this.post(await spreadsheetReply(id, message as Record<string, unknown>));
      } catch (e) {
        this.post({ id, error: { code: 'load_failed', message: errorText(e) } });
      }
      return;
    }
    let engine: Engine;
    const key = textKey(message);
    const full = asksForSat(message) || needsFullModule(message) || (key !== null && key === this.refusedByMain);
    try {
      engine = await this.loadEngine();
      if (full) engine = await this.satEngine(engine);
    } catch (e) {
      this.post({ id, error: { code: 'load_failed', message: errorText(e) } });
      return;
    }
    try {
      if (this.dispatch(engine, id, message, !full)) {
        // A text of several lines refused at a bad line: the module with the genres leaves
        // such a puzzle out (see dispatch), and reads the same text's next requests (a
        // batch's parses) without the main engine's refusal first. Without it (offline),
        // the main engine says why.
        this.refusedByMain = key;
        this.dispatch(await this.satEngine(engine).catch(() => engine), id, message, false);
      }
    } catch (e) {
      if (e instanceof EngineCrashedError) {
        this.post({ id, error: { code: 'engine_crashed', message: e.message } });
      } else {
        this.post({
          id,
          error: { code: 'internal_error', message: `gridmilp worker: ${errorText(e)}` },
        });
      }
    }
  }

  /** The engine for a SAT request: the main one if it has the method, else the SAT module. */
  private async satEngine(main: Engine): Promise<Engine> {
    if (this.mainHasSat === null) {
      const version = main.request({ type: 'version' });
      this.mainHasSat = 'result' in version && version.result.methods?.includes('sat') === true;
    }
    if (this.mainHasSat || this.loadSatEngine === undefined) return main;
    return this.loadSatEngine();
  }

  /**
   * Answer `message` with `engine`.
   *
   * @param mayRetry whether a `parse` or `solveBatch` the engine refuses at a bad line or
   *   puzzle (parse_error, wrong_length) of a text of several lines is left unanswered,
   *   for the module with the genres: that module leaves such a puzzle out and names it
   *   in `refused` (protocol.md, "parse"), while the page's first-solve module, built
   *   without that to stay small, refused a whole file of puzzles one a line for one line
   *   of 80 cells
   * @returns true when the message was left unanswered so (only with `mayRetry`)
   */
  private dispatch(engine: Engine, id: number, message: unknown, mayRetry = false): boolean {
    const bad = (field: string, what: string): false => {
      this.post({ id, error: { code: 'bad_request', message: what, where: { field } } });
      return false;
    };
    if (typeof message !== 'object' || message === null || typeof id !== 'number') {
      bad('id', 'The worker message must be an object with a numeric id.');
      return false;
    }
    const m = message as Partial<PageToWorker> & Record<string, unknown>;
    switch (m.type) {
      case 'genre': {
        const request = (m as { request?: unknown }).request;
        if (typeof request !== 'object' || request === null || Array.isArray(request)) {
          return bad('request', 'genre needs a request object (protocol.md, "Genres").');
        }
        // Passed through: the engine decodes and checks every field. Without a use for
        // progress, none is asked for (the engine then builds none).
        const body = { ...(request as object), id } as never;
        this.reply(
          id,
          (m as { progress?: unknown }).progress === false
            ? engine.request(body)
            : engine.requestWithProgress(body, (progress) => this.post({ id, progress } as never)),
        );
        return false;
      }
      case 'version': {
        this.reply(id, engine.request({ id, type: 'version' }));
        return false;
      }
      case 'parse': {
        if (typeof m.text !== 'string') return bad('text', 'parse needs a text (string).');
        const first = m.first;
        if (first !== undefined && !(Number.isInteger(first) && (first as number) >= 0)) {
          return bad('first', 'parse: first must be a whole number ≥ 0.');
        }
        const parsed = this.parseText(engine, id, m.text, puzzleFields(m), true);
        if ('error' in parsed && mayRetry && refusedAtBadLine(parsed.error, m.text)) return true;
        if ('error' in parsed) return this.reply(id, parsed);
        const { puzzles } = parsed.result;
        const kept = first === undefined ? puzzles : puzzles.slice(0, first as number);
        this.reply(id, { result: { ...parsed.result, puzzles: kept, count: puzzles.length } });
        return false;
      }
      case 'solve': {
        if (typeof m.puzzle !== 'string') return bad('puzzle', 'solve needs a puzzle (string).');
        const objective = cleanObjective(m.objective);
        this.reply(
          id,
          engine.requestWithProgress(
            {
              id,
              type: 'solve',
              puzzle: m.puzzle,
              ...puzzleFields(m),
              options: cleanOptions(m.options),
              ...(objective ? { objective } : {}),
            },
            (progress) => this.post({ id, progress }),
          ),
        );
        return false;
      }
      case 'relax': {
        if (typeof m.puzzle !== 'string') return bad('puzzle', 'relax needs a puzzle (string).');
        this.reply(
          id,
          engine.request({
            id,
            type: 'relax',
            puzzle: m.puzzle,
            ...puzzleFields(m),
            options: cleanOptions(m.options),
          }),
        );
        return false;
      }
      case 'exportModel': {
        if (typeof m.puzzle !== 'string') {
          return bad('puzzle', 'exportModel needs a puzzle (string).');
        }
        if (m.format !== 'lp' && m.format !== 'mps') {
          return bad('format', 'exportModel needs a format, "lp" or "mps".');
        }
        if (m.row != null && typeof m.row !== 'string') {
          return bad('row', 'exportModel takes a row name (string) such as "box[5,3]".');
        }
        if (m.formulation != null && typeof m.formulation !== 'boolean') {
          return bad('formulation', 'exportModel takes formulation: true or false.');
        }
        const objective = cleanObjective(m.objective);
        this.reply(
          id,
          engine.request({
            id,
            type: 'exportModel',
            puzzle: m.puzzle,
            format: m.format,
            ...puzzleFields(m),
            options: cleanOptions(m.options),
            ...(objective ? { objective } : {}),
            ...(m.row != null ? { row: m.row } : {}),
            ...(m.formulation === true ? { formulation: true } : {}),
          }),
        );
        return false;
      }
      case 'checkUniqueness': {
        if (typeof m.puzzle !== 'string') {
          return bad('puzzle', 'checkUniqueness needs a puzzle (string).');
        }
        this.reply(
          id,
          engine.request({
            id,
            type: 'checkUniqueness',
            puzzle: m.puzzle,
            ...puzzleFields(m),
            options: cleanOptions(m.options),
          }),
        );
        return false;
      }
      case 'enumerate':
      case 'explainInfeasible': {
        if (typeof m.puzzle !== 'string') return bad('puzzle', `${m.type} needs a puzzle (string).`);
        const request = {
          id,
          type: m.type,
          puzzle: m.puzzle,
          ...puzzleFields(m),
          ...(typeof m.limit === 'number' ? { limit: m.limit } : {}),
          options: cleanOptions(m.options),
        };
        this.reply(
          id,
          engine.requestWithProgress(request, (progress) => this.post({ id, progress })),
        );
        return false;
      }
      case 'complete': {
        if (m.puzzle !== undefined && typeof m.puzzle !== 'string') {
          return bad('puzzle', 'complete takes an optional puzzle (string).');
        }
        this.reply(
          id,
          engine.request({
            id,
            type: 'complete',
            ...(typeof m.puzzle === 'string' ? { puzzle: m.puzzle } : {}),
            ...puzzleFields(m),
            ...(typeof m.seed === 'number' ? { seed: m.seed } : {}),
            options: cleanOptions(m.options),
          }),
        );
        return false;
      }
      case 'generate': {
        const request = {
          id,
          type: 'generate' as const,
          ...puzzleFields(m),
          ...(typeof m.seed === 'number' ? { seed: m.seed } : {}),
          ...(typeof m.givens === 'number' ? { givens: m.givens } : {}),
          ...(typeof m.symmetry === 'string' ? { symmetry: m.symmetry as Symmetry } : {}),
          options: cleanOptions(m.options),
        };
        this.reply(
          id,
          engine.requestWithProgress(request, (progress) => this.post({ id, progress })),
        );
        return false;
      }
      case 'solveBatch': {
        if (typeof m.text !== 'string') return bad('text', 'solveBatch needs a text (string).');
        const large = typeof m.largeTimeLimitMs === 'number' ? m.largeTimeLimitMs : 0;
        const skip = typeof m.skip === 'number' && m.skip > 0 ? Math.floor(m.skip) : 0;
        return this.solveBatch(engine, id, m.text, puzzleFields(m), cleanOptions(m.options), large, m.quiet === true, skip, mayRetry);
      }
      default:
        return bad('type', `Unknown message type ${JSON.stringify(m.type)}.`);
    }
  }

  private reply(id: number, response: { result: unknown } | { error: EngineError }): false {
    if ('error' in response) {
      this.post({ id, error: response.error });
    } else {
      this.post({ id, result: response.result as never });
    }
    return false;
  }

  /**
   * The engine's parse of `text`. A `parse` request's result (of a text up to
   * MAX_KEPT_TEXT characters) is kept for the requests after it that parse the same text
   * with the same fields on the same engine; a batch's hit drops it. A batch on several
   * workers has its main worker parse the text for its first puzzles and the pace, then
   * again for the rest (solver/pool.ts; once for all of them when its helpers run
   * already), 7–15 ms per 1,000 lines each; the probe's own small parse comes between.
   *
   * @param keep a `parse` request: keep this parse, or keep the kept one on a hit
   * @returns the engine's response: the parse result, or its error (not kept)
   */
  private parseText(engine: Engine, id: number, text: string, fields: PuzzleFields, keep = false): EngineResponse<ParseResult> {
    const key = JSON.stringify(fields);
    const last = this.lastParse;
    if (last?.engine === engine && last.text === text && last.fields === key) {
      if (!keep) this.lastParse = null;
      return { id, result: last.result };
    }
    const parsed = engine.request({ id, type: 'parse', text, ...fields });
    if (keep) this.lastParse = 'error' in parsed || text.length > MAX_KEPT_TEXT ? null : { engine, text, fields: key, result: parsed.result };
    return parsed;
  }

  /**
   * Parse `text`, then solve each puzzle with the parsed size and box shape, with a
   * progress report after each one unless `quiet` (gathered: posted when BATCH_REPORT_MS
   * have passed since the last post, and before the result). Puzzles of 16×16 and larger get `largeTimeLimitMs` (the
   * smaller of it and `options.timeLimitMs` when both are set). The first `skip` puzzles
   * are left out (their items too); progress counts them as done.
   *
   * @param mayRetry see {@link dispatch}
   * @returns true when left unanswered for another module (only with `mayRetry`)
   */
  private solveBatch(
    engine: Engine,
    id: number,
    text: string,
    fields: PuzzleFields,
    baseOptions: SolveOptions | undefined,
    largeTimeLimitMs: number,
    quiet = false,
    skip = 0,
    mayRetry = false,
  ): boolean {
    const start = this.now();
    const parsed = this.parseText(engine, id, text, fields);
    if ('error' in parsed) {
      if (mayRetry && refusedAtBadLine(parsed.error, text)) return true;
      this.post({ id, error: parsed.error });
      return false;
    }
    const { puzzles, format, size, boxHeight, boxWidth } = parsed.result;
    const largeOptions = withLargeLimit(baseOptions, largeTimeLimitMs);
    const total = puzzles.length;
    const items: BatchItem[] = [];
    if (!quiet) this.post({ id, progress: { done: Math.min(skip, total), total, elapsedMs: this.now() - start } });
    let reports: BatchProgress[] = [];
    let postedMs = start;
    try {
      puzzles.forEach((p, index) => {
        if (index < skip) return;
        const item: BatchItem = { index, name: p.name, line: p.line, givens: p.givens };
        // A record of another size than the text's first says its own (protocol.md, parse).
        const own = p.size ? (p as Required<typeof p>) : parsed.result;
        if (p.size) Object.assign(item, { size: own.size, boxHeight: own.boxHeight, boxWidth: own.boxWidth });
        const solved = engine.request({
          id,
          type: 'solve',
          puzzle: p.givens,
          size: own.size,
          boxHeight: own.boxHeight,
          boxWidth: own.boxWidth,
          symbols: 'digits',
          options: own.size >= 16 ? largeOptions : baseOptions,
          // No item keeps the reduction's counts (protocol.md, "solve"); with
          // options.explain the engine refuses reduction: false.
          reduction: baseOptions?.explain === true,
        });
        if ('error' in solved) {
          item.error = solved.error;
        } else {
          const r = solved.result;
          item.status = r.status;
          if (typeof r.solution === 'string') item.solution = r.solution;
          Object.assign(item, batchEffort(r)); // nodes, conflicts, or decided by the reduction
          item.ms = r.stats.totalMs;
        }
        items.push(item);
        if (quiet) return;
        const now = this.now();
        reports.push({ done: index + 1, total, elapsedMs: now - start, item });
        if (now - postedMs < BATCH_REPORT_MS) return;
        this.post({ id, reports });
        reports = [];
        postedMs = now;
      });
    } finally {
      // Also when the engine crashes: the page keeps what arrived.
      if (reports.length > 0) this.post({ id, reports });
    }
    const result: BatchResult = {
      format,
      size,
      boxHeight,
      boxWidth,
      items,
      elapsedMs: this.now() - start,
      ...(parsed.result.refused?.length ? { refused: parsed.result.refused } : {}),
    };
    this.post({ id, result });
    return false;
  }
}

/**
 * A `parse` or `solveBatch` message's text and puzzle fields as one key (null for any
 * other message): SolverWorkerLogic's `refusedByMain`.
 */
function textKey(message: unknown): string | null {
  const m = message as Record<string, unknown> | null;
  if ((m?.type !== 'parse' && m?.type !== 'solveBatch') || typeof m.text !== 'string') return null;
  return `${JSON.stringify(puzzleFields(m))}\n${m.text}`;
}

/**
 * Whether the engine refused a text of several lines at one bad line or puzzle, which the
 * module with the genres leaves out instead (SolverWorkerLogic.dispatch's `mayRetry`).
 */
function refusedAtBadLine(error: EngineError, text: string): boolean {
  // Up to MAX_KEPT_TEXT: that module parses the text again from its start after each
  // puzzle it leaves out (up to 100), which a 64 MB text of bad lines would make minutes.
  if ((error.code !== 'parse_error' && error.code !== 'wrong_length') || text.length > MAX_KEPT_TEXT) return false;
  // Something after the line break that ends the first non-blank line: by indexes, since
  // a regular expression for it took time quadratic in a 50 MB line of junk.
  const newline = text.indexOf('\n', Math.max(0, text.search(/\S/)));
  const after = /\S/g;
  after.lastIndex = newline + 1;
  return newline >= 0 && after.test(text);
}

function messageId(message: unknown): number {
  if (typeof message === 'object' && message !== null) {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number') return id;
  }
  return -1;
}

/** Keep only the known option fields with the right types (the engine checks values). */
function cleanOptions(options: unknown): SolveOptions | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const o = options as Record<string, unknown>;
  const out: SolveOptions = {};
  if (typeof o.timeLimitMs === 'number') out.timeLimitMs = o.timeLimitMs;
  if (typeof o.presolve === 'boolean') out.presolve = o.presolve;
  if (typeof o.progressIntervalMs === 'number') out.progressIntervalMs = o.progressIntervalMs;
  if (typeof o.recordBranching === 'boolean') out.recordBranching = o.recordBranching;
  if (typeof o.explain === 'boolean') out.explain = o.explain;
  // Anything else is passed on for the engine to refuse with its message.
  if (typeof o.model === 'string') out.model = o.model as ModelKind;
  if (typeof o.method === 'string') out.method = o.method as SolveMethod;
  return out;
}


/**
 * Whether a message needs the module with the genres: a genre route request, or what
 * the first-solve module leaves out to stay under its weight budget (issue #24):
 * `explainInfeasible`, every `exportModel` (GLPK's LP and MPS writers, one `row`, the
 * model panel's `formulation`), `generate`, texts of janko.at records, and Sudoku
 * requests that name their genre (their answer and board: protocol.md).
 */
function needsFullModule(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { type, text, puzzle, genre } = message as Record<string, unknown>;
  return (
    type === 'genre' ||
    genre === 'sudoku' ||
    type === 'explainInfeasible' ||
    type === 'exportModel' ||
    type === 'generate' ||
    isRecordText(text) ||
    isRecordText(puzzle) ||
    (typeof text === 'string' && looksLikeUrl(text)) ||
    (typeof puzzle === 'string' && looksLikeUrl(puzzle))
  );
}


/**
 * Whether a Sudoku text is in janko.at's record layout (a first line `=== name …`), which
 * only the module with the genres reads (cpp/puzzles/sudoku/text.cpp, isRecordHeader).
 */
function isRecordText(text: unknown): boolean {
  return typeof text === 'string' && /^\s*===+[ \t]*[^=\s]/.test(text);
}

/**
 * Whether a page message asks for the SAT method (`options.method: "sat"`). A `generate`
 * goes to that module whatever its method ({@link needsFullModule}).
 */
function asksForSat(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const options = (message as { options?: unknown }).options;
  return typeof options === 'object' && options !== null && (options as { method?: unknown }).method === 'sat';
}

/** The smaller non-zero of the two limits (0 = none). */
function withLargeLimit(options: SolveOptions | undefined, largeMs: number): SolveOptions | undefined {
  if (!(largeMs > 0)) return options;
  const base = options?.timeLimitMs ?? 0;
  return { ...options, timeLimitMs: base > 0 ? Math.min(base, largeMs) : largeMs };
}

/** Keep only the puzzle fields (and a named genre) with plausible types (the engine checks values). */
function puzzleFields(m: Record<string, unknown>): PuzzleFields & GenreNamedFields {
  const out: PuzzleFields & GenreNamedFields = {};
  // Protocol v2 on the Sudoku route: the genre named, and whether to draw boards.
  if (m.genre === 'sudoku') out.genre = 'sudoku';
  if (typeof m.board === 'boolean') out.board = m.board;
  if (typeof m.boards === 'boolean') out.boards = m.boards;
  if (typeof m.size === 'number' || m.size === 'auto') out.size = m.size;
  if (typeof m.boxHeight === 'number') out.boxHeight = m.boxHeight;
  if (typeof m.boxWidth === 'number') out.boxWidth = m.boxWidth;
  if (typeof m.symbols === 'string') out.symbols = m.symbols as PuzzleFields['symbols'];
  return out;
}

/** Pass an objective object through (the engine validates it); anything else is dropped. */
function cleanObjective(objective: unknown): Objective | undefined {
  if (typeof objective !== 'object' || objective === null) return undefined;
  return objective as Objective;
}
