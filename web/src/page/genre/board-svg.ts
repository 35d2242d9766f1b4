// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * One SVG renderer for every genre: it draws a board description (protocol.md,
 * "Genres"; cpp/puzzles/common/board.h) and knows nothing of genres. Doubled
 * coordinates: cell (r, c), 0-based, at (2r + 1, 2c + 1); edges between cells; vertices
 * even/even. The drawing is an ARIA grid: every cell is a `gridcell` labelled with its
 * row, column and content ("row 3, column 7, 5, given, cage 2, sum 14"; its cage, region and
 * the loop's sides where there are such), so screen readers and tests read the puzzle
 * and the answer from the page.
 */
import type { Board, BoardItem } from '../../solver/genre';

const SVG = 'http://www.w3.org/2000/svg';
/** Side of a cell in SVG units. */
export const CELL = 48;
/** Margin around the grid, room for clues outside it. */
const MARGIN = 8;

type Attrs = Record<string, string | number>;

/**
 * An SVG element with its attributes and text.
 *
 * @param name the tag
 * @param attrs attributes (numbers written as they are)
 * @param text its text content, when it has one
 */
export function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Attrs = {}, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Puts a group of rectangles over cells of a board drawn by {@link renderBoard}, under
 * its digits (before its `g.cells`), replacing the group of that class drawn before.
 *
 * @param svg the board
 * @param className the group's class ("highlight", "hatched", "selection")
 * @param cells 1-based [row, column] pairs
 * @param inset SVG units between a rectangle and its cell's edge
 * @param attrs each rectangle's presentation attributes
 * @returns the group
 */
export function overlayCells(svg: SVGSVGElement, className: string, cells: Array<[number, number]>, inset: number, attrs: Attrs): SVGGElement {
  svg.querySelector(`g.${className}`)?.remove();
  const g = el('g', { class: className });
  for (const [row, column] of cells) g.append(cellRect(row, column, inset, attrs));
  svg.insertBefore(g, svg.querySelector('g.cells'));
  return g;
}

/** A rectangle over cell (row, column), 1-based, `inset` SVG units inside its edges. */
function cellRect(row: number, column: number, inset: number, attrs: Attrs): SVGRectElement {
  return el('rect', {
    x: MARGIN + (column - 1) * CELL + inset,
    y: MARGIN + (row - 1) * CELL + inset,
    width: CELL - 2 * inset,
    height: CELL - 2 * inset,
    ...attrs,
  });
}

/**
 * Tints one half of a Kakuro black cell of a board drawn by {@link renderBoard}, over its
 * shading and under its sums, replacing the tint of that class drawn before: the sum the
 * editor's typing sets, down (the lower-left half) or across (the upper-right half), as
 * the board splits the cell by its diagonal.
 *
 * @param svg the board
 * @param className the group's class ("kakuro-half")
 * @param row the cell's row, 1-based
 * @param column the cell's column, 1-based
 * @param half the half tinted, or null to remove the tint
 */
export function overlayHalf(svg: SVGSVGElement, className: string, row: number, column: number, half: 'down' | 'across' | null): void {
  svg.querySelector(`g.${className}`)?.remove();
  if (half === null) return;
  const g = el('g', { class: className, 'aria-hidden': 'true', 'pointer-events': 'none' });
  const x0 = MARGIN + (column - 1) * CELL;
  const y0 = MARGIN + (row - 1) * CELL;
  const corner = half === 'down' ? `${x0},${y0 + CELL}` : `${x0 + CELL},${y0}`;
  g.append(el('polygon', { points: `${x0},${y0} ${corner} ${x0 + CELL},${y0 + CELL}`, fill: '#2f7de1', 'fill-opacity': 0.9, stroke: '#f2c14e', 'stroke-width': 2.5, 'stroke-linejoin': 'round', class: half }));
  svg.insertBefore(g, svg.querySelector('g.texts') ?? svg.querySelector('g.cells'));
}

/**
 * Writes a text in each of some cells, over the board (after its `g.cells`), replacing
 * the group of that class drawn before: what the editor wrote into the puzzle text where
 * the engine could not read it, on the board it kept.
 *
 * @param svg the board
 * @param className the group's class ("typed")
 * @param cells 1-based [row, column, text] triples
 * @param attrs each text's presentation attributes
 * @returns the group
 */
export function overlayTexts(svg: SVGSVGElement, className: string, cells: Array<[number, number, string]>, attrs: Attrs): SVGGElement {
  svg.querySelector(`g.${className}`)?.remove();
  // Drawn over the cells, it lets clicks through to them (selection, typing).
  const g = el('g', { class: className, 'aria-hidden': 'true', 'pointer-events': 'none' });
  for (const [row, column, text] of cells) {
    // A plain ground, over whatever the kept board drew in the cell.
    g.append(
      cellRect(row, column, 2, { fill: '#fff3f3' }),
      el(
        'text',
        {
          x: MARGIN + (column - 0.5) * CELL,
          y: MARGIN + (row - 0.5) * CELL,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          'font-size': CELL * 0.5,
          ...attrs,
        },
        text,
      ),
    );
  }
  svg.append(g);
  return g;
}

/** SVG x of a doubled column, y of a doubled row (the centre of a cell, or a line). */
const xOf = (column: number): number => MARGIN + (column * CELL) / 2;
const yOf = (row: number): number => MARGIN + (row * CELL) / 2;

/** Colours of shading styles: the puzzle's own (`block`: a black cell of Akari or
 * Kakuro), the answer's (`shaded`), the LP relaxation's (`relaxed`, its value the
 * opacity) and the lit cells of Akari. */
const SHADES: Record<string, string> = {
  diagonal: '#cfe3f7',
  window: '#d8efd2',
  shaded: '#2b2f36',
  block: '#17202e',
  relaxed: '#e8a33d',
  lit: '#fff1a8',
};

/** Shading styles dark enough that the text on them is drawn white. */
const DARK = new Set(['shaded', 'block']);

/** A five-pointed star of outer radius `r` at (x, y), as an SVG path. */
function starPath(x: number, y: number, r: number): string {
  let d = '';
  for (let k = 0; k < 10; k++) {
    const radius = k % 2 === 0 ? r : r * 0.42;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    d += `${k === 0 ? 'M' : 'L'}${(x + radius * Math.cos(angle)).toFixed(2)} ${(y + radius * Math.sin(angle)).toFixed(2)}`;
  }
  return `${d}Z`;
}

/** Shows an item's text as the page shows that symbol (the Sudoku page's A–G or 0–F on 16×16). */
type SymbolOf = (text: string) => string;

/**
 * The 0-based index (row · columns + column) of the cell at doubled coordinates (row,
 * column), or null for an edge, a grid point or a place outside the grid.
 */
function cellAt(board: Board, row: number, column: number): number | null {
  if (row % 2 !== 1 || column % 2 !== 1 || row < 1 || column < 1 || row >= 2 * board.rows || column >= 2 * board.columns) return null;
  return ((row - 1) / 2) * board.columns + (column - 1) / 2;
}

/**
 * An LP relaxation's value as a cell says it: to 3 decimals, and "< 0.001" for one the
 * board draws (the engine sends those above 1e-9) that would round to 0.
 *
 * @param value a variable's value, 0..1
 * @returns its words ("0.333", "1", "< 0.001")
 */
function valueWords(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 && value > 0 ? '< 0.001' : String(rounded);
}

/**
 * What the LP relaxation's candidate marks say of each cell, row by row: "LP relaxation
 * 3 = 0.5, 7 = 0.5", or '' for a cell without marks.
 *
 * @param board a board description
 * @param symbolOf how a candidate's text is shown (default: as it is)
 * @returns rows · columns strings
 */
export function relaxationWords(board: Board, symbolOf: SymbolOf = (t) => t): string[] {
  const values: string[][] = Array.from({ length: board.rows * board.columns }, () => []);
  for (const item of board.items) {
    const cell = item.kind === 'candidate' ? cellAt(board, item.row, item.column) : null;
    if (cell !== null) values[cell]!.push(`${symbolOf(item.text ?? '')} = ${valueWords(item.value ?? 0)}`);
  }
  return values.map((v) => (v.length === 0 ? '' : `LP relaxation ${v.join(', ')}`));
}

/**
 * What each cell says, for its label: its number (given or solved) or Kakuro sums, its
 * shading, lamp or star, an LP relaxation's values, the loop along its sides (or the LP
 * relaxation's lines along them, at their values), its cage (the sum's cell "cage 2,
 * sum 14", the others "in cage 2 (sum 14, its sum at …)"), and its region where the
 * walls draw regions (regionsOf).
 */
function cellWords(board: Board, symbolOf: SymbolOf, boxes: boolean): string[][] {
  const words: string[][] = Array.from({ length: board.rows * board.columns }, () => []);
  const at = (row: number, column: number): string[] | undefined => {
    const cell = cellAt(board, row, column);
    return cell === null ? undefined : words[cell];
  };
  for (const item of board.items) {
    if (item.kind === 'number' && (item.style === 'down' || item.style === 'across')) at(item.row, item.column)?.push(`${item.style} sum ${item.text ?? ''}`);
    else if (item.kind === 'number') at(item.row, item.column)?.push(symbolOf(item.text ?? ''), item.style === 'given' ? 'given' : 'solved');
    else if (item.kind === 'cage') continue; // said last, below
    else if (item.kind === 'shade' && item.style === 'shaded') at(item.row, item.column)?.push('shaded');
    else if (item.kind === 'shade' && item.style === 'block') at(item.row, item.column)?.push('black cell');
    // A pencil genre's LP relaxation: the cell's variable, as the engine names it (shaded,
    // lamp, star, rectangle: protocol.md, relax), at its value.
    else if (item.kind === 'shade' && item.style === 'relaxed') at(item.row, item.column)?.push(`LP relaxation${item.text ? ` ${item.text}` : ''} ${valueWords(item.value ?? 0)}`);
    else if (item.kind === 'circle') at(item.row, item.column)?.push(item.style ?? 'circle');
  }
  // A cell's LP relaxation values, said together.
  relaxationWords(board, symbolOf).forEach((said, cell) => {
    if (said !== '') words[cell]!.push(said);
  });
  for (const relaxed of [false, true]) {
    loopWords(board, relaxed).forEach((said, cell) => {
      if (said !== '') words[cell]!.push(said);
    });
  }
  // Each cell of a cage says its cage, not only the cell with the sum (cages of one sum
  // told apart by their number, in the board's order).
  let cage = 0;
  for (const item of board.items) {
    if (item.kind !== 'cage') continue;
    cage++;
    const cells = item.cells ?? [[item.row, item.column]];
    for (const [row, column] of cells) {
      const first = row === item.row && column === item.column;
      at(row, column)?.push(first ? `cage ${cage}, sum ${item.text ?? ''}` : `in cage ${cage} (sum ${item.text ?? ''}, its sum at row ${(item.row + 1) / 2}, column ${(item.column + 1) / 2})`);
    }
  }
  regionsOf(board, boxes)?.forEach((region, cell) => {
    if (region > 0) words[cell]!.push(`region ${region}`);
  });
  return words;
}

/**
 * What each cell says of the loop drawn along the cells' sides between grid points
 * (Slitherlink's): "loop along top, left", else ''; with `relaxed`, of the LP
 * relaxation's faint lines instead, each side at its value: "LP relaxation loop: top
 * 0.5, left 1".
 */
function loopWords(board: Board, relaxed = false): string[] {
  const sides: Array<Map<string, string>> = Array.from({ length: board.rows * board.columns }, () => new Map<string, string>());
  for (const item of board.items) {
    if (item.kind !== 'line' || (item.style === 'relaxed') !== relaxed || item.to === undefined) continue;
    const [r1, c1, r2, c2] = [item.row, item.column, item.to[0], item.to[1]];
    if (r1 % 2 !== 0 || c1 % 2 !== 0) continue; // only lines between grid points
    const value = valueWords(item.value ?? 1);
    // Along a side: the cells on its two sides.
    if (r1 === r2) {
      const c = Math.min(c1, c2) + 1;
      for (const [r, side] of [[r1 - 1, 'bottom'], [r1 + 1, 'top']] as const) {
        const k = cellAt(board, r, c);
        if (k !== null) sides[k]!.set(side, value);
      }
    } else if (c1 === c2) {
      const r = Math.min(r1, r2) + 1;
      for (const [c, side] of [[c1 - 1, 'right'], [c1 + 1, 'left']] as const) {
        const k = cellAt(board, r, c);
        if (k !== null) sides[k]!.set(side, value);
      }
    }
  }
  const ORDER = ['top', 'right', 'bottom', 'left'];
  return sides.map((map) => {
    if (map.size === 0) return '';
    const named = [...map].sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b));
    return relaxed ? `LP relaxation loop: ${named.map(([side, v]) => `${side} ${v}`).join(', ')}` : `loop along ${named.map(([side]) => side).join(', ')}`;
  });
}

