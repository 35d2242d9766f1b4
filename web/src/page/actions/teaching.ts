// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The teaching actions of the Model panel: the LP relaxation drawn on the board, and
 * the model exported as CPLEX LP or free MPS text (shown in a dialog, downloadable).
 */
import type { ModelFormat } from '../../solver/protocol';
import { describeRelaxation, fractionalCells, plural } from '../format';
import type { Page } from '../app/page';
import { saveText } from '../shared';

/** Solve the LP relaxation of the board's puzzle and shade the candidates by value. */
export async function relax(page: Page): Promise<void> {
  const { board, jobs, settings } = page;
  if (jobs.busyRefusal()) return;
  const givens = board.getGivens();
  page.resetAnswer();
  await jobs.run(
    'relax',
    'Solving the LP relaxation…',
    async () => {
      const result = await page.client.relax(givens, { ...settings.boardFields(), options: settings.options() });
      if (board.getGivens() !== givens) {
        jobs.setStatus('Relaxed, but the board changed meanwhile: press Show LP relaxation again.', 'info');
        return;
      }
      if (result.status !== 'optimal') {
        jobs.setStatus(`The LP relaxation has no solution (${result.status}): the givens contradict each other.`, 'error');
        return;
      }
      board.setRelaxation(result.values);
      const model = result.model === 'textbook' ? '' : ` (${result.model} model)`;
      jobs.setStatus(
        `${describeRelaxation(result.integral, fractionalCells(result.values))}${model} · ${plural(result.stats.columns, 'variable')}, ${plural(result.stats.rows, 'constraint')}.`,
        result.integral ? 'ok' : 'info',
      );
    },
    (e) => jobs.showError(e, board.getGivens() === givens),
  );
}

/** The export dialog: shows GLPK's text of the model and offers it as a file. */
export class ExportDialog {
  private exported: { text: string; fileName: string } | null = null;

  /** @param page the page (its export dialog elements are wired here) */
  constructor(private readonly page: Page) {
    const { el } = page;
    el.exportClose.addEventListener('click', () => el.exportDialog.close());
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
        this.exported = { text: result.text, fileName };
        el.exportHeading.textContent = format === 'lp' ? 'CPLEX LP (written by GLPK)' : 'Free MPS (written by GLPK)';
        el.exportInfo.textContent = `${result.model} model · ${plural(result.columns, 'variable')}, ${plural(result.rows, 'constraint')}, ${plural(result.nonzeros, 'nonzero')}`;
        el.exportText.textContent = result.text;
        el.exportDownload.textContent = `Download ${fileName}`;
        if (!el.exportDialog.open) el.exportDialog.showModal();
        jobs.setStatus(
          `Exported the ${result.model} model as ${formatName} (${plural(result.text.split('\n').length, 'line')}).`,
          'ok',
        );
      },
      (e) => jobs.showError(e, board.getGivens() === givens),
    );
  }
}
