// SPDX-License-Identifier: GPL-3.0-or-later
// The branch-and-bound tree rebuilt from recorded decisions (web/src/page/tree.ts),
// against real recorded solves of the WASM module. The rebuild checks itself against
// GLPK's node numbers; these tests add checks it does not make: the path from the root
// to the incumbent must agree with the solution (x = 1 exactly where the solution puts
// that digit), every branched node has one x = 1 and one x = 0 child, and the counts
// match the engine's.
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineFail, EngineOk, ModelKind, SolveResult } from '../../web/src/solver/protocol';
import type { GridmilpModule } from '../../web/src/solver/wasm';
import { rebuildTree, type SearchTree } from '../../web/src/page/tree';
import { hasSharedData, loadModule, readData, readOnePerLine } from './helpers';

let module: GridmilpModule;

beforeAll(async () => {
  module = await loadModule();
});

function solveRecorded(puzzle: string, model: ModelKind, objective?: unknown): SolveResult {
  const response = JSON.parse(
    module.handleRequest(
      JSON.stringify({
        type: 'solve',
        puzzle,
        options: { model, recordBranching: true },
        ...(objective ? { objective } : {}),
      }),
    ),
  ) as EngineOk<SolveResult> | EngineFail;
  if ('error' in response) throw new Error(JSON.stringify(response.error));
  return response.result;
}

/** Problems with the tree beyond what the rebuild checks itself. */
function treeProblems(tree: SearchTree, result: SolveResult): string[] {
  const problems: string[] = [];
  const { nodes } = tree;
  if (nodes.length !== result.stats.nodes) problems.push(`${nodes.length} nodes, GLPK ${result.stats.nodes}`);
  for (const n of nodes) {
    if (n.fate === 'branched') {
      const kinds = n.children.map((c) => nodes[c]!.branch).sort();
      if (kinds.join() !== 'down,up') problems.push(`node ${n.number} has children ${kinds.join()}`);
    } else if (n.children.length > 0) {
      problems.push(`leaf ${n.number} has children`);
    }
  }
  const used = new Set(nodes.flatMap((n) => [...(n.split === null ? [] : [n.split]), ...n.fixed]));
  if (used.size !== tree.decisions.length) problems.push(`${used.size} of ${tree.decisions.length} decisions used`);
  const incumbents = nodes.filter((n) => n.fate === 'incumbent');
  if (incumbents.length !== (result.incumbentNodes ?? []).length) {
    problems.push(`${incumbents.length} incumbents drawn, ${(result.incumbentNodes ?? []).length} recorded`);
  }
  // The path to the last incumbent must follow the solution.
  const last = incumbents.sort((a, b) => (b.visit ?? 0) - (a.visit ?? 0))[0];
  const n = result.size;
  const solution = result.solution ?? '';
  for (let node = last; node && node.parent !== null; node = nodes[node.parent]) {
    const parent = nodes[node.parent]!;
    const variable = tree.decisions[parent.split!]!.variable;
    const [r, c, d] = /^x\[(\d+),(\d+),(\d+)\]$/.exec(variable)!.slice(1).map(Number) as [number, number, number];
    const holds = solution[(r - 1) * n + (c - 1)] === String(d);
    if (holds !== (node.branch === 'up')) {
      problems.push(`node ${node.number} is the ${node.branch} child on ${variable}, but the solution says ${holds}`);
    }
  }
  return problems;
}

const top95 = readOnePerLine(readData('top95.txt'));
/**
 * A puzzle whose textbook search makes more than three decisions: line 7 of top95 (14),
 * or without it line 1 of gridmilp's own stand-in, the one it needs the most nodes for
 * (its line 7 makes only 2).
 */
const branchy = hasSharedData('top95.txt') ? top95[6]! : top95[0]!;

describe('rebuildTree against recorded solves', () => {
  for (const model of ['textbook', 'candidates', 'reduced'] as const) {
    it(`rebuilds every recorded search of top95, ${model} model, consistently with the solution`, () => {
      let branched = 0;
      let fixedDecisions = 0;
      for (const [i, puzzle] of top95.entries()) {
        const result = solveRecorded(puzzle, model);
        expect(result.status, `line ${i + 1}`).toBe('optimal');
        if (result.decidedBy === 'reduction') continue;
        const rebuilt = rebuildTree(result);
        if (!('tree' in rebuilt)) throw new Error(`line ${i + 1}: ${rebuilt.reason}`);
        expect(treeProblems(rebuilt.tree, result), `line ${i + 1}`).toEqual([]);
        if (result.branching!.length > 0) branched++;
        fixedDecisions += rebuilt.tree.nodes.reduce((s, n) => s + n.fixed.length, 0);
      }
      // Most of top95 branches; some decisions only fix a variable (one side infeasible).
      expect(branched).toBeGreaterThan(30);
      if (model === 'textbook') expect(fixedDecisions).toBeGreaterThan(0);
    });
  }

  it('draws the teaching page’s hard puzzle: x[8,8,6] = 1 is infeasible, x[2,1,4] = 1 below x = 0 solves it', () => {
    const hard = '.2.........69.27.5....43...5...9.3....73....8.8.....72.1..........8.94...5..6.2..';
    const result = solveRecorded(hard, 'textbook');
    const rebuilt = rebuildTree(result);
    if (!('tree' in rebuilt)) throw new Error(rebuilt.reason);
    const { nodes } = rebuilt.tree;
    expect(nodes).toHaveLength(5);
    const root = nodes[0]!;
    expect(rebuilt.tree.decisions[root.split!]!.variable).toBe('x[8,8,6]');
    const [down, up] = root.children.map((c) => nodes[c]!);
    expect(up!.branch).toBe('up');
    expect(up!.fate).toBe('infeasible');
    expect(down!.fate).toBe('branched');
    expect(rebuilt.tree.decisions[down!.split!]!.variable).toBe('x[2,1,4]');
    const [leafDown, leafUp] = down!.children.map((c) => nodes[c]!);
    expect(leafUp!.fate).toBe('incumbent');
    expect(leafDown!.fate).toBe('pruned');
  });

  it('says why when nothing was recorded or the record cannot be replayed', () => {
    const result = solveRecorded(branchy, 'textbook');
    expect(result.branching!.length).toBeGreaterThan(3);
    expect(rebuildTree({ ...result, branching: undefined })).toEqual({
      reason: 'The solve did not record its branching decisions.',
    });
    // A tampered node number does not replay.
    const tampered = result.branching!.map((d, i) => (i === 3 ? { ...d, node: d.node + 7 } : d));
    const rebuilt = rebuildTree({ ...result, branching: tampered });
    expect('reason' in rebuilt && rebuilt.reason).toMatch(/do not replay/);
  });

  it('does not draw a search with an objective (bound pruning is not recorded) and says so', () => {
    const result = solveRecorded(branchy, 'reduced', { preset: 'diagonal' });
    expect(result.branching!.length).toBeGreaterThan(0);
    const rebuilt = rebuildTree(result);
    expect('reason' in rebuilt && rebuilt.reason).toMatch(/^With an objective GLPK also prunes open nodes/);
  });
});