/**
 * The regions the board's walls enclose (a Jigsaw's or a Star Battle's regions,
 * Heyawake's rooms, Shikaku's rectangles once solved), each cell's numbered from 1 in
 * reading order of their first cells, 0 for a black cell (in no region: Star Battle's
 * `@`); null when the walls make no regions (none, or walls inside a region: a partial
 * drawing such as Shikaku's LP relaxation), or with `boxes` only a lattice of boxes of
 * one shape (a Sudoku's, which its rows and columns say). A region in pieces (an id the
 * record gives cells that do not touch) is numbered as pieces: the walls do not say more.
 */
function regionsOf(board: Board, boxes: boolean): number[] | null {
  const { rows, columns } = board;
  const walls = new Set(board.items.filter((i) => i.kind === 'wall').map((i) => `${i.row},${i.column}`));
  if (walls.size === 0) return null;
  const black = new Set(board.items.flatMap((i) => (i.kind === 'shade' && i.style === 'block' ? (cellAt(board, i.row, i.column) ?? []) : [])));
  const region = new Array<number>(rows * columns).fill(0);
  const shapes = new Set<string>();
  let count = 0;
  for (let start = 0; start < rows * columns; start++) {
    if (region[start] !== 0 || black.has(start)) continue;
    region[start] = ++count;
    const stack = [start];
    let [top, left, bottom, right, size] = [rows, columns, -1, -1, 0];
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const r = Math.floor(cell / columns);
      const c = cell % columns;
      [top, left, bottom, right, size] = [Math.min(top, r), Math.min(left, c), Math.max(bottom, r), Math.max(right, c), size + 1];
      // Neighbours not across a wall (walls at doubled coordinates between the cells).
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
        const [nr, nc] = [r + dr, c + dc];
        const next = nr * columns + nc;
        if (nr < 0 || nc < 0 || nr >= rows || nc >= columns || region[next] !== 0 || black.has(next)) continue;
        if (walls.has(`${2 * r + 1 + dr},${2 * c + 1 + dc}`)) continue;
        region[next] = count;
        stack.push(next);
      }
    }
    const [height, width] = [bottom - top + 1, right - left + 1];
    // A box: a whole rectangle on the lattice of its shape.
    shapes.add(height * width === size && top % height === 0 && left % width === 0 ? `${height}x${width}` : 'other');
  }
  if (count < 2 || (boxes && shapes.size === 1 && !shapes.has('other'))) return null;
  // A wall with one region on both sides walls nothing off: not a drawing of regions.
  for (const key of walls) {
    const [r, c] = key.split(',').map(Number) as [number, number];
    // Between (row1, column1) and (row2, column2), 0-based: above and below, or left and right.
    const [row1, column1, row2, column2] = r % 2 === 0 ? [r / 2 - 1, (c - 1) / 2, r / 2, (c - 1) / 2] : [(r - 1) / 2, c / 2 - 1, (r - 1) / 2, c / 2];
    if (row1 < 0 || column1 < 0 || row2 >= rows || column2 >= columns) continue; // the outer border
    const [a, b] = [region[row1 * columns + column1]!, region[row2 * columns + column2]!];
    if (a !== 0 && a === b) return null;
  }
  return region;
}

