// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The keyboard focus across a job, for the page's job runner (jobs.ts) and the embed
 * (embed.ts): a control the job disables drops the focus to the page's body, and a
 * keyboard or a screen reader its place. Stop has it meanwhile, and the control gets it
 * back when the job ends, unless the person put it elsewhere.
 */
export class JobFocus {
  /** The control that had the focus when a job disabled it, or null. */
  private before: HTMLElement | null = null;

  /**
   * Before a job disables `controls`: remembers the one that has the focus, if any.
   *
   * @param controls the controls the job disables
   * @returns whether one of them has the focus (the caller gives Stop the focus then,
   *   once it is enabled)
   */
  take(controls: readonly HTMLElement[]): boolean {
    const focused = document.activeElement;
    const losing = controls.some((c) => c === focused);
    if (losing) this.before = focused as HTMLElement;
    return losing;
  }

  /**
   * When the job has ended: the control remembered gets the focus back, if it is still
   * in the page, shown and enabled, and the focus is on the body or on `stop`; when that
   * control is gone or hidden (Why no solution?, which its answer hides), `fallback` gets
   * it, so that a keyboard keeps its place (an accessibility session: the next Tab
   * started again from the top of the page).
   *
   * @param stop the Stop button (disabled by now)
   * @param fallback where the focus goes instead, or null to leave it
   */
  giveBack(stop: HTMLElement, fallback: HTMLElement | null = null): void {
    const back = this.before;
    this.before = null;
    const lost = document.activeElement === null || document.activeElement === document.body || document.activeElement === stop;
    if (back === null || !lost) return;
    const target = canTakeFocus(back) ? back : fallback !== null && canTakeFocus(fallback) ? fallback : null;
    target?.focus({ preventScroll: true });
  }
}

/** Whether `element` is in the page, laid out (not hidden, nor inside a hidden part) and enabled. */
function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && element.getClientRects().length > 0 && !(element as HTMLButtonElement).disabled;
}
