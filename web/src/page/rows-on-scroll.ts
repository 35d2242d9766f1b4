// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * A results table built a page of rows at a time, as it is scrolled: the batch panels
 * (Sudoku's and the genre page's Solve all) build ROWS_PER_PAGE rows at first and
 * ROWS_PER_PAGE more each time the table's last row comes within SCROLL_AHEAD_PX of its
 * scroll box (the `.table-wrap` around the table).
 *
 * Why: a row costs the page's thread about 0.12 ms while a batch runs (the table's
 * layout grows with it). Drawing all 1,000 rows of sudoku17_last1000.txt took 120 ms of
 * a 300 ms batch, which left no core for a second worker (docs/performance.md, eleventh
 * session); building all 485 rows of janko's Akari file took about 100 ms while both
 * workers ran (seventeenth session).
 */

/** Rows built at first, and more each time the table is scrolled near its end: about four times the rows its box shows. */
export const ROWS_PER_PAGE = 60;
/** How near the scroll box's bottom the last built row brings the next ROWS_PER_PAGE, px. */
export const SCROLL_AHEAD_PX = 400;

/**
 * Counts the rows a table may have now ({@link wanted}) and watches its last row: when
 * it comes within SCROLL_AHEAD_PX of the scroll box, and the table has every row it
 * wanted, ROWS_PER_PAGE more are wanted and `more` is called to build them.
 */
export class RowsOnScroll {
  /** Rows the table may have now: ROWS_PER_PAGE, plus ROWS_PER_PAGE per scroll near its end. */
  wanted = ROWS_PER_PAGE;
  private readonly watch: IntersectionObserver;

  /**
   * @param body the table's body; its rows are the built rows
   * @param more builds rows up to {@link wanted} (now, or at its next draw), then calls {@link watchLast}
   */
  constructor(
    private readonly body: HTMLTableSectionElement,
    more: () => void,
  ) {
    this.watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.target === body.lastElementChild)) return;
        if (body.rows.length < this.wanted) return;
        this.wanted += ROWS_PER_PAGE;
        more();
      },
      { root: body.closest('.table-wrap'), rootMargin: `0px 0px ${SCROLL_AHEAD_PX}px 0px` },
    );
  }

  /** Back to the first page of rows, and no row watched (a new batch; the table is emptied). */
  reset(): void {
    this.wanted = ROWS_PER_PAGE;
    this.watch.disconnect();
  }

  /**
   * The table was emptied for a new batch: its scroll box back to the top. Else, when
   * the first rows are built in the same task, the box keeps the last batch's scroll,
   * and their last row, in view at once, wants ROWS_PER_PAGE more.
   */
  toTop(): void {
    this.body.closest('.table-wrap')?.scrollTo(0, 0);
  }

  /**
   * Watch the table's last row, after rows were appended.
   *
   * @param moreToCome false when the table has all its rows: then none is watched
   */
  watchLast(moreToCome = true): void {
    this.watch.disconnect();
    const last = this.body.lastElementChild;
    if (moreToCome && last) this.watch.observe(last);
  }
}
