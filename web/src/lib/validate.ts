// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Option checks of the npm package, done in TypeScript before a request reaches
 * WebAssembly: names (an unknown one is refused, with the closest known name as a
 * hint), types and ranges. The engine checks again; these give earlier, clearer errors.
 */
import { MODEL_KINDS, SOLVE_METHODS, type PuzzleFields } from '../solver/protocol.js';
import { invalidOption } from './errors.js';
import { describe, MAX_SIZE } from './grid.js';

/** Largest `limit` of an enumerate request (protocol.md). */
export const MAX_ENUMERATE = 100_000;
/** Largest seed (a 32-bit unsigned integer). */
export const MAX_SEED = 4_294_967_295;
/** Largest time limit in ms the engine takes (a signed 32-bit integer: about 24.8 days). */
export const MAX_TIME_LIMIT_MS = 2_147_483_647;

type Check = (value: unknown, field: string) => void;

const wholeNumber =
  (min: number, max: number, unit = ''): Check =>
  (v, field) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw invalidOption(
        field,
        `Option '${field}' must be a whole number${unit} from ${min} to ${max}, not ${describe(v)}.`,
      );
    }
  };

const oneOf =
  (values: readonly string[]): Check =>
  (v, field) => {
    if (typeof v !== 'string' || !values.includes(v)) {
      throw invalidOption(
        field,
        `Option '${field}' must be one of ${values.map((x) => `"${x}"`).join(', ')}, not ${describe(v)}.`,
      );
    }
  };

const boolean: Check = (v, field) => {
  if (typeof v !== 'boolean') {
    throw invalidOption(field, `Option '${field}' must be true or false, not ${describe(v)}.`);
  }
};

const checkObjective: Check = (v, field) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw invalidOption(
      field,
      `Option 'objective' must be { preset: "diagonal" | "firstRow" } or { sense, weights }, not ${describe(v)}.`,
    );
  }
  const o = v as Record<string, unknown>;
  if ('preset' in o) {
    onlyKeys(o, ['preset'], 'objective');
    oneOf(['diagonal', 'firstRow'])(o.preset, 'objective.preset');
    return;
  }
  onlyKeys(o, ['sense', 'weights'], 'objective');
  oneOf(['maximize', 'minimize'])(o.sense, 'objective.sense');
  const weights = o.weights;
  if (!Array.isArray(weights) || weights.length === 0) {
    throw invalidOption(
      'objective.weights',
      `Option 'objective.weights' must be an array of n·n numbers (flat or as n rows), not ${describe(weights)}.`,
    );
  }
  weights.forEach((w: unknown, i) => {
    const row = Array.isArray(w) ? (w as unknown[]) : [w];
    row.forEach((x, j) => {
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        const at = Array.isArray(w) ? `[${i}][${j}]` : `[${i}]`;
        throw invalidOption(
          'objective.weights',
          `objective.weights${at} must be a finite number, not ${describe(x)}.`,
        );
      }
    });
  });
};

const checkDebug: Check = (v, field) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw invalidOption(field, `Option 'debug' must be an object, not ${describe(v)}.`);
  }
  onlyKeys(v as Record<string, unknown>, ['forceGlpkError'], 'debug');
  const force = (v as Record<string, unknown>).forceGlpkError;
  if (force !== undefined) boolean(force, 'debug.forceGlpkError');
};

/** Every option the API knows, with its check. */
export const CHECKS: Record<string, Check> = {
  size: (v, field) => {
    if (v !== 'auto') wholeNumber(1, MAX_SIZE)(v, field);
  },
  boxHeight: wholeNumber(1, MAX_SIZE),
  boxWidth: wholeNumber(1, MAX_SIZE),
  symbols: oneOf(['auto', 'digits', 'hex', 'numbers']),
  timeLimitMs: wholeNumber(0, MAX_TIME_LIMIT_MS, ' of ms'),
  presolve: boolean,
  model: oneOf(MODEL_KINDS),
  method: oneOf(SOLVE_METHODS),
  branching: oneOf(['auto', 'dth', 'mfv', 'ffv', 'lfv', 'pch']),
  backtracking: oneOf(['blb', 'dfs', 'bfs', 'bph']),
  recordBranching: boolean,
  explain: boolean,
  progressIntervalMs: (v, field) => {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw invalidOption(field, `Option '${field}' must be a number of ms ≥ 0, not ${describe(v)}.`);
    }
  },
  objective: checkObjective,
  debug: checkDebug,
  limit: wholeNumber(1, MAX_ENUMERATE),
  seed: wholeNumber(0, MAX_SEED),
  givens: wholeNumber(0, MAX_SIZE * MAX_SIZE),
  symmetry: oneOf(['none', 'rot180', 'mirror']),
  format: oneOf(['lp', 'mps']),
  /** A genre's exportModel: solve first and write the model with its cuts. */
  afterCuts: boolean,
};

/** The MILP options every solving method takes. */
const MILP_COMMON = ['timeLimitMs', 'presolve', 'model', 'method', 'branching', 'backtracking', 'progressIntervalMs', 'explain'] as const;

/** The options that go into the request's `options` object (the rest are top-level fields). */
export const MILP_OPTION_NAMES = [...MILP_COMMON, 'recordBranching'] as const;

