// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the WASM tests: load the real module from web/generated/ (Node cannot fetch
// the .wasm, so its bytes are passed as wasmBinary), read the Sudoku test sets (the
// shared ones when present, else gridmilp's own stand-ins: see tests/common/test-data.ts),
// and check Sudoku solutions independently of the engine.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GridmilpModule, GridmilpModuleFactory } from '../../web/src/solver/wasm';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const generated = `${repoRoot}web/generated/`;

/** The Sudoku test sets, shared or stand-in; `hasSharedData` guards set-specific facts. */
export { dataPath, hasSharedData, readData, sharedDataDir } from '../common/test-data';

/**
 * The modules in web/generated/: `gridmilp_wasm`, the page's first-solve module, and
 * `gridmilp_wasm_sat`, the same with the SAT method.
 */
export type ModuleName = 'gridmilp_wasm' | 'gridmilp_wasm_sat';

/** The glue's factory, imported from web/generated/ (throws a clear error when unbuilt). */
export async function importFactory(name: ModuleName = 'gridmilp_wasm'): Promise<GridmilpModuleFactory> {
  const glue = `${generated}${name}.js`;
  if (!existsSync(glue)) {
    throw new Error(`${glue} is missing: build the WASM module first (npm run build).`);
  }
  const mod = (await import(/* @vite-ignore */ pathToFileURL(glue).href)) as {
    default: GridmilpModuleFactory;
  };
  return mod.default;
}

/** The .wasm bytes of a built module. */
export function wasmBinary(name: ModuleName = 'gridmilp_wasm'): Uint8Array {
  return readFileSync(`${generated}${name}.wasm`);
}

/** Instantiate a fresh module (output silenced unless GRIDMILP_TEST_VERBOSE is set). */
export async function loadModule(name: ModuleName = 'gridmilp_wasm'): Promise<GridmilpModule> {
  const create = await importFactory(name);
  const verbose = Boolean(process.env.GRIDMILP_TEST_VERBOSE);
  return create({
    wasmBinary: wasmBinary(name),
    print: verbose ? (t) => console.log(t) : () => undefined,
    printErr: verbose ? (t) => console.error(t) : () => undefined,
  });
}

/** Canonical symbols: value 1 → `1`, …, 9 → `9`, 10 → `A`, …, 35 → `Z`. */
export const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Problems with a claimed solution of an n×n puzzle with h×w boxes, checked without the
 * engine: n·n canonical symbols of 1…n, every row, column and box a permutation of them,
 * every given kept.
 *
 * @param givens n·n characters, canonical symbols for givens, anything else for empty
 * @param solution the claimed solution
 * @param n side length (default 9)
 * @param h box height (default: 3 for 9, else the most square shape with h ≤ w)
 * @param w box width (n / h)
 * @returns an empty array when the solution is valid
 */
export function solutionProblemsN(
  givens: string,
  solution: string | undefined,
  n: number,
  h = defaultBoxHeight(n),
  w = n / h,
): string[] {
  const alphabet = SYMBOLS.slice(0, n);
  const sorted = [...alphabet].sort().join('');
  if (typeof solution !== 'string' || solution.length !== n * n || [...solution].some((ch) => !alphabet.includes(ch))) {
    return [`not ${n * n} symbols of ${alphabet}: ${String(solution)}`];
  }
  const problems: string[] = [];
  const at = (r: number, c: number): string => solution[r * n + c]!;
  const units: Array<[string, Array<[number, number]>]> = [];
  for (let i = 0; i < n; i++) {
    units.push([`row ${i + 1}`, Array.from({ length: n }, (_, j) => [i, j] as [number, number])]);
    units.push([`column ${i + 1}`, Array.from({ length: n }, (_, j) => [j, i] as [number, number])]);
    const br = Math.floor(i / (n / w)) * h;
    const bc = (i % (n / w)) * w;
    units.push([
      `box ${i + 1}`,
      Array.from({ length: n }, (_, j) => [br + Math.floor(j / w), bc + (j % w)] as [number, number]),
    ]);
  }
  for (const [name, cells] of units) {
    const symbols = cells.map(([r, c]) => at(r, c)).sort().join('');
    if (symbols !== sorted) problems.push(`${name} holds ${symbols}`);
  }
  for (let i = 0; i < n * n; i++) {
    const g = givens[i]!;
    if (alphabet.includes(g) && solution[i] !== g) {
      problems.push(`given ${g} at row ${Math.floor(i / n) + 1}, column ${(i % n) + 1} changed`);
    }
  }
  return problems;
}

/** The engine's default box height for n: the most square shape with h ≤ w. */
export function defaultBoxHeight(n: number): number {
  let h = Math.floor(Math.sqrt(n));
  while (n % h !== 0) h--;
  return h;
}

/**
 * Problems with a claimed 9×9 solution (see {@link solutionProblemsN}).
 *
 * @param givens 81 characters, digits 1–9 for givens, anything else for empty
 * @returns an empty array when the solution is valid
 */
export function solutionProblems(givens: string, solution: string | undefined): string[] {
  return solutionProblemsN(givens, solution, 9, 3, 3);
}

/** Project Euler 96 files as [name, 81-char givens] pairs, read here without the engine. */
export function readEuler96(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('Grid')) {
      out.push([line.trim(), lines.slice(i + 1, i + 10).join('').replace(/0/g, '.')]);
    }
  }
  return out;
}

/** One puzzle per line files as 81-char givens (`.` for empty). */
export function readOnePerLine(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => l.replace(/[0]/g, '.'));
}
