// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The model panel: the textbook Sudoku MILP typeset with KaTeX (bundled, no network)
 * for the current size n and box shape h×w, with the model's size as built and, after a
 * solve, as solved. Each constraint family can be hovered or focused; the page then
 * highlights the cells that family's first constraint ties together.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';
import type { SolveResult } from '../solver/protocol';
import type { Shape } from './format';

/** A constraint family of the formulation, named as GLPK's exports name its rows. */
export type Family = 'cell' | 'row' | 'column' | 'box' | 'givens';

/**
 * The 0-based cell indices (`row * n + column`) tied together by the first constraint
 * of a family: cell(1,1); row 1; column 1; box 1 (the top-left h×w box); or, for the
 * givens, every given cell.
 *
 * @param family the constraint family
 * @param shape size n and box shape h×w
 * @param givens n·n canonical characters (`.` empty), used for `givens` only
 */
export function familyCells(family: Family, shape: Shape, givens = ''): number[] {
  const { size: n, boxHeight: h, boxWidth: w } = shape;
  const out: number[] = [];
  switch (family) {
    case 'cell':
      return [0];
    case 'row':
      for (let c = 0; c < n; c++) out.push(c);
      return out;
    case 'column':
      for (let r = 0; r < n; r++) out.push(r * n);
      return out;
    case 'box':
      for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) out.push(r * n + c);
      return out;
    case 'givens':
      for (let i = 0; i < givens.length && i < n * n; i++) if (givens[i] !== '.') out.push(i);
      return out;
  }
}

/** Render TeX to KaTeX HTML (errors are drawn in red, never thrown). */
function tex(source: string, display = false): string {
  return katex.renderToString(source, { displayMode: display, throwOnError: false, output: 'html' });
}

/** What the panel says about the model sizes. */
export interface ModelSizes {
  /** The model actually solved: its name, columns and rows; absent before a solve. */
  solved?: { model: string; columns: number; rows: number; decidedBy?: string };
}

/** The panel's sizes after a solve: the model solved and its columns and rows. */
export function solvedSizes(result: SolveResult): ModelSizes {
  return {
    solved: {
      model: result.model ?? 'textbook',
      columns: result.stats.columns,
      rows: result.stats.rows,
      ...(result.decidedBy ? { decidedBy: result.decidedBy } : {}),
    },
  };
}

/**
 * Fill `container` with the typeset formulation for `shape`.
 *
 * @param container the panel element (emptied)
 * @param shape size n and box shape h×w
 * @param sizes the model sizes after a solve (optional)
 * @param onFamily called with a family when one is hovered or focused, `null` on leave
 */
export function renderFormulation(
  container: HTMLElement,
  shape: Shape,
  sizes: ModelSizes,
  onFamily: (family: Family | null) => void,
): void {
  const { size: n, boxHeight: h, boxWidth: w } = shape;
  const parts: string[] = [];
  parts.push(
    `<p class="f-sets">${tex(`N = \\{1,\\dots,${n}\\}`)} (rows, columns, digits, boxes); box ${tex('b')} is the ${h}×${w} block ${tex(`B_b`)}.</p>`,
  );
  parts.push(
    `<p class="f-vars">${tex(`x_{r,c,d} \\in \\{0,1\\} \\quad (r,c,d \\in N)`)}: cell (r, c) holds d.</p>`,
  );
  parts.push(`<p class="f-obj">${tex('\\min\\; 0 \\quad\\text{(feasibility)}', false)}</p>`);
  const families: [Family, string, string][] = [
    ['cell', 'cell(r,c)', `\\sum_{d \\in N} x_{r,c,d} = 1 \\quad \\forall r,c \\in N`],
    ['row', 'row(r,d)', `\\sum_{c \\in N} x_{r,c,d} = 1 \\quad \\forall r,d \\in N`],
    ['column', 'column(c,d)', `\\sum_{r \\in N} x_{r,c,d} = 1 \\quad \\forall c,d \\in N`],
    ['box', 'box(b,d)', `\\sum_{(r,c) \\in B_b} x_{r,c,d} = 1 \\quad \\forall b,d \\in N`],
    ['givens', 'givens', `x_{r,c,g_{r,c}} = 1 \\quad \\text{for each given } g_{r,c}`],
  ];
  parts.push('<ul class="f-families">');
  for (const [family, name, body] of families) {
    parts.push(
      `<li tabindex="0" data-family="${family}"><span class="f-name">${name}</span> ${tex(body)}</li>`,
    );
  }
  parts.push('</ul>');
  const built = `As built (textbook): ${n ** 3} variables, ${4 * n * n} constraints (${n}³ and 4·${n}²).`;
  const s = sizes.solved;
  const solved = s
    ? s.decidedBy === 'reduction'
      ? `As solved: the ${s.model} model reduction decided it; GLPK got ${s.columns} variables, ${s.rows} constraints.`
      : `As solved (${s.model}): ${s.columns} variables, ${s.rows} constraints.`
    : '';
  parts.push(`<p class="f-sizes">${built}${solved ? `<br />${solved}` : ''}</p>`);
  container.innerHTML = parts.join('');
  for (const li of container.querySelectorAll<HTMLElement>('[data-family]')) {
    const family = li.dataset.family as Family;
    li.addEventListener('mouseenter', () => onFamily(family));
    li.addEventListener('focus', () => onFamily(family));
    li.addEventListener('mouseleave', () => onFamily(null));
    li.addEventListener('blur', () => onFamily(null));
  }
}
