// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Code shared by the main page (main.ts) and the embeddable page (embed.ts): the worker
 * factory, element lookup, error text, file downloads, the model panel's row request
 * and the live branch-and-bound panel.
 */
import { MAX_WORKERS, type SolverClient, type WorkerFactory, type WorkerHandlers, type WorkerPort } from '../solver/client';
import { endedByRestart, type ModelRowResult, type SolveProgress, type SolveResult, type SolveStats } from '../solver/protocol';
import type { ModelView } from './model';
import { formatBound, formatMs, grouped } from './format';


/**
 * How many views' figures (sizes as built, after the reduction) the model panel keeps,
 * and so how many of its responses the lazy stand-in keeps before the panel loads: a
 * page that solves puzzle after puzzle all day keeps the last ones, not every one.
 */
export const MAX_VIEW_FACTS = 32;
/**
 * Wire a started solver worker to the client: messages to `onMessage`, a failure to
 * start or an unreadable message to `onCrash` (with a sentence saying which).
 */
export function connectWorker(worker: Worker, { onMessage, onCrash }: WorkerHandlers): WorkerPort {
  worker.onmessage = (event: MessageEvent) => onMessage(event.data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    onCrash(event.message || 'the solver worker failed to start');
  };
  worker.onmessageerror = () => onCrash('a message from the solver could not be read');
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
  };
}

/** Start the solver worker the way Vite detects (module worker, bundled separately). */
export const createWorker: WorkerFactory = (handlers, name = 'gridmilp-solver') =>
  connectWorker(
    new Worker(new URL('../worker/worker.ts', import.meta.url), {
      type: 'module',
      name,
    }),
    handlers,
  );

/**
 * The most workers for a batch (Sudoku's and the genres' Solve all): one per core the
 * browser reports (navigator.hardwareConcurrency), at most MAX_WORKERS (8); `?workers=N`
 * in the page's URL sets it (1 = the page's own worker only), e.g. to compare.
 */
export function batchWorkers(): number {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  const cores = Number.isInteger(asked) && asked >= 1 ? asked : navigator.hardwareConcurrency || 1;
  return Math.min(MAX_WORKERS, cores);
}

/**
 * The element with id `id`, checked to be of `type`.
 *
 * @throws Error when it is missing or of another type
 */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`gridmilp page: element #${id} is missing`);
  return el;
}

/** The message of an error, or the value as text. */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

