// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers of the type tests (url-types.ts, solve-many-types.ts): compiled by `npm run
// typecheck` (tests/package/tsconfig.json), never run.

/** True when A and B are the same type. */
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when T is true: `assertType<Equals<typeof x, Expected>>()`. */
export function assertType<T extends true>(): T | void {}
