// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * What the Sudoku page's panels say the next request should be: the solver options
 * (Model panel), the objective and its weights, the generation method, and the fields
 * that tell the engine how to read the board or a text.
 */
import {
  MODEL_KINDS,
  SOLVE_METHODS,
  type ModelKind,
  type Objective,
  type PuzzleFields,
  type SolveMethod,
  type SolveOptions,
} from '../../solver/protocol';
import type { Board } from '../board';
import type { ModelView } from '../model';
import type { Elements } from './elements';

/** The page's request settings, read from its controls when asked. */
export class Settings {
  /** The weights of the weighted objective, n·n row by row (1 by default). */
  weights: number[] = [];

  /**
   * @param el the page's elements
   * @param board the board (its shape and givens)
   * @param onChange called when a weight is edited (the link and the model panel follow)
   */
  constructor(
    private readonly el: Elements,
    private readonly board: Board,
    private readonly onChange: () => void,
  ) {}

  /** The options of the Model panel: presolve, time limit (ms), model, method, progress interval (ms). */
  options(): SolveOptions {
    const interval = this.el.progressInterval.value.trim();
    return {
      presolve: this.el.presolve.checked,
      timeLimitMs: nonNegativeInt(this.el.timeLimit.value),
      model: this.model(),
      progressIntervalMs: interval === '' ? 50 : nonNegativeInt(interval),
      ...(this.el.methodSelect.value === 'sat' ? { method: 'sat' as const } : {}),
    };
  }

  /**
   * The options of a batch, a uniqueness check or an enumeration, and how to name its
   * route in the status line: the Model panel's, except that its defaults (textbook and
   * branch-and-bound, which the page's Solve teaches with) give way to the fastest GLPK
   * route, the reduced model and CNF-SAT (docs/performance.md). A uniqueness check of a
   * 16×16 that the defaults took 288 s over takes 14 ms so (2026-12-06).
   *
   * @param whose whose default the fastest route is, for its name: "a batch’s"
   * @returns the request's options and the route's name ("reduced model, CNF-SAT: the
   *   fastest route, a batch’s default", or "textbook model, CNF-SAT, as the Model panel says")
   */
  fastestOptions(whose: string): { options: SolveOptions; route: string } {
    const options = this.options();
    if (options.model === 'textbook' && this.method() === 'branch-and-bound') {
      return {
        options: { ...options, model: 'reduced', method: 'sat' },
        route: `reduced model, CNF-SAT: the fastest route, ${whose} default`,
      };
    }
    const method = this.method() === 'sat' ? 'CNF-SAT' : 'branch-and-bound';
    return { options, route: `${options.model} model, ${method}, as the Model panel says` };
  }

  /** The chosen model; the models a link may name are the models the page offers. */
  model(): ModelKind {
    return MODEL_KINDS.find((m) => m === this.el.modelSelect.value) ?? 'textbook';
  }

  /** The chosen method of the Model panel (branch-and-bound unless CNF-SAT is chosen). */
  method(): SolveMethod {
    return SOLVE_METHODS.find((m) => m === this.el.methodSelect.value) ?? 'branch-and-bound';
  }

  /** The Generate panel's method, for Generate and Complete grid (CNF-SAT by default). */
  generationMethod(): SolveMethod {
    return SOLVE_METHODS.find((m) => m === this.el.genMethod.value) ?? 'sat';
  }

  /** The chosen objective, or `undefined` for none (any solution is optimal). */
  objective(): Objective | undefined {
    switch (this.el.objectiveSelect.value) {
      case 'diagonal':
        return { preset: 'diagonal' };
      case 'firstRow':
        return { preset: 'firstRow' };
      case 'weighted':
        return {
          sense: this.el.weightsSense.value === 'minimize' ? 'minimize' : 'maximize',
          weights: [...this.weights],
        };
      default:
        return undefined;
    }
  }

  /** The board's shape, for requests about the board's canonical givens. */
  boardFields(): PuzzleFields {
    const { size, boxHeight, boxWidth } = this.board.shape;
    return { size, boxHeight, boxWidth, symbols: 'digits' };
  }

  /** Fields for reading a text: hex only in the 0–F mode, everything else detected. */
  textFields(): PuzzleFields {
    return this.board.hexSymbols ? { symbols: 'hex' } : {};
  }

  /** What the next solve would solve: the model panel's view. */
  modelView(): ModelView {
    const objective = this.objective();
    return {
      shape: this.board.shape,
      givens: this.board.getGivens(),
      model: this.model(),
      ...(objective ? { objective } : {}),
    };
  }

