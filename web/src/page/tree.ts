// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The branch-and-bound tree of a solve recorded with `options.recordBranching`: rebuilt
 * from the recorded decisions, then listed in visiting order and drawn as an SVG.
 *
 * The engine records each branching decision (the node that branched, its parent, its
 * depth, the variable and its LP value) and the nodes where an incumbent was found, but
 * not the leaves nor which child a node is. A recorded run backtracks depth-first
 * (cpp/app/protocol.md), so GLPK's visiting order follows from the decisions: after a
 * branching it solves the x = 1 child (the second one it creates), after a leaf the most
 * recently created open node. GLPK numbers nodes from a stack of free numbers (20 at
 * first, then doubling, ascending; a discarded node's number is pushed back on top, and
 * a parent is discarded with its last child). {@link rebuildTree} replays that and
 * accepts the rebuild only if every recorded node number, parent number and depth comes
 * out the same, every recorded decision is used and the node count is GLPK's.
 *
 * One thing is not recorded and is searched for: a decision that did not split its node
 * (GLPK saw that one side was infeasible and fixed the variable instead; `stats.nodes` says
 * how many such decisions there were). Models with an objective are not rebuilt: GLPK
 * then also discards open nodes by bound, which the record does not show.
 *
 * The main page fetches this module on the first Solve that records the tree; its styles
 * are in tree.css.
 */
import type { BranchDecision, SolveResult } from '../solver/protocol';
import { grouped, plural } from './format';
import './tree.css';

/** What happened to a node of the tree. */
export type NodeFate =
  /** Its LP was fractional: it branched into an x = 1 and an x = 0 child. */
  | 'branched'
  /** Its LP relaxation had no solution (with an objective: or could not beat the incumbent). */
  | 'infeasible'
  /** Its LP solution was integral: a new incumbent. */
  | 'incumbent'
  /** Never solved: the search ended first (the incumbent was proven optimal). */
  | 'pruned'
  /** Not branched, outcome unknown: a time limit or Stop ended the search. */
  | 'open';

/** One node of the rebuilt tree. */
export interface TreeNode {
  /** Index in {@link SearchTree.nodes} (creation order; the root is 0). */
  id: number;
  /** GLPK's node number (reused after a node is discarded). */
  number: number;
  /** The parent's id, `null` for the root. */
  parent: number | null;
  /** Which child of the parent: `up` (x = 1) or `down` (x = 0); `null` for the root. */
  branch: 'up' | 'down' | null;
  /** Level, root = 0. */
  depth: number;
  fate: NodeFate;
  /** The decision (index into the result's `branching`) that split this node. */
  split: number | null;
  /** Decisions that did not split it: GLPK fixed the variable (one side was infeasible). */
  fixed: number[];
  /** Children's ids: [down, up] once split. */
  children: number[];
  /** 1-based position in GLPK's visiting order, `null` when never solved. */
  visit: number | null;
}

/** A rebuilt search tree. */
export interface SearchTree {
  /** All nodes GLPK created, the root first. */
  nodes: TreeNode[];
  /** The decisions it was rebuilt from. */
  decisions: BranchDecision[];
  /** Whether the model had an objective (leaves may then be pruned by bound). */
  objective: boolean;
}

/** The outcome of {@link rebuildTree}: a tree, or why there is none. */
export type TreeRebuild = { tree: SearchTree } | { reason: string };

/** Most decisions the engine records; a run that reaches it is not drawn. */
export const MAX_RECORDED_DECISIONS = 500;

interface SimNode {
  number: number;
  parent: number;
  branch: 'up' | 'down' | null;
  depth: number;
  fate: NodeFate | null;
  split: number | null;
  fixed: number[];
  children: number[];
  alive: number;
  visit: number | null;
}

interface SimState {
  free: number[];
  slots: number;
  nodes: SimNode[];
  /** Open nodes in creation order (GLPK's active list). */
  active: number[];
  /** The next decision to match. */
  k: number;
  /** The node GLPK solves next (the x = 1 child after a split), or -1. */
  next: number;
  splitsLeft: number;
  fixesLeft: number;
  /** The next incumbent (index into incumbentNodes) to find. */
  incumbent: number;
  visits: number;
}

function cloneState(s: SimState): SimState {
  return {
    ...s,
    free: [...s.free],
    active: [...s.active],
    nodes: s.nodes.map((n) => ({ ...n, fixed: [...n.fixed], children: [...n.children] })),
  };
}

