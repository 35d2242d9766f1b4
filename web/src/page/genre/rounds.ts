// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The rounds of the re-solve loop on the genre page (issue #23, "watch the technique"):
 * during a Solve, each round's answer is drawn as its progress message comes (the latest,
 * at most one per animation frame and leaving the page's thread two thirds of the time),
 * and the panel shows that round's cuts in words;
 * after it, a stepper goes back through the rounds kept. The rounds come from the engine's progress
 * messages `{phase: "cuts", round, cuts, cells, why, board}` (cpp/app/protocol.md).
 */
import type { Board } from '../../solver/genre';
import { byId } from '../shared';
import { grouped } from '../format';

/** Most cut rounds a Solve keeps for stepping through (each holds a board). */
const kRoundsKept = 200;

/** One round of the re-solve loop as the engine reports it (cpp/app/protocol.md). */
export interface CutRoundView {
  round: number;
  cuts: number;
  /** The cells the round's cuts name, 1-based [row, column]. */
  cells: Array<[number, number]>;
  why: string[];
  board: Board;
}

/** The rounds of one Solve, and the stepper through them (`#genre-cut-rounds`). */
export class CutRounds {
  /** The last kRoundsKept rounds, oldest first. */
  private kept: CutRoundView[] = [];
  private pending: CutRoundView | null = null;
  private frame = 0;
  private readonly panel = byId('genre-cut-rounds', HTMLElement);
  private readonly step = byId('genre-round-step', HTMLInputElement);

  /** @param draw draws a round on the board (its answer, the cells its cuts name outlined) */
  constructor(private readonly draw: (round: CutRoundView) => void) {
    this.step.addEventListener('input', () => {
      const round = this.kept[Number(this.step.value) - 1];
      if (round === undefined) return;
      this.draw(round);
      this.showText(round);
    });
  }

  /** A Solve starts: forget the last one's rounds and hide the stepper. */
  start(): void {
    this.kept = [];
    this.panel.hidden = true;
    // The last Solve's board (a 40×57 one) does not set this one's pace.
    this.drawnAt = -Infinity;
    this.drawMs = 0;
  }

  /**
   * During a Solve the panel follows the rounds: the latest one's number and its cuts in
   * words, the stepper disabled until the Solve ends (the board shows the same round).
   */
  private showLive(round: CutRoundView): void {
    this.panel.hidden = false;
    this.step.disabled = true;
    this.step.min = '1';
    this.step.max = String(Math.max(1, this.kept.length));
    this.step.value = this.step.max;
    byId('genre-round-count', HTMLElement).textContent = grouped(round.round);
    this.showText(round);
  }

  /**
   * A `cuts` progress message: keeps its round and draws it at the next animation frame
   * (a message without a board, as a batch's, only counts).
   */
  add(p: Record<string, unknown>): void {
    if (typeof p.round !== 'number' || typeof p.board !== 'object' || p.board === null) return;
    const round: CutRoundView = {
      round: p.round,
      cuts: typeof p.cuts === 'number' ? p.cuts : 0,
      cells: Array.isArray(p.cells) ? (p.cells as Array<[number, number]>) : [],
      why: Array.isArray(p.why) ? (p.why as string[]) : [],
      board: p.board as Board,
    };
    this.kept.push(round);
    if (this.kept.length > kRoundsKept) this.kept.shift();
    this.pending = round;
    if (this.frame !== 0 || this.timer !== null) return;
    // The page's thread draws at most a third of the time: after a draw of d ms the next
    // waits 2·d (a 40×57 board took 100–300 ms a round and held the page busy).
    const wait = this.drawnAt === Infinity ? 2 * this.drawMs + 16 : Math.max(0, this.drawnAt + 2 * this.drawMs - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        const latest = this.pending;
        this.pending = null;
        if (latest === null) return;
        const begin = performance.now();
        this.draw(latest);
        this.showLive(latest);
        // The draw's cost includes the style, layout and paint it causes, done before the
        // next frame: measured up to that frame.
        this.drawnAt = Infinity;
        requestAnimationFrame(() => {
          this.drawnAt = performance.now();
          this.drawMs = this.drawnAt - begin;
        });
      });
    }, wait);
  }

  /** A live draw to come (its wait after the last draw). */
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the last live draw ended, and how long it took, ms (performance.now()). */
  private drawnAt = -Infinity;
  private drawMs = 0;

  /** The Solve ended: no more drawing; with more than one round, the stepper at the last. */
  finish(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = 0;
    this.timer = null;
    this.pending = null;
    const kept = this.kept;
    this.step.disabled = false;
    this.panel.hidden = kept.length < 2;
    if (kept.length < 2) return;
    this.step.min = '1';
    this.step.max = String(kept.length);
    this.step.value = String(kept.length);
    byId('genre-round-count', HTMLElement).textContent = grouped(kept[kept.length - 1]!.round);
    this.showText(kept[kept.length - 1]!);
  }

  /** The stepper's round: its number and its cuts in words. */
  private showText(round: CutRoundView): void {
    byId('genre-round-number', HTMLElement).textContent = grouped(round.round);
    const list = byId('genre-round-why', HTMLElement);
    const items = round.why.length > 0 ? round.why : ['No cut: the answer keeps every rule.'];
    list.replaceChildren(
      ...items.map((text) => {
        const li = document.createElement('li');
        li.textContent = text;
        return li;
      }),
    );
  }
}
