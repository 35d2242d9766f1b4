// SPDX-License-Identifier: GPL-3.0-or-later
//
// The peers `npm run bench` compares gridmilp with (dev dependencies, used only here):
//   - glpk.js            GLPK 5.0 in WASM, driven through its JSON model interface;
//   - highs (highs-js)   HiGHS in WASM, driven through CPLEX LP text;
//   - @algorithm.ts/sudoku  a JavaScript dancing-links (exact cover) search — the
//                        specialised "speed of light", not a MILP.
// Both MILP peers get the textbook model (binary x[r,c,d]; one digit per cell, each
// digit once per row, column and box; givens fixed by bounds) with presolve on, built
// afresh for every puzzle — what a user of those packages writes. Each peer turns a
// puzzle string (row-major, '.' or '0' for an empty cell, symbols 1–9 then A–Z) into a
// solution string in the same alphabet, or null when it found none.

/** Symbols of an n×n grid, in order: 1–9 then A–Z (the parser's "digits" alphabet). */
function alphabet(n) {
  return '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, n);
}

/** Cell values (0 = empty, else 1..n) of a puzzle string. */
function values(givens, n) {
  const symbols = alphabet(n);
  return [...givens].map((ch) => symbols.indexOf(ch) + 1);
}

/** The textbook model's constraints as lists of [row, column, digit] triples (0-based). */
function textbookRows(n) {
  const box = Math.round(Math.sqrt(n));
  const rows = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const cell = [], row = [], col = [], blk = [];
      for (let k = 0; k < n; k++) {
        cell.push([a, b, k]); // cell (a,b) holds one digit
        row.push([a, k, b]); // digit b once in row a
        col.push([k, a, b]); // digit b once in column a
        const r = Math.floor(a / box) * box + Math.floor(k / box);
        const c = (a % box) * box + (k % box);
        blk.push([r, c, b]); // digit b once in box a
      }
      rows.push(cell, row, col, blk);
    }
  }
  return rows;
}

const name = (r, c, d) => `x_${r + 1}_${c + 1}_${d + 1}`;

/** Reads a solution string from a map of variable name → value. */
function decode(n, valueOf) {
  const symbols = alphabet(n);
  let out = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      let digit = -1;
      for (let d = 0; d < n; d++) if (valueOf(name(r, c, d)) > 0.5) digit = d;
      if (digit < 0) return null;
      out += symbols[digit];
    }
  }
  return out;
}

/** glpk.js: the JSON model (glpk.js README's LP interface), binaries, presolve on. */
export async function loadGlpkJs() {
  const { default: GLPK } = await import('glpk.js/node');
  const glpk = await GLPK();
  const rowsBySize = new Map();
  return {
    name: 'glpk.js',
    solve(givens, n, timeLimitMs) {
      if (!rowsBySize.has(n)) rowsBySize.set(n, textbookRows(n));
      const given = values(givens, n);
      const vars = [];
      const subjectTo = rowsBySize.get(n).map((triples, i) => ({
        name: `r${i}`,
        vars: triples.map(([r, c, d]) => ({ name: name(r, c, d), coef: 1 })),
        bnds: { type: glpk.GLP_FX, lb: 1, ub: 1 },
      }));
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          for (let d = 0; d < n; d++) vars.push(name(r, c, d));
          // A given is a row x[r,c,v] = 1 (glpk.js applies `binaries` after `bounds`,
          // which would undo a fixing by bounds).
          const v = given[r * n + c];
          if (v) {
            subjectTo.push({
              name: `given_${r + 1}_${c + 1}`,
              vars: [{ name: name(r, c, v - 1), coef: 1 }],
              bnds: { type: glpk.GLP_FX, lb: 1, ub: 1 },
            });
          }
        }
      }
      const lp = {
        name: 'sudoku',
        objective: { direction: glpk.GLP_MIN, name: 'zero', vars: [{ name: vars[0], coef: 0 }] },
        subjectTo,
        binaries: vars,
      };
      const options = { msglev: glpk.GLP_MSG_OFF, presol: true };
      if (timeLimitMs) options.tmlim = timeLimitMs / 1000;
      const result = glpk.solve(lp, options);
      const status = result.result.status;
      if (status !== glpk.GLP_OPT && status !== glpk.GLP_FEAS) return null;
      const x = result.result.vars;
      return decode(n, (v) => x[v]);
    },
  };
}

