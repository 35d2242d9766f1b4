// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The embed page's query string (embed.html): the puzzle state of urlstate.ts with the
 * panels and read-only flag, what it cannot use, and the URL and `<iframe>` snippet the
 * Embed dialog writes. Apart from urlstate.ts so that the main page's first solve does
 * not download it. Pure functions, no DOM.
 */
import { MODEL_KINDS, SOLVE_METHODS } from '../solver/protocol';
import { OBJECTIVES, STATE_PARAMETERS, badStateReason, optionProblems, pick, queryText, readState, satCannotSolve, stateParams, unknownParameters, type UrlState } from './urlstate';

/** The panels of the embed page, in display order. */
export const PANELS = ['board', 'model', 'relaxation', 'progress', 'tree'] as const;

/** A panel of the embed page. */
export type Panel = (typeof PANELS)[number];

/** What the embed page is told by its URL. */
export interface EmbedState extends UrlState {
  panels: Panel[];
  readonly: boolean;
}

/**
 * The embed page's state from its query string: the puzzle state (an empty 9×9 board
 * when none is named), `panels` (a comma list, default `board`; the board is always
 * shown) and `readonly=1`.
 */
export function readEmbed(params: URLSearchParams): EmbedState {
  const state = readState(params) ?? {
    size: 9,
    givens: '.'.repeat(81),
    model: pick(params.get('model'), MODEL_KINDS, 'textbook'),
    method: pick(params.get('method'), SOLVE_METHODS, 'branch-and-bound'),
    objective: pick(params.get('obj'), OBJECTIVES, 'none'),
  };
  const asked = (params.get('panels') ?? 'board').split(',').map((s) => s.trim());
  const panels = PANELS.filter((p) => p === 'board' || asked.includes(p));
  // `readonly` alone (no value) is a flag, as an HTML attribute is.
  const ro = params.get('readonly')?.trim().toLowerCase();
  const out = { ...state, panels, readonly: ro === '' || ro === '1' || ro === 'true' || ro === 'yes' };
  return needsBranchAndBound(out) ? { ...out, method: 'branch-and-bound' } : out;
}

/**
 * Why an embed state cannot be solved by CNF-SAT: what the main page's link cannot
 * (satCannotSolve: an objective, the packing model), or the tree panel (the
 * branch-and-bound tree); null when it can.
 */
function branchAndBoundNeed(state: Pick<EmbedState, 'panels' | 'objective' | 'model'>): string | null {
  return satCannotSolve(state) ?? (state.panels.includes('tree') ? 'the tree panel' : null);
}

/** True when `state` asks for CNF-SAT with what it cannot solve (branchAndBoundNeed). */
function needsBranchAndBound(state: EmbedState): boolean {
  return state.method === 'sat' && branchAndBoundNeed(state) !== null;
}

/**
 * Why the view of `state` solves by branch-and-bound though the page chose CNF-SAT (the
 * tree panel, an objective, the packing model), for the Embed dialog to say; null when
 * it keeps CNF-SAT or was not asked for it.
 */
export function satGivenWay(state: EmbedState): string | null {
  return state.method === 'sat' ? branchAndBoundNeed(state) : null;
}

/** The parameters the embed page reads (readEmbed), for embedProblems' message. */
const EMBED_PARAMETERS = [...STATE_PARAMETERS, 'panels', 'readonly'] as const;

/**
 * What the embed page cannot use in its query string, one message per parameter, so
 * that a teacher's mistyped link is told rather than quietly replaced by a default.
 *
 * @param params the embed page's query parameters
 * @returns `puzzle`: why `p` (or `bd`) with `n` names no usable puzzle (badStateReason,
 *   or an `n` that is not a number), else null; `options`: each other parameter not
 *   understood, e.g. "panels: 'boerd' is not a panel (board, model, relaxation, progress,
 *   tree)", "model=superfast: not one of textbook, candidates, reduced, probed; textbook
 *   is used" or "method=sat: the tree panel needs branch-and-bound, which is used"
 */
