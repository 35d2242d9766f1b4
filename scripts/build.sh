#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds everything, incrementally: the native library, CLI and tests (CMake preset
# native-release, plus native-debug with GRIDMILP_DEBUG_BUILD=1), the WASM module
# (preset wasm), copies the module into web/generated/, builds the page into dist/
# with Vite, and the one-file page into dist-single/gridmilp.html. Run
# scripts/setup.sh first (npm start and npm test do).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

log() { echo "[build] $*"; }

# Debian's emcc cannot find its own node modules without this.
export NODE_PATH=/usr/share/nodejs

cmake_build() {
  local preset="$1" dir="build/$1"
  if [[ ! -f "$dir/CMakeCache.txt" ]]; then
    log "configure $preset"
    cmake --preset "$preset" >"build-$preset.log" 2>&1 || { cat "build-$preset.log"; exit 1; }
    rm -f "build-$preset.log"
  fi
  log "build $preset"
  # (Not `cmake … | grep … || true` and PIPESTATUS: with pipefail, `|| true` runs after a
  # failed build and resets PIPESTATUS, so a compile error passed unnoticed.)
  local status=0
  cmake --build --preset "$preset" -- -j"$(nproc)" >"build-$preset.log" 2>&1 || status=$?
  grep -v '^\[' "build-$preset.log" || true
  rm -f "build-$preset.log"
  [[ $status -eq 0 ]] || { log "build $preset failed"; exit 1; }
}

mkdir -p build
cmake_build native-release
if [[ "${GRIDMILP_DEBUG_BUILD:-0}" == 1 ]]; then cmake_build native-debug; fi
cmake_build wasm

mkdir -p web/generated
for f in gridmilp_wasm.js gridmilp_wasm.wasm gridmilp_wasm_sat.js gridmilp_wasm_sat.wasm; do
  if ! cmp -s "build/wasm/$f" "web/generated/$f"; then cp "build/wasm/$f" "web/generated/$f"; fi
done

# The page: rebuilt only when a source of it is newer than dist/index.html.
if [[ -f dist/index.html ]] &&
   [[ -z "$(find web vite.config.ts package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]]; then
  log "page up to date (dist/)"
else
  log "page (vite build)"
  node node_modules/vite/bin/vite.js build --logLevel warn
fi

# The one-file page (dist-single/gridmilp.html: worker and WASM inside, works from
# file://), rebuilt only when a source of it is newer.
if [[ -f dist-single/gridmilp.html ]] &&
   [[ -z "$(find web vite.single.config.ts package-lock.json -newer dist-single/gridmilp.html -print -quit 2>/dev/null)" ]]; then
  log "one-file page up to date (dist-single/)"
else
  log "one-file page (vite build --config vite.single.config.ts)"
  node node_modules/vite/bin/vite.js build --config vite.single.config.ts --logLevel warn
fi
log "done"
