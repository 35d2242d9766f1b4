// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The genre page's board editor (issue #22, "enter a puzzle by hand"): select cells by
 * dragging (mouse or touch) or with Shift+arrows, then make a cage with its sum or a
 * region, delete a cage or a region, type givens and clues, make Kakuro's black cells and
 * type their down and across sums (issue #23), or start from an empty grid. Every edit
 * changes the puzzle text through its record (record.ts); the engine then redraws the
 * board, or says what is wrong while the text keeps the edit. Which block a key writes
 * and what it writes is the genre's (editing.ts; Kakuro's cells, kakuro.ts).
 *
 * Every edit that changes the text can be undone (Ctrl+Z, or ⌘Z, with the board or its
 * tools focused; the pad's Undo) and redone (Ctrl+Shift+Z or Ctrl+Y; Redo): the history
 * (edit-history.ts) keeps the text before each edit with the selection and cursor on it,
 * up to MOST_UNDO_STEPS edits (undo-keys.ts). It belongs to the text its edits left:
 * once the text is another (typed by hand, a file, a paste or a new puzzle loaded, another genre shown),
 * the steps are forgotten, and the next edit's undo gives back the text as it was then.
 */
import { GENRES } from '../../../generated/vocabulary';
import { GENRE_TITLES, type Board, type GenreId } from '../../solver/genre';
import { usualBoxHeight } from '../format';
import { EditHistory } from '../edit-history';
import { byId } from '../shared';
import { CELL, overlayCells, overlayHalf } from './board-svg';
import { EDITING } from './editing';
import { emptyKakuro, halfAt, readKakuroCell, writeKakuroCell, type Half } from './kakuro';
import { freshId, readRecord, writeRecord, type RecordText } from './record';
import { MOST_UNDO_STEPS, UNDO_KEYS } from '../undo-keys';

/** What the editor reads and calls of the page that holds it. */
export interface EditorHost {
  /** The genre shown (never Sudoku, which has its own page). */
  readonly genre: Exclude<GenreId, 'sudoku'>;
  /** The board drawn last, or null before the first. */
  readonly board: Board | null;
  /** Its SVG, or null. */
  readonly svg: SVGSVGElement | null;
  /** The puzzle text area. */
  readonly text: HTMLTextAreaElement;
  /**
   * Which of the text's puzzles is shown: the picker's value (1-based, as text). Set, the
   * next read of the text as it is now shows that puzzle (an undo of an Empty grid made
   * over a file of many records gives back the one that was picked).
   */
  record: string;
  /** Reads the text again: its puzzles, then the chosen one's board; resolves once read (after the running job, when one runs). */
  readText(): Promise<void>;
  /** Says something in the status line. */
  say(message: string, kind: 'info' | 'success' | 'warning' | 'error'): void;
  /** A cell was clicked or reached with the arrow keys (1-based row and column). */
  picked(row: number, column: number): void;
}

/**
 * The digit genres (protocol/vocabulary.json's `digits`), whose givens go from 1 to the
 * side n; not Killer, whose typed digits are cage sums.
 */
const DIGITS_TO_SIDE: ReadonlySet<string> = new Set(GENRES.filter((g) => g.digits && g.id !== 'killer').map((g) => g.id));

/**
 * The genres whose grid is square, n×n: the digit genres, and Star Battle (k stars in
 * every row, column and region: a rectangle has no answer). Empty grid takes one side
 * for them; the page's label says which (GenreView.show).
 */
export const SQUARE_GENRES: ReadonlySet<string> = new Set([...GENRES.filter((g) => g.digits).map((g) => g.id), 'star-battle']);

/** The numbers a typed 0 ends, up to `most`: "10", or "10, 20…" when 20 fits. */
function tens(most: number): string {
  return most >= 20 ? '10, 20…' : '10';
}

/** The id the cursor's cell carries, for the grid's aria-activedescendant. */
const ACTIVE_CELL_ID = 'genre-active-cell';

/** What an undo gives back: the text, and the selection, cursor and Kakuro half on it. */
interface EditorState {
  /** The genre the text is of (a history never crosses genres). */
  genre: string;
  text: string;
  /** The selected cells, 0-based row · columns + column. */
  selection: number[];
  cursor: number;
  half: Half;
  /** Which of the text's puzzles was shown (EditorHost.record). */
  record: string;
}

/**
 * Where an edit was, for its name in "Undid: …": "at row 2, column 3", or "in 3 cells
 * from row 2, column 3" (the first in reading order).
 *
 * @param cells the cells edited, 0-based row · columns + column (at least one)
 * @param columns the grid's columns
 */
function placeOfCells(cells: Iterable<number>, columns: number): string {
  const sorted = [...cells].sort((a, b) => a - b);
  const first = sorted[0] ?? 0;
  const at = `row ${Math.floor(first / columns) + 1}, column ${(first % columns) + 1}`;
  return sorted.length <= 1 ? `at ${at}` : `in ${sorted.length} cells from ${at}`;
}

/** The selection and the edits of one board. */
export class BoardEditor {
  /** The selected cells, 0-based row · columns + column. */
  selection = new Set<number>();
  private cursor = 0;
  private dragging = false;
  /**
   * The number last typed and the cell it went into: a digit typed next into the same
   * cell appends to it while the cursor stays there (press).
   */
  private typed: { cell: number; text: string } | null = null;
  /** Kakuro: the sum of a black cell that typing sets (the half last clicked, or switched with /). */
  half: Half = 'down';
  /** Kakuro: the sum last typed, its cell and half (a digit typed next appends, as `typed`). */
  private sumTyped: { cell: number; half: Half; sum: string } | null = null;
  /** The edits Undo takes back and Redo makes again (the module's comment says how long it is kept). */
  private readonly history = new EditHistory<EditorState>((state) => `${state.genre}\n${state.text}`, MOST_UNDO_STEPS);
  /**
   * Whether the last step is a number being typed (its first digit, or more): a digit
   * appended to it goes into the same step, so that Undo takes back 10, not its 0.
   */
  private typingStep = false;
  /** Whether the steps were forgotten because the text changed (said when Undo finds none). */
  private forgotten = false;
  /**
   * Undo and Redo presses so far: a press's board may still be drawn when the next comes,
   * and the person's last press has the last word (one that found nothing is a note).
   */
  private steps = 0;
  /**
   * The read of the text started by this board's last edit, Undo, Redo or Empty grid,
   * while it runs: its board, drawn, says its own status (note says why).
   */
  private reading: Promise<void> | null = null;
  /** Notes said so far: a note is said again only while it is the last (note). */
  private notes = 0;
  /** The pad's Undo and Redo buttons (renderPad puts them after its keys). */
  private readonly undoButton: HTMLButtonElement;
  private readonly redoButton: HTMLButtonElement;

  /**
   * @param host the page's board, text and status line
   * @param boardBox the element holding the board's SVG: pointer and key events on it edit
   */
  constructor(
    private readonly host: EditorHost,
    boardBox: HTMLElement,
  ) {
    byId('genre-make-cage', HTMLButtonElement).addEventListener('click', () => this.makeCage());
    byId('genre-delete-cage', HTMLButtonElement).addEventListener('click', () => this.deleteCage());
    byId('genre-make-region', HTMLButtonElement).addEventListener('click', () => this.makeRegion());
    byId('genre-delete-region', HTMLButtonElement).addEventListener('click', () => this.deleteRegion());
    byId('genre-empty', HTMLButtonElement).addEventListener('click', () => this.emptyGrid());
    byId('genre-empty-size', HTMLInputElement).addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.emptyGrid();
    });
    byId('genre-cage-sum', HTMLInputElement).addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.makeCage();
    });
    boardBox.addEventListener('pointerdown', (event) => this.pointer(event, 'down'));
    boardBox.addEventListener('pointermove', (event) => this.pointer(event, 'move'));
    window.addEventListener('pointerup', () => (this.dragging = false));
    boardBox.addEventListener('keydown', (event) => this.key(event));
    // After Make region or Delete cage the focus is on its button: Ctrl+Z there undoes it
    // too (the tools' text fields keep their own undo).
    byId('genre-editor', HTMLElement).addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLButtonElement) this.undoKey(event);
    });
    // A text typed by hand is another text: the board's steps are forgotten (syncHistory).
    host.text.addEventListener('input', () => this.syncHistory());
    this.undoButton = this.historyButton('undo');
    this.redoButton = this.historyButton('redo');
  }

  /** The pad's Undo (↶) or Redo (↷) button, disabled until there is a step to take. */
  private historyButton(way: 'undo' | 'redo'): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `pad-${way}`;
    button.textContent = way === 'undo' ? '↶' : '↷';
    button.setAttribute('aria-label', `${way === 'undo' ? 'Undo' : 'Redo'} (${UNDO_KEYS[way]})`);
    button.disabled = true;
    // As the pad's keys: out of the Tab order (the keys work on the board), and a tap
    // keeps the focus on the board.
    button.tabIndex = -1;
    button.addEventListener('pointerdown', (event) => event.preventDefault());
    button.addEventListener('click', () => this.step(way));
    return button;
  }

  /** Keeps the selected cells that a board of `cells` cells still has, and outlines them. */
  keepWithin(cells: number): void {
    this.selection = new Set([...this.selection].filter((c) => c < cells));
    this.drawSelection();
  }

  /**
   * The cell under a pointer event and the half of it pointed at (Kakuro's down or
   * across sum), or null off the grid.
   */
  private placeOf(event: PointerEvent): { cell: number; half: Half } | null {
    if (this.host.svg === null || this.host.board === null) return null;
    const matrix = this.host.svg.getScreenCTM();
    if (matrix === null) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const y = (point.y - 8) / CELL;
    const x = (point.x - 8) / CELL;
    const row = Math.floor(y);
    const column = Math.floor(x);
    if (row < 0 || column < 0 || row >= this.host.board.rows || column >= this.host.board.columns) return null;
    return { cell: row * this.host.board.columns + column, half: halfAt(x - column, y - row) };
  }

  pointer(event: PointerEvent, phase: 'down' | 'move'): void {
    const place = this.placeOf(event);
    if (place === null) return;
    const cell = place.cell;
    if (phase === 'down') {
      this.dragging = true;
      this.typed = null;
      this.sumTyped = null;
      this.half = place.half;
      if (!event.shiftKey && !event.ctrlKey && !event.metaKey) this.selection.clear();
      this.host.svg?.focus();
      event.preventDefault();
    } else if (!this.dragging) {
      return;
    }
    this.selection.add(cell);
    this.cursor = cell;
    this.drawSelection();
    if (phase === 'down') this.pickedCursor();
  }

  /** Tells the host which cell the cursor is on. */
  private pickedCursor(): void {
    const columns = this.host.board?.columns ?? 1;
    this.host.picked(Math.floor(this.cursor / columns) + 1, (this.cursor % columns) + 1);
  }

  /**
   * Forgets the selection, the cursor and the number being typed, for a board of
   * another genre or record: a digit typed after it starts a new number (a Kakuro sum
   * half typed before a switch of genre did not append to it).
   */
  reset(): void {
    this.selection.clear();
    this.cursor = 0;
    this.typed = null;
    this.sumTyped = null;
    this.half = 'down';
    // Another genre or puzzle: the edits made on the text before are not its.
    this.history.clear();
    this.typingStep = false;
    this.forgotten = false;
    this.notes++; // a note pending is of the board before
    this.syncHistory();
  }

  key(event: KeyboardEvent): void {
    if (this.host.board === null) return;
    if (this.undoKey(event)) return;
    // Ctrl+X, Ctrl+C, Alt+… are the browser's and the system's: they edit no cell (Ctrl+X
    // on a Kakuro clue made it a white cell, its sums lost). Undo and redo are the
    // board's own (undoKey).
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { rows, columns } = this.host.board;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move !== undefined) {
      const row = Math.min(rows - 1, Math.max(0, Math.floor(this.cursor / columns) + move[0]));
      const column = Math.min(columns - 1, Math.max(0, (this.cursor % columns) + move[1]));
      this.cursor = row * columns + column;
      this.typed = null;
      this.sumTyped = null;
      if (!event.shiftKey) this.selection.clear();
      this.selection.add(this.cursor);
      this.drawSelection();
      this.pickedCursor();
      // A large board scrolls in its box: the cursor's cell comes into view.
      this.host.svg?.querySelectorAll('[role="gridcell"]')[this.cursor]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      event.preventDefault();
      return;
    }
    if (this.press(event.key, 'key')) event.preventDefault();
  }

  /**
   * What a key or a pad button writes into the selected cells (or the cursor's): a
   * number (digits typed while the cursor stays on a cell append: 1 then 0 is 10),
   * `x` where the genre has it, Backspace the number's last digit taken back, Delete an
   * erase. In Killer, digits go to the cage sum; in Kakuro, to a black cell's down or
   * across sum (pressKakuro).
   *
   * @param key a KeyboardEvent key ('0'–'9', 'x', 'Backspace', 'Delete'; Kakuro's '/', ',', '-')
   * @param from 'key' (the board has focus) or 'pad' (a tap: the focus stays put, so a
   *   phone's keyboard does not open over the board)
   * @returns whether the key did something
   */
  press(key: string, from: 'key' | 'pad'): boolean {
    if (this.host.board === null) return false;
    if (this.host.genre === 'kakuro') return this.pressKakuro(key);
    if (this.host.genre === 'killer' && /^[0-9]$/.test(key)) {
      const sum = byId('genre-cage-sum', HTMLInputElement);
      if (from === 'key') {
        sum.focus();
        sum.value = key;
      } else {
        sum.value = `${sum.value}${key}`.replace(/^0+/, '').slice(0, 3);
      }
      return true;
    }
    if (this.host.genre === 'killer' && (key === 'Backspace' || key === 'Delete')) {
      if (from === 'pad') {
        // The pad's erase takes back the sum's last digit.
        const sum = byId('genre-cage-sum', HTMLInputElement);
        sum.value = sum.value.slice(0, -1);
      } else {
        // A cage is deleted by its button only (Delete cage, which Ctrl+Z undoes): one
        // stray key took a whole cage and its sum.
        this.note('A Killer has no givens to clear: to remove a cage, select a cell of it and press Delete cage.', 'info');
      }
      return true;
    }
    const editing = EDITING[this.host.genre];
    const block = editing.typeBlock;
    if (block === null) {
      // The genres of regions only: a key that would edit another genre says how this
      // one is edited, instead of doing nothing.
      if (!/^([0-9xX]|Backspace|Delete)$/.test(key)) return false;
      this.note(`Typing on the board does not edit ${GENRE_TITLES[this.host.genre]}. ${editing.hint}`, 'info');
      return true;
    }
    // A digit genre's givens are 1 to n: a larger one is not written (it made the text
    // unreadable, and a second one was kept in the text but never drawn).
    const maxNumber = this.largestNumber();
    const cells = this.selection.size > 0 ? [...this.selection] : [this.cursor];
    // The tokens the cells hold now (null when the text is not one record: edit says so).
    const tokens = readRecord(this.host.text.value, editing.blocks)?.blocks[block] ?? null;
    let write: (cell: number) => string;
    // The edit's name in "Undid: …", and whether it is a number typed (a digit appended
    // goes into the step of the number's first digit).
    let what: string = key;
    let typing: 'first' | 'more' | undefined;
    // What a Delete or Backspace takes away, in its name ("Delete of clue 12", "Backspace
    // of clue 12 to 1"): a user-test could not tell two "Undid: Backspace at …" apart.
    const noun = DIGITS_TO_SIDE.has(this.host.genre) ? 'given' : 'clue';
    const erased = cells.map((cell) => tokens?.[cell] ?? '-').filter((token) => token !== '-');
    const named = (token: string): string => (token === editing.x ? 'black cell' : `${noun} ${token}`);
    const erasedName = erased.length === 1 ? named(erased[0]!) : `${erased.length} ${noun}s`;
    if (key === 'Delete') {
      write = () => '-';
      this.typed = null;
      if (erased.length > 0) what = `Delete of ${erasedName}`;
    } else if (key === 'Backspace') {
      // Takes back the last digit of a number of two or more, as in a spreadsheet's cell;
      // anything else is erased.
      write = (cell) => {
        const token = tokens?.[cell] ?? '-';
        return /^\d{2,}$/.test(token) ? token.slice(0, -1) : '-';
      };
      const left = write(this.cursor);
      this.typed = left === '-' ? null : { cell: this.cursor, text: left };
      if (erased.length > 0) what = `Backspace of ${erasedName}${cells.length === 1 && left !== '-' ? ` to ${left}` : ''}`;
    } else if (editing.x !== null && key.toLowerCase() === 'x') {
      write = () => editing.x!;
      this.typed = null;
      what = 'black cell';
    } else if (/^[0-9]$/.test(key)) {
      // Digits typed into the cell the cursor stays on append, as puzz.link's editor and a
      // spreadsheet's cell do (10 is 1 then 0, however slowly); one that would pass the
      // largest clue starts a new number. A click or an arrow starts afresh.
      const previous = this.typed;
      const joined = previous !== null && previous.cell === this.cursor && tokens?.[this.cursor] === previous.text ? Number(previous.text + key) : NaN;
      const number = joined <= maxNumber ? joined : Number(key);
      if (number > maxNumber || (number === 0 && !editing.zero)) {
        this.note(this.outOfRange(number), 'warning');
        return true;
      }
      write = () => String(number);
      this.typed = { cell: this.cursor, text: String(number) };
      what = `${DIGITS_TO_SIDE.has(this.host.genre) ? 'given' : 'clue'} ${number}`;
      typing = number === joined ? 'more' : 'first';
    } else {
      return false;
    }
    const label = `${what} ${placeOfCells(cells, this.host.board.columns)}`;
    this.edit(
      (record) => {
        for (const cell of cells) record.blocks[block]![cell] = write(cell);
      },
      label,
      typing,
    );
    return true;
  }

  /**
   * Why `number` is not written into a cell: it is out of the genre's range (a digit
   * genre's givens are 1 to its side, a clue genre's clues its own), or a lone 0 where 0
   * is no clue, said to be the second digit of 10, 20…, not an erase.
   */
  private outOfRange(number: number): string {
    const board = this.host.board!;
    const most = this.largestNumber();
    const zero = number === 0 ? `${most >= 10 ? ` (0 goes after another digit: ${tens(most)})` : ''}; Backspace or Delete erases a cell` : '';
    // A digit genre's givens go to the grid's side; a clue genre's range is its own
    // (Akari 0 to 4), whatever the grid.
    if (DIGITS_TO_SIDE.has(this.host.genre)) return `${number} is not a given of this ${board.rows}×${board.columns} grid: its digits are 1 to ${most}${zero}.`;
    const editing = EDITING[this.host.genre];
    const grid = most < editing.maxNumber ? ` on this ${board.rows}×${board.columns} grid` : '';
    return `${number} is not a clue of ${GENRE_TITLES[this.host.genre]}${grid}: its clues are ${editing.zero ? 0 : 1} to ${most}${zero}.`;
  }

  /**
   * What a key does on a Kakuro board (editing.ts's hint says it), to the selected cells
   * or the cursor's; every change goes into the record's tokens (kakuro.ts):
   * - x (or -) makes them black when one of them is white (a black cell keeps its sums),
   *   else white; Delete makes them white;
   * - a digit sets the sum `half` of each black cell: digits typed while the cursor and
   *   the half stay append, up to two; a sum out of range (46, or 30 for a run of 3) is
   *   written as typed and the engine says what and where; a lone 0 is refused, saying why;
   * - Backspace takes back the last digit of that sum;
   * - / switches between the down and the across sum; `,` picks across, as in `d,a`.
   *
   * @param key a KeyboardEvent key
   * @returns whether the key did something
   */
  private pressKakuro(key: string): boolean {
    const record = readRecord(this.host.text.value, EDITING.kakuro.blocks);
    if (key === '/' || key === ',') {
      this.half = key === ',' || this.half === 'down' ? 'across' : 'down';
      this.sumTyped = null;
      this.drawSelection();
      return true;
    }
    const tokens = record?.blocks[0] ?? [];
    const cells = this.selection.size > 0 ? [...this.selection] : [this.cursor];
    const cellOf = (cell: number) => readKakuroCell(tokens[cell] ?? '0');
    const half = this.half;
    let write: (cell: number) => string | null; // null: the cell stays as it is
    // The edit's name in "Undid: …", and whether it is a sum typed (as press's).
    let what = key;
    let typing: 'first' | 'more' | undefined;
    if (key === 'Delete') {
      write = () => '0';
      this.sumTyped = null;
      // Delete on a clue drops its sums: "Undid: Delete of sums 16,23 at …" says which.
      const clues = cells.map((cell) => tokens[cell] ?? '').filter((token) => /\d/.test(token));
      if (clues.length > 0) what = clues.length === 1 ? `Delete of sums ${clues[0]}` : 'Delete of sums';
    } else if (key === 'x' || key === 'X' || key === '-') {
      const anyWhite = cells.some((cell) => cellOf(cell)?.white === true);
      write = (cell) => (!anyWhite ? '0' : cellOf(cell)?.white === true ? '-' : null);
      this.sumTyped = null;
      what = anyWhite ? 'black cell' : 'white cell';
    } else if (key === 'Backspace' || /^[0-9]$/.test(key)) {
      if (record !== null && !cells.some((cell) => cellOf(cell)?.white === false)) {
        const name = `Row ${Math.floor(this.cursor / record.columns) + 1}, column ${(this.cursor % record.columns) + 1}`;
        this.note(`${name} is a white cell, where the answer’s digit goes: press x to make it black, then type its sums.`, 'info');
        return true;
      }
      const now = cellOf(this.cursor);
      const current = now !== null && !now.white ? now[half] : null;
      let sum: (old: string) => string;
      if (key === 'Backspace') {
        sum = (old) => old.slice(0, -1);
        const left = current?.slice(0, -1) ?? '';
        this.sumTyped = left === '' ? null : { cell: this.cursor, half, sum: left };
        what = `Backspace on the ${half} sum`;
      } else {
        // As in the other genres: 1 then 6 is 16 while the cursor (and the half) stay.
        const previous = this.sumTyped;
        const appends = previous !== null && previous.cell === this.cursor && previous.half === half && previous.sum === current && previous.sum.length < 2;
        const typed = appends ? previous.sum + key : key;
        if (typed === '0') {
          this.note('0 is not a sum of Kakuro: its sums are 1 to 45 (0 goes after another digit: 10, 20…); Backspace takes back a digit, Delete makes a cell white.', 'warning');
          return true;
        }
        sum = () => typed;
        this.sumTyped = { cell: this.cursor, half, sum: typed };
        what = `${half} sum ${typed}`;
        typing = appends ? 'more' : 'first';
      }
      write = (cell) => {
        const black = cellOf(cell);
        return black === null || black.white ? null : writeKakuroCell({ ...black, [half]: sum(black[half]) });
      };
    } else {
      return false;
    }
    this.edit(
      (changed) => {
        for (const cell of cells) {
          const token = write(cell);
          if (token !== null) changed.blocks[0]![cell] = token;
        }
      },
      `${what} ${placeOfCells(cells, record?.columns ?? this.host.board?.columns ?? 1)}`,
      typing,
    );
    return true;
  }

  /** The largest number a cell of the board takes: the genre's, within what the board's size allows (Editing.boardMost). */
  private largestNumber(): number {
    const editing = EDITING[this.host.genre];
    const board = this.host.board;
    if (board === null) return editing.maxNumber;
    if (DIGITS_TO_SIDE.has(this.host.genre)) return Math.min(editing.maxNumber, board.rows);
    return Math.min(editing.maxNumber, editing.boardMost?.(board.rows, board.columns) ?? Infinity);
  }

  /**
   * The clue pad under the board, for a phone (whose keyboard a board does not open) or
   * a mouse: the digits the genre's clues are written with, x where it has one (Kakuro's
   * x and its / that switches between the down and the across sum), and erase; each does
   * what its key does (press). Then Undo (↶) and Redo (↷) of the board's edits (step),
   * disabled while there is none; a genre edited by regions only has these two alone.
   *
   * @param pad the pad's element, emptied and filled for the genre shown
   */
  renderPad(pad: HTMLElement): void {
    this.syncHistory();
    const editing = EDITING[this.host.genre];
    const killer = this.host.genre === 'killer';
    const keys: Array<[key: string, text: string, label: string]> = [];
    const regionsOnly = editing.typeBlock === null && !killer;
    if (!regionsOnly) {
      // Numbers of two digits need 0 as their second digit; a digit genre's go to n.
      const most = this.largestNumber();
      const low = editing.zero || most >= 10 || killer ? 0 : 1;
      const high = Math.min(9, killer ? 9 : most);
      const kakuro = this.host.genre === 'kakuro';
      const label = (d: number): string =>
        killer ? `Cage sum digit ${d}` : d === 0 && !editing.zero ? `Digit 0, after another (${tens(most)})` : kakuro ? `Sum digit ${d}` : `Clue ${d}`;
      for (let d = low; d <= high; d++) keys.push([String(d), String(d), label(d)]);
      if (kakuro) keys.push(['x', 'x', 'Black cell, or white again'], ['/', '◩', 'Switch between the down and the across sum']);
      else if (editing.x !== null) keys.push(['x', 'x', 'Black cell without a clue']);
      keys.push([
        'Backspace',
        '⌫',
        killer ? 'Take back the cage sum’s last digit' : kakuro ? 'Take back the sum’s last digit' : 'Take back the last digit, or erase the selected cells',
      ]);
    }
    // Drawn again only when its keys change (each board drawn asks).
    const signature = `${this.host.genre}:${keys.map(([key, , label]) => `${key}=${label}`).join(',')}`;
    if (pad.dataset.keys === signature) return;
    pad.dataset.keys = signature;
    pad.hidden = false;
    pad.replaceChildren(
      ...keys.map(([key, text, label]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = text;
        button.setAttribute('aria-label', label);
        // Out of the Tab order: a keyboard types these keys on the board itself, and the
        // editing buttons after the pad stay a Tab or two away.
        button.tabIndex = -1;
        // A tap keeps the board's selection: the button takes no focus from it.
        button.addEventListener('pointerdown', (event) => event.preventDefault());
        button.addEventListener('click', () => {
          if (this.selection.size === 0 && !killer) {
            this.note('Tap a cell (or drag over several) first, then the number.', 'info');
            return;
          }
          this.press(key, 'pad');
        });
        return button;
      }),
      this.undoButton,
      this.redoButton,
    );
    pad.setAttribute(
      'aria-label',
      regionsOnly ? 'Undo and redo of the edits on the board' : killer ? 'Cage sum pad: types the sum of the cage to make' : 'Clue pad: sets the selected cells',
    );
    // Undo and Redo alone take two columns of ten, the width of a digit's key.
    pad.style.setProperty('--pad-columns', String(regionsOnly ? 10 : keys.length + 2));
  }

  /** Outlines the selected cells and says how many there are. */
  drawSelection(): void {
    if (this.host.svg === null || this.host.board === null) return;
    const columns = this.host.board.columns;
    const cells = [...this.selection].map((cell) => [Math.floor(cell / columns) + 1, (cell % columns) + 1] as [number, number]);
    overlayCells(this.host.svg, 'selection', cells, 3, { fill: '#7fb2f0', 'fill-opacity': 0.35 });
    // The cursor's cell: a ring of the page's focus colour (its stroke set in genre.css,
    // from --focus) above the shading and the clues, shown while the board has the focus,
    // apart from the selection's tint (an accessibility session could not tell them
    // apart, nor find the cursor on a shaded cell or on a board just focused).
    const cursor = overlayCells(this.host.svg, 'cursor', [[Math.floor(this.cursor / columns) + 1, (this.cursor % columns) + 1]], 2, {
      fill: 'none',
      'stroke-width': 4,
    });
    cursor.setAttribute('aria-hidden', 'true');
    cursor.setAttribute('pointer-events', 'none');
    this.host.svg.append(cursor);
    // A screen reader follows the cursor: the grid names its cell as the active one, and
    // each selected cell says so.
    const gridCells = this.host.svg.querySelectorAll('[role="gridcell"]');
    this.host.svg.querySelector(`#${ACTIVE_CELL_ID}`)?.removeAttribute('id');
    this.host.svg.setAttribute('aria-multiselectable', 'true');
    gridCells.forEach((cell, k) => cell.setAttribute('aria-selected', String(this.selection.has(k))));
    const active = gridCells[this.cursor];
    if (active) {
      active.id = ACTIVE_CELL_ID;
      this.host.svg.setAttribute('aria-activedescendant', ACTIVE_CELL_ID);
    }
    const n = this.selection.size;
    const sum = this.drawHalf();
    byId('genre-selection', HTMLSpanElement).textContent =
      n === 0 ? 'Drag over cells (or Shift+arrows) to select them.' : `${n} cell${n === 1 ? '' : 's'} selected${sum}.`;
  }

  /**
   * On a Kakuro board, tints the half of the cursor's black cell whose sum typing sets
   * (none on a white cell), as the record in the text has the cell.
   *
   * @returns what the selection's line adds ("; typing sets its down sum (/ for across)"), or ''
   */
  private drawHalf(): string {
    if (this.host.svg === null || this.host.board === null) return '';
    if (this.host.genre !== 'kakuro') return '';
    const record = readRecord(this.host.text.value, EDITING.kakuro.blocks);
    const { rows, columns } = this.host.board;
    const cell = record !== null && record.rows === rows && record.columns === columns ? readKakuroCell(record.blocks[0]![this.cursor] ?? '') : null;
    const black = this.selection.size > 0 && cell !== null && !cell.white;
    overlayHalf(this.host.svg, 'kakuro-half', Math.floor(this.cursor / columns) + 1, (this.cursor % columns) + 1, black ? this.half : null);
    return black ? `; typing sets the ${this.half} sum (/ for the ${this.half === 'down' ? 'across' : 'down'} sum)` : '';
  }

  /**
   * Changes the puzzle text through its record (the engine then redraws it, or says
   * what is wrong; the text keeps the edit either way), and remembers the text before
   * for Undo when it changed. A change that returns a message refuses itself: the
   * message is shown as an error and the text stays as it was.
   *
   * @param change what the edit does to the record's tokens
   * @param label the edit's name in "Undid: …" ("clue 5 at row 2, column 3")
   * @param typing a digit of a number typed: 'more' when it is appended to the number
   *   typed by the last edit (then Undo takes back the whole number)
   * @returns false when the change refused itself, else true (an unreadable text is
   *   said as a warning)
   */
  private edit(change: (record: RecordText) => string | void, label: string, typing?: 'first' | 'more'): boolean {
    const state = this.state();
    const record = readRecord(this.host.text.value, EDITING[this.host.genre].blocks);
    if (record === null) {
      this.note('To edit on the board, the text must hold one puzzle in the record layout ("=== name", "N N", then its rows): use Empty grid, or pick one puzzle’s lines.', 'warning');
      return true;
    }
    const before = JSON.stringify(record.blocks);
    const refusal = change(record);
    if (typeof refusal === 'string') {
      this.note(refusal, 'error');
      return false;
    }
    // The header's `source=` URL no longer names the puzzle once it changed.
    if (JSON.stringify(record.blocks) !== before) record.header = record.header.replace(/\s+source=\S*/, '');
    this.host.text.value = writeRecord(record);
    this.remember(state, label, typing);
    const written = this.host.text.value;
    // The edit is said with the board drawn ("Clue 3 at row 2, column 3. own: press
    // Solve."), as the Sudoku page counts its givens: the status line is a live region,
    // and an edit that changed only the drawing told a screen reader nothing (an
    // accessibility session). What the draw says after it (a warning: the regions of a
    // map being made) keeps its kind, as an undo's does.
    void this.read().then(() => {
      if (this.host.text.value !== written) return; // edited again meanwhile
      this.sayBeforeBoard(`${label.charAt(0).toUpperCase()}${label.slice(1)}.`);
    });
    return true;
  }

  /**
   * Says `said` before the words the board just drawn left in the status line ("Undid:
   * clue 5 at row 1, column 1. own: press Solve."), a warning or error keeping its kind;
   * nothing when the line starts with `said` already or says a success.
   *
   * @param said what the edit, Undo or Redo did, as a sentence
   */
  private sayBeforeBoard(said: string): void {
    const status = byId('genre-status', HTMLElement);
    const kind = status.dataset.kind;
    if (status.textContent?.startsWith(said) || (kind !== 'info' && kind !== 'warning' && kind !== 'error')) return;
    this.host.say(`${said} ${status.textContent ?? ''}`, kind);
  }

  /**
   * Reads the text this board's edit, Undo, Redo or Empty grid wrote (host.readText),
   * remembered while it runs for note.
   *
   * @returns host.readText's promise
   */
  private read(): Promise<void> {
    const reading = this.host.readText();
    this.reading = reading;
    const done = (): void => {
      if (this.reading === reading) this.reading = null;
    };
    reading.then(done, done);
    return reading;
  }

  /**
   * Says what a key or button that changed no cell did ("0 is not a sum of Kakuro…",
   * "Row 3, column 3 is a white cell…", "Nothing to redo."): now, and again once the board of an edit made just before is drawn, if
   * the text is still as it was and nothing later had the last word (a note, an Undo or
   * Redo, another genre, hush). That board's read says its own status when it ends ("Down sum
   * 3. …"), and a person who typed fast, as 3 then 0, saw it in the place of why the 0
   * did nothing.
   *
   * @param message the status line's words
   * @param kind the status line's kind
   */
  note(message: string, kind: 'info' | 'success' | 'warning' | 'error'): void {
    this.host.say(message, kind);
    const mine = ++this.notes;
    const text = this.host.text.value;
    const again = (): void => {
      if (this.notes === mine && this.host.text.value === text) this.host.say(message, kind);
    };
    this.reading?.then(again, again);
  }

  /**
   * The page said something newer than a note pending (Copy puzz.link URL, of the board
   * drawn then): the note is not said again.
   */
  hush(): void {
    this.notes++;
  }

  /** The text, selection, cursor and Kakuro half now, as the history keeps them. */
  private state(): EditorState {
    return { genre: this.host.genre, text: this.host.text.value, selection: [...this.selection], cursor: this.cursor, half: this.half, record: this.host.record };
  }

  /**
   * After an edit wrote the text: the state before it is the step Undo gives back, when
   * the text changed.
   *
   * @param before the state before the edit
   * @param label the edit's name
   * @param typing as edit's
   */
  private remember(before: EditorState, label: string, typing?: 'first' | 'more'): void {
    const changed = this.host.text.value !== before.text;
    if (changed) {
      this.history.record(before, this.state(), label, typing === 'more' && this.typingStep);
      this.forgotten = false;
    }
    this.typingStep = changed && typing !== undefined;
    this.syncHistory();
  }

  /**
   * Undoes the last edit made on the board (Ctrl+Z, the pad's Undo), or redoes the last
   * one undone (Ctrl+Shift+Z, Ctrl+Y, Redo): the text as it was, exactly, with the
   * selection and cursor on it; the board is drawn again from it, and the status line
   * says which edit ("Undid: clue 5 at row 2, column 3."). With none, it says so (and
   * why, when the text changed since the last edit and the steps were forgotten).
   *
   * @param way 'undo' or 'redo'
   */
  step(way: 'undo' | 'redo'): void {
    const mine = ++this.steps;
    this.notes++; // the press has the last word over a note before it
    const now = this.state();
    if (this.history.follow(now)) this.forgotten = true;
    const step = way === 'undo' ? this.history.undo(now) : this.history.redo(now);
    this.typingStep = false;
    if (step === null) {
      this.syncHistory();
      // Said again after the board of an edit or step made just before is drawn (note).
      this.note(
        this.forgotten
          ? `Nothing to ${way}: the text changed since the last edit on the board (typed, loaded, another puzzle), so the edits before it are forgotten.`
          : `Nothing to ${way}.`,
        'info',
      );
      return;
    }
    const { text, selection, cursor, half, record } = step.state;
    this.host.text.value = text;
    this.host.record = record;
    this.selection = new Set(selection);
    this.cursor = cursor;
    this.half = half;
    this.typed = null;
    this.sumTyped = null;
    this.syncHistory(); // after the text: the history follows the text the step left
    const said = `${way === 'undo' ? 'Undid' : 'Redid'}: ${step.label}.`;
    this.host.say(said, 'info');
    // Reading the text says "press Solve", or what is wrong with it: the undo is said
    // instead of the first, before the second.
    void this.read().then(() => {
      if (this.host.text.value !== text) return; // edited again meanwhile
      // Pressed again while this board was drawn: a later step that took something says
      // so when its own board is drawn; one that found nothing, as a note, is said again
      // after this board (note).
      if (this.steps !== mine) return;
      // The board's own words after it, as an edit's.
      this.sayBeforeBoard(said);
    });
  }

  /**
   * Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z (⇧⌘Z) and Ctrl+Y redo (step); the browser's own
   * undo does nothing on the board.
   *
   * @param event a keydown on the board or its tools
   * @returns whether it was one of these keys (then done)
   */
  private undoKey(event: KeyboardEvent): boolean {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
    // A layout whose Z key types no Latin letter (Cyrillic) names the key by its place.
    const letter = /^[a-z]$/i.test(event.key) ? event.key.toLowerCase() : event.code === 'KeyZ' ? 'z' : event.code === 'KeyY' ? 'y' : '';
    const way = letter === 'z' ? (event.shiftKey ? 'redo' : 'undo') : letter === 'y' && !event.shiftKey ? 'redo' : null;
    if (way === null) return false;
    event.preventDefault();
    this.step(way);
    return true;
  }

  /**
   * Forgets the history when the text is no longer the one its last step left (typed by
   * hand, loaded), and sets the pad's Undo and Redo: enabled when there is a step, their
   * titles naming it and the keys.
   */
  private syncHistory(): void {
    if (this.history.follow(this.state())) this.forgotten = true;
    const name = { undo: this.history.nextUndo, redo: this.history.nextRedo };
    for (const [way, button] of [
      ['undo', this.undoButton],
      ['redo', this.redoButton],
    ] as const) {
      const Way = way === 'undo' ? 'Undo' : 'Redo';
      button.disabled = name[way] === null;
      button.title = name[way] === null ? `Nothing to ${way} (${UNDO_KEYS[way]} with the board focused)` : `${Way}: ${name[way]} (${UNDO_KEYS[way]})`;
    }
  }

  makeCage(): void {
    const sum = byId('genre-cage-sum', HTMLInputElement);
    const value = Number(sum.value);
    if (this.selection.size === 0 || !Number.isInteger(value) || value < 1) {
      this.note('Select the cage’s cells, then type its sum (a whole number) and press Make cage.', 'warning');
      return;
    }
    const cells = [...this.selection].sort((a, b) => a - b);
    const made = this.edit(
      (record) => {
        const [sums, ids] = record.blocks as [string[], string[]];
        // Cages do not overlap: a selected cell of another cage is refused, naming it, and
        // the text and the board stay as they were.
        const taken = cells.find((cell) => ids[cell] !== undefined && ids[cell] !== '-' && ids[cell] !== '.');
        if (taken !== undefined) {
          const columns = record.columns;
          const first = ids.findIndex((id) => id === ids[taken]);
          // The sum may stand in any cell of its cage (docs/formats.md).
          const cageSum = sums.find((token, cell) => ids[cell] === ids[taken] && token !== '-' && token !== '.') ?? '?';
          return (
            `Row ${Math.floor(taken / columns) + 1}, column ${(taken % columns) + 1} is already in the cage of sum ${cageSum} ` +
            `(from row ${Math.floor(first / columns) + 1}, column ${(first % columns) + 1}): cages do not overlap. ` +
            'Select cells outside it, or delete that cage first (Delete cage).'
          );
        }
        const id = freshId(ids);
        for (const cell of cells) {
          ids[cell] = id;
          sums[cell] = '-';
        }
        sums[cells[0]!] = String(value);
        return undefined;
      },
      `cage of sum ${value} ${placeOfCells(cells, this.host.board?.columns ?? 1)}`,
    );
    if (!made) return;
    sum.value = '';
    this.selection.clear();
    this.drawSelection();
  }

  deleteCage(): void {
    if (this.selection.size === 0) return;
    this.edit(
      (record) => {
        const [sums, ids] = record.blocks as [string[], string[]];
        const doomed = new Set([...this.selection].map((c) => ids[c]).filter((id) => id !== '-' && id !== '.'));
        ids.forEach((id, cell) => {
          if (doomed.has(id)) {
            ids[cell] = '-';
            sums[cell] = '-';
          }
        });
      },
      `Delete cage ${placeOfCells(this.selection, this.host.board?.columns ?? 1)}`,
    );
    this.selection.clear();
    this.drawSelection();
  }

  makeRegion(): void {
    const block = EDITING[this.host.genre].regionBlock;
    if (this.selection.size === 0 || block === null) return;
    // A region is one area of cells side by side: a selection in pieces (a diagonal drag
    // picks a staircase) would be a region in pieces, which no genre takes.
    const columns = this.host.board?.columns ?? 0;
    if (columns > 0 && !sideBySide(this.selection, columns)) {
      this.note('The selected cells are not one area of cells side by side, which a region must be: select them again (a drag, or Shift+arrows) and press Make region.', 'warning');
      return;
    }
    this.edit(
      (record) => {
        const ids = record.blocks[block]!;
        const id = freshId(ids);
        for (const cell of this.selection) ids[cell] = id;
      },
      `region ${placeOfCells(this.selection, columns || 1)}`,
    );
    // The outline and the count go with the selection now: the board may not be drawn
    // again (the engine refuses a map of regions not yet whole).
    this.selection.clear();
    this.drawSelection();
  }

  /**
   * Deletes the regions the selection touches: their cells get `-`, "in no region",
   * which the engine refuses, naming and outlining those cells, until Make region gives
   * them a region again (the text keeps the edit meanwhile).
   */
  deleteRegion(): void {
    const block = EDITING[this.host.genre].regionBlock;
    if (this.selection.size === 0 || block === null) {
      this.note('Select a cell of each region to delete, then press Delete region.', 'warning');
      return;
    }
    this.edit(
      (record) => {
        const ids = record.blocks[block]!;
        // Star Battle's `@` (outside) and `#` (black) cells are in no region to delete.
        const doomed = new Set([...this.selection].map((c) => ids[c]).filter((id) => !['-', '.', '@', '#'].includes(id!)));
        ids.forEach((id, cell) => {
          if (doomed.has(id)) ids[cell] = '-';
        });
      },
      `Delete region ${placeOfCells(this.selection, this.host.board?.columns ?? 1)}`,
    );
    this.selection.clear();
    this.drawSelection();
  }

  /**
   * An empty puzzle of the size typed beside Empty grid (else the board's size): rows and
   * columns (`10x18`, `10×18`, `10 18`, or one number for a square) where the genre's
   * grid may be a rectangle, one side where it is n×n (the digit genres). No givens or
   * clues; killer no cages; the genres with regions get boxes as regions (the rows and
   * columns of the most square box shape that divides each side); Kakuro its first row
   * and column black, the rest white (its runs have no sums yet: the board is drawn as
   * typed, view.ts, while the engine says which run lacks one).
   */
  emptyGrid(): void {
    const editing = EDITING[this.host.genre];
    // The size asked for beside the button (a 9×9 Killer drawn from the 6×6 example), or
    // the board's own.
    const asked = byId('genre-empty-size', HTMLInputElement);
    const typed = asked.value.trim();
    let rows = this.host.board?.rows ?? 9;
    let columns = this.host.board?.columns ?? rows;
    if (typed !== '') {
      const size = readSize(typed);
      const square = SQUARE_GENRES.has(this.host.genre);
      if (square && size !== null && size[0] !== size[1]) {
        this.note(`A ${GENRE_TITLES[this.host.genre]} is square (n×n): type its side, one whole number from 2 to 100, not “${typed}”.`, 'warning');
        return;
      }
      if (size === null) {
        this.note(
          square
            ? `The empty grid's side must be a whole number from 2 to 100, not “${asked.value}”.`
            : `The empty grid's rows and columns must be whole numbers from 2 to 100, typed as 10x18, 10×18 or 10 18 (one number for a square), not “${typed}”.`,
          'warning',
        );
        return;
      }
      [rows, columns] = size;
    }
    const empty = Array.from({ length: rows * columns }, () => '-');
    const h = usualBoxHeight(rows);
    const w = columns / usualBoxHeight(columns);
    const boxes = Array.from({ length: rows * columns }, (_, i) => String(Math.floor(Math.floor(i / columns) / h) * Math.ceil(columns / w) + Math.floor((i % columns) / w) + 1));
    // Kakuro's clues stand in black cells: its first row and column are black, the rest white.
    const blank = this.host.genre === 'kakuro' ? emptyKakuro(rows, columns) : empty;
    const blocks = Array.from({ length: editing.blocks }, (_, k) => (k === editing.regionBlock ? boxes : [...blank]));
    // Undo gives back the puzzle the grid replaced (a text loaded, typed, or a file's).
    const before = this.state();
    this.host.text.value = writeRecord({ header: 'my_puzzle', rows, columns, blocks, ...(editing.parameter === null ? {} : { parameter: editing.parameter }) });
    this.selection.clear();
    this.remember(before, `Empty grid ${rows}×${columns}`);
    void this.read();
  }
}

