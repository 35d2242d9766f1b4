// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * How the board editor writes each genre's record (the janko-style layout of its
 * `sw_*.puzzles.txt` files; docs/formats.md): which block typing writes into, which
 * block holds the regions, and what a key puts in a cell. The engine then parses the
 * record and says what is wrong with it; nothing here knows a genre's rules.
 */
import { RECORD_BLOCKS, type GenreId } from '../../solver/genre';

/** The editor's view of a genre's record. */
export interface Editing {
  /** Blocks of R lines the record has (protocol/vocabulary.json, RECORD_BLOCKS). */
  blocks: number;
  /** The block typed digits go into, or null when the genre is edited as text only. */
  typeBlock: number | null;
  /** The block of region ids (Make region), or null. */
  regionBlock: number | null;
  /** The largest number a cell takes (typing two digits in a row makes 10–99; Kakuro's sums 1–45). */
  maxNumber: number;
  /**
   * The largest clue a board of `rows` × `columns` can hold, when the genre's rules bound
   * it by the grid (a Shikaku's area, a Nurikabe island's size: the cells; Kuromasu's
   * cells seen: its row and column), else absent: on a 3×3 Shikaku, 1 then 2 typed is
   * 2 after 1, not 12 (a user's session).
   */
  boardMost?: (rows: number, columns: number) => number;
  /** Whether 0 is a clue (Akari, Slitherlink), not an empty cell. */
  zero: boolean;
  /**
   * What the x key writes (Akari: a black cell without a clue), or null. Kakuro's x
   * turns white cells black and black cells white (editor.ts, pressKakuro).
   */
  x: string | null;
  /** The size line's third number of a new grid (Star Battle's stars per unit), or null. */
  parameter: string | null;
  /**
   * Whether Empty grid makes a blank puzzle of the genre (Kakuro's: the first row and
   * column black, the rest white; kakuro.ts, emptyKakuro).
   */
  emptyGrid: boolean;
  /** Whether the engine generates puzzles of the genre (New puzzle). */
  generates: boolean;
  /** What the editor hint says about typing. */
  hint: string;
}

const digits = (max: number, hint: string, extra: Partial<Editing> = {}): Omit<Editing, 'blocks'> => ({
  typeBlock: 0,
  regionBlock: null,
  maxNumber: max,
  zero: false,
  x: null,
  parameter: null,
  emptyGrid: true,
  generates: false,
  hint,
  ...extra,
});

/** Every genre but Sudoku, as written here; the blocks come from the vocabulary. */
const WRITTEN: Record<Exclude<GenreId, 'sudoku'>, Omit<Editing, 'blocks'>> = {
  killer: { ...digits(9, 'Select a cage’s cells, type its sum, press Make cage.'), typeBlock: null },
  jigsaw: digits(9, 'Type a digit to give it; select cells and press Make region.', { regionBlock: 1, generates: true }),
  'sudoku-x': digits(9, 'Type a digit to give it.', { generates: true }),
  hyper: digits(9, 'Type a digit to give it.', { generates: true }),
  'latin-square': digits(35, 'Type a number to give it.', { generates: true }),
  hitori: digits(99, 'Type a cell’s number (two digits in a row for 10 and more).'),
  akari: digits(4, 'Type 0–4 for a black cell with that clue, x for a black cell without one; Delete makes it white.', { zero: true, x: 'x' }),
  'star-battle': digits(0, 'Select cells and press Make region; the size line’s third number is the stars per unit.', {
    typeBlock: null,
    regionBlock: 0,
    parameter: '1',
  }),
  norinori: digits(0, 'Select cells and press Make region.', { typeBlock: null, regionBlock: 1 }),
  // Shaded cells never touch side by side: at most half the cells, rounded up.
  heyawake: digits(99, 'Type a room’s number in one of its cells; select cells and press Make region.', {
    regionBlock: 1,
    zero: true,
    boardMost: (rows, columns) => Math.ceil((rows * columns) / 2),
  }),
  kuromasu: digits(99, 'Type a clue (two digits in a row for 10 and more).', { boardMost: (rows, columns) => rows + columns - 1 }),
  shikaku: digits(99, 'Type a clue: the area of its rectangle.', { boardMost: (rows, columns) => rows * columns }),
  nurikabe: digits(99, 'Type a clue: the size of its island.', { boardMost: (rows, columns) => rows * columns }),
  slitherlink: digits(3, 'Type 0–3 for a clue.', { zero: true }),
  kakuro: digits(
    45,
    'x makes a white cell black and a black cell white; Delete makes it white. In a black cell, type its down or across sum (1–45): the half clicked, lower left down and upper right across, is the one typed; / switches between them and , picks across; Backspace takes back a digit. Delete or x on a clue drops its sums; Ctrl+Z undoes an edit, Ctrl+Shift+Z redoes it.',
    { x: '-' },
  ),
};

/** Every genre but Sudoku. */
export const EDITING = Object.fromEntries(
  Object.entries(WRITTEN).map(([id, editing]) => [id, { ...editing, blocks: RECORD_BLOCKS[id as GenreId] }]),
) as Record<Exclude<GenreId, 'sudoku'>, Editing>;