/** GLPK's get_slot: pop a free number; when none is left, add 20 (then double) ascending. */
function allocate(s: SimState): number {
  if (s.free.length === 0) {
    const old = s.slots;
    s.slots = old === 0 ? 20 : old * 2;
    for (let p = old + 1; p <= s.slots; p++) s.free.push(p);
  }
  return s.free.shift()!;
}

function create(s: SimState, parent: number, branch: 'up' | 'down' | null): number {
  const id = s.nodes.length;
  s.nodes.push({
    number: allocate(s),
    parent,
    branch,
    depth: parent < 0 ? 0 : s.nodes[parent]!.depth + 1,
    fate: null,
    split: null,
    fixed: [],
    children: [],
    alive: 0,
    visit: null,
  });
  if (parent >= 0) {
    s.nodes[parent]!.alive++;
    s.nodes[parent]!.children.push(id);
  }
  s.active.push(id);
  return id;
}

/** GLPK's ios_delete_node: free the number, and the parent's once its last child is gone. */
function discard(s: SimState, id: number): void {
  let node = id;
  for (;;) {
    const n = s.nodes[node]!;
    s.free.unshift(n.number);
    if (n.parent < 0) return;
    const parent = s.nodes[n.parent]!;
    parent.alive--;
    if (parent.alive > 0) return;
    node = n.parent;
  }
}

/**
 * Rebuild the search tree of a solve recorded with `options.recordBranching`.
 *
 * @param result the solve result (`branching`, `incumbentNodes`, `stats.nodes`, `status`,
 *   `objective`)
 * @returns the tree, or a sentence saying why it cannot be rebuilt (nothing recorded,
 *   more than {@link MAX_RECORDED_DECISIONS} decisions, or no replay matches the record)
 */
export function rebuildTree(result: SolveResult): TreeRebuild {
  const decisions = result.branching;
  if (!decisions) return { reason: 'The solve did not record its branching decisions.' };
  if (result.decidedBy === 'reduction') {
    return { reason: 'The model reduction decided the puzzle: GLPK built no tree.' };
  }
  if (decisions.length >= MAX_RECORDED_DECISIONS) {
    return {
      reason: `The search made more than ${MAX_RECORDED_DECISIONS} decisions: only the first ${MAX_RECORDED_DECISIONS} were recorded, too many to draw.`,
    };
  }
  // A genre's rounds of cuts: the record and its tree are the last round's.
  const lastRound = (result.stats as { lastRoundNodes?: number }).lastRoundNodes;
  const total = lastRound ?? result.stats.nodes;
  const incumbents = result.incumbentNodes ?? [];
  const objective = result.objective !== undefined;
  if (objective) {
    // With an objective GLPK also discards open nodes by bound after each incumbent,
    // which the record does not show: a replay could match the node numbers and still
    // be wrong (seen on top95), so no tree is drawn.
    return {
      reason:
        'With an objective GLPK also prunes open nodes by their bound, which the record does not show: the tree is not drawn; the decisions below are exact.',
    };
  }
  if (incumbents.length > 1) {
    return { reason: 'GLPK recorded more than one incumbent for a feasibility model: the tree is not drawn.' };
  }
  const finished = result.status === 'optimal' || result.status === 'infeasible';
  if (total < 1 || (total - 1) % 2 !== 0 || (total - 1) / 2 > decisions.length) {
    return { reason: `GLPK counted ${plural(total, 'node')}, which ${plural(decisions.length, 'recorded decision')} cannot produce: the tree is not drawn.` };
  }
  const splits = (total - 1) / 2;
  const start: SimState = {
    free: [],
    slots: 0,
    nodes: [],
    active: [],
    k: 0,
    next: -1,
    splitsLeft: splits,
    fixesLeft: decisions.length - splits,
    incumbent: 0,
    visits: 0,
  };
  create(start, -1, null);

  const matches = (s: SimState, id: number): boolean => {
    const d = decisions[s.k];
    if (!d) return false;
    const n = s.nodes[id]!;
    const parentNumber = n.parent < 0 ? 0 : s.nodes[n.parent]!.number;
    return d.node === n.number && d.parent === parentNumber && d.depth === n.depth;
  };

  // Depth-first replay; a choice point copies the state. The check at the top of the
  // loop (the next decision must be made at an open node) cuts wrong choices at once.
  let budget = 200_000;
  const run = (s: SimState): SimState | null => {
    for (;;) {
      if (--budget < 0) return null;
      if (s.k < decisions.length && !s.active.some((id) => matches(s, id))) return null;
      if (s.active.length === 0) {
        return s.k === decisions.length && s.incumbent === incumbents.length ? s : null;
      }
      if (s.k === decisions.length && !finished && s.incumbent === incumbents.length) {
        // Stopped by a time limit or Stop: what happened after the last decision is unknown.
        for (const id of s.active) s.nodes[id]!.fate = 'open';
        s.active = [];
        continue;
      }
      const id = s.next >= 0 ? s.next : s.active[s.active.length - 1]!;
      s.next = -1;
      const node = s.nodes[id]!;
      if (node.visit === null) node.visit = ++s.visits;
      if (matches(s, id)) {
        if (s.fixesLeft > 0) {
          const alt = cloneState(s);
          alt.nodes[id]!.fixed.push(alt.k);
          alt.k++;
          alt.fixesLeft--;
          alt.next = id; // GLPK solves the same node again
          if (s.splitsLeft > 0) {
            const done = run(splitNode(s, id));
            if (done) return done;
          }
          s = alt;
          continue;
        }
        if (s.splitsLeft === 0) return null;
        s = splitNode(s, id);
        continue;
      }
      s.active.splice(s.active.indexOf(id), 1);
      if (s.k === decisions.length && incumbents.length === 1 && incumbents[0] === node.number) {
        // The search ends here: what is left open cannot beat the incumbent (objective 0).
        node.fate = 'incumbent';
        s.incumbent++;
        for (const open of s.active) s.nodes[open]!.fate = 'pruned';
        s.active = [];
        continue;
      }
      node.fate = 'infeasible';
      discard(s, id);
    }
  };
  const splitNode = (s: SimState, id: number): SimState => {
    const node = s.nodes[id]!;
    node.fate = 'branched';
    node.split = s.k;
    s.k++;
    s.splitsLeft--;
    s.active.splice(s.active.indexOf(id), 1);
    create(s, id, 'down'); // GLPK's first clone is the x = 0 branch,
    s.next = create(s, id, 'up'); // the second the x = 1 branch, solved next
    return s;
  };

  const done = run(start);
  if (!done || done.nodes.length !== total) {
    return {
      reason:
        'The recorded decisions do not replay as a depth-first search of GLPK’s: the tree is not drawn (the list of decisions is still exact).',
    };
  }
  return {
    tree: {
      decisions,
      objective,
      nodes: done.nodes.map((n, id) => ({
        id,
        number: n.number,
        parent: n.parent < 0 ? null : n.parent,
        branch: n.branch,
        depth: n.depth,
        fate: n.fate ?? 'open',
        split: n.split,
        fixed: n.fixed,
        children: n.children,
        visit: n.visit,
      })),
    },
  };
}