/**
 * The rows and columns typed beside Empty grid: `10x18`, `10×18`, `10 18` (or `10*18`,
 * `10,18`), or one number `n` for n×n; each from 2 to 100.
 *
 * @param typed the text typed, trimmed and not empty
 * @returns [rows, columns], or null when it is not such a size
 */
function readSize(typed: string): [number, number] | null {
  const match = /^(\d+)(?:\s*[x×*,]\s*|\s+)(\d+)$/i.exec(typed) ?? /^(\d+)$/.exec(typed);
  if (match === null) return null;
  const rows = Number(match[1]);
  const columns = match[2] === undefined ? rows : Number(match[2]);
  return [rows, columns].every((v) => v >= 2 && v <= 100) ? [rows, columns] : null;
}

/**
 * Whether `cells` (row-major indices of a grid `columns` wide) are one area of cells
 * side by side (each reached from the others through cells of the set sharing a side).
 */
function sideBySide(cells: ReadonlySet<number>, columns: number): boolean {
  const first = cells.values().next();
  if (first.done) return true;
  const seen = new Set<number>([first.value]);
  const queue = [first.value];
  while (queue.length > 0) {
    const cell = queue.pop()!;
    const near = [cell - columns, cell + columns, ...(cell % columns > 0 ? [cell - 1] : []), ...(cell % columns < columns - 1 ? [cell + 1] : [])];
    for (const next of near) {
      if (cells.has(next) && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size === cells.size;
}
