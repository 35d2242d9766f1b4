// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The genre page's formulation panel (issue #22, "the formulation typeset for that
 * variant"): the engine's `formulation` (cpp/app/protocol.md) typeset with KaTeX, loaded
 * on first use: what the variables mean, the objective, and one section per rule of the
 * puzzle with its TeX and its rows. Picking a row outlines its cells on the board and
 * writes it out as the engine's model builder hands it to GLPK (`formulation` with
 * `row`). A click on a cell of the board (or the arrow keys) lists the rows of that cell:
 * those whose variables belong to it, and a clue's rows (`at`). Nothing here knows a
 * genre: every word and formula is the engine's.
 */
import { noteParts, type Formulation, type FormulationResult, type FormulationRow, type GenreRequest } from '../../solver/genre';
import '../row.css';
import { byId } from '../shared';

type Katex = typeof import('katex').default;
let katexLoading: Promise<Katex> | null = null;

/** KaTeX and its style sheet (one chunk, fetched once). */
function loadKatex(): Promise<Katex> {
  katexLoading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => m.default);
  return katexLoading;
}

/** The cells a row outlines: those of its variables, and the clue it is about. */
function cellsOf(row: FormulationRow): Array<[number, number]> {
  return row.at !== undefined ? [...row.cells, row.at] : row.cells;
}

/** Where a picked row is written out: hidden until the engine has answered. */
function rowOutput(): HTMLPreElement {
  const written = document.createElement('pre');
  written.className = 'formulation-row';
  written.hidden = true;
  return written;
}

/** What the panel uses of the page that holds it. */
export interface FormulationHost {
  /**
   * Sends a genre request as the page's other actions do (busy buttons, errors in the
   * status line); null when busy or refused. `long` false: no "Solving…" and no Stop.
   */
  run<R>(request: Omit<GenreRequest, 'id'>, long?: boolean): Promise<R | null>;
  /**
   * Sends a quick genre request beside the page's actions (one row of the model): null
   * when the page is busy or the request fails (said in the status line).
   */
  ask<R>(request: Omit<GenreRequest, 'id'>): Promise<R | null>;
  /** Outlines cells (1-based [row, column]) on the board. */
  highlight(cells: Array<[number, number]>): void;
  /** Says something in the status line. */
  say(message: string, kind: 'info' | 'success' | 'warning' | 'error'): void;
}

/** The panel `#genre-formulation`. */
export class FormulationPanel {
  private readonly panel = byId('genre-formulation', HTMLElement);
  /** The formulation shown and the request that asked for it, or null. */
  private shown: { formulation: Formulation; request: Omit<GenreRequest, 'id'> } | null = null;
  /** The rows of the cell picked last, above the groups. */
  private readonly cellRows = document.createElement('div');

  /** @param host the page's request runner, board and status line */
  constructor(private readonly host: FormulationHost) {}

  /** Hides the panel (a new genre or puzzle). */
  hide(): void {
    this.panel.hidden = true;
    this.shown = null;
  }

