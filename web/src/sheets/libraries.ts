// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * exceljs and Papa Parse, fetched on first use: the page's bundler makes them chunks of
 * their own (not part of what a first solve downloads), and Node loads them from
 * node_modules. Either module may come as a CommonJS namespace (`default` holds it).
 */
import { SpreadsheetError } from './cells.js';
import type { SpreadsheetLibraries } from './read.js';

let loading: Promise<SpreadsheetLibraries> | null = null;

/**
 * Load exceljs and Papa Parse once.
 *
 * @throws SpreadsheetError `missing_dependency` when either cannot be loaded (the
 *   promise is then dropped, so a later call tries again)
 */
export function loadSpreadsheetLibraries(): Promise<SpreadsheetLibraries> {
  loading ??= Promise.all([import('exceljs'), import('papaparse')]).then(
    ([excel, papa]) => ({
      ExcelJS: ((excel as { default?: unknown }).default ?? excel) as SpreadsheetLibraries['ExcelJS'],
      Papa: ((papa as { default?: unknown }).default ?? papa) as SpreadsheetLibraries['Papa'],
    }),
    (e: unknown) => {
      loading = null;
      throw new SpreadsheetError('missing_dependency', `The spreadsheet libraries could not be loaded: ${e instanceof Error ? e.message : String(e)}.`);
    },
  );
  return loading;
}