/** `x[8,8,6] = 1` for the edge into `node` (empty for the root). */
export function edgeLabel(tree: SearchTree, node: TreeNode): string {
  if (node.parent === null) return '';
  const parent = tree.nodes[node.parent]!;
  const d = parent.split === null ? null : tree.decisions[parent.split];
  return d ? `${d.variable} = ${node.branch === 'up' ? 1 : 0}` : '';
}

function fateText(tree: SearchTree, node: TreeNode): string {
  switch (node.fate) {
    case 'branched': {
      const d = tree.decisions[node.split!]!;
      return `LP value of ${d.variable} is ${formatLp(d.lpValue)}: branch, x = 1 first`;
    }
    case 'infeasible':
      return tree.objective ? 'fathomed: LP infeasible or no better than the incumbent' : 'LP infeasible: dead end';
    case 'incumbent':
      return 'LP solution integral: incumbent';
    case 'pruned':
      return 'not solved: the incumbent is already optimal';
    case 'open':
      return 'outcome unknown: the search was stopped';
  }
}

/**
 * A node's label: its place in the order GLPK created the nodes (the root 1). GLPK's own
 * numbers are reused once a node is discarded, so two nodes of one tree may share one.
 */
export function nodeLabel(node: TreeNode): number {
  return node.id + 1;
}

/** " [GLPK's node 4]" where GLPK's number differs from the label, else "". */
function glpkNumber(node: TreeNode): string {
  return node.number === nodeLabel(node) ? '' : ` [GLPK's node ${node.number}]`;
}

function formatLp(x: number): string {
  return String(Math.round(x * 1000) / 1000);
}

/**
 * One sentence per node in GLPK's visiting order, e.g. `node 3 (x[1,4,7] = 1): LP value
 * of x[2,5,9] is 0.5: branch, x = 1 first`; nodes never solved come last.
 */
