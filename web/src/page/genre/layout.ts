// SPDX-License-Identifier: GPL-3.0-or-later
/**
 * The markup of the genre page, put into `<main id="genre-play">` when a genre other
 * than Sudoku is first picked: kept out of index.html so that the first Sudoku solve
 * does not download it (the page's first-solve weight budget, issue #4). Static text
 * only: no user data is ever written into it.
 */
export const GENRE_PAGE = `
<section class="genre-main" aria-labelledby="genre-heading">
  <h2 id="genre-heading">Killer Sudoku</h2>
  <p id="genre-rules" class="hint"></p>
  <div id="genre-board" class="genre-board-box"></div>
  <div id="genre-pad" class="pad" role="group" aria-label="Clue pad: sets the selected cells" hidden></div>
  <div class="board-tools" id="genre-editor">
    <span id="genre-selection" class="hint" aria-live="polite">Drag over cells (or Shift+arrows) to select them.</span>
    <span id="genre-cage-tools" class="inline-option">
      <label for="genre-cage-sum">Cage sum</label>
      <input type="number" id="genre-cage-sum" min="1" max="999" inputmode="numeric" size="4" />
      <button type="button" id="genre-make-cage">Make cage</button>
      <button type="button" id="genre-delete-cage">Delete cage</button>
    </span>
    <span id="genre-region-tools" class="inline-option">
      <button type="button" id="genre-make-region">Make region</button>
      <button type="button" id="genre-delete-region" title="The selected cells’ regions become cells in no region, until you make new ones">Delete region</button>
    </span>
    <span class="inline-option" id="genre-empty-tools">
      <button type="button" id="genre-empty">Empty grid</button>
      <label for="genre-empty-size" id="genre-empty-label">of side</label>
      <input type="text" id="genre-empty-size" size="7" autocomplete="off" spellcheck="false" title="The empty grid's side (blank: the board's)" />
    </span>
    <span id="genre-edit-hint" class="hint"></span>
  </div>
  <div class="actions">
    <button type="button" id="genre-solve" class="primary">Solve</button>
    <button type="button" id="genre-stop" disabled>Stop</button>
    <button type="button" id="genre-unique">Check uniqueness</button>
    <button type="button" id="genre-enumerate">Enumerate</button>
    <button type="button" id="genre-explain" hidden>Why no solution?</button>
    <button type="button" id="genre-relax">LP relaxation</button>
    <button type="button" id="genre-formulation-button">Formulation</button>
    <button type="button" id="genre-new">New puzzle</button>
  </div>
  <p id="genre-status" class="status" role="status" aria-live="polite" data-kind="info"></p>
  <section id="genre-answers" class="cut-rounds" aria-labelledby="genre-answers-heading" hidden>
    <h3 id="genre-answers-heading">Answers</h3>
    <p class="hint">Each answer is one more solve of the MILP with a no-good cut for every answer found before it, so that none comes back twice.</p>
    <label for="genre-answer-step">Answer <output id="genre-answer-number">1</output> of <span id="genre-answer-count">1</span></label>
    <input type="range" id="genre-answer-step" min="1" max="1" value="1" step="1" />
  </section>
  <section id="genre-bnb" class="bnb" aria-labelledby="genre-bnb-heading" hidden>
    <h3 id="genre-bnb-heading"><span id="genre-bnb-title">Branch-and-bound</span> <span id="genre-bnb-state" class="bnb-state"></span></h3>
    <dl class="bnb-figures">
      <div class="bnb-tree-only"><dt>Nodes</dt><dd id="genre-bnb-nodes">0</dd></div>
      <div class="bnb-tree-only"><dt>Active nodes</dt><dd id="genre-bnb-active">0</dd></div>
      <div class="bnb-tree-only"><dt>Depth</dt><dd id="genre-bnb-depth">0</dd></div>
      <div><dt>Incumbent</dt><dd id="genre-bnb-incumbent">no</dd></div>
      <div class="bnb-tree-only"><dt>Best bound</dt><dd id="genre-bnb-bound">—</dd></div>
      <div class="bnb-tree-only"><dt>Gap</dt><dd id="genre-bnb-gap">—</dd></div>
      <div><dt>Rounds</dt><dd id="genre-bnb-rounds">1</dd></div>
      <div><dt title="The time in the engine: the status line’s time also counts the page’s part (messages, drawing)">Engine time</dt><dd id="genre-bnb-elapsed">0 ms</dd></div>
    </dl>
  </section>
  <section id="genre-cut-rounds" class="cut-rounds" aria-labelledby="genre-cut-rounds-heading" hidden>
    <h3 id="genre-cut-rounds-heading">Cut rounds</h3>
    <p class="hint">Each round solves the MILP, checks the answer against the rule the model leaves to cuts, and adds a cut for each piece it breaks. Step through them: the board shows the round’s answer and, outlined, the cells its cuts name.</p>
    <label for="genre-round-step">Round <output id="genre-round-number">1</output> of <span id="genre-round-count">1</span></label>
    <input type="range" id="genre-round-step" min="1" max="1" value="1" step="1" />
    <ul id="genre-round-why" class="round-why"></ul>
  </section>
  <section id="genre-tree-panel" class="tree-panel" aria-labelledby="genre-tree-heading" hidden>
    <h3 id="genre-tree-heading">Branch-and-bound tree</h3>
    <div id="genre-tree"></div>
  </section>
</section>
<section class="genre-side">
  <section class="panel" aria-labelledby="genre-text-heading">
    <h2 id="genre-text-heading">Puzzle text</h2>
    <label for="genre-text" class="visually-hidden">Genre puzzle text</label>
    <textarea id="genre-text" rows="16" spellcheck="false" autocomplete="off"></textarea>
    <div class="row-buttons">
      <button type="button" id="genre-draw">Draw</button>
      <button type="button" id="genre-load-file">Load file</button>
      <button type="button" id="genre-solve-all" hidden>Solve all</button>
      <span class="inline-option" id="genre-batch-limit" hidden>
        <label for="genre-time-limit">Solve all: seconds per puzzle (0 = no limit)</label>
        <input type="number" id="genre-time-limit" min="0" step="1" value="10" inputmode="numeric" />
      </span>
      <select id="genre-pick" aria-label="Which puzzle of the text" hidden></select>
      <input type="file" id="genre-file" class="visually-hidden" tabindex="-1" aria-hidden="true" aria-label="Genre text file" accept=".txt,text/plain,.xlsx,.xlsm,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.csv,.tsv,text/csv" />
    </div>
  </section>
  <section class="panel" aria-labelledby="genre-model-heading">
    <h2 id="genre-model-heading">Model and route</h2>
    <div class="board-tools">
      <span class="inline-option">
        <label for="genre-model">Model</label>
        <select id="genre-model"><option value="">default</option></select>
      </span>
      <span class="inline-option">
        <label for="genre-method">Route</label>
        <select id="genre-method">
          <option value="sat" selected>CNF-SAT (GLPK + MiniSat)</option>
          <option value="branch-and-bound">branch-and-bound</option>
        </select>
      </span>
      <span class="inline-option">
        <input type="checkbox" id="genre-record-tree" />
        <label for="genre-record-tree">Draw the branch-and-bound tree</label>
      </span>
      <span class="inline-option" id="genre-objective-tools" hidden>
        <label for="genre-objective">Objective</label>
        <select id="genre-objective">
          <option value="" selected>none: any answer</option>
          <option value="diagonal">largest main-diagonal sum</option>
          <option value="firstRow">smallest first row, read as a number</option>
        </select>
      </span>
    </div>
  </section>
  <section class="panel" aria-labelledby="genre-export-heading">
    <h2 id="genre-export-heading">Save and share</h2>
    <div class="actions">
      <button type="button" id="genre-svg">Download SVG</button>
      <button type="button" id="genre-png">Download PNG</button>
      <button type="button" id="genre-save-xlsx" title="The puzzle's blocks, and the answer below them when solved">Save .xlsx</button>
      <button type="button" id="genre-save-csv">Save .csv</button>
      <button type="button" id="genre-copy-url" hidden>Copy puzz.link URL</button>
      <a id="genre-url" class="genre-url" target="_blank" rel="noopener noreferrer" hidden></a>
    </div>
  </section>
  <section class="panel" id="genre-batch" aria-labelledby="genre-batch-heading" hidden>
    <h2 id="genre-batch-heading">Every puzzle of the text</h2>
    <p id="genre-batch-stale" class="hint" hidden>The text changed since Solve all: these are the results of the text before. The downloads still save them; the rows open its puzzles again once that text is back.</p>
    <div class="progress-line">
      <progress id="genre-batch-progress" max="1" value="0" aria-label="Progress of Solve all"></progress>
      <span id="genre-batch-count" class="count"></span>
    </div>
    <div class="row-buttons">
      <button type="button" id="genre-download-solutions" disabled>Download solutions</button>
      <button type="button" id="genre-download-xlsx" disabled>Download .xlsx</button>
      <button type="button" id="genre-download-csv" disabled>Download .csv</button>
    </div>
    <div class="table-wrap">
      <table id="genre-batch-table" class="results">
        <caption class="visually-hidden">Results, one row per puzzle; choose a name to show it on the board</caption>
        <thead>
          <tr>
            <th scope="col" class="num">#</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col" class="num">ms</th>
          </tr>
        </thead>
        <tbody></tbody>
      </table>
    </div>
  </section>
  <section class="panel" id="genre-formulation" aria-labelledby="genre-formulation-heading" hidden>
    <h2 id="genre-formulation-heading">Formulation</h2>
    <div id="genre-formulation-body"></div>
  </section>
</section>
`;
