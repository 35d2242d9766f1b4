#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# npm run bench: builds what is stale, then runs scripts/bench.mjs (solvers: native,
# WASM in Node and the peers) and scripts/bench-page.mjs (click-to-board in Chromium,
# page weight), scripts/bench-genres.mjs (the killer and jigsaw sets, native and
# WASM; the ten pencil genres' sets too) and scripts/bench-explain.mjs (why no
# solution?, both routes; 1, 2 and 3 wrong digits by CNF-SAT; scripts/bench-explain-clues.mjs
# for the clue genres' 1, 2 and 3 wrong clues) and scripts/bench-sheets.mjs (reading and writing spreadsheets),
# scripts/bench-workers.mjs (solveMany on worker threads), scripts/bench-page-genres.mjs
# (each genre's first solve on the page, and its weight) and scripts/bench-page-batch.mjs
# (a page batch on one worker and on several). Figures, not tests. Before bench.mjs it
# makes build/bench/generated-hard1000.txt when missing (scripts/make-hard-set.mjs).
# Arguments go to bench.mjs; --no-page skips the page; --genres runs the genres'
# benchmark alone, --explain the explainer's alone, --sheets the spreadsheets' alone.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh >/dev/null
bash scripts/build.sh >/dev/null
page=1
args=()
for a in "$@"; do
  if [[ "$a" == "--no-page" ]]; then page=0;
  elif [[ "$a" == "--genres" ]]; then node scripts/bench-genres.mjs --textbook; exit 0;
  elif [[ "$a" == "--explain" ]]; then
    node scripts/bench-explain.mjs --bnb && node scripts/bench-explain.mjs --planted 2,3 &&
      node scripts/bench-explain-clues.mjs; exit $?;
  elif [[ "$a" == "--sheets" ]]; then node scripts/bench-sheets.mjs; exit $?;
  else args+=("$a"); fi
done
# gridmilp's own hard 9×9 set, made from seeds once (about 35 s on 2 cores).
[[ -f build/bench/generated-hard1000.txt ]] || node scripts/make-hard-set.mjs
node scripts/bench.mjs "${args[@]}"
echo
npm run -s build:package >/dev/null 2>&1
node scripts/bench-workers.mjs
echo
node scripts/bench-genres.mjs
echo
node scripts/bench-explain.mjs --bnb
node scripts/bench-explain.mjs --planted 2,3
node scripts/bench-explain-clues.mjs
echo
node scripts/bench-sheets.mjs
if [[ $page -eq 1 ]]; then
  echo
  node scripts/bench-page.mjs
  echo
  node scripts/bench-page-genres.mjs
  echo
  node scripts/bench-page-batch.mjs
fi
