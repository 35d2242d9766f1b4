// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The gridmilp protocol, typed once for the page, the worker and the tests, split by
 * concern under `protocol/`:
 * - `vocabulary.ts`: the closed sets of words (statuses, models, methods, formats,
 *   error codes) and the protocol version;
 * - `requests.ts` and `results.ts`: the engine's JSON (`cpp/app/protocol.md`, protocol
 *   version 2) — keep them in step with it; the genre route's JSON is in `genre.ts`;
 * - `responses.ts`: reply envelopes, errors and `SolverError`;
 * - `worker-messages.ts`: the page ↔ worker message set built on top of them.
 *
 * This module gathers them so that callers import from one place.
 */
export * from './protocol/vocabulary.js';
export * from './protocol/requests.js';
export * from './protocol/results.js';
export * from './protocol/responses.js';
export * from './protocol/worker-messages.js';
export * from './protocol/spreadsheets.js';
export type { GenreId, GenreInfo } from './genre.js';