/** The puzzle fields of protocol.md. */
export const PUZZLE_FIELD_NAMES = ['size', 'boxHeight', 'boxWidth', 'symbols'] as const;

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) {
      throw invalidOption(
        `${path}.${key}`,
        `Unknown field '${key}' in option '${path}'${closestName(key, allowed)}; its fields are: ${allowed.join(', ')}.`,
      );
    }
  }
}

/**
 * ` (did you mean 'x'?)` for the closest allowed name, or '' when none is close (by
 * prefix, or edit distance at most max(2, a third of the name's length)).
 *
 * @param name the option name given
 * @param allowed the names the call takes
 */
export function closestName(name: string, allowed: readonly string[]): string {
  const lower = name.toLowerCase();
  let best = '';
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const c = candidate.toLowerCase();
    const d = c.startsWith(lower) || lower.startsWith(c) ? 1 : editDistance(lower, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? ` (did you mean '${best}'?)` : '';
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Check the options object of one API call.
 *
 * @param method the method's name, for messages
 * @param options what the caller passed (undefined and null mean none)
 * @param allowed the option names this method takes
 * @param arraySize the side length when the puzzle came as a 2-D array: `size` must then
 *   be absent, `"auto"` or equal, `symbols` absent, `"auto"` or `"digits"`; the result
 *   gets `size` and `symbols: "digits"`
 * @returns the options with `undefined` values dropped
 * @throws GridmilpError `invalid_option` (with `where.field`) for a non-object, an
 *   unknown name (with the closest known one as a hint), a wrong type or range, a size
 *   that differs from the array's, or a box shape that does not fit the size
 */
export function checkOptions(
  method: string,
  options: unknown,
  allowed: readonly string[],
  arraySize?: number,
): Record<string, unknown> {
  // No options: none to check, but a puzzle array still gives its size (a 5×5 array
  // passed alone was read as text whose size it could not tell).
  if (options === undefined || options === null) return arraySize === undefined ? {} : { size: arraySize, symbols: 'digits' };
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw invalidOption('options', `The options of ${method} must be an object, not ${describe(options)}.`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    if (!allowed.includes(key)) {
      throw invalidOption(
        key,
        `Unknown option '${key}' for ${method}${closestName(key, allowed)}; its options are: ${allowed.join(', ')}.`,
      );
    }
    if (value === undefined) continue;
    CHECKS[key]!(value, key);
    out[key] = value;
  }
  if (arraySize !== undefined) {
    if (typeof out.size === 'number' && out.size !== arraySize) {
      throw invalidOption(
        'size',
        `Option 'size' is ${out.size} but the puzzle array is ${arraySize}×${arraySize}.`,
      );
    }
    if (out.symbols !== undefined && out.symbols !== 'auto' && out.symbols !== 'digits') {
      throw invalidOption(
        'symbols',
        `Option 'symbols' (${String(out.symbols)}) applies to puzzle text; a puzzle array holds numbers.`,
      );
    }
    out.size = arraySize;
    out.symbols = 'digits';
  }
  checkShape(out);
  if (typeof out.givens === 'number' && typeof out.size === 'number' && out.givens > out.size ** 2) {
    throw invalidOption(
      'givens',
      `Option 'givens' is ${out.givens}, more than the ${out.size ** 2} cells of a ${out.size}×${out.size} puzzle.`,
    );
  }
  return out;
}

/** A box shape needs a size, and boxHeight·boxWidth must equal it. */
function checkShape(o: PuzzleFields): void {
  const { size, boxHeight: h, boxWidth: w } = o;
  if (h === undefined && w === undefined) return;
  const field = h !== undefined ? 'boxHeight' : 'boxWidth';
  if (typeof size !== 'number') {
    throw invalidOption(field, `A box shape needs a size: set option 'size' too (e.g. size: 6, boxHeight: 2, boxWidth: 3).`);
  }
  const hh = h ?? size / w!;
  const ww = w ?? size / h!;
  if (!Number.isInteger(hh) || !Number.isInteger(ww) || hh * ww !== size) {
    throw invalidOption(
      field,
      `A ${h ?? '?'}×${w ?? '?'} box does not tile a ${size}×${size} puzzle: boxHeight × boxWidth must equal the size.`,
    );
  }
}

/** The names of the options every method takes, by method. */
export const OPTIONS_OF = {
  parse: [...PUZZLE_FIELD_NAMES],
  solve: [...PUZZLE_FIELD_NAMES, ...MILP_OPTION_NAMES, 'objective', 'debug'],
  solveMany: [...PUZZLE_FIELD_NAMES, ...MILP_COMMON, 'objective'],
  checkUniqueness: [...PUZZLE_FIELD_NAMES, ...MILP_COMMON],
  enumerate: [...PUZZLE_FIELD_NAMES, ...MILP_COMMON, 'limit'],
  explainInfeasible: [
    ...PUZZLE_FIELD_NAMES,
    'timeLimitMs',
    'presolve',
    'branching',
    'backtracking',
    'progressIntervalMs',
    'method',
    'limit',
  ],
  complete: [...PUZZLE_FIELD_NAMES, ...MILP_COMMON, 'seed'],
  generate: ['size', 'boxHeight', 'boxWidth', 'seed', 'givens', 'symmetry', 'timeLimitMs', 'method'],
  relax: [...PUZZLE_FIELD_NAMES, 'model'],
  exportModel: [...PUZZLE_FIELD_NAMES, 'format', 'model', 'objective'],
} as const satisfies Record<string, readonly string[]>;
