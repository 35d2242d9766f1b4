// SPDX-License-Identifier: GPL-3.0-or-later
//
// Protocol requests through the native CLI (`gridmilp-cli request -`, one JSON request a
// line; cpp/app/protocol.md), for the scripts that make test data and bench sets.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The native CLI (bash scripts/build.sh builds it), or the one $GRIDMILP_CLI names. */
export const cli = process.env.GRIDMILP_CLI ?? `${root}build/native-release/gridmilp-cli`;

/**
 * Answers one request (a protocol request object without `id`) with one CLI process,
 * synchronously, for the test-data generators' loops.
 *
 * @param {object} request e.g. `{ type: 'checkUniqueness', genre: 'akari', puzzle }`
 * @returns {{ result?: object, error?: { code: string, message: string } }} its response
 * @throws when the CLI gives no response (its exit code and standard error)
 */
export function cliRequestSync(request) {
  const run = spawnSync(cli, ['request', '-'], { input: JSON.stringify({ ...request, id: 1 }), encoding: 'utf8' });
  const line = run.stdout?.split('\n').find((l) => l.startsWith('{"id":1,"result"') || l.startsWith('{"id":1,"error"'));
  if (line === undefined) throw new Error(`gridmilp-cli request failed (exit code ${run.status}): ${run.stderr ?? run.error}`);
  return JSON.parse(line);
}

/**
 * Answers `requests` (protocol request objects without `id`) with `processes` CLI
 * processes, each taking a contiguous share, and returns their results in input order.
 * Progress messages are skipped.
 *
 * @param {object[]} requests e.g. `{ type: 'generate', seed: 7 }`
 * @param {number} [processes] CLI processes at once (default 1)
 * @returns {Promise<object[]>} each request's `result`
 * @throws when a CLI process fails or a request is answered with an error (its index
 *   and the error)
 */
export async function cliRequests(requests, processes = 1) {
  const messages = await cliMessages(requests, processes);
  const refused = messages.findIndex((m) => m.error);
  if (refused >= 0) throw new Error(`request ${refused}: ${JSON.stringify(messages[refused].error)}`);
  return messages.map((m) => m.result);
}

/**
 * As {@link cliRequests}, but a request answered with an error is not a failure: returns
 * each request's response, `{ result }` or `{ error }` (protocol.md), in input order.
 *
 * @param {object[]} requests protocol request objects without `id`
 * @param {number} [processes] CLI processes at once (default 1)
 * @returns {Promise<Array<{ result?: object, error?: { code: string, message: string } }>>}
 * @throws when a CLI process fails (an exit code other than 0, 1 or 2, or an unreadable
 *   or missing response)
 */
export async function cliMessages(requests, processes = 1) {
  const share = Math.ceil(requests.length / Math.max(1, processes)) || 1;
  const runs = [];
  for (let from = 0; from < requests.length; from += share) runs.push(run(requests.slice(from, from + share)));
  return (await Promise.all(runs)).flat();
}

/** One CLI process for `requests`: their responses in order. */
function run(requests) {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ['request', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const messages = [];
    let pending = '';
    let stderr = '';
    let failed = null;
    /** One line of the CLI's output: a response, or progress (skipped). */
    const take = (line) => {
      if (!line.startsWith('{')) return;
      try {
        const message = JSON.parse(line);
        if (message.error || message.result) messages[message.id] = message;
      } catch (e) {
        failed ??= new Error(`gridmilp-cli request: unreadable output line (${e.message}): ${line.slice(0, 200)}`);
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) take(line);
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      take(pending);
      // Exit codes 1 and 2: some request had no solution, or was refused (its response
      // says so).
      if (failed) reject(failed);
      else if (code === null || code > 2) reject(new Error(`gridmilp-cli request exited with ${code}: ${stderr}`));
      else if (messages.length !== requests.length || messages.includes(undefined)) reject(new Error('gridmilp-cli request: missing responses'));
      else resolve(messages);
    });
    child.stdin.end(requests.map((r, i) => JSON.stringify({ ...r, id: i })).join('\n') + '\n');
  });
}
