// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Sudoku page's state in its address: the puzzle, model, method and objective (a
 * weighted one with its weights and direction) are
 * written into the location hash as they change (urlstate.ts encodes them) and read
 * back on load, on Back/Forward and when the hash is edited.
 */
import { OBJECTIVES, STATE_PARAMETERS, badStateReason, cannotUseSentence, optionProblems, readGenreHash, readHash, readState, satCannotSolve, stateHash, unknownParameters, type UrlState } from '../urlstate';
import { SHAPES, plural } from '../format';
import { messageOf } from '../shared';
import { clashStatus } from '../clashes';
import type { Page } from './page';

/** Keeps the location and the page in step. */
export class UrlSync {
  /** True while the page applies a location (its own changes must not be written back). */
  private restoring = false;

  /** @param page the page whose state the location carries */
  constructor(private readonly page: Page) {
    window.addEventListener('popstate', () => this.restore(false));
    window.addEventListener('hashchange', () => this.restore(false));
  }

  /** The puzzle and options that a link carries. */
  state(): UrlState {
    const { board, settings, el } = this.page;
    const objective = OBJECTIVES.find((o) => o === el.objectiveSelect.value) ?? 'none';
    return {
      size: board.size,
      givens: board.getGivens(),
      model: settings.model(),
      method: settings.method(),
      objective,
      ...(objective === 'weighted' ? { weights: settings.weights, minimize: el.weightsSense.value === 'minimize' } : {}),
      ...(board.hexSymbols ? { symbols: 'hex' as const } : {}),
    };
  }

  /** Write the state into the location hash: a new history entry when `push`. */
  sync(push: boolean): void {
    if (this.restoring) return;
    const hash = stateHash(this.state());
    if (hash === location.hash) return;
    const url = `${location.pathname}${location.search}${hash}`;
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
  }

  /**
   * Apply the state named by the location: the hash, else (on the first load) `?bd=`.
   * Without either, an empty 9×9 board (nothing at all on a fresh page).
   */
  restore(first: boolean): void {
    const { board, jobs, settings, el } = this.page;
    // A genre page's address is the genre page's (main.ts reads it on load).
    if (readGenreHash(location.hash) !== null) return;
    let state = readHash(location.hash);
    const search = new URLSearchParams(location.search);
    if (state === null && first && search.has('bd')) {
      state = readState(search);
      if (state) history.replaceState(null, '', `${location.pathname}${stateHash(state)}`);
    }
    if (state === null) {
      const bad = badStateReason(new URLSearchParams(location.hash.replace(/^#/, '')));
      const badQuery = first ? badStateReason(search) : null;
      if (bad !== null || badQuery !== null) {
        jobs.setStatus(`The link's puzzle cannot be read: ${bad ?? badQuery}. The board is kept.`, 'error');
        return;
      }
      if (first) return; // a fresh page: nothing to restore
      state = { size: 9, givens: '.'.repeat(81), model: 'textbook', method: 'branch-and-bound', objective: 'none' };
    }
    // A model, method or objective the link names but no page has: said, not replaced in
    // silence. CNF-SAT finds any solution: a link's objective, or the packing model (which
    // maximises), is solved by branch-and-bound, and the link is told so (as the embed's is).
    const linked = new URLSearchParams(location.hash.replace(/^#/, ''));
    const unused = optionProblems(linked);
    // A mistyped name ("modle=reduced") or one given twice is said too, as the embed says it.
    unused.push(...unknownParameters(linked, STATE_PARAMETERS, "this page's links"));
    const satNeed = state.method === 'sat' ? satCannotSolve(state) : null;
    if (satNeed !== null) {
      unused.push(`method=sat: ${satNeed} needs branch-and-bound, which is used`);
      state = { ...state, method: 'branch-and-bound' };
    }
    const cannotUse = cannotUseSentence(unused);
    if (!first && stateHash(state) === stateHash(this.state())) {
      // Already shown: a hash edited to another unusable option says so all the same.
      if (cannotUse !== '') jobs.setStatus(cannotUse, 'error');
      return;
    }
    const shape = SHAPES.find((s) => s.size === state.size);
    if (!shape) {
      jobs.setStatus(`The link names a ${state.size}×${state.size} puzzle, a size this page cannot show.`, 'error');
      return;
    }
    if (jobs.job !== null) jobs.stop();
    this.restoring = true;
    try {
      this.page.useShape(shape);
      // The link's symbols: 0–F for a 16×16 that says sym=hex, else 1–9, A–Z.
      const hex = state.symbols === 'hex';
      if (board.hexSymbols !== hex) {
        board.setHexSymbols(hex);
        this.page.onShapeChanged();
      }
      if (board.getGivens() !== state.givens) board.setGivens(state.givens);
      if (el.modelSelect.value !== state.model) board.showPicture(null); // a relaxation of the model before
      el.modelSelect.value = state.model;
      el.methodSelect.value = state.method;
      if (state.method === 'sat') this.page.prefetchSat();
      el.objectiveSelect.value = state.objective;
      if (state.weights) {
        settings.weights = [...state.weights];
        el.weightsSense.value = state.minimize ? 'minimize' : 'maximize';
      }
      settings.renderWeights();
      this.page.updateModel(); // the model panel follows the restored model and objective
      const clash = board.clashes();
      const givens = board.countGivens();
      jobs.setStatus(
        (givens === 0 ? `Loaded an empty ${state.size}×${state.size} board from the link.` : `Loaded the puzzle from the link (${plural(givens, 'given')}).`) +
          (cannotUse !== '' ? ` ${cannotUse}` : '') +
          (clash ? ` ${clashStatus(clash)}` : ' Press Solve.'),
        clash || unused.length > 0 ? 'error' : 'info',
      );
    } catch (e) {
      jobs.setStatus(`The link's puzzle cannot be shown: ${messageOf(e)}`, 'error');
    } finally {
      this.restoring = false;
    }
    if (satNeed !== null) this.sync(false); // the address says the method used, once said
  }
}
