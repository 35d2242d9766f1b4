// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The model exported as CPLEX LP or free MPS text, written by GLPK: shown in a dialog
 * and offered as a download. Fetched on the first export (not part of what a first
 * solve downloads).
 */
import type { ModelFormat } from '../../solver/protocol';
import { plural } from '../format';
import type { Page } from '../app/page';
import { saveText } from '../shared';

/** The export dialog: shows GLPK's text of the model and offers it as a file. */
export class ExportDialog {
  private exported: { text: string; fileName: string } | null = null;
  /** The export button that opened the dialog: closing it gives that button the focus. */
  private opener: HTMLButtonElement | null = null;

  /** @param page the page (its export dialog elements are wired here) */
  constructor(private readonly page: Page) {
    const { el } = page;
    el.exportClose.addEventListener('click', () => el.exportDialog.close());
    // The dialog opens while the export job has its button disabled, so the browser's
    // own return of the focus would find none (Escape left it on the page's body).
    el.exportDialog.addEventListener('close', () => this.opener?.focus());
    el.exportDownload.addEventListener('click', () => {
      if (this.exported) saveText(this.exported.text, this.exported.fileName);
    });
  }

  /** Export the board's model in `format` and show it. */
  async export(format: ModelFormat): Promise<void> {
    const { board, jobs, settings, el } = this.page;
    if (jobs.busyRefusal()) return;
    const givens = board.getGivens();
    const objective = settings.objective();
    const view = settings.modelView();
    const formatName = format === 'lp' ? 'CPLEX LP' : 'MPS';
    this.opener = format === 'lp' ? el.exportLpButton : el.exportMpsButton;
    await jobs.run(
      'export',
      `Writing the model as ${formatName}…`,
      async () => {
        const result = await this.page.client.exportModel(givens, format, {
          ...settings.boardFields(),
          options: settings.options(),
          ...(objective ? { objective } : {}),
        });
        this.page.modelPanel.noteExport(result, view);
        const fileName = `gridmilp-model.${format}`;
        const text = result.text;
        this.exported = { text, fileName };
        el.exportHeading.textContent = format === 'lp' ? 'CPLEX LP (written by GLPK)' : 'Free MPS (written by GLPK)';
        el.exportInfo.textContent = `${result.model} model · ${plural(result.columns, 'variable')}, ${plural(result.rows, 'constraint')}, ${plural(result.nonzeros, 'nonzero')}`;
        el.exportText.textContent = text;
        el.exportDownload.textContent = `Download ${fileName}`;
        if (!el.exportDialog.open) el.exportDialog.showModal();
        jobs.setStatus(
          `Exported the ${result.model} model as ${formatName} (${plural(text.split('\n').length, 'line')}).`,
          'ok',
        );
      },
      (e) => jobs.showError(e, board.getGivens() === givens),
    );
  }
}
