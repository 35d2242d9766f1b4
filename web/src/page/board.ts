// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The 9×9 board: an ARIA grid with one roving tabindex. Givens are what the person
 * typed or loaded; solved digits come from the solver and are shown apart (class
 * `solved`, `data-kind="solved"`). Conflicting cells can be highlighted.
 */
import type { CellRef } from '../solver/protocol';
import { stringFromCells } from './format';

const N = 9;

/** Reasons the board tells its owner that the givens changed. */
export type BoardChange = 'edit' | 'clear' | 'load';

/**
 * The board widget. Cell indices are 0-based (`row * 9 + column`); cell references
 * from the engine are 1-based.
 */
export class Board {
  /** The grid element (`role="grid"`). */
  readonly element: HTMLElement;
  private readonly cells: HTMLElement[] = [];
  private readonly givens: number[] = new Array<number>(N * N).fill(0);
  private solution: number[] | null = null;
  private active = 0;
  private readonly onChange: (change: BoardChange) => void;

  /**
   * Build the grid inside `container` (which is emptied).
   *
   * @param container the element to fill
   * @param onChange called after the givens change through the user or a load
   */
  constructor(container: HTMLElement, onChange: (change: BoardChange) => void = () => undefined) {
    this.onChange = onChange;
    container.replaceChildren();
    const grid = document.createElement('div');
    grid.className = 'board';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', 'Sudoku board, 9 by 9');
    grid.setAttribute('aria-rowcount', String(N));
    grid.setAttribute('aria-colcount', String(N));
    for (let r = 0; r < N; r++) {
      const row = document.createElement('div');
      row.className = 'board-row';
      row.setAttribute('role', 'row');
      row.setAttribute('aria-rowindex', String(r + 1));
      for (let c = 0; c < N; c++) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-colindex', String(c + 1));
        cell.dataset.row = String(r + 1);
        cell.dataset.column = String(c + 1);
        if (c % 3 === 2 && c < N - 1) cell.classList.add('box-right');
        if (r % 3 === 2 && r < N - 1) cell.classList.add('box-bottom');
        const index = r * N + c;
        cell.tabIndex = index === 0 ? 0 : -1;
        cell.addEventListener('click', () => this.focusCell(index));
        row.append(cell);
        this.cells.push(cell);
      }
      grid.append(row);
    }
    grid.addEventListener('keydown', (e) => this.onKeyDown(e));
    container.append(grid);
    this.element = grid;
    for (let i = 0; i < N * N; i++) this.render(i);
  }

  /** The givens as the canonical 81-character string (`.` = empty). */
  getGivens(): string {
    return stringFromCells(this.givens);
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
   * @param givens 81 characters, `1`–`9` or anything else for empty
   * @throws Error when `givens` is not 81 characters long
   */
  setGivens(givens: string): void {
    if (givens.length !== N * N) throw new Error(`Expected 81 cells, got ${givens.length}.`);
    for (let i = 0; i < N * N; i++) {
      const ch = givens[i] ?? '.';
      this.givens[i] = ch >= '1' && ch <= '9' ? Number(ch) : 0;
    }
    this.solution = null;
    this.clearConflicts();
    this.renderAll();
    this.onChange('load');
  }

  /**
   * Show a solution: digits in empty cells are drawn as solved digits.
   *
   * @param solution 81 digits, or `null` to hide the solution
   * @throws Error when `solution` is not 81 characters long
   */
  setSolution(solution: string | null): void {
    if (solution !== null && solution.length !== N * N) {
      throw new Error(`Expected 81 cells, got ${solution.length}.`);
    }
    this.solution = solution === null ? null : [...solution].map((ch) => Number(ch) || 0);
    this.renderAll();
  }

  /** Empty the board: givens, solution and highlights. */
  clear(): void {
    this.givens.fill(0);
    this.solution = null;
    this.clearConflicts();
    this.renderAll();
    this.onChange('clear');
  }

  /**
   * Highlight cells (e.g. two equal givens in one row).
   *
   * @param cells 1-based cell references; others lose their highlight
   */
  markConflicts(cells: readonly CellRef[]): void {
    this.clearConflicts();
    for (const { row, column } of cells) {
      const cell = this.cells[(row - 1) * N + (column - 1)];
      if (cell && row >= 1 && row <= N && column >= 1 && column <= N) {
        cell.classList.add('conflict');
        cell.dataset.conflict = 'true';
      }
    }
    for (let i = 0; i < N * N; i++) this.render(i);
  }

  /** Remove every highlight. */
  clearConflicts(): void {
    for (const cell of this.cells) {
      cell.classList.remove('conflict');
      delete cell.dataset.conflict;
    }
  }

  /**
   * Set the active cell's given (as typing would).
   *
   * @param digit 1–9, or 0 to clear
   */
  typeDigit(digit: number): void {
    this.setGiven(this.active, digit);
  }

  /** Move keyboard focus to the active cell. */
  focus(): void {
    this.cells[this.active]?.focus();
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
  }

  private setGiven(index: number, digit: number): void {
    if (this.givens[index] === digit && this.solution === null) return;
    this.givens[index] = digit;
    // Any edit makes a shown solution stale, and old highlights with it.
    const hadExtras = this.solution !== null || this.cells.some((c) => c.dataset.conflict);
    this.solution = null;
    this.clearConflicts();
    if (hadExtras) this.renderAll();
    else this.render(index);
    this.onChange('edit');
  }

  private onKeyDown(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const r = Math.floor(this.active / N);
    const c = this.active % N;
    let target: number | null = null;
    switch (e.key) {
      case 'ArrowUp':
        target = Math.max(r - 1, 0) * N + c;
        break;
      case 'ArrowDown':
        target = Math.min(r + 1, N - 1) * N + c;
        break;
      case 'ArrowLeft':
        target = r * N + Math.max(c - 1, 0);
        break;
      case 'ArrowRight':
        target = r * N + Math.min(c + 1, N - 1);
        break;
      case 'Home':
        target = r * N;
        break;
      case 'End':
        target = r * N + N - 1;
        break;
      case 'Backspace':
      case 'Delete':
      case ' ':
      case '0':
        this.setGiven(this.active, 0);
        e.preventDefault();
        return;
      default:
        if (/^[1-9]$/.test(e.key)) {
          this.setGiven(this.active, Number(e.key));
          e.preventDefault();
        }
        return;
    }
    e.preventDefault();
    this.focusCell(target);
  }

  private renderAll(): void {
    for (let i = 0; i < N * N; i++) this.render(i);
  }

  private render(index: number): void {
    const cell = this.cells[index];
    if (!cell) return;
    const given = this.givens[index] ?? 0;
    const solved = given === 0 && this.solution !== null ? (this.solution[index] ?? 0) : 0;
    const value = given || solved;
    const kind = given ? 'given' : solved ? 'solved' : 'empty';
    cell.textContent = value ? String(value) : '';
    cell.dataset.value = value ? String(value) : '';
    cell.dataset.kind = kind;
    cell.classList.toggle('given', kind === 'given');
    cell.classList.toggle('solved', kind === 'solved');
    if (kind === 'solved') cell.dataset.solved = 'true';
    else delete cell.dataset.solved;
    const r = Math.floor(index / N) + 1;
    const c = (index % N) + 1;
    const what = kind === 'given' ? `${value}` : kind === 'solved' ? `${value}, solved` : 'empty';
    const conflict = cell.dataset.conflict ? ', conflict' : '';
    cell.setAttribute('aria-label', `row ${r}, column ${c}: ${what}${conflict}`);
  }
}
