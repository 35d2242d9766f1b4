// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The model panel: the formulation of the MILP the page will solve, typeset with KaTeX
 * (bundled, no network; loaded only when the panel first comes into view, so it is not
 * part of what a first solve downloads) for the current size n, box shape h×w, model choice (textbook,
 * candidates, reduced) and objective; its sizes as built, after the model reduction and
 * after GLPK's presolve; and one concrete constraint chosen by the reader, shown as the
 * engine's model builder hands it to GLPK (an `exportModel` request with `row`), with
 * its cells highlighted on the board. Hovering or focusing a constraint family highlights the
 * cells its first row ties together, as the engine's formulation gives them. The main page fetches this module itself only
 * when the panel first comes into view (lazy-model.ts); its styles are in model.css.
 */
import type {
  ExportModelResult,
  ModelRowResult,
  ModelKind,
  ModelRow,
  Objective,
  ReductionInfo,
  SolveResult,
} from '../solver/protocol';
import { noteParts, type Formulation } from '../solver/genre';
import { grouped, type Shape } from './format';
import { MAX_VIEW_FACTS } from './shared';
import './model.css';
import './row.css';

/** The rows of one view the panel keeps (a reader stepping through a unit's digits and back). */
const MAX_ROWS_KEPT = 64;

/** A constraint family of the formulation, named as the model names its rows. */
export type Family = 'cell' | 'row' | 'column' | 'box' | 'givens';

/** What the panel describes: the puzzle and the options the next solve would use. */
export interface ModelView {
  shape: Shape;
  /** n·n canonical characters, `.` empty. */
  givens: string;
  model: ModelKind;
  objective?: Objective;
}

/** A key for "the same model": shape, givens, model and objective. */
export function viewKey(view: ModelView): string {
  const { size, boxHeight, boxWidth } = view.shape;
  return JSON.stringify([size, boxHeight, boxWidth, view.givens, view.model, view.objective ?? null]);
}

/** The 1-based box of cell (row, column). */
export function boxOf(shape: Shape, row: number, column: number): number {
  const { size: n, boxHeight: h, boxWidth: w } = shape;
  return Math.floor((row - 1) / h) * (n / w) + Math.floor((column - 1) / w) + 1;
}

/**
 * The 0-based cell indices (`row * n + column`) a family of the formulation ties
 * together when pointed at: for the givens, every given cell; for a rule, the cells of
 * its first row in the model as the engine built it (`groups[].rows[0]`, cell (1,1)'s
 * row, row 1's, column 1's or box 1's in the textbook model; in a smaller model the
 * first row it keeps, over its candidates), none when the model has no such row.
 *
 * @param family the constraint family
 * @param formulation the engine's formulation of the view's model
 * @param n the size
 * @param givens n·n canonical characters (`.` empty), used for `givens` only
 */
export function familyCells(family: Family, formulation: Formulation, n: number, givens: string): number[] {
  if (family === 'givens') return [...givens].flatMap((ch, i) => (ch !== '.' && i < n * n ? [i] : []));
  const first = formulation.groups.find((g) => g.id === family)?.rows[0];
  return first ? first.cells.map(([r, c]) => (r - 1) * n + (c - 1)) : [];
}

/** One concrete constraint: a family and two 1-based indices (see {@link rowName}). */
export interface ConstraintChoice {
  family: Exclude<Family, 'givens'>;
  /** cell: row r; row: row r; column: column c; box: box b. */
  first: number;
  /** cell: column c; otherwise the digit d. */
  second: number;
}

/** The model's name of the row of `choice`, e.g. `box[5,3]` (cpp/puzzles/sudoku/model.cpp names them so). */
export function rowName(choice: ConstraintChoice): string {
  return `${choice.family}[${choice.first},${choice.second}]`;
}

type Katex = typeof import('katex').default;
let katex: Katex | null = null;
let katexLoading: Promise<Katex> | null = null;

