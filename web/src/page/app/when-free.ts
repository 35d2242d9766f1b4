// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * Work put off while the solver is busy: a genre page's text read when the job ends
 * (genre/view.ts readText), an address's puzz.link URL opened then (actions/open-url.ts).
 * Imported by modules fetched on first use only, so that its code is not part of what a
 * first solve downloads.
 */

/**
 * Runs `then` once no page has a job: `document.body.dataset.busy` empty (JobRunner.setJob
 * writes it, for any runner of the document). It is checked again a task after it
 * emptied, as JobRunner tells the other page then: an action that chains a second job
 * (reading a file, then its batch) starts it first, and `then` waits for that one too.
 *
 * @param then what to run; called once, at the earliest in the task after this call
 */
export function whenFree(then: () => void): void {
  const observer = new MutationObserver(check);
  function check(): void {
    if (document.body.dataset.busy) return;
    observer.disconnect();
    setTimeout(() => {
      if (document.body.dataset.busy) whenFree(then);
      else then();
    }, 0);
  }
  observer.observe(document.body, { attributes: true, attributeFilter: ['data-busy'] });
  check();
}