/** Offer `text` as a download named `fileName`. */
export function saveText(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/** Offer `blob` (an SVG, a PNG, a text) as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The branch-and-bound panel: the section `#<prefix>` with `#<prefix>-title`, `-state`,
 * `-nodes`, `-active`, `-depth`, `-incumbent`, `-bound`, `-gap` and `-elapsed`
 * (prefix `bnb` on the Sudoku page and the embed, `genre-bnb` on the genre page), titled
 * "CNF-SAT" with the tree's figures hidden while that route runs. Progress is drawn at
 * most once per animation frame.
 */
export class BnbPanel {
  private readonly root: HTMLElement;
  private readonly title: HTMLSpanElement;
  private readonly state: HTMLSpanElement;
  private readonly nodes: HTMLElement;
  private readonly active: HTMLElement;
  private readonly depth: HTMLElement;
  private readonly incumbent: HTMLElement;
  private readonly bound: HTMLElement;
  private readonly gap: HTMLElement;
  private readonly elapsed: HTMLElement;

  /**
   * @param prefix the id of the panel's section, and of its parts' ids
   * @throws Error when one of the elements is missing
   */
  constructor(prefix = 'bnb') {
    this.root = byId(prefix, HTMLElement);
    this.title = byId(`${prefix}-title`, HTMLSpanElement);
    this.state = byId(`${prefix}-state`, HTMLSpanElement);
    this.nodes = byId(`${prefix}-nodes`, HTMLElement);
    this.active = byId(`${prefix}-active`, HTMLElement);
    this.depth = byId(`${prefix}-depth`, HTMLElement);
    this.incumbent = byId(`${prefix}-incumbent`, HTMLElement);
    this.bound = byId(`${prefix}-bound`, HTMLElement);
    this.gap = byId(`${prefix}-gap`, HTMLElement);
    this.elapsed = byId(`${prefix}-elapsed`, HTMLElement);
  }

  /** The latest progress not yet drawn. */
  private pending: SolveProgress | null = null;

  /** Whether the running solve optimises an objective (then the incumbent's value and the gap are shown). */
  private objective = false;

  /**
   * Until the first progress report, the page's own clock in the time field: GLPK reports
   * only from the tree, and a large root LP (an empty 25×25: seconds) left "0.00 ms"
   * standing as if the solve had frozen.
   */
  private clock: ReturnType<typeof setInterval> | null = null;

  private stopClock(): void {
    if (this.clock !== null) clearInterval(this.clock);
    this.clock = null;
  }

  /**
   * Show the panel, zeroed, as running.
   *
   * @param objective whether the solve optimises an objective: the incumbent is then shown
   *   by its objective value and the gap is given; otherwise the incumbent is yes/no
   * @param branchAndBound whether the route is branch-and-bound: its root LP is timed by
   *   the page's clock until GLPK's first report (CNF-SAT has no LP to speak of)
   */
  start(objective = false, branchAndBound = true): void {
    this.objective = objective;
    this.pending = null;
    this.route(branchAndBound ? 'branch-and-bound' : 'sat');
    this.root.hidden = false;
    this.root.dataset.state = 'running';
    this.state.textContent = '(running…)';
    this.draw({
      phase: 'branch-and-bound',
      nodes: 0,
      activeNodes: 0,
      depth: 0,
      incumbent: null,
      bestBound: null,
      gap: null,
      elapsedMs: 0,
    });
    this.stopClock();
    if (!branchAndBound) return;
    const started = performance.now();
    this.clock = setInterval(() => {
      if (this.root.dataset.state !== 'running' || this.root.hidden) return this.stopClock();
      this.state.textContent = '(running… the root LP relaxation)';
      this.elapsed.textContent = formatMs(performance.now() - started);
    }, 250);
  }

  /**
   * Title the panel by the route that runs: "Branch-and-bound" with its tree's figures, or
   * "CNF-SAT" with the incumbent and time alone (styles.css hides the rest), so that a
   * SAT solve is not shown as a tree of 0 nodes (a teacher's session).
   */
  private route(method: 'branch-and-bound' | 'sat'): void {
    this.root.dataset.route = method;
    this.title.textContent = method === 'sat' ? 'CNF-SAT' : 'Branch-and-bound';
  }

  /**
   * Take a progress report; it is drawn on the next frame if `stillRunning()` holds then.
   *
   * @param progress the report
   * @param stillRunning whether the solve it belongs to is still the current one
   */
  progress(progress: SolveProgress, stillRunning: () => boolean): void {
    // A route that changed on the way (Akari's CNF-SAT falls back to branch-and-bound
    // after its propagation budget): the panel follows the tree's reports.
    if (progress.phase === 'branch-and-bound' && this.root.dataset.route === 'sat') this.route('branch-and-bound');
    if (this.clock !== null) {
      this.stopClock();
      this.state.textContent = '(running…)';
    }
    const first = this.pending === null;
    this.pending = progress;
    if (first) {
      requestAnimationFrame(() => {
        const p = this.pending;
        this.pending = null;
        if (p && stillRunning()) this.draw(p);
      });
    }
  }

  /**
   * Keep the final figures: the node count, the incumbent's objective value, bound, gap
   * and GLPK's time from the result.
   */
  finish(result: SolveResult): void {
    const objective = result.objective;
    this.finishWith(result.stats, {
      found: typeof result.solution === 'string',
      value: objective?.value ?? 0,
      bound: objective?.bound,
      gap: objective?.gap,
      decidedByReduction: result.decidedBy === 'reduction',
    });
  }

  /**
   * Keep the final figures of a solve from its statistics (both routes, every genre).
   *
   * @param s the solve's statistics: nodes, GLPK's time (ms), method, bound and gap
   * @param outcome whether an answer was found, its objective value, the bound and gap of
   *   an objective, and whether the model reduction decided the puzzle (no tree)
   */
  finishWith(
    s: Pick<SolveStats, 'nodes' | 'solveMs' | 'method' | 'bestBound' | 'gap'>,
    outcome: { found: boolean; value?: number; bound?: number; gap?: number; decidedByReduction?: boolean },
  ): void {
    this.pending = null;
    this.stopClock();
    if (s.method !== undefined) this.route(s.method === 'sat' ? 'sat' : 'branch-and-bound');
    this.root.dataset.state = 'done';
    this.state.textContent = outcome.decidedByReduction
      ? '(final · decided by the model reduction, no tree)'
      : s.method === 'sat'
        ? '(final · MiniSat solved it, no tree)'
        : s.nodes === 0
          ? '(final · no tree: presolve settled it)'
          : '(final)';
    this.draw({
      phase: 'branch-and-bound',
      nodes: s.nodes,
      activeNodes: 0,
      depth: 0,
      incumbent: outcome.found ? (outcome.value ?? 0) : null,
      bestBound: outcome.bound ?? s.bestBound ?? null,
      gap: outcome.gap ?? s.gap ?? null,
      elapsedMs: s.solveMs,
    });
    // Depth is the open node's: once the search has ended no node is open (the last
    // progress's depth, often 0 after a deeper tree, read as a contradiction).
    this.depth.textContent = '—';
    // No solver ran when the reduction decided (a time of 0 is said "< 1 ms", format.ts).
    if (outcome.decidedByReduction) this.elapsed.textContent = '—';
  }

  /** Hide the panel: what it showed belongs to a board no longer drawn. */
  hide(): void {
    this.pending = null;
    this.stopClock();
    this.root.hidden = true;
  }

  /** Mark the panel as stopped (the solve failed or was stopped). */
  stopped(): void {
    this.pending = null;
    this.stopClock();
    this.state.textContent = '(stopped)';
  }

  /**
   * After a solve that gave no result: "(stopped)" with its figures so far when a Stop
   * or a restart ended it (endedByRestart); hidden for any error the engine answered
   * with, which comes before a search (a text that does not read, clashing givens) or
   * instead of its result (a GLPK failure, which the status line says): zeros marked
   * "(stopped)" read as a search cut short (a user's session).
   *
   * @param e the solve's error (an object with the protocol's `code`)
   */
  ended(e: unknown): void {
    if (endedByRestart(e)) this.stopped();
    else this.hide();
  }

  private draw(p: SolveProgress): void {
    this.nodes.textContent = grouped(p.nodes);
    this.active.textContent = grouped(p.activeNodes);
    this.depth.textContent = String(p.depth);
    this.incumbent.textContent = p.incumbent === null ? 'no' : this.objective ? formatBound(p.incumbent) : 'yes';
    this.incumbent.dataset.value = p.incumbent === null ? '' : String(p.incumbent);
    this.bound.textContent = formatBound(p.bestBound);
    // A feasibility model has nothing to close: its gap is not shown.
    this.gap.textContent = !this.objective || p.gap === null ? '—' : `${formatBound(p.gap * 100)} %`;
    this.elapsed.textContent = formatMs(p.elapsedMs);
  }
}

/**
 * One row of the model a model panel describes, as the engine's model builder hands it
 * to GLPK, with the model's size and reduction (an `exportModel` request with `row`
 * for the view's puzzle, shape, model and objective; protocol.md).
 *
 * @param row the row's name, e.g. `box[5,3]`
 * @param formulation also ask for the model panel's formulation (`formulation: true`)
 * @returns the result, whose `row` is null when the model has no row of that name
 * @throws SolverError as the client raises it (e.g. code `stopped` after Stop)
 */
export function exportModelRow(client: SolverClient, view: ModelView, row: string, formulation = false): Promise<ModelRowResult> {
  const { size, boxHeight, boxWidth } = view.shape;
  return client.modelRow(
    view.givens,
    row,
    {
      size,
      boxHeight,
      boxWidth,
      symbols: 'digits',
      options: { model: view.model },
      ...(view.objective ? { objective: view.objective } : {}),
    },
    formulation,
  );
}