/** Whether a model fixes cells before GLPK (the reduced model and the probed one). */
function fixesCells(model: ModelKind): boolean {
  return model === 'reduced' || model === 'probed';
}

/** Load KaTeX and its style sheet (one chunk, fetched once). */
function loadKatex(): Promise<Katex> {
  katexLoading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([module]) => (katex = module.default),
  );
  return katexLoading;
}

/**
 * Render TeX to KaTeX HTML (errors are drawn in red, never thrown), with its MathML
 * beside it for screen readers (KaTeX hides its HTML from them; with `output: 'html'`
 * every formula was silent: an accessibility session), without the MathML's TeX
 * annotation. Until KaTeX has loaded, the TeX source in a <code> element.
 */
function tex(source: string, display = false): string {
  if (!katex) return `<code class="tex-pending">${escapeHtml(source)}</code>`;
  // The MathML's TeX annotation is left out: read by no screen reader, it put the raw TeX
  // into the panel's text (a copy, a search in the page).
  return katex.renderToString(source, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' }).replace(/<annotation\b[^>]*>[\s\S]*?<\/annotation>/g, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A formulation note (words with TeX between `\(` and `\)`) as HTML, the TeX typeset. */
function noteHtml(text: string): string {
  return noteParts(text)
    .map((part) => (part.tex ? tex(part.text) : escapeHtml(part.text)))
    .join('');
}

function count(n: number, word: string): string {
  return `${grouped(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** Facts about the model of one view, from a response for that view. */
interface ModelFacts {
  columns: number;
  rows: number;
  nonzeros: number;
  reduction?: ReductionInfo;
  /** The engine's formulation of the view's model (an export with `formulation`). */
  formulation?: Formulation;
}

/** What the last solve of the view reported about presolve. */
interface PresolveFacts {
  rows: number | null;
  columns: number | null;
  nonzeros: number | null;
  recorded: boolean;
  decidedBy?: string;
}

/** How the panel reaches the rest of the page. */
export interface ModelPanelHooks {
  /** Highlight these 0-based cells on the board (empty: none). */
  markCells(indices: number[]): void;
  /**
   * Row `row` of the model of `view` with the model's size (an `exportModel` request with
   * `row`), and with `formulation` the engine's formulation of that model too, or `null`
   * when the solver is busy or was stopped: the panel then waits for
   * {@link ModelPanel.refresh}. A rejection (e.g. conflicting givens) is shown in the panel.
   */
  fetchRow(view: ModelView, row: string, formulation: boolean): Promise<ModelRowResult | null>;
}

/**
 * The model panel in `container`: call {@link setView} whenever the puzzle, shape, model or
 * objective changes, {@link noteSolve} / {@link noteExport} with responses, and
 * {@link refresh} when the solver is free again.
 */
export class ModelPanel {
  private readonly container: HTMLElement;
  private readonly hooks: ModelPanelHooks;
  private view: ModelView | null = null;
  private key = '';
  /** The figures of the last {@link MAX_VIEW_FACTS} views, by view key, oldest first. */
  private readonly facts = new Map<string, ModelFacts>();
  /** The rows read for the current view, by name (null: the model has no such row). */
  private rows = new Map<string, ModelRow | null>();
  /** Why the model of a view could not be read (e.g. conflicting givens), by view key. */
  private readonly failures = new Map<string, string>();
  private presolve: { key: string; facts: PresolveFacts } | null = null;
  private choice: ConstraintChoice = { family: 'box', first: 1, second: 1 };
  private fetching: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the chosen constraint's row is shown (its cells are restored after a family hover). */
  private showingRow = false;
  /**
   * Whether the reader is looking at constraints: set by a change of the chooser, cleared
   * when the givens change. Only then does the chosen row mark cells on the board, so
   * typing into the board is not disturbed by highlights.
   */
  private highlightRow = false;
  private rowCellsShown: number[] = [];
  private readonly formula: HTMLElement;
  private readonly sizes: HTMLElement;
  private readonly chooser: HTMLElement;
  private readonly rowOut: HTMLElement;
  private readonly familySelect: HTMLSelectElement;
  private readonly firstSelect: HTMLSelectElement;
  private readonly secondSelect: HTMLSelectElement;
  private readonly firstLabel: HTMLLabelElement;
  private readonly secondLabel: HTMLLabelElement;

  /**
   * @param container the panel body (emptied and filled)
   * @param hooks board highlighting and the model's rows
   * @param idPrefix prefix for element ids (two panels on one page need different ones)
   */
  constructor(container: HTMLElement, hooks: ModelPanelHooks, idPrefix = 'model') {
    this.container = container;
    this.hooks = hooks;
    this.formula = document.createElement('div');
    this.formula.className = 'f-formula';
    this.sizes = document.createElement('div');
    this.sizes.className = 'f-sizes';
    this.chooser = document.createElement('div');
    this.chooser.className = 'f-chooser';
    const make = (id: string, text: string): [HTMLLabelElement, HTMLSelectElement] => {
      const label = document.createElement('label');
      label.htmlFor = `${idPrefix}-${id}`;
      label.textContent = text;
      const select = document.createElement('select');
      select.id = `${idPrefix}-${id}`;
      return [label, select];
    };
    const [familyLabel, familySelect] = make('row-family', 'Constraint');
    this.familySelect = familySelect;
    for (const [value, text] of [
      ['cell', 'one digit in cell (r, c)'],
      ['row', 'digit d once in row r'],
      ['column', 'digit d once in column c'],
      ['box', 'digit d once in box b'],
    ] as const) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      familySelect.append(o);
    }
    [this.firstLabel, this.firstSelect] = make('row-first', 'r');
    [this.secondLabel, this.secondSelect] = make('row-second', 'd');
    const heading = document.createElement('h3');
    heading.textContent = 'One constraint as GLPK gets it';
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'Choose a constraint, or select a cell on the board to pick its row, column and box.';
    const controls = document.createElement('div');
    controls.className = 'f-chooser-controls';
    for (const [label, select] of [
      [familyLabel, familySelect],
      [this.firstLabel, this.firstSelect],
      [this.secondLabel, this.secondSelect],
    ] as const) {
      const span = document.createElement('span');
      span.append(label, select);
      controls.append(span);
    }
    this.rowOut = document.createElement('div');
    this.rowOut.className = 'f-row';
    this.rowOut.setAttribute('aria-live', 'polite');
    this.chooser.append(heading, hint, controls, this.rowOut);
    container.replaceChildren(this.formula, this.sizes, this.chooser);
    familySelect.value = this.choice.family;
    const onChoose = (): void => {
      this.highlightRow = true;
      this.choice = {
        family: familySelect.value as ConstraintChoice['family'],
        first: Number(this.firstSelect.value) || 1,
        second: Number(this.secondSelect.value) || 1,
      };
      this.renderChooser();
      this.showRow();
    };
    familySelect.addEventListener('change', onChoose);
    this.firstSelect.addEventListener('change', onChoose);
    this.secondSelect.addEventListener('change', onChoose);
    this.watchVisibility();
  }

  /**
   * Whether the panel is on screen. The model's rows are fetched only then: at start-up the
   * worker's time goes to warming up the solver for the person's first Solve, not to a
   * model nobody is reading yet.
   */
  private inView = typeof IntersectionObserver === 'undefined';

  private watchVisibility(): void {
    if (this.inView) return;
    new IntersectionObserver((entries) => {
      const inView = entries.some((e) => e.isIntersecting);
      if (inView === this.inView) return;
      this.inView = inView;
      if (inView) this.refresh();
    }).observe(this.container);
  }

  /** The constraint currently chosen. */
  get chosen(): ConstraintChoice {
    return { ...this.choice };
  }

  /** Describe `view`; redraws what changed and fetches the model's figures when needed. */
  setView(view: ModelView): void {
    const key = viewKey(view);
    const shapeChanged = !this.view || this.view.shape.size !== view.shape.size || this.view.shape.boxWidth !== view.shape.boxWidth;
    const givensChanged = this.view?.givens !== view.givens;
    this.view = view;
    if (key === this.key && !shapeChanged) return;
    this.key = key;
    this.rows = new Map();
    if ((givensChanged || shapeChanged) && this.highlightRow) {
      this.highlightRow = false;
      this.hooks.markCells([]);
    }
    if (shapeChanged) {
      const n = view.shape.size;
      this.choice = {
        family: this.choice.family,
        first: Math.min(this.choice.first, n),
        second: Math.min(this.choice.second, n),
      };
      this.renderChooser();
    }
    this.renderFormula();
    this.renderSizes();
    this.showRow();
  }

  /**
   * Choose the constraints of cell (row, column): the cell's own row for the cell family,
   * else its row, column or box with the digit kept.
   */
  selectCell(row: number, column: number): void {
    if (!this.view) return;
    const { family } = this.choice;
    const first = family === 'cell' || family === 'row' ? row : family === 'column' ? column : boxOf(this.view.shape, row, column);
    const second = family === 'cell' ? column : this.choice.second;
    if (first === this.choice.first && second === this.choice.second) return;
    this.choice = { family, first, second };
    this.renderChooser();
    this.showRow();
  }

  /** Keep `facts` for `key` as the newest, forgetting the oldest past the limit. */
  private setFacts(key: string, facts: ModelFacts): void {
    this.facts.delete(key);
    this.facts.set(key, facts);
    if (this.facts.size > MAX_VIEW_FACTS) this.facts.delete(this.facts.keys().next().value as string);
  }

  /** Take the sizes and presolve figures of a solve of `view`. */
  noteSolve(result: SolveResult, view: ModelView): void {
    const key = viewKey(view);
    const s = result.stats;
    const old = this.facts.get(key);
    this.setFacts(key, {
      ...old,
      columns: s.columns,
      rows: s.rows,
      nonzeros: s.nonzeros,
      ...(result.reduction ? { reduction: result.reduction } : {}),
    });
    this.presolve = {
      key,
      facts: {
        rows: s.presolvedRows,
        columns: s.presolvedColumns,
        nonzeros: s.presolvedNonzeros,
        recorded: result.branching !== undefined,
        ...(result.decidedBy ? { decidedBy: result.decidedBy } : {}),
      },
    };
    if (key === this.key) this.renderSizes();
  }

  /** Take an export of `view`: its figures, and its row when the request asked for one. */
  noteExport(result: ExportModelResult | ModelRowResult, view: ModelView, row?: string): void {
    const key = viewKey(view);
    const old = this.facts.get(key);
    this.setFacts(key, {
      ...old,
      columns: result.columns,
      rows: result.rows,
      nonzeros: result.nonzeros,
      ...(result.reduction ? { reduction: result.reduction } : {}),
      ...('formulation' in result && result.formulation ? { formulation: result.formulation } : {}),
    });
    if (key === this.key && row !== undefined) {
      // An engine without rows (an older module) answers the text: say so, not ask forever.
      const answered = 'row' in result ? result.row : undefined;
      if (answered === undefined) this.failures.set(key, 'this engine does not describe single rows');
      this.rows.set(row, answered ?? null);
      if (this.rows.size > MAX_ROWS_KEPT) this.rows.delete(this.rows.keys().next().value as string);
    }
    if (key === this.key) {
      this.renderFormula();
      this.renderSizes();
      this.showRow();
    }
  }

  /** Fetch what is still missing for the current view (call when the solver is free). */
  refresh(): void {
    if (this.needsFetch()) this.schedule(0);
  }

  /** Called by the family items: highlight a family's cells, or restore the chosen row's. */
  private onFamily(family: Family | null): void {
    if (!this.view) return;
    if (family === null) {
      this.hooks.markCells(this.showingRow && this.highlightRow ? this.rowCellsShown : []);
      return;
    }
    const formulation = this.facts.get(this.key)?.formulation;
    this.hooks.markCells(formulation ? familyCells(family, formulation, this.view.shape.size, this.view.givens) : []);
  }

  private needsFetch(): boolean {
    // Fetched when the panel is on screen, or when someone chose a constraint in it.
    if (!(this.inView || this.highlightRow) || !this.view || this.failures.has(this.key)) return false;
    return !this.facts.get(this.key)?.formulation || !this.rows.has(rowName(this.choice));
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.fetch();
    }, delayMs);
  }

  private async fetch(): Promise<void> {
    const view = this.view;
    if (!view || !this.needsFetch()) return;
    const key = viewKey(view);
    const row = rowName(this.choice);
    const formulation = !this.facts.get(key)?.formulation;
    const asking = `${key} ${row} ${formulation}`;
    if (this.fetching === asking) return;
    this.fetching = asking;
    try {
      const result = await this.hooks.fetchRow(view, row, formulation);
      // null: busy or stopped; refresh() asks again when the solver is free.
      if (result) this.noteExport(result, view, row);
    } catch (e) {
      this.failures.set(key, e instanceof Error ? e.message : String(e));
      if (key === this.key) {
        this.renderFormula(); // says the failure (it said the formulation was on its way)
        this.renderSizes();
        this.showRow();
      }
    } finally {
      if (this.fetching === asking) this.fetching = null;
    }
  }

  private katexObserver: IntersectionObserver | null = null;

  /**
   * The panel has taken its height (its formulation typeset, or a failure said): the
   * height the container held for it until then (lazy-model.ts, `data-pending`) is let go.
   */
  private settle(): void {
    delete this.container.dataset.pending;
  }

  /** Typeset once KaTeX is there: load it when the formula first comes into view. */
  private whenTypesetting(): void {
    if (katex || this.katexObserver) return;
    const start = (): void => {
      this.katexObserver?.disconnect();
      void loadKatex().then(
        () => {
          if (this.view) this.renderFormula();
        },
        () => this.settle(), // the TeX source stays readable
      );
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return;
    }
    this.katexObserver = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) start();
    });
    this.katexObserver.observe(this.formula);
  }

  /**
   * Typesets the engine's formulation of the view's model (cpp/puzzles/sudoku/formulation.h:
   * its sets, what the model keeps, fixes or removes, the variables, the objective and
   * the constraint families), or says it is on its way.
   */
  private renderFormula(): void {
    this.whenTypesetting();
    const f = this.facts.get(this.key)?.formulation;
    if (f === undefined) {
      const failed = this.failures.get(this.key);
      this.formula.innerHTML = `<p class="hint">${failed ? `No formulation: ${escapeHtml(failed)}` : 'Asking the engine for the formulation…'}</p>`;
      if (failed) this.settle();
      return;
    }
    const classes: Record<string, string> = { sets: 'f-sets', model: 'f-model', variables: 'f-vars' };
    const parts: string[] = [];
    for (const note of f.notes) {
      if (note.kind === 'objective') continue;
      const model = note.kind === 'model' ? ` data-model="${escapeHtml(f.model ?? '')}"` : '';
      parts.push(`<p class="${classes[note.kind] ?? 'f-note'}"${model}>${noteHtml(note.text)}</p>`);
    }
    parts.push(`<p class="f-vars">${tex(f.variables)}</p>`);
    const meaning = f.notes.filter((n) => n.kind === 'objective').map((n) => ` (${noteHtml(n.text)})`);
    parts.push(`<p class="f-obj">${tex(f.objective)}${meaning.join('')}</p>`);
    parts.push('<p class="f-st">subject to</p>');
    parts.push('<ul class="f-families">');
    for (const group of f.groups) {
      const family = escapeHtml(group.id);
      const rows = group.rowCount === undefined ? '' : ` (${count(group.rowCount, 'row')} in this model)`;
      parts.push(
        `<li tabindex="0" data-family="${family}" title="${escapeHtml(group.title + rows)}"><span class="f-name">${escapeHtml(group.pattern ?? group.id)}</span> ${tex(group.tex)}</li>`,
      );
    }
    parts.push('</ul>');
    this.formula.innerHTML = parts.join('');
    if (katex) this.settle();
    for (const li of this.formula.querySelectorAll<HTMLElement>('[data-family]')) {
      const family = li.dataset.family as Family;
      if (!['cell', 'row', 'column', 'box', 'givens'].includes(family)) continue;
      li.addEventListener('mouseenter', () => this.onFamily(family));
      li.addEventListener('focus', () => this.onFamily(family));
      li.addEventListener('mouseleave', () => this.onFamily(null));
      li.addEventListener('blur', () => this.onFamily(null));
    }
  }

  private renderSizes(): void {
    const view = this.view!;
    const n = view.shape.size;
    const facts = this.facts.get(this.key);
    const red = facts?.reduction;
    // A stage's note goes on its own row under the figures, across the table: as a fifth
    // column it widened the table past the panel (clipped at the side on a phone and in
    // the two-column layout from 900 px).
    const row = (stage: string, label: string, cells: [string, string, string], note = ''): string =>
      `<tr data-stage="${stage}"><th scope="row">${label}</th><td>${cells[0]}</td><td>${cells[1]}</td><td>${cells[2]}</td></tr>` +
      (note === '' ? '' : `<tr class="f-note-row" data-note="${stage}"><td colspan="4" class="f-note">${note}</td></tr>`);
    const num = grouped;
    const rows: string[] = [];
    rows.push(
      row('built', `As built (${view.model === 'packing' ? 'packing' : 'textbook'})`, [num(n ** 3), num(4 * n * n), num(4 * n ** 3)], `${n}³, 4·${n}², 4·${n}³`),
    );
    if (view.model !== 'textbook' && view.model !== 'packing') {
      if (facts) {
        const removed = red
          ? `${num(red.candidatesRemoved)} variables and ${num(red.rowsRemoved)} rows left out${fixesCells(view.model) ? `; ${count(red.nakedSingles, 'naked single')}, ${count(red.hiddenSingles, 'hidden single')} fixed` : ''}`
          : '';
        rows.push(
          row('reduced', `After the reduction (${view.model})`, [num(facts.columns), num(facts.rows), num(facts.nonzeros)], removed),
        );
      } else {
        const failure = this.failures.get(this.key);
        rows.push(
          row('reduced', `After the reduction (${view.model})`, ['…', '…', '…'], failure ? escapeHtml(failure) : 'computed when the solver is free'),
        );
      }
    }
    const p = this.presolve && this.presolve.key === this.key ? this.presolve.facts : null;
    if (!p) {
      rows.push(row('presolved', "After GLPK's presolve", ['—', '—', '—'], 'known after Solve'));
    } else if (p.decidedBy === 'reduction') {
      rows.push(row('presolved', "After GLPK's presolve", ['—', '—', '—'], 'GLPK was not called: the reduction decided the puzzle'));
    } else if (p.rows === null || p.columns === null || p.nonzeros === null) {
      rows.push(
        row(
          'presolved',
          "After GLPK's presolve",
          ['—', '—', '—'],
          p.recorded ? "presolve is off: recording the branching turns GLPK's presolve off" : 'presolve was off (Solver options)',
        ),
      );
    } else if (p.rows === 0 && p.columns === 0) {
      rows.push(row('presolved', "After GLPK's presolve", ['0', '0', '0'], 'the presolver solved it outright'));
    } else {
      rows.push(row('presolved', "After GLPK's presolve", [num(p.columns), num(p.rows), num(p.nonzeros)]));
    }
    this.sizes.innerHTML = `<table class="f-size-table"><caption>Model size</caption><thead><tr><th></th><th scope="col">variables</th><th scope="col">constraints</th><th scope="col">nonzeros</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  }

  private renderChooser(): void {
    const n = this.view?.shape.size ?? 9;
    const { family, first, second } = this.choice;
    this.familySelect.value = family;
    const fill = (select: HTMLSelectElement, value: number): void => {
      if (select.options.length !== n) {
        select.replaceChildren(
          ...Array.from({ length: n }, (_, i) => {
            const o = document.createElement('option');
            o.value = String(i + 1);
            o.textContent = String(i + 1);
            return o;
          }),
        );
      }
      select.value = String(value);
    };
    fill(this.firstSelect, first);
    fill(this.secondSelect, second);
    this.firstLabel.textContent = family === 'column' ? 'column c' : family === 'box' ? 'box b' : 'row r';
    this.secondLabel.textContent = family === 'cell' ? 'column c' : 'digit d';
  }

  /** Show the chosen constraint's row as the engine writes it (fetching it when missing). */
  private showRow(): void {
    if (!this.view) return;
    const view = this.view;
    const n = view.shape.size;
    const name = rowName(this.choice);
    const title = this.describeChoice(view.model === 'packing');
    const failure = this.failures.get(this.key);
    if (!this.rows.has(name)) {
      this.rowOut.innerHTML = `<p class="f-row-title">${escapeHtml(title)}</p><p class="hint">${failure ? `The row is not available: ${escapeHtml(failure)}` : 'Reading the row from the model…'}</p>`;
      this.showingRow = false;
      if (this.highlightRow) this.hooks.markCells([]);
      this.schedule(250);
      return;
    }
    const row = this.rows.get(name) ?? null;
    const out: string[] = [`<p class="f-row-title">${escapeHtml(title)}</p>`];
    if (row) {
      this.rowCellsShown = row.cells.map(([r, c]) => (r - 1) * n + (c - 1));
      out.push(`<pre class="lp-row" data-row="${escapeHtml(name)}">${escapeHtml(row.text)}</pre>`);
      const of = `${count(row.terms, 'term')}${view.model === 'textbook' || view.model === 'packing' ? '' : ` of ${n} in the textbook model`}`;
      out.push(
        `<p class="hint">${of}, as gridmilp's model builder hands the row to GLPK (GLPK's LP file writes x[r,c,d] as x(r,c,d): LP names allow no brackets)${row.fixed.length ? `. Fixed by the givens' bounds: ${escapeHtml(row.fixed.join(', '))}` : ''}.</p>`,
      );
    } else {
      this.rowCellsShown = [];
      const why =
        this.choice.family === 'cell'
          ? `cell (${this.choice.first}, ${this.choice.second}) is ${fixesCells(view.model) ? 'a given or fixed by the reduction' : 'a given'}: it has no variables and no row`
          : `the ${fixesCells(view.model) ? 'givens and fixings' : 'givens'} already put ${this.choice.second} in this unit, so the ${view.model} model has no row ${name}`;
      out.push(`<p class="lp-row-none" data-row="${escapeHtml(name)}">No row: ${escapeHtml(why)}.</p>`);
    }
    this.rowOut.innerHTML = out.join('');
    this.showingRow = true;
    if (this.highlightRow) this.hooks.markCells(this.rowCellsShown);
  }

  /** The chosen row in words; the packing model's rows say "at most" (≤ 1). */
  private describeChoice(packing: boolean): string {
    const { family, first, second } = this.choice;
    const once = packing ? 'at most once' : 'once';
    switch (family) {
      case 'cell':
        return `Cell (${first}, ${second}) holds ${packing ? 'at most one digit' : 'one digit'} — row ${rowName(this.choice)}:`;
      case 'row':
        return `Digit ${second} ${once} in row ${first} — row ${rowName(this.choice)}:`;
      case 'column':
        return `Digit ${second} ${once} in column ${first} — row ${rowName(this.choice)}:`;
      case 'box':
        return `Digit ${second} ${once} in box ${first} — row ${rowName(this.choice)}:`;
    }
  }
}