export function describeVisits(tree: SearchTree): { node: TreeNode; text: string }[] {
  const visited = tree.nodes.filter((n) => n.visit !== null).sort((a, b) => a.visit! - b.visit!);
  const rest = tree.nodes.filter((n) => n.visit === null);
  return [...visited, ...rest].map((node) => {
    const via = node.parent === null ? 'root' : edgeLabel(tree, node);
    const fixes = node.fixed
      .map((k) => `${tree.decisions[k]!.variable} fixed first (one side infeasible); `)
      .join('');
    return { node, text: `node ${nodeLabel(node)}${glpkNumber(node)} (${via}): ${fixes}${fateText(tree, node)}` };
  });
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Horizontal room per leaf and vertical room per level of the drawing, px. */
const LEAF_GAP = 30;
const LEVEL_GAP = 58;
const MARGIN = 24;

/**
 * Draw `tree` as an SVG: levels top to bottom, the x = 1 child left of the x = 0 child,
 * each edge labelled `= 1` / `= 0` and each branching node with its variable; the shape
 * and colour of a node show its fate (`data-fate`). Every node has a `<title>` with its
 * whole story. The SVG has its natural size (scroll its container for large trees).
 */
export function drawTree(tree: SearchTree): SVGSVGElement {
  const { nodes } = tree;
  const x = new Array<number>(nodes.length).fill(0);
  let leaves = 0;
  const place = (id: number): void => {
    const n = nodes[id]!;
    if (n.children.length === 0) {
      x[id] = MARGIN + leaves * LEAF_GAP;
      leaves++;
      return;
    }
    const ordered = [...n.children].sort((a, b) => (nodes[a]!.branch === 'up' ? -1 : 0) - (nodes[b]!.branch === 'up' ? -1 : 0));
    for (const c of ordered) place(c);
    x[id] = (x[ordered[0]!]! + x[ordered[ordered.length - 1]!]!) / 2;
  };
  place(0);
  // Not Math.max(...): a tree of some 100,000 nodes would pass as many arguments and overflow the stack.
  const depth = nodes.reduce((most, n) => Math.max(most, n.depth), 0);
  const width = Math.max(MARGIN * 2 + (leaves - 1) * LEAF_GAP, 160) + 40;
  const height = MARGIN * 2 + depth * LEVEL_GAP + 14;
  const y = (n: TreeNode): number => MARGIN + n.depth * LEVEL_GAP;
  const root = svg('svg', {
    class: 'bnb-tree',
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: 'img',
    'aria-label': `Branch-and-bound tree: ${nodes.length} nodes, ${tree.decisions.length} decisions`,
    'data-root-x': x[0]!,
  });
  const edges = svg('g', { class: 'tree-edges' });
  const labels = svg('g', { class: 'tree-labels' });
  const shapes = svg('g', { class: 'tree-nodes' });
  for (const n of nodes) {
    if (n.parent === null) continue;
    const p = nodes[n.parent]!;
    const edge = svg('line', {
      x1: x[p.id]!,
      y1: y(p),
      x2: x[n.id]!,
      y2: y(n),
      'data-branch': n.branch ?? '',
    });
    edge.append(svg('title', {}, edgeLabel(tree, n)));
    edges.append(edge);
    const mx = (x[p.id]! + x[n.id]!) / 2;
    const my = (y(p) + y(n)) / 2;
    labels.append(
      svg(
        'text',
        { x: mx + (n.branch === 'up' ? -4 : 4), y: my, 'text-anchor': n.branch === 'up' ? 'end' : 'start', class: 'edge-label' },
        `=${n.branch === 'up' ? 1 : 0}`,
      ),
    );
  }
  const stories = describeVisits(tree);
  const story = new Map(stories.map((s) => [s.node.id, s.text]));
  for (const n of nodes) {
    const g = svg('g', {
      class: 'tree-node',
      'data-fate': n.fate,
      'data-node': n.number,
      transform: `translate(${x[n.id]!} ${y(n)})`,
    });
    g.append(svg('title', {}, story.get(n.id) ?? ''));
    switch (n.fate) {
      case 'branched':
        g.append(svg('circle', { r: 9 }));
        g.append(svg('text', { y: 3.5, 'text-anchor': 'middle', class: 'node-number' }, String(nodeLabel(n))));
        if (n.split !== null) {
          g.append(
            svg('text', { y: -13, 'text-anchor': 'middle', class: 'node-variable' }, tree.decisions[n.split]!.variable),
          );
        }
        break;
      case 'incumbent':
        g.append(svg('polygon', { points: starPoints(11, 5) }));
        break;
      case 'infeasible':
        g.append(svg('rect', { x: -6, y: -6, width: 12, height: 12 }));
        g.append(svg('path', { d: 'M -4 -4 L 4 4 M 4 -4 L -4 4', class: 'cross' }));
        break;
      default:
        g.append(svg('circle', { r: 5 }));
    }
    shapes.append(g);
  }
  root.append(edges, labels, shapes);
  return root;
}

function starPoints(outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(' ');
}

/**
 * Fill `container` with the search tree of a recorded solve: a one-line summary, the
 * legend, the drawing (scrollable) and the visiting order as a list. When the tree cannot
 * be rebuilt, the summary says why and the list shows the decisions as recorded.
 *
 * @param container the tree panel's body (emptied)
 * @param result a solve result with `branching`
 */
export function renderTree(container: HTMLElement, result: SolveResult): void {
  const rebuilt = rebuildTree(result);
  const decisions = result.branching ?? [];
  const summary = document.createElement('p');
  summary.className = 'tree-summary';
  const list = document.createElement('ol');
  list.className = 'tree-list';
  const parts: HTMLElement[] = [summary];
  if ('tree' in rebuilt) {
    const { tree } = rebuilt;
    const count = (fate: NodeFate): number => tree.nodes.filter((n) => n.fate === fate).length;
    const bits = [
      `${tree.nodes.length} node${tree.nodes.length === 1 ? '' : 's'}`,
      `${decisions.length} decision${decisions.length === 1 ? '' : 's'}`,
      `${count('infeasible')} ${tree.objective ? 'fathomed' : 'infeasible'}`,
      `${count('incumbent')} incumbent${count('incumbent') === 1 ? '' : 's'}`,
    ];
    if (count('pruned')) bits.push(`${count('pruned')} not needed`);
    if (count('open')) bits.push(`${count('open')} not solved (stopped)`);
    // A genre's rounds of cuts: the tree is the last round's, the status counts all.
    const stats = result.stats as { rounds?: number; lastRoundNodes?: number; nodes: number };
    const ofRounds =
      stats.lastRoundNodes !== undefined && stats.rounds !== undefined
        ? ` This is the last of ${grouped(stats.rounds)} rounds of cuts; all the rounds together took ${plural(stats.nodes, 'node')}.`
        : '';
    summary.textContent =
      (decisions.length === 0
        ? 'The root LP was integral: no branching, the tree is the root alone.'
        : `Branch-and-bound tree: ${bits.join(', ')}. GLPK solves the x = 1 child first and backtracks depth-first. Nodes are numbered in the order GLPK created them.`) +
      ofRounds;
    const legend = document.createElement('p');
    legend.className = 'tree-legend';
    legend.innerHTML =
      '<span data-fate="branched">● branched (its number; the variable above it)</span> ' +
      '<span data-fate="infeasible">■ LP infeasible</span> ' +
      '<span data-fate="incumbent">★ incumbent</span> ' +
      '<span data-fate="pruned">○ not solved</span>';
    const scroller = document.createElement('div');
    scroller.className = 'tree-scroll';
    scroller.tabIndex = 0;
    scroller.setAttribute('aria-label', 'Branch-and-bound tree drawing (scrolls)');
    const drawing = drawTree(tree);
    scroller.append(drawing);
    parts.push(legend, scroller);
    // Start with the root in view (a wide tree opens scrolled to its top centre).
    requestAnimationFrame(() => {
      scroller.scrollLeft = Number(drawing.dataset.rootX) - scroller.clientWidth / 2;
    });
    for (const { node, text } of describeVisits(tree)) {
      const li = document.createElement('li');
      li.dataset.node = String(node.number);
      li.dataset.fate = node.fate;
      if (node.split !== null) li.dataset.decision = String(node.split + 1);
      li.textContent = text;
      list.append(li);
    }
  } else {
    summary.textContent = rebuilt.reason;
    decisions.forEach((d, i) => {
      const li = document.createElement('li');
      li.dataset.decision = String(i + 1);
      li.textContent = `node ${d.node} (depth ${d.depth}, parent ${d.parent || 'none'}): branch on ${d.variable}, LP value ${formatLp(d.lpValue)}; x = 1 first`;
      list.append(li);
    });
  }
  const listHeading = document.createElement('h4');
  listHeading.textContent = 'In the order GLPK solved them';
  if (list.children.length > 0) parts.push(listHeading, list);
  container.replaceChildren(...parts);
}
