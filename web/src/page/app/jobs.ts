// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The one job runner every action of a page goes through, the Sudoku page's and the
 * genre page's (genre/view.ts): at most one request at a time, the controls disabled
 * meanwhile (Stop enabled), the status line, Stop, and one place that turns an error
 * into a sentence.
 */
import { SolverError } from '../../solver/protocol';
import type { SolverClient } from '../../solver/client';
import type { CellRef } from '../../solver/protocol';
import { messageOf } from '../shared';
import { JobFocus } from './focus';

/** How the status line reads: a note, a success, a warning, an error, or work in progress. */
export type StatusKind = 'info' | 'ok' | 'warning' | 'error' | 'busy';

/** What the page is busy with (`document.body.dataset.busy`), or `null` when idle. */
export type Job =
  | 'solve'
  | 'parse'
  | 'batch'
  | 'uniqueness'
  | 'enumerate'
  | 'generate'
  | 'complete'
  | 'relax'
  | 'export'
  | 'explain'
  | 'draw'
  | 'formulation'
  | null;

/** What the runner drives. */
export interface JobControls {
  /** The status line (`role="status"`). */
  status: HTMLElement;
  /** The Stop button: enabled exactly while a job runs. */
  stopButton: HTMLButtonElement;
  /** Controls disabled while a job runs. */
  busyControls: (HTMLButtonElement | HTMLSelectElement | HTMLInputElement)[];
  /** The board the jobs work on (`aria-busy` while one runs, but a batch or a parse). */
  board: () => HTMLElement | null;
  /** Marks cells an error names on the board (1-based). */
  markCells: (cells: readonly CellRef[]) => void;
  /**
   * For an error of clashing givens on the board: marks every given in a clash and
   * returns the first clash in the board's own symbols (0–F on a 16×16 so shown; the
   * engine's message names canonical ones and only the first pair), or `null` when the
   * board has none. The Sudoku page's; the genre page has none.
   */
  boardClash?: () => string | null;
  client: SolverClient;
  /**
   * Called each time the page becomes idle, and each time the other page's runner does
   * while this one is idle (the model panel refreshes then; the genre page names its
   * default route again). Work put off until the solver is free: app/when-free.ts.
   */
  onIdle: () => void;
  /** The page, as a refusal on the other page names it ("the Sudoku page"). */
  pageName: () => string;
  /**
   * Where the focus goes at a job's end when the control that had it is gone or hidden
   * by then (focus.ts giveBack): the page's next step, e.g. its Solve button.
   */
  focusAfter?: () => HTMLElement | null;
}

/**
 * The running job of each runner of the document (the Sudoku page's and the genre
 * page's), so that `document.body.dataset.busy` says a job while any runner has one:
 * a Sudoku batch left running when the person opens a genre keeps the page busy.
 */
const running = new Map<JobRunner, Exclude<Job, null>>();

/** Every runner of the document, told when any of them becomes idle. */
const runners = new Set<JobRunner>();

/**
 * How long a warning said during a job rides along with the job's progress lines, ms
 * (JobRunner.setProgress): long enough to be read, short enough not to outstay it.
 */
const HELD_WARNING_MS = 6000;

/** The page's job runner (one per page). */
export class JobRunner {
  /** The running job, `null` when idle. */
  job: Job = null;
  /** Times Stop was pressed: an action that awaited something else compares it. */
  stops = 0;
  /** The focus a job took from a control it disabled, given back when idle. */
  private readonly focus = new JobFocus();
  /**
   * A job whose busy state is not drawn yet ({@link setJobLater}): the timer that draws
   * it, whether Stop is enabled then, and the last busy status said meanwhile.
   */
  private held: { timer: ReturnType<typeof setTimeout>; stoppable: boolean; status?: string } | null = null;
  /** Whether the controls show a job (drawn by setJob, not quiet). */
  private drawnBusy = false;
  /** A job drawn busy ended in this task ({@link setJobLater} draws the next at once). */
  private justEnded = false;