export function embedProblems(params: URLSearchParams): { puzzle: string | null; options: string[] } {
  const options: string[] = [];
  let puzzle: string | null = null;
  const n = params.get('n');
  const named = params.get('p') !== null ? 'p' : 'bd';
  if (n !== null && (!/^\d{1,2}$/.test(n.trim()) || Number(n) < 1)) puzzle = `n=${n}: not a side length (a number such as 9)`;
  else if (badStateReason(params) !== null) puzzle = `${named}: ${badStateReason(params)}`;
  options.push(...unknownParameters(params, EMBED_PARAMETERS, 'this view'));
  const unknownPanels = (params.get('panels') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !(PANELS as readonly string[]).includes(s));
  for (const panel of unknownPanels) options.push(`panels: '${panel}' is not a panel (${PANELS.join(', ')})`);
  const ro = params.get('readonly');
  if (ro !== null && !['', '1', 'true', 'yes', '0', 'false', 'no'].includes(ro.trim().toLowerCase())) {
    options.push(`readonly=${ro}: write readonly=1 for a board that cannot be edited; the board can be edited`);
  }
  options.push(...optionProblems(params));
  const asked = readEmbed(params);
  const need = params.get('method') === 'sat' ? branchAndBoundNeed(asked) : null;
  if (need !== null) {
    options.push(`method=sat: ${need} needs branch-and-bound, which is used`);
  }
  const sym = params.get('sym');
  if (sym !== null && sym !== 'hex') options.push(`sym=${sym}: the one value is hex (a 16×16 in 0–F)`);
  else if (sym === 'hex' && puzzle === null && readEmbed(params).size !== 16) {
    options.push(`sym=hex: only a 16×16 is shown in 0–F; this puzzle is ${readEmbed(params).size}×${readEmbed(params).size}`);
  }
  return { puzzle, options };
}

/**
 * The absolute URL of the embed page showing `state`.
 *
 * @param base the embed page's URL, e.g. `new URL('embed.html', location.href)`
 */
export function embedUrl(base: URL | string, state: EmbedState): string {
  const url = new URL(base);
  // CNF-SAT records no tree and optimises nothing: such a view solves by branch-and-bound.
  const params = stateParams(needsBranchAndBound(state) ? { ...state, method: 'branch-and-bound' } : state);
  params.set('panels', state.panels.join(','));
  if (state.readonly) params.set('readonly', '1');
  url.search = queryText(params);
  url.hash = '';
  return url.toString();
}

/** HTML-escape `text` for an attribute value in double quotes. */
function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The embed page's height after a solve at the snippet's width (32rem), px: the board with
 * Solve and the status line, then what each panel adds (measured in Chromium at 512 and
 * 360 px wide, eighteenth session; 360 + 140 a panel left Solve below the frame). The
 * tree's 450: the teaching page's hard puzzle (two branchings) grew to 1,360 px with
 * board, relaxation, progress and tree, where 250 had given 1,165; the model's 750: board
and model grew to 1,332 px after Solve, every panel to 2,118 (thirty-fourth session). A
 * frame 360 px wide is taller (every panel, solved: 2,333 px, where the sum gave 2,115;
 * board, progress and tree at 512 px: 26 px over; thirty-sixth session), so each panel
 * has room for it: a little blank at 512 px rather than a scroll bar inside the frame.
 * The tree's 600: a teacher's frame of board, progress and tree grew to 1,336 px after
 * Solve where the snippet said 1,310, and the node list now shows 11rem, not 8
 * (forty-seventh session).
 */
const EMBED_HEIGHT_PX: Record<Panel, number> = { board: 640, model: 860, relaxation: 165, progress: 160, tree: 600 };

/** The `<iframe>` snippet that embeds `state`, for pasting into another site's HTML. */
export function embedSnippet(base: URL | string, state: EmbedState): string {
  // A 25×25 needs 506 px of board at its smallest cells (embed.css): 34rem and 48 px more height.
  const large = state.size > 20;
  const height = state.panels.reduce((sum, panel) => (panel === 'board' ? sum : sum + EMBED_HEIGHT_PX[panel]), EMBED_HEIGHT_PX.board + (large ? 48 : 0));
  return `<iframe src="${escapeAttribute(embedUrl(base, state))}" title="Grid puzzles as MILPs (gridmilp)" width="100%" height="${height}" style="border:0;max-width:${large ? 34 : 32}rem" loading="lazy"></iframe>`;
}
