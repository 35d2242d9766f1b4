// SPDX-License-Identifier: GPL-3.0-or-later
// Shared by the WASM tests: load the real module from web/generated/ (Node cannot fetch
// the .wasm, so its bytes are passed as wasmBinary), read shared test data, and check
// Sudoku solutions independently of the engine.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GridmilpModule, GridmilpModuleFactory } from '../../web/src/solver/wasm';

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const generated = `${repoRoot}web/generated/`;
/** The shared test data folder (beside the repository; never copied into it). */
export const dataDir = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/** Read a file of ../shared/data/ as text. */
export function readData(name: string): string {
  return readFileSync(`${dataDir}${name}`, 'utf8');
}

/** The glue's factory, imported from web/generated/ (throws a clear error when unbuilt). */
export async function importFactory(): Promise<GridmilpModuleFactory> {
  const glue = `${generated}gridmilp_wasm.js`;
  if (!existsSync(glue)) {
    throw new Error(`${glue} is missing: build the WASM module first (npm run build).`);
  }
  const mod = (await import(/* @vite-ignore */ pathToFileURL(glue).href)) as {
    default: GridmilpModuleFactory;
  };
  return mod.default;
}

/** The .wasm bytes of the built module. */
export function wasmBinary(): Uint8Array {
  return readFileSync(`${generated}gridmilp_wasm.wasm`);
}

/** Instantiate a fresh module (output silenced unless GRIDMILP_TEST_VERBOSE is set). */
export async function loadModule(): Promise<GridmilpModule> {
  const create = await importFactory();
  const verbose = Boolean(process.env.GRIDMILP_TEST_VERBOSE);
  return create({
    wasmBinary: wasmBinary(),
    print: verbose ? (t) => console.log(t) : () => undefined,
    printErr: verbose ? (t) => console.error(t) : () => undefined,
  });
}

/**
 * Problems with a claimed solution, checked without the engine: 81 digits 1–9, every
 * row, column and 3×3 box a permutation of 1–9, every given kept.
 *
 * @param givens 81 characters, digits 1–9 for givens, anything else for empty
 * @returns an empty array when the solution is valid
 */
export function solutionProblems(givens: string, solution: string | undefined): string[] {
  const problems: string[] = [];
  if (typeof solution !== 'string' || !/^[1-9]{81}$/.test(solution)) {
    return [`not 81 digits 1-9: ${String(solution)}`];
  }
  const at = (r: number, c: number): string => solution[r * 9 + c]!;
  const units: Array<[string, Array<[number, number]>]> = [];
  for (let i = 0; i < 9; i++) {
    units.push([`row ${i + 1}`, Array.from({ length: 9 }, (_, j) => [i, j] as [number, number])]);
    units.push([`column ${i + 1}`, Array.from({ length: 9 }, (_, j) => [j, i] as [number, number])]);
    const br = Math.floor(i / 3) * 3;
    const bc = (i % 3) * 3;
    units.push([
      `box ${i + 1}`,
      Array.from({ length: 9 }, (_, j) => [br + Math.floor(j / 3), bc + (j % 3)] as [number, number]),
    ]);
  }
  for (const [name, cells] of units) {
    const digits = cells.map(([r, c]) => at(r, c)).sort().join('');
    if (digits !== '123456789') problems.push(`${name} holds ${digits}`);
  }
  for (let i = 0; i < 81; i++) {
    const g = givens[i]!;
    if (g >= '1' && g <= '9' && solution[i] !== g) {
      problems.push(`given ${g} at row ${Math.floor(i / 9) + 1}, column ${(i % 9) + 1} changed`);
    }
  }
  return problems;
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
