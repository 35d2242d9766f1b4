// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The model panel, loaded when it is first needed: model.ts (the formulation, the size
 * table and the constraint chooser) is fetched only once its container comes into view,
 * so a first solve does not download it. Until then, the container shows a one-line
 * placeholder, and the calls the page makes are kept and replayed, in order, on the
 * loaded panel: it shows what it would have shown had it been there from the start.
 */
import type { ExportModelResult, SolveResult } from '../solver/protocol';
import type { ModelPanel, ModelPanelHooks, ModelView } from './model';
import { MAX_VIEW_FACTS, messageOf } from './shared';

/** A call kept for the panel: which method, and how to make it. */
interface PendingCall {
  method: 'setView' | 'selectCell' | 'noteSolve' | 'noteExport';
  apply(panel: ModelPanel): void;
}

/**
 * Stands in for a {@link ModelPanel} in `container` (same methods) and loads the real one
 * when the container is first on screen.
 */
export class LazyModelPanel {
  private readonly container: HTMLElement;
  private readonly hooks: ModelPanelHooks;
  private panel: ModelPanel | null = null;
  /** True from the start of a load until it fails (a failed load is tried again). */
  private loading = false;
  private readonly observer: IntersectionObserver | null = null;
  /**
   * The calls made before the panel loaded. Of a run of setView (or selectCell) calls
   * only the last is kept: each one replaces what the one before it showed. The
   * responses (noteSolve, noteExport) are all kept, as the panel keeps their figures.
   */
  private pending: PendingCall[] = [];

  /**
   * @param container the panel body (a placeholder until the panel has loaded and fills it)
   * @param hooks board highlighting and the model's rows, passed on to the panel
   */
  constructor(container: HTMLElement, hooks: ModelPanelHooks) {
    this.container = container;
    this.hooks = hooks;
    // The panel holds the height it will take (styles.css) until its formulation is
    // typeset: growing by some 700 px once on screen, it moved the Solver options below
    // it from under the pointer. The loaded panel clears the mark (model.ts, settle).
    // The height, in px, of a 9×9 textbook formulation in a panel w px wide: 347 +
    // 235,000 / w, fitted to Chromium's at widths of 262–734 px (within 70 px).
    container.dataset.pending = '';
    // Its width is read once the page is laid out, before it is painted (a ResizeObserver's
    // turn; reading it here forced a layout while the page was being built), and again
    // when it changes while the panel loads. A hidden panel (a genre's page at start)
    // keeps the 46rem of styles.css until it is shown.
    if (typeof ResizeObserver !== 'undefined') {
      const sizer = new ResizeObserver(() => {
        if (container.dataset.pending === undefined) return sizer.disconnect();
        const width = container.clientWidth;
        if (width > 0) container.style.setProperty('--pending-height', `${347 + 235000 / Math.max(width, 200)}px`);
      });
      sizer.observe(container);
    }
    this.showNote('Loading the formulation…');
    if (typeof IntersectionObserver === 'undefined') {
      this.load();
      return;
    }
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.load();
    });
    this.observer.observe(container);
    // A keyboard entering the panel's section loads it too: tabbing on from its controls
    // above, the focus went past the placeholder (it has nothing to focus) before it was
    // on screen, and the formulation's own controls could be reached only by tabbing
    // back (an accessibility session).
    this.loadOnFocus();
  }

  /** Load when the keyboard next enters the panel's section (again after a failed load). */
  private loadOnFocus(): void {
    this.container.closest('section')?.addEventListener('focusin', () => this.load(), { once: true });
  }

  /** See {@link ModelPanel.setView}. */
  setView(view: ModelView): void {
    this.call('setView', (panel) => panel.setView(view));
  }

  /** See {@link ModelPanel.selectCell}. */
  selectCell(row: number, column: number): void {
    this.call('selectCell', (panel) => panel.selectCell(row, column));
  }

  /** See {@link ModelPanel.noteSolve}. */
  noteSolve(result: SolveResult, view: ModelView): void {
    this.call('noteSolve', (panel) => panel.noteSolve(result, view));
  }

  /** See {@link ModelPanel.noteExport}. */
  noteExport(result: ExportModelResult, view: ModelView): void {
    this.call('noteExport', (panel) => panel.noteExport(result, view));
  }

  /**
   * See {@link ModelPanel.refresh}. Before the panel has loaded there is nothing to
   * fetch: the panel fetches what it lacks once it is on screen.
   */
  refresh(): void {
    this.panel?.refresh();
  }

  /** Make `apply` on the panel now, or keep it for when the panel has loaded. */
  private call(method: PendingCall['method'], apply: (panel: ModelPanel) => void): void {
    if (this.panel) {
      apply(this.panel);
      return;
    }
    const last = this.pending.at(-1);
    if (last?.method === method && (method === 'setView' || method === 'selectCell')) this.pending.pop();
    this.pending.push({ method, apply });
    // A page whose panel is never scrolled into view would keep every response: the
    // panel keeps the figures of its last MAX_VIEW_FACTS views only, so more is waste.
    if (this.pending.length > 2 * MAX_VIEW_FACTS) {
      const oldest = this.pending.findIndex((p) => p.method === 'noteSolve' || p.method === 'noteExport');
      if (oldest >= 0) this.pending.splice(oldest, 1);
    }
  }

  /** Fetch model.ts (once), create the panel and replay the kept calls on it. */
  private load(): void {
    if (this.loading) return;
    this.loading = true;
    import('./model').then(
      ({ ModelPanel }) => {
        const panel = new ModelPanel(this.container, this.hooks);
        for (const pending of this.pending) pending.apply(panel);
        this.pending = [];
        this.panel = panel;
        this.observer?.disconnect();
      },
      (e: unknown) => {
        // Offline without the service worker's cache, say: tried again when next on screen.
        this.loading = false;
        delete this.container.dataset.pending; // no formulation to hold the height for
        this.showNote(`The model panel could not be loaded: ${messageOf(e)}`);
        this.loadOnFocus();
      },
    );
  }

  /** Show `text` in place of the panel. */
  private showNote(text: string): void {
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = text;
    this.container.replaceChildren(note);
  }
}
