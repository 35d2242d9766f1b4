// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The board: an n×n ARIA grid (n = 4 … 25, boxes of h×w cells) with one roving
 * tabindex. Givens are what the person typed or loaded; solved symbols come from the
 * solver and are shown apart (class `solved`, `data-kind="solved"`). Conflicting cells
 * and cells where two solutions differ can be highlighted.
 *
 * Values are numbers 1–n inside; `data-value` holds the canonical character (`1`–`9`
 * then `A`–`Z`), the text shows the display symbol (the same, or `0`–`F` in the hex
 * convention of 16×16).
 *
 * Givens typed or erased on the board (keys or the pad) are undone with Ctrl+Z (⌘Z) and
 * redone with Ctrl+Shift+Z or Ctrl+Y, the board focused, up to MOST_UNDO_STEPS steps; Clear is one
 * step (its givens come back at once, as the genre page's Empty grid does), and so is a
 * generated puzzle; a load or another size forgets them (those are the page's history
 * entries, main.ts).
 */
import type { CellRef } from '../solver/protocol';
import { givenClashes, type GivenClashes } from './clashes';
import { MOST_UNDO_STEPS } from './undo-keys';
import {
  cellsFromString,
  canonicalChar,
  displaySymbol,
  stringFromCells,
  valueFromKey,
  type Shape,
} from './format';

/** Reasons the board tells its owner that the givens changed. */
export type BoardChange = 'edit' | 'clear' | 'load';

/** The kinds of cell highlight (each a class and a `data-` attribute of the cell). */
type Mark = 'conflict' | 'differs' | 'remove' | 'unfilled';

const DEFAULT_SHAPE: Shape = { size: 9, boxHeight: 3, boxWidth: 3 };

/** Sets (or with `undefined` removes) `data-<key>` unless it already has that value. */
function setData(element: HTMLElement, key: string, value: string | undefined): void {
  if (element.dataset[key] === value) return;
  if (value === undefined) delete element.dataset[key];
  else element.dataset[key] = value;
}

/**
 * The board widget. Cell indices are 0-based (`row * n + column`); cell references
 * from the engine are 1-based.
 */
export class Board {
  /** The grid element (`role="grid"`); replaced when the shape changes. */
  element: HTMLElement;
  private readonly container: HTMLElement;
  private cells: HTMLElement[] = [];
  private givens: number[] = [];
  private solution: number[] | null = null;
  /** The frame holding the grid and, over it, an engine-drawn picture. */
  private readonly frame: HTMLElement;
  /** The picture over the grid (an LP relaxation), or `null` when none is shown. */
  private picture: SVGSVGElement | null = null;
  /** Per cell (row by row), what the picture says of it, added to the cell's label. */
  private pictureWords: readonly string[] = [];
  private active = 0;
  private shapeValue: Shape = DEFAULT_SHAPE;
  private hex = false;
  private readonly onChange: (change: BoardChange) => void;
  private readOnlyValue = false;
  /**
   * Edits as the [cell, value before] pairs that undo them (one for a given typed, every
   * given for Clear): those Ctrl+Z takes back, and those it took back.
   */
  private undos: Array<Array<[number, number]>> = [];
  private redos: Array<Array<[number, number]>> = [];
  /** Called with the 1-based row and column when a cell is selected (clicked or focused by keys). */
  onSelect: ((row: number, column: number) => void) | null = null;

  /**
   * Build a 9×9 grid inside `container` (which is emptied).
   *
   * @param container the element to fill
   * @param onChange called after the givens change through the user or a load
   */
  constructor(container: HTMLElement, onChange: (change: BoardChange) => void = () => undefined) {
    this.onChange = onChange;
    this.container = container;
    this.frame = document.createElement('div');
    this.frame.className = 'board-frame';
    this.element = this.build(DEFAULT_SHAPE);
    // A board wider than its container (25×25 on a phone) scrolls sideways; the edge with
    // more of it beyond is faded (styles.css), as a phone shows no scroll bar at rest.
    const edges = (): void => this.markScrollEdges();
    container.addEventListener('scroll', edges, { passive: true });
    if (typeof ResizeObserver !== 'undefined') {
      const watch = new ResizeObserver(edges);
      watch.observe(container);
      watch.observe(this.frame);
    }
  }

  /**
   * Sets the container's `data-more` to the edges (`left`, `right`, both or none) with
   * more of the board beyond them, from its scroll position (CSS px, 1 px of slack).
   */
  private markScrollEdges(): void {
    const c = this.container;
    const more: string[] = [];
    if (c.scrollLeft > 1) more.push('left');
    if (c.scrollLeft + c.clientWidth < c.scrollWidth - 1) more.push('right');
    const value = more.join(' ');
    if (c.dataset.more !== value) c.dataset.more = value;
  }

  /** The current size and box shape. */
  get shape(): Shape {
    return this.shapeValue;
  }

  /**
   * Boards put in place so far: loads (setGivens without undo) and sizes built. A job
   * that writes the board when it ends (Generate) writes nothing once another came.
   */
  loads = 0;
  /** True when the person cannot change the givens (loads and solutions still show). */
  get readOnly(): boolean {
    return this.readOnlyValue;
  }

  set readOnly(value: boolean) {
    this.readOnlyValue = value;
    this.element.setAttribute('aria-readonly', String(value));
  }

  /** Side length n. */
  get size(): number {
    return this.shapeValue.size;
  }

  /** True when the board shows and reads symbols as 0–F (16×16 only). */
  get hexSymbols(): boolean {
    return this.hex;
  }

  /**
   * Switch to another size and box shape: rebuilds an empty grid (givens, solution and
   * highlights are dropped) unless the shape is the same as now.
   *
   * @param shape n with boxes of h×w (h·w = n, 1 ≤ n ≤ 35)
   * @returns true when the grid was rebuilt
   * @throws Error when h·w ≠ n or n is out of range
   */
  setShape(shape: Shape): boolean {
    const { size, boxHeight, boxWidth } = shape;
    if (!(size >= 1 && size <= 35) || boxHeight * boxWidth !== size) {
      throw new Error(`No ${size}×${size} board with ${boxHeight}×${boxWidth} boxes.`);
    }
    const now = this.shapeValue;
    if (now.size === size && now.boxHeight === boxHeight && now.boxWidth === boxWidth) return false;
    if (size !== 16) this.hex = false;
    this.element = this.build({ size, boxHeight, boxWidth });
    this.onChange('clear');
    return true;
  }

  /**
   * Show and read symbols as 0–F (`true`; 16×16 only) or as 1–9, A–Z (`false`).
   * The canonical strings (`getGivens`, `data-value`) do not change.
   */
  setHexSymbols(hex: boolean): void {
    this.hex = hex && this.size === 16;
    this.element.dataset.symbols = this.hex ? 'hex' : 'digits';
    this.showPicture(null); // drawn in the symbols before
    this.renderAll();
  }

  /** The givens as the canonical n·n-character string (`.` = empty). */
  getGivens(): string {
    return stringFromCells(this.givens);
  }

  /** The solution shown (canonical), or `null`. */
  getSolution(): string | null {
    return this.solution === null ? null : stringFromCells(this.solution);
  }

  /** Number of non-empty givens. */
  countGivens(): number {
    return this.givens.filter((v) => v !== 0).length;
  }

  /** True when a solution is shown. */
  hasSolution(): boolean {
    return this.solution !== null;
  }

  /**
   * Replace the givens (clears any shown solution and highlights).
   *
   * @param givens n·n canonical characters (`1`–`9`, `A`–`Z`; anything else is empty)
   * @param undoable true: the givens replaced are one undo step, the steps before kept (a
   *   generated puzzle, which Ctrl+Z takes back); false: the steps are forgotten (a load)
   * @throws Error when `givens` is not n·n characters long
   */
  setGivens(givens: string, undoable = false): void {
    const next = cellsFromString(givens, this.size);
    const before = next.flatMap((value, cell): Array<[number, number]> => (value !== this.givens[cell] ? [[cell, this.givens[cell]!]] : []));
    if (!undoable) {
      this.undos = [];
      this.redos = [];
      this.loads++;
    } else if (before.length > 0) this.remember(before);
    this.givens = next;
    this.solution = null;
    this.showPicture(null);
    this.clearConflicts();
    this.clearDifferences();
    this.markClashes();
    this.renderAll();
    this.onChange('load');
  }

  /**
   * Show a solution: symbols in empty cells are drawn as solved symbols.
   *
   * @param solution n·n canonical characters, or `null` to hide the solution
   * @throws Error when `solution` is not n·n characters long
   */
  setSolution(solution: string | null): void {
    this.solution = solution === null ? null : cellsFromString(solution, this.size);
    this.showPicture(null);
    if (solution === null) this.clearDifferences();
    this.renderAll();
  }

  /**
   * Lay a picture the engine drew over the grid, e.g. the LP relaxation's board
   * description drawn by genre/board-svg.ts (each candidate shaded by its value). The
   * grid underneath keeps focus and keys: clicks go through the picture to its cells,
   * the focused cell shows through it, and any edit, load, solution or clear removes it.
   *
   * The grid stays the one ARIA grid: the picture is hidden from assistive technology,
   * and what it says of each cell joins that cell's label ("row 1, column 3: empty, LP
   * relaxation 1 = 0.5, 2 = 0.5").
   *
   * @param svg an `<svg>` that scales to its box and draws exactly this grid, with its
   *   outer border (board-svg.ts `cropToGrid`); `null` removes the picture shown
   * @param words per cell, row by row, what the picture says of it ('' for nothing)
   */
  showPicture(svg: SVGSVGElement | null, words: readonly string[] = []): void {
    if (svg === null && this.picture === null) return;
    this.picture?.remove();
    this.picture = svg;
    this.pictureWords = svg === null ? [] : words;
    if (svg !== null) {
      svg.classList.add('board-picture');
      svg.setAttribute('aria-hidden', 'true');
      this.solution = null;
      this.frame.append(svg);
    }
    this.frame.classList.toggle('pictured', svg !== null);
    this.renderAll();
  }

  /** True while a picture (an LP relaxation) lies over the grid. */
  get showsPicture(): boolean {
    return this.picture !== null;
  }

  /**
   * Highlight cells (class `tied`), e.g. those a constraint family ties together.
   *
   * @param indices 0-based cell indices (`row * n + column`); others lose the highlight
   */
  markTied(indices: readonly number[]): void {
    const set = new Set(indices);
    this.cells.forEach((cell, i) => cell.classList.toggle('tied', set.has(i)));
  }

  /**
   * Empty the board: givens, solution and highlights. Its givens are one undo step.
   *
   * @returns how many givens it held
   */
  clear(): number {
    const filled = this.givens.flatMap((value, cell): Array<[number, number]> => (value !== 0 ? [[cell, value]] : []));
    if (filled.length > 0) this.remember(filled);
    this.givens.fill(0);
    this.solution = null;
    this.showPicture(null);
    this.clearConflicts();
    this.clearDifferences();
    this.renderAll();
    this.onChange('clear');
    return filled.length;
  }

  /**
   * Highlight cells (e.g. two equal givens in one row).
   *
   * @param cells 1-based cell references; others lose their highlight
   */
  markConflicts(cells: readonly CellRef[]): void {
    this.clearConflicts();
    this.markCells(cells, 'conflict');
    this.renderAll();
  }

  /**
   * The givens that break Sudoku's rule now (clashes.ts): each symbol at most once in a
   * row, a column and a box.
   *
   * @returns the clashing cells and the first clash in words, or `null` when none clash
   */
  clashes(): GivenClashes | null {
    return givenClashes(this.givens, this.shapeValue, this.hex);
  }

  /**
   * Mark the clashing givens as conflicts (drawn at the next render, e.g. setSolution's).
   *
   * @returns true when any given clashes
   */
  markClashes(): boolean {
    const found = this.clashes();
    if (found) this.markCells(found.cells, 'conflict');
    return found !== null;
  }

  /** Remove every conflict highlight. */
  clearConflicts(): void {
    this.unmarkCells('conflict');
  }

  /**
   * Highlight the cells where two solutions differ (class `differs`,
   * `data-differs="true"`); others lose that highlight.
   *
   * @param cells 1-based cell references
   */
  markDifferences(cells: readonly CellRef[]): void {
    this.clearDifferences();
    this.markCells(cells, 'differs');
    this.renderAll();
  }

  /** Remove every difference highlight. */
  clearDifferences(): void {
    this.unmarkCells('differs');
  }

  /**
   * Mark why a puzzle has no solution: givens to remove (class `remove`) and the cells a
   * largest partial fill leaves empty (class `unfilled`); others lose these marks.
   *
   * @param remove 1-based cells of givens whose removal makes the puzzle solvable
   * @param unfilled 1-based cells the largest fill that keeps every given leaves empty
   */
  markExplanation(remove: readonly CellRef[], unfilled: readonly CellRef[]): void {
    this.clearExplanation();
    this.markCells(remove, 'remove');
    this.markCells(unfilled, 'unfilled');
    this.renderAll();
  }

  /** Remove the marks of {@link markExplanation}. */
  clearExplanation(): void {
    this.unmarkCells('remove');
    this.unmarkCells('unfilled');
  }

  /**
   * Set the active cell's given (as typing would).
   *
   * @param value 1–n, or 0 to clear
   */
  typeDigit(value: number): void {
    if (value >= 0 && value <= this.size) this.setGiven(this.active, value);
  }

  /** Move keyboard focus to the active cell. */
  focus(): void {
    this.cells[this.active]?.focus();
  }

  private build(shape: Shape): HTMLElement {
    const { size: n, boxHeight: h, boxWidth: w } = shape;
    this.loads++;
    this.shapeValue = { size: n, boxHeight: h, boxWidth: w };
    this.cells = [];
    this.givens = new Array<number>(n * n).fill(0);
    this.undos = [];
    this.redos = [];
    this.solution = null;
    this.showPicture(null);
    this.active = 0;
    this.container.replaceChildren(this.frame);
    this.frame.replaceChildren();
    const grid = document.createElement('div');
    grid.className = 'board';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', `Sudoku board, ${n} by ${n}, boxes of ${h} by ${w}`);
    grid.setAttribute('aria-rowcount', String(n));
    grid.setAttribute('aria-colcount', String(n));
    grid.dataset.size = String(n);
    grid.dataset.symbols = this.hex ? 'hex' : 'digits';
    grid.style.setProperty('--n', String(n));
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.className = 'board-row';
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', String(r + 1));
      // Named, or a screen reader names a row by all its cells' names run together.
      row.setAttribute('aria-label', `row ${r + 1}`);
      for (let c = 0; c < n; c++) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(c + 1));
        cell.dataset.row = String(r + 1);
        cell.dataset.column = String(c + 1);
        if (c % w === w - 1 && c < n - 1) cell.classList.add('box-right');
        if (r % h === h - 1 && r < n - 1) cell.classList.add('box-bottom');
        if (c === n - 1) cell.classList.add('last-column');
        if (r === n - 1) cell.classList.add('last-row');
        const index = r * n + c;
        cell.tabIndex = index === 0 ? 0 : -1;
        cell.addEventListener('click', () => this.focusCell(index));
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    grid.addEventListener('keydown', (e) => this.onKeyDown(e));
    if (this.readOnlyValue) grid.setAttribute('aria-readonly', 'true');
    this.frame.append(grid);
    this.element = grid;
    this.renderAll();
    return grid;
  }

  private markCells(cells: readonly CellRef[], what: Mark): void {
    const n = this.size;
    for (const { row, column } of cells) {
      if (row < 1 || row > n || column < 1 || column > n) continue;
      const cell = this.cells[(row - 1) * n + (column - 1)];
      if (!cell) continue;
      cell.classList.add(what);
      cell.dataset[what] = 'true';
    }
  }

  /** Removes markCells' highlight of a kind from every cell that has it (no others are touched). */
  private unmarkCells(what: Mark): void {
    for (const cell of this.cells) {
      if (cell.dataset[what] === undefined) continue;
      cell.classList.remove(what);
      delete cell.dataset[what];
    }
  }

  private focusCell(index: number): void {
    const previous = this.cells[this.active];
    if (previous) previous.tabIndex = -1;
    this.active = index;
    const cell = this.cells[index];
    if (cell) {
      cell.tabIndex = 0;
      cell.focus();
    }
    const n = this.size;
    this.onSelect?.(Math.floor(index / n) + 1, (index % n) + 1);
  }

  /**
   * A new edit's undo step, `before` (its cells' values before it): kept for Ctrl+Z, the
   * last MOST_UNDO_STEPS, and the redo steps dropped.
   */
  private remember(before: Array<[number, number]>): void {
    this.redos = [];
    this.undos.push(before);
    this.undos.splice(0, this.undos.length - MOST_UNDO_STEPS);
  }

  private setGiven(index: number, value: number): void {
    this.changeGivens([[index, value]]);
  }

  /**
   * Sets each [cell, value] of `changes`, as one edit.
   *
   * @param to where the values replaced go, for Ctrl+Z: the undo steps (a new edit, which
   *   drops the redo steps), or the redo steps (an undo)
   */
  private changeGivens(changes: Array<[number, number]>, to?: Array<Array<[number, number]>>): void {
    if (this.readOnlyValue) return;
    const before = changes.filter(([cell, value]) => this.givens[cell] !== value).map(([cell]): [number, number] => [cell, this.givens[cell]!]);
    if (before.length === 0 && this.solution === null) return;
    if (before.length > 0) {
      if (to) to.push(before);
      else this.remember(before);
    }
    for (const [cell, value] of changes) this.givens[cell] = value;
    // Any edit makes a shown solution stale, and old highlights with it.
    const hadExtras = this.solution !== null || this.cells.some((c) => c.dataset.conflict || c.dataset.differs);
    this.solution = null;
    this.showPicture(null);
    this.clearConflicts();
    this.clearDifferences();
    // Givens that clash are marked as they are typed (and unmarked once they no longer do).
    if (this.markClashes() || hadExtras || changes.length > 1) this.renderAll();
    else this.render(changes[0]![0]);
    this.onChange('edit');
  }

  private onKeyDown(e: KeyboardEvent): void {
    // Ctrl+Z undoes a given typed, Ctrl+Shift+Z or Ctrl+Y redoes it, its cell focused. A
    // layout whose Z key types no Latin letter (Cyrillic: я) names it by its place (KeyZ).
    const key = (e.key > '~' ? e.code.slice(3) : e.key).toLowerCase();
    if ((e.ctrlKey || e.metaKey) && !e.altKey && (key === 'z' || key === 'y')) {
      e.preventDefault();
      // A board no one may change keeps its steps where they are.
      if (this.readOnlyValue) return;
      const redo = e.shiftKey || key === 'y';
      const step = (redo ? this.redos : this.undos).pop();
      if (step) {
        this.changeGivens(step, redo ? this.undos : this.redos);
        this.focusCell(step[0]![0]);
      }
      return;
    }
    // Ctrl+Home and Ctrl+End: the grid's first and last cells (the ARIA grid pattern's keys).
    if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'Home' || e.key === 'End')) {
      this.focusCell(e.key === 'Home' ? 0 : this.size * this.size - 1);
      e.preventDefault();
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const n = this.size;
    const r = Math.floor(this.active / n);
    const c = this.active % n;
    let target: number | null = null;
    switch (e.key) {
      case 'ArrowUp':
        target = Math.max(r - 1, 0) * n + c;
        break;
      case 'ArrowDown':
        target = Math.min(r + 1, n - 1) * n + c;
        break;
      case 'ArrowLeft':
        target = r * n + Math.max(c - 1, 0);
        break;
      case 'ArrowRight':
        target = r * n + Math.min(c + 1, n - 1);
        break;
      case 'Home':
        target = r * n;
        break;
      case 'End':
        target = r * n + n - 1;
        break;
      case 'Backspace':
      case 'Delete':
      case ' ':
      case '.':
        this.setGiven(this.active, 0);
        e.preventDefault();
        return;
      default: {
        const value = valueFromKey(e.key, n, this.hex);
        if (value !== null) {
          this.setGiven(this.active, value);
          e.preventDefault();
        } else if (e.key === '0' && !this.hex) {
          this.setGiven(this.active, 0); // 0 is "empty" unless it is a symbol
          e.preventDefault();
        }
        return;
      }
    }
    e.preventDefault();
    this.focusCell(target);
  }

  private renderAll(): void {
    for (let i = 0; i < this.cells.length; i++) this.render(i);
  }

  /**
   * Draw one cell from the board's state. Writes only what differs from what the cell
   * shows: a Solve redraws every cell twice (the answer cleared, then the solution), and
   * rewriting unchanged text and attributes made the browser restyle and lay out all of
   * them on a freshly loaded page's first click.
   */
  private render(index: number): void {
    const cell = this.cells[index];
    if (!cell) return;
    const n = this.size;
    const given = this.givens[index] ?? 0;
    const solved = given === 0 && this.solution !== null ? (this.solution[index] ?? 0) : 0;
    const value = given || solved;
    const kind = given ? 'given' : solved ? 'solved' : 'empty';
    const symbol = displaySymbol(value, this.hex);
    if (cell.textContent !== symbol) cell.textContent = symbol;
    setData(cell, 'value', value ? canonicalChar(value) : '');
    setData(cell, 'kind', kind);
    cell.classList.toggle('given', kind === 'given');
    cell.classList.toggle('solved', kind === 'solved');
    setData(cell, 'solved', kind === 'solved' ? 'true' : undefined);
    const r = Math.floor(index / n) + 1;
    const c = (index % n) + 1;
    // Given or solved said as a genre board's cells say them (board-svg.ts cellWords).
    const what = kind === 'empty' ? 'empty' : `${symbol}, ${kind}`;
    const extra = `${cell.dataset.conflict ? ', conflict' : ''}${cell.dataset.differs ? ', differs' : ''}${cell.dataset.remove ? ', remove it' : ''}${cell.dataset.unfilled ? ', left empty' : ''}`;
    const said = this.pictureWords[index];
    const label = `row ${r}, column ${c}: ${what}${extra}${said ? `, ${said}` : ''}`;
    if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
  }
}