/** highs-js: the same model as CPLEX LP text, presolve on. */
export async function loadHighs() {
  const { default: highsLoader } = await import('highs');
  const highs = await highsLoader();
  const rowsBySize = new Map();
  return {
    name: 'highs-js',
    solve(givens, n, timeLimitMs) {
      if (!rowsBySize.has(n)) rowsBySize.set(n, textbookRows(n));
      const given = values(givens, n);
      const lines = ['Minimize', ' obj: 0 ' + name(0, 0, 0), 'Subject To'];
      rowsBySize.get(n).forEach((triples, i) => {
        lines.push(` r${i}: ` + triples.map(([r, c, d]) => name(r, c, d)).join(' + ') + ' = 1');
      });
      lines.push('Bounds');
      const all = [];
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) {
          const v = given[r * n + c];
          for (let d = 0; d < n; d++) {
            all.push(name(r, c, d));
            if (v) lines.push(` ${name(r, c, d)} = ${v === d + 1 ? 1 : 0}`);
          }
        }
      }
      lines.push('Binary', ' ' + all.join(' '), 'End');
      const options = { presolve: 'on', output_flag: false };
      if (timeLimitMs) options.time_limit = timeLimitMs / 1000;
      const result = highs.solve(lines.join('\n'), options);
      if (result.Status !== 'Optimal') return null;
      return decode(n, (v) => result.Columns[v]?.Primal ?? 0);
    },
  };
}

/** @algorithm.ts/sudoku: dancing links; its boards use -1 for empty and 0..n-1 for digits. */
export async function loadDancingLinks() {
  const { SudokuSolver } = await import('@algorithm.ts/sudoku');
  const solvers = new Map();
  return {
    name: 'JS dancing links',
    solve(givens, n) {
      if (!solvers.has(n)) solvers.set(n, new SudokuSolver({ childMatrixWidth: Math.round(Math.sqrt(n)) }));
      const board = values(givens, n).map((v) => v - 1);
      const solution = new Array(n * n).fill(-1);
      if (!solvers.get(n).solve(board, solution)) return null;
      const symbols = alphabet(n);
      return solution.map((d) => symbols[d]).join('');
    },
  };
}

/** Every peer, loaded, with its load time and the first solve left to the caller. */
export async function loadPeers() {
  const peers = [];
  for (const load of [loadGlpkJs, loadHighs, loadDancingLinks]) {
    const t0 = performance.now();
    const peer = await load();
    peer.loadMs = performance.now() - t0;
    peers.push(peer);
  }
  return peers;
}

const loaders = { 'glpk.js': loadGlpkJs, 'highs-js': loadHighs, 'JS dancing links': loadDancingLinks };

/**
 * Solves puzzles with one peer in a worker thread, each under a time limit in ms that
 * the main thread enforces by terminating the worker (dancing links has no limit of its
 * own; the MILP peers get theirs too, and overshoot). Resolves with one entry per
 * puzzle: { us, solution } or { us: limitMs * 1000, stopped: true }.
 */
export async function solveIsolated(peerName, puzzles, n, limitMs) {
  const { Worker } = await import('node:worker_threads');
  const results = [];
  while (results.length < puzzles.length) {
    const start = results.length;
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { peerName, puzzles: puzzles.slice(start).map((p) => p.givens), n, limitMs },
    });
    await new Promise((resolve) => {
      let timer = null;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          results.push({ us: limitMs * 1000, stopped: true });
          void worker.terminate().then(resolve);
        }, limitMs + 2000);
      };
      worker.on('message', (m) => {
        if (m.ready) return arm();
        results.push(m);
        if (results.length === puzzles.length) {
          clearTimeout(timer);
          void worker.terminate().then(resolve);
        } else arm();
      });
      worker.on('error', (e) => {
        clearTimeout(timer);
        throw e;
      });
    });
  }
  return results;
}

// Worker-thread side of solveIsolated.
const { isMainThread, parentPort, workerData } = await import('node:worker_threads');
if (!isMainThread && workerData?.peerName) {
  const peer = await loaders[workerData.peerName]();
  parentPort.postMessage({ ready: true });
  for (const givens of workerData.puzzles) {
    const t0 = performance.now();
    const solution = peer.solve(givens, workerData.n, workerData.limitMs);
    const us = (performance.now() - t0) * 1000;
    parentPort.postMessage(solution ? { us, solution } : { us, stopped: true });
  }
}