  /** @param controls the elements and hooks the runner drives */
  constructor(readonly controls: JobControls) {
    runners.add(this);
  }

  /** The other page's runner while it has a job (the two pages share one worker), else null. */
  busyElsewhere(): JobRunner | null {
    for (const runner of running.keys()) if (runner !== this) return runner;
    return null;
  }

  /**
   * Write `text` into the status line; a busy one of a job not drawn yet
   * ({@link setJobLater}) when the job is drawn, unless another status comes first. A
   * warning during a job is carried by its progress lines for HELD_WARNING_MS
   * ({@link setProgress}); any later status other than a busy one ends that.
   */
  setStatus(text: string, kind: StatusKind): void {
    // A warning during a job (a paste refused while busy) would be replaced by the next
    // progress line within milliseconds: the progress lines carry it for a while.
    if (kind === 'warning' && this.job !== null) this.heldWarning = { text, until: performance.now() + HELD_WARNING_MS };
    else if (kind !== 'busy') this.heldWarning = null; // a newer word than the warning
    this.write(text, kind);
  }

  /**
   * Write a job's progress line `text` ("12 solutions found…"), with a warning said
   * during the job in the last HELD_WARNING_MS after it ("… — The solver is busy: wait
   * for it, or press Stop."): the progress line comes many times a second and would
   * hide the warning before it could be read (a paste during Enumerate looked ignored).
   */
  setProgress(text: string): void {
    const held = this.heldWarning !== null && performance.now() < this.heldWarning.until ? this.heldWarning.text : '';
    if (held === '') this.heldWarning = null;
    this.write(held === '' ? text : `${text} — ${held}`, held === '' ? 'busy' : 'warning');
  }

  /** A warning said during the running job, and until when (performance.now(), ms) its progress lines repeat it. */
  private heldWarning: { text: string; until: number } | null = null;

  private write(text: string, kind: StatusKind): void {
    if (this.held) {
      this.held.status = kind === 'busy' ? text : undefined;
      if (kind === 'busy') return;
    }
    this.controls.status.textContent = text;
    this.controls.status.dataset.kind = kind;
  }

  /**
   * Mark the page busy with `job` (controls disabled, `aria-busy` on the board) or idle.
   *
   * @param job the job, or null for idle
   * @param stoppable whether Stop is enabled meanwhile (not for a quick job, such as
   *   reading a text, which Stop would only interrupt by restarting the worker)
   * @param quiet leave the controls as they are (a second action is still refused and
   *   `data-busy` says the job): for a solve that may end before anything is drawn
   *   (actions/solve.ts draws the running state only after a delay; setJob follows),
   *   and {@link setJobLater}'s; any call ends a held draw of setJobLater's
   * @param moveFocus give Stop the focus a disabled control had (false for a job already
   *   ended, drawn busy only to be drawn finished in the same task)
   */
  setJob(job: Job, stoppable = true, quiet = false, moveFocus = true): void {
    if (this.held) clearTimeout(this.held.timer);
    this.held = null;
    if (job === null && this.drawnBusy) {
      // A job that follows in this task (reading a file, then its batch) is drawn at
      // once: the controls do not go idle and busy again 100 ms later (setJobLater).
      this.justEnded = true;
      setTimeout(() => (this.justEnded = false), 0);
    }
    // A job's own warning goes with it: forgotten when the next starts (a Stop's
    // showError, after setJob(null), still sees it; the job's last status ends it too).
    if (job !== null && this.job === null) this.heldWarning = null;
    this.job = job;
    const busy = job !== null;
    if (busy) running.set(this, job);
    else running.delete(this);
    document.body.dataset.busy = busy ? job : (running.values().next().value ?? '');
    if (quiet) return;
    this.drawnBusy = busy;
    // A disabled button loses the focus to the page's body, and a keyboard or a screen
    // reader its place: the focus goes to Stop meanwhile, and back when idle.
    const losing = busy && moveFocus && this.focus.take(this.controls.busyControls);
    for (const control of this.controls.busyControls) control.disabled = busy;
    this.controls.stopButton.disabled = !busy || !stoppable;
    this.controls.board()?.setAttribute('aria-busy', String(busy && job !== 'batch' && job !== 'parse'));
    if (busy) {
      if (losing && stoppable) this.controls.stopButton.focus({ preventScroll: true });
      return;
    }
    this.focus.giveBack(this.controls.stopButton, this.controls.focusAfter?.() ?? null);
    this.controls.onIdle();
    // The other pages hear it a task later, when still idle and the solver free: an
    // action that chains a second job (reading a file, then its batch) starts it first.
    for (const runner of runners) {
      if (runner === this) continue;
      setTimeout(() => {
        if (runner.job === null && runner.busyElsewhere() === null) runner.controls.onIdle();
      }, 0);
    }
  }

