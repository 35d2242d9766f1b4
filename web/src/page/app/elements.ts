// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The Sudoku page's elements (web/index.html), looked up once by id and checked for
 * their type.
 */
import { byId } from '../shared';

/**
 * Every element of the Sudoku page the controller uses, by role.
 *
 * @throws Error (from `byId`) when one is missing or of another type
 */
export function findElements() {
  return {
    boardContainer: byId('board-container', HTMLDivElement),
    status: byId('status', HTMLParagraphElement),
    hint: byId('hint', HTMLParagraphElement),
    play: byId('play', HTMLElement),
    sizeSelect: byId('size', HTMLSelectElement),
    hexOption: byId('hex-option', HTMLSpanElement),
    hexBox: byId('opt-hex', HTMLInputElement),
    pad: byId('pad', HTMLDivElement),
    solveButton: byId('solve', HTMLButtonElement),
    stopButton: byId('stop', HTMLButtonElement),
    uniqueButton: byId('check-unique', HTMLButtonElement),
    explainButton: byId('explain', HTMLButtonElement),
    clearButton: byId('clear', HTMLButtonElement),
    loadFileButton: byId('load-file', HTMLButtonElement),
    fileInput: byId('file-input', HTMLInputElement),
    viewer: byId('solution-viewer', HTMLDivElement),
    viewerText: byId('viewer-text', HTMLSpanElement),
    viewerPrev: byId('viewer-prev', HTMLButtonElement),
    viewerNext: byId('viewer-next', HTMLButtonElement),
    textArea: byId('puzzle-text', HTMLTextAreaElement),
    loadTextButton: byId('load-text', HTMLButtonElement),
    offer: byId('batch-offer', HTMLDivElement),
    offerText: byId('batch-offer-text', HTMLParagraphElement),
    offerButton: byId('batch-offer-solve', HTMLButtonElement),
    objectiveSelect: byId('objective', HTMLSelectElement),
    weightsPanel: byId('weights-panel', HTMLDivElement),
    weightsSense: byId('weights-sense', HTMLSelectElement),
    weightsReset: byId('weights-reset', HTMLButtonElement),
    weightsGrid: byId('weights', HTMLDivElement),
    enumLimit: byId('enum-limit', HTMLInputElement),
    enumButton: byId('enumerate', HTMLButtonElement),
    genSeed: byId('gen-seed', HTMLInputElement),
    genRandomSeed: byId('gen-random-seed', HTMLButtonElement),
    genGivens: byId('gen-givens', HTMLInputElement),
    genSymmetry: byId('gen-symmetry', HTMLSelectElement),
    genMethod: byId('gen-method', HTMLSelectElement),
    generateButton: byId('generate', HTMLButtonElement),
    completeButton: byId('complete', HTMLButtonElement),
    generateReportList: byId('generate-report', HTMLUListElement),
    presolve: byId('opt-presolve', HTMLInputElement),
    timeLimit: byId('opt-time-limit', HTMLInputElement),
    largeTimeLimit: byId('opt-large-time-limit', HTMLInputElement),
    engineVersion: byId('engine-version', HTMLParagraphElement),
    modelSelect: byId('opt-model', HTMLSelectElement),
    methodSelect: byId('opt-method', HTMLSelectElement),
    progressInterval: byId('opt-progress-interval', HTMLInputElement),
    exportLpButton: byId('export-lp', HTMLButtonElement),
    exportMpsButton: byId('export-mps', HTMLButtonElement),
    relaxButton: byId('relax', HTMLButtonElement),
    exportDialog: byId('export-dialog', HTMLDialogElement),
    exportHeading: byId('export-heading', HTMLHeadingElement),
    exportInfo: byId('export-info', HTMLSpanElement),
    exportText: byId('export-text', HTMLPreElement),
    exportDownload: byId('export-download', HTMLButtonElement),
    exportClose: byId('export-close', HTMLButtonElement),
    formulation: byId('formulation', HTMLDivElement),
    recordTree: byId('opt-record-tree', HTMLInputElement),
    treePanel: byId('tree-panel', HTMLElement),
    treeBody: byId('tree', HTMLDivElement),
    embedButton: byId('embed', HTMLButtonElement),
    saveXlsxButton: byId('save-xlsx', HTMLButtonElement),
    saveSvgButton: byId('save-svg', HTMLButtonElement),
    savePngButton: byId('save-png', HTMLButtonElement),
    saveCsvButton: byId('save-csv', HTMLButtonElement),
    embedDialog: byId('embed-dialog', HTMLDialogElement),
    embedSnippetText: byId('embed-snippet', HTMLTextAreaElement),
    embedCopy: byId('embed-copy', HTMLButtonElement),
    embedDone: byId('embed-done', HTMLButtonElement),
    embedReadonly: byId('embed-readonly', HTMLInputElement),
    embedPreview: byId('embed-preview', HTMLAnchorElement),
    embedNote: byId('embed-note', HTMLSpanElement),
  };
}

/** The Sudoku page's elements (see `findElements`). */
export type Elements = ReturnType<typeof findElements>;
