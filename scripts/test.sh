#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# npm test: the same set-up and build as npm start, then every test:
#   native (ctest: release, debug, and clang with ASan/LSan/UBSan; each replays the
#   fuzz targets' corpora), WASM in Node (Vitest), the built
#   page in headless Chromium (playwright-core + Vitest), and the npm package (packed,
#   installed offline, used from Node, its bin and a Vite app).
# Test data: gridmilp's own sets in tests/data, and the larger shared sets of
# ../shared/data (or $GRIDMILP_DATA_DIR) when present (tests/data/SOURCES.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
GRIDMILP_DEBUG_BUILD=1 bash scripts/build.sh

echo "[test] TypeScript types (tsc: page, worker, tests, package)"
npm run --silent typecheck

echo "[test] C++ formatting (clang-format, .clang-format)"
clang-format --dry-run --Werror cpp/*/*.cpp cpp/*/*.h cpp/puzzles/*/*.cpp cpp/puzzles/*/*.h tests/fuzz/*.cpp \
  tests/cpp/*.cpp tests/cpp/*.h
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
passed=0
# Runs one test suite, showing its output, and adds its passed count to the total.
run_suite() {
  local name="$1"; shift
  echo "[test] $name"
  "$@" 2>&1 | tee "$logs/out"
  local rc=${PIPESTATUS[0]}
  if [[ $rc -ne 0 ]]; then echo "[test] $name failed"; exit "$rc"; fi
  local n
  n="$(sed 's/\x1b\[[0-9;]*m//g' "$logs/out" |
       sed -n -E 's/.*tests passed, 0 tests failed out of ([0-9]+).*/\1/p; s/^ *Tests +([0-9]+) passed.*/\1/p' | tail -1)"
  if [[ -z "$n" || "$n" -eq 0 ]]; then echo "[test] $name ran no test"; exit 1; fi
  passed=$((passed + n))
}

run_suite "native (ctest, release)" ctest --preset native-release
run_suite "native (ctest, debug)" ctest --preset native-debug
echo "[test] build native-asan (clang: AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer)"
cmake --preset native-asan >/dev/null
cmake --build --preset native-asan
run_suite "native with sanitizers (ctest, native-asan; fuzz corpora replayed too)" \
  ctest --preset native-asan -j2
run_suite "WASM in Node (vitest)" node node_modules/vitest/vitest.mjs run --config vitest.wasm.config.ts
run_suite "page in headless Chromium (vitest + playwright-core)" \
  node node_modules/vitest/vitest.mjs run --config vitest.page.config.ts
run_suite "npm package: API, packed tarball, bin, Vite example (vitest)" \
  node node_modules/vitest/vitest.mjs run --config vitest.package.config.ts
echo "[test] all suites passed"
echo "$passed passed, 0 failed"