  /**
   * Mark the page busy with `job` at once (a second action is refused, `data-busy` says
   * it), but draw it so (the controls disabled, Stop, the busy status lines said
   * meanwhile) only once it has run `delayMs`, as a Solve does (actions/solve.ts): a job
   * that ends sooner goes from what the page showed straight to its outcome. A batch of
   * 1,000 fast puzzles on two workers took 55–70 ms instead of 73–90 ms so, three runs
   * (the running state's frames were drawn on the cores the workers needed:
   * docs/performance.md).
   *
   * Only busy status lines wait (another status is written at once, and drops the busy
   * one waiting); an action refused meanwhile ({@link busyRefusal}) draws the job at
   * once, as does a job that follows, in the same task, one that was drawn (a file read
   * for longer than `delayMs`, then its batch).
   *
   * @param job the job
   * @param delayMs how long it runs undrawn, ms
   * @param stoppable whether Stop is enabled once drawn
   */
  setJobLater(job: Exclude<Job, null>, delayMs: number, stoppable = true): void {
    if (this.justEnded) {
      this.setJob(job, stoppable);
      return;
    }
    this.setJob(job, stoppable, true);
    this.held = { stoppable, timer: setTimeout(() => this.drawHeld(), delayMs) };
  }

  /** Draw the busy state {@link setJobLater} held back (now, e.g. for a refused action). */
  private drawHeld(): void {
    const held = this.held;
    if (!held || this.job === null) return;
    this.setJob(this.job, held.stoppable);
    if (held.status !== undefined) this.setStatus(held.status, 'busy');
  }

  /**
   * True (and a status saying so) when a job runs, on this page or on the other (the
   * two pages share one worker); actions return at once then.
   */
  busyRefusal(): boolean {
    if (this.job !== null) {
      this.drawHeld();
      this.setStatus('The solver is busy: wait for it, or press Stop.', 'warning');
      return true;
    }
    const other = this.busyElsewhere();
    if (other !== null) this.setStatus(`The solver is busy on ${other.controls.pageName()}: wait for it, or press Stop there.`, 'warning');
    return other !== null;
  }

  /**
   * Run one action as job `job`: refused when busy; otherwise the controls are disabled,
   * `status` shown (`null`: the status line keeps what it says, for a quick job such as
   * reading a text), `body` awaited, and an error it throws handed to `onError` (by
   * default `showError` without board cells). The page is idle again afterwards.
   * `stoppable` false keeps Stop disabled meanwhile (a quick job); `drawAfterMs` (ms; 0,
   * the default: at once) draws the busy state only once the job has run that long
   * ({@link setJobLater}).
   */
  async run(
    job: Exclude<Job, null>,
    status: string | null,
    body: () => Promise<void>,
    onError: (e: unknown) => void = (e) => this.showError(e, false),
    stoppable = true,
    drawAfterMs = 0,
  ): Promise<void> {
    if (this.busyRefusal()) return;
    if (drawAfterMs > 0) this.setJobLater(job, drawAfterMs, stoppable);
    else this.setJob(job, stoppable);
    if (status !== null) this.setStatus(status, 'busy');
    const scrolledAt = window.scrollY;
    try {
      await body();
    } catch (e) {
      onError(e);
    } finally {
      this.setJob(null);
      this.revealStatus(scrolledAt);
    }
  }

