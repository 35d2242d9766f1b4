// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Embed dialog: an <iframe> snippet for the board's puzzle (embed.html with the
 * chosen panels, read-only or not), a preview link, and Copy.
 */
import { PANELS, embedSnippet, embedUrl, satGivenWay, type Panel } from '../embed-state';
import type { UrlState } from '../urlstate';
import type { Elements } from './elements';

/**
 * The Embed dialog of the Sudoku page, fetched on the Embed button's first press (not part
 * of what a first solve downloads).
 */
export class EmbedDialog {
  /**
   * @param el the page's elements (the dialog is wired here; the page wires the button)
   * @param state the page's current link state (puzzle, model, method, objective)
   */
  constructor(
    private readonly el: Elements,
    private readonly state: () => UrlState,
  ) {
    el.embedDone.addEventListener('click', () => el.embedDialog.close());
    el.embedCopy.addEventListener('click', () => void this.copy());
    el.embedDialog.addEventListener('change', () => this.update());
  }

  /** The panels ticked in the dialog, the board always first. */
  private panels(): Panel[] {
    const checked = new Set(
      [...this.el.embedDialog.querySelectorAll<HTMLInputElement>('input[name="embed-panel"]:checked')].map(
        (i) => i.value,
      ),
    );
    return PANELS.filter((p) => p === 'board' || checked.has(p));
  }

  /** Rewrite the embed snippet for the current puzzle and the dialog's choices. */
  private update(): void {
    const state = { ...this.state(), panels: this.panels(), readonly: this.el.embedReadonly.checked };
    const base = new URL('embed.html', location.href);
    this.el.embedSnippetText.value = embedSnippet(base, state);
    this.el.embedPreview.href = embedUrl(base, state);
    // The snippet's method=sat left out, said rather than done in silence (a teacher's session).
    const need = satGivenWay(state);
    this.el.embedNote.textContent = need === null ? '' : `This view solves by branch-and-bound, not CNF-SAT: ${need.replace(/,$/, '')} needs it.`;
    // The progress panel's name as the view will title it (shared.ts BnbPanel.route).
    const progress = this.el.embedDialog.querySelector('#embed-progress-name');
    if (progress) progress.textContent = state.method === 'sat' && need === null ? 'CNF-SAT' : 'Branch-and-bound';
  }

  /** Show the dialog with the snippet of the board as it is now. */
  open(): void {
    this.update();
    if (!this.el.embedDialog.open) this.el.embedDialog.showModal();
    this.el.embedSnippetText.focus();
    this.el.embedSnippetText.select();
  }

  /** Copy the snippet; where the clipboard is refused, select it for Ctrl+C. */
  private async copy(): Promise<void> {
    const text = this.el.embedSnippetText.value;
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      this.el.embedNote.textContent = 'Copied.';
    } catch {
      this.el.embedSnippetText.focus();
      this.el.embedSnippetText.select();
      this.el.embedNote.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  }
}