/** The cage outline: each side of a cage cell that borders a cell outside the cage, inset. */
function cageOutline(item: BoardItem): SVGPathElement {
  const cells = new Set((item.cells ?? []).map(([r, c]) => `${r},${c}`));
  const inset = 5;
  let d = '';
  for (const [r, c] of item.cells ?? []) {
    const left = xOf(c - 1) + inset;
    const right = xOf(c + 1) - inset;
    const top = yOf(r - 1) + inset;
    const bottom = yOf(r + 1) - inset;
    const has = (dr: number, dc: number): boolean => cells.has(`${r + dr},${c + dc}`);
    // Each side runs past the inset where the cage continues, so outlines join.
    const x0 = has(0, -2) ? xOf(c - 1) : left;
    const x1 = has(0, 2) ? xOf(c + 1) : right;
    const y0 = has(-2, 0) ? yOf(r - 1) : top;
    const y1 = has(2, 0) ? yOf(r + 1) : bottom;
    if (!has(-2, 0)) d += `M${x0} ${top}H${x1}`;
    if (!has(2, 0)) d += `M${x0} ${bottom}H${x1}`;
    if (!has(0, -2)) d += `M${left} ${y0}V${y1}`;
    if (!has(0, 2)) d += `M${right} ${y0}V${y1}`;
  }
  return el('path', { d, class: 'cage', fill: 'none', stroke: '#39424f', 'stroke-width': 1.2, 'stroke-dasharray': '4 3' });
}

