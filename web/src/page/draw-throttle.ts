// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A draw that runs at most once per interval, on an animation frame: the batch panels
 * (Sudoku's and the genre page's Solve all) draw their progress and rows with it, so
 * that a batch of many fast puzzles leaves the cores to its workers. Each draw repaints
 * the page (4–8 ms on 2 cores while workers run; docs/performance.md).
 */
export class DrawThrottle {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private frame: number | null = null;
  /** When the last draw ran, performance.now() ms. */
  private lastMs = -Infinity;

  /**
   * @param intervalMs the least time between two draws, ms
   * @param draw the draw; it may {@link request} another
   */
  constructor(
    private readonly intervalMs: number,
    private readonly draw: () => void,
  ) {}

  /** Draw soon: on the first animation frame intervalMs after the last draw (once). */
  request(): void {
    if (this.timer !== null || this.frame !== null) return;
    const wait = Math.max(0, this.lastMs + this.intervalMs - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.frame = requestAnimationFrame(() => {
        this.frame = null;
        this.now();
      });
    }, wait);
  }

  /** Draw no sooner than intervalMs from now (e.g. at a batch's start), and cancel a draw to come. */
  hold(): void {
    this.cancel();
    this.lastMs = performance.now();
  }

  /** Draw now (e.g. at a batch's end), and cancel a draw to come. */
  now(): void {
    this.cancel();
    this.lastMs = performance.now();
    this.draw();
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.timer = null;
    this.frame = null;
  }
}
