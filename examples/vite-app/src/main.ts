// SPDX-License-Identifier: GPL-3.0-or-later
// The page: sends the puzzle to the worker and draws the answer. The worker is created
// the way Vite detects workers: new Worker(new URL(...), { type: 'module' }).
import type { ReadyMessage, ReplyMessage, SolveMessage } from './messages';

const puzzle = document.querySelector<HTMLTextAreaElement>('#puzzle')!;
const button = document.querySelector<HTMLButtonElement>('#solve')!;
const status = document.querySelector<HTMLParagraphElement>('#status')!;
const table = document.querySelector<HTMLTableElement>('#grid')!;

const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
let nextId = 1;

function show(text: string, isError = false): void {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

function draw(givens: number[][], solution: number[][]): void {
  table.replaceChildren(
    ...solution.map((row, r) => {
      const tr = document.createElement('tr');
      row.forEach((value, c) => {
        const td = document.createElement('td');
        td.textContent = String(value);
        if (givens[r]?.[c]) td.className = 'given';
        tr.append(td);
      });
      return tr;
    }),
  );
}

worker.onmessage = (event: MessageEvent<ReadyMessage | ReplyMessage>) => {
  const m = event.data;
  if ('ready' in m) {
    if (m.ready) {
      button.disabled = false;
      button.textContent = 'Solve';
      show(`Ready (${m.version}).`);
    } else {
      button.textContent = 'Solver unavailable';
      show(`The solver could not be loaded: ${m.error}`, true);
    }
    return;
  }
  button.disabled = false;
  if ('error' in m) {
    table.replaceChildren();
    show(`${m.error.code}: ${m.error.message}`, true);
  } else if (m.solutionGrid) {
    draw(m.givensGrid, m.solutionGrid);
    show(`Status ${m.status}: solved in ${m.totalMs.toFixed(1)} ms, ${m.nodes} branch-and-bound nodes.`);
  } else {
    table.replaceChildren();
    show(`Status ${m.status}: no solution.`, m.status !== 'infeasible');
  }
};

button.addEventListener('click', () => {
  button.disabled = true;
  show('Solving…');
  const message: SolveMessage = { id: nextId++, puzzle: puzzle.value };
  worker.postMessage(message);
});