/**
 * Draws a board as a standalone SVG (its styles inline, so a downloaded copy looks the
 * same).
 *
 * @param board the board description from the engine
 * @param label the grid's accessible name ("Killer Sudoku 9×9, solved")
 * @param symbolOf how a number's or candidate's text is shown (default: as the engine
 *   wrote it); a candidate's place in its cell still follows its value
 * @param boxes whether walls in a lattice of one shape are a digit genre's boxes, which
 *   its cells do not name as regions (rooms of a pencil genre are named however laid out)
 * @returns the `<svg>` element, `CELL` units per cell plus a margin, with `role="grid"`
 */
export function renderBoard(board: Board, label: string, symbolOf: SymbolOf = (t) => t, boxes = false): SVGSVGElement {
  const width = board.columns * CELL + 2 * MARGIN;
  const height = board.rows * CELL + 2 * MARGIN;
  const svg = el('svg', {
    xmlns: SVG,
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: 'grid',
    'aria-label': label,
    class: 'genre-board',
    'font-family': 'system-ui, sans-serif',
  });
  svg.append(el('rect', { x: 0, y: 0, width, height, fill: '#ffffff' }));
  // The text layer is named, so that an overlay can go under it (overlayHalf).
  const layers = { shade: el('g'), grid: el('g'), marks: el('g'), cages: el('g'), walls: el('g'), text: el('g', { class: 'texts' }) };
  // Thin grid lines.
  for (let r = 0; r <= board.rows; r++) {
    layers.grid.append(el('line', { x1: xOf(0), x2: xOf(2 * board.columns), y1: yOf(2 * r), y2: yOf(2 * r), stroke: '#b9c0ca', 'stroke-width': 1 }));
  }
  for (let c = 0; c <= board.columns; c++) {
    layers.grid.append(el('line', { x1: xOf(2 * c), x2: xOf(2 * c), y1: yOf(0), y2: yOf(2 * board.rows), stroke: '#b9c0ca', 'stroke-width': 1 }));
  }
  // Candidate marks: a small grid of them in each cell, ⌈√k⌉ a side.
  const marksPerCell = new Map<string, BoardItem[]>();
  for (const item of board.items) {
    if (item.kind !== 'candidate') continue;
    const key = `${item.row},${item.column}`;
    marksPerCell.set(key, [...(marksPerCell.get(key) ?? []), item]);
  }
  const side = Math.max(2, Math.ceil(Math.sqrt(Math.max(board.rows, board.columns))));
  // Cells whose shading is dark: their numbers are drawn white.
  const dark = new Set(board.items.filter((i) => i.kind === 'shade' && DARK.has(i.style ?? '') && (i.value ?? 1) > 0.5).map((i) => `${i.row},${i.column}`));
  // Kakuro cells whose diagonal is drawn (one per cell with a sum, down or across).
  const split = new Set<string>();
  for (const item of board.items) {
    const x = xOf(item.column);
    const y = yOf(item.row);
    switch (item.kind) {
      case 'shade':
        layers.shade.append(
          el('rect', { x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL, fill: SHADES[item.style ?? ''] ?? '#9aa3ad', 'fill-opacity': item.value ?? 1 }),
        );
        break;
      case 'wall': {
        const vertical = item.column % 2 === 0;
        layers.walls.append(
          vertical
            ? el('line', { x1: x, x2: x, y1: y - CELL / 2, y2: y + CELL / 2, stroke: '#17202e', 'stroke-width': 3, 'stroke-linecap': 'square' })
            : el('line', { x1: x - CELL / 2, x2: x + CELL / 2, y1: y, y2: y, stroke: '#17202e', 'stroke-width': 3, 'stroke-linecap': 'square' }),
        );
        break;
      }
      case 'cage':
        layers.cages.append(cageOutline(item));
        layers.text.append(
          el('text', { x: x - CELL / 2 + 7, y: y - CELL / 2 + 14, 'font-size': 11, fill: '#17202e', class: 'cage-sum' }, item.text ?? ''),
        );
        break;
      case 'number': {
        const onDark = dark.has(`${item.row},${item.column}`);
        if (item.style === 'down' || item.style === 'across') {
          // A Kakuro clue: down in the lower left, across in the upper right, split by a diagonal.
          if (!split.has(`${item.row},${item.column}`)) {
            split.add(`${item.row},${item.column}`);
            layers.shade.append(el('line', { x1: x - CELL / 2, y1: y - CELL / 2, x2: x + CELL / 2, y2: y + CELL / 2, stroke: '#8a94a3', 'stroke-width': 1 }));
          }
          const down = item.style === 'down';
          layers.text.append(
            el('text', { x: down ? x - CELL / 4 : x + CELL / 4, y: down ? y + CELL / 3 : y - CELL / 8, 'text-anchor': 'middle', 'font-size': 13, fill: onDark ? '#ffffff' : '#17202e', class: `number ${item.style}` }, item.text ?? ''),
          );
          break;
        }
        layers.text.append(
          el(
            'text',
            {
              x,
              y: y + 9,
              'text-anchor': 'middle',
              'font-size': symbolOf(item.text ?? '').length > 2 ? 17 : 26,
              'font-weight': item.style === 'given' ? 700 : 400,
              fill: onDark ? '#ffffff' : item.style === 'given' ? '#17202e' : '#1d5fb8',
              class: `number ${item.style ?? ''}`,
            },
            symbolOf(item.text ?? ''),
          ),
        );
        break;
      }
      case 'candidate': {
        const marks = marksPerCell.get(`${item.row},${item.column}`) ?? [];
        const v = item.value ?? 0;
        const value = String(Math.round(v * 1e4) / 1e4);
        if (marks.length === 1 && v >= 1 - 1e-6) {
          // The LP's only value for the cell is 1: drawn as a solved number.
          layers.text.append(
            el('text', { x, y: y + 9, 'text-anchor': 'middle', 'font-size': 26, fill: '#1d5fb8', class: 'candidate solid', 'data-value': value }, symbolOf(item.text ?? '')),
          );
          break;
        }
        const k = Number(item.text) - 1;
        const slot = Number.isInteger(k) && k >= 0 ? k : marks.indexOf(item);
        const sx = x - CELL / 2 + ((slot % side) + 0.5) * (CELL / side);
        const sy = y - CELL / 2 + (Math.floor(slot / side) + 0.5) * (CELL / side);
        layers.marks.append(
          el('rect', { x: sx - CELL / side / 2, y: sy - CELL / side / 2, width: CELL / side, height: CELL / side, fill: '#e8a33d', 'fill-opacity': 0.15 + 0.6 * v }),
          el('text', { x: sx, y: sy + 4, 'text-anchor': 'middle', 'font-size': 10, fill: '#17202e', class: 'candidate', 'data-value': value }, symbolOf(item.text ?? '')),
        );
        break;
      }
      case 'line': {
        const relaxed = item.style === 'relaxed';
        layers.walls.append(
          el('line', {
            x1: x,
            y1: y,
            x2: xOf(item.to?.[1] ?? item.column),
            y2: yOf(item.to?.[0] ?? item.row),
            stroke: relaxed ? '#e8a33d' : '#1d5fb8',
            'stroke-opacity': relaxed ? 0.15 + 0.85 * (item.value ?? 1) : 1,
            'stroke-width': 4,
            'stroke-linecap': 'round',
          }),
        );
        break;
      }
      case 'dot':
        layers.text.append(el('circle', { cx: x, cy: y, r: 4, fill: '#17202e' }));
        break;
      case 'circle':
        if (item.style === 'star') {
          layers.text.append(el('path', { d: starPath(x, y, CELL / 2.6), fill: '#c78a00', stroke: '#17202e', 'stroke-width': 1, class: 'star', 'fill-opacity': item.value ?? 1 }));
        } else if (item.style === 'lamp') {
          layers.text.append(el('circle', { cx: x, cy: y, r: CELL / 3.2, fill: '#f4c430', stroke: '#17202e', 'stroke-width': 1.5, class: 'lamp', 'fill-opacity': item.value ?? 1 }));
        } else {
          layers.text.append(el('circle', { cx: x, cy: y, r: CELL / 3, fill: 'none', stroke: '#17202e', 'stroke-width': 2 }));
        }
        break;
      case 'outside':
        layers.text.append(el('text', { x, y: y + 6, 'text-anchor': 'middle', 'font-size': 16, fill: '#17202e' }, item.text ?? ''));
        break;
    }
  }
  // The outer border, under the lines. On a board of dots (Slitherlink) the border's
  // edges are the loop's to take, as any other: drawn as the grid, or a loop along the
  // border could not be told from the border.
  const dotted = board.items.some((item) => item.kind === 'dot');
  layers.walls.prepend(
    el('rect', {
      x: MARGIN,
      y: MARGIN,
      width: board.columns * CELL,
      height: board.rows * CELL,
      fill: 'none',
      stroke: dotted ? '#b9c0ca' : '#17202e',
      'stroke-width': dotted ? 1 : 3,
    }),
  );
  // The accessible grid: a transparent cell per cell, labelled.
  const cells = el('g', { class: 'cells' });
  const words = cellWords(board, symbolOf, boxes);
  for (let r = 0; r < board.rows; r++) {
    const row = el('g', { role: 'row' });
    for (let c = 0; c < board.columns; c++) {
      const said = words[r * board.columns + c]!;
      row.append(
        el('rect', {
          x: xOf(2 * c),
          y: yOf(2 * r),
          width: CELL,
          height: CELL,
          fill: 'transparent',
          role: 'gridcell',
          'aria-label': [`row ${r + 1}, column ${c + 1}`, ...said].join(', '),
        }),
      );
    }
    cells.append(row);
  }
  // What is drawn is said by the cells' names: the drawing itself is hidden from a screen
  // reader, which read its clues as loose text ("4 1 2 1 5 2") around the grid.
  for (const layer of Object.values(layers)) layer.setAttribute('aria-hidden', 'true');
  svg.append(layers.shade, layers.grid, layers.marks, layers.cages, layers.walls, layers.text, cells);
  return svg;
}