  /**
   * Lists the rows of cell (row, column) of the formulation shown: each group's rows
   * whose variables belong to the cell or that are about a clue there; picking one
   * outlines its cells and writes it out. Does nothing while no formulation is shown.
   *
   * @param row 1-based
   * @param column 1-based
   */
  showCell(row: number, column: number): void {
    if (this.shown === null || this.panel.hidden) return;
    const { formulation, request } = this.shown;
    const here = ([r, c]: [number, number]): boolean => r === row && c === column;
    const found = formulation.groups
      .map((group) => ({ group, rows: group.rows.filter((x) => x.cells.some(here) || (x.at !== undefined && here(x.at))) }))
      .filter((g) => g.rows.length > 0);
    const total = found.reduce((n, g) => n + g.rows.length, 0);
    const heading = document.createElement('h4');
    heading.textContent = `Rows of row ${row}, column ${column}: ${total === 0 ? 'none (no variable of the model belongs to this cell)' : total}`;
    const written = rowOutput();
    const list = document.createElement('ul');
    list.className = 'formulation-cell-rows';
    for (const { group, rows } of found) {
      const item = document.createElement('li');
      item.append(`${group.title} (${group.id}): `);
      for (const x of rows.slice(0, 60)) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = x.name;
        button.addEventListener('click', () => void this.writeRow(request, x, written));
        item.append(button, ' ');
      }
      if (rows.length > 60) item.append(`… and ${rows.length - 60} more`);
      list.append(item);
    }
    this.cellRows.className = 'formulation-cell';
    this.cellRows.dataset.cell = `${row},${column}`;
    this.cellRows.replaceChildren(heading, list, written);
    this.cellRows.hidden = false;
  }

  /**
   * Asks the engine for the formulation of the puzzle `fields` name and draws it.
   *
   * @param fields the genre, the text, which puzzle of it, the model, and the objective
   *   chosen (digit genres)
   * @param why words after the model's name in the status line: why this model (", the
   *   model that answered the last Solve …"), or nothing
   */
  async show(fields: Pick<GenreRequest, 'genre' | 'puzzle' | 'index' | 'options' | 'objective'>, why = ''): Promise<void> {
    const request: Omit<GenreRequest, 'id'> = { type: 'formulation', ...fields };
    const r = await this.host.run<FormulationResult>(request);
    if (r === null) return;
    const katex = await loadKatex().catch(() => null);
    this.render(r.formulation, katex, request);
    this.host.say(`The model “${r.model}”${why}: ${r.formulation.rows} rows, ${r.formulation.columns} columns, ${r.formulation.nonzeros} nonzeros.`, 'info');
    // On a phone the panel lies far below the button: the formulation asked for is brought
    // into view when none of it is on screen.
    const box = this.panel.getBoundingClientRect();
    if (box.top >= window.innerHeight || box.bottom <= 0) this.panel.scrollIntoView?.({ block: 'start' });
  }

  /**
   * Draws the formulation: each group's TeX and a list of its rows; picking a row
   * outlines its cells and writes it out as the engine's model builder hands it to GLPK
   * (the same formulation request with `row`).
   */
  private render(f: Formulation, katex: Katex | null, request: Omit<GenreRequest, 'id'>): void {
    const tex = (source: string, into: HTMLElement, display: boolean): void => {
      if (katex) {
        // HTML to see, MathML for a screen reader (KaTeX hides its HTML from them), its TeX
        // annotation left out as model.ts does.
        katex.render(source, into, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });
        into.querySelectorAll('annotation').forEach((a) => a.remove());
      }
      else into.textContent = source;
    };
    const body = byId('genre-formulation-body', HTMLElement);
    body.replaceChildren();
    this.shown = { formulation: f, request };
    this.cellRows.hidden = true;
    const head = document.createElement('div');
    // The engine's notes (words with TeX between \( and \)): what the model is about.
    for (const note of f.notes ?? []) {
      const p = document.createElement('p');
      p.className = 'formulation-note';
      p.dataset.kind = note.kind;
      for (const part of noteParts(note.text)) {
        const span = document.createElement('span');
        if (part.tex) tex(part.text, span, false);
        else span.textContent = part.text;
        p.append(span);
      }
      head.append(p);
    }
    const variables = document.createElement('div');
    tex(f.variables, variables, true);
    const objective = document.createElement('div');
    tex(f.objective, objective, true);
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'Click a cell of the board to list its rows.';
    head.append(variables, objective, hint);
    body.append(head, this.cellRows);
    for (const group of f.groups) {
      const section = document.createElement('section');
      section.className = 'formulation-group';
      const title = document.createElement('h4');
      const count = group.rows.length === 0 ? 'no rows in this puzzle' : `${group.rows.length} row${group.rows.length === 1 ? '' : 's'}`;
      title.textContent = `${group.title} — ${group.id}, ${count}${group.technique ? ` (${group.technique})` : ''}`;
      const math = document.createElement('div');
      tex(group.tex, math, true);
      const rows = document.createElement('select');
      rows.setAttribute('aria-label', `Rows of ${group.id}: pick one to outline its cells`);
      rows.append(
        ...group.rows.slice(0, 500).map((row, i) => {
          const option = document.createElement('option');
          option.value = String(i);
          option.textContent = row.name;
          return option;
        }),
      );
      const written = rowOutput();
      rows.addEventListener('change', () => {
        const row = group.rows[Number(rows.value)];
        if (row !== undefined) void this.writeRow(request, row, written);
      });
      rows.addEventListener('focus', () => {
        const row = group.rows[Number(rows.value)];
        if (row !== undefined) this.host.highlight(cellsOf(row));
      });
      // A group without rows in this puzzle (Akari without clues) has no row to pick.
      if (group.rows.length > 0) section.append(title, math, rows, written);
      else section.append(title, math);
      body.append(section);
    }
    this.panel.hidden = false;
  }

  /**
   * Writes `row` of the formulation `request` into `into` and outlines its cells, once the
   * engine has answered (when busy, `into` stays hidden and nothing is outlined).
   */
  private async writeRow(request: Omit<GenreRequest, 'id'>, row: FormulationRow, into: HTMLElement): Promise<void> {
    into.hidden = true;
    const r = await this.host.ask<FormulationResult>({ ...request, row: row.name });
    if (r === null || this.shown?.request !== request) return;
    into.textContent = r.row ? r.row.text : `The model has no row ${row.name}.`;
    into.dataset.row = row.name;
    into.hidden = false;
    this.host.highlight(cellsOf(row));
  }
}