  /** Weights for an n×n board: kept when the size is unchanged, else all 1. */
  fitWeights(size: number): void {
    if (this.weights.length !== size * size) this.weights = new Array<number>(size * size).fill(1);
  }

  /** Show the weights grid (n×n number inputs) when the weighted objective is chosen. */
  renderWeights(): void {
    const weighted = this.el.objectiveSelect.value === 'weighted';
    this.el.weightsPanel.hidden = !weighted;
    if (!weighted) {
      this.el.weightsGrid.replaceChildren();
      return;
    }
    const n = this.board.size;
    this.el.weightsGrid.style.setProperty('--n', String(n));
    const inputs: HTMLInputElement[] = [];
    for (let i = 0; i < n * n; i++) {
      const input = document.createElement('input');
      input.type = 'number';
      input.step = 'any';
      input.value = String(this.weights[i] ?? 1);
      input.setAttribute('aria-label', `Weight of row ${Math.floor(i / n) + 1}, column ${(i % n) + 1}`);
      input.addEventListener('input', () => {
        const x = Number(input.value);
        this.weights[i] = Number.isFinite(x) && input.value.trim() !== '' ? x : 0;
        this.onChange();
      });
      inputs.push(input);
    }
    this.el.weightsGrid.replaceChildren(...inputs);
  }
}

/**
 * The controls a reload keeps: the Enumerate, Generate and Solver options and the tree
 * checkbox. The puzzle, size, symbols, model, method and objective travel in the URL.
 */
const KEPT_CONTROLS = [
  'enumLimit',
  'genSeed',
  'genGivens',
  'genSymmetry',
  'genMethod',
  'presolve',
  'timeLimit',
  'largeTimeLimit',
  'progressInterval',
  'recordTree',
  'weightsSense',
] as const satisfies ReadonlyArray<keyof Elements>;
/** Where {@link keepOverReload} keeps them (sessionStorage). */
const KEPT_KEY = 'gridmilp-settings';

/**
 * Keep the page's settings (KEPT_CONTROLS) over a reload, as a browser restores a
 * form: in sessionStorage, so that a reload or a restored tab has them and a new tab
 * or window starts from the defaults. Restores what the tab saved, each control with a
 * `change` event (its listeners follow), then saves on every change and when the page
 * is left (values the page sets itself fire no event). A value a control
 * no longer offers is skipped; without storage (blocked, a sandboxed frame) nothing
 * is kept and nothing fails.
 *
 * @param el the page's elements, with their listeners attached
 */
export function keepOverReload(el: Elements): void {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) saved = parsed as Record<string, unknown>;
  } catch {
    return; // no storage: the defaults, every time
  }
  const save = (): void => {
    const out: Record<string, string | boolean> = {};
    for (const name of KEPT_CONTROLS) {
      const control = el[name];
      out[name] = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
    }
    try {
      sessionStorage.setItem(KEPT_KEY, JSON.stringify(out));
    } catch {
      // full or blocked: this change is not kept
    }
  };
  for (const name of KEPT_CONTROLS) {
    const control = el[name];
    const value = saved[name];
    if (control instanceof HTMLInputElement && control.type === 'checkbox') {
      if (typeof value === 'boolean' && value !== control.checked) {
        control.checked = value;
        control.dispatchEvent(new Event('change'));
      }
    } else if (typeof value === 'string' && value !== control.value) {
      const before = control.value;
      control.value = value;
      if (control.value === value) control.dispatchEvent(new Event('change'));
      else control.value = before; // an option this page no longer has
    }
    control.addEventListener('change', save);
    control.addEventListener('input', save);
  }
  // Values the page sets itself (the next seed after a generation) fire no event.
  window.addEventListener('pagehide', save);
}

/**
 * A whole number from `min` to `max` typed in a field, or null when the text is another
 * (the caller says so and keeps the text): "" counts as `empty` when one is given.
 *
 * @param text the field's text
 * @param min the least allowed
 * @param max the most allowed
 * @param empty the number an empty field means, or undefined when it must be filled
 */
export function wholeNumberIn(text: string, min: number, max: number, empty?: number): number | null {
  const t = text.trim();
  if (t === '' && empty !== undefined) return empty;
  const x = Number(t);
  return t !== '' && Number.isInteger(x) && x >= min && x <= max ? x : null;
}

/** A whole number ≥ 0 from an input's text; 0 for empty or invalid text. */
export function nonNegativeInt(text: string): number {
  const x = Number(text);
  return Number.isFinite(x) && x > 0 ? Math.round(x) : 0;
}