/**
 * Crops a board drawn by {@link renderBoard} to its grid and outer border (the margin
 * for outside clues left out) and lets it scale to its box, so it can lie exactly over
 * another drawing of the same grid: the Sudoku page's editor (board.ts, `showPicture`).
 *
 * @param svg a board drawn by {@link renderBoard}
 * @param board the board description it draws (its rows and columns)
 */
export function cropToGrid(svg: SVGSVGElement, board: Board): void {
  const border = 3; // the outer border's stroke width, half of it outside the grid
  svg.setAttribute('viewBox', `${MARGIN - border / 2} ${MARGIN - border / 2} ${board.columns * CELL + border} ${board.rows * CELL + border}`);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
}

/**
 * The board as SVG text, for a download.
 *
 * @param svg a board drawn by {@link renderBoard}
 * @returns a standalone SVG document (UTF-8 text), without what only the page sets on
 *   it (its `style`, such as the least width a large board scrolls at, `tabindex`, and
 *   the editor's cursor ring and selection tint)
 */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('style');
  copy.removeAttribute('tabindex');
  copy.querySelectorAll(':scope > g.cursor, :scope > g.selection').forEach((g) => g.remove());
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/**
 * The board as a PNG, drawn from its SVG at `scale` pixels per SVG unit.
 *
 * @param svg a board drawn by {@link renderBoard}
 * @param scale pixels per SVG unit (2 gives 96 px cells)
 * @returns the PNG bytes
 * @throws Error when the browser cannot draw the SVG into a canvas
 */
export async function pngBlob(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(Number(svg.getAttribute('width')) * scale);
    canvas.height = Math.round(Number(svg.getAttribute('height')) * scale);
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('this browser has no 2-D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas made no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
