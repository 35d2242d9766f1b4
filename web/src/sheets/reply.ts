// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The worker's answer to the page's spreadsheet messages (worker-messages.ts,
 * `readSpreadsheet` and `writeSpreadsheet`). Fetched by the worker on the first such
 * message, with the sheets code and its libraries.
 */
import type { GridSheet, RecordSheet, ResultRow, WorkerToPage } from '../solver/protocol.js';
import { errorText } from '../worker/engine.js';

/**
 * The reply to `readSpreadsheet` or `writeSpreadsheet` (web/src/sheets/): the sheets
 * code and its libraries (exceljs, Papa Parse, fflate) are fetched on the first such
 * message; the engine is not involved. A {@link SpreadsheetError} becomes an error
 * reply with its code, sheet and cell.
 */
export async function spreadsheetReply(id: number, m: Record<string, unknown>): Promise<WorkerToPage> {
  const bad = (field: string, message: string): WorkerToPage => ({ id, error: { code: 'bad_request', message, where: { field } } });
  try {
    const [{ loadSpreadsheetLibraries }, sheets] = await Promise.all([import('./libraries.js'), import('./cells.js')]);
    try {
      const libraries = await loadSpreadsheetLibraries();
      if (m.type === 'readSpreadsheet') {
        if (!(m.bytes instanceof ArrayBuffer)) return bad('bytes', 'readSpreadsheet needs the file as an ArrayBuffer.');
        const sheet = typeof m.sheet === 'string' || typeof m.sheet === 'number' ? m.sheet : undefined;
        const { readSpreadsheet } = await import('./read.js');
        const result = await readSpreadsheet(new Uint8Array(m.bytes), libraries, {
          fileName: typeof m.fileName === 'string' ? m.fileName : 'the file',
          ...(sheet === undefined ? {} : { sheet }),
          ...(typeof m.genre === 'string' ? { genre: m.genre } : {}),
        });
        return { id, result };
      }
      const write = await import('./write.js');
      const xlsx = m.format === 'xlsx';
      if (!xlsx && m.format !== 'csv') return bad('format', 'writeSpreadsheet needs format "xlsx" or "csv".');
      let bytes: Uint8Array;
      if (typeof m.grid === 'object' && m.grid !== null) {
        const grid = m.grid as GridSheet;
        bytes = xlsx ? await write.gridXlsx(grid, libraries) : new TextEncoder().encode(write.gridCsv(grid, libraries));
      } else if (typeof m.record === 'object' && m.record !== null) {
        const record = m.record as RecordSheet;
        bytes = xlsx ? await write.recordXlsx(record, libraries) : new TextEncoder().encode(write.recordCsv(record, libraries));
      } else if (Array.isArray(m.results)) {
        const rows = m.results as ResultRow[];
        bytes = xlsx ? await write.resultsXlsx(rows, libraries) : new TextEncoder().encode(write.resultsCsv(rows, libraries));
      } else {
        return bad('grid', 'writeSpreadsheet needs a grid, a record or results.');
      }
      const mimeType = xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv;charset=utf-8';
      return { id, result: { bytes, mimeType } };
    } catch (e) {
      if (e instanceof sheets.SpreadsheetError) {
        const where = { ...(e.sheet === undefined ? {} : { sheet: e.sheet }), ...(e.cell === undefined ? {} : { cell: e.cell }) };
        return { id, error: { code: e.code, message: e.message, ...(Object.keys(where).length > 0 ? { where } : {}) } };
      }
      throw e;
    }
  } catch (e) {
    return { id, error: { code: 'internal_error', message: `gridmilp worker: ${errorText(e)}` } };
  }
}