  /**
   * A job's outcome is said in the status line: when none of it is on screen (a phone's
   * Check uniqueness or LP relaxation, pressed far below it), it is scrolled into view,
   * the least that shows it; not when the person scrolled meanwhile (`scrolledAt`, the
   * page's scroll when the job began), which would take the page from under them.
   */
  private revealStatus(scrolledAt: number): void {
    if (window.scrollY !== scrolledAt) return;
    const status = this.controls.status;
    const box = status.getBoundingClientRect();
    if (box.height > 0 && (box.bottom <= 0 || box.top >= window.innerHeight)) status.scrollIntoView?.({ block: 'nearest' });
  }

  /**
   * Run an action whose module is fetched on its first use: the page is busy with `job`
   * at once (as with any action, so a second click is refused and the person sees it
   * start), and the action takes the job over when its module has loaded. A failure to
   * load is shown in the status line; a Stop while it loads ends the job there, the
   * action not run.
   *
   * @param job what the page is busy with meanwhile
   * @param load fetches the action's module (a dynamic import)
   * @param act runs the action from the module; it takes the job synchronously
   */
  later<M>(job: Exclude<Job, null>, load: () => Promise<M>, act: (module: M) => Promise<void> | void): void {
    if (this.busyRefusal()) return;
    this.setJob(job);
    this.setStatus('Loading…', 'busy');
    const stops = this.stops;
    load().then(
      (module) => {
        if (this.stops !== stops) {
          this.setJob(null);
          this.setStatus('Stopped. Your board and text are kept.', 'info');
          return;
        }
        this.job = null; // handed over: the action sets it again before it returns
        const done = act(module);
        if (this.job === null) this.setJob(null); // it stopped before starting (it said why)
        return done;
      },
      (e: unknown) => {
        this.setJob(null);
        this.showError(e, false);
      },
    );
  }

  /** Stop the running job: its request is rejected with code `stopped`. */
  stop(): void {
    if (this.job === null) return;
    this.stops++;
    this.controls.client.stop();
  }

  /**
   * Show an error in the status line; mark the cells it names when `boardCells` (they
   * are the board's: the board has not changed since the request).
   */
  showError(e: unknown, boardCells: boolean): void {
    if (e instanceof SolverError) {
      if (e.code === 'stopped') {
        // Busy, or a job stopped before it was drawn so (setJobLater), or a warning said
        // during it (a refused click: "The solver is busy…" stayed after the Stop).
        if (this.controls.status.dataset.kind === 'busy' || this.held || this.heldWarning !== null) {
          this.setStatus('Stopped. Your board and text are kept.', 'info');
        }
        return;
      }
      if (boardCells && e.code === 'conflicting_givens') {
        const clash = this.controls.boardClash?.();
        if (clash) {
          this.setStatus(clash, 'error');
          return;
        }
      }
      if (boardCells && e.where?.cells?.length) this.controls.markCells(e.where.cells);
      if (e.code === 'worker_crashed' || e.code === 'engine_crashed' || e.code === 'out_of_memory') {
        this.setStatus(`${e.message}. A fresh solver has been started; your board is kept.`, 'error');
        return;
      }
      if (e.code === 'load_failed') {
        this.setStatus(`The solver could not be loaded: ${e.message}`, 'error');
        return;
      }
      if (e.code === 'ambiguous_size') {
        this.setStatus(`${e.message}. Your board is kept.`, 'error');
        return;
      }
      this.setStatus(e.message, 'error');
      return;
    }
    this.setStatus(`Something went wrong: ${messageOf(e)}`, 'error');
  }
}
